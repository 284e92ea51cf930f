"""Grids people can read: boxed text and SVG pictures.

:func:`sudoku.format_grid` writes a grid as text in one of :data:`sudoku.display.STYLES`; the
readers (:meth:`sudoku.Grid.parse`, :func:`sudoku.iter_puzzles`) take the
boxed and spaced styles back, and Norvig-style displays too.
:func:`sudoku.to_svg` draws a puzzle, or a puzzle and its solution, as SVG:
givens in black, the symbols the solver filled in in blue, thick lines
around the boxes (or the jigsaw regions), the cells of a variant's
extra units shaded, and with ``cages=`` killer and arithmetic cages
outlined, their clues in their corners.  The SVG is written as text: no
drawing library is needed, and nothing outside pydlx is imported but the
standard library's
``html.escape``, when a picture is drawn (the variant's units come from
``sudoku.solver``, which imports :mod:`dlx`).  In Jupyter,
``sudoku.display.Picture(puzzle, solution)`` shows as that picture.

Every picture of a grid is drawn by one function, :func:`draw_grid`:
:func:`sudoku.to_svg`'s, and those of an explanation's steps
(:meth:`sudoku.Step.to_svg`), with their candidates, the cells a step
rests on, what it places and what it removes.  Over a grid it also draws
overlays: :class:`Link` arrows between candidates (a chain's links, strong
ones solid, weak ones dashed), :class:`CageOutlines` (cages, with their
clues), or any shape with an ``svg`` method that places itself by a
:class:`Layout`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from math import hypot, isqrt
from typing import TYPE_CHECKING, Protocol

from dlx.records import Record
from sudoku.errors import SolutionError, SudokuError
from sudoku.grid import ArrayLike, Grid, GridLike
from sudoku.regions import Regions, has_boxes
from sudoku.solver import cages_of, parse_grid, read_solution, units_of

if TYPE_CHECKING:
    # Annotations only: a picture without cages never imports sudoku.cages.
    from sudoku.cages import Cage

__all__ = [
    "STYLES",
    "CageOutlines",
    "Layout",
    "Link",
    "Overlay",
    "Picture",
    "draw_grid",
    "format_grid",
    "to_svg",
]

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
#: Colours of a step's marks: the cells it fills, the cells it rests on,
#: the candidates it removes, the other candidates, and links' arrows.
PLACED, RESTING, REMOVED, CANDIDATE, LINKED = (
    "#c8f0c8",
    "#fff2a8",
    "#c0392b",
    "#555",
    "#7d3c98",
)
#: The colours of a forcing chain's branches, in turn (the first is
#: ``LINKED``); the chains a node rests on besides are drawn in ``ASIDE``.
BRANCHES = ("#7d3c98", "#1a7f8e", "#d35400", "#2e86c1")
ASIDE = "#9a9a9a"
#: The colour of cages' outlines and clues.
CAGE = "#333"
#: How cages' clues write their operations (``"="``: the digit alone).
CLUE_SIGNS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7", "=": ""}


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
    variant: str | None = None,
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
    :param variant: as in :func:`sudoku.solve`: a grid of a variant
        without boxes (``"latin"``, any size) is drawn without the lines
        between boxes.
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
    >>> print(format_grid("12..." "....." "....." "....." "....3", variant="latin"))
    +-----------+
    | 1 2 . . . |
    | . . . . . |
    | . . . . . |
    | . . . . . |
    | . . . . 3 |
    +-----------+
    """
    if style not in STYLES:
        known = ", ".join(repr(name) for name in STYLES)
        raise SudokuError(f"unknown style {style!r}: the styles are {known}")
    parsed = parse_grid(grid, alphabet, box, variant, regions)
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
    # A grid without boxes (variant "latin") is drawn as one box.
    box_rows, box_cols = parsed.box if has_boxes(variant) else (size, size)
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
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
) -> str:
    """Draw a puzzle, or a puzzle and its solution, as an SVG picture.

    Givens are black and bold, symbols of the solution that the puzzle
    leaves blank are blue; box borders (or, with ``regions``, the borders
    of the jigsaw regions) are thick, and the cells of a variant's extra
    units (diagonals, windows) are shaded; a ``"latin"`` grid has no
    boxes.  A grid of ints is written as
    :func:`sudoku.format_grid` writes it (1-9, then letters).  The picture
    is drawn by ``sudoku.display.draw_grid``; its ``cages`` by a
    :class:`sudoku.display.CageOutlines` over it: each cage outlined
    by a dashed line inside its cells, its clue (``15``, ``6×``, ``2÷``)
    in the corner of its first cell.

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
        sudoku" or "A solved sudoku" ("A killer sudoku", "A sudoku with
        arithmetic cages" and their solved forms with ``cages``).
    :param cages: killer and arithmetic cages, as in :func:`sudoku.solve`
        (read by :func:`sudoku.cages.read_cages`); only drawn, not
        checked against the grids' digits (:func:`sudoku.check` does).
    :param disjoint_cages: as in :func:`sudoku.solve`: allow cages whose
        cells are not connected (each piece is outlined, the clue written
        once).
    :returns: the SVG text (a whole document, ending with a newline).
    :raises SolutionError: when ``solution`` changes a given.
    :raises sudoku.cages.CageError: for a bad cage, named as
        :func:`sudoku.solve` names it (``cages[3] (at r2c5): ...``).
    :raises SudokuError: when a grid, the variant or the map cannot be
        read, the sizes differ, ``cell`` is too small, or
        ``disjoint_cages=True`` comes without cages.

    >>> svg = to_svg("1..." "...2" "..4." ".3..", "1234" "3412" "2143" "4321")
    >>> svg.count("<text"), svg.count('fill="#1f4e9c"')
    (16, 12)
    >>> killer = to_svg("." * 16, cages=[(3, [(0, 0), (0, 1)]), (2, "/", [(1, 0), (2, 0)])])
    >>> killer.count("<path"), ">3</text>" in killer, ">2\u00f7</text>" in killer
    (2, True, True)
    """
    _check_cell(cell, 8)
    boxes = regions is None and has_boxes(variant)
    given = parse_grid(puzzle, alphabet, box, variant, regions)
    size = given.size
    values = list(given.values)
    shown = values
    if solution is not None:
        answer = read_solution(solution, given, alphabet, boxes)
        shown = list(answer.values)
        for k, (clue, value) in enumerate(zip(values, shown, strict=True)):
            if clue and value != clue:
                symbol = given.symbol
                raise SolutionError(
                    f"row {k // size + 1}, column {k % size + 1} holds "
                    f"{symbol(value) if value else 'a blank'!r} but the puzzle "
                    f"gives {symbol(clue)!r}"
                )
    units = units_of(given, variant, regions)
    read = cages_of(given, cages, disjoint_cages)
    # In the puzzle's symbols, and for ints in format_grid's.
    drawn = Grid(size, given.box, shown, _symbols(given)[1:])
    kind = "sudoku"
    if read:
        killer = all(cage.distinct for cage in read)
        kind = "killer sudoku" if killer else "sudoku with arithmetic cages"
    return draw_grid(
        drawn,
        title=title or (f"A solved {kind}" if solution is not None else f"A {kind}"),
        units=units,
        cell=cell,
        givens=[divmod(k, size) for k, clue in enumerate(values) if clue],
        overlays=[CageOutlines(read)] if read else (),
    )


