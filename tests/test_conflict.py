"""ExactCover.conflict: minimal reasons why a problem has no solution.

Every answer is checked against the brute-force oracle of
``dlx_oracles`` (which knows nothing of dancing links), on the problem
the answer speaks of:

* without ``pinned``, the problem in which only the answer's items must
  be covered: the other primary items get the lower bound 0 (at most once,
  or at most their upper bound), which the oracle reads as it reads any
  bounds;
* with ``pinned``, whether some solution holds every option of a set.

An answer must have no solution, and dropping any one of its members
must give one; ``None`` comes back exactly when the problem has a
solution.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from dlx_oracles import (
    Bounded,
    Spec,
    bounded_specs,
    check_items_answer,
    oracle,
    relaxed,
    specs,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import BudgetExceeded, Colored, ExactCover, Outcome, ProblemError, conflict
from dlx.conflict import (
    ConflictBudgetExceeded,
    ConflictInterrupted,
    ConflictProgress,
    minimal_core,
    resolve_pinned,
)
from dlx.polyomino import rectangle, tiling

# -- the oracles --------------------------------------------------------------


def pinned_feasible(solutions: set[tuple[int, ...]], options: set[int]) -> bool:
    return any(options <= set(solution) for solution in solutions)


def check_pinned_answer(
    problem: ExactCover, pinned: list[int], answer: list[Any] | None
) -> None:
    solutions = oracle(problem)
    assert (answer is None) == pinned_feasible(solutions, set(pinned))
    if answer is None:
        return
    assert len(set(answer)) == len(answer)
    assert set(answer) <= set(pinned)
    assert answer == [p for p in dict.fromkeys(pinned) if p in answer]  # given order
    assert not pinned_feasible(solutions, set(answer))
    for k in range(len(answer)):
        rest = set(answer[:k] + answer[k + 1 :])
        assert pinned_feasible(solutions, rest), answer[k]


# -- random problems against the oracle ---------------------------------------

#: The ways a test may go, by the module's settings: as shipped; singles
#: only (no clash sets: no blocked options, no probing by them); every
#: count cut short at once, so that each test probes and then restarts
#: with shuffled problems.
MODES = {
    "shipped": {},
    "singles": {"CLASH_BYTES": 0},
    "probing": {"RESTART_NODES": 1, "PROBE_AFTER": 0},
}


@contextmanager
def mode(name: str) -> Iterator[None]:
    saved = {key: getattr(conflict, key) for key in MODES[name]}
    try:
        for key, value in MODES[name].items():
            setattr(conflict, key, value)
        yield
    finally:
        for key, value in saved.items():
            setattr(conflict, key, value)


modes = st.sampled_from(sorted(MODES))


@settings(max_examples=300, deadline=None)
@given(specs(), modes)
def test_items_against_the_oracle(spec: Spec, way: str) -> None:
    problem = spec.build()
    with mode(way):
        check_items_answer(problem, problem.conflict())


@settings(max_examples=150, deadline=None)
@given(bounded_specs(), modes)
def test_items_with_bounds_against_the_oracle(case: Bounded, way: str) -> None:
    problem = case.build()
    with mode(way):
        check_items_answer(problem, problem.conflict())


@st.composite
def pinned_cases(
    draw: st.DrawFn, bounded: bool = False
) -> tuple[ExactCover, list[int]]:
    problem = (draw(bounded_specs()) if bounded else draw(specs())).build()
    if not len(problem):
        return problem, []
    pinned = draw(st.lists(st.integers(0, len(problem) - 1), max_size=6))
    return problem, pinned


@settings(max_examples=300, deadline=None)
@given(pinned_cases(), modes)
def test_pinned_against_the_oracle(
    case: tuple[ExactCover, list[int]], way: str
) -> None:
    problem, pinned = case
    with mode(way):
        check_pinned_answer(problem, pinned, problem.conflict(pinned))


@settings(max_examples=150, deadline=None)
@given(pinned_cases(bounded=True))
def test_pinned_with_bounds_against_the_oracle(
    case: tuple[ExactCover, list[int]],
) -> None:
    problem, pinned = case
    check_pinned_answer(problem, pinned, problem.conflict(pinned))


@st.composite
def crowded_specs(draw: st.DrawFn) -> ExactCover:
    """Up to 8 items and 10 options, each primary item in two options or more.

    Options of two or three items: most of these have no solution, and
    no item is without options, so that the reasons are not one item.
    """
    n_primary = draw(st.integers(3, 7))
    n_secondary = draw(st.integers(0, 1))
    names = [f"p{i}" for i in range(n_primary)]
    others = [f"s{i}" for i in range(n_secondary)]
    problem = ExactCover(names, others)
    entry = st.sampled_from(names + others)
    rows: list[list[str]] = []
    for name in names * 2:
        if sum(name in row for row in rows) < 2 and len(rows) < 10:
            more = draw(st.lists(entry, min_size=1, max_size=2))
            rows.append(list(dict.fromkeys([name, *more])))
    while len(rows) < 10 and not draw(st.integers(0, 3)):
        rows.append(draw(st.lists(entry, min_size=2, max_size=3, unique=True)))
    for row in rows:
        problem.add_option(
            [
                Colored(i, draw(st.sampled_from("rb")))
                if i in others and draw(st.booleans())
                else i
                for i in row
            ]
        )
    return problem


@settings(max_examples=300, deadline=None)
@given(crowded_specs(), modes)
def test_crowded_problems_against_the_oracle(problem: ExactCover, way: str) -> None:
    with mode(way):
        check_items_answer(problem, problem.conflict())


@settings(max_examples=200, deadline=None)
@given(crowded_specs(), st.data(), modes)
def test_crowded_problems_pinned(
    problem: ExactCover, data: st.DataObject, way: str
) -> None:
    pinned = data.draw(st.lists(st.integers(0, len(problem) - 1), max_size=5))
    with mode(way):
        check_pinned_answer(problem, pinned, problem.conflict(pinned))


# -- the minimisation alone ---------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 24).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(
                st.frozensets(st.integers(0, n - 1), min_size=1, max_size=5),
                max_size=6,
            ),
            st.booleans(),
        )
    )
)
def test_minimal_core_on_set_families(
    case: tuple[int, list[frozenset[int]], bool],
) -> None:
    # "No solution" is "holds a set of the family"; the test's core is the
    # first such set (refinement) or the whole set asked about.
    n, family, refine = case
    tests = []

    def test(members: list[int], nodes: int) -> int | None:
        tests.append(len(members))
        held = set(members)
        for bad in family:
            if bad <= held:
                chosen = bad if refine else held
                return sum(1 << p for p in chosen)
        return None

    answer = minimal_core(n, test)
    if not family:
        assert answer is None
        return
    assert answer is not None
    assert any(bad <= set(answer) for bad in family)
    for p in answer:
        rest = set(answer) - {p}
        assert not any(bad <= rest for bad in family)
    # Each member of the answer was shown needed by a test of its own.
    assert len(tests) >= len(answer) + 1


def test_minimal_core_takes_few_tests_for_a_small_reason() -> None:
    # Two needed members among 1,000: about 2·log2(500) tests, not 1,000.
    asked = []

    def test(members: list[int], nodes: int) -> int | None:
        asked.append(members)
        if {17, 640} <= set(members):
            return sum(1 << p for p in members)
        return None

    assert minimal_core(1000, test) == [17, 640]
    assert len(asked) < 60


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 16).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(
                st.frozensets(st.integers(0, n - 1), min_size=1, max_size=4),
                min_size=1,
                max_size=5,
            ),
            st.frozensets(st.integers(0, n - 1)),
            st.integers(0, 3),
        )
    )
)
def test_minimal_core_puts_off_the_tests_it_cannot_tell(
    case: tuple[int, list[frozenset[int]], frozenset[int], int],
) -> None:
    # A test whose set holds none of the "hard" members is told at once;
    # the others only with nodes enough (``rounds`` times four times the
    # first nodes): the answer is the same minimal one, found later.
    n, family, hard, rounds = case
    enough = conflict.FIRST_NODES * 4**rounds
    unknown = 0

    def test(members: list[int], nodes: int) -> int | None:
        nonlocal unknown
        held = set(members)
        if held & hard and nodes < enough:
            unknown += 1
            return conflict.UNKNOWN
        for bad in family:
            if bad <= held:
                return sum(1 << p for p in held)
        return None

    answer = minimal_core(n, test)
    assert answer is not None
    assert any(bad <= set(answer) for bad in family)
    for p in answer:
        assert not any(bad <= set(answer) - {p} for bad in family)


# -- problems a person can check ----------------------------------------------


def test_a_tiling_with_a_piece_swapped() -> None:
    # Two L trominoes tile a 2x3 board; an L and an I do not.
    pieces = {"L": "##\n#.", "I": "###"}
    board = rectangle(2, 3)
    assert tiling({"L": "##\n#.", "J": "#.\n##"}, board).count() == 4
    problem = tiling(pieces, board)
    answer = problem.conflict()
    assert answer is not None
    check_items_answer(problem, answer)
    # The pieces and the cells of the reason, and the same by a count.
    assert not relaxed(problem, answer).count(limit=1)


def test_a_pentomino_board_that_cannot_close() -> None:
    # L, P and V tile a 3x5 board; with a U instead of the V, nothing does.
    pieces = {"L": "####\n#...", "P": "###\n##.", "V": "#..\n#..\n###"}
    assert tiling(pieces, rectangle(3, 5)).count() == 4
    pieces["U"] = "#.#\n###"
    del pieces["V"]
    problem = tiling(pieces, rectangle(3, 5))
    assert problem.count() == 0
    answer = problem.conflict()
    assert answer is not None
    assert not relaxed(problem, answer).count(limit=1)
    for k in range(len(answer)):
        assert relaxed(problem, answer[:k] + answer[k + 1 :]).count(limit=1)


def test_dominoes_on_a_mutilated_board() -> None:
    board = ".##\n...\n..."  # 7 cells: no domino tiling
    problem = tiling({"domino": "##"}, board, use="any")
    answer = problem.conflict()
    assert answer is not None
    check_items_answer(problem, answer)


def test_a_problem_with_a_solution_has_no_reason() -> None:
    problem = ExactCover("abc", options=[["a", "b"], ["c"], ["a"], ["b", "c"]])
    assert problem.conflict() is None
    assert problem.conflict(pinned=[0, 1]) is None
    assert problem.conflict(pinned=[]) is None


def test_an_item_without_options_is_a_reason_of_its_own() -> None:
    problem = ExactCover("abc", options=[["a"], ["b"]])
    assert problem.conflict() == ["c"]
    assert problem.conflict(pinned=[0]) == []


def test_a_problem_without_primary_items_has_a_solution() -> None:
    assert ExactCover([], "x", [["x"]]).conflict() is None


def test_pinned_options_that_clash() -> None:
    problem = ExactCover("abc", options=[["a", "b"], ["a"], ["b"], ["c"]])
    assert problem.conflict(pinned=[3, 0, 1]) == [0, 1]


def test_a_pinned_option_without_a_primary_item_is_never_in_a_solution() -> None:
    problem = ExactCover("a", "x", [["a"], ["x"]])
    assert problem.conflict(pinned=[0, 1]) == [1]


def test_pinned_by_labels_and_by_numbers() -> None:
    problem = ExactCover("xyz")
    problem.add_options(
        [["x", "y"], ["z"], ["y", "z"], ["x"]], labels=["xy", "z", "yz", "x"]
    )
    assert problem.conflict(pinned=["z", 3]) == ["z", 3]
    assert problem.conflict(pinned=[3, "x", "z"]) == [3, "z"]  # one option twice


def test_pinned_with_colours() -> None:
    problem = ExactCover("ab", "c")
    problem.add_options(
        [
            ["a", Colored("c", 1)],
            ["b", Colored("c", 1)],
            ["b", Colored("c", 2)],
            ["a"],
        ]
    )
    assert problem.conflict(pinned=[0, 1]) is None
    assert problem.conflict(pinned=[0, 2]) == [0, 2]  # c cannot be 1 and 2


def test_a_reason_with_numpy_integers() -> None:
    numpy = pytest.importorskip("numpy")
    problem = ExactCover("ab", options=[["a"], ["a", "b"], ["b"]])
    assert problem.conflict(pinned=[numpy.int64(0), numpy.int64(1)]) == [0, 1]


# -- bad input ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("pinned", "message"),
    [
        ([4], "pinned option 4 does not exist: the options are numbered 0 to 2"),
        ([-1], "pinned option -1 does not exist: the options are numbered 0 to 2"),
        (["nope"], "pinned 'nope' is neither an option number nor an option's label"),
        ([["a"]], "pinned ['a'] is neither an option number nor an option's label"),
        ([True], "pinned True is neither an option number nor an option's label"),
        (
            ["twin"],
            "pinned label 'twin' is the label of options 1 and 2: pin one of them "
            "by its number",
        ),
        (5, "pinned must be a list of option numbers or labels, not 5"),
    ],
)
def test_bad_pinned_entries_are_named(pinned: Any, message: str) -> None:
    problem = ExactCover("ab")
    problem.add_options([["a"], ["b"], ["a", "b"]], labels=["one", "twin", "twin"])
    with pytest.raises(ProblemError) as raised:
        problem.conflict(pinned)
    assert str(raised.value) == message


def test_no_options_to_pin() -> None:
    with pytest.raises(ProblemError, match="the problem has no options"):
        ExactCover("a").conflict(pinned=[0])


def test_resolve_pinned_keeps_the_first_entry_of_an_option() -> None:
    assert resolve_pinned([1, "b", 0, 0], 2, ["a", "b"]) == ([1, 0], [1, 0])


@pytest.mark.parametrize(
    ("keyword", "value", "error", "message"),
    [
        ("timeout", -1, ValueError, "timeout must be a number >= 0, not -1"),
        ("progress_interval", 0, ValueError, "progress_interval must be > 0, not 0"),
        ("progress", 3, TypeError, "progress must be callable, not 3"),
    ],
)
def test_bad_budgets(
    keyword: str, value: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        ExactCover("a").conflict(**{keyword: value})  # type: ignore[arg-type]


# -- budgets, reports, Ctrl-C -------------------------------------------------


def odd_cycle(n: int = 9) -> ExactCover:
    """Items 0 .. n-1 in a ring, an option for each two neighbours: no solution for odd n.

    Every item is needed (without one the ring is a path, which pairs
    off), and propagation sees none of it: each test is a count.
    """
    return ExactCover(range(n), options=[[i, (i + 1) % n] for i in range(n)])


def test_an_odd_ring_needs_every_item() -> None:
    assert odd_cycle(9).conflict() == list(range(9))
    assert odd_cycle(8).conflict() is None


def test_timeout_zero_stops_before_the_first_test() -> None:
    with pytest.raises(ConflictBudgetExceeded) as raised:
        ExactCover("ab", options=[["a"]]).conflict(timeout=0)
    stop = raised.value
    assert isinstance(stop, BudgetExceeded)
    assert stop.outcome is Outcome.OUT_OF_TIME
    assert stop.reason is None
    assert "before the first test was over" in str(stop)


def test_a_budget_that_runs_out_keeps_the_reason_so_far() -> None:
    problem = odd_cycle()

    # A budget of seconds, spent once three tests are over (an event, so
    # that a slow machine gets there too): the next count stops.
    timeout = 5.0

    def hook(report: ConflictProgress) -> None:
        if report.tests >= 3:
            time.sleep(max(0.0, start + timeout + 0.01 - time.perf_counter()))

    start = time.perf_counter()
    with pytest.raises(ConflictBudgetExceeded) as raised:
        problem.conflict(timeout=timeout, progress=hook, progress_interval=1e-9)
    reason = raised.value.reason
    assert reason is not None
    assert not relaxed(problem, reason).count(limit=1)  # a reason, maybe not minimal
    assert "not shown minimal" in str(raised.value)


def test_ctrl_c_keeps_the_reason_so_far() -> None:
    problem = odd_cycle()
    seen: list[ConflictProgress] = []

    def hook(report: ConflictProgress) -> None:
        seen.append(report)
        if report.tests >= 3:
            raise KeyboardInterrupt

    with pytest.raises(ConflictInterrupted) as raised:
        problem.conflict(progress=hook, progress_interval=1e-9)
    stop = raised.value
    assert isinstance(stop, KeyboardInterrupt)
    assert stop.outcome is Outcome.INTERRUPTED
    assert stop.reason is not None
    assert not relaxed(problem, stop.reason).count(limit=1)
    assert [r.tests for r in seen] == sorted(r.tests for r in seen)
    assert all(r.kept + r.left <= len(problem.primary) for r in seen)
