"""Cage splitting (:func:`sudoku.cage_steps.cage_splitting`), alone, against every grid a puzzle allows.

Random 4x4 and 6x6 puzzles (killer and arithmetic cages, sudoku and
latin squares) are listed by the oracle of ``tests/cage_oracles.py``; a
board part way through (some candidates that no allowed grid has taken
out) is given to the technique alone, and no candidate it removes may be
in an allowed grid.
"""

from __future__ import annotations

import random

from cage_oracles import (
    SHAPES4,
    SHAPES6,
    gone_from_every_grid,
    narrow,
    random_case,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sudoku import regions_of
from sudoku.cage_steps import (
    CAGE_SPLITTING_RATING,
    CageBoard,
    cage_combinations,
    cage_reason,
    cage_splitting,
)
from sudoku.cages import read_cages
from sudoku.regions import Regions
from sudoku.techniques import Board, Clock


def units_of(shape: tuple[int, tuple[int, int] | None, str, None]) -> Regions:
    size, box, variant, _ = shape
    return regions_of(size, box, variant or None)


def split_removes(
    rng: random.Random, shape: tuple[int, tuple[int, int] | None, str, None]
) -> int | None:
    """One random case: cage splitting's eliminations, checked; how many (``None``: no case)."""
    case = random_case(rng, shape)
    if case is None:
        return None
    cages, givens, kept = case
    board = CageBoard(units_of(shape), givens, read_cages(cages, shape[0]))
    narrow(rng, board.cand, board.values, kept, rng.choice([0.0, 0.4, 0.8]))
    removed = 0
    for hint in cage_splitting(board):
        assert hint.technique == "cage splitting"
        assert hint.rating == CAGE_SPLITTING_RATING
        assert not hint.placements and hint.eliminations
        for cell, value in hint.eliminations:
            assert board.cand[cell] >> (value - 1) & 1, (hint, cell, value)
        assert gone_from_every_grid(hint.eliminations, kept) == [], hint
        reason = cage_reason(board, hint)
        assert reason is not None and reason.startswith("cage splitting (")
        removed += len(hint.eliminations)
    return removed


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES4 + SHAPES6))
def test_cage_splitting_removes_no_digit_of_an_allowed_grid(
    rng: random.Random, shape: tuple[int, tuple[int, int] | None, str, None]
) -> None:
    assume(split_removes(rng, shape) is not None)


def test_cage_splitting_removes_candidates_on_many_cases() -> None:
    """Not sound by doing nothing: on seeded cases it finds eliminations."""
    rng = random.Random(2024)
    busy = cases = 0
    for k in range(120):
        got = split_removes(rng, (SHAPES4 + SHAPES6)[k % 6])
        if got is not None:
            cases += 1
            busy += got > 0
    assert cases >= 60, cases
    assert busy >= 10, (busy, cases)


def test_a_killer_cage_splits_into_parts_that_share_no_digit() -> None:
    # 6 on r1c1, r1c2, r2c2 and 7 on r1c3, r1c4: row 1 leaves 3 to r1c1 + r1c2
    # (1 and 2), so r2c2 holds 3.
    units = regions_of(4, (2, 2))
    cages = read_cages([(6, [(0, 0), (0, 1), (1, 1)]), (7, [(0, 2), (0, 3)])], 4)
    board = CageBoard(units, [0] * 16, cages)
    for hint in cage_combinations(board):
        board.apply(hint)
    hint = cage_splitting(board)[0]
    assert hint.cells == (0, 1, 5)
    assert set(hint.eliminations) == {(0, 3), (1, 3), (5, 1), (5, 2)}
    assert cage_reason(board, hint) == (
        "cage splitting (row 1): 6 on r1c1, r1c2, r2c2 is 3 on r1c1, r1c2 and 3 on r2c2"
    )


