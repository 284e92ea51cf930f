"""The search engine: Knuth's statistics, deep solutions, independence, budgets, seeds."""

from __future__ import annotations

import functools
import inspect
import random
import re
import sys
import time
from collections.abc import Callable
from decimal import Decimal

import pytest
from dlx_helpers import (
    NO_TRACEMALLOC,
    langford,
    n_queens,
    pentomino_rectangle,
    sudoku_empty,
)

from dlx import BudgetExceeded, Colored, DLXError, ExactCover, Outcome, Search, Stats
from dlx.links import SNAPSHOT_MAX_ITEMS, Links

KNUTH_OPTIONS = ["C E F", "A D G", "B C F", "A D", "B G", "D E G"]


def knuth_example(secondary: bool) -> ExactCover:
    """The example of Knuth's DLX1 documentation (TAOCP 7.2.2.1 (5) with F, G)."""
    problem = ExactCover("ABCDE", "FG") if secondary else ExactCover("ABCDEFG")
    problem.add_options(option.split() for option in KNUTH_OPTIONS)
    return problem


# -- Knuth's statistics --------------------------------------------------------


@pytest.mark.parametrize(
    "secondary", [True, False], ids=["FG-secondary", "all-primary"]
)
def test_knuth_dlx1_example(secondary: bool) -> None:
    problem = knuth_example(secondary)
    search = problem.search()
    assert list(search) == [(0, 3, 4)]
    assert problem.options_of((0, 3, 4)) == [
        ("C", "E", "F"),
        ("A", "D"),
        ("B", "G"),
    ]
    assert search.outcome is Outcome.EXHAUSTED
    assert search.stats == Stats(nodes=6, updates=30, cleansings=0, solutions=1)
    assert search.stats.knuth_summary() == "Altogether 1 solution, 30 updates, 6 nodes."
    search.check()
    # Counting takes the same path, so it reports the same numbers.
    counting = Search(problem.links(), count_only=True)
    assert list(counting) == []  # counted, not handed out
    assert counting.stats == search.stats


def test_colour_example_derived_by_hand() -> None:
    # Items p q | x; options
    #   0: p x:A   1: q x:A   2: q x:B   3: q   4: q x
    # Solutions: {0, 1} (both give x colour A) and {0, 3}; not {0, 2} (colours
    # differ) nor {0, 4} (an uncoloured use clashes with every other use).
    #
    # Knuth's DLX2, step by step (list lengths: p 1, q 4, x 4):
    # node 1 (root): p has the fewest options (1); cover(p): 1 update, and
    #     option 0's node in x is unlinked: 1 update.        updates 2
    #   try option 0: purify(x) with colour A: 1 cleansing for the purify;
    #     in x's list, option 1 has colour A: marked compatible, 1 cleansing;
    #     option 2 (colour B) is hidden: its q node unlinked, 1 update;
    #     option 4 (no colour) is hidden: its q node unlinked, 1 update.
    #                                            updates 4, cleansings 2
    # node 2: q is the only primary item left, with options 1 and 3;
    #     cover(q): 1 update; option 1's x node is marked compatible, so it
    #     stays put (no update); option 3 has no other node.  updates 5
    #   try option 1: its x node is compatible: nothing to do.
    # node 3: no primary item left: solution {0, 1}.
    #   try option 3: no other items.
    # node 4: solution {0, 3}.  Then everything is undone (undoing is free).
    # Altogether 2 solutions, 5 updates, 2 cleansings, 4 nodes.
    problem = ExactCover("pq", "x")
    problem.add_options(
        [
            ["p", Colored("x", "A")],
            ["q", Colored("x", "A")],
            ["q", Colored("x", "B")],
            ["q"],
            ["q", "x"],
        ]
    )
    assert problem.uses_colors
    search = problem.search()
    assert list(search) == [(0, 1), (0, 3)]
    assert search.stats == Stats(nodes=4, updates=5, cleansings=2, solutions=2)
    assert (
        search.stats.knuth_summary(colors=True)
        == "Altogether 2 solutions, 5 updates, 2 cleansings, 4 nodes."
    )
    search.check()
    counting = Search(problem.links(), count_only=True)
    assert list(counting) == []  # counted, not handed out
    assert counting.stats == search.stats


