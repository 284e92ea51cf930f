"""Counting the memo benchmark's problems with the compiled peers, for comparison.

Not a timed test.  ``tests/benchmarks/bench_memo.py`` measures pydlx's plain
and memoised counts; this script counts the same problems with the compiled
peers ``exact-cover`` (C) and ``xcover`` (numba), each count in a process of
its own under a time cap.  ``--memo`` also counts them with xcover's
memoised mode (``covers_zdd(..., use_memo_cache=True)``, algorithm Z, with
its MRV and leftmost choices; the count is summed over the diagram's nodes)
and says where that count is wrong: xcover 0.2.6 keys its cache on a 32-bit
hash of the state, and states whose hashes collide share an entry.  Run it
with an interpreter that has the peers (``nox -s bench`` installs them, or
``pip install exact-cover==1.5.0 xcover==0.2.6``)::

    python tests/benchmarks/memo_peers.py --sets dominoes8,trominoes9 --cap 60
    python tests/benchmarks/memo_peers.py --sets queens12,langford11 --memo
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
#: Where the children find pydlx, its test helpers and the benchmark sets.
PATHS = [str(ROOT), str(ROOT / "tests"), str(HERE)]
sys.path[:0] = PATHS

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
elif {peer!r}.startswith("xcover-memo"):
    import xcover
    # Nodes come children first, each (number, option, lo, hi); the last is the root.
    counts = [0, 1]
    for number, _, lo, hi in xcover.covers_zdd(
        rows, primary=list(range(n_primary)), secondary=list(range(n_primary, n_items)),
        use_memo_cache=True,
        choose_heuristic="leftmost" if {peer!r}.endswith("leftmost") else "MRV",
    ):
        counts.extend([0] * (number + 1 - len(counts)))
        counts[number] = counts[lo] + counts[hi]
    found = counts[-1]
else:
    import xcover
    from xcover.solvers import input_as_arrays
    arrays = input_as_arrays(rows, primary=list(range(n_primary)),
                             secondary=list(range(n_primary, n_items)))
    found = sum(1 for _ in xcover.algorithm_c(*arrays))
print(found, time.perf_counter() - started)
"""


def run(name: str, peer: str, cap: float) -> str:
    code = CHILD.format(paths=PATHS, name=name, peer=peer)
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
    parser.add_argument(
        "--memo",
        action="store_true",
        help="also xcover's memoised mode, checked against pydlx's memoised count",
    )
    options = parser.parse_args()
    peers = ["exact-cover", "xcover"]
    if options.memo:
        peers += ["xcover-memo", "xcover-memo-leftmost"]
    for name in options.sets.split(","):
        right = None
        if options.memo:
            from bench_memo import SETS

            right = SETS[name][1]().count(method="memo", max_bytes=None)
        for peer in peers:
            said = run(name, peer, options.cap)
            if right is not None and "(" in said:
                found = int(said.split("(")[1].split(";")[0])
                said += "" if found == right else f"  WRONG: the count is {right}"
            print(f"{name:12} {peer:20} {said}", flush=True)


if __name__ == "__main__":
    main()