def test_a_killer_split_keeps_its_digits_apart() -> None:
    # 6x6 latin: 10 on r1c1, r1c2, r2c2 and 14 on r1c3..r1c6.  Row 1 leaves
    # 21 - 14 = 7 to r1c1 + r1c2 and 3 to r2c2; the killer rule keeps 3 out
    # of r1c1 + r1c2 (r1c1 and r2c2 share no unit: only the cage parts them),
    # so 7 is 1 + 6 or 2 + 5, never 3 + 4.
    units = regions_of(6, None, "latin")
    cages = read_cages(
        [(10, [(0, 0), (0, 1), (1, 1)]), (14, [(0, 2), (0, 3), (0, 4), (0, 5)])], 6
    )
    board = CageBoard(units, [0] * 36, cages)
    hint = next(h for h in cage_splitting(board) if h.cells == (0, 1, 7))
    gone = set(hint.eliminations)
    for cell in (0, 1):
        assert {(cell, 3), (cell, 4)} <= gone
        assert not {(cell, v) for v in (1, 2, 5, 6)} & gone
    assert {(7, v) for v in (1, 2, 4, 5, 6)} <= gone
    assert cage_reason(board, hint) == (
        "cage splitting (row 1): 10 on r1c1, r1c2, r2c2 is 7 on r1c1, r1c2 "
        "and 3 on r2c2"
    )


def test_an_arithmetic_sum_cage_splits_into_two_cages_of_its_own() -> None:
    # 9+ on r1c1, r1c2, r2c1 on a latin square (r1c1 and r2c1 may not
    # repeat, r1c2 and r2c1 may); 7 on r1c3, r1c4 (a killer cage): row 1
    # leaves 3 to r1c1 + r1c2, so r2c1 = 6: out of 4x4; take 5 on r1c3, r1c4.
    units = regions_of(4, None, "latin")
    cages = read_cages([(7, "+", [(0, 0), (0, 1), (1, 0)]), (5, [(0, 2), (0, 3)])], 4)
    board = CageBoard(units, [0] * 16, cages)
    hints = [h for h in cage_splitting(board) if h.cells == (0, 1, 4)]
    assert hints, "row 1 splits 7+ into 5+ on r1c1, r1c2 and 2+ on r2c1"
    gone = set(hints[0].eliminations)
    assert {(4, 1), (4, 3), (4, 4)} <= gone  # r2c1 = 2
    assert cage_reason(board, hints[0]) == (
        "cage splitting (row 1): 7+ on r1c1, r1c2, r2c1 is 5+ on r1c1, r1c2 "
        "and 2+ on r2c1"
    )


def test_a_product_cage_splits_by_the_product_of_a_row() -> None:
    # 12* on r1c1, r1c2, r2c1; 6* on r1c3, r1c4 (latin, 4! = 24): r1c1 * r1c2
    # = 4 (1 and 4), r2c1 = 3.
    units = regions_of(4, None, "latin")
    cages = read_cages(
        [(12, "*", [(0, 0), (0, 1), (1, 0)]), (6, "*", [(0, 2), (0, 3)])], 4
    )
    board = CageBoard(units, [0] * 16, cages)
    hints = [h for h in cage_splitting(board) if h.cells == (0, 1, 4)]
    assert hints
    assert {(4, 1), (4, 2), (4, 4)} <= set(hints[0].eliminations)


def test_difference_and_quotient_cages_are_not_split() -> None:
    # r1c1 + r1c2 = 10 - 7 = 3 cuts a "+" cage on r1c1, r2c1 ... but a "-"
    # or "/" cage of two cells is not cut: its part in a unit is one cell.
    units = regions_of(4, None, "latin")
    for op, target, cut in (("+", 4, True), ("-", 2, False), ("/", 3, False)):
        cages = read_cages(
            [
                (target, op, [(0, 0), (1, 0)]),
                (7, [(0, 2), (0, 3)]),
                (2, "=", [(0, 1)]),
            ],
            4,
        )
        board = CageBoard(units, [0] * 16, cages)
        assert bool(cage_splitting(board)) is cut, op


def test_cage_splitting_finds_nothing_without_cages_but_reads_the_clock() -> None:
    units = regions_of(4, (2, 2))
    assert cage_splitting(Board(units, [0] * 16)) == []
    stopped = Board(units, [0] * 16, Clock(timeout=0))
    try:
        cage_splitting(stopped)
    except Exception as error:  # dlx.BudgetExceeded
        assert type(error).__name__ == "BudgetExceeded"
    else:
        raise AssertionError("the clock was not read")
