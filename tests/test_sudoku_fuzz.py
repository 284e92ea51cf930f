"""Fuzz the sudoku readers: any input gives puzzles or a documented error.

Every grid form (:func:`sudoku.solve`), the batch readers
(:func:`sudoku.read_puzzles`, :func:`sudoku.iter_puzzles`) and the
``sudoku`` command get inputs built from real puzzle lines, headers,
comments and damage.  An exception other than :class:`sudoku.SudokuError`
(or :class:`dlx.BudgetExceeded` for a budget that ran out) fails the test,
and so does a traceback or an undocumented exit status of the command.

The default suite runs a few dozen examples of each; ``-m slow`` runs
thousands.
"""

from __future__ import annotations

import contextlib
import functools
import io
import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sudoku_helpers import LOCAL_DATA, local_lines

import sudoku
from dlx import BudgetExceeded
from sudoku import SudokuError
from sudoku.cli import main

NINE = local_lines("sudoku9_gecode18.txt", 6)
SIXTEEN_ROWS = (LOCAL_DATA / "sudoku16.in").read_text().split()
ROWS = [p[r : r + 9] for p in NINE for r in range(0, 81, 9)]
FEW, MANY = 40, 1500
SETTINGS = {
    "deadline": None,
    "suppress_health_check": [
        HealthCheck.too_slow,
        HealthCheck.function_scoped_fixture,
    ],
}


def damaged(line: str, draw: st.DrawFn) -> str:
    """``line`` with one character dropped, repeated or replaced (or as it was)."""
    if not line:
        return line
    k = draw(st.integers(0, len(line) - 1))
    how = draw(st.sampled_from(["keep", "drop", "double", "replace"]))
    if how == "drop":
        return line[:k] + line[k + 1 :]
    if how == "double":
        return line[: k + 1] + line[k:]
    if how == "replace":
        return line[:k] + draw(st.characters(codec="utf-8")) + line[k + 1 :]
    return line


@st.composite
def damaged_puzzles(draw: st.DrawFn) -> str:
    """A real 9x9 puzzle, perhaps damaged."""
    return damaged(draw(st.sampled_from(NINE)), draw)


@st.composite
def batch_lines(draw: st.DrawFn) -> list[str]:
    """Lines of a batch: real rows and puzzles, headers, comments, titles, damage."""
    piece = st.one_of(
        st.sampled_from(ROWS),
        st.sampled_from(NINE),
        st.sampled_from(SIXTEEN_ROWS),
        st.sampled_from(["", "", "Grid 01", "# comment", "end", "Puzzle 3:", "x"]),
        st.text(max_size=30),
    )
    lines = draw(st.lists(piece, max_size=60))
    return [damaged(line, draw) for line in lines]


def allowed(call: Callable[[], object]) -> None:
    """Run ``call``; the documented errors are fine, anything else fails."""
    with contextlib.suppress(SudokuError, BudgetExceeded):
        call()


# -- the batch readers ---------------------------------------------------------------------


def check_batch(lines: list[str], size: int | None, newline: str) -> None:
    text = newline.join(lines)
    try:
        puzzles = sudoku.read_puzzles(text, size=size)
    except SudokuError:
        return
    assert [p.number for p in puzzles] == list(range(1, len(puzzles) + 1))
    starts = [p.line for p in puzzles]
    assert starts == sorted(set(starts)) and all(line >= 1 for line in starts)
    # The lazy reader over the lines gives the same puzzles.
    assert list(sudoku.iter_puzzles(iter(text.splitlines()), size=size)) == puzzles
    for puzzle in puzzles:
        assert puzzle.text and puzzle.text == puzzle.text.strip()
        if puzzle.error is None:
            allowed(functools.partial(sudoku.solve, puzzle.text, max_nodes=300))


batches = given(
    batch_lines(),
    st.sampled_from([None, None, 4, 9, 16, 0, -1, 7]),
    st.sampled_from(["\n", "\r\n"]),
)


