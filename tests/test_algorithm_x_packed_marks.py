"""Algorithm X's marks form on the problems the dispatcher gives it: tilings.

The conformance suite runs the form on every fixture it can run (all of
them small); here it runs where Algorithm X's rules choose it, the
pentomino boxes, against the wide form (dancing links over the same lanes):
the same solutions in the same order, Knuth's counts, its estimate, the
sanity check, a resumed search and a split one.  CPython's dispatcher
gives these problems the marks form; PyPy's gives its own preferred form
(``dlx.algorithms.PREFERRED_FORMS``), so the tests name the marks form
rather than count on the default.
"""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor

import pytest
from dlx_helpers import default_form, pentomino_rectangle

from dlx import BudgetExceeded, ExactCover, Search, algorithms, parallel
from dlx.links import Links


@pytest.fixture(scope="module")
def box() -> Links:
    return pentomino_rectangle(3, 20).links()


@pytest.fixture(scope="module")
def whole(box: Links) -> tuple[list[tuple[int, ...]], Search]:
    search = Search(box, form="wide")
    return list(search), search


def run(search: Search) -> list[tuple[int, ...]]:
    return list(search)


def test_the_dispatcher_gives_tilings_the_marks_form() -> None:
    # Algorithm X's rules choose the marks form on every interpreter; the
    # dispatcher gives it where the interpreter prefers no other form.
    x = algorithms.by_name("X")
    for height, width in ((3, 20), (4, 15), (5, 12), (6, 10)):
        links = pentomino_rectangle(height, width).links()
        assert x.form(links).name == "marks", (height, width)
        chosen = algorithms.choose(links)[1].name
        assert chosen == default_form(links, "marks"), (height, width)
    # Dense problems (every option meets most others) keep the wide form,
    # and so do narrow options: the marks would cost more than they save.
    for n, w in ((13, 4), (11, 5), (13, 6)):
        names = [f"i{k}" for k in range(n)]
        options = [[names[a] for a in c] for c in itertools.combinations(range(n), w)]
        links = ExactCover(names, options=options).links()
        assert links.wide
        assert x.form(links).name == "wide", (n, w)
        assert algorithms.choose(links)[1].name == default_form(links, "wide"), (n, w)


def test_the_same_search_as_dancing_links(
    box: Links, whole: tuple[list[tuple[int, ...]], Search]
) -> None:
    marks = Search(box, form="marks")
    solutions, wide = whole
    assert run(marks) == solutions
    assert marks.stats == wide.stats
    assert marks.stats.solutions == 8


def test_the_sanity_check_at_every_solution_and_what_it_catches(box: Links) -> None:
    search = Search(box, form="marks")
    for _ in search:
        search.check()
    stopped = Search(box, form="marks", max_nodes=3000)
    with pytest.raises(BudgetExceeded):
        run(stopped)
    stopped.check()
    marks = stopped.state
    log = marks.log
    marks.gone[log[-1]] = 0  # an option hidden, its mark lost
    with pytest.raises(AssertionError, match="not marked"):
        stopped.check()
    marks.gone[log[-1]] = 1
    marks.packed += 1 << 64  # the first item's lane one too long
    with pytest.raises(AssertionError):
        stopped.check()


@pytest.mark.parametrize("budget", [1, 5000])
def test_estimate_split_test_and_resume_at_a_stop(
    box: Links, budget: int, whole: tuple[list[tuple[int, ...]], Search]
) -> None:
    stopped = {}
    for form in ("marks", "wide"):
        search = Search(box, form=form, max_nodes=budget)
        with pytest.raises(BudgetExceeded):
            run(search)
        stopped[form] = search
    marks, wide = stopped["marks"], stopped["wide"]
    assert marks.stats == wide.stats
    assert marks.stack == wide.stack
    algorithm = algorithms.by_name("X")
    assert algorithm.fraction(marks) == algorithm.fraction(wide)
    assert algorithm.splittable(marks) == algorithm.splittable(wide)
    assert marks.position().path == wide.position().path
    # Resumed, the marks form finishes the search as one run does.
    rest = Search(box, resume=marks.position(), form="marks")
    assert rest.form.name == "marks"
    solutions, serial = whole
    assert run(rest) == solutions[marks.stats.solutions :]
    assert rest.stats == serial.stats


@pytest.mark.threads
def test_a_split_search_counts_as_the_serial_one(
    whole: tuple[list[tuple[int, ...]], Search], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, serial = whole
    # The split search's tasks take the dispatcher's form: without the
    # interpreter's preferences (PyPy's), the marks form on every one.
    monkeypatch.setattr(algorithms, "PREFERRED_FORMS", {})
    box = pentomino_rectangle(3, 20).links()
    assert algorithms.choose(box)[1].name == "marks"
    with ThreadPoolExecutor(2) as threads:
        split = parallel.search(
            box, threads, count_only=True, task_seconds=None, task_nodes=2000
        )
        assert split.count() == 8
    assert split.stats == serial.stats


def test_a_prefix_search_below_each_first_choice(
    box: Links, whole: tuple[list[tuple[int, ...]], Search]
) -> None:
    solutions, _ = whole
    first = Search(box, max_nodes=1)
    with pytest.raises(BudgetExceeded):
        run(first)
    item, _ = first.position().path[0]
    row = box.down[item]
    seen = []
    while row != item:
        option = box.option_of[row]
        below = Search(box, prefix=[option], form="marks")
        assert below.form.name == "marks"
        found = run(below)
        assert found == [s for s in solutions if option in s]
        seen += found
        row = box.down[row]
    assert seen == solutions
