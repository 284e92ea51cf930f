"""Tests of sudoku.generate: uniqueness, minimality, symmetry, seeds, the CLI.

Uniqueness and minimality are judged by an independent counter written
here (plain backtracking over bit masks, no singles, no exact cover), not
by the generator's own searches nor by the library's solver.
"""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import sudoku
from sudoku.cli import main
from sudoku.generator import SYMMETRIES, Generated, GivensWarning, generate_puzzle

ROOT = Path(__file__).resolve().parents[1]


# -- the independent oracle ---------------------------------------------------


def count_solutions(cells: list[int], box: tuple[int, int], limit: int = 2) -> int:
    """Count the completions of ``cells`` (0 blank) up to ``limit``, by backtracking.

    Cells are filled in order of fewest candidates; candidates come from
    the row, column and box of each cell, recomputed at every step.
    """
    rows, cols = box
    size = rows * cols
    grid = list(cells)
    everything = (1 << (size + 1)) - 2  # bits 1..size
    peers = []
    for cell in range(size * size):
        r, c = divmod(cell, size)
        top, left = r - r % rows, c - c % cols
        near = {r * size + j for j in range(size)}
        near |= {i * size + c for i in range(size)}
        near |= {(top + i) * size + left + j for i in range(rows) for j in range(cols)}
        near.discard(cell)
        peers.append(sorted(near))

    def candidates(cell: int) -> set[int]:
        used = 0
        for p in peers[cell]:
            used |= 1 << grid[p]
        free = everything & ~used
        return {v for v in range(1, size + 1) if free >> v & 1}

    for cell, value in enumerate(grid):  # the givens must not clash
        if value:
            grid[cell] = 0
            if value not in candidates(cell):
                return 0
            grid[cell] = value
    found = 0
    # An explicit stack of (cell, values left to try); no recursion.
    stack: list[tuple[int, list[int]]] = []

    def choose() -> bool:
        """Push the most constrained blank cell; False when the grid is full."""
        best, options = -1, None
        for cell in range(size * size):
            if not grid[cell]:
                here = candidates(cell)
                if options is None or len(here) < len(options):
                    best, options = cell, here
                    if len(here) <= 1:
                        break
        if options is None:
            return False
        stack.append((best, sorted(options)))
        return True

    if not choose():
        return 1
    while stack:
        cell, options = stack[-1]
        if not options:
            grid[cell] = 0
            stack.pop()
            continue
        grid[cell] = options.pop()
        if not choose():
            found += 1
            if found >= limit:
                return found
    return found


def values_of(puzzle: str, alphabet: str) -> list[int]:
    return [alphabet.index(ch) + 1 if ch != "." else 0 for ch in puzzle]


def alphabet_of(size: int) -> str:
    return "123456789"[:size] if size <= 9 else "ABCDEFGHIJKLMNOPQRSTUVWXY"[:size]


def image(cell: int, size: int, symmetry: str) -> int:
    r, c = divmod(cell, size)
    if symmetry == "rotational":
        return (size - 1 - r) * size + size - 1 - c
    if symmetry == "mirror":
        return r * size + size - 1 - c
    if symmetry == "diagonal":
        return c * size + r
    return cell


def assert_generated(made: Generated, *, minimal: bool = True) -> None:
    """Unique, solved by its solution, symmetric, and minimal in orbits."""
    box = made.box
    assert box is not None  # boxes, not a jigsaw map
    size = box[0] * box[1]
    alphabet = alphabet_of(size)
    cells = values_of(made.puzzle, alphabet)
    solution = values_of(made.solution, alphabet)
    assert len(cells) == size * size
    assert made.givens == sum(1 for v in cells if v)
    assert all(v == 0 or v == s for v, s in zip(cells, solution, strict=True))
    assert count_solutions(solution, box) == 1  # a valid complete grid
    assert count_solutions(cells, box) == 1, made.puzzle
    for cell in range(size * size):
        assert bool(cells[cell]) == bool(cells[image(cell, size, made.symmetry)])
    if not minimal:
        return
    seen = set()
    for cell in range(size * size):
        if not cells[cell] or cell in seen:
            continue
        orbit = {cell, image(cell, size, made.symmetry)}
        seen |= orbit
        fewer = list(cells)
        for k in orbit:
            fewer[k] = 0
        assert count_solutions(fewer, box) == 2, (made.puzzle, sorted(orbit))


# -- the oracle's own check -------------------------------------------------------


def test_oracle_knows_the_count_of_4x4_grids() -> None:
    # 288 complete 4x4 grids: a known count the oracle must find.
    assert count_solutions([0] * 16, (2, 2), limit=1000) == 288
    assert count_solutions([1, 1] + [0] * 14, (2, 2)) == 0


