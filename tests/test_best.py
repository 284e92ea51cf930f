"""The cheapest solutions (Algorithm X5, Knuth's DLX5): costs, best(), the oracle, DLX5's numbers.

Costs in the text format and the API; :meth:`dlx.ExactCover.best` against
a brute-force oracle on random problems with secondary items and colours;
the statistics and optimum costs that Knuth's DLX5 printed for the files
of ``tests/data/dlx5`` (every ``k`` there); the example of DLX5's
introduction; budgets, limits and stop requests keeping the best so far;
and :func:`dlx.parallel.best` over threads (processes: ``test_cli_best``).
"""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from dlx_helpers import n_queens
from dlx_oracles import costed_problems, oracle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlx import (
    BudgetExceeded,
    Colored,
    CostSearch,
    ExactCover,
    FormatError,
    Interrupted,
    Outcome,
    Position,
    PositionError,
    ProblemError,
    Search,
    format_dlx,
    parallel,
    parse_dlx,
    read_dlx,
    records,
    ways,
)
from dlx.algorithms import algorithm_x5

DATA = Path(__file__).parent / "data" / "dlx5"


def dlx5_rows() -> list[tuple[str, int, tuple[int, int, int, int], list[int]]]:
    """Each line of expected.tsv: file, k, (solutions, nodes, updates, cleansings), costs."""
    rows = []
    for line in (DATA / "expected.tsv").read_text().splitlines():
        if line.startswith("#"):
            continue
        name, k, solutions, nodes, updates, cleansings, costs = line.split("\t")
        counts = (int(solutions), int(nodes), int(updates), int(cleansings))
        best = [] if costs == "-" else [int(c) for c in costs.split(",")]
        rows.append((name, int(k), counts, best))
    return rows


def load(name: str) -> ExactCover:
    with (DATA.parent / f"{name}.dlx").open("rb") as stream:
        return read_dlx(stream)


# -- costs in the text format and the API --------------------------------------------


def test_costs_are_read_summed_anywhere_in_the_line_and_written_back() -> None:
    problem = parse_dlx("A B | x\nA |2 B x:1 |3\n|9 a comment\nB |0\nA\n")
    assert [problem.cost(k) for k in range(len(problem))] == [5, 0, 0]
    assert problem.option(0) == ("A", "B", Colored("x", "1"))
    text = format_dlx(problem)
    assert text == "A B | x\nA B x:1 |5\nB\nA\n"
    again = parse_dlx(text)
    assert [again.cost(k) for k in range(3)] == [5, 0, 0]
    assert again.links().cost == problem.links().cost == [5, 0, 0]


def test_a_problem_without_costs_keeps_no_costs() -> None:
    problem = parse_dlx("A B\nA\nB |0\n")
    assert not problem.uses_costs
    assert problem.links().cost is None


@pytest.mark.parametrize(
    ("line", "column"),
    [("A |", 3), ("A |x", 3), ("A  |-1", 4), ("A |1 |2y", 6), ("A |٣", 3)],
)
def test_a_bad_cost_names_its_line_and_column(line: str, column: int) -> None:
    with pytest.raises(FormatError) as caught:
        parse_dlx(f"A\n{line}\n", source="bad.dlx")
    error = caught.value
    assert (error.line, error.column) == (2, column)
    token = line.split()[-1] if line.split()[-1].startswith("|") else "|"
    assert str(error) == f"bad.dlx:2:{column}: cost {token!r} is not a decimal number"


def test_costs_in_the_api() -> None:
    problem = ExactCover("ab", "x")
    assert problem.add_option(["a", Colored("x", 1)], cost=4) == 0
    problem.add_option(["b"])
    assert [problem.cost(0), problem.cost(1)] == [4, 0]
    assert problem.costs_of((0, 1)) == 4
    rows = ExactCover.from_rows([[0], [1], [0, 1]], 2, costs=[1, 2, 5])
    assert rows.best(2) == [(3, (0, 1)), (5, (2,))]
    matrix = ExactCover.from_matrix([[1, 0], [0, 1], [1, 1]], costs=[1, 2, 2])
    assert matrix.best(2) == [(2, (2,)), (3, (0, 1))]
    unchecked = ExactCover.from_rows([[0]], 1, check=False, costs=[7])
    assert unchecked.best() == [(7, (0,))]


