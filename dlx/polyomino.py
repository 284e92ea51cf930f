"""Polyomino tilings as exact cover: shapes, their placements, the problem.

The most common exact-cover model: pieces made of unit squares are placed
on a board so that every cell of the board is covered once.  The items are
the board's cells (and, when each piece is used once, the pieces); the
options are the placements, each labelled with a :class:`Placement` so that
:meth:`dlx.ExactCover.labels_of` gives the pieces of a solution back and
:func:`draw` shows them as text; ``to_svg`` draws them as an SVG picture,
a colour per piece, and a ``Tiling`` of them shows as that picture in
Jupyter.

Shapes and boards are drawn as text, one string per row (or one string with
line breaks): in a piece, ``#`` (or any character other than ``.`` and a
blank) is a square; on a board, ``.`` is a cell to cover and ``#`` or a
blank is a hole.

>>> board = rectangle(2, 3)
>>> problem = tiling({"L": "##\\n#.", "I": "###"}, board, use="any")
>>> problem.count()
3
>>> solution = problem.first() or ()
>>> [placed.piece for placed in problem.labels_of(solution)]
['L', 'L']
>>> print(draw(problem.labels_of(solution), board, distinct=True))
AAB
ABB

Cells are ``(row, column)`` pairs, counted from the top left corner.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Literal, NamedTuple, cast
from xml.sax.saxutils import escape, quoteattr

from dlx.errors import ProblemError
from dlx.problem import ExactCover
from dlx.stats import check_flag, check_whole

__all__ = [
    "PENTOMINOES",
    "Cell",
    "Placement",
    "Shape",
    "Tiling",
    "board_cells",
    "board_symmetries",
    "draw",
    "obstruction",
    "orientations",
    "placements",
    "rectangle",
    "shape",
    "tiling",
    "to_svg",
]

#: A square of a piece or a board: ``(row, column)``.
Cell = tuple[int, int]

#: A shape: its cells, sorted, shifted so that the top row and the leftmost
#: column are 0.
Shape = tuple[Cell, ...]

#: The twelve pentominoes in Conway's letters, each drawn once.
PENTOMINOES: dict[str, str] = {
    "F": ".##\n##.\n.#.",
    "I": "#####",
    "L": "####\n#...",
    "N": "###.\n..##",
    "P": "###\n##.",
    "T": "###\n.#.\n.#.",
    "U": "#.#\n###",
    "V": "#..\n#..\n###",
    "W": "#..\n##.\n.##",
    "X": ".#.\n###\n.#.",
    "Y": "####\n.#..",
    "Z": "##.\n.#.\n.##",
}

#: How often a piece may be used: exactly once, any number of times, at most once.
Use = Literal["once", "any", "optional"]


class Placement(NamedTuple):
    """One piece put down on the board: the label of each option of :func:`tiling`.

    >>> Placement("I", ((0, 0), (0, 1)))
    Placement(piece='I', cells=((0, 0), (0, 1)))
    """

    #: The piece's name, as given to :func:`tiling`.
    piece: str
    #: The board cells it covers, sorted.
    cells: tuple[Cell, ...]


def _lines(drawing: str | Sequence[str]) -> list[str]:
    if isinstance(drawing, str):
        return drawing.splitlines()
    return list(drawing)


def _normalize(cells: Iterable[Cell]) -> Shape:
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def shape(drawing: str | Sequence[str] | Iterable[Cell]) -> Shape:
    """A piece's shape from its drawing (or from its cells).

    In a drawing every character other than ``.`` and a blank is a square.

    :param drawing: the rows of the drawing, as a list or as one string
        with line breaks; or the cells themselves, as ``(row, column)``.
    :returns: the shape, normalized (see :data:`Shape`).
    :raises ProblemError: when the shape has no square.

    >>> shape(".#\\n##")
    ((0, 1), (1, 0), (1, 1))
    >>> shape([(5, 5), (5, 6)])
    ((0, 0), (0, 1))
    """
    given = [drawing] if isinstance(drawing, str) else list(drawing)
    cells: list[Cell] = []
    if all(isinstance(line, str) for line in given):
        lines = [part for line in given for part in str(line).splitlines()]
        for r, line in enumerate(lines):
            cells += [(r, c) for c, ch in enumerate(line) if ch not in ". "]
    else:
        for cell in given:
            r, c = cast(Cell, cell)
            cells.append((int(r), int(c)))
    if not cells:
        raise ProblemError(f"the shape {drawing!r} has no square")
    return _normalize(cells)


def orientations(
    piece: str | Sequence[str] | Iterable[Cell], *, reflect: bool = True
) -> list[Shape]:
    """The distinct rotations (and reflections) of a piece, sorted.

    :param piece: the piece, as for :func:`shape`.
    :param reflect: include the mirror images (the piece may be turned over).
    :returns: the distinct shapes: 1 for the square tetromino, 2 for a
        domino, up to 8.
    :raises ProblemError: when the piece has no square.
    :raises TypeError: when ``reflect`` is not ``True`` or ``False``.

    >>> orientations("##")
    [((0, 0), (0, 1)), ((0, 0), (1, 0))]
    >>> len(orientations("##.\\n.##")), len(orientations("##.\\n.##", reflect=False))
    (4, 2)
    """
    check_flag(reflect, "reflect")  # "no" would turn the pieces over
    cells = list(shape(piece))
    shapes: set[Shape] = set()
    for _ in range(2 if reflect else 1):
        for _ in range(4):
            shapes.add(_normalize(cells))
            cells = [(c, -r) for r, c in cells]  # a quarter turn
        cells = [(r, -c) for r, c in cells]  # a reflection
    return sorted(shapes)


def rectangle(height: int, width: int) -> str:
    """The drawing of a ``height`` × ``width`` board without holes.

    :param height: rows.
    :param width: columns.
    :returns: the board as text.
    :raises ValueError: when a side is not positive.
    :raises TypeError: when a side is not a whole number (``True`` neither).

    >>> rectangle(2, 3)
    '...\\n...'
    """
    check_whole(height, "height")
    check_whole(width, "width")
    height, width = int(height), int(width)  # NumPy's integers too
    if height < 1 or width < 1:
        raise ValueError(f"a board must have at least one cell, not {height}×{width}")
    return "\n".join(["." * width] * height)


def board_cells(board: str | Sequence[str]) -> list[Cell]:
    """The cells of a board drawn as text: ``.`` is a cell, ``#`` or a blank a hole.

    :param board: the rows, as a list or as one string with line breaks.
    :returns: the cells, row by row.
    :raises ProblemError: on another character, or when there is no cell.

    >>> board_cells(".#\\n..")
    [(0, 0), (1, 0), (1, 1)]
    """
    cells = []
    for r, line in enumerate(_lines(board)):
        for c, ch in enumerate(line):
            if ch == ".":
                cells.append((r, c))
            elif ch not in "# ":
                raise ProblemError(
                    f"board row {r}, column {c}: {ch!r} is neither a cell '.' "
                    "nor a hole '#'"
                )
    if not cells:
        raise ProblemError("the board has no cell")
    return cells


def board_symmetries(
    board: str | Sequence[str], *, reflect: bool = True
) -> list[dict[Cell, Cell]]:
    """The rotations (and reflections) that map a board's cells onto themselves.

    Each is a mapping from every cell to its image, ready for the
    ``symmetry=`` of :meth:`dlx.ExactCover.count` on a :func:`tiling` of
    the board (the pieces stay as they are: a symmetry moves the
    placements of each piece among themselves).  A rectangle has 3 (the
    group D2), a square board 7 (D4), a board with fewer symmetries fewer;
    the identity is not listed.

    :param board: the board, as for :func:`board_cells`.
    :param reflect: include the reflections; give ``False`` with a
        :func:`tiling` that does not turn pieces over, whose placements a
        reflection would not map onto placements.
    :returns: the symmetries other than the identity.
    :raises ProblemError: as :func:`board_cells` does.
    :raises TypeError: when ``reflect`` is not ``True`` or ``False``.

    >>> len(board_symmetries(rectangle(3, 20))), len(board_symmetries(rectangle(4, 4)))
    (3, 7)
    >>> pieces = {"L": "##\\n#.", "I": "###"}
    >>> problem = tiling(pieces, rectangle(2, 3), use="any")
    >>> problem.count(), problem.count(symmetry=board_symmetries(rectangle(2, 3)))
    (3, 2)
    """
    check_flag(reflect, "reflect")  # "no" would add the reflections
    cells = board_cells(board)
    own = set(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    found: list[dict[Cell, Cell]] = []
    seen: set[tuple[Cell, ...]] = set()
    moved = [(r - top, c - left) for r, c in cells]
    for _ in range(2 if reflect else 1):
        for _ in range(4):
            # The image, put back in the board's corner: a symmetry if it
            # is the board's cells again.
            low_r = min(r for r, _ in moved)
            low_c = min(c for _, c in moved)
            image = [(r - low_r + top, c - low_c + left) for r, c in moved]
            if set(image) == own:
                mapping = dict(zip(cells, image, strict=True))
                key = tuple(image)
                if key not in seen and any(a != b for a, b in mapping.items()):
                    seen.add(key)
                    found.append(mapping)
            moved = [(c, -r) for r, c in moved]  # a quarter turn
        moved = [(r, -c) for r, c in moved]  # a reflection
    return found


def placements(
    piece: str | Sequence[str] | Iterable[Cell],
    board: str | Sequence[str],
    *,
    reflect: bool = True,
) -> list[tuple[Cell, ...]]:
    """Every way to put a piece on a board, in any orientation.

    Orientations in the order of :func:`orientations`, then positions row by
    row; each placement lists its board cells, sorted.

    :param piece: the piece, as for :func:`shape`.
    :param board: the board, as for :func:`board_cells`.
    :param reflect: allow the piece's mirror images.
    :returns: the placements.
    :raises ProblemError: when the piece or the board has no square.

    >>> placements("##", ".#\\n..")
    [((1, 0), (1, 1)), ((0, 0), (1, 0))]
    """
    cells = board_cells(board)
    free = set(cells)
    height = 1 + max(r for r, _ in cells)
    width = 1 + max(c for _, c in cells)
    found = []
    for oriented in orientations(piece, reflect=reflect):
        rows = 1 + max(r for r, _ in oriented)
        cols = 1 + max(c for _, c in oriented)
        for dr in range(height - rows + 1):
            for dc in range(width - cols + 1):
                placed = tuple((r + dr, c + dc) for r, c in oriented)
                if all(cell in free for cell in placed):
                    found.append(placed)
    return found


def tiling(
    pieces: Mapping[str, str | Sequence[str] | Iterable[Cell]],
    board: str | Sequence[str],
    *,
    use: Use = "once",
    reflect: bool = True,
    where: Callable[[Placement], bool] | None = None,
) -> ExactCover:
    """The exact-cover problem of tiling a board with pieces.

    Every cell of the board is a primary item.  With ``use="once"`` every
    piece is a primary item too (each piece used exactly once, as in the
    pentomino puzzles); with ``"optional"`` a secondary one (each used at
    most once); with ``"any"`` pieces are no items at all (each used any
    number of times, as dominoes).  Each placement of each piece
    (:func:`placements`) is an option, ``[piece, *cells]`` (or just the
    cells with ``"any"``), labelled with its :class:`Placement`.  Since
    every orientation is allowed, each tiling is counted once for each
    symmetry of the board that it does not share; ``where`` can keep
    only some placements, e.g. one piece in one corner of the board to
    count each tiling once rather than once per symmetry.

    :param pieces: the pieces by name, each as for :func:`shape`.
    :param board: the board, as for :func:`board_cells`.
    :param use: ``"once"``, ``"any"`` or ``"optional"`` (see above).
    :param reflect: allow mirror images of the pieces.
    :param where: keep only the placements for which this is true.
    :returns: the problem; options numbered piece by piece, in the order of
        :func:`placements`.
    :raises ProblemError: when ``use`` is unknown, a piece has no square or
        its name is not a ``str``, or the board has no cell; with
        ``use="once"``, when the pieces' squares are not as many as the
        board's cells (no tiling can exist: the message names both areas,
        rather than leaving a search to find out).

    >>> problem = tiling({"domino": "##"}, rectangle(2, 2), use="any")
    >>> problem.count()
    2
    >>> [problem.labels_of(s) for s in problem.solutions()][0]
    [Placement(piece='domino', cells=((0, 0), (0, 1))), Placement(piece='domino', cells=((1, 0), (1, 1)))]
    >>> tiling(PENTOMINOES, rectangle(7, 9))
    Traceback (most recent call last):
      ...
    dlx.errors.ProblemError: the 12 pieces, each used once, cover 60 cells but the board has 63
    """
    if use not in ("once", "any", "optional"):
        raise ProblemError(f"use must be 'once', 'any' or 'optional', not {use!r}")
    for name in pieces:
        if not isinstance(name, str):
            raise ProblemError(f"a piece name must be a str, not {name!r}")
    cells: list[Cell] = board_cells(board)
    names = list(pieces)
    if use == "once":
        area = sum(len(shape(piece)) for piece in pieces.values())
        if area != len(cells):
            why = obstruction(pieces, board, use="once")
            assert why is not None
            raise ProblemError(why)
        problem = ExactCover([*names, *cells])
    elif use == "optional":
        problem = ExactCover(cells, names)
    else:
        problem = ExactCover(cells)
    for name, piece in pieces.items():
        for placed in placements(piece, board, reflect=reflect):
            label = Placement(name, placed)
            if where is None or where(label):
                items = list(placed) if use == "any" else [name, *placed]
                problem.add_option(items, label=label)
    return problem


def _balance(cells: Iterable[Cell]) -> int:
    """The dark cells less the light ones, on a chessboard's colouring."""
    return sum(1 if (r + c) % 2 == 0 else -1 for r, c in cells)


