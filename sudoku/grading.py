"""Grading sudoku puzzles by the human techniques their solve needs.

:func:`sudoku.grade` solves a puzzle the way a careful person would: at every
step it applies the simplest technique of the list below that makes
progress, with every deduction that technique finds in the grid as it
stands, and then starts again from the simplest.  The grade is the
hardest technique the solve needed; when none of them gets any further,
the rest is left to the exact-cover search, and the grade records how
many search nodes that took.

The techniques, simplest first (:class:`sudoku.Technique`):

1. *naked single*: a cell with one candidate left;
2. *hidden single*: a symbol with one place left in a unit (a row,
   column or box, or any other unit of the grid);
3. *cage combinations* (with ``cages=``): the digits that the sets
   reaching a cage's total leave each of its cells;
4. *locked candidates*: the places of a symbol in one unit all lie in a
   second unit, so the symbol goes nowhere else in the second (pointing
   and claiming);
5. *rule of 45* (with ``cages=``): innies and outies, the cage that
   whole units and the cages in them imply, read as a cage;
6. *naked pair*: two cells of a unit with the same two candidates only;
7. *hidden pair*: two symbols with the same two places only in a unit;
8. *naked triple*: three cells with three candidates between them;
9. *hidden triple*: three symbols with three places between them;
10. *X-wing*: a symbol whose places in two rows lie in the same two
    columns (or the other way round);
11. *swordfish*: the same with three rows and three columns;
12. *search*: none of the above gets any further.

Every technique is written over the *units* of the grid (lists of cells
that hold each symbol once: rows, columns and boxes, or jigsaw regions
instead of boxes, and a variant's diagonals or windows); the fish
(X-wing, swordfish) use the rows and columns only.  Every deduction holds in every
solution of the puzzle, so grading never changes the answer.

The cage techniques are the explainer's (:mod:`sudoku.cage_steps`),
found in every cage at once; without cages they find nothing.  With
cages, the search that finishes the solve is the solver's exact cover of
the cages (:func:`sudoku.encode`), from the cells the techniques filled.

The scale (``Grade.level``) groups the techniques into six levels:

====== ========== ==================================================
level  name       hardest technique needed
====== ========== ==================================================
1      easy       naked and hidden singles, cage combinations
2      medium     locked candidates, rule of 45
3      hard       naked and hidden pairs and triples
4      expert     X-wing, swordfish
5      extreme    search, fewer than 1,000 nodes
6      diabolical search, 1,000 nodes or more
====== ========== ==================================================

(level 0, ``"solved"``, is a grid without a blank; the 1,000 is
:data:`sudoku.grading.DIABOLICAL_NODES`).  The line between
levels 5 and 6 was calibrated on public sets (see the grading how-to): it
puts nearly all of the forum's "hardest" lists on level 6 and nearly all
of magictour's top1465 and Norvig's top95 on level 5.  Grades compare by
level, then by the hardest technique, then by the search nodes.

``timeout=`` bounds the whole grade, techniques and search: the techniques
read the clock as they go (a :class:`sudoku.techniques.Clock`), the search
gets what is left.  A budget that runs out raises
:class:`GradeBudgetError` and Ctrl-C :class:`GradeInterrupted`, each with
the grade so far (not ``complete``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from dlx import BudgetExceeded, ExactCover, Outcome, Progress, Search, Stats
from dlx.records import Record
from sudoku.encoding import conflict_error, encode
from sudoku.errors import BudgetError, MultipleSolutionsError, NoSolutionError
from sudoku.grid import ArrayLike, Grid, GridLike
from sudoku.regions import Regions, regions_of
from sudoku.singles import Contradiction, Singles, cell_name
from sudoku.solver import cages_of, check_budget, parse_grid, units_of
from sudoku.techniques import (
    Board,
    Clock,
    fish,
    hidden_sets,
    locked_sets,
    naked_sets,
)
from sudoku.wording import seconds

if TYPE_CHECKING:
    # Annotations only: a grid without cages never imports sudoku.cages.
    from sudoku.cages import Cage

__all__ = [
    "DIABOLICAL_NODES",
    "LEVEL_NAMES",
    "Grade",
    "GradeBudgetError",
    "GradeInterrupted",
    "Technique",
    "grade",
]


class Technique(enum.IntEnum):
    """The solving techniques of :func:`grade`, simplest first.

    >>> Technique.X_WING.label
    'X-wing'
    >>> Technique.NAKED_PAIR < Technique.X_WING
    True
    >>> Technique.HIDDEN_TRIPLE.level
    3
    >>> Technique.RULE_OF_45.label, Technique.RULE_OF_45.level
    ('rule of 45', 2)

    The members' numbers are their order, which may change as techniques
    are added (the cage techniques came in between): compare them, and
    store a technique by its :attr:`label`, as ``sudoku --grade --json``
    writes it, not by its number.
    """

    NAKED_SINGLE = 1
    HIDDEN_SINGLE = 2
    CAGE_COMBINATIONS = 3
    LOCKED_CANDIDATES = 4
    RULE_OF_45 = 5
    NAKED_PAIR = 6
    HIDDEN_PAIR = 7
    NAKED_TRIPLE = 8
    HIDDEN_TRIPLE = 9
    X_WING = 10
    SWORDFISH = 11
    SEARCH = 12

    @property
    def label(self) -> str:
        """The technique's name in words, e.g. ``"naked pair"``."""
        if self is Technique.X_WING:
            return "X-wing"
        return self.name.lower().replace("_", " ")

    @property
    def level(self) -> int:
        """The level of :data:`LEVEL_NAMES` that this technique marks (1 to 5;
        a search of :data:`sudoku.grading.DIABOLICAL_NODES` nodes or more makes it 6)."""
        return _LEVEL_OF[self]


