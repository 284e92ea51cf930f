"""The forum's hardest puzzles explained: how many need a search step, and the CPU per puzzle.

Issue 43's count: a sample of the Enjoy-Sudoku forum's "hardest" list
(``../shared/data/sudoku9_forum_hardest_1106.txt``, every ``--every``-th
line from the first, ``--count`` puzzles) explained by
:func:`sudoku.explain` with a budget of ``--cap`` seconds each.  A line
per puzzle: whether the techniques alone took every step (``by_logic``)
and how many steps were taken by search, the rating as a player reads
it (``10.0+`` where a step searched), the hardest technique used and the
CPU seconds; then how many needed a
search step, how many ran past the cap, and the median and largest CPU.
Ctrl-C prints what was done so far.

::

    PYTHONPATH=. python tests/benchmarks/bench_hardest.py
    PYTHONPATH=. python tests/benchmarks/bench_hardest.py --every 15 --count 25 --cap 300

To compare two trees, run the script from each with ``PYTHONPATH``
pointing at the tree (interleave the runs on a loaded machine).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import sudoku

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"
HARDEST = DATA / "sudoku9_forum_hardest_1106.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--file", default=str(HARDEST), help="puzzle list")
    parser.add_argument("--every", type=int, default=15, help="take every n-th line")
    parser.add_argument("--count", type=int, default=25, help="puzzles")
    parser.add_argument("--cap", type=float, default=300.0, help="seconds a puzzle")
    args = parser.parse_args()
    lines = Path(args.file).read_text().split()
    sample = lines[:: args.every][: args.count]
    seconds: list[float] = []
    searched = capped = 0
    try:
        for k, puzzle in enumerate(sample):
            line = k * args.every
            started = time.process_time()
            try:
                found = sudoku.explain(puzzle, timeout=args.cap)
            except sudoku.BudgetError:
                used = time.process_time() - started
                capped += 1
                seconds.append(used)
                print(f"line {line:4d}: past the cap ({used:.1f} s of CPU)", flush=True)
                continue
            used = time.process_time() - started
            seconds.append(used)
            searched += not found.by_logic
            hardest = max(found.steps, key=lambda s: s.rating).technique
            print(
                f"line {line:4d}: by_logic {found.by_logic!s:5} "
                f"({found.searches} search steps) rating {found.rating_text:6} "
                f"{used:7.1f} s of CPU  ({hardest})",
                flush=True,
            )
    except KeyboardInterrupt:
        print("interrupted")
    if seconds:
        print(
            f"{len(seconds)} puzzles: {searched} need a search step, "
            f"{capped} past the cap of {args.cap:g} s; CPU median "
            f"{statistics.median(seconds):.1f} s, largest {max(seconds):.1f} s"
        )


if __name__ == "__main__":
    main()
