"""Algorithm M: exact covers with multiplicities (Knuth's DLX3).

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
searched by :class:`dlx.Search` (Algorithm X) as before: this module
only runs when some item has other bounds.

Positions, ``resume=`` and ``prefix=`` work as for :class:`dlx.Search`
(a level's option may be ``-1``, the null move): :func:`dlx.position.start`
replays the path with Algorithm M's steps, :class:`MWalker`, which also
cuts the tree for :mod:`dlx.parallel` (``executor=``, ``dlx --jobs``) and
probes it for :mod:`dlx.estimate` (:meth:`dlx.ExactCover.estimate`).
Not supported with bounds (a clear :class:`ValueError`):
``method="memo"`` and :meth:`dlx.ExactCover.zdd`, whose memo of
subproblems keys on the items left, not on their bounds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence

from dlx.engine import Search
from dlx.links import Links, check_links
from dlx.position import Position, Walker, XWalker, start
from dlx.stats import Outcome, Progress

__all__ = ["UNSUPPORTED", "MWalker", "MultiplicitySearch", "search_class", "walker"]

#: Why memoised counting (``method="memo"``, :meth:`dlx.ExactCover.zdd`) refuses bounds.
UNSUPPORTED = "not supported for a problem with bounds on its items (Algorithm M) yet"


class MultiplicitySearch(Search):
    """One run of Algorithm M (Knuth's DLX3) over a problem with bounds.

    :meth:`dlx.ExactCover.search` makes one when some primary item has
    bounds other than ``[1..1]``; it behaves like :class:`dlx.Search`
    (iterate it for the solutions, as sorted tuples of option indices;
    ``stats``, ``outcome``, budgets, ``seed``, progress reports,
    :meth:`~dlx.Search.request_stop` and :meth:`check` all work), with
    DLX3's branching and statistics (see :mod:`dlx.multiplicity`).  It
    also runs problems without bounds, taking every item as ``[1..1]``:
    the same solutions as :class:`dlx.Search`, with DLX3's counts.

    The parameters are those of :class:`dlx.Search`.  A position
    (:meth:`~dlx.Search.position`) lists the null move of a level as
    option ``-1``.

    :raises ValueError: for a budget that makes no sense, or both
        ``resume`` and ``prefix``.
    :raises dlx.PositionError: when ``resume`` or ``prefix`` does not fit
        the problem.

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
        if resume is not None and prefix is not None:
            raise ValueError("give resume or prefix, not both")
        n_primary = links.n_primary
        self._bound = [1] * n_primary if links.bound is None else list(links.bound)
        self._slack = [0] * n_primary if links.slack is None else links.slack
        # Per level: the option (or item, for the null move) tried, in
        # _stack; the first option tweaked there (-1: the item was covered);
        # the level's score (its number of branches, for progress reports).
        self._firsts: list[int] = []
        self._scores: list[int] = []
        # The active primary items, on a doubly linked list in declaration
        # order with header n_primary (Knuth's root): next and previous.
        self._next = [*range(1, n_primary + 1), 0]
        self._prev = [n_primary, *range(n_primary)]
        # Whether the loop starts by backing up (resuming after a solution).
        self._start_backing = False
        self._no_colors: list[int] | None = None
        super().__init__(
            links,
            limit=limit,
            max_nodes=max_nodes,
            timeout=timeout,
            seed=seed,
            count_only=count_only,
            progress=progress,
            progress_interval=progress_interval,
        )
        if resume is not None:
            self._restore(resume)
            start(self, resume.path, resume.floor)
            self._start_backing = resume.at_solution
            self._steps = self._loop(count_only, replayed=True)
            if limit is not None and self.stats.solutions >= limit:
                self.outcome = Outcome.LIMIT_REACHED
                self._steps = iter(())
        elif prefix is not None:
            start(self, [(None, option) for option in prefix], len(prefix))
            self._steps = self._loop(count_only, replayed=True)

    def _loop(
        self, count_only: bool, replayed: bool = False
    ) -> Iterator[tuple[int, ...]]:
        if not replayed:
            links = self.links
            # Plain list lengths (Knuth's LEN): activity is on its own list.
            self.size = [links.length(links.size, i) for i in range(links.n_items)]
        return _run(self, count_only)

    def _walker(self) -> Walker:
        """Algorithm M's steps over this search's arrays (:class:`MWalker`)."""
        return MWalker(self)

    def _colors(self) -> list[int]:
        """The colour codes of the nodes (all 0 for a problem without colours)."""
        if self.color is not None:
            return self.color
        if self._no_colors is None:
            self._no_colors = [0] * len(self.links.top)
        return self._no_colors

    def check(self) -> None:
        """Verify the links of this search's current state (Knuth's ``sanity``).

        As :meth:`dlx.Search.check`, for Algorithm M's state: every list
        closes, every node is linked both ways and every length is right.

        >>> from dlx import ExactCover
        >>> search = ExactCover("A", options=[["A"]] * 3, bounds={"A": 2}).search()
        >>> next(search)
        (0, 1)
        >>> search.check()
        """
        check_links(self.links, self.up, self.down, self.size, plain=True)

    def _fraction(self) -> float:
        """Knuth's estimate of the part of the tree behind the search, as DLX3 makes it.

        At each level the option tried is the ``k``-th of the level's
        ``d`` branches (its score), counted from the first option tweaked
        there (or from the top of the item's list when it was covered).
        """
        down = self.down
        top = self.links.top
        total = 0.0
        weight = 1.0
        for chosen, first, d in zip(
            self._stack, self._firsts, self._scores, strict=True
        ):
            node = first if first >= 0 else down[top[chosen]]
            k = 1
            while node != chosen and k < d:
                node = down[node]
                k += 1
            weight /= max(d, 1)
            total += (k - 1) * weight
        return min(1.0, total + weight / 2)


def _operations(
    search: MultiplicitySearch,
) -> tuple[
    Callable[[int], int],
    Callable[[int], None],
    Callable[[int, bool], int],
    Callable[[int, int, bool], None],
    Callable[[int], tuple[int, int]],
    Callable[[int], None],
]:
    """Knuth's DLX3 operations on ``search``'s arrays, as closures over them.

    ``cover``, ``tweak`` and ``purify`` return the updates (and
    cleansings) they make, as DLX3 counts them; the search loop and the
    walker of the search tree (:class:`MWalker`) share them.
    """
    links = search.links
    up = search.up
    down = search.down
    size = search.size
    top = links.top
    others = links.others
    others_rev = links.others_rev
    color = search._colors()

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

    return cover, uncover, tweak, untweak, purify, unpurify


def _score(search: MultiplicitySearch, item: int) -> tuple[int, int, int]:
    """Step M3's ``(score, s, -len)`` of an active primary item: lowest wins."""
    bound = search._bound[item]
    s = min(search._slack[item], bound)
    length = search.size[item]
    return length + s - bound + 1, s, -length


class MWalker:
    """Algorithm M's steps (Knuth's DLX3) as a :class:`dlx.position.Walker`.

    Over a :class:`MultiplicitySearch`'s arrays, bounds and list of
    active items: ``enter`` is step M4 (take one off the bound;
    cover the item when that leaves ``[0..0]``), ``take`` tweaks the
    option (unless the item was covered) and does M5, or retires the item
    for the null move (the item itself as the branch, option ``-1``, the
    level's last); ``skip`` only tweaks; ``untake`` undoes M5 and
    ``leave`` untweaks, as M6-M9 do.  The work is counted as DLX3
    counts it, with the operations the search loop uses (the same
    closures).  :func:`dlx.position.start` replays paths with
    it; :mod:`dlx.parallel` and :mod:`dlx.estimate` walk fresh copies
    (:func:`walker`).

    >>> from dlx import ExactCover
    >>> problem = ExactCover("A", options=[["A"], ["A"]], bounds={"A": (0, 1)})
    >>> walker = MWalker(problem.search())
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

    def __init__(self, search: MultiplicitySearch) -> None:
        self.search = search
        self.updates = 0
        self.cleansings = 0
        self._ops = _operations(search)
        self._items: list[int] = []  # per level: the item entered
        self._firsts: list[int] = []  # per level: the first option tweaked, or -1

    def _retire(self, item: int) -> None:
        nxt = self.search._next
        prv = self.search._prev
        nxt[prv[item]] = nxt[item]
        prv[nxt[item]] = prv[item]

    def _restore(self, item: int) -> None:
        nxt = self.search._next
        prv = self.search._prev
        nxt[prv[item]] = item
        prv[nxt[item]] = item

    def choose(self) -> tuple[int, int]:
        search = self.search
        nxt = search._next
        root = search.links.n_primary
        best = -1
        key = (0, 0, 0)
        item = nxt[root]
        while item != root:
            score = _score(search, item)
            if best < 0 or score < key:
                best, key = item, score
                if score[0] <= 0:
                    break  # a dead end, whatever the other items say
            item = nxt[item]
        return best, max(key[0], 0) if best >= 0 else 0

    def degree(self, item: int) -> int:
        search = self.search
        nxt = search._next
        root = search.links.n_primary
        node = nxt[root]
        while node != root and node != item:
            node = nxt[node]
        if node == root or not 0 <= item < root:
            return -1
        return max(_score(search, item)[0], 0)

    def dead_end(self, item: int) -> None:
        pass  # DLX3 backs up from a dead end without an update

    def enter(self, item: int, record: bool) -> int:
        search = self.search
        score = _score(search, item)[0]
        b = search._bound[item] - 1
        search._bound[item] = b
        covering = b == 0 and search._slack[item] == 0
        first = search.down[item]
        if b == 0:
            self._retire(item)
            self.updates += self._ops[0](item)
        self._items.append(item)
        self._firsts.append(-1 if covering else first)
        if record:
            search._firsts.append(-1 if covering else first)
            search._scores.append(score)
        return first if self._open(first) else -1

    def _open(self, node: int) -> bool:
        """Whether ``node`` is a branch of the current level (step M5's test)."""
        search = self.search
        item = self._items[-1]
        b = search._bound[item]
        s = search._slack[item]
        if b == 0 and s == 0:
            return node != item
        return search.size[item] > b - s

    def take(self, node: int) -> None:
        search = self.search
        item = self._items[-1]
        b = search._bound[item]
        if node == item:
            if b != 0:
                self._retire(item)  # the null move
            return
        if b != 0 or search._slack[item] != 0:
            self.updates += self._ops[2](node, b != 0)
        cover = self._ops[0]
        purify = self._ops[4]
        links = search.links
        top = links.top
        n_primary = links.n_primary
        bound = search._bound
        color = search._colors()
        for x in links.others[node]:
            other = top[x]
            if other < n_primary:
                bound[other] -= 1
                if bound[other] == 0:
                    self._retire(other)
                    self.updates += cover(other)
            elif color[x] == 0:
                self.updates += cover(other)
            elif color[x] > 0:
                hidden, cleansed = purify(x)
                self.updates += hidden
                self.cleansings += cleansed

    def untake(self, node: int) -> int:
        search = self.search
        item = self._items[-1]
        if node == item:
            self._restore(item)
            return -1
        uncover = self._ops[1]
        unpurify = self._ops[5]
        links = search.links
        top = links.top
        n_primary = links.n_primary
        bound = search._bound
        color = search._colors()
        for x in links.others_rev[node]:
            other = top[x]
            if other < n_primary:
                if bound[other] == 0:
                    uncover(other)
                    self._restore(other)
                bound[other] += 1
            elif color[x] == 0:
                uncover(other)
            elif color[x] > 0:
                unpurify(x)
        after = search.down[node]
        return after if self._open(after) else -1

    def skip(self, node: int) -> int:
        search = self.search
        item = self._items[-1]
        if node == item:
            return -1  # the null move is the last branch
        b = search._bound[item]
        if b != 0 or search._slack[item] != 0:
            self._ops[2](node, b != 0)
        after = search.down[node]
        return after if self._open(after) else -1

    def leave(self, item: int) -> None:
        search = self.search
        b = search._bound[item]
        first = self._firsts.pop()
        self._items.pop()
        if b == 0 and search._slack[item] == 0:
            self._ops[1](item)
            self._restore(item)
        else:
            self._ops[3](item, first, b != 0)
        search._bound[item] = b + 1

    def option(self, node: int) -> int:
        return -1 if node == self._items[-1] else self.search.links.option_of[node]

    def settle(self, nodes: Sequence[int], floor: int) -> None:
        search = self.search
        search._base[:] = nodes[:floor]
        search._stack[:] = nodes[floor:]


def search_class(links: Links) -> type[Search]:
    """The search that runs ``links``: Algorithm M with bounds, else Algorithm X.

    >>> from dlx import ExactCover
    >>> search_class(ExactCover("A", bounds={"A": 2}).links()).__name__
    'MultiplicitySearch'
    """
    return Search if links.bound is None else MultiplicitySearch


def walker(links: Links) -> Walker:
    """A :class:`~dlx.position.Walker` from the root over a fresh copy of ``links``.

    Algorithm X's (:class:`dlx.position.XWalker`) for a problem without
    bounds, Algorithm M's (:class:`MWalker`) for one with bounds: the
    tree the search of ``links`` explores (without ``seed``).

    >>> from dlx import ExactCover
    >>> type(walker(ExactCover("A", bounds={"A": 2}).links())).__name__
    'MWalker'
    """
    if links.bound is None:
        return XWalker.fresh(links)
    return MWalker(MultiplicitySearch(links))


def _run(search: MultiplicitySearch, count_only: bool) -> Iterator[tuple[int, ...]]:
    """Algorithm M (DLX3's loop); see the module's description for the steps."""
    links = search.links
    down = search.down
    size = search.size
    top = links.top
    others = links.others
    others_rev = links.others_rev
    option_of = links.option_of
    n_primary = links.n_primary
    color = search._colors()
    bound = search._bound
    slack = search._slack
    stats = search.stats
    limit = search._limit
    rng = search._rng
    # The active primary items (see MultiplicitySearch.__init__).
    root = n_primary
    nxt = search._next
    prv = search._prev
    stack = search._stack
    firsts = search._firsts
    scores = search._scores
    infinity = len(top) + 1  # above every real score
    cover, uncover, tweak, untweak, purify, unpurify = _operations(search)

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
    fixed = [option_of[x] for x in search._base if option_of[x] >= 0]
    check_at = search._tick(nodes + 1, started)
    # Resuming after a solution: back up first (see __init__).
    skip = search._start_backing
    search._start_backing = False
    back = True
    while True:
        if skip:
            skip = False
            # M2-M4 are done: go straight to backing up.
        else:
            back = True
            # M2: enter a level.
            nodes += 1
            if nodes >= check_at:
                stats.nodes = nodes - 1
                stats.updates = updates
                stats.cleansings = cleansings
                check_at = search._tick(nodes, started)
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
                stats.nodes = nodes
                stats.updates = updates
                stats.cleansings = cleansings
                stats.solutions = found
                if count_only:
                    yield ()
                else:
                    chosen_options = [option_of[x] for x in stack if option_of[x] >= 0]
                    yield tuple(sorted(chosen_options + fixed))
                if found == limit:
                    search.outcome = Outcome.LIMIT_REACHED
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
                    search.outcome = Outcome.EXHAUSTED
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
