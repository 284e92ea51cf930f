"""The ``sudoku`` command as a stream: headers and stray lines, laziness,
output errors, closed pipes and signals (issue 15; issue 9 for signals).

The process tests run the real command with real pipes and files.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sudoku_helpers import ROOT, assert_solves, local_lines

from sudoku import Layout, iter_puzzles, read_puzzles
from sudoku.cli import main

NINE = local_lines("sudoku9_gecode18.txt")
HARD = local_lines("sudoku9_norvig_top95.txt")
ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def rows_of(puzzle: str, blank: str = ".") -> list[str]:
    """The nine rows of an 81-character puzzle, blanks written as ``blank``."""
    cells = puzzle.replace(".", blank)
    return [cells[r : r + 9] for r in range(0, 81, 9)]


def run_main(
    args: list[str],
    stdin: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def grids_of(out: str) -> list[str]:
    """The 9x9 answers of block output (each followed by one blank line)."""
    assert out.endswith("\n\n") or out == ""
    return [grid for grid in out.split("\n\n") if grid]


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "sudoku", *args]


# -- headers, comments and stray lines ------------------------------------------------


def test_project_euler_style_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Grid NN`` then 9 lines of 9 digits, 0 for a blank: every grid solved, nothing else."""
    puzzles = NINE[:6]
    lines: list[str] = []
    for k, puzzle in enumerate(puzzles, 1):
        lines.append(f"Grid {k:02d}")
        lines.extend(rows_of(puzzle, "0"))
    path = tmp_path / "p096_sudoku.txt"
    path.write_text("\n".join(lines) + "\n")
    status = main([str(path)])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    answers = grids_of(out)
    assert len(answers) == len(puzzles)
    for puzzle, answer in zip(puzzles, answers, strict=True):
        assert "0" not in answer
        assert_solves(puzzle, answer, (3, 3))


