"""Grading killer and arithmetic (KenKen) puzzles: ``sudoku.grade(cages=...)`` and ``sudoku --grade --cages``.

The grade of a cage puzzle is checked against facts found elsewhere:

* its outcome (a grade, no solution, several) against
  :func:`sudoku.count` with ``limit=2`` and the same cages;
* the solve by hand against the solution of :func:`sudoku.solve`: every
  step of the engine (:func:`sudoku.steps.solve_steps`) keeps it;
* its rating against the explainer's: ``grade(p).rating ==
  explain(p).rating``, ``by_logic`` too, and the level is that rating's;
  a puzzle that :func:`sudoku.explain` solves with singles and cage
  combinations alone is level 1 (easy).

The command's tests run ``python -m sudoku`` in real processes, with
files of cages, in a pipe and on a pseudo-terminal.  Those that grade
(rather than refuse) need ``--grade`` with ``--cages`` allowed by
:mod:`dlx.ways` (issue 44).
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from sudoku_helpers import ROOT, SUDOKU_CAGE_FILE, SUDOKU_CAGE_LIST

import sudoku
from dlx import Outcome
from sudoku.cages import CageError, read_cage_map, read_cages
from sudoku.grading import (
    GradeBudgetError,
    GradeInterrupted,
    grade,
    level_of,
)
from sudoku.grid import Grid
from sudoku.regions import regions_of
from sudoku.steps import board_of, solve_steps

EXAMPLES = ROOT / "docs" / "examples"

#: The 4x4 killer and KenKen of sudoku.solve's docstring: one solution each.
KILLER4 = [
    (8, [(0, 0), (1, 0), (1, 1)]),
    (6, [(0, 1), (0, 2)]),
    (4, [(0, 3), (1, 3)]),
    (9, [(1, 2), (2, 2), (2, 3)]),
    (5, [(2, 0), (3, 0)]),
    (5, [(2, 1), (3, 1)]),
    (3, [(3, 2), (3, 3)]),
]
KENKEN4 = [
    (8, "+", [(0, 0), (1, 0), (1, 1)]),
    (2, "/", [(0, 1), (0, 2)]),
    (5, "+", [(0, 3), (1, 3)]),
    (7, "+", [(1, 2), (2, 2), (2, 3)]),
    (1, "-", [(2, 0), (3, 0)]),
    (3, "-", [(2, 1), (3, 1)]),
    (2, "-", [(3, 2), (3, 3)]),
]

#: Singles as the explainer names its steps.
EXPLAINED_SINGLES = ("full house", "hidden single", "naked single")


def cage_blocks(name: str) -> list[list[tuple[object, ...]]]:
    """The puzzles of ``docs/examples/NAME``: each a map of labels and a clue line."""
    puzzles: list[list[tuple[object, ...]]] = []
    block: list[str] = []
    lines = (EXAMPLES / name).read_text().splitlines()
    for line in [*lines, ""]:
        if line.startswith("#"):
            continue
        if line.strip():
            block.append(line.strip())
        elif block:
            puzzles.append(read_cage_map(block[:-1], block[-1]))
            block = []
    return puzzles


KILLERS = cage_blocks("killer.txt")
KENKENS = cage_blocks("kenken.txt")


def nine(cages: Sequence[tuple[object, ...]]) -> str:
    """An empty 9x9 grid (the examples have no givens)."""
    del cages
    return "." * 81


def count2(
    puzzle: str,
    cages: Sequence[tuple[object, ...]],
    variant: str | None = None,
    regions: Sequence[str] | None = None,
) -> int:
    return sudoku.count(
        puzzle,
        cages=cages,
        variant=variant,
        regions=regions,
        limit=2,
    )


def steps_of(
    puzzle: str,
    cages: Sequence[tuple[object, ...]],
    solution: Sequence[int],
    variant: str | None = None,
    regions: Sequence[str] | None = None,
) -> int:
    """The engine's steps on the puzzle with its cages, each checked against ``solution``: how many."""
    grid = Grid.parse(puzzle, boxes=regions is None and variant != "latin")
    labels = None if regions is None else sudoku.read_region_map(regions)
    units = regions_of(grid.size, grid.box, variant, labels)
    board = board_of(units, list(grid.values), read_cages(cages, grid.size))
    steps = 0
    for _, hint in solve_steps(board, solution):
        assert all(solution[c] == v for c, v in hint.placements), hint.technique
        assert all(solution[c] != v for c, v in hint.eliminations), hint.technique
        steps += 1
    assert board.values == list(solution)
    return steps


