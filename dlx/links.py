"""The flat integer arrays that represent an exact-cover problem.

Layout, for a problem with ``n`` items (primary ones first) and ``m`` nodes:

* positions ``0 .. n-1`` are the item headers, position ``n`` is a spare
  header that only carries a sentinel size, and positions ``n+1 ..`` are the
  option nodes, one per (option, item) pair, each option's nodes contiguous
  and in the order the option named them;
* ``up``/``down`` link every header and node into its item's circular list
  (Knuth's ULINK/DLINK);
* ``top`` names the item of each node (Knuth's TOP);
* ``size`` holds each item's list length (Knuth's LEN), shifted by
  ``Links.active_offset`` while the item is an active primary item
  (see below);
* ``others[x]`` is the tuple of the other nodes of ``x``'s option, going
  right cyclically from ``x``; ``others_rev[x]`` is the same going left.
  These tuples take the place of Knuth's spacer nodes: in CPython a ``for``
  loop over a tuple is much faster than chasing links one index at a time.
  A tuple per node costs memory quadratic in the width of the option, so
  for options wider than :data:`TUPLE_MAX_WIDTH` the entries are
  :class:`Ring` objects instead: a window on one tuple shared by the whole
  option, iterated like the tuple (same nodes, same order) and linear in
  memory;
* ``span[x]`` is ``len(others[x])``, read rather than computed in the loop;
* ``option_of[x]`` is the index of ``x``'s option;
* ``color[x]`` is 0 for an uncoloured node, a positive colour code
  otherwise (``None`` for a problem that uses no colours).

Knuth keeps the active primary items on a doubly linked list and scans it
in a loop to find the item with the fewest options.  Here the list is
implicit in ``size``: the length of an active primary item is stored
shifted by ``active_offset``, covering an item adds ``shift[item]`` (which
undoes the offset; 0 for secondary items), so C code finds the item:

* when every list is shorter than 128 (sudoku, queens, Langford pairs...)
  ``size`` is a :class:`bytearray`, the offset is +128, "every primary
  item covered" is ``size.isascii()``, and the leftmost item of length
  ``k`` is ``size.find(128 + k)`` (a ``memchr``) for k = 0, 1, 2, ...;
* otherwise ``size`` is a list, the offset is ``-INACTIVE``, the smallest
  active value is ``min(size)`` (negative while an item is active) and the
  leftmost item with it is ``size.index(...)``.

Either way the item chosen is Knuth's: the leftmost of minimum length.

Small problems without colours go one step further (``Links.packed``,
see Algorithm X's packed loop form, :mod:`dlx.algorithm_x_packed`): the
whole size array lives in one integer while the search runs, so hiding
an option changes every size it touches with one addition.  An item with
128 options or more does not fit a byte: such a problem (a polyomino
tiling, whose pieces have hundreds of placements) gets 16 bits per item
in the integer instead (``Links.wide``, the ``wide`` form).
"""

from __future__ import annotations

import gc
import sys
from array import array
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import chain, islice, repeat
from operator import itemgetter

from dlx.errors import ProblemTooLarge

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: The list form stores an active primary item's length minus this, so that
#: ``min(size) < 0`` exactly while some primary item is active.
INACTIVE = 1 << 26

#: The bytearray form stores an active primary item's length plus this.
ACTIVE_BYTE = 128

#: The packed search loop (Algorithm X's packed form) is used for problems without
#: colours with at most this many items (the integer of sizes grows with the
#: items, and past about this many the addition costs more than it saves)...
PACKED_MAX_ITEMS = 128

#: ...and at most this many option nodes (it keeps two tuples and two
#: integers per node: a few hundred bytes each).
PACKED_MAX_NODES = 1 << 20

#: The wide packed loop (Algorithm X's ``wide`` form) gives every item 16
#: bits of the integer instead of 8, so an item may have up to this many
#: options less one (pentomino pieces have hundreds); it takes problems
#: without colours with at most :data:`PACKED_MAX_ITEMS` items and
#: :data:`PACKED_MAX_NODES` nodes, like the packed loop.
WIDE_MAX_LENGTH = 1 << 15

