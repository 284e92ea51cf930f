"""Minimum cost (Knuth's DLX5): dancing links that look for the cheapest solutions.

Knuth's DLX5 extends DLX2 (Algorithm C, colours on secondary items) with a
cost per option, a nonnegative integer, and looks for the ``k`` solutions
of least total cost.  Its method, followed here step for step so that the
statistics are DLX5's:

* **taxes**: each primary item, in order, is taxed the least cost of the
  options that contain it (their costs net of the taxes already levied),
  and that tax is taken off each of them.  Every solution then costs its
  *net* cost plus the total tax, a constant; every item has an option of
  net cost 0, and no net cost is negative;
* **sorted lists**: every item's list is ordered by net cost (stably, so
  options of equal cost keep their order);
* **the cutoff**: the ``k`` best net costs found so far are kept; their
  largest is the *cutoff* (infinite until ``k`` solutions are known).  A
  partial solution of net cost ``c`` tries only options of net cost below
  ``cutoff - c``; covering and purifying stop in each list at the first
  option that could not be tried any more (the lists are sorted), and
  uncovering stops at the same place, with the same threshold;
* **branching**: on the item with the fewest options still cheap enough
  to try (counting at most ten, then taking the list's length), the
  leftmost of those with the largest least net cost.

Every solution the search visits costs less than the cutoff at that time,
so it is one of the ``k`` best so far: the search yields it, and counts it
(as DLX5 prints and counts it).  With ``keep=None`` there is no cutoff and
the search visits every solution (in DLX5's order, with DLX5's counts for
``k`` at least the number of solutions).

The module has the parts every algorithm's has: ``prepare`` (the taxes, the
sorted lists, the best costs so far), ``run``, the walker, ``fraction``
and ``check``, and two of its own: ``save`` and ``restore``, what a
position carries of the search besides its path (the best solutions so
far, each level's thresholds); :mod:`dlx.algorithms` lists it as ``"X5"``.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from dlx.errors import PositionError
from dlx.frame import Frame
from dlx.links import Links, check_links
from dlx.position import ColoredWalker
from dlx.stats import Outcome

__all__ = [
    "LENGTH_THRESHOLD",
    "CostState",
    "X5Walker",
    "check",
    "fraction",
    "net_costs",
    "prepare",
    "ranking",
    "restore",
    "run",
    "run_many",
    "save",
]

#: DLX5's ``lenthresh``: counting an item's options still cheap enough to
#: try stops at this many, and takes the length of its list instead.
LENGTH_THRESHOLD = 10


def net_costs(links: Links) -> tuple[list[int], list[int]]:
    """Knuth's taxes: the net cost of every option and the tax of every primary item.

    Each primary item in turn is taxed the least net cost of the options
    in its list, which is taken off each of them (an item without options
    is not taxed: the problem has no solution).

    :param links: the compiled problem.
    :returns: the net cost of each option and the tax of each primary item.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("abc")
    >>> problem.add_option(["a", "b", "c"], cost=7)
    0
    >>> for item, cost in (("a", 2), ("b", 2), ("c", 2)):
    ...     _ = problem.add_option([item], cost=cost)
    >>> net_costs(problem.links())
    ([1, 0, 0, 0], [2, 2, 2])
    """
    net = list(links.cost) if links.cost is not None else [0] * links.n_options
    option_of = links.option_of
    down = links.down
    taxes = [0] * links.n_primary
    for item in range(links.n_primary):
        options = []
        x = down[item]
        while x != item:
            options.append(option_of[x])
            x = down[x]
        if not options:
            continue
        tax = min(net[k] for k in options)
        if tax:
            taxes[item] = tax
            for k in options:
                net[k] -= tax
    return net, taxes


class CostState:
    """The per-search state of the minimum-cost search.

    :ivar keep: how many of the cheapest solutions to keep (Knuth's ``k``),
        or ``None`` for every solution (no cutoff).
    :ivar cost: the net cost of each node's option (0 for the headers).
    :ivar net: the net cost of each option.
    :ivar total_tax: the taxes of all items: a solution costs its net cost
        plus this.
    :ivar infinite: a net cost above every solution's (the cutoff until
        ``keep`` solutions are known).
    :ivar ceiling: the net cost every solution must be below (``infinite``,
        or a total cost ``bound`` given from outside less the taxes).
    :ivar cutoff: the largest of the ``keep`` best net costs so far
        (``ceiling`` until there are ``keep``, and never above it): the
        cost to beat.
    :ivar best: a heap of the best solutions so far, as ``(-net cost,
        -order, options)``: its top is the one to drop next.
    :ivar order: how many solutions have been kept so far (ties among
        equal costs go to the earlier one).
    :ivar next: the active primary items as a doubly linked list (Knuth's
        ``cl[].next``), headed by ``root``; ``prev`` the other way.
    """

    def __init__(
        self,
        links: Links,
        keep: int | None,
        bound: int | None = None,
        canonical: Callable[[tuple[int, ...]], tuple[int, ...]] | None = None,
    ) -> None:
        net, taxes = _shared(links)
        top = links.top
        option_of = links.option_of
        first = links.n_items + 1
        self.keep = keep
        self.net = net
        self.cost = [0] * first + [net[option_of[x]] for x in range(first, len(top))]
        self.total_tax = sum(taxes)
        # Above the net cost of any solution plus any option: no threshold
        # (the cutoff less a partial solution's cost) ever stops a list
        # before there is a real cutoff, as with Knuth's 2**64 - 1.
        self.infinite = 2 * sum(net) + 1
        # A cost to beat from outside (dlx.parallel: the k-th best of the
        # other tasks), as a net cost; the cutoff never rises above it.
        self.ceiling = self.infinite
        if bound is not None:
            self.ceiling = min(self.infinite, max(0, bound - self.total_tax))
        # The ceiling applies from the first step of the loop on: a prefix
        # is walked without it, as the frontier that made it was.
        self.cutoff = self.infinite
        self.best: list[tuple[int, int, tuple[int, ...]]] = []
        self.order = 0
        # Up to symmetry (dlx.symmetry.Leaders): each solution is kept as
        # its orbit's leader, once, so that the cutoff is the k-th orbit's.
        self.canonical = canonical
        self.kept: set[tuple[int, ...]] = set()
        n = links.n_primary
        self.root = n
        self.next = [*range(1, n + 1), 0]
        self.prev = [n, *range(n)]
        # The levels of a resumed search's path, to replay with the
        # thresholds it used (see restore); None once replayed.
        self.replay: list[list[int]] | None = None
        # The levels of a prefix (above the floor), as the walker covered
        # them: the loop never backs up through them, but a position
        # replays the whole path, these levels first (see save).
        self.above: list[list[int]] = []

    def record(self, net: int, solution: tuple[int, ...]) -> int:
        """Keep a solution found (its net cost below the cutoff); return the new cutoff.

        With ``canonical``, what is kept is ``canonical(solution)``, and
        nothing when that is kept already.
        """
        canonical = self.canonical
        if canonical is not None:
            solution = canonical(solution)
            if solution in self.kept:
                return self.cutoff
            self.kept.add(solution)
        self.order += 1
        heap = self.best
        heapq.heappush(heap, (-net, -self.order, solution))
        keep = self.keep
        if keep is not None:
            if len(heap) > keep:
                dropped = heapq.heappop(heap)
                if canonical is not None:
                    self.kept.discard(dropped[2])
            if len(heap) == keep:
                self.cutoff = min(self.ceiling, -heap[0][0])
        return self.cutoff

    def ranking(self) -> list[tuple[int, tuple[int, ...]]]:
        """The solutions kept, cheapest first (ties: found first), with their total costs."""
        tax = self.total_tax
        ranked = sorted((-net, -order, s) for net, order, s in self.best)
        return [(net + tax, solution) for net, _, solution in ranked]


def _shared(links: Links) -> tuple[list[int], list[int]]:
    """The taxes and net costs of ``links``, worked out once per problem."""
    known = links.cache.get("x5 net")
    if known is None:
        known = links.cache["x5 net"] = net_costs(links)
    return known  # type: ignore[return-value]


def _sorted_links(links: Links, net: Sequence[int]) -> tuple[list[int], list[int]]:
    """``links.up`` and ``links.down`` with every item's list in order of net cost (stable)."""
    known = links.cache.get("x5 links")
    if known is not None:
        return known  # type: ignore[return-value]
    up = list(links.up)
    down = list(links.down)
    option_of = links.option_of
    for item in range(links.n_items):
        nodes = []
        x = links.down[item]
        while x != item:
            nodes.append(x)
            x = links.down[x]
        nodes.sort(key=lambda node: net[option_of[node]])
        above = item
        for x in nodes:
            down[above] = x
            up[x] = above
            above = x
        down[above] = item
        up[item] = above
    links.cache["x5 links"] = up, down
    return up, down


