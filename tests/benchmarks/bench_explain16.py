"""16x16 puzzles of the generator's hardest grade, explained: CPU time per puzzle.

Issue 43's row: puzzles that :func:`sudoku.generate` makes with
``grade="diabolical"`` (minimal 16x16, the hardest of the grader's
levels) explained by :func:`sudoku.explain`, a median of at most 20 s of
CPU and each at most 120 s.  The puzzles come from fixed seeds, so that
two trees (or two interpreters) explain the same ones: each seed makes
``--count`` puzzles, then each is explained with a budget of ``--cap``
seconds (a puzzle past it counts as the cap, and is marked).  The table
gives each puzzle's steps, rating and CPU seconds, then the median and
the largest.  Ctrl-C prints what was done so far.

::

    PYTHONPATH=. python tests/benchmarks/bench_explain16.py
    PYTHONPATH=. python tests/benchmarks/bench_explain16.py --seeds 11,101 --count 7

To compare with another tree, run the script there with ``PYTHONPATH``
pointing at that tree (the puzzles are the same for the same seeds only
where the generator is).
"""

from __future__ import annotations

import argparse
import statistics
import time

import sudoku


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", default="11,101", help="generator seeds, by commas")
    parser.add_argument("--count", type=int, default=7, help="puzzles per seed")
    parser.add_argument("--cap", type=float, default=120.0, help="seconds a puzzle")
    args = parser.parse_args()
    seconds: list[float] = []
    try:
        for seed in map(int, args.seeds.split(",")):
            for k in range(args.count):
                puzzle = sudoku.generate((4, 4), seed=seed + k, grade="diabolical")
                started = time.process_time()
                try:
                    found = sudoku.explain(puzzle, timeout=args.cap)
                    said = f"{len(found.steps)} steps, rating {found.rating_text}"
                except sudoku.BudgetError:
                    said = f"stopped at the cap ({args.cap:.0f} s)"
                used = time.process_time() - started
                seconds.append(min(used, args.cap))
                print(f"seed {seed + k}: {used:6.1f} s of CPU, {said}", flush=True)
    except KeyboardInterrupt:
        print("interrupted")
    if seconds:
        print(
            f"{len(seconds)} puzzles: median {statistics.median(seconds):.1f} s, "
            f"largest {max(seconds):.1f} s of CPU"
        )


if __name__ == "__main__":
    main()
