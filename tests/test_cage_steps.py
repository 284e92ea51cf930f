"""The techniques that read cages (:mod:`sudoku.cage_steps`), against every grid a puzzle allows.

On 4x4 shapes the oracle of ``tests/cage_oracles.py`` lists every
complete grid; a random solution cut into random cages, some givens
kept, leaves the grids that the puzzle allows.  A step is sound when it
removes no digit that one of them has in that cell; the steps are
applied one after another until none is left (all five cage techniques
together here; ``tests/test_cage_split.py`` and
``tests/test_hidden_cages.py`` try the newer ones each alone).  On the 9×9 killers of
``docs/examples/killer.txt`` (one solution each) the same holds of the
solution, and the steps remove candidates on every one of them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from cage_oracles import (
    SHAPES4,
    every_grid,
    example_puzzles,
    holds,
    make_cages,
    oracle_cages,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sudoku_helpers import replay

import sudoku
from sudoku import regions_of
from sudoku.cage_steps import (
    TECHNIQUE_NAMES,
    CageBoard,
    cage_combinations,
    cage_pointing,
    cage_splitting,
    hidden_cages,
    rule_of_45,
)
from sudoku.cages import read_cages
from sudoku.explainer import ContradictionError
from sudoku.steps import TECHNIQUES, UNIQUENESS, Finder, next_hint
from sudoku.techniques import Board, Hint

#: At most this many rounds on one board (a round removes a candidate at least).
MOST_STEPS = 200


def allowed_grids(
    grids: Sequence[Sequence[int]],
    cages: Sequence[tuple[object, ...]],
    givens: Sequence[int],
    size: int,
) -> list[Sequence[int]]:
    """The complete grids that keep the givens and every cage's rule."""
    read = oracle_cages(cages, size)
    return [
        grid
        for grid in grids
        if all(not v or grid[c] == v for c, v in enumerate(givens))
        and all(
            holds(op, target, [grid[c] for c in cells]) for target, op, cells in read
        )
    ]


def cage_hints(board: Board) -> list[Hint]:
    return (
        cage_combinations(board)
        + rule_of_45(board)
        + cage_splitting(board)
        + hidden_cages(board)
        + cage_pointing(board)
    )


def steps_keep(board: CageBoard, grids: Sequence[Sequence[int]]) -> int:
    """Apply the cage steps until none is left, checking each against ``grids``; the candidates removed.

    Each round checks and applies every hint found (each is sound on its
    own, so all of them together are).
    """
    removed = 0
    for _ in range(MOST_STEPS):
        hints = cage_hints(board)
        if not hints:
            return removed
        for hint in hints:
            assert hint.eliminations, hint
            assert not hint.placements
            for cell, value in hint.eliminations:
                assert board.cand[cell] >> (value - 1) & 1, (hint, cell, value)
                kept = [g for g in grids if g[cell] == value]
                assert not kept, f"{hint.technique} removed {value} from cell {cell}"
        for hint in hints:
            removed += sum(
                board.cand[cell] >> (value - 1) & 1 for cell, value in hint.eliminations
            )
            board.apply(hint)
    raise AssertionError(f"more than {MOST_STEPS} rounds")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES4))
def test_cage_steps_keep_every_grid_the_puzzle_allows(
    rng: random.Random, shape: tuple[int, tuple[int, int] | None, str, None]
) -> None:
    size, box, variant, _ = shape
    grids = every_grid(size, box, variant)
    solution = rng.choice(grids)
    cages = make_cages(rng, size, solution, cover=rng.choice([0.3, 0.7, 1.0]))
    givens = [v if rng.random() < 0.15 else 0 for v in solution]
    kept = allowed_grids(grids, cages, givens, size)
    assert solution in kept
    units = regions_of(size, box, variant or None)
    board = CageBoard(units, givens, read_cages(cages, size))
    steps_keep(board, kept)
    # What is left still has every grid the puzzle allows.
    for grid in kept:
        for cell, value in enumerate(grid):
            assert board.values[cell] == value or board.cand[cell] >> (value - 1) & 1


def test_the_steps_remove_candidates_on_most_small_puzzles() -> None:
    """Not sound by doing nothing: on seeded 4x4 killers the steps remove candidates."""
    rng = random.Random(45)
    grids = every_grid(4, (2, 2), "")
    busy = 0
    for _ in range(40):
        solution = rng.choice(grids)
        cages = make_cages(rng, 4, solution, cover=1.0)
        kept = allowed_grids(grids, cages, [0] * 16, 4)
        board = CageBoard(regions_of(4, (2, 2)), [0] * 16, read_cages(cages, 4))
        busy += steps_keep(board, kept) > 0
    assert busy >= 30, busy


@pytest.mark.parametrize(
    ("name", "variant"), [("killer.txt", None), ("kenken.txt", "latin")]
)
def test_the_example_puzzles_lose_candidates_their_solution_keeps(
    name: str, variant: str | None
) -> None:
    for lines, cages in example_puzzles(name)[:6]:
        size = len(lines)
        blank = "." * size * size
        solution = [
            int(ch) for ch in str(sudoku.solve(blank, cages=cages, variant=variant))
        ]
        units = regions_of(size, None if variant else (3, 3), variant)
        board = CageBoard(units, [0] * size * size, read_cages(cages, size))
        assert steps_keep(board, [solution]) > 0