def obstruction(
    pieces: Mapping[str, str | Sequence[str] | Iterable[Cell]],
    board: str | Sequence[str],
    *,
    use: Use = "any",
) -> str | None:
    """Why ``board`` has no tiling by ``pieces``, seen by counting, without a search; or ``None``.

    Three counts, each a proof: pieces used once each (``use="once"``)
    cover exactly their total area; pieces used any number of times
    (``"any"``) cover a multiple of the greatest common divisor of their
    sizes (2 for dominoes, so an odd board has none); and pieces that each
    cover as many dark cells as light ones on a chessboard's colouring
    (dominoes, wherever they lie) cannot tile a board with more of one
    colour (the mutilated chessboard).  ``None`` proves nothing: a search
    decides (:func:`tiling`).  A search of a 9×9 board for dominoes runs
    for minutes before it finds none; this answers at once.

    :param pieces: the pieces by name, each as for :func:`shape`.
    :param board: the board, as for :func:`board_cells`.
    :param use: as in :func:`tiling`.
    :returns: the reason, a sentence; ``None`` when counting proves nothing.

    >>> obstruction({"domino": "##"}, rectangle(9, 9))
    'each piece covers 2 cells and the board has 81'
    >>> obstruction({"domino": "##"}, ".#\\n#.")
    'each piece covers as many dark cells as light ones, and the board has 2 dark and 0 light'
    >>> obstruction({"domino": "##"}, rectangle(8, 8)) is None
    True
    >>> obstruction(PENTOMINOES, rectangle(7, 9), use="once")
    'the 12 pieces, each used once, cover 60 cells but the board has 63'
    """
    cells = board_cells(board)
    shapes = [shape(piece) for piece in pieces.values()]
    if use == "once":
        area = sum(len(piece) for piece in shapes)
        if area != len(cells):
            pieces_cover = (
                f"the {len(shapes)} pieces, each used once, cover"
                if len(shapes) != 1
                else "the piece, used once, covers"
            )
            return (
                f"{pieces_cover} {area} cell{'s' if area != 1 else ''} but the "
                f"board has {len(cells)}"
            )
    sizes = {len(piece) for piece in shapes}
    if use == "any" and sizes:
        step = math.gcd(*sizes)
        if len(cells) % step:
            each = (
                f"each piece covers {step} cells"
                if len(sizes) == 1
                else f"every piece covers a multiple of {step} cells"
            )
            return f"{each} and the board has {len(cells)}"
    # A piece's balance is the same, up to its sign, wherever it lies; with
    # "optional" the pieces may leave cells to others, so nothing follows.
    if (
        use != "optional"
        and shapes
        and all(_balance(piece) == 0 for piece in shapes)
        and _balance(cells) != 0
    ):
        dark = sum(1 for r, c in cells if (r + c) % 2 == 0)
        return (
            "each piece covers as many dark cells as light ones, and the board "
            f"has {dark} dark and {len(cells) - dark} light"
        )
    return None


