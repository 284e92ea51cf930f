"""Memoised search (``count(method="memo")``) beside plain dancing links.

Each measurement runs in a child process of its own, so that its peak
resident memory (``ru_maxrss``) is its own: the time of building the
problem and counting it, and the memory of the whole process.  Plain
search is stopped at ``--cap`` seconds (a ``timeout`` budget) and shown as
"> cap"; every finished count is checked against the other method's or a
published one.

::

    python tests/benchmarks/bench_memo.py                 # the quick sets
    python tests/benchmarks/bench_memo.py --all --cap 200 # also sudoku 6x6, pentominoes
    python tests/benchmarks/bench_memo.py --sets dominoes8,trominoes9

The compiled peers of ``run.py`` (``exact-cover``, ``xcover``) have no
memoised mode; they are not run here (``nox -s bench`` runs them on its own
sets).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from dlx_helpers import (  # noqa: E402
    dominoes,
    l_trominoes,
    langford,
    n_queens,
    pentomino_rectangle,
    sudoku_empty,
)

import sudoku  # noqa: E402
from dlx import BudgetExceeded, ExactCover  # noqa: E402

PUZZLE = (
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
)


def one_sudoku() -> ExactCover:
    """The first puzzle of docs/examples/sudoku9.in: one solution."""
    problem = sudoku_empty(3)
    givens = {(k // 9, k % 9, int(ch) - 1) for k, ch in enumerate(PUZZLE) if ch != "."}
    fixed = {(r, c) for r, c, _ in givens}
    sub = ExactCover(problem.primary)
    for k in range(len(problem)):
        cell, digit = divmod(k, 9)
        r, c = divmod(cell, 9)
        if (r, c) not in fixed or (r, c, digit) in givens:
            sub.add_option(problem.option(k))
    return sub


def random_problem(seed: int, secondary: int = 0) -> ExactCover:
    """A random exact cover: 30 primary items (and ``secondary`` secondary
    ones), 150 options of 2 to 4 items."""
    rng = random.Random(seed)
    n = 30 + secondary
    problem = ExactCover(range(30), range(30, n))
    for _ in range(150):
        problem.add_option(rng.sample(range(n), rng.randint(2, 4)))
    return problem


# name -> (title, builder, branching for memo, in the quick run)
SETS: dict[str, tuple[str, Callable[[], ExactCover], str, bool]] = {
    "dominoes8": ("dominoes on 8×8", lambda: dominoes(8, 8), "first", True),
    "dominoes12": ("dominoes on 12×12", lambda: dominoes(12, 12), "first", True),
    "trominoes9": ("L-trominoes on 9×9", lambda: l_trominoes(9, 9), "first", True),
    "trominoes9-mrv": ("L-trominoes on 9×9", lambda: l_trominoes(9, 9), "mrv", True),
    "random1": ("random, 30 items (seed 1)", lambda: random_problem(1), "mrv", True),
    "random2": ("random, 30 items (seed 2)", lambda: random_problem(2), "mrv", True),
    "random3": (
        "random, 30 + 6 secondary items (seed 3)",
        lambda: random_problem(3, 6),
        "mrv",
        True,
    ),
    "queens12": ("queens 12", lambda: n_queens(12), "mrv", True),
    "langford11": ("Langford pairs 11", lambda: langford(11), "mrv", True),
    "sudoku1": ("sudoku with one solution", one_sudoku, "mrv", True),
    "sudoku6": ("empty 6×6 sudoku", lambda: sudoku_empty_rect(2, 3), "mrv", False),
    "pent5x12": ("pentominoes 5×12", lambda: pentomino_rectangle(5, 12), "mrv", False),
    "pent6x10": ("pentominoes 6×10", lambda: pentomino_rectangle(6, 10), "mrv", False),
}


def sudoku_empty_rect(rows: int, cols: int) -> ExactCover:
    """The empty sudoku of ``rows * cols`` digits with boxes of rows x cols."""
    return sudoku.grid_cover(rows * cols, box=(rows, cols))


def measure(name: str, method: str, cap: float) -> dict[str, object]:
    """Build and count one set in this process; the figures as a dict."""
    _, build, branching, _ = SETS[name]
    started = time.perf_counter()
    problem = build()
    try:
        if method == "memo":
            count = problem.count(method="memo", branching=branching, max_bytes=None)  # type: ignore[arg-type]
        else:
            count = problem.count(timeout=cap)
    except BudgetExceeded:
        count = None
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {
        "set": name,
        "method": method,
        "count": count,
        "seconds": seconds,
        "rss": peak,
    }


def run_child(name: str, method: str, cap: float) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, __file__, "--one", name, method, "--cap", str(cap)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, object] = json.loads(out)
    return result


def seconds_text(row: dict[str, object], cap: float) -> str:
    if row["count"] is None:
        return f"> {cap:g} s"
    seconds = float(row["seconds"])  # type: ignore[arg-type]
    return f"{seconds:.3g} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sets", help="comma-separated names (default: the quick sets)"
    )
    parser.add_argument(
        "--all", action="store_true", help="every set, the long ones too"
    )
    parser.add_argument(
        "--cap", type=float, default=60.0, help="seconds for plain search"
    )
    parser.add_argument(
        "--one", nargs=2, metavar=("SET", "METHOD"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one[0], args.one[1], args.cap)))
        return
    if args.sets:
        names = args.sets.split(",")
    else:
        names = [name for name, spec in SETS.items() if args.all or spec[3]]
    print(
        "| problem | memo branching | count | plain search | memoised | speed-up | memo peak RSS |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in names:
        title, _, branching, _ = SETS[name]
        memo = run_child(name, "memo", args.cap)
        plain = run_child(name, "plain", args.cap)
        if plain["count"] is not None and plain["count"] != memo["count"]:
            raise SystemExit(f"{name}: plain {plain['count']} != memo {memo['count']}")
        ratio = (
            f"{float(plain['seconds']) / float(memo['seconds']):.2g}×"  # type: ignore[arg-type]
            if plain["count"] is not None
            else f"> {args.cap / float(memo['seconds']):.3g}×"  # type: ignore[arg-type]
        )
        rss = int(memo["rss"]) / 2**20  # type: ignore[call-overload]
        print(
            f"| {title} | {branching} | {memo['count']:,} | {seconds_text(plain, args.cap)} "
            f"| {seconds_text(memo, args.cap)} | {ratio} | {rss:.0f} MB |",
            flush=True,
        )


if __name__ == "__main__":
    main()
