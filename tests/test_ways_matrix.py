"""The ways matrix: each entry point with each option and each pair of options.

:mod:`dlx.ways` promises that every combination of ways and options is
either refused by one of its rules (:data:`dlx.ways.RULES`,
:data:`dlx.ways.NEEDS`) or works as documented.  This module holds it to
that, networkx-style, one cell per combination:

* the library: :class:`dlx.ExactCover`'s ``solutions``, ``count``,
  ``first``, ``best`` and ``is_unique`` with each keyword and each pair of
  keywords its signature has;
* the ``dlx`` command with each option and each pair of options (and, by
  hypothesis, random sets of up to four);
* :mod:`sudoku`'s ``solve``, ``solutions``, ``count`` and ``is_unique``,
  and the ``sudoku`` command, likewise.

Each cell either is refused -- exactly when :func:`dlx.ways.check` refuses
its features, in one line -- or fails for a documented reason that
depends on the problem (bounds, which memoised search, preprocessing and
Algorithm X5 do not take), or answers, and then exactly: against a brute
force over all subsets of options (:func:`oracle`) that knows nothing of
dancing links, or a brute-force 4x4 sudoku filler (:func:`fill`).

The budgets are generous (they never run out), the prefix is empty and the
position to resume from is a fresh search's, so every answer is the full
one; separate cells then shrink each budget to check that it is not
ignored.  A bug found is a cell that fails, named by its id.
"""

from __future__ import annotations

import inspect
import itertools
import json
import random
import re
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from dlx_helpers import (
    CHECKPOINT,
    DLX_OPTIONS,
    SYMMETRY,
    Inline,
    dlx_combos,
    dlx_features,
    dlx_names,
    dlx_words,
    dominoes,
    lacking,
    run_dlx,
)
from dlx_oracles import check_items_answer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sudoku_helpers import SUDOKU_FEATURES as ALL_SUDOKU_FEATURES
from sudoku_helpers import SUDOKU_OPTIONS as ALL_SUDOKU_OPTIONS

import dlx.cli
import dlx.parallel
import sudoku
import sudoku.cli
from dlx import (
    BudgetExceeded,
    Colored,
    ExactCover,
    Interrupted,
    Outcome,
    Progress,
    format_dlx,
    format_option,
    parse_dlx,
    ways,
)
from dlx.algorithms import sat_available

Solution = tuple[int, ...]

#: Why the cells of ``method="sat"`` / ``--method sat`` skip, or None.
NO_SAT = (
    None
    if sat_available()
    else "method='sat' needs the sat extra (python3 -m pip install '.[sat]')"
)


# -- the problems and the oracle -----------------------------------------------------


def _covers(problem: ExactCover, chosen: Sequence[int]) -> bool:
    """Whether the options ``chosen`` are a solution, by the definition."""
    options = [problem.option(k) for k in chosen]
    primary = set(problem.primary)
    if any(not any(e in primary for e in option) for option in options):
        return False  # an option without a primary item is never chosen
    bounds = problem.bounds
    for name in problem.primary:
        lower, upper = bounds.get(name, (1, 1))
        if not lower <= sum(name in option for option in options) <= upper:
            return False
    for name in problem.secondary:
        marks: list[Hashable] = []
        for option in options:
            for entry in option:
                if isinstance(entry, Colored) and entry.item == name:
                    marks.append(("colour", entry.color))
                elif entry == name:
                    marks.append(None)
        if None in marks and len(marks) > 1:
            return False  # named without a colour, and by another option
        if len(set(marks)) > 1:
            return False  # two colours
    return True


def oracle(problem: ExactCover) -> frozenset[Solution]:
    """Every solution of ``problem``: each subset of its options tried in turn."""
    n = len(problem)
    return frozenset(
        chosen
        for size in range(n + 1)
        for chosen in itertools.combinations(range(n), size)
        if _covers(problem, chosen)
    )


KINDS = ("plain", "colors", "bounds")


def _random_problem(kind: str, seed: int) -> ExactCover:
    """A small random problem: 3-5 primary items, at most 9 options, with costs.

    ``colors``: secondary items coloured by some options; ``bounds``:
    some primary items to be covered other than exactly once.
    """
    rng = random.Random(f"ways-matrix-{kind}-{seed}")
    primary = [chr(ord("A") + i) for i in range(rng.randint(3, 5))]
    secondary = ["x", "y"] if kind != "bounds" else ["x"]
    bounds: dict[Hashable, tuple[int, int]] | None = None
    if kind == "bounds":
        chosen = rng.sample(primary, rng.randint(1, 2))
        bounds = {name: rng.choice([(0, 1), (1, 2), (2, 2), (0, 2)]) for name in chosen}
    problem = ExactCover(primary, secondary, bounds=bounds)
    seen: set[frozenset[Hashable]] = set()
    for _ in range(rng.randint(5, 9)):
        entries: list[Hashable] = rng.sample(primary, rng.randint(1, 3))
        for name in secondary:
            if rng.random() < 0.35:
                coloured = kind == "colors" and rng.random() < 0.7
                entries.append(Colored(name, rng.choice("rg")) if coloured else name)
        key = frozenset(entries)
        if key not in seen:  # distinct lines, so that printed lines name options
            seen.add(key)
            problem.add_option(entries, cost=rng.randint(0, 9))
    return problem


@dataclass(frozen=True)
class Case:
    """A problem of the matrix, as the command reads it back, with its solutions."""

    name: str
    problem: ExactCover
    solutions: frozenset[Solution]
    text: str = field(repr=False)

    @property
    def total(self) -> int:
        return len(self.solutions)

    def cheapest(self, k: int) -> list[int]:
        """The ``k`` smallest costs of the solutions, in order."""
        return sorted(self.problem.costs_of(s) for s in self.solutions)[:k]


#: The cases of each kind: no solution, exactly one, and more than the
#: limit of the matrix (2).
SIZES = ("none", "one", "several")


@cache
def cases(kind: str) -> dict[str, Case]:
    """A problem of each of :data:`SIZES` for ``kind`` (the first seeds that give them)."""
    found: dict[str, Case] = {}
    for seed in range(500):
        problem = _random_problem(kind, seed)
        text = format_dlx(problem)
        problem = parse_dlx(text)  # the problem exactly as the command reads it
        solutions = oracle(problem)
        if () in solutions:
            continue  # an empty solution prints as "| no option": keep it out
        size = {0: "none", 1: "one"}.get(len(solutions), "several")
        if size == "several" and len(solutions) < 3:
            continue
        if size not in found:
            found[size] = Case(f"{kind}-{size}", problem, solutions, text)
        if len(found) == len(SIZES):
            return {size: found[size] for size in SIZES}
    raise AssertionError(f"no seed gives every size of {kind} problems")


def _one_line(message: str) -> bool:
    return bool(message) and "\n" not in message.strip("\n")


# -- 1. the library: ExactCover's methods --------------------------------------------

#: The value of each keyword in the matrix (budgets that never run out, an
#: empty prefix, a fresh search's position); markers stand for values
#: made per call.
POOL, RECORDER, POSITION = "<pool>", "<recorder>", "<position>"
#: symmetry=: the group of the identity alone (every problem has it), so
#: that the answer is the oracle's; tests/test_symmetry.py checks orbits.
IDENTITY = "<identity>"
API_VALUES: dict[str, tuple[object, ...]] = {
    "limit": (2,),
    "max_nodes": (10**6,),
    "timeout": (60,),
    "seed": (1,),
    "progress": (RECORDER,),
    "resume": (POSITION,),
    "prefix": ((),),
    "executor": (POOL,),
    "preprocess": (True,),
    "method": ("memo", "sat"),
    "branching": ("first",),
    "max_entries": (100_000,),
    "max_bytes": (10**9,),
    "symmetry": (IDENTITY,),
}

