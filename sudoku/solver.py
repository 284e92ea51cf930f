"""Solving, counting and checking sudoku grids.

Every function takes a grid in any representation that
:class:`sudoku.Grid` reads (a string, a multi-line string, a list of row
strings, a list of rows of one-character strings or of ints) and answers
in the same representation, alphabet and layout.  ``alphabet=`` and
``box=`` are as in :meth:`sudoku.Grid.parse`.

``max_nodes`` and ``timeout`` cap the search as in :class:`dlx.Search`:
when one runs out, :class:`~sudoku.BudgetError` is raised, which is both a
:class:`~sudoku.SudokuError` and a :class:`dlx.BudgetExceeded` (the puzzle
may be fine: the search was cut short).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import overload

from dlx import BudgetExceeded, Progress, Search
from sudoku.encoding import Encoding, encode
from sudoku.errors import (
    BudgetError,
    GridSizeError,
    MultipleSolutionsError,
    NoSolutionError,
    SolutionError,
    SudokuError,
)
from sudoku.grid import ArrayLike, Grid, GridLike

__all__ = ["check", "count", "is_unique", "solutions", "solve"]


def _prepare(
    grid: GridLike | ArrayLike, alphabet: str | None, box: tuple[int, int] | None
) -> Encoding:
    return encode(Grid.parse(grid, alphabet=alphabet, box=box))


def _check_budget(
    limit: object = None, max_nodes: object = None, timeout: object = None
) -> None:
    """Raise :class:`SudokuError` for a limit or budget that is not a number >= 0."""
    for name, value in (("limit", limit), ("max_nodes", max_nodes)):
        if value is not None and (type(value) is not int or value < 0):
            raise SudokuError(f"{name}={value!r} is not an int of at least 0")
    if timeout is not None and not (
        isinstance(timeout, int | float)
        and not isinstance(timeout, bool)
        and timeout >= 0
    ):
        raise SudokuError(f"timeout={timeout!r} is not a number of seconds >= 0")


def _search(
    encoding: Encoding,
    limit: int | None,
    max_nodes: int | None,
    timeout: float | None,
    progress: Callable[[Progress], object] | None = None,
    count_only: bool = False,
) -> Search:
    _check_budget(limit, max_nodes, timeout)
    return encoding.problem.search(
        limit=limit,
        max_nodes=max_nodes,
        timeout=timeout,
        progress=progress,
        count_only=count_only,
    )


@overload
def solve(  # type: ignore[overload-overlap]
    grid: str,
    *,
    alphabet: str | None = ...,
    box: tuple[int, int] | None = ...,
    unique: bool = ...,
    max_nodes: int | None = ...,
    timeout: float | None = ...,
    progress: Callable[[Progress], object] | None = ...,
) -> str: ...
@overload
def solve(  # type: ignore[overload-overlap]
    grid: Sequence[str],
    *,
    alphabet: str | None = ...,
    box: tuple[int, int] | None = ...,
    unique: bool = ...,
    max_nodes: int | None = ...,
    timeout: float | None = ...,
    progress: Callable[[Progress], object] | None = ...,
) -> list[str]: ...
@overload
def solve(
    grid: Sequence[Sequence[int | None]],
    *,
    alphabet: str | None = ...,
    box: tuple[int, int] | None = ...,
    unique: bool = ...,
    max_nodes: int | None = ...,
    timeout: float | None = ...,
    progress: Callable[[Progress], object] | None = ...,
) -> list[list[int]]: ...
@overload
def solve(
    grid: Sequence[Sequence[str]],
    *,
    alphabet: str | None = ...,
    box: tuple[int, int] | None = ...,
    unique: bool = ...,
    max_nodes: int | None = ...,
    timeout: float | None = ...,
    progress: Callable[[Progress], object] | None = ...,
) -> list[list[str]]: ...
@overload
def solve(
    grid: ArrayLike,
    *,
    alphabet: str | None = ...,
    box: tuple[int, int] | None = ...,
    unique: bool = ...,
    max_nodes: int | None = ...,
    timeout: float | None = ...,
    progress: Callable[[Progress], object] | None = ...,
) -> ArrayLike: ...
def solve(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    unique: bool = False,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], object] | None = None,
) -> GridLike | ArrayLike:
    """Solve a sudoku; return the solved grid in the representation it was given.

    A string of N² characters gives a string, a multi-line string the same
    lines, a list the same kind of list; the answer uses the puzzle's
    alphabet.  When the puzzle has several solutions, the first one the
    search finds is returned, unless ``unique`` asks for a check.

    :param grid: the puzzle.
    :param alphabet: the symbols, first one for value 1 (``None``: detect).
    :param box: the box shape ``(rows, columns)`` (``None``: the default).
    :param unique: raise :class:`MultipleSolutionsError` when the puzzle has
        more than one solution (this costs a search for a second one).
    :param max_nodes: give up after this many search nodes.
    :param timeout: give up after about this many seconds.
    :param progress: called about once a second with a
        :class:`dlx.Progress` while the search runs (for very hard or very
        big grids; see :class:`dlx.Search`).
    :returns: the solved grid.
    :raises GridSizeError: when the grid is not N rows of N cells.
    :raises SymbolError: when a cell holds an unknown symbol.
    :raises ConflictError: when two givens repeat a symbol in a unit.
    :raises NoSolutionError: when the puzzle has no solution.
    :raises MultipleSolutionsError: with ``unique=True``, when it has several.
    :raises AlphabetError: when ``alphabet`` is not usable for the grid.
    :raises BoxShapeError: when ``box`` is not a pair of positive ints
        that multiply to N.
    :raises SudokuError: when ``max_nodes`` or ``timeout`` is not a number
        of at least 0.
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
    """
    encoding = _prepare(grid, alphabet, box)
    search = _search(encoding, 2 if unique else 1, max_nodes, timeout, progress)
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
    max_nodes: int | None = None,
    timeout: float | None = None,
) -> Iterator[GridLike]:
    """Yield the solutions of a sudoku lazily, each in the puzzle's representation.

    The grid is read and checked at once (so a bad grid raises here, not
    at the first ``next``); the search runs only as solutions are asked for.

    :param grid: the puzzle.
    :param limit: stop after this many solutions (``None``: all of them).
    :param alphabet: as in :func:`solve`.
    :param box: as in :func:`solve`.
    :param max_nodes: as in :func:`solve`.
    :param timeout: as in :func:`solve`.
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
    encoding = _prepare(grid, alphabet, box)
    search = _search(encoding, limit, max_nodes, timeout)
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
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], object] | None = None,
) -> int:
    """Count the solutions of a sudoku (up to ``limit``), without storing them.

    :param grid: the puzzle.
    :param limit: stop counting here (``None``: count them all).
    :param alphabet: as in :func:`solve`.
    :param box: as in :func:`solve`.
    :param max_nodes: as in :func:`solve`.
    :param timeout: as in :func:`solve`.
    :param progress: as in :func:`solve`.
    :returns: the number of solutions (0 when there is none).
    :raises SudokuError: as :func:`solve` does for a bad grid or a bad
        ``limit``, ``max_nodes`` or ``timeout``.
    :raises BudgetError: (a :class:`dlx.BudgetExceeded` too) when
        ``max_nodes`` or ``timeout`` runs out.

    >>> count("." * 16)
    288
    >>> count("." * 36, limit=1000)
    1000
    """
    encoding = _prepare(grid, alphabet, box)
    search = _search(encoding, limit, max_nodes, timeout, progress, count_only=True)
    with _budget():
        for _ in search:
            pass
    return search.stats.solutions


