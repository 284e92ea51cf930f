"""pydlx on PyPy: its jit loop form against its plain form, the pure-Python peers and CPython.

Usage::

    python tests/benchmarks/bench_pypy.py [--pypy PATH] [--peer-pypy PATH]
        [--cpython PATH] [--rounds N] [--rows queens12,langford11,...]

Issue 31 set two targets for PyPy: pydlx at least 1.2× the best
pure-Python peer on every row, and at least 2× pydlx on CPython for
counts of a second or more.  Each measurement is one solver on one row in
a process of its own (this script, started again with ``--child``), CPU
seconds (``time.process_time``) of building the problem and searching it,
without the interpreter's start-up and imports; the JIT starts cold in
every process, as it does for a user who counts once.  Rounds are
interleaved (every solver on every row, then again, the order of the
solvers rotating) and the ratios are taken within each round, then their
median: the machine is shared, and the load changes between rounds.

Rows (``bench_common`` builds the same formulation for every solver):

* ``queens12``, ``langford11``, ``pento3x20``, ``pento4x15``: the counts
  of ``tests/benchmarks/run.py`` (the last takes pydlx on CPython about 17
  seconds: a count "of a second or more");
* ``hard9``: the first 100 puzzles of the forum's hardest 9×9 (11+), each
  built and solved to its first solution (the shared set, else the
  shipped ``sudoku9_norvig_hardest.txt``);
* ``dense``: the exact covers of 15 items by their 455 three-item
  subsets, all options overlapping (1,401,400 solutions).

Solvers: ``jit`` and ``plain`` are pydlx's loop forms
(``Search(links, form=...)``) on PyPy, ``cpython`` is pydlx on CPython with
the form its dispatcher gives (packed, wide or marks), ``algorithm-x``
(0.1.0) and ``dlx104`` (``dlx`` 1.0.4) are the pure-Python peers from PyPI
on PyPy (``--peer-pypy``: an interpreter that has them; ``dlx`` 1.0.4
takes the name ``dlx``, so the children of pydlx put the repository first
on ``sys.path``).  A solver whose interpreter or package is missing is
left out of the table.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

ROWS = ("queens12", "langford11", "pento3x20", "hard9", "dense", "pento4x15")
SOLVERS = ("jit", "plain", "algorithm-x", "dlx104", "cpython")
PEERS = ("algorithm-x", "dlx104")
EXPECTED = {
    "queens12": 14200,
    "langford11": 35584,
    "pento3x20": 8,
    "hard9": 100,
    "dense": 1401400,
    "pento4x15": 1472,
}
HARD9 = "sudoku9_forum_hardest_1905_11plus_first10000.txt"


# -- the child: one solver, one row -----------------------------------------------


def _formulations(row: str) -> list[Any]:
    import bench_common as common

    if row == "hard9":
        path = common.SHARED_DATA / HARD9
        if not path.exists():
            path = common.SHIPPED_DATA / "sudoku9_norvig_hardest.txt"
        with path.open(encoding="ascii") as handle:
            puzzles = [line.strip() for line in handle if line.strip()][:100]
        forms = [common.sudoku_formulation(puzzle) for puzzle in puzzles]
        return [form for form in forms if form is not None]
    if row == "dense":
        rows = [list(c) for c in itertools.combinations(range(15), 3)]
        return [common.Formulation(rows, 15, 0, [])]
    return [common.count_formulation(common.WORKLOADS[row])]


def _pydlx(form_name: str | None, row: str, forms: list[Any]) -> tuple[int, str]:
    from dlx import ExactCover
    from dlx.engine import Search

    found = 0
    chosen = ""
    sudoku = row == "hard9"
    for f in forms:
        links = ExactCover.from_rows(f.rows, f.n_primary, f.n_secondary, check=False)
        search = Search(
            links.links(),
            count_only=not sudoku,
            limit=1 if sudoku else None,
            form=form_name,
        )
        chosen = search.form.name
        for _ in search:
            pass
        found += search.stats.solutions
    return found, chosen


def _algorithm_x(row: str, forms: list[Any]) -> int:
    import bench_common as common

    AlgorithmX = importlib.import_module("algorithm_x").AlgorithmX
    found = 0
    for f in forms:
        f = common.with_slack(f)
        solver = AlgorithmX(f.n_items)
        for k, option in enumerate(f.rows):
            solver.appendRow(option, k)
        if row == "hard9":
            found += next(solver.solve(), None) is not None
        else:
            found += sum(1 for _ in solver.solve())
    return found


def _dlx104(row: str, forms: list[Any]) -> int:
    import dlx

    if not hasattr(dlx, "DLX"):
        raise ImportError("'import dlx' did not find dlx 1.0.4")
    DLX = dlx.DLX
    found = 0
    for f in forms:
        columns = [(i, DLX.PRIMARY) for i in range(f.n_primary)]
        columns += [(i, DLX.SECONDARY) for i in range(f.n_primary, f.n_items)]
        solver = DLX(columns, f.rows, list(range(len(f.rows))))
        if row == "hard9":
            found += next(solver.solve(), None) is not None
        else:
            found += sum(1 for _ in solver.solve())
    return found


def child(solver: str, row: str) -> None:
    """Time one solver on one row in this process; print one JSON line."""
    sys.path.insert(0, str(HERE))
    if solver in PEERS:
        sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT]
    else:
        sys.path.insert(0, str(ROOT))
    forms = _formulations(row)
    # The solver's modules are imported before the clock starts (start-up
    # is not what the rows compare).
    if solver == "algorithm-x":
        importlib.import_module("algorithm_x")
    elif solver == "dlx104":
        importlib.import_module("dlx")
    else:
        importlib.import_module("dlx.engine")
    chosen = solver
    start = time.process_time()
    if solver == "algorithm-x":
        found = _algorithm_x(row, forms)
    elif solver == "dlx104":
        found = _dlx104(row, forms)
    else:
        found, chosen = _pydlx(None if solver == "cpython" else solver, row, forms)
    seconds = time.process_time() - start
    print(json.dumps({"found": found, "seconds": seconds, "form": chosen}))


# -- the parent: rounds, ratios, the table ------------------------------------------


def measure(python: str, solver: str, row: str) -> dict[str, Any] | None:
    command = [python, str(Path(__file__).resolve()), "--child", solver, row]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        print(f"  {solver} on {row} failed: {last}", file=sys.stderr)
        return None
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if result["found"] != EXPECTED[row]:
        print(f"  {solver} on {row}: {result['found']} found", file=sys.stderr)
        return None
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--child", nargs=2, metavar=("SOLVER", "ROW"))
    parser.add_argument("--pypy", default=shutil.which("pypy3") or "")
    parser.add_argument("--peer-pypy", default="")
    parser.add_argument("--cpython", default=sys.executable)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--rows", default=",".join(ROWS))
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    if not args.pypy:
        parser.error("no PyPy: give --pypy")
    pythons = {
        "jit": args.pypy,
        "plain": args.pypy,
        "algorithm-x": args.peer_pypy or args.pypy,
        "dlx104": args.peer_pypy or args.pypy,
        "cpython": args.cpython,
    }
    rows = args.rows.split(",")
    times: dict[tuple[str, str], list[float | None]] = {}
    forms: dict[tuple[str, str], str] = {}
    for r in range(args.rounds):
        order = SOLVERS[r % len(SOLVERS) :] + SOLVERS[: r % len(SOLVERS)]
        for row in rows:
            for solver in order:
                if times.get((solver, row), [0.0])[-1:] == [None]:
                    continue  # failed before: missing package or interpreter
                result = measure(pythons[solver], solver, row)
                seconds = None if result is None else float(result["seconds"])
                times.setdefault((solver, row), []).append(seconds)
                if result is not None:
                    forms[solver, row] = result["form"]
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    report(rows, times, forms)


def _median_ratio(a: list[float | None], b: list[float | None]) -> float | None:
    ratios = [y / x for x, y in zip(a, b, strict=False) if x and y]
    return statistics.median(ratios) if ratios else None


def report(
    rows: list[str],
    times: dict[tuple[str, str], list[float | None]],
    forms: dict[tuple[str, str], str],
) -> None:
    def median(solver: str, row: str) -> str:
        values = [t for t in times.get((solver, row), []) if t is not None]
        return f"{statistics.median(values):.3f}" if values else "–"

    def ratio(solver: str, other: str, row: str) -> str:
        value = _median_ratio(times.get((solver, row), []), times.get((other, row), []))
        return "–" if value is None else f"{value:.2f}×"

    head = ["row", *SOLVERS, "jit/plain", "jit/best peer", "jit/cpython"]
    lines = [head]
    for row in rows:
        peers = [
            p for p in PEERS if any(t is not None for t in times.get((p, row), []))
        ]
        best = min(
            peers,
            key=lambda p: statistics.median(
                [t for t in times[(p, row)] if t is not None]
            ),
            default=None,
        )
        lines.append(
            [
                row,
                *(median(s, row) for s in SOLVERS),
                ratio("jit", "plain", row),
                "–" if best is None else f"{ratio('jit', best, row)} ({best})",
                ratio("jit", "cpython", row),
            ]
        )
    widths = [max(len(line[k]) for line in lines) for k in range(len(head))]
    print("CPU seconds (median of rounds); ratios: the other's time over jit's")
    for k, line in enumerate(lines):
        print("  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)))
        if k == 0:
            print("  ".join("-" * w for w in widths))
    cpython_forms = sorted({forms[k] for k in forms if k[0] == "cpython"})
    print(f"pydlx on CPython ran the form(s): {', '.join(cpython_forms) or '–'}")


if __name__ == "__main__":
    main()