_LEVEL_OF = {
    Technique.NAKED_SINGLE: 1,
    Technique.HIDDEN_SINGLE: 1,
    Technique.CAGE_COMBINATIONS: 1,
    Technique.LOCKED_CANDIDATES: 2,
    Technique.RULE_OF_45: 2,
    Technique.NAKED_PAIR: 3,
    Technique.HIDDEN_PAIR: 3,
    Technique.NAKED_TRIPLE: 3,
    Technique.HIDDEN_TRIPLE: 3,
    Technique.X_WING: 4,
    Technique.SWORDFISH: 4,
    Technique.SEARCH: 5,
}

#: The names of the levels of ``Grade.level``, from 0.
LEVEL_NAMES = ("solved", "easy", "medium", "hard", "expert", "extreme", "diabolical")

#: Search nodes from which a puzzle that needs search is ``"diabolical"``
#: (level 6) rather than ``"extreme"`` (level 5).
DIABOLICAL_NODES = 1000


class Grade(Record, frozen=True):
    """The grade of a puzzle, with its reasons (made by :func:`grade`).

    :ivar level: 0 to 6 on the scale of :mod:`sudoku.grading`
        (:attr:`name` says it in words).
    :ivar hardest: the hardest technique the solve needed
        (:attr:`sudoku.Technique.SEARCH` when the techniques were not enough;
        ``None`` for a grid without a blank).
    :ivar techniques: each technique used, simplest first, with how many
        deductions it made (cells it filled, or candidates it removed).
    :ivar search_nodes: the nodes of the exact-cover search that finished
        the solve (0 when the techniques solved it), counting the search
        for a second solution too: the effort of proving the answer unique.
    :ivar blanks: the blank cells of the puzzle.
    :ivar stopped: why the grade is not complete (carried by
        :class:`~sudoku.grading.GradeBudgetError` or
        :class:`~sudoku.grading.GradeInterrupted`):
        :attr:`dlx.Outcome.OUT_OF_TIME`, :attr:`dlx.Outcome.OUT_OF_NODES` or
        :attr:`dlx.Outcome.INTERRUPTED`; ``None`` for a complete grade.
        A grade cut short is of what was done: the techniques used so far,
        the search's nodes so far, and the level they make, which the
        whole grade would reach at least.

    Grades compare by level, then hardest technique, then search nodes.

    >>> g = grade("1..." "...2" "..4." ".3..")
    >>> g.level, g.name, g.hardest.label, g.search_nodes
    (1, 'easy', 'naked single', 0)
    >>> print(g)
    1 easy (naked single): naked single 12
    >>> g < grade("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..")
    True
    """

    level: int
    hardest: Technique | None
    techniques: tuple[tuple[Technique, int], ...]
    search_nodes: int
    blanks: int
    stopped: Outcome | None = None

    @property
    def complete(self) -> bool:
        """Whether the grade is whole (not cut short: ``stopped`` is ``None``)."""
        return self.stopped is None

    @property
    def name(self) -> str:
        """The level in words: one of :data:`LEVEL_NAMES`."""
        return LEVEL_NAMES[self.level]

    def _key(self) -> tuple[int, int, int]:
        return (self.level, int(self.hardest or 0), self.search_nodes)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self._key() >= other._key()

    def __str__(self) -> str:
        if self.hardest is None:
            if self.stopped is not None:
                return f"unfinished ({self.stopped.value}): no technique used yet"
            return f"{self.level} {self.name}: no blank cell"
        hardest = self.hardest.label
        if self.hardest is Technique.SEARCH:
            hardest = f"search, {self.search_nodes} nodes"
        used = ", ".join(
            f"{technique.label} {times}" for technique, times in self.techniques
        )
        text = f"{self.level} {self.name} ({hardest}): {used or 'nothing'}"
        if self.stopped is not None:
            text = f"unfinished ({self.stopped.value}): at least {text}"
        return text


