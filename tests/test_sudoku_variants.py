"""Variants (X-sudoku, windoku) and jigsaw regions, against a brute-force oracle.

The oracle here knows nothing of :mod:`sudoku`: it lists the units of a
grid itself (windows are written out by hand for the sizes tested) and
counts solutions by plain backtracking over the cells.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sudoku
from sudoku import ConflictError, GridSizeError, RegionError, SolutionError

# -- the oracle -------------------------------------------------------------

#: The windows of windoku, as (top, left) of each, 0-based, written out by hand.
WINDOWS = {
    (4, (2, 2)): [(1, 1)],
    (6, (2, 3)): [(1, 1)],
    (9, (3, 3)): [(1, 1), (1, 5), (5, 1), (5, 5)],
}


def oracle_units(
    size: int,
    box: tuple[int, int] | None,
    variant: str = "",
    region_map: Sequence[object] | None = None,
) -> list[list[int]]:
    units = [[r * size + c for c in range(size)] for r in range(size)]
    units += [[r * size + c for r in range(size)] for c in range(size)]
    if region_map is not None:
        for label in dict.fromkeys(region_map):
            units.append([k for k, x in enumerate(region_map) if x == label])
    else:
        assert box is not None
        h, w = box
        for top in range(0, size, h):
            for left in range(0, size, w):
                units.append(
                    [(top + i) * size + left + j for i in range(h) for j in range(w)]
                )
    if "x" in variant.split("+"):
        units.append([k * (size + 1) for k in range(size)])
        units.append([(k + 1) * (size - 1) for k in range(size)])
    if "windoku" in variant.split("+"):
        assert box is not None
        h, w = box
        for top, left in WINDOWS[(size, box)]:
            units.append(
                [(top + i) * size + left + j for i in range(h) for j in range(w)]
            )
    return units


def brute_force(
    values: Sequence[int], size: int, units: list[list[int]], limit: int
) -> list[list[int]]:
    """Up to ``limit`` solutions by backtracking (most constrained cell first)."""
    peers: list[set[int]] = [set() for _ in range(size * size)]
    for unit in units:
        for cell in unit:
            peers[cell].update(unit)
    grid = list(values)
    for cell, v in enumerate(grid):
        if v and any(grid[p] == v for p in peers[cell] if p != cell):
            return []
    found: list[list[int]] = []

    def search() -> None:
        best, best_options = -1, None
        for cell in range(size * size):
            if grid[cell]:
                continue
            used = {grid[p] for p in peers[cell]}
            options = [v for v in range(1, size + 1) if v not in used]
            if best_options is None or len(options) < len(best_options):
                best, best_options = cell, options
                if len(options) <= 1:
                    break
        if best_options is None:
            found.append(list(grid))
            return
        for v in best_options:
            grid[best] = v
            search()
            if len(found) >= limit:
                break
        grid[best] = 0

    search()
    return found


def assert_valid(
    solution: Sequence[int], puzzle: Sequence[int], size: int, units: list[list[int]]
) -> None:
    for cell, (clue, v) in enumerate(zip(puzzle, solution, strict=True)):
        assert 1 <= v <= size, f"cell {cell} holds {v}"
        assert not clue or clue == v, f"given at {cell} changed"
    for unit in units:
        assert sorted(solution[k] for k in unit) == list(range(1, size + 1)), unit


def assert_same(got: list[list[int]], expected: list[list[int]], limit: int) -> None:
    """The same solutions, or (past ``limit``) as many, each valid (checked apart)."""
    if len(expected) < limit:
        assert sorted(got) == sorted(expected)
    else:
        assert len(got) == limit
        assert len({tuple(g) for g in got}) == limit


def flat(grid: object) -> list[int]:
    assert isinstance(grid, list)
    return [v for row in grid for v in row]


def rows_of(values: Sequence[int], size: int) -> list[list[int]]:
    return [list(values[r : r + size]) for r in range(0, size * size, size)]


def random_puzzle(
    rng: random.Random, size: int, units: list[list[int]], keep: float
) -> list[int]:
    """A random sub-grid of a random full solution (all blanks if there is none).

    The full solution comes from the oracle (the first it finds, its
    symbols shuffled); only the givens kept matter to the test.
    """
    first = brute_force([0] * (size * size), size, units, 1)
    if not first:
        return [0] * (size * size)
    order = list(range(1, size + 1))
    rng.shuffle(order)
    relabel = [0, *order]
    return [relabel[v] if rng.random() < keep else 0 for v in first[0]]


CASES = [
    (4, (2, 2), "x"),
    (4, (2, 2), "windoku"),
    (4, (2, 2), "x+windoku"),
    (6, (2, 3), "x"),
    (6, (2, 3), "windoku"),
    # No solution at all: the oracle's exhaustive search takes minutes.
    pytest.param(6, (2, 3), "x+windoku", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("size", "box", "variant"), CASES)
def test_variants_match_brute_force(
    size: int, box: tuple[int, int], variant: str
) -> None:
    rng = random.Random(f"{size}{variant}")
    units = oracle_units(size, box, variant)
    limit = 40
    for trial in range(12):
        puzzle = random_puzzle(rng, size, units, rng.choice([0.25, 0.4, 0.6]))
        if trial % 4 == 3 and size == 4:  # a stray given that may break it
            puzzle[rng.randrange(size * size)] = rng.randint(1, size)
        expected = brute_force(puzzle, size, units, limit)
        grid = rows_of(puzzle, size)
        try:
            got = [
                flat(s) for s in sudoku.solutions(grid, limit, box=box, variant=variant)
            ]
        except ConflictError:
            assert not expected
            continue
        assert_same(got, expected, limit)
        for solution in got:
            assert_valid(solution, puzzle, size, units)
        assert sudoku.count(grid, limit, box=box, variant=variant) == len(expected)
        assert sudoku.is_unique(grid, box=box, variant=variant) == (len(expected) == 1)


def test_known_counts_of_empty_variant_grids() -> None:
    # Independent oracle: brute force over every grid (few enough for 4x4).
    for variant in ("x", "windoku", "x+windoku"):
        units = oracle_units(4, (2, 2), variant)
        expected = len(brute_force([0] * 16, 4, units, 10_000))
        assert sudoku.count("." * 16, variant=variant) == expected
    assert sudoku.count("." * 16) == 288
    assert sudoku.count("." * 16, variant="x") == 48


MAPS = {
    4: ["AABB", "ACBB", "ACDD", "CCDD"],
    5: ["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"],
    6: ["AAABBB", "AACCBB", "DACCBF", "DDCCFF", "DDEEEF", "DEEEFF"],
}


@pytest.mark.parametrize("size", [4, 5, 6])
def test_jigsaw_matches_brute_force(size: int) -> None:
    region_map = "".join(MAPS[size])
    units = oracle_units(size, None, "", region_map)
    assert all(len(u) == size for u in units)
    rng = random.Random(size)
    for trial in range(20):
        # (The 6x6 map has no X-sudoku solution: the oracle would take minutes.)
        variant = "x" if trial % 2 and size < 6 else ""
        units = oracle_units(size, None, variant, region_map)
        puzzle = random_puzzle(rng, size, units, rng.choice([0.2, 0.4, 0.6]))
        expected = brute_force(puzzle, size, units, 30)
        text = "".join(".123456789"[v] for v in puzzle)
        try:
            got = list(
                sudoku.solutions(text, 30, regions=MAPS[size], variant=variant or None)
            )
        except ConflictError:
            assert not expected
            continue
        values = [[int(ch) for ch in str(s)] for s in got]
        assert_same(values, expected, 30)
        for solution in values:
            assert_valid(solution, puzzle, size, units)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    size=st.sampled_from([4, 5]),
    data=st.data(),
)
def test_random_region_maps(size: int, data: st.DataObject) -> None:
    labels = data.draw(st.permutations([k for k in range(size) for _ in range(size)]))
    extra = data.draw(st.sampled_from(["", "x"]))
    units = oracle_units(size, None, extra, labels)
    full = brute_force([0] * (size * size), size, units, 1)
    keep = data.draw(
        st.lists(st.booleans(), min_size=size * size, max_size=size * size)
    )
    puzzle = (
        [v if k else 0 for v, k in zip(full[0], keep, strict=True)]
        if full
        else [0] * (size * size)
    )
    expected = brute_force(puzzle, size, units, 20)
    grid = rows_of(puzzle, size)
    region_rows = rows_of(labels, size)
    got = [
        flat(s)
        for s in sudoku.solutions(grid, 20, regions=region_rows, variant=extra or None)
    ]
    assert_same(got, expected, 20)
    for solution in got:
        assert_valid(solution, puzzle, size, units)


def test_nine_by_nine_variants_solve_and_check() -> None:
    rng = random.Random(9)
    for variant in ("x", "windoku", "x+windoku"):
        units = oracle_units(9, (3, 3), variant)
        full = [int(ch) for ch in sudoku.solve("." * 81, variant=variant)]
        assert_valid(full, [0] * 81, 9, units)
        for _ in range(2):
            puzzle = [v if rng.random() < 0.4 else 0 for v in full]
            text = "".join(".123456789"[v] for v in puzzle)
            answer = sudoku.solve(text, variant=variant)
            assert_valid([int(ch) for ch in answer], puzzle, 9, units)
            sudoku.check(text, answer, variant=variant)
            if sudoku.is_unique(text, variant=variant):
                assert brute_force(puzzle, 9, units, 2) == [list(map(int, answer))]


def test_check_names_the_extra_unit() -> None:
    plain = sudoku.solve("." * 81)
    sudoku.check("." * 81, plain)  # a plain solution ...
    with pytest.raises(SolutionError, match="diagonal"):
        sudoku.check("." * 81, plain, variant="x")  # ... that is no X-sudoku
    with pytest.raises(SolutionError, match=r"window \d \(rows"):
        sudoku.check("." * 81, plain, variant="windoku")


def test_conflicts_name_the_unit() -> None:
    with pytest.raises(ConflictError, match="twice in diagonal 1") as error:
        sudoku.solve("1.........1.....", variant="x")
    assert error.value.unit == "diagonal"
    with pytest.raises(ConflictError, match="twice in window 1") as error:
        sudoku.solve(".....1....1.....", variant="windoku")
    assert error.value.unit == "window"
    with pytest.raises(ConflictError, match="twice in region 'A'") as error:
        sudoku.solve("1....1" + "." * 10, regions=["AABB", "AABB", "CCDD", "CCDD"])
    assert error.value.unit == "region"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variant": "y"}, "unknown variant 'y': the variants are 'x', 'windoku'"),
        ({"variant": 3}, "variant=3 is not a string"),
        (
            {"regions": "AAAABBBBCCCCDDD"},
            "the region map has 15 cells; a 4x4 grid has 16",
        ),
        (
            {"regions": ["AAB", "ABB", "CCC"]},
            "the region map has 9 cells; a 4x4 grid has 16",
        ),
        (
            {"regions": "AAAAABBBCCCCDDDD"},
            "region 'A' has 5 cells and region 'B' has 3",
        ),
        (
            {"regions": "AAAABBBBCCCCCCCC"},
            "the region map has 3 regions; a 4x4 grid needs 4 regions of 4 cells",
        ),
        (
            {"regions": ["AAAA", "BBBB", "CCC", "DDDD"]},
            "row 3 of the region map has 3 cells",
        ),
        ({"regions": 7}, "regions=7 is not a region map"),
        (
            {"regions": "AABBAABBCCDDCCDD", "variant": "windoku"},
            "does not go with jigsaw regions",
        ),
    ],
)
def test_bad_variants_and_maps(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises((RegionError, GridSizeError)) as error:
        sudoku.solve("." * 16, **kwargs)  # type: ignore[call-overload]
    assert message in str(error.value)


def test_windoku_needs_a_window() -> None:
    with pytest.raises(RegionError, match="needs boxes of at least 2x2"):
        sudoku.solve("....", box=(1, 2), variant="windoku")


def test_jigsaw_of_a_size_without_boxes_and_numpy_maps() -> None:
    np = pytest.importorskip("numpy")
    region_map = np.array([list(row) for row in MAPS[5]])
    puzzle = "..3.5..........2..1......"
    answer = sudoku.solve(puzzle, regions=region_map)
    units = oracle_units(5, None, "", "".join(MAPS[5]))
    values = [0 if ch == "." else int(ch) for ch in puzzle]
    assert brute_force(values, 5, units, 2) == [[int(ch) for ch in answer]]
    numbers = np.array(
        [[ord(ch) - 65 for ch in row] for row in MAPS[5]], dtype=np.int64
    )
    grid = np.zeros((5, 5), dtype=np.int64)
    grid[0, 0] = 1
    assert sudoku.count(grid, 50, regions=numbers) == sudoku.count(
        "1" + "." * 24, 50, regions=MAPS[5]
    )
    # NumPy integer scalars inside lists of ints, in the grid and the map.
    cells = [[np.int64(v) for v in row] for row in grid.tolist()]
    labels = [[np.int32(v) for v in row] for row in numbers.tolist()]
    assert sudoku.count(cells, 50, regions=labels) == sudoku.count(
        grid, 50, regions=numbers
    )


def test_regions_object() -> None:
    units = sudoku.regions_of(9, (3, 3), "x+windoku")
    assert len(units.units) == 27 + 2 + 4
    assert sorted(map(sorted, units.units)) == sorted(
        map(sorted, oracle_units(9, (3, 3), "x+windoku"))
    )
    for cell, mine in enumerate(units.cell_units):
        assert all(cell in units.units[u] for u in mine)
        assert sum(cell in unit for unit in units.units) == len(mine)
    assert sudoku.regions_of(9, (3, 3), "hyper+X").variant == "x+windoku"
    assert sudoku.regions_of(9, (3, 3)) is sudoku.regions_of(9, (3, 3))


# -- a map that no complete grid fits -----------------------------------------------------

#: The map of issue 42: regions A, B and C fill rows 1-3 but for one cell
#: each way, which must hold one symbol twice in column 3.
NO_GRID_MAP = (
    "AAABBBCCCAAABBBCCCAADBBBCCCDDAEEEFFFDDDEEEFFFDDDEEEIFFGGGHHHFIIGGGHHHIIIGGGHHHIII"
)


def test_a_map_no_grid_fits_is_answered_at_once() -> None:
    """count, solve and is_unique say so from the law of leftovers, without a search."""
    assert sudoku.count("." * 81, regions=NO_GRID_MAP, limit=1, max_nodes=1) == 0
    with pytest.raises(
        sudoku.NoSolutionError, match="no complete grid fits the region map"
    ):
        sudoku.solve("." * 81, regions=NO_GRID_MAP, max_nodes=1)
    # A map that has grids is not refused.
    boxes = "".join(
        "ABCDEFGHI"[3 * (r // 3) + c // 3] for r in range(9) for c in range(9)
    )
    assert sudoku.count("." * 81, regions=boxes, limit=1) == 1


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_map_refused_has_no_grid_by_brute_force(data: st.DataObject) -> None:
    """On 4x4 maps made by trading cells across boxes, a refused map has no grid at all."""
    labels = list("AABBAABBCCDDCCDD")
    for _ in range(data.draw(st.integers(1, 3))):
        a, b = data.draw(
            st.lists(st.integers(0, 15), min_size=2, max_size=2, unique=True)
        )
        labels[a], labels[b] = labels[b], labels[a]
    try:
        units = sudoku.regions_of(4, None, None, "".join(labels))
    except RegionError:
        return  # not four connected regions of four cells
    from sudoku.encoding import map_proof

    why = map_proof(units)
    if why is None:
        return
    # Every Latin square of order 4, row by row: none keeps the regions too.
    import itertools

    squares: list[list[tuple[int, ...]]] = [[]]
    for _ in range(4):
        squares = [
            [*rows, row]
            for rows in squares
            for row in itertools.permutations(range(1, 5))
            if all(row[c] != above[c] for above in rows for c in range(4))
        ]
    assert len(squares) == 576
    for rows in squares:
        cells = [v for row in rows for v in row]
        assert not all(len({cells[c] for c in unit}) == 4 for unit in units.units), why
