"""Where a search stands, and how a search starts from there.

Every way of starting a search other than at the root goes through this
module: resuming from a saved :class:`Position`, and searching the
subtree below a *prefix* (options chosen on the first levels, for
splitting a search into independent parts).  The search loops of
``dlx.engine`` and :mod:`dlx.packed` (and Algorithm M's, in
:mod:`dlx.multiplicity`) only ever start at their first step with the
arrays, the stack of chosen nodes and the statistics prepared here;
they hold nothing but their hot paths.

A position lists, level by level, the item branched on and the option
tried for it.  It is taken either on entering a search node (a clock check
of the loop, where budgets and progress reports happen) or at a solution
(while the caller holds it): resuming from the first enters that node,
resuming from the second goes on with the option after the solution's
last one.  Either way the resumed search finds the same solutions, in the
same order, with the same final statistics as one uninterrupted run.

Replaying the path repeats the search's own steps with its
:class:`Walker` (Knuth's cover and purify for Algorithm X, done plainly
by :class:`XWalker`; bounds, tweaks and the null move for Algorithm M,
by ``dlx.multiplicity.MWalker``); their work is not counted again, since
the statistics saved in the position already include it.  The same
walkers cut the tree for :mod:`dlx.parallel` and probe it for
:mod:`dlx.estimate`.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from dlx.errors import PositionError
from dlx.links import ACTIVE_BYTE

if TYPE_CHECKING:
    from dlx.engine import Search
    from dlx.links import Links

__all__ = ["FORMAT", "Position", "Walker", "XWalker", "fingerprint", "start"]

#: The name and version of the saved form; a position of another format is refused.
FORMAT = "pydlx-position-1"


@dataclass(frozen=True, slots=True)
class Position:
    """A point of a search from which another search can go on.

    Made by :meth:`dlx.Search.position`; give it to
    :meth:`dlx.ExactCover.search` (``resume=``) or to any other way of
    searching the same problem.  It is small: a pair of integers per level
    and the counts so far.  :meth:`to_json` and :meth:`from_json` save and
    load it; the fingerprint ties it to one problem.

    :ivar path: per level, ``(item, option)``: the item branched on (its
        number in declaration order) and the option being tried.
    :ivar floor: how many of the first levels are fixed (a prefix search
        never backs up above them); 0 for a whole search.
    :ivar at_solution: ``True`` when taken at a solution (resuming goes on
        after it), ``False`` when taken on entering a node (resuming
        enters it).
    :ivar nodes: search nodes counted so far (not counting the node
        about to be entered).
    :ivar updates: updates counted so far.
    :ivar cleansings: cleansings counted so far.
    :ivar solutions: solutions found so far.
    :ivar seconds: search time spent so far, summed over the runs.
    :ivar rng: the state of the tie-breaking random generator (searches
        with a ``seed``), else ``None``.
    :ivar fingerprint: identifies the problem (see :func:`dlx.position.fingerprint`).

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> search = problem.search()
    >>> next(search)
    (0, 1)
    >>> saved = search.position().to_json()
    >>> list(problem.search(resume=Position.from_json(saved)))
    [(2,)]
    """

    path: tuple[tuple[int, int], ...]
    floor: int
    at_solution: bool
    nodes: int
    updates: int
    cleansings: int
    solutions: int
    seconds: float
    rng: tuple[Any, ...] | None
    fingerprint: str

    def to_json(self) -> str:
        """This position as one line of JSON.

        :returns: the text; :meth:`from_json` reads it back.

        >>> from dlx import ExactCover
        >>> search = ExactCover("a", options=[["a"]]).search()
        >>> next(search)
        (0,)
        >>> '"at_solution": true' in search.position().to_json()
        True
        """
        return json.dumps(
            {
                "format": FORMAT,
                "fingerprint": self.fingerprint,
                "path": [list(level) for level in self.path],
                "floor": self.floor,
                "at_solution": self.at_solution,
                "nodes": self.nodes,
                "updates": self.updates,
                "cleansings": self.cleansings,
                "solutions": self.solutions,
                "seconds": self.seconds,
                "rng": _plain(self.rng),
            }
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Position:
        """Read a position written by :meth:`to_json`.

        :param text: the JSON text.
        :returns: the position.
        :raises PositionError: when the text is not such a position (not
            JSON, another format or version, a missing or ill-typed field).

        >>> Position.from_json('{"format": "pydlx-position-0"}')
        Traceback (most recent call last):
          ...
        dlx.errors.PositionError: a position of another format or pydlx version ('pydlx-position-0', not 'pydlx-position-1')
        """
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError):
            raise PositionError("not a pydlx search position (not JSON)") from None
        if not isinstance(data, dict) or "format" not in data:
            raise PositionError(
                f"not a pydlx search position (no 'format' {FORMAT})"
            ) from None
        if data["format"] != FORMAT:
            raise PositionError(
                "a position of another format or pydlx version "
                f"({data['format']!r}, not {FORMAT!r})"
            )
        try:
            path = tuple((_int(item), _int(option)) for item, option in data["path"])
            counts = [
                _int(data[key])
                for key in ("floor", "nodes", "updates", "cleansings", "solutions")
            ]
            seconds = float(data["seconds"])
            at_solution = data["at_solution"]
            fingerprint = data["fingerprint"]
            rng = data["rng"]
            if not isinstance(at_solution, bool) or not isinstance(fingerprint, str):
                raise TypeError
            if rng is not None:
                version, state, gauss = rng
                rng = (_int(version), tuple(_int(v) for v in state), gauss)
                random.Random().setstate(rng)  # raises if it is not a state
        except (KeyError, TypeError, ValueError):
            raise PositionError("a damaged pydlx search position") from None
        floor, nodes, updates, cleansings, solutions = counts
        if min(counts) < 0 or floor > len(path) or seconds < 0:
            raise PositionError("a damaged pydlx search position")
        return cls(
            path,
            floor,
            at_solution,
            nodes,
            updates,
            cleansings,
            solutions,
            seconds,
            rng,
            fingerprint,
        )


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError
    return value


def _plain(value: object) -> object:
    """Tuples as lists, for JSON."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def fingerprint(links: Links) -> str:
    """A short digest of a compiled problem: its items, options and colours.

    Two problems with the same fingerprint have the same item numbers,
    the same options in the same order, the same colours and the same
    bounds, so a position of one is valid for the other.

    :param links: the compiled problem.
    :returns: 16 hexadecimal digits.

    >>> from dlx import ExactCover
    >>> a = ExactCover("ab", options=[["a"], ["b"]]).links()
    >>> b = ExactCover("ab", options=[["b"], ["a"]]).links()
    >>> len(fingerprint(a)), fingerprint(a) == fingerprint(b)
    (16, False)
    """
    digest = hashlib.blake2b(digest_size=8)
    digest.update(f"{links.n_primary} {links.n_items} {len(links.top)}|".encode())
    for array in (links.top, links.option_of, links.color or ()):
        digest.update(",".join(map(str, array)).encode())
        digest.update(b"|")
    if links.bound is not None and links.slack is not None:
        # Only problems with bounds add them, so other fingerprints stay.
        digest.update(f"bounds {links.bound} {links.slack}".encode())
    return digest.hexdigest()


