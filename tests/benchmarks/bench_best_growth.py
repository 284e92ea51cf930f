"""``dlx --best 1`` against ``dlx --count --limit 1`` as the items grow: issue 31's third growth row.

Usage::

    python tests/benchmarks/bench_best_growth.py [--quick] [--rounds N] [--json OUT]

The problem: ``n`` items, each with two options of its own costing 0 and 1,
so that the first solution (the cheapest) is ``n`` levels deep.  Each size
runs the two commands as processes on the same file, rounds interleaved,
and takes the CPU time of each (user + system, of the child), median over
the rounds; the ``--best 1`` run also in the ``cost`` form named
(``Search(form="cost")``, DLX5's walk over every item at every node) while
that stays under a few seconds.  Prints a table and the ratio of
``--best 1`` to ``--count --limit 1`` at the largest size (the target:
within 3× at 100,000 items).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIZES = (2_500, 5_000, 10_000, 25_000, 50_000, 100_000)
QUICK = (2_500, 10_000, 100_000)
#: The ``cost`` form is run up to this many items (it grows as n squared).
WALK_UP_TO = 10_000
TARGET = 3.0
#: The ``cost`` form named, for the whole command: the form is a parameter
#: of the library only, so this child searches as ``dlx --best 1`` does.
WALKED = """
import sys
from dlx import read_dlx
from dlx.engine import CostSearch
with open(sys.argv[1]) as file:
    problem = read_dlx(file)
search = CostSearch(problem.links(), keep=1, form="cost")
for _ in search:
    pass
print(search.best()[0][0])
"""


def write_levels(folder: Path, n: int) -> Path:
    path = folder / f"levels{n}.dlx"
    with path.open("w") as out:
        out.write(" ".join(f"i{k}" for k in range(n)) + "\n")
        for k in range(n):
            out.write(f"i{k} |0\ni{k} |1\n")
    return path


def cpu_of(argv: list[str]) -> float:
    """The CPU seconds (user + system) of a child process running ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        argv,
        check=True,
        stdout=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="three sizes, one round")
    parser.add_argument("--rounds", type=int, default=None, help="default 3 (quick 1)")
    parser.add_argument("--json", metavar="OUT", help="write the measurements here")
    args = parser.parse_args(argv)
    rounds = args.rounds or (1 if args.quick else 3)
    sizes = QUICK if args.quick else SIZES
    python = sys.executable
    runs = {
        "best": lambda path: [python, "-m", "dlx", "--best", "1", str(path)],
        "count": lambda path: [
            python,
            "-m",
            "dlx",
            "--count",
            "--limit",
            "1",
            str(path),
        ],
        "best, cost form": lambda path: [python, "-c", WALKED, str(path)],
    }
    times: dict[tuple[str, int], list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        files = {n: write_levels(Path(folder), n) for n in sizes}
        for r in range(rounds):
            names = list(runs)
            names = names[r % len(names) :] + names[: r % len(names)]
            for n, path in files.items():
                for name in names:
                    if name == "best, cost form" and n > WALK_UP_TO:
                        continue
                    times.setdefault((name, n), []).append(cpu_of(runs[name](path)))
            print(f"round {r + 1} of {rounds} done", file=sys.stderr)
    median = {key: statistics.median(values) for key, values in times.items()}
    print(
        f"{sys.implementation.name} {sys.version.split()[0]}: CPU seconds of the "
        f"whole command, median of {rounds} round(s)"
    )
    print(
        f"{'items':>8}  {'--best 1':>9}  {'cost form':>9}  {'--count --limit 1':>17}  ratio"
    )
    for n in sizes:
        walked = median.get(("best, cost form", n))
        best, count = median["best", n], median["count", n]
        print(
            f"{n:>8,}  {best:>9.2f}  {'' if walked is None else f'{walked:.2f}':>9}  "
            f"{count:>17.2f}  {best / count:.2f}×"
        )
    largest = sizes[-1]
    ratio = median["best", largest] / median["count", largest]
    verdict = "within" if ratio <= TARGET else "beyond"
    print(
        f"--best 1 / --count --limit 1 at {largest:,} items: {ratio:.2f}× ({verdict} {TARGET:g}×)"
    )
    if args.json:
        record = {
            "python": sys.version.split()[0],
            "rounds": rounds,
            "seconds": [
                {"run": name, "items": n, "cpu": value}
                for (name, n), value in median.items()
            ],
            "ratio": ratio,
        }
        Path(args.json).write_text(json.dumps(record, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
