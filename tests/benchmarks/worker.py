"""Time one solver on one workload, in a process of its own; print JSON lines.

Usage::

    python tests/benchmarks/worker.py SOLVER SET N [--start K] [--cap S]
        [--data DIR] [--stats]

``run.py`` starts one of these per solver, set and round.  Each solver runs
in its own process because the PyPI package ``dlx`` 1.0.4 installs a
top-level module ``dlx`` too: this script puts the repository root first on
``sys.path`` for our solvers and takes it off for the peers, then checks that
``import dlx`` found the right one.

Output, one JSON object a line on stdout:

* ``{"event": "ready", ...}`` once the solver is imported (xcover's numba
  JIT warmed up too), with the versions it found;
* ``{"event": "puzzle", "i": ..., "status": ..., "total": ...}`` for every
  puzzle (or once for a counting problem): ``status`` is ``ok``, ``wrong``
  (the validator rejected the answer), ``unsolved``, ``timeout`` (the
  ``--cap`` ran out) or ``error``; ``total`` is the wall time of string in,
  solution out (or problem in, count out); ``build`` and ``search`` split it
  where the solver lets us, ``nodes`` and ``updates`` are Knuth's counts
  where known;
* ``{"event": "done", "process": ...}`` at the end: ``process`` is the CPU
  time of the whole process less the harness's own (this script's start
  before it imports the solver, and what runs off the clock), i.e. the
  solver's imports plus every timed puzzle; ``run.py`` adds a bare
  interpreter's start to make it a user's whole run.

Every time is CPU time (``time.process_time``), which the load of a shared
machine disturbs far less than the wall clock.  Nothing warms the solver up
before the clock (a user who solves once pays the first run's costs), but
xcover's numba JIT, which is compiled in its adapter.  Validation, version
look-ups and the statistics pass run off the clock and out of ``process``.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import importlib.metadata
import json
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

import bench_common as common
from bench_common import Formulation, Workload

# Solvers: name -> (kind of process, what it is).  "ours" runs with the
# repository first on sys.path; "peer" runs without it.
SOLVERS: dict[str, tuple[str, str]] = {
    "pydlx": ("ours", "pydlx: sudoku.solve (counting: dlx.ExactCover)"),
    "pydlx-engine": (
        "ours",
        "pydlx: dlx.ExactCover.from_rows on the shared formulation",
    ),
    "dlx104": ("peer", "dlx 1.0.4 (PyPI, pure Python)"),
    "algorithm-x": ("peer", "algorithm-x 0.1.0 (PyPI, pure Python)"),
    "dict-x": (
        "peer",
        "dict-of-sets Algorithm X (the classic recipe, in this benchmark)",
    ),
    "exact-cover": ("peer", "exact-cover (PyPI, C extension; reference)"),
    "xcover": ("peer", "xcover (PyPI, numba; reference)"),
}
PURE_PYTHON_PEERS = ("dlx104", "algorithm-x", "dict-x")
COMPILED_PEERS = ("exact-cover", "xcover")
OURS = ("pydlx", "pydlx-engine")

Result = dict[str, Any]


class CapExceeded(BaseException):
    """Raised by the alarm when a puzzle runs past ``--cap`` seconds.

    A ``BaseException`` so that no solver's ``except Exception`` swallows it.
    """


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise CapExceeded


def emit(record: Result) -> None:
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


def set_path(kind: str) -> None:
    """Make ``import dlx`` find ours (kind ``ours``) or the PyPI one (``peer``)."""
    root = common.ROOT.resolve()

    def is_root(entry: str) -> bool:
        try:
            return Path(entry or ".").resolve() == root
        except OSError:
            return False

    sys.path[:] = [entry for entry in sys.path if not is_root(entry)]
    if kind == "ours":
        sys.path.insert(0, str(root))


#: CPU seconds spent off the clock (validation, version look-ups, statistics),
#: taken out of the whole process's figure.
_off_clock = [0.0]


@contextlib.contextmanager
def off_clock() -> Iterator[None]:
    """Count the CPU time of the block as the harness's, not the solver's."""
    start = time.process_time()
    try:
        yield
    finally:
        _off_clock[0] += time.process_time() - start


def version_of(dist: str) -> str:
    with off_clock():
        try:
            return importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            return "?"


# -- adapters --------------------------------------------------------------------
#
# An adapter has two entry points:
#   solve(puzzle) -> (solution or None, build seconds or None, search seconds
#                     or None, extra dict)
#   count(formulation) -> (count, build seconds, search seconds)
# and ``stats(formulation) -> (nodes, updates) | None``: an untimed,
# instrumented run of the same search for Knuth's counts.

SolveFn = Callable[[str], tuple[str | None, float | None, float | None, Result]]
CountFn = Callable[[Formulation], tuple[int, float, float]]
StatsFn = Callable[[Formulation], tuple[int, int] | None]

clock = time.process_time


class Adapter:
    def __init__(
        self, solve: SolveFn, count: CountFn, stats: StatsFn, info: Result
    ) -> None:
        self.solve = solve
        self.count = count
        self.stats = stats
        self.info = info


def _import_ours() -> tuple[ModuleType, ModuleType]:
    dlx = importlib.import_module("dlx")
    origin = Path(dlx.__file__ or "").resolve()
    if common.ROOT not in origin.parents:
        raise RuntimeError(f"'import dlx' found {origin}, not pydlx at {common.ROOT}")
    if not hasattr(dlx, "ExactCover"):
        raise RuntimeError(f"{origin} has no ExactCover")
    engine = importlib.import_module("dlx.engine")
    return dlx, engine


def _git_commit() -> str:
    head = common.ROOT / ".git" / "HEAD"
    try:
        ref = head.read_text().strip()
        if ref.startswith("ref: "):
            path = common.ROOT / ".git" / ref[5:]
            return path.read_text().strip()[:12] if path.exists() else "(no commit)"
        return ref[:12]
    except OSError:
        return "?"


def _engine_solve(dlx: ModuleType) -> SolveFn:
    """Our engine on the shared formulation: build and search timed apart."""
    from_rows = dlx.ExactCover.from_rows

    def solve(puzzle: str) -> tuple[str | None, float | None, float | None, Result]:
        t0 = clock()
        form = common.sudoku_formulation(puzzle)
        if form is None:
            return None, None, None, {}
        problem = from_rows(form.rows, form.n_primary, 0, check=False)
        problem.links()
        t1 = clock()
        search = problem.search(limit=1)
        chosen = next(search, None)
        answer = None if chosen is None else common.decode_sudoku(form, list(chosen))
        t2 = clock()
        stats = search.stats
        return (
            answer,
            t1 - t0,
            t2 - t1,
            {"nodes": stats.nodes, "updates": stats.updates},
        )

    return solve


def adapter_pydlx(engine_only: bool) -> Adapter:
    dlx, engine = _import_ours()
    from_rows = dlx.ExactCover.from_rows
    Search = engine.Search
    info: Result = {
        "dlx": str(Path(dlx.__file__ or "").parent),
        "version": dlx.__version__,
    }
    info["commit"] = _git_commit()
    engine_solve = _engine_solve(dlx)
    solve = engine_solve
    if not engine_only:
        why = "sudoku.solve not available yet"
        try:
            sudoku: ModuleType | None = importlib.import_module("sudoku")
        except Exception as exc:  # absent, or half-written: use the stand-in
            sudoku = None
            why = f"import sudoku failed: {type(exc).__name__}: {exc}"
        if sudoku is not None and callable(getattr(sudoku, "solve", None)):
            product: Callable[[str], Any] = sudoku.solve
            info["sudoku"] = "sudoku.solve"

            def solve_product(
                puzzle: str,
            ) -> tuple[str | None, float | None, float | None, Result]:
                answer = product(puzzle)
                return (answer if isinstance(answer, str) else None), None, None, {}

            solve = solve_product
        else:
            info["sudoku"] = f"stand-in ({why})"

    def count(form: Formulation) -> tuple[int, float, float]:
        t0 = clock()
        problem = from_rows(form.rows, form.n_primary, form.n_secondary, check=False)
        problem.links()
        t1 = clock()
        found: int = problem.count()
        return found, t1 - t0, clock() - t1

    def stats(form: Formulation) -> tuple[int, int] | None:
        problem = from_rows(form.rows, form.n_primary, form.n_secondary, check=False)
        search = Search(problem.links(), count_only=True)
        for _ in search:
            pass
        return search.stats.nodes, search.stats.updates

    return Adapter(solve, count, stats, info)


def _decode_first(form: Formulation, chosen: list[int] | None) -> str | None:
    return None if chosen is None else common.decode_sudoku(form, chosen)


def _sudoku_via(
    build: Callable[[Formulation], Any],
    first: Callable[[Any, Formulation], list[int] | None],
) -> SolveFn:
    """A SolveFn from a peer's build step and its first-solution step."""

    def solve(puzzle: str) -> tuple[str | None, float | None, float | None, Result]:
        t0 = clock()
        form = common.sudoku_formulation(puzzle)
        if form is None:
            return None, None, None, {}
        built = build(form)
        t1 = clock()
        answer = _decode_first(form, first(built, form))
        return answer, t1 - t0, clock() - t1, {}

    return solve


