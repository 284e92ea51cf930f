"""Generated cage puzzles (issue 44): killer sudoku and KenKen from sudoku.generate_puzzle.

* ``generate_puzzle(cages="killer" | "arithmetic")`` makes puzzles with no
  givens whose cages have exactly one solution: checked by brute force
  (``tests/cage_oracles.py``, which knows nothing of :mod:`sudoku`) on
  small grids and by ``sudoku.count(limit=2)`` on the others; the cages
  keep their rules against the solution (totals and operations, no digit
  twice in a killer cage, 2 to 5 connected cells, every cell in one cage);
* the same seed makes the same puzzle; every option that does not go
  with cages is refused with one message; ``timeout=`` and ``progress=``
  work as for classic puzzles;
* ``sudoku generate --cages`` prints puzzles that ``sudoku --cages FILE
  --unique`` reads back and solves to the generator's solution (through
  real processes), and refuses the options that do not go with it.
"""

from __future__ import annotations

import contextlib
import math
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cage_oracles import oracle_cages, oracle_solve, oracle_units
from dlx_helpers import interrupt_on_a_terminal, start_command
from hypothesis import given, settings
from hypothesis import strategies as st
from sudoku_helpers import neighbours

import sudoku
from sudoku import SudokuError
from sudoku.cages import read_cage_map
from sudoku.cli import main
from sudoku.generator import (
    CAGE_CELLS,
    Generated,
    GenerationProgress,
    GenerationStopped,
    cage_text,
    generate,
    generate_puzzle,
)

ROOT = Path(__file__).resolve().parents[1]


class Enough(Exception):
    """Raised by a test's progress hook once it has seen a report."""


def values_of(text: str) -> list[int]:
    return [int(ch) for ch in text]


def cells_of(cage: tuple[object, ...]) -> list[tuple[int, int]]:
    """A cage's cells, checked to be (row, column) pairs of ints."""
    cells = cage[-1]
    assert isinstance(cells, tuple)
    pairs = []
    for cell in cells:
        assert isinstance(cell, tuple) and len(cell) == 2
        row, column = cell
        assert type(row) is int and type(column) is int
        pairs.append((row, column))
    return pairs


def check_cages(made: Generated, kind: str) -> None:
    """The cages partition the grid, are connected, 2-5 cells, and hold for the solution."""
    size = math.isqrt(len(made.puzzle))
    solution = values_of(made.solution)
    seen: list[int] = []
    firsts = []
    for cage in made.cages:
        cells = [r * size + c for r, c in cells_of(cage)]
        assert CAGE_CELLS[0] <= len(cells) <= CAGE_CELLS[1]
        seen.extend(cells)
        firsts.append(min(cells))
        # Connected side by side: a walk from the first cell reaches all.
        reached = {cells[0]}
        stack = [cells[0]]
        while stack:
            for n in neighbours(size, stack.pop()):
                if n in cells and n not in reached:
                    reached.add(n)
                    stack.append(n)
        assert reached == set(cells)
        digits = [solution[c] for c in cells]
        if kind == "killer":
            assert len(cage) == 2
            assert len(set(digits)) == len(digits)
            assert cage[0] == sum(digits)
            continue
        assert len(cage) == 3
        target, op = cage[0], cage[1]
        assert type(target) is int
        assert op in ("+", "-", "*", "/")
        if op == "+":
            assert target == sum(digits)
        elif op == "*":
            assert target == math.prod(digits)
        elif op == "-":
            assert len(digits) == 2 and target == max(digits) - min(digits)
        else:
            assert len(digits) == 2 and max(digits) == min(digits) * target
    assert sorted(seen) == list(range(size * size))
    assert firsts == sorted(firsts)
    assert made.puzzle == "." * (size * size) and made.givens == 0
    assert made.target is None and made.grade is None and made.reached
    assert made.tries >= 1


