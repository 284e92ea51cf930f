"""The SAT back end (``method="sat"``) on the puzzles backtracking cannot finish, and on 9x9.

Two measurements (issue 24's targets):

* the 18 minimal 25x25 puzzles of Alain Frisch: each solved, the
  solution checked by a validator written here (not ``sudoku.check``),
  and proved unique (``count(limit=2)``); targets: all 18 solved in
  under 60 s in all, proved unique in under 120 s in all, on 2 cores.
  ``--plain`` also solves each with the plain encoding of the issue's
  table (one Boolean per cell and symbol, all N^3 of them, the givens
  fixed), to show what pydlx's reductions (givens and singles removed
  before the solver sees the problem) save;
* the first 100 hard 9x9 of the benchmark (``hard9``; Norvig's top95
  where the shared sets are absent), solved by ``method="dlx"`` and
  ``method="sat"`` in turn, puzzle by puzzle: target, SAT no slower than
  3x DLX per puzzle (the median ratio, and the largest, are printed).

Timings are wall clock and CPU time on a shared machine: the load
average is printed with them, and the solver's conflicts (which the load
does not change) too; each target is judged on both (CPU time: what an
idle machine takes in wall clock when one solver thread runs, as
CaDiCaL's does).  The solver that ran is named (CaDiCaL for these plain
exact-cover problems; ``--workers 2`` takes CP-SAT).  Needs the extra
(``python3 -m pip install ".[sat]"`` in pydlx's folder)::

    PYTHONPATH=. python tests/benchmarks/bench_sat.py            # both
    PYTHONPATH=. python tests/benchmarks/bench_sat.py --frisch 18 --plain
    PYTHONPATH=. python tests/benchmarks/bench_sat.py --frisch 0 --nine 100
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from bench_common import WORKLOADS, data_dir, load_puzzles

import sudoku
from dlx import SatSearch
from dlx.algorithms import SAT_DLX_NODES
from dlx.engine import sat_search, search_class
from sudoku.encoding import encode
from sudoku.grid import Grid

HERE = Path(__file__).parent
FRISCH = HERE.parent / "data" / "sudoku25_gecode_frisch18.txt"
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def valid(puzzle: str, solution: str, n: int = 25, box: int = 5) -> bool:
    """A solved n x n grid that keeps the givens: every unit a permutation."""
    if len(solution) != n * n or any(ch not in SYMBOLS[:n] for ch in solution):
        return False
    if any(p != "." and p != s for p, s in zip(puzzle, solution, strict=True)):
        return False
    full = set(SYMBOLS[:n])
    rows = [solution[r * n : (r + 1) * n] for r in range(n)]
    for k in range(n):
        column = "".join(row[k] for row in rows)
        r, c = box * (k // box), box * (k % box)
        square = "".join(rows[r + i][c + j] for i in range(box) for j in range(box))
        if set(rows[k]) != full or set(column) != full or set(square) != full:
            return False
    return True


def plain(puzzle: str, n: int = 25, box: int = 5, unique: bool = False) -> float:
    """Seconds to solve (and with ``unique``, to prove unique) by the plain encoding."""
    from ortools.sat.python import cp_model

    started = time.perf_counter()
    model = cp_model.CpModel()
    x = [
        [[model.new_bool_var("") for _ in range(n)] for _ in range(n)] for _ in range(n)
    ]
    for a in range(n):
        for b in range(n):
            model.add_exactly_one(x[a][b])  # cell (a, b)
            model.add_exactly_one([x[a][c][b] for c in range(n)])  # row a, symbol b
            model.add_exactly_one([x[c][a][b] for c in range(n)])  # column a, symbol b
            r, c = box * (a // box), box * (a % box)
            model.add_exactly_one(
                [x[r + i][c + j][b] for i in range(box) for j in range(box)]
            )
    for cell, ch in enumerate(puzzle):
        if ch != ".":
            model.add(x[cell // n][cell % n][SYMBOLS.index(ch)] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    if unique:
        chosen = [v for plane in x for row in plane for v in row if solver.value(v)]
        model.add_bool_or([~v for v in chosen])
        again = cp_model.CpSolver()
        again.parameters.num_workers = 1
        assert again.solve(model) == cp_model.INFEASIBLE
    return time.perf_counter() - started


def frisch(count: int, with_plain: bool, workers: int) -> None:
    puzzles = FRISCH.read_text().split()[:count]
    print(f"Frisch 25x25, {len(puzzles)} puzzles, {workers} worker(s); load {load()}")
    print(
        f"{'#':>3} {'options':>7} {'solve s':>8} {'unique s':>8} {'cpu s':>7} "
        f"{'conflicts':>9}",
        end="",
    )
    print(f" {'plain s':>8}" if with_plain else "")
    solved: list[float] = []
    proved: list[float] = []
    plains: list[float] = []
    cpus: list[float] = []
    solve_cpus: list[float] = []
    for k, puzzle in enumerate(puzzles):
        started = time.perf_counter()
        cpu = time.process_time()
        encoding = encode(Grid.parse(puzzle))
        links = encoding.problem.links()
        # What method="sat" runs (dlx.engine.sat_search), with the workers asked
        # for: the short DLX search, then the solver.
        search = SatSearch(
            links,
            limit=2,
            workers=workers,
            first_try=search_class(links)(links, limit=2, max_nodes=SAT_DLX_NODES),
        )
        first = next(search)
        found = time.perf_counter() - started
        solve_cpus.append(time.process_time() - cpu)
        answer = encoding.grid.render(encoding.decode(first))
        assert isinstance(answer, str)
        if not valid(puzzle, answer):
            raise AssertionError(f"puzzle {k + 1}: the solution is not valid")
        if next(search, None) is not None:
            raise AssertionError(f"puzzle {k + 1}: a second solution")
        whole = time.perf_counter() - started
        cpus.append(time.process_time() - cpu)
        solver = search.stats.solver
        solved.append(found)
        proved.append(whole)
        print(
            f"{k + 1:>3} {links.n_options:>7} {found:>8.2f} {whole:>8.2f} {cpus[-1]:>7.2f} "
            f"{search.stats.conflicts:>9}",
            end="",
        )
        if with_plain:
            plains.append(plain(puzzle))
            print(f" {plains[-1]:>8.2f}", end="")
        print(flush=True)
    print(
        f"all: solved in {sum(solved):.1f} s (slowest {max(solved):.1f} s, median "
        f"{statistics.median(solved):.2f} s), proved unique in {sum(proved):.1f} s "
        f"(slowest {max(proved):.1f} s); every solution valid and unique; "
        f"CPU time of solving {sum(solve_cpus):.1f} s, of solving and proving "
        f"{sum(cpus):.1f} s; solver: {solver}"
    )
    if len(puzzles) == 18:
        for what, seconds, aim in (
            ("solved", solved, 60),
            ("proved unique", proved, 120),
        ):
            verdict = "met" if sum(seconds) < aim else "NOT met"
            print(f"  target (all 18 {what} in < {aim} s, wall clock): {verdict}")
        for what, seconds, aim in (
            ("solved", solve_cpus, 60),
            ("proved unique", cpus, 120),
        ):
            verdict = "met" if sum(seconds) < aim else "NOT met"
            print(
                f"  target (all 18 {what} in < {aim} s, CPU time: the wall clock of an"
                f" idle machine when one thread solves): {verdict}"
            )
    if with_plain:
        print(
            f"plain encoding (15,625 options): solved in {sum(plains):.1f} s "
            f"(slowest {max(plains):.1f} s, median {statistics.median(plains):.2f} s)"
        )
    print(f"load {load()}")


def nine(count: int, repeat: int) -> None:
    """DLX against SAT on hard 9x9 puzzles, each puzzle by both in turn.

    Each puzzle is solved ``repeat`` times by each method, interleaved,
    and the fastest of each counts (a millisecond solve measured once on a
    shared machine is mostly noise: one time slice lost to another
    process is several milliseconds).  Wall clock and CPU time
    (``time.process_time``: every thread of the process, the solver's
    too).  OR-Tools is imported before the clock starts (about a second,
    once per process).
    """
    data = data_dir()
    workload = WORKLOADS["hard9"]
    try:
        puzzles = load_puzzles(workload, count, data)
    except FileNotFoundError:
        workload = WORKLOADS["top95"]
        puzzles = load_puzzles(workload, count, HERE.parent / "data")
    print(
        f"{workload.title}, first {len(puzzles)}: dlx and sat in turn, the fastest"
        f" of {repeat}; load {load()}"
    )
    sudoku.solve("." * 16, method="sat")  # the import, once
    rows: list[tuple[float, float, float, float, bool, int]] = []
    for puzzle in puzzles:
        # Which engine answers (untimed): the short DLX search or the solver.
        links = encode(Grid.parse(puzzle)).problem.links()
        search = sat_search(links, limit=1)
        next(search)
        best = [float("inf")] * 4
        for _ in range(repeat):
            wall, cpu = time.perf_counter(), time.process_time()
            expected = sudoku.solve(puzzle)
            wall2, cpu2 = time.perf_counter(), time.process_time()
            answer = sudoku.solve(puzzle, method="sat")
            wall3, cpu3 = time.perf_counter(), time.process_time()
            assert answer == expected
            for k, value in enumerate(
                (wall2 - wall, wall3 - wall2, cpu2 - cpu, cpu3 - cpu2)
            ):
                best[k] = min(best[k], value)
        answered = search.stats.answered_by == "dlx"
        rows.append((*best, answered, search.stats.nodes))  # type: ignore[arg-type]
    n = len(puzzles)
    by_dlx = sum(row[4] for row in rows)
    print(
        f"answered by the first {SAT_DLX_NODES} nodes of DLX: {by_dlx} of {n}; "
        f"by the solver: {n - by_dlx}"
    )
    for what, dlx_at, sat_at in (("wall", 0, 1), ("cpu", 2, 3)):
        ratios = [row[sat_at] / max(row[dlx_at], 1e-6) for row in rows]
        dlx = sum(row[dlx_at] for row in rows)
        sat = sum(row[sat_at] for row in rows)
        print(
            f"{what}: dlx {1000 * dlx / n:.1f} ms a puzzle, sat {1000 * sat / n:.1f} ms;"
            f" sat/dlx per puzzle: median {statistics.median(ratios):.2f}, "
            f"90th percentile {sorted(ratios)[9 * n // 10]:.2f}, "
            f"largest {max(ratios):.2f}; in all {sat / dlx:.2f}"
        )
        worst = max(range(n), key=ratios.__getitem__)
        row = rows[worst]
        print(
            f"  the largest: puzzle {worst + 1}, dlx {1000 * row[dlx_at]:.2f} ms, sat "
            f"{1000 * row[sat_at]:.2f} ms ({'DLX' if row[4] else 'the solver'} "
            f"answered; {row[5]} nodes of DLX)"
        )
        verdict = "met" if max(ratios) <= 3 else "NOT met"
        print(f"  target (sat <= 3x dlx on every puzzle, {what}): {verdict}")
    print(f"load {load()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--frisch", type=int, default=18, help="Frisch puzzles (0: none)"
    )
    parser.add_argument("--nine", type=int, default=100, help="9x9 puzzles (0: none)")
    parser.add_argument(
        "--repeat", type=int, default=5, help="runs of each 9x9 (the fastest counts)"
    )
    parser.add_argument("--plain", action="store_true", help="also the plain encoding")
    parser.add_argument("--workers", type=int, default=1, help="the solver's threads")
    args = parser.parse_args(argv)
    if args.nine:
        nine(args.nine, args.repeat)
    if args.frisch:
        frisch(args.frisch, args.plain, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
