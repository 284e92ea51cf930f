"""``dlx.commands.end_workers``: a stopped command's pool ends without a word at exit.

At exit, :mod:`concurrent.futures` wakes every process pool's thread
through a pipe, without the lock that guards the pipe's closing.  A pool
ended by :func:`end_workers` closes that pipe as its thread ends, so a
command stopped by Ctrl-C once printed "TypeError: expected integer, got
NoneType object" (PyPy) or "Bad file descriptor" (CPython 3.11) after its
closing line.  :func:`end_workers` now takes its pool's thread off that
list.
"""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ProcessPoolExecutor, process

import pytest

from dlx.commands import end_workers

pytestmark = pytest.mark.processes

# Forking a process with threads (pytest-xdist's) may deadlock.
CONTEXT = multiprocessing.get_context("spawn")


def _started(pool: ProcessPoolExecutor) -> None:
    """Wait until ``pool`` has a worker process running a task."""
    deadline = time.monotonic() + 60
    future = pool.submit(time.sleep, 600)
    while not future.running():
        assert time.monotonic() < deadline, "the worker never took its task"
        time.sleep(0.01)


def test_a_busy_pool_ends_and_is_not_woken_at_exit() -> None:
    pool = ProcessPoolExecutor(1, mp_context=CONTEXT)
    _started(pool)
    manager: threading.Thread = getattr(pool, "_executor_manager_thread")  # noqa: B009
    wakeups = getattr(process, "_threads_wakeups")  # noqa: B009
    assert manager in wakeups
    processes = list(getattr(pool, "_processes").values())  # noqa: B009
    end_workers(pool)
    assert manager not in wakeups
    manager.join(timeout=30)
    assert not manager.is_alive()
    for worker in processes:
        worker.join(timeout=30)
        assert worker.exitcode is not None and worker.exitcode < 0
    with pytest.raises(RuntimeError):  # shut down, or broken by the kill
        pool.submit(abs, -3)


SCRIPT = textwrap.dedent(
    """
    import multiprocessing, time
    from concurrent.futures import ProcessPoolExecutor
    from dlx.commands import end_workers

    if __name__ == "__main__":
        pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))
        futures = [pool.submit(time.sleep, 600) for _ in range(2)]
        while not all(future.running() for future in futures):
            time.sleep(0.01)
        end_workers(pool)
        print("ended", flush=True)
    """
)


@pytest.mark.parametrize("run", range(5))
def test_a_process_that_ended_its_pool_exits_quietly(run: int) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "ended\n", "")


INTERRUPTED = textwrap.dedent(
    """
    import multiprocessing, signal, threading, time
    from concurrent.futures import ProcessPoolExecutor
    from dlx.commands import end_workers

    class Second(KeyboardInterrupt):
        pass

    def second(signum, frame):
        raise Second

    if __name__ == "__main__":
        pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        future = pool.submit(time.sleep, 600)
        while not future.running():
            time.sleep(0.01)
        manager = pool._executor_manager_thread
        signal.signal(signal.SIGALRM, second)
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        try:
            pool.shutdown(wait=True)  # waits for the busy worker: cut short
        except Second:
            pass
        end_workers(pool)
        print("listed", manager in threading.enumerate(), flush=True)
    """
)


@pytest.mark.parametrize("run", range(3))
def test_a_pool_whose_shutdown_a_signal_cut_short_ends_before_the_exit(
    run: int,
) -> None:
    # A second Ctrl-C during pool.shutdown(wait=True) cuts its join of the
    # pool's thread short.  On CPython before 3.13 that marks the running
    # thread stopped, so end_workers did not wait for it and the exit did
    # not either: ended at finalization while it held the pool's lock, it
    # left the exit waiting for that lock for ever (CPython 3.12).
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "listed False\n", "")
