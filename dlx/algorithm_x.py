"""Algorithm X with dancing links (Knuth's DLX1): its loop, its walker, its operations.

The loop follows Knuth's steps in *The Art of Computer Programming*,
Volume 4B, section 7.2.2.1 (Algorithm X) and his program DLX1:

* X2 enter a level; if no active primary item is left, visit a solution;
* X3 choose the active primary item with the fewest options (MRV);
* X4 cover it;
* X5 try its next option: cover every other item of that option, then
  go to X2;
* X6 undo X5 when the level is left, and try the next option;
* X7 uncover the item when its options are used up;
* X8 leave the level.

It is iterative with an explicit stack of chosen nodes, so no recursion
limit applies, and it works on the arrays of its :class:`~dlx.frame.Frame`
(the search's own copies), so several searches over one problem never
interfere.  This module holds the loop for sizes in a bytearray or a list
(:func:`run`); small problems run the packed form of the same loop
(``dlx.algorithm_x_packed``), and :mod:`dlx.algorithms` chooses between
them.  Every algorithm's module has the same parts in the same order:
``prepare``, ``run``, the walker with Knuth's operations as methods,
``fraction`` and ``check``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from dlx.links import ACTIVE_BYTE, check_links
from dlx.position import ListWalker, fraction_done, option_left
from dlx.stats import Outcome

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from dlx.frame import Frame, LevelState

__all__ = [
    "BUCKETS_MIN_ITEMS",
    "XWalker",
    "check",
    "fraction",
    "prepare",
    "run",
    "run_buckets",
    "splittable",
]


def prepare(frame: Frame) -> None:
    """Make the per-search state of Algorithm X: none (its loop keeps it all in the frame)."""
    frame.state = None


def run(frame: Frame, count_only: bool) -> Iterator[tuple[int, ...]]:
    """Algorithm X for problems without colours (Knuth's DLX1): the list and bytes form.

    Covering and uncovering are written out in place (twice each, for X4/X5
    and X6/X7): a function call per item would cost more than the loop.
    Uncovering comes in two versions: with the sizes restored from a
    snapshot per level (``links.snapshots``, for up to
    :data:`dlx.links.SNAPSHOT_MAX_ITEMS` items) or, for bigger problems,
    undone node by node as Knuth does.
    """
    links = frame.links
    up = frame.up
    down = frame.down
    size = frame.size
    top = links.top
    others = links.others
    others_rev = links.others_rev
    span = links.span
    option_of = links.option_of
    stats = frame.stats
    limit = frame.limit
    shift = links.shift
    empty = links.active_offset  # the size entry of an active item with no options
    bytewise = links.bytewise
    as_bytes = size if isinstance(size, bytearray) else bytearray()
    all_covered = as_bytes.isascii
    find = as_bytes.find
    smallest_of = min
    index_of = size.index
    at_random = frame.choose_at_random if frame.rng is not None else None
    # The chosen node of each level (dlx.position may have filled it in,
    # and the options of a fixed prefix in `fixed`).
    stack = frame.stack
    push = stack.append
    pop = stack.pop
    fixed = [option_of[x] for x in frame.base]
    # Per level, the sizes before and after covering its item, so that
    # backing up restores them with one copy instead of undoing each hide.
    snapshots = links.snapshots
    saves: list[bytearray | list[int]] = frame.saves
    save = saves.append
    pop_save = saves.pop
    copy = size.copy
    started = time.perf_counter()
    nodes = stats.nodes
    updates = stats.updates
    found = stats.solutions
    check_at = frame.tick(nodes + 1, started)
    while True:
        # X2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.solutions = found
            stats.updates = updates
            check_at = frame.tick(nodes, started)
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
                # Counting hands nothing out: the loop goes on at once.
                if not count_only or found == limit:
                    stats.nodes = nodes
                    stats.updates = updates
                    stats.solutions = found
                    if not count_only:
                        yield tuple(sorted([option_of[x] for x in stack] + fixed))
                if found == limit:
                    frame.outcome = Outcome.LIMIT_REACHED
                    return
            else:
                # A dead end: Knuth covers the empty item, an update.
                updates += 1
            # X8/X6/X7: back up to the deepest level with an option left.
            while True:
                if not stack:
                    stats.nodes = nodes
                    stats.updates = updates
                    stats.solutions = found
                    frame.outcome = Outcome.EXHAUSTED
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


#: Problems with more items than this get the buckets form (:func:`run_buckets`)
#: by default, where their sizes fit in bytes: below it, a scan of the
#: whole size array at C speed costs less than keeping the counts.
BUCKETS_MIN_ITEMS = 4096


def run_buckets(frame: Frame, count_only: bool) -> Iterator[tuple[int, ...]]:
    """Algorithm X for problems with many items: a node's cost independent of their number.

    The plain form finds the item to branch on by scanning the whole size
    array (at C speed, but every node); with hundreds of thousands of
    items that scan is most of a node's cost, and a search grows with the
    square of the items.  This form, for sizes in a bytearray, keeps two
    things instead:

    * the *buckets*: how many items have each value of the size array
      (``counts[v]``), brought up to date with every change of a size, so
      that the smallest size of an active item, a dead end (an active item
      with no options) and a solution (no active item) are read off the
      counters, one per list length up to the longest list;
    * ``low``, an item at or before the leftmost active primary item,
      kept per level (every item before it is covered there), so that the
      leftmost item of the smallest size is found by one byte search from
      it, never from the start of the array.

    Moving ``low`` on passes over items that the path covered, each once
    per path; the byte search passes over the active items before the one
    chosen, which Knuth's rule (the leftmost) has to look at anyway.  The
    search tree, the order of solutions and Knuth's statistics are those of
    the plain form.
    """
    links = frame.links
    up = frame.up
    down = frame.down
    size = frame.size
    if not isinstance(size, bytearray):
        raise ValueError("the buckets form needs the sizes in bytes (Links.bytewise)")
    top = links.top
    others = links.others
    others_rev = links.others_rev
    span = links.span
    option_of = links.option_of
    shift = links.shift
    stats = frame.stats
    limit = frame.limit
    find = size.find
    at_random = frame.choose_at_random if frame.rng is not None else None
    counts = [size.count(value) for value in range(256)]
    # No size is ever above the problem's: covering only lowers them.
    past = max(links.size, default=ACTIVE_BYTE) + 1
    stack = frame.stack
    push = stack.append
    pop = stack.pop
    fixed = [option_of[x] for x in frame.base]
    # The low mark of each level on the stack (0 is one for a level that
    # dlx.position placed there before the loop started).
    lows = [0] * len(stack)
    keep_low = lows.append
    drop_low = lows.pop
    low = 0
    started = time.perf_counter()
    nodes = stats.nodes
    updates = stats.updates
    found = stats.solutions
    check_at = frame.tick(nodes + 1, started)
    while True:
        # X2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.solutions = found
            stats.updates = updates
            check_at = frame.tick(nodes, started)
        # X3: the smallest size of an active item, from the buckets.
        value = ACTIVE_BYTE
        while not counts[value]:
            value += 1
            if value >= past:
                break
        if value >= past or value == ACTIVE_BYTE:
            if value >= past:
                found += 1
                # Counting hands nothing out: the loop goes on at once.
                if not count_only or found == limit:
                    stats.nodes = nodes
                    stats.updates = updates
                    stats.solutions = found
                    if not count_only:
                        yield tuple(sorted([option_of[x] for x in stack] + fixed))
                if found == limit:
                    frame.outcome = Outcome.LIMIT_REACHED
                    return
            else:
                # A dead end: Knuth covers the empty item, an update.
                updates += 1
            # X8/X6/X7: back up to the deepest level with an option left.
            while True:
                if not stack:
                    stats.nodes = nodes
                    stats.updates = updates
                    stats.solutions = found
                    frame.outcome = Outcome.EXHAUSTED
                    return
                chosen = pop()
                # Uncover the other items of the option, right to left.
                for x in others_rev[chosen]:
                    item = top[x]
                    row = up[item]
                    while row != item:
                        for y in others[row]:
                            down[up[y]] = y
                            up[down[y]] = y
                            t = top[y]
                            v = size[t]
                            counts[v] -= 1
                            counts[v + 1] += 1
                            size[t] = v + 1
                        row = up[row]
                    v = size[item]
                    counts[v] -= 1
                    v -= shift[item]
                    counts[v] += 1
                    size[item] = v
                item = top[chosen]
                chosen = down[chosen]
                low = lows[-1]
                if chosen != item:
                    break
                # X7: uncover(item)
                drop_low()
                row = up[item]
                while row != item:
                    for y in others[row]:
                        down[up[y]] = y
                        up[down[y]] = y
                        t = top[y]
                        v = size[t]
                        counts[v] -= 1
                        counts[v + 1] += 1
                        size[t] = v + 1
                    row = up[row]
                v = size[item]
                counts[v] -= 1
                v -= shift[item]
                counts[v] += 1
                size[item] = v
        else:
            # The leftmost active item of that size: move the low mark past
            # the covered items, then search from it.
            while size[low] < ACTIVE_BYTE:
                low += 1
            item = find(value, low) if at_random is None else at_random(value, size)
            keep_low(low)
            # X4: cover(item)
            counts[value] -= 1
            value += shift[item]
            counts[value] += 1
            size[item] = value
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
                    t = top[y]
                    v = size[t]
                    counts[v] -= 1
                    counts[v - 1] += 1
                    size[t] = v - 1
                row = down[row]
            chosen = down[item]
        # X5: try option `chosen`: cover its other items.
        for x in others[chosen]:
            item = top[x]
            v = size[item]
            counts[v] -= 1
            v += shift[item]
            counts[v] += 1
            size[item] = v
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
                    t = top[y]
                    v = size[t]
                    counts[v] -= 1
                    counts[v - 1] += 1
                    size[t] = v - 1
                row = down[row]
        push(chosen)


class XWalker(ListWalker):
    """Algorithm X's steps as a :class:`dlx.position.Walker`, Knuth's operations done plainly.

    The one place outside the loops of this module and of the packed form
    where Algorithm X's covering is written (Knuth's cover and uncover
    are :class:`~dlx.position.ListWalker`'s, shared with Algorithm C's
    walker, over the hide and unhide written here): replaying a path (resume,
    prefixes), the frontier and the splitting of :mod:`dlx.parallel`, and
    the probes of :mod:`dlx.estimate` use it.  Covering counts
    ``updates`` as the loops count them; the inverses count nothing, as
    the loops do not.

    >>> from dlx import ExactCover, algorithms
    >>> walker = algorithms.walker(ExactCover("ab", options=[["a", "b"]]).links())
    >>> item, d = walker.choose()
    >>> node = walker.enter(item, False)
    >>> walker.take(node)
    >>> walker.choose(), walker.updates
    ((-1, 0), 3)
    """

    def hide(self, row: int) -> None:
        """Unlink the other nodes of ``row``'s option from their lists."""
        up, down, size, top = self.up, self.down, self.size, self.links.top
        for y in self.links.others[row]:
            above, below = up[y], down[y]
            down[above] = below
            up[below] = above
            size[top[y]] -= 1
            self.updates += 1

    def commit_others(self, node: int) -> None:
        """Step X5: cover every other item of ``node``'s option."""
        top = self.links.top
        for x in self.links.others[node]:
            self.cover(top[x])

    def unhide(self, row: int) -> None:
        """Link the other nodes of ``row``'s option back into their lists."""
        up, down, size, top = self.up, self.down, self.size, self.links.top
        for y in self.links.others_rev[row]:
            down[up[y]] = y
            up[down[y]] = y
            size[top[y]] += 1

    def uncommit_others(self, node: int) -> None:
        """Undo :meth:`commit_others` (step X6), right to left."""
        top = self.links.top
        for x in self.links.others_rev[node]:
            self.uncover(top[x])


def fraction(frame: Frame) -> float:
    """Knuth's estimate of the part of the tree behind the search (0 to 1).

    See :func:`dlx.position.fraction_done`; a loop that keeps its levels
    in its state (the marks form) gives its own.
    """
    if frame.state is not None:
        state: LevelState = frame.state
        return state.fraction()
    return fraction_done(frame)


def splittable(frame: Frame) -> bool:
    """Whether a level the search backs up through has an option left to try.

    :mod:`dlx.parallel` splits a task's subproblem only then; otherwise
    what is left is the search's own subtree, and the task goes on with
    it rather than replay its path in another task.  In the item's list
    the options after the one tried are still linked (covering never
    unlinks an item's own list), so the level has one left when the
    node's successor is not the item's header (:func:`dlx.position.option_left`).
    """
    if frame.state is not None:
        state: LevelState = frame.state
        return state.splittable()
    return option_left(frame)


def check(frame: Frame) -> None:
    """Verify the links of the frame's current state (Knuth's ``sanity``).

    A loop that keeps its levels in its state (the marks form) leaves the
    links as they were when it started; its state is checked too.
    """
    check_links(frame.links, frame.up, frame.down, frame.size)
    if frame.state is not None:
        state: LevelState = frame.state
        state.check(frame.links)
