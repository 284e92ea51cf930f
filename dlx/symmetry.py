"""Solutions up to symmetry: one solution of each orbit of a group of symmetries.

A *symmetry* of an exact-cover problem permutes its items so that every
option becomes an option (colours and bounds kept): a rotation of the board
of a tiling, a reflection of the chessboard of the queens.  It turns every
solution into a solution, and the solutions fall into *orbits*, the sets
of solutions that symmetries turn into one another: the 92 solutions of 8
queens into 12 orbits, the 9,356 pentomino tilings of the 6×10 rectangle
into 2,339.  :meth:`dlx.ExactCover.count` with ``symmetry=`` counts the
orbits, :meth:`~dlx.ExactCover.solutions` yields one solution of each,
:meth:`~dlx.ExactCover.first` one of them.

``symmetry`` is a :class:`Group`, or what makes one: an iterable of
*generators*, each a mapping from item names to item names (items it does
not name stay where they are).  The group is every product of them; it is
enumerated (at most :data:`MAX_ELEMENTS` elements), so it must be small —
the symmetries of a board, of a chessboard, of a 4×4 sudoku grid, not all
the relabellings of a 9×9 one.

How it searches (:class:`Action` does the work):

* **Pruning.**  It picks a *pivot*: a primary item covered exactly once
  whose options fall into few orbits of the symmetries that keep it in
  place (its stabiliser).  Every solution has one option of the pivot, and
  a symmetry that keeps the pivot turns a solution whose pivot option is
  not the least of its stabiliser orbit into one whose is; so the search
  keeps, of the pivot's options, only the least of each such orbit.  For a
  tiling by distinct pieces that is the placements of the piece with the
  fewest placements up to symmetry (the X pentomino in one quarter of the
  board, as Knuth does by hand): about 4× fewer nodes on a rectangle.
* **The leader test.**  Each solution the smaller search finds is compared
  with its images under every element of the group; it is handed out only
  if it is the least of them.  This decides what pruning cannot: pivot
  options that some symmetries fix, solutions that symmetries not keeping
  the pivot map into the search, solutions symmetric themselves.

**Which solution of an orbit**: the least, where a solution ``S`` is
compared with another by the number of its option that covers the pivot,
then as the sorted tuple of its options (``(pivot option, S)``
lexicographically; without a pivot, ``S`` alone).  :attr:`Action.pivot`
tells which item that is.

>>> from dlx import ExactCover
>>> square = ExactCover(["a", "b", "c", "d"], options=[["a", "b"], ["c", "d"], ["a", "c"], ["b", "d"]])
>>> turn = {"a": "b", "b": "d", "d": "c", "c": "a"}   # a quarter turn of a 2x2 board
>>> square.count(), square.count(symmetry=[turn])
(2, 1)
>>> list(square.solutions(symmetry=[turn]))
[(0, 1)]
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from dlx.algorithms import MemoSearch, WholeCount
from dlx.errors import FormatError, SearchStopped
from dlx.links import Links
from dlx.records import Record, fields, replace
from dlx.stats import Outcome, Progress, Stats, remaining_seconds

__all__ = [
    "MAX_ELEMENTS",
    "Action",
    "BurnsideCount",
    "Group",
    "Leaders",
    "SymmetricBest",
    "SymmetricSearch",
    "SymmetryError",
    "fixed_links",
    "order_at_least",
    "parse_cycles",
]

#: The most elements a group may have: it is enumerated, each element a
#: permutation of the items and of the options.
MAX_ELEMENTS = 100_000

#: The most entries (elements × (items + options)) the enumeration may keep.
MAX_ENTRIES = 50_000_000


class SymmetryError(ValueError):
    """Symmetries that are not symmetries: a generator that is not a permutation of items, or not of the problem's.

    ``generator`` is the number of the generator at fault (from 0;
    ``None`` when the group as a whole is, e.g. too large) and ``detail``
    what is wrong with it; ``str(error)`` says both.

    >>> str(SymmetryError(1, "names 'z', which is not an item of the problem"))
    "symmetry generator 2 names 'z', which is not an item of the problem"
    """

    def __init__(self, generator: int | None, detail: str) -> None:
        self.generator = generator
        self.detail = detail
        where = "" if generator is None else f"symmetry generator {generator + 1} "
        super().__init__(where + detail)


class Group:
    """A group of symmetries of items, given by its generators.

    :param generators: each a mapping from item names to item names that
        permutes the items it names (the others stay where they are).
    :raises TypeError: for generators that are not a list (an iterable
        other than a string) or a generator that is not a mapping.
    :param lines: where each generator comes from (the line of a file),
        for the messages of a command.
    :param items: the problem's item names: a name among the generators'
        that is not one of them is refused first, before the other checks,
        so that the message names it rather than the mapping it breaks
        (``{"a": "zz"}`` names ``'zz'``); ``None``: checked when the group
        acts on a problem.  :meth:`Action.of` (and so ``symmetry=`` of
        :meth:`dlx.ExactCover.count`) gives them.
    :raises SymmetryError: for one that is not a permutation of what it
        names (two items mapped to one, or an item mapped to that it does
        not map anywhere), or names what is not one of ``items``, naming
        the generator (from 1) and the item.

    Whether the generators are symmetries of a problem (items to items of
    the same kind, options to options) is checked when the group acts on
    it (:meth:`on`).

    >>> g = Group([{"a": "b", "b": "a"}])
    >>> len(g.generators)
    1
    >>> Group([{"a": "b"}])
    Traceback (most recent call last):
      ...
    dlx.symmetry.SymmetryError: symmetry generator 1 maps 'a' to 'b' but nothing to 'a': it must permute the items it names
    >>> Group([{"a": "b"}], items="ab")
    Traceback (most recent call last):
      ...
    dlx.symmetry.SymmetryError: symmetry generator 1 maps 'a' to 'b' but nothing to 'a': it must permute the items it names
    >>> Group([{"a": "zz"}], items="ab")
    Traceback (most recent call last):
      ...
    dlx.symmetry.SymmetryError: symmetry generator 1 names 'zz', which is not an item of the problem (it maps 'a' to 'zz')
    """

    def __init__(
        self,
        generators: Iterable[Mapping[Any, Any]],
        lines: Sequence[int] | None = None,
        items: Iterable[Hashable] | None = None,
    ) -> None:
        if isinstance(generators, Mapping):
            raise TypeError(
                "symmetry= takes a list of mappings (the generators), not one "
                "mapping: give [mapping]"
            )
        given: object = generators  # a caller's value, of any type
        if isinstance(given, str | bytes | bytearray) or not isinstance(
            given, Iterable
        ):
            raise TypeError(
                "symmetry= takes a dlx.symmetry.Group or a list of mappings "
                f"(the generators), not {type(given).__name__}"
            )
        known = None if items is None else _index(items)
        found: list[dict[Hashable, Hashable]] = []
        fixed: list[tuple[Hashable, ...]] = []  # the items each maps to themselves
        for number, generator in enumerate(generators, 1):
            if not isinstance(generator, Mapping):
                raise TypeError(
                    f"symmetry generator {number} must be a mapping from items "
                    f"to items, not {type(generator).__name__}"
                )
            for item, image in generator.items():
                for name in (item, image):
                    try:
                        hash(name)
                    except TypeError:
                        raise SymmetryError(
                            number - 1,
                            f"maps {item!r} to {image!r}: {name!r} is unhashable, "
                            "so it is no item's name" + _options_hint(name, known),
                        ) from None
                    if known is not None and name not in known:
                        raise SymmetryError(
                            number - 1, _unknown(item, image, name, known)
                        )
            moved = {item: image for item, image in generator.items() if item != image}
            fixed.append(tuple(item for item in generator if item not in moved))
            seen: dict[Hashable, Hashable] = {}
            for item, image in moved.items():
                if image in seen:
                    raise SymmetryError(
                        number - 1,
                        f"maps both {seen[image]!r} and {item!r} to {image!r}",
                    )
                seen[image] = item
            for item, image in moved.items():
                if item not in seen:
                    raise SymmetryError(
                        number - 1,
                        f"maps {item!r} to {image!r} but nothing to {item!r}: "
                        "it must permute the items it names",
                    )
            found.append(moved)
        #: The generators, each as the items it moves and their images.
        self.generators: tuple[dict[Hashable, Hashable], ...] = tuple(found)
        # What each also names and leaves in place: an item for Action to check.
        self._fixed = tuple(fixed)
        #: The line of each generator in the file it was read from, if any.
        self.lines: tuple[int, ...] | None = None if lines is None else tuple(lines)

    @classmethod
    def of(cls, symmetry: Group | Iterable[Mapping[Any, Any]]) -> Group:
        """``symmetry`` as a group: itself if it is one, else its generators'.

        >>> Group.of([{"a": "b", "b": "a"}]).generators
        ({'a': 'b', 'b': 'a'},)
        """
        return symmetry if isinstance(symmetry, Group) else cls(symmetry)

    def on(self, problem: Problem) -> Action:
        """The group acting on ``problem``: its elements as permutations of its options.

        :raises SymmetryError: as :class:`Action` does.
        """
        return Action(problem, self)

    def __repr__(self) -> str:
        return f"<Group of {len(self.generators)} generators>"


class Problem(Protocol):
    """What :class:`Action` needs of a problem (:class:`dlx.ExactCover` has it)."""

    @property
    def primary(self) -> tuple[Hashable, ...]: ...

    @property
    def secondary(self) -> tuple[Hashable, ...]: ...

    def links(self) -> Links: ...

    def option(self, index: int) -> tuple[Hashable, ...]: ...


def _rows(links: Links) -> tuple[list[list[int]], list[list[int]] | None]:
    """Each option's item numbers (and colour codes, if any option has one), from ``links``."""
    n_options = links.n_options
    rows: list[list[int]] = [[] for _ in range(n_options)]
    colors: list[list[int]] | None = (
        None if links.color is None else [[] for _ in range(n_options)]
    )
    top = links.top
    option_of = links.option_of
    for x in range(links.n_items + 1, len(top)):
        k = option_of[x]
        rows[k].append(top[x])
        if colors is not None:
            assert links.color is not None
            colors[k].append(max(links.color[x], 0))
    return rows, colors


