"""sudoku.conflicts: a minimal set of givens without solution, on every kind of grid.

Puzzles are cut from random solved grids and broken by one more given
whose symbol is not the solution's and repeats nothing in the cell's
units, so that only deductions show the contradiction.  The puzzle
before breaking has a solution, so every set of givens without one holds
the planted given.  Each answer is checked by the solver
(:func:`sudoku.count`), not by the machinery that found it: the answer's
givens alone have no solution, and without any one of them they have one.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st
from sudoku_helpers import NO_SOLUTION9, local_lines, wrong_given

import sudoku
from dlx import BudgetExceeded, ExactCover, Outcome, Stats
from dlx.conflict import ConflictBudgetExceeded, ConflictInterrupted
from sudoku.grid import Grid
from sudoku.regions import regions_of
from sudoku.whynot import (
    ConflictsBudgetError,
    ConflictsInterrupted,
    blank_problem,
    conflicts,
)

SYMBOLS = "123456789ABCDEFG"

#: A 9x9 jigsaw map that complete grids fit (the boxes with cells traded).
JIGSAW9 = [
    "AABBBBCCC",
    "AAAABBCCC",
    "AAABBBCCC",
    "DDDEEEFFF",
    "DDDEEFFFF",
    "DDHEEEEFF",
    "GGGDHHIII",
    "GGGHHIIII",
    "GGGHHHHII",
]
JIGSAW6 = ["AAABBB", "AACCBB", "DACCBF", "DDCCFF", "DDEEEF", "DEEEFF"]

Given = tuple[int, int, Any]


def only(size: int, givens: list[Given]) -> str:
    """The grid of ``givens`` alone, as a string."""
    cells = ["."] * (size * size)
    for r, c, symbol in givens:
        cells[r * size + c] = str(symbol)
    return "".join(cells)


#: The nodes the oracle may search to show that a few givens have no
#: solution: a sparse grid without solution can take the plain search
#: minutes (a windoku's did), which propagation saw at once.  Past them,
#: the example is rejected (hypothesis draws another), never passed.
ORACLE_NODES = 150_000


def oracle_count(puzzle: str, alphabet: str, **grid: Any) -> int:
    """Whether ``puzzle`` has a solution (0 or 1), by a search of at most :data:`ORACLE_NODES`.

    Past them the example is rejected (hypothesis draws another): a sparse
    jigsaw grid can take the plain search minutes either way.
    """
    try:
        return sudoku.count(
            puzzle, 1, alphabet=alphabet, max_nodes=ORACLE_NODES, **grid
        )
    except sudoku.BudgetError:
        reject()  # the oracle cannot tell soon enough


def check_minimal(size: int, answer: list[Given], **grid: Any) -> None:
    """``answer`` has no solution, and without any one of its givens it has one."""
    assert answer
    alphabet = SYMBOLS[:size]
    assert oracle_count(only(size, answer), alphabet, **grid) == 0
    for k in range(len(answer)):
        rest = answer[:k] + answer[k + 1 :]
        assert oracle_count(only(size, rest), alphabet, **grid) == 1, answer[k]


def solved_grid(rng: random.Random, size: int, **grid: Any) -> list[int]:
    """A random solved grid: a few random symbols, then the solver's first answer.

    Symbols that leave no solution, or a search that does not end soon,
    are drawn again.
    """
    alphabet = SYMBOLS[:size]
    while True:
        cells = ["."] * (size * size)
        for cell in rng.sample(range(size * size), size):
            cells[cell] = rng.choice(alphabet)
        try:
            answer = sudoku.solve(
                "".join(cells), alphabet=alphabet, max_nodes=10_000, **grid
            )
        except (sudoku.ConflictError, sudoku.NoSolutionError, sudoku.BudgetError):
            continue
        return [alphabet.index(ch) + 1 for ch in answer]


def broken_puzzle(
    rng: random.Random, size: int, keep: float, **grid: Any
) -> tuple[str, Given] | None:
    """A puzzle cut from a random solved grid, with one wrong given planted.

    The planted given repeats nothing in the units of its cell; ``None``
    when no blank cell has a symbol for it.
    """
    alphabet = SYMBOLS[:size]
    solution = solved_grid(rng, size, **grid)
    parsed = Grid.parse(
        "." * size * size,
        alphabet=alphabet,
        box=grid.get("box"),
        boxes="regions" not in grid,
    )
    units = sudoku.units_of(parsed, grid.get("variant"), grid.get("regions"))
    units = units or regions_of(size, parsed.box)
    values = [v if rng.random() < keep else 0 for v in solution]
    return wrong_given(values, solution, units, alphabet, rng)


def check_broken(seed: int, size: int, keep: float, **grid: Any) -> None:
    rng = random.Random(seed)
    made = broken_puzzle(rng, size, keep, **grid)
    if made is None:
        return
    puzzle, planted = made
    alphabet = SYMBOLS[:size]
    answer = conflicts(puzzle, alphabet=alphabet, **grid)
    if sudoku.count(puzzle, 1, alphabet=alphabet, **grid):
        assert answer == []  # the wrong given fits another solution
        return
    assert planted in answer
    assert answer == sorted(answer)
    check_minimal(size, answer, **grid)


# -- random puzzles of every kind ---------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.35, 0.5, 0.65]))
def test_9x9(seed: int, keep: float) -> None:
    check_broken(seed, 9, keep)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.3, 0.5, 0.7]))
def test_4x4(seed: int, keep: float) -> None:
    check_broken(seed, 4, keep)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.3, 0.5, 0.7]))
def test_6x6_with_boxes_of_2x3(seed: int, keep: float) -> None:
    check_broken(seed, 6, keep, box=(2, 3))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.4, 0.6]))
def test_x_sudoku(seed: int, keep: float) -> None:
    check_broken(seed, 9, keep, variant="x")


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_windoku(seed: int) -> None:
    check_broken(seed, 9, 0.5, variant="windoku")


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.4, 0.6]))
def test_jigsaw_9x9(seed: int, keep: float) -> None:
    check_broken(seed, 9, keep, regions=JIGSAW9)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_jigsaw_6x6(seed: int) -> None:
    check_broken(seed, 6, 0.5, regions=JIGSAW6)


def test_16x16() -> None:
    alphabet = "123456789ABCDEFG"
    puzzle = local_lines("sudoku16_gecode_janko55.txt", 1)[0]
    parsed = Grid.parse(puzzle)
    solution = Grid.parse(sudoku.solve(puzzle), alphabet=parsed.alphabet).values
    units = regions_of(16, (4, 4))
    values = list(parsed.values)
    rng = random.Random(16)
    blanks = [c for c in range(256) if not values[c]]
    for cell in rng.sample(blanks, 2):
        seen = {values[o] for u in units.cell_units[cell] for o in units.units[u]}
        wrong = [v for v in range(1, 17) if v not in seen and v != solution[cell]]
        broken = list(values)
        broken[cell] = rng.choice(wrong)
        text = parsed.render(broken)
        assert isinstance(text, str)
        answer = conflicts(text)
        planted = (cell // 16, cell % 16, parsed.symbol(broken[cell]))
        assert planted in answer
        # The same answer in the alphabet the checks write.
        mapped = [
            (r, c, alphabet[(parsed.alphabet or alphabet).index(str(s))])
            for r, c, s in answer
        ]
        check_minimal(16, mapped)


def test_a_puzzle_that_only_the_search_refutes() -> None:
    answer = conflicts(NO_SOLUTION9)
    check_minimal(9, answer)


# -- the plain cases and the grid forms ---------------------------------------


def test_a_puzzle_with_a_solution_has_no_conflict() -> None:
    assert conflicts("1......2..4..3..") == []
    assert conflicts("." * 81) == []


def test_two_givens_in_one_unit_are_answered_directly() -> None:
    # The first given (in the grid's order) that repeats an earlier one,
    # and that one: here the 3 of row 3, column 4 repeats row 1, column 4's.
    grid = "1..3.......32..1"
    assert conflicts(grid) == [(0, 3, "3"), (2, 3, "3")]
    assert conflicts("1..1............") == [(0, 0, "1"), (0, 3, "1")]
    # Repeats in a variant's units count too.
    assert conflicts("1..............1", variant="x") == [
        (0, 0, "1"),
        (3, 3, "1"),
    ]


def test_every_grid_form_and_symbols_as_the_grid_writes_them() -> None:
    text = "12....3........."
    expected = [(0, 0, "1"), (0, 1, "2"), (1, 2, "3")]
    assert conflicts(text) == expected
    assert conflicts("12..\n..3.\n....\n....\n") == expected
    assert conflicts(["12..", "..3.", "....", "...."]) == expected
    rows = [[1, 2, 0, 0], [0, 0, 3, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert conflicts(rows) == [(0, 0, 1), (0, 1, 2), (1, 2, 3)]
    assert conflicts("AB....C.........", alphabet="ABCD") == [
        (0, 0, "A"),
        (0, 1, "B"),
        (1, 2, "C"),
    ]
    numpy = pytest.importorskip("numpy")
    assert conflicts(numpy.array(rows)) == [(0, 0, 1), (0, 1, 2), (1, 2, 3)]


def test_blank_problems_are_shared_per_shape() -> None:
    units = regions_of(9, (3, 3))
    assert blank_problem(units) is blank_problem(regions_of(9, (3, 3)))
    assert blank_problem(units) is not blank_problem(regions_of(9, (3, 3), "x"))
    assert len(blank_problem(units)) == 729


# -- bad input, budgets, Ctrl-C ------------------------------------------------


def test_bad_grids_get_the_solvers_errors() -> None:
    with pytest.raises(sudoku.GridSizeError):
        conflicts("1" * 80)
    with pytest.raises(sudoku.SymbolError, match="row 4, column 4"):
        conflicts("12..34.........X")
    with pytest.raises(sudoku.BoxShapeError):
        conflicts("." * 36, box=(2, 2))
    with pytest.raises(sudoku.RegionError):
        conflicts("." * 16, variant="nope")
    with pytest.raises(sudoku.SudokuError, match="timeout=-1 is not a number"):
        conflicts("." * 16, timeout=-1)


def test_a_map_no_grid_fits_is_no_givens_fault() -> None:
    no_grid = "AAABBBCCCAAABBBCCCAADBBBCCCDDAEEEFFFDDDEEEFFFDDDEEEIFFGGGHHHFIIGGGHHHIIIGGGHHHIII"
    with pytest.raises(
        sudoku.NoSolutionError, match="no complete grid fits the region map"
    ):
        conflicts("1" + "." * 80, regions=no_grid)


def test_timeout_zero() -> None:
    with pytest.raises(ConflictsBudgetError) as raised:
        conflicts("12....3.........", timeout=0)
    stop = raised.value
    assert isinstance(stop, sudoku.BudgetError)
    assert isinstance(stop, sudoku.SudokuError)
    assert isinstance(stop, BudgetExceeded)
    assert stop.outcome is Outcome.OUT_OF_TIME
    assert stop.givens is None


@pytest.mark.parametrize("stopped", ["budget", "interrupt"])
def test_a_stop_keeps_the_givens_so_far(
    stopped: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The reason so far that the exact-cover search hands up (option
    # numbers: cell * 9 + value - 1) comes back as givens.
    so_far = [2 * 9 + 6, 9 * 9 + 8, 12 * 9 + 1]  # r1c3 = 7, r2c1 = 9, r2c4 = 2

    def stop(*args: object, **kwargs: object) -> None:
        if stopped == "budget":
            raise ConflictBudgetExceeded(Outcome.OUT_OF_TIME, Stats(), "spent", so_far)
        raise ConflictInterrupted("interrupted", so_far)

    monkeypatch.setattr(ExactCover, "conflict", stop)
    puzzle = "..7......9..2" + "." * 68
    expected = [(0, 2, "7"), (1, 0, "9"), (1, 3, "2")]
    if stopped == "budget":
        with pytest.raises(ConflictsBudgetError) as budget:
            conflicts(puzzle)
        assert budget.value.givens == expected
        assert str(budget.value) == "spent"
    else:
        with pytest.raises(ConflictsInterrupted) as interrupted:
            conflicts(puzzle)
        assert interrupted.value.givens == expected
        assert interrupted.value.outcome is Outcome.INTERRUPTED


def test_latin_squares_of_any_size() -> None:
    # A 5x5 grid has no box shape: read as solve reads a latin square.
    square = "1...1" + "." * 20
    assert conflicts(square, variant="latin") == [(0, 0, "1"), (0, 4, "1")]
    assert conflicts("12..." + "." * 20, variant="latin") == []
    with pytest.raises(sudoku.RegionError, match="does not go with box="):
        conflicts("." * 16, variant="latin", box=(2, 2))
