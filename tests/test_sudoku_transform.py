"""Sudoku grids up to the moves that keep them valid (:mod:`sudoku.transform`).

The canonical form is checked against a brute-force minlex over every
move on 4x4 and 6x6 grids, against an independent minlex of filled 9x9
grids (every orientation, first row and column order, the rows then
sorted), against the least 9x9 grid of all, and by its invariance under
random moves of 9x9 to 36x36 grids.  It is also checked against the
search that made it before issue 42, kept at the end of this file as an
oracle: a breadth-first search that keeps every tie (exact, but slow and
greedy of memory on grids with many automorphisms), on random puzzles
and filled grids of every size up to 9x9, on grids with automorphisms
(the regular grids, and puzzles cut from them symmetrically) and, among
the slow tests, on the regular 16x16 and 25x25 grids.  The budget, the
progress reports and Ctrl-C are checked on a clock that goes on a second
each time it is read.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sudoku_helpers import local_lines

import sudoku
import sudoku.transform as transform_module
from dlx import BudgetExceeded, Outcome, Progress
from dlx.symmetry import SymmetryError
from sudoku.grid import Grid
from sudoku.transform import (
    CanonicalInterrupted,
    canonical,
    equivalent,
    grid_cover,
    transformations,
)

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


ALPHABETS = {
    4: "1234",
    6: "123456",
    8: "12345678",
    9: "123456789",
    16: "123456789ABCDEFG",
}


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
    with pytest.raises(SymmetryError, match="100,000"):
        problem.count(symmetry=group)


def test_a_box_that_does_not_fit_is_refused() -> None:
    with pytest.raises(sudoku.BoxShapeError):
        transformations(6, box=(4, 2))


# -- against the breadth-first search of before issue 42 -------------------------------


def grid_of(values: Sequence[int], size: int, box: tuple[int, int]) -> Grid:
    """``values`` (row by row, 0 for a blank) as a parsed grid of ints."""
    return Grid.parse(
        [list(values[r * size : (r + 1) * size]) for r in range(size)], box=box
    )


def oracle(values: Sequence[int], size: int, box: tuple[int, int]) -> list[int]:
    """The minlex form by the breadth-first search (the end of this file)."""
    return breadth_first(grid_of(values, size, box))


def regular(n: int) -> list[int]:
    """The regular N x N grid (N = n²): row r holds (n (r mod n) + r div n + c) mod N."""
    size = n * n
    return [
        (n * (r % n) + r // n + c) % size + 1 for r in range(size) for c in range(size)
    ]


def random_filled(size: int, box: tuple[int, int], rng: random.Random) -> list[int]:
    """A filled grid of any class: the solution of a random first row and a few givens."""
    alphabet = ALPHABETS[size]
    while True:
        values = [0] * (size * size)
        values[:size] = rng.sample(range(1, size + 1), size)
        for _ in range(size // 2):
            cell = rng.randrange(size, size * size)
            values[cell] = rng.randrange(1, size + 1)
        try:
            solved = as_text(
                sudoku.solve(text(values, alphabet), box=box, alphabet=alphabet)
            )
        except sudoku.SudokuError:  # a conflict, or no solution: draw again
            continue
        return [alphabet.index(ch) + 1 for ch in solved]


def cut(
    values: Sequence[int], size: int, keep: float, how: int, rng: random.Random
) -> list[int]:
    """A puzzle from ``values``: each cell kept with chance ``keep``.

    ``how``: 0 at random, 1 with the half-turn symmetry of the cells kept,
    2 with the mirror symmetry (left to right).
    """
    kept = [rng.random() < keep for _ in range(size * size)]
    for k in range(size * size):
        if not kept[k] and how == 1:
            kept[size * size - 1 - k] = False
        if not kept[k] and how == 2:
            kept[(k // size) * size + size - 1 - k % size] = False
    return [v if kept[k] else 0 for k, v in enumerate(values)]


SHAPES = [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (8, (4, 2)), (9, (3, 3))]


@st.composite
def any_grids(draw: st.DrawFn) -> tuple[list[int], int, tuple[int, int]]:
    """A grid or puzzle of a shape of :data:`SHAPES`, filled at random or regular."""
    size, box = draw(st.sampled_from(SHAPES))
    rng = random.Random(draw(st.integers(0, 2**32)))
    if size in (4, 9) and draw(st.booleans()):
        values = regular(box[0])
        if draw(st.booleans()):
            values = moved(values, size, box, rng)
    else:
        values = random_filled(size, box, rng)
    keep = draw(st.sampled_from([1.0, 0.9, 0.6, 0.4, 0.25, 0.1, 0.03]))
    return cut(values, size, keep, draw(st.integers(0, 2)), rng), size, box


@settings(max_examples=60, deadline=None)
@given(any_grids())
def test_canonical_is_what_the_breadth_first_search_found(
    case: tuple[list[int], int, tuple[int, int]],
) -> None:
    values, size, box = case
    assert canonical_values(values, size, box) == oracle(values, size, box)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(any_grids())
def test_many_grids_against_the_breadth_first_search(
    case: tuple[list[int], int, tuple[int, int]],
) -> None:
    values, size, box = case
    assert canonical_values(values, size, box) == oracle(values, size, box)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "count", "solved"),
    [
        ("sudoku9_norvig_top95.txt", 95, False),
        ("sudoku9_norvig_top95.txt", 95, True),
        ("sudoku16_gecode_janko55.txt", 55, False),
        ("sudoku16_gecode_janko55.txt", 10, True),
        ("sudoku25_gecode_frisch18.txt", 18, False),
    ],
)
def test_the_data_sets_against_the_breadth_first_search(
    name: str, count: int, solved: bool
) -> None:
    for line in local_lines(name, count):
        given = as_text(sudoku.solve(line)) if solved else line
        grid = Grid.parse(given)
        assert canonical(given) == grid.render(breadth_first(grid))


def few_givens(count: int, seed: int) -> list[tuple[list[int], int, tuple[int, int]]]:
    """Puzzles of 2 to 6 givens (half of them placed with the half-turn symmetry).

    The many blank lines tie, the automorphisms are many (two blank rows
    of a band swap, as do blank bands): the cases where going back to
    where two leaves part, and skipping what an automorphism makes of a
    child searched, matter most.
    """
    rng = random.Random(seed)
    puzzles = []
    for k in range(count):
        size, box = SHAPES[k % len(SHAPES)]
        values = random_filled(size, box, rng)
        cells = set(rng.sample(range(size * size), rng.randrange(2, 7)))
        if k % 2:
            cells |= {size * size - 1 - cell for cell in cells}
        puzzles.append(
            ([v if c in cells else 0 for c, v in enumerate(values)], size, box)
        )
    return puzzles


@pytest.mark.parametrize("case", few_givens(120, 42))
def test_puzzles_of_few_givens_against_the_breadth_first_search(
    case: tuple[list[int], int, tuple[int, int]],
) -> None:
    values, size, box = case
    assert canonical_values(values, size, box) == oracle(values, size, box)


def two_givens(size: int, box: tuple[int, int]) -> Iterator[list[int]]:
    """Every puzzle of two givens with a 1 in the middle of the second band's last box.

    A 1 or a 2 anywhere else it fits.  Every puzzle of two givens is
    equivalent to one of these, and their first given is where the
    search meets it late (with the first in the corner, going back past
    where two leaves part, to the first row, still finds every form).
    """
    rows_in_band, cols_in_stack = box
    first = (rows_in_band + rows_in_band // 2) * size + size - 1 - cols_in_stack // 2
    r0, c0 = divmod(first, size)
    for cell in range(size * size):
        r, c = divmod(cell, size)
        same_box = (r // rows_in_band, c // cols_in_stack) == (
            r0 // rows_in_band,
            c0 // cols_in_stack,
        )
        for symbol in (1, 2):
            if cell == first or (symbol == 1 and (r == r0 or c == c0 or same_box)):
                continue
            values = [0] * (size * size)
            values[first], values[cell] = 1, symbol
            yield values


@pytest.mark.parametrize(("size", "box"), [(9, (3, 3)), (8, (2, 4)), (8, (4, 2))])
def test_every_puzzle_of_two_givens_against_the_breadth_first_search(
    size: int, box: tuple[int, int]
) -> None:
    """Blank lines tie everywhere: leaves meet often, and their paths part high."""
    for values in two_givens(size, box):
        assert canonical_values(values, size, box) == oracle(values, size, box)


@pytest.mark.parametrize("puzzle", NINE)
def test_9x9_puzzles_and_their_solutions_against_the_breadth_first_search(
    puzzle: str,
) -> None:
    for grid in (puzzle, as_text(sudoku.solve(puzzle))):
        values = [0 if ch == "." else int(ch) for ch in grid]
        assert canonical_values(values, 9, (3, 3)) == oracle(values, 9, (3, 3))


@pytest.mark.parametrize("n", [2, 3])
def test_regular_grids_and_puzzles_cut_from_them(n: int) -> None:
    # Grids with many automorphisms: the search prunes with them.
    size, box = n * n, (n, n)
    rng = random.Random(n)
    grids = [regular(n), moved(regular(n), size, box, rng)]
    grids += [
        cut(regular(n), size, keep, how, rng) for keep in (0.7, 0.4) for how in (1, 2)
    ]
    for values in grids:
        assert canonical_values(values, size, box) == oracle(values, size, box)


def form_of(values: Sequence[int], size: int) -> list[int]:
    """The canonical values of a grid of ints (any size)."""
    rows = canonical([list(values[r * size : (r + 1) * size]) for r in range(size)])
    assert isinstance(rows, list)
    return [v for row in rows for v in row]


@pytest.mark.slow
@pytest.mark.parametrize("which", ["regular 16x16", "first 16x16", "regular 25x25"])
def test_big_regular_grids_against_the_breadth_first_search(which: str) -> None:
    """The oracle takes 10 s to a minute and 250 MB on each; the search, a second."""
    if which == "first 16x16":  # the first solution of an empty grid
        values = list(Grid.parse(as_text(sudoku.solve("." * 256))).values)
    else:
        values = regular(4 if "16" in which else 5)
    size = 16 if "16" in which else 25
    box = (4, 4) if size == 16 else (5, 5)
    assert form_of(values, size) == oracle(values, size, box)


@pytest.mark.parametrize("n", [4, 5])
def test_regular_16x16_and_25x25_come_back_under_moves(n: int) -> None:
    size, box = n * n, (n, n)
    rng = random.Random(size)
    form = form_of(regular(n), size)
    assert form[:size] == list(range(1, size + 1))
    for _ in range(2):
        assert form_of(moved(regular(n), size, box, rng), size) == form


@pytest.mark.slow
def test_regular_36x36_comes_back_under_moves() -> None:
    """The grid that took the breadth-first search past 2 minutes and 2.3 GB."""
    size, box = 36, (6, 6)
    rng = random.Random(36)
    form = form_of(regular(6), size)
    assert form[:size] == list(range(1, size + 1))
    assert form_of(moved(regular(6), size, box, rng), size) == form
    assert equivalent(
        [regular(6)[r * size : (r + 1) * size] for r in range(size)],
        [form[r * size : (r + 1) * size] for r in range(size)],
    )


@settings(max_examples=25, deadline=None)
@given(any_grids(), st.integers(0, 2), st.integers(0, 2**32))
def test_equivalent_is_equality_of_canonical_forms(
    case: tuple[list[int], int, tuple[int, int]], change: int, seed: int
) -> None:
    """``equivalent`` stops early (it searches the second grid for the first's form only)."""
    values, size, box = case
    rng = random.Random(seed)
    other = moved(values, size, box, rng)
    if change == 1:  # one given fewer
        givens = [k for k, v in enumerate(other) if v]
        if givens:
            other[rng.choice(givens)] = 0
    elif change == 2:  # another grid of the shape
        other = cut(random_filled(size, box, rng), size, 0.5, 0, rng)
    alphabet = ALPHABETS[size]
    a, b = text(values, alphabet), text(other, alphabet)
    same = canonical(a, alphabet=alphabet, box=box) == canonical(
        b, alphabet=alphabet, box=box
    )
    assert equivalent(a, b, alphabet=alphabet, box=box) == same
    assert equivalent(b, a, alphabet=alphabet, box=box) == same
    if change == 0:
        assert same


# -- the budget, the progress reports, Ctrl-C -------------------------------------------


class FakeClock:
    """A clock that goes on a second each time it is read."""

    def __init__(self) -> None:
        self.reads = 0

    def perf_counter(self) -> float:
        self.reads += 1
        return float(self.reads)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """The fake clock, in place of :mod:`time` for :mod:`sudoku.transform`."""
    fake = FakeClock()
    monkeypatch.setattr(transform_module, "time", fake)
    return fake


def regular_text(n: int) -> str:
    """The regular grid as a string (n up to 5)."""
    alphabet = "123456789ABCDEFGHIJKLMNOP"[: n * n]
    return "".join(alphabet[v - 1] for v in regular(n))


def test_a_timeout_stops_the_search_saying_how_far_it_got(clock: FakeClock) -> None:
    with pytest.raises(sudoku.BudgetError) as caught:
        canonical(regular_text(5), timeout=5)
    stop = caught.value
    assert isinstance(stop, BudgetExceeded) and isinstance(stop, sudoku.SudokuError)
    assert stop.outcome is Outcome.OUT_OF_TIME
    message = str(stop)
    assert message.startswith(
        "canonical form of a 25x25 grid: search stopped after 5 s "
        "(time budget of 5 s used up), "
    )
    assert " of 25 rows on its current path, " in message and "% done" in message
    # The clock was read at the start and at the search's 1st, 65th, 129th...
    # steps: five seconds are 4 x 64 steps.
    assert clock.reads == 6
    assert 0 < stop.stats.nodes <= 4 * 64 + 1
    assert f"{stop.stats.nodes:,} nodes" in message


def test_a_timeout_of_nothing_stops_at_the_first_step() -> None:
    with pytest.raises(
        sudoku.BudgetError, match=r"0 of 16 rows .* 0 nodes, about 0 % done"
    ):
        canonical(regular_text(4), timeout=0)


def test_no_budget_reads_no_clock(clock: FakeClock) -> None:
    canonical(regular_text(4))
    assert clock.reads == 1  # the start only


def test_the_progress_reports(clock: FakeClock) -> None:
    reports: list[Progress] = []
    form = canonical(regular_text(5), progress=reports.append)
    # A report at every reading of the clock (a second apart) but the start.
    assert len(reports) == clock.reads - 1 > 3
    assert form == canonical(regular_text(5))
    fractions = [report.fraction for report in reports]
    assert fractions == sorted(fractions) and fractions[0] >= 0 and fractions[-1] <= 1
    for before, after in itertools.pairwise(reports):
        assert after.elapsed == before.elapsed + 1
        assert after.nodes >= before.nodes and after.updates >= before.updates
        assert after.solutions >= before.solutions
    for report in reports:
        assert isinstance(report, Progress) and 0 <= report.depth <= 25
        # Each reading of the clock is 64 steps after the one before.
        assert report.nodes <= 64 * (report.elapsed + 1)
        assert report.remaining is None or report.remaining >= 0
    assert reports[-1].solutions > 1  # the regular grid has automorphisms


def test_ctrl_c_stops_cleanly_saying_how_far_it_got(clock: FakeClock) -> None:
    reports: list[Progress] = []

    def interrupt(report: Progress) -> None:
        reports.append(report)
        if len(reports) == 3:
            raise KeyboardInterrupt

    with pytest.raises(CanonicalInterrupted) as caught:
        canonical(regular_text(5), progress=interrupt)
    stop = caught.value
    assert isinstance(stop, KeyboardInterrupt)
    assert stop.outcome is Outcome.INTERRUPTED
    assert stop.stats.nodes == reports[-1].nodes
    assert str(stop).startswith(
        "canonical form of a 25x25 grid: search interrupted after "
    )
    assert f"{stop.stats.nodes:,} nodes" in str(stop)


def test_equivalent_has_one_budget_for_both_grids(clock: FakeClock) -> None:
    first, second = regular_text(5), regular_text(5)[::-1]  # turned half round
    canonical(first, timeout=1e9)
    alone = clock.reads  # the start, and the first grid's search
    clock.reads = 0
    assert equivalent(first, second, timeout=1e9)
    assert clock.reads > alone  # the second grid's search read it too
    with pytest.raises(sudoku.BudgetError, match="canonical form of the first 25x25"):
        equivalent(first, second, timeout=2)
    # The first search ends before the clock says ``alone`` seconds.
    with pytest.raises(sudoku.BudgetError, match="the second 25x25 grid, against"):
        equivalent(first, second, timeout=alone)
    reports: list[Progress] = []
    equivalent(first, second, progress=reports.append)
    halves = [report.fraction < 0.5 for report in reports]
    assert halves[0] and not halves[-1] and halves == sorted(halves, reverse=True)


@pytest.mark.parametrize("timeout", [-1, "5", True, float("nan")])
def test_a_timeout_that_is_no_number_of_seconds_is_refused(timeout: object) -> None:
    with pytest.raises(sudoku.SudokuError, match="timeout="):
        canonical("." * 16, timeout=timeout)  # type: ignore[arg-type]
    with pytest.raises(sudoku.SudokuError, match="timeout="):
        equivalent("." * 16, "." * 16, timeout=timeout)  # type: ignore[arg-type]


# -- the oracle: the search of before issue 42 --------------------------------------
#
# sudoku.transform's search as it was before issue 42 (budgets): breadth
# first, it kept every partial answer that tied for the least rows so far,
# row after row.  Exact, and quick on most grids, but its frontier holds
# every tie: the regular 25x25 grid took it 20 to 50 s and 235 MB, the
# regular 36x36 more than 2 minutes and 2.3 GB.  Copied as it was (names
# aside), with what it needs; the canonical form must not change.

#: The key of a symbol met for the first time: after every label.
OLD_NEW = 1 << 30

#: Columns that move together: the m-th of each run of a cell goes to the
#: same offset in its run.
OldMember = tuple[int, ...]

#: Each row's, column's and band's kind: the first of those with its contents.
OldKinds = tuple[list[int], list[int], list[int]]


class OldState:
    """One way of building the answer so far: rows and columns placed, labels given.

    Columns that no row has told apart yet share a *cell*: runs of free
    places of the answer, all of one length, and members that fill them,
    each member a column per run that go to the same offset in their runs
    (one column per member, until a row ties columns of two cells).  A
    symbol first met in a cell is *pending*: its label is ``base + p``
    where ``p`` is the place its column ends up at.
    """

    __slots__ = (
        "band_rows",
        "bands",
        "cells",
        "col_at",
        "label",
        "next_id",
        "next_label",
        "pending",
        "where",
    )

    band_rows: tuple[int, ...]  # the rows left in the band being placed
    bands: frozenset[int]  # the bands not yet begun
    col_at: list[int]  # the source column at each place, -1 while free
    cells: dict[
        int, tuple[tuple[int, ...], int, tuple[OldMember, ...]]
    ]  # runs, length, members
    where: list[tuple[int, OldMember] | None]  # each free column's cell and member
    label: list[int]  # each symbol's label, 0 while none
    next_label: int
    next_id: int
    pending: dict[int, tuple[int, int]]  # symbol: its column, base

    def copy(self) -> OldState:
        new = OldState.__new__(OldState)
        new.band_rows = self.band_rows
        new.bands = self.bands
        new.col_at = self.col_at[:]
        new.cells = dict(self.cells)
        new.where = self.where[:]
        new.label = self.label[:]
        new.next_label = self.next_label
        new.next_id = self.next_id
        new.pending = dict(self.pending)
        return new

    def key(self, kinds: OldKinds) -> Hashable:
        """What decides the rest of the answer (states with one key are one).

        Lines are named by their contents (``kinds``): two blank rows, or
        two blank columns, have the same future wherever they are.
        """
        row, col, band = kinds
        return (
            tuple(sorted([row[r] for r in self.band_rows])),
            tuple(sorted([band[b] for b in self.bands])),
            tuple([-1 if c < 0 else col[c] for c in self.col_at]),
            tuple(
                sorted(
                    (runs, tuple(sorted(tuple([col[c] for c in m]) for m in members)))
                    for runs, _, members in self.cells.values()
                )
            ),
            tuple(self.label),
            tuple(sorted((s, col[c], base) for s, (c, base) in self.pending.items())),
        )

    def run_at(self, place: int) -> tuple[int, int]:
        """The cell, and the run in it, whose free places begin at ``place``."""
        for cid, (runs, _, _) in self.cells.items():
            for r, lo in enumerate(runs):
                if lo == place:
                    return cid, r
        raise AssertionError(f"no run begins at place {place}")

    def pin(self, cid: int, member: OldMember) -> None:
        """Put ``member``'s columns at the first free place of each run of its cell."""
        runs, length, members = self.cells[cid]
        label = self.label
        pending = self.pending
        for column, at in zip(member, runs, strict=True):
            self.col_at[at] = column
            self.where[column] = None
            for symbol, (col, base) in list(pending.items()):
                if col == column:
                    label[symbol] = base + at
                    del pending[symbol]
        if length == 1:
            del self.cells[cid]
        else:
            rest = tuple([m for m in members if m != member])
            self.cells[cid] = (tuple([lo + 1 for lo in runs]), length - 1, rest)

    def settle(self, symbol: int) -> int:
        """The label of a pending ``symbol``: its column goes to the first free place."""
        column, _ = self.pending[symbol]
        found = self.where[column]
        assert found is not None
        self.pin(*found)
        return self.label[symbol]

    def split(self, cid: int, chosen: Sequence[OldMember]) -> None:
        """Make ``chosen`` a cell of its own, in the first places of each run."""
        runs, length, members = self.cells[cid]
        k = len(chosen)
        if k == length:
            return
        new = self.next_id
        self.next_id += 1
        self.cells[new] = (runs, k, tuple(chosen))
        for m in chosen:
            for c in m:
                self.where[c] = (new, m)
        rest = tuple([m for m in members if m not in chosen])
        self.cells[cid] = (tuple([lo + k for lo in runs]), length - k, rest)

    def couple(
        self,
        cid: int,
        chosen: Sequence[OldMember],
        xid: int,
        partners: Sequence[OldMember],
    ) -> None:
        """Tie ``chosen[i]`` to ``partners[i]`` (of cell ``xid``): one member, in the first places."""
        k = len(chosen)
        runs, length, members = self.cells[cid]
        x_runs, x_length, x_members = self.cells[xid]
        new = self.next_id
        self.next_id += 1
        merged = tuple([a + b for a, b in zip(chosen, partners, strict=True)])
        self.cells[new] = (runs + x_runs, k, merged)
        for m in merged:
            for c in m:
                self.where[c] = (new, m)
        for old, old_runs, old_length, old_members, taken in (
            (cid, runs, length, members, chosen),
            (xid, x_runs, x_length, x_members, partners),
        ):
            if old_length == k:
                del self.cells[old]
            else:
                rest = tuple([m for m in old_members if m not in taken])
                self.cells[old] = (
                    tuple([lo + k for lo in old_runs]),
                    old_length - k,
                    rest,
                )


def old_kinds(
    rows: Sequence[Sequence[int]], rows_in_band: int, n_bands: int
) -> OldKinds:
    """Name each row, column and band by the first one with the same contents."""
    size = len(rows)

    def first(contents: list[Hashable]) -> list[int]:
        seen: dict[Hashable, int] = {}
        return [seen.setdefault(line, k) for k, line in enumerate(contents)]

    row = first([tuple(line) for line in rows])
    col = first([tuple(line[c] for line in rows) for c in range(size)])
    band = first(
        [
            tuple(
                sorted(row[r] for r in range(b * rows_in_band, (b + 1) * rows_in_band))
            )
            for b in range(n_bands)
        ]
    )
    return row, col, band


def breadth_first(grid: Grid) -> list[int]:
    """The canonical values of a conflict-free ``grid`` (see :func:`canonical`)."""
    size = grid.size
    rows_in_band, cols_in_stack = grid.box
    values = grid.values
    orientations = [[values[r * size : (r + 1) * size] for r in range(size)]]
    if rows_in_band == cols_in_stack:
        orientations.append([values[c::size] for c in range(size)])
    n_bands = size // rows_in_band
    n_stacks = size // cols_in_stack
    best: list[int] = []
    for rows in orientations:
        # Lines with the same contents (blank ones) are one line to the search.
        kinds = old_kinds(rows, rows_in_band, n_bands)
        row_kind, col_kind, band_kind = kinds
        stack_kind = [
            tuple(
                sorted(
                    col_kind[c]
                    for c in range(s * cols_in_stack, (s + 1) * cols_in_stack)
                )
            )
            for s in range(n_stacks)
        ]
        # Each orientation and order of the stacks is a search of its own:
        # the stacks' order is the one choice a cell cannot defer.
        orders: dict[tuple[tuple[int, ...], ...], tuple[int, ...]] = {}
        for order in itertools.permutations(range(n_stacks)):
            orders.setdefault(tuple([stack_kind[s] for s in order]), order)
        states: list[OldState] = []
        for order in orders.values():
            state = OldState()
            state.band_rows = ()
            state.bands = frozenset(range(n_bands))
            state.col_at = [-1] * size
            state.cells = {}
            state.where = [None] * size
            for s, source in enumerate(order):
                members = tuple(
                    (c,)
                    for c in range(source * cols_in_stack, (source + 1) * cols_in_stack)
                )
                state.cells[s] = ((s * cols_in_stack,), cols_in_stack, members)
                for m in members:
                    state.where[m[0]] = (s, m)
            state.next_id = n_stacks
            state.label = [0] * (size + 1)
            state.next_label = 1
            state.pending = {}
            states.append(state)
        answer: list[int] = []
        for _ in range(size):
            row_best: list[int] | None = None
            kept: dict[Hashable, OldState] = {}
            for state in states:
                choices: dict[
                    tuple[int, int], tuple[int, tuple[int, ...], frozenset[int]]
                ] = {}
                if state.band_rows:
                    for r in state.band_rows:
                        choices.setdefault(
                            (-1, row_kind[r]), (r, state.band_rows, state.bands)
                        )
                else:
                    for band in sorted(state.bands):
                        in_band = tuple(
                            range(band * rows_in_band, (band + 1) * rows_in_band)
                        )
                        rest = state.bands - {band}
                        for r in in_band:
                            choices.setdefault(
                                (band_kind[band], row_kind[r]), (r, in_band, rest)
                            )
                for r, band_rows, bands in choices.values():
                    for row, after in old_place_row(state, rows[r], row_best):
                        if row_best is None or row < row_best:
                            row_best = row
                            kept = {}
                        elif row > row_best:
                            continue
                        after.band_rows = tuple([m for m in band_rows if m != r])
                        after.bands = bands
                        kept.setdefault(after.key(kinds), after)
            assert row_best is not None
            answer.extend(row_best)
            states = list(kept.values())
            if best and answer > best[: len(answer)]:
                break  # this orientation cannot win
        if not best or answer < best:
            best = answer
    return best


def old_place_row(
    state: OldState, source: Sequence[int], bound: list[int] | None
) -> Iterator[tuple[list[int], OldState]]:
    """The least rows ``source`` can make from ``state``, each with the state after.

    Rows worse than ``bound`` are abandoned as soon as they fall behind;
    ties between columns that cannot wait yield one answer each.
    """
    work: list[tuple[OldState, int, list[int]]] = [(state.copy(), 0, [])]
    size = len(source)
    while work:
        st, j, row = work.pop()
        tight = bound is not None and row == bound[: len(row)]
        label = st.label
        while j < size:
            column = st.col_at[j]
            if column >= 0:
                symbol = source[column]
                if not symbol:
                    value = 0
                elif label[symbol]:
                    value = label[symbol]
                elif symbol in st.pending:
                    value = st.settle(symbol)
                else:
                    value = label[symbol] = st.next_label
                    st.next_label += 1
                row.append(value)
                j += 1
            else:
                cid, ra = st.run_at(j)
                _, _, members = st.cells[cid]
                keys = []
                partner: list[tuple[int, OldMember] | None] = []
                for m in members:
                    symbol = source[m[ra]]
                    found = None
                    if not symbol:
                        key = 0
                    elif label[symbol]:
                        key = label[symbol]
                    elif symbol in st.pending:
                        col, base = st.pending[symbol]
                        found = st.where[col]
                        assert found is not None
                        xid, xm = found
                        lo = st.cells[xid][0][xm.index(col)]
                        # The member chosen here takes the first place of every run.
                        key = base + lo + (1 if xid == cid and xm != m else 0)
                    else:
                        key = OLD_NEW
                    keys.append(key)
                    partner.append(found)
                least = min(keys)
                tied = [m for m, key in zip(members, keys, strict=True) if key == least]
                k = len(tied)
                if least == 0:
                    # The blanks of this cell: their order does not show here.
                    if k == 1:
                        st.pin(cid, tied[0])
                    else:
                        st.split(cid, tied)
                    row.extend([0] * k)
                    j += k
                elif least == OLD_NEW:
                    # New symbols, all the rest: labelled by the places they get.
                    for m in tied:
                        st.pending[source[m[ra]]] = (m[ra], st.next_label - j)
                    row.extend(range(st.next_label, st.next_label + k))
                    st.next_label += k
                    if k == 1:
                        st.pin(cid, tied[0])
                    j += k
                elif k == 1:
                    old_choose(st, cid, tied[0], source[tied[0][ra]])
                    row.append(least)
                    j += 1
                else:
                    found_ = [
                        f for f, key in zip(partner, keys, strict=True) if key == least
                    ]
                    xids = {f[0] for f in found_ if f is not None}
                    if len(found_) == k and None not in found_ and xids != {cid}:
                        # Symbols pending on one run of another cell: the i-th
                        # of these columns goes where the i-th of theirs does.
                        xid = xids.pop()
                        st.couple(
                            cid, tied, xid, [f[1] for f in found_ if f is not None]
                        )
                        row.extend(range(least, least + k))
                        j += k
                    else:
                        for m in tied[1:]:
                            fork = st.copy()
                            old_choose(fork, cid, m, source[m[ra]])
                            work.append((fork, j + 1, [*row, least]))
                        old_choose(st, cid, tied[0], source[tied[0][ra]])
                        row.append(least)
                        j += 1
            if tight:
                assert bound is not None
                n = len(row)
                if row > bound[:n]:
                    break
                tight = row == bound[:n]
        else:
            yield row, st


def old_choose(state: OldState, cid: int, member: OldMember, symbol: int) -> None:
    """Put ``member`` first in its cell and give ``symbol`` (at its column here) its label."""
    state.pin(cid, member)
    if symbol in state.pending:
        state.settle(symbol)
