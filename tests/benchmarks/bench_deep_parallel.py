"""Memory and time of deep searches split over processes (``dlx --jobs``).

Two generated problems whose search trees are very deep:

* ``path D``: items ``x0 .. x(D-1)``; each item has two options, ``x_i``
  alone and ``x_i x_(i+1)``: depth up to ``D``, two branches per level.
  Run as ``dlx --count --max-nodes 200000`` (the count never ends: the
  node budget stops it), serially and with ``--jobs 2``.
* ``ring D``: ``2D`` items round a ring, options ``x_i x_(i+1)``: one
  branch per level, two solutions, depth ``D``.  Run to the end, serially
  and with ``--jobs 2``.

For each run it samples the resident memory of the command and of every
process below it (from ``/proc``, every 20 ms) and prints the peak of the
largest process, the peak of the whole tree, and the wall time.  When a
task's slice ends, the rest of its subtree goes back to the parent; the
figures show whether that costs memory linear or quadratic in the depth.

::

    python tests/benchmarks/bench_deep_parallel.py --depths 10000,100000
    python tests/benchmarks/bench_deep_parallel.py --tree ../other --depths 10000

``--tree DIR`` measures the code of another source tree (``PYTHONPATH``).
``--limit-mb`` caps the whole tree (the run is killed past it, and the
row says so).  The ``cpu s`` column adds the CPU time of every process
of the tree: unlike the wall time, it hardly depends on the load.

``--ring-depth D`` also runs the ring of depth ``D`` pinned to one core
(``taskset -c 0``): serial against ``--jobs``, where ``--jobs`` should
take no longer than serial plus its start-up, measured as what it adds
to a ring of 20 levels (nothing to search, but tasks for the workers)::

    python tests/benchmarks/bench_deep_parallel.py --depths "" --ring-depth 100000

On one core a pool of two processes runs one task at a time, and the
command runs them itself (``local`` of :func:`dlx.parallel.search`): no
problem shipped, no worker started.  So that the path through the
workers (the problem packed, shipped and rebuilt, each subproblem walked
from a place) is measured too, the ``workers`` rows run the same count
through the library with ``local=False`` (every task in a worker
process), against the same serial run plus their own start-up.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")


def path_problem(depth: int) -> str:
    items = [f"x{i}" for i in range(depth)]
    lines = [" ".join(items)]
    for i in range(depth):
        lines.append(items[i])
        if i + 1 < depth:
            lines.append(f"{items[i]} {items[i + 1]}")
    return "\n".join(lines) + "\n"


def ring_problem(depth: int) -> str:
    n = 2 * depth
    items = [f"x{i}" for i in range(n)]
    lines = [" ".join(items)]
    lines += [f"{items[i]} {items[(i + 1) % n]}" for i in range(n)]
    return "\n".join(lines) + "\n"


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        tree.setdefault(int(fields[1]), []).append(int(entry))
    return tree


def _cpu(pid: int) -> float:
    """Seconds of CPU ``pid`` has used so far (user and system), 0 when gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def _rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as statm:
            return int(statm.read().split()[1]) * PAGE
    except OSError:
        return 0


@dataclass
class Run:
    """What :func:`measure` saw of one command."""

    largest: int  # the peak resident memory of its largest process, bytes
    whole: int  # the peak of the sum over its process tree, bytes
    seconds: float  # wall-clock time
    cpu: float  # CPU seconds of the whole tree (each process's last sample)
    note: str  # the last lines of its output and error, or why it was killed


