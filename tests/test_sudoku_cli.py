"""The ``sudoku`` command and the batch formats it reads and writes."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from dlx_helpers import wait_for_workers
from sudoku_helpers import LOCAL_DATA, ROOT, assert_solves

import sudoku
import sudoku.cli
from dlx import Progress
from dlx.algorithms import sat_available
from sudoku import InputFormatError, Layout, format_solution, read_puzzles
from sudoku.cli import main

PUZZLE9 = (
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
)
SOLUTION9 = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)
FOUR = "1......2..4..3.."  # a 4x4 puzzle with one solution
FOUR_SOLVED = "1234341221434321"


def sample(name: str) -> str:
    """A sample file of tests/data, exactly as stored."""
    return (LOCAL_DATA / name).read_bytes().decode()


def run(
    args: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdin: str | bytes | None = None,
) -> tuple[int, str, str]:
    """Run ``main(args)`` with ``stdin``; return (status, stdout, stderr)."""
    if stdin is not None:
        data = stdin.encode() if isinstance(stdin, str) else stdin
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    status = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_bytes(text.encode())
    return str(path)


# -- the judge samples, byte for byte ------------------------------------------------


@pytest.mark.parametrize("size", ["9", "16"])
def test_judge_samples_from_a_file(
    size: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run([str(LOCAL_DATA / f"sudoku{size}.in")], capsys, monkeypatch)
    assert (status, err) == (0, "")
    assert out == sample(f"sudoku{size}.out")


@pytest.mark.processes
@pytest.mark.parametrize("size", ["9", "16"])
def test_judge_samples_through_python_m_sudoku(size: str) -> None:
    """The real command, bytes in and bytes out, on standard input."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-m", "sudoku"],
        input=(LOCAL_DATA / f"sudoku{size}.in").read_bytes(),
        capture_output=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout == (LOCAL_DATA / f"sudoku{size}.out").read_bytes()


def test_samples_are_the_shared_ones() -> None:
    shared = ROOT / ".." / "shared" / "examples"
    if not shared.is_dir():
        pytest.skip(f"{shared.resolve()} not found: cannot compare the copies")
    for name in ("sudoku9.in", "sudoku9.out", "sudoku16.in", "sudoku16.out"):
        assert (LOCAL_DATA / name).read_bytes() == (shared / name).read_bytes()


