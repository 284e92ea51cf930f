"""Grids people can read: format_grid, reading displays back, to_svg and draw_grid."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Sequence

import pytest
from cage_oracles import example_puzzles, make_cages
from hypothesis import given, settings
from hypothesis import strategies as st

import sudoku
from sudoku import SudokuError
from sudoku.cages import CageError, read_cages
from sudoku.display import (
    CAGE,
    CANDIDATE,
    FILLED,
    GIVEN,
    LINKED,
    PLACED,
    REMOVED,
    RESTING,
    CageOutlines,
    Layout,
    Link,
    draw_grid,
    format_grid,
)
from sudoku.grid import Grid

PUZZLE = (
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
)
SVG = "{http://www.w3.org/2000/svg}"

#: The first grid of Norvig's essay as his display function prints it
#: (cells apart, "|" between boxes, a space at the end of each row).
NORVIG = """\
4 . . |. . . |8 . 5 
. 3 . |. . . |. . . 
. . . |7 . . |. . . 
------+------+------
. 2 . |. . . |. 6 . 
. . . |. 8 . |4 . . 
. . . |. 1 . |. . . 
------+------+------
. . . |6 . 3 |. 7 . 
5 . . |2 . . |. . . 
1 . 4 |. . . |. . . 
"""  # noqa: W291


def test_boxed_nine_by_nine() -> None:
    text = sudoku.format_grid(PUZZLE)
    lines = text.splitlines()
    assert len(lines) == 13
    assert lines[0] == lines[4] == lines[8] == lines[12] == "+-------+-------+-------+"
    assert lines[1] == "| 5 3 . | . 7 . | . . . |"
    assert sudoku.Grid.parse(text).values == sudoku.Grid.parse(PUZZLE).values


def test_norvig_display_is_read() -> None:
    grid = sudoku.Grid.parse(NORVIG)
    flat = "".join(line for line in NORVIG.splitlines() if "+" not in line)
    cells = flat.replace("|", "").replace(" ", "")
    assert len(cells) == 81
    assert grid.values == sudoku.Grid.parse(cells).values
    answer = sudoku.solve(NORVIG)
    assert isinstance(answer, str) and len(answer.split()) == 9
    sudoku.check(cells, answer)
    # The batch reader takes it too, and so does a list of its lines.
    assert [p.text.count("\n") for p in sudoku.read_puzzles(NORVIG)] == [10]
    assert sudoku.Grid.parse(NORVIG.splitlines()).values == grid.values


#: Every character Python takes for blank space (str.isspace) but the line
#: feed, which starts a grid's next row: 28 of them.
BLANKS = [c for c in map(chr, range(0x110000)) if c.isspace() and c != "\n"]


@pytest.mark.parametrize("blank", BLANKS, ids=[f"U+{ord(c):04X}" for c in BLANKS])
def test_any_blank_inside_a_one_line_grid_sets_its_cells_apart(blank: str) -> None:
    # The one-line reader tells "5 3 . . 7 ..." from "53..7..." by the blank
    # space inside the line: whatever str.isspace calls blank, and only that.
    spaced = blank.join(PUZZLE[:40]) + blank + PUZZLE[40:]
    assert sudoku.Grid.parse(spaced).values == sudoku.Grid.parse(PUZZLE).values
    assert (
        sudoku.Grid.parse(blank + PUZZLE + blank).values
        == sudoku.Grid.parse(PUZZLE).values
    )


@pytest.mark.parametrize("lookalike", ["\u200b", "\u180e", "\ufeff", "\x00"])
def test_a_character_that_is_not_blank_is_not_a_separator(lookalike: str) -> None:
    assert not lookalike.isspace()
    with pytest.raises(SudokuError):
        sudoku.Grid.parse(PUZZLE[:40] + lookalike + PUZZLE[40:])


@settings(max_examples=60, deadline=None)
@given(
    box=st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (4, 3)]),
    style=st.sampled_from(sorted(sudoku.display.STYLES)),
    data=st.data(),
)
def test_every_style_reads_back(
    box: tuple[int, int], style: str, data: st.DataObject
) -> None:
    size = box[0] * box[1]
    values = data.draw(
        st.lists(st.integers(0, size), min_size=size * size, max_size=size * size)
    )
    rows = [values[r : r + size] for r in range(0, size * size, size)]
    text = sudoku.format_grid(rows, style, box=box)
    # Ints are written 1-9 then letters; say so (a grid showing only
    # letters would otherwise be read as a letter alphabet).
    alphabet = "123456789ABCDEFG"[:size]
    assert sudoku.Grid.parse(text, box=box, alphabet=alphabet).values == tuple(values)
    if style in ("boxed", "spaced"):
        # Rule lines every box_rows rows, and | between every box_cols cells.
        lines = text.splitlines()
        rules = [k for k, line in enumerate(lines) if "+" in line]
        expected = size + size // box[0] - 1 + (2 if style == "boxed" else 0)
        assert len(lines) == expected
        body = [line for line in lines if "+" not in line]
        assert all(
            line.count("|") == size // box[1] - 1 + 2 * (style == "boxed")
            for line in body
        )
        assert len(rules) == size // box[0] - 1 + 2 * (style == "boxed")
        # The drawing says its box shape: read without box=, the boxes are
        # the drawn ones, and a box= that differs is refused.
        assert sudoku.Grid.parse(text, alphabet=alphabet).box == box
        other = (box[1], box[0])
        if other != box:
            with pytest.raises(sudoku.BoxShapeError, match="draws boxes of"):
                sudoku.Grid.parse(text, box=other, alphabet=alphabet)


@pytest.mark.parametrize("box", [(3, 2), (2, 3), (4, 3), (3, 4), (2, 4), (4, 2)])
def test_a_drawn_puzzle_is_solved_in_its_drawn_boxes(box: tuple[int, int]) -> None:
    # A puzzle drawn with boxes that are not its size's default ones is
    # solved, counted and written back in the boxes it draws.
    puzzle = sudoku.generate(box=box, seed=7)
    solution = sudoku.solve(puzzle, box=box)
    for style in ("boxed", "spaced"):
        text = sudoku.format_grid(puzzle, style, box=box)
        assert sudoku.count(text, limit=2) == 1
        assert Grid.parse(sudoku.solve(text)).values == Grid.parse(solution).values
        assert sudoku.format_grid(sudoku.solve(text), style, box=box).count("|") == (
            text.count("|")
        )


def test_a_drawing_that_marks_no_boxes_of_one_shape_is_refused() -> None:
    # Bars at uneven places or rules at uneven rows: read in the size's
    # default boxes, the grid could be solved in boxes it does not show
    # (a 6x6 in 3x2 boxes with one bar missing counted 0), so it is
    # refused, unless the box shape is given.
    uneven = ["1 2 | 3 4 5 6", "3 4 5 | 6 1 2"] + [". . . . . ."] * 4
    with pytest.raises(
        sudoku.BoxShapeError,
        match=r"bars divide row 1 into 2\|4 but row 2 into 3\|3, not boxes of "
        "one width .a jigsaw. give its region map .regions=.; else give the box "
        "shape to read it anyway",
    ):
        Grid.parse("\n".join(uneven))
    assert Grid.parse("\n".join(uneven), box=(3, 2)).box == (3, 2)
    assert sudoku.grid.drawn_box(uneven) is None
    rules = ["1 . . . . .", "-----------", ". . . . . .", ". . . . . ."]
    rules += ["-----------"] + [". . . . . ."] * 3
    assert sudoku.grid.drawn_box(rules) is None
    with pytest.raises(sudoku.BoxShapeError, match="mark off 1, 2, 3 rows"):
        Grid.parse("\n".join(rules))
    halves = ["1 . . | . . ."] * 6  # boxes of 3 columns, 2 rows by the size
    assert Grid.parse("\n".join(halves)).box == (2, 3)
    fours = ["1 . . . | . ."] * 6  # no box is 4 cells wide
    with pytest.raises(sudoku.BoxShapeError, match=r"into 4\|2 cells"):
        Grid.parse("\n".join(fours))
    # No bars or rules at all: no shape is read from the drawing.
    assert sudoku.grid.drawn_box(["1 . . .", ". 2 . .", ". . 3 .", ". . . 4"]) is None


@pytest.mark.parametrize("size", [4, 9, 16])
def test_a_grid_drawn_as_a_table_is_read_in_the_default_boxes(size: int) -> None:
    # A bar between every two cells, or a rule under every row, marks no
    # boxes: it was read as boxes of N rows by 1 column (or 1 by N), and a
    # puzzle with one solution was counted 3518 and "solved" with repeats
    # in its boxes.
    puzzle = sudoku.generate(size=size, seed=3, minimal=False, givens=size * size // 2)
    grid = Grid.parse(puzzle)
    rows = [puzzle[r * size : (r + 1) * size] for r in range(size)]
    table = ["| " + " | ".join(row) + " |" for row in rows]
    rule = "+" + "-" * (len(table[0]) - 2) + "+"
    ruled = [line for row in rows for line in (" ".join(row), rule)]
    both = [line for row in table for line in (row, rule)]
    for drawing in (table, ruled, both, [rule, *ruled]):
        text = "\n".join(drawing)
        assert sudoku.grid.drawn_box(drawing) is None, drawing
        read = Grid.parse(text)
        assert (read.box, read.values) == (grid.box, grid.values)
        assert sudoku.count(text, limit=2) == 1
        assert (
            Grid.parse(sudoku.solve(text)).values
            == Grid.parse(sudoku.solve(puzzle)).values
        )
    # Bars between every cell, and rules that do mark boxes: those boxes.
    boxed = [
        line
        for r, row in enumerate(table)
        for line in ([rule] if r and r % grid.box[0] == 0 else []) + [row]
    ]
    assert sudoku.grid.drawn_box(boxed) == grid.box


def test_a_puzzle_and_its_solution_are_checked_in_the_boxes_one_draws() -> None:
    # A 6x6 drawn in 3x2 boxes, its solution on one line (as `sudoku`
    # prints it): the solution is checked in the drawn boxes, not in the
    # size's default 2x3 ones, either way round.
    puzzle = sudoku.generate(box=(3, 2), seed=4)
    drawn = sudoku.format_grid(puzzle, "boxed", box=(3, 2))
    solution = sudoku.solve(drawn)
    sudoku.check(drawn, solution)
    sudoku.check(puzzle, sudoku.format_grid(solution, "boxed", box=(3, 2)))
    with pytest.raises(sudoku.SolutionError, match="twice in box"):
        sudoku.check(puzzle, solution)  # neither draws: the default boxes
    with pytest.raises(
        sudoku.BoxShapeError,
        match=r"the puzzle draws boxes of 3x2 but the solution 2x3",
    ):
        sudoku.check(drawn, sudoku.format_grid(solution, "boxed", box=(2, 3)))


def test_two_boxed_grids_in_one_file_stay_two() -> None:
    first = sudoku.format_grid(PUZZLE)
    second = sudoku.format_grid("." * 80 + "1")
    skipped: list[int] = []
    text = f"{first}\n{second}\nA stray line here\n{first}\n"
    puzzles = list(
        sudoku.iter_puzzles(text, on_skip=lambda line, message: skipped.append(line))
    )
    assert len(puzzles) == 3
    assert [p.line for p in puzzles] == [2, 15, 29]
    assert skipped == [27]
    assert all(p.error is None for p in puzzles)
    grids = [sudoku.Grid.parse(p.text).values for p in puzzles]
    assert grids[0] == grids[2] == sudoku.Grid.parse(PUZZLE).values
    assert grids[1] == sudoku.Grid.parse("." * 80 + "1").values
    # A grid cut short loses only itself, and the next one stays whole.
    damaged = "\n".join(first.splitlines()[:6])
    puzzles = sudoku.read_puzzles(f"{damaged}\n\n{first}\n")
    assert [p.error is not None for p in puzzles] == [True, False]


def test_spaced_rows_of_blanks_are_rows_not_rules() -> None:
    rows = ["- - - | - - - | - - -"] * 9
    rows[3:3] = ["------+-------+------"]
    rows[7:7] = ["------+-------+------"]
    grid = sudoku.Grid.parse("\n".join(rows))
    assert grid.values == (0,) * 81
    small = ["1 . | . .", "- - | - 2", "----+----", "- - | 4 .", ". 3 | - -"]
    expected = (1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 3, 0, 0)
    assert sudoku.Grid.parse(small).values == expected


def test_numpy_grids_and_scalars() -> None:
    np = pytest.importorskip("numpy")
    array = np.array(sudoku.Grid.parse(PUZZLE).values, dtype=np.int64).reshape(9, 9)
    assert sudoku.format_grid(array) == sudoku.format_grid(PUZZLE)
    scalars = [[np.int16(v) for v in row] for row in array.tolist()]
    assert sudoku.format_grid(scalars, "line") == PUZZLE
    svg = sudoku.to_svg(array, sudoku.solve(array))
    assert len(ET.fromstring(svg).findall(f"{SVG}text")) == 81


def test_unknown_style() -> None:
    with pytest.raises(SudokuError, match="unknown style 'fancy': the styles are"):
        sudoku.format_grid(PUZZLE, "fancy")


def _texts(svg: str) -> list[tuple[float, float, str, str]]:
    root = ET.fromstring(svg)
    return [
        (float(t.get("x", 0)), float(t.get("y", 0)), t.get("fill", ""), t.text or "")
        for t in root.iter(f"{SVG}text")
    ]


def test_svg_cells_and_colours() -> None:
    solution = sudoku.solve(PUZZLE)
    svg = sudoku.to_svg(PUZZLE, solution, cell=40)
    texts = _texts(svg)
    assert len(texts) == 81
    for x, y, fill, symbol in texts:
        r, c = int(y // 40), int(x // 40)
        k = r * 9 + c
        assert symbol == solution[k]
        assert fill == ("#000" if PUZZLE[k] != "." else "#1f4e9c")
    root = ET.fromstring(svg)
    widths = [line.get("stroke-width") for line in root.iter(f"{SVG}line")]
    assert widths.count("2.5") == 8  # 4 horizontal and 4 vertical box borders
    # The puzzle alone: only its givens.
    alone = _texts(sudoku.to_svg(PUZZLE))
    assert len(alone) == sum(ch != "." for ch in PUZZLE)


def test_svg_jigsaw_and_variants() -> None:
    region_map = ["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"]
    puzzle = "..3.5..........2..1......"
    svg = sudoku.to_svg(
        puzzle, sudoku.solve(puzzle, regions=region_map), regions=region_map, cell=20
    )
    root = ET.fromstring(svg)
    thick = [
        (
            float(line.get("x1", 0)),
            float(line.get("y1", 0)),
            float(line.get("x2", 0)),
            float(line.get("y2", 0)),
        )
        for line in root.iter(f"{SVG}line")
        if line.get("stroke-width") == "2.5"
    ]
    # One thick segment per pair of side-by-side cells in different regions, plus 4 sides.
    cells = "".join(region_map)
    borders = sum(
        cells[r * 5 + c] != cells[r * 5 + c + 1] for r in range(5) for c in range(4)
    ) + sum(
        cells[r * 5 + c] != cells[r * 5 + c + 5] for r in range(4) for c in range(5)
    )
    assert len(thick) == borders + 4
    x_svg = sudoku.to_svg("." * 81, variant="x+windoku")
    shaded = [
        r for r in ET.fromstring(x_svg).iter(f"{SVG}rect") if r.get("fill") == "#e8eef8"
    ]
    # 17 diagonal cells, 36 window cells; each window holds 3 diagonal cells.
    assert len(shaded) == 17 + 36 - 4 * 3
    with pytest.raises(sudoku.SolutionError, match="row 1, column 1 holds '2'"):
        sudoku.to_svg("1" + "." * 15, "2" + "." * 15)


# -- draw_grid: the one renderer, its marks and overlays ---------------------------


def _tag(node: ET.Element) -> str:
    return node.tag.removeprefix(SVG)


def test_to_svg_is_draw_grid_with_the_givens_told_apart() -> None:
    solution = sudoku.solve(PUZZLE)
    drawn = Grid.parse(solution)
    givens = [divmod(k, 9) for k, ch in enumerate(PUZZLE) if ch != "."]
    assert sudoku.to_svg(PUZZLE, solution) == draw_grid(
        drawn, title="A solved sudoku", givens=givens
    )
    # Ints are written 1-9 then letters, as format_grid writes them.
    ints = [[0] * 16 for _ in range(16)]
    ints[0][0] = 16
    assert ">G</text>" in sudoku.to_svg(ints)
    assert ">16</text>" in draw_grid(Grid.parse(ints), title="ints")


def test_draw_grid_marks() -> None:
    grid = Grid.parse("12..............")
    left = [() if v else (1, 2, 3, 4) for v in grid.values]
    svg = draw_grid(
        grid,
        title="a <step> & more",
        cell=40,
        givens=[(0, 0)],
        candidates=left,
        highlighted=[(1, 0), (0, 2)],
        placements=[(0, 2, 3)],
        eliminations=[(0, 3, 3), (1, 0, 4)],
    )
    root = ET.fromstring(svg)
    assert root.findtext(f"{SVG}title") == "a <step> & more"
    assert root.get("viewBox") == "-3 -3 166 166"
    fills = {
        (int(r.get("y", "")) // 40, int(r.get("x", "")) // 40): r.get("fill")
        for r in root.iter(f"{SVG}rect")
        if r.get("width") == "40"
    }
    # A placement's cell is green over the yellow of a cell it rests on.
    assert fills == {(1, 0): RESTING, (0, 2): PLACED}
    texts = [
        (int(float(t.get("y", "")) // 40), int(float(t.get("x", "")) // 40), t)
        for t in root.iter(f"{SVG}text")
    ]
    digits = {
        (r, c): (t.text, t.get("fill"), t.get("font-weight"))
        for r, c, t in texts
        if t.get("font-size") is None
    }
    assert digits == {(0, 0): ("1", GIVEN, "bold"), (0, 1): ("2", FILLED, "normal")}
    small = {
        (r, c, t.text): (t.get("fill"), t.get("font-weight"))
        for r, c, t in texts
        if t.get("font-size") is not None
    }
    assert len(small) == 14 * 4
    assert small[0, 2, "3"] == (FILLED, "bold")
    assert small[0, 3, "3"] == small[1, 0, "4"] == (REMOVED, "bold")
    assert small[0, 3, "4"] == (CANDIDATE, "normal")
    strikes = [n for n in root.iter(f"{SVG}line") if n.get("stroke") == REMOVED]
    assert len(strikes) == 2
    # Without givens, every symbol is black and of normal weight.
    plain = ET.fromstring(draw_grid(grid, title="plain"))
    assert {
        (t.get("fill"), t.get("font-weight")) for t in plain.iter(f"{SVG}text")
    } == {(GIVEN, "normal")}


def _arrow(link: Link, layout: Layout) -> ET.Element:
    svg = draw_grid(
        Grid.parse("." * layout.size**2),
        title="links",
        cell=layout.cell,
        overlays=[link],
    )
    root = ET.fromstring(svg)
    # The overlay comes last, over the grid's lines.
    group = root[-1]
    assert _tag(group) == "g" and _tag(root[-2]) == "line"
    return group


candidates9 = st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(1, 9))


@settings(max_examples=80, deadline=None)
@given(candidates9, candidates9, st.booleans(), st.sampled_from([24, 36, 48, 61]))
def test_a_link_is_an_arrow_from_candidate_to_candidate(
    start: tuple[int, int, int], end: tuple[int, int, int], strong: bool, cell: int
) -> None:
    layout = Layout(9, cell)
    if start == end:
        with pytest.raises(SudokuError, match="to itself"):
            _arrow(Link(start, end, strong), layout)
        return
    group = _arrow(Link(start, end, strong), layout)
    assert group.get("class") == ("strong-link" if strong else "weak-link")
    line, head = list(group)
    assert (_tag(line), _tag(head)) == ("line", "polygon")
    assert line.get("stroke") == head.get("fill") == LINKED
    # Strong links solid, weak ones dashed.
    assert (line.get("stroke-dasharray") is None) == strong
    (ax, ay), (zx, zy) = layout.spot(*start), layout.spot(*end)
    x1, y1, x2, y2 = (float(line.get(a, "")) for a in ("x1", "y1", "x2", "y2"))
    tip, *wings = (
        tuple(float(v) for v in point.split(","))
        for point in head.get("points", "").split()
    )
    small = layout.small
    # Short of the centres, by less than a candidate's half square.
    assert 0 < math.dist((x1, y1), (ax, ay)) <= small * 0.31
    assert 0 < math.dist(tip, (zx, zy)) <= small * 0.31
    # The line runs toward the end and stops at the middle of the head's
    # base, from which the tip points on toward the end.
    base = ((wings[0][0] + wings[1][0]) / 2, (wings[0][1] + wings[1][1]) / 2)
    assert math.dist(base, (x2, y2)) < 0.1
    length = math.dist((ax, ay), (zx, zy))
    ux, uy = (zx - ax) / length, (zy - ay) / length
    assert (x2 - x1) * ux + (y2 - y1) * uy > 0
    assert (tip[0] - x2) * ux + (tip[1] - y2) * uy > 0
    assert abs((tip[0] - x1) * uy - (tip[1] - y1) * ux) < 0.15  # on the line


def test_overlays_are_any_shape_with_an_svg_method() -> None:
    class Ring:
        def __init__(self, row: int, column: int, value: int) -> None:
            self.where = (row, column, value)

        def svg(self, layout: Layout) -> str:
            x, y = layout.spot(*self.where)
            return f'<circle cx="{x}" cy="{y}" r="{layout.small / 2}" fill="none" stroke="red"/>'

    svg = draw_grid(
        Grid.parse("." * 81),
        title="rings",
        overlays=[Ring(0, 0, 1), Link((0, 0, 1), (8, 8, 9)), Ring(8, 8, 9)],
    )
    root = ET.fromstring(svg)
    assert [_tag(n) for n in root[-3:]] == ["circle", "g", "circle"]
    # Value 9 of r9c9: the bottom right of the cell's 3x3 small squares.
    assert root[-1].get("cx") == root[-1].get("cy") == str(8 * 36 + 2.5 * 36 / 3)


def test_draw_grid_refuses_what_it_cannot_draw() -> None:
    grid = Grid.parse("1...............")
    left = [() if v else (2, 3) for v in grid.values]
    with pytest.raises(
        SudokuError, match="cell=7 is not a whole number of pixels >= 8"
    ):
        draw_grid(grid, title="t", cell=7)
    with pytest.raises(SudokuError, match="candidates for 15 cells: a 4x4 grid has 16"):
        draw_grid(grid, title="t", candidates=left[1:])
    with pytest.raises(
        SudokuError, match=r"elimination \(0, 1, 4\) is not among the candidates drawn"
    ):
        draw_grid(grid, title="t", candidates=left, eliminations=[(0, 1, 4)])
    with pytest.raises(SudokuError, match=r"elimination \(0, 0, 2\) is not among"):
        draw_grid(grid, title="t", candidates=left, eliminations=[(0, 0, 2)])
    with pytest.raises(SudokuError, match=r"elimination \(0, 1, 2\) is not among"):
        draw_grid(grid, title="t", eliminations=[(0, 1, 2)])
    with pytest.raises(
        SudokuError,
        match=r"cell \(4, 0\) is not on the 4x4 grid \(rows and columns from 0 to 3\)",
    ):
        draw_grid(grid, title="t", highlighted=[(4, 0)])
    with pytest.raises(
        SudokuError,
        match=r"placement \(0, 1, 5\) is not on the 4x4 grid \(rows and columns from 0 "
        r"to 3, values from 1 to 4\)",
    ):
        draw_grid(grid, title="t", placements=[(0, 1, 5)])
    with pytest.raises(SudokuError, match=r"candidate \(0, -1, 1\) is not on the 4x4"):
        draw_grid(grid, title="t", overlays=[Link((0, 0, 1), (0, -1, 1))])


def test_spaced_grids_back_to_back_are_read_lazily() -> None:
    four = sudoku.format_grid("1......2..4..3..", "spaced").splitlines()
    other = sudoku.format_grid("." * 15 + "1", "spaced").splitlines()
    lines = iter([*four, *other, *four, "never read"])
    puzzles = sudoku.iter_puzzles(lines)
    first = next(puzzles)
    assert first.text.splitlines() == four
    assert sudoku.Grid.parse(first.text).values[:4] == (1, 0, 0, 0)
    second = next(puzzles)
    assert sudoku.Grid.parse(second.text).values[-1] == 1
    assert (first.line, second.line) == (1, 6)
    third = next(puzzles)
    assert third.line == 11 and third.error is None
    assert next(lines) == "never read"


def test_jigsaw_text_reads_back() -> None:
    region_map = ["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"]
    puzzle = "..3.5..........2..1......"
    solved = sudoku.solve(puzzle, regions=region_map)
    text = sudoku.format_grid(solved, regions=region_map)
    assert sudoku.Grid.parse(text, boxes=False).values == tuple(
        int(ch) for ch in solved
    )
    lines = text.splitlines()
    cells = "".join(region_map)
    # A wall between two cells side by side exactly where the regions change.
    for r in range(5):
        row = lines[2 * r + 1]
        for c in range(4):
            wall = row[4 * c + 4] == "|"
            assert wall == (cells[r * 5 + c] != cells[r * 5 + c + 1])
    # ... and under a cell exactly where the region below is another.
    for r in range(4):
        rule = lines[2 * r + 2]
        for c in range(5):
            assert (rule[4 * c + 1 : 4 * c + 4] == "---") == (
                cells[r * 5 + c] != cells[r * 5 + c + 5]
            )
    # Two such drawings in a file stay two puzzles.
    batch = sudoku.read_puzzles(f"{text}\n{text}\n", size=5)
    assert [p.error for p in batch] == [None, None]
    assert [p.line for p in batch] == [2, 13]


# -- cages: outlines and clues ---------------------------------------------------

#: A side of a cell: (row, column, "top" / "bottom" / "left" / "right").
Side = tuple[int, int, str]
#: How a clue writes each spelling of an operation.
SIGNS = {
    "+": "+",
    "*": "\u00d7",
    "×": "\u00d7",
    "-": "\u2212",
    "\u2212": "\u2212",
    "/": "\u00f7",
    "÷": "\u00f7",
    "=": "",
}


def cage_sides(cells: list[tuple[int, int]], size: int) -> list[Side]:
    """The sides of the cells on a cage's border: those with no cell of the cage across."""
    inside = set(cells)
    found = []
    for r, c in cells:
        for side, across in (
            ("top", (r - 1, c)),
            ("bottom", (r + 1, c)),
            ("left", (r, c - 1)),
            ("right", (r, c + 1)),
        ):
            if across not in inside:  # outside the grid, or in no cage or another
                found.append((r, c, side))
    return sorted(found)