def adapter_dlx104() -> Adapter:
    dlx = importlib.import_module("dlx")
    if not hasattr(dlx, "DLX"):
        raise RuntimeError(
            f"'import dlx' found {dlx.__file__}, not dlx 1.0.4 from PyPI"
        )
    DLX = dlx.DLX

    def build(form: Formulation) -> Any:
        columns = [(i, DLX.PRIMARY) for i in range(form.n_primary)]
        columns += [(i, DLX.SECONDARY) for i in range(form.n_primary, form.n_items)]
        # Row names are the option indices: a solution lists one node of each
        # chosen row, and N[node] is its row's name.
        return DLX(columns, form.rows, list(range(len(form.rows))))

    def first(solver: Any, form: Formulation) -> list[int] | None:
        solution = next(solver.solve(), None)
        names = solver.N
        return None if solution is None else [names[node] for node in solution]

    def count(form: Formulation) -> tuple[int, float, float]:
        t0 = clock()
        solver = build(form)
        t1 = clock()
        found = sum(1 for _ in solver.solve())
        return found, t1 - t0, clock() - t1

    def stats(form: Formulation) -> tuple[int, int] | None:
        solver = build(form)
        tally = {"nodes": 0, "updates": 0}
        cover = solver._cover
        solve_level = solver._solve

        def counted_cover(c: int) -> int:
            done: int = cover(c)
            tally["updates"] += done
            return done

        def counted_solve(*args: Any) -> Iterator[Any]:
            tally["nodes"] += 1
            return solve_level(*args)  # type: ignore[no-any-return]

        def selector(self: Any, data: Any) -> int:
            c: int = DLX.smallestColumnSelector(self, data)
            if c != self.header and self.S[c] == 0:
                tally["updates"] += 1  # Knuth covers the empty item
            return c

        solver._cover = counted_cover
        solver._solve = counted_solve
        for _ in solver.solve(columnselector=selector):
            pass
        return tally["nodes"], tally["updates"]

    info = {"version": version_of("dlx"), "module": dlx.__file__}
    return Adapter(_sudoku_via(build, first), count, stats, info)


