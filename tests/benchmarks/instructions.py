"""Instructions of the search, counted by callgrind: a guard for refactors.

Time on a shared machine wanders by several per cent from run to run; the
number of machine instructions a search executes does not.  Each workload
runs in two processes under ``valgrind --tool=callgrind``: one that only
imports pydlx and builds the problem (``--build-only``), and one that builds
it in the same way and then searches; the difference of their totals is the
search's instructions.  Work that the first search does once (the packed
loop's tables, its unrolled code) counts as search.

Workloads (``--only`` takes these names):

* ``queens-packed``: the 12 queens counted on the default (packed,
  unrolled) form;
* ``queens-list``: the same problem on the list form
  (``dlx_helpers.compiled_as(problem, "list")``), every solution yielded;
* ``colors``: every fixture of ``tests/data/knuth`` with colours, each
  searched to the end, all of them 12 times;
* ``multiplicity``: Algorithm M counting 0/1 6x6 matrices with two ones
  in every row and column (bounds ``[2..2]``);
* ``sudoku9``: ``sudoku.solve`` on 100 hard 9x9 puzzles (Norvig's top95
  and the first five of his "hardest"), reading and encoding each included;
* ``queens10-packed``, ``queens10-list``, ``colors-4``, ``multiplicity-5``:
  smaller sizes of the workloads above (10 queens, 4 rounds, 5x5), the
  first of the pairs below;
* ``dense-count``: a solution-dense random problem counted (28 items,
  120 distinct options of 1 to 5 items, as ``bench_common``'s dense
  problem, smaller), the packed form with leaf counts;
* ``dominoes-count``: the domino tilings of a 4x10 board counted (options
  of two items), the packed form;
* ``pento-marks-3000`` and ``pento-marks-9000``: the 3x20 pentomino count
  on Algorithm X's marks form (the one the tilings run on), stopped by a
  node budget of 3,000 and 9,000 nodes; ``pento-wide-3000``/``-9000`` and
  ``pento-plain-3000``/``-9000``: the same on the wide form (dancing links
  over the same lanes) and on the plain (list) form, the one the tilings
  ran on before the wide form.

Per loop form (``--per-form``, with ``--record`` or ``--check``): each
pair of sizes of one form (:data:`FORM_PAIRS`) gives the instructions of
the difference divided by the difference of updates and of nodes, so the
start-up of the process and of the search (tables, unrolled code) cancel:
instructions per update and per node of that loop.  ::

    python tests/benchmarks/instructions.py --check base.json --per-form \
        --only pento-wide-3000,pento-wide-9000

The nodes, updates and solutions of each workload are kept with the
baseline and must not change (for ``sudoku9`` they are counted in an extra
plain process by the same search as ``sudoku.solve``'s, beside a digest of
the answers).  ::

    python tests/benchmarks/instructions.py --record base.json [--tree ../main]
    python tests/benchmarks/instructions.py --check base.json [--tolerance 1.0]
    python tests/benchmarks/instructions.py --check base.json --only colors,sudoku9

``--tree DIR`` measures the ``dlx``, ``sudoku`` and ``tests/dlx_helpers.py``
of another checkout; the data files are always this tree's.  Every child
gets ``PYTHONHASHSEED=0``, the same environment and a fresh
``PYTHONPYCACHEPREFIX`` that a plain run of each workload fills first, so
that no measured process compiles modules.

Noise: the same tree measured twice gives the same counts (spread under
0.01 %); changing the layout of memory before the search (another path for
the tree, an edit of this script, code moved between modules) moves them by
up to about 0.15 %, mostly in ``obmalloc.c:_PyObject_Free`` (pymalloc keeps
its arenas in an order that depends on all earlier allocations).  Record a
new baseline after editing this script.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
VALGRIND = "valgrind"
#: The code measured, from the tree of ``--tree``.
MEASURED = ("dlx", "sudoku", "tests/dlx_helpers.py")

QUEENS = 12
COLOR_ROUNDS = 12
TWO_PER_LINE = 6
#: The smaller sizes, for instructions per update and per node (--per-form).
SMALL_QUEENS = 10
SMALL_COLOR_ROUNDS = 4
SMALL_TWO_PER_LINE = 5
PENTOMINO_BUDGETS = (3000, 9000)
SUDOKU_COUNT = 100

Result = dict[str, Any]


# -- the workloads (run in the child processes) -------------------------------


def _stats(search: Any) -> Result:
    stats = search.stats
    return {
        "nodes": stats.nodes,
        "updates": stats.updates,
        "cleansings": stats.cleansings,
        "solutions": stats.solutions,
    }


def _exhaust(search: Iterator[tuple[int, ...]]) -> None:
    for _ in search:
        pass


def _helpers() -> Any:
    """The measured tree's ``tests/dlx_helpers.py`` (on sys.path in the child)."""
    import importlib

    return importlib.import_module("dlx_helpers")


