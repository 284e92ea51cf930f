"""Split one search over any :class:`concurrent.futures.Executor`.

The search tree of Algorithm X (and of Algorithm M, for a problem with
bounds on its items: :mod:`dlx.algorithm_m`) splits into independent
subtrees: fix the options of the first levels (a *prefix*; ``-1`` for
Algorithm M's null move) and search below them
(:meth:`dlx.ExactCover.search` with ``prefix=``).  This module lists such
prefixes, runs them as tasks on an executor (a
:class:`~concurrent.futures.ProcessPoolExecutor` on one machine, Dask's
``Client.get_executor()`` on a cluster) and puts the results back together
so that they are those of one serial search:

* **the same solutions in the same order**: every subproblem has a place
  in the serial order (the prefixes of a frontier in the order the serial
  search reaches them; the rest of a subproblem that was split after
  the part already searched), and solutions are handed out in that
  order as soon as everything before them is known;
* **the same statistics**: the work above the frontier is counted once, by
  the same operations the search loop counts (:func:`frontier`), each
  subproblem counts only the work below its prefix, and when a task
  splits a subproblem it adds the covering the serial search would have
  done for the options it hands back (Knuth's step X5; Algorithm M's
  tweak and step M5), so the nodes, updates and cleansings add up to the
  serial ones exactly.  The tree is walked by the search's own steps,
  the :class:`~dlx.position.Walker` that also replays paths;
* **load balance**: a task runs its subproblems until its time slice
  (``task_seconds``) or node budget (``task_nodes``) is used up, then hands
  back the unexplored rest of the subproblem it was in as new prefixes,
  in order: the subtree of the node it was about to enter, then the
  options after the current one at each level, deepest first.  Small
  subproblems are packed many to a task; the ones a task did not reach
  go back to the queue.

Tasks are plain function calls with picklable arguments: the problem
travels as its arrays in machine integers (:meth:`Links.to_bytes
<dlx.links.Links.to_bytes>`) until every worker has said it holds it
(a task that meets a worker without it comes back at once and goes again
with it), and each worker process keeps the problems it has rebuilt in a
small cache keyed by a digest of those bytes.  A worker also keeps a few
places of each problem's tree (:class:`dlx.position.Place`), so that a
subproblem walks only the levels between the nearest place and its
prefix, not the whole prefix from the root.  No scheduler or wire
protocol of its own: whatever the executor does (processes, threads, a
cluster) is what runs the tasks.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from dlx import ExactCover
>>> problem = ExactCover("abc", options=[["a", "b"], ["c"], ["a"], ["b", "c"], ["b"]])
>>> with ThreadPoolExecutor(2) as pool:
...     print(problem.count(executor=pool), list(problem.solutions(executor=pool)))
3 [(0, 1), (2, 3), (1, 2, 4)]
>>> problem.solutions_list()
[(0, 1), (2, 3), (1, 2, 4)]
"""

from __future__ import annotations

import functools
import gc
import heapq
import itertools
import os
import threading
import time
import weakref
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from typing import Protocol

from dlx import records
from dlx.algorithms import choose, refuse
from dlx.algorithms import walker as tree_walker
from dlx.clock import stop_message
from dlx.engine import CostSearch, Search, search_class
from dlx.errors import BudgetExceeded, DLXError, Interrupted, PositionError
from dlx.links import Links
from dlx.position import Place, Position, Walker, fingerprint, split
from dlx.records import Record
from dlx.stats import Outcome, Progress, Stats, check_budgets, remaining_seconds

__all__ = [
    "BEST_GRACE",
    "BEST_TASK_SECONDS",
    "DASK_TASK_SECONDS",
    "TASK_SECONDS",
    "BestSearch",
    "Compiled",
    "Frontier",
    "FrontierEntry",
    "ParallelSearch",
    "WorkerLost",
    "best",
    "frontier",
    "search",
]

#: Default seconds of searching per task: long enough that the executor's
#: own cost per task (about 0.3 ms for a process pool, 3 ms for Dask) is
#: lost in it, short enough that the last tasks leave no worker idle long.
TASK_SECONDS = 0.5

#: Seconds per task that ``dlx --scheduler`` uses: a Dask task costs about
#: ten times what a process pool's does (a round trip through the
#: scheduler), and on the 5x12 pentomino count 2 s tasks were measured
#: 2-6 % faster than 0.5 s ones on Dask, with the end still balanced.
DASK_TASK_SECONDS = 2.0

#: How many subproblems the initial frontier aims at, per worker.
PIECES_PER_WORKER = 8

#: The deepest level the initial frontier goes to.
MAX_FRONTIER_DEPTH = 8

#: A task whose subproblem has nothing to hand back but its own subtree
#: (no level with a branch left) goes on past its time slice, up to this
#: many slices (and while replaying its path would cost more than a tenth
#: of the time searched): handing it back would only make the next task
#: replay its path (on a chain 100,000 levels deep, longer than the slice).
LONGEST_SLICES = 20

#: How much memory a worker gives the places (:class:`dlx.position.Place`)
#: of a problem's tree it keeps, each a copy of the problem's links (about
#: 16 bytes a node): a subproblem starts from the one whose path it
#: shares most of, so the more places, the fewer paths walked again.
PLACES_BYTES = 32_000_000

#: ...but never fewer places than this, nor more than ``PLACES_MOST``.
PLACES_LEAST = 2
PLACES_MOST = 8

#: How many times a task whose worker was lost is submitted again.
MAX_RESUBMITS = 3


class Compiled(Protocol):
    """Anything with compiled arrays: a :class:`dlx.ExactCover`, say."""

    def links(self) -> Links:
        """The compiled arrays of the problem."""
        ...


class WorkerLost(DLXError):
    """A worker was lost while running a task, and the task could not run again.

    Raised by a parallel search when the executor reports a broken worker
    (:class:`concurrent.futures.BrokenExecutor`, e.g. a
    :class:`~concurrent.futures.process.BrokenProcessPool` after a worker
    process was killed) and submitting the task again fails too, which is
    what a :class:`~concurrent.futures.ProcessPoolExecutor` does: it cannot
    run anything once one of its processes died.  The message names the
    subproblems of the task; ``stats`` holds the work of the tasks that
    did finish (nothing of the lost task is counted), and the exception's
    ``__cause__`` is the executor's own error.

    >>> from dlx import Stats
    >>> WorkerLost("lost", Stats()).stats
    Stats(nodes=0, updates=0, cleansings=0, solutions=0)
    """

    def __init__(self, message: str, stats: Stats) -> None:
        self.stats = stats
        super().__init__(message)


# -- walking the tree above the tasks -------------------------------------------------


class FrontierEntry(Record, frozen=True):
    """One place of a :class:`Frontier`, in the serial search's order.

    :ivar options: the options chosen on the way there, one per level, in
        the order of the levels (a prefix for
        :meth:`dlx.ExactCover.search`).
    :ivar solution: ``True`` when the options are a solution found above
        the frontier's depth, ``False`` for a subproblem to search.
    :ivar weight: Knuth's estimate of the share of the search tree at this
        place: the product of ``1 / d`` over the levels, where ``d`` is the
        number of options of the item branched on there.

    >>> FrontierEntry((3, 1), False, 0.25).options
    (3, 1)
    """

    options: tuple[int, ...]
    solution: bool
    weight: float


class Frontier(Record, frozen=True):
    """The search tree cut at a depth: subproblems and solutions, in serial order.

    Made by :func:`frontier`.  Searching each subproblem
    (``problem.search(prefix=entry.options)``) and taking the solutions
    above the frontier as they stand gives the serial search's solutions
    in the serial order, and adding the subproblems' statistics to
    ``stats`` gives the serial statistics.

    :ivar entries: the subproblems and solutions, in the serial order.
    :ivar stats: the work the serial search does above the frontier: its
        nodes (dead ends and solutions above it included), the covering
        of their items and of the options leading to every child.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> cut = frontier(problem, 1)
    >>> cut.prefixes, cut.solutions
    ([(0,), (2,)], [])
    """

    entries: tuple[FrontierEntry, ...]
    stats: Stats

    @property
    def prefixes(self) -> list[tuple[int, ...]]:
        """The subproblems, in order.

        >>> from dlx import ExactCover
        >>> frontier(ExactCover("a", options=[["a"]]), 0).prefixes
        [()]
        """
        return [e.options for e in self.entries if not e.solution]

    @property
    def solutions(self) -> list[tuple[int, ...]]:
        """The solutions above the frontier, in order, each sorted as a search yields it.

        >>> from dlx import ExactCover
        >>> frontier(ExactCover("a", options=[["a"]]), 3).solutions
        [(0,)]
        """
        return [_solution(e.options) for e in self.entries if e.solution]


def _solution(options: Sequence[int]) -> tuple[int, ...]:
    """A path's options as a search yields them: sorted, without null moves (-1)."""
    return tuple(sorted(option for option in options if option >= 0))


def frontier(problem: Compiled | Links, depth: int) -> Frontier:
    """Cut the serial search tree at ``depth`` levels: list the subproblems there.

    Walks the first ``depth`` levels the way the search loop does (Knuth's
    leftmost item of fewest options, or Algorithm M's lowest score for a
    problem with bounds, whose null move is option ``-1`` of a prefix;
    no random tie-breaking), counting its
    work, and lists in the serial order each node at that depth as a
    prefix, and each solution found above it.  Depth 0 gives the whole
    problem as one subproblem (the empty prefix).

    :param problem: the problem, or its compiled arrays.
    :param depth: how many levels to fix.
    :returns: the frontier.
    :raises ValueError: when ``depth`` is negative.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> cut = frontier(problem, 1)
    >>> [s for p in cut.prefixes for s in problem.search(prefix=p)]
    [(0, 1), (2,)]
    >>> cut.stats
    Stats(nodes=1, updates=3, cleansings=0, solutions=0)
    """
    if depth < 0:
        raise ValueError(f"depth must be >= 0, not {depth}")
    links = problem if isinstance(problem, Links) else problem.links()
    if depth == 0:
        return Frontier(((FrontierEntry((), False, 1.0)),), Stats())
    return _cut(tree_walker(links), depth)


