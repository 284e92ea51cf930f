"""The command's options for variants, jigsaw maps, boxed output, SVG and its files."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from sudoku_helpers import (
    SUDOKU_CAGE_FILE,
    SUDOKU_CAGE_LIST,
    assert_solves,
    why_text,
)

import sudoku
from sudoku.cages import read_cage_map
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
            ["--regions", "HASHMAP"],
            "(lines starting with '#' are comments: label the regions with other "
            "characters)",
        ),
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
        # '#' begins a comment, not a row whose first region is '#'.
        "HASHMAP": write(tmp_path, "hash.txt", MAP5.replace("A", "#")),
    }
    named = [files.get(arg, arg) for arg in args]
    line = usage([*named, write(tmp_path, "p.txt", "." * 16)], capsys)
    for name in sorted(files, key=len, reverse=True):
        message = message.replace(name, files[name])
    assert message in line


def test_a_map_with_true_comments_is_not_told_of_hash_labels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The '#' hint is for maps whose rows went missing as comments; a map
    # with a comment and another fault is told only of that fault.
    bad = "# my 5x5 jigsaw\n" + MAP5.replace("DEEEE", "DEEEC")
    line = usage(["--regions", write(tmp_path, "m.txt", bad), "-"], capsys)
    assert "region 'C' has 6 cells" in line and "'#'" not in line


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
    # A folder that does not exist: refused before any puzzle is solved.
    one = write(tmp_path, "one.txt", PUZZLE9 + "\n")
    with pytest.raises(SystemExit) as caught:
        run(["--svg", str(tmp_path / "no" / "such" / "x.svg"), one], capsys)
    assert caught.value.code == 2
    assert "no folder" in capsys.readouterr().err
    # A picture that cannot be written when its turn comes (here a folder
    # has its name): status 74, as for any output that cannot be written.
    (tmp_path / "x-1.svg").mkdir()
    two = write(tmp_path, "two.txt", f"{PUZZLE9}\n{PUZZLE9}\n")
    status, _, err = run(["--svg", str(tmp_path / "x.svg"), two], capsys)
    assert status == 74
    assert "cannot write" in err and "x-1.svg" in err


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
    # Read without its map, a 5x5 drawing fits no box shape: the message
    # suggests the map first (it read the rules as rows of a 21x21 grid).
    status, out, err = run(["--count", again], capsys)
    assert (status, out) == (2, "")
    assert err == (
        f"sudoku: {again}: line 2: the lines show 5x5 grids drawn cell by cell, "
        "but a 5x5 grid has no box shape: a jigsaw? give its region map "
        "(--regions); else give --box ROWSxCOLUMNS (or --variant latin)\n"
    )


def test_a_jigsaw_drawing_read_without_its_map_is_told_of_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A 9x9 jigsaw's bars mark no boxes of one width.
    rows = ["AAABBBCCC"] * 3 + ["DDDEEEFFF"] * 3 + ["GGGHHHIII"] * 3
    rows[0] = "AAAABBCCC"
    rows[2] = "AABBBBCCC"
    regions = write(tmp_path, "map.txt", "\n".join(rows) + "\n")
    puzzle = sudoku.generate(regions=rows, seed=3)
    puzzles = write(tmp_path, "p.txt", puzzle + "\n")
    status, drawn, _ = run(["--pretty", "--regions", regions, puzzles], capsys)
    assert status == 0
    again = write(tmp_path, "again.txt", drawn)
    status, out, _ = run(["--count", "--regions", regions, again], capsys)
    assert (status, out) == (0, "1\n")
    status, out, err = run(["--count", again], capsys)
    assert status == 1
    assert err.endswith(
        "not boxes of one width (a jigsaw? give its map (--regions); else give "
        "--box to read it anyway)\n"
    )


# -- --cages ---------------------------------------------------------------------


def test_the_cage_file_of_the_runs_is_their_cage_list() -> None:
    from sudoku.cages import read_cage_map

    lines = [
        line
        for line in SUDOKU_CAGE_FILE.splitlines()
        if line and not line.startswith("#")
    ]
    assert read_cage_map("\n".join(lines[:4]), " ".join(lines[4:])) == (
        SUDOKU_CAGE_LIST
    )


def test_cages_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each run that takes cages answers as the library does with ``cages=``."""
    cages = write(tmp_path, "cages.txt", SUDOKU_CAGE_FILE)
    grids = ["." * 16, "1" + "." * 15, "4" + "." * 15, "..3." + "." * 12]
    puzzles = write(tmp_path, "p.txt", "\n".join(grids) + "\n")
    kept = SUDOKU_CAGE_LIST
    status, out, _ = run(["--cages", cages, "--count", puzzles], capsys)
    assert status == 0
    assert out.split() == [str(sudoku.count(g, cages=kept)) for g in grids]
    status, out, err = run(["--cages", cages, puzzles], capsys)
    assert status == 1
    good = [g for g in grids if sudoku.count(g, 1, cages=kept)]
    assert len(good) == 3
    assert out.split() == [sudoku.solve(g, cages=kept) for g in good]
    for grid, answer in zip(good, out.split(), strict=True):
        sudoku.check(grid, answer, cages=kept)
    with pytest.raises(sudoku.NoSolutionError) as none:
        sudoku.solve(grids[2], cages=kept)
    # The command names the cage by its label and its clue's line.
    named = str(none.value).replace(
        "cages[0] (at r1c1)", f"cage 'A' (at r1c1, line 6 of {cages})"
    )
    assert named != str(none.value)
    assert err == f"sudoku: {puzzles}: puzzle 3 (line 3): {named}\n"
    status, out, err = run(["--cages", cages, "--why", puzzles], capsys)
    assert status == 1
    assert out.splitlines() == [
        why_text(sudoku.conflicts(g, cages=kept)) for g in grids
    ]
    assert out.splitlines()[2] == "r1c1 = 4: no solution with these givens"
    # KenKen: arithmetic cages on a latin square.
    kenken = write(tmp_path, "kenken.txt", "AB\nAB\nA=2/ B=3+\n")
    two = write(tmp_path, "two.txt", "..\n..\n")
    status, out, _ = run(["--cages", kenken, "--variant", "latin", two], capsys)
    arithmetic = [(2, "/", [(0, 0), (1, 0)]), (3, "+", [(0, 1), (1, 1)])]
    expected = sudoku.solve("....", variant="latin", cages=arithmetic)
    assert (status, out.split()) == (0, [expected[:2], expected[2:]])