class GradeBudgetError(BudgetError):
    """:func:`sudoku.grade` ran out of its ``timeout`` or ``max_nodes``: the grade so far is ``grade``.

    A :class:`sudoku.BudgetError` as before (a :class:`sudoku.SudokuError`
    and a :class:`dlx.BudgetExceeded`, whose ``outcome`` says which budget
    ran out, and whose ``stats`` are the search's when it ran out there).

    :ivar grade: the grade so far (not ``complete``).

    >>> try:
    ...     grade("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ...           max_nodes=10)
    ... except GradeBudgetError as stop:
    ...     print(stop.grade)
    unfinished (out of nodes): at least 5 extreme (search, 10 nodes): hidden single 1
    """

    def __init__(self, stop: BudgetExceeded, partial: Grade) -> None:
        super().__init__(stop)
        self.grade = partial


class GradeInterrupted(KeyboardInterrupt):
    """:func:`sudoku.grade` was interrupted (Ctrl-C): the grade so far is ``grade``.

    A :class:`KeyboardInterrupt`, so that Ctrl-C still ends a program that
    does not catch it.  Like a :class:`dlx.SearchStopped`, it carries
    ``outcome`` (:attr:`dlx.Outcome.INTERRUPTED`) and ``stats`` (the
    search's, when it had begun), and its message says how far it got.

    :param message: how long it ran and how far it got.
    :param partial: the grade so far.
    :param stats: the search's counts (``None``: none yet).
    :ivar grade: the grade so far (not ``complete``).

    >>> issubclass(GradeInterrupted, KeyboardInterrupt)
    True
    """

    def __init__(
        self, message: str, partial: Grade, stats: Stats | None = None
    ) -> None:
        super().__init__(message)
        self.outcome = Outcome.INTERRUPTED
        self.stats = Stats() if stats is None else stats
        self.grade = partial


class _Contradiction(Exception):
    """The grid has no solution: a cell or a symbol has no possibility left."""


class _Layout(Record, frozen=True):
    """The tables of the units of one grid shape (shared, cached)."""

    size: int
    units: tuple[tuple[int, ...], ...]
    #: Per unit: its cells, as a set.
    unit_sets: tuple[frozenset[int], ...]
    #: Per cell: the units it is in.
    cell_units: tuple[tuple[int, ...], ...]
    #: Per cell: every other cell that shares a unit with it.
    peers: tuple[tuple[int, ...], ...]
    #: The rows and the columns, as cells in order (for the fish).
    rows: tuple[tuple[int, ...], ...]
    columns: tuple[tuple[int, ...], ...]
    #: Per unit: how to name it in a message.
    names: tuple[str, ...]
    #: Whether every cell is in exactly three units (no extra units).
    three: bool
    #: The units themselves (the explainer's patterns read them).
    regions: Regions