def _built(links: Any) -> Any:
    """``links`` with their sibling tuples made (made on first use since the
    jit form stopped needing them): building, not searching."""
    _ = links.others
    return links


def build_queens_packed() -> Any:
    problem = _helpers().n_queens(QUEENS)
    _built(problem.links())
    return problem


def run_count(problem: Any) -> Result:
    search = problem.search(count_only=True)
    _exhaust(search)
    return _stats(search)


def build_queens_list() -> Any:
    helpers = _helpers()
    return _built(helpers.compiled_as(helpers.n_queens(QUEENS), "list"))


def build_queens10_packed() -> Any:
    problem = _helpers().n_queens(SMALL_QUEENS)
    _built(problem.links())
    return problem


def build_queens10_list() -> Any:
    helpers = _helpers()
    return _built(helpers.compiled_as(helpers.n_queens(SMALL_QUEENS), "list"))


def build_pentominoes() -> Any:
    problem = _helpers().pentomino_rectangle(3, 20)
    _built(problem.links())
    return problem


def pentominoes_on(form: str, budget: int) -> Callable[[Any], Result]:
    """Search the 3x20 pentominoes on ``form`` for ``budget`` nodes."""

    def run(problem: Any) -> Result:
        import dlx

        links = problem.links()
        search = dlx.Search(links, count_only=True, form=form, max_nodes=budget)
        with contextlib.suppress(dlx.BudgetExceeded):
            _exhaust(search)
        return _stats(search)

    return run


def build_dense() -> Any:
    """28 items, 120 distinct random options of 1 to 5 items (seed 1)."""
    import random

    import dlx

    rng = random.Random(1)
    rows: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    while len(rows) < 120:
        row = tuple(sorted(rng.sample(range(28), rng.randint(1, 5))))
        if row not in seen:
            seen.add(row)
            rows.append(row)
    problem = dlx.ExactCover(range(28), options=rows)
    _built(problem.links())
    return problem


def build_dominoes() -> Any:
    """The domino tilings of a 4x10 board: an item per cell."""
    import dlx

    height, width = 4, 10
    rows = [
        (r * width + c, r * width + c + step)
        for r in range(height)
        for c in range(width)
        for step in (1, width)
        if (step == 1 and c + 1 < width) or (step == width and r + 1 < height)
    ]
    problem = dlx.ExactCover(range(height * width), options=rows)
    _built(problem.links())
    return problem


def run_queens_list(links: Any) -> Result:
    import dlx

    search = dlx.Search(links)
    _exhaust(search)
    return _stats(search)


def build_colors() -> Any:
    import dlx

    problems = []
    for path in sorted((DATA / "knuth").glob("*.dlx")):
        problem = dlx.parse_dlx(path.read_text(), path.name)
        if problem.uses_colors:
            _built(problem.links())
            problems.append(problem)
    return problems


def run_colors(problems: Any, rounds: int = COLOR_ROUNDS) -> Result:
    total = dict.fromkeys(("nodes", "updates", "cleansings", "solutions"), 0)
    for _ in range(rounds):
        for problem in problems:
            search = problem.search()
            _exhaust(search)
            for key, value in _stats(search).items():
                total[key] += value
    return {**total, "problems": len(problems)}


def build_multiplicity(n: int = TWO_PER_LINE) -> Any:
    import dlx

    lines = [("r", i) for i in range(n)] + [("c", j) for j in range(n)]
    problem = dlx.ExactCover(lines, bounds=dict.fromkeys(lines, 2))
    for i in range(n):
        for j in range(n):
            problem.add_option([("r", i), ("c", j)])
    _built(problem.links())
    return problem