def test_crlf_input_gives_the_same_output(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    crlf = sample("sudoku16.in").replace("\n", "\r\n")
    status, out, _ = run([], capsys, monkeypatch, stdin=crlf)
    assert status == 0 and out == sample("sudoku16.out")


def test_lone_cr_line_ends_give_the_same_output(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cr = sample("sudoku16.in").replace("\n", "\r") + "\r" + sample("sudoku16.in")
    status, out, _ = run([], capsys, monkeypatch, stdin=cr.encode())
    assert status == 0 and out == sample("sudoku16.out") * 2


def test_uva_is_refused_for_one_puzzle_a_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # --uva spaces blocks of rows; on one puzzle a line it would do nothing.
    for options in (["--uva"], ["--uva", "--unique"]):
        status, out, err = run(options, capsys, monkeypatch, stdin=f"{FOUR}\n{FOUR}\n")
        assert (status, out) == (2, "")
        assert err == (
            "sudoku: error: --uva does nothing for <stdin>: it spaces blocks of "
            "rows as UVA 1309 does, and this input has one puzzle a line "
            "(leave --uva out)\n"
        )


def test_uva_blank_lines_only_between_grids(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    one = sample("sudoku16.in")
    expected = sample("sudoku16.out")
    grid = expected[:-1]  # 16 lines, each ending in a newline
    status, out, _ = run(["--uva"], capsys, monkeypatch, stdin=one)
    assert status == 0 and out == grid
    status, out, _ = run(["--uva", "-"], capsys, monkeypatch, stdin=one + "\n" + one)
    assert status == 0 and out == grid + "\n" + grid
    # Without --uva (POJ 3076): a blank line after every grid.
    status, out, _ = run([], capsys, monkeypatch, stdin=one + "\n" + one)
    assert status == 0 and out == expected + expected


def test_end_line_and_blank_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = f"\n{PUZZLE9}\n\n{PUZZLE9}\nend\n{'x' * 81}\n"
    status, out, err = run([], capsys, monkeypatch, stdin=text)
    assert (status, err) == (0, "")
    assert out == f"{SOLUTION9}\n{SOLUTION9}\n"


def test_any_size_one_per_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    empty6, empty12 = "." * 36, "." * 144
    status, out, err = run(
        [], capsys, monkeypatch, stdin=f"{FOUR}\n{empty6}\n{empty12}\n"
    )
    assert (status, err) == (0, "")
    four, six, twelve = out.splitlines()
    assert four == FOUR_SOLVED
    assert_solves(empty6, six, (2, 3))
    assert_solves(empty12, twelve, (3, 4))


def test_alphabet_and_blanks_are_kept(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    letters = FOUR.translate(str.maketrans("1234.", "ABCD-"))
    status, out, _ = run([], capsys, monkeypatch, stdin=letters + "\n")
    assert status == 0
    assert out == FOUR_SOLVED.translate(str.maketrans("1234", "ABCD")) + "\n"


def test_box_and_alphabet_options(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(["--box", "3x2"], capsys, monkeypatch, stdin="." * 36 + "\n")
    assert status == 0
    assert_solves("." * 36, out.strip(), (3, 2))
    status, out, _ = run(
        ["--alphabet", "wxyz"], capsys, monkeypatch, stdin="w......x..z..y..\n"
    )
    assert status == 0
    assert out == FOUR_SOLVED.translate(str.maketrans("1234", "wxyz")) + "\n"


def test_a_file_of_drawn_grids_is_read_in_the_boxes_it_draws(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two 6x6 puzzles drawn with boxes of 3 rows by 2 columns (the size's
    # default is 2 by 3): counted and solved in the drawn boxes; a --box
    # that says otherwise is refused for each, by name.
    puzzles = [sudoku.generate(box=(3, 2), seed=seed) for seed in (1, 2)]
    text = "\n".join(sudoku.format_grid(p, "boxed", box=(3, 2)) for p in puzzles)
    name = write(tmp_path, "drawn.txt", text + "\n")
    status, out, err = run(["--count", name], capsys, monkeypatch)
    assert (status, out, err) == (0, "1\n1\n", "")
    status, out, err = run([name], capsys, monkeypatch)
    assert status == 0 and err == ""
    answers = [block for block in out.split("\n\n") if block.strip()]
    for puzzle, answer in zip(puzzles, answers, strict=True):
        assert_solves(puzzle, "".join(answer.split()), (3, 2))
    status, out, err = run(["--count", "--box", "2x3", name], capsys, monkeypatch)
    assert (status, out) == (1, "")
    assert err.count("draws boxes of 3x2 (rows x columns), not the 2x3 given") == 2
    # --pretty writes each answer in the boxes its puzzle draws, and
    # --check finds sudoku's own answers right.
    status, out, err = run(["--pretty", name], capsys, monkeypatch)
    assert status == 0 and err == ""
    drawn = [block for block in out.split("\n\n") if block.strip()]
    for puzzle, answer in zip(puzzles, drawn, strict=True):
        assert sudoku.grid.drawn_box(answer.splitlines()) == (3, 2)
        read = sudoku.Grid.parse(answer)
        assert_solves(puzzle, "".join(str(read.symbol(v)) for v in read.values), (3, 2))
    status, out, err = run([name], capsys, monkeypatch)
    answers_name = write(tmp_path, "answers.txt", out)
    status, out, err = run(["--check", name, answers_name], capsys, monkeypatch)
    assert (status, out, err) == (0, "2 solutions checked: all right\n", "")


def test_a_drawing_whose_bars_disagree_is_refused_unless_box_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A 6x6 in 3x2 boxes with one bar missing was counted 0 (read in the
    # default 2x3 boxes).  Refused, in the command's words; --box reads it.
    puzzle = sudoku.generate(box=(3, 2), seed=5)
    lines = sudoku.format_grid(puzzle, "spaced", box=(3, 2)).splitlines()
    lines[-1] = lines[-1].replace("|", " ", 1)
    name = write(tmp_path, "odd.txt", "\n".join(lines) + "\n")
    status, out, err = run(["--count", name], capsys, monkeypatch)
    assert (status, out) == (1, "")
    assert err == (
        f"sudoku: {name}: puzzle 1 (lines 1-{len(lines)}): the grid's bars divide "
        "row 1 into 2|2|2 but row 6 into 4|2, not boxes of one width (a jigsaw? "
        "give its map (--regions); else give --box to read it anyway)\n"
    )
    status, out, err = run(["--count", "--box", "3x2", name], capsys, monkeypatch)
    assert (status, out, err) == (0, "1\n", "")


# -- bad puzzles in a batch ----------------------------------------------------------


def test_bad_puzzles_are_reported_and_the_rest_solved(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [
        PUZZLE9,
        PUZZLE9[:10] + "x" + PUZZLE9[11:],  # unknown symbol
        "5" + PUZZLE9[1:7] + "5" + PUZZLE9[8:],  # conflict in row 1
        PUZZLE9[:80],  # too short
        ".7.......1.......7....9..26...........9..6.....2..36.............6...............",
        FOUR,
    ]
    status, out, err = run([], capsys, monkeypatch, stdin="\n".join(lines) + "\n")
    assert status == 1
    assert out == f"{SOLUTION9}\n{FOUR_SOLVED}\n"
    messages = err.splitlines()
    assert len(messages) == 4
    assert messages[0].startswith(
        "sudoku: <stdin>: puzzle 2 (line 2): unknown symbol 'x'"
    )
    assert "row 2, column 2" in messages[0]
    assert messages[1].startswith(
        "sudoku: <stdin>: puzzle 3 (line 3): symbol '5' twice in row 1"
    )
    assert messages[2].startswith("sudoku: <stdin>: puzzle 4 (line 4): 80 cells given")
    assert messages[3].startswith("sudoku: <stdin>: puzzle 5 (line 5): no solution")


def test_garbled_first_line_does_not_cost_the_batch(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run([], capsys, monkeypatch, stdin=f"..3\n{PUZZLE9}\n")
    assert status == 1
    assert out == f"{SOLUTION9}\n"
    assert err.startswith("sudoku: <stdin>: puzzle 1 (line 1): 3 cells given")
    assert err.count("\n") == 1


def test_bad_block_is_reported_and_the_rest_solved(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    block = sample("sudoku16.in")
    short = "\n".join(block.splitlines()[:15]) + "\n"
    wrong = block.replace("--A----C-----O-I", "--A----C-----O-Z", 1)
    text = block + "\n" + short + "\n" + wrong + "\n" + block
    status, out, err = run([], capsys, monkeypatch, stdin=text)
    assert status == 1
    assert out == sample("sudoku16.out") * 2
    first, second = err.splitlines()
    assert first.startswith("sudoku: <stdin>: puzzle 2 (lines 18-32): 15 rows")
    assert second.startswith(
        "sudoku: <stdin>: puzzle 3 (lines 34-49): unknown symbol 'Z'"
    )


def test_unique_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(
        ["--unique"], capsys, monkeypatch, stdin=f"{'.' * 16}\n{FOUR}\n"
    )
    assert status == 1 and out == FOUR_SOLVED + "\n"
    assert "puzzle 1 (line 1): more than one solution" in err


def test_timeout_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A budget run out is status 3, as for dlx; the other puzzles are answered.
    status, out, err = run(
        ["--count", "--timeout", "0.05"],
        capsys,
        monkeypatch,
        stdin="." * 81 + "\n" + PUZZLE9 + "\n",
    )
    assert status == 3 and out == "1\n"
    assert "puzzle 1 (line 1): gave up: search stopped after" in err
    # The count so far is kept, as after a signal: in the message and in
    # --json's record of the puzzle.
    status, out, err = run(
        ["--count", "--timeout", "0.3", "--json"],
        capsys,
        monkeypatch,
        stdin="." * 81 + "\n",
    )
    record = json.loads(out.splitlines()[0])
    assert status == 3 and record["complete"] is False, out
    assert record["outcome"] == "out_of_time" and record["count"] > 0, out
    assert err.endswith(f": at least {record['count']} solutions\n"), err
    # A bad puzzle too: 3 outranks 1 ...
    status, out, err = run(
        ["--count", "--timeout", "0.05"],
        capsys,
        monkeypatch,
        stdin="." * 81 + "\n" + "1" * 81 + "\n",
    )
    assert status == 3 and out == "", err
    assert len(err.splitlines()) == 2, err
    # ... and unusable input outranks 3.
    status, out, err = run(
        ["--count", "--timeout", "0.05", "-", "no such file"],
        capsys,
        monkeypatch,
        stdin="." * 81 + "\n",
    )
    assert status == 2 and out == "", err
    assert "gave up" in err and "no such file: cannot read" in err


# -- unusable input ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"hello world\n", "<stdin>: line 1: not a puzzle: 11 characters"),
        (
            b"\xff\xfe\x00garbage",
            "<stdin>: line 1: not UTF-8 text (byte 0xff at offset 0)",
        ),
        (
            b"# a title\n\xe9\n",
            "<stdin>: line 2: not UTF-8 text (byte 0xe9 at offset 10)",
        ),
        (b"\n\n" + b"." * 80 + b"\n", "<stdin>: line 3: not a puzzle: 80 characters"),
    ],
)
def test_garbage_exits_2(
    data: bytes,
    words: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = run([], capsys, monkeypatch, stdin=data)
    assert (status, out) == (2, "")
    assert err.startswith(f"sudoku: {words}")
    assert len(err.splitlines()) == 1


def test_missing_file_exits_2_and_other_files_still_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    good = write(tmp_path, "good.txt", FOUR + "\n")
    missing = str(tmp_path / "missing.txt")
    status, out, err = run([missing, good], capsys, monkeypatch)
    assert status == 2 and out == FOUR_SOLVED + "\n"
    assert err.startswith(f"sudoku: {missing}: cannot read")


def test_messages_name_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = write(tmp_path, "a.txt", FOUR + "\n")
    second = write(tmp_path, "b.txt", FOUR + "\n" + "11" + FOUR[2:] + "\n")
    status, out, err = run([first, second], capsys, monkeypatch)
    assert status == 1 and out == (FOUR_SOLVED + "\n") * 2
    assert err.startswith(f"sudoku: {second}: puzzle 2 (line 2): symbol '1' twice")


def test_svg_names_that_no_picture_can_take_are_refused_before_solving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every picture would fail: refused before any puzzle is solved, so no
    # batch ends halfway with some answers and a write error.
    missing = tmp_path / "missing"
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    for name, words in [
        ("-", "--svg -: pictures are written to files; give a file name"),
        (str(tmp_path), f"--svg {tmp_path}: a folder; give a file name in it"),
        (f"{missing}/g.svg", f"--svg {missing}/g.svg: no folder {missing}"),
    ] + (
        []
        if os.access(locked, os.W_OK)  # root writes anywhere
        else [(f"{locked}/g.svg", f"the folder {locked} cannot be written to")]
    ):
        with pytest.raises(SystemExit) as caught:
            run(["--svg", name], capsys, monkeypatch, stdin=FOUR + "\n")
        out, err = capsys.readouterr()
        assert (caught.value.code, out) == (2, ""), name
        assert err.endswith(f"{words}\n"), err
    status, out, err = run(
        ["--svg", str(tmp_path / "g.svg")], capsys, monkeypatch, stdin=FOUR + "\n"
    )
    assert (status, err) == (0, "") and (tmp_path / "g.svg").exists()


def test_empty_input_is_no_puzzles(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # An input with no puzzle is unusable input, as an empty file is for dlx.
    for text in ("", "end\n", "# only a comment\n"):
        status, out, err = run([], capsys, monkeypatch, stdin=text)
        assert (status, out, err) == (2, "", "sudoku: <stdin>: no puzzle in it\n")
    # Lines of garbage: each is reported, and with no puzzle at all the
    # input is unusable, as one garbled line is.
    garbage = "garbage garbage garbage\nmore garbage here ok\n"
    status, out, err = run([], capsys, monkeypatch, stdin=garbage)
    assert (status, out) == (2, "")
    assert err.splitlines()[-1] == "sudoku: <stdin>: no puzzle in it"
    assert "line 1: skipped" in err and "line 2: skipped" in err
    status, out, err = run([], capsys, monkeypatch, stdin="12345\n")
    assert (status, out) == (2, "") and "not a puzzle: 5 characters" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--limit", "3"], "--limit only goes with --count"),
        (["--check", "one.txt"], "--check takes two files"),
        (["--count", "--limit", "0"], "--limit must be a whole number from 1 up"),
        (["--box", "2by3"], "--box must be a box shape ROWSxCOLUMNS"),
        (["--timeout", "-1"], "--timeout must be a number of seconds above 0"),
        (["--count", "--check", "a", "b"], "not allowed with argument"),
        (["--box", "2x2", "--alphabet", "123"], "--alphabet has 3 symbols"),
        (
            ["--alphabet", "12345"],
            "--alphabet has 5 symbols, for 5x5 grids, which have no box shape",
        ),
        (["--alphabet", ""], "--alphabet is empty"),
        (["--alphabet", "1123"], "--alphabet '1123' has '1' twice"),
        (["--alphabet", "12 4"], "--alphabet '12 4' contains white space"),
        (
            ["--alphabet", "12-4"],
            "--alphabet '12-4' contains '-', the blank: no symbol may be",
        ),
        (
            ["--uva", "--pretty"],
            "sudoku: error: --uva does not go with --pretty: --pretty prints "
            "boxed grids, with a blank line between two already",
        ),
        (["--progress", "--no-progress"], "not allowed with argument"),
        (
            ["--check", "--progress", "a", "b"],
            "sudoku: error: --progress does not go with --check: it solves nothing",
        ),
        (
            ["--progress", "--jobs", "2"],
            "sudoku: error: --progress does not go with --jobs: the worker "
            "processes report no progress",
        ),
        (
            ["--progress", "--method", "sat"],
            "sudoku: error: --method sat does not go with --progress: the solver "
            "reports no progress",
        ),
    ],
)
def test_bad_options_exit_2(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(args)
    assert caught.value.code == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--count", "--limit", "2", "--limit", "3"], "--limit given twice (2 and 3)"),
        (["--method", "dlx", "--method", "sat"], "--method given twice (dlx and sat)"),
        (["--timeout", "1", "--timeout", "2.5"], "--timeout given twice (1 and 2.5)"),
        (["--box", "2x2", "--box", "1x4"], "--box given twice (2x2 and 1x4)"),
        (["--variant", "x", "--variant", "windoku"], "--variant given twice (x and"),
    ],
)
def test_an_option_given_twice_with_two_values_is_refused(
    args: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        main([*args, "-"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: sudoku")
    assert err.splitlines()[-1].startswith(f"sudoku: error: {line}")
    assert err.endswith("): give it once\n")


def test_an_option_given_twice_alike_means_it_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = f"{FOUR}\n{'.' * 16}\n"
    once = run(["--count", "--limit", "2"], capsys, monkeypatch, stdin=text)
    assert once == (0, "1\n2\n", "")
    twice = ["--count", "--limit", "2", "--count", "--limit", "2", "--timeout", "9"]
    assert run([*twice, "--timeout", "9.0"], capsys, monkeypatch, stdin=text) == once


def test_on_a_terminal_the_progress_it_adds_is_dropped_where_a_run_reports_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The run is decided once (dlx.ways.plan): the progress a terminal shows
    # by itself goes to each puzzle's search, but not to --check (which
    # solves nothing) nor to the SAT solver, and neither is refused for it.
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setattr(sys, "stderr", TtyErr())
    puzzles = write(tmp_path, "p.txt", FOUR + "\n")
    answers = write(tmp_path, "a.txt", FOUR_SOLVED + "\n")
    assert run(["--check", puzzles, answers], capsys, monkeypatch) == (
        0,
        "1 solution checked: all right\n",
        "",
    )
    hooks: list[object] = []
    real_count = sudoku.cli._count

    def count(*args: Any) -> int:
        hooks.append(args[2].progress)  # the plan's settings, the puzzle's hook
        return real_count(*args)

    monkeypatch.setattr(sudoku.cli, "_count", count)
    runs = [["--count"], ["--no-progress", "--count"]]
    if sat_available():
        runs.append(["--method", "sat", "--count", "--limit", "2"])
    for args in runs:
        assert run([*args, puzzles], capsys, monkeypatch)[:2] == (0, "1\n")
    assert [callable(hook) for hook in hooks] == [True] + [False] * (len(runs) - 1)


def test_help_tells_everything(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--help"])
    assert caught.value.code == 0
    text = capsys.readouterr().out
    for words in (
        "--uva", "--count", "--limit", "--check", "--unique", "--box", "--alphabet",
        "--timeout", "--no-progress", "--progress", "POJ 3074", "UVA 1309",
        "exit status", "tqdm", "given twice",
        "standard input", "end",
    ):  # fmt: skip
        assert words in text, words


# -- --count and --check -------------------------------------------------------------


def test_count(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = f"{FOUR}\n{'.' * 16}\n{PUZZLE9}\n"
    assert run(["--count"], capsys, monkeypatch, stdin=text) == (0, "1\n288\n1\n", "")
    assert run(["--count", "--limit", "2"], capsys, monkeypatch, stdin=text) == (
        0,
        "1\n2\n1\n",
        "",
    )


def test_check_right_and_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzles = str(LOCAL_DATA / "sudoku9.in")
    answers = str(LOCAL_DATA / "sudoku9.out")
    assert run(["--check", puzzles, answers], capsys, monkeypatch) == (
        0,
        "2 solutions checked: all right\n",
        "",
    )
    right = sample("sudoku9.out").splitlines()
    wrong = write(tmp_path, "wrong.out", right[0] + "\n" + right[0] + "\n")
    status, out, err = run(["--check", puzzles, wrong], capsys, monkeypatch)
    assert (status, out) == (1, "2 solutions checked: 1 wrong\n")
    assert err.startswith(
        f"sudoku: {wrong}: solution 2 (line 2): row 1, column 7 holds '4' but the puzzle gives '5'"
    )
    assert f"(puzzle 2, line 2 of {puzzles})" in err


def test_check_reads_its_own_answers_past_a_puzzle_without_a_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # sudoku writes no line for a puzzle without a solution: --check paired
    # puzzle 3 with nothing and puzzle 2 with puzzle 3's answer, and called
    # a right answer wrong.  Such a puzzle now takes no answer, where the
    # answer fits the next puzzle, past two in a row and at the end too.
    clash = "11" + "." * 14  # two 1s in row 1
    none = "12....3........."  # r1c3, r1c4 must be 3 and 4; r2c3 is 3
    puzzles = write(
        tmp_path, "p.txt", "\n".join([FOUR, clash, none, FOUR, clash]) + "\n"
    )
    solved = tmp_path / "a.out"
    status, out, _ = run([puzzles], capsys, monkeypatch)
    assert status == 1 and out.split() == [FOUR_SOLVED] * 2
    solved.write_text(out)
    status, out, err = run(
        ["--check", "--json", puzzles, str(solved)], capsys, monkeypatch
    )
    assert status == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["puzzle"], r["right"]) for r in records[:-1]] == [
        (1, True),
        (2, False),
        (3, False),
        (4, True),
        (5, False),
    ]
    assert records[-1] | {"complete": True} == {
        "puzzles": 5,
        "solutions": 2,
        "checked": 5,
        "right": 2,
        "wrong": 0,
        "without_solution": 3,
        "missing": 0,
        "extra": 0,
        "skipped": 0,
        "complete": True,
    }
    assert err.splitlines() == [
        f"sudoku: {puzzles}: puzzle 2 (line 2): symbol '1' twice in row 1: at "
        "row 1, column 1 and row 1, column 2",
        f"sudoku: {puzzles}: puzzle 3 (line 3): no solution",
        f"sudoku: {puzzles}: puzzle 5 (line 5): symbol '1' twice in row 1: at "
        "row 1, column 1 and row 1, column 2",
    ]
    status, out, _ = run(["--check", puzzles, str(solved)], capsys, monkeypatch)
    assert (status, out) == (1, "2 solutions checked: 3 puzzles without one\n")
    # An answer written for such a puzzle (one that does not fit the next
    # puzzle) is still its answer, and wrong.
    other = sudoku.solve("2" + "." * 15)
    lines = [FOUR_SOLVED, other, other, FOUR_SOLVED, other]
    given = write(tmp_path, "g.out", "\n".join(lines) + "\n")
    status, out, err = run(["--check", puzzles, given], capsys, monkeypatch)
    assert (status, out) == (1, "5 solutions checked: 3 wrong\n")


def test_check_stays_in_step_past_stray_lines_in_place_of_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A stray line skipped in place of an answer paired every later answer
    # with the puzzle before its own: all wrong, the last one "missing".
    # The puzzles the stray lines stand for now have their answer missing.
    puzzles = [sudoku.generate(seed=seed) for seed in range(1, 7)]
    solved = [sudoku.solve(p) for p in puzzles]
    name = write(tmp_path, "p.txt", "\n".join(puzzles) + "\n")
    one = write(
        tmp_path, "one.out", "\n".join([solved[0], "a stray line", *solved[2:]]) + "\n"
    )
    status, out, err = run(["--check", "--json", name, one], capsys, monkeypatch)
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert [(r["puzzle"], r["right"]) for r in records[:-1]] == [
        (1, True),
        (2, False),
        *[(n, True) for n in range(3, 7)],
    ]
    assert records[1]["error"] == (
        f"its solution is missing from {one}: stray line before solution 2 "
        "(line 3), which solves puzzle 3"
    )
    assert records[-1]["missing"] == 1 and records[-1]["wrong"] == 0
    assert records[-1]["right"] == 5 and records[-1]["skipped"] == 1
    assert err.splitlines() == [
        f"sudoku: {one}: line 2: skipped, not a puzzle: 'a stray line'",
        f"sudoku: {name}: puzzle 2 (line 2): {records[1]['error']}",
    ]
    # Two in a row, and a wrong answer after them stays wrong.
    wrong = solved[5][:-1] + ("1" if solved[5][-1] != "1" else "2")
    two = write(
        tmp_path,
        "two.out",
        "\n".join([solved[0], "stray one", "stray two", *solved[3:5], wrong]) + "\n",
    )
    status, out, err = run(["--check", name, two], capsys, monkeypatch)
    assert (status, out) == (1, "4 solutions checked: 1 wrong, 2 missing\n")
    assert f"puzzle 3 (line 3): its solution is missing from {two}: stray lines" in err
    # A stray line beside a wrong answer (one that fits no puzzle near it)
    # takes nothing's place: the answer is wrong, the rest in step.
    other = write(
        tmp_path,
        "other.out",
        "\n".join([solved[0], "a stray", solved[0], *solved[2:]]) + "\n",
    )
    status, out, _ = run(["--check", name, other], capsys, monkeypatch)
    assert (status, out) == (1, "6 solutions checked: 1 wrong\n")


def test_check_keeps_two_swapped_answers_two_wrong_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A rule that took an answer followed by its puzzle's answer for an
    # extra line (tried, and withdrawn, in the sixteenth session) called
    # the first of two swapped answers extra and shifted the rest.
    puzzles = [sudoku.generate(seed=seed) for seed in range(1, 6)]
    solved = [sudoku.solve(p) for p in puzzles]
    name = write(tmp_path, "p.txt", "\n".join(puzzles) + "\n")
    swapped = [solved[0], solved[2], solved[1], *solved[3:]]
    path = write(tmp_path, "s.out", "\n".join(swapped) + "\n")
    status, out, _ = run(["--check", name, path], capsys, monkeypatch)
    assert (status, out) == (1, "5 solutions checked: 2 wrong\n")


def test_why_out_of_time_keeps_its_givens_so_far_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # --why --json out of time wrote its givens so far only inside the
    # "error" text; a run that found some now has them in "why" too, with
    # "complete": false, and says "no solution" once (it said it twice).
    full = sudoku.generate((4, 4), seed=1, minimal=False, givens=140)
    wrong = full[:4] + "F" + full[5:]  # no solution, and no clash among givens
    assert full[4] == "." and sudoku.count(wrong, limit=1) == 0
    path = write(tmp_path, "p.txt", wrong + "\n")
    status, out, err = run(
        ["--why", "--json", "--timeout", "0.5", path], capsys, monkeypatch
    )
    record, summary = (json.loads(line) for line in out.splitlines())
    assert summary["errors"] == 1 and len(err.splitlines()) == 1, err
    givens = [[r, c, symbol] for r, c, symbol in record.get("why") or []]
    if record.get("complete", True):  # a machine fast enough to finish
        assert status == 1 and givens and "error" not in record
        return
    assert status == 3 and record["outcome"] == "out_of_time"
    written = re.findall(r"r(\d+)c(\d+) = (\w)", record["error"])
    assert givens == [[int(r) - 1, int(c) - 1, symbol] for r, c, symbol in written]
    assert ("why" in record) == bool(written)


def test_check_reads_a_puzzle_in_its_solutions_alphabet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A hexadecimal 16x16 puzzle whose 0s are all blanks reads as 1-9A-G
    # alone; its right solution, which shows a 0, was called wrong ('row 1,
    # column 1 is blank').  The complete solution's alphabet now decides.
    solution = sudoku.solve(LOCAL_DATA.joinpath("sudoku16.in").read_text())
    hexadecimal = solution.translate(
        str.maketrans("ABCDEFGHIJKLMNOP", "0123456789ABCDEF")
    )
    puzzle = write(tmp_path, "p.txt", hexadecimal.replace("0", ".") + "\n")
    answer = write(tmp_path, "s.txt", hexadecimal + "\n")
    assert run(["--check", puzzle, answer], capsys, monkeypatch) == (
        0,
        "1 solution checked: all right\n",
        "",
    )
    wrong = write(tmp_path, "w.txt", hexadecimal.replace("0", "1", 1) + "\n")
    status, out, _ = run(["--check", puzzle, wrong], capsys, monkeypatch)
    assert (status, out) == (1, "1 solution checked: 1 wrong\n")


def test_a_files_puzzles_keep_one_alphabet_where_theirs_is_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Puzzle 2 is puzzle 1 without its 0 givens: alone it reads as 1-9A-G
    # (its answer had a G for the file's 0); after a hexadecimal puzzle it
    # is read as one.  Puzzle 3 shows 0s again: they stay givens, not the
    # blanks they would be in 1-9A-G.
    solution = sudoku.solve(LOCAL_DATA.joinpath("sudoku16.in").read_text())
    hexadecimal = "".join(solution.split()).translate(
        str.maketrans("ABCDEFGHIJKLMNOP", "0123456789ABCDEF")
    )
    first = "".join(ch if k % 5 else "." for k, ch in enumerate(hexadecimal))
    second = first.replace("0", ".")
    lines = [first, second, first]
    assert sudoku.count(second, limit=2) == 1
    path = write(tmp_path, "hex.txt", "".join(f"{line}\n" for line in lines))
    assert run([path], capsys, monkeypatch) == (0, f"{hexadecimal}\n" * 3, "")
    path = write(tmp_path, "open.txt", f"{second}\n{first}\n")
    status, out, err = run([path], capsys, monkeypatch)
    assert (status, err) == (0, "")
    alone = sudoku.solve(second)  # in 1-9A-G: a G where the 0s were
    assert out == f"{alone}\n{hexadecimal}\n" and "G" in alone


def test_check_blocks_and_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzles = str(LOCAL_DATA / "sudoku16.in")
    answers = str(LOCAL_DATA / "sudoku16.out")
    assert run(["--check", puzzles, answers], capsys, monkeypatch)[0] == 0
    two = write(tmp_path, "two.out", sample("sudoku16.out") * 2)
    status, out, err = run(["--check", puzzles, two], capsys, monkeypatch)
    assert status == 1 and out == "1 solution checked: 1 extra\n"
    assert "has 1 puzzle but" in err and "has 2 solutions" in err


# -- progress bar and closed pipes ---------------------------------------------------


class FakeBar:
    """Stands in for tqdm.tqdm and records what it is asked to do."""

    made: ClassVar[list[FakeBar]] = []

    def __init__(self, total: int | None, **options: object) -> None:
        self.total = total
        self.options = options
        self.done = 0
        self.notes: list[str] = []
        self.closed = False
        FakeBar.made.append(self)

    def update(self, n: int) -> None:
        self.done += n

    def write(self, message: str, file: object = None) -> None:
        self.notes.append(message)

    def close(self) -> None:
        self.closed = True


class TtyErr(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def fake_tqdm(monkeypatch: pytest.MonkeyPatch) -> type[FakeBar]:
    module = types.ModuleType("tqdm")
    module.tqdm = FakeBar  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tqdm", module)
    FakeBar.made = []
    return FakeBar


BATCH = f"{FOUR}\n{'1' * 16}\n{FOUR}\n"


def test_progress_bar_on_a_terminal(
    fake_tqdm: type[FakeBar],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stderr", TtyErr())
    status, out, _ = run([], capsys, monkeypatch, stdin=BATCH)
    assert status == 1 and out == (FOUR_SOLVED + "\n") * 2
    (bar,) = fake_tqdm.made
    # The batch is read as it is solved: its size is not known in advance.
    assert (bar.total, bar.done, bar.closed) == (None, 3, True)
    assert bar.options["file"] is sys.stderr
    # Messages go through the bar, so that they do not garble it.
    assert len(bar.notes) == 1 and "puzzle 2 (line 2)" in bar.notes[0]


def test_no_progress_bar_when_not_wanted(
    fake_tqdm: type[FakeBar],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    run([], capsys, monkeypatch, stdin=BATCH)  # stderr is not a terminal
    monkeypatch.setattr(sys, "stderr", TtyErr())
    run(["--no-progress"], capsys, monkeypatch, stdin=BATCH)
    assert fake_tqdm.made == []


def test_no_progress_bar_without_tqdm(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm fails
    err = TtyErr()
    monkeypatch.setattr(sys, "stderr", err)
    status, out, _ = run([], capsys, monkeypatch, stdin=BATCH)
    assert status == 1 and out == (FOUR_SOLVED + "\n") * 2
    assert "puzzle 2 (line 2)" in err.getvalue()


@pytest.mark.processes
def test_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    path = write(tmp_path, "many.txt", (FOUR + "\n") * 20000)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku", path],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline() == (FOUR_SOLVED + "\n").encode()
    process.stdout.close()  # like `| head -1`
    err = process.stderr.read()
    status = process.wait(timeout=60)
    process.stderr.close()
    assert err == b""
    assert status == 141


# -- the batch formats ---------------------------------------------------------------


def test_read_puzzles_detects_lines_and_blocks() -> None:
    nine = read_puzzles(sample("sudoku9.in"))
    assert [p.layout for p in nine] == [Layout.LINES] * 2
    assert [(p.number, p.line) for p in nine] == [(1, 1), (2, 2)]
    sixteen = read_puzzles(sample("sudoku16.in"))
    assert len(sixteen) == 1 and sixteen[0].layout is Layout.BLOCKS
    assert sixteen[0].lines == "lines 1-16"


def test_16_character_lines_are_4x4_puzzles_or_16x16_rows() -> None:
    fours = read_puzzles(f"{FOUR}\n{'.' * 16}\n")
    assert [p.layout for p in fours] == [Layout.LINES, Layout.LINES]
    # Sixteen lines of letters: a 16x16 block; fewer: 4x4 puzzles.
    letters = "A------B--D--C--\n"
    assert read_puzzles(letters * 16)[0].layout is Layout.BLOCKS
    assert read_puzzles(letters * 15)[0].layout is Layout.LINES
    assert len(read_puzzles(letters * 15)) == 15
    block = sample("sudoku16.in")
    assert read_puzzles(block)[0].layout is Layout.BLOCKS
    # With the size known, no guessing.
    assert read_puzzles("." * 16 + "\n", size=4)[0].layout is Layout.LINES
    assert len(read_puzzles(("." * 16 + "\n") * 16, size=16)) == 1


def test_blocks_without_blank_lines_are_cut_every_n_rows() -> None:
    rows = ["1...", ".2..", "..3.", "...4"]
    puzzles = read_puzzles("\n".join(rows * 2) + "\n")
    assert [p.text for p in puzzles] == ["\n".join(rows)] * 2
    assert [p.line for p in puzzles] == [1, 5]
    assert all(p.error is None for p in puzzles)


def test_read_puzzles_rejects_garbage() -> None:
    with pytest.raises(InputFormatError, match="line 2: not a puzzle") as caught:
        read_puzzles("\nabc\n")
    assert caught.value.line == 2


def test_format_solution() -> None:
    assert format_solution("1234", Layout.LINES, first=False) == "1234\n"
    assert format_solution("12\n21", Layout.BLOCKS, first=True, uva=True) == "12\n21\n"
    assert format_solution("12\n21", Layout.BLOCKS, first=False) == "12\n21\n\n"


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda row: row[:-1], "puzzle 1 (lines 1-16): row 1 has 15 cells"),
        (lambda row: row + "-", "puzzle 1 (lines 1-16): row 1 has 17 cells"),
        (lambda row: None, "puzzle 1 (lines 1-15): 15 rows"),
    ],
    ids=["short", "long", "missing"],
)
def test_damaged_first_row_of_a_block_costs_only_its_puzzle(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    damage: Callable[[str], str | None],
    message: str,
) -> None:
    block = sample("sudoku16.in").splitlines()
    first = damage(block[0])
    broken = ([first] if first is not None else []) + block[1:]
    text = "\n".join(broken) + "\n\n" + "\n".join(block) + "\n\n" + "\n".join(block)
    status, out, err = run([], capsys, monkeypatch, stdin=text + "\n")
    assert status == 1
    assert out == sample("sudoku16.out") * 2
    assert err.count("\n") == 1
    assert message in err


def test_a_long_search_shows_its_own_progress(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Without tqdm, a puzzle whose search reports progress gets a line of its
    # own on the terminal, cleared when the puzzle is done.
    monkeypatch.setitem(sys.modules, "tqdm", None)
    err = TtyErr()
    monkeypatch.setattr(sys, "stderr", err)
    reports: list[object] = []
    # The command counts with a search of its own, which a signal can stop.
    real_count = sudoku.cli._count

    def count_with_reports(*args: Any) -> int:
        hook = args[2].progress  # the plan's settings, with the puzzle's hook
        assert hook is not None
        hook(Progress(4096, 9000, 17, 2.0, 30, 0.25, 6.0))
        reports.append(hook)
        return real_count(*args)

    monkeypatch.setattr(sudoku.cli, "_count", count_with_reports)
    status, out, _ = run(["--count"], capsys, monkeypatch, stdin="." * 16 + "\n")
    assert status == 0 and out == "288\n"
    assert len(reports) == 1
    shown = err.getvalue()
    assert (
        "\rsudoku: puzzle 1: 17 solutions, 4096 nodes at 2.0 k/s, 25.00 % done" in shown
    )
    assert shown.endswith("\r")  # cleared


def test_count_and_solve_report_progress() -> None:
    reports: list[Progress] = []
    assert sudoku.count("." * 36, limit=3000, progress=reports.append) == 3000
    assert sudoku.solve(FOUR, progress=reports.append) == FOUR_SOLVED


@pytest.mark.processes
def test_jobs_give_the_same_answers_in_the_same_order(tmp_path: Path) -> None:
    # Worker processes for real: the output and the reports equal one process's,
    # in the same order: what reading says (a line skipped, a file missing)
    # comes after the puzzles before it, though their workers are busy.
    good = sample("sudoku9_norvig_top95.txt").splitlines()[:40]
    puzzles = [*good[:12], "1" * 81, "hello world", *good[12:]]  # 13 is bad
    path = write(tmp_path, "batch.txt", "\n".join(puzzles) + "\n")
    missing = str(tmp_path / "missing.txt")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    serial, parallel, counted = [
        subprocess.run(
            [sys.executable, "-m", "sudoku", *args, path, missing, path],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        for args in ([], ["--jobs", "2"], ["--jobs", "0", "--count"])
    ]
    assert serial.returncode == parallel.returncode == counted.returncode == 2
    assert parallel.stdout == serial.stdout and parallel.stderr == serial.stderr
    reports = serial.stderr.splitlines()
    once = ["puzzle 13 (line 13)", "line 14: skipped"]
    marks = [*once, missing, *once]
    assert len(reports) == len(marks), reports
    assert all(mark in line for mark, line in zip(marks, reports, strict=True))
    answers = serial.stdout.splitlines()
    assert len(answers) == 2 * len(good)
    for puzzle, answer in zip(good + good, answers, strict=True):
        assert_solves(puzzle, answer, (3, 3))
    assert counted.stdout == "1\n" * 2 * len(good)
    assert counted.stderr == serial.stderr


def test_jobs_do_not_go_with_check(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--check", "--jobs", "2", "a", "b"])
    assert stop.value.code == 2
    assert "--jobs does not go with --check" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.metadata

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    version = importlib.metadata.version("pydlx")
    assert capsys.readouterr().out == f"sudoku (pydlx) {version}\n"


@pytest.mark.processes
def test_ctrl_c_ends_jobs_at_once_even_with_hard_puzzles_running() -> None:
    # Minimal 25x25 puzzles keep a worker busy for seconds or minutes: Ctrl-C
    # must end the run at once, not wait for them.
    path = LOCAL_DATA / "sudoku25_gecode_frisch18.txt"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku", "--jobs", "2", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        # Not ignored, even when pytest runs as a background job.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    wait_for_workers(process)  # not a fixed sleep, which a loaded machine defeats
    time.sleep(0.5)  # each has a puzzle by now
    assert process.poll() is None
    process.send_signal(signal.SIGINT)
    started = time.monotonic()
    _, err = process.communicate(timeout=60)
    # At once: not after the puzzles, which take seconds to minutes each.
    assert time.monotonic() - started < 10
    assert process.returncode == 130
    assert "Traceback" not in err.decode()
    assert err.decode().splitlines()[-1].startswith("sudoku: interrupted after ")