def drawn_sides(path: str, cell: int, size: int) -> list[Side]:
    """The cell sides that a cage's outline runs along, read from its path.

    Each closed piece (``M x,y L x,y ... Z``) is a polygon of straight
    lines, each along a line between cells, a tenth of a cell inside the
    cells on one side; it runs along the sides of the cells whose middles
    it passes.
    """
    inset = cell / 10
    found: list[Side] = []
    pieces = [piece for piece in path.split("Z") if piece.strip()]
    for piece in pieces:
        words = piece.replace("M", " ").replace("L", " ").split()
        points = [tuple(float(v) for v in word.split(",")) for word in words]
        assert len(points) >= 4 and len(points) % 2 == 0
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
            # Every corner is a tenth of a cell off the lines between cells.
            for v in (x1, y1):
                assert abs(abs(v - round(v / cell) * cell) - inset) < 0.06, piece
            if y1 == y2:  # across
                line = round(y1 / cell)
                row, side = (line, "top") if y1 > line * cell else (line - 1, "bottom")
                low, high = sorted((x1, x2))
                found += [
                    (row, c, side) for c in range(size) if low < (c + 0.5) * cell < high
                ]
            else:
                assert x1 == x2, piece
                line = round(x1 / cell)
                column, side = (
                    (line, "left") if x1 > line * cell else (line - 1, "right")
                )
                low, high = sorted((y1, y2))
                found += [
                    (r, column, side)
                    for r in range(size)
                    if low < (r + 0.5) * cell < high
                ]
    return sorted(found)


