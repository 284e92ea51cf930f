"""Batches of puzzles in text: the judge formats, detected from the input.

Two layouts are read and written:

* :attr:`Layout.LINES`: one puzzle per line, N² characters (POJ 3074 for
  9x9, and any other size: 16 characters for 4x4, 256 for 16x16...).
  Blank lines are skipped.  One solution per line is written.
* :attr:`Layout.BLOCKS`: each puzzle is N lines of N characters (POJ 3076
  / UVA 1309 for 16x16), puzzles separated by blank lines.  Each solution
  is written as N lines followed by one blank line; in the UVA style a
  blank line goes only *between* two solutions.

Blocks may also be boxed or spaced displays, as :func:`sudoku.format_grid`
writes them or as in Norvig's essay (``5 3 . | . 7 . | . . .`` rows, rule
lines such as ``------+------+------`` or ``+-------+-------+``): rule lines
belong to the grid around them and never end a block, and each grid ends
after its N rows.

Either way, a line ``end`` closes the input (POJ 3074 ends with it),
lines starting with ``#`` are comments, and header lines such as Project
Euler's ``Grid 01`` (also ``Puzzle 7``, ``Sudoku #3:``) are ignored; in
block layout a header also ends the block before it.  A line that cannot
be part of a grid (a title) is skipped and reported; see
:func:`iter_puzzles`.

Batches are read lazily by :func:`iter_puzzles`.  The layout is decided
from the first lines only (a window of at most :data:`WINDOW` lines), by
the most common line length that fits one (so a damaged line, even the
first, costs only its own puzzle): a line of N² characters, where N has a
box shape, is a whole puzzle; a line of N
characters (N up to 35) is one row of a block.  A 16-character line fits
both (a 4x4 puzzle, or a row of a 16x16 one): such lines are rows of
16x16 blocks when some of them hold a symbol that no 4x4 grid uses
(anything but ``1``-``4``, ``A``-``D`` and blanks), or, when their only
letters are ``A``-``D``, when 16 of them stand in a row; otherwise each is
a 4x4 puzzle.
"""

from __future__ import annotations

import enum
import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from math import isqrt

from dlx.records import Record
from dlx.textformat import strip_space
from sudoku.errors import BoxShapeError, InputFormatError, SudokuError
from sudoku.grid import (
    BLANKS,
    box_shape,
    cells_of_row,
    check_flags,
    is_decorated_row,
    is_rule,
)
from sudoku.wording import a, counted, grid

__all__ = [
    "WINDOW",
    "Layout",
    "Puzzle",
    "format_solution",
    "iter_puzzles",
    "read_puzzles",
]

#: The largest grid whose rows the built-in alphabets can write.
_MAX_ROW = 35
_FOUR_BY_FOUR = frozenset("12340" + BLANKS)
_FOUR_LETTERS = frozenset("ABCDabcd")


class Layout(enum.Enum):
    """How puzzles are laid out in a batch.

    >>> Layout.BLOCKS.value
    'blocks'
    """

    #: One puzzle per line.
    LINES = "lines"
    #: N lines of N characters per puzzle, separated by blank lines.
    BLOCKS = "blocks"


class Puzzle(Record, frozen=True):
    """One puzzle of a batch, with where it was found.

    :ivar number: its position in the batch, from 1.
    :ivar line: the line it starts on, from 1.
    :ivar text: the puzzle: one line, or N lines joined by newlines.
    :ivar layout: the batch's layout.
    :ivar error: why the puzzle could not be cut out of the batch (a
        block with too few rows), or ``None``.

    >>> read_puzzles("1...\\n.2..\\n..3.\\n...4\\n")[0]
    Puzzle(number=1, line=1, text='1...\\n.2..\\n..3.\\n...4', layout=<Layout.BLOCKS: 'blocks'>, error=None)
    """

    number: int
    line: int
    text: str
    layout: Layout
    error: str | None = None

    @property
    def lines(self) -> str:
        """Where the puzzle stands: ``"line 3"``, or ``"lines 18-33"`` for a block.

        >>> [p.lines for p in read_puzzles("\\n" + "." * 81 + "\\n")]
        ['line 2']
        """
        last = self.line + self.text.count("\n")
        return f"line {self.line}" if last == self.line else f"lines {self.line}-{last}"


def _has_box(size: int) -> bool:
    try:
        box_shape(size)
    except BoxShapeError:
        return False
    return True


