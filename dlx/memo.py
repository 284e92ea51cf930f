"""Memoised search: count solutions and build a ZDD of them (algorithm DXZ).

Plain dancing links visits every node of the search tree.  Many problems,
tilings above all, have trees far too large for that but few *different*
subproblems: after placing dominoes on the first rows of a board, what is
left depends only on which cells are still free, not on how the rows were
filled.  Nishino, Yasuda, Minato and Nagata ("Dancing with Decision
Diagrams", AAAI 2017, algorithm DXZ; Knuth's DLX6 does the same) cache the
result of each subproblem under a key that identifies it, and build a
zero-suppressed decision diagram (ZDD) of all solutions as they go.

The key
-------

A subproblem is the set of options still in the lists together with the
state of the items they use.  It is identified by

* the active primary items (all of them must still be covered), and
* the secondary items that some remaining option still uses and that are
  still free, and
* each purified secondary item with its colour (remaining options may
  still use it, with that colour only).

Keying on the primary items alone is wrong: in 8-queens two placements can
leave the same rows and columns open but different diagonals, and would give
64 solutions instead of 92.  Free secondary items that no remaining option
uses are left out, so states that differ only there share an entry.

The key is one integer, kept up to date by exclusive-or as the search
covers items, never scanned: bit ``i`` is set while primary item ``i`` is
active or secondary item ``i`` is free and used (its list length is
non-zero; the bit flips when a hide takes the length to 0), and for a
purified secondary item the colour code sits in a field of its own above
the item bits.  Backing up restores the key saved on the level.

The diagram
-----------

A node of the diagram is ``(option, lo, hi)``: the solutions that contain
``option`` (and the solutions of ``hi`` with it), or else those of ``lo``.
Node 0 is the empty family (the bottom terminal) and node 1 the family
holding the empty solution (the top terminal).  A subproblem that branches on an item with options
``o1 .. ok`` becomes the chain ``(o1, (o2, ..., 0), hi1)``, leaving out
options whose subproblem has no solution (zero suppression).  Every path
to node 1 is one solution and distinct paths give distinct solutions, so
counting is a sum over the nodes (done as they are made, with exact
integers) and sampling walks down taking ``hi`` with probability
``count(hi) / count(node)``.  Nodes are not shared beyond what the cache
shares (no unique table), which keeps memory linear in the number of
nodes: four list entries each.

Memory
------

Each cache entry costs its key (an integer of one bit per item) and a
dictionary slot; each diagram node four list slots and its count.  The
search stops with :class:`dlx.BudgetExceeded`
(:attr:`~dlx.Outcome.OUT_OF_MEMORY`) before the cache passes
``max_entries`` entries or the estimate passes ``max_bytes``.
"""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Callable, Iterator

from dlx.clock import Clocked
from dlx.links import ACTIVE_BYTE, Links
from dlx.stats import Outcome, Progress, Stats, check_whole, remaining_seconds

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random
    from typing import Literal, Self

__all__ = [
    "DEFAULT_MAX_BYTES",
    "UNSUPPORTED",
    "MemoSearch",
    "WholeCount",
    "Zdd",
    "capped",
]

#: Why memoised search (``method="memo"``, :meth:`dlx.ExactCover.zdd`)
#: refuses bounds: its memo of subproblems keys on the items left, not on
#: their bounds.  :mod:`dlx.algorithms` words its refusals with it.
UNSUPPORTED = "not supported for a problem with bounds on its items (Algorithm M) yet"

#: The memory budget of a memoised search unless told otherwise: 1 GiB.
DEFAULT_MAX_BYTES = 1 << 30

# Estimated bytes per cache entry beyond its key (dictionary slot and
# growth, the value, the search's own arrays spread over the entries), and
# per diagram node (four list slots, the int objects of its number and
# count).  Measured as tracemalloc's peak on dominoes 12×12, L-trominoes
# 9×9 and the empty 4×4 sudoku: 50–95 bytes per entry beyond a key of
# 40–44 bytes, 65 per node; rounded up.
_ENTRY_BYTES = 100
_NODE_BYTES = 70


