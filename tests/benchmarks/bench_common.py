"""Workloads, exact-cover formulations and validators shared by the benchmark.

Plain standard-library code, imported by both ``run.py`` and ``worker.py``;
it never imports a solver, so it is safe in every worker process whichever
``dlx`` module that process can see.

Every solver in the benchmark gets the *same* exact-cover formulation of a
workload (built here), except our product's ``sudoku.solve``, which takes the
puzzle string itself.  Solutions are checked here by our own validators, not
by any solver's code.
"""

from __future__ import annotations

import math
import os
import random
from dataclasses import dataclass
from pathlib import Path

#: The repository root (``tests/benchmarks/../..``).
ROOT = Path(__file__).resolve().parents[2]

#: The full puzzle sets: the project's shared material next to the repository
#: (not part of it; see ``tests/benchmarks/README.rst`` for where to get them).
SHARED_DATA = ROOT.parent / "shared" / "data"
#: The small sets shipped in the repository (``tests/data/README.md`` gives their
#: sources and licences): the default when ``SHARED_DATA`` is absent.
SHIPPED_DATA = ROOT / "tests" / "data"

#: Symbols for values 1..25; value v is ``SYMBOLS[v - 1]``.
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def data_dir(override: str | None = None) -> Path:
    """The puzzle folder: the argument, else ``$PYDLX_BENCH_DATA``, else the
    shared sets when they are there, else the small sets in ``tests/data``."""
    chosen = override or os.environ.get("PYDLX_BENCH_DATA")
    if chosen:
        return Path(chosen)
    return SHARED_DATA if SHARED_DATA.is_dir() else SHIPPED_DATA


# -- workloads -----------------------------------------------------------------


@dataclass(frozen=True)
class Workload:
    """One benchmark set: a puzzle file (``kind="sudoku"``) or a counting problem."""

    name: str
    kind: str  # "sudoku" or "count"
    title: str
    file: str = ""
    #: How many puzzles a full run takes (0: all) and how many ``--quick`` takes.
    count: int = 0
    quick: int = 0
    #: For counting problems: the size parameter and the expected count.
    param: int = 0
    expected: int = 0


WORKLOADS: dict[str, Workload] = {
    w.name: w
    for w in [
        Workload(
            "hard9",
            "sudoku",
            "9×9 forum hardest 1905 (11+)",
            "sudoku9_forum_hardest_1905_11plus_first10000.txt",
            200,
            20,
        ),
        Workload(
            "top1465",
            "sudoku",
            "9×9 magictour top1465",
            "sudoku9_magictour_top1465.txt",
            200,
            20,
        ),
        Workload(
            "clue17",
            "sudoku",
            "9×9 17-clue (Royle)",
            "sudoku9_17clue_royle.txt",
            1000,
            50,
        ),
        # Norvig's 95 hard puzzles (MIT): shipped in tests/data, so a checkout
        # without the shared sets still has a hard 9×9 set.
        Workload(
            "top95",
            "sudoku",
            "9×9 Norvig top95",
            "sudoku9_norvig_top95.txt",
            0,
            20,
        ),
        Workload(
            "goomii16",
            "sudoku",
            "16×16 goomii",
            "sudoku16_goomii3000.txt",
            200,
            10,
        ),
        Workload(
            "janko16",
            "sudoku",
            "16×16 janko.at (Gecode)",
            "sudoku16_gecode_janko55.txt",
            0,
            10,
        ),
        Workload(
            "frisch25",
            "sudoku",
            "25×25 Frisch (Gecode), time-capped",
            "sudoku25_gecode_frisch18.txt",
            # No solver finishes one within the cap: each costs the whole cap,
            # so the default takes 6 (``--sets frisch25:0`` for all 18).
            6,
            2,
        ),
        Workload("queens10", "count", "count 10-queens", param=10, expected=724),
        Workload("queens12", "count", "count 12-queens", param=12, expected=14200),
        # The --jobs rows of issue 46 (bench_jobs.py): long enough to split.
        Workload("queens13", "count", "count 13-queens", param=13, expected=73712),
        # Both a Langford pairing and its reverse are counted: 2 × 17792.
        Workload(
            "langford11", "count", "count Langford n=11", param=11, expected=35584
        ),
        # Pentomino tilings of the 60-cell rectangles, every tiling counted
        # once per symmetry of the board (4): 2, 368 and 1010 tilings.  Each
        # piece is an item with 18 to 304 options.
        Workload("pento3x20", "count", "count pentominoes 3×20", param=3, expected=8),
        Workload(
            "pento4x15", "count", "count pentominoes 4×15", param=4, expected=1472
        ),
        Workload(
            "pento5x12", "count", "count pentominoes 5×12", param=5, expected=4040
        ),
        Workload(
            "pento6x10", "count", "count pentominoes 6×10", param=6, expected=9356
        ),
        # Domino tilings of a 6×8 board: each cell is an item in 2 to 4 options.
        Workload(
            "dominoes6x8", "count", "count dominoes 6×8", param=6, expected=167089
        ),
        # Solution-dense: 30 items, 143 random options of 1 to 5 items
        # (dense_formulation): 141,536 solutions in 526,744 nodes, about 4
        # updates a node, so the cost of each solution weighs.
        Workload(
            "dense",
            "count",
            "count dense (30 items, 143 options)",
            param=1,
            expected=141536,
        ),
    ]
}

