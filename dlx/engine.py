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
from collections.abc import Iterator, Sequence

from dlx import packed
from dlx.errors import BudgetExceeded
from dlx.links import ACTIVE_BYTE, Links, check_links
from dlx.stats import Outcome, Stats

# How many search nodes may pass between two looks at the clock.
_CLOCK_EVERY = 1024


class Search(Iterator[tuple[int, ...]]):
    """One run of Algorithm X over a problem, yielding solutions lazily.

    Made by :meth:`dlx.ExactCover.search`; iterate it to get each solution
    as a sorted tuple of option indices.  It owns copies of the problem's
    mutable arrays, so searches never disturb each other.  ``stats``
    is up to date whenever the search hands back control (at each solution
    and at the end), and ``outcome`` tells how it stands.

    When a budget runs out the iteration raises :class:`dlx.BudgetExceeded`
    instead of simply stopping, so a cut-short search cannot be mistaken
    for one that found no (more) solutions.

    :param links: the compiled problem.
    :param limit: stop after this many solutions (``None``: no limit).
    :param max_nodes: stop with :class:`~dlx.BudgetExceeded` rather than
        enter more than this many search nodes.
    :param timeout: stop with :class:`~dlx.BudgetExceeded` after about
        this many seconds of wall-clock time since the first solution was
        asked for (time the caller spends between solutions counts too; the
        clock is read every 1024 nodes).
    :param seed: break ties among items of equal size at random, with a
        private :class:`random.Random` seeded by this value; ``None``
        keeps Knuth's rule (leftmost item).

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
    ) -> None:
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be >= 0, not {limit}")
        if max_nodes is not None and max_nodes < 0:
            raise ValueError(f"max_nodes must be >= 0, not {max_nodes}")
        if timeout is not None and timeout < 0:
            raise ValueError(f"timeout must be >= 0, not {timeout}")
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
        if self.color is not None:
            self._steps = _run_colored(self, count_only)
        elif links.packed:
            self._steps = packed.start(self, count_only)
        else:
            self._steps = _run_plain(self, count_only)
        if limit == 0:
            self.outcome = Outcome.LIMIT_REACHED
            self._steps = iter(())

    def __iter__(self) -> Search:
        return self

    def __next__(self) -> tuple[int, ...]:
        return next(self._steps)

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

    def _budget(self, nodes: int, started: float) -> int:
        """Check the budgets on entering node ``nodes``; return the next node to check at.

        Raises :class:`BudgetExceeded` when a budget has run out.
        """
        max_nodes = self._max_nodes
        timeout = self._timeout
        if max_nodes is not None and nodes > max_nodes:
            self.stats.nodes = nodes - 1
            self._stop(
                Outcome.OUT_OF_NODES,
                f"search stopped after {max_nodes} nodes "
                f"(node budget of {max_nodes} used up)",
            )
        check_at = 1 << 62
        if timeout is not None:
            elapsed = time.perf_counter() - started
            if elapsed >= timeout:
                self.stats.nodes = nodes - 1
                self._stop(
                    Outcome.OUT_OF_TIME,
                    f"search stopped after {elapsed:.3g} s "
                    f"(time budget of {timeout:g} s used up)",
                )
            check_at = nodes + _CLOCK_EVERY
        if max_nodes is not None:
            check_at = min(check_at, max_nodes + 1)
        return check_at

    def _stop(self, outcome: Outcome, detail: str) -> None:
        self.outcome = outcome
        raise BudgetExceeded(outcome, self.stats, detail)

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
    stack: list[int] = []
    push = stack.append
    pop = stack.pop
    # Per level, the sizes before and after covering its item, so that
    # backing up restores them with one copy instead of undoing each hide.
    snapshots = links.snapshots
    saves: list[bytearray | list[int]] = []
    save = saves.append
    pop_save = saves.pop
    copy = size.copy
    started = time.perf_counter()
    nodes = 0
    updates = 0
    found = 0
    check_at = search._budget(1, started)
    while True:
        # X2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.updates = updates
            check_at = search._budget(nodes, started)
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
                    yield tuple(sorted([option_of[x] for x in stack]))
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
    stack: list[int] = []
    push = stack.append
    pop = stack.pop
    started = time.perf_counter()
    nodes = 0
    updates = 0
    cleansings = 0
    found = 0
    check_at = search._budget(1, started)
    while True:
        # X2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.updates = updates
            stats.cleansings = cleansings
            check_at = search._budget(nodes, started)
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
                    yield tuple(sorted([option_of[x] for x in stack]))
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