def run_multiplicity(problem: Any) -> Result:
    search = problem.search(count_only=True)
    _exhaust(search)
    return _stats(search)


def sudoku_puzzles() -> list[str]:
    """Norvig's top95 and the first five of his hardest: 100 hard puzzles, no repeats.

    Imports :mod:`sudoku` too, so that importing it (and dlx) is building,
    not searching: a change to what the packages import must not count
    as a change to the search.
    """
    import sudoku  # noqa: F401

    top95 = (DATA / "sudoku9_norvig_top95.txt").read_text().split()
    hardest = (DATA / "sudoku9_norvig_hardest.txt").read_text().split()
    puzzles = top95 + hardest[: SUDOKU_COUNT - len(top95)]
    if len(set(puzzles)) != SUDOKU_COUNT:
        raise SystemExit("sudoku9: the puzzles are not 100 different ones")
    return puzzles


def _digest(answers: list[str]) -> str:
    return hashlib.sha256("\n".join(answers).encode()).hexdigest()[:16]


def run_sudoku9(puzzles: list[str]) -> Result:
    import sudoku

    answers = [sudoku.solve(puzzle) for puzzle in puzzles]
    return {"puzzles": len(answers), "answers": _digest(answers)}


def side_sudoku9(puzzles: list[str]) -> Result:
    """The search ``sudoku.solve`` runs, with its statistics (not measured)."""
    import sudoku

    total = dict.fromkeys(("nodes", "updates", "cleansings", "solutions"), 0)
    answers: list[str] = []
    for puzzle in puzzles:
        encoding = sudoku.encode(sudoku.Grid.parse(puzzle))
        search = encoding.problem.search(limit=1)
        first = next(search)
        answer = encoding.grid.render(encoding.decode(first))
        assert isinstance(answer, str)
        answers.append(answer)
        for key, value in _stats(search).items():
            total[key] += value
    return {**total, "puzzles": len(answers), "answers": _digest(answers)}


@dataclass(frozen=True)
class Workload:
    what: str
    build: Callable[[], Any]
    run: Callable[[Any], Result]
    side: Callable[[Any], Result] | None = None


WORKLOADS = {
    "queens-packed": Workload(
        f"{QUEENS} queens counted, packed form", build_queens_packed, run_count
    ),
    "queens-list": Workload(
        f"{QUEENS} queens, list form, solutions yielded",
        build_queens_list,
        run_queens_list,
    ),
    "colors": Workload(
        f"knuth/*.dlx with colours, {COLOR_ROUNDS} rounds", build_colors, run_colors
    ),
    "multiplicity": Workload(
        f"two per line {TWO_PER_LINE}x{TWO_PER_LINE}, Algorithm M",
        build_multiplicity,
        run_multiplicity,
    ),
    "sudoku9": Workload(
        f"sudoku.solve, {SUDOKU_COUNT} hard 9x9 (top95 + 5 hardest)",
        sudoku_puzzles,
        run_sudoku9,
        side_sudoku9,
    ),
    "queens10-packed": Workload(
        f"{SMALL_QUEENS} queens counted, packed form",
        build_queens10_packed,
        run_count,
    ),
    "queens10-list": Workload(
        f"{SMALL_QUEENS} queens, list form, solutions yielded",
        build_queens10_list,
        run_queens_list,
    ),
    "colors-4": Workload(
        f"knuth/*.dlx with colours, {SMALL_COLOR_ROUNDS} rounds",
        build_colors,
        lambda problems: run_colors(problems, SMALL_COLOR_ROUNDS),
    ),
    "multiplicity-5": Workload(
        f"two per line {SMALL_TWO_PER_LINE}x{SMALL_TWO_PER_LINE}, Algorithm M",
        lambda: build_multiplicity(SMALL_TWO_PER_LINE),
        run_multiplicity,
    ),
    "dense-count": Workload(
        "dense random problem (28 items, 120 options) counted",
        build_dense,
        run_count,
    ),
    "dominoes-count": Workload(
        "domino tilings of 4x10 counted", build_dominoes, run_count
    ),
    **{
        f"pento-{form}-{budget}": Workload(
            f"3x20 pentominoes, {form} form, {budget} nodes",
            build_pentominoes,
            pentominoes_on(form, budget),
        )
        for form in ("marks", "wide", "plain")
        for budget in PENTOMINO_BUDGETS
    },
}