def prepare(frame: Frame) -> None:
    """Knuth's input phase of DLX5: the taxes, the lists sorted by net cost, no best cost yet.

    The frame's own copies of the links are put in order of net cost;
    ``frame.keep`` (if the search has one) is Knuth's ``k``, else every
    solution is visited; ``frame.bound`` (if any) a total cost every
    solution must be below.  A problem without colours gets colour codes of
    0, so that one loop serves both.
    """
    links = frame.links
    state = CostState(
        links,
        getattr(frame, "keep", None),
        getattr(frame, "bound", None),
        getattr(frame, "canonical", None),
    )
    up, down = _sorted_links(links, state.net)
    frame.up[:] = up
    frame.down[:] = down
    if frame.color is None:
        frame.color = [0] * len(links.top)
    frame.state = state


def run(frame: Frame, count_only: bool) -> Iterator[tuple[int, ...]]:
    """DLX5's search: Algorithm C over lists sorted by net cost, with the cutoff.

    The steps are Knuth's labels: *forward* (enter a level and choose an
    item), *advance* (commit the other items of the option tried),
    *recover* (undo that and go to the next option of the level),
    *backup* (uncover the level's item) and *backdown* (go up a level).
    Per level ``frame.saves`` keeps the net cost before the level and the
    two thresholds the level covered with (its item's, and the option's
    other items'), so that uncovering stops where covering did.
    """
    links = frame.links
    up = frame.up
    down = frame.down
    size = frame.size
    color = frame.color
    assert color is not None
    state: CostState = frame.state
    cost = state.cost
    next_item = state.next
    prev_item = state.prev
    root = state.root
    n_primary = links.n_primary
    top = links.top
    others = links.others
    others_rev = links.others_rev
    option_of = links.option_of
    shift = links.shift
    offset = links.active_offset
    threshold = LENGTH_THRESHOLD
    record = state.record
    stats = frame.stats
    limit = frame.limit
    stack = frame.stack
    saves = frame.saves
    push = stack.append
    pop = stack.pop
    keep_level = saves.append
    drop_level = saves.pop
    started = time.perf_counter()
    nodes = stats.nodes
    updates = stats.updates
    cleansings = stats.cleansings
    found = stats.solutions
    cutoff = state.cutoff = min(state.cutoff, state.ceiling)
    # Below a prefix (dlx.position.start): its options belong to every
    # solution, and its levels the loop backs up through (a floor below
    # the prefix) get what the loop keeps per level, with the thresholds
    # the walker covered with (no cutoff).
    fixed = [option_of[x] for x in frame.base]
    curcost = sum(cost[x] for x in frame.base)
    if stack:
        curcost = saves[-1][0] + cost[stack[-1]]
    nextcost = 0
    node = -1
    item = -1
    level: list[int] = []
    check_at = frame.tick(nodes + 1, started)
    while True:
        # forward: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.updates = updates
            stats.cleansings = cleansings
            check_at = frame.tick(nodes, started)
        # Choose the item to branch on: the fewest options cheap enough,
        # then the largest least net cost, then the leftmost.
        fewest = -1  # -1: none chosen yet (Knuth's t = max_nodes)
        dearest = 0
        item = -1
        room = cutoff - curcost
        k = next_item[root]
        while k != root:
            p = down[k]
            if p == k or cost[p] >= room:  # nothing left to try for k
                fewest = 0
                item = k
                break
            least = cost[p]
            s = 1
            p = down[p]
            while True:
                if p == k or cost[p] >= room:
                    break  # k has s options to try
                if s == fewest:
                    s = -1  # more than the best so far
                    break
                if s >= threshold:
                    s = size[k] - offset  # content with the length
                    break
                p = down[p]
                s += 1
            if s >= 0 and (
                fewest < 0 or s < fewest or (s == fewest and least > dearest)
            ):
                fewest = s
                item = k
                dearest = least
            k = next_item[k]
        if item < 0:
            # No primary item left before a first choice: a prefix that
            # is a solution, or a problem without primary items.
            if curcost < cutoff:
                found += 1
                stats.nodes = nodes
                stats.updates = updates
                stats.cleansings = cleansings
                stats.solutions = found
                solution = tuple(sorted([option_of[x] for x in stack] + fixed))
                cutoff = record(curcost, solution)
                if not count_only:  # a count hands nothing out
                    yield solution
                if found == limit:
                    frame.outcome = Outcome.LIMIT_REACHED
                    return
            advance = False  # backdown (or the end), below
        elif fewest == 0:
            advance = False  # backdown, below
        else:
            node = down[item]
            nextcost = curcost + cost[node]
            thresh = cutoff - nextcost
            # cover(item, thresh)
            if item < n_primary:
                before = prev_item[item]
                after = next_item[item]
                next_item[before] = after
                prev_item[after] = before
            size[item] += shift[item]
            updates += 1
            row = down[item]
            while row != item and cost[row] < thresh:
                for y in others[row]:
                    if color[y] >= 0:
                        above = up[y]
                        below = down[y]
                        down[above] = below
                        up[below] = above
                        size[top[y]] -= 1
                        updates += 1
                row = down[row]
            push(node)
            level = [curcost, thresh, 0]
            keep_level(level)
            advance = True
        while True:
            if advance:
                # advance: cover (or purify) the other items of `node`.
                thresh = cutoff - nextcost
                level[2] = thresh
                for x in others[node]:
                    code = color[x]
                    if code < 0:
                        continue
                    c = top[x]
                    if code == 0:
                        # cover(c, thresh)
                        if c < n_primary:
                            before = prev_item[c]
                            after = next_item[c]
                            next_item[before] = after
                            prev_item[after] = before
                        size[c] += shift[c]
                        updates += 1
                        row = down[c]
                        while row != c and cost[row] < thresh:
                            for y in others[row]:
                                if color[y] >= 0:
                                    above = up[y]
                                    below = down[y]
                                    down[above] = below
                                    up[below] = above
                                    size[top[y]] -= 1
                                    updates += 1
                            row = down[row]
                    else:
                        # purify(x, thresh)
                        cleansings += 1
                        row = down[c]
                        while row != c and cost[row] < thresh:
                            if color[row] != code:
                                for y in others[row]:
                                    if color[y] >= 0:
                                        above = up[y]
                                        below = down[y]
                                        down[above] = below
                                        up[below] = above
                                        size[top[y]] -= 1
                                        updates += 1
                            elif row != x:
                                color[row] = -1
                                cleansings += 1
                            row = down[row]
                if next_item[root] != root:
                    curcost = nextcost
                    break  # forward
                # A solution (a node of its own, as in DLX5: the clock too).
                nodes += 1
                if nodes >= check_at:
                    stats.nodes = nodes - 1
                    stats.updates = updates
                    stats.cleansings = cleansings
                    check_at = frame.tick(nodes, started)
                found += 1
                solution = tuple(sorted([option_of[x] for x in stack] + fixed))
                cutoff = record(nextcost, solution)
                stats.nodes = nodes
                stats.updates = updates
                stats.cleansings = cleansings
                stats.solutions = found
                if not count_only:
                    yield solution
                if found == limit:
                    frame.outcome = Outcome.LIMIT_REACHED
                    return
                # recover, below.
            else:
                # backdown: go up a level.
                if not stack:
                    stats.nodes = nodes
                    stats.updates = updates
                    stats.cleansings = cleansings
                    stats.solutions = found
                    frame.outcome = Outcome.EXHAUSTED
                    return
                level = saves[-1]
                node = stack[-1]
                item = top[node]
                curcost = level[0]
            # recover: uncover the other items of `node`, leftwards.
            thresh = level[2]
            for x in others_rev[node]:
                code = color[x]
                if code < 0:
                    continue
                c = top[x]
                if code == 0:
                    # uncover(c, thresh)
                    row = down[c]
                    while row != c and cost[row] < thresh:
                        for y in others[row]:
                            if color[y] >= 0:
                                down[up[y]] = y
                                up[down[y]] = y
                                size[top[y]] += 1
                        row = down[row]
                    if c < n_primary:
                        before = prev_item[c]
                        after = next_item[c]
                        next_item[before] = c
                        prev_item[after] = c
                    size[c] -= shift[c]
                else:
                    # unpurify(x, thresh)
                    row = down[c]
                    while row != c and cost[row] < thresh:
                        if color[row] < 0:
                            color[row] = code
                        elif row != x:
                            for y in others[row]:
                                if color[y] >= 0:
                                    down[up[y]] = y
                                    up[down[y]] = y
                                    size[top[y]] += 1
                        row = down[row]
            node = down[node]
            stack[-1] = node
            if node != item:
                nextcost = curcost + cost[node]
                if nextcost < cutoff:
                    advance = True
                    continue
            # backup: uncover the level's item (its own threshold).
            thresh = level[1]
            row = down[item]
            while row != item and cost[row] < thresh:
                for y in others[row]:
                    if color[y] >= 0:
                        down[up[y]] = y
                        up[down[y]] = y
                        size[top[y]] += 1
                row = down[row]
            if item < n_primary:
                before = prev_item[item]
                after = next_item[item]
                next_item[before] = item
                prev_item[after] = item
            size[item] -= shift[item]
            pop()
            drop_level()
            advance = False


