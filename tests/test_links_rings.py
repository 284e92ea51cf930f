"""Wide options: rings of siblings instead of tuples, same search, linear memory."""

from __future__ import annotations

import random
import time

import pytest
from dlx_helpers import FORMS, NO_TRACEMALLOC, compiled_as

from dlx import ExactCover, Search
from dlx.links import TUPLE_MAX_WIDTH, Links, Ring


def wide_problem(seed: int) -> ExactCover:
    """40 primary items: a few options wider than the tuples go, many narrow ones."""
    rng = random.Random(seed)
    items = list(range(40))
    rows: list[list[int]] = []
    for _ in range(6):
        rows.append(rng.sample(items, rng.randint(TUPLE_MAX_WIDTH + 1, 40)))
    for _ in range(60):
        rows.append(rng.sample(items, rng.randint(1, 4)))
    rng.shuffle(rows)
    return ExactCover.from_rows(rows, n_primary=36, n_secondary=4)


def test_wide_options_keep_rings_that_list_the_same_siblings() -> None:
    problem = ExactCover.from_rows([list(range(50)), [0, 1, 2]], n_primary=50)
    wide = problem.links()
    narrow = compiled_as(problem, "unrolled", tuple_width=10**9)
    first = wide.n_items + 1
    for x in range(first, len(wide.top)):
        kind = Ring if x < first + 50 else tuple
        assert isinstance(wide.others[x], kind)
        assert isinstance(wide.others_rev[x], kind)
        assert tuple(wide.others[x]) == narrow.others[x]
        assert tuple(wide.others_rev[x]) == narrow.others_rev[x]
        assert wide.span[x] == narrow.span[x]


def test_wide_options_search_as_tuples_do_in_every_form() -> None:
    for seed in range(8):
        problem = wide_problem(seed)
        reference = Search(compiled_as(problem, "list-undo", tuple_width=10**9))
        expected = list(reference)
        for form in FORMS:
            search = Search(compiled_as(problem, form))
            assert list(search) == expected
            assert search.stats == reference.stats
            search.check()


def build_peak(width: int) -> tuple[float, int]:
    """Seconds and tracemalloc peak (bytes) of building one option of ``width`` items."""
    import tracemalloc

    rows = [list(range(width))]
    tracemalloc.start()
    try:
        started = time.perf_counter()
        links = Links(width, width, rows)
        seconds = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert links.span[-1] == width - 1
    return seconds, peak


@pytest.mark.skipif(NO_TRACEMALLOC is not None, reason=str(NO_TRACEMALLOC))
def test_memory_is_linear_in_the_width_of_an_option() -> None:
    # With a tuple per node an option of 4,000 items took 256 MB; with rings
    # it is a few hundred bytes per node whatever the width.
    _, small = build_peak(1_000)
    seconds, big = build_peak(4_000)
    assert big < 4_000 * 600
    assert big < 5 * small
    assert seconds < 2
