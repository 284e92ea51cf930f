"""Counting up to symmetry against the plain count, in the same run.

Issue 32 asks that the count of the 6×10 pentomino tilings up to symmetry
be at least twice as fast as the plain count (Knuth's restriction of the X
pentomino to one quarter of the board gains about 4×).  Each row counts
one problem both ways in this process, CPU time (``time.process_time``),
the two interleaved over ``--rounds`` rounds, and reports the best of each
and their ratio; every count is checked against the published one.

``python tests/benchmarks/bench_symmetry.py [--rounds 3] [--only 6x10,queens12]``
"""

from __future__ import annotations

import argparse
import runpy
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from dlx import ExactCover  # noqa: E402
from dlx.polyomino import PENTOMINOES, board_symmetries, rectangle, tiling  # noqa: E402


def pentominoes(height: int, width: int) -> tuple[ExactCover, Any]:
    board = rectangle(height, width)
    return tiling(PENTOMINOES, board), board_symmetries(board)


def queens(n: int) -> tuple[ExactCover, Any]:
    example = runpy.run_path(str(ROOT / "docs" / "examples" / "queens.py"))
    problem: ExactCover = example["queens"](n)
    return problem, example["symmetries"](n)


#: name -> (the problem and its symmetries, the count, the count up to symmetry)
ROWS: dict[str, tuple[Callable[[], tuple[ExactCover, Any]], int, int]] = {
    "3x20": (lambda: pentominoes(3, 20), 8, 2),
    "4x15": (lambda: pentominoes(4, 15), 1_472, 368),
    "5x12": (lambda: pentominoes(5, 12), 4_040, 1_010),
    "6x10": (lambda: pentominoes(6, 10), 9_356, 2_339),
    "queens10": (lambda: queens(10), 724, 92),
    "queens12": (lambda: queens(12), 14_200, 1_787),
}


def cpu(work: Callable[[], int], expected: int) -> float:
    started = time.process_time()
    found = work()
    spent = time.process_time() - started
    assert found == expected, (found, expected)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", help="rows, comma-separated (default all)")
    options = parser.parse_args()
    names = options.only.split(",") if options.only else list(ROWS)
    print(f"{'problem':<10} {'plain s':>9} {'symmetry s':>11} {'ratio':>7}")
    for name in names:
        make, total, orbits = ROWS[name]
        problem, group = make()
        plain: list[float] = []
        reduced: list[float] = []
        for _ in range(options.rounds):
            plain.append(cpu(problem.count, total))
            reduced.append(cpu(partial(problem.count, symmetry=group), orbits))
        print(
            f"{name:<10} {min(plain):>9.3f} {min(reduced):>11.3f} "
            f"{min(plain) / min(reduced):>6.2f}×",
            flush=True,
        )


if __name__ == "__main__":
    main()
