"""The solving techniques of :func:`sudoku.explain` up to the chains, each rated on Sudoku Explainer's scale.

A :class:`Board` holds the candidates of a grid being solved by hand;
each technique is a function that looks at a board and returns the
:class:`Hint` objects it finds there (none when it makes no progress),
rated as Sudoku Explainer (SE) rates it.  :mod:`sudoku.chains` has the
chains and forcing chains, and :data:`sudoku.steps.TECHNIQUES` lists them
all in SE's order.

A long technique (the aligned triplet exclusion, the chains, the fish of a
25x25 grid) reads the board's :class:`Clock` as it goes, a few times a
millisecond: a time budget stops it there, and progress reports come
from there (see :func:`sudoku.explain`'s ``timeout`` and ``progress``).

The techniques read the grid's units (:class:`sudoku.Regions`): rows,
columns and boxes, or jigsaw regions instead of boxes, and a variant's
diagonals or windows.  The singles, subsets, locked candidates, wings
and exclusions use every unit (a cell "sees" every cell of its units);
the fish look at rows and columns and the strong links at rows, columns
and boxes (patterns in the other units are not looked for); the unique
loops and the BUG, whose deadly patterns must keep every unit valid,
count every unit.  A hidden single counts as "in a box" in a box or a
jigsaw region and as "in a line" in a row, a column, a diagonal or a
window.

Rows, columns and symbols are numbered from 0 here (a cell is
``row * N + column``, a value 1 to N); :mod:`sudoku.explainer` turns them
into the grid's own symbols and into words.

>>> from sudoku import regions_of
>>> board = Board(regions_of(4, (2, 2)), [1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 3, 0, 0])
>>> [(h.technique, h.rating, h.placements) for h in hidden_single(board)]
[('hidden single in a box', 1.2, ((1, 2),))]
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from functools import lru_cache, partial
from itertools import compress, repeat
from operator import and_, itemgetter, le

from dlx.errors import BudgetExceeded
from dlx.records import Record
from dlx.stats import Outcome, Stats
from sudoku.regions import Regions
from sudoku.wording import seconds

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal

__all__ = [
    "TICKS",
    "Board",
    "Clock",
    "Hint",
    "Layout",
    "StepProgress",
    "aligned_pair_exclusion",
    "aligned_triplet_exclusion",
    "als_wing",
    "bug",
    "direct_hidden_pair",
    "direct_hidden_triple",
    "direct_locking",
    "fish",
    "four_strong_links",
    "hidden_pair",
    "hidden_quad",
    "hidden_sets",
    "hidden_single",
    "hidden_triple",
    "hint_of",
    "jellyfish",
    "layout_of",
    "locked_from_places",
    "locked_groups",
    "locked_sets",
    "locking",
    "naked_pair",
    "naked_quad",
    "naked_sets",
    "naked_single",
    "naked_triple",
    "swordfish",
    "three_strong_links",
    "tuvwxyz_wing",
    "two_strong_links",
    "unique_loop",
    "units_of_kind",
    "uvwxyz_wing",
    "vwxyz_wing",
    "wxyz_wing",
    "x_wing",
    "xy_wing",
    "xyz_wing",
]


class Hint(Record, frozen=True):
    """One step of a solve by hand: what a technique found, before it is applied.

    :ivar technique: the technique's name, e.g. ``"naked pair"``.
    :ivar rating: its Sudoku Explainer rating.
    :ivar placements: ``(cell, value)`` pairs the step fills in.
    :ivar eliminations: ``(cell, value)`` candidates the step removes.
    :ivar cells: the cells the deduction rests on.
    :ivar units: the units it rests on (indices into ``Regions.units``).
    :ivar values: the values it is about (the pair of a naked pair, the
        symbol of an X-wing), in order.
    :ivar chains: for the chains and forcing chains (:mod:`sudoku.chains`),
        their links: chains of nodes ``(cell, value, on)`` in order, ``on``
        true where the node asserts the candidate and false where it denies
        it; two nodes in a row share a cell, or a value and a unit.  ``()``
        for the other techniques.
    :ivar branches: how many of the ``chains``, first, are the branches of
        the deduction (the cycle, the chain, each branch of a forcing
        chain); the others are chains a node rests on besides its first.
    """

    technique: str
    rating: float
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]
    units: tuple[int, ...]
    values: tuple[int, ...]
    chains: tuple[tuple[tuple[int, int, bool], ...], ...] = ()
    branches: int = 0


class Layout(Record, frozen=True):
    """The tables of one grid shape that the techniques read (:func:`layout_of`)."""

    size: int
    units: tuple[tuple[int, ...], ...]
    #: Per unit: its cells, as a set.
    unit_sets: tuple[frozenset[int], ...]
    kinds: tuple[str, ...]
    cell_units: tuple[tuple[int, ...], ...]
    #: Per cell: the other cells that share a unit with it.
    peers: tuple[frozenset[int], ...]
    #: The units by kind: boxes (or jigsaw regions), columns, rows, and
    #: the variant's diagonals and windows; ``houses`` all of them in the
    #: order Sudoku Explainer scans them (boxes, columns, rows), extras last.
    boxes: tuple[int, ...]
    columns: tuple[int, ...]
    rows: tuple[int, ...]
    extras: tuple[int, ...]
    houses: tuple[int, ...]
    #: Per unit: whether it is a box (or a region).
    is_box: tuple[bool, ...]
    #: Pairs of units that share two cells or more, and those cells.
    crossings: tuple[tuple[int, int, frozenset[int]], ...]
    #: The same by pair, both ways round.
    crossing: dict[tuple[int, int], frozenset[int]]
    #: Per pair ``(a, b)`` of :attr:`crossing`: which of unit ``a``'s cells
    #: lie in ``b``, as bits (bit ``i`` for ``units[a][i]``).
    inside: dict[tuple[int, int], int]


@lru_cache(maxsize=32)
def layout_of(regions: Regions) -> Layout:
    """The tables of ``regions``' shape, made once per shape.

    >>> from sudoku import regions_of
    >>> layout = layout_of(regions_of(9, (3, 3)))
    >>> len(layout.peers[0]), layout.houses[:3], len(layout.crossings)
    (20, (18, 19, 20), 54)
    """
    units = regions.units
    kinds = regions.kinds
    cell_units = regions.cell_units
    peers = tuple(
        frozenset(p for u in cell_units[c] for p in units[u]) - {c}
        for c in range(regions.size * regions.size)
    )
    is_box = tuple(kind in ("box", "region") for kind in kinds)
    boxes = tuple(u for u, box in enumerate(is_box) if box)
    columns = tuple(u for u, kind in enumerate(kinds) if kind == "column")
    rows = tuple(u for u, kind in enumerate(kinds) if kind == "row")
    extras = tuple(u for u, kind in enumerate(kinds) if kind in ("diagonal", "window"))
    crossings = []
    sets = [frozenset(unit) for unit in units]
    for a, b in itertools.combinations(range(len(units)), 2):
        common = sets[a] & sets[b]
        if len(common) >= 2:
            crossings.append((a, b, common))
    inside: dict[tuple[int, int], int] = {}
    for a, b, common in crossings:
        for one, other in ((a, b), (b, a)):
            inside[one, other] = sum(
                1 << i for i, c in enumerate(units[one]) if c in common
            )
    return Layout(
        regions.size,
        units,
        tuple(frozenset(unit) for unit in units),
        kinds,
        cell_units,
        peers,
        boxes,
        columns,
        rows,
        extras,
        boxes + columns + rows + extras,
        is_box,
        tuple(crossings),
        {
            **{(a, b): c for a, b, c in crossings},
            **{(b, a): c for a, b, c in crossings},
        },
        inside,
    )


class StepProgress(Record, frozen=True):
    """A report on a solve by hand, as the ``progress`` hook of :func:`sudoku.explain` receives it.

    The shape of :class:`dlx.Progress`, as far as it fits a solve by hand:

    * ``steps``: the steps taken so far;
    * ``filled``: the blank cells they have filled;
    * ``blanks``: the blank cells of the puzzle;
    * ``elapsed``: seconds since the call began;
    * ``technique``: the technique being tried (a name of
      :data:`sudoku.steps.TECHNIQUES`); ``""`` before the first step, while
      the search for the puzzle's one solution runs;
    * ``fraction``: ``filled / blanks``, the part of the grid done (1 for a
      grid without a blank).  A poor measure of the time left: the hard
      steps, which take the time, come in the middle, so there is no
      ``remaining`` as in :class:`dlx.Progress`.

    >>> report = StepProgress(steps=12, filled=10, blanks=40, elapsed=3.2,
    ...                       technique="X-wing", fraction=0.25)
    >>> report.describe()
    '12 steps, 10 of 40 cells filled (25 %), 3 s, trying X-wing'
    """

    steps: int
    filled: int
    blanks: int
    elapsed: float
    technique: str
    fraction: float

    def describe(self) -> str:
        """The report in one line, as the ``sudoku`` command shows it.

        :returns: the line, without a line end.
        """
        doing = (
            f"trying {self.technique}"
            if self.technique
            else "searching for the one solution"
        )
        return (
            f"{self.steps} step{'' if self.steps == 1 else 's'}, {self.filled} of "
            f"{self.blanks} cells filled ({100 * self.fraction:.0f} %), "
            f"{self.elapsed:.0f} s, {doing}"
        )


#: How many :meth:`Clock.tick` calls pass between two readings of the time.
#: The techniques tick where one turn of a loop costs microseconds (a
#: millisecond or two at most, on 25x25 grids), so the clock is read
#: every few milliseconds at most.
TICKS = 32


class Clock:
    """The time budget and the progress reports of a solve by hand, read by the techniques as they go.

    Every technique calls :meth:`tick` in its loops, and :meth:`check`
    where one turn is long; every :data:`TICKS` ticks, and at each check,
    the clock reads the time.  Past the deadline it raises
    :class:`dlx.BudgetExceeded` (with :attr:`dlx.Outcome.OUT_OF_TIME`), so a
    budget stops even a long technique within milliseconds; when a report
    is due it calls the progress hook with a :class:`StepProgress`.  The
    solve that applies the steps keeps ``steps``, ``filled`` and
    ``technique`` up to date for the reports.  A clock with neither a
    budget nor a hook (what a :class:`Board` has by default) stops nothing.

    :param timeout: the budget, in seconds from now (``None``: no budget).
    :param progress: called with a :class:`StepProgress` about every
        ``interval`` seconds, the first one interval from now.
    :param interval: seconds between two reports.
    :param blanks: the blank cells of the puzzle (for the reports).

    >>> clock = Clock(timeout=60)
    >>> clock.tick()  # far from the deadline: nothing happens
    >>> Clock(timeout=0).check()
    Traceback (most recent call last):
      ...
    dlx.errors.BudgetExceeded: stopped after 0 s (time budget of 0 s used up)
    """

    __slots__ = (
        "_deadline",
        "_left",
        "_next_report",
        "_progress",
        "blanks",
        "filled",
        "interval",
        "started",
        "steps",
        "technique",
        "timeout",
    )

    def __init__(
        self,
        timeout: float | None = None,
        progress: Callable[[StepProgress], object] | None = None,
        *,
        interval: float = 1.0,
        blanks: int = 0,
    ) -> None:
        #: When the clock started (``time.perf_counter()``).
        self.started = time.perf_counter()
        self.timeout = timeout
        self.interval = interval
        self._deadline = None if timeout is None else self.started + timeout
        self._progress = progress
        self._next_report = self.started + interval
        self._left = 1  # the first tick reads the time
        #: The steps taken so far, the cells they filled, of how many blanks.
        self.steps = 0
        self.filled = 0
        self.blanks = blanks
        #: The technique being tried ("" for none).
        self.technique = ""

    def tick(self) -> None:
        """One turn of a technique's loop: read the time every :data:`TICKS` turns.

        :raises dlx.BudgetExceeded: when the time is up.
        """
        self._left -= 1
        if not self._left:
            self.check()

    def check(self) -> None:
        """Read the time now: stop when the budget is used up, report when a report is due.

        :raises dlx.BudgetExceeded: when the time is up.
        """
        self._left = TICKS
        if self._deadline is None and self._progress is None:
            return
        now = time.perf_counter()
        if self._deadline is not None and now >= self._deadline:
            raise BudgetExceeded(
                Outcome.OUT_OF_TIME,
                Stats(),
                f"stopped after {seconds(now - self.started)} s "
                f"(time budget of {self.timeout:g} s used up)",
            )
        if self._progress is not None and now >= self._next_report:
            self._next_report = now + self.interval
            self._progress(self.report(now))

    def report_if_due(self) -> None:
        """Call the progress hook if a report is due, and nothing else (the budget is not read).

        For a thread that reports while the solve waits for a solver
        that reports nothing (:func:`sudoku.explainer.one_solution`).
        """
        if self._progress is None:
            return
        now = time.perf_counter()
        if now >= self._next_report:
            self._next_report = now + self.interval
            self._progress(self.report(now))

    @property
    def reports(self) -> bool:
        """Whether the clock has a progress hook to call."""
        return self._progress is not None

    def elapsed(self) -> float:
        """Seconds since the clock started."""
        return time.perf_counter() - self.started

    def remaining(self) -> float | None:
        """Seconds left of the budget (0 when it is used up; ``None``: no budget)."""
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - time.perf_counter())

    def report(self, now: float | None = None) -> StepProgress:
        """The solve as it stands, as a progress report.

        :param now: the time (``time.perf_counter()``), if just read.
        """
        if now is None:
            now = time.perf_counter()
        blanks = self.blanks
        return StepProgress(
            self.steps,
            self.filled,
            blanks,
            now - self.started,
            self.technique,
            self.filled / blanks if blanks else 1.0,
        )


def _bits(mask: int) -> Iterator[int]:
    """The values (from 1) of the bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length()


