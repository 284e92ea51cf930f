"""Algorithm X with dancing links: the search loop and its statistics.

The loop follows Knuth's steps in *The Art of Computer Programming*,
Volume 4B, section 7.2.2.1 (Algorithm X) and his programs DLX1/DLX2:

* X2 enter a level; if no active primary item is left, visit a solution;
* X3 choose the active primary item with the fewest options (MRV);
* X4 cover it;
* X5 try its next option: cover (or, for a coloured secondary item,
  purify) every other item of that option, then go to X2;
* X6 undo X5 when the level is left, and try the next option;
* X7 uncover the item when its options are used up;
* X8 leave the level.

It is iterative with an explicit stack of chosen nodes, so no recursion
limit applies, and each :class:`Search` works on its own copies of the
mutable arrays, so several searches over one problem never interfere.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from dlx import packed, position
from dlx.clock import Clocked
from dlx.errors import PositionError
from dlx.links import ACTIVE_BYTE, Links, check_links
from dlx.position import Position
from dlx.stats import Outcome, Progress, Stats


def check_budgets(
    limit: int | None,
    max_nodes: int | None,
    timeout: float | None,
    progress_interval: float,
) -> None:
    """Raise :class:`ValueError` naming a limit or budget that makes no sense.

    Shared by every way of searching (:class:`Search`, :mod:`dlx.parallel`).

    >>> check_budgets(None, -1, None, 1.0)
    Traceback (most recent call last):
      ...
    ValueError: max_nodes must be >= 0, not -1
    """
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be >= 0, not {limit}")
    if max_nodes is not None and max_nodes < 0:
        raise ValueError(f"max_nodes must be >= 0, not {max_nodes}")
    if timeout is not None and timeout < 0:
        raise ValueError(f"timeout must be >= 0, not {timeout}")
    if not progress_interval > 0:
        raise ValueError(f"progress_interval must be > 0, not {progress_interval}")


class Search(Clocked, Iterator[tuple[int, ...]]):
    """One run of Algorithm X over a problem, yielding solutions lazily.

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
        keeps Knuth's rule (leftmost item).
    :param count_only: yield ``()`` for each solution instead of its
        options (what :meth:`~dlx.ExactCover.count` uses).
    :param progress: called with a :class:`~dlx.Progress` about every
        ``progress_interval`` seconds while the search runs, and once more
        when it ends; ``stats`` is current when it runs.  It may call
        :meth:`request_stop`.
    :param progress_interval: seconds between two progress reports.
    :param resume: a :class:`~dlx.position.Position` of an earlier search of
        the same problem: go on from there, with its counts.
    :param prefix: options to choose on the first levels, one per level
        (each for the item the search would branch on there); the search
        covers only the subtree below them and never backs up above it.
        Its statistics count only the work below the prefix.
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
    ) -> None:
        check_budgets(limit, max_nodes, timeout, progress_interval)
        if resume is not None and prefix is not None:
            raise ValueError("give resume or prefix, not both")
        self.links = links
        self.stats = Stats()
        self.outcome = Outcome.RUNNING
        self.up = list(links.up)
        self.down = list(links.down)
        self.size = links.size[:]
        self.color = None if links.color is None else list(links.color)
        self._limit = limit
        self._max_nodes = max_nodes
        self._timeout = timeout
        self._rng = None if seed is None else random.Random(seed)
        self._progress = progress
        self._interval = progress_interval
        self._stop_requested = False
        # The chosen nodes: of the fixed levels (a prefix), and of the
        # levels the loop backs up through; the loops push onto _stack.
        self._base: list[int] = []
        self._stack: list[int] = []
        # Per level of _stack, the sizes before and after covering its item
        # (for the loops that restore them from snapshots).
        self._saves: list[Any] = []
        self._seconds_before = 0.0
        self._started = 0.0
        self._last_report = 0.0
        self._fingerprint: str | None = None
        # The search as it stood at the last clock check: the chosen nodes,
        # the counts, the seconds and the random state.
        self._clean: tuple[list[int], Stats, float, Any] | None = None
        self._solution_pending = False
        alive = True
        if resume is not None:
            self._restore(resume)
            alive = position.start(
                self, resume.path, resume.floor, advance=resume.at_solution
            )
        elif prefix is not None:
            position.start(self, [(None, option) for option in prefix], len(prefix))
        if not alive:
            self.outcome = Outcome.EXHAUSTED
            self._steps: Iterator[tuple[int, ...]] = iter(())
        else:
            self._steps = self._loop(count_only)
        if limit is not None and self.stats.solutions >= limit:
            self.outcome = Outcome.LIMIT_REACHED
            self._steps = iter(())

    def _restore(self, resume: Position) -> None:
        """Take the counts, the seconds and the random state of ``resume``.

        :raises dlx.PositionError: when it is a position of another problem.
        """
        if resume.fingerprint != self.fingerprint():
            raise PositionError("the position is of another problem")
        self.stats = Stats(
            resume.nodes, resume.updates, resume.cleansings, resume.solutions
        )
        self._seconds_before = resume.seconds
        if resume.rng is not None:
            self._rng = random.Random()
            self._rng.setstate(resume.rng)

    def _loop(self, count_only: bool) -> Iterator[tuple[int, ...]]:
        """The search loop for this problem: Knuth's DLX1 or DLX2, in one of its forms.

        :class:`dlx.multiplicity.MultiplicitySearch` puts Algorithm M here.
        """
        links = self.links
        if links.bound is not None:
            raise ValueError(
                "a problem with bounds on its items is searched by "
                "dlx.multiplicity.MultiplicitySearch (ExactCover.search picks it)"
            )
        if self.color is not None:
            return _run_colored(self, count_only)
        if links.packed:
            return packed.start(self, count_only)
        return _run_plain(self, count_only)

    def _walker(self) -> position.Walker:
        """Knuth's steps of this search's algorithm over its own arrays.

        :func:`dlx.position.start` replays paths with it;
        :class:`dlx.multiplicity.MultiplicitySearch` gives Algorithm M's.
        """
        return position.XWalker(self)

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
                self._base[:] = nodes[: len(self._base)]
                self._stack[:] = nodes[len(self._base) :]
                self.stats = stats
                self._seconds_before = seconds
                self._started = 0.0
                if state is not None and self._rng is not None:
                    self._rng.setstate(state)
            raise
        self._solution_pending = True
        return solution

    def fingerprint(self) -> str:
        """The problem's fingerprint (see :func:`dlx.position.fingerprint`).

        >>> from dlx import ExactCover
        >>> len(ExactCover("a", options=[["a"]]).search().fingerprint())
        16
        """
        if self._fingerprint is None:
            self._fingerprint = position.fingerprint(self.links)
        return self._fingerprint

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
        nodes = [*self._base, *self._stack]
        return Position(
            position.describe(self.links, nodes),
            len(self._base),
            at_solution,
            stats.nodes,
            stats.updates,
            stats.cleansings,
            stats.solutions,
            self._seconds_before + self._elapsed(),
            position.rng_state(self._rng),
            self.fingerprint(),
        )

    def _elapsed(self) -> float:
        return time.perf_counter() - self._started if self._started else 0.0

    def check(self) -> None:
        """Verify the links of this search's current state (Knuth's ``sanity``).

        Works at any moment: before, during and after the search.  Raises
        :class:`AssertionError` naming the item and node at fault.

        >>> from dlx import ExactCover
        >>> search = ExactCover(["x"], options=[["x"]]).search()
        >>> next(search)
        (0,)
        >>> search.check()
        """
        check_links(self.links, self.up, self.down, self.size)

    def _tick(self, nodes: int, started: float) -> int:
        """The clock check on entering node ``nodes``; return the node of the next one.

        The loop has brought ``stats`` up to date (``stats.nodes`` is
        ``nodes - 1``).  Raises :class:`Interrupted` after
        :meth:`request_stop`, :class:`BudgetExceeded` when a budget has
        run out; calls the progress hook when a report is due.
        """
        self._started = started
        check_at = self._check_clock(nodes, started)
        stats = self.stats
        self._clean = (
            [*self._base, *self._stack],
            Stats(stats.nodes, stats.updates, stats.cleansings, stats.solutions),
            self._seconds_before + (time.perf_counter() - started),
            None if self._rng is None else self._rng.getstate(),
        )
        return check_at

    def _report(self, now: float) -> None:
        """Call the progress hook with the search as it stands."""
        assert self._progress is not None
        self._last_report = now
        done = self.outcome is Outcome.EXHAUSTED
        fraction = 1.0 if done else self._fraction()
        elapsed = self._seconds_before + (now - self._started)
        remaining: float | None = None
        if done:
            remaining = 0.0
        elif fraction > 0 and elapsed > 0:
            remaining = elapsed * (1 - fraction) / fraction
        stats = self.stats
        self._progress(
            Progress(
                stats.nodes,
                stats.updates,
                stats.solutions,
                elapsed,
                len(self._base) + len(self._stack),
                fraction,
                remaining,
            )
        )

    def _fraction(self) -> float:
        """Knuth's estimate of the part of the tree behind the search (0 to 1)."""
        return position.fraction_done(self)

    def _choose_at_random(self, value: int, size: Sequence[int]) -> int:
        """Pick one of the active items whose entry in ``size`` is ``value``, at random."""
        assert self._rng is not None
        ties = [item for item, v in enumerate(size) if v == value]
        return ties[self._rng.randrange(len(ties))]


