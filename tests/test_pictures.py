"""Pictures for notebooks: tilings and sudoku grids as SVG, with ``_repr_svg_``.

Every picture is parsed with :mod:`xml.etree.ElementTree` and checked
against what it shows: a ``<rect>`` per board cell, one colour per piece
(or per placement), the thick lines exactly on the pieces' borders, the
symbols of a sudoku in their cells, and a step's picture read back cell
by cell (fills, symbols, candidates and where they sit, struck ones,
thick lines) against the step.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from dlx_helpers import SCOTT_BOARD

import sudoku
from dlx import ProblemError
from dlx.polyomino import (
    PENTOMINOES,
    Placement,
    Tiling,
    draw,
    rectangle,
    tiling,
    to_svg,
)
from sudoku import SolutionError, SudokuError
from sudoku.display import (
    CANDIDATE,
    FILLED,
    PLACED,
    REMOVED,
    RESTING,
    SHADE,
    Picture,
)

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
SCOTT = SCOTT_BOARD


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def solved(board: str | list[str]) -> Tiling:
    problem = tiling(PENTOMINOES, board)
    solution = problem.first()
    assert solution is not None
    return Tiling(problem.labels_of(solution), board)


def groups(root: ET.Element) -> list[tuple[str, list[ET.Element]]]:
    """Each placement's group: the piece name in its title, and its rects."""
    return [
        (group.findtext(f"{NS}title") or "", group.findall(f"{NS}rect"))
        for group in root.findall(f"{NS}g")
    ]


def cell_of(rect: ET.Element, side: int) -> tuple[int, int]:
    x, y = int(rect.get("x", "")), int(rect.get("y", ""))
    assert x % side == 0 and y % side == 0
    assert rect.get("width") == rect.get("height") == str(side)
    return y // side, x // side


def border_edges(rows: list[str]) -> int:
    """Unit edges between two different letters, or a letter and a hole / the outside."""

    def at(r: int, c: int) -> str:
        inside = 0 <= r < len(rows) and 0 <= c < len(rows[r])
        return rows[r][c] if inside and rows[r][c] not in "# " else ""

    height, width = len(rows), max(map(len, rows))
    across = sum(
        at(r - 1, c) != at(r, c) for r in range(height + 1) for c in range(width)
    )
    down = sum(
        at(r, c - 1) != at(r, c) for r in range(height) for c in range(width + 1)
    )
    return across + down


@pytest.mark.parametrize(("board", "cells"), [(rectangle(3, 20), 60), (SCOTT, 60)])
def test_a_pentomino_tiling_as_svg(board: str | list[str], cells: int) -> None:
    shown = solved(board)
    svg = shown.to_svg()
    assert shown._repr_svg_() == svg
    root = parse(svg)
    rects = root.iter(f"{NS}rect")
    assert sum(1 for _ in rects) == cells
    rows = str(shown).splitlines()
    found = groups(root)
    assert sorted(name for name, _ in found) == sorted(PENTOMINOES)
    fills = {}
    for name, squares in found:
        # Each group is its piece, where draw() puts its letter, in one colour.
        assert {rows[r][c] for r, c in (cell_of(rect, 24) for rect in squares)} == {
            name
        }
        assert len(squares) == 5
        assert len({rect.get("fill") for rect in squares}) == 1
        fills[name] = squares[0].get("fill")
    assert len(set(fills.values())) == 12  # a colour per piece
    assert len(root.findall(f"{NS}line")) == border_edges(rows)
    width = 20 if len(rows) == 3 else 8
    assert root.get("width") == str(width * 24 + 4)
    assert root.get("height") == str(len(rows) * 24 + 4)


def test_dominoes_take_a_colour_each_when_distinct() -> None:
    board = rectangle(4, 4)
    problem = tiling({"domino": "##"}, board, use="any")
    labels = problem.labels_of(problem.first() or ())
    root = parse(to_svg(labels, board, distinct=True, cell=30))
    found = groups(root)
    assert len(found) == 8 and {name for name, _ in found} == {"domino"}
    assert len({squares[0].get("fill") for _, squares in found}) == 8
    rows = draw(labels, board, distinct=True).splitlines()
    assert len(root.findall(f"{NS}line")) == border_edges(rows)
    # Without distinct, one name is one colour.
    plain = groups(parse(to_svg(labels, board)))
    assert len({rect.get("fill") for _, squares in plain for rect in squares}) == 1


