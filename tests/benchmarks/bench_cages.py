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
and at most 10 s for each puzzle, with the default encoding.

::

    PYTHONPATH=. python tests/benchmarks/bench_cages.py
    PYTHONPATH=. python tests/benchmarks/bench_cages.py --only sets --cap 30
    PYTHONPATH=. python tests/benchmarks/bench_cages.py --make killer --count 24 --seed 1

``--make`` writes puzzles in the text form of the example files to
standard output (and how each went to standard error): a random solution
(a seeded search of the empty grid) cut into random connected cages of 2
to 5 cells (killer cages never repeat a digit; a cell left alone joins a
neighbouring cage; KenKen cages take an operation at random among those
that fit); then, while :func:`sudoku.solutions` finds a second solution,
a cage holding a cell where the two differ is cut in two, or joined to a
neighbouring cage and the two cut anew (a KenKen cage may instead take
another operation), until it finds one.  A seed is given up after 200
tries, when a count takes more than 60 s, or when a cage of one cell
(a given in disguise) is left.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import sudoku
from dlx import BudgetExceeded
from sudoku import Grid, encode, encoding, regions_of
from sudoku.cages import Cage, read_cage_map, read_cages
from sudoku.encoding import MOST_PLACEMENTS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from sudoku_helpers import neighbours  # noqa: E402

BASELINE = ROOT / "tests" / "data" / "sudoku9_norvig_top95.txt"
EXAMPLES = ROOT / "docs" / "examples"
#: The labels of the cages in the text form, in order.
LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

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


def write_puzzle(size: int, cages: Sequence[Cage]) -> str:
    """A puzzle in the text form: the map, then the clues (cages labelled row by row)."""
    labels = ["."] * (size * size)
    clues = []
    for k, cage in enumerate(sorted(cages, key=lambda cage: min(cage.cells))):
        for cell in cage.cells:
            labels[cell] = LABELS[k]
        clue = str(cage.target) if cage.distinct else f"{cage.target}{cage.op}"
        clues.append(f"{LABELS[k]}={clue}")
    lines = ["".join(labels[r * size : (r + 1) * size]) for r in range(size)]
    return "\n".join([*lines, " ".join(clues)])


# -- making puzzles -----------------------------------------------------------------


def full_grid(size: int, variant: str | None, seed: int) -> list[int]:
    """A random complete grid: the first solution of a seeded search."""
    boxes = variant != "latin"
    blank = Grid.parse("." * size * size, boxes=boxes)
    units = regions_of(size, blank.box, variant)
    enc = encode(blank, units=units)
    first = enc.problem.first(seed=seed)
    assert first is not None
    return enc.decode(first)


def carve(
    rng: random.Random, size: int, solution: list[int], killer: bool
) -> list[list[int]]:
    """Random connected groups of 2 to 5 cells (killer: no digit twice)."""
    free = set(range(size * size))
    groups: list[list[int]] = []
    owner: dict[int, list[int]] = {}
    for start in range(size * size):
        if start not in free:
            continue
        want = rng.choice((2, 2, 2, 3, 3, 3, 4, 4, 5))
        group = [start]
        free.discard(start)
        while len(group) < want:
            digits = {solution[c] for c in group}
            front = [
                n
                for c in group
                for n in neighbours(size, c)
                if n in free and not (killer and solution[n] in digits)
            ]
            if not front:
                break
            pick = rng.choice(front)
            group.append(pick)
            free.discard(pick)
        if len(group) == 1:
            # Join a neighbouring group that can take it.
            for n in neighbours(size, start):
                other = owner.get(n)
                if (
                    other is not None
                    and len(other) < 6
                    and not (killer and solution[start] in {solution[c] for c in other})
                ):
                    other.append(start)
                    owner[start] = other
                    break
            else:
                groups.append(group)
                owner[start] = group
            continue
        groups.append(group)
        for c in group:
            owner[c] = group
    return groups