def _any_size(size: int) -> bool:
    """Every size of at least 2 fits a grid without boxes (variant ``"latin"``)."""
    return size >= 2


def _detect(
    lines: list[tuple[int, str]], size: int | None, fits: Callable[[int], bool]
) -> Layout:
    """The layout of a batch, from its ``(number, line)`` pairs (first one not blank).

    ``fits`` says which sizes a grid may have (:func:`_has_box`, or
    :func:`_any_size` for grids without boxes).
    """
    number, first = lines[0]
    length = len(first)
    root = isqrt(length)
    if size is not None:
        whole, row = length == size * size, length == size
    else:
        whole = root * root == length and fits(root)
        row = 2 <= length <= _MAX_ROW and fits(length)
    if whole and row and length != 16:
        # Grids without boxes only (a 25-character line: a 5x5 grid, or a
        # row of a 25x25 one).
        return _by_run(lines, length)
    if whole and row:
        # Only a 16-character line: a 4x4 puzzle, or a row of a 16x16 one.
        # The 16-character lines are rows of 16x16 blocks when any of them
        # holds a symbol no 4x4 grid has (a damaged row elsewhere in the
        # block does not change that).
        # With only A-D as letters, both readings spell valid symbols: then
        # a run of 16 such lines makes a block.
        symbols = set("".join(line for _, line in lines if len(line) == length))
        if symbols <= _FOUR_BY_FOUR:
            return Layout.LINES
        if not symbols <= _FOUR_BY_FOUR | _FOUR_LETTERS:
            return Layout.BLOCKS
        return _by_run(lines, length)
    if whole:
        return Layout.LINES
    if row:
        return Layout.BLOCKS
    if size is not None:
        raise InputFormatError(
            f"not a puzzle: {counted(length, 'character')} is neither a whole "
            f"{size}x{size} grid ({size * size} characters) nor one of its rows "
            f"({size} characters)",
            number,
        )
    raise InputFormatError(
        f"not a puzzle: {counted(length, 'character')} is neither a whole grid "
        "(81 for 9x9) nor one row of a grid (9, 16 or 25 characters)",
        number,
    )


def _by_run(lines: list[tuple[int, str]], length: int) -> Layout:
    """Rows of blocks when ``length`` lines of ``length`` characters come in a run, else whole grids."""
    run = 0
    for _, line in lines:
        run = run + 1 if len(line) == length else 0
        if run == length:
            return Layout.BLOCKS
    return Layout.LINES


def _detect_from_any(
    lines: list[tuple[int, str]], size: int | None, fits: Callable[[int], bool]
) -> tuple[Layout, int]:
    """The layout of a batch and the length of its lines, by majority.

    Line lengths are tried from the most common to the least (ties: the one
    seen first), and the first that is a whole puzzle or a row decides.  So
    one damaged line, even the first, is cut out as a puzzle of its own (and
    fails when solved) instead of costing the rest of the batch.
    """
    counts = Counter(len(line) for _, line in lines if line)
    first_error: InputFormatError | None = None
    for length in sorted(counts, key=lambda n: -counts[n]):
        start = next(k for k, (_, line) in enumerate(lines) if len(line) == length)
        try:
            return _detect(lines[start:], size, fits), length
        except InputFormatError as error:
            first_error = first_error or error
    assert first_error is not None
    raise first_error


#: The layout is chosen from at most this many lines (not counting blank
#: lines, comments and headers) at the start of a batch.
WINDOW = 64
#: A line that is only a header: ``Grid 01`` (Project Euler), ``Puzzle 7:``.
_HEADER = re.compile(r"(?:grid|puzzle|sudoku)\s*(?:no\.?|#)?\s*\d+\s*:?", re.IGNORECASE)


def _is_header(line: str) -> bool:
    """Whether a (stripped, non-blank) line is a comment or a header, never a grid."""
    return line.startswith("#") or _HEADER.fullmatch(line) is not None


def _has_space(line: str) -> bool:
    return any(ch.isspace() for ch in line)