class Action:
    """A group of symmetries acting on one problem: how it permutes items and options.

    Made by :meth:`Group.on`; the searches up to symmetry use it.  The
    group is enumerated: :attr:`elements` holds every element, the
    identity first, each as ``(items, options)``, the image of each item
    number and of each option number.

    :raises SymmetryError: naming the generator (from 1) and the first item
        or option it breaks: an item that is not the problem's, a primary
        item mapped to a secondary one (or to one with other bounds), an
        option whose image is not an option (colours included); or when
        the group has more than :data:`MAX_ELEMENTS` elements.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> action = Group([{"a": "b", "b": "a"}]).on(problem)
    >>> action.elements
    [((0, 1), (0, 1, 2)), ((1, 0), (1, 0, 2))]
    >>> Group([{"a": "b", "b": "a"}]).on(ExactCover("ab", options=[["a"], ["a", "b"]]))
    Traceback (most recent call last):
      ...
    dlx.symmetry.SymmetryError: symmetry generator 1 maps option 0 ('a',) to ('b',), which is not an option
    """

    def __init__(self, problem: Problem, group: Group) -> None:
        self.problem = problem
        self.group = group
        links = problem.links()
        self.links = links
        names = [*problem.primary, *problem.secondary]
        index = {name: number for number, name in enumerate(names)}
        n_items = len(names)
        n_primary = len(problem.primary)
        rows, colors = _rows(links)
        self.rows = rows
        self.colors = colors
        bound = links.bound
        slack = links.slack

        def bounds_of(item: int) -> tuple[int, int]:
            if bound is None or slack is None or item >= n_primary:
                return (1, 1)
            return (bound[item] - slack[item], bound[item])

        # Options by their set of (item, colour) pairs: identical options are
        # matched in order (the j-th copy to the j-th copy of the image).
        def key(k: int, items: Sequence[int]) -> frozenset[tuple[int, int]]:
            codes = colors[k] if colors is not None else [0] * len(rows[k])
            return frozenset(zip(items, codes, strict=True))

        copies: dict[frozenset[tuple[int, int]], list[int]] = {}
        place = [0] * len(rows)
        for k, row in enumerate(rows):
            same = copies.setdefault(key(k, row), [])
            place[k] = len(same)
            same.append(k)
        generators: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for number, moved in enumerate(group.generators, 1):
            items = list(range(n_items))
            for name in group._fixed[number - 1]:  # mapped to itself, but named
                if _position(index, name) is None:
                    raise SymmetryError(number - 1, _unknown(name, name, name, index))
            for name, image in moved.items():
                for given in (name, image):
                    if _position(index, given) is None:
                        raise SymmetryError(
                            number - 1, _unknown(name, image, given, index)
                        )
                a, b = index[name], index[image]
                if (a < n_primary) != (b < n_primary):
                    kinds = (
                        ("primary", "secondary")
                        if a < n_primary
                        else ("secondary", "primary")
                    )
                    raise SymmetryError(
                        number - 1,
                        f"maps {kinds[0]} item {name!r} to {kinds[1]} item {image!r}",
                    )
                if bounds_of(a) != bounds_of(b):
                    raise SymmetryError(
                        number - 1,
                        f"maps item {name!r} (bounds {bounds_of(a)}) to item {image!r} "
                        f"(bounds {bounds_of(b)})",
                    )
                items[a] = b
            options = [0] * len(rows)
            for k, row in enumerate(rows):
                image_row = [items[i] for i in row]
                targets = copies.get(key(k, image_row))
                if targets is None or place[k] >= len(targets):
                    shown = tuple(problem.option(k))
                    image_names = tuple(_named(names, image_row, k, problem))
                    raise SymmetryError(
                        number - 1,
                        f"maps option {k} {shown!r} to {image_names!r}, which is "
                        + (
                            "not an option"
                            if targets is None
                            else "an option fewer times"
                        ),
                    )
                options[k] = targets[place[k]]
            generators.append((tuple(items), tuple(options)))
        self._generators = generators
        # A group too large to list is refused from its order, at once.
        _refuse_large([items for items, _ in generators], n_items + len(rows))
        #: Every element of the group, the identity first, as ``(items,
        #: options)``: the image of each item number and of each option number.
        self.elements = _closure(generators, n_items, len(rows))
        self.pivot_number, self.kept = self._pivot(n_primary, bounds_of)
        #: The pivot item (see the module's description), or ``None``.
        self.pivot: Hashable | None = (
            None if self.pivot_number is None else names[self.pivot_number]
        )
        covers = bytearray(len(rows))
        if self.pivot_number is not None:
            for k, row in enumerate(rows):
                if self.pivot_number in row:
                    covers[k] = 1
        self._covers = covers

    def __len__(self) -> int:
        """The order of the group (its number of elements)."""
        return len(self.elements)

    def check_costs(self) -> None:
        """Check that every symmetry keeps the options' costs (the cheapest orbits need it).

        :raises SymmetryError: naming the generator and the first option it
            maps to an option of another cost.

        >>> from dlx import ExactCover
        >>> problem = ExactCover("ab")
        >>> _ = problem.add_option("a", cost=1), problem.add_option("b", cost=2)
        >>> Group([{"a": "b", "b": "a"}]).on(problem).check_costs()
        Traceback (most recent call last):
          ...
        dlx.symmetry.SymmetryError: symmetry generator 1 maps option 0 ('a',) of cost 1 to option 1 ('b',) of cost 2: the cheapest solutions up to symmetry need symmetries that keep the costs
        """
        cost = self.links.cost
        if cost is None:
            return
        option = self.problem.option
        for number, (_, options) in enumerate(self._generators):
            for k, image in enumerate(options):
                if cost[k] != cost[image]:
                    raise SymmetryError(
                        number,
                        f"maps option {k} {tuple(option(k))!r} of cost {cost[k]} to "
                        f"option {image} {tuple(option(image))!r} of cost {cost[image]}: "
                        "the cheapest solutions up to symmetry need symmetries that "
                        "keep the costs",
                    )

    @classmethod
    def of(cls, problem: Problem, symmetry: Any) -> Action:
        """``symmetry`` acting on ``problem``: an :class:`Action` of it as it is, else its group's.

        :param symmetry: an :class:`Action` on ``problem``, a :class:`Group`,
            or generators (checked against the problem's items first, as
            :class:`Group` does with ``items``).
        :raises SymmetryError: as :class:`Group` and :class:`Action` do.
        :raises TypeError: as :class:`Group` does.

        >>> from dlx import ExactCover
        >>> Action.of(ExactCover("ab", options=[["a"], ["b"]]), [{"a": "zz"}])
        Traceback (most recent call last):
          ...
        dlx.symmetry.SymmetryError: symmetry generator 1 names 'zz', which is not an item of the problem (it maps 'a' to 'zz')
        """
        if isinstance(symmetry, Action) and symmetry.problem is problem:
            return symmetry
        if isinstance(symmetry, Action):
            symmetry = symmetry.group
        if isinstance(symmetry, Group):
            return symmetry.on(problem)
        # Generators are checked against the problem's items from the start,
        # so that a name not among them is what is refused, not the mapping.
        return Group(symmetry, items=[*problem.primary, *problem.secondary]).on(problem)

    def _pivot(
        self, n_primary: int, bounds_of: Any
    ) -> tuple[int | None, frozenset[int] | None]:
        """The pivot item and the options of it a search keeps (see the module)."""
        options_of: list[list[int]] = [[] for _ in range(n_primary)]
        for k, row in enumerate(self.rows):
            for item in row:
                if item < n_primary:
                    options_of[item].append(k)
        best: tuple[float, int, int] | None = None
        kept_best: frozenset[int] | None = None
        for item in range(n_primary):
            own = options_of[item]
            if bounds_of(item) != (1, 1) or len(own) < 2:
                continue
            keeping = [perm for items, perm in self.elements if items[item] == item]
            if len(keeping) < 2:
                continue
            seen: set[int] = set()
            least: list[int] = []
            for k in own:  # in increasing order
                if k in seen:
                    continue
                orbit = {perm[k] for perm in keeping}
                seen |= orbit
                least.append(min(orbit))
            if len(least) == len(own):
                continue
            score = (len(least) / len(own), len(least), item)
            if best is None or score < best:
                best = score
                kept_best = frozenset(least)
        if best is None:
            return None, None
        return best[2], kept_best

    def key(self, solution: Sequence[int]) -> tuple[int, tuple[int, ...]]:
        """What orders the solutions of an orbit: (the pivot's option, the sorted options).

        :param solution: a solution, as a sorted tuple of option numbers.
        """
        covers = self._covers
        pivot = next((k for k in solution if covers[k]), -1)
        return pivot, tuple(solution)

    def is_leader(self, solution: Sequence[int]) -> bool:
        """Whether ``solution`` (sorted) is the least of its orbit (see :meth:`key`).

        >>> from dlx import ExactCover
        >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
        >>> action = Group([{"a": "b", "b": "a"}]).on(problem)
        >>> action.is_leader((0, 1)), action.is_leader((2,))
        (True, True)
        """
        mine = self.key(solution)
        for _, perm in self.elements[1:]:
            image = sorted([perm[k] for k in solution])
            if self.key(image) < mine:
                return False
        return True

    def leader(self, solution: Sequence[int]) -> tuple[int, ...]:
        """The least solution of the orbit of ``solution`` (see :meth:`key`), sorted.

        >>> from dlx import ExactCover
        >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
        >>> action = Group([{"a": "b", "b": "a"}]).on(problem)
        >>> action.leader((0, 1)), action.leader((2,))
        ((0, 1), (2,))
        """
        least = tuple(sorted(solution))
        smallest = self.key(least)
        for _, perm in self.elements[1:]:
            image = tuple(sorted([perm[k] for k in solution]))
            key = self.key(image)
            if key < smallest:
                least, smallest = image, key
        return least

    def restricted(self) -> tuple[Links, list[int]]:
        """The links of the problem without the pivot's options the search drops.

        :returns: the links, and the number in the problem of each of their options.
        """
        kept = self.kept
        links = self.links
        if kept is None:
            return links, list(range(len(self.rows)))
        pivot = self.pivot_number
        back = [k for k, row in enumerate(self.rows) if pivot not in row or k in kept]
        rows = [self.rows[k] for k in back]
        colors = None if self.colors is None else [self.colors[k] for k in back]
        bounds: list[tuple[int, int]] | None = None
        if links.bound is not None and links.slack is not None:
            bounds = [(v - s, v) for v, s in zip(links.bound, links.slack, strict=True)]
        costs = None if links.cost is None else [links.cost[k] for k in back]
        smaller = Links(
            links.n_primary, links.n_items, rows, colors, bounds=bounds, costs=costs
        )
        return smaller, back


