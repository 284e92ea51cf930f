"""Positions, resuming, prefixes, stop requests and progress reports.

The promise under test: a search stopped anywhere and resumed from its
position finds the same solutions, in the same order, with the same final
statistics as one uninterrupted run, in every form the engine has.
"""

from __future__ import annotations

import io
import sys

import pytest
from dlx_helpers import FORMS, compiled_as, langford, n_queens
from dlx_oracles import Spec, specs, uniform_specs
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import (
    BudgetExceeded,
    ExactCover,
    Interrupted,
    Outcome,
    Position,
    PositionError,
    Progress,
    Search,
    Stats,
    records,
)
from dlx.links import Links
from dlx.watch import ProgressLine


def run_whole(links: Links, seed: int | None = None) -> tuple[list[object], Stats]:
    search = Search(links, seed=seed)
    return list(search), records.replace(search.stats)


def run_in_pieces(
    links: Links, pieces: list[int], seed: int | None = None
) -> tuple[list[object], Stats]:
    """Search with node budgets ``pieces`` (cumulative), resuming after each stop.

    Every position goes through JSON on the way, as a checkpoint file would.
    """
    found: list[object] = []
    saved: Position | None = None
    for budget in [*pieces, None]:
        search = Search(links, max_nodes=budget, resume=saved, seed=seed)
        try:
            for solution in search:
                found.append(solution)
        except BudgetExceeded:
            search.check()
            saved = Position.from_json(search.position().to_json())
            continue
        search.check()
        return found, records.replace(search.stats)
    raise AssertionError("the last piece has no budget")


@settings(max_examples=60, deadline=None)
@given(st.one_of(specs(), uniform_specs()), st.sampled_from(FORMS))
def test_stopping_at_every_node_and_resuming_changes_nothing(
    spec: Spec, form: str
) -> None:
    links = compiled_as(spec.build(), form)
    expected = run_whole(links)
    for stop in range(expected[1].nodes + 1):
        assert run_in_pieces(links, [stop]) == expected


@settings(max_examples=60, deadline=None)
@given(st.one_of(specs(), uniform_specs()), st.sampled_from(FORMS), st.data())
def test_many_stops_in_one_search(spec: Spec, form: str, data: st.DataObject) -> None:
    links = compiled_as(spec.build(), form)
    expected = run_whole(links)
    steps = data.draw(st.lists(st.integers(0, 4), max_size=30))
    pieces = [sum(steps[: k + 1]) for k in range(len(steps))]
    assert run_in_pieces(links, pieces) == expected


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(specs(), uniform_specs()),
    st.sampled_from(FORMS),
    st.none() | st.integers(0, 99),
)
def test_resuming_after_each_solution(spec: Spec, form: str, seed: int | None) -> None:
    # A position taken while the caller holds a solution goes on after it:
    # a chain of searches, each giving one solution, gives them all.
    links = compiled_as(spec.build(), form)
    expected = run_whole(links, seed)
    found: list[object] = []
    saved: Position | None = None
    while True:
        search = Search(links, resume=saved, seed=seed)
        solution = next(search, None)
        if solution is None:
            break
        found.append(solution)
        saved = Position.from_json(search.position().to_json())
    assert (found, search.stats) == expected


@pytest.mark.parametrize("form", FORMS)
def test_resume_on_known_problems(form: str) -> None:
    links = compiled_as(langford(7), form)
    expected = run_whole(links)
    assert expected[1].solutions == 52
    assert run_in_pieces(links, [1, 50, 51, 700, 2000]) == expected
    queens = compiled_as(n_queens(6), form)
    assert run_in_pieces(queens, [10, 20, 30]) == run_whole(queens)


def test_a_position_of_another_problem_is_refused() -> None:
    search = langford(5).search(max_nodes=20)
    with pytest.raises(BudgetExceeded):
        list(search)
    saved = search.position()
    with pytest.raises(PositionError, match="another problem"):
        langford(4).search(resume=saved)
    # Same fingerprint, damaged path: named.
    bad = records.replace(saved, path=((0, 10_000),))
    with pytest.raises(PositionError, match="option 10000"):
        langford(5).search(resume=bad)


@pytest.mark.parametrize(
    "text",
    ["", "[]", "not json", '{"format": "pydlx-position-1"}', '{"format": 3}'],
)
def test_damaged_positions_are_refused(text: str) -> None:
    with pytest.raises(PositionError):
        Position.from_json(text)