def _run_plain(search: Search, count_only: bool) -> Iterator[tuple[int, ...]]:
    """Algorithm X for problems without colours (Knuth's DLX1).

    Covering and uncovering are written out in place (twice each, for X4/X5
    and X6/X7): a function call per item would cost more than the loop.
    Uncovering comes in two versions: with the sizes restored from a
    snapshot per level (``links.snapshots``, for up to
    :data:`dlx.links.SNAPSHOT_MAX_ITEMS` items) or, for bigger problems,
    undone node by node as Knuth does.
    """
    links = search.links
    up = search.up
    down = search.down
    size = search.size
    top = links.top
    others = links.others
    others_rev = links.others_rev
    span = links.span
    option_of = links.option_of
    stats = search.stats
    limit = search._limit
    shift = links.shift
    empty = links.active_offset  # the size entry of an active item with no options
    bytewise = links.bytewise
    as_bytes = size if isinstance(size, bytearray) else bytearray()
    all_covered = as_bytes.isascii
    find = as_bytes.find
    smallest_of = min
    index_of = size.index
    at_random = search._choose_at_random if search._rng is not None else None
    # The chosen node of each level (dlx.position may have filled it in,
    # and the options of a fixed prefix in `fixed`).
    stack = search._stack
    push = stack.append
    pop = stack.pop
    fixed = [option_of[x] for x in search._base]
    # Per level, the sizes before and after covering its item, so that
    # backing up restores them with one copy instead of undoing each hide.
    snapshots = links.snapshots
    saves: list[bytearray | list[int]] = search._saves
    save = saves.append
    pop_save = saves.pop
    copy = size.copy
    started = time.perf_counter()
    nodes = stats.nodes
    updates = stats.updates
    found = stats.solutions
    check_at = search._tick(nodes + 1, started)
    while True:
        # X2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.updates = updates
            check_at = search._tick(nodes, started)
        # X3 (looked up first, since it also tells whether all are covered):
        # the leftmost active item of smallest size; see dlx.links.
        if bytewise:
            # `value in size` costs a quarter of `find(value)` on Python
            # 3.11, so find() runs once, for the item chosen.
            if all_covered():
                item = -1
            elif ACTIVE_BYTE in size:
                # A dead end: some item has no options (which one is moot).
                value = ACTIVE_BYTE
                item = 0
            else:
                value = ACTIVE_BYTE + 1
                while value not in size:
                    value += 1
                item = find(value)
        else:
            value = smallest_of(size)
            item = index_of(value) if value < 0 else -1
        if item < 0 or value == empty:
            if item < 0:
                found += 1
                stats.nodes = nodes
                stats.updates = updates
                stats.solutions = found
                if count_only:
                    yield ()
                else:
                    yield tuple(sorted([option_of[x] for x in stack] + fixed))
                if found == limit:
                    search.outcome = Outcome.LIMIT_REACHED
                    return
            else:
                # A dead end: Knuth covers the empty item, an update.
                updates += 1
            # X8/X6/X7: back up to the deepest level with an option left.
            while True:
                if not stack:
                    stats.nodes = nodes
                    stats.updates = updates
                    search.outcome = Outcome.EXHAUSTED
                    return
                chosen = pop()
                # Uncover the other items of the option, right to left.
                if snapshots:
                    # Relink only: the sizes come back from the snapshot.
                    for x in others_rev[chosen]:
                        item = top[x]
                        row = up[item]
                        while row != item:
                            for y in others[row]:
                                down[up[y]] = y
                                up[down[y]] = y
                            row = up[row]
                else:
                    for x in others_rev[chosen]:
                        item = top[x]
                        row = up[item]
                        while row != item:
                            for y in others[row]:
                                down[up[y]] = y
                                up[down[y]] = y
                                size[top[y]] += 1
                            row = up[row]
                        size[item] -= shift[item]
                item = top[chosen]
                chosen = down[chosen]
                if chosen != item:
                    if snapshots:
                        size[:] = saves[-1]
                    break
                # X7: uncover(item)
                row = up[item]
                if snapshots:
                    while row != item:
                        for y in others[row]:
                            down[up[y]] = y
                            up[down[y]] = y
                        row = up[row]
                    pop_save()
                    size[:] = pop_save()
                else:
                    while row != item:
                        for y in others[row]:
                            down[up[y]] = y
                            up[down[y]] = y
                            size[top[y]] += 1
                        row = up[row]
                    size[item] -= shift[item]
        else:
            if at_random is not None:
                item = at_random(value, size)
            # X4: cover(item)
            if snapshots:
                save(copy())
            size[item] += shift[item]
            updates += 1
            row = down[item]
            while row != item:
                unlink = others[row]
                updates += span[row]
                for y in unlink:
                    above = up[y]
                    below = down[y]
                    down[above] = below
                    up[below] = above
                    size[top[y]] -= 1
                row = down[row]
            if snapshots:
                save(copy())
            chosen = down[item]
        # X5: try option `chosen`: cover its other items.
        for x in others[chosen]:
            item = top[x]
            size[item] += shift[item]
            updates += 1
            row = down[item]
            while row != item:
                unlink = others[row]
                updates += span[row]
                for y in unlink:
                    above = up[y]
                    below = down[y]
                    down[above] = below
                    up[below] = above
                    size[top[y]] -= 1
                row = down[row]
        push(chosen)


