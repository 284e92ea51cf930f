"""How big is a search before running it: Knuth's random-probe estimator.

Knuth, "Estimating the efficiency of backtrack programs" (Mathematics of
Computation 29, 1975): walk down the search tree from the root along one
random path, choosing at each node one of its ``d`` children uniformly at
random, and give each node on the path the weight ``D``, the product of
the degrees ``d`` of the nodes above it (1 for the root).  A node at depth
``k`` lies on the path with probability ``1 / D``, so for any cost ``c``
that the search pays per node, ``Σ D·c(v)`` over the path is an unbiased
estimate of ``Σ c(v)`` over the whole tree.  The mean of many independent
probes is then unbiased too, and its spread gives its standard error.

The tree walked is exactly the tree :class:`dlx.Search` explores (without
a ``seed``): the same branching item at every node (the leftmost active
primary item of fewest options) and the same covering and purifying, done
by the search's own walker (:func:`dlx.algorithms.walker`: Algorithm X's,
C's for colours, M's for a problem with bounds).  The costs are those of :class:`dlx.Stats`:

* ``nodes``: 1 per node (the root, dead ends and solutions included);
* ``solutions``: 1 per solution node;
* ``updates``: a node pays for covering its branching item (once, however
  many children it has) and a dead end pays 1, as in the search; covering
  the other items of an option is paid once per child, so it is charged to
  the child it leads to (with the child's weight).  A probe pays for
  covering the items of the option it takes, which it must do anyway to
  go down, and never for the options it does not take.

The probes run the walkers' plain operations, slower per
update than the search loops (1.1 to 2.5 times, measured), so the time
a search would take is calibrated by a short run of the real search
(see :class:`Estimate`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from typing import Protocol

from dlx.algorithms import refuse
from dlx.algorithms import walker as tree_walker
from dlx.errors import BudgetExceeded
from dlx.links import Links
from dlx.records import Record, replace
from dlx.stats import Stats, check_budgets, check_whole

__all__ = [
    "Estimate",
    "EstimateInterrupted",
    "EstimateProgress",
    "Probe",
    "estimate",
    "format_estimate",
    "probe",
    "search_rate",
]

#: Seconds between two progress reports of :func:`estimate`.
PROGRESS_EVERY = 1.0


class Estimate(Record, frozen=True):
    """Estimated size of a full search, from random probes of its tree.

    Made by :meth:`dlx.ExactCover.estimate`.  ``nodes``, ``updates`` and
    ``solutions`` estimate the final :class:`~dlx.Stats` of a search of
    the whole problem (without ``seed``); each is the mean of ``probes``
    independent unbiased estimates, and its ``*_se`` is the standard
    error of that mean (the sample standard deviation over
    ``sqrt(probes)``).  Roughly, the truth lies within two standard
    errors of the estimate 95 % of the time, *if* the probes have seen
    the heavy parts of the tree: on lopsided trees most probes end in dead
    ends, the rare probes that reach a solution carry huge weights, and
    both the estimate and its standard error come out too small (often a
    solution estimate of 0 with a standard error of 0).  See the how-to
    :doc:`/howto/estimate` for measured examples.

    A standard error of 0 means every probe gave the same value: exact
    when the tree has one path (every node has at most one child), but
    only a hint otherwise.  With one probe the standard error is
    unknown (``math.inf``) unless the tree is a single path.

    The time: ``seconds`` is what the probes took, and ``probe_rate`` the
    updates per second they did.  The probes are slower per update than
    the search loops (1.1 to 2.5 times on the problems measured), so
    :attr:`search_seconds` divides the estimated updates by
    ``search_rate``, the updates per second of the
    real search (:class:`~dlx.Search` with ``count_only``) measured on a
    short run (about 0.1 s) from the root: it assumes that the rest of
    the search does updates at the rate of its beginning.

    :ivar nodes: estimated nodes of the full search.
    :ivar updates: estimated updates.
    :ivar solutions: estimated solutions.
    :ivar nodes_se: standard error of ``nodes``.
    :ivar updates_se: standard error of ``updates``.
    :ivar solutions_se: standard error of ``solutions``.
    :ivar probes: how many probes were taken.
    :ivar seconds: wall-clock seconds the probes took.
    :ivar probe_rate: updates per second the probes did.
    :ivar search_rate: updates per second of the real search, measured
        by the calibration run; ``None`` without one.

    >>> from dlx import ExactCover
    >>> path = ExactCover("ab", options=[["a"], ["b"]])
    >>> est = path.estimate(probes=10, seed=1)
    >>> est.nodes, est.nodes_se, est.solutions, est.probes
    (3.0, 0.0, 1.0, 10)
    """

    nodes: float
    updates: float
    solutions: float
    nodes_se: float
    updates_se: float
    solutions_se: float
    probes: int
    seconds: float
    probe_rate: float
    search_rate: float | None = None

    @property
    def search_seconds(self) -> float:
        """Estimated seconds of the full search: ``updates`` over the measured rate.

        Uses ``search_rate`` when there is one, else ``probe_rate``
        (which overestimates, the probes being slower per update).

        :returns: the seconds (0 when the search does no updates).

        >>> est = Estimate(10.0, 2e6, 1.0, 0.0, 0.0, 0.0, 5, 0.1, 1e5, 1e6)
        >>> est.search_seconds
        2.0
        """
        if self.updates <= 0:
            return 0.0
        rate = self.search_rate if self.search_rate else self.probe_rate
        return self.updates / rate if rate > 0 else math.inf


class EstimateProgress(Record, frozen=True):
    """How far an estimate has come (to :func:`estimate`'s ``progress``).

    :ivar probes: the probes taken so far.
    :ivar wanted: the probes asked for.
    :ivar seconds: the seconds the probes took so far.

    >>> EstimateProgress(250, 1000, 0.5).fraction
    0.25
    """

    probes: int
    wanted: int
    seconds: float

    @property
    def fraction(self) -> float:
        """The part of the probes taken, 0 to 1."""
        return self.probes / self.wanted if self.wanted else 1.0

    def __str__(self) -> str:
        return (
            f"{self.probes} of {self.wanted} probes "
            f"({100 * self.fraction:.0f} %) in {self.seconds:.1f} s"
        )


class EstimateInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`estimate`: ``estimate`` is that of the probes taken.

    ``None`` when no probe was finished.  The estimate's ``probes`` says
    how many there were (an estimate of fewer probes, as good as one
    asked for with so many).

    >>> EstimateInterrupted(None).estimate is None
    True
    """

    def __init__(self, estimate: Estimate | None) -> None:
        super().__init__("estimate interrupted")
        self.estimate = estimate


class Probe(Record, frozen=True):
    """One probe: its estimates of the three counts and what it walked.

    :ivar nodes: the sum of the weights of the nodes on the path.
    :ivar updates: the weighted updates along the path.
    :ivar solutions: the weight of the last node if it is a solution, else 0.
    :ivar degrees: the degree of each node of the path above the last.
    :ivar work: the updates the probe actually did.
    """

    nodes: int
    updates: int
    solutions: int
    degrees: tuple[int, ...]
    work: int


def probe(links: Links, pick: Callable[[int], int]) -> Probe:
    """Walk one path from the root of the search tree, weighting as Knuth does.

    At a node with ``d`` children, ``pick(d)`` chooses the child (an
    index from 0 to ``d - 1`` into the branching item's list as it
    stands): ``random.Random.randrange`` for a random probe, or a script
    (the tests enumerate every path to check that the estimator is
    unbiased).

    :param links: the compiled problem.
    :param pick: chooses one of ``d`` children.
    :returns: the probe's estimates (integers: the weights are exact).

    >>> from dlx import ExactCover
    >>> links = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).links()
    >>> probe(links, lambda d: 0)
    Probe(nodes=5, updates=4, solutions=2, degrees=(2, 1), work=3)
    >>> probe(links, lambda d: d - 1)
    Probe(nodes=3, updates=4, solutions=2, degrees=(2,), work=3)
    """
    walker = tree_walker(links)
    weight = 1
    nodes = 0
    updates = 0
    solutions = 0
    work = 0
    degrees: list[int] = []
    while True:
        nodes += weight
        item, d = walker.choose()
        if item < 0:
            solutions = weight
            break
        before = walker.updates
        if d == 0:
            walker.dead_end(item)
            updates += weight * (walker.updates - before)
            break
        node = walker.enter(item, False)
        updates += weight * (walker.updates - before)
        for _ in range(pick(d)):
            node = walker.skip(node)
        degrees.append(d)
        weight *= d
        before = walker.updates
        walker.take(node)
        updates += weight * (walker.updates - before)
    work = walker.updates
    return Probe(nodes, updates, solutions, tuple(degrees), work)


class _Run(Protocol):
    """A search that counts (what :meth:`dlx.ExactCover.search` returns)."""

    stats: Stats

    def __iter__(self) -> Iterator[tuple[int, ...]]: ...


def search_rate(start: Callable[[int], _Run], seconds: float = 0.1) -> float:
    """Updates per second of the real search, measured over about ``seconds``.

    Runs ``start(max_nodes)`` (a counting search with that node budget)
    with budgets growing from 100 nodes until one run takes ``seconds``
    or finishes the search, and returns that run's updates per second.

    :param start: makes a search of the problem with the given node budget.
    :param seconds: how long the measuring run should take.
    :returns: the rate (``math.inf`` when the run was too quick to time).

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"]])
    >>> rate = search_rate(lambda n: problem.search(max_nodes=n, count_only=True))
    >>> rate > 0
    True
    """
    budget = 100
    while True:
        run = start(budget)
        began = time.perf_counter()
        finished = True
        try:
            for _ in run:
                pass
        except BudgetExceeded:
            finished = False
        elapsed = time.perf_counter() - began
        if finished or elapsed >= seconds:
            if elapsed <= 0:
                return math.inf
            return run.stats.updates / elapsed
        # Aim a little past the goal, growing at most tenfold per run.
        grow = 1.5 * seconds / elapsed if elapsed > 0 else 10.0
        budget = int(budget * min(10.0, max(2.0, grow)))


def _mean_and_error(
    total: int, squares: int, n: int, exact: bool
) -> tuple[float, float]:
    """The mean of ``n`` samples and its standard error, from exact integer sums.

    Beyond the range of floats (trees of more than 10**308 nodes) the
    values are ``math.inf``.
    """
    mean = _divide(total, n)
    if n == 1:
        return mean, 0.0 if exact else math.inf
    # n·Σx² - (Σx)² is exact in integers, and never negative.
    spread = n * squares - total * total
    return mean, math.sqrt(_divide(spread, n * n * (n - 1)))


def _divide(a: int, b: int) -> float:
    try:
        return a / b
    except OverflowError:
        return math.inf


def estimate(
    links: Links,
    probes: int = 1000,
    *,
    seed: int | None = None,
    start: Callable[[int], _Run] | None = None,
    calibration: float = 0.1,
    timeout: float | None = None,
    progress: Callable[[EstimateProgress], object] | None = None,
) -> Estimate:
    """Estimate a full search's nodes, updates and solutions by ``probes`` random probes.

    What :meth:`dlx.ExactCover.estimate` runs; see there and
    :class:`Estimate`.  With ``timeout``, no probe starts after that many
    seconds: the estimate is that of the probes taken (at least one; its
    ``probes`` says how many), and the calibration run is left out when
    the time is up.  Ctrl-C raises :class:`EstimateInterrupted` with the
    estimate of the probes taken.

    :param links: the compiled problem.
    :param probes: how many probes to take (at least 1).
    :param seed: seeds the private random generator; ``None`` for a
        fresh one.
    :param start: makes a counting search with a node budget, for
        :func:`search_rate`; ``None`` for no calibration.
    :param calibration: seconds of the calibration run (0: none).
    :param timeout: seconds of probing at most (``None``: no limit).
    :param progress: called about every :data:`PROGRESS_EVERY` seconds
        with an :class:`EstimateProgress`, and once at the end.
    :returns: the estimate.
    :raises ValueError: when ``probes`` is less than 1, ``timeout`` less
        than 0 (or NaN), or ``calibration`` not a number of at least 0.
    :raises TypeError: when ``probes`` or ``seed`` is not a whole number,
        ``timeout`` not a number, or ``progress`` not callable.
    :raises EstimateInterrupted: on Ctrl-C.

    >>> from dlx import ExactCover
    >>> links = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).links()
    >>> est = estimate(links, 200, seed=7)
    >>> round(est.nodes, 1), round(est.nodes_se, 2), est.solutions, est.search_rate
    (4.0, 0.07, 2.0, None)
    """
    check_whole(probes, "probes", least=1)
    if seed is not None:
        check_whole(seed, "seed")
    check_budgets(None, None, timeout, 1.0)
    if (
        isinstance(calibration, bool | str | bytes)
        or not hasattr(type(calibration), "__float__")
        or not float(calibration) >= 0  # NaN too
    ):
        raise ValueError(
            f"calibration must be a number of seconds >= 0, not {calibration!r}"
        )
    if not calibration:
        start = None  # no calibration run
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, not {progress!r}")
    rng = random.Random(seed)
    refuse("estimate", links)
    pick = rng.randrange
    sums = [0, 0, 0]
    squares = [0, 0, 0]
    work = 0
    single_path = True
    taken = 0
    began = time.perf_counter()
    deadline = math.inf if timeout is None else began + timeout
    report_at = began + PROGRESS_EVERY

    def so_far(rate: float | None = None) -> Estimate:
        seconds = time.perf_counter() - began
        (nodes, nodes_se), (updates, updates_se), (solutions, solutions_se) = (
            _mean_and_error(sums[k], squares[k], taken, single_path) for k in range(3)
        )
        return Estimate(
            nodes,
            updates,
            solutions,
            nodes_se,
            updates_se,
            solutions_se,
            taken,
            seconds,
            work / seconds if seconds > 0 else math.inf,
            rate,
        )

    try:
        while taken < probes:
            sample = probe(links, pick)
            values = (sample.nodes, sample.updates, sample.solutions)
            for k, value in enumerate(values):
                sums[k] += value
                squares[k] += value * value
            work += sample.work
            single_path = single_path and all(d == 1 for d in sample.degrees)
            taken += 1
            now = time.perf_counter()
            if now >= deadline:
                break
            if progress is not None and now >= report_at:
                report_at = now + PROGRESS_EVERY
                progress(EstimateProgress(taken, probes, now - began))
    except KeyboardInterrupt:
        # The probe under way is dropped: those taken make the estimate.
        raise EstimateInterrupted(so_far() if taken else None) from None
    made = so_far()
    if progress is not None:  # the last report, at the end, as a search's
        progress(EstimateProgress(taken, probes, made.seconds))
    if start is None or time.perf_counter() >= deadline:
        return made
    try:
        rate = search_rate(start, calibration)
    except KeyboardInterrupt:
        raise EstimateInterrupted(made) from None
    return replace(made, search_rate=rate)


def _number(value: float) -> str:
    if value == int(value) and abs(value) < 1e6:
        return f"{int(value):,}"
    return f"{value:.3g}"


def _error(value: float, se: float, probes: int) -> str:
    if math.isinf(se):
        return " (standard error unknown: one probe)"
    if se == 0:
        if value == 0 and probes > 1:
            return " (no probe reached one: do not trust this 0)"
        return " ± 0 (every probe agreed)"
    if value == 0:
        return f" ± {se:.2g}"
    return f" ± {100 * se / value:.2g} %"


def _duration(seconds: float) -> str:
    if math.isinf(seconds):
        return "unknown"
    for unit, length in (("years", 365.25 * 86400), ("days", 86400), ("h", 3600)):
        if seconds >= 2 * length:
            return f"about {_number(float(f'{seconds / length:.2g}'))} {unit}"
    if seconds >= 120:
        return f"about {seconds / 60:.0f} min"
    if seconds >= 1:
        return f"about {_number(float(f'{seconds:.2g}'))} s"
    return "under a second"


def _rate(rate: float) -> str:
    for prefix, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if rate >= scale:
            return f"{_round(rate / scale)} {prefix} updates/s"
    return f"{_round(rate)} updates/s"


def _round(value: float) -> str:
    """Two significant digits, without an exponent below 1000: 3.1, 42, 675."""
    return f"{value:.0f}" if value >= 100 else f"{value:.2g}"


def format_estimate(est: Estimate) -> str:
    """An estimate in the words of the ``dlx --estimate`` command.

    Five lines (no final line end): nodes, updates and solutions with
    their relative standard errors, the estimated time of the search
    with the rate it is based on, and the probes taken.

    :param est: the estimate.
    :returns: the text.

    >>> print(format_estimate(Estimate(1234567.0, 3.1e8, 92.0, 25000.0, 9e6,
    ...                                 30.0, 1000, 0.52, 4e5, 3.1e6)))
    estimated nodes: 1.23e+06 ± 2 %
    estimated updates: 3.1e+08 ± 2.9 %
    estimated solutions: 92 ± 33 %
    estimated time: about 100 s (calibrated at 3.1 M updates/s)
    probes: 1,000 in 0.52 s
    """
    how = (
        f"calibrated at {_rate(est.search_rate)}"
        if est.search_rate
        else f"at the probes' {_rate(est.probe_rate)}: an overestimate"
    )
    return "\n".join(
        [
            f"estimated nodes: {_number(est.nodes)}"
            + _error(est.nodes, est.nodes_se, est.probes),
            f"estimated updates: {_number(est.updates)}"
            + _error(est.updates, est.updates_se, est.probes),
            f"estimated solutions: {_number(est.solutions)}"
            + _error(est.solutions, est.solutions_se, est.probes),
            f"estimated time: {_duration(est.search_seconds)} ({how})",
            f"probes: {est.probes:,} in {est.seconds:.2g} s",
        ]
    )
