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
from typing import NoReturn

from dlx.errors import BudgetExceeded, Interrupted, SearchStopped
from dlx.stats import Outcome, Progress, Stats

__all__ = ["CLOCK_EVERY", "Clocked"]

#: How many search nodes may pass between two clock checks.
CLOCK_EVERY = 1024


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
            self._stop(
                Outcome.OUT_OF_NODES,
                f"search stopped after {max_nodes} nodes "
                f"(node budget of {max_nodes} used up)",
            )
        timeout = self._timeout
        if timeout is not None or self._progress is not None:
            now = time.perf_counter()
            elapsed = now - started
            if timeout is not None and elapsed >= timeout:
                self._stop(
                    Outcome.OUT_OF_TIME,
                    f"search stopped after {elapsed:.3g} s "
                    f"(time budget of {timeout:g} s used up)",
                )
            if self._progress is not None and now - self._last_report >= self._interval:
                if self._last_report:
                    self._report(now)
                else:
                    self._last_report = now  # the first report after one interval
        if self._stop_requested:
            self._stop(
                Outcome.INTERRUPTED,
                f"search stopped on request after {nodes - 1} nodes",
                Interrupted,
            )
        check_at = nodes + CLOCK_EVERY
        if max_nodes is not None:
            check_at = min(check_at, max_nodes + 1)
        return check_at
