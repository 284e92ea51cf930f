"""Searches split over executors: the same solutions, order and statistics as one process.

The promise under test (dlx.parallel): whatever executor runs the tasks
(an in-process one, a process pool, a real Dask cluster with worker
processes) and however often the tasks split their subproblems, the
solutions come in the serial order and the statistics add up to the
serial ones exactly.  Also: an exception in a worker reaches the caller as
itself, a limit stops early, a killed worker's task runs again (Dask) or
is reported (a process pool breaks for good).
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import re
import runpy
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import (
    Executor,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from dlx_helpers import (
    FORMS,
    KNUTH_EXAMPLE,
    Inline,
    a001499,
    compiled_as,
    k_per_line,
    lacking,
    langford,
    langford_file,
    n_queens,
    pentomino_rectangle,
    serial,
    wait_for_workers,
)
from dlx_oracles import Bounded, Spec, bounded_specs, specs, uniform_specs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlx import (
    BudgetExceeded,
    ExactCover,
    Interrupted,
    Outcome,
    PositionError,
    Progress,
    Search,
    Stats,
    algorithms,
    parallel,
    parse_dlx,
    records,
)
from dlx.engine import MultiplicitySearch
from dlx.links import Links
from dlx.parallel import WorkerLost, frontier
from dlx.polyomino import board_symmetries, rectangle
from dlx.position import SPLIT_PIECES, split

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
# Worker processes (Dask's are started afresh) must import this worktree's
# dlx and the helpers below.
os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(TESTS)])


def in_parallel(
    links: Links, executor: Executor, **options: Any
) -> tuple[list[tuple[int, ...]], Stats]:
    run = parallel.search(links, executor, **options)
    return list(run), records.replace(run.stats)


# -- fixtures: one Dask cluster and one process pool for the module ---------------------


# The test process has threads (the Dask cluster's): forking it could
# deadlock a child, so pools start their workers fresh.
CONTEXT = multiprocessing.get_context("spawn")


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    if not hasattr(gc, "callbacks"):
        # distributed.gc hooks gc.callbacks, which CPython has and PyPy has not.
        pytest.skip("distributed's scheduler needs gc.callbacks, which PyPy lacks")
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=50,
    )
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    lacking("processes")
    with ProcessPoolExecutor(2, mp_context=CONTEXT) as executor:
        yield executor


@pytest.fixture(params=["dask", "processes"])
def executor(request: pytest.FixtureRequest) -> Executor:
    if request.param == "dask":
        client = request.getfixturevalue("dask_client")
        result: Executor = client.get_executor()
        return result
    result = request.getfixturevalue("pool")
    return result


# -- the split itself, in one process ---------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(st.one_of(specs(), uniform_specs()), st.sampled_from(FORMS), st.integers(0, 4))
def test_a_frontier_adds_up_to_the_serial_search(
    spec: Spec, form: str, depth: int
) -> None:
    links = compiled_as(spec.build(), form)
    expected = serial(links)
    cut = frontier(links, depth)
    found: list[tuple[int, ...]] = []
    stats = records.replace(cut.stats)
    for entry in cut.entries:
        if entry.solution:
            found.append(tuple(sorted(entry.options)))
            continue
        search = Search(links, prefix=entry.options)
        found += search
        for name in ("nodes", "updates", "cleansings", "solutions"):
            setattr(stats, name, getattr(stats, name) + getattr(search.stats, name))
    assert (found, stats) == expected


def test_a_frontier_deeper_than_the_recursion_limit() -> None:
    # The walk that cuts a frontier is a loop: a ring of 2n items (one
    # branch per level below the first) cut deeper than Python recurses.
    depth = sys.getrecursionlimit() + 200
    n = 2 * (depth + 5)
    ring = ExactCover([f"x{i}" for i in range(n)])
    ring.add_options([[f"x{i}", f"x{(i + 1) % n}"] for i in range(n)])
    cut = frontier(ring, depth)
    assert [len(prefix) for prefix in cut.prefixes] == [depth, depth]
    assert cut.stats.nodes == 1 + 2 * (depth - 1)
    found = [s for prefix in cut.prefixes for s in ring.search(prefix=prefix)]
    assert found == list(ring.search())


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(specs(), uniform_specs()),
    st.sampled_from(FORMS),
    st.integers(1, 6),
    st.integers(0, 2),
)
def test_splitting_tasks_anywhere_changes_nothing(
    spec: Spec, form: str, task_nodes: int, depth: int
) -> None:
    links = compiled_as(spec.build(), form)
    expected = serial(links)
    got = in_parallel(
        links, Inline(), task_nodes=task_nodes, task_seconds=None, depth=depth
    )
    assert got == expected
    run = parallel.search(
        links, Inline(), count_only=True, task_nodes=task_nodes, depth=depth
    )
    assert run.count() == expected[1].solutions
    assert run.stats == expected[1]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("workers", [1, 16])
def test_known_problems_split_exactly(form: str, workers: int) -> None:
    for problem in (langford(7), n_queens(7)):
        links = compiled_as(problem, form)
        expected = serial(links)
        for task_nodes in (1, 10, 1000):
            got = in_parallel(
                links,
                Inline(),
                task_nodes=task_nodes,
                workers=workers,
                task_seconds=None,
            )
            assert got == expected


def test_the_weights_of_the_rest_add_up() -> None:
    # Progress reports rest on the weights: they never go past the end.
    reports: list[Progress] = []
    run = parallel.search(
        langford(8),
        Inline(),
        task_nodes=50,
        progress=reports.append,
        progress_interval=1e-9,
    )
    assert run.count() == 300
    fractions = [report.fraction for report in reports]
    assert fractions[-1] == pytest.approx(1.0)
    assert all(0 <= f <= 1 for f in fractions)
    assert reports[-1].nodes == serial(langford(8).links())[1].nodes


def path_problem(depth: int) -> ExactCover:
    """Items x0..x(depth-1), each in two options: alone, and with the next item."""
    problem = ExactCover(range(depth))
    for i in range(depth):
        problem.add_option([i])
        if i + 1 < depth:
            problem.add_option([i, i + 1])
    return problem


@pytest.mark.parametrize("depth", [200, 800])
def test_the_rest_of_a_deep_subproblem_takes_memory_linear_in_its_depth(
    depth: int,
) -> None:
    # Stopped deep down, a subproblem hands back its rest in O(depth): a
    # few pieces, not one full path per branch left at every level.
    links = path_problem(depth).links()
    search = Search(links, max_nodes=depth - 10)
    with pytest.raises(BudgetExceeded):
        for _ in search:
            pass
    stopped = search.position()
    assert len(stopped.path) > depth // 2
    _, _, rest = split(algorithms.walker(links), stopped.path, 0, 1.0)
    assert len(rest) <= SPLIT_PIECES + 2
    assert sum(len(prefix) for prefix, _, _ in rest) <= (SPLIT_PIECES + 2) * depth
    # The first piece goes on where the search stopped, backing up through
    # the deep levels; the others are whole subtrees of shallow levels.
    first, floor, _ = rest[0]
    assert first == tuple(option for _, option in stopped.path)
    assert 0 < floor < len(first)
    assert all(len(prefix) == f for prefix, f, _ in rest[1:])


@settings(max_examples=40, deadline=None)
@given(specs(), st.integers(1, 60), st.integers(1, 4))
def test_the_rest_of_a_subproblem_searches_as_the_serial_search_would(
    spec: Spec, budget: int, pieces: int
) -> None:
    # Searching the pieces split() hands back, in order, finishes the
    # serial search exactly: the same solutions, in order, the same counts.
    links = spec.build().links()
    whole = Search(links)
    expected = list(whole)
    search = Search(links, max_nodes=budget)
    found: list[tuple[int, ...]] = []
    try:
        found.extend(search)
    except BudgetExceeded:
        stopped = search.position()
        updates, cleansings, rest = split(
            algorithms.walker(links), stopped.path, stopped.floor, 1.0, pieces
        )
        stats = search.stats
        stats.updates += updates
        stats.cleansings += cleansings
        for prefix, floor, _ in rest:
            part = Search(links, prefix=prefix, floor=floor)
            found.extend(part)
            stats.nodes += part.stats.nodes
            stats.updates += part.stats.updates
            stats.cleansings += part.stats.cleansings
            stats.solutions += part.stats.solutions
    assert found == expected
    assert search.stats == whole.stats


# -- real processes: a Dask cluster and a process pool -----------------------------------


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.one_of(specs(), uniform_specs()),
    st.sampled_from(FORMS),
    st.integers(1, 8),
    st.integers(0, 1),
)
def test_random_problems_on_worker_processes(
    executor: Executor, spec: Spec, form: str, task_nodes: int, depth: int
) -> None:
    links = compiled_as(spec.build(), form)
    expected = serial(links)
    run = parallel.search(links, executor, task_nodes=task_nodes, depth=depth)
    assert (list(run), run.stats) == expected
    if depth == 0 and expected[1].nodes > task_nodes:
        assert run.tasks > 1  # the workers did split the search


def test_queens_and_langford_on_worker_processes(executor: Executor) -> None:
    for problem, count in ((n_queens(8), 92), (langford(8), 300)):
        links = problem.links()
        expected = serial(links)
        assert expected[1].solutions == count
        assert in_parallel(links, executor, task_nodes=300) == expected
        run = parallel.search(links, executor, count_only=True, task_nodes=300)
        assert run.count() == count
        assert run.stats == expected[1]
        assert run.tasks > 1
        assert problem.count(executor=executor) == count
        assert problem.is_unique(executor=executor) is False
        assert problem.first(executor=executor) == expected[0][0]
    # The caller's executor is still usable.
    assert executor.submit(sum, [1, 2]).result() == 3


def test_orbits_and_cheapest_orbits_on_worker_processes(executor: Executor) -> None:
    # Up to symmetry, the smaller search is split over the workers and its
    # solutions tested here: the pentominoes' 3x20 and the 8 queens' 12.
    board = rectangle(3, 20)
    tilings = pentomino_rectangle(3, 20)
    group = board_symmetries(board)
    serial_orbits = list(tilings.solutions(symmetry=group))
    assert len(serial_orbits) == 2
    assert list(tilings.solutions(symmetry=group, executor=executor)) == serial_orbits
    assert tilings.count(symmetry=group, executor=executor) == 2
    queens = runpy.run_path(str(ROOT / "docs" / "examples" / "queens.py"))
    ringed = ExactCover(queens["queens"](8).primary, queens["queens"](8).secondary)
    plain = queens["queens"](8)
    for k in range(len(plain)):
        i, j = divmod(k, 8)
        ringed.add_option(
            plain.option(k), cost=max(abs(2 * i - 7), abs(2 * j - 7)) // 2
        )
    d4 = queens["symmetries"](8)
    assert ringed.count(symmetry=d4, executor=executor) == 12
    # Three orbits cost 17, the least; at 18 the split may keep others.
    expected = ringed.best(5, symmetry=d4)
    split_best = ringed.best(5, symmetry=d4, executor=executor)
    assert [cost for cost, _ in split_best] == [cost for cost, _ in expected]
    assert sorted(split_best[:3]) == sorted(expected[:3])
    leaders = set(ringed.solutions(symmetry=d4))
    assert all(solution in leaders for _, solution in split_best)


def test_a_limit_stops_early(executor: Executor) -> None:
    problem = n_queens(14)  # 365,596 solutions: far too many to wait for
    first = problem.solutions_list(limit=7)
    assert list(problem.solutions(limit=7, executor=executor)) == first
    assert problem.count(limit=7, executor=executor) == 7
    assert problem.first(executor=executor) == first[0]
    run = parallel.search(problem, executor, limit=3)
    assert list(run) == first[:3]
    assert run.outcome is Outcome.LIMIT_REACHED


def test_budgets_and_stop_requests_apply_across_workers(executor: Executor) -> None:
    problem = n_queens(12)
    with pytest.raises(BudgetExceeded) as stop:
        problem.count(max_nodes=5000, executor=executor)
    assert stop.value.outcome is Outcome.OUT_OF_NODES
    assert stop.value.stats.nodes > 5000
    # 14-queens for the clock: seconds of work on any interpreter, where
    # PyPy's two workers can finish 12-queens within the 0.3 s.
    with pytest.raises(BudgetExceeded) as stop:
        n_queens(14).count(timeout=0.3, executor=executor)
    assert stop.value.outcome is Outcome.OUT_OF_TIME
    run = parallel.search(problem, executor, count_only=True, task_nodes=2000)

    def stop_at_once(report: Progress) -> None:
        run.request_stop()

    run._progress = stop_at_once
    run._interval = 1e-9
    with pytest.raises(Interrupted):
        run.count()
    assert run.outcome is Outcome.INTERRUPTED


class StopAfter:
    """A progress hook that asks a search to stop after some reports."""

    def __init__(self, run: parallel.ParallelSearch, reports: int) -> None:
        self.run = run
        self.left = reports

    def __call__(self, report: Progress) -> None:
        self.left -= 1
        if self.left < 0:
            self.run.request_stop()


@pytest.mark.threads
@settings(max_examples=40, deadline=None)
@given(
    st.one_of(specs(), uniform_specs()),
    st.sampled_from(FORMS),
    st.booleans(),
    st.data(),
)
def test_a_split_search_stopped_anywhere_resumes_exactly(
    spec: Spec, form: str, count_only: bool, data: st.DataObject
) -> None:
    # Stop after a few progress reports (or after taking a few solutions),
    # save the pieces, resume; again and again: the solutions, count and
    # statistics of one serial run.
    links = compiled_as(spec.build(), form)
    serial = Search(links, count_only=count_only)
    expected = list(serial)
    saved: parallel.Pieces | None = None
    found: list[tuple[int, ...]] = []
    stops = data.draw(st.lists(st.integers(0, 3), min_size=20, max_size=20))
    with ThreadPoolExecutor(2) as threads:
        for reports in [*stops, None]:
            run = parallel.search(
                links,
                threads,
                count_only=count_only,
                task_nodes=1,
                resume=saved,
                depth=1,
            )
            if reports is not None:
                run._progress = StopAfter(run, reports)
                run._interval = 1e-9
            try:
                for solution in run:
                    found.append(solution)
                    if reports is not None and len(found) % (reports + 2) == 0:
                        break  # the caller stops between two solutions
            except Interrupted:
                pass
            else:
                if run.outcome is Outcome.EXHAUSTED:
                    break
            saved = parallel.Pieces.from_json(run.pieces().to_json())
            run.close()
    assert found == expected
    assert run.stats == serial.stats


@pytest.mark.threads
@settings(max_examples=40, deadline=None)
@given(
    st.one_of(specs(), uniform_specs()),
    st.booleans(),
    st.integers(1, 60),
    st.integers(1, 40),
)
def test_a_split_search_stopped_by_its_node_budget_resumes_exactly(
    spec: Spec, count_only: bool, task_nodes: int, step: int
) -> None:
    # The node budget counts across runs: each run gets ``step`` nodes
    # more than the last.  A task overshoots the budget by up to its own
    # nodes, so a resumed run may be over its budget before it hands out
    # the solutions the last one kept: they must stay kept (they were lost
    # once, the cursor moved past them before the budget was checked).
    links = spec.build().links()
    serial = Search(links, count_only=count_only)
    expected = list(serial)
    saved: parallel.Pieces | None = None
    found: list[tuple[int, ...]] = []
    counted = 0
    budget = 0
    with ThreadPoolExecutor(2) as threads:
        while True:
            budget += step
            run = parallel.search(
                links,
                threads,
                count_only=count_only,
                task_nodes=task_nodes,
                max_nodes=budget,
                resume=saved,
            )
            try:
                if count_only:
                    counted = run.count()
                else:
                    found.extend(run)
                break
            except BudgetExceeded:
                saved = parallel.Pieces.from_json(run.pieces().to_json())
            assert budget < 100 * (serial.stats.nodes + 1)
    assert found == expected
    if count_only:
        assert counted == serial.stats.solutions
    assert run.stats == serial.stats


def test_eight_queens_resumed_by_node_budgets_over_two_threads() -> None:
    # The case that lost 41 of the 92 solutions: tasks of 20 nodes, 37
    # nodes more a run.
    links = n_queens(8).links()
    expected = list(Search(links))
    for task_nodes in (20, 60):
        found: list[tuple[int, ...]] = []
        saved: parallel.Pieces | None = None
        budget = 0
        with ThreadPoolExecutor(2) as threads:
            while True:
                budget += 37
                run = parallel.search(
                    links,
                    threads,
                    max_nodes=budget,
                    resume=saved,
                    task_nodes=task_nodes,
                )
                try:
                    found.extend(run)
                    break
                except BudgetExceeded:
                    saved = parallel.Pieces.from_json(run.pieces().to_json())
        assert found == expected


def test_a_split_count_resumes_on_worker_processes(executor: Executor) -> None:
    problem = langford(8)
    serial = problem.search(count_only=True)
    list(serial)
    run = parallel.search(
        problem, executor, count_only=True, max_nodes=1000, task_nodes=200
    )
    with pytest.raises(BudgetExceeded):
        run.count()
    pieces = parallel.Pieces.from_json(run.pieces().to_json())
    assert len(pieces.pieces) > 0 and pieces.stats.nodes < serial.stats.nodes
    rest = parallel.search(problem, executor, count_only=True, resume=pieces)
    assert rest.count() == 300
    assert rest.stats == serial.stats
    with pytest.raises(PositionError, match="another problem"):
        parallel.search(langford(7), executor, count_only=True, resume=pieces)


def test_executor_does_not_mix_with_seed_resume_or_prefix() -> None:
    problem = n_queens(4)
    with pytest.raises(ValueError, match="seed"):
        problem.count(seed=1, executor=Inline())
    with pytest.raises(ValueError, match="prefix"):
        list(problem.solutions(prefix=[0], executor=Inline()))


# -- failures in the workers -----------------------------------------------------------


def test_a_worker_exception_reaches_the_caller_as_itself(
    dask_client: Any, tmp_path: Path
) -> None:
    problem = langford(8)
    cut = frontier(problem, 2)
    poisoned = cut.prefixes[3]
    dask_client.run(poison, poisoned)
    try:
        with pytest.raises(Poisoned) as error:
            problem.count(executor=dask_client.get_executor())
    finally:
        dask_client.run(poison, None)
    assert f"prefix {list(poisoned)}" in "".join(error.value.__notes__)
    with (
        ProcessPoolExecutor(
            2, mp_context=CONTEXT, initializer=poison, initargs=(poisoned,)
        ) as pool,
        pytest.raises(Poisoned) as error,
    ):
        list(problem.solutions(executor=pool))
    assert f"prefix {list(poisoned)}" in "".join(error.value.__notes__)


def test_a_killed_dask_worker_has_its_task_run_again(
    dask_client: Any, tmp_path: Path
) -> None:
    problem = langford(8)
    expected = serial(problem.links())
    dask_client.run(kill_once, str(tmp_path / "killed"))
    try:
        got = in_parallel(problem.links(), dask_client.get_executor(), task_nodes=500)
    finally:
        dask_client.run(kill_once, None)
        dask_client.wait_for_workers(2, timeout=60)
    assert (tmp_path / "killed").exists()
    assert got == expected


@pytest.mark.processes
def test_a_killed_pool_process_is_reported(tmp_path: Path) -> None:
    problem = langford(8)
    marker = str(tmp_path / "killed")
    with (
        ProcessPoolExecutor(
            2, mp_context=CONTEXT, initializer=kill_once, initargs=(marker,)
        ) as pool,
        pytest.raises(WorkerLost, match="prefix") as error,
    ):
        problem.count(executor=pool)
    assert error.value.stats.solutions < 300
    assert Path(marker).exists()


@pytest.mark.processes
def test_a_killed_pool_process_is_replaced_when_the_pool_can_be_renewed(
    tmp_path: Path,
) -> None:
    # What dlx --jobs does: a new pool runs the lost tasks, nothing is
    # lost or counted twice.
    problem = langford(8)
    marker = str(tmp_path / "killed")
    pools: list[ProcessPoolExecutor] = []

    def renew() -> ProcessPoolExecutor:
        pools.append(
            ProcessPoolExecutor(
                2, mp_context=CONTEXT, initializer=kill_once, initargs=(marker,)
            )
        )
        return pools[-1]

    count_on_renewed_pools(problem, renew, pools)
    assert Path(marker).exists() and len(pools) == 2


def count_on_renewed_pools(
    problem: ExactCover,
    renew: Callable[[], ProcessPoolExecutor],
    pools: Sequence[ProcessPoolExecutor],
) -> None:
    """Count Langford 8 split over ``renew()``'s pools: the serial count and statistics."""
    serial = problem.search(count_only=True)
    list(serial)
    try:
        run = parallel.search(problem, renew(), count_only=True, renew=renew)
        assert run.count() == 300
        assert run.stats == serial.stats
    finally:
        for pool in pools:
            pool.shutdown()


