"""Explanations (sudoku.explain, sudoku.hint): every step checked against the puzzle's solution.

Three kinds of check:

* soundness: on every puzzle explained, the steps are replayed from what
  a :class:`sudoku.Step` says (its placements and eliminations, as rows,
  columns and symbols) over candidates worked out here: no placement
  differs from the solution (found by :func:`sudoku.solve`), no
  elimination removes the solution's symbol, every placement and
  elimination is of a candidate still there, and the steps fill the grid;
* ratings: against Sukaku Explainer's ratings of the public puzzle bank
  in ``tests/data/sudoku9_se_rated_1284.tsv`` (a sample here, every
  puzzle in the slow test);
* the interface: errors, hints, variants, text, pictures.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sudoku_helpers import LOCAL_DATA, local_lines, replay, shared_lines

import sudoku
from sudoku import (
    ConflictError,
    MultipleSolutionsError,
    NoSolutionError,
    explain,
    hint,
    steps,
)
from sudoku.explainer import SEARCH_RATING
from sudoku.grid import Grid
from sudoku.techniques import Board, bug, unique_loop

SE_RATED = LOCAL_DATA / "sudoku9_se_rated_1284.tsv"


def se_rated() -> list[tuple[str, float]]:
    """The bank's puzzles with their SE ratings, in the file's order."""
    rows = []
    for line in SE_RATED.read_text().splitlines():
        puzzle, rating = line.split("\t")
        rows.append((puzzle, float(rating)))
    return rows


def sample(
    rows: Sequence[tuple[str, float]], per_rating: int, upto: float
) -> list[tuple[str, float]]:
    """The first ``per_rating`` puzzles of each rating up to ``upto``."""
    taken: dict[float, int] = {}
    out = []
    for puzzle, rating in rows:
        if rating <= upto and taken.get(rating, 0) < per_rating:
            taken[rating] = taken.get(rating, 0) + 1
            out.append((puzzle, rating))
    return out


def test_the_steps_of_norvigs_top95_are_sound() -> None:
    for line in local_lines("sudoku9_norvig_top95.txt")[:8]:
        replay(line, explain(line))


def test_the_steps_of_the_rated_bank_are_sound() -> None:
    # One puzzle of each rating up to 6.4, and three solved by chains.
    rows = sample(se_rated(), 1, 6.4)
    rows += [next((p, r) for p, r in se_rated() if r == se) for se in (6.7, 7.8, 8.4)]
    for puzzle, _ in rows:
        replay(puzzle, explain(puzzle))


@pytest.mark.slow
def test_every_puzzle_of_the_rated_bank_is_sound() -> None:
    for puzzle, _ in se_rated():
        replay(puzzle, explain(puzzle))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "count"),
    [("sudoku9_magictour_top1465.txt", None), ("sudoku9_forum_hardest_1106.txt", 60)],
)
def test_the_public_hard_lists_are_sound(name: str, count: int | None) -> None:
    # 1,525 hard puzzles more (from ../shared/data; skipped without it),
    # every step checked against the solution: top1465 whole, and the
    # first 60 of the forum's hardest (SE 10 and more, seconds each).
    for puzzle in shared_lines(name, count):
        replay(puzzle, explain(puzzle))


def agreement(rows: Sequence[tuple[str, float]]) -> float:
    return sum(explain(p).rating == se for p, se in rows) / len(rows)


def test_the_ratings_agree_with_sudoku_explainer_up_to_4_5() -> None:
    # Four puzzles of each of the 14 rating values from 2.5 to 4.5.
    rows = sample(se_rated(), 4, 4.5)
    assert len(rows) == 56
    assert agreement(rows) >= 0.95


@pytest.mark.slow
def test_every_rating_up_to_4_5_agrees_with_sudoku_explainer() -> None:
    rows = [(p, r) for p, r in se_rated() if r <= 4.5]
    assert agreement(rows) >= 0.95


def test_the_hardest_step_is_the_rating_and_the_pearl_comes_first() -> None:
    puzzle = next(p for p, r in se_rated() if r == 3.2)
    e = explain(puzzle)
    assert e.rating == 3.2
    assert e.diamond == e.steps[0].rating
    first_placing = next(k for k, s in enumerate(e.steps) if s.placements)
    assert e.pearl == max(s.rating for s in e.steps[: first_placing + 1])
    assert any(s.technique == "X-wing" for s in e.steps)
    assert e.solution == sudoku.solve(puzzle)


def test_a_hint_is_the_first_step_and_a_full_grid_has_none() -> None:
    puzzle = local_lines("sudoku9_norvig_top95.txt")[0]
    first = explain(puzzle).steps[0]
    step = hint(puzzle)
    assert step is not None
    assert (step.text, step.placements, step.eliminations) == (
        first.text,
        first.placements,
        first.eliminations,
    )
    solved = sudoku.solve(puzzle)
    assert hint(solved) is None
    assert explain(solved).steps == ()
    assert explain(solved).rating == 0.0


def test_the_text_names_cells_symbols_and_units() -> None:
    step = hint("1......2..4..3..")
    assert step is not None
    assert step.text == "r1c2 = 2: hidden single in box 1"
    assert step.placements == ((0, 1, "2"),)
    assert step.units == ("box 1",)
    assert str(step) == step.text
    letters = hint("A......B..D..C..", alphabet="ABCD")
    assert letters is not None and letters.text == "r1c2 = B: hidden single in box 1"


def test_errors_are_those_of_solve() -> None:
    with pytest.raises(
        MultipleSolutionsError, match="an explanation needs a unique one"
    ):
        explain("." * 81)
    with pytest.raises(MultipleSolutionsError):
        hint("." * 16)
    with pytest.raises(ConflictError):
        explain("11" + "." * 79)
    # r1c3 has no symbol left: 1 and 2 in its row, 3 and 4 in its column.
    with pytest.raises(NoSolutionError, match="no solution"):
        explain("12....3...4.....")
    assert explain("1......2..4..3..").rating == 1.2


@pytest.mark.parametrize(
    ("options", "puzzle"),
    [
        ({"variant": "x"}, "..24........13.."),
        (
            {"regions": ["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"]},
            "..3.5..........2..1......",
        ),
    ],
)
def test_variants_explain_over_their_units(
    options: dict[str, object], puzzle: str
) -> None:
    e = explain(puzzle, **options)  # type: ignore[arg-type]
    replay(puzzle, e, **options)  # type: ignore[arg-type]
    assert e.steps


def test_deadly_patterns_count_the_variants_units() -> None:
    # A unique rectangle (or a BUG) must keep every unit, diagonals and
    # windows too: these X puzzles have rectangles that would break a
    # diagonal, and once lost the answer (a review found them).
    for puzzle in (
        sudoku.generate_puzzle((3, 3), seed=7, variant="x").puzzle,
        ".6..4.1..1....24..8.......2...7.1..5..6..8..9.....68.7...91..249...2.7..........1",
    ):
        replay(puzzle, explain(puzzle, variant="x"), variant="x")
    windoku = "..235741.453.91782..748.53.5.123.9.76798.53..2.49.685.928.63.453165.927.745128.9."
    grid = Grid.parse(windoku)
    units = sudoku.units_of(grid, "windoku", None)
    assert units is not None
    board = Board(units, grid.values)
    solution = Grid.parse(sudoku.solve(windoku, variant="windoku")).values
    for found in unique_loop(board) + bug(board):
        assert all(solution[c] != v for c, v in found.eliminations), found


def test_sixteen_by_sixteen_puzzles_explain() -> None:
    for line in local_lines("sudoku16_gecode_janko55.txt")[:3]:
        e = explain(line, alphabet="123456789ABCDEFG")
        replay(line, e, alphabet="123456789ABCDEFG")
        assert e.rating >= 1.0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from(
        [
            ((2, 2), None),
            ((2, 3), None),
            ((3, 3), None),
            ((2, 2), "x"),
            ((3, 3), "x"),
            ((3, 3), "windoku"),
        ]
    ),
)
def test_generated_puzzles_explain_soundly(
    seed: int, shape: tuple[tuple[int, int], str | None]
) -> None:
    box, variant = shape
    puzzle = sudoku.generate_puzzle(box, seed=seed, variant=variant).puzzle
    options = {} if variant is None else {"variant": variant}
    replay(puzzle, explain(puzzle, **options), **options)  # type: ignore[arg-type]


def test_a_step_draws_itself() -> None:
    puzzle = next(p for p, r in se_rated() if r == 2.6)
    e = explain(puzzle)
    pointing = next(s for s in e.steps if s.technique in ("pointing", "claiming"))
    svg = pointing.to_svg()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert pointing._repr_svg_() == pointing.to_svg(48)
    # Each eliminated candidate is struck through in red.
    assert svg.count('stroke="#c0392b"') == len(pointing.eliminations)
    with pytest.raises(sudoku.SudokuError, match="pixels"):
        pointing.to_svg(10)


def test_searching_is_a_step_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # With the singles alone, a hard puzzle needs search steps: each places
    # the solution's symbol in a cell of fewest candidates.
    monkeypatch.setattr(steps, "TECHNIQUES", steps.TECHNIQUES[:1])
    puzzle = next(p for p, r in se_rated() if r == 3.2)
    e = explain(puzzle)
    replay(puzzle, e)
    searched = [s for s in e.steps if s.technique == "search"]
    assert searched and all(s.rating == SEARCH_RATING for s in searched)
    assert all(len(s.placements) == 1 and not s.eliminations for s in searched)
    assert e.rating == SEARCH_RATING
    assert searched[0].text.endswith(": search")
    # Said where a player reads it: the first line, the rating's mark.
    assert (e.by_logic, e.searches) == (False, len(searched))
    assert e.rating_text == f"{SEARCH_RATING:.1f}+"
    head = str(e).splitlines()[0]
    words = "step" if len(searched) == 1 else "steps"
    assert head.startswith(f"rating {SEARCH_RATING:.1f}+ (pearl ")
    assert head.endswith(
        f"): logic ran out, {len(searched)} {words} taken from the solution by search"
    )
    monkeypatch.undo()
    full = explain(puzzle)
    assert (full.by_logic, full.searches, full.rating_text) == (True, 0, "3.2")
    assert "search" not in str(full).splitlines()[0]
