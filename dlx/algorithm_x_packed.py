"""Algorithm X's packed and wide loop forms, for small problems without colours: sizes in one integer.

Algorithm X's list and bytes loop (``dlx.algorithm_x``) spends a third of its time on one statement,
``size[top[y]] -= 1``, run for every node it unlinks.  When a problem has
few items (:data:`dlx.links.PACKED_MAX_ITEMS`) the whole size array fits
in one Python integer, one byte per item exactly as in the bytearray form
of :mod:`dlx.links`, and hiding an option becomes one addition of a
constant that has a 1 in the byte of each item the option touches.  The
same integer carries the update count in its low 64 bits, so that
counting costs nothing either: the constant for hiding option ``x`` is
``span - mask``.  Choosing an item stays C-level: ``int.to_bytes`` then
``bytes.find``, as for the bytearray.

Going back up the tree needs no arithmetic per option at all.  Each level
keeps the integer as it was before and after covering its item (two
entries on a list, per level, not per node); uncovering relinks the nodes
as dancing links must, then takes the sizes from that snapshot and keeps
only the update count of the current value:
``saved + ((packed - saved) & COUNTER_MASK)``.

Per node of the search tree the integer is converted to bytes once; per
option hidden it is added to once; per node of an option only the four
link updates of dancing links remain (two when relinking).

The loop is written once, below, with a ``for`` over the other nodes of
an option.  When every option has the same width (queens, Langford pairs,
sudoku, polyomino tilings) :func:`unrolled` rewrites those inner loops
into straight-line code with :mod:`ast` (``a, b, c = hide[row]`` and the
body three times), which CPython runs about 15 % faster; the rewritten
function keeps this file's line numbers, so tracebacks and coverage point
here.  Writing a loop out costs about 6 ms (once per width and process),
as much as it saves over some 75,000 updates, so a search starts in the
loop as written and moves to the written-out one at a clock check once
the process has done :data:`UNROLL_AFTER` updates at that width
(:class:`Handoff`); later searches of that width start there.  A small
problem (a 4×4 sudoku) is over before it would pay.  Without source code
(a frozen or byte-code-only install) the generic loop runs: the same
search, a little slower.

An item with 128 options or more does not fit its byte: a polyomino
tiling, whose pieces are items with hundreds of placements, used to fall
to the list form, with its size update per node.  The *wide* form
(:func:`run_wide`, :func:`run_wide_lanes`) is the same loop with 16 bits
per item (:data:`WIDE_BITS`), plus a lane that counts the active primary
items, so that "all covered" stays one comparison; the item is found by
looking for the two bytes of each length in turn, as the packed loop
looks for one, keeping only matches that start a lane.  Hiding an option
is still one addition, now of a longer integer.

Dancing links spend most of a tiling's time unlinking and relinking:
hiding a pentomino placement unlinks its five other nodes, and every one
is linked back on the way up.  The *marks* form (:func:`run_marks`,
:func:`run_marks_lanes`) keeps the wide form's integer for the sizes but
leaves the lists alone: an option is hidden by a mark and a note in a
log, covering an item passes over the marked options of its list, and
backing up takes the marks off what the level noted.  Same tree, same
counts; about 30 % fewer instructions per update on the pentominoes and
nearly twice as fast.  It loses where most of a list is hidden early
(dense problems) or options are narrow, so the dispatcher gives it only
wide problems whose options are wide and sparse
(:data:`dlx.algorithms.MARKS_MIN_WIDTH`).

Counting (``count_only``) a problem without secondary items, the packed
loop does not go down below a node with three primary items left or
fewer (:func:`leaf_lane`): the options left there are of those items
alone, so the solutions below follow from the lengths and the short
lists of the items, and so do the nodes and updates Knuth's steps would
count for them (:func:`leaf_counts`), which the loop adds at once.  On a
solution-dense problem (30 items, options of 1 to 5 items) the loop then
enters 272,000 of the 527,000 nodes.
The statistics stay Knuth's; the loop goes down as usual when a clock
check (so a node budget, ``max_nodes``) or the limit would fall below
such a node, so that budgets stop the search at the same node as before,
with the same counts and position; and it goes down as usual with a seed
(``seed=``), when listing solutions, and in the other loop forms.

Every search node, update and solution is counted exactly as in
Algorithm X's other loop (the tests compare every loop form with
Knuth's own numbers).  The walker, the fraction and the check are
Algorithm X's; :mod:`dlx.algorithms` composes them with this loop.
"""

from __future__ import annotations

import functools
import sys
import time
from array import array
from collections.abc import Callable, Iterator, Sequence

from dlx.links import ACTIVE_BYTE, Links, Ring, Siblings
from dlx.position import fraction_of
from dlx.stats import Outcome

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from dlx.frame import Frame

#: The low bits of the packed integer count updates; the sizes sit above.
COUNTER_BITS = 64
COUNTER_MASK = (1 << COUNTER_BITS) - 1

#: Options up to this width get a loop of their own with the inner loops
#: unrolled; wider ones (and mixed widths) use the generic loop.
MAX_UNROLL = 16

#: The updates a process does at one width in the loop as written before
#: searches of that width move to the loop written out for it (see
#: :class:`Handoff`).  Writing it out costs about 6 ms; the written-out
#: loop saves about 80 ns an update, the work its inner loops write out
#: (dominoes 6×8: 0.58 s against 0.77 s for 2,363,102 updates).  Counted
#: in updates, not nodes: a node of a tiling does hundreds.
UNROLL_AFTER = 100_000

#: The wide form's lanes: 16 bits per item.
WIDE_BITS = 16

#: What a lane holds on top of its item's length while the item is an
#: active primary item: its top bit (as 128 is in a byte of the packed form).
WIDE_ACTIVE = 1 << (WIDE_BITS - 1)

#: The wide form looks for the smallest length among 0, 1, ... up to this
#: many, one ``in`` per length; past it (every active item has this many
#: options or more) it reads the lanes as an array instead.
WIDE_SCAN = 64

Runner = Callable[..., Iterator[tuple[int, ...]]]


