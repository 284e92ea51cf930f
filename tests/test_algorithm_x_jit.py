"""Algorithm X's jit form (dlx.algorithm_x_jit) against its plain form, in every layout.

tests/test_conformance.py runs the form on the problems' own links; here
it runs on the layouts the plain form is checked on (bytes or list sizes,
with or without snapshots, with or without unrolling, siblings as tuples
or rings), with its unrolled and its written loop, and from the states a
resume, a prefix or a seed leave: the same solutions in the same order,
Knuth's statistics and a sane state after every solution.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from dlx_helpers import compiled_as, l_trominoes, langford, n_queens

from dlx import BudgetExceeded, ExactCover, Search, algorithm_x_jit
from dlx.algorithm_x_jit import JitTables, run, run_loop, tables_of, unrolled
from dlx.links import Links

LAYOUTS = ("unrolled", "packed", "bytes", "bytes-undo", "list", "list-undo")


def mixed_widths() -> ExactCover:
    """Options of one to four items, some secondary: the written loop."""
    problem = ExactCover(["a", "b", "c", "d", "e", "f"], secondary=["x", "y"])
    for option in [
        ["a", "b"],
        ["c"],
        ["d", "e", "f", "x"],
        ["a", "c", "y"],
        ["b", "d"],
        ["e", "f", "y"],
        ["a", "b", "c", "x"],
        ["d"],
        ["e"],
        ["f", "x"],
    ]:
        problem.add_option(option)
    return problem


def triples(n: int) -> ExactCover:
    """Every three-item subset of ``n`` items: dense, every option overlapping."""
    problem = ExactCover(range(n))
    problem.add_options([list(c) for c in itertools.combinations(range(n), 3)])
    return problem


PROBLEMS: dict[str, Callable[[], ExactCover]] = {
    "queens6": lambda: n_queens(6),
    "langford7": lambda: langford(7),
    "trominoes4x6": lambda: l_trominoes(4, 6),
    "mixed": mixed_widths,
    "triples9": lambda: triples(9),
}


def run_form(
    links: Links, form: str, **options: object
) -> tuple[list[tuple[int, ...]], tuple[int, int, int]]:
    search = Search(links, form=form, **options)  # type: ignore[arg-type]
    found = []
    for solution in search:
        search.check()
        found.append(solution)
    stats = search.stats
    return found, (stats.nodes, stats.updates, stats.solutions)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_the_jit_form_searches_as_the_plain_form(name: str, layout: str) -> None:
    problem = PROBLEMS[name]()
    links = compiled_as(problem, layout)
    plain = run_form(links, "plain")
    jit = run_form(links, "jit")
    assert jit == plain
    counted = Search(links, form="jit", count_only=True)
    assert list(counted) == []
    assert counted.stats.solutions == len(plain[0])
    assert (counted.stats.nodes, counted.stats.updates) == plain[1][:2]
    counted.check()


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_rings_of_siblings_search_alike(name: str) -> None:
    # Options wider than tuple_width keep rings in Links.others; the jit
    # form reads its own flat list either way.
    links = compiled_as(PROBLEMS[name](), "bytes", tuple_width=2)
    assert run_form(links, "jit") == run_form(links, "plain")


def test_the_loop_is_unrolled_for_one_width_only() -> None:
    assert tables_of(n_queens(5).links()).width == 4
    assert tables_of(mixed_widths().links()).width == 0
    search = Search(n_queens(5).links(), form="jit")
    assert search._steps.gi_code.co_name == "run_loop_width_4"  # type: ignore[attr-defined]
    search = Search(compiled_as(n_queens(5), "packed"), form="jit")
    assert search._steps.gi_code.co_name == "run_loop"  # type: ignore[attr-defined]
    assert unrolled(4) is unrolled(4)
    assert unrolled(1) is not None


def test_the_loop_written_out_keeps_the_source_lines() -> None:
    # Tracebacks and coverage of the written-out loop point into its file,
    # at the lines of the loop as written; it searches as the plain form.
    rng = random.Random(5)
    for width in (1, 2, 3, 5):
        runner = unrolled(width)
        assert runner is not None
        code = runner.__code__
        assert code.co_filename == run_loop.__code__.co_filename
        assert code.co_firstlineno == run_loop.__code__.co_firstlineno
        lines = {line for _, _, line in code.co_lines() if line is not None}
        written = {line for _, _, line in run_loop.__code__.co_lines() if line}
        assert lines <= written
        rows = [rng.sample(range(12), width) for _ in range(18)]
        links = ExactCover.from_rows(rows, n_primary=10, n_secondary=2).links()
        search = Search(links, form="jit")
        assert search._steps.gi_code.co_name == code.co_name  # type: ignore[attr-defined]
        assert run_form(links, "jit") == run_form(links, "plain")


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_the_tables_list_each_options_nodes_twice(name: str) -> None:
    # One width (the tables made by slices) or several (option by option).
    # Node numbers counted from the first node; the shared tables of a
    # width (tables_of) list the same for the problem's nodes.
    links = PROBLEMS[name]().links()
    first = links.n_items + 1
    for tables in (JitTables(links), tables_of(links)):
        for x in range(first, len(links.top)):
            start = tables.place[x - first]
            others = tables.ring[start : start + links.span[x]]
            assert tuple(first + y for y in others) == tuple(links.others[x])


def test_problems_of_one_width_share_tables_that_grow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(algorithm_x_jit, "_SHARED", {})
    small = ExactCover.from_rows([[0, 1, 2]] * 3, n_primary=3).links()
    big = ExactCover.from_rows([[0, 1, 2]] * 5, n_primary=4).links()
    tables = tables_of(small)
    assert len(tables.place) == 9
    assert tables_of(big) is not tables
    assert len(tables_of(big).place) == 18  # twice the room
    again = ExactCover.from_rows([[1, 2, 3]] * 4, n_primary=4).links()
    assert tables_of(again) is tables_of(big)
    monkeypatch.setattr(algorithm_x_jit, "SHARED_MAX_NODES", 12)
    huge = ExactCover.from_rows([[0, 1, 2]] * 7, n_primary=3).links()
    assert tables_of(huge) is not algorithm_x_jit._SHARED[3]
    assert len(tables_of(huge).place) == 21
    for links in (small, big, again, huge):
        assert run_form(links, "jit") == run_form(links, "plain")


@pytest.mark.parametrize("layout", ("unrolled", "list-undo"))
@pytest.mark.parametrize("name", ("queens6", "langford7", "mixed"))
def test_seeded_searches_draw_as_the_plain_form(name: str, layout: str) -> None:
    links = compiled_as(PROBLEMS[name](), layout)
    for seed in (1, 2, 3):
        assert run_form(links, "jit", seed=seed) == run_form(links, "plain", seed=seed)


@pytest.mark.parametrize("layout", ("unrolled", "list-undo"))
@pytest.mark.parametrize("name", ("queens6", "langford7", "trominoes4x6"))
def test_a_stopped_search_resumes_where_it_stood(name: str, layout: str) -> None:
    links = compiled_as(PROBLEMS[name](), layout)
    whole, stats = run_form(links, "plain")
    found: list[tuple[int, ...]] = []
    search = Search(links, form="jit", max_nodes=37)
    while True:
        try:
            for solution in search:
                found.append(solution)
                if len(found) % 3 == 1:
                    # Between two solutions: resume goes on after this one.
                    search = Search(links, form="jit", resume=search.position())
                    break
            else:
                break
        except BudgetExceeded:
            search.check()
            position = search.position()
            search = Search(
                links, form="jit", max_nodes=search.stats.nodes + 37, resume=position
            )
    assert found == whole
    assert (search.stats.nodes, search.stats.updates, search.stats.solutions) == stats


@pytest.mark.parametrize("name", ("queens6", "langford7"))
def test_a_prefix_search_counts_below_its_prefix(name: str) -> None:
    problem = PROBLEMS[name]()
    links = problem.links()
    search = Search(links, form="plain")
    next(search)
    # The options of the first solution, level by level.
    path = [links.option_of[x] for x in search.stack]
    for floor in (0, 1, 2):
        plain = run_form(links, "plain", prefix=path[:2], floor=floor)
        assert run_form(links, "jit", prefix=path[:2], floor=floor) == plain


def test_a_limit_stops_the_count_with_the_statistics_up_to_date() -> None:
    links = n_queens(6).links()
    plain = Search(links, form="plain", count_only=True, limit=3)
    jit = Search(links, form="jit", count_only=True, limit=3)
    assert list(plain) == list(jit) == []
    assert plain.stats == jit.stats
    assert plain.outcome == jit.outcome
    jit.check()


def test_run_is_the_forms_loop() -> None:
    links = n_queens(4).links()
    search = Search(links, form="jit")
    assert list(run(search, False)) == [(1, 7, 8, 14), (2, 4, 11, 13)]
    written = Search(links, form="jit")
    assert list(run_loop(written, False, tables_of(links))) == list(Search(links))


def test_without_its_source_the_loop_runs_as_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A file changed since it was imported, say: run_loop is not at the
    # line its code names.
    lines = ["x = 1\n"] * (run_loop.__code__.co_firstlineno + 5)
    with pytest.raises(ValueError):
        algorithm_x_jit._written_out(lines, 2)
    # Or its loops over i changed shape.
    source = run_loop.__code__.co_filename
    with open(source, encoding="utf-8") as handle:
        lines = handle.read().splitlines(keepends=True)
    for old, new in (
        ("span[row]):", "span[row] + 0):"),
        ("length[top[y]] -= 1\n", "length[top[y]] -= 1  # note\n"),
        ("for i in range(k, k + span[row]):", "for i in range(k, k + span[row]): pass"),
    ):
        changed = [line.replace(old, new, 1) for line in lines]
        with pytest.raises(ValueError):
            algorithm_x_jit._written_out(changed, 2)

    def moved(lines: list[str], count: int) -> None:
        raise ValueError("moved")

    monkeypatch.setattr(algorithm_x_jit, "_written_out", moved)
    assert unrolled.__wrapped__(3) is None
    links = n_queens(5).links()
    search = Search(links, form="jit")
    assert list(search) == list(Search(links, form="plain"))
