"""Chains and forcing chains: the techniques of :func:`sudoku.explain` from Sudoku Explainer's 6.5 up.

A *node* is a candidate assumed true (on) or false (off).  Implications
follow from the grid:

* on(c, v) makes every other candidate of cell c off (a *Y link*), and v
  off in every cell that sees c;
* off(c, v) makes the other candidate on when c has two (Y), and the
  other place of v on in a unit where v has two places (an *X link*).

*Static* chains read the grid as it stands; *dynamic* ones read it as the
nodes so far leave it (an off node removes its candidate, so singles
appear as the chain goes, and a node made so rests on the removals that
made it, too).  A chain from a node to its opposite proves the opposite;
a node whose assumption leads to a contradiction (a node both on and off)
is false; a node that every branch of a choice implies (each candidate of
a cell, each place of a value in a unit, a candidate on and off) holds.
A *cycle* is a chain that comes back to its start: each weak link in it
is then strong, and a candidate that sees both ends of one (the same
value on and off) goes.

The ratings are Sudoku Explainer's (SE): a base by kind, and a bonus for
the length (:func:`length_bonus` of the number of nodes the conclusion
rests on, less two; a choice's branches count each):

==============================================  ======
X-cycle, Y-cycle (static)                        6.5 +
forcing X-chain (one value, static)              6.6 +
cycle or forcing chain with X and Y links        7.0 +
Nishio (one value, dynamic, a contradiction)     7.5 +
cell and region forcing chains (static)          8.0 +
dynamic forcing chains                           8.5 +
dynamic forcing chains with the simple           9.0 +
techniques (pointing, claiming, naked and
hidden pairs, X-wing) inside
nested forcing chains: the same with the         9.5 +
forcing chains and cycles (static) inside too,
each nested chain's nodes counted once
==============================================  ======

Each finder gives its hint of least rating, then fewest nodes.

>>> length_bonus(4), length_bonus(5), length_bonus(9), length_bonus(20)
(0.0, 0.1, 0.3, 0.5)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from functools import lru_cache, partial
from itertools import compress, pairwise
from operator import itemgetter

from sudoku.techniques import (
    Board,
    Hint,
    Layout,
    hidden_sets,
    hint_of,
    locked_from_places,
    locked_groups,
    locked_sets,
    naked_sets,
)

__all__ = [
    "cell_region_forcing",
    "dynamic_forcing",
    "dynamic_forcing_plus",
    "forcing_chains",
    "length_bonus",
    "nested_forcing",
    "nishio",
]


def length_bonus(length: int) -> float:
    """SE's bonus for a chain of ``length``: 0.1 for each of 4, 6, 8, 12, 16, 24, 32... it exceeds."""
    bonus = 0
    threshold = 4
    grow = True
    while length > threshold:
        bonus += 1
        threshold = threshold * 3 // 2 if grow else threshold * 4 // 3
        grow = not grow
    return bonus / 10


# A node is (cell * N + value - 1) * 2, plus 1 when it is on.


def _node(n: int, cell: int, value: int, on: bool) -> int:
    return (cell * n + value - 1) * 2 + on


def _parts(n: int, node: int) -> tuple[int, int, bool]:
    """(cell, value, on) of a node."""
    cell, v = divmod(node >> 1, n)
    return cell, v + 1, bool(node & 1)


class _Chain:
    """What assuming one node leads to: every node implied, with what it follows from.

    ``parents[node]``: the nodes it follows from (none for the start);
    ``contradiction``: a node found both on and off, or ``None``.
    """

    __slots__ = ("contradiction", "counts", "inners", "nested", "parents")

    def __init__(self) -> None:
        self.parents: dict[int, tuple[int, ...]] = {}
        self.contradiction: int | None = None
        #: :meth:`ancestors` so far, by node (asked once the chain is drawn).
        self.counts: dict[int, int] = {}
        #: The off nodes a nested forcing chain made: its nodes in order
        #: (a cycle closes on its start) and its length (SE's complexity).
        self.nested: dict[int, tuple[tuple[int, ...], int]] = {}
        #: :meth:`inner` so far, by node.
        self.inners: dict[int, dict[tuple[int, ...], int]] = {}

    def rests_on(self, node: int) -> set[int]:
        """The nodes ``node`` rests on, itself included (its parents, theirs...)."""
        seen = {node}
        todo = [node]
        while todo:
            for parent in self.parents.get(todo.pop(), ()):
                if parent not in seen:
                    seen.add(parent)
                    todo.append(parent)
        return seen

    def ancestors(self, node: int) -> int:
        """How many nodes ``node`` rests on, itself included (SE's ancestor count)."""
        count = self.counts.get(node)
        if count is None:
            count = self.counts[node] = len(self.rests_on(node))
        return count

    def cells(self, node: int, n: int) -> set[int]:
        """The cells of the nodes ``node`` rests on."""
        return {_parts(n, x)[0] for x in self.rests_on(node)}

    def inner(self, node: int) -> dict[tuple[int, ...], int]:
        """The nested forcing chains ``node`` rests on: each one's nodes, with its length."""
        found = self.inners.get(node)
        if found is None:
            nested = self.nested
            found = self.inners[node] = (
                dict(nested[x] for x in sorted(self.rests_on(node)) if x in nested)
                if nested
                else {}
            )
        return found


def _size(ends: Iterable[tuple[_Chain, int]]) -> int:
    """SE's complexity of a hint: the nodes each branch rests on, plus each nested chain's length once."""
    size = 0
    inner: dict[tuple[int, ...], int] = {}
    for chain, end in ends:
        size += chain.ancestors(end)
        if chain.nested:
            inner.update(chain.inner(end))
    return size + sum(inner.values())


def _propagate(
    board: Board,
    start: int,
    dynamic: bool,
    y_links: bool = True,
    plus: bool = False,
    links: Sequence[tuple[int, ...]] | None = None,
    tables: _Tables | None = None,
    simple: _Simple | None = None,
    nested: _Nested | None = None,
) -> _Chain:
    """Every node that ``start`` implies, each the first way it is found, ons before offs.

    Static: from the grid as it stands.  Dynamic: each off node removes
    its candidate once its own implications are drawn, and an on node that
    a removal made rests on the removals of the cell's (or the unit's)
    other candidates too.  ``y_links=False``: one value's links only
    (Nishio).  ``plus``: when nothing more follows, the simple techniques
    on the grid as the nodes leave it.  ``links``: the grid's static links
    (:func:`_static_links` with X links, ``y_links`` and the peers unit by
    unit), made once for the many chains of a finder, as ``tables``
    (:func:`_tables`) and ``simple`` (the simple techniques' tables).
    """
    layout = board.layout
    n = layout.size
    original = board.cand
    if links is None:
        links = _static_links(board, True, y_links, by_unit=True)
    chain = _Chain()
    parents = chain.parents
    parents[start] = ()
    ons: deque[int] = deque()
    offs: deque[int] = deque()
    (ons if start & 1 else offs).append(start)
    # The clock is read once a chain: thousands of nodes at most, some
    # milliseconds on a 25x25 grid (the simple techniques of ``plus`` read
    # it themselves).
    board.clock.check()
    if not dynamic:
        # The grid as it stands: its links, each node resting on the one
        # that implies it.
        while True:
            if ons:
                node = ons.popleft()
                why = (node,)
                for off in links[node]:
                    if off in parents:
                        continue
                    parents[off] = why
                    if off | 1 in parents:
                        chain.contradiction = off | 1
                        return chain
                    offs.append(off)
            elif offs:
                node = offs.popleft()
                why = (node,)
                for on in links[node]:
                    if on in parents:
                        continue
                    parents[on] = why
                    if on & ~1 in parents:
                        chain.contradiction = on
                        return chain
                    ons.append(on)
            else:
                return chain
    work = list(original)
    units = layout.units
    _, where, start_places, _, unit_bits = _tables(board) if tables is None else tables
    # Each unit's places of each value (index unit * n + value - 1), as
    # bits of the unit's cells: a copy the removals update.
    places = list(start_places)
    # The units where the chain removed candidates, as bits; the off nodes
    # of the candidates removed, in order; what the simple techniques
    # know of the grid as the chain leaves it (made when first asked).
    dirty = 0
    removals: list[int] = []
    watch: _Watch | None = None
    while True:
        if ons:
            node = ons.popleft()
            # Its cell's other candidates (Y), then its value in the cells
            # that see it, unit by unit (each cell once): the grid's links
            # from it, less the candidates removed, whose off nodes the
            # chain holds.
            why = (node,)
            for off in links[node]:
                if off in parents:
                    continue
                parents[off] = why
                if off | 1 in parents:
                    chain.contradiction = off | 1
                    return chain
                offs.append(off)
            continue
        if offs:
            node = offs.popleft()
            cell, v = divmod(node >> 1, n)
            bit = 1 << v
            # A dynamic on node rests on the removals that made it (SE's
            # hidden parents): the cell's other candidates, or the unit's
            # other places of the value, that the chain removed before.
            # The cell's other candidate first, then the units in order.
            now = work[cell]
            if y_links and now.bit_count() == 2:
                on = (cell * n + (now & ~bit).bit_length() - 1) * 2 + 1
                if on not in parents:
                    rests = [node]
                    gone = original[cell] & ~now
                    while gone:
                        low = gone & -gone
                        gone ^= low
                        off = (cell * n + low.bit_length() - 1) * 2
                        if off in parents:
                            rests.append(off)
                    parents[on] = tuple(rests)
                    if on & ~1 in parents:
                        chain.contradiction = on
                        return chain
                    ons.append(on)
            # The candidate goes from each unit's places as its unit is
            # read (the others' places do not change).
            for u, own in where[cell]:
                at = u * n + v
                before = places[at]
                places[at] = left = before & ~own
                if left and not left & (left - 1):
                    unit = units[u]
                    on = (unit[left.bit_length() - 1] * n + v) * 2 + 1
                    if on in parents:
                        continue
                    rests = [node]
                    gone = start_places[at] & ~before
                    while gone:
                        low = gone & -gone
                        gone ^= low
                        off = (unit[low.bit_length() - 1] * n + v) * 2
                        if off in parents:
                            rests.append(off)
                    parents[on] = tuple(rests)
                    if on & ~1 in parents:
                        chain.contradiction = on
                        return chain
                    ons.append(on)
            if now & bit:
                work[cell] = now & ~bit
                dirty |= unit_bits[cell]
                removals.append(node)
            continue
        if not plus:
            return chain
        if simple is None:
            simple = _Simple(board)
        if watch is None:
            watch = _Watch()
        step = _simple_step(simple, watch, work, places, parents, dirty, removals)
        if step is None:
            if nested is None or not dirty:
                return chain
            made = _nested_step(nested, work, parents, removals)
            if not made:
                return chain
            for off, rest, inner in made:
                if off in parents:
                    continue
                parents[off] = rest
                chain.nested[off] = inner
                if off | 1 in parents:
                    chain.contradiction = off | 1
                    return chain
                offs.append(off)
            continue
        removed, rest = step
        for off in removed:
            if off in parents:
                continue
            parents[off] = rest
            if off | 1 in parents:
                chain.contradiction = off | 1
                return chain
            offs.append(off)