def is_unique(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
) -> bool:
    """Whether a sudoku has exactly one solution (the search stops at the second).

    :param grid: the puzzle.
    :param alphabet: as in :func:`solve`.
    :param box: as in :func:`solve`.
    :param max_nodes: as in :func:`solve`.
    :param timeout: as in :func:`solve`.
    :returns: ``True`` for exactly one solution, ``False`` for none or several.
    :raises SudokuError: as :func:`solve` does for a bad grid or a bad
        ``limit``, ``max_nodes`` or ``timeout``.
    :raises BudgetError: (a :class:`dlx.BudgetExceeded` too) when
        ``max_nodes`` or ``timeout`` runs out.

    >>> is_unique("1..." "...2" "..4." ".3.."), is_unique("." * 16)
    (True, False)
    """
    _check_budget(None, max_nodes, timeout)
    encoding = _prepare(grid, alphabet, box)
    with _budget():
        return encoding.problem.is_unique(max_nodes=max_nodes, timeout=timeout)


def check(
    puzzle: GridLike,
    solution: GridLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
) -> None:
    """Check that ``solution`` solves ``puzzle``; raise an error naming the first fault.

    The solution must be complete, keep every given of the puzzle, and hold
    each symbol once in every row, column and box.  It is read with the
    puzzle's alphabet, and may be in another representation.

    :param puzzle: the puzzle.
    :param solution: the grid offered as its solution.
    :param alphabet: as in :func:`solve`, for both grids.
    :param box: as in :func:`solve`, for both grids.
    :returns: ``None`` when the solution is right.
    :raises SolutionError: when it is not: the message names the fault and
        its row and column.
    :raises SudokuError: when either grid cannot be read, or their sizes differ.

    >>> check("1..." "...2" "..4." ".3..", "1234" "3412" "2143" "4321")
    >>> check("1..." "...2" "..4." ".3..", "1234" "3412" "2143" "4312")
    Traceback (most recent call last):
      ...
    sudoku.errors.SolutionError: symbol '1' twice in column 3: at row 2, column 3 and row 4, column 3
    """
    given = Grid.parse(puzzle, alphabet=alphabet, box=box)
    answer = Grid.parse(solution, alphabet=alphabet, box=box)
    size = given.size
    if answer.size != size:
        raise GridSizeError(
            f"the solution is {answer.size}x{answer.size} "
            f"but the puzzle is {size}x{size}",
            answer.size,
            size,
        )
    if answer.alphabet != given.alphabet and given.alphabet and answer.alphabet:
        # Read the solution's symbols as the puzzle's.
        answer = Grid.parse(solution, alphabet=given.alphabet, box=given.box)
    symbol = given.symbol
    for cell, (clue, value) in enumerate(zip(given.values, answer.values, strict=True)):
        where = f"row {cell // size + 1}, column {cell % size + 1}"
        if not value:
            raise SolutionError(f"{where} is blank")
        if clue and clue != value:
            raise SolutionError(
                f"{where} holds {symbol(value)!r} but the puzzle gives {symbol(clue)!r}"
            )
    try:
        encode(answer, propagate=False)
    except SudokuError as error:  # a ConflictError, for a complete grid
        raise SolutionError(str(error)) from None