def _cut(walker: Walker, depth: int) -> Frontier:
    """:func:`frontier` with ``walker`` (from the root, and left there), ``depth`` > 0.

    A loop, not a recursion: ``depth`` may be any number of levels.
    """
    entries: list[FrontierEntry] = []
    stats = Stats()
    walker.updates = walker.cleansings = 0
    path: list[int] = []
    # Per level entered: its item, the node it is at, each branch's weight.
    items: list[int] = []
    nodes: list[int] = []
    shares: list[float] = []
    weight = 1.0
    while True:
        # Visit a node of the given weight at level len(items).
        stats.nodes += 1
        item, d = walker.choose()
        back = True  # a leaf: back to the level above
        if item < 0:
            stats.solutions += 1
            entries.append(FrontierEntry(tuple(path), True, weight))
        elif d == 0:
            walker.dead_end(item)
        else:
            items.append(item)
            nodes.append(walker.enter(item, False))
            shares.append(weight / d)
            back = False
        # The next node to visit: the deepest level's next branch.
        while True:
            if back:
                if not items:
                    stats.updates = walker.updates
                    stats.cleansings = walker.cleansings
                    return Frontier(tuple(entries), stats)
                path.pop()
                nodes[-1] = walker.untake(nodes[-1])
            node = nodes[-1]
            if node < 0:
                walker.leave(items.pop())
                nodes.pop()
                shares.pop()
                back = True
                continue
            walker.take(node)
            path.append(walker.option(node))
            if len(items) == depth:  # a node at the depth: listed, not visited
                entries.append(FrontierEntry(tuple(path), False, shares[-1]))
                back = True
                continue
            weight = shares[-1]
            break


# -- the tasks (run in the workers) ---------------------------------------------------


class _Task(Record, frozen=True):
    """One call of :func:`_run_task`: some subproblems of one problem."""

    # Unique to the task, so that Dask (which merges calls with equal
    # arguments) never hands one task the result of another, even of an
    # earlier search of the same problem.
    search_id: int
    serial: int
    key: str
    payload: bytes | None  # the problem, if the worker may not have it yet
    pieces: tuple[tuple[tuple[int, ...], int, float], ...]
    count_only: bool
    limit: int | None
    nodes: int | None
    seconds: float | None


class _PieceResult(Record, frozen=True):
    """What a task found in one subproblem."""

    nodes: int
    updates: int
    cleansings: int
    solutions: int
    found: list[tuple[int, ...]] | None
    # None: searched to the end; else what is left: (prefix, floor, weight).
    rest: list[tuple[tuple[int, ...], int, float]] | None
    truncated: bool  # stopped by the limit: nothing after it is wanted


class _TaskResult(Record, frozen=True):
    pieces: list[_PieceResult]  # the subproblems started, in order
    seconds: float
    worker: str  # the worker process that ran it (see _worker)
    missing: bool = False  # sent without the problem, which the worker lacked
    # Run here and cut short by a stop of the search (its lane's interrupt):
    # none of it may count as searched.
    abandoned: bool = False


_CACHE: dict[str, Links] = {}
_CACHE_SIZE = 4
_CACHE_LOCK = threading.Lock()  # for the tasks of a thread pool (_unpack)
# Per problem, where this worker's last walk of its tree stands: the next
# subproblem (often beside or below the last) walks only the difference.
_PLACES: dict[str, list[Place]] = {}
# This worker process, as the results name it: (its pid, a random name).
_IDENTITY: tuple[int, str] | None = None


#: The name a task run by the caller's own process gives as its worker.
_LOCAL = "the calling process"


class _Lane:
    """The calling process as one more worker: tasks run in a thread of its own, or inline.

    It searches the problem it already holds (no bytes to ship, nothing
    to rebuild) and keeps places of its own.  :meth:`close` stops the
    task it runs (within a clock check of the search) and ends the thread.

    ``inline``: where the lane is the only worker that runs (one task in
    flight: a pool short of cores, on one core), a task runs in the
    calling thread itself when it is submitted, with no thread to hand
    the interpreter to and from.  The driver then waits for nothing:
    :meth:`interrupt` (from :meth:`ParallelSearch.request_stop`) and the
    ``deadline`` reach the task's search instead.
    """

    def __init__(self, links: Links, inline: bool = False) -> None:
        self.links = links
        self.places: list[Place] = []
        self.stopped = False
        self.run: Search | None = None
        # The perf_counter() time a task's search stops at (a timeout).
        self.deadline: float | None = None
        self.pool = (
            None
            if inline
            else ThreadPoolExecutor(1, thread_name_prefix="dlx-parallel-lane")
        )

    def submit(self, task: _Task) -> Future[_TaskResult]:
        if self.pool is not None:
            return self.pool.submit(self._task, task)
        done: Future[_TaskResult] = Future()
        try:
            done.set_result(self._task(task))
        except Exception as error:  # reaches the driver as a task's would
            done.set_exception(error)
        return done

    def interrupt(self) -> None:
        """Stop the task running here within a clock check (its work is not kept).

        Safe from a signal handler: it only sets flags.
        """
        self.stopped = True
        run = self.run
        if run is not None:
            run.request_stop()

    def _task(self, task: _Task) -> _TaskResult:
        started = time.perf_counter()
        places, self.places = self.places, []
        result = _search_task(self.links, task, places, started, _LOCAL, self)
        self.places = _kept(places, self.links)
        return result

    def close(self) -> None:
        self.interrupt()
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
        self.run = None


def _pack(links: Links) -> tuple[str, bytes]:
    """The problem in a compact form for the tasks, and the key it is cached under."""
    payload = links.to_bytes()
    from hashlib import blake2b  # only a split over processes ships the problem

    return blake2b(payload, digest_size=16).hexdigest(), payload


def _unpack(key: str, payload: bytes | None) -> Links | None:
    """The problem of ``key``: from this worker's cache, else from ``payload`` (if any)."""
    links = _CACHE.get(key)
    if links is None and payload is not None:
        links = Links.from_bytes(payload)
        # The tasks of a thread pool share the cache: two threads evicting
        # at once took the same oldest entry, and the second one's del
        # raised KeyError (seen on PyPy, and on CPython with a short switch
        # interval).  Every change of the cache is made under the lock.
        with _CACHE_LOCK:
            while len(_CACHE) >= _CACHE_SIZE:
                old = next(iter(_CACHE))
                _PLACES.pop(old, None)
                del _CACHE[old]
            _CACHE[key] = links
    return links


def _worker() -> str:
    """A name for this worker process, unique to it (a forked child gets its own)."""
    global _IDENTITY
    if _IDENTITY is None or _IDENTITY[0] != os.getpid():
        _IDENTITY = (os.getpid(), os.urandom(16).hex())
    return _IDENTITY[1]


def _describe(prefix: Sequence[int], floor: int | None = None) -> str:
    if floor is None or floor == len(prefix):
        return f"the subproblem below prefix {list(prefix)}"
    return f"the subproblem at prefix {list(prefix)} from level {floor} on"


def _where(flight: _Flight) -> str:
    """The subproblems of ``flight``'s task, for a message (the first three)."""
    where = ", ".join(_describe(slot.prefix, slot.floor) for slot in flight.slots[:3])
    if len(flight.slots) > 3:
        where += f" and {len(flight.slots) - 3} more"
    return where


def _run_task(task: _Task) -> _TaskResult:
    """Search the subproblems of ``task`` in order until its budget is used up."""
    started = time.perf_counter()
    links = _unpack(task.key, task.payload)
    if links is None:  # sent without the problem, which this worker lacks
        return _TaskResult([], 0.0, _worker(), missing=True)
    # Taken out while the task runs (another thread may run a task of the
    # same problem), and kept only if every walk of them ended cleanly.
    places = _PLACES.pop(task.key, None) or []
    result = _search_task(links, task, places, started, _worker(), None)
    if task.key in _CACHE:
        _PLACES[task.key] = _kept(places, links)
    return result


def _kept(places: list[Place], links: Links) -> list[Place]:
    """The places worth keeping (the most recently used): see ``PLACES_BYTES``."""
    room = PLACES_BYTES // (16 * len(links.top))
    return places[-max(PLACES_LEAST, min(PLACES_MOST, room)) :]


def _search_task(
    links: Links,
    task: _Task,
    places: list[Place],
    started: float,
    worker: str,
    lane: _Lane | None,
) -> _TaskResult:
    """:func:`_run_task` once the problem is at hand (in a worker, or in ``lane``)."""
    deadline = None if task.seconds is None else started + task.seconds
    used = 0
    results: list[_PieceResult] = []
    for prefix, floor, weight in task.pieces:
        nodes_left = None if task.nodes is None else task.nodes - used
        seconds_left = None if deadline is None else deadline - time.perf_counter()
        if results and (
            (nodes_left is not None and nodes_left <= 0)
            or (seconds_left is not None and seconds_left <= 0)
            or (lane is not None and lane.stopped)
        ):
            break  # the rest goes back to the queue
        try:
            results.append(
                _run_piece(
                    links,
                    task,
                    prefix,
                    floor,
                    weight,
                    nodes_left,
                    seconds_left,
                    places,
                    lane,
                )
            )
        except BaseException as error:
            error.add_note(f"in {_describe(prefix, floor)} (a dlx.parallel task)")
            raise
        used += results[-1].nodes
    return _TaskResult(
        results,
        time.perf_counter() - started,
        worker,
        abandoned=lane is not None and lane.stopped,
    )


