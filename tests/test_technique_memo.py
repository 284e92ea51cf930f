"""Techniques that look again only where the board changed find what a fresh look finds.

``Board.changed_since`` and ``Board.found_nothing`` let a technique that
found nothing skip, on its next look, the groups of cells (aligned triplet
exclusion) or the values (chains of strong links) that no candidate left
since.  A copy of a board starts without that memory, so the technique on
the board and on a fresh copy must give the same hint at every state, as
the board is narrowed along the explainer's own steps and at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sudoku_helpers import LOCAL_DATA

from sudoku.regions import regions_of
from sudoku.steps import next_hint
from sudoku.techniques import (
    Board,
    Hint,
    aligned_triplet_exclusion,
    four_strong_links,
    three_strong_links,
    two_strong_links,
)

SE_RATED = LOCAL_DATA / "sudoku9_se_rated_1284.tsv"

#: The techniques that remember where they found nothing, by the name they
#: remember under.
REMEMBERING: dict[str, Callable[[Board], list[Hint]]] = {
    "aligned triplet exclusion": aligned_triplet_exclusion,
    "2 strong links": two_strong_links,
    "3 strong links": three_strong_links,
    "4 strong links": four_strong_links,
}


def hard_puzzles(low: float, high: float, count: int) -> list[str]:
    """The first ``count`` puzzles of the rated bank with a rating in [low, high)."""
    rows = [line.split("\t") for line in SE_RATED.read_text().splitlines()]
    return [p for p, r in rows if low <= float(r) < high][:count]


def board_of(puzzle: str) -> Board:
    values = [0 if ch in ".0" else int(ch) for ch in puzzle]
    return Board(regions_of(9, (3, 3)), values)


def same_as_fresh(board: Board, technique: Callable[[Board], list[Hint]]) -> list[Hint]:
    """The technique's hint on ``board``, checked against a copy without memory."""
    fresh = technique(board.copy())
    found = technique(board)
    assert found == fresh
    return found


def narrow_at_random(board: Board, rng: random.Random, count: int) -> None:
    """Take ``count`` candidates out of cells that keep one at least."""
    for _ in range(count):
        cells = [c for c, bits in enumerate(board.cand) if bits.bit_count() >= 2]
        if not cells:
            return
        cell = rng.choice(cells)
        bits = board.cand[cell]
        values = [v for v in range(9) if bits >> v & 1]
        board.cand[cell] &= ~(1 << rng.choice(values))


@pytest.mark.parametrize("name", REMEMBERING)
def test_along_the_explainers_steps(name: str) -> None:
    """Each state of the explainer's path: the memory changes no hint."""
    technique = REMEMBERING[name]
    remembered = 0
    for puzzle in hard_puzzles(7.0, 8.0, 2):
        board = board_of(puzzle)
        while not board.solved():
            remembered += name in board.unchanged
            same_as_fresh(board, technique)
            hint = next_hint(board)
            assert hint is not None
            board.apply(hint)
    # The memory was there to be used on many looks.
    assert remembered >= 10, remembered


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    name=st.sampled_from(sorted(REMEMBERING)),
    steps=st.lists(st.integers(1, 6), min_size=3, max_size=8),
)
def test_narrowed_at_random(seed: int, name: str, steps: list[int]) -> None:
    """Random narrowings between looks, a few candidates at a time."""
    technique = REMEMBERING[name]
    rng = random.Random(seed)
    board = board_of(rng.choice(hard_puzzles(6.0, 9.5, 40)))
    for count in steps:
        same_as_fresh(board, technique)
        narrow_at_random(board, rng, count)
    same_as_fresh(board, technique)


@pytest.mark.parametrize("name", REMEMBERING)
def test_a_board_that_gained_a_candidate_is_looked_at_whole(name: str) -> None:
    """Candidates put back after a look that found nothing: the memory is not used.

    Along the explainer's path, at the first state where the technique
    finds something, its own hints are applied until it finds nothing;
    then the candidates of that state are put back.
    """
    technique = REMEMBERING[name]
    tried = 0
    for puzzle in hard_puzzles(6.0, 9.0, 12):
        board = board_of(puzzle)
        while not board.solved() and not technique(board.copy()):
            hint = next_hint(board)
            assert hint is not None
            board.apply(hint)
        if board.solved():
            continue
        before = board.cand[:]
        for _ in range(50):
            found = technique(board)
            if not found:
                break
            assert not found[0].placements
            board.apply(found[0])
        assert name in board.unchanged
        board.cand[:] = before
        assert technique(board) == technique(board.copy()) != []
        tried += 1
        if tried == 3:
            break
    assert tried == 3


def test_changed_since_names_the_cells_and_the_candidates_they_lost() -> None:
    board = board_of(hard_puzzles(7.0, 9.0, 1)[0])
    assert board.changed_since("x") is None  # never recorded
    board.found_nothing("x")
    cells = [c for c, bits in enumerate(board.cand) if bits.bit_count() >= 3][:2]
    lost = {}
    for cell in cells:
        low = board.cand[cell] & -board.cand[cell]
        board.cand[cell] &= ~low
        lost[cell] = low
    assert board.changed_since("x") == lost
    assert board.changed_since("x") is None  # asking uses the record up
    assert board.copy().unchanged == {}
