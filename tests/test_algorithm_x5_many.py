"""Algorithm X5's ``many`` form: DLX5's tree, with a node's cost independent of the items.

:func:`dlx.algorithm_x5.run_many` chooses the item to branch on from trees
over the primary items rather than by DLX5's walk over all of them.  It
must make the very same choice at every node: the same solutions in the
same order, and DLX5's statistics to the last update, for every ``k``, with
colours, a bound from outside, a limit, a budget and a position resumed.
The conformance suite runs it on its pool too; these tests add random
problems against :func:`dlx.algorithm_x5.run` and the dispatcher's choice.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from dlx_oracles import costed_problems, oracle
from hypothesis import given, settings
from hypothesis import strategies as st

import sudoku
from dlx import BudgetExceeded, ExactCover, algorithms
from dlx.engine import CostSearch


def _run(problem: ExactCover, form: str, **options: Any) -> tuple[Any, ...]:
    search = CostSearch(problem.links(), form=form, **options)
    solutions = list(search)
    stats = search.stats
    return solutions, stats, search.best(), search.algorithm.name, search.form.name


def levels(n: int) -> ExactCover:
    """``n`` items, each with two options of its own, costing 0 and 1 (issue 31's growth problem)."""
    problem = ExactCover([f"i{k}" for k in range(n)])
    for k in range(n):
        problem.add_option([f"i{k}"], cost=0)
        problem.add_option([f"i{k}"], cost=1)
    return problem


@settings(max_examples=300, deadline=None)
@given(costed_problems(), st.sampled_from([1, 2, 3, 5, None]), st.integers(0, 12))
def test_the_many_form_makes_dlx5s_choices(
    problem: ExactCover, keep: int | None, bound: int
) -> None:
    for options in ({"keep": keep}, {"keep": keep, "bound": bound}):
        cost = _run(problem, "cost", **options)
        many = _run(problem, "many", **options)
        assert many[:3] == cost[:3]
        assert (cost[4], many[4]) == ("cost", "many")
    if keep is not None:
        # The solutions kept are the cheapest, as the oracle says.
        costs = sorted(problem.costs_of(s) for s in oracle(problem))
        ranked = _run(problem, "many", keep=keep)[2]
        assert [cost for cost, _ in ranked] == costs[:keep]


@settings(max_examples=60, deadline=None)
@given(costed_problems(), st.integers(1, 3), st.integers(1, 40))
def test_a_budget_and_a_resumed_position_match_the_walk_over_all_items(
    problem: ExactCover, keep: int, budget: int
) -> None:
    links = problem.links()
    ends = []
    for form in ("cost", "many"):
        search = CostSearch(links, form=form, keep=keep, max_nodes=budget)
        found: list[tuple[int, ...]] = []
        try:
            found.extend(search)
        except BudgetExceeded:
            position = search.position()
            rest = CostSearch(links, form=form, keep=keep, resume=position)
            found.extend(rest)
            search = rest
        ends.append((found, search.stats, search.best()))
    assert ends[0] == ends[1]


def test_the_dispatcher_gives_it_problems_with_many_primary_items() -> None:
    small = levels(algorithms.X5_MANY_ITEMS).links()
    large = levels(algorithms.X5_MANY_ITEMS + 1).links()
    assert algorithms.choose(small, "X5")[1].name == "cost"
    assert algorithms.choose(large, "X5")[1].name == "many"
    # Many items but many updates a node: the walk costs less than the trees.
    grid = sudoku.grid_cover(16)
    costed = ExactCover(grid.primary, grid.secondary)
    for k in range(len(grid)):
        costed.add_option(grid.option(k), cost=k % 7)
    assert costed.links().n_primary > algorithms.X5_MANY_ITEMS
    assert algorithms.choose(costed.links(), "X5")[1].name == "cost"
    problem = levels(3_000)
    ((cost, solution),) = problem.best(1)
    assert cost == 0
    assert solution == tuple(range(0, 6_000, 2))
    walked = _run(problem, "cost", keep=1)
    assert _run(problem, "many", keep=1)[:3] == walked[:3]


@pytest.mark.parametrize("k", [1, 2, 4])
def test_a_deep_search_with_a_cutoff(k: int) -> None:
    # After the first solutions every option left is too dear: dead ends
    # all the way back up, found at once by the trees.
    problem = levels(1_500)
    assert _run(problem, "many", keep=k)[:3] == _run(problem, "cost", keep=k)[:3]


@pytest.mark.threads
def test_a_split_search_in_the_many_form_finds_the_same_costs() -> None:
    # dlx.parallel.best gives each task a prefix, below which it searches.
    problem = levels(1_200)
    assert algorithms.choose(problem.links(), "X5")[1].name == "many"
    serial = problem.best(3)
    with ThreadPoolExecutor(2) as pool:
        split = problem.best(3, executor=pool)
    assert [cost for cost, _ in split] == [cost for cost, _ in serial] == [0, 1, 1]
    assert all(problem.costs_of(s) == cost for cost, s in split)