def _position(index: Mapping[Hashable, int], name: Hashable) -> int | None:
    try:
        return index.get(name)
    except TypeError:  # unhashable: no item
        return None


def _index(items: Iterable[Hashable]) -> dict[Hashable, int]:
    """The number of each item name, in the order given."""
    return {name: number for number, name in enumerate(items)}


def _unknown(
    item: Hashable, image: Hashable, name: Hashable, index: Mapping[Hashable, int]
) -> str:
    """What is wrong with a generator's entry ``item`` → ``image`` that names ``name``, no item."""
    return (
        f"names {name!r}, which is not an item of the problem "
        f"(it maps {item!r} to {image!r})" + _options_hint(name, index)
    )


def _options_hint(name: object, index: Mapping[Hashable, int] | None) -> str:
    """A hint where ``name``, no item, is a collection of items: an option given for an item."""
    if index is None or not isinstance(name, tuple | list | set | frozenset):
        return ""
    if name and all(_position(index, part) is not None for part in name):
        return "; a generator maps items to items, not options to options"
    return ""


def _named(
    names: Sequence[Hashable], row: Sequence[int], k: int, problem: Problem
) -> Iterator[Hashable]:
    """The entries of option ``k`` with each item replaced by the one of ``row``."""
    for entry, item in zip(problem.option(k), row, strict=True):
        # A coloured entry (a record with an item and a colour) keeps its colour.
        yield (
            replace(entry, item=names[item])
            if isinstance(entry, Record)
            else names[item]
        )


