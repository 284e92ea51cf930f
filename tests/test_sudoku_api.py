"""The sudoku API: representations, alphabets, box shapes, counting, errors."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sudoku_helpers import HARD9, NO_SOLUTION9, assert_solves, cells_of

import dlx
import sudoku
from dlx import BudgetExceeded
from sudoku import (
    AlphabetError,
    BoxShapeError,
    ConflictError,
    Grid,
    GridSizeError,
    MultipleSolutionsError,
    NoSolutionError,
    SolutionError,
    SudokuError,
    SymbolError,
    check,
    count,
    encode,
    is_unique,
    solutions,
    solve,
)

# A 9x9 puzzle with one solution (the Wikipedia example).
PUZZLE9 = (
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
)
SOLUTION9 = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

DIGITS16 = "123456789ABCDEFG"
LETTERS16 = "ABCDEFGHIJKLMNOP"
HEX16 = "0123456789ABCDEF"
DIGITS25 = "123456789ABCDEFGHIJKLMNOP"
LETTERS25 = "ABCDEFGHIJKLMNOPQRSTUVWXY"


def translate(text: str, source: str, target: str) -> str:
    """Rewrite the symbols of ``text`` from one alphabet to another."""
    return text.translate(str.maketrans(source, target))


def blanked(solution: str, fraction: float, seed: int, blank: str = ".") -> str:
    """``solution`` with a random ``fraction`` of its cells blanked."""
    rng = random.Random(seed)
    cells = list(solution)
    for k in rng.sample(range(len(cells)), int(len(cells) * fraction)):
        cells[k] = blank
    return "".join(cells)


@pytest.fixture(scope="module")
def solved16() -> str:
    """A solved 16x16 grid in the 1-9A-G alphabet (checked independently)."""
    grid = solve("." * 256, alphabet=DIGITS16)
    assert_solves("." * 256, grid, (4, 4), symbols=DIGITS16)
    return grid


@pytest.fixture(scope="module")
def solved25() -> str:
    """A solved 25x25 grid in the 1-9A-P alphabet (checked independently)."""
    grid = solve("." * 625, alphabet=DIGITS25)
    assert_solves("." * 625, grid, (5, 5), symbols=DIGITS25)
    return grid


# -- solving, and the representations ---------------------------------------


def test_solves_a_9x9_string() -> None:
    answer = solve(PUZZLE9)
    assert answer == SOLUTION9
    assert_solves(PUZZLE9, answer, (3, 3), symbols="123456789")


def test_solves_a_hard_9x9_with_unique() -> None:
    answer = solve(HARD9, unique=True)
    assert_solves(HARD9, answer, (3, 3), symbols="123456789")


def rows_of(text: str, size: int) -> list[str]:
    return [text[k : k + size] for k in range(0, size * size, size)]


def test_multi_line_string_keeps_its_layout() -> None:
    text = "\n".join(rows_of(PUZZLE9, 9)) + "\n"
    answer = solve(text)
    assert answer == "\n".join(rows_of(SOLUTION9, 9)) + "\n"
    indented = "\n    " + "\n    ".join(rows_of(PUZZLE9, 9)) + "\n  "
    assert solve(indented) == answer
    assert solve(text.rstrip("\n")) == answer.rstrip("\n")


def test_list_of_strings() -> None:
    answer = solve(rows_of(PUZZLE9, 9))
    assert answer == rows_of(SOLUTION9, 9)
    assert solve(tuple(rows_of(PUZZLE9, 9))) == answer


def test_list_of_lists_of_characters() -> None:
    puzzle = [list(row) for row in rows_of(PUZZLE9, 9)]
    answer = solve(puzzle)
    assert answer == [list(row) for row in rows_of(SOLUTION9, 9)]


@pytest.mark.parametrize("blank", [0, None])
def test_list_of_lists_of_ints(blank: int | None) -> None:
    puzzle = [
        [int(ch) if ch != "." else blank for ch in row] for row in rows_of(PUZZLE9, 9)
    ]
    answer = solve(puzzle)
    assert answer == [[int(ch) for ch in row] for row in rows_of(SOLUTION9, 9)]
    assert all(type(cell) is int for row in answer for cell in row)


def test_ints_blanks_come_back_as_given() -> None:
    with_none = Grid.parse([[1, None, None, None]] + [[None] * 4] * 3)
    assert with_none.render()[1] == [None, None, None, None]
    with_zero = Grid.parse([[1, 0, 0, 0]] + [[0] * 4] * 3)
    assert with_zero.render()[1] == [0, 0, 0, 0]


@pytest.mark.parametrize("blank", [".", "-", "_", "0"])
def test_every_blank_character(blank: str) -> None:
    assert solve(PUZZLE9.replace(".", blank)) == SOLUTION9


# -- alphabets ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("alphabet", "blank"),
    [
        (DIGITS16, "."),
        (DIGITS16, "0"),
        (LETTERS16, "-"),
        (LETTERS16, "."),
        (HEX16, "."),
        (HEX16, "-"),
        (HEX16.lower(), "."),
        (LETTERS16.lower(), "-"),
    ],
)
def test_16x16_alphabets_are_detected_and_kept(
    solved16: str, alphabet: str, blank: str
) -> None:
    puzzle = translate(blanked(solved16, 0.6, seed=1, blank=blank), DIGITS16, alphabet)
    grid = Grid.parse(puzzle)
    assert grid.alphabet == alphabet
    answer = solve(puzzle)
    assert_solves(puzzle, answer, (4, 4), blanks=frozenset(blank), symbols=alphabet)
    # The same answer as in the other alphabets.
    assert translate(answer, alphabet, DIGITS16) == solve(
        translate(puzzle, alphabet, DIGITS16).replace(blank, ".")
    )


@pytest.mark.parametrize("alphabet", [DIGITS25, LETTERS25])
def test_25x25_alphabets(solved25: str, alphabet: str) -> None:
    puzzle = translate(blanked(solved25, 0.45, seed=2), DIGITS25, alphabet)
    assert Grid.parse(puzzle).alphabet == alphabet
    answer = solve(puzzle)
    assert_solves(puzzle, answer, (5, 5), symbols=alphabet)


def test_empty_25x25_grid() -> None:
    answer = solve("." * 625)
    assert_solves("." * 625, answer, (5, 5), symbols=LETTERS25)


def test_empty_grids_of_the_common_sizes() -> None:
    assert Grid.parse("." * 81).alphabet == "123456789"
    assert Grid.parse("-" * 256).alphabet == LETTERS16
    assert Grid.parse("." * 16).alphabet == "1234"


def test_explicit_alphabet_wins() -> None:
    puzzle = translate(PUZZLE9, "123456789", "ABCDEFGHI")
    assert Grid.parse(puzzle).alphabet == "ABCDEFGHI"
    emoji = "★☆♠♣♥♦♪♫☼"
    odd = translate(PUZZLE9, "123456789", emoji)
    answer = solve(odd, alphabet=emoji)
    assert answer == translate(SOLUTION9, "123456789", emoji)
    # With "0" in the alphabet, 0 is a symbol, not a blank.
    zero_based = translate(PUZZLE9, "123456789", "012345678")
    assert solve(zero_based, alphabet="012345678") == translate(
        SOLUTION9, "123456789", "012345678"
    )


def test_hex_needs_few_zeros(solved16: str) -> None:
    # Many zeros mean blanks (a symbol appears at most 16 times).
    puzzle = blanked(solved16, 0.7, seed=3, blank="0")
    assert Grid.parse(puzzle).alphabet == DIGITS16


# -- box shapes ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "box", "expected"),
    [(4, None, (2, 2)), (6, None, (2, 3)), (8, None, (2, 4)), (10, None, (2, 5)),
     (12, None, (3, 4)), (6, (3, 2), (3, 2)), (8, (4, 2), (4, 2)), (1, None, (1, 1))],
)  # fmt: skip
def test_rectangular_boxes(
    size: int, box: tuple[int, int] | None, expected: tuple[int, int]
) -> None:
    empty = "." * (size * size)
    grid = Grid.parse(empty, box=box)
    assert grid.box == expected
    answer = solve(empty, box=box)
    assert_solves(empty, answer, expected)
    # Blank half of the solution and solve it back.
    puzzle = blanked(answer, 0.5, seed=size)
    assert_solves(puzzle, solve(puzzle, box=box), expected)


def test_6x6_counts_depend_on_the_box() -> None:
    # Both shapes are valid sudoku rules; a 2x3 answer need not be a 3x2 one.
    answer = solve("." * 36, box=(2, 3))
    assert_solves("." * 36, answer, (2, 3))
    assert count("." * 36, box=(3, 2), limit=10) == 10


# -- counting -------------------------------------------------------------------


def test_empty_4x4_has_288_solutions() -> None:
    assert count("." * 16) == 288
    assert count([[0] * 4 for _ in range(4)]) == 288
    assert count("." * 16, limit=100) == 100
    every = list(solutions("." * 16))
    assert len(every) == 288 == len(set(every))
    for answer in every:
        assert_solves("." * 16, answer, (2, 2))


def test_solutions_is_lazy_and_checks_eagerly() -> None:
    iterator = solutions("." * 81)
    first = next(iterator)
    assert_solves("." * 81, first, (3, 3))
    with pytest.raises(GridSizeError):
        solutions("." * 80)  # raised at the call, not at next()


def test_solutions_of_a_puzzle_with_two() -> None:
    puzzle = [".2..", "....", ".14.", ".3.1"]
    found = list(solutions(puzzle))
    assert len(found) == 2 and found[0] != found[1]
    for answer in found:
        assert_solves(puzzle, answer, (2, 2))
    assert list(solutions(puzzle, limit=1)) == found[:1]


def test_is_unique() -> None:
    assert is_unique(PUZZLE9)
    assert not is_unique("." * 81)
    assert not is_unique(NO_SOLUTION9)
    assert count(NO_SOLUTION9) == 0


def test_unique_true_raises_for_several() -> None:
    with pytest.raises(MultipleSolutionsError, match="more than one solution"):
        solve("." * 81, unique=True)
    assert solve(PUZZLE9, unique=True) == SOLUTION9


def test_propagation_changes_no_count() -> None:
    rng = random.Random(11)
    solved = solve("." * 81)
    for trial in range(30):
        puzzle = blanked(solved, rng.choice([0.6, 0.7, 0.8]), seed=trial)
        grid = Grid.parse(puzzle)
        with_singles = encode(grid).problem.count(limit=50)
        without = encode(grid, propagate=False).problem.count(limit=50)
        assert with_singles == without


def test_budget_is_passed_on() -> None:
    with pytest.raises(BudgetExceeded):
        count("." * 81, max_nodes=10)
    with pytest.raises(BudgetExceeded):
        solve(HARD9, max_nodes=5)


# -- the encoding -------------------------------------------------------------


def test_givens_get_no_items_and_excluded_candidates_no_options() -> None:
    grid = Grid.parse(PUZZLE9)
    problem = encode(grid, propagate=False).problem
    blanks = PUZZLE9.count(".")
    # One item per open cell, and one per (unit, missing symbol): 4 per blank.
    assert len(problem.primary) == 4 * blanks
    # Fewer options than the N = 9 candidates of every blank.
    assert len(problem) < 9 * blanks
    for option in range(len(problem)):
        assert len(problem.option(option)) == 4


def test_easy_puzzles_need_no_search() -> None:
    assert len(encode(Grid.parse(PUZZLE9)).problem) == 0


# -- hypothesis: blank random cells of a solved grid, solve it back --------------


SOLVED = {
    (2, 2): solve("." * 16),
    (2, 3): solve("." * 36),
    (3, 3): SOLUTION9,
}


@settings(max_examples=60, deadline=None)
@given(
    box=st.sampled_from(sorted(SOLVED)),
    data=st.data(),
)
def test_blank_and_solve_back(box: tuple[int, int], data: st.DataObject) -> None:
    solved = SOLVED[box]
    size = box[0] * box[1]
    symbols = "123456789"[:size]
    relabel = data.draw(st.permutations(symbols), label="relabel")
    solved = translate(solved, symbols, "".join(relabel))
    holes = data.draw(
        st.sets(st.integers(0, size * size - 1), max_size=size * size), label="holes"
    )
    puzzle = "".join("." if k in holes else ch for k, ch in enumerate(solved))
    answer = solve(puzzle, box=box)
    assert_solves(puzzle, answer, box, symbols=symbols)
    assert count(puzzle, box=box, limit=1) == 1
    if len(holes) < 4:
        # Two solutions differ in at least four cells, so the grid is unique.
        assert answer == solved


# -- errors -----------------------------------------------------------------------


def test_every_error_is_a_sudoku_error_and_a_value_error() -> None:
    for error in (
        AlphabetError,
        BoxShapeError,
        ConflictError,
        GridSizeError,
        MultipleSolutionsError,
        NoSolutionError,
        SolutionError,
        SymbolError,
        sudoku.InputFormatError,
    ):
        assert issubclass(error, SudokuError)
    assert issubclass(SudokuError, ValueError)


@pytest.mark.parametrize(
    ("grid", "given", "expected", "words"),
    [
        ("1" * 80, 80, None, "80 cells given: not a square number"),
        ("", 0, None, "no cells given"),
        ("\n".join(["123456789"] * 8 + ["12345678"]), 8, 9, "row 9 has 8 cells"),
        (["1234", "123", "1234", "1234"], 3, 4, "row 2 has 3 cells"),
        ([[1, 2, 3, 4]] * 3 + [[1, 2, 3]], 3, 4, "row 4 has 3 cells"),
    ],
)
def test_grid_size_errors(
    grid: str, given: int, expected: int | None, words: str
) -> None:
    with pytest.raises(GridSizeError, match=words) as caught:
        solve(grid)
    assert caught.value.given == given
    assert caught.value.expected == expected


def test_size_error_names_the_expected_count_when_known() -> None:
    with pytest.raises(GridSizeError, match="80 cells given; a 9x9 grid") as caught:
        solve("." * 80, alphabet="123456789")
    assert caught.value.expected == 81


def test_symbol_error_names_character_row_and_column() -> None:
    bad = PUZZLE9[:30] + "x" + PUZZLE9[31:]
    with pytest.raises(SymbolError, match=r"'x' at row 4, column 4") as caught:
        solve(bad)
    assert (caught.value.symbol, caught.value.row, caught.value.column) == ("x", 4, 4)
    with pytest.raises(SymbolError, match=r"bad value 10 at row 1, column 2"):
        solve([[1, 10, 0, 0]] + [[0] * 4] * 3)
    with pytest.raises(SymbolError, match=r"'ab' at row 1, column 1"):
        solve([["ab", ".", ".", "."]] + [["."] * 4] * 3)


def test_a_letter_outside_the_detected_alphabet() -> None:
    # "1"-"9" and "Z" in a 16x16 grid: Z is beyond G.
    puzzle = "123456789Z" + "." * 246
    with pytest.raises(SymbolError, match=r"'Z' at row 1, column 10"):
        solve(puzzle)


@pytest.mark.parametrize(
    ("cells", "unit", "first", "second"),
    [
        ({0: "5", 7: "5"}, "row", (1, 1), (1, 8)),
        ({2: "3", 74: "3"}, "column", (1, 3), (9, 3)),
        ({30: "7", 50: "7"}, "box", (4, 4), (6, 6)),
    ],
)
def test_conflicting_givens(
    cells: dict[int, str], unit: str, first: tuple[int, int], second: tuple[int, int]
) -> None:
    puzzle = "".join(cells.get(k, ".") for k in range(81))
    with pytest.raises(ConflictError) as caught:
        solve(puzzle)
    error = caught.value
    assert (error.unit, error.first, error.second, error.symbol) == (
        unit,
        first,
        second,
        cells[min(cells)],
    )
    message = str(error)
    assert f"in {unit}" in message
    assert f"row {first[0]}, column {first[1]}" in message
    assert f"row {second[0]}, column {second[1]}" in message


def test_conflict_in_a_rectangular_box_names_its_rows_and_columns() -> None:
    puzzle = "1" + "." * 6 + "1" + "." * 28  # (1,1) and (2,2): box 1 of a 6x6 grid
    with pytest.raises(ConflictError, match=r"box 1 \(rows 1-2, columns 1-3\)"):
        solve(puzzle)


@pytest.mark.parametrize(
    ("puzzle", "words"),
    [
        # Givens that conflict only after forced cells are filled in.
        (
            ".............7.........6.2.......37....8.4....7....9....8...5...................6",
            "symbol '7' has no place in row 5",
        ),
        ("12....3.........", "no symbol fits row 1, column 4"),
        # No deduction finds the fault: the search does.
        (NO_SOLUTION9, "the search found none"),
    ],
)
def test_no_solution(puzzle: str, words: str) -> None:
    with pytest.raises(NoSolutionError, match=words):
        solve(puzzle)
    assert count(puzzle) == 0
    assert list(solutions(puzzle)) == []


def test_box_shape_errors() -> None:
    with pytest.raises(BoxShapeError, match=r"box=\(2, 2\) does not fit a 6x6 grid"):
        solve("." * 36, box=(2, 2))
    with pytest.raises(BoxShapeError, match="a 7x7 grid has no box shape"):
        solve("." * 49)
    with pytest.raises(BoxShapeError, match="not a pair"):
        solve("." * 36, box=(6,))  # type: ignore[arg-type]
    assert solve("." * 49, box=(7, 1)) is not None  # a Latin square is allowed


def test_alphabet_errors() -> None:
    with pytest.raises(AlphabetError, match="has 3 symbols; a 4x4 grid needs 4"):
        solve("." * 16, alphabet="ABC")
    with pytest.raises(AlphabetError, match="'A' twice"):
        solve("." * 16, alphabet="ABCA")
    with pytest.raises(AlphabetError, match="not to grids of ints"):
        solve([[0] * 4] * 4, alphabet="1234")
    with pytest.raises(AlphabetError, match="needs an explicit alphabet"):
        solve("." * 36 * 36)


@pytest.mark.parametrize("size", [0, -1, 9.0, "9", True, None])
def test_box_shape_of_a_bad_size_is_a_box_shape_error(size: object) -> None:
    with pytest.raises(BoxShapeError, match="is not a grid size"):
        sudoku.box_shape(size)  # type: ignore[arg-type]


def test_arguments_of_the_wrong_type_raise_documented_errors() -> None:
    with pytest.raises(AlphabetError, match="alphabet=5 is not a string"):
        solve("12345", alphabet=5)  # type: ignore[call-overload]
    with pytest.raises(AlphabetError, match="alphabet=5 is not a string"):
        check("." * 16, "." * 16, alphabet=5)  # type: ignore[arg-type]
    with pytest.raises(AlphabetError, match="0 symbols"):
        solve("." * 16, alphabet="")
    with pytest.raises(GridSizeError, match="is not a grid size"):
        sudoku.detect_alphabet("..", 0)
    with pytest.raises(SudokuError, match="timeout='x' is not a number"):
        solve("." * 16, timeout="x")  # type: ignore[call-overload]
    with pytest.raises(SudokuError, match="timeout=nan"):
        count("." * 16, timeout=float("nan"))
    with pytest.raises(SudokuError, match="max_nodes=-1 is not an int"):
        is_unique("." * 16, max_nodes=-1)
    with pytest.raises(SudokuError, match="limit='x' is not an int"):
        count("." * 16, "x")  # type: ignore[arg-type]
    with pytest.raises(SudokuError, match="limit=-2 is not an int"):
        solutions("." * 16, -2)
    assert count("." * 16, 3, timeout=10, max_nodes=10**6) == 3


def test_not_a_grid() -> None:
    with pytest.raises(SudokuError, match="not int"):
        solve(42)  # type: ignore[call-overload]
    with pytest.raises(GridSizeError, match="no rows"):
        solve([])


# -- check ----------------------------------------------------------------------


def test_check_accepts_a_right_solution_in_any_representation() -> None:
    check(PUZZLE9, SOLUTION9)
    check(PUZZLE9, rows_of(SOLUTION9, 9))
    check(
        rows_of(PUZZLE9, 9),
        [[int(ch) for ch in SOLUTION9[k : k + 9]] for k in range(0, 81, 9)],
    )


@pytest.mark.parametrize(
    ("solution", "words"),
    [
        (SOLUTION9[:40] + "." + SOLUTION9[41:], "row 5, column 5 is blank"),
        ("6" + SOLUTION9[1:], "row 1, column 1 holds '6' but the puzzle gives '5'"),
        # Swap two cells that are not givens: repeats in two columns.
        (
            SOLUTION9[:2] + SOLUTION9[3] + SOLUTION9[2] + SOLUTION9[4:],
            "twice in",
        ),
    ],
)
def test_check_names_the_fault(solution: str, words: str) -> None:
    with pytest.raises(SolutionError, match=words):
        check(PUZZLE9, solution)


def test_check_sizes_must_match() -> None:
    with pytest.raises(
        GridSizeError, match="the solution is 4x4 but the puzzle is 9x9"
    ):
        check(PUZZLE9, "1234341221434321")


def test_cells_of_reads_every_representation() -> None:
    # The validator's own reader agrees with the solver's about the layout.
    for grid in (PUZZLE9, rows_of(PUZZLE9, 9), "\n".join(rows_of(PUZZLE9, 9))):
        assert "".join(str(c) for c in cells_of(grid)) == PUZZLE9


def test_a_budget_that_runs_out_is_a_sudoku_error_and_a_budget_exceeded() -> None:
    for call in (
        lambda: sudoku.count("." * 81, max_nodes=50),
        lambda: sudoku.solve("." * 625, max_nodes=3),
        lambda: list(sudoku.solutions("." * 81, max_nodes=50)),
        lambda: sudoku.is_unique("." * 81, max_nodes=20),
    ):
        with pytest.raises(sudoku.BudgetError) as caught:
            call()
        assert isinstance(caught.value, sudoku.SudokuError)
        assert isinstance(caught.value, dlx.BudgetExceeded)
        assert caught.value.outcome is dlx.Outcome.OUT_OF_NODES
        assert caught.value.stats.nodes > 0
        assert "node budget" in str(caught.value)


@pytest.mark.processes
def test_a_foreign_dlx_module_is_named(tmp_path: Path) -> None:
    # PyPI's `dlx` installed over ours: importing sudoku says what happened.
    fake = tmp_path / "dlx"
    fake.mkdir()
    (fake / "__init__.py").write_text("class DLX: pass\n")
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", "import sudoku"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{root}"},
        cwd=tmp_path,
        timeout=60,
    )
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: the module 'dlx' found at ")
    assert str(fake) in last and "pip uninstall dlx" in last


#: What a long call's caller catches or receives, by the module that defines it.
STOPS_AND_REPORTS = {
    "ExplanationBudgetError": "sudoku.explainer",
    "ExplanationInterrupted": "sudoku.explainer",
    "GradeBudgetError": "sudoku.grading",
    "GradeInterrupted": "sudoku.grading",
    "CanonicalInterrupted": "sudoku.transform",
    "GenerationStopped": "sudoku.generator",
    "GenerationProgress": "sudoku.generator",
    "StepProgress": "sudoku.techniques",
}


def test_the_stops_and_reports_of_long_calls_are_exported() -> None:
    assert set(STOPS_AND_REPORTS) <= set(sudoku.__all__)
    assert set(STOPS_AND_REPORTS) <= set(dir(sudoku))
    # A budget's stop is a BudgetError (so a SudokuError and a
    # dlx.BudgetExceeded); Ctrl-C's stays a KeyboardInterrupt.
    for name in ("ExplanationBudgetError", "GradeBudgetError", "GenerationStopped"):
        assert issubclass(getattr(sudoku, name), sudoku.BudgetError), name
    for name in ("ExplanationInterrupted", "GradeInterrupted", "CanonicalInterrupted"):
        assert issubclass(getattr(sudoku, name), KeyboardInterrupt), name
    assert issubclass(sudoku.GenerationProgress, dlx.Progress)
    with pytest.raises(sudoku.ExplanationBudgetError) as stopped:
        sudoku.explain(PUZZLE9, timeout=0)
    assert stopped.value.explanation is None


@pytest.mark.processes
@pytest.mark.parametrize(("name", "module"), sorted(STOPS_AND_REPORTS.items()))
def test_the_stops_and_reports_are_imported_on_first_use(
    name: str, module: str
) -> None:
    # In a fresh interpreter: import sudoku leaves the defining module alone,
    # the first look-up imports it, and the name is the module's own object.
    code = (
        "import sys, sudoku\n"
        f"before = {module!r} in sys.modules\n"
        f"value = sudoku.{name}\n"
        f"import {module} as home\n"
        f"print(before, value is home.{name}, sudoku.{name} is value)"
    )
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
        cwd=root,
        timeout=60,
        check=True,
    )
    assert result.stdout.split() == ["False", "True", "True"]


# -- arrays ----------------------------------------------------------------------------


def test_numpy_arrays_in_numpy_arrays_out() -> None:
    numpy: Any = pytest.importorskip("numpy")
    puzzle = numpy.array([[1, 0, 0, 0], [0, 0, 0, 2], [0, 0, 4, 0], [0, 3, 0, 0]])
    answer = sudoku.solve(puzzle)
    assert isinstance(answer, numpy.ndarray) and answer.dtype == puzzle.dtype
    assert answer.shape == (4, 4)
    assert_solves(puzzle.tolist(), answer.tolist(), (2, 2))
    assert puzzle[0, 1] == 0  # the puzzle itself is left alone
    flat = numpy.array(list("1......2..4..3.."))
    solved = sudoku.solve(flat)
    assert solved.shape == (16,) and "".join(solved.tolist()) == "1234341221434321"
    assert sudoku.count(numpy.zeros((4, 4), dtype=numpy.int8)) == 288
    # NumPy integers inside plain lists, as dlx accepts them.
    rows = [[numpy.int64(v) for v in row] for row in puzzle.tolist()]
    assert sudoku.solve(rows) == answer.tolist()
    with pytest.raises(sudoku.SudokuError, match="1 or 2 dimensions"):
        sudoku.solve(numpy.zeros((2, 2, 4), dtype=int))


class FakeArray:
    """The parts of an array that sudoku uses, without NumPy."""

    def __init__(self, cells: list[Any], shape: tuple[int, ...]) -> None:
        self.cells = list(cells)
        self.shape = shape
        self.flat = self.cells

    def tolist(self) -> list[Any]:
        if len(self.shape) == 1:
            return list(self.cells)
        n = self.shape[1]
        return [self.cells[r : r + n] for r in range(0, len(self.cells), n)]

    def copy(self) -> FakeArray:
        return FakeArray(self.cells, self.shape)


def test_array_like_objects_are_duck_typed() -> None:
    puzzle = FakeArray([int(c) for c in "1000000200400300"], (4, 4))
    answer = sudoku.solve(puzzle)
    assert isinstance(answer, FakeArray)
    assert answer.cells == [int(c) for c in "1234341221434321"]
    assert puzzle.cells[1] == 0
    with pytest.raises(sudoku.SymbolError, match="bad value True"):
        sudoku.solve(FakeArray([True] * 16, (16,)))


@pytest.mark.parametrize(
    "name",
    ["solve", "count", "explain", "grade", "canonical", "conflicts", "generate"],
)
def test_a_progress_that_is_not_callable_is_refused_at_once(name: str) -> None:
    # solve() and canonical() took progress=5 and count() failed a second
    # into its search with "'int' object is not callable"; conflicts() said
    # it in a ValueError.  One message, before any work, from each.
    call = getattr(sudoku, name)
    arguments: tuple[object, ...] = () if name == "generate" else ("12" + "." * 14,)
    with pytest.raises(sudoku.SudokuError, match=r"^progress=5 is not callable$"):
        call(*arguments, progress=5)
