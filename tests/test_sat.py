"""The SAT back end (``method="sat"``, :mod:`dlx.sat`): checked against DLX and brute force.

Runs where OR-Tools is installed (``python3 -m pip install ".[sat]"``; the ``sat``
nox session and the 3.11 tests session install it); elsewhere the tests
that solve are skipped, saying why, and those of the error without it run.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import threading
import time
from itertools import combinations
from pathlib import Path

import pytest
from dlx_helpers import cpu_seconds, handlers_installed, langford
from dlx_oracles import (
    Bounded,
    Spec,
    bounded_specs,
    brute_force,
    brute_force_bounded,
    costed_problems,
    specs,
)
from dlx_oracles import oracle as best_oracle
from hypothesis import given, settings
from hypothesis import strategies as st
from sudoku_helpers import HARD9, NO_SOLUTION9

import sudoku
from dlx import (
    BudgetExceeded,
    Colored,
    ExactCover,
    Interrupted,
    Outcome,
    SatSearch,
    SatStats,
    SatUnavailable,
    algorithms,
    engine,
    read_dlx,
    ways,
)
from dlx.algorithms import SatModel, sat_available
from dlx.cli import main as dlx_main
from dlx.errors import CostRangeError, install_hint
from dlx.links import Links
from dlx.sat import INSTALL, MAX_COSTS
from sudoku.cli import main as sudoku_main
from sudoku.encoding import encode
from sudoku.grid import Grid

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent
FRISCH = DATA / "sudoku25_gecode_frisch18.txt"

needs_ortools = pytest.mark.skipif(
    not sat_available(),
    reason=f"OR-Tools is not installed ({INSTALL}): method='sat' untested",
)

needs_cadical = pytest.mark.skipif(
    algorithms.sat.cadical() is None,
    reason=f"python-sat is not installed ({INSTALL}): CaDiCaL untested",
)

#: Problems of the test data with at most this many solutions are compared
#: solution by solution; the others by their first solutions and count(limit=2).
ALL_UP_TO = 300


@pytest.fixture(autouse=True)
def solver_only(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Most tests check the solver: no short DLX search before it.

    ``method="sat"`` first runs DLX for :data:`dlx.algorithms.SAT_DLX_NODES`
    nodes, which would answer most problems here without the solver; the
    tests named ``..._first_try...`` keep it (and check it).
    """
    if "first_try" not in request.node.name:
        monkeypatch.setattr(algorithms, "SAT_DLX_NODES", 0)
    # The SAT way's rules and messages as on an interpreter that can run the
    # solver; under Pyodide, which cannot, tests/test_unavailable.py tests
    # the refusal, and the tests that solve skip (OR-Tools is not installed).
    monkeypatch.setattr(ways, "UNAVAILABLE", {})


def fixtures() -> list[Path]:
    return sorted((DATA / "knuth").glob("*.dlx")) + sorted(
        (DATA / "dlx3").glob("*.dlx")
    )


# -- without OR-Tools -------------------------------------------------------------------