#: Per layout (by id, with the layout kept): each cell's peers, unit by
#: unit, each once; each cell's units with the cell's bit in each; each
#: cell's peers in order.  And the places of the last grids read
#: (:func:`_tables`).
_LAYOUTS: dict[
    int,
    tuple[
        object,
        tuple[tuple[int, ...], ...],
        tuple[tuple[tuple[int, int], ...], ...],
        tuple[tuple[int, ...], ...],
        tuple[int, ...],
    ],
] = {}
_PLACES: dict[tuple[int, ...], tuple[object, list[int]]] = {}


_Tables = tuple[
    tuple[tuple[int, ...], ...],
    tuple[tuple[tuple[int, int], ...], ...],
    list[int],
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
]


def _tables(board: Board) -> _Tables:
    """The chains' tables for the board's layout and candidates.

    Each cell's peers unit by unit, each once; each cell's units with its
    bit in each; the places of each value in each unit (index ``unit * n +
    value - 1``) as bits of the unit's cells; each cell's peers in order;
    each cell's units as bits.
    """
    layout = board.layout
    known = _LAYOUTS.get(id(layout))
    if known is None or known[0] is not layout:
        units = layout.units
        seen_by = []
        where = []
        for cell, mine in enumerate(layout.cell_units):
            seen = [c for u in mine for c in units[u] if c != cell]
            seen_by.append(tuple(dict.fromkeys(seen)))
            where.append(tuple((u, 1 << units[u].index(cell)) for u in mine))
        if len(_LAYOUTS) >= 32:
            _LAYOUTS.clear()
        ordered = tuple(tuple(sorted(p)) for p in layout.peers)
        unit_bits = tuple(sum(1 << u for u in set(us)) for us in layout.cell_units)
        known = (layout, tuple(seen_by), tuple(where), ordered, unit_bits)
        _LAYOUTS[id(layout)] = known
    _, seen_by_t, where_t, ordered_t, unit_bits_t = known
    cand = board.cand
    key = (id(layout), *cand)
    cached = _PLACES.get(key)
    if cached is not None and cached[0] is layout:
        places = cached[1]
    else:
        n = layout.size
        places = [0] * (len(layout.units) * n)
        for u, unit in enumerate(layout.units):
            for i, c in enumerate(unit):
                bits = cand[c]
                while bits:
                    low = bits & -bits
                    bits ^= low
                    places[u * n + low.bit_length() - 1] |= 1 << i
        if len(_PLACES) >= 8:
            _PLACES.clear()
        _PLACES[key] = (layout, places)
    return seen_by_t, where_t, places, ordered_t, unit_bits_t


def _gone(
    n: int,
    parents: dict[int, tuple[int, ...]],
    original: list[int],
    work: list[int],
    cells: Iterable[int],
    skip: set[tuple[int, int]],
    value: int,
) -> tuple[int, ...]:
    """The off nodes of the candidates of ``cells`` (of ``value``; 0: all) that the chain removed.

    A dynamic on node rests on them (SE's hidden parents).
    """
    out = []
    if work is original:
        return ()
    for c in cells:
        bits = original[c] & ~work[c]
        if value:
            bits &= 1 << (value - 1)
        while bits:
            low = bits & -bits
            bits ^= low
            v = low.bit_length()
            if (c, v) in skip:
                continue
            node = _node(n, c, v, False)
            if node in parents:
                out.append(node)
    return tuple(out)


_Find = tuple[list[tuple[int, int]], list[int], list[int]]

#: Per layout (by id, with the layout kept): the first hidden pair and
#: naked pair of each unit, by house (in order) and the unit's places of
#: each value; ``False`` for none (:meth:`_Simple.unit_pairs`).
_UNIT_FINDS: dict[
    int,
    tuple[object, list[dict[tuple[int, ...], tuple[_Find | bool, _Find | bool]]]],
] = {}

#: Per layout (by id, with the layout kept): :func:`_x_wing`'s tables, or
#: ``None`` for a layout without N rows and N columns.
_FISH: dict[int, tuple[object, list[_FishTables] | None]] = {}

#: Per base (columns, then rows): the base lines, the cover lines, the
#: places to read (by value, then base line) as a function of the list of
#: places, their indices, and, per cover line and base line, the position
#: in the cover line of the cell they share, as a bit.
_FishTables = tuple[
    tuple[int, ...],
    tuple[int, ...],
    Callable[[Sequence[int]], Sequence[int]],
    range,
    list[list[int]],
]


def _fish_tables(layout: Layout) -> list[_FishTables] | None:
    """:func:`_x_wing`'s tables for a layout, made once."""
    known = _FISH.get(id(layout))
    if known is not None and known[0] is layout:
        return known[1]
    n = layout.size
    rows, columns = layout.rows, layout.columns
    units = layout.units
    tables: list[_FishTables] | None = None
    if len(rows) == n and len(columns) == n and n > 1:
        tables = []
        for base, cover in ((columns, rows), (rows, columns)):
            at = [u * n + v for v in range(n) for u in base]
            shared = [
                [
                    sum(
                        1 << i
                        for i, c in enumerate(units[line])
                        if c in layout.unit_sets[other]
                    )
                    for other in base
                ]
                for line in cover
            ]
            tables.append((base, cover, itemgetter(*at), range(len(at)), shared))
    if len(_FISH) >= 32:
        _FISH.clear()
    _FISH[id(layout)] = (layout, tables)
    return tables


