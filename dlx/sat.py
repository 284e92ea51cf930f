"""Exact cover by a SAT solver (CaDiCaL) or a CP/SAT solver (OR-Tools CP-SAT), ``method="sat"``.

Some problems are out of reach of every backtracking search, however
fast: the minimal 25×25 sudokus of Alain Frisch are the standard example
(see :doc:`/howto/sat`).  What they need is a search that *learns* from
its dead ends (conflict clauses), which SAT and CP-SAT solvers have and
Dancing Links has not.  This module hands the compiled problem (after
the reductions pydlx already does: a sudoku's givens have removed most
options) to a solver of the optional extra ``sat`` (:data:`INSTALL`):
plain exact cover (no costs, no bounds but ``[1..1]`` and ``[0..1]``)
to CaDiCaL 1.9.5 through python-sat (:func:`clauses` makes its CNF; it
proved the 25×25 puzzles unique in half the time), everything else to
Google's OR-Tools CP-SAT (:class:`SatModel`), which handles
cardinalities and costs natively.  Each solver is imported only when it
is about to solve: a problem that the short DLX search of
``method="sat"`` answers imports neither, one that CaDiCaL answers never
imports OR-Tools (a third of a second, pandas with it); :func:`available`
only looks for OR-Tools.

The model (:class:`SatModel`) has one Boolean per option, and

* a primary item must be covered exactly once: an *exactly one*
  constraint over its options; with bounds ``[u..v]`` (Knuth's
  multiplicities, DLX3), a linear constraint ``u <= sum <= v``;
* a secondary item at most once: an *at most one* constraint; with
  colours, one Boolean per colour of the item, implied by every option
  that gives the item that colour (and implying one of them), and *at
  most one* over those and the options that give the item no colour:
  options of one colour may share the item, options of two may not;
* an option with no primary item is never chosen (a backtracking search
  only chooses options through a primary item);
* with costs, the objective: their sum, minimised.

:class:`SatSearch` finds each solution by one solve, then forbids it (a
clause that the next solution must differ from every earlier one) and
solves again, with CaDiCaL in the same incremental solver (in budgeted
steps, so that stops act between them: CaDiCaL keeps the interpreter's
lock while it solves), with CP-SAT in one enumerating solve: solutions
come lazily, and with costs in the order of their cost, cheapest first.  A solve the time budget or a stop request
cuts short raises :class:`dlx.BudgetExceeded` or
:class:`dlx.Interrupted`, never "no (more) solutions".  The statistics
are the solver's (:class:`dlx.stats.SatStats`: conflicts, branches,
seconds, solves), not Knuth's.

Python's signal handlers act as usual while a solver works: CP-SAT
runs in a thread of its own while the calling thread waits, and CaDiCaL
in steps of about a tenth of a second, python-sat told to leave signals
to Python (left to itself, in the main thread, it catches SIGINT and
breaks out of CaDiCaL, past every handler, losing the search's counts).
A handler that calls :meth:`dlx.SatSearch.request_stop`, as the
commands' do for Ctrl-C (SIGINT) and SIGTERM alike, stops the solve
within a step and the search raises :class:`dlx.Interrupted` with its
statistics; Ctrl-C without such a handler raises
:class:`KeyboardInterrupt`, as anywhere else.

>>> from dlx import ExactCover
>>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
>>> method = "sat" if available() else "dlx"  # the extra sat is optional
>>> sorted(problem.solutions(method=method))
[(0, 1), (2,)]
>>> problem.count(limit=2, method=method)
2
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import queue
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from dlx.errors import (
    BudgetExceeded,
    CostRangeError,
    Interrupted,
    SatUnavailable,
    install_hint,
)
from dlx.links import Links
from dlx.stats import Outcome, SatStats

__all__ = [
    "CADICAL",
    "CADICAL_OPTIONS",
    "INSTALL",
    "MAX_COSTS",
    "PAIRWISE_UP_TO",
    "Orbits",
    "SatModel",
    "SatSearch",
    "available",
    "cadical",
    "check_costs",
    "clauses",
    "cp_model",
]

#: The command that installs the solvers (the extra ``sat``), run in a
#: checkout of pydlx (it is not on PyPI); both commands' messages say it.
INSTALL = install_hint("sat")

#: The most that the options' costs may add up to for CP-SAT: 2**53, so
#: that every sum of costs is exact in a double and far from the 64-bit
#: integers' end.  Beyond it CP-SAT refuses the model (a sum past 2**63)
#: or ranks solutions wrongly (a cost past 2**63 loses its last digits),
#: where the DLX search, whose costs are Python ints, takes any.
MAX_COSTS = 2**53


def check_costs(costs: Sequence[int]) -> None:
    """Refuse costs that CP-SAT cannot rank exactly (see :data:`MAX_COSTS`).

    :raises ~dlx.errors.CostRangeError: saying what they add up to.

    >>> check_costs([2**52, 2**52])
    >>> check_costs([10**19, 1])
    Traceback (most recent call last):
      ...
    dlx.errors.CostRangeError: the options' costs add up to 10000000000000000001, more than the 9007199254740992 (2**53) that CP-SAT (method 'sat') ranks exactly; the DLX search (the default method) takes any costs
    """
    total = sum(map(abs, costs))
    if total > MAX_COSTS:
        raise CostRangeError(total)


#: How long the waiting thread sleeps between looks at the solver (seconds):
#: the longest a stop request waits to be passed on.
_POLL = 0.05


def cp_model() -> Any:
    """The module ``ortools.sat.python.cp_model``, imported on first use.

    Importing it takes about a third of a second (it brings pandas):
    :class:`SatSearch` calls this only when CP-SAT is about to solve.

    :raises SatUnavailable: when OR-Tools is not installed (the message
        names the install command).

    >>> module = cp_model() if available() else None
    >>> module is None or hasattr(module, "CpModel")
    True
    """
    try:
        from ortools.sat.python import cp_model as module
    except ImportError as error:
        raise _unavailable(f" ({error})") from None
    return module


def _unavailable(why: str = "") -> SatUnavailable:
    """The error that OR-Tools is missing, ``why`` added to the message."""
    return SatUnavailable(
        f"method='sat' needs OR-Tools, which is not installed{why}; "
        f"install it with: {INSTALL}"
    )


def _findable(name: str) -> bool:
    """Whether the module ``name`` can be found, without importing it or its packages.

    The top package is looked for with :func:`importlib.util.find_spec`,
    each submodule in the folders of the package found before; a name
    set to ``None`` in :data:`sys.modules` (which blocks an import) is
    not found.  Finding a module does not prove that it imports.

    >>> _findable("json.decoder"), _findable("json.no_such_module")
    (True, False)
    """
    path: Any = None
    parts = name.split(".")
    for depth in range(1, len(parts) + 1):
        prefix = ".".join(parts[:depth])
        if prefix in sys.modules:
            module: object = sys.modules[prefix]  # None blocks the import
            if module is None:
                return False
            path = getattr(module, "__path__", None)
            continue
        try:
            if depth == 1:
                spec = importlib.util.find_spec(prefix)
            else:
                if path is None:  # a module, not a package: no submodules
                    return False
                spec = importlib.machinery.PathFinder.find_spec(prefix, path)
        except (ImportError, ValueError):
            return False
        if spec is None:
            return False
        path = spec.submodule_search_locations
    return True


def available() -> bool:
    """Whether OR-Tools is installed (``method="sat"`` works), without importing it.

    It looks for the module (:func:`importlib.util.find_spec`): a
    broken installation is found, and raises
    :class:`~dlx.errors.SatUnavailable` only when CP-SAT is needed.

    >>> before = "ortools" in sys.modules
    >>> isinstance(available(), bool)
    True
    >>> ("ortools" in sys.modules) == before  # looked for, not imported
    True
    """
    return _findable("ortools.sat.python.cp_model")


#: The CDCL solver of python-sat that plain exact cover goes to.
CADICAL = "cadical195"

#: The options :class:`SatSearch` sets on CaDiCaL: ``stabilizeonly``, its
#: "stable" mode throughout (rare restarts, the phases of the best
#: assignment kept) instead of switching between it and the "focused"
#: mode.  Solved in steps of a tenth of a second, as here, the five
#: hardest minimal 25x25 sudokus were solved and proved unique in about
#: half the CPU time with it (see the performance page).
CADICAL_OPTIONS: tuple[tuple[str, int], ...] = (("stabilizeonly", 1),)

#: Items with more options than this get a sequential-counter *at most
#: one* (Sinz's: linear in the options, with auxiliary variables) instead of
#: one clause per pair.
PAIRWISE_UP_TO = 32


def cadical() -> Any:
    """The module ``pysat.solvers`` when python-sat (CaDiCaL) can be imported, else ``None``.

    >>> module = cadical()
    >>> module is None or hasattr(module, "Solver")
    True
    """
    try:
        from pysat import solvers
    except ImportError:
        return None
    return solvers


def clauses(links: Links) -> tuple[list[list[int]], bool] | None:
    """The CNF of a compiled problem without multiplicities, or ``None``.

    Variable ``k + 1`` is option ``k``.  A primary item gives one clause
    *at least one* of its options (unless it may stay uncovered: bounds
    ``[0..1]``) and *at most one*; a secondary item *at most one*, where,
    with colours, the options that give it one colour share a variable
    of their own (it holds exactly when one of them is chosen); an option
    without primary items is never chosen.  *At most one* is a clause per
    pair up to :data:`PAIRWISE_UP_TO` options, a sequential counter above.

    :returns: the clauses, and whether no solution can contain another
        (so that forbidding one needs only its options); ``None`` for a
        problem with other bounds than ``[1..1]`` and ``[0..1]``.

    >>> from dlx import ExactCover
    >>> clauses(ExactCover("ab", options=[["a"], ["a", "b"], ["b"]]).links())
    ([[1, 2], [-1, -2], [2, 3], [-2, -3]], True)
    """
    n_items = links.n_items
    n_primary = links.n_primary
    top = links.top
    option_of = links.option_of
    bound = links.bound
    slack = links.slack
    lists: list[list[int]] = [[] for _ in range(n_items)]
    for x in range(n_items + 1, len(top)):
        lists[top[x]].append(x)
    out: list[list[int]] = []
    next_var = links.n_options + 1
    tight = True

    def at_most_one(literals: list[int]) -> None:
        nonlocal next_var
        m = len(literals)
        if m <= PAIRWISE_UP_TO:
            for a in range(m):
                not_a = -literals[a]
                for b in range(a + 1, m):
                    out.append([not_a, -literals[b]])
            return
        # s_i: one of the first i literals holds.
        previous = next_var
        next_var += 1
        out.append([-literals[0], previous])
        for literal in literals[1:-1]:
            current = next_var
            next_var += 1
            out.append([-literal, current])
            out.append([-previous, current])
            out.append([-literal, -previous])
            previous = current
        out.append([-literals[-1], -previous])

    has_primary = bytearray(links.n_options)
    for i in range(n_primary):
        literals = [option_of[x] + 1 for x in lists[i]]
        for v in literals:
            has_primary[v - 1] = 1
        at_least = True
        if bound is not None and slack is not None:
            v = bound[i]
            u = v - slack[i]
            if (u, v) == (0, 1):
                at_least = tight = False
            elif (u, v) != (1, 1):
                return None
        if at_least:
            out.append(literals)
        at_most_one(literals)
    color = links.color
    for j in range(n_primary, n_items):
        nodes = lists[j]
        if color is None:
            at_most_one([option_of[x] + 1 for x in nodes])
            continue
        shared: dict[int, list[int]] = {}
        alone: list[int] = []
        for x in nodes:
            if color[x]:
                shared.setdefault(color[x], []).append(option_of[x] + 1)
            else:
                alone.append(option_of[x] + 1)
        for literals in shared.values():
            if len(literals) == 1:
                alone.append(literals[0])
                continue
            used = next_var
            next_var += 1
            out.extend([-literal, used] for literal in literals)
            out.append([-used, *literals])
            alone.append(used)
        at_most_one(alone)
    out.extend([-(k + 1)] for k in range(links.n_options) if not has_primary[k])
    return out, tight


class _Cdcl:
    """An incremental CaDiCaL solver of the clauses, solving in short steps.

    Each step is a budget of conflicts (grown or shrunk to take about
    :data:`_STEP` seconds), so that a stop request, a timeout or another
    thread is served between steps: CaDiCaL keeps the interpreter's lock
    while it solves.  Signals are left to Python (:func:`_budgeted`):
    their handlers run after the step, for SIGINT as for SIGTERM.
    """

    def __init__(self, module: Any, formula: list[list[int]], n: int, tight: bool):
        self.solver = module.Solver(name=CADICAL)
        # Options are set before the first clause, as CaDiCaL requires.
        self.solver.configure(dict(CADICAL_OPTIONS))
        self.solver.append_formula(formula)
        self.n = n
        self.tight = tight
        self.budget = 1000
        self._solve = _budgeted(self.solver)

    def forbid(self, solution: Sequence[int]) -> None:
        """No later solution is ``solution``."""
        clause = [-(k + 1) for k in solution]
        if not self.tight:
            inside = set(solution)
            clause += [k + 1 for k in range(self.n) if k not in inside]
        self.solver.add_clause(clause)

    def step(self) -> bool | None:
        """One budgeted solve: ``True`` (a model), ``False`` (none left) or ``None``.

        A signal handler that raises while the step runs (Ctrl-C's
        :class:`KeyboardInterrupt`) raises here once the step is over: the
        solver stays whole, its counts readable.
        """
        solver = self.solver
        solver.conf_budget(self.budget)
        started = time.perf_counter()
        result: bool | None = self._solve()
        took = time.perf_counter() - started
        if took < _STEP / 2:
            self.budget = min(2 * self.budget, 1_000_000)
        elif took > 2 * _STEP:
            self.budget = max(self.budget // 2, 100)
        return result

    def solution(self) -> tuple[int, ...]:
        """The options of the model found last."""
        model = self.solver.get_model()
        # An option in no clause yet is unknown to the solver: not chosen.
        return tuple(k for k in range(min(self.n, len(model))) if model[k] > 0)

    def counts(self) -> tuple[int, int]:
        """Conflicts and decisions so far."""
        stats = self.solver.accum_stats()
        return int(stats.get("conflicts", 0)), int(stats.get("decisions", 0))


#: About how long one step of CaDiCaL takes (seconds): the longest a stop
#: request or a timeout waits.
_STEP = 0.1


def _budgeted(solver: Any) -> Callable[[], bool | None]:
    """The budgeted solve of a python-sat CaDiCaL 1.9.5 ``solver``, signals left to Python.

    python-sat's ``solve_limited``, called in the main thread, replaces
    the SIGINT handler while CaDiCaL solves and jumps out of the solver
    on Ctrl-C: Python's handler (the commands' request to stop) never
    runs, and the solver is left unusable, its counts lost.  Told that
    it is not in the main thread (the flag its method passes), it leaves
    signals alone: Python's handlers run when the step returns.  Where
    python-sat's insides are not as expected, each step runs in a thread
    of its own (:func:`_off_main`): as safe, but a thread started per
    step took 2.5 times as long for the 35584 solutions of Langford's
    problem for n = 11 (17.5 s, not 6.9 s).

    :returns: the call: ``True`` (a model), ``False`` (none) or ``None``
        (the budget used up), as ``solve_limited``.

    >>> solvers = cadical()
    >>> if solvers is not None:
    ...     solver = solvers.Solver(name=CADICAL, bootstrap_with=[[1], [-1, 2]])
    ...     found = _budgeted(solver)(), solver.get_model()
    ... else:  # without python-sat, what CaDiCaL answers
    ...     found = True, [1, 2]
    >>> found
    (True, [1, 2])
    """
    backend = getattr(solver, "solver", None)
    native = getattr(sys.modules.get("pysat.solvers"), "pysolvers", None)
    solve_lim = getattr(native, "cadical195_solve_lim", None)
    if (
        solve_lim is None
        or type(backend).__name__ != "Cadical195"
        or not getattr(backend, "cadical", None)
    ):
        return lambda: _off_main(solver.solve_limited)  # pragma: no cover

    def solve() -> bool | None:
        # What Cadical195.solve_limited does, with 0 for "the main thread"
        # (solver.solver read afresh: the solver kept alive, and no handle
        # once it is deleted).
        backend = solver.solver
        cadical = getattr(backend, "cadical", None)
        if not cadical:
            raise ValueError("the solver was deleted")
        status = solve_lim(cadical, [], 0)
        result: bool | None = None if status == 0 else status > 0
        backend.status = result
        backend.prev_assumps = []
        return result

    return solve


class _Worker:
    """``call()`` in a daemon thread of its own, and :attr:`done`, set once it has returned.

    Callers wait on :attr:`done`, never join the thread: on CPython before
    3.13 a join cut short by a signal (Ctrl-C) marks the running thread
    stopped (the fix of bpo-45274 releases its lock), and every later
    join returns at once while it still runs.  An event's wait cut short
    leaves nothing wrong, and waiting again waits.

    :ivar answer: ``[result]``, or ``[exception]`` that ``call`` raised.

    >>> worker = _Worker(lambda: 6 * 7, "pydlx-example")
    >>> worker.finish(), worker.answer
    (True, [42])
    """

    def __init__(self, call: Callable[[], Any], name: str) -> None:
        self.done = threading.Event()
        self.answer: list[Any] = []

        def run() -> None:
            try:
                self.answer.append(call())
            except BaseException as error:  # handed to the waiting thread
                self.answer.append(error)
            finally:
                self.done.set()

        threading.Thread(target=run, name=name, daemon=True).start()

    def finish(self) -> bool:
        """Wait until ``call`` has returned, even past signals; the first one is raised then.

        :returns: ``True``, once it has.
        """
        pending: BaseException | None = None
        while not self.done.is_set():
            try:
                self.done.wait()
            except KeyboardInterrupt as error:  # the call ends first
                pending = pending or error
        if pending is not None:
            raise pending
        return True


def _off_main(call: Callable[[], Any]) -> Any:
    """``call()``, run in a thread of its own when this is the main thread.

    python-sat leaves signals alone outside the main thread
    (:func:`_budgeted`).  The main thread waits; an exception that a signal handler raises
    meanwhile (:class:`KeyboardInterrupt`) is raised once ``call`` has
    returned, so that nothing is left running.

    >>> _off_main(lambda: threading.current_thread() is threading.main_thread())
    False
    """
    if threading.current_thread() is not threading.main_thread():
        return call()
    worker = _Worker(call, "pydlx-cadical")
    worker.finish()  # a handler raised: the step ends first
    (result,) = worker.answer
    if isinstance(result, BaseException):
        raise result
    return result


class SatModel:
    """The CP-SAT model of a compiled problem: one Boolean per option.

    :param links: the compiled problem (:meth:`dlx.ExactCover.links`).
    :param costs: one cost per option (ints), whose sum over a solution
        is minimised; ``None`` for none.
    :raises ValueError: when ``costs`` has not one int per option
        (:class:`~dlx.errors.CostRangeError` when they add up to more than
        :data:`MAX_COSTS`).
    :raises SatUnavailable: when OR-Tools is not installed.

    :ivar model: the ``CpModel``.
    :ivar chosen: the Boolean of each option, by option index.
    :ivar tight: whether no solution can contain another (every primary
        item covered a fixed number of times): then forbidding a
        solution needs only its own options.

    >>> from dlx import ExactCover
    >>> links = ExactCover("ab", options=[["a"], ["a", "b"]]).links()
    >>> len(SatModel(links).chosen) if available() else 2
    2
    """

    def __init__(self, links: Links, costs: Sequence[int] | None = None) -> None:
        module = cp_model()
        n = links.n_options
        if costs is not None:
            costs = list(costs)
            if len(costs) != n or not all(
                isinstance(c, int) and not isinstance(c, bool) for c in costs
            ):
                raise ValueError(f"costs must be {n} ints, one per option")
            check_costs(costs)
        model = module.CpModel()
        new = model.new_bool_var
        chosen = [new(f"o{k}") for k in range(n)]
        n_items = links.n_items
        n_primary = links.n_primary
        first = n_items + 1
        top = links.top
        option_of = links.option_of
        lists: list[list[int]] = [[] for _ in range(n_items)]
        for x in range(first, len(top)):
            lists[top[x]].append(x)
        has_primary = bytearray(n)
        for i in range(n_primary):
            for x in lists[i]:
                has_primary[option_of[x]] = 1
        bound = links.bound
        slack = links.slack
        self.tight = True
        for i in range(n_primary):
            literals = [chosen[option_of[x]] for x in lists[i]]
            if bound is None or slack is None:
                model.add_exactly_one(literals)
                continue
            v = bound[i]
            u = v - slack[i]
            if u != v:
                self.tight = False
            if (u, v) == (1, 1):
                model.add_exactly_one(literals)
            elif (u, v) == (0, 1):
                model.add_at_most_one(literals)
            else:
                model.add_linear_constraint(sum(literals), u, v)
        color = links.color
        for j in range(n_primary, n_items):
            nodes = lists[j]
            if color is None:
                model.add_at_most_one([chosen[option_of[x]] for x in nodes])
                continue
            shared: dict[int, list[Any]] = {}
            alone: list[Any] = []
            for x in nodes:
                if color[x]:
                    shared.setdefault(color[x], []).append(chosen[option_of[x]])
                else:
                    alone.append(chosen[option_of[x]])
            for literals in shared.values():
                if len(literals) == 1:
                    alone.append(literals[0])
                    continue
                used = new(f"i{j}c{len(alone)}")
                for literal in literals:
                    model.add_implication(literal, used)
                model.add_bool_or(literals).only_enforce_if(used)
                alone.append(used)
            if len(alone) > 1:
                model.add_at_most_one(alone)
        for k in range(n):
            if not has_primary[k]:
                model.add(chosen[k] == 0)
        if costs is not None:
            model.minimize(sum(c * x for c, x in zip(costs, chosen, strict=True) if c))
        self.model = model
        self.chosen = chosen
        self.costs = costs

    def forbid(self, solution: Sequence[int]) -> None:
        """Add the clause that no later solution is ``solution``.

        :param solution: option indices, as a search yields them.
        """
        chosen = self.chosen
        clause = [~chosen[k] for k in solution]
        if not self.tight:
            inside = set(solution)
            clause += [x for k, x in enumerate(chosen) if k not in inside]
        self.model.add_bool_or(clause)


class _Enumeration:
    """One solve that enumerates every solution, handing them over one at a time.

    The solver runs in a thread; at each solution its callback hands the
    solution to the waiting thread and pauses until another is asked for
    (:meth:`more`) or the search ends (:meth:`end`).  Learnt clauses are
    kept from one solution to the next, which halves the work of a
    uniqueness proof against solving again with the solution forbidden.
    Holds no reference to the search, so that a search dropped half way
    can end the solve (a :func:`weakref.finalize` calls :meth:`end`).
    """

    def __init__(self, module: Any, model: SatModel, solver: Any) -> None:
        self.handed: queue.SimpleQueue[tuple[int, ...] | None] = queue.SimpleQueue()
        self.wanted = threading.Semaphore(0)
        self.ending = False
        self.status: Any = None
        self.error: BaseException | None = None
        self.conflicts = self.branches = 0
        chosen = model.chosen
        handed = self.handed
        wanted = self.wanted
        enumeration = self

        class Callback(module.CpSolverSolutionCallback):  # type: ignore[misc]
            def on_solution_callback(self) -> None:
                value = self.boolean_value
                enumeration.conflicts = self.num_conflicts
                enumeration.branches = self.num_branches
                handed.put(tuple(k for k, x in enumerate(chosen) if value(x)))
                wanted.acquire()
                if enumeration.ending:
                    self.stop_search()

        self.solver = solver
        solver.parameters.enumerate_all_solutions = True
        # Enumerating turns most of the presolve off anyway, and what is left
        # (probing) cost half the time of a hard 9x9 puzzle and saved nothing
        # on the 25x25 ones (see tests/benchmarks/bench_sat.py).
        solver.parameters.cp_model_presolve = False
        callback = Callback()

        def run() -> None:
            try:
                self.status = solver.solve(model.model, callback)
            except BaseException as error:  # handed to the waiting thread
                self.error = error
            self.conflicts = solver.num_conflicts
            self.branches = solver.num_branches
            handed.put(None)

        self.worker = _Worker(run, "pydlx-sat")

    def more(self) -> None:
        """Let the solver go on past the solution handed out last."""
        self.wanted.release()

    def end(self) -> None:
        """Stop the solve and wait for its thread (safe to call twice)."""
        if not self.ending:
            self.ending = True
            self.solver.stop_search()
            self.wanted.release()
        self.worker.finish()


class Orbits(Protocol):
    """What :class:`SatSearch` needs to hand out orbits (:class:`dlx.symmetry.Leaders` has it)."""

    def __call__(self, found: Sequence[int]) -> tuple[int, ...]: ...

    def orbit(self, found: Sequence[int]) -> set[tuple[int, ...]]: ...


class SatSearch(Iterator[tuple[int, ...]]):
    """A search by CP-SAT: iterate it for the solutions, as sorted tuples of options.

    Made by :meth:`dlx.ExactCover.solutions`, :meth:`~dlx.ExactCover.first`
    and :meth:`~dlx.ExactCover.count` with ``method="sat"``.  Plain exact
    cover goes to CaDiCaL when python-sat is installed and neither
    ``seed`` nor ``workers`` above 1 is asked for (CP-SAT's); each next
    solution is one more solve of the same incremental solver, the
    earlier ones forbidden.  Otherwise CP-SAT: without costs, one solve
    enumerates the solutions, pausing at each until the next is asked
    for (the solver keeps what it learnt from one to the next); with ``costs``, each solution is one solve of the model with
    the solutions before it forbidden, so that each is proved the
    cheapest of those not yet handed out.  The order is the solver's.

    :param links: the compiled problem.
    :param limit: stop after this many solutions.
    :param timeout: stop with :class:`~dlx.BudgetExceeded` after about
        this many seconds of wall-clock time since the first solution was
        asked for (time the caller spends between solutions counts too).
    :param seed: CP-SAT's random seed (``None``: its default; a seed picks
        CP-SAT), any int: CP-SAT takes its remainder modulo 2**31.
    :param costs: one int per option: solutions cheapest first.
    :param count_only: yield ``()`` instead of each solution.
    :param workers: the solver's threads (1: deterministic, and the
        fastest per core on the problems measured; see :doc:`/howto/sat`).
        Above 1 only with ``costs``: CP-SAT cannot enumerate solutions
        over several threads (it hands some out twice and ends undecided).
    :param orbits: with ``costs``, the cheapest *orbits* of a group of
        symmetries that keep the costs (a :class:`dlx.symmetry.Leaders`):
        each solve finds the cheapest solution of an orbit not handed out
        yet, forbids every solution of its orbit and hands out the orbit's
        leader (``orbits(solution)``; ``orbits.orbit(solution)``: the
        solutions of its orbit).
    :param first_try: a bounded search to run before the solver starts
        (``method="sat"`` passes a DLX search of at most
        :data:`dlx.algorithms.SAT_DLX_NODES` nodes, made with ``limit``
        and without ``count_only``): its solutions are handed out first;
        if it ends, its answer is the whole answer and the solver never
        starts; if it stops at its budget
        (:class:`~dlx.BudgetExceeded`), the solver goes on with the
        solutions handed out so far forbidden.  Not with ``costs``.
    :raises ValueError: for a budget or ``workers`` that makes no sense,
        ``workers`` above 1 without ``costs``, or costs that add up to
        more than :data:`dlx.sat.MAX_COSTS` (:class:`dlx.errors.CostRangeError`).
    :raises SatUnavailable: when OR-Tools is not installed (it is looked
        for, not imported: each solver is imported when it starts).

    ``stats`` (:class:`~dlx.stats.SatStats`) is up to date whenever the
    search hands back control, its ``seconds`` the wall-clock time since
    the search started (the first try and the solver's set-up included);
    ``outcome`` tells how it stands.  After :meth:`request_stop` the
    search raises :class:`~dlx.Interrupted` (with the statistics), even
    when a :class:`KeyboardInterrupt` comes before it could; a
    KeyboardInterrupt without a stop requested (Ctrl-C in a program
    that handles no signal) passes, the search over.  :meth:`close`
    ends a solve still paused at a solution (dropping the search does
    too).

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> if available():
    ...     search = SatSearch(problem.links(), costs=[1, 1, 5])
    ...     found = list(search), search.stats.solves
    ... else:  # without the extra sat, what the solver would answer
    ...     found = [(0, 1), (2,)], 3
    >>> found
    ([(0, 1), (2,)], 3)
    """

    def __init__(
        self,
        links: Links,
        *,
        limit: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
        costs: Sequence[int] | None = None,
        count_only: bool = False,
        workers: int = 1,
        first_try: Iterator[tuple[int, ...]] | None = None,
        orbits: Orbits | None = None,
    ) -> None:
        if orbits is not None and costs is None:
            raise ValueError("orbits goes with costs (the cheapest orbits)")
        if first_try is not None and costs is not None:
            raise ValueError("first_try does not go with costs (it knows no order)")
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be >= 0, not {limit}")
        if timeout is not None and not timeout >= 0:
            raise ValueError(f"timeout must be >= 0, not {timeout}")
        if workers < 1:
            raise ValueError(f"workers must be >= 1, not {workers}")
        if costs is not None:
            check_costs(costs)
        if workers > 1 and costs is None:
            # OR-Tools: enumerating all solutions in parallel hands some out
            # twice and ends FEASIBLE, not proved (google/or-tools#1186).
            raise ValueError(
                f"workers={workers} needs costs: CP-SAT cannot enumerate "
                "solutions over several threads without repeating some"
            )
        if not available():
            raise _unavailable()
        self._module: Any = None  # cp_model, imported when CP-SAT starts
        self.links = links
        self.limit = limit
        self.timeout = timeout
        self.seed = seed
        self.count_only = count_only
        self.workers = workers
        self.stats = SatStats()
        self.outcome = Outcome.RUNNING
        # No primary item: the one solution is no option (options are chosen
        # only through primary items), known without a solver; a sudoku
        # that singles solve comes so, and would pay milliseconds for nothing.
        self._costs = costs
        self._orbits = orbits
        # Plain exact cover (no costs, no multiplicities) goes to CaDiCaL when
        # python-sat is installed, one thread and no seed asked for: it solved
        # and proved unique the 25x25 puzzles in half the time (howto/sat).
        # python-sat is imported and the clauses made when the solver is
        # needed (not when a first try answers): _wants_cdcl until then.
        self._formula: tuple[list[list[int]], bool] | None = None
        self._pysat: Any = None
        self._wants_cdcl = bool(
            costs is None
            and workers == 1
            and seed is None
            and links.n_primary
            and _findable("pysat.solvers")
        )
        self._cdcl: _Cdcl | None = None
        self._model: SatModel | None = None
        self._first_try = first_try
        self._handed: list[tuple[int, ...]] = []
        self._deadline: float | None = None
        self._started: float | None = None
        self._stop = False
        self._solver: Any = None
        self._enumeration: _Enumeration | None = None

    def __iter__(self) -> SatSearch:
        return self

    def count(self) -> int:
        """Solve to the end (or the limit) and return ``stats.solutions``; a budget or a stop raises."""
        for _ in self:
            pass
        return self.stats.solutions

    def request_stop(self) -> None:
        """Ask the search to stop: the solve stops and :class:`~dlx.Interrupted` is raised.

        Safe to call from a signal handler or another thread; CaDiCaL
        stops at the end of its step (about a tenth of a second), CP-SAT
        and the first try at once.
        """
        self._stop = True
        solver = self._solver
        if solver is not None:
            solver.stop_search()
        first_try = self._first_try
        if first_try is not None and hasattr(first_try, "request_stop"):
            first_try.request_stop()

    def close(self) -> None:
        """End the solve, if one is paused at a solution (the search is over)."""
        self._end_cdcl()
        enumeration, self._enumeration = self._enumeration, None
        if enumeration is not None:
            enumeration.end()
            self._account(enumeration)
        if self.outcome is Outcome.RUNNING:
            self.outcome = Outcome.INTERRUPTED

    def __next__(self) -> tuple[int, ...]:
        if self.outcome is not Outcome.RUNNING:
            raise StopIteration
        if self._started is None:
            self._started = time.perf_counter()
            if self.timeout is not None:
                self._deadline = self._started + self.timeout
        try:
            return self._next()
        except KeyboardInterrupt:
            # Ctrl-C, or a second signal of a command's after its request to
            # stop: with a stop requested, the search says how far it got.
            if self._stop:
                raise self._stopped(Outcome.INTERRUPTED) from None
            self.close()
            raise
        finally:
            self._tick()

    def _next(self) -> tuple[int, ...]:
        """The next solution (the body of :meth:`__next__`, the clock started)."""
        if self.limit is not None and self.stats.solutions >= self.limit:
            self._finish(Outcome.LIMIT_REACHED)
            raise StopIteration
        if self._first_try is not None:
            tried = self._try_first()
            if tried is not None:
                return tried
        self.stats.answered_by = "sat"
        if self._wants_cdcl:
            self._wants_cdcl = False
            self._pysat = cadical()  # None: it does not import, CP-SAT instead
            if self._pysat is not None:
                # None: multiplicities, for CP-SAT.
                self._formula = clauses(self.links)
        if self._formula is not None:
            found = self._step_cdcl()
            if found is None:
                self._end_cdcl()
                self.outcome = Outcome.EXHAUSTED
                raise StopIteration
            self.stats.solutions += 1
            if self.limit is not None and self.stats.solutions >= self.limit:
                self._finish(Outcome.LIMIT_REACHED)
            return () if self.count_only else found
        if self._asked():  # before the import and the model, which take time
            raise self._stopped(Outcome.INTERRUPTED)
        model = self._model
        if model is None and self.links.n_primary:
            # Built on first use: a first try that answers needs no model.
            model = self._model = SatModel(self.links, self._costs)
            for earlier in self._handed:
                model.forbid(earlier)
        solution: tuple[int, ...] | None
        if model is None:
            solution = None if self.stats.solutions else ()
        elif model.costs is None:
            solution = self._enumerate(model)
        else:
            solution = self._solve(model)
            if solution is not None:
                model.forbid(solution)
                orbits = self._orbits
                if orbits is not None:
                    # The cheapest orbit left: all of it forbidden, its
                    # leader handed out.
                    for image in orbits.orbit(solution):
                        if image != solution:
                            model.forbid(image)
                    solution = orbits(solution)
        if solution is None:
            self.outcome = Outcome.EXHAUSTED
            raise StopIteration
        self.stats.solutions += 1
        if self.limit is not None and self.stats.solutions >= self.limit:
            self._finish(Outcome.LIMIT_REACHED)
        return () if self.count_only else solution

    def _tick(self) -> None:
        """Set ``stats.seconds``: the wall-clock time since the search started."""
        if self._started is not None:
            self.stats.seconds = time.perf_counter() - self._started

    def _cp(self) -> Any:
        """The module ``cp_model``, imported on first use (CP-SAT is about to solve)."""
        if self._module is None:
            self._module = cp_model()
        return self._module

    def _try_first(self) -> tuple[int, ...] | None:
        """The next solution of the first try; ``None`` when the solver must go on.

        Raises :class:`StopIteration` when the first try ended (it has
        handed out every solution there is).
        """
        first_try = self._first_try
        assert first_try is not None
        stats = self.stats
        try:
            solution = next(first_try)
        except StopIteration:
            self._first_try = None
            self._take_counts(first_try)
            stats.answered_by = "dlx"
            self.outcome = Outcome.EXHAUSTED
            raise
        except Interrupted:
            self._first_try = None
            self._take_counts(first_try)
            raise self._stopped(Outcome.INTERRUPTED) from None
        except BudgetExceeded:
            # At its node budget: the solver takes over.
            self._first_try = None
            self._take_counts(first_try)
            stats.answered_by = "sat"
            if self._asked():
                raise self._stopped(Outcome.INTERRUPTED) from None
            return None
        except KeyboardInterrupt:  # the first try is over: __next__ decides
            self._first_try = None
            self._take_counts(first_try)
            raise
        self._take_counts(first_try)
        self._handed.append(solution)
        stats.solutions += 1
        if self.limit is not None and stats.solutions >= self.limit:
            stats.answered_by = "dlx"
            self._first_try = None
            self._finish(Outcome.LIMIT_REACHED)
        return () if self.count_only else solution

    def _step_cdcl(self) -> tuple[int, ...] | None:
        """The next solution by CaDiCaL (``None``: no more), in budgeted steps."""
        formula = self._formula
        assert formula is not None
        cdcl = self._cdcl
        stats = self.stats
        if cdcl is None:
            if self._asked():  # before the set-up, which takes time
                raise self._stopped(Outcome.INTERRUPTED)
            cdcl = self._cdcl = _Cdcl(
                self._pysat, formula[0], self.links.n_options, formula[1]
            )
            for earlier in self._handed:
                cdcl.forbid(earlier)
            stats.solves = 1
            stats.solver = "cadical"
        while True:
            if self._asked():
                raise self._stopped(Outcome.INTERRUPTED)
            if self._deadline is not None and time.perf_counter() >= self._deadline:
                raise self._stopped(Outcome.OUT_OF_TIME)
            try:
                result = cdcl.step()
            finally:  # a KeyboardInterrupt too: the step is over, the solver whole
                stats.conflicts, stats.branches = cdcl.counts()
                self._tick()
            if result is None:
                continue
            if not result:
                return None
            solution = cdcl.solution()
            cdcl.forbid(solution)
            return solution

    def _end_cdcl(self) -> None:
        """Free CaDiCaL (its counts stay in the statistics)."""
        cdcl, self._cdcl = self._cdcl, None
        if cdcl is not None:
            self.stats.conflicts, self.stats.branches = cdcl.counts()
            cdcl.solver.delete()
        self._formula = None

    def _take_counts(self, first_try: Iterator[tuple[int, ...]]) -> None:
        """Copy the first try's nodes and updates into the statistics."""
        counts = getattr(first_try, "stats", None)
        if counts is not None:
            self.stats.nodes = counts.nodes
            self.stats.updates = counts.updates
        self._tick()

    def _finish(self, outcome: Outcome) -> None:
        self.close()
        self.outcome = outcome

    def _asked(self) -> bool:
        """Whether a stop was requested (read afresh: a signal handler sets it)."""
        return self._stop

    def _stopped(self, outcome: Outcome) -> BudgetExceeded | Interrupted:
        self.close()
        self.outcome = outcome
        self._tick()
        found = self.stats.solutions
        if outcome is Outcome.INTERRUPTED:
            return Interrupted(
                outcome, self.stats, f"SAT search stopped on request ({found} found)"
            )
        return BudgetExceeded(
            outcome,
            self.stats,
            f"SAT search stopped after {self.stats.seconds:.3g} s, undecided "
            f"(time budget of {self.timeout} s used up; {found} found)",
        )

    def _solver_for(self) -> Any:
        """A new solver with its parameters: workers, seed, the time left, no SIGINT handler."""
        solver = self._cp().CpSolver()
        parameters = solver.parameters
        parameters.num_workers = self.workers
        parameters.catch_sigint_signal = False
        if self.seed is not None:
            # CP-SAT's seed is a 32-bit int: any other takes its remainder.
            parameters.random_seed = self.seed % 2**31
        if self._deadline is not None:
            left = self._deadline - time.perf_counter()
            if left <= 0:
                raise self._stopped(Outcome.OUT_OF_TIME)
            parameters.max_time_in_seconds = left
        return solver

    def _wait(self, done: Any, solver: Any, on_interrupt: Any) -> None:
        """Wait for ``done()`` while the solver runs, passing on stop requests.

        A :class:`KeyboardInterrupt` meanwhile ends the solve
        (``on_interrupt``) and passes on (:meth:`__next__` decides).
        """
        try:
            while not done():
                if self._asked():
                    solver.stop_search()
        except KeyboardInterrupt:
            on_interrupt()
            raise

    def _enumerate(self, model: SatModel) -> tuple[int, ...] | None:
        """The next solution of the one enumerating solve (``None``: no more)."""
        module = self._cp()
        if self._asked():
            raise self._stopped(Outcome.INTERRUPTED)
        enumeration = self._enumeration
        if enumeration is None:
            enumeration = _Enumeration(module, model, self._solver_for())
            self._enumeration = enumeration
            self.stats.solves = 1
            self.stats.solver = "cp-sat"
            weakref.finalize(self, enumeration.end)
        else:
            enumeration.more()
        got: list[tuple[int, ...] | None] = []

        def done() -> bool:
            try:
                got.append(enumeration.handed.get(timeout=_POLL))
            except queue.Empty:
                return False
            return True

        self._solver = enumeration.solver
        try:
            self._wait(done, enumeration.solver, self.close)
        finally:
            self._solver = None
        (solution,) = got
        if solution is not None:
            self.stats.conflicts = enumeration.conflicts
            self.stats.branches = enumeration.branches
            return solution
        self._enumeration = None
        enumeration.worker.finish()
        self._account(enumeration)
        if enumeration.error is not None:
            raise enumeration.error
        status = enumeration.status
        if status in (module.OPTIMAL, module.INFEASIBLE):
            return None
        if status in (module.FEASIBLE, module.UNKNOWN):
            if self._asked():
                raise self._stopped(Outcome.INTERRUPTED)
            raise self._stopped(Outcome.OUT_OF_TIME)
        raise RuntimeError(f"CP-SAT answered {enumeration.solver.status_name(status)}")

    def _account(self, enumeration: _Enumeration) -> None:
        stats = self.stats
        stats.solves = 1
        stats.conflicts = enumeration.conflicts
        stats.branches = enumeration.branches

    def _solve(self, model: SatModel) -> tuple[int, ...] | None:
        """One solve with costs: the cheapest solution left, or ``None`` (proved)."""
        module = self._cp()
        if self._asked():
            raise self._stopped(Outcome.INTERRUPTED)
        solver = self._solver_for()
        worker = _Worker(lambda: solver.solve(model.model), "pydlx-sat")

        def done() -> bool:
            return worker.done.wait(_POLL)

        def interrupted() -> None:
            solver.stop_search()
            worker.finish()

        self._solver = solver
        try:
            self._wait(done, solver, interrupted)
        finally:
            self._solver = None
        stats = self.stats
        stats.solves += 1
        stats.solver = "cp-sat"
        stats.conflicts += solver.num_conflicts
        stats.branches += solver.num_branches
        (status,) = worker.answer
        if isinstance(status, BaseException):
            raise status
        if status == module.INFEASIBLE:
            return None
        if status == module.OPTIMAL:
            value = solver.boolean_value
            return tuple(k for k, x in enumerate(model.chosen) if value(x))
        if status in (module.FEASIBLE, module.UNKNOWN):  # not proved the cheapest
            if self._asked():
                raise self._stopped(Outcome.INTERRUPTED)
            raise self._stopped(Outcome.OUT_OF_TIME)
        raise RuntimeError(
            f"CP-SAT answered {solver.status_name(status)}: {solver.solution_info()}"
        )
