"""The search: one run of an algorithm over a problem, with its budgets and statistics.

:class:`Search` is the frame every backtracking algorithm runs in: it
owns copies of the problem's mutable arrays, the statistics, the budgets
and progress reports (:class:`dlx.clock.Clocked`), the stacks of chosen
nodes and positions for resuming.  It keeps no loop: it asks
:mod:`dlx.algorithms` which algorithm and loop form run the problem
(Knuth's Algorithm X, C or M, see there), lets :mod:`dlx.position`
replay a path when it does not start at the root, and hands itself to
the loop as a :class:`dlx.frame.Frame`, the protocol that names all a
loop may touch of it.

Searches are iterative (no recursion limit applies) and each owns its
state, so several searches over one problem never interfere.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence

from dlx import algorithms, position
from dlx.algorithms import Algorithm, LoopForm
from dlx.clock import Clocked
from dlx.errors import PositionError
from dlx.links import Links
from dlx.position import Position
from dlx.stats import Outcome, Progress, Stats, check_budgets, remaining_seconds

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    # Annotations only: random is imported by a search with a seed, the
    # walkers' protocol (with typing) by nothing a run does.
    import random
    from typing import Any

    from dlx.position import Walker

__all__ = [
    "CostSearch",
    "MultiplicitySearch",
    "Search",
    "sat_search",
    "search_class",
]


class Search(Clocked, Iterator[tuple[int, ...]]):
    """One run of an exact-cover search over a problem, yielding solutions lazily.

    Made by :meth:`dlx.ExactCover.search`; iterate it to get each solution
    as a sorted tuple of option indices.  It owns copies of the problem's
    mutable arrays, so searches never disturb each other.  ``stats``
    is up to date whenever the search hands back control (at each solution,
    at each progress report and at the end), and ``outcome`` tells how it
    stands.

    When a budget runs out the iteration raises :class:`dlx.BudgetExceeded`
    instead of simply stopping, so a cut-short search cannot be mistaken
    for one that found no (more) solutions; after :meth:`request_stop` it
    raises :class:`dlx.Interrupted`.  Either way, and after a
    :class:`KeyboardInterrupt`, :meth:`position` tells where the search
    stood, and a new search can go on from there (``resume=``).

    :param links: the compiled problem.
    :param limit: stop after this many solutions in all (those found
        before a resume included).
    :param max_nodes: stop with :class:`~dlx.BudgetExceeded` rather than
        enter more than this many search nodes in all (those of the runs
        before a resume included).
    :param timeout: stop with :class:`~dlx.BudgetExceeded` after about
        this many seconds of wall-clock time since the first solution was
        asked for (time the caller spends between solutions counts too; the
        clock is read every 1024 nodes).
    :param seed: break ties among items of equal size at random, with a
        private :class:`random.Random` seeded by this value; ``None``
        keeps Knuth's rule (leftmost item).  A seeded ``resume`` position
        goes on with its own random state (and its seed), and ``seed`` is
        not read; :meth:`dlx.ExactCover.search` and the other methods of
        :class:`dlx.ExactCover` refuse a ``seed`` other than the
        position's (:func:`dlx.ways.plan`).
    :param count_only: count the solutions inside the loop without
        handing them out: the search yields nothing, and ``stats.solutions``
        holds the count when it ends (what :meth:`~dlx.ExactCover.count`
        uses; a limit, the budgets and positions work as without it).
    :param progress: called with a :class:`~dlx.Progress` about every
        ``progress_interval`` seconds while the search runs, and once more
        when it ends; ``stats`` is current when it runs.  It may call
        :meth:`request_stop`.
    :param progress_interval: seconds between two progress reports
        (read only with ``progress``: without a hook it is not used, but
        checked as a number of seconds all the same).
    :param resume: a :class:`~dlx.position.Position` of an earlier search of
        the same problem: go on from there, with its counts.
    :param prefix: options to choose on the first levels, one per level
        (each for the item the search would branch on there); the search
        covers only the subtree below them and never backs up above it.
        Its statistics count only the work below the prefix.
    :param floor: with ``prefix``: how many of its levels are fixed
        (default: all).  The search enters the node below the prefix and
        then, like a resumed search, goes on with the later options of
        the levels from ``floor`` down, never backing up above it: the
        subproblems :func:`dlx.position.split` hands back are searched so.
    :param algorithm: the name of the algorithm to run (see
        :mod:`dlx.algorithms`); ``None`` takes the default for the
        problem (Algorithm M with bounds, C with colours, else X).
    :param form: the name of one of its loop forms; ``None`` takes the
        first that applies.  The tests use both to run every loop.
    :param place: with ``prefix``: a :class:`dlx.position.Place` of the
        problem to start from, which walks only the part of the prefix
        it is not at yet (see :func:`dlx.position.start`); the workers of
        :mod:`dlx.parallel` keep one.  Where the place can lend its
        arrays (:meth:`~dlx.position.Place.lend`), the search takes them
        instead of a copy of the problem's: the place is then the
        search's until the search is done with it (see
        :meth:`~dlx.position.Place.reclaim`).
    :param estimate: whether the progress reports carry Knuth's estimate
        (``fraction`` and ``remaining``).  It takes a pass over the
        levels (a few milliseconds at depth 100,000); a hook that reads
        only the counts, the depth and the time can go without it: its
        reports then have a ``fraction`` of 0.0 and no ``remaining``.
    :raises ValueError: for a budget that makes no sense, both
        ``resume`` and ``prefix``, or an algorithm or form that cannot
        run the problem.
    :raises dlx.PositionError: when ``resume`` or ``prefix`` does
        not fit the problem.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab")
    >>> for option in (["a"], ["b"], ["a", "b"]):
    ...     _ = problem.add_option(option)
    >>> search = problem.search()
    >>> list(search)
    [(0, 1), (2,)]
    >>> search.outcome, search.stats
    (<Outcome.EXHAUSTED: 'exhausted'>, Stats(nodes=4, updates=4, cleansings=0, solutions=2))
    """

    #: The algorithm this class runs, by name; ``None``: the problem's default.
    ALGORITHM: str | None = None

    def __init__(
        self,
        links: Links,
        *,
        limit: int | None = None,
        max_nodes: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
        count_only: bool = False,
        progress: Callable[[Progress], object] | None = None,
        progress_interval: float = 1.0,
        resume: Position | None = None,
        prefix: Sequence[int] | None = None,
        floor: int | None = None,
        algorithm: str | None = None,
        form: str | None = None,
        place: position.Place | None = None,
        estimate: bool = True,
    ) -> None:
        check_budgets(limit, max_nodes, timeout, progress_interval)
        if resume is not None and prefix is not None:
            raise ValueError("give resume or prefix, not both")
        if floor is not None and (prefix is None or not 0 <= floor <= len(prefix)):
            raise ValueError(
                "floor goes with prefix, from 0 to its length, "
                f"not {floor} (prefix {prefix!r})"
            )
        chosen: tuple[Algorithm, LoopForm] = algorithms.choose(
            links, algorithm or self.ALGORITHM, form
        )
        self.algorithm, self.form = chosen
        if resume is not None or prefix is not None or seed is not None:
            for feature, value in (
                ("resume", resume),
                ("prefix", prefix),
                ("seed", seed),
            ):
                if value is not None:
                    self.algorithm.require(feature)
        # 29 attributes in all: with a 30th, CPython 3.11 was measured to
        # give each search a dictionary of its own, which took 0.5 % more
        # instructions where many small searches run (the ``colors``
        # workload of tests/benchmarks/instructions.py).
        self.links = links
        self.stats = Stats()
        self.outcome = Outcome.RUNNING
        # The arrays: the search's own copy of the problem's, or those a
        # place lends it (not copied twice: see position.start).
        lender = None if place is None or prefix is None else place.lend(links)
        self._own_arrays(lender)
        self.limit = limit
        self._max_nodes = max_nodes
        self._timeout = timeout
        self.rng: random.Random | None = None
        if seed is not None:
            self.rng = position.seeded(seed)
        self._progress = progress
        self._interval = progress_interval
        self._estimate = estimate
        self._stop_requested = False
        # The chosen nodes: of the fixed levels (a prefix), and of the
        # levels the loop backs up through; the loops push onto stack,
        # and keep in saves what they keep per level of it.
        self.base: list[int] = []
        self.stack: list[int] = []
        self.saves: list[Any] = []
        self.state: Any = None
        self._seconds_before = 0.0
        self._started = 0.0
        self._last_report = 0.0
        # The search as it stood at the last clock check: the chosen nodes,
        # the counts, the seconds and the random state.
        self._clean: tuple[list[int], Stats, float, Any] | None = None
        # The algorithm's own state for a position (Algorithm X5), as of the
        # last clock check, where a KeyboardInterrupt takes the search back.
        self._clean_extra: Any = None
        self._snapped_at = 0  # the node of the last snapshot
        self._interrupted_extra: Any = None
        self._solution_pending = False
        self.form.prepare(self)
        alive = True
        if resume is not None:
            self._restore(resume)
            alive = position.start(
                self,
                self.walker(),
                resume.path,
                resume.floor,
                advance=resume.at_solution,
            )
        elif prefix is not None:
            path = [(None, option) for option in prefix]
            fixed = len(prefix) if floor is None else floor
            walker = self.walker()
            if (
                lender is not None
                and place is not None
                and not place.serves(self, walker)
            ):
                # The loop's preparation made a state of its own: the
                # place cannot lend, and may have been changed.
                place.lost = True
                self._own_arrays(None)
                self.form.prepare(self)
                walker = self.walker()
            position.start(self, walker, path, fixed, place=place)
        if not alive:
            self.outcome = Outcome.EXHAUSTED
            self._steps: Iterator[tuple[int, ...]] = iter(())
        else:
            self._steps = self.form.run(self, count_only)
        if limit is not None and self.stats.solutions >= limit:
            self.outcome = Outcome.LIMIT_REACHED
            self._steps = iter(())

    def _own_arrays(self, lender: position.ListWalker | None) -> None:
        """Take the arrays of ``lender``, or (``None``) a copy of the problem's."""
        if lender is not None:
            self.up = lender.up
            self.down = lender.down
            self.size = lender.size
            self.color = lender.color
            return
        links = self.links
        self.up = list(links.up)
        self.down = list(links.down)
        self.size = links.size[:]
        self.color = None if links.color is None else list(links.color)

    def _restore(self, resume: Position) -> None:
        """Take the counts, the seconds and the random state of ``resume``.

        :raises dlx.PositionError: when it is a position of another problem.
        """
        if resume.fingerprint != self.fingerprint():
            raise PositionError("the position is of another problem")
        self.stats = Stats(
            resume.nodes, resume.updates, resume.cleansings, resume.solutions
        )
        if self.algorithm.restore is not None:
            self.algorithm.restore(self, resume.extra)
        self._seconds_before = resume.seconds
        if resume.rng is not None:
            # Its own random state goes on (ExactCover.search refuses
            # another seed: dlx.ways.plan).
            self.rng = position.seeded(resume.seed, resume.rng)

    def walker(self) -> Walker:
        """Knuth's steps of this search's algorithm over its own arrays.

        :func:`dlx.position.start` replays paths with it.

        >>> from dlx import ExactCover
        >>> type(ExactCover("a", options=[["a"]]).search().walker()).__name__
        'XWalker'
        """
        return self.algorithm.walker(self)

    def __iter__(self) -> Search:
        return self

    def __next__(self) -> tuple[int, ...]:
        self._solution_pending = False
        try:
            solution = next(self._steps)
        except StopIteration:
            if self._progress is not None and self._started:
                self._report(time.perf_counter())
            raise
        except KeyboardInterrupt:
            self.outcome = Outcome.INTERRUPTED
            if self._clean is not None:
                # Back to the last clock check, where the counts and the
                # position agree (solutions since then are found again).
                nodes, stats, seconds, state = self._clean
                self._interrupted_extra = self._clean_extra
                self.base[:] = nodes[: len(self.base)]
                self.stack[:] = nodes[len(self.base) :]
                self.stats = stats
                self._seconds_before = seconds
                self._started = 0.0
                if state is not None and self.rng is not None:
                    self.rng.setstate(state)
            raise
        self._solution_pending = True
        return solution

    def count(self) -> int:
        """Search to the end and return ``stats.solutions`` (a budget or a stop raises, as iterating does).

        >>> from dlx import ExactCover
        >>> ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).search(count_only=True).count()
        2
        """
        for _ in self:
            pass
        return self.stats.solutions

    def fingerprint(self) -> str:
        """The problem's fingerprint (see :func:`dlx.position.fingerprint`).

        >>> from dlx import ExactCover
        >>> len(ExactCover("a", options=[["a"]]).search().fingerprint())
        16
        """
        return position.fingerprint(self.links)  # kept in the links' cache

    def position(self) -> Position:
        """Where the search stands, for a later search to go on from (``resume=``).

        Between two solutions, the position is at the last solution
        handed out: resuming goes on after it.  After
        :class:`~dlx.BudgetExceeded` or :class:`~dlx.Interrupted` it is the
        node the search was about to enter; after a
        :class:`KeyboardInterrupt` it is the search's last clock check
        (at most 1,024 nodes before the interrupt): resuming repeats the
        work since then, so the final counts are exact, but solutions
        found in between are found again.  Before the first step it is
        the start.

        :returns: the position.
        :raises ValueError: when the search is over (nothing to resume).

        >>> from dlx import ExactCover
        >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
        >>> search = problem.search()
        >>> next(search)
        (0, 1)
        >>> list(problem.search(resume=search.position()))
        [(2,)]
        """
        if self.outcome in (Outcome.EXHAUSTED, Outcome.LIMIT_REACHED):
            raise ValueError(f"the search is over ({self.outcome.value})")
        return self._here(at_solution=self._solution_pending)

    def _here(self, at_solution: bool) -> Position:
        """The position of the loop as it stands at a clock check or a solution."""
        stats = self.stats
        nodes = [*self.base, *self.stack]
        return Position(
            position.describe(self.links, nodes),
            len(self.base),
            at_solution,
            stats.nodes,
            stats.updates,
            stats.cleansings,
            stats.solutions,
            self._seconds_before + self._elapsed(),
            position.rng_state(self.rng),
            self.fingerprint(),
            self._extra(),
            position.rng_seed(self.rng),
        )

    def _extra(self) -> Any:
        """The algorithm's own state for a position (``None`` for most)."""
        if self._interrupted_extra is not None:
            return self._interrupted_extra
        save = self.algorithm.save
        return None if save is None else save(self)

    def _elapsed(self) -> float:
        return time.perf_counter() - self._started if self._started else 0.0

    def check(self) -> None:
        """Verify the links of this search's current state (Knuth's ``sanity``).

        Works at any moment: before, during and after the search; each
        algorithm checks its own state.  Raises
        :class:`AssertionError` naming the item and node at fault.

        >>> from dlx import ExactCover
        >>> search = ExactCover(["x"], options=[["x"]]).search()
        >>> next(search)
        (0,)
        >>> search.check()
        """
        self.algorithm.check(self)

    def tick(self, nodes: int, started: float) -> int:
        """The clock check on entering node ``nodes``; return the node of the next one.

        The loop has brought ``stats`` up to date (``stats.nodes`` is
        ``nodes - 1``).  Raises :class:`Interrupted` after
        :meth:`request_stop`, :class:`BudgetExceeded` when a budget has
        run out; calls the progress hook when a report is due.
        """
        self._started = started
        check_at = self._check_clock(nodes, started)
        # The snapshot copies the path: at every check of a shallow search,
        # and after as many nodes as it has levels in a deep one, so that
        # copying costs about one level a node, whatever the depth (a
        # KeyboardInterrupt then goes back further: see __next__).
        depth = len(self.base) + len(self.stack)
        if self._clean is not None and nodes - self._snapped_at < depth:
            return check_at
        self._snapped_at = nodes
        stats = self.stats
        self._clean = (
            [*self.base, *self.stack],
            Stats(stats.nodes, stats.updates, stats.cleansings, stats.solutions),
            self._seconds_before + (time.perf_counter() - started),
            None if self.rng is None else self.rng.getstate(),
        )
        if self.algorithm.save is not None:
            self._clean_extra = self.algorithm.save(self)
        return check_at

    def _report(self, now: float) -> None:
        """Call the progress hook with the search as it stands."""
        assert self._progress is not None
        self._last_report = now
        done = self.outcome is Outcome.EXHAUSTED
        fraction = 1.0 if done else self._fraction() if self._estimate else 0.0
        elapsed = self._seconds_before + (now - self._started)
        remaining = remaining_seconds(elapsed, fraction, done)
        stats = self.stats
        self._progress(
            Progress(
                stats.nodes,
                stats.updates,
                stats.solutions,
                elapsed,
                len(self.base) + len(self.stack),
                fraction,
                remaining,
            )
        )

    def _fraction(self) -> float:
        """Knuth's estimate of the part of the tree behind the search (0 to 1)."""
        return self.algorithm.fraction(self)

    def choose_at_random(self, value: int, size: Sequence[int]) -> int:
        """Pick one of the active items whose entry in ``size`` is ``value``, at random.

        The loops of Algorithms X and C call it to break ties with ``seed``.
        """
        assert self.rng is not None
        ties = [item for item, v in enumerate(size) if v == value]
        return ties[self.rng.randrange(len(ties))]


