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
row says so).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")


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


def _rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as statm:
            return int(statm.read().split()[1]) * PAGE
    except OSError:
        return 0


def measure(
    command: list[str], env: dict[str, str], limit: int | None, cwd: str
) -> tuple[int, int, float, str]:
    """Run ``command``; return the peak of its largest process, of the tree, the time, a note."""
    started = time.perf_counter()
    # Not in a source tree: "python -m" puts the working folder first on
    # the path, before PYTHONPATH.
    process = subprocess.Popen(
        command, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    largest = whole = 0
    note = ""
    while process.poll() is None:
        tree = _children()
        pids = [process.pid]
        k = 0
        while k < len(pids):
            pids += tree.get(pids[k], [])
            k += 1
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
    if not note:
        last = err.decode(errors="replace").strip().splitlines()
        note = out.decode(errors="replace").strip().splitlines()[-1:][0] if out else ""
        if last:
            note += f" | {last[-1][:70]}"
    return largest, whole, seconds, note


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depths", default="2000,10000")
    parser.add_argument("--tree", default=str(Path(__file__).parents[2]))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--limit-mb", type=int, default=8000)
    parser.add_argument("--skip-ring", action="store_true")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=os.path.abspath(args.tree))
    limit = args.limit_mb * 1_000_000
    mb = 1_000_000
    print(f"tree {args.tree}, {args.jobs} jobs, python {sys.version.split()[0]}")
    print(f"{'problem':<14} {'run':<8} {'largest MB':>10} {'tree MB':>8} {'s':>7}  out")
    with tempfile.TemporaryDirectory() as folder:
        for depth in [int(d) for d in args.depths.split(",")]:
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
                for run, extra in (
                    ("serial", []),
                    ("jobs", ["--jobs", str(args.jobs)]),
                ):
                    largest, whole, seconds, note = measure(
                        [*base, *extra, file], env, limit, folder
                    )
                    print(
                        f"{name + ' ' + str(depth):<14} {run:<8} "
                        f"{largest / mb:>10.0f} {whole / mb:>8.0f} {seconds:>7.1f}  {note}",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
