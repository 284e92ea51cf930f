"""When a stream of 16-character lines (4x4 puzzles or 16x16 rows) gives its first puzzle.

A 16-character line is a whole 4x4 puzzle or one row of a 16x16 block.
The layout used to wait for 64 lines or the end of the input before the
first answer; now it is chosen as soon as the lines read show it, by their
text alone (never by when they come), and the choice is the one the whole
window makes.  On a terminal the command says how to end the input.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence

import pytest
from sudoku_helpers import ROOT, assert_solves

from sudoku import Layout, iter_puzzles

ENV = dict(os.environ, PYTHONPATH=str(ROOT))

#: Four givens, no symbol twice: as a line, it may be a row of a 16x16 grid.
FOUR_GIVENS = "1......2..4..3.."
#: A sound 4x4 puzzle that repeats a symbol: no 16x16 row.
REPEATS = ".....4..4..12..."
#: The first rows of docs/examples/sudoku16.in (POJ 3076).
SIXTEEN = (ROOT / "docs" / "examples" / "sudoku16.in").read_text().splitlines()


def counted_lines(lines: Sequence[str], read: list[int]) -> Iterator[str]:
    for k, line in enumerate(lines):
        read.append(k)
        yield line


def first_after(lines: Sequence[str]) -> tuple[str, Layout, int]:
    """The first puzzle's text and layout, and how many lines were read for it."""
    read: list[int] = []
    first = next(iter_puzzles(counted_lines(lines, read)))
    return first.text, first.layout, len(read)


def test_a_puzzle_that_repeats_a_symbol_is_answered_at_its_line() -> None:
    assert first_after([REPEATS, FOUR_GIVENS, "." * 16]) == (REPEATS, Layout.LINES, 1)


def test_a_blank_line_or_a_header_after_it_shows_it_is_no_block() -> None:
    assert first_after([FOUR_GIVENS, "", FOUR_GIVENS]) == (
        FOUR_GIVENS,
        Layout.LINES,
        2,
    )
    assert first_after([FOUR_GIVENS, "Grid 02", FOUR_GIVENS])[1:] == (Layout.LINES, 2)
    # A comment does not end a block, so it decides nothing.
    assert first_after([FOUR_GIVENS, "# note", ""])[1:] == (Layout.LINES, 3)


def test_two_lines_with_one_symbol_in_one_column_are_no_block() -> None:
    second = "1" + "." * 15  # the 1 of FOUR_GIVENS's first column again
    assert first_after([FOUR_GIVENS, second, "." * 16]) == (
        FOUR_GIVENS,
        Layout.LINES,
        2,
    )


def test_sixteen_lines_of_four_by_four_symbols_decide() -> None:
    lines = ["." * k + "1" + "." * (15 - k) for k in range(16)]
    # No line repeats, no column either: only the 16th line decides.
    assert first_after([*lines, "ABCDEFGHIJKLMNOP"])[1:] == (Layout.LINES, 16)


def test_letters_wait_for_a_blank_line_or_the_16th_line() -> None:
    """With letters, 16 lines in a row make a block, sound or not."""
    letters = "A------B--D--C--"
    assert first_after([letters] * 3 + [""])[1:] == (Layout.LINES, 4)
    text, layout, read = first_after([letters] * 17)
    assert (layout, read, text) == (Layout.BLOCKS, 16, "\n".join([letters] * 16))


def test_without_such_a_sign_it_waits_for_the_end() -> None:
    lines = [FOUR_GIVENS, "." * 4 + "2" + "." * 11]
    assert first_after(lines)[1:] == (Layout.LINES, 2)  # the end decided


def test_rows_of_a_16x16_block_still_make_blocks() -> None:
    # A first row with only 4x4 symbols, then rows with others.
    first_row = "1...2..3.4......"
    rows = [first_row, *SIXTEEN[1:16]]
    text, layout, _ = first_after([*rows, "", *SIXTEEN[:16]])
    assert layout is Layout.BLOCKS and text == "\n".join(rows)
    assert first_after(SIXTEEN)[:2] == ("\n".join(SIXTEEN[:16]), Layout.BLOCKS)


def test_a_damaged_16x16_row_is_not_taken_for_a_4x4_puzzle() -> None:
    # It repeats a symbol, but within one of its 4x4 rows: no sound 4x4.
    damaged = "11......" + "." * 8
    text, layout, _ = first_after([damaged, *SIXTEEN[1:16]])
    assert layout is Layout.BLOCKS and text.startswith(damaged + "\n")


def test_a_known_size_decides_on_the_first_whole_line() -> None:
    read: list[int] = []
    puzzles = iter_puzzles(counted_lines([FOUR_GIVENS, FOUR_GIVENS], read), size=4)
    assert next(puzzles).layout is Layout.LINES and len(read) == 1


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "sudoku", *args]


@pytest.mark.processes
@pytest.mark.parametrize(
    ("written", "puzzle"),
    [
        ((REPEATS + "\n",), REPEATS),
        ((FOUR_GIVENS + "\n", "\n"), FOUR_GIVENS),
    ],
    ids=["repeats", "blank-line-after"],
)
def test_a_pipe_answers_a_4x4_puzzle_while_it_is_still_open(
    written: tuple[str, ...], puzzle: str
) -> None:
    process = subprocess.Popen(
        _command(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    assert process.stdin is not None and process.stdout is not None
    watchdog = threading.Timer(60, process.kill)
    watchdog.start()
    try:
        for line in written:
            process.stdin.write(line.encode())
        process.stdin.flush()
        answer = process.stdout.readline().decode().strip()
        assert_solves(puzzle, answer, (2, 2))
        process.stdin.close()
        assert process.stdout.read() == b""
        assert process.wait() == 0
    finally:
        watchdog.cancel()
        process.kill()
        process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_a_terminal_is_told_how_to_end_and_a_typed_puzzle_is_answered() -> None:
    import pty

    leader, follower = pty.openpty()
    process = subprocess.Popen(
        _command(),
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
        os.write(leader, REPEATS.encode() + b"\n")
        answer = process.stdout.readline().decode().strip()  # before any Ctrl-D
        assert_solves(REPEATS, answer, (2, 2))
        os.write(leader, FOUR_GIVENS.encode() + b"\n\x04")
        rest = process.stdout.read().decode()
        assert_solves(FOUR_GIVENS, rest.strip(), (2, 2))
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