def test_dead_end_counts_a_node_and_an_update() -> None:
    # Knuth covers the item with no options left: 1 node, 1 update.
    search = ExactCover(["a"]).search()
    assert list(search) == []
    assert search.stats == Stats(nodes=1, updates=1, cleansings=0, solutions=0)


# -- a very deep solution --------------------------------------------------------

DEPTH = 10_000


def deep_problem(colours: bool, depth: int = DEPTH) -> ExactCover:
    """Items 0..depth-1 and s; the only solution uses ``depth`` options.

    Item 0 has a single option, which takes s (colour "red" with colours);
    every other item i has the option {i} and a decoy {i, s} (colour "blue"),
    which can never join the forced option.
    """
    problem = ExactCover(range(depth), ["s"])
    problem.add_option([0, Colored("s", "red") if colours else "s"])
    for i in range(1, depth):
        problem.add_option([i])
        problem.add_option([i, Colored("s", "blue") if colours else "s"])
    return problem


@pytest.mark.parametrize("colours", [False, True], ids=["plain", "colours"])
def test_solution_with_ten_thousand_options(colours: bool) -> None:
    assert sys.getrecursionlimit() < DEPTH  # a recursive search would fail
    problem = deep_problem(colours)
    search = problem.search()
    solutions = list(search)
    expected = (0, *range(1, 2 * DEPTH - 1, 2))
    assert solutions == [expected]
    assert len(expected) == DEPTH
    search.check()
    assert search.outcome is Outcome.EXHAUSTED
    assert search.stats.solutions == 1
    assert search.stats.nodes == DEPTH + 1


@pytest.mark.skipif(NO_TRACEMALLOC is not None, reason=str(NO_TRACEMALLOC))
def test_deep_search_keeps_no_copy_per_level() -> None:
    import tracemalloc

    # Backing up by restoring a snapshot of the sizes keeps two copies of
    # them per level: with 3,000 items and a 3,000-level search that would
    # be about 150 MB.  Problems this big undo their hides instead.
    problem = deep_problem(colours=False, depth=3000)
    assert not problem.links().snapshots
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        assert len(list(problem.search())) == 1
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert peak < 10_000_000


@pytest.mark.parametrize("bytewise", [True, False], ids=["bytes", "list"])
def test_snapshots_only_up_to_the_item_limit(bytewise: bool) -> None:
    def one_option_per_item(n: int) -> ExactCover:
        problem = ExactCover(range(n))
        problem.add_options([i] for i in range(n))
        return problem

    for n, expected in [(SNAPSHOT_MAX_ITEMS, True), (SNAPSHOT_MAX_ITEMS + 1, False)]:
        problem = one_option_per_item(n)
        links = Links(n, n, problem._rows, bytewise=bytewise, packed=False)
        assert links.snapshots is expected
        assert not Links(n, n, problem._rows, snapshots=False).snapshots
        search = Search(links)
        assert list(search) == [tuple(range(n))]
        search.check()


# -- each search owns its state ---------------------------------------------------


@pytest.mark.parametrize(
    "build",
    [lambda: n_queens(8), lambda: langford(7), sudoku_empty],
    ids=["queens8", "langford7", "sudoku4"],
)
def test_interleaved_generators(build: Callable[[], ExactCover]) -> None:
    problem = build()
    alone = list(problem.solutions())
    assert len(alone) > 10
    one = problem.search()
    two = problem.search()
    got_one: list[tuple[int, ...]] = []
    got_two: list[tuple[int, ...]] = []
    # Different speeds, so that the two searches are at different depths.
    for solution in one:
        got_one.append(solution)
        one.check()
        got_two.extend(s for _, s in zip(range(2), two, strict=False))
        two.check()
    got_two.extend(two)
    assert got_one == alone
    assert got_two == alone
    one.check()
    two.check()


