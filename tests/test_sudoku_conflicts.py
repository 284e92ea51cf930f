"""sudoku.conflicts: a minimal set of givens without solution, on every kind of grid.

Puzzles are cut from random solved grids and broken by one more given
whose symbol is not the solution's and repeats nothing in the cell's
units, so that only deductions show the contradiction.  The puzzle
before breaking has a solution, so every set of givens without one holds
the planted given.  Each answer is checked by the solver
(:func:`sudoku.count`), not by the machinery that found it: the answer's
givens alone have no solution, and without any one of them they have one.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st
from sudoku_helpers import NO_SOLUTION9, local_lines, neighbours, wrong_given

import sudoku
from dlx import BudgetExceeded, ExactCover, Outcome, Stats
from dlx.conflict import ConflictBudgetExceeded, ConflictInterrupted
from sudoku.cages import CageError
from sudoku.grid import Grid
from sudoku.regions import regions_of
from sudoku.whynot import (
    ConflictsBudgetError,
    ConflictsInterrupted,
    blank_problem,
    conflicts,
)

SYMBOLS = "123456789ABCDEFG"

#: A 9x9 jigsaw map that complete grids fit (the boxes with cells traded).
JIGSAW9 = [
    "AABBBBCCC",
    "AAAABBCCC",
    "AAABBBCCC",
    "DDDEEEFFF",
    "DDDEEFFFF",
    "DDHEEEEFF",
    "GGGDHHIII",
    "GGGHHIIII",
    "GGGHHHHII",
]
JIGSAW6 = ["AAABBB", "AACCBB", "DACCBF", "DDCCFF", "DDEEEF", "DEEEFF"]

Given = tuple[int, int, Any]


def only(size: int, givens: list[Given]) -> str:
    """The grid of ``givens`` alone, as a string."""
    cells = ["."] * (size * size)
    for r, c, symbol in givens:
        cells[r * size + c] = str(symbol)
    return "".join(cells)


#: The nodes the oracle may search to show that a few givens have no
#: solution: a sparse grid without solution can take the plain search
#: minutes (a windoku's did), which propagation saw at once.  Past them,
#: the example is rejected (hypothesis draws another), never passed.
ORACLE_NODES = 150_000


def oracle_count(puzzle: str, alphabet: str, **grid: Any) -> int:
    """Whether ``puzzle`` has a solution (0 or 1), by a search of at most :data:`ORACLE_NODES`.

    Past them the example is rejected (hypothesis draws another): a sparse
    jigsaw grid can take the plain search minutes either way.
    """
    try:
        return sudoku.count(
            puzzle, 1, alphabet=alphabet, max_nodes=ORACLE_NODES, **grid
        )
    except sudoku.BudgetError:
        reject()  # the oracle cannot tell soon enough


def check_minimal(size: int, answer: list[Given], **grid: Any) -> None:
    """``answer`` has no solution, and without any one of its givens it has one."""
    assert answer
    alphabet = SYMBOLS[:size]
    assert oracle_count(only(size, answer), alphabet, **grid) == 0
    for k in range(len(answer)):
        rest = answer[:k] + answer[k + 1 :]
        assert oracle_count(only(size, rest), alphabet, **grid) == 1, answer[k]


def solved_grid(rng: random.Random, size: int, **grid: Any) -> list[int]:
    """A random solved grid: a few random symbols, then the solver's first answer.

    Symbols that leave no solution, or a search that does not end soon,
    are drawn again.
    """
    alphabet = SYMBOLS[:size]
    while True:
        cells = ["."] * (size * size)
        for cell in rng.sample(range(size * size), size):
            cells[cell] = rng.choice(alphabet)
        try:
            answer = sudoku.solve(
                "".join(cells), alphabet=alphabet, max_nodes=10_000, **grid
            )
        except (sudoku.ConflictError, sudoku.NoSolutionError, sudoku.BudgetError):
            continue
        return [alphabet.index(ch) + 1 for ch in answer]


def broken_puzzle(
    rng: random.Random, size: int, keep: float, **grid: Any
) -> tuple[str, Given] | None:
    """A puzzle cut from a random solved grid, with one wrong given planted.

    The planted given repeats nothing in the units of its cell; ``None``
    when no blank cell has a symbol for it.
    """
    alphabet = SYMBOLS[:size]
    solution = solved_grid(rng, size, **grid)
    parsed = Grid.parse(
        "." * size * size,
        alphabet=alphabet,
        box=grid.get("box"),
        boxes="regions" not in grid,
    )
    units = sudoku.units_of(parsed, grid.get("variant"), grid.get("regions"))
    units = units or regions_of(size, parsed.box)
    values = [v if rng.random() < keep else 0 for v in solution]
    return wrong_given(values, solution, units, alphabet, rng)


def check_broken(seed: int, size: int, keep: float, **grid: Any) -> None:
    rng = random.Random(seed)
    made = broken_puzzle(rng, size, keep, **grid)
    if made is None:
        return
    puzzle, planted = made
    alphabet = SYMBOLS[:size]
    answer = conflicts(puzzle, alphabet=alphabet, **grid)
    if sudoku.count(puzzle, 1, alphabet=alphabet, **grid):
        assert answer == []  # the wrong given fits another solution
        return
    assert planted in answer
    assert answer == sorted(answer)
    check_minimal(size, answer, **grid)


# -- random puzzles of every kind ---------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.35, 0.5, 0.65]))
def test_9x9(seed: int, keep: float) -> None:
    check_broken(seed, 9, keep)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.3, 0.5, 0.7]))
def test_4x4(seed: int, keep: float) -> None:
    check_broken(seed, 4, keep)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.3, 0.5, 0.7]))
def test_6x6_with_boxes_of_2x3(seed: int, keep: float) -> None:
    check_broken(seed, 6, keep, box=(2, 3))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.4, 0.6]))
def test_x_sudoku(seed: int, keep: float) -> None:
    check_broken(seed, 9, keep, variant="x")


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_windoku(seed: int) -> None:
    check_broken(seed, 9, 0.5, variant="windoku")


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.4, 0.6]))
def test_jigsaw_9x9(seed: int, keep: float) -> None:
    check_broken(seed, 9, keep, regions=JIGSAW9)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_jigsaw_6x6(seed: int) -> None:
    check_broken(seed, 6, 0.5, regions=JIGSAW6)


def test_16x16() -> None:
    alphabet = "123456789ABCDEFG"
    puzzle = local_lines("sudoku16_gecode_janko55.txt", 1)[0]
    parsed = Grid.parse(puzzle)
    solution = Grid.parse(sudoku.solve(puzzle), alphabet=parsed.alphabet).values
    units = regions_of(16, (4, 4))
    values = list(parsed.values)
    rng = random.Random(16)
    blanks = [c for c in range(256) if not values[c]]
    for cell in rng.sample(blanks, 2):
        seen = {values[o] for u in units.cell_units[cell] for o in units.units[u]}
        wrong = [v for v in range(1, 17) if v not in seen and v != solution[cell]]
        broken = list(values)
        broken[cell] = rng.choice(wrong)
        text = parsed.render(broken)
        assert isinstance(text, str)
        answer = conflicts(text)
        planted = (cell // 16, cell % 16, parsed.symbol(broken[cell]))
        assert planted in answer
        # The same answer in the alphabet the checks write.
        mapped = [
            (r, c, alphabet[(parsed.alphabet or alphabet).index(str(s))])
            for r, c, s in answer
        ]
        check_minimal(16, mapped)


def test_a_puzzle_that_only_the_search_refutes() -> None:
    answer = conflicts(NO_SOLUTION9)
    check_minimal(9, answer)


# -- the plain cases and the grid forms ---------------------------------------


def test_a_puzzle_with_a_solution_has_no_conflict() -> None:
    assert conflicts("1......2..4..3..") == []
    assert conflicts("." * 81) == []


def test_two_givens_in_one_unit_are_answered_directly() -> None:
    # The first given (in the grid's order) that repeats an earlier one,
    # and that one: here the 3 of row 3, column 4 repeats row 1, column 4's.
    grid = "1..3.......32..1"
    assert conflicts(grid) == [(0, 3, "3"), (2, 3, "3")]
    assert conflicts("1..1............") == [(0, 0, "1"), (0, 3, "1")]
    # Repeats in a variant's units count too.
    assert conflicts("1..............1", variant="x") == [
        (0, 0, "1"),
        (3, 3, "1"),
    ]


def test_every_grid_form_and_symbols_as_the_grid_writes_them() -> None:
    text = "12....3........."
    expected = [(0, 0, "1"), (0, 1, "2"), (1, 2, "3")]
    assert conflicts(text) == expected
    assert conflicts("12..\n..3.\n....\n....\n") == expected
    assert conflicts(["12..", "..3.", "....", "...."]) == expected
    rows = [[1, 2, 0, 0], [0, 0, 3, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert conflicts(rows) == [(0, 0, 1), (0, 1, 2), (1, 2, 3)]
    assert conflicts("AB....C.........", alphabet="ABCD") == [
        (0, 0, "A"),
        (0, 1, "B"),
        (1, 2, "C"),
    ]
    numpy = pytest.importorskip("numpy")
    assert conflicts(numpy.array(rows)) == [(0, 0, 1), (0, 1, 2), (1, 2, 3)]


def test_blank_problems_are_shared_per_shape() -> None:
    units = regions_of(9, (3, 3))
    assert blank_problem(units) is blank_problem(regions_of(9, (3, 3)))
    assert blank_problem(units) is not blank_problem(regions_of(9, (3, 3), "x"))
    assert len(blank_problem(units)) == 729


# -- bad input, budgets, Ctrl-C ------------------------------------------------


def test_bad_grids_get_the_solvers_errors() -> None:
    with pytest.raises(sudoku.GridSizeError):
        conflicts("1" * 80)
    with pytest.raises(sudoku.SymbolError, match="row 4, column 4"):
        conflicts("12..34.........X")
    with pytest.raises(sudoku.BoxShapeError):
        conflicts("." * 36, box=(2, 2))
    with pytest.raises(sudoku.RegionError):
        conflicts("." * 16, variant="nope")
    with pytest.raises(sudoku.SudokuError, match="timeout=-1 is not a number"):
        conflicts("." * 16, timeout=-1)


def test_a_map_no_grid_fits_is_no_givens_fault() -> None:
    no_grid = "AAABBBCCCAAABBBCCCAADBBBCCCDDAEEEFFFDDDEEEFFFDDDEEEIFFGGGHHHFIIGGGHHHIIIGGGHHHIII"
    with pytest.raises(
        sudoku.NoSolutionError, match="no complete grid fits the region map"
    ):
        conflicts("1" + "." * 80, regions=no_grid)


def test_timeout_zero() -> None:
    with pytest.raises(ConflictsBudgetError) as raised:
        conflicts("12....3.........", timeout=0)
    stop = raised.value
    assert isinstance(stop, sudoku.BudgetError)
    assert isinstance(stop, sudoku.SudokuError)
    assert isinstance(stop, BudgetExceeded)
    assert stop.outcome is Outcome.OUT_OF_TIME
    assert stop.givens is None


@pytest.mark.parametrize("stopped", ["budget", "interrupt"])
def test_a_stop_keeps_the_givens_so_far(
    stopped: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The reason so far that the exact-cover search hands up (option
    # numbers: cell * 9 + value - 1) comes back as givens.
    so_far = [2 * 9 + 6, 9 * 9 + 8, 12 * 9 + 1]  # r1c3 = 7, r2c1 = 9, r2c4 = 2

    def stop(*args: object, **kwargs: object) -> None:
        if stopped == "budget":
            raise ConflictBudgetExceeded(Outcome.OUT_OF_TIME, Stats(), "spent", so_far)
        raise ConflictInterrupted("interrupted", so_far)

    monkeypatch.setattr(ExactCover, "conflict", stop)
    puzzle = "..7......9..2" + "." * 68
    expected = [(0, 2, "7"), (1, 0, "9"), (1, 3, "2")]
    if stopped == "budget":
        with pytest.raises(ConflictsBudgetError) as budget:
            conflicts(puzzle)
        assert budget.value.givens == expected
        assert str(budget.value) == "spent"
    else:
        with pytest.raises(ConflictsInterrupted) as interrupted:
            conflicts(puzzle)
        assert interrupted.value.givens == expected
        assert interrupted.value.outcome is Outcome.INTERRUPTED


def test_latin_squares_of_any_size() -> None:
    # A 5x5 grid has no box shape: read as solve reads a latin square.
    square = "1...1" + "." * 20
    assert conflicts(square, variant="latin") == [(0, 0, "1"), (0, 4, "1")]
    assert conflicts("12..." + "." * 20, variant="latin") == []
    with pytest.raises(sudoku.RegionError, match="does not go with box="):
        conflicts("." * 16, variant="latin", box=(2, 2))


# -- cages ---------------------------------------------------------------------


def caged_count(puzzle: str, cages: list[Any], **grid: Any) -> int:
    """Whether ``puzzle`` with ``cages`` has a solution (0 or 1), by the solver.

    Two givens that repeat a symbol have none (the solver refuses them).
    Past :data:`ORACLE_NODES` the example is rejected, as by
    :func:`oracle_count`.
    """
    try:
        return sudoku.count(puzzle, 1, cages=cages, max_nodes=ORACLE_NODES, **grid)
    except sudoku.ConflictError:
        return 0
    except sudoku.BudgetError:
        reject()


def random_cages(
    rng: random.Random, solution: list[int], size: int, arithmetic: bool
) -> list[Any]:
    """Cages of 1 to 3 cells side by side over the whole grid, true to ``solution``.

    Killer cages ``(total, cells)`` (their digits differ in ``solution``),
    or arithmetic cages whose operation ``solution`` keeps.  One time in
    four, one cage's target is moved by 1 off the solution's, so that
    the cages alone may admit no grid (or one is out of reach).
    """
    free = set(range(size * size))
    cages: list[Any] = []
    while free:
        first = min(free)
        cells = [first]
        free.discard(first)
        for _ in range(rng.randrange(3)):
            near = [
                n
                for c in cells
                for n in neighbours(size, c)
                if n in free
                and (arithmetic or solution[n] not in {solution[x] for x in cells})
            ]
            if not near:
                break
            cell = rng.choice(near)
            cells.append(cell)
            free.discard(cell)
        digits = [solution[c] for c in cells]
        pairs = [divmod(c, size) for c in cells]
        if not arithmetic:
            cages.append((sum(digits), pairs))
            continue
        high, low = max(digits), min(digits)
        ops = ["="] if len(cells) == 1 else ["+", "*"]
        if len(cells) == 2:
            ops += ["-"] + (["/"] if high % low == 0 else [])
        op = rng.choice(ops)
        target = {
            "=": digits[0],
            "+": sum(digits),
            "*": math.prod(digits),
            "-": high - low,
            "/": high // low,
        }[op]
        cages.append((target, op, pairs))
    if rng.random() < 0.25:
        k = rng.randrange(len(cages))
        target, *rest = cages[k]
        cages[k] = (max(1, target + rng.choice([-1, 1])), *rest)
    return cages


def check_caged(seed: int, size: int, arithmetic: bool, **grid: Any) -> None:
    """A random caged puzzle, with a wrong given planted: check the answer by the solver."""
    rng = random.Random(seed)
    alphabet = SYMBOLS[:size]
    solution = solved_grid(rng, size, **grid)
    cages = random_cages(rng, solution, size, arithmetic)
    values = [v if rng.random() < 0.3 else 0 for v in solution]
    blanks = [c for c in range(size * size) if not values[c]]
    if blanks:
        values[rng.choice(blanks)] = rng.randrange(1, size + 1)
    puzzle = "".join(alphabet[v - 1] if v else "." for v in values)
    try:
        sudoku.solve("." * size * size, alphabet=alphabet, cages=cages, **grid)
    except CageError as refused:  # a target moved out of reach
        with pytest.raises(CageError) as raised:
            conflicts(puzzle, alphabet=alphabet, cages=cages, **grid)
        assert str(raised.value) == str(refused)
        return
    except sudoku.NoSolutionError:
        pass
    try:
        answer = conflicts(puzzle, alphabet=alphabet, cages=cages, timeout=20, **grid)
    except sudoku.BudgetError:
        reject()  # a search that no example of a unit test should need
    except sudoku.NoSolutionError as error:
        # The cages alone: those named admit no grid, and without any one
        # of them the others admit one.
        assert "the cages alone admit no grid" in str(error)
        if "not shown minimal" in str(error):
            reject()
        named = [int(k) for k in re.findall(r"cages\[(\d+)\]", str(error))]
        assert named == sorted(set(named))
        blank = "." * size * size
        some = [cages[k] for k in named]
        assert caged_count(blank, some, alphabet=alphabet, **grid) == 0
        for k in range(len(some)):
            rest = some[:k] + some[k + 1 :]
            assert caged_count(blank, rest, alphabet=alphabet, **grid) == 1
        return
    if caged_count(puzzle, cages, alphabet=alphabet, **grid):
        assert answer == []
        return
    assert answer == sorted(answer)
    assert caged_count(only(size, answer), cages, alphabet=alphabet, **grid) == 0
    for k in range(len(answer)):
        fewer = only(size, answer[:k] + answer[k + 1 :])
        assert caged_count(fewer, cages, alphabet=alphabet, **grid) == 1, answer[k]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_killer_4x4(seed: int) -> None:
    check_caged(seed, 4, arithmetic=False)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_killer_6x6(seed: int) -> None:
    check_caged(seed, 6, arithmetic=False, box=(2, 3))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([4, 5]))
def test_kenken_latin(seed: int, size: int) -> None:
    check_caged(seed, size, arithmetic=True, variant="latin")


@pytest.mark.slow  # a minute: the solver's checks of sparse killer givens
@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_killer_9x9(seed: int) -> None:
    check_caged(seed, 9, arithmetic=False)


def test_a_given_its_cage_rules_out_is_the_reason_alone() -> None:
    # A 4 cannot be in a cage of two cells that add up to 3.
    cages = [(3, [(0, 0), (0, 1)])]
    assert conflicts("4" + "." * 15, cages=cages) == [(0, 0, "4")]
    # Two givens that repeat in a row: the 1 at r1c3 alone is refuted by
    # the cage (which holds 1 and 2), so it is the whole reason.
    assert conflicts("..11" + "." * 12, cages=cages) == [(0, 2, "1")]
    assert conflicts("1..." + "." * 12, cages=cages) == []


def test_a_repeat_in_a_killer_cage() -> None:
    # r2c2 and r3c3 share no row, column or box, but a killer cage keeps
    # its digits apart: the two 1s are the reason.
    cages = [(7, [(1, 1), (1, 2), (2, 2)])]
    puzzle = ".....1....1....."
    assert conflicts(puzzle, cages=cages) == [(1, 1, "1"), (2, 2, "1")]
    assert caged_count(puzzle, cages) == 0
    assert caged_count(only(4, [(1, 1, "1")]), cages) == 1


def test_cages_that_admit_no_grid_are_named() -> None:
    # Row 1 ends in {1, 2}, so its first two cells hold 3 and 4, which
    # box 1's second row needs as well.  Cage 0 is not needed: dropped.
    cages = [(3, [(0, 0), (0, 1)]), (3, [(0, 2), (0, 3)]), (7, [(1, 0), (1, 1)])]
    with pytest.raises(sudoku.NoSolutionError) as raised:
        conflicts("1" + "." * 15, cages=cages)
    assert str(raised.value) == (
        "no solution: the cages alone admit no grid (no given is to blame): "
        "cages[1] (at r1c3) (3 on r1c3, r1c4) and cages[2] (at r2c1) "
        "(7 on r2c1, r2c2) admit none together"
    )
    # The same on a latin square of arithmetic cages: 2/ is {1, 2} or
    # {2, 4}, and the 1= and 4= of the same row take both.
    kenken = [(2, "/", [(0, 0), (0, 1)]), (1, "=", [(0, 2)]), (4, "=", [(0, 3)])]
    with pytest.raises(sudoku.NoSolutionError, match=r"cages\[2\].*together"):
        conflicts("." * 25, variant="latin", cages=kenken)
    assert conflicts("." * 25, variant="latin", cages=kenken[:2]) == []


def test_bad_cages_are_refused_as_solve_refuses_them() -> None:
    bad: list[Any] = [
        [(30, [(0, 0), (0, 1)])],  # no digits reach it
        [(3, [(0, 0), (1, 1)])],  # cells apart
        [(3, [(0, 0), (0, 1)]), (5, [(0, 1), (0, 2)])],  # a cell in two cages
        [(3, "%", [(0, 0), (0, 1)])],  # no such operation
        "15",  # not a list of cages
    ]
    for cages in bad:
        with pytest.raises(CageError) as solved:
            sudoku.solve("." * 16, cages=cages)
        with pytest.raises(CageError) as conflicted:
            conflicts("." * 16, cages=cages)
        assert str(conflicted.value) == str(solved.value)
    # disjoint_cages= as solve takes it.
    apart = [(3, [(0, 0), (1, 1)])]
    assert conflicts("." * 16, cages=apart, disjoint_cages=True) == []
    assert conflicts("3" + "." * 15, cages=apart, disjoint_cages=True) == [(0, 0, "3")]


def test_cages_with_a_timeout() -> None:
    with pytest.raises(ConflictsBudgetError) as raised:
        conflicts("4" + "." * 15, cages=[(3, [(0, 0), (0, 1)])], timeout=0)
    assert raised.value.givens is None