class Board:
    """The candidates of a grid being solved by hand.

    :ivar values: each cell's value, 0 for a blank.
    :ivar cand: each blank cell's candidates as bits (bit ``v - 1`` for
        value ``v``); 0 for a filled cell.

    :ivar clock: the :class:`Clock` the techniques read as they go (a
        copy shares it).
    :ivar unchanged: for a technique that looks at every group of cells,
        the candidates with which it last found nothing (see
        :meth:`changed_since`); a copy starts without.

    A value placed is taken out of its peers' candidates at once, so a
    naked single is what is left when the other candidates are gone.
    """

    __slots__ = ("cand", "clock", "layout", "regions", "unchanged", "values")

    def __init__(
        self, regions: Regions, values: Sequence[int], clock: Clock | None = None
    ) -> None:
        self.regions = regions
        self.layout = layout_of(regions)
        self.clock = Clock() if clock is None else clock
        self.values = list(values)
        full = (1 << regions.size) - 1
        cand = [0 if v else full for v in self.values]
        peers = self.layout.peers
        for cell, value in enumerate(self.values):
            if value:
                bit = ~(1 << (value - 1))
                for p in peers[cell]:
                    cand[p] &= bit
        self.cand = cand
        self.unchanged: dict[str, list[int]] = {}

    @classmethod
    def sharing(
        cls,
        regions: Regions,
        values: list[int],
        cand: list[int],
        clock: Clock | None = None,
    ) -> Board:
        """A board over the lists ``values`` and ``cand`` themselves, not copies.

        Code that keeps its own candidates can read them through one:
        the patterns are found by the same code everywhere
        (:func:`naked_sets`, :func:`hidden_sets`, :func:`fish`,
        :func:`locked_sets`), which read ``clock`` as they go.
        """
        board = cls.__new__(cls)
        board.regions = regions
        board.layout = layout_of(regions)
        board.clock = Clock() if clock is None else clock
        board.values = values
        board.cand = cand
        board.unchanged = {}
        return board

    def copy(self) -> Board:
        """An independent copy, with the same clock (the techniques that try things work on one)."""
        other = Board.__new__(Board)
        other.regions = self.regions
        other.layout = self.layout
        other.clock = self.clock
        other.values = self.values[:]
        other.cand = self.cand[:]
        other.unchanged = {}
        return other

    def changed_since(self, technique: str) -> dict[int, int] | None:
        """The cells narrowed since ``technique`` last found nothing, each with the candidates it lost.

        ``None`` when it has not run on this board, or when a cell has
        gained a candidate since (the board was not only narrowed): then
        everything must be looked at.  A technique whose finds depend only
        on the candidates of the cells it looks at need look again only
        at groups of cells that hold a changed cell (one on a single value,
        only at the values lost); it records the candidates with
        :meth:`found_nothing`.
        """
        old = self.unchanged.pop(technique, None)
        if old is None or len(old) != len(self.cand):
            return None
        changed = {}
        for cell, (now, then) in enumerate(zip(self.cand, old, strict=True)):
            if now != then:
                if now & ~then:
                    return None
                changed[cell] = then & ~now
        return changed

    def found_nothing(self, technique: str) -> None:
        """Record that ``technique`` found nothing on the candidates as they are."""
        self.unchanged[technique] = self.cand[:]

    def place(self, cell: int, value: int) -> None:
        """Fill ``cell`` with ``value`` and take it out of the peers' candidates."""
        self.values[cell] = value
        self.cand[cell] = 0
        bit = ~(1 << (value - 1))
        cand = self.cand
        for p in self.layout.peers[cell]:
            cand[p] &= bit

    def apply(self, hint: Hint) -> None:
        """Make the hint's eliminations, then its placements."""
        cand = self.cand
        for cell, value in hint.eliminations:
            cand[cell] &= ~(1 << (value - 1))
        for cell, value in hint.placements:
            if not self.values[cell]:
                self.place(cell, value)

    def places(self, unit: int, value: int) -> list[int]:
        """The blank cells of ``unit`` where ``value`` may still go."""
        bit = 1 << (value - 1)
        cand = self.cand
        return [c for c in self.layout.units[unit] if cand[c] & bit]

    def missing(self, unit: int) -> int:
        """The values ``unit`` still lacks, as bits."""
        full = (1 << self.layout.size) - 1
        values = self.values
        for c in self.layout.units[unit]:
            if values[c]:
                full &= ~(1 << (values[c] - 1))
        return full

    def solved(self) -> bool:
        """Whether every cell is filled."""
        return 0 not in self.values


def hint_of(
    technique: str,
    rating: float,
    placements: Sequence[tuple[int, int]] = (),
    eliminations: Sequence[tuple[int, int]] = (),
    cells: Sequence[int] = (),
    units: Sequence[int] = (),
    values: Sequence[int] = (),
    chains: Sequence[Sequence[tuple[int, int, bool]]] = (),
    branches: int | None = None,
) -> Hint:
    """A :class:`Hint`, its eliminations sorted and without repeats (every chain a branch unless ``branches`` says)."""
    return Hint(
        technique,
        rating,
        tuple(placements),
        tuple(sorted(set(eliminations))),
        tuple(cells),
        tuple(units),
        tuple(values),
        tuple(tuple(chain) for chain in chains),
        len(chains) if branches is None else branches,
    )


# ---------------------------------------------------------------- helpers


