"""Hidden cages and cage pointing (:mod:`sudoku.cage_steps`), each alone, against every grid a puzzle allows.

As in ``tests/test_cage_split.py``: random 4x4 and 6x6 caged puzzles,
listed by the oracle; a board part way through is given to one technique,
and no candidate it removes may be in an allowed grid.  Then cage
combinations on cages of several rows and columns (KenKen's) against a
brute-force list of their fillings, and whole explanations of 6x6 caged
puzzles replayed against their solution.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

import pytest
from cage_oracles import (
    SHAPES4,
    SHAPES6,
    gone_from_every_grid,
    narrow,
    oracle_units,
    random_case,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from sudoku_helpers import replay

import sudoku
from sudoku import regions_of
from sudoku.cage_steps import (
    TECHNIQUE_NAMES,
    CageBoard,
    cage_combinations,
    cage_pointing,
    cage_reason,
    hidden_cages,
)
from sudoku.cages import read_cages
from sudoku.steps import TECHNIQUES
from sudoku.techniques import Board, Hint

Shape = tuple[int, tuple[int, int] | None, str, None]


def removes(
    rng: random.Random, shape: Shape, find: Callable[[Board], list[Hint]]
) -> int | None:
    """One random case: a technique's eliminations, checked; how many (``None``: no case)."""
    case = random_case(rng, shape)
    if case is None:
        return None
    cages, givens, kept = case
    size, box, variant, _ = shape
    board = CageBoard(
        regions_of(size, box, variant or None), givens, read_cages(cages, size)
    )
    narrow(rng, board.cand, board.values, kept, rng.choice([0.0, 0.4, 0.8]))
    removed = 0
    for hint in find(board):
        assert not hint.placements and hint.eliminations
        for cell, value in hint.eliminations:
            assert board.cand[cell] >> (value - 1) & 1, (hint, cell, value)
        assert gone_from_every_grid(hint.eliminations, kept) == [], hint
        reason = cage_reason(board, hint)
        assert reason is not None and reason.startswith(hint.technique), reason
        removed += len(hint.eliminations)
    return removed


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES4 + SHAPES6))
def test_hidden_cages_remove_no_digit_of_an_allowed_grid(
    rng: random.Random, shape: Shape
) -> None:
    assume(removes(rng, shape, hidden_cages) is not None)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES4 + SHAPES6))
def test_cage_pointing_removes_no_digit_of_an_allowed_grid(
    rng: random.Random, shape: Shape
) -> None:
    assume(removes(rng, shape, cage_pointing) is not None)


@pytest.mark.parametrize("find", [hidden_cages, cage_pointing])
def test_each_removes_candidates_on_many_cases(
    find: Callable[[Board], list[Hint]],
) -> None:
    """Not sound by doing nothing: on seeded cases each finds eliminations."""
    rng = random.Random(45)
    busy = cases = 0
    for k in range(120):
        got = removes(rng, (SHAPES4 + SHAPES6)[k % 6], find)
        if got is not None:
            cases += 1
            busy += got > 0
    assert cases >= 60, cases
    assert busy >= 10, (busy, cases)


def test_the_cages_of_a_row_take_different_digits() -> None:
    # Latin 4x4: 3- on r1c1, r1c2 (1 and 4), 1- on r1c3, r1c4: 2 and 3 left.
    units = regions_of(4, None, "latin")
    cages = read_cages([(3, "-", [(0, 0), (0, 1)]), (1, "-", [(0, 2), (0, 3)])], 4)
    board = CageBoard(units, [0] * 16, cages)
    for hint in cage_combinations(board):
        board.apply(hint)
    assert board.cand[2] == 0b1111  # the 1- alone: any two digits in a row
    hint = hidden_cages(board)[0]
    assert hint.units == (0,)
    assert set(hint.eliminations) == {(2, 1), (2, 4), (3, 1), (3, 4)}
    assert cage_reason(board, hint) == (
        "hidden cages in row 1: 3- on r1c1, r1c2 and 1- on r1c3, r1c4 take 1 to 4"
    )


