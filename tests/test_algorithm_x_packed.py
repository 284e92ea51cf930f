"""Algorithm X's packed loop form: when it is chosen, and its unrolling.

The packed form is the default on CPython only (PyPy runs the plain form:
``dlx.algorithms.PREFERRED_FORMS``), so the tests of the form itself ask
for it by name and run on every interpreter.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from dlx_helpers import (
    FORMS,
    compiled_as,
    dominoes,
    langford,
    n_queens,
    pentomino_rectangle,
    sudoku_empty,
)

import dlx.clock
from dlx import BudgetExceeded, Colored, ExactCover, Search, Stats, algorithms, records
from dlx.algorithms import algorithm_x_packed as packed
from dlx.links import PACKED_MAX_ITEMS, Links


def loop_of(search: Search) -> str:
    """The name of the function whose generator runs ``search``, with its module."""
    code = search._steps.gi_code  # type: ignore[attr-defined]
    module = Path(code.co_filename).stem
    return f"{module}.{code.co_name}"


def packed_search(problem: ExactCover) -> Search:
    """A search of ``problem`` on the packed form, whatever the interpreter's default."""
    return Search(problem.links(), form="packed")


def run(links: Links) -> tuple[list[tuple[int, ...]], Stats]:
    search = Search(links)
    solutions = list(search)
    search.check()
    return solutions, search.stats


@pytest.mark.parametrize(
    ("build", "loop"),
    [
        (lambda: n_queens(6), "algorithm_x_packed.run_packed_width_4"),
        (lambda: langford(7), "algorithm_x_packed.run_packed_width_3"),
        (lambda: sudoku_empty(2), "algorithm_x_packed.run_packed_width_4"),
    ],
    ids=["queens", "langford", "sudoku4"],
)
def test_small_problems_of_one_width_get_an_unrolled_loop(
    build: Callable[[], ExactCover], loop: str
) -> None:
    problem = build()
    assert loop_of(packed_search(problem)) == loop
    runs = [run(compiled_as(problem, form)) for form in FORMS]
    assert all(r == runs[0] for r in runs)
    assert runs[0][1].solutions > 0


def test_options_of_several_widths_get_the_generic_loop() -> None:
    problem = ExactCover("abc", options=[["a", "b"], ["c"], ["a"], ["b", "c"]])
    assert loop_of(packed_search(problem)) == "algorithm_x_packed.run_packed"
    assert problem.solutions_list() == [(0, 1), (2, 3)]


def test_options_of_one_item_unroll_to_nothing() -> None:
    problem = ExactCover("abc", options=[["a"], ["b"], ["c"], ["a"]])
    assert loop_of(packed_search(problem)) == "algorithm_x_packed.run_packed_width_1"
    runs = [run(compiled_as(problem, form)) for form in FORMS]
    assert all(r == runs[0] for r in runs)
    assert runs[0][0] == [(0, 1, 2), (1, 2, 3)]


@pytest.mark.parametrize(
    ("interpreter", "small"),
    [("cpython", "packed"), ("pypy", "jit"), ("graalpy", "packed")],
)
def test_the_default_loop_form_depends_on_the_interpreter(
    monkeypatch: pytest.MonkeyPatch, interpreter: str, small: str
) -> None:
    # What dlx.algorithms.choose documents: packed where it applies, except
    # on PyPy, whose JIT runs the jit form faster; other forms unchanged.
    implementation = SimpleNamespace(name=interpreter)
    monkeypatch.setattr(
        algorithms, "sys", SimpleNamespace(implementation=implementation)
    )
    few = n_queens(6)
    assert few.links().packed
    assert algorithms.choose(few.links())[1].name == small
    assert loop_of(few.search()).startswith(f"algorithm_x_{small}.")
    assert few.count() == 4
    # Named forms and other algorithms do not depend on it.
    assert algorithms.choose(few.links(), form="packed")[1].name == "packed"
    assert algorithms.choose(few.links(), form="plain")[1].name == "plain"
    many = ExactCover(range(PACKED_MAX_ITEMS + 1))
    many.add_options([[i] for i in range(PACKED_MAX_ITEMS + 1)])
    # (On PyPy the buckets form takes many items early: BUCKETS_RULES.)
    large = ("jit", "buckets") if interpreter == "pypy" else ("plain",)
    assert algorithms.choose(many.links())[1].name in large
    colours = ExactCover("a", ["x"], options=[["a", Colored("x", "red")]])
    assert algorithms.choose(colours.links())[1].name == "colored"
    bounded = ExactCover("a", options=[["a"]], bounds={"a": (0, 1)})
    assert algorithms.choose(bounded.links())[1].name == "multiplicity"


