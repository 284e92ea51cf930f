"""Locked candidates read from places (:func:`sudoku.techniques.locked_from_places`).

The dynamic forcing chains ask for the first pointing or claiming find
thousands of times, with each unit's places of each value at hand; the
reading by place must give the find :func:`sudoku.techniques.locked_sets`
gives by cell, first of all in SE's order, on every board and for every
set of units asked about.
"""

from __future__ import annotations

import random

import pytest
from dlx_helpers import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku.regions import Regions, regions_of
from sudoku.techniques import Board, locked_from_places, locked_sets

SE_RATED = ROOT / "tests" / "data" / "sudoku9_se_rated_1284.tsv"
SIXTEEN = "".join((ROOT / "docs" / "examples" / "sudoku16.in").read_text().split())
JIGSAW6 = "AAABBBAACCBBDACCBFDDCCFFDDEEEFDEEEFF"


def places_of(board: Board) -> list[int]:
    """Each unit's places of each value, as bits of the unit's cells (by cell)."""
    layout = board.layout
    return [
        sum(1 << i for i, c in enumerate(unit) if board.cand[c] >> v & 1)
        for unit in layout.units
        for v in range(layout.size)
    ]


def narrowed(units: Regions, values: list[int], seed: int, cuts: int) -> Board:
    """A board of ``values`` with ``cuts`` random candidates removed (two kept per cell)."""
    board = Board(units, values)
    rng = random.Random(seed)
    for _ in range(cuts):
        cell = rng.randrange(len(values))
        bits = board.cand[cell]
        if bits.bit_count() > 2:
            ones = [v for v in range(units.size) if bits >> v & 1]
            board.cand[cell] = bits & ~(1 << rng.choice(ones))
    return board


def assert_same_first_find(board: Board, wanted: int) -> bool:
    """The first find by place is the first by cell; whether there is one."""
    layout = board.layout
    only = {u for u in range(len(layout.units)) if wanted >> u & 1}
    by_cell = next(locked_sets(board, units=only), None)
    assert locked_from_places(layout, board.cand, places_of(board), wanted) == by_cell
    return by_cell is not None


def puzzle_values(line: int) -> list[int]:
    puzzle = SE_RATED.read_text().splitlines()[line].split("\t")[0]
    return [0 if ch == "." else int(ch) for ch in puzzle]


@settings(max_examples=60, deadline=None)
@given(
    line=st.integers(0, 1283),
    seed=st.integers(0, 2**32),
    cuts=st.integers(0, 120),
    wanted=st.integers(0, 2**27 - 1),
)
def test_9x9_boards_give_the_same_first_find(
    line: int, seed: int, cuts: int, wanted: int
) -> None:
    board = narrowed(regions_of(9, (3, 3)), puzzle_values(line), seed, cuts)
    assert_same_first_find(board, wanted)
    assert_same_first_find(board, 2**27 - 1)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), cuts=st.integers(0, 600), wanted=st.integers(0))
def test_16x16_boards_give_the_same_first_find(
    seed: int, cuts: int, wanted: int
) -> None:
    values = [0 if ch == "-" else ord(ch) - 64 for ch in SIXTEEN]
    board = narrowed(regions_of(16, (4, 4)), values, seed, cuts)
    assert_same_first_find(board, wanted % 2**48)
    assert_same_first_find(board, 2**48 - 1)


def test_jigsaw_regions_give_the_same_first_find() -> None:
    # Regions that meet a line in one cell make no pair there.
    units = regions_of(6, None, None, JIGSAW6)
    found = 0
    for seed in range(200):
        board = narrowed(units, [0] * 36, seed, 60)
        found += assert_same_first_find(board, random.Random(seed).getrandbits(18))
    assert 20 <= found < 200


def test_finds_and_none_both_occur() -> None:
    # Not only finds: with no unit asked about, or a board without any.
    board = Board(regions_of(9, (3, 3)), puzzle_values(0))
    assert not assert_same_first_find(board, 0)
    assert assert_same_first_find(narrowed(board.regions, puzzle_values(0), 3, 80), -1)


@pytest.mark.parametrize("variant", ["x", "windoku"])
def test_a_variants_units_are_left_to_the_reading_by_cell(variant: str) -> None:
    board = Board(regions_of(9, (3, 3), variant), [0] * 81)
    assert locked_from_places(board.layout, board.cand, places_of(board), -1) is False
