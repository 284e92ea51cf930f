"""Sudoku grids: reading every supported representation, and writing it back.

A grid of size N has N rows, N columns and N boxes of N cells each; its
cells hold the *values* 1 to N, or 0 for a blank.  :class:`Grid` reads a
grid given as

* a string of N² characters (``"53..7...."``...);
* a multi-line string, N lines of N characters;
* a list of N strings of N characters;
* a list of N lists of N one-character strings;
* a list of N lists of N ints (0 or ``None`` for a blank; any integer
  type, NumPy's too);
* a flat list of the N² cells, row by row: ints (as above) or
  one-character strings;
* a boxed display, as :func:`sudoku.format_grid` writes it, or a
  Norvig-style one: rows with cells apart and ``|`` between boxes
  (``5 3 . | . 7 . | . . .``), rule lines of ``-``, ``+`` and ``=``
  (``------+-------+------``, ``+-------+-------+``), as a multi-line
  string or a list of lines; the answer comes back as plain lines;
* a NumPy array (or anything with ``tolist``, ``shape``, ``copy`` and
  ``flat``), N x N or of N² cells, of ints or of one-character strings:
  the answer is a copy of it with the cells filled in (NumPy is never
  imported),

and writes values back in the same representation, alphabet and blank
character, so that a solved grid looks like the puzzle it came from.

How the alphabet is chosen (an explicit ``alphabet=`` always wins):

* ``.``, ``-`` and ``_`` are always blanks, and so is ``0`` unless the
  alphabet contains it;
* a 16x16 grid in which ``0`` appears 1 to 16 times and no letter beyond
  ``F`` appears is hexadecimal, ``0``-``9`` then ``A``-``F`` (a symbol
  appears at most 16 times; a blank ``0`` would appear far more often);
* a grid in which no digit ``1``-``9`` appears, and which either shows
  some letter or is larger than 9x9, uses letters: ``A`` is the first
  symbol (``A``-``P`` for 16x16 as in the POJ 3076 / UVA 1309 judges,
  ``A``-``Y`` for 25x25);
* any other grid uses ``1``-``9`` then letters: ``1``-``9A``-``G`` for
  16x16, ``1``-``9A``-``P`` for 25x25;
* letters may be lower case when all letters in the grid are.

Box shapes: an N x N grid with N = b² has b x b boxes; otherwise the box has
the most square shape with fewer rows than columns (2x3 for 6x6, 2x4 for
8x8, 3x4 for 12x12), and ``box=(rows, columns)`` chooses another.
"""

from __future__ import annotations

import enum
import operator
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from math import isqrt

from dlx.textformat import split_words, strip_space
from sudoku.errors import (
    AlphabetError,
    BoxShapeError,
    GridSizeError,
    SudokuError,
    SymbolError,
)
from sudoku.wording import a, counted, grid

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeAlias

    from sudoku.arrays import ArrayLike as ArrayLike

__all__ = [
    "BLANKS",
    "GIVE_BOX",
    "Grid",
    "GridLike",
    "box_shape",
    "cells_of_row",
    "detect_alphabet",
    "drawn_box",
    "is_decorated_row",
    "is_rule",
    "undecorated",
]
# Not in __all__, though public-named for the other sudoku modules that use
# them: NO_BOXES, box_for, check_alphabet, check_flags, is_array, whole_number.

#: Characters that are always blanks: no alphabet may use them.
#: ``0`` is a blank too whenever it is not a symbol.
BLANKS = ".-_"

_DIGITS_FIRST = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_HEX = "0123456789ABCDEF"
_NONZERO_DIGITS = frozenset("123456789")

#: What :func:`sudoku.solve` and friends accept: a string, a list of row
#: strings, a list of rows of one-character strings or ints, or a flat
#: list of the cells.
GridLike: TypeAlias = (
    str
    | Sequence[str]
    | Sequence[int | None]
    | Sequence[Sequence[int | None]]
    | Sequence[Sequence[str]]
)


def __getattr__(name: str) -> Any:
    """:class:`ArrayLike`, a protocol of :mod:`typing`'s, imported on first use (from ``sudoku.arrays``)."""
    if name != "ArrayLike":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from sudoku.arrays import ArrayLike

    globals()[name] = ArrayLike  # the next look-up finds it at once
    return ArrayLike


class _Form(enum.Enum):
    """The representation a grid came in, so that answers go back in it."""

    FLAT = "flat"  # one string of N*N characters
    LINES = "lines"  # one string of N lines
    ROWS = "rows"  # a list of N strings
    CHARS = "chars"  # a list of N lists of one-character strings
    INTS = "ints"  # a list of N lists of ints
    FLAT_CHARS = "flat chars"  # a list of N*N one-character strings
    FLAT_INTS = "flat ints"  # a list of N*N ints


