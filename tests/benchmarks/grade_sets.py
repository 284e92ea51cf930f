"""Calibrate sudoku.grade on the public puzzle sets: the grades of each set.

For every set (``tests/benchmarks/bench_common.data_dir``: the shared sets
next to the repository, else the few shipped in ``tests/data``) this grades
the first N puzzles and prints, per set, how many land on each level (SE
ranges: see ``docs/howto/grading.rst``), the ratings (median, largest), how
many needed a search step (logic ran out), the hardest techniques met, and
the CPU time per puzzle.

    python tests/benchmarks/grade_sets.py --sets top95          # rst
    python tests/benchmarks/grade_sets.py --sets top95,hardest --format md
    python tests/benchmarks/grade_sets.py --json /tmp/grades.json

A grade takes the steps of an explanation, so the hard sets take minutes
(top95: about 25 s of CPU) and the big grids much more: a puzzle whose
grade runs out of ``--timeout`` seconds is counted as *gave up*, with the
level its steps so far reached.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

from bench_common import data_dir  # noqa: E402

from sudoku import SudokuError, grade  # noqa: E402
from sudoku.grading import LEVEL_NAMES, GradeBudgetError  # noqa: E402
from sudoku.steps import LAST_RESORT, TECHNIQUES  # noqa: E402

#: name: (file, how many puzzles by default (0: all), title)
SETS = {
    "clue17": ("sudoku9_17clue_royle.txt", 2000, "9x9 17-clue (Royle), first 2000"),
    "top1465": ("sudoku9_magictour_top1465.txt", 0, "9x9 magictour top1465"),
    "top95": ("sudoku9_norvig_top95.txt", 0, "9x9 Norvig top95"),
    "hardest": ("sudoku9_norvig_hardest.txt", 0, "9x9 Norvig hardest"),
    "gecode18": ("sudoku9_gecode18.txt", 0, "9x9 Gecode examples"),
    "forum1106": ("sudoku9_forum_hardest_1106.txt", 0, "9x9 forum hardest 2011"),
    "hard9": (
        "sudoku9_forum_hardest_1905_11plus_first10000.txt",
        1000,
        "9x9 forum hardest 2019 (SE 11+), first 1000",
    ),
    "janko16": ("sudoku16_gecode_janko55.txt", 0, "16x16 janko.at (Gecode)"),
    "goomii16": ("sudoku16_goomii3000.txt", 0, "16x16 goomii"),
    "frisch25": ("sudoku25_gecode_frisch18.txt", 0, "25x25 Frisch (minimal)"),
}


#: The techniques, in the registry's order, the search step last.
NAMES = [t.name for t in TECHNIQUES] + [LAST_RESORT]


def grade_set(puzzles: list[str], timeout: float) -> dict[str, object]:
    levels = dict.fromkeys(LEVEL_NAMES[1:], 0)
    hardest = dict.fromkeys(NAMES, 0)
    ratings: list[float] = []
    searched = 0
    times: list[float] = []
    gave_up = 0
    failed: list[str] = []
    for number, puzzle in enumerate(puzzles, 1):
        start = time.process_time()
        try:
            g = grade(puzzle, timeout=timeout)
        except GradeBudgetError:
            gave_up += 1
            times.append(time.process_time() - start)
            continue
        except SudokuError as error:
            failed.append(f"puzzle {number}: {error}")
            continue
        times.append(time.process_time() - start)
        levels[g.name] += 1
        assert g.hardest is not None
        hardest[g.hardest] += 1
        ratings.append(g.rating)
        searched += not g.by_logic
    return {
        "puzzles": len(puzzles),
        "levels": levels,
        "hardest": hardest,
        "ratings": ratings,
        "searched": searched,
        "gave_up": gave_up,
        "failed": failed,
        "times": times,
    }


def table(headers: list[str], rows: list[list[str]], style: str) -> str:
    if style == "md":
        lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines)
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    rule = " ".join("=" * w for w in widths)
    out = [rule, " ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))]
    out.append(rule)
    out += [" ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    out.append(rule)
    return "\n".join(out)


def pct(part: int, whole: int) -> str:
    return "0" if not part else f"{part} ({100 * part / whole:.0f} %)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated")
    parser.add_argument("--data", help="the puzzle folder (default: see above)")
    parser.add_argument("--n", type=int, help="puzzles per set (default: per set)")
    parser.add_argument("--timeout", type=float, default=10.0, help="per puzzle")
    parser.add_argument("--format", choices=["rst", "md"], default="rst")
    parser.add_argument("--json", help="also write every figure here")
    options = parser.parse_args(argv)
    folder = data_dir(options.data)
    results: dict[str, dict[str, object]] = {}
    for name in options.sets.split(","):
        file, default, title = SETS[name]
        path = folder / file
        if not path.exists():
            print(f"# {name}: {path} is absent, skipped", file=sys.stderr)
            continue
        puzzles = path.read_text().split()
        n = options.n if options.n is not None else default
        if n:
            puzzles = puzzles[:n]
        print(f"# {name}: grading {len(puzzles)} puzzles", file=sys.stderr, flush=True)
        result = grade_set(puzzles, options.timeout)
        result["title"] = title
        results[name] = result
    if options.json:
        Path(options.json).write_text(json.dumps(results, indent=1))
    level_rows = []
    technique_rows = []
    time_rows = []
    for name, r in results.items():
        total = r["puzzles"]
        assert isinstance(total, int)
        levels = r["levels"]
        hardest = r["hardest"]
        ratings = r["ratings"]
        times = r["times"]
        assert isinstance(levels, dict) and isinstance(hardest, dict)
        assert isinstance(ratings, list) and isinstance(times, list)
        level_rows.append(
            [str(r["title"]), str(total)]
            + [pct(levels[level], total) for level in LEVEL_NAMES[1:]]
            + [pct(int(str(r["gave_up"])), total)]
        )
        technique_rows.append(
            [name] + [f"{t} {n}" for t, n in hardest.items() if n] or ["-"]
        )
        time_rows.append(
            [
                name,
                f"{statistics.median(ratings):.1f}" if ratings else "",
                f"{max(ratings):.1f}" if ratings else "",
                str(r["searched"]),
                f"{statistics.median(times):.3f}" if times else "",
                f"{sorted(times)[int(0.95 * len(times))]:.2f}" if times else "",
                f"{max(times):.2f}" if times else "",
                f"{sum(times):.1f}" if times else "",
            ]
        )
        for line in r["failed"]:  # type: ignore[attr-defined]
            print(f"# {name}: {line}", file=sys.stderr)
    style = options.format
    print(table(["set", "puzzles", *LEVEL_NAMES[1:], "gave up"], level_rows, style))
    print()
    for row in technique_rows:
        print(f"{row[0]}: hardest step " + ", ".join(row[1:]))
    print()
    print(
        table(
            [
                "set",
                "rating (median)",
                "rating (max)",
                "logic ran out",
                "CPU s (median)",
                "CPU s (95 %)",
                "CPU s (max)",
                "CPU s (all)",
            ],
            time_rows,
            style,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