@lru_cache(maxsize=32)
def _layout(regions: Regions) -> _Layout:
    """The tables of a grid's units: rows, columns, boxes or jigsaw regions, extras.

    Keyed on the :class:`sudoku.regions.Regions` object (one per shape:
    :func:`sudoku.regions_of` caches them).
    """
    size = regions.size
    units = regions.units
    names = regions.names
    area = size * size
    cell_units: list[list[int]] = [[] for _ in range(area)]
    for index, unit in enumerate(units):
        for cell in unit:
            cell_units[cell].append(index)
    peers = tuple(
        tuple(sorted({p for u in cell_units[c] for p in units[u]} - {c}))
        for c in range(area)
    )
    return _Layout(
        size,
        units,
        tuple(frozenset(unit) for unit in units),
        tuple(tuple(us) for us in cell_units),
        peers,
        units[:size],
        units[size : 2 * size],
        names,
        regions.plain,
        regions,
    )


#: What a technique finds: cells to fill (cell, value), candidates to
#: remove {cell: mask of values}.
_Found = tuple[list[tuple[int, int]], dict[int, int]]


class _Board:
    """The candidates of a grid being solved by hand.

    ``cand`` holds each cell's candidates (0 for a filled cell), ``free``
    each unit's missing symbols, as bits; ``singles`` finds the naked and
    hidden singles over them (:mod:`sudoku.singles`).  ``view`` is the
    same board as the explainer's techniques read it: with ``cages``, a
    :class:`sudoku.cage_steps.CageBoard` (``caged``), for the cage
    techniques.
    """

    __slots__ = (
        "caged",
        "cand",
        "free",
        "layout",
        "singles",
        "symbol",
        "values",
        "view",
    )

    def __init__(
        self,
        layout: _Layout,
        values: list[int],
        symbol: Callable[[int], object],
        clock: Clock | None = None,
        cages: Sequence[Cage] = (),
    ) -> None:
        self.layout = layout
        self.values = values
        self.symbol = symbol
        self.caged = bool(cages)
        full = (1 << layout.size) - 1
        cand = [0 if v else full for v in values]
        free = [full] * len(layout.units)
        peers = layout.peers
        cell_units = layout.cell_units
        for cell, value in enumerate(values):
            if value:
                bit = ~(1 << (value - 1))
                for p in peers[cell]:
                    cand[p] &= bit
                for u in cell_units[cell]:
                    free[u] &= bit
        self.cand = cand
        self.free = free
        # The same candidates as the explainer's techniques read them (with
        # cages, a board that knows them, for the cage techniques).
        self.view = Board.sharing(layout.regions, values, cand, clock)
        if cages:
            from sudoku.cage_steps import CageBoard  # lazily, as sudoku.cages

            caged = CageBoard(layout.regions, values, cages, clock)
            caged.values = values
            caged.cand = cand
            self.view = caged
        # A cell's candidates for the singles: cand (already within the
        # free symbols of its units) ANDed with those.
        self.singles = Singles(
            layout.size, values, free, cand, layout.units, cell_units, layout.three
        )
        for cell, value in enumerate(values):
            if not value and not cand[cell]:
                raise _Contradiction(f"no symbol fits {cell_name(layout.size, cell)}")

    def apply(self, found: _Found) -> int:
        """Make the deductions; return how many changed the grid."""
        placements, eliminations = found
        values = self.values
        cand = self.cand
        free = self.free
        peers = self.layout.peers
        cell_units = self.layout.cell_units
        size = self.layout.size
        done = 0
        for cell, value in placements:
            if values[cell] == value:
                continue
            bit = 1 << (value - 1)
            if values[cell] or not cand[cell] & bit:
                raise _Contradiction(
                    f"{cell_name(size, cell)} must hold {self.symbol(value)!r}, "
                    "which cannot go there"
                )
            values[cell] = value
            cand[cell] = 0
            for u in cell_units[cell]:
                free[u] &= ~bit
            done += 1
            for p in peers[cell]:
                if cand[p] & bit:
                    cand[p] ^= bit
                    if not cand[p]:
                        raise _Contradiction(f"no symbol fits {cell_name(size, p)}")
        for cell, mask in eliminations.items():
            removed = cand[cell] & mask
            if removed:
                cand[cell] ^= removed
                done += removed.bit_count()
                if not cand[cell]:
                    raise _Contradiction(f"no symbol fits {cell_name(size, cell)}")
        return done


