"""Generating and grading variant puzzles: X, windoku, x+windoku and jigsaw.

Uniqueness and minimality of small puzzles are judged by a counter written
here: plain backtracking over the variant's units, which are written out
below from the rules (not taken from :mod:`sudoku.regions`).  The grader's
deductions are checked against the puzzle's one solution, step by step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import isqrt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sudoku
from sudoku import ConflictError, MultipleSolutionsError, NoSolutionError, SudokuError
from sudoku.cli import main
from sudoku.generator import generate_puzzle
from sudoku.regions import regions_of
from sudoku.steps import solve_steps
from sudoku.techniques import Board

#: Jigsaw maps that have complete grids.
MAPS = {
    4: ("AABB", "ACBB", "ACDD", "CCDD"),
    5: ("AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"),
    6: ("AAABBB", "AACCBB", "DACCBF", "DDCCFF", "DDEEEF", "DEEEFF"),
}


def _nine() -> tuple[str, ...]:
    """A 9x9 jigsaw map with complete grids: the boxes of a valid grid with
    pairs of cells that hold the same digit traded between boxes."""
    grid = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    labels = [chr(65 + r // 3 * 3 + c // 3) for r in range(9) for c in range(9)]
    for a, b in ((0, 1), (3, 4), (7, 8), (1, 4), (5, 2)):
        for k in range(81):
            if labels[k] == chr(65 + a):
                other = [
                    j
                    for j in range(81)
                    if labels[j] == chr(65 + b) and grid[j] == grid[k]
                ]
                labels[k], labels[other[0]] = chr(65 + b), chr(65 + a)
                break
    return tuple("".join(labels[r * 9 : r * 9 + 9]) for r in range(9))


MAPS[9] = _nine()


# -- the oracle -------------------------------------------------------------


def units_for(
    size: int, box: tuple[int, int] | None, variant: str = "", rows: Sequence[str] = ()
) -> list[list[int]]:
    """Every unit of the grid, from the rules: rows, columns, boxes or the
    map's regions, the two diagonals (x), the windows one cell in from the
    edges and one apart (windoku)."""
    units = [[r * size + c for c in range(size)] for r in range(size)]
    units += [[r * size + c for r in range(size)] for c in range(size)]
    if rows:
        flat = "".join(rows)
        for label in sorted(set(flat)):
            units.append([k for k, x in enumerate(flat) if x == label])
    else:
        assert box is not None
        h, w = box
        for top in range(0, size, h):
            for left in range(0, size, w):
                units.append(
                    [(top + i) * size + left + j for i in range(h) for j in range(w)]
                )
    if "x" in variant.split("+"):
        units.append([k * size + k for k in range(size)])
        units.append([k * size + size - 1 - k for k in range(size)])
    if "windoku" in variant.split("+"):
        assert box is not None
        h, w = box
        for top in range(1, size - h, h + 1):
            for left in range(1, size - w, w + 1):
                units.append(
                    [(top + i) * size + left + j for i in range(h) for j in range(w)]
                )
    return units


def oracle_count(
    cells: list[int], size: int, units: list[list[int]], limit: int = 2
) -> int:
    """Completions of ``cells`` (0 blank) up to ``limit``, by backtracking."""
    peers: list[set[int]] = [set() for _ in range(size * size)]
    for unit in units:
        for cell in unit:
            peers[cell].update(unit)
    grid = list(cells)
    for cell, v in enumerate(grid):
        if v and any(grid[p] == v for p in peers[cell] if p != cell):
            return 0
    found = 0

    def options(cell: int) -> list[int]:
        used = {grid[p] for p in peers[cell]}
        return [v for v in range(1, size + 1) if v not in used]

    # Iterative backtracking: a stack of (cell, remaining values).
    stack: list[tuple[int, list[int]]] = []
    while True:
        blanks = [c for c in range(size * size) if not grid[c]]
        if not blanks:
            found += 1
            if found >= limit:
                return found
        else:
            cell = min(blanks, key=lambda c: len(options(c)))
            stack.append((cell, options(cell)))
        while stack:
            cell, rest = stack[-1]
            if rest:
                grid[cell] = rest.pop()
                break
            grid[cell] = 0
            stack.pop()
        else:
            return found


def values_of(text: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in text]


def assert_unique_and_minimal(
    made: sudoku.Generated, size: int, units: list[list[int]]
) -> None:
    puzzle = values_of(made.puzzle)
    solution = values_of(made.solution)
    assert all(p in (0, s) for p, s in zip(puzzle, solution, strict=True))
    assert oracle_count(solution, size, units, 1) == 1  # the solution is valid
    assert oracle_count(puzzle, size, units) == 1
    for cell, v in enumerate(puzzle):
        if v:
            puzzle[cell] = 0
            assert oracle_count(puzzle, size, units) == 2, f"cell {cell} can go"
            puzzle[cell] = v


# -- generating -------------------------------------------------------------

SMALL = [
    ((2, 2), "x"),
    ((2, 2), "windoku"),
    ((2, 2), "x+windoku"),
    ((2, 3), "windoku"),
    ((2, 3), "x"),
]


@pytest.mark.parametrize(("box", "variant"), SMALL)
def test_small_variants_unique_and_minimal(box: tuple[int, int], variant: str) -> None:
    size = box[0] * box[1]
    units = units_for(size, box, variant)
    for seed in range(6):
        made = generate_puzzle(box, seed=seed, symmetry="none", variant=variant)
        assert made.variant == variant and made.box == box and made.regions is None
        assert_unique_and_minimal(made, size, units)


@pytest.mark.parametrize("size", [4, 5, 6])
def test_small_jigsaw_unique_and_minimal(size: int) -> None:
    rows = MAPS[size]
    units = units_for(size, None, "", rows)
    for seed in range(5):
        made = generate_puzzle(seed=seed, symmetry="none", regions=rows)
        assert made.box is None and made.variant is None
        assert made.regions == tuple(tuple(row) for row in rows)
        assert_unique_and_minimal(made, size, units)


def test_symmetric_variant_puzzles_are_minimal_by_orbits() -> None:
    rows = MAPS[6]
    units = units_for(6, None, "", rows)
    for seed in range(4):
        made = generate_puzzle(seed=seed, symmetry="rotational", regions=rows)
        puzzle = values_of(made.puzzle)
        assert oracle_count(puzzle, 6, units) == 1
        for cell in range(36):
            mirror = 35 - cell
            assert bool(puzzle[cell]) == bool(puzzle[mirror])
            if puzzle[cell] and cell <= mirror:
                saved = puzzle[cell], puzzle[mirror]
                puzzle[cell] = puzzle[mirror] = 0
                assert oracle_count(puzzle, 6, units) == 2
                puzzle[cell], puzzle[mirror] = saved


@pytest.mark.parametrize(
    ("variant", "regions"),
    [("x", None), ("windoku", None), ("x+windoku", None), (None, MAPS[9])],
)
def test_nine_by_nine_variants(
    variant: str | None, regions: Sequence[str] | None
) -> None:
    for seed in (1, 2):
        made = generate_puzzle(seed=seed, variant=variant, regions=regions)
        assert sudoku.count(made.puzzle, variant=variant, regions=regions, limit=2) == 1
        assert (
            sudoku.solve(made.puzzle, variant=variant, regions=regions) == made.solution
        )
        # A variant puzzle leans on its extra units: as a plain sudoku it
        # has other solutions (or, for jigsaw, breaks a box).
        if variant is not None:
            assert sudoku.count(made.puzzle, limit=2) == 2
        again = generate_puzzle(seed=seed, variant=variant, regions=regions)
        assert again == made


def test_generate_with_a_grade_and_a_variant() -> None:
    made = generate_puzzle(seed=3, variant="x", grade="easy")
    assert made.grade == sudoku.grade(made.puzzle, variant="x")
    assert made.grade is not None and made.grade.name == "easy"
    text = sudoku.generate(seed=3, regions=MAPS[6], grade=1)
    assert sudoku.grade(text, regions=MAPS[6]).level == 1


def test_variant_errors() -> None:
    with pytest.raises(SudokuError, match="does not go with regions=: the 6x6"):
        generate_puzzle((3, 3), regions=MAPS[6])
    # A box that fits the map was taken and did nothing: refused too.
    with pytest.raises(SudokuError, match=r"box=\(2, 3\) does not go with regions="):
        generate_puzzle((2, 3), regions=MAPS[6])
    with pytest.raises(SudokuError, match="no complete 6x6 grid fits"):
        generate_puzzle((2, 3), seed=1, variant="x+windoku")
    with pytest.raises(SudokuError, match="no complete 4x4 grid fits: the jigsaw map"):
        generate_puzzle(seed=1, regions=["AAAB", "ACBB", "CCDB", "CDDD"])
    with pytest.raises(SudokuError, match="unknown variant 'y'"):
        generate_puzzle(seed=1, variant="y")


# -- grading ----------------------------------------------------------------


def walk(
    puzzle: str, solution: str, variant: str | None, rows: Sequence[str] | None
) -> None:
    """Solve by hand as the grader (the explainer's engine) does, checking
    every step against the solution."""
    units = regions_of(
        isqrt(len(solution)),
        None if rows else sudoku.Grid.parse(puzzle).box,
        variant,
        "".join(rows) if rows else None,
    )
    truth = values_of(solution)
    board = Board(units, values_of(puzzle))
    for _, hint in solve_steps(board, truth):
        assert all(truth[c] == v for c, v in hint.placements), hint.technique
        assert all(truth[c] != v for c, v in hint.eliminations), hint.technique
        for cell, v in enumerate(board.values):
            assert v in (0, truth[cell])
            assert v or board.cand[cell] >> (truth[cell] - 1) & 1
    assert board.values == truth


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from(["x", "windoku", "x+windoku", "jigsaw6", "jigsaw9"]),
)
def test_grading_variant_puzzles_is_sound(seed: int, kind: str) -> None:
    rows = MAPS[int(kind[-1])] if kind.startswith("jigsaw") else None
    variant = None if rows else kind
    made = generate_puzzle(seed=seed, variant=variant, regions=rows)
    g = sudoku.grade(made.puzzle, variant=variant, regions=rows)
    assert g.blanks == made.puzzle.count(".")
    walk(made.puzzle, made.solution, variant, rows)


@pytest.mark.parametrize(
    ("box", "variant", "rows"),
    [((2, 2), "windoku", None), (None, None, MAPS[4]), (None, "x", MAPS[4])],
)
def test_grading_4x4_against_brute_force(
    box: tuple[int, int] | None, variant: str | None, rows: Sequence[str] | None
) -> None:
    units = units_for(4, box or (2, 2), variant or "", rows or ())
    rng = random.Random(4)
    outcomes = {"unique": 0, "none": 0, "several": 0}
    # Complete grids of the variant (each checked by the oracle), thinned
    # at random, with a wrong given now and then.
    grids = [
        values_of(generate_puzzle(box, seed=k, variant=variant, regions=rows).solution)
        for k in range(8)
    ]
    assert all(oracle_count(g, 4, units, 2) == 1 for g in grids)
    for _ in range(150):
        base = rng.choice(grids)
        keep = rng.sample(range(16), rng.randint(2, 8))
        cells = [v if k in keep else 0 for k, v in enumerate(base)]
        if rng.random() < 0.3:
            cells[rng.randrange(16)] = rng.randint(1, 4)
        puzzle = "".join(".1234"[v] for v in cells)
        found = oracle_count(cells, 4, units)
        if found == 1:
            outcomes["unique"] += 1
            sudoku.grade(puzzle, variant=variant, regions=rows)
        elif found == 0:
            outcomes["none"] += 1
            with pytest.raises((NoSolutionError, ConflictError)):
                sudoku.grade(puzzle, variant=variant, regions=rows)
        else:
            outcomes["several"] += 1
            with pytest.raises(MultipleSolutionsError):
                sudoku.grade(puzzle, variant=variant, regions=rows)
    assert min(outcomes.values()) >= 5, outcomes


def test_grade_names_a_conflict_in_a_variant_unit() -> None:
    with pytest.raises(ConflictError, match="diagonal 1"):
        sudoku.grade("1" + "." * 9 + "1" + "." * 5, variant="x")
    with pytest.raises(ConflictError, match="region 'A'"):
        sudoku.grade(".1..1" + "." * 11, regions=MAPS[4])


# -- the commands -------------------------------------------------------------


def test_generate_command_variants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", "--variant", "x", "--seed", "4", "--count", "2"]) == 0
    lines = capsys.readouterr().out.split()
    assert lines == [generate_puzzle(seed=s, variant="x").puzzle for s in (4, 5)]
    for line in lines:
        assert oracle_count(values_of(line), 9, units_for(9, (3, 3), "x"), 2) == 1
    map5 = tmp_path / "map5.txt"
    map5.write_text("# a jigsaw map\n" + "\n".join(MAPS[5]) + "\n")
    assert main(["generate", "--regions", str(map5), "--seed", "2", "--blocks"]) == 0
    block = capsys.readouterr().out.split()
    puzzle = "".join(block).replace("-", ".")
    assert puzzle == generate_puzzle(seed=2, regions=MAPS[5]).puzzle
    assert oracle_count(values_of(puzzle), 5, units_for(5, None, "", MAPS[5])) == 1
    # And graded by the main command with the same map.
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(puzzle + "\n")
    assert main(["--grade", "--regions", str(map5), str(puzzles)]) == 0
    out = capsys.readouterr().out
    assert out.split()[0] == str(sudoku.grade(puzzle, regions=MAPS[5]).level)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--regions", "MAP4", "--box", "2x2"], "--box does not go with --regions"),
        (["--variant", "y"], "unknown variant 'y'"),
        (["--variant", "windoku", "--regions", "MAP4"], "(--regions)"),
        (["--variant", "x+windoku", "--box", "2x3"], "no complete 6x6 grid fits"),
        (["--regions", "BAD"], "BAD: no complete 4x4 grid fits: the jigsaw map"),
        (["--regions", "NONE"], "NONE: cannot read"),
    ],
)
def test_generate_command_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    files = {
        "MAP4": "\n".join(MAPS[4]),
        "BAD": "AAAB\nACBB\nCCDB\nCDDD\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    args = [str(tmp_path / a) if a in (*files, "NONE") else a for a in args]
    with pytest.raises(SystemExit) as stop:
        main(["generate", *args])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert "regions=" not in err and "variant=" not in err