class PackedTables:
    """The read-only constants of the packed loop for one problem.

    * ``hide[x]``: what hiding ``x``'s option from the other lists takes:
      the constant to add to the packed integer, then the other nodes of
      the option going right.  With ``flat`` the nodes follow the constant
      in the tuple (for the unrolled loops), otherwise they are one tuple;
    * ``unhide[x]``: the other nodes of ``x``'s option going left, the
      order unhiding relinks them in (no constant: the loop restores the
      sizes from a snapshot instead);
    * ``cover_option[x]``: the constant that covers all the other items of
      ``x``'s option, then those items going right, laid out like
      ``hide``; ``uncover_option[x]`` the same items going left;
    * ``cover[i]``: the constant that covers item ``i`` (its size offset,
      plus one update);
    * ``start``: the packed integer of the initial sizes, no updates yet;
    * ``last``: for a problem of the packed form that can end in a leaf
      count (:func:`leaf_lane`), the value of the integer from which four
      primary items are active: the integer then has a byte more, above
      the items', that counts them (as the wide form's lane does), and
      below ``last`` three primary items or fewer are left.  0 for the
      others.

    Built once per problem by :func:`run` and kept in the problem's
    :attr:`dlx.links.Links.cache`, which all searches of the problem share.

    :param links: the compiled problem.
    :param flat: lay the tuples out for the unrolled loops.
    :param bits: the bits of each item's lane: 8 for the packed form, 16
        for the wide one (:data:`WIDE_BITS`), which also keeps the number
        of active primary items in a lane above the items'.

    Two items, each in two options: both bytes are 128 + 2 (the third
    byte counts the active primary items, ``leaf_lane()``), and hiding
    option 0 from item ``b`` (node 3 is its ``a``) takes one off ``b``'s
    byte and counts one update:

    >>> from dlx import ExactCover
    >>> links = ExactCover("ab", options=[["a", "b"], ["a"], ["b"]]).links()
    >>> tables = PackedTables(links, flat=True)
    >>> def sizes(packed):
    ...     return list((packed >> COUNTER_BITS).to_bytes(3, "little"))
    >>> sizes(tables.start)
    [130, 130, 2]
    >>> delta, node = tables.hide[3]
    >>> node, links.top[node]
    (4, 1)
    >>> sizes(tables.start + delta), (tables.start + delta) & COUNTER_MASK
    ([130, 129, 2], 1)
    """

    __slots__ = (
        "cover",
        "cover_option",
        "flat",
        "hide",
        "last",
        "start",
        "uncover_option",
        "unhide",
    )

    def __init__(self, links: Links, flat: bool, bits: int = 8) -> None:
        n = links.n_items
        first = n + 1
        top = links.top
        others = links.others
        others_rev = links.others_rev
        option_of = links.option_of
        unit = [1 << (bits * item + COUNTER_BITS) for item in range(n)]
        option_mask = [0] * links.n_options
        for x in range(first, len(top)):
            option_mask[option_of[x]] += unit[top[x]]
        lane = bits == 8 and leaf_lane(links)
        cover = _covers(links, bits, lane)
        hide: list[tuple[Any, ...]] = [()] * len(top)
        unhide: list[Siblings] = [()] * len(top)
        cover_option: list[tuple[Any, ...]] = [()] * len(top)
        uncover_option: list[Siblings] = [()] * len(top)
        # For a wide option (Ring siblings) the items go round a tuple
        # shared by the option, as the nodes do: memory stays linear.
        ring_of: dict[int, tuple[tuple[int, ...], tuple[int, ...], int]] = {}
        for x in range(first, len(top)):
            mask = option_mask[option_of[x]] - unit[top[x]]
            right = others[x]
            left = others_rev[x]
            items: Siblings
            back: Siblings
            if isinstance(right, Ring):
                shared = ring_of.get(id(right.ring))
                if shared is None:
                    w = right.w
                    own = [top[y] for y in right.ring[:w]]
                    total = sum([cover[i] for i in own])
                    going = tuple(own) * 2
                    own.reverse()
                    shared = ring_of[id(right.ring)] = (going, tuple(own) * 2, total)
                going, coming, total = shared
                items = Ring(going, right.t, right.w)
                back = Ring(coming, right.w - 1 - right.t, right.w)
                covers = total - cover[top[x]]
            else:
                items = tuple([top[y] for y in right])
                back = items[::-1]
                covers = sum([cover[i] for i in items])
            if flat:
                hide[x] = (len(right) - mask, *right)
                cover_option[x] = (covers, *items)
            else:
                hide[x] = (len(right) - mask, right)
                cover_option[x] = (covers, items)
            unhide[x] = left if isinstance(left, Ring) else tuple(left)
            uncover_option[x] = back
        self.flat = flat
        self.hide = hide
        self.unhide = unhide
        self.cover = cover
        self.cover_option = cover_option
        self.uncover_option = uncover_option
        self.last = 4 << (8 * n + COUNTER_BITS) if lane else 0
        if bits == 8:
            self.start = packed_sizes(links, links.size, lane)
        else:
            self.start = wide_lanes(links, links.size)


def leaf_lane(links: Links) -> bool:
    """Whether the packed form counts ``links``' active primary items, for leaf counts.

    In a problem without secondary items, an option still in the lists has
    only active items (one with a covered item went with its cover).  So
    when three primary items or fewer are left, the options left are of
    those items alone, and the solutions below, and the nodes and updates
    Knuth's steps would count for them, follow from the lengths and the
    short lists of the items (:func:`leaf_counts`): counting, the loop adds
    them at once instead of going down (see :func:`run_packed`).  That
    needs a count of the active primary items (a byte above the items',
    below 128 so that it never reads as an active item).  It pays where
    some options have one item: a leaf then stands for many solutions (a
    solution-dense problem counts 1.25 times as fast with it).  Where every
    option has two items or more, a leaf stands for one solution or none,
    and keeping the count costs more than the leaves save: domino tilings
    (options of two items) count 5 % slower with it, Langford pairs (of
    three) 9 %.

    >>> from dlx import ExactCover
    >>> leaf_lane(ExactCover("abc", options=[["a", "b"], ["c"]]).links())
    True
    >>> leaf_lane(ExactCover("abc", options=[["a", "b"], ["b", "c"]]).links())
    False
    >>> leaf_lane(ExactCover("ab", "x", options=[["a"], ["b", "x"]]).links())
    False
    """
    n = links.n_items
    spans = links.span[n + 1 :]
    return (
        links.n_primary == n < ACTIVE_BYTE
        and links.packed
        and bool(spans)
        and min(spans) == 0
    )


#: Every byte value below :data:`~dlx.links.ACTIVE_BYTE`: what
#: :func:`leaf_counts` deletes from the sizes to keep the active items'.
_INACTIVE_BYTES = bytes(range(ACTIVE_BYTE))


