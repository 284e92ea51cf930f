"""Memoised search (dlx.memo): counts and diagrams against plain search.

Every count is checked against plain dancing links (or a published count),
on the classic problems and on random problems with secondary items and
colours, in both forms of the size array and with both branching rules.
The cache key is what can go wrong: keyed on too little, two different
subproblems share an entry and the count is off (8-queens keyed on the
primary items alone gives 64 instead of 92).
"""

from __future__ import annotations

import math
from collections import Counter

import pytest
from dlx_helpers import (
    compiled_as,
    dominoes,
    l_trominoes,
    langford,
    n_queens,
    pentomino_rectangle,
    sudoku_empty,
)
from dlx_oracles import Spec, specs, uniform_specs
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import (
    BudgetExceeded,
    Colored,
    ExactCover,
    Interrupted,
    MemoSearch,
    Outcome,
    Progress,
    Zdd,
)

BRANCHINGS = ("mrv", "first")

# OEIS A004003: domino tilings of the 2n x 2n board.
DOMINO_SQUARES = {2: 2, 4: 36, 6: 6728, 8: 12988816}


def memo_count(problem: ExactCover, branching: str, form: str = "bytes") -> int:
    links = compiled_as(problem, form) if form != "bytes" else problem.links()
    search = MemoSearch(links, branching=branching)  # type: ignore[arg-type]
    count = search.count()
    assert search.outcome is Outcome.EXHAUSTED
    assert search.stats.solutions == count
    return count


def memo_solutions(
    problem: ExactCover, branching: str, form: str
) -> list[tuple[int, ...]]:
    links = compiled_as(problem, form) if form != "bytes" else problem.links()
    diagram = MemoSearch(links, branching=branching).zdd()  # type: ignore[arg-type]
    solutions = list(diagram)
    assert len(solutions) == diagram.count()
    return solutions


# -- known counts ------------------------------------------------------------


@pytest.mark.parametrize("branching", BRANCHINGS)
@pytest.mark.parametrize(("n", "expected"), DOMINO_SQUARES.items())
def test_domino_squares(n: int, expected: int, branching: str) -> None:
    assert dominoes(n, n).count(method="memo", branching=branching) == expected  # type: ignore[arg-type]


def test_dominoes_10x10() -> None:
    # A004003(5), out of reach of plain search (12x12 is in the ZDD test below).
    assert dominoes(10, 10).count(method="memo", branching="first") == 258584046368


@pytest.mark.parametrize("branching", BRANCHINGS)
@pytest.mark.parametrize(
    "problem",
    [
        *(n_queens(n) for n in range(1, 9)),
        *(langford(n) for n in range(1, 8)),
        sudoku_empty(2),
        dominoes(3, 6),
        dominoes(5, 4),
        l_trominoes(3, 6),
        l_trominoes(6, 6),
    ],
)
def test_equal_to_plain_search(problem: ExactCover, branching: str) -> None:
    assert memo_count(problem, branching) == problem.count()


def test_eight_queens_needs_the_diagonals_in_the_key() -> None:
    # The diagonals are secondary: a key of the open rows and columns
    # alone merges subproblems with different free diagonals.
    for branching in BRANCHINGS:
        assert memo_count(n_queens(8), branching) == 92
        assert memo_count(n_queens(8), branching, "list") == 92


def test_purified_colour_is_in_the_key() -> None:
    # Choosing [a, x:red] or [a, x:blue] leaves b and c open either way,
    # but only after red may [b, c, x:red] follow.
    problem = ExactCover(
        "abc",
        "x",
        [
            ["a", Colored("x", "red")],
            ["a", Colored("x", "blue")],
            ["b", "c", Colored("x", "red")],
            ["b", "c"],
        ],
    )
    assert problem.count() == 3
    for branching in BRANCHINGS:
        assert memo_count(problem, branching) == 3
        assert sorted(memo_solutions(problem, branching, "bytes")) == sorted(
            problem.solutions()
        )


