"""``best(k, executor=ProcessPoolExecutor(2))`` in time slices, against whole-prefix tasks.

Usage::

    python tests/benchmarks/bench_best_slices.py [--rounds N] [--seconds S ...]
        [--root OTHER_CHECKOUT]

The problem: the 12 pentominoes in a 4×15 box, each placement costing a
random 0-99 (``random.Random(1)``), k = 1: several seconds serially.  Each
round runs, interleaved, the serial search and the split search over a
fresh spawned process pool of 2 for each slice length given (``none``:
each task searches its prefix to the end, as before the slices), and
prints the wall-clock seconds (median over the rounds), the tasks and the
updates summed over the workers.  With ``--root`` the split runs import
``dlx`` from another checkout instead (say, one without slices: it then
takes no slice length, and runs once per round as ``old``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import json, multiprocessing, random, sys, time
from concurrent.futures import ProcessPoolExecutor
sys.path.insert(0, sys.argv[1])
from dlx_helpers import pentomino_rectangle
from dlx import ExactCover, parallel
plain = pentomino_rectangle(4, 15)
problem = ExactCover(plain.primary, plain.secondary)
rng = random.Random(1)
for k in range(len(plain)):
    problem.add_option(plain.option(k), cost=rng.randint(0, 99))
how = sys.argv[2]
started = time.perf_counter()
if how == "serial":
    search = problem.best_search(1)
    search.run()
    ranked, stats, tasks = search.best(), search.stats, 1
else:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        options = {} if how == "old" else {
            "task_seconds": None if how == "none" else float(how)
        }
        run = parallel.best(problem, pool, 1, **options)
        run.run()
        ranked, stats, tasks = run.best(), run.stats, run.tasks
assert parallel.__file__.startswith(sys.argv[3]), parallel.__file__
print(json.dumps({"seconds": time.perf_counter() - started,
                  "cost": ranked[0][0], "tasks": tasks, "updates": stats.updates}))
"""


def measure(root: Path, how: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(ROOT / "tests"), how, str(root)],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
        cwd=root,  # -c puts the working directory first on the path
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", nargs="*", default=["none", "0.1", "0.3", "0.5"])
    parser.add_argument(
        "--root", type=Path, help="another checkout's dlx for the split"
    )
    args = parser.parse_args(argv)
    ways: list[tuple[str, Path, str]] = [("serial", ROOT, "serial")]
    if args.root is not None:
        ways.append(("old", args.root, "old"))
    ways += [(f"slices {s}", ROOT, s) for s in args.seconds]
    times: dict[str, list[dict[str, float]]] = {name: [] for name, _, _ in ways}
    for _ in range(args.rounds):
        for name, root, how in ways:
            times[name].append(measure(root, how))
    costs = {m["cost"] for runs in times.values() for m in runs}
    assert len(costs) == 1, f"the runs disagree on the cost: {costs}"
    print(f"cost {costs.pop()}, median of {args.rounds} rounds")
    print(f"{'run':<14} {'seconds':>8} {'tasks':>6} {'updates':>12}")
    for name, runs in times.items():
        seconds = statistics.median(m["seconds"] for m in runs)
        tasks = statistics.median(m["tasks"] for m in runs)
        updates = statistics.median(m["updates"] for m in runs)
        print(f"{name:<14} {seconds:>8.2f} {tasks:>6.0f} {updates:>12,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