def _check_cell(cell: int, least: int) -> None:
    if type(cell) is not int or cell < least:
        raise SudokuError(f"cell={cell!r} is not a whole number of pixels >= {least}")


def _index(size: int, what: str, where: tuple[int, ...]) -> int:
    """The cell of ``where``, (row, column) or (row, column, value), checked to be on the grid."""
    row, column, *value = where
    if not (
        0 <= row < size and 0 <= column < size and all(1 <= v <= size for v in value)
    ):
        values = f", values from 1 to {size}" if value else ""
        raise SudokuError(
            f"{what} {where} is not on the {size}x{size} grid "
            f"(rows and columns from 0 to {size - 1}{values})"
        )
    return row * size + column


class Layout(Record, frozen=True):
    """Where :func:`sudoku.display.draw_grid` puts things: what overlays draw by.

    x runs right and y down, in pixels from the grid's top left corner.
    Cell (row, column) is the square of side ``cell`` at ``(column *
    cell, row * cell)``; its candidates are written in a ``sub`` x
    ``sub`` array of smaller squares, value 1 at the top left and on row
    by row.  The array fills the cell, or, with ``clues`` (cages drawn
    over candidates), leaves the cell's top quarter to the cage's clue and
    a margin to its dashed outline.

    :ivar size: N: the grid has N rows and N columns.
    :ivar cell: the side of a cell, in pixels.
    :ivar clues: room for cage clues and outlines around the candidates.

    >>> layout = Layout(9, 36)
    >>> layout.sub, layout.small, layout.spot(0, 1, 5)
    (3, 12.0, (54.0, 18.0))
    >>> [round(at, 1) for at in Layout(9, 48, clues=True).spot(0, 0, 1)]
    [11.2, 19.0]
    """

    size: int
    cell: int
    clues: bool = False

    @property
    def sub(self) -> int:
        """The candidates across a cell: the least k with k² >= N."""
        return isqrt(self.size - 1) + 1

    @property
    def area(self) -> tuple[float, float, float, float]:
        """Where the candidates go in a cell: left, top, and a candidate's width and height."""
        cell, sub = self.cell, self.sub
        if not self.clues:
            return 0.0, 0.0, cell / sub, cell / sub
        return cell * 0.1, cell * 0.3, cell * 0.8 / sub, cell * 0.58 / sub

    @property
    def small(self) -> float:
        """The side of a candidate's square (the smaller, with ``clues``), in pixels."""
        _, _, wide, high = self.area
        return min(wide, high)

    def spot(self, row: int, column: int, value: int) -> tuple[float, float]:
        """The centre of candidate ``value`` of cell (``row``, ``column``).

        :raises SudokuError: when the candidate is not on the grid (rows
            and columns count from 0, values from 1 to N).
        """
        _index(self.size, "candidate", (row, column, value))
        left, top, wide, high = self.area
        down, across = divmod(value - 1, self.sub)
        return (
            column * self.cell + left + (across + 0.5) * wide,
            row * self.cell + top + (down + 0.5) * high,
        )