def count_of(made: Generated) -> int:
    return sudoku.count(
        made.puzzle,
        box=made.box,
        variant=made.variant,
        regions=None
        if made.regions is None
        else ["".join(map(str, row)) for row in made.regions],
        cages=made.cages,
        limit=2,
    )


# -- uniqueness and the cage rules ---------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(
    ("kind", "variant"), [("killer", None), ("arithmetic", "latin")]
)
def test_4x4_unique_by_brute_force(seed: int, kind: str, variant: str | None) -> None:
    box = (2, 2) if variant is None else None
    made = generate_puzzle(box, seed=seed, cages=kind, variant=variant, size=4)
    check_cages(made, kind)
    assert made.box == box and made.variant == variant
    units = oracle_units(4, box)
    found = oracle_solve(4, units, [0] * 16, oracle_cages(made.cages, 4), limit=2)
    assert found == [values_of(made.solution)]
    # The solver agrees, given back what the result holds.
    answer = sudoku.solve(
        made.puzzle, box=made.box, variant=made.variant, cages=made.cages, unique=True
    )
    assert answer == made.solution


@pytest.mark.parametrize("seed", range(3))
def test_5x5_kenken_unique_by_brute_force(seed: int) -> None:
    made = generate_puzzle(seed=seed, cages="arithmetic", variant="latin", size=5)
    check_cages(made, "arithmetic")
    units = oracle_units(5, None)
    found = oracle_solve(5, units, [0] * 25, oracle_cages(made.cages, 5), limit=2)
    assert found == [values_of(made.solution)]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(
    ("kind", "box", "variant", "size"),
    [
        ("killer", (2, 3), None, None),
        ("killer", (3, 2), None, None),
        ("arithmetic", None, "latin", 6),
        ("killer", None, "latin", 5),
    ],
)
def test_6x6_unique(
    seed: int,
    kind: str,
    box: tuple[int, int] | None,
    variant: str | None,
    size: int | None,
) -> None:
    made = generate_puzzle(box, seed=seed, cages=kind, variant=variant, size=size)
    check_cages(made, kind)
    assert count_of(made) == 1
    assert sudoku.solve(
        made.puzzle, box=made.box, variant=made.variant, cages=made.cages
    ) == (made.solution)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
def test_9x9_killer_unique(seed: int) -> None:
    made = generate_puzzle(seed=seed, cages="killer")
    check_cages(made, "killer")
    assert made.box == (3, 3) and count_of(made) == 1


@pytest.mark.slow
def test_9x9_kenken_unique() -> None:
    made = generate_puzzle(seed=0, cages="arithmetic", variant="latin")
    check_cages(made, "arithmetic")
    assert made.box is None and count_of(made) == 1


@pytest.mark.parametrize(
    ("kind", "box", "variant", "regions"),
    [
        ("killer", (2, 2), "x", None),
        ("killer", (2, 3), "windoku", None),
        ("arithmetic", (2, 2), None, None),
        ("arithmetic", None, "x+latin", None),
        ("killer", None, None, ("AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE")),
    ],
)
def test_variants_and_jigsaw(
    kind: str,
    box: tuple[int, int] | None,
    variant: str | None,
    regions: tuple[str, ...] | None,
) -> None:
    size = 4 if variant == "x+latin" else None
    made = generate_puzzle(
        box, seed=1, cages=kind, variant=variant, regions=regions, size=size
    )
    check_cages(made, kind)
    assert count_of(made) == 1
    if regions is not None:
        assert made.regions == tuple(tuple(row) for row in regions)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["killer", "arithmetic"]))
def test_any_seed_4x4(seed: int, kind: str) -> None:
    made = generate_puzzle((2, 2), seed=seed, cages=kind)
    check_cages(made, kind)
    units = oracle_units(4, (2, 2))
    found = oracle_solve(4, units, [0] * 16, oracle_cages(made.cages, 4), limit=2)
    assert found == [values_of(made.solution)]