@pytest.mark.parametrize(
    ("cost", "message"),
    [
        (-1, "option 0 has cost -1; a cost is an integer >= 0"),
        (1.5, "option 0 has cost 1.5; a cost is an integer >= 0"),
        (0.0, "option 0 has cost 0.0; a cost is an integer >= 0"),
        ("3", "option 0 has cost '3'; a cost is an integer >= 0"),
        (True, "option 0 has cost True, a bool rather than an integer"),
        (False, "option 0 has cost False, a bool rather than an integer"),
    ],
)
def test_a_bad_cost_in_the_api_is_refused(cost: object, message: str) -> None:
    problem = ExactCover("a")
    with pytest.raises(ProblemError, match=f"^{message}$".replace("(", r"\(")):
        problem.add_option(["a"], cost=cost)  # type: ignore[arg-type]
    assert len(problem) == 0  # nothing added
    with pytest.raises(ProblemError) as caught:
        ExactCover.from_rows([[0]], 1, costs=[cost])  # type: ignore[list-item]
    assert str(caught.value) == message


def test_costs_must_be_one_per_option() -> None:
    with pytest.raises(ProblemError, match=r"^1 costs for 2 options"):
        ExactCover.from_rows([[0], [0]], 1, costs=[1])
    with pytest.raises(ProblemError, match=r"^3 costs for 2 options"):
        ExactCover.from_matrix([[1], [1]], costs=[1, 2, 3])


def test_costs_change_no_other_search_and_the_fingerprint() -> None:
    plain = parse_dlx("A B\nA\nB\nA B\n")
    costly = parse_dlx("A B\nA |3\nB\nA B |1\n")
    assert list(plain.solutions()) == list(costly.solutions())
    assert plain.search().stats == costly.search().stats
    assert plain.search().fingerprint() != costly.search().fingerprint()


def test_k_and_bounds_are_checked() -> None:
    problem = ExactCover("a", options=[["a"]])
    for k in (0, -1, True, 1.5):
        with pytest.raises(ValueError, match="k must be a positive integer"):
            problem.best(k)  # type: ignore[arg-type]
    bounded = ExactCover("A", options=[["A"]], bounds={"A": 2})
    message = "runs Knuth's Algorithm X5 .DLX5., which does not handle bounds"
    for call in (bounded.best, bounded.best_search):
        with pytest.raises(ways.Refused, match=message):
            call()


# -- Knuth's method --------------------------------------------------------------------


def test_knuths_taxes() -> None:
    # DLX5's introduction: option 'a b c |7' costs not 7 but 1 net, when
    # each of a, b and c is taxed 2.
    problem = ExactCover("abc")
    problem.add_option(["a", "b", "c"], cost=7)
    for item in "abc":
        problem.add_option([item], cost=2)
    net, taxes = algorithm_x5.net_costs(problem.links())
    assert (net[0], taxes) == (1, [2, 2, 2])
    assert problem.best() == [(6, (1, 2, 3))]


@pytest.mark.parametrize(
    ("k", "printed"),
    [
        (1, [3, 1, 0]),
        (3, [3, 1, 4, 1, 2, 0, 0]),
        (5, [3, 1, 4, 1, 2, 3, 2, 0, 0]),
        (8, [3, 1, 4, 1, 2, 3, 2, 4, 0, 0]),
        (20, [3, 1, 4, 1, 2, 3, 2, 4, 0, 0]),
    ],
)
def test_the_example_of_dlx5s_introduction(k: int, printed: list[int]) -> None:
    # Ten solutions of costs 3 1 4 1 2 3 2 4 0 0, found in that order: DLX5
    # outputs those that beat the k-th best found before them.
    problem = load("dlx5/knuth_intro")
    search = problem.best_search(k)
    found = [problem.costs_of(solution) for solution in search]
    assert found == printed
    assert search.stats.solutions == len(printed)
    assert [cost for cost, _ in search.best()] == sorted(printed)[:k]