def test_without_ortools_the_error_names_the_install_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A module set to None in sys.modules cannot be imported.
    monkeypatch.setitem(sys.modules, "ortools.sat.python.cp_model", None)
    monkeypatch.setitem(sys.modules, "ortools.sat.python", None)
    problem = ExactCover("ab", options=[["a"], ["b"]])
    for call in (
        lambda: problem.first(method="sat"),
        lambda: next(problem.solutions(method="sat")),
        lambda: problem.count(limit=2, method="sat"),
    ):
        with pytest.raises(SatUnavailable) as error:
            call()
        assert str(error.value).endswith(f"install it with: {INSTALL}")
    assert not sat_available()
    with pytest.raises(SatUnavailable):
        sudoku.solve("." * 16, method="sat")
    path = tmp_path / "p.dlx"
    path.write_text("a b\na\nb\n")
    with pytest.raises(SystemExit) as stop:
        dlx_main([str(path), "--method", "sat"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--method sat needs " in err and INSTALL in err
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("." * 16 + "\n")
    with pytest.raises(SystemExit):
        sudoku_main([str(puzzles), "--method", "sat"])
    assert INSTALL in capsys.readouterr().err


@pytest.mark.processes
def test_dlx_imports_no_ortools() -> None:
    code = (
        "import sys, dlx, sudoku, dlx.cli, sudoku.cli; print('ortools' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert out.stdout.strip() == "False"


#: Solves with method="sat" in a fresh interpreter and prints, after each,
#: which of the solvers' modules it has imported.
IMPORTS = """
import json, sys
sys.path.insert(0, "tests")
from dlx_helpers import langford
import sudoku
from dlx import ExactCover, SatSearch

def imported(answer):
    names = ("pysat", "ortools", "pandas")
    print(json.dumps([answer, [name for name in names if name in sys.modules]]))

easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
imported(sudoku.solve(easy, method="sat")[:9])
imported(ExactCover("ab", options=[["a"], ["b"]]).count(limit=2, method="sat"))
imported(langford(8).count(limit=1000, method="sat"))
imported(len(list(SatSearch(langford(4).links(), seed=1))))
"""


@needs_ortools
@needs_cadical
def test_method_sat_imports_each_solver_only_when_it_solves() -> None:
    # OR-Tools (and pandas with it) take a third of a second to import: not
    # for the problems that the first try (DLX) or CaDiCaL answers.
    out = subprocess.run(
        [sys.executable, "-c", IMPORTS],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert lines == [
        ["534678912", []],  # the first try answers: no solver imported
        [1, []],
        [300, ["pysat"]],  # CaDiCaL answers (Langford n=8 is past the first try)
        [2, ["pysat", "ortools", "pandas"]],  # a seed: CP-SAT
    ]


def test_available_looks_for_ortools_without_importing_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in [name for name in sys.modules if name.split(".")[0] == "ortools"]:
        monkeypatch.delitem(sys.modules, name)
    found = importlib.util.find_spec("ortools") is not None
    assert sat_available() is found
    assert "ortools" not in sys.modules
    monkeypatch.setitem(sys.modules, "ortools", None)  # blocks the import
    assert not sat_available()


def test_the_install_command_works_from_a_checkout() -> None:
    # pydlx is not on PyPI: "pip install pydlx[sat]" finds nothing.
    assert INSTALL == 'python3 -m pip install ".[sat]" in pydlx\'s folder'
    assert install_hint("sat") == INSTALL


def test_refusals() -> None:
    # What the SAT way takes is decided in dlx.ways, for every entry point.
    for option in ("max_nodes", "progress", "resume", "prefix", "split", "estimate"):
        with pytest.raises(ways.Refused):
            ways.check({"sat", "list", option})
    for option in ("limit", "timeout", "seed", "preprocess"):
        ways.check({"sat", "list", option})
    with pytest.raises(ways.Refused, match="counts only up to a limit"):
        ways.check({"sat", "count"})
    ways.check({"sat", "count", "limit"})
    ways.check({"count"})  # dlx counts without a limit


def test_what_the_api_refuses() -> None:
    problem = ExactCover("ab", options=[["a"], ["b"]])
    with pytest.raises(ValueError, match="counts only up to a limit"):
        problem.count(method="sat")
    with pytest.raises(ValueError, match="method='sat' does not go with max_nodes="):
        problem.first(method="sat", max_nodes=10)
    with pytest.raises(ValueError, match="method='sat' does not go with prefix="):
        problem.solutions(method="sat", prefix=[0])
    with pytest.raises(ValueError, match="method must be"):
        problem.solutions(method="nope")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="branching= only goes with method='memo'"):
        problem.count(limit=2, method="sat", branching="first")
    with pytest.raises(sudoku.SudokuError, match="counts only up to a limit"):
        sudoku.count("." * 16, method="sat")
    with pytest.raises(
        sudoku.SudokuError, match="method='sat' does not go with max_nodes="
    ):
        sudoku.solve("." * 16, method="sat", max_nodes=5)
    with pytest.raises(sudoku.SudokuError, match="neither 'dlx' nor 'sat'"):
        sudoku.solve("." * 16, method="memo")


# -- the test data ----------------------------------------------------------------------


#: Fixtures whose full search by DLX takes seconds (11 million updates):
#: checked against the count Knuth's DLX2 printed (``expected.tsv``).
SLOW_FOR_DLX = {"pento3x20.dlx": 8}


def is_cover(links: Links, solution: tuple[int, ...]) -> bool:
    """Whether options ``solution`` cover the primary items within their bounds,
    and give each secondary item at most one colour (at most once uncoloured)."""
    uses = [0] * links.n_items
    colours: dict[int, set[int]] = {}
    chosen = set(solution)
    for x in range(links.n_items + 1, len(links.top)):
        if links.option_of[x] in chosen:
            item = links.top[x]
            uses[item] += 1
            colour = 0 if links.color is None else links.color[x]
            colours.setdefault(item, set()).add(colour)
    for i in range(links.n_primary):
        v = 1 if links.bound is None else links.bound[i]
        u = 1 if links.slack is None else v - links.slack[i]
        if not u <= uses[i] <= v:
            return False
    for j in range(links.n_primary, links.n_items):
        seen = colours.get(j, set())
        if uses[j] > 1 and (len(seen) > 1 or 0 in seen):
            return False
    return True


@needs_ortools
def test_every_fixture_agrees_with_dlx() -> None:
    for path in fixtures():
        with path.open() as stream:
            problem = read_dlx(stream)
        links = problem.links()
        found = list(problem.solutions(method="sat", limit=ALL_UP_TO + 1))
        assert len(set(found)) == len(found), path.name
        assert all(list(s) == sorted(s) and is_cover(links, s) for s in found)
        if path.name in SLOW_FOR_DLX:
            # As many distinct covers as there are: the same set as DLX's.
            assert len(found) == SLOW_FOR_DLX[path.name]
            continue
        expected = list(problem.search(limit=ALL_UP_TO + 1))
        if len(expected) <= ALL_UP_TO:
            assert set(found) == set(expected), path.name
        else:
            assert len(found) == ALL_UP_TO + 1, path.name
            assert set(found) <= set(problem.solutions()), path.name
        assert problem.count(limit=2, method="sat") == min(2, len(expected)), path.name
        first = problem.first(method="sat")
        assert (first is None) == (not expected), path.name


@needs_ortools
def test_random_exact_covers_that_dlx_finishes() -> None:
    import random

    rng = random.Random(24)
    for _ in range(30):
        n_items = rng.randint(8, 30)
        n_primary = rng.randint(1, n_items)
        problem = ExactCover(range(n_primary), range(n_primary, n_items))
        # A planted solution, and random options.
        items = list(range(n_primary))
        rng.shuffle(items)
        while items:
            take, items = items[: rng.randint(1, 4)], items[rng.randint(1, 4) :]
            if take:
                problem.add_option(take)
        for _ in range(rng.randint(10, 60)):
            problem.add_option(rng.sample(range(n_items), rng.randint(2, 5)))
        expected = list(problem.search(limit=ALL_UP_TO + 1))
        found = list(problem.solutions(method="sat", limit=ALL_UP_TO + 1))
        assert len(found) == len(expected)
        if len(expected) <= ALL_UP_TO:
            assert set(found) == set(expected)
        assert problem.count(limit=2, method="sat") == min(2, len(expected))


# -- brute force --------------------------------------------------------------------------


@needs_ortools
@settings(max_examples=100, deadline=None)
@given(specs())
def test_same_solutions_as_brute_force(spec: Spec) -> None:
    problem = spec.build()
    expected = brute_force(spec)
    search = problem.solutions(method="sat")
    found = list(search)
    assert len(found) == len(expected)
    assert set(found) == expected
    assert isinstance(search, SatSearch)
    assert search.outcome is Outcome.EXHAUSTED
    assert search.stats.solutions == len(expected)


@needs_ortools
@settings(max_examples=100, deadline=None)
@given(bounded_specs())
def test_bounds_and_colours_agree_with_brute_force(case: Bounded) -> None:
    problem = case.build()
    expected = brute_force_bounded(case)
    found = list(problem.solutions(method="sat"))
    assert len(found) == len(expected)
    assert set(found) == expected
    assert problem.count(limit=2, method="sat") == min(2, len(expected))


@needs_ortools
@settings(max_examples=60, deadline=None)
@given(bounded_specs(), st.data())
def test_costs_give_the_cheapest_first(case: Bounded, data: st.DataObject) -> None:
    problem = case.build()
    n = len(problem)
    costs = data.draw(
        st.lists(st.integers(0, 9), min_size=n, max_size=n), label="costs"
    )
    expected = brute_force_bounded(case)
    search = SatSearch(problem.links(), costs=costs)
    found = list(search)
    assert set(found) == expected and len(found) == len(expected)
    cost = [sum(costs[k] for k in solution) for solution in found]
    assert cost == sorted(cost)
    # The first k are k cheapest: compare the costs with brute force's.
    assert cost == sorted(sum(costs[k] for k in s) for s in expected)
    if case.spec.n_primary:  # else no solver is needed: one empty solution
        assert search.stats.solves == len(expected) + 1


@needs_ortools
def test_any_seed_is_taken_as_its_remainder_modulo_2_31() -> None:
    # CP-SAT's seed is a 32-bit int: 2**31 and beyond raised a TypeError
    # (a traceback from dlx --seed 3000000000 --method sat).
    problem = langford(7)
    links = problem.links()
    for seed, same in ((2**31 + 5, 5), (-1, 2**31 - 1), (10**20, 10**20 % 2**31)):
        found = list(SatSearch(links, seed=seed))
        assert found == list(SatSearch(links, seed=same))
        assert len(set(found)) == len(found) == problem.count()


@needs_ortools
def test_costs_must_fit() -> None:
    links = ExactCover("a", options=[["a"], ["a"]]).links()
    for costs in ([1], [1, 2, 3], [1, 2.5], [True, 1]):
        with pytest.raises(ValueError, match="costs must be 2 ints"):
            SatModel(links, costs)  # type: ignore[arg-type]


@needs_ortools
def test_options_without_primary_items_are_never_chosen() -> None:
    # DLX chooses options only through primary items: "b"-only is no cover.
    problem = ExactCover(["a"], ["b"], options=[["a"], ["b"], ["a", "b"]])
    assert sorted(problem.solutions(method="sat")) == sorted(problem.solutions())
    assert sorted(problem.solutions()) == [(0,), (2,)]


@needs_ortools
def test_a_few_brute_force_cases_by_hand() -> None:
    # Colours: two options giving "x" the same colour share it.
    problem = ExactCover(["a", "b"], ["x"])
    problem.add_options(
        [
            ["a", Colored("x", "red")],
            ["b", Colored("x", "red")],
            ["b", Colored("x", "blue")],
            ["a"],
        ]
    )
    assert sorted(problem.solutions(method="sat")) == [(0, 1), (1, 3), (2, 3)]
    # Bounds: every subset of sizes 1..2 of three one-item options.
    bounded = ExactCover(["a"], bounds={"a": (1, 2)}, options=[["a"]] * 3)
    subsets = {c for r in (1, 2) for c in combinations(range(3), r)}
    assert set(bounded.solutions(method="sat")) == subsets


# -- the two solvers: CaDiCaL for plain exact cover, CP-SAT for the rest ------------------


@needs_ortools
@needs_cadical
@settings(max_examples=100, deadline=None)
@given(bounded_specs(), st.integers(1, 3))
def test_cadical_and_its_counters_agree_with_brute_force(
    case: Bounded, pairs: int
) -> None:
    # PAIRWISE_UP_TO of 1 to 3: the sequential counters of *at most one* run too.
    problem = case.build()
    expected = brute_force_bounded(case)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(algorithms.sat, "PAIRWISE_UP_TO", pairs)
        search = SatSearch(problem.links())
        found = list(search)
    assert len(found) == len(expected) and set(found) == expected
    plain = algorithms.sat.clauses(problem.links()) is not None
    assert search.stats.solver == (
        "cadical"
        if plain and case.spec.n_primary
        else "cp-sat"
        if case.spec.n_primary
        else ""
    )


@needs_ortools
@settings(max_examples=60, deadline=None)
@given(bounded_specs())
def test_without_python_sat_cp_sat_solves_plain_problems_too(case: Bounded) -> None:
    problem = case.build()
    expected = brute_force_bounded(case)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(algorithms.sat, "cadical", lambda: None)
        search = SatSearch(problem.links())
        found = list(search)
        assert problem.count(limit=2, method="sat") == min(2, len(expected))
    assert len(found) == len(expected) and set(found) == expected
    assert search.stats.solver == ("cp-sat" if case.spec.n_primary else "")


@needs_ortools
def test_which_solver_runs() -> None:
    problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    plain = SatSearch(problem.links())
    assert sorted(plain) == [(0, 1), (2,)]
    expected = "cadical" if algorithms.sat.cadical() is not None else "cp-sat"
    assert plain.stats.solver == expected and plain.stats.solves == 1
    for options in (
        {"seed": 1},
        {"costs": [1, 1, 5], "workers": 2},
        {"costs": [1, 1, 5]},
    ):
        other = SatSearch(problem.links(), **options)
        assert sorted(other) == [(0, 1), (2,)]
        assert other.stats.solver == "cp-sat", options
    bounded = ExactCover(["a"], bounds={"a": (1, 2)}, options=[["a"]] * 2)
    search = SatSearch(bounded.links())
    assert sorted(search) == [(0,), (0, 1), (1,)] and search.stats.solver == "cp-sat"


# -- the short DLX search before the solver ----------------------------------------------


@needs_ortools
@settings(max_examples=100, deadline=None)
@given(bounded_specs(), st.integers(0, 12), st.integers(1, 4))
def test_first_try_hands_over_without_loss_or_repeat(
    case: Bounded, nodes: int, limit: int
) -> None:
    # Budgets of a few nodes stop the DLX search anywhere, after any number
    # of solutions: the solver must go on with exactly the rest.
    problem = case.build()
    expected = brute_force_bounded(case)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(algorithms, "SAT_DLX_NODES", nodes)
        search = problem.solutions(method="sat")
        found = list(search)
        limited = list(problem.solutions(method="sat", limit=limit))
        count = problem.count(limit=2, method="sat")
    assert isinstance(search, SatSearch)
    assert len(found) == len(expected) and set(found) == expected
    assert search.outcome is Outcome.EXHAUSTED
    assert search.stats.answered_by in ("dlx", "sat")
    assert len(limited) == min(limit, len(expected)) and set(limited) <= expected
    assert count == min(2, len(expected))


@needs_ortools
def test_first_try_answers_an_easy_9x9_alone_and_hands_a_hard_one_over() -> None:
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    links = encode(Grid.parse(puzzle)).problem.links()
    search = engine.sat_search(links, limit=2)
    assert len(list(search)) == 1 and search.outcome is Outcome.EXHAUSTED
    assert search.stats.answered_by == "dlx" and search.stats.solves == 0
    assert 0 < search.stats.nodes <= algorithms.SAT_DLX_NODES
    assert search.stats.summary().startswith("Altogether 1 solution, answered by DLX")
    assert sudoku.solve(puzzle, method="sat") == sudoku.solve(puzzle)
    # DLX needs 147 nodes to prove HARD9 unique: with 50, the solver finishes.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(algorithms, "SAT_DLX_NODES", 50)
        hard = engine.sat_search(encode(Grid.parse(HARD9)).problem.links(), limit=2)
        assert len(list(hard)) == 1 and hard.outcome is Outcome.EXHAUSTED
        assert sudoku.solve(HARD9, method="sat", unique=True) == sudoku.solve(HARD9)
    assert hard.stats.answered_by == "sat" and hard.stats.solves == 1
    assert hard.stats.nodes == 50  # its budget
    assert "after 50 nodes of DLX" in hard.stats.summary()


@needs_ortools
def test_first_try_keeps_to_the_timeout() -> None:
    # The short DLX search runs within the timeout too, and a timeout that
    # ends it is undecided, whoever was searching.
    for timeout in (0.0, 0.05):
        with pytest.raises(BudgetExceeded) as caught:
            sudoku.count(frisch(0), limit=2, method="sat", timeout=timeout)
        assert caught.value.outcome is Outcome.OUT_OF_TIME


@needs_ortools
def test_first_try_is_not_for_costs() -> None:
    links = ExactCover("a", options=[["a"]]).links()
    with pytest.raises(ValueError, match="first_try does not go with costs"):
        SatSearch(links, costs=[1], first_try=iter([]))


# -- budgets, stops, statistics -------------------------------------------------------------


def frisch(k: int) -> str:
    return FRISCH.read_text().split()[k]


@needs_ortools
def test_a_timeout_is_undecided_not_no_solution() -> None:
    with pytest.raises(BudgetExceeded) as caught:
        sudoku.count(frisch(0), limit=2, method="sat", timeout=0.2)
    assert caught.value.outcome is Outcome.OUT_OF_TIME
    assert isinstance(caught.value, sudoku.SudokuError)  # BudgetError
    assert "undecided" in str(caught.value)
    with pytest.raises(BudgetExceeded):
        sudoku.solve(frisch(0), method="sat", timeout=0.2)


@needs_ortools
def test_request_stop_from_another_thread() -> None:
    problem = sudoku.encoding.encode(sudoku.Grid.parse(frisch(0))).problem
    search = SatSearch(problem.links(), limit=2)
    asked: list[float] = []

    def stop_once_solving() -> None:
        # The event the test needs: the solver's own start (its first solve
        # counted), not a time that a loaded machine may not have reached.
        deadline = time.monotonic() + 120
        while search.stats.solves < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.1)
        asked.append(time.monotonic())
        search.request_stop()

    timer = threading.Thread(target=stop_once_solving)
    timer.start()
    with pytest.raises(Interrupted):
        list(search)
    timer.join()
    assert time.monotonic() - asked[0] < 10
    assert search.outcome is Outcome.INTERRUPTED
    assert isinstance(search.stats, SatStats) and search.stats.solves == 1
    with pytest.raises(StopIteration):  # stays stopped
        next(search)


@needs_ortools
@needs_cadical
def test_sigint_in_cadical_reaches_the_handler_not_python_sat() -> None:
    # Called in the main thread, python-sat put a SIGINT handler of its own
    # and jumped out of CaDiCaL: a KeyboardInterrupt, the counts lost.  The
    # handler a command puts (it asks the search to stop) must run instead.
    problem = sudoku.encoding.encode(sudoku.Grid.parse(frisch(9))).problem
    search = SatSearch(problem.links(), limit=2)
    previous = signal.signal(signal.SIGINT, lambda *_: search.request_stop())

    def interrupt_once_solving() -> None:
        # Once CaDiCaL steps (its solve counted), and half a second on.
        deadline = time.monotonic() + 120
        while search.stats.solves < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Thread(target=interrupt_once_solving)
    started = time.perf_counter()
    try:
        timer.start()
        with pytest.raises(Interrupted) as caught:
            list(search)
        took = time.perf_counter() - started
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)
    stats = caught.value.stats
    assert isinstance(stats, SatStats) and stats is search.stats
    assert stats.solver == "cadical" and stats.conflicts > 0
    # The search's own wall clock: the set-up and the steps, up to the stop.
    assert 0.5 <= stats.seconds <= took
    assert search.outcome is Outcome.INTERRUPTED
    with pytest.raises(StopIteration):  # stays stopped
        next(search)


@needs_cadical
def test_cadical_steps_in_the_calling_thread() -> None:
    # python-sat is told to leave signals alone, without a thread per step
    # (the fallback where its insides differ, which took 2.5 times as long):
    # a new python-sat that falls back shows here.
    solvers = algorithms.sat.cadical()
    solver = solvers.Solver(name=algorithms.sat.CADICAL, bootstrap_with=[[1, 2]])
    step = algorithms.sat._budgeted(solver)
    assert step.__qualname__.endswith("<locals>.solve")
    before = threading.active_count()
    assert step() is True and threading.active_count() == before
    assert solver.get_model() is not None
    solver.delete()
    with pytest.raises(ValueError, match="deleted"):  # not a crash
        step()


class _Breaking:
    """A first try that interrupts the search it is part of, as a signal would."""

    def __init__(self, request: bool) -> None:
        self.request = request
        self.search: SatSearch | None = None

    def __iter__(self) -> _Breaking:
        return self

    def __next__(self) -> tuple[int, ...]:
        assert self.search is not None
        if self.request:  # a first signal asked the search to stop
            self.search.request_stop()
        raise KeyboardInterrupt  # and a second came, or Ctrl-C without handler


@needs_ortools
@pytest.mark.parametrize("request_stop", [True, False])
def test_keyboard_interrupt_after_a_stop_request_is_interrupted(
    request_stop: bool,
) -> None:
    problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    first_try = _Breaking(request_stop)
    search = SatSearch(problem.links(), first_try=first_try)
    first_try.search = search
    expected = Interrupted if request_stop else KeyboardInterrupt
    with pytest.raises(expected):
        next(search)
    assert search.outcome is Outcome.INTERRUPTED
    assert search.stats.seconds > 0
    with pytest.raises(StopIteration):
        next(search)


@needs_ortools
def test_seconds_are_the_searchs_wall_clock_with_costs() -> None:
    # With costs, one solve per solution: the seconds are those of the whole
    # search (the model's set-up too), not the sum of the solves.
    problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    search = SatSearch(problem.links(), costs=[1, 1, 5])
    started = time.perf_counter()
    next(search)
    time.sleep(0.2)  # the caller's time between solutions counts too
    assert sorted(search) == [(2,)]
    assert 0.2 <= search.stats.seconds <= time.perf_counter() - started


@needs_ortools
def test_statistics_and_outcomes() -> None:
    problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    search = SatSearch(problem.links())
    assert sorted(search) == [(0, 1), (2,)]
    assert search.outcome is Outcome.EXHAUSTED
    assert search.stats.solutions == 2 and search.stats.solves == 1
    assert search.stats.nodes == search.stats.updates == 0  # not Knuth's counts
    assert search.stats.summary().startswith("Altogether 2 solutions, ")
    limited = SatSearch(problem.links(), limit=1, count_only=True)
    assert list(limited) == [()]
    assert limited.outcome is Outcome.LIMIT_REACHED
    assert list(SatSearch(problem.links(), limit=0)) == []
    none = ExactCover("ab", options=[["a"]])
    assert none.first(method="sat") is None
    assert list(ExactCover([]).solutions(method="sat")) == [()]
    with pytest.raises(ValueError):
        SatSearch(problem.links(), workers=0)
    # CP-SAT enumerating over two threads handed some solutions out twice
    # and ended undecided: refused, not run.
    with pytest.raises(ValueError, match="workers=2 needs costs"):
        SatSearch(problem.links(), workers=2)
    dropped = SatSearch(problem.links())
    next(dropped)
    dropped.close()  # the paused solve ends; nothing more comes
    with pytest.raises(StopIteration):
        next(dropped)


@needs_ortools
def test_ctrl_c_stops_the_command_at_once(tmp_path: Path) -> None:
    puzzles = tmp_path / "frisch.txt"
    # The three puzzles of the set that take longest, each proved unique:
    # together far more than the 3 s below, on any machine.
    puzzles.write_text("".join(frisch(k) + "\n" for k in (9, 8, 10)))
    command = ["--method", "sat", "--count", "--limit", "2", str(puzzles)]
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    # Imported and solving (the puzzle takes far longer): the command's
    # handlers in place and a second of CPU used, however slow the machine.
    deadline = time.monotonic() + 60
    while not (handlers_installed(process.pid) and cpu_seconds(process.pid) >= 1.0):
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.01)
    assert process.poll() is None
    process.send_signal(signal.SIGINT)
    started = time.monotonic()
    _, err = process.communicate(timeout=60)
    assert time.monotonic() - started < 10
    assert process.returncode == 130
    assert "Traceback" not in err.decode()