def measure(
    command: list[str], env: dict[str, str], limit: int | None, cwd: str
) -> Run:
    """Run ``command``; return its memory peaks, times and a note.

    The tree's CPU time adds, over every process seen, its CPU time at
    the last sample (every 20 ms; the command's own from its exit
    status), so a process may lose up to 20 ms of it.
    """
    started = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    # Not in a source tree: "python -m" puts the working folder first on
    # the path, before PYTHONPATH.
    process = subprocess.Popen(
        command, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    largest = whole = 0
    cpu: dict[int, float] = {}
    note = ""
    while process.poll() is None:
        tree = _children()
        pids = [process.pid]
        k = 0
        while k < len(pids):
            pids += tree.get(pids[k], [])
            k += 1
        for pid in pids[1:]:
            cpu[pid] = max(cpu.get(pid, 0.0), _cpu(pid))
        sizes = [_rss(pid) for pid in pids]
        largest = max(largest, max(sizes))
        whole = max(whole, sum(sizes))
        if limit is not None and sum(sizes) > limit:
            for pid in reversed(pids):
                with contextlib.suppress(OSError):
                    os.kill(pid, 9)
            note = "killed past the cap"
            break
        time.sleep(0.02)
    out, err = process.communicate()
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if not note:
        last = err.decode(errors="replace").strip().splitlines()
        note = out.decode(errors="replace").strip().splitlines()[-1:][0] if out else ""
        if last:
            note += f" | {last[-1][:70]}"
    return Run(largest, whole, seconds, own + sum(cpu.values()), note)


def memory_table(args: argparse.Namespace, env: dict[str, str], folder: str) -> None:
    """Serial against ``--jobs`` at each depth: memory peaks, times, CPU."""
    limit = args.limit_mb * 1_000_000
    mb = 1_000_000
    print(
        f"{'problem':<14} {'run':<8} {'largest MB':>10} {'tree MB':>8} "
        f"{'s':>7} {'cpu s':>7}  out"
    )
    for depth in [int(d) for d in args.depths.split(",") if d]:
        problems = [("path", path_problem(depth))]
        if not args.skip_ring:
            problems.append(("ring", ring_problem(depth)))
        for name, text in problems:
            file = os.path.join(folder, f"{name}{depth}.dlx")
            with open(file, "w") as out:
                out.write(text)
            base = [sys.executable, "-m", "dlx", "--count", "--no-progress"]
            if name == "path":
                base += ["--max-nodes", str(args.max_nodes)]
            serial_peak = 0
            for run, extra in (
                ("serial", []),
                ("jobs", ["--jobs", str(args.jobs)]),
            ):
                got = measure([*base, *extra, file], env, limit, folder)
                verdict = ""
                if run == "serial":
                    serial_peak = got.largest
                else:
                    ratio = got.largest / max(serial_peak, 1)
                    verdict = f"{ratio:.1f}x serial peak"
                print(
                    f"{name + ' ' + str(depth):<14} {run:<8} "
                    f"{got.largest / mb:>10.0f} {got.whole / mb:>8.0f} "
                    f"{got.seconds:>7.1f} {got.cpu:>7.1f}  {verdict} {got.note}",
                    flush=True,
                )


#: ``dlx --count --jobs N FILE`` with every task in a worker (``local=False``).
WORKERS_ONLY = """
import sys
from dlx.commands import worker_pool
from dlx.parallel import search
from dlx.textformat import read_dlx
with open(sys.argv[2]) as file:
    problem = read_dlx(file)
with worker_pool(int(sys.argv[1])) as pool:
    print(search(problem, pool, count_only=True, local=False).count())
"""


def one_core(args: argparse.Namespace, env: dict[str, str], folder: str) -> None:
    """The ring on one core: ``--jobs`` against serial plus the start-up.

    The start-up of ``--jobs`` is what it adds to a problem with nothing
    to search: ``dlx --count --jobs N`` on a ring of 20 levels (the
    smallest ring whose first frontier leaves tasks for the workers)
    less the serial run of it, both on the same core.  Every command
    runs ``args.repeats`` times, interleaved, and the medians count.
    """
    depth = args.ring_depth
    files = {}
    for name, d in (("big", depth), ("small", 20)):
        files[name] = os.path.join(folder, f"ring{d}-core.dlx")
        with open(files[name], "w") as out:
            out.write(ring_problem(d))
    pin = ["taskset", "-c", str(args.core)]
    base = [*pin, sys.executable, "-m", "dlx", "--count", "--no-progress"]
    jobs = ["--jobs", str(args.jobs)]
    workers = [*pin, sys.executable, "-c", WORKERS_ONLY, str(args.jobs)]
    runs: dict[str, list[Run]] = {}
    for _ in range(args.repeats):
        for key, command in (
            ("serial", [*base, files["big"]]),
            ("jobs", [*base, *jobs, files["big"]]),
            ("workers", [*workers, files["big"]]),
            ("serial 20", [*base, files["small"]]),
            ("jobs 20", [*base, *jobs, files["small"]]),
            ("workers 20", [*workers, files["small"]]),
        ):
            runs.setdefault(key, []).append(measure(command, env, None, folder))
    print(f"ring {depth} on core {args.core}, medians of {args.repeats} runs:")
    wall = {k: statistics.median(r.seconds for r in v) for k, v in runs.items()}
    cpu = {k: statistics.median(r.cpu for r in v) for k, v in runs.items()}
    for key in runs:
        print(
            f"  {key:<10} {wall[key]:6.2f} s wall {cpu[key]:6.2f} s cpu  "
            f"{runs[key][-1].note}"
        )
    print(
        "  the target (issue 23, point 1): each run no longer than serial plus"
        " its start-up, a ratio <= 1.00"
    )
    for run in ("jobs", "workers"):
        for what, figures in (("wall", wall), ("cpu", cpu)):
            startup = figures[f"{run} 20"] - figures["serial 20"]
            allowed = figures["serial"] + startup
            verdict = "within" if figures[run] <= allowed else "OVER"
            print(
                f"  {what:<4} {run:<7} {figures[run]:.2f} s, serial + start-up "
                f"{figures['serial']:.2f} + {startup:.2f} = {allowed:.2f} s: "
                f"ratio {figures[run] / allowed:.2f}, {verdict}"
            )
    # The same ratio within each round (its six commands ran one after
    # another): on a machine whose speed drifts, steadier than the ratio
    # of the medians.
    for run in ("jobs", "workers"):
        ratios = sorted(
            r[run].cpu / (r["serial"].cpu + r[f"{run} 20"].cpu - r["serial 20"].cpu)
            for r in ({key: runs[key][k] for key in runs} for k in range(args.repeats))
        )
        print(
            f"  cpu  {run:<7} per round: "
            + " ".join(f"{ratio:.3f}" for ratio in ratios)
            + f", median {statistics.median(ratios):.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depths", default="2000,10000")
    parser.add_argument("--tree", default=str(Path(__file__).parents[2]))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--limit-mb", type=int, default=8000)
    parser.add_argument("--skip-ring", action="store_true")
    parser.add_argument(
        "--ring-depth",
        type=int,
        default=0,
        help="also time a ring this deep on one core (0: not)",
    )
    parser.add_argument("--core", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=os.path.abspath(args.tree))
    print(f"tree {args.tree}, {args.jobs} jobs, python {sys.version.split()[0]}")
    print(f"load {os.getloadavg()[0]:.1f}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        memory_table(args, env, folder)
        if args.ring_depth:
            one_core(args, env, folder)
    print(f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
