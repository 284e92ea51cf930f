"""Wide options: rings of siblings instead of tuples, same search, linear memory."""

from __future__ import annotations

import random
import time

import pytest
from dlx_helpers import FORMS, NO_TRACEMALLOC, compiled_as

from dlx import ExactCover, ProblemTooLarge, Search
from dlx import links as links_module
from dlx.links import TUPLE_MAX_WIDTH, Links, Ring


def wide_problem(seed: int) -> ExactCover:
    """40 primary items: a few options wider than the tuples go, many narrow ones."""
    return ExactCover.from_rows(wide_rows(seed), n_primary=36, n_secondary=4)


def wide_rows(seed: int) -> list[list[int]]:
    """The item numbers of :func:`wide_problem`'s options."""
    rng = random.Random(seed)
    items = list(range(40))
    rows: list[list[int]] = []
    for _ in range(6):
        rows.append(rng.sample(items, rng.randint(TUPLE_MAX_WIDTH + 1, 40)))
    for _ in range(60):
        rows.append(rng.sample(items, rng.randint(1, 4)))
    rng.shuffle(rows)
    return rows


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
    # Memory only: a time limit here failed on a loaded machine (2.5 s),
    # and speed belongs in the benchmarks.
    _, small = build_peak(1_000)
    _, big = build_peak(4_000)
    assert big < 4_000 * 600
    assert big < 5 * small


@pytest.mark.parametrize("seed", range(6))
def test_siblings_made_on_first_use_are_those_made_at_once(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # PyPy makes the sibling tuples when a loop first reads them
    # (LAZY_SIBLINGS), CPython with the rest: the same tuples, rings, spans
    # and counts either way, and for arrays read back from bytes.
    rows = wide_rows(seed)

    def build(lazy: bool) -> Links:
        monkeypatch.setattr(links_module, "LAZY_SIBLINGS", lazy)
        return Links(36, 40, rows)

    eager, lazy = build(False), build(True)
    assert lazy.span == eager.span
    assert [tuple(s) for s in lazy.others] == [tuple(s) for s in eager.others]
    assert [tuple(s) for s in lazy.others_rev] == [tuple(s) for s in eager.others_rev]
    copied = Links.from_bytes(eager.to_bytes())
    assert copied.span == eager.span
    assert [tuple(s) for s in copied.others] == [tuple(s) for s in eager.others]
    for form in FORMS:
        searches = []
        for lazy_form in (False, True):
            monkeypatch.setattr(links_module, "LAZY_SIBLINGS", lazy_form)
            search = Search(compiled_as(wide_problem(seed), form), count_only=True)
            for _ in search:
                pass
            searches.append(search)
        assert searches[0].stats == searches[1].stats, form


def test_siblings_too_big_to_make_on_first_use_end_with_a_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(links_module, "LAZY_SIBLINGS", True)
    links = ExactCover.from_rows([[0, 1], [1, 2], [2]], n_primary=3).links()

    def no_room(*args: object) -> object:
        raise MemoryError

    monkeypatch.setattr(links_module, "_siblings", no_room)
    with pytest.raises(
        ProblemTooLarge,
        match=r"out of memory while building the links of 3 options \(5 nodes\)",
    ):
        _ = links.others


@pytest.mark.parametrize("seed", range(6))
def test_links_linked_by_the_loop_are_those_of_the_builders(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # PyPy links the nodes by one loop (LOOP_BUILD), CPython by C-level
    # builders: the same arrays either way, and the same siblings whether
    # they are made with the rest or on first use; empty rows, repeated
    # widths and items of no option too.
    rows = wide_rows(seed)
    rows += [[], [39], [], [0, 5]]
    rows.insert(seed, [])

    def build(loop: bool, lazy: bool) -> Links:
        monkeypatch.setattr(links_module, "LOOP_BUILD", loop)
        monkeypatch.setattr(links_module, "LAZY_SIBLINGS", lazy)
        return Links(36, 42, rows)

    reference = build(False, False)
    for loop, lazy in ((True, False), (True, True), (False, True)):
        links = build(loop, lazy)
        for name in ("top", "up", "down", "option_of", "span", "size", "shift"):
            assert getattr(links, name) == getattr(reference, name), (name, loop, lazy)
        assert links.n_options == reference.n_options
        assert [tuple(s) for s in links.others] == [tuple(s) for s in reference.others]
        assert [tuple(s) for s in links.others_rev] == [
            tuple(s) for s in reference.others_rev
        ]
    same = [[k % 5, 5 + k % 7] for k in range(30)]
    monkeypatch.setattr(links_module, "LOOP_BUILD", True)
    looped = Links(12, 12, same)
    monkeypatch.setattr(links_module, "LOOP_BUILD", False)
    assert looped.span == Links(12, 12, same).span