def check_cages(
    svg: str, cages: Sequence[Sequence[object]], size: int, cell: int
) -> None:
    """The picture outlines each cage along its border, and writes its clue at its first cell."""
    root = ET.fromstring(svg)
    groups = [n for n in root if _tag(n) == "g" and n.get("class") == "cage"]
    assert len(groups) == len(cages)
    # Over the grid: after its lines, one after the other.
    children = list(root)
    if groups:
        start = children.index(groups[0])
        assert children[start : start + len(groups)] == groups
        assert all(_tag(n) != "line" for n in children[start:])
    for group, cage in zip(groups, cages, strict=True):
        cells = [(int(r), int(c)) for r, c in cage[-1]]  # type: ignore[attr-defined]
        tags = [_tag(n) for n in group]
        assert tags == ["title", "path", "rect", "text"]
        title, path, backing, text = list(group)
        assert path.get("fill") == "none" and path.get("stroke") == CAGE
        assert path.get("stroke-dasharray")
        assert drawn_sides(path.get("d", ""), cell, size) == cage_sides(cells, size)
        op = "k" if len(cage) == 2 else str(cage[1])
        clue = f"{cage[0]}{SIGNS.get(op, '')}"
        assert text.text == clue and (title.text or "").startswith(str(cage[0]))
        # In the top left corner of the first cell in reading order, on
        # white, and small.
        row, column = min(cells)
        x, y = float(text.get("x", "")), float(text.get("y", ""))
        assert column * cell < x < (column + 0.25) * cell
        assert row * cell < y < (row + 0.4) * cell
        bx, by = float(backing.get("x", "")), float(backing.get("y", ""))
        width, height = (
            float(backing.get("width", "")),
            float(backing.get("height", "")),
        )
        assert backing.get("fill") == "white"
        assert bx < x < bx + width and by < y < by + height
        assert float(text.get("font-size", "")) < cell / 2
    # Each clue once in the picture (the cells' symbols are not clues).
    clue_texts = [t for t in root.iter(f"{SVG}text") if t.get("fill") == CAGE]
    assert len(clue_texts) == len(cages)


