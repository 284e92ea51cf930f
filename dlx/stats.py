"""What a search reports: its counts (:class:`Stats`), how it stands (:class:`Outcome`), and how far it has come (:class:`Progress`)."""

from __future__ import annotations

import enum

from dlx.records import Record


class Outcome(enum.Enum):
    """How a search stands.

    >>> Outcome.EXHAUSTED.value
    'exhausted'
    """

    #: Not finished: more solutions may follow.
    RUNNING = "running"
    #: Every solution has been visited.
    EXHAUSTED = "exhausted"
    #: Stopped because the requested number of solutions was reached.
    LIMIT_REACHED = "limit reached"
    #: Stopped by the node budget (``max_nodes``).
    OUT_OF_NODES = "out of nodes"
    #: Stopped by the time budget (``timeout``).
    OUT_OF_TIME = "out of time"
    #: Stopped by the memory budget of a memoised search (``max_entries``,
    #: ``max_bytes``; see :class:`dlx.memo.MemoSearch`).
    OUT_OF_MEMORY = "out of memory"
    #: Stopped on request (:meth:`dlx.Search.request_stop`) or by a
    #: :class:`KeyboardInterrupt`.
    INTERRUPTED = "interrupted"


class Stats(Record):
    """Counts of one search, with the definitions of Knuth's DLX1/DLX2.

    * ``nodes``: search-tree nodes, one for every level entered, the root,
      dead ends and solutions included (Knuth's ``nodes``);
    * ``updates``: one for every cover of an item, plus one for every node
      unlinked from another item's list by a cover or a purification
      (Knuth's ``updates``);
    * ``cleansings``: one for every purification, plus one for every node
      it marks as already compatible (Knuth's ``cleansings``; 0 without
      colours);
    * ``solutions``: solutions visited so far.

    These agree with the later versions of Knuth's DLX2 on the same input
    (checked on queens, Langford pairs, pentominoes and hundreds of random
    problems with and without colours).  His older DLX1/DLX2 did not count
    a solution as a node: subtract ``solutions`` from ``nodes`` to compare
    with those.

    Problems with bounds on their items (:mod:`dlx.algorithm_m`) count as
    Knuth's DLX3 does: the same definitions, except that a dead end costs
    no update and a tweak costs one update per node it unlinks.

    >>> Stats()
    Stats(nodes=0, updates=0, cleansings=0, solutions=0)
    """

    nodes: int = 0
    updates: int = 0
    cleansings: int = 0
    solutions: int = 0

    def knuth_summary(self, colors: bool = False) -> str:
        """The closing line Knuth's programs print, e.g. for comparison.

        :param colors: also give the cleansings.
        :returns: the line, without a line end.

        >>> Stats(nodes=6, updates=30, solutions=1).knuth_summary()
        'Altogether 1 solution, 30 updates, 6 nodes.'
        >>> Stats(nodes=6, updates=3, cleansings=2, solutions=2).knuth_summary(True)
        'Altogether 2 solutions, 3 updates, 2 cleansings, 6 nodes.'
        """
        plural = "" if self.solutions == 1 else "s"
        cleansings = f" {self.cleansings} cleansings," if colors else ""
        return (
            f"Altogether {self.solutions} solution{plural}, {self.updates} updates,"
            f"{cleansings} {self.nodes} nodes."
        )


class SatStats(Stats):
    """Counts of a search by the SAT back end (``method="sat"``, :mod:`dlx.sat`).

    Knuth's counts (``nodes``, ``updates``, ``cleansings``) stay 0: the
    solver does not dance.  What it reports instead, summed over its solves:

    * ``conflicts``: dead ends the solver learnt a clause from;
    * ``branches``: decisions it took;
    * ``seconds``: wall-clock time since the search started (its first
      solution asked for), all of it: the short DLX search, the solvers'
      imports and set-up, the solves, and the caller's time between
      solutions (as for the timeout); what the commands report when a
      signal or the timeout stops the search;
    * ``solves``: solver runs (one per solution, plus one that proves
      there is no further solution, unless a limit stops first);
    * ``solutions``: solutions found so far;
    * ``nodes``, ``updates``: those of the short DLX search that
      ``method="sat"`` runs before the solver (Knuth's definitions; 0
      when there was none);
    * ``answered_by``: ``"dlx"`` when that short search finished the job
      (the solver never started), ``"sat"`` when the solver answered,
      ``""`` while neither has;
    * ``solver``: the solver that ran, ``"cadical"`` (CaDiCaL, for plain
      exact cover) or ``"cp-sat"`` (OR-Tools CP-SAT), ``""`` for none.

    >>> SatStats(solutions=1, conflicts=3, branches=40, seconds=0.5, solves=2).summary()
    'Altogether 1 solution, 3 conflicts, 40 branches, 2 solves, 0.5 s.'
    >>> SatStats(solutions=1, nodes=57, seconds=0.001, answered_by="dlx").summary()
    'Altogether 1 solution, answered by DLX in 57 nodes (no solve), 0.001 s.'
    """

    conflicts: int = 0
    branches: int = 0
    seconds: float = 0.0
    solves: int = 0
    answered_by: str = ""
    solver: str = ""

    def summary(self) -> str:
        """The closing line of a SAT search, as ``--stats`` prints it.

        :returns: the line, without a line end.
        """
        plural = "" if self.solutions == 1 else "s"
        if self.answered_by == "dlx":
            return (
                f"Altogether {self.solutions} solution{plural}, answered by DLX in "
                f"{self.nodes} nodes (no solve), {self.seconds:.3g} s."
            )
        first = f" after {self.nodes} nodes of DLX," if self.nodes else ""
        return (
            f"Altogether {self.solutions} solution{plural},{first} {self.conflicts} "
            f"conflicts, {self.branches} branches, {self.solves} solves, "
            f"{self.seconds:.3g} s."
        )