# -- the scale ------------------------------------------------------------------------


def test_the_cage_techniques_sit_on_the_scale() -> None:
    """Cage combinations (1.2), the rule of 45 (2.0), cage splitting (2.4)
    and hidden cages (2.5) are easy; cage pointing (2.6) medium."""
    from sudoku.steps import TECHNIQUES

    levels = {
        t.name: level_of(t.rating)
        for t in TECHNIQUES
        if t.find.__module__ == "sudoku.cage_steps"
    }
    assert levels == {
        "cage combinations": 1,
        "rule of 45": 1,
        "cage splitting": 1,
        "hidden cages": 1,
        "cage pointing": 2,
    }


def test_a_puzzle_without_cages_grades_as_before() -> None:
    """The cage techniques find nothing without cages: the classic grade is untouched."""
    puzzle = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    g = grade(puzzle)
    used = dict(g.techniques)
    assert "cage combinations" not in used and "rule of 45" not in used
    assert grade(puzzle, cages=None) == g


def test_the_4x4_examples() -> None:
    g = grade("." * 16, cages=KILLER4)
    assert (g.level, g.name, g.hardest, g.rating) == (
        1,
        "easy",
        "cage combinations",
        1.2,
    )
    assert g.complete and g.by_logic and g.blanks == 16
    k = grade("." * 16, cages=KENKEN4, variant="latin")
    assert (k.level, k.hardest, k.rating) == (1, "rule of 45", 2.0)
    assert g < k


# -- the examples: grades against the count, the solution, the explainer ---------------


def check_against_facts(
    puzzle: str,
    cages: Sequence[tuple[object, ...]],
    variant: str | None = None,
) -> sudoku.Grade:
    """Grade, and check the grade against the count, the solution and the explainer."""
    g = grade(puzzle, cages=cages, variant=variant)
    assert count2(puzzle, cages, variant) == 1
    assert g.complete and g.blanks == puzzle.count(".")
    solution = [int(ch) for ch in sudoku.solve(puzzle, cages=cages, variant=variant)]
    steps = steps_of(puzzle, cages, solution, variant)
    assert sum(n for _, n in g.techniques) == steps
    e = sudoku.explain(puzzle, cages=cages, variant=variant)
    assert (g.rating, g.by_logic, g.rating_text) == (
        e.rating,
        e.by_logic,
        e.rating_text,
    )
    assert g.level == level_of(e.rating)
    assert len(e.steps) == steps
    if not g.by_logic:
        assert g.level == 6 and dict(g.techniques)["search"] == e.searches
    return g


@pytest.mark.parametrize("index", [0, 1])
def test_killer_examples(index: int) -> None:
    g = check_against_facts(nine(KILLERS[index]), KILLERS[index])
    assert "cage combinations" in dict(g.techniques)


@pytest.mark.parametrize("index", [0, 11, 12])
def test_kenken_examples(index: int) -> None:
    g = check_against_facts(nine(KENKENS[index]), KENKENS[index], "latin")
    assert "cage combinations" in dict(g.techniques)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(KILLERS)))
def test_every_killer_example(index: int) -> None:
    check_against_facts(nine(KILLERS[index]), KILLERS[index])


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(KENKENS)))
def test_every_kenken_example(index: int) -> None:
    check_against_facts(nine(KENKENS[index]), KENKENS[index], "latin")


def test_a_puzzle_the_explainer_solves_by_singles_and_cages_is_easy() -> None:
    for puzzle, cages, variant in (
        ("." * 16, KILLER4, None),
        ("..3" + "." * 13, SUDOKU_CAGE_LIST, None),
    ):
        steps = sudoku.explain(puzzle, cages=cages, variant=variant).steps
        names = {step.technique for step in steps}
        assert all(
            n.startswith(EXPLAINED_SINGLES) or n == "cage combinations" for n in names
        ), names
        g = grade(puzzle, cages=cages, variant=variant)
        assert g.level == 1 and "cage combinations" in dict(g.techniques)
        assert g.rating == sudoku.explain(puzzle, cages=cages, variant=variant).rating


