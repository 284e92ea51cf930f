"""Conformance: every algorithm and loop form of the dispatcher, on the same fixtures.

The suite reads :data:`dlx.algorithms.REGISTRY` when it is collected.  Every
(algorithm, loop form) pair found there is a *variant*, and so is each
representation a loop form runs on (:data:`LAYOUTS`: Algorithm X's packed
and wide forms with and without unrolling, its marks form unrolled, its
plain form on bytearray or list sizes with or without snapshots,
Algorithm C's on bytearray or list sizes; the flags of
``dlx_helpers.compiled_as``).  Every check is one test
parametrized over the variants; it runs the variant on each fixture of one
shared pool (:func:`pool`) whose links the variant's form applies to, so a
new algorithm is tested by adding it to the registry.

The checks, for every variant:

1. the solutions are those of a brute-force oracle that knows nothing of
   dancing links, and the order and statistics are those of the
   algorithm's own default form (every form of an algorithm agrees);
2. Knuth's statistics: DLX1/DLX2's numbers (``tests/data/knuth``) for X
   and C, DLX3's (``tests/data/dlx3``) for M, DLX5's (``tests/data/dlx5``,
   on its files with costs and on those of ``knuth``) for X5;
3. ``Search.check()`` passes before, between and after the solutions;
4. a search stopped at any clock check (a node budget) or at any solution
   and resumed from its position (through JSON) ends like one run;
5. the searches below the prefixes of a frontier, walked with the
   variant's own walker, add up to the serial search, and so does
   :func:`dlx.parallel.search` where the variant is the problem's default;
6. ``limit``, ``max_nodes``, ``request_stop`` and the progress fraction;
7. ``seed``: the same solutions, the same run for the same seed, and a
   seeded search resumes identically;
8. every feature word an algorithm supports is exercised here (see
   :data:`EXERCISED_BY`), every other one is refused, and so is what
   memoised search does not support.

The checks of a feature an algorithm does not support are skipped for
it, and check 8 makes sure it is refused: Algorithm X5 resumes (its
positions carry the best solutions so far and each level's thresholds)
and searches below prefixes, but has no seed, no estimate and no split
by :func:`dlx.parallel.search`, since its tree depends on the solutions
it finds (``tests/test_best.py`` tests :func:`dlx.parallel.best`, which
splits it with a shared bound).  The fixtures of the pool are a few
hand-made problems and a selection of the files of ``tests/data/knuth``
(DLX2's numbers for all 210 of them are checked by
``tests/test_knuth_stats.py``), ``tests/data/dlx3`` and ``tests/data/dlx5``.
"""

from __future__ import annotations

import contextlib
import itertools
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, partial
from math import prod
from pathlib import Path
from typing import Any

import pytest
from dlx_helpers import compiled_as
from dlx_oracles import Bounded, bounded_specs, oracle
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import dlx.clock
from dlx import (
    BudgetExceeded,
    Colored,
    ExactCover,
    Interrupted,
    MemoSearch,
    Outcome,
    Position,
    Progress,
    Search,
    Stats,
    algorithms,
    parallel,
    parse_dlx,
    records,
    ways,
)
from dlx.algorithms import (
    FEATURES,
    REGISTRY,
    UNSUPPORTED,
    Algorithm,
    Arrays,
    LoopForm,
    algorithm_x_packed,
)
from dlx.estimate import estimate
from dlx.estimate import probe as estimate_probe
from dlx.links import Links
from dlx.parallel import Frontier, FrontierEntry
from dlx.position import Walker

DATA = Path(__file__).parent / "data"

Solution = tuple[int, ...]

# -- the variants: read from the registry ----------------------------------------------

#: The representations a loop form is run on, as ``(suffix of the id,
#: form of dlx_helpers.compiled_as)``; a pair not listed here runs on the
#: problem's own links (``None``).  The first entry's id is the pair's own
#: ("X-packed"), so every pair of the registry appears under its name.
LAYOUTS: dict[tuple[str, str], tuple[tuple[str, str | None], ...]] = {
    ("X", "packed"): (("", "unrolled"), ("rolled", "packed"), ("handoff", "unrolled")),
    ("X", "wide"): (("", "unrolled"), ("rolled", "packed")),
    ("X", "marks"): (("", "unrolled"),),
    ("X", "plain"): (
        ("", "bytes"),
        ("list", "list"),
        ("undo", "bytes-undo"),
        ("list-undo", "list-undo"),
    ),
    ("C", "colored"): (("", "bytes"), ("list", "list")),
}
NATIVE: tuple[tuple[str, str | None], ...] = (("", None),)


def lay_out(problem: ExactCover, layout: str | None) -> Links:
    """The links of ``problem`` in a representation (``None``: its own links).

    ``compiled_as`` keeps no bounds, so a problem with bounds keeps its own
    links: the forms that have layouts (X's, C's) cannot run bounds, and
    their ``applies`` says so on those links.
    """
    if layout is None or problem.bounds:
        return problem.links()
    return compiled_as(problem, layout)


@dataclass(frozen=True)
class Variant:
    """One loop form of one algorithm of the registry, in one representation."""

    algorithm: Algorithm
    form: LoopForm
    suffix: str
    layout: str | None

    @property
    def id(self) -> str:
        parts = (self.algorithm.name, self.form.name, self.suffix)
        return "-".join(part for part in parts if part)

    def applies(self, links: Links) -> bool:
        return self.form.applies(links)

    def is_default(self, links: Links) -> bool:
        """Whether the dispatcher gives ``links`` this algorithm and form by default."""
        algorithm, form = algorithms.choose(links)
        return (algorithm.name, form.name) == (self.algorithm.name, self.form.name)

    def search(self, links: Links, **options: Any) -> Search:
        return Search(
            links, algorithm=self.algorithm.name, form=self.form.name, **options
        )

    def walker(self, links: Links) -> Walker:
        """The algorithm's walker from the root of a fresh copy of ``links``."""
        frame = Arrays(links)
        self.form.prepare(frame)
        return self.algorithm.walker(frame)


