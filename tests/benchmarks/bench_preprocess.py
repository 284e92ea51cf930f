"""Preprocessing (``ExactCover.preprocessed``, Knuth's DLX-PRE rules): what it removes, what it saves.

For each problem: options and items before and after, the time of the
preprocessing itself, and the count of solutions without and with it --
its time (the "with" side includes the preprocessing), and Knuth's nodes
and updates, which do not depend on the load.  The two sides run
interleaved in one process, ``--rounds`` times, and the ratio of the
medians is given, with the load.

Problems: the benchmark's tilings (the twelve pentominoes in 3×20, 4×15,
5×12 and 6×10 boxes; Scott's 8×8 board with its hole, the X kept in one
quadrant), and sudoku: Norvig's top95 written as a DLX file writes a
puzzle (every cell an item, a given cell with its one option, an empty
cell with its nine), and the same puzzles in the benchmark's formulation
(the givens' items already removed, ``bench_common.sudoku_formulation``).

Memory (issue 31): ``dlx --preprocess --count --limit 1`` against ``dlx
--count --limit 1`` on N items of two one-item options each (N = 25,000,
50,000 and 100,000 by default), each command in its own process: its
peak resident memory (``ru_maxrss``) and its wall time, and the ratios.
Each item's option set as a bit set took about N² / 8 bytes (1.4 GB at
100,000, against 92 MB for the search); the sets are now linear above a
threshold.

Usage::

    PYTHONPATH=. python tests/benchmarks/bench_preprocess.py [--rounds 3] [--all]
    PYTHONPATH=. python tests/benchmarks/bench_preprocess.py --memory [--sizes 25000 50000]

``--all`` also counts the 4×15, 5×12 and 6×10 boxes (minutes each);
without it they are preprocessed only.  ``--memory`` gives the memory
rows only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bench_common import (  # noqa: E402
    SHIPPED_DATA,
    sudoku_formulation,
)
from dlx_helpers import SCOTT_BOARD, pentomino_rectangle  # noqa: E402

from dlx import ExactCover  # noqa: E402
from dlx.polyomino import PENTOMINOES, Placement, tiling  # noqa: E402


def scott() -> ExactCover:
    """Scott's board (the 2×2 centre empty), the X centred in the top left quadrant.

    As ``docs/examples/scott.py`` builds it (130 solutions).
    """

    def x_in_top_left(placed: Placement) -> bool:
        r, c = placed.cells[2]  # the X's centre
        return placed.piece != "X" or (r < 4 and c < 4)

    return tiling(PENTOMINOES, SCOTT_BOARD, where=x_in_top_left)


def sudoku_file_problem(grid: str) -> ExactCover:
    """A puzzle as a DLX file writes it: 324 items, a given with one option."""
    cells = [f"p{r}{c}" for r in range(9) for c in range(9)]
    rows = [f"r{r}v{v}" for r in range(9) for v in range(1, 10)]
    cols = [f"c{c}v{v}" for c in range(9) for v in range(1, 10)]
    boxes = [f"b{b}v{v}" for b in range(9) for v in range(1, 10)]
    problem = ExactCover([*cells, *rows, *cols, *boxes])
    for cell, char in enumerate(grid):
        r, c = divmod(cell, 9)
        b = (r // 3) * 3 + c // 3
        values = range(1, 10) if char in ".0" else [int(char)]
        for v in values:
            problem.add_option([f"p{r}{c}", f"r{r}v{v}", f"c{c}v{v}", f"b{b}v{v}"])
    return problem


def top95() -> list[str]:
    text = (SHIPPED_DATA / "sudoku9_norvig_top95.txt").read_text()
    return [line.strip() for line in text.splitlines() if len(line.strip()) == 81]


def count(problem: ExactCover) -> tuple[int, int, int]:
    """Solutions, nodes and updates of a full count."""
    search = problem.search(count_only=True)
    for _ in search:
        pass
    return search.stats.solutions, search.stats.nodes, search.stats.updates


def counts(problems: list[ExactCover], preprocess: bool) -> tuple[float, list[int]]:
    """CPU seconds of counting every problem, and the summed solutions, nodes, updates."""
    start = time.process_time()
    totals = [0, 0, 0]
    for problem in problems:
        figures = count(problem.preprocessed() if preprocess else problem)
        totals = [a + b for a, b in zip(totals, figures, strict=True)]
    return time.process_time() - start, totals


def measure(name: str, problems: list[ExactCover], rounds: int, search: bool) -> str:
    """One line of the report for ``problems`` (summed over them)."""
    options = [len(p) for p in problems]
    items = [len(p.primary) + len(p.secondary) for p in problems]
    start = time.process_time()
    reduced = [p.preprocessed() for p in problems]
    seconds = time.process_time() - start
    rounds_run = max(r.preprocessing.rounds for r in reduced if r.preprocessing)
    line = (
        f"{name}: options {sum(options)} -> {sum(len(r) for r in reduced)}, "
        f"items {sum(items)} -> "
        f"{sum(len(r.primary) + len(r.secondary) for r in reduced)}, "
        f"preprocessing {seconds:.3f} s ({rounds_run} rounds)"
    )
    if not search:
        return line
    plain: list[float] = []
    through: list[float] = []
    before = after = [0, 0, 0]
    for _ in range(rounds):
        took, before = counts(problems, preprocess=False)
        plain.append(took)
        took, after = counts(problems, preprocess=True)
        through.append(took)
    assert before[0] == after[0], (name, before, after)
    s0, s1 = statistics.median(plain), statistics.median(through)
    return line + (
        f"; {before[0]} solutions; nodes {before[1]} -> {after[1]}, "
        f"updates {before[2]} -> {after[2]}; count {s0:.2f} s -> {s1:.2f} s "
        f"(with preprocessing; ratio {s1 / s0:.2f})"
    )


def write_two_options(path: Path, n: int) -> None:
    """N items i0 .. i(N-1), each with two options of that item alone."""
    with path.open("w") as out:
        out.write(" ".join(f"i{i}" for i in range(n)) + "\n")
        for i in range(n):
            out.write(f"i{i}\ni{i}\n")


def peak(args: list[str]) -> tuple[float, float]:
    """Peak resident megabytes and wall seconds of ``python -m dlx ARGS``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(HERE.parent.parent), *filter(None, [env.get("PYTHONPATH")])]
    )
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "dlx", *args],
        stdout=subprocess.DEVNULL,
        env=env,
    )
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    assert child.returncode == 0, (args, child.returncode)
    return usage.ru_maxrss / 1024, seconds  # (kilobytes on Linux)


