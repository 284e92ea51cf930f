"""Batches of puzzles in text: the judge formats, detected from the input.

Two layouts are read and written:

* :attr:`Layout.LINES`: one puzzle per line, N² characters (POJ 3074 for
  9x9, and any other size: 16 characters for 4x4, 256 for 16x16...).
  Blank lines are skipped.  One solution per line is written.
* :attr:`Layout.BLOCKS`: each puzzle is N lines of N characters (POJ 3076
  / UVA 1309 for 16x16), puzzles separated by blank lines.  Each solution
  is written as N lines followed by one blank line; in the UVA style a
  blank line goes only *between* two solutions.

Either way, a line ``end`` closes the input (POJ 3074 ends with it).
The layout is decided by the most common line length that fits one (so a
damaged line, even the first, costs only its own puzzle): a line of N²
characters, where N has a box shape, is a whole puzzle; a line of N
characters (N up to 35) is one row of a block.  A 16-character line fits
both (a 4x4 puzzle, or a row of a 16x16 one): such lines are rows of
16x16 blocks when some of them hold a symbol that no 4x4 grid uses
(anything but ``1``-``4``, ``A``-``D`` and blanks), or, when their only
letters are ``A``-``D``, when 16 of them stand in a row; otherwise each is
a 4x4 puzzle.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from math import isqrt

from sudoku.errors import BoxShapeError, InputFormatError
from sudoku.grid import BLANKS, box_shape

__all__ = ["Layout", "Puzzle", "format_solution", "read_puzzles"]

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


@dataclass(frozen=True, slots=True)
class Puzzle:
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


def _detect(lines: list[tuple[int, str]], size: int | None) -> Layout:
    """The layout of a batch, from its ``(number, line)`` pairs (first one not blank)."""
    number, first = lines[0]
    length = len(first)
    root = isqrt(length)
    if size is not None:
        whole, row = length == size * size, length == size
    else:
        whole = root * root == length and _has_box(root)
        row = 2 <= length <= _MAX_ROW and _has_box(length)
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
        run = 0
        for _, line in lines:
            run = run + 1 if len(line) == length else 0
            if run == length:
                return Layout.BLOCKS
        return Layout.LINES
    if whole:
        return Layout.LINES
    if row:
        return Layout.BLOCKS
    raise InputFormatError(
        f"not a puzzle: {length} characters is neither a whole grid "
        "(81 for 9x9) nor one row of a grid (9, 16 or 25 characters)",
        number,
    )


def _detect_from_any(
    lines: list[tuple[int, str]], size: int | None
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
            return _detect(lines[start:], size), length
        except InputFormatError as error:
            first_error = first_error or error
    assert first_error is not None
    raise first_error


def read_puzzles(text: str, *, size: int | None = None) -> list[Puzzle]:
    """Cut a batch of puzzles out of text, detecting its layout.

    Puzzles are not checked here, only cut out (:func:`sudoku.solve`
    checks them); a block with fewer than N rows comes back with its
    ``Puzzle.error`` set.  Lines are stripped of surrounding blank
    space, and reading stops at a line ``end``.

    :param text: the whole input.
    :param size: the grid size N, when known (e.g. from an explicit box
        shape); ``None`` detects it from the most common line length.
    :returns: the puzzles in order (none for an empty input).
    :raises InputFormatError: when no line is a whole puzzle or a row of
        one (the layout is decided by the most common line length that is).

    >>> [p.text for p in read_puzzles("1.3.3.....1..1..\\n\\n" + "." * 16 + "\\nend\\n")]
    ['1.3.3.....1..1..', '................']
    >>> [p.line for p in read_puzzles("-A--\\n---B\\nC---\\n--D-\\n\\n" + "----\\n" * 3)]
    [1, 6]
    """
    lines: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line.lower() == "end":
            break
        lines.append((number, line))
    filled = [(number, line) for number, line in lines if line]
    if not filled:
        return []
    layout, length = _detect_from_any(lines, size)
    if layout is Layout.LINES:
        return [
            Puzzle(k, number, line, layout)
            for k, (number, line) in enumerate(filled, 1)
        ]
    rows = length if size is None else size
    puzzles: list[Puzzle] = []
    group: list[tuple[int, str]] = []
    for number, line in [*lines, (0, "")]:
        if line:
            group.append((number, line))
        if len(group) == rows or (group and not line):
            error = None
            if len(group) < rows:
                error = (
                    f"{len(group)} rows; a puzzle in this file is "
                    f"{rows} lines of {rows} characters"
                )
            text = "\n".join(row for _, row in group)
            puzzles.append(Puzzle(len(puzzles) + 1, group[0][0], text, layout, error))
            group = []
    return puzzles


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
