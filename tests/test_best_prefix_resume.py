"""A minimum-cost search below a prefix, stopped and resumed, goes on as one run.

:func:`dlx.parallel.best` runs each prefix of the tree in time slices,
each resuming the last one's position (:meth:`dlx.CostSearch.position`)
with the best cost found since as its bound.  Before, a position of a
search below a prefix kept the thresholds of the levels below the prefix
only, and the resumed search replayed them from the root, on the wrong
levels; and a ``bound`` given with ``resume=`` was dropped.
"""

from __future__ import annotations

import pytest
from dlx_helpers import n_queens
from dlx_oracles import costed_problems
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlx import BudgetExceeded, CostSearch, ExactCover, Position, parallel


def costed_queens(n: int, modulus: int = 10) -> ExactCover:
    """The n queens with a cost on each option, as the tests of best() give them."""
    queens = n_queens(n)
    problem = ExactCover(queens.primary, queens.secondary)
    for k in range(len(queens)):
        problem.add_option(queens.option(k), cost=(7 * k) % modulus)
    return problem


# -- a cost search below a prefix, stopped and resumed ---------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(costed_problems(), st.integers(1, 3), st.integers(1, 12), st.integers(1, 6))
def test_a_cost_search_below_a_prefix_resumes_as_one_run(
    problem: ExactCover, keep: int, budget: int, wanted: int
) -> None:
    # Before, the position kept the thresholds of the levels below the
    # prefix only, and the resumed search replayed them from the root:
    # wrong thresholds on every level (a byte out of range, or other counts).
    links = problem.links()
    for prefix in parallel._cost_frontier(links, wanted):
        whole = CostSearch(links, keep=keep, prefix=prefix)
        expected = list(whole)
        run = CostSearch(links, keep=keep, prefix=prefix, max_nodes=budget)
        found: list[tuple[int, ...]] = []
        while True:
            try:
                found.extend(run)
                break
            except BudgetExceeded:
                saved = Position.from_json(run.position().to_json())
                assert saved.floor == len(prefix)
                run = CostSearch(
                    links, keep=keep, resume=saved, max_nodes=saved.nodes + budget
                )
        assert (found, run.stats, run.best()) == (expected, whole.stats, whole.best())


@pytest.mark.parametrize("budget", [1, 5, 50])
def test_queens_below_each_prefix_resume_as_one_run(budget: int) -> None:
    # The random problems above are small enough that the wrong thresholds
    # rarely showed; on the 8 queens they broke the links at once.
    links = costed_queens(8).links()
    for keep in (1, 3):
        for prefix in parallel._cost_frontier(links, 8):
            whole = CostSearch(links, keep=keep, prefix=prefix, count_only=True)
            whole.run()
            run = CostSearch(
                links, keep=keep, prefix=prefix, count_only=True, max_nodes=budget
            )
            while True:
                try:
                    run.run()
                    break
                except BudgetExceeded:
                    saved = run.position()
                    run = CostSearch(
                        links,
                        keep=keep,
                        resume=saved,
                        count_only=True,
                        max_nodes=saved.nodes + budget,
                    )
            assert (run.stats, run.best()) == (whole.stats, whole.best())


def test_a_bound_given_with_a_resumed_position_holds() -> None:
    # resume= took the position's ceiling and dropped bound= without a word.
    problem = costed_queens(8)
    links = problem.links()
    costs = sorted(problem.costs_of(s) for s in problem.solutions())
    first = CostSearch(links, keep=1, max_nodes=3)
    with pytest.raises(BudgetExceeded):
        first.run()
    bound = costs[0] + 1  # only the cheapest solutions are below it
    resumed = CostSearch(links, keep=1, resume=first.position(), bound=bound)
    found = list(resumed)
    assert found and all(problem.costs_of(s) == costs[0] for s in found)
    assert [c for c, _ in resumed.best()] == costs[:1]
    none = CostSearch(links, keep=1, resume=first.position(), bound=costs[0])
    assert list(none) == [] and none.best() == []