#: The kind of run of each method, for :func:`dlx.ways.check`.
API_KINDS = {
    "solutions": "list",
    "count": "count",
    "first": "list",
    "best": "cheapest",
    "is_unique": "count",
}


def _keywords(method: str) -> tuple[str, ...]:
    """The keywords of the matrix that the method's signature has."""
    parameters = inspect.signature(getattr(ExactCover, method)).parameters
    return tuple(key for key in API_VALUES if key in parameters)


#: Each method, its kind and its keywords among those of the matrix.
API_METHODS: dict[str, tuple[str, tuple[str, ...]]] = {
    method: (kind, _keywords(method)) for method, kind in API_KINDS.items()
}
assert API_METHODS["first"][1] == (
    "max_nodes",
    "timeout",
    "seed",
    "executor",
    "preprocess",
    "method",
    "symmetry",
)
assert API_METHODS["count"][1] == tuple(API_VALUES)


Cell = tuple[tuple[str, object], ...]


def _cells(
    keywords: Sequence[str], values: dict[str, tuple[object, ...]]
) -> list[Cell]:
    """No option, each option, and each pair of options (one value of each keyword)."""
    singles = [(key, value) for key in keywords for value in values[key]]
    cells: list[Cell] = [()]
    cells += [(single,) for single in singles]
    cells += [(a, b) for a, b in itertools.combinations(singles, 2) if a[0] != b[0]]
    return cells


def _word(key: str, value: object) -> str:
    if value in (POOL, RECORDER, POSITION, IDENTITY) or value is True:
        return key
    if key == "prefix":
        return "prefix=[]"
    return f"{key}={value}"


def _cell_id(cell: Cell) -> str:
    return "+".join(_word(key, value) for key, value in cell) or "defaults"


class Recorder:
    """A progress hook that keeps its reports."""

    def __init__(self) -> None:
        self.calls: list[Progress] = []

    def __call__(self, report: Progress) -> None:
        self.calls.append(report)


@pytest.fixture(scope="module")
def pool() -> Iterator[ThreadPoolExecutor]:
    """The executor of the matrix: two threads, shared by every cell."""
    with ThreadPoolExecutor(2) as executor:
        yield executor


def _kwargs(
    cell: Cell, problem: ExactCover, executor: ThreadPoolExecutor, recorder: Recorder
) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    for key, value in cell:
        if value == POOL:
            value = executor
        elif value == RECORDER:
            value = recorder
        elif value == POSITION:
            value = problem.search().position()
        elif value == IDENTITY:
            value = [{}]
        elif key == "prefix":
            value = []
        kwargs[key] = value
    return kwargs


def _api_features(method: str, kwargs: dict[str, Any]) -> set[str]:
    """The features a call asks for, as :func:`dlx.ways.check` takes them."""
    kind, _ = API_METHODS[method]
    values = dict(kwargs)
    if method == "is_unique":
        values["limit"] = 2  # is_unique counts up to 2
    return ways.Settings(**values).given() | {kind}


def _api_problem_error(method: str, kwargs: dict[str, Any], case: Case) -> str | None:
    """The documented error of a combination on this problem, or None.

    Only problems with bounds have one: preprocessing does not take them
    (ProblemError, naming the item).  What memoised search and Algorithm X5
    do not take of them is a rule of the table (the feature "bounds").
    """
    if not case.problem.bounds:
        return None
    if kwargs.get("preprocess"):
        return "preprocessing does not handle bounds"
    return None


def _call(method: str, problem: ExactCover, kwargs: dict[str, Any]) -> object:
    if method == "solutions":
        return list(problem.solutions(**kwargs))
    if method == "best":
        return problem.best(2, **kwargs)
    answer: object = getattr(problem, method)(**kwargs)
    return answer


def _check_answer(method: str, kwargs: dict[str, Any], case: Case, answer: Any) -> None:
    """The answer of a call that ran: exact against the oracle."""
    limit = kwargs.get("limit")
    expected = case.total if limit is None else min(limit, case.total)
    if method == "solutions":
        assert len(answer) == len(set(answer)) == expected, answer
        assert set(answer) <= case.solutions, answer
        assert all(tuple(sorted(s)) == s for s in answer)
    elif method == "count":
        assert answer == expected
    elif method == "first":
        if case.total:
            assert answer in case.solutions
        else:
            assert answer is None
    elif method == "is_unique":
        assert answer is (case.total == 1)
    else:  # best(2)
        costs = [cost for cost, _ in answer]
        for cost, solution in answer:
            assert solution in case.solutions, answer
            assert case.problem.costs_of(solution) == cost, answer
        assert costs == sorted(costs)
        assert len(answer) == min(2, case.total), answer
        truth = case.cheapest(2)
        if limit is None or case.total <= limit:
            assert costs == truth, (answer, truth)
        else:
            # Documented: with limit, the cheapest *found* (there may be
            # cheaper ones), each no cheaper than the true one of its rank.
            assert all(c >= t for c, t in zip(costs, truth, strict=True)), answer


def _api_params() -> Iterator[Any]:
    for method, (_, keywords) in API_METHODS.items():
        for cell in _cells(keywords, API_VALUES):
            values = dict(cell)
            for kind in KINDS:
                marks: list[pytest.MarkDecorator] = []
                if values.get("method") == "sat" and NO_SAT:
                    marks.append(pytest.mark.skip(reason=NO_SAT))
                yield pytest.param(
                    method,
                    kind,
                    cell,
                    marks=marks,
                    id=f"{method}-{kind}-{_cell_id(cell)}",
                )


@pytest.mark.parametrize(("method", "kind", "cell"), list(_api_params()))
def test_api(method: str, kind: str, cell: Cell, pool: ThreadPoolExecutor) -> None:
    """One method with one combination of keywords, on a problem of each size."""
    for case in cases(kind).values():
        recorder = Recorder()
        kwargs = _kwargs(cell, case.problem, pool, recorder)
        features = _api_features(method, kwargs)
        if case.problem.bounds:
            features |= {"bounds"}
        try:
            ways.check(features)
        except ways.Refused as expected:
            with pytest.raises(ways.Refused) as refused:
                _call(method, case.problem, kwargs)
            assert str(refused.value) == str(expected)
            assert refused.value.features == expected.features
            assert _one_line(str(refused.value))
            continue
        why = _api_problem_error(method, kwargs, case)
        if why is not None:
            with pytest.raises(ValueError, match=re.escape(why)) as error:
                _call(method, case.problem, kwargs)
            assert not isinstance(error.value, ways.Refused)
            assert _one_line(str(error.value))
            continue
        answer = _call(method, case.problem, kwargs)
        _check_answer(method, kwargs, case, answer)
        if "progress" in kwargs:
            # Called at the end of every search at least (dlx.Search).
            assert recorder.calls, "progress= accepted but never called"


# -- 1b. the budgets bite -------------------------------------------------------------

#: A budget that runs out at once, for each budget keyword.
TINY = {"max_nodes": 1, "timeout": 1e-9, "max_entries": 1, "max_bytes": 1}


def _bite_params() -> Iterator[Any]:
    for method, (_, keywords) in API_METHODS.items():
        for cell in _cells(keywords, API_VALUES):
            budgets = [key for key, _ in cell if key in TINY]
            values = dict(cell)
            if len(budgets) != 1 or {"resume", "prefix"} <= values.keys():
                continue
            if values.get("method") == "sat" and NO_SAT:
                continue
            (budget,) = budgets
            for kind in KINDS:
                marks: list[pytest.MarkDecorator] = []
                yield pytest.param(
                    method,
                    kind,
                    cell,
                    budget,
                    marks=marks,
                    id=f"{method}-{kind}-{_cell_id(cell)}-tiny-{budget}",
                )


