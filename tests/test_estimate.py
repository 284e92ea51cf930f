"""Knuth's random-probe estimate (dlx.estimate): unbiased for the search's own counts.

The strongest check is exact: enumerating every path a probe can take,
with its probability, gives the estimator's expectation as a fraction,
which must equal the counts of the real search to the last unit.  The
statistical checks then make sure that the random probes and the
standard errors behave as the documentation says.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

import pytest
from dlx_helpers import KNUTH_EXAMPLE, k_per_line, langford, n_queens, run_dlx
from dlx_oracles import Bounded, Spec, bounded_specs, specs, uniform_specs
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import (
    Estimate,
    ExactCover,
    MultiplicitySearch,
    Stats,
    algorithms,
    format_estimate,
    parse_dlx,
)
from dlx.estimate import EstimateInterrupted, EstimateProgress, estimate, probe
from dlx.links import Links
from dlx.position import ListWalker, branch_item


def truth(problem: ExactCover) -> Stats:
    search = problem.search(count_only=True)
    for _ in search:
        pass
    return search.stats


def scripted(script: list[int], made: list[int]) -> Callable[[int], int]:
    """A picker that follows ``script``, then takes the first child; notes its picks."""

    def pick(d: int) -> int:
        k = script[len(made)] if len(made) < len(script) else 0
        made.append(k)
        return k

    return pick


def expectation(links: Links) -> tuple[Fraction, Fraction, Fraction]:
    """The exact expected value of one probe, over every path it can take."""
    totals = [Fraction(0)] * 3
    script: list[int] = []
    while True:
        made: list[int] = []
        sample = probe(links, scripted(script, made))
        chance = Fraction(1, math.prod(sample.degrees))
        for k, value in enumerate((sample.nodes, sample.updates, sample.solutions)):
            totals[k] += chance * value
        # The next path, as an odometer over the choices made.
        script = made
        degrees = sample.degrees
        while script and script[-1] == degrees[len(script) - 1] - 1:
            script.pop()
        if not script:
            return totals[0], totals[1], totals[2]
        script[-1] += 1


@settings(max_examples=200, deadline=None)
@given(specs())
def test_the_expectation_is_exactly_the_search_counts(spec: Spec) -> None:
    problem = spec.build()
    stats = truth(problem)
    exact = (stats.nodes, stats.updates, stats.solutions)
    assert expectation(problem.links()) == tuple(map(Fraction, exact))


@settings(max_examples=100, deadline=None)
@given(uniform_specs())
def test_the_expectation_is_exact_for_options_of_one_width(spec: Spec) -> None:
    problem = spec.build()
    stats = truth(problem)
    exact = (stats.nodes, stats.updates, stats.solutions)
    assert expectation(problem.links()) == tuple(map(Fraction, exact))


@settings(max_examples=60, deadline=None)
@given(specs(), st.integers(0, 2**32))
def test_the_mean_of_the_probes_is_within_its_standard_error(
    spec: Spec, seed: int
) -> None:
    problem = spec.build()
    stats = truth(problem)
    est = problem.estimate(600, seed=seed, calibration=0)
    for value, se, exact in (
        (est.nodes, est.nodes_se, stats.nodes),
        (est.updates, est.updates_se, stats.updates),
        (est.solutions, est.solutions_se, stats.solutions),
    ):
        if se == 0:
            assert value == exact
        else:
            # Five standard errors: a miss has odds far below one in a million.
            assert abs(value - exact) <= 5 * se + 1e-9 * exact


@settings(max_examples=100, deadline=None)
@given(specs(), st.integers(0, 2**32))
def test_the_probes_branch_on_the_items_the_search_chooses(
    spec: Spec, seed: int
) -> None:
    links = spec.build().links()
    arrays = algorithms.walker(links)
    assert isinstance(arrays, ListWalker)
    rng = random.Random(seed)
    while True:
        item, d = branch_item(links, arrays.size)
        assert item == arrays.leftmost_fewest()
        if item < 0 or d == 0:
            return
        assert d == links.length(arrays.size, item)
        arrays.cover(item)
        node = arrays.down[item]
        for _ in range(rng.randrange(d)):
            node = arrays.down[node]
        arrays.commit_others(node)


def test_no_primary_items_is_one_solution_exactly() -> None:
    problem = ExactCover([], secondary=["x"], options=[])
    est = problem.estimate(5, seed=0, calibration=0)
    assert (est.nodes, est.updates, est.solutions) == (1, 0, 1)
    assert (est.nodes_se, est.updates_se, est.solutions_se) == (0, 0, 0)
    assert est.search_seconds == 0


def test_no_options_is_one_dead_end_exactly() -> None:
    est = ExactCover("ab").estimate(3, seed=0)
    assert (est.nodes, est.updates, est.solutions) == (1, 1, 0)
    assert (est.nodes_se, est.updates_se, est.solutions_se) == (0, 0, 0)


def test_a_tree_that_is_one_path_is_estimated_exactly_even_by_one_probe() -> None:
    problem = ExactCover("abc", options=[["a", "b"], ["b", "c"], ["c"]])
    stats = truth(problem)
    for probes in (1, 10):
        est = problem.estimate(probes, seed=3, calibration=0)
        assert (est.nodes, est.updates, est.solutions) == (
            stats.nodes,
            stats.updates,
            stats.solutions,
        )
        assert est.nodes_se == est.updates_se == est.solutions_se == 0


def test_one_probe_of_a_branching_tree_has_no_standard_error() -> None:
    problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    est = problem.estimate(1, seed=0, calibration=0)
    assert math.isinf(est.nodes_se)
    assert "one probe" in format_estimate(est)


@pytest.mark.parametrize(
    ("problem", "nodes", "updates", "solutions"),
    [(n_queens(8), 1199, 21375, 92), (langford(7), 607, 8339, 52)],
    ids=["queens-8", "langford-7"],
)
def test_regular_trees_are_estimated_within_a_few_percent(
    problem: ExactCover, nodes: int, updates: int, solutions: int
) -> None:
    stats = truth(problem)
    assert (stats.nodes, stats.updates, stats.solutions) == (nodes, updates, solutions)
    est = problem.estimate(2000, seed=2026, calibration=0)
    assert abs(est.nodes - nodes) <= 0.05 * nodes
    assert abs(est.updates - updates) <= 0.05 * updates
    assert abs(est.solutions - solutions) <= 0.10 * solutions
    for value, se, exact in (
        (est.nodes, est.nodes_se, nodes),
        (est.updates, est.updates_se, updates),
        (est.solutions, est.solutions_se, solutions),
    ):
        assert 0 < se <= 0.05 * exact
        assert abs(value - exact) <= 4 * se


def test_the_same_seed_gives_the_same_estimate() -> None:
    problem = n_queens(6)
    a = problem.estimate(300, seed=42, calibration=0)
    b = problem.estimate(300, seed=42, calibration=0)
    c = problem.estimate(300, seed=43, calibration=0)
    counts = ("nodes", "updates", "solutions", "nodes_se", "updates_se")
    assert [getattr(a, k) for k in counts] == [getattr(b, k) for k in counts]
    assert [getattr(a, k) for k in counts] != [getattr(c, k) for k in counts]


def test_the_calibration_measures_the_search() -> None:
    problem = n_queens(8)
    est = problem.estimate(50, seed=1, calibration=0.05)
    assert est.search_rate is not None and est.search_rate > 0
    assert est.search_seconds == pytest.approx(est.updates / est.search_rate)
    uncalibrated = problem.estimate(50, seed=1, calibration=0)
    assert uncalibrated.search_rate is None
    assert uncalibrated.search_seconds == pytest.approx(
        uncalibrated.updates / uncalibrated.probe_rate
    )
    assert "overestimate" in format_estimate(uncalibrated)


@pytest.mark.parametrize("probes", [0, -3])
def test_probes_must_be_positive(probes: int) -> None:
    problem = ExactCover("a", options=[["a"]])
    with pytest.raises(ValueError, match="probes"):
        problem.estimate(probes)
    with pytest.raises(ValueError, match="probes"):
        estimate(problem.links(), probes)


def test_calibration_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match="calibration"):
        ExactCover("a", options=[["a"]]).estimate(calibration=-1)


def test_the_format_warns_when_no_probe_found_a_solution() -> None:
    est = Estimate(1.5e6, 4e7, 0.0, 8e5, 2e7, 0.0, 1000, 2.0, 3e5, 2e6)
    text = format_estimate(est)
    assert "estimated solutions: 0 (no probe reached one" in text
    assert "estimated nodes: 1.5e+06 ± 53 %" in text
    assert "estimated time: about 20 s (calibrated at 2 M updates/s)" in text
    assert len(text.splitlines()) == 5


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (0.2, "under a second"),
        (42.0, "about 42 s"),
        (600.0, "about 10 min"),
        (3 * 3600.0, "about 3 h"),
        (5 * 86400.0, "about 5 days"),
        (4e9 * 365.25 * 86400, "about 4e+09 years"),
    ],
)
def test_the_format_gives_the_time_in_words(seconds: float, words: str) -> None:
    est = Estimate(1.0, seconds * 1e6, 0.0, 0.0, 0.0, 0.0, 1, 0.1, 1.0, 1e6)
    assert f"estimated time: {words} (" in format_estimate(est)


# -- problems with bounds: probes down Algorithm M's tree ----------------------------


def truth_m(problem: ExactCover) -> Stats:
    search = problem.search(count_only=True)
    assert isinstance(search, MultiplicitySearch)
    for _ in search:
        pass
    return search.stats


@settings(max_examples=250, deadline=None)
@given(bounded_specs())
def test_with_bounds_the_expectation_is_exactly_the_search_counts(
    case: Bounded,
) -> None:
    problem = case.build()
    if not problem.bounds:
        return  # every drawn bound was [1..1]: the tests above
    stats = truth_m(problem)
    exact = (stats.nodes, stats.updates, stats.solutions)
    assert expectation(problem.links()) == tuple(map(Fraction, exact))


def test_with_bounds_the_null_move_is_a_child() -> None:
    # A in [0..1] with two options: three children (A's options and "no A").
    problem = ExactCover("A", options=[["A"], ["A"]], bounds={"A": (0, 1)})
    links = problem.links()
    paths = [probe(links, scripted([k], [])) for k in range(3)]
    assert [p.degrees for p in paths] == [(3,), (3,), (3,)]
    assert [p.solutions for p in paths] == [3, 3, 3]
    # Covering A (1) and tweaking each option (1 each): 3 updates.
    assert truth_m(problem) == Stats(4, 3, 0, 3)
    assert expectation(links) == (Fraction(4), Fraction(3), Fraction(3))


@settings(max_examples=40, deadline=None)
@given(bounded_specs(), st.integers(0, 2**32))
def test_with_bounds_the_mean_of_the_probes_is_within_its_standard_error(
    case: Bounded, seed: int
) -> None:
    problem = case.build()
    stats = truth(problem)
    est = problem.estimate(400, seed=seed, calibration=0)
    for value, se, exact in (
        (est.nodes, est.nodes_se, stats.nodes),
        (est.updates, est.updates_se, stats.updates),
        (est.solutions, est.solutions_se, stats.solutions),
    ):
        if se == 0:
            assert value == exact
        else:
            assert abs(value - exact) <= 5 * se + 1e-9 * exact


def test_with_bounds_a_known_count_is_estimated() -> None:
    problem = k_per_line(5, 2)  # 2040 solutions (OEIS A001499)
    est = problem.estimate(3000, seed=11)
    stats = truth_m(problem)
    assert stats.solutions == 2040
    for value, se, exact in (
        (est.nodes, est.nodes_se, stats.nodes),
        (est.updates, est.updates_se, stats.updates),
        (est.solutions, est.solutions_se, stats.solutions),
    ):
        assert 0 < se < 0.2 * value
        assert abs(value - exact) <= 5 * se
    assert est.search_rate is not None and est.search_rate > 0


@pytest.mark.processes
def test_the_command_estimates_a_problem_with_bounds() -> None:
    done = run_dlx(
        "--estimate", "--probes", "3000", "--seed", "3", "-", stdin=KNUTH_EXAMPLE
    )
    assert done.returncode == 0, done.stderr
    lines = dict(line.split(": ", 1) for line in done.stdout.splitlines())
    stats = truth_m(parse_dlx(KNUTH_EXAMPLE))
    assert float(lines["estimated nodes"].split(" ")[0]) == pytest.approx(
        stats.nodes, rel=0.3
    )
    assert lines["probes"].startswith("3,000 in")


def test_a_timeout_ends_the_probes_and_the_estimate_is_of_those_taken() -> None:
    problem = n_queens(10)
    reports: list[EstimateProgress] = []
    est = problem.estimate(10**7, seed=1, timeout=0.3, progress=reports.append)
    assert 1 <= est.probes < 10**7
    assert est.search_rate is None  # no calibration once the time is up
    # The same seed and as many probes give the same estimate, untimed.
    again = problem.estimate(est.probes, seed=1, calibration=0)
    assert (again.nodes, again.solutions, again.nodes_se) == (
        est.nodes,
        est.solutions,
        est.nodes_se,
    )
    # As every budget: 0 s takes the one probe an estimate needs, no more.
    assert problem.estimate(10, timeout=0).probes == 1


@pytest.mark.parametrize(
    ("keywords", "error", "message"),
    [
        ({"probes": 1.5}, TypeError, "probes must be a whole number, not 1.5"),
        ({"probes": "5"}, TypeError, "probes must be a whole number, not '5'"),
        ({"probes": float("nan")}, TypeError, "probes must be a whole number, not nan"),
        ({"probes": 0}, ValueError, "probes must be >= 1, not 0"),
        ({"seed": 1.5}, TypeError, "seed must be a whole number, not 1.5"),
        ({"timeout": "1"}, TypeError, "timeout must be a number of seconds, not '1'"),
        (
            {"timeout": float("nan")},
            ValueError,
            "timeout must be a number >= 0, not nan",
        ),
        (
            {"calibration": "x"},
            ValueError,
            "calibration must be a number of seconds >= 0",
        ),
        (
            {"calibration": -1},
            ValueError,
            "calibration must be a number of seconds >= 0",
        ),
        ({"progress": 5}, TypeError, "progress must be callable, not 5"),
    ],
)
def test_bad_arguments_are_named(
    keywords: dict[str, object], error: type[Exception], message: str
) -> None:
    # probes=nan divided by zero, probes=1.5 took 2 probes, strings met '<'.
    with pytest.raises(error, match=message):
        n_queens(4).estimate(**keywords)  # type: ignore[arg-type]


def test_progress_reports_and_ctrl_c_keeps_the_probes_taken() -> None:
    problem = n_queens(10)
    reports: list[EstimateProgress] = []

    def stop_at_the_third(report: EstimateProgress) -> None:
        reports.append(report)
        if len(reports) == 3:
            raise KeyboardInterrupt  # as Ctrl-C would, between two probes

    with pytest.raises(EstimateInterrupted) as stopped:
        problem.estimate(10**7, seed=2, progress=stop_at_the_third)
    taken = [report.probes for report in reports]
    assert taken == sorted(taken) and taken[0] > 0
    assert all(report.wanted == 10**7 for report in reports)
    assert [report.seconds for report in reports] == sorted(
        report.seconds for report in reports
    )
    got = stopped.value.estimate
    assert got is not None and got.probes == taken[-1]
    again = problem.estimate(got.probes, seed=2, calibration=0)
    assert (again.nodes, again.updates) == (got.nodes, got.updates)