def test_stray_lines_cost_at_most_their_own_puzzle(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Blocks with no blank lines between them, a title, comments, a damaged row."""
    p1, p2, p3, p4, p5 = NINE[:5]
    damaged = rows_of(p3)
    damaged[4] = damaged[4][:8]  # a row one character short, line 24
    lines = [
        "x",  # line 1: the stray line of the issue's reproduction
        *rows_of(p1),  # lines 2-10
        "# a comment between two grids",  # line 11
        *rows_of(p2),  # lines 12-20
        *damaged,  # lines 21-29
        "Hard ones, from Norvig:",  # line 30: a title
        *rows_of(p4)[:3],  # lines 31-33
        "# a comment inside a grid",  # line 34
        *rows_of(p4)[3:],  # lines 35-40
        *rows_of(p5),  # lines 41-49
    ]
    status, out, err = run_main([], "\n".join(lines) + "\n", capsys, monkeypatch)
    assert status == 1
    answers = grids_of(out)
    assert len(answers) == 4
    for puzzle, answer in zip([p1, p2, p4, p5], answers, strict=True):
        assert_solves(puzzle, answer, (3, 3))
    messages = err.splitlines()
    assert len(messages) == 3, err
    assert (
        messages[0] == "sudoku: <stdin>: line 1: skipped, not a row of a 9x9 grid: 'x'"
    )
    assert messages[1].startswith(
        "sudoku: <stdin>: puzzle 3 (lines 21-29): row 5 has 8 cells"
    )
    assert messages[2] == (
        "sudoku: <stdin>: line 30: skipped, not a row of a 9x9 grid: "
        "'Hard ones, from Norvig:'"
    )


@pytest.mark.processes
def test_the_issue_reproduction_through_the_command() -> None:
    """``{ echo x; four puzzles folded into rows; } | python -m sudoku``."""
    text = "x\n" + "".join("\n".join(rows_of(puzzle)) + "\n" for puzzle in HARD[:4])
    result = subprocess.run(
        command(), input=text.encode(), capture_output=True, env=ENV, timeout=60
    )
    answers = grids_of(result.stdout.decode())
    assert len(answers) == 4
    for puzzle, answer in zip(HARD[:4], answers, strict=True):
        assert_solves(puzzle, answer, (3, 3))
    assert result.stderr.decode().splitlines() == [
        "sudoku: <stdin>: line 1: skipped, not a row of a 9x9 grid: 'x'"
    ]
    assert result.returncode == 1


def test_a_grid_header_ends_a_short_block() -> None:
    lines = ["Grid 01", *rows_of(NINE[0])[:7], "Grid 02", *rows_of(NINE[1])]
    first, second = read_puzzles("\n".join(lines))
    assert first.error is not None and first.error.startswith("7 rows")
    assert second.error is None and second.line == 10
    assert second.text == "\n".join(rows_of(NINE[1]))


def test_lines_layout_skips_comments_headers_and_titles() -> None:
    skipped: list[tuple[int, str]] = []
    text = f"# top95\nPuzzle 1:\n{HARD[0]}\nSome title here\n{HARD[1]}\n"
    puzzles = list(
        iter_puzzles(text, on_skip=lambda line, why: skipped.append((line, why)))
    )
    assert [(p.number, p.line, p.text) for p in puzzles] == [
        (1, 3, HARD[0]),
        (2, 5, HARD[1]),
    ]
    assert [line for line, _ in skipped] == [4]


def test_an_extra_row_like_line_inside_a_block_does_not_move_the_next_ones() -> None:
    """A far-too-short line inside a block is skipped; the block is still whole."""
    rows = rows_of(NINE[0])
    lines = [*rows[:4], "12", *rows[4:], *rows_of(NINE[1])]
    skipped: list[int] = []
    puzzles = list(iter_puzzles(lines, on_skip=lambda line, why: skipped.append(line)))
    assert [p.text for p in puzzles] == [
        "\n".join(rows),
        "\n".join(rows_of(NINE[1])),
    ]
    assert skipped == [5]


# -- laziness and the look-ahead window -------------------------------------------------


def test_iter_puzzles_reads_no_further_than_it_needs() -> None:
    read: list[int] = []

    def lines() -> Iterator[str]:
        for k, puzzle in enumerate(HARD):
            read.append(k)
            yield puzzle

    puzzles = iter_puzzles(lines())
    assert next(puzzles).text == HARD[0]
    assert len(read) == 1  # a first line of 81 characters decides at once
    blocks = iter_puzzles(row for puzzle in NINE for row in rows_of(puzzle))
    first = next(blocks)
    assert first.layout is Layout.BLOCKS and first.text == "\n".join(rows_of(NINE[0]))


def test_the_window_outvotes_a_damaged_first_line_of_a_stream() -> None:
    puzzles = list(iter_puzzles(iter(["...3", *HARD[:5]])))
    assert [p.text for p in puzzles] == ["...3", *HARD[:5]]
    assert all(p.layout is Layout.LINES for p in puzzles)


def test_the_layout_comes_from_the_window_only() -> None:
    """Past the window, lines no longer change the layout."""
    fours = ["1......2..4..3.."] * 70
    puzzles = list(iter_puzzles([*fours, "ABCDEFGHIJKLMNOP"]))
    assert len(puzzles) == 71 and puzzles[-1].layout is Layout.LINES


@pytest.mark.processes
def test_first_answer_of_an_endless_stdin_comes_at_once() -> None:
    """Answers come back while standard input is still open."""
    process = subprocess.Popen(
        command(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    assert process.stdin is not None and process.stdout is not None
    watchdog = threading.Timer(60, process.kill)
    watchdog.start()
    try:
        for puzzle in HARD[:3]:
            process.stdin.write(puzzle.encode() + b"\n")
            process.stdin.flush()
            answer = process.stdout.readline().decode().strip()
            assert_solves(puzzle, answer, (3, 3))
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


# -- --check with missing solutions -------------------------------------------------------


def test_check_with_an_empty_or_short_answer_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("\n".join(HARD[:2]) + "\n")
    empty = tmp_path / "empty.out"
    empty.write_text("")
    assert main(["--check", str(puzzles), str(empty)]) == 1
    out, err = capsys.readouterr()
    assert out == "0 solutions checked: 2 missing\n"
    assert err == (
        f"sudoku: {empty}: no solutions at all, but {puzzles} has 2 puzzles\n"
    )
    assert main(["--check", str(puzzles), os.devnull]) == 1
    assert "no solutions at all" in capsys.readouterr().err
    # One right answer for two puzzles: the missing one is an error.
    assert main([str(puzzles)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    short = tmp_path / "short.out"
    short.write_text(first + "\n")
    assert main(["--check", str(puzzles), str(short)]) == 1
    out, err = capsys.readouterr()
    assert out == "1 solution checked: 1 missing\n"
    assert "has only 1 solution but" in err and "the last 1 has none" in err


# -- output errors, closed streams, pipes ---------------------------------------------------


def test_disk_full_is_status_74_with_one_line() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("/dev/full does not exist on this system")
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            command(str(ROOT / "tests" / "data" / "sudoku9.in")),
            stdout=full,
            stderr=subprocess.PIPE,
            env=ENV,
            timeout=60,
        )
    assert result.returncode == 74
    assert result.stderr == (
        b"sudoku: cannot write to standard output: No space left on device\n"
    )


@pytest.mark.processes
@pytest.mark.parametrize(
    ("redirect", "status", "message"),
    [
        (">&-", 74, "sudoku: cannot write to standard output: it is closed"),
        ("<&-", 2, "sudoku: cannot read standard input: it is closed"),
    ],
)
def test_closed_standard_streams(redirect: str, status: int, message: str) -> None:
    result = subprocess.run(
        ["sh", "-c", f'"$0" -m sudoku {redirect}', sys.executable],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL if redirect == "<&-" else None,
        stderr=subprocess.PIPE,
        env=ENV,
        timeout=60,
    )
    assert result.returncode == status
    assert result.stderr.decode() == message + "\n"


@pytest.mark.processes
def test_closed_standard_error_pipe_is_141(tmp_path: Path) -> None:
    """Errors reported to a reader that went away: stop at once, quietly."""
    path = tmp_path / "bad.txt"
    path.write_text(("11" + "." * 79 + "\n") * 20000)
    process = subprocess.Popen(
        command(str(path)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stderr.readline().startswith(b"sudoku: ")
    process.stderr.close()  # like `2>&1 >/dev/null | head -1`
    status = process.wait(timeout=60)
    assert process.stdout.read() == b""
    process.stdout.close()
    assert status == 141


def test_help_documents_every_status(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    for words in ("74", "130", "141", "143", "Grid 01", "'#'", "cannot write"):
        assert words in text, words


# -- signals (issue 9) --------------------------------------------------------------------


@pytest.mark.processes
@pytest.mark.parametrize(
    ("signum", "status", "how"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)
def test_a_signal_mid_batch_ends_cleanly(
    tmp_path: Path, signum: int, status: int, how: str
) -> None:
    puzzles = HARD * 20  # minutes of work: the signal comes long before the end
    path = tmp_path / "hard.txt"
    path.write_text("\n".join(puzzles) + "\n")
    process = subprocess.Popen(
        command(str(path)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        # A child of a background job may start with SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stdout is not None and process.stderr is not None
    first = [process.stdout.readline() for _ in range(3)]
    process.send_signal(signum)
    out = b"".join(first) + process.stdout.read()
    err = process.stderr.read().decode()
    process.stdout.close()
    process.stderr.close()
    assert process.wait(timeout=60) == status
    assert out.endswith(b"\n")
    answers = out.decode().splitlines()
    assert 3 <= len(answers) < len(puzzles)
    for puzzle, answer in zip(puzzles, answers, strict=False):
        assert_solves(puzzle, answer, (3, 3))
    assert "Traceback" not in err
    last = err.splitlines()[-1]
    read = int(last.split(" after ")[1].split()[0])
    assert read >= 3  # so the plural is right
    assert last == (f"sudoku: {how} after {read} puzzles read: {len(answers)} answered")
    assert read in (len(answers), len(answers) + 1)


def test_grids_without_boxes_are_read_at_sizes_without_a_box_shape() -> None:
    # boxes=False (--variant latin): a 25-character line is a 5x5 grid, a
    # 49-character one 7x7, and five lines of five a 5x5 block; twenty-five
    # lines of 25 in a run are still one 25x25 block.
    five = "12......3" + "." * 16
    assert [p.text for p in read_puzzles(f"{five}\n{five}\n", boxes=False)] == [
        five
    ] * 2
    assert [p.layout for p in read_puzzles(f"{five}\n", boxes=False)] == [Layout.LINES]
    seven = "1" + "." * 48
    assert [p.text for p in read_puzzles(seven + "\n", boxes=False)] == [seven]
    block = "\n".join(five[r : r + 5] for r in range(0, 25, 5))
    read = read_puzzles(f"{block}\n\n{block}\n", boxes=False)
    assert [(p.text, p.layout) for p in read] == [(block, Layout.BLOCKS)] * 2
    rows = "\n".join(["1" + "." * 24] * 25)
    assert [p.layout for p in read_puzzles(rows + "\n", boxes=False)] == [Layout.BLOCKS]
    assert len(read_puzzles(rows + "\n", boxes=False)[0].text.splitlines()) == 25
    # With boxes (the default) a 25-character line is still a row.
    assert [p.layout for p in read_puzzles(f"{five}\n")] == [Layout.BLOCKS]


@pytest.mark.parametrize("size", [5, 7])
@pytest.mark.parametrize("blocks", [False, True])
def test_the_latin_puzzles_generate_writes_are_read_back(
    size: int, blocks: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # sudoku generate --variant latin --size 5 once wrote puzzles that
    # sudoku --variant latin read as rows of a 25x25 grid.
    args = ["generate", "--variant", "latin", "--size", str(size), "--seed", "1"]
    assert main([*args, *(["--blocks"] if blocks else [])]) == 0
    made = tmp_path / "latin.txt"
    made.write_text(capsys.readouterr().out)
    assert main(["--variant", "latin", "--count", str(made)]) == 0
    assert capsys.readouterr().out == "1\n"