def test_a_finished_search_has_no_position() -> None:
    search = langford(3).search()
    list(search)
    with pytest.raises(ValueError, match="over"):
        search.position()


# -- prefixes -----------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(st.one_of(specs(), uniform_specs()), st.sampled_from(FORMS))
def test_prefixes_of_the_first_level_split_the_search(spec: Spec, form: str) -> None:
    problem = spec.build()
    links = compiled_as(problem, form)
    expected, _ = run_whole(links)
    item = position_item(links)
    if item is None:
        return
    found: list[object] = []
    for option in options_in_list(links, item):
        found += list(Search(links, prefix=[option]))
    assert found == expected


def position_item(links: Links) -> int | None:
    """The item the search branches on at the root, or None."""
    best = None
    for item in range(links.n_primary):
        length = links.length(links.size, item)
        if best is None or length < links.length(links.size, best):
            best = item
    return best


def options_in_list(links: Links, item: int) -> list[int]:
    options = []
    row = links.down[item]
    while row != item:
        options.append(links.option_of[row])
        row = links.down[row]
    return options


def test_a_prefix_that_does_not_fit_is_refused() -> None:
    problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    with pytest.raises(PositionError, match="option 1"):
        problem.search(prefix=[1])  # option 1 does not cover item a
    assert list(problem.search(prefix=[0])) == [(0, 1)]
    assert list(problem.search(prefix=[0, 1])) == [(0, 1)]


# -- stop requests, interrupts and progress ------------------------------------------


def test_request_stop_from_the_progress_hook_stops_exactly() -> None:
    problem = langford(8)
    expected = run_whole(problem.links())
    reports: list[Progress] = []
    searches: list[Search] = []

    def hook(report: Progress) -> None:
        reports.append(report)
        searches[-1].request_stop()

    search = problem.search(progress=hook, progress_interval=1e-9)
    searches.append(search)
    found: list[object] = []
    with pytest.raises(Interrupted):
        for solution in search:
            found.append(solution)
    assert search.outcome is Outcome.INTERRUPTED
    assert reports and search.stats.nodes == reports[-1].nodes
    rest = problem.search(resume=search.position())
    found += list(rest)
    assert (found, rest.stats) == expected


def test_keyboard_interrupt_keeps_stats_and_a_position_that_counts_exactly() -> None:
    problem = langford(9)
    total = problem.search(count_only=True)
    list(total)
    calls = 0

    def hook(report: Progress) -> None:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt

    search = problem.search(count_only=True, progress=hook, progress_interval=1e-9)
    with pytest.raises(KeyboardInterrupt):
        list(search)
    assert search.outcome is Outcome.INTERRUPTED
    assert 0 < search.stats.nodes < total.stats.nodes
    # The problem is still usable, and the position resumes to exact counts.
    rest = problem.search(count_only=True, resume=search.position())
    list(rest)
    assert rest.stats == total.stats
    assert problem.count() == total.stats.solutions


def deep(spine: int, choices: int) -> ExactCover:
    """``spine`` items of one option each and ``choices`` of two: 2**choices solutions, deep."""
    problem = ExactCover(
        [f"s{k}" for k in range(spine)] + [f"c{k}" for k in range(choices)]
    )
    for k in range(spine):
        problem.add_option([f"s{k}"])
    for k in range(choices):
        problem.add_option([f"c{k}"])
        problem.add_option([f"c{k}"])
    return problem


@pytest.mark.parametrize("interrupt_at", [2, 4, 5])
def test_a_keyboard_interrupt_in_a_deep_search_resumes_exactly(
    interrupt_at: int,
) -> None:
    # Deeper than the nodes between two clock checks: the snapshot a
    # KeyboardInterrupt goes back to is taken after as many nodes as the
    # search is deep, not at every check, and still resumes exactly.
    problem = deep(3_000, 11)
    total = problem.search(count_only=True)
    list(total)
    assert total.stats.solutions == 2**11 and total.stats.nodes > 5 * 1024
    calls = 0

    def hook(report: Progress) -> None:
        nonlocal calls
        calls += 1
        if calls == interrupt_at:
            raise KeyboardInterrupt

    search = problem.search(count_only=True, progress=hook, progress_interval=1e-9)
    with pytest.raises(KeyboardInterrupt):
        list(search)
    assert 0 < search.stats.nodes < total.stats.nodes
    rest = problem.search(count_only=True, resume=search.position())
    list(rest)
    assert rest.stats == total.stats