def _naked_singles(board: _Board) -> _Found:
    return _singles(board, hidden=False)


def _hidden_singles(board: _Board) -> _Found:
    return _singles(board, hidden=True)


def _singles(board: _Board, hidden: bool) -> _Found:
    """Every naked (or hidden) single of the board as it stands, none filled in."""
    found: list[tuple[int, int]] = []
    try:
        if hidden:
            board.singles.hidden(found)
        else:
            board.singles.naked(range(len(board.values)), found)
    except Contradiction as why:
        layout = board.layout
        raise _Contradiction(
            why.describe(layout.size, board.symbol, layout.names)
        ) from None
    return found, {}


def _collected(found: Iterable[Sequence[tuple[int, int]]]) -> dict[int, int]:
    """The eliminations of every pattern found, as {cell: mask of values}."""
    eliminate: dict[int, int] = {}
    for gone in found:
        for cell, value in gone:
            eliminate[cell] = eliminate.get(cell, 0) | 1 << (value - 1)
    return eliminate


# The patterns are the explainer's (sudoku.techniques), each found
# everywhere (se=False: in every unit, with the grader's definitions):
# one engine for both.


def _locked_candidates(board: _Board) -> _Found:
    return [], _collected(gone for *_, gone in locked_sets(board.view, se=False))


def _naked_subsets(board: _Board, k: int) -> _Found:
    return [], _collected(gone for *_, gone in naked_sets(board.view, k, se=False))


def _hidden_subsets(board: _Board, k: int) -> _Found:
    found = hidden_sets(board.view, k, se=False)
    return [], _collected(gone for _, _, _, gone, _ in found)


def _fish(board: _Board, k: int) -> _Found:
    return [], _collected(gone for *_, gone in fish(board.view, k, se=False))


# The cage techniques are the explainer's too (sudoku.cage_steps): each
# finds nothing on a board without cages.


def _cage_combinations(board: _Board) -> _Found:
    if not board.caged:
        return [], {}
    from sudoku.cage_steps import cage_combinations

    return [], _collected(hint.eliminations for hint in cage_combinations(board.view))


def _rule_of_45(board: _Board) -> _Found:
    if not board.caged:
        return [], {}
    from sudoku.cage_steps import rule_of_45

    return [], _collected(hint.eliminations for hint in rule_of_45(board.view))


#: The techniques in the order they are tried, each with its finder.
_FINDERS: tuple[tuple[Technique, Callable[[_Board], _Found]], ...] = (
    (Technique.NAKED_SINGLE, _naked_singles),
    (Technique.HIDDEN_SINGLE, _hidden_singles),
    (Technique.CAGE_COMBINATIONS, _cage_combinations),
    (Technique.LOCKED_CANDIDATES, _locked_candidates),
    (Technique.RULE_OF_45, _rule_of_45),
    (Technique.NAKED_PAIR, lambda board: _naked_subsets(board, 2)),
    (Technique.HIDDEN_PAIR, lambda board: _hidden_subsets(board, 2)),
    (Technique.NAKED_TRIPLE, lambda board: _naked_subsets(board, 3)),
    (Technique.HIDDEN_TRIPLE, lambda board: _hidden_subsets(board, 3)),
    (Technique.X_WING, lambda board: _fish(board, 2)),
    (Technique.SWORDFISH, lambda board: _fish(board, 3)),
)


def _solve_by_hand(
    board: _Board,
    upto: Technique = Technique.SWORDFISH,
    used: dict[Technique, int] | None = None,
) -> dict[Technique, int]:
    """Apply the techniques up to ``upto``, simplest first, until stuck or solved.

    Returns how many deductions each technique made (counted in ``used``,
    when given, as they are made); ``board`` is left as far as the
    techniques got.  Raises :class:`_Contradiction` when the grid turns out
    to have no solution, and :class:`dlx.BudgetExceeded` when the board's
    clock runs out.
    """
    if used is None:
        used = {}
    finders = [(t, find) for t, find in _FINDERS if t <= upto]
    values = board.values
    check = board.view.clock.check
    while 0 in values:
        for technique, find in finders:
            check()
            done = board.apply(find(board))
            if done:
                used[technique] = used.get(technique, 0) + done
                break
        else:
            break
    return used


