"""Grids people can read: boxed text and SVG pictures.

:func:`sudoku.format_grid` writes a grid as text in one of :data:`sudoku.display.STYLES`; the
readers (:meth:`sudoku.Grid.parse`, :func:`sudoku.iter_puzzles`) take the
boxed and spaced styles back, and Norvig-style displays too.
:func:`sudoku.to_svg` draws a puzzle, or a puzzle and its solution, as SVG:
givens in black, the symbols the solver filled in in blue, thick lines
around the boxes (or the jigsaw regions), and the cells of a variant's
extra units shaded.  The SVG is written as text: no drawing library is
needed, and nothing outside pydlx is imported but the standard library's
``html.escape``, when a picture is drawn (the variant's units come from
``sudoku.solver``, which imports :mod:`dlx`).  In Jupyter,
``sudoku.display.Picture(puzzle, solution)`` shows as that picture.
"""

from __future__ import annotations

from sudoku.errors import GridSizeError, SolutionError, SudokuError
from sudoku.grid import ArrayLike, Grid, GridLike
from sudoku.solver import units_of

__all__ = ["STYLES", "Picture", "format_grid", "to_svg"]

#: The styles of :func:`sudoku.format_grid`, with what each looks like.
STYLES = {
    "boxed": "rows with cells apart, | between boxes and +---+ rules around them",
    "spaced": "rows with cells apart and | between boxes, ---+--- between bands",
    "lines": "N lines of N characters",
    "line": "one line of N² characters",
}

_DIGITS_FIRST = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Colours of the picture: givens, filled-in symbols, lines, shading.
GIVEN, FILLED, THICK, THIN, SHADE = "#000", "#1f4e9c", "#222", "#999", "#e8eef8"


def _symbols(grid: Grid) -> str:
    """The blank and the symbols a grid is written with (digits first for ints)."""
    alphabet = grid.alphabet or _DIGITS_FIRST[: grid.size]
    if len(alphabet) < grid.size:
        raise SudokuError(
            f"a {grid.size}x{grid.size} grid of ints has no built-in symbols to write it"
        )
    return "." + alphabet


def format_grid(
    grid: GridLike | ArrayLike,
    style: str = "boxed",
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    regions: GridLike | ArrayLike | None = None,
) -> str:
    """Write a grid as text a person can read (or in a one-line or lines form).

    Blanks are written ``.``; a grid of ints uses ``1``-``9`` then letters.
    :meth:`sudoku.Grid.parse` reads every style back.

    :param grid: the grid, in any form :meth:`sudoku.Grid.parse` reads.
    :param style: one of :data:`sudoku.display.STYLES`: ``"boxed"``, ``"spaced"`` (as in
        Norvig's essay), ``"lines"`` or ``"line"``.
    :param alphabet: as in :func:`sudoku.solve`.
    :param box: the box shape, for the lines between boxes.
    :param regions: a jigsaw map (as in :func:`sudoku.solve`): the
        ``"boxed"`` and ``"spaced"`` styles then draw the regions' borders
        (``|`` and ``---`` between cells of different regions, ``+`` at
        every corner), which the readers take back too.
    :returns: the text, without a newline at the end.
    :raises SudokuError: for an unknown style, or a grid that cannot be
        read (the errors of :func:`sudoku.solve`).

    >>> print(format_grid("1..." "...2" "..4." ".3.."))
    +-----+-----+
    | 1 . | . . |
    | . . | . 2 |
    +-----+-----+
    | . . | 4 . |
    | . 3 | . . |
    +-----+-----+
    >>> print(format_grid([[1, 0, 0, 0], [0, 0, 0, 2], [0, 0, 4, 0], [0, 3, 0, 0]], "spaced"))
    1 . | . .
    . . | . 2
    ----+----
    . . | 4 .
    . 3 | . .
    >>> print(format_grid("..3.5" "....." "....." "2..1." ".....",
    ...                   regions="AABBB" "AABBC" "ADDCC" "DDECC" "DEEEE"))
    +---+---+---+---+---+
    | .   . | 3   .   5 |
    +   +   +   +   +---+
    | .   . | .   . | . |
    +   +---+---+---+   +
    | . | .   . | .   . |
    +---+   +---+   +   +
    | 2   . | . | 1   . |
    +   +---+   +---+---+
    | . | .   .   .   . |
    +---+---+---+---+---+
    """
    if style not in STYLES:
        known = ", ".join(repr(name) for name in STYLES)
        raise SudokuError(f"unknown style {style!r}: the styles are {known}")
    parsed = Grid.parse(grid, alphabet=alphabet, box=box, boxes=regions is None)
    symbols = _symbols(parsed)
    size = parsed.size
    text = "".join(symbols[v] for v in parsed.values)
    rows = [text[r : r + size] for r in range(0, size * size, size)]
    if style == "line":
        return text
    if style == "lines":
        return "\n".join(rows)
    units = units_of(parsed, None, regions)
    if units is not None and units.region_of is not None:
        return _jigsaw_text(rows, units.region_of)
    box_rows, box_cols = parsed.box
    boxed = style == "boxed"
    lines: list[str] = []
    rule = ""
    for r, row in enumerate(rows):
        groups = [" ".join(row[c : c + box_cols]) for c in range(0, size, box_cols)]
        line = " | ".join(groups)
        if boxed:
            line = f"| {line} |"
        if not rule:
            rule = "".join("+" if ch == "|" else "-" for ch in line)
        if r and r % box_rows == 0:
            lines.append(rule)
        lines.append(line)
    if boxed:
        lines = [rule, *lines, rule]
    return "\n".join(lines)