class MultiplicitySearch(Search):
    """One run of Algorithm M (Knuth's DLX3) over a problem, bounds or not.

    :meth:`dlx.ExactCover.search` makes one when some primary item has
    bounds other than ``[1..1]``; it behaves like :class:`dlx.Search`
    (iterate it for the solutions, as sorted tuples of option indices;
    ``stats``, ``outcome``, budgets, ``seed``, progress reports,
    :meth:`~dlx.Search.request_stop` and :meth:`~dlx.Search.check` all work), with
    DLX3's branching and statistics (see ``dlx.algorithm_m``).  It
    also runs problems without bounds, taking every item as ``[1..1]``:
    the same solutions as :class:`dlx.Search`, with DLX3's counts.

    The parameters are those of :class:`dlx.Search` (``algorithm`` is
    ``"M"``).  A position (:meth:`~dlx.Search.position`) lists the null
    move of a level as option ``-1``.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("AB", bounds={"A": (1, 2)})
    >>> problem.add_options([["A"], ["A", "B"], ["B"]])
    range(0, 3)
    >>> search = problem.search()
    >>> type(search).__name__, list(search)
    ('MultiplicitySearch', [(0, 1), (1,), (0, 2)])
    >>> search.stats
    Stats(nodes=7, updates=6, cleansings=0, solutions=3)
    """

    ALGORITHM = "M"