#: Options of up to this many items give each node tuples of its siblings
#: (``Links.others``, ``Links.others_rev``); wider ones give each node a
#: :class:`Ring` on a tuple shared by the option.  Tuples are 15-20 %
#: faster to loop over at this width, but take 8 bytes per sibling per node
#: and direction (576 bytes a node here, against about 180 for a ring).
TUPLE_MAX_WIDTH = 32

#: Problems without colours and with at most this many items back up the
#: search tree by restoring a copy of ``size`` kept per level, rather than
#: undoing every hide one node at a time.  The copies take ``O(items)``
#: per level, so memory grows with items times depth: at this limit and
#: the deepest search, 2 MB for the bytearray and 17 MB for the list.
SNAPSHOT_MAX_ITEMS = 1024

#: The version of :meth:`Links.to_bytes`; bytes of another are refused.
_FORMAT = "pydlx-links-2"


class Ring:
    """The other nodes of one node's option, going one way round: a window on a shared tuple.

    ``ring`` holds the option's nodes twice over (in the order of the
    option, or reversed for going left); the node sits at place ``t`` of
    the first copy, and its ``w - 1`` siblings follow it.  Iterating gives
    the same nodes in the same order as the tuple that a narrow option's
    node keeps, without a tuple per node: the search loops run ``for y in
    others[x]`` on either.  The ring and the width are shared by all the
    nodes of the option and the offsets by both directions, so a node
    costs two small objects instead of two tuples of ``w - 1`` entries.

    :param ring: the option's nodes, twice over.
    :param t: the node's place in the first copy.
    :param w: the option's width.

    >>> ring = Ring((7, 8, 9, 10) * 2, 1, 4)
    >>> list(ring), len(ring)
    ([9, 10, 7], 3)
    """

    __slots__ = ("ring", "t", "w")

    def __init__(self, ring: tuple[int, ...], t: int, w: int) -> None:
        self.ring = ring
        self.t = t
        self.w = w

    def __iter__(self) -> Iterator[int]:
        """The siblings, going round from the node.

        >>> list(Ring((1, 2) * 2, 0, 2))
        [2]
        """
        t = self.t
        return islice(self.ring, t + 1, t + self.w)

    def __len__(self) -> int:
        """The number of siblings: the option's width less one.

        >>> len(Ring((1, 2, 3) * 2, 2, 3))
        2
        """
        return self.w - 1

    def __eq__(self, other: object) -> bool:
        """Equal to a ring or tuple of the same nodes in the same order.

        >>> Ring((1, 2, 3) * 2, 2, 3) == (1, 2)
        True
        """
        if isinstance(other, Ring | tuple):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """The siblings, as a tuple would show them, tagged as a ring.

        >>> Ring((1, 2, 3) * 2, 0, 3)
        Ring(2, 3)
        """
        return f"Ring{tuple(self)}"


#: Whether :class:`Links` make their sibling tuples (``others``,
#: ``others_rev``) when a loop first reads them rather than with the rest:
#: on PyPy, whose jit form never reads them (half of building a 9×9
#: puzzle's links there); CPython's forms read them in every search, and
#: building them with the rest costs fewer instructions.
LAZY_SIBLINGS = sys.implementation.name == "pypy"

#: Whether :class:`Links` link their nodes by one loop over the options
#: (:func:`linked`) rather than by C-level builders over whole lists
#: (``chain``, ``map``, ``Counter``): on PyPy, whose JIT compiles the loop
#: but runs the builders a node at a time (a hard 9×9 puzzle's links in
#: 30-40 µs instead of 140, and the first ten puzzles in 6 ms instead of
#: 17); on CPython the builders take fewer instructions.
LOOP_BUILD = sys.implementation.name == "pypy"