#: The loop forms measured per update and per node (``--per-form``): the
#: smaller and the larger workload of each, on the same loop.
FORM_PAIRS = {
    "X packed (12/10 queens)": ("queens10-packed", "queens-packed"),
    "X plain, list (12/10 queens)": ("queens10-list", "queens-list"),
    "X marks (3x20 pentominoes)": ("pento-marks-3000", "pento-marks-9000"),
    "X wide (3x20 pentominoes)": ("pento-wide-3000", "pento-wide-9000"),
    "X plain, list (3x20 pentominoes)": ("pento-plain-3000", "pento-plain-9000"),
    "C colored (knuth, 12/4 rounds)": ("colors-4", "colors"),
    "M multiplicity (two per line 6/5)": ("multiplicity-5", "multiplicity"),
}


def per_form(results: dict[str, Result]) -> list[tuple[str, str, str, str]]:
    """Instructions per update and per node of each pair measured, as table rows.

    The difference of the pair's instructions over the difference of their
    updates (and nodes): what the loop costs per step, start-up excluded.
    """
    rows = [("loop form", "instructions", "per update", "per node")]
    for title, (small, large) in FORM_PAIRS.items():
        if small not in results or large not in results:
            continue
        a, b = results[small], results[large]
        extra = b["instructions"] - a["instructions"]
        updates = b["stats"]["updates"] - a["stats"]["updates"]
        nodes = b["stats"]["nodes"] - a["stats"]["nodes"]
        rows.append(
            (
                title,
                f"{extra:,}",
                f"{extra / updates:,.0f}" if updates else "-",
                f"{extra / nodes:,.0f}" if nodes else "-",
            )
        )
    return rows


def print_rows(rows: Sequence[tuple[str, ...]]) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print(
            "  ".join(
                cell.ljust(width) if i == 0 else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(row, widths, strict=True))
            )
        )


def _import_everything(tree: Path) -> None:
    """Import every module of the tree's dlx and sudoku, in both processes.

    The packages load a way's modules when the way first runs (start-up,
    issue 46), so without this the searching process alone would pay
    their imports, and the difference would count them as search (it
    did: +7 to +13 % on the small workloads, from imports alone).  A
    module that cannot be imported here (an extra not installed) is left
    out of both.
    """
    import contextlib
    import importlib
    import pkgutil

    for package in ("dlx", "sudoku"):
        for module in sorted(pkgutil.iter_modules([str(tree / package)])):
            if module.name.startswith("__"):
                continue
            with contextlib.suppress(ImportError):
                importlib.import_module(f"{package}.{module.name}")


def child(name: str, tree: Path, build_only: bool, side: bool) -> None:
    """The body of a child process: build, and unless ``build_only`` search."""
    sys.path[:0] = [str(tree), str(tree / "tests")]
    _import_everything(tree)
    workload = WORKLOADS[name]
    state = workload.build()
    if build_only:
        print(json.dumps({"built": name}))
        return
    started = time.perf_counter()
    result = workload.run(state)
    seconds = time.perf_counter() - started
    if side:
        import dlx

        result = {
            "result": result,
            "seconds": seconds,
            "dlx": str(Path(dlx.__file__).resolve().parent.parent),
        }
        if workload.side is not None:
            result["side"] = workload.side(state)
    print(json.dumps(result))


# -- the measuring parent ------------------------------------------------------


@dataclass
class Environment:
    tree: Path
    cache: Path

    def variables(self) -> dict[str, str]:
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("PYTHON", "VALGRIND"))
        }
        env.update(
            PYTHONPATH=str(self.tree),
            PYTHONHASHSEED="0",
            PYTHONPYCACHEPREFIX=str(self.cache),
        )
        return env


def _child_command(name: str, env: Environment, *flags: str) -> list[str]:
    return [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        name,
        "--tree",
        str(env.tree),
        *flags,
    ]


