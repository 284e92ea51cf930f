"""The oracle of the cage tests: every grid of a small shape, cages read and checked by brute force.

The oracle knows nothing of :mod:`sudoku`: it lists the units of a grid
itself, reads the cages itself and finds solutions by plain backtracking
over the cells, checking each cage's rule when its last cell is filled.
On 4x4 grids it lists every complete grid of the shape (288 sudokus, 576
latin squares...).  ``tests/test_sudoku_cages.py`` checks the solver with
it, ``tests/test_cage_steps.py`` the techniques that read cages.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from sudoku_helpers import neighbours

from sudoku.cages import read_cage_map

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"

# -- the oracle -------------------------------------------------------------------

#: A cage as the oracle reads it: target, op ("k" for a killer cage), flat cells.
OracleCage = tuple[int, str, list[int]]


def oracle_units(
    size: int,
    box: tuple[int, int] | None,
    variant: str = "",
    region_map: str | None = None,
) -> list[list[int]]:
    """Rows, columns, then boxes (none for a latin square) or regions, then diagonals."""
    units = [[r * size + c for c in range(size)] for r in range(size)]
    units += [[r * size + c for r in range(size)] for c in range(size)]
    if region_map is not None:
        for label in dict.fromkeys(region_map):
            units.append([k for k, x in enumerate(region_map) if x == label])
    elif box is not None:
        h, w = box
        for top in range(0, size, h):
            for left in range(0, size, w):
                units.append(
                    [(top + i) * size + left + j for i in range(h) for j in range(w)]
                )
    if "x" in variant.split("+"):
        units.append([k * (size + 1) for k in range(size)])
        units.append([(k + 1) * (size - 1) for k in range(size)])
    return units


def oracle_cages(cages: Sequence[tuple[object, ...]], size: int) -> list[OracleCage]:
    """The cages of the API's form, read by the oracle."""
    read: list[OracleCage] = []
    for cage in cages:
        cells = [int(r) * size + int(c) for r, c in cage[-1]]  # type: ignore[attr-defined]
        op = (
            "k"
            if len(cage) == 2
            else {"×": "*", "÷": "/", "\u2212": "-"}.get(str(cage[1]), str(cage[1]))
        )
        read.append((int(cage[0]), op, cells))  # type: ignore[call-overload]
    return read


def holds(op: str, target: int, digits: list[int]) -> bool:
    """Whether complete cage digits keep the cage's rule."""
    if op == "k":
        return sum(digits) == target and len(set(digits)) == len(digits)
    if op == "+":
        return sum(digits) == target
    if op == "*":
        return math.prod(digits) == target
    if op == "-":
        return abs(digits[0] - digits[1]) == target
    if op == "/":
        low, high = sorted(digits)
        return high == low * target
    assert op == "="
    return digits == [target]


def oracle_solve(
    size: int,
    units: list[list[int]],
    givens: Sequence[int],
    cages: list[OracleCage],
    limit: int,
    rng: random.Random | None = None,
) -> list[list[int]]:
    """Up to ``limit`` solutions by backtracking, cage by cage (random order with ``rng``)."""
    peers: list[set[int]] = [set() for _ in range(size * size)]
    for unit in units:
        for cell in unit:
            peers[cell].update(unit)
    for cell in range(size * size):
        peers[cell].discard(cell)
    cage_of: dict[int, OracleCage] = {}
    order: list[int] = []
    for cage in cages:
        for cell in cage[2]:
            cage_of[cell] = cage
            order.append(cell)
    order += [c for c in range(size * size) if c not in cage_of]
    grid = list(givens)
    for cell, v in enumerate(grid):
        if v and any(grid[p] == v for p in peers[cell]):
            return []
    found: list[list[int]] = []

    def cage_ok(cell: int) -> bool:
        cage = cage_of.get(cell)
        if cage is None:
            return True
        target, op, cells = cage
        digits = [grid[c] for c in cells if grid[c]]
        if op == "k" and len(set(digits)) < len(digits):
            return False
        if len(digits) < len(cells):
            left = len(cells) - len(digits)  # each empty cell holds 1 to size
            if op in ("k", "+"):
                return sum(digits) + left <= target <= sum(digits) + left * size
            if op == "*":
                product = math.prod(digits)
                return target % product == 0 and target <= product * size**left
            return True
        return holds(op, target, digits)

    def search(t: int) -> None:
        if t == len(order):
            found.append(list(grid))
            return
        cell = order[t]
        if grid[cell]:
            if cage_ok(cell):
                search(t + 1)
            return
        used = {grid[p] for p in peers[cell]}
        digits = [v for v in range(1, size + 1) if v not in used]
        if rng is not None:
            rng.shuffle(digits)
        for v in digits:
            grid[cell] = v
            if cage_ok(cell):
                search(t + 1)
            if len(found) >= limit:
                break
        grid[cell] = 0

    search(0)
    return found


@cache
def every_grid(size: int, box: tuple[int, int] | None, variant: str) -> list[list[int]]:
    """Every complete grid of a small shape."""
    units = oracle_units(size, box, variant)
    return oracle_solve(size, units, [0] * size * size, [], 10**6)