#: What ``Links.others[x]`` and ``Links.others_rev[x]`` hold: a tuple of the
#: sibling nodes, or a :class:`Ring` for a wide option.
Siblings = tuple[int, ...] | Ring


def _cost_data(costs: list[int]) -> bytes | list[int]:
    """The costs as :meth:`Links.to_bytes` ships them: machine integers where they fit.

    A cost is any nonnegative integer (Knuth's format sets no bound); one
    of 2**63 or more goes as the list of Python ints.
    """
    try:
        return array("q", costs).tobytes()
    except OverflowError:
        return list(costs)


class Links:
    """The compiled, read-only arrays of one problem.

    Searches copy the mutable arrays (``up``, ``down``, ``size``,
    ``color``) so that every search owns its state.
    """

    __slots__ = (
        "_nodes",
        "_others",
        "_others_rev",
        "_widths",
        "active_offset",
        "bound",
        "bytewise",
        "cache",
        "color",
        "cost",
        "down",
        "n_items",
        "n_options",
        "n_primary",
        "option_of",
        "packed",
        "shift",
        "size",
        "slack",
        "snapshots",
        "span",
        "top",
        "tuple_width",
        "unroll",
        "up",
        "wide",
    )

    def __init__(
        self,
        n_primary: int,
        n_items: int,
        rows: Sequence[Sequence[int]],
        colors: Sequence[Sequence[int]] | None = None,
        bytewise: bool = True,
        packed: bool = True,
        unroll: bool = True,
        snapshots: bool = True,
        tuple_width: int = TUPLE_MAX_WIDTH,
        bounds: Sequence[tuple[int, int]] | None = None,
        costs: Sequence[int] | None = None,
    ) -> None:
        """Build the arrays from option rows of item indices.

        ``rows[k]`` lists the item indices (``0 <= i < n_items``) of option
        ``k``; ``colors[k][t]`` is the colour code of its ``t``-th item.
        The caller has validated the rows.  ``bytewise=False`` forces the
        list form of ``size`` (by default the bytearray form is taken
        whenever every list is short enough), ``packed=False`` keeps a
        small problem off the packed loops (both widths), ``unroll=False`` gives it the
        packed loop without unrolling and ``snapshots=False`` makes the
        other loops undo every hide when backing up; options wider than
        ``tuple_width`` keep :class:`Ring` objects rather than tuples of
        siblings.  The tests use them to check every form.

        ``bounds[i]`` is ``(u, v)``: primary item ``i`` must be covered
        between ``u`` and ``v`` times (Knuth's DLX3); the problem is then
        searched by Algorithm M (see :mod:`dlx.algorithms`), which reads ``bound`` (``v``
        per primary item) and ``slack`` (``v - u``).  ``None``, the
        default, means every primary item is ``[1..1]``: ``bound`` and
        ``slack`` are ``None`` too.

        ``costs[k]`` is the cost of option ``k`` (Knuth's DLX5), kept as
        ``cost``; only the minimum-cost search reads it (it orders its own
        copy of the lists by cost), so the arrays the other loops read do
        not change.  ``None``, the default: every option costs 0.
        """
        n = n_items
        first = n + 1
        widths = list(map(len, rows))
        total = first + sum(widths)
        # Memory: one int object per node, shared by up, down and the
        # sibling tuples (and by option_of for the option numbers), and no
        # per-node temporaries beyond the arrays themselves; see "Memory"
        # in docs/implementation.rst for the figures.  Headers point to
        # themselves; C-level builders do the per-node work wherever they
        # can, since sudoku builds one problem per puzzle.
        self._others: list[Siblings] | None = None
        self._others_rev: list[Siblings] | None = None
        self._nodes: list[int] | None = None
        self._widths: list[int] | None = None
        span: list[int] | None = None
        if LOOP_BUILD:
            top, up, down, option_of, span, length = linked(n, total, rows)
            self._widths = widths  # the sibling tuples: made below, or lazily
        else:
            up = list(range(total))
            if LAZY_SIBLINGS:
                # The node numbers' int objects, for the sibling tuples, which
                # are made when a loop first asks for them.
                self._nodes = up[:]
                self._widths = widths
            else:
                self._others, self._others_rev = _siblings(
                    up, first, total, widths, tuple_width
                )
            top = up[:first]
            top += chain.from_iterable(rows)
            option_of = [-1] * first
            # Option k's number is the int object of node k (there are fewer
            # options than nodes, unless from_rows was given empty rows).
            numbers = up[: len(rows)] if len(rows) <= total else range(len(rows))
            option_of += chain.from_iterable(map(repeat, numbers, widths))
            down = up[:]
            last = up[:n]
            # down[x] is still x itself when the loop reaches x (only entries
            # below x have been relinked): the shared int object of node x.
            nodes = islice(down, first, None)
            for x, item in zip(nodes, islice(top, first, None), strict=True):
                above = last[item]
                up[x] = above
                down[above] = x
                last[item] = x
            for item in range(n):
                bottom = last[item]
                down[bottom] = item
                up[item] = bottom
            length = [0] * n
            for item, count in Counter(islice(top, first, None)).items():
                length[item] = count
        # The bytearray form was faster on every problem measured (queens,
        # Langford pairs, sudoku), even where min() over a list is cheap.
        bytewise = bytewise and max(length, default=0) < ACTIVE_BYTE
        offset = ACTIVE_BYTE if bytewise else -INACTIVE
        values = [k + offset for k in length[:n_primary]]
        values += length[n_primary:]
        values.append(0)  # the spare header: never an active item
        size: bytearray | list[int] = bytearray(values) if bytewise else values
        shift = [-offset] * n_primary + [0] * (n - n_primary)
        color: list[int] | None = None
        if colors is not None:
            color = [0] * total
            x = first
            for codes in colors:
                for code in codes:
                    color[x] = code
                    x += 1
        self.n_primary = n_primary
        self.n_items = n_items
        self.n_options = len(rows)
        self.top = top
        self.up = up
        self.down = down
        self.size = size
        self.bytewise = bytewise
        self.active_offset = offset
        self.shift = shift
        self.color = color
        if span is None:
            span = (
                _spans(first, widths)
                if self._others is None
                else list(map(len, self._others))
            )
        self.span = span
        self.option_of = option_of
        self.packed = (
            packed
            and bytewise
            and colors is None
            and n <= PACKED_MAX_ITEMS
            and total - first <= PACKED_MAX_NODES
        )
        self.wide = (
            packed
            and colors is None
            and n <= PACKED_MAX_ITEMS
            and total - first <= PACKED_MAX_NODES
            and max(length, default=0) < WIDE_MAX_LENGTH
        )
        self.unroll = unroll
        self.tuple_width = tuple_width
        # The colour loop (DLX2) always undoes step by step.
        self.snapshots = snapshots and colors is None and n <= SNAPSHOT_MAX_ITEMS
        self.cost: list[int] | None = None if costs is None else list(costs)
        self.bound: list[int] | None = None
        self.slack: list[int] | None = None
        if bounds is not None:
            self.bound = [v for _, v in bounds]
            self.slack = [v - u for u, v in bounds]
        # What the first search of the problem works out and every later
        # search shares: the packed form's tables (under "packed"), the
        # dispatcher's choice (under ("choose", algorithm, form)).
        self.cache: dict[object, object] = {}
        if self._others is None and not LAZY_SIBLINGS:
            self._make_siblings()

    @property
    def others(self) -> list[Siblings]:
        """For every node, the other nodes of its option going right (a tuple, or a :class:`Ring`).

        Made on first use: the loops that read them bind them once per search.
        """
        if self._others is None:
            self._make_siblings()
        assert self._others is not None
        return self._others

    @property
    def others_rev(self) -> list[Siblings]:
        """For every node, the other nodes of its option going left (as :attr:`others`)."""
        if self._others_rev is None:
            self._make_siblings()
        assert self._others_rev is not None
        return self._others_rev

    def _make_siblings(self) -> None:
        """Make :attr:`others` and :attr:`others_rev` (the last of the links to be built).

        :raises ProblemTooLarge: when they do not fit in memory, in the words
            of :meth:`dlx.ExactCover.links`.
        """
        nodes, widths = self._nodes, self._widths
        assert widths is not None
        if nodes is None:  # linked by the loop (LOOP_BUILD)
            nodes = list(range(len(self.top)))
        first = self.n_items + 1
        failed = False
        try:
            others, others_rev = _siblings(
                nodes, first, len(nodes), widths, self.tuple_width
            )
        except MemoryError:
            failed = True  # raised below, once the half-built tuples are gone
        if failed:
            raise ProblemTooLarge(
                f"out of memory while building the links of {self.n_options:,} "
                f"options ({len(nodes) - first:,} nodes)"
            )
        self._others, self._others_rev = others, others_rev
        self._nodes = self._widths = None

    def to_bytes(self) -> bytes:
        """The arrays in a compact form, for another process: :meth:`from_bytes` reads it.

        The links, the items of the nodes and the widths of the options
        go as machine integers (a few bytes a node, no object per node),
        so that a worker of :mod:`dlx.parallel` rebuilds the problem
        without building it from its options again.

        :returns: the bytes.

        >>> from dlx import ExactCover
        >>> links = ExactCover("ab", options=[["a", "b"], ["b"]]).links()
        >>> Links.from_bytes(links.to_bytes()).top == links.top
        True
        """
        first = self.n_items + 1
        total = len(self.top)
        widths = [0] * self.n_options
        for option in islice(self.option_of, first, None):
            widths[option] += 1
        code = "i" if total < 1 << 31 else "q"
        if isinstance(self.size, bytearray):
            size: bytes = bytes(self.size)
        else:
            size = array("q", self.size).tobytes()
        header = (
            _FORMAT,
            code,
            self.n_primary,
            self.n_items,
            self.n_options,
            (self.bytewise, self.packed, self.wide, self.unroll, self.snapshots),
            self.tuple_width,
            self.active_offset,
            self.bound,
            self.slack,
        )
        arrays = [
            array(code, islice(self.top, first, None)).tobytes(),
            array(code, self.up).tobytes(),
            array(code, self.down).tobytes(),
            array(code, widths).tobytes(),
            size,
            None if self.color is None else array("q", self.color).tobytes(),
            None if self.cost is None else _cost_data(self.cost),
        ]
        import pickle  # only the split searches ship the arrays (start-up)

        return pickle.dumps((header, arrays), pickle.HIGHEST_PROTOCOL)

    @classmethod
    def from_bytes(cls, data: bytes) -> Links:
        """The arrays :meth:`to_bytes` gave, as they were.

        Every node number is one int object shared by all the arrays, as
        :class:`Links` builds them (see "Memory" in docs/implementation.rst).

        :param data: what :meth:`to_bytes` returned (of this pydlx version).
        :returns: a new :class:`Links`, equal to the one written.
        :raises ValueError: when ``data`` is not such arrays.

        >>> Links.from_bytes(b"")
        Traceback (most recent call last):
          ...
        ValueError: not the arrays of a pydlx problem
        """
        import pickle

        try:
            header, arrays = pickle.loads(data)
            if header[0] != _FORMAT:
                raise ValueError(header[0])
        except Exception:
            raise ValueError("not the arrays of a pydlx problem") from None
        # A node's worth of objects is made here, none of them garbage:
        # the collector's passes over them would only cost time.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return cls._rebuild(header, arrays)
        finally:
            if collecting:
                gc.enable()

    @classmethod
    def _rebuild(cls, header: tuple[Any, ...], arrays: list[Any]) -> Links:
        """:meth:`from_bytes` once the bytes are read."""
        _, code, n_primary, n_items, n_options, flags, width, offset, bound, slack = (
            header
        )
        top_bytes, up_bytes, down_bytes, width_bytes, size_bytes, color_bytes = arrays[
            :6
        ]
        cost_bytes = arrays[6]
        first = n_items + 1
        up_values = array(code, up_bytes)
        total = len(up_values)
        nodes = list(range(total))
        # Map every value through `nodes`, so that the arrays share the
        # int objects of the node numbers, as the constructor's do.
        node = nodes.__getitem__
        top = nodes[:first]
        top += map(node, array(code, top_bytes))
        widths = array(code, width_bytes).tolist()
        numbers = nodes[:n_options] if n_options <= total else range(n_options)
        option_of = [-1] * first
        option_of += chain.from_iterable(map(repeat, numbers, widths))
        links = cls.__new__(cls)
        links._nodes = nodes
        links._widths = widths
        links._others = links._others_rev = None
        links.n_primary = n_primary
        links.n_items = n_items
        links.n_options = n_options
        links.top = top
        links.up = list(map(node, up_values))
        links.down = list(map(node, array(code, down_bytes)))
        bytewise, packed, wide, unroll, snapshots = flags
        links.size = (
            bytearray(size_bytes) if bytewise else array("q", size_bytes).tolist()
        )
        links.bytewise = bytewise
        links.active_offset = offset
        links.shift = [-offset] * n_primary + [0] * (n_items - n_primary)
        links.color = None if color_bytes is None else array("q", color_bytes).tolist()
        links.span = _spans(first, widths)
        links.option_of = option_of
        links.packed = packed
        links.wide = wide
        links.unroll = unroll
        links.tuple_width = width
        links.snapshots = snapshots
        links.bound = bound
        links.slack = slack
        if cost_bytes is None or isinstance(cost_bytes, list):
            links.cost = cost_bytes
        else:
            links.cost = array("q", cost_bytes).tolist()
        links.cache = {}
        return links

    def is_active(self, size: Sequence[int], item: int) -> bool:
        """Whether ``item`` is an active (uncovered) primary item in state ``size``."""
        if item >= self.n_primary:
            return False
        value = size[item]
        return value >= ACTIVE_BYTE if self.bytewise else value < 0

    def length(self, size: Sequence[int], item: int) -> int:
        """The length of ``item``'s list in state ``size``."""
        if self.is_active(size, item):
            return size[item] - self.active_offset
        return size[item]