@pytest.mark.parametrize(
    ("size", "variant", "seed"),
    [
        (4, None, 0),
        (4, None, 1),
        (4, "latin", 2),
        (5, "latin", 3),
        (6, None, 4),
        (6, None, 5),
        (9, None, 6),
        (9, None, 7),
        (9, "latin", 8),
        (9, "x", 9),
    ],
)
def test_cages_are_outlined_along_their_borders_with_their_clues(
    size: int, variant: str | None, seed: int
) -> None:
    rng = random.Random(seed)
    # A random solution: the empty grid solved from a random first row.
    first = rng.sample(range(1, size + 1), size)
    rows = [first] + [[0] * size for _ in range(size - 1)]
    solved = sudoku.solve(rows, variant=variant)
    values = [v for row in solved for v in row]
    for cover in (1.0, 0.6):
        cages = make_cages(rng, size, values, cover)
        for cell in (24, 36, 61):
            svg = sudoku.to_svg(rows, solved, variant=variant, cages=cages, cell=cell)
            check_cages(svg, cages, size, cell)
        # The solution keeps every cage's rule, as the picture shows it.
        sudoku.check(rows, solved, variant=variant, cages=cages)


def test_cages_of_every_shape_are_outlined() -> None:
    # A ring round a hole, cells that touch at a corner only, pieces
    # apart (disjoint), a whole row, and cages at every edge of the grid.
    cages: list[tuple[object, ...]] = [
        (40, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]),
        (9, "+", [(1, 1)]),
        (3, [(3, 3), (4, 4)]),  # touching at a corner
        (12, "*", [(0, 8), (8, 8), (8, 0)]),  # three corners of the grid
        (45, [(5, c) for c in range(9)]),
        (7, "=", [(4, 3)]),
        (20, [(3, 4), (4, 5), (3, 5)]),  # an L round r5c6's corner
    ]
    svg = sudoku.to_svg("." * 81, cages=cages, disjoint_cages=True, cell=40)
    check_cages(svg, cages, 9, 40)
    paths = [p.get("d", "") for p in ET.fromstring(svg).iter(f"{SVG}path")]
    # The ring: an outline and its hole's; apart pieces: one each.
    assert [p.count("Z") for p in paths] == [2, 1, 2, 3, 1, 1, 1]


