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

``--ratings``: instead of the shapes, minimal 9x9 puzzles rated in each
band of width 1.0 from 1.0-2.0 to 7.0-8.0 (``generate(rating=)``), seeds
0, 1, ...; the median and largest CPU time per puzzle and the median
tries, each puzzle checked by :func:`sudoku.explain`.  Target (issue 43):
every band up to 7.0 in a median of at most 30 s.

::

    PYTHONPATH=. python tests/benchmarks/bench_generate.py            # 4x4 to 16x16
    PYTHONPATH=. python tests/benchmarks/bench_generate.py --box 3x3 --seeds 100
    PYTHONPATH=. python tests/benchmarks/bench_generate.py --box 5x5 --seeds 3
    PYTHONPATH=. python tests/benchmarks/bench_generate.py --ratings --seeds 10
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


def measure_ratings(seeds: int) -> None:
    """Print a row per band: median and largest CPU per puzzle, median tries."""
    print("| band | seeds | median CPU | max CPU | median/baseline | median tries |")
    print("|---|---|---|---|---|---|")
    base = baseline()
    for low in range(1, 8):
        band = (float(low), float(low + 1))
        cpus: list[float] = []
        tries: list[int] = []
        for seed in range(seeds):
            cpu = time.process_time()
            made = sudoku.generate_puzzle(seed=seed, rating=band)
            cpus.append(time.process_time() - cpu)
            tries.append(made.tries)
            rating = sudoku.explain(made.puzzle).rating
            assert band[0] <= rating <= band[1] and rating == made.rating
        print(
            f"| {low}.0-{low + 1}.0 | {seeds} | {statistics.median(cpus):.2f} s "
            f"| {max(cpus):.2f} s | {statistics.median(cpus) / base:.1f} "
            f"| {statistics.median(tries):g} |"
        )
    print(f"baseline (top95 solved, CPU): {base:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--box", action="append", help="RxC (repeatable)")
    parser.add_argument("--seeds", type=int, help="puzzles per shape")
    parser.add_argument("--symmetry", default="rotational")
    parser.add_argument(
        "--ratings", action="store_true", help="puzzles rated in bands instead"
    )
    options = parser.parse_args()
    if options.ratings:
        measure_ratings(options.seeds or 10)
        return
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
