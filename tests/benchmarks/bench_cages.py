"""Killer sudoku and KenKen: the time to solve and prove unique, per cage encoding.

The puzzles are those of ``docs/examples/killer.txt`` (9x9 killers, no
givens) and ``docs/examples/kenken.txt`` (9x9 KenKen, latin squares, no
givens), made by this script (``--make``) and each proved unique.  Each
puzzle is encoded (:func:`sudoku.encode` with ``cages=``) and its
solutions counted up to 2, which solves it and proves it unique, once per
encoding of cages (``cage_encoding``, see :mod:`sudoku.cages`):

* ``mixed`` (the default, what :func:`sudoku.solve` does): an option per
  way of filling a cage for the cages with at most
  :data:`sudoku.encoding.MOST_PLACEMENTS` ways, the combinations of the
  others joined to the cells by items (Algorithm X), with the implied
  cages (the law of 45) and the pruning before the search;
* the same without the implied cages, and without the pruning
  (``propagate=False``);
* ``mixed`` with 20 and with 200 fillings at most as options;
* ``sets``: every cage by its combinations; ``colours``: the same joined
  by colours (Algorithm C); ``placements``: every cage given by its
  fillings (the implied cages by their combinations), and without the
  implied cages.

Each puzzle's search is capped (``--cap``, 10 s by default): a puzzle past
it counts as a timeout, and its time as the cap.  Times are CPU times
(encoding and search), medians and largest over the puzzles; a baseline
(Norvig's top95 solved by :func:`sudoku.solve`) runs first, to compare
runs on a shared machine.  Targets (issue): a median of at most 0.5 s
and at most 10 s for each puzzle, with the default encoding.  ``--sets
tarek`` measures the 17 hard killers of tarek's that
``tests/data/cages_killer_sigh_tarek.txt`` holds (published, with their
solutions), which the targets were not set on.  With the ``sat`` extra
installed, ``sudoku.solve(unique=True, method="sat")`` is measured too
(``--only sat`` for it alone among the rows of ``sudoku.solve``).

::

    PYTHONPATH=. python tests/benchmarks/bench_cages.py
    PYTHONPATH=. python tests/benchmarks/bench_cages.py --only sets --cap 30
    PYTHONPATH=. python tests/benchmarks/bench_cages.py --sets tarek --cap 60 \
        --only 'mixed (the default),sets,colours,placements'
    PYTHONPATH=. python tests/benchmarks/bench_cages.py --make killer --count 24 --seed 1

``--make`` writes puzzles in the text form of the example files to
standard output (and how each went to standard error), made by the
library: :func:`sudoku.generate_puzzle` with ``cages="killer"``, or
``cages="arithmetic"`` and ``variant="latin"`` for KenKen (see
:mod:`sudoku.generator`: a random complete grid cut into random connected
cages of 2 to 5 cells, changed where a second solution differs until the
grid is the only one), written as ``sudoku generate --cages`` writes them
(:func:`sudoku.generator.cage_text`).  A seed is given up when no grid
of its tries takes cages with one solution.  The example files were made
by this script's earlier maker, which ``sudoku.generator`` grew from: the
same seeds now make other puzzles.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import sudoku
from dlx import BudgetExceeded
from sudoku import Grid, encode, encoding, regions_of
from sudoku.cages import read_cage_map, read_cage_text, read_cages
from sudoku.encoding import MOST_PLACEMENTS
from sudoku.generator import Generated, cage_text

ROOT = Path(__file__).resolve().parents[2]

BASELINE = ROOT / "tests" / "data" / "sudoku9_norvig_top95.txt"
EXAMPLES = ROOT / "docs" / "examples"

#: The encodings measured: name, cage_encoding, implied, propagate, and
#: for "mixed" the most fillings of a cage given as options.
ENCODINGS = (
    ("mixed (the default)", "mixed", True, True, MOST_PLACEMENTS),
    ("mixed, 20 fillings", "mixed", True, True, 20),
    ("mixed, 200 fillings", "mixed", True, True, 200),
    ("mixed, no implied cages", "mixed", False, True, MOST_PLACEMENTS),
    ("mixed, no pruning", "mixed", True, False, MOST_PLACEMENTS),
    ("sets", "sets", True, True, 0),
    ("sets, no implied cages", "sets", False, True, 0),
    ("colours", "colours", True, True, 0),
    ("placements", "placements", True, True, 0),
    ("placements, no implied cages", "placements", False, True, 0),
)


# -- the text form ------------------------------------------------------------------


def read_examples(path: Path) -> list[tuple[list[str], list[tuple[object, ...]]]]:
    """The puzzles of an example file: (cage map lines, cages) each.

    A puzzle is a block of lines: N lines of cage labels, then one line of
    ``label=clue`` words; blocks are apart by a blank line, ``#`` starts a
    comment line.
    """
    puzzles = []
    block: list[str] = []
    for line in [*path.read_text().splitlines(), ""]:
        text = line.strip()
        if text.startswith("#"):
            continue
        if text:
            block.append(text)
            continue
        if block:
            puzzles.append((block[:-1], read_cage_map(block[:-1], block[-1])))
            block = []
    return puzzles


def read_published(path: Path) -> list[tuple[list[str], list[tuple[object, ...]]]]:
    """The connected-cage puzzles of a file of published puzzles in ``tests/data``.

    Blocks apart by blank lines, each in the form ``sudoku --cages``
    reads (its clues on one line or several); blocks marked ``# disjoint
    cages`` or with a ``# variant:`` line are left out, and so is a block
    without a map (a file's heading).
    """
    import re

    puzzles = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        rows = [line for line in lines if not line.startswith("#") and "=" not in line]
        if not rows or "# disjoint cages" in lines:
            continue
        if any(line.startswith("# variant:") for line in lines):
            continue
        puzzles.append((rows, read_cage_text(block).cages))
    return puzzles


#: The sets the benchmark can measure: name, reader of its file, ``variant=``.
SETS: dict[
    str,
    tuple[Callable[[], list[tuple[list[str], list[tuple[object, ...]]]]], str | None],
] = {
    "killer": (lambda: read_examples(EXAMPLES / "killer.txt"), None),
    "kenken": (lambda: read_examples(EXAMPLES / "kenken.txt"), "latin"),
    # tarek's hard killers, published with their solutions (tests/data/README.md).
    "tarek": (
        lambda: read_published(ROOT / "tests" / "data" / "cages_killer_sigh_tarek.txt"),
        None,
    ),
}


# -- making puzzles -----------------------------------------------------------------


def make(kind: str, seed: int, size: int = 9) -> tuple[Generated, float] | None:
    """One puzzle proved unique by the library's generator, and its CPU seconds; ``None`` when it fails.

    ``sudoku.generate_puzzle(cages=...)`` (see :mod:`sudoku.generator`);
    a seed is given up when no grid of its tries takes cages with one
    solution.
    """
    killer = kind == "killer"
    start = time.process_time()
    try:
        made = sudoku.generate_puzzle(
            seed=seed,
            cages="killer" if killer else "arithmetic",
            variant=None if killer else "latin",
            size=size,
        )
    except sudoku.SudokuError:
        return None
    return made, time.process_time() - start


# -- measuring ----------------------------------------------------------------------


def baseline() -> float:
    """CPU seconds to solve the 95 puzzles of top95."""
    puzzles = [
        line.strip() for line in BASELINE.read_text().splitlines() if line.strip()
    ]
    start = time.process_time()
    for puzzle in puzzles:
        sudoku.solve(puzzle)
    return time.process_time() - start


def measure(
    puzzles: list[tuple[list[str], list[tuple[object, ...]]]],
    variant: str | None,
    how: str,
    implied: bool,
    propagate: bool,
    cap: float,
) -> tuple[list[float], int]:
    """CPU seconds per puzzle (the cap for a timeout), and the number of timeouts."""
    times = []
    timeouts = 0
    for lines, clues in puzzles:
        size = len(lines)
        start = time.process_time()
        grid = Grid.parse("." * size * size, boxes=variant != "latin")
        units = regions_of(size, grid.box, variant)
        cages = read_cages(clues, size)
        enc = encode(
            grid,
            units=units,
            cages=cages,
            cage_encoding=how,
            implied=implied,
            propagate=propagate,
        )
        try:
            found = enc.problem.count(limit=2, timeout=cap)
        except BudgetExceeded:
            timeouts += 1
            times.append(cap)
            continue
        times.append(time.process_time() - start)
        assert found == 1, f"{found} solutions"
    return times, timeouts


def public(
    puzzles: list[tuple[list[str], list[tuple[object, ...]]]],
    variant: str | None,
    method: str = "dlx",
) -> list[float]:
    """CPU seconds per puzzle of ``sudoku.solve(unique=True, method=method)``.

    The SAT solver runs in the same process (a C library), so its time is
    in the process's CPU time too.
    """
    times = []
    for lines, clues in puzzles:
        size = len(lines)
        start = time.process_time()
        sudoku.solve(
            "." * size * size, cages=clues, variant=variant, unique=True, method=method
        )
        times.append(time.process_time() - start)
    return times


def sat_installed() -> bool:
    """Whether the ``sat`` extra is installed (``method="sat"`` can run)."""
    from dlx import sat

    return sat.available()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--make", choices=("killer", "kenken"))
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cap", type=float, default=10.0)
    parser.add_argument("--only", help="encodings to measure, by name, comma apart")
    parser.add_argument(
        "--sets",
        default="killer,kenken",
        help=f"the sets to measure, comma apart, of: {', '.join(SETS)}",
    )
    args = parser.parse_args(argv)
    if args.make:
        return make_set(args.make, args.count, args.seed)
    chosen: Callable[[str], bool] = (
        (lambda name: True)
        if not args.only
        else (lambda name: name in args.only.split(","))
    )
    print(f"baseline: top95 solved in {baseline():.2f} s CPU\n")
    names = args.sets.split(",")
    unknown = [name for name in names if name not in SETS]
    if unknown:
        parser.error(f"--sets: no set {unknown[0]!r} (the sets: {', '.join(SETS)})")
    sets = [(name, SETS[name][0](), SETS[name][1]) for name in names]
    print("| puzzles | encoding | median (s) | max (s) | timeouts |")
    print("| --- | --- | ---: | ---: | ---: |")
    for name, puzzles, variant in sets:
        for label, how, implied, propagate, most in ENCODINGS:
            if not chosen(label):
                continue
            encoding.MOST_PLACEMENTS = most or MOST_PLACEMENTS
            times, timeouts = measure(
                puzzles, variant, how, implied, propagate, args.cap
            )
            encoding.MOST_PLACEMENTS = MOST_PLACEMENTS
            print(
                f"| {len(puzzles)} {name} | {label} | {statistics.median(times):.3f} "
                f"| {max(times):.3f} | {timeouts} |",
                flush=True,
            )
        methods = ["dlx", "sat"] if sat_installed() else ["dlx"]
        for method in methods:
            if method == "sat" and not chosen("sat"):
                continue
            times = public(puzzles, variant, method)
            print(
                f"| {len(puzzles)} {name} | sudoku.solve(unique=True, "
                f"method={method!r}) | {statistics.median(times):.3f} "
                f"| {max(times):.3f} | - |",
                flush=True,
            )
    return 0


def make_set(kind: str, count: int, seed: int) -> int:
    """Print ``count`` puzzles proved unique, from seed ``seed`` on.

    Standard error says how each went, then the median and the largest CPU
    time of one (the issue's target for 9x9 killers: a median of at most
    5 s).
    """
    made = 0
    times: list[float] = []
    while made < count:
        found = make(kind, seed)
        if found is None:
            print(f"# seed {seed}: given up", file=sys.stderr)
        else:
            puzzle, took = found
            times.append(took)
            print(
                f"# seed {seed}: {len(puzzle.cages)} cages, {puzzle.tries} grids, "
                f"{took:.1f} s",
                file=sys.stderr,
            )
            print(f"# seed {seed}")
            print(cage_text(9, puzzle.cages))
            print(flush=True)
            made += 1
        seed += 1
    if times:
        print(
            f"# {len(times)} {kind} puzzles made: median {statistics.median(times):.2f} s, "
            f"largest {max(times):.2f} s of CPU",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