def linked(
    n: int, total: int, rows: Sequence[Sequence[int]]
) -> tuple[list[int], list[int], list[int], list[int], list[int], list[int]]:
    """The arrays of :class:`Links`, linked by one loop over the options (:data:`LOOP_BUILD`).

    :param n: the number of items.
    :param total: the number of positions: ``n + 1`` headers and one node
        per item of each option.
    :param rows: the item numbers of each option.
    :returns: ``top``, ``up``, ``down``, ``option_of``, ``span`` and each
        item's number of options, laid out as :mod:`dlx.links` says.

    >>> top, up, down, option_of, span, length = linked(2, 6, [[0, 1], [1]])
    >>> top, up, down
    ([0, 1, 2, 0, 1, 1], [3, 5, 2, 0, 1, 4], [3, 4, 2, 0, 5, 1])
    >>> option_of, span, length
    ([-1, -1, -1, 0, 0, 1], [0, 0, 0, 1, 1, 0], [1, 2])
    """
    first = n + 1
    top = list(range(total))
    up = top[:]
    down = top[:]
    option_of = [-1] * total
    span = [0] * total
    length = [0] * n
    last = top[:n]  # the last node of each item's list so far
    x = first
    for k, row in enumerate(rows):
        w = len(row) - 1
        for item in row:
            top[x] = item
            option_of[x] = k
            span[x] = w
            length[item] += 1
            above = last[item]
            up[x] = above
            down[above] = x
            last[item] = x
            x += 1
    for item in range(n):
        bottom = last[item]
        up[item] = bottom
        down[bottom] = item
    return top, up, down, option_of, span, length


