"""Algorithm C: dancing links with colours on secondary items (Knuth's DLX2).

Algorithm X, extended as Knuth's DLX2 extends DLX1: a secondary item
may be given a colour by an option; options that agree on its colour
may share it, the others exclude each other.  The steps are those of
``dlx.algorithm_x``, with step X5 *purifying* a coloured item instead of
covering it: the options of its list with another colour (or none) are
hidden, those with the same colour are marked compatible (colour -1) so
that they neither purify it again nor get unlinked from it later.
Statistics are DLX2's: ``cleansings`` counts one per purification and
one per option it marks.

The module has the same parts, in the same order, as every algorithm's:
``prepare``, ``run``, the walker with Knuth's operations as methods,
``fraction`` and ``check``; :mod:`dlx.algorithms` runs it for every
problem with colours and without bounds.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from dlx.frame import Frame
from dlx.links import ACTIVE_BYTE, check_links
from dlx.position import ColoredWalker, fraction_done, option_left
from dlx.stats import Outcome

__all__ = ["CWalker", "check", "fraction", "prepare", "run", "splittable"]


def prepare(frame: Frame) -> None:
    """Make the per-search state of Algorithm C: none (the frame's ``color`` is its own copy)."""
    frame.state = None


def run(frame: Frame, count_only: bool) -> Iterator[tuple[int, ...]]:
    """Algorithm X with colours on secondary items (Knuth's DLX2).

    An option whose node gives a secondary item a colour *purifies* that
    item instead of covering it: options with another colour (or none) are
    hidden, options with the same colour are marked compatible (colour -1)
    so they neither purify it again nor get unlinked from it later.
    """
    links = frame.links
    up = frame.up
    down = frame.down
    size = frame.size
    color = frame.color
    assert color is not None
    top = links.top
    others = links.others
    others_rev = links.others_rev
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
    stack = frame.stack  # as in dlx.algorithm_x
    push = stack.append
    pop = stack.pop
    fixed = [option_of[x] for x in frame.base]
    started = time.perf_counter()
    nodes = stats.nodes
    updates = stats.updates
    cleansings = stats.cleansings
    found = stats.solutions
    check_at = frame.tick(nodes + 1, started)
    while True:
        # X2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.solutions = found
            stats.updates = updates
            stats.cleansings = cleansings
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
                    stats.cleansings = cleansings
                    stats.solutions = found
                    if not count_only:
                        yield tuple(sorted([option_of[x] for x in stack] + fixed))
                if found == limit:
                    frame.outcome = Outcome.LIMIT_REACHED
                    return
            else:
                updates += 1
            # X8/X6/X7: back up to the deepest level with an option left.
            while True:
                if not stack:
                    stats.nodes = nodes
                    stats.updates = updates
                    stats.cleansings = cleansings
                    stats.solutions = found
                    frame.outcome = Outcome.EXHAUSTED
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


class CWalker(ColoredWalker):
    """Algorithm C's steps as a :class:`dlx.position.Walker`, Knuth's operations done plainly.

    As ``dlx.algorithm_x.XWalker``, with colours: a node with colour -1
    (compatible with a purified item) is never unlinked, and step X5
    purifies a coloured item.  Purifying counts ``cleansings`` as the
    loop does.

    >>> from dlx import Colored, ExactCover, algorithms
    >>> problem = ExactCover("a", "x", [["a", Colored("x", 1)], ["a", Colored("x", 2)]])
    >>> walker = algorithms.walker(problem.links())
    >>> item, d = walker.choose()
    >>> walker.take(walker.enter(item, False))
    >>> walker.choose(), walker.updates, walker.cleansings
    ((-1, 0), 3, 1)
    """

    def purify(self, node: int) -> None:
        """Knuth's purify(p): keep only the options that agree on ``node``'s colour."""
        color = self.color
        assert color is not None
        code = color[node]
        item = self.links.top[node]
        self.cleansings += 1
        row = self.down[item]
        while row != item:
            if color[row] != code:
                self.hide(row)
            else:
                color[row] = -1
                self.cleansings += 1
            row = self.down[row]

    def unpurify(self, node: int) -> None:
        """Knuth's unpurify(p), the inverse of :meth:`purify`."""
        color = self.color
        assert color is not None
        code = color[node]
        item = self.links.top[node]
        up = self.up
        row = up[item]
        while row != item:
            if color[row] < 0:
                color[row] = code
            else:
                self.unhide(row)
            row = up[row]


def fraction(frame: Frame) -> float:
    """Knuth's estimate of the part of the tree behind the search (0 to 1).

    See :func:`dlx.position.fraction_done`.
    """
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
    return option_left(frame)


def check(frame: Frame) -> None:
    """Verify the links of the frame's current state (Knuth's ``sanity``)."""
    check_links(frame.links, frame.up, frame.down, frame.size)