@lru_cache(maxsize=64)
def _colex(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """The ``k``-subsets of ``range(n)`` in colex order ({0,1}, {0,2}, {1,2}, {0,3}...), SE's order."""
    return tuple(sorted(itertools.combinations(range(n), k), key=lambda t: t[::-1]))


def _crossing(layout: Layout, a: int, b: int) -> frozenset[int]:
    """The cells units ``a`` and ``b`` share, when two or more (else none)."""
    return layout.crossing.get((a, b), frozenset())


# ---------------------------------------------------------------- singles


def hidden_single(board: Board) -> list[Hint]:
    """The last empty cell of a unit (a full house, SE 1.0), else a value with one place left.

    In a box (or jigsaw region) SE 1.2, in a column, a row or another unit
    SE 1.5.  Units are looked at in SE's order: boxes, columns, rows.
    """
    cand = board.cand
    values = board.values
    layout = board.layout
    for u in layout.houses:
        empty = [c for c in layout.units[u] if not values[c]]
        if len(empty) == 1:
            cell = empty[0]
            value = board.missing(u).bit_length()
            return [
                hint_of("full house", 1.0, [(cell, value)], (), [cell], [u], [value])
            ]
    for u in layout.houses:
        missing = board.missing(u)
        if not missing:
            continue
        once = twice = 0
        for c in layout.units[u]:
            bits = cand[c]
            twice |= once & bits
            once |= bits
        single = once & ~twice & missing
        if single:
            low = single & -single
            value = low.bit_length()
            cell = next(c for c in layout.units[u] if cand[c] & low)
            if layout.is_box[u]:
                name, rating = "hidden single in a box", 1.2
            else:
                name, rating = "hidden single in a line", 1.5
            return [hint_of(name, rating, [(cell, value)], (), [cell], [u], [value])]
    return []


def naked_single(board: Board) -> list[Hint]:
    """A cell with one candidate left: SE 2.3."""
    for cell, bits in enumerate(board.cand):
        if bits and not bits & (bits - 1):
            value = bits.bit_length()
            return [
                hint_of("naked single", 2.3, [(cell, value)], (), [cell], (), [value])
            ]
    return []


# ------------------------------------------------------ locked candidates


def _region_pairs(layout: Layout) -> list[list[tuple[int, int]]]:
    """(unit, crossing unit) pairs by kind, in SE's order: box-column, box-row, column-box, row-box.

    The variant's units and jigsaw regions pair with every unit they meet
    in two cells or more, after those.
    """
    meets: dict[int, list[int]] = {}
    for a, b, _ in layout.crossings:
        meets.setdefault(a, []).append(b)
        meets.setdefault(b, []).append(a)
    lines = set(layout.rows) | set(layout.columns)
    kinds = (
        (layout.boxes, set(layout.columns)),
        (layout.boxes, set(layout.rows)),
        (layout.columns, set(layout.boxes)),
        (layout.rows, set(layout.boxes)),
        (layout.boxes, set(layout.extras)),
        (layout.extras, set(layout.boxes) | lines),
        (layout.rows + layout.columns, set(layout.extras)),
    )
    groups = []
    for first, second in kinds:
        pairs = [(a, b) for a in first for b in sorted(meets.get(a, ())) if b in second]
        if pairs:
            groups.append(pairs)
    return groups


def locked_sets(
    board: Board, se: bool = True, units: Container[int] | None = None
) -> Iterator[tuple[int, int, int, list[int], list[tuple[int, int]]]]:
    """Every pointing or claiming pattern: (unit, crossing unit, value, its places, eliminations).

    A value whose places in a unit (two or more) all lie where it crosses a
    second unit goes from the rest of the second.  ``se``: in SE's order
    (box and column, box and row, column and box, row and box, then by
    value); else every pair of units that
    meet in two cells or more, unit by unit (every one, as the tests' oracles find them).  ``units``:
    the pairs with one of these units only (the order kept).
    """
    layout = board.layout
    only = units
    unit_cells = layout.units
    cand = board.cand
    tick = board.clock.tick
    if not se:
        # Unit by unit: each value's places in the unit, then the other
        # units that hold them all (every one; no order to keep).
        cell_units = layout.cell_units
        sets = layout.unit_sets
        for a, unit in enumerate(unit_cells):
            tick()
            spots: dict[int, list[int]] = {}
            for c in unit:
                bits = cand[c]
                while bits:
                    low = bits & -bits
                    bits ^= low
                    spots.setdefault(low, []).append(c)
            for low, where in spots.items():
                if len(where) < 2:
                    continue
                common = set(cell_units[where[0]])
                for c in where[1:]:
                    common.intersection_update(cell_units[c])
                common.discard(a)
                inside = sets[a]
                for b in common:
                    if only is not None and a not in only and b not in only:
                        continue
                    gone = [
                        (c, low.bit_length())
                        for c in unit_cells[b]
                        if cand[c] & low and c not in inside
                    ]
                    if gone:
                        yield a, b, low.bit_length(), where, gone
        return
    # Per pair of units: the values with two places or more where they
    # cross, none in the rest of the first and some in the rest of the
    # second, as bits; then the pairs' finds by value (SE's order).  The
    # dynamic forcing chains look for locked candidates thousands of times.
    for pairs in _pair_cells(layout):
        tick()
        hits = []
        every = 0
        for a, b, shared, only_a, only_b in pairs:
            if only is not None and a not in only and b not in only:
                hits.append(0)
                continue
            once = twice = 0
            for c in shared:
                bits = cand[c]
                twice |= once & bits
                once |= bits
            if not twice:
                hits.append(0)
                continue
            rest_a = rest_b = 0
            for c in only_a:
                rest_a |= cand[c]
            for c in only_b:
                rest_b |= cand[c]
            found = twice & ~rest_a & rest_b
            hits.append(found)
            every |= found
        while every:
            bit = every & -every
            every ^= bit
            value = bit.bit_length()
            for (a, b, shared, _, only_b), found in zip(pairs, hits, strict=True):
                if found & bit:
                    where = sorted(c for c in shared if cand[c] & bit)
                    gone = [(c, value) for c in only_b if cand[c] & bit]
                    yield a, b, value, where, gone


#: Per layout (by id, with the layout kept): :func:`_pair_cells`'s tables.
_PAIR_CELLS: dict[
    int,
    tuple[
        Layout,
        list[list[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]],
    ],
] = {}


def _pair_cells(
    layout: Layout,
) -> list[list[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]]:
    """:func:`_region_pairs` with the cells of each pair: (a, b, shared, a's others, b's others), made once per layout."""
    known = _PAIR_CELLS.get(id(layout))
    if known is not None and known[0] is layout:
        return known[1]
    units = layout.units
    groups = []
    for pairs in _region_pairs(layout):
        group = []
        for a, b in pairs:
            inside = layout.crossing[a, b]
            group.append(
                (
                    a,
                    b,
                    tuple(c for c in units[a] if c in inside),
                    tuple(c for c in units[a] if c not in inside),
                    tuple(c for c in units[b] if c not in inside),
                )
            )
        groups.append(group)
    if len(_PAIR_CELLS) >= 64:
        _PAIR_CELLS.clear()
    _PAIR_CELLS[id(layout)] = (layout, groups)
    return groups


#: Per layout (by id, with the layout kept): :func:`locked_groups`
#: tables, or ``None`` where it does not apply.
_PLACE_PAIRS: dict[int, tuple[Layout, list[_PlaceGroup] | None]] = {}

#: A group of :func:`locked_groups`: the places to read, by value then first
#: unit (SE's order), as a function of the list of places; each one's finds;
#: each one's (value from 0, first unit); and the range of their indices.
_PlaceGroup = tuple[
    Callable[[Sequence[int]], Sequence[int]],
    list[dict[int, tuple[int, int]]],
    list[tuple[int, int]],
    range,
]


def locked_groups(layout: Layout) -> list[_PlaceGroup] | None:
    """:func:`locked_sets`' pairs of units read by place: per group, each value's places in each first unit, by value then unit.

    For each first unit ``a`` of a group, its finds: for each set of places
    of a value in ``a`` (two or more, as bits of its cells) that lie where
    it crosses a unit ``b`` of the group, ``(b, b's others)``: the
    crossing unit and the positions in ``b`` of its other cells, as bits.
    A group lists, by value then first unit, where in a list of places
    (``unit * N + value - 1``) to read, the first unit's finds, and the
    value and unit: :func:`locked_from_places` reads them all at once.
    ``None`` for a layout with a variant's units, where a cell of a unit
    may lie in two crossing units of one group.  Made once per layout.

    >>> from sudoku import regions_of
    >>> groups = locked_groups(layout_of(regions_of(4, (2, 2))))
    >>> gather, finds, slots, indices = groups[0]  # boxes and columns
    >>> slots[:3], finds[0][0b101]  # places 0 and 2 of box 8: column 4's top
    ([(0, 8), (0, 9), (0, 10)], (4, 12))
    """
    known = _PLACE_PAIRS.get(id(layout))
    if known is not None and known[0] is layout:
        return known[1]
    built: list[_PlaceGroup] = []
    units = layout.units
    n = layout.size
    for pairs in _pair_cells(layout) if not layout.extras else ():
        # Each position of the first unit: the pair its cell is shared
        # with (the last, as they come), and the positions shared.
        firsts: dict[int, list[tuple[int, int, int] | None]] = {}
        for a, b, shared, _, only_b in pairs:
            spots = firsts.setdefault(a, [None] * len(units[a]))
            mine = sum(1 << units[a].index(c) for c in shared)
            others = sum(1 << units[b].index(c) for c in only_b)
            for c in shared:
                spots[units[a].index(c)] = (b, mine, others)
        by_unit = []
        for a, spots in firsts.items():
            # Places of two or more whose first position's pair shares
            # them all: every such set is a part of one pair's positions.
            finds: dict[int, tuple[int, int]] = {}
            for spot in dict.fromkeys(s for s in spots if s is not None):
                b, mine, others = spot
                sub = mine
                while sub:
                    if sub & (sub - 1) and spots[(sub & -sub).bit_length() - 1] == spot:
                        finds[sub] = (b, others)
                    sub = (sub - 1) & mine
            by_unit.append((a, finds))
        at = [a * n + v for v in range(n) for a, _ in by_unit]
        gather: Callable[[Sequence[int]], Sequence[int]] = (
            partial(_one_place, at[0]) if len(at) == 1 else itemgetter(*at)
        )
        built.append(
            (
                gather,
                [finds for _ in range(n) for _, finds in by_unit],
                [(v, a) for v in range(n) for a, _ in by_unit],
                range(len(at)),
            )
        )
    tables = None if layout.extras else built
    if len(_PLACE_PAIRS) >= 64:
        _PLACE_PAIRS.clear()
    _PLACE_PAIRS[id(layout)] = (layout, tables)
    return tables


def _one_place(at: int, places: Sequence[int]) -> tuple[int]:
    """The one place a group of :func:`locked_groups` reads, as a tuple (as :func:`operator.itemgetter` gives more)."""
    return (places[at],)


def locked_from_places(
    layout: Layout, cand: Sequence[int], places: Sequence[int], wanted: int
) -> tuple[int, int, int, list[int], list[tuple[int, int]]] | Literal[False] | None:
    """The first find of :func:`locked_sets` (SE's order) among the pairs with a unit in ``wanted``, read from places.

    ``places``: each unit's places of each value in ``cand`` (index
    ``unit * n + value - 1``), as bits of the unit's cells; ``wanted``:
    units, as bits.  The same find as ``next(locked_sets(board,
    units=...))`` on a board of these candidates, ``None`` when there is
    none, found by value and unit instead of by cell: the dynamic forcing
    chains look for one thousands of times, with the places at hand.
    ``False`` for a layout with a variant's units (ask
    :func:`locked_sets`).

    >>> from sudoku import regions_of
    >>> board = Board(regions_of(4, (2, 2)), [1] + [0] * 15)
    >>> board.cand[6] &= ~2; board.cand[7] &= ~2  # 2 goes in box 2's top row
    >>> units = board.layout.units
    >>> places = [sum(1 << i for i, c in enumerate(unit) if board.cand[c] >> v & 1)
    ...           for unit in units for v in range(4)]
    >>> locked_from_places(board.layout, board.cand, places, wanted=-1)
    (9, 0, 2, [2, 3], [(1, 2)])
    >>> next(locked_sets(board))
    (9, 0, 2, [2, 3], [(1, 2)])
    """
    tables = locked_groups(layout)
    if tables is None:
        return False
    n = layout.size
    for gather, finds, slots, indices in tables:
        # The pairs whose first unit's places of a value all lie where
        # they cross, by value, then first unit (SE's order): few, picked
        # out of the group's places at once.
        hits = list(map(dict.get, finds, gather(places)))
        for k in compress(indices, hits):
            b, others = hits[k]  # type: ignore[misc]
            v, a = slots[k]
            if not places[b * n + v] & others:
                continue
            if not (wanted >> a & 1 or wanted >> b & 1):
                continue
            bit = 1 << v
            units = layout.units
            inside = layout.crossing[a, b]
            where = sorted(c for c in units[a] if c in inside and cand[c] & bit)
            gone = [(c, v + 1) for c in units[b] if c not in inside and cand[c] & bit]
            return a, b, v + 1, where, gone
    return None


def _locking(board: Board, direct: bool) -> list[Hint]:
    """Pointing and claiming (SE's Locking), direct or not, in SE's scan order."""
    layout = board.layout
    units = layout.units
    cand = board.cand
    for a, b, value, where, gone in locked_sets(board):
        bit = 1 << (value - 1)
        pointing = layout.is_box[a]
        name = "pointing" if pointing else "claiming"
        if not direct:
            rating = 2.6 if pointing else 2.8
            return [hint_of(name, rating, (), gone, where, [a, b], [value])]
        # Direct: another unit of the first one's kind, crossing the
        # second, is left with one place for the value.
        removed = {c for c, _ in gone}
        for u in units_of_kind(layout, a):
            if u == a or not _crossing(layout, u, b):
                continue
            places = [c for c in units[u] if cand[c] & bit]
            left = [c for c in places if c not in removed]
            if len(places) > 1 and len(left) == 1:
                rating = 1.7 if pointing else 1.9
                return [
                    hint_of(
                        f"direct {name}",
                        rating,
                        [(left[0], value)],
                        (),
                        where,
                        [a, b, u],
                        [value],
                    )
                ]
    return []


def units_of_kind(layout: Layout, unit: int) -> tuple[int, ...]:
    """The units of ``unit``'s kind (boxes, columns, rows or the extras), in order."""
    for group in (layout.boxes, layout.columns, layout.rows, layout.extras):
        if unit in group:
            return group
    return ()


def direct_locking(board: Board) -> list[Hint]:
    """Pointing (SE 1.7) or claiming (SE 1.9) that leaves a hidden single, which the step places."""
    return _locking(board, direct=True)


def locking(board: Board) -> list[Hint]:
    """A value's places in a box all in one line, gone from the rest of the line (pointing, SE 2.6);
    in a line all in one box, gone from the rest of the box (claiming, SE 2.8)."""
    return _locking(board, direct=False)


# ---------------------------------------------------------------- subsets

_SUBSET = {2: "pair", 3: "triple", 4: "quad"}
_NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
_HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}
_DIRECT_HIDDEN = {2: 2.0, 3: 2.5}