def leaf_counts(
    sizes: bytes, n: int, down: list[int], span: Sequence[int]
) -> tuple[int, int, int]:
    """Nodes, updates and solutions below a node with three primary items left or fewer.

    For the packed loop with a count of the active primary items
    (:func:`leaf_lane`): ``sizes`` are its bytes (the count last, after the
    ``n`` items'), ``down`` the lists and ``span`` each node's number of
    other nodes in its option.  The options left are of those items alone
    (no secondary items: an option with a covered item went with its cover).

    An item with no option left is a dead end: no node below, an update
    (Knuth covers the item), no solution.  With one item left, of ``k``
    options: Knuth's steps cover it (an update) and enter ``k`` nodes,
    each a solution.  With two, ``a`` (the one his choice takes: the
    leftmost of the shortest list) and ``b``, with ``both`` options of
    the two, ``alone`` of ``a`` alone and ``other`` of ``b`` alone:
    covering ``a`` is an update, plus one for every option with ``b``
    that it unlinks from ``b``'s list; each option of ``a`` alone enters a
    node that covers ``b`` (an update) and enters ``other`` solutions (a
    dead end if none); each option of both covers ``b`` (an update) and
    enters a solution.  With three, ``a`` (his choice), ``b`` and ``c``:
    covering ``a`` is an update, plus one for each other item of each of
    its options; below an option of ``a`` alone, a node with ``b`` and
    ``c`` left (as above); below one of ``a`` and ``b``, covering ``b``
    (an update, plus one for each option of ``b`` and ``c``) and a node
    with ``c``'s options of ``c`` alone left (as for one item); below one
    of all three, covering the two (two updates, plus one for each option
    of ``b`` and ``c``) and a solution.  The lists of the three items
    give the options of one item and of all three; those of two items
    follow from the lengths.

    Here ``b`` (two options) is ``a``: below the root, the plain loop's
    counts less the root's node:

    >>> from dlx import ExactCover, Search
    >>> links = ExactCover("ab", options=[["a"], ["a", "b"], ["b"], ["a"]]).links()
    >>> leaf_counts(bytes([128 + 3, 128 + 2, 2]), 2, list(links.down), links.span)
    (4, 4, 3)
    >>> search = Search(links, count_only=True, form="plain")
    >>> _ = list(search)
    >>> search.stats
    Stats(nodes=5, updates=4, cleansings=0, solutions=3)

    Three items (``links.size`` holds the bytes; the count of active items
    follows them):

    >>> rows = ["a", "bc", "ab", "c", "abc", "b", "ac", "c"]
    >>> links = ExactCover("abc", options=rows).links()
    >>> sizes = bytes([*links.size[:3], 3])
    >>> leaf_counts(sizes, 3, list(links.down), links.span)
    (11, 18, 7)
    >>> search = Search(links, count_only=True, form="plain")
    >>> _ = list(search)
    >>> search.stats
    Stats(nodes=12, updates=18, cleansings=0, solutions=7)
    """
    # The active items' bytes, in order: all that is not below ACTIVE_BYTE
    # (one C call; max() over the bytes cost twice the rest of a leaf).
    active = sizes.translate(None, _INACTIVE_BYTES)
    if len(active) == 1:
        k = active[0] - ACTIVE_BYTE
        return k, 1, k
    if len(active) == 2:
        low, high = active
        if low > high:
            low, high = high, low
        item = sizes.find(low)
        both = 0
        row = down[item]
        while row != item:
            if span[row]:
                both += 1
            row = down[row]
        alone = low - ACTIVE_BYTE - both
        other = high - ACTIVE_BYTE - both
        return alone * (1 + other) + both, 1 + alone + 2 * both, alone * other + both
    # Three items: a (Knuth's choice), then b and c in the order of the items.
    first, second, third = active
    at = sizes.find(first)
    b = sizes.find(second, at + 1)
    c = sizes.find(third, b + 1)
    if second < first and second <= third:
        at, b = b, at
        first, second = second, first
    elif third < first and third < second:
        at, b, c = c, at, b
        first, second, third = third, first, second
    # The options of one item (`ones`) and of all three (`all3`), from the
    # lists; those of two items follow from the lengths.
    all3 = ones = 0
    row = down[at]
    while row != at:
        width = span[row]
        if width == 0:
            ones += 1
        elif width == 2:
            all3 += 1
        row = down[row]
    ones_b = ones_c = 0
    row = down[b]
    while row != b:
        if not span[row]:
            ones_b += 1
        row = down[row]
    row = down[c]
    while row != c:
        if not span[row]:
            ones_c += 1
        row = down[row]
    with_a = first - ACTIVE_BYTE - ones - all3  # options of a and b, or a and c
    pair_b = second - ACTIVE_BYTE - ones_b - all3  # of a and b, or b and c
    pair_c = third - ACTIVE_BYTE - ones_c - all3  # of a and c, or b and c
    ab = (with_a + pair_b - pair_c) // 2
    ac = with_a - ab
    bc = pair_b - ab
    low, high = (ones_b, ones_c) if ones_b <= ones_c else (ones_c, ones_b)
    # Below each option of a alone, the two items' leaf (as above); below
    # one of a and b, c's leaf after covering b (which unlinks the options
    # of b and c from c); below one of all three, a solution.
    return (
        ones * (1 + low * (1 + high) + bc)
        + ab * (1 + ones_c)
        + ac * (1 + ones_b)
        + all3,
        1 + with_a + 2 * all3 + ones * (1 + low + 2 * bc) + (with_a + all3) * (2 + bc),
        ones * (ones_b * ones_c + bc) + ab * ones_c + ac * ones_b + all3,
    )


def packed_sizes(links: Links, size: Sequence[int], lane: bool) -> int:
    """The packed form's integer for the sizes ``size`` (bytes as in ``links``), no updates.

    With ``lane`` (:func:`leaf_lane`), a byte above the items' counts the
    active primary items.

    >>> from dlx import ExactCover
    >>> links = ExactCover("ab", options=[["a", "b"], ["b"]]).links()
    >>> list((packed_sizes(links, links.size, True) >> COUNTER_BITS).to_bytes(3, "little"))
    [129, 130, 2]
    """
    n = links.n_items
    sizes = bytes(size[:n])
    if lane:
        sizes += bytes([sum([value >= ACTIVE_BYTE for value in sizes])])
    return int.from_bytes(sizes, "little") << COUNTER_BITS


def _covers(links: Links, bits: int, lane: bool = False) -> list[int]:
    """What covering each item adds to the packed integer (lanes of ``bits`` bits).

    Covering a primary item takes the top bit off its lane (and, in the
    wide form or with the packed form's count (``lane``), one off the
    count of active items above the lanes); every cover is one update.
    """
    n = links.n_items
    active = 1 << (bits - 1)
    counted = 0 if bits == 8 and not lane else 1 << (bits * n + COUNTER_BITS)
    return [
        1 - ((active << (bits * i + COUNTER_BITS)) + counted)
        if i < links.n_primary
        else 1
        for i in range(n)
    ]


def prepare(frame: Frame) -> None:
    """Make the per-search state of the packed form: none (the packed integer lives in the loop)."""
    frame.state = None


def run(frame: Frame, count_only: bool) -> Iterator[tuple[int, ...]]:
    """The packed search of the frame's problem, unrolled where it can be.

    :mod:`dlx.algorithms` runs this for a problem without colours or
    bounds whose ``links.packed`` is true; it builds (or reuses) the
    tables and starts the loop.

    :param frame: the search whose arrays the loop works on.
    :param count_only: count the solutions without yielding them.
    :returns: the generator of solutions.

    >>> from dlx import ExactCover, Search
    >>> links = ExactCover("ab", options=[["a", "b"], ["a"], ["b"]]).links()
    >>> list(run(Search(links), count_only=False))
    [(0,), (1, 2)]
    """
    return _start(frame, count_only, run_packed, "packed", 8)


def run_wide(frame: Frame, count_only: bool) -> Iterator[tuple[int, ...]]:
    """The wide search of the frame's problem (16 bits per item), unrolled where it can be.

    :mod:`dlx.algorithms` runs this for a problem without colours or
    bounds whose ``links.wide`` is true and ``links.packed`` false: some
    item has 128 options or more (a polyomino tiling).  It builds (or
    reuses) the tables and starts :func:`run_wide_lanes`.

    :param frame: the search whose arrays the loop works on.
    :param count_only: count the solutions without yielding them.
    :returns: the generator of solutions.

    >>> from dlx import ExactCover, Search
    >>> links = ExactCover("ab", options=[["a", "b"], ["a"], ["b"]]).links()
    >>> list(run_wide(Search(links), count_only=False))
    [(0,), (1, 2)]
    """
    # Written out at once: a node of a tiling does hundreds of updates, and
    # the tables cost more than writing the loop out (15 ms for the 3x20
    # pentominoes, against 11), so a problem of this form is never small.
    return _start(frame, count_only, run_wide_lanes, "wide", WIDE_BITS, defer=False)


#: The updates the loops as written have done in this process, per (name
#: of the loop, width of the options), counted when a search ends or moves
#: on (see :class:`Handoff`).
UPDATES_AS_WRITTEN: dict[tuple[str, int], int] = {}


def _tables(links: Links, name: str, flat: bool, bits: int) -> PackedTables:
    """The problem's tables for a loop (kept in ``links.cache[name]``)."""
    tables = links.cache.get(name)
    if not isinstance(tables, PackedTables) or tables.flat != flat:
        tables = PackedTables(links, flat, bits)
        links.cache[name] = tables
    return tables