def test_alphabet_writes_the_solution() -> None:
    plain = generate_puzzle((2, 2), seed=5, cages="killer")
    lettered = generate_puzzle((2, 2), seed=5, cages="killer", alphabet="ABCD")
    assert lettered.cages == plain.cages
    assert lettered.solution == plain.solution.translate(str.maketrans("1234", "ABCD"))


# -- seeds ---------------------------------------------------------------------------


def test_same_seed_same_puzzle() -> None:
    for kind, variant, box in (("killer", None, (2, 3)), ("arithmetic", "latin", None)):
        first = generate_puzzle(box, seed=11, cages=kind, variant=variant, size=6)
        again = generate_puzzle(box, seed=11, cages=kind, variant=variant, size=6)
        assert first == again
        other = generate_puzzle(box, seed=12, cages=kind, variant=variant, size=6)
        assert other.cages != first.cages


@pytest.mark.processes
def test_same_seed_in_another_process() -> None:
    code = (
        "from sudoku import generate_puzzle;"
        "print(generate_puzzle(seed=7, cages='arithmetic', variant='latin', size=5))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "123", "PATH": ""},
    )
    made = generate_puzzle(seed=7, cages="arithmetic", variant="latin", size=5)
    assert run.stdout.strip() == repr(made)


def test_seed_drawn_makes_it_again() -> None:
    made = generate_puzzle((2, 2), cages="killer")
    assert generate_puzzle((2, 2), seed=made.seed, cages="killer") == made


# -- refusals ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"givens": 5}, "givens= does not go with cages=: a cage puzzle has no givens"),
        ({"symmetry": "none"}, "symmetry= does not go with cages="),
        ({"symmetry": "rotational"}, "symmetry= does not go with cages="),
        ({"minimal": False}, "minimal=False does not go with cages="),
        ({"tries": 3}, "tries= only goes with givens= or grade="),
        ({"cages": "sumdoku"}, "cages='sumdoku' is not one of 'killer', 'arithmetic'"),
        ({"box": (4, 4)}, "cage puzzles are made from 4x4 to 9x9, not 16x16: beyond"),
        ({"box": (1, 3)}, "cage puzzles are made from 4x4 to 9x9, not 3x3"),
        ({"variant": "latin", "size": 10}, "not 10x10"),
        ({"variant": "latin", "box": (2, 2)}, "box=(2, 2) does not go with variant"),
        ({"box": (2, 2), "size": 6}, "box=(2, 2) does not make a 6x6 grid"),
        ({"size": 0}, "size=0 is not an int of at least 1"),
    ],
)
def test_refused(options: dict[str, object], words: str) -> None:
    asked: dict[str, object] = {"cages": "killer", "seed": 1, **options}
    box = asked.pop("box", None)
    with pytest.raises(SudokuError) as error:
        generate_puzzle(box, **asked)  # type: ignore[arg-type]
    assert words in str(error.value)


def test_generate_returns_the_cage_text() -> None:
    # generate() gives the puzzle as sudoku --cages FILE reads it: the
    # cages of generate_puzzle(), read back by read_cage_map.
    for options in (
        {"box": (2, 2), "cages": "killer"},
        {"cages": "arithmetic", "variant": "latin", "size": 5},
    ):
        text = generate(seed=4, **options)
        made = generate_puzzle(seed=4, **options)
        assert text == cage_text(round(len(made.puzzle) ** 0.5), made.cages)
        *rows, clues = text.splitlines()
        assert [repr(cage) for cage in read_cage_map(rows, clues)] == [
            repr((cage[0], *cage[1:-1], [tuple(cell) for cell in cage[-1]]))  # type: ignore[attr-defined]
            for cage in made.cages
        ]


def test_latin_without_cages_works() -> None:
    # Before issue 44 a latin square had no third unit to fill first.
    made = generate_puzzle(seed=3, variant="latin", size=5, symmetry="none")
    assert made.box is None and made.cages == ()
    assert sudoku.count(made.puzzle, variant="latin", limit=2) == 1