def naked_sets(
    board: Board, k: int, se: bool = True, units: Container[int] | None = None
) -> Iterator[tuple[int, list[int], int, list[tuple[int, int]]]]:
    """Every naked set of ``k`` cells: (unit, cells, values as bits, eliminations).

    ``k`` cells of a unit with ``k`` candidates between them: those values
    go from the unit's other cells.  ``se``: as SE looks (its order of
    units, a unit with ``2k`` open cells or more, cells of two candidates or
    more); else in every unit with more than ``k`` open cells (every one).
    ``units``: in these units only (the order kept).
    """
    cand = board.cand
    layout = board.layout
    check = board.clock.check
    for u in layout.houses if se else range(len(layout.units)):
        if units is not None and u not in units:
            continue
        check()
        open_cells = [c for c in layout.units[u] if cand[c]]
        if len(open_cells) < 2 * k if se else len(open_cells) <= k:
            continue
        # Only cells of k candidates or fewer can be in one (SE's order kept).
        least = 2 if se else 1
        small = [c for c in open_cells if least <= cand[c].bit_count() <= k]
        for group in _colex(len(small), k):
            cells = [small[i] for i in group]
            union = 0
            for c in cells:
                union |= cand[c]
            if union.bit_count() != k:
                continue
            gone = [
                (c, v)
                for c in open_cells
                if c not in cells
                for v in _bits(cand[c] & union)
            ]
            if gone:
                yield u, cells, union, gone


def _naked_set(board: Board, k: int) -> list[Hint]:
    """SE's naked set of ``k``: the first :func:`naked_sets` finds."""
    for u, cells, union, gone in naked_sets(board, k):
        return [
            hint_of(
                f"naked {_SUBSET[k]}",
                _NAKED[k],
                (),
                gone,
                cells,
                [u],
                list(_bits(union)),
            )
        ]
    return []


def hidden_sets(
    board: Board, k: int, se: bool = True, units: Container[int] | None = None
) -> Iterator[tuple[int, list[int], list[int], list[tuple[int, int]], list[int]]]:
    """Every hidden set of ``k`` values: (unit, cells, values, eliminations, the unit's places of each value).

    ``k`` values with ``k`` places between them in a unit: the other
    candidates go from those places.  ``se``: as SE looks (a unit with
    more than ``2k`` open cells, each value with two places or more, in
    SE's order); else in every unit with more than ``k`` open cells, values
    with a place or more (every one).  The last item, by value, is the
    bit mask of its places among the unit's open cells (for the direct
    hidden sets).  ``units``: in these units only (the order kept).
    """
    cand = board.cand
    layout = board.layout
    size = layout.size
    check = board.clock.check
    for u in layout.houses if se else range(len(layout.units)):
        if units is not None and u not in units:
            continue
        check()
        open_cells = [c for c in layout.units[u] if cand[c]]
        if len(open_cells) <= (2 * k if se else k):
            continue
        least = 2 if se else 1
        # at[j]: the values with j places or more (up to k + 1).  Fewer
        # than k values with least to k places: no set here (most units).
        at = [-1] + [0] * (k + 1)
        for c in open_cells:
            bits = cand[c]
            for j in range(k + 1, 0, -1):
                at[j] |= at[j - 1] & bits
        if (at[least] & ~at[k + 1]).bit_count() < k:
            continue
        places = [0] * (size + 1)
        for i, c in enumerate(open_cells):
            bits = cand[c]
            while bits:
                low = bits & -bits
                bits ^= low
                places[low.bit_length()] |= 1 << i
        # Only values of k places or fewer can be in one (SE's order kept).
        few = [v for v in range(1, size + 1) if least <= places[v].bit_count() <= k]
        for group in _colex(len(few), k):
            values = [few[i] for i in group]
            where = 0
            for v in values:
                where |= places[v]
            if where.bit_count() != k:
                continue
            cells = [open_cells[i - 1] for i in _bits(where)]
            keep = sum(1 << (v - 1) for v in values)
            gone = [(c, v) for c in cells for v in _bits(cand[c] & ~keep)]
            if gone:
                yield u, cells, values, gone, places


def _hidden_set(board: Board, k: int, direct: bool) -> list[Hint]:
    """SE's hidden set of ``k``: the first :func:`hidden_sets` finds.

    Direct (SE's direct hidden pair and triple): only when it leaves a
    hidden single of another value in the unit, which the step places (a
    unit with more than ``k`` open cells is enough).
    """
    layout = board.layout
    size = layout.size
    if not direct:
        for u, cells, values, gone, _ in hidden_sets(board, k):
            return [
                hint_of(
                    f"hidden {_SUBSET[k]}", _HIDDEN[k], (), gone, cells, [u], values
                )
            ]
        return []
    cand = board.cand
    check = board.clock.check
    for u in layout.houses:
        check()
        open_cells = [c for c in layout.units[u] if cand[c]]
        if len(open_cells) <= k:
            continue
        places = [0] * (size + 1)
        for i, c in enumerate(open_cells):
            for v in _bits(cand[c]):
                places[v] |= 1 << i
        # Values of 2 to k places only (in colex order still: a set's
        # places are k cells, and each value has two or more).
        few = [v for v in range(1, size + 1) if 2 <= places[v].bit_count() <= k]
        for group in _colex(len(few), k):
            values = [few[i] for i in group]
            where = 0
            for v in values:
                where |= places[v]
            if where.bit_count() != k:
                continue
            cells = [open_cells[i - 1] for i in _bits(where)]
            keep = sum(1 << (v - 1) for v in values)
            if not any(cand[c] & ~keep for c in cells):
                continue
            for other in range(1, size + 1):
                if other in values or places[other].bit_count() < 2:
                    continue
                outside = places[other] & ~where
                if outside.bit_count() == 1:
                    cell = open_cells[outside.bit_length() - 1]
                    return [
                        hint_of(
                            f"direct hidden {_SUBSET[k]}",
                            _DIRECT_HIDDEN[k],
                            [(cell, other)],
                            (),
                            cells,
                            [u],
                            values,
                        )
                    ]
    return []


def direct_hidden_pair(board: Board) -> list[Hint]:
    """A hidden pair that leaves a hidden single in its unit, which the step places: SE 2.0."""
    return _hidden_set(board, 2, direct=True)


def direct_hidden_triple(board: Board) -> list[Hint]:
    """A hidden triple that leaves a hidden single in its unit, which the step places: SE 2.5."""
    return _hidden_set(board, 3, direct=True)


def naked_pair(board: Board) -> list[Hint]:
    """Two cells of a unit with the same two candidates only: SE 3.0."""
    return _naked_set(board, 2)


def naked_triple(board: Board) -> list[Hint]:
    """Three cells of a unit with three candidates between them: SE 3.6."""
    return _naked_set(board, 3)


def naked_quad(board: Board) -> list[Hint]:
    """Four cells of a unit with four candidates between them: SE 5.0."""
    return _naked_set(board, 4)


def hidden_pair(board: Board) -> list[Hint]:
    """Two values with the same two places only in a unit: SE 3.4."""
    return _hidden_set(board, 2, direct=False)


def hidden_triple(board: Board) -> list[Hint]:
    """Three values with three places between them in a unit: SE 4.0."""
    return _hidden_set(board, 3, direct=False)


def hidden_quad(board: Board) -> list[Hint]:
    """Four values with four places between them in a unit: SE 5.4."""
    return _hidden_set(board, 4, direct=False)


# ------------------------------------------------------------------- fish

_FISH = {2: ("X-wing", 3.2), 3: ("swordfish", 3.8), 4: ("jellyfish", 5.2)}


