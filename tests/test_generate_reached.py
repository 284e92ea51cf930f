"""A generation stopped by its time budget says what the unfinished puzzle had reached.

The budget here runs out on an event, not on the machine's speed: the
generator's clock is replaced by one whose seconds pass one per look (so
every look reports progress), and that jumps past the deadline once a
progress report shows the stage wanted.  The stop comes at the clock's
next look, so the message's figures are checked by a pattern, not a value.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

import sudoku.generate_cli
import sudoku.generator
from dlx import Progress
from sudoku.cli import main
from sudoku.generator import GenerationProgress, GenerationStopped, generate_puzzle

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


def stop_when(
    clock: EventClock, wanted: Callable[[GenerationProgress], bool]
) -> Callable[[Progress], None]:
    """A progress hook that makes ``clock`` run out once a report is ``wanted``."""

    def hook(report: Progress) -> None:
        assert isinstance(report, GenerationProgress)
        if wanted(report):
            clock.out = True

    return hook


def digging_below(depth: int) -> Callable[[GenerationProgress], bool]:
    return lambda report: report.stage == "digging" and report.depth <= depth


def test_a_16x16_stopped_while_dug_says_the_givens_it_had_reached(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = EventClock()
    monkeypatch.setattr(sudoku.generator, "time", clock)
    with pytest.raises(GenerationStopped) as stopped:
        generate_puzzle(
            (4, 4),
            seed=7,
            timeout=BUDGET,
            progress=stop_when(clock, digging_below(200)),
        )
    found = re.fullmatch(
        r"the puzzle was not finished \(digging had reached (\d+) givens\)",
        stopped.value.what,
    )
    assert found is not None, stopped.value.what
    assert 0 < int(found[1]) <= 200


def test_a_graded_cage_puzzle_says_which_try_was_being_graded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = EventClock()
    monkeypatch.setattr(sudoku.generator, "time", clock)
    with pytest.raises(GenerationStopped) as stopped:
        generate_puzzle(
            seed=3,
            cages="killer",
            grade="diabolical",
            tries=7,
            timeout=BUDGET,
            progress=stop_when(clock, lambda report: report.stage == "grading"),
        )
    assert re.fullmatch(
        r"the puzzle was not finished \(try 1 of 7 was being graded\)",
        stopped.value.what,
    ), stopped.value.what


def test_a_later_try_says_how_many_came_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = EventClock()
    monkeypatch.setattr(sudoku.generator, "time", clock)
    graded: list[str] = []

    def after_a_grading(report: GenerationProgress) -> bool:
        """The next try's grid is being drawn: the first try had another grade."""
        if report.stage == "grading":
            graded.append(report.stage)
        return report.stage == "filling" and bool(graded)

    with pytest.raises(GenerationStopped) as stopped:
        generate_puzzle(
            seed=3,
            cages="killer",
            grade="easy",  # the first try, seed 3, is diabolical; the second, easy
            tries=4,
            timeout=BUDGET,
            progress=stop_when(clock, after_a_grading),
        )
    what = stopped.value.what
    found = re.fullmatch(
        r"the puzzle was not finished \(try (\d) of 4 was (drawing its complete "
        r"grid|being graded)\) \((\d) tr(y|ies) before it had another grade\)",
        what,
    )
    assert found is not None, what
    assert int(found[3]) == int(found[1]) - 1 >= 1


def test_the_command_says_what_the_unfinished_puzzle_had_reached(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = EventClock()
    monkeypatch.setattr(sudoku.generator, "time", clock)
    made: list[int] = []
    real = generate_puzzle  # as the command calls it

    def generate(*args: object, **kwargs: object) -> sudoku.generator.Generated:
        made.append(1)
        if len(made) == 2:  # the second puzzle runs out while it is dug
            kwargs["progress"] = stop_when(clock, digging_below(60))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sudoku.generate_cli, "generate_puzzle", generate)
    status = main(
        ["generate", "--count", "3", "--seed", "5", "--timeout", f"{BUDGET:g}"]
    )
    out, err = capsys.readouterr()
    assert status == 3 and len(out.splitlines()) == 1
    lines = err.splitlines()
    assert re.fullmatch(
        r"sudoku generate: puzzle 2 \(--seed 6\): --timeout 1e\+09 ran out: the "
        r"puzzle was not finished \(digging had reached \d\d givens\)",
        lines[0],
    ), lines[0]
    assert lines[-1] == (
        "sudoku generate: stopped by --timeout 1e+09 after 1 puzzle printed"
    )