def test_a_cage_map_may_space_its_labels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # As a region map may: "A A B B" is a row of four labels (it was
    # refused as a row of seven).
    spaced = "\n".join(
        " ".join(line) if k < 4 else line
        for k, line in enumerate(SUDOKU_CAGE_FILE.splitlines())
    )
    plain = write(tmp_path, "cages.txt", SUDOKU_CAGE_FILE)
    spread = write(tmp_path, "spaced.txt", spaced + "\n")
    assert spaced != SUDOKU_CAGE_FILE.rstrip("\n")
    puzzles = write(tmp_path, "p.txt", "." * 16 + "\n")
    assert run(["--cages", spread, puzzles], capsys) == run(
        ["--cages", plain, puzzles], capsys
    )
    assert run(["--cages", spread, puzzles], capsys)[0] == 0


def test_grids_of_another_size_than_the_options_make_are_refused_one_by_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 4x4 cage map was laid in the corner of the 9x9 and 6x6 grids of the input.

    An empty 9x9 then had "no solution" and counted 0 (status 0), and
    --check called a right 9x9 answer wrong.  Each such grid is refused,
    naming the option, and the 4x4 ones are answered.
    """
    cages = write(tmp_path, "cages.txt", SUDOKU_CAGE_FILE)
    nine = sudoku.generate(seed=3)
    grids = ["." * 16, "." * 81, "." * 36, "1" + "." * 15, nine]
    puzzles = write(tmp_path, "p.txt", "\n".join(grids) + "\n")
    refused = [
        f"sudoku: {puzzles}: puzzle {k} (line {k}): the puzzle is {n}x{n}, but "
        f"the --cages map {cages} makes 4x4 grids"
        for k, n in ((2, 9), (3, 6), (5, 9))
    ]
    kept = SUDOKU_CAGE_LIST
    fours = [grids[0], grids[3]]
    status, out, err = run(["--cages", cages, "--count", puzzles], capsys)
    assert (status, err.splitlines()) == (1, refused)
    assert out.split() == [str(sudoku.count(g, cages=kept)) for g in fours]
    status, out, err = run(["--cages", cages, puzzles], capsys)
    assert (status, err.splitlines()) == (1, refused)
    assert out.split() == [sudoku.solve(g, cages=kept) for g in fours]
    status, out, err = run(["--cages", cages, "--why", puzzles], capsys)
    assert (status, err.splitlines()) == (1, refused)
    # --check: the solutions of the 4x4 puzzles are right, the others refused.
    answers = [
        sudoku.solve(g, cages=kept) if len(g) == 16 else sudoku.solve(g)
        for g in (grids[0], nine, grids[3])
    ]
    checked = write(tmp_path, "c.txt", "\n".join((grids[0], nine, grids[3])) + "\n")
    solved = write(tmp_path, "s.txt", "\n".join(answers) + "\n")
    status, out, err = run(["--cages", cages, "--check", checked, solved], capsys)
    assert status == 1
    assert err.splitlines() == [
        f"sudoku: {solved}: solution 2 (line 2): the puzzle is 9x9, but the "
        f"--cages map {cages} makes 4x4 grids (puzzle 2, line 2 of {checked})",
    ]
    assert out == "3 solutions checked: 1 wrong\n"
    # --box fixes the size too, and says so in the command's words.
    status, out, err = run(["--box", "2x2", "--count", puzzles], capsys)
    assert status == 1 and out.split() == [str(sudoku.count(g)) for g in fours]
    assert err.splitlines()[0] == (
        f"sudoku: {puzzles}: puzzle 2 (line 2): the puzzle is 9x9, but --box 2x2 "
        "makes 4x4 grids"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "AABB\nCDDB\nCEFF\nGEHH\nA=3 B=10 C=5 D=5\nE=4 F=7 G=4 H=3\n",
            "--cages CAGES, line 5: cage 'B' (at r1c3): no 3 different digits "
            "from 1 to 4 add up to 10",
        ),
        (
            "AABB\nCDDB\nCEFF\nGEHH\nA=3 B=9 C=5 D=5\nE=4 F=7 G=4\n",
            "--cages CAGES, line 4: cage 'H' of the map (at r4c3) has no clue",
        ),
        (
            "AABB\nCDDB\nCEF\nGEHH\nA=3\n",
            "--cages CAGES, line 3: 3 labels, not 4 (the map is N lines of N labels)",
        ),
        (
            "# a comment\nAABB\nCDDB\nCEFF\nGEHA\nA=3 B=9 C=5 D=5\nE=4 F=7 G=4 H=3\n",
            "--cages CAGES, line 2: cage 'A' (at r1c1): its cells are not "
            "connected (r1c1 is apart from r4c4); give --disjoint-cages to allow it",
        ),
        (
            "AABB\nCDDB\nCEFF\nGEHH\nA=3 B=9 C=5 D=5 A=4\nE=4 F=7 G=4 H=3\n",
            "--cages CAGES, line 5: cage 'A' has two clues (A=3 and A=4): give one",
        ),
        (
            "AABB\nCDDB\nCEFF\nGEHH\nA=3 B=9 C=5 D=5\nE=4 F=7q G=4 H=3\n",
            "--cages CAGES, line 6: clue F=7q is not a number and at most one "
            "operation",
        ),
        (
            "AABB\nCDDB\nCEFF\nGEHH\nA=3 B=9 C=5 D=5\nE=4 F=7 G=4 H=3 X=1\n",
            "--cages CAGES, line 6: clue X=1 names no cage of the map",
        ),
        (
            "AABB\nA=3\nCDDB\n",
            "--cages CAGES, line 3: a line of the map after the clues (give "
            "the map's N lines first, then the clues)",
        ),
        (
            "# nothing\n",
            "--cages CAGES: no map of cages (N lines of N labels, then the clues)",
        ),
        (  # a KenKen map without --variant latin: the option, not box=
            "AABBB\nCADBE\nCFDGE\nCFFGH\nIIFHH\n"
            "A=11+ B=13+ C=9+ D=2- E=5/ F=80* G=3/ H=40* I=2-\n",
            "--cages CAGES: a 5x5 grid has no box shape; give --box ROWSxCOLUMNS "
            "(or --variant latin)",
        ),
    ],
)
def test_bad_cage_files(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused before any puzzle is read (status 2), naming the file, its line and the cage."""
    cages = write(tmp_path, "cages.txt", text)
    line = usage(["--cages", cages, write(tmp_path, "p.txt", "." * 16)], capsys)
    assert line == f"sudoku: error: {message.replace('CAGES', cages)}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--box", "3x3"], "the map is 4x4, but the other options make 9x9 grids"),
    ],
)
def test_cages_with_options_that_do_not_fit(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cages = write(tmp_path, "cages.txt", SUDOKU_CAGE_FILE)
    line = usage(["--cages", cages, *args, write(tmp_path, "p.txt", "." * 16)], capsys)
    assert message in line
    missing = str(tmp_path / "missing.txt")
    line = usage(["--cages", missing, write(tmp_path, "q.txt", "." * 16)], capsys)
    assert line.startswith(f"sudoku: error: --cages {missing}: cannot read")


@pytest.mark.parametrize("kind", ["--explain", "--hint", "--rate"])
def test_a_solve_by_hand_with_cages_is_the_librarys(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--explain, --hint and --rate take --cages: the steps and rating of sudoku.explain(cages=...)."""
    cages = write(tmp_path, "cages.txt", SUDOKU_CAGE_FILE)
    text = "..3" + "." * 13  # the cages and a 3 in r1c3: one solution
    puzzle = write(tmp_path, "p.txt", text)
    status = main(["--cages", cages, kind, puzzle])
    out = capsys.readouterr().out
    assert status == 0
    explanation = sudoku.explain(text, cages=SUDOKU_CAGE_LIST)
    if kind == "--rate":
        assert out == f"{explanation.rating:.1f}\n"
    elif kind == "--hint":
        assert out.startswith(explanation.steps[0].text)
        assert "cage combinations of " in out
    else:
        lines = out.splitlines()
        steps = [line.split("] ", 1)[1] for line in lines if "] " in line]
        assert steps == [step.text for step in explanation.steps]


KENKEN5 = """ABBCC
AABDC
EEBDC
EEFDD
GGFHH
A=15* B=10+ C=50* D=72* E=11+ F=3- G=8+ H=4*
"""


def test_a_latin_grid_of_a_size_without_boxes_in_every_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A 5x5 KenKen (no box shape): every way reads it as the library does,
    # without boxes; it once failed in --count, --rate, --hint, --explain
    # and --pretty, which read it with boxes.
    cages = write(tmp_path, "kenken5.txt", KENKEN5)
    blank = write(tmp_path, "blank5.txt", "." * 25 + "\n")
    common = ["--cages", cages, "--variant", "latin"]
    status, solved, err = run([*common, blank], capsys)
    assert status == 0, err
    answer = solved.strip()
    cage_list = read_cage_map(KENKEN5.splitlines()[:5], KENKEN5.splitlines()[5])
    sudoku.check("." * 25, answer, cages=cage_list, variant="latin")
    assert run([*common, "--count", blank], capsys)[:2] == (0, "1\n")
    assert run([*common, "--count", "--limit", "2", blank], capsys)[:2] == (0, "1\n")
    explanation = sudoku.explain("." * 25, cages=cage_list, variant="latin")
    status, out, err = run([*common, "--rate", blank], capsys)
    assert (status, out.strip()) == (0, explanation.rating_text), err
    status, out, err = run([*common, "--hint", blank], capsys)
    hint = sudoku.hint("." * 25, cages=cage_list, variant="latin")
    assert status == 0 and out.startswith(str(hint)), err
    status, out, err = run([*common, "--explain", blank], capsys)
    assert status == 0 and f"{len(explanation.steps)} steps" in out, err
    status, out, err = run([*common, "--pretty", blank], capsys)
    assert status == 0, err
    rows = [line for line in out.splitlines() if line.startswith("|")]
    assert [row.strip("| ").replace(" ", "") for row in rows] == [
        answer[r : r + 5] for r in range(0, 25, 5)
    ]
    assert not any(" | " in row.strip("|") for row in rows)  # no box lines


def test_a_latin_square_takes_an_alphabet_of_a_size_without_boxes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # --alphabet abcde was refused for having no box shape, with the advice
    # to give --box, which latin squares refuse: no way out on the command
    # line, where the library took it.
    blank = write(tmp_path, "blank5.txt", "." * 25 + "\n")
    common = ["--variant", "latin", "--alphabet", "abcde"]
    expected = sudoku.count("." * 25, variant="latin", alphabet="abcde")
    assert run([*common, "--count", blank], capsys)[:2] == (0, f"{expected}\n")
    status, out, err = run([*common, blank], capsys)
    assert status == 0, err
    assert set(out.strip()) == set("abcde")
    sudoku.check("." * 25, out.strip(), variant="latin", alphabet="abcde")
    # Sudoku grids of 5x5 still have no box shape: the advice stands.
    message = usage(["--alphabet", "abcde", blank], capsys)
    assert "give one with --box ROWSxCOLUMNS" in message


@pytest.mark.parametrize("kind", [[], ["--count"], ["--count", "--jobs", "2"]])
def test_box_with_a_variant_without_boxes_is_refused(
    kind: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Counted once without it: 576 latin squares where boxes give 288.
    if "--jobs" in kind and sys.platform == "emscripten":
        pytest.skip("Pyodide refuses --jobs first: it has no worker processes")
    blank = write(tmp_path, "blank4.txt", "." * 16 + "\n")
    line = usage(["--box", "2x2", "--variant", "latin", *kind, blank], capsys)
    assert line == (
        "sudoku: error: --box does not go with --variant latin: its grids have no boxes"
    )


def test_one_variant_under_two_names_is_one_thing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blank = write(tmp_path, "blank4.txt", "." * 16 + "\n")
    for first, second in (("x", "X"), ("hyper", "windoku"), ("x+windoku", "Windoku+x")):
        once = run(["--count", "--variant", first, blank], capsys)
        assert (
            run(["--count", "--variant", first, "--variant", second, blank], capsys)
            == once
        )
    line = usage(["--count", "--variant", "x", "--variant", "windoku", blank], capsys)
    assert "--variant given twice" in line


def test_standard_input_given_twice_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The first '-' read it to its end and the second found no puzzle.
    for args in (["--count", "-", "-"], ["-", "-"], ["--check", "-", "-"]):
        line = usage(args, capsys)
        assert (
            line == "sudoku: error: standard input ('-') is given twice: give it once"
        )