def _cover_of(board: _Board) -> tuple[ExactCover, list[tuple[int, int]]]:
    """The exact-cover problem of the board's open cells and their candidates.

    Items: each open cell, then each (unit, symbol) that the unit still
    lacks; options: each candidate of each open cell, listed beside as
    (cell, value).
    """
    layout = board.layout
    cand = board.cand
    values = board.values
    size = layout.size
    open_cells = [cell for cell, value in enumerate(values) if not value]
    item = len(open_cells)
    number: dict[tuple[int, int], int] = {}
    for index, unit in enumerate(layout.units):
        placed = 0
        for cell in unit:
            if values[cell]:
                placed |= 1 << (values[cell] - 1)
        for value in range(1, size + 1):
            if not placed >> (value - 1) & 1:
                number[index, value] = item
                item += 1
    rows: list[list[int]] = []
    choices: list[tuple[int, int]] = []
    cell_units = layout.cell_units
    for position, cell in enumerate(open_cells):
        bits = cand[cell]
        while bits:
            low = bits & -bits
            bits ^= low
            value = low.bit_length()
            rows.append([position] + [number[u, value] for u in cell_units[cell]])
            choices.append((cell, value))
    return ExactCover.from_rows(rows, item, check=False), choices


def _search_rest(
    board: _Board,
    max_nodes: int | None,
    timeout: float | None,
    progress: Callable[[Progress], object] | None = None,
) -> Search:
    """The search that counts the completions of the board (up to 2) by exact cover.

    Not started: iterating it runs it (``stats`` then holds the count and
    the nodes, up to where it stopped).
    """
    return _cover_of(board)[0].search(
        limit=2,
        max_nodes=max_nodes,
        timeout=timeout,
        progress=progress,
        count_only=True,
    )


