"""Exceptions raised by :mod:`dlx`."""

from __future__ import annotations

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from dlx.stats import Outcome, Stats


class DLXError(Exception):
    """Base class of every exception that :mod:`dlx` raises on purpose.

    >>> issubclass(ProblemError, DLXError)
    True
    """


class ProblemError(DLXError, ValueError):
    """An exact-cover problem was defined wrongly.

    Raised for a duplicate item name, an option naming an unknown item or
    naming one item twice, an empty option, or a colour on a primary item.
    The message names the item and the option.

    >>> from dlx import ExactCover
    >>> ExactCover(["a", "a"])
    Traceback (most recent call last):
      ...
    dlx.errors.ProblemError: duplicate item name 'a'
    """


class FormatError(ProblemError):
    """A file in Knuth's DLX text format could not be read.

    ``source`` names the file (``"<stdin>"`` for standard input) and
    ``line`` the 1-based line number (``None`` when the whole file is at
    fault, e.g. when it is empty), and ``column`` the 1-based column
    where one is known (a bad cost).  ``str(error)`` is a one-line message
    of the form ``file:line: what is wrong`` (``file:line:column: ...``).

    >>> from dlx.textformat import parse_dlx
    >>> parse_dlx("A B\\nA C\\n", source="demo.dlx")
    Traceback (most recent call last):
      ...
    dlx.errors.FormatError: demo.dlx:2: unknown item 'C'
    """

    def __init__(
        self,
        message: str,
        source: str,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        #: The 1-based column, where the message names one (``file:line:column``).
        self.column = column
        where = source if line is None else f"{source}:{line}"
        if line is not None and column is not None:
            where += f":{column}"
        super().__init__(f"{where}: {message}")


class ProblemTooLarge(DLXError, MemoryError):
    """A problem did not fit in memory while it was being read or built.

    Raised instead of a bare :class:`MemoryError` by
    :func:`dlx.read_dlx` and :func:`dlx.parse_dlx`
    (``"out of memory after reading 1,234,567 options (line 1,234,570 of
    big.dlx)"``) and by :meth:`dlx.ExactCover.links` (``"out of memory
    while building the links of 1,234,567 options (5,555,555 nodes)"``),
    after letting go of what had been built, so that the caller has memory
    left to report it.  It is a :class:`MemoryError` too, so code that
    catches those still does.

    >>> error = ProblemTooLarge("out of memory after reading 3 options (line 4 of x.dlx)")
    >>> isinstance(error, MemoryError), str(error)
    (True, 'out of memory after reading 3 options (line 4 of x.dlx)')
    """


class PositionError(DLXError, ValueError):
    """A search position does not fit the problem, or is not a position at all.

    Raised when a saved position is damaged, of another format or pydlx
    version, or of another problem, and when a prefix names an option
    that the search could not have chosen there.

    >>> from dlx import Position
    >>> Position.from_json("{}")
    Traceback (most recent call last):
      ...
    dlx.errors.PositionError: not a pydlx search position (no 'format' pydlx-position-1)
    """


class SearchStopped(DLXError):
    """A search stopped before it was done: the base of :class:`BudgetExceeded` and :class:`Interrupted`.

    ``outcome`` tells why, ``stats`` holds the statistics up to that point
    (``stats.solutions`` is the number of solutions found before
    stopping), and the search's :meth:`~dlx.Search.position` tells where it
    stood, so that a new search can go on from there.

    >>> issubclass(BudgetExceeded, SearchStopped)
    True
    """

    def __init__(self, outcome: Outcome, stats: Stats, detail: str) -> None:
        self.outcome = outcome
        self.stats = stats
        super().__init__(detail)


class Interrupted(SearchStopped):
    """A search stopped because :meth:`dlx.Search.request_stop` was called.

    Raised at the search's next clock check (within 1,024 nodes) after the
    request, for example from a signal handler or a progress hook.  The
    search's statistics and position are exact at that point.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> search = problem.search()
    >>> search.request_stop()
    >>> next(search)
    Traceback (most recent call last):
      ...
    dlx.errors.Interrupted: search stopped on request after 0 nodes
    """


class CountInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a count: ``stats.solutions`` is the count so far, a lower bound.

    A :class:`KeyboardInterrupt`, so that a program that stops on Ctrl-C
    still stops; what the count had found is not lost with it, as a
    budget that runs out (:class:`BudgetExceeded`) keeps it too.
    Raised by :meth:`dlx.ExactCover.count` (every way) and
    :func:`sudoku.count`.  ``outcome`` is :attr:`Outcome.INTERRUPTED
    <dlx.Outcome.INTERRUPTED>`; ``stats`` holds the statistics up to the
    search's last clock check (``None`` when the count had not started).

    >>> from dlx import Stats
    >>> stopped = CountInterrupted(Stats(nodes=40, solutions=3))
    >>> str(stopped), stopped.stats.solutions
    ('count interrupted after 40 nodes: at least 3 solutions', 3)
    """

    def __init__(self, stats: Stats | None) -> None:
        from dlx.stats import Outcome

        self.outcome = Outcome.INTERRUPTED
        self.stats = stats
        if stats is None:
            detail = "count interrupted before it started"
        else:
            found = stats.solutions
            detail = (
                f"count interrupted after {stats.nodes} nodes: at least {found} "
                f"solution{'' if found == 1 else 's'}"
            )
        super().__init__(detail)


class BudgetExceeded(SearchStopped):
    """A search stopped because it ran out of nodes or time.

    This is never a "no solution" answer: the search was cut short.
    ``outcome`` tells which budget ran out, ``stats`` holds the
    statistics up to that point (including ``stats.solutions``, the number
    of solutions found before stopping).

    >>> from dlx import ExactCover
    >>> queens = ExactCover(range(4))
    >>> for i in range(4):
    ...     _ = queens.add_option([i, (i + 1) % 4])
    >>> queens.count(max_nodes=2)
    Traceback (most recent call last):
      ...
    dlx.errors.BudgetExceeded: search stopped after 2 nodes (node budget of 2 used up)
    """


def _so_far(stats: Stats | None, what: str, tail: str) -> str:
    """The message of an interrupted call: ``what`` interrupted after how many nodes, and ``tail``."""
    if stats is None:
        return f"{what} interrupted before it started"
    return f"{what} interrupted after {stats.nodes} nodes: {tail}"


def _solutions(n: int) -> str:
    return f"{n} solution{'' if n == 1 else 's'}"


class SolutionsInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :meth:`dlx.ExactCover.solutions_list`: ``solutions`` is the list found so far.

    A :class:`KeyboardInterrupt`, so that a program that stops on Ctrl-C
    still stops; one that catches it keeps every solution the search had
    handed out, in its order (the list the call would have begun with).
    ``outcome`` is :attr:`Outcome.INTERRUPTED <dlx.Outcome.INTERRUPTED>`;
    ``stats`` holds the search's statistics as of its last clock check
    (``None`` when it had not started), so that ``stats.solutions`` may
    count fewer than ``solutions`` holds: those found since that check
    are in the list, not yet in the counts.  A budget that runs out
    raises :class:`SolutionsBudgetExceeded`, which keeps them too.

    >>> from dlx import Stats
    >>> stopped = SolutionsInterrupted(Stats(nodes=40, solutions=2), [(0, 1), (2,)])
    >>> str(stopped), stopped.solutions
    ('solutions_list() interrupted after 40 nodes: 2 solutions found', [(0, 1), (2,)])
    """

    def __init__(self, stats: Stats | None, solutions: list[tuple[int, ...]]) -> None:
        from dlx.stats import Outcome

        self.outcome = Outcome.INTERRUPTED
        self.stats = stats
        self.solutions = solutions
        super().__init__(
            _so_far(stats, "solutions_list()", f"{_solutions(len(solutions))} found")
        )


class SolutionsBudgetExceeded(BudgetExceeded):
    """A budget ran out in :meth:`dlx.ExactCover.solutions_list`: ``solutions`` is the list found so far.

    A :class:`BudgetExceeded` (``outcome`` tells which budget, ``stats``
    are the search's when it stopped), that also keeps every solution
    the search found before it stopped, in its order.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> try:
    ...     problem.solutions_list(max_nodes=3)
    ... except SolutionsBudgetExceeded as stop:
    ...     print(stop.solutions, stop.stats.nodes)
    [(0, 1)] 3
    """

    def __init__(
        self,
        outcome: Outcome,
        stats: Stats,
        detail: str,
        solutions: list[tuple[int, ...]],
    ) -> None:
        super().__init__(outcome, stats, detail)
        self.solutions = solutions


class BestInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :meth:`dlx.ExactCover.best`: ``best`` holds the cheapest found so far.

    A :class:`KeyboardInterrupt`, so that a program that stops on Ctrl-C
    still stops; one that catches it keeps ``best``, ``(cost, options)``
    pairs, cheapest first, as the call returns them.  They are not
    proven the cheapest (``proven`` is ``False``): the search may not
    have met cheaper ones yet.  The SAT solver (``method="sat"``) proves
    each before the next, so that there ``proven`` is ``True`` and
    ``best`` is the cheapest that many.  ``outcome`` is
    :attr:`Outcome.INTERRUPTED <dlx.Outcome.INTERRUPTED>`; ``stats`` holds
    the search's statistics (``None`` when it had not started).  A
    budget that runs out raises :class:`BestBudgetExceeded`, which keeps
    them too.

    >>> stopped = BestInterrupted(None, [(3, (0, 2))], proven=False)
    >>> str(stopped), stopped.best, stopped.proven
    ('best() interrupted before it started', [(3, (0, 2))], False)
    """

    def __init__(
        self,
        stats: Stats | None,
        best: list[tuple[int, tuple[int, ...]]],
        proven: bool,
    ) -> None:
        from dlx.stats import Outcome

        self.outcome = Outcome.INTERRUPTED
        self.stats = stats
        self.best = best
        self.proven = proven
        what = "proven the cheapest" if proven else "the cheapest found, not proven"
        super().__init__(
            _so_far(stats, "best()", f"{_solutions(len(best))} kept, {what}")
        )


class BestBudgetExceeded(BudgetExceeded):
    """A budget ran out in :meth:`dlx.ExactCover.best`: ``best`` holds the cheapest found so far.

    A :class:`BudgetExceeded` (``outcome`` tells which budget, ``stats``
    are the search's when it stopped), that also keeps the ``(cost,
    options)`` pairs the search had kept, cheapest first, and
    ``proven`` as :class:`BestInterrupted` has it (``False`` but for
    the SAT solver: there may be cheaper solutions).

    >>> from dlx import ExactCover
    >>> problem = ExactCover("abc")
    >>> for items, cost in (("ab", 4), ("c", 1), ("a", 1), ("bc", 2), ("b", 2)):
    ...     _ = problem.add_option(items, cost=cost)
    >>> try:
    ...     problem.best(3, max_nodes=5)
    ... except BestBudgetExceeded as stop:
    ...     print(stop.best, stop.proven)
    [(3, (2, 3)), (4, (1, 2, 4))] False
    >>> problem.best(3)
    [(3, (2, 3)), (4, (1, 2, 4)), (5, (0, 1))]
    """

    def __init__(
        self,
        outcome: Outcome,
        stats: Stats,
        detail: str,
        best: list[tuple[int, tuple[int, ...]]],
        proven: bool,
    ) -> None:
        super().__init__(outcome, stats, detail)
        self.best = best
        self.proven = proven


class ZddInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :meth:`dlx.ExactCover.zdd`: no diagram, and ``stats`` of its search.

    A :class:`KeyboardInterrupt`, so that a program that stops on Ctrl-C
    still stops.  A diagram is built from the bottom up and is only one
    once it is whole, so nothing of it is kept: a part would hold some
    of the solutions and miss others without telling which.  ``stats``
    holds the memoised search's statistics as of its last clock check
    (``None`` when it had not started): ``stats.solutions`` counts the
    solutions of the subproblems finished, a lower bound, as a
    :class:`BudgetExceeded` of :meth:`~dlx.ExactCover.zdd` does.
    ``outcome`` is :attr:`Outcome.INTERRUPTED <dlx.Outcome.INTERRUPTED>`.

    >>> from dlx import Stats
    >>> str(ZddInterrupted(Stats(nodes=40, solutions=3)))
    'zdd() interrupted after 40 nodes: no diagram; at least 3 solutions'
    """

    def __init__(self, stats: Stats | None) -> None:
        from dlx.stats import Outcome

        self.outcome = Outcome.INTERRUPTED
        self.stats = stats
        found = 0 if stats is None else stats.solutions
        super().__init__(
            _so_far(stats, "zdd()", f"no diagram; at least {_solutions(found)}")
        )


def install_hint(extra: str) -> str:
    """The command that installs pydlx's optional ``extra``, as every message gives it.

    pydlx is installed from its checkout (it is not on PyPI), so the hint
    names the folder; the brackets are quoted for shells that glob them.

    >>> print(install_hint("sat"))
    python3 -m pip install ".[sat]" in pydlx's folder
    """
    return f'python3 -m pip install ".[{extra}]" in pydlx\'s folder'


class SatUnavailable(DLXError, ImportError):
    """``method="sat"`` was asked for, but OR-Tools (its solver) is not installed.

    The message names the install command, ``python3 -m pip install ".[sat]"``.

    >>> issubclass(SatUnavailable, ImportError)
    True
    """


class CostRangeError(DLXError, ValueError):
    """Costs that CP-SAT (``method="sat"``) cannot rank exactly: they add up to more than 2**53.

    :func:`dlx.sat.check_costs` raises it (see :data:`dlx.sat.MAX_COSTS`);
    ``total`` is what the costs add up to.  The DLX search takes costs of
    any size.

    >>> error = CostRangeError(10**19 + 1)
    >>> error.total, isinstance(error, ValueError)
    (10000000000000000001, True)
    """

    def __init__(self, total: int) -> None:
        self.total = total
        super().__init__(
            f"the options' costs add up to {total}, more than the {2**53} "
            "(2**53) that CP-SAT (method 'sat') ranks exactly; the DLX search "
            "(the default method) takes any costs"
        )