def test_a_picture_with_cages_is_the_picture_without_and_the_cages() -> None:
    (_, cages), *_ = example_puzzles("killer.txt")
    solved = sudoku.solve("." * 81, cages=cages)
    for solution in (None, solved):
        plain = sudoku.to_svg("." * 81, solution)
        caged = sudoku.to_svg("." * 81, solution, cages=cages)
        # Without cages=, and with none, the picture is what it was.
        assert sudoku.to_svg("." * 81, solution, cages=None) == plain
        assert plain == draw_grid(
            Grid.parse(solution or "." * 81),
            title="A solved sudoku" if solution else "A sudoku",
            givens=[],
        )
        # With them: the same picture, the cages over it, and its title.
        kept = [
            line
            for line in caged.split('\n<g class="cage">\n')[0].splitlines()
            if not line.startswith("<title>")
        ]
        assert kept == [
            line for line in plain.splitlines()[:-1] if not line.startswith("<title>")
        ]
        assert caged.endswith("</g>\n</svg>\n")
        title = ET.fromstring(caged).findtext(f"{SVG}title")
        assert title == ("A solved killer sudoku" if solution else "A killer sudoku")
        check_cages(caged, cages, 9, 36)
    (_, kenken), *_ = example_puzzles("kenken.txt")
    svg = sudoku.to_svg("." * 81, cages=kenken, variant="latin", title="Mine & yours")
    assert ET.fromstring(svg).findtext(f"{SVG}title") == "Mine & yours"
    arithmetic = sudoku.to_svg("." * 81, cages=kenken, variant="latin")
    assert "<title>A sudoku with arithmetic cages</title>" in arithmetic
    check_cages(arithmetic, kenken, 9, 36)
    # Picture draws them as to_svg does.
    shown = sudoku.Picture("." * 81, cages=kenken, variant="latin")
    assert shown.svg == arithmetic


