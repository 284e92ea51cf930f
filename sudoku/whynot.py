"""Why a sudoku has no solution: a minimal set of givens that already has none.

:func:`sudoku.conflicts` answers "why not?" for a puzzle without a
solution with some of its givens: together they admit no solution, and
without any one of them the others do.  Two givens that repeat a symbol
in a row, column, box or other unit are the plain case, answered at
once; the point is the hidden ones, where the contradiction shows only
after deductions.

The puzzle is the exact-cover problem of the blank grid (one option per
cell and symbol, an item per cell and per unit and symbol) with the
options of the givens pinned, and the answer is
:meth:`dlx.ExactCover.conflict`'s: propagation with reasons (the singles
a player would find, each remembering the givens it rests on) gives a
first cut, and counts with limit 1 decide what propagation does not,
dropping givens in blocks (see :mod:`dlx.conflict`).  A 9×9 puzzle takes
a few dozen of those tests, a few hundredths of a second to a few tenths;
``timeout=`` bounds a big grid.

>>> from sudoku.whynot import conflicts
>>> puzzle = (
...     "53..7...." "6..195..." ".98....6." "8...6...3" "4..8.3..1"
...     "7...2...6" ".6....28." "...419..5" "....8..79"
... )
>>> conflicts(puzzle)
[]
>>> broken = puzzle[:8] + "8" + puzzle[9:]  # an 8 in row 1, column 9
>>> conflicts(broken)
[(0, 8, '8'), (1, 3, '1'), (1, 4, '9'), (1, 5, '5'), (2, 2, '8')]

Row 2 has no place left for its 8: box 1 has one, its columns 4 to 6 are
full, and the broken given puts one in box 3.

With cages (``cages=``, killer or arithmetic: :mod:`sudoku.cages`) the
problem is the blank grid's with the cages, each cage by its
combinations (the ``"sets"`` encoding, in which "(r, c) holds v" is
still one option to pin), and the implied cages of the law of 45.  The
cages are rules of the puzzle, always kept: only givens are dropped.
Cages that admit no grid even without givens are no given's fault: a
:class:`sudoku.NoSolutionError` names a minimal set of them, found by
dropping one cage at a time while the others still admit none.

>>> conflicts("4..." + "." * 12, cages=[(3, [(0, 0), (0, 1)])])
[(0, 0, '4')]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from dlx import BudgetExceeded, ExactCover
from dlx.conflict import (
    ConflictBudgetExceeded,
    ConflictInterrupted,
    ConflictProgress,
)
from dlx.stats import Outcome
from sudoku.encoding import encode, map_proof
from sudoku.errors import BudgetError, NoSolutionError
from sudoku.grid import ArrayLike, Grid, GridLike
from sudoku.regions import Regions, regions_of
from sudoku.solver import cages_of, check_budget, parse_grid, units_of

if TYPE_CHECKING:
    # Annotations only: a grid without cages never imports sudoku.cages.
    from sudoku.cages import Cage

__all__ = [
    "BLANKS_KEPT",
    "ConflictsBudgetError",
    "ConflictsInterrupted",
    "blank_problem",
    "conflicts",
]

#: A given as :func:`conflicts` writes it: row and column from 0, the symbol.
Given = tuple[int, int, "str | int"]

#: How many grid shapes :func:`blank_problem` remembers its problem for.
BLANKS_KEPT = 16
_BLANKS: dict[tuple[tuple[int, ...], ...], ExactCover] = {}


class ConflictsBudgetError(BudgetError):
    """:func:`sudoku.conflicts` ran out of its ``timeout``: the givens found so far are ``givens``.

    A :class:`sudoku.BudgetError` (so a :class:`sudoku.SudokuError` and a
    :class:`dlx.BudgetExceeded`, with ``outcome``
    :attr:`dlx.Outcome.OUT_OF_TIME`), as a budget of :func:`sudoku.solve`
    that runs out raises.

    :ivar givens: givens that together have no solution, as
        :func:`conflicts` writes them, but not shown minimal; ``None`` when
        the time ran out before the first test was over.

    >>> try:
    ...     conflicts("12.." "..3." "...." "....", timeout=0)
    ... except ConflictsBudgetError as stop:
    ...     print(stop.givens)
    None
    """

    def __init__(
        self, stop: BudgetExceeded, givens: list[tuple[int, int, str | int]] | None
    ) -> None:
        super().__init__(stop)
        self.givens = givens


class ConflictsInterrupted(KeyboardInterrupt):
    """:func:`sudoku.conflicts` was interrupted (Ctrl-C): the givens found so far are ``givens``.

    A :class:`KeyboardInterrupt`, so that Ctrl-C still ends a program that
    does not catch it; it carries ``outcome``
    (:attr:`dlx.Outcome.INTERRUPTED`) and ``stats`` as
    :class:`dlx.conflict.ConflictInterrupted` does.

    :param stop: the interruption of the search.
    :param givens: givens that together have no solution (not shown
        minimal), or ``None``.

    >>> from dlx.conflict import ConflictInterrupted
    >>> stop = ConflictsInterrupted(ConflictInterrupted("interrupted", None), None)
    >>> stop.outcome.value, stop.givens
    ('interrupted', None)
    """

    def __init__(
        self,
        stop: ConflictInterrupted,
        givens: list[tuple[int, int, str | int]] | None,
    ) -> None:
        super().__init__(str(stop))
        self.outcome = Outcome.INTERRUPTED
        self.stats = stop.stats
        self.givens = givens


def blank_problem(units: Regions) -> ExactCover:
    """The exact-cover problem of the blank grid with these units, remembered per shape.

    Items: a cell's (``cell``), then a unit's and symbol's
    (``N² + unit·N + value - 1``); option ``cell·N + value - 1`` puts
    ``value`` (1 to N) in ``cell`` and covers the cell's item and those
    of its units for that value.  Nothing is left out for givens (unlike
    :func:`sudoku.encode`): they are pinned instead.

    :param units: the grid's units (:func:`sudoku.regions_of`).
    :returns: the problem; do not change it.

    >>> blank_problem(regions_of(4, (2, 2)))
    <ExactCover: 64 primary items, 0 secondary items, 64 options>
    """
    key = tuple(units.units)
    found = _BLANKS.get(key)
    if found is not None:
        return found
    size = units.size
    cells = size * size
    rows = []
    for cell in range(cells):
        us = units.cell_units[cell]
        for v in range(size):
            rows.append((cell, *[cells + u * size + v for u in us]))
    problem = ExactCover.from_rows(rows, cells + len(units.units) * size, check=False)
    if len(_BLANKS) >= BLANKS_KEPT:
        _BLANKS.clear()
    _BLANKS[key] = problem
    return problem


def _repeated(values: list[int], units: Regions) -> tuple[int, int] | None:
    """The first given that repeats an earlier one in a unit, and that one (cells)."""
    seen: dict[tuple[int, int], int] = {}
    cell_units = units.cell_units
    for cell, value in enumerate(values):
        if not value:
            continue
        for u in cell_units[cell]:
            other = seen.get((u, value))
            if other is not None:
                return other, cell
        for u in cell_units[cell]:
            seen[u, value] = cell
    return None


def conflicts(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
    timeout: float | None = None,
    progress: Callable[[ConflictProgress], object] | None = None,
) -> list[Given]:
    """A minimal set of the puzzle's givens that already has no solution (``[]``: it has one).

    Each given is ``(row, column, symbol)``: row and column from 0 (as
    ``placements`` of a :class:`sudoku.Step` write them), the symbol as the grid
    writes it; in the grid's order.  The givens have no solution together,
    and leaving out any one of them, the others have one.  Two givens that
    repeat a symbol in a unit are answered at once (the first such pair
    in the grid's order; without cages).  Otherwise see
    :mod:`sudoku.whynot`.  Cages are rules, kept whole: the givens are
    minimal with all of them.  It is a minimal set, not always the
    smallest: a puzzle may have several.

    :param grid: the puzzle, in any form :func:`sudoku.solve` takes.
    :param alphabet: as in :func:`sudoku.solve`.
    :param box: as in :func:`sudoku.solve`.
    :param variant: as in :func:`sudoku.solve`.
    :param regions: as in :func:`sudoku.solve`.
    :param cages: as in :func:`sudoku.solve`.
    :param disjoint_cages: as in :func:`sudoku.solve`.
    :param timeout: stop after about this many seconds.
    :param progress: called about once a second with a
        :class:`dlx.conflict.ConflictProgress` (its ``kept`` and ``left``
        count givens).
    :returns: the givens, or ``[]`` when the puzzle has a solution.
    :raises GridSizeError: when the grid is not N rows of N cells.
    :raises SymbolError: when a cell holds an unknown symbol.
    :raises AlphabetError: when ``alphabet`` is not usable for the grid.
    :raises BoxShapeError: when ``box`` does not fit the grid.
    :raises RegionError: for a variant or region map that does not fit.
    :raises NoSolutionError: when no grid at all fits the region map (no
        given is to blame; the law of leftovers shows most such maps at
        once, as :func:`sudoku.solve` does), or the cages (the message
        names a minimal set of them, or those left when ``timeout`` ran
        out, marked "not shown minimal").
    :raises sudoku.cages.CageError: for a bad cage, as :func:`sudoku.solve`
        raises it.
    :raises SudokuError: for a ``timeout`` that is not a number of
        seconds of at least 0.
    :raises ValueError: for a ``progress`` that cannot be called.
    :raises ConflictsBudgetError: (a :class:`sudoku.BudgetError`) when
        ``timeout`` runs out.

    >>> conflicts("12.." "..3." "...." "....")
    [(0, 0, '1'), (0, 1, '2'), (1, 2, '3')]
    >>> conflicts("1..1" "...." "...." "....")
    [(0, 0, '1'), (0, 3, '1')]
    >>> conflicts([[0, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    []
    """
    check_budget(timeout=timeout, progress=progress)
    start = time.monotonic()
    parsed = parse_grid(grid, alphabet, box, variant, regions)
    cage_list = cages_of(parsed, cages, disjoint_cages)
    units = units_of(parsed, variant, regions) or regions_of(parsed.size, parsed.box)
    size = parsed.size
    values = list(parsed.values)
    symbol = parsed.symbol

    def written(cells: list[int]) -> list[Given]:
        return [(c // size, c % size, symbol(values[c])) for c in sorted(cells)]

    if not cage_list:
        # With cages, one given of the pair may have no solution alone.
        pair = _repeated(values, units)
        if pair is not None:
            return written(list(pair))
    if units.region_of is not None:
        why_not = map_proof(units)
        if why_not is not None:
            raise NoSolutionError(
                f"no solution: no complete grid fits the region map: {why_not}"
            )
    givens = [cell for cell, value in enumerate(values) if value]
    if cage_list:
        problem, option_of = _caged_problem(parsed, units, cage_list)
        missing = [c for c in givens if (c, values[c]) not in option_of]
        if missing:
            # A given that its cages alone rule out: it is the reason by
            # itself, when the cages admit a grid.
            try:
                none = problem.first(timeout=timeout) is None
            except BudgetExceeded as stop:
                raise ConflictsBudgetError(stop, None) from None
            if none:
                _no_grid(parsed, units, cage_list, start, timeout)
            return written(missing[:1])
        pinned = [option_of[c, values[c]] for c in givens]
        cell_of = {option: cell for (cell, _), option in option_of.items()}
    else:
        pinned = [cell * size + values[cell] - 1 for cell in givens]
        problem = blank_problem(units)
        cell_of = {option: option // size for option in pinned}
    try:
        found = problem.conflict(pinned, timeout=timeout, progress=progress)
    except ConflictBudgetExceeded as stop:
        partial = (
            None if stop.reason is None else written([cell_of[o] for o in stop.reason])
        )
        raise ConflictsBudgetError(stop, partial) from None
    except ConflictInterrupted as stop:
        partial = (
            None if stop.reason is None else written([cell_of[o] for o in stop.reason])
        )
        raise ConflictsInterrupted(stop, partial) from None
    if found is None:
        return []
    if not found:
        if cage_list:
            _no_grid(parsed, units, cage_list, start, timeout)
        raise NoSolutionError("no solution: no complete grid fits the region map")
    return written([cell_of[o] for o in found])


def _caged_problem(
    parsed: Grid, units: Regions, cages: Sequence[Cage]
) -> tuple[ExactCover, dict[tuple[int, int], int]]:
    """The blank grid's problem with ``cages``, and the option of each (cell, value) it has.

    The ``"sets"`` encoding keeps "(r, c) holds v" one option; a value
    that its cages rule out at once has none.

    :raises sudoku.cages.CageError: for a cage that no digits can fill.
    """
    encoding = encode(
        _blank(parsed), propagate=False, units=units, cages=cages, cage_encoding="sets"
    )
    problem = encoding.problem
    option_of: dict[tuple[int, int], int] = {}
    for option in range(len(problem)):
        filled = [
            (cell, value)
            for cell, value in enumerate(encoding.decode([option]))
            if value
        ]
        if len(filled) == 1:  # a cage's combination fills no cell
            option_of[filled[0]] = option
    return problem, option_of


def _blank(parsed: Grid) -> Grid:
    """The blank grid of ``parsed``'s size and box shape."""
    boxes = parsed.box is not None
    return Grid.parse("." * parsed.size**2, box=parsed.box, boxes=boxes)


def _no_grid(
    parsed: Grid,
    units: Regions,
    cages: Sequence[Cage],
    start: float,
    timeout: float | None,
) -> NoReturn:
    """Raise :class:`NoSolutionError` for cages that admit no grid, naming a minimal set of them.

    A cage is dropped when the others still admit no grid (each test a
    search for one grid, the pruning of :func:`sudoku.encode` first);
    when ``timeout`` runs out the cages left are named, not shown minimal.
    """
    blank = _blank(parsed)
    kept = list(cages)
    minimal = True
    k = 0
    while k < len(kept):
        rest = kept[:k] + kept[k + 1 :]
        left = None if timeout is None else timeout - (time.monotonic() - start)
        if left is not None and left <= 0:
            minimal = False
            break
        encoding = encode(blank, units=units, cages=rest, implied=False)
        try:
            none = (
                encoding.contradiction is not None
                or encoding.problem.first(timeout=left) is None
            )
        except BudgetExceeded:
            minimal = False
            break
        if none:
            kept = rest
        else:
            k += 1
    if not kept:  # not the cages' fault after all
        raise NoSolutionError("no solution: no complete grid fits the region map")
    named = [f"{cage.name()} ({cage.describe()})" for cage in kept]
    if len(named) == 1:
        which = f"{named[0]} admits none"
    else:
        which = f"{', '.join(named[:-1])} and {named[-1]} admit none together"
    shown = "" if minimal else " (not shown minimal: the time ran out)"
    raise NoSolutionError(
        f"no solution: the cages alone admit no grid (no given is to blame): "
        f"{which}{shown}"
    )