def run_many(frame: Frame, count_only: bool) -> Iterator[tuple[int, ...]]:
    """DLX5's search for problems with many items: the same tree, a node's cost independent of them.

    :func:`run` chooses the item to branch on as Knuth's DLX5 does, by a
    walk over every active primary item, so that a search of ``n`` items
    ``n`` levels deep takes time in ``n`` squared.  This form makes the
    same choice from three trees over the primary items (a tournament in
    a flat list, a leaf per item), brought up to date with every change of
    an item's list:

    * the least ``(length, -least net cost, item)`` of the active items:
      DLX5's choice where no option is too dear to try;
    * the largest least net cost (an item without options counts as
      dearest): a *dead end*, an item none of whose options can be tried
      any more, is found at once, the leftmost one as DLX5 takes it;
    * the largest net cost in each list: the items with an option too
      dear to try, whose count of options to try is less than their
      length, are the only ones that can beat the first tree's choice,
      and are looked at one by one, as DLX5 looks at every item.

    Before the cutoff (while fewer than ``k`` solutions are known) and
    after it (when every option left is too dear) a node costs a few
    steps down the trees, and each update one walk up them.  The tree,
    the order of solutions and DLX5's statistics are those of :func:`run`
    (the conformance suite compares them).
    """
    links = frame.links
    up = frame.up
    down = frame.down
    size = frame.size
    color = frame.color
    assert color is not None
    state: CostState = frame.state
    cost = state.cost
    next_item = state.next
    prev_item = state.prev
    root = state.root
    n_primary = links.n_primary
    top = links.top
    others = links.others
    others_rev = links.others_rev
    option_of = links.option_of
    shift = links.shift
    offset = links.active_offset
    threshold = LENGTH_THRESHOLD
    record = state.record
    stats = frame.stats
    limit = frame.limit
    stack = frame.stack
    saves = frame.saves
    push = stack.append
    pop = stack.pop
    keep_level = saves.append
    drop_level = saves.pop
    started = time.perf_counter()
    nodes = stats.nodes
    updates = stats.updates
    cleansings = stats.cleansings
    found = stats.solutions
    cutoff = state.cutoff = min(state.cutoff, state.ceiling)
    # Below a prefix (dlx.position.start): its options belong to every
    # solution, and its levels the loop backs up through (a floor below
    # the prefix) get what the loop keeps per level, with the thresholds
    # the walker covered with (no cutoff).
    fixed = [option_of[x] for x in frame.base]
    curcost = sum(cost[x] for x in frame.base)
    if stack:
        curcost = saves[-1][0] + cost[stack[-1]]
    nextcost = 0
    node = -1
    item = -1
    level: list[int] = []
    # The three trees (see above), with a leaf per primary item at
    # ``width + item``; node ``i`` holds the better of ``2i`` and ``2i + 1``.
    active = bytearray(n_primary)
    k = next_item[root]
    while k != root:
        active[k] = 1
        k = next_item[k]
    width = 1
    while width < max(n_primary, 1):
        width *= 2
    item_bits = width.bit_length()
    dearest_cost = max(cost, default=0)
    cost_bits = dearest_cost.bit_length() + 1
    no_key = 1 << (item_bits + cost_bits + len(top).bit_length() + 2)
    # An item without options is a dead end whatever the room: above every
    # cutoff, as the infinite one is.
    dead = state.infinite + 1
    keyed = [no_key] * (2 * width)
    leastmax = [-1] * (2 * width)
    dearmax = [-1] * (2 * width)

    def leaf(k: int) -> None:
        """Set item ``k``'s leaves from its list (without walking up)."""
        i = width + k
        if not active[k]:
            keyed[i] = no_key
            leastmax[i] = dearmax[i] = -1
            return
        first = down[k]
        if first == k:
            keyed[i] = k
            leastmax[i] = dead
            dearmax[i] = -1
            return
        least = cost[first]
        keyed[i] = (
            ((size[k] - offset) << cost_bits | (dearest_cost - least)) << item_bits
        ) | k
        leastmax[i] = least
        dearmax[i] = cost[up[k]]

    def touch(k: int) -> None:
        """Bring item ``k``'s leaves and the nodes above them up to date."""
        leaf(k)
        i = (width + k) >> 1
        while i:
            a = i + i
            left = keyed[a]
            right = keyed[a + 1]
            best = left if left < right else right
            left = leastmax[a]
            right = leastmax[a + 1]
            most = left if left > right else right
            left = dearmax[a]
            right = dearmax[a + 1]
            dearest = left if left > right else right
            if keyed[i] == best and leastmax[i] == most and dearmax[i] == dearest:
                break  # the nodes above are as they were
            keyed[i] = best
            leastmax[i] = most
            dearmax[i] = dearest
            i >>= 1

    for k in range(n_primary):
        leaf(k)
    for i in range(width - 1, 0, -1):
        a = i + i
        keyed[i] = min(keyed[a], keyed[a + 1])
        leastmax[i] = max(leastmax[a], leastmax[a + 1])
        dearmax[i] = max(dearmax[a], dearmax[a + 1])
    item_mask = (1 << item_bits) - 1
    # The items to look at, and the tree nodes still to descend: kept
    # across nodes, so that choosing allocates nothing.
    todo: list[int] = []
    pending: list[int] = []
    check_at = frame.tick(nodes + 1, started)
    while True:
        # forward: enter a level.
        nodes += 1
        if nodes >= check_at:
            stats.nodes = nodes - 1
            stats.updates = updates
            stats.cleansings = cleansings
            check_at = frame.tick(nodes, started)
        # Choose the item to branch on as DLX5 does (the fewest options
        # cheap enough, then the largest least net cost, then the
        # leftmost), from the trees.
        fewest = -1  # -1: none chosen yet (Knuth's t = max_nodes)
        dearest = 0
        item = -1
        room = cutoff - curcost
        if next_item[root] == root:
            pass  # no active primary item
        elif leastmax[1] >= room:
            # A dead end: the leftmost item with nothing left to try.
            i = 1
            while i < width:
                i += i
                if leastmax[i] < room:
                    i += 1
            item = i - width
            fewest = 0
        else:
            # The best by length, unless an item with an option too dear
            # has fewer options to try than its length.
            todo.append(keyed[1] & item_mask)
            if dearmax[1] >= room:
                pending.append(1)
                while pending:
                    i = pending.pop()
                    if i >= width:
                        todo.append(i - width)
                        continue
                    i += i
                    if dearmax[i] >= room:
                        pending.append(i)
                    if dearmax[i + 1] >= room:
                        pending.append(i + 1)
            for k in todo:
                p = down[k]
                least = cost[p]
                s = 1
                p = down[p]
                while True:
                    if p == k or cost[p] >= room:
                        break  # k has s options to try
                    if s >= threshold:
                        s = size[k] - offset  # content with the length
                        break
                    p = down[p]
                    s += 1
                if (
                    fewest < 0
                    or s < fewest
                    or (
                        s == fewest
                        and (least > dearest or (least == dearest and k < item))
                    )
                ):
                    fewest = s
                    item = k
                    dearest = least
            todo.clear()
        if item < 0:
            # No primary item left before a first choice: a prefix that
            # is a solution, or a problem without primary items.
            if curcost < cutoff:
                found += 1
                stats.nodes = nodes
                stats.updates = updates
                stats.cleansings = cleansings
                stats.solutions = found
                solution = tuple(sorted([option_of[x] for x in stack] + fixed))
                cutoff = record(curcost, solution)
                if not count_only:  # a count hands nothing out
                    yield solution
                if found == limit:
                    frame.outcome = Outcome.LIMIT_REACHED
                    return
            advance = False  # backdown (or the end), below
        elif fewest == 0:
            advance = False  # backdown, below
        else:
            node = down[item]
            nextcost = curcost + cost[node]
            thresh = cutoff - nextcost
            # cover(item, thresh)
            if item < n_primary:
                before = prev_item[item]
                after = next_item[item]
                next_item[before] = after
                prev_item[after] = before
            size[item] += shift[item]
            if item < n_primary:
                active[item] = 0
                touch(item)
            updates += 1
            row = down[item]
            while row != item and cost[row] < thresh:
                for y in others[row]:
                    if color[y] >= 0:
                        above = up[y]
                        below = down[y]
                        down[above] = below
                        up[below] = above
                        size[top[y]] -= 1
                        if top[y] < n_primary:
                            touch(top[y])
                        updates += 1
                row = down[row]
            push(node)
            level = [curcost, thresh, 0]
            keep_level(level)
            advance = True
        while True:
            if advance:
                # advance: cover (or purify) the other items of `node`.
                thresh = cutoff - nextcost
                level[2] = thresh
                for x in others[node]:
                    code = color[x]
                    if code < 0:
                        continue
                    c = top[x]
                    if code == 0:
                        # cover(c, thresh)
                        if c < n_primary:
                            before = prev_item[c]
                            after = next_item[c]
                            next_item[before] = after
                            prev_item[after] = before
                        size[c] += shift[c]
                        if c < n_primary:
                            active[c] = 0
                            touch(c)
                        updates += 1
                        row = down[c]
                        while row != c and cost[row] < thresh:
                            for y in others[row]:
                                if color[y] >= 0:
                                    above = up[y]
                                    below = down[y]
                                    down[above] = below
                                    up[below] = above
                                    size[top[y]] -= 1
                                    if top[y] < n_primary:
                                        touch(top[y])
                                    updates += 1
                            row = down[row]
                    else:
                        # purify(x, thresh)
                        cleansings += 1
                        row = down[c]
                        while row != c and cost[row] < thresh:
                            if color[row] != code:
                                for y in others[row]:
                                    if color[y] >= 0:
                                        above = up[y]
                                        below = down[y]
                                        down[above] = below
                                        up[below] = above
                                        size[top[y]] -= 1
                                        if top[y] < n_primary:
                                            touch(top[y])
                                        updates += 1
                            elif row != x:
                                color[row] = -1
                                cleansings += 1
                            row = down[row]
                if next_item[root] != root:
                    curcost = nextcost
                    break  # forward
                # A solution (a node of its own, as in DLX5: the clock too).
                nodes += 1
                if nodes >= check_at:
                    stats.nodes = nodes - 1
                    stats.updates = updates
                    stats.cleansings = cleansings
                    check_at = frame.tick(nodes, started)
                found += 1
                solution = tuple(sorted([option_of[x] for x in stack] + fixed))
                cutoff = record(nextcost, solution)
                stats.nodes = nodes
                stats.updates = updates
                stats.cleansings = cleansings
                stats.solutions = found
                if not count_only:
                    yield solution
                if found == limit:
                    frame.outcome = Outcome.LIMIT_REACHED
                    return
                # recover, below.
            else:
                # backdown: go up a level.
                if not stack:
                    stats.nodes = nodes
                    stats.updates = updates
                    stats.cleansings = cleansings
                    stats.solutions = found
                    frame.outcome = Outcome.EXHAUSTED
                    return
                level = saves[-1]
                node = stack[-1]
                item = top[node]
                curcost = level[0]
            # recover: uncover the other items of `node`, leftwards.
            thresh = level[2]
            for x in others_rev[node]:
                code = color[x]
                if code < 0:
                    continue
                c = top[x]
                if code == 0:
                    # uncover(c, thresh)
                    row = down[c]
                    while row != c and cost[row] < thresh:
                        for y in others[row]:
                            if color[y] >= 0:
                                down[up[y]] = y
                                up[down[y]] = y
                                size[top[y]] += 1
                                if top[y] < n_primary:
                                    touch(top[y])
                        row = down[row]
                    if c < n_primary:
                        before = prev_item[c]
                        after = next_item[c]
                        next_item[before] = c
                        prev_item[after] = c
                    size[c] -= shift[c]
                    if c < n_primary:
                        active[c] = 1
                        touch(c)
                else:
                    # unpurify(x, thresh)
                    row = down[c]
                    while row != c and cost[row] < thresh:
                        if color[row] < 0:
                            color[row] = code
                        elif row != x:
                            for y in others[row]:
                                if color[y] >= 0:
                                    down[up[y]] = y
                                    up[down[y]] = y
                                    size[top[y]] += 1
                                    if top[y] < n_primary:
                                        touch(top[y])
                        row = down[row]
            node = down[node]
            stack[-1] = node
            if node != item:
                nextcost = curcost + cost[node]
                if nextcost < cutoff:
                    advance = True
                    continue
            # backup: uncover the level's item (its own threshold).
            thresh = level[1]
            row = down[item]
            while row != item and cost[row] < thresh:
                for y in others[row]:
                    if color[y] >= 0:
                        down[up[y]] = y
                        up[down[y]] = y
                        size[top[y]] += 1
                        if top[y] < n_primary:
                            touch(top[y])
                row = down[row]
            if item < n_primary:
                before = prev_item[item]
                after = next_item[item]
                next_item[before] = item
                prev_item[after] = item
            size[item] -= shift[item]
            if item < n_primary:
                active[item] = 1
                touch(item)
            pop()
            drop_level()
            advance = False


