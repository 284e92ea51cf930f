"""Solutions up to symmetry (dlx.symmetry): orbits counted and listed, checked three ways.

* against a brute force on random small problems built symmetric (options
  closed under a random group, colours included): the orbits it finds by
  union-find over all the solutions;
* against Burnside's lemma: the mean over the group of the solutions each
  element keeps, each a smaller exact-cover count (dlx.symmetry.fixed_links);
* against published counts: 8 and 10 queens (OEIS A002562), the pentomino
  rectangles, the 4x4 sudoku grids.
"""

from __future__ import annotations

import itertools
import json
import runpy
import sys
from collections.abc import Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from dlx_helpers import ROOT, n_queens, pentomino_rectangle
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dlx import (
    BudgetExceeded,
    Colored,
    ExactCover,
    FormatError,
    Search,
    parse_dlx,
    ways,
)
from dlx import symmetry as sym
from dlx.algorithms import sat_available
from dlx.cli import main as dlx_main
from dlx.polyomino import PENTOMINOES, board_symmetries, rectangle, tiling

Mapping = dict[Any, Any]


# -- groups ready to use ---------------------------------------------------------------


def queens_group(n: int) -> list[Mapping]:
    """A quarter turn and a reflection of the n x n board, on dlx_helpers.n_queens's items."""
    turn: Mapping = {}
    mirror: Mapping = {}
    for i in range(n):
        # (i, j) -> (j, n-1-i): row i becomes column n-1-i, column j row j.
        turn["r", i] = ("c", n - 1 - i)
        turn["c", i] = ("r", i)
        # (i, j) -> (i, n-1-j)
        mirror["c", i] = ("c", n - 1 - i)
    for s in range(2 * n - 1):
        turn["a", s] = ("b", s)
        turn["b", s] = ("a", 2 * (n - 1) - s)
        mirror["a", s] = ("b", s)
        mirror["b", s] = ("a", s)
    return [turn, mirror]