class Overlay(Protocol):
    """A shape that :func:`sudoku.display.draw_grid` draws over a grid: a :class:`sudoku.display.Link`, or any object with this method.

    Overlays are drawn last, over the symbols and lines, in their order.

    >>> class Dot:
    ...     def svg(self, layout: Layout) -> str:
    ...         x, y = layout.spot(0, 0, 1)
    ...         return f'<circle cx="{x}" cy="{y}" r="3"/>'
    >>> draw_grid(Grid.parse("." * 16), title="a dot", overlays=[Dot()]).count("<circle")
    1
    """

    def svg(self, layout: Layout) -> str:
        """The shape's SVG elements, placed by ``layout``.

        Without ``id`` attributes: pictures of a page or a notebook share
        one name space of ids.
        """


class Link(Record, frozen=True):
    """An arrow from one candidate to another: a link of a chain, drawn over a grid.

    A strong link (one of the two candidates holds) is drawn solid, a weak
    link (they do not both hold) dashed, in ``colour`` (``LINKED`` purple
    unless given: :meth:`sudoku.Step.to_svg` draws a forcing chain's
    branches in the colours of ``BRANCHES``).  The arrow is a
    straight line from near the centre of ``start`` to near that of
    ``end``, where its head is; it stops short of both so that their
    symbols stay readable.  Give links to :func:`sudoku.display.draw_grid`
    as ``overlays``.

    :ivar start: the candidate it leaves: ``(row, column, value)``, rows
        and columns from 0, values from 1 to N (not symbols); checked when
        the link is drawn.
    :ivar end: the candidate it points to.
    :ivar strong: solid when true, dashed when false.
    :ivar colour: the arrow's colour, an SVG colour (``"#7d3c98"``).

    >>> arrow = Link((0, 0, 1), (0, 3, 1), strong=False).svg(Layout(4, 40))
    >>> print(arrow)
    <g class="weak-link">
    <line x1="16.0" y1="10.0" x2="116.0" y2="10.0" stroke="#7d3c98" stroke-width="1.5" stroke-dasharray="4 3"/>
    <polygon points="124.0,10.0 116.0,6.8 116.0,13.2" fill="#7d3c98"/>
    </g>
    """

    start: tuple[int, int, int]
    end: tuple[int, int, int]
    strong: bool = True
    colour: str = LINKED

    def svg(self, layout: Layout) -> str:
        """The arrow's group of SVG elements: a line and a triangular head.

        :raises SudokuError: when a candidate is not on the grid, or the
            link goes from a candidate to itself.
        """
        x1, y1 = layout.spot(*self.start)
        x2, y2 = layout.spot(*self.end)
        length = hypot(x2 - x1, y2 - y1)
        if not length:
            raise SudokuError(f"a link from candidate {self.start} to itself")
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        small = layout.small
        # Short links (between candidates of one cell) keep a shaft.
        gap = min(small * 0.3, length * 0.25)
        head = min(small * 0.4, length * 0.3)
        wing = head * 0.4
        tx, ty = x2 - ux * gap, y2 - uy * gap  # the tip
        bx, by = tx - ux * head, ty - uy * head  # the middle of the head's base
        kind, dash = (
            ("strong", "") if self.strong else ("weak", ' stroke-dasharray="4 3"')
        )
        from html import escape  # lazily, as draw_grid imports it

        colour = escape(self.colour, quote=True)
        return (
            f'<g class="{kind}-link">\n'
            f'<line x1="{x1 + ux * gap:.1f}" y1="{y1 + uy * gap:.1f}" '
            f'x2="{bx:.1f}" y2="{by:.1f}" stroke="{colour}" stroke-width="1.5"{dash}/>\n'
            f'<polygon points="{tx:.1f},{ty:.1f} {bx + uy * wing:.1f},{by - ux * wing:.1f} '
            f'{bx - uy * wing:.1f},{by + ux * wing:.1f}" fill="{colour}"/>\n'
            "</g>"
        )