def _display(
    window: list[tuple[int, str]], size: int | None, fits: Callable[[int], bool]
) -> int | None:
    """N, when the window shows boxed or spaced displays; otherwise ``None``.

    It does when at least 3 of its lines are display rows (``| 5 3 . |``,
    ``5 3 . . 7``) and they outnumber the other lines (rules aside) more
    than twice; N is then their most common number of cells.
    """
    rows = [cells_of_row(line) for _, line in window if is_decorated_row(line)]
    others = sum(
        1
        for _, line in window
        if not is_decorated_row(line) and not is_rule(line) and not _is_header(line)
    )
    if len(rows) < 3 or len(rows) <= 2 * others:
        return None
    if size is not None:
        return size
    length = Counter(len(row) for row in rows).most_common(1)[0][0]
    if not 2 <= length <= _MAX_ROW:
        return None
    if not fits(length):
        # Drawn rows of a size without a box shape: a jigsaw (or a latin
        # square) read without its options, which no other layout fits.
        first = next(n for n, line in window if is_decorated_row(line))
        raise InputFormatError(
            f"the lines show {length}x{length} grids drawn cell by cell, but a "
            f"{length}x{length} grid has no box shape: a jigsaw? give its "
            "region map (regions=); else pass box=(rows, columns)",
            first,
        )
    return length


def _decided(
    window: list[tuple[int, str]],
    size: int | None,
    full: bool,
    fits: Callable[[int], bool],
) -> bool:
    """Whether the look-ahead window already shows the layout clearly.

    It does when the window is full (or the input ended: ``full``), when
    the first line is a whole grid too long to be a row, or when
    one line length has at least 3 lines and more than twice as many as
    every other length together (so a damaged first line is outvoted).  A
    16-character majority, without a known size, waits for the full window
    (it may be 4x4 puzzles or rows of 16x16 ones) unless a symbol that no
    4x4 grid has shows it is made of 16x16 rows.
    """
    if full or _display(window, size, fits) is not None:
        return True
    counts = Counter(len(line) for _, line in window if not _has_space(line))
    if not counts:
        return False
    length, top = counts.most_common(1)[0]
    if len(window) == 1 and length > _MAX_ROW:
        # A first line longer than any row, and as long as a whole grid:
        # one puzzle per line, whatever the next lines hold (a damaged line
        # is still one puzzle).  So one puzzle typed on a terminal is
        # answered at once.
        root = isqrt(length)
        return length == size * size if size else root * root == length and fits(root)
    if top < 3 or top <= 2 * (counts.total() - top):
        return False
    if size is None and fits is _any_size and length <= _MAX_ROW:
        # Grids without boxes: a whole grid and a row look alike at every
        # square length; _detect looks for a run of rows in the full window.
        root = isqrt(length)
        return root * root != length
    if size is not None or length != 16:
        return True
    # 16 characters: rows of a 16x16 grid once one shows a symbol no 4x4 has.
    symbols = set("".join(line for _, line in window if len(line) == 16))
    return not symbols <= _FOUR_BY_FOUR | _FOUR_LETTERS


def _choose(
    window: list[tuple[int, str]], size: int | None, fits: Callable[[int], bool]
) -> tuple[Layout, int]:
    """The layout from the window; lines with spaces in them count only if all do."""
    rows = [(n, line) for n, line in window if not _has_space(line)]
    return _detect_from_any(rows or window, size, fits)


def _lines(source: str | Iterable[str]) -> Iterator[tuple[int, str]]:
    """Number and strip the lines of ``source``, stopping at a line ``end``."""
    lines = source.splitlines() if isinstance(source, str) else source
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise InputFormatError(
                f"not text: {a(type(line).__name__)} where a line was expected", number
            )
        line = strip_space(line)
        if line.lower() == "end":
            return
        yield number, line


