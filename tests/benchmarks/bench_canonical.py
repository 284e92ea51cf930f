"""How long :func:`sudoku.canonical` takes, per kind of grid, and the regular grids against their targets.

Each row of the first table times the canonical form of every grid of a
set (CPU time, ``time.process_time``, one call each, the best of
``--rounds``) and reports the median, the 95th percentile and the
slowest, in milliseconds.  Every form is checked to be its own canonical
form.  The filled grids are the puzzles' solutions, found before the
timing; the "first solution" grids are the first solutions of empty
grids, among the most symmetric there are.

The second table is issue 42's: the regular grids, row r holding
(n (r mod n) + r div n + c) mod n² (the 25x25 took the breadth-first
search of before 20 to 50 s and 235 MB, the 36x36 more than 2 minutes
and 2.3 GB), each in a process of its own under a ``--budget`` (60 s),
against the targets of at most 10 s and 200 MB: wall time and peak
resident memory (``ru_maxrss``, the interpreter's own 15-20 MB
included), each as a share of its target, and the time as a multiple
of a 9x9 puzzle's measured in the same run (the median of top95, in a
process of its own too), so that runs on machines of other speeds
compare.  A form that the budget stopped is reported so, with its
message.  Each regular form is checked against the form of a moved
copy of the grid (rows, columns, bands, stacks and symbols shuffled).

``python tests/benchmarks/bench_canonical.py [--rounds 3] [--targets] [--budget 60]``

``--targets`` gives the second table only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import sudoku  # noqa: E402

DATA = ROOT / "tests" / "data"

#: The targets of issue 42 for the regular 25x25 and 36x36 grids.
TARGET_SECONDS = 10.0
TARGET_MB = 200.0


def lines(name: str, count: int) -> list[str]:
    text = (DATA / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip()][:count]


def solved(puzzles: list[str]) -> list[str]:
    return [str(sudoku.solve(puzzle)) for puzzle in puzzles]


def regular(n: int) -> list[list[int]]:
    """The regular n² x n² grid, as rows of ints."""
    size = n * n
    return [
        [(n * (r % n) + r // n + c) % size + 1 for c in range(size)]
        for r in range(size)
    ]


def moved(rows: list[list[int]], n: int, seed: int) -> list[list[int]]:
    """``rows`` with its bands, rows in bands, stacks, columns in stacks and symbols shuffled."""
    rng = random.Random(seed)
    size = n * n

    def lines_order() -> list[int]:
        return [
            b * n + i for b in rng.sample(range(n), n) for i in rng.sample(range(n), n)
        ]

    order_r, order_c = lines_order(), lines_order()
    names = rng.sample(range(1, size + 1), size)
    return [[names[rows[r][c] - 1] for c in order_c] for r in order_r]


#: name -> how to get the set of grids (each a string of N² cells).
SETS: dict[str, Callable[[], list[str]]] = {
    "9x9 puzzles (top95)": lambda: lines("sudoku9_norvig_top95.txt", 95),
    "9x9 filled (their solutions)": lambda: solved(
        lines("sudoku9_norvig_top95.txt", 95)
    ),
    "16x16 puzzles (janko)": lambda: lines("sudoku16_gecode_janko55.txt", 55),
    "16x16 filled (their solutions)": lambda: solved(
        lines("sudoku16_gecode_janko55.txt", 20)
    ),
    "25x25 puzzles (frisch)": lambda: lines("sudoku25_gecode_frisch18.txt", 18),
    "16x16 first solution": lambda: [str(sudoku.solve("." * 256))],
    "25x25 first solution": lambda: [str(sudoku.solve("." * 625))],
}


def per_set(rounds: int) -> None:
    """The first table: CPU milliseconds per grid, per set."""
    print(f"{'set':32} {'grids':>5} {'median':>8} {'p95':>8} {'max':>8}   (CPU ms)")
    for name, make in SETS.items():
        grids = make()
        times = []
        for grid in grids:
            best = float("inf")
            for _ in range(rounds):
                started = time.process_time()
                form = sudoku.canonical(grid)
                best = min(best, time.process_time() - started)
            assert sudoku.canonical(form) == form, grid
            times.append(best * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(
            f"{name:32} {len(grids):5} {statistics.median(times):8.1f} "
            f"{p95:8.1f} {times[-1]:8.1f}",
            flush=True,
        )


# -- the regular grids against the targets, each in a process of its own -------------

#: What a child process runs: ``python -c CHILD case budget``; it prints one
#: line of JSON (seconds, and the form's first values or the stop message).
CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
import sudoku
sys.path.insert(0, {here!r})
import bench_canonical as bench
case, budget = sys.argv[1], float(sys.argv[2])
if case == "9x9":
    grids = bench.lines("sudoku9_norvig_top95.txt", 95)
    times = []
    for grid in grids:
        started = time.perf_counter()
        sudoku.canonical(grid, timeout=budget)
        times.append(time.perf_counter() - started)
    times.sort()
    print(json.dumps({{"seconds": times[len(times) // 2]}}))
else:
    n = int(case)
    started = time.perf_counter()
    try:
        form = sudoku.canonical(bench.regular(n), timeout=budget)
        print(json.dumps({{"seconds": time.perf_counter() - started, "form": form}}))
    except sudoku.BudgetError as stop:
        print(json.dumps({{"seconds": time.perf_counter() - started, "stopped": str(stop)}}))
"""