class CageOutlines(Record, frozen=True):
    """Killer and arithmetic cages drawn over a grid: outlines and clues, as players expect them.

    Each cage's outline is a dashed line a little inside its cells
    (``cell / 10`` pixels in from their outer edges, clear of the grid's
    lines); the borders between cells of one cage are not drawn, and a
    cage whose cells are not connected is outlined piece by piece.  Its
    clue is written small, on a white backing (over the outline; drawn
    candidates make room for clue and outline, see
    :class:`sudoku.display.Layout`), in the top left corner of its first cell in reading
    order (the top row's leftmost): a killer cage's total (``15``), an
    arithmetic cage's target and operation (``12+``, ``6×``, ``2÷``, and
    for ``"-"`` the minus sign, U+2212; a ``"="`` cage's digit alone).
    Give it to :func:`sudoku.display.draw_grid` as an overlay;
    :func:`sudoku.to_svg` does, for its ``cages``.

    Each cage is one ``<g class="cage">`` group: a ``<title>`` (the cage
    as :meth:`sudoku.cages.Cage.describe` writes it, for screen readers),
    the outline (one ``<path>``), the clue's ``<rect>`` and ``<text>``.

    :ivar cages: the cages, as :func:`sudoku.cages.read_cages` reads them
        (a list of :class:`sudoku.cages.Cage`, as it returns).

    >>> from sudoku.cages import read_cages
    >>> cages = read_cages([(3, [(0, 0), (0, 1)]), (2, "/", [(1, 0), (2, 0)])], 4)
    >>> print(CageOutlines(cages).svg(Layout(4, 40)))
    <g class="cage">
    <title>3 on r1c1, r1c2</title>
    <path d="M4.0,4.0 L76.0,4.0 L76.0,36.0 L4.0,36.0 Z" fill="none" stroke="#333" stroke-width="1.2" stroke-dasharray="4.4 3.3"/>
    <rect x="2.0" y="2.0" width="9.0" height="10.0" fill="white"/>
    <text x="3.5" y="10.5" font-size="10" fill="#333">3</text>
    </g>
    <g class="cage">
    <title>2/ on r2c1, r3c1</title>
    <path d="M4.0,44.0 L36.0,44.0 L36.0,116.0 L4.0,116.0 Z" fill="none" stroke="#333" stroke-width="1.2" stroke-dasharray="4.4 3.3"/>
    <rect x="2.0" y="42.0" width="15.0" height="10.0" fill="white"/>
    <text x="3.5" y="50.5" font-size="10" fill="#333">2÷</text>
    </g>
    """

    cages: tuple[Cage, ...]

    def svg(self, layout: Layout) -> str:
        """The cages' groups of SVG elements, one per cage, in their order.

        :raises sudoku.cages.CageError: when a cage is of a grid of
            another size than ``layout``'s.
        """
        size, cell = layout.size, layout.cell
        inset = cell / 10
        dashes = f"{cell / 9:.1f} {cell / 12:.1f}"
        font = cell / 4
        parts: list[str] = []
        for cage in self.cages:
            if cage.size != size:
                from sudoku.cages import CageError  # only a cage read imports it

                raise CageError(
                    f"{cage.name()} is a cage of a {cage.size}x{cage.size} grid, "
                    f"not of the {size}x{size} grid drawn",
                    cage.index,
                )
            loops = []
            for corners in _cage_loops(frozenset(cage.cells), size):
                points = []
                for (x, y), (ax, ay), (bx, by) in corners:
                    # Inward, off both sides of the corner: the interior is
                    # on the right of the way round.
                    points.append(
                        f"{x * cell - (ay + by) * inset:.1f},"
                        f"{y * cell + (ax + bx) * inset:.1f}"
                    )
                loops.append("M" + " L".join(points) + " Z")
            row, column = divmod(min(cage.cells), size)
            clue = f"{cage.target}{CLUE_SIGNS[cage.op] if not cage.distinct else ''}"
            left, top = column * cell + cell / 20, row * cell + cell / 20
            # About 0.6 em a character, and 0.15 em either side.
            width = font * (0.6 * len(clue) + 0.3)
            parts += [
                '<g class="cage">',
                f"<title>{cage.describe()}</title>",
                f'<path d="{" ".join(loops)}" fill="none" stroke="{CAGE}" '
                f'stroke-width="1.2" stroke-dasharray="{dashes}"/>',
                f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" '
                f'height="{font:.1f}" fill="white"/>',
                f'<text x="{left + font * 0.15:.1f}" y="{top + font * 0.85:.1f}" '
                f'font-size="{font:.0f}" fill="{CAGE}">{clue}</text>',
                "</g>",
            ]
        return "\n".join(parts)