class BrokenAtSubmit(ProcessPoolExecutor):
    """A process pool that reports itself broken at its ``fail_at``-th submit.

    As a pool whose worker died between two results does: the search
    finds it broken as it hands out the next task, not in a task's result.
    """

    def __init__(self, fail_at: int) -> None:
        super().__init__(2, mp_context=CONTEXT)
        self.calls = 0
        self.fail_at = fail_at

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        if self.calls == self.fail_at:
            raise BrokenProcessPool("a child process terminated abruptly")
        return super().submit(fn, *args, **kwargs)


@pytest.mark.processes
@pytest.mark.parametrize("fail_at", [1, 2, 3])
def test_a_pool_found_broken_when_handing_out_a_task_is_renewed(fail_at: int) -> None:
    # dlx --jobs on PyPy under load: the pool broke while the search was
    # handing out tasks, and BrokenProcessPool ended the command with a
    # traceback.  A new pool runs the task (and those lost with the old).
    problem = langford(8)
    pools: list[BrokenAtSubmit] = []

    def renew() -> ProcessPoolExecutor:
        pools.append(BrokenAtSubmit(fail_at if not pools else 0))
        return pools[-1]

    count_on_renewed_pools(problem, renew, pools)
    assert len(pools) == 2 and pools[0].calls >= fail_at