# -- budgets -------------------------------------------------------------------------


def test_timeout_zero_stops_at_once() -> None:
    with pytest.raises(GenerationStopped) as stop:
        generate_puzzle(seed=1, cages="killer", timeout=0)
    assert stop.value.tries == 1
    assert "the puzzle was not finished" in str(stop.value)


def test_timeout_stops_while_caging() -> None:
    # A 9x9 KenKen takes seconds: 50 ms ends it among its counts.
    with pytest.raises(GenerationStopped) as stop:
        generate_puzzle(seed=1, cages="arithmetic", variant="latin", timeout=0.05)
    assert "time budget of 0.05 s used up" in str(stop.value)


#: Seeds of 9x9 KenKen that take seconds, the longest first: a machine
#: fast enough to make one of them in under a second tries the next.
LONG_KENKEN = (7, 1, 3)


def test_progress_is_reported_and_may_stop_it() -> None:
    reports: list[GenerationProgress] = []

    def hook(report: object) -> None:
        assert isinstance(report, GenerationProgress)
        reports.append(report)
        raise Enough

    # Seeds 7 and 1 take seconds (7 s and 5 s of CPU on CPython, 1.5 s
    # and more on PyPy): the first report comes after one.
    for seed in LONG_KENKEN:
        with contextlib.suppress(Enough):
            generate_puzzle(
                seed=seed, cages="arithmetic", variant="latin", progress=hook
            )
        if reports:
            break
    (report,) = reports
    assert (
        report.stage in ("filling", "caging") and report.tries >= 1
    )  # one grid or more: PyPy can finish the first within the second
    assert report.elapsed >= 1.0 and 0.0 <= report.fraction <= 1.0


def test_interrupt_goes_through_and_leaves_the_seed() -> None:
    def hook(report: object) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):  # from the first seed that reports
        for seed in LONG_KENKEN:
            generate_puzzle(
                seed=seed, cages="arithmetic", variant="latin", progress=hook
            )
    first = generate_puzzle(seed=2, cages="arithmetic", variant="latin", size=5)
    assert first == generate_puzzle(seed=2, cages="arithmetic", variant="latin", size=5)


# -- the command ---------------------------------------------------------------------


def test_cage_text_reads_back() -> None:
    made = generate_puzzle(seed=3, cages="arithmetic", variant="latin", size=6)
    lines = cage_text(6, made.cages).splitlines()
    read = read_cage_map(lines[:-1], lines[-1])
    assert [flat(cage) for cage in read] == [flat(cage) for cage in made.cages]


def flat(cage: tuple[object, ...]) -> tuple[object, ...]:
    """A cage with its cells as a tuple, whatever sequence held them."""
    cells = cage[-1]
    assert isinstance(cells, list | tuple)
    return (*cage[:-1], tuple(tuple(cell) for cell in cells))


