"""Grading (sudoku.grade): every technique checked against simple oracles.

The oracles here are written from the definitions of the techniques, by
brute force over every combination of cells, symbols or lines, and know
nothing of how :mod:`sudoku.grading` finds its deductions.  Three kinds
of check:

* soundness: every deduction the grader makes keeps the puzzle's
  solution (found by :func:`sudoku.solve` and checked by the independent
  validator): no technique ever removes the true symbol of a cell;
* agreement: in every state met on the way, and in random states that
  still hold the solution, each technique finds exactly what its oracle
  finds;
* the ladder: one puzzle per technique, each shown (by the oracles) to
  get stuck without its technique and to go on with it, graded in order.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sudoku_helpers import LOCAL_DATA, assert_solves, local_lines, shared_lines

import sudoku
from sudoku import (
    BudgetError,
    ConflictError,
    Grade,
    MultipleSolutionsError,
    NoSolutionError,
    SudokuError,
    Technique,
    grade,
)
from sudoku.cli import main
from sudoku.grading import (
    _FINDERS,
    DIABOLICAL_NODES,
    _Board,
    _Contradiction,
    _layout,
    _solve_by_hand,
)
from sudoku.grid import Grid
from sudoku.regions import regions_of

NINE = "123456789"
SIXTEEN = "123456789ABCDEFG"

# --- the oracles -------------------------------------------------------------

Deductions = tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]


def oracle_units(size: int, box: tuple[int, int]) -> list[list[int]]:
    """Rows, columns and boxes, from the definition."""
    rows = [[r * size + c for c in range(size)] for r in range(size)]
    cols = [[r * size + c for r in range(size)] for c in range(size)]
    br, bc = box
    boxes = [
        [(top + r) * size + left + c for r in range(br) for c in range(bc)]
        for top in range(0, size, br)
        for left in range(0, size, bc)
    ]
    return rows + cols + boxes


class State:
    """Candidates as sets: the oracles' own view of a board."""

    def __init__(self, board: _Board, box: tuple[int, int]) -> None:
        size = board.layout.size
        self.size = size
        self.values = list(board.values)
        self.cand = [
            {v for v in range(1, size + 1) if bits >> (v - 1) & 1}
            for bits in board.cand
        ]
        units = oracle_units(size, box)
        self.units = units
        self.rows = units[:size]
        self.cols = units[size : 2 * size]
        self.boxes = units[2 * size :]

    def placed(self, unit: list[int]) -> set[int]:
        return {self.values[c] for c in unit if self.values[c]}

    def open(self, unit: list[int]) -> list[int]:
        return [c for c in unit if not self.values[c]]


def naked_singles(s: State) -> Deductions:
    return frozenset(
        (c, next(iter(cs))) for c, cs in enumerate(s.cand) if len(cs) == 1
    ), frozenset()


def hidden_singles(s: State) -> Deductions:
    found = set()
    for unit in s.units:
        for v in set(range(1, s.size + 1)) - s.placed(unit):
            places = [c for c in s.open(unit) if v in s.cand[c]]
            if len(places) == 1:
                found.add((places[0], v))
    return frozenset(found), frozenset()


def locked_candidates(s: State) -> Deductions:
    gone = set()
    for b in s.boxes:
        for line in s.rows + s.cols:
            if not set(b) & set(line):
                continue
            for v in range(1, s.size + 1):
                for inside, outside in ((b, line), (line, b)):
                    places = [c for c in inside if v in s.cand[c]]
                    if len(places) > 1 and all(c in outside for c in places):
                        gone |= {
                            (c, v)
                            for c in outside
                            if c not in inside and v in s.cand[c]
                        }
    return frozenset(), frozenset(gone)


def naked_subsets(s: State, k: int) -> Deductions:
    gone = set()
    for unit in s.units:
        cells = s.open(unit)
        for group in itertools.combinations(cells, k):
            union = set().union(*(s.cand[c] for c in group))
            if len(union) == k:
                gone |= {
                    (c, v) for c in cells if c not in group for v in s.cand[c] & union
                }
    return frozenset(), frozenset(gone)


