"""A graded cage generation's progress counts the tries asked for (``tries=``, ``--tries``), not the grids inside each.

With ``grade=``, cage puzzles are made and graded until one has the
grade, up to ``tries`` of them; each is made of up to
:data:`sudoku.generator.CAGE_TRIES` complete grids.  The progress said
"try 1 of 20" for every puzzle, counting the grids of the one under way
(and its fraction and time left with them); a stop said how many grids
the current puzzle had taken, not all of them.  Without a grade, the one
puzzle's grids are the tries, as before.

The generator's clock is replaced by one whose seconds pass one per look,
so every look reports: the reports do not depend on the machine's speed.
4x4 killers all grade easy, so ``grade="hard"`` makes every try.
"""

from __future__ import annotations

import re

import pytest

import sudoku.generator
from dlx import Progress
from sudoku import SudokuError
from sudoku.generate_cli import describe_generation
from sudoku.generator import (
    CAGE_TRIES,
    GenerationProgress,
    GenerationStopped,
    generate_puzzle,
)

#: Far more fake seconds than any test looks at its clock.
BUDGET = 1e9


class EventClock:
    """A stand-in for :mod:`time` in :mod:`sudoku.generator`: one second per look."""

    def __init__(self) -> None:
        self.now = 0.0
        self.out = False

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now + (2 * BUDGET if self.out else 0.0)


def reports_of(
    monkeypatch: pytest.MonkeyPatch, **kwargs: object
) -> tuple[list[GenerationProgress], object]:
    """Every progress report of ``generate_puzzle(**kwargs)``, and what it gave or raised."""
    monkeypatch.setattr(sudoku.generator, "time", EventClock())
    reports: list[GenerationProgress] = []

    def hook(report: Progress) -> None:
        assert isinstance(report, GenerationProgress)
        reports.append(report)

    try:
        outcome: object = generate_puzzle(progress=hook, **kwargs)  # type: ignore[arg-type]
    except SudokuError as error:
        outcome = error
    return reports, outcome


@pytest.mark.parametrize("seed", [2, 3])
def test_the_tries_reported_are_the_graded_puzzles_asked_for(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    reports, outcome = reports_of(
        monkeypatch, box=(2, 2), seed=seed, cages="killer", grade="hard", tries=3
    )
    assert isinstance(outcome, SudokuError)
    assert "no cage puzzle of grade 'hard' in 3 tries" in str(outcome)
    assert reports
    assert {report.attempts for report in reports} == {3}
    tries = [report.tries for report in reports]
    assert tries == sorted(tries) and set(tries) == {1, 2, 3}
    for report in reports:
        # The tries before this one are made (and graded, or being graded).
        assert report.solutions == report.tries - (report.stage != "grading")
        assert report.stage in ("filling", "caging", "grading")
    fractions = [report.fraction for report in reports]
    assert fractions == sorted(fractions)
    assert fractions[0] >= 0.0 and fractions[-1] <= 1.0
    # Past the first try, the fraction is at least the tries made.
    later = [report for report in reports if report.tries == 3]
    assert later and all(report.fraction >= 2 / 3 for report in later)
    # What the command's progress line says of it.
    assert describe_generation(later[0]).startswith("try 3 of 3, ")


def test_the_default_tries_of_a_graded_cage_puzzle_are_counted_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reports, _ = reports_of(
        monkeypatch, box=(2, 2), seed=2, cages="killer", grade="hard"
    )
    assert {report.attempts for report in reports} == {
        sudoku.generator.CAGE_GRADE_TRIES
    }
    assert max(report.tries for report in reports) == (
        sudoku.generator.CAGE_GRADE_TRIES
    )


def test_without_a_grade_the_grids_of_the_one_puzzle_are_the_tries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reports, made = reports_of(monkeypatch, box=(2, 2), seed=2, cages="killer")
    assert isinstance(made, sudoku.generator.Generated)
    assert made.tries == 2  # the first grid was given up
    assert {report.attempts for report in reports} == {CAGE_TRIES}
    assert {report.tries for report in reports} == {1, 2}


def test_a_stop_counts_every_grid_tried_and_names_the_try_and_its_grid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The grids of the first try: the same seed draws the same puzzle first.
    first = generate_puzzle((2, 2), seed=2, cages="killer").tries
    clock = EventClock()
    monkeypatch.setattr(sudoku.generator, "time", clock)

    def hook(report: Progress) -> None:
        assert isinstance(report, GenerationProgress)
        if report.tries == 2 and report.stage == "caging":
            clock.out = True

    with pytest.raises(GenerationStopped) as stopped:
        generate_puzzle(
            (2, 2),
            seed=2,
            cages="killer",
            grade="hard",
            tries=3,
            timeout=BUDGET,
            progress=hook,
        )
    found = re.fullmatch(
        r"in try 2 of 3, the cages of its grid (\d+) did not have one solution "
        r"yet \(after \d+ changes\)",
        stopped.value.what,
    )
    assert found is not None, stopped.value.what
    assert stopped.value.tries == first + int(found[1])