@pytest.fixture(autouse=True)
def handoff_early(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the ``handoff`` variants, every search moves to the written-out loop early.

    The packed and wide loops start as written and move to the loop
    written out for the problem's width at a clock check
    (:class:`dlx.algorithm_x_packed.Handoff`); here the clock checks come
    every 3 nodes and the move at the first past 5 updates, so that every
    search of the pool that gets that far moves in its middle.
    """
    callspec = getattr(request.node, "callspec", None)
    variant = callspec.params.get("variant") if callspec is not None else None
    if isinstance(variant, Variant) and variant.suffix == "handoff":
        monkeypatch.setattr(algorithm_x_packed, "UNROLL_AFTER", 5)
        monkeypatch.setattr(algorithm_x_packed, "UPDATES_AS_WRITTEN", {})
        monkeypatch.setattr(dlx.clock, "CLOCK_EVERY", 3)


VARIANTS = [
    Variant(algorithm, form, suffix, layout)
    for algorithm in REGISTRY.values()
    for form in algorithm.forms
    for suffix, layout in LAYOUTS.get((algorithm.name, form.name), NATIVE)
]
BY_VARIANT = pytest.mark.parametrize(
    "variant", [pytest.param(v, id=v.id) for v in VARIANTS]
)


# -- the fixtures ----------------------------------------------------------------------


@cache
def knuth_numbers() -> dict[str, Stats]:
    """What Knuth's DLX2 printed for ``tests/data/knuth`` (DLX1's steps without colours)."""
    table = {}
    for line in (DATA / "knuth" / "expected.tsv").read_text().splitlines():
        if not line.startswith("#"):
            name, *numbers = line.split("\t")
            solutions, nodes, updates, cleansings = map(int, numbers)
            table[name] = Stats(nodes, updates, cleansings, solutions)
    return table


@cache
def dlx3_numbers() -> dict[str, Stats]:
    """What DLX3's search loop counts for ``tests/data/dlx3`` (see its header)."""
    table = {}
    for line in (DATA / "dlx3" / "expected.tsv").read_text().splitlines():
        if not line.startswith("#"):
            name, *numbers = line.split("\t")
            solutions, updates, cleansings, nodes = map(int, numbers)
            table[name] = Stats(nodes, updates, cleansings, solutions)
    return table


@cache
def dlx5_numbers() -> dict[str, Stats]:
    """What Knuth's DLX5 printed with ``k15000`` (every solution), by fixture name.

    ``tests/data/dlx5/expected.tsv`` (see its README) also has smaller
    ``k``; ``tests/test_best.py`` checks those.
    """
    table = {}
    for line in (DATA / "dlx5" / "expected.tsv").read_text().splitlines():
        if not line.startswith("#"):
            name, k, *numbers, _ = line.split("\t")
            if k == "15000":
                solutions, nodes, updates, cleansings = map(int, numbers)
                table[name] = Stats(nodes, updates, cleansings, solutions)
    return table


#: Where each algorithm's reference statistics are: the directory under
#: tests/data and its table (``"*"``: any directory, the table keyed by
#: the fixture's whole name).  An algorithm not listed has none.
KNUTH_TABLES: dict[str, tuple[str, Callable[[], dict[str, Stats]]]] = {
    "X": ("knuth", knuth_numbers),
    "C": ("knuth", knuth_numbers),
    "M": ("dlx3", dlx3_numbers),
    "X5": ("*", dlx5_numbers),
}


@dataclass
class Fixture:
    """A problem of the pool; ``source`` is its directory under tests/data, if a file."""

    name: str
    problem: ExactCover
    source: str | None = None
    _links: dict[str | None, Links] = field(default_factory=dict, repr=False)

    def links(self, variant: Variant) -> Links:
        links = self._links.get(variant.layout)
        if links is None:
            links = self._links[variant.layout] = lay_out(self.problem, variant.layout)
        return links

    def numbers(self, algorithm: str) -> Stats | None:
        """Knuth's statistics of this problem for ``algorithm``, if there are any."""
        if algorithm not in KNUTH_TABLES or self.source is None:
            return None
        source, table = KNUTH_TABLES[algorithm]
        if source == "*":
            return table().get(self.name)
        if source != self.source:
            return None
        return table()[self.name.split("/")[1]]