# Where xcover 0.2.6's memoised mode (algorithm_z, covers_zdd with
# use_memo_cache=True), which keys its cache on a 32-bit hash of the state,
# counts wrong with MRV: 14,201, 35,578 and 12,978,595 (see docs/howto/memo).
# pydlx's key is the state itself, an exact integer.
@pytest.mark.parametrize(
    ("problem", "published"),
    [(n_queens(12), 14200), (langford(11), 35584)],
    ids=["queens12", "langford11"],
)
def test_equal_to_plain_search_where_a_hashed_key_fails(
    problem: ExactCover, published: int
) -> None:
    plain = problem.count()
    assert plain == published  # OEIS A000170, and A014552 (twice: reversals)
    assert memo_count(problem, "mrv") == plain


@pytest.mark.slow
@pytest.mark.parametrize(
    ("problem", "branching"),
    [
        (n_queens(12), "first"),
        (langford(11), "first"),
        (dominoes(8, 8), "mrv"),
        (dominoes(8, 8), "first"),
    ],
    ids=["queens12-first", "langford11-first", "dominoes8-mrv", "dominoes8-first"],
)
def test_equal_to_a_long_plain_search(problem: ExactCover, branching: str) -> None:
    # The plain count of the 8x8 board takes minutes.
    assert memo_count(problem, branching) == problem.count()


@pytest.mark.slow
def test_pentominoes_3x20() -> None:
    # With "first" the search would branch on the piece F first: far slower.
    assert memo_count(pentomino_rectangle(3, 20), "mrv") == 8


# -- random problems ---------------------------------------------------------


@st.composite
def larger_specs(draw: st.DrawFn) -> Spec:
    """Up to 10 primary and 4 secondary items and 30 options, three colours.

    Big enough for subproblems to repeat (so the cache is used) with
    different secondary items and colours around them.
    """
    n_primary = draw(st.integers(1, 10))
    n_secondary = draw(st.integers(0, 4))
    n_items = n_primary + n_secondary
    # Mostly coloured: the key must tell purified colours apart.
    colour = st.sampled_from([None, "red", "blue", "red", "blue", "green"])
    rows = draw(
        st.lists(
            st.lists(st.integers(0, n_items - 1), min_size=1, max_size=4, unique=True),
            max_size=30,
        )
    )
    options = tuple(
        tuple((i, draw(colour) if i >= n_primary else None) for i in row)
        for row in rows
    )
    return Spec(n_primary, n_secondary, options)


def check_against_plain(spec: Spec) -> None:
    problem = spec.build()
    expected = sorted(problem.solutions())
    for branching in BRANCHINGS:
        for form in ("bytes", "list"):
            assert memo_count(problem, branching, form) == len(expected)
            assert sorted(memo_solutions(problem, branching, form)) == expected


@settings(max_examples=100, deadline=None)
@given(specs())
def test_random_small_problems(spec: Spec) -> None:
    check_against_plain(spec)


@settings(max_examples=30, deadline=None)
@given(uniform_specs())
def test_random_uniform_problems(spec: Spec) -> None:
    check_against_plain(spec)


@settings(max_examples=120, deadline=None)
@given(larger_specs())
def test_random_larger_problems(spec: Spec) -> None:
    check_against_plain(spec)


@settings(max_examples=20, deadline=None)
@given(larger_specs(), st.integers(0, 2**32))
def test_seeded_ties_keep_the_count(spec: Spec, seed: int) -> None:
    problem = spec.build()
    assert problem.count(method="memo", seed=seed) == problem.count()


# -- the diagram ---------------------------------------------------------------


def test_zdd_of_dominoes() -> None:
    problem = dominoes(4, 4)
    diagram = problem.zdd(branching="first")
    assert diagram.count() == 36
    assert sorted(diagram) == sorted(problem.solutions())
    assert 0 < diagram.size < 100
    assert repr(diagram) == f"<Zdd: 36 solutions, {diagram.size} nodes>"
    label, _, hi = diagram.node(diagram.root)
    assert label >= 0 and hi != 0
    assert diagram.node(0) == diagram.node(1) == (-1, 0, 0)
    with pytest.raises(IndexError):
        diagram.node(-1)