def _spans(first: int, widths: Sequence[int]) -> list[int]:
    """Each node's number of siblings (0 for the headers): its option's width less one."""
    span = [0] * first
    span += chain.from_iterable([repeat(w - 1, w) for w in widths])
    return span


def _siblings(
    nodes: list[int],
    first: int,
    total: int,
    widths: Sequence[int],
    tuple_width: int = TUPLE_MAX_WIDTH,
) -> tuple[list[Siblings], list[Siblings]]:
    """For every node, the other nodes of its option going right and going left.

    The tuples hold the int objects of ``nodes`` (``nodes[x] == x``) rather
    than new ones: an int above 256 costs 32 bytes, a tuple slot 8.  Nodes
    of options wider than ``tuple_width`` get :class:`Ring` objects, so
    that memory and time stay linear in the number of nodes.
    """
    empty: tuple[int, ...] = ()
    others: list[Siblings] = [empty] * total
    shapes = set(widths)
    widest = max(shapes, default=0)
    if len(shapes) == 1 and widest <= tuple_width:
        # All options have the same width w: the node at place t of every
        # option has the same pattern of siblings, so zip strided slices.
        (w,) = shapes
        for t in range(w if w > 1 else 0):
            right = [islice(nodes, first + (t + j) % w, total, w) for j in range(1, w)]
            others[first + t : total : w] = zip(*right, strict=True)
    else:
        x = first
        for w in widths:
            if w <= tuple_width:
                twice = tuple(nodes[x : x + w]) * 2
                for t in range(w):
                    others[x + t] = twice[t + 1 : t + w]
            x += w
    if widest <= min(2, tuple_width):
        # With at most one sibling, left and right are the same tuple.
        return others, others
    # Going left from a node visits the same siblings in the opposite order.
    # (Only tuples so far: the rings are made below.)
    others_rev: list[Siblings] = list(map(_reverse, others))  # type: ignore[arg-type]
    if widest > tuple_width:
        x = first
        for w in widths:
            if w > tuple_width:
                own = nodes[x : x + w]
                going = tuple(own) * 2
                own.reverse()
                coming = tuple(own) * 2
                # Offsets shared by both directions: the node at place t
                # going right sits at place w - 1 - t going left.
                places = list(range(w))
                others[x : x + w] = map(Ring, repeat(going), places, repeat(w))
                places.reverse()
                others_rev[x : x + w] = map(Ring, repeat(coming), places, repeat(w))
            x += w
    return others, others_rev