def _hand_made() -> list[tuple[str, ExactCover]]:
    red, blue = "red", "blue"
    return [
        (
            "three-ways",
            ExactCover("abc", options=[["a", "b"], ["c"], ["a"], ["b", "c"], ["b"]]),
        ),
        (
            "secondary",
            ExactCover(
                "abc",
                "xy",
                options=[
                    ["a", "x"],
                    ["b", "x"],
                    ["b", "y"],
                    ["c"],
                    ["a", "b"],
                    ["c", "y"],
                    ["x", "y"],  # no primary item: in no solution
                    ["a"],
                ],
            ),
        ),
        (
            "dead-ends",
            ExactCover(
                "abcd",
                options=[["a", "b"], ["a", "c"], ["b", "c"], ["c", "d"], ["d"], ["b"]],
            ),
        ),
        (
            "no-solution",
            ExactCover("abc", options=[["a", "b"], ["b", "c"], ["a", "c"]]),
        ),
        ("no-options", ExactCover("abc")),
        ("no-items", ExactCover()),
        (
            "colours",
            ExactCover(
                "ABC",
                "XY",
                options=[
                    ["A", Colored("X", red)],
                    ["B", Colored("X", red), Colored("Y", blue)],
                    ["B", Colored("X", blue)],
                    ["C", Colored("Y", blue)],
                    ["C", "Y"],
                    ["A", "B"],
                    ["C", Colored("X", blue)],
                ],
            ),
        ),
        (
            "colours-no-solution",
            ExactCover(
                "AB",
                "X",
                options=[["A", Colored("X", 1)], ["B", Colored("X", 2)], ["B", "X"]],
            ),
        ),
        (
            # Lists longer than a byte holds (Algorithm X's wide form), one
            # of them past 255; every item has 64 options or more at the root.
            "long-lists",
            ExactCover(
                "ab",
                "x",
                options=[["a", "x"]] * 70 + [["a", "b"]] + [["b", "x"]] * 260,
            ),
        ),
        (
            "bounds",
            ExactCover("AB", options=[["A"], ["A", "B"], ["B"]], bounds={"A": (1, 2)}),
        ),
        (
            "bounds-zero",
            ExactCover("AB", options=[["A", "B"], ["B"]], bounds={"A": (0, 1)}),
        ),
        (
            "bounds-no-solution",
            ExactCover(
                "AB",
                "X",
                options=[["A", Colored("X", 1)], ["A", Colored("X", 2)], ["B"]],
                bounds={"A": (2, 3)},
            ),
        ),
    ]


#: Files of tests/data with reference statistics, small enough to run
#: every check on (at most a few hundred nodes).
FILES = {
    "knuth": (
        "knuth_example",
        "rand06",
        "big05",
        "big22",  # no solution
        "poly2x4",
        "queens6",
        "langford7",
        "knuth_color_example",
        "color10",
        "color25",
        "cbig05",
        "colorq5",
    ),
    "dlx3": (
        "knuth-example",
        "rooks-4",
        "random-00",
        "random-02",
        "random-05",  # no solution, one node
        "random-09",
        "random-12",
        "random-37",  # no solution, dead ends
    ),
    "dlx5": (
        "knuth_intro",
        "timetable",
        "costs01",
        "costs05",
        "costs06",  # no solution
        "queens6cost",
    ),
}


@cache
def pool() -> tuple[Fixture, ...]:
    """Every fixture, the hand-made ones first."""
    fixtures = [Fixture(name, problem) for name, problem in _hand_made()]
    for source, names in FILES.items():
        for name in names:
            text = (DATA / source / f"{name}.dlx").read_text()
            fixtures.append(Fixture(f"{source}/{name}", parse_dlx(text, name), source))
    return tuple(fixtures)


def pool_of(variant: Variant) -> list[tuple[Fixture, Links]]:
    """The fixtures the variant's form applies to, with their links in its layout."""
    chosen = []
    for fixture in pool():
        links = fixture.links(variant)
        if variant.applies(links):
            chosen.append((fixture, links))
    return chosen


@contextlib.contextmanager
def about(fixture: Fixture) -> Iterator[None]:
    """Name the fixture in any failure inside."""
    try:
        yield
    except BaseException as error:
        error.add_note(f"on fixture {fixture.name}")
        raise


# -- the oracle ------------------------------------------------------------------------


@cache
def oracle_of(fixture_name: str) -> frozenset[Solution]:
    (fixture,) = [f for f in pool() if f.name == fixture_name]
    return frozenset(oracle(fixture.problem))


# -- runs ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """The solutions of a search in order, its final statistics, and those at each solution."""

    solutions: tuple[Solution, ...]
    stats: Stats
    at_solutions: tuple[Stats, ...] = field(default=(), compare=False)


def copy(stats: Stats) -> Stats:
    return records.replace(stats)


def add(a: Stats, b: Stats) -> Stats:
    return Stats(
        a.nodes + b.nodes,
        a.updates + b.updates,
        a.cleansings + b.cleansings,
        a.solutions + b.solutions,
    )


def full_run(search: Search) -> Run:
    """Run ``search`` to the end, checking its links before, between and after."""
    search.check()
    found: list[Solution] = []
    at: list[Stats] = []
    for solution in search:
        search.check()
        found.append(solution)
        at.append(copy(search.stats))
    search.check()
    assert search.outcome is Outcome.EXHAUSTED
    return Run(tuple(found), copy(search.stats), tuple(at))


_REFERENCE: dict[tuple[str, str, int | None], Run] = {}


def reference(fixture: Fixture, algorithm: Algorithm, seed: int | None = None) -> Run:
    """The run of ``algorithm`` on the problem's own links, in its first form that applies."""
    key = (fixture.name, algorithm.name, seed)
    if key not in _REFERENCE:
        links = fixture.problem.links()
        _REFERENCE[key] = full_run(Search(links, algorithm=algorithm.name, seed=seed))
    return _REFERENCE[key]


def run_in_pieces(
    variant: Variant, links: Links, budgets: Sequence[int], seed: int | None = None
) -> Run:
    """Search with node budgets ``budgets`` (in all), resuming through JSON after each stop."""
    found: list[Solution] = []
    saved: Position | None = None
    for budget in [*budgets, None]:
        search = variant.search(links, max_nodes=budget, resume=saved, seed=seed)
        try:
            found.extend(search)
        except BudgetExceeded as stop:
            assert budget is not None
            assert stop.outcome is search.outcome is Outcome.OUT_OF_NODES
            assert search.stats.nodes <= budget
            search.check()
            saved = Position.from_json(search.position().to_json())
            continue
        search.check()
        return Run(tuple(found), copy(search.stats))
    raise AssertionError("the last piece has no budget")