def hidden_subsets(s: State, k: int) -> Deductions:
    gone = set()
    for unit in s.units:
        cells = s.open(unit)
        lacking = sorted(set(range(1, s.size + 1)) - s.placed(unit))
        for group in itertools.combinations(lacking, k):
            where = [{c for c in cells if v in s.cand[c]} for v in group]
            if not all(where):
                continue
            spots = set().union(*where)
            if len(spots) == k:
                gone |= {(c, v) for c in spots for v in s.cand[c] - set(group)}
    return frozenset(), frozenset(gone)


def fish(s: State, k: int) -> Deductions:
    gone = set()
    for v in range(1, s.size + 1):
        for base, cover in ((s.rows, s.cols), (s.cols, s.rows)):
            lines = [
                i
                for i, line in enumerate(base)
                if v not in s.placed(line) and any(v in s.cand[c] for c in line)
            ]
            for group in itertools.combinations(lines, k):
                spots = {
                    j for i in group for j, c in enumerate(base[i]) if v in s.cand[c]
                }
                if len(spots) != k:
                    continue
                for j in spots:
                    gone |= {
                        (c, v)
                        for i, c in enumerate(cover[j])
                        if i not in group and v in s.cand[c]
                    }
    return frozenset(), frozenset(gone)


ORACLES: dict[Technique, Callable[[State], Deductions]] = {
    Technique.NAKED_SINGLE: naked_singles,
    Technique.HIDDEN_SINGLE: hidden_singles,
    # Without cages the cage techniques find nothing (tests/test_grading_cages.py).
    Technique.CAGE_COMBINATIONS: lambda s: (frozenset(), frozenset()),
    Technique.LOCKED_CANDIDATES: locked_candidates,
    Technique.RULE_OF_45: lambda s: (frozenset(), frozenset()),
    Technique.NAKED_PAIR: lambda s: naked_subsets(s, 2),
    Technique.HIDDEN_PAIR: lambda s: hidden_subsets(s, 2),
    Technique.NAKED_TRIPLE: lambda s: naked_subsets(s, 3),
    Technique.HIDDEN_TRIPLE: lambda s: hidden_subsets(s, 3),
    Technique.X_WING: lambda s: fish(s, 2),
    Technique.SWORDFISH: lambda s: fish(s, 3),
}


def engine_finds(board: _Board, technique: Technique) -> Deductions:
    """What the grader's own finder deduces, as (placements, removals) sets."""
    find = dict(_FINDERS)[technique]
    placements, eliminations = find(board)
    gone = {
        (cell, v)
        for cell, mask in eliminations.items()
        for v in range(1, board.layout.size + 1)
        if mask >> (v - 1) & 1
    }
    return frozenset(placements), frozenset(gone)


def new_deductions(state: State, found: Deductions) -> Deductions:
    """Only what changes the board (filling a filled cell is no news)."""
    placements, gone = found
    return (
        frozenset((c, v) for c, v in placements if not state.values[c]),
        frozenset((c, v) for c, v in gone if v in state.cand[c]),
    )


# --- data ----------------------------------------------------------------------


def puzzles_9x9() -> list[str]:
    return [
        line
        for name in (
            "sudoku9_norvig_top95.txt",
            "sudoku9_norvig_hardest.txt",
            "sudoku9_gecode18.txt",
        )
        for line in local_lines(name)
    ]


NINES = puzzles_9x9()
SIXTEENS = local_lines("sudoku16_gecode_janko55.txt")


def ladder() -> list[tuple[Technique, str, str]]:
    by_label = {t.label: t for t in Technique}
    entries = []
    path = LOCAL_DATA / "sudoku9_grading_ladder.txt"
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            label, puzzle, source = line.split("\t")
            entries.append((by_label[label], puzzle, source))
    return entries


