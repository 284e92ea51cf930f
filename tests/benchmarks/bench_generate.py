"""Time of :func:`sudoku.generate`, per box shape, with a same-run baseline.

For each shape, puzzles are generated with seeds 0, 1, ... (minimal,
rotational symmetry unless ``--symmetry`` says otherwise); the report
gives the median, mean and largest time per puzzle -- wall clock and
process CPU time -- and the median number of givens.  Before and after the
shapes, a fixed baseline runs: solving the 95 puzzles of Norvig's top95
(``tests/data``) with :func:`sudoku.solve`.  On a shared machine, compare
runs by the ratio of a median to the baseline, not by seconds alone.

Targets (issue 12): a minimal 9x9 in a median of at most 50 ms, a minimal
16x16 in a median of at most 2 s.

::

    PYTHONPATH=. python tests/benchmarks/bench_generate.py            # 4x4 to 16x16
    PYTHONPATH=. python tests/benchmarks/bench_generate.py --box 3x3 --seeds 100
    PYTHONPATH=. python tests/benchmarks/bench_generate.py --box 5x5 --seeds 3
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import sudoku

ROOT = Path(__file__).resolve().parents[2]
BASELINE = ROOT / "tests" / "data" / "sudoku9_norvig_top95.txt"

#: Shapes and seeds of the default run.
DEFAULT = (("2x2", 100), ("2x3", 100), ("3x3", 30), ("3x4", 30), ("4x4", 30))


def baseline() -> float:
    """Seconds (process time) to solve the 95 puzzles of top95."""
    puzzles = [line.strip() for line in BASELINE.read_text().splitlines()]
    start = time.process_time()
    for puzzle in puzzles:
        if puzzle:
            sudoku.solve(puzzle)
    return time.process_time() - start


def measure(box: tuple[int, int], seeds: int, symmetry: str) -> dict[str, float]:
    walls: list[float] = []
    cpus: list[float] = []
    givens: list[int] = []
    for seed in range(seeds):
        wall, cpu = time.perf_counter(), time.process_time()
        made = sudoku.generate_puzzle(box, seed=seed, symmetry=symmetry)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
        givens.append(made.givens)
    return {
        "wall_median": statistics.median(walls),
        "cpu_median": statistics.median(cpus),
        "cpu_mean": statistics.mean(cpus),
        "cpu_max": max(cpus),
        "givens": statistics.median(givens),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--box", action="append", help="RxC (repeatable)")
    parser.add_argument("--seeds", type=int, help="puzzles per shape")
    parser.add_argument("--symmetry", default="rotational")
    options = parser.parse_args()
    shapes = (
        [(box, options.seeds or 30) for box in options.box]
        if options.box
        else [(box, options.seeds or n) for box, n in DEFAULT]
    )
    before = baseline()
    print(f"baseline (top95 solved, CPU): {before:.3f} s")
    print(
        "| shape | seeds | median wall | median CPU | mean CPU | max CPU "
        "| median/baseline | givens |"
    )
    print("|---|---|---|---|---|---|---|---|")
    rows = []
    for text, seeds in shapes:
        r, c = (int(x) for x in text.split("x"))
        rows.append((text, seeds, measure((r, c), seeds, options.symmetry)))
    after = baseline()
    base = (before + after) / 2
    for text, seeds, m in rows:
        r, c = (int(x) for x in text.split("x"))
        print(
            f"| {text} ({r * c}x{r * c}) | {seeds} | {m['wall_median']:.3f} s "
            f"| {m['cpu_median']:.3f} s | {m['cpu_mean']:.3f} s | {m['cpu_max']:.3f} s "
            f"| {m['cpu_median'] / base:.2f} | {m['givens']:g} |"
        )
    print(f"baseline again: {after:.3f} s (mean of both: {base:.3f} s)")


if __name__ == "__main__":
    main()