def _run_piece(
    links: Links,
    task: _Task,
    prefix: tuple[int, ...],
    floor: int,
    weight: float,
    nodes: int | None,
    seconds: float | None,
    places: list[Place],
    lane: _Lane | None = None,
) -> _PieceResult:
    started = time.perf_counter()
    # Start from the place nearest the prefix (most levels in common),
    # and keep it last (the most recently used).
    path = [(None, option) for option in prefix]
    place = Place.nearest(places, path)
    if place is None:
        place = Place(tree_walker(links), functools.partial(tree_walker, links))
    else:
        places.remove(place)
    places.append(place)

    def slice_over(report: Progress) -> None:
        # The time slice is over: stop where splitting hands back work for
        # other tasks.  Where only the search's own subtree is left (a
        # chain of single branches), handing it back would only make the
        # next task replay the path: go on, up to LONGEST_SLICES slices,
        # or longer where replaying the path (about a node's time per
        # level) would cost more than a tenth of the time searched.
        # The search is reached through a weak reference: the hook is
        # the search's own, and a cycle would keep the search (and the
        # arrays it holds) alive until a full collection.
        assert seconds is not None
        searching = running()
        if searching is None:
            return
        if searching.algorithm.splittable(searching):
            searching.request_stop()
            return
        replay = report.depth * report.elapsed / max(report.nodes, 1)
        longest = max(LONGEST_SLICES * seconds, 10 * replay)
        if time.perf_counter() - started >= longest:
            searching.request_stop()

    deadline = None if lane is None else lane.deadline
    run = search_class(links)(
        links,
        prefix=prefix,
        floor=floor,
        count_only=task.count_only,
        limit=task.limit,
        max_nodes=None if nodes is None else max(nodes, 1),
        # The search's timeout, for a task run here: its driver may be
        # waiting for it (an inline lane), not watching the clock.
        timeout=None if deadline is None else max(deadline - started, 1e-3),
        progress=None if seconds is None else slice_over,
        progress_interval=1.0 if seconds is None else max(seconds, 1e-3),
        place=place,
        estimate=False,  # the slice reads the counts and the time only
    )
    running = weakref.ref(run)
    if lane is not None:
        # Stopped by the search that owns the lane (its end, a budget, a
        # stop): as the lane's stop() reads run after setting stopped,
        # one of the two sees the other.
        lane.run = run
        if lane.stopped:
            run.request_stop()
    found: list[tuple[int, ...]] | None = None if task.count_only else []
    rest = None
    updates = cleansings = 0
    try:
        if found is None:
            for _ in run:
                pass
        else:
            found.extend(run)
    except (BudgetExceeded, Interrupted):
        if lane is not None and lane.stopped:
            # The search that owns the lane is over: its result is not
            # merged, so nothing need be handed back.
            place.lost = True
            return _PieceResult(0, 0, 0, 0, found, None, False)
        position = run.position()
        # The rest of this subproblem (the first piece split hands back)
        # goes on from where the search stopped: keep a place there
        # (copied from the search, not walked), and let another walk to
        # the branches handed back.
        if place.adopt(run):
            others = [p for p in places if p is not place]
            updates, cleansings, rest = split(
                place,
                position.path,
                position.floor,
                weight,
                known=place,
                helpers=others,
            )
            places[:] = [*others, place]
        else:
            updates, cleansings, rest = split(
                place, position.path, position.floor, weight
            )
    stats = run.stats
    return _PieceResult(
        stats.nodes,
        stats.updates + updates,
        stats.cleansings + cleansings,
        stats.solutions,
        found,
        rest,
        run.outcome is Outcome.LIMIT_REACHED,
    )


# -- where a split search stands ------------------------------------------------------

#: A subproblem of a split search: its prefix, its weight, what is known
#: of its solutions (``None``: not searched; a list: found, not handed out
#: yet; a number: as many found by a counting search), and its floor (see
#: :func:`dlx.position.split`; the prefix's length for a plain subproblem).
_Seed = tuple[tuple[int, ...], float, list[tuple[int, ...]] | int | None, int]

#: The name and version of :class:`Pieces` in JSON; another is refused.
#: Pieces of ``pydlx-pieces-2`` (before subproblems had floors) are read too.
PIECES_FORMAT = "pydlx-pieces-3"
_OLD_PIECES_FORMAT = "pydlx-pieces-2"


class Pieces(Record, frozen=True):
    """Where a split search stands: the subproblems left, and the counts so far.

    Made by :meth:`ParallelSearch.pieces`; give it to :func:`search`
    (``resume=``) to go on, on any executor.  The counts are those of the
    finished subproblems and of the work above them.  The subproblems that
    were running are searched again from their start, and those finished
    but not yet handed out keep their solutions, so a resumed search hands
    out exactly the solutions after the ones already handed out, and ends
    with exactly the count and statistics of one run.

    :ivar pieces: ``(prefix, weight, solutions, floor)`` of each
        subproblem left, in the serial order; ``solutions`` is ``None``
        for one still to search, else its solutions, found but not yet
        handed out (for a counting search, how many); ``floor`` is how
        many levels of the prefix are fixed (its length, except for a
        subproblem that goes on where a task stopped: see
        :func:`dlx.position.split`).
    :ivar stats: the counts so far.
    :ivar fingerprint: identifies the problem (:func:`dlx.position.fingerprint`).
    :ivar handed_out: the solutions handed out so far.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from dlx import ExactCover, Interrupted
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> with ThreadPoolExecutor(1) as pool:
    ...     run = search(problem, pool, count_only=True, task_nodes=1)
    ...     run.request_stop()
    ...     try:
    ...         run.count()
    ...     except Interrupted:
    ...         saved = Pieces.from_json(run.pieces().to_json())
    ...     search(problem, pool, count_only=True, resume=saved).count()
    2
    """

    pieces: tuple[_Seed, ...]
    stats: Stats
    fingerprint: str
    handed_out: int

    def to_json(self) -> str:
        """These pieces as one line of JSON; :meth:`from_json` reads it back.

        >>> Pieces((((0,), 1.0, None, 1),), Stats(1, 2, 0, 0), "ab", 0).to_json()[:30]
        '{"format": "pydlx-pieces-3", "'
        """
        import json  # only a checkpoint of a split run is written

        stats = self.stats
        return json.dumps(
            {
                "format": PIECES_FORMAT,
                "fingerprint": self.fingerprint,
                "stats": [
                    stats.nodes,
                    stats.updates,
                    stats.cleansings,
                    stats.solutions,
                ],
                "handed_out": self.handed_out,
                "pieces": [
                    [list(prefix), weight, floor, *_found_json(found)]
                    for prefix, weight, found, floor in self.pieces
                ],
            }
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Pieces:
        """Read pieces written by :meth:`to_json`.

        :param text: the JSON text.
        :returns: the pieces.
        :raises dlx.PositionError: when the text is not such pieces.

        >>> Pieces.from_json("[]")
        Traceback (most recent call last):
          ...
        dlx.errors.PositionError: not the state of a split search (no 'format' pydlx-pieces-3)
        """
        import json  # only a checkpoint of a split run is read

        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError):
            raise PositionError("not the state of a split search (not JSON)") from None
        if not isinstance(data, dict) or data.get("format") not in (
            PIECES_FORMAT,
            _OLD_PIECES_FORMAT,
        ):
            raise PositionError(
                f"not the state of a split search (no 'format' {PIECES_FORMAT})"
            )
        # [prefix, weight, floor, found?]; the old format had no floors.
        floors = data["format"] == PIECES_FORMAT
        try:
            nodes, updates, cleansings, solutions = (int(v) for v in data["stats"])
            pieces: list[_Seed] = []
            for entry in data["pieces"]:
                prefix = tuple(int(option) for option in entry[0])
                floor = int(entry[2]) if floors else len(prefix)
                if not 0 <= floor <= len(prefix):
                    raise ValueError(floor)
                known = entry[3:] if floors else entry[2:]
                found: list[tuple[int, ...]] | int | None = None
                if known and isinstance(known[0], int):
                    found = int(known[0])
                elif known:
                    found = [tuple(int(k) for k in s) for s in known[0]]
                pieces.append((prefix, float(entry[1]), found, floor))
            fingerprint = str(data["fingerprint"])
            handed_out = int(data["handed_out"])
        except (KeyError, TypeError, ValueError, IndexError):
            raise PositionError("a damaged state of a split search") from None
        stats = Stats(nodes, updates, cleansings, solutions)
        return cls(tuple(pieces), stats, fingerprint, handed_out)


def _found_json(found: list[tuple[int, ...]] | int | None) -> list[object]:
    if found is None:
        return []
    if isinstance(found, int):
        return [found]
    return [[list(solution) for solution in found]]


# -- the driver -----------------------------------------------------------------------


class _Slot:
    """A subproblem's place in the serial order, and what is known of it.

    Compared by identity (the slots are a linked list), ordered by ``key``.
    """

    __slots__ = (
        "count",
        "done",
        "floor",
        "found",
        "key",
        "next",
        "prefix",
        "truncated",
        "weight",
    )

    def __init__(
        self, key: tuple[int, ...], prefix: tuple[int, ...], weight: float, floor: int
    ) -> None:
        self.key = key  # orders the slots like the serial search
        self.prefix = prefix
        self.weight = weight
        self.floor = floor  # the levels of the prefix that are fixed
        self.done = False
        self.count = 0
        self.found: list[tuple[int, ...]] | None = None
        self.next: _Slot | None = None
        self.truncated = False

    def __lt__(self, other: _Slot) -> bool:
        return self.key < other.key


class _Flight:
    """A task on its way: its slots and how often it was submitted."""

    __slots__ = ("attempts", "local", "slots", "submitted", "task")

    def __init__(self, task: _Task, slots: list[_Slot], local: bool = False) -> None:
        self.task = task
        self.slots = slots
        self.attempts = 1
        self.submitted = time.perf_counter()
        self.local = local  # run by the calling process (its _Lane)