LADDER = ladder()


def board_of(puzzle: str, box: tuple[int, int] = (3, 3)) -> _Board:
    grid = Grid.parse(puzzle, box=box)
    layout = _layout(regions_of(grid.size, grid.box))
    return _Board(layout, list(grid.values), grid.symbol)


def solution_of(puzzle: str, box: tuple[int, int], symbols: str) -> list[int]:
    answer = sudoku.solve(puzzle, box=box)
    assert isinstance(answer, str)
    assert_solves(puzzle, answer, box, symbols=symbols)
    return [symbols.index(ch) + 1 for ch in answer]


def assert_sound(board: _Board, solution: list[int]) -> None:
    """The board still holds the solution: every filled cell right, every
    open cell with its true symbol among its candidates."""
    for cell, value in enumerate(board.values):
        if value:
            assert value == solution[cell], f"cell {cell}: {value} placed"
        else:
            assert board.cand[cell] >> (solution[cell] - 1) & 1, (
                f"cell {cell}: the true symbol {solution[cell]} was removed"
            )


def walk_and_compare(board: _Board, box: tuple[int, int], solution: list[int]) -> None:
    """Solve by hand as the grader does, comparing every finder with its
    oracle at every step and checking every step keeps the solution."""
    order = [t for t, _ in _FINDERS]
    while 0 in board.values:
        state = State(board, box)
        for technique in order:
            mine = new_deductions(state, engine_finds(board, technique))
            assert mine == new_deductions(state, ORACLES[technique](state)), technique
            # Every deduction is true of the solution.
            assert all(solution[c] == v for c, v in mine[0]), technique
            assert all(solution[c] != v for c, v in mine[1]), technique
        for _, find in _FINDERS:
            if board.apply(find(board)):
                break
        else:
            return
        assert_sound(board, solution)


# --- soundness and agreement ---------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(NINES))
def test_every_step_agrees_with_the_oracles_and_keeps_the_solution(
    puzzle: str,
) -> None:
    solution = solution_of(puzzle, (3, 3), NINE)
    walk_and_compare(board_of(puzzle), (3, 3), solution)


def test_a_16x16_solve_agrees_with_the_oracles() -> None:
    # The first janko puzzles that need more than singles.
    checked = 0
    for puzzle in SIXTEENS:
        g = grade(puzzle)
        if g.hardest is not None and g.hardest > Technique.HIDDEN_SINGLE:
            solution = solution_of(puzzle, (4, 4), SIXTEEN)
            walk_and_compare(board_of(puzzle, (4, 4)), (4, 4), solution)
            checked += 1
            if checked == 2:
                break
    assert checked == 2


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(NINES),
    st.sampled_from([t for t, _ in _FINDERS]),
    st.integers(0, 2**32 - 1),
    st.floats(0.0, 0.7),
)
def test_each_technique_alone_in_random_states(
    puzzle: str, technique: Technique, seed: int, share: float
) -> None:
    """Random states that keep the solution: each technique, on its own,
    finds what its oracle finds, and removes no true symbol."""
    solution = solution_of(puzzle, (3, 3), NINE)
    board = board_of(puzzle)
    rng = random.Random(seed)
    for cell, bits in enumerate(board.cand):
        for v in range(1, 10):
            if bits >> (v - 1) & 1 and v != solution[cell] and rng.random() < share:
                board.cand[cell] &= ~(1 << (v - 1))
    find = dict(_FINDERS)[technique]
    for _ in range(50):  # the technique alone, until it finds nothing new
        state = State(board, (3, 3))
        mine = new_deductions(state, engine_finds(board, technique))
        assert mine == new_deductions(state, ORACLES[technique](state))
        assert all(solution[c] == v for c, v in mine[0])
        assert all(solution[c] != v for c, v in mine[1])
        if not board.apply(find(board)):
            break
        assert_sound(board, solution)


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("sudoku9_magictour_top1465.txt", 3),
        ("sudoku9_17clue_royle.txt", 3),
        ("sudoku9_forum_hardest_1106.txt", 1),
    ],
)
def test_shared_sets_agree_with_the_oracles(name: str, count: int) -> None:
    for puzzle in shared_lines(name, count):
        walk_and_compare(board_of(puzzle), (3, 3), solution_of(puzzle, (3, 3), NINE))