def order_at_least(generators: Sequence[Sequence[int]], enough: int) -> int:
    """A lower bound of the order of the group ``generators`` generate, found cheaply.

    ``generators`` are permutations of ``range(n)`` (the image of each
    point).  The bound is the product of the orbits of a chain of base
    points, each under a few Schreier generators of the stabiliser of the
    points before it (a subgroup of it, so each orbit is at most the true
    one): the true order is a multiple of no less.  It stops as soon as
    the product exceeds ``enough``.  Memory is linear in ``n`` (Schreier
    vectors, not transversals), so a group too large to enumerate is told
    from its order before its elements are listed.

    >>> order_at_least([(1, 2, 0, 3)], 10**6)   # a 3-cycle
    3
    >>> order_at_least([(1, 0, 2, 3), (1, 2, 3, 0)], 10**6)   # all of S4
    24
    >>> order_at_least([tuple(range(1, 30)) + (0,), (1, 0, *range(2, 30))], 1000) > 1000
    True
    """
    moving = [tuple(g) for g in generators if any(g[i] != i for i in range(len(g)))]
    if not moving:
        return 1
    n = len(moving[0])
    identity = tuple(range(n))
    pick = random.Random(n)  # the same bound every time
    bound = 1
    while moving and bound <= enough:
        inverse = []
        for g in moving:
            inv = [0] * n
            for i, v in enumerate(g):
                inv[v] = i
            inverse.append(inv)
        base = next(i for i in range(n) if any(g[i] != i for g in moving))
        # The orbit of the base point, each point with the point and the
        # generator it was reached from (a Schreier vector).
        parent: dict[int, tuple[int, int]] = {base: (-1, -1)}
        queue = [base]
        for x in queue:
            for number, g in enumerate(moving):
                y = g[x]
                if y not in parent:
                    parent[y] = (x, number)
                    queue.append(y)
        bound *= len(queue)
        if bound > enough:
            break

        pairs = [(x, number) for x in queue for number in range(len(moving))]
        if len(pairs) > 48:
            pairs = pick.sample(pairs, 48)
        found: set[tuple[int, ...]] = set()
        for x, number in pairs:
            g = moving[number]
            to_x = _path(parent, x)
            back = _path(parent, g[x])
            image = list(range(n))
            for step in to_x:  # u_x: the base point to x
                h = moving[step]
                image = [h[v] for v in image]
            image = [g[v] for v in image]  # then g
            for step in reversed(back):  # then u_{g(x)} undone
                undo = inverse[step]
                image = [undo[v] for v in image]
            schreier = tuple(image)
            if schreier != identity:
                found.add(schreier)
        moving = sorted(found)
    return bound