@pytest.mark.processes
def test_a_pool_found_broken_when_handing_out_a_task_without_renew_is_reported() -> (
    None
):
    problem = langford(8)
    with BrokenAtSubmit(2) as pool, pytest.raises(WorkerLost, match="prefix") as error:
        problem.count(executor=pool)
    assert isinstance(error.value.__cause__, BrokenProcessPool)


class Poisoned(Exception):
    """What a poisoned task raises."""


_real_run_piece = parallel._run_piece


def poison(prefix: tuple[int, ...] | None) -> None:
    """In a worker: make the subproblem below ``prefix`` raise (None: cure)."""

    def run_piece(
        links: Links, task: Any, piece: tuple[int, ...], *args: Any
    ) -> parallel._PieceResult:
        if piece == prefix:
            raise Poisoned("poisoned")
        return _real_run_piece(links, task, piece, *args)

    parallel._run_piece = _real_run_piece if prefix is None else run_piece  # type: ignore[assignment]


def kill_once(marker: str | None) -> None:
    """In a worker: the first subproblem run anywhere kills its process (None: cure)."""

    def run_piece(links: Links, *args: Any) -> parallel._PieceResult:
        assert marker is not None
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return _real_run_piece(links, *args)
        os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("not reached")

    parallel._run_piece = _real_run_piece if marker is None else run_piece  # type: ignore[assignment]