def test_a_board_without_cages_gets_no_cage_step() -> None:
    units = regions_of(4, (2, 2))
    assert cage_combinations(Board(units, [0] * 16)) == []
    assert rule_of_45(Board(units, [0] * 16)) == []
    assert cage_splitting(Board(units, [0] * 16)) == []
    assert hidden_cages(Board(units, [0] * 16)) == []
    assert cage_pointing(Board(units, [0] * 16)) == []
    # A copy (as forcing chains make) is a plain board.
    board = CageBoard(units, [0] * 16, read_cages([(3, [(0, 0), (0, 1)])], 4))
    assert cage_combinations(board) and cage_combinations(board.copy()) == []


def test_a_filled_cage_gets_no_step_and_a_broken_one_none() -> None:
    units = regions_of(4, (2, 2))
    cages = read_cages([(3, [(0, 0), (0, 1)])], 4)
    full = CageBoard(units, [1, 2] + [0] * 14, cages)
    assert cage_combinations(full) == []
    # 4 in r1c1: no combination fits; the step says nothing (the contradiction
    # shows as a cell without candidate once the board goes on).
    broken = CageBoard(units, [4] + [0] * 15, cages)
    assert cage_combinations(broken) == []


def test_uniqueness_techniques_are_left_out_with_cages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tried: list[str] = []

    def spy(name: str) -> Finder:
        def find(board: Board) -> list[Hint]:
            tried.append(name)
            return []

        return Finder(name, 1.0, find)

    monkeypatch.setattr(
        "sudoku.steps.TECHNIQUES", tuple(spy(t.name) for t in TECHNIQUES)
    )
    units = regions_of(4, (2, 2))
    assert next_hint(Board(units, [0] * 16)) is None
    assert set(tried) >= UNIQUENESS
    tried.clear()
    cages = read_cages([(3, [(0, 0), (0, 1)])], 4)
    assert next_hint(CageBoard(units, [0] * 16, cages)) is None
    assert set(tried) == {t.name for t in TECHNIQUES} - UNIQUENESS


# -- the explainer with cages ----------------------------------------------------------


def unique_killers(seed: int, count: int) -> list[tuple[str, list[tuple[object, ...]]]]:
    """Seeded 4x4 killers (some givens kept) that have one solution, as (puzzle, cages)."""
    rng = random.Random(seed)
    grids = every_grid(4, (2, 2), "")
    found: list[tuple[str, list[tuple[object, ...]]]] = []
    while len(found) < count:
        solution = rng.choice(grids)
        cages = make_cages(rng, 4, solution, cover=1.0)
        puzzle = "".join(str(v) if rng.random() < 0.1 else "." for v in solution)
        if (
            len(
                allowed_grids(
                    grids, cages, [int(c) if c != "." else 0 for c in puzzle], 4
                )
            )
            == 1
        ):
            found.append((puzzle, cages))
    return found


def test_explain_takes_cages_and_every_step_holds() -> None:
    """Explained with their cages, small killers are solved; each step is replayed against the solution."""
    caged = 0
    for puzzle, cages in unique_killers(44, 30):
        explanation = sudoku.explain(puzzle, cages=cages)
        replay(puzzle, explanation, cages=cages)
        for step in explanation.steps:
            assert step.technique not in UNIQUENESS
            if step.technique in TECHNIQUE_NAMES:
                caged += 1
                assert step.text.split(": ", 1)[1].startswith(step.technique)
                assert len(step.cages) == len(cages)
    assert caged, "no step read a cage"


def test_a_cage_steps_picture_outlines_the_cages() -> None:
    puzzle, cages = unique_killers(7, 1)[0]
    step = sudoku.hint(puzzle, cages=cages)
    assert step is not None
    assert step.to_svg().count('<g class="cage">') == len(cages)
    plain = sudoku.hint("1......2..4..3..")
    assert plain is not None and '<g class="cage">' not in plain.to_svg()


def test_a_killer_of_the_examples_is_explained_without_a_search_step() -> None:
    """docs/examples/killer.txt, seed 7: no givens, one solution, solved by hand to the end."""
    _, cages = example_puzzles("killer.txt")[6]
    explanation = sudoku.explain("." * 81, cages=cages)
    replay("." * 81, explanation, cages=cages)
    assert all(step.technique != "search" for step in explanation.steps)
    assert explanation.steps[0].technique == "cage combinations"


def test_a_killer_without_solution_is_explained_with_its_cages() -> None:
    """A given the cages rule out: the contradiction rests on it and the cages."""
    cages: list[tuple[object, ...]] = [(3, [(0, 0), (0, 1)]), (7, [(0, 2), (0, 3)])]
    puzzle = "4" + "." * 15  # a 4 in a cage of total 3
    with pytest.raises(ContradictionError) as caught:
        sudoku.explain(puzzle, cages=cages)
    error = caught.value
    assert error.givens == [(0, 0, "4")]
    assert error.givens == sudoku.conflicts(puzzle, cages=cages)
    why = error.contradiction
    assert why is not None and why.kind in ("cage", "cell")
    # Without the cages the same given has solutions.
    assert sudoku.count(puzzle, limit=1) == 1