# -- random puzzles: every outcome against the count ------------------------------------

JIGSAW4 = ["AAAB", "CABB", "CCDB", "CDDD"]


def random_cages(
    solution: Sequence[int], size: int, rng: random.Random, kenken: bool
) -> list[tuple[object, ...]]:
    """Connected cages of 1 to 4 cells over the grid, their clues read off ``solution``."""
    left = set(range(size * size))
    cages: list[tuple[object, ...]] = []
    while left:
        cell = min(left)
        cells = [cell]
        left.discard(cell)
        want = rng.randint(1, 4)
        while len(cells) < want:
            near = [
                n
                for c in cells
                for n in (c - size, c + size, c - 1, c + 1)
                if n in left and (abs(n - c) == size or n // size == c // size)
            ]
            if not near:
                break
            pick = rng.choice(near)
            cells.append(pick)
            left.discard(pick)
        digits = [solution[c] for c in cells]
        pairs = [divmod(c, size) for c in cells]
        if not kenken:
            cages.append((sum(digits), pairs))
            continue
        ops = ["+", "*"] if len(cells) > 1 else ["="]
        if len(cells) == 2:
            ops.append("-")
            if max(digits) % min(digits) == 0:
                ops.append("/")
        op = rng.choice(ops)
        if op == "+":
            target = sum(digits)
        elif op == "*":
            target = 1
            for d in digits:
                target *= d
        elif op == "-":
            target = max(digits) - min(digits)
        elif op == "/":
            target = max(digits) // min(digits)
        else:
            target = digits[0]
        cages.append((target, op, pairs))
    return cages


CASES = [
    (seed, variant)
    for seed in range(12)
    for variant in (None, "x", "latin", "jigsaw", "six")
]


@pytest.mark.parametrize(("seed", "variant"), CASES)
def test_random_cage_puzzles_agree_with_the_count_and_the_solution(
    seed: int, variant: str | None
) -> None:
    """Outcomes as the count says; a unique puzzle's solve by hand keeps its solution."""
    rng = random.Random(seed)
    size = 6 if variant == "six" else 4
    kind: str | None = None if variant in ("jigsaw", "six") else variant
    regions = JIGSAW4 if variant == "jigsaw" else None
    kenken = variant == "latin" or seed % 3 == 0
    empty = "." * (size * size)
    # A random solution: the first of a grid with a few random givens.
    base = sudoku.solve(empty, variant=kind, regions=regions)
    mapping = list(range(1, size + 1))
    rng.shuffle(mapping)
    solution = [mapping[int(ch) - 1] for ch in base]
    cages = random_cages(solution, size, rng, kenken)
    cells = rng.sample(range(size * size), rng.randint(0, 3))
    puzzle = "".join(
        str(solution[c]) if c in cells else "." for c in range(size * size)
    )
    if seed % 4 == 3 and cells:  # a wrong given: (usually) no solution
        c = cells[0]
        wrong = solution[c] % size + 1
        puzzle = puzzle[:c] + str(wrong) + puzzle[c + 1 :]
    try:
        found = count2(puzzle, cages, kind, regions)
    except (
        sudoku.ConflictError,
        CageError,
    ) as error:  # (a killer cage may repeat a digit)
        with pytest.raises(type(error), match=re.escape(str(error))):
            grade(puzzle, cages=cages, variant=kind, regions=regions)
        return
    if found == 0:
        with pytest.raises(sudoku.NoSolutionError):
            grade(puzzle, cages=cages, variant=kind, regions=regions)
        return
    if found == 2:
        with pytest.raises(sudoku.MultipleSolutionsError):
            grade(puzzle, cages=cages, variant=kind, regions=regions)
        return
    g = grade(puzzle, cages=cages, variant=kind, regions=regions)
    assert g.complete and g.blanks == puzzle.count(".")
    answer = sudoku.solve(puzzle, cages=cages, variant=kind, regions=regions)
    steps = steps_of(puzzle, cages, [int(ch) for ch in answer], kind, regions)
    assert sum(n for _, n in g.techniques) == steps
    e = sudoku.explain(puzzle, cages=cages, variant=kind, regions=regions)
    assert (g.rating, g.by_logic) == (e.rating, e.by_logic)


# -- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cages",
    [
        [(3, [(0, 0), (0, 1)]), (9, [(0, 1), (1, 1)])],  # a cell in two cages
        [(3, [(0, 0), (1, 1)])],  # not connected
        [(30, [(0, 0), (0, 1)])],  # a total out of reach
        [(5, "^", [(0, 0), (0, 1)])],  # an unknown operation
        [(1, "-", [(0, 0), (0, 1), (0, 2)])],  # '-' takes two cells
        "not cages",
    ],
)
def test_bad_cages_raise_the_cage_error_of_solve(
    cages: Sequence[Sequence[object]],
) -> None:
    with pytest.raises(CageError) as solving:
        sudoku.solve("." * 16, cages=cages)
    with pytest.raises(CageError) as grading:
        grade("." * 16, cages=cages)
    assert str(grading.value) == str(solving.value)
    assert grading.value.index == solving.value.index