def child(case: str, budget: float) -> tuple[dict[str, object], float]:
    """Run ``case`` in a process of its own: its report and its peak resident MB."""
    code = CHILD.format(root=str(ROOT), here=str(Path(__file__).resolve().parent))
    process = subprocess.Popen(
        [sys.executable, "-c", code, case, str(budget)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.stdout.close()
    assert os.waitstatus_to_exitcode(status) == 0, (case, out)
    return json.loads(out), usage.ru_maxrss / 1024  # (kilobytes on Linux)


def targets(budget: float) -> None:
    """The second table: the regular 25x25 and 36x36 grids against the targets."""
    print(
        f"\nregular grids against the targets ({TARGET_SECONDS:g} s, "
        f"{TARGET_MB:g} MB; budget {budget:g} s), load {os.getloadavg()[0]:.1f}"
    )
    base, base_mb = child("9x9", budget)
    base_s = float(base["seconds"])  # type: ignore[arg-type]
    print(
        f"{'9x9 puzzle (median of top95)':32} {1000 * base_s:8.2f} ms "
        f"{base_mb:6.0f} MB (the baseline)"
    )
    print(
        f"{'grid':32} {'seconds':>8} {'/ target':>8} {'x 9x9':>8} "
        f"{'peak MB':>8} {'/ target':>8}"
    )
    for n in (5, 6):
        report, mb = child(str(n), budget)
        seconds = float(report["seconds"])  # type: ignore[arg-type]
        name = f"regular {n * n}x{n * n}"
        print(
            f"{name:32} {seconds:8.2f} {seconds / TARGET_SECONDS:8.2f} "
            f"{seconds / base_s:8.0f} {mb:8.0f} {mb / TARGET_MB:8.2f}",
            flush=True,
        )
        if "stopped" in report:
            print(f"  stopped by its budget: {report['stopped']}")
            continue
        # The form is the form of a moved copy (in this process).
        again = sudoku.canonical(moved(regular(n), n, seed=n), timeout=budget)
        assert again == report["form"], f"{name}: a moved copy has another form"
    print(f"load {os.getloadavg()[0]:.1f} at the end")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--targets", action="store_true", help="the second table only")
    parser.add_argument("--budget", type=float, default=60.0)
    args = parser.parse_args(argv)
    if not args.targets:
        per_set(args.rounds)
    targets(args.budget)


if __name__ == "__main__":
    main(sys.argv[1:])
