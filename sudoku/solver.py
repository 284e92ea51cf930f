"""Solving, counting and checking sudoku grids.

Every function takes a grid in any representation that
:class:`sudoku.Grid` reads (a string, a multi-line string, a list of row
strings, a list of rows of one-character strings or of ints, a flat list
of the cells, an array); those that
answer with grids (:func:`solve`, :func:`solutions`) answer in the same
representation, alphabet and layout.  ``alphabet=`` and ``box=`` are as
in :meth:`sudoku.Grid.parse`.

``max_nodes`` and ``timeout`` cap the search as in :class:`dlx.Search`:
when one runs out, :class:`~sudoku.BudgetError` is raised, which is both a
:class:`~sudoku.SudokuError` and a :class:`dlx.BudgetExceeded` (the puzzle
may be fine: the search was cut short).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence

from dlx import BudgetExceeded, CountInterrupted, Progress, Stats, ways
from sudoku.encoding import Encoding, encode
from sudoku.errors import (
    BoxShapeError,
    BudgetError,
    CombinationError,
    GridSizeError,
    MultipleSolutionsError,
    NoSolutionError,
    RegionError,
    SolutionError,
    SudokuError,
)
from sudoku.grid import Grid, GridLike, check_flags
from sudoku.regions import Regions, has_boxes, read_region_map, regions_of
from sudoku.wording import a

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol, overload

    # Annotations only: a grid without cages never imports sudoku.cages.
    from sudoku.cages import Cage
    from sudoku.grid import ArrayLike

    class _Searching(Protocol):
        """What the solving functions use of a search, of either method."""

        @property
        def stats(self) -> Stats: ...

        def __iter__(self) -> Iterator[tuple[int, ...]]: ...

        def __next__(self) -> tuple[int, ...]: ...


__all__ = [
    "SAT_SIZE",
    "check",
    "count",
    "is_unique",
    "solutions",
    "solve",
    "units_of",
]

#: Grids of at least this size (beyond 16x16) have their counts with limit 2
#: done by the SAT back end when it is installed (the sat extra,
#: ``python3 -m pip install ".[sat]"``): near the end of the digging, a 25x25 puzzle's count takes
#: backtracking hours, and a SAT solver seconds (see :doc:`/howto/sat`).
#: The answer, and so the puzzle a seed makes, is the same either way.
#: :func:`sudoku.generate` proves its puzzles unique so, and
#: :func:`sudoku.explain` and :func:`sudoku.grade` find a puzzle's one
#: solution so.
SAT_SIZE = 17


def _prepare(
    grid: GridLike | ArrayLike,
    alphabet: str | None,
    box: tuple[int, int] | None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
) -> Encoding:
    parsed = parse_grid(grid, alphabet, box, variant, regions)
    cage_list = cages_of(parsed, cages, disjoint_cages)
    return encode(parsed, units=units_of(parsed, variant, regions), cages=cage_list)


def parse_grid(
    grid: GridLike | ArrayLike,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
) -> Grid:
    """Read a grid as the solving functions do, for its variant and regions.

    A grid with jigsaw ``regions`` or of a variant without boxes
    (``"latin"``) is read without boxes (any size goes); ``box=`` goes
    with neither: the map's regions replace the boxes, and a latin
    square has none.

    :raises SudokuError: as :meth:`sudoku.Grid.parse` does; a
        :class:`RegionError` for an unknown variant, or for ``"latin"``
        or ``regions`` with a ``box``.

    >>> parse_grid("." * 25, variant="latin").size
    5
    >>> parse_grid("." * 16, regions="AAABABBBCCCDCDDD", box=(1, 4))
    Traceback (most recent call last):
      ...
    sudoku.errors.RegionError: regions= replaces the boxes with its regions; it does not go with box=(1, 4)
    """
    boxed = has_boxes(variant)
    if not boxed and box is not None:
        raise RegionError(
            f"variant {variant!r} has no boxes; it does not go with box={box!r}"
        )
    if regions is not None and box is not None:
        raise RegionError(
            "regions= replaces the boxes with its regions; "
            f"it does not go with box={box!r}"
        )
    return Grid.parse(grid, alphabet=alphabet, box=box, boxes=regions is None and boxed)


def cages_of(
    grid: Grid, cages: Sequence[Sequence[object]] | None, disjoint_cages: bool = False
) -> tuple[Cage, ...]:
    """The cages given to a solving function, read for ``grid`` (``()`` for none).

    :raises sudoku.cages.CageError: for a bad cage (see :func:`sudoku.cages.read_cages`).
    :raises SudokuError: for ``disjoint_cages=True`` without cages, or a
        ``disjoint_cages`` that is not ``True`` or ``False``.

    >>> cages_of(Grid.parse("." * 16), [(3, [(0, 0), (0, 1)])])[0].cells
    (0, 1)
    """
    check_flags(disjoint_cages=disjoint_cages)
    if cages is None:
        if disjoint_cages:
            raise SudokuError("disjoint_cages=True needs cages=")
        return ()
    from sudoku.cages import read_cages  # lazily: only a grid with cages needs it

    return read_cages(cages, grid.size, disjoint=disjoint_cages)


def units_of(
    grid: Grid,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
) -> Regions | None:
    """The units of a parsed grid with a variant and jigsaw regions (``None``: plain).

    How the functions that take a grid read ``variant=`` and
    ``regions=``: the solving functions here, :func:`sudoku.grade`, and
    :func:`sudoku.format_grid` and :func:`sudoku.to_svg` go through here.
    :func:`sudoku.generate_puzzle` and the command line read a region map
    themselves (:func:`sudoku.read_region_map`, :func:`sudoku.regions_of`):
    they need its size before there is a grid.

    :param grid: the parsed grid (:meth:`sudoku.Grid.parse`; with
        ``boxes=False`` for jigsaw regions of a size without boxes).
    :param variant: as in :func:`solve`.
    :param regions: as in :func:`solve`.
    :returns: the units, or ``None`` for a plain grid (rows, columns, boxes).
    :raises RegionError: for an unknown or unfitting variant, or a bad map.
    :raises GridSizeError: when the map is not the grid's size.
    :raises SudokuError: when ``grid`` is not a :class:`sudoku.Grid` (a
        string, a list: read it with :meth:`sudoku.Grid.parse` first).

    >>> units_of(Grid.parse("." * 16), "x")
    <Regions 4x4, boxes (2, 2), variant 'x': 14 units>
    >>> units_of(Grid.parse("." * 16)) is None
    True
    """
    _require_grid(grid)
    if variant is None and regions is None:
        return None
    labels = None if regions is None else read_region_map(regions, grid.size)
    return regions_of(grid.size, grid.box, variant, labels)


def _require_grid(grid: object) -> None:
    """Raise :class:`SudokuError` unless ``grid`` is a parsed :class:`sudoku.Grid`."""
    if not isinstance(grid, Grid):
        kind = "None" if grid is None else a(type(grid).__name__)
        raise SudokuError(
            f"grid= is {kind}, not a sudoku.Grid: read it with "
            "sudoku.Grid.parse() first (sudoku.solve() and the others take "
            "any form)"
        )


def check_budget(
    limit: object = None,
    max_nodes: object = None,
    timeout: object = None,
    progress: object = None,
) -> None:
    """Raise :class:`SudokuError` for a limit or budget that is not a number >= 0, or a progress hook that is not callable.

    ``limit`` and ``max_nodes`` must be ints, ``timeout`` an int or a
    float (``None``: no cap), ``progress`` callable (or ``None``).
    Checked before any search starts, by every function of
    :mod:`sudoku` that takes them.

    >>> check_budget(progress=5)
    Traceback (most recent call last):
      ...
    sudoku.errors.SudokuError: progress=5 is not callable
    """
    for name, value in (("limit", limit), ("max_nodes", max_nodes)):
        if value is not None and (type(value) is not int or value < 0):
            raise SudokuError(f"{name}={value!r} is not an int of at least 0")
    if timeout is not None and not (
        isinstance(timeout, int | float)
        and not isinstance(timeout, bool)
        and timeout >= 0
    ):
        raise SudokuError(f"timeout={timeout!r} is not a number of seconds >= 0")
    if progress is not None and not callable(progress):
        raise SudokuError(f"progress={progress!r} is not callable")


def check_method(
    method: object,
    limit: object = None,
    max_nodes: object = None,
    progress: object = None,
    *,
    timeout: object = None,
    count: bool = False,
) -> ways.Settings:
    """Check a search's ``method`` and budgets for the solving functions; return its settings.

    ``method`` is ``"dlx"`` or ``"sat"``; the combination is checked by
    :func:`dlx.ways.check`, the one table of what each way takes
    (``"sat"`` takes ``timeout``, not ``max_nodes`` or ``progress``, and
    counts only up to a ``limit``).

    :raises SudokuError: for an unknown method, or a limit or budget that
        is not a number of at least 0.
    :raises CombinationError: for a combination refused (a
        :class:`dlx.ways.Refused` too).

    >>> check_method("sat", max_nodes=5)
    Traceback (most recent call last):
      ...
    sudoku.errors.CombinationError: method='sat' does not go with max_nodes=: the solver counts no nodes: give it timeout=
    """
    if method not in ("dlx", "sat"):
        raise SudokuError(f"method={method!r} is neither 'dlx' nor 'sat'")
    check_budget(limit, max_nodes, timeout, progress)
    settings = ways.Settings(
        method=method,
        limit=limit,  # type: ignore[arg-type]
        max_nodes=max_nodes,  # type: ignore[arg-type]
        progress=progress,  # type: ignore[arg-type]
        timeout=timeout,  # type: ignore[arg-type]
    )
    try:
        ways.check(settings.given() | {"count" if count else "list"})
    except ways.Refused as refused:
        raise CombinationError(str(refused), refused.features) from None
    return settings


def _search(
    encoding: Encoding, settings: ways.Settings, count_only: bool = False
) -> _Searching:
    found: _Searching = ways.search(encoding.problem, settings, count_only=count_only)
    return found


if TYPE_CHECKING:  # the overloads are for the type checker

    @overload
    def solve(  # type: ignore[overload-overlap]
        grid: str,
        *,
        alphabet: str | None = ...,
        box: tuple[int, int] | None = ...,
        variant: str | None = ...,
        regions: GridLike | ArrayLike | None = ...,
        cages: Sequence[Sequence[object]] | None = ...,
        disjoint_cages: bool = ...,
        unique: bool = ...,
        max_nodes: int | None = ...,
        timeout: float | None = ...,
        progress: Callable[[Progress], object] | None = ...,
        method: str = ...,
    ) -> str: ...
    @overload
    def solve(  # type: ignore[overload-overlap]
        grid: Sequence[str],
        *,
        alphabet: str | None = ...,
        box: tuple[int, int] | None = ...,
        variant: str | None = ...,
        regions: GridLike | ArrayLike | None = ...,
        cages: Sequence[Sequence[object]] | None = ...,
        disjoint_cages: bool = ...,
        unique: bool = ...,
        max_nodes: int | None = ...,
        timeout: float | None = ...,
        progress: Callable[[Progress], object] | None = ...,
        method: str = ...,
    ) -> list[str]: ...
    @overload
    def solve(
        grid: Sequence[int | None],
        *,
        alphabet: str | None = ...,
        box: tuple[int, int] | None = ...,
        variant: str | None = ...,
        regions: GridLike | ArrayLike | None = ...,
        cages: Sequence[Sequence[object]] | None = ...,
        disjoint_cages: bool = ...,
        unique: bool = ...,
        max_nodes: int | None = ...,
        timeout: float | None = ...,
        progress: Callable[[Progress], object] | None = ...,
        method: str = ...,
    ) -> list[int]: ...
    @overload
    def solve(
        grid: Sequence[Sequence[int | None]],
        *,
        alphabet: str | None = ...,
        box: tuple[int, int] | None = ...,
        variant: str | None = ...,
        regions: GridLike | ArrayLike | None = ...,
        cages: Sequence[Sequence[object]] | None = ...,
        disjoint_cages: bool = ...,
        unique: bool = ...,
        max_nodes: int | None = ...,
        timeout: float | None = ...,
        progress: Callable[[Progress], object] | None = ...,
        method: str = ...,
    ) -> list[list[int]]: ...
    @overload
    def solve(
        grid: Sequence[Sequence[str]],
        *,
        alphabet: str | None = ...,
        box: tuple[int, int] | None = ...,
        variant: str | None = ...,
        regions: GridLike | ArrayLike | None = ...,
        cages: Sequence[Sequence[object]] | None = ...,
        disjoint_cages: bool = ...,
        unique: bool = ...,
        max_nodes: int | None = ...,
        timeout: float | None = ...,
        progress: Callable[[Progress], object] | None = ...,
        method: str = ...,
    ) -> list[list[str]]: ...
    @overload
    def solve(
        grid: ArrayLike,
        *,
        alphabet: str | None = ...,
        box: tuple[int, int] | None = ...,
        variant: str | None = ...,
        regions: GridLike | ArrayLike | None = ...,
        cages: Sequence[Sequence[object]] | None = ...,
        disjoint_cages: bool = ...,
        unique: bool = ...,
        max_nodes: int | None = ...,
        timeout: float | None = ...,
        progress: Callable[[Progress], object] | None = ...,
        method: str = ...,
    ) -> ArrayLike: ...


def solve(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
    unique: bool = False,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], object] | None = None,
    method: str = "dlx",
) -> GridLike | ArrayLike:
    """Solve a sudoku; return the solved grid in the representation it was given.

    A string of N² characters gives a string, a multi-line string the same
    lines, a list the same kind of list; the answer uses the puzzle's
    alphabet.  When the puzzle has several solutions, the first one the
    search finds is returned, unless ``unique`` asks for a check.

    :param grid: the puzzle.
    :param alphabet: the symbols, first one for value 1 (``None``: detect).
    :param box: the box shape ``(rows, columns)`` (``None``: the default);
        not with ``regions`` or ``variant="latin"``, which have no boxes.
    :param variant: extra units that must also hold each symbol once:
        ``"x"`` (both main diagonals), ``"windoku"`` (or ``"hyper"``: the
        windows between the boxes), or both as ``"x+windoku"``; or
        ``"latin"``, a grid without boxes (a latin square, any size; with
        ``"x+latin"``, diagonals too); see :mod:`sudoku.regions`.
        ``None``: a plain sudoku.
    :param regions: a jigsaw map, one region label per cell in any grid
        form (``"AAABBBCCC..."``, lines, lists, an array): its N regions
        of N cells replace the boxes, and any size goes (5x5, 7x7).
    :param cages: killer cages ``(total, cells)`` (the digits add up to
        the total and never repeat in the cage) and arithmetic cages
        ``(target, op, cells)`` (KenKen: the digits combine by ``"+"``,
        ``"-"``, ``"*"``, ``"/"`` or ``"="`` to the target, and may repeat
        where rows, columns and boxes allow); ``cells`` are ``(row,
        column)`` pairs from 0.  Givens are optional: a killer usually has
        none.  ``variant="latin"`` drops the boxes (KenKen's grid).  See
        :mod:`sudoku.cages` and :doc:`/howto/cages`.
    :param disjoint_cages: ``True`` to allow cages whose cells are not
        connected.
    :param unique: ``True`` to raise :class:`MultipleSolutionsError` when
        the puzzle has more than one solution (this costs a search for a
        second one).
    :param max_nodes: give up after this many search nodes.
    :param timeout: give up after about this many seconds.
    :param progress: called about once a second with a
        :class:`dlx.Progress` while the search runs (for very hard or very
        big grids; see :class:`dlx.Search`).
    :param method: ``"dlx"`` (dancing links, the default) or ``"sat"``
        (a SAT solver, in the sat extra: ``python3 -m pip install ".[sat]"``
        in pydlx's folder; for the big grids that
        backtracking cannot finish, such as minimal 25x25 puzzles; it takes
        ``timeout``, not ``max_nodes`` or ``progress``; see
        :doc:`/howto/sat`).
    :returns: the solved grid.
    :raises GridSizeError: when the grid is not N rows of N cells.
    :raises SymbolError: when a cell holds an unknown symbol.
    :raises ConflictError: when two givens repeat a symbol in a unit.
    :raises NoSolutionError: when the puzzle has no solution.
    :raises MultipleSolutionsError: with ``unique=True``, when it has several.
    :raises AlphabetError: when ``alphabet`` is not usable for the grid.
    :raises BoxShapeError: when ``box`` is not a pair of positive ints
        that multiply to N.
    :raises RegionError: for an unknown variant, one that does not fit the
        grid, a ``regions`` map that is not N regions of N cells, or a
        ``box`` with ``regions`` or ``variant="latin"``.
    :raises sudoku.cages.CageError: for a bad cage: not a cage, a cell outside the grid
        or in two cages, cells not connected, an operation that does not
        fit its number of cells, a target no digits can reach (the message
        names the cage: ``cages[3] (at r2c5)``).
    :raises SudokuError: when ``max_nodes`` or ``timeout`` is not a number
        of at least 0, ``unique`` or ``disjoint_cages`` is not ``True`` or
        ``False``, or for a ``method`` that is unknown or does not fit.
    :raises BudgetError: (a :class:`dlx.BudgetExceeded` too) when
        ``max_nodes`` or ``timeout`` runs out.

    >>> solve("1..." "...2" "..4." ".3..")
    '1234341221434321'
    >>> print(solve('''
    ...     -B--
    ...     --C-
    ...     A---
    ...     ---D
    ... ''', alphabet="ABCD"))
    CBDA
    DACB
    ADBC
    BCAD
    >>> solve([[1, 0, 0, 0], [0, 0, 0, 2], [0, 0, 4, 0], [0, 3, 0, 0]])
    [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    >>> solve([1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 3, 0, 0])  # flat: N² cells
    [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    >>> solve("1..." "..2." "...." "....", variant="x")
    '1234432121433412'
    >>> jigsaw = ["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"]
    >>> solve("..3.5" "....." "....." "2..1." ".....", regions=jigsaw)
    '1234545123314522351454231'
    >>> killer = [(8, [(0, 0), (1, 0), (1, 1)]), (6, [(0, 1), (0, 2)]),
    ...           (4, [(0, 3), (1, 3)]), (9, [(1, 2), (2, 2), (2, 3)]),
    ...           (5, [(2, 0), (3, 0)]), (5, [(2, 1), (3, 1)]), (3, [(3, 2), (3, 3)])]
    >>> solve("." * 16, cages=killer, unique=True)
    '1243432121343412'
    >>> kenken = [(8, "+", [(0, 0), (1, 0), (1, 1)]), (2, "/", [(0, 1), (0, 2)]),
    ...           (5, "+", [(0, 3), (1, 3)]), (7, "+", [(1, 2), (2, 2), (2, 3)]),
    ...           (1, "-", [(2, 0), (3, 0)]), (3, "-", [(2, 1), (3, 1)]),
    ...           (2, "-", [(3, 2), (3, 3)])]
    >>> solve("." * 16, cages=kenken, variant="latin", unique=True)
    '1243431231242431'
    """
    check_flags(unique=unique)
    settings = check_method(
        method, 2 if unique else 1, max_nodes, progress, timeout=timeout
    )
    encoding = _prepare(grid, alphabet, box, variant, regions, cages, disjoint_cages)
    search = _search(encoding, settings)
    with _budget():
        first = next(search, None)
    if first is None:
        why = encoding.contradiction or "the search found none"
        raise NoSolutionError(f"no solution: {why}")
    with _budget():
        second = None if not unique else next(search, None)
    if second is not None:
        raise MultipleSolutionsError("more than one solution (unique=True)")
    return encoding.grid.render(encoding.decode(first))


def solutions(
    grid: GridLike | ArrayLike,
    limit: int | None = None,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
    max_nodes: int | None = None,
    timeout: float | None = None,
    method: str = "dlx",
) -> Iterator[GridLike]:
    """Yield the solutions of a sudoku lazily, each in the puzzle's representation.

    The grid is read and checked at once (so a bad grid raises here, not
    at the first ``next``); the search runs only as solutions are asked for.

    :param grid: the puzzle.
    :param limit: stop after this many solutions (``None``: all of them).
    :param alphabet: as in :func:`solve`.
    :param box: as in :func:`solve`.
    :param variant: as in :func:`solve`.
    :param regions: as in :func:`solve`.
    :param cages: as in :func:`solve`.
    :param disjoint_cages: as in :func:`solve`.
    :param max_nodes: as in :func:`solve`.
    :param timeout: as in :func:`solve`.
    :param method: as in :func:`solve` (``"sat"`` finds each solution by one more solve).
    :returns: an iterator of solved grids (none if there is no solution).
    :raises SudokuError: as :func:`solve` does for a bad grid or a bad
        ``limit``, ``max_nodes`` or ``timeout``.

    >>> for answer in solutions([".2..", "....", ".14.", ".3.1"]):
    ...     print(answer)
    ['1234', '3412', '2143', '4321']
    ['3214', '1432', '2143', '4321']
    >>> len(list(solutions("." * 16, limit=5)))
    5
    """
    settings = check_method(method, limit, max_nodes, timeout=timeout)
    encoding = _prepare(grid, alphabet, box, variant, regions, cages, disjoint_cages)
    search = _search(encoding, settings)
    render = encoding.grid.render
    decode = encoding.decode
    return _budgeted(render(decode(solution)) for solution in search)


def _budgeted(grids: Iterator[GridLike]) -> Iterator[GridLike]:
    """``grids``, with a budget that runs out raised as :class:`BudgetError`."""
    with _budget():
        yield from grids


@contextlib.contextmanager
def _budget() -> Iterator[None]:
    """Raise :class:`dlx.BudgetExceeded` as :class:`BudgetError` (a SudokuError too)."""
    try:
        yield
    except BudgetExceeded as stop:
        raise BudgetError(stop) from None


def count(
    grid: GridLike | ArrayLike,
    limit: int | None = None,
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
    method: str = "dlx",
) -> int:
    """Count the solutions of a sudoku (up to ``limit``), without storing them.

    :param grid: the puzzle.
    :param limit: stop counting here (``None``: count them all).
    :param alphabet: as in :func:`solve`.
    :param box: as in :func:`solve`.
    :param variant: as in :func:`solve`.
    :param regions: as in :func:`solve`.
    :param cages: as in :func:`solve`.
    :param disjoint_cages: as in :func:`solve`.
    :param max_nodes: as in :func:`solve`.
    :param timeout: as in :func:`solve`.
    :param progress: as in :func:`solve`.
    :param method: as in :func:`solve` (``"sat"`` needs a ``limit``:
        ``limit=2`` proves a puzzle unique).
    :returns: the number of solutions (0 when there is none).
    :raises SudokuError: as :func:`solve` does for a bad grid or a bad
        ``limit``, ``max_nodes`` or ``timeout``.
    :raises BudgetError: (a :class:`dlx.BudgetExceeded` too) when
        ``max_nodes`` or ``timeout`` runs out.
    :raises dlx.CountInterrupted: (a :class:`KeyboardInterrupt`) on Ctrl-C,
        with the count so far in its ``stats``.

    >>> count("." * 16)
    288
    >>> count("." * 36, limit=1000)
    1000
    """
    settings = check_method(
        method, limit, max_nodes, progress, timeout=timeout, count=True
    )
    encoding = _prepare(grid, alphabet, box, variant, regions, cages, disjoint_cages)
    search = _search(encoding, settings, count_only=True)
    try:
        with _budget():
            for _ in search:
                pass
    except KeyboardInterrupt as stop:
        if isinstance(stop, CountInterrupted):
            raise
        # What the search had counted goes with the interrupt.
        raise CountInterrupted(getattr(search, "stats", None)) from None
    return search.stats.solutions


def is_unique(
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
    method: str = "dlx",
) -> bool:
    """Whether a sudoku has exactly one solution (the search stops at the second).

    :param grid: the puzzle.
    :param alphabet: as in :func:`solve`.
    :param box: as in :func:`solve`.
    :param variant: as in :func:`solve`.
    :param regions: as in :func:`solve`.
    :param cages: as in :func:`solve`.
    :param disjoint_cages: as in :func:`solve`.
    :param max_nodes: as in :func:`solve`.
    :param timeout: as in :func:`solve`.
    :param method: as in :func:`solve`.
    :returns: ``True`` for exactly one solution, ``False`` for none or several.
    :raises SudokuError: as :func:`solve` does for a bad grid or a bad
        ``max_nodes`` or ``timeout``.
    :raises BudgetError: (a :class:`dlx.BudgetExceeded` too) when
        ``max_nodes`` or ``timeout`` runs out.

    >>> is_unique("1..." "...2" "..4." ".3.."), is_unique("." * 16)
    (True, False)
    """
    settings = check_method(method, 2, max_nodes, timeout=timeout, count=True)
    encoding = _prepare(grid, alphabet, box, variant, regions, cages, disjoint_cages)
    with _budget():
        search = _search(encoding, settings, count_only=True)
        for _ in search:
            pass
    return search.stats.solutions == 1


def _drawn_for_both(
    puzzle: GridLike,
    solution: GridLike,
    given: Grid,
    answer: Grid,
    alphabet: str | None,
) -> tuple[Grid, Grid]:
    """A puzzle and its solution read in the box shape the one drawn draws.

    :raises BoxShapeError: when both draw boxes, of different shapes.
    """
    try:
        return given, Grid.parse(solution, alphabet=alphabet, box=given.box)
    except BoxShapeError:
        pass
    try:
        return Grid.parse(puzzle, alphabet=alphabet, box=answer.box), answer
    except BoxShapeError:
        pass
    raise BoxShapeError(
        f"the puzzle draws boxes of {given.box[0]}x{given.box[1]} but the "
        f"solution {answer.box[0]}x{answer.box[1]} (rows x columns)"
    )


def _size_mismatch(found: int, size: int) -> GridSizeError:
    return GridSizeError(
        f"the solution is {found}x{found} but the puzzle is {size}x{size}",
        found,
        size,
    )


def _check_solution_size(solution: GridLike | ArrayLike, size: int) -> None:
    """Raise :class:`GridSizeError` if ``solution`` reads as a grid of another size than N."""
    try:
        found = Grid.parse(solution, boxes=False).size
    except SudokuError:
        return  # not a grid of any size: its own error says why
    if found != size:
        raise _size_mismatch(found, size) from None


def read_solution(
    solution: GridLike | ArrayLike,
    puzzle: Grid,
    alphabet: str | None = None,
    boxes: bool = True,
) -> Grid:
    """Read a grid offered as the solution of a parsed puzzle, in its box shape and alphabet.

    A solution of another size is reported as such before anything else:
    read in the puzzle's box shape or alphabet, it would otherwise be
    blamed on a box shape or an alphabet the caller never gave.

    :param solution: the solution, in any form :meth:`sudoku.Grid.parse` reads.
    :param puzzle: the parsed puzzle.
    :param alphabet: the alphabet to read it with (``None``: the puzzle's).
    :param boxes: ``False`` for a grid without boxes (jigsaw regions,
        ``"latin"``), as for :meth:`sudoku.Grid.parse`.
    :returns: the parsed solution, of the puzzle's size.
    :raises GridSizeError: when the solution is of another size.
    :raises SudokuError: as :meth:`sudoku.Grid.parse` does.

    >>> read_solution("1" * 81, Grid.parse("." * 16))
    Traceback (most recent call last):
      ...
    sudoku.errors.GridSizeError: the solution is 9x9 but the puzzle is 4x4
    """
    size = puzzle.size
    try:
        answer = Grid.parse(
            solution, alphabet=alphabet or puzzle.alphabet, box=puzzle.box, boxes=boxes
        )
    except SudokuError:
        _check_solution_size(solution, size)
        raise
    if answer.size != size:
        raise _size_mismatch(answer.size, size)
    return answer


def check(
    puzzle: GridLike,
    solution: GridLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
) -> None:
    """Check that ``solution`` solves ``puzzle``; raise an error naming the first fault.

    The solution must be complete, keep every given of the puzzle, and hold
    each symbol once in every row, column and box (or jigsaw region, and
    every extra unit of a variant), and keep the rule of every cage.  It
    is read with the puzzle's alphabet, and may be in another
    representation; but where the puzzle's symbols are all in the
    alphabet that the complete solution shows (a 16x16 puzzle without a
    ``0`` or a ``G`` leaves it open), both are read with the solution's.

    :param puzzle: the puzzle.
    :param solution: the grid offered as its solution.
    :param alphabet: as in :func:`solve`, for both grids.
    :param box: as in :func:`solve`, for both grids.
    :param variant: as in :func:`solve`.
    :param regions: as in :func:`solve`.
    :param cages: as in :func:`solve`.
    :param disjoint_cages: as in :func:`solve`.
    :returns: ``None`` when the solution is right.
    :raises SolutionError: when it is not: the message names the fault and
        its row and column, or the cage.
    :raises SudokuError: when either grid cannot be read, or their sizes
        differ; a :class:`sudoku.cages.CageError` for a bad cage.

    >>> check("1..." "...2" "..4." ".3..", "1234" "3412" "2143" "4321")
    >>> check("1..." "...2" "..4." ".3..", "1234" "3412" "2143" "4312")
    Traceback (most recent call last):
      ...
    sudoku.errors.SolutionError: symbol '1' twice in column 3: at row 2, column 3 and row 4, column 3
    >>> check("." * 16, "1234" "3412" "2143" "4321", variant="x")
    Traceback (most recent call last):
      ...
    sudoku.errors.SolutionError: symbol '1' twice in diagonal 2 (top right to bottom left): at row 2, column 3 and row 3, column 2
    >>> check("." * 16, "1234" "3412" "2143" "4321", cages=[(5, [(0, 0), (0, 1)])])
    Traceback (most recent call last):
      ...
    sudoku.errors.SolutionError: cages[0] (at r1c1): 1 + 2 = 3, not 5
    >>> hexadecimal = "0123456789ABCDEF"  # a 16x16 solution with a 0
    >>> rows = [hexadecimal[k:] + hexadecimal[:k] for k in (0, 4, 8, 12)]
    >>> grid = "".join(r[s:] + r[:s] for s in (0, 1, 2, 3) for r in rows)
    >>> check(grid.replace("0", "."), grid)  # its puzzle without the 0s
    """
    boxes = regions is None and has_boxes(variant)
    given = parse_grid(puzzle, alphabet, box, variant, regions)
    size = given.size
    try:
        answer = parse_grid(solution, alphabet, box, variant, regions)
    except SudokuError:
        # A solution of another size fails on what its size lacks (a 3x3
        # has no box shape): the sizes are the fault to name.
        _check_solution_size(solution, size)
        raise
    if boxes and box is None and given.box != answer.box and given.size == answer.size:
        # One of them draws its boxes (a 6x6 in 3x2 boxes), the other takes
        # the size's default: both are read in the drawn shape.
        given, answer = _drawn_for_both(puzzle, solution, given, answer, alphabet)
    if answer.size != size:
        raise _size_mismatch(answer.size, size)
    if answer.alphabet != given.alphabet and given.alphabet and answer.alphabet:
        shown = {given.alphabet[value - 1] for value in given.values if value}
        if alphabet is None and all(answer.values) and shown <= set(answer.alphabet):
            # A complete solution shows its alphabet whole, where the puzzle
            # may leave it open (a 16x16 puzzle without a 0 or a G reads as
            # 1-9A-G, its solution with a 0 as 0-9A-F): the solution's.
            given = parse_grid(puzzle, answer.alphabet, box, variant, regions)
        else:  # read the solution's symbols as the puzzle's
            answer = Grid.parse(
                solution, alphabet=given.alphabet, box=given.box, boxes=boxes
            )
    cage_list = cages_of(given, cages, disjoint_cages)
    symbol = given.symbol
    for cell, (clue, value) in enumerate(zip(given.values, answer.values, strict=True)):
        where = f"row {cell // size + 1}, column {cell % size + 1}"
        if not value:
            raise SolutionError(f"{where} is blank")
        if clue and clue != value:
            raise SolutionError(
                f"{where} holds {symbol(value)!r} but the puzzle gives {symbol(clue)!r}"
            )
    units = units_of(given, variant, regions)
    try:
        encode(answer, propagate=False, units=units)
    except SudokuError as error:  # a ConflictError, for a complete grid
        raise SolutionError(str(error)) from None
    if cage_list:
        from sudoku.cages import cage_fault  # lazily, as in cages_of

        for cage in cage_list:
            fault = cage_fault(cage, answer.values, symbol)
            if fault is not None:
                raise SolutionError(fault)