def adapter_algorithm_x() -> Adapter:
    module = importlib.import_module("algorithm_x")
    AlgorithmX = module.AlgorithmX

    def build(form: Formulation) -> Any:
        # No secondary items: counting problems get slack options.
        form = common.with_slack(form)
        solver = AlgorithmX(form.n_items)
        append = solver.appendRow
        for k, row in enumerate(form.rows):
            append(row, k)
        return solver

    def first(solver: Any, form: Formulation) -> list[int] | None:
        solution: list[int] | None = next(solver.solve(), None)
        return solution

    def count(form: Formulation) -> tuple[int, float, float]:
        t0 = clock()
        solver = build(form)
        t1 = clock()
        found = sum(1 for _ in solver.solve())
        return found, t1 - t0, clock() - t1

    class Counted(AlgorithmX):  # type: ignore[misc, valid-type]
        nodes = 0
        updates = 0

        def _solve(self) -> Iterator[Any]:
            self.nodes += 1
            return super()._solve()  # type: ignore[no-any-return]

        def _cover(self, c: Any) -> None:
            self.updates += 1
            i = c.D
            while i != c:
                j = i.R
                while j != i:
                    self.updates += 1
                    j = j.R
                i = i.D
            super()._cover(c)

    def stats(form: Formulation) -> tuple[int, int] | None:
        form = common.with_slack(form)
        solver = Counted(form.n_items)
        for k, row in enumerate(form.rows):
            solver.appendRow(row, k)
        for _ in solver.solve():
            pass
        return solver.nodes, solver.updates

    info = {"version": version_of("algorithm-x")}
    return Adapter(_sudoku_via(build, first), count, stats, info)


