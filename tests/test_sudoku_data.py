"""Public puzzle sets, each answer checked by the independent validator.

The sets in ``tests/data`` always run.  The larger ones are read from
``../shared/data`` (skipped, saying so, when it is absent): the first 20
of each 9x9 set and the first 50 of each 16x16 set run by default; the
first 200 of each set are marked slow.  The 25x25 sets are left to the benchmarks: no pure-Python solver
we know of solves those minimal puzzles within a minute.
"""

from __future__ import annotations

import pytest
from sudoku_helpers import assert_solves, local_lines, shared_lines

from sudoku import solve

NINE = "123456789"
SIXTEEN = "123456789ABCDEFG"  # the alphabet of the 16x16 data files

SHARED_9X9 = [
    "sudoku9_norvig_top95.txt",
    "sudoku9_norvig_hardest.txt",
    "sudoku9_magictour_top1465.txt",
    "sudoku9_forum_hardest_1106.txt",
    "sudoku9_forum_hardest_1905_11plus_first10000.txt",
    "sudoku9_17clue_royle.txt",
    "sudoku9_gecode18.txt",
]
SHARED_16X16 = ["sudoku16_goomii3000.txt", "sudoku16_gecode_janko55.txt"]


def solve_all(puzzles: list[str], box: tuple[int, int], symbols: str) -> None:
    """Solve each puzzle and validate the answer; name the puzzle that fails."""
    assert puzzles, "no puzzles read"
    for number, puzzle in enumerate(puzzles, 1):
        answer = solve(puzzle)
        assert isinstance(answer, str) and len(answer) == len(puzzle)
        try:
            assert_solves(puzzle, answer, box, symbols=symbols)
        except AssertionError as error:
            raise AssertionError(f"puzzle {number} ({puzzle}): {error}") from None


# -- the copies in tests/data: always run -----------------------------------------


@pytest.mark.parametrize(
    "name",
    ["sudoku9_norvig_hardest.txt", "sudoku9_gecode18.txt", "sudoku9_norvig_top95.txt"],
)
def test_local_9x9_sets(name: str) -> None:
    solve_all(local_lines(name, 30), (3, 3), NINE)


def test_local_16x16_janko() -> None:
    solve_all(local_lines("sudoku16_gecode_janko55.txt", 50), (4, 4), SIXTEEN)


def test_local_16x16_janko_in_the_judge_alphabet() -> None:
    # The same puzzles written as the judge writes them: A-P and '-'.
    judge = "ABCDEFGHIJKLMNOP"
    for line in local_lines("sudoku16_gecode_janko55.txt", 10):
        puzzle = line.translate(str.maketrans(SIXTEEN + ".", judge + "-"))
        answer = solve(puzzle)
        assert_solves(puzzle, answer, (4, 4), symbols=judge)


# -- ../shared/data: a subset by default, the full runs when slow tests are asked for --


@pytest.mark.parametrize("name", SHARED_9X9)
def test_shared_9x9_first_20(name: str) -> None:
    solve_all(shared_lines(name, 20), (3, 3), NINE)


@pytest.mark.slow
@pytest.mark.parametrize("name", SHARED_9X9)
def test_shared_9x9_first_200(name: str) -> None:
    solve_all(shared_lines(name, 200), (3, 3), NINE)


@pytest.mark.parametrize("name", SHARED_16X16)
def test_shared_16x16_first_50(name: str) -> None:
    solve_all(shared_lines(name, 50), (4, 4), SIXTEEN)


@pytest.mark.slow
def test_shared_16x16_goomii_first_200() -> None:
    solve_all(shared_lines("sudoku16_goomii3000.txt", 200), (4, 4), SIXTEEN)