_reverse = itemgetter(slice(None, None, -1))


def check_links(
    links: Links,
    up: Sequence[int],
    down: Sequence[int],
    size: Sequence[int],
    *,
    plain: bool = False,
) -> None:
    """Verify every list of a (possibly mid-search) state, like Knuth's ``sanity()``.

    For every item: each node ``x`` on its list has ``up[down[x]] == x`` and
    ``down[up[x]] == x``, belongs to that item, and the list has as many
    nodes as the item's recorded size (``size[item]`` itself with
    ``plain``, as :mod:`dlx.algorithm_m` keeps it; else shifted as
    described above).  Raises :class:`AssertionError` with the item and
    node at fault.
    """
    top = links.top
    for item in range(links.n_items):
        count = 0
        x = down[item]
        prev = item
        while x != item:
            if not links.n_items < x < len(top):
                raise AssertionError(f"item {item}: link to {x} leaves the node range")
            if top[x] != item:
                raise AssertionError(f"item {item}: node {x} belongs to item {top[x]}")
            if up[x] != prev:
                raise AssertionError(f"item {item}: up[{x}] is {up[x]}, not {prev}")
            count += 1
            if count > len(top):
                raise AssertionError(f"item {item}: its list does not close")
            prev = x
            x = down[x]
        if up[item] != prev:
            raise AssertionError(f"item {item}: up[header] is {up[item]}, not {prev}")
        recorded = size[item] if plain else links.length(size, item)
        if recorded != count:
            raise AssertionError(
                f"item {item}: size says {recorded} but the list has {count} nodes"
            )