def test_zdd_without_solutions_and_of_nothing() -> None:
    none = ExactCover("ab", options=[["a"]]).zdd()
    assert none.count() == 0 and list(none) == [] and none.size == 0
    assert none.sample(0) == []
    with pytest.raises(ValueError, match="no solution"):
        none.sample(1)
    empty = ExactCover().zdd()  # no primary item: one, empty, solution
    assert empty.count() == 1 and list(empty) == [()] and empty.sample(2) == [(), ()]
    with pytest.raises(ValueError, match="k must be"):
        empty.sample(-1)


def test_zdd_rejects_bad_lists() -> None:
    with pytest.raises(ValueError):
        Zdd([-1], [0], [0], [0], 0)
    with pytest.raises(ValueError):
        Zdd([-1, -1], [0, 0], [0, 0], [0, 1], 5)


def test_zdd_counts_beyond_machine_integers() -> None:
    diagram = dominoes(12, 12).zdd(branching="first")
    assert diagram.count() == 53060477521960000
    solution = diagram.sample(1, seed=7)[0]
    assert len(solution) == 72  # 144 cells, 2 per domino
    cells = [
        cell for option in dominoes(12, 12).options_of(solution) for cell in option
    ]
    assert len(set(cells)) == 144


def test_sample_is_uniform() -> None:
    # 3 x 4 dominoes: 11 tilings, 11,000 draws; chi-square with 10 degrees
    # of freedom stays under 29.59 with probability 0.999 when uniform.
    problem = dominoes(3, 4)
    diagram = problem.zdd()
    solutions = set(problem.solutions())
    assert diagram.count() == len(solutions) == 11
    draws = diagram.sample(11_000, seed=2024)
    tally = Counter(draws)
    assert set(tally) == solutions
    expected = len(draws) / len(solutions)
    chi_square = sum((n - expected) ** 2 / expected for n in tally.values())
    assert chi_square < 29.59
    assert diagram.sample(5, seed=1) == diagram.sample(5, seed=1)


def test_sample_of_a_lopsided_family_is_uniform() -> None:
    # Solutions of very different depths: options of one item, or of two.
    problem = ExactCover(
        "abc", options=[["a", "b", "c"], ["a"], ["b"], ["c"], ["a", "b"], ["b", "c"]]
    )
    diagram = problem.zdd()
    solutions = set(problem.solutions())
    draws = diagram.sample(4_000, seed=5)
    tally = Counter(draws)
    assert set(tally) == solutions
    expected = len(draws) / len(solutions)
    chi_square = sum((n - expected) ** 2 / expected for n in tally.values())
    assert chi_square < 16.27  # 3 degrees of freedom, p = 0.001
    assert math.isclose(sum(tally.values()), 4_000)


def test_samples_are_drawn_lazily_as_sample_draws_them() -> None:
    diagram = dominoes(4, 4).zdd()
    draws = diagram.samples(seed=11)
    assert [next(draws) for _ in range(50)] == diagram.sample(50, seed=11)
    assert diagram.sample(0) == []
    empty = ExactCover("ab", options=[["a"]]).zdd()
    assert empty.sample(0) == []
    draws = empty.samples()  # nothing is drawn, nor refused, before the first
    with pytest.raises(ValueError, match="no solution to sample"):
        next(draws)
    with pytest.raises(ValueError, match="no solution to sample"):
        empty.sample(1)


# -- budgets, progress, stopping, errors --------------------------------------


def test_entry_budget() -> None:
    with pytest.raises(BudgetExceeded) as stop:
        dominoes(8, 8).count(method="memo", max_entries=10)
    assert stop.value.outcome is Outcome.OUT_OF_MEMORY
    assert "10 entries" in str(stop.value)
    search = MemoSearch(dominoes(8, 8).links(), max_entries=10)
    with pytest.raises(BudgetExceeded):
        search.zdd()
    assert search.outcome is Outcome.OUT_OF_MEMORY
    assert search.entries == 10