def fish(
    board: Board, k: int, se: bool = True
) -> Iterator[tuple[int, list[int], list[int], list[tuple[int, int]]]]:
    """Every fish of size ``k``: (value, base lines, cover lines, eliminations).

    A value whose places in ``k`` base lines (rows, or columns) lie in
    ``k`` cover lines goes from the rest of the cover lines.  ``se``: as
    SE looks (columns as base lines first, base lines of two places or
    more, and not when the value is placed so often that ``k`` lines cannot
    hold it twice); else rows first, base lines of one place or more (every
    one).
    """
    cand = board.cand
    values = board.values
    layout = board.layout
    n = layout.size
    if len(layout.rows) != n or len(layout.columns) != n:
        return
    placed = [0] * (n + 1)
    for v in values:
        if 0 < v <= n:
            placed[v] += 1
    passes = (
        ((layout.columns, layout.rows), (layout.rows, layout.columns))
        if se
        else ((layout.rows, layout.columns), (layout.columns, layout.rows))
    )
    least = 2 if se else 1
    for base, cover in passes:
        # The values with least to k places in k base lines or more: the
        # only ones that can make a fish (often none).  spread[j]: the values
        # with such places in j lines or more; at[j]: with j places or more
        # in the line.
        spread = [-1] + [0] * k
        for u in base:
            at = [-1] + [0] * (k + 1)
            for c in layout.units[u]:
                bits = cand[c]
                for j in range(k + 1, 0, -1):
                    at[j] |= at[j - 1] & bits
            fits = at[least] & ~at[k + 1]
            for j in range(k, 0, -1):
                spread[j] |= spread[j - 1] & fits
        # masks[value][i]: the value's places in base line i, as bits (for
        # those values).
        masks = [[0] * len(base) for _ in range(n + 1)]
        for value in _bits(spread[k]):
            bit = 1 << (value - 1)
            row = masks[value]
            for i, u in enumerate(base):
                mask = 0
                for j, c in enumerate(layout.units[u]):
                    if cand[c] & bit:
                        mask |= 1 << j
                row[i] = mask
        # Per value, only base lines with the right number of places can be
        # in a fish; then the groups of k of them (SE's order: the groups
        # in colex order, then the values).
        found = []
        for value in range(1, n + 1):
            board.clock.check()
            if se and placed[value] + 2 * k > n:
                continue
            eligible = [
                i for i in range(n) if least <= masks[value][i].bit_count() <= k
            ]
            for pick in _colex(len(eligible), k):
                group = tuple(eligible[i] for i in pick)
                union = 0
                for i in group:
                    union |= masks[value][i]
                if union.bit_count() != k:
                    continue
                lines = [base[i] for i in group]
                covers = [cover[j - 1] for j in _bits(union)]
                inside = {c for u in lines for c in layout.units[u]}
                bit = 1 << (value - 1)
                gone = [
                    (c, value)
                    for u in covers
                    for c in layout.units[u]
                    if cand[c] & bit and c not in inside
                ]
                if gone:
                    found.append((group[::-1], value, lines, covers, gone))
        if se:
            found.sort(key=lambda f: (f[0], f[1]))
        for _, value, lines, covers, gone in found:
            yield value, lines, covers, gone


def _fish(board: Board, k: int) -> list[Hint]:
    """SE's fish of size ``k``: the first :func:`fish` finds."""
    name, rating = _FISH[k]
    cand = board.cand
    layout = board.layout
    for value, lines, covers, gone in fish(board, k):
        bit = 1 << (value - 1)
        cells = [c for u in lines for c in layout.units[u] if cand[c] & bit]
        return [hint_of(name, rating, (), gone, cells, [*lines, *covers], [value])]
    return []


def x_wing(board: Board) -> list[Hint]:
    """A value whose places in two columns lie in two rows (or the other way round): SE 3.2."""
    return _fish(board, 2)


def swordfish(board: Board) -> list[Hint]:
    """The same with three columns and three rows: SE 3.8."""
    return _fish(board, 3)


def jellyfish(board: Board) -> list[Hint]:
    """The same with four: SE 5.2."""
    return _fish(board, 4)


# ----------------------------------------------------------- strong links