def _start(
    frame: Frame,
    count_only: bool,
    loop: Runner,
    name: str,
    bits: int,
    defer: bool = True,
) -> Iterator[tuple[int, ...]]:
    """Start ``loop`` (:func:`run_packed` or :func:`run_wide_lanes`), written out or as written.

    With ``defer`` (the packed form) the loop as written starts until the
    process has done :data:`UNROLL_AFTER` updates at the problem's width
    (:class:`Handoff`); without, the loop written out starts at once.
    """
    links = frame.links
    spans = set(links.span[links.n_items + 1 :])
    width = spans.pop() + 1 if len(spans) == 1 else 0
    if not (links.unroll and 1 <= width <= MAX_UNROLL):
        return loop(frame, count_only, _tables(links, name, False, bits))
    if not defer or UPDATES_AS_WRITTEN.get((loop.__name__, width), 0) >= UNROLL_AFTER:
        runner = unrolled(width, None if loop is run_packed else loop)
        if runner is not None:
            return runner(frame, count_only, _tables(links, name, True, bits))
    handoff = Handoff(frame, count_only, loop, width, name, bits)
    return loop(frame, count_only, _tables(links, name, False, bits), handoff)


class Handoff:
    """Where a search of one width leaves the loop as written for the one written out.

    :func:`run` and :func:`run_wide` give one to the loop as written when
    the problem's options have one width and this process has not yet
    done :data:`UNROLL_AFTER` updates at that width.  At its first clock
    check with :attr:`at` updates or more the loop asks :meth:`rest` for
    the written-out loop and goes on in it from the same node, its sizes,
    levels and counts handed over through the frame as for a resume; a
    search that ends first adds its updates with :meth:`spent`.  The tree, the counts
    and the order of the solutions are those of either loop alone.

    >>> from dlx import ExactCover, Search
    >>> links = ExactCover("ab", options=[["a", "b"], ["a"], ["b"]]).links()
    >>> handoff = Handoff(Search(links), False, run_packed, 2, "packed", 8)
    >>> handoff.first, handoff.at <= UNROLL_AFTER
    (0, True)
    """

    __slots__ = ("at", "bits", "count_only", "first", "frame", "loop", "name", "width")

    def __init__(
        self,
        frame: Frame,
        count_only: bool,
        loop: Runner,
        width: int,
        name: str,
        bits: int,
    ) -> None:
        self.frame = frame
        self.count_only = count_only
        self.loop = loop
        self.width = width
        self.name = name
        self.bits = bits
        #: The search's update count when the loop as written started.
        self.first = frame.stats.updates
        #: The update count from which the loop moves on at a clock check.
        self.at = (
            self.first
            + UNROLL_AFTER
            - UPDATES_AS_WRITTEN.get((loop.__name__, width), 0)
        )

    def spent(self) -> None:
        """Add the updates the loop as written did (``frame.stats`` is up to date) to the process's."""
        key = (self.loop.__name__, self.width)
        done = self.frame.stats.updates - self.first
        UPDATES_AS_WRITTEN[key] = UPDATES_AS_WRITTEN.get(key, 0) + done

    def rest(self, started: float) -> Iterator[tuple[int, ...]] | None:
        """The written-out loop, to go on from where the search is (``None``: it cannot be written).

        The caller has brought the frame up to date (sizes, counts, and
        ``frame.saves`` from its own per-level sizes) and hands ``started``
        on, so that elapsed time and the clock go on as before.
        """
        self.spent()
        runner = unrolled(self.width, None if self.loop is run_packed else self.loop)
        if runner is None:
            return None
        tables = _tables(self.frame.links, self.name, True, self.bits)
        return runner(self.frame, self.count_only, tables, None, started)


def wide_lanes(links: Links, size: bytearray | list[int]) -> int:
    """The wide form's integer for the sizes ``size`` (in ``links``' form), no updates.

    Item ``i``'s lane holds its length, plus :data:`WIDE_ACTIVE` while it
    is an active primary item; the lane above the items' counts the
    active primary items.

    >>> from dlx import ExactCover
    >>> links = ExactCover("ab", "x", options=[["a", "x"], ["a"], ["b"]]).links()
    >>> lanes = wide_lanes(links, links.size) >> COUNTER_BITS
    >>> [(lanes >> (16 * i)) & 0xFFFF for i in range(4)]
    [32770, 32769, 1, 2]
    """
    values = []
    for item in range(links.n_items):
        if links.is_active(size, item):
            values.append(WIDE_ACTIVE + links.length(size, item))
        else:
            values.append(size[item])
    active = sum(1 for value in values if value >= WIDE_ACTIVE)
    lanes = array("H", [*values, active])
    if sys.byteorder == "big":
        lanes.byteswap()
    return int.from_bytes(lanes.tobytes(), "little") << COUNTER_BITS


def _lane_values(sizes: bytes) -> array[int]:
    """The lanes of the wide form's bytes as numbers (the count lane last)."""
    lanes = array("H", sizes)
    if sys.byteorder == "big":
        lanes.byteswap()
    return lanes


def _aligned(sizes: bytes, pattern: bytes, at: int) -> int:
    """The first place from ``at`` where ``pattern`` is a whole lane (-1: nowhere).

    A match at an odd place straddles two lanes (the high byte of one, the
    low byte of the next): the wide loop calls this only then.
    """
    while at >= 0 and at & 1:
        at = sizes.find(pattern, at + 1)
    return at


def _smallest_lane(sizes: bytes, n_primary: int) -> int:
    """The byte place of the leftmost active primary lane of smallest value.

    For the wide loop when every active item has :data:`WIDE_SCAN` options
    or more; there is an active primary item.
    """
    lanes = _lane_values(sizes)
    value = min([v for v in lanes[:n_primary] if v >= WIDE_ACTIVE])
    return 2 * lanes.index(value)


def _wide_hand_back(frame: Frame, packed: int) -> None:
    """Bring ``frame.size`` and ``frame.stats.updates`` up to date (wide form)."""
    links = frame.links
    n = links.n_items
    lanes = _lane_values((packed >> COUNTER_BITS).to_bytes(2 * n + 2, "little"))
    size = frame.size
    offset = links.active_offset
    for item in range(n):
        value = lanes[item]
        size[item] = value - WIDE_ACTIVE + offset if value >= WIDE_ACTIVE else value
    frame.stats.updates = packed & COUNTER_MASK


def _hand_back(frame: Frame, packed: int) -> None:
    """Bring ``frame.size`` and ``frame.stats.updates`` up to date."""
    n = frame.links.n_items
    # n + 1 bytes: the count of active primary items, if any, is the last.
    frame.size[:n] = (packed >> COUNTER_BITS).to_bytes(n + 1, "little")[:n]
    frame.stats.updates = packed & COUNTER_MASK


def _packed_start(frame: Frame, tables: PackedTables) -> int:
    """The packed integer a search starts from: its sizes and update count."""
    if not frame.base and not frame.stack:
        return tables.start + frame.stats.updates
    sizes = packed_sizes(frame.links, frame.size, tables.last > 0)
    return sizes + frame.stats.updates


def _packed_saves(frame: Frame, tables: PackedTables) -> list[int]:
    """The size snapshots that dlx.position took, as packed integers (no updates)."""
    lane = tables.last > 0
    return [packed_sizes(frame.links, s, lane) for s in frame.saves]


