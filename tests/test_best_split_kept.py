"""A split search for the cheapest solutions keeps what its running tasks found.

:func:`dlx.parallel.best` runs each prefix of the tree as a series of
time slices: a task that is not done hands back its best so far and its
position (:meth:`dlx.CostSearch.position`), which the next slice resumes
with the best cost found since.  So a budget that runs out, a stop
request and Ctrl-C keep the solutions of the tasks in flight (before, a
running task's finds were lost with it, often every solution found).

Here: a cost search below a prefix resumes exactly (the position replays
the prefix's levels too) and honours a bound given with ``resume=``; a
split search sliced anywhere finds the serial search's costs, over
threads and over a real spawned process pool; a budget, a stop request
from another thread and a real SIGINT to ``dlx --best 1 --jobs 2`` keep
the cheap solution a long-running task found at once.
"""

from __future__ import annotations

import _thread
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest
from dlx_helpers import Inline, cpu_seconds, lacking, n_queens, wait_for_workers
from dlx_oracles import costed_problems
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlx import (
    BestBudgetExceeded,
    BudgetExceeded,
    ExactCover,
    Interrupted,
    Outcome,
    parallel,
)

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


# -- the split search finds the serial costs, however it is sliced --------------------


def costed_queens(n: int, modulus: int = 10) -> ExactCover:
    """The n queens with a cost on each option, as the tests of best() give them."""
    queens = n_queens(n)
    problem = ExactCover(queens.primary, queens.secondary)
    for k in range(len(queens)):
        problem.add_option(queens.option(k), cost=(7 * k) % modulus)
    return problem


def check_costs(problem: ExactCover, k: int, run: parallel.BestSearch) -> None:
    """``run`` ended with the serial search's costs, each solution costing what it says."""
    assert run.outcome is Outcome.EXHAUSTED
    serial = problem.best(k)
    ranked = run.best()
    assert [c for c, _ in ranked] == [c for c, _ in serial]
    assert len({s for _, s in ranked}) == len(ranked)
    for cost, solution in ranked:
        assert problem.costs_of(solution) == cost


@pytest.mark.threads
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    costed_problems(),
    st.integers(1, 5),
    st.integers(1, 20),
    st.integers(1, 6),
    st.booleans(),
)
def test_slices_anywhere_find_the_serial_costs_over_threads(
    problem: ExactCover, k: int, nodes: int, pieces: int, share: bool
) -> None:
    with ThreadPoolExecutor(2) as threads:
        for executor in (threads, Inline()):
            run = parallel.best(
                problem, executor, k, share=share, pieces=pieces, task_nodes=nodes
            )
            run.run()
            check_costs(problem, k, run)
            if not share:
                assert run.bounds_given == 0


@pytest.mark.threads
@pytest.mark.parametrize("nodes", [1, 7, 100])
def test_sliced_queens_find_the_serial_costs(nodes: int) -> None:
    problem = costed_queens(7)
    with ThreadPoolExecutor(2) as threads:
        for k in (1, 4, 40):
            run = parallel.best(problem, threads, k, pieces=3, task_nodes=nodes)
            run.run()
            check_costs(problem, k, run)
            # Every prefix was cut into slices: more tasks than prefixes.
            assert run.tasks > 3 or nodes == 100


@pytest.fixture(scope="module")
def spawned() -> Iterator[ProcessPoolExecutor]:
    lacking("processes")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(TESTS)])
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        yield pool


@pytest.mark.processes
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(costed_problems(), st.integers(1, 4), st.integers(1, 15))
def test_slices_anywhere_find_the_serial_costs_over_processes(
    spawned: ProcessPoolExecutor, problem: ExactCover, k: int, nodes: int
) -> None:
    run = parallel.best(problem, spawned, k, pieces=4, task_nodes=nodes)
    run.run()
    check_costs(problem, k, run)


@pytest.mark.processes
def test_sliced_queens_on_processes(spawned: ProcessPoolExecutor) -> None:
    problem = costed_queens(8)
    for k in (1, 5):
        run = parallel.best(problem, spawned, k, task_nodes=200)
        run.run()
        check_costs(problem, k, run)
        assert run.tasks > run.wanted  # sliced, and resumed from positions
    # The default slices (in seconds): the API's own way.
    assert [c for c, _ in problem.best(3, executor=spawned)] == [
        c for c, _ in problem.best(3)
    ]