@pytest.mark.parametrize(("method", "kind", "cell", "budget"), list(_bite_params()))
def test_api_budget_is_not_ignored(
    method: str, kind: str, cell: Cell, budget: str, pool: ThreadPoolExecutor
) -> None:
    """A budget accepted with its partner runs out when it is tiny."""
    case = cases(kind)["several"]
    kwargs = _kwargs(cell, case.problem, pool, Recorder())
    kwargs[budget] = TINY[budget]
    bounds = {"bounds"} if case.problem.bounds else set()
    try:
        ways.check(_api_features(method, kwargs) | bounds)
    except ways.Refused:
        with pytest.raises(ways.Refused):
            _call(method, case.problem, kwargs)
        return
    if _api_problem_error(method, kwargs, case) is not None:
        with pytest.raises(ValueError):
            _call(method, case.problem, kwargs)
        return
    with pytest.raises(BudgetExceeded):
        _call(method, case.problem, kwargs)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("method", ["solutions", "count"])
def test_api_resume_is_not_ignored(method: str, kind: str) -> None:
    """Resuming from the position after the first solution goes on from there."""
    case = cases(kind)["several"]
    search = case.problem.search()
    first = next(search)
    position = search.position()
    if method == "count":
        # The count includes the solutions found before the position.
        assert case.problem.count(resume=position) == case.total
    else:
        rest = list(case.problem.solutions(resume=position))
        assert first not in rest
        assert {first, *rest} == case.solutions


@pytest.mark.parametrize("split", [False, True], ids=["serial", "executor"])
@pytest.mark.parametrize("method", ["solutions", "count"])
def test_api_progress_at_limit(
    method: str, split: bool, pool: ThreadPoolExecutor, request: pytest.FixtureRequest
) -> None:
    """A search stopped at its limit calls the progress hook at the end."""
    case = cases("plain")["several"]
    recorder = Recorder()
    kwargs: dict[str, Any] = {"limit": 2, "progress": recorder}
    if split:
        lacking("threads")
        kwargs["executor"] = pool
    _check_answer(method, kwargs, case, _call(method, case.problem, kwargs))
    assert recorder.calls, "progress= accepted but never called"


# -- 1b. every way of counting is one run ---------------------------------------------

#: Every way :mod:`dlx.ways` can start for a count, by the features that
#: make it (besides ``count``): each is a :class:`dlx.ways.Run`, driven alike.
COUNT_WAYS: dict[str, frozenset[str]] = {
    "plain": frozenset(),
    "memo": frozenset({"memo"}),
    "split": frozenset({"split"}),
    "sat": frozenset({"sat"}),
    "symmetry": frozenset({"symmetry"}),
    "memo+symmetry": frozenset({"memo", "symmetry"}),  # Burnside's lemma
    "split+symmetry": frozenset({"split", "symmetry"}),
    "sat+symmetry": frozenset({"sat", "symmetry"}),
}


@pytest.fixture
def every_way_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules as written, whatever this interpreter lacks (Pyodide has no ``split``)."""
    monkeypatch.setattr(ways, "UNAVAILABLE", {})


@pytest.mark.usefixtures("every_way_here")
def test_count_ways_are_every_way_of_counting() -> None:
    """Each combination of method, executor and symmetry that dlx.ways takes for a count is in COUNT_WAYS."""
    taken = set()
    for size in range(4):
        for keys in itertools.combinations(["memo", "sat", "split", "symmetry"], size):
            if {"memo", "sat"} <= set(keys):
                continue  # one method at a time
            try:  # (the SAT solver counts only up to a limit)
                ways.check({"count", "limit", *keys})
            except ways.Refused:
                continue
            taken.add(frozenset(keys))
    assert taken == set(COUNT_WAYS.values())


def _count_params() -> Iterator[Any]:
    for name, keys in COUNT_WAYS.items():
        marks = [pytest.mark.skip(reason=NO_SAT)] if "sat" in keys and NO_SAT else []
        yield pytest.param(name, marks=marks, id=name)


#: The left-right mirror of a board of dominoes (dlx_helpers.dominoes' cells).
Mirror = dict[tuple[int, int], tuple[int, int]]


def _mirror(height: int, width: int) -> Mirror:
    """The left-right mirror of a ``height`` x ``width`` board."""
    return {(r, c): (r, width - 1 - c) for r in range(height) for c in range(width)}


def _orbits(problem: ExactCover, mirror: Mirror) -> int:
    """The orbits of the oracle's solutions under ``mirror`` and the identity."""
    moved: dict[Hashable, Hashable] = dict(mirror)
    number = {frozenset(problem.option(k)): k for k in range(len(problem))}

    def image(solution: Solution) -> Solution:
        return tuple(
            sorted(
                number[frozenset(moved[x] for x in problem.option(k))] for k in solution
            )
        )

    return len({frozenset({s, image(s)}) for s in oracle(problem)})


def _count_run(
    name: str,
    problem: ExactCover,
    mirror: Mirror,
    pool: ThreadPoolExecutor,
    limit: int | None = None,
) -> ways.Run:
    """The run of the way ``name`` for a count of ``problem``, planned by dlx.ways, not yet started."""
    keys = COUNT_WAYS[name]
    if "split" in keys:
        lacking("threads")
    if "sat" in keys and limit is None:
        limit = 1000  # the SAT solver counts only up to a limit: one past every count
    method: ways.Method = (
        "memo" if "memo" in keys else "sat" if "sat" in keys else "dlx"
    )
    settings = ways.Settings(
        method=method,
        limit=limit,
        executor=pool if "split" in keys else None,
        symmetry=[mirror] if "symmetry" in keys else None,
    )
    planned = ways.plan("count", settings, problem=problem)
    return ways.search(problem, planned.settings, count_only=True)


@pytest.mark.parametrize("name", list(_count_params()))
def test_every_way_of_counting_is_one_run(name: str, pool: ThreadPoolExecutor) -> None:
    """Each way's count is a ways.Run: the oracle's count by count() and by iterating, a limit, close()."""
    problem, mirror = dominoes(2, 4), _mirror(2, 4)
    symmetric = "symmetry" in COUNT_WAYS[name]
    expected = _orbits(problem, mirror) if symmetric else len(oracle(problem))
    assert expected == (4 if symmetric else 5)  # the oracle's, not the ways'

    run = _count_run(name, problem, mirror, pool)
    assert isinstance(run, ways.Run)
    assert run.outcome is Outcome.RUNNING
    assert run.count() == expected
    assert (run.outcome, run.stats.solutions) == (Outcome.EXHAUSTED, expected)
    run.close()  # after the end too

    # Iterated, counting only: nothing handed out, or () for each (the
    # SAT solver's), and the count in the statistics.
    iterated = _count_run(name, problem, mirror, pool)
    handed = list(iterated)
    assert set(handed) <= {()} and len(handed) in (0, expected), handed
    assert (iterated.outcome, iterated.stats.solutions) == (Outcome.EXHAUSTED, expected)

    # A limit below the count stops there, in every way.
    limited = _count_run(name, problem, mirror, pool, limit=2)
    assert (limited.count(), limited.outcome) == (2, Outcome.LIMIT_REACHED)


