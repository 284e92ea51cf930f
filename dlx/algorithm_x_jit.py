"""Algorithm X's loop for a tracing JIT (PyPy): Knuth's DLX1, shaped for the JIT.

The other loop forms of Algorithm X were made for CPython's interpreter,
where each bytecode costs and C code that scans bytes is cheap: they find
the item to branch on with ``bytes.find`` in a bytearray of sizes, keep a
snapshot of the sizes per level, and (the packed forms) hold every size in
one big integer.  Under PyPy's JIT the arithmetic and the list accesses of
the loop become machine code, and what costs is what the JIT cannot
compile away: copies of arrays, big integers, boxed integers in tuples,
and inner loops of two to five turns (a tracing JIT compiles each loop
apart and pays at every exit from an inner one).  So this form
(``"jit"``, :data:`dlx.algorithms.PREFERRED_FORMS` gives it to PyPy) is
Knuth's program with a list of integers for each of his arrays:

* the lengths are plain integers in a list of the loop's own
  (``length``, Knuth's LEN), every item that is not an active primary
  item carrying :data:`COVERED` more (covering adds it, uncovering takes
  it off, a secondary item has it from the start); step X3 is then
  ``min(length)`` and ``length.index(...)``, which PyPy runs as compiled
  loops over unboxed integers: the leftmost active item of fewest
  options, Knuth's choice, and no active item when the minimum is
  :data:`COVERED` or more;
* every hide is undone node by node, as Knuth does: no snapshots;
* the other nodes of an option come from one flat list of node numbers,
  each option's nodes twice over (:class:`JitTables`: ``ring``, and the
  place of each node in it), not from tuples; when every option has the
  same width (queens, Langford pairs, sudoku, pentominoes) the loops over
  them are written out straight (:func:`unrolled`, as the packed form
  does, from the source as text), which is where most of the gain is.

Measured on PyPy 7.3.19 (CPU seconds of the search alone, the JIT warm),
this form runs 2–3× as fast as the plain one on 12-queens, Langford
pairs 11, the pentominoes 3×20, 100 hard 9×9 sudoku and a dense problem
(the 455 three-item subsets of 15 items); without the unrolling (mixed
widths, or ``Links.unroll`` false) 1.1–2.1×.  What did not pay:

* Knuth's doubly linked list of the active items, walked for X3: 5–14 %
  faster on queens, Langford pairs and the dense problem, where few items
  are primary, but 12 % slower on hard sudoku warm and 30 % cold, and no
  faster on the pentominoes (a walk of a linked list waits on each load;
  ``min`` and ``index`` run through the list);
* snapshots of the lengths per level (5–25 % slower);
* the siblings as tuples (a tuple holds boxed integers; unpacked, no
  better than the flat list);
* two ``range`` loops over the option's nodes instead of the flat list
  (faster on the pentominoes, slower on options of three or four items);
* X4 and X7 done by the loops of X5 and X6 (one cover and one uncover in
  the code instead of two of each): the same speed, but 30 % slower on
  the dense problem;
* a plain function instead of a generator for counting (no difference).

``tests/benchmarks/bench_pypy.py`` times the whole build and search
against the plain form, the pure-Python peers and CPython.  On CPython
this form is slower than the plain one; it runs there only when named
(``form="jit"``), so that the conformance suite checks it on both.

The frame's arrays keep the meaning they have for the plain form
(:mod:`dlx.links`), so Algorithm X's walker, ``fraction``, ``check`` and
``splittable`` (:mod:`dlx.algorithm_x`) serve this form too: the loop
builds its lengths from ``frame.size`` and the path when it starts (a
resume or a prefix has been replayed by then), and writes the sizes back
into ``frame.size`` whenever the search can be looked at: at a clock
check, at a solution handed out and at the end.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterator

from dlx.links import ACTIVE_BYTE, Links
from dlx.stats import Outcome

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from dlx.frame import Frame

__all__ = [
    "COVERED",
    "MAX_UNROLL",
    "SHARED_MAX_NODES",
    "JitTables",
    "prefer",
    "prepare",
    "run",
    "run_loop",
    "tables_of",
    "unrolled",
]

#: Options up to this width get a loop of their own with the loops over
#: their other nodes written out; wider ones (and mixed widths) run the
#: loop as written.
MAX_UNROLL = 16

#: What the loop's lengths carry more for an item that is not an active
#: primary item, per cover (more than any list is long).
COVERED = 1 << 40


class JitTables:
    """The read-only tables of the form for one problem, shared by its searches.

    Their node numbers are counted from the problem's first node
    (``links.n_items + 1``, the headers before it), so that problems whose
    options all have one width share one set (:func:`tables_of`):

    * ``ring``: every option's nodes in order, twice over, one option
      after another (Knuth's nodes without spacers), each less the first
      node;
    * ``place[x - first]``: where the other nodes of ``x``'s option
      start in ``ring``, so that they are ``first`` more than
      ``ring[place[x - first] : place[x - first] + span[x]]``, going
      right from ``x`` round the option (``Links.others[x]``);
    * ``width``: the number of items of every option, or 0 when they
      differ.

    >>> from dlx import ExactCover
    >>> links = ExactCover("abc", options=[["a", "b"], ["b", "c"]]).links()
    >>> tables = JitTables(links)
    >>> tables.ring, tables.place, tables.width
    ([0, 1, 0, 1, 2, 3, 2, 3], [1, 2, 5, 6], 2)
    """

    __slots__ = ("place", "ring", "width")

    def __init__(self, links: Links) -> None:
        span = links.span
        total = len(links.top)
        first = links.n_items + 1
        count = total - first
        width = _one_width(links)
        if width:
            self._fill(width, count)
            return
        place = [0] * count
        ring: list[int] = []
        widths = set()
        x = 0
        while x < count:
            width = span[first + x] + 1
            nodes = range(x, x + width)
            start = len(ring) + 1
            place[x : x + width] = range(start, start + width)
            ring += nodes
            ring += nodes
            widths.add(width)
            x += width
        self.ring = ring
        self.place = place
        self.width = widths.pop() if len(widths) == 1 else 0

    @classmethod
    def of_width(cls, width: int, count: int) -> JitTables:
        """The tables of ``count`` nodes in options of ``width`` items each (any problem's first ``count``).

        >>> JitTables.of_width(2, 4).ring
        [0, 1, 0, 1, 2, 3, 2, 3]
        """
        tables = cls.__new__(cls)
        tables._fill(width, count)
        return tables

    def _fill(self, width: int, count: int) -> None:
        """Make the tables for ``count`` nodes in options of ``width`` items."""
        # By slices, a few per place in an option (a cold PyPy runs a loop
        # per option at interpreter speed).  The slices are of lists, not
        # ranges: PyPy assigns a range slice item by item, at twice the
        # cost (0.1 ms a 16x16 puzzle, then 0.055).
        step = 2 * width
        numbers = list(range(count))
        ring = [0] * (2 * count)
        place = [0] * count
        for j in range(width):
            column = numbers[j::width]
            ring[j::step] = column
            ring[width + j :: step] = column
            place[j::width] = list(range(j + 1, 2 * count, step))
        self.ring = ring
        self.place = place
        self.width = width


#: Problems whose options all have one width and that have at most this
#: many nodes share the tables of their width (:func:`tables_of`): sudoku
#: makes a problem per puzzle, and the tables cost a 16x16 puzzle 0.07 ms
#: on PyPy, a third of its search.  Larger problems make their own.
SHARED_MAX_NODES = 1 << 17

# The shared tables, by width (each for at least as many nodes as asked).
_SHARED: dict[int, JitTables] = {}


def _one_width(links: Links) -> int:
    """The number of items of every option of ``links``, or 0 when they differ (or none)."""
    span = links.span
    total = len(span)
    count = total - links.n_items - 1
    last = span[-1]
    # The headers' spans are 0: one count of the last node's span tells
    # whether every option has its width (no slice of the spans).
    if count and span.count(last) == (count if last else total):
        return last + 1
    return 0


def tables_of(links: Links) -> JitTables:
    """The problem's :class:`JitTables`, made by its first search and kept in ``links.cache``.

    Those of a problem whose options all have one width, with at most
    :data:`SHARED_MAX_NODES` nodes, are shared with every such problem
    (made for at least twice as many nodes when they grow).

    >>> from dlx import ExactCover
    >>> one = ExactCover.from_rows([[0, 1], [1, 2]], n_primary=3).links()
    >>> other = ExactCover.from_rows([[0, 2]], n_primary=4).links()
    >>> tables_of(one) is tables_of(other)
    True
    """
    tables = links.cache.get("jit")
    if tables is None:
        count = len(links.top) - links.n_items - 1
        width = _one_width(links) if count <= SHARED_MAX_NODES else 0
        if width:
            tables = _SHARED.get(width)
            if tables is None or len(tables.place) < count:
                room = max(count, 0 if tables is None else 2 * len(tables.place))
                room = max(count, min(room, SHARED_MAX_NODES // width * width))
                tables = _SHARED[width] = JitTables.of_width(width, room)
        else:
            tables = JitTables(links)
        links.cache["jit"] = tables
    assert isinstance(tables, JitTables)
    return tables


def prefer(links: Links) -> bool:
    """Whether the dispatcher may give this form a problem unasked: yes, any it runs.

    It comes after the plain form, which runs every problem it does, so
    only :data:`dlx.algorithms.PREFERRED_FORMS` gives it one (on PyPy);
    elsewhere it runs when named (``form="jit"``).  (The answer does not
    ask which interpreter runs: the tests choose for other interpreters by
    replacing ``dlx.algorithms.sys``.)
    """
    return True


def prepare(frame: Frame) -> None:
    """Make the per-search state of the form: none (the loop builds its lengths when it starts)."""
    frame.state = None


if TYPE_CHECKING:
    Runner = Callable[[Frame, bool, JitTables], Iterator[tuple[int, ...]]]


def run(frame: Frame, count_only: bool) -> Iterator[tuple[int, ...]]:
    """Algorithm X for problems without colours, Knuth's shape: the loop unrolled where it can be.

    :param frame: the search whose arrays the loop works on.
    :param count_only: count the solutions without yielding them.
    :returns: the generator of solutions (sorted option indices).

    >>> from dlx import ExactCover, Search
    >>> links = ExactCover("ab", options=[["a", "b"], ["a"], ["b"]]).links()
    >>> search = Search(links, form="jit")
    >>> list(search), search.stats
    ([(0,), (1, 2)], Stats(nodes=4, updates=4, cleansings=0, solutions=2))
    """
    links = frame.links
    tables = tables_of(links)
    width = tables.width
    runner = None
    if links.unroll and 1 <= width <= MAX_UNROLL:
        runner = unrolled(width)
    return (runner or run_loop)(frame, count_only, tables)


def _lengths(frame: Frame, tables: JitTables) -> list[int]:
    """The loop's lengths, as ``frame.size`` and the path leave them.

    Each item's length, plus :data:`COVERED` for a secondary item and for
    each time the path has covered the item (once for a primary item that
    is not active, once more for a covered secondary one); then the spare
    header's, :data:`COVERED` (its size is 0, as in ``frame.size``).
    """
    links = frame.links
    n = links.n_items
    primary = links.n_primary
    top = links.top
    span = links.span
    ring = tables.ring
    place = tables.place
    offset = links.active_offset
    if links.bytewise:
        length = [v - offset if v >= ACTIVE_BYTE else v for v in frame.size[:n]]
    else:
        length = [v - offset if v < 0 else v for v in frame.size[:n]]
    # The secondary items, and the spare header (dlx.links), which makes
    # the list non-empty when a problem has no items.
    length[primary:] = [v + COVERED for v in length[primary:]]
    length.append(COVERED)
    first = n + 1
    for node in [*frame.base, *frame.stack]:
        start = place[node - first]
        others = ring[start : start + span[node]]
        for item in [top[node], *[top[first + x] for x in others]]:
            length[item] += COVERED
    return length


def _publish(size: bytearray | list[int], length: list[int], offset: int) -> None:
    """Write the loop's lengths into the frame's sizes, shifted as :mod:`dlx.links` says."""
    size[: len(length)] = [v + offset if v < COVERED else v % COVERED for v in length]


def run_loop(
    frame: Frame, count_only: bool, tables: JitTables
) -> Iterator[tuple[int, ...]]:
    """Algorithm X (Knuth's DLX1) over lengths of the loop's own.

    The steps are Knuth's, as in :func:`dlx.algorithm_x.run`.  The loops
    over ``range(k, k + span[row])`` (hide and unhide) are the ones
    :func:`unrolled` writes out: keep their shape when changing them.

    :param frame: the search whose arrays the loop works on.
    :param count_only: count the solutions without yielding them.
    :param tables: the problem's tables.
    :returns: the generator of solutions (sorted option indices).
    """
    links = frame.links
    up = frame.up
    down = frame.down
    size = frame.size
    top = links.top
    span = links.span
    option_of = links.option_of
    ring = tables.ring
    place = tables.place
    first = links.n_items + 1  # the tables count the nodes from here
    stats = frame.stats
    limit = frame.limit
    offset = links.active_offset
    at_random = frame.choose_at_random if frame.rng is not None else None
    none = links.n_items  # the item X3 takes when none is left
    length = _lengths(frame, tables)
    covered = COVERED
    smallest = min
    index = length.index
    # The chosen node of each level (dlx.position may have filled it in,
    # and the options of a fixed prefix in `fixed`); no snapshots per level.
    stack = frame.stack
    push = stack.append
    pop = stack.pop
    fixed = [option_of[x] for x in frame.base]
    del frame.saves[:]
    started = time.perf_counter()
    nodes = stats.nodes
    updates = stats.updates
    found = stats.solutions
    check_at = frame.tick(nodes + 1, started)
    while True:
        # X2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.updates = updates
            stats.solutions = found
            _publish(size, length, offset)
            check_at = frame.tick(nodes, started)
        # X3: the leftmost active primary item of fewest options (Knuth
        # stops looking at a length of 0, where min() and index() go on).
        fewest = smallest(length)
        item = none if fewest >= covered else index(fewest)
        if item == none or not fewest:
            if item == none:
                found += 1
                # Counting hands nothing out: the loop goes on at once.
                if not count_only or found == limit:
                    stats.nodes = nodes
                    stats.updates = updates
                    stats.solutions = found
                    _publish(size, length, offset)
                    if not count_only:
                        yield tuple(sorted([option_of[x] for x in stack] + fixed))
                if found == limit:
                    frame.outcome = Outcome.LIMIT_REACHED
                    return
            else:
                # A dead end: Knuth covers the empty item, an update.
                updates += 1
            # X8/X6/X7: back up to the deepest level with an option left.
            while True:
                if not stack:
                    stats.nodes = nodes
                    stats.updates = updates
                    stats.solutions = found
                    _publish(size, length, offset)
                    frame.outcome = Outcome.EXHAUSTED
                    return
                chosen = pop()
                # X6: uncover the other items of the option, right to left.
                t = place[chosen - first]
                for j in range(t + span[chosen] - 1, t - 1, -1):
                    item = top[first + ring[j]]
                    row = up[item]
                    while row != item:
                        k = place[row - first]
                        for i in range(k, k + span[row]):
                            y = first + ring[i]
                            down[up[y]] = y
                            up[down[y]] = y
                            length[top[y]] += 1
                        row = up[row]
                    length[item] -= covered
                item = top[chosen]
                chosen = down[chosen]
                if chosen != item:
                    break
                # X7: uncover(item)
                row = up[item]
                while row != item:
                    k = place[row - first]
                    for i in range(k, k + span[row]):
                        y = first + ring[i]
                        down[up[y]] = y
                        up[down[y]] = y
                        length[top[y]] += 1
                    row = up[row]
                length[item] -= covered
        else:
            if at_random is not None:
                _publish(size, length, offset)
                item = at_random(fewest + offset, size)
            # X4: cover(item)
            length[item] += covered
            updates += 1
            row = down[item]
            while row != item:
                k = place[row - first]
                updates += span[row]
                for i in range(k, k + span[row]):
                    y = first + ring[i]
                    above = up[y]
                    below = down[y]
                    down[above] = below
                    up[below] = above
                    length[top[y]] -= 1
                row = down[row]
            chosen = down[item]
        # X5: try option `chosen`: cover its other items, left to right.
        t = place[chosen - first]
        for j in range(t, t + span[chosen]):
            item = top[first + ring[j]]
            length[item] += covered
            updates += 1
            row = down[item]
            while row != item:
                k = place[row - first]
                updates += span[row]
                for i in range(k, k + span[row]):
                    y = first + ring[i]
                    above = up[y]
                    below = down[y]
                    down[above] = below
                    up[below] = above
                    length[top[y]] -= 1
                row = down[row]
        push(chosen)


# The loops unrolled() writes out: `for i in range(k, k + span[row])`,
# hide twice and unhide twice.
_LOOPS = 4


def _written_out(lines: list[str], count: int) -> str:
    """The source of :func:`run_loop` in its module's ``lines``, its loops over ``i`` written out ``count`` times.

    Each ``for i in range(k, k + span[row]):`` line becomes ``i = k``, its
    body's lines hold the body (dedented), and the last of them the other
    copies, each after ``i = k + t``, joined by semicolons (the body is
    simple statements, one a line); ``span[row]`` elsewhere becomes
    ``count``.  Blank lines before the function keep its line numbers.

    :raises ValueError: when the function at its code's first line is not
        ``run_loop`` (the file changed since this module was imported), or
        its loops over ``i`` are not :data:`_LOOPS` loops of that shape.
    """
    first = run_loop.__code__.co_firstlineno - 1
    end = first + 1
    while end < len(lines) and not (lines[end][:1].isalpha() or lines[end][:1] in "#@"):
        end += 1
    own = lines[first:end]
    if not own or not own[0].startswith("def run_loop("):
        raise ValueError("run_loop is not where its code object says")
    out = ["\n"] * first
    loops = 0
    k = 0
    while k < len(own):
        line = own[k]
        text = line.strip()
        if not text.startswith("for i in range("):
            out.append(line.replace("span[row]", str(count)))
            k += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        start, _, stop = text[len("for i in range(") :].partition(", ")
        if stop != f"{start} + span[row]):" or not start.isidentifier():
            raise ValueError(f"not a loop to write out: {text}")
        body: list[str] = []
        k += 1
        while k < len(own) and own[k].startswith(indent + "    "):
            statement = own[k].strip()
            if statement.endswith(":") or "#" in statement or ";" in statement:
                raise ValueError(f"not a simple statement: {statement}")
            body.append(statement)
            k += 1
        if not body:
            raise ValueError(f"a loop without a body: {text}")
        loops += 1
        if not count:
            out.append(f"{indent}pass\n")
            out += ["\n"] * len(body)
            continue
        out.append(f"{indent}i = {start}\n")
        out += [f"{indent}{statement}\n" for statement in body[:-1]]
        rest = [body[-1]]
        for t in range(1, count):
            rest += [f"i = {start} + {t}", *body]
        out.append(indent + "; ".join(rest) + "\n")
    if loops != _LOOPS:
        raise ValueError(f"{loops} loops over i, not {_LOOPS}")
    return "".join(out)


@functools.cache
def unrolled(width: int) -> Runner | None:
    """:func:`run_loop` for options of ``width`` items, the loops over their nodes written out.

    Made once per width (cached) from the source of :func:`run_loop`:
    each ``for i in range(k, k + span[row]): body`` becomes ``i = k``,
    ``body``, ``i = k + 1``, ``body``..., ``width - 1`` times, and
    ``span[row]`` the constant ``width - 1``; the result runs with this
    file's name and line numbers (the copies after the first on the
    body's last line).  The source is rewritten as text and compiled once
    (``_written_out``): through :mod:`ast` it cost a cold PyPy 7 ms a
    width (2 ms of it to import ast), as text 2 ms.

    :param width: the number of items of every option (at least 1).
    :returns: a function like :func:`run_loop`, or ``None`` when the
        source code of this module cannot be read, or is not that of the
        loop this process imported.

    >>> unrolled(3).__name__
    'run_loop_width_3'
    """
    filename = run_loop.__code__.co_filename
    name = f"run_loop_width_{width}"
    try:
        with open(filename, encoding="utf-8") as handle:
            lines = handle.read().splitlines(keepends=True)
        text = _written_out(lines, width - 1).replace(
            "def run_loop(", f"def {name}(", 1
        )
        # This module's `from __future__ import annotations` goes on.
        code = compile(text, filename, "exec")
    except (OSError, SyntaxError, ValueError):
        # No source, or not the source of the loop this process runs (the
        # file changed since it was imported): the loop as written.
        return None
    namespace: dict[str, Any] = {}
    exec(code, globals(), namespace)
    runner = namespace[name]
    runner.__qualname__ = name
    made: Runner = runner
    return made
