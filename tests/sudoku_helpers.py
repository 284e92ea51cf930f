"""Helpers for the sudoku tests: an independent validator, a replay of explanations and the puzzle data.

The validator knows nothing of :mod:`sudoku`: it reads grids itself and
checks the rules directly, so that no test trusts the solver to judge its
own answers.  The replay of an explanation's steps (:func:`replay`) works
out the candidates itself from the puzzle and the steps' own placements
and eliminations; it takes the solution from :func:`sudoku.solve`, whose
answers the validator checks elsewhere.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import sudoku
from sudoku.grid import Grid
from sudoku.regions import Regions

if TYPE_CHECKING:
    from sudoku.explainer import Explanation

__all__ = [
    "HARD9",
    "LOCAL_DATA",
    "NO_SOLUTION9",
    "SHARED",
    "SHARED_DATA",
    "SUDOKU_FEATURES",
    "SUDOKU_MAP",
    "SUDOKU_OPTIONS",
    "SUDOKU_SVG",
    "assert_solves",
    "cells_of",
    "local_lines",
    "neighbours",
    "replay",
    "shared_lines",
    "why_text",
    "wrong_given",
]

ROOT = Path(__file__).resolve().parents[1]
#: The project's shared, read-only material (next to the repository).
SHARED = ROOT / ".." / "shared"
SHARED_DATA = SHARED / "data"
#: The copies kept in the repository (see tests/data/README.md).
LOCAL_DATA = ROOT / "tests" / "data"

#: A hard 9x9 puzzle (Norvig's "hardest"), which needs search.
HARD9 = (
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
)
#: A 9x9 puzzle without a solution that no simple deduction shows: only the search does.
NO_SOLUTION9 = (
    ".7.......1.......7....9..26...........9..6.....2..36.............6..............."
)

#: Blank cells as the tests write them.
TEST_BLANKS = frozenset([".", "-", "_", "0", 0, None])


def cells_of(grid: object) -> list[object]:
    """The cells of a grid in any of the solver's representations, row by row.

    A string loses its white space (lines are joined); a list of strings or
    of rows is flattened.
    """
    if isinstance(grid, str):
        return list("".join(grid.split()))
    assert isinstance(grid, Sequence), f"not a grid: {grid!r}"
    cells: list[object] = []
    for row in grid:
        if isinstance(row, str):
            cells.extend(row)
        else:
            assert isinstance(row, Sequence), f"not a row: {row!r}"
            cells.extend(row)
    return cells


def assert_solves(
    puzzle: object,
    solution: object,
    box: tuple[int, int],
    *,
    blanks: frozenset[object] = TEST_BLANKS,
    symbols: Sequence[object] | None = None,
) -> None:
    """Assert that ``solution`` is a complete, valid grid that keeps ``puzzle``'s givens.

    Every row, column and box must hold each of the N symbols exactly once
    (the symbols are ``symbols`` when given, otherwise whatever N distinct
    symbols the first row shows), and every non-blank cell of the puzzle
    must hold the same symbol in the solution.
    """
    rows, cols = box
    size = rows * cols
    given = cells_of(puzzle)
    answer = cells_of(solution)
    assert len(given) == size * size, (
        f"puzzle has {len(given)} cells, not {size * size}"
    )
    assert len(answer) == size * size, f"solution has {len(answer)} cells"
    for k, cell in enumerate(answer):
        assert cell not in blanks, f"solution cell {k} is blank: {cell!r}"
    expected = set(symbols) if symbols is not None else set(answer[:size])
    assert len(expected) == size, f"{sorted(map(str, expected))} are not {size} symbols"
    units: list[tuple[str, list[int]]] = []
    for r in range(size):
        units.append((f"row {r + 1}", [r * size + c for c in range(size)]))
    for c in range(size):
        units.append((f"column {c + 1}", [r * size + c for r in range(size)]))
    for top in range(0, size, rows):
        for left in range(0, size, cols):
            units.append(
                (
                    f"box at row {top + 1}, column {left + 1}",
                    [
                        (top + dr) * size + left + dc
                        for dr in range(rows)
                        for dc in range(cols)
                    ],
                )
            )
    for name, unit in units:
        seen = [answer[k] for k in unit]
        assert len(set(seen)) == size and set(seen) == expected, (
            f"{name} holds {seen}, not each of the {size} symbols once"
        )
    for k, (clue, cell) in enumerate(zip(given, answer, strict=True)):
        if clue not in blanks:
            assert clue == cell, (
                f"given {clue!r} at row {k // size + 1}, column {k % size + 1} "
                f"became {cell!r}"
            )


Cell = tuple[int, int]


def replay(
    puzzle: str,
    explanation: Explanation,
    *,
    alphabet: str | None = None,
    variant: str | None = None,
    regions: list[str] | None = None,
    partial: bool = False,
    cages: Sequence[Sequence[object]] | None = None,
) -> None:
    """Check every step of ``explanation`` against the puzzle's solution, and where the steps lead.

    With ``cages``, the solution is the one the cages allow (the puzzle
    has one).

    The candidates are worked out here, from the puzzle's givens and then
    each step's own placements and eliminations (over the units of
    ``variant`` or ``regions``, as :func:`sudoku.explain` took them):

    * each step is a :class:`sudoku.Step` whose picture of the candidates
      (``step.candidates``) is the one worked out here, and which places or
      eliminates something;
    * no placement differs from the solution, no elimination removes the
      solution's symbol, and each is of a candidate still there;
    * each rating is at least 1.0, and a search step's is
      :data:`sudoku.steps.SEARCH_RATING`;
    * the explanation's ``reached`` and ``candidates`` are where the steps
      lead, and its ratings are its steps': ``rating`` the hardest,
      ``pearl`` the hardest up to the first that places a symbol,
      ``diamond`` the first;
    * unless ``partial`` (an explanation cut short by a budget or Ctrl-C),
      the explanation is ``complete`` and its steps fill the grid with the
      solution; a ``partial`` one is not ``complete``.
    """
    from sudoku.explainer import SEARCH_RATING, Step

    boxes = regions is None
    grid = Grid.parse(puzzle, alphabet=alphabet, boxes=boxes)
    answer_text = sudoku.solve(
        puzzle, alphabet=alphabet, variant=variant, regions=regions, cages=cages
    )
    solved = Grid.parse(answer_text, alphabet=alphabet or grid.alphabet, boxes=boxes)
    n = grid.size
    symbols = [grid.symbol(v) for v in range(1, n + 1)]
    answer = {divmod(k, n): grid.symbol(v) for k, v in enumerate(solved.values)}
    filled = {divmod(k, n): grid.symbol(v) for k, v in enumerate(grid.values) if v}
    units = sudoku.units_of(grid, variant, regions)
    if units is None:
        units = sudoku.regions_of(n, grid.box)
    peers: dict[Cell, set[Cell]] = {}
    for unit in units.units:
        cells = [divmod(k, n) for k in unit]
        for cell in cells:
            peers.setdefault(cell, set()).update(c for c in cells if c != cell)
    candidates = {
        (r, c): set(symbols) for r in range(n) for c in range(n) if (r, c) not in filled
    }
    for cell, symbol in filled.items():
        for peer in peers[cell]:
            candidates.get(peer, set()).discard(symbol)

    def picture() -> tuple[tuple[object, ...], ...]:
        return tuple(
            tuple(s for s in symbols if s in candidates.get(divmod(k, n), ()))
            for k in range(n * n)
        )

    for step in explanation.steps:
        assert isinstance(step, Step)
        # The step's picture of the grid is the one replayed here.
        assert step.candidates == picture(), step.text
        assert step.placements or step.eliminations, step.text
        for r, c, symbol in step.eliminations:
            assert answer[r, c] != symbol, f"{step.text}: removes the answer"
            assert symbol in candidates[r, c], f"{step.text}: not a candidate"
            candidates[r, c].discard(symbol)
        for r, c, symbol in step.placements:
            assert answer[r, c] == symbol, f"{step.text}: a wrong symbol"
            assert symbol in candidates[r, c], f"{step.text}: not a candidate"
            filled[r, c] = symbol
            del candidates[r, c]
            for peer in peers[r, c]:
                if peer in candidates:
                    candidates[peer].discard(symbol)
        assert step.rating >= 1.0, step.text
        # (A dynamic forcing chain may be rated 10.0 too.)
        assert step.technique != "search" or step.rating == SEARCH_RATING, step.text
    reached = explanation.reached
    assert {
        divmod(k, n): reached.symbol(v) for k, v in enumerate(reached.values) if v
    } == filled
    assert explanation.candidates == picture()
    ratings = [s.rating for s in explanation.steps]
    assert explanation.rating == max(ratings, default=0.0)
    first_placing = next(
        (k for k, s in enumerate(explanation.steps) if s.placements), len(ratings)
    )
    assert explanation.pearl == max(ratings[: first_placing + 1], default=0.0)
    assert explanation.diamond == (ratings[0] if ratings else 0.0)
    if partial:
        assert not explanation.complete and explanation.stopped is not None
    else:
        assert explanation.complete and explanation.stopped is None
        assert filled == answer
        assert not candidates


def _lines(path: Path, count: int | None) -> list[str]:
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    return lines if count is None else lines[:count]


def shared_lines(name: str, count: int | None = None) -> list[str]:
    """The first ``count`` puzzles of ``../shared/data/<name>``; skip when it is absent."""
    path = SHARED_DATA / name
    if not path.is_file():
        pytest.skip(
            f"shared puzzle data not found: {path.resolve()} (the tests look for "
            "../shared/data next to the repository's root)"
        )
    return _lines(path, count)


def local_lines(name: str, count: int | None = None) -> list[str]:
    """The first ``count`` puzzles of ``tests/data/<name>``."""
    return _lines(LOCAL_DATA / name, count)


# -- the sudoku command's options (the pty tests and the ways matrix) ------------

#: Stand for the files of a run of the sudoku command.
SUDOKU_SVG, SUDOKU_MAP, SUDOKU_CAGES = "<svg>", "<map>", "<cages>"

#: The --cages file of the runs: a killer that the 4x4 grid 1234 3412
#: 2143 4321 keeps (cages of 1 to 3 cells), and those cages as ``cages=``
#: takes them.
SUDOKU_CAGE_FILE = """\
# a killer for 4x4 grids
AABB
CDDB
CEFF
GEHH
A=3 B=9 C=5 D=5
E=4 F=7 G=4 H=3
"""
SUDOKU_CAGE_LIST: list[tuple[object, ...]] = [
    (3, [(0, 0), (0, 1)]),
    (9, [(0, 2), (0, 3), (1, 3)]),
    (5, [(1, 0), (2, 0)]),
    (5, [(1, 1), (1, 2)]),
    (4, [(2, 1), (3, 1)]),
    (7, [(2, 2), (2, 3)]),
    (4, [(3, 0)]),
    (3, [(3, 2), (3, 3)]),
]

#: Each option of the command and its words.
SUDOKU_OPTIONS: dict[str, tuple[str, ...]] = {
    "count": ("--count",),
    "why": ("--why",),
    "grade": ("--grade",),
    "explain": ("--explain",),
    "hint": ("--hint",),
    "rate": ("--rate",),
    "check": ("--check",),
    "method-sat": ("--method", "sat"),
    "method-dlx": ("--method", "dlx"),
    "jobs": ("--jobs", "2"),
    "limit": ("--limit", "2"),
    "timeout": ("--timeout", "60"),
    "unique": ("--unique",),
    "json": ("--json",),
    "pretty": ("--pretty",),
    "uva": ("--uva",),
    "svg": ("--svg", SUDOKU_SVG),
    "progress": ("--progress",),
    "no-progress": ("--no-progress",),
    "box": ("--box", "2x2"),
    "alphabet": ("--alphabet", "1234"),
    "variant": ("--variant", "x"),
    "regions": ("--regions", SUDOKU_MAP),
    "cages": ("--cages", SUDOKU_CAGES),
    "disjoint-cages": ("--disjoint-cages",),
}

#: The features of dlx.ways each option asks for; of the grid's options, --box and --regions
#: (which do not go together).
SUDOKU_FEATURES: dict[str, frozenset[str]] = {
    "count": frozenset({"count"}),
    "why": frozenset({"why"}),
    "grade": frozenset({"grade"}),
    "explain": frozenset({"explain"}),
    "hint": frozenset({"hint"}),
    "rate": frozenset({"rate"}),
    "check": frozenset({"check"}),
    "method-sat": frozenset({"sat"}),
    "method-dlx": frozenset(),  # the default method
    "jobs": frozenset({"split"}),
    "limit": frozenset({"limit"}),
    "timeout": frozenset({"timeout"}),
    "unique": frozenset({"unique"}),
    "json": frozenset({"json"}),
    "pretty": frozenset({"pretty"}),
    "uva": frozenset({"uva"}),
    "svg": frozenset({"svg"}),
    "progress": frozenset({"progress"}),
    "no-progress": frozenset(),
    "box": frozenset({"box"}),
    "alphabet": frozenset(),
    "variant": frozenset(),
    "regions": frozenset({"regions"}),
    "cages": frozenset({"cages"}),
    "disjoint-cages": frozenset({"disjoint_cages"}),
}
assert SUDOKU_FEATURES.keys() == SUDOKU_OPTIONS.keys()


def wrong_given(
    values: Sequence[int],
    solution: Sequence[int],
    units: Regions,
    alphabet: str,
    rng: random.Random,
) -> tuple[str, tuple[int, int, str]] | None:
    """A puzzle made wrong: one blank given a symbol that repeats nothing in its units.

    The blank is drawn at random among those where such a symbol other
    than the solution's exists, so no two givens clash: only deductions
    (or the search) show the puzzle broken.  Used by the tests and the
    benchmark of :func:`sudoku.conflicts`.

    :returns: the puzzle's text and the wrong given ``(row, column,
        symbol)``, or ``None`` when no blank has such a symbol.
    """
    size = len(alphabet)
    cells = list(values)
    blanks = [cell for cell in range(size * size) if not cells[cell]]
    rng.shuffle(blanks)
    for cell in blanks:
        seen = {cells[o] for u in units.cell_units[cell] for o in units.units[u]}
        wrong = [v for v in range(1, size + 1) if v not in seen and v != solution[cell]]
        if wrong:
            cells[cell] = rng.choice(wrong)
            text = "".join(alphabet[v - 1] if v else "." for v in cells)
            return text, (cell // size, cell % size, alphabet[cells[cell] - 1])
    return None


def why_text(givens: Sequence[tuple[int, int, object]]) -> str:
    """What ``sudoku --why`` prints for a puzzle, as its help documents it.

    ``r1c9 = 8, r2c4 = 1: no solution with these givens`` (rows and
    columns from 1), or ``has a solution`` for ``[]``.
    """
    if not givens:
        return "has a solution"
    cells = ", ".join(f"r{r + 1}c{c + 1} = {symbol}" for r, c, symbol in givens)
    return f"{cells}: no solution with these givens"


def neighbours(size: int, cell: int) -> list[int]:
    """The cells side by side with ``cell`` on a ``size``×``size`` grid (cages are made of them)."""
    row, column = divmod(cell, size)
    return [
        r * size + c
        for r, c in (
            (row - 1, column),
            (row + 1, column),
            (row, column - 1),
            (row, column + 1),
        )
        if 0 <= r < size and 0 <= c < size
    ]