# -- puzzles ----------------------------------------------------------------------

#: Shapes: (size, box or None for latin, variant, jigsaw map or None).
SHAPES4 = [
    (4, (2, 2), "", None),
    (4, None, "latin", None),
    (4, (2, 2), "x", None),
    (4, None, "x+latin", None),
]


def make_cages(
    rng: random.Random, size: int, solution: list[int], cover: float = 0.9
) -> list[tuple[object, ...]]:
    """Random connected cages of 1 to 4 cells on a solution, each with a fitting rule."""
    free = list(range(size * size))
    rng.shuffle(free)
    taken: set[int] = set()
    cages: list[tuple[object, ...]] = []
    for start in free:
        if start in taken or rng.random() > cover:
            continue
        cells = [start]
        taken.add(start)
        want = rng.randint(1, 4)
        while len(cells) < want:
            front = [n for c in cells for n in neighbours(size, c) if n not in taken]
            if not front:
                break
            pick = rng.choice(front)
            cells.append(pick)
            taken.add(pick)
        digits = [solution[c] for c in cells]
        pairs = [divmod(c, size) for c in cells]
        ops = ["+", "*", "k"] if len(set(digits)) == len(digits) else ["+", "*"]
        if len(cells) == 1:
            ops.append("=")
        if len(cells) == 2:
            ops += ["-", "\u2212"]
            if max(digits) % min(digits) == 0:
                ops += ["/", "÷"]
        op = rng.choice(ops)
        if op == "k":
            cages.append((sum(digits), pairs))
            continue
        target = {
            "+": sum(digits),
            "*": math.prod(digits),
            "=": digits[0],
            "-": max(digits) - min(digits),
            "\u2212": max(digits) - min(digits),
            "/": max(digits) // min(digits),
            "÷": max(digits) // min(digits),
        }[op]
        if op == "*" and rng.random() < 0.3:
            op = "×"
        cages.append((target, op, pairs))
    return cages


def example_puzzles(name: str) -> list[tuple[list[str], list[tuple[object, ...]]]]:
    """The puzzles of an example file: blocks of map lines and a clue line."""
    text = (EXAMPLES / name).read_text()
    blocks = [
        [
            line.strip()
            for line in block.splitlines()
            if line.strip() and not line.startswith("#")
        ]
        for block in re.split(r"\n\s*\n", text)
    ]
    return [(b[:-1], read_cage_map(b[:-1], b[-1])) for b in blocks if b]


# -- boards part way through a solve, for one technique at a time --------------------

#: Shapes of 6x6: a sudoku of 2x3 boxes and a latin square.
SHAPES6 = [(6, (2, 3), "", None), (6, None, "latin", None)]


def random_case(
    rng: random.Random,
    shape: tuple[int, tuple[int, int] | None, str, None],
    limit: int = 400,
) -> tuple[list[tuple[object, ...]], list[int], list[list[int]]] | None:
    """A random caged puzzle of a shape: (cages, givens, every grid it allows).

    A random solution cut into random cages (:func:`make_cages`), a few
    givens kept; the grids it allows are listed by the oracle (every grid
    of a 4x4 shape, checked; a search on larger ones).  ``None`` when a
    larger one allows ``limit`` grids or more (too loose to list).
    """
    size, box, variant, _ = shape
    units = oracle_units(size, box, variant)
    if size == 4:
        solution = rng.choice(every_grid(size, box, variant))
    else:
        solution = oracle_solve(size, units, [0] * size * size, [], 1, rng)[0]
    cages = make_cages(rng, size, solution, cover=rng.choice([0.5, 0.8, 1.0]))
    givens = [v if rng.random() < 0.1 else 0 for v in solution]
    kept = oracle_solve(size, units, givens, oracle_cages(cages, size), limit)
    if len(kept) >= limit:
        return None
    assert solution in kept
    return cages, givens, kept


def narrow(
    rng: random.Random,
    cand: list[int],
    values: Sequence[int],
    grids: Sequence[Sequence[int]],
    share: float,
) -> None:
    """Take out of ``cand`` (in place) about ``share`` of the candidates that no grid of ``grids`` has.

    What a solve by hand might have removed by then: a board part way
    through, on which a technique finds more than on the bare puzzle.
    """
    size = math.isqrt(len(cand))
    for cell, bits in enumerate(cand):
        if values[cell]:
            continue
        held = {grid[cell] for grid in grids}
        for value in range(1, size + 1):
            if bits >> (value - 1) & 1 and value not in held and rng.random() < share:
                cand[cell] &= ~(1 << (value - 1))


def gone_from_every_grid(
    eliminations: Sequence[tuple[int, int]], grids: Sequence[Sequence[int]]
) -> list[tuple[int, int]]:
    """The eliminations that some grid of ``grids`` has: each a wrong step (none: sound)."""
    return [(c, v) for c, v in eliminations if any(g[c] == v for g in grids)]