def grade(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], object] | None = None,
) -> Grade:
    """Grade a puzzle by the human techniques its solve needs (see :mod:`sudoku.grading`).

    The puzzle must have exactly one solution: a human solve, and so a
    grade, is about finding *the* answer.  When the techniques do not
    finish the solve, the exact-cover search does, and looks for a second
    solution; its nodes are the grade's ``search_nodes``.

    :param grid: the puzzle, in any form :func:`sudoku.solve` reads.
    :param alphabet: as in :func:`sudoku.solve`.
    :param box: as in :func:`sudoku.solve`.
    :param variant: ``"x"``, ``"windoku"``, ``"x+windoku"`` or
        ``"latin"`` (no boxes, as KenKen's grid), as in
        :func:`sudoku.solve`: every technique but the fish (X-wing,
        swordfish: rows and columns only) uses the variant's units too,
        and locked candidates work on any two units that meet.
    :param regions: a jigsaw region map, as in :func:`sudoku.solve`: the
        regions replace the boxes.
    :param cages: killer or arithmetic cages, as in :func:`sudoku.solve`
        (a puzzle with cages may have no givens): the cage techniques
        (cage combinations, the rule of 45) join the others, and the
        search that finishes the solve keeps to the cages.
    :param disjoint_cages: as in :func:`sudoku.solve`.
    :param max_nodes: give up when the search needs more nodes than this.
    :param timeout: give up after about this many seconds, techniques and
        search together (the techniques read the clock as they go).
    :param progress: called about once a second with a :class:`dlx.Progress`
        while the search runs, as in :func:`sudoku.solve` (the techniques
        take a fraction of a second even on 25x25 grids).
    :returns: the grade.
    :raises GridSizeError: when the grid is not N rows of N cells.
    :raises SymbolError: when a cell holds an unknown symbol.
    :raises ConflictError: when two givens repeat a symbol in a unit (a
        diagonal, window or region too, named so).
    :raises RegionError: for an unknown or unfitting variant or a bad map.
    :raises sudoku.cages.CageError: for a bad cage, as :func:`sudoku.solve`
        raises it (naming the cage: ``cages[3] (at r2c5)``).
    :raises NoSolutionError: when the puzzle has no solution.
    :raises MultipleSolutionsError: when it has more than one.
    :raises SudokuError: when ``max_nodes`` or ``timeout`` is not a number
        of at least 0 (and as :func:`sudoku.solve` for ``alphabet``,
        ``box`` and ``disjoint_cages``).
    :raises ~sudoku.grading.GradeBudgetError: (a :class:`sudoku.BudgetError`)
        when ``max_nodes`` or ``timeout`` runs out: the grade so far is its
        ``grade``.
    :raises ~sudoku.grading.GradeInterrupted: (a :class:`KeyboardInterrupt`)
        on Ctrl-C: the grade so far is its ``grade``.

    >>> grade("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").name
    'easy'
    >>> g = grade("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..")
    >>> g.name, g.hardest.label, g.search_nodes >= DIABOLICAL_NODES
    ('diabolical', 'search', True)
    >>> grade("." * 16)
    Traceback (most recent call last):
      ...
    sudoku.errors.MultipleSolutionsError: more than one solution: a grade needs a unique one
    >>> grade("..24" "...." "...." "13..", variant="x").name
    'easy'

    A killer without givens, and a KenKen (``variant="latin"``):

    >>> killer = [(8, [(0, 0), (1, 0), (1, 1)]), (6, [(0, 1), (0, 2)]),
    ...           (4, [(0, 3), (1, 3)]), (9, [(1, 2), (2, 2), (2, 3)]),
    ...           (5, [(2, 0), (3, 0)]), (5, [(2, 1), (3, 1)]), (3, [(3, 2), (3, 3)])]
    >>> print(grade("." * 16, cages=killer))
    1 easy (cage combinations): naked single 12, hidden single 4, cage combinations 20
    >>> kenken = [(8, "+", [(0, 0), (1, 0), (1, 1)]), (2, "/", [(0, 1), (0, 2)]),
    ...           (5, "+", [(0, 3), (1, 3)]), (7, "+", [(1, 2), (2, 2), (2, 3)]),
    ...           (1, "-", [(2, 0), (3, 0)]), (3, "-", [(2, 1), (3, 1)]),
    ...           (2, "-", [(3, 2), (3, 3)])]
    >>> grade("." * 16, cages=kenken, variant="latin").hardest.label
    'rule of 45'
    """
    check_budget(None, max_nodes, timeout)
    parsed = parse_grid(grid, alphabet, box, variant, regions)
    units = units_of(parsed, variant, regions)
    read = cages_of(parsed, cages, disjoint_cages)
    return _grade(
        parsed,
        units,
        max_nodes=max_nodes,
        timeout=timeout,
        progress=progress,
        cages=read,
    )


def _grade(
    grid: Grid,
    units: Regions | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], object] | None = None,
    cages: Sequence[Cage] = (),
) -> Grade:
    """Grade a parsed grid with the given units (``None``: rows, columns, boxes) and cages.

    The units may add diagonals or windows and may have jigsaw regions for
    boxes (:func:`sudoku.regions_of`).  Every technique but the fish uses
    them all, and so does the search.  The cages, read by
    :func:`sudoku.cages.read_cages`, bring in the cage techniques, and
    the search is then the solver's encoding of them.
    """
    clock = Clock(timeout)
    if units is None:
        units = regions_of(grid.size, grid.box)
    layout = _layout(units)
    values = list(grid.values)
    _check_givens(grid, units)
    if cages:
        from sudoku.cages import CageConstraints  # lazily: only cages need it

        # A cage that no digits can fill: the CageError of sudoku.solve.
        CageConstraints(cages, units)
    blanks = values.count(0)
    used: dict[Technique, int] = {}
    search: Search | None = None
    try:
        try:
            board = _Board(layout, values, grid.symbol, clock, cages)
            if cages:
                _check_cages(board)  # givens that break a cage: named as solve does
            _solve_by_hand(board, used=used)
            if cages:
                _check_cages(board)
        except _Contradiction as why:
            raise NoSolutionError(f"no solution: {why}") from None
        if 0 in values:
            if cages:
                search = _search_caged(
                    grid, units, cages, values, max_nodes, clock, progress
                )
            else:
                search = _search_rest(board, max_nodes, clock.remaining(), progress)
            for _ in search:
                pass
            found = search.stats.solutions
            if found == 0:
                raise NoSolutionError("no solution: the search found none")
            if found > 1:
                raise MultipleSolutionsError(
                    "more than one solution: a grade needs a unique one"
                )
    except BudgetExceeded as stop:
        partial = _made(used, search, blanks, stop.outcome)
        if stop.outcome is Outcome.OUT_OF_TIME:
            message = (
                f"grade stopped after {seconds(clock.elapsed())} s "
                f"(time budget of {timeout:g} s used up)"
            )
            stop = BudgetExceeded(stop.outcome, stop.stats, message)
        raise GradeBudgetError(stop, partial) from None
    except KeyboardInterrupt:
        partial = _made(used, search, blanks, Outcome.INTERRUPTED)
        where = "in the techniques"
        if search is not None:
            where = f"after {search.stats.nodes} nodes of search"
        message = f"grade interrupted after {seconds(clock.elapsed())} s, {where}"
        stats = None if search is None else search.stats
        raise GradeInterrupted(message, partial, stats) from None
    return _made(used, search, blanks, None)