def test_abandoned_generator_does_not_disturb_later_searches() -> None:
    problem = n_queens(8)
    reference = problem.search()
    solutions = list(reference)
    for stop in (0, 1, 45, 91):
        abandoned = problem.search()
        for _ in range(stop):
            next(abandoned)
        abandoned.check()
        del abandoned
        later = problem.search()
        assert list(later) == solutions
        assert later.stats == reference.stats
        later.check()
    assert problem.count() == 92


def test_budget_stopped_search_does_not_disturb_later_ones() -> None:
    problem = langford(7)
    reference = list(problem.solutions())
    stopped = problem.search(max_nodes=50)
    with pytest.raises(BudgetExceeded):
        list(stopped)
    stopped.check()
    assert list(problem.solutions()) == reference


def test_option_added_after_a_search_started() -> None:
    problem = ExactCover("ab", options=[["a"], ["b"]])
    search = problem.search()
    assert next(search) == (0, 1)
    problem.add_option(["a", "b"])
    assert list(search) == []  # the running search does not see the new option
    search.check()
    assert list(problem.solutions()) == [(0, 1), (2,)]  # a new search does


def test_option_added_before_the_first_next() -> None:
    # The search is set up when it is created, not when it is first advanced.
    problem = ExactCover("ab", options=[["a"], ["b"]])
    search = problem.search()
    problem.add_option(["a", "b"])
    assert list(search) == [(0, 1)]


def test_check_is_valid_mid_search_and_detects_broken_links() -> None:
    search = n_queens(6).search()
    search.check()  # before
    next(search)
    search.check()  # in the middle, with items covered
    # check() is not a no-op: break a link and a size, one at a time.
    down = search.down[0]
    search.up[down] = len(search.up) - 1
    with pytest.raises(AssertionError):
        search.check()
    search.up[down] = 0
    search.check()
    search.size[1] += 1
    with pytest.raises(AssertionError, match="size"):
        search.check()
    search.size[1] -= 1
    search.check()


# -- budgets and outcomes -----------------------------------------------------------


def outcome(search: Search) -> Outcome:
    """The outcome now (a function call, so that mypy does not narrow it)."""
    return search.outcome


def test_outcomes_of_a_complete_search() -> None:
    search = n_queens(6).search()
    assert outcome(search) is Outcome.RUNNING
    next(search)
    assert outcome(search) is Outcome.RUNNING
    assert len(list(search)) == 3
    assert outcome(search) is Outcome.EXHAUSTED


@pytest.mark.parametrize("max_nodes", [0, 1, 2, 10, 100, 500])
def test_node_budget(max_nodes: int) -> None:
    problem = n_queens(8)
    full = problem.search()
    solutions = list(full)
    assert full.stats.nodes > 500
    search = problem.search(max_nodes=max_nodes)
    seen: list[tuple[int, ...]] = []
    with pytest.raises(BudgetExceeded) as info:
        for solution in search:
            seen.append(solution)
    assert isinstance(info.value, DLXError)
    assert info.value.outcome is Outcome.OUT_OF_NODES
    assert info.value.stats is search.stats
    assert search.outcome is Outcome.OUT_OF_NODES
    assert search.stats.nodes == max_nodes
    assert search.stats.solutions == len(seen)
    assert seen == solutions[: len(seen)]
    assert str(max_nodes) in str(info.value)
    search.check()
    with pytest.raises(BudgetExceeded) as counted:
        problem.count(max_nodes=max_nodes)
    assert counted.value.stats.solutions == len(seen)
    assert counted.value.stats.nodes == max_nodes


def test_node_budget_in_first_and_is_unique() -> None:
    problem = n_queens(8)
    with pytest.raises(BudgetExceeded):
        problem.first(max_nodes=3)
    with pytest.raises(BudgetExceeded):
        problem.is_unique(max_nodes=3)
    with pytest.raises(BudgetExceeded):
        problem.solutions_list(max_nodes=3)


def test_budgets_big_enough_change_nothing() -> None:
    problem = langford(7)
    full = problem.search()
    solutions = list(full)
    exact = problem.search(max_nodes=full.stats.nodes, timeout=60.0)
    assert list(exact) == solutions
    assert exact.stats == full.stats
    assert exact.outcome is Outcome.EXHAUSTED
    assert problem.count(max_nodes=full.stats.nodes, timeout=60.0) == 52
    with pytest.raises(BudgetExceeded):
        problem.count(max_nodes=full.stats.nodes - 1)