def run_by_solutions(variant: Variant, links: Links, seed: int | None = None) -> Run:
    """A chain of searches, each resumed from the position at the last one's solution."""
    found: list[Solution] = []
    saved: Position | None = None
    while True:
        search = variant.search(links, resume=saved, seed=seed)
        solution = next(search, None)
        search.check()
        if solution is None:
            return Run(tuple(found), copy(search.stats))
        found.append(solution)
        saved = Position.from_json(search.position().to_json())


def needs(variant: Variant, feature: str) -> None:
    """Skip a check of ``feature`` for a variant whose algorithm does not support it."""
    if feature not in variant.algorithm.supports:
        pytest.skip(
            f"{variant.algorithm.title} does not support {FEATURES[feature]}"
            " (test_features_are_exercised_or_refused checks that it refuses)"
        )


def budgets_for(nodes: int, most: int = 40) -> list[int]:
    """Every node budget from 0 to ``nodes`` when there are few, else ``most`` spread out."""
    if nodes < most:
        return list(range(nodes + 1))
    return sorted({round(k * nodes / (most - 1)) for k in range(most)})


# -- walking a variant's tree ----------------------------------------------------------


def walk_frontier(variant: Variant, links: Links, depth: int) -> tuple[Frontier, int]:
    """The frontier at ``depth``, walked with the variant's walker, and the dead ends above.

    The walk of :func:`dlx.parallel.frontier`, which always takes the
    problem's default algorithm, with any algorithm's walker.
    """
    stats = Stats()
    if depth == 0:
        return Frontier((FrontierEntry((), False, 1.0),), stats), 0
    walker = variant.walker(links)
    entries: list[FrontierEntry] = []
    path: list[int] = []
    dead_ends = 0

    def visit(level: int, weight: float) -> None:
        nonlocal dead_ends
        stats.nodes += 1
        item, d = walker.choose()
        if item < 0:
            stats.solutions += 1
            entries.append(FrontierEntry(tuple(path), True, weight))
            return
        if d == 0:
            dead_ends += 1
            walker.dead_end(item)
            return
        share = weight / d
        node = walker.enter(item, False)
        while node >= 0:
            walker.take(node)
            path.append(walker.option(node))
            if level + 1 == depth:
                entries.append(FrontierEntry(tuple(path), False, share))
            else:
                visit(level + 1, share)
            path.pop()
            node = walker.untake(node)
        walker.leave(item)

    visit(0, 1.0)
    stats.updates = walker.updates
    stats.cleansings = walker.cleansings
    return Frontier(tuple(entries), stats), dead_ends


WHOLE_TREE = 1 << 30  # a depth below every leaf


def as_solution(options: Sequence[int]) -> Solution:
    """A path's options as a search yields them: sorted, without null moves (-1)."""
    return tuple(sorted(option for option in options if option >= 0))


@dataclass(frozen=True)
class Probe:
    """One path of Knuth's estimator, weighted: what dlx.estimate.probe computes, and cleansings."""

    nodes: int
    updates: int
    cleansings: int
    solutions: int
    degrees: tuple[int, ...]


def probe(walker: Walker, choices: Sequence[int]) -> Probe:
    """Walk one path from the root, taking branch ``choices[level]`` (0 past the end).

    Weights as :func:`dlx.estimate.probe` does, with any walker.
    """
    weight = 1
    nodes = updates = cleansings = solutions = 0
    degrees: list[int] = []
    while True:
        nodes += weight
        item, d = walker.choose()
        if item < 0:
            solutions = weight
            break
        before = (walker.updates, walker.cleansings)
        if d == 0:
            walker.dead_end(item)
            updates += weight * (walker.updates - before[0])
            cleansings += weight * (walker.cleansings - before[1])
            break
        node = walker.enter(item, False)
        updates += weight * (walker.updates - before[0])
        cleansings += weight * (walker.cleansings - before[1])
        for _ in range(choices[len(degrees)] if len(degrees) < len(choices) else 0):
            node = walker.skip(node)
        degrees.append(d)
        weight *= d
        before = (walker.updates, walker.cleansings)
        walker.take(node)
        updates += weight * (walker.updates - before[0])
        cleansings += weight * (walker.cleansings - before[1])
    return Probe(nodes, updates, cleansings, solutions, tuple(degrees))


def walk_one(variant: Variant, links: Links, choices: Sequence[int]) -> Probe:
    """One probe from the root of a fresh copy of ``links``."""
    return probe(variant.walker(links), choices)


def scripted(choices: Sequence[int]) -> Callable[[int], int]:
    """A ``pick`` for :func:`dlx.estimate.probe` that takes ``choices`` in turn."""
    picks = iter(choices)

    def pick(d: int) -> int:
        choice = next(picks)
        assert 0 <= choice < d
        return choice

    return pick


def every_path(walk: Callable[[list[int]], Probe]) -> Iterator[tuple[list[int], Probe]]:
    """Every root-to-leaf path of a tree, as the choices that lead there and its probe."""
    todo: list[list[int]] = [[]]
    while todo:
        choices = todo.pop()
        result = walk(choices)
        full = choices + [0] * (len(result.degrees) - len(choices))
        yield full, result
        for level in range(len(choices), len(result.degrees)):
            todo.extend([*full[:level], alt] for alt in range(1, result.degrees[level]))


# -- 0. the registry and the pool ------------------------------------------------------


def test_every_pair_of_the_registry_is_a_variant() -> None:
    ids = {v.id for v in VARIANTS}
    for algorithm in REGISTRY.values():
        for form in algorithm.forms:
            assert f"{algorithm.name}-{form.name}" in ids
    assert {
        "X-packed",
        "X-packed-rolled",
        "X-plain",
        "C-colored",
        "M-multiplicity",
    } <= ids
    pairs = {(a.name, f.name) for a in REGISTRY.values() for f in a.forms}
    assert set(LAYOUTS) <= pairs, "a layout for a pair the registry no longer has"
    assert len(ids) == len(VARIANTS)