def _check_cages(board: _Board) -> None:
    """Raise :class:`_Contradiction` for a cage whose cells can take none of its combinations.

    The techniques skip such a cage, and may even fill its cells: the
    words are those of :func:`sudoku.solve`'s message for it.
    """
    from sudoku.cage_steps import broken_cage
    from sudoku.cages import CageContradiction

    cage = broken_cage(board.view)
    if cage is not None:
        raise _Contradiction(CageContradiction(cage).describe())


def _search_caged(
    grid: Grid,
    units: Regions,
    cages: Sequence[Cage],
    values: Sequence[int],
    max_nodes: int | None,
    clock: Clock,
    progress: Callable[[Progress], object] | None,
) -> Search:
    """The search that counts the completions of ``values`` (up to 2) under the cages.

    The exact cover is the solver's (:func:`sudoku.encode` with the
    cages), of the grid as the techniques left it: its cells filled so
    far (not the candidates they removed).  Not started, as
    :func:`_search_rest`.

    :raises NoSolutionError: when the encoding finds the cages cannot be
        filled (in :func:`sudoku.solve`'s words).
    :raises dlx.BudgetExceeded: when the encoding used up the clock.
    """
    state = Grid(grid.size, grid.box, values, grid.alphabet)
    encoding = encode(state, units=units, cages=cages)
    if encoding.contradiction is not None:
        raise NoSolutionError(f"no solution: {encoding.contradiction}")
    clock.check()
    return encoding.problem.search(
        limit=2,
        max_nodes=max_nodes,
        timeout=clock.remaining(),
        progress=progress,
        count_only=True,
    )


def _made(
    used: dict[Technique, int],
    search: Search | None,
    blanks: int,
    stopped: Outcome | None,
) -> Grade:
    """The grade of the techniques ``used`` and the ``search`` that followed them (if any).

    ``stopped``: why the grade was cut short, ``None`` when it is whole.
    """
    techniques = tuple(sorted(used.items()))
    nodes = 0 if search is None else search.stats.nodes
    hardest: Technique | None
    if search is not None:
        hardest = Technique.SEARCH
    elif techniques:
        hardest = techniques[-1][0]
    else:
        hardest = None
    level = 0 if hardest is None else hardest.level
    if nodes >= DIABOLICAL_NODES:
        level = 6
    return Grade(level, hardest, techniques, nodes, blanks, stopped)


def _check_givens(grid: Grid, units: Regions) -> None:
    """Raise :class:`ConflictError` for two givens with one symbol in a unit.

    Cells are checked in order, so the error names the same pair and the
    same unit (a row, a box, a diagonal, a window or a jigsaw region) as
    :func:`sudoku.solve` does.
    """
    values = grid.values
    seen = [0] * len(units.units)
    for cell, value in enumerate(values):
        if not value:
            continue
        bit = 1 << (value - 1)
        for index in units.cell_units[cell]:
            if seen[index] & bit:
                raise conflict_error(grid, units, cell)
            seen[index] |= bit