def test_disjoint_cages_as_solve_takes_them() -> None:
    cages = [(3, [(0, 0), (1, 1)])]
    with pytest.raises(CageError):
        grade("." * 16, cages=cages)
    with pytest.raises(sudoku.MultipleSolutionsError):
        grade("." * 16, cages=cages, disjoint_cages=True)
    with pytest.raises(sudoku.SudokuError, match="disjoint_cages=True needs cages="):
        grade("." * 16, disjoint_cages=True)
    # Disjoint cages that make the killer unique.
    answer = sudoku.solve("." * 16, cages=KILLER4)
    far = [(0, 0), (3, 3)]
    total = int(answer[0]) + int(answer[15])
    rest = [c for c in KILLER4 if not {(0, 0), (3, 3)} & set(c[1])]
    cages2: list[tuple[object, ...]] = [*rest, (total, far)]
    found = sudoku.count("." * 16, cages=cages2, disjoint_cages=True, limit=2)
    if found == 1:
        g = grade("." * 16, cages=cages2, disjoint_cages=True)
        assert g.complete
    else:
        with pytest.raises(sudoku.MultipleSolutionsError):
            grade("." * 16, cages=cages2, disjoint_cages=True)


def test_givens_that_break_a_cage_are_no_solution_naming_it() -> None:
    with pytest.raises(sudoku.NoSolutionError) as solving:
        sudoku.solve("4" + "." * 15, cages=[(3, [(0, 0), (0, 1)])])
    with pytest.raises(sudoku.NoSolutionError) as grading:
        grade("4" + "." * 15, cages=[(3, [(0, 0), (0, 1)])])
    assert "cages[0] (at r1c1)" in str(solving.value)
    assert str(grading.value) == str(solving.value)


def test_a_killer_with_several_solutions_has_no_grade() -> None:
    cages = KILLER4[:2]  # two cages of seven: many ways to finish
    assert count2("." * 16, cages) == 2
    with pytest.raises(
        sudoku.MultipleSolutionsError, match="a grade needs a unique one"
    ):
        grade("." * 16, cages=cages)


# -- budgets and interrupts -------------------------------------------------------------


def long_kenken() -> list[tuple[object, ...]]:
    """A KenKen example whose grade takes seconds (its logic runs out)."""
    return KENKENS[22]


def test_max_nodes_is_refused() -> None:
    cages = long_kenken()
    with pytest.raises(
        sudoku.SudokuError, match="max_nodes=200 does not go with a grade"
    ):
        grade(nine(cages), cages=cages, variant="latin", max_nodes=200)


def test_a_time_budget_used_up_at_once_stops_before_the_first_step() -> None:
    cages = long_kenken()
    with pytest.raises(GradeBudgetError) as caught:
        grade(nine(cages), cages=cages, variant="latin", timeout=0)
    assert caught.value.outcome is Outcome.OUT_OF_TIME
    assert caught.value.grade.techniques == ()
    assert caught.value.grade.hardest is None
    assert str(caught.value).startswith("grade stopped after ")