def _run(command: list[str], env: Environment) -> str:
    import subprocess

    done = subprocess.run(
        command, capture_output=True, text=True, env=env.variables(), check=False
    )
    if done.returncode != 0:
        raise SystemExit(
            f"failed ({done.returncode}): {' '.join(command)}\n{done.stderr}"
        )
    return done.stdout


def native(name: str, env: Environment) -> Result:
    """A plain run of the workload: fills the bytecode cache, gives the statistics."""
    out: Result = json.loads(_run(_child_command(name, env, "--side"), env))
    if not Path(out["dlx"]).samefile(env.tree):
        raise SystemExit(f"{name}: dlx imported from {out['dlx']}, not {env.tree}")
    return out


def callgrind(name: str, env: Environment, build_only: bool) -> tuple[int, str]:
    """Instructions of one child process under callgrind, and what it printed."""
    import re
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".log") as log:
        command = [
            VALGRIND,
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            f"--log-file={log.name}",
            *_child_command(name, env, *(["--build-only"] if build_only else [])),
        ]
        out = _run(command, env)
        text = Path(log.name).read_text()
    found = re.search(r"Collected : (\d+)", text)
    if found is None:
        raise SystemExit(f"{name}: no 'Collected' line in callgrind's log:\n{text}")
    return int(found.group(1)), out