def test_the_running_interpreter_gets_its_documented_form() -> None:
    expected = "jit" if sys.implementation.name == "pypy" else "packed"
    preferred = algorithms.PREFERRED_FORMS.get(sys.implementation.name, ())
    assert preferred == () or "jit" in preferred
    assert n_queens(6).search().form.name == expected
    assert sudoku_empty(2).search().form.name == expected


def test_which_problems_take_the_packed_loop() -> None:
    few = ExactCover("ab", options=[["a"], ["b"]])
    assert few.links().packed
    assert not compiled_as(few, "bytes").packed
    colours = ExactCover("a", ["x"], options=[["a", Colored("x", "red")]])
    assert not colours.links().packed
    assert loop_of(colours.search()) == "algorithm_c.run"
    assert colours.search().form.name == "colored"
    many = ExactCover(range(PACKED_MAX_ITEMS + 1))
    many.add_options([[i] for i in range(PACKED_MAX_ITEMS + 1)])
    assert not many.links().packed
    if sys.implementation.name == "pypy":
        # The forms for its JIT (the buckets form from a few hundred items).
        assert many.search().form.name in ("jit", "buckets")
    else:
        assert many.search().form.name == "plain"
        assert loop_of(many.search()) == "algorithm_x.run"
    assert many.count() == 1
    # A list of 128 or more options needs the list form of sizes: not packed.
    long_list = ExactCover("a", options=[["a"]] * 128)
    assert not long_list.links().bytewise
    assert not long_list.links().packed
    assert long_list.count() == 128


def test_searches_share_the_tables_and_keep_their_own_state() -> None:
    problem = n_queens(6)
    links = problem.links()
    first = packed_search(problem)
    second = packed_search(problem)
    a = next(first)
    tables = links.cache["packed"]
    assert tables is not None
    assert list(second) == problem.solutions_list()
    assert links.cache["packed"] is tables
    second.check()
    first.check()  # untouched by the other search
    assert [a, *first] == problem.solutions_list()


def test_sizes_are_handed_back_at_every_solution() -> None:
    problem = langford(4)
    links = problem.links()
    search = problem.search()
    for _ in search:
        # Mid-search: some items covered, and Search.size says which.
        covered = [
            i for i in range(links.n_primary) if not links.is_active(search.size, i)
        ]
        assert covered == list(range(links.n_primary))
        search.check()
    assert all(links.is_active(search.size, i) for i in range(links.n_primary))
    assert search.size == links.size


def test_without_source_code_the_generic_loop_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_source(*_: object, **__: object) -> None:
        raise OSError("could not get source code")

    # The module's own name `open` shadows the built-in one it reads its
    # source with.
    monkeypatch.setattr(packed, "open", no_source, raising=False)
    packed.unrolled.cache_clear()
    try:
        assert packed.unrolled(4) is None
        problem = n_queens(6)
        search = packed_search(problem)
        assert loop_of(search) == "algorithm_x_packed.run_packed"
        assert sum(1 for _ in search) == 4
    finally:
        monkeypatch.undo()
        packed.unrolled.cache_clear()
    assert packed.unrolled(4) is not None


def test_unrolled_loops_keep_the_source_lines() -> None:
    # Tracebacks and coverage of the unrolled loops point into dlx/algorithm_x_packed.py.
    run_width_3 = packed.unrolled(3)
    assert run_width_3 is not None
    code = run_width_3.__code__
    generic = packed.run_packed.__code__
    assert code.co_filename == generic.co_filename
    assert code.co_firstlineno == generic.co_firstlineno
    names = set(code.co_varnames)
    assert {"unlink_0", "unlink_1", "relink_0", "relink_1"} <= names
    assert not {"unlink", "relink", "y", "unlink_2"} & names


def test_abandoned_packed_search_leaves_the_next_alone() -> None:
    problem = langford(7)
    search: Iterator[tuple[int, ...]] = packed_search(problem)
    next(search)
    del search
    assert problem.count() == 52


# -- from the loop as written to the loop written out, in the middle -------------------


