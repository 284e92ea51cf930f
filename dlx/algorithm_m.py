"""Algorithm M: exact covers with multiplicities (Knuth's DLX3): its loop, its walker, its operations.

Every primary item ``i`` may carry bounds ``[u..v]`` (``0 <= u <= v``,
``v >= 1``): a solution is a set of options that names item ``i``
between ``u`` and ``v`` times.  A plain item is ``[1..1]``.  Secondary
items and colours keep their meaning (at most once, or any number of
times with one colour).  Declare bounds with ``ExactCover(...,
bounds=...)`` or in the text format (``u:v|name``, ``v|name``); see
:doc:`/tutorial/modelling` and :doc:`/howto/text_format`.

The search follows Algorithm M of *The Art of Computer Programming*,
Volume 4B, section 7.2.2.1, as Knuth's program DLX3 runs it.  Each
active primary item keeps its remaining ``bound`` (how many more options
may name it) and its ``slack`` ``v - u`` (how many of those may be left
out):

* M2 enter a level; if no primary item is active, visit a solution;
* M3 give each active primary item the score ``len + s - bound + 1``,
  with ``s = min(bound, slack)``: the number of ways to go on with it
  (each of its options, plus "none more" when the slack allows);
  branch on the lowest score, ties going to the smaller ``s``, then to
  the longer list, then to the leftmost item; a score of 0 or less is a
  dead end (too few options left to reach ``u``) and backs up at once;
* M4 take one off the item's bound; when that leaves it at ``[0..0]``
  cover it as Algorithm X does; otherwise *tweak* it: try its options
  from the top, and before going on to the next one, hide the one just
  tried (take it out of every list, its item's own included), so that
  each set of options is reached once; the last branch, when the slack
  allows, is the null move that adds no option and retires the item;
* M5 for the option tried, take one off the bound of each of its other
  primary items, covering those that reach 0, and cover (or purify, for
  a colour) its secondary items;
* M6-M9 undo all that on the way back, untweaking an item by relinking
  the options it hid, top to bottom.

Statistics are DLX3's: ``nodes`` counts every level entered (solutions
and dead ends included); ``updates`` counts 1 per cover plus 1 per node
a cover, a purification or a tweak unlinks (a tweak counts its unlinked
nodes only, and a dead end costs no update, unlike DLX1/DLX2);
``cleansings`` as in DLX2.  Problems whose items are all ``[1..1]`` are
searched by Algorithm X (or C, with colours): :mod:`dlx.algorithms` runs
this module only when some item has other bounds, or when asked by name
(:class:`dlx.MultiplicitySearch`).

Positions, ``resume=`` and ``prefix=`` work as for every algorithm (a
level's option may be ``-1``, the null move): :func:`dlx.position.start`
replays the path with Algorithm M's steps, :class:`MWalker`, which also
cuts the tree for :mod:`dlx.parallel` (``executor=``, ``dlx --jobs``) and
probes it for :mod:`dlx.estimate` (:meth:`dlx.ExactCover.estimate`).
Not supported with bounds (:mod:`dlx.algorithms` refuses with a clear
:class:`ValueError`): ``method="memo"`` and :meth:`dlx.ExactCover.zdd`,
whose memo of subproblems keys on the items left, not on their bounds.

The module has the same parts, in the same order, as every algorithm's:
``prepare`` (the per-search state, :class:`MState`), ``run``, the
operations (:class:`Operations`) and the walker, ``fraction`` and
``check``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from dlx.frame import Frame
from dlx.links import Links, check_links
from dlx.stats import Outcome

__all__ = [
    "MState",
    "MWalker",
    "Operations",
    "check",
    "fraction",
    "operations",
    "prepare",
    "run",
    "splittable",
]


class MState:
    """Algorithm M's own state in one search, kept as the ``state`` of its :class:`~dlx.frame.Frame`.

    :ivar bound: per primary item, how many more options may name it.
    :ivar slack: per primary item, ``v - u`` (read only).
    :ivar firsts: per level of the frame's stack, the first option
        tweaked there (-1: the item was covered).
    :ivar scores: per level, its score (its number of branches, for
        progress reports).
    :ivar next: the active primary items on a doubly linked list in
        declaration order, with header ``n_primary`` (Knuth's root): the
        next item...
    :ivar prev: ...and the previous one.
    :ivar colors: the colour codes of the nodes (the frame's own copy, or
        all 0 for a problem without colours).

    >>> from dlx import ExactCover
    >>> state = MState(ExactCover("AB", bounds={"A": (1, 2)}).links(), None)
    >>> state.bound, state.slack, state.next, state.prev
    ([2, 1], [1, 0], [1, 2, 0], [2, 0, 1])
    """

    __slots__ = ("bound", "colors", "firsts", "next", "prev", "scores", "slack")

    def __init__(self, links: Links, color: list[int] | None) -> None:
        n_primary = links.n_primary
        self.bound = [1] * n_primary if links.bound is None else list(links.bound)
        self.slack = [0] * n_primary if links.slack is None else links.slack
        self.firsts: list[int] = []
        self.scores: list[int] = []
        self.next = [*range(1, n_primary + 1), 0]
        self.prev = [n_primary, *range(n_primary)]
        self.colors = [0] * len(links.top) if color is None else color


def prepare(frame: Frame) -> None:
    """Make Algorithm M's state for a search: plain list lengths and an :class:`MState`.

    Algorithm M keeps Knuth's plain lengths (LEN) in ``frame.size``; the
    activity of an item is on its own list (``next`` of the :class:`MState`).
    """
    links = frame.links
    frame.size = [links.length(links.size, i) for i in range(links.n_items)]
    frame.state = MState(links, frame.color)


def run(frame: Frame, count_only: bool) -> Iterator[tuple[int, ...]]:
    """Algorithm M (DLX3's loop); see the module's description for the steps."""
    links = frame.links
    down = frame.down
    size = frame.size
    top = links.top
    others = links.others
    others_rev = links.others_rev
    option_of = links.option_of
    n_primary = links.n_primary
    state: MState = frame.state
    color = state.colors
    bound = state.bound
    slack = state.slack
    stats = frame.stats
    limit = frame.limit
    rng = frame.rng
    # The active primary items (see MState).
    root = n_primary
    nxt = state.next
    prv = state.prev
    stack = frame.stack
    firsts = state.firsts
    scores = state.scores
    infinity = len(top) + 1  # above every real score
    cover, uncover, tweak, untweak, purify, unpurify = operations(frame)

    def leave(item: int) -> None:
        """M8: restore ``item`` as it was on entering the level; leave the level."""
        b = bound[item]
        if b == 0 and slack[item] == 0:
            uncover(item)
            nxt[prv[item]] = item
            prv[nxt[item]] = item
        else:
            untweak(item, firsts[-1], b != 0)
        bound[item] = b + 1
        stack.pop()
        firsts.pop()
        scores.pop()

    started = time.perf_counter()
    nodes = stats.nodes
    updates = stats.updates
    cleansings = stats.cleansings
    found = stats.solutions
    fixed = [option_of[x] for x in frame.base if option_of[x] >= 0]
    check_at = frame.tick(nodes + 1, started)
    while True:
        back = True
        # M2: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.solutions = found
            stats.updates = updates
            stats.cleansings = cleansings
            check_at = frame.tick(nodes, started)
        # M3: the active primary item of lowest score.
        score = infinity
        best = -1
        best_s = best_len = ties = 0
        item = nxt[root]
        while item != root:
            b = bound[item]
            s = slack[item]
            if s > b:
                s = b
            length = size[item]
            t = length + s - b + 1
            if t <= score:
                if t < score or s < best_s or (s == best_s and length > best_len):
                    score = t
                    best = item
                    best_s = s
                    best_len = length
                    ties = 1
                    if t <= 0:
                        break  # a dead end, whatever the other items say
                elif s == best_s and length == best_len:
                    ties += 1
                    if rng is not None and rng.randrange(ties) == 0:
                        best = item
            item = nxt[item]
        if best < 0:
            found += 1
            # Counting hands nothing out: the loop goes on at once.
            if not count_only or found == limit:
                stats.nodes = nodes
                stats.updates = updates
                stats.cleansings = cleansings
                stats.solutions = found
                if not count_only:
                    chosen_options = [option_of[x] for x in stack if option_of[x] >= 0]
                    yield tuple(sorted(chosen_options + fixed))
            if found == limit:
                frame.outcome = Outcome.LIMIT_REACHED
                return
        elif score > 0:
            # M4: start the level on item `best`.
            chosen = down[best]
            b = bound[best] - 1
            bound[best] = b
            first = -1 if b == 0 and slack[best] == 0 else chosen
            if b == 0:
                p = prv[best]
                q = nxt[best]
                nxt[p] = q
                prv[q] = p
                updates += cover(best)
            stack.append(chosen)
            firsts.append(first)
            scores.append(score)
            back = False
        # M5-M9: try the next branch of the deepest level that has one.
        while True:
            if back:
                if not stack:
                    stats.nodes = nodes
                    stats.updates = updates
                    stats.cleansings = cleansings
                    stats.solutions = found
                    frame.outcome = Outcome.EXHAUSTED
                    return
                chosen = stack[-1]
                best = top[chosen]
                if chosen == best:
                    # Back from the null move, the level's last branch:
                    # the item is active again.
                    nxt[prv[best]] = best
                    prv[nxt[best]] = best
                    leave(best)
                    continue
                else:
                    # Undo M5 for the option, right to left.
                    for x in others_rev[chosen]:
                        item = top[x]
                        if item < n_primary:
                            b = bound[item]
                            if b == 0:
                                uncover(item)
                                nxt[prv[item]] = item
                                prv[nxt[item]] = item
                            bound[item] = b + 1
                        else:
                            code = color[x]
                            if code == 0:
                                uncover(item)
                            elif code > 0:
                                unpurify(x)
                    chosen = down[chosen]
                    stack[-1] = chosen
            b = bound[best]
            s = slack[best]
            if (chosen == best) if (b == 0 and s == 0) else (size[best] <= b - s):
                # M8: no branch left here.
                leave(best)
                back = True
                continue
            if chosen != best:
                if b != 0 or s != 0:
                    updates += tweak(chosen, b != 0)
                # M5: the option's other items.
                for x in others[chosen]:
                    item = top[x]
                    if item < n_primary:
                        b = bound[item] - 1
                        bound[item] = b
                        if b == 0:
                            p = prv[item]
                            q = nxt[item]
                            nxt[p] = q
                            prv[q] = p
                            updates += cover(item)
                    else:
                        code = color[x]
                        if code == 0:
                            updates += cover(item)
                        elif code > 0:
                            hidden, cleansed = purify(x)
                            updates += hidden
                            cleansings += cleansed
            elif b != 0:
                # The null move: no option, and the item retires.
                p = prv[best]
                q = nxt[best]
                nxt[p] = q
                prv[q] = p
            break


class Operations(NamedTuple):
    """Knuth's DLX3 operations over one search's arrays (see :func:`operations`)."""

    cover: Callable[[int], int]
    uncover: Callable[[int], None]
    tweak: Callable[[int, bool], int]
    untweak: Callable[[int, int, bool], None]
    purify: Callable[[int], tuple[int, int]]
    unpurify: Callable[[int], None]


def operations(frame: Frame) -> Operations:
    """Knuth's DLX3 operations on ``frame``'s arrays, as closures over them.

    ``cover``, ``tweak`` and ``purify`` return the updates (and
    cleansings) they make, as DLX3 counts them; the search loop
    (:func:`run`) and the walker of the search tree (:class:`MWalker`)
    share them.  Closures read their arrays from cells, which is cheaper
    in the loop than attributes of an object.
    """
    links = frame.links
    up = frame.up
    down = frame.down
    size = frame.size
    top = links.top
    others = links.others
    others_rev = links.others_rev
    state: MState = frame.state
    color = state.colors

    def cover(item: int) -> int:
        """Hide every option of ``item``'s list; return the updates."""
        count = 1
        row = down[item]
        while row != item:
            for y in others[row]:
                if color[y] >= 0:
                    above = up[y]
                    below = down[y]
                    down[above] = below
                    up[below] = above
                    size[top[y]] -= 1
                    count += 1
            row = down[row]
        return count

    def uncover(item: int) -> None:
        row = up[item]
        while row != item:
            for y in others_rev[row]:
                if color[y] >= 0:
                    down[up[y]] = y
                    up[down[y]] = y
                    size[top[y]] += 1
            row = up[row]

    def tweak(node: int, block: bool) -> int:
        """Take the top option ``node`` off its item's list (and hide it if ``block``)."""
        count = 1
        if block:
            for y in others[node]:
                if color[y] >= 0:
                    above = up[y]
                    below = down[y]
                    down[above] = below
                    up[below] = above
                    size[top[y]] -= 1
                    count += 1
        above = up[node]
        below = down[node]
        down[above] = below
        up[below] = above
        size[top[node]] -= 1
        return count

    def untweak(item: int, first: int, unblock: bool) -> None:
        """Put back the options tweaked off ``item`` since ``first``, top to bottom."""
        last = down[item]
        down[item] = first
        row = first
        above = item
        k = 0
        while row != last:
            up[row] = above
            k += 1
            if unblock:
                for y in others[row]:
                    if color[y] >= 0:
                        down[up[y]] = y
                        up[down[y]] = y
                        size[top[y]] += 1
            above = row
            row = down[row]
        up[last] = above
        size[item] += k
        if not unblock:
            uncover(item)

    def purify(node: int) -> tuple[int, int]:
        """Keep only the options that agree on ``node``'s colour; return the counts."""
        code = color[node]
        item = top[node]
        count = 0
        cleansed = 1
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
                        count += 1
            elif row != node:
                color[row] = -1
                cleansed += 1
            row = down[row]
        return count, cleansed

    def unpurify(node: int) -> None:
        code = color[node]
        item = top[node]
        row = up[item]
        while row != item:
            if color[row] < 0:
                color[row] = code
            elif row != node:
                for y in others_rev[row]:
                    if color[y] >= 0:
                        down[up[y]] = y
                        up[down[y]] = y
                        size[top[y]] += 1
            row = up[row]

    return Operations(cover, uncover, tweak, untweak, purify, unpurify)


def _score(frame: Frame, state: MState, item: int) -> tuple[int, int, int]:
    """Step M3's ``(score, s, -len)`` of an active primary item: lowest wins."""
    bound = state.bound[item]
    s = min(state.slack[item], bound)
    length = frame.size[item]
    return length + s - bound + 1, s, -length


class MWalker:
    """Algorithm M's steps (Knuth's DLX3) as a :class:`dlx.position.Walker`.

    Over a frame's arrays and :class:`MState` (bounds and the list of
    active items): ``enter`` is step M4 (take one off the bound; cover
    the item when that leaves ``[0..0]``), ``take`` tweaks the option
    (unless the item was covered) and does M5, or retires the item for
    the null move (the item itself as the branch, option ``-1``, the
    level's last); ``skip`` only tweaks; ``untake`` undoes M5 and
    ``leave`` untweaks, as M6-M9 do.  The work is counted as DLX3
    counts it, with the operations the search loop uses (the same
    closures, :func:`operations`).  :func:`dlx.position.start` replays
    paths with it; :mod:`dlx.parallel` and :mod:`dlx.estimate` walk fresh
    copies (:func:`dlx.algorithms.walker`).

    >>> from dlx import ExactCover, algorithms
    >>> problem = ExactCover("A", options=[["A"], ["A"]], bounds={"A": (0, 1)})
    >>> walker = algorithms.walker(problem.links())
    >>> item, d = walker.choose()
    >>> branches = []
    >>> node = walker.enter(item, False)
    >>> while node >= 0:
    ...     walker.take(node)
    ...     branches.append(walker.option(node))
    ...     node = walker.untake(node)
    >>> walker.leave(item)
    >>> d, branches
    (3, [0, 1, -1])
    """

    def __init__(self, frame: Frame) -> None:
        self.frame = frame
        self.state: MState = frame.state
        self.updates = 0
        self.cleansings = 0
        self.ops = operations(frame)
        self._items: list[int] = []  # per level: the item entered
        self._firsts: list[int] = []  # per level: the first option tweaked, or -1
        self._recorded: list[bool] = []  # per level: whether enter() recorded it
        # What the loop keeps per level, for the levels recorded.
        self._kept_firsts: list[int] = []
        self._kept_scores: list[int] = []

    def _retire(self, item: int) -> None:
        nxt = self.state.next
        prv = self.state.prev
        nxt[prv[item]] = nxt[item]
        prv[nxt[item]] = prv[item]

    def _restore(self, item: int) -> None:
        nxt = self.state.next
        prv = self.state.prev
        nxt[prv[item]] = item
        prv[nxt[item]] = item

    def choose(self) -> tuple[int, int]:
        frame = self.frame
        state = self.state
        nxt = state.next
        root = frame.links.n_primary
        best = -1
        key = (0, 0, 0)
        item = nxt[root]
        while item != root:
            score = _score(frame, state, item)
            if best < 0 or score < key:
                best, key = item, score
                if score[0] <= 0:
                    break  # a dead end, whatever the other items say
            item = nxt[item]
        return best, max(key[0], 0) if best >= 0 else 0

    def degree(self, item: int) -> int:
        nxt = self.state.next
        root = self.frame.links.n_primary
        node = nxt[root]
        while node != root and node != item:
            node = nxt[node]
        if node == root or not 0 <= item < root:
            return -1
        return max(_score(self.frame, self.state, item)[0], 0)

    def dead_end(self, item: int) -> None:
        pass  # DLX3 backs up from a dead end without an update

    def enter(self, item: int, record: bool) -> int:
        state = self.state
        score = _score(self.frame, state, item)[0]
        b = state.bound[item] - 1
        state.bound[item] = b
        covering = b == 0 and state.slack[item] == 0
        first = self.frame.down[item]
        if b == 0:
            self._retire(item)
            self.updates += self.ops.cover(item)
        self._items.append(item)
        self._firsts.append(-1 if covering else first)
        self._recorded.append(record)
        if record:
            self._kept_firsts.append(-1 if covering else first)
            self._kept_scores.append(score)
        return first if self._open(first) else -1

    def _open(self, node: int) -> bool:
        """Whether ``node`` is a branch of the current level (step M5's test)."""
        state = self.state
        item = self._items[-1]
        b = state.bound[item]
        s = state.slack[item]
        if b == 0 and s == 0:
            return node != item
        return self.frame.size[item] > b - s

    def take(self, node: int) -> None:
        state = self.state
        item = self._items[-1]
        b = state.bound[item]
        if node == item:
            if b != 0:
                self._retire(item)  # the null move
            return
        ops = self.ops
        if b != 0 or state.slack[item] != 0:
            self.updates += ops.tweak(node, b != 0)
        links = self.frame.links
        top = links.top
        n_primary = links.n_primary
        bound = state.bound
        color = state.colors
        for x in links.others[node]:
            other = top[x]
            if other < n_primary:
                bound[other] -= 1
                if bound[other] == 0:
                    self._retire(other)
                    self.updates += ops.cover(other)
            elif color[x] == 0:
                self.updates += ops.cover(other)
            elif color[x] > 0:
                hidden, cleansed = ops.purify(x)
                self.updates += hidden
                self.cleansings += cleansed

    def untake(self, node: int) -> int:
        state = self.state
        item = self._items[-1]
        if node == item:
            self._restore(item)
            return -1
        ops = self.ops
        links = self.frame.links
        top = links.top
        n_primary = links.n_primary
        bound = state.bound
        color = state.colors
        for x in links.others_rev[node]:
            other = top[x]
            if other < n_primary:
                if bound[other] == 0:
                    ops.uncover(other)
                    self._restore(other)
                bound[other] += 1
            elif color[x] == 0:
                ops.uncover(other)
            elif color[x] > 0:
                ops.unpurify(x)
        after = self.frame.down[node]
        return after if self._open(after) else -1

    def skip(self, node: int) -> int:
        state = self.state
        item = self._items[-1]
        if node == item:
            return -1  # the null move is the last branch
        b = state.bound[item]
        if b != 0 or state.slack[item] != 0:
            self.ops.tweak(node, b != 0)
        after = self.frame.down[node]
        return after if self._open(after) else -1

    def leave(self, item: int) -> None:
        state = self.state
        b = state.bound[item]
        first = self._firsts.pop()
        self._items.pop()
        if self._recorded.pop():
            self._kept_firsts.pop()
            self._kept_scores.pop()
        if b == 0 and state.slack[item] == 0:
            self.ops.uncover(item)
            self._restore(item)
        else:
            self.ops.untweak(item, first, b != 0)
        state.bound[item] = b + 1

    def option(self, node: int) -> int:
        return -1 if node == self._items[-1] else self.frame.links.option_of[node]

    def settle(self, nodes: Sequence[int], floor: int) -> None:
        frame = self.frame
        frame.base[:] = nodes[:floor]
        frame.stack[:] = nodes[floor:]
        self.state.firsts[:] = self._kept_firsts
        self.state.scores[:] = self._kept_scores


def fraction(frame: Frame) -> float:
    """Knuth's estimate of the part of the tree behind the search, as DLX3 makes it.

    At each level the option tried is the ``k``-th of the level's ``d``
    branches (its score), counted from the first option tweaked there
    (or from the top of the item's list when it was covered).
    """
    state: MState = frame.state
    down = frame.down
    top = frame.links.top
    total = 0.0
    weight = 1.0
    for chosen, first, d in zip(frame.stack, state.firsts, state.scores, strict=True):
        node = first if first >= 0 else down[top[chosen]]
        k = 1
        while node != chosen and k < d:
            node = down[node]
            k += 1
        weight /= max(d, 1)
        total += (k - 1) * weight
    return min(1.0, total + weight / 2)


def splittable(frame: Frame) -> bool:
    """Whether splitting could hand back more than the search's own subtree.

    Algorithm M's branches at a level depend on the item's bound and
    slack as they were there, which deeper levels may have changed (an
    item can be branched on again further down), so it answers yes
    whenever the search has a level to back up through.
    """
    return bool(frame.stack)


def check(frame: Frame) -> None:
    """Verify the links of the frame's current state (Knuth's ``sanity``).

    As for Algorithm X, for Algorithm M's state: every list closes, every
    node is linked both ways and every length is right (plain lengths).
    """
    check_links(frame.links, frame.up, frame.down, frame.size, plain=True)