class Zdd:
    """A zero-suppressed decision diagram of all solutions of a problem.

    Made by :meth:`dlx.ExactCover.zdd` (or :meth:`MemoSearch.zdd`).  It
    holds every solution of the problem in a shared form: :meth:`count`
    says how many there are (exactly, however many), iterating gives them
    one by one (lazily, as sorted tuples of option indices like a search
    does), and :meth:`sample` draws them uniformly at random.  :attr:`size`
    is the number of decision nodes, which bounds its memory.

    :param label: the option of each node (-1 for the two terminals).
    :param lo: the node each node leads to without its option.
    :param hi: the node each node leads to with its option.
    :param counts: the number of solutions below each node.
    :param root: the node of the whole problem.
    :raises ValueError: when the lists are not of one length or lack the
        terminals (nodes 0 and 1).

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> diagram = problem.zdd()
    >>> diagram.count(), sorted(diagram), diagram.size
    (2, [(0, 1), (2,)], 3)
    """

    __slots__ = ("_counts", "_hi", "_label", "_lo", "root")

    def __init__(
        self,
        label: list[int],
        lo: list[int],
        hi: list[int],
        counts: list[int],
        root: int,
    ) -> None:
        if not len(label) == len(lo) == len(hi) == len(counts) >= 2:
            raise ValueError("a diagram needs nodes 0 and 1 and lists of one length")
        if not 0 <= root < len(label):
            raise ValueError(f"root {root} is not a node")
        self._label = label
        self._lo = lo
        self._hi = hi
        self._counts = counts
        self.root = root

    @property
    def size(self) -> int:
        """The number of decision nodes (the two terminals not included).

        >>> from dlx import ExactCover
        >>> ExactCover("a", options=[["a"], ["a"]]).zdd().size
        2
        """
        return len(self._label) - 2

    def count(self) -> int:
        """The number of solutions, exactly (a Python integer of any size).

        :returns: the count, computed as the diagram was built.

        >>> from dlx import ExactCover
        >>> ExactCover("ab", options=[["a"], ["b"]]).zdd().count()
        1
        """
        return self._counts[self.root]

    def node(self, number: int) -> tuple[int, int, int]:
        """Node ``number`` as ``(option, lo, hi)`` (``(-1, 0, 0)`` for a terminal).

        :param number: a node number, 0 (no solution), 1 (the empty solution) or a decision node.
        :returns: its option, and the nodes without and with it.
        :raises IndexError: when there is no such node.
        :raises TypeError: when ``number`` is not a whole number.

        >>> from dlx import ExactCover
        >>> diagram = ExactCover("a", options=[["a"]]).zdd()
        >>> diagram.node(diagram.root)
        (0, 0, 1)
        """
        check_whole(number, "a node number")
        if number < 0:
            raise IndexError(f"node {number} is negative")
        if number >= len(self._label):
            raise IndexError(
                f"node {number} is out of range: the diagram has "
                f"{len(self._label)} nodes"
            )
        return self._label[number], self._lo[number], self._hi[number]

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        """Every solution once, lazily, as a sorted tuple of option indices.

        The walk keeps a stack as long as the path it is on, not the
        solutions: memory stays proportional to the deepest path.

        >>> from dlx import ExactCover
        >>> list(ExactCover("ab", options=[["a", "b"]]).zdd())
        [(0,)]
        """
        label, lo, hi = self._label, self._lo, self._hi
        chosen: list[int] = []
        # Pending lo branches: (node, how many options were chosen above it).
        pending = [(self.root, 0)]
        while pending:
            node, depth = pending.pop()
            del chosen[depth:]
            while node > 1:
                if lo[node]:
                    pending.append((lo[node], len(chosen)))
                chosen.append(label[node])
                node = hi[node]
            if node == 1:
                yield tuple(sorted(chosen))

    def sample(self, k: int = 1, *, seed: int | None = None) -> list[tuple[int, ...]]:
        """Draw ``k`` solutions uniformly at random, independently (with replacement).

        The first ``k`` solutions of :meth:`samples` with the same ``seed``.

        :param k: how many solutions to draw.
        :param seed: seed of a private :class:`random.Random`; ``None``
            draws from a fresh, unpredictable one.
        :returns: the solutions, as sorted tuples of option indices.
        :raises ValueError: when ``k`` is negative, or positive and the
            problem has no solution.
        :raises TypeError: when ``k`` or ``seed`` is not a whole number.

        >>> from dlx import ExactCover
        >>> diagram = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).zdd()
        >>> diagram.sample(3, seed=1)
        [(0, 1), (2,), (2,)]
        """
        check_whole(k, "k", least=0)
        if not k:
            return []
        return list(itertools.islice(self.samples(seed=seed), k))

    def samples(self, *, seed: int | None = None) -> Iterator[tuple[int, ...]]:
        """Solutions drawn uniformly at random, independently, one at a time, forever.

        Each draw walks from the root, taking a node's option with
        probability (solutions with it) / (solutions below the node), with
        exact integer arithmetic, so every solution has probability
        exactly 1 / :meth:`count`.  A draw costs one step per option of
        the diagram's longest path and keeps nothing once handed out, so
        any number of them can be drawn in constant memory.

        :param seed: seed of a private :class:`random.Random`; ``None``
            draws from a fresh, unpredictable one.
        :returns: an endless iterator of solutions, as sorted tuples of
            option indices.
        :raises ValueError: when the problem has no solution (on the
            first draw).

        >>> from itertools import islice
        >>> from dlx import ExactCover
        >>> diagram = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).zdd()
        >>> list(islice(diagram.samples(seed=1), 3))
        [(0, 1), (2,), (2,)]
        """
        if seed is not None:
            check_whole(seed, "seed")
        if not self.count():
            raise ValueError("the problem has no solution to sample")
        import random  # here and below: only sampling and a seed need it

        below = random.Random(seed).randrange
        label, lo, hi, counts = self._label, self._lo, self._hi, self._counts
        root = self.root
        while True:
            chosen = []
            node = root
            while node > 1:
                if below(counts[node]) < counts[hi[node]]:
                    chosen.append(label[node])
                    node = hi[node]
                else:
                    node = lo[node]
            chosen.sort()
            yield tuple(chosen)

    def __repr__(self) -> str:
        return f"<Zdd: {self.count()} solutions, {self.size} nodes>"


