"""The calling process as one of the workers of a split search (``local=``).

Where a process pool has more processes than the cores they may run on,
only one task per core runs at once, and the calling process runs one of
them itself: it holds the problem, so nothing is shipped or rebuilt.
Whatever lane runs a task, the search must give the serial search's
solutions, order and statistics, and stop as it does.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest
from dlx_helpers import (
    FORMS,
    Inline,
    compiled_as,
    langford,
    langford_file,
    n_queens,
    serial,
)
from dlx_oracles import Spec, specs, uniform_specs
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import BudgetExceeded, ExactCover, Interrupted, Outcome, parallel, records
from dlx.stats import Progress

ROOT = Path(__file__).resolve().parents[1]
CONTEXT = multiprocessing.get_context("spawn")


def lane_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("dlx-parallel-lane")]


@pytest.mark.threads
@settings(max_examples=60, deadline=None)
@given(
    st.one_of(specs(), uniform_specs()),
    st.sampled_from(FORMS),
    st.integers(1, 6),
    st.integers(0, 2),
)
def test_tasks_run_here_and_in_the_executor_add_up_to_the_serial_search(
    spec: Spec, form: str, task_nodes: int, depth: int
) -> None:
    links = compiled_as(spec.build(), form)
    expected = serial(links)
    run = parallel.search(
        links,
        Inline(),
        task_nodes=task_nodes,
        task_seconds=None,
        depth=depth,
        local=True,
    )
    assert (list(run), run.stats) == expected
    counting = parallel.search(
        links, Inline(), count_only=True, task_nodes=task_nodes, local=True
    )
    assert counting.count() == expected[1].solutions
    assert counting.stats == expected[1]
    assert not lane_threads()


@pytest.mark.threads
@pytest.mark.parametrize("form", FORMS)
def test_known_problems_split_between_this_process_and_threads(form: str) -> None:
    links = compiled_as(langford(7), form)
    expected = serial(links)
    with ThreadPoolExecutor(2) as threads:
        run = parallel.search(
            links, threads, task_nodes=20, task_seconds=None, local=True
        )
        assert (list(run), run.stats) == expected
    # Both lanes took tasks; only the executor's worker names are recorded.
    assert 0 < run.local_tasks < run.tasks
    assert parallel._LOCAL not in run._holders


@pytest.mark.processes
def test_a_pool_short_of_cores_runs_its_tasks_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    problem = langford(8)
    links = problem.links()
    expected = serial(links)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3}, raising=False)
    with ProcessPoolExecutor(2, mp_context=CONTEXT) as pool:
        assert parallel._takes_part(pool, 2, None)
        assert not parallel._takes_part(pool, 2, False)
        run = parallel.search(links, pool, task_nodes=200, task_seconds=None)
        assert (list(run), run.stats) == expected
        # One task at a time, each run here: the pool started no process,
        # and the problem was never packed.
        assert run.tasks > 1 and run.local_tasks == run.tasks
        assert not pool._processes
        assert run._payload == b""
        # local=False: every task in a worker process, the same answer.
        run = parallel.search(
            links, pool, task_nodes=200, task_seconds=None, local=False
        )
        assert (list(run), run.stats) == expected
        assert run.local_tasks == 0 and len(pool._processes) >= 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    with ProcessPoolExecutor(2, mp_context=CONTEXT) as pool:
        assert not parallel._takes_part(pool, 2, None)
    with ThreadPoolExecutor(4) as threads:
        assert not parallel._takes_part(threads, 4, None)
        assert parallel._takes_part(threads, 4, True)


@pytest.mark.threads
def test_a_stop_request_ends_the_task_running_here() -> None:
    # 13 queens: minutes of search in one task, so the stop comes mid-task;
    # the task's slice is longer than the whole test may take.
    with ThreadPoolExecutor(1) as threads:
        run = parallel.search(
            n_queens(13), threads, count_only=True, task_seconds=3600, local=True
        )

        def stop_soon(report: Progress) -> None:
            if report.elapsed > 0.2:
                run.request_stop()

        run._progress = stop_soon
        run._interval = 0.05
        with pytest.raises(Interrupted):
            run.count()
    assert run.outcome is Outcome.INTERRUPTED
    assert not lane_threads()


@pytest.mark.threads
def test_budgets_stop_the_task_running_here() -> None:
    with ThreadPoolExecutor(1) as threads:
        run = parallel.search(
            n_queens(12), threads, count_only=True, max_nodes=5000, local=True
        )
        with pytest.raises(BudgetExceeded) as stop:
            run.count()
        assert stop.value.outcome is Outcome.OUT_OF_NODES
        assert stop.value.stats.nodes > 5000
        run = parallel.search(
            n_queens(13), threads, count_only=True, task_seconds=3600, local=True
        )
        run._timeout = 0.3
        with pytest.raises(BudgetExceeded) as stop:
            run.count()
        assert stop.value.outcome is Outcome.OUT_OF_TIME
    assert not lane_threads()


@pytest.mark.threads
def test_an_exception_in_a_task_run_here_reaches_the_caller(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object) -> parallel._PieceResult:
        raise ZeroDivisionError("in the lane")

    monkeypatch.setattr(parallel, "_run_piece", broken)
    with ThreadPoolExecutor(1) as threads:
        run = parallel.search(langford(7), threads, local=True)
        with pytest.raises(ZeroDivisionError) as error:
            list(run)
    assert any("dlx.parallel task" in note for note in error.value.__notes__)
    assert not lane_threads()


def pinned(core: int) -> None:
    os.sched_setaffinity(0, {core})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="Linux only")
def test_jobs_on_one_core_search_in_the_command_and_print_the_same(
    tmp_path: Path,
) -> None:
    path = langford_file(tmp_path, 8)
    core = min(os.sched_getaffinity(0))

    def dlx(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "dlx", *args, str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            preexec_fn=lambda: pinned(core),
        )

    alone = dlx("--count", "--stats")
    split = dlx("--count", "--stats", "--jobs", "2", "--task-seconds", "0.01")
    assert alone.returncode == split.returncode == 0, split.stderr
    assert split.stdout == alone.stdout
    knuth = [line for line in split.stderr.splitlines() if line.startswith("Alto")]
    assert knuth == [alone.stderr.strip()]
    tasks = [line for line in split.stderr.splitlines() if " tasks; " in line]
    assert len(tasks) == 1 and tasks[0].endswith(
        f"this process ran {tasks[0].split()[1]}"
    )


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="Linux only")
def test_ctrl_c_stops_jobs_searching_in_the_command(tmp_path: Path) -> None:
    path = langford_file(tmp_path, 15)  # hours of search
    core = min(os.sched_getaffinity(0))
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "dlx",
            "--count",
            "--jobs",
            "2",
            "--progress",
            str(path),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
        preexec_fn=lambda: pinned(core),
    )
    assert process.stderr is not None
    # The first progress report: the search runs (no fixed sleep).
    os.set_blocking(process.stderr.fileno(), True)
    first = process.stderr.read(1)
    assert first, "the command ended before its first report"
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert out == ""
    assert "interrupted after" in err and "at least" in err


@pytest.mark.threads
def test_the_local_lane_changes_no_statistics_of_a_bounded_problem() -> None:
    problem = ExactCover("ab", bounds={"a": (1, 2)})
    problem.add_options([["a"], ["a", "b"], ["b"], ["a"]])
    links = problem.links()
    search = problem.search()
    expected = (list(search), records.replace(search.stats))
    with ThreadPoolExecutor(1) as threads:
        run = parallel.search(links, threads, task_nodes=1, local=True)
        assert (list(run), run.stats) == expected


def one_core_pool(monkeypatch: pytest.MonkeyPatch) -> ProcessPoolExecutor:
    """A pool of two processes on one core: every task runs in this thread."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3}, raising=False)
    return ProcessPoolExecutor(2, mp_context=CONTEXT)


