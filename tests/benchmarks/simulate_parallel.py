"""Expected speed-up of a split search at 8, 64 and 512 workers, on paper.

Not a timed test.  For a problem too long to count here many times
(14-queens, the 6x10 pentominoes), the script

1. cuts the serial search tree at a depth with :func:`dlx.parallel.frontier`
   (the same cut :mod:`dlx.parallel` starts from);
2. estimates each subtree's size with Knuth's random probes, on the
   subproblem left below each prefix (the active items and the options
   still in their lists: the same tree the search below the prefix walks);
3. measures the serial node rate and the per-task cost of a process pool
   and of Dask (``--pool-cost``, ``--dask-cost``, defaults measured on the
   2-core machine of the performance page: 0.3 ms and 3 ms);
4. simulates :mod:`dlx.parallel`'s scheduling: pieces in serial order,
   greedy to the first free worker, tasks of at most ``--task-seconds``
   (a longer subtree is split into task-sized pieces, as the workers do
   when a piece runs past its time slice, each split paying one task cost),

and prints the expected speed-up over one process for each worker count.
Run it from the repository root::

    python tests/benchmarks/simulate_parallel.py --problems queens14,pentominoes6x10
"""

from __future__ import annotations

import argparse
import heapq
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from dlx_helpers import langford, n_queens, pentomino_rectangle  # noqa: E402

from dlx import ExactCover  # noqa: E402
from dlx.parallel import frontier  # noqa: E402

PROBLEMS: dict[str, Callable[[], ExactCover]] = {
    "queens14": lambda: n_queens(14),
    "queens12": lambda: n_queens(12),
    "langford12": lambda: langford(12),
    "pentominoes6x10": lambda: pentomino_rectangle(6, 10),
    "pentominoes5x12": lambda: pentomino_rectangle(5, 12),
}


def subproblem(problem: ExactCover, prefix: tuple[int, ...]) -> ExactCover | None:
    """The problem left below ``prefix``: active items, options still listed.

    Item order and list order are kept, so the search of the subproblem
    branches as the search below the prefix does.  ``None`` when the prefix
    already covers every primary item (a solution at the frontier).
    """
    search = problem.search(prefix=prefix)
    links = search.links
    size = search.size
    down = search.down
    primary = [i for i in range(links.n_primary) if links.is_active(size, i)]
    if not primary:
        return None
    secondary = [
        i
        for i in range(links.n_primary, links.n_items)
        if down[i] != i  # still used by some option
    ]
    options: dict[int, list[int]] = {}
    for item in primary + secondary:
        row = down[item]
        while row != item:
            options.setdefault(links.option_of[row], []).append(item)
            row = down[row]
    rows = [
        sorted(items, key=lambda i: links.top[i])
        for _, items in sorted(options.items())
    ]
    return ExactCover.from_rows(
        [
            [index[i] for i in row]
            for row in rows
            for index in [_index(primary, secondary)]
        ],
        len(primary),
        len(secondary),
    )


def _index(primary: list[int], secondary: list[int]) -> dict[int, int]:
    return {item: k for k, item in enumerate(primary + secondary)}


def node_rate(problem: ExactCover, seconds: float = 3.0) -> float:
    """Nodes per second of the serial counting loop on this problem."""
    search = problem.search(count_only=True, timeout=seconds)
    started = time.perf_counter()
    try:
        for _ in search:
            pass
    except Exception:  # the time budget: that is the point
        pass
    return search.stats.nodes / (time.perf_counter() - started)


def simulate(
    subtrees: list[float], workers: int, task_cost: float, task_seconds: float
) -> tuple[float, int]:
    """Makespan (seconds) and task count of greedy scheduling in serial order."""
    tasks: list[float] = []
    for seconds in subtrees:
        pieces = max(1, math.ceil(seconds / task_seconds))
        tasks += [seconds / pieces + task_cost] * pieces
    free = [0.0] * workers
    heapq.heapify(free)
    for task in tasks:
        heapq.heappush(free, heapq.heappop(free) + task)
    return max(free), len(tasks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--problems", default="queens14,pentominoes6x10")
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--probes", type=int, default=200)
    parser.add_argument("--pool-cost", type=float, default=0.0003)
    parser.add_argument("--dask-cost", type=float, default=0.003)
    parser.add_argument("--task-seconds", type=float, default=0.5)
    parser.add_argument("--workers", default="2,8,64,512")
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    for name in args.problems.split(","):
        problem = PROBLEMS[name]()
        rate = node_rate(problem)
        cut = frontier(problem, args.depth)
        subtrees = []
        started = time.perf_counter()
        for seed, prefix in enumerate(cut.prefixes):
            sub = subproblem(problem, prefix)
            nodes = (
                1.0
                if sub is None
                else sub.estimate(args.probes, seed=seed, calibration=0).nodes
            )
            subtrees.append(nodes / rate)
        serial = sum(subtrees)
        largest = max(subtrees)
        print(
            f"{name}: {len(subtrees)} subtrees at depth {args.depth}, "
            f"estimated {serial * rate:.3g} nodes, {serial:.0f} s serial at "
            f"{rate / 1e3:.0f} k nodes/s; largest subtree {100 * largest / serial:.1f} % "
            f"(estimates took {time.perf_counter() - started:.0f} s)"
        )
        for workers in counts:
            line = [f"  {workers:4d} workers:"]
            for label, cost in (("pool", args.pool_cost), ("Dask", args.dask_cost)):
                makespan, tasks = simulate(subtrees, workers, cost, args.task_seconds)
                line.append(f"{label} {serial / makespan:6.1f}x ({tasks} tasks)")
            print(" ".join(line))


if __name__ == "__main__":
    main()