def sudoku_command(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sudoku", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )


@pytest.mark.processes
@pytest.mark.parametrize(
    ("args", "size", "variant"),
    [
        (["--cages", "killer", "--box", "2x3"], 6, None),
        (["--cages", "arithmetic", "--variant", "latin", "--size", "5"], 5, "latin"),
        (["--cages", "killer"], 9, None),
    ],
)
def test_command_round_trip(
    tmp_path: Path, args: list[str], size: int, variant: str | None
) -> None:
    made = sudoku_command("generate", "--seed", "4", "--no-progress", *args)
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("# seed 4\n")
    path = tmp_path / "cages.txt"
    path.write_text(made.stdout)
    extra = [] if variant is None else ["--variant", variant]
    solved = sudoku_command(
        "--cages", str(path), "--unique", *extra, stdin="." * (size * size) + "\n"
    )
    assert solved.returncode == 0, solved.stderr
    box = (2, 3) if "--box" in args else None
    expected = generate_puzzle(box, seed=4, cages=args[1], variant=variant, size=size)
    assert solved.stdout.split() == [expected.solution]
    lines = made.stdout.splitlines()
    assert lines[1 : 1 + size] == cage_text(size, expected.cages).splitlines()[:-1]


def test_command_prints_puzzles_apart(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["generate", "--cages", "killer", "--box", "2x2", "--count", "2", "--seed", "9"]
    )
    assert status == 0
    out = capsys.readouterr().out
    first, second = out.split("\n\n")
    for seed, block in ((9, first), (10, second)):
        made = generate_puzzle((2, 2), seed=seed, cages="killer")
        assert block.strip() == f"# seed {seed}\n" + cage_text(4, made.cages)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--givens", "10"], "--cages does not go with --givens"),
        (["--tries", "4"], "--tries only goes with --givens or --grade"),
        (["--symmetry", "none"], "--cages does not go with --symmetry"),
        (["--not-minimal"], "--cages does not go with --not-minimal"),
        (["--blocks"], "--cages does not go with --blocks"),
        (["--box", "4x4"], "--cages makes grids from 4x4 to 9x9, not 16x16"),
        (["--variant", "latin", "--size", "3"], "not 3x3"),
        (["--variant", "latin", "--box", "2x2"], "--box does not go with --variant"),
        (["--box", "2x2", "--size", "6"], "--size 6 does not go with --box 2x2"),
        (["--size", "7"], "--size 7 has no box shape"),
        (["--cages", "sums"], "argument --cages: invalid choice"),
    ],
)
def test_command_refusals(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["generate", "--cages", "killer", *args])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    for python in ("givens=", "grade=", "tries=", "symmetry=", "minimal=", "cages="):
        assert python not in err


def test_command_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--cages", "arithmetic", "--variant", "latin", "--seed", "1"]
    status = main(["generate", *args, "--timeout", "0.05", "--no-progress"])
    assert status == 3
    assert "--timeout 0.05 ran out" in capsys.readouterr().err


def test_size_gives_the_default_boxes() -> None:
    made = generate_puzzle(size=6, seed=2, symmetry="none")
    assert made.box == (2, 3)
    assert sudoku.count(made.puzzle, box=(2, 3), limit=2) == 1
    with pytest.raises(SudokuError, match="size=5 does not fit the 4x4 region map"):
        generate_puzzle(regions=["AABB", "AABB", "CCDD", "CCDD"], size=5)


def test_command_latin_without_cages(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--variant", "latin", "--size", "5", "--seed", "3"]
    assert main(["generate", *args]) == 0
    (line,) = capsys.readouterr().out.split()
    assert sudoku.count(line, variant="latin", limit=2) == 1


def test_command_size_and_regions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "map").write_text("AABB\nAABB\nCCDD\nCCDD\n")
    with pytest.raises(SystemExit) as stop:
        main(["generate", "--regions", str(tmp_path / "map"), "--size", "6"])
    assert stop.value.code == 2
    assert "--size 6 does not go with --regions" in capsys.readouterr().err


# -- the command in real processes: Ctrl-C, a terminal --------------------------------


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_keeps_the_puzzles_printed(tmp_path: Path) -> None:
    out, err = tmp_path / "out", tmp_path / "err"
    args = ["generate", "--cages", "killer", "--box", "2x3", "--count", "500"]
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = start_command("sudoku", [*args, "--seed", "40"], stdout, stderr)
        try:
            deadline = time.monotonic() + 120
            # The first puzzle is whole once its clue line has ended.
            while not re.search(rb"=\d+\n", out.read_bytes()):
                assert process.poll() is None, err.read_text()
                assert time.monotonic() < deadline, "no puzzle came"
                time.sleep(0.01)
            process.send_signal(signal.SIGINT)
            process.wait(timeout=60)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    assert process.returncode == 130
    blocks = out.read_text().split("\n\n")
    assert 1 <= len(blocks) < 500
    for k, block in enumerate(blocks[:2]):
        made = generate_puzzle((2, 3), seed=40 + k, cages="killer")
        assert block.strip() == f"# seed {40 + k}\n" + cage_text(6, made.cages)
    printed = len(blocks)
    assert err.read_text().splitlines()[-1] == (
        f"sudoku generate: interrupted after {printed} "
        f"puzzle{'s' * (printed != 1)} printed"
    )


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_progress_on_a_terminal() -> None:
    # Ctrl-C once a progress line has shown.
    status, _ = interrupt_on_a_terminal(
        ["generate", "--cages", "arithmetic", "--variant", "latin", "--seed", "1"],
        rb"sudoku generate: puzzle 1: try 1 of \d+, (filling|caging \(\d+ cages\)), \d+ nodes",
    )
    assert status == 130


