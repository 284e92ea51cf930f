"""Exceptions raised by :mod:`sudoku`.

Every error is a :class:`SudokuError`, itself a :class:`ValueError`, and its
message says what is wrong and where: rows and columns are numbered from 1,
as a person reads the grid.
"""

from __future__ import annotations

from dlx import BudgetExceeded
from dlx.ways import Refused

__all__ = [
    "AlphabetError",
    "BoxShapeError",
    "BudgetError",
    "CombinationError",
    "ConflictError",
    "GridSizeError",
    "InputFormatError",
    "MultipleSolutionsError",
    "NoSolutionError",
    "RegionError",
    "SolutionError",
    "SudokuError",
    "SymbolError",
]


class SudokuError(ValueError):
    """Base class of every exception that :mod:`sudoku` raises on purpose.

    Catch this one to handle any bad puzzle; it is a :class:`ValueError`, so
    code that already catches ``ValueError`` keeps working.

    >>> from sudoku import solve
    >>> try:
    ...     solve("12")
    ... except SudokuError as error:
    ...     print(type(error).__name__)
    GridSizeError
    """


class GridSizeError(SudokuError):
    """The grid does not have N rows of N cells.

    ``given`` is how many cells (or rows, or cells of one row) were
    found and ``expected`` how many were needed (``None`` when no size
    fits, e.g. 80 cells, which is not a square number).

    :param message: what is wrong, with where.
    :param given: the number found.
    :param expected: the number needed, if one can be named.

    >>> from sudoku import solve
    >>> solve("1" * 80)
    Traceback (most recent call last):
      ...
    sudoku.errors.GridSizeError: 80 cells given: not a square number (a 9x9 grid has 81 cells, 16x16 has 256)
    """

    def __init__(self, message: str, given: int, expected: int | None = None) -> None:
        super().__init__(message)
        self.given = given
        self.expected = expected


class BoxShapeError(SudokuError):
    """The box shape does not fit the grid.

    Raised when ``box=(rows, cols)`` does not multiply to the grid's size,
    or when the size has no box shape of its own (a prime size such as 5 or
    7) and none was given.

    >>> from sudoku import solve
    >>> solve("." * 36, box=(2, 2))
    Traceback (most recent call last):
      ...
    sudoku.errors.BoxShapeError: box=(2, 2) does not fit a 6x6 grid: rows x columns must be 6
    """


class AlphabetError(SudokuError):
    """An explicit ``alphabet=`` is not usable for the grid.

    The alphabet must have exactly N distinct characters for an N x N grid,
    and none of them may be white space or a blank character (``.``,
    ``-``, ``_``; ``0`` may be a symbol, and is then no blank).

    >>> from sudoku import solve
    >>> solve("." * 16, alphabet="ABC")
    Traceback (most recent call last):
      ...
    sudoku.errors.AlphabetError: alphabet 'ABC' has 3 symbols; a 4x4 grid needs 4
    """


class SymbolError(SudokuError):
    """A cell holds a character (or number) that is neither a symbol nor a blank.

    ``symbol`` is the offending character or value, ``row`` and
    ``column`` its place (from 1).

    :param message: what is wrong, with where.
    :param symbol: the offending character (or value, for number grids).
    :param row: its row, from 1.
    :param column: its column, from 1.

    >>> from sudoku import solve
    >>> solve("12.." "34.." "...." "...X")
    Traceback (most recent call last):
      ...
    sudoku.errors.SymbolError: unknown symbol 'X' at row 4, column 4 (alphabet '1234', blanks '.', '-', '_', '0')
    """

    def __init__(self, message: str, symbol: object, row: int, column: int) -> None:
        super().__init__(message)
        self.symbol = symbol
        self.row = row
        self.column = column


class ConflictError(SudokuError):
    """Two givens hold the same symbol in one row, column, box or other unit.

    ``unit`` is the kind of unit: ``"row"``, ``"column"``, ``"box"``, or
    for variants ``"region"`` (jigsaw), ``"diagonal"`` or ``"window"``;
    ``first`` and
    ``second`` are the two cells as ``(row, column)`` pairs, from 1.

    :param message: what is wrong, with where.
    :param symbol: the repeated symbol, as the grid writes it.
    :param unit: the kind of unit (``"row"``, ``"column"``, ``"box"``...).
    :param first: the earlier cell, ``(row, column)``.
    :param second: the later cell, ``(row, column)``.

    >>> from sudoku import solve
    >>> solve("1..1" "...." "...." "....")
    Traceback (most recent call last):
      ...
    sudoku.errors.ConflictError: symbol '1' twice in row 1: at row 1, column 1 and row 1, column 4
    """

    def __init__(
        self,
        message: str,
        symbol: object,
        unit: str,
        first: tuple[int, int],
        second: tuple[int, int],
    ) -> None:
        super().__init__(message)
        self.symbol = symbol
        self.unit = unit
        self.first = first
        self.second = second