def test_the_pool_has_every_kind_of_problem() -> None:
    fixtures = pool()
    assert any(f.problem.secondary for f in fixtures)
    assert any(f.problem.uses_colors for f in fixtures)
    assert any(f.problem.bounds for f in fixtures)
    assert any(len(f.problem) == 0 for f in fixtures)
    assert any(not oracle_of(f.name) for f in fixtures)
    for name in ("X", "C", "M"):
        assert sum(f.numbers(name) is not None for f in fixtures) >= 3, name


@BY_VARIANT
def test_every_variant_has_fixtures_of_each_kind(variant: Variant) -> None:
    chosen = pool_of(variant)
    assert len(chosen) >= 3, [f.name for f, _ in chosen]
    assert any(oracle_of(f.name) for f, _ in chosen)
    assert any(not oracle_of(f.name) for f, _ in chosen)
    assert any(walk_frontier(variant, links, WHOLE_TREE)[1] for _, links in chosen)
    if "colors" in variant.algorithm.supports:
        assert any(links.color is not None for _, links in chosen)
    if "bounds" in variant.algorithm.supports:
        assert any(links.bound is not None for _, links in chosen)
    if variant.layout == "unrolled":  # some fixture really unrolls
        assert any(
            len(set(links.span[links.n_items + 1 :])) == 1 for _, links in chosen
        )


@pytest.mark.parametrize(
    "variant", [pytest.param(v, id=v.id) for v in VARIANTS if v.suffix == "handoff"]
)
def test_the_handoff_variants_move_searches_in_the_middle(variant: Variant) -> None:
    moved = 0
    for fixture, links in pool_of(variant):
        with about(fixture):
            search = variant.search(links)
            list(search)
        spent = sum(algorithm_x_packed.UPDATES_AS_WRITTEN.values())
        algorithm_x_packed.UPDATES_AS_WRITTEN.clear()
        # Moved: the loop as written did some updates, the written-out one the rest.
        moved += 5 <= spent < search.stats.updates
    assert moved >= 3


# -- 1. the oracle, and every form of an algorithm alike ---------------------------------


@BY_VARIANT
def test_solutions_agree_with_the_oracle_and_the_forms_agree(variant: Variant) -> None:
    for fixture, links in pool_of(variant):
        with about(fixture):
            run = full_run(variant.search(links))
            assert set(run.solutions) == oracle_of(fixture.name)
            assert len(run.solutions) == len(set(run.solutions))
            assert all(list(s) == sorted(s) for s in run.solutions)
            assert run.stats.solutions == len(run.solutions)
            # Every form of one algorithm: the same order, the same counts.
            assert run == reference(fixture, variant.algorithm)
            counting = variant.search(links, count_only=True)
            assert list(counting) == []  # counted inside the loop
            assert counting.stats == run.stats


# -- 2. Knuth's statistics -------------------------------------------------------------


@BY_VARIANT
def test_knuths_statistics(variant: Variant) -> None:
    if variant.algorithm.name not in KNUTH_TABLES:
        pytest.skip(f"no reference statistics for Algorithm {variant.algorithm.name}")
    checked = 0
    for fixture, links in pool_of(variant):
        numbers = fixture.numbers(variant.algorithm.name)
        if numbers is None:
            continue
        with about(fixture):
            search = variant.search(links)
            for _ in search:
                pass
            assert search.stats == numbers
            checked += 1
    assert checked >= 3


# -- 3. the links check out ------------------------------------------------------------


@BY_VARIANT
def test_the_links_check_out_at_every_stop(variant: Variant) -> None:
    for fixture, links in pool_of(variant):
        with about(fixture):
            full_run(variant.search(links))  # before, after each solution, at the end
            nodes = reference(fixture, variant.algorithm).stats.nodes
            for budget in budgets_for(nodes, 8)[:-1]:
                search = variant.search(links, max_nodes=budget)
                with pytest.raises(BudgetExceeded):
                    for _ in search:
                        search.check()
                search.check()


# -- 4. resuming -----------------------------------------------------------------------


@BY_VARIANT
def test_resuming_at_every_clock_check_finishes_like_one_run(variant: Variant) -> None:
    needs(variant, "resume")
    for fixture, links in pool_of(variant):
        with about(fixture):
            whole = reference(fixture, variant.algorithm)
            budgets = budgets_for(whole.stats.nodes)
            for budget in budgets:
                assert run_in_pieces(variant, links, [budget]) == whole
            # One search stopped many times, each resumed from the last.
            assert run_in_pieces(variant, links, budgets[1::3]) == whole


@BY_VARIANT
def test_resuming_at_every_solution_finishes_like_one_run(variant: Variant) -> None:
    needs(variant, "resume")
    for fixture, links in pool_of(variant):
        with about(fixture):
            whole = reference(fixture, variant.algorithm)
            assert run_by_solutions(variant, links) == whole
            # Positions taken between two next() of one search that goes on.
            search = variant.search(links)
            start = search.position()  # before the first step: the start
            assert full_run(variant.search(links, resume=start)) == whole
            for k, solution in enumerate(search):
                assert solution == whole.solutions[k]
                position = search.position()
                assert position.at_solution
                rest = full_run(variant.search(links, resume=position))
                assert rest.solutions == whole.solutions[k + 1 :]
                assert rest.stats == whole.stats
            assert search.stats == whole.stats


# -- 5. splitting ----------------------------------------------------------------------


