"""Algorithm X's wide form: 16 bits per item, for items with 128 options or more."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from dlx_helpers import compiled_as, default_form, n_queens, pentomino_rectangle

from dlx import BudgetExceeded, ExactCover, Search, Stats
from dlx.algorithms import algorithm_x_packed as packed
from dlx.algorithms import by_name, choose


def run(problem: ExactCover, form: str, **options: Any) -> tuple[list[Any], Stats]:
    search = Search(problem.links(), form=form, **options)
    solutions = list(search)
    search.check()
    return solutions, search.stats


def counting(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """Count the calls of the module's function ``name`` (the loops look it up there)."""
    calls: list[int] = []
    original: Callable[..., int] = getattr(packed, name)

    def counted(*args: Any) -> int:
        calls.append(1)
        return original(*args)

    monkeypatch.setattr(packed, name, counted)
    return calls


def test_tilings_with_long_lists_run_a_wide_form_and_small_ones_the_packed() -> None:
    # Algorithm X's rules (Algorithm.form), on every interpreter; the
    # dispatcher gives the same where the interpreter prefers no other form
    # (default_form: PyPy prefers the forms for its JIT).
    x = by_name("X")
    tiling = pentomino_rectangle(3, 20).links()
    assert not tiling.packed and tiling.wide
    # The marks form, over the wide form's lanes
    # (tests/test_algorithm_x_packed_marks.py).
    assert x.form(tiling).name == "marks"
    assert choose(tiling)[1].name == default_form(tiling, "marks")
    assert choose(tiling, form="wide")[1].name == "wide"
    queens = n_queens(6).links()
    assert x.form(queens).name == "packed"
    assert choose(queens)[1].name == default_form(queens, "packed")
    # Forbidding the packed forms forbids both widths.
    bytewise = compiled_as(pentomino_rectangle(3, 20), "bytes")
    assert x.form(bytewise).name == "plain"
    assert choose(bytewise)[1].name == default_form(bytewise, "plain")


def test_the_pentomino_tree_is_the_plain_forms() -> None:
    # A node budget stops both forms at the same place of the 3x20 tree
    # (its first tilings are found within it).
    problem = pentomino_rectangle(3, 20)
    ends = []
    for form in ("wide", "plain"):
        search = Search(problem.links(), form=form, max_nodes=3000)
        found: list[tuple[int, ...]] = []
        with pytest.raises(BudgetExceeded):
            found.extend(search)
        search.check()
        ends.append((found, search.stats))
    assert ends[0] == ends[1]
    assert ends[0][1].nodes == 3000 and ends[0][0]


def test_a_lane_found_across_two_items_is_passed_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Once p is covered its lane is 0x0001 and q's 0x8080 (128 options, all
    # active): the bytes 01 00 80 80 hold the pattern of a dead end (00 80)
    # at an odd place, across the two lanes.  The loop must pass it over,
    # then find q (128 options: past the lengths it looks for one by one).
    straddled = counting(monkeypatch, "_aligned")
    fallback = counting(monkeypatch, "_smallest_lane")
    problem = ExactCover("pq", options=[["p"]] + [["q"]] * 128)
    solutions, stats = run(problem, "wide")
    assert straddled and fallback
    assert solutions == [(0, k) for k in range(1, 129)]
    assert (solutions, stats) == run(problem, "plain")


def random_long_lists(seed: int) -> ExactCover:
    """A few items with up to 300 options, mostly in conflict on secondary items."""
    rng = random.Random(seed)
    n_primary = rng.randint(2, 5)
    n_secondary = rng.randint(1, 3)
    # Item 0 has 130 options or more: the sizes do not fit a byte.
    rows = [[0, n_primary + rng.randrange(n_secondary)] for _ in range(130)]
    for _ in range(rng.randint(50, 250)):
        width = rng.randint(1, min(3, n_primary))
        row = rng.sample(range(n_primary), width)
        if rng.random() < 0.8:
            row.append(n_primary + rng.randrange(n_secondary))
        rows.append(row)
    return ExactCover.from_rows(rows, n_primary=n_primary, n_secondary=n_secondary)


@pytest.mark.parametrize("seed", range(12))
def test_random_long_lists_give_the_plain_forms_solutions_and_counts(seed: int) -> None:
    problem = random_long_lists(seed)
    links = problem.links()
    assert links.wide and not links.bytewise and by_name("X").form(links).name == "wide"
    assert choose(links)[1].name == default_form(links, "wide")
    assert run(problem, "wide", limit=300) == run(problem, "plain", limit=300)


def test_the_wide_form_hands_back_sizes_a_walker_can_go_on_from() -> None:
    # Stopped by a budget, the search's arrays are those of the plain form
    # stopped at the same node (the position's resume replays from them).
    problem = pentomino_rectangle(3, 20)
    frames = []
    for form in ("wide", "plain"):
        search = Search(problem.links(), form=form, max_nodes=500)
        with pytest.raises(BudgetExceeded):
            list(search)
        frames.append((search.size[:], search.up[:], search.down[:]))
    assert frames[0] == frames[1]


def test_unrolling_makes_a_wide_loop_per_width() -> None:
    loop = packed.unrolled(6, packed.run_wide_lanes)
    assert loop is not None and loop.__name__ == "run_wide_lanes_width_6"
    assert packed.unrolled(6, packed.run_wide_lanes) is loop
    assert packed.unrolled(6) is not loop
