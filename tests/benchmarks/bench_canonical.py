"""How long :func:`sudoku.canonical` takes, per kind of grid.

Each row times the canonical form of every grid of a set (CPU time,
``time.process_time``, one call each, the best of ``--rounds``) and
reports the median, the 95th percentile and the slowest, in
milliseconds.  Every form is checked to be its own canonical form.  The
filled grids are the puzzles' solutions, found before the timing; the
"regular" grids are the first solutions of empty grids, the most
symmetric there are and the slowest for the search.

``python tests/benchmarks/bench_canonical.py [--rounds 3]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import sudoku  # noqa: E402

DATA = ROOT / "tests" / "data"


def lines(name: str, count: int) -> list[str]:
    text = (DATA / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip()][:count]


def solved(puzzles: list[str]) -> list[str]:
    return [str(sudoku.solve(puzzle)) for puzzle in puzzles]


#: name -> how to get the set of grids (each a string of N² cells).
SETS: dict[str, Callable[[], list[str]]] = {
    "9x9 puzzles (top95)": lambda: lines("sudoku9_norvig_top95.txt", 95),
    "9x9 filled (their solutions)": lambda: solved(
        lines("sudoku9_norvig_top95.txt", 95)
    ),
    "16x16 puzzles (janko)": lambda: lines("sudoku16_gecode_janko55.txt", 55),
    "16x16 filled (their solutions)": lambda: solved(
        lines("sudoku16_gecode_janko55.txt", 20)
    ),
    "25x25 puzzles (frisch)": lambda: lines("sudoku25_gecode_frisch18.txt", 18),
    "16x16 regular filled": lambda: [str(sudoku.solve("." * 256))],
    "25x25 regular filled": lambda: [str(sudoku.solve("." * 625))],
}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"{'set':32} {'grids':>5} {'median':>8} {'p95':>8} {'max':>8}   (CPU ms)")
    for name, make in SETS.items():
        grids = make()
        times = []
        for grid in grids:
            best = float("inf")
            for _ in range(args.rounds):
                started = time.process_time()
                form = sudoku.canonical(grid)
                best = min(best, time.process_time() - started)
            assert sudoku.canonical(form) == form, grid
            times.append(best * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(
            f"{name:32} {len(grids):5} {statistics.median(times):8.1f} "
            f"{p95:8.1f} {times[-1]:8.1f}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