def test_ctrl_c_keeps_the_grade_so_far() -> None:
    cages = long_kenken()
    seen: list[object] = []

    def interrupt(report: object) -> None:
        seen.append(report)
        raise KeyboardInterrupt

    with pytest.raises(GradeInterrupted) as caught:
        grade(nine(cages), cages=cages, variant="latin", progress=interrupt)
    assert len(seen) == 1  # the first report, after a second
    partial = caught.value.grade
    assert partial.stopped is Outcome.INTERRUPTED and not partial.complete
    # Stopped in the search for the one solution, or in the steps.
    assert partial.rating <= grade(nine(cages), cages=cages, variant="latin").rating
    assert str(caught.value).startswith("grade interrupted after ")
    assert str(caught.value).endswith(
        ("in the search for the puzzle's one solution", "steps taken", "step taken")
    )


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(sudoku.SudokuError):
        grade("." * 16, cages=KILLER4, timeout=-1)
    with pytest.raises(sudoku.SudokuError):
        grade("." * 16, cages=KILLER4, max_nodes=-1)
    with pytest.raises(sudoku.SudokuError):
        grade("." * 16, cages=KILLER4, progress="loud")  # type: ignore[arg-type]


# -- the command ----------------------------------------------------------------------

ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def sudoku_run(
    *args: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sudoku", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
        cwd=ROOT,
    )


def cage_file(folder: Path, cages_text: str, name: str = "cages.txt") -> str:
    path = folder / name
    path.write_text(cages_text)
    return str(path)


def map_text(cages: Sequence[tuple[object, ...]], size: int) -> str:
    """A --cages file for ``cages``: one label per cage, a clue line."""
    labels = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    grid = [["."] * size for _ in range(size)]
    clues = []
    for k, cage in enumerate(cages):
        *clue, cells = cage
        for r, c in cells:  # type: ignore[attr-defined]
            grid[r][c] = labels[k]
        target = clue[0]
        op = clue[1] if len(clue) > 1 else ""
        clues.append(f"{labels[k]}={target}{op}")
    return "\n".join("".join(row) for row in grid) + "\n" + " ".join(clues) + "\n"


@pytest.mark.processes
def test_the_command_grades_with_cages_as_the_library_does(tmp_path: Path) -> None:
    """Needs ``--grade`` with ``--cages`` allowed by dlx.ways (issue 44)."""
    cages = cage_file(tmp_path, SUDOKU_CAGE_FILE)
    puzzles = ["..3" + "." * 13, "." * 16, "4" + "." * 15]
    ran = sudoku_run("--grade", "--cages", cages, "-", stdin="\n".join(puzzles) + "\n")
    expected = grade(puzzles[0], cages=SUDOKU_CAGE_LIST)
    assert ran.returncode == 1
    assert ran.stdout == f"{expected}\n"
    assert ran.stderr.splitlines() == [
        "sudoku: <stdin>: puzzle 2 (line 2): more than one solution: --grade "
        "needs a unique one",
        "sudoku: <stdin>: puzzle 3 (line 3): no solution: no digits fit cage 'A' "
        f"(at r1c1, line 6 of {cages}) (2 cells, total 3)",
    ]
    ran = sudoku_run(
        "--grade", "--json", "--cages", cages, "-", stdin="\n".join(puzzles) + "\n"
    )
    records = [json.loads(line) for line in ran.stdout.splitlines()]
    assert records[0]["grade"] == {
        "level": expected.level,
        "name": expected.name,
        "rating": expected.rating,
        "by_logic": expected.by_logic,
        "hardest": expected.hardest,
        "techniques": dict(expected.techniques),
        "blanks": expected.blanks,
        "text": str(expected),
    }
    assert "cage 'A' (at r1c1, line 6 of" in records[2]["error"]
    assert "cages[" not in ran.stdout + ran.stderr


