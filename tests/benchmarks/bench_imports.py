"""Start-up cost: CPU time of importing pydlx and of starting its commands.

Each case runs in a fresh interpreter, interleaved with a bare one
(``python -c pass``), and the report gives the median CPU time (user +
system, from ``resource.getrusage(RUSAGE_CHILDREN)``) of each case minus
the bare interpreter's median, in milliseconds.  Issue 31 asks for at most
25 ms above the bare interpreter for every line.

``python tests/benchmarks/bench_imports.py [--rounds 20] [--python PATH]
[--baseline DIR]``: ``--baseline`` measures another checkout in the same
rounds (before and after a change, under the same load); ``--importtime``
also prints the twenty slowest modules of each import
(``python -X importtime``).
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument(
        "--baseline", type=Path, help="another checkout, measured in the same rounds"
    )
    parser.add_argument("--importtime", action="store_true")
    options = parser.parse_args()
    trees = [ROOT] if options.baseline is None else [ROOT, options.baseline.resolve()]
    with tempfile.TemporaryDirectory() as cache:
        envs = [environment(tree, f"{cache}/{k}") for k, tree in enumerate(trees)]
        labels = [label for label, _ in cases(ROOT)]
        bare: list[float] = []
        times: list[dict[str, list[float]]] = [{n: [] for n in labels} for _ in trees]
        for env, tree in zip(envs, trees, strict=True):
            for _, args in cases(tree):  # compile once, outside the measurements
                cpu_ms(options.python, args, env)
        for _ in range(options.rounds):
            for k, (env, tree) in enumerate(zip(envs, trees, strict=True)):
                for label, args in cases(tree):
                    bare.append(cpu_ms(options.python, ["-c", "pass"], env))
                    times[k][label].append(cpu_ms(options.python, args, env))
        base = statistics.median(bare)
        print(f"bare interpreter: {base:.1f} ms CPU (median of {len(bare)})")
        print(f"CPU ms above it, median of {options.rounds} rounds:")
        heads = ["this tree"] + (["baseline"] if len(trees) > 1 else [])
        print(f"{'':32}" + "".join(f"{head:>12}" for head in heads))
        for label in labels:
            cells = [statistics.median(kept[label]) - base for kept in times]
            print(f"{label:32}" + "".join(f"{cell:12.1f}" for cell in cells))
        if options.importtime:
            importtime(options.python, envs[0])


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