def test_byte_budget() -> None:
    for build in (MemoSearch.count, MemoSearch.zdd):
        search = MemoSearch(dominoes(8, 8).links(), max_bytes=20_000)
        with pytest.raises(BudgetExceeded) as stop:
            build(search)
        assert stop.value.outcome is Outcome.OUT_OF_MEMORY
        assert "20,000 bytes" in str(stop.value)
    # Unlimited, and big enough.
    assert dominoes(6, 6).count(method="memo", max_bytes=None) == 6728
    assert dominoes(6, 6).zdd(max_bytes=10**7).count() == 6728


def test_node_and_time_budgets() -> None:
    with pytest.raises(BudgetExceeded) as stop:
        dominoes(8, 8).count(method="memo", max_nodes=100)
    assert stop.value.outcome is Outcome.OUT_OF_NODES
    assert stop.value.stats.nodes == 100
    with pytest.raises(BudgetExceeded) as stop:
        dominoes(8, 8).zdd(timeout=0)
    assert stop.value.outcome is Outcome.OUT_OF_TIME


@pytest.mark.parametrize("method", ["count", "zdd"])
def test_a_stopped_search_reports_the_solutions_of_its_finished_subproblems(
    method: str,
) -> None:
    # A lower bound that only grows with the budget, up to the count.
    found = []
    for budget in (50, 200, 800, 1600):
        search = MemoSearch(dominoes(8, 8).links(), max_nodes=budget)
        with pytest.raises(BudgetExceeded) as stop:
            getattr(search, method)()
        assert stop.value.stats.solutions == search.stats.solutions
        found.append(search.stats.solutions)
    assert 0 < found[0] <= found[1] <= found[2] <= found[3] < 12988816
    assert found[0] < found[3]


def test_progress_and_stop_request() -> None:
    reports: list[Progress] = []
    count = n_queens(8).count(
        method="memo", progress=reports.append, progress_interval=1e-9
    )
    assert count == 92
    assert reports[-1].fraction == 1.0 and reports[-1].solutions == 92
    assert all(0 <= r.fraction <= 1 for r in reports)

    def stop_now(progress: Progress) -> None:
        search.request_stop()

    search = MemoSearch(
        dominoes(8, 8).links(), progress=stop_now, progress_interval=1e-9
    )
    with pytest.raises(Interrupted):
        search.count()
    assert search.outcome is Outcome.INTERRUPTED


def test_statistics() -> None:
    search = MemoSearch(dominoes(6, 6).links(), branching="first")
    assert search.count() == 6728
    assert search.entries > 0 and search.hits > 0
    assert search.stats.nodes < 10_000 < 6728 * 10
    assert search.stats.updates > 0 and search.stats.cleansings == 0
    with pytest.raises(RuntimeError, match="runs once"):
        search.count()


def test_limit_caps_the_count() -> None:
    assert dominoes(4, 4).count(method="memo", limit=5) == 5
    assert dominoes(4, 4).count(method="memo", limit=50) == 36


def test_bad_arguments() -> None:
    problem = dominoes(2, 2)
    with pytest.raises(ValueError, match="method"):
        problem.count(method="zdd")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="branching"):
        problem.count(method="memo", branching="last")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^branching= only goes with method='memo'"):
        problem.count(branching="first")
    with pytest.raises(ValueError, match=r"^method='memo' does not go with prefix="):
        problem.count(method="memo", prefix=[0])
    # zdd()'s seed breaks ties, which branching="first" never meets.
    with pytest.raises(ValueError, match=r"^zdd\(\) does not go with seed= and"):
        problem.zdd(seed=1, branching="first")
    with pytest.raises(ValueError, match="max_entries"):
        problem.zdd(max_entries=-1)
    with pytest.raises(ValueError, match="progress_interval"):
        MemoSearch(problem.links(), progress_interval=0)
