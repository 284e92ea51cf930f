"""The flat integer arrays that represent an exact-cover problem.

Layout, for a problem with ``n`` items (primary ones first) and ``m`` nodes:

* positions ``0 .. n-1`` are the item headers, position ``n`` is a spare
  header that only carries a sentinel size, and positions ``n+1 ..`` are the
  option nodes, one per (option, item) pair, each option's nodes contiguous
  and in the order the option named them;
* ``up``/``down`` link every header and node into its item's circular list
  (Knuth's ULINK/DLINK);
* ``top`` names the item of each node (Knuth's TOP);
* ``size`` holds each item's list length (Knuth's LEN), plus an offset that
  stands for "this item is not an active primary item" (see below);
* ``others[x]`` is the tuple of the other nodes of ``x``'s option, going
  right cyclically from ``x``; ``others_rev[x]`` is the same going left.
  These tuples take the place of Knuth's spacer nodes: in CPython a ``for``
  loop over a tuple is much faster than chasing links one index at a time;
* ``option_of[x]`` is the index of ``x``'s option;
* ``color[x]`` is 0 for an uncoloured node, a positive colour code
  otherwise (``None`` for a problem that uses no colours).

Knuth keeps the active primary items on a doubly linked list and scans it to
find the item with the fewest options.  Here the list is implicit: an item
that is not active carries :data:`INACTIVE` (covered primary items) or
``2 * INACTIVE`` (secondary items) on top of its length, so the minimum
remaining value is ``min(size)`` and the leftmost item achieving it is
``size.index(...)``, both computed by C code.  The two answers are the same
as Knuth's scan; only the constant factor changes.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Offset added to the size of an item that is not an active primary item.
#: Sizes stay below it, so ``min(size) >= INACTIVE`` means "all covered".
INACTIVE = 1 << 26


class Links:
    """The compiled, read-only arrays of one problem.

    Searches copy the mutable arrays (``up``, ``down``, ``size``,
    ``color``) so that every search owns its state.
    """

    __slots__ = (
        "color",
        "down",
        "n_items",
        "n_options",
        "n_primary",
        "option_of",
        "others",
        "others_rev",
        "size",
        "top",
        "up",
    )

    def __init__(
        self,
        n_primary: int,
        n_items: int,
        rows: Sequence[Sequence[int]],
        colors: Sequence[Sequence[int]] | None = None,
    ) -> None:
        """Build the arrays from option rows of item indices.

        ``rows[k]`` lists the item indices (``0 <= i < n_items``) of option
        ``k``; ``colors[k][t]`` is the colour code of its ``t``-th item.
        The caller has validated the rows.
        """
        n = n_items
        first = n + 1
        n_nodes = sum(map(len, rows))
        total = first + n_nodes
        top = [0] * total
        up = list(range(total))
        down = list(range(total))
        option_of = [-1] * total
        empty: tuple[int, ...] = ()
        others = [empty] * total
        others_rev = [empty] * total
        last = list(range(n))
        length = [0] * n
        x = first
        for k, row in enumerate(rows):
            width = len(row)
            nodes = tuple(range(x, x + width))
            twice = nodes + nodes
            for t, item in enumerate(row):
                top[x] = item
                above = last[item]
                up[x] = above
                down[above] = x
                last[item] = x
                length[item] += 1
                option_of[x] = k
                others[x] = twice[t + 1 : t + width]
                others_rev[x] = twice[t + width - 1 : t : -1]
                x += 1
        for item in range(n):
            bottom = last[item]
            down[bottom] = item
            up[item] = bottom
        size = [*length, 4 * INACTIVE]
        for item in range(n_primary, n):
            size[item] += 2 * INACTIVE
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
        self.color = color
        self.others = others
        self.others_rev = others_rev
        self.option_of = option_of


def check_links(
    links: Links,
    up: Sequence[int],
    down: Sequence[int],
    size: Sequence[int],
) -> None:
    """Verify every list of a (possibly mid-search) state, like Knuth's ``sanity()``.

    For every item: each node ``x`` on its list has ``up[down[x]] == x`` and
    ``down[up[x]] == x``, belongs to that item, and the list has as many
    nodes as the item's recorded size.  Raises :class:`AssertionError` with
    the item and node at fault.
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
        recorded = size[item] % INACTIVE
        if recorded != count:
            raise AssertionError(
                f"item {item}: size says {recorded} but the list has {count} nodes"
            )
