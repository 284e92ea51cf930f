"""Puzzles typed on a terminal, and 16-character lines read as the whole window says.

A 16-character line is a whole 4x4 puzzle or one row of a 16x16 block, so
``sudoku`` chooses the layout from the first lines (up to 64) or the end
of the input.  A typed 4x4 puzzle is answered when the input ends, and on
a terminal the command says how to end it, as ``dlx`` does.

An earlier rule chose sooner, from the lines read so far (a blank line
after fewer than 16 such lines, a line repeating a symbol); a review
found it misread damaged 16x16 files that the window reads right.  The
guards below keep those files read right.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from sudoku_helpers import ROOT, assert_solves

import sudoku
from sudoku import Layout, iter_puzzles

ENV = dict(os.environ, PYTHONPATH=str(ROOT))

#: Four givens, no symbol twice: as a line, it may be a row of a 16x16 grid.
FOUR_GIVENS = "1......2..4..3.."
#: A sound 4x4 puzzle that repeats a symbol: no 16x16 row.
REPEATS = ".....4..4..12..."
#: docs/examples/sudoku16.in (POJ 3076): one 16x16 puzzle in 16 rows.
SIXTEEN = (ROOT / "docs" / "examples" / "sudoku16.in").read_text().splitlines()


@pytest.mark.parametrize(
    "first", ["________________", "AB--CD----------"], ids=["blanks", "letters"]
)
def test_a_damaged_line_and_a_blank_line_before_a_16x16_cost_only_that_line(
    first: str,
) -> None:
    puzzles = list(iter_puzzles([first, "", *SIXTEEN]))
    assert [p.layout for p in puzzles] == [Layout.BLOCKS, Layout.BLOCKS]
    assert puzzles[0].error is not None  # one row: not a puzzle
    assert puzzles[1].text == "\n".join(SIXTEEN)
    assert sudoku.solve(puzzles[1].text) is not None


def test_a_16x16_whose_first_row_repeats_a_digit_costs_only_its_puzzle() -> None:
    # A damaged first row that is also a sound 4x4 grid of digits, then a
    # blank line and the same puzzle undamaged.
    damaged = ["1.....1....234..", *SIXTEEN[1:]]
    puzzles = list(iter_puzzles([*damaged, "", *SIXTEEN]))
    assert [p.layout for p in puzzles] == [Layout.BLOCKS, Layout.BLOCKS]
    assert puzzles[1].text == "\n".join(SIXTEEN)


def test_a_title_of_16_characters_with_a_known_size_is_skipped() -> None:
    lines = [
        "Easy-4x4-puzzles",
        "1...",
        ".2..",
        "..3.",
        "...4",
        "",
        ".1..",
        "..2.",
        "...3",
        "4...",
    ]
    skipped: list[int] = []
    puzzles = list(iter_puzzles(lines, size=4, on_skip=lambda n, m: skipped.append(n)))
    assert [p.text for p in puzzles] == ["\n".join(lines[1:5]), "\n".join(lines[6:])]
    assert skipped == [1]


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_a_terminal_is_told_how_to_end_and_typed_puzzles_are_answered_at_the_end() -> (
    None
):
    import pty

    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku"],
        stdin=follower,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    os.close(follower)
    watchdog = threading.Timer(60, process.kill)
    watchdog.start()
    try:
        assert process.stdout is not None and process.stderr is not None
        os.write(leader, REPEATS.encode() + b"\n" + FOUR_GIVENS.encode() + b"\n\x04")
        first, second = process.stdout.read().decode().split()
        assert_solves(REPEATS, first, (2, 2))
        assert_solves(FOUR_GIVENS, second, (2, 2))
        assert process.wait() == 0
        assert process.stderr.read().decode() == (
            "sudoku: reading puzzles from standard input; "
            "end it with Ctrl-D at the start of a line\n"
        )
    finally:
        watchdog.cancel()
        process.kill()
        process.wait()
        os.close(leader)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