def test_uncovered_cells_holes_and_given_colours() -> None:
    # Three pieces on Scott's board: the rest of its 60 cells uncovered,
    # the 4 holes not drawn at all.
    problem = tiling(PENTOMINOES, SCOTT)
    labels = problem.labels_of(problem.first() or ())[:3]
    colours = {labels[0].piece: "red", labels[1].piece: 'a"b<c>'}
    svg = to_svg(labels, SCOTT, colours=colours, title="Three & more")
    root = parse(svg)
    assert root.findtext(f"{NS}title") == "Three & more"
    loose = root.findall(f"{NS}rect")  # the uncovered cells, outside groups
    assert len(loose) == 60 - 15
    assert {rect.get("fill") for rect in loose} == {"#eeeeee"}
    fills = [squares[0].get("fill") for _, squares in groups(root)]
    assert fills[:2] == ["red", 'a"b<c>']
    assert fills[2] not in ("red", "#eeeeee")
    holes = {(3, 3), (3, 4), (4, 3), (4, 4)}
    drawn = {cell_of(rect, 24) for rect in root.iter(f"{NS}rect")}
    assert len(drawn) == 60 and not drawn & holes


def test_names_are_escaped_and_errors_come_at_once() -> None:
    board = rectangle(1, 3)
    placed = [Placement("<&>", ((0, 0), (0, 1))), None, Placement("i", ((0, 2),))]
    shown = Tiling(placed, board)
    assert str(shown) == "<<i"
    assert repr(shown) == "<Tiling: 2 placements on 3 cells>"
    root = parse(shown._repr_svg_())
    assert [name for name, _ in groups(root)] == ["<&>", "i"]
    with pytest.raises(ProblemError, match=r"cell \(0, 3\) is not on the board"):
        Tiling([Placement("I", ((0, 2), (0, 3)))], board)
    with pytest.raises(ProblemError, match="no cell"):
        Tiling([], "##")
    with pytest.raises(ValueError, match="cell=3"):
        shown.to_svg(cell=3)