def clue_of(
    rng: random.Random, group: list[int], solution: list[int], killer: bool
) -> tuple[object, ...]:
    """The cage of a group of cells: its total, or an operation at random that fits."""
    size = math.isqrt(len(solution))
    digits = [solution[c] for c in group]
    cells = [divmod(c, size) for c in group]
    if killer:
        return (sum(digits), cells)
    if len(group) == 1:
        return (digits[0], "=", cells)
    choices = ["+", "*"]
    if len(group) == 2:
        choices += ["-", "-"]
        if max(digits) % min(digits) == 0:
            choices += ["/", "/"]
    op = rng.choice(choices)
    if op == "+":
        return (sum(digits), "+", cells)
    if op == "*":
        return (math.prod(digits), "*", cells)
    if op == "-":
        return (max(digits) - min(digits), "-", cells)
    return (max(digits) // min(digits), "/", cells)


def make(kind: str, seed: int, size: int = 9) -> tuple[list[Cage], int] | None:
    """One puzzle proved unique, and the number of counts it took; ``None`` when it fails."""
    rng = random.Random(seed)
    killer = kind == "killer"
    variant = None if killer else "latin"
    solution = full_grid(size, variant, seed)
    groups = carve(rng, size, solution, killer)
    clues = [clue_of(rng, g, solution, killer) for g in groups]
    blank = "." * size * size
    for tries in range(1, 200):
        try:
            found = [
                [int(ch) for ch in str(answer)]
                for answer in sudoku.solutions(
                    blank, 2, cages=clues, variant=variant, timeout=60
                )
            ]
        except sudoku.BudgetError:
            return None
        if len(found) == 1:
            assert found[0] == solution
            if any(len(group) == 1 for group in groups):
                return None  # a cage of one cell is a given in disguise
            return list(read_cages(clues, size)), tries
        other = next(answer for answer in found if answer != solution)
        differ = [c for c in range(size * size) if other[c] != solution[c]]
        cell = rng.choice(differ)
        k = next(i for i, g in enumerate(groups) if cell in g)
        group = groups[k]
        if not killer and len(group) >= 2 and rng.random() < 0.3:
            clues[k] = clue_of(rng, group, solution, killer)
            continue
        if len(group) >= 3:
            # Cut it in two connected parts; a part of one cell joins a
            # neighbouring group of 2 to 4 cells if one can take it.
            for _ in range(20):
                part = [rng.choice(group)]
                while len(part) < len(group) // 2:
                    front = [
                        n
                        for c in part
                        for n in neighbours(size, c)
                        if n in group and n not in part
                    ]
                    part.append(rng.choice(front))
                rest = [c for c in group if c not in part]
                if not _connected(size, rest):
                    continue
                groups[k : k + 1] = [part, rest]
                clues[k : k + 1] = [
                    clue_of(rng, part, solution, killer),
                    clue_of(rng, rest, solution, killer),
                ]
                if len(part) == 1:
                    _attach(rng, size, groups, clues, part[0], solution, killer)
                break
            continue
        # Join it to a neighbouring group and cut the two anew.
        near = [n for c in group for n in neighbours(size, c) if n not in group]
        n = rng.choice(near)
        j = next(i for i, g in enumerate(groups) if n in g)
        union = [*group, *groups[j]]
        for _ in range(30):
            part = [rng.choice(union)]
            want = rng.randint(2, max(2, len(union) - 2))
            while len(part) < want:
                front = [
                    x
                    for c in part
                    for x in neighbours(size, c)
                    if x in union and x not in part
                ]
                if not front:
                    break
                part.append(rng.choice(front))
            rest = [c for c in union if c not in part]
            if len(rest) < 2 or not _connected(size, rest):
                continue
            if killer and not (_distinct(part, solution) and _distinct(rest, solution)):
                continue
            if {frozenset(part), frozenset(rest)} == {
                frozenset(group),
                frozenset(groups[j]),
            }:
                continue
            groups[k], groups[j] = part, rest
            clues[k] = clue_of(rng, part, solution, killer)
            clues[j] = clue_of(rng, rest, solution, killer)
            break
    return None


def _attach(
    rng: random.Random,
    size: int,
    groups: list[list[int]],
    clues: list[tuple[object, ...]],
    cell: int,
    solution: list[int],
    killer: bool,
) -> None:
    """Move the group of one ``cell`` into a neighbouring group that can take it."""
    k = next(i for i, g in enumerate(groups) if g == [cell])
    near = [n for n in neighbours(size, cell) if n not in groups[k]]
    rng.shuffle(near)
    for n in near:
        j = next(i for i, g in enumerate(groups) if n in g)
        joined = [*groups[j], cell]
        if 2 <= len(groups[j]) <= 4 and (not killer or _distinct(joined, solution)):
            groups[j] = joined
            clues[j] = clue_of(rng, joined, solution, killer)
            del groups[k], clues[k]
            return


def _connected(size: int, cells: list[int]) -> bool:
    if not cells:
        return False
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        c = stack.pop()
        for n in neighbours(size, c):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def _distinct(cells: list[int], solution: list[int]) -> bool:
    return len({solution[c] for c in cells}) == len(cells)


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
    puzzles: list[tuple[list[str], list[tuple[object, ...]]]], variant: str | None
) -> list[float]:
    """CPU seconds per puzzle of ``sudoku.solve(unique=True)``."""
    times = []
    for lines, clues in puzzles:
        size = len(lines)
        start = time.process_time()
        sudoku.solve("." * size * size, cages=clues, variant=variant, unique=True)
        times.append(time.process_time() - start)
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--make", choices=("killer", "kenken"))
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cap", type=float, default=10.0)
    parser.add_argument("--only", help="encodings to measure, by name, comma apart")
    args = parser.parse_args(argv)
    if args.make:
        return make_set(args.make, args.count, args.seed)
    chosen: Callable[[str], bool] = (
        (lambda name: True)
        if not args.only
        else (lambda name: name in args.only.split(","))
    )
    print(f"baseline: top95 solved in {baseline():.2f} s CPU\n")
    sets = (
        ("killer", read_examples(EXAMPLES / "killer.txt"), None),
        ("kenken", read_examples(EXAMPLES / "kenken.txt"), "latin"),
    )
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
        times = public(puzzles, variant)
        print(
            f"| {len(puzzles)} {name} | sudoku.solve(unique=True) "
            f"| {statistics.median(times):.3f} | {max(times):.3f} | - |",
            flush=True,
        )
    return 0


def make_set(kind: str, count: int, seed: int) -> int:
    """Print ``count`` puzzles proved unique, from seed ``seed`` on."""
    made = 0
    while made < count:
        start = time.process_time()
        found = make(kind, seed)
        took = time.process_time() - start
        if found is None:
            print(f"# seed {seed}: given up", file=sys.stderr)
        else:
            cages, tries = found
            print(
                f"# seed {seed}: {len(cages)} cages, {tries} counts, {took:.1f} s",
                file=sys.stderr,
            )
            print(f"# seed {seed}")
            print(write_puzzle(9, cages))
            print(flush=True)
            made += 1
        seed += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
