"""Wall-clock speed-up of ``dlx --jobs 2`` and of ``dlx --scheduler`` (Dask) over one process.

Not a timed test: run it by hand on an idle machine::

    python tests/benchmarks/parallel.py                  # all three counts
    python tests/benchmarks/parallel.py --problems queens13 --jobs 2

Each count runs as the ``dlx`` command in a process of its own (start-up
and reading the file included), first on one process, then with
``--jobs N``, then on a Dask ``LocalCluster`` of N worker processes with
one thread each (``--scheduler``; the cluster is started before the clock
starts, as a running cluster would be).  ``--stats`` gives the statistics,
which must be the same in all three runs, and the task report (how many
tasks, the largest task's share of the work).

With ``--repeat R`` the three runs go round R times, interleaved (serial,
jobs, Dask, serial, ...), and the table shows the fastest of each: on a
shared machine whose second core comes and goes, the best time is the one
least disturbed, and interleaving gives each kind of run the same chances.
The two-process capacity of the machine is measured before each round.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from dlx_helpers import langford, n_queens, pentomino_rectangle  # noqa: E402

from dlx import ExactCover, format_dlx  # noqa: E402

PROBLEMS: dict[str, Callable[[], ExactCover]] = {
    "langford11": lambda: langford(11),
    "queens13": lambda: n_queens(13),
    "langford12": lambda: langford(12),
    "queens14": lambda: n_queens(14),
    "pentominoes5x12": lambda: pentomino_rectangle(5, 12),
}


def name(item: Hashable) -> str:
    if isinstance(item, tuple):
        return "_".join(map(str, item))
    return str(item)


def write(problem: ExactCover, path: Path) -> None:
    """The problem in Knuth's text format, items renamed to plain words."""
    renamed = ExactCover(
        [name(item) for item in problem.primary],
        [name(item) for item in problem.secondary],
    )
    for index in range(len(problem)):
        renamed.add_option([name(item) for item in problem.option(index)])
    path.write_text(format_dlx(renamed))


def timed(args: list[str]) -> tuple[float, str, list[str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "dlx", "--count", "--stats", "--no-progress", *args],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return time.perf_counter() - started, done.stdout.strip(), done.stderr.splitlines()


def capacity(folder: Path, jobs: int) -> None:
    """What this machine gives N processes at once: the bound on any speed-up.

    Counts Langford pairs for n = 11 once alone, then ``jobs`` copies at
    the same time, each in its own process; prints how many times one
    process's throughput the copies got together.  A shared virtual
    machine may give its second core a fraction of the first's speed.
    """
    path = folder / "capacity.dlx"
    write(PROBLEMS["langford11"](), path)
    command = [sys.executable, "-m", "dlx", "--count", "--no-progress", str(path)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    alone = time.perf_counter() - started
    started = time.perf_counter()
    copies = [
        subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env)
        for _ in range(jobs)
    ]
    for copy in copies:
        copy.wait()
    together = time.perf_counter() - started
    print(
        f"capacity: {jobs} processes at once did {jobs * alone / together:.2f}x "
        f"the work of one ({alone:.2f} s alone, {together:.2f} s for {jobs})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", default="queens13,langford12,pentominoes5x12")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--repeat", type=int, default=1)
    options = parser.parse_args()
    cluster: Any = None
    client: Any = None
    if not options.no_dask:
        import distributed

        dask: Any = distributed  # not fully typed
        cluster = dask.LocalCluster(
            n_workers=options.jobs,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=50,
        )
        client = dask.Client(cluster)
    folder = Path(tempfile.mkdtemp())
    for key in options.problems.split(","):
        path = folder / f"{key}.dlx"
        write(PROBLEMS[key](), path)
        runs: dict[str, list[tuple[float, str, list[str]]]] = {}
        for _ in range(options.repeat):
            capacity(folder, options.jobs)
            round_ = {"serial": [str(path)]}
            round_[f"jobs {options.jobs}"] = [str(path), "--jobs", str(options.jobs)]
            if client is not None:
                round_["dask"] = [str(path), "--scheduler", client.scheduler.address]
            for label, args in round_.items():
                runs.setdefault(label, []).append(timed(args))
                seconds = runs[label][-1][0]
                print(f"  {key:16} {label:8} {seconds:7.2f} s", flush=True)
        best = {label: min(times) for label, times in runs.items()}
        base, count, err = best["serial"]
        summary = err[-1]
        for label, (seconds, got, lines) in best.items():
            assert got == count, (key, label, got, count)
            knuth = [line for line in lines if line.startswith("Altogether")]
            assert knuth == [summary], (key, label, knuth, summary)
            tasks = next((line for line in lines if " tasks;" in line), "")
            print(
                f"{key:16} {label:8} {seconds:7.2f} s  ×{base / seconds:4.2f}  {tasks}"
            )
            sys.stdout.flush()
        print(f"{key:16} {summary}")
    if client is not None and cluster is not None:
        client.close()
        cluster.close()


if __name__ == "__main__":
    main()