def test_grids_given_up_say_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # No count may take a branch: every grid is given up.
    monkeypatch.setattr(sudoku.generator, "CAGE_NODES", 0)
    with pytest.raises(SudokuError, match="no killer puzzle in 20 complete grids"):
        generate_puzzle((2, 2), seed=1, cages="killer")
    args = ["--cages", "killer", "--box", "2x2", "--count", "2", "--seed", "0"]
    status = main(["generate", *args])
    assert status == 1
    assert capsys.readouterr().err.splitlines()[-2:] == [
        f"sudoku generate: puzzle {k} (--seed {s}): no killer puzzle in 20 complete grids: "
        "another seed may make one"
        for k, s in ((1, 0), (2, 1))
    ]


# -- grades --------------------------------------------------------------------------


def test_a_grade_asked_is_the_grade_of_the_puzzle_made() -> None:
    # Each puzzle is graded with its cages until one has the grade: the
    # grader, run again on the puzzle, agrees, and so does its level.
    made = generate_puzzle((2, 2), seed=3, cages="killer", grade="easy")
    assert made.grade is not None and made.grade.level == 1
    again = sudoku.grade(made.puzzle, cages=made.cages)
    assert again == made.grade
    # 6x6 KenKens mostly go past the techniques (a search step: diabolical).
    kenken = generate_puzzle(
        seed=2,
        cages="arithmetic",
        variant="latin",
        size=6,
        grade="diabolical",
        tries=30,
    )
    assert kenken.grade is not None and kenken.grade.name == "diabolical"
    assert (
        sudoku.grade(kenken.puzzle, cages=kenken.cages, variant="latin") == kenken.grade
    )
    # Without grade=, no grade.
    assert generate_puzzle((2, 2), seed=3, cages="killer").grade is None


def test_a_grade_not_found_in_its_tries_is_said() -> None:
    # 4x4 killers never need locked candidates: none is medium.
    with pytest.raises(
        SudokuError, match="no cage puzzle of grade 'medium' in 5 tries"
    ):
        generate_puzzle((2, 2), seed=1, cages="killer", grade="medium", tries=5)


@pytest.mark.processes
def test_the_command_makes_a_graded_killer(tmp_path: Path) -> None:
    argv = ["--cages", "killer", "--box", "2x2", "--grade", "easy", "--seed", "3"]
    made = subprocess.run(
        [sys.executable, "-m", "sudoku", "generate", *argv],
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    path = tmp_path / "killer.txt"
    path.write_text(made.stdout)
    puzzles = tmp_path / "blank.txt"
    puzzles.write_text("." * 16 + "\n")
    graded = subprocess.run(
        [sys.executable, "-m", "sudoku", "--cages", str(path), "--grade", str(puzzles)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert graded.returncode == 0, graded.stderr
    assert graded.stdout.startswith("1 easy")


def test_the_command_says_a_grade_not_found_in_its_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--cages", "killer", "--box", "2x2", "--grade", "medium", "--tries", "3"]
    assert main(["generate", *argv, "--seed", "1", "--no-progress"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines()[0] == (
        "sudoku generate: puzzle 1 (--seed 1): no cage puzzle of grade 'medium' in 3 tries "
        "(another seed or a larger --tries may find one)"
    )