@BY_VARIANT
def test_prefixes_of_a_frontier_add_up_to_the_serial_search(variant: Variant) -> None:
    needs(variant, "prefix")
    for fixture, links in pool_of(variant):
        with about(fixture):
            whole = reference(fixture, variant.algorithm)
            for depth in (0, 1, 2, 3, WHOLE_TREE):
                cut, _ = walk_frontier(variant, links, depth)
                if variant.is_default(links) and depth != WHOLE_TREE:
                    assert cut == parallel.frontier(links, depth)
                found: list[Solution] = []
                total = copy(cut.stats)
                for entry in cut.entries:
                    if entry.solution:
                        found.append(as_solution(entry.options))
                        continue
                    piece = full_run(variant.search(links, prefix=entry.options))
                    found += piece.solutions
                    total = add(total, piece.stats)
                assert (found, total) == (list(whole.solutions), whole.stats), depth


@pytest.fixture(scope="module")
def threads() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(2) as executor:
        yield executor


@pytest.mark.threads
@BY_VARIANT
def test_a_split_search_equals_the_serial_one(
    variant: Variant, threads: ThreadPoolExecutor
) -> None:
    if "split" not in variant.algorithm.supports:
        pytest.skip(f"{variant.algorithm.title} does not split (see test_features)")
    # dlx.parallel runs the problem's default algorithm: the fixtures where
    # this variant is it (the frontier test above covers the others).
    defaults = [
        (f, links) for f, links in pool_of(variant) if variant.is_default(links)
    ]
    preferred = algorithms.PREFERRED_FORMS.get(sys.implementation.name, ())
    if not defaults and preferred and variant.form.name not in preferred:
        # E.g. X's packed form on PyPy, which runs the plain form instead.
        pytest.skip(
            f"not chosen on {sys.implementation.name} (PREFERRED_FORMS: {preferred})"
        )
    if not defaults and variant.form.prefer is not None:
        # X's marks form: chosen for tilings, too big for this pool; its split
        # is tested on the pentominoes in tests/test_algorithm_x_packed_marks.py.
        pytest.skip(f"the {variant.form.name} form is chosen for none of the pool")
    assert defaults, "split is supported, but the dispatcher never chooses this variant"
    for fixture, links in defaults:
        with about(fixture):
            whole = reference(fixture, variant.algorithm)
            for task_nodes in (1, 5):
                if task_nodes == 1 and whole.stats.nodes > 300:
                    continue
                run = parallel.search(
                    links, threads, task_seconds=None, task_nodes=task_nodes
                )
                assert (tuple(run), run.stats) == (whole.solutions, whole.stats)
                assert run.outcome is Outcome.EXHAUSTED
            counting = parallel.search(links, threads, count_only=True, task_nodes=3)
            assert counting.count() == len(whole.solutions)
            assert counting.stats == whole.stats


# -- 6. budgets, stop requests, progress ----------------------------------------------