# -- stopped: every solution found is kept ---------------------------------------------


def cheap_then_long(n: int = 9) -> tuple[ExactCover, int]:
    """A problem whose one subproblem finds its cheapest solution at once, then runs long.

    Item ``s`` picks one of two sides: option ``cheap`` (cost 0) covers
    ``s`` and the ``n`` queens' items; the other sides are the ``n``
    queens' options (cost 1 each, with secondary items), so that their
    subtree is the whole n-queens search.  Returns the problem and the
    cheap solution's cost.
    """
    queens = n_queens(n)
    problem = ExactCover(["s", *queens.primary], queens.secondary)
    # The item s has two options: the cheap way, and "the long way", which
    # leaves the queens' items to the queens' options.
    problem.add_option(["s", *queens.primary], cost=5)
    for k in range(len(queens)):
        problem.add_option(queens.option(k), cost=1)
    return problem, 5


# -- stopped: every solution found is kept ---------------------------------------------


def level_queens(n: int) -> ExactCover:
    """The n queens, one per row (primary), columns secondary, each costing its column.

    Every solution costs n(n-1)/2 (its queens fill every column), and no
    item's options all cost alike (the taxes of Knuth's DLX5 take nothing):
    the first solution comes within a few dozen nodes, and proving it the
    cheapest searches nearly the whole tree, which for n = 18 takes hours
    (a few minutes per prefix on PyPy).
    """
    rows = [f"r{i}" for i in range(n)]
    columns = [f"c{j}" for j in range(n)]
    diagonals = [f"{kind}{d}" for kind in "ab" for d in range(2 * n - 1)]
    problem = ExactCover(rows, columns + diagonals)
    for i in range(n):
        for j in range(n):
            problem.add_option(
                [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"], cost=j
            )
    return problem


N = 18
COST = N * (N - 1) // 2


def check_kept(problem: ExactCover, ranked: list[tuple[int, tuple[int, ...]]]) -> None:
    """``ranked`` holds a solution found so far: a real one, at its real cost."""
    assert ranked, "the solutions the running tasks had found were lost"
    for cost, solution in ranked:
        assert cost == problem.costs_of(solution) == COST
        rows = [str(problem.option(k)[0]) for k in solution]
        assert sorted(rows) == sorted(map(str, problem.primary))  # one queen a row
        secondary = [item for k in solution for item in problem.option(k)[1:]]
        assert len(secondary) == len(set(secondary))  # none shares a line


@pytest.mark.threads
def test_a_budget_keeps_what_running_tasks_found_over_threads() -> None:
    # Each task runs for hours: before, the budget kept only what the
    # first task to come back had found, or nothing (when the driver
    # looked at the clock first), and the thread pool then waited hours
    # for its threads.
    problem = level_queens(N)
    with ThreadPoolExecutor(2) as threads, pytest.raises(BestBudgetExceeded) as stop:
        problem.best(1, executor=threads, timeout=1.0)
    assert stop.value.outcome is Outcome.OUT_OF_TIME
    check_kept(problem, stop.value.best)
    # Each of the two tasks in flight found a solution at once, and both
    # were merged (before, the first to come back at best).
    assert stop.value.stats is not None and stop.value.stats.solutions >= 2


@pytest.mark.processes
@pytest.mark.parametrize("task_seconds", [parallel.BEST_TASK_SECONDS, None])
def test_a_budget_keeps_what_running_tasks_found_over_processes(
    spawned: ProcessPoolExecutor, task_seconds: float | None
) -> None:
    # Without slices (None) too: a task given the time left ends at the
    # deadline with its best, and the driver waits for it.
    problem = level_queens(N)
    warm = parallel.best(costed_queens(5), spawned)  # the workers have started
    warm.run()
    run = parallel.best(problem, spawned, 1, timeout=1.5, task_seconds=task_seconds)
    with pytest.raises(BudgetExceeded):
        run.run()
    assert run.outcome is Outcome.OUT_OF_TIME
    check_kept(problem, run.best())
    assert run.stats.solutions >= 2  # both workers' tasks were merged


def started(threads: ThreadPoolExecutor) -> None:
    """Start both threads of ``threads`` now, not at the search's first tasks.

    A Ctrl-C that comes while ``submit`` starts a thread loses the task
    it submits (the executor has it, the search not yet): the thread of
    the first task found a solution at once, and the Ctrl-C it set off
    came in the second ``submit``.
    """
    both = threading.Barrier(3)
    waits = [threads.submit(both.wait) for _ in range(2)]
    both.wait()
    for done in waits:
        done.result()


class FirstFound:
    """A ``canonical`` that keeps each solution as it is, and tells when one was found."""

    def __init__(self) -> None:
        self.event = threading.Event()

    def __call__(self, solution: tuple[int, ...]) -> tuple[int, ...]:
        self.event.set()
        return solution


@pytest.mark.threads
@pytest.mark.parametrize("task_seconds", [parallel.BEST_TASK_SECONDS, 3600.0, None])
def test_a_stop_request_keeps_what_running_tasks_found(
    task_seconds: float | None,
) -> None:
    # Asked to stop from another thread once a running task has found a
    # solution: the tasks of the thread pool are stopped where they run,
    # however long their slices, and what they found is merged.
    problem = level_queens(N)
    found = FirstFound()
    with ThreadPoolExecutor(2) as threads:
        run = parallel.best(
            problem, threads, 1, canonical=found, task_seconds=task_seconds
        )

        def stop() -> None:
            assert found.event.wait(60)
            run.request_stop()

        stopper = threading.Thread(target=stop)
        stopper.start()
        with pytest.raises(Interrupted):
            run.run()
        stopper.join()
    assert run.outcome is Outcome.INTERRUPTED
    check_kept(problem, run.best())


@pytest.mark.threads
def test_ctrl_c_in_the_driver_keeps_what_running_tasks_found() -> None:
    # KeyboardInterrupt in the thread that runs the search: it goes up,
    # after the tasks in flight were stopped and merged.
    problem = level_queens(N)
    found = FirstFound()
    with ThreadPoolExecutor(2) as threads:
        started(threads)
        run = parallel.best(problem, threads, 1, canonical=found)

        def interrupt() -> None:
            assert found.event.wait(60)
            _thread.interrupt_main()

        interrupter = threading.Thread(target=interrupt)
        interrupter.start()
        with pytest.raises(KeyboardInterrupt):
            run.run()
        interrupter.join()
    assert run.outcome is Outcome.INTERRUPTED
    check_kept(problem, run.best())


@pytest.mark.processes
def test_sigint_to_dlx_best_jobs_prints_the_cheapest_found_so_far(
    tmp_path: Path,
) -> None:
    # A real SIGINT to a real `dlx --best 1 --jobs 2`: before, it said "no
    # solution found so far", though every worker had found one at once.
    problem = level_queens(N)
    path = tmp_path / "level_queens.dlx"
    lines = [
        " ".join(map(str, problem.primary))
        + " | "
        + " ".join(map(str, problem.secondary))
    ]
    for k in range(len(problem)):
        lines.append(f"{' '.join(map(str, problem.option(k)))} |{problem.cost(k)}")
    path.write_text("\n".join(lines) + "\n")
    process = subprocess.Popen(
        [sys.executable, "-m", "dlx", "--best", "1", "--jobs", "2", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        # Not ignored, even when pytest runs as a background job.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        workers = wait_for_workers(process)
        # Searching, not starting: each worker has spent a second of CPU
        # (thousands of times the few dozen nodes to a first solution).
        deadline = time.monotonic() + 120
        while not all(cpu_seconds(pid) >= 1.0 for pid in workers):
            assert process.poll() is None, "the search ended before it was stopped"
            assert time.monotonic() < deadline, "the workers do not search"
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130, err
    printed = out.splitlines()
    assert printed[0] == f"| cost {COST}", out
    assert len(printed) == 1 + N
    assert "interrupted after" in err
    assert "printed the 1 cheapest solution found so far" in err, err
