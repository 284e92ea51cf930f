"""Puzzles generated to a Sudoku Explainer rating (``rating=``, ``sudoku generate --rating``).

Every puzzle made is checked by :func:`sudoku.explain`, which knows
nothing of the band: its rating is in the band and equal to the one
recorded, every step is logic, the puzzle has one solution and is minimal.
The rating of the generator (:func:`sudoku.steps.rating_up_to`, which
never tries the techniques rated only above the band) is checked against
the explainer's on puzzles rated 1.2 to 9.0 by Sukaku Explainer.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import pytest
from dlx_helpers import ROOT, interrupt_on_a_terminal

import sudoku
from dlx import Progress
from sudoku import SudokuError
from sudoku.cli import main
from sudoku.generator import (
    GenerationProgress,
    GenerationStopped,
    band_text,
    generate_puzzle,
)
from sudoku.regions import regions_of
from sudoku.steps import TECHNIQUES, next_hint, rating_up_to
from sudoku.techniques import Board

SE_RATED = ROOT / "tests" / "data" / "sudoku9_se_rated_1284.tsv"


def values(puzzle: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in puzzle]


def assert_minimal(puzzle: str) -> None:
    """Emptying any one given leaves more than one solution (symmetry "none")."""
    for k, ch in enumerate(puzzle):
        if ch != ".":
            assert sudoku.count(puzzle[:k] + "." + puzzle[k + 1 :], limit=2) == 2, k


def se_sample(per_rating: int) -> list[tuple[str, float]]:
    """The first ``per_rating`` puzzles of each SE rating of the rated bank."""
    seen: dict[float, int] = {}
    sample = []
    for line in SE_RATED.read_text().splitlines():
        puzzle, rating = line.split("\t")
        if seen.get(float(rating), 0) < per_rating:
            seen[float(rating)] = seen.get(float(rating), 0) + 1
            sample.append((puzzle, float(rating)))
    return sample


# -- the rating of a solve by hand, cut at a ceiling --------------------------------


@pytest.mark.slow
def test_rating_up_to_is_the_explainers_rating_on_the_rated_bank() -> None:
    units = regions_of(9, (3, 3))
    checked = 0
    for puzzle, _ in se_sample(1):
        explanation = sudoku.explain(puzzle)
        rating = rating_up_to(Board(units, values(puzzle)))
        if not explanation.by_logic:
            assert rating is None, puzzle
            continue
        assert rating == explanation.rating, puzzle
        checked += 1
    assert checked >= 40


@pytest.mark.parametrize("line", range(0, 1284, 97))
def test_a_ceiling_cuts_exactly_above_the_rating(line: int) -> None:
    # A ceiling at the rating gives it; just below, nothing, whatever the
    # techniques skipped: the explainer's rating decides.
    puzzle = SE_RATED.read_text().splitlines()[line].split("\t")[0]
    explanation = sudoku.explain(puzzle, timeout=120)
    units = regions_of(9, (3, 3))
    top = explanation.rating
    if explanation.by_logic:
        assert rating_up_to(Board(units, values(puzzle)), top) == top
    else:
        assert rating_up_to(Board(units, values(puzzle)), 10.0) is None
    assert rating_up_to(Board(units, values(puzzle)), round(top - 0.1, 1)) is None


def test_next_hint_gives_up_only_where_every_technique_left_is_rated_above() -> None:
    # Arto Inkala's puzzle: its first step is a dynamic forcing chain (+),
    # whose hints are rated 9.0 and up (only the nested forcing chains,
    # 9.5 and up, come after).
    inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    board = Board(regions_of(9, (3, 3)), values(inkala))
    first = next_hint(board)
    plus = next(t for t in TECHNIQUES if t.name == "dynamic forcing chains (+)")
    assert min(t.rating for t in TECHNIQUES[TECHNIQUES.index(plus) :]) == plus.rating
    assert first is not None and first.rating > plus.rating
    # From 9.0 on, the technique could rate a hint at the ceiling:
    # the techniques run as without one, and the same hint comes.
    assert next_hint(board, plus.rating) == first
    assert next_hint(board, first.rating - 0.1) == first
    # Below 9.0 every technique left rates above: nothing is tried.
    assert next_hint(board, plus.rating - 0.1) is None
    assert next_hint(board, 1.0) is None


@pytest.mark.parametrize("line", [680, 778, 833])
def test_next_hint_under_a_ceiling_is_the_hint_or_nothing(line: int) -> None:
    # Along the explainer's own path (puzzles with a UVWXYZ-wing, rated
    # 6.6, before the forcing chains, rated 6.5): at or above the hint's
    # rating the ceiling changes nothing; below it, the same hint or none.
    puzzle = SE_RATED.read_text().splitlines()[line].split("\t")[0]
    board = Board(regions_of(9, (3, 3)), values(puzzle))
    techniques = set()
    while not board.solved():
        found = next_hint(board)
        assert found is not None
        techniques.add(found.technique)
        assert next_hint(board, found.rating) == found
        below = next_hint(board, round(found.rating - 0.1, 1))
        assert below is None or below == found
        board.apply(found)
    assert "UVWXYZ-wing" in techniques


# -- generate(rating=) ----------------------------------------------------------------


@pytest.mark.parametrize("low", [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0])
def test_the_puzzle_made_is_rated_in_the_band(low: float) -> None:
    band = (low, low + 1.0)
    made = generate_puzzle(seed=11, symmetry="none", rating=band)
    explanation = sudoku.explain(made.puzzle)
    assert explanation.by_logic
    assert made.rating == explanation.rating
    assert low <= explanation.rating <= low + 1.0
    assert sudoku.count(made.puzzle, limit=2) == 1
    assert sudoku.solve(made.puzzle) == made.solution
    assert_minimal(made.puzzle)
    assert made.grade is None
    assert made == generate_puzzle(seed=11, symmetry="none", rating=band)


def test_one_rating_is_a_band_of_one_and_the_string_says_so() -> None:
    made = generate_puzzle(seed=1, rating=4.2)
    assert made.rating == sudoku.explain(made.puzzle).rating == 4.2
    assert sudoku.generate(seed=1, rating=4.2) == made.puzzle
    assert band_text((4.2, 4.2)) == "4.2"


JIGSAW5 = ["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"]


@pytest.mark.parametrize(
    ("kwargs", "units"),
    [
        ({"variant": "x"}, {"variant": "x"}),
        ({"variant": "x", "symmetry": "mirror"}, {"variant": "x"}),
        ({"variant": "latin", "size": 6}, {"variant": "latin"}),
        ({"regions": JIGSAW5}, {"regions": JIGSAW5}),
    ],
)
def test_variants_are_rated_with_their_units(
    kwargs: dict[str, object], units: dict[str, object]
) -> None:
    made = generate_puzzle(seed=2, rating=(1.0, 4.5), **kwargs)  # type: ignore[arg-type]
    explanation = sudoku.explain(made.puzzle, **units)  # type: ignore[arg-type]
    assert made.rating == explanation.rating
    assert 1.0 <= explanation.rating <= 4.5
    assert sudoku.count(made.puzzle, limit=2, **units) == 1  # type: ignore[arg-type]


def test_givens_and_rating_both_hold() -> None:
    made = generate_puzzle(seed=3, rating=(1.0, 2.0), givens=26, tries=400)
    assert made.reached and made.givens <= 26
    assert made.rating is not None and 1.0 <= made.rating <= 2.0
    assert made.rating == sudoku.explain(made.puzzle).rating


def test_not_minimal_puzzles_are_rated_too() -> None:
    # Digging stops at the first orbit that cannot go: more givens, and
    # the rating is still the explainer's.
    made = generate_puzzle(seed=4, minimal=False, rating=(1.0, 1.5))
    minimal = generate_puzzle(seed=4, rating=(1.0, 1.5))
    assert made.givens > minimal.givens
    assert made.rating == sudoku.explain(made.puzzle).rating <= 1.5
    assert sudoku.count(made.puzzle, limit=2) == 1


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"rating": (5.0, 4.0)}, "rating=(5.0, 4.0) is not a rating or a band"),
        ({"rating": "hard"}, "rating='hard' is not a rating or a band"),
        ({"rating": (1.0, 2.0, 3.0)}, "is not a rating or a band"),
        ({"rating": -1}, "rating=-1 is not a rating or a band"),
        ({"rating": 12.5}, "rating=12.5 is not a rating or a band"),
        ({"rating": float("nan")}, "rating=nan is not a rating or a band"),
        ({"rating": True}, "rating=True is not a rating or a band"),
        # A band no puzzle can reach: refused, not 1000 tries in vain.
        ({"rating": (0, 0.5)}, "rating=(0, 0.5) lies below Sudoku Explainer's scale"),
        ({"rating": 0.9}, "rating=0.9 lies below Sudoku Explainer's scale"),
        ({"rating": 4, "grade": "easy"}, "rating= does not go with grade=: a puzzle"),
        ({"rating": 4, "cages": "killer"}, "rating= does not go with cages="),
        ({"rating": 4, "box": (4, 4)}, "rating= does not go with a 16x16 grid"),
        ({"rating": 4, "box": (3, 4)}, "rating= does not go with a 12x12 grid"),
        ({"tries": 3}, "tries= only goes with givens= or grade= or rating="),
        (
            {"rating": (9.8, 10.0), "tries": 3, "seed": 1},
            "no puzzle rated 9.8-10.0 in 3 tries (minimal puzzles rated above 8.5",
        ),
        # Above 10.0: the nested forcing chains rate so by logic (the
        # scale's top is sudoku.generator.HIGHEST_RATING, 12.0).
        (
            {"rating": (10.3, 12.0), "tries": 2, "seed": 1},
            "no puzzle rated 10.3-12.0 in 2 tries",
        ),
        ({"rating": 4.0, "tries": 2, "seed": 2}, "no puzzle rated 4.0 in 2 tries"),
    ],
)
def test_bad_ratings_and_misses_are_named(
    kwargs: dict[str, object], words: str
) -> None:
    with pytest.raises(SudokuError, match=re.escape(words)):
        sudoku.generate(**kwargs)  # type: ignore[arg-type]


def test_small_grids_take_a_rating() -> None:
    made = generate_puzzle((2, 3), seed=5, rating=(1.0, 3.0))
    explanation = sudoku.explain(made.puzzle, box=(2, 3))
    assert made.rating == explanation.rating
    assert 1.0 <= explanation.rating <= 3.0


def test_a_timeout_says_the_tries_finished_in_the_band() -> None:
    start = time.perf_counter()
    with pytest.raises(GenerationStopped) as stop:
        sudoku.generate(seed=1, rating=(9.8, 10.0), tries=1_000_000, timeout=1.5)
    assert time.perf_counter() - start < 1.5 + 0.15 + 1
    message = str(stop.value)
    assert re.search(r"no puzzle rated 9\.8-10\.0 in \d+ finished tr(y|ies)", message)


def test_progress_reports_the_rating_stage_and_may_stop_it() -> None:
    seen: list[GenerationProgress] = []

    class Enough(Exception):
        pass

    def watch(report: Progress) -> None:
        assert isinstance(report, GenerationProgress)
        seen.append(report)
        if report.stage == "rating":
            raise Enough

    # Rating takes most of each try (a band no try reaches): a report
    # comes there within seconds; the budget only bounds a broken test.
    with pytest.raises(Enough):
        sudoku.generate(
            seed=1, rating=(9.8, 10.0), tries=1_000_000, timeout=120, progress=watch
        )
    assert seen[-1].stage == "rating"
    assert seen[-1].attempts == 1_000_000
    assert all(r.tries >= 1 for r in seen)


# -- the command ------------------------------------------------------------------------


def test_cli_prints_puzzles_rated_in_the_band(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["generate", "--rating", "5.0-6.0", "--seed", "3", "--count", "2"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    for k, line in enumerate(lines):
        assert line == sudoku.generate(seed=3 + k, rating=(5.0, 6.0))
        assert 5.0 <= sudoku.explain(line).rating <= 6.0


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--rating", "5-4"], "argument --rating: '5-4' is not a rating or a band"),
        (["--rating", "hard"], "argument --rating: 'hard' is not a rating or a band"),
        (["--rating", "1-2-3"], "argument --rating: '1-2-3' is not a rating"),
        (["--rating", "12.5"], "argument --rating: '12.5' is not a rating"),
        (["--rating", "0-0.5"], "argument --rating: '0-0.5' lies below Sudoku E"),
        (["--rating", "4", "--grade", "easy"], "--rating does not go with --grade"),
        (["--rating", "4", "--cages", "killer"], "--rating does not go with --cages"),
        (["--rating", "4", "--box", "4x4"], "--rating does not go with a 16x16 grid"),
        (["--rating", "4", "--rating", "5"], "--rating given twice (4 and 5)"),
        (["--tries", "4"], "--tries only goes with --givens or --grade or --rating"),
    ],
)
def test_cli_bad_ratings_in_the_commands_words(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["generate", *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err
    assert "rating=" not in err and "grade=" not in err


def test_cli_a_band_missed_is_said_and_the_others_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["generate", "--rating", "9.8-10", "--tries", "3", "--seed", "1"])
    assert status == 1
    assert capsys.readouterr().err.strip() == (
        "sudoku generate: puzzle 1 (--seed 1): no puzzle rated 9.8-10.0 in 3 tries (minimal "
        "puzzles rated above 8.5 are rare, and those that need a search step have "
        "no rating: a larger --tries or another --seed may find one)"
    )
    status = main(["generate", "--rating", "4.0", "--tries", "2", "--seed", "2"])
    assert status == 1
    assert "no puzzle rated 4.0 in 2 tries" in capsys.readouterr().err


@pytest.mark.processes
def test_cli_in_a_pipe_prints_only_puzzles() -> None:
    args = ["generate", "--rating", "4.0-5.0", "--seed", "5", "--count", "2"]
    done = subprocess.run(
        [sys.executable, "-m", "sudoku", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines == [sudoku.generate(seed=s, rating=(4.0, 5.0)) for s in (5, 6)]


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_cli_on_a_terminal_shows_the_rating_and_stops_on_ctrl_c() -> None:
    # Ctrl-C once a progress line of the rating stage has shown.
    status, shown = interrupt_on_a_terminal(
        ["generate", "--rating", "9.8-10", "--tries", "1000000", "--seed", "1"],
        rb"sudoku generate: puzzle 1: try \d+ of 1000000, rating, ",
    )
    assert status == 130
    assert b"sudoku generate: interrupted after 0 puzzles printed" in shown