def sudoku4() -> tuple[ExactCover, list[Mapping]]:
    """The 4x4 sudoku grids as exact cover, and the transformations that keep a grid valid."""
    items = [
        (kind, a, b)
        for kind in ("cell", "row", "col", "box")
        for a in range(4)
        for b in range(4)
    ]
    problem = ExactCover(items)
    for r, c, d in itertools.product(range(4), repeat=3):
        box = 2 * (r // 2) + c // 2
        problem.add_option(
            [("cell", r, c), ("row", r, d), ("col", c, d), ("box", box, d)]
        )

    def moved(
        change: dict[tuple[int, int, int], tuple[int, int, int]],
        transpose: bool = False,
    ) -> Mapping:
        # A transposition makes rows columns: a row's digit item becomes a column's.
        row, col = ("col", "row") if transpose else ("row", "col")
        mapping: Mapping = {}
        for (r, c, d), (r2, c2, d2) in change.items():
            box, box2 = 2 * (r // 2) + c // 2, 2 * (r2 // 2) + c2 // 2
            for old, new in (
                (("cell", r, c), ("cell", r2, c2)),
                (("row", r, d), (row, r if transpose else r2, d2)),
                (("col", c, d), (col, c if transpose else c2, d2)),
                (("box", box, d), ("box", box2, d2)),
            ):
                assert mapping.get(old, new) == new
                mapping[old] = new
        return mapping

    cells = list(itertools.product(range(4), repeat=3))
    generators = [
        moved(
            {(r, c, d): (r, c, (d + 1) % 4) for r, c, d in cells}
        ),  # relabel: a cycle
        moved(
            {(r, c, d): (r, c, {0: 1, 1: 0}.get(d, d)) for r, c, d in cells}
        ),  # a swap
        moved(
            {(r, c, d): ({0: 1, 1: 0}.get(r, r), c, d) for r, c, d in cells}
        ),  # rows in a band
        moved({(r, c, d): ((r + 2) % 4, c, d) for r, c, d in cells}),  # the bands
        moved({(r, c, d): (c, r, d) for r, c, d in cells}, transpose=True),
    ]
    return problem, generators


# -- the oracle: random symmetric problems ----------------------------------------------


def closure(perms: Sequence[Sequence[int]], n: int) -> list[tuple[int, ...]]:
    """Every product of permutations of range(n)."""
    elements = [tuple(range(n))]
    known = set(elements)
    for element in elements:
        for perm in perms:
            product = tuple(perm[i] for i in element)
            if product not in known:
                known.add(product)
                elements.append(product)
    return elements


def moved_subset(draw: st.DrawFn, items: list[int]) -> list[int]:
    """A permutation of ``items`` that moves at most four of them."""
    if len(items) < 2:
        return list(items)
    chosen = draw(st.lists(st.sampled_from(items), min_size=2, max_size=4, unique=True))
    images = draw(st.permutations(chosen))
    perm = list(items)
    start = items[0]
    for a, b in zip(chosen, images, strict=True):
        perm[a - start] = b
    return perm


@st.composite
def symmetric_problems(
    draw: st.DrawFn,
) -> tuple[ExactCover, list[Mapping], list[tuple[int, ...]]]:
    """A random problem closed under a small random group of item permutations (with colours)."""
    n_primary = draw(st.integers(1, 6))
    n_secondary = draw(st.integers(0, 3))
    primary = list(range(n_primary))
    secondary = list(range(n_primary, n_primary + n_secondary))
    perms = [
        [*moved_subset(draw, primary), *moved_subset(draw, secondary)]
        for _ in range(draw(st.integers(1, 2)))
    ]
    n = n_primary + n_secondary
    group = closure(perms, n)
    assume(len(group) <= 24)
    options: list[frozenset[tuple[int, str | None]]] = []
    seen: set[frozenset[tuple[int, str | None]]] = set()
    for _ in range(draw(st.integers(1, 5))):
        chosen = draw(st.sets(st.sampled_from(range(n)), min_size=1, max_size=3))
        if not any(i < n_primary for i in chosen):
            continue
        entry = frozenset(
            (i, draw(st.sampled_from([None, "r", "g"])) if i >= n_primary else None)
            for i in chosen
        )
        for element in group:
            image = frozenset((element[i], color) for i, color in entry)
            if image not in seen:
                seen.add(image)
                options.append(image)
    assume(len(options) <= 40)
    problem = ExactCover([f"p{i}" for i in primary], [f"s{i}" for i in secondary])
    for option in options:
        problem.add_option(
            [
                Colored(f"s{i}", color)
                if color
                else (f"p{i}" if i < n_primary else f"s{i}")
                for i, color in sorted(option, key=lambda pair: pair[0])
            ]
        )
    names = [f"p{i}" for i in primary] + [f"s{i}" for i in secondary]
    generators = [{names[i]: names[perm[i]] for i in range(n)} for perm in perms]
    return problem, generators, group


def all_solutions(problem: ExactCover) -> list[tuple[int, ...]]:
    """Every solution, by the definition: cover the first uncovered primary item every way."""
    primary = list(problem.primary)
    entries = []
    for k in range(len(problem)):
        entries.append(
            [
                (e.item, e.color) if isinstance(e, Colored) else (e, None)
                for e in problem.option(k)
            ]
        )
    found: list[tuple[int, ...]] = []

    def extend(chosen: list[int], covered: dict[Hashable, object]) -> None:
        left = [item for item in primary if item not in covered]
        if not left:
            found.append(tuple(sorted(chosen)))
            return
        target = left[0]
        for k, option in enumerate(entries):
            if all(item != target for item, _ in option):
                continue
            if any(
                item in covered
                and (item in primary or color is None or covered[item] != color)
                for item, color in option
            ):
                continue
            more = dict(covered)
            more.update(option)
            extend([*chosen, k], more)

    extend([], {})
    return sorted(found)


def orbits_of(
    problem: ExactCover, generators: list[Mapping]
) -> list[set[tuple[int, ...]]]:
    """The orbits of the solutions under the generators, by union-find."""
    solutions = all_solutions(problem)
    index: dict[frozenset[tuple[Hashable, object]], list[int]] = {}
    for k in range(len(problem)):
        index.setdefault(key_of(problem.option(k), {}), []).append(k)
    parent = {s: s for s in solutions}

    def root(s: tuple[int, ...]) -> tuple[int, ...]:
        while parent[s] != s:
            s = parent[s]
        return s

    for s in solutions:
        for g in generators:
            (image,) = {
                tuple(sorted(index[key_of(problem.option(k), g)][0] for k in s))
            }
            parent[root(s)] = root(image)
    groups: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for s in solutions:
        groups.setdefault(root(s), set()).add(s)
    return list(groups.values())


def key_of(
    option: Sequence[Hashable], g: Mapping
) -> frozenset[tuple[Hashable, object]]:
    """An option as a set of (item, colour), its items moved by ``g``."""
    return frozenset(
        (g.get(e.item, e.item), e.color)
        if isinstance(e, Colored)
        else (g.get(e, e), None)
        for e in option
    )


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(symmetric_problems())
def test_orbits_agree_with_a_brute_force_and_burnside(
    case: tuple[ExactCover, list[Mapping], list[tuple[int, ...]]],
) -> None:
    problem, generators, group = case
    orbits = orbits_of(problem, generators)
    action = sym.Group(generators).on(problem)
    assert len(action) == len(group)
    # The count, by the smaller search and by Burnside's lemma (memoised
    # and plain), agree with the brute force.
    assert problem.count(symmetry=generators) == len(orbits)
    assert problem.count(symmetry=generators, method="memo") == len(orbits)
    fixed = []
    for element in range(len(action)):
        links = sym.fixed_links(action, element)
        assert links is not None
        fixed.append(sum(1 for _ in Search(links)))
    assert sum(fixed) == len(orbits) * len(action)
    # One solution of each orbit, the least by Action.key.
    listed = list(problem.solutions(symmetry=generators))
    assert len(listed) == len(orbits)
    for orbit in orbits:
        (mine,) = [s for s in listed if s in orbit]
        assert mine == min(orbit, key=action.key)
    first = problem.first(symmetry=generators)
    assert (first is None) == (not orbits)
    assert first is None or first in listed


@pytest.mark.skipif(
    not sat_available(), reason="the sat extra is not installed: method='sat' untested"
)
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(symmetric_problems())
def test_the_sat_solver_lists_the_same_leaders(
    case: tuple[ExactCover, list[Mapping], list[tuple[int, ...]]],
) -> None:
    # The solver searches the same smaller problem; each solution it hands
    # out is tested as the dancing links' are, whatever order they come in.
    problem, generators, _ = case
    orbits = orbits_of(problem, generators)
    listed = sorted(problem.solutions(symmetry=generators, method="sat"))
    assert listed == sorted(problem.solutions(symmetry=generators))
    assert len(listed) == len(orbits)
    assert problem.count(
        symmetry=generators, method="sat", limit=len(orbits) + 1
    ) == len(orbits)


@pytest.mark.skipif(
    not sat_available(), reason="the sat extra is not installed: method='sat' untested"
)
def test_the_sat_solver_counts_queens_up_to_symmetry() -> None:
    search = n_queens(8).solutions(symmetry=queens_group(8), method="sat", limit=20)
    assert len(list(search)) == 12
    assert n_queens(10).count(symmetry=queens_group(10), method="sat", limit=100) == 92


def with_costs(
    problem: ExactCover,
    generators: list[Mapping],
    seed: int,
    vary: bool = False,
    spread: int = 4,
) -> ExactCover:
    """``problem`` with random costs from ``range(spread)``, the same along each orbit of options (unless ``vary``)."""
    rng = __import__("random").Random(seed)
    elements = sym.Group(generators).on(problem).elements
    costs = [-1] * len(problem)
    for k in range(len(problem)):
        if costs[k] < 0:
            cost = rng.randrange(spread)
            for _, options in elements:
                costs[options[k]] = cost
    if vary:
        costs = [c + k for k, c in enumerate(costs)]
    costed = ExactCover(problem.primary, problem.secondary)
    for k in range(len(problem)):
        costed.add_option(problem.option(k), cost=costs[k])
    return costed


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(symmetric_problems(), st.integers(0, 2**16), st.integers(1, 4))
def test_the_cheapest_orbits_agree_with_a_brute_force(
    case: tuple[ExactCover, list[Mapping], list[tuple[int, ...]]], seed: int, k: int
) -> None:
    plain, generators, _ = case
    problem = with_costs(plain, generators, seed)
    orbits = orbits_of(problem, generators)
    action = sym.Group(generators).on(problem)
    # Every orbit costs the same throughout: its cost, and its leader.
    costs = sorted(problem.costs_of(min(orbit)) for orbit in orbits)
    leaders = {min(orbit, key=action.key) for orbit in orbits}
    runs = [problem.best(k, symmetry=generators)]
    if sys.platform != "emscripten":  # Pyodide starts no threads
        with ThreadPoolExecutor(2) as pool:
            runs.append(problem.best(k, symmetry=generators, executor=pool))
    if sat_available():
        runs.append(problem.best(k, symmetry=generators, method="sat"))
    for ranked in runs:
        assert [cost for cost, _ in ranked] == costs[:k]
        assert all(solution in leaders for _, solution in ranked)
        assert all(problem.costs_of(solution) == cost for cost, solution in ranked)
        assert len({solution for _, solution in ranked}) == len(ranked)


def test_the_cheapest_orbits_need_costs_the_symmetries_keep() -> None:
    problem = with_costs(n_queens(6), queens_group(6), 1, vary=True)
    with pytest.raises(
        sym.SymmetryError, match=r"of cost \d+ to option \d+ .* of cost"
    ):
        problem.best(1, symmetry=queens_group(6))
    with pytest.raises(
        ways.Refused, match=r"symmetry= does not go with best\(\) and limit="
    ):
        problem.best(1, symmetry=queens_group(6), limit=3)


# -- published counts -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "orbits", "total"), [(6, 1, 4), (8, 12, 92), (10, 92, 724)]
)
def test_queens_up_to_symmetry(n: int, orbits: int, total: int) -> None:
    problem = n_queens(n)
    group = queens_group(n)
    assert problem.count() == total
    assert problem.count(symmetry=group) == orbits
    assert problem.count(symmetry=group, method="memo") == orbits
    assert len(sym.Group(group).on(problem)) == 8


def test_the_4x4_sudoku_grids_are_two_up_to_symmetry() -> None:
    problem, generators = sudoku4()
    action = sym.Group(generators).on(problem)
    assert len(action) == 3072  # 4! relabellings x 8 row moves x 8 column moves x 2
    assert problem.count() == 288
    assert problem.count(symmetry=action) == 2
    assert problem.count(symmetry=generators, method="memo") == 2


def test_pentominoes_3x20_up_to_symmetry() -> None:
    problem = pentomino_rectangle(3, 20)
    assert problem.count(symmetry=board_symmetries(rectangle(3, 20))) == 2


@pytest.mark.slow
@pytest.mark.parametrize(
    ("height", "width", "orbits"), [(4, 15, 368), (5, 12, 1010), (6, 10, 2339)]
)
def test_pentomino_rectangles_up_to_symmetry(
    height: int, width: int, orbits: int
) -> None:
    board = rectangle(height, width)
    problem = tiling(PENTOMINOES, board)
    assert problem.count(symmetry=board_symmetries(board)) == orbits


@pytest.mark.slow
def test_scotts_board_has_65_tilings_up_to_symmetry() -> None:
    board = ["........"] * 3 + ["...##..."] * 2 + ["........"] * 3
    assert len(board_symmetries(board)) == 7
    assert tiling(PENTOMINOES, board).count(symmetry=board_symmetries(board)) == 65


def test_the_pivot_of_a_rectangle_tiling_keeps_a_quarter_of_its_options() -> None:
    board = rectangle(6, 10)
    action = sym.Group(board_symmetries(board)).on(tiling(PENTOMINOES, board))
    assert action.pivot == "X"  # Knuth's choice: the X in one quarter
    assert action.kept is not None and len(action.kept) == 8  # of 32 placements


# -- what is refused, and why -----------------------------------------------------------


def small() -> ExactCover:
    return ExactCover("ab", ["x"], options=[["a"], ["b"], ["a", "b"], ["a", "x"]])


@pytest.mark.parametrize(
    ("generators", "message"),
    [
        ([{"a": "b"}], "symmetry generator 1 maps 'a' to 'b' but nothing to 'a'"),
        (
            [{}, {"a": "b", "x": "b"}],
            "symmetry generator 2 maps both 'a' and 'x' to 'b'",
        ),
        (
            [{"a": "z", "z": "a"}],
            "symmetry generator 1 names 'z', which is not an item",
        ),
        ([{"a": "x", "x": "a"}], "maps primary item 'a' to secondary item 'x'"),
        (
            [{"a": "b", "b": "a"}],
            "maps option 3 ('a', 'x') to ('b', 'x'), which is not an option",
        ),
    ],
)
def test_what_is_not_a_symmetry_is_refused_by_name(
    generators: list[Mapping], message: str
) -> None:
    with pytest.raises(
        sym.SymmetryError, match=message.replace("(", r"\(").replace(")", r"\)")
    ):
        small().count(symmetry=generators)


def test_an_option_that_has_its_image_fewer_times_is_refused() -> None:
    problem = ExactCover("ab", options=[["a"], ["a"], ["b"]])
    with pytest.raises(sym.SymmetryError, match="which is an option fewer times"):
        problem.count(symmetry=[{"a": "b", "b": "a"}])
    twice = ExactCover("ab", options=[["a"], ["a"], ["b"], ["b"]])
    assert twice.count() == 4
    assert (
        twice.count(symmetry=[{"a": "b", "b": "a"}]) == 3
    )  # {0,2} ~ ... Burnside: (4 + 2) / 2


def test_bounds_must_be_kept() -> None:
    problem = ExactCover("ab", options=[["a"], ["b"]], bounds={"a": (0, 1)})
    with pytest.raises(sym.SymmetryError, match=r"bounds \(0, 1\)"):
        problem.count(symmetry=[{"a": "b", "b": "a"}])


def test_a_group_too_large_to_enumerate_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sym, "MAX_ELEMENTS", 5)
    with pytest.raises(
        sym.SymmetryError, match=r"group of (more than|at least) [0-9]+ elements"
    ):
        n_queens(8).count(symmetry=queens_group(8))