class _Simple:
    """What the simple techniques inside the chains of one board read again and again, made once.

    The grid's own pointing and claiming finds (their units as bits, made
    when first asked for); the units to look at for hidden and naked
    pairs, with their finds by places (kept per layout); the values
    placed too often for an X-wing; the X-wing's tables.
    """

    __slots__ = (
        "board",
        "clean_finds",
        "fish",
        "fishless",
        "houses",
        "memos",
        "no_fish",
        "pairless",
        "places",
        "slices",
        "watching",
    )

    def __init__(self, board: Board) -> None:
        self.board = board
        layout = board.layout
        n = layout.size
        self.clean_finds: list[int] | None = None
        self.houses = layout.houses
        self.slices = [slice(u * n, u * n + n) for u in layout.houses]
        known = _UNIT_FINDS.get(id(layout))
        if (
            known is None
            or known[0] is not layout
            or sum(map(len, known[1])) >= 100_000
        ):
            if len(_UNIT_FINDS) >= 8:
                _UNIT_FINDS.clear()
            known = _UNIT_FINDS[id(layout)] = (layout, [{} for _ in layout.houses])
        self.memos = known[1]
        self.fish = _fish_tables(layout)
        placed = [0] * (n + 1)
        for v in board.values:
            if 0 < v <= n:
                placed[v] += 1
        # The values (from 0) an X-wing is not looked for (SE's).
        self.no_fish = {v - 1 for v in range(1, n + 1) if placed[v] + 4 > n}
        self.places = _tables(board)[2]
        self.watching = _watch_tables(layout)
        self.pairless: bool | None = None
        self.fishless: bool | None = None

    def locked_free(self) -> bool:
        """Whether the grid has no pointing or claiming find (and the layout no variant's units)."""
        return not self.clean() and locked_groups(self.board.layout) is not None

    def pairs_free(self) -> bool:
        """Whether no unit of the grid has a hidden pair or a naked pair."""
        if self.pairless is None:
            board = self.board
            places = self.places
            self.pairless = True
            for k in range(len(self.houses)):
                if self.unit_pairs(k, tuple(places[self.slices[k]]), board.cand) != (
                    False,
                    False,
                ):
                    self.pairless = False
        return self.pairless

    def unit_pairs(
        self, k: int, key: tuple[int, ...], work: list[int]
    ) -> tuple[_Find | bool, _Find | bool]:
        """The first hidden pair and naked pair (``False``: none) of house ``k``, whose places are ``key``, on the candidates ``work``."""
        memo = self.memos[k]
        found = memo.get(key)
        if found is None:
            board = self.board
            hypothetical = Board.sharing(board.regions, board.values, work, board.clock)
            u = self.houses[k]
            found = memo[key] = (
                next(_finds(hypothetical, 1, (u,)), False),
                next(_finds(hypothetical, 2, (u,)), False),
            )
        return found

    def fish_free(self) -> bool:
        """Whether the grid has no X-wing."""
        if self.fishless is None:
            board = self.board
            self.fishless = _x_wing(self, board.cand, self.places) is None
        return self.fishless

    def clean(self) -> list[int]:
        """The units of each pointing or claiming find of the grid itself, as bits, in order."""
        if self.clean_finds is None:
            self.clean_finds = [
                sum(1 << u for u in set(us)) for _, us, _ in _finds(self.board, 0, None)
            ]
        return self.clean_finds


#: Per layout (by id, with the layout kept): :func:`_watch_tables`.
_WATCHING: dict[int, tuple[object, _WatchTables]] = {}

#: Per candidate (``cell * N + value - 1``), the pointing and claiming
#: slots that read its place in one of its units as their first unit's (by
#: :func:`~sudoku.techniques.locked_groups`' group and index, as ``group *
#: slots + index``), and the number of slots a group may have; per unit, its place among the houses;
#: per cell, its base line in each of the X-wing's two bases.
_WatchTables = tuple[list[tuple[int, ...]], int, dict[int, int], list[list[int]] | None]


def _watch_tables(layout: Layout) -> _WatchTables:
    """The tables of :class:`_Watch` for a layout, made once."""
    known = _WATCHING.get(id(layout))
    if known is not None and known[0] is layout:
        return known[1]
    n = layout.size
    groups = locked_groups(layout) or []
    width = n * len(layout.units)
    slots: dict[int, list[int]] = {}
    for g, (_, _, where, _) in enumerate(groups):
        for k, (v, a) in enumerate(where):
            slots.setdefault(a * n + v, []).append(g * width + k)
    houses = {u: k for k, u in enumerate(layout.houses)}
    lines = None
    fish = _fish_tables(layout)
    if fish is not None:
        lines = []
        for base, *_ in fish:
            line = [0] * (n * n)
            for j, u in enumerate(base):
                for c in layout.units[u]:
                    line[c] = j
            lines.append(line)
    by_removal = [
        tuple(key for u in layout.cell_units[c] for key in slots.get(u * n + v, ()))
        for c in range(n * n)
        for v in range(n)
    ]
    tables = (by_removal, width, houses, lines)
    if len(_WATCHING) >= 32:
        _WATCHING.clear()
    _WATCHING[id(layout)] = (layout, tables)
    return tables


class _Watch:
    """What the simple techniques know of one dynamic chain's grid, brought up to date as it removes candidates.

    On a grid without a pointing or claiming find, a hidden or naked pair
    or an X-wing, a find on the chain's grid reads a place the chain
    changed (the other places of a find only narrow, which makes none):
    each technique keeps the finds that may be, looked for where the
    removals since it last looked changed places, and checks them when
    asked.  Per technique: those finds, and how many removals it has
    looked at.
    """

    __slots__ = ("fish", "fish_seen", "locked", "locked_seen", "pairs", "pairs_seen")

    def __init__(self) -> None:
        #: Pointing and claiming slots (``group * slots + index``).
        self.locked: set[int] = set()
        self.locked_seen = 0
        #: Hidden pairs, then naked pairs: each unit's first, by house.
        self.pairs: tuple[dict[int, _Find], dict[int, _Find]] = ({}, {})
        self.pairs_seen = 0
        #: X-wings: (base, second line, first line, value from 0).
        self.fish: set[tuple[int, int, int, int]] = set()
        self.fish_seen = 0


def _watched_locked(
    simple: _Simple,
    watch: _Watch,
    work: list[int],
    places: list[int],
    removed: list[int],
) -> _Find | None:
    """The first pointing or claiming find (SE's order) on a chain's grid, by :class:`_Watch`."""
    layout = simple.board.layout
    n = layout.size
    slots, width, _, _ = simple.watching
    maybe = watch.locked
    for node in removed[watch.locked_seen :]:
        maybe.update(slots[node >> 1])
    watch.locked_seen = len(removed)
    if not maybe:
        return None
    groups = locked_groups(layout)
    assert groups is not None
    for key in sorted(maybe):
        g, k = divmod(key, width)
        _, finds, where, _ = groups[g]
        v, a = where[k]
        find = finds[k].get(places[a * n + v])
        if find is None or not places[find[0] * n + v] & find[1]:
            maybe.discard(key)  # not until the first unit's places change
            continue
        b = find[0]
        bit = 1 << v
        units = layout.units
        inside = layout.crossing[a, b]
        cells = sorted(c for c in units[a] if c in inside and work[c] & bit)
        gone = [(c, v + 1) for c in units[b] if c not in inside and work[c] & bit]
        return gone, [a, b], cells
    return None