def iter_puzzles(
    source: str | Iterable[str],
    *,
    size: int | None = None,
    on_skip: Callable[[int, str], None] | None = None,
    boxes: bool = True,
) -> Iterator[Puzzle]:
    """Cut puzzles out of text lazily, one at a time, detecting the layout.

    Lines are read only as puzzles are asked for, so an endless stream (a
    file object, ``sys.stdin``) gives its first puzzle at once and memory
    stays flat.  The layout (:class:`Layout`) is chosen from a bounded
    look-ahead window at the start: the most common line length among
    the first lines (up to :data:`~sudoku.formats.WINDOW`) that is a
    whole puzzle or one row of one, so a damaged first line costs only its
    own puzzle.

    Lines ``#...`` (comments) are ignored.  Header lines (``Grid 01`` as
    in Project Euler's file, ``Puzzle 7:``) and blank lines end a block of
    rows.  In block layout, a line that cannot be a row (it has spaces in
    it, or its length is far from N: more than N/4 off) is skipped and
    reported to ``on_skip`` without moving the blocks around it; a line of
    about N characters is a (damaged) row and costs only its own puzzle.
    In line layout, only lines with spaces are skipped so.

    Puzzles are not checked here, only cut out (:func:`sudoku.solve`
    checks them); a block with fewer than N rows comes back with its
    ``Puzzle.error`` set.  Lines are stripped of surrounding blank space,
    and reading stops at a line ``end``.

    :param source: the text, or an iterable of its lines (a file object).
    :param size: the grid size N, when known (e.g. from an explicit box
        shape); ``None`` detects it from the line lengths.
    :param on_skip: called with the line number and a message for each
        line skipped as not part of any puzzle (not for comments and
        headers).
    :param boxes: ``False`` for grids without boxes (variant ``"latin"``):
        a size need not have a box shape (a 25-character line may be a
        5x5 grid, which it then is unless 25 such lines come in a run).
    :returns: an iterator of the puzzles, in order.
    :raises InputFormatError: when no line of the window is a whole puzzle
        or a row of one (raised by the iterator, when the window is read),
        when the window shows grids drawn cell by cell (``| 1 2 | 3 4 5
        |``) of a size without a box shape (a jigsaw, read without its
        map), or when ``source`` yields something other than strings.
    :raises BoxShapeError: at once, when ``size`` is not an int of at least 1.
    :raises SudokuError: at once, when ``source`` is not text or lines,
        or ``boxes`` is not ``True`` or ``False``.

    >>> lines = iter(["Grid 01", "1...", ".2..", "..3.", "...4", "Grid 02"])
    >>> puzzles = iter_puzzles(lines)
    >>> next(puzzles).text
    '1...\\n.2..\\n..3.\\n...4'
    >>> next(lines)  # the header of the next grid has not been read yet
    'Grid 02'
    """
    if size is not None and (type(size) is not int or size < 1):
        box_shape(size)  # a BoxShapeError for a size that is not one
    check_flags(boxes=boxes)  # "no" would be taken as yes
    if not isinstance(source, str) and not isinstance(source, Iterable):
        raise SudokuError(
            f"a batch must be text or an iterable of lines, not {type(source).__name__}"
        )
    fits = _has_box if boxes else _any_size
    return _iter_puzzles(_lines(source), size, on_skip or _ignore, fits)


def _ignore(line: int, message: str) -> None:
    """The default ``on_skip``: skip quietly."""


def _iter_puzzles(
    lines: Iterator[tuple[int, str]],
    size: int | None,
    on_skip: Callable[[int, str], None],
    fits: Callable[[int], bool],
) -> Iterator[Puzzle]:
    window: list[tuple[int, str]] = []
    buffered: list[tuple[int, str]] = []
    ended = True
    for number, line in lines:
        buffered.append((number, line))
        if line and not _is_header(line):
            window.append((number, line))
            if _decided(window, size, len(window) >= WINDOW, fits):
                ended = False
                break
    if not window:
        return
    rest = iter(buffered) if ended else itertools.chain(buffered, lines)
    display = _display(window, size, fits)
    if display is not None:
        yield from _cut_display(rest, display, on_skip)
        return
    layout, length = _choose(window, size, fits)
    if layout is Layout.LINES:
        yield from _cut_lines(rest, length, on_skip)
    else:
        yield from _cut_blocks(rest, length if size is None else size, on_skip)


def _cut_lines(
    lines: Iterable[tuple[int, str]], length: int, on_skip: Callable[[int, str], None]
) -> Iterator[Puzzle]:
    count = 0
    for number, line in lines:
        if not line or _is_header(line):
            continue
        if _has_space(line) and len(line) != length:
            on_skip(number, f"line {number}: skipped, not a puzzle: {line[:40]!r}")
            continue
        count += 1
        yield Puzzle(count, number, line, Layout.LINES)