def test_generators_must_be_mappings() -> None:
    with pytest.raises(TypeError, match="symmetry generator 1 must be a mapping"):
        small().count(symmetry=[[("a", "b")]])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("call", "refused"),
    [
        (lambda p: p.count(symmetry=[{}], preprocess=True), ("symmetry", "preprocess")),
        (lambda p: p.count(symmetry=[{}], prefix=[]), ("symmetry", "prefix")),
        (
            lambda p: p.count(symmetry=[{}], resume=p.search().position()),
            ("symmetry", "resume"),
        ),
        (
            lambda p: p.count(symmetry=[{}], method="memo", progress=print),
            ("symmetry", "memo", "progress"),
        ),
    ],
)
def test_the_ways_that_refuse_symmetry_say_why(
    call: object, refused: tuple[str, ...]
) -> None:
    with pytest.raises(ways.Refused) as error:
        call(small())  # type: ignore[operator]
    assert error.value.features == refused
    assert "symmetry=" in str(error.value)


@pytest.mark.threads
def test_split_searches_give_the_same_orbits() -> None:
    problem = n_queens(8)
    group = queens_group(8)
    serial = list(problem.solutions(symmetry=group))
    with ThreadPoolExecutor(2) as pool:
        assert list(problem.solutions(symmetry=group, executor=pool)) == serial
        assert problem.count(symmetry=group, executor=pool) == 12
        assert problem.solutions(symmetry=group, limit=3, executor=pool) is not None
    assert len(list(problem.solutions(symmetry=group, limit=5))) == 5
    assert list(problem.solutions(symmetry=group, limit=5)) == serial[:5]