_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def draw(
    placed: Iterable[Placement | None],
    board: str | Sequence[str],
    *,
    distinct: bool = False,
) -> str:
    """A tiling as text: each cell shows the first letter of its piece's name.

    Holes of the board are kept as drawn; cells no placement covers stay
    ``.``.  With ``distinct``, each placement gets a letter of its own
    instead (``A``-``Z``, ``a``-``z``, ``0``-``9``, then again from ``A``):
    the way to see dominoes, which all have one name.

    :param placed: the placements, e.g. ``problem.labels_of(solution)``
        (``None`` entries, from options without a label, are skipped).
    :param board: the board, as for :func:`board_cells`.
    :param distinct: a letter per placement rather than per piece.
    :returns: the rows, joined by line breaks.
    :raises ProblemError: when a placement covers a cell outside the board.
    :raises TypeError: when ``distinct`` is not ``True`` or ``False``.

    >>> board = rectangle(2, 2)
    >>> problem = tiling({"D": "##"}, board, use="any")
    >>> print(draw(problem.labels_of(problem.first() or ()), board, distinct=True))
    AA
    BB
    """
    check_flag(distinct, "distinct")
    rows = [list(line) for line in _lines(board)]
    for k, placement in enumerate(p for p in placed if p is not None):
        symbol = _SYMBOLS[k % len(_SYMBOLS)] if distinct else placement.piece[:1]
        for r, c in placement.cells:
            if not (0 <= r < len(rows) and 0 <= c < len(rows[r])) or rows[r][c] in "# ":
                raise ProblemError(f"cell {(r, c)} is not on the board")
            rows[r][c] = symbol
    return "\n".join("".join(row) for row in rows)


