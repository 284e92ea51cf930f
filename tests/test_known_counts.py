"""Published counts of classic exact-cover problems (TAOCP 7.2.2.1, OEIS)."""

from __future__ import annotations

from itertools import permutations
from typing import cast

import pytest
from dlx_helpers import langford, n_queens, pentomino_rectangle, sudoku_empty

from dlx import ExactCover, Outcome

# OEIS A000170.
QUEENS = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724}
# OEIS A014552 doubled: every arrangement and its mirror image.
LANGFORD = {1: 0, 2: 0, 3: 2, 4: 2, 5: 0, 6: 0, 7: 52, 8: 300}


def queens_by_permutations(n: int) -> set[frozenset[tuple[int, int]]]:
    """All placements of n non-attacking queens: one queen per row and column."""
    return {
        frozenset(enumerate(columns))
        for columns in permutations(range(n))
        if len({r + c for r, c in enumerate(columns)}) == n
        and len({r - c for r, c in enumerate(columns)}) == n
    }


@pytest.mark.parametrize(("n", "expected"), QUEENS.items())
def test_n_queens(n: int, expected: int) -> None:
    problem = n_queens(n)
    assert problem.count() == expected
    search = problem.search()
    assert sum(1 for _ in search) == expected
    assert search.outcome is Outcome.EXHAUSTED
    search.check()


@pytest.mark.parametrize("n", range(1, 8))
def test_n_queens_solutions_are_the_placements(n: int) -> None:
    problem = n_queens(n)
    placements = {
        frozenset((k // n, k % n) for k in solution) for solution in problem.solutions()
    }
    assert placements == queens_by_permutations(n)


@pytest.mark.parametrize(("n", "expected"), LANGFORD.items())
def test_langford_pairs(n: int, expected: int) -> None:
    problem = langford(n)
    solutions = problem.solutions_list()
    assert len(solutions) == expected
    assert problem.count() == expected
    sequences = set()
    for solution in solutions:
        sequence = [0] * (2 * n)
        for option in problem.options_of(solution):
            (_, k), (_, i), (_, j) = cast(tuple[tuple[str, int], ...], option)
            assert j - i == k + 1
            sequence[i - 1] = sequence[j - 1] = k
        assert sorted(sequence) == sorted(2 * list(range(1, n + 1)))
        sequences.add(tuple(sequence))
    # Mirror images are counted: the set of sequences is closed under reversal.
    assert {s[::-1] for s in sequences} == sequences
    assert len(sequences) == expected


def test_empty_4x4_sudoku() -> None:
    problem = sudoku_empty(2)
    assert problem.count() == 288
    grids = set()
    for solution in problem.solutions():
        grid = [[-1] * 4 for _ in range(4)]
        for k in solution:
            cell, digit = divmod(k, 4)
            grid[cell // 4][cell % 4] = digit
        for i in range(4):
            assert sorted(grid[i]) == [0, 1, 2, 3]
            assert sorted(row[i] for row in grid) == [0, 1, 2, 3]
            r, c = 2 * (i // 2), 2 * (i % 2)
            box = [grid[r + dr][c + dc] for dr in (0, 1) for dc in (0, 1)]
            assert sorted(box) == [0, 1, 2, 3]
        grids.add(tuple(map(tuple, grid)))
    assert len(grids) == 288


def test_empty_problem_has_one_empty_solution() -> None:
    problem = ExactCover()
    assert problem.solutions_list() == [()]
    assert problem.count() == 1
    assert problem.first() == ()
    assert problem.is_unique()
    search = problem.search()
    assert list(search) == [()]
    assert search.stats.solutions == 1
    assert search.stats.nodes == 1
    assert search.outcome is Outcome.EXHAUSTED
    # Only secondary items: nothing has to be covered, the empty set solves it.
    only_secondary = ExactCover(secondary=["x"], options=[["x"]])
    assert only_secondary.solutions_list() == [()]


def test_uncovered_primary_item_gives_no_solution() -> None:
    problem = ExactCover("abc", options=[["a"], ["b"], ["a", "b"]])
    assert problem.solutions_list() == []
    assert problem.count() == 0
    assert problem.first() is None
    assert not problem.is_unique()
    search = problem.search()
    assert list(search) == []
    assert search.outcome is Outcome.EXHAUSTED
    search.check()


def test_no_options_at_all() -> None:
    assert ExactCover("a").solutions_list() == []
    assert ExactCover("a", "b").count() == 0


def check_pentomino_packing(
    problem: ExactCover, solution: tuple[int, ...], cells: int
) -> None:
    options = problem.options_of(solution)
    assert sorted(str(option[0]) for option in options) == sorted("FILNPTUVWXYZ")
    covered = [cell for option in options for cell in option[1:]]
    assert len(covered) == len(set(covered)) == cells


def test_pentominoes_3x20() -> None:
    # Two packings up to symmetry, each counted once per symmetry of the
    # rectangle (identity, two reflections, half turn): 8.
    problem = pentomino_rectangle(3, 20)
    search = problem.search()
    solutions = list(search)
    assert len(solutions) == 8
    boards = set()
    for solution in solutions:
        check_pentomino_packing(problem, solution, 60)
        board = {}
        for name, *cells in problem.options_of(solution):
            board.update(dict.fromkeys(cells, name))
        boards.add(tuple(board[r, c] for r in range(3) for c in range(20)))
    search.check()
    assert len(boards) == 8

    def flip_rows(b: tuple[object, ...]) -> tuple[object, ...]:
        return tuple(b[(2 - r) * 20 + c] for r in range(3) for c in range(20))

    def flip_columns(b: tuple[object, ...]) -> tuple[object, ...]:
        return tuple(b[r * 20 + 19 - c] for r in range(3) for c in range(20))

    assert {flip_rows(b) for b in boards} == boards
    assert {flip_columns(b) for b in boards} == boards
    classes = {
        min(b, flip_rows(b), flip_columns(b), flip_rows(flip_columns(b)), key=repr)
        for b in boards
    }
    assert len(classes) == 2


@pytest.mark.slow
def test_pentominoes_6x10() -> None:
    # 2339 packings up to symmetry, 4 * 2339 = 9356 in all.
    assert pentomino_rectangle(6, 10).count() == 9356
