"""Killer and arithmetic cages (KenKen), against a brute-force oracle.

The oracle (``tests/cage_oracles.py``) knows nothing of :mod:`sudoku`:
it lists the units of a grid itself, reads the cages itself and finds
solutions by plain backtracking.  On 4x4 grids it lists every complete
grid of the shape (288 sudokus, 576 latin squares...) and the tests keep
those that the cages and givens allow.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from cage_oracles import (
    SHAPES4,
    every_grid,
    example_puzzles,
    holds,
    make_cages,
    oracle_cages,
    oracle_solve,
    oracle_units,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sudoku
from dlx.algorithms import sat_available
from sudoku import Grid, encode, regions_of
from sudoku.cages import (
    CageError,
    implied_cages,
    read_cage_map,
    read_cages,
)
from sudoku.encoding import CAGE_ENCODINGS

ROOT = Path(__file__).resolve().parents[1]

JIGSAW5 = "AABBBAABBCADDCCDDECCDEEEE"
JIGSAW4 = "AABBACBBCCDDCADD"  # no complete grid: the leftovers prove it


def flat(grid: object) -> list[int]:
    return [int(ch) for ch in str(grid)]


# -- the library against the oracle ---------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES4))
def test_small_grids_match_every_grid_kept(
    rng: random.Random, shape: tuple[int, tuple[int, int] | None, str, None]
) -> None:
    size, box, variant, _ = shape
    grids = every_grid(size, box, variant)
    solution = rng.choice(grids)
    cages = make_cages(rng, size, solution, cover=rng.choice([0.3, 0.7, 1.0]))
    givens = [v if rng.random() < 0.1 else 0 for v in solution]
    read = oracle_cages(cages, size)
    expected = sorted(
        g
        for g in grids
        if all(not v or g[c] == v for c, v in enumerate(givens))
        and all(holds(op, t, [g[c] for c in cells]) for t, op, cells in read)
    )
    puzzle = "".join(str(v) if v else "." for v in givens)
    options: dict[str, object] = {"cages": cages, "variant": variant or None}
    got = sorted(flat(s) for s in sudoku.solutions(puzzle, **options))  # type: ignore[arg-type]
    assert got == expected
    assert sudoku.count(puzzle, **options) == len(expected)  # type: ignore[arg-type]
    assert sudoku.is_unique(puzzle, **options) == (len(expected) == 1)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(sorted(CAGE_ENCODINGS)))
def test_every_encoding_finds_the_same_solutions(rng: random.Random, how: str) -> None:
    size, box, variant, _ = rng.choice(SHAPES4)
    grids = every_grid(size, box, variant)
    solution = rng.choice(grids)
    cages = make_cages(rng, size, solution, cover=rng.choice([0.5, 1.0]))
    read = oracle_cages(cages, size)
    expected = sorted(
        g
        for g in grids
        if all(holds(op, t, [g[c] for c in cells]) for t, op, cells in read)
    )
    grid = Grid.parse("." * size * size, boxes=box is not None)
    units = regions_of(size, grid.box, variant or None)
    for implied in (True, False):
        for propagate in (True, False):
            enc = encode(
                grid,
                units=units,
                cages=read_cages(cages, size),
                cage_encoding=how,
                implied=implied,
                propagate=propagate,
            )
            got = sorted(enc.decode(s) for s in enc.problem.solutions())
            assert got == expected, (how, implied, propagate)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(
        [(6, (2, 3), ""), (6, None, "latin"), (5, None, "latin"), (6, (2, 3), "x")]
    ),
)
def test_bigger_grids_match_the_oracle(
    rng: random.Random, shape: tuple[int, tuple[int, int] | None, str]
) -> None:
    size, box, variant = shape
    rng = random.Random(rng.getrandbits(64))  # draws cheaply: the search shuffles a lot
    units = oracle_units(size, box, variant)
    solution = oracle_solve(size, units, [0] * size * size, [], 1, rng)[0]
    cages = make_cages(rng, size, solution, cover=rng.choice([0.6, 0.9, 1.0]))
    limit = 30
    read = oracle_cages(cages, size)
    expected = oracle_solve(size, units, [0] * size * size, read, limit)
    options: dict[str, object] = {"cages": cages, "variant": variant or None}
    got = [flat(s) for s in sudoku.solutions("." * size * size, limit, **options)]  # type: ignore[arg-type]
    if len(expected) < limit:
        assert sorted(got) == sorted(expected)
    else:
        assert len({tuple(g) for g in got}) == limit
        for g in got:  # each one a solution, by the oracle's rules
            assert oracle_solve(size, units, g, read, 1) == [g]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_jigsaw_cages_match_the_oracle(rng: random.Random) -> None:
    size = 5
    rng = random.Random(rng.getrandbits(64))  # draws cheaply: the search shuffles a lot
    units = oracle_units(size, None, "", JIGSAW5)
    solution = oracle_solve(size, units, [0] * 25, [], 1, rng)[0]
    cages = make_cages(rng, size, solution, cover=0.8)
    read = oracle_cages(cages, size)
    expected = oracle_solve(size, units, [0] * 25, read, 100)
    got = [flat(s) for s in sudoku.solutions("." * 25, cages=cages, regions=JIGSAW5)]
    assert sorted(got) == sorted(expected)


# -- the rules, one by one ----------------------------------------------------------------


def test_each_operation_in_either_order() -> None:
    # One 1x2 cage in the first row of a 3x3 latin square.
    for op, target, pairs in (
        ("-", 2, {(1, 3), (3, 1)}),
        ("\u2212", 1, {(1, 2), (2, 1), (2, 3), (3, 2)}),
        ("/", 3, {(1, 3), (3, 1)}),
        ("÷", 2, {(1, 2), (2, 1)}),
        ("+", 5, {(2, 3), (3, 2)}),
        ("*", 6, {(2, 3), (3, 2)}),
        ("×", 3, {(1, 3), (3, 1)}),
    ):
        found = {
            tuple(flat(s)[:2])
            for s in sudoku.solutions(
                "." * 9, cages=[(target, op, [(0, 0), (0, 1)])], variant="latin"
            )
        }
        assert found == pairs, op
    assert {
        flat(s)[4]
        for s in sudoku.solutions("." * 9, cages=[(2, "=", [(1, 1)])], variant="latin")
    } == {2}


def test_repeats_allowed_in_arithmetic_cages_but_not_in_killer_cages() -> None:
    # An L of three cells: r1c1, r1c2 in row 1, r2c2 below; r1c1 and r2c2 share
    # no unit of a latin square, so they may hold the same digit.
    ell = [(0, 0), (0, 1), (1, 1)]
    # 1 + 2 + 1 = 4: only with a repeat.
    arithmetic = list(sudoku.solutions("." * 9, cages=[(4, "+", ell)], variant="latin"))
    assert arithmetic
    assert all(flat(s)[0] == flat(s)[4] for s in arithmetic)
    with pytest.raises(
        CageError, match=r"no 3 different digits from 1 to 3 add up to 4"
    ):
        sudoku.solve("." * 9, cages=[(4, ell)], variant="latin")
    # 2 * 2 * 3 = 12 (repeat) against 1 * 3 * 4 = 12 (none), on a 4x4 latin square.
    products = {
        tuple(sorted(flat(s)[c] for c in (0, 1, 5)))
        for s in sudoku.solutions("." * 16, cages=[(12, "*", ell)], variant="latin")
    }
    assert products == {(1, 3, 4), (2, 2, 3)}
    killer = {
        tuple(sorted(flat(s)[c] for c in (0, 1, 5)))
        for s in sudoku.solutions("." * 16, cages=[(8, ell)], variant="latin")
    }
    assert killer == {(1, 3, 4)}
    # In a box, the three cells differ anyway.
    boxed = {
        tuple(sorted(flat(s)[c] for c in (0, 1, 5)))
        for s in sudoku.solutions("." * 16, cages=[(12, "*", ell)])
    }
    assert boxed == {(1, 3, 4)}


def test_a_killer_without_givens_is_solved_and_proved_unique() -> None:
    cages: list[tuple[object, ...]] = [
        (3, [(0, 0), (0, 1)]),
        (7, [(0, 2), (0, 3)]),
        (5, [(1, 0), (2, 0)]),
        (5, [(1, 1), (2, 1)]),
        (3, [(1, 2), (1, 3)]),
        (7, [(2, 2), (3, 2), (3, 3)]),
        (3, [(2, 3)]),
        (7, [(3, 0), (3, 1)]),
    ]
    units = oracle_units(4, (2, 2))
    several = oracle_solve(4, units, [0] * 16, oracle_cages(cages, 4), 10)
    assert len(several) == 4
    assert sudoku.count("." * 16, cages=cages) == 4
    with pytest.raises(sudoku.MultipleSolutionsError):
        sudoku.solve("." * 16, cages=cages, unique=True)
    # Split the first cage and the fifth: 1 then 2 on rows 1 and 2.
    cages[0:1] = [(1, [(0, 0)]), (2, [(0, 1)])]
    cages[5:6] = [(1, [(1, 2)]), (2, [(1, 3)])]
    one = oracle_solve(4, units, [0] * 16, oracle_cages(cages, 4), 10)
    assert len(one) == 1
    assert flat(sudoku.solve("." * 16, cages=cages, unique=True)) == one[0]
    cages[1] = (3, [(0, 1)])  # r1c1 + r1c2 is no longer 3: no solution
    assert not oracle_solve(4, units, [0] * 16, oracle_cages(cages, 4), 10)
    with pytest.raises(sudoku.NoSolutionError):
        sudoku.solve("." * 16, cages=cages)


def test_givens_that_break_a_cage_leave_no_solution() -> None:
    with pytest.raises(
        sudoku.NoSolutionError, match=r"no digits fit cages\[0\] \(at r1c1\)"
    ):
        sudoku.solve("12.." + "." * 12, cages=[(4, [(0, 0), (0, 1)])])
    # Two equal givens (r1c3, r4c2) in a killer cage whose cells share no unit.
    with pytest.raises(sudoku.NoSolutionError, match=r"no digits fit cages\[0\]"):
        sudoku.solve(
            "..1..........1..", cages=[(5, [(0, 2), (3, 1)])], disjoint_cages=True
        )


def test_latin_squares_are_counted() -> None:
    assert sudoku.count("." * 9, variant="latin") == 12
    assert sudoku.count("." * 16, variant="latin") == 576
    # Reduced squares (first row and column in order): 56 of order 5, 9408 of order 6.
    assert sudoku.count("123452....3....4....5....", variant="latin") == 56
    assert sudoku.count("." * 25, variant="latin", limit=1000) == 1000
    assert sudoku.count("." * 16, variant="x+latin") == len(
        every_grid(4, None, "x+latin")
    )


@pytest.mark.slow
def test_reduced_latin_squares_of_order_6() -> None:
    assert sudoku.count("1234562.....3.....4.....5.....6.....", variant="latin") == 9408
    assert sudoku.count("." * 25, variant="latin") == 161280


def test_latin_takes_any_size_and_refuses_boxes_windows_and_maps() -> None:
    assert sudoku.solve("." * 49, variant="latin")
    sudoku.check("." * 49, sudoku.solve("." * 49, variant="latin"), variant="latin")
    with pytest.raises(sudoku.RegionError, match="does not go with box="):
        sudoku.solve("." * 16, variant="latin", box=(2, 2))
    with pytest.raises(sudoku.RegionError, match="windoku"):
        sudoku.solve("." * 16, variant="latin+windoku")
    with pytest.raises(sudoku.RegionError, match="jigsaw map"):
        sudoku.solve("." * 16, variant="latin", regions="AABBAABBCCDDCCDD")
    assert not sudoku.regions_of(4, None, "latin").plain


# -- bad cages -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cages", "message"),
    [
        ("5 [(0, 0)]", r"cages='5 \[\(0, 0\)\]' is not a list of cages"),
        ([5], r"cages\[0\] is 5, not a cage: give \(total, cells\)"),
        ([(3, "?", [(0, 0), (0, 1)])], r"cages\[0\]: unknown operation '\?'"),
        ([(3, [])], r"cages\[0\] has no cells"),
        ([(3, "01")], r"cages\[0\]: its cells '01' are not a list"),
        (
            [(3, [(0, 0), (0, "1")])],
            r"cages\[0\] \(at r1c1\): cell 1 is \(0, '1'\), not a \(row, column\) pair of ints",
        ),
        (
            [(3, [(0, 0), (0, 4)])],
            r"cages\[0\] \(at r1c1\): cell \(0, 4\) is outside a 4x4 grid \(rows and columns are numbered from 0 to 3\)",
        ),
        ([(3, [(-1, 0)])], r"cages\[0\]: cell \(-1, 0\) is outside a 4x4 grid"),
        ([(3, [(0, 0), (0, 0)])], r"cages\[0\] \(at r1c1\): r1c1 is in the cage twice"),
        (
            [(3, [(0, 0), (0, 1)]), (5, [(1, 1), (0, 1)])],
            r"cages\[1\] \(at r2c2\): r1c2 is in cages\[0\] \(at r1c1\) too",
        ),
        (
            [(3, [(0, 0), (1, 1)])],
            r"cages\[0\] \(at r1c1\): its cells are not connected \(r1c1 is apart from r2c2\); pass disjoint_cages=True",
        ),
        (
            [("3", [(0, 0), (0, 1)])],
            r"cages\[0\] \(at r1c1\): total '3' is not an integer",
        ),
        (
            [(True, "+", [(0, 0)])],
            r"cages\[0\] \(at r1c1\): target True is not an integer",
        ),
        (
            [(1, "-", [(0, 0), (0, 1), (0, 2)])],
            r"cages\[0\] \(at r1c1\): '-' takes two cells, not 3",
        ),
        ([(2, "÷", [(0, 0)])], r"cages\[0\] \(at r1c1\): '/' takes two cells, not 1"),
        (
            [(2, "=", [(0, 0), (0, 1)])],
            r"cages\[0\] \(at r1c1\): '=' takes one cell, not 2",
        ),
        (
            [(2, [(0, 0), (0, 1)])],
            r"cages\[0\] \(at r1c1\): no 2 different digits from 1 to 4 add up to 2",
        ),
        (
            [(3, [(0, 0)]), (9, [(1, 0)])],
            r"cages\[1\] \(at r2c1\): one cell cannot hold 9 \(digits go from 1 to 4\)",
        ),
        (
            [(5, "/", [(0, 0), (0, 1)])],
            r"cages\[0\] \(at r1c1\): no digits from 1 to 4 make 5/ on its 2 cells",
        ),
        (
            [(2, "+", [(0, 0), (0, 1)])],
            r"cages\[0\] \(at r1c1\): no digits from 1 to 4 make 2\+ on its 2 cells",
        ),
        ([(0, "-", [(0, 0), (0, 1)])], r"no digits from 1 to 4 make 0- on its 2 cells"),
    ],
)
def test_bad_cages_are_refused_by_name(cages: object, message: str) -> None:
    with pytest.raises(CageError, match=message):
        sudoku.solve("." * 16, cages=cages)  # type: ignore[call-overload]


def test_a_cage_with_too_many_combinations_is_refused() -> None:
    # Twelve cells of a 16x16 latin square in a staircase: six groups of two.
    stairs = [(k // 2, (k + 1) // 2) for k in range(12)]
    with pytest.raises(
        CageError,
        match=r"cages\[0\] \(at r1c1\): more than 100,000 combinations of digits "
        r"reach 100\+ on 12 cells",
    ):
        sudoku.count("." * 256, cages=[(100, "+", stairs)], variant="latin")


def test_cages_read_for_another_size_are_refused() -> None:
    cages = read_cages([(3, [(0, 0), (0, 1)])], 4)
    with pytest.raises(
        CageError, match=r"cages\[0\] \(at r1c1\) is for a 4x4 grid, not a 9x9 grid"
    ):
        encode(Grid.parse("." * 81), cages=cages)
    with pytest.raises(
        sudoku.SudokuError, match=r"cage_encoding='dense' is none of 'mixed', "
    ):
        encode(Grid.parse("." * 16), cages=cages, cage_encoding="dense")


def test_disjoint_cages_need_the_flag_and_cages() -> None:
    cages = [(3, [(0, 0), (1, 1)])]
    assert sudoku.count("." * 16, cages=cages, disjoint_cages=True) == sudoku.count(
        "." * 16, cages=[(3, [(0, 0), (0, 1)])]
    )
    # r1c1 and r4c4 share no unit of a latin square: 2 + 2 may make 4.
    assert (
        sudoku.count(
            "." * 9,
            cages=[(4, "+", [(0, 0), (2, 2)])],
            variant="latin",
            disjoint_cages=True,
        )
        > 0
    )
    with pytest.raises(sudoku.SudokuError, match=r"disjoint_cages=True needs cages="):
        sudoku.solve("." * 16, disjoint_cages=True)


def test_every_solving_function_takes_cages() -> None:
    cages = [(3, [(0, 0), (0, 1)]), (3, "-", [(2, 0), (2, 1)])]
    expected = [
        s
        for s in map(str, sudoku.solutions("." * 16))
        if {int(s[0]), int(s[1])} == {1, 2} and abs(int(s[8]) - int(s[9])) == 3
    ]
    got = list(sudoku.solutions("." * 16, cages=cages))
    assert sorted(got) == sorted(expected)  # type: ignore[type-var]
    assert sudoku.count("." * 16, cages=cages) == len(expected)
    assert sudoku.count("." * 16, 3, cages=cages) == 3
    assert not sudoku.is_unique("." * 16, cages=cages)
    assert sudoku.solve("." * 16, cages=cages) in expected
    for bad in (
        lambda: sudoku.count("." * 16, cages=[(5, [(0, 0)])]),
        lambda: sudoku.is_unique("." * 16, cages=[(5, [(0, 0)])]),
        lambda: list(sudoku.solutions("." * 16, cages=[(9, [(0, 0)])])),
    ):
        with pytest.raises(CageError):
            bad()


@pytest.mark.skipif(not sat_available(), reason="OR-Tools is not installed")
def test_method_sat_takes_cages() -> None:
    rng = random.Random(44)
    for size, box, variant, _ in SHAPES4[:2] * 4:
        grids = every_grid(size, box, variant)
        cages = make_cages(rng, size, rng.choice(grids), cover=0.8)
        read = oracle_cages(cages, size)
        expected = [
            g
            for g in grids
            if all(holds(op, t, [g[c] for c in cells]) for t, op, cells in read)
        ]
        latin = variant or None
        answer = sudoku.solve("." * 16, cages=cages, variant=latin, method="sat")
        assert flat(answer) in expected
        found = sudoku.count("." * 16, 2, cages=cages, variant=latin, method="sat")
        assert found == min(len(expected), 2)


def test_check_names_the_cage_that_fails() -> None:
    solution = "1234341221434321"
    sudoku.check(
        "." * 16, solution, cages=[(3, [(0, 0), (0, 1)]), (12, "*", [(1, 0), (1, 1)])]
    )
    for cages, message in (
        ([(4, [(0, 0), (0, 1)])], r"cages\[0\] \(at r1c1\): 1 \+ 2 = 3, not 4"),
        ([(2, "-", [(0, 0), (0, 1)])], r"cages\[0\] \(at r1c1\): 2 - 1 = 1, not 2"),
        ([(3, "/", [(0, 0), (0, 3)])], r"cages\[0\] \(at r1c1\): 4 / 1 = 4, not 3"),
        ([(3, "/", [(0, 1), (0, 2)])], r"cages\[0\] \(at r1c2\): 3 / 2 is not 3"),
        ([(7, "*", [(0, 0), (0, 1)])], r"cages\[0\] \(at r1c1\): 1 \* 2 = 2, not 7"),
        ([(2, "=", [(0, 0)])], r"cages\[0\] \(at r1c1\): holds 1, not 2"),
        (
            [(5, [(0, 0), (1, 2)])],
            r"symbol '1' twice in cages\[0\] \(at r1c1\): at r1c1 and r2c3",
        ),
    ):
        with pytest.raises(sudoku.SolutionError, match=message):
            sudoku.check("." * 16, solution, cages=cages, disjoint_cages=True)


# -- implied cages, the text form and the examples ---------------------------------------


def test_implied_cages_hold_in_every_solution() -> None:
    rng = random.Random(5)
    for _ in range(20):
        solution = rng.choice(every_grid(4, (2, 2), ""))
        cages = read_cages(make_cages(rng, 4, solution), 4)
        for cage in implied_cages(cages, regions_of(4, (2, 2))):
            digits = [solution[c] for c in cage.cells]
            assert holds(cage.op, cage.target, digits), cage


def test_a_cage_map_reads_as_cages() -> None:
    cages = read_cage_map(
        ["AAB", "CDB", "CDD"], {"A": 3, "B": "5", "C": "2/", "D": "6+"}
    )
    assert cages == [
        (3, [(0, 0), (0, 1)]),
        (5, [(0, 2), (1, 2)]),
        (2, "/", [(1, 0), (2, 0)]),
        (6, "+", [(1, 1), (2, 1), (2, 2)]),
    ]
    assert read_cage_map("AB..", "A=1= B=2=", 2) == [
        (1, "=", [(0, 0)]),
        (2, "=", [(0, 1)]),
    ]
    for targets, message in (
        ("A=3 B=5", r"cage 'C' of the map \(at r2c1\) has no clue"),
        ("A=3 B=5 C=1 D=2 E=4", r"clue E=4 names no cage of the map"),
        ("A=3 B=5 C=x D=2", r"clue C=x is not a number and at most one operation"),
        ("A3", r"'A3' is not a label=clue word"),
    ):
        with pytest.raises(CageError, match=message):
            read_cage_map(["AAB", "CDB", "CDD"], targets)


@pytest.mark.parametrize(
    ("name", "variant"), [("killer.txt", None), ("kenken.txt", "latin")]
)
def test_the_example_puzzles_are_unique(name: str, variant: str | None) -> None:
    puzzles = example_puzzles(name)
    assert len(puzzles) >= 20
    for lines, cages in puzzles[:3]:
        assert len(lines) == 9
        answer = sudoku.solve("." * 81, cages=cages, variant=variant, unique=True)
        sudoku.check("." * 81, answer, cages=cages, variant=variant)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "variant"), [("killer.txt", None), ("kenken.txt", "latin")]
)
def test_every_example_puzzle_is_unique(name: str, variant: str | None) -> None:
    for _lines, cages in example_puzzles(name):
        assert sudoku.count("." * 81, cages=cages, variant=variant, limit=2) == 1


def test_an_open_cell_no_digit_fits_has_no_filling() -> None:
    # Without pruning, r1c3 (a cage of 2) keeps no digit once r3c4 = 3 and
    # the row's 4 and 2 are given: the cage of fillings must have none,
    # not a filling that puts 0 in the cell.
    puzzle = ".........42....."
    cages = [(2, [(0, 2)]), (3, "=", [(2, 3)])]
    grid = Grid.parse(puzzle)
    units = sudoku.units_of(grid, None, None)
    for how in ("mixed", "placements", "sets"):
        encoded = sudoku.encode(
            grid,
            units=units,
            cages=read_cages(cages, 4),
            propagate=False,
            implied=False,
            cage_encoding=how,
        )
        assert encoded.problem.count() == 0, how
    givens = [int(ch) if ch != "." else 0 for ch in puzzle]
    truth = oracle_solve(4, oracle_units(4, (2, 2)), givens, oracle_cages(cages, 4), 1)
    assert truth == []