@pytest.mark.processes
def test_a_kenken_file_grades_with_variant_latin(tmp_path: Path) -> None:
    """Needs ``--grade`` with ``--cages`` allowed by dlx.ways (issue 44)."""
    cages = cage_file(tmp_path, map_text(KENKENS[12], 9))
    ran = sudoku_run(
        "--grade", "--variant", "latin", "--cages", cages, "-", stdin="." * 81 + "\n"
    )
    assert (ran.returncode, ran.stderr) == (0, "")
    assert (
        ran.stdout
        == f"{grade(nine(KENKENS[12]), cages=KENKENS[12], variant='latin')}\n"
    )


@pytest.mark.processes
def test_cages_stay_refused_where_they_were(tmp_path: Path) -> None:
    """--grade reads the --cages file as the other runs do: its errors are usage errors."""
    missing = str(tmp_path / "missing.txt")
    ran = sudoku_run("--cages", missing, "--grade", "-", stdin="." * 16 + "\n")
    assert ran.returncode == 2
    last = ran.stderr.splitlines()[-1]
    assert last.startswith(f"sudoku: error: --cages {missing}: cannot read")
    cages = cage_file(tmp_path, SUDOKU_CAGE_FILE)
    ran = sudoku_run("--cages", cages, "--grade", "--box", "3x3", "-", stdin="." * 81)
    assert ran.returncode == 2
    assert "the map is 4x4, but the other options make 9x9 grids" in ran.stderr


# -- cage labels in the messages -------------------------------------------------------

#: Two cages of one row that no digits fill together: 3 and 4 on r1c1-r1c2,
#: 3 and 4 on r1c3-r1c4 (the row needs 1 and 2 too).
NO_GRID_FILE = """\
# no grid: row 1 cannot hold both
AABB
....
....
....
A=7 B=7
"""


@pytest.mark.processes
@pytest.mark.parametrize("kind", ["", "--count", "--explain", "--why", "--grade"])
def test_no_grid_names_the_cages_by_label(kind: str, tmp_path: Path) -> None:
    """The cages alone admit no grid: every message names them by label and line.

    ``--grade`` needs ``--grade`` with ``--cages`` allowed by dlx.ways (issue 44).
    """
    cages = cage_file(tmp_path, NO_GRID_FILE)
    args = [kind] if kind else []
    ran = sudoku_run(*args, "--cages", cages, "-", stdin="." * 16 + "\n")
    assert "cages[" not in ran.stdout + ran.stderr
    if kind == "--count":
        assert (ran.returncode, ran.stdout) == (0, "0\n")
        return
    assert ran.returncode == 1, ran.stderr
    assert ran.stderr.startswith("sudoku: <stdin>: puzzle 1 (line 1): no solution")
    named = re.findall(
        r"cage '([AB])' \(at (r\dc\d), line (\d) of ([^)]*)\)", ran.stderr
    )
    if kind in ("--why", "--explain"):  # (a solve finds a symbol without place first)
        assert {label for label, *_ in named} == {"A", "B"}, ran.stderr
    for label, cell, line, name in named:
        assert name == cages and line == "6"
        assert cell == {"A": "r1c1", "B": "r1c3"}[label]


@pytest.mark.processes
@pytest.mark.parametrize("kind", ["", "--grade", "--explain", "--rate"])
def test_a_given_that_breaks_a_cage_names_it_by_label(
    kind: str, tmp_path: Path
) -> None:
    """``--grade`` needs ``--grade`` with ``--cages`` allowed by dlx.ways (issue 44)."""
    cages = cage_file(tmp_path, SUDOKU_CAGE_FILE)
    args = [kind] if kind else []
    ran = sudoku_run(*args, "--cages", cages, "-", stdin="4" + "." * 15 + "\n")
    assert ran.returncode == 1
    assert "cages[" not in ran.stderr
    if kind in ("--explain", "--rate"):  # the explainer's contradiction
        assert ran.stderr == (
            "sudoku: <stdin>: puzzle 1 (line 1): no solution: r1c1 = 4 has none; "
            f"cage 'A' (at r1c1, line 6 of {cages}) has no combination left\n"
        )
        return
    assert ran.stderr == (
        "sudoku: <stdin>: puzzle 1 (line 1): no solution: no digits fit cage 'A' "
        f"(at r1c1, line 6 of {cages}) (2 cells, total 3)\n"
    )