def adapter_dict_x() -> Adapter:
    dictx = importlib.import_module("bench_dictx")

    def build(form: Formulation) -> Any:
        return dictx.build(form.rows, form.n_primary, form.n_items)

    def first(built: Any, form: Formulation) -> list[int] | None:
        X, P, Y = built
        solution: list[int] | None = next(
            dictx.solutions(X, P, Y, form.n_primary, []), None
        )
        return solution

    def count(form: Formulation) -> tuple[int, float, float]:
        t0 = clock()
        X, P, Y = build(form)
        t1 = clock()
        found = sum(1 for _ in dictx.solutions(X, P, Y, form.n_primary, []))
        return found, t1 - t0, clock() - t1

    def stats(form: Formulation) -> tuple[int, int] | None:
        X, P, Y = build(form)
        _, nodes, updates = dictx.count_updates(X, P, Y, form.n_primary)
        return nodes, updates

    return Adapter(_sudoku_via(build, first), count, stats, {"version": "benchmark"})


def adapter_exact_cover() -> Adapter:
    ec = importlib.import_module("exact_cover")
    np = importlib.import_module("numpy")
    error = importlib.import_module("exact_cover.error")

    def build(form: Formulation) -> Any:
        form = common.with_slack(form)
        rows = form.rows
        matrix = np.zeros((len(rows), form.n_items), dtype=bool)
        widths = np.fromiter(map(len, rows), dtype=np.intp, count=len(rows))
        options = np.repeat(np.arange(len(rows)), widths)
        items = np.fromiter((i for row in rows for i in row), dtype=np.intp)
        matrix[options, items] = True
        return matrix

    def first(matrix: Any, form: Formulation) -> list[int] | None:
        try:
            return [int(k) for k in ec.get_exact_cover(matrix)]
        except error.NoSolution:
            return None

    def count(form: Formulation) -> tuple[int, float, float]:
        t0 = clock()
        matrix = build(form)
        t1 = clock()
        found = int(ec.get_solution_count(matrix))
        return found, t1 - t0, clock() - t1

    info = {"version": version_of("exact-cover"), "numpy": version_of("numpy")}
    return Adapter(_sudoku_via(build, first), count, lambda form: None, info)


def adapter_xcover() -> Adapter:
    xcover = importlib.import_module("xcover")
    solvers = importlib.import_module("xcover.solvers")
    algorithm_c = xcover.algorithm_c
    as_arrays = solvers.input_as_arrays

    def build(form: Formulation) -> Any:
        primary = list(range(form.n_primary))
        secondary = list(range(form.n_primary, form.n_items))
        return as_arrays(form.rows, primary=primary, secondary=secondary)

    def first(arrays: Any, form: Formulation) -> list[int] | None:
        solution = next(algorithm_c(*arrays), None)
        return None if solution is None else [int(k) for k in solution]

    def count(form: Formulation) -> tuple[int, float, float]:
        t0 = clock()
        arrays = build(form)
        t1 = clock()
        found = sum(1 for _ in algorithm_c(*arrays))
        return found, t1 - t0, clock() - t1

    # Warm the JIT (and its on-disk cache) before anything is timed.
    warm = Formulation([[0, 1], [0], [1]], 2, 0, [])
    for _ in range(3):
        count(warm)
        first(build(warm), warm)
    info = {"version": version_of("xcover"), "numba": version_of("numba")}
    return Adapter(_sudoku_via(build, first), count, lambda form: None, info)


ADAPTERS: dict[str, Callable[[], Adapter]] = {
    "pydlx": lambda: adapter_pydlx(engine_only=False),
    "pydlx-engine": lambda: adapter_pydlx(engine_only=True),
    "dlx104": adapter_dlx104,
    "algorithm-x": adapter_algorithm_x,
    "dict-x": adapter_dict_x,
    "exact-cover": adapter_exact_cover,
    "xcover": adapter_xcover,
}


