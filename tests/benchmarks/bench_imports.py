"""Start-up cost: CPU time of importing pydlx and of starting its commands.

Each case runs in a fresh interpreter, interleaved with a bare one
(``python -c pass``), and the report gives the median CPU time (user +
system, from ``resource.getrusage(RUSAGE_CHILDREN)``) of each case minus
the bare interpreter's median, in milliseconds (``--statistic min``: the
least of the rounds instead, the figure least moved by other load).  Issues 31 and 46 ask for
at most 25 ms above the bare interpreter for every import.

``python tests/benchmarks/bench_imports.py [--rounds 20] [--python PATH]...
[--baseline DIR] [--imports-only] [--statistic min]``: each ``--python`` (the running
interpreter by default) is a column, so that CPython and PyPy are
measured in the same rounds (``--python python3 --python
/opt/pypy311/bin/pypy3``), each against its own bare start;
``--baseline`` adds a column per interpreter for another checkout
(before and after a change, under the same load); ``--imports-only``
keeps the four imports and leaves the commands' runs out;
``--importtime`` also prints the twenty slowest modules of each import
of the first interpreter (``python -X importtime``).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cases(tree: Path) -> list[tuple[str, list[str]]]:
    """(label, arguments after the interpreter) of each start measured in ``tree``."""
    knuth = tree / "docs" / "examples" / "knuth.dlx"
    sudoku9 = tree / "docs" / "examples" / "sudoku9.in"
    return [
        ("import dlx", ["-c", "import dlx"]),
        ("import sudoku", ["-c", "import sudoku"]),
        ("import dlx.cli", ["-c", "import dlx.cli"]),
        ("import sudoku.cli", ["-c", "import sudoku.cli"]),
        ("python -m dlx --help", ["-m", "dlx", "--help"]),
        ("python -m sudoku --help", ["-m", "sudoku", "--help"]),
        ("python -m dlx knuth.dlx", ["-m", "dlx", str(knuth)]),
        ("python -m sudoku sudoku9.in", ["-m", "sudoku", str(sudoku9)]),
    ]


def environment(tree: Path, cache: str) -> dict[str, str]:
    """The runs' environment: ``tree`` first on the path, and byte code
    written to and read from ``cache`` (a stale or missing ``__pycache__``,
    or ``PYTHONDONTWRITEBYTECODE``, would add the compiler's time)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONPYCACHEPREFIX": cache}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def cpu_ms(python: str, args: list[str], env: dict[str, str]) -> float:
    """CPU time (user + system) in ms of one run of ``python args``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [python, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        cwd=env["PYTHONPATH"],
        env=env,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def implementation(python: str) -> str:
    """``python``'s name and version, e.g. ``CPython 3.11.7`` or ``PyPy 3.11.11``."""
    return subprocess.run(
        [
            python,
            "-c",
            "import platform; print(platform.python_implementation(),"
            " platform.python_version())",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument(
        "--python",
        action="append",
        help="an interpreter to measure (again for more: one column each;"
        " default: this one)",
    )
    parser.add_argument(
        "--baseline", type=Path, help="another checkout, measured in the same rounds"
    )
    parser.add_argument(
        "--imports-only",
        action="store_true",
        help="only the four imports, not the commands' runs",
    )
    parser.add_argument(
        "--statistic",
        choices=["median", "min"],
        default="median",
        help="the figure of each case and of the bare start over the rounds",
    )
    parser.add_argument("--importtime", action="store_true")
    options = parser.parse_args()
    # The runs start in the tree measured: a relative path would not hold.
    pythons = [
        os.path.abspath(python) if os.sep in python else python
        for python in options.python or [sys.executable]
    ]
    trees = [ROOT] if options.baseline is None else [ROOT, options.baseline.resolve()]
    # One column per interpreter and tree, each with its own bare start.
    columns = [(python, tree) for python in pythons for tree in trees]
    with tempfile.TemporaryDirectory() as cache:
        envs = [
            environment(tree, f"{cache}/{k}") for k, (_, tree) in enumerate(columns)
        ]
        kept = cases(ROOT)[:4] if options.imports_only else cases(ROOT)
        labels = [label for label, _ in kept]
        bare: list[list[float]] = [[] for _ in columns]
        times: list[dict[str, list[float]]] = [{n: [] for n in labels} for _ in columns]
        for env, (python, tree) in zip(envs, columns, strict=True):
            for label, args in cases(tree):  # compile once, outside the measurements
                if label in labels:
                    cpu_ms(python, args, env)
        for _ in range(options.rounds):
            for k, (env, (python, tree)) in enumerate(zip(envs, columns, strict=True)):
                for label, args in cases(tree):
                    if label in labels:
                        bare[k].append(cpu_ms(python, ["-c", "pass"], env))
                        times[k][label].append(cpu_ms(python, args, env))
        figure = statistics.median if options.statistic == "median" else min
        bases = [figure(column) for column in bare]
        names = {python: implementation(python) for python in pythons}
        print(
            f"CPU ms above a bare interpreter, {options.statistic}"
            f" of {options.rounds} rounds:"
        )
        for (python, tree), base in zip(columns, bases, strict=True):
            where = "this tree" if tree == ROOT else f"baseline {tree}"
            print(f"  {names[python]}, {where}: bare {base:.1f} ms ({python})")
        heads = [
            names[python].split()[0] + ("" if tree == ROOT else " base")
            for python, tree in columns
        ]
        print(f"{'':32}" + "".join(f"{head:>14}" for head in heads))
        for label in labels:
            cells = [
                figure(column[label]) - base
                for column, base in zip(times, bases, strict=True)
            ]
            print(f"{label:32}" + "".join(f"{cell:14.1f}" for cell in cells))
        if options.importtime:
            importtime(pythons[0], envs[0])


def importtime(python: str, env: dict[str, str]) -> None:
    """The twenty slowest imports of each package and command module."""
    for module in ("dlx", "sudoku", "dlx.cli", "sudoku.cli"):
        result = subprocess.run(
            [python, "-X", "importtime", "-c", f"import {module}"],
            capture_output=True,
            text=True,
            check=False,
            env=env,
        )
        rows = [
            line.split("|")
            for line in result.stderr.splitlines()
            if line.startswith("import time:") and "self" not in line
        ]
        rows.sort(key=lambda row: -int(row[1]))
        print(f"\n-X importtime, import {module} (cumulative µs, module):")
        for row in rows[:20]:
            print(f"{int(row[1]):10} {row[2].rstrip()}")


if __name__ == "__main__":
    main()