@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    [
        "sudoku9_magictour_top1465.txt",
        "sudoku9_17clue_royle.txt",
        "sudoku9_forum_hardest_1905_11plus_first10000.txt",
        "sudoku16_goomii3000.txt",
    ],
)
def test_shared_sets_agree_with_the_oracles_long(name: str) -> None:
    box = (4, 4) if name.startswith("sudoku16") else (3, 3)
    symbols = SIXTEEN if box == (4, 4) else NINE
    for puzzle in shared_lines(name, 20 if box == (4, 4) else 60):
        walk_and_compare(board_of(puzzle, box), box, solution_of(puzzle, box, symbols))


# --- the ladder ------------------------------------------------------------------


@pytest.mark.parametrize(("technique", "puzzle", "source"), LADDER)
def test_ladder_puzzle_needs_exactly_its_technique(
    technique: Technique, puzzle: str, source: str
) -> None:
    solution = solution_of(puzzle, (3, 3), NINE)
    before = Technique(technique - 1) if technique > 1 else None
    board = board_of(puzzle)
    if before is not None:
        _solve_by_hand(board, before)
        assert 0 in board.values, f"{source}: solved without {technique.label}"
    assert_sound(board, solution)
    state = State(board, (3, 3))
    # The oracles agree that nothing simpler applies ...
    for simpler in range(1, technique):
        found = new_deductions(state, ORACLES[Technique(simpler)](state))
        assert found == (frozenset(), frozenset()), (source, Technique(simpler))
    if technique is Technique.SEARCH:
        return
    # ... and that this technique does.
    assert new_deductions(state, ORACLES[technique](state)) != (
        frozenset(),
        frozenset(),
    )
    # With it (and the simpler ones) the grader solves the puzzle, rightly.
    _solve_by_hand(board, technique)
    assert board.values == solution, source


def test_grades_follow_the_ladder() -> None:
    grades = [grade(puzzle) for _, puzzle, _ in LADDER]
    assert [g.hardest for g in grades] == [t for t, _, _ in LADDER]
    assert grades == sorted(grades)
    assert all(a < b for a, b in itertools.pairwise(grades))
    assert [g.level for g in grades[:-1]] == [1, 1, 2, 3, 3, 3, 3, 4, 4]
    last = grades[-1]
    assert last.search_nodes > 0
    assert last.level == (6 if last.search_nodes >= DIABOLICAL_NODES else 5)
    assert all(g.search_nodes == 0 for g in grades[:-1])


def test_the_grade_counts_what_the_solve_did() -> None:
    for _, puzzle, _ in LADDER[:-1]:
        g = grade(puzzle)
        board = board_of(puzzle)
        used = _solve_by_hand(board)
        assert dict(g.techniques) == used
        # Every cell the techniques filled is counted once.
        filled = used.get(Technique.NAKED_SINGLE, 0) + used.get(
            Technique.HIDDEN_SINGLE, 0
        )
        assert filled == g.blanks == puzzle.count(".")


# --- every box shape ---------------------------------------------------------------


def thinned(solution: str, box: tuple[int, int], seed: int, tries: int) -> str:
    """A unique puzzle: blank cells of a solution while it stays unique
    (uniqueness by the solver's counter, then checked independently)."""
    rng = random.Random(seed)
    cells = list(solution)
    order = list(range(len(cells)))
    rng.shuffle(order)
    for cell in order[:tries]:
        kept = cells[cell]
        cells[cell] = "."
        if sudoku.count("".join(cells), 2, box=box) != 1:
            cells[cell] = kept
    return "".join(cells)