class Progress(Record, frozen=True):
    """A report on a running search, as its ``progress`` hook receives it.

    * ``nodes``, ``updates``, ``solutions``: the counts so far (as in
      :class:`Stats`);
    * ``elapsed``: seconds of searching so far (runs before a resume
      included);
    * ``depth``: how many levels deep the search is;
    * ``fraction``: Knuth's estimate of the part of the search tree already
      explored (see :func:`dlx.position.fraction_done`), from 0 to 1;
    * ``remaining``: the seconds still needed if the search goes on at the
      rate it has kept so far (``None`` before there is a rate).  Both
      estimates are rough on lopsided trees: see the how-to on long
      searches.

    >>> Progress(nodes=10, updates=50, solutions=1, elapsed=2.0, depth=3,
    ...          fraction=0.5, remaining=2.0).fraction
    0.5
    """

    nodes: int
    updates: int
    solutions: int
    elapsed: float
    depth: int
    fraction: float
    remaining: float | None


def remaining_seconds(elapsed: float, fraction: float, done: bool) -> float | None:
    """The ``remaining`` of a :class:`Progress`: the seconds still needed at the rate so far.

    Every way of searching reports it so: 0 when the search is done,
    ``None`` before there is a rate (nothing done, or no time spent).

    >>> remaining_seconds(2.0, 0.25, False), remaining_seconds(2.0, 0.0, False)
    (6.0, None)
    """
    if done:
        return 0.0
    if fraction > 0 and elapsed > 0:
        return elapsed * (1 - fraction) / fraction
    return None


def check_budgets(
    limit: int | None,
    max_nodes: int | None,
    timeout: float | None,
    progress_interval: float,
) -> None:
    """Raise :class:`ValueError` naming a limit or budget that makes no sense.

    Shared by every way of searching (:class:`dlx.Search`, :mod:`dlx.parallel`,
    the memoised and SAT searches through :func:`dlx.ways.plan`).
    ``limit`` and ``max_nodes`` are whole numbers (an int, or anything
    with ``__index__``, as numpy's), ``timeout`` a number of seconds;
    :class:`TypeError` for anything else, so that ``limit=1.5`` or
    ``timeout=float("nan")`` is never taken as some other budget.

    >>> check_budgets(None, -1, None, 1.0)
    Traceback (most recent call last):
      ...
    ValueError: max_nodes must be >= 0, not -1
    >>> check_budgets(1.5, None, None, 1.0)
    Traceback (most recent call last):
      ...
    TypeError: limit must be a whole number, not 1.5
    >>> check_budgets(None, None, float("nan"), 1.0)
    Traceback (most recent call last):
      ...
    ValueError: timeout must be a number >= 0, not nan
    """
    for name, value in (("limit", limit), ("max_nodes", max_nodes)):
        if value is not None:
            check_whole(value, name, least=0)
    if timeout is not None and not _seconds(timeout, "timeout") >= 0:  # NaN too
        raise ValueError(f"timeout must be a number >= 0, not {timeout}")
    if not _seconds(progress_interval, "progress_interval") > 0:
        raise ValueError(f"progress_interval must be > 0, not {progress_interval}")


def check_whole(value: object, name: str, least: int | None = None) -> None:
    """Refuse ``value`` unless it is a whole number (of at least ``least``).

    A whole number is an :class:`int` or any type with ``__index__``
    (numpy's integers), but not a :class:`bool`: ``True`` is no count.
    ``name`` is the parameter's name, for the message.

    :raises TypeError: ``value`` is not a whole number.
    :raises ValueError: ``value`` is less than ``least``.

    >>> check_whole(3, "limit", least=0)
    >>> check_whole(True, "seed")
    Traceback (most recent call last):
      ...
    TypeError: seed must be a whole number, not True
    >>> check_whole(0, "probes", least=1)
    Traceback (most recent call last):
      ...
    ValueError: probes must be >= 1, not 0
    """
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{name} must be a whole number, not {value!r}")
    if least is not None and value < least:  # type: ignore[operator]
        raise ValueError(f"{name} must be >= {least}, not {value}")


#: The (name, module) of NumPy's boolean type, as its versions call it.
_NUMPY_BOOLS = {("bool_", "numpy"), ("bool", "numpy")}


def check_flag(value: object, name: str) -> None:
    """Refuse ``value`` unless it is ``True`` or ``False`` (NumPy's booleans too).

    A flag taken by its truth would read ``count_only="no"`` as yes (and
    hand out no solution) without a word.  ``name`` is the parameter's
    name, for the message.

    :raises TypeError: ``value`` is not a boolean.

    >>> check_flag(False, "count_only")
    >>> check_flag("no", "count_only")
    Traceback (most recent call last):
      ...
    TypeError: count_only must be True or False, not 'no'
    """
    kind = type(value)
    if kind is not bool and (kind.__name__, kind.__module__) not in _NUMPY_BOOLS:
        raise TypeError(f"{name} must be True or False, not {value!r}")


def _seconds(value: object, name: str) -> float:
    """``value`` as a float of seconds, or :class:`TypeError` naming ``name``."""
    if isinstance(value, str | bytes | bool) or not hasattr(type(value), "__float__"):
        raise TypeError(f"{name} must be a number of seconds, not {value!r}")
    return float(value)  # type: ignore[arg-type]
