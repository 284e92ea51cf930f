"""Algorithm X's buckets form: problems with many items, a node's cost independent of their number.

The conformance suite runs the form on its pool (small problems, named
form); here it runs the problems it is chosen for, against the plain form:
the same tree, solutions and Knuth's statistics, with limits, budgets,
resumes, seeds and a split search.
"""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from dlx_helpers import chain, default_form, one_wide_option, sudoku_empty
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import BudgetExceeded, ExactCover, Search, Stats, parallel
from dlx.algorithm_x import BUCKETS_MIN_ITEMS
from dlx.algorithms import (
    BUCKETS_ITEMS_PER_UPDATE,
    BUCKETS_RULES,
    by_name,
    choose,
    expected_updates,
)

N = BUCKETS_MIN_ITEMS + 904  # just past the threshold: 5,000 items


def fibonacci(n: int) -> int:
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def run(problem: ExactCover, form: str, **options: Any) -> tuple[list[Any], Stats]:
    search = Search(problem.links(), form=form, **options)
    solutions = list(search)
    search.check()
    return solutions, search.stats


def test_many_items_and_few_updates_a_node_get_the_buckets_form() -> None:
    x = by_name("X")
    for problem in (chain(N), one_wide_option(N)):
        links = problem.links()
        assert expected_updates(links) == 1.0
        assert x.form(links).name == "buckets"
        # On every interpreter: PREFERRED_FORMS lists it first on PyPy.
        assert choose(links)[1].name == default_form(links, "buckets") == "buckets"
    # The interpreter's rule: CPython scans the sizes at C speed, PyPy's
    # preferred form takes the least of all lengths in a JIT-compiled loop.
    least, per_update = BUCKETS_RULES.get(
        sys.implementation.name, (BUCKETS_MIN_ITEMS, BUCKETS_ITEMS_PER_UPDATE)
    )
    assert least <= BUCKETS_MIN_ITEMS
    # Few items: the scan of the sizes costs less than keeping the counts.
    small = chain(least).links()
    assert x.form(small).name != "buckets"
    assert x.form(chain(least + 1).links()).name == "buckets"
    # Many updates a node (an empty 25x25 sudoku: 2,500 items, about 300
    # updates a node forecast): not the buckets, until the items outnumber
    # the rule's items per update.
    sudoku = sudoku_empty(5).links()
    assert sudoku.n_items < per_update * expected_updates(sudoku)
    assert x.form(sudoku).name != "buckets"


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 9).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.integers(0, n),
            st.lists(st.lists(st.integers(0, n - 1), unique=True), max_size=12),
            st.integers(1, 300),
        )
    )
)
def test_the_forecast_is_the_medians_of_the_widths_and_the_lengths(
    case: tuple[int, int, list[list[int]], int],
) -> None:
    # The forecast's definition, from the rows themselves: the median width
    # of the options with items, the median length of the items' lists.
    # Copies of the rows make long lists (the list form of the sizes).
    n, primary, rows, copies = case
    rows = rows * copies
    links = ExactCover.from_rows(rows, primary, n - primary, check=False).links()
    widths = sorted(len(row) for row in rows if row)
    lengths = sorted(sum(item in row for row in rows) for item in range(n))
    if not widths:
        assert expected_updates(links) == 1.0
        return
    w, k = widths[len(widths) // 2], lengths[len(lengths) // 2]
    assert expected_updates(links) == w * k * (w - 1) + 1


def test_the_chain_counts_fibonacci_with_the_plain_forms_statistics() -> None:
    n = 20  # small enough to count (10,946 solutions): the form is named
    count = Search(chain(n).links(), form="buckets", count_only=True)
    assert list(count) == []
    plain = Search(chain(n).links(), form="plain", count_only=True)
    list(plain)
    assert count.stats.solutions == fibonacci(n + 1)
    assert count.stats == plain.stats


@pytest.mark.parametrize("make", [chain, one_wide_option], ids=["chain", "wide"])
def test_a_big_problem_has_the_plain_forms_tree(make: Any) -> None:
    problem = make(N)
    limit = 50
    found, stats = run(problem, "buckets", limit=limit)
    expected, expected_stats = run(problem, "plain", limit=limit)
    assert found == expected
    assert stats == expected_stats
    assert len(found) == (limit if make is chain else 2)
    # Each solution covers every item once.
    for solution in found:
        items = sorted(i for k in solution for i in problem.option(k))
        assert items == list(range(N))


def test_a_node_budget_stops_both_forms_at_one_place_and_resume_goes_on() -> None:
    links = chain(N).links()
    stopped = Search(links, form="buckets", max_nodes=N + 700, count_only=True)
    with pytest.raises(BudgetExceeded):
        list(stopped)
    plain = Search(links, form="plain", max_nodes=N + 700, count_only=True)
    with pytest.raises(BudgetExceeded):
        list(plain)
    assert stopped.stats == plain.stats
    here, there = stopped.position(), plain.position()
    assert (here.path, here.nodes, here.updates) == (
        there.path,
        there.nodes,
        there.updates,
    )
    stopped.check()
    # Going on from there, to a limit, as the plain form does.
    rest = Search(links, form="buckets", resume=stopped.position(), limit=300)
    rest_plain = Search(links, form="plain", resume=plain.position(), limit=300)
    assert list(rest) == list(rest_plain)
    assert rest.stats == rest_plain.stats
    rest.check()


def test_random_tie_breaking_matches_the_plain_form() -> None:
    links = chain(N).links()
    seeded = Search(links, form="buckets", seed=7, limit=20)
    seeded_plain = Search(links, form="plain", seed=7, limit=20)
    assert list(seeded) == list(seeded_plain)
    assert seeded.stats == seeded_plain.stats


@pytest.mark.threads
def test_a_prefix_and_a_split_search_agree_with_the_serial_one() -> None:
    problem = one_wide_option(N)
    links = problem.links()
    serial = list(Search(links))
    # Below the first level's second option (item 0's one-item option).
    first, second = (Search(links, prefix=[k]) for k in (0, 1))
    assert sorted([*first, *second]) == sorted(serial)
    with ThreadPoolExecutor(2) as threads:
        split = parallel.search(links, threads, task_nodes=500)
        assert list(split) == serial
        assert split.stats.solutions == len(serial) == 2