# -- sudoku -------------------------------------------------------------------------------------


@needs_ortools
def test_sudoku_through_sat() -> None:
    lines = (DATA / "sudoku9_norvig_top95.txt").read_text().split()[:5]
    for puzzle in lines:
        answer = sudoku.solve(puzzle, method="sat")
        assert answer == sudoku.solve(puzzle)
        sudoku.check(puzzle, answer)
        assert sudoku.count(puzzle, limit=2, method="sat") == 1
        assert sudoku.is_unique(puzzle, method="sat")
    assert sudoku.count("." * 16, limit=300, method="sat") == 288
    by_sat = {str(grid) for grid in sudoku.solutions("." * 16, limit=300, method="sat")}
    assert by_sat == {str(grid) for grid in sudoku.solutions("." * 16)}
    assert len(by_sat) == 288
    with pytest.raises(sudoku.NoSolutionError, match="the search found none"):
        sudoku.solve(NO_SOLUTION9, method="sat")  # no deduction finds the fault
    assert sudoku.count(NO_SOLUTION9, limit=2, method="sat") == 0
    with pytest.raises(sudoku.MultipleSolutionsError):
        sudoku.solve("." * 16, method="sat", unique=True)
    x = sudoku.solve("1.....2.........", variant="x", method="sat")
    sudoku.check("1.....2.........", x, variant="x")