def memory(sizes: list[int]) -> None:
    """Peak memory and time of the count with and without preprocessing."""
    print("two one-item options per item: dlx [--preprocess] --count --limit 1")
    with tempfile.TemporaryDirectory() as folder:
        for n in sizes:
            path = Path(folder) / f"two{n}.dlx"
            write_two_options(path, n)
            search_mb, search_s = peak(["--count", "--limit", "1", str(path)])
            pre_mb, pre_s = peak(["--preprocess", "--count", "--limit", "1", str(path)])
            print(
                f"N = {n}: search {search_mb:.0f} MB {search_s:.2f} s; "
                f"with preprocessing {pre_mb:.0f} MB {pre_s:.2f} s; "
                f"ratio {pre_mb / search_mb:.2f} (memory), "
                f"{pre_s / search_s:.2f} (time)",
                flush=True,
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--memory", action="store_true")
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[25_000, 50_000, 100_000]
    )
    args = parser.parse_args(argv)
    if args.memory:
        print(f"load {os.getloadavg()[0]:.1f}")
        memory(args.sizes)
        print(f"load {os.getloadavg()[0]:.1f} at the end")
        return 0
    puzzles = top95()
    work: list[tuple[str, Callable[[], list[ExactCover]], bool]] = [
        ("pentominoes 3×20", lambda: [pentomino_rectangle(3, 20)], True),
        ("pentominoes 4×15", lambda: [pentomino_rectangle(4, 15)], args.all),
        ("pentominoes 5×12", lambda: [pentomino_rectangle(5, 12)], args.all),
        ("pentominoes 6×10", lambda: [pentomino_rectangle(6, 10)], args.all),
        ("Scott's board, X in a quadrant", lambda: [scott()], True),
        (
            "top95 as DLX files (95 puzzles)",
            lambda: [sudoku_file_problem(g) for g in puzzles],
            True,
        ),
        (
            "top95, givens placed (95 puzzles)",
            lambda: [
                ExactCover.from_rows(f.rows, f.n_primary)
                for g in puzzles
                if (f := sudoku_formulation(g)) is not None
            ],
            True,
        ),
    ]
    print(f"load {os.getloadavg()[0]:.1f}, {args.rounds} rounds, process time")
    for name, build, search in work:
        print(measure(name, build(), args.rounds, search), flush=True)
    print(f"load {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