@pytest.mark.parametrize(
    ("name", "k", "counts", "costs"),
    [pytest.param(*row, id=f"{row[0]}-k{row[1]}") for row in dlx5_rows()],
)
def test_dlx5s_statistics_and_optimum_costs(
    name: str, k: int, counts: tuple[int, int, int, int], costs: list[int]
) -> None:
    problem = load(name)
    search = problem.best_search(k)
    found = list(search)
    stats = search.stats
    assert (stats.solutions, stats.nodes, stats.updates, stats.cleansings) == counts
    assert len(found) == stats.solutions
    best = search.best()
    if counts[0]:  # DLX5 lists the optimum costs only when it found some
        assert [cost for cost, _ in best] == costs
    for cost, solution in best:
        assert cost == problem.costs_of(solution)
    search.check()


def test_without_a_cutoff_every_solution_is_visited() -> None:
    problem = load("dlx5/costs05")
    everything = Search(problem.links(), algorithm="X5")
    all_found = list(everything)
    assert sorted(all_found) == sorted(problem.solutions())
    assert CostSearch(problem.links(), keep=None).best() == []
    kept = CostSearch(problem.links(), keep=None)
    for _ in kept:
        pass
    assert len(kept.best()) == len(all_found)


# -- the oracle ------------------------------------------------------------------------


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(costed_problems(), st.integers(1, 6))
def test_best_agrees_with_the_brute_force_oracle(problem: ExactCover, k: int) -> None:
    every = oracle(problem)
    costs = sorted(problem.costs_of(solution) for solution in every)
    search = problem.best_search(k)
    found = list(search)
    best = search.best()
    assert [cost for cost, _ in best] == costs[:k]
    assert best == problem.best(k)
    assert len({solution for _, solution in best}) == len(best)
    for cost, solution in best:
        assert solution in every
        assert cost == problem.costs_of(solution)
    # Each solution found beat the k-th best before it; ties come in the
    # order found.
    assert all(solution in every for solution in found)
    order = {solution: place for place, solution in enumerate(found)}
    for (a, s), (b, t) in itertools.pairwise(best):
        assert a < b or (a == b and order[s] < order[t])
    search.check()


# -- budgets, limits, stop requests ----------------------------------------------------


def test_a_budget_keeps_the_best_so_far() -> None:
    problem = load("dlx5/queens6cost")
    whole = problem.best_search(3)
    found = list(whole)
    for budget in (5, 40, whole.stats.nodes - 1):
        search = problem.best_search(3, max_nodes=budget)
        got: list[tuple[int, ...]] = []
        with pytest.raises(BudgetExceeded):
            got.extend(search)
        assert search.outcome is Outcome.OUT_OF_NODES
        assert search.stats.nodes <= budget
        assert got == found[: len(got)]
        kept = sorted((problem.costs_of(s), s) for s in got)
        assert [c for c, _ in search.best()] == [c for c, _ in kept][:3]
        search.check()
    with pytest.raises(BudgetExceeded):
        problem.best(3, max_nodes=5)


def test_limit_stop_request_and_progress() -> None:
    problem = load("dlx5/queens6cost")
    first = problem.best_search(2, limit=1)
    assert len(list(first)) == 1 and first.outcome is Outcome.LIMIT_REACHED
    assert len(problem.best(2, limit=1)) == 1
    stopped = problem.best_search(2)
    stopped.request_stop()
    with pytest.raises(Interrupted):
        next(stopped)
    assert stopped.best() == []
    reports: list[float] = []
    search = problem.best_search(
        2, progress=lambda r: reports.append(r.fraction), progress_interval=1e-9
    )
    for _ in search:
        pass
    assert reports and reports[-1] == 1.0


def test_refused_features() -> None:
    links = load("dlx5/timetable").links()
    with pytest.raises(ValueError, match="does not support random tie-breaking"):
        CostSearch(links, seed=1)