def capped(total: int, limit: int | None) -> tuple[int, bool]:
    """A memoised count as a search stopped at ``limit`` gives it, and whether it stopped.

    Memoised search counts every solution at once; a limit caps what it
    reports, and reaching the limit counts as stopping there, as it does
    for every other way (so ``--json`` says ``complete: false``).

    >>> capped(36, 10), capped(36, 36), capped(36, None)
    ((10, True), (36, True), (36, False))
    """
    if limit is not None and total >= limit:
        return limit, True
    return total, False


class WholeCount:
    """A count made in one call, as every run of :mod:`dlx.ways` is driven (:class:`dlx.ways.Run`).

    Memoised search counts every solution at once, in one call of
    ``count``, not one solution after another: a :class:`MemoSearch`,
    and the orbits by Burnside's lemma (:class:`dlx.symmetry.BurnsideCount`,
    one memoised count per symmetry).  This mix-in gives such a count
    what the runs of the other ways have:

    * a ``limit`` caps the count that ``count`` returns, and reaching it
      counts as stopping there (``outcome``:
      :attr:`~dlx.Outcome.LIMIT_REACHED`), as in every way of searching
      (:func:`capped`); ``stats.solutions`` stays the whole count;
    * iterating it counts (unless ``count`` has) and hands out nothing,
      as a search made with ``count_only`` does: the count is then in
      ``stats.solutions``;
    * :meth:`close` has nothing to end.

    A class that mixes it in sets ``limit`` and ``outcome``, leaves
    ``_counted`` at ``None`` until it counts, and returns its count
    through ``_capped``.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> search = MemoSearch(problem.links(), limit=1)
    >>> isinstance(search, WholeCount)
    True
    >>> search.count(), search.outcome.name, search.stats.solutions
    (1, 'LIMIT_REACHED', 2)
    >>> search = MemoSearch(problem.links())
    >>> list(search), search.stats.solutions
    ([], 2)
    """

    limit: int | None
    outcome: Outcome
    #: The count as ``count`` returned it; ``None`` before.
    _counted: int | None

    def count(self) -> int:
        """Count every solution in one call (the subclass's)."""
        raise NotImplementedError

    def _capped(self, total: int) -> int:
        """``total``, all the solutions, as ``count`` returns it (:func:`capped`); the outcome."""
        found, reached = capped(total, self.limit)
        self._counted = found
        self.outcome = Outcome.LIMIT_REACHED if reached else Outcome.EXHAUSTED
        return found

    def __iter__(self) -> Self:
        return self

    def __next__(self) -> tuple[int, ...]:
        """Count, if not yet counted; hand out nothing."""
        if self._counted is None:
            self.count()
        raise StopIteration

    def close(self) -> None:
        """End the count: it runs whole in one call, so there is nothing to end."""


