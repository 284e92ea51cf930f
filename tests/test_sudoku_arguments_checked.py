"""Arguments of the sudoku API checked up front, in the API's own words.

The low-level public names (regions_of, encode, units_of) refuse bad
input with a SudokuError naming the parameter, never a bare
AssertionError, IndexError or AttributeError; a solution of another
size is reported as such; an alphabet may not use a blank character;
flags are True or False; box= does not go with regions=; and a flat
list of cells is a grid, as a flat array is.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import sudoku
from sudoku import (
    AlphabetError,
    BoxShapeError,
    Grid,
    GridSizeError,
    RegionError,
    SudokuError,
    SymbolError,
)

PUZZLE4 = ".....1.24.3....."
JIGSAW4 = "AAABABBBCCCDCDDD"
CLUES4 = "1......2..4..3.."


# -- regions_of ----------------------------------------------------------------


@pytest.mark.parametrize("size", [0, -4, True, "4", 4.0, None])
def test_regions_of_refuses_a_size_that_is_no_grid_size(size: Any) -> None:
    with pytest.raises(GridSizeError, match=r"size=.* is not a grid size"):
        sudoku.regions_of(size, (2, 2))


@pytest.mark.parametrize(
    ("size", "box"), [(4, (3, 3)), (4, (2, 3)), (12, (2, 4)), (9, (3, 2))]
)
def test_regions_of_refuses_boxes_that_do_not_tile_the_grid(
    size: int, box: tuple[int, int]
) -> None:
    with pytest.raises(BoxShapeError, match=rf"box={re.escape(str(box))}.*be {size}"):
        sudoku.regions_of(size, box)


@pytest.mark.parametrize("box", ["2x2", (2,), (2, 0), (2.0, 2.0)])
def test_regions_of_refuses_a_box_that_is_no_pair_of_positive_ints(box: Any) -> None:
    with pytest.raises(BoxShapeError, match="box="):
        sudoku.regions_of(4, box)


@pytest.mark.parametrize("size", [1, 4, 6, 9, 12])
def test_regions_of_without_a_box_takes_the_sizes_own_shape(size: int) -> None:
    default = sudoku.regions_of(size, None)
    shaped = sudoku.regions_of(size, sudoku.box_shape(size))
    assert default.box == sudoku.box_shape(size)
    assert default.units == shaped.units
    assert all(len(unit) == size for unit in default.units)


def test_regions_of_without_a_box_for_a_size_without_shape_says_pass_box() -> None:
    with pytest.raises(BoxShapeError, match=r"5x5 grid has no box shape; pass box="):
        sudoku.regions_of(5, None)
    # Neither latin squares nor jigsaw maps need a box.
    assert len(sudoku.regions_of(5, None, "latin").units) == 10
    labels = sudoku.read_region_map(["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"], 5)
    assert len(sudoku.regions_of(5, None, None, labels).units) == 15


# -- encode and units_of --------------------------------------------------------


@pytest.mark.parametrize("grid", ["." * 16, [[0] * 4] * 4, None])
def test_encode_names_the_parsed_grid_it_needs(grid: Any) -> None:
    with pytest.raises(SudokuError, match=r"grid= is .*, not a sudoku\.Grid"):
        sudoku.encode(grid)


def test_encode_names_the_cages_it_needs() -> None:
    grid = Grid.parse("." * 16)
    with pytest.raises(SudokuError, match=r"cages\[0\] is a tuple, not a sudoku"):
        sudoku.encode(grid, cages=[(3, [(0, 0), (0, 1)])])  # type: ignore[list-item]
    with pytest.raises(SudokuError, match=r"cages= is a str"):
        sudoku.encode(grid, cages="3 r1c1 r1c2")  # type: ignore[arg-type]
    from sudoku.cages import read_cages

    read = read_cages([(3, [(0, 0), (0, 1)])], 4)
    # The form it names works, and agrees with solve()'s reading of the cages.
    problem = sudoku.encode(grid, cages=read).problem
    assert problem.count() == sudoku.count("." * 16, cages=[(3, [(0, 0), (0, 1)])])


def test_encode_names_the_units_it_needs() -> None:
    with pytest.raises(SudokuError, match=r"units= is a str, not a sudoku\.Regions"):
        sudoku.encode(Grid.parse("." * 16), units="x")  # type: ignore[arg-type]


def test_units_of_names_the_parsed_grid_it_needs() -> None:
    with pytest.raises(SudokuError, match=r"grid= is a str, not a sudoku\.Grid"):
        sudoku.units_of("." * 16, "x")  # type: ignore[arg-type]
    units = sudoku.units_of(Grid.parse("." * 16), "x")
    assert units is not None and "diagonal" in units.kinds


# -- a solution of another size --------------------------------------------------


@pytest.mark.parametrize("solution", ["1" * 9, "1" * 36, "1" * 81, ["123"] * 3])
def test_check_names_the_sizes_before_a_box_shape(solution: Any) -> None:
    found = 3 if isinstance(solution, list) else int(len(solution) ** 0.5)
    with pytest.raises(
        GridSizeError, match=rf"the solution is {found}x{found} but the puzzle is 4x4"
    ):
        sudoku.check(PUZZLE4, solution)


@pytest.mark.parametrize("solution", ["1" * 9, "1" * 36, "1" * 81])
def test_to_svg_names_the_sizes_before_the_puzzles_box(solution: str) -> None:
    # It blamed box=(2, 2), the puzzle's shape, for a solution of another size.
    found = int(len(solution) ** 0.5)
    with pytest.raises(
        GridSizeError, match=rf"the solution is {found}x{found} but the puzzle is 4x4"
    ):
        sudoku.to_svg(PUZZLE4, solution)


@pytest.mark.parametrize("solution", ["1" * 9, "1" * 36, "1" * 81])
def test_read_solution_names_the_sizes_before_the_puzzles_box(solution: str) -> None:
    from sudoku.solver import read_solution

    found = int(len(solution) ** 0.5)
    with pytest.raises(
        GridSizeError, match=rf"the solution is {found}x{found} but the puzzle is 4x4"
    ):
        read_solution(solution, Grid.parse(PUZZLE4))


def test_read_solution_reads_a_solution_in_the_puzzles_shape_and_alphabet() -> None:
    from sudoku.solver import read_solution

    puzzle = Grid.parse(CLUES4)
    answer = sudoku.solve(CLUES4)
    read = read_solution(answer, puzzle)
    assert read.values == Grid.parse(answer).values
    assert (read.box, read.alphabet) == (puzzle.box, puzzle.alphabet)
    # A grid that is no grid of any size keeps its own error.
    with pytest.raises(GridSizeError, match="15 cells given"):
        read_solution("1" * 15, puzzle)


# -- alphabets -------------------------------------------------------------------


@pytest.mark.parametrize("alphabet", ["12.4", "-234", "123_"])
def test_an_alphabet_with_a_blank_character_is_refused_up_front(alphabet: str) -> None:
    blank = next(ch for ch in alphabet if ch in ".-_")
    with pytest.raises(
        AlphabetError, match=rf"alphabet '{alphabet}' contains '{blank}', the blank"
    ):
        sudoku.solve("." * 16, alphabet=alphabet)
    with pytest.raises(AlphabetError, match=rf"contains '{blank}', the blank"):
        sudoku.generate(box=(2, 2), seed=1, alphabet=alphabet)


def test_zero_may_still_be_a_symbol() -> None:
    answer = sudoku.solve("." * 16, alphabet="0123")
    assert sorted(answer[:4]) == list("0123")


# -- flags -----------------------------------------------------------------------


@pytest.mark.parametrize("value", ["no", 0.0, 1, None])
def test_disjoint_cages_must_be_true_or_false(value: Any) -> None:
    cages = [(3, [(0, 0), (0, 1)])]
    for call in (
        lambda: sudoku.solve(PUZZLE4, disjoint_cages=value),
        lambda: sudoku.count(PUZZLE4, cages=cages, disjoint_cages=value),
        lambda: sudoku.check(PUZZLE4, sudoku.solve(PUZZLE4), disjoint_cages=value),
    ):
        with pytest.raises(
            SudokuError, match=r"disjoint_cages=.* is not True or False"
        ):
            call()


@pytest.mark.parametrize("value", ["no", 0, 1.0, None])
def test_unique_must_be_true_or_false(value: Any) -> None:
    with pytest.raises(SudokuError, match=r"unique=.* is not True or False"):
        sudoku.solve(PUZZLE4, unique=value)


def test_true_and_false_flags_still_work() -> None:
    answer = sudoku.solve(CLUES4, unique=True, disjoint_cages=False)
    sudoku.check(CLUES4, answer)
    with pytest.raises(sudoku.MultipleSolutionsError):
        sudoku.solve("." * 16, unique=True)


# -- box= with regions= ----------------------------------------------------------


@pytest.mark.parametrize("box", [(1, 4), (2, 2), (4, 1)])
def test_box_does_not_go_with_regions(box: tuple[int, int]) -> None:
    message = rf"regions= replaces the boxes.*box={re.escape(str(box))}"
    for call in (
        lambda: sudoku.count("." * 16, regions=JIGSAW4, box=box),
        lambda: sudoku.solve("." * 16, regions=JIGSAW4, box=box),
        lambda: sudoku.is_unique("." * 16, regions=JIGSAW4, box=box),
        lambda: sudoku.check(
            "." * 16, sudoku.solve("." * 16, regions=JIGSAW4), regions=JIGSAW4, box=box
        ),
    ):
        with pytest.raises(RegionError, match=message):
            call()


# -- flat lists of cells ---------------------------------------------------------


def _flat(rows: list[list[Any]]) -> list[Any]:
    return [cell for row in rows for cell in row]


@pytest.mark.parametrize("text", ["." * 16, CLUES4, PUZZLE4, "." * 36])
def test_a_flat_list_of_ints_is_solved_as_its_rows_are(text: str) -> None:
    rows = Grid.parse(text).values
    size = int(len(rows) ** 0.5)
    as_rows = [list(rows[r : r + size]) for r in range(0, size * size, size)]
    flat = list(rows)
    assert sudoku.solve(flat) == _flat(sudoku.solve(as_rows))
    assert sudoku.count(flat, limit=50) == sudoku.count(as_rows, limit=50)
    sudoku.check(flat, sudoku.solve(flat))


def test_a_flat_list_of_characters_is_solved_as_its_string_is() -> None:
    assert sudoku.solve(list(CLUES4)) == list(sudoku.solve(CLUES4))
    assert sudoku.is_unique(list(CLUES4))


def test_a_flat_list_keeps_its_blanks_and_form() -> None:
    cells: list[int | None] = [None] * 16
    cells[0] = 1
    grid = Grid.parse(cells)
    assert grid.values == (1,) + (0,) * 15
    assert grid.render() == cells
    assert Grid.parse([0] * 16).render() == [0] * 16


def test_a_flat_array_and_a_flat_list_agree() -> None:
    np = pytest.importorskip("numpy")
    values = list(Grid.parse(PUZZLE4).values)
    assert sudoku.solve(np.array(values)).tolist() == sudoku.solve(values)


def test_a_bad_flat_list_is_refused_by_its_cell() -> None:
    with pytest.raises(GridSizeError, match="15 cells given: not a square number"):
        sudoku.solve([0] * 15)
    with pytest.raises(SymbolError, match="bad value 7 at row 4, column 4"):
        sudoku.solve([0] * 15 + [7])
    with pytest.raises(SymbolError, match="bad value 'x' at row 2, column 1"):
        sudoku.solve([0] * 4 + ["x"] + [0] * 11)  # type: ignore[arg-type]


def test_numpy_sizes_and_flags_are_still_taken() -> None:
    # The new checks first refused them (they were taken before).
    np = pytest.importorskip("numpy")
    assert sudoku.regions_of(np.int64(4), (2, 2)) == sudoku.regions_of(4, (2, 2))
    assert sudoku.solve(PUZZLE4, unique=np.bool_(True)) == sudoku.solve(PUZZLE4)
    with pytest.raises(GridSizeError, match="size=True is not a grid size"):
        sudoku.regions_of(True, (1, 1))