def test_a_latin_grid_has_no_boxes() -> None:
    for size in (4, 5, 9):
        svg = sudoku.to_svg("." * size * size, variant="latin", cell=30)
        widths = [
            line.get("stroke-width") for line in ET.fromstring(svg).iter(f"{SVG}line")
        ]
        # The grid's four sides thick, every line between cells thin.
        assert widths.count("2.5") == 4
        assert widths.count("1") == 2 * (size - 1)
    with pytest.raises(SudokuError, match="has no boxes; it does not go with box="):
        sudoku.to_svg("." * 16, variant="latin", box=(2, 2))


def test_bad_cages_are_refused_as_solve_refuses_them() -> None:
    bad: list[tuple[object, str]] = [
        ([(3, [(0, 0), (0, 1)]), (9, [(0, 1), (1, 1)])], r"cages\[1\] \(at r1c2\)"),
        (
            [(3, [(0, 0), (1, 1)])],
            r"cages\[0\] \(at r1c1\): its cells are not connected",
        ),
        ([(3, [(0, 0), (0, 4)])], r"cages\[0\] \(at r1c1\): cell \(0, 4\) is outside"),
        ([(5, [(0, 0)]), (3, "^", [(2, 2)])], r"cages\[1\]: unknown operation '\^'"),
        ([(3, "-", [(3, 3)])], r"cages\[0\] \(at r4c4\): '-' takes two cells, not 1"),
        ("15 on r1c1", "is not a list of cages"),
    ]
    for cages, message in bad:
        with pytest.raises(CageError, match=message) as drawn:
            sudoku.to_svg("." * 16, cages=cages)  # type: ignore[arg-type]
        with pytest.raises(CageError) as solving:
            sudoku.solve("." * 16, cages=cages)  # type: ignore[call-overload]
        assert str(drawn.value) == str(solving.value)
        assert drawn.value.index == solving.value.index
    with pytest.raises(SudokuError, match=r"^disjoint_cages=True needs cages=$"):
        sudoku.to_svg("." * 16, disjoint_cages=True)
    with pytest.raises(SudokuError, match=r"^disjoint_cages=True needs cages=$"):
        sudoku.Picture("." * 16, disjoint_cages=True)
    # A cage's cells apart are drawn with disjoint_cages=True.
    apart = [(3, [(0, 0), (1, 1)])]
    check_cages(sudoku.to_svg("." * 16, cages=apart, disjoint_cages=True), apart, 4, 36)
    # An overlay's cages must be of the grid drawn.
    nine = read_cages([(3, [(0, 0), (0, 1)])], 9)
    with pytest.raises(
        CageError,
        match=r"cages\[0\] \(at r1c1\) is a cage of a 9x9 grid, not of the 4x4 grid",
    ):
        draw_grid(Grid.parse("." * 16), title="t", overlays=[CageOutlines(nine)])