def _path(parent: Mapping[int, tuple[int, int]], x: int) -> list[int]:
    """The generators that take the base point to ``x``, in order (a Schreier vector's walk)."""
    steps = []
    while parent[x][0] >= 0:
        x, number = parent[x]
        steps.append(number)
    steps.reverse()
    return steps


def _refuse_large(generators: Sequence[Sequence[int]], width: int) -> None:
    """Refuse a group too large to enumerate from a bound of its order, before listing it.

    :raises SymmetryError: as :func:`_closure` does, at once.
    """
    enough = min(MAX_ELEMENTS, MAX_ENTRIES // max(width, 1))
    order = order_at_least(generators, enough)
    if order > enough:
        raise SymmetryError(
            None,
            f"the symmetries generate a group of at least {order:,} elements (at most "
            f"{MAX_ELEMENTS:,} of them, and {MAX_ENTRIES:,} entries over the items and "
            "options, can be enumerated)",
        )


def _closure(
    generators: list[tuple[tuple[int, ...], tuple[int, ...]]],
    n_items: int,
    n_options: int,
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every product of the generators, the identity first (breadth first)."""
    identity = (tuple(range(n_items)), tuple(range(n_options)))
    elements = [identity]
    known = {identity[0]}
    width = n_items + n_options
    at = 0
    while at < len(elements):
        items, options = elements[at]
        at += 1
        for g_items, g_options in generators:
            product = tuple([g_items[i] for i in items])
            if product in known:
                continue
            known.add(product)
            elements.append((product, tuple([g_options[k] for k in options])))
            if len(elements) > MAX_ELEMENTS or len(elements) * width > MAX_ENTRIES:
                raise SymmetryError(
                    None,
                    f"the symmetries generate a group of more than {len(elements) - 1:,} "
                    f"elements (at most {MAX_ELEMENTS:,} of them, and "
                    f"{MAX_ENTRIES:,} entries over the items and options, can be enumerated)",
                )
    return elements


def fixed_links(action: Action, element: int) -> Links | None:
    """The problem whose solutions are those the ``element``-th symmetry keeps.

    A solution that a symmetry ``g`` keeps is made of whole cycles of the
    options under ``g``, each of mutually compatible options: the options
    here are those cycles (the union of their items), over the same
    items.  Burnside's lemma then counts the orbits: the mean over the
    group of these problems' counts.  ``None`` when the problem has
    bounds (the cycles' unions would cover items several times).

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> action = Group([{"a": "b", "b": "a"}]).on(problem)
    >>> fixed = fixed_links(action, 1)
    >>> fixed.n_options   # {a} and {b} as one option, {a, b} alone
    2
    """
    links = action.links
    if links.bound is not None:
        return None
    _, perm = action.elements[element]
    rows = action.rows
    colors = action.colors
    n_primary = links.n_primary
    seen = bytearray(len(rows))
    out_rows: list[list[int]] = []
    out_colors: list[list[int]] = []
    for start in range(len(rows)):
        if seen[start]:
            continue
        cycle = []
        k = start
        while not seen[k]:
            seen[k] = 1
            cycle.append(k)
            k = perm[k]
        union: dict[int, int] = {}
        usable = True
        for k in cycle:
            codes = colors[k] if colors is not None else [0] * len(rows[k])
            for item, code in zip(rows[k], codes, strict=True):
                if item in union and (
                    item < n_primary or code == 0 or union[item] != code
                ):
                    usable = False
                    break
                union[item] = code
            if not usable:
                break
        if usable:
            items = sorted(union)
            out_rows.append(items)
            out_colors.append([union[i] for i in items])
    return Links(
        n_primary,
        links.n_items,
        out_rows,
        None if colors is None else out_colors,
    )


class _OverSmaller:
    """What the searches up to symmetry share: the smaller search they run, ``inner``."""

    inner: Any

    def close(self) -> None:
        """End the smaller search (its tasks, a paused solve)."""
        self.inner.close()

    def request_stop(self) -> None:
        """Ask the smaller search to stop at its next clock check."""
        self.inner.request_stop()


class Leaders:
    """Each solution of the smaller problem as its orbit's leader, in the smaller problem's numbers.

    What the cheapest searches up to symmetry keep instead of the
    solutions they find (``canonical=`` of :class:`dlx.CostSearch` and
    :func:`dlx.parallel.best`; ``orbits=`` of :class:`dlx.SatSearch`): so
    that the solutions they keep are distinct orbits, each its leader,
    never several solutions of one orbit nor a solution that is not its
    orbit's leader.  The leader of every orbit is a solution of the
    smaller problem of :meth:`Action.restricted` (its pivot option is the
    least of its orbit, so the pruning keeps it).  A plain value of
    tuples, so that it travels to worker processes.

    :param action: the group acting on the problem.
    :param back: the problem's number of each option of the smaller one
        (:meth:`Action.restricted`).

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> action = Group([{"a": "b", "b": "a"}]).on(problem)
    >>> smaller, back = action.restricted()
    >>> leaders = Leaders(action, back)
    >>> leaders((0, 1)), sorted(leaders.orbit((0, 1)))
    ((0, 1), [(0, 1)])
    """

    def __init__(self, action: Action, back: Sequence[int]) -> None:
        self.perms = tuple(perm for _, perm in action.elements)
        self.covers = bytes(action._covers)
        self.back = tuple(back)
        self.forward = {k: number for number, k in enumerate(back)}

    def _key(self, solution: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        covers = self.covers
        return next((k for k in solution if covers[k]), -1), solution

    def __call__(self, found: Sequence[int]) -> tuple[int, ...]:
        """The leader of the orbit of ``found`` (a solution of the smaller problem), sorted, in its numbers."""
        back = self.back
        options = [back[k] for k in found]
        least: tuple[int, ...] | None = None
        smallest: tuple[int, tuple[int, ...]] | None = None
        for perm in self.perms:
            image = tuple(sorted([perm[k] for k in options]))
            key = self._key(image)
            if smallest is None or key < smallest:
                least, smallest = image, key
        assert least is not None
        forward = self.forward
        return tuple([forward[k] for k in least])

    def orbit(self, found: Sequence[int]) -> set[tuple[int, ...]]:
        """The solutions of the orbit of ``found`` that are solutions of the smaller problem, in its numbers."""
        back = self.back
        forward = self.forward
        options = [back[k] for k in found]
        images = set()
        for perm in self.perms:
            image = [forward.get(perm[k], -1) for k in options]
            if -1 not in image:
                images.add(tuple(sorted(image)))
        return images


class SymmetricSearch(_OverSmaller, Iterator[tuple[int, ...]]):
    """One solution of each orbit: a search of the smaller problem, each solution tested.

    Made by the searches up to symmetry (``symmetry=``); iterate it for
    the leaders of the orbits (see the module's description), as sorted
    tuples of the problem's option numbers.

    :param inner: the search of :meth:`Action.restricted`'s links.
    :param action: the group acting on the problem.
    :param back: the problem's number of each option of the smaller one.
    :param limit: stop after this many orbits.
    :param count_only: count the orbits without yielding them.
    :param progress: the caller's progress hook, called once more when the
        search stops at ``limit`` (the smaller search reports on its own
        otherwise, the orbits as its ``solutions``).

    ``stats`` holds the smaller search's counts (Knuth's definitions, of
    that search), except ``solutions``: the orbits found so far; the
    search's own solutions are ``visited``.  A :class:`~dlx.SearchStopped`
    from the smaller search passes with these statistics.
    """

    def __init__(
        self,
        inner: Any,
        action: Action,
        back: Sequence[int],
        limit: int | None = None,
        count_only: bool = False,
        progress: Callable[[Progress], object] | None = None,
    ) -> None:
        self.inner = inner
        self.action = action
        self.back = back
        self.limit = limit
        self.count_only = count_only
        self._progress = progress
        self._started: float | None = None
        # The smaller search's kind of statistics (a SAT search's have its
        # conflicts and solves), with the orbits as ``solutions``.
        self.stats: Stats = type(inner.stats)()
        #: Solutions of the smaller search, leaders or not.
        self.visited = 0
        self.outcome = Outcome.RUNNING
        self._done = limit == 0
        if self._done:
            self.outcome = Outcome.LIMIT_REACHED

    def __iter__(self) -> SymmetricSearch:
        return self

    def count(self) -> int:
        """Search to the end (or the limit) and return the orbits found; a budget or a stop raises."""
        for _ in self:
            pass
        return self.stats.solutions

    def _update(self) -> None:
        inner = self.inner.stats
        stats = self.stats
        for name in fields(stats):
            if name != "solutions":
                setattr(stats, name, getattr(inner, name))

    def _final_report(self) -> None:
        """Report once more at the limit: the smaller search, stopped there, does not."""
        if self._progress is None:
            return
        stats = self.stats
        elapsed = 0.0 if self._started is None else time.perf_counter() - self._started
        self._progress(
            Progress(
                stats.nodes,
                stats.updates,
                stats.solutions,
                elapsed,
                0,
                0.0,
                remaining_seconds(elapsed, 0.0, False),
            )
        )

    def __next__(self) -> tuple[int, ...]:
        if self._done:
            raise StopIteration
        if self._started is None:
            self._started = time.perf_counter()
        back = self.back
        is_leader = self.action.is_leader
        while True:
            try:
                found = next(self.inner)
            except StopIteration:
                self._update()
                self._done = True
                self.outcome = self.inner.outcome
                raise
            except SearchStopped as stop:
                self._update()
                self.outcome = stop.outcome
                stop.stats = self.stats
                raise
            self.visited += 1
            solution = tuple(sorted([back[k] for k in found]))
            if not is_leader(solution):
                continue
            self.stats.solutions += 1
            self._update()
            if self.limit is not None and self.stats.solutions >= self.limit:
                self._done = True
                self.outcome = Outcome.LIMIT_REACHED
                self.close()
                self._final_report()
                if self.count_only:
                    raise StopIteration
                return solution
            if not self.count_only:
                return solution


class SymmetricBest(_OverSmaller):
    """The cheapest orbits: a cheapest search of the smaller problem that keeps orbits.

    Made by the cheapest searches up to symmetry (``best(k, symmetry=...)``,
    ``dlx --best K --symmetry FILE``).  The search of the smaller problem
    of :meth:`Action.restricted` keeps the ``k`` cheapest *orbits*: each
    solution it finds enters its kept set as its orbit's leader
    (:class:`Leaders`), and once only, so that its cutoff is the ``k``-th
    cheapest orbit's cost (the symmetries keep the costs:
    :meth:`Action.check_costs`).  :meth:`best` gives them, each its
    orbit's leader; orbits of equal cost in the order the search first
    met them, as :meth:`dlx.ExactCover.best` orders solutions.

    :param inner: the cheapest search of the smaller problem, made with
        ``canonical=`` a :class:`Leaders`: a :class:`~dlx.CostSearch` or a
        :class:`dlx.parallel.BestSearch`.
    :param action: the group acting on the problem.
    :param back: the problem's number of each option of the smaller one.
    :param k: how many orbits.

    ``stats`` and ``outcome`` are the smaller search's (Knuth's
    definitions, of that search).
    """

    def __init__(self, inner: Any, action: Action, back: Sequence[int], k: int) -> None:
        self.inner = inner
        self.action = action
        self.back = back
        self.k = k

    @property
    def stats(self) -> Stats:
        """The smaller search's statistics."""
        stats: Stats = self.inner.stats
        return stats

    @property
    def outcome(self) -> Outcome:
        """How the smaller search ended (or :attr:`~dlx.Outcome.RUNNING`)."""
        outcome: Outcome = self.inner.outcome
        return outcome

    @property
    def proven(self) -> bool:
        """Whether :meth:`best` comes proved one by one (the smaller search's)."""
        proven: bool = self.inner.proven
        return proven

    def run(self) -> None:
        """Run the smaller search to its end (a budget or stop raises, as it does)."""
        self.inner.run()

    def best(self) -> list[tuple[int, tuple[int, ...]]]:
        """The ``k`` cheapest orbits found so far, cheapest first, as ``(cost, leader)``."""
        back = self.back
        ranked = [
            (cost, tuple(sorted([back[k] for k in found])))
            for cost, found in self.inner.best()
        ]
        return ranked[: self.k]


def parse_cycles(
    text: str, source: str = "<symmetry>", items: Iterable[Hashable] | None = None
) -> Group:
    """Read generators written in cycle notation, one a line: ``(R0 R7)(R1 R6)``.

    Each line that is not blank and does not start with ``|`` (a comment,
    as in Knuth's format) is a generator: cycles of item names in
    parentheses, separated by blanks; ``(a b c)`` maps ``a`` to ``b``,
    ``b`` to ``c`` and ``c`` to ``a``, and items the line does not name
    stay where they are.  Names are as in the problem's file (no blank).
    Where the problem's item names hold parentheses (``f(1)``), a name
    in a cycle is the longest item name that fits there: ``(f(1)
    f(2))`` swaps ``f(1)`` and ``f(2)``.

    :param text: the file's text.
    :param source: its name, for the messages.
    :param items: the problem's item names: a name not among them is
        refused here, with its line (``None``: not checked).
    :returns: the group, each generator's line in :attr:`Group.lines`.
    :raises FormatError: naming the line: a name outside parentheses,
        parentheses that do not match, an empty cycle, an item named twice
        in a line, an unknown item, or no generator at all.

    >>> parse_cycles("| the two reflections\\n(a b)(c d)\\n(a c)(b d)\\n").generators
    ({'a': 'b', 'b': 'a', 'c': 'd', 'd': 'c'}, {'a': 'c', 'c': 'a', 'b': 'd', 'd': 'b'})
    >>> parse_cycles("(a b\\n", source="sym.txt")
    Traceback (most recent call last):
      ...
    dlx.errors.FormatError: sym.txt:1: a cycle is not closed: ')' missing
    """
    known = None if items is None else {str(item): item for item in items}
    bracketed = known is not None and any("(" in name or ")" in name for name in known)
    generators: list[dict[Hashable, Hashable]] = []
    lines: list[int] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):
            continue
        if bracketed:
            tokens = _cycle_tokens(stripped, known or {})
        else:
            tokens = stripped.replace("(", " ( ").replace(")", " ) ").split()
        mapping: dict[Hashable, Hashable] = {}
        cycle: list[Hashable] | None = None
        for token in tokens:
            if token == "(":
                if cycle is not None:
                    raise FormatError("'(' inside a cycle", source, number)
                cycle = []
            elif token == ")":
                if cycle is None:
                    raise FormatError("')' without its '('", source, number)
                if not cycle:
                    raise FormatError("an empty cycle '()'", source, number)
                for here, there in zip(cycle, cycle[1:] + cycle[:1], strict=True):
                    mapping[here] = there
                cycle = None
            else:
                if cycle is None:
                    raise FormatError(
                        f"{token!r} is outside a cycle: write the cycles in parentheses",
                        source,
                        number,
                    )
                name: Hashable = token
                if known is not None:
                    if token not in known:
                        raise FormatError(f"unknown item {token!r}", source, number)
                    name = known[token]
                if name in mapping or name in cycle:
                    raise FormatError(
                        f"item {token!r} is named twice in one generator",
                        source,
                        number,
                    )
                cycle.append(name)
        if cycle is not None:
            raise FormatError("a cycle is not closed: ')' missing", source, number)
        generators.append(mapping)
        lines.append(number)
    if not generators:
        raise FormatError("no generator: write one a line, as (a b)(c d)", source)
    return Group(generators, lines)


