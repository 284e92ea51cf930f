"""Helpers for the sudoku tests: an independent validator and the puzzle data.

The validator knows nothing of :mod:`sudoku`: it reads grids itself and
checks the rules directly, so that no test trusts the solver to judge its
own answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

__all__ = [
    "HARD9",
    "LOCAL_DATA",
    "NO_SOLUTION9",
    "SHARED",
    "SHARED_DATA",
    "assert_solves",
    "cells_of",
    "local_lines",
    "shared_lines",
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