_Corner = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]


def _cage_loops(cells: frozenset[int], size: int) -> list[list[_Corner]]:
    """The closed outlines of a set of cells: for each, its corners in order.

    Points are ``(x, y)`` = (column, row) on the lines between cells;
    each corner is its point, the direction it is reached by and the one
    it is left by (``(1, 0)`` right, ``(0, 1)`` down...).  An outline goes
    round clockwise (its cells on its right; a hole's the other way), and
    where two of its cells touch at a corner only it turns to keep them
    apart.
    """
    leaving: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for k in sorted(cells):
        r, c = divmod(k, size)
        for outside, start, way in (
            (r == 0 or k - size not in cells, (c, r), (1, 0)),
            (c == size - 1 or k + 1 not in cells, (c + 1, r), (0, 1)),
            (r == size - 1 or k + size not in cells, (c + 1, r + 1), (-1, 0)),
            (c == 0 or k - 1 not in cells, (c, r + 1), (0, -1)),
        ):
            if outside:
                leaving.setdefault(start, []).append(way)
    loops: list[list[_Corner]] = []
    while leaving:
        start = min(leaving, key=lambda point: (point[1], point[0]))
        first = leaving[start].pop(0)
        if not leaving[start]:
            del leaving[start]
        corners: list[_Corner] = []
        point, way = start, first
        while True:
            point = (point[0] + way[0], point[1] + way[1])
            ways = leaving.get(point, [])
            if point == start:
                ways = [*ways, first]
            # Right turn first, then straight on, then left.
            after = next(
                w for w in ((-way[1], way[0]), way, (way[1], -way[0])) if w in ways
            )
            if point == start and after == first:
                if after != way:  # the start is a corner: the first one
                    corners.insert(0, (point, way, after))
                break
            if after != way:
                corners.append((point, way, after))
            leaving[point].remove(after)
            if not leaving[point]:
                del leaving[point]
            way = after
        loops.append(corners)
    return loops