# -- Knuth's operations, plainly ---------------------------------------------------


class _Arrays:
    """One search's mutable arrays with Knuth's operations, done plainly.

    The one place outside the search loops where covering, purifying and
    their inverses are written: replaying a path (resume, prefixes), the
    frontier and the splitting of :mod:`dlx.parallel`, and the probes of
    :mod:`dlx.estimate` all use it.  Covering counts ``updates`` and
    ``cleansings`` exactly as the search loops count them; the inverses
    count nothing, as the loops do not.
    """

    def __init__(self, search: Search) -> None:
        links = search.links
        self.links = links
        self.up = search.up
        self.down = search.down
        self.size = search.size
        self.color = search.color
        self.updates = 0
        self.cleansings = 0

    @classmethod
    def fresh(cls, links: Links) -> _Arrays:
        """Arrays for a walk from the root that no :class:`~dlx.Search` owns.

        Copies the mutable arrays of ``links``, as a new search does;
        :mod:`dlx.estimate` takes one per probe.
        """
        arrays = cls.__new__(cls)
        arrays._copy(links)
        return arrays

    def _copy(self, links: Links) -> None:
        self.links = links
        self.up = list(links.up)
        self.down = list(links.down)
        self.size = links.size[:]
        self.color = None if links.color is None else list(links.color)
        self.updates = 0
        self.cleansings = 0

    def hide(self, row: int) -> None:
        """Unlink the other nodes of ``row``'s option from their lists."""
        up, down, size, top = self.up, self.down, self.size, self.links.top
        color = self.color
        for y in self.links.others[row]:
            if color is None or color[y] >= 0:
                above, below = up[y], down[y]
                down[above] = below
                up[below] = above
                size[top[y]] -= 1
                self.updates += 1

    def cover(self, item: int) -> None:
        """Knuth's cover(i): take the item out and hide each option in its list."""
        self.size[item] += self.links.shift[item]
        self.updates += 1
        row = self.down[item]
        while row != item:
            self.hide(row)
            row = self.down[row]

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

    def commit_others(self, node: int) -> None:
        """Step X5: cover (or purify) every other item of ``node``'s option."""
        color = self.color
        top = self.links.top
        for x in self.links.others[node]:
            code = 0 if color is None else color[x]
            if code == 0:
                self.cover(top[x])
            elif code > 0:
                self.purify(x)

    def unhide(self, row: int) -> None:
        """Link the other nodes of ``row``'s option back into their lists."""
        up, down, size, top = self.up, self.down, self.size, self.links.top
        color = self.color
        for y in self.links.others_rev[row]:
            if color is None or color[y] >= 0:
                down[up[y]] = y
                up[down[y]] = y
                size[top[y]] += 1

    def uncover(self, item: int) -> None:
        """Knuth's uncover(i), the inverse of :meth:`cover`."""
        up = self.up
        row = up[item]
        while row != item:
            self.unhide(row)
            row = up[row]
        self.size[item] -= self.links.shift[item]

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

    def uncommit_others(self, node: int) -> None:
        """Undo :meth:`commit_others` (step X6), right to left."""
        color = self.color
        top = self.links.top
        for x in self.links.others_rev[node]:
            code = 0 if color is None else color[x]
            if code == 0:
                self.uncover(top[x])
            elif code > 0:
                self.unpurify(x)

    def leftmost_fewest(self) -> int:
        """Step X3 written plainly: the leftmost active primary item of fewest options, or -1.

        The tests' oracle for :func:`branch_item`, which finds it as the loops do.
        """
        links = self.links
        best = -1
        fewest = 0
        for item in range(links.n_primary):
            if links.is_active(self.size, item):
                length = links.length(self.size, item)
                if best < 0 or length < fewest:
                    best, fewest = item, length
        return best