@pytest.mark.processes
def test_a_wrong_answer_names_the_cage_by_label(tmp_path: Path) -> None:
    cages = cage_file(tmp_path, SUDOKU_CAGE_FILE)
    puzzle = cage_file(tmp_path, "." * 16 + "\n", "p.txt")
    # A grid right for rows, columns and boxes whose r1c1 + r1c2 is 7, not 3.
    wrong = "3412123443212143"
    with pytest.raises(sudoku.SolutionError, match=re.escape("cages[0] (at r1c1)")):
        sudoku.check("." * 16, wrong, cages=SUDOKU_CAGE_LIST)
    answer = cage_file(tmp_path, wrong + "\n", "a.txt")
    ran = sudoku_run("--check", "--cages", cages, puzzle, answer)
    assert ran.returncode == 1
    assert f"cage 'A' (at r1c1, line 6 of {cages}): 3 + 4 = 7, not 3" in ran.stderr
    assert "cages[" not in ran.stdout + ran.stderr


# -- a pipe and a terminal --------------------------------------------------------------


def on_terminal(args: Sequence[str], stdin: str) -> tuple[int, str]:
    """Run sudoku with standard output and error on one pseudo-terminal; its status and text."""
    import pty
    import tty

    leader, follower = pty.openpty()
    tty.setraw(follower)
    source = subprocess.Popen(
        [sys.executable, "-m", "sudoku", *args],
        stdin=subprocess.PIPE,
        stdout=follower,
        stderr=follower,
        env=ENV,
        cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(follower)
    assert source.stdin is not None
    source.stdin.write(stdin.encode())
    source.stdin.close()
    chunks: list[bytes] = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the command closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    status = source.wait(timeout=300)
    os.close(leader)
    return status, b"".join(chunks).decode()


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_on_a_terminal_as_in_a_pipe(tmp_path: Path) -> None:
    """Needs ``--grade`` with ``--cages`` allowed by dlx.ways (issue 44)."""
    cages = cage_file(tmp_path, SUDOKU_CAGE_FILE)
    stdin = "..3" + "." * 13 + "\n" + "4" + "." * 15 + "\n"
    piped = sudoku_run("--grade", "--cages", cages, "-", stdin=stdin)
    status, text = on_terminal(["--grade", "--cages", cages, "-"], stdin)
    assert status == piped.returncode == 1
    drawn = re.sub(r"\rsudoku: puzzle \d+: [^\r\n]*|\r +\r", "", text)
    assert sorted(drawn.splitlines()) == sorted(
        (piped.stdout + piped.stderr).splitlines()
    )


def longest_killer() -> str:
    """The ``--cages`` text of tarek's killer whose grade searches longest."""
    text = (ROOT / "tests" / "data" / "cages_killer_sigh_tarek.txt").read_text()
    block = text.split("# HARD_KILLERS[13]\n", 1)[1].split("\n\n", 1)[0]
    return "".join(
        f"{line}\n" for line in block.splitlines() if not line.startswith("#")
    )


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="needs signals")
def test_ctrl_c_of_the_command_says_the_grade_so_far(tmp_path: Path) -> None:
    """Needs ``--grade`` with ``--cages`` allowed by dlx.ways (issue 44).

    The killer's grade searches 690,661 nodes: about 40 s on CPython, 5 s on
    PyPy, whose first progress line comes after a second at 15 % (the KenKen
    above is graded whole in that second on PyPy, so Ctrl-C came too late).
    """
    cages = cage_file(tmp_path, longest_killer())
    puzzle = cage_file(tmp_path, "." * 81 + "\n", "p.txt")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sudoku",
            "--progress",
            "--grade",
            "--cages",
            cages,
            puzzle,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
        cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stderr is not None
    first = process.stderr.readline()  # a progress line: the search runs
    assert first.startswith("sudoku: puzzle 1: "), first
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=300)
    assert out == ""
    assert re.search(
        r"p.txt: puzzle 1 \(line 1\): interrupted after \d+ steps?: (at least \d \w+ "
        r"\(rating \d+\.\d\+?\)|no step taken yet)\n",
        err,
    ), err