def test_cage_outlines_go_over_a_steps_candidates() -> None:
    grid = Grid.parse("1......2..4..3..")
    left = [() if v else (1, 2, 3, 4) for v in grid.values]
    cages = [(7, [(0, 1), (0, 2)]), (6, "*", [(1, 0), (2, 0), (2, 1)])]
    read = read_cages(cages, 4)
    svg = draw_grid(
        grid,
        title="with cages",
        cell=48,
        candidates=left,
        overlays=[CageOutlines(read), Link((0, 1, 2), (0, 2, 2))],
    )
    root = ET.fromstring(svg)
    assert [_tag(n) for n in root[-3:]] == ["g", "g", "g"]
    assert root[-1].get("class") == "strong-link"
    check_cages(svg, cages, 4, 48)


@pytest.mark.parametrize("cell", [36, 48, 61])
def test_candidates_make_room_for_cage_clues_and_outlines(cell: int) -> None:
    # Every cell a cage's first: each has a clue in its corner and an
    # outline all round; no candidate may sit under either.
    size = 9
    cages = [(5, [divmod(k, size)]) for k in range(size * size)]
    read = read_cages(cages, size)
    left = [tuple(range(1, 10))] * (size * size)
    svg = draw_grid(
        Grid.parse("." * 81),
        title="cages over candidates",
        cell=cell,
        candidates=left,
        overlays=[CageOutlines(read)],
    )
    root = ET.fromstring(svg)
    small = Layout(size, cell, clues=True).small
    clues = [
        tuple(float(rect.get(a, "")) for a in ("x", "y", "width", "height"))
        for group in root
        if group.get("class") == "cage"
        for rect in group
        if _tag(rect) == "rect"
    ]
    assert len(clues) == size * size
    drawn = 0
    for text in root:
        if _tag(text) != "text" or text.get("font-size") != f"{small * 0.8:.0f}":
            continue
        drawn += 1
        x, y = float(text.get("x", "")), float(text.get("y", ""))
        font = float(text.get("font-size", ""))
        half = font * 0.3  # half a digit's width, about
        top, bottom = y - font * 0.75, y  # a digit's height, about 0.72 em
        row, column = int(top // cell), int(x // cell)
        inset = cell / 10
        # Inside the dashed outline ...
        assert column * cell + inset < x - half / 2
        assert x + half / 2 < (column + 1) * cell - inset
        assert bottom < (row + 1) * cell - inset
        # ... and clear of the clue's backing.
        cx, cy, width, height = clues[row * size + column]
        assert top >= cy + height or x - half / 2 >= cx + width
    assert drawn == 81 * 9
    # Without cages the candidates fill the cell, as before.
    plain = Layout(size, cell)
    assert plain.spot(0, 0, 1) == (cell / 6, cell / 6)


def test_a_drawing_of_a_size_without_boxes_is_refused_by_name() -> None:
    # A 5x5 jigsaw drawn by --pretty: 21-character rule lines once read as
    # rows of a 21x21 grid, every drawn row skipped.
    regions = ["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"]
    solution = sudoku.solve("..3.5\n.....\n.....\n2..1.\n.....", regions=regions)
    assert solution is not None
    drawn = format_grid(solution, regions=regions)
    with pytest.raises(
        sudoku.InputFormatError,
        match=r"^line 2: the lines show 5x5 grids drawn cell by cell, but a 5x5 "
        r"grid has no box shape: a jigsaw\? give its region map \(regions=\)",
    ):
        sudoku.read_puzzles(drawn)
    (puzzle,) = sudoku.read_puzzles(drawn, boxes=False)
    assert sudoku.count(puzzle.text, regions=regions) == 1