def _workers_of(executor: Executor) -> int:
    """How many tasks the executor runs at once, as far as it tells."""
    count = getattr(executor, "_max_workers", None)
    if isinstance(count, int) and count > 0:
        return count
    client = getattr(executor, "_client", None)
    if client is not None:
        try:
            threads: dict[str, int] = client.nthreads()
            return max(1, sum(threads.values()))
        except Exception:  # pragma: no cover - an unusual client
            pass
    return os.cpu_count() or 1


def _in_flight(executor: Executor, workers: int) -> int:
    """How many tasks to keep in flight: two per worker, so none waits for the next.

    But a process pool with more processes than this process may run on
    (``taskset``, a container's CPU set) gets one task per core: its
    processes could only take turns on the cores, each with its own copy
    of the problem in the caches, and the idle ones never rebuild it.
    """
    if _short_of_cores(executor, workers):
        return max(1, _cores())
    return 2 * workers


def _cores() -> int:
    """How many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _short_of_cores(executor: Executor, workers: int) -> bool:
    """Whether ``executor`` is a process pool with more processes than cores to run on."""
    return isinstance(executor, ProcessPoolExecutor) and _cores() < workers


def _takes_part(executor: Executor, workers: int, local: bool | None) -> bool:
    """Whether the calling process runs tasks too (``local=`` of :func:`search`).

    By default, where a process pool has more processes than cores
    (:func:`_in_flight`): only as many tasks as cores run at once, and
    the one run here costs no copy of the problem to ship and rebuild.
    """
    return _short_of_cores(executor, workers) if local is None else local


class ParallelSearch(Iterator[tuple[int, ...]]):
    """A search split over an executor, yielding solutions in the serial order.

    Made by :func:`search` (and used by :meth:`dlx.ExactCover.count`,
    :meth:`~dlx.ExactCover.solutions`, :meth:`~dlx.ExactCover.first` and
    :meth:`~dlx.ExactCover.is_unique` with ``executor=``).  Iterating it
    yields each solution as soon as it and everything before it in the
    serial order is known; :meth:`count` counts without yielding.  When the
    search ends, ``stats`` equals the serial search's statistics (not when
    a ``limit`` stopped it: the tasks then search past the last solution
    wanted), and ``outcome`` says why it ended.  The executor is never shut
    down; tasks still pending when the search ends are cancelled.

    An exception raised in a task reaches the caller as itself, with a
    note naming the subproblem.  A task whose worker was lost is
    submitted again (up to 3 times); when the executor refuses (a broken
    process pool), :class:`WorkerLost` names the subproblems.  A budget
    raises :class:`~dlx.BudgetExceeded` and :meth:`request_stop`
    :class:`~dlx.Interrupted`, as for one process; both come within
    about a task's time of the budget (the work of the tasks in flight
    is not counted).

    :ivar stats: the statistics of everything finished so far.
    :ivar outcome: how the search stands.
    :ivar tasks: how many tasks have finished.
    :ivar task_times: the seconds each finished task took in its worker.
    :ivar local_tasks: how many of the finished tasks the calling process
        ran itself (see ``local`` of :func:`search`).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> serial = problem.search()
    >>> with ThreadPoolExecutor(2) as pool:
    ...     run = search(problem, pool, task_nodes=1)
    ...     print(list(run), list(serial), run.stats == serial.stats)
    [(0, 1), (2,)] [(0, 1), (2,)] True
    """

    def __init__(
        self,
        links: Links,
        executor: Executor,
        *,
        count_only: bool = False,
        limit: int | None = None,
        max_nodes: int | None = None,
        timeout: float | None = None,
        progress: Callable[[Progress], object] | None = None,
        progress_interval: float = 1.0,
        task_seconds: float | None = TASK_SECONDS,
        task_nodes: int | None = None,
        workers: int | None = None,
        depth: int | None = None,
        renew: Callable[[], Executor] | None = None,
        resume: Pieces | None = None,
        local: bool | None = None,
    ) -> None:
        if resume is not None and resume.fingerprint != fingerprint(links):
            raise PositionError("the pieces are of another problem")
        if depth is not None and depth < 0:
            raise ValueError(f"depth must be >= 0, not {depth}")
        check_budgets(limit, max_nodes, timeout, progress_interval)
        refuse("split", links)
        if task_seconds is None and task_nodes is None:
            raise ValueError("give task_seconds or task_nodes (or both)")
        if task_seconds is not None and not task_seconds > 0:
            raise ValueError(f"task_seconds must be > 0, not {task_seconds}")
        if task_nodes is not None and task_nodes < 1:
            raise ValueError(f"task_nodes must be >= 1, not {task_nodes}")
        if workers is not None and workers < 1:
            raise ValueError(f"workers must be >= 1, not {workers}")
        self.links = links
        self.executor = executor
        self.stats = Stats()
        self.outcome = Outcome.RUNNING
        self.tasks = 0
        self.task_times: list[float] = []
        self._count_only = count_only
        self._limit = limit
        self._max_nodes = max_nodes
        self._timeout = timeout
        self._progress = progress
        self._interval = progress_interval
        self._task_seconds = task_seconds
        self._task_nodes = task_nodes
        self._workers = workers or _workers_of(executor)
        self._flying = _in_flight(executor, self._workers)
        self._local = _takes_part(executor, self._workers, local)
        self.local_tasks = 0
        self._lane: _Lane | None = None  # while the search runs, if local
        self._depth = depth
        self._renew = renew
        self._id = int.from_bytes(os.urandom(16), "big")
        self._resume = resume
        # The worker processes known to hold the problem: once all the
        # workers do, tasks go without it (a task that meets a worker
        # without it comes back at once and goes again with it).
        self._holders: set[str] = set()
        # The problem as the workers get it, packed when a task first goes
        # to the executor (never, when the calling process runs them all).
        self._key = ""
        self._payload = b""
        self._head: _Slot | None = None
        self._cursor: _Slot | None = None  # the first slot not handed out
        self._stop_requested = False
        # Solutions handed out so far (for a resumed search: those before).
        self._emitted = 0 if resume is None else resume.handed_out
        self._batches = self._run()
        self._pending: list[tuple[int, ...]] = []

    def __iter__(self) -> ParallelSearch:
        return self

    def __next__(self) -> tuple[int, ...]:
        while not self._pending:
            batch = next(self._batches)  # StopIteration ends the iteration
            if isinstance(batch, list):
                self._pending = batch[::-1]
            # else: a count (count_only), which hands nothing out
        return self._pending.pop()

    @property
    def handed_out(self) -> int:
        """How many solutions the search has handed out so far (in the serial order).

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from dlx import ExactCover
        >>> with ThreadPoolExecutor(1) as pool:
        ...     run = search(ExactCover("a", options=[["a"]]), pool)
        ...     print(run.handed_out, list(run), run.handed_out)
        0 [(0,)] 1
        """
        return self._emitted - len(self._pending)

    def count(self) -> int:
        """Run the search to its end and return the number of solutions.

        With a ``limit``, at most that many.

        :returns: the number of solutions.
        :raises BudgetExceeded: when a budget runs out first.

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from dlx import ExactCover
        >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
        >>> with ThreadPoolExecutor(2) as pool:
        ...     search(problem, pool, count_only=True).count()
        2
        """
        for _ in self._batches:
            pass
        return self._emitted

    def pieces(self) -> Pieces:
        """Where the search stands, to go on later (``resume=``).

        Valid whenever the search hands back control: after
        :class:`~dlx.Interrupted` or :class:`~dlx.BudgetExceeded`, between
        two solutions, and in the progress hook.  See :class:`Pieces`.

        :returns: the subproblems left and the counts so far.
        :raises ValueError: for a search with a ``limit``, or one that is over.

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from dlx import ExactCover
        >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
        >>> with ThreadPoolExecutor(1) as pool:
        ...     run = search(problem, pool, task_nodes=1)
        ...     first = next(run)
        ...     rest = list(search(problem, pool, resume=run.pieces()))
        >>> [first, *rest]
        [(0, 1), (2,)]
        """
        if self._limit is not None:
            raise ValueError(
                "pieces() of a search with a limit: its tasks search past the "
                "limit, which pieces cannot keep"
            )
        if self.outcome in (Outcome.EXHAUSTED, Outcome.LIMIT_REACHED):
            raise ValueError(f"the search is over ({self.outcome.value})")
        fp = fingerprint(self.links)
        if self._head is None:  # not started
            if self._resume is not None:
                return self._resume
            return Pieces((((), 1.0, None, 0),), Stats(), fp, 0)
        left: list[_Seed] = []
        # Solutions taken from the workers' results but not handed out yet,
        # then each subproblem from the first not handed out: those done
        # keep their solutions (a counting search: how many).
        if self._pending:
            pending = self._pending[::-1]
            left.append(((), 0.0, len(pending) if self._count_only else pending, 0))
        slot = self._cursor
        while slot is not None:
            if not slot.done:
                left.append((slot.prefix, slot.weight, None, slot.floor))
            elif self._count_only:
                left.append((slot.prefix, slot.weight, slot.count, slot.floor))
            else:
                found = list(slot.found or ())
                left.append((slot.prefix, slot.weight, found, slot.floor))
            slot = slot.next
        return Pieces(tuple(left), records.replace(self.stats), fp, self.handed_out)

    def left_over(self) -> list[tuple[int, ...]]:
        """The solutions found but not handed out: what a stopped search still holds.

        The search hands out its solutions in the serial order, so a
        subproblem finished after one still running waits for it.  After
        :class:`~dlx.Interrupted` or :class:`~dlx.BudgetExceeded` these are
        the solutions of every subproblem finished beyond the first
        unfinished one (and any taken from the tasks' results but not yet
        handed out), in the serial order but with gaps where subproblems
        are unfinished.  :meth:`pieces` keeps them too, to hand out on
        resume; a caller that will not resume takes them from here.
        ``[]`` for a counting search (its count so far is
        ``stats.solutions``) and for one that is over.  With a ``limit``,
        no more than it leaves.

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from dlx import BudgetExceeded, ExactCover
        >>> problem = ExactCover("abc", options=[["a"], ["b"], ["c"], ["a", "b"],
        ...                                      ["b", "c"], ["a", "c"]])
        >>> with ThreadPoolExecutor(2) as pool:
        ...     run = search(problem, pool, max_nodes=2)
        ...     got = []
        ...     try:
        ...         got.extend(run)
        ...     except BudgetExceeded:
        ...         got.extend(run.left_over())
        >>> len(got) == run.stats.solutions
        True
        """
        if self._count_only or self._head is None:
            return []
        found = self._pending[::-1]
        slot = self._cursor
        while slot is not None:
            if slot.done and slot.found:
                found.extend(slot.found)
            slot = slot.next
        if self._limit is not None:
            found = found[: max(0, self._limit - self.handed_out)]
        return found

    def request_stop(self) -> None:
        """Ask the search to stop: it raises :class:`~dlx.Interrupted` soon after.

        Safe from a signal handler, another thread or a progress hook.
        The tasks in flight are cancelled, and their work is not counted.

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from dlx import ExactCover, Interrupted
        >>> with ThreadPoolExecutor(1) as pool:
        ...     run = search(ExactCover("a", options=[["a"]]), pool)
        ...     run.request_stop()
        ...     try:
        ...         next(run)
        ...     except Interrupted:
        ...         print(run.outcome)
        Outcome.INTERRUPTED
        """
        self._stop_requested = True
        lane = self._lane
        if lane is not None:
            lane.interrupt()

    def close(self) -> None:
        """Stop the search now and cancel its pending tasks (no exception).

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from dlx import ExactCover
        >>> with ThreadPoolExecutor(1) as pool:
        ...     run = search(ExactCover("a", options=[["a"]]), pool)
        ...     run.close()
        ...     list(run)
        []
        """
        self._batches.close()

    # -- the loop ----------------------------------------------------------------

    def _stop(self, outcome: Outcome, detail: str, kind: type[Exception]) -> None:
        self.outcome = outcome
        raise kind(outcome, self.stats, detail)

    def _run(self) -> Generator[list[tuple[int, ...]] | int, None, None]:
        """Yield the solutions (or their number) in order, batch by batch."""
        started = time.perf_counter()
        links = self.links
        limit = self._limit
        if limit == 0:
            self.outcome = Outcome.LIMIT_REACHED
            return
        # Each subproblem to start with: its prefix, weight, and its
        # solutions when they are already known (a solution above the
        # frontier; a subproblem done but not handed out before a resume).
        seeds: Sequence[_Seed]
        # The calling process runs tasks too; the only tasks, one at a
        # time, where one task is in flight: then in this thread.
        lane = _Lane(links, inline=self._flying == 1) if self._local else None
        self._lane = lane
        if lane is not None:
            lane.stopped = self._stop_requested  # asked before it started
            if self._timeout is not None:
                lane.deadline = started + self._timeout
        if self._resume is not None:
            self.stats = records.replace(self._resume.stats)
            seeds = self._resume.pieces
        else:
            if lane is not None:
                # The walk that cuts the frontier copies the problem's
                # arrays; the driver's own objects would soon set off a
                # collection of the young objects, those copies among
                # them (10 ms at 600,000 nodes).  Collected now, while
                # the young ones are few, they are not (a serial search
                # allocates next to nothing, and sets off none either).
                gc.collect(0)
            cut, walked = self._first_frontier()
            if lane is not None and walked is not None:
                # The walk that cut the frontier is back at the root: the
                # first place of this process's tasks, not a new copy.
                lane.places.append(Place(walked, functools.partial(tree_walker, links)))
            self.stats = cut.stats
            seeds = [
                (
                    e.options,
                    e.weight,
                    [_solution(e.options)] if e.solution else None,
                    len(e.options),
                )
                for e in cut.entries
            ]
        # The slots in the serial order (a linked list), and the queue of
        # those not yet given to a task (earliest first).
        head: _Slot | None = None
        tail: _Slot | None = None
        queue: list[_Slot] = []
        outstanding = 0.0  # the weight of the subproblems not yet searched
        for k, (prefix, weight, found, floor) in enumerate(seeds):
            slot = _Slot((k,), prefix, weight, floor)
            if isinstance(found, int):
                slot.done = True
                slot.count = found
            elif found is not None:
                slot.done = True
                slot.count = len(found)
                slot.found = list(found) if not self._count_only else None
            else:
                queue.append(slot)
                outstanding += weight
            if tail is None:
                head = slot
            else:
                tail.next = slot
            tail = slot
        cursor = head
        self._head = self._cursor = head
        flights: dict[Future[_TaskResult], _Flight] = {}
        serial = itertools.count()
        per_task = max(1, -(-len(queue) // (2 * self._workers)))
        last_report = started
        try:
            while True:
                # Hand out what is known, in order.
                batch: list[tuple[int, ...]] = []
                counted = 0
                if limit is not None and self._emitted >= limit:
                    # The budgets hold for the frontier's walk too.
                    self._check_budgets(started, time.perf_counter())
                    self.outcome = Outcome.LIMIT_REACHED
                    if self._progress is not None:  # the last report, as a search's
                        self._report(started, time.perf_counter(), outstanding, 0)
                    return
                while cursor is not None and cursor.done:
                    n = cursor.count
                    if limit is not None:
                        n = max(0, min(n, limit - self._emitted - counted))
                    if cursor.found is not None:
                        batch.extend(cursor.found[:n])
                    counted += n
                    cursor = cursor.next
                    if limit is not None and self._emitted + counted >= limit:
                        break
                if counted:
                    # The budgets hold for the frontier's walk too (it may
                    # have found these), as for a serial search's nodes.
                    # Checked before the cursor moves past them: a stop
                    # here keeps them for pieces(), to hand out on resume
                    # (a resumed search may be over its budget at once).
                    self._check_budgets(started, time.perf_counter())
                self._cursor = cursor
                if counted:
                    self._emitted += counted
                    yield batch if not self._count_only else counted
                if limit is not None and self._emitted >= limit:
                    # The budgets hold for the frontier's walk too.
                    self._check_budgets(started, time.perf_counter())
                    self.outcome = Outcome.LIMIT_REACHED
                    if self._progress is not None:  # the last report, as a search's
                        self._report(started, time.perf_counter(), outstanding, 0)
                    return
                if cursor is None:
                    assert not flights and not queue
                    # The budgets hold for the frontier's walk too: a search
                    # that it finished may still have spent too much.
                    self._check_budgets(started, time.perf_counter())
                    self.outcome = Outcome.EXHAUSTED
                    if self._progress is not None:
                        self._report(started, time.perf_counter(), 0.0, 0)
                    return
                # Keep two tasks per worker in flight (one per core, where
                # local processes outnumber the cores they may run on).
                while queue and len(flights) < self._flying:
                    count = per_task
                    if len(flights) < self._workers:
                        count = max(1, min(count, len(queue) // self._workers))
                    slots = [
                        heapq.heappop(queue) for _ in range(min(count, len(queue)))
                    ]
                    # The calling process takes a task first when it runs
                    # them too (it holds the problem: nothing to ship).
                    local = lane is not None and not any(
                        flight.local for flight in flights.values()
                    )
                    task = self._task(next(serial), slots, local)
                    flight = _Flight(task, slots, local=local)
                    if lane is not None and local:
                        future = lane.submit(task)
                    else:
                        # The pool may have broken since the last results
                        # came (a worker killed): a new one runs this.
                        future = self._submit(flight, None)
                    flights[future] = flight
                # Wait for a task, a report, a budget or a stop.
                now = time.perf_counter()
                wake = 0.2
                if self._progress is not None:
                    wake = min(wake, max(0.0, last_report + self._interval - now))
                if self._timeout is not None:
                    wake = min(wake, max(0.0, started + self._timeout - now))
                finished, _ = wait(flights, timeout=wake, return_when=FIRST_COMPLETED)
                for future in finished:
                    flight = flights.pop(future)
                    result = self._result(future, flight, flights)
                    if result is None:
                        continue
                    if result.abandoned:
                        # Stopped by request_stop() (the driver stops next):
                        # its subproblems stay to search, as if never started.
                        for slot in flight.slots:
                            heapq.heappush(queue, slot)
                        continue
                    outstanding += self._merge(result, flight, queue)
                now = time.perf_counter()
                if self._stop_requested:
                    self._stop(
                        Outcome.INTERRUPTED,
                        stop_message(Outcome.INTERRUPTED, self.stats.nodes),
                        Interrupted,
                    )
                self._check_budgets(started, now)
                if self._progress is not None and now - last_report >= self._interval:
                    last_report = now
                    depth = min((len(s.prefix) for s in queue), default=0)
                    self._report(started, now, outstanding, depth)
        finally:
            for future in flights:
                future.cancel()
            if lane is not None:
                lane.close()
                self._lane = None
            if self.outcome is Outcome.RUNNING:
                self.outcome = Outcome.INTERRUPTED

    def _check_budgets(self, started: float, now: float) -> None:
        """Stop (raising :class:`~dlx.BudgetExceeded`) when a budget has run out."""
        if self._max_nodes is not None and self.stats.nodes > self._max_nodes:
            self._stop(
                Outcome.OUT_OF_NODES,
                stop_message(Outcome.OUT_OF_NODES, self.stats.nodes, self._max_nodes),
                BudgetExceeded,
            )
        if self._timeout is not None and now - started >= self._timeout:
            self._stop(
                Outcome.OUT_OF_TIME,
                stop_message(Outcome.OUT_OF_TIME, now - started, self._timeout),
                BudgetExceeded,
            )

    def _first_frontier(self) -> tuple[Frontier, Walker | None]:
        """The shallowest frontier with enough subproblems for every worker.

        And the walker that cut it, back at the root (``None``: none did).
        """
        if self._depth is not None:
            return frontier(self.links, self._depth), None
        wanted = PIECES_PER_WORKER * self._workers
        cut = frontier(self.links, 0)
        if self._workers == 1:
            return cut, None
        walker = tree_walker(self.links)  # one walk from the root per depth
        for depth in range(1, MAX_FRONTIER_DEPTH + 1):
            if len(cut.prefixes) >= wanted:
                break
            cut = _cut(walker, depth)
            if not cut.prefixes:
                break
        return cut, walker

    def _task(self, serial: int, slots: list[_Slot], local: bool) -> _Task:
        nodes = self._task_nodes
        if self._max_nodes is not None:
            left = max(1, self._max_nodes - self.stats.nodes)
            nodes = left if nodes is None else min(nodes, left)
        payload = None
        if not local:
            if not self._key:
                self._key, self._payload = _pack(self.links)
            if len(self._holders) < self._processes():
                payload = self._payload
        return _Task(
            self._id,
            serial,
            self._key,
            payload,
            tuple((slot.prefix, slot.floor, slot.weight) for slot in slots),
            self._count_only,
            self._limit,
            nodes,
            self._task_seconds,
        )

    def _processes(self) -> int:
        """How many workers may lack the problem: those of a process pool started so far.

        A process pool starts its processes as tasks come (but for the
        ``fork`` method); one started after the count comes back with
        the task, which then goes again with the problem.
        """
        started = getattr(self.executor, "_processes", None)
        if isinstance(self.executor, ProcessPoolExecutor) and isinstance(started, dict):
            return max(1, min(self._workers, len(started)))
        return self._workers

    def _submit(
        self, flight: _Flight, lost: BaseException | None
    ) -> Future[_TaskResult]:
        """Submit ``flight``'s task; a broken pool is replaced where it may be.

        A process pool cannot run anything once one of its processes died
        (:class:`~concurrent.futures.BrokenExecutor`, at ``submit`` or as a
        task's error ``lost``): with a ``renew`` given, a new pool runs
        this task and, as their errors come, the others that were in
        flight.  Without one, or where even submitting fails otherwise,
        :class:`WorkerLost`.
        """
        try:
            return self.executor.submit(_run_task, flight.task)
        except BrokenExecutor as broken:
            if self._renew is None:
                error = lost or broken
                raise self._lost(flight, error) from error
            self.executor = self._renew()
            self._holders.clear()
        except Exception:
            if lost is None:
                raise
            raise self._lost(flight, lost) from lost
        return self.executor.submit(_run_task, flight.task)

    def _lost(self, flight: _Flight, error: BaseException) -> WorkerLost:
        """The error of a task that a lost worker took and that cannot run again."""
        return WorkerLost(
            f"a worker was lost while running {_where(flight)}, and the "
            f"executor cannot run it again ({type(error).__name__}: {error}); "
            "nothing of it was counted",
            self.stats,
        )

    def _result(
        self,
        future: Future[_TaskResult],
        flight: _Flight,
        flights: dict[Future[_TaskResult], _Flight],
    ) -> _TaskResult | None:
        """The task's result; a lost worker's task goes again (``None``)."""
        error = future.exception()
        if error is None:
            result = future.result()
            if flight.local:
                self.local_tasks += 1
                return result
            if not result.missing:
                self._holders.add(result.worker)
                return result
            # A worker without the problem (a new one, or one whose cache
            # let it go): the same task again, with the problem.
            self._holders.discard(result.worker)
            flight.task = records.replace(flight.task, payload=self._payload)
            flights[self._submit(flight, None)] = flight
            return None
        if isinstance(error, BrokenExecutor):
            if flight.attempts > MAX_RESUBMITS:
                raise self._lost(flight, error) from error
            flight.attempts += 1
            flights[self._submit(flight, error)] = flight
            return None
        where = _where(flight)
        if not any(
            "dlx.parallel task" in note for note in getattr(error, "__notes__", ())
        ):
            error.add_note(f"in a dlx.parallel task: {where}")
        raise error

    def _merge(self, result: _TaskResult, flight: _Flight, queue: list[_Slot]) -> float:
        """Take in a task's result; return the change of the outstanding weight."""
        self.tasks += 1
        self.task_times.append(result.seconds)
        stats = self.stats
        change = 0.0
        for slot, piece in zip(flight.slots, result.pieces, strict=False):
            stats.nodes += piece.nodes
            stats.updates += piece.updates
            stats.cleansings += piece.cleansings
            stats.solutions += piece.solutions
            slot.count = piece.solutions
            slot.found = piece.found
            slot.truncated = piece.truncated
            change -= slot.weight
            if piece.rest is not None and not piece.truncated:
                after = slot.next
                previous = slot
                for k, (prefix, floor, weight) in enumerate(piece.rest):
                    child = _Slot((*slot.key, k), prefix, weight, floor)
                    previous.next = child
                    previous = child
                    heapq.heappush(queue, child)
                    change += weight
                previous.next = after
            slot.done = True
        for slot in flight.slots[len(result.pieces) :]:
            heapq.heappush(queue, slot)
        return change

    def _report(
        self, started: float, now: float, outstanding: float, depth: int
    ) -> None:
        assert self._progress is not None
        elapsed = now - started
        fraction = min(1.0, max(0.0, 1.0 - outstanding))
        remaining = remaining_seconds(elapsed, fraction, False)
        self._progress(
            Progress(
                self.stats.nodes,
                self.stats.updates,
                self.stats.solutions,
                elapsed,
                depth,
                fraction,
                remaining,
            )
        )


def search(
    problem: Compiled | Links,
    executor: Executor,
    *,
    count_only: bool = False,
    limit: int | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], object] | None = None,
    progress_interval: float = 1.0,
    task_seconds: float | None = TASK_SECONDS,
    task_nodes: int | None = None,
    workers: int | None = None,
    depth: int | None = None,
    renew: Callable[[], Executor] | None = None,
    resume: Pieces | None = None,
    local: bool | None = None,
) -> ParallelSearch:
    """Start a search of ``problem`` split over ``executor``.

    The search starts when it is first iterated (or :meth:`~ParallelSearch.count`
    is called).  The parameters are as for :class:`dlx.Search`, and:

    :param problem: the problem, or its compiled arrays.
    :param executor: any :class:`concurrent.futures.Executor` whose workers
        can import :mod:`dlx` (a process pool, Dask's
        ``Client.get_executor()``, a thread pool).  It is not shut down.
    :param count_only: count the solutions without handing them out: the
        search yields nothing (and the workers ship no solutions back);
        :attr:`ParallelSearch.handed_out` and :meth:`ParallelSearch.count`
        tell how many it found.
    :param limit: stop after this many solutions (the first ones of the
        serial order).
    :param max_nodes: node budget over all workers.
    :param timeout: wall-clock budget in seconds.
    :param progress: called with a :class:`~dlx.Progress` about every
        ``progress_interval`` seconds, and once at the end.
    :param progress_interval: seconds between two reports.
    :param task_seconds: seconds of searching per task before it splits
        its subproblem (``None``: no time slice).
    :param task_nodes: search nodes per task before it splits (``None``:
        no node budget); the tests use small ones to split often.
    :param workers: how many tasks the executor runs at once (default:
        what it tells, else the number of cores).
    :param depth: the depth of the first frontier (default: the
        shallowest with 8 subproblems per worker, at most 8 levels).
    :param renew: called for a new executor when ``executor`` is broken
        (a process pool whose worker died cannot run anything more): the
        lost tasks run again there, nothing counted twice.  Without it, a
        broken executor ends the search with :class:`WorkerLost`.  The
        ``dlx --jobs`` command passes one that starts a new pool.
    :param resume: go on from the :class:`Pieces` of an earlier parallel
        search of the same problem (counting or listing solutions).
    :param local: whether the calling process runs tasks too, in a thread
        of its own, as one of the tasks in flight (it holds the problem:
        nothing to ship, nothing to rebuild).  ``None`` (the default):
        when ``executor`` is a process pool with more processes than the
        cores this process may run on, where only one task per core runs
        at once; on one core, the calling process then runs every task,
        one at a time in the thread that iterates the search (nothing
        runs beside it), and the pool starts no process.  ``True``:
        always (a thread pool gains nothing by it); ``False``: never.
        :meth:`~ParallelSearch.request_stop` and ``timeout`` reach a task
        running here at its search's next clock check.
    :returns: the search, not yet started.
    :raises ValueError: on a negative budget or a bad task size.
    :raises dlx.PositionError: when ``resume`` is of another problem.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> with ThreadPoolExecutor(2) as pool:
    ...     list(search(problem, pool, task_nodes=1))
    [(0, 1), (2,)]
    """
    links = problem if isinstance(problem, Links) else problem.links()
    return ParallelSearch(
        links,
        executor,
        count_only=count_only,
        limit=limit,
        max_nodes=max_nodes,
        timeout=timeout,
        progress=progress,
        progress_interval=progress_interval,
        task_seconds=task_seconds,
        task_nodes=task_nodes,
        workers=workers,
        depth=depth,
        renew=renew,
        resume=resume,
        local=local,
    )