def _verdict(puzzle: str, method: str) -> str:
    """What ``solve(unique=True)`` answers: the solution, or the error's kind."""
    try:
        return sudoku.solve(puzzle, unique=True, method=method)
    except sudoku.NoSolutionError:
        return "none"
    except sudoku.MultipleSolutionsError:
        return "several"


@needs_cadical
@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([2, 3]),
    st.integers(0, 2**32 - 1),
    st.floats(0.2, 0.75),
    st.booleans(),
)
def test_the_solvers_uniqueness_verdicts_are_the_searchs(
    box: int, seed: int, keep: float, spoil: bool
) -> None:
    # CaDiCaL as method="sat" runs it (its options, in steps; no short DLX
    # search first), against DLX: one solution and the same one, several,
    # or none, on 4x4 and 9x9 puzzles drawn from a solved grid, some with a
    # given changed so that there may be no solution.
    import random

    rng = random.Random(seed)
    n = box * box
    solved = sudoku.solve("." * (n * n))
    assert isinstance(solved, str)
    relabel = dict(zip("123456789"[:n], rng.sample("123456789"[:n], n), strict=True))
    cells = [relabel[ch] if rng.random() < keep else "." for ch in solved]
    if spoil:
        given_at = [k for k, ch in enumerate(cells) if ch != "."]
        if given_at:
            k = rng.choice(given_at)
            cells[k] = str(rng.randint(1, n))
    puzzle = "".join(cells)
    try:
        expected = _verdict(puzzle, "dlx")
    except sudoku.ConflictError:
        return  # a changed given that repeats one: refused before any search
    assert _verdict(puzzle, "sat") == expected