@pytest.mark.parametrize("name", list(_count_params()))
def test_every_way_of_counting_stops_on_request(
    name: str, pool: ThreadPoolExecutor
) -> None:
    """request_stop() before the count: it raises Interrupted, and close() is safe after."""
    # 4x4: the split search's first cut does not finish it (2x4's does,
    # before it looks at a stop asked for).
    problem = dominoes(4, 4)
    run = _count_run(name, problem, _mirror(4, 4), pool)
    run.request_stop()
    with pytest.raises(Interrupted):
        run.count()
    assert run.outcome is Outcome.INTERRUPTED
    run.close()
    run.close()


# -- 2. the dlx command ---------------------------------------------------------------

#: The options of the matrix, their words (``CHECKPOINT`` and ``SYMMETRY``
#: stand for files) and the features each asks for are ``dlx_helpers``'s
#: (``DLX_OPTIONS``, ``DLX_FEATURES``, ``dlx_features``), shared with
#: ``tests/test_cli_pty.py``, which runs the same cells on a terminal.


def dlx_argv(names: Sequence[str], problem_file: Path, checkpoint: Path) -> list[str]:
    """The command line of the options ``names`` (``dlx_helpers.dlx_names``)."""
    given = {
        CHECKPOINT: str(checkpoint),
        SYMMETRY: str(problem_file.with_suffix(".sym")),
    }
    return [*dlx_words(names, given), str(problem_file)]


@dataclass
class Ran:
    """What a run of a command did."""

    status: int | str | None
    out: str
    err: str


def run_main(
    main: Callable[[list[str]], int],
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
) -> Ran:
    """Run a command in this process, as its console script would."""
    capsys.readouterr()
    try:
        status: int | str | None = main(argv)
    except SystemExit as stop:
        status = stop.code
    captured = capsys.readouterr()
    return Ran(status, captured.out, captured.err)


def _blocks(out: str) -> list[list[str]]:
    """The blocks of lines of an output, separated by blank lines."""
    assert out == "" or out.endswith("\n"), out
    return [block.splitlines() for block in out[:-1].split("\n\n")] if out else []


def _option_numbers(case: Case, lines: Sequence[str], costed: bool) -> Solution:
    """The options whose lines these are, in the order of the file."""
    table = {}
    for k in range(len(case.problem)):
        line = format_option(case.problem.option(k))
        cost = case.problem.cost(k)
        table[f"{line} |{cost}" if costed and cost else line] = k
    numbers = [table[line] for line in lines]
    return tuple(sorted(numbers))