# -- the cheapest solutions (Algorithm X5, Knuth's DLX5) over an executor --------------
#
# A minimum-cost search prunes with the solutions it has found, so its tree
# is not fixed in advance and is not cut and replayed as above.  Instead the
# tree without a cutoff is cut at a frontier (with Algorithm X5's walker),
# and each prefix is searched by a CostSearch below it, in time slices: a
# slice that is not done hands back its best so far and its position
# (CostSearch.position(), which carries its own best and the thresholds of
# its levels), and the next slice of that prefix resumes there.  The tasks
# share the best costs: each slice starts with the k-th best total cost of
# all the results merged so far as its bound (a solution must be cheaper),
# and its own cutoff never rises above it.  Tasks are handed out one per
# free worker, a prefix's next slice first, then the frontier's prefixes
# in order, so each gets the freshest bound.  A budget, a stop request or
# Ctrl-C ends the search with what every task had found: the tasks in
# flight end within their slice (or the deadline) and are merged first.

#: Seconds a task of a minimum-cost search runs before it hands back its
#: best so far and where it stands: a stop then waits at most about this
#: long for the tasks in flight, and each next slice starts with the best
#: cost found since.  The executor's cost per task (about 0.3 ms for a
#: process pool, a few ms for Dask) and the replay of the path are lost in
#: it (see docs/performance.rst).
BEST_TASK_SECONDS = 0.3