def test_a_budget_stops_with_the_orbits_found_so_far() -> None:
    problem = n_queens(10)
    with pytest.raises(BudgetExceeded) as stop:
        problem.count(symmetry=queens_group(10), max_nodes=2_000)
    assert 0 <= stop.value.stats.solutions < 92
    with pytest.raises(BudgetExceeded) as memo_stop:
        problem.count(symmetry=queens_group(10), method="memo", max_nodes=50)
    assert 0 <= memo_stop.value.stats.solutions <= 92


def test_board_symmetries() -> None:
    assert len(board_symmetries(rectangle(3, 4))) == 3
    assert len(board_symmetries(rectangle(4, 4))) == 7
    assert len(board_symmetries(rectangle(4, 4), reflect=False)) == 3
    assert board_symmetries(["..", ".#"]) == [
        {(0, 0): (0, 0), (0, 1): (1, 0), (1, 0): (0, 1)}
    ]
    assert board_symmetries(["...", ".#."]) == [
        {(0, 0): (0, 2), (0, 1): (0, 1), (0, 2): (0, 0), (1, 0): (1, 2), (1, 2): (1, 0)}
    ]


# -- the dlx command --------------------------------------------------------------------


def queens_files(tmp_path: Path, n: int = 8) -> tuple[Path, Path]:
    """8 queens in Knuth's format, and its D4 in cycle notation."""
    names = {("r", i): f"R{i}" for i in range(n)} | {
        ("c", i): f"C{i}" for i in range(n)
    }
    names |= {("a", s): f"A{s}" for s in range(2 * n - 1)}
    names |= {("b", s): f"B{s}" for s in range(2 * n - 1)}
    lines = [
        " ".join(names["r", i] for i in range(n))
        + " "
        + " ".join(names["c", i] for i in range(n)),
    ]
    lines[0] += " | " + " ".join(names["a", s] for s in range(2 * n - 1))
    lines[0] += " " + " ".join(names["b", s] for s in range(2 * n - 1))
    for i in range(n):
        for j in range(n):
            lines.append(f"R{i} C{j} A{i + j} B{i - j + n - 1}")
    problem = tmp_path / "queens.dlx"
    problem.write_text("\n".join(lines) + "\n")
    group = tmp_path / "d4.txt"
    rows = ["| a quarter turn and a reflection"]
    for g in queens_group(n):
        rows.append(write_cycles(g, names))
    group.write_text("\n".join(rows) + "\n")
    return problem, group


