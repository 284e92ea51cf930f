"""No progress line for a search of milliseconds on a terminal, and no line twice in a pipe.

The help of both commands says the progress line is shown once the search
has run for a second; the engine's only report before then is the one at
the end of a short search, which used to be drawn and wiped at once.  Into
a pipe (``--progress``) that last report is still written, once.
"""

from __future__ import annotations

import io
import itertools
import os
import pty
import subprocess
import sys
import threading
import tty

import pytest
from sudoku_helpers import ROOT

from dlx import Progress
from dlx.watch import SHOWN_AFTER, ProgressLine

ENV = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def report(elapsed: float) -> Progress:
    return Progress(
        nodes=6, updates=20, solutions=1, elapsed=elapsed, depth=3, fraction=1.0,
        remaining=0.0,
    )  # fmt: skip


def test_a_terminal_is_drawn_on_only_after_a_second() -> None:
    out = Terminal()
    line = ProgressLine(out, prefix="dlx: ", shown_after=SHOWN_AFTER)
    line.update(report(SHOWN_AFTER / 100))
    line.show("why: 1 test", elapsed=SHOWN_AFTER / 2)
    line.close()
    assert out.getvalue() == ""  # nothing drawn, so nothing wiped
    line.show("why: 2 tests", elapsed=SHOWN_AFTER)
    assert out.getvalue() == "\rdlx: why: 2 tests"
    # A text without a time is drawn as it comes (the caller decides).
    line.show("why: 3 tests")
    assert out.getvalue().endswith("\rdlx: why: 3 tests")


def test_a_pipe_gets_the_last_report_of_a_short_search_once() -> None:
    out = io.StringIO()
    line = ProgressLine(out, prefix="sudoku: puzzle 2: ", shown_after=SHOWN_AFTER)
    line.update(report(0.001))
    line.show("1 test, no reason yet, 0 s", elapsed=0.001)
    line.show("1 test, no reason yet, 0 s", elapsed=0.002)
    line.show("2 tests, no reason yet, 0 s")
    line.close()
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("sudoku: puzzle 2: 1 solution, 6 nodes at ")
    assert lines[1:] == [
        "sudoku: puzzle 2: 1 test, no reason yet, 0 s",
        "sudoku: puzzle 2: 2 tests, no reason yet, 0 s",
    ]


def on_a_terminal(*args: str) -> bytes:
    """What ``python -m ARGS`` writes on a raw pseudo-terminal (its stdout and stderr)."""
    leader, follower = pty.openpty()
    tty.setraw(follower)
    process = subprocess.Popen(
        [sys.executable, "-m", *args],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=ENV,
        cwd=ROOT,
    )
    os.close(follower)
    watchdog = threading.Timer(60, process.kill)
    watchdog.start()
    got = b""
    try:
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed: the process ended
                break
            if not chunk:
                break
            got += chunk
        assert process.wait() == 0, got
    finally:
        watchdog.cancel()
        process.kill()
        process.wait()
        os.close(leader)
    return got


def test_without_shown_after_every_report_is_drawn() -> None:
    """A line made without ``shown_after`` draws every report (both commands pass ``SHOWN_AFTER``)."""
    out = Terminal()
    line = ProgressLine(out, prefix="dlx: ")
    line.show("why: 1 test", elapsed=0.001)
    assert out.getvalue() == "\rdlx: why: 1 test"


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_sudoku_draws_nothing_for_a_count_of_milliseconds(
    tmp_path: os.PathLike[str],
) -> None:
    puzzle = os.path.join(tmp_path, "one4.txt")
    with open(puzzle, "w", encoding="ascii") as handle:
        handle.write("1" + "." * 15 + "\n")
    assert on_a_terminal("sudoku", "--count", puzzle) == b"72\n"


@pytest.mark.processes
def test_sudoku_why_in_a_pipe_writes_no_line_twice() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sudoku", "--why", "--progress"],
        input=(ROOT / "docs" / "examples" / "sudoku9.in").read_text(),
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout == "has a solution\n" * 2
    lines = done.stderr.splitlines()
    # The last report of each puzzle (they take milliseconds), and no line
    # twice in a row (before, puzzle 2's came twice).
    assert {line.split(":")[1] for line in lines} == {" puzzle 1", " puzzle 2"}
    assert all(first != second for first, second in itertools.pairwise(lines))
