"""Sudoku grids up to the moves that keep them valid (:mod:`sudoku.transform`).

The canonical form is checked against a brute-force minlex over every
move on 4x4 and 6x6 grids, against an independent minlex of filled 9x9
grids (every orientation, first row and column order, the rows then
sorted), against the least 9x9 grid of all, and by its invariance under
random moves of 9x9 and 16x16 puzzles.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sudoku
from dlx.symmetry import SymmetryError
from sudoku.transform import canonical, equivalent, grid_cover, transformations

# -- helpers -------------------------------------------------------------------------


def relabelled(values: Sequence[int]) -> list[int]:
    """The values with the symbols numbered by first appearance (0 stays 0)."""
    names: dict[int, int] = {}
    out = []
    for v in values:
        if v:
            v = names.setdefault(v, len(names) + 1)
        out.append(v)
    return out


def line_orders(block: int, blocks: int) -> list[list[int]]:
    """Every order of ``blocks`` blocks of ``block`` lines, lines moving within blocks."""
    orders = []
    for outer in itertools.permutations(range(blocks)):
        for inner in itertools.product(
            itertools.permutations(range(block)), repeat=blocks
        ):
            orders.append(
                [
                    b * block + inner[k][i]
                    for k, b in enumerate(outer)
                    for i in range(block)
                ]
            )
    return orders


def brute_minlex(values: Sequence[int], size: int, box: tuple[int, int]) -> list[int]:
    """The least relabelled image of ``values`` over every move (small grids only)."""
    rows_in_band, cols_in_stack = box
    grids = [list(values)]
    if rows_in_band == cols_in_stack:
        grids.append([values[c * size + r] for r in range(size) for c in range(size)])
    best: list[int] | None = None
    row_orders = line_orders(rows_in_band, size // rows_in_band)
    col_orders = line_orders(cols_in_stack, size // cols_in_stack)
    for grid in grids:
        for rows in row_orders:
            for cols in col_orders:
                image = relabelled([grid[r * size + c] for r in rows for c in cols])
                if best is None or image < best:
                    best = image
    assert best is not None
    return best


def filled_minlex(values: Sequence[int]) -> list[int]:
    """The minlex form of a filled 9x9 grid, found another way.

    The first row of the answer is always 123456789, so a choice of
    orientation, first row and column order fixes the relabelling; the
    other rows then go in the least order: the first band's other two
    sorted, and the other bands' rows sorted, bands by their rows.
    """
    size = 9
    grids = [list(values), [values[c * 9 + r] for r in range(9) for c in range(9)]]
    best: list[int] | None = None
    for grid in grids:
        rows = [grid[r * 9 : r * 9 + 9] for r in range(9)]
        for cols in line_orders(3, 3):
            for r0 in range(size):
                name = {rows[r0][c]: k + 1 for k, c in enumerate(cols)}
                written = [[name[row[c]] for c in cols] for row in rows]
                band = r0 // 3
                first = [
                    written[r0],
                    *sorted(
                        written[r] for r in range(band * 3, band * 3 + 3) if r != r0
                    ),
                ]
                others = sorted(
                    sorted(written[r] for r in range(b * 3, b * 3 + 3))
                    for b in range(3)
                    if b != band
                )
                image = [v for row in first + others[0] + others[1] for v in row]
                if best is None or image < best:
                    best = image
    assert best is not None
    return best


def moved(
    values: Sequence[int], size: int, box: tuple[int, int], rng: random.Random
) -> list[int]:
    """``values`` after a random move: relabelled, lines and blocks shuffled, maybe transposed."""
    rows_in_band, cols_in_stack = box
    rows = (
        rng.choice(line_orders(rows_in_band, size // rows_in_band))
        if size <= 9
        else None
    )
    cols = (
        rng.choice(line_orders(cols_in_stack, size // cols_in_stack))
        if size <= 9
        else None
    )
    if rows is None or cols is None:
        rows = shuffled_lines(rows_in_band, size // rows_in_band, rng)
        cols = shuffled_lines(cols_in_stack, size // cols_in_stack, rng)
    names = list(range(1, size + 1))
    rng.shuffle(names)
    grid = list(values)
    if rows_in_band == cols_in_stack and rng.random() < 0.5:
        grid = [grid[c * size + r] for r in range(size) for c in range(size)]
    return [
        names[grid[r * size + c] - 1] if grid[r * size + c] else 0
        for r in rows
        for c in cols
    ]


def shuffled_lines(block: int, blocks: int, rng: random.Random) -> list[int]:
    outer = rng.sample(range(blocks), blocks)
    return [b * block + i for b in outer for i in rng.sample(range(block), block)]


def as_text(grid: object) -> str:
    """A grid that came back as a string (what these tests give)."""
    assert isinstance(grid, str)
    return grid


def text(values: Sequence[int], alphabet: str = "123456789") -> str:
    return "".join(("." + alphabet)[v] for v in values)


def random_puzzle(
    size: int, box: tuple[int, int], clues: int, rng: random.Random
) -> list[int]:
    """A conflict-free puzzle: ``clues`` cells of a random filled grid."""
    solution = as_text(
        next(
            iter(sudoku.solutions("." * size * size, box=box, alphabet=ALPHABETS[size]))
        )
    )
    values = [ALPHABETS[size].index(ch) + 1 for ch in solution]
    values = moved(values, size, box, rng)
    keep = set(rng.sample(range(size * size), clues))
    return [v if k in keep else 0 for k, v in enumerate(values)]


ALPHABETS = {4: "1234", 6: "123456", 9: "123456789", 16: "123456789ABCDEFG"}


def canonical_values(
    values: Sequence[int], size: int, box: tuple[int, int]
) -> list[int]:
    alphabet = ALPHABETS[size]
    answer = canonical(text(values, alphabet), alphabet=alphabet, box=box)
    assert isinstance(answer, str)
    return [0 if ch == "." else alphabet.index(ch) + 1 for ch in answer]


# -- against brute force on small grids ------------------------------------------------


def small_grids(size: int, box: tuple[int, int]) -> st.SearchStrategy[list[int]]:
    """Conflict-free grids: random givens placed one by one where they fit."""

    @st.composite
    def build(draw: st.DrawFn) -> list[int]:
        rng = random.Random(draw(st.integers(0, 2**32)))
        values = [0] * (size * size)
        if draw(st.booleans()):
            return random_puzzle(size, box, draw(st.integers(0, size * size)), rng)
        for _ in range(draw(st.integers(0, size * size))):
            cell = rng.randrange(size * size)
            v = rng.randrange(1, size + 1)
            values[cell] = 0
            r, c = divmod(cell, size)
            b = (r // box[0], c // box[1])
            if all(
                values[k] != v
                for k in range(size * size)
                if k // size == r
                or k % size == c
                or ((k // size) // box[0], (k % size) // box[1]) == b
            ):
                values[cell] = v
        return values

    return build()


@settings(max_examples=200, deadline=None)
@given(small_grids(4, (2, 2)))
def test_4x4_canonical_is_the_least_image(values: list[int]) -> None:
    assert canonical_values(values, 4, (2, 2)) == brute_minlex(values, 4, (2, 2))


@settings(max_examples=40, deadline=None)
@given(small_grids(6, (2, 3)))
def test_6x6_canonical_is_the_least_image(values: list[int]) -> None:
    # Boxes of 2 rows by 3 columns: no transposition.
    assert canonical_values(values, 6, (2, 3)) == brute_minlex(values, 6, (2, 3))


def test_every_4x4_grid_is_one_of_two() -> None:
    grids = [as_text(grid) for grid in sudoku.solutions("." * 16)]
    assert len(grids) == 288
    forms = {as_text(canonical(grid)) for grid in grids}
    assert len(forms) == 2
    assert forms == {
        text(brute_minlex([int(ch) for ch in grid], 4, (2, 2))) for grid in grids
    }


# -- 9x9 and 16x16 -------------------------------------------------------------------


def least_grid() -> list[int]:
    """The lexicographically least filled 9x9 grid, by backtracking in order."""
    values = [0] * 81

    def fits(cell: int, v: int) -> bool:
        r, c = divmod(cell, 9)
        for k in range(cell):
            kr, kc = divmod(k, 9)
            if values[k] == v and (
                kr == r or kc == c or (kr // 3, kc // 3) == (r // 3, c // 3)
            ):
                return False
        return True

    def fill(cell: int) -> bool:
        if cell == 81:
            return True
        for v in range(1, 10):
            if fits(cell, v):
                values[cell] = v
                if fill(cell + 1):
                    return True
        values[cell] = 0
        return False

    assert fill(0)
    return values


def test_the_least_grid_is_canonical_and_every_move_of_it_comes_back() -> None:
    least = least_grid()
    rng = random.Random(1)
    assert canonical_values(least, 9, (3, 3)) == least
    for _ in range(5):
        assert canonical_values(moved(least, 9, (3, 3), rng), 9, (3, 3)) == least


def filled_grids(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    grids = []
    for line in (as_text(sudoku.solve(p)) for p in NINE[:count]):
        values = [int(ch) for ch in line]
        grids.append(moved(values, 9, (3, 3), rng))
    return grids


NINE = [
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
]


@pytest.mark.parametrize("values", filled_grids(2, 7), ids=["first", "second"])
def test_filled_9x9_against_an_independent_minlex(values: list[int]) -> None:
    assert canonical_values(values, 9, (3, 3)) == filled_minlex(values)


@pytest.mark.parametrize("puzzle", NINE)
def test_9x9_puzzles_are_canonical_under_random_moves(puzzle: str) -> None:
    rng = random.Random(puzzle)
    values = [0 if ch == "." else int(ch) for ch in puzzle]
    form = canonical_values(values, 9, (3, 3))
    assert sum(map(bool, form)) == sum(map(bool, values))
    assert canonical_values(form, 9, (3, 3)) == form
    for _ in range(4):
        image = moved(values, 9, (3, 3), rng)
        assert canonical_values(image, 9, (3, 3)) == form
        assert relabelled(image) >= form
    assert sudoku.count(text(form)) == sudoku.count(puzzle)


def test_16x16_puzzles_are_canonical_under_random_moves() -> None:
    rng = random.Random(16)
    alphabet = ALPHABETS[16]
    puzzle = random_puzzle(16, (4, 4), 90, rng)
    form = canonical_values(puzzle, 16, (4, 4))
    for _ in range(2):
        assert canonical_values(moved(puzzle, 16, (4, 4), rng), 16, (4, 4)) == form
    assert equivalent(text(puzzle, alphabet), text(form, alphabet), alphabet=alphabet)


def test_empty_and_filled_grids() -> None:
    assert canonical("." * 81) == "." * 81
    assert canonical("." * 256) == "." * 256


# -- equivalence, the representation, errors --------------------------------------------


def test_equivalent_compares_places_not_names() -> None:
    forms = sorted({as_text(canonical(grid)) for grid in sudoku.solutions("." * 16)})
    a, b = forms
    assert equivalent(a, a.translate(str.maketrans("1234", "DCBA")))
    assert not equivalent(a, b)
    assert not equivalent("." * 16, "." * 81)
    assert equivalent("1" + "." * 35, "." * 35 + "1", box=(2, 3))
    # Two givens in a row, and in a column: one transposition apart, which
    # square boxes allow and boxes of 2 rows by 3 columns do not.
    in_a_row = "12" + "." * 79
    in_a_column = "1" + "." * 8 + "2" + "." * 71
    assert equivalent(in_a_row, in_a_column)
    assert not equivalent(in_a_row[:36], in_a_column[:6] + "2" + "." * 29, box=(2, 3))


def test_canonical_keeps_the_representation() -> None:
    assert canonical([[0, 0, 3, 0], [0] * 4, [0] * 4, [2, 0, 0, 0]]) == [
        [0, 0, 0, 0],
        [0, 0, 0, 1],
        [0, 0, 0, 0],
        [0, 2, 0, 0],
    ]
    assert canonical("D...\n....\n....\n...A\n", alphabet="ABCD") == (
        "....\n...A\n....\n.B..\n"
    )


def test_a_conflict_is_refused_naming_it() -> None:
    with pytest.raises(sudoku.ConflictError, match="symbol '1' twice in row 1"):
        canonical("1..1" + "." * 12)
    with pytest.raises(sudoku.GridSizeError):
        canonical("." * 15)


# -- the moves as a group -----------------------------------------------------------------


def test_the_4x4_grids_are_two_up_to_the_moves() -> None:
    problem = grid_cover(4)
    group = transformations(4)
    assert len(group.on(problem)) == 3072  # 4! x (2 x 2 x 2)^2 x 2
    assert problem.count() == 288
    assert problem.count(symmetry=group) == 2
    assert problem.count(symmetry=group, method="memo") == 2


def test_rectangular_boxes_have_no_transposition() -> None:
    group = transformations(6, box=(2, 3))
    problem = grid_cover(6, box=(2, 3))
    for generator in group.generators:
        # rows stay rows, columns columns
        assert all(
            isinstance(a, tuple) and isinstance(b, tuple) and a[0] == b[0]
            for a, b in generator.items()
        )
    # values: a swap and a cycle; rows in a band: a swap; bands: both;
    # columns in a stack: both; stacks: a swap.
    assert len(group.generators) == 2 + 1 + 2 + 2 + 1
    # 6! x 48 x 72 moves: more than a search up to symmetry lists.
    with pytest.raises(SymmetryError, match="more than 100,000 elements"):
        problem.count(symmetry=group)


def test_a_box_that_does_not_fit_is_refused() -> None:
    with pytest.raises(sudoku.BoxShapeError):
        transformations(6, box=(4, 2))
