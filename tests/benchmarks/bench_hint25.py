"""The minimal 25x25 puzzles of Alain Frisch, each given a hint: CPU time per puzzle.

Issue 43's row "a 25x25 hint <= 10 s": :func:`sudoku.hint` on each of the
18 puzzles of ``tests/data/sudoku25_gecode_frisch18.txt`` (or ``--file``),
with the SAT extra installed (``python3 -m pip install ".[sat]"``: without
it the uniqueness proof backtracks for hours, and the script says so and
stops).  Almost all of a hint's time is that proof (:func:`sudoku.solve`
with ``unique=True, method="sat"``); the hint itself is a hidden single.
Each puzzle has a budget of ``--cap`` seconds (a puzzle past it counts
as the cap, and is marked).  The CPU time is the whole process's
(:func:`cpu`): every thread's, the solver's included (CaDiCaL solves in
the calling thread, CP-SAT in threads of its own), and that of any child
process waited for.  The table gives each puzzle's CPU seconds
and its hint, then the median, the largest and how many are within 10 s.
Ctrl-C prints what was done so far.

::

    PYTHONPATH=. python tests/benchmarks/bench_hint25.py
    PYTHONPATH=. python tests/benchmarks/bench_hint25.py --puzzles 1,9,10

To compare two trees, run the script in each with ``PYTHONPATH`` pointing
at that tree, puzzle by puzzle in turn (``--puzzles``), since other work
on the machine changes the times.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

import sudoku
from dlx.algorithms import sat_available

DATA = Path(__file__).resolve().parent.parent / "data" / "sudoku25_gecode_frisch18.txt"
TARGET = 10.0


def cpu() -> float:
    """CPU seconds so far: all of this process's threads and its waited-for children."""
    children = os.times()
    return time.process_time() + children.children_user + children.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--file", type=Path, default=DATA, help="puzzles, one a line")
    parser.add_argument(
        "--puzzles", default="", help="puzzle numbers from 1, by commas (all)"
    )
    parser.add_argument("--cap", type=float, default=120.0, help="seconds a puzzle")
    args = parser.parse_args()
    if not sat_available():
        parser.exit(
            1, "the SAT extra is not installed: python3 -m pip install '.[sat]'\n"
        )
    puzzles = [line.strip() for line in args.file.read_text().splitlines()]
    puzzles = [line for line in puzzles if line and not line.startswith("#")]
    chosen = [int(k) for k in args.puzzles.split(",") if k] or range(
        1, len(puzzles) + 1
    )
    seconds: list[float] = []
    try:
        for k in chosen:
            started = cpu()
            try:
                step = sudoku.hint(puzzles[k - 1], timeout=args.cap)
                said = "solved already" if step is None else step.text
            except sudoku.BudgetError:
                said = f"stopped at the cap ({args.cap:.0f} s)"
            used = cpu() - started
            seconds.append(min(used, args.cap))
            print(f"puzzle {k:2}: {used:6.1f} s of CPU, {said}", flush=True)
    except KeyboardInterrupt:
        print("interrupted")
    if seconds:
        within = sum(s <= TARGET for s in seconds)
        print(
            f"{len(seconds)} puzzles: median {statistics.median(seconds):.1f} s, "
            f"largest {max(seconds):.1f} s of CPU, {within} within {TARGET:.0f} s"
        )


if __name__ == "__main__":
    main()
