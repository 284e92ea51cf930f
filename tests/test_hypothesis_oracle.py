"""Random small problems, solved by the engine and by brute force.

The brute-force enumerator (``dlx_oracles.brute_force``, shared with the
other tests) knows nothing of dancing links: it walks through every subset
of the options (abandoning a partial subset only once it already breaks a
rule that adding more options can never repair) and keeps those that obey
the definition of a solution:

* every option in the subset names at least one primary item (as in Knuth's
  programs, a solution is a set of options chosen *for* primary items, so an
  option without one never appears in a solution);
* every primary item is named by exactly one option of the subset;
* every secondary item is either named by at most one option without a
  colour and by no other option, or named only with colours, all the same.

For problems without colours a second oracle follows Algorithm X on plain
Python sets, with Knuth's definitions of *nodes* and *updates* computed from
the sets, to pin down the branching rule (fewest options, leftmost on ties),
the order of the solutions and the statistics.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dlx_helpers import FORMS, compiled_as
from dlx_oracles import Spec, brute_force, specs, uniform_specs
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import BudgetExceeded, Colored, ExactCover, Outcome, Search, Stats, records
from dlx.links import Links


@dataclass
class Reference:
    solutions: list[tuple[int, ...]]
    nodes: int
    updates: int


def reference_search(n_primary: int, n_items: int, rows: list[list[int]]) -> Reference:
    """Algorithm X on sets, counting Knuth's nodes and updates from their definitions.

    * a node for every level entered (root, dead ends and solutions included);
    * covering an item costs 1, plus 1 for every node it unlinks from another
      item's list: every *active* option on the item (one that names no
      covered item) has its other ``len(option) - 1`` nodes unlinked;
    * at a dead end Knuth covers the empty item anyway: 1 update;
    * branching on the active primary item with the fewest active options,
      the leftmost on ties, trying its options in the order they were added.
    """
    containing: list[list[int]] = [[] for _ in range(n_items)]
    for k, row in enumerate(rows):
        for i in row:
            containing[i].append(k)
    covered: set[int] = set()
    result = Reference([], 0, 0)

    def active(k: int) -> bool:
        return covered.isdisjoint(rows[k])

    def cover(i: int) -> None:
        result.updates += 1 + sum(len(rows[k]) - 1 for k in containing[i] if active(k))
        covered.add(i)

    def level(chosen: list[int]) -> None:
        result.nodes += 1
        left = [i for i in range(n_primary) if i not in covered]
        if not left:
            result.solutions.append(tuple(sorted(chosen)))
            return
        best = min(left, key=lambda i: (sum(map(active, containing[i])), i))
        candidates = [k for k in containing[best] if active(k)]
        cover(best)
        for k in candidates:
            for j in rows[k]:
                if j != best:
                    cover(j)
            level([*chosen, k])
            covered.difference_update(j for j in rows[k] if j != best)
        covered.discard(best)

    level([])
    return result


def all_solutions(search: Search) -> list[tuple[int, ...]]:
    """Run a search to the end, checking the links at every solution."""
    solutions: list[tuple[int, ...]] = []
    for solution in search:
        search.check()
        assert search.outcome is Outcome.RUNNING
        assert search.stats.solutions == len(solutions) + 1
        solutions.append(solution)
    search.check()
    return solutions


@settings(max_examples=200, deadline=None)
@given(specs())
def test_same_solutions_as_brute_force(spec: Spec) -> None:
    expected = brute_force(spec)
    problem = spec.build()
    search = problem.search()
    solutions = all_solutions(search)
    assert set(solutions) == expected
    assert len(solutions) == len(expected)  # no solution twice
    assert all(list(s) == sorted(s) for s in solutions)
    for solution in solutions:
        assert problem.options_of(solution) == [
            tuple(
                spec.name(i) if c is None else Colored(spec.name(i), c)
                for i, c in spec.options[k]
            )
            for k in solution
        ]
    assert search.outcome is Outcome.EXHAUSTED
    assert search.stats.solutions == len(expected)
    assert search.stats.nodes >= max(1, len(expected))
    if not problem.uses_colors:
        assert search.stats.cleansings == 0


@settings(max_examples=100, deadline=None)
@given(specs())
def test_count_first_unique_limit(spec: Spec) -> None:
    problem = spec.build()
    solutions = list(problem.solutions())
    n = len(solutions)
    assert problem.count() == n
    assert problem.solutions_list() == solutions
    first = problem.first()
    if n:
        assert first == solutions[0]
    else:
        assert first is None
    assert problem.is_unique() == (n == 1)
    for limit in (1, 2, 3):
        assert problem.count(limit) == min(limit, n)
        limited = problem.search(limit=limit)
        assert list(limited) == solutions[:limit]
        expected = Outcome.LIMIT_REACHED if n >= limit else Outcome.EXHAUSTED
        assert limited.outcome is expected


@settings(max_examples=100, deadline=None)
@given(specs())
def test_counting_search_has_the_same_statistics(spec: Spec) -> None:
    links = spec.build().links()
    full = Search(links)
    solutions = list(full)
    counting = Search(links, count_only=True)
    assert list(counting) == []  # counted inside the loop
    assert counting.stats == full.stats
    assert counting.stats.solutions == len(solutions)
    assert counting.outcome is Outcome.EXHAUSTED
    counting.check()


@settings(max_examples=100, deadline=None)
@given(specs(), st.integers(0, 2**32))
def test_random_tie_breaking_finds_the_same_solutions(spec: Spec, seed: int) -> None:
    problem = spec.build()
    expected = sorted(problem.solutions())
    state = random.getstate()
    search = problem.search(seed=seed)
    order = all_solutions(search)
    assert random.getstate() == state  # the global generator is not used
    assert sorted(order) == expected
    assert problem.count(seed=seed) == len(expected)
    assert list(problem.solutions(seed=seed)) == order  # same seed, same order


@settings(max_examples=100, deadline=None)
@given(specs(colours=False))
def test_rows_and_names_agree(spec: Spec) -> None:
    named = spec.build().search()
    named_solutions = list(named)
    for check in (True, False):
        fast = ExactCover.from_rows(
            spec.rows, spec.n_primary, spec.n_secondary, check=check
        )
        search = fast.search()
        assert list(search) == named_solutions
        assert search.stats == named.stats
        search.check()
        for solution in named_solutions:
            assert fast.options_of(solution) == [tuple(spec.rows[k]) for k in solution]


@settings(max_examples=150, deadline=None)
@given(specs(colours=False))
def test_order_and_statistics_follow_knuth(spec: Spec) -> None:
    reference = reference_search(spec.n_primary, spec.n_items, spec.rows)
    assert set(reference.solutions) == brute_force(spec)  # the oracle's own check
    search = spec.build().search()
    assert list(search) == reference.solutions
    assert search.stats.nodes == reference.nodes
    assert search.stats.updates == reference.updates
    assert search.stats.cleansings == 0


@settings(max_examples=100, deadline=None)
@given(specs(), st.data())
def test_node_budget_cuts_a_search_short(spec: Spec, data: st.DataObject) -> None:
    problem = spec.build()
    full = problem.search()
    solutions = list(full)
    total = full.stats.nodes
    max_nodes = data.draw(st.integers(0, total + 2), label="max_nodes")
    search = problem.search(max_nodes=max_nodes)
    seen: list[tuple[int, ...]] = []
    if max_nodes >= total:
        seen.extend(search)
        assert seen == solutions
        assert search.stats == full.stats
        assert search.outcome is Outcome.EXHAUSTED
    else:
        try:
            for solution in search:
                seen.append(solution)
        except BudgetExceeded as error:
            assert error.outcome is Outcome.OUT_OF_NODES
            assert error.stats is search.stats
        else:
            raise AssertionError("the node budget did not stop the search")
        assert search.outcome is Outcome.OUT_OF_NODES
        assert search.stats.nodes == max_nodes
        assert search.stats.solutions == len(seen)
        assert seen == solutions[: len(seen)]
        search.check()


def search_in_every_form(spec: Spec) -> list[tuple[list[tuple[int, ...]], Stats]]:
    problem = spec.build()
    runs = []
    for form in FORMS:
        search = Search(compiled_as(problem, form))
        runs.append((all_solutions(search), search.stats))
    return runs


@settings(max_examples=150, deadline=None)
@given(specs())
def test_every_form_searches_alike(spec: Spec) -> None:
    # The engine holds a problem in one of several forms (see dlx.links and
    # dlx.algorithm_x_packed); all must find the same solutions in the same order with
    # the same statistics.
    runs = search_in_every_form(spec)
    assert all(run == runs[0] for run in runs)


@settings(max_examples=150, deadline=None)
@given(uniform_specs())
def test_options_of_one_width_in_every_form(spec: Spec) -> None:
    runs = search_in_every_form(spec)
    assert all(run == runs[0] for run in runs)
    solutions = runs[0][0]
    assert set(solutions) == brute_force(spec)
    assert len(solutions) == len(set(solutions))


def stops_of(links: Links, max_nodes: int | None, seed: int | None) -> list[object]:
    """Every stop of a search: each solution, then the end or the budget's
    stop, each with the lengths of all items and the statistics there.

    ``check()`` runs at every stop, so the links must be sound at each.
    """
    search = Search(links, max_nodes=max_nodes, seed=seed)

    def state() -> tuple[object, ...]:
        search.check()
        lengths = [links.length(search.size, i) for i in range(links.n_items)]
        return (lengths, records.replace(search.stats))

    stops: list[object] = []
    try:
        for solution in search:
            stops.append((solution, state()))
    except BudgetExceeded:
        stops.append(("budget", state()))
        assert list(search) == []
    stops.append((search.outcome, state()))
    return stops


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(specs(), uniform_specs()),
    st.none() | st.integers(0, 60),
    st.none() | st.integers(0, 99),
)
def test_every_form_stops_alike(
    spec: Spec, max_nodes: int | None, seed: int | None
) -> None:
    # Budgets and seeds, in every form (each loop, each way of backing up):
    # the same solutions, sizes and statistics at every stop.
    problem = spec.build()
    runs = [stops_of(compiled_as(problem, form), max_nodes, seed) for form in FORMS]
    assert all(run == runs[0] for run in runs)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(specs(), uniform_specs()),
    st.integers(0, 3),
    st.none() | st.integers(0, 60),
    st.none() | st.integers(0, 99),
)
def test_wide_options_search_as_narrow_ones(
    spec: Spec, tuple_width: int, max_nodes: int | None, seed: int | None
) -> None:
    # Options wider than tuple_width keep rings of siblings instead of
    # tuples (dlx.links.Ring); with a low threshold these small problems
    # take that path in every form, and must stop exactly where the
    # tuples do, with the same solutions, sizes and statistics.
    problem = spec.build()
    narrow = stops_of(compiled_as(problem, "unrolled"), max_nodes, seed)
    for form in FORMS:
        wide = compiled_as(problem, form, tuple_width=tuple_width)
        assert stops_of(wide, max_nodes, seed) == narrow
    if max_nodes is None:
        solutions = list(Search(compiled_as(problem, "list", tuple_width)))
        assert set(solutions) == brute_force(spec)
        assert len(solutions) == len(set(solutions))


@settings(max_examples=100, deadline=None)
@given(specs(), st.integers(0, 3), st.data())
def test_wide_options_resume_and_estimate(
    spec: Spec, tuple_width: int, data: st.DataObject
) -> None:
    # The replay that every resumed search starts with (dlx.position) and
    # the estimator's probes walk the rings as they walk the tuples.
    problem = spec.build()
    for form in FORMS:
        links = compiled_as(problem, form, tuple_width=tuple_width)
        full = Search(links)
        solutions = list(full)
        cut = data.draw(st.integers(0, len(solutions)), label="cut")
        first = Search(links)
        seen = [next(first) for _ in range(cut)]
        rest = Search(links, resume=first.position())
        assert seen + list(rest) == solutions
        assert rest.stats == full.stats
        rest.check()