def draw_grid(
    grid: Grid,
    *,
    title: str,
    units: Regions | None = None,
    cell: int = 36,
    givens: Collection[tuple[int, int]] | None = None,
    candidates: Sequence[Collection[int]] | None = None,
    highlighted: Collection[tuple[int, int]] = (),
    placements: Collection[tuple[int, int, int]] = (),
    eliminations: Collection[tuple[int, int, int]] = (),
    overlays: Iterable[Overlay] = (),
) -> str:
    """Draw a grid as an SVG picture, with a step's marks and any overlays.

    The one SVG renderer of :mod:`sudoku`: :func:`sudoku.to_svg` draws
    puzzles and solutions with it, :meth:`sudoku.Step.to_svg` the steps of
    an explanation.  From the bottom up it draws:

    * the cells' fills: a variant's diagonals and windows shaded, the
      ``highlighted`` cells yellow, the cells of ``placements`` green (each
      cell takes the last of these that holds it);
    * the symbols of the filled cells, written as ``grid`` writes them
      (:meth:`sudoku.Grid.symbol`): with ``givens``, those cells' in bold
      black and the others in blue; without, all in black;
    * in the blank cells, their ``candidates``, small (see
      :class:`sudoku.display.Layout`): in grey, those of ``placements`` in
      bold blue, those of ``eliminations`` in bold red and struck through;
    * thin lines between cells, thick ones around the boxes (or, with
      jigsaw ``units``, the regions; with ``"latin"`` units, none) and the
      grid;
    * the ``overlays``, in order: :class:`sudoku.display.Link` arrows,
      :class:`sudoku.display.CageOutlines`, or any
      :class:`sudoku.display.Overlay`.

    Cells are ``(row, column)`` and candidates ``(row, column, value)``,
    rows and columns from 0, values from 1 to N (the grid's values, not
    its symbols).

    :param grid: the grid: its shape, alphabet and symbols.
    :param title: the picture's title (for screen readers; a browser shows
        it when the pointer rests on the picture).
    :param units: the grid's units (:func:`sudoku.units_of`): jigsaw
        regions' borders, a variant's shaded cells; ``None`` for a plain
        grid, whose box lines are ``grid.box``'s.
    :param cell: the side of a cell, in pixels (at least 8).
    :param givens: the cells whose symbols are givens; ``None`` when the
        symbols are not told apart.
    :param candidates: each cell's candidate values, row by row (those of a
        filled cell are not drawn); ``None``: no candidates.
    :param highlighted: cells a step rests on.
    :param placements: candidates a step places.
    :param eliminations: candidates a step removes (each among the
        ``candidates`` drawn).
    :param overlays: shapes drawn over the rest.
    :returns: the SVG text (a whole document, ending with a newline).
    :raises SudokuError: when ``cell`` is too small, ``candidates`` is not
        one per cell, a cell or a candidate is not on the grid, an
        elimination is not among the candidates drawn, or an overlay
        refuses (a :class:`sudoku.display.Link` from a candidate to itself).

    >>> grid = Grid.parse("1..." "...2" "..4." ".3..")
    >>> left = [() if v else (1, 2, 3, 4) for v in grid.values]
    >>> svg = draw_grid(grid, title="r1c2 = 2", candidates=left,
    ...                 highlighted=[(1, 3)], placements=[(0, 1, 2)],
    ...                 eliminations=[(0, 2, 2), (0, 3, 2)],
    ...                 overlays=[Link((0, 1, 2), (0, 2, 2), strong=False)])
    >>> svg.count("<text"), svg.count(f'stroke="{REMOVED}"'), svg.count("weak-link")
    (52, 2, 1)
    """
    _check_cell(cell, 8)
    # Here: a run that draws nothing need not import it.  & < > escaped,
    # quotes kept, as xml.sax.saxutils.escape did (which imports urllib).
    from html import escape

    size = grid.size
    if candidates is not None and len(candidates) != size * size:
        raise SudokuError(
            f"candidates for {len(candidates)} cells: a {size}x{size} grid has "
            f"{size * size}"
        )
    given = None if givens is None else {_index(size, "given", g) for g in givens}
    placed = {(_index(size, "placement", p), p[2]) for p in placements}
    gone: set[tuple[int, int]] = set()
    for removed in eliminations:
        k = _index(size, "elimination", removed)
        if candidates is None or grid.values[k] or removed[2] not in candidates[k]:
            raise SudokuError(
                f"elimination {removed} is not among the candidates drawn"
            )
        gone.add((k, removed[2]))
    fills: dict[int, str] = {}
    if units is not None:
        for unit, kind in zip(units.units, units.kinds, strict=True):
            if kind in ("diagonal", "window"):
                fills.update(dict.fromkeys(unit, SHADE))
    fills.update(dict.fromkeys((_index(size, "cell", h) for h in highlighted), RESTING))
    fills.update(dict.fromkeys((k for k, _ in placed), PLACED))

    side = size * cell
    pad = 3
    total = side + 2 * pad
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{total}" '
        f'viewBox="{-pad} {-pad} {total} {total}" font-family="sans-serif" '
        f'font-size="{cell * 0.6:.0f}">',
        f"<title>{escape(title, quote=False)}</title>",
        f'<rect x="0" y="0" width="{side}" height="{side}" fill="white"/>',
    ]
    for k in sorted(fills):
        r, c = divmod(k, size)
        parts.append(
            f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" '
            f'height="{cell}" fill="{fills[k]}"/>'
        )
    overlays = tuple(overlays)
    # Cage clues over candidates: the candidates make room for them.
    layout = Layout(
        size,
        cell,
        candidates is not None and any(isinstance(o, CageOutlines) for o in overlays),
    )
    sub, small = layout.sub, layout.small
    left, top, wide, high = layout.area
    for k, value in enumerate(grid.values):
        r, c = divmod(k, size)
        if value:
            colour, weight = (
                (GIVEN, "normal")
                if given is None
                else (GIVEN, "bold")
                if k in given
                else (FILLED, "normal")
            )
            parts.append(
                f'<text x="{c * cell + cell / 2:g}" y="{r * cell + cell * 0.72:.1f}" '
                f'text-anchor="middle" fill="{colour}" font-weight="{weight}">'
                f"{escape(str(grid.symbol(value)), quote=False)}</text>"
            )
            continue
        for v in sorted(candidates[k]) if candidates is not None else ():
            x = c * cell + left + ((v - 1) % sub + 0.5) * wide
            y = r * cell + top + ((v - 1) // sub + 0.8) * high
            struck = (k, v) in gone
            colour = REMOVED if struck else FILLED if (k, v) in placed else CANDIDATE
            weight = "normal" if colour == CANDIDATE else "bold"
            parts.append(
                f'<text x="{x:.1f}" y="{y:.1f}" font-size="{small * 0.8:.0f}" '
                f'text-anchor="middle" fill="{colour}" font-weight="{weight}">'
                f"{escape(str(grid.symbol(v)), quote=False)}</text>"
            )
            if struck:
                parts.append(
                    f'<line x1="{x - small * 0.35:.1f}" y1="{y - small * 0.3:.1f}" '
                    f'x2="{x + small * 0.35:.1f}" y2="{y - small * 0.05:.1f}" '
                    f'stroke="{REMOVED}" stroke-width="1.5"/>'
                )
    region_of = units.region_of if units is not None else None
    if region_of is None:
        # A grid without boxes ("latin"): thick lines around it only.
        box_rows, box_cols = (
            grid.box if units is None or units.box is not None else (size, size)
        )
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
    parts.extend(overlay.svg(layout) for overlay in overlays)
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
        cages: Sequence[Sequence[object]] | None = None,
        disjoint_cages: bool = False,
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
            cages=cages,
            disjoint_cages=disjoint_cages,
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