def _strong_links(
    board: Board, value: int
) -> list[tuple[int, frozenset[int], frozenset[int], bool]]:
    """The strong links of ``value``: (unit, one end, other end, grouped).

    A unit with two places left for the value links them: one holds it.
    Grouped links join groups of places instead: a box whose places lie
    in one row and one column of it (an empty rectangle: the value is in
    the row's part or in the column's), and a line whose places lie in two
    boxes (in one part or the other).
    """
    cand = board.cand
    layout = board.layout
    bit = 1 << (value - 1)
    n = layout.size
    links = []
    box_of: dict[int, int] = {}
    for u in layout.boxes:
        for c in layout.units[u]:
            box_of[c] = u
    for u in layout.boxes + layout.rows + layout.columns:
        where = [c for c in layout.units[u] if cand[c] & bit]
        if len(where) == 2:
            links.append((u, frozenset(where[:1]), frozenset(where[1:]), False))
        if not 3 <= len(where) <= 6:
            continue
        if layout.is_box[u]:
            rows = sorted({c // n for c in where})
            columns = sorted({c % n for c in where})
            for r in rows:
                for col in columns:
                    in_row = frozenset(c for c in where if c // n == r)
                    in_column = frozenset(c for c in where if c % n == col)
                    if (
                        in_row | in_column == frozenset(where)
                        and in_row - in_column
                        and in_column - in_row
                    ):
                        links.append((u, in_row, in_column, True))
        else:
            parts: dict[int, list[int]] = {}
            for c in where:
                parts.setdefault(box_of.get(c, -1), []).append(c)
            if len(parts) == 2 and -1 not in parts:
                one, two = parts.values()
                links.append((u, frozenset(one), frozenset(two), True))
    return links


def _see_all(layout: Layout, cells: frozenset[int], others: frozenset[int]) -> bool:
    """Whether every cell of ``cells`` sees every cell of ``others`` (none shared)."""
    return all(o in layout.peers[c] for c in cells for o in others)


#: SE's base rating of a chain of n strong links, by n.
_LINKS_BASE = {2: 4.0, 3: 5.4, 4: 5.8}


def _strong_link_hints(board: Board, n_links: int) -> list[Hint]:
    """Every chain of ``n_links`` strong links of one value, joined end to end, that eliminates.

    Each link's second end sees the next link's first end, so they cannot
    both hold the value: then one of the chain's two far ends does, and
    every cell that sees both loses it (cells of the chain's units and of
    the units joining its links excepted, as SE does).
    """
    layout = board.layout
    n = layout.size
    hints: list[Hint] = []
    kind = dict.fromkeys(layout.boxes, 0)
    kind.update(dict.fromkeys(layout.rows, 1))
    kind.update(dict.fromkeys(layout.columns, 2))
    base = _LINKS_BASE[n_links]
    check = board.clock.check
    # What a value's chains eliminate depends on its places only: since the
    # last look that found nothing, only the values some cell lost are
    # looked at again.
    memo = f"{n_links} strong links"
    since = board.changed_since(memo)
    lost = -1 if since is None else 0
    for bits in () if since is None else since.values():
        lost |= bits
    for value in range(1, n + 1):
        check()
        if not lost >> (value - 1) & 1:
            continue
        links = _strong_links(board, value)
        # Each link both ways: (unit, first end, second end, grouped).
        ends = [(u, p, q, g) for u, p, q, g in links] + [
            (u, q, p, g) for u, p, q, g in links
        ]
        follows = [
            [
                j
                for j, (u2, a2, _, _) in enumerate(ends)
                if u2 != u1 and not (a1 | b1) & a2 and _see_all(layout, b1, a2)
            ]
            for u1, a1, b1, _ in ends
        ]
        for first in range(len(ends)):
            check()  # the chains from one link: milliseconds at most
            chain = [first]
            todo = [iter(follows[first])]
            while todo:
                j = next(todo[-1], None)
                if j is None:
                    todo.pop()
                    chain.pop()
                    continue
                used = {c for k in chain for c in ends[k][1] | ends[k][2]}
                if ends[j][0] in {ends[k][0] for k in chain} or used & (
                    ends[j][1] | ends[j][2]
                ):
                    continue
                chain.append(j)
                if len(chain) < n_links:
                    todo.append(iter(follows[j]))
                    continue
                hint = _chain_hint(board, value, [ends[k] for k in chain], kind, base)
                if hint is not None:
                    hints.append(hint)
                chain.pop()
    if not hints:
        board.found_nothing(memo)
    hints.sort(key=lambda h: (h.rating, -len(h.eliminations)))
    return hints[:1]


def _chain_hint(
    board: Board,
    value: int,
    chain: Sequence[tuple[int, frozenset[int], frozenset[int], bool]],
    kind: dict[int, int],
    base: float,
) -> Hint | None:
    """The hint of a chain of strong links, or ``None`` when it eliminates nothing."""
    cand = board.cand
    layout = board.layout
    peers = layout.peers
    bit = 1 << (value - 1)
    first, last = chain[0][1], chain[-1][2]
    skip = {u for u, _, _, _ in chain}
    for (_, _, b1, _), (_, a2, _, _) in itertools.pairwise(chain):
        skip |= set.intersection(*(set(layout.cell_units[c]) for c in b1 | a2))
    inside = {c for _, a, b, _ in chain for c in a | b}
    seen = frozenset.intersection(*(peers[c] for c in first | last))
    gone = [
        (c, value)
        for c in sorted(seen)
        if cand[c] & bit and c not in inside and not skip & set(layout.cell_units[c])
    ]
    if not gone:
        return None
    kinds = {kind[u] for u, _, _, _ in chain}
    grouped = any(g for _, _, _, g in chain)
    if grouped:
        extra = 0.3
    elif 0 not in kinds and len(kinds) == 1:
        extra = 0.0
    elif {0, 1, 2} <= kinds:
        extra = 0.2
    else:
        extra = 0.1
    n_links = len(chain)
    if n_links == 2 and not grouped:
        name = (
            "skyscraper"
            if extra == 0.0
            else "2-string kite"
            if kinds == {1, 2}
            else "turbot fish"
        )
    else:
        name = f"{'grouped ' if grouped else ''}{n_links} strong links"
    cells = [c for _, a, b, _ in chain for c in sorted(a) + sorted(b)]
    units = [u for u, _, _, _ in chain]
    return hint_of(name, round(base + extra, 1), (), gone, cells, units, [value])


def two_strong_links(board: Board) -> list[Hint]:
    """Two strong links of one value joined at one end (SE's 2 strong links).

    When an end of one link sees an end of the other, they cannot both
    hold the value, so one of the two far ends does: every cell that sees
    both far ends loses it.  Two parallel lines (a skyscraper) SE 4.0; a
    row and a column (a 2-string kite), a box and a line (a turbot fish),
    or two boxes, SE 4.1; with a grouped link (an empty rectangle, a line
    split between two boxes) SE 4.3.  The hint with the least rating, then
    the most eliminations, is the one given (SE's order).
    """
    return _strong_link_hints(board, 2)


def three_strong_links(board: Board) -> list[Hint]:
    """Three strong links of one value joined end to end: SE 5.4, and 0.1 to 0.3 more.

    As :func:`two_strong_links`: parallel lines only 5.4; lines both ways,
    or boxes with lines one way, 5.5; a box, a row and a column 5.6; a
    grouped link 5.7.
    """
    return _strong_link_hints(board, 3)


def four_strong_links(board: Board) -> list[Hint]:
    """Four strong links of one value joined end to end: SE 5.8 to 6.1 (as three)."""
    return _strong_link_hints(board, 4)


# ------------------------------------------------------------------ wings


def xy_wing(board: Board) -> list[Hint]:
    """A pivot xy seeing pincers xz and yz: z goes from every cell seeing both pincers (SE 4.2)."""
    return _wing(board, 2)


def xyz_wing(board: Board) -> list[Hint]:
    """A pivot xyz seeing pincers xz and yz: z goes from every cell seeing all three (SE 4.4)."""
    return _wing(board, 3)


def _wing(board: Board, pivot_size: int) -> list[Hint]:
    cand = board.cand
    peers = board.layout.peers
    name, rating = ("XY-wing", 4.2) if pivot_size == 2 else ("XYZ-wing", 4.4)
    tick = board.clock.tick
    for pivot, bits in enumerate(cand):
        if bits.bit_count() != pivot_size:
            continue
        tick()
        wings = sorted(c for c in peers[pivot] if cand[c].bit_count() == 2)
        for a, b in itertools.combinations(wings, 2):
            union = bits | cand[a] | cand[b]
            common = bits & cand[a] & cand[b]
            if union.bit_count() != 3 or cand[a] == cand[b]:
                continue
            if pivot_size == 2:
                if common:
                    continue
                z = cand[a] & cand[b]
                seen = peers[a] & peers[b]
            else:
                if common.bit_count() != 1:
                    continue
                z = common
                seen = peers[a] & peers[b] & peers[pivot]
            if z.bit_count() != 1:
                continue
            value = z.bit_length()
            gone = [(c, value) for c in sorted(seen) if c != pivot and cand[c] & z]
            if gone:
                return [hint_of(name, rating, (), gone, [pivot, a, b], (), [value])]
    return []


# ------------------------------------------------------------ uniqueness


def _loop_rating(length: int) -> float:
    """SE's base rating of a unique loop of ``length`` cells: 4.5 for 4 cells, 4.6 for 6, 4.7 for 8, 5.0 beyond."""
    rating = 4.5
    if length >= 10:
        rating += 0.3
    if length >= 8:
        rating += 0.2
    elif length >= 6:
        rating += 0.1
    return round(rating, 1)


def _loops(board: Board, mask: int, most: int = 14) -> Iterator[list[int]]:
    """Every unique loop on the pair ``mask``: cells holding both values, each unit holding 0 or 2 of them.

    Every unit counts, a variant's diagonals and windows too.  The cells
    alternate: each joins the next through a unit, and the two
    cells of a unit are an odd number of steps apart.  At most two cells
    hold more than the pair, or any number holding the pair and one same
    value more.  Each loop once, from its least cell, its second cell
    less than its last.
    """
    cand = board.cand
    layout = board.layout
    # Every unit, a variant's diagonals and windows too: a loop that leaves
    # one of them with a single cell is not deadly (swapping would break it).
    house_of = layout.cell_units
    cells = [c for c, bits in enumerate(cand) if bits & mask == mask]
    # All but two cells of a loop hold the pair alone or with one value more.
    if sum(1 for c in cells if (cand[c] & ~mask).bit_count() <= 1) < 2:
        return
    # Each unit of a loop's cell holds another of its cells: a cell alone
    # in a unit among the cells left is in no loop (nor, once it is out, a
    # cell it was the only other of).  A loop from a start has no cell
    # less than it: each start leaves out the ones before.
    units = layout.units
    live = set(cells)
    counts: dict[int, int] = {}
    for c in cells:
        for u in house_of[c]:
            counts[u] = counts.get(u, 0) + 1
    _prune(units, house_of, live, counts, [c for c in cells if c in live])
    if len(live) < len(cells):
        cells = [c for c in cells if c in live]
        if sum(1 for c in cells if (cand[c] & ~mask).bit_count() <= 1) < 2:
            return
    neighbours = {
        c: sorted({o for u in house_of[c] for o in units[u] if o in live} - {c})
        for c in cells
    }
    tick = board.clock.tick
    for start in cells:
        if start not in live:
            continue
        # Depth first, without recursion: each level keeps the candidates
        # for its next cell still to try.
        path = [start]
        count = dict.fromkeys(house_of[start], 1)
        # Per unit holding one cell of the path: where in the path it is.
        at = dict.fromkeys(house_of[start], 0)
        todo = [iter(neighbours[start])]
        while todo:
            tick()
            nxt = next(todo[-1], None)
            if nxt is None:
                todo.pop()
                left = path.pop()
                for u in house_of[left]:
                    count[u] -= 1
                continue
            if nxt <= start or nxt in path or len(path) >= most or nxt not in live:
                continue
            us = house_of[nxt]
            # A unit holds two cells, an odd number of steps apart.
            length = len(path)
            for u in us:
                k = count.get(u, 0)
                if k >= 2 or (k and (length - at[u]) % 2 == 0):
                    break
            else:
                k = -1
            if k >= 0:
                continue
            for u in us:
                if not count.get(u, 0):
                    at[u] = len(path)
            path.append(nxt)
            for u in us:
                count[u] = count.get(u, 0) + 1
            extra = [c for c in path if cand[c] != mask]
            if len(extra) > 2:
                more = {cand[c] & ~mask for c in extra}
                if len(more) != 1 or next(iter(more)).bit_count() != 1:
                    for u in us:
                        count[u] -= 1
                    path.pop()
                    continue
            here = nxt
            if (
                len(path) >= 4
                and len(path) % 2 == 0
                and start in neighbours[here]
                and path[1] < path[-1]
                and all(v in (0, 2) for v in count.values())
            ):
                shared = set(house_of[here]) & set(house_of[start])
                if all(count.get(u, 0) == 2 for u in shared):
                    yield list(path)
            todo.append(iter(neighbours[here]))
        live.discard(start)
        for u in house_of[start]:
            counts[u] -= 1
        _prune(units, house_of, live, counts, [start])


def _prune(
    units: Sequence[Sequence[int]],
    house_of: Sequence[Sequence[int]],
    live: set[int],
    counts: dict[int, int],
    look: list[int],
) -> None:
    """Take out of ``live`` the cells alone in a unit of theirs, again until none is.

    ``counts``: each unit's cells in ``live``, kept up to date; ``look``:
    the cells to look at (those of ``live`` that may be alone, or cells
    just taken out, whose units' last cells may be).
    """
    while look:
        c = look.pop()
        if c in live:
            if all(counts[u] >= 2 for u in house_of[c]):
                continue
            live.discard(c)
            for u in house_of[c]:
                counts[u] -= 1
        for u in house_of[c]:
            if counts[u] == 1:
                look.extend(o for o in units[u] if o in live)


#: Per layout (by id, with the layout kept): :func:`_loops` by the pair and
#: the cells holding it, with their candidates.
_LOOPS: dict[int, tuple[Layout, dict[tuple[int, ...], list[list[int]]]]] = {}


def unique_loop(board: Board) -> list[Hint]:
    """A unique rectangle or loop: cells that, but for their extra candidates, would swap two values.

    A puzzle with one solution cannot end in such a deadly pattern (the
    pair could be swapped around the loop), so an extra candidate must be
    true somewhere.  Type 1 (one cell with extras): the pair goes from
    it.  Type 2 (the extra cells hold one same value more): that value goes
    from every cell that sees them all.  Type 3 (two extra cells in a unit):
    their extras and other cells of the unit make a naked set, whose values
    go from the rest of the unit.  Type 4 (two extra cells in a unit where
    one value of the pair goes only in them): the other value goes from
    both.  SE 4.5 for four cells (a rectangle), 4.6 for six, 4.7 for eight,
    5.0 for ten or more; type 3 adds 0.1 per cell of the naked set beyond
    one.  The least rated hint, then the least type, is given.
    """
    cand = board.cand
    layout = board.layout
    n = layout.size
    hints: list[tuple[float, int, Hint]] = []
    check = board.clock.check
    # The loops on a pair depend only on the cells holding both values and
    # their candidates: from one step to the next, most pairs' are the same.
    known = _LOOPS.get(id(layout))
    if known is None or known[0] is not layout or len(known[1]) >= 50_000:
        if len(_LOOPS) >= 8:
            _LOOPS.clear()
        known = _LOOPS[id(layout)] = (layout, {})
    memo = known[1]
    holding = [0] * n  # per value from 0: the cells holding it, as bits
    for c, bits in enumerate(cand):
        while bits:
            low = bits & -bits
            bits ^= low
            holding[low.bit_length() - 1] |= 1 << c
    for a, b in itertools.combinations(range(1, n + 1), 2):
        check()
        mask = (1 << (a - 1)) | (1 << (b - 1))
        both = holding[a - 1] & holding[b - 1]
        key = (mask, both, *(cand[c] for c in _cells_of(both)))
        loops = memo.get(key)
        if loops is None:
            loops = memo[key] = list(_loops(board, mask))
        for loop in loops:
            check()
            base = _loop_rating(len(loop))
            name = "unique rectangle" if len(loop) == 4 else "unique loop"
            extra = [c for c in loop if cand[c] != mask]
            found: list[tuple[int, float, list[tuple[int, int]], list[int]]] = []
            if len(extra) == 1:
                found.append((1, base, [(extra[0], a), (extra[0], b)], []))
            more = {cand[c] & ~mask for c in extra}
            if len(extra) >= 2 and len(more) == 1 and next(iter(more)).bit_count() == 1:
                x = next(iter(more))
                value = x.bit_length()
                seen = frozenset.intersection(*(layout.peers[c] for c in extra))
                gone = [
                    (c, value) for c in sorted(seen) if cand[c] & x and c not in loop
                ]
                if gone:
                    found.append((2, base, gone, []))
            if len(extra) == 2:
                e1, e2 = extra
                shared = sorted(set(layout.cell_units[e1]) & set(layout.cell_units[e2]))
                for u in shared:
                    for keep, lose in ((a, b), (b, a)):
                        kbit = 1 << (keep - 1)
                        if all(c in extra for c in layout.units[u] if cand[c] & kbit):
                            found.append((4, base, [(e1, lose), (e2, lose)], [u]))
                    # Type 3: the extras act as one cell of a naked set.
                    pseudo = (cand[e1] | cand[e2]) & ~mask
                    others = [c for c in layout.units[u] if cand[c] and c not in loop]
                    for k in range(2, 5):
                        for group in itertools.combinations(others, k - 1):
                            union = pseudo
                            for c in group:
                                union |= cand[c]
                            if union.bit_count() != k:
                                continue
                            gone = [
                                (c, v)
                                for c in others
                                if c not in group
                                for v in _bits(cand[c] & union)
                            ]
                            if gone:
                                found.append(
                                    (3, round(base + 0.1 * (k - 1), 1), gone, [u])
                                )
            for kind, rating, gone, units in found:
                hints.append(
                    (
                        rating,
                        kind,
                        hint_of(
                            f"{name} type {kind}", rating, (), gone, loop, units, [a, b]
                        ),
                    )
                )
    hints.sort(key=lambda t: (t[0], t[1]))
    return [h for _, _, h in hints[:1]]


def bug(board: Board) -> list[Hint]:
    """A bivalue universal grave (BUG): every blank cell but a few with two candidates.

    If every blank cell had two candidates and every value two places (or
    none) in every unit, the grid would have two solutions or none.  The
    *BUG values* are the candidates whose removal makes it so, and one of
    them is true:

    * type 1 (one BUG cell): its BUG values stay, its other candidates go
      (SE 5.6);
    * type 2 (one BUG value, in several cells): it goes from every cell
      that sees them all (SE 5.7);
    * type 4 (two BUG cells in a unit, one more value in common): each
      cell loses its candidates but its BUG values and that value (SE 5.7);
    * type 3 (the BUG cells in a unit): their BUG values and other cells of
      the unit make a naked set, whose values go from the rest of the unit
      (SE 5.7 and 0.1 per cell of the set beyond two).
    """
    cand = board.cand
    layout = board.layout
    n = layout.size
    # Every unit: the grave's two solutions (or none) need every unit's
    # values in pairs, a variant's diagonals and windows too.
    houses = layout.boxes + layout.rows + layout.columns + layout.extras
    bug_cells: list[int] = []
    bug_values: dict[int, int] = {}
    extra_cells: list[int] = []
    only_value = 0
    one_value = True
    for u in houses:
        for value in range(1, n + 1):
            bit = 1 << (value - 1)
            places = [c for c in layout.units[u] if cand[c] & bit]
            if len(places) in (0, 2):
                continue
            many = [c for c in places if cand[c].bit_count() >= 3]
            if not extra_cells and one_value and not only_value:
                extra_cells, only_value = list(many), value
            elif value == only_value:
                extra_cells += [c for c in many if c not in extra_cells]
            else:
                one_value = False
            if not many:
                return []
            if len(many) == 1:
                cell = many[0]
                if cell not in bug_values:
                    bug_cells.append(cell)
                bug_values[cell] = bug_values.get(cell, 0) | bit
    if one_value:
        for cell in sorted(extra_cells):
            if cell not in bug_values:
                bug_cells.append(cell)
                bug_values[cell] = 1 << (only_value - 1)
    if not bug_cells:
        return []
    # Without the BUG values: two candidates a cell, two places (or none) a value.
    left = list(cand)
    for cell, bits in bug_values.items():
        left[cell] &= ~bits
    if any(bits and bits.bit_count() != 2 for bits in left):
        return []
    for u in houses:
        for value in range(1, n + 1):
            bit = 1 << (value - 1)
            if sum(1 for c in layout.units[u] if left[c] & bit) not in (0, 2):
                return []
    every = 0
    for bits in bug_values.values():
        every |= bits
    common = frozenset.intersection(*(layout.peers[c] for c in bug_cells)) - set(
        bug_cells
    )
    hints: list[Hint] = []
    if len(bug_cells) == 1:
        cell = bug_cells[0]
        keep = bug_values[cell]
        gone = [(cell, v) for v in _bits(cand[cell] & ~keep)]
        placed = [(cell, keep.bit_length())] if keep.bit_count() == 1 else []
        return [hint_of("BUG type 1", 5.6, placed, gone, [cell], (), list(_bits(keep)))]
    if every.bit_count() == 1:
        value = every.bit_length()
        gone = [(c, value) for c in sorted(common) if cand[c] & every]
        if gone:
            hints.append(hint_of("BUG type 2", 5.7, (), gone, bug_cells, (), [value]))
    if len(bug_cells) == 2 and (every.bit_count() == 1 or common):
        c1, c2 = bug_cells
        shared = cand[c1] & cand[c2] & ~every
        if shared.bit_count() == 1:
            for u in sorted(set(layout.cell_units[c1]) & set(layout.cell_units[c2])):
                if u not in houses:
                    continue
                gone = [
                    (c, v)
                    for c in (c1, c2)
                    for v in _bits(cand[c] & ~(bug_values[c] | shared))
                ]
                if gone:
                    hints.append(
                        hint_of(
                            "BUG type 4",
                            5.7,
                            (),
                            gone,
                            bug_cells,
                            [u],
                            list(_bits(shared)),
                        )
                    )
                    break
    if hints:
        return hints[:1]
    if every.bit_count() >= 2 and common:
        for d in range(2, 7):
            for u in houses:
                if not all(c in layout.units[u] for c in bug_cells):
                    continue
                room = [c for c in layout.units[u] if c in common and cand[c]]
                for group in _colex(len(room), d - 1):
                    cells = [room[i] for i in group]
                    union = every
                    for c in cells:
                        union |= cand[c]
                    if union.bit_count() != d or any(
                        cand[c].bit_count() < 2 for c in cells
                    ):
                        continue
                    gone = [
                        (c, v)
                        for c in room
                        if c not in cells
                        for v in _bits(cand[c] & union)
                    ]
                    if gone:
                        rating = round(5.7 + 0.1 * (d - 1), 1)
                        return [
                            hint_of(
                                "BUG type 3",
                                rating,
                                (),
                                gone,
                                bug_cells + cells,
                                [u],
                                list(_bits(union)),
                            )
                        ]
    return []


# ------------------------------------------------------------------- ALS wings

_WINGS = {3: "WXYZ-wing", 4: "VWXYZ-wing", 5: "UVWXYZ-wing", 6: "TUVWXYZ-wing"}


def _wing_rating(k: int, most: int) -> float:
    """SE's rating of a wing of ``k`` ALS cells, the most candidates of one of them ``most``."""
    if k == 3:
        return round(5.5 + 0.1 * (1 - abs(3 - most)), 1)
    if k == 4:
        return round(6.2 + 0.1 * (2 - abs(3 - most)), 1)
    return 6.6 if k == 5 else 7.5


def als_wing(board: Board, k: int) -> list[Hint]:
    """An almost locked set of ``k`` cells and a two-candidate cell joined by a restricted value.

    ``k`` cells that all see each other (on a plain grid, in one unit) hold ``k + 1``
    values; a cell ``yz`` with two of them sees every cell of the set that
    holds one of its values, x: then x is true in yz or in the set, so the
    set is locked or yz holds the other value, z.  Either way z is true in
    yz or in the set's cells that hold it, and every cell that sees them
    all loses it (when both of yz's values are so joined, every value of the
    set goes from the cells that see all its places, as SE does).  SE's
    WXYZ-wing (3 cells, 5.5 or 5.6), VWXYZ-wing (4 cells, 6.2 to 6.4),
    UVWXYZ-wing (5 cells, 6.6) and TUVWXYZ-wing (6 cells, 7.5).  The hint of least rating, then most
    eliminations, is given.
    """
    cand = board.cand
    peers = board.layout.peers
    size = len(cand)
    hints: list[tuple[float, int, int, Hint]] = []
    found = 0
    tick = board.clock.tick
    # A wing rests on its set's cells and on yz alone (a cell it
    # eliminates from only loses candidates): since the last look that
    # found nothing, only a set with a changed cell, or one with a changed
    # cell for yz, can give one.  When no changed cell has two candidates,
    # the sets without a changed cell are not even made.
    memo = f"{k}-cell ALS wing"
    since = board.changed_since(memo)
    changed: Container[int] = range(size) if since is None else since.keys()
    any_yz = since is None or any(cand[c].bit_count() == 2 for c in since)
    for first in range(size):
        if not 2 <= cand[first].bit_count() <= k + 1:
            continue
        # Sets of k cells that all see each other, in increasing order.
        stack = [
            (
                [first],
                cand[first],
                sorted(c for c in peers[first] if c > first),
                first in changed,
            )
        ]
        while stack:
            tick()
            cells, union, ahead, fresh = stack.pop()
            if len(cells) == k:
                if union.bit_count() != k + 1:
                    continue
                for hint in _als_wing_hints(
                    board, cells, union, k, None if fresh else changed
                ):
                    found += 1
                    hints.append((hint.rating, -len(hint.eliminations), found, hint))
                continue
            for i in range(len(ahead) - 1, -1, -1):
                c = ahead[i]
                bits = cand[c]
                if bits.bit_count() < 2:
                    continue
                more = union | bits
                if more.bit_count() > k + 1:
                    continue
                rest = [o for o in ahead[i + 1 :] if o in peers[c]]
                now = fresh or c in changed
                if not (now or any_yz or any(o in changed for o in rest)):
                    continue
                stack.append(([*cells, c], more, rest, now))
    if not hints:
        board.found_nothing(memo)
    hints.sort(key=lambda t: t[:3])
    return [t[3] for t in hints[:1]]


def _als_wing_hints(
    board: Board,
    cells: list[int],
    union: int,
    k: int,
    changed: Container[int] | None = None,
) -> Iterator[Hint]:
    """The wings of the set ``cells`` (with yz in ``changed`` only, unless ``None``)."""
    cand = board.cand
    peers = board.layout.peers
    seen_by = frozenset.union(*(peers[c] for c in cells)) - set(cells)
    most = max(cand[c].bit_count() for c in cells)
    rating = _wing_rating(k, most)
    for yz in sorted(seen_by):
        bits = cand[yz]
        if bits.bit_count() != 2 or bits & ~union:
            continue
        if changed is not None and yz not in changed:
            continue
        a, b = _bits(bits)
        restricted = [
            v
            for v in (a, b)
            if all(yz in peers[c] for c in cells if cand[c] >> (v - 1) & 1)
        ]
        if not restricted:
            continue
        pattern = set(cells) | {yz}
        gone: list[tuple[int, int]] = []
        for x in restricted:
            z = b if x == a else a
            holders = [c for c in cells if cand[c] >> (z - 1) & 1]
            seen = peers[yz].intersection(*(peers[c] for c in holders))
            gone += [
                (c, z) for c in seen if c not in pattern and cand[c] >> (z - 1) & 1
            ]
        if len(restricted) == 2:
            for w in _bits(union & ~bits):
                holders = [c for c in cells if cand[c] >> (w - 1) & 1]
                seen = frozenset.intersection(*(peers[c] for c in holders))
                gone += [
                    (c, w) for c in seen if c not in pattern and cand[c] >> (w - 1) & 1
                ]
        if gone:
            yield hint_of(_WINGS[k], rating, (), gone, [*cells, yz], (), [a, b])


def wxyz_wing(board: Board) -> list[Hint]:
    """:func:`als_wing` with three cells: SE 5.5 or 5.6."""
    return als_wing(board, 3)


def vwxyz_wing(board: Board) -> list[Hint]:
    """:func:`als_wing` with four cells: SE 6.2 to 6.4."""
    return als_wing(board, 4)


def uvwxyz_wing(board: Board) -> list[Hint]:
    """:func:`als_wing` with five cells: SE 6.6."""
    return als_wing(board, 5)


def tuvwxyz_wing(board: Board) -> list[Hint]:
    """:func:`als_wing` with six cells: SE 7.5."""
    return als_wing(board, 6)


# ------------------------------------------------------ aligned pair exclusion


def aligned_pair_exclusion(board: Board) -> list[Hint]:
    """Two cells whose pairs of values the two-candidate cells that see both rule out (SE 6.2).

    A pair of values (a in one cell, b in the other) is impossible when the
    cells see each other and a = b, or when a cell that sees both holds just
    a and b.  A value that goes in no possible pair goes from its cell.
    Only cells that see at least one two-candidate cell, and no cell with
    one candidate, are looked at, as SE does; two at least must see both.
    """
    cand = board.cand
    peers = board.layout.peers
    peer_bits = _peer_bits(board.layout)
    # The cells of one candidate and of two, as bits of the cells.
    ones = twos = 0
    for c, bits in enumerate(cand):
        count = bits.bit_count()
        if count == 1:
            ones |= 1 << c
        elif count == 2:
            twos |= 1 << c
    base = [
        c
        for c, bits in enumerate(cand)
        if bits.bit_count() >= 2 and not peer_bits[c] & ones and peer_bits[c] & twos
    ]
    seen = [peer_bits[c] & twos for c in base]
    tick = board.clock.tick
    # Colex order, as SE: by the second cell, then the first; the pairs
    # seen both by two two-candidate cells or more picked at once.
    for j in range(len(base)):
        tick()
        mine = seen[j]
        both = list(map(and_, seen[:j], repeat(mine)))
        for i in compress(range(j), map(le, repeat(2), map(int.bit_count, both))):
            tick()
            c0, c1 = base[i], base[j]
            excluders = _cells_of(both[i])
            linked = c1 in peers[c0]
            masks = {cand[p] for p in excluders}
            keep0 = keep1 = 0
            for a in _bits(cand[c0]):
                for b in _bits(cand[c1]):
                    if a == b and linked:
                        continue
                    if (1 << (a - 1)) | (1 << (b - 1)) in masks:
                        continue
                    keep0 |= 1 << (a - 1)
                    keep1 |= 1 << (b - 1)
            gone = [(c0, v) for v in _bits(cand[c0] & ~keep0)]
            gone += [(c1, v) for v in _bits(cand[c1] & ~keep1)]
            if gone:
                return [
                    hint_of(
                        "aligned pair exclusion",
                        6.2,
                        (),
                        gone,
                        [c0, c1, *sorted(excluders)],
                        (),
                        (),
                    )
                ]
    return []


#: Per layout (by id, with the layout kept): each cell's peers as bits.
_PEER_BITS: dict[int, tuple[Layout, tuple[int, ...]]] = {}


def _peer_bits(layout: Layout) -> tuple[int, ...]:
    """Each cell's peers as bits of the cells, made once per layout."""
    known = _PEER_BITS.get(id(layout))
    if known is None or known[0] is not layout:
        if len(_PEER_BITS) >= 32:
            _PEER_BITS.clear()
        bits = tuple(sum(1 << p for p in peers) for peers in layout.peers)
        known = _PEER_BITS[id(layout)] = (layout, bits)
    return known[1]


def _cells_of(bits: int) -> list[int]:
    """The cells of ``bits`` (bit ``c`` for cell ``c``), in order."""
    cells = []
    while bits:
        low = bits & -bits
        bits ^= low
        cells.append(low.bit_length() - 1)
    return cells


def aligned_triplet_exclusion(board: Board) -> list[Hint]:
    """Three cells whose triples of values the cells that see all three rule out (SE 7.5).

    As :func:`aligned_pair_exclusion` with three cells: a triple of values
    (one in each cell) is impossible when two of the cells see each other
    and hold the same value, or when a cell that sees all three holds only
    values of the triple (it would be left empty).  The cells that see all
    three with two or three candidates are the ones looked at; a value that
    goes in no possible triple goes from its cell.
    """
    cand = board.cand
    peer_bits = _peer_bits(board.layout)
    base = [c for c, bits in enumerate(cand) if bits.bit_count() >= 2]
    # The cells of two or three candidates, and each base cell's among
    # its peers (its excluders), as bits of the cells.
    small = 0
    for c, bits in enumerate(cand):
        if 2 <= bits.bit_count() <= 3:
            small |= 1 << c
    excluders = [peer_bits[c] & small for c in base]
    values = {c: [1 << (v - 1) for v in _bits(cand[c])] for c in base}
    # The cells of a triple all see its excluders: a pair without common
    # ones rules out every triple with it (most of them).
    clock = board.clock
    tick = clock.tick
    below: list[list[int]] = []  # below[k]: each j < k with some
    theirs: list[list[int]] = []  # and their excluders
    for k, mine in enumerate(excluders):
        tick()
        shared = list(map(and_, excluders[:k], repeat(mine)))
        below.append(list(compress(range(k), shared)))
        theirs.append(list(compress(excluders, shared)))
    # Colex order, as SE: by the last cell, then the middle one, then the
    # first (the clock read for each middle one: a few hundred triples).
    # Since the last look that found nothing, only a triple with a changed
    # cell among its cells or excluders can have changed: the others still
    # keep every value (the cells narrowed only, so an excluder now was one
    # then, with the same candidates).
    since = board.changed_since("aligned triplet exclusion")
    everything = since is None
    changed = {} if since is None else since
    changed_bits = sum(1 << c for c in changed)
    # The changed cells' places in base.
    moved = [i for i, c in enumerate(base) if c in changed]
    for k in range(len(base)):
        c2 = base[k]
        for j in below[k]:
            clock.check()
            c1 = base[j]
            both = excluders[j] & excluders[k]
            # The first cells with excluders in common with both (each i
            # of below[j] has some with j): all of them for a triple with
            # a changed cell, else those sharing a changed excluder, and
            # the changed first cells.
            if everything or c1 in changed or c2 in changed:
                look: Iterable[int] = compress(
                    below[j], map(and_, theirs[j], repeat(both))
                )
            else:
                hot = both & changed_bits
                look = (
                    list(compress(below[j], map(and_, theirs[j], repeat(hot))))
                    if hot
                    else []
                )
                more = [i for i in moved if i < j and excluders[i] & both]
                if more:
                    look = sorted({*look, *more})
            for i in look:
                common = excluders[i] & both
                hint = _triplet_exclusion(
                    board, (base[i], c1, c2), _cells_of(common), values
                )
                if hint is not None:
                    return [hint]
    board.found_nothing("aligned triplet exclusion")
    return []


def _triplet_exclusion(
    board: Board,
    cells: tuple[int, int, int],
    common: list[int],
    values: dict[int, list[int]],
) -> Hint | None:
    """The aligned triplet exclusion of three cells, seen all three by the cells ``common``, or ``None``."""
    cand = board.cand
    peers = board.layout.peers
    c0, c1, c2 = cells
    seen01, seen02, seen12 = c1 in peers[c0], c2 in peers[c0], c2 in peers[c1]
    keep0 = keep1 = keep2 = 0
    full0, full1, full2 = cand[c0], cand[c1], cand[c2]
    # The triples (as bits) that leave an excluder without a value: its
    # candidates, and with two of them, those and one more of the cells'
    # (none for an excluder with a value the cells have not).
    every = full0 | full1 | full2
    banned = set()
    for mask in {cand[p] for p in common}:
        if mask & ~every:
            continue
        banned.add(mask)
        if mask.bit_count() == 2:
            for extra in _bits(every & ~mask):
                banned.add(mask | (1 << (extra - 1)))
    if not banned and not (seen01 and seen02 and seen12):
        # Two values or more a cell: a value of one cell leaves the others
        # a value each that its neighbours (one or two, not all three
        # seeing each other) have not taken.  Nothing goes.
        return None
    # Stop as soon as every value is kept: nothing goes (most triples).
    for bit_a in values[c0]:
        for bit_b in values[c1]:
            if bit_a == bit_b and seen01:
                continue
            bit_ab = bit_a | bit_b
            for bit_c in values[c2]:
                if (bit_c == bit_a and seen02) or (bit_c == bit_b and seen12):
                    continue
                if (bit_ab | bit_c) not in banned:
                    keep0 |= bit_a
                    keep1 |= bit_b
                    keep2 |= bit_c
            if keep0 == full0 and keep1 == full1 and keep2 == full2:
                break
        if keep0 == full0 and keep1 == full1 and keep2 == full2:
            break
    if keep0 == full0 and keep1 == full1 and keep2 == full2:
        return None
    gone = [(c0, v) for v in _bits(cand[c0] & ~keep0)]
    gone += [(c1, v) for v in _bits(cand[c1] & ~keep1)]
    gone += [(c2, v) for v in _bits(cand[c2] & ~keep2)]
    if not gone:
        return None
    return hint_of(
        "aligned triplet exclusion",
        7.5,
        (),
        gone,
        [c0, c1, c2, *common],
        (),
        (),
    )