class X5Walker(ColoredWalker):
    """DLX5's steps as a :class:`dlx.position.Walker`: Knuth's operations with thresholds.

    It walks the tree the search explores from the state it was given:
    the lists sorted by net cost, DLX5's choice of item (fewest options
    cheap enough to try, then the largest least net cost, then the
    leftmost), Knuth's cover and purify with the threshold of each level
    (the cutoff less the partial solution's cost; purify leaves the
    chosen node's colour alone), going on to a level's next option only
    while it is cheap enough.  A dead end costs nothing: DLX5 backs up
    without covering the empty item.  Replaying a resumed search's path,
    it covers each level with the thresholds the search used there (the
    position keeps them); ``settle`` hands the search those levels.
    The tree a search with a cutoff explores changes with the solutions
    it finds, which a walk apart from the search does not find: the
    frontier and the conformance checks walk a search that keeps every
    solution (no cutoff).

    >>> from dlx import ExactCover, Search
    >>> problem = ExactCover("ab", options=[["a"], ["a", "b"], ["b"]])
    >>> problem.add_option(["a"], cost=1)
    3
    >>> walker = Search(problem.links(), algorithm="X5").walker()
    >>> walker.choose()
    (1, 2)
    """

    def __init__(self, frame: Frame) -> None:
        super().__init__(frame)
        self.keep_sizes = False
        self.state: CostState = frame.state
        # Per level entered: [net cost before it, its item's threshold,
        # its option's threshold], as the loop keeps them in frame.saves.
        self.levels: list[list[int]] = []
        # Per level: whether its option's threshold is still the replayed one.
        self.replaying: list[bool] = []
        self.curcost = sum(self.state.cost[x] for x in frame.base)
        self.thresh = self.state.infinite  # of the operation under way

    def choose(self) -> tuple[int, int]:
        state = self.state
        cost = state.cost
        down = self.down
        room = state.cutoff - self.curcost
        offset = self.links.active_offset
        fewest, dearest, best = -1, 0, -1
        k = state.next[state.root]
        while k != state.root:
            p = down[k]
            if p == k or cost[p] >= room:
                return k, 0
            least = cost[p]
            s = 1
            p = down[p]
            while True:
                if p == k or cost[p] >= room:
                    break
                if s == fewest:
                    s = -1
                    break
                if s >= LENGTH_THRESHOLD:
                    s = self.size[k] - offset
                    break
                p = down[p]
                s += 1
            if s >= 0 and (
                fewest < 0 or s < fewest or (s == fewest and least > dearest)
            ):
                fewest, best, dearest = s, k, least
            k = state.next[k]
        return (-1, 0) if best < 0 else (best, fewest)

    def dead_end(self, item: int) -> None:
        pass  # DLX5 goes back up without covering the empty item

    def enter(self, item: int, record: bool) -> int:
        """Cover ``item`` with the level's threshold; return the top node of its list."""
        depth = len(self.levels)
        replay = self.state.replay
        node = self.down[item]
        replaying = replay is not None and depth < len(replay)
        if replay is not None and replaying:
            thresh = replay[depth][1]
            self.levels.append([self.curcost, thresh, replay[depth][2]])
        else:
            thresh = self.state.cutoff - self.curcost - self.state.cost[node]
            self.levels.append([self.curcost, thresh, thresh])
        self.replaying.append(replaying)
        self.thresh = thresh
        self.cover(item)
        return -1 if node == item else node

    def take(self, node: int) -> None:
        level = self.levels[-1]
        if self.replaying[-1]:
            self.replaying[-1] = False  # the path's own option: as it was
        else:
            level[2] = self.state.cutoff - level[0] - self.state.cost[node]
        self.thresh = level[2]
        self.curcost = level[0] + self.state.cost[node]
        self.commit_others(node)

    def untake(self, node: int) -> int:
        """Undo :meth:`take`; the level's next option, or -1 when none is cheap enough."""
        level = self.levels[-1]
        self.thresh = level[2]
        self.uncommit_others(node)
        self.curcost = level[0]
        after = self.skip(node)
        if after >= 0 and level[0] + self.state.cost[after] >= self.state.cutoff:
            return -1  # the loop backs up here
        return after

    def leave(self, item: int) -> None:
        level = self.levels.pop()
        self.replaying.pop()
        self.thresh = level[1]
        self.uncover(item)
        self.curcost = level[0]

    def settle(self, nodes: Sequence[int], floor: int) -> None:
        """:meth:`Walker.settle`: the nodes to the stacks, the levels below the floor to ``saves``."""
        frame = self.frame
        frame.base[:] = nodes[:floor]
        frame.stack[:] = nodes[floor:]
        frame.saves[:] = self.levels[floor:]
        self.state.above = [list(level) for level in self.levels[:floor]]
        self.state.replay = None

    def cover(self, item: int) -> None:
        """Knuth's cover(c, thresh) of DLX5."""
        state = self.state
        if item < self.links.n_primary:
            before, after = state.prev[item], state.next[item]
            state.next[before] = after
            state.prev[after] = before
        self.size[item] += self.links.shift[item]
        self.updates += 1
        row = self.down[item]
        while row != item and state.cost[row] < self.thresh:
            self.hide(row)
            row = self.down[row]

    def uncover(self, item: int) -> None:
        """Knuth's uncover(c, thresh) of DLX5: down the list again, as cover went."""
        state = self.state
        row = self.down[item]
        while row != item and state.cost[row] < self.thresh:
            self.unhide(row)
            row = self.down[row]
        if item < self.links.n_primary:
            state.next[state.prev[item]] = item
            state.prev[state.next[item]] = item
        self.size[item] -= self.links.shift[item]

    def purify(self, node: int) -> None:
        """Knuth's purify(p, thresh) of DLX5 (``node``'s own colour stays)."""
        color = self.color
        assert color is not None
        code = color[node]
        item = self.links.top[node]
        self.cleansings += 1
        row = self.down[item]
        while row != item and self.state.cost[row] < self.thresh:
            if color[row] != code:
                self.hide(row)
            elif row != node:
                color[row] = -1
                self.cleansings += 1
            row = self.down[row]

    def unpurify(self, node: int) -> None:
        """Knuth's unpurify(p, thresh) of DLX5."""
        color = self.color
        assert color is not None
        code = color[node]
        item = self.links.top[node]
        row = self.down[item]
        while row != item and self.state.cost[row] < self.thresh:
            if color[row] < 0:
                color[row] = code
            elif row != node:
                self.unhide(row)
            row = self.down[row]