def write_cycles(g: Mapping, names: dict[Any, str]) -> str:
    """``g`` in cycle notation over ``names``, written by the queens example."""
    cycles = runpy.run_path(str(ROOT / "docs" / "examples" / "queens.py"))["cycles"]
    written: str = cycles({names[a]: names[b] for a, b in g.items()})
    return written


def run_dlx(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    status = dlx_main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.processes
def test_the_command_counts_and_lists_orbits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problem, group = queens_files(tmp_path)
    assert run_dlx(["--count", "--symmetry", str(group), str(problem)], capsys) == (
        0,
        "12\n",
        "",
    )
    status, out, _ = run_dlx(
        ["--count", "--method", "memo", "--symmetry", str(group), str(problem)], capsys
    )
    assert (status, out) == (0, "12\n")
    # Split over two worker processes.
    status, out, _ = run_dlx(
        ["--count", "--jobs", "2", "--symmetry", str(group), str(problem)], capsys
    )
    assert (status, out) == (0, "12\n")
    status, out, _ = run_dlx(["--symmetry", str(group), str(problem)], capsys)
    blocks = out.split("\n\n")
    assert status == 0 and len(blocks) == 12
    assert blocks[0].splitlines()[0] == "R0 C0 A0 B7"
    status, out, _ = run_dlx(
        ["--json", "--limit", "2", "--symmetry", str(group), str(problem)], capsys
    )
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [r.get("solution") for r in records[:2]] == [1, 2]
    assert records[-1]["count"] == 2 and records[-1]["complete"] is False


def test_the_command_prints_the_cheapest_orbits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problem, group = queens_files(tmp_path)
    # Each square costs its ring, counted from the centre: the same under D4.
    lines = problem.read_text(encoding="utf-8").splitlines()
    costed = [lines[0]]
    for k, line in enumerate(lines[1:]):
        i, j = divmod(k, 8)
        costed.append(f"{line} |{max(abs(2 * i - 7), abs(2 * j - 7)) // 2}")
    problem.write_text("\n".join(costed) + "\n", encoding="utf-8")
    status, out, _ = run_dlx(
        ["--best", "3", "--symmetry", str(group), str(problem)], capsys
    )
    blocks = out.split("\n\n")
    assert status == 0 and len(blocks) == 3
    parsed = parse_dlx(problem.read_text(encoding="utf-8"))
    generators = sym.parse_cycles(
        group.read_text(encoding="utf-8"), items=[*parsed.primary, *parsed.secondary]
    )
    expected = parsed.best(3, symmetry=generators)
    assert [block.splitlines()[0] for block in blocks] == [
        f"| cost {cost}" for cost, _ in expected
    ]
    # Every one of the 92 solutions costs at least the cheapest orbit's cost.
    assert min(cost for cost, _ in parsed.best(92)) == expected[0][0]
    with pytest.raises(SystemExit) as ended:
        dlx_main(
            ["--best", "1", "--limit", "5", "--symmetry", str(group), str(problem)]
        )
    assert ended.value.code == 2
    assert "--symmetry does not go with --best and --limit" in capsys.readouterr().err


@pytest.mark.skipif(
    not sat_available(), reason="the sat extra is not installed: method='sat' untested"
)
def test_the_command_counts_orbits_with_the_sat_solver(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problem, group = queens_files(tmp_path)
    status, out, _ = run_dlx(
        [
            "--count",
            "--json",
            "--method",
            "sat",
            "--limit",
            "50",
            "--symmetry",
            str(group),
            str(problem),
        ],
        capsys,
    )
    record = json.loads(out)
    assert status == 0 and record["count"] == 12 and record["complete"] is True
    # The statistics are the SAT search's, with the orbits as solutions.
    assert record["stats"]["solutions"] == 12 and "solves" in record["stats"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("(R0 C9)\n", "d4.txt:1: unknown item 'C9'"),
        ("| fine\n(R0 R1\n", "d4.txt:2: a cycle is not closed: ')' missing"),
        ("R0\n", "d4.txt:1: 'R0' is outside a cycle: write the cycles in parentheses"),
        ("(R0 R1)(R1 R2)\n", "d4.txt:1: item 'R1' is named twice in one generator"),
        ("()\n", "d4.txt:1: an empty cycle '()'"),
        ("| nothing\n", "d4.txt: no generator: write one a line, as (a b)(c d)"),
        (
            "(R0 R1)\n",
            "d4.txt:1: the generator maps option 0 ('R0', 'C0', 'A0', 'B7') to "
            "('R1', 'C0', 'A0', 'B7'), which is not an option",
        ),
    ],
)
def test_a_bad_symmetry_file_is_named_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    problem, group = queens_files(tmp_path)
    group.write_text(text)
    status, out, err = run_dlx(
        ["--count", "--symmetry", str(group), str(problem)], capsys
    )
    assert (status, out) == (2, "")
    assert err == f"dlx: {tmp_path / message}\n"


def test_a_missing_symmetry_file_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problem, _ = queens_files(tmp_path)
    missing = tmp_path / "none.txt"
    assert run_dlx(["--symmetry", str(missing), str(problem)], capsys) == (
        2,
        "",
        f"dlx: {missing}: no such file\n",
    )


def test_progress_reports_count_orbits() -> None:
    reports: list[int] = []
    problem = n_queens(8)
    found = problem.count(
        symmetry=queens_group(8),
        progress=lambda report: reports.append(report.solutions),
        progress_interval=1e-6,
    )
    assert found == 12
    assert reports and reports[-1] == 12 and max(reports) == 12
    assert reports == sorted(reports)


# -- the cheapest orbits at tied costs (issue 42) -----------------------------------------


def tied_costs(
    problem: ExactCover, generators: list[Mapping], seed: int, spread: int
) -> ExactCover:
    """``problem`` with costs from ``range(spread)`` (0: none at all), the same along each orbit."""
    if spread == 0:
        return problem
    return with_costs(problem, generators, seed, spread=spread)


def check_cheapest_orbits(
    problem: ExactCover,
    generators: list[Mapping],
    k: int,
    ranked: list[tuple[int, tuple[int, ...]]],
) -> None:
    """``ranked`` is ``best(k, symmetry=generators)`` by the brute-force oracle."""
    orbits = orbits_of(problem, generators)
    action = sym.Group(generators).on(problem)
    costs = sorted(problem.costs_of(min(orbit)) for orbit in orbits)
    leaders = {min(orbit, key=action.key) for orbit in orbits}
    # Never fewer than min(k, the number of orbits), whatever the ties.
    assert len(ranked) == min(k, len(orbits))
    assert [cost for cost, _ in ranked] == costs[:k]
    assert all(solution in leaders for _, solution in ranked)
    assert all(problem.costs_of(solution) == cost for cost, solution in ranked)
    assert len({solution for _, solution in ranked}) == len(ranked)


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    symmetric_problems(), st.integers(0, 2**16), st.integers(0, 2), st.integers(1, 4)
)
def test_the_cheapest_orbits_at_tied_costs_agree_with_a_brute_force(
    case: tuple[ExactCover, list[Mapping], list[tuple[int, ...]]],
    seed: int,
    spread: int,
    k: int,
) -> None:
    """Costs of 0 and 1 only, or none: many orbits tie, and the k kept are still orbits."""
    plain, generators, _ = case
    problem = tied_costs(plain, generators, seed, spread)
    check_cheapest_orbits(problem, generators, k, problem.best(k, symmetry=generators))
    if sys.platform != "emscripten":  # Pyodide starts no threads
        with ThreadPoolExecutor(2) as pool:
            ranked = problem.best(k, symmetry=generators, executor=pool)
        check_cheapest_orbits(problem, generators, k, ranked)
    if sat_available():
        ranked = problem.best(k, symmetry=generators, method="sat")
        check_cheapest_orbits(problem, generators, k, ranked)