def _cut_blocks(
    lines: Iterable[tuple[int, str]], rows: int, on_skip: Callable[[int, str], None]
) -> Iterator[Puzzle]:
    slack = max(1, rows // 4)
    count = 0
    group: list[tuple[int, str]] = []

    def cut() -> Puzzle:
        error = None
        if len(group) < rows:
            error = (
                f"{counted(len(group), 'row')}; a puzzle in this file is "
                f"{rows} lines of {rows} characters"
            )
        text = "\n".join(row for _, row in group)
        return Puzzle(count, group[0][0], text, Layout.BLOCKS, error)

    for number, line in lines:
        if line.startswith("#"):
            continue
        if not line or _HEADER.fullmatch(line):
            if group:
                count += 1
                yield cut()
                group = []
            continue
        if _has_space(line) or abs(len(line) - rows) > slack:
            on_skip(
                number,
                f"line {number}: skipped, not a row of {grid(rows)}: {line[:40]!r}",
            )
            continue
        group.append((number, line))
        if len(group) == rows:
            count += 1
            yield cut()
            group = []
    if group:
        count += 1
        yield cut()


def _cut_display(
    lines: Iterable[tuple[int, str]], rows: int, on_skip: Callable[[int, str], None]
) -> Iterator[Puzzle]:
    """Cut boxed or spaced displays: rule lines go with the grid, never end it."""
    slack = max(1, rows // 4)
    count = found = 0
    group: list[tuple[int, str]] = []

    def cut() -> Puzzle:
        error = None
        if found < rows:
            error = (
                f"{counted(found, 'row')}; a puzzle in this file is "
                f"{rows} rows of {rows} cells"
            )
        text = "\n".join(line for _, line in group)
        return Puzzle(count, group[0][0], text, Layout.BLOCKS, error)

    for number, line in lines:
        if line.startswith("#"):
            continue
        if not line or _HEADER.fullmatch(line):
            if found:
                count += 1
                yield cut()
            group, found = [], 0
            continue
        if is_rule(line, rows):
            if found:  # a rule inside the grid; one before it is not kept
                group.append((number, line))
            continue
        decorated = is_decorated_row(line)
        cells = cells_of_row(line) if decorated else line
        if (not decorated and _has_space(line)) or abs(len(cells) - rows) > slack:
            on_skip(
                number,
                f"line {number}: skipped, not a row of {grid(rows)}: {line[:40]!r}",
            )
            continue
        group.append((number, line))
        found += 1
        if found == rows:
            count += 1
            yield cut()
            group, found = [], 0
    if found:
        count += 1
        yield cut()


def read_puzzles(
    text: str, *, size: int | None = None, boxes: bool = True
) -> list[Puzzle]:
    """Cut a whole batch of puzzles out of text, detecting its layout.

    The same as ``list(iter_puzzles(text, size=size))``: see
    :func:`iter_puzzles` for the layouts, comments, headers and skipped
    lines (skipped silently here).

    :param text: the whole input.
    :param size: the grid size N, when known (e.g. from an explicit box
        shape); ``None`` detects it from the line lengths.
    :param boxes: ``False`` for grids without boxes (variant ``"latin"``),
        of any size (see :func:`iter_puzzles`).
    :returns: the puzzles in order (none for an empty input).
    :raises InputFormatError: when no line of the look-ahead window is a
        whole puzzle or a row of one.
    :raises BoxShapeError: when ``size`` is not an int of at least 1.
    :raises SudokuError: when ``text`` is not a string.

    >>> [p.text for p in read_puzzles("1.3.3.....1..1..\\n\\n" + "." * 16 + "\\nend\\n")]
    ['1.3.3.....1..1..', '................']
    >>> [p.line for p in read_puzzles("-A--\\n---B\\nC---\\n--D-\\n\\n" + "----\\n" * 3)]
    [1, 6]
    >>> [p.text for p in read_puzzles("12......3" + "." * 16 + "\\n", boxes=False)]
    ['12......3................']
    """
    if not isinstance(text, str):
        raise SudokuError(f"a batch must be a string, not {type(text).__name__}")
    return list(iter_puzzles(text, size=size, boxes=boxes))


def format_solution(
    solution: str, layout: Layout, *, first: bool, uva: bool = False
) -> str:
    """The text that writes one solved grid in a batch's layout.

    :param solution: the solved grid: one line, or N lines joined by newlines.
    :param layout: the batch's layout.
    :param first: whether this is the first solution written.
    :param uva: for blocks, put blank lines only between solutions (UVA
        1309) rather than after each one (POJ 3076).
    :returns: the text, ending with a newline.

    >>> format_solution("12\\n21", Layout.BLOCKS, first=True)
    '12\\n21\\n\\n'
    >>> format_solution("12\\n21", Layout.BLOCKS, first=False, uva=True)
    '\\n12\\n21\\n'
    """
    if layout is Layout.LINES:
        return solution + "\n"
    if uva:
        return solution + "\n" if first else "\n" + solution + "\n"
    return solution + "\n\n"