@settings(max_examples=FEW, **SETTINGS)  # type: ignore[arg-type]
@batches
def test_fuzz_batch_readers(lines: list[str], size: int | None, newline: str) -> None:
    check_batch(lines, size, newline)


@pytest.mark.slow
@settings(max_examples=MANY, **SETTINGS)  # type: ignore[arg-type]
@batches
def test_fuzz_batch_readers_long(
    lines: list[str], size: int | None, newline: str
) -> None:
    check_batch(lines, size, newline)


# -- every grid form -----------------------------------------------------------------------

cell = st.one_of(
    st.integers(-2, 20), st.none(), st.text(max_size=2), st.floats(), st.booleans()
)
grids = st.one_of(
    damaged_puzzles(),
    st.text(max_size=100),
    st.lists(st.sampled_from(ROWS) | st.text(max_size=10), max_size=10),
    st.lists(st.lists(cell, max_size=5), max_size=5),
    st.lists(st.one_of(st.text(max_size=4), st.lists(cell, max_size=4)), max_size=4),
    st.sampled_from([None, 42, b"12", 3.5, {"a": 1}, ("1234",) * 4]),
)
alphabets = st.one_of(
    st.none(), st.text(max_size=10), st.sampled_from([5, "123456789", "ABCD"])
)
boxes = st.one_of(
    st.none(),
    st.tuples(st.integers(-1, 4), st.integers(-1, 4)),
    st.sampled_from([(3,), "3x3", 9, (2.0, 2)]),
)


def check_grid(grid: object, alphabet: object, box: object) -> None:
    options: dict[str, Any] = {"alphabet": alphabet, "box": box, "max_nodes": 200}
    allowed(lambda: sudoku.solve(grid, **options))  # type: ignore[call-overload]
    allowed(lambda: sudoku.count(grid, **options))  # type: ignore[arg-type]
    allowed(lambda: sudoku.is_unique(grid, **options))  # type: ignore[arg-type]
    allowed(lambda: sudoku.check(grid, grid, alphabet=alphabet, box=box))  # type: ignore[arg-type]
    allowed(lambda: sudoku.Grid.parse(grid, alphabet=alphabet, box=box))  # type: ignore[arg-type]


grid_cases = given(grids, alphabets, boxes)


@settings(max_examples=FEW * 2, **SETTINGS)  # type: ignore[arg-type]
@grid_cases
def test_fuzz_grid_forms(grid: object, alphabet: object, box: object) -> None:
    check_grid(grid, alphabet, box)


@pytest.mark.slow
@settings(max_examples=MANY, **SETTINGS)  # type: ignore[arg-type]
@grid_cases
def test_fuzz_grid_forms_long(grid: object, alphabet: object, box: object) -> None:
    check_grid(grid, alphabet, box)


# -- the command on any bytes -------------------------------------------------------------


def check_command(
    data: bytes,
    args: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    status = main([*args, "--timeout", "0.5"])
    _, err = capsys.readouterr()
    # 3: a puzzle ran out of its --timeout (a loaded machine, a hard input).
    assert status in (0, 1, 2, 3), (status, err)
    assert "Traceback" not in err
    assert all(line.startswith("sudoku: ") for line in err.splitlines()), err
    if status == 0:
        assert err == ""


command_cases = given(
    data=st.one_of(
        batch_lines().map(lambda lines: "\n".join(lines).encode()),
        st.binary(max_size=200),
    ),
    args=st.sampled_from(
        [[], ["--count", "--limit", "2"], ["--uva"], ["--box", "2x2"]]
    ),
)


@settings(max_examples=FEW, **SETTINGS)  # type: ignore[arg-type]
@command_cases
def test_fuzz_command(
    data: bytes,
    args: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    check_command(data, args, capsys, monkeypatch)


@pytest.mark.slow
@settings(max_examples=MANY // 3, **SETTINGS)  # type: ignore[arg-type]
@command_cases
def test_fuzz_command_long(
    data: bytes,
    args: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    check_command(data, args, capsys, monkeypatch)