@pytest.fixture(scope="module")
def process_pool() -> Any:
    from concurrent.futures import ProcessPoolExecutor

    from dlx.commands import process_context

    # Not the default context: up to 3.13 that forks, and an xdist worker
    # runs threads, which 3.12 warns of (fork with threads may deadlock).
    with ProcessPoolExecutor(2, mp_context=process_context()) as pool:
        yield pool


@pytest.mark.processes
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(
    symmetric_problems(), st.integers(0, 2**16), st.integers(0, 2), st.integers(1, 3)
)
def test_the_cheapest_orbits_over_a_process_pool_agree_with_a_brute_force(
    process_pool: Any,
    case: tuple[ExactCover, list[Mapping], list[tuple[int, ...]]],
    seed: int,
    spread: int,
    k: int,
) -> None:
    """The leaders' map travels to worker processes; the driver keeps each orbit once."""
    plain, generators, _ = case
    problem = tied_costs(plain, generators, seed, spread)
    ranked = problem.best(k, symmetry=generators, executor=process_pool)
    check_cheapest_orbits(problem, generators, k, ranked)


def swap_halves() -> tuple[ExactCover, list[Mapping]]:
    """The case of issue 42: a group without a pivot, two orbits, every solution cost 0."""
    problem = ExactCover([f"p{i}" for i in range(6)])
    for option in ("p1 p3 p4", "p2 p5", "p5", "p0 p1 p4", "p3", "p2", "p0"):
        problem.add_option(option.split())
    swap = {"p0": "p3", "p3": "p0", "p1": "p4", "p4": "p1", "p2": "p5", "p5": "p2"}
    return problem, [swap]