def run_packed(
    frame: Frame,
    count_only: bool,
    tables: PackedTables,
    handoff: Handoff | None = None,
    started: float | None = None,
) -> Iterator[tuple[int, ...]]:
    """Algorithm X over the packed sizes (steps as in ``dlx.algorithm_x``).

    The loops over ``unlink``, ``relink``, ``cover_items`` and
    ``uncover_items`` are the ones :func:`unrolled` rewrites; keep their
    shape (``delta, unlink = ...`` or ``relink = ...``, then
    ``for y in unlink:``) when changing them.

    Counting a problem of ``leaf_lane()`` (and no seed), a node with
    three primary items left or fewer is a leaf: the counts below it are
    added at once (:func:`leaf_counts`), the same as going down, unless
    the next clock check or the limit falls among them.

    :param frame: the search whose arrays the loop works on.
    :param count_only: count the solutions without yielding them.
    :param tables: the problem's tables, not flat.
    :param handoff: where to move to the loop written out (:class:`Handoff`).
    :param started: when the search started, if in another loop (a handoff).
    :returns: the generator of solutions (sorted option indices).

    >>> from dlx import ExactCover, Search
    >>> links = ExactCover("ab", options=[["a", "b"], ["a"], ["b"]]).links()
    >>> search = Search(links)
    >>> list(run_packed(search, False, PackedTables(links, flat=False)))
    [(0,), (1, 2)]
    >>> search.stats
    Stats(nodes=4, updates=4, cleansings=0, solutions=2)
    """
    links = frame.links
    up = frame.up
    down = frame.down
    top = links.top
    option_of = links.option_of
    cover_option = tables.cover_option
    uncover_option = tables.uncover_option
    hide = tables.hide
    unhide = tables.unhide
    cover = tables.cover
    stats = frame.stats
    limit = frame.limit
    n = links.n_items
    to_bytes = int.to_bytes
    low = COUNTER_BITS
    empty = ACTIVE_BYTE  # the size byte of an active item with no options
    at_random = frame.choose_at_random if frame.rng is not None else None
    # The chosen node of each level (dlx.position may have filled it in,
    # and the options of a fixed prefix in `fixed`).
    stack = frame.stack
    push = stack.append
    pop = stack.pop
    fixed = [option_of[x] for x in frame.base]
    # Per level, the packed integer before and after covering its item: on
    # the way back the sizes are restored from these and only the update
    # count (the low bits) is kept from the current value.
    saves = _packed_saves(frame, tables)
    save = saves.append
    pop_save = saves.pop
    mask = COUNTER_MASK
    packed = _packed_start(frame, tables)
    # Leaf counts (a problem without secondary items, counted, no seed):
    # below `last` three primary items or fewer are left; see below.  The
    # sizes then have a byte more, the count of active primary items.
    last = tables.last if count_only and at_random is None else 0
    span = links.span
    leaf_of = leaf_counts
    length = n + 1 if tables.last else n
    cap = sys.maxsize if limit is None else limit
    started = time.perf_counter() if started is None else started
    nodes = stats.nodes
    found = stats.solutions
    check_at = frame.tick(nodes + 1, started)
    while True:
        # X2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.solutions = found
            _hand_back(frame, packed)
            if handoff is not None and stats.updates >= handoff.at:
                # Long enough: the rest in the loop written out, from here.
                rest = handoff.rest(started)
                handoff = None
                if rest is not None:
                    frame.saves[:] = [
                        (s >> low).to_bytes(length, "little")[:n] for s in saves
                    ]
                    yield from rest
                    return
            check_at = frame.tick(nodes, started)
        # X3: the leftmost active item of smallest size, as in dlx.algorithm_x.
        # (`value in sizes` costs a quarter of `sizes.find(value)` on
        # Python 3.11, so find() runs once, for the item chosen.)
        sizes = to_bytes(packed >> low, length, "little")
        # A leaf count: three primary items or fewer are left (leaf_lane,
        # leaf_counts): the nodes, updates and solutions below are counted
        # at once, unless a clock check or the limit falls among those nodes
        # (then the steps run, so that budgets, checks and positions stay
        # where they were).  A dead end there counts as one (no node below,
        # an update), so the test below tells leaves from other dead ends.
        if (
            sizes.isascii()
            or (
                packed < last
                and nodes + (leaf := leaf_of(sizes, n, down, span))[0] < check_at
                and found + leaf[2] < cap
            )
            or empty in sizes
        ):
            if sizes.isascii():
                found += 1
                # Counting hands nothing out: the loop goes on at once.
                if not count_only or found == limit:
                    stats.nodes = nodes
                    stats.solutions = found
                    _hand_back(frame, packed)
                    if not count_only:
                        yield tuple(sorted([option_of[x] for x in stack] + fixed))
                if found == limit:
                    frame.outcome = Outcome.LIMIT_REACHED
                    if handoff is not None:
                        handoff.spent()
                    return
            elif packed < last:
                # The leaf count (only a dead end gets here past the test
                # above with its steps to run).
                nodes += leaf[0]
                packed += leaf[1]
                found += leaf[2]
            else:
                # A dead end: Knuth covers the empty item, an update.
                packed += 1
            # X8/X6/X7: back up to the deepest level with an option left.
            while True:
                if not stack:
                    stats.nodes = nodes
                    _hand_back(frame, packed)
                    stats.solutions = found
                    frame.outcome = Outcome.EXHAUSTED
                    if handoff is not None:
                        handoff.spent()
                    return
                chosen = pop()
                # Uncover the other items of the option, right to left; the
                # sizes come back from the level's snapshot, not row by row.
                uncover_items = uncover_option[chosen]
                for item in uncover_items:
                    row = up[item]
                    while row != item:
                        relink = unhide[row]
                        for y in relink:
                            down[up[y]] = y
                            up[down[y]] = y
                        row = up[row]
                item = top[chosen]
                chosen = down[chosen]
                if chosen != item:
                    saved = saves[-1]
                    packed = saved + ((packed - saved) & mask)
                    break
                # X7: uncover(item)
                row = up[item]
                while row != item:
                    relink = unhide[row]
                    for y in relink:
                        down[up[y]] = y
                        up[down[y]] = y
                    row = up[row]
                pop_save()
                saved = pop_save()
                packed = saved + ((packed - saved) & mask)
        else:
            value = empty + 1
            while value not in sizes:
                value += 1
            item = sizes.find(value)
            if at_random is not None:
                item = at_random(value, sizes)
            # X4: cover(item)
            save(packed)
            packed += cover[item]
            row = down[item]
            while row != item:
                delta, unlink = hide[row]
                for y in unlink:
                    above = up[y]
                    below = down[y]
                    down[above] = below
                    up[below] = above
                packed += delta
                row = down[row]
            save(packed)
            chosen = down[item]
        # X5: try option `chosen`: cover its other items.
        offsets, cover_items = cover_option[chosen]
        packed += offsets
        for item in cover_items:
            row = down[item]
            while row != item:
                delta, unlink = hide[row]
                for y in unlink:
                    above = up[y]
                    below = down[y]
                    down[above] = below
                    up[below] = above
                packed += delta
                row = down[row]
        push(chosen)


