"""How long :func:`sudoku.conflicts` takes on broken puzzles, against the targets of its issue.

Each puzzle of a set gets one more given, in a blank cell picked at
random (``random.Random(--seed)``), with a symbol that is not the
solution's and that repeats nothing in the cell's row, column and box:
a puzzle that only deductions show broken.  :func:`sudoku.conflicts` is
timed on it (CPU time, ``time.process_time``, one call), and its answer
checked: the planted given is in it, and (unless ``--no-check``) it is
minimal, by the solver (:func:`sudoku.count`): the answer's givens alone
have no solution, and without any one of them they have one.

The report gives, per set, the puzzles, the median, 95th percentile and
slowest time, the median and largest answer, and the median as a
multiple of a baseline measured in the same run (solving Norvig's top95
with :func:`sudoku.solve`, the mean per puzzle), so that runs on other
machines compare.  The targets (CPython): over 1,000 9x9 puzzles a median
of at most 0.2 s and a 95th percentile of at most 0.5 s; 16x16 puzzles a
median of at most 2 s.

Sets: ``se1284`` (``tests/data/sudoku9_se_rated_1284.tsv``, 1,284 9x9
puzzles rated 2.5 to 9.3 on Sudoku Explainer's scale), ``top95``,
``janko16`` (55 16x16 puzzles), and from ``../shared/data`` when it is
there ``top1465``, ``hardest`` (the forum's hardest, SE 11+), ``clue17``
and ``goomii16``.

``PYTHONPATH=. python tests/benchmarks/bench_conflicts.py [--sets se1284,janko16]
[--count 1000] [--seed 1] [--no-check]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from sudoku_helpers import wrong_given  # noqa: E402

import sudoku  # noqa: E402
from sudoku.grid import Grid  # noqa: E402
from sudoku.regions import regions_of  # noqa: E402
from sudoku.whynot import conflicts  # noqa: E402

DATA = ROOT / "tests" / "data"
SHARED = ROOT / ".." / "shared" / "data"

#: name -> (folder, file, default count).
SETS = {
    "se1284": (DATA, "sudoku9_se_rated_1284.tsv", 1000),
    "top95": (DATA, "sudoku9_norvig_top95.txt", 95),
    "janko16": (DATA, "sudoku16_gecode_janko55.txt", 55),
    "top1465": (SHARED, "sudoku9_magictour_top1465.txt", 1000),
    "hardest": (SHARED, "sudoku9_forum_hardest_1905_11plus_first10000.txt", 1000),
    "clue17": (SHARED, "sudoku9_17clue_royle.txt", 1000),
    "goomii16": (SHARED, "sudoku16_goomii3000.txt", 100),
}

#: The targets: (median, 95th percentile) in seconds, by grid size.
TARGETS = {9: (0.2, 0.5), 16: (2.0, None)}


def puzzles(name: str, count: int | None) -> list[str] | None:
    folder, file, default = SETS[name]
    path = folder / file
    if not path.is_file():
        return None
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip().split("\t")[0]
        if line and not line.startswith("#"):
            found.append(line)
    return found[: count or default]


def broken(puzzle: str, rng: random.Random) -> tuple[str, tuple[int, int, str]] | None:
    """``puzzle`` with a wrong given that repeats nothing in its units, and that given."""
    grid = Grid.parse(puzzle)
    size = grid.size
    alphabet = grid.alphabet
    assert alphabet is not None
    solution = Grid.parse(str(sudoku.solve(puzzle)), alphabet=alphabet).values
    units = regions_of(size, grid.box)
    return wrong_given(grid.values, solution, units, alphabet, rng)


def check_minimal(puzzle: str, answer: Sequence[tuple[int, int, object]]) -> None:
    grid = Grid.parse(puzzle)
    size = grid.size
    alphabet = grid.alphabet

    def alone(givens: Sequence[tuple[int, int, object]]) -> str:
        cells = ["."] * (size * size)
        for r, c, symbol in givens:
            cells[r * size + c] = str(symbol)
        return "".join(cells)

    assert sudoku.count(alone(answer), 1, alphabet=alphabet) == 0, (puzzle, answer)
    for k in range(len(answer)):
        rest = [*answer[:k], *answer[k + 1 :]]
        assert sudoku.count(alone(rest), 1, alphabet=alphabet) == 1, (puzzle, answer[k])


def baseline() -> float:
    """Mean CPU seconds to solve one puzzle of top95."""
    found = puzzles("top95", None) or []
    started = time.process_time()
    for puzzle in found:
        sudoku.solve(puzzle)
    return (time.process_time() - started) / len(found)


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="se1284,janko16")
    parser.add_argument(
        "--count", type=int, help="puzzles per set (default: the set's)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-check", action="store_true", help="skip the minimality checks"
    )
    options = parser.parse_args()
    before = baseline()
    print(f"baseline: top95 solved, {before * 1000:.2f} ms CPU a puzzle")
    print(
        f"{'set':9} {'puzzles':>7} {'median s':>9} {'p95 s':>7} {'max s':>7} "
        f"{'givens':>9} {'median/baseline':>15}  target"
    )
    for name in options.sets.split(","):
        found = puzzles(name, options.count)
        if found is None:
            print(f"{name:9} (absent: {SETS[name][0] / SETS[name][1]})")
            continue
        rng = random.Random(options.seed)
        times: list[float] = []
        sizes: list[int] = []
        size = 0
        for puzzle in found:
            made = broken(puzzle, rng)
            if made is None:
                continue
            text, planted = made
            started = time.process_time()
            answer = conflicts(text)
            times.append(time.process_time() - started)
            sizes.append(len(answer))
            size = Grid.parse(text).size
            assert planted in answer, (text, planted, answer)
            if not options.no_check:
                check_minimal(text, answer)
        median = statistics.median(times)
        p95 = percentile(times, 0.95)
        target = TARGETS.get(size)
        verdict = ""
        if target is not None:
            most, most95 = target
            met = median <= most and (most95 is None or p95 <= most95)
            verdict = f"{'met' if met else 'MISSED'} (median <= {most} s" + (
                f", p95 <= {most95} s)" if most95 is not None else ")"
            )
        print(
            f"{name:9} {len(times):7} {median:9.3f} {p95:7.3f} {max(times):7.3f} "
            f"{statistics.median(sizes):4.0f}/{max(sizes):<4} {median / before:15.0f}  "
            f"{verdict}"
        )


if __name__ == "__main__":
    main()
