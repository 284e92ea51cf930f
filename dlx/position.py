"""Where a search stands, and how a search starts from there: the one replay place.

Every way of starting a search other than at the root goes through this
module: resuming from a saved :class:`Position`, searching the subtree
below a *prefix* (options chosen on the first levels, for splitting a
search into independent parts), and handing back the rest of a stopped
subtree (:func:`split`, for :mod:`dlx.parallel`).  The search loops of
every algorithm (see :mod:`dlx.algorithms`) only ever start at their
first step with the arrays, the stacks of chosen nodes and the
statistics prepared here; they hold nothing but their hot paths.

A position lists, level by level, the item branched on and the option
tried for it.  It is taken either on entering a search node (a clock check
of the loop, where budgets and progress reports happen) or at a solution
(while the caller holds it): resuming from the first enters that node,
resuming from the second goes on with the option after the solution's
last one.  Either way the resumed search finds the same solutions, in the
same order, with the same final statistics as one uninterrupted run.

Replaying the path repeats the search's own steps with its
:class:`Walker` (each algorithm's module has one: Knuth's cover and
purify for Algorithms X and C, over the steps of :class:`ListWalker`;
bounds, tweaks and the null move for Algorithm M); their work is not
counted again, since the statistics saved in the position already
include it.  The same walkers cut the tree for :mod:`dlx.parallel` and
probe it for :mod:`dlx.estimate`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import compress, repeat
from operator import itemgetter, lt, ne

from dlx.errors import PositionError
from dlx.links import ACTIVE_BYTE, Links
from dlx.records import Record
from dlx.stats import Outcome

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random
    from typing import Any

    from dlx.frame import Frame, Walker

__all__ = [
    "COPY_NODES",
    "FORMAT",
    "OPTION_LEFT_HEAD",
    "SPLIT_PIECES",
    "ColoredWalker",
    "ListWalker",
    "Place",
    "Position",
    "Walker",
    "branch_item",
    "describe",
    "fingerprint",
    "fraction_done",
    "fraction_of",
    "option_left",
    "split",
    "start",
]


def __getattr__(name: str) -> object:
    """:class:`Walker`, a protocol (typing's) defined in :mod:`dlx.frame` and imported on first use.

    A search takes its walker's steps without naming their protocol: a
    run imports typing only when something asks for ``dlx.position.Walker``
    (PEP 562).
    """
    if name != "Walker":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from dlx.frame import Walker

    globals()[name] = Walker  # the next look-up finds it at once
    return Walker


def __dir__() -> list[str]:
    return sorted([*globals(), "Walker"])


#: The name and version of the saved form; a position of another format is refused.
FORMAT = "pydlx-position-1"


class Position(Record, frozen=True):
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
    :ivar extra: what the algorithm keeps besides the path and the counts,
        as JSON values (Algorithm X5: the best solutions so far and each
        level's thresholds), or ``None`` for the others.
    :ivar seed: the ``seed`` of the search (``None``: without one, or a
        position of a seeded search saved by a pydlx that did not record
        it).  A seeded position goes on with its own random state
        (``rng``); :meth:`dlx.ExactCover.search` and the other methods
        refuse to resume it with another ``seed=``, and an unseeded one
        with any once it has walked part of the tree (the rest of the
        search would walk another tree; at the start, a seed walks it all).

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
    extra: Any = None
    seed: int | None = None

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
        import json  # on use: importing dlx should not cost its import

        extra = {} if self.extra is None else {"extra": self.extra}
        if self.seed is not None:
            extra["seed"] = self.seed
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
                **extra,
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
        import json

        if not isinstance(text, str | bytes | bytearray):
            raise TypeError(
                "Position.from_json reads the text of a position (str or "
                f"bytes), not {type(text).__name__}"
            )
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
            seed = data.get("seed")
            if not isinstance(at_solution, bool) or not isinstance(fingerprint, str):
                raise TypeError
            if seed is not None and (_int(seed) != seed or rng is None):
                raise TypeError  # only a seeded search's position has a seed
            if rng is not None:
                version, state, gauss = rng
                rng = (_int(version), tuple(_int(v) for v in state), gauss)
                import random  # only a seeded search's position has a state

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
            data.get("extra"),
            seed,
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
    the same options in the same order, the same colours, the same
    bounds and the same costs, so a position of one is valid for the other.

    :param links: the compiled problem.
    :returns: 16 hexadecimal digits.

    >>> from dlx import ExactCover
    >>> a = ExactCover("ab", options=[["a"], ["b"]]).links()
    >>> b = ExactCover("ab", options=[["b"], ["a"]]).links()
    >>> len(fingerprint(a)), fingerprint(a) == fingerprint(b)
    (16, False)
    """
    known = links.cache.get("fingerprint")
    if isinstance(known, str):  # links never change once built
        return known
    import hashlib  # on use: OpenSSL's library takes milliseconds to load

    digest = hashlib.blake2b(digest_size=8)
    digest.update(f"{links.n_primary} {links.n_items} {len(links.top)}|".encode())
    for array in (links.top, links.option_of, links.color or ()):
        digest.update(",".join(map(str, array)).encode())
        digest.update(b"|")
    if links.bound is not None and links.slack is not None:
        # Only problems with bounds add them, so other fingerprints stay.
        digest.update(f"bounds {links.bound} {links.slack}".encode())
    if links.cost is not None:
        # Likewise the costs of a problem that has them (Knuth's DLX5).
        digest.update(f"costs {links.cost}".encode())
    links.cache["fingerprint"] = digest.hexdigest()
    return digest.hexdigest()


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


def branch_item(links: Links, size: bytearray | list[int]) -> tuple[int, int]:
    """Algorithm X's branching item in state ``size`` and its length; (-1, 0) if none.

    The same rule as the search loops: the
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


class ListWalker:
    """The steps every walker of a dancing-links tree shares; the operations are the algorithm's.

    Algorithm X's walker (:class:`dlx.algorithm_x.XWalker`) and Algorithm
    C's (:class:`dlx.algorithm_c.CWalker`) walk the same tree shape: branch on the
    leftmost active primary item of fewest options, try the options of
    its list from the top.  This base holds those steps over a
    :class:`~dlx.frame.Frame`'s arrays, and Knuth's cover and uncover
    (written once here, for every walker that hides the options of an
    item's list from the top); a subclass supplies the other operations
    as methods: ``hide(row)`` and ``unhide(row)`` (the other nodes of an
    option out of their lists and back), ``commit_others(node)`` (step
    X5) and ``uncommit_others(node)`` (step X6), counting ``updates`` and
    ``cleansings`` as its loop does.

    With ``record``, :meth:`enter` keeps what the loops keep per level
    (the sizes before and after covering, when the problem's loop
    restores them from snapshots); :meth:`settle` hands them to the frame.
    """

    def __init__(self, frame: Frame) -> None:
        links = frame.links
        self.frame = frame
        self.links = links
        self.up = frame.up
        self.down = frame.down
        self.size = frame.size
        self.color = frame.color
        self.updates = 0
        self.cleansings = 0
        self.keep_sizes = links.snapshots or links.packed
        # Two snapshots per recorded level, and per level entered whether
        # it was recorded (so that leave() drops its snapshots).
        self.saves: list[Any] = []
        self.recorded: list[bool] = []

    def hide(self, row: int) -> None:
        """Knuth's hide(p): unlink the other nodes of ``row``'s option from their lists."""
        raise NotImplementedError

    def unhide(self, row: int) -> None:
        """Knuth's unhide(p), the inverse of :meth:`hide`."""
        raise NotImplementedError

    def cover(self, item: int) -> None:
        """Knuth's cover(i): take the item out and hide each option in its list."""
        self.size[item] += self.links.shift[item]
        self.updates += 1
        row = self.down[item]
        while row != item:
            self.hide(row)
            row = self.down[row]

    def uncover(self, item: int) -> None:
        """Knuth's uncover(i), the inverse of :meth:`cover`."""
        up = self.up
        row = up[item]
        while row != item:
            self.unhide(row)
            row = up[row]
        self.size[item] -= self.links.shift[item]

    def commit_others(self, node: int) -> None:
        """Step X5: cover (or purify) every other item of ``node``'s option."""
        raise NotImplementedError

    def uncommit_others(self, node: int) -> None:
        """Step X6: undo :meth:`commit_others`."""
        raise NotImplementedError

    def choose(self) -> tuple[int, int]:
        return branch_item(self.links, self.size)

    def leftmost_fewest(self) -> int:
        """Step X3 written plainly: the leftmost active primary item of fewest options, or -1.

        The tests' oracle for :func:`dlx.position.branch_item`, which finds
        it as the loops do.
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

    def degree(self, item: int) -> int:
        links = self.links
        if not 0 <= item < links.n_primary or not links.is_active(self.size, item):
            return -1
        return links.length(self.size, item)

    def dead_end(self, item: int) -> None:
        self.updates += 1  # Knuth covers the empty item

    def enter(self, item: int, record: bool) -> int:
        """:meth:`Walker.enter`: cover ``item`` (step X4); return the top node of its list.

        With ``record``, keep the sizes before and after covering when the
        problem's loop restores sizes from snapshots, as the loop keeps
        them per level.
        """
        keep = self.keep_sizes and record
        if keep:
            self.saves.append(self.size[:])
        self.cover(item)
        if keep:
            self.saves.append(self.size[:])
        self.recorded.append(keep)
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
        if self.recorded.pop():
            del self.saves[-2:]

    def option(self, node: int) -> int:
        return self.links.option_of[node]

    def settle(self, nodes: Sequence[int], floor: int) -> None:
        """:meth:`Walker.settle`: the fixed levels to ``base``, the others to ``stack``, the sizes kept to ``saves``."""
        frame = self.frame
        frame.base[:] = nodes[:floor]
        frame.stack[:] = nodes[floor:]
        frame.saves[:] = self.saves


class ColoredWalker(ListWalker):
    """A :class:`ListWalker` over options with colours: the operations Algorithms C and X5 share.

    A node with colour -1 (compatible with a purified item) is never
    unlinked or relinked, and step X5 covers an uncoloured item and
    purifies a coloured one.  A subclass supplies ``purify`` and
    ``unpurify``, and ``cover`` and ``uncover`` where they are not
    :class:`ListWalker`'s (DLX5's, with thresholds).
    """

    def purify(self, node: int) -> None:
        """Knuth's purify(p)."""
        raise NotImplementedError

    def unpurify(self, node: int) -> None:
        """Knuth's unpurify(p)."""
        raise NotImplementedError

    def hide(self, row: int) -> None:
        """Unlink the other nodes of ``row``'s option from their lists."""
        up, down, size, top = self.up, self.down, self.size, self.links.top
        color = self.color
        assert color is not None
        for y in self.links.others[row]:
            if color[y] >= 0:
                above, below = up[y], down[y]
                down[above] = below
                up[below] = above
                size[top[y]] -= 1
                self.updates += 1

    def unhide(self, row: int) -> None:
        """Link the other nodes of ``row``'s option back into their lists."""
        up, down, size, top = self.up, self.down, self.size, self.links.top
        color = self.color
        assert color is not None
        for y in self.links.others_rev[row]:
            if color[y] >= 0:
                down[up[y]] = y
                up[down[y]] = y
                size[top[y]] += 1

    def commit_others(self, node: int) -> None:
        """Step X5: cover (or purify) every other item of ``node``'s option, rightwards."""
        color = self.color
        assert color is not None
        top = self.links.top
        for x in self.links.others[node]:
            code = color[x]
            if code == 0:
                self.cover(top[x])
            elif code > 0:
                self.purify(x)

    def uncommit_others(self, node: int) -> None:
        """Step X6: undo :meth:`commit_others`, leftwards."""
        color = self.color
        assert color is not None
        top = self.links.top
        for x in self.links.others_rev[node]:
            code = color[x]
            if code == 0:
                self.uncover(top[x])
            elif code > 0:
                self.unpurify(x)


def start(
    frame: Frame,
    walker: Walker,
    path: Sequence[tuple[int | None, int]],
    floor: int,
    *,
    advance: bool = False,
    place: Place | None = None,
) -> bool:
    """Bring a fresh search to the end of ``path``, ready to enter the next node.

    The one way every search starts anywhere but at its root (resume,
    prefixes, the subproblems of :mod:`dlx.parallel`): level by level,
    the search's own :class:`Walker` enters the item, passes over the
    branches the search tried there before the path's option, and goes
    down that option; ``None`` for an item means the item the search
    itself would choose there.  The first ``floor`` levels go to
    ``frame.base`` (fixed: the search never backs up above them), the
    others to ``frame.stack``, with what the search's loop keeps per
    level (:meth:`Walker.settle`).  Nothing is counted: a resumed search
    has its counts, and a prefix search counts only below the prefix.

    With ``advance``, ``path`` ends at a solution already visited: the
    walker backs up as the loop would (:meth:`Walker.untake`, then
    :meth:`Walker.leave` for a level with no branch left) to the deepest
    level below the floor that has a next branch, and goes down it,
    counting the work of trying it as the loop does.

    :param frame: the search, not run yet, its algorithm prepared.
    :param walker: the search's walker over ``frame``.
    :param path: per level, the item and the option (-1: Algorithm M's
        null move).
    :param floor: how many levels are fixed.
    :param advance: go on past a visited solution.
    :param place: a :class:`Place` of the same problem to start from
        (not with ``advance``): it walks only the part of ``path`` it is
        not at yet, and the search copies its arrays, instead of walking
        the whole path from the root.  Used where the place's algorithm
        keeps all its state in the frame's arrays (Algorithms X and C);
        otherwise the path is walked from the root as without it.
    :returns: ``False`` when nothing is left to search (``advance`` found
        every level exhausted), else ``True``.
    :raises PositionError: when an option is not in its item's list at
        that point of the search (another problem, or a wrong prefix).
    """
    if place is not None and not advance and place.serves(frame, walker):
        place.go(path)
        place.give(frame, floor)
        return True
    nodes = _walk(walker, path, floor)
    alive = True
    if advance:
        items = [frame.links.top[node] for node in nodes]
        alive = _next_branch(walker, nodes, items, floor)
        frame.stats.updates += walker.updates
        frame.stats.cleansings += walker.cleansings
    walker.settle(nodes, floor)
    return alive


def _next_branch(
    walker: Walker, nodes: list[int], items: list[int], floor: int
) -> bool:
    """Back up from the end of a walked path to the next branch, as a loop backs up.

    Pops the levels left from ``nodes`` and ``items``, and replaces the
    deepest one's node by the branch taken.  Returns ``False`` when no
    level at or below ``floor`` has a branch left.
    """
    while len(nodes) > floor:
        after = walker.untake(nodes[-1])
        if after >= 0:
            walker.take(after)
            nodes[-1] = after
            return True
        walker.leave(items.pop())
        nodes.pop()
    return False


def _walk(
    walker: Walker, path: Sequence[tuple[int | None, int]], floor: int
) -> list[int]:
    """Walk ``path`` with ``walker``, counting nothing; return the node of each level."""
    nodes: list[int] = []
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
        walker.take(node)
        nodes.append(node)
    walker.updates = walker.cleansings = 0
    return nodes


#: What a walk from the root costs in copying the problem's arrays, as
#: :meth:`Place.nearest` counts it: a level walked per this many nodes
#: (copying 600,000 nodes takes about as long as walking 600 levels of a
#: chain of 2-item options).
COPY_NODES = 1024


class Place:
    """A walk of a problem's tree kept at the end of a path, to go to the next path from.

    Replaying a path from the root costs a walked level per level; a
    worker of :mod:`dlx.parallel` whose subproblems lie near each other
    deep in the tree (the rest of a subtree it has just split, say) keeps
    one place per problem and moves it from one path to the next: back up
    to the levels both paths share, then walk the rest, counting nothing.
    :func:`split` and :func:`start` take one.  A search started from a
    place works on the place's own arrays, lent to it (:meth:`give`):
    one copy of the problem's arrays serves every subproblem the place
    leads to, and the place takes them back when the search is done
    with them (:meth:`reclaim`, :meth:`adopt`).

    :param walker: a walker from the root (:func:`dlx.algorithms.walker`),
        which the place owns from then on.
    :param fresh: makes another walker from the root.  A place backs up
        with :meth:`Walker.untake` and :meth:`Walker.leave`, which undo
        the steps of Algorithms X and C in any order (:class:`ListWalker`);
        Algorithm M's walker undoes its levels only after the last branch,
        so a place of it starts again from a fresh walker instead (none
        given: it cannot back up, and raises :class:`ValueError`).

    >>> from dlx import ExactCover, algorithms
    >>> links = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).links()
    >>> place = Place(algorithms.walker(links))
    >>> place.go([(None, 0), (None, 1)])
    >>> place.go([(None, 2)])
    >>> place.options, place.walked
    ([2], 3)
    >>> place.go([(None, 1)])
    Traceback (most recent call last):
      ...
    dlx.errors.PositionError: level 0: option 1 is not one of the options of item 0 there
    """

    def __init__(
        self, walker: Walker, fresh: Callable[[], Walker] | None = None
    ) -> None:
        self.walker = walker
        self.fresh = fresh
        # The walker is not where the lists say (split backed it up in a
        # way only Algorithms X and C undo cleanly): start again.
        self.lost = False
        # Per level walked: the item, the node taken, its option, the
        # item's number of branches there, and the branches passed over.
        self.items: list[int] = []
        self.nodes: list[int] = []
        self.options: list[int] = []
        self.degrees: list[int] = []
        self.skipped: list[int] = []
        #: Levels walked forward so far, in all.
        self.walked = 0
        # The search the walker's arrays are lent to (see give), and the
        # floor it backs up to.
        self.borrower: Frame | None = None
        self._lent_floor = 0

    def go(self, path: Sequence[tuple[int | None, int]]) -> None:
        """Move to the end of ``path`` (per level, the item or ``None``, and the option).

        Backs up to the levels this place shares with ``path``, then walks
        the rest as :func:`start` does (``None``: the item the search
        would choose).  Nothing is counted.

        :raises PositionError: as :func:`start` does; the place then stays
            at the levels of ``path`` it could walk.
        """
        self.reclaim()
        common = 0
        shared = min(len(path), len(self.nodes))
        while common < shared:
            item, option = path[common]
            if option != self.options[common] or item not in (None, self.items[common]):
                break
            common += 1
        if self.lost or (
            common < len(self.nodes) and not isinstance(self.walker, ListWalker)
        ):
            self._renew()
            common = 0
        self.back(common)
        walker = self.walker
        try:
            for level in range(common, len(path)):
                wanted, option = path[level]
                if wanted is None:
                    item, d = walker.choose()
                else:
                    item = wanted
                    d = walker.degree(item)
                if item < 0 or d <= 0:
                    raise PositionError(
                        f"level {level}: item {wanted} is not an item the search "
                        "can branch on there"
                        if item < 0 or d < 0
                        else f"level {level}: option {option} is not one of the "
                        f"options of item {item} there"
                    )
                node = walker.enter(item, True)
                skipped = 0
                while node >= 0 and walker.option(node) != option:
                    node = walker.skip(node)
                    skipped += 1
                if node < 0:
                    walker.leave(item)
                    raise PositionError(
                        f"level {level}: option {option} is not one of the options "
                        f"of item {item} there"
                    )
                walker.take(node)
                self.items.append(item)
                self.nodes.append(node)
                self.options.append(option)
                self.degrees.append(d)
                self.skipped.append(skipped)
                self.walked += 1
        finally:
            walker.updates = walker.cleansings = 0

    def back(self, level: int) -> None:
        """Back up to the first ``level`` levels, counting nothing (:class:`ListWalker` only)."""
        walker = self.walker
        while len(self.nodes) > level:
            walker.untake(self.nodes.pop())
            walker.leave(self.items.pop())
            del self.options[-1], self.degrees[-1], self.skipped[-1]
        walker.updates = walker.cleansings = 0

    def forget(self, level: int) -> None:
        """Drop the levels from ``level`` on, which the walker has left by itself."""
        for kept in (self.items, self.nodes, self.options, self.degrees, self.skipped):
            del kept[level:]

    def _renew(self) -> None:
        """Start again from a fresh walker at the root (a copy of the problem's arrays)."""
        if self.fresh is None:
            raise ValueError("this place cannot back up (give it fresh=)")
        self.walker = self.fresh()
        self.forget(0)
        self.lost = False
        self.borrower = None

    def lend(self, links: Links) -> ListWalker | None:
        """The walker whose arrays a new search of ``links`` may take as its own, or ``None``.

        A search given this place (``place=`` of :class:`dlx.Search`)
        takes these arrays instead of copying the problem's, when its
        algorithm keeps all its state in them (:meth:`serves`);
        :meth:`give` then lends them to it.  A place that is lost starts
        again from a fresh walker first.
        """
        self.reclaim()
        if self.lost and self.fresh is not None:
            self._renew()
        mine = self.walker
        if (
            self.lost
            or not isinstance(mine, ListWalker)
            or mine.links is not links
            or mine.frame.state is not None
        ):
            return None
        return mine

    def reclaim(self) -> None:
        """Take the arrays back from the search they were lent to, if it has let them go.

        Every use of the place calls it first.  A search that ran to its
        end backed up to its floor: the place is then at the floor's
        levels of its path.  Any other search (stopped, at its limit,
        abandoned or still running) keeps the arrays as they stand, and
        the place is lost (it starts again from a fresh walker), unless
        :meth:`adopt` takes the stopped search's state first.
        """
        frame = self.borrower
        if frame is None:
            return
        self.borrower = None
        walker = self.walker
        if frame.outcome is not Outcome.EXHAUSTED or not isinstance(walker, ListWalker):
            self.lost = True
            return
        floor = self._lent_floor
        del walker.saves[2 * sum(walker.recorded[:floor]) :]
        del walker.recorded[floor:]
        self.forget(floor)

    def serves(self, frame: Frame, walker: Walker) -> bool:
        """Whether :meth:`give` can hand its state to ``frame`` (whose walker is ``walker``).

        Only where the search's algorithm keeps all its state in the
        frame's arrays (:class:`ListWalker`: Algorithms X and C), and the
        place walks the same algorithm over the same problem.
        """
        self.reclaim()
        mine = self.walker
        return (
            isinstance(mine, ListWalker)
            and type(mine) is type(walker)
            and mine.links is frame.links
            and frame.state is None
            and mine.frame.state is None
        )

    @staticmethod
    def nearest(
        places: Sequence[Place], path: Sequence[tuple[int | None, int]]
    ) -> Place | None:
        """The place of ``places`` that moves to ``path`` in the fewest levels.

        The levels it backs up and those it walks count alike; ``None``
        when walking ``path`` from the root costs fewer (or there is no
        place).  A walk from the root needs a fresh copy of the problem's
        arrays: it counts as a level walked per :data:`COPY_NODES` nodes.
        Of places that cost alike, the latest in the list.
        """
        best = None
        fewest = len(path)
        if places:
            links = getattr(places[0].walker, "links", None)
            if isinstance(links, Links):
                fewest += len(links.top) // COPY_NODES
        for place in reversed(places):
            common = place.shared(path)
            cost = len(place.nodes) - common + len(path) - common
            if cost < fewest or (best is None and cost == fewest):
                best, fewest = place, cost
        return best

    def shared(self, path: Sequence[tuple[int | None, int]]) -> int:
        """How many first levels of ``path`` this place is at already."""
        self.reclaim()
        common = 0
        for (item, option), mine, at in zip(
            path, self.options, self.items, strict=False
        ):
            if option != mine or item not in (None, at):
                break
            common += 1
        return common

    def adopt(self, frame: Frame) -> bool:
        """Go where the stopped search ``frame`` stands by copying its state, not walking.

        For a search stopped at a clock check (its chosen nodes
        ``frame.base`` and ``frame.stack`` are all taken, its arrays are
        those of that point) whose loop keeps nothing per level but the
        node (Algorithms X and C without snapshots of the sizes, the
        loops of the big problems, whose paths are the long ones).  Each
        level's number of branches is the length of its item's list:
        covering never unlinks an item's own list.

        A search that borrowed the place's arrays (:meth:`give`) hands
        them back as they stand: nothing is copied.

        :returns: whether it could (else the place is unchanged, or lost
            when the search had its arrays).
        """
        shared = self.borrower is frame
        if shared:
            self.borrower = None
        else:
            self.reclaim()
        walker = self.walker
        if (
            not isinstance(walker, ListWalker)
            or walker.keep_sizes
            or walker.links is not frame.links
            or frame.state is not None
            or frame.saves
        ):
            if shared:
                self.lost = True
            return False
        links = frame.links
        top = links.top
        option_of = links.option_of
        down = frame.down
        if walker.up is not frame.up:
            walker.up[:] = frame.up
            walker.down[:] = down
            walker.size[:] = frame.size
            if walker.color is not None and frame.color is not None:
                walker.color[:] = frame.color
        nodes = [*frame.base, *frame.stack]
        self.nodes = nodes
        self.items = [top[node] for node in nodes]
        self.options = [option_of[node] for node in nodes]
        # Every item of the path is covered: its size is its length.
        self.degrees = list(map(frame.size.__getitem__, self.items))
        skipped = []
        for item, node in zip(self.items, nodes, strict=True):
            k = 0
            row = down[item]
            while row != node:
                k += 1
                row = down[row]
            skipped.append(k)
        self.skipped = skipped
        walker.recorded[:] = [False] * len(nodes)
        walker.updates = walker.cleansings = 0
        self.lost = False
        return True

    def copy(self) -> Place:
        """Another place where this one is, with arrays of its own (needs ``fresh``)."""
        self.reclaim()
        if self.fresh is None or not isinstance(self.walker, ListWalker):
            raise ValueError("only a place of Algorithm X or C with fresh= copies")
        other = Place(self.fresh(), self.fresh)
        walker = other.walker
        mine = self.walker
        assert isinstance(walker, ListWalker)
        walker.up[:] = mine.up
        walker.down[:] = mine.down
        walker.size[:] = mine.size
        if walker.color is not None and mine.color is not None:
            walker.color[:] = mine.color
        walker.saves[:] = [kept[:] for kept in mine.saves]
        walker.recorded[:] = mine.recorded
        other.items = self.items[:]
        other.nodes = self.nodes[:]
        other.options = self.options[:]
        other.degrees = self.degrees[:]
        other.skipped = self.skipped[:]
        return other

    def give(self, frame: Frame, floor: int) -> None:
        """Put the search ``frame`` where this place is, as :func:`start` would.

        The arrays are copied, unless the search took this place's own
        (:meth:`lend`): they are then lent to it, with nothing copied,
        until it is done with them (:meth:`reclaim`).  The first ``floor``
        levels go to ``frame.base``, the others to ``frame.stack`` with
        the sizes the loop keeps per level.
        """
        walker = self.walker
        assert isinstance(walker, ListWalker)
        if frame.up is walker.up:
            assert frame.down is walker.down and frame.size is walker.size
            self.borrower = frame
            self._lent_floor = floor
        else:
            frame.up[:] = walker.up
            frame.down[:] = walker.down
            frame.size[:] = walker.size
            if frame.color is not None and walker.color is not None:
                frame.color[:] = walker.color
        frame.base[:] = self.nodes[:floor]
        frame.stack[:] = self.nodes[floor:]
        # Every level of a place is recorded: two sizes per level, if any.
        frame.saves[:] = [kept[:] for kept in walker.saves[2 * floor :]]


#: How many subproblems :func:`split` aims to hand back besides the one
#: that goes on where the search stopped.
SPLIT_PIECES = 8


def split(
    walker: Walker | Place,
    path: Sequence[tuple[int, int]],
    floor: int,
    weight: float,
    pieces: int = SPLIT_PIECES,
    *,
    known: Place | None = None,
    helpers: list[Place] | None = None,
) -> tuple[int, int, list[tuple[tuple[int, ...], int, float]]]:
    """The rest of a subproblem stopped on entering the node below ``path``, in O(depth).

    ``walker`` is a fresh walker from the root of the problem; ``path``
    and ``floor`` are those of the stopped search's position.  The rest
    is handed back as subproblems in the serial order, each
    ``(options, floor, weight)``: searched with ``prefix=options`` and
    ``floor=floor`` (see :class:`dlx.Search`), a subproblem enters the
    node below its options and goes on from there, backing up no higher
    than its floor.  The first one goes on where the search stopped: the
    node's own subtree, then the later branches of every level from the
    deepest up to some level ``k``; the others are the later branches of
    the levels above ``k`` down to ``floor``, one subproblem each (their
    floor is their length).  ``k`` is the deepest level that leaves at
    least ``pieces`` of those, so that idle workers get work, while the
    whole rest takes memory linear in the depth (not one full path per
    branch left at every level).

    Also returns the updates and cleansings the serial search spends on
    trying the branches handed back one by one (step X5, or Algorithm
    M's tweak and M5); the first subproblem counts its own.
    :mod:`dlx.parallel` calls it when a task's time slice ends.  The
    weights estimate each subproblem's share of the tree (Knuth's
    estimate: a node's weight divided evenly among its branches).

    :param walker: a walker from the root (:func:`dlx.algorithms.walker`),
        or a :class:`Place` of the problem, which walks only the part of
        ``path`` it is not at yet, and is left at the first ``floor``
        levels of ``path``.
    :param path: per level, the item and the option.
    :param floor: the levels above it are fixed.
    :param weight: the stopped subproblem's weight.
    :param pieces: how many separate subproblems to aim for.
    :param known: a place already at the end of ``path`` (see
        :meth:`Place.adopt`), which split reads but leaves where it is:
        the branches handed back are then walked by the place of
        ``helpers`` (or a fresh one, appended to ``helpers``) that walks
        least to the levels they hang from, rather than by backing up
        from the end of ``path``.
    :param helpers: places of the problem split may use with ``known``.
    :returns: the updates, the cleansings and the subproblems.

    >>> from dlx import ExactCover, algorithms
    >>> links = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).links()
    >>> split(algorithms.walker(links), [(0, 0)], 0, 1.0)
    (1, 0, [((0,), 1, 0.5), ((2,), 1, 0.5)])
    """
    place = walker if isinstance(walker, Place) else Place(walker)
    info = place if known is None else known
    if known is None:
        place.go(path)
    options = info.options[:]
    shares: list[float] = []  # the weight of each level's node
    left: list[int] = []  # the branches after the node, per level
    share = weight
    for level, (d, skipped) in enumerate(zip(info.degrees, info.skipped, strict=True)):
        if level >= floor:
            share /= d
        shares.append(share)
        left.append(d - 1 - skipped)
    # The levels floor .. k-1 hand back their branches one by one.
    k = floor
    wanted = 0
    while k < len(path) and wanted < pieces:
        wanted += left[k]
        k += 1
    going_on = shares[-1] if path else weight
    going_on += sum(shares[level] * left[level] for level in range(k, len(path)))
    rest: list[tuple[tuple[int, ...], int, float]] = [(tuple(options), k, going_on)]
    if known is None:
        walker = place.walker
        nodes = place.nodes[:]
        for level in range(len(path) - 1, k - 1, -1):
            walker.untake(nodes[level])
            walker.leave(path[level][0])
    else:
        # Bring to the first k levels whichever place walks least there:
        # a place near them, or a fresh one from the root.
        top = path[:k]
        nearest = Place.nearest(helpers or [], top)
        if nearest is None:
            assert known.fresh is not None, "a known place has fresh="
            nearest = Place(known.fresh(), known.fresh)
            if helpers is not None:
                helpers.append(nearest)
        place = nearest
        place.go(top)
        walker = place.walker
        nodes = place.nodes[:]
    walker.updates = walker.cleansings = 0
    for level in range(k - 1, floor - 1, -1):
        sibling = walker.untake(nodes[level])
        while sibling >= 0:
            walker.take(sibling)
            prefix = (*options[:level], walker.option(sibling))
            rest.append((prefix, level + 1, shares[level]))
            sibling = walker.untake(sibling)
        walker.leave(path[level][0])
    place.forget(floor)
    # Algorithm M's walker left the levels from k down without going past
    # their last branch, which only Algorithms X and C undo in any order.
    place.lost = not isinstance(walker, ListWalker) and k < len(path)
    updates, cleansings = walker.updates, walker.cleansings
    walker.updates = walker.cleansings = 0
    return updates, cleansings, rest


def fraction_done(frame: Frame) -> float:
    """Knuth's estimate of how much of the search tree is behind the search.

    At each level below the floor the search is trying the ``k``-th of
    the ``d`` options of the item it branched on; the estimate is
    Σ (k - 1) / (d₁ ⋯ d_l) over the levels plus half of 1 / (d₁ ⋯ d_L)
    for the node itself, as in Knuth's DLX programs.  It assumes that the
    subtrees of one node are alike in size, so it is rough: it grows from
    one solution to the next (not always from one node to the next) and
    reaches 1 when the search is done.  Algorithms X and C use
    it; Algorithm M counts its levels' branches its own way.

    :param frame: a search (between two steps of its loop).
    :returns: a number from 0 to 1.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> search = problem.search()
    >>> next(search), fraction_done(search)
    ((0, 1), 0.25)
    """
    down = frame.down
    top = frame.links.top
    size = frame.size
    stack = frame.stack

    def branches() -> Iterator[tuple[int, int]]:
        # The item of a level is covered, and covering never unlinks its
        # own list, so its size is the length of its list as it was there.
        # Only the levels with a choice count: found without a Python step
        # per level, which on a deep chain (one option a level) is most.
        degrees = map(size.__getitem__, map(top.__getitem__, stack))
        for node in compress(stack, map(lt, repeat(1), degrees)):
            item = top[node]
            tried = 0
            row = down[item]
            while row != node:
                tried += 1
                row = down[row]
            yield tried, size[item]

    return fraction_of(branches())


def fraction_of(branches: Iterable[tuple[int, int]]) -> float:
    """Knuth's estimate from each level's options tried before its own, and its options.

    The sum of :func:`fraction_done`, for a loop that keeps its levels
    its own way (Algorithm X's marks form): levels with one option add
    nothing, and the levels below one whose weight falls under 1e-18 are
    not read.

    >>> fraction_of([(1, 2), (0, 3)])
    0.5833333333333334
    """
    total = 0.0
    weight = 1.0
    for tried, d in branches:
        if d > 1:
            weight /= d
            total += tried * weight
            if weight < 1e-18:
                break  # the levels below add less than this
    return min(1.0, total + weight / 2)


#: How many of the first levels :func:`option_left` compares one by one
#: (stopping at the first with an option left) before it takes the
#: others at once.
OPTION_LEFT_HEAD = 64


def option_left(frame: Frame) -> bool:
    """Whether a level of an Algorithm X or C search has an option left to try.

    In the list of a level's item the options after the one tried are
    still linked (covering never unlinks an item's own list), so the
    level has one left when the node's successor is not the item's
    header.  Compared without a Python step per level: a chain 100,000
    levels deep is asked every time slice of :mod:`dlx.parallel`.

    :param frame: a search (between two steps of its loop).
    :returns: whether some level has an option left.

    >>> from dlx import ExactCover
    >>> search = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).search()
    >>> next(search), option_left(search)
    ((0, 1), True)
    """
    stack = frame.stack
    down = frame.down
    top = frame.links.top
    # The shallow levels first, where options are most often left; then
    # all the others at once (a chain's levels: none has one left).
    head = stack[:OPTION_LEFT_HEAD]
    if any(map(ne, map(down.__getitem__, head), map(top.__getitem__, head))):
        return True
    if len(stack) <= OPTION_LEFT_HEAD:
        return False
    nodes = itemgetter(*stack[OPTION_LEFT_HEAD:])
    return bool(nodes(down) != nodes(top))


def rng_state(rng: random.Random | None) -> tuple[Any, ...] | None:
    """The state of a search's tie-breaking generator, for a :class:`Position`."""
    return None if rng is None else rng.getstate()


#: The attribute of a search's generator that holds its seed (:func:`seeded`).
_SEED = "pydlx_seed"


def seeded(seed: int | None, state: tuple[Any, ...] | None = None) -> random.Random:
    """A search's private tie-breaking generator: seeded by ``seed``, or in ``state``.

    It remembers ``seed`` (any whole number: numpy's integers too), which
    :func:`rng_seed` reads for the search's :class:`Position` (a
    generator's state does not tell its seed); ``state`` is that of a
    position being resumed, whose ``seed`` is given (``None`` when it
    did not record one).

    >>> rng = seeded(7)
    >>> rng_seed(rng), rng.random() == seeded(7).random()
    (7, True)
    >>> rng_seed(seeded(7, rng.getstate())), rng_seed(None)
    (7, None)
    """
    import operator
    import random  # only a search with a seed draws

    value = None if seed is None else operator.index(seed)
    rng = random.Random(value)
    if state is not None:
        rng.setstate(state)
    setattr(rng, _SEED, value)
    return rng


def rng_seed(rng: random.Random | None) -> int | None:
    """The seed a search's generator was made with (:func:`seeded`), else ``None``."""
    seed: int | None = getattr(rng, _SEED, None)
    return seed