@pytest.mark.parametrize(
    "name", ["dlx5/costs01", "dlx5/knuth_intro", "dlx5/queens6cost"]
)
@pytest.mark.parametrize("k", [1, 3])
def test_resuming_through_json_ends_like_one_run(name: str, k: int) -> None:
    # The position carries the best costs so far and each level's
    # thresholds: stopped anywhere, the search goes on as if never stopped.
    links = load(name).links()
    whole = CostSearch(links, keep=k)
    found = list(whole)
    end = (found, whole.stats, whole.best())
    nodes = whole.stats.nodes
    for budget in sorted({0, 1, nodes // 3, nodes // 2, nodes - 1}):
        first = CostSearch(links, keep=k, max_nodes=budget)
        got: list[tuple[int, ...]] = []
        with pytest.raises(BudgetExceeded):
            got.extend(first)
        saved = Position.from_json(first.position().to_json())
        rest = CostSearch(links, keep=k, resume=saved)
        got.extend(rest)
        assert (got, rest.stats, rest.best()) == end
    search = CostSearch(links, keep=k)
    for place, _ in enumerate(search):
        saved = Position.from_json(search.position().to_json())
        assert saved.at_solution
        rest = CostSearch(links, keep=k, resume=saved)
        assert (found[: place + 1] + list(rest), rest.stats, rest.best()) == end


def test_a_position_of_another_search_is_refused() -> None:
    links = load("dlx5/timetable").links()
    plain = Search(links).position()
    with pytest.raises(PositionError, match="no best costs"):
        CostSearch(links, resume=plain)
    three = CostSearch(links, keep=3)
    next(three)
    saved = three.position()
    with pytest.raises(PositionError, match="for the 3 cheapest solutions, not the 2"):
        CostSearch(links, keep=2, resume=saved)
    damaged = records.replace(saved, extra={"keep": 3, "best": "?"})
    with pytest.raises(PositionError, match="a damaged position"):
        CostSearch(links, keep=3, resume=damaged)


# -- over an executor ------------------------------------------------------------------


@pytest.mark.threads
@pytest.mark.parametrize("name", ["dlx5/queens6cost", "dlx5/costs05", "dlx5/timetable"])
def test_a_parallel_search_finds_the_same_costs(name: str) -> None:
    problem = load(name)
    with ThreadPoolExecutor(2) as threads:
        for k in (1, 3):
            for share in (True, False):
                run = parallel.best(problem, threads, k, share=share, pieces=4)
                run.run()
                assert run.outcome is Outcome.EXHAUSTED
                best = run.best()
                serial = problem.best(k)
                assert [c for c, _ in best] == [c for c, _ in serial]
                for cost, solution in best:
                    assert cost == problem.costs_of(solution)
                if not share:
                    assert run.bounds_given == 0


def test_ctrl_c_keeps_the_best_and_its_position_resumes() -> None:
    # A KeyboardInterrupt (here from the progress hook, at the second clock
    # check) leaves the best found so far, and a position at the last
    # clock check before it: resumed, the search ends as one run does.
    queens = n_queens(9)
    problem = ExactCover(queens.primary, queens.secondary)
    for k in range(len(queens)):
        problem.add_option(queens.option(k), cost=(7 * k) % 10)
    links = problem.links()
    whole = CostSearch(links, keep=50)
    found = list(whole)
    calls = 0

    def interrupt(report: object) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise KeyboardInterrupt

    search = CostSearch(links, keep=50, progress=interrupt, progress_interval=1e-9)
    got: list[tuple[int, ...]] = []
    with pytest.raises(KeyboardInterrupt):
        got.extend(search)
    assert search.outcome is Outcome.INTERRUPTED
    assert got == found[: len(got)] and got
    costs = sorted(problem.costs_of(s) for s in got)
    assert [c for c, _ in search.best()] == costs[:50]
    saved = Position.from_json(search.position().to_json())
    assert saved.nodes < whole.stats.nodes
    rest = CostSearch(links, keep=50, resume=saved)
    again = list(rest)
    assert again == found[len(found) - len(again) :]
    assert (rest.stats, rest.best()) == (whole.stats, whole.best())