#: Issue 31's rows: every workload the performance page gives a ratio for
#: (``run.py --sets rows``), with the number of puzzles of the sudoku sets.
ROWS: dict[str, int | None] = {
    "hard9": 100,
    "goomii16": 100,
    "queens12": None,
    "langford11": None,
    "pento3x20": None,
    "pento4x15": None,
    "dominoes6x8": None,
    "dense": None,
}


def load_puzzles(workload: Workload, limit: int, data: Path) -> list[str]:
    """The first ``limit`` puzzles of a set (all of them when ``limit <= 0``).

    :raises FileNotFoundError: when the puzzle file is absent.
    """
    path = data / workload.file
    with path.open(encoding="ascii") as handle:
        lines = [line.strip() for line in handle]
    puzzles = [line for line in lines if line]
    return puzzles[:limit] if limit > 0 else puzzles


# -- exact-cover formulations ----------------------------------------------------


@dataclass
class Formulation:
    """An exact-cover problem as rows of item numbers, primary items first.

    ``slack`` marks the options that only cover one secondary item: they are
    added (and turn the secondary items into primary ones) for solvers that
    have no secondary items, and must be dropped from their solutions.
    """

    rows: list[list[int]]
    n_primary: int
    n_secondary: int
    #: For sudoku: the (cell, symbol) that each option places.
    places: list[tuple[int, str]]
    #: For sudoku: the puzzle with its givens, to complete with ``places``.
    grid: str = ""
    slack_from: int = -1

    @property
    def n_items(self) -> int:
        return self.n_primary + self.n_secondary


def side_of(grid: str) -> int:
    """The side of a square sudoku grid string (9, 16 or 25).

    :raises ValueError: for a length that is not a square of a square.
    """
    side = math.isqrt(len(grid))
    box = math.isqrt(side)
    if side * side != len(grid) or box * box != side or not 4 <= side <= 25:
        raise ValueError(f"a grid of {len(grid)} characters is not a sudoku")
    return side