@pytest.mark.parametrize("form", FORMS)
def test_progress_reports_grow_and_end_at_one(form: str) -> None:
    links = compiled_as(langford(9), form)
    reports: list[Progress] = []
    search = Search(links, progress=reports.append, progress_interval=1e-9)
    solutions = sum(1 for _ in search)
    assert len(reports) > 3
    fractions = [r.fraction for r in reports]
    assert fractions == sorted(fractions)
    assert fractions[0] > 0 and fractions[-1] == 1.0
    assert [r.nodes for r in reports] == sorted(r.nodes for r in reports)
    last = reports[-1]
    assert (last.nodes, last.updates, last.solutions) == (
        search.stats.nodes,
        search.stats.updates,
        solutions,
    )
    assert last.remaining == 0.0 and last.depth == 0
    assert all(r.remaining is None or r.remaining >= 0 for r in reports)


def test_progress_does_not_change_the_search() -> None:
    problem = n_queens(7)
    plain = problem.search()
    watched = problem.search(progress=lambda report: None, progress_interval=1e-9)
    assert list(plain) == list(watched)
    assert plain.stats == watched.stats


def test_bad_progress_interval_is_refused() -> None:
    with pytest.raises(ValueError, match="progress_interval"):
        langford(3).search(progress=print, progress_interval=0)


# -- the progress display --------------------------------------------------------------


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_line_redraws_in_place_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # the plain line, not a bar
    monkeypatch.setenv("COLUMNS", "100")
    terminal = FakeTerminal()
    line = ProgressLine(terminal, prefix="dlx: ")
    line.update(Progress(2000, 9000, 3, 2.0, 5, 0.25, 6.0))
    line.update(Progress(4000, 18000, 7, 4.0, 5, 0.5, 4.0))
    line.close()
    text = terminal.getvalue()
    assert "\n" not in text
    drawn = text.split("\r")
    assert (
        drawn[1]
        == "dlx: 3 solutions, 2000 nodes at 1.0 k/s, 25.00 % done, about 6 s left"
    )
    assert drawn[2].startswith("dlx: 7 solutions, 4000 nodes at 1.0 k/s, 50.00 % done")
    assert drawn[-1] == "" and drawn[-2].strip() == ""  # cleared at the end


def test_progress_lines_into_a_file() -> None:
    stream = io.StringIO()
    line = ProgressLine(stream)
    line.update(Progress(10, 20, 0, 0.0, 1, 0.0, None))
    line.close()
    assert stream.getvalue() == (
        "0 solutions, 10 nodes at 0/s, 0.00 % done, time left unknown\n"
    )


class _Bars:
    """A stand-in for the tqdm module that counts the bars made."""

    made = 0

    def __init__(self) -> None:
        self.tqdm = self._bar

    def _bar(self, **kwargs: object) -> object:
        _Bars.made += 1
        raise AssertionError("show() made a tqdm bar")


def test_progress_line_shows_any_text_in_place_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # tqdm "installed": show() draws the plain line all the same.
    monkeypatch.setitem(sys.modules, "tqdm", _Bars())
    monkeypatch.setenv("COLUMNS", "30")
    terminal = FakeTerminal()
    line = ProgressLine(terminal, prefix="sudoku: 3: ")
    line.show("12 steps, a long way to go yet")
    line.show("13 steps")
    line.close()
    assert _Bars.made == 0
    drawn = terminal.getvalue().split("\r")
    # Cut to the width, room left for the "^C" a terminal echoes.
    assert drawn[1] == "sudoku: 3: 12 steps, a long"
    # A shorter text is padded over the longer one before it.
    assert drawn[2] == "sudoku: 3: 13 steps" + " " * 8
    assert drawn[-1] == "" and drawn[-2].strip() == ""  # cleared at the end


def test_progress_line_shows_text_into_a_file_a_line_each() -> None:
    stream = io.StringIO()
    line = ProgressLine(stream, prefix="sudoku: 3: ")
    line.show("12 steps")
    line.show("13 steps")
    line.close()  # nothing to clear in a file
    assert stream.getvalue() == "sudoku: 3: 12 steps\nsudoku: 3: 13 steps\n"
