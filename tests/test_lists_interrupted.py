"""Ctrl-C or a budget in solutions_list(), best() and zdd() keeps what they found.

``solutions_list()`` and ``best()`` ended in a bare :class:`KeyboardInterrupt`
or :class:`dlx.BudgetExceeded`, and the solutions they had found were
lost (``count()`` keeps its count: :class:`dlx.CountInterrupted`).  Now
the exceptions carry them: :class:`dlx.SolutionsInterrupted` and
:class:`dlx.SolutionsBudgetExceeded` the solutions so far,
:class:`dlx.BestInterrupted` and :class:`dlx.BestBudgetExceeded` the
cheapest so far (not proven); ``zdd()`` keeps its statistics
(:class:`dlx.ZddInterrupted`: a part of a diagram is none).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable

import pytest
from dlx_helpers import ROOT, cpu_seconds, n_queens

from dlx import (
    BestBudgetExceeded,
    BestInterrupted,
    BudgetExceeded,
    ExactCover,
    Outcome,
    Progress,
    SolutionsBudgetExceeded,
    SolutionsInterrupted,
    ZddInterrupted,
)


def stop_at_the_second_report() -> tuple[Callable[[Progress], None], list[Progress]]:
    """A progress hook that presses Ctrl-C (raises KeyboardInterrupt) at its second report."""
    reports: list[Progress] = []

    def hook(report: Progress) -> None:
        reports.append(report)
        if len(reports) == 2:
            raise KeyboardInterrupt

    return hook, reports


def costed_queens(n: int) -> ExactCover:
    """The n queens, each option with a cost drawn at random (seeded)."""
    plain = n_queens(n)
    draw = random.Random(n)
    problem = ExactCover(plain.primary, plain.secondary)
    for k in range(len(plain)):
        problem.add_option(plain.option(k), cost=draw.randrange(100))
    return problem


def is_solution(problem: ExactCover, solution: tuple[int, ...]) -> bool:
    covered = [item for k in solution for item in problem.option(k)]
    return len(covered) == len(set(covered)) and set(problem.primary) <= set(covered)


def test_a_budget_in_solutions_list_keeps_the_solutions() -> None:
    problem = n_queens(8)
    whole = problem.solutions_list()
    with pytest.raises(SolutionsBudgetExceeded) as stopped:
        problem.solutions_list(max_nodes=500)
    assert isinstance(stopped.value, BudgetExceeded)
    assert stopped.value.outcome is Outcome.OUT_OF_NODES
    found = stopped.value.solutions
    assert 0 < len(found) < len(whole) == 92
    assert found == whole[: len(found)]
    assert len(found) == stopped.value.stats.solutions


@pytest.mark.threads
def test_ctrl_c_in_solutions_list_keeps_the_solutions() -> None:
    """A real SIGINT to this process, from a thread, while the list grows."""
    problem = n_queens(14)  # 365,596 solutions: many seconds to list
    started = threading.Event()
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)

    def interrupt() -> None:
        started.wait(60)
        time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGINT)

    thread = threading.Thread(target=interrupt)
    thread.start()
    try:
        with pytest.raises(SolutionsInterrupted) as stopped:
            started.set()
            problem.solutions_list()
    finally:
        thread.join()
        signal.signal(signal.SIGINT, previous)
    error = stopped.value
    assert isinstance(error, KeyboardInterrupt)
    assert error.outcome is Outcome.INTERRUPTED
    found = error.solutions
    assert 0 < len(found) < 365_596
    assert found == list(itertools.islice(problem.solutions(), len(found)))
    # The counts are of the last clock check: at most the solutions kept.
    assert error.stats is not None and error.stats.solutions <= len(found)
    assert str(error).endswith(f"{len(found)} solutions found")


def test_ctrl_c_in_best_keeps_the_cheapest_found() -> None:
    problem = costed_queens(12)
    hook, reports = stop_at_the_second_report()
    with pytest.raises(BestInterrupted) as stopped:
        problem.best(10**5, progress=hook, progress_interval=0.001)
    error = stopped.value
    assert isinstance(error, KeyboardInterrupt) and error.outcome is Outcome.INTERRUPTED
    assert error.proven is False
    kept = error.best
    assert 0 < len(kept) < 14_200
    assert kept == sorted(kept, key=lambda pair: pair[0])
    for cost, solution in kept:
        assert is_solution(problem, solution)
        assert cost == problem.costs_of(solution)
    assert error.stats is not None and error.stats.nodes >= reports[0].nodes
    assert "not proven" in str(error)


def test_a_budget_in_best_keeps_the_cheapest_found() -> None:
    problem = costed_queens(8)
    whole = problem.best(5)
    with pytest.raises(BestBudgetExceeded) as stopped:
        problem.best(5, max_nodes=300)
    error = stopped.value
    assert error.outcome is Outcome.OUT_OF_NODES and error.proven is False
    kept = error.best
    # What DLX5 had kept when it stopped: a search stopped there says the same.
    search = problem.best_search(5, max_nodes=300)
    with pytest.raises(BudgetExceeded):
        search.run()
    assert kept == search.best() and kept
    # Not better than the true cheapest, one by one.
    assert all(got[0] >= best[0] for got, best in zip(kept, whole, strict=False))


def test_a_budget_in_best_after_preprocessing_gives_this_problems_options() -> None:
    problem = costed_queens(8)
    with pytest.raises(BestBudgetExceeded) as stopped:
        problem.best(5, max_nodes=300, preprocess=True)
    assert stopped.value.best
    for cost, solution in stopped.value.best:
        assert is_solution(problem, solution) and cost == problem.costs_of(solution)


def test_ctrl_c_in_zdd_keeps_its_statistics() -> None:
    problem = n_queens(14)
    hook, reports = stop_at_the_second_report()
    with pytest.raises(ZddInterrupted) as stopped:
        problem.zdd(progress=hook, progress_interval=0.001)
    error = stopped.value
    assert isinstance(error, KeyboardInterrupt) and error.outcome is Outcome.INTERRUPTED
    assert error.stats is not None and error.stats.nodes >= reports[0].nodes > 0
    assert 0 <= error.stats.solutions < 365_596
    assert "no diagram" in str(error)


SCRIPT = textwrap.dedent(
    """
    import json, sys
    sys.path.insert(0, sys.argv[1])
    from dlx_helpers import n_queens
    from dlx import SolutionsInterrupted
    print("listing", flush=True)
    try:
        n_queens(15).solutions_list()
    except SolutionsInterrupted as stopped:
        print(json.dumps({"found": len(stopped.solutions), "text": str(stopped)}))
        raise
    """
)


@pytest.mark.processes
def test_a_real_sigint_to_a_listing_process() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(ROOT / "tests")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "listing\n"
    deadline = time.monotonic() + 60
    while cpu_seconds(process.pid) < 1.0:  # well into the search
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    record = json.loads(out)
    # 2,279,184 solutions in all: a second of listing finds some, not all.
    assert 0 < record["found"] < 2_279_184
    assert record["text"].endswith(f"{record['found']} solutions found")
    assert process.returncode != 0
    assert err.rstrip().endswith(f"dlx.errors.SolutionsInterrupted: {record['text']}")