@BY_VARIANT
def test_limits_budgets_and_stop_requests(variant: Variant) -> None:
    for fixture, links in pool_of(variant):
        with about(fixture):
            whole = reference(fixture, variant.algorithm)
            n = len(whole.solutions)
            for limit in sorted({0, 1, n // 2, n, n + 1}):
                search = variant.search(links, limit=limit)
                found = tuple(search)
                search.check()
                assert found == whole.solutions[:limit]
                if limit > n:
                    assert search.outcome is Outcome.EXHAUSTED
                    continue
                assert search.outcome is Outcome.LIMIT_REACHED
                if limit:
                    assert search.stats == whole.at_solutions[limit - 1]
            nodes = whole.stats.nodes
            for budget in sorted({0, nodes // 2, nodes - 1}):
                search = variant.search(links, max_nodes=budget)
                got: list[Solution] = []
                with pytest.raises(BudgetExceeded) as caught:
                    got.extend(search)
                assert caught.value.outcome is search.outcome is Outcome.OUT_OF_NODES
                assert caught.value.stats.nodes <= budget
                assert search.stats.nodes <= budget
                assert tuple(got) == whole.solutions[: len(got)]
            assert full_run(variant.search(links, max_nodes=nodes)) == whole
            if "resume" not in variant.algorithm.supports:
                search = variant.search(links)
                search.request_stop()
                with pytest.raises(Interrupted) as stopped:
                    next(search)
                assert stopped.value.outcome is search.outcome is Outcome.INTERRUPTED
                search.check()
                continue
            # A stop request acts at the next clock check: a search's first
            # (here from the start, and from the position at the first
            # solution), then every 1,024 nodes.
            starts: list[tuple[Solution, ...]] = [()]
            first = variant.search(links)
            starts += [(s,) for s in itertools.islice(first, 1)]
            for before in starts:
                saved = first.position() if before else None
                search = variant.search(links, resume=saved)
                if search.outcome is Outcome.EXHAUSTED:  # nothing after the solution
                    assert before == whole.solutions
                    continue
                search.request_stop()
                with pytest.raises(Interrupted) as stopped:
                    next(search)
                assert stopped.value.outcome is search.outcome is Outcome.INTERRUPTED
                search.check()
                rest = full_run(variant.search(links, resume=search.position()))
                assert (before + rest.solutions, rest.stats) == (
                    whole.solutions,
                    whole.stats,
                )


@BY_VARIANT
def test_the_fraction_done_grows_to_one(variant: Variant) -> None:
    for fixture, links in pool_of(variant):
        with about(fixture):
            reports: list[Progress] = []
            search = variant.search(
                links, progress=reports.append, progress_interval=1e-9
            )
            fractions: list[float] = []
            for _ in search:
                fractions.append(variant.algorithm.fraction(search))
            # Each solution is a leaf of its own: its share of the tree
            # starts after the last one's.
            assert all(0 < f < 1 for f in fractions)
            assert all(a < b for a, b in itertools.pairwise(fractions))
            assert reports and reports[-1].fraction == 1.0
            # Where a node budget stops the search, the node about to be
            # entered comes after every solution found: its share too.
            whole = reference(fixture, variant.algorithm)
            for budget in budgets_for(whole.stats.nodes, 12)[:-1]:
                stopped = variant.search(links, max_nodes=budget)
                found = 0
                with pytest.raises(BudgetExceeded):
                    for _ in stopped:
                        found += 1
                fraction = variant.algorithm.fraction(stopped)
                assert 0 <= fraction <= 1
                if found:
                    assert fraction > fractions[found - 1]


# -- 7. seeded ties --------------------------------------------------------------------


@BY_VARIANT
def test_seeded_ties(variant: Variant) -> None:
    needs(variant, "seed")
    reordered = False
    for fixture, links in pool_of(variant):
        with about(fixture):
            whole = reference(fixture, variant.algorithm)
            for seed in (0, 1, 7):
                run = full_run(variant.search(links, seed=seed))
                assert set(run.solutions) == set(whole.solutions)
                assert len(run.solutions) == len(whole.solutions)
                assert full_run(variant.search(links, seed=seed)) == run
                # Every form of the algorithm draws alike.
                assert run == reference(fixture, variant.algorithm, seed)
                reordered = reordered or run != whole
                middle = run.stats.nodes // 2
                assert run_in_pieces(variant, links, [middle], seed=seed) == run
                assert run_by_solutions(variant, links, seed=seed) == run
    assert reordered, "no fixture where a seed changes anything"


# -- the estimator's walk (feature "estimate") -----------------------------------------


@BY_VARIANT
def test_probes_of_every_path_average_to_the_search(variant: Variant) -> None:
    needs(variant, "estimate")
    # Knuth's estimator is unbiased: the probes of every path, each
    # weighted by its probability, add up to the search's counts exactly.
    # Here with the variant's own walker; where it is the default,
    # dlx.estimate.probe must walk the same paths alike.
    for fixture, links in pool_of(variant):
        whole = reference(fixture, variant.algorithm)
        if whole.stats.nodes > 700:
            continue
        with about(fixture):
            total = [Fraction(0)] * 4
            default = variant.is_default(links)
            for choices, result in every_path(partial(walk_one, variant, links)):
                p = Fraction(1, prod(result.degrees))
                counts = (
                    result.nodes,
                    result.updates,
                    result.cleansings,
                    result.solutions,
                )
                total = [t + p * c for t, c in zip(total, counts, strict=True)]
                if default:
                    theirs = estimate_probe(links, scripted(choices))
                    assert (
                        theirs.nodes,
                        theirs.updates,
                        theirs.solutions,
                        theirs.degrees,
                    ) == (
                        result.nodes,
                        result.updates,
                        result.solutions,
                        result.degrees,
                    )
            stats = whole.stats
            assert total == [
                stats.nodes,
                stats.updates,
                stats.cleansings,
                stats.solutions,
            ]


# -- 8. features supported and refused -------------------------------------------------

#: For each feature word, the test of this module that exercises it on
#: every variant whose algorithm supports it.
EXERCISED_BY = {
    "resume": "test_resuming_at_every_clock_check_finishes_like_one_run",
    "prefix": "test_prefixes_of_a_frontier_add_up_to_the_serial_search",
    "split": "test_a_split_search_equals_the_serial_one",
    "estimate": "test_probes_of_every_path_average_to_the_search",
    "seed": "test_seeded_ties",
    "colors": "test_solutions_agree_with_the_oracle_and_the_forms_agree",
    "bounds": "test_solutions_agree_with_the_oracle_and_the_forms_agree",
}


def refusal(call: Callable[[], object]) -> str:
    """The message of the ValueError ``call`` raises."""
    with pytest.raises(ValueError) as caught:
        call()
    return str(caught.value)


@BY_VARIANT
def test_features_are_exercised_or_refused(
    variant: Variant, threads: ThreadPoolExecutor
) -> None:
    algorithm = variant.algorithm
    assert set(EXERCISED_BY) == set(FEATURES)
    assert algorithm.supports <= set(FEATURES)
    for feature in algorithm.supports:
        test = globals()[EXERCISED_BY[feature]]
        marks = [m for m in getattr(test, "pytestmark", []) if m.name == "parametrize"]
        assert any(m.args[0] == "variant" for m in marks), (feature, test.__name__)
    unsupported = sorted(set(FEATURES) - algorithm.supports)
    # algorithms.refuse answers for the algorithm the dispatcher chooses:
    # on the fixtures where that is this variant.
    chosen = pool_of(variant)
    for _, links in chosen:
        if not variant.is_default(links):
            continue
        for feature in algorithm.supports:
            algorithms.refuse(feature, links)  # no error
        for feature in unsupported:
            message = refusal(lambda: algorithms.refuse(feature, links))  # noqa: B023
            assert message == f"{algorithm.title} does not support {FEATURES[feature]}"
    # Asking for what is not supported is refused (colours and bounds: by
    # the problems that have them, which the algorithm cannot run).
    for feature in unsupported:
        attempts = [
            attempt
            for fixture in pool()
            for attempt in attempts_at(
                feature, variant, fixture.links(variant), threads
            )
        ]
        # parallel and estimate run only the dispatcher's choice: a variant
        # it never chooses cannot be asked for them.
        reachable = feature not in ("split", "estimate") or any(
            variant.is_default(links) for _, links in chosen
        )
        assert attempts or not reachable, feature
        for attempt in attempts:
            refusal(attempt)


def attempts_at(
    feature: str, variant: Variant, links: Links, executor: ThreadPoolExecutor
) -> list[Callable[[], object]]:
    """Ways of asking the variant for ``feature`` on ``links`` (none where it cannot ask)."""
    if feature in ("colors", "bounds"):
        has_it = (links.color if feature == "colors" else links.bound) is not None
        return [lambda: variant.search(links)] if has_it else []
    if not variant.applies(links):
        return []
    attempts: list[Callable[[], object]] = []
    if feature == "resume":
        start = variant.search(links).position()
        attempts.append(lambda: variant.search(links, resume=start))
    elif feature == "prefix":
        attempts.append(lambda: variant.search(links, prefix=[]))
    elif feature == "seed":
        attempts.append(lambda: variant.search(links, seed=1))
    elif variant.is_default(links):  # parallel and estimate take the default
        if feature == "split":
            attempts.append(lambda: list(parallel.search(links, executor)))
        elif feature == "estimate":
            attempts.append(lambda: estimate(links, 10, seed=1))
    return attempts


def test_unknown_algorithms_and_forms_are_refused() -> None:
    links = ExactCover("ab", options=[["a"], ["b"]]).links()
    names = ", ".join(map(repr, REGISTRY))
    assert refusal(lambda: Search(links, algorithm="Z")) == (
        f"no algorithm 'Z' (there are {names})"
    )
    for algorithm in REGISTRY.values():
        if not algorithm.applies(links):
            continue
        message = refusal(lambda: Search(links, algorithm=algorithm.name, form="nope"))  # noqa: B023
        assert message.startswith(f"{algorithm.title} has no loop form 'nope'")
    listed = compiled_as(ExactCover("ab", options=[["a"], ["b"]]), "list")
    assert refusal(lambda: Search(listed, algorithm="X", form="packed")) == (
        f"no loop form of {REGISTRY['X'].title} can run this problem"
    )


def test_memo_refuses_what_it_does_not_support(threads: ThreadPoolExecutor) -> None:
    fixtures = {f.name: f.problem for f in pool()}
    bounded = fixtures["dlx3/rooks-4"]
    plain = fixtures["knuth/queens6"]
    coloured = fixtures["knuth/colorq5"]
    with_bounds = refusal(lambda: algorithms.refuse("memo", bounded.links()))
    assert with_bounds == f"method='memo' is {UNSUPPORTED}"
    # The entry points refuse it by the table of ways, one wording each.
    assert refusal(lambda: bounded.count(method="memo")) == (
        "method='memo' does not handle bounds on items (multiplicities) yet: "
        "count with method='dlx'"
    )
    # MemoSearch itself says it in its own words (dlx.memo owns UNSUPPORTED).
    assert refusal(lambda: MemoSearch(bounded.links())).endswith(UNSUPPORTED)
    assert refusal(bounded.zdd) == (
        "zdd() draws from the diagram of memoised search, which does not handle "
        "bounds on items (multiplicities) yet"
    )
    # What memoised search takes, whatever the problem, is decided by the
    # table of ways (dlx.ways), in the words of the API.
    one_process = (
        "memoised search runs whole in one process (its cache is its work, "
        "which can be neither saved nor split)"
    )
    start = plain.search().position()
    calls: tuple[tuple[str, Callable[[], int]], ...] = (
        ("resume=", lambda: plain.count(method="memo", resume=start)),
        ("prefix=", lambda: plain.count(method="memo", prefix=[0])),
        ("executor=", lambda: plain.count(method="memo", executor=threads)),
    )
    for keyword, call in calls:
        with pytest.raises(ways.Refused) as caught:
            call()
        assert str(caught.value) == (
            f"method='memo' does not go with {keyword}: {one_process}"
        )
    # What it supports works.
    assert plain.count(method="memo", seed=3) == plain.count()
    assert coloured.count(method="memo") == coloured.count()


# -- random problems -------------------------------------------------------------------


@BY_VARIANT
@settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_problems(variant: Variant, data: st.DataObject) -> None:
    supports = variant.algorithm.supports
    case = data.draw(bounded_specs(colours="colors" in supports))
    if "bounds" not in supports:
        case = Bounded(case.spec, tuple((1, 1) for _ in case.bounds))
    problem = case.build()
    links = lay_out(problem, variant.layout)
    assume(variant.applies(links))
    whole = full_run(variant.search(links))
    assert set(whole.solutions) == oracle(problem)
    assert len(whole.solutions) == len(set(whole.solutions))
    own = full_run(Search(problem.links(), algorithm=variant.algorithm.name))
    assert whole == own
    depth = data.draw(st.integers(1, 3))
    if not {"resume", "seed", "prefix"} <= supports:
        # Algorithm X5: its own walker walks the tree the search explores.
        cut, _ = walk_frontier(variant, links, WHOLE_TREE)
        assert sorted(as_solution(e.options) for e in cut.entries) == sorted(
            whole.solutions
        )
        assert (cut.stats.nodes, cut.stats.updates, cut.stats.cleansings) == (
            whole.stats.nodes,
            whole.stats.updates,
            whole.stats.cleansings,
        )
        return
    budget = data.draw(st.integers(0, whole.stats.nodes))
    assert run_in_pieces(variant, links, [budget]) == whole
    assert run_by_solutions(variant, links) == whole
    seed = data.draw(st.integers(0, 2**16))
    seeded = full_run(variant.search(links, seed=seed))
    assert sorted(seeded.solutions) == sorted(whole.solutions)
    assert run_in_pieces(variant, links, [budget], seed=seed) == seeded
    cut, _ = walk_frontier(variant, links, depth)
    found: list[Solution] = []
    for entry in cut.entries:
        if entry.solution:
            found.append(as_solution(entry.options))
        else:
            found.extend(variant.search(links, prefix=entry.options))
    assert found == list(whole.solutions)
