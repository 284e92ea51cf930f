"""Sudoku variants: what the extra units cost, and that plain grids lost nothing.

Two measurements, rounds interleaved, each in a child process of its own:

* plain 9x9 puzzles (the first ``--n`` of magictour top1465 and of the
  17-clue set in ``../shared/data``), encoded only and solved, in this
  tree and, with ``--baseline DIR``, in another tree (e.g. a worktree of
  main): the ratio is this tree's best time over the baseline's (best of the
  rounds: the machine is shared, and the best round is the least disturbed);
* the same number of 9x9 puzzles of each variant (X, windoku, X+windoku,
  a jigsaw map), made in the run from a full grid of the variant with a
  fixed seed (about 30 givens each), solved with ``unique=True``.

::

    PYTHONPATH=. python tests/benchmarks/bench_variants.py --baseline /work/main
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1] / ".." / "shared" / "data"
SETS = {
    "top1465": "sudoku9_magictour_top1465.txt",
    "17clue": "sudoku9_17clue_royle.txt",
}


def _jigsaw9() -> str:
    """A 9x9 jigsaw map that has solutions: the boxes, with some cells traded.

    Two cells that hold the same digit in a solution of the empty grid
    trade their boxes, so that grid still solves the map (the regions need
    not be connected for the solver).
    """
    solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    cells = [chr(65 + (r // 3) * 3 + c // 3) for r in range(9) for c in range(9)]
    for first, second in ((0, 1), (4, 5), (6, 7), (2, 5), (3, 6)):
        a = next(k for k in range(81) if cells[k] == chr(65 + first))
        b = next(
            k
            for k in range(81)
            if cells[k] == chr(65 + second) and solution[k] == solution[a]
        )
        cells[a], cells[b] = cells[b], cells[a]
    return "".join(cells)


JIGSAW9 = _jigsaw9()

CHILD = r"""
import json, random, sys, time
import sudoku
from sudoku.encoding import encode
from sudoku.grid import Grid

kind, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
if kind == "plain":
    lines = [l.strip() for l in open(path) if len(l.strip()) == 81][:n]
    grids = [Grid.parse(l) for l in lines]
    for g in grids[:20]:  # warm up: caches, and the interpreter's own
        encode(g)
        sudoku.solve(g.render())
    t = time.perf_counter()
    for g in grids:
        encode(g)
    enc = time.perf_counter() - t
    t = time.perf_counter()
    for l in lines:
        sudoku.solve(l)
    print(json.dumps({"encode": enc / n, "solve": (time.perf_counter() - t) / n}))
else:
    variant = None if kind == "jigsaw" else kind
    regions = path if kind == "jigsaw" else None
    full = sudoku.solve("." * 81, variant=variant, regions=regions)
    rng = random.Random(12)
    puzzles = []
    for _ in range(n):
        order = list("123456789")
        rng.shuffle(order)
        relabel = dict(zip("123456789", order))
        puzzles.append("".join(relabel[ch] if rng.random() < 0.37 else "." for ch in full))
    t = time.perf_counter()
    unique = 0
    for p in puzzles:
        try:
            sudoku.solve(p, variant=variant, regions=regions, unique=True)
            unique += 1
        except sudoku.MultipleSolutionsError:
            pass
    print(json.dumps({"solve": (time.perf_counter() - t) / n, "unique": unique}))
"""


def child(tree: str, kind: str, path: str, n: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": tree}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, kind, path, str(n)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result: dict[str, float] = json.loads(out)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="DIR", help="a tree to compare with")
    parser.add_argument("--n", type=int, default=300, help="puzzles per set")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    here = str(HERE.parents[1])
    trees = {"this": here}
    if args.baseline:
        trees["baseline"] = args.baseline
    plain: dict[tuple[str, str], list[dict[str, float]]] = {}
    kinds = ("x", "windoku", "x+windoku", "jigsaw")
    variants: dict[str, list[dict[str, float]]] = {k: [] for k in kinds}
    for _ in range(args.rounds):
        for name, file in SETS.items():
            for label, tree in trees.items():
                plain.setdefault((name, label), []).append(
                    child(tree, "plain", str(DATA / file), args.n)
                )
        for kind in kinds:
            variants[kind].append(
                child(here, kind, JIGSAW9 if kind == "jigsaw" else "", args.n)
            )
    print("| set | tree | encode (µs/puzzle) | solve (ms/puzzle) |")
    print("| --- | --- | ---: | ---: |")
    for (name, label), runs in plain.items():
        enc = min(r["encode"] for r in runs) * 1e6
        sol = min(r["solve"] for r in runs) * 1e3
        print(f"| {name} | {label} | {enc:.0f} | {sol:.2f} |")
    if args.baseline:
        for name in SETS:
            for what in ("encode", "solve"):
                this = min(r[what] for r in plain[(name, "this")])
                base = min(r[what] for r in plain[(name, "baseline")])
                print(f"{name}: {what} time this/baseline = {this / base:.3f}")
    print("\n| variant | solve, unique=True (ms/puzzle) | unique puzzles |")
    print("| --- | ---: | ---: |")
    for kind, runs in variants.items():
        sol = statistics.median(r["solve"] for r in runs) * 1e3
        print(f"| {kind} | {sol:.2f} | {int(runs[0]['unique'])}/{args.n} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