def save(frame: Frame) -> dict[str, Any]:
    """What a position of a minimum-cost search carries besides its path and counts.

    The ``keep`` and the bound, the best solutions so far (net cost,
    order found, options) and, per level, the net cost before it and the
    two thresholds it covered with: what the tree below depends on.
    """
    state: CostState = frame.state
    return {
        "keep": state.keep,
        "ceiling": state.ceiling,
        "order": state.order,
        "best": [[-net, -order, list(s)] for net, order, s in state.best],
        # Every level of the path, from the root: a position replays
        # them all, those of a prefix too (a search below one).
        "levels": [list(level) for level in (*state.above, *frame.saves)],
    }


def restore(frame: Frame, extra: Any) -> None:
    """Take the state :func:`save` wrote back into a new search (before its path is replayed).

    :raises PositionError: when it is not such a state, or one of a
        search that keeps another number of solutions.
    """
    state: CostState = frame.state
    if extra is None:
        raise PositionError("a position of another search (no best costs)")
    try:
        keep = extra["keep"]
        ceiling = extra["ceiling"]
        order = extra["order"]
        best = [
            (-_whole(net), -_whole(place), tuple(_whole(k) for k in solution))
            for net, place, solution in extra["best"]
        ]
        levels = [[_whole(v) for v in level] for level in extra["levels"]]
        if keep is not None:
            _whole(keep)
        _whole(ceiling)
        _whole(order)
        if any(len(level) != 3 for level in levels):
            raise TypeError
    except (KeyError, TypeError, ValueError):
        raise PositionError("a damaged position of a minimum-cost search") from None
    if keep != state.keep:
        raise PositionError(
            f"a position of a search for the {keep} cheapest solutions, "
            f"not the {state.keep} cheapest"
        )
    heapq.heapify(best)
    state.best = best
    if state.canonical is not None:
        state.kept = {solution for _, _, solution in best}
    state.order = order
    # A bound given to the new search (dlx.parallel hands a resumed task
    # the best cost found since) holds too: the lower of the two.
    state.ceiling = ceiling = min(state.ceiling, ceiling)
    state.cutoff = ceiling
    if keep is not None and len(best) >= keep:
        state.cutoff = min(ceiling, -best[0][0])
    state.replay = levels