def run_wide_lanes(
    frame: Frame, count_only: bool, tables: PackedTables
) -> Iterator[tuple[int, ...]]:
    """Algorithm X over sizes packed 16 bits per item (steps as in :func:`run_packed`).

    The same loop as :func:`run_packed` but for the choice of an item.
    The integer holds, above the update count, a lane of
    :data:`WIDE_BITS` bits per item (its length, plus
    :data:`WIDE_ACTIVE` while it is an active primary item) and one lane
    more that counts the active primary items, so "all covered" is one
    comparison.  Otherwise the lanes go to bytes, and the lengths 0, 1,
    2, ... are looked for as two-byte patterns (``in``, then ``find`` for
    the length found): the leftmost whole lane that matches is Knuth's
    choice.  A match at an odd place straddles two lanes; the search then
    goes on past it.  When every active item has :data:`WIDE_SCAN`
    options or more the lanes are read as an array instead.

    :param frame: the search whose arrays the loop works on.
    :param count_only: count the solutions without yielding them.
    :param tables: the problem's tables (16-bit lanes), not flat.
    :returns: the generator of solutions (sorted option indices).

    >>> from dlx import ExactCover, Search
    >>> links = ExactCover("ab", options=[["a", "b"], ["a"], ["b"]]).links()
    >>> search = Search(links)
    >>> list(run_wide_lanes(search, False, PackedTables(links, False, WIDE_BITS)))
    [(0,), (1, 2)]
    >>> search.stats
    Stats(nodes=4, updates=4, cleansings=0, solutions=2)
    """
    links = frame.links
    up = frame.up
    down = frame.down
    top = links.top
    option_of = links.option_of
    cover_option = tables.cover_option
    uncover_option = tables.uncover_option
    hide = tables.hide
    unhide = tables.unhide
    cover = tables.cover
    stats = frame.stats
    limit = frame.limit
    n = links.n_items
    n_primary = links.n_primary
    length = 2 * n + 2  # the bytes of the lanes, the count lane included
    solved = 1 << (WIDE_BITS * n + COUNTER_BITS)  # below it, no active item
    to_bytes = int.to_bytes
    find = bytes.find
    low = COUNTER_BITS
    # The lanes of an active item of length 0, 1, ... as bytes.
    patterns = [(WIDE_ACTIVE + k).to_bytes(2, "little") for k in range(WIDE_SCAN)]
    dead = patterns[0]
    at_random = frame.choose_at_random if frame.rng is not None else None
    stack = frame.stack
    push = stack.append
    pop = stack.pop
    fixed = [option_of[x] for x in frame.base]
    saves = [wide_lanes(links, size) for size in frame.saves]
    save = saves.append
    pop_save = saves.pop
    mask = COUNTER_MASK
    if not frame.base and not frame.stack:
        packed = tables.start + stats.updates
    else:
        packed = wide_lanes(links, frame.size) + stats.updates
    started = time.perf_counter()
    nodes = stats.nodes
    found = stats.solutions
    check_at = frame.tick(nodes + 1, started)
    while True:
        # X2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.solutions = found
            _wide_hand_back(frame, packed)
            check_at = frame.tick(nodes, started)
        # X3: the leftmost active item of smallest size, lengths tried in
        # turn (dead ends first); see the docstring.
        if packed < solved:
            item = -1
        else:
            sizes = to_bytes(packed >> low, length, "little")
            for pattern in patterns:
                if pattern in sizes:
                    item = find(sizes, pattern)
                    if not item & 1:
                        break
                    item = _aligned(sizes, pattern, item)
                    if item >= 0:
                        break
            else:
                item = _smallest_lane(sizes, n_primary)
            item >>= 1
        if item < 0 or pattern is dead:
            if item < 0:
                found += 1
                # Counting hands nothing out: the loop goes on at once.
                if not count_only or found == limit:
                    stats.nodes = nodes
                    stats.solutions = found
                    _wide_hand_back(frame, packed)
                    if not count_only:
                        yield tuple(sorted([option_of[x] for x in stack] + fixed))
                if found == limit:
                    frame.outcome = Outcome.LIMIT_REACHED
                    return
            else:
                # A dead end: Knuth covers the empty item, an update.
                packed += 1
            # X8/X6/X7: back up to the deepest level with an option left.
            while True:
                if not stack:
                    stats.nodes = nodes
                    _wide_hand_back(frame, packed)
                    stats.solutions = found
                    frame.outcome = Outcome.EXHAUSTED
                    return
                chosen = pop()
                uncover_items = uncover_option[chosen]
                for item in uncover_items:
                    row = up[item]
                    while row != item:
                        relink = unhide[row]
                        for y in relink:
                            down[up[y]] = y
                            up[down[y]] = y
                        row = up[row]
                item = top[chosen]
                chosen = down[chosen]
                if chosen != item:
                    saved = saves[-1]
                    packed = saved + ((packed - saved) & mask)
                    break
                # X7: uncover(item)
                row = up[item]
                while row != item:
                    relink = unhide[row]
                    for y in relink:
                        down[up[y]] = y
                        up[down[y]] = y
                    row = up[row]
                pop_save()
                saved = pop_save()
                packed = saved + ((packed - saved) & mask)
        else:
            if at_random is not None:
                lanes = _lane_values(sizes)
                item = at_random(lanes[item], lanes)
            # X4: cover(item)
            save(packed)
            packed += cover[item]
            row = down[item]
            while row != item:
                delta, unlink = hide[row]
                for y in unlink:
                    above = up[y]
                    below = down[y]
                    down[above] = below
                    up[below] = above
                packed += delta
                row = down[row]
            save(packed)
            chosen = down[item]
        # X5: try option `chosen`: cover its other items.
        offsets, cover_items = cover_option[chosen]
        packed += offsets
        for item in cover_items:
            row = down[item]
            while row != item:
                delta, unlink = hide[row]
                for y in unlink:
                    above = up[y]
                    below = down[y]
                    down[above] = below
                    up[below] = above
                packed += delta
                row = down[row]
        push(chosen)


# Names of the tuples whose loops unrolled() writes out, and how many such
# loops run_packed has (hide twice, unhide twice, cover and uncover once).
_UNROLLED = ("unlink", "relink", "cover_items", "uncover_items")
_LOOPS = 6


@functools.cache
def unrolled(width: int, loop: Runner | None = None) -> Runner | None:
    """:func:`run_packed` (or ``loop``) for options of ``width`` items, inner loops unrolled.

    Made once per width and loop (cached) by rewriting the loop with
    :mod:`ast`; the result runs with this file's name and line numbers.

    :param width: the number of items of every option (at least 1).
    :param loop: :func:`run_packed` (``None``, the default) or
        :func:`run_wide_lanes`.
    :returns: a function like the loop that needs flat tables, or
        ``None`` when the source code of the loop cannot be read.

    >>> run = unrolled(3)
    >>> run.__name__
    'run_packed_width_3'
    >>> sorted(v for v in run.__code__.co_varnames if v.startswith("unlink"))
    ['unlink_0', 'unlink_1']
    """
    # ast costs milliseconds to import: only here, once per width and loop.
    import ast

    def renamed(node: Any, old: str, new: str) -> Any:
        """A copy of ``node`` (a tree, a list of trees or a leaf) with the name ``old`` as ``new``.

        Ten times as fast as :func:`copy.deepcopy`, which goes through
        ``__reduce_ex__`` for every node.
        """
        if isinstance(node, list):
            return [renamed(child, old, new) for child in node]
        if not isinstance(node, ast.AST):
            return node
        # Every field given to the constructor: Python 3.14 warns (and 3.15
        # will refuse) a node made without its required fields.
        fields = {
            field: renamed(getattr(node, field, None), old, new)
            for field in node._fields
        }
        attributes = {
            attribute: getattr(node, attribute)
            for attribute in node._attributes
            if hasattr(node, attribute)
        }
        twin = node.__class__(**fields, **attributes)
        if isinstance(twin, ast.Name) and twin.id == old:
            twin.id = new
        return twin

    class _Unroll(ast.NodeTransformer):
        """Write ``for y in unlink: body`` out ``count`` times, ``y`` renamed each time."""

        def __init__(self, count: int) -> None:
            self.count = count
            self.loops = 0

        def visit_Assign(self, node: ast.Assign) -> ast.Assign:
            # `delta, unlink = hide[row]` becomes `delta, unlink_0, ... = hide[row]`
            # and `relink = unhide[row]` becomes `relink_0, ... = unhide[row]`.
            (target,) = node.targets
            if isinstance(target, ast.Name) and target.id in _UNROLLED:
                names: list[ast.expr] = [
                    ast.Name(f"{target.id}_{k}", ast.Store()) for k in range(self.count)
                ]
                node.targets = [ast.Tuple(names, ast.Store())]
            elif isinstance(target, ast.Tuple):
                last = target.elts[-1]
                if isinstance(last, ast.Name) and last.id in _UNROLLED:
                    target.elts[-1:] = [
                        ast.Name(f"{last.id}_{k}", ast.Store())
                        for k in range(self.count)
                    ]
            return node

        def visit_For(self, node: ast.For) -> Any:
            self.generic_visit(node)
            if not (isinstance(node.iter, ast.Name) and node.iter.id in _UNROLLED):
                return node
            assert isinstance(node.target, ast.Name) and not node.orelse
            self.loops += 1
            body: list[ast.stmt] = []
            for k in range(self.count):
                body += renamed(node.body, node.target.id, f"{node.iter.id}_{k}")
            return body or ast.Pass()

    # The loop's own lines, found from its code object (inspect's way
    # tokenizes them in Python: milliseconds), parsed at their line numbers.
    source = run_packed if loop is None else loop
    filename = source.__code__.co_filename
    first = source.__code__.co_firstlineno - 1
    try:
        with open(filename, encoding="utf-8") as handle:
            lines = handle.read().splitlines(keepends=True)
    except OSError:
        return None
    end = first + 1
    while end < len(lines) and not (lines[end][:1].isalpha() or lines[end][:1] in "#@"):
        end += 1
    try:
        tree = ast.parse("\n" * first + "".join(lines[first:end]))
    except SyntaxError:
        return None  # not the source of the loop this process imported
    if not (
        len(tree.body) == 1
        and isinstance(tree.body[0], ast.FunctionDef)
        and tree.body[0].name == source.__name__
    ):
        return None
    unroll = _Unroll(width - 1)
    tree = unroll.visit(tree)
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    if unroll.loops != _LOOPS:
        return None
    function.name = f"{source.__name__}_width_{width}"
    ast.fix_missing_locations(tree)
    namespace: dict[str, Any] = {}
    exec(
        compile(tree, filename, "exec"),
        globals(),
        namespace,
    )
    run = namespace[function.name]
    run.__qualname__ = function.name
    made: Runner = run
    return made