class CostSearch(Search):
    """A search for the ``keep`` cheapest solutions (Knuth's DLX5, Algorithm X5).

    :meth:`dlx.ExactCover.best_search` makes one.  Iterating it yields
    each solution that is cheaper than the ``keep``-th best found so far,
    in the order found (what DLX5 prints); ``stats.solutions`` counts
    them as DLX5 does.  :meth:`best` gives the cheapest ones kept, with
    their costs, at any time: during the search, after it, and after a
    budget, a stop request or Ctrl-C ended it (then they are the best
    found so far).

    The parameters are those of :class:`dlx.Search`, and ``keep``: how
    many solutions to keep (``None``: keep all, and prune nothing), and
    ``bound``: a total cost that every solution must be below (what
    :mod:`dlx.parallel` hands a task: the ``keep``-th best cost the other
    tasks have found), and ``canonical``: a function that gives what a
    solution is kept as, each kept once (the searches up to symmetry give
    a :class:`dlx.symmetry.Leaders`, so that the ``keep`` kept are
    distinct orbits, each its leader).  ``resume`` takes a :meth:`position` of a search
    for as many solutions, which carries the best solutions found so far
    and the cost thresholds of each level (in :attr:`Position.extra
    <dlx.Position>`): the resumed search ends as one run does, with the
    same solutions and DLX5's counts.  ``prefix`` searches below options
    that every solution then contains.  ``seed`` is refused, and so are
    estimates and split searches by :func:`dlx.parallel.search` (the tree
    depends on the solutions found; :func:`dlx.parallel.best` splits a
    minimum-cost search instead): see :func:`dlx.algorithms.refuse`.

    :raises ValueError: when ``keep`` is not a positive integer, and as
        :class:`dlx.Search` does.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab")
    >>> for option, cost in ((["a"], 3), (["b"], 1), (["a", "b"], 5)):
    ...     _ = problem.add_option(option, cost=cost)
    >>> search = problem.best_search(1)
    >>> list(search), search.best()
    ([(0, 1)], [(4, (0, 1))])
    """

    ALGORITHM = "X5"

    def __init__(
        self,
        links: Links,
        *,
        keep: int | None = 1,
        bound: int | None = None,
        canonical: Callable[[tuple[int, ...]], tuple[int, ...]] | None = None,
        **options: Any,
    ) -> None:
        if keep is not None and (
            not isinstance(keep, int) or isinstance(keep, bool) or keep < 1
        ):
            raise ValueError(f"k must be a positive integer, not {keep!r}")
        #: How many of the cheapest solutions the search keeps.
        self.keep = keep
        #: A total cost every solution must be below (``None``: none).
        self.bound = bound
        #: What a solution is kept as (``None``: itself); see above.
        self.canonical = canonical
        super().__init__(links, **options)

    def best(self) -> list[tuple[int, tuple[int, ...]]]:
        """The cheapest solutions found so far: ``(total cost, options)``, cheapest first.

        At most ``keep`` of them; ties in cost in the order found.
        """
        return algorithms.algorithm_x5.ranking(self)

    #: Whether :meth:`best` comes proved one by one (the SAT solver's); a
    #: minimum-cost search proves them all at its end (see :class:`dlx.ways.Cheapest`).
    proven = False

    def run(self) -> None:
        """Search to the end (a budget or stop raises, as iterating does); then see :meth:`best`."""
        for _ in self:
            pass