def test_zero_timeout() -> None:
    search = n_queens(4).search(timeout=0)
    with pytest.raises(BudgetExceeded) as info:
        next(search)
    assert info.value.outcome is Outcome.OUT_OF_TIME
    assert search.outcome is Outcome.OUT_OF_TIME
    assert search.stats.nodes == 0
    assert search.stats.solutions == 0
    with pytest.raises(BudgetExceeded):
        ExactCover().count(timeout=0)  # even the trivial problem is cut short


def test_timeout_stops_a_long_search() -> None:
    problem = pentomino_rectangle(6, 10)  # takes minutes to finish
    started = time.perf_counter()
    with pytest.raises(BudgetExceeded) as info:
        problem.count(timeout=0.2)
    elapsed = time.perf_counter() - started
    assert info.value.outcome is Outcome.OUT_OF_TIME
    assert info.value.stats.nodes > 0
    assert 0.2 <= elapsed < 10


@pytest.mark.parametrize("limit", [1, 2, 4, 5])
def test_limit(limit: int) -> None:
    problem = n_queens(6)  # 4 solutions
    solutions = list(problem.solutions())
    search = problem.search(limit=limit)
    assert list(search) == solutions[:limit]
    assert search.stats.solutions == min(limit, 4)
    expected = Outcome.LIMIT_REACHED if limit <= 4 else Outcome.EXHAUSTED
    assert search.outcome is expected
    assert problem.count(limit) == min(limit, 4)
    assert list(problem.solutions(limit)) == solutions[:limit]
    search.check()


def test_limit_zero_gives_no_solution() -> None:
    # limit=0 is accepted (only negative limits are refused), so it must mean
    # "no solutions", as it would for itertools.islice.
    problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    assert list(problem.solutions(limit=0)) == []
    assert problem.count(limit=0) == 0


@pytest.mark.parametrize(
    "keyword", [{"limit": -1}, {"max_nodes": -1}, {"timeout": -0.5}]
)
def test_negative_budgets_are_refused(keyword: dict[str, float]) -> None:
    problem = n_queens(4)
    with pytest.raises(ValueError):
        problem.search(**keyword)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("keyword", "error", "message"),
    [
        ({"limit": 1.5}, TypeError, "limit must be a whole number, not 1.5"),
        ({"limit": True}, TypeError, "limit must be a whole number, not True"),
        ({"max_nodes": "9"}, TypeError, "max_nodes must be a whole number, not '9'"),
        ({"timeout": "1"}, TypeError, "timeout must be a number of seconds, not '1'"),
        (
            {"timeout": float("nan")},
            ValueError,
            "timeout must be a number >= 0, not nan",
        ),
        (
            {"timeout": Decimal("NaN")},
            ValueError,
            "timeout must be a number >= 0, not NaN",
        ),
        (
            {"progress_interval": "1"},
            TypeError,
            "progress_interval must be a number of seconds, not '1'",
        ),
    ],
)
def test_budgets_that_are_not_numbers_are_refused(
    keyword: dict[str, object], error: type[Exception], message: str
) -> None:
    # limit=1.5 counted 2 and timeout=nan ran the whole search: neither is a
    # budget, so neither may be taken as another.
    problem = n_queens(6)
    calls: list[Callable[..., object]] = [
        problem.search,
        problem.count,
        functools.partial(problem.count, method="memo"),
    ]
    if not {"limit", "progress_interval"} & set(keyword):  # first() takes neither
        calls.append(problem.first)
    for call in calls:
        with pytest.raises(error, match=f"^{re.escape(message)}$"):
            call(**keyword)