def test_a_killer_row_leaves_its_hidden_cage_a_total() -> None:
    # 9x9: 17 on r1c1, r1c2 (8 and 9) and 3 on r1c3, r1c4 (1 and 2); the other
    # five cells of row 1 (no cage) take 3 to 7: 25.
    units = regions_of(9, (3, 3))
    cages = read_cages([(17, [(0, 0), (0, 1)]), (3, [(0, 2), (0, 3)])], 9)
    board = CageBoard(units, [0] * 81, cages)
    hint = next(
        h for h in hidden_cages(board) if h.units == (units.names.index("row 1"),)
    )
    for cell in range(4, 9):
        assert {v for c, v in hint.eliminations if c == cell} == {1, 2, 8, 9}
    reason = cage_reason(board, hint)
    assert reason == (
        "hidden cages in row 1: 17 on r1c1, r1c2 and 3 on r1c3, r1c4 leave 25 on "
        "r1c5, r1c6, r1c7, r1c8, r1c9"
    )


def test_a_killer_cage_reaching_into_a_row_gives_it_its_part() -> None:
    # 9x9: 23 on r1c1, r1c2, r2c1 (6 8 9) and 4 on r1c3, r1c4 (1 and 3): the
    # part r1c1, r1c2 of the 23 takes two of 6, 8, 9 (14, 15 or 17, the
    # third digit in r2c1), and the rest of row 1 none of 1, 3, and not both...
    units = regions_of(9, (3, 3))
    cages = read_cages([(23, [(0, 0), (0, 1), (1, 0)]), (4, [(0, 2), (0, 3)])], 9)
    board = CageBoard(units, [0] * 81, cages)
    for hint in cage_combinations(board):
        board.apply(hint)
    row = units.names.index("row 1")
    hint = next(h for h in hidden_cages(board) if h.units == (row,))
    # 1 and 3 are the 4's; nothing else of row 1 may hold them.
    for cell in range(4, 9):
        assert {(cell, 1), (cell, 3)} <= set(hint.eliminations)
    reason = cage_reason(board, hint)
    assert reason is not None and "r1c1, r1c2 of 23 on r1c1, r1c2, r2c1" in reason


def test_a_digit_a_cage_must_hold_goes_from_the_cells_that_see_its_places() -> None:
    # 4x4 sudoku: 3 on r1c1, r2c1 holds 1 and 2 in column 1 and box 1.
    units = regions_of(4, (2, 2))
    board = CageBoard(units, [0] * 16, read_cages([(3, [(0, 0), (1, 0)])], 4))
    hints = cage_pointing(board)
    assert [h.values for h in hints] == [(1,), (2,)]
    assert set(hints[0].eliminations) == {(1, 1), (5, 1), (8, 1), (12, 1)}
    # A KenKen L of 3 cells: 3* on r1c1, r1c2, r2c2 holds 1 and 3 (1 1 3 is
    # out: r1c1 and r1c2 share row 1; 1 3 1 too: r1c2 and r2c2 share column 2;
    # 3 1 1 likewise); r1c1 and r2c2 may both be 1 or 3... it holds 3 in
    # any case, and 1.
    latin = regions_of(4, None, "latin")
    board = CageBoard(
        latin, [0] * 16, read_cages([(3, "*", [(0, 0), (0, 1), (1, 1)])], 4)
    )
    values = {h.values[0] for h in cage_pointing(board)}
    assert values <= {1, 3}


# -- cage combinations with cells of a cage apart in several rows and columns ----------