class MemoSearch(WholeCount, Clocked):
    """One memoised search (algorithm DXZ) over a problem: a count or a ZDD.

    Made by :meth:`dlx.ExactCover.count` (``method="memo"``) and
    :meth:`dlx.ExactCover.zdd`; build one yourself to see its statistics.
    Call :meth:`count` or :meth:`zdd` once.  It owns copies of the
    problem's mutable arrays and its own cache, so searches never disturb
    each other.  The search is iterative (no recursion limit).

    ``stats`` counts nodes (cache hits included) and updates with
    Knuth's definitions, as for a plain search, but of the memoised tree,
    which is far smaller; ``stats.solutions`` is the count once finished.
    ``entries`` is the number of cached subproblems and ``hits`` the
    number of nodes answered from the cache.

    A count is a run like those of the other ways (:class:`dlx.ways.Run`,
    :func:`dlx.ways.memo_search` makes it): iterating it counts and hands
    out nothing, as a search with ``count_only`` does; ``limit`` caps the
    count; :meth:`request_stop` stops it and ``close`` has nothing to end.

    :param links: the compiled problem.
    :param branching: ``"mrv"``: branch on the active primary item with the
        fewest options (ties to the leftmost, as plain search does);
        ``"first"``: on the first active primary item in declaration
        order.  ``"first"`` suits tilings whose items are the cells in
        reading order: the open cells then form a frontier and far more
        subproblems coincide.  See :doc:`howto/memo`.
    :param max_nodes: stop with :class:`~dlx.BudgetExceeded` rather than
        enter more than this many search nodes.
    :param timeout: stop with :class:`~dlx.BudgetExceeded` after about this
        many seconds (the clock is read every 1,024 nodes).
    :param seed: with ``"mrv"``, break ties among items of equal size at
        random with a private :class:`random.Random` seeded by this value
        (the count is the same; the diagram and the statistics may differ).
    :param max_entries: stop with :class:`~dlx.BudgetExceeded`
        (:attr:`~dlx.Outcome.OUT_OF_MEMORY`) rather than cache more
        subproblems than this.
    :param max_bytes: stop the same way when the estimated memory of the
        cache and the diagram would pass this many bytes
        (:data:`dlx.memo.DEFAULT_MAX_BYTES` by default; ``None``: no limit).
    :param progress: called with a :class:`~dlx.Progress` about every
        ``progress_interval`` seconds, and once at the end; ``solutions``
        there counts the solutions of the subproblems finished so far.
    :param progress_interval: seconds between two progress reports.
    :param limit: :meth:`count` returns at most this many (it counts every
        solution all the same; ``stats.solutions`` is the whole count),
        and reaching it is an outcome of
        :attr:`~dlx.Outcome.LIMIT_REACHED`, as a search stopped at its
        limit has; not for :meth:`zdd`, whose diagram holds every solution.
    :raises ValueError: on a negative budget or limit, or an unknown
        ``branching``.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("abc", options=[["a"], ["b"], ["c"], ["a", "b"]])
    >>> search = MemoSearch(problem.links(), branching="first")
    >>> search.count(), search.entries, search.stats.nodes
    (2, 3, 5)
    """

    def __init__(
        self,
        links: Links,
        *,
        branching: Literal["mrv", "first"] = "mrv",
        max_nodes: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
        max_entries: int | None = None,
        max_bytes: int | None = DEFAULT_MAX_BYTES,
        progress: Callable[[Progress], object] | None = None,
        progress_interval: float = 1.0,
        limit: int | None = None,
    ) -> None:
        if branching not in ("mrv", "first"):
            raise ValueError(f"branching must be 'mrv' or 'first', not {branching!r}")
        if links.bound is not None:
            raise ValueError(f"memoised search is {UNSUPPORTED}")
        for name, value in (
            ("max_nodes", max_nodes),
            ("timeout", timeout),
            ("max_entries", max_entries),
            ("max_bytes", max_bytes),
            ("limit", limit),
        ):
            if value is not None and value < 0:
                raise ValueError(f"{name} must be >= 0, not {value}")
        if not progress_interval > 0:
            raise ValueError(f"progress_interval must be > 0, not {progress_interval}")
        self.links = links
        self.branching: Literal["mrv", "first"] = branching
        self.stats = Stats()
        self.outcome = Outcome.RUNNING
        self.entries = 0
        self.hits = 0
        self.limit = limit
        self._counted: int | None = None
        self._max_nodes = max_nodes
        self._timeout = timeout
        if seed is None:
            self._rng: random.Random | None = None
        else:
            import random

            self._rng = random.Random(seed)
        self._max_entries = max_entries
        self._max_bytes = max_bytes
        self._progress = progress
        self._interval = progress_interval
        self._stop_requested = False
        self._started = 0.0
        self._last_report = 0.0
        self._ran = False
        # Per level, for progress reports: options of the item, and which
        # one (from 0) is being tried; and the solutions counted so far.
        self._degrees: list[int] = []
        self._tries: list[int] = []
        self._sums: list[int] = []

    def request_stop(self) -> None:
        """Ask the search to stop at its next clock check (within 1,024 nodes).

        Safe from a signal handler, another thread or a progress hook; the
        search then raises :class:`dlx.Interrupted`.

        >>> from dlx import ExactCover, Interrupted
        >>> search = MemoSearch(ExactCover("a", options=[["a"]]).links())
        >>> search.request_stop()
        >>> try:
        ...     search.count()
        ... except Interrupted as stop:
        ...     print(stop)
        search stopped on request after 0 nodes
        """
        self._stop_requested = True

    def count(self) -> int:
        """Run the search and return the number of solutions.

        Keeps only a count per cached subproblem, so it needs less memory
        than :meth:`zdd`.

        :returns: the exact number of solutions (at most ``limit``).
        :raises dlx.BudgetExceeded: when a budget runs out (nodes, time,
            or memory: :attr:`~dlx.Outcome.OUT_OF_MEMORY`).
        :raises dlx.Interrupted: after :meth:`request_stop`.
        :raises RuntimeError: when this search has already run.

        >>> from dlx import ExactCover
        >>> MemoSearch(ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).links()).count()
        2
        """
        return self._capped(self._run(None))

    def zdd(self) -> Zdd:
        """Run the search and return the diagram of all its solutions.

        :returns: the diagram.
        :raises dlx.BudgetExceeded: when a budget runs out (nodes, time,
            or memory: :attr:`~dlx.Outcome.OUT_OF_MEMORY`).
        :raises dlx.Interrupted: after :meth:`request_stop`.
        :raises RuntimeError: when this search has already run.
        :raises ValueError: for a search with a ``limit`` (which caps a count).

        >>> from dlx import ExactCover
        >>> MemoSearch(ExactCover("a", options=[["a"], ["a"]]).links()).zdd()
        <Zdd: 2 solutions, 2 nodes>
        """
        if self.limit is not None:
            raise ValueError("a limit caps a count: the diagram holds every solution")
        label = [-1, -1]
        lo = [0, 0]
        hi = [0, 0]
        counts = [0, 1]
        root = self._run((label, lo, hi, counts))
        return Zdd(label, lo, hi, counts, root)

    # -- the search --------------------------------------------------------

    def _run(
        self, diagram: tuple[list[int], list[int], list[int], list[int]] | None
    ) -> int:
        """The search loop: the root's count, or with ``diagram`` its node.

        In counting mode a subproblem's result is its count; in diagram
        mode it is its node, and the node's count sits in ``counts``.
        """
        if self._ran:
            raise RuntimeError("a MemoSearch runs once; make a new one")
        self._ran = True
        links = self.links
        up = list(links.up)
        down = list(links.down)
        size = links.size[:]
        top = links.top
        others = links.others
        others_rev = links.others_rev
        option_of = links.option_of
        shift = links.shift
        n_primary = links.n_primary
        n_items = links.n_items
        color = [0] * len(top) if links.color is None else list(links.color)
        offset = links.active_offset
        empty = offset  # the size entry of an active item with no options
        bytewise = links.bytewise
        mrv = self.branching == "mrv"
        rng = self._rng
        # Purified colours sit above the item bits, a field per secondary item.
        width = max(color, default=0).bit_length()
        stats = self.stats
        updates = 0
        cleansings = 0

        def hide(row: int) -> int:
            """Unlink the other nodes of ``row``'s option; return the key's change."""
            nonlocal updates
            change = 0
            for y in others[row]:
                if color[y] >= 0:
                    above = up[y]
                    below = down[y]
                    down[above] = below
                    up[below] = above
                    t = top[y]
                    v = size[t] - 1
                    size[t] = v
                    updates += 1
                    if not v:
                        # A free secondary item no remaining option uses.
                        change ^= 1 << t
            return change

        def unhide(row: int) -> None:
            for y in others[row]:
                if color[y] >= 0:
                    down[up[y]] = y
                    up[down[y]] = y
                    size[top[y]] += 1

        def cover(item: int) -> int:
            # hide() written out: a call per option would cost more than the loop.
            nonlocal updates
            n = 1
            change = 0
            row = down[item]
            while row != item:
                for y in others[row]:
                    if color[y] >= 0:
                        above = up[y]
                        below = down[y]
                        down[above] = below
                        up[below] = above
                        t = top[y]
                        v = size[t] - 1
                        size[t] = v
                        n += 1
                        if not v:
                            change ^= 1 << t
                row = down[row]
            size[item] += shift[item]
            updates += n
            return change

        def uncover(item: int) -> None:
            size[item] -= shift[item]
            row = up[item]
            while row != item:
                for y in others[row]:
                    if color[y] >= 0:
                        down[up[y]] = y
                        up[down[y]] = y
                        size[top[y]] += 1
                row = up[row]

        def commit(chosen: int) -> int:
            """Cover or purify the other items of option ``chosen``; the key's change."""
            nonlocal cleansings
            change = 0
            for x in others[chosen]:
                code = color[x]
                item = top[x]
                if code == 0:
                    if item < n_primary or size[item]:
                        change ^= 1 << item
                    change ^= cover(item)
                elif code > 0:
                    cleansings += 1
                    change ^= code << (n_items + (item - n_primary) * width)
                    if size[item]:
                        change ^= 1 << item
                    row = down[item]
                    while row != item:
                        if color[row] != code:
                            change ^= hide(row)
                        else:
                            color[row] = -1
                            cleansings += 1
                        row = down[row]
            return change

        def uncommit(chosen: int) -> None:
            for x in others_rev[chosen]:
                code = color[x]
                item = top[x]
                if code == 0:
                    uncover(item)
                elif code > 0:
                    row = up[item]
                    while row != item:
                        if color[row] < 0:
                            color[row] = code
                        else:
                            unhide(row)
                        row = up[row]

        key = (1 << n_primary) - 1
        for item in range(n_primary, n_items):
            if size[item]:
                key |= 1 << item
        primary_mask = (1 << n_primary) - 1
        initial_key = key
        cache: dict[int, int] = {}
        cache_get = cache.get
        max_entries = self._max_entries
        if self._max_bytes is not None:
            # A key's int object as CPython sizes it (PyPy's getsizeof has no
            # figure and returns the default: CPython's layout, 4 bytes a digit).
            widest = key | (1 << (n_items + 1))
            per_entry = _ENTRY_BYTES + sys.getsizeof(
                widest, 28 + 4 * (widest.bit_length() // 30)
            )
            by_bytes = self._max_bytes // per_entry
            max_entries = (
                by_bytes if max_entries is None else min(max_entries, by_bytes)
            )
        # Per level: the item, the key on entering, the key once the item is
        # covered, the option being tried, and what its subproblems gave
        # (the count so far, and in diagram mode each option with its node).
        items: list[int] = []
        keys_in: list[int] = []
        keys_covered: list[int] = []
        tried: list[int] = []
        sums = self._sums
        kids: list[list[tuple[int, int]]] = []
        degrees = self._degrees
        tries = self._tries
        counts = diagram[3] if diagram is not None else []
        top_result = 1  # the count of the top terminal, and its node
        started = time.perf_counter()
        self._started = started
        nodes = 0
        check_at = self._check_clock(1, started)
        try:
            while True:
                # Enter a node.
                nodes += 1
                if nodes >= check_at:
                    stats.nodes = nodes - 1
                    stats.updates = updates
                    stats.cleansings = cleansings
                    # The subproblems finished so far: what a stop reports.
                    stats.solutions = sum(sums)
                    check_at = self._check_clock(nodes, started)
                if not key & primary_mask:
                    result = top_result
                elif empty in size:
                    result = 0
                else:
                    cached = cache_get(key)
                    if cached is not None:
                        self.hits += 1
                        result = cached
                    else:
                        # Branch.
                        if not mrv:
                            low = key & primary_mask
                            item = (low & -low).bit_length() - 1
                        elif bytewise:
                            value = ACTIVE_BYTE + 1
                            while value not in size:
                                value += 1
                            item = size.index(value)
                        else:
                            value = min(size)
                            item = size.index(value)
                        if mrv and rng is not None:
                            ties = [t for t, v in enumerate(size) if v == value]
                            item = ties[rng.randrange(len(ties))]
                        items.append(item)
                        keys_in.append(key)
                        degrees.append(size[item] - offset)
                        tries.append(0)
                        sums.append(0)
                        if diagram is not None:
                            kids.append([])
                        key ^= (1 << item) ^ cover(item)
                        keys_covered.append(key)
                        chosen = down[item]
                        key ^= commit(chosen)
                        tried.append(chosen)
                        continue
                # Hand the result up, level by level, until an option is left.
                while True:
                    if not items:
                        stats.nodes = nodes
                        stats.updates = updates
                        stats.cleansings = cleansings
                        stats.solutions = counts[result] if diagram else result
                        self.entries = len(cache)
                        self.outcome = Outcome.EXHAUSTED
                        assert key == initial_key
                        if self._progress is not None:
                            self._report(time.perf_counter())
                        return result
                    chosen = tried[-1]
                    uncommit(chosen)
                    key = keys_covered[-1]
                    if diagram is None:
                        sums[-1] += result
                    elif result:
                        sums[-1] += counts[result]
                        kids[-1].append((option_of[chosen], result))
                    item = items[-1]
                    chosen = down[chosen]
                    if chosen != item:
                        tried[-1] = chosen
                        tries[-1] += 1
                        key ^= commit(chosen)
                        break
                    uncover(item)
                    items.pop()
                    tried.pop()
                    keys_covered.pop()
                    degrees.pop()
                    tries.pop()
                    key = keys_in.pop()
                    total = sums.pop()
                    result = total if diagram is None else _chain(diagram, kids.pop())
                    if max_entries is not None and len(cache) >= max_entries:
                        self._out_of_memory(nodes, updates, cleansings, len(cache))
                    if diagram is not None and self._max_bytes is not None:
                        used = len(cache) * per_entry + len(counts) * _NODE_BYTES
                        if used > self._max_bytes:
                            self._out_of_memory(nodes, updates, cleansings, len(cache))
                    cache[key] = result
        except KeyboardInterrupt:
            self.outcome = Outcome.INTERRUPTED
            raise
        finally:
            self.entries = len(cache)

    def _out_of_memory(
        self, nodes: int, updates: int, cleansings: int, entries: int
    ) -> None:
        self.stats.nodes = nodes
        self.stats.updates = updates
        self.stats.cleansings = cleansings
        self.stats.solutions = sum(self._sums)
        self.entries = entries
        budget = []
        if self._max_entries is not None:
            budget.append(f"{self._max_entries:,} entries")
        if self._max_bytes is not None:
            budget.append(f"{self._max_bytes:,} bytes")
        self._stop(
            Outcome.OUT_OF_MEMORY,
            f"memoised search stopped after {nodes} nodes with {entries:,} cached "
            f"subproblems (memory budget of {' or '.join(budget)} used up)",
        )

    def _fraction(self) -> float:
        """Knuth's estimate of the part of the (memoised) tree explored."""
        done = 0.0
        share = 1.0
        for degree, k in zip(self._degrees, self._tries, strict=True):
            share /= max(degree, 1)
            done += k * share
        return min(done, 1.0)

    def _report(self, now: float) -> None:
        assert self._progress is not None
        self._last_report = now
        done = self.outcome is Outcome.EXHAUSTED
        elapsed = now - self._started
        fraction = 1.0 if done else self._fraction()
        stats = self.stats
        self._progress(
            Progress(
                nodes=stats.nodes,
                updates=stats.updates,
                solutions=stats.solutions if done else sum(self._sums),
                elapsed=elapsed,
                depth=len(self._degrees),
                fraction=fraction,
                remaining=remaining_seconds(elapsed, fraction, done),
            )
        )


def _chain(
    diagram: tuple[list[int], list[int], list[int], list[int]],
    kids: list[tuple[int, int]],
) -> int:
    """The node of a subproblem whose options (with their nodes) are ``kids``."""
    label, lo, hi, counts = diagram
    node = 0
    for option, child in reversed(kids):
        lo.append(node)
        hi.append(child)
        label.append(option)
        counts.append(counts[node] + counts[child])
        node = len(label) - 1
    return node