def search_class(links: Links) -> type[Search]:
    """The class of the search that runs ``links`` by default.

    :class:`MultiplicitySearch` when :mod:`dlx.algorithms` gives the
    problem Algorithm M, else :class:`Search`.

    >>> from dlx import ExactCover
    >>> search_class(ExactCover("A", bounds={"A": 2}).links()).__name__
    'MultiplicitySearch'
    """
    algorithm, _ = algorithms.choose(links)
    return (
        MultiplicitySearch if algorithm.name == MultiplicitySearch.ALGORITHM else Search
    )


def sat_search(
    links: Links,
    *,
    limit: int | None = None,
    timeout: float | None = None,
    seed: int | None = None,
    count_only: bool = False,
    costs: Sequence[int] | None = None,
) -> algorithms.SatSearch:
    """The search of ``method="sat"``: a short DLX search first, then the solver.

    The DLX search (:func:`search_class`) runs at most
    :data:`dlx.algorithms.SAT_DLX_NODES` nodes (and within ``timeout``); a problem it finishes
    within them is answered by it alone (``stats.answered_by == "dlx"``),
    without the solver's fixed cost; otherwise the solver
    (:class:`dlx.SatSearch`) goes on, the solutions already handed out
    forbidden.  With ``costs`` (cheapest first), the solver alone.

    :param links: the compiled problem.
    :param limit: stop after this many solutions.
    :param timeout: seconds of wall-clock time, as in :class:`dlx.SatSearch`.
    :param seed: the solver's random seed.
    :param count_only: yield ``()`` instead of each solution.
    :param costs: one int per option: the solver alone, cheapest first.
    :raises ValueError: for a limit or budget that makes no sense.
    :raises SatUnavailable: when OR-Tools is not installed.

    >>> from dlx import ExactCover
    >>> links = ExactCover("ab", options=[["a"], ["b"]]).links()
    >>> if algorithms.sat_available():
    ...     search = sat_search(links)
    ...     found = list(search), search.stats.answered_by, search.stats.nodes
    ... else:  # without the sat extra, what it answers
    ...     found = [(0, 1)], "dlx", 3
    >>> found
    ([(0, 1)], 'dlx', 3)
    """
    first_try = None
    if costs is None and algorithms.SAT_DLX_NODES:
        # With the seed, as the rest of the way: a seed changes the answer
        # of a search the short try finishes, as it does without sat.
        first_try = search_class(links)(
            links,
            limit=limit,
            max_nodes=algorithms.SAT_DLX_NODES,
            timeout=timeout,
            seed=seed,
        )
    return algorithms.SatSearch(
        links,
        limit=limit,
        timeout=timeout,
        seed=seed,
        count_only=count_only,
        costs=costs,
        first_try=first_try,
    )