def measure(name: str, env: Environment, jobs: int) -> tuple[int, Result]:
    """The search's instructions (searching minus building) and its result."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(jobs) as pool:
        built = pool.submit(callgrind, name, env, True)
        searched = pool.submit(callgrind, name, env, False)
        base, _ = built.result()
        total, out = searched.result()
    return total - base, json.loads(out)


def git_commits(tree: Path) -> tuple[str, str]:
    """The tree's commit (``+dirty`` with changes to the measured code) and the
    last commit that changed the measured code."""
    import subprocess

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", "-C", str(tree), *args], capture_output=True, text=True
        )
        return done.stdout.strip() if done.returncode == 0 else ""

    commit = git("rev-parse", "HEAD") or "unknown"
    dirty = git(
        "status",
        "--porcelain",
        "--untracked-files=no",
        "--",
        *MEASURED,
    )
    sources = git("log", "-1", "--format=%H", "--", *MEASURED) or "unknown"
    return commit + ("+dirty" if dirty else ""), sources


def valgrind_version() -> str:
    import subprocess

    done = subprocess.run([VALGRIND, "--version"], capture_output=True, text=True)
    return done.stdout.strip()


def measure_all(
    names: list[str], tree: Path, repeat: int, jobs: int
) -> dict[str, Result]:
    import tempfile

    results: dict[str, Result] = {}
    with tempfile.TemporaryDirectory(prefix="pydlx-instr-") as cache:
        env = Environment(tree.resolve(), Path(cache))
        for name in names:
            started = time.perf_counter()
            plain = native(name, env)
            stats = dict(plain["result"])
            if "side" in plain:
                side = plain["side"]
                if side["answers"] != stats["answers"]:
                    raise SystemExit(f"{name}: the statistics run found other answers")
                stats.update(side)
            runs = []
            for _ in range(repeat):
                instructions, out = measure(name, env, jobs)
                if out != plain["result"]:
                    raise SystemExit(f"{name}: under callgrind {out}, plainly {plain}")
                runs.append(instructions)
            results[name] = {
                "what": WORKLOADS[name].what,
                "instructions": round(sum(runs) / len(runs)),
                "runs": runs,
                "stats": stats,
                "native_seconds": round(plain["seconds"], 3),
            }
            spread = f", spread {spread_of(runs)} % over {repeat}" if repeat > 1 else ""
            print(
                f"  {name}: {results[name]['instructions']:,} instructions{spread}"
                f" (natively {plain['seconds']:.2f} s; took"
                f" {time.perf_counter() - started:.0f} s)",
                file=sys.stderr,
            )
    return results


def header(tree: Path) -> Result:
    commit, sources = git_commits(tree)
    return {
        "python": sys.version.split()[0],
        "implementation": sys.implementation.name,
        "valgrind": valgrind_version(),
        "tree": str(tree.resolve()),
        "commit": commit,
        "sources": sources,
    }


def spread_of(runs: list[int]) -> str:
    if len(runs) < 2:
        return "-"
    return f"{(max(runs) - min(runs)) / min(runs) * 100:.3f}"


def check(
    baseline: Result, now: dict[str, Result], now_header: Result, tolerance: float
) -> int:
    """Print the table of changes; 1 when a workload is off, else 0."""
    for key in ("python", "implementation", "valgrind"):
        if baseline.get(key) != now_header[key]:
            print(
                f"warning: {key} {now_header[key]} here, {baseline.get(key)} in the"
                " baseline: instruction counts are not comparable",
                file=sys.stderr,
            )
    for key in ("commit", "sources"):
        print(f"{key}: baseline {baseline.get(key)}, now {now_header[key]}")
    rows = [("workload", "baseline", "now", "change %", "spread %", "")]
    failed = 0
    for name, result in now.items():
        old = baseline["workloads"].get(name)
        if old is None:
            rows.append((name, "-", f"{result['instructions']:,}", "", "", "NEW"))
            continue
        change = (result["instructions"] - old["instructions"]) / old["instructions"]
        verdict = "ok"
        if old.get("what") != result["what"]:
            verdict = "OTHER WORKLOAD"
        elif old["stats"] != result["stats"]:
            verdict = "STATS DIFFER"
        elif abs(change) * 100 > tolerance:
            verdict = "OUT OF TOLERANCE"
        failed += verdict != "ok"
        rows.append(
            (
                name,
                f"{old['instructions']:,}",
                f"{result['instructions']:,}",
                f"{change * 100:+.3f}",
                spread_of(result["runs"]),
                verdict,
            )
        )
        if verdict == "STATS DIFFER":
            rows.append(("", "", "", "", "", f"was {old['stats']}"))
            rows.append(("", "", "", "", "", f"now {result['stats']}"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print(
            "  ".join(
                cell.ljust(width) if i in (0, 5) else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
        )
    print(f"tolerance ±{tolerance} %: {'FAILED' if failed else 'passed'}")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--record", metavar="FILE", type=Path, help="write a baseline")
    mode.add_argument("--check", metavar="FILE", type=Path, help="compare with one")
    mode.add_argument("--child", metavar="NAME", help=argparse.SUPPRESS)
    parser.add_argument(
        "--tolerance", type=float, default=1.0, help="per cent (default 1.0)"
    )
    parser.add_argument("--only", help="workloads, comma-separated (default all)")
    parser.add_argument(
        "--per-form",
        action="store_true",
        help="also print instructions per update and per node of each loop form"
        " (the pairs measured; with --check, the baseline's beside)",
    )
    parser.add_argument(
        "--tree",
        type=Path,
        default=ROOT,
        help="the checkout whose dlx, sudoku and tests/dlx_helpers.py to measure",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="measure each workload this many times, keep the mean (default 1)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="callgrind processes at once (default 2)",
    )
    parser.add_argument("--build-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--side", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        child(args.child, args.tree, args.build_only, args.side)
        return 0
    names = list(WORKLOADS) if args.only is None else args.only.split(",")
    unknown = sorted(set(names) - set(WORKLOADS))
    if unknown:
        parser.error(f"unknown workloads {unknown}; known: {', '.join(WORKLOADS)}")
    if not (args.tree / "dlx" / "__init__.py").is_file():
        parser.error(f"{args.tree} has no dlx package")
    baseline: Result | None = None
    if args.check is not None:
        baseline = json.loads(args.check.read_text())
    started = time.perf_counter()
    now_header = header(args.tree)
    print(f"measuring {now_header['tree']} ({now_header['commit']})", file=sys.stderr)
    results = measure_all(names, args.tree, args.repeat, args.jobs)
    print(f"{time.perf_counter() - started:.0f} s in all", file=sys.stderr)
    if args.per_form:
        if baseline is not None:
            print("per loop form, the baseline:")
            print_rows(per_form(baseline["workloads"]))
        print("per loop form, now:")
        print_rows(per_form(results))
    if baseline is None:
        record = {**now_header, "workloads": results}
        args.record.write_text(json.dumps(record, indent=2) + "\n")
        print(f"wrote {args.record}")
        return 0
    return check(baseline, results, now_header, args.tolerance)


if __name__ == "__main__":
    sys.exit(main())