@needs_ortools
def test_sudoku_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = (DATA / "sudoku9_norvig_top95.txt").read_text().split()[:3]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(lines) + "\n")
    assert sudoku_main([str(path), "--method", "sat"]) == 0
    out = capsys.readouterr().out.split()
    assert out == [sudoku.solve(p) for p in lines]
    assert sudoku_main([str(path), "--method", "sat", "--count", "--limit", "2"]) == 0
    assert capsys.readouterr().out.split() == ["1", "1", "1"]
    for bad in (["--count"], ["--grade"]):
        with pytest.raises(SystemExit) as stop:
            sudoku_main([str(path), "--method", "sat", *bad])
        assert stop.value.code == 2
    assert "--method sat" in capsys.readouterr().err


# -- the dlx command ----------------------------------------------------------------------


@needs_ortools
def test_dlx_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.dlx"
    path.write_text("a b\na\nb\na b\n")
    assert dlx_main([str(path), "--method", "sat", "--limit", "5"]) == 0
    blocks = capsys.readouterr().out.strip().split("\n\n")
    assert sorted(blocks) == ["a\nb", "a b"]
    assert dlx_main([str(path), "--method", "sat", "--count", "--limit", "2"]) == 0
    assert capsys.readouterr().out == "2\n"
    assert dlx_main([str(path), "--method", "sat", "--stats"]) == 0
    assert "conflicts" in capsys.readouterr().err
    for bad, words in (
        (["--count"], "counts only up to a limit"),
        (["--estimate"], "so --method sat does not apply"),
        (["--checkpoint", str(tmp_path / "c.json")], "does not go with --checkpoint"),
        (["--jobs", "2"], "does not go with --jobs"),
        (["--max-nodes", "5"], "does not go with --max-nodes"),
    ):
        with pytest.raises(SystemExit) as stop:
            dlx_main([str(path), "--method", "sat", *bad])
        assert stop.value.code == 2
        assert words in capsys.readouterr().err


