"""Algorithm M (bounds, ``dlx.algorithm_m``) beside Algorithm X's plain loops, in one run.

Counts, each in a process of its own, rounds interleaved:

* ``two-per-line-6``: 0/1 6×6 matrices with two ones in every row and
  column (rows and columns ``[2..2]``, cells as options; 67,950, OEIS
  A001499), by Algorithm M;
* ``langford-11`` and ``queens-10`` by the plain loops (:class:`dlx.Search`),
  and the same two by Algorithm M taking every item as ``[1..1]``
  (:class:`dlx.MultiplicitySearch`): the same problems on
  both loops, so the ratio of their updates per second is the cost of
  Algorithm M's bookkeeping (its updates are DLX3's, a few fewer than
  DLX1's: dead ends cost none);
* with ``--baseline TREE`` (e.g. a checkout of main), the plain counts
  again with pydlx imported from ``TREE``: plain problems must not get
  slower with this module in place.

Reports the median seconds and updates per second of each, and their
ratios to the plain loop's in the same run.

::

    python tests/benchmarks/bench_multiplicity.py
    python tests/benchmarks/bench_multiplicity.py --rounds 5 --baseline /path/to/main
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

#: name -> (problem, searched by Algorithm M, expected count)
CASES = {
    "two-per-line-6": ("two", True, 67950),
    "langford-11": ("langford", False, 35584),
    "langford-11 (M)": ("langford", True, 35584),
    "queens-10": ("queens", False, 724),
    "queens-10 (M)": ("queens", True, 724),
}

CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[3])
from itertools import product
from dlx_helpers import langford, n_queens
from dlx import ExactCover, MultiplicitySearch, Search

kind, algorithm_m = sys.argv[1], sys.argv[2] == "M"
if kind == "two":
    lines = [("r", i) for i in range(6)] + [("c", j) for j in range(6)]
    problem = ExactCover(lines, bounds={line: 2 for line in lines})
    for i, j in product(range(6), repeat=2):
        problem.add_option([("r", i), ("c", j)])
elif kind == "langford":
    problem = langford(11)
else:
    problem = n_queens(10)
links = problem.links()
kind_of_search = MultiplicitySearch if algorithm_m else Search
started = time.perf_counter()
search = kind_of_search(links, count_only=True)
for _ in search:
    pass
seconds = time.perf_counter() - started
stats = search.stats
print(json.dumps({"seconds": seconds, "solutions": stats.solutions,
                  "nodes": stats.nodes, "updates": stats.updates}))
"""


def measure(name: str, tree: Path) -> dict[str, float]:
    kind, algorithm_m, expected = CASES[name]
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            CHILD,
            kind,
            "M" if algorithm_m else "X",
            str(ROOT / "tests"),
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout)
    if result["solutions"] != expected:
        raise SystemExit(f"{name}: {result['solutions']} solutions, not {expected}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument(
        "--baseline",
        type=Path,
        help="also count the plain problems with pydlx from this tree",
    )
    args = parser.parse_args()
    runs: list[tuple[str, Path]] = [(name, ROOT) for name in CASES]
    if args.baseline is not None:
        runs += [
            (f"{name} [baseline]", args.baseline)
            for name, (_, algorithm_m, _) in CASES.items()
            if not algorithm_m
        ]
    results: dict[str, list[dict[str, float]]] = {label: [] for label, _ in runs}
    for _ in range(args.rounds):
        for label, tree in runs:
            results[label].append(measure(label.removesuffix(" [baseline]"), tree))
    print(
        f"{'count':28} {'solutions':>9} {'nodes':>9} {'updates':>10} "
        f"{'median s':>9} {'updates/s':>11} {'vs plain':>8}"
    )
    rates: dict[str, float] = {}
    for label, _ in runs:
        first = results[label][0]
        seconds = statistics.median(r["seconds"] for r in results[label])
        rate = first["updates"] / seconds
        rates[label] = rate
        plain = label.replace(" (M)", "")
        ratio = rates.get(plain) if plain != label else None
        ratio_text = f"{rate / ratio:7.2f}x" if ratio else ""
        if label.endswith("[baseline]"):
            ratio_text = f"{rates[label.removesuffix(' [baseline]')] / rate:7.2f}x"
        print(
            f"{label:28} {first['solutions']:9,.0f} {first['nodes']:9,.0f} "
            f"{first['updates']:10,.0f} {seconds:9.3f} {rate:11,.0f} {ratio_text:>8}"
        )
    print(
        "\n'vs plain': a (M) row's updates/s over the plain loop's on the same "
        "problem;\na [baseline] row: this tree's updates/s over the baseline's "
        "(above 1: faster here)."
    )


if __name__ == "__main__":
    main()
