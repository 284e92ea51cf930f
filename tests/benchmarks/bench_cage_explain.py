"""Killer sudoku and KenKen explained by hand: how many without a search step, and the time.

The puzzles are those of ``docs/examples/killer.txt`` (9x9 killers) and
``docs/examples/kenken.txt`` (9x9 KenKen, latin squares), no givens,
each with one solution.  Each is explained (:func:`sudoku.explain` with
``cages=``); the table gives, per file, how many reach the end without a
search step, the search steps in all, the median and largest CPU time of
one explanation, and how many steps each cage technique took.  With
``--replay`` every step is checked against the solution as the tests
check it (``tests/sudoku_helpers.py``).

A puzzle past ``--cap`` seconds (60 by default) is stopped and counts as
not explained to the end, with the cap as its time.  Ctrl-C prints the
table of the puzzles done so far.

::

    PYTHONPATH=. python tests/benchmarks/bench_cage_explain.py
    PYTHONPATH=. python tests/benchmarks/bench_cage_explain.py --only kenken --count 6 --replay

To compare with another tree (the baseline of the same run), run the
script there with ``PYTHONPATH`` pointing at that tree.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from bench_cages import read_examples

import sudoku

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
#: The files measured: name, file, variant.
FILES = (("killer", "killer.txt", None), ("kenken", "kenken.txt", "latin"))


def measure(
    name: str, path: Path, variant: str | None, count: int, cap: float, check: bool
) -> dict[str, object]:
    """Explain the first ``count`` puzzles of one file; the figures of the table."""
    if check:
        sys.path.insert(0, str(ROOT / "tests"))
        from sudoku_helpers import replay
    times: list[float] = []
    clean = searches = stopped = 0
    used: Counter[str] = Counter()
    puzzles = read_examples(path)[: count or None]
    try:
        for k, (lines, cages) in enumerate(puzzles):
            blank = "." * len(lines) ** 2
            start = time.process_time()
            try:
                explanation = sudoku.explain(
                    blank, cages=cages, variant=variant, timeout=cap
                )
            except sudoku.BudgetError:
                times.append(cap)
                stopped += 1
                print(f"{name} {k}: stopped at {cap:g} s", file=sys.stderr)
                continue
            seconds = time.process_time() - start
            times.append(seconds)
            if check:
                replay(blank, explanation, variant=variant, cages=cages)
            steps = [step.technique for step in explanation.steps]
            searched = steps.count("search")
            searches += searched
            clean += not searched
            used.update(t for t in steps if t in CAGE_WORDS)
            print(
                f"{name} {k}: {seconds:.2f} s, {len(steps)} steps, "
                f"{searched} search, rating {explanation.rating}",
                file=sys.stderr,
            )
    except KeyboardInterrupt:
        print("stopped: the puzzles done so far", file=sys.stderr)
    return {
        "name": name,
        "done": len(times),
        "clean": clean,
        "searches": searches,
        "stopped": stopped,
        "median": statistics.median(times) if times else 0.0,
        "max": max(times, default=0.0),
        "used": used,
    }


#: The cage techniques counted in the table (any this tree has).
CAGE_WORDS = (
    "cage combinations",
    "rule of 45",
    "cage splitting",
    "hidden cages",
    "cage pointing",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=[name for name, _, _ in FILES])
    parser.add_argument(
        "--count", type=int, default=0, help="puzzles per file (0: all)"
    )
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--replay", action="store_true", help="check every step")
    args = parser.parse_args(argv)
    rows = []
    for name, file, variant in FILES:
        if args.only in (None, name):
            rows.append(
                measure(
                    name, EXAMPLES / file, variant, args.count, args.cap, args.replay
                )
            )
    print(f"sudoku from {Path(sudoku.__file__).parent}")
    print("file     puzzles  no search  search steps  stopped  median s  max s")
    for row in rows:
        print(
            f"{row['name']:<8} {row['done']:>7}  {row['clean']:>9}  "
            f"{row['searches']:>12}  {row['stopped']:>7}  {row['median']:>8.2f}  "
            f"{row['max']:>5.2f}"
        )
    for row in rows:
        used = row["used"]
        assert isinstance(used, Counter)
        words = ", ".join(f"{t} {n}" for t, n in sorted(used.items()))
        print(f"{row['name']}: cage steps: {words or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
