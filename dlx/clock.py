"""The clock check every search loop makes: budgets, progress reports, stop requests.

The loops of every algorithm (see :mod:`dlx.algorithms`) and of
:mod:`dlx.memo` count nodes in a local variable and, every
:data:`CLOCK_EVERY` nodes (or at the node a node budget ends on), call
their search's clock check (for the algorithms' loops,
:meth:`dlx.frame.Frame.tick`); this mix-in class provides it once for
all of them.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from dlx.errors import BudgetExceeded, Interrupted, SearchStopped
from dlx.stats import Outcome, Progress, Stats

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn

__all__ = ["CLOCK_EVERY", "Clocked", "stop_message"]

#: How many search nodes may pass between two clock checks.
CLOCK_EVERY = 1024


def stop_message(outcome: Outcome, spent: float, budget: float | None = None) -> str:
    """Why a search stopped, in the words every way of searching uses.

    :param outcome: :attr:`~dlx.Outcome.OUT_OF_NODES`,
        :attr:`~dlx.Outcome.OUT_OF_TIME` or :attr:`~dlx.Outcome.INTERRUPTED`.
    :param spent: the nodes (or, out of time, the seconds) spent.
    :param budget: the budget that ran out (not for a stop request).
    :returns: the message of the :class:`~dlx.SearchStopped` raised.

    >>> stop_message(Outcome.OUT_OF_NODES, 10, 10)
    'search stopped after 10 nodes (node budget of 10 used up)'
    >>> stop_message(Outcome.OUT_OF_TIME, 2.5, 2)
    'search stopped after 2.5 s (time budget of 2 s used up)'
    """
    if outcome is Outcome.OUT_OF_NODES:
        assert budget is not None
        return (
            f"search stopped after {int(spent)} nodes "
            f"(node budget of {int(budget)} used up)"
        )
    if outcome is Outcome.OUT_OF_TIME:
        return (
            f"search stopped after {spent:.3g} s (time budget of {budget:g} s used up)"
        )
    return f"search stopped on request after {int(spent)} nodes"


class Clocked:
    """The budgets, progress reports and stop requests of one search.

    A search class sets the attributes below in its ``__init__``, provides
    ``_report``, and calls ``_check_clock`` from its loop.

    >>> issubclass(__import__("dlx").Search, Clocked)
    True
    """

    outcome: Outcome
    stats: Stats
    _max_nodes: int | None
    _timeout: float | None
    _progress: Callable[[Progress], object] | None
    _interval: float
    _last_report: float
    _stop_requested: bool

    def request_stop(self) -> None:
        """Ask the search to stop at its next clock check (within 1,024 nodes).

        Safe to call from a signal handler, another thread or a progress
        hook.  The search then raises :class:`dlx.Interrupted`.

        >>> from dlx import ExactCover, Interrupted
        >>> search = ExactCover("a", options=[["a"]]).search()
        >>> search.request_stop()
        >>> try:
        ...     next(search)
        ... except Interrupted:
        ...     print(search.outcome)
        Outcome.INTERRUPTED
        """
        self._stop_requested = True

    def close(self) -> None:
        """End the search: it holds nothing to give back (one in this process), so nothing to do.

        There so that every run of :mod:`dlx.ways` is ended alike
        (:class:`dlx.ways.Run`); a split search ends its tasks, a SAT
        search its solve.
        """

    def _report(self, now: float) -> None:
        """Call the progress hook with the search as it stands."""
        raise NotImplementedError

    def _stop(
        self,
        outcome: Outcome,
        detail: str,
        kind: type[SearchStopped] = BudgetExceeded,
    ) -> NoReturn:
        self.outcome = outcome
        raise kind(outcome, self.stats, detail)

    def _check_clock(self, nodes: int, started: float) -> int:
        """The clock check on entering node ``nodes``; return the node of the next one.

        The loop has brought ``stats`` up to date.  Raises
        :class:`~dlx.BudgetExceeded` when a budget has run out and
        :class:`~dlx.Interrupted` after :meth:`request_stop`; calls the
        progress hook when a report is due (the first one interval after
        the start).
        """
        max_nodes = self._max_nodes
        if max_nodes is not None and nodes > max_nodes:
            # The nodes taken before this one: the budget, or more for a
            # search resumed past it (its checkpoint's runs count too).
            spent = max(max_nodes, nodes - 1)
            self._stop(
                Outcome.OUT_OF_NODES,
                stop_message(Outcome.OUT_OF_NODES, spent, max_nodes),
            )
        timeout = self._timeout
        if timeout is not None or self._progress is not None:
            now = time.perf_counter()
            elapsed = now - started
            if timeout is not None and elapsed >= timeout:
                self._stop(
                    Outcome.OUT_OF_TIME,
                    stop_message(Outcome.OUT_OF_TIME, elapsed, timeout),
                )
            if self._progress is not None and now - self._last_report >= self._interval:
                if self._last_report:
                    self._report(now)
                else:
                    self._last_report = now  # the first report after one interval
        if self._stop_requested:
            self._stop(
                Outcome.INTERRUPTED,
                stop_message(Outcome.INTERRUPTED, nodes - 1),
                Interrupted,
            )
        check_at = nodes + CLOCK_EVERY
        if max_nodes is not None:
            check_at = min(check_at, max_nodes + 1)
        return check_at