def _run_colored(search: Search, count_only: bool) -> Iterator[tuple[int, ...]]:
    """Algorithm X with colours on secondary items (Knuth's DLX2).

    An option whose node gives a secondary item a colour *purifies* that
    item instead of covering it: options with another colour (or none) are
    hidden, options with the same colour are marked compatible (colour -1)
    so they neither purify it again nor get unlinked from it later.
    """
    links = search.links
    up = search.up
    down = search.down
    size = search.size
    color = search.color
    assert color is not None
    top = links.top
    others = links.others
    others_rev = links.others_rev
    option_of = links.option_of
    stats = search.stats
    limit = search._limit
    shift = links.shift
    empty = links.active_offset  # the size entry of an active item with no options
    bytewise = links.bytewise
    as_bytes = size if isinstance(size, bytearray) else bytearray()
    all_covered = as_bytes.isascii
    find = as_bytes.find
    smallest_of = min
    index_of = size.index
    at_random = search._choose_at_random if search._rng is not None else None
    stack = search._stack  # as in _run_plain
    push = stack.append
    pop = stack.pop
    fixed = [option_of[x] for x in search._base]
    started = time.perf_counter()
    nodes = stats.nodes
    updates = stats.updates
    cleansings = stats.cleansings
    found = stats.solutions
    check_at = search._tick(nodes + 1, started)
    while True:
        # X2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.updates = updates
            stats.cleansings = cleansings
            check_at = search._tick(nodes, started)
        # X3 (looked up first, since it also tells whether all are covered):
        # the leftmost active item of smallest size; see dlx.links.
        if bytewise:
            # `value in size` costs a quarter of `find(value)` on Python
            # 3.11, so find() runs once, for the item chosen.
            if all_covered():
                item = -1
            elif ACTIVE_BYTE in size:
                # A dead end: some item has no options (which one is moot).
                value = ACTIVE_BYTE
                item = 0
            else:
                value = ACTIVE_BYTE + 1
                while value not in size:
                    value += 1
                item = find(value)
        else:
            value = smallest_of(size)
            item = index_of(value) if value < 0 else -1
        if item < 0 or value == empty:
            if item < 0:
                found += 1
                stats.nodes = nodes
                stats.updates = updates
                stats.cleansings = cleansings
                stats.solutions = found
                if count_only:
                    yield ()
                else:
                    yield tuple(sorted([option_of[x] for x in stack] + fixed))
                if found == limit:
                    search.outcome = Outcome.LIMIT_REACHED
                    return
            else:
                updates += 1
            # X8/X6/X7: back up to the deepest level with an option left.
            while True:
                if not stack:
                    stats.nodes = nodes
                    stats.updates = updates
                    stats.cleansings = cleansings
                    search.outcome = Outcome.EXHAUSTED
                    return
                chosen = pop()
                for x in others_rev[chosen]:
                    code = color[x]
                    item = top[x]
                    if code == 0:
                        # uncover(item)
                        row = up[item]
                        while row != item:
                            for y in others[row]:
                                if color[y] >= 0:
                                    down[up[y]] = y
                                    up[down[y]] = y
                                    size[top[y]] += 1
                            row = up[row]
                        size[item] -= shift[item]
                    elif code > 0:
                        # unpurify(x)
                        row = up[item]
                        while row != item:
                            if color[row] < 0:
                                color[row] = code
                            else:
                                for y in others[row]:
                                    if color[y] >= 0:
                                        down[up[y]] = y
                                        up[down[y]] = y
                                        size[top[y]] += 1
                            row = up[row]
                item = top[chosen]
                chosen = down[chosen]
                if chosen != item:
                    break
                # X7: uncover(item)
                row = up[item]
                while row != item:
                    for y in others[row]:
                        if color[y] >= 0:
                            down[up[y]] = y
                            up[down[y]] = y
                            size[top[y]] += 1
                    row = up[row]
                size[item] -= shift[item]
        else:
            if at_random is not None:
                item = at_random(value, size)
            # X4: cover(item)
            size[item] += shift[item]
            updates += 1
            row = down[item]
            while row != item:
                for y in others[row]:
                    if color[y] >= 0:
                        above = up[y]
                        below = down[y]
                        down[above] = below
                        up[below] = above
                        size[top[y]] -= 1
                        updates += 1
                row = down[row]
            chosen = down[item]
        # X5: try option `chosen`: commit its other items.
        for x in others[chosen]:
            code = color[x]
            item = top[x]
            if code == 0:
                # cover(item)
                size[item] += shift[item]
                updates += 1
                row = down[item]
                while row != item:
                    for y in others[row]:
                        if color[y] >= 0:
                            above = up[y]
                            below = down[y]
                            down[above] = below
                            up[below] = above
                            size[top[y]] -= 1
                            updates += 1
                    row = down[row]
            elif code > 0:
                # purify(x)
                cleansings += 1
                row = down[item]
                while row != item:
                    if color[row] != code:
                        for y in others[row]:
                            if color[y] >= 0:
                                above = up[y]
                                below = down[y]
                                down[above] = below
                                up[below] = above
                                size[top[y]] -= 1
                                updates += 1
                    else:
                        color[row] = -1
                        cleansings += 1
                    row = down[row]
        push(chosen)