def sudoku_formulation(grid: str) -> Formulation | None:
    """The exact cover of a sudoku, with the givens already placed.

    Items (all primary): every empty cell, and every (row, value),
    (column, value) and (box, value) that the givens do not fill yet, in that
    order.  Options: one for each empty cell and each value that no given in
    its row, column or box already holds.  ``None`` when two givens clash.
    """
    side = side_of(grid)
    box = math.isqrt(side)
    symbols = SYMBOLS[:side]
    value_of = {s: v for v, s in enumerate(symbols)}
    n2 = side * side
    # Item numbers before compaction: cell, row-value, column-value, box-value.
    used = bytearray(4 * n2)
    empty: list[int] = []
    for cell, char in enumerate(grid):
        if char == "." or char == "0":
            empty.append(cell)
            continue
        v = value_of.get(char)
        if v is None:
            raise ValueError(f"bad symbol {char!r} at cell {cell}")
        r, c = divmod(cell, side)
        b = (r // box) * box + c // box
        for item in (
            cell,
            n2 + r * side + v,
            2 * n2 + c * side + v,
            3 * n2 + b * side + v,
        ):
            if used[item]:
                return None
            used[item] = 1
    number = [-1] * (4 * n2)
    n_items = 0
    for item in range(4 * n2):
        if not used[item]:
            number[item] = n_items
            n_items += 1
    rows: list[list[int]] = []
    places: list[tuple[int, str]] = []
    for cell in empty:
        r, c = divmod(cell, side)
        b = (r // box) * box + c // box
        item_cell = number[cell]
        base_r = n2 + r * side
        base_c = 2 * n2 + c * side
        base_b = 3 * n2 + b * side
        for v in range(side):
            ir = number[base_r + v]
            ic = number[base_c + v]
            ib = number[base_b + v]
            if ir >= 0 and ic >= 0 and ib >= 0:
                rows.append([item_cell, ir, ic, ib])
                places.append((cell, symbols[v]))
    return Formulation(rows, n_items, 0, places, grid)


def decode_sudoku(form: Formulation, chosen: list[int]) -> str:
    """The completed grid from the indices of the chosen options."""
    cells = list(form.grid)
    places = form.places
    for k in chosen:
        if k < len(places):
            cell, symbol = places[k]
            cells[cell] = symbol
    return "".join(cells)


def queens_formulation(n: int) -> Formulation:
    """n-queens as Knuth states it: ranks and files primary, diagonals secondary.

    Items: ranks 0..n-1, files n..2n-1 (primary), then the 2n-1 diagonals
    ``r + c`` and the 2n-1 anti-diagonals ``r - c + n - 1`` (secondary).
    Option (r, c) covers its rank, file and both diagonals.
    """
    rows = []
    for r in range(n):
        for c in range(n):
            rows.append([r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + r - c + n - 1])
    return Formulation(rows, 2 * n, 2 * (2 * n - 1), [])


def langford_formulation(n: int) -> Formulation:
    """Langford pairs: place 1,1,2,2,…,n,n so the two k's have k numbers between.

    Items: the values 1..n (items 0..n-1), then the 2n positions (all primary).
    Option (k, j): value k at positions j and j + k + 1.  Every pairing is
    counted together with its reverse.
    """
    rows = []
    for k in range(1, n + 1):
        for j in range(2 * n - k - 1):
            rows.append([k - 1, n + j, n + j + k + 1])
    return Formulation(rows, 3 * n, 0, [])


#: The twelve pentominoes in Conway's letters (as ``tests/dlx_helpers.py``
#: draws them; this module cannot import pydlx's tests in a peer's process).
PENTOMINOES: dict[str, tuple[str, ...]] = {
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("####", "#..."),
    "N": ("###.", "..##"),
    "P": ("###", "##."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": ("####", ".#.."),
    "Z": ("##.", ".#.", ".##"),
}


def pentomino_formulation(height: int) -> Formulation:
    """The twelve pentominoes in a ``height`` x ``60 / height`` rectangle.

    Items: the twelve pieces (0..11), then the cells in reading order, all
    primary; options in the order of ``dlx_helpers.pentomino_rectangle``
    (piece, orientation, then place), so pydlx's search tree is that of
    its tests.
    """
    width = 60 // height
    rows = []
    for k, drawing in enumerate(PENTOMINOES.values()):
        cells = [
            (r, c)
            for r, line in enumerate(drawing)
            for c, ch in enumerate(line)
            if ch == "#"
        ]
        shapes = set()
        for _ in range(2):
            for _ in range(4):
                r0 = min(r for r, _ in cells)
                c0 = min(c for _, c in cells)
                shapes.add(frozenset((r - r0, c - c0) for r, c in cells))
                cells = [(c, -r) for r, c in cells]
            cells = [(r, -c) for r, c in cells]
        for shape in sorted(shapes, key=sorted):
            tall = 1 + max(r for r, _ in shape)
            wide = 1 + max(c for _, c in shape)
            for dr in range(height - tall + 1):
                for dc in range(width - wide + 1):
                    placed = sorted((r + dr, c + dc) for r, c in shape)
                    rows.append([k] + [12 + r * width + c for r, c in placed])
    return Formulation(rows, 12 + 60, 0, [])


def domino_formulation(height: int, width: int) -> Formulation:
    """Domino tilings of a ``height`` x ``width`` board.

    Items: the cells in reading order, all primary; options: every
    horizontal placement, then every vertical one (as
    ``dlx_helpers.dominoes``).
    """
    rows = []
    for r in range(height):
        for c in range(width - 1):
            rows.append([r * width + c, r * width + c + 1])
    for r in range(height - 1):
        for c in range(width):
            rows.append([r * width + c, (r + 1) * width + c])
    return Formulation(rows, height * width, 0, [])


def dense_formulation(
    seed: int = 1, items: int = 30, options: int = 143
) -> Formulation:
    """A solution-dense random problem: distinct options of 1 to 5 items.

    ``random.Random(seed)`` draws each option as ``sample(range(items),
    randint(1, 5))``, sorted, until ``options`` distinct ones (in the order
    drawn).  With the defaults: 141,536 solutions, 526,744 nodes.
    """
    rng = random.Random(seed)
    rows: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()
    while len(rows) < options:
        option = tuple(sorted(rng.sample(range(items), rng.randint(1, 5))))
        if option not in seen:
            seen.add(option)
            rows.append(list(option))
    return Formulation(rows, items, 0, [])


def count_formulation(workload: Workload) -> Formulation:
    """The formulation of a counting workload."""
    if workload.name.startswith("queens"):
        return queens_formulation(workload.param)
    if workload.name.startswith("langford"):
        return langford_formulation(workload.param)
    if workload.name.startswith("pento"):
        return pentomino_formulation(workload.param)
    if workload.name.startswith("dominoes"):
        return domino_formulation(workload.param, 8)
    if workload.name == "dense":
        return dense_formulation(workload.param)
    raise ValueError(f"no formulation for {workload.name}")


def with_slack(form: Formulation) -> Formulation:
    """The same problem for a solver without secondary items.

    Every secondary item becomes primary and gets one extra option that
    covers only it, so "covered at most once" becomes "exactly once".  The
    solution count is unchanged; the search tree is not.
    """
    if not form.n_secondary:
        return form
    rows = [*form.rows]
    start = len(rows)
    for item in range(form.n_primary, form.n_items):
        rows.append([item])
    return Formulation(rows, form.n_items, 0, form.places, form.grid, start)


# -- validation ------------------------------------------------------------------


def check_sudoku(puzzle: str, solution: object) -> str | None:
    """Why ``solution`` does not solve ``puzzle`` (``None`` when it does).

    Checks the length and alphabet, that every given is kept, and that every
    row, column and box holds each symbol once.
    """
    if not isinstance(solution, str):
        return f"not a string: {type(solution).__name__}"
    side = side_of(puzzle)
    box = math.isqrt(side)
    if len(solution) != len(puzzle):
        return f"length {len(solution)}, expected {len(puzzle)}"
    full = set(SYMBOLS[:side])
    for cell, (given, got) in enumerate(zip(puzzle, solution, strict=True)):
        if given not in ".0" and given != got:
            return f"cell {cell}: given {given!r} changed to {got!r}"
    units: list[list[int]] = []
    for i in range(side):
        units.append([i * side + j for j in range(side)])
        units.append([j * side + i for j in range(side)])
        r0, c0 = (i // box) * box, (i % box) * box
        units.append(
            [(r0 + dr) * side + c0 + dc for dr in range(box) for dc in range(box)]
        )
    for unit in units:
        if {solution[cell] for cell in unit} != full:
            return f"unit {unit[:3]}…: not a permutation of the symbols"
    return None


def check_cover(form: Formulation, chosen: list[int]) -> str | None:
    """Why ``chosen`` is not an exact cover of ``form`` (``None`` when it is)."""
    seen = [0] * form.n_items
    for k in chosen:
        for item in form.rows[k]:
            seen[item] += 1
    for item, times in enumerate(seen):
        if item < form.n_primary and times != 1:
            return f"primary item {item} covered {times} times"
        if times > 1:
            return f"secondary item {item} covered {times} times"
    return None