def box_shape(size: int, box: tuple[int, int] | None = None) -> tuple[int, int]:
    """The shape ``(rows, columns)`` of the boxes of a ``size`` x ``size`` grid.

    Without ``box``: square boxes when ``size`` is a square, otherwise the
    most square shape with fewer rows than columns.  With ``box``: checks
    that it fits and returns it.

    :param size: the number of rows (and of columns, and of symbols).
    :param box: an explicit ``(rows, columns)`` shape, or ``None``.
    :returns: the box shape.
    :raises BoxShapeError: when ``size`` is not a positive int, when ``box``
        is not a pair of positive ints or does not multiply to ``size``, or
        when ``size`` (a prime above 1, such as 5 or 7) has no shape.

    >>> box_shape(9), box_shape(6), box_shape(12), box_shape(8, (4, 2))
    ((3, 3), (2, 3), (3, 4), (4, 2))
    >>> box_shape(0)
    Traceback (most recent call last):
      ...
    sudoku.errors.BoxShapeError: size=0 is not a grid size: it must be an int of at least 1
    """
    if type(size) is not int or size < 1:
        raise BoxShapeError(
            f"size={size!r} is not a grid size: it must be an int of at least 1"
        )
    if box is not None:
        rows, cols = _checked_box(box)
        if rows * cols != size:
            raise BoxShapeError(
                f"box={(rows, cols)} does not fit {grid(size)}: "
                f"rows x columns must be {size}"
            )
        return rows, cols
    rows = isqrt(size)
    while rows > 1 and size % rows:
        rows -= 1
    if rows == 1 and size > 1:
        raise BoxShapeError(f"{grid(size)} has no box shape; pass box=(rows, columns)")
    return rows, size // rows


def _checked_box(box: object) -> tuple[int, int]:
    """``box`` as a pair of positive ints, or :class:`BoxShapeError`.

    NumPy's integers are ints too (as a grid's size is); ``True`` is not.
    """
    if isinstance(box, str) or not isinstance(box, Sequence) or len(box) != 2:
        raise BoxShapeError(f"box={box!r} is not a pair (rows, columns)")
    rows, cols = (_whole(part) for part in box)
    if rows is None or cols is None or rows < 1 or cols < 1:
        raise BoxShapeError(f"box={box!r} is not a pair of positive ints")
    return rows, cols