# -- uniqueness and minimality ------------------------------------------------------


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2)])
@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_small_grids_are_unique_and_minimal(
    box: tuple[int, int], symmetry: str
) -> None:
    for seed in range(60):
        assert_generated(generate_puzzle(box, seed=seed, symmetry=symmetry))


@pytest.mark.parametrize("symmetry", ["none", "rotational"])
def test_9x9_is_unique_and_minimal(symmetry: str) -> None:
    for seed in range(6):
        assert_generated(generate_puzzle(seed=seed, symmetry=symmetry))


@pytest.mark.slow
@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_9x9_many_seeds(symmetry: str) -> None:
    for seed in range(100, 300):
        assert_generated(generate_puzzle(seed=seed, symmetry=symmetry))


@pytest.mark.slow
@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (2, 4)])
def test_small_grids_many_seeds(box: tuple[int, int]) -> None:
    for symmetry in SYMMETRIES:
        for seed in range(1000, 1500):
            assert_generated(generate_puzzle(box, seed=seed, symmetry=symmetry))


def test_12x12_is_unique() -> None:
    made = generate_puzzle((3, 4), seed=3, symmetry="mirror")
    sudoku.check(made.puzzle, made.solution, box=(3, 4))
    assert sudoku.count(made.puzzle, box=(3, 4), limit=2) == 1
    for cell, ch in enumerate(made.puzzle):
        assert (ch == ".") == (made.puzzle[image(cell, 12, "mirror")] == ".")


@pytest.mark.slow
def test_16x16_is_unique() -> None:
    made = generate_puzzle((4, 4), seed=11)
    sudoku.check(made.puzzle, made.solution, box=(4, 4))
    assert sudoku.count(made.puzzle, box=(4, 4), limit=2) == 1


@pytest.mark.slow
def test_25x25_not_minimal_is_unique() -> None:
    # A minimal 25x25 is out of reach (see the how-to): stop at 330 givens.
    made = generate_puzzle((5, 5), seed=11, minimal=False, givens=330)
    assert made.reached and made.givens > 328
    sudoku.check(made.puzzle, made.solution, box=(5, 5))
    assert sudoku.count(made.puzzle, box=(5, 5), limit=2) == 1


# -- seeds -------------------------------------------------------------------------


def test_same_seed_same_puzzle_and_different_seeds_differ() -> None:
    first = [sudoku.generate(seed=s) for s in range(5)]
    assert first == [sudoku.generate(seed=s) for s in range(5)]
    assert len(set(first)) == 5


@pytest.mark.processes
def test_seed_does_not_depend_on_hash_randomisation() -> None:
    code = "import sudoku; print(sudoku.generate((2, 3), seed=42, symmetry='none'))"
    outputs = set()
    for hash_seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        run = subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.add(run.stdout)
    assert outputs == {sudoku.generate((2, 3), seed=42, symmetry="none") + "\n"}


def test_without_seed_the_drawn_seed_makes_it_again() -> None:
    made = generate_puzzle((2, 3))
    assert generate_puzzle((2, 3), seed=made.seed) == made


# -- givens and minimal=False --------------------------------------------------


def test_not_minimal_stops_at_the_target() -> None:
    for seed in range(40):
        made = generate_puzzle(
            (2, 3), seed=seed, symmetry="rotational", minimal=False, givens=20
        )
        assert made.reached
        assert 18 < made.givens <= 20  # the last orbit emptied had 1 or 2 cells
        assert_generated(made, minimal=False)


def test_not_minimal_without_target_stops_at_the_first_failure() -> None:
    for seed in range(40):
        made = generate_puzzle(seed=seed, minimal=False)
        assert_generated(made, minimal=False)
        assert made.givens >= generate_puzzle(seed=seed).givens


def test_target_missed_is_said() -> None:
    made = generate_puzzle((2, 2), seed=1, givens=0, tries=3)
    assert not made.reached and made.tries == 3 and made.givens >= 4
    with pytest.warns(GivensWarning, match="at most 0 givens; the best of 3 tries"):
        puzzle = sudoku.generate((2, 2), seed=1, givens=0, tries=3)
    assert puzzle == made.puzzle


def test_target_met_early_stops_trying() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        made = generate_puzzle((2, 3), seed=9, givens=36)
    assert made.tries == 1 and made.reached


def test_givens_target_is_the_best_of_the_tries() -> None:
    made = generate_puzzle(seed=4, givens=24, tries=4, symmetry="none")
    assert_generated(made, minimal=False)
    assert made.reached or made.tries == 4


# -- the alphabet ---------------------------------------------------------------


def test_alphabets() -> None:
    puzzle = sudoku.generate((2, 2), seed=1, alphabet="wxyz")
    assert set(puzzle) <= set("wxyz.")
    assert sudoku.count(puzzle, alphabet="wxyz", limit=2) == 1
    twelve = sudoku.generate((3, 4), seed=1, symmetry="none")
    assert set(twelve) <= set("ABCDEFGHIJKL.")


