"""Where the workers of a split search start from: shipped problems and kept places.

A worker of :mod:`dlx.parallel` rebuilds the problem from the bytes of
:meth:`dlx.links.Links.to_bytes`, and keeps :class:`dlx.position.Place`
objects so that a subproblem walks only the part of its path the worker
is not at yet.  These tests check that both give exactly what building
afresh and walking from the root give.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, TypeVar

import pytest
from dlx_helpers import FORMS, compiled_as, langford, n_queens
from dlx_oracles import Bounded, Spec, bounded_specs, specs
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import BudgetExceeded, Colored, ExactCover, Search, parallel, records
from dlx.algorithms import walker as tree_walker
from dlx.engine import CostSearch
from dlx.links import Links
from dlx.position import COPY_NODES, Place, option_left, split

T = TypeVar("T")


def same_links(a: Links, b: Links) -> None:
    # The private slots hold the sibling tuples, or what makes them on first
    # use (dlx.links.LAZY_SIBLINGS): compared through the properties.
    names = [name for name in Links.__slots__ if not name.startswith("_")]
    for name in [*names, "others", "others_rev"]:
        if name == "cache":
            continue
        mine, theirs = getattr(a, name), getattr(b, name)
        assert mine == theirs, name
        assert type(mine) is type(theirs), name


@settings(max_examples=60, deadline=None)
@given(specs(), st.sampled_from(FORMS), st.integers(1, 4))
def test_links_travel_as_bytes_unchanged(spec: Spec, form: str, width: int) -> None:
    links = compiled_as(spec.build(), form, tuple_width=width)
    copy = Links.from_bytes(links.to_bytes())
    same_links(links, copy)
    # One int object per node number, shared by the arrays, as built.
    up, down = copy.up, copy.down
    assert all(down[up[x]] is up[down[x]] for x in range(len(up)))


@settings(max_examples=30, deadline=None)
@given(bounded_specs())
def test_links_with_bounds_travel_as_bytes_unchanged(case: Bounded) -> None:
    links = case.build().links()
    same_links(links, Links.from_bytes(links.to_bytes()))


def test_long_lists_and_colours_travel_as_bytes() -> None:
    # 200 options on one item: the list form of the sizes.
    problem = ExactCover(["a", "b"], ["c"])
    for k in range(200):
        problem.add_option(["a", Colored("c", f"k{k % 3}")])
    problem.add_option(["b"])
    links = problem.links()
    assert not links.bytewise and links.color is not None
    same_links(links, Links.from_bytes(links.to_bytes()))
    with pytest.raises(ValueError, match="not the arrays"):
        Links.from_bytes(b"not pickled")


def test_costs_travel_as_bytes() -> None:
    # Knuth's DLX5: the costs go along (the minimum-cost search reads them).
    problem = ExactCover(["a", "b"], ["c"])
    for k in range(6):
        problem.add_option(["a", Colored("c", f"k{k % 2}")], cost=k)
    problem.add_option(["b"], cost=7)
    links = problem.links()
    copy = Links.from_bytes(links.to_bytes())
    same_links(links, copy)
    assert copy.cost == [0, 1, 2, 3, 4, 5, 7]


@pytest.mark.processes
def test_costs_past_machine_integers_travel_and_split() -> None:
    # A cost is any nonnegative integer (Knuth's format sets no bound): one
    # of 2**63 or more crashed the split searches with an OverflowError.
    problem = n_queens(8)
    costs = [2**70 if k == 0 else 2**63 if k == 5 else k for k in range(64)]
    big = ExactCover(problem.primary, problem.secondary)
    for k, cost in enumerate(costs):
        big.add_option(problem.option(k), cost=cost)
    links = big.links()
    copy = Links.from_bytes(links.to_bytes())
    same_links(links, copy)
    assert copy.cost == costs
    serial_best = big.best(3)
    # Spawned: forking a process that has threads (pytest-xdist's) may deadlock.
    with ProcessPoolExecutor(
        2, mp_context=multiprocessing.get_context("spawn")
    ) as pool:
        assert big.count(executor=pool) == big.count() == 92
        split_best = big.best(3, executor=pool)
    cheapest = sorted(sum(costs[k] for k in s) for s in problem.solutions())[:3]
    for found in (serial_best, split_best):  # ties may come in either order
        assert [cost for cost, _ in found] == cheapest
        assert all(cost == sum(costs[k] for k in s) for cost, s in found)


def walked_from_root(links: Links, path: list[tuple[int | None, int]]) -> Place:
    place = Place(tree_walker(links))
    place.go(path)
    return place


def same_place(a: Place, b: Place) -> None:
    assert (a.items, a.nodes, a.options) == (b.items, b.nodes, b.options)
    assert (a.degrees, a.skipped) == (b.degrees, b.skipped)
    for name in ("up", "down", "size", "color"):
        mine = getattr(a.walker, name, None)
        theirs = getattr(b.walker, name, None)
        if mine is not None or theirs is not None:
            assert mine == theirs, name
    # What a walker of Algorithm X or C keeps per level.
    for name in ("saves", "recorded"):
        assert getattr(a.walker, name, None) == getattr(b.walker, name, None), name


def stopped_paths(links: Links, every: int) -> list[list[tuple[int, int]]]:
    """The paths of a search stopped every ``every`` nodes, in order."""
    paths = []
    nodes = every
    while True:
        search = Search(links, count_only=True, max_nodes=nodes)
        try:
            for _ in search:
                pass
        except BudgetExceeded:
            paths.append(list(search.position().path))
            nodes += every
            continue
        return paths


@pytest.mark.parametrize(
    "problem",
    [n_queens(6), langford(5), ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])],
    ids=["queens6", "langford5", "tiny"],
)
@pytest.mark.parametrize("form", ["list-undo", "bytes", "unrolled"])
def test_a_place_moved_from_path_to_path_is_where_a_walk_from_the_root_is(
    problem: ExactCover, form: str
) -> None:
    links = compiled_as(problem, form)
    place = Place(tree_walker(links), functools.partial(tree_walker, links))
    paths = stopped_paths(links, 1)
    assert len(paths) > 2
    for path in [*paths, *reversed(paths), []]:
        place.go(path)
        same_place(place, walked_from_root(links, list(path)))
        copy = place.copy()
        same_place(copy, place)


def test_a_place_of_algorithm_m_starts_again_rather_than_back_up() -> None:
    problem = ExactCover("AB", bounds={"A": (0, 2)})
    problem.add_options([["A"], ["A", "B"], ["B"], ["A"]])
    links = problem.links()
    place = Place(tree_walker(links), functools.partial(tree_walker, links))
    paths = stopped_paths(links, 2)
    for path in [*paths, *reversed(paths)]:
        place.go(path)
        assert place.options == [option for _, option in path]
    without = Place(tree_walker(links))
    without.go(paths[-1])
    with pytest.raises(ValueError, match="cannot back up"):
        without.go(paths[0])


@pytest.mark.parametrize("problem", [n_queens(7), langford(6)], ids=["q7", "l6"])
def test_a_place_adopting_a_stopped_search_splits_as_a_walk_from_the_root(
    problem: ExactCover,
) -> None:
    links = compiled_as(problem, "list-undo")
    fresh = functools.partial(tree_walker, links)
    helpers: list[Place] = []
    whole = Search(links, count_only=True)
    for _ in whole:
        pass
    for nodes in range(1, whole.stats.nodes, max(1, whole.stats.nodes // 12)):
        search = Search(links, count_only=True, max_nodes=nodes)
        with pytest.raises(BudgetExceeded):
            for _ in search:
                pass
        at = search.position()
        adopted = Place(fresh(), fresh)
        assert adopted.adopt(search)
        same_place(adopted, walked_from_root(links, list(at.path)))
        for floor in range(len(at.path) + 1):
            expected = split(fresh(), at.path, floor, 0.5)
            got = split(adopted, at.path, floor, 0.5, known=adopted, helpers=helpers)
            assert got == expected
            # The adopted place stays where the search stopped.
            assert adopted.options == [option for _, option in at.path]
    assert helpers  # split made one and kept moving it


def test_a_snapshot_search_is_not_adopted() -> None:
    links = compiled_as(n_queens(5), "bytes")
    search = Search(links, count_only=True, max_nodes=10)
    with pytest.raises(BudgetExceeded):
        list(search)
    place = Place(tree_walker(links))
    assert not place.adopt(search)
    assert place.nodes == []


def pieces_of(links: Links, every: int) -> list[tuple[tuple[int, ...], int]]:
    """Subproblems ``(prefix, floor)`` as a split search hands them out, in order.

    The frontier at depth 2, then, for a search stopped every ``every``
    nodes, the rest :func:`split` hands back (which goes on below a floor).
    """
    found = [(p, len(p)) for p in parallel.frontier(links, 2).prefixes]
    for path in stopped_paths(links, every)[:4]:
        for floor in sorted({0, len(path) // 2, len(path)}):
            _, _, rest = split(tree_walker(links), path, floor, 1.0)
            found += [(options, k) for options, k, _ in rest]
    return found


def searched(
    links: Links, prefix: tuple[int, ...], floor: int, place: Place | None = None
) -> tuple[list[tuple[int, ...]], Any, Search]:
    search = Search(links, prefix=prefix, floor=floor, place=place)
    return list(search), search.stats, search


def searched_from(
    place: Place, links: Links, prefix: tuple[int, ...], floor: int
) -> Search:
    """Search a subproblem from ``place``; check it against a search from a copy.

    The search works on the place's own arrays, gives what a search of
    its own gives, and leaves the place at the floor's levels of the
    prefix, just as a walk from the root there.
    """
    got, stats, search = searched(links, prefix, floor, place)
    assert search.up is place.walker.up  # type: ignore[attr-defined]
    assert (got, stats) == searched(links, prefix, floor)[:2]
    path: list[tuple[int | None, int]] = [(None, o) for o in prefix[:floor]]
    place.go(path)
    same_place(place, walked_from_root(links, path))
    return search


@settings(max_examples=40, deadline=None)
@given(specs(), st.sampled_from(FORMS))
def test_a_search_borrows_the_arrays_of_its_place_and_leaves_it_at_its_floor(
    spec: Spec, form: str
) -> None:
    # No copy of the arrays per subproblem: the search works on the
    # place's own, and when it has run to its end (backed up to its
    # floor) the place is at the floor's levels of the prefix, just as
    # a walk from the root there.
    links = compiled_as(spec.build(), form)
    place = Place(tree_walker(links), functools.partial(tree_walker, links))
    for prefix, floor in pieces_of(links, 3):
        searched_from(place, links, prefix, floor).check()


@pytest.mark.parametrize("problem", [n_queens(8), langford(7)], ids=["q8", "l7"])
def test_a_search_below_a_floor_hands_the_place_back_at_the_floor(
    problem: ExactCover,
) -> None:
    # The subproblems split hands back that go on below a floor (the
    # levels from the floor down to the end of the prefix are backed up
    # through): once searched, the place is at the floor, not the prefix.
    links = problem.links()
    place = Place(tree_walker(links), functools.partial(tree_walker, links))
    below = 0
    for path in stopped_paths(links, 7)[:30]:
        for floor in range(len(path)):
            _, _, rest = split(tree_walker(links), path, floor, 1.0)
            for prefix, k, _ in rest:
                if k == len(prefix):
                    continue
                below += 1
                searched_from(place, links, prefix, k)
    assert below > 10


@settings(max_examples=30, deadline=None)
@given(specs(), st.integers(0, 3))
def test_searches_left_half_way_never_share_arrays(spec: Spec, taken: int) -> None:
    # A search the caller leaves half-way keeps the arrays it borrowed;
    # the place starts again from a fresh walker for the next search, and
    # two searches from one place, run in turns, each give their own answers.
    links = spec.build().links()
    pieces = pieces_of(links, 2)
    place = Place(tree_walker(links), functools.partial(tree_walker, links))
    running: list[tuple[Search, list[tuple[int, ...]], tuple[int, ...], int]] = []
    for prefix, floor in pieces:
        search = Search(links, prefix=prefix, floor=floor, place=place)
        head = [s for _, s in zip(range(taken), search, strict=False)]
        running.append((search, head, prefix, floor))
    for search, head, prefix, floor in reversed(running):
        got = head + list(search)
        assert (got, search.stats) == searched(links, prefix, floor)[:2]
    # The place, lost to a search that kept its arrays, still leads the
    # next search right.
    for prefix, floor in pieces[:3]:
        assert (
            searched(links, prefix, floor, place)[:2]
            == searched(links, prefix, floor)[:2]
        )


def test_a_stopped_search_hands_its_arrays_back_to_its_place() -> None:
    # The arrays are handed back as they stand (nothing copied): the place
    # is where the search stopped, as a walk from the root there.
    links = compiled_as(n_queens(7), "list-undo")
    fresh = functools.partial(tree_walker, links)
    place = Place(fresh(), fresh)
    search = Search(links, prefix=(), floor=0, place=place, max_nodes=40)
    assert search.up is place.walker.up  # type: ignore[attr-defined]
    with pytest.raises(BudgetExceeded):
        list(search)
    at = search.position()
    assert place.adopt(search)
    assert place.walker.up is search.up  # type: ignore[attr-defined]
    same_place(place, walked_from_root(links, list(at.path)))


def test_a_search_that_prepares_a_state_of_its_own_does_not_borrow() -> None:
    # Algorithm X5 sorts its own copy of the lists: given the place of the
    # default algorithm, it searches from a copy, and the place (whose
    # arrays its preparation may have changed) starts again next time.
    problem = ExactCover("abc")
    for option, cost in ((["a"], 3), (["b"], 1), (["a", "b"], 5), (["c"], 2)):
        problem.add_option(option, cost=cost)
    problem.add_option(["b", "c"], cost=1)
    links = problem.links()
    place = Place(tree_walker(links), functools.partial(tree_walker, links))
    for prefix in parallel.frontier(links, 1).prefixes:
        with_place = CostSearch(links, keep=2, prefix=prefix, place=place)
        alone = CostSearch(links, keep=2, prefix=prefix)
        assert with_place.up is not place.walker.up  # type: ignore[attr-defined]
        assert (list(with_place), with_place.best()) == (list(alone), alone.best())
        assert (
            searched(links, prefix, len(prefix), place)[:2]
            == searched(links, prefix, len(prefix))[:2]
        )


def test_a_place_prefers_moving_to_copying_the_problem() -> None:
    # Walking from the root needs a fresh copy of the arrays, which costs
    # about a level walked per COPY_NODES nodes: a place a few levels off
    # is taken over it.
    ring = ExactCover([f"x{i}" for i in range(4 * COPY_NODES)])
    n = 4 * COPY_NODES
    ring.add_options([[f"x{i}", f"x{(i + 1) % n}"] for i in range(n)])
    links = ring.links()
    place = Place(tree_walker(links), functools.partial(tree_walker, links))
    first, second = parallel.frontier(links, 3).prefixes
    place.go([(None, option) for option in first])
    path = [(None, option) for option in second]
    assert Place.nearest([place], path) is place
    small = langford(4).links()
    near = Place(tree_walker(small))
    deep, other = stopped_paths(small, 1)[-1], parallel.frontier(small, 1).prefixes
    near.go(deep)
    assert Place.nearest([near], [(None, other[-1][0])]) is None


@pytest.mark.parametrize("depth", [1, 63, 64, 65, 66, 300])
def test_option_left_reads_every_level(depth: int) -> None:
    # On a ring, level 0 has two options and every level below it one:
    # the first 64 levels are compared one by one, the others at once.
    n = 2 * (depth + 2)
    ring = ExactCover([f"x{i}" for i in range(n)])
    ring.add_options([[f"x{i}", f"x{(i + 1) % n}"] for i in range(n)])
    links = ring.links()
    first, second = parallel.frontier(links, 1).prefixes

    def stopped(prefix: tuple[int, ...]) -> Search:
        search = Search(links, prefix=prefix, floor=0, max_nodes=depth)
        with pytest.raises(BudgetExceeded):
            list(search)
        assert len(search.stack) > depth  # the prefix's level, and those below
        return search

    def plain(search: Search) -> bool:
        return any(search.down[x] != links.top[x] for x in search.stack)

    # Below the first option of level 0 its second is left; below the
    # second, nothing.
    assert option_left(stopped(first)) == plain(stopped(first)) is True
    chain = stopped(second)
    assert option_left(chain) == plain(chain) is False
    # Each level is read: an option left at any one of them is seen.
    for level in sorted({0, depth // 2, depth}):
        chain = stopped(second)
        chain.down[chain.stack[level]] = -1  # as if another option followed
        assert option_left(chain) == plain(chain) is True


class Forgetful(Executor):
    """Runs each task at once, after the worker forgot every problem it held."""

    def __init__(self) -> None:
        self.calls = 0

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        self.calls += 1
        parallel._CACHE.clear()
        parallel._PLACES.clear()
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            future.set_exception(error)
        return future


def test_a_worker_without_the_problem_gets_it_again() -> None:
    links = langford(7).links()
    serial = Search(links)
    expected = (list(serial), records.replace(serial.stats))
    executor = Forgetful()
    run = parallel.search(links, executor, task_nodes=50, task_seconds=None, workers=1)
    assert (list(run), run.stats) == expected
    # After the first result, tasks go without the problem, come back at
    # once and go again with it: more calls than tasks.
    assert run.tasks > 2
    assert executor.calls > run.tasks


@pytest.mark.processes
def test_a_pool_with_more_processes_than_cores_runs_one_task_per_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3}, raising=False)
    with ProcessPoolExecutor(4) as pool, ThreadPoolExecutor(4) as threads:
        # No process is started until a task is submitted.
        assert parallel._in_flight(pool, 4) == 1
        assert parallel._in_flight(threads, 4) == 8
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    with ProcessPoolExecutor(2) as pool:
        assert parallel._in_flight(pool, 2) == 4