#: How long the driver waits at most, past the end of the tasks' slices,
#: for the tasks in flight when a budget or a stop ends the search (a
#: task ends within a clock check of its slice; a worker process that is
#: still starting, or a lost one, may not): what comes later is not kept.
BEST_GRACE = 1.0


class _BestTask(Record, frozen=True):
    """One call of :func:`_run_best_task`: one slice of one prefix of a minimum-cost search."""

    search_id: int
    serial: int
    key: str
    payload: bytes
    prefix: tuple[int, ...]
    keep: int
    bound: int | None
    seconds: float | None
    canonical: Callable[[tuple[int, ...]], tuple[int, ...]] | None = None
    # Where the prefix's last slice stopped: go on from there (its own
    # best so far and thresholds come with it).
    resume: Position | None = None
    nodes: int | None = None  # search nodes per slice (the tests' small slices)
    driver: int = 0  # the process id of the search's driver


class _BestResult(Record, frozen=True):
    # (total cost, options), cheapest first: the solutions this slice
    # found among the task's best (not those of the slices before it).
    found: list[tuple[int, tuple[int, ...]]]
    stats: Stats  # the work of this slice
    complete: bool  # False: the slice ended before the prefix was searched
    seconds: float
    # Where to go on (complete False); None where it cannot (Ctrl-C in a worker).
    resume: Position | None = None
    stopped: bool = False  # stopped by a stop of the search or Ctrl-C