class RegionError(SudokuError):
    """A variant or a jigsaw region map does not fit the grid.

    Raised for an unknown ``variant=``, a variant that has no place in the
    grid (windoku with 1xN boxes, or with jigsaw regions), and a
    ``regions=`` map that is not N regions of N cells each: the message
    names the region and its cells.

    >>> from sudoku import solve
    >>> solve("." * 16, regions="AABB" "AABB" "CCCC" "CDDD")
    Traceback (most recent call last):
      ...
    sudoku.errors.RegionError: region 'C' has 5 cells and region 'D' has 3: each region of a 4x4 grid needs 4 (region 'C': row 3, columns 1-4, row 4, column 1)
    """


class NoSolutionError(SudokuError):
    """The puzzle has no solution (its givens do not conflict directly).

    The message names a cell with no possible symbol, or a symbol with no
    possible place, when simple deduction finds one.

    >>> from sudoku import solve
    >>> solve("12.." "..3." "...." "....")
    Traceback (most recent call last):
      ...
    sudoku.errors.NoSolutionError: no solution: no symbol fits row 1, column 4
    """


class MultipleSolutionsError(SudokuError):
    """The puzzle has more than one solution (raised only when uniqueness is asked for).

    >>> from sudoku import solve
    >>> solve("." * 16, unique=True)
    Traceback (most recent call last):
      ...
    sudoku.errors.MultipleSolutionsError: more than one solution (unique=True)
    """


class SolutionError(SudokuError):
    """A grid offered as the solution of a puzzle is not one.

    Raised by :func:`sudoku.check`: the message names the first fault
    found (a blank cell, a changed given, a repeated symbol) and its place.

    >>> from sudoku import check
    >>> check("12.." "34.." "...." "....", "1334" "3412" "2143" "4321")
    Traceback (most recent call last):
      ...
    sudoku.errors.SolutionError: row 1, column 2 holds '3' but the puzzle gives '2'
    >>> check("12.." "34.." "...." "....", "1243" "3412" "2134" "4312")
    Traceback (most recent call last):
      ...
    sudoku.errors.SolutionError: symbol '1' twice in column 3: at row 2, column 3 and row 4, column 3
    """


class InputFormatError(SudokuError):
    """A batch of puzzles (a file) could not be read as any known format.

    Raised by :func:`sudoku.read_puzzles` when the input is not text, or
    its first line is neither one whole puzzle nor one row of a block of
    rows.  ``line`` is the line at fault (from 1), or ``None``.

    :param message: what is wrong.
    :param line: the line at fault, from 1, if there is one.

    >>> from sudoku import read_puzzles
    >>> read_puzzles("hello\\n")
    Traceback (most recent call last):
      ...
    sudoku.errors.InputFormatError: line 1: not a puzzle: 5 characters is neither a whole grid (81 for 9x9) nor one row of a grid (9, 16 or 25 characters)
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message if line is None else f"line {line}: {message}")
        self.line = line


class BudgetError(SudokuError, BudgetExceeded):
    """The search for a puzzle ran out of its ``max_nodes`` or ``timeout``.

    It is a :class:`SudokuError` (so catching those catches every error of
    :mod:`sudoku`) and a :class:`dlx.BudgetExceeded`, with its ``outcome``
    and ``stats``.  This is never a "no solution" answer: the search was
    cut short.

    >>> from sudoku import count
    >>> try:
    ...     count("." * 81, max_nodes=10)
    ... except SudokuError as error:
    ...     print(type(error).__name__, error.outcome.value)
    BudgetError out of nodes
    """

    def __init__(self, stop: BudgetExceeded) -> None:
        BudgetExceeded.__init__(self, stop.outcome, stop.stats, str(stop))


class CombinationError(SudokuError, Refused):
    """Arguments that do not go together, as :func:`dlx.ways.check` decides.

    Both a :class:`SudokuError` and a :class:`dlx.ways.Refused` (with its
    ``features``): the solving functions check their ``method``, limit and
    budgets in the one table of ways that every entry point shares.

    >>> from sudoku import count
    >>> try:
    ...     count("." * 16, method="sat")
    ... except CombinationError as error:
    ...     print(error.features)
    ('count', 'limit')
    """
