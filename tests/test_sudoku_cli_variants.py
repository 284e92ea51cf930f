"""The command's options for variants, jigsaw maps, boxed output and SVG."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from sudoku_helpers import assert_solves

import sudoku
from sudoku.cli import main

PUZZLE9 = (
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
)
MAP5 = "AABBB\nAABBC\nADDCC\nDDECC\nDEEEE\n"
JIGSAW5 = "..3.5\n.....\n.....\n2..1.\n.....\n"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def usage(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.splitlines()[-1]


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_variant_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = write(tmp_path, "empty.txt", "." * 81 + "\n" + "." * 16 + "\n")
    status, out, _ = run(["--variant", "x", empty], capsys)
    assert status == 0
    for line in out.split():
        size = 9 if len(line) == 81 else 4
        sudoku.check("." * size * size, line, variant="x")
    status, out, _ = run(
        ["--count", "--variant", "x", write(tmp_path, "f.txt", "." * 16)], capsys
    )
    assert (status, out) == (0, "48\n")


@pytest.mark.processes
def test_jigsaw_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    regions = write(tmp_path, "map.txt", "# a jigsaw map\n" + MAP5)
    puzzles = write(tmp_path, "p.txt", JIGSAW5 + "\n" + JIGSAW5.replace("2", "."))
    status, out, err = run(["--regions", regions, "--count", puzzles], capsys)
    assert status == 0, err
    assert out.split() == [
        "1",
        str(sudoku.count(JIGSAW5.replace("2", "."), regions=MAP5)),
    ]
    status, out, _ = run(["--regions", regions, puzzles, "--jobs", "1"], capsys)
    first = out.split("\n\n")[0]
    sudoku.check(JIGSAW5, first, regions=MAP5)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "zigzag"], "unknown variant 'zigzag'"),
        (["--regions", "MAP", "--box", "2x3"], "--box does not go with --regions"),
        (
            ["--pretty", "--count"],
            "--pretty shows solutions, so it does not go with --count",
        ),
        (
            ["--svg", "x.svg", "--count"],
            "--svg shows solutions, so it does not go with --count",
        ),
        (["--uva", "--grade"], "--uva shows solutions, so it does not go with"),
        (["--pretty", "--grade"], "--pretty shows solutions, so it does not go with"),
        (["--regions", "BADMAP"], "--regions BADMAP: region 'C' has 6 cells"),
        (["--regions", "NOMAP"], "--regions NOMAP: cannot read"),
        (
            ["--regions", "MAP", "--variant", "windoku"],
            "not go with jigsaw regions (--regions)",
        ),
        (
            ["--regions", "MAP", "--alphabet", "ABCD"],
            "--alphabet has 4 symbols but the --regions map is 5x5",
        ),
    ],
)
def test_bad_options(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = {
        "MAP": write(tmp_path, "map.txt", MAP5),
        "BADMAP": write(tmp_path, "bad.txt", MAP5.replace("DEEEE", "DEEEC")),
        "NOMAP": str(tmp_path / "missing.txt"),
    }
    named = [files.get(arg, arg) for arg in args]
    line = usage([*named, write(tmp_path, "p.txt", "." * 16)], capsys)
    for name in sorted(files, key=len, reverse=True):
        message = message.replace(name, files[name])
    assert message in line


def test_pretty_output_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles = write(tmp_path, "p.txt", PUZZLE9 + "\n" + PUZZLE9 + "\n")
    status, out, _ = run(["--pretty", puzzles], capsys)
    assert status == 0
    blocks = out.split("\n\n")
    assert len(blocks) == 2
    assert blocks[0].startswith("+-------+-------+-------+\n| 5 3 4 |")
    for block in blocks:
        assert_solves(PUZZLE9, sudoku.Grid.parse(block).render(), (3, 3))
    # The command reads its own boxed output back, grid by grid.
    again = write(tmp_path, "boxed.txt", out)
    status, out2, _ = run(["--count", again], capsys)
    assert (status, out2) == (0, "1\n1\n")


def test_svg_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = write(tmp_path, "one.txt", PUZZLE9 + "\n")
    picture = tmp_path / "grid.svg"
    status, _, _ = run(["--svg", str(picture), one], capsys)
    assert status == 0 and picture.is_file()
    texts = ET.parse(picture).getroot().findall("{http://www.w3.org/2000/svg}text")
    assert "".join(t.text or "" for t in texts) == sudoku.solve(PUZZLE9)
    # Several puzzles: numbered files, one per puzzle; a bad one has none.
    three = write(tmp_path, "three.txt", f"{PUZZLE9}\n{'1' * 81}\n{PUZZLE9}\n")
    status, _, err = run(["--svg", str(tmp_path / "many.svg"), three], capsys)
    assert status == 1 and "puzzle 2" in err
    assert sorted(p.name for p in tmp_path.glob("many*")) == [
        "many-1.svg",
        "many-3.svg",
    ]


def test_svg_cannot_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = write(tmp_path, "one.txt", PUZZLE9 + "\n")
    status, _, err = run(
        ["--svg", str(tmp_path / "no" / "such" / "x.svg"), one], capsys
    )
    assert status == 74
    assert "cannot write" in err and "x.svg" in err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX paths")
def test_svg_name_without_suffix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two = write(tmp_path, "two.txt", f"{PUZZLE9}\n{PUZZLE9}\n")
    run(["--svg", str(tmp_path / "pic"), two], capsys)
    assert sorted(p.name for p in tmp_path.glob("pic*")) == ["pic-1", "pic-2"]


def test_check_with_a_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = sudoku.solve("." * 16)  # a plain solution: not an X-sudoku one
    x = sudoku.solve("." * 16, variant="x")
    puzzles = write(tmp_path, "p.txt", "." * 16 + "\n" + "." * 16 + "\n")
    answers = write(tmp_path, "a.txt", f"{plain}\n{x}\n")
    status, out, _ = run(["--check", puzzles, answers], capsys)
    assert (status, out) == (0, "2 solutions checked: all right\n")
    status, out, err = run(["--check", "--variant", "x", puzzles, answers], capsys)
    assert (status, out) == (1, "2 solutions checked: 1 wrong\n")
    assert "solution 1" in err and "diagonal" in err


def test_pretty_jigsaw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    regions = write(tmp_path, "map.txt", MAP5)
    puzzles = write(tmp_path, "p.txt", JIGSAW5)
    status, out, _ = run(["--pretty", "--regions", regions, puzzles], capsys)
    assert status == 0
    assert out.startswith("+---+---+---+---+---+\n")
    sudoku.check(JIGSAW5, out, regions=MAP5)
    again = write(tmp_path, "again.txt", out)
    status, out, _ = run(["--count", "--regions", regions, again], capsys)
    assert (status, out) == (0, "1\n")