def _jigsaw_text(rows: list[str], region_of: tuple[int, ...]) -> str:
    """A grid with the borders of its jigsaw regions drawn in text."""
    size = len(rows)

    def region(r: int, c: int) -> int:
        return region_of[r * size + c]

    full = "+" + "---+" * size
    lines = [full]
    for r, row in enumerate(rows):
        line = "|"
        for c, symbol in enumerate(row):
            wall = c + 1 == size or region(r, c) != region(r, c + 1)
            line += f" {symbol} " + ("|" if wall else " ")
        lines.append(line)
        if r + 1 < size:
            lines.append(
                "+"
                + "".join(
                    ("---" if region(r, c) != region(r + 1, c) else "   ") + "+"
                    for c in range(size)
                )
            )
    lines.append(full)
    return "\n".join(lines)


def to_svg(
    puzzle: GridLike | ArrayLike,
    solution: GridLike | ArrayLike | None = None,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cell: int = 36,
    title: str | None = None,
) -> str:
    """Draw a puzzle, or a puzzle and its solution, as an SVG picture.

    Givens are black and bold, symbols of the solution that the puzzle
    leaves blank are blue; box borders (or, with ``regions``, the borders
    of the jigsaw regions) are thick, and the cells of a variant's extra
    units (diagonals, windows) are shaded.

    :param puzzle: the puzzle, in any form :func:`sudoku.solve` takes.
    :param solution: its solution (or any partly filled grid of the same
        size that keeps the givens); ``None`` draws the puzzle alone.
    :param alphabet: as in :func:`sudoku.solve`, for both grids.
    :param box: as in :func:`sudoku.solve`.
    :param variant: as in :func:`sudoku.solve`: its units are shaded.
    :param regions: a jigsaw map, as in :func:`sudoku.solve`: its
        regions are drawn instead of boxes.
    :param cell: the side of a cell, in pixels (at least 8).
    :param title: the picture's title (for screen readers); ``None``: "A
        sudoku" or "A solved sudoku".
    :returns: the SVG text (a whole document, ending with a newline).
    :raises SolutionError: when ``solution`` changes a given.
    :raises SudokuError: when a grid, the variant or the map cannot be
        read, the sizes differ, or ``cell`` is too small.

    >>> svg = to_svg("1..." "...2" "..4." ".3..", "1234" "3412" "2143" "4321")
    >>> svg.count("<text"), svg.count('fill="#1f4e9c"')
    (16, 12)
    """
    if type(cell) is not int or cell < 8:
        raise SudokuError(f"cell={cell!r} is not a whole number of pixels >= 8")
    boxes = regions is None
    given = Grid.parse(puzzle, alphabet=alphabet, box=box, boxes=boxes)
    size = given.size
    values = list(given.values)
    shown = values
    if solution is not None:
        answer = Grid.parse(
            solution, alphabet=alphabet or given.alphabet, box=given.box, boxes=boxes
        )
        if answer.size != size:
            raise GridSizeError(
                f"the solution is {answer.size}x{answer.size} "
                f"but the puzzle is {size}x{size}",
                answer.size,
                size,
            )
        shown = list(answer.values)
        for k, (clue, value) in enumerate(zip(values, shown, strict=True)):
            if clue and value != clue:
                symbol = given.symbol
                raise SolutionError(
                    f"row {k // size + 1}, column {k % size + 1} holds "
                    f"{symbol(value) if value else 'a blank'!r} but the puzzle "
                    f"gives {symbol(clue)!r}"
                )
    # Here: a run that draws nothing need not import it.  & < > escaped,
    # quotes kept, as xml.sax.saxutils.escape did (which imports urllib).
    from html import escape

    units = units_of(given, variant, regions)
    symbols = _symbols(given)
    side = size * cell
    pad = 3
    total = side + 2 * pad
    name = title or ("A solved sudoku" if solution is not None else "A sudoku")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{total}" '
        f'viewBox="{-pad} {-pad} {total} {total}" font-family="sans-serif" '
        f'font-size="{cell * 0.6:.0f}">',
        f"<title>{escape(name, quote=False)}</title>",
        f'<rect x="0" y="0" width="{side}" height="{side}" fill="white"/>',
    ]
    if units is not None:
        shaded = sorted(
            {
                k
                for unit, kind in zip(units.units, units.kinds, strict=True)
                if kind in ("diagonal", "window")
                for k in unit
            }
        )
        for k in shaded:
            r, c = divmod(k, size)
            parts.append(
                f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" '
                f'height="{cell}" fill="{SHADE}"/>'
            )
    for k, value in enumerate(shown):
        if not value:
            continue
        r, c = divmod(k, size)
        colour, weight = (GIVEN, "bold") if values[k] else (FILLED, "normal")
        parts.append(
            f'<text x="{c * cell + cell / 2:g}" y="{r * cell + cell * 0.72:.1f}" '
            f'text-anchor="middle" fill="{colour}" font-weight="{weight}">'
            f"{escape(symbols[value], quote=False)}</text>"
        )
    region_of = units.region_of if units is not None else None
    if region_of is None:
        box_rows, box_cols = given.box
        for k in range(size + 1):
            parts.append(_line(0, k * cell, side, k * cell, k % box_rows == 0))
            parts.append(_line(k * cell, 0, k * cell, side, k % box_cols == 0))
    else:
        # Thin lines everywhere, then thick ones between regions and around.
        for k in range(1, size):
            parts.append(_line(0, k * cell, side, k * cell, False))
            parts.append(_line(k * cell, 0, k * cell, side, False))
        for r in range(size):
            for c in range(size):
                here = region_of[r * size + c]
                if c + 1 < size and region_of[r * size + c + 1] != here:
                    x = (c + 1) * cell
                    parts.append(_line(x, r * cell, x, (r + 1) * cell, True))
                if r + 1 < size and region_of[(r + 1) * size + c] != here:
                    y = (r + 1) * cell
                    parts.append(_line(c * cell, y, (c + 1) * cell, y, True))
        for at in (0, side):
            parts.append(_line(0, at, side, at, True))
            parts.append(_line(at, 0, at, side, True))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _line(x1: int, y1: int, x2: int, y2: int, thick: bool) -> str:
    width, colour = (2.5, THICK) if thick else (1, THIN)
    return (
        f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
        f'stroke-width="{width}" stroke-linecap="square"/>'
    )