@needs_ortools
def test_dlx_command_timeout_is_a_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dlx import format_dlx

    problem = sudoku.encoding.encode(sudoku.Grid.parse(frisch(0))).problem
    path = tmp_path / "frisch.dlx"
    path.write_text(format_dlx(problem))
    status = dlx_main([str(path), "--method", "sat", "--timeout", "0.2", "--json"])
    captured = capsys.readouterr()
    assert status == 3
    assert '"outcome": "out_of_time"' in captured.out
    assert '"conflicts"' in captured.out
    assert "undecided" in captured.err


def valid_25(puzzle: str, solution: str) -> bool:
    """A validator of its own: the givens kept, every unit a permutation."""
    n, box = 25, 5
    symbols = set(puzzle.replace(".", "")) | set(solution)
    if len(solution) != n * n or len(symbols) != n:
        return False
    if any(p not in (".", s) for p, s in zip(puzzle, solution, strict=True)):
        return False
    rows = [solution[r * n : (r + 1) * n] for r in range(n)]
    for k in range(n):
        column = {row[k] for row in rows}
        r, c = box * (k // box), box * (k % box)
        square = {rows[r + i][c + j] for i in range(box) for j in range(box)}
        if len(set(rows[k])) != n or len(column) != n or len(square) != n:
            return False
    return True


@needs_ortools
@pytest.mark.slow
@pytest.mark.parametrize("k", range(18))
def test_every_frisch_puzzle_is_solved_and_unique(k: int) -> None:
    puzzle = frisch(k)
    answer = sudoku.solve(puzzle, method="sat")
    assert isinstance(answer, str)
    assert valid_25(puzzle, answer)
    assert sudoku.count(puzzle, limit=2, method="sat") == 1


# -- the cheapest solutions: an independent check of DLX5 ---------------------------


@needs_ortools
@settings(max_examples=40, deadline=None)
@given(costed_problems(), st.integers(1, 5))
def test_best_by_sat_has_dlx5s_costs(problem: ExactCover, k: int) -> None:
    """best(k, method="sat") gives the costs of DLX5's k cheapest, each a solution."""
    expected = problem.best(k)
    found = problem.best(k, method="sat")
    assert [cost for cost, _ in found] == [cost for cost, _ in expected]
    every = set(best_oracle(problem))
    for cost, solution in found:
        assert solution in every
        assert problem.costs_of(solution) == cost
    assert len({solution for _, solution in found}) == len(found)


@needs_ortools
@pytest.mark.parametrize(
    "path", sorted((DATA / "dlx5").glob("*.dlx")), ids=lambda path: path.stem
)
def test_best_by_sat_on_the_dlx5_files(path: Path) -> None:
    with path.open() as stream:
        problem = read_dlx(stream)
    expected = [cost for cost, _ in problem.best(4)]
    assert [cost for cost, _ in problem.best(4, method="sat")] == expected


@needs_ortools
def test_best_by_sat_from_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "dlx5" / "timetable.dlx"
    assert dlx_main(["--best", "3", str(path)]) == 0
    by_dlx5 = capsys.readouterr().out
    assert dlx_main(["--best", "3", "--method", "sat", "--stats", str(path)]) == 0
    captured = capsys.readouterr()
    costs = [line for line in captured.out.splitlines() if line.startswith("| cost")]
    assert costs == [line for line in by_dlx5.splitlines() if line.startswith("| cost")]
    assert "solves" in captured.err
    with pytest.raises(SystemExit) as refused:
        dlx_main(["--best", "3", "--method", "sat", "--limit", "1", str(path)])
    assert refused.value.code == 2
    assert "--best does not go with --method sat and --limit" in capsys.readouterr().err


@needs_ortools
def test_best_by_sat_takes_costs_up_to_what_cp_sat_ranks_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Costs adding up to 2**53 are ranked as DLX5 ranks them; beyond, refused.

    A cost of 10**19 lost its last digits in CP-SAT, which then called
    'A' + 'B' (10**19 + 1) the cheapest, complete; costs adding up past
    2**63 made it refuse the model (a traceback).  The DLX search,
    whose costs are Python ints, takes any.
    """
    problem = ExactCover("ab")
    for items, cost in (["a"], 2**52), (["b"], 1), (["a", "b"], 2**52 - 1):
        problem.add_option(items, cost=cost)
    assert sum(problem.costs_of((k,)) for k in range(3)) == MAX_COSTS
    assert (
        problem.best(2, method="sat")
        == problem.best(2)
        == [
            (2**52 - 1, (2,)),
            (2**52 + 1, (0, 1)),
        ]
    )
    for costs in ([10**19, 1, 10**19], [5 * 10**18, 5 * 10**18, 9 * 10**18]):
        wide = ExactCover("ab")
        for items, cost in zip([["a"], ["b"], ["a", "b"]], costs, strict=True):
            wide.add_option(items, cost=cost)
        assert wide.best(1) == [(costs[2], (2,))]
        with pytest.raises(CostRangeError) as refused:
            wide.best(1, method="sat")
        assert refused.value.total == sum(costs)
        path = tmp_path / "wide.dlx"
        path.write_text(
            "a b\n"
            + "".join(
                f"{' '.join(items)} |{cost}\n"
                for items, cost in zip(["a", "b", "a b"], costs, strict=True)
            )
        )
        assert dlx_main(["--best", "1", "--method", "sat", str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == (
            f"dlx: {path}: --best with --method sat: the options' costs add up "
            f"to {sum(costs)}, more than CP-SAT ranks exactly (2**53); without "
            "--method sat the DLX search takes any costs\n"
        )


def test_best_by_sat_refuses_what_it_does_not_take() -> None:
    problem = ExactCover("a", options=[["a"]])
    with pytest.raises(
        ValueError, match=r"best\(\) does not go with method='sat' and limit="
    ):
        problem.best(1, limit=3, method="sat")
    with pytest.raises(ValueError, match="k must be a positive integer"):
        problem.best(0, method="sat")


@needs_ortools
def test_the_seed_reaches_the_short_first_try() -> None:
    # The short DLX try that answers small problems before the solver ran
    # without the seed: --method sat --seed N gave the same answer for
    # every N where the plain search's answer changes with it.
    problem = ExactCover.from_rows(  # eight queens
        [[r, 8 + c, 16 + r + c, 31 + r - c + 7] for r in range(8) for c in range(8)],
        16,
        30,
    )
    answers = {problem.first(seed=seed) for seed in (1, 2, 3)}
    assert len(answers) > 1
    for seed in (1, 2, 3):
        assert problem.first(method="sat", seed=seed) == problem.first(seed=seed)
