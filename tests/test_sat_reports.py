"""Progress reports while the SAT solver finds a large puzzle's one solution.

Beyond 16×16, :func:`sudoku.explainer.one_solution` (where every
explanation, hint, grade and list of mistakes starts) asks the SAT solver
for the one solution, which reports nothing: on a hard 25×25 that took
10-15 s in which ``--progress`` said nothing.  A thread now reports while
the solver runs.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from sudoku_helpers import ROOT

import sudoku.explainer as explainer
from dlx.algorithms import sat_available
from sudoku.explainer import one_solution
from sudoku.solver import SAT_SIZE
from sudoku.techniques import Clock, StepProgress

FRISCH = ROOT / "tests" / "data" / "sudoku25_gecode_frisch18.txt"


def puzzles() -> list[str]:
    return [
        line.strip()
        for line in FRISCH.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]


@pytest.fixture
def slow_sat_solve(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``one_solution``'s solve made a SAT solve that ends once a report has come."""
    reported = threading.Event()
    methods: list[str] = []

    def solve(grid: str, **settings: object) -> str:
        methods.append(str(settings["method"]))
        assert settings["progress"] is None  # the SAT way takes no hook
        reported.wait(60)
        return "solved" if reported.is_set() else "no report came"

    monkeypatch.setattr(explainer, "solve", solve)
    monkeypatch.setattr(explainer, "sat_available", lambda: True)
    monkeypatch.setattr(Clock, "report_if_due", _and_set(reported))
    return methods


def _and_set(event: threading.Event) -> Callable[[Clock], None]:
    report_if_due = Clock.report_if_due

    def wrapped(self: Clock) -> None:
        try:
            report_if_due(self)
        finally:
            if self.steps == 0 and self.elapsed() >= self.interval:
                event.set()

    return wrapped


@pytest.mark.threads
def test_reports_come_while_the_sat_solver_runs(slow_sat_solve: list[str]) -> None:
    seen: list[tuple[str, str]] = []

    def hook(report: StepProgress) -> None:
        seen.append((threading.current_thread().name, report.describe()))

    clock = Clock(progress=hook, interval=0.1)
    assert one_solution("." * SAT_SIZE**2, SAT_SIZE, clock) == "solved"
    assert slow_sat_solve == ["sat"]
    assert seen, "no report while the solver ran"
    assert {name for name, _ in seen} == {"pydlx-reports"}
    assert all(text.endswith("searching for the one solution") for _, text in seen)
    # The thread is gone once the solve is over.
    assert "pydlx-reports" not in {t.name for t in threading.enumerate()}


@pytest.mark.threads
def test_a_hook_that_raises_is_raised_when_the_solve_ends(
    slow_sat_solve: list[str],
) -> None:
    class Stop(Exception):
        pass

    def hook(report: StepProgress) -> None:
        raise Stop

    with pytest.raises(Stop):
        one_solution("." * SAT_SIZE**2, SAT_SIZE, Clock(progress=hook, interval=0.1))
    assert "pydlx-reports" not in {t.name for t in threading.enumerate()}


def test_no_thread_without_a_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[str] = []

    def solve(grid: str, **settings: object) -> str:
        started.extend(t.name for t in threading.enumerate())
        return "solved"

    monkeypatch.setattr(explainer, "solve", solve)
    monkeypatch.setattr(explainer, "sat_available", lambda: True)
    assert one_solution("." * SAT_SIZE**2, SAT_SIZE, Clock(timeout=60)) == "solved"
    assert "pydlx-reports" not in started


@pytest.mark.slow
@pytest.mark.processes
@pytest.mark.skipif(not sat_available(), reason="the sat extra is not installed")
def test_the_command_reports_while_a_hard_25x25_is_solved(tmp_path: Path) -> None:
    # Frisch's puzzle 9: the solver needs 10-15 s to find and prove it.
    path = tmp_path / "p9.txt"
    path.write_text(puzzles()[8] + "\n")
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "sudoku", "--hint", "--progress", str(path)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    took = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    searching = [
        line
        for line in done.stderr.splitlines()
        if line.endswith("searching for the one solution")
    ]
    # One line a second, less the start-up and the steps after the solve.
    assert len(searching) >= int(took) - 3 >= 1, done.stderr