class Picture:
    """A puzzle, or a puzzle and its solution, that Jupyter shows as a picture.

    :func:`sudoku.solve` returns the grid the way it was given (a string,
    a list...), which a notebook can only show as text; wrap it to see it
    drawn: ``Picture(puzzle, sudoku.solve(puzzle))`` as the last
    expression of a cell shows :func:`sudoku.to_svg`'s picture (through
    ``_repr_svg_``, IPython's display protocol; IPython is not imported).
    ``str()`` gives the boxed text of :func:`sudoku.format_grid`.  Both
    are made at once, so that a grid that cannot be drawn raises here
    rather than in the notebook, which would hide the error.

    The arguments are :func:`sudoku.to_svg`'s.

    :ivar svg: the picture, :func:`sudoku.to_svg`'s text.
    :ivar text: the grid shown (the solution, if given) as boxed text.
    :raises SolutionError: when ``solution`` changes a given.
    :raises SudokuError: as :func:`sudoku.to_svg` does.

    >>> import sudoku
    >>> puzzle = "1..." "...2" "..4." ".3.."
    >>> shown = Picture(puzzle, sudoku.solve(puzzle))
    >>> shown
    <Picture: a solved 4x4 sudoku, 4 givens>
    >>> shown._repr_svg_() == shown.svg == to_svg(puzzle, sudoku.solve(puzzle))
    True
    >>> print(shown)
    +-----+-----+
    | 1 2 | 3 4 |
    | 3 4 | 1 2 |
    +-----+-----+
    | 2 1 | 4 3 |
    | 4 3 | 2 1 |
    +-----+-----+
    """

    __slots__ = ("_what", "svg", "text")

    svg: str
    text: str

    def __init__(
        self,
        puzzle: GridLike | ArrayLike,
        solution: GridLike | ArrayLike | None = None,
        *,
        alphabet: str | None = None,
        box: tuple[int, int] | None = None,
        variant: str | None = None,
        regions: GridLike | ArrayLike | None = None,
        cell: int = 36,
        title: str | None = None,
    ) -> None:
        self.svg = to_svg(
            puzzle,
            solution,
            alphabet=alphabet,
            box=box,
            variant=variant,
            regions=regions,
            cell=cell,
            title=title,
        )
        given = Grid.parse(puzzle, alphabet=alphabet, box=box, boxes=regions is None)
        shown = puzzle if solution is None else solution
        self.text = format_grid(
            shown,
            alphabet=alphabet or given.alphabet,
            box=given.box if regions is None else box,
            regions=regions,
        )
        givens = sum(1 for value in given.values if value)
        solved = "a solved" if solution is not None else "a"
        self._what = f"{solved} {given.size}x{given.size} sudoku, {givens} givens"

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows (IPython's display protocol)."""
        return self.svg

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<Picture: {self._what}>"