# -- the command -----------------------------------------------------------------------


def dlx_command(
    args: list[str], env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dlx", *args],
        capture_output=True,
        text=True,
        env=env or dict(os.environ),
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


def test_jobs_and_scheduler_print_what_one_process_prints(
    dask_client: Any, tmp_path: Path
) -> None:
    path = langford_file(tmp_path, 8)
    one = dlx_command([str(path), "--stats"])
    assert one.returncode == 0
    for where in (["--jobs", "2"], ["--scheduler", dask_client.scheduler.address]):
        many = dlx_command([str(path), "--stats", *where])
        assert (many.returncode, many.stdout) == (0, one.stdout)
        knuth = [line for line in many.stderr.splitlines() if "Altogether" in line]
        assert knuth == one.stderr.splitlines()[-1:]
        assert " tasks; the largest took " in many.stderr
    counted = dlx_command([str(path), "--count", "--limit", "5", "--jobs", "0"])
    assert (counted.returncode, counted.stdout) == (0, "5\n")


@pytest.mark.processes
def test_task_seconds_sets_the_length_of_the_tasks(tmp_path: Path) -> None:
    path = langford_file(tmp_path, 8)
    one = dlx_command([str(path), "--stats"])

    def tasks(*extra: str) -> int:
        done = dlx_command([str(path), "--stats", "--jobs", "2", *extra])
        assert (done.returncode, done.stdout) == (0, one.stdout)
        match = re.search(r"dlx: (\d+) tasks?;", done.stderr)
        assert match is not None, done.stderr
        return int(match.group(1))

    # Tasks that hand back their rest after 0.1 ms: many more of them.
    assert tasks("--task-seconds", "0.0001") > tasks() + 10
    alone = dlx_command([str(path), "--task-seconds", "1"])
    assert alone.returncode == 2
    assert "--task-seconds only goes with --jobs or --scheduler" in alone.stderr


@pytest.mark.processes
def test_jobs_refuse_seeds(tmp_path: Path) -> None:
    path = langford_file(tmp_path, 4)
    done = dlx_command([str(path), "--jobs", "2", "--seed", "1"])
    assert done.returncode == 2
    assert "--jobs does not go with --seed" in done.stderr


@pytest.mark.processes
def test_a_split_listing_stopped_by_sigterm_resumes_with_the_rest(
    tmp_path: Path,
) -> None:
    path = langford_file(tmp_path, 11)
    whole = dlx_command([str(path)])
    checkpoint = tmp_path / "listing.json"
    args = [str(path), "--jobs", "2", "--checkpoint", str(checkpoint)]
    printed = tmp_path / "first.out"
    with printed.open("wb") as stream:  # a file: a full pipe would stall the run
        process = subprocess.Popen(
            [sys.executable, "-m", "dlx", *args, "--checkpoint-every", "0.1"],
            stdout=stream,
            stderr=subprocess.PIPE,
            env=dict(os.environ),
            cwd=ROOT,
        )
        deadline = time.monotonic() + 60
        while not checkpoint.exists():
            assert process.poll() is None, "the run ended before it could be stopped"
            assert time.monotonic() < deadline
            time.sleep(0.01)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 143, err
    again = dlx_command(args)
    assert again.returncode == 0, again.stderr
    assert printed.read_text() + again.stdout == whole.stdout
    assert not checkpoint.exists()


@pytest.mark.processes
def test_a_split_count_stopped_by_ctrl_c_resumes_from_its_checkpoint(
    tmp_path: Path,
) -> None:
    path = langford_file(tmp_path, 11)
    whole = dlx_command([str(path), "--count", "--stats"])
    assert whole.stdout == "35584\n"
    checkpoint = tmp_path / "split.json"
    args = [
        str(path),
        "--count",
        "--stats",
        "--jobs",
        "2",
        "--checkpoint",
        str(checkpoint),
    ]
    process = subprocess.Popen(
        [sys.executable, "-m", "dlx", *args, "--checkpoint-every", "0.1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ),
        cwd=ROOT,
        # Not ignored, even when pytest runs as a background job.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while not checkpoint.exists():
        assert process.poll() is None, "the count ended before it could be stopped"
        assert time.monotonic() < deadline
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert out == b""
    assert f"the same command resumes from {checkpoint}" in err.decode()
    saved = json.loads(checkpoint.read_text())
    assert saved["clean"] is True and "pieces" in saved
    # A run without --jobs refuses it, and leaves it.
    kept = checkpoint.read_text()
    alone = dlx_command([str(path), "--count", "--checkpoint", str(checkpoint)])
    assert alone.returncode == 2 and "with --jobs or --scheduler" in alone.stderr
    assert checkpoint.read_text() == kept
    again = dlx_command(args)
    assert again.returncode == 0, again.stderr
    assert again.stdout == whole.stdout
    assert again.stderr.startswith(f"dlx: resuming from {checkpoint}: ")
    knuth = [
        line for line in again.stderr.splitlines() if line.startswith("Altogether")
    ]
    assert knuth == [whole.stderr.strip()]
    assert not checkpoint.exists()


@pytest.mark.processes
def test_scheduler_without_dask_says_how_to_install_it(tmp_path: Path) -> None:
    path = langford_file(tmp_path, 4)
    fake = tmp_path / "no_dask"
    fake.mkdir()
    (fake / "distributed.py").write_text("raise ImportError('no dask here')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(fake), str(ROOT)])}
    done = dlx_command([str(path), "--scheduler", "tcp://127.0.0.1:8786"], env)
    assert done.returncode == 2
    assert 'python3 -m pip install ".[dask]" in pydlx\'s folder' in done.stderr


@pytest.mark.processes
def test_ctrl_c_stops_all_jobs_with_the_count_so_far(tmp_path: Path) -> None:
    # Langford 15: hours of search on any interpreter (PyPy ends Langford 12
    # in about a second), so the signal always comes mid-search.
    path = langford_file(tmp_path, 15)
    process = subprocess.Popen(
        [sys.executable, "-m", "dlx", "--count", "--jobs", "2", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=dict(os.environ),
        cwd=ROOT,
        # Not ignored, even when pytest runs as a background job.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    wait_for_workers(process)  # the jobs run: not a fixed sleep, which load defeats
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert out == ""
    assert "interrupted after" in err and "at least" in err


def test_limits_and_pieces(executor: Executor) -> None:
    problem = langford(8)
    expected = problem.solutions_list()
    run = parallel.search(problem, executor, task_nodes=50)
    first = [next(run) for _ in range(5)]
    saved = run.pieces()
    run.close()
    # A limit below what was handed out before: nothing more.
    rest = parallel.search(problem, executor, resume=saved, limit=3)
    assert list(rest) == [] and rest.outcome is Outcome.LIMIT_REACHED
    # A limit above it: exactly up to the limit, in order.
    rest = parallel.search(problem, executor, resume=saved, limit=12)
    assert first + list(rest) == expected[:12]
    # Pieces of a search with a limit, or of one that is over, are refused.
    limited = parallel.search(problem, executor, limit=10)
    next(limited)
    with pytest.raises(ValueError, match="limit"):
        limited.pieces()
    limited.close()
    done = parallel.search(problem, executor, count_only=True)
    done.count()
    with pytest.raises(ValueError, match="over"):
        done.pieces()


@pytest.mark.processes
def test_jobs_refuse_a_checkpoint_with_a_limit(tmp_path: Path) -> None:
    path = langford_file(tmp_path, 4)
    args = [str(path), "--jobs", "2", "--limit", "2", "--checkpoint", "c.json"]
    done = dlx_command(args)
    assert done.returncode == 2
    assert "--jobs does not go with --checkpoint and --limit" in done.stderr


# -- problems with bounds (Algorithm M) ----------------------------------------------
#
# The serial MultiplicitySearch is the oracle: the frontier, the tasks'
# splits and the workers' prefix searches walk Algorithm M's tree
# (tweaks, bounds, the null move as option -1), and must give its
# solutions in its order and its statistics exactly.


def serial_m(links: Links) -> tuple[list[tuple[int, ...]], Stats]:
    search = MultiplicitySearch(links)
    return list(search), records.replace(search.stats)


@settings(max_examples=150, deadline=None)
@given(bounded_specs(), st.integers(0, 4))
def test_a_frontier_with_bounds_adds_up_to_the_serial_search(
    case: Bounded, depth: int
) -> None:
    links = case.build().links()
    expected = serial_m(links) if links.bound is not None else serial(links)
    cut = frontier(links, depth)
    found: list[tuple[int, ...]] = []
    stats = records.replace(cut.stats)
    for entry in cut.entries:
        if entry.solution:
            found.append(tuple(sorted(o for o in entry.options if o >= 0)))
            continue
        search = case.build().search(prefix=entry.options)
        found += search
        for name in ("nodes", "updates", "cleansings", "solutions"):
            setattr(stats, name, getattr(stats, name) + getattr(search.stats, name))
    assert (found, stats) == expected


@pytest.mark.threads
@settings(max_examples=150, deadline=None)
@given(bounded_specs(), st.integers(1, 6), st.integers(0, 2))
def test_splitting_tasks_with_bounds_anywhere_changes_nothing(
    case: Bounded, task_nodes: int, depth: int
) -> None:
    problem = case.build()
    links = problem.links()
    if links.bound is None:
        return  # plain problems: the tests above
    expected = serial_m(links)
    with ThreadPoolExecutor(2) as threads:
        got = in_parallel(
            links, threads, task_nodes=task_nodes, task_seconds=None, depth=depth
        )
        assert got == expected
        run = parallel.search(
            links, threads, count_only=True, task_nodes=task_nodes, depth=depth
        )
        assert run.count() == expected[1].solutions
        assert run.stats == expected[1]


def test_the_null_move_is_a_prefix_of_its_own() -> None:
    # [0..1] on A: the branches at the root are A's two options and "no A".
    problem = ExactCover("A", options=[["A"], ["A"]], bounds={"A": (0, 1)})
    cut = frontier(problem, 1)
    assert cut.prefixes == [(0,), (1,), (-1,)]
    assert [e.weight for e in cut.entries] == [pytest.approx(1 / 3)] * 3
    found = [s for p in cut.prefixes for s in problem.search(prefix=p)]
    assert found == [(0,), (1,), ()] == problem.solutions_list()
    assert frontier(problem, 2).solutions == [(0,), (1,), ()]


def bounded_problems() -> list[ExactCover]:
    data = TESTS / "data" / "dlx3"
    return [
        k_per_line(5, 2),
        parse_dlx(KNUTH_EXAMPLE),
        parse_dlx((data / "two-per-line-5.dlx").read_text()),
        *(parse_dlx((data / f"random-{k:02}.dlx").read_text()) for k in (0, 7, 21, 33)),
    ]


def test_bounded_problems_on_worker_processes(executor: Executor) -> None:
    for problem in bounded_problems():
        links = problem.links()
        expected = serial_m(links)
        run = parallel.search(links, executor, task_nodes=25)
        assert (list(run), run.stats) == expected
        assert problem.count(executor=executor) == expected[1].solutions
    problem = k_per_line(5, 2)
    solutions, _ = serial_m(problem.links())
    assert list(problem.solutions(executor=executor)) == solutions
    assert problem.first(executor=executor) == solutions[0]
    assert problem.is_unique(executor=executor) is False
    assert ExactCover("A", options=[["A"]] * 2, bounds={"A": 2}).is_unique(
        executor=executor
    )


@pytest.mark.threads
def test_a_bounded_split_count_stopped_anywhere_resumes_exactly() -> None:
    problem = k_per_line(5, 2)
    expected = serial_m(problem.links())[1]
    with ThreadPoolExecutor(2) as threads:
        runs: list[parallel.ParallelSearch] = []

        def stop_soon(report: Progress) -> None:
            if report.nodes > 0:
                runs[0].request_stop()

        run = parallel.search(
            problem,
            threads,
            count_only=True,
            task_nodes=20,
            progress=stop_soon,
            progress_interval=1e-9,
        )
        runs.append(run)
        with pytest.raises(Interrupted):
            run.count()
        saved = parallel.Pieces.from_json(run.pieces().to_json())
        rest = parallel.search(problem, threads, count_only=True, resume=saved)
        assert rest.count() == expected.solutions
        assert rest.stats == expected


@pytest.mark.processes
def test_jobs_with_bounds_print_what_one_process_prints(tmp_path: Path) -> None:
    path = TESTS / "data" / "dlx3" / "two-per-line-5.dlx"
    one = dlx_command([str(path), "--stats"])
    assert one.returncode == 0, one.stderr
    many = dlx_command([str(path), "--stats", "--jobs", "2"])
    assert (many.returncode, many.stdout) == (0, one.stdout), many.stderr
    knuth = [line for line in many.stderr.splitlines() if "Altogether" in line]
    assert knuth == one.stderr.splitlines()[-1:]
    counted = dlx_command([str(path), "--count", "--jobs", "2"])
    assert (counted.returncode, counted.stdout) == (0, f"{a001499(5)}\n")