def test_the_cheapest_orbits_of_a_group_without_a_pivot() -> None:
    problem, generators = swap_halves()
    assert sym.Group(generators).on(problem).pivot is None
    orbits = problem.count(symmetry=generators)
    for k in (1, 2, 3):
        ranked = problem.best(k, symmetry=generators)
        assert len(ranked) == min(k, orbits)
        check_cheapest_orbits(problem, generators, k, ranked)


@pytest.mark.processes
def test_the_command_prints_the_cheapest_orbits_of_a_group_without_a_pivot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dlx import format_dlx

    problem, generators = swap_halves()
    path = tmp_path / "halves.dlx"
    path.write_text(format_dlx(problem))
    group = tmp_path / "swap.txt"
    group.write_text("(p0 p3)(p1 p4)(p2 p5)\n")
    orbits = problem.count(symmetry=generators)
    for extra in ([], ["--jobs", "2"]):
        status, out, _ = run_dlx(
            ["--best", "1", "--json", *extra, "--symmetry", str(group), str(path)],
            capsys,
        )
        records = [json.loads(line) for line in out.splitlines()]
        solutions = [r for r in records if "solution" in r]
        assert status == 0 and len(solutions) == min(1, orbits)
        assert records[-1]["complete"] is True


def test_a_group_too_large_to_list_is_refused_from_its_order() -> None:
    """All the moves of 9x9 grids: refused from a bound of the order, before any listing."""
    from sudoku.transform import grid_cover, transformations

    with pytest.raises(sym.SymmetryError, match=r"at least [0-9,]+ elements"):
        grid_cover(9).count(symmetry=transformations(9))


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 7).flatmap(
        lambda n: st.lists(st.permutations(list(range(n))), min_size=1, max_size=3)
    )
)
def test_the_order_bound_is_at_most_the_order(perms: list[list[int]]) -> None:
    order = len(closure(perms, len(perms[0])))
    bound = sym.order_at_least(perms, 10**9)
    assert 1 <= bound <= order
    # The orbit of the first point moved is the bound's first factor.
    moved = [i for i in range(len(perms[0])) if any(p[i] != i for p in perms)]
    if moved:
        orbit = {g[moved[0]] for g in closure(perms, len(perms[0]))}
        assert bound % len(orbit) == 0 and bound >= len(orbit)


