"""Counting the memo benchmark's problems with the compiled peers, for comparison.

Not a timed test.  ``tests/benchmarks/bench_memo.py`` measures pydlx's plain
and memoised counts; this script counts the same problems with the compiled
peers ``exact-cover`` (C) and ``xcover`` (numba), which have no memoised mode,
each count in a process of its own under a time cap.  Run it with an
interpreter that has the peers (``nox -s bench`` installs them, or
``pip install exact-cover==1.5.0 xcover==0.2.6``)::

    python tests/benchmarks/memo_peers.py --sets dominoes8,trominoes9 --cap 60
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(HERE)]

# A child process: build one problem, count it with one peer, print the count.
CHILD = """
import sys, time
sys.path[:0] = {paths!r}
from bench_memo import SETS
problem = SETS[{name!r}][1]()
rows = [[problem._index[item] for item in problem.option(k)] for k in range(len(problem))]
n_primary, n_items = len(problem.primary), len(problem.primary) + len(problem.secondary)
started = time.perf_counter()
if {peer!r} == "exact-cover":
    import numpy as np
    import exact_cover as ec
    # No secondary items in exact-cover: each becomes primary with a slack
    # option of its own, which keeps the number of solutions.
    rows = rows + [[item] for item in range(n_primary, n_items)]
    matrix = np.zeros((len(rows), n_items), dtype=bool)
    for k, row in enumerate(rows):
        matrix[k, row] = True
    found = int(ec.get_solution_count(matrix))
else:
    import xcover
    from xcover.solvers import input_as_arrays
    arrays = input_as_arrays(rows, primary=list(range(n_primary)),
                             secondary=list(range(n_primary, n_items)))
    found = sum(1 for _ in xcover.algorithm_c(*arrays))
print(found, time.perf_counter() - started)
"""


def run(name: str, peer: str, cap: float) -> str:
    code = CHILD.format(paths=sys.path[:3], name=name, peer=peer)
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=cap
        )
    except subprocess.TimeoutExpired:
        return f"> {cap:.0f} s"
    if done.returncode != 0:
        return "n/a: " + (done.stderr.strip().splitlines() or ["failed"])[-1][:60]
    count, seconds = done.stdout.split()
    return f"{float(seconds):.3g} s ({count}; {time.perf_counter() - started:.1f} s with start-up)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sets",
        default="dominoes8,trominoes9,queens12,langford11,pent5x12",
    )
    parser.add_argument("--cap", type=float, default=60.0)
    options = parser.parse_args()
    for name in options.sets.split(","):
        for peer in ("exact-cover", "xcover"):
            print(f"{name:12} {peer:12} {run(name, peer, options.cap)}", flush=True)


if __name__ == "__main__":
    main()