def _whole(value: object) -> int | None:
    """``value`` as an int if it is one (NumPy's integers included, not a bool), else ``None``."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    if (type(value).__name__, type(value).__module__) in _NUMPY_BOOLS:
        return None
    return operator.index(value)  # type: ignore[arg-type]


#: The (name, module) of NumPy's boolean type, as its versions call it.
_NUMPY_BOOLS = {("bool_", "numpy"), ("bool", "numpy")}


def check_flags(**flags: object) -> None:
    """Raise :class:`SudokuError` for a flag that is not ``True`` or ``False``.

    A flag taken by its truth would read ``unique="no"`` as yes and
    ``disjoint_cages=0.0`` as no without a word: every function of
    :mod:`sudoku` that takes a flag (``unique``, ``disjoint_cages``,
    ``propagate``, ``implied``, ``boxes``) checks it here, by its name.
    NumPy's booleans (``numpy.bool_``) are ``True`` or ``False`` too.

    >>> check_flags(unique=True, disjoint_cages=False)
    >>> check_flags(unique="no")
    Traceback (most recent call last):
      ...
    sudoku.errors.SudokuError: unique='no' is not True or False
    """
    for name, value in flags.items():
        kind = type(value)
        if kind is not bool and (kind.__name__, kind.__module__) not in _NUMPY_BOOLS:
            raise SudokuError(f"{name}={value!r} is not True or False")


def detect_alphabet(cells: str, size: int) -> str:
    """Choose the alphabet of a grid from the characters in its cells.

    The rules are in the module documentation (:mod:`sudoku.grid`).  The
    result has ``size`` symbols; characters of ``cells`` outside it (and
    outside the blanks) are not checked here.

    :param cells: the grid's characters, in any order.
    :param size: the grid's size N (the alphabet has N symbols).
    :returns: the alphabet: symbol k (from 0) stands for value k + 1.
    :raises AlphabetError: when no built-in alphabet is that large (over 35).
    :raises GridSizeError: when ``size`` is not an int of at least 1.
    :raises SudokuError: when ``cells`` is not a string.

    >>> detect_alphabet("5.3..7", 9)
    '123456789'
    >>> detect_alphabet("--A-P-", 16), detect_alphabet("..9.G.", 16)
    ('ABCDEFGHIJKLMNOP', '123456789ABCDEFG')
    >>> detect_alphabet("0..f..a", 16)
    '0123456789abcdef'
    """
    if not isinstance(cells, str):
        raise SudokuError(f"cells={cells!r} is not a string")
    if type(size) is not int or size < 1:
        raise GridSizeError(
            f"size={size!r} is not a grid size: it must be an int of at least 1", 0
        )
    present = set(cells).difference(BLANKS)
    letters = {ch for ch in present if ch.isalpha()}
    lower = bool(letters) and all(ch.islower() for ch in letters)
    upper_letters = {ch.upper() for ch in letters}
    if (
        size == 16
        and "0" in present
        and cells.count("0") <= 16
        and upper_letters <= set("ABCDEF")
    ):
        alphabet = _HEX
    elif (
        not present & _NONZERO_DIGITS
        and (letters or size > 9)
        and size <= len(_LETTERS)
    ):
        alphabet = _LETTERS[:size]
    elif size <= len(_DIGITS_FIRST):
        alphabet = _DIGITS_FIRST[:size]
    else:
        raise AlphabetError(
            f"{grid(size)} needs an explicit alphabet= "
            f"(the built-in alphabets have at most {len(_DIGITS_FIRST)} symbols)"
        )
    return alphabet.lower() if lower else alphabet


@lru_cache(maxsize=64)
def _decoding(alphabet: str) -> dict[str, int]:
    """Map each symbol to its value and each blank character to 0."""
    table = {ch: 0 for ch in BLANKS + "0" if ch not in alphabet}
    table.update((ch, k) for k, ch in enumerate(alphabet, 1))
    return table


def check_alphabet(alphabet: str, size: int) -> None:
    """Raise :class:`AlphabetError` unless ``alphabet`` is N distinct symbols.

    For the grid readers here and :func:`sudoku.generate`'s ``alphabet=``:
    the alphabet must be a string of ``size`` different characters, none
    of them white space or a blank character (:data:`BLANKS`: a grid's
    blank cells are written with them, and would read as that symbol).

    >>> check_alphabet("12.4", 4)
    Traceback (most recent call last):
      ...
    sudoku.errors.AlphabetError: alphabet '12.4' contains '.', the blank: no symbol may be '.', '-' or '_', which mark blank cells
    """
    if not isinstance(alphabet, str):
        raise AlphabetError(f"alphabet={alphabet!r} is not a string")
    if len(alphabet) != size:
        raise AlphabetError(
            f"alphabet {alphabet!r} has {counted(len(alphabet), 'symbol')}; "
            f"{grid(size)} needs {size}"
        )
    if len(set(alphabet)) != size:
        repeated = next(ch for ch in alphabet if alphabet.count(ch) > 1)
        raise AlphabetError(f"alphabet {alphabet!r} has {repeated!r} twice")
    if any(ch.isspace() for ch in alphabet):
        raise AlphabetError(f"alphabet {alphabet!r} contains white space")
    blank = next((ch for ch in alphabet if ch in BLANKS), None)
    if blank is not None:
        raise AlphabetError(
            f"alphabet {alphabet!r} contains {blank!r}, the blank: no symbol "
            "may be '.', '-' or '_', which mark blank cells"
        )


def _is_flat(cells: Sequence[object]) -> bool:
    """Whether a list is a grid's cells rather than its rows.

    It is when the first item is an int (or ``None``, a blank), or when
    there are several and every one is a one-character string (a row of
    one character makes only a 1x1 grid).
    """
    first = cells[0]
    if isinstance(first, str):
        return len(cells) > 1 and all(
            isinstance(cell, str) and len(cell) == 1 for cell in cells
        )
    if isinstance(first, list | tuple):
        return False  # the common case, rows: no exception raised to find out
    return first is None or whole_number(first) is not None


def _rows_of(cells: list[Any]) -> list[Any]:
    """N² cells cut into N rows of N; :class:`GridSizeError` for a number that is no square."""
    size = isqrt(len(cells))
    if size * size != len(cells) or size == 0:
        raise _size_error(len(cells), None, "")
    return [cells[r : r + size] for r in range(0, size * size, size)]


def _size_error(given: int, size: int | None, why: str) -> GridSizeError:
    if size is not None:
        return GridSizeError(
            f"{counted(given, 'cell')} given; {grid(size)} {why} has {size * size}",
            given,
            size * size,
        )
    if given == 0:
        return GridSizeError("no cells given: the grid is empty", 0)
    return GridSizeError(
        f"{given} cells given: not a square number "
        "(a 9x9 grid has 81 cells, 16x16 has 256)",
        given,
    )


class Grid:
    """A parsed sudoku grid: its size, box shape, values and representation.

    Build one with :meth:`parse`; ``values`` lists the cells row by
    row (0 for a blank, 1 to N for a symbol) and :meth:`render` writes
    values back the way the grid was given.

    :ivar size: N, the number of rows, columns, boxes and symbols.
    :ivar box: the box shape ``(rows, columns)``.
    :ivar values: the N² cell values, row by row; 0 is a blank.
    :ivar alphabet: the symbols, symbol k (from 0) being value k + 1;
        ``None`` for a grid of ints.

    >>> grid = Grid.parse(["12..", "34..", "....", "...."])
    >>> grid.size, grid.box, grid.alphabet, grid.values[:6]
    (4, (2, 2), '1234', (1, 2, 0, 0, 3, 4))
    >>> grid.render([1, 2, 3, 4] * 4)
    ['1234', '1234', '1234', '1234']
    """

    __slots__ = (
        "_array",
        "_blank",
        "_end",
        "_form",
        "alphabet",
        "box",
        "size",
        "values",
    )

    size: int
    box: tuple[int, int]
    values: tuple[int, ...]
    alphabet: str | None

    def __init__(
        self,
        size: int,
        box: tuple[int, int],
        values: Sequence[int],
        alphabet: str | None,
        form: _Form = _Form.FLAT,
        blank: str | int | None = ".",
        end: str = "",
    ) -> None:
        self.size = size
        self.box = box
        self.values = tuple(values)
        self.alphabet = alphabet
        self._form = form
        self._blank = blank
        self._end = end
        # An array the grid came in (NumPy's, duck-typed): answers are
        # written into a copy of it.
        self._array: Any = None

    @classmethod
    def parse(
        cls,
        grid: GridLike | ArrayLike,
        *,
        alphabet: str | None = None,
        box: tuple[int, int] | None = None,
        boxes: bool = True,
    ) -> Grid:
        """Read a grid in any supported representation (see :mod:`sudoku.grid`).

        Surrounding blank space around a string grid, and around each line
        of a multi-line one, is ignored.

        :param grid: the grid.
        :param alphabet: the symbols, the first standing for value 1;
            ``None`` detects them (not allowed for a grid of ints).
        :param box: the box shape ``(rows, columns)``; ``None`` for the
            default shape of the size.
        :param boxes: ``False`` when the grid has no boxes (jigsaw regions
            replace them): any size is then accepted, such as 5x5, and
            ``box`` defaults to the size's own shape if it has one, else
            ``(1, N)``.
        :returns: the parsed grid.
        :raises GridSizeError: when the grid is not N rows of N cells.
        :raises BoxShapeError: when the box shape does not fit.
        :raises AlphabetError: when ``alphabet`` is unusable (not a string,
            the wrong length, a repeated symbol).
        :raises SymbolError: when a cell is neither a symbol nor a blank.
        :raises SudokuError: when ``grid`` is not a string or a list of
            rows, or ``boxes`` is not ``True`` or ``False``.

        >>> Grid.parse("1.3.\\n3...\\n..1.\\n...4\\n").values[:4]
        (1, 0, 3, 0)
        >>> Grid.parse([[1, None], [0, 2]], box=(1, 2)).values
        (1, 0, 0, 2)
        >>> Grid.parse("1...." * 5, boxes=False).box
        (1, 5)
        >>> Grid.parse("1...." * 5, boxes="no")
        Traceback (most recent call last):
          ...
        sudoku.errors.SudokuError: boxes='no' is not True or False
        """
        check_flags(boxes=boxes)
        if alphabet is not None and not isinstance(alphabet, str):
            raise AlphabetError(f"alphabet={alphabet!r} is not a string")
        if not boxes and box is None:
            box = NO_BOXES
        if is_array(grid):
            return cls._parse_array(grid, alphabet, box)
        if isinstance(grid, str):
            text = strip_space(grid)
            end = "\n" if grid.rstrip(" \t").endswith("\n") else ""
            if "\n" not in text:
                if "|" in text or _has_inner_space(text):
                    # "5 3 . . 7 ...": cells apart, on one line.
                    text = "".join(split_words(text.replace("|", " ")))
                return cls._parse_flat(text, alphabet, box, end)
            lines = [strip_space(line) for line in text.splitlines()]
            plain = undecorated(lines)
            if plain is not None:
                # A boxed or spaced display: written back as plain lines,
                # with the boxes it draws.
                if boxes:
                    box = _drawn_or_given(lines, box)
                lines, end = plain, "\n"
            return cls._parse_rows(lines, alphabet, box, _Form.LINES, end)
        if not isinstance(grid, Sequence):
            raise SudokuError(
                f"a grid must be a string or a list of rows, not {type(grid).__name__}"
            )
        rows = list(grid)
        if not rows:
            raise GridSizeError("no rows given: the grid is empty", 0)
        if _is_flat(rows):
            return cls._parse_flat_cells(rows, alphabet, box)
        if isinstance(rows[0], str):
            texts: list[str] = []
            for r, row in enumerate(rows, 1):
                if not isinstance(row, str):
                    raise SymbolError(
                        f"row {r} is {a(type(row).__name__)}, but row 1 is a string",
                        row,
                        r,
                        0,
                    )
                texts.append(row)
            plain = undecorated(texts)
            if plain is not None and boxes:
                box = _drawn_or_given(texts, box)
            return cls._parse_rows(plain or texts, alphabet, box, _Form.ROWS, "")
        return cls._parse_cells(rows, alphabet, box)

    @classmethod
    def _parse_array(
        cls, array: Any, alphabet: str | None, box: tuple[int, int] | None
    ) -> Grid:
        """A NumPy-like array (``tolist``, ``shape``, ``copy``, ``flat``), 1-D or 2-D."""
        shape = tuple(array.shape)
        rows = array.tolist()
        if len(shape) == 1:
            rows = _rows_of(rows)
        elif len(shape) != 2:
            raise SudokuError(
                f"an array grid has 1 or 2 dimensions, not {len(shape)} (shape {shape})"
            )
        grid = cls._parse_cells(rows, alphabet, box)
        grid._array = array
        return grid

    @classmethod
    def _parse_flat_cells(
        cls, cells: list[Any], alphabet: str | None, box: tuple[int, int] | None
    ) -> Grid:
        """A flat list of N² cells (ints or one-character strings), written back flat."""
        grid = cls._parse_cells(_rows_of(cells), alphabet, box)
        grid._form = _Form.FLAT_CHARS if grid._form is _Form.CHARS else _Form.FLAT_INTS
        return grid

    @classmethod
    def _parse_flat(
        cls, text: str, alphabet: str | None, box: tuple[int, int] | None, end: str
    ) -> Grid:
        given = len(text)
        size = isqrt(given)
        if size * size != given or size == 0:
            if alphabet is not None:
                raise _size_error(given, len(alphabet), f"(alphabet {alphabet!r})")
            if box is not None and box is not NO_BOXES:
                rows, cols = _checked_box(box)
                raise _size_error(given, rows * cols, f"(box={box})")
            raise _size_error(given, None, "")
        shape = box_for(size, box)
        values, alphabet, blank = _read_text(text, size, alphabet)
        return cls(size, shape, values, alphabet, _Form.FLAT, blank, end)

    @classmethod
    def _parse_rows(
        cls,
        rows: list[str],
        alphabet: str | None,
        box: tuple[int, int] | None,
        form: _Form,
        end: str,
    ) -> Grid:
        size = len(rows)
        shape = box_for(size, box)
        for r, row in enumerate(rows, 1):
            if len(row) != size:
                raise GridSizeError(
                    f"row {r} has {len(row)} cells; a grid of {size} rows "
                    f"is {size}x{size}, so every row needs {size}",
                    len(row),
                    size,
                )
        values, alphabet, blank = _read_text("".join(rows), size, alphabet)
        return cls(size, shape, values, alphabet, form, blank, end)

    @classmethod
    def _parse_cells(
        cls,
        rows: Sequence[object],
        alphabet: str | None,
        box: tuple[int, int] | None,
    ) -> Grid:
        size = len(rows)
        shape = box_for(size, box)
        cells: list[object] = []
        for r, row in enumerate(rows, 1):
            if not isinstance(row, Sequence) or isinstance(row, str):
                raise SymbolError(
                    f"row {r} is {a(type(row).__name__)}, not a list of cells",
                    row,
                    r,
                    0,
                )
            if len(row) != size:
                raise GridSizeError(
                    f"row {r} has {len(row)} cells; a grid of {size} rows "
                    f"is {size}x{size}, so every row needs {size}",
                    len(row),
                    size,
                )
            cells.extend(row)
        first = next((cell for cell in cells if cell is not None), None)
        if isinstance(first, str):
            text: list[str] = []
            for k, cell in enumerate(cells):
                if not isinstance(cell, str) or len(cell) != 1:
                    raise SymbolError(
                        f"bad cell {cell!r} at row {k // size + 1}, column "
                        f"{k % size + 1}: expected a one-character string",
                        cell,
                        k // size + 1,
                        k % size + 1,
                    )
                text.append(cell)
            values, alphabet, blank = _read_text("".join(text), size, alphabet)
            return cls(size, shape, values, alphabet, _Form.CHARS, blank)
        if alphabet is not None:
            raise AlphabetError(
                "alphabet= applies to grids of characters, not to grids of ints"
            )
        numbers: list[int] = []
        # Blanks are written back as None if the grid wrote them so (and never as 0).
        blank_value: int | None = None if None in cells and 0 not in cells else 0
        for k, cell in enumerate(cells):
            if cell is None:
                numbers.append(0)
            elif (value := whole_number(cell)) is not None and 0 <= value <= size:
                numbers.append(value)
            else:
                raise SymbolError(
                    f"bad value {cell!r} at row {k // size + 1}, column "
                    f"{k % size + 1}: expected an int from 1 to {size}, "
                    "or 0 or None for a blank",
                    cell,
                    k // size + 1,
                    k % size + 1,
                )
        return cls(size, shape, numbers, None, _Form.INTS, blank_value)

    # -- writing back ----------------------------------------------------

    def symbol(self, value: int) -> str | int:
        """How the grid writes ``value``: its symbol, or the int itself.

        :param value: a value from 1 to N.
        :returns: the symbol (an int for a grid of ints).

        >>> Grid.parse("-" * 256).symbol(1), Grid.parse([[0] * 4] * 4).symbol(3)
        ('A', 3)
        """
        if self.alphabet is None:
            return value
        return self.alphabet[value - 1]

    def render(self, values: Sequence[int] | None = None) -> GridLike:
        """Write values in this grid's representation, alphabet and blank.

        :param values: N² values, row by row (0 for a blank); ``None`` for
            this grid's own values.
        :returns: a string, a list of strings or a list of lists, as the
            grid was given.

        >>> grid = Grid.parse("1.3.\\n3...\\n..1.\\n...4\\n")
        >>> print(grid.render(), end="")
        1.3.
        3...
        ..1.
        ...4
        >>> Grid.parse([[1, None], [None, 2]], box=(1, 2)).render([1, 2, 2, 1])
        [[1, 2], [2, 1]]
        """
        if values is None:
            values = self.values
        if self._array is not None:
            rendered: GridLike = self._render_array(values)
            return rendered
        size = self.size
        form = self._form
        if form is _Form.INTS or form is _Form.FLAT_INTS:
            blank = None if self._blank is None else 0
            if form is _Form.FLAT_INTS:
                return [v or blank for v in values]
            return [
                [v or blank for v in values[r : r + size]]
                for r in range(0, size * size, size)
            ]
        assert self.alphabet is not None and isinstance(self._blank, str)
        symbols = self._blank + self.alphabet
        text = "".join([symbols[v] for v in values])
        if form is _Form.FLAT:
            return text + self._end
        if form is _Form.FLAT_CHARS:
            return list(text)
        rows = [text[r : r + size] for r in range(0, size * size, size)]
        if form is _Form.LINES:
            return "\n".join(rows) + self._end
        if form is _Form.ROWS:
            return rows
        return [list(row) for row in rows]

    def _render_array(self, values: Sequence[int]) -> Any:
        """The values written into a copy of the array the grid came in."""
        result = self._array.copy()
        cells = result.flat
        if self.alphabet is None:
            blank = 0 if self._blank is None else self._blank
            for k, v in enumerate(values):
                cells[k] = v or blank
        else:
            symbols = str(self._blank) + self.alphabet
            for k, v in enumerate(values):
                cells[k] = symbols[v]
        return result

    def __repr__(self) -> str:
        givens = sum(1 for v in self.values if v)
        return (
            f"<Grid {self.size}x{self.size}, boxes {self.box[0]}x{self.box[1]}, "
            f"alphabet {self.alphabet!r}, {givens} givens>"
        )


#: Passed as ``box`` for a grid without boxes (``Grid.parse(boxes=False)``,
#: a jigsaw grid); recognised by identity, so pass this very tuple.
NO_BOXES = (0, 0)


def box_for(size: int, box: tuple[int, int] | None) -> tuple[int, int]:
    """The box shape of a grid being parsed; any size goes without boxes.

    ``box`` is checked as :func:`box_shape` does (``None``: the default
    shape).  With :data:`NO_BOXES` the default shape is taken when ``size``
    has one, and ``(1, size)`` otherwise (a 5x5 or 7x7 jigsaw grid).
    """
    if box is not NO_BOXES:
        return box_shape(size, box)
    try:
        return box_shape(size)
    except BoxShapeError:
        if type(size) is not int or size < 1:
            raise
        return 1, size


#: The characters of a rule line in a boxed or Norvig-style display.
_RULE = frozenset("-=+|")


def _has_inner_space(line: str) -> bool:
    """Whether ``line`` has blank space between its first and last characters.

    Such a one-line grid writes its cells apart (``"5 3 . . 7 ..."``).
    :func:`dlx.textformat.split_words` (``str.split`` on CPython) takes the
    same characters for blank space as ``str.isspace`` does, so this says
    what testing every character would, at the speed of C: 0.4 µs for a 256-cell line without
    blanks, against 37 µs for a generator over its characters (a line with
    blanks is split again to read its cells anyway).

    >>> _has_inner_space(" 12.4 "), _has_inner_space("1 2"), _has_inner_space("1\u30002")
    (False, True, True)
    """
    return len(split_words(line)) > 1


def is_decorated_row(line: str) -> bool:
    """Whether a (stripped) line is a row of a boxed or spaced display.

    It is when it has ``|`` in it, or is one-character cells apart
    (``5 3 . . 7``), but not when it is a rule line.

    >>> is_decorated_row("| 5 3 . | . 7 . |"), is_decorated_row("53..7....")
    (True, False)
    >>> is_decorated_row("Grid 01"), is_decorated_row("+-----+-----+")
    (False, False)
    """
    if not line or ((set(line) - {" ", "\t"}) <= _RULE and "+" in line):
        return False
    if "|" in line:
        return True
    tokens = split_words(line)
    return len(tokens) > 1 and all(len(token) == 1 for token in tokens)


def cells_of_row(line: str) -> str:
    """The cells of a display row: the line without ``|`` and white space.

    >>> cells_of_row("| 5 3 . | . 7 . |")
    '53..7.'
    """
    return "".join(split_words(line.replace("|", " ")))


def is_rule(line: str, size: int | None = None) -> bool:
    """Whether a (stripped) line of a display is a rule between boxes.

    A rule is made of ``-``, ``=``, ``+``, ``|`` and spaces (a jigsaw
    drawing's ``+   +---+`` too); one with
    neither ``+`` nor ``=`` could also be a row of blanks (``- - - | - - -``),
    and is a rule only when its cells would not make a row of ``size``.

    >>> is_rule("------+------+------"), is_rule("+-------+-------+")
    (True, True)
    >>> is_rule("- - - | - - - | - - -", 9), is_rule("---------------------", 9)
    (False, True)
    """
    chars = set(line) - {" ", "\t"}
    if not chars or not chars <= _RULE or not chars & {"-", "=", "+"}:
        return False
    if "+" in chars or "=" in chars:
        return True
    return size is None or len(cells_of_row(line)) != size


def undecorated(lines: Sequence[str]) -> list[str] | None:
    """The plain rows of a boxed or Norvig-style display; ``None`` if it is none.

    Rule lines (``+-------+``, ``------+------``) are dropped; ``|`` and the
    spaces between cells are taken out of the rows.

    >>> undecorated(["+-----+-----+", "| 1 . | . . |", "| . . | . 2 |",
    ...              "+-----+-----+", "| . . | . . |", "| . 4 | . . |",
    ...              "+-----+-----+"])
    ['1...', '...2', '....', '.4..']
    >>> undecorated(["12..", "34.."]) is None
    True
    """
    lines = [strip_space(line) for line in lines]
    if not any(
        is_decorated_row(line) or (("+" in line or "=" in line) and is_rule(line))
        for line in lines
    ):
        return None
    # Rows outnumber rules: the most common length among the lines that
    # are not surely rules (a row of blanks looks like a rule of dashes).
    lengths = Counter(
        len(cells_of_row(line))
        for line in lines
        if line and not ("+" in line or "=" in line)
    )
    size = lengths.most_common(1)[0][0] if lengths else None
    return [cells_of_row(line) for line in lines if line and not is_rule(line, size)]


#: What a refusal of a drawing that marks no boxes of one shape suggests
#: (the command says its option instead).
GIVE_BOX = "a jigsaw? give its region map (regions=); else give the box shape to read it anyway"


def drawn_box(lines: Sequence[str]) -> tuple[int, int] | None:
    """The box shape ``(rows, columns)`` that a boxed display draws, or ``None``.

    A box's rows are the rows between two rule lines, its columns the
    cells between two ``|``; a display with bars and no rules (or rules
    and no bars) gives the other side by the grid's size.  Bars between
    every two cells (a table) or a rule under every row mark no boxes.
    ``None`` when the lines draw no boxes (a plain or spaced grid, a
    table), or when their rules and bars do not mark boxes of one shape
    that fits the grid (:meth:`sudoku.Grid.parse` refuses such a drawing unless
    it is given the box shape).

    >>> drawn_box(["+-----+-----+", "| 1 . | . . |", "| . . | . 2 |",
    ...            "+-----+-----+", "| . . | 4 . |", "| . 3 | . . |",
    ...            "+-----+-----+"])
    (2, 2)
    >>> drawn_box(["3 . | . 6 | . .", ". . | 2 . | . 4", "5 . | 4 . | . .",
    ...            "----+-----+----", ". . | . 2 | . 5", "2 . | . 5 | . .",
    ...            ". . | 6 . | . 3"])
    (3, 2)
    >>> drawn_box(["1 2 3 4", "3 4 1 2"]) is None
    True
    >>> drawn_box(["| 1 | 2 | 3 | 4 |", "| 3 | 4 | 1 | 2 |",
    ...            "| 2 | 1 | 4 | 3 |", "| 4 | 3 | 2 | 1 |"]) is None
    True
    """
    return _drawn_shape(lines)[0]


def _drawn_shape(
    lines: Sequence[str],
) -> tuple[tuple[int, int] | None, str | None]:
    """:func:`drawn_box`, and why a drawing marks no one shape (``None``: it does)."""
    plain = undecorated(lines)
    if plain is None:
        return None, None
    size = len(plain)
    lengths = {len(row) for row in plain}
    if lengths != {size}:
        return None, None  # not a square grid: its own error comes later
    heights: list[int] = []
    widths: dict[tuple[int, ...], int] = {}  # each division, its first row
    rows = 0
    for line in (strip_space(line) for line in lines):
        if not line:
            continue
        if is_rule(line, size):
            if rows:
                heights.append(rows)
            rows = 0
            continue
        rows += 1
        if "|" in line:
            parts = [len(cells_of_row(part)) for part in line.split("|")]
            while parts and not parts[0]:
                del parts[0]
            while parts and not parts[-1]:
                del parts[-1]
            widths.setdefault(tuple(parts), sum(heights) + rows)
    if rows:
        heights.append(rows)
    height = width = None
    if len(heights) > 1 and set(heights) != {1}:  # a rule under every row: none
        if len(set(heights)) != 1:
            counts = ", ".join(str(h) for h in heights)
            return None, (
                f"the grid's rule lines mark off {counts} rows, not boxes of one height"
            )
        height = heights[0]
    divisions = [d for d in widths if len(d) > 1 and set(d) != {1}]  # a table: none
    if len(widths) > 1 and divisions:
        (first, row), (other, row2) = sorted(widths.items(), key=lambda kv: kv[1])[:2]
        return None, (
            f"the grid's bars divide row {row} into {_parts(first)} but "
            f"row {row2} into {_parts(other)}, not boxes of one width"
        )
    if divisions:
        (drawn,) = divisions
        if len(set(drawn)) != 1:
            return None, (
                f"the grid's bars divide its rows into {_parts(drawn)} cells, "
                "not boxes of one width"
            )
        width = drawn[0]
    if height is None and width is None:
        return None, None
    if height is None:
        assert width is not None
        height = size // width
    elif width is None:
        width = size // height
    if height * width != size:
        return None, (
            f"the grid draws boxes of {height}x{width} (rows x columns), "
            f"which do not fill a {size}x{size} grid"
        )
    return (height, width), None


def _parts(division: Sequence[int]) -> str:
    """A row's division by bars, as in the drawing: ``3|3|3``."""
    return "|".join(str(n) for n in division)


def _drawn_or_given(
    lines: Sequence[str], box: tuple[int, int] | None
) -> tuple[int, int] | None:
    """The box shape of a display: the drawn one; a given one must agree.

    A drawing that marks no boxes of one shape is refused unless the box
    shape is given: read in the size's default shape, it could be solved
    in boxes it does not show.
    """
    drawn, why = _drawn_shape(lines)
    if why is not None:
        if box is None:
            raise BoxShapeError(f"{why} ({GIVE_BOX})")
        return box
    if drawn is None:
        return box
    if box is None:
        return drawn
    if isinstance(box, tuple | list) and tuple(box) != drawn:
        raise BoxShapeError(
            f"the grid draws boxes of {drawn[0]}x{drawn[1]} (rows x columns), "
            f"not the {box[0]}x{box[1]} given"
        )
    return box


def is_array(grid: object) -> bool:
    """Whether ``grid`` looks like a NumPy array (never imports NumPy)."""
    return (
        not isinstance(grid, str | Sequence)
        and hasattr(grid, "tolist")
        and hasattr(grid, "shape")
        and hasattr(grid, "copy")
        and hasattr(grid, "flat")
    )


def whole_number(cell: object) -> int | None:
    """``cell`` as an int if it is an integer of any type (NumPy's too), not a bool."""
    if isinstance(cell, bool):
        return None
    try:
        return operator.index(cell)  # type: ignore[arg-type]
    except TypeError:
        return None


def _read_text(
    text: str, size: int, alphabet: str | None
) -> tuple[list[int], str, str]:
    """Decode N² characters: the values, the alphabet and the blank character."""
    if alphabet is None:
        alphabet = detect_alphabet(text, size)
    else:
        check_alphabet(alphabet, size)
    table = _decoding(alphabet)
    try:
        values = [table[ch] for ch in text]
    except KeyError:
        k = next(k for k, ch in enumerate(text) if ch not in table)
        blanks = ", ".join(repr(ch) for ch in table if table[ch] == 0)
        raise SymbolError(
            f"unknown symbol {text[k]!r} at row {k // size + 1}, column "
            f"{k % size + 1} (alphabet {alphabet!r}, blanks {blanks})",
            text[k],
            k // size + 1,
            k % size + 1,
        ) from None
    blank = next((ch for ch in BLANKS + "0" if ch in text and not table.get(ch)), ".")
    return values, alphabet, blank