# -- the timing loop -------------------------------------------------------------


def capped(cap: float, run: Callable[[], Result]) -> Result:
    """Run ``run()`` under an alarm of ``cap`` seconds (0: none)."""
    if cap > 0:
        signal.setitimer(signal.ITIMER_REAL, cap)
    try:
        return run()
    except CapExceeded:
        return {"status": "timeout"}
    finally:
        if cap > 0:
            signal.setitimer(signal.ITIMER_REAL, 0)


def timed(call: Callable[[], Any]) -> Result:
    """Run ``call`` on the clock: its result and the time taken, or its error."""
    t0 = clock()
    try:
        result = call()
    except Exception as exc:  # e.g. sudoku.NoSolutionError: record, go on
        return {"status": "error", "error": f"{type(exc).__name__}: {exc}"[:300]}
    return {"status": "done", "result": result, "total": clock() - t0}


def time_puzzle(adapter: Adapter, puzzle: str, cap: float) -> Result:
    record = capped(cap, lambda: timed(lambda: adapter.solve(puzzle)))
    if record["status"] != "done":
        return record
    answer, record["build"], record["search"], extra = record.pop("result")
    record.update(extra)
    if answer is None:
        record["status"] = "unsolved"
    else:
        with off_clock():
            why = common.check_sudoku(puzzle, answer)
        record["status"] = "ok" if why is None else "wrong"
        if why is not None:
            record["error"] = why
    return record


def time_count(adapter: Adapter, workload: Workload, cap: float, stats: bool) -> Result:
    form = common.count_formulation(workload)
    record = capped(cap, lambda: timed(lambda: adapter.count(form)))
    if record["status"] != "done":
        return record
    found, record["build"], record["search"] = record.pop("result")
    record["found"] = found
    record["status"] = "ok" if found == workload.expected else "wrong"
    if found != workload.expected:
        record["error"] = f"counted {found}, expected {workload.expected}"
    if stats:
        with off_clock():
            counts = adapter.stats(form)
        if counts is not None:
            record["nodes"], record["updates"] = counts
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("solver", choices=sorted(SOLVERS))
    parser.add_argument("set", choices=sorted(common.WORKLOADS))
    parser.add_argument("n", type=int, help="how many puzzles (0: all)")
    parser.add_argument("--start", type=int, default=0, help="first puzzle index")
    parser.add_argument("--cap", type=float, default=0.0, help="seconds per puzzle")
    parser.add_argument("--data", default=None, help="puzzle folder")
    parser.add_argument(
        "--stats", action="store_true", help="counting: also Knuth's counts (untimed)"
    )
    args = parser.parse_args(argv)
    # The harness's own start (interpreter, this script's imports): not the
    # solver's.  ``run.py`` adds a bare interpreter's start instead.
    harness = time.process_time()

    set_path(SOLVERS[args.solver][0])
    signal.signal(signal.SIGALRM, _on_alarm)
    workload = common.WORKLOADS[args.set]
    puzzles: list[str] = []
    if workload.kind == "sudoku":
        with off_clock():
            puzzles = common.load_puzzles(workload, args.n, common.data_dir(args.data))
    # A count needs no sudoku: pydlx's whole process imports only dlx then.
    name = "pydlx-engine" if workload.kind == "count" else args.solver
    try:
        adapter = ADAPTERS[name if args.solver == "pydlx" else args.solver]()
    except Exception as exc:  # report it to run.py rather than die silently
        emit({"event": "fail", "error": f"{type(exc).__name__}: {exc}"})
        return 1
    emit(
        {
            "event": "ready",
            "solver": args.solver,
            "python": sys.version.split()[0],
            "executable": sys.executable,
            **adapter.info,
        }
    )
    with off_clock():
        gc.collect()
    if workload.kind == "count":
        record = time_count(adapter, workload, args.cap, args.stats)
        emit({"event": "puzzle", "i": 0, **record})
    else:
        for i in range(args.start, len(puzzles)):
            record = time_puzzle(adapter, puzzles[i], args.cap)
            with off_clock():
                emit({"event": "puzzle", "i": i, **record})
    process = time.process_time() - harness - _off_clock[0]
    emit({"event": "done", "process": process})
    return 0


if __name__ == "__main__":
    sys.exit(main())
