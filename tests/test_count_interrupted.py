"""Ctrl-C during a count keeps the count so far (:class:`dlx.CountInterrupted`).

``ExactCover.count()`` (every way) and ``sudoku.count()`` ended in a bare
:class:`KeyboardInterrupt`: the solutions counted were lost, where a
budget that runs out keeps them in ``BudgetExceeded.stats``.  Now the
interrupt carries them, and is still a :class:`KeyboardInterrupt`.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable

import pytest
from dlx_helpers import ROOT, cpu_seconds, n_queens

import sudoku
from dlx import CountInterrupted, Outcome, Progress


def stop_at_the_second_report() -> tuple[Callable[[Progress], None], list[Progress]]:
    """A progress hook that presses Ctrl-C (raises KeyboardInterrupt) at its second report."""
    reports: list[Progress] = []

    def hook(report: Progress) -> None:
        reports.append(report)
        if len(reports) == 2:
            raise KeyboardInterrupt

    return hook, reports


@pytest.mark.parametrize("method", ["dlx", "memo"])
def test_an_interrupted_count_keeps_what_it_counted(method: str) -> None:
    problem = n_queens(12)
    total = 14200
    hook, reports = stop_at_the_second_report()
    with pytest.raises(CountInterrupted) as stopped:
        problem.count(method=method, progress=hook, progress_interval=0.001)  # type: ignore[arg-type]
    assert isinstance(stopped.value, KeyboardInterrupt)
    assert stopped.value.outcome is Outcome.INTERRUPTED
    stats = stopped.value.stats
    assert stats is not None
    assert reports[0].solutions <= stats.solutions < total
    assert str(stopped.value).endswith(f"at least {stats.solutions} solutions")
    assert problem.count(method=method) == total  # type: ignore[arg-type]


def test_an_interrupted_sudoku_count_keeps_what_it_counted() -> None:
    hook, reports = stop_at_the_second_report()
    with pytest.raises(CountInterrupted) as stopped:
        sudoku.count("." * 36, progress=hook, limit=10**9)
    stats = stopped.value.stats
    assert stats is not None and stats.solutions >= reports[0].solutions
    assert stats.solutions < 28_200_960  # the 6x6 grids, counted in minutes


SCRIPT = textwrap.dedent(
    """
    import json, sys
    sys.path.insert(0, sys.argv[1])
    from dlx_helpers import n_queens
    from dlx import CountInterrupted
    print("counting", flush=True)
    try:
        n_queens(15).count()
    except CountInterrupted as stopped:
        print(json.dumps({"solutions": stopped.stats.solutions, "text": str(stopped)}))
        raise
    """
)


@pytest.mark.processes
def test_a_real_sigint_to_a_counting_process() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(ROOT / "tests")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "counting\n"
    deadline = time.monotonic() + 60
    while cpu_seconds(process.pid) < 1.0:  # well into the count
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    record = json.loads(out)
    # 2,279,184 solutions in all: a second of counting finds some, not all.
    assert 0 < record["solutions"] < 2_279_184
    assert record["text"].endswith(f"at least {record['solutions']} solutions")
    assert process.returncode != 0
    assert err.rstrip().endswith(f"dlx.errors.CountInterrupted: {record['text']}")