# -- the marks form: options hidden by a mark, not unlinked ----------------------


class MarksTables:
    """The read-only constants of the marks form (:func:`run_marks_lanes`) for one problem.

    * ``options[i]``: the options of item ``i``'s list, top to bottom, as
      the problem has them before any search (the lists never change);
    * ``items[o]``: the items of option ``o``, in the option's order;
    * ``first[o]``: the node of option ``o``'s first item (its nodes are
      contiguous, so item ``items[o][k]`` is node ``first[o] + k``);
    * ``delta[o]``: what hiding ``o`` adds to the wide form's integer: one
      off the lane of every item of ``o`` (the covered item's lane
      included, so that it ends at 0, not at its length) and, in the low
      bits, the updates Knuth counts for it (its width less one);
    * ``cover[i]`` and ``start``: as in :class:`PackedTables` with
      :data:`WIDE_BITS`.

    >>> from dlx import ExactCover
    >>> links = ExactCover("ab", options=[["a", "b"], ["b"]]).links()
    >>> tables = MarksTables(links)
    >>> tables.options, tables.items, tables.first
    ([(0,), (0, 1)], [(0, 1), (1,)], [3, 5])
    >>> tables.delta[0] & COUNTER_MASK, tables.delta[1] & COUNTER_MASK
    (1, 0)
    """

    def __init__(self, links: Links) -> None:
        n = links.n_items
        top = links.top
        down = links.down
        option_of = links.option_of
        options: list[tuple[int, ...]] = []
        for item in range(n):
            column = []
            x = down[item]
            while x != item:
                column.append(option_of[x])
                x = down[x]
            options.append(tuple(column))
        items: list[list[int]] = [[] for _ in range(links.n_options)]
        first = [0] * links.n_options
        for x in range(n + 1, len(top)):
            row = items[option_of[x]]
            if not row:
                first[option_of[x]] = x
            row.append(top[x])
        unit = [1 << (WIDE_BITS * item + COUNTER_BITS) for item in range(n)]
        self.options = options
        self.items = [tuple(row) for row in items]
        self.first = first
        self.delta = [len(row) - 1 - sum([unit[i] for i in row]) for row in items]
        self.cover = _covers(links, WIDE_BITS)
        self.start = wide_lanes(links, links.size)


class Marks:
    """What the marks form keeps per search, where Algorithm X's own functions can read it.

    The loop hides an option by marking it (``gone``) and noting it in
    ``log``, and leaves the frame's links as they were when it started;
    so Knuth's estimate, the split test and the sanity check of Algorithm
    X ask this object rather than the links (:mod:`dlx.algorithm_x`).

    * ``levels``: per level of ``frame.stack``, ``[item, a, b, k]``: the
      options of the item's list still there when it was covered are
      ``log[a:b]`` (in list order), and ``log[k]`` is the one tried;
    * ``log``: the options hidden, in the order hidden;
    * ``gone``: per option, 1 while it is hidden;
    * ``packed``: the wide form's integer at the last clock check or
      solution (the sizes and the update count).
    """

    def __init__(self, tables: MarksTables | None = None) -> None:
        self.tables = tables
        self.levels: list[list[int]] = []
        self.log: list[int] = []
        self.gone: list[int] = []
        self.fixed: list[int] = []
        self.packed = 0

    def fraction(self) -> float:
        """Knuth's estimate of the part of the tree behind the search (0 to 1).

        The same sum as :func:`dlx.position.fraction_done`
        (:func:`dlx.position.fraction_of`), with each level's options
        counted in the log instead of its item's list.
        """
        return fraction_of((k - a, b - a) for _, a, b, k in self.levels)

    def splittable(self) -> bool:
        """Whether a level has an option left to try."""
        return any(k + 1 < b for _, _, b, k in self.levels)

    def check(self, links: Links) -> None:
        """Verify the marks against the sizes (the marks form's ``sanity``).

        The log holds each hidden option once, and only those are marked;
        every item not covered has in its lane the number of options of
        its list not hidden (with :data:`WIDE_ACTIVE` on top for a
        primary item), a covered primary item has no such bit, and the
        lane above the items counts the active ones.

        :raises AssertionError: at the first difference.
        """
        tables = self.tables
        if tables is None:
            return
        gone = self.gone
        log = self.log
        assert len(set(log)) == len(log), "an option is in the log twice"
        assert all(gone[o] for o in log), "an option of the log is not marked"
        assert sum(gone) == len(log), "a marked option is not in the log"
        covered: set[int] = set()
        for option in [*self.fixed, *(log[k] for _, _, _, k in self.levels)]:
            covered.update(tables.items[option])
        n = links.n_items
        lanes = _lane_values(
            (self.packed >> COUNTER_BITS).to_bytes(2 * n + 2, "little")
        )
        active = 0
        for item in range(n):
            value = lanes[item]
            primary = item < links.n_primary
            if item in covered:
                assert not (primary and value >= WIDE_ACTIVE), f"item {item} is active"
                continue
            if primary:
                assert value >= WIDE_ACTIVE, f"item {item} is not active"
                active += 1
                value -= WIDE_ACTIVE
            left = sum(1 for o in tables.options[item] if not gone[o])
            assert left == value, f"item {item}: lane {value}, {left} options left"
        assert lanes[n] == active, "the count of active items is wrong"


def prepare_marks(frame: Frame) -> None:
    """Make the per-search state of the marks form (filled in when the loop starts)."""
    frame.state = Marks()