def _json_records(out: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    lines = out.splitlines()
    assert lines, "--json wrote nothing"
    records = [json.loads(line) for line in lines]
    return records[:-1], records[-1]


#: The lines the command may write on standard error besides an error,
#: and the option that allows each.
_PROGRESS = re.compile(
    r"dlx: ([\d,]+ solutions?, [\d,]+ nodes|why: [\d,]+ tests?, |estimate: \d+ of "
    r"\d+ probes )"
)
_STATS = (
    re.compile(r"Altogether [\d,]+ solutions?, .*"),
    re.compile(r"Removed \d+ options? and \d+ items?, \d+ rounds?\.( .*)?"),
    re.compile(r"dlx: memoised search \((mrv|first)\): .*"),
    re.compile(r"dlx: the diagram has \d+ nodes"),
    re.compile(r"dlx: \d+ tasks[;,] .*"),
)
_AT_LIMIT = re.compile(
    r"dlx: stopped at --limit 2: (printed the \d+ cheapest solutions? found "
    r"so far \(there may be cheaper ones\)|no solution found so far)"
)
_NOTHING_TO_DRAW = "dlx: the problem has no solution to draw"


def _bounds_error(keys: set[str], names: Mapping[str, str] | None) -> str | None:
    """What the command says of a problem with bounds that the way does not take.

    Preprocessing names the item (a ProblemError); the rest is the table's
    rule for the feature "bounds", in the command's words.
    """
    if "preprocess" in keys:
        return "--preprocess does not handle bounds"
    try:
        ways.check(keys | {"bounds"}, "dlx", names)
    except ways.Refused as refused:
        return str(refused)
    return None


def check_dlx_run(
    case: Case, names: Sequence[str], ran: Ran, problem_file: Path, checkpoint: Path
) -> None:
    """Check one run of the ``dlx`` command with the options ``names`` on ``case``."""
    names = dlx_names(names)
    keys = dlx_features(names)
    err_lines = ran.err.splitlines()
    if "progress" in names and "no-progress" in names:
        # argparse's own refusal: the usage, then one error line.
        assert (ran.status, ran.out) == (2, ""), ran
        assert err_lines[0].startswith("usage: dlx"), ran.err
        assert err_lines[-1].startswith("dlx: error: argument "), ran.err
        assert all(line.startswith(" ") for line in err_lines[1:-1]), ran.err
        return
    words = {"split": "--jobs"} if "jobs" in names else None
    try:
        ways.check(keys, "dlx", words)
    except ways.Refused as refused:
        assert ran == Ran(2, "", f"dlx: error: {refused}\n")
        return
    if case.problem.bounds and (why := _bounds_error(keys, words)) is not None:
        assert ran.status == 2, ran
        assert ran.out == "", ran
        assert len(err_lines) == 1, ran.err
        assert err_lines[0].startswith(f"dlx: {problem_file}: "), ran.err  # the input
        assert why in ran.err, ran.err
        return
    if "why" in keys:
        _check_why(case, keys, ran)
        err_lines = err_lines[:-1] if case.total == 0 else err_lines
    else:
        assert ran.status == 0, ran
    if "resume" in keys:
        assert not checkpoint.exists(), "--checkpoint left after a complete run"
    expected_err = _check_dlx_output(case, keys, ran)
    rest = [line for line in err_lines if line not in expected_err]
    shown = [line for line in rest if _PROGRESS.match(line)]
    if "progress" in keys:
        assert shown, f"--progress showed nothing: {ran.err!r}"
    else:
        assert not shown, ran.err
    rest = [line for line in rest if not _PROGRESS.match(line)]
    if "stats" in keys:
        assert any(p.fullmatch(line) for p in _STATS[:2] for line in rest), ran.err
        rest = [line for line in rest if not any(p.fullmatch(line) for p in _STATS)]
    assert rest == [], ran.err


def _check_why(case: Case, keys: set[str], ran: Ran) -> None:
    """``--why``: a minimal set of items without solution (status 1), else the count.

    The reason is checked against brute force: the problem where only
    its items are required has no solution, and with any one of them
    left out (covered at most once, as a secondary item) it has one.
    """
    if case.total:
        assert ran.status == 0, ran
        if "json" in keys:
            assert json.loads(ran.out) == {
                "why": None,
                "count": case.total,
                "complete": True,
                "outcome": "exhausted",
            }, ran
        else:
            assert ran.out == f"{case.total}\n", ran
        return
    assert ran.status == 1, ran
    if "json" in keys:
        record = json.loads(ran.out)
        assert (record["minimal"], record["outcome"]) == (True, "exhausted"), ran
        reason = record["why"]
    else:
        reason = ran.out.splitlines()
    said = (
        f"dlx: no solution: item {reason[0]} cannot be covered"
        if len(reason) == 1
        else f"dlx: no solution: these {len(reason)} items cannot all be covered "
        "(without any one of them, the others can)"
    )
    assert ran.err.splitlines()[-1] == said, ran.err
    check_items_answer(case.problem, reason)


def _check_dlx_output(case: Case, keys: set[str], ran: Ran) -> list[str]:
    """Check the standard output of a run that went; return the messages it must say."""
    if "why" in keys:
        return []  # checked by _check_why
    limit = 2 if "limit" in keys else None
    expected = case.total if limit is None else min(limit, case.total)
    asjson = "json" in keys
    if "write" in keys:
        return _check_written(case, ran.out)
    if "estimate" in keys:
        if asjson:
            (record,) = [json.loads(line) for line in ran.out.splitlines()]
            assert set(record) == {"estimate"}
            assert {"nodes", "updates", "solutions", "probes"} <= set(
                record["estimate"]
            )
            assert record["estimate"]["probes"] == (10 if "probes" in keys else 1000)
        else:
            lines = ran.out.splitlines()
            assert [line.split(":")[0] for line in lines] == [
                "estimated nodes",
                "estimated updates",
                "estimated solutions",
                "estimated time",
                "probes",
            ], ran.out
            probes = "10" if "probes" in keys else "1,000"
            assert lines[-1].startswith(f"probes: {probes} in "), ran.out
        return []
    if "sample" in keys:
        if asjson:
            records, last = _json_records(ran.out)
            drawn = [tuple(r["options"]) for r in records]
            assert last["count"] == case.total, last  # the problem's number
            assert last["samples"] == len(drawn)
            assert (last["complete"], last["outcome"]) == (True, "exhausted"), last
        else:
            drawn = [_option_numbers(case, b, False) for b in _blocks(ran.out)]
        assert set(drawn) <= case.solutions, drawn
        assert len(drawn) == (2 if case.total else 0), drawn
        return [] if case.total else [_NOTHING_TO_DRAW]
    if "cheapest" in keys:
        return _check_cheapest(case, keys, ran)
    if "count" in keys:
        if asjson:
            records, last = _json_records(ran.out)
            assert records == []
            found = last["count"]
            _check_complete(case, keys, last)
        else:
            found = int(ran.out)
            assert ran.out == f"{found}\n"
        assert found == expected
        return []
    # Listing the solutions.
    if asjson:
        records, last = _json_records(ran.out)
        listed = [tuple(r["options"]) for r in records]
        assert [r["solution"] for r in records] == list(range(1, len(records) + 1))
        for record in records:
            assert record["lines"] == [
                format_option(case.problem.option(k)) for k in record["options"]
            ]
        assert last["count"] == len(listed)
        _check_complete(case, keys, last)
    else:
        listed = [_option_numbers(case, b, False) for b in _blocks(ran.out)]
    assert len(set(listed)) == len(listed) == expected, listed
    assert set(listed) <= case.solutions, listed
    return []


def _check_complete(case: Case, keys: set[str], last: dict[str, Any]) -> None:
    """``--json``'s last record: complete means exact, else a lower bound at --limit."""
    if last["complete"]:
        assert last["outcome"] == "exhausted", last
        assert last["count"] == case.total, last
    else:
        # Only the limit can stop these runs early (the budgets are huge).
        assert "limit" in keys, last
        assert last["outcome"] == "limit_reached", last
        assert last["count"] == 2 <= case.total, last


def _check_written(case: Case, out: str) -> list[str]:
    """``--preprocess`` alone: the smaller problem, each option with its origin."""
    reduced = parse_dlx(out)
    origins = [int(n) - 1 for n in re.findall(r"^\| \(from (\d+)\)$", out, re.M)]
    assert len(origins) == len(reduced)
    mapped = {tuple(sorted(origins[k] for k in s)) for s in oracle(reduced)}
    if case.total == 0:
        assert mapped in (set(), {()}), mapped  # a problem that has no solution
        assert reduced.count() == 0
    else:
        assert mapped == case.solutions
    return []


def _check_cheapest(case: Case, keys: set[str], ran: Ran) -> list[str]:
    """``--best 2``: the two cheapest solutions, cheapest first, with their costs."""
    ranked: list[tuple[int, Solution]] = []
    if "json" in keys:
        records, last = _json_records(ran.out)
        for record in records:
            solution = tuple(record["options"])
            ranked.append((record["cost"], solution))
            assert _option_numbers(case, record["lines"], True) == tuple(
                sorted(solution)
            )
        assert last["count"] == len(ranked)
        complete = last["complete"]
        if not complete:
            assert last["outcome"] == "limit_reached", last
    else:
        for block in _blocks(ran.out):
            found = re.fullmatch(r"\| cost (\d+)", block[0])
            assert found is not None, block
            ranked.append((int(found[1]), _option_numbers(case, block[1:], True)))
        complete = not any(_AT_LIMIT.fullmatch(line) for line in ran.err.splitlines())
    costs = [cost for cost, _ in ranked]
    for cost, solution in ranked:
        assert tuple(sorted(solution)) in case.solutions, ranked
        assert case.problem.costs_of(solution) == cost, ranked
    assert costs == sorted(costs), ranked
    assert len(ranked) == min(2, case.total), ranked
    truth = case.cheapest(2)
    if complete:
        assert costs == truth, (ranked, truth)
        return []
    assert "limit" in keys, ran
    assert all(c >= t for c, t in zip(costs, truth, strict=True)), ranked
    lines = ran.err.splitlines()
    said = [line for line in lines if _AT_LIMIT.fullmatch(line)]
    assert said, ran.err
    if ranked:
        assert "(there may be cheaper ones)" in said[0], ran.err
    return said


@pytest.fixture(scope="module")
def problem_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each case's problem written in Knuth's format, by case name."""
    folder = tmp_path_factory.mktemp("problems")
    files = {}
    for kind in KINDS:
        for case in cases(kind).values():
            path = folder / f"{case.name}.dlx"
            path.write_text(case.text)
            files[case.name] = path
            # Its symmetry file for --symmetry: the identity, a cycle of one item.
            first = [*case.problem.primary, *case.problem.secondary][0]
            path.with_suffix(".sym").write_text(f"({first})\n")
    return files


def _dlx_params() -> Iterator[Any]:
    for combo in dlx_combos():
        for kind in KINDS:
            marks: list[pytest.MarkDecorator] = []
            if "method-sat" in combo and NO_SAT:
                marks.append(pytest.mark.skip(reason=NO_SAT))
            yield pytest.param(
                kind, combo, marks=marks, id=f"{kind}-{'+'.join(combo) or 'defaults'}"
            )


@pytest.mark.parametrize(("kind", "names"), list(_dlx_params()))
def test_dlx_command(
    kind: str,
    names: tuple[str, ...],
    problem_files: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The ``dlx`` command with one or two options, on a problem of each size."""
    checkpoint = tmp_path / "checkpoint.json"
    sizes = SIZES if "jobs" not in names else ("several",)  # few process pools
    for size in sizes:
        case = cases(kind)[size]
        argv = dlx_argv(names, problem_files[case.name], checkpoint)
        ran = run_main(dlx.cli.main, argv, capsys)
        check_dlx_run(case, names, ran, problem_files[case.name], checkpoint)


# -- 2a. --pin with each option of the matrix ---------------------------------------

#: Option 0 pinned by its number (the option lines count from 1).
_PIN_PREFIX = ("--pin", "1")


def _pin_words(case: Case) -> list[str]:
    """Option 0 pinned twice: by its number (from 1), then by its items backwards."""
    if not len(case.problem):
        return [*_PIN_PREFIX]
    backwards = " ".join(reversed(format_option(case.problem.option(0)).split()))
    return [*_PIN_PREFIX, "--pin", backwards]


def _check_pinned(case: Case, keys: set[str], ran: Ran) -> None:
    """``--why --pin``: option 0 pinned (twice); its reason or its count, by brute force."""
    err = [line for line in ran.err.splitlines() if not _PROGRESS.match(line)]
    shown = len(err) < len(ran.err.splitlines())
    assert shown == ("progress" in keys), ran.err
    with_it = sum(1 for solution in case.solutions if 0 in solution)
    if with_it:
        assert (ran.status, err) == (0, []), ran
        if "json" in keys:
            assert json.loads(ran.out) == {
                "why": None,
                "count": with_it,
                "complete": True,
                "outcome": "exhausted",
            }, ran
        else:
            assert ran.out == f"{with_it}\n", ran
        return
    reason = ["1"] if case.total else []  # the first name given, once
    assert ran.status == 1, ran
    if "json" in keys:
        assert json.loads(ran.out) == {
            "why": reason,
            "minimal": True,
            "outcome": "exhausted",
        }, ran
    else:
        assert ran.out == "".join(f"{words}\n" for words in reason), ran
    said = (
        "dlx: no solution has the pinned option 1"
        if reason
        else "dlx: no solution, even without the pinned options (--why without "
        "--pin names items that cannot all be covered)"
    )
    assert err == [said], ran.err


@pytest.mark.parametrize("why", [False, True], ids=["alone", "why"])
@pytest.mark.parametrize("name", ["", *DLX_OPTIONS])
def test_dlx_pin_with_each_option(
    name: str,
    why: bool,
    problem_files: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--pin (with --why or not) and each option: refused in one line by dlx.ways, or exact."""
    names = dlx_names(([name] if name else []) + (["why"] if why else []))
    keys = dlx_features(names) | {"pin"}
    checkpoint = tmp_path / "checkpoint.json"
    for kind in KINDS:
        sizes = SIZES if "jobs" not in names else ("several",)
        for size in sizes:
            case = cases(kind)[size]
            path = problem_files[case.name]
            argv = [*_pin_words(case), *dlx_argv(names, path, checkpoint)]
            if "method-sat" in names and NO_SAT:
                continue
            ran = run_main(dlx.cli.main, argv, capsys)
            words = {"split": "--jobs"} if "jobs" in names else None
            try:
                ways.check(keys, "dlx", words)
            except ways.Refused as refused:
                assert ran == Ran(2, "", f"dlx: error: {refused}\n")
                continue
            # What --why goes with (--method dlx: its default way of counting).
            assert keys <= {"pin", "why", "dlx", "timeout", "progress", "json"}, keys
            if not len(case.problem):
                assert (ran.status, ran.out) == (2, ""), ran
                assert ran.err == (
                    "dlx: --pin '1': there is no option 1: the problem has no options\n"
                )
                continue
            _check_pinned(case, keys, ran)


# -- 2b. options accepted by the command but ignored ---------------------------------


@pytest.mark.usefixtures("every_way_here")
def test_a_default_task_seconds_is_dropped_where_a_rule_refuses_it() -> None:
    """The command's own seconds of a task (Settings.added) go where the way takes them, else are dropped."""
    default = ways.Settings(task_seconds=0.5, added=frozenset({"task_seconds"}))
    best = ways.plan("cheapest", default, also={"split"}, words="dlx")
    assert best.dropped == {"task_seconds"}
    assert best.settings.task_seconds is None and not best.settings.added
    assert "task_seconds" not in best.given
    count = ways.plan("count", default, also={"split"}, words="dlx")
    assert (count.settings.task_seconds, count.dropped) == (0.5, frozenset())
    assert "task_seconds" not in count.explicit
    # Given by the user, the same seconds are refused with the rule's words.
    with pytest.raises(ways.Refused) as refused:
        ways.plan(
            "cheapest",
            ways.Settings(task_seconds=0.5),
            also={"split"},
            words="dlx",
            names={"split": "--jobs"},
        )
    assert str(refused.value) == _BEST_TASK_SECONDS


#: The refusal of --best --jobs --task-seconds, in the command's words.
_BEST_TASK_SECONDS = (
    "--best does not go with --jobs and --task-seconds: each task of a "
    "minimum-cost search searches its subproblem to the end"
)


@pytest.mark.processes  # the command makes its pool before the spy runs it inline
def test_dlx_jobs_task_seconds_reach_the_split_search(
    problem_files: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """--count --jobs: the default seconds of a task (0.5), or --task-seconds, reach the split search."""
    seen: list[dict[str, Any]] = []
    real = dlx.parallel.search

    def spy(links: Any, executor: Any, **kwargs: Any) -> dlx.parallel.ParallelSearch:
        seen.append(kwargs)
        return real(links, Inline(), **kwargs)  # the tasks in this thread

    monkeypatch.setattr(dlx.parallel, "search", spy)
    case = cases("plain")["several"]
    path = str(problem_files[case.name])
    for extra, seconds in (
        ([], dlx.parallel.TASK_SECONDS),
        (["--task-seconds", "3"], 3.0),
    ):
        ran = run_main(dlx.cli.main, ["--count", "--jobs", "2", *extra, path], capsys)
        assert (ran.status, ran.out, ran.err) == (0, f"{case.total}\n", ""), ran
        assert seen.pop()["task_seconds"] == seconds


@pytest.mark.processes
def test_dlx_best_jobs_takes_no_task_seconds(problem_files: dict[str, Path]) -> None:
    """--best --jobs in a pipe: runs without --task-seconds (the default is dropped), refused with it."""
    case = cases("plain")["several"]
    path = str(problem_files[case.name])
    ran = run_dlx("--best", "2", "--jobs", "2", path)
    assert (ran.returncode, ran.stderr) == (0, ""), ran
    assert ran.stdout.startswith("| cost "), ran
    refused = run_dlx("--best", "2", "--jobs", "2", "--task-seconds", "1", path)
    assert (refused.returncode, refused.stdout) == (2, ""), refused
    assert refused.stderr == f"dlx: error: {_BEST_TASK_SECONDS}\n"


@pytest.mark.processes
def test_dlx_jobs_max_nodes_is_not_ignored(
    problem_files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """--count --jobs 2 --max-nodes 1 stops with status 3, as without --jobs."""
    case = cases("plain")["several"]
    path = str(problem_files[case.name])
    alone = run_main(dlx.cli.main, ["--count", "--max-nodes", "1", path], capsys)
    assert alone.status == 3, alone
    split = ["--count", "--jobs", "2", "--max-nodes", "1", path]
    assert run_main(dlx.cli.main, split, capsys).status == 3


@pytest.mark.processes
def test_dlx_jobs_limit_progress_shows_progress(
    problem_files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """--jobs 2 --limit 2 --progress shows progress, as without --jobs."""
    case = cases("plain")["several"]
    path = problem_files[case.name]
    for argv in (
        ["--limit", "2", "--progress"],
        ["--jobs", "2", "--limit", "2", "--progress"],
    ):
        ran = run_main(dlx.cli.main, [*argv, str(path)], capsys)
        assert ran.status == 0, ran
        assert any(_PROGRESS.match(line) for line in ran.err.splitlines()), argv


@pytest.mark.parametrize(
    "way",
    [
        ["--count"],
        [],
        ["--best", "2"],
        ["--sample", "2"],
        ["--count", "--method", "memo"],
        ["--count", "--preprocess"],
    ],
    ids=lambda way: "+".join(way) or "listing",
)
def test_dlx_max_nodes_is_not_ignored(
    way: list[str], problem_files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Each way that takes --max-nodes stops at a budget of one node (status 3)."""
    case = cases("colors")["several"]
    argv = [*way, "--max-nodes", "1", "--json", str(problem_files[case.name])]
    ran = run_main(dlx.cli.main, argv, capsys)
    assert ran.status == 3, ran
    _, last = _json_records(ran.out)
    assert (last["complete"], last["outcome"]) == (False, "out_of_nodes"), last
    assert len(ran.err.splitlines()) == 1, ran.err


# -- 3. random sets of options --------------------------------------------------------

_UNSPLIT = [name for name in DLX_OPTIONS if name != "jobs"]
_ALL_CASES = [(kind, size) for kind in KINDS for size in SIZES]


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    names=st.lists(st.sampled_from(_UNSPLIT), min_size=1, max_size=4, unique=True),
    where=st.sampled_from(_ALL_CASES),
)
def test_dlx_command_random_options(
    names: list[str],
    where: tuple[str, str],
    problem_files: dict[str, Path],
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Up to four options at once (no --jobs), checked as the matrix checks pairs."""
    methods = [name for name in names if name.startswith("method-")]
    if len(methods) > 1:  # argparse keeps the last: keep one
        names = [name for name in names if name not in methods[1:]]
    if NO_SAT and "method-sat" in names:
        return
    kind, size = where
    case = cases(kind)[size]
    checkpoint = tmp_path_factory.getbasetemp() / "random-options-checkpoint.json"
    checkpoint.unlink(missing_ok=True)
    argv = dlx_argv(names, problem_files[case.name], checkpoint)
    ran = run_main(dlx.cli.main, argv, capsys)
    check_dlx_run(case, names, ran, problem_files[case.name], checkpoint)


# -- 4. sudoku ------------------------------------------------------------------------

#: 4x4 puzzles: one solution, three, none (no two givens clash: the
#: search finds there is none).
PUZZLES = {
    "unique": "1......2..4..3..",
    "several": ".2.......4...3.1",
    "none": "12........3...4.",
}


def fill(puzzle: str) -> frozenset[str]:
    """Every solution of a 4x4 puzzle, by filling the cells in order with 1-4."""
    cells = list(puzzle)
    found: set[str] = set()

    def fits(i: int, value: str) -> bool:
        row, column = divmod(i, 4)
        for j, other in enumerate(cells):
            if j == i or other != value:
                continue
            r, c = divmod(j, 4)
            if r == row or c == column or (r // 2, c // 2) == (row // 2, column // 2):
                return False
        return True

    def go(i: int) -> None:
        if i == 16:
            found.add("".join(cells))
        elif cells[i] != ".":
            if fits(i, cells[i]):
                go(i + 1)
        else:
            for value in "1234":
                if fits(i, value):
                    cells[i] = value
                    go(i + 1)
            cells[i] = "."

    go(0)
    return frozenset(found)


ANSWERS = {name: fill(puzzle) for name, puzzle in PUZZLES.items()}
assert [len(ANSWERS[name]) for name in PUZZLES] == [1, 3, 0]

SUDOKU_VALUES: dict[str, tuple[object, ...]] = {
    "method": ("dlx", "sat"),
    "limit": (2,),
    "max_nodes": (10**6,),
    "timeout": (60,),
    "progress": (RECORDER,),
    "unique": (True,),
}
SUDOKU_FUNCTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "solve": ("list", ("method", "max_nodes", "timeout", "progress", "unique")),
    "solutions": ("list", ("limit", "max_nodes", "timeout", "method")),
    "count": ("count", ("limit", "max_nodes", "timeout", "progress", "method")),
    "is_unique": ("count", ("max_nodes", "timeout", "method")),
}


def _sudoku_params() -> Iterator[Any]:
    for function, (_, keywords) in SUDOKU_FUNCTIONS.items():
        for cell in _cells(keywords, SUDOKU_VALUES):
            marks: list[pytest.MarkDecorator] = []
            if dict(cell).get("method") == "sat" and NO_SAT:
                marks.append(pytest.mark.skip(reason=NO_SAT))
            yield pytest.param(
                function, cell, marks=marks, id=f"{function}-{_cell_id(cell)}"
            )


def _sudoku_features(function: str, kwargs: dict[str, Any]) -> set[str]:
    kind, _ = SUDOKU_FUNCTIONS[function]
    limit = kwargs.get("limit")
    if function == "solve":
        limit = 2 if kwargs.get("unique") else 1
    elif function == "is_unique":
        limit = 2
    settings = ways.Settings(
        method=kwargs.get("method", "dlx"),
        limit=limit,
        max_nodes=kwargs.get("max_nodes"),
        timeout=kwargs.get("timeout"),
        progress=kwargs.get("progress"),
    )
    return settings.given() | {kind}


@pytest.mark.parametrize(("function", "cell"), list(_sudoku_params()))
def test_sudoku_api(function: str, cell: Cell) -> None:
    """One solving function with one combination of keywords, on each puzzle."""
    for name, puzzle in PUZZLES.items():
        answers = ANSWERS[name]
        recorder = Recorder()
        kwargs: dict[str, Any] = {
            key: recorder if v == RECORDER else v for key, v in cell
        }
        call = getattr(sudoku, function)
        try:
            ways.check(_sudoku_features(function, kwargs))
        except ways.Refused as rule:
            with pytest.raises(sudoku.SudokuError) as refused:
                call(puzzle, **kwargs)
            assert str(refused.value) == str(rule)
            assert _one_line(str(refused.value))
            continue
        if function == "solve":
            if not answers:
                with pytest.raises(sudoku.NoSolutionError):
                    call(puzzle, **kwargs)
            elif len(answers) > 1 and kwargs.get("unique"):
                with pytest.raises(sudoku.MultipleSolutionsError):
                    call(puzzle, **kwargs)
            else:
                assert call(puzzle, **kwargs) in answers
            continue
        limit = kwargs.get("limit")
        expected = len(answers) if limit is None else min(limit, len(answers))
        answer = call(puzzle, **kwargs)
        if function == "solutions":
            found = list(answer)
            assert len(set(found)) == len(found) == expected, found
            assert set(found) <= answers
        elif function == "count":
            assert answer == expected
            if "progress" in kwargs:
                assert recorder.calls, "progress= accepted but never called"
        else:
            assert answer is (len(answers) == 1)


_GIVEN = re.compile(r"r(\d)c(\d) = (\d)")


def _check_sudoku_why(
    order: list[str], records: list[dict[str, Any]], lines: list[str], ran: Ran
) -> None:
    """``--why``: "has a solution" for the two puzzles that have one; for the
    third, givens that have none, minimal, by brute force (:func:`fill`)."""
    if records:
        shown = [
            None if r["why"] is None else [tuple(g) for g in r["why"]] for r in records
        ]
    else:
        shown = [
            None
            if line == "has a solution"
            else [(int(r) - 1, int(c) - 1, v) for r, c, v in _GIVEN.findall(line)]
            for line in lines
        ]
        for line, givens in zip(lines, shown, strict=True):
            if givens is not None:
                assert line.endswith(": no solution with these givens"), line
    assert [g is None for g in shown] == [bool(ANSWERS[n]) for n in order], ran.out
    (givens,) = [g for g in shown if g is not None]

    def alone(chosen: Sequence[tuple[int, int, str]]) -> str:
        cells = ["."] * 16
        for r, c, v in chosen:
            cells[4 * r + c] = v
        return "".join(cells)

    puzzle = PUZZLES[order[[g is not None for g in shown].index(True)]]
    assert all(puzzle[4 * r + c] == v for r, c, v in givens), givens
    assert not fill(alone(givens)), givens
    for k in range(len(givens)):
        assert fill(alone(givens[:k] + givens[k + 1 :])), givens[k]
    assert ran.status == 1, ran
    assert ran.err.endswith("no solution (--why printed the givens)\n"), ran.err
    assert len(ran.err.splitlines()) == 1, ran.err


#: The options the matrix runs (their words and features are the pty
#: tests', tests/sudoku_helpers.py).
_SUDOKU_MATRIX = (
    "count",
    "why",
    "grade",
    "explain",
    "hint",
    "rate",
    "check",
    "limit",
    "unique",
    "timeout",
    "method-sat",
    "jobs",
    "no-progress",
    "json",
)
SUDOKU_OPTIONS = {name: ALL_SUDOKU_OPTIONS[name] for name in _SUDOKU_MATRIX}
SUDOKU_FEATURES = {name: ALL_SUDOKU_FEATURES[name] for name in _SUDOKU_MATRIX}
_EXCLUSIVE = {"count", "grade", "explain", "hint", "rate", "check", "why"}

#: The few runs with worker processes (about a second each): --jobs
#: with each way, and with --json.
SUDOKU_JOBS_RUNS = {
    ("jobs",),
    ("count", "jobs"),
    ("grade", "jobs"),
    ("explain", "jobs"),
    ("unique", "jobs"),
    ("jobs", "json"),
}

#: What --check is given besides the puzzles: a right solution of the
#: first two, and a grid that keeps the givens of the third, which has none.
CHECKED = ["1234341221434321", "3214412314322341", "1234341221434321"]


def _sudoku_features_of(names: Sequence[str]) -> set[str]:
    keys: set[str] = set().union(*(SUDOKU_FEATURES[name] for name in names))
    if not keys & _EXCLUSIVE:
        keys.add("list")
    return keys


def _sudoku_cli_params() -> Iterator[Any]:
    names = list(SUDOKU_OPTIONS)
    combos: list[tuple[str, ...]] = [()]
    combos += [(name,) for name in names]
    combos += list(itertools.combinations(names, 2))
    for combo in combos:
        keys = _sudoku_features_of(combo)
        refused = len(_EXCLUSIVE & set(combo)) > 1
        try:
            ways.check(keys, "sudoku")
        except ways.Refused:
            refused = True
        if "jobs" in combo and not refused and combo not in SUDOKU_JOBS_RUNS:
            continue  # the same answers as without --jobs, a second each
        marks: list[pytest.MarkDecorator] = []
        if "method-sat" in combo and NO_SAT:
            marks.append(pytest.mark.skip(reason=NO_SAT))
        yield pytest.param(combo, marks=marks, id="+".join(combo) or "defaults")


@pytest.fixture(scope="module")
def sudoku_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The puzzles, one per line, and the solutions that --check checks."""
    folder = tmp_path_factory.mktemp("sudoku")
    puzzles = folder / "puzzles.txt"
    puzzles.write_text("".join(f"{p}\n" for p in PUZZLES.values()))
    checked = folder / "solutions.txt"
    checked.write_text("".join(f"{s}\n" for s in CHECKED))
    return puzzles, checked


@pytest.mark.parametrize("names", list(_sudoku_cli_params()))
def test_sudoku_command(
    names: tuple[str, ...],
    sudoku_files: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The ``sudoku`` command with one or two options, on the three puzzles at once."""
    puzzles, checked = sudoku_files
    files = [str(puzzles), str(checked)] if "check" in names else [str(puzzles)]
    argv = [word for name in names for word in SUDOKU_OPTIONS[name]] + files
    ran = run_main(sudoku.cli.main, argv, capsys)
    err_lines = ran.err.splitlines()
    if len(_EXCLUSIVE & set(names)) > 1:
        assert (ran.status, ran.out) == (2, ""), ran
        assert err_lines[0].startswith("usage: sudoku"), ran.err
        assert err_lines[-1].startswith("sudoku: error: argument "), ran.err
        return
    keys = _sudoku_features_of(names)
    try:
        ways.check(keys, "sudoku")
    except ways.Refused as refused:
        assert ran == Ran(2, "", f"sudoku: error: {refused}\n")
        return
    limit = 2 if "limit" in keys else None
    records: list[dict[str, Any]] = []
    if "json" in keys:
        *records, last = [json.loads(line) for line in ran.out.splitlines()]
        assert last["complete"] is True, last
        assert last["skipped"] == 0, last
    lines = ran.out.splitlines()
    order = list(PUZZLES)
    if "check" in keys:
        rights = [
            puzzle in ANSWERS[name] for name, puzzle in zip(order, CHECKED, strict=True)
        ]
        assert rights == [True, True, False]
        assert ran.status == 1, ran
        if records:
            assert [r["right"] for r in records] == rights
            assert (last["right"], last["wrong"], last["missing"]) == (2, 1, 0), last
        else:
            assert lines == ["3 solutions checked: 1 wrong"], ran.out
        assert len(err_lines) == 1, ran.err
        return
    if "count" in keys:
        counts = [
            len(ANSWERS[name]) if limit is None else min(limit, len(ANSWERS[name]))
            for name in order
        ]
        shown = [r["count"] for r in records] if records else [int(n) for n in lines]
        assert shown == counts, ran.out
        assert ran.status == 0, ran
        assert ran.err == "", ran.err
        return
    if "why" in keys:
        _check_sudoku_why(order, records, lines, ran)
        return
    if "grade" in keys:
        good = ["unique"]
        text = str(sudoku.grade(PUZZLES["unique"]))
        if records:
            assert ["grade" in r for r in records] == [n in good for n in order]
            assert records[0]["grade"]["text"] == text
        else:
            assert lines == [text], ran.out
        assert ran.status == 1, ran
        assert len(err_lines) == 2, ran.err  # the puzzles without one solution
        return
    said = keys & {"explain", "hint", "rate"}
    if said:
        # One answer, for the puzzle with one solution; the other two are bad.
        explanation = sudoku.explain(PUZZLES["unique"])
        if "rate" in keys:
            expected: list[str] = [f"{explanation.rating:.1f}"]
            value: object = explanation.rating
            key = "rating"
        elif "hint" in keys:
            first = explanation.steps[0]
            expected = [f"{first.text} ({first.rating:.1f})"]
            value = first.text
            key = "hint"
        else:
            expected = [
                f"{puzzles}: puzzle 1 (line 1): rating {explanation.rating:.1f} "
                f"(pearl {explanation.pearl:.1f}, diamond {explanation.diamond:.1f}), "
                f"{len(explanation.steps)} steps"
            ]
            expected += [
                f"{k}. [{s.rating:.1f}] {s.text}"
                for k, s in enumerate(explanation.steps, 1)
            ]
            value = [s.text for s in explanation.steps]
            key = "explanation"
        if records:
            assert [key in r for r in records] == [n == "unique" for n in order]
            shown = records[0][key]
            if key == "hint":
                shown = shown["text"]
            elif key == "explanation":
                shown = [s["text"] for s in shown["steps"]]
            assert shown == value
        else:
            assert lines == expected, ran.out
        assert ran.status == 1, ran
        assert len(err_lines) == 2, ran.err
        assert all(
            "more than one solution" in line or "no solution" in line
            for line in err_lines
        )
        return
    good = ["unique"] if "unique" in keys else ["unique", "several"]
    if records:
        solved = {r["puzzle"]: r["solution"] for r in records if "solution" in r}
        errors = [r["puzzle"] for r in records if "error" in r]
        assert sorted([*solved, *errors]) == [1, 2, 3]
        assert last["answered"] == len(solved)
    else:
        solved = dict(zip([order.index(n) + 1 for n in good], lines, strict=True))
    assert sorted(solved) == [order.index(n) + 1 for n in good], ran.out
    for number, solution in solved.items():
        assert solution in ANSWERS[order[number - 1]], solution
    assert ran.status == 1, ran  # the puzzle without a solution
    assert len(err_lines) == 3 - len(good), ran.err
    assert all(line.startswith("sudoku: ") for line in err_lines), ran.err