#: The default colours of :func:`to_svg`, given to the piece names in
#: sorted order (the twelve pentominoes get the first twelve), then again
#: from the first.
_PALETTE = (
    "#e6194b",
    "#3cb44b",
    "#ffe119",
    "#4363d8",
    "#f58231",
    "#911eb4",
    "#42d4f4",
    "#f032e6",
    "#bfef45",
    "#fabed4",
    "#469990",
    "#dcbeff",
    "#9a6324",
    "#fffac8",
    "#800000",
    "#aaffc3",
    "#808000",
    "#ffd8b1",
    "#000075",
    "#a9a9a9",
)
_SVG_NS = "http://www.w3.org/2000/svg"
#: The colour of a cell that no placement covers.
_UNCOVERED = "#eeeeee"


def to_svg(
    placed: Iterable[Placement | None],
    board: str | Sequence[str],
    *,
    distinct: bool = False,
    colours: Mapping[str, str] | None = None,
    cell: int = 24,
    title: str | None = None,
) -> str:
    """A tiling as an SVG picture: a coloured square per cell, a thick line around each piece.

    Every cell of the board is a ``<rect>``, filled with the colour of the
    piece that covers it (light grey when no placement does), in a ``<g>``
    group per placement whose ``<title>`` is the piece's name (shown when
    the pointer rests on it); holes are left out.  Thick lines run between
    placements and around the board.  The text is written by hand, with
    nothing imported but ``xml.sax.saxutils``: no drawing library is
    needed.  :class:`Tiling` shows the picture in Jupyter.

    :param placed: the placements, e.g. ``problem.labels_of(solution)``
        (``None`` entries are skipped).
    :param board: the board, as for :func:`board_cells`.
    :param distinct: a colour per placement rather than per piece name
        (the way to tell dominoes apart, which all have one name).
    :param colours: a CSS colour for some piece names; the others take
        colours from a palette of 20, given in the sorted order of the
        names.  With ``distinct`` every placement takes the palette's
        colours in turn, so ``colours`` is refused there.
    :param cell: the side of a cell, in pixels (at least 4).
    :param title: the picture's title, for screen readers (default
        ``"A tiling of N cells"``).
    :returns: the SVG text (a whole document, ending with a newline).
    :raises ProblemError: when a placement covers a cell outside the board,
        or the board has no cell.
    :raises ValueError: when ``cell`` is not a whole number of at least
        4, or ``colours`` comes with ``distinct``.
    :raises TypeError: when ``distinct`` is not ``True`` or ``False``.

    >>> board = rectangle(2, 3)
    >>> problem = tiling({"L": "##\\n#.", "I": "###"}, board, use="any")
    >>> svg = to_svg(problem.labels_of(problem.first() or ()), board)
    >>> svg.count("<rect"), svg.count('fill="#e6194b"'), svg.count("<title>L</title>")
    (6, 6, 2)
    """
    if type(cell) is not int or cell < 4:
        raise ValueError(f"cell={cell!r} is not a whole number of pixels >= 4")
    check_flag(distinct, "distinct")
    if distinct and colours is not None:
        # A colour per placement comes from the palette: the names' colours
        # would be dropped without a word.
        raise ValueError(
            "colours= does not go with distinct=True: each placement then "
            "takes the next colour of the palette"
        )
    cells = board_cells(board)
    placements_ = [p for p in placed if p is not None]
    draw(placements_, board)  # checks that every cell is on the board
    height = 1 + max(r for r, _ in cells)
    width = 1 + max(c for _, c in cells)
    owner: dict[Cell, int] = {}
    for k, placement in enumerate(placements_):
        for at in placement.cells:
            owner[at] = k
    if distinct:
        fills = [_PALETTE[k % len(_PALETTE)] for k in range(len(placements_))]
    else:
        given = colours or {}
        names = sorted({p.piece for p in placements_} - set(given))
        colour_of = {name: _PALETTE[k % len(_PALETTE)] for k, name in enumerate(names)}
        colour_of.update(given)
        fills = [colour_of[p.piece] for p in placements_]
    pad = 2
    across, down = width * cell + 2 * pad, height * cell + 2 * pad
    name = title if title is not None else f"A tiling of {len(cells)} cells"
    parts = [
        f'<svg xmlns="{_SVG_NS}" width="{across}" height="{down}" '
        f'viewBox="{-pad} {-pad} {across} {down}">',
        f"<title>{escape(name)}</title>",
    ]

    def rect(r: int, c: int, fill: str) -> str:
        return (
            f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" '
            f'fill={quoteattr(fill)} stroke="#00000022"/>'
        )

    loose = [rect(r, c, _UNCOVERED) for r, c in cells if (r, c) not in owner]
    parts += loose
    for k, placement in enumerate(placements_):
        parts.append(f"<g><title>{escape(placement.piece)}</title>")
        parts += [rect(r, c, fills[k]) for r, c in sorted(set(placement.cells))]
        parts.append("</g>")

    # Thick lines wherever the owners of two neighbours differ; a hole or
    # the outside owns nothing, and an uncovered cell is owned by -1.
    on_board = set(cells)

    def who(r: int, c: int) -> int | None:
        return owner.get((r, c), -1) if (r, c) in on_board else None

    for r in range(height + 1):
        for c in range(width):
            if who(r - 1, c) != who(r, c):
                parts.append(_edge(c * cell, r * cell, (c + 1) * cell, r * cell))
    for r in range(height):
        for c in range(width + 1):
            if who(r, c - 1) != who(r, c):
                parts.append(_edge(c * cell, r * cell, c * cell, (r + 1) * cell))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _edge(x1: int, y1: int, x2: int, y2: int) -> str:
    return (
        f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#222" '
        'stroke-width="2.5" stroke-linecap="square"/>'
    )