# -- grade= ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wish", "level"), [("easy", 1), ("medium", 2), (3, 3), (5, 5)]
)
def test_grade_asked_for_is_the_grade_given(wish: str | int, level: int) -> None:
    for seed in range(3):
        made = generate_puzzle(seed=seed, grade=wish)
        assert made.grade is not None and made.grade.level == level
        # Graded afresh, independently of the generator's own call.
        assert sudoku.grade(made.puzzle).level == level
        assert count_solutions(values_of(made.puzzle, "123456789"), (3, 3)) == 1
        assert made == generate_puzzle(seed=seed, grade=wish)
    assert generate_puzzle(seed=0).grade is None


def test_grade_with_other_shapes_and_tries() -> None:
    made = generate_puzzle((2, 3), seed=4, grade="easy", tries=5)
    assert made.grade is not None and made.grade.name == "easy"
    assert made.tries <= 5
    assert sudoku.generate((2, 3), seed=4, grade="easy", tries=5) == made.puzzle


def test_cli_grade(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["generate", "--grade", "hard", "--count", "2", "--seed", "1"])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert [sudoku.grade(p).name for p in out.split()] == ["hard", "hard"]
    # A grade no try reaches: said for that puzzle, status 1.
    status = main(["generate", "--grade", "diabolical", "--tries", "2", "--seed", "1"])
    out, err = capsys.readouterr()
    assert status == 1 and out == ""
    assert "puzzle 1 (--seed 1): no diabolical puzzle in 2 tries" in err


# -- bad arguments ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"box": (3,)}, "box=(3,) is not a pair"),
        ({"box": (0, 3)}, "box=(0, 3) is not a pair of positive ints"),
        ({"box": "33"}, "box='33' is not a pair"),
        ({"box": (6, 6)}, "needs an explicit alphabet="),
        ({"symmetry": "spiral"}, "symmetry='spiral' is not one of 'none'"),
        ({"seed": 1.5}, "seed=1.5 is not an int"),
        ({"seed": -5}, "seed=-5 is not an int of at least 0"),
        ({"seed": True}, "seed=True is not an int"),
        ({"givens": -1}, "givens=-1 is not an int of at least 0"),
        ({"tries": 0}, "tries=0 is not an int of at least 1"),
        ({"tries": 3}, "tries= only goes with givens= or grade="),
        ({"minimal": "yes"}, "minimal='yes' is not True or False"),
        ({"alphabet": "1234"}, "alphabet '1234' has 4 symbols"),
        ({"alphabet": "12345678."}, "contains '.', the blank"),
        ({"grade": "tough"}, "grade='tough' is not a grade: give one of 'easy'"),
        ({"grade": 0}, "grade=0 is not a grade"),
        ({"grade": 7}, "grade=7 is not a grade"),
        ({"grade": 6, "tries": 2, "seed": 1}, "no puzzle of grade 'diabolical' in 2"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(
        sudoku.SudokuError, match=words.replace("(", r"\(").replace(")", r"\)")
    ):
        sudoku.generate(**kwargs)  # type: ignore[arg-type]


# -- the command -------------------------------------------------------------------


def test_cli_prints_the_puzzles_of_the_seeds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["generate", "--count", "3", "--seed", "7", "--box", "2x3"])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert out.splitlines() == [sudoku.generate((2, 3), seed=s) for s in (7, 8, 9)]


def test_cli_blocks_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "generate",
            "--box",
            "2x2",
            "--count",
            "2",
            "--seed",
            "1",
            "--symmetry",
            "none",
            "--blocks",
        ]
    )
    out, _ = capsys.readouterr()
    assert status == 0
    blocks = out.split("\n\n")
    assert blocks[2:] == [""]
    expected = [sudoku.generate((2, 2), seed=s, symmetry="none") for s in (1, 2)]
    for block, puzzle in zip(blocks[:2], expected, strict=True):
        assert block.replace("\n", "") == puzzle.replace(".", "-")
    # Read back by the solver's own batch reader.
    assert [p.text.replace("\n", "") for p in sudoku.read_puzzles(out)] == [
        p.replace(".", "-") for p in expected
    ]