def describe(links: Links, nodes: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """A path of chosen nodes as ``(item, option)`` pairs.

    :param links: the compiled problem.
    :param nodes: the chosen node of each level.
    :returns: the pairs.

    >>> from dlx import ExactCover
    >>> links = ExactCover("ab", options=[["a", "b"]]).links()
    >>> describe(links, [3])
    ((0, 0),)
    """
    return tuple((links.top[x], links.option_of[x]) for x in nodes)


class Walker(Protocol):
    """Knuth's steps of one search algorithm, for walking its tree off the loop.

    Every walk of a search tree outside the search loops goes through
    one: replaying a path (:func:`start`: resume, prefixes), the frontier
    and the splitting of :mod:`dlx.parallel`, and the probes of
    :mod:`dlx.estimate`.  Algorithm X's steps are :class:`XWalker`;
    Algorithm M's are ``dlx.multiplicity.MWalker``; a search gives its own
    with ``search._walker()``.  The walk goes level by level: :meth:`choose`
    (or :meth:`degree` of a given item), :meth:`enter` the item, then for
    each branch in the search's order :meth:`take` it and :meth:`untake`
    it (which gives the next branch), or :meth:`skip` it; :meth:`leave`
    the item when no branch is left.  A branch is a node: an option's
    node in the item's list, or (Algorithm M's null move) the item
    itself.  ``updates`` and ``cleansings`` count the work as the search
    loop counts it (:meth:`skip` counts nothing); the inverses count
    nothing, as the loops do not.
    """

    updates: int
    cleansings: int

    def choose(self) -> tuple[int, int]:
        """The item the search branches on (without ``seed``) and its branches.

        ``(-1, 0)`` when no primary item is left (a solution); ``(item, 0)``
        at a dead end.
        """
        ...

    def degree(self, item: int) -> int:
        """How many branches the search would have on ``item`` here; -1 if it cannot branch on it."""
        ...

    def dead_end(self, item: int) -> None:
        """Count what the search pays at a dead end on ``item``."""
        ...

    def enter(self, item: int, record: bool) -> int:
        """Start a level on ``item``; return its first branch (-1: none).

        With ``record``, keep in the search what its loop keeps per level.
        """
        ...

    def take(self, node: int) -> None:
        """Go down the branch ``node`` of the current level."""
        ...

    def untake(self, node: int) -> int:
        """Come back from ``node``; return the level's next branch (-1: none)."""
        ...

    def skip(self, node: int) -> int:
        """Pass over the branch ``node`` without going down it; return the next (-1: none)."""
        ...

    def leave(self, item: int) -> None:
        """Undo :meth:`enter` (after the level's last branch)."""
        ...

    def option(self, node: int) -> int:
        """The option a branch adds (-1 for a null move)."""
        ...

    def settle(self, nodes: Sequence[int], floor: int) -> None:
        """Give the search the stacks of a walked path: fixed levels, then the others."""
        ...


def branch_item(links: Links, size: bytearray | list[int]) -> tuple[int, int]:
    """Algorithm X's branching item in state ``size`` and its length; (-1, 0) if none.

    The same rule as the search loops and ``_Arrays.leftmost_fewest()``: the
    leftmost active primary item of fewest options, found as the loops
    find it (see :mod:`dlx.links`).

    >>> from dlx import ExactCover
    >>> links = ExactCover("ab", options=[["a"], ["b"], ["b"]]).links()
    >>> branch_item(links, links.size)
    (0, 1)
    """
    if isinstance(size, bytearray):
        if size.isascii():
            return -1, 0
        value = ACTIVE_BYTE
        while value not in size:
            value += 1
        return size.find(value), value - ACTIVE_BYTE
    value = min(size)
    if value >= 0:
        return -1, 0
    return size.index(value), value - links.active_offset


class XWalker(_Arrays):
    """Algorithm X's steps (Knuth's DLX1/DLX2) as a :class:`Walker`, over ``_Arrays``.

    >>> from dlx import ExactCover
    >>> walker = XWalker.fresh(ExactCover("ab", options=[["a", "b"]]).links())
    >>> item, d = walker.choose()
    >>> node = walker.enter(item, False)
    >>> walker.take(node)
    >>> walker.choose(), walker.updates
    ((-1, 0), 3)
    """

    search: Search | None
    keep_sizes: bool
    saves: list[Any]

    def __init__(self, search: Search) -> None:
        super().__init__(search)
        links = search.links
        self.search = search
        self.keep_sizes = links.snapshots or links.packed
        self.saves = []

    @classmethod
    def fresh(cls, links: Links) -> XWalker:
        """A walker from the root over its own copy of the arrays."""
        walker = cls.__new__(cls)
        _Arrays._copy(walker, links)
        walker.search = None
        walker.keep_sizes = False
        walker.saves = []
        return walker

    def choose(self) -> tuple[int, int]:
        return branch_item(self.links, self.size)

    def degree(self, item: int) -> int:
        links = self.links
        if not 0 <= item < links.n_primary or not links.is_active(self.size, item):
            return -1
        return links.length(self.size, item)

    def dead_end(self, item: int) -> None:
        self.updates += 1  # Knuth covers the empty item

    def enter(self, item: int, record: bool) -> int:
        keep = self.keep_sizes and record
        if keep:
            self.saves.append(self.size[:])
        self.cover(item)
        if keep:
            self.saves.append(self.size[:])
        node = self.down[item]
        return -1 if node == item else node

    def take(self, node: int) -> None:
        self.commit_others(node)

    def untake(self, node: int) -> int:
        self.uncommit_others(node)
        return self.skip(node)

    def skip(self, node: int) -> int:
        after = self.down[node]
        return -1 if after == self.links.top[node] else after

    def leave(self, item: int) -> None:
        self.uncover(item)

    def option(self, node: int) -> int:
        return self.links.option_of[node]

    def settle(self, nodes: Sequence[int], floor: int) -> None:
        search = self.search
        assert search is not None
        search._base[:] = nodes[:floor]
        search._stack[:] = nodes[floor:]
        search._saves[:] = self.saves


def start(
    search: Search,
    path: Sequence[tuple[int | None, int]],
    floor: int,
    *,
    advance: bool = False,
) -> bool:
    """Bring a fresh search to the end of ``path``, ready to enter the next node.

    The one way every search (Algorithm X's loops and Algorithm M's)
    starts anywhere but at its root: level by level, the search's own
    :class:`Walker` (``search._walker()``) enters the item, passes over
    the branches the search tried there before the path's option, and
    goes down that option; ``None`` for an item means the item the
    search itself would choose there.  The first ``floor`` levels go to
    ``search._base`` (fixed: the search never backs up above them), the
    others to ``search._stack`` with what the search's loop keeps per
    level (snapshots of the sizes; Algorithm M's first tweaked options).
    Nothing is counted: a resumed search has its counts, and a prefix
    search counts only below the prefix.

    With ``advance`` (Algorithm X only), ``path`` ends at a solution already visited: the
    search moves on to the next option of the deepest level below the
    floor that has one, counting the work of trying it as the loop would.
    (Algorithm M's loop backs up from the solution itself.)

    :param search: a search that has not run yet.
    :param path: per level, the item and the option (-1: Algorithm M's
        null move).
    :param floor: how many levels are fixed.
    :param advance: go on past a visited solution.
    :returns: ``False`` when nothing is left to search (``advance`` found
        every level exhausted), else ``True``.
    :raises PositionError: when an option is not in its item's list at
        that point of the search (another problem, or a wrong prefix).
    """
    nodes, successors = _walk(search, path, floor, count_last=False)
    if advance:
        top = search.links.top
        level = len(nodes) - 1
        while level >= floor and successors[level] == top[nodes[level]]:
            level -= 1
        if level < floor:
            return False
        # Start again from the root: the levels above stay, the one that
        # moves on takes its next option, and only that option's covering
        # is new work.
        option_of = search.links.option_of
        moved = [(top[x], option_of[x]) for x in nodes[:level]]
        moved.append((top[nodes[level]], option_of[successors[level]]))
        _reset(search)
        _walk(search, moved, floor, count_last=True)
    return True


def _reset(search: Search) -> None:
    links = search.links
    search.up = list(links.up)
    search.down = list(links.down)
    search.size = links.size[:]
    search.color = None if links.color is None else list(links.color)


def _walk(
    search: Search,
    path: Sequence[tuple[int | None, int]],
    floor: int,
    *,
    count_last: bool,
) -> tuple[list[int], list[int]]:
    """Walk ``path`` with the search's walker; set its stacks; return the nodes and their successors.

    With ``count_last``, the work done for the last level's option is
    added to the search's statistics.
    """
    walker = search._walker()
    nodes: list[int] = []
    successors: list[int] = []
    last = len(path) - 1
    down = search.down
    for level, (wanted, option) in enumerate(path):
        if wanted is None:
            item, d = walker.choose()
        else:
            item = wanted
            d = walker.degree(item)
        if item < 0 or d < 0:
            raise PositionError(
                f"level {level}: item {wanted} is not an item the search can "
                "branch on there"
            )
        node = walker.enter(item, level >= floor) if d > 0 else -1
        while node >= 0 and walker.option(node) != option:
            node = walker.skip(node)
        if node < 0:
            raise PositionError(
                f"level {level}: option {option} is not one of the options "
                f"of item {item} there"
            )
        if count_last and level == last:
            walker.updates = walker.cleansings = 0
            walker.take(node)
            search.stats.updates += walker.updates
            search.stats.cleansings += walker.cleansings
        else:
            walker.take(node)
        nodes.append(node)
        successors.append(down[node])
    walker.settle(nodes, floor)
    return nodes, successors


def fraction_done(search: Search) -> float:
    """Knuth's estimate of how much of the search tree is behind the search.

    At each level below the floor the search is trying the ``k``-th of
    the ``d`` options of the item it branched on; the estimate is
    Σ (k - 1) / (d₁ ⋯ d_l) over the levels plus half of 1 / (d₁ ⋯ d_L)
    for the node itself, as in Knuth's DLX programs.  It assumes that the
    subtrees of one node are alike in size, so it is rough, but it only
    grows and reaches 1 when the search is done.

    :param search: a search (between two steps of its loop).
    :returns: a number from 0 to 1.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> search = problem.search()
    >>> next(search), fraction_done(search)
    ((0, 1), 0.25)
    """
    links = search.links
    down = search.down
    top = links.top
    total = 0.0
    weight = 1.0
    for node in search._stack:
        item = top[node]
        k = 0
        d = 0
        row = down[item]
        while row != item:
            d += 1
            if row == node:
                k = d
            row = down[row]
        weight /= max(d, 1)
        total += (k - 1) * weight
    return min(1.0, total + weight / 2)


def rng_state(rng: random.Random | None) -> tuple[Any, ...] | None:
    """The state of a search's tie-breaking generator, for a :class:`Position`."""
    return None if rng is None else rng.getstate()