def _watched_pairs(
    simple: _Simple,
    watch: _Watch,
    work: list[int],
    places: list[int],
    removed: list[int],
) -> tuple[dict[int, _Find], dict[int, _Find]]:
    """The first hidden pair and naked pair of each unit of a chain's grid with one, by house, by :class:`_Watch`."""
    board = simple.board
    layout = board.layout
    n = layout.size
    _, _, houses, _ = simple.watching
    cell_units = layout.cell_units
    touched: set[int] = set()
    for node in removed[watch.pairs_seen :]:
        touched.update(cell_units[(node >> 1) // n])
    watch.pairs_seen = len(removed)
    slices = simple.slices
    memos = simple.memos
    hidden, naked = watch.pairs
    for u in touched:
        k = houses.get(u)
        if k is None:
            continue
        key = tuple(places[slices[k]])
        found = memos[k].get(key)
        if found is None:
            found = simple.unit_pairs(k, key, work)
        one, other = found
        if one is False:
            hidden.pop(k, None)
        else:
            hidden[k] = one  # type: ignore[assignment]
        if other is False:
            naked.pop(k, None)
        else:
            naked[k] = other  # type: ignore[assignment]
    return watch.pairs


def _watched_fish(
    simple: _Simple,
    watch: _Watch,
    work: list[int],
    places: list[int],
    removed: list[int],
) -> _Find | None:
    """The first X-wing (SE's order) on a chain's grid, by :class:`_Watch`."""
    tables = simple.fish
    lines = simple.watching[3]
    if tables is None or lines is None:
        return None
    layout = simple.board.layout
    n = layout.size
    no_fish = simple.no_fish
    maybe = watch.fish
    for node in removed[watch.fish_seen :]:
        cell, v = divmod(node >> 1, n)
        if v in no_fish:
            continue
        for o, (base, *_) in enumerate(tables):
            j = lines[o][cell]
            mask = places[base[j] * n + v]
            if mask.bit_count() != 2:
                continue
            for i, u in enumerate(base):
                if i != j and places[u * n + v] == mask:
                    maybe.add((o, j, i, v) if i < j else (o, i, j, v))
    watch.fish_seen = len(removed)
    if not maybe:
        return None
    units = layout.units
    for key in sorted(maybe):
        o, j, i, v = key
        base, cover, _, _, shared = tables[o]
        mask = places[base[j] * n + v]
        low = (mask & -mask).bit_length() - 1
        high = mask.bit_length() - 1
        if (
            mask != places[base[i] * n + v]
            or mask.bit_count() != 2
            or not (
                places[cover[low] * n + v] & ~(shared[low][i] | shared[low][j])
                or places[cover[high] * n + v] & ~(shared[high][i] | shared[high][j])
            )
        ):
            maybe.discard(key)  # not until one of the lines' places change
            continue
        value = v + 1
        pair = [base[i], base[j]]
        covers = [cover[low], cover[high]]
        inside = {*units[pair[0]], *units[pair[1]]}
        bit = 1 << v
        gone = [
            (c, value)
            for u in covers
            for c in units[u]
            if work[c] & bit and c not in inside
        ]
        cells = [c for u in pair for c in units[u] if work[c] & bit]
        return gone, [*pair, *covers], cells
    return None


def _finds(
    board: Board, kind: int, units: Container[int] | None
) -> Iterator[tuple[list[tuple[int, int]], list[int], list[int]]]:
    """The finds of one simple technique in SE's order: (eliminations, units, cells).

    ``kind``: pointing and claiming (0), hidden pairs (1), naked pairs (2).
    ``units``: only the finds that read one of these units.
    """
    if kind == 0:
        for a, b, _, where, gone in locked_sets(board, units=units):
            yield gone, [a, b], where
    elif kind == 1:
        for u, cells, _, gone, _ in hidden_sets(board, 2, units=units):
            yield gone, [u], cells
    else:
        for u, cells, _, gone in naked_sets(board, 2, units=units):
            yield gone, [u], cells


def _x_wing(
    simple: _Simple, work: list[int], places: list[int]
) -> tuple[list[tuple[int, int]], list[int], list[int]] | None:
    """The first X-wing on the candidates ``work``: (eliminations, units, cells).

    The one :func:`sudoku.techniques.x_wing` finds, read from ``places``:
    each unit's places of each value in ``work`` (as :func:`_tables` gives
    them).
    """
    tables = simple.fish
    if tables is None:
        return None
    layout = simple.board.layout
    n = layout.size
    no_fish = simple.no_fish
    units = layout.units
    for base, cover, gather, indices, shared in tables:
        # Two base lines whose two places of a value are the same: by the
        # second line, the first, then the value (SE's order).  The lines
        # with two places of a value are picked out of them all at once.
        masks = gather(places)
        found = []
        earlier: dict[int, list[int]] = {}
        last = -1
        for k in compress(indices, map((2).__eq__, map(int.bit_count, masks))):
            v, j = divmod(k, n)
            if v in no_fish:
                continue
            if v != last:
                earlier = {}
                last = v
            mask = masks[k]
            for i in earlier.get(mask, ()):
                found.append((j, i, v, mask))
            earlier.setdefault(mask, []).append(j)
        found.sort()
        for j, i, v, mask in found:
            low = (mask & -mask).bit_length() - 1
            high = mask.bit_length() - 1
            # The value elsewhere in a cover line (than where it meets the
            # two base lines): some goes.
            if not (
                places[cover[low] * n + v] & ~(shared[low][i] | shared[low][j])
                or places[cover[high] * n + v] & ~(shared[high][i] | shared[high][j])
            ):
                continue
            value = v + 1
            lines = [base[i], base[j]]
            covers = [cover[low], cover[high]]
            inside = {*units[lines[0]], *units[lines[1]]}
            bit = 1 << v
            gone = [
                (c, value)
                for u in covers
                for c in units[u]
                if work[c] & bit and c not in inside
            ]
            if gone:
                cells = [c for u in lines for c in units[u] if work[c] & bit]
                return gone, [*lines, *covers], cells
    return None


def _simple_step(
    simple: _Simple,
    watch: _Watch,
    work: list[int],
    places: list[int],
    parents: dict[int, tuple[int, ...]],
    dirty: int,
    removed: list[int],
) -> tuple[list[int], tuple[int, ...]] | None:
    """A simple technique on the grid as the chain leaves it: (off nodes, what they rest on).

    Pointing and claiming, naked and hidden pairs, the X-wing, in that
    order; a deduction rests on the candidates the chain removed from the
    units and cells it reads (SE's rule parents), and counts only when it
    rests on some: a technique whose first find rests on none gives
    nothing.  ``dirty``: the units where the chain removed candidates, as
    bits; ``removed``: their off nodes, in order.  Where the grid itself
    has no find of a technique, ``watch`` finds its first on the chain's
    grid from the removals (a find there reads a unit the chain changed).
    """
    if not dirty:
        return None  # every find rests on nothing
    board = simple.board
    layout = board.layout
    n = layout.size
    original = board.cand
    hypothetical: Board | None = None
    units = layout.units
    first: _Find | None
    if simple.locked_free():
        first = _watched_locked(simple, watch, work, places, removed)
    else:
        # Pointing and claiming: a find on units the chain left alone is a
        # find of the grid as it was; the first such (if any) is the first
        # find to look for after the finds that read a unit the chain
        # changed.
        clean = 0
        for mask in simple.clean():
            if not mask & dirty:
                clean = mask
                break
        look = dirty | clean
        locked = locked_from_places(layout, work, places, look)
        if locked is False:  # a variant's units: by cell
            wanted = {u for u in range(len(units)) if look >> u & 1}
            hypothetical = Board.sharing(board.regions, board.values, work, board.clock)
            first = next(_finds(hypothetical, 0, wanted), None)
        elif locked is None:
            first = None
        else:
            a, b, _, where, gone = locked
            first = gone, [a, b], where
    if first is not None:
        found = _resting(n, units, parents, original, work, first)
        if found is not None:
            return found
    if simple.pairs_free():
        # Each unit's first, the first unit's only (as below).
        for finds in _watched_pairs(simple, watch, work, places, removed):
            if finds:
                found = _resting(n, units, parents, original, work, finds[min(finds)])
                if found is not None:
                    return found
        fish = (
            _watched_fish(simple, watch, work, places, removed)
            if simple.fish_free()
            else _x_wing(simple, work, places)
        )
        if fish is not None:
            return _resting(n, units, parents, original, work, fish)
        return None
    # Hidden and naked pairs: a unit's first, read from a unit's places.
    houses = simple.houses
    keys = list(map(tuple, map(places.__getitem__, simple.slices)))
    for kind in (0, 1):
        for k, u in enumerate(houses):
            find = simple.unit_pairs(k, keys[k], work)[kind]
            if find is False:
                continue
            if dirty >> u & 1:
                found = _resting(n, units, parents, original, work, find)  # type: ignore[arg-type]
                if found is not None:
                    return found
            break
    fish = _x_wing(simple, work, places)
    if fish is not None:
        return _resting(n, units, parents, original, work, fish)
    return None


def _resting(
    n: int,
    units: Sequence[Sequence[int]],
    parents: dict[int, tuple[int, ...]],
    original: list[int],
    work: list[int],
    find: tuple[list[tuple[int, int]], Sequence[int], Sequence[int]],
) -> tuple[list[int], tuple[int, ...]] | None:
    """A simple technique's find as off nodes, with the removals it rests on (``None`` if none)."""
    gone, us, cells = find
    region = {c for u in us for c in units[u]} | set(cells)
    why = _gone(n, parents, original, work, sorted(region), skip=set(), value=0)
    if why:
        return [_node(n, c, v, False) for c, v in sorted(set(gone))], why
    return None


def _branch(chain: _Chain, end: int) -> list[list[int]]:
    """The chains of nodes that ``end`` rests on, each in order.

    The first goes from the start to ``end`` by each node's first parent;
    then, for a node that rests on more than one (a dynamic chain's single,
    a simple technique inside), a chain from each other parent back to a
    node already drawn, ending at the node it leads to.
    """
    parents = chain.parents
    drawn: set[int] = set()
    paths: list[list[int]] = []
    todo: deque[tuple[int, int]] = deque([(end, -1)])
    while todo:
        node, leads_to = todo.popleft()
        path = [] if leads_to < 0 else [leads_to]
        while True:
            path.append(node)
            if node in drawn:
                break
            drawn.add(node)
            before = parents.get(node, ())
            if not before:
                break
            todo.extend((other, node) for other in before[1:])
            node = before[0]
        paths.append(path[::-1])
    return paths


def _links(
    n: int,
    paths: Iterable[Sequence[int]] = (),
    branches: Iterable[tuple[_Chain, int]] = (),
) -> tuple[list[tuple[tuple[int, int, bool], ...]], int]:
    """:attr:`Hint.chains` and :attr:`Hint.branches`: the ``paths`` and each branch's main chain, then the chains they rest on besides."""
    main = [list(path) for path in paths]
    besides: list[list[int]] = []
    inner: dict[tuple[int, ...], int] = {}
    for chain, end in branches:
        first, *rest = _branch(chain, end)
        main.append(first)
        besides += rest
        if chain.nested:
            inner.update(chain.inner(end))
    besides += map(list, inner)
    chains = [tuple(_parts(n, node) for node in path) for path in main + besides]
    return chains, len(main)


def _target_hint(
    board: Board,
    technique: str,
    rating: float,
    target: int,
    cells: Iterable[int],
    paths: Iterable[Sequence[int]] = (),
    branches: Iterable[tuple[_Chain, int]] = (),
) -> Hint:
    """The hint that sets ``target``: placed when on, removed when off.

    Its chains are the ``paths`` (nodes in order) and the chains of the
    ``branches`` (a dynamic chain and the node it ends at).
    """
    n = board.layout.size
    cell, value, on = _parts(n, target)
    chains, count = _links(n, paths, branches)
    if on:
        gone = [
            (cell, v)
            for v in range(1, n + 1)
            if board.cand[cell] >> (v - 1) & 1 and v != value
        ]
        return hint_of(
            technique,
            rating,
            [(cell, value)],
            gone,
            sorted(set(cells)),
            (),
            [value],
            chains,
            count,
        )
    return hint_of(
        technique,
        rating,
        (),
        [(cell, value)],
        sorted(set(cells)),
        (),
        [value],
        chains,
        count,
    )


class _Best:
    """The least hint offered: by rating, then nodes, then kind (SE's order)."""

    __slots__ = ("hint", "key")

    def __init__(self) -> None:
        self.key: tuple[float, int, int] | None = None
        self.hint: Hint | None = None

    def offer(
        self, rating: float, size: int, kind: int, make: Callable[[], Hint]
    ) -> None:
        """Keep the hint ``make`` makes when its key is the least so far (made only then)."""
        key = (rating, size, kind)
        if self.key is None or key < self.key:
            self.key = key
            self.hint = make()

    def below(self, rating: float) -> bool:
        """Whether a hint rated ``rating`` could still be better than the best so far."""
        return self.key is None or rating <= self.key[0]

    def result(self) -> list[Hint]:
        return [] if self.hint is None else [self.hint]


# ---------------------------------------------------------------- static


#: The last grids' static links (:func:`_static_links`), by the layout's id,
#: the kinds of links and the candidates, with the layout kept: the three
#: finders of :func:`_forcing` read the same ones at a step.
_LINKS: dict[tuple[int, ...], tuple[object, list[tuple[int, ...]]]] = {}


def _static_links(
    board: Board, x_links: bool, y_links: bool, by_unit: bool = False
) -> list[tuple[int, ...]]:
    """Each node's static implications, in the order :func:`_search` follows them (index: the node).

    On: the cell's other candidates off (with ``y_links``), then the
    value off in the cell's peers in order.  Off: the cell's other
    candidate on when it has two (with ``y_links``), then, with
    ``x_links``, the value's other place on in each unit where it has
    two.  Read once per pass of :func:`forcing_chains`: every search of
    the pass follows the same links.  ``by_unit``: the peers unit by unit,
    each once (as :func:`_propagate` reads them), not in order.
    """
    layout = board.layout
    key = (id(layout), x_links, y_links, by_unit, *board.cand)
    known = _LINKS.get(key)
    if known is not None and known[0] is layout:
        return known[1]
    n = layout.size
    cand = board.cand
    units = layout.units
    seen_by, where, places, ordered, _ = _tables(board)
    if by_unit:
        ordered = seen_by
    links: list[tuple[int, ...]] = [()] * (len(cand) * n * 2)
    for cell, bits in enumerate(cand):
        rest = bits
        while rest:
            low = rest & -rest
            rest ^= low
            v = low.bit_length() - 1
            on: list[int] = []
            if y_links:
                others = bits & ~low
                while others:
                    other = others & -others
                    others ^= other
                    on.append((cell * n + other.bit_length() - 1) * 2)
            on.extend((c * n + v) * 2 for c in ordered[cell] if cand[c] & low)
            off: list[int] = []
            if y_links and bits.bit_count() == 2:
                off.append(_node(n, cell, (bits & ~low).bit_length(), True))
            if x_links:
                for u, own in where[cell]:
                    left = places[u * n + v] & ~own
                    if left and not left & (left - 1):
                        c = units[u][left.bit_length() - 1]
                        off.append((c * n + v) * 2 + 1)
            node = (cell * n + v) * 2
            links[node] = tuple(off)
            links[node + 1] = tuple(on)
    if len(_LINKS) >= 8:
        _LINKS.clear()
    _LINKS[key] = (layout, links)
    return links


def _search(
    board: Board,
    links: Sequence[tuple[int, ...]],
    start: int,
    cycles: bool,
    deepest: int,
) -> tuple[list[tuple[int, int, int]], list[int], int | None]:
    """A breadth-first search of static implications from ``start``, as SE's chains search.

    ``links``: each node's implications (:func:`_static_links`).  Returns
    the search tree, entries ``(node, parent entry, depth)`` in the order
    found (the start first, its own parent), the entries of the off nodes
    that imply ``start`` again, four nodes or more from it (the cycles),
    and the first entry of ``start``'s opposite (``None`` if none).  An on
    node is entered once; an off node once per chain that does not
    already pass through it, so that a cycle can come back through a node
    a shorter chain reached first.

    Without ``cycles`` the search stops at the opposite.  The tree is
    breadth first, so depths only grow along it: the search stops before
    an entry deeper than ``deepest`` (its chains and cycles would be
    longer than a hint already found), the entries before unchanged.
    """
    target = start ^ 1
    tree = [(start, 0, 1)]
    # The off nodes on each entry's chain, as bits (an off node is not
    # entered again on a chain that passes through it): bit i for the i-th
    # off node the search met (few; a node's own bit would make ints of
    # thousands of bits).
    ids = {} if start & 1 else {start: 0}
    paths = [0 if start & 1 else 1]
    seen_on = {start} if start & 1 else set()
    closed: list[int] = []
    first: int | None = None
    board.clock.check()  # once a search: some milliseconds on a 25x25 grid
    k = 0
    while k < len(tree):
        node, _, depth = tree[k]
        if depth > deepest:
            break
        path = paths[k]
        for nxt in links[node]:
            if nxt & 1:
                if nxt == start and depth >= 4:
                    closed.append(k)
                if nxt in seen_on:
                    continue
                seen_on.add(nxt)
                paths.append(path)
            else:
                bit = ids.get(nxt)
                if bit is None:
                    bit = ids[nxt] = len(ids)
                elif path >> bit & 1:
                    continue
                paths.append(path | 1 << bit)
            tree.append((nxt, k, depth + 1))
            if nxt == target and first is None:
                first = len(tree) - 1
                if not cycles:
                    return tree, closed, first
        k += 1
    return tree, closed, first


def _path(tree: list[tuple[int, int, int]], k: int) -> list[int]:
    """The nodes from the start to entry ``k`` of a search tree."""
    path = [tree[k][0]]
    while k:
        k = tree[k][1]
        path.append(tree[k][0])
    return path[::-1]


@lru_cache(maxsize=4096)
def _deepest(
    key: tuple[float, int, int] | None, kind: int, cycle_base: float, chain_base: float
) -> int:
    """The deepest entry of a :func:`_search` worth following, given the key of the best hint so far.

    An entry at depth d closes cycles of d nodes and leads to chains of
    d + 1: past the depth where both would rate worse than the best (by
    its key: rating, nodes, kind), no hint of the search can be offered.
    A base of 0: no such hints from the search.
    """
    if key is None:
        return 1 << 30
    deepest = 0
    depth = 1
    while True:
        cycle = (
            cycle_base > 0
            and (round(cycle_base + length_bonus(depth - 2), 1), depth, kind) < key
        )
        chain = (
            chain_base > 0
            and (round(chain_base + length_bonus(depth - 1), 1), depth + 1, kind) < key
        )
        if cycle or chain or depth < 4:
            if cycle or chain:
                deepest = depth
            depth += 1
            continue
        return deepest


#: The passes of the static forcing chains and cycles, in SE's order: X
#: links, Y links, the cycles' base rating, the chains' (0: none), the kind.
_PASSES = (
    (True, False, 6.5, 6.6, 2),
    (False, True, 6.5, 0.0, 3),
    (True, True, 7.0, 7.0, 4),
)


def forcing_chains(board: Board) -> list[Hint]:
    """Cycles and forcing chains read from the grid as it stands (SE's forcing chains and cycles).

    A chain from on(p) to off(p) removes p; from off(p) to on(p) places it:
    one value only (a forcing X-chain) SE 6.6, with both links 7.0, and
    the length bonus.  A cycle through on(p): every candidate that sees
    both ends of one of its links between cells goes: one value only (an
    X-cycle) or cells of two candidates only (a Y-cycle) SE 6.5, both
    links 7.0, and the bonus.
    """
    layout = board.layout
    n = layout.size
    cand = board.cand
    best = _Best()
    for x_links, y_links, cycle_base, chain_base, kind in _PASSES:
        if not best.below(min(cycle_base, chain_base or cycle_base)):
            continue
        graph = _static_links(board, x_links, y_links)
        for cell, bits in enumerate(cand):
            if bits.bit_count() < 2 or (not x_links and bits.bit_count() != 2):
                continue
            for value in range(1, n + 1):
                if not bits >> (value - 1) & 1:
                    continue
                on = _node(n, cell, value, True)
                deepest = _deepest(best.key, kind, cycle_base, chain_base)
                tree, closed, first = _search(board, graph, on, True, deepest)
                for last in closed:
                    board.clock.tick()
                    loop = _path(tree, last)
                    size = len(loop)
                    rating = round(cycle_base + length_bonus(size - 2), 1)
                    if not best.below(rating):
                        continue
                    gone = _cycle_eliminations(board, loop)
                    if gone:
                        name = (
                            "X-cycle"
                            if not y_links
                            else "Y-cycle"
                            if not x_links
                            else "forcing chain cycle"
                        )
                        cells = sorted({_parts(n, x)[0] for x in loop})
                        # The cycle closes on its start.
                        links, _ = _links(n, [[*loop, loop[0]]])
                        best.offer(
                            rating,
                            size,
                            kind,
                            partial(
                                hint_of,
                                name,
                                rating,
                                (),
                                gone,
                                cells,
                                (),
                                [value],
                                links,
                            ),
                        )
                if not chain_base:
                    continue
                for start in (on, on ^ 1):
                    if start != on:
                        deepest = _deepest(best.key, kind, 0.0, chain_base)
                        tree, _, first = _search(board, graph, start, False, deepest)
                    target = start ^ 1
                    if first is None:
                        continue
                    path = _path(tree, first)
                    rating = round(chain_base + length_bonus(len(path) - 2), 1)
                    name = "forcing X-chain" if not y_links else "forcing chain"
                    cells = [_parts(n, x)[0] for x in path]
                    best.offer(
                        rating,
                        len(path),
                        kind,
                        partial(
                            _target_hint, board, name, rating, target, cells, [path]
                        ),
                    )
    return best.result()


def _cycle_eliminations(board: Board, loop: Sequence[int]) -> list[tuple[int, int]]:
    """The candidates outside a cycle that see an on node and an off node of their value in it."""
    layout = board.layout
    n = layout.size
    cand = board.cand
    on_cells: dict[int, set[int]] = {}
    off_cells: dict[int, set[int]] = {}
    inside = set()
    for node in loop:
        cell, value, on = _parts(n, node)
        inside.add(cell)
        (on_cells if on else off_cells).setdefault(value, set()).add(cell)
    gone = []
    for value, ons in on_cells.items():
        bit = 1 << (value - 1)
        for c, bits in enumerate(cand):
            if c in inside or not bits & bit:
                continue
            peers = layout.peers[c]
            if peers & ons and peers & off_cells.get(value, set()):
                gone.append((c, value))
    return gone


# ---------------------------------------------------------------- nested


class _Nested:
    """What the forcing chains nested in one finder's dynamic chains read again and again, made once.

    Per pass of :data:`_PASSES`: the grid's static links, and the same
    reversed (the links of a chain's grid are among them, but for the
    strong links its removals make); each unit's rank in SE's order of
    the region a strong link is read in (boxes, rows, columns, the rest);
    the grid's places of each value in each unit (:func:`_tables`); and
    what :func:`_nested_step` made on each chain's grid met so far (it
    reads nothing else of the chain: every candidate the chain removed
    has its off node in the chain).
    """

    __slots__ = ("board", "forward", "made", "places", "rank", "reverse", "where")

    def __init__(self, board: Board) -> None:
        self.board = board
        layout = board.layout
        rows, columns = set(layout.rows), set(layout.columns)
        self.rank = [
            0 if layout.is_box[u] else 1 if u in rows else 2 if u in columns else 3
            for u in range(len(layout.units))
        ]
        self.forward: list[list[tuple[int, ...]]] = []
        self.reverse: list[list[list[int]]] = []
        for x_links, y_links, *_ in _PASSES:
            links = _static_links(board, x_links, y_links)
            back: list[list[int]] = [[] for _ in links]
            for a, outs in enumerate(links):
                for b in outs:
                    back[b].append(a)
            self.forward.append(links)
            self.reverse.append(back)
        tables = _tables(board)
        self.where = tables[1]
        self.places = tuple(tables[2])
        self.made: dict[
            tuple[int, ...],
            list[tuple[int, tuple[int, ...], tuple[tuple[int, ...], int]]],
        ] = {}


def _link_parents(
    nested: _Nested, work: list[int], a: int, b: int, parents: Container[int]
) -> list[int]:
    """The removals a strong link from ``a`` (off) to ``b`` (on) on a chain's grid rests on (SE's rule parents).

    A cell's other candidate (Y): the cell's candidates the chain removed.
    A value's other place (X): its places the chain removed from the
    first region (boxes, rows, columns) where it has these two places.
    """
    board = nested.board
    layout = board.layout
    n = layout.size
    original = board.cand
    ca, va = divmod(a >> 1, n)
    cb = (b >> 1) // n
    out = []
    if ca == cb:
        gone = original[ca] & ~work[ca]
        while gone:
            low = gone & -gone
            gone ^= low
            node = (ca * n + low.bit_length() - 1) * 2
            if node in parents:
                out.append(node)
        return out
    bit = 1 << va
    rank = nested.rank
    shared = sorted(
        (u for u in layout.cell_units[ca] if cb in layout.unit_sets[u]),
        key=rank.__getitem__,
    )
    units = layout.units
    for u in shared:
        if sum(1 for c in units[u] if work[c] & bit) != 2:
            continue
        for c in units[u]:
            if original[c] & bit and not work[c] & bit:
                node = (c * n + va) * 2
                if node in parents:
                    out.append(node)
        return out
    return out


def _reach(links: Sequence[Sequence[int]], starts: Iterable[int]) -> set[int]:
    """The nodes reached from ``starts`` by ``links``, ``starts`` included."""
    seen = set(starts)
    todo = list(seen)
    while todo:
        for nxt in links[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _chain_links(
    nested: _Nested,
    k: int,
    work: list[int],
    places: list[int],
    removals: list[int],
    gone_cells: Iterable[int],
    gone_places: Iterable[int],
) -> list[tuple[int, ...]]:
    """The static links of pass ``k`` on a chain's grid (``work``, whose places are ``places``), as :func:`_static_links` makes them.

    ``gone_cells``: the cells that lost candidates; ``gone_places``: the
    units' values (``unit * n + value - 1``) that lost places.

    The grid's own, but for the nodes a removal changes: an on node's
    links lose the removed candidates; an off node's strong links are read
    again in the cells that lost candidates (Y) and, for the value
    removed, the units that lost places (X).  The nodes of removed
    candidates keep the grid's links (no search reaches them).
    """
    x_links, y_links, *_ = _PASSES[k]
    board = nested.board
    layout = board.layout
    n = layout.size
    units = layout.units
    where = nested.where
    base = nested.forward[k]
    reverse = nested.reverse[k]
    links = list(base)
    dead = set(removals)
    touched: set[int] = set()
    for node in removals:
        touched.update(reverse[node])
    for node in touched:
        cell, v = divmod(node >> 1, n)
        if work[cell] >> v & 1:
            links[node] = tuple([x for x in base[node] if x not in dead])
    offs: set[int] = set()
    if y_links:
        for cell in gone_cells:
            bits = work[cell]
            while bits:
                low = bits & -bits
                bits ^= low
                offs.add((cell * n + low.bit_length() - 1) * 2)
    if x_links:
        for at in gone_places:
            u, v = divmod(at, n)
            unit = units[u]
            bits = places[at]
            while bits:
                low = bits & -bits
                bits ^= low
                offs.add((unit[low.bit_length() - 1] * n + v) * 2)
    for node in offs:
        cell, v = divmod(node >> 1, n)
        bits = work[cell]
        off: list[int] = []
        if y_links and bits.bit_count() == 2:
            off.append((cell * n + (bits & ~(1 << v)).bit_length() - 1) * 2 + 1)
        if x_links:
            for u, own in where[cell]:
                left = places[u * n + v] & ~own
                if left and not left & (left - 1):
                    off.append((units[u][left.bit_length() - 1] * n + v) * 2 + 1)
        links[node] = tuple(off)
    return links


def _condense(
    links: Sequence[Sequence[int]], roots: Iterable[int]
) -> tuple[list[int], list[int]]:
    """The strongly connected components of ``links`` that ``roots`` reach, and what each reaches.

    Returns ``(comp, reach)``: ``comp[node]`` the number of the node's
    component (-1 for the nodes no root reaches), ``reach[number]`` the
    bits of the components it reaches, its own included (Tarjan's order:
    a component is numbered after every component it reaches).  A node
    reaches another (not itself) when the bit of the other's component is
    in its component's ``reach``: what :func:`_search` can find a chain to.
    """
    size = len(links)
    comp = [-1] * size
    index = [-1] * size
    low = [0] * size
    reach: list[int] = []
    count = 0
    stack: list[int] = []
    for root in roots:
        if index[root] >= 0:
            continue
        index[root] = low[root] = count
        count += 1
        stack.append(root)
        calls = [(root, iter(links[root]))]
        while calls:
            node, rest = calls[-1]
            for nxt in rest:
                at = index[nxt]
                if at < 0:
                    if not links[nxt]:
                        # A node without links is a component of its own.
                        index[nxt] = count
                        count += 1
                        comp[nxt] = len(reach)
                        reach.append(1 << len(reach))
                        continue
                    index[nxt] = low[nxt] = count
                    count += 1
                    stack.append(nxt)
                    calls.append((nxt, iter(links[nxt])))
                    break
                if comp[nxt] < 0 and at < low[node]:
                    low[node] = at
            else:
                calls.pop()
                mine = low[node]
                if mine == index[node]:
                    c = len(reach)
                    bits = 1 << c
                    at = stack.index(node)
                    members = stack[at:]
                    del stack[at:]
                    for x in members:
                        comp[x] = c
                    for x in members:
                        for y in links[x]:
                            d = comp[y]
                            if d != c:
                                bits |= reach[d]
                    reach.append(bits)
                if calls:
                    parent = calls[-1][0]
                    if mine < low[parent]:
                        low[parent] = mine
    return comp, reach


def _loops(links: Sequence[Sequence[int]], start: int) -> bool:
    """Whether ``links`` close a loop of four nodes or more on ``start``: whether :func:`_search` can close one.

    Such a loop leaves ``start`` by one of its links and comes back from
    another node: a node that links back to ``start``, reached from a
    link of ``start`` other than itself.  Each node carries the links of
    ``start`` it is reached from, two at most (a node reached from two
    has one other than itself).  Nodes without links of their own lead
    nowhere and are left out.
    """
    first: dict[int, int] = {}
    both: set[int] = set()
    todo: list[tuple[int, int]] = []
    for x in links[start]:
        first[x] = x
        todo.append((x, x))
    while todo:
        node, label = todo.pop()
        for nxt in links[node]:
            if nxt == start:
                if label != node:
                    return True
                continue
            if not links[nxt]:
                continue
            seen = first.get(nxt)
            if seen is None:
                first[nxt] = label
            elif seen == label or nxt in both:
                continue
            else:
                both.add(nxt)
            todo.append((nxt, label))
    return False


def _nested_step(
    nested: _Nested,
    work: list[int],
    parents: dict[int, tuple[int, ...]],
    removals: list[int],
) -> list[tuple[int, tuple[int, ...], tuple[tuple[int, ...], int]]]:
    """The static forcing chains and cycles on a dynamic chain's grid that rest on its removals (SE's level 2).

    SE's rule: every hint of its forcing chains and cycles on the grid as
    the chain leaves it, the least (rating, length, kind) of those with
    the same eliminations, counts when a strong link in it rests on the
    chain's removals (:func:`_link_parents`); each elimination becomes an
    off node resting on those removals, the first hint that makes it
    kept.  Returns (off node, what it rests on, (the nested chain's nodes,
    its length)) in that order.

    The grid itself has none of these chains (the technique that finds
    them comes first), so each rests on a strong link the removals made:
    only the starts that reach one (through the grid's links and the new
    ones), and whose opposite (or, for a cycle, themselves) one leads to,
    are searched, and only where the search can find a chain or close a
    cycle (:func:`_condense`, :func:`_loops`).  The chain's grid's links are
    the grid's, changed where the removals change them
    (:func:`_chain_links`).

    What it makes depends on the chain's grid alone (the chain's removals
    are the candidates ``work`` lacks, each with its off node in
    ``parents``): made once per grid (:attr:`_Nested.made`).
    """
    key = tuple(work)
    known = nested.made.get(key)
    if known is not None:
        return known
    made = _nested_made(nested, work, parents, removals)
    if len(nested.made) >= 1024:
        nested.made.clear()
    nested.made[key] = made
    return made


def _nested_made(
    nested: _Nested,
    work: list[int],
    parents: dict[int, tuple[int, ...]],
    removals: list[int],
) -> list[tuple[int, tuple[int, ...], tuple[tuple[int, ...], int]]]:
    """:func:`_nested_step` on a grid not met before."""
    board = nested.board
    layout = board.layout
    n = layout.size
    units = layout.units
    cell_units = layout.cell_units
    clock = board.clock
    tick = clock.tick
    # The places of the chain's grid (for its links).
    where = nested.where
    work_places = list(nested.places)
    for node in removals:
        cell, v = divmod(node >> 1, n)
        for u, own in where[cell]:
            work_places[u * n + v] &= ~own
    # The strong links the removals made (a superset: each is checked by
    # its rule parents when a chain uses it), Y and X.
    new_y: dict[int, list[int]] = {}
    new_x: dict[int, list[int]] = {}
    seen_cells: dict[int, None] = {}
    seen_units: dict[int, None] = {}
    for node in removals:
        cell, v = divmod(node >> 1, n)
        if cell not in seen_cells:
            seen_cells[cell] = None
            bits = work[cell]
            if bits.bit_count() == 2:
                low = bits & -bits
                one = (cell * n + low.bit_length() - 1) * 2
                two = (cell * n + (bits ^ low).bit_length() - 1) * 2
                new_y.setdefault(one, []).append(two | 1)
                new_y.setdefault(two, []).append(one | 1)
        for u in cell_units[cell]:
            at = u * n + v
            if at in seen_units:
                continue
            seen_units[at] = None
            places = work_places[at]
            if places.bit_count() == 2:
                unit = units[u]
                low = places & -places
                a = (unit[low.bit_length() - 1] * n + v) * 2
                b = (unit[(places ^ low).bit_length() - 1] * n + v) * 2
                new_x.setdefault(a, []).append(b | 1)
                new_x.setdefault(b, []).append(a | 1)
    if not new_x and not new_y:
        return []
    found: list[
        tuple[float, int, int, int, frozenset[tuple[int, int]], list[int], bool]
    ] = []
    hypothetical: Board | None = None
    order = 0
    for k, (x_links, y_links, cycle_base, chain_base, kind) in enumerate(_PASSES):
        extra: dict[int, list[int]] = {}
        if x_links:
            extra.update(new_x)
        if y_links:
            for a, bs in new_y.items():
                extra.setdefault(a, []).extend(bs)
        if not extra:
            continue
        back: dict[int, list[int]] = {}
        for a, bs in extra.items():
            for b in bs:
                back.setdefault(b, []).append(a)
        clock.check()
        if hypothetical is None:
            hypothetical = Board.sharing(board.regions, board.values, work, clock)
        graph = _chain_links(
            nested, k, work, work_places, removals, seen_cells, seen_units
        )
        # The nodes that lead to a new link, and those one leads to: the
        # links turned round are the links between the opposite nodes.
        before = {x ^ 1 for x in _reach(graph, [x ^ 1 for x in extra])}
        after = _reach(graph, back)
        # The candidates (as on nodes, in order) whose searches may give
        # a hint: a cycle or chain from on, through a new link, back to
        # on or to off; a chain from off to on.
        starts = sorted(
            {x | 1 for x in before if x | 1 in after or (x & 1 and x ^ 1 in after)}
        )
        # What the chains' starts reach, by the graph's components: one
        # walk of each node for all of them.
        roots: list[int] = []
        if chain_base:
            for on in starts:
                if on in before and on ^ 1 in after:
                    roots.append(on)
                if on ^ 1 in before and on in after and graph[on ^ 1]:
                    roots.append(on ^ 1)
        comp, reach = _condense(graph, roots)
        for on in starts:
            cell, v = divmod(on >> 1, n)
            bits = work[cell]
            count = bits.bit_count()
            if not bits >> v & 1 or count < 2 or (not x_links and count != 2):
                continue
            value = v + 1
            cycle = on in before and on in after
            chain_on = chain_base and on in before and on ^ 1 in after
            chain_off = chain_base and on ^ 1 in before and on in after
            if not (cycle or chain_on or chain_off):
                continue
            tick()
            # A search gives nothing unless it can reach what it looks
            # for, which few do: that is read first, by the links alone.
            leads = False
            if chain_on:
                to = comp[on ^ 1]
                leads = to >= 0 and reach[comp[on]] >> to & 1 == 1
            if (cycle and _loops(graph, on)) or leads:
                tree, closed, first = _search(hypothetical, graph, on, cycle, 1 << 30)
                for last in closed:
                    loop = _path(tree, last)
                    dropped = _cycle_eliminations(hypothetical, loop)
                    if dropped:
                        size = len(loop)
                        rating = round(cycle_base + length_bonus(size - 2), 1)
                        order += 1
                        removes = frozenset(dropped)
                        found.append((rating, size, kind, order, removes, loop, True))
                if chain_on and first is not None:
                    path = _path(tree, first)
                    size = len(path)
                    rating = round(chain_base + length_bonus(size - 2), 1)
                    order += 1
                    removes = frozenset({(cell, value)})
                    found.append((rating, size, kind, order, removes, path, False))
            leads = False
            if chain_off and graph[on ^ 1]:
                to = comp[on]
                leads = to >= 0 and reach[comp[on ^ 1]] >> to & 1 == 1
            if leads:
                tree, _, first = _search(hypothetical, graph, on ^ 1, False, 1 << 30)
                if first is not None:
                    path = _path(tree, first)
                    size = len(path)
                    rating = round(chain_base + length_bonus(size - 2), 1)
                    order += 1
                    removes = frozenset(
                        (cell, w)
                        for w in range(1, n + 1)
                        if bits >> (w - 1) & 1 and w != value
                    )
                    found.append((rating, size, kind, order, removes, path, False))
    found.sort(key=itemgetter(0, 1, 2, 3))
    made: list[tuple[int, tuple[int, ...], tuple[tuple[int, ...], int]]] = []
    done: set[frozenset[tuple[int, int]]] = set()
    for _, size, _, _, removes, path, closes in found:
        if removes in done:
            continue
        done.add(removes)
        nodes = [*path, path[0]] if closes else path
        rests: dict[int, None] = {}
        for a, b in pairwise(nodes):
            if not a & 1 and b & 1:
                rests.update(dict.fromkeys(_link_parents(nested, work, a, b, parents)))
        if not rests:
            continue
        why = tuple(rests)
        inner = (tuple(nodes), size)
        for c, v in sorted(removes):
            made.append((_node(n, c, v, False), why, inner))
    return made


# --------------------------------------------------------------- dynamic


def nishio(board: Board) -> list[Hint]:
    """A candidate whose assumption, on or off, leads to a contradiction through its value's links alone.

    Dynamic, one value (SE's Nishio forcing chains): 7.5 + the length
    bonus of both sides of the contradiction.
    """
    n = board.layout.size
    best = _Best()
    links = _static_links(board, True, False, by_unit=True)
    tables = _tables(board)
    for cell, bits in enumerate(board.cand):
        if bits.bit_count() < 2:
            continue
        for value in range(1, n + 1):
            if not bits >> (value - 1) & 1:
                continue
            on = _node(n, cell, value, True)
            for start in (on, on ^ 1):
                chain = _propagate(
                    board,
                    start,
                    dynamic=True,
                    y_links=False,
                    links=links,
                    tables=tables,
                )
                _offer_contradiction(
                    board, best, chain, start, 7.5, "Nishio forcing chain"
                )
    return best.result()


def _offer_contradiction(
    board: Board, best: _Best, chain: _Chain, start: int, base: float, name: str
) -> None:
    """Offer the start's opposite when ``chain`` contradicts."""
    x = chain.contradiction
    if x is None:
        return
    n = board.layout.size
    # Two branches from the start: to the node on, and to it off.
    branches = [(chain, x | 1), (chain, x & ~1)]
    size = _size(branches)
    rating = round(base + length_bonus(size - 2), 1)
    if not best.below(rating):
        return
    cells = chain.cells(x | 1, n) | chain.cells(x & ~1, n)
    make = partial(_target_hint, board, name, rating, start ^ 1, cells, (), branches)
    best.offer(rating, size, 7, make)


def _useful(board: Board, node: int) -> bool:
    """Whether setting ``node`` changes the grid: on in a blank cell, off of a candidate."""
    cell, value, on = _parts(board.layout.size, node)
    bits = board.cand[cell]
    if not bits >> (value - 1) & 1:
        return False
    return bits.bit_count() > 1 if on else True


def _forcing(board: Board, dynamic: bool, plus: bool, nest: bool = False) -> list[Hint]:
    """Cell and region forcing chains; dynamic, also contradictions and double chains.

    ``plus``: the simple techniques inside the chains; ``nest``: and where
    they find nothing, the static forcing chains and cycles (SE's level 2).
    """
    layout = board.layout
    n = layout.size
    cand = board.cand
    base = 9.5 if nest else 9.0 if plus else 8.5 if dynamic else 8.0
    best = _Best()
    least = 2 if dynamic else 3
    chains: dict[int, _Chain] = {}
    tick = board.clock.tick
    links = _static_links(board, True, True, by_unit=True)
    tables = _tables(board)
    simple = _Simple(board) if plus else None
    nested = _Nested(board) if nest else None

    def chain_of(node: int) -> _Chain:
        found = chains.get(node)
        if found is None:
            found = chains[node] = _propagate(
                board,
                node,
                dynamic,
                plus=plus,
                links=links,
                tables=tables,
                simple=simple,
                nested=nested,
            )
        return found

    def offer_common(name: str, kind: int, starts: list[int]) -> None:
        branches = [chain_of(s) for s in starts]
        common = set(branches[0].parents)
        for branch in branches[1:]:
            common &= branch.parents.keys()
        for node in common:
            tick()
            if node in starts or not _useful(board, node):
                continue
            ends = [(b, node) for b in branches]
            size = _size(ends)
            rating = round(base + length_bonus(size - 2), 1)
            if not best.below(rating):
                continue
            cells = set().union(*(b.cells(node, n) for b in branches))
            best.offer(
                rating,
                size,
                kind,
                partial(_target_hint, board, name, rating, node, cells, (), ends),
            )

    for cell, bits in enumerate(cand):
        if bits.bit_count() < least:
            continue
        for value in range(1, n + 1):
            bit = 1 << (value - 1)
            if not bits & bit:
                continue
            on = _node(n, cell, value, True)
            if dynamic:
                for start in (on, on ^ 1):
                    _offer_contradiction(
                        board,
                        best,
                        chain_of(start),
                        start,
                        base,
                        "contradiction forcing chain",
                    )
                yes, no = chain_of(on), chain_of(on ^ 1)
                if (
                    bits.bit_count() >= 3
                    and yes.contradiction is None
                    and no.contradiction is None
                ):
                    for node in yes.parents.keys() & no.parents.keys():
                        tick()
                        if node in (on, on ^ 1) or not _useful(board, node):
                            continue
                        size = _size(((yes, node), (no, node)))
                        rating = round(base + length_bonus(size - 2), 1)
                        if best.below(rating):
                            cells = yes.cells(node, n) | no.cells(node, n)
                            double = partial(
                                _target_hint,
                                board,
                                "double forcing chain",
                                rating,
                                node,
                                cells,
                                (),
                                [(yes, node), (no, node)],
                            )
                            best.offer(rating, size, 1, double)
            # Region forcing: from the value's first place in each unit.
            for u in layout.cell_units[cell]:
                places = [c for c in layout.units[u] if cand[c] & bit]
                if len(places) >= 2 and places[0] == cell:
                    offer_common(
                        "region forcing chains",
                        6,
                        [_node(n, c, value, True) for c in places],
                    )
        offer_common(
            "cell forcing chains",
            5,
            [_node(n, cell, v, True) for v in range(1, n + 1) if bits >> (v - 1) & 1],
        )
    return best.result()


def cell_region_forcing(board: Board) -> list[Hint]:
    """What every candidate of a cell, or every place of a value in a unit, implies (static): SE 8.0 +."""
    return _forcing(board, dynamic=False, plus=False)


def dynamic_forcing(board: Board) -> list[Hint]:
    """Contradictions, double chains, cell and region forcing chains, dynamic: SE 8.5 +."""
    return _forcing(board, dynamic=True, plus=False)


def dynamic_forcing_plus(board: Board) -> list[Hint]:
    """The dynamic forcing chains with the simple techniques inside them: SE 9.0 +."""
    return _forcing(board, dynamic=True, plus=True)


def nested_forcing(board: Board) -> list[Hint]:
    """The dynamic forcing chains with the simple techniques and static forcing chains inside them: SE 9.5 +.

    SE's nested forcing chains of level 2 ("Dynamic Forcing Chains (+
    Forcing Chains)"): where the simple techniques find nothing on the
    grid as a dynamic chain leaves it, the forcing chains and cycles read
    from that grid as it stands (SE 6.5 to 7.0 on their own) go on the
    chain, each that rests on the chain's removals: a candidate it
    removes is an off node of the chain, resting on those removals.  The
    rating is 9.5 and the length bonus of the nodes the conclusion rests
    on, each nested chain's nodes counted once.  Its hints carry the
    nested chains after the branches and the chains these rest on.

    Slow: the nested chains are looked for each time a dynamic chain runs
    out (:func:`sudoku.explain` tries them only where every technique
    before has found nothing).

    :raises dlx.BudgetExceeded: when the board's clock's budget runs out.

    Called on its own it finds what the dynamic chains would, rated as
    its own (on a 4x4 grid that singles solve, here):

    >>> from sudoku import regions_of
    >>> puzzle = [1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 3, 0, 0]
    >>> [(h.technique, h.rating) for h in nested_forcing(Board(regions_of(4, (2, 2)), puzzle))]
    [('region forcing chains', 9.5)]
    """
    return _forcing(board, dynamic=True, plus=True, nest=True)