@pytest.mark.parametrize(
    ("box", "tries"),
    [((2, 2), 16), ((2, 3), 36), ((2, 4), 64), ((3, 3), 81), ((3, 4), 144)],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_box_shape(box: tuple[int, int], tries: int, seed: int) -> None:
    size = box[0] * box[1]
    symbols = "123456789ABCDEFGHIJKLMNOP"[:size]
    empty = "." * (size * size)
    full = sudoku.solve(empty, box=box, alphabet=symbols)
    assert isinstance(full, str)
    puzzle = thinned(full, box, seed, tries)
    g = grade(puzzle, box=box, alphabet=symbols)
    assert g.blanks == puzzle.count(".")
    assert 1 <= g.level <= 6
    board = board_of(puzzle, box)
    used = _solve_by_hand(board)
    solution = [symbols.index(ch) + 1 for ch in full]
    assert_sound(board, solution)
    assert dict(g.techniques) == used


@pytest.mark.parametrize("box", [(4, 4), (5, 5)])
def test_big_grids_grade_quickly(box: tuple[int, int]) -> None:
    size = box[0] * box[1]
    symbols = "123456789ABCDEFGHIJKLMNOP"[:size]
    full = sudoku.solve("." * (size * size), box=box, alphabet=symbols)
    assert isinstance(full, str)
    puzzle = thinned(full, box, 7, size * size // 3)
    g = grade(puzzle, box=box, alphabet=symbols)
    board = board_of(puzzle, box)
    _solve_by_hand(board)
    assert_sound(board, [symbols.index(ch) + 1 for ch in full])
    assert g.blanks == puzzle.count(".")


# --- errors and the result -----------------------------------------------------------


def test_errors() -> None:
    with pytest.raises(ConflictError) as caught:
        grade("1..1............")
    with pytest.raises(ConflictError) as again:
        sudoku.solve("1..1............")
    assert str(caught.value) == str(again.value)
    with pytest.raises(NoSolutionError, match="no solution"):
        grade("12....3.........")
    with pytest.raises(MultipleSolutionsError, match="unique"):
        grade("." * 16)
    with pytest.raises(MultipleSolutionsError):
        grade("." * 81)
    with pytest.raises(BudgetError):
        grade(LADDER[-1][1], max_nodes=1)
    with pytest.raises(SudokuError, match="max_nodes"):
        grade(LADDER[-1][1], max_nodes=-1)
    with pytest.raises(SudokuError, match="timeout"):
        grade(LADDER[-1][1], timeout="soon")  # type: ignore[arg-type]


def test_no_solution_found_by_a_technique_or_the_search() -> None:
    # A wrong symbol in a blank cell of a unique puzzle (one that repeats no
    # given): no solution, by a contradiction the techniques meet or by the
    # search's count of 0; count() agrees.
    rng = random.Random(5)
    units = oracle_units(9, (3, 3))
    for puzzle in NINES[:20]:
        solution = solution_of(puzzle, (3, 3), NINE)
        cell = rng.choice([i for i, ch in enumerate(puzzle) if ch == "."])
        near = {puzzle[p] for u in units if cell in u for p in u}
        wrong = [v for v in NINE if v not in near and int(v) != solution[cell]]
        if not wrong:
            continue
        broken = puzzle[:cell] + rng.choice(wrong) + puzzle[cell + 1 :]
        assert sudoku.count(broken) == 0
        with pytest.raises(NoSolutionError, match=r"^no solution: "):
            grade(broken)


def test_a_25x25_minimal_puzzle_shows_progress_then_gives_up() -> None:
    # Frisch's minimal 25x25 puzzles: the techniques leave about 330 cells
    # open and the search runs for days; the budget stops it, with progress
    # reported on the way.
    puzzle = local_lines("sudoku25_gecode_frisch18.txt", 1)[0]
    seen: list[object] = []
    with pytest.raises(BudgetError):
        grade(puzzle, timeout=1.5, progress=seen.append)
    assert seen


def test_a_full_grid_is_level_0() -> None:
    g = grade("1234341221434321")
    assert (g.level, g.name, g.hardest, g.techniques, g.blanks) == (
        0,
        "solved",
        None,
        (),
        0,
    )
    assert str(g) == "0 solved: no blank cell"


def test_grade_reads_every_representation() -> None:
    puzzle = LADDER[3][1]
    rows = [puzzle[i : i + 9] for i in range(0, 81, 9)]
    ints = [[int(ch) if ch != "." else 0 for ch in row] for row in rows]
    assert grade(puzzle) == grade(rows) == grade(ints) == grade("\n".join(rows))
    assert isinstance(grade(puzzle), Grade)


# --- the command ---------------------------------------------------------------------


def test_cli_grades_one_line_per_puzzle(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"  # type: ignore[operator]
    lines = [LADDER[0][1], "." * 81, LADDER[-1][1], LADDER[2][1]]
    path.write_text("\n".join(lines) + "\n")
    status = main(["--grade", "--no-progress", str(path)])
    out, err = capsys.readouterr()
    assert status == 1
    assert out.splitlines() == [
        str(grade(LADDER[0][1])),
        str(grade(LADDER[-1][1])),
        str(grade(LADDER[2][1])),
    ]
    assert "puzzle 2 (line 2): more than one solution" in err
    assert "--grade" in err


def test_cli_grade_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--grade", "--unique", "x.txt"])
    assert caught.value.code == 2
    assert "--unique does not go with --grade" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--grade", "--count", "x.txt"])
    assert "not allowed with" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--grade" in capsys.readouterr().out


def test_grades_do_not_depend_on_the_alphabet() -> None:
    puzzle = LADDER[4][1]
    letters = puzzle.translate(str.maketrans(NINE, "ABCDEFGHI"))
    assert grade(letters) == grade(puzzle)


def test_extra_units_against_brute_force() -> None:
    """4x4 X-sudoku (both diagonals as extra units), graded puzzle by
    puzzle against the brute-force list of every 4x4 X-sudoku solution."""
    diagonals = ((0, 5, 10, 15), (3, 6, 9, 12))
    every = [s for s in sudoku.solutions("." * 16) if isinstance(s, str)]
    assert len(every) == 288
    xs = [s for s in every if all(len({s[c] for c in d}) == 4 for d in diagonals)]
    rng = random.Random(12)
    outcomes = {"unique": 0, "none": 0, "several": 0}
    for _ in range(300):
        base = rng.choice(every)
        keep = set(rng.sample(range(16), rng.randint(3, 9)))
        puzzle = "".join(ch if i in keep else "." for i, ch in enumerate(base))
        fits = [
            s for s in xs if all(p in (".", q) for p, q in zip(puzzle, s, strict=True))
        ]
        grid = Grid.parse(puzzle)
        if len(fits) == 1:
            outcomes["unique"] += 1
            g = grade(puzzle, variant="x")
            assert g.blanks == puzzle.count(".")
            layout = _layout(regions_of(4, (2, 2), "x"))
            board = _Board(layout, list(grid.values), str)
            _solve_by_hand(board)
            truth = [int(ch) for ch in fits[0]]
            assert_sound(board, truth)
        elif not fits:
            outcomes["none"] += 1
            with pytest.raises((NoSolutionError, ConflictError)):
                grade(puzzle, variant="x")
        else:
            outcomes["several"] += 1
            with pytest.raises(MultipleSolutionsError):
                grade(puzzle, variant="x")
    assert min(outcomes.values()) >= 10, outcomes


def test_contradiction_is_internal() -> None:
    # The grader's internal signal never leaks: it becomes NoSolutionError.
    assert issubclass(NoSolutionError, SudokuError)
    assert not issubclass(_Contradiction, SudokuError)