def handoff_cases() -> list[Any]:
    """(form, problem, options) of packed searches long enough to move."""
    return [
        pytest.param("packed", dominoes(4, 7), {}, id="dominoes-4x7"),
        pytest.param("packed", n_queens(9), {"count_only": True}, id="queens9-count"),
        pytest.param("packed", langford(11), {"limit": 400}, id="langford11-limit"),
        pytest.param(
            "packed", langford(11), {"max_nodes": 3_000}, id="langford11-budget"
        ),
    ]


def outcome_of(
    problem: ExactCover, form: str, options: dict[str, Any]
) -> tuple[list[tuple[int, ...]], Stats, str]:
    """The solutions, statistics and outcome of a search (a budget's stop included)."""
    search = Search(problem.links(), form=form, **options)
    found: list[tuple[int, ...]] = []
    with contextlib.suppress(BudgetExceeded):
        found.extend(search)
    search.check()
    return found, records.replace(search.stats), search.outcome.name


@pytest.mark.parametrize(("form", "problem", "options"), handoff_cases())
def test_a_search_that_moves_to_the_written_out_loop_is_the_same_search(
    monkeypatch: pytest.MonkeyPatch,
    form: str,
    problem: ExactCover,
    options: dict[str, Any],
) -> None:
    loop = "run_packed"
    links = problem.links()
    (width,) = set(links.span[links.n_items + 1 :])
    width += 1
    results = {}
    for name, after in (("as written", 10**12), ("written out", 0), ("moved", 3_000)):
        monkeypatch.setattr(packed, "UNROLL_AFTER", after)
        monkeypatch.setattr(packed, "UPDATES_AS_WRITTEN", {})
        # Clock checks at odd places, so the move comes at some node or other.
        monkeypatch.setattr(dlx.clock, "CLOCK_EVERY", 7)
        results[name] = outcome_of(problem, form, options)
        spent = packed.UPDATES_AS_WRITTEN
        if name == "moved":
            # It moved at the first clock check past 3,000 updates: the
            # loop as written did those, the written-out loop the rest.
            assert list(spent) == [(loop, width)]
            assert 3_000 <= spent[loop, width] < results[name][1].updates, spent
        elif name == "written out":
            assert spent == {}
    assert results["moved"] == results["as written"] == results["written out"]


def test_small_searches_stay_in_the_loop_as_written_until_the_updates_add_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(packed, "UNROLL_AFTER", 30_000)
    monkeypatch.setattr(packed, "UPDATES_AS_WRITTEN", {})
    problem = dominoes(4, 7)  # 2,963 nodes and 10,912 updates; options of two items
    loops = []
    spent = []
    for _ in range(4):
        search = packed_search(problem)
        assert sum(1 for _ in search) == 781
        assert search.stats.updates == 10_912
        loops.append(loop_of(search))
        spent.append(packed.UPDATES_AS_WRITTEN[("run_packed", 2)])
    # Three searches do 32,736 updates as written (the third ends before
    # its next clock check, every 1,024 nodes, comes past 30,000), so the
    # fourth starts written out and adds none.
    assert loops == ["algorithm_x_packed.run_packed"] * 3 + [
        "algorithm_x_packed.run_packed_width_2"
    ]
    assert spent == [10_912, 21_824, 32_736, 32_736]


def test_the_wide_form_is_written_out_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Its tables cost more than writing the loop out: no tiling is small.
    monkeypatch.setattr(packed, "UNROLL_AFTER", 10**12)
    monkeypatch.setattr(packed, "UPDATES_AS_WRITTEN", {})
    search = Search(pentomino_rectangle(3, 20).links(), form="wide", max_nodes=50)
    with contextlib.suppress(BudgetExceeded):
        list(search)
    assert loop_of(search) == "algorithm_x_packed.run_wide_lanes_width_6"
    assert packed.UPDATES_AS_WRITTEN == {}


@pytest.mark.processes
def test_the_default_writes_a_loop_out_only_for_a_long_search() -> None:
    assert packed.UNROLL_AFTER == 0  # tests/conftest.py
    # About 6 ms of writing out, at about 80 ns saved an update.
    assert 50_000 <= inspect_default("UNROLL_AFTER") <= 200_000


def inspect_default(name: str) -> int:
    """The value of a constant of the packed module as a fresh interpreter has it."""
    code = f"from dlx import algorithm_x_packed as p; print(p.{name})"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    return int(done.stdout)
