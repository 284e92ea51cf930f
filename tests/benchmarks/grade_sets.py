"""Calibrate sudoku.grade on the public puzzle sets: the grades of each set.

For every set (``tests/benchmarks/bench_common.data_dir``: the shared sets
next to the repository, else the few shipped in ``tests/data``) this grades
the first N puzzles and prints, per set, how many land on each level and
on each hardest technique, how many cells the techniques leave to the
search, the search nodes of the puzzles that need it, and the time per
puzzle.  The tables in ``docs/howto/grading.rst`` come from this script.

    python tests/benchmarks/grade_sets.py                  # every set, rst
    python tests/benchmarks/grade_sets.py --sets top95,hardest --format md
    python tests/benchmarks/grade_sets.py --json /tmp/grades.json

A puzzle whose search runs out of ``--timeout`` seconds (the 25x25 sets)
is counted as *gave up*, with the cells the techniques left open.
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

from sudoku import BudgetError, Grid, SudokuError, Technique, grade  # noqa: E402
from sudoku.grading import LEVEL_NAMES, _Board, _layout, _solve_by_hand  # noqa: E402

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


def left_open(puzzle: str) -> int:
    """The cells the techniques leave blank (for the puzzles that need search)."""
    grid = Grid.parse(puzzle)
    board = _Board(_layout(grid.size, grid.box), list(grid.values), grid.symbol)
    _solve_by_hand(board)
    return board.values.count(0)


def grade_set(puzzles: list[str], timeout: float) -> dict[str, object]:
    levels = dict.fromkeys(LEVEL_NAMES[1:], 0)
    hardest = {t.label: 0 for t in Technique}
    nodes: list[int] = []
    opened: list[int] = []
    times: list[float] = []
    gave_up = 0
    failed: list[str] = []
    for number, puzzle in enumerate(puzzles, 1):
        start = time.perf_counter()
        try:
            g = grade(puzzle, timeout=timeout)
        except BudgetError:
            gave_up += 1
            opened.append(left_open(puzzle))
            times.append(time.perf_counter() - start)
            continue
        except SudokuError as error:
            failed.append(f"puzzle {number}: {error}")
            continue
        times.append(time.perf_counter() - start)
        levels[g.name] += 1
        assert g.hardest is not None
        hardest[g.hardest.label] += 1
        if g.hardest is Technique.SEARCH:
            nodes.append(g.search_nodes)
            opened.append(left_open(puzzle))
    return {
        "puzzles": len(puzzles),
        "levels": levels,
        "hardest": hardest,
        "nodes": nodes,
        "open": opened,
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
    search_rows = []
    for name, r in results.items():
        total = r["puzzles"]
        assert isinstance(total, int)
        levels = r["levels"]
        hardest = r["hardest"]
        nodes = r["nodes"]
        times = r["times"]
        opened = r["open"]
        assert isinstance(levels, dict) and isinstance(hardest, dict)
        assert isinstance(nodes, list) and isinstance(times, list)
        assert isinstance(opened, list)
        level_rows.append(
            [str(r["title"]), str(total)]
            + [pct(levels[level], total) for level in LEVEL_NAMES[1:]]
            + [pct(int(str(r["gave_up"])), total)]
        )
        technique_rows.append([name] + [str(hardest[t.label] or "") for t in Technique])
        search_rows.append(
            [
                name,
                f"{statistics.median(opened):.0f}" if opened else "",
                f"{statistics.median(nodes):.0f}" if nodes else "",
                f"{max(nodes)}" if nodes else "",
                f"{1000 * statistics.median(times):.1f}" if times else "",
                f"{1000 * max(times):.0f}" if times else "",
            ]
        )
        for line in r["failed"]:  # type: ignore[attr-defined]
            print(f"# {name}: {line}", file=sys.stderr)
    style = options.format
    print(
        table(
            ["set", "puzzles", *LEVEL_NAMES[1:], "gave up"],
            level_rows,
            style,
        )
    )
    print()
    print(table(["set"] + [t.label for t in Technique], technique_rows, style))
    print()
    print(
        table(
            [
                "set",
                "cells left to search (median)",
                "search nodes (median)",
                "search nodes (max)",
                "ms/puzzle (median)",
                "ms/puzzle (max)",
            ],
            search_rows,
            style,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
