"""What ``dlx``, ``sudoku`` and ``sudoku generate`` say about their options.

A refused value is worded the same way by the three commands: the
option, what it accepts, then the value given.  Their ``--help`` fits in
79 columns.
"""

from __future__ import annotations

import pytest

from dlx.cli import main as dlx_main
from sudoku.cli import main as sudoku_main

#: Each kind of refused value, with its one wording.
WORDS = {
    "from 1": "must be a whole number from 1 up, not",
    "from 0": "must be a whole number from 0 up, not",
    "any": "must be a whole number, not",
    "seconds": "must be a number of seconds above 0, not",
    "box": "must be a box shape ROWSxCOLUMNS such as 2x3, not",
}


def refusal(command: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The last line of standard error of a run refused as bad usage (status 2)."""
    main = dlx_main if command == "dlx" else sudoku_main
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err.splitlines()[-1]


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