class Tiling:
    """A tiling of a board, shown as a picture in Jupyter and as text by ``print()``.

    A small wrapper around placements and their board: in a notebook,
    ``Tiling(problem.labels_of(solution), board)`` as the last expression
    of a cell draws the tiling (its ``_repr_svg_`` is :func:`to_svg`;
    IPython is not imported), ``str()`` gives :func:`draw`'s text, and
    :meth:`to_svg` the picture with other options.

    :param placed: the placements, e.g. ``problem.labels_of(solution)``
        (``None`` entries are skipped).
    :param board: the board, as for :func:`board_cells`.
    :param distinct: a letter and a colour per placement rather than per
        piece (as in :func:`draw`).
    :raises ProblemError: when a placement covers a cell outside the board,
        or the board has no cell: at once, not when the picture is drawn.

    >>> board = rectangle(2, 2)
    >>> problem = tiling({"D": "##"}, board, use="any")
    >>> shown = Tiling(problem.labels_of(problem.first() or ()), board, distinct=True)
    >>> print(shown)
    AA
    BB
    >>> shown
    <Tiling: 2 placements on 4 cells>
    >>> shown._repr_svg_() == shown.to_svg() and shown.to_svg().count("<rect")
    4
    """

    __slots__ = ("_text", "board", "distinct", "placements")

    #: The placements, ``None`` entries left out.
    placements: tuple[Placement, ...]
    #: The board, as given.
    board: str | Sequence[str]
    #: Whether each placement has a letter and a colour of its own.
    distinct: bool

    def __init__(
        self,
        placed: Iterable[Placement | None],
        board: str | Sequence[str],
        *,
        distinct: bool = False,
    ) -> None:
        self.placements = tuple(p for p in placed if p is not None)
        self.board = board
        self.distinct = distinct
        board_cells(board)  # a board without cells is refused here
        self._text = draw(self.placements, board, distinct=distinct)

    def to_svg(
        self,
        *,
        colours: Mapping[str, str] | None = None,
        cell: int = 24,
        title: str | None = None,
    ) -> str:
        """The picture, as :func:`to_svg` draws it (the arguments are its own).

        :raises ValueError: as :func:`to_svg` does (``colours`` for a
            tiling made with ``distinct``).
        """
        return to_svg(
            self.placements,
            self.board,
            distinct=self.distinct,
            colours=colours,
            cell=cell,
            title=title,
        )

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows (IPython's display protocol)."""
        return self.to_svg()

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        cells = len(board_cells(self.board))
        return f"<Tiling: {len(self.placements)} placements on {cells} cells>"