def _cycle_tokens(line: str, known: dict[str, Hashable]) -> list[str]:
    """``line``'s names and parentheses, where item names may hold parentheses.

    Each run of non-blank characters is read from its start: the longest
    item name there that ends before a parenthesis, a blank or the run's
    end, else a parenthesis, else (an unknown name, for the message) the
    characters up to a ``)`` that closes no ``(`` among them.
    """
    tokens: list[str] = []
    for run in line.split():
        start = 0
        while start < len(run):
            ends = [
                end
                for end in range(len(run), start, -1)
                if end == len(run) or run[end] in "()"
            ]
            name = next(
                (run[start:end] for end in ends if run[start:end] in known), None
            )
            if name is None and run[start] in "()":
                name = run[start]
            elif name is None:
                # No item's name: up to a ')' that closes no '(' of its own.
                end, depth = start, 0
                while end < len(run) and (run[end] != ")" or depth):
                    depth += {"(": 1, ")": -1}.get(run[end], 0)
                    end += 1
                name = run[start:end]
            tokens.append(name)
            start += len(name)
    return tokens


class BurnsideCount(WholeCount):
    """The orbits counted by Burnside's lemma: one memoised count per element of the group.

    The mean over the group of the solutions each element keeps
    (:func:`fixed_links`), each counted by a :class:`~dlx.MemoSearch`
    with these parameters; the identity's count, the first, is the
    problem's own.  Like a :class:`~dlx.MemoSearch`, a run as those of
    the other ways are (:class:`dlx.ways.Run`, made by
    :func:`dlx.ways.search` with ``method="memo"`` and ``symmetry=``):
    call :meth:`count` once, or iterate it (it hands out nothing, as a
    search with ``count_only`` does, and ``stats.solutions`` counts);
    ``stats``, ``entries`` and ``hits`` add up the counts' (and
    ``stats.solutions`` is the number of orbits, or after a stop a lower
    bound of it); the budgets are the whole count's; ``limit`` caps the
    count returned (reaching it is an outcome of
    :attr:`~dlx.Outcome.LIMIT_REACHED`); :meth:`request_stop` stops it.

    :raises ValueError: for a problem with bounds (memoised search takes
        none), or a negative limit.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> BurnsideCount(Group([{"a": "b", "b": "a"}]).on(problem)).count()
    2
    >>> capped = BurnsideCount(Group([{"a": "b", "b": "a"}]).on(problem), limit=1)
    >>> capped.count(), capped.outcome.name, capped.stats.solutions
    (1, 'LIMIT_REACHED', 2)
    """

    def __init__(
        self,
        action: Action,
        *,
        branching: str = "mrv",
        max_nodes: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
        max_entries: int | None = None,
        max_bytes: int | None = None,
        limit: int | None = None,
    ) -> None:
        if action.links.bound is not None:
            raise ValueError("method='memo' is not supported for a problem with bounds")
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be >= 0, not {limit}")
        self.action = action
        self.branching = branching
        self.max_nodes = max_nodes
        self.timeout = timeout
        self.seed = seed
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.limit = limit
        self.stats = Stats()
        self.outcome = Outcome.RUNNING
        self.entries = 0
        self.hits = 0
        self._counted: int | None = None
        self._current: MemoSearch | None = None
        self._stop = False
        self._ran = False

    def count(self) -> int:
        """Count the orbits (at most ``limit``).

        :raises SearchStopped: when a budget runs out or a stop was asked for
            (its ``stats.solutions``: a lower bound of the orbits).
        :raises RuntimeError: when this count has already run.
        """
        import time

        if self._ran:
            raise RuntimeError("a BurnsideCount runs once; make a new one")
        self._ran = True
        action = self.action
        deadline = None if self.timeout is None else time.perf_counter() + self.timeout
        total = 0
        stats = self.stats
        for element in range(len(action)):
            fixed = fixed_links(action, element)
            assert fixed is not None  # no bounds
            left = (
                None if deadline is None else max(0.0, deadline - time.perf_counter())
            )
            nodes = (
                None if self.max_nodes is None else max(0, self.max_nodes - stats.nodes)
            )
            current = self._current = MemoSearch(
                fixed,
                branching=self.branching,  # type: ignore[arg-type]
                max_nodes=nodes,
                timeout=left,
                seed=self.seed,
                max_entries=self.max_entries,
                max_bytes=self.max_bytes,
            )
            if self._stop:
                current.request_stop()
            try:
                total += current.count()
            except SearchStopped as stop:
                self._add(current)
                self.outcome = stop.outcome
                # Every count is at least 0: what is summed so far, over the
                # group's order, is at most the number of orbits.
                stats.solutions = total // len(action)
                stop.stats = stats
                raise
            finally:
                self._current = None
            self._add(current)
        orbits, rest = divmod(total, len(action))
        assert rest == 0, (total, len(action))
        stats.solutions = orbits
        return self._capped(orbits)

    def _add(self, search: MemoSearch) -> None:
        stats = self.stats
        stats.nodes += search.stats.nodes
        stats.updates += search.stats.updates
        stats.cleansings += search.stats.cleansings
        self.entries += search.entries
        self.hits += search.hits

    def request_stop(self) -> None:
        """Stop the count at its next clock check."""
        self._stop = True
        current = self._current
        if current is not None:
            current.request_stop()