def _whole(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError
    return value


def fraction(frame: Frame) -> float:
    """Knuth's estimate of the part of the tree behind the search (0 to 1), as DLX5 makes it.

    At each level the search is trying the ``k``-th option of its item's
    list, of ``d`` that are cheap enough to try (the options before it,
    and those from it on whose net cost is below the cutoff less the
    partial solution's cost): Σ (k - 1) / (d₁ ⋯ d_l) over the levels, plus
    half of 1 / (d₁ ⋯ d_L).
    """
    state: CostState = frame.state
    cost = state.cost
    down = frame.down
    top = frame.links.top
    total = 0.0
    weight = 1.0
    for node, level in zip(frame.stack, frame.saves, strict=True):
        item = top[node]
        room = state.cutoff - level[0]
        k = 1
        row = down[item]
        while row != node:
            k += 1
            row = down[row]
        d = k - 1
        while row != item and cost[row] < room:
            d += 1
            row = down[row]
        d = max(d, k)
        weight /= d
        total += (k - 1) * weight
        if weight < 1e-18:
            break
    return min(1.0, total + weight / 2)


def check(frame: Frame) -> None:
    """Verify the frame's current state (Knuth's ``sanity`` of DLX5).

    The links (as :func:`dlx.links.check_links`), every list in order of
    net cost, and the list of active primary items.
    """
    links = frame.links
    check_links(links, frame.up, frame.down, frame.size)
    state: CostState = frame.state
    cost = state.cost
    down = frame.down
    for item in range(links.n_items):
        x = down[item]
        while down[x] != item:
            if cost[down[x]] < cost[x]:
                raise AssertionError(
                    f"item {item}: costs out of order at node {down[x]}"
                )
            x = down[x]
    active = []
    k = state.next[state.root]
    while k != state.root:
        if state.prev[state.next[k]] != k:
            raise AssertionError(f"item {k}: bad link in the list of active items")
        active.append(k)
        k = state.next[k]
    wanted = [k for k in range(links.n_primary) if links.is_active(frame.size, k)]
    if active != wanted:
        raise AssertionError(f"active items {active}, but the sizes say {wanted}")


def ranking(frame: Frame) -> list[tuple[int, tuple[int, ...]]]:
    """The solutions a minimum-cost search has kept: ``(total cost, options)``, cheapest first.

    Ties in cost are in the order the search found them.
    """
    state: CostState = frame.state
    return state.ranking()