def test_cli_not_minimal_and_missed_target(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["generate", "--box", "2x2", "--seed", "3", "--givens", "0", "--tries", "2"]
    )
    out, err = capsys.readouterr()
    assert status == 0
    assert "puzzle 1 (--seed 3): asked for at most 0 givens; the best of 2 tries" in err
    assert count_solutions(values_of(out.strip(), "1234"), (2, 2)) == 1
    status = main(["generate", "--seed", "3", "--not-minimal", "--givens", "40"])
    out, _ = capsys.readouterr()
    assert status == 0 and 38 < 81 - out.count(".") <= 40


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--tries", "3"], "--tries only goes with --givens or --grade"),
        (["--grade", "tough"], "invalid choice: 'tough'"),
        (["--box", "6x6"], "--box 6x6 makes 36x36 grids"),
        (["--box", "1x1"], "--box 1x1 makes a 1x1 grid"),
        (["--box", "3"], "--box must be a box shape ROWSxCOLUMNS"),
        (["--count", "0"], "--count must be a whole number from 1 up"),
        (["--symmetry", "spiral"], "invalid choice: 'spiral'"),
        (["--seed", "-1"], "--seed must be a whole number from 0 up"),
    ],
)
def test_cli_bad_options(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["generate", *argv])
    assert stop.value.code == 2
    assert words in capsys.readouterr().err


def test_a_file_named_generate_is_read_as_dot_slash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("generate").write_text("1......2..4..3..\n")
    assert main(["./generate"]) == 0
    assert capsys.readouterr().out == sudoku.solve("1......2..4..3..") + "\n"


# -- the searches over any units (for variants later) ---------------------------


def test_search_over_extra_units_agrees_with_brute_force() -> None:
    """4x4 with both diagonals as units: cells in 3 to 5 units (the generic path)."""
    from itertools import permutations

    from sudoku.generator import _build_geometry, bitmask_search
    from sudoku.regions import regions_of

    size = 4
    diagonals = (tuple(i * 5 for i in range(4)), tuple(3 + i * 3 for i in range(4)))
    units = regions_of(size, (2, 2)).units + diagonals
    geo = _build_geometry(size, (2, 2), units)
    assert not geo.three

    def valid(cells: list[int]) -> bool:
        return all(len({cells[k] for k in unit}) == size for unit in units)

    def fine(cells: list[int]) -> bool:  # no repeat among the filled cells
        return all(
            len(seen := [cells[k] for k in unit if k < len(cells)]) == len(set(seen))
            for unit in units
        )

    grids: list[list[int]] = [[]]
    for _ in range(size):  # row by row, keeping the partial grids that fit
        grids = [
            g + list(row)
            for g in grids
            for row in permutations(range(1, 5))
            if fine(g + list(row))
        ]
    assert all(valid(g) for g in grids)
    assert grids and all(count_solutions(g, (2, 2)) == 1 for g in grids)
    import random

    rng = random.Random(5)
    for _ in range(300):
        target = rng.choice(grids)
        cells = [v if rng.random() < 0.3 else 0 for v in target]
        ban = rng.randrange(16)
        banned = rng.randrange(1, 5) if not cells[ban] else 0
        fits = [
            g
            for g in grids
            if all(v in (0, w) for v, w in zip(cells, g, strict=True))
            and g[ban] != banned
        ]
        found = bitmask_search(geo, cells, ban if banned else -1, banned)
        if fits:
            assert found in fits
        else:
            assert found is None


def test_cli_interrupted_keeps_what_was_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sudoku.generate_cli

    calls = []

    def interrupted(*args: object, **kwargs: object) -> Generated:
        calls.append(kwargs["seed"])
        if len(calls) == 3:
            raise KeyboardInterrupt
        return generate_puzzle(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sudoku.generate_cli, "generate_puzzle", interrupted)
    status = main(["generate", "--box", "2x2", "--count", "5", "--seed", "10"])
    out, err = capsys.readouterr()
    assert status == 130
    assert out.splitlines() == [sudoku.generate((2, 2), seed=s) for s in (10, 11)]
    assert err.strip().endswith("sudoku generate: interrupted after 2 puzzles printed")


def test_cli_warns_before_a_minimal_25x25(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sudoku.generate_cli

    asked = []

    def quick(*args: object, **kwargs: object) -> Generated:
        asked.append(kwargs["minimal"])
        kwargs.update(minimal=False, givens=400)  # the minimal one takes too long
        return generate_puzzle(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sudoku.generate_cli, "generate_puzzle", quick)
    # Without the SAT back end (the sat extra), which makes it minutes.
    monkeypatch.setattr(sudoku.generate_cli, "sat_available", lambda: False)
    assert main(["generate", "--box", "5x5", "--seed", "2"]) == 0
    out, err = capsys.readouterr()
    assert asked == [True] and len(out) == 626
    assert "a minimal 25x25 puzzle may not finish for a very long time; " in err
    assert (
        'the sat extra (python3 -m pip install ".[sat]" in pydlx\'s folder) makes it minutes'
        in err
    )
    assert "--not-minimal --givens 325 makes one in seconds" in err
    monkeypatch.setattr(sudoku.generate_cli, "sat_available", lambda: True)
    assert main(["generate", "--box", "5x5", "--seed", "2"]) == 0
    assert "may not finish" not in capsys.readouterr().err
