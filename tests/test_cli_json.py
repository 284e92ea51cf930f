"""``dlx --json`` and ``sudoku --json``: JSON Lines checked against the API.

Every test runs the command as a subprocess, parses every line of its
standard output with :func:`json.loads` (refusing NaN and infinities,
which are not JSON), and checks the content against what the library
gives for the same input: :func:`dlx.read_dlx` and its searches,
:func:`sudoku.solve`, :func:`sudoku.count`, :func:`sudoku.grade`.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from dlx_helpers import langford_file, start_command

import dlx.records
import sudoku
from dlx import (
    BudgetExceeded,
    ExactCover,
    Search,
    format_option,
    read_dlx,
)

pytestmark = pytest.mark.processes

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
EXAMPLES = ROOT / "docs" / "examples"
DATA = ROOT / "tests" / "data"

KNUTH = EXAMPLES / "knuth.dlx"
DLX3 = EXAMPLES / "dlx3.dlx"
QUEENS8 = DATA / "knuth" / "queens8.dlx"
COLOURS = DATA / "knuth" / "knuth_color_example.dlx"
LANGFORD7 = DATA / "knuth" / "langford7.dlx"
SUDOKU9 = EXAMPLES / "sudoku9.in"
SUDOKU16 = EXAMPLES / "sudoku16.in"


def _no_constant(name: str) -> Any:
    raise AssertionError(f"not JSON: {name}")


def records(text: str) -> list[dict[str, Any]]:
    """Every line of ``text`` as a JSON object (each line must be one)."""
    assert text.endswith("\n")
    found = []
    for line in text.splitlines():
        record = json.loads(line, parse_constant=_no_constant)
        assert isinstance(record, dict)
        found.append(record)
    return found


def run(
    command: str, *args: str, input: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", command, *args],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        input=input,
        stdin=None if input is not None else subprocess.DEVNULL,
        timeout=300,
    )


def only_warnings(err: str) -> bool:
    """Whether standard error says nothing but the reader's warnings.

    (Knuth's colour example has an option without a primary item.)
    """
    return all(line.startswith("dlx: warning: ") for line in err.splitlines())


def problem_of(path: Path) -> ExactCover:
    with path.open("rb") as stream:
        return read_dlx(stream, str(path))


def stats_of(search: Search) -> dict[str, int]:
    return dlx.records.as_dict(search.stats)


def solution_record(problem: ExactCover, number: int, solution: tuple[int, ...]) -> Any:
    return {
        "solution": number,
        "options": list(solution),
        "lines": [format_option(problem.option(k)) for k in solution],
    }


# -- dlx -----------------------------------------------------------------------


@pytest.mark.parametrize("path", [KNUTH, DLX3, QUEENS8, COLOURS, LANGFORD7])
def test_dlx_json_has_every_solution_then_the_summary(path: Path) -> None:
    done = run("dlx", "--json", str(path))
    assert done.returncode == 0
    assert only_warnings(done.stderr)
    *solutions, last = records(done.stdout)
    problem = problem_of(path)
    search = problem.search()
    expected = [solution_record(problem, n, s) for n, s in enumerate(search, 1)]
    assert solutions == expected
    assert last == {
        "count": len(expected),
        "complete": True,
        "outcome": "exhausted",
        "stats": stats_of(search),
    }
    assert last["count"] > 0 and last["stats"]["solutions"] == last["count"]


def test_dlx_json_lines_are_what_the_plain_output_prints() -> None:
    plain = run("dlx", str(QUEENS8))
    listed = run("dlx", "--json", str(QUEENS8))
    blocks = plain.stdout.rstrip("\n").split("\n\n")
    lines = [record["lines"] for record in records(listed.stdout)[:-1]]
    assert lines == [block.split("\n") for block in blocks]
    assert len(lines) == 92


def test_dlx_json_numbers_options_as_the_api_when_one_is_dropped(
    tmp_path: Path,
) -> None:
    # Line 2 has no primary item: the reader drops it (with a warning), and
    # the options after it are numbered as read_dlx numbers them.
    path = tmp_path / "dropped.dlx"
    path.write_text("a b | x\nx\na x\nb\na b\n")
    done = run("dlx", "--json", str(path))
    assert done.returncode == 0
    assert "option ignored" in done.stderr
    *solutions, last = records(done.stdout)
    problem = problem_of(path)
    assert [tuple(r["options"]) for r in solutions] == list(problem.solutions())
    assert [r["lines"] for r in solutions] == [["a x", "b"], ["a b"]]
    assert last["count"] == 2


def test_dlx_json_count_gives_only_the_summary() -> None:
    done = run("dlx", "--json", "--count", str(QUEENS8))
    assert (done.returncode, done.stderr) == (0, "")
    search = problem_of(QUEENS8).search(count_only=True)
    assert list(search) == []  # counted, not handed out
    assert search.stats.solutions == 92
    assert records(done.stdout) == [
        {
            "count": 92,
            "complete": True,
            "outcome": "exhausted",
            "stats": stats_of(search),
        }
    ]


def test_dlx_json_limit() -> None:
    done = run("dlx", "--json", "--limit", "5", str(QUEENS8))
    assert (done.returncode, done.stderr) == (0, "")
    *solutions, last = records(done.stdout)
    problem = problem_of(QUEENS8)
    search = problem.search(limit=5)
    assert solutions == [
        solution_record(problem, n, s) for n, s in enumerate(search, 1)
    ]
    assert last == {
        "count": 5,
        "complete": False,  # stopped at --limit: the count is a lower bound
        "outcome": "limit_reached",
        "stats": stats_of(search),
    }


@pytest.mark.parametrize("count", [False, True])
def test_dlx_json_ends_with_the_summary_when_a_node_budget_stops_it(
    count: bool,
) -> None:
    args = ["--json", "--max-nodes", "300", str(QUEENS8)]
    done = run("dlx", *args, *(["--count"] if count else []))
    assert done.returncode == 3  # as without --json
    assert "node budget of 300 used up" in done.stderr
    *solutions, last = records(done.stdout)
    problem = problem_of(QUEENS8)
    search = problem.search(max_nodes=300, count_only=count)
    found: list[tuple[int, ...]] = []
    with pytest.raises(BudgetExceeded):
        found.extend(search)
    assert 0 < search.stats.solutions < 92
    if count:
        assert found == []  # a count hands nothing out
        assert solutions == []
    else:
        assert len(found) == search.stats.solutions
        expected = [solution_record(problem, n, s) for n, s in enumerate(found, 1)]
        assert solutions == expected
    assert last == {
        "count": search.stats.solutions,
        "complete": False,
        "outcome": "out_of_nodes",
        "stats": stats_of(search),
    }
    assert last["stats"]["nodes"] == 300


@pytest.mark.parametrize("path", [QUEENS8, COLOURS, DLX3])
def test_dlx_json_with_two_jobs_writes_the_same_lines(path: Path) -> None:
    serial = run("dlx", "--json", str(path))
    split = run("dlx", "--json", "--jobs", "2", "--task-seconds", "0.001", str(path))
    assert split.returncode == 0
    assert only_warnings(split.stderr)
    assert split.stdout == serial.stdout
    counted = run("dlx", "--json", "--count", "--jobs", "2", str(path))
    assert records(counted.stdout) == records(serial.stdout)[-1:]


def test_dlx_json_with_two_jobs_and_a_budget_ends_with_the_summary() -> None:
    done = run("dlx", "--json", "--jobs", "2", "--max-nodes", "300", str(QUEENS8))
    assert done.returncode == 3
    *solutions, last = records(done.stdout)
    problem = problem_of(QUEENS8)
    # In the serial order up to the first unfinished subproblem, then what
    # the tasks had found past it: every solution found, numbered in turn.
    every = {tuple(s) for s in problem.solutions()}
    found = [tuple(record["options"]) for record in solutions]
    assert len(set(found)) == len(found) and set(found) <= every
    assert solutions == [solution_record(problem, n, s) for n, s in enumerate(found, 1)]
    assert last["count"] == len(solutions) == last["stats"]["solutions"]
    assert (last["complete"], last["outcome"]) == (False, "out_of_nodes")
    assert last["stats"]["nodes"] >= 300


def test_dlx_json_estimate() -> None:
    done = run(
        "dlx", "--json", "--estimate", "--probes", "500", "--seed", "3", str(QUEENS8)
    )
    assert (done.returncode, done.stderr) == (0, "")
    [record] = records(done.stdout)
    fields = record["estimate"]
    expected = problem_of(QUEENS8).estimate(500, seed=3)
    for name in ("nodes", "updates", "solutions", "nodes_se", "updates_se"):
        assert fields[name] == pytest.approx(getattr(expected, name))
    assert fields["probes"] == 500
    assert fields["seconds"] > 0 and fields["search_seconds"] > 0
    assert set(fields) == {
        *dlx.records.fields(expected),
        "search_seconds",
    }


def test_dlx_json_estimate_writes_null_for_an_unknown_error() -> None:
    # One probe: the standard errors are unknown (infinite), which JSON
    # cannot say; they are null.
    done = run("dlx", "--json", "--estimate", "--probes", "1", str(QUEENS8))
    [record] = records(done.stdout)
    assert record["estimate"]["nodes_se"] is None
    assert record["estimate"]["nodes"] > 0


def stop_when_written(
    argv: list[str], out: Path, signum: int, lines: int = 3
) -> subprocess.CompletedProcess[str]:
    """Run ``argv``, send it ``signum`` once ``out`` has ``lines`` lines."""
    with out.open("wb") as stream:  # a file: a full pipe would stall the run
        process = subprocess.Popen(
            [sys.executable, "-m", *argv],
            stdout=stream,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            env=ENV,
            cwd=ROOT,
            # SIGINT not ignored, even when pytest runs as a background job.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            deadline = time.monotonic() + 120
            while out.read_bytes().count(b"\n") < lines:
                assert process.poll() is None, "it ended before it could be stopped"
                assert time.monotonic() < deadline
                time.sleep(0.01)
            process.send_signal(signum)
            _, err = process.communicate(timeout=120)
        finally:
            if process.poll() is None:  # a failed test leaves no search running
                process.kill()
                process.wait()
    return subprocess.CompletedProcess(
        argv, process.returncode, out.read_text(), err.decode()
    )


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(
    ("signum", "status", "word"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)
def test_dlx_json_ends_with_the_summary_when_a_signal_stops_it(
    tmp_path: Path, signum: int, status: int, word: str
) -> None:
    path = langford_file(tmp_path, 12)  # 108,144 solutions: many seconds
    done = stop_when_written(
        ["dlx", "--json", str(path)], tmp_path / "out.jsonl", signum
    )
    assert done.returncode == status
    assert done.stderr.startswith(f"dlx: {word} after ")
    *solutions, last = records(done.stdout)
    assert len(solutions) >= 3
    problem = problem_of(path)
    first = itertools.islice(problem.solutions(), len(solutions))
    expected = [solution_record(problem, n, s) for n, s in enumerate(first, 1)]
    assert solutions == expected
    assert (last["count"], last["complete"], last["outcome"]) == (
        len(solutions),
        False,
        word,
    )
    assert last["stats"]["solutions"] >= len(solutions)


def test_dlx_json_refused_input_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bad.dlx"
    path.write_text("A B\nA C\n")
    done = run("dlx", "--json", str(path))
    assert done.returncode == 2 and done.stdout == ""


# -- sudoku --------------------------------------------------------------------


def grids(path: Path) -> list[str]:
    return [puzzle.text for puzzle in sudoku.read_puzzles(path.read_text())]


@pytest.mark.parametrize(
    "path",
    [
        SUDOKU9,
        SUDOKU16,
        DATA / "sudoku9_norvig_hardest.txt",
        DATA / "sudoku16_gecode_janko55.txt",
    ],
)
def test_sudoku_json_solutions_are_the_api_solutions(path: Path) -> None:
    done = run("sudoku", "--json", str(path))
    assert (done.returncode, done.stderr) == (0, "")
    *answers, last = records(done.stdout)
    puzzles = sudoku.read_puzzles(path.read_text())
    assert answers == [
        {
            "file": str(path),
            "puzzle": puzzle.number,
            "line": puzzle.line,
            "solution": sudoku.solve(puzzle.text).replace("\n", ""),
        }
        for puzzle in puzzles
    ]
    n = len(puzzles)
    assert last == {
        "puzzles": n,
        "answered": n,
        "errors": 0,
        "skipped": 0,
        "complete": True,
    }
    if path == SUDOKU16:
        # Blocks of 16 lines: the grid on one line, in the puzzle's letters.
        [answer] = answers
        assert len(answer["solution"]) == 256 and set(answer["solution"]) <= set(
            "ABCDEFGHIJKLMNOP"
        )


BATCH = """\
1...............
1..1............
this line is no puzzle at all, and is skipped
..3.............
......34...23...
................
"""


def test_sudoku_json_batch_with_bad_puzzles_delivers_every_good_one(
    tmp_path: Path,
) -> None:
    path = tmp_path / "batch.txt"
    path.write_text(BATCH)
    done = run("sudoku", "--json", str(path))
    assert done.returncode == 1  # as without --json
    *answers, last = records(done.stdout)
    puzzles = sudoku.read_puzzles(BATCH)
    assert len(answers) == len(puzzles) == 5
    errors = 0
    for answer, puzzle in zip(answers, puzzles, strict=True):
        assert answer["file"] == str(path)
        assert (answer["puzzle"], answer["line"]) == (puzzle.number, puzzle.line)
        try:
            solved = sudoku.solve(puzzle.text)
        except sudoku.SudokuError as error:
            errors += 1
            assert answer["error"] == str(error)
            assert "solution" not in answer
            # The same message on standard error, with its place.
            assert f"puzzle {puzzle.number} (line {puzzle.line}): {error}" in (
                done.stderr
            )
        else:
            assert answer["solution"] == solved
    assert errors == 2  # a repeated 1; no symbol fits row 4, column 4
    assert "line 3: skipped" in done.stderr
    assert last == {
        "puzzles": 5,
        "answered": 3,
        "errors": 2,
        "skipped": 1,
        "complete": True,
    }


def test_sudoku_json_count_with_limit(tmp_path: Path) -> None:
    path = tmp_path / "batch.txt"
    path.write_text(BATCH)
    done = run("sudoku", "--json", "--count", "--limit", "2", str(path))
    *answers, last = records(done.stdout)
    counts = []
    for answer, text in zip(answers, grids(path), strict=True):
        try:
            expected = sudoku.count(text, 2)
        except sudoku.SudokuError as error:
            assert answer["error"] == str(error)
        else:
            assert answer["count"] == expected
            counts.append(expected)
    # Few givens: several solutions, but 0 for the one without any; only
    # the repeated 1 is an error.
    assert counts == [2, 2, 0, 2]
    assert (last["answered"], last["errors"]) == (4, 1)


def test_sudoku_json_grade() -> None:
    path = DATA / "sudoku9_norvig_hardest.txt"
    done = run("sudoku", "--json", "--grade", str(path))
    assert done.returncode == 0, done.stderr
    *answers, last = records(done.stdout)
    plain = run("sudoku", "--grade", str(path)).stdout.splitlines()
    for answer, text, line in zip(answers, grids(path), plain, strict=True):
        expected = sudoku.grade(text)
        assert answer["grade"] == {
            "level": expected.level,
            "name": expected.name,
            "rating": expected.rating,
            "by_logic": expected.by_logic,
            "hardest": expected.hardest,
            "techniques": dict(expected.techniques),
            "blanks": expected.blanks,
            "text": line,
        }
    assert last["answered"] == len(plain) == 11


def test_sudoku_json_check(tmp_path: Path) -> None:
    puzzles = DATA / "sudoku9_norvig_hardest.txt"
    answers = [sudoku.solve(text) for text in grids(puzzles)]
    # One wrong answer (two cells swapped) and one missing at the end.
    answers[3] = answers[3][1] + answers[3][0] + answers[3][2:]
    solutions = tmp_path / "answers.txt"
    solutions.write_text("\n".join(answers[:-1]) + "\n")
    done = run("sudoku", "--json", "--check", str(puzzles), str(solutions))
    assert done.returncode == 1
    *checked, last = records(done.stdout)
    assert [record["right"] for record in checked] == [k != 3 for k in range(10)]
    assert [record["puzzle"] for record in checked] == list(range(1, 11))
    with pytest.raises(sudoku.SudokuError) as wrong:
        sudoku.check(grids(puzzles)[3], answers[3])
    assert checked[3]["error"] == str(wrong.value)
    assert last == {
        "puzzles": 11,
        "solutions": 10,
        "checked": 10,
        "right": 9,
        "wrong": 1,
        "without_solution": 0,
        "missing": 1,
        "extra": 0,
        "skipped": 0,
        "complete": True,
    }


def test_sudoku_json_numbers_puzzles_in_each_file_and_reads_stdin(
    tmp_path: Path,
) -> None:
    path = tmp_path / "batch.txt"
    path.write_text(BATCH)
    done = run("sudoku", "--json", str(SUDOKU9), "-", input=BATCH)
    *answers, last = records(done.stdout)
    places = [(r["file"], r["puzzle"], r["line"]) for r in answers]
    assert places == [
        (str(SUDOKU9), 1, 1),
        (str(SUDOKU9), 2, 2),
        *[("<stdin>", k, line) for k, line in enumerate([1, 2, 4, 5, 6], 1)],
    ]
    assert last["puzzles"] == 7


def test_sudoku_json_with_jobs_writes_the_same_lines(tmp_path: Path) -> None:
    path = tmp_path / "batch.txt"
    path.write_text(BATCH + (DATA / "sudoku9_norvig_top95.txt").read_text())
    serial = run("sudoku", "--json", str(path))
    split = run("sudoku", "--json", "--jobs", "2", str(path))
    assert split.returncode == serial.returncode == 1
    assert split.stdout == serial.stdout
    assert records(split.stdout)[-1]["answered"] == 98


def stop_when_shown(
    argv: list[str], out: Path, signum: int, shown: str
) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` with a terminal as standard error; send ``signum`` once it shows ``shown``.

    On a terminal the commands show the progress of a search that runs
    for over a second: the sure sign that the search has started (an
    answer written before it is not: the next puzzle may not be read
    yet).  Standard error comes back as the terminal showed it, with
    ``\\n`` line ends.
    """
    import fcntl
    import pty
    import select
    import struct
    import termios

    leader, follower = pty.openpty()
    # A terminal's size: tqdm (the progress extra) draws nothing on one of 0 rows.
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("4H", 24, 80, 0, 0))
    seen = bytearray()

    def read(timeout: float) -> bool:
        """Take what the terminal shows; ``False`` once the command has closed it."""
        ready, _, _ = select.select([leader], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the command's end of the terminal is closed
            return False
        seen.extend(data)
        return bool(data)

    try:
        with out.open("wb") as stream:
            try:
                process = start_command(argv[0], argv[1:], stream, follower)
            finally:
                os.close(follower)
            try:
                deadline = time.monotonic() + 120
                while shown.encode() not in seen:
                    assert process.poll() is None, "it ended before showing that"
                    assert time.monotonic() < deadline, bytes(seen)
                    read(0.05)
                process.send_signal(signum)
                while read(1.0) and time.monotonic() < deadline + 120:
                    pass
                process.wait(timeout=120)
            finally:
                if process.poll() is None:  # a failed test leaves no search running
                    process.kill()
                    process.wait()
    finally:
        os.close(leader)
    err = seen.decode().replace("\r\n", "\n")
    return subprocess.CompletedProcess(argv, process.returncode, out.read_text(), err)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and terminals")
@pytest.mark.parametrize(
    ("signum", "status", "word"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)
def test_sudoku_json_ends_with_the_summary_when_a_signal_stops_it(
    tmp_path: Path, signum: int, status: int, word: str
) -> None:
    # Two quick counts, then a count that never ends (every 9x9 grid),
    # stopped once the terminal shows its progress.
    path = tmp_path / "endless.txt"
    path.write_text("\n".join([*grids(SUDOKU9), "." * 81]) + "\n")
    done = stop_when_shown(
        ["sudoku", "--json", "--count", str(path)],
        tmp_path / "out.jsonl",
        signum,
        "puzzle 3: ",
    )
    assert done.returncode == status
    assert f": puzzle 3 (line 3): {word} after " in done.stderr
    assert done.stderr.endswith(f"{word} after 3 puzzles read: 2 answered\n")
    *answers, stopped, last = records(done.stdout)
    assert [answer["count"] for answer in answers] == [1, 1]
    # The puzzle the signal stopped: its count so far, marked incomplete
    # (as --help says, and as dlx --json writes a count stopped early).
    assert stopped["puzzle"] == 3 and stopped["count"] >= 0
    assert (stopped["complete"], stopped["outcome"]) == (False, word)
    assert last == {
        "puzzles": 3,
        "answered": 2,
        "errors": 0,
        "skipped": 0,
        "complete": False,
    }


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sudoku_json_stopped_between_puzzles_keeps_every_answer() -> None:
    # Stopped while it waits for a third puzzle on standard input: no search
    # to stop, so the signal ends the reading; the answers and the summary stay.
    quick = grids(SUDOKU9)
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku", "--json", "--count", "--no-progress"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(("\n".join(quick) + "\n").encode())
    process.stdin.flush()
    answers = [json.loads(process.stdout.readline()) for _ in quick]
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 143
    assert err.decode() == "sudoku: terminated after 2 puzzles read: 2 answered\n"
    assert [answer["count"] for answer in answers] == [1, 1]
    assert records(out.decode()) == [
        {"puzzles": 2, "answered": 2, "errors": 0, "skipped": 0, "complete": False}
    ]


@pytest.mark.parametrize("option", [["--pretty"], ["--uva"], ["--svg", "grid.svg"]])
def test_sudoku_json_refuses_options_that_shape_the_text(option: list[str]) -> None:
    done = run("sudoku", "--json", *option, str(SUDOKU9))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"sudoku: error: {option[0]} does not go with --json: --json writes "
        "each answer as one line of JSON\n"
    )