# The minimum-cost searches running in this process, by the id of their
# split search: a stop of the search reaches those of a thread pool (or of
# an executor that runs tasks in the caller) at their next clock check.
_BEST_RUNNING: dict[int, list[CostSearch]] = {}
# The split searches stopped in this process: a slice that starts after
# the stop stops at once.
_BEST_HALTED: set[int] = set()
_BEST_LOCK = threading.Lock()


def _halt_best(search_id: int) -> None:
    """Stop the slices of ``search_id`` running in this process (at their next clock check)."""
    with _BEST_LOCK:
        _BEST_HALTED.add(search_id)
        running = list(_BEST_RUNNING.get(search_id, ()))
    for search in running:
        search.request_stop()


def _run_best_task(task: _BestTask) -> _BestResult:
    """Search one slice below ``task.prefix`` for its cheapest solutions under ``task.bound``.

    The slice ends when the prefix is searched (``complete``), when its
    seconds or nodes are used up (it hands back its position), or when
    its split search is stopped in this process.
    """
    started = time.perf_counter()
    links = _unpack(task.key, task.payload)
    assert links is not None  # every best task carries the problem
    resume = task.resume
    max_nodes = None
    if task.nodes is not None:
        max_nodes = task.nodes + (0 if resume is None else resume.nodes)
    search = CostSearch(
        links,
        keep=task.keep,
        bound=task.bound,
        canonical=task.canonical,
        prefix=task.prefix if resume is None else None,
        resume=resume,
        timeout=task.seconds,
        max_nodes=max_nodes,
        count_only=True,
    )
    # A resumed search holds the best of the slices before it, which the
    # driver has merged: only what this slice adds goes back.
    before = records.replace(search.stats)
    known = {solution for _, solution in search.best()}
    complete = stopped = False
    position: Position | None = None
    with _BEST_LOCK:
        _BEST_RUNNING.setdefault(task.search_id, []).append(search)
        if task.search_id in _BEST_HALTED:
            search.request_stop()
    try:
        search.run()
        complete = True
    except Interrupted:
        stopped = True
        position = search.position()
    except BudgetExceeded:
        position = search.position()
    except KeyboardInterrupt:
        if os.getpid() == task.driver:
            raise  # the caller's own Ctrl-C (a task run in its main thread)
        # Ctrl-C reached a worker process (a terminal's signal goes to the
        # whole process group): its finds go back, and the search stops.
        stopped = True
    finally:
        with _BEST_LOCK:
            running = _BEST_RUNNING[task.search_id]
            running.remove(search)
            if not running:
                del _BEST_RUNNING[task.search_id]
    stats = search.stats
    return _BestResult(
        [(cost, s) for cost, s in search.best() if s not in known],
        Stats(
            stats.nodes - before.nodes,
            stats.updates - before.updates,
            stats.cleansings - before.cleansings,
            stats.solutions - before.solutions,
        ),
        complete,
        time.perf_counter() - started,
        position,
        stopped,
    )


def _cost_frontier(links: Links, wanted: int) -> list[tuple[int, ...]]:
    """Prefixes of Algorithm X5's tree (without a cutoff), in its order: ``wanted`` or more.

    The tree is cut at the shallowest depth with at least ``wanted``
    places (or at its leaves); a place is a prefix whose subtree holds
    solutions or not (dead ends above the cut are dropped, a solution
    above it is a prefix of its own).
    """
    depth = 1
    while True:
        walker = tree_walker(links, "X5")
        places: list[tuple[int, ...]] = []
        path: list[int] = []
        deeper = False
        # An explicit stack, not recursion: (item, node) per level entered.
        levels: list[tuple[int, int]] = []
        node = -2  # -2: choose at this level
        while True:
            if node == -2:
                item, d = walker.choose()
                if item < 0 or len(path) == depth:
                    deeper = deeper or item >= 0
                    places.append(tuple(path))
                    node = -1
                elif d == 0:
                    node = -1  # a dead end above the cut
                else:
                    node = walker.enter(item, False)
                    levels.append((item, node))
                    walker.take(node)
                    path.append(walker.option(node))
                    node = -2
                    continue
            # Back up to the next branch.
            if not levels:
                break
            item, node = levels.pop()
            path.pop()
            after = walker.untake(node)
            if after >= 0:
                levels.append((item, after))
                walker.take(after)
                path.append(walker.option(after))
                node = -2
            else:
                walker.leave(item)
                node = -1
        if len(places) >= wanted or not deeper:
            return places
        depth += 1