@pytest.mark.processes
def test_the_example_draws_with_the_library(tmp_path: Path) -> None:
    picture = tmp_path / "tiling.svg"
    done = subprocess.run(
        [
            sys.executable,
            "docs/examples/pentominoes.py",
            "3",
            "20",
            "--svg",
            str(picture),
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    rows = done.stdout.splitlines()
    text = picture.read_text(encoding="utf-8")
    assert text == solved(rectangle(3, 20)).to_svg(
        title="A pentomino tiling of the 3×20 rectangle"
    )
    root = parse(text)
    for name, squares in groups(root):
        assert {rows[r][c] for r, c in (cell_of(rect, 24) for rect in squares)} == {
            name
        }


# -- sudoku ---------------------------------------------------------------------

PUZZLE = (
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
)


def symbols(root: ET.Element, side: int = 36) -> dict[tuple[int, int], tuple[str, str]]:
    """Each drawn symbol by cell: (symbol, colour)."""
    found = {}
    for text in root.iter(f"{NS}text"):
        x, y = float(text.get("x", "")), float(text.get("y", ""))
        cell = (int(y // side), int(x // side))
        found[cell] = (text.text or "", text.get("fill", ""))
    return found


def test_a_solved_sudoku_as_a_picture() -> None:
    answer = sudoku.solve(PUZZLE)
    shown = Picture(PUZZLE, answer)
    assert shown._repr_svg_() == shown.svg == sudoku.to_svg(PUZZLE, answer)
    assert str(shown) == sudoku.format_grid(answer)
    assert repr(shown) == "<Picture: a solved 9x9 sudoku, 30 givens>"
    root = parse(shown.svg)
    drawn = symbols(root)
    assert len(drawn) == 81
    for k, symbol in enumerate(answer):
        colour = "#000" if PUZZLE[k] != "." else "#1f4e9c"
        assert drawn[divmod(k, 9)] == (symbol, colour)


def test_a_puzzle_alone_ints_and_a_jigsaw() -> None:
    alone = Picture(PUZZLE)
    assert repr(alone) == "<Picture: a 9x9 sudoku, 30 givens>"
    assert len(symbols(parse(alone._repr_svg_()))) == 30
    assert str(alone) == sudoku.format_grid(PUZZLE)

    ints = [[1, 0, 0, 0], [0, 0, 0, 2], [0, 0, 4, 0], [0, 3, 0, 0]]
    shown = Picture(ints, sudoku.solve(ints), cell=20)
    drawn = symbols(parse(shown.svg), 20)
    assert sorted(symbol for symbol, _ in drawn.values()) == sorted("1234" * 4)
    assert str(shown).splitlines()[1] == "| 1 2 | 3 4 |"

    jigsaw = ["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"]
    puzzle = "..3.5..........2..1......"
    answer = sudoku.solve(puzzle, regions=jigsaw)
    shown = Picture(puzzle, answer, regions=jigsaw, title="A jigsaw")
    root = parse(shown._repr_svg_())
    assert root.findtext(f"{NS}title") == "A jigsaw"
    assert "".join(symbol for _, (symbol, _) in sorted(symbols(root).items())) == answer
    assert str(shown) == sudoku.format_grid(answer, regions=jigsaw)


def test_a_picture_that_cannot_be_drawn_raises_at_once() -> None:
    with pytest.raises(SolutionError, match="row 1, column 1 holds '2'"):
        Picture("1......2..4..3..", "2134341212434321")
    with pytest.raises(SudokuError, match="cell=4"):
        Picture(PUZZLE, cell=4)


@pytest.mark.processes
def test_no_ipython_is_imported() -> None:
    code = (
        "import sys, dlx.polyomino, sudoku.display\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('IPython', 'matplotlib', 'svgwrite', 'lxml')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout == "[]\n"


def test_every_cell_of_a_picture_is_counted_once() -> None:
    root = parse(solved(rectangle(6, 10)).to_svg(cell=10))
    cells = Counter(cell_of(rect, 10) for rect in root.iter(f"{NS}rect"))
    assert set(cells.values()) == {1} and len(cells) == 60


# -- a step's picture: read back cell by cell -------------------------------------

SE_RATED = ROOT / "tests" / "data" / "sudoku9_se_rated_1284.tsv"
JIGSAW6 = ["AAABBB", "AACCBB", "DACCBF", "DDCCFF", "DDEEEF", "DEEEFF"]
XWINDOKU = (
    "......6....94..........7...........2642...8739...........5..........12....5......"
)

Edge = tuple[str, int, int]


def rated(rating: str) -> str:
    """The first puzzle of the SE-rated bank with this rating."""
    lines = SE_RATED.read_text().splitlines()
    return next(p for p, r in (line.split("\t") for line in lines) if r == rating)


class Drawing:
    """What a grid picture shows, read back from its SVG by cell (not by its markup).

    :ivar fills: each coloured cell's colour (the last rect drawn on it).
    :ivar symbols: each filled cell's ``(symbol, colour, weight)``.
    :ivar candidates: ``(row, column, symbol)``: ``(spot, colour, weight)``,
        spot the small square (0 at the top left, row by row) it is in.
    :ivar struck: the candidates a short line crosses.
    :ivar thick: the edges of cells drawn thick: ``("h", row of lines,
        column)`` or ``("v", column of lines, row)``; ``thin`` the others.

    Anything else in the picture fails the reading.
    """

    def __init__(self, svg: str, size: int, cell: int) -> None:
        root = parse(svg)
        assert root.get("viewBox") and root.get("width") == root.get("height")
        self.title = root.findtext(f"{NS}title")
        sub = next(k for k in range(1, size + 1) if k * k >= size)
        small = cell / sub
        big = root.get("font-size")
        self.fills: dict[tuple[int, int], str] = {}
        self.symbols: dict[tuple[int, int], tuple[str, str, str]] = {}
        self.candidates: dict[tuple[int, int, str], tuple[int, str, str]] = {}
        self.struck: set[tuple[int, int, str]] = set()
        widths: dict[Edge, float] = {}
        spots: dict[tuple[int, int, int], str] = {}
        strikes = []

        def spot_of(x: float, y: float) -> tuple[int, int, int]:
            r, c = int(y // cell), int(x // cell)
            down, across = int((y - r * cell) // small), int((x - c * cell) // small)
            return r, c, down * sub + across

        for node in root:
            tag = node.tag.removeprefix(NS)
            get = node.get
            if tag == "rect" and get("width") == str(cell):
                r, c = int(get("y", "")) // cell, int(get("x", "")) // cell
                self.fills[r, c] = get("fill", "")
            elif tag == "text":
                x, y = float(get("x", "")), float(get("y", ""))
                style = (get("fill", "#000"), get("font-weight", "normal"))
                if float(get("font-size") or big or 0) > cell / 2:  # a cell's symbol
                    assert (int(y // cell), int(x // cell)) not in self.symbols
                    self.symbols[int(y // cell), int(x // cell)] = (
                        node.text or "",
                        *style,
                    )
                else:
                    r, c, spot = spot_of(x, y)
                    self.candidates[r, c, node.text or ""] = (spot, *style)
                    spots[r, c, spot] = node.text or ""
            elif tag == "line" and get("stroke-linecap") == "square":
                x1, y1, x2, y2 = (int(get(a, "")) for a in ("x1", "y1", "x2", "y2"))
                if y1 == y2:
                    edges = [
                        ("h", y1 // cell, k) for k in range(x1 // cell, x2 // cell)
                    ]
                else:
                    edges = [
                        ("v", x1 // cell, k) for k in range(y1 // cell, y2 // cell)
                    ]
                for edge in edges:
                    width = float(get("stroke-width", ""))
                    widths[edge] = max(widths.get(edge, 0.0), width)
            elif tag == "line" and get("stroke") == REMOVED:
                ends = [float(get(a, "")) for a in ("x1", "y1", "x2", "y2")]
                strikes.append(
                    spot_of((ends[0] + ends[2]) / 2, (ends[1] + ends[3]) / 2)
                )
            else:
                assert tag == "title" or (tag == "rect" and get("fill") == "white"), tag
        for r, c, spot in strikes:
            self.struck.add((r, c, spots[r, c, spot]))
        self.thick = {edge for edge, width in widths.items() if width > 1}
        self.thin = set(widths) - self.thick


def borders(size: int, region_of: tuple[int, ...]) -> set[Edge]:
    """The edges between cells of different regions, and around the grid."""
    found: set[Edge] = set()
    for k in range(size):
        found |= {("h", 0, k), ("h", size, k), ("v", 0, k), ("v", size, k)}
    for r in range(size):
        for c in range(size):
            if c + 1 < size and region_of[r * size + c] != region_of[r * size + c + 1]:
                found.add(("v", c + 1, r))
            if (
                r + 1 < size
                and region_of[r * size + c] != region_of[(r + 1) * size + c]
            ):
                found.add(("h", r + 1, c))
    return found


def check_step_picture(step: sudoku.Step, cell: int = 48) -> Drawing:
    """The step's picture shows the step: its grid, candidates, marks and units."""
    grid = step.grid
    size = grid.size
    shown = Drawing(step.to_svg(cell), size, cell)
    assert shown.title == step.text
    placed = {(r, c) for r, c, _ in step.placements}
    regions = step.regions
    shaded = {
        divmod(k, size)
        for unit, kind in zip(regions.units, regions.kinds, strict=True)
        if kind in ("diagonal", "window")
        for k in unit
    }
    fills = dict.fromkeys(shaded, SHADE)
    fills |= dict.fromkeys(step.cells, RESTING) | dict.fromkeys(placed, PLACED)
    assert shown.fills == fills
    assert shown.symbols == {
        divmod(k, size): (str(grid.symbol(v)), "#000", "normal")
        for k, v in enumerate(grid.values)
        if v
    }
    new = {(r, c, str(s)) for r, c, s in step.placements}
    gone = {(r, c, str(s)) for r, c, s in step.eliminations}
    expected = {}
    for k, symbols in enumerate(step.candidates):
        for symbol in symbols:
            key = (*divmod(k, size), str(symbol))
            value = (
                symbol
                if isinstance(symbol, int)
                else (grid.alphabet or "").index(symbol) + 1
            )
            colour, weight = (
                (REMOVED, "bold")
                if key in gone
                else (FILLED, "bold")
                if key in new
                else (CANDIDATE, "normal")
            )
            expected[key] = (value - 1, colour, weight)
    assert shown.candidates == expected
    assert shown.struck == gone
    region_of = regions.region_of or tuple(
        (k // size // grid.box[0]) * size + k % size // grid.box[1]
        for k in range(size * size)
    )
    assert shown.thick == borders(size, region_of)
    assert len(shown.thin) == 2 * size * (size + 1) - len(shown.thick)
    return shown


@pytest.mark.parametrize(
    ("puzzle", "options", "eliminates"),
    [
        pytest.param(rated("2.6"), {}, True, id="pointing"),
        pytest.param(rated("4.2"), {}, True, id="xy-wing"),
        pytest.param(
            "...1.2..4......5....6......6..3.2...",
            {"regions": JIGSAW6},
            False,
            id="jigsaw",
        ),
        pytest.param(
            [[1, 0, 0, 0], [0, 0, 0, 2], [0, 0, 4, 0], [0, 3, 0, 0]],
            {},
            False,
            id="ints",
        ),
    ],
)
def test_every_steps_picture_shows_the_step(
    puzzle: sudoku.GridLike, options: dict[str, object], eliminates: bool
) -> None:
    steps = sudoku.explain(puzzle, **options).steps  # type: ignore[arg-type]
    for step in steps:
        check_step_picture(step)
    # The marks checked were there to check.
    assert all(s.placements or s.eliminations for s in steps)
    assert any(s.eliminations for s in steps) == eliminates


def test_a_variants_and_a_big_grids_step_pictures() -> None:
    windows = sudoku.hint(XWINDOKU, variant="x+windoku")
    assert windows is not None
    shown = check_step_picture(windows, cell=30)
    assert sum(1 for fill in shown.fills.values() if fill == SHADE) > 17
    sixteen = "\n".join(
        (ROOT / "docs/examples/sudoku16.in").read_text().splitlines()[:16]
    )
    big = sudoku.hint(sixteen)
    assert big is not None
    shown = check_step_picture(big, cell=64)
    assert {spot for spot, _, _ in shown.candidates.values()} == set(range(16))