def test_one_mapping_instead_of_a_list_is_named() -> None:
    with pytest.raises(TypeError, match="symmetry= takes a list of mappings"):
        small().count(symmetry={"a": "b", "b": "a"})  # type: ignore[dict-item]


def test_an_unhashable_image_names_its_generator() -> None:
    with pytest.raises(sym.SymmetryError, match=r"symmetry generator 2 maps 'a'"):
        small().count(symmetry=[{"a": "b", "b": "a"}, {"a": ["b"], "b": "a"}])


def test_items_named_with_parentheses_can_be_named_in_cycles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Names in Knuth's format may hold parentheses; a cycle names the
    # longest item name that fits.
    problem = tmp_path / "p.dlx"
    problem.write_text(
        "f(1) f(2) | g(1) g(2)\nf(1) g(1)\nf(2) g(2)\nf(1) g(2)\nf(2) g(1)\n",
        encoding="utf-8",
    )
    items = ["f(1)", "f(2)", "g(1)", "g(2)"]
    both = sym.parse_cycles("(f(1) f(2))(g(1) g(2))\n", items=items)
    assert both.generators == (
        {"f(1)": "f(2)", "f(2)": "f(1)", "g(1)": "g(2)", "g(2)": "g(1)"},
    )
    parsed = parse_dlx(problem.read_text(encoding="utf-8"))
    solutions = parsed.solutions_list()
    assert len(solutions) == 2
    # Swapping f(1) and f(2) maps each solution onto the other: one orbit;
    # swapping both pairs keeps each: two.
    for cycles, orbits in [("(f(1) f(2))", 1), ("(f(1) f(2))(g(1) g(2))", 2)]:
        group = tmp_path / "sym.txt"
        group.write_text(cycles + "\n", encoding="utf-8")
        status, out, _ = run_dlx(
            ["--count", "--symmetry", str(group), str(problem)], capsys
        )
        assert (status, out) == (0, f"{orbits}\n")
        assert parsed.count(symmetry=sym.parse_cycles(cycles, items=items)) == orbits
    with pytest.raises(FormatError, match=r"sym\.txt:1: unknown item 'f\(3\)'"):
        sym.parse_cycles("(f(1) f(3))\n", source="sym.txt", items=items)