class BestSearch:
    """The cheapest solutions of a problem, searched by tasks on an executor.

    Made by :func:`best`; :meth:`run` searches, and :meth:`best` gives
    the cheapest solutions found (all of them once :meth:`run` has
    returned, the best so far after it raised).  The costs are those of
    the serial search (:meth:`dlx.ExactCover.best`); solutions of equal
    cost come in the order the tasks reported them, so where several
    share the ``k``-th cost, which of them are kept may differ from the
    serial search's.  ``stats`` adds up the work of the tasks, which is
    not the serial search's: each task prunes with the bound it was given
    and its own solutions.

    Each prefix of the tree is searched in time slices (``task_seconds``):
    a slice that is not done hands back its best so far and where it
    stands, and the prefix's next slice goes on from there with the best
    cost found since as its bound.  So nothing found is lost when the
    search stops: when ``timeout`` runs out, no more slices start, and
    those in flight (given no more than the time left) are waited for
    and merged before :class:`~dlx.BudgetExceeded` is raised; after
    :meth:`request_stop` or Ctrl-C (:class:`KeyboardInterrupt` in the
    thread that runs it), those in flight are stopped where they run in
    this process (a thread pool) and waited for, a slice at most, where
    they run elsewhere, and merged before :class:`~dlx.Interrupted` (or
    the :class:`KeyboardInterrupt`) goes up.  The driver waits at most
    ``BEST_GRACE`` seconds past their slices' end; what a task that
    takes longer found (a lost or a still starting worker) is not kept.
    A Ctrl-C that reaches a worker process (a terminal's, sent to the
    whole process group) ends its slice with what it found, and stops the
    search.

    :ivar stats: the work of the tasks finished so far.
    :ivar outcome: how the search stands.
    :ivar tasks: how many tasks (slices) have finished.
    :ivar bounds_given: how many tasks started with a bound from the
        tasks before them.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab")
    >>> for option, cost in ((["a"], 3), (["b"], 1), (["a", "b"], 5)):
    ...     _ = problem.add_option(option, cost=cost)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     run = BestSearch(problem.links(), pool, 1)
    ...     run.run()
    >>> run.best(), run.outcome.value
    ([(4, (0, 1))], 'exhausted')
    """

    def __init__(
        self,
        links: Links,
        executor: Executor,
        k: int,
        *,
        timeout: float | None = None,
        share: bool = True,
        pieces: int | None = None,
        canonical: Callable[[tuple[int, ...]], tuple[int, ...]] | None = None,
        task_seconds: float | None = BEST_TASK_SECONDS,
        task_nodes: int | None = None,
    ) -> None:
        self.links = links
        self.executor = executor
        self.keep = k
        self.canonical = canonical
        self._kept: set[tuple[int, ...]] = set()
        self.timeout = timeout
        self.share = share
        self.task_seconds = task_seconds
        self.task_nodes = task_nodes
        self.workers = _workers_of(executor)
        self.wanted = pieces if pieces is not None else 8 * self.workers
        self.stats = Stats()
        self.outcome = Outcome.RUNNING
        self.tasks = 0
        self.bounds_given = 0
        self._heap: list[tuple[int, int, tuple[int, ...]]] = []
        self._order = 0
        self._stop = False
        self._id = int.from_bytes(os.urandom(16), "big")
        # The tasks in flight: the prefix each searches.
        self._flight: dict[Future[_BestResult], tuple[int, ...]] = {}

    def request_stop(self) -> None:
        """Ask the search to stop: :meth:`run` raises :class:`~dlx.Interrupted` soon after.

        Safe from a signal handler or another thread (it only sets a
        flag).  The driver looks every tenth of a second, stops the tasks
        running in this process, and waits for those in flight (a slice
        at most) to keep what they found.

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from dlx import ExactCover, Interrupted
        >>> with ThreadPoolExecutor(1) as pool:
        ...     run = best(ExactCover("a", options=[["a"]]), pool)
        ...     run.request_stop()
        ...     try:
        ...         run.run()
        ...     except Interrupted:
        ...         print(run.outcome)
        Outcome.INTERRUPTED
        """
        self._stop = True

    #: Whether :meth:`best` comes proved one by one: no, all at the end.
    proven = False

    def best(self) -> list[tuple[int, tuple[int, ...]]]:
        """The cheapest solutions found so far: ``(cost, options)``, cheapest first.

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from dlx import ExactCover
        >>> with ThreadPoolExecutor(1) as pool:
        ...     run = best(ExactCover("a", options=[["a"]]), pool)
        ...     before = run.best()
        ...     run.run()
        >>> before, run.best()
        ([], [(0, (0,))])
        """
        ranked = sorted((-cost, -order, s) for cost, order, s in self._heap)
        return [(cost, solution) for cost, _, solution in ranked]

    def _bound(self) -> int | None:
        """The ``k``-th best cost merged so far, once there are ``k``."""
        if len(self._heap) < self.keep:
            return None
        return -self._heap[0][0]

    def _merge(self, result: _BestResult) -> None:
        self.tasks += 1
        stats = self.stats
        stats.nodes += result.stats.nodes
        stats.updates += result.stats.updates
        stats.cleansings += result.stats.cleansings
        stats.solutions += result.stats.solutions
        for cost, solution in result.found:
            bound = self._bound()
            if bound is not None and cost >= bound:
                continue
            if self.canonical is not None:
                # The tasks keep leaders of orbits: one orbit may come
                # from several tasks, and is kept once.
                if solution in self._kept:
                    continue
                self._kept.add(solution)
            self._order += 1
            heapq.heappush(self._heap, (-cost, -self._order, solution))
            if len(self._heap) > self.keep:
                dropped = heapq.heappop(self._heap)
                self._kept.discard(dropped[2])

    def close(self) -> None:
        """Cancel the tasks not started yet.

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from dlx import ExactCover
        >>> with ThreadPoolExecutor(1) as pool:
        ...     best(ExactCover("a", options=[["a"]]), pool).close()
        """
        for future in self._flight:
            future.cancel()
        self._flight.clear()

    def run(self) -> None:
        """Search every prefix; raise as :class:`dlx.Search` does when stopped.

        Stopped, it keeps what every task found, those in flight included
        (see the class).

        :raises BudgetExceeded: when ``timeout`` runs out.
        :raises Interrupted: after :meth:`request_stop`.
        :raises KeyboardInterrupt: on Ctrl-C in the thread that runs it.
        :raises WorkerLost: when a worker died (with the work done so far).

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from dlx import ExactCover
        >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
        >>> with ThreadPoolExecutor(2) as pool:
        ...     run = best(problem, pool, 2)
        ...     run.run()
        >>> run.best()
        [(0, (0, 1)), (0, (2,))]
        """
        started = time.perf_counter()
        deadline = None if self.timeout is None else started + self.timeout
        key, payload = _pack(self.links)  # the costs go with the links
        # The prefixes to search, the next last: a prefix's next slice goes
        # on the end, so that a worker goes on where it stopped.
        queue: list[tuple[tuple[int, ...], Position | None]] = [
            (prefix, None)
            for prefix in reversed(_cost_frontier(self.links, self.wanted))
        ]
        serial = 0
        try:
            try:
                while queue or self._flight:
                    now = time.perf_counter()
                    if self._stop:
                        self._end(Outcome.INTERRUPTED, started, queue)
                    if deadline is not None and now >= deadline:
                        self._end(Outcome.OUT_OF_TIME, started, queue)
                    while queue and len(self._flight) < self.workers:
                        prefix, resume = queue.pop()
                        bound = self._bound() if self.share else None
                        self.bounds_given += bound is not None
                        seconds = self.task_seconds
                        if deadline is not None:
                            # A slice ends by the deadline (at its next
                            # clock check): the driver waits for it then.
                            left = max(deadline - now, 1e-3)
                            seconds = left if seconds is None else min(seconds, left)
                        task = _BestTask(
                            self._id,
                            serial,
                            key,
                            payload,
                            prefix,
                            self.keep,
                            bound,
                            seconds,
                            self.canonical,
                            resume,
                            self.task_nodes,
                            os.getpid(),
                        )
                        future = self.executor.submit(_run_best_task, task)
                        self._flight[future] = prefix
                        serial += 1
                    wake = 0.1
                    if deadline is not None:
                        wake = min(wake, max(0.0, deadline - time.perf_counter()))
                    done, _ = wait(
                        self._flight, timeout=wake, return_when=FIRST_COMPLETED
                    )
                    for future in done:
                        self._take(future, queue)
            except KeyboardInterrupt:
                # Ctrl-C in this thread: keep what the tasks in flight found
                # (a second Ctrl-C while waiting for them ends the wait).
                self._stop = True
                self.outcome = Outcome.INTERRUPTED
                self._drain(queue)
                raise
        except BrokenExecutor as error:
            self.close()
            self.outcome = Outcome.INTERRUPTED
            raise WorkerLost(
                f"a worker was lost ({type(error).__name__}); "
                f"{self.tasks} tasks had finished",
                self.stats,
            ) from error
        finally:
            self.close()
            with _BEST_LOCK:
                _BEST_HALTED.discard(self._id)
        self.outcome = Outcome.EXHAUSTED

    def _take(
        self,
        future: Future[_BestResult],
        queue: list[tuple[tuple[int, ...], Position | None]],
    ) -> None:
        """Merge a finished task; its prefix's next slice goes next (if any)."""
        prefix = self._flight.pop(future)
        result = future.result()
        self._merge(result)
        if result.stopped:
            # Stopped where it ran (Ctrl-C in a worker process): the
            # search stops too.
            self._stop = True
        if not result.complete and result.resume is not None:
            queue.append((prefix, result.resume))

    def _drain(self, queue: list[tuple[tuple[int, ...], Position | None]]) -> None:
        """Stop handing out tasks; wait for those in flight and merge them.

        Those running in this process are stopped; the others end within
        their slice.  Waits no longer than the slice and ``BEST_GRACE``.
        """
        _halt_best(self._id)
        until = time.perf_counter() + BEST_GRACE
        if self.outcome is not Outcome.OUT_OF_TIME and self.task_seconds is not None:
            until += self.task_seconds
        while self._flight:
            left = until - time.perf_counter()
            if left <= 0:
                break
            done, _ = wait(self._flight, timeout=left, return_when=FIRST_COMPLETED)
            for future in done:
                if future.cancelled() or isinstance(future.exception(), BrokenExecutor):
                    del self._flight[future]  # nothing to keep
                    continue
                self._take(future, queue)

    def _end(
        self,
        outcome: Outcome,
        started: float,
        queue: list[tuple[tuple[int, ...], Position | None]],
    ) -> None:
        """End the search as ``outcome`` says, with what the tasks in flight found."""
        self.outcome = outcome
        self._drain(queue)
        if outcome is Outcome.INTERRUPTED:
            raise Interrupted(
                outcome, self.stats, stop_message(outcome, self.stats.nodes)
            )
        spent = time.perf_counter() - started
        raise BudgetExceeded(
            outcome, self.stats, stop_message(outcome, spent, self.timeout)
        )


def best(
    problem: Compiled | Links,
    executor: Executor,
    k: int = 1,
    *,
    timeout: float | None = None,
    share: bool = True,
    pieces: int | None = None,
    canonical: Callable[[tuple[int, ...]], tuple[int, ...]] | None = None,
    task_seconds: float | None = BEST_TASK_SECONDS,
    task_nodes: int | None = None,
) -> BestSearch:
    """A search for the ``k`` cheapest solutions split over ``executor``, not yet run.

    See :class:`BestSearch`; ``share=False`` gives no task a bound (for
    measuring what sharing it gains).

    :param problem: the problem (or its links).
    :param executor: runs the tasks.
    :param k: how many cheapest solutions (at least 1).
    :param timeout: time budget in seconds.
    :param share: hand each task the best cost found so far.
    :param pieces: how many prefixes to cut the tree into at least
        (default: eight per worker).
    :param canonical: what each solution is kept as, each once, as in
        :class:`dlx.CostSearch` (a :class:`dlx.symmetry.Leaders`: the
        ``k`` cheapest orbits); it travels to the workers, so it must pickle.
    :param task_seconds: seconds of each slice of a task (``None``: a
        task searches its prefix to the end; ``timeout`` still ends the
        tasks in flight at the deadline, with what they found, but a stop
        reaches them only where they run in this process).
    :param task_nodes: search nodes of each slice (``None``: no node
        budget); the tests use small ones to slice often.
    :returns: the search.
    :raises ValueError: when ``k`` is not a positive integer, the
        problem has bounds, or a budget or slice is not positive.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab")
    >>> for option, cost in ((["a"], 3), (["b"], 1), (["a", "b"], 5)):
    ...     _ = problem.add_option(option, cost=cost)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     run = best(problem, pool, 2)
    ...     run.run()
    >>> run.best()
    [(4, (0, 1)), (5, (2,))]
    """
    links = problem if isinstance(problem, Links) else problem.links()
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise ValueError(f"k must be a positive integer, not {k!r}")
    choose(links, "X5")  # refuses a problem with bounds
    check_budgets(None, None, timeout, 1.0)
    if task_seconds is not None and not task_seconds > 0:
        raise ValueError(f"task_seconds must be > 0, not {task_seconds}")
    if task_nodes is not None and task_nodes < 1:
        raise ValueError(f"task_nodes must be >= 1, not {task_nodes}")
    return BestSearch(
        links,
        executor,
        k,
        timeout=timeout,
        share=share,
        pieces=pieces,
        canonical=canonical,
        task_seconds=task_seconds,
        task_nodes=task_nodes,
    )
