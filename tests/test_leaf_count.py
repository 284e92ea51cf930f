"""Leaf counts of the packed loop: counting below three primary items left or fewer.

When a problem without secondary items is counted (``count_only``), the
packed loop adds the solutions below a node with three primary items
left or fewer at once, with the nodes and updates Knuth's steps would count there
(:func:`dlx.algorithm_x_packed.leaf_counts`).  These tests hold it to the
brute-force oracle for the counts and to the plain loop, which goes down
every time, for the statistics, the budgets, the limit, prefixes and
resumed searches.
"""

from __future__ import annotations

import itertools
import random

import pytest
from dlx_oracles import Spec, brute_force
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import BudgetExceeded, ExactCover, Outcome, Search, Stats, records
from dlx.algorithms import algorithm_x_packed as packed
from dlx.links import Links
from dlx.parallel import frontier


@st.composite
def narrow_specs(draw: st.DrawFn) -> Spec:
    """Problems of primary items only, with many options of one or two items."""
    n = draw(st.integers(1, 8))
    rows = draw(
        st.lists(
            st.lists(st.integers(0, n - 1), min_size=1, max_size=3, unique=True),
            min_size=1,
            max_size=14,
        )
    )
    return Spec(n, 0, tuple(tuple((i, None) for i in sorted(row)) for row in rows))


def count(links: Links, form: str, **kwargs: object) -> tuple[Outcome, Stats]:
    """Count the solutions of ``links`` on ``form``: how it ended, and its statistics."""
    search = Search(links, count_only=True, form=form, **kwargs)  # type: ignore[arg-type]
    try:
        assert list(search) == []
    except BudgetExceeded as error:
        assert error.stats is search.stats
    search.check()
    return search.outcome, records.replace(search.stats)


class Leaves:
    """Counts the calls of ``leaf_counts`` while installed (a pytest monkeypatch)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        original = packed.leaf_counts

        def counted(*args: object) -> tuple[int, int, int]:
            self.calls += 1
            return original(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(packed, "leaf_counts", counted)


@settings(max_examples=300, deadline=None)
@given(narrow_specs())
def test_leaf_counts_agree_with_brute_force_and_the_plain_loop(spec: Spec) -> None:
    links = spec.build().links()
    assert packed.leaf_lane(links) == any(len(option) == 1 for option in spec.options)
    outcome, stats = count(links, "packed")
    assert outcome is Outcome.EXHAUSTED
    assert stats.solutions == len(brute_force(spec))
    assert (outcome, stats) == count(links, "plain")


def test_every_mix_of_three_items_counts_as_the_plain_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Three items a, b, c and up to two options of each of the seven kinds
    # (a, b, c, ab, ac, bc, abc), every mix: the root is a three-item leaf,
    # and its counts are those of the plain loop, which goes down; a fourth
    # item d, in one option with each of a, b and c, puts the leaf below
    # the root, after each choice.
    kinds = [[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]
    leaves = Leaves(monkeypatch)
    checked = 0
    for mix in itertools.product(range(3), repeat=len(kinds)):
        # An option of one item first: the loop keeps a count of the active
        # items (leaf_lane) only then.
        rows = [
            [0],
            *(kind for kind, k in zip(kinds, mix, strict=True) for _ in range(k)),
        ]
        links = ExactCover(range(3), options=rows).links()
        assert packed.leaf_lane(links)
        calls = leaves.calls
        assert count(links, "packed") == count(links, "plain")
        assert leaves.calls == calls + 1
        if sum(mix) % 7 == 0:
            below = ExactCover(
                range(4), options=[*rows, [0, 3], [1, 3], [2, 3]]
            ).links()
            assert count(below, "packed") == count(below, "plain")
        checked += 1
    assert checked == 3 ** len(kinds)


@settings(max_examples=200, deadline=None)
@given(narrow_specs(), st.data())
def test_budgets_and_limits_stop_where_the_plain_loop_stops(
    spec: Spec, data: st.DataObject
) -> None:
    links = spec.build().links()
    total = count(links, "plain")[1]
    max_nodes = data.draw(st.integers(0, total.nodes + 1), label="max_nodes")
    limit = data.draw(st.none() | st.integers(1, total.solutions + 1), label="limit")
    plain = count(links, "plain", max_nodes=max_nodes, limit=limit)
    assert count(links, "packed", max_nodes=max_nodes, limit=limit) == plain


@settings(max_examples=100, deadline=None)
@given(narrow_specs(), st.data())
def test_resumed_and_split_counts_add_up(spec: Spec, data: st.DataObject) -> None:
    problem = spec.build()
    links = problem.links()
    total = count(links, "plain")[1]
    # Stopped by the node budget, then resumed: the counts of the two add up.
    max_nodes = data.draw(st.integers(0, total.nodes - 1), label="max_nodes")
    first = Search(links, count_only=True, form="packed", max_nodes=max_nodes)
    with pytest.raises(BudgetExceeded):
        list(first)
    rest = Search(links, count_only=True, form="packed", resume=first.position())
    assert list(rest) == []
    assert rest.stats.solutions == total.solutions
    # Split as dlx.parallel splits: each subproblem as the plain loop counts
    # it, and together the serial counts.
    cut = frontier(problem, data.draw(st.integers(1, 3), label="depth"))
    parts = [cut.stats]
    for prefix in cut.prefixes:
        below = count(links, "packed", prefix=prefix)
        assert below == count(links, "plain", prefix=prefix)
        parts.append(below[1])
    for field in ("nodes", "updates", "solutions"):
        assert sum(getattr(part, field) for part in parts) == getattr(total, field)


def random_dense(seed: int, items: int, options: int) -> ExactCover:
    """Distinct random options of 1 to 5 items (the benchmark's dense problem, smaller)."""
    rng = random.Random(seed)
    rows: set[tuple[int, ...]] = set()
    ordered: list[tuple[int, ...]] = []
    while len(ordered) < options:
        row = tuple(sorted(rng.sample(range(items), rng.randint(1, 5))))
        if row not in rows:
            rows.add(row)
            ordered.append(row)
    return ExactCover(range(items), options=ordered)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dense_problems_count_alike_with_fewer_steps(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    links = random_dense(seed, 18, 60).links()
    leaves = Leaves(monkeypatch)
    counted = count(links, "packed")
    assert leaves.calls > 0
    assert counted == count(links, "plain")
    # Listing goes down every time, with the same statistics.
    listing = Search(links, form="packed")
    solutions = list(listing)
    assert len(solutions) == len(set(solutions)) == counted[1].solutions
    assert listing.stats == counted[1]


def test_no_leaf_count_with_secondary_items_or_a_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    leaves = Leaves(monkeypatch)
    rows = [["a"], ["b"], ["a", "b"], ["b", "x"]]
    with_x = ExactCover("ab", "x", options=rows).links()
    assert not packed.leaf_lane(with_x)
    assert count(with_x, "packed") == count(with_x, "plain")
    links = ExactCover("abx", options=rows).links()
    assert packed.leaf_lane(links)
    assert count(links, "packed", seed=5) == count(links, "plain", seed=5)
    assert leaves.calls == 0
    assert count(links, "packed") == count(links, "plain")
    assert leaves.calls > 0