@pytest.mark.processes
def test_on_one_core_the_tasks_run_in_the_calling_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No thread to hand the interpreter to: each task runs when submitted,
    # in the thread that iterates the search.
    threads: set[threading.Thread] = set()
    run_piece = parallel._run_piece

    def watched(*args: object, **kwargs: object) -> parallel._PieceResult:
        threads.add(threading.current_thread())
        return run_piece(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(parallel, "_run_piece", watched)
    links = langford(8).links()
    with one_core_pool(monkeypatch) as pool:
        run = parallel.search(links, pool, task_nodes=300, task_seconds=None)
        assert (list(run), run.stats) == serial(links)
        assert run.tasks > 1 and run.local_tasks == run.tasks
        assert not pool._processes
    assert threads == {threading.main_thread()}
    assert not lane_threads()


@pytest.mark.processes
def test_on_one_core_a_stop_request_ends_the_task_running_inline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One task of an hour: the driver waits for nothing while it runs, so
    # the request (from another thread, as from a signal handler) reaches
    # the task's search itself.
    with one_core_pool(monkeypatch) as pool:
        run = parallel.search(n_queens(13), pool, count_only=True, task_seconds=3600)
        timer = threading.Timer(0.3, run.request_stop)
        timer.start()
        started = time.perf_counter()
        with pytest.raises(Interrupted):
            run.count()
        timer.join()
        assert time.perf_counter() - started < 600  # not the hour
        assert run.outcome is Outcome.INTERRUPTED
        assert not pool._processes


@pytest.mark.processes
def test_on_one_core_a_timeout_stops_the_task_running_inline_and_resumes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The timeout reaches the task's search as its own; the rest of the
    # task is handed back, so the pieces resume to the serial count.
    links = n_queens(12).links()
    expected = serial(links)
    with one_core_pool(monkeypatch) as pool:
        run = parallel.search(
            links, pool, count_only=True, task_seconds=3600, timeout=0.1
        )
        with pytest.raises(BudgetExceeded) as stop:
            run.count()
        assert stop.value.outcome is Outcome.OUT_OF_TIME
        # One task of an hour would have run the whole count: it stopped
        # part-way, at the timeout.
        pieces = run.pieces()
        assert pieces.stats.nodes < expected[1].nodes
        rest = parallel.search(links, pool, count_only=True, resume=pieces)
        assert rest.count() == len(expected[0])
        assert rest.stats == expected[1]
        assert not pool._processes


@pytest.mark.processes
@pytest.mark.parametrize("lane", ["inline", "thread"])
def test_a_task_cut_short_by_a_stop_is_searched_again_on_resume(
    monkeypatch: pytest.MonkeyPatch, lane: str
) -> None:
    # The stop request reaches the task running here, whose search ends
    # early: none of its work may count, or the pieces saved at the stop
    # would take its subproblems as searched, and a resumed count be short.
    links = n_queens(12).links()
    expected = serial(links)
    executor = one_core_pool(monkeypatch) if lane == "inline" else ThreadPoolExecutor(1)
    with executor as pool:
        run = parallel.search(
            links, pool, count_only=True, task_seconds=3600, local=True
        )
        timer = threading.Timer(0.1, run.request_stop)
        timer.start()
        with pytest.raises(Interrupted):
            run.count()
        timer.join()
        pieces = run.pieces()
        assert pieces.stats.nodes < expected[1].nodes  # it stopped part-way
        rest = parallel.search(links, pool, count_only=True, resume=pieces, local=True)
        assert rest.count() == len(expected[0])
        assert rest.stats == expected[1]