@pytest.mark.parametrize(
    ("keyword", "error", "message"),
    [
        ({"seed": 1.5}, TypeError, "seed must be a whole number, not 1.5"),
        ({"seed": "x"}, TypeError, "seed must be a whole number, not 'x'"),
        ({"seed": True}, TypeError, "seed must be a whole number, not True"),
        ({"progress": 5}, TypeError, "progress must be callable, not 5"),
        (
            {"resume": {"a": 1}},
            TypeError,
            "resume must be a dlx.Position (a search's position(), or "
            "Position.from_json of a saved one), not dict",
        ),
        (
            {"executor": 5},
            TypeError,
            "executor must be a concurrent.futures.Executor (such as a "
            "ProcessPoolExecutor), not 5",
        ),
        (
            {"method": "memo", "max_entries": float("nan")},
            TypeError,
            "max_entries must be a whole number, not nan",
        ),
        (
            {"method": "memo", "max_bytes": -1},
            ValueError,
            "max_bytes must be >= 0, not -1",
        ),
    ],
)
def test_settings_of_the_wrong_kind_are_refused(
    keyword: dict[str, object], error: type[Exception], message: str
) -> None:
    # Each was taken: seed="x" seeded a search, max_entries=nan was no
    # budget, and progress=5, executor=5 or a dict as resume failed later
    # (or never, on a problem too small to split) with a raw error.
    problem = n_queens(6)
    for name in ("search", "solutions", "count", "first", "zdd"):
        call = getattr(problem, name)
        try:
            inspect.signature(call).bind(**keyword)
        except TypeError:
            continue  # an entry point without that parameter
        with pytest.raises(error, match=f"^{re.escape(message)}$"):
            call(**keyword)


def test_numpy_integers_are_whole_numbers_for_budgets() -> None:
    numpy = pytest.importorskip("numpy")
    problem = n_queens(6)
    assert problem.count(limit=numpy.int64(3), max_nodes=numpy.int32(10_000)) == 3
    assert problem.count(timeout=numpy.float64(60)) == 4


# -- random tie-breaking --------------------------------------------------------------


def test_seed_gives_a_reproducible_order_and_leaves_global_random_alone() -> None:
    problem = n_queens(8)
    plain = list(problem.solutions())
    random.seed(12345)
    state = random.getstate()
    orders = []
    for seed in range(5):
        first = list(problem.solutions(seed=seed))
        again = list(problem.solutions(seed=seed))
        assert first == again
        assert sorted(first) == sorted(plain)
        assert problem.count(seed=seed) == 92
        orders.append(tuple(first))
    assert random.getstate() == state
    # The seed does change the order (otherwise the tests above prove little).
    assert len({*orders, tuple(plain)}) > 1


def test_seeded_searches_have_their_own_generators() -> None:
    problem = langford(7)
    alone = list(problem.solutions(seed=7))
    one = problem.search(seed=7)
    two = problem.search(seed=7)
    got_one: list[tuple[int, ...]] = []
    got_two: list[tuple[int, ...]] = []
    for solution in one:
        got_one.append(solution)
        got_two.extend(s for _, s in zip(range(3), two, strict=False))
        random.random()  # using the global generator in between changes nothing
    got_two.extend(two)
    assert got_one == alone
    assert got_two == alone


def test_seed_with_colours() -> None:
    problem = ExactCover("abc", "x")
    problem.add_options(
        [
            ["a", Colored("x", 1)],
            ["b", Colored("x", 1)],
            ["c", Colored("x", 2)],
            ["c"],
            ["a", "b"],
            ["b", "c", "x"],
        ]
    )
    # a: options 0, 4; b: 1, 4, 5; c: 2, 3, 5.  {0, 1, 3} shares colour 1;
    # {2, 4} and {3, 4} are fine; {0, 1, 2} mixes colours 1 and 2, and
    # {0, 5} mixes colour 1 with an uncoloured use.
    expected = [(0, 1, 3), (2, 4), (3, 4)]
    assert sorted(problem.solutions()) == expected
    for seed in range(10):
        search = problem.search(seed=seed)
        assert sorted(search) == expected
        search.check()


def test_long_item_lists_use_the_list_form_of_sizes() -> None:
    # 200 options for item "a" do not fit the bytearray form (lengths < 128).
    problem = ExactCover("ab", options=[["a"]] * 200 + [["b"]] * 3)
    assert problem.links().bytewise is False
    search = problem.search()
    assert sum(1 for _ in search) == 600
    search.check()
    assert ExactCover("ab", options=[["a"], ["b"]]).links().bytewise is True
