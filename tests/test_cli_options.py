"""What ``dlx``, ``sudoku`` and ``sudoku generate`` say about their options.

A refused value is worded the same way by the three commands: the
option, what it accepts, then the value given.  Their ``--help`` fits in
79 columns.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dlx.cli import main as dlx_main
from sudoku.cli import main as sudoku_main

ROOT = Path(__file__).resolve().parent.parent

#: Each kind of refused value, with its one wording.
WORDS = {
    "from 1": "must be a whole number from 1 up, not",
    "from 0": "must be a whole number from 0 up, not",
    "any": "must be a whole number, not",
    "seconds": "must be a number of seconds above 0, not",
    "box": "must be a box shape ROWSxCOLUMNS such as 2x3, not",
}


def refusal(
    command: str,
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    *,
    last: bool = True,
) -> str:
    """Standard error (its ``last`` line) of a run refused as bad usage (status 2)."""
    main = dlx_main if command == "dlx" else sudoku_main
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err.splitlines()[-1] if last else captured.err


@pytest.mark.parametrize(
    ("command", "option", "value", "kind"),
    [
        ("dlx", "--limit", "0", "from 1"),
        ("dlx", "--limit", "-1", "from 1"),
        ("dlx", "--limit", "two", "from 1"),
        ("dlx", "--max-nodes", "0", "from 1"),
        ("dlx", "--probes", "0", "from 1"),
        ("dlx", "--jobs", "-1", "from 0"),
        ("dlx", "--jobs", "1.5", "from 0"),
        ("dlx", "--seed", "x", "any"),
        ("dlx", "--timeout", "0", "seconds"),
        ("dlx", "--timeout", "-2", "seconds"),
        ("dlx", "--timeout", "soon", "seconds"),
        ("dlx", "--task-seconds", "0", "seconds"),
        ("dlx", "--checkpoint-every", "0", "seconds"),
        ("sudoku", "--limit", "0", "from 1"),
        ("sudoku", "--limit", "-1", "from 1"),
        ("sudoku", "--jobs", "-1", "from 0"),
        ("sudoku", "--jobs", "x", "from 0"),
        ("sudoku", "--timeout", "0", "seconds"),
        ("sudoku", "--timeout", "-1", "seconds"),
        ("sudoku", "--box", "2by3", "box"),
        ("generate", "--count", "0", "from 1"),
        ("generate", "--tries", "-4", "from 1"),
        ("generate", "--seed", "-1", "from 0"),
        ("generate", "--givens", "many", "from 0"),
        ("generate", "--box", "3", "box"),
    ],
)
def test_a_refused_value_is_worded_alike_by_every_command(
    command: str,
    option: str,
    value: str,
    kind: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = [option, value]
    name = command
    if command == "generate":
        argv = ["generate", *argv]
        name = "sudoku generate"
    line = refusal(command, argv, capsys)
    assert line == f"{name}: error: {option} {WORDS[kind]} {value!r}"


# -- help ----------------------------------------------------------------------


@pytest.mark.processes
@pytest.mark.parametrize(
    "argv", [["dlx", "--help"], ["sudoku", "--help"], ["sudoku", "generate", "--help"]]
)
@pytest.mark.parametrize("columns", ["40", "80", "250"])
def test_help_lines_fit_in_79_columns(argv: list[str], columns: str) -> None:
    # Whatever the terminal's width: argparse wraps to it, but no further
    # than 79 columns, and the texts written by hand keep to that too.
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": columns}
    done = subprocess.run(
        [sys.executable, "-m", *argv],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert len(lines) > 20
    wide = [line for line in lines if len(line) > 79]
    assert wide == []


def test_sudoku_usage_names_the_generate_subcommand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        sudoku_main(["--help"])
    help_text = capsys.readouterr().out
    usage = help_text.split("\n\n")[0].splitlines()
    assert usage[0].startswith("usage: sudoku [-h]")
    assert usage[-1] == "       sudoku generate [-h] [OPTION ...]"
    # And so does the usage printed with an error.
    assert "sudoku generate [-h]" in refusal("sudoku", ["--bogus"], capsys, last=False)


# -- standard input ------------------------------------------------------------


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.xfail(
    sys.implementation.name == "pypy",
    reason="on PyPy the command does not end at Ctrl-D on a terminal (open)",
    run=False,  # it hangs until the test's 60 s timeout
)
def test_dlx_on_a_terminal_says_how_to_end_the_problem() -> None:
    import pty

    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "dlx", "--count"],
        stdin=follower,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    os.close(follower)
    try:
        # Typed by a person: the problem, then Ctrl-D on a line of its own.
        os.write(leader, b"a b\na\nb\na b\n")
        os.write(leader, b"\x04")
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(leader)
    assert process.returncode == 0
    assert out == "2\n"
    assert err == (
        "dlx: reading a problem from standard input; "
        "end it with Ctrl-D at the start of a line\n"
    )


@pytest.mark.processes
def test_dlx_says_nothing_of_a_terminal_when_standard_input_is_not_one() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dlx", "--count"],
        input="a b\na\nb\na b\n",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "2\n", "")