def fillings(
    op: str,
    target: int,
    cells: list[int],
    cand: list[int],
    size: int,
    units: list[list[int]],
) -> list[tuple[int, ...]]:
    """Every filling of a cage's cells, by brute force (each cell a candidate, cells of a unit apart)."""
    found = []
    pairs = [
        (i, j)
        for i, j in itertools.combinations(range(len(cells)), 2)
        if any(cells[i] in u and cells[j] in u for u in units)
    ]
    choices = [[v for v in range(1, size + 1) if cand[c] >> (v - 1) & 1] for c in cells]
    for digits in itertools.product(*choices):
        if any(digits[i] == digits[j] for i, j in pairs):
            continue
        made = sum(digits) if op == "+" else math.prod(digits)
        if made == target:
            found.append(digits)
    return found


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_cage_combinations_are_exact_on_a_cage_across_rows_and_columns(
    rng: random.Random,
) -> None:
    """A ``+`` or ``*`` cage of three or four cells in an L or a square: each candidate kept has a filling."""
    size = rng.choice([4, 6])
    units = oracle_units(size, None, "latin")
    top, left = rng.randrange(size - 1), rng.randrange(size - 1)
    square = [
        top * size + left,
        top * size + left + 1,
        (top + 1) * size + left + 1,
        (top + 1) * size + left,
    ]
    cells = square[: rng.choice([3, 4])]
    digits = [rng.randint(1, size) for _ in cells]
    op = rng.choice(["+", "*"])
    target = sum(digits) if op == "+" else math.prod(digits)
    cand = [(1 << size) - 1] * size * size
    for c in cells:
        for v in range(1, size + 1):
            if rng.random() < 0.3:
                cand[c] &= ~(1 << (v - 1))
    pairs = [divmod(c, size) for c in cells]
    board = CageBoard(
        regions_of(size, None, "latin"),
        [0] * size * size,
        read_cages([(target, op, pairs)], size),
    )
    board.cand[:] = cand
    listed = fillings(op, target, cells, cand, size, units)
    hints = cage_combinations(board)
    if not listed:
        assert hints == []  # no filling: a contradiction, shown elsewhere
        return
    for hint in hints:
        board.apply(hint)
    for k, cell in enumerate(cells):
        held = {f[k] for f in listed}
        kept = {v for v in range(1, size + 1) if board.cand[cell] >> (v - 1) & 1}
        assert kept == held, (op, target, cells, k)


# -- whole explanations ---------------------------------------------------------------


def unique_cases(
    seed: int, count: int, shape: Shape
) -> list[tuple[list[tuple[object, ...]], list[int]]]:
    """Seeded caged puzzles of a shape that allow one grid: (cages, givens)."""
    rng = random.Random(seed)
    found: list[tuple[list[tuple[object, ...]], list[int]]] = []
    while len(found) < count:
        case = random_case(rng, shape)
        if case is not None and len(case[2]) == 1:
            found.append((case[0], case[1]))
    return found


@pytest.mark.parametrize("shape", SHAPES6, ids=["killer6", "kenken6"])
def test_explanations_with_the_new_cage_steps_hold(shape: Shape) -> None:
    """6x6 caged puzzles explained and replayed against their solution, step by step."""
    variant = shape[2]
    used: set[str] = set()
    for cages, givens in unique_cases(6, 8, shape):
        puzzle = "".join(str(v) if v else "." for v in givens)
        explanation = sudoku.explain(puzzle, cages=cages, variant=variant or None)
        replay(puzzle, explanation, cages=cages, variant=variant or None)
        for step in explanation.steps:
            if step.technique in TECHNIQUE_NAMES:
                used.add(step.technique)
                assert step.text.split(": ", 1)[1].startswith(step.technique)
    assert "cage combinations" in used


def test_the_new_techniques_are_in_the_list_by_rating() -> None:
    names = [t.name for t in TECHNIQUES]
    ratings = {t.name: t.rating for t in TECHNIQUES}
    for name in ("cage splitting", "hidden cages", "cage pointing"):
        assert name in names and name in TECHNIQUE_NAMES
    assert ratings["rule of 45"] < ratings["cage splitting"] < ratings["hidden cages"]
    assert ratings["hidden cages"] < ratings["pointing or claiming"]
    assert ratings["cage pointing"] == ratings["pointing or claiming"]
    assert names.index("naked single") < names.index("cage splitting")