def run_marks(frame: Frame, count_only: bool) -> Iterator[tuple[int, ...]]:
    """The marks search of the frame's problem (:func:`run_marks_lanes`).

    :mod:`dlx.algorithms` runs this for the problems of the wide form
    (``links.wide``): it builds (or reuses) the tables and starts the loop.

    :param frame: the search whose arrays the loop works on.
    :param count_only: count the solutions without yielding them.
    :returns: the generator of solutions.

    >>> from dlx import ExactCover, Search
    >>> links = ExactCover("ab", options=[["a", "b"], ["a"], ["b"]]).links()
    >>> list(run_marks(Search(links, form="marks"), count_only=False))
    [(0,), (1, 2)]
    """
    links = frame.links
    tables = links.cache.get("marks")
    if not isinstance(tables, MarksTables):
        tables = MarksTables(links)
        links.cache["marks"] = tables
    return run_marks_lanes(frame, count_only, tables)


def _marks_replay(frame: Frame, tables: MarksTables, marks: Marks) -> None:
    """Mark what the frame's fixed levels and stack have hidden, as the loop would."""
    options = tables.options
    items = tables.items
    top = frame.links.top
    option_of = frame.links.option_of
    gone = marks.gone
    log = marks.log
    levels = marks.levels

    def hide_all(item: int) -> None:
        for o in options[item]:
            if not gone[o]:
                gone[o] = 1
                log.append(o)

    for level, node in enumerate([*frame.base, *frame.stack]):
        item = top[node]
        a = len(log)
        hide_all(item)
        b = len(log)
        option = option_of[node]
        if level >= len(frame.base):
            k = log.index(option, a, b)  # ValueError: not in the item's list
            levels.append([item, a, b, k])
        for other in items[option]:
            if other != item:
                hide_all(other)


def run_marks_lanes(
    frame: Frame, count_only: bool, tables: MarksTables
) -> Iterator[tuple[int, ...]]:
    """Algorithm X with options hidden by a mark, over the wide form's lanes.

    The search, its tree and its counts are Algorithm X's (the same
    choice of item, the same order of options, Knuth's nodes and
    updates), but hiding an option takes one mark, one note in a log and
    one addition to the packed sizes instead of unlinking each of its
    other nodes, and un-hiding takes one mark, not relinking: the lists
    stay as they were, and covering an item skips the options marked.
    Where options are wide and lists long (a polyomino tiling: hundreds
    of placements per piece, six items per placement) that is most of
    the work of dancing links; where lists are short the skipping costs
    more than it saves, so the dispatcher gives this form only the
    problems of the wide form.

    The frame's links stay as they were when the loop started; the
    levels live in the frame's ``state`` (:class:`Marks`), from which
    Algorithm X's estimate, split test and sanity check read them.

    :param frame: the search (its ``state`` made by :func:`prepare_marks`).
    :param count_only: count the solutions without yielding them.
    :param tables: the problem's tables.
    :returns: the generator of solutions (sorted option indices).

    >>> from dlx import ExactCover, Search
    >>> links = ExactCover("ab", options=[["a", "b"], ["a"], ["b"]]).links()
    >>> search = Search(links, form="marks")
    >>> list(run_marks_lanes(search, False, MarksTables(links)))
    [(0,), (1, 2)]
    >>> search.stats
    Stats(nodes=4, updates=4, cleansings=0, solutions=2)
    """
    links = frame.links
    options = tables.options
    items = tables.items
    first = tables.first
    delta = tables.delta
    cover = tables.cover
    option_of = links.option_of
    stats = frame.stats
    limit = frame.limit
    n = links.n_items
    n_primary = links.n_primary
    length = 2 * n + 2
    solved = 1 << (WIDE_BITS * n + COUNTER_BITS)
    to_bytes = int.to_bytes
    find = bytes.find
    low = COUNTER_BITS
    patterns = [(WIDE_ACTIVE + k).to_bytes(2, "little") for k in range(WIDE_SCAN)]
    dead = patterns[0]
    at_random = frame.choose_at_random if frame.rng is not None else None
    marks = frame.state
    if not isinstance(marks, Marks):
        marks = frame.state = Marks()
    marks.tables = tables
    marks.gone = gone = [0] * links.n_options
    log: list[int] = []
    marks.log = log
    levels: list[list[int]] = []
    marks.levels = levels
    marks.fixed = [option_of[x] for x in frame.base]
    _marks_replay(frame, tables, marks)
    hidden = log.append
    add_level = levels.append
    drop_level = levels.pop
    stack = frame.stack
    push = stack.append
    pop = stack.pop
    fixed = [option_of[x] for x in frame.base]
    saves = [wide_lanes(links, size) for size in frame.saves]
    save = saves.append
    pop_save = saves.pop
    mask = COUNTER_MASK
    if not frame.base and not frame.stack:
        packed = tables.start + stats.updates
    else:
        packed = wide_lanes(links, frame.size) + stats.updates
    marks.packed = packed
    item = -1
    started = time.perf_counter()
    nodes = stats.nodes
    found = stats.solutions
    check_at = frame.tick(nodes + 1, started)
    while True:
        # X2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.solutions = found
            stats.updates = packed & mask
            marks.packed = packed
            check_at = frame.tick(nodes, started)
        # X3: the item, as in run_wide_lanes.
        if packed < solved:
            item = -1
        else:
            sizes = to_bytes(packed >> low, length, "little")
            for pattern in patterns:
                if pattern in sizes:
                    item = find(sizes, pattern)
                    if not item & 1:
                        break
                    item = _aligned(sizes, pattern, item)
                    if item >= 0:
                        break
            else:
                item = _smallest_lane(sizes, n_primary)
            item >>= 1
        if item < 0 or pattern is dead:
            if item < 0:
                found += 1
                # Counting hands nothing out: the loop goes on at once.
                if not count_only or found == limit:
                    stats.nodes = nodes
                    stats.solutions = found
                    stats.updates = packed & mask
                    marks.packed = packed
                    if not count_only:
                        yield tuple(sorted([option_of[x] for x in stack] + fixed))
                if found == limit:
                    frame.outcome = Outcome.LIMIT_REACHED
                    return
            else:
                packed += 1  # Knuth covers the empty item, an update
            # X8/X6/X7: back up to the deepest level with an option left;
            # un-hiding is taking the marks off what the level hid.
            while True:
                if not levels:
                    stats.nodes = nodes
                    stats.updates = packed & mask
                    marks.packed = packed
                    stats.solutions = found
                    frame.outcome = Outcome.EXHAUSTED
                    return
                level = levels[-1]
                item, a, b, k = level
                for o in log[b:]:
                    gone[o] = 0
                del log[b:]
                pop()
                k += 1
                if k < b:
                    level[3] = k
                    chosen = log[k]
                    saved = saves[-1]
                    packed = saved + ((packed - saved) & mask)
                    break
                for o in log[a:]:
                    gone[o] = 0
                del log[a:]
                drop_level()
                pop_save()
                saved = pop_save()
                packed = saved + ((packed - saved) & mask)
        else:
            if at_random is not None:
                lanes = _lane_values(sizes)
                item = at_random(lanes[item], lanes)
            # X4: cover(item): hide each option of its list not hidden yet.
            save(packed)
            packed += cover[item]
            a = len(log)
            for o in options[item]:
                if gone[o]:
                    continue
                gone[o] = 1
                hidden(o)
                packed += delta[o]
            b = len(log)
            save(packed)
            add_level([item, a, b, a])
            chosen = log[a]
        # X5: try option `chosen`: cover its other items.
        row = items[chosen]
        push(first[chosen] + row.index(item))
        for other in row:
            if other == item:
                continue
            packed += cover[other]
            for o in options[other]:
                if gone[o]:
                    continue
                gone[o] = 1
                hidden(o)
                packed += delta[o]
