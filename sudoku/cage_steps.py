"""The techniques of a solve by hand that read cages: combinations, the rule of 45, splitting, hidden cages.

A killer or arithmetic puzzle (``cages=`` of :func:`sudoku.solve`) is
solved by hand with the techniques of any sudoku, which rest on the
units alone and stay sound with cages, and with five more that read the
cages:

* **cage combinations**: a cage's digits must reach its total (or
  target) by its operation, different within a killer cage and within
  each unit; the sets of digits that do (:func:`sudoku.cages.combinations`)
  and the cells' candidates leave each cell only some digits.  Any
  other candidate goes.  (``"3 on r1c1, r1c2"``: 1 and 2, so r1c1 <> 3,...)
* **rule of 45**: a set of whole units holds each digit once per unit,
  so its digits add up to 45 per unit on a 9×9 grid; take away the
  cages inside it, and the cells left (the *innies*), or the cells the
  cages reaching into it have outside it (the *outies*), add up to what
  is left: an implied cage (:func:`sudoku.cages.implied_cages`), whose
  combinations work as a cage's do.  These are read from the cage
  layout once (at most :data:`sudoku.cages.MOST_IMPLIED_CELLS` cells
  each), and each alone.
* **cage splitting** (:func:`cage_splitting`): a set of whole units
  whose other cells are whole cages of known total and filled cells
  fixes the total of a cage's part inside it: the cage splits into two
  parts of known totals; a killer cage's parts share no digit.
* **hidden cages** (:func:`hidden_cages`): the cages inside a unit, the
  parts of the killer cages reaching into it and its other cells (the
  hidden cage) take different digits that make up 1 to N, read
  together.
* **cage pointing** (:func:`cage_pointing`): a digit every filling of a
  cage holds goes from the cells that see all its places in the cage.

A cell's digits in a cage are those of a combination that its cells can
take together: each group of cells that must differ
(:func:`sudoku.cages.cage_groups`) takes the digits of its set once
each, which a matching of cells to digits decides.  Two cells of
different groups of an arithmetic cage that share a unit (an L of
KenKen) must differ too: for a given cage the fillings are listed, up
to :data:`MOST_FILLING_NODES` nodes; past that, and for an implied cage,
that is left out (a relaxation, so what goes is always sound, but a
step may miss an elimination that a longer look would make).

Ratings: Sudoku Explainer has no cage techniques.  Here a cage's
combinations rate :data:`CAGE_RATING` (1.2, between a hidden single and
pointing: reading a cage is what every killer solve starts with) and
the rule of 45 :data:`RULE_OF_45_RATING` (2.0, one sum more), so that
on a killer they are tried before the naked single; cage splitting
:data:`CAGE_SPLITTING_RATING` (2.4: a sum that cuts a cage, then its
combinations), hidden cages :data:`HIDDEN_CAGES_RATING` (2.5: every
cage of a unit at once) and cage pointing :data:`CAGE_POINTING_RATING`
(2.6, as SE's pointing, with a cage for the box).  The techniques that
assume a unique solution in the units alone (unique rectangles, the
bivalue universal grave) do not hold with cages: a swap of two digits
that keeps the units may break a cage's total.
:func:`sudoku.steps.next_hint` leaves them out for a :class:`CageBoard`.

>>> from sudoku.cages import read_cages
>>> from sudoku.regions import regions_of
>>> units = regions_of(4, (2, 2))
>>> cages = read_cages([(3, [(0, 0), (0, 1)])], 4)
>>> board = CageBoard(units, [0] * 16, cages)
>>> hint = cage_combinations(board)[0]
>>> hint.technique, sorted({v for _, v in hint.eliminations})
('cage combinations', [3, 4])
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import factorial, prod

from sudoku.cages import (
    Cage,
    CageError,
    cage_groups,
    cell_text,
    combinations,
    implied_cages,
    region_sets,
)
from sudoku.regions import Regions
from sudoku.techniques import Board, Clock, Hint, hint_of

__all__ = [
    "CAGE_POINTING_RATING",
    "CAGE_RATING",
    "CAGE_SPLITTING_RATING",
    "HIDDEN_CAGES_RATING",
    "MOST_FILLING_NODES",
    "MOST_HIDDEN_NODES",
    "RULE_OF_45_RATING",
    "TECHNIQUE_NAMES",
    "CageBoard",
    "broken_cage",
    "cage_combinations",
    "cage_pointing",
    "cage_reason",
    "cage_splitting",
    "hidden_cages",
    "rule_of_45",
]

#: The rating of a step by one cage's combinations.
CAGE_RATING = 1.2
#: The rating of a step by the rule of 45 (innies and outies).
RULE_OF_45_RATING = 2.0
#: The rating of a step by cage splitting.
CAGE_SPLITTING_RATING = 2.4
#: The rating of a step by the hidden cages of a unit.
HIDDEN_CAGES_RATING = 2.5
#: The rating of a step by a digit a cage must hold.
CAGE_POINTING_RATING = 2.6
#: The names of the techniques of this module, as their hints carry them.
TECHNIQUE_NAMES = (
    "cage combinations",
    "rule of 45",
    "cage splitting",
    "hidden cages",
    "cage pointing",
)


class _Read:
    """One cage ready for the techniques: its groups, and the combinations of a ``-``, ``/`` or ``=`` cage.

    ``differ``: for a given ``+`` or ``*`` cage of several groups of
    which two cells of different groups share a unit, the pairs of its
    cells (as places in ``cage.cells``) that share a unit, which
    :func:`_allowed` keeps apart (empty for the others, and for an implied
    cage: many cells, many fillings, little found).
    """

    __slots__ = ("apart", "cage", "combos", "differ", "groups", "sets")

    def __init__(self, cage: Cage, units: Regions) -> None:
        self.cage = cage
        self.groups = cage_groups(cage, units)
        self.combos = (
            []
            if cage.op in ("+", "*")
            else combinations(
                cage.op, cage.target, [len(g) for g in self.groups], units.size
            )
        )
        self.differ: tuple[tuple[int, int], ...] = ()
        #: For a given cage of several groups, the pairs of its cells that
        #: share a unit.
        self.apart: tuple[tuple[int, int], ...] = ()
        if len(self.groups) > 1 and cage.index >= 0:
            group_of = {c: j for j, group in enumerate(self.groups) for c in group}
            cell_units = units.cell_units
            cells = cage.cells
            apart = tuple(
                (p, q)
                for q in range(len(cells))
                for p in range(q)
                if set(cell_units[cells[p]]) & set(cell_units[cells[q]])
            )
            self.apart = apart
            if cage.op in ("+", "*") and any(
                group_of[cells[p]] != group_of[cells[q]] for p, q in apart
            ):
                self.differ = apart
        #: The sets of digits of a cage of one group, once listed (``()``:
        #: not yet; ``None``: too many to list).
        self.sets: tuple[int, ...] | None = ()

    def digit_sets(self, size: int) -> tuple[int, ...] | None:
        """The sets of different digits the cage can take, for a cage inside one unit (as bit masks).

        ``None`` when there are more than
        :data:`sudoku.cages.MOST_COMBINATIONS` (a big cage of a big grid).
        """
        if self.sets == ():
            try:
                found = combinations(
                    self.cage.op, self.cage.target, [len(self.cage.cells)], size
                )
            except CageError:
                self.sets = None
            else:
                self.sets = tuple(combo[0] for combo in found)
        return self.sets


#: A unit's cages (see ``CageBoard._unit_parts``).
_UnitParts = tuple[
    tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...], tuple[int, ...]
]


class CageBoard(Board):
    """A :class:`sudoku.techniques.Board` that knows its puzzle's cages.

    The cage techniques (:func:`cage_combinations`, :func:`rule_of_45`)
    read them; every other technique sees a board.  A copy
    (:meth:`~sudoku.techniques.Board.copy`, as forcing chains make) is a
    plain board: what it finds rests on the units alone, which is sound.

    :param regions: the grid's units.
    :param values: each cell's value, 0 for a blank.
    :param cages: the puzzle's cages, read by :func:`sudoku.cages.read_cages`.
    :param clock: as for a board.
    :ivar cages: the cages, ready (the given ones).
    :ivar implied: the cages the rules imply (the rule of 45).

    >>> from sudoku.cages import read_cages
    >>> from sudoku.regions import regions_of
    >>> cages = read_cages([(3, [(0, 0), (0, 1)]), (7, [(0, 2), (0, 3)])], 4)
    >>> board = CageBoard(regions_of(4, (2, 2)), [0] * 16, cages)
    >>> len(board.cages), [c.describe() for c in board.implied_cages()][:1]
    (2, ['7+ on r2c1, r2c2'])
    """

    __slots__ = (
        "_parts",
        "_splits",
        "_virtual",
        "cages",
        "implied",
        "reasons",
    )

    def __init__(
        self,
        regions: Regions,
        values: Sequence[int],
        cages: Sequence[Cage],
        clock: Clock | None = None,
    ) -> None:
        super().__init__(regions, values, clock)
        self.cages = tuple(_Read(cage, regions) for cage in cages)
        self.implied = tuple(
            _Read(cage, regions) for cage in implied_cages(cages, regions)
        )
        #: What each hint of cage splitting and hidden cages rests on, in
        #: words (:func:`cage_reason` reads it); the latest hints only.
        self.reasons: dict[Hint, str] = {}
        self._parts: list[_UnitParts] | None = None
        self._splits: list[list[_Split]] | None = None
        self._virtual: dict[tuple[int, str, tuple[int, ...]], _Read] = {}

    def _unit_parts(self) -> list[_UnitParts]:
        """Per unit: the given cages inside it, the killer cages that reach into it, and its other cells.

        Each as ``(whole, parts, loose)``: ``whole`` the places in
        ``cages`` of the cages inside the unit; ``parts`` a place and the
        cells inside the unit of each killer cage that has two cells or
        more in the unit and some outside; ``loose`` the unit's other cells.
        """
        if self._parts is None:
            owner = {c: k for k, read in enumerate(self.cages) for c in read.cage.cells}
            found = []
            for unit in self.regions.units:
                inside = set(unit)
                whole: list[int] = []
                parts: list[tuple[int, tuple[int, ...]]] = []
                for k in dict.fromkeys(owner[c] for c in unit if c in owner):
                    cage = self.cages[k].cage
                    mine = tuple(c for c in cage.cells if c in inside)
                    if len(mine) == len(cage.cells):
                        whole.append(k)
                    elif cage.distinct and len(mine) > 1:
                        parts.append((k, mine))
                taken = {c for k in whole for c in self.cages[k].cage.cells}
                taken.update(c for _, mine in parts for c in mine)
                loose = tuple(c for c in unit if c not in taken)
                found.append((tuple(whole), tuple(parts), loose))
            self._parts = found
        return self._parts

    def _split_list(self) -> list[list[_Split]]:
        """Per given cage: the ways a set of whole units cuts it (see :func:`cage_splitting`)."""
        if self._splits is None:
            self._splits = [_splits_of(self, k) for k in range(len(self.cages))]
        return self._splits

    def _virtual_read(
        self, target: int, op: str, cells: tuple[int, ...], origin: str
    ) -> _Read:
        """A cage the rules imply, read once (``+`` or ``*``, digits may repeat where the units allow)."""
        key = (target, op, cells)
        read = self._virtual.get(key)
        if read is None:
            size = self.regions.size
            read = _Read(Cage(target, op, cells, size, False, -1, origin), self.regions)
            self._virtual[key] = read
        return read

    def implied_cages(self) -> list[Cage]:
        """The implied cages the rule of 45 reads."""
        return [read.cage for read in self.implied]


def _digits_per_cell(masks: Sequence[int], digits: int) -> list[int] | None:
    """Each cell's digits when the cells (their allowed digits as ``masks``) take ``digits`` one each.

    ``None`` when they cannot.  The sets of digits the first cells can
    take, and those the last cells can, met at each cell: at most
    ``C(n, k)`` sets a cell, no search.

    >>> _digits_per_cell([0b011, 0b011, 0b111], 0b111)
    [3, 3, 4]
    """
    k = len(masks)
    for mask in masks:
        if mask & digits != digits:
            break
    else:
        return [digits] * k  # every cell takes every digit: any order
    # after[i]: the sets of digits cells i.. can take, one each.
    after: list[set[int]] = [set() for _ in range(k + 1)]
    after[k].add(0)
    for i in range(k - 1, -1, -1):
        allowed = masks[i] & digits
        here = after[i]
        for rest in after[i + 1]:
            options = allowed & ~rest
            while options:
                bit = options & -options
                options ^= bit
                here.add(rest | bit)
    if digits not in after[0]:
        return None
    found = [0] * k
    before: set[int] = {0}
    for i in range(k):
        allowed = masks[i] & digits
        nxt: set[int] = set()
        later = after[i + 1]
        for taken in before:
            options = allowed & ~taken
            while options:
                bit = options & -options
                options ^= bit
                if digits & ~taken & ~bit in later:
                    found[i] |= bit
                    nxt.add(taken | bit)
        before = nxt
    return found


def _allowed(board: Board, read: _Read) -> list[int] | None:
    """Each cell's digits in some combination its cage's cells can take (``None``: none can)."""
    values = board.values
    cand = board.cand
    cells = read.cage.cells
    masks = {c: (1 << (values[c] - 1)) if values[c] else cand[c] for c in cells}
    group_masks = [[masks[c] for c in group] for group in read.groups]
    allowed = dict.fromkeys(cells, 0)
    if read.cage.op in ("+", "*"):
        if read.differ:
            exact = _fillings(
                read.cage.op, read.cage.target, [masks[c] for c in cells], read.differ
            )
            if exact != _TOO_MANY:
                return exact
        found = _by_totals(read.cage.op, read.cage.target, group_masks)
        if found is None:
            return None
        for group, bits_of in zip(read.groups, found, strict=True):
            for cell, bits in zip(group, bits_of, strict=True):
                allowed[cell] |= bits
        return [allowed[c] for c in cells]
    any_fits = False
    for combo in read.combos:  # one or two cells
        per_group = []
        for masks_k, digits in zip(group_masks, combo, strict=True):
            fits = _digits_per_cell(masks_k, digits)
            if fits is None:
                break
            per_group.append(fits)
        else:
            any_fits = True
            for group, fits in zip(read.groups, per_group, strict=True):
                for cell, bits in zip(group, fits, strict=True):
                    allowed[cell] |= bits
    if not any_fits:
        return None
    return [allowed[c] for c in cells]


#: The most nodes that the listing of a cage's fillings (cells apart in
#: several rows and columns) visits before it leaves the cage to the
#: looser reading by its groups' totals.
MOST_FILLING_NODES = 2_000
#: What ``_fillings`` answers past :data:`MOST_FILLING_NODES`.
_TOO_MANY: list[int] = [-1]


def _fillings(
    op: str, target: int, masks: Sequence[int], differ: Sequence[tuple[int, int]]
) -> list[int] | None:
    """Each cell's digits in some filling of a ``+`` or ``*`` cage, cells of ``differ`` apart.

    Every filling of the cells (each a digit of its mask) that reaches
    the target, and in which the cells of each pair of ``differ`` hold
    different digits, is looked at; ``None`` when there is none, and
    :data:`_TOO_MANY` past :data:`MOST_FILLING_NODES` nodes (each cell
    of a cage of one group differs from the others anyway: that is
    :func:`_by_totals`' part).

    >>> _fillings("+", 5, [0b111, 0b111, 0b111], [(0, 1), (1, 2)])  # 1 3 1, 2 1 2
    [3, 5, 3]
    """
    count = len(masks)
    order = sorted(range(count), key=lambda p: masks[p].bit_count())
    place = {p: t for t, p in enumerate(order)}
    before: list[list[int]] = [[] for _ in range(count)]
    for p, q in differ:
        if place[p] < place[q]:
            before[place[q]].append(place[p])
        else:
            before[place[p]].append(place[q])
    ordered = [masks[p] for p in order]
    lows = [(m & -m).bit_length() for m in ordered]
    highs = [m.bit_length() for m in ordered]
    adding = op == "+"
    low_rest = [0] * (count + 1)
    high_rest = [0] * (count + 1)
    for t in range(count - 1, -1, -1):
        if adding:
            low_rest[t] = low_rest[t + 1] + lows[t]
            high_rest[t] = high_rest[t + 1] + highs[t]
    found = [0] * count
    digits = [0] * count
    nodes = 0

    def fill(t: int, value: int) -> bool:
        """Go on from cell ``t``; ``False`` when the node budget is used up."""
        nonlocal nodes
        nodes += 1
        if nodes > MOST_FILLING_NODES:
            return False
        if t == count:
            if value == target:
                for k in range(count):
                    found[k] |= 1 << (digits[k] - 1)
                if found == ordered:
                    nodes = -1  # every digit of every cell fits: nothing to find
                    return False
            return True
        bits = ordered[t]
        for k in before[t]:
            bits &= ~(1 << (digits[k] - 1))
        while bits:
            low = bits & -bits
            bits ^= low
            digit = low.bit_length()
            if adding:
                made = value + digit
                if not made + low_rest[t + 1] <= target <= made + high_rest[t + 1]:
                    continue
            else:
                made = value * digit
                if target % made:
                    continue
            digits[t] = digit
            if not fill(t + 1, made):
                return False
        return True

    if not fill(0, 0 if adding else 1) and nodes >= 0:
        return _TOO_MANY
    if not any(found):
        return None
    return [found[place[p]] for p in range(count)]


def _common(
    op: str, target: int, masks: Sequence[int], apart: Sequence[tuple[int, int]]
) -> int:
    """The digits every filling of a cage holds (as bits), cells of ``apart`` different; 0 past :data:`MOST_FILLING_NODES` nodes.

    >>> _common("+", 7, [0b1111, 0b1111, 0b1111], [(0, 1), (1, 2)])  # 1 2 4, 2 1 4...
    0
    >>> _common("*", 8, [0b1111, 0b1111, 0b1111], [(0, 1), (1, 2)])  # 2 4 1, 1 4 2... (not 2 2 2)
    11
    >>> _common("+", 6, [0b1111, 0b1111, 0b1111], [(0, 1), (1, 2), (0, 2)])
    7
    """
    count = len(masks)
    before: list[list[int]] = [[] for _ in range(count)]
    for p, q in apart:
        before[max(p, q)].append(min(p, q))
    digits = [0] * count
    common = -1
    nodes = 0

    def fill(t: int, value: int) -> bool:
        nonlocal nodes, common
        nodes += 1
        if nodes > MOST_FILLING_NODES:
            return False
        if t == count:
            if value == target:
                held = 0
                for d in digits:
                    held |= 1 << (d - 1)
                common &= held
                if not common:
                    return False
            return True
        bits = masks[t]
        for k in before[t]:
            bits &= ~(1 << (digits[k] - 1))
        while bits:
            low = bits & -bits
            bits ^= low
            digit = low.bit_length()
            made = value + digit if op == "+" else value * digit
            if made > target or (op == "*" and target % made):
                continue
            digits[t] = digit
            if not fill(t + 1, made):
                return False
        return True

    if not fill(0, 0 if op == "+" else 1) or common == -1:
        return 0
    return common


def _by_totals(
    op: str, target: int, group_masks: Sequence[Sequence[int]]
) -> list[list[int]] | None:
    """A ``+`` or ``*`` cage's digits per cell, group by group, from the totals the groups can make.

    Each group can take some sets of digits (one each, as its cells'
    candidates allow); a set is kept when the totals the groups before
    and after it can make complete it to the target.  No combination of
    the whole cage is listed.
    """
    adding = op == "+"
    unit = 0 if adding else 1
    options: list[list[tuple[int, list[int]]]] = []
    for masks in group_masks:
        union = 0
        for mask in masks:
            union |= mask
        digits = [d for d in range(1, union.bit_length() + 1) if union >> (d - 1) & 1]
        here: list[tuple[int, list[int]]] = []
        for chosen in itertools.combinations(digits, len(masks)):
            value = sum(chosen) if adding else prod(chosen)
            if value > target or (not adding and target % value):
                continue
            bits = 0
            for d in chosen:
                bits |= 1 << (d - 1)
            fits = _digits_per_cell(masks, bits)
            if fits is not None:
                here.append((value, fits))
        if not here:
            return None
        options.append(here)

    def joined(values: set[int], more: set[int]) -> set[int]:
        out = set()
        for a in values:
            for b in more:
                c = a + b if adding else a * b
                if c <= target and (adding or target % c == 0):
                    out.add(c)
        return out

    count = len(options)
    made = [{value for value, _ in here} for here in options]
    before = [{unit}]
    for values in made:
        before.append(joined(before[-1], values))
    if target not in before[-1]:
        return None
    after = [{unit}]
    for values in reversed(made):
        after.append(joined(after[-1], values))
    after.reverse()  # after[k]: what groups k.. make
    found: list[list[int]] = []
    for k, here in enumerate(options):
        others = set()
        for a in before[k]:
            for b in after[k + 1]:
                others.add(a + b if adding else a * b)
        bits_of = [0] * len(group_masks[k])
        for value, fits in here:
            need = target - value if adding else target // value
            if need in others:
                for i, bits in enumerate(fits):
                    bits_of[i] |= bits
        found.append(bits_of)
    assert count == len(found)
    return found


def _hints(
    board: Board, reads: Sequence[_Read], name: str, rating: float
) -> list[Hint]:
    size = board.regions.size
    values = board.values
    cand = board.cand
    found: list[Hint] = []
    for read in reads:
        cells = read.cage.cells
        if all(values[c] for c in cells):
            continue
        allowed = _allowed(board, read)
        if allowed is None:
            continue  # no combination fits: a contradiction, shown elsewhere
        gone = [
            (cell, value)
            for cell, digits in zip(cells, allowed, strict=True)
            if not values[cell]
            for value in range(1, size + 1)
            if cand[cell] >> (value - 1) & 1 and not digits >> (value - 1) & 1
        ]
        if gone:
            found.append(hint_of(name, rating, eliminations=gone, cells=cells))
    return found


def cage_combinations(board: Board) -> list[Hint]:
    """The hints of the cages' combinations, one per cage with candidates to remove, in the cages' order.

    ``[]`` for a board without cages (not a :class:`CageBoard`).  Each
    hint's ``cells`` are the cage's cells; its eliminations the
    candidates that no combination of the cage leaves (see
    :mod:`sudoku.cage_steps`).

    >>> from sudoku.cages import read_cages
    >>> from sudoku.regions import regions_of
    >>> cages = read_cages([(7, [(0, 0), (0, 1)])], 4)  # 3 and 4
    >>> hint = cage_combinations(CageBoard(regions_of(4, (2, 2)), [0] * 16, cages))[0]
    >>> sorted(hint.eliminations)
    [(0, 1), (0, 2), (1, 1), (1, 2)]
    """
    if not isinstance(board, CageBoard):
        return []
    return _hints(board, board.cages, "cage combinations", CAGE_RATING)


def rule_of_45(board: Board) -> list[Hint]:
    """The hints of the implied cages (innies and outies), as :func:`cage_combinations` gives a cage's.

    ``[]`` for a board without cages.  Each hint's ``cells`` are the
    implied cage's cells.

    >>> from sudoku.cages import read_cages
    >>> from sudoku.regions import regions_of
    >>> cages = read_cages([(3, [(0, 0), (0, 1)])], 4)  # r1c3 + r1c4 = 7: 3 and 4
    >>> hint = rule_of_45(CageBoard(regions_of(4, (2, 2)), [0] * 16, cages))[0]
    >>> hint.cells, sorted(hint.eliminations)
    ((2, 3), [(2, 1), (2, 2), (3, 1), (3, 2)])
    """
    if not isinstance(board, CageBoard):
        return []
    return _hints(board, board.implied, "rule of 45", RULE_OF_45_RATING)


class _Split:
    """A set of whole units that cuts a given cage: the part inside it, the part outside it.

    ``known`` is what the set's digits add up to (or multiply to, by
    ``kind``) without the cage's part inside it and the whole cages of
    known total that lie in the set; ``loose`` are the set's other
    cells, whose digits must be filled in before the part's total is
    known.
    """

    __slots__ = ("inner", "kind", "known", "loose", "outer", "words")

    def __init__(
        self,
        inner: tuple[int, ...],
        outer: tuple[int, ...],
        kind: str,
        known: int,
        loose: tuple[int, ...],
        words: str,
    ) -> None:
        self.inner = inner
        self.outer = outer
        self.kind = kind
        self.known = known
        self.loose = loose
        self.words = words


def _known_total(cage: Cage, kind: str) -> int | None:
    """A cage's sum (``kind`` ``"+"``) or product (``"*"``) when its rule says it."""
    if cage.op == kind or cage.op == "=" or len(cage.cells) == 1:
        return cage.target
    return None


def _splits_of(board: CageBoard, k: int) -> list[_Split]:
    """The sets of whole units that cut cage ``k`` in two (units, runs of rows or columns, two boxes)."""
    cage = board.cages[k].cage
    if cage.op not in ("+", "*"):
        return []  # "-", "/": two cells, each an innie of its own; "=": one cell
    kind = cage.op
    mine = sum(1 << c for c in cage.cells)
    found = []
    for count, region, words in region_sets(board.regions):
        if count > 2 and not words.startswith(("row", "column")):
            continue  # three boxes or more: many sets, seldom of use
        inner = mine & region
        if not inner or inner == mine:
            continue
        known, loose = _rest_of(board, region & ~mine, count, kind, k)
        inside = tuple(c for c in cage.cells if region >> c & 1)
        outside = tuple(c for c in cage.cells if not region >> c & 1)
        found.append(_Split(inside, outside, kind, known, loose, words))
    return found


def _rest_of(
    board: CageBoard, region: int, count: int, kind: str, but: int
) -> tuple[int, tuple[int, ...]]:
    """The total (``kind``) of ``count`` whole units without the whole cages of known total inside ``region`` (but cage ``but``), and the cells left."""
    size = board.regions.size
    known = count * size * (size + 1) // 2 if kind == "+" else factorial(size) ** count
    rest = region
    for j, read in enumerate(board.cages):
        total = _known_total(read.cage, kind)
        if j == but or total is None:
            continue
        mask = sum(1 << c for c in read.cage.cells)
        if mask & ~region == 0:
            rest &= ~mask
            known = known - total if kind == "+" else known // total
    return known, tuple(c for c in range(size * size) if rest >> c & 1)


def _part_total(board: Board, split: _Split) -> int | None:
    """What the cage's part inside the set adds up to (or multiplies to), once its loose cells are filled."""
    values = board.values
    known = split.known
    for cell in split.loose:
        value = values[cell]
        if not value:
            return None
        if split.kind == "+":
            known -= value
        elif known % value:
            return None
        else:
            known //= value
    return known if known > 0 else None


def _split_killer(
    board: Board, read: _Read, inner: Sequence[int], part: int
) -> dict[int, int] | None:
    """Each cell's digits when a killer cage's ``inner`` cells add up to ``part``: its combinations, cut in two."""
    cage = read.cage
    size = board.regions.size
    values = board.values
    cand = board.cand
    outer = [c for c in cage.cells if c not in inner]
    inner_masks = [(1 << (values[c] - 1)) if values[c] else cand[c] for c in inner]
    outer_masks = [(1 << (values[c] - 1)) if values[c] else cand[c] for c in outer]
    sets = read.digit_sets(size)
    if sets is None:
        return {c: (1 << size) - 1 for c in cage.cells}
    allowed = dict.fromkeys(cage.cells, 0)
    fitted = False
    for digits in sets:
        listed = [d for d in range(1, size + 1) if digits >> (d - 1) & 1]
        for chosen in itertools.combinations(listed, len(inner)):
            if sum(chosen) != part:
                continue
            bits = 0
            for d in chosen:
                bits |= 1 << (d - 1)
            fits_in = _digits_per_cell(inner_masks, bits)
            if fits_in is None:
                continue
            fits_out = _digits_per_cell(outer_masks, digits & ~bits)
            if fits_out is None:
                continue
            fitted = True
            for cell, got in zip(inner, fits_in, strict=True):
                allowed[cell] |= got
            for cell, got in zip(outer, fits_out, strict=True):
                allowed[cell] |= got
    return allowed if fitted else None


def _part_sets(
    board: Board, read: _Read, inner: Sequence[int]
) -> list[tuple[int, list[int]]] | None:
    """The sets of digits a killer cage can give its ``inner`` cells, each with the digits it leaves each of them.

    A subset of a combination of the cage that the inner cells can take,
    the rest of it going to the other cells.  ``None`` when there are too
    many combinations to list.
    """
    cage = read.cage
    size = board.regions.size
    values = board.values
    cand = board.cand
    outer = [c for c in cage.cells if c not in inner]
    inner_masks = [(1 << (values[c] - 1)) if values[c] else cand[c] for c in inner]
    outer_masks = [(1 << (values[c] - 1)) if values[c] else cand[c] for c in outer]
    sets = read.digit_sets(size)
    if sets is None:
        return None
    found: dict[int, list[int]] = {}
    outer_fits: dict[int, bool] = {}
    for digits in sets:
        listed = [d for d in range(1, size + 1) if digits >> (d - 1) & 1]
        for chosen in itertools.combinations(listed, len(inner)):
            bits = 0
            for d in chosen:
                bits |= 1 << (d - 1)
            if bits in found:
                continue
            rest = digits & ~bits
            if rest not in outer_fits:
                outer_fits[rest] = _digits_per_cell(outer_masks, rest) is not None
            if not outer_fits[rest]:
                continue
            fits = _digits_per_cell(inner_masks, bits)
            if fits is not None:
                found[bits] = fits
    return list(found.items())


def _keep_reason(board: CageBoard, hint: Hint, reason: str) -> None:
    if len(board.reasons) > 256:
        board.reasons.clear()
    board.reasons[hint] = reason


def _cells_text(size: int, cells: Sequence[int]) -> str:
    return ", ".join(cell_text(size, c) for c in cells)


def cage_splitting(board: Board) -> list[Hint]:
    """The hints of cages cut in two by a set of whole units, one per cut with candidates to remove.

    A ``+`` cage (a killer cage too) that reaches out of a set of whole
    units (a unit, a run of rows or columns, one or two boxes) whose
    other cells are whole cages of known total and filled cells: its
    part inside the set adds up to what they leave of the set's total,
    and its part outside to the rest of its own.  A killer cage then
    takes only the combinations that split so (the two parts never
    share a digit); an arithmetic cage's parts are two cages of their
    own (digits may repeat where the units allow).  The same with
    products for a ``*`` cage.  ``"-"`` and ``"/"`` cages are not cut
    (two cells: the part in a set is one cell, which the rule of 45 and
    the hidden cages read), nor ``"="`` ones.  ``[]`` for a board
    without cages.

    :raises dlx.BudgetExceeded: when the board's clock runs out.

    >>> from sudoku.cages import read_cages
    >>> from sudoku.regions import regions_of
    >>> cages = read_cages([(6, [(0, 0), (0, 1), (1, 1)]), (7, [(0, 2), (0, 3)])], 4)
    >>> board = CageBoard(regions_of(4, (2, 2)), [0] * 16, cages)
    >>> for hint in cage_combinations(board):
    ...     board.apply(hint)
    >>> hint = cage_splitting(board)[0]  # r1c1 + r1c2 = 10 - 7: 1 and 2; r2c2 = 3
    >>> hint.technique, hint.eliminations
    ('cage splitting', ((0, 3), (1, 3), (5, 1), (5, 2)))
    >>> cage_reason(board, hint)
    'cage splitting (row 1): 6 on r1c1, r1c2, r2c2 is 3 on r1c1, r1c2 and 3 on r2c2'
    """
    clock = board.clock
    clock.check()
    if not isinstance(board, CageBoard):
        return []
    size = board.regions.size
    values = board.values
    cand = board.cand
    found: list[Hint] = []
    seen: set[tuple[tuple[int, ...], int]] = set()
    for read, splits in zip(board.cages, board._split_list(), strict=True):
        cage = read.cage
        if all(values[c] for c in cage.cells):
            continue
        for split in splits:
            clock.tick()
            part = _part_total(board, split)
            if part is None or (split.inner, part) in seen:
                continue
            seen.add((split.inner, part))
            if split.kind == "+":
                rest = cage.target - part
                if rest <= 0:
                    continue  # a contradiction, shown elsewhere
            elif cage.target % part:
                continue
            else:
                rest = cage.target // part
            if cage.distinct:
                allowed = _split_killer(board, read, split.inner, part)
                if allowed is None:
                    continue
            else:
                allowed = {}
                fits = True
                for cells, total in ((split.inner, part), (split.outer, rest)):
                    piece = board._virtual_read(total, split.kind, cells, split.words)
                    got = _allowed(board, piece)
                    if got is None:
                        fits = False
                        break
                    allowed.update(zip(cells, got, strict=True))
                if not fits:
                    continue
            gone = [
                (cell, value)
                for cell in cage.cells
                if not values[cell]
                for value in range(1, size + 1)
                if cand[cell] >> (value - 1) & 1
                and not allowed[cell] >> (value - 1) & 1
            ]
            if not gone:
                continue
            hint = hint_of(
                "cage splitting",
                CAGE_SPLITTING_RATING,
                eliminations=gone,
                cells=cage.cells,
            )
            sign = "" if cage.distinct else split.kind
            _keep_reason(
                board,
                hint,
                f"cage splitting ({split.words}): {cage.describe()} is "
                f"{part}{sign} on {_cells_text(size, split.inner)} and "
                f"{rest}{sign} on {_cells_text(size, split.outer)}",
            )
            found.append(hint)
    return found


def _unit_choices(
    board: CageBoard, u: int, budget: int
) -> tuple[list[int], int] | None:
    """The digits each cell of unit ``u`` keeps when its whole cages and its other cells take different digits.

    ``(allowed per cell of the unit, the digits of the rest)``, or
    ``None`` when nothing is to be said (no open cage inside, too many
    ways past ``budget`` nodes, or none at all: a contradiction, shown
    elsewhere).
    """
    size = board.regions.size
    values = board.values
    cand = board.cand
    clock = board.clock
    inside, pieces, loose = board._unit_parts()[u]
    full = (1 << size) - 1
    used = 0
    for cell in loose:
        if values[cell]:
            used |= 1 << (values[cell] - 1)
    parts: list[tuple[tuple[int, ...], list[tuple[int, list[int]]]]] = []
    for k in inside:
        read = board.cages[k]
        cells = read.cage.cells
        if all(values[c] for c in cells):
            for c in cells:
                used |= 1 << (values[c] - 1)
            continue
        sets = read.digit_sets(size)
        if sets is None:
            return None
        masks = [(1 << (values[c] - 1)) if values[c] else cand[c] for c in cells]
        options = []
        for digits in sets:
            fits = _digits_per_cell(masks, digits)
            if fits is not None:
                options.append((digits, fits))
        parts.append((cells, options))
    for k, cells in pieces:
        if all(values[c] for c in cells):
            for c in cells:
                used |= 1 << (values[c] - 1)
            continue
        listed = _part_sets(board, board.cages[k], cells)
        if listed is None:
            return None
        parts.append((cells, listed))
    if not parts:
        return None
    parts.sort(key=lambda part: len(part[1]))
    rest = [c for c in loose if not values[c]]
    rest_masks = [cand[c] for c in rest]
    rest_fits: dict[int, list[int] | None] = {}
    chosen = [0] * len(parts)
    taken_options: list[set[int]] = [set() for _ in parts]
    rest_taken: set[int] = set()
    nodes = 0

    def choose(j: int, taken: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return False
        clock.tick()
        if j == len(parts):
            left = full & ~taken
            if left not in rest_fits:
                rest_fits[left] = (
                    _digits_per_cell(rest_masks, left)
                    if rest
                    else ([] if not left else None)
                )
            if rest_fits[left] is not None:
                rest_taken.add(left)
                for i, option in enumerate(chosen):
                    taken_options[i].add(option)
            return True
        for i, (digits, _) in enumerate(parts[j][1]):
            if digits & taken:
                continue
            chosen[j] = i
            if not choose(j + 1, taken | digits):
                return False
        return True

    if not choose(0, used) or not rest_taken:
        return None
    allowed = {c: 0 for c in board.regions.units[u]}
    for (cells, options), picked in zip(parts, taken_options, strict=True):
        for i in picked:
            for cell, bits in zip(cells, options[i][1], strict=True):
                allowed[cell] |= bits
    for left in rest_taken:
        for cell, bits in zip(rest, rest_fits[left] or [], strict=True):
            allowed[cell] |= bits
    rest_digits = 0
    for left in rest_taken:
        rest_digits |= left
    return [allowed[c] for c in board.regions.units[u]], rest_digits


#: The most nodes :func:`hidden_cages` visits in one unit before it leaves the unit.
MOST_HIDDEN_NODES = 20_000


def hidden_cages(board: Board) -> list[Hint]:
    """The hints of the cages of one unit read together, one per unit with candidates to remove.

    A unit holds each digit once, so the given cages that lie wholly in
    it and its other cells (its *hidden cage*) take different digits,
    which make up 1 to N: a set of digits of one cage that no sets of
    the others (and no filling of the hidden cage's cells) complete to
    1 to N goes, and with it what only it gave the cells.  On a killer
    the hidden cage's total is the unit's 45 less the cages' totals; on
    any cage puzzle it takes the digits the cages leave.  Unlike the rule
    of 45, which reads the sums of the cages as they are given (an
    implied cage of at most :data:`sudoku.cages.MOST_IMPLIED_CELLS`
    cells, alone), this reads every cage of the unit at once, of any
    operation, with the digits already filled in.  ``[]`` for a board
    without cages.

    :raises dlx.BudgetExceeded: when the board's clock runs out.

    >>> from sudoku.cages import read_cages
    >>> from sudoku.regions import regions_of
    >>> cages = read_cages([(3, "-", [(0, 0), (0, 1)]), (1, "-", [(0, 2), (0, 3)])], 4)
    >>> board = CageBoard(regions_of(4, None, "latin"), [0] * 16, cages)
    >>> for hint in cage_combinations(board):  # 1 and 4 on r1c1, r1c2
    ...     board.apply(hint)
    >>> hint = hidden_cages(board)[0]  # so 2 and 3 on r1c3, r1c4
    >>> hint.technique, hint.eliminations
    ('hidden cages', ((2, 1), (2, 4), (3, 1), (3, 4)))
    >>> cage_reason(board, hint)
    'hidden cages in row 1: 3- on r1c1, r1c2 and 1- on r1c3, r1c4 take 1 to 4'
    """
    clock = board.clock
    clock.check()
    if not isinstance(board, CageBoard):
        return []
    size = board.regions.size
    values = board.values
    cand = board.cand
    found: list[Hint] = []
    for u, (inside, pieces, loose) in enumerate(board._unit_parts()):
        if not inside and not pieces:
            continue
        unit = board.regions.units[u]
        if all(values[c] for c in unit):
            continue
        got = _unit_choices(board, u, MOST_HIDDEN_NODES)
        if got is None:
            continue
        allowed, _ = got
        gone = [
            (cell, value)
            for cell, bits in zip(unit, allowed, strict=True)
            if not values[cell]
            for value in range(1, size + 1)
            if cand[cell] >> (value - 1) & 1 and not bits >> (value - 1) & 1
        ]
        if not gone:
            continue
        hint = hint_of(
            "hidden cages",
            HIDDEN_CAGES_RATING,
            eliminations=gone,
            cells=unit,
            units=(u,),
        )
        read = [board.cages[k].cage.describe() for k in inside]
        read += [
            f"{_cells_text(size, cells)} of {board.cages[k].cage.describe()}"
            for k, cells in pieces
        ]
        cages = " and ".join(read)
        rest = [c for c in loose if not values[c]]
        if not rest:
            tail = f"take 1 to {size}"
        elif not pieces and all(board.cages[k].cage.op == "+" for k in inside):
            total = size * (size + 1) // 2 - sum(
                board.cages[k].cage.target for k in inside
            )
            total -= sum(values[c] for c in loose)
            tail = f"leave {total} on {_cells_text(size, rest)}"
        else:
            tail = f"leave the other digits to {_cells_text(size, rest)}"
        _keep_reason(
            board, hint, f"hidden cages in {board.regions.names[u]}: {cages} {tail}"
        )
        found.append(hint)
    return found


def _must_hold(board: Board, read: _Read) -> int:
    """The digits that every way to fill a cage holds somewhere in it (as bits; 0: none, or too many ways to tell)."""
    size = board.regions.size
    values = board.values
    cand = board.cand
    cage = read.cage
    masks = [(1 << (values[c] - 1)) if values[c] else cand[c] for c in cage.cells]
    if len(read.groups) == 1:
        sets = read.digit_sets(size)
        if sets is None:
            return 0
        common = -1
        for digits in sets:
            if _digits_per_cell(masks, digits) is not None:
                common &= digits
                if not common:
                    return 0
        return 0 if common == -1 else common
    if cage.op not in ("+", "*"):
        return 0
    return _common(cage.op, cage.target, masks, read.apart)


def cage_pointing(board: Board) -> list[Hint]:
    """The hints of the digits a cage must hold, one per cage and digit with candidates to remove.

    A digit that every way to fill a cage puts in it (every combination
    its cells can take holds it) is in one of the cage's cells that still
    have it: a cell outside the cage that sees all of them cannot hold
    it, as pointing does with a box.  ``[]`` for a board without cages.

    :raises dlx.BudgetExceeded: when the board's clock runs out.

    >>> from sudoku.cages import read_cages
    >>> from sudoku.regions import regions_of
    >>> cages = read_cages([(3, [(0, 0), (1, 0)])], 4)  # 1 and 2 in column 1
    >>> board = CageBoard(regions_of(4, (2, 2)), [0] * 16, cages)
    >>> hints = cage_pointing(board)
    >>> [(h.values, h.eliminations) for h in hints]
    [((1,), ((1, 1), (5, 1), (8, 1), (12, 1))), ((2,), ((1, 2), (5, 2), (8, 2), (12, 2)))]
    >>> cage_reason(board, hints[0])
    'cage pointing: 3 on r1c1, r2c1 holds 1, on r1c1 or r2c1'
    """
    clock = board.clock
    clock.check()
    if not isinstance(board, CageBoard):
        return []
    size = board.regions.size
    values = board.values
    cand = board.cand
    peers = board.layout.peers
    found: list[Hint] = []
    for read in board.cages:
        clock.tick()
        cells = read.cage.cells
        if all(values[c] for c in cells) or len(cells) == 1:
            continue
        must = _must_hold(board, read)
        for c in cells:
            if values[c]:
                must &= ~(1 << (values[c] - 1))
        for value in range(1, size + 1):
            bit = 1 << (value - 1)
            if not must & bit:
                continue
            places = [c for c in cells if cand[c] & bit]
            if not places:
                continue
            seen = set(peers[places[0]])
            for c in places[1:]:
                seen &= peers[c]
            gone = [(c, value) for c in seen if cand[c] & bit and c not in cells]
            if not gone:
                continue
            hint = hint_of(
                "cage pointing",
                CAGE_POINTING_RATING,
                eliminations=gone,
                cells=places,
                values=(value,),
            )
            where = " or ".join(_cells_text(size, [c]) for c in places)
            _keep_reason(
                board,
                hint,
                f"cage pointing: {read.cage.describe()} holds {value}, on {where}",
            )
            found.append(hint)
    return found


def cage_reason(board: Board, hint: Hint) -> str | None:
    """What a cage technique's hint rests on, in words: the technique and its cage.

    ``"cage combinations of 15 on r1c1, r1c2"``, or for the rule of 45
    the implied cage and where it comes from: ``"rule of 45 (row 1
    outside its whole cages): 7+ on r1c3, r1c4"`` (``7+``: digits may
    repeat where the units allow).  ``None`` for a hint of another technique,
    or a board without that cage.

    >>> from sudoku.cages import read_cages
    >>> from sudoku.regions import regions_of
    >>> board = CageBoard(regions_of(4, (2, 2)), [0] * 16, read_cages([(3, [(0, 0), (0, 1)])], 4))
    >>> cage_reason(board, cage_combinations(board)[0])
    'cage combinations of 3 on r1c1, r1c2'
    >>> cage_reason(board, rule_of_45(board)[0])
    'rule of 45 (row 1 outside its whole cages): 7+ on r1c3, r1c4'
    """
    if not isinstance(board, CageBoard) or hint.technique not in TECHNIQUE_NAMES:
        return None
    if hint.technique not in TECHNIQUE_NAMES[:2]:
        return board.reasons.get(hint)
    reads = board.cages if hint.technique == TECHNIQUE_NAMES[0] else board.implied
    for read in reads:
        if read.cage.cells == hint.cells:
            if read.cage.index >= 0:
                return f"{hint.technique} of {read.cage.describe()}"
            return f"{hint.technique} ({read.cage.origin}): {read.cage.describe()}"
    return None


def broken_cage(board: Board) -> Cage | None:
    """The first cage whose cells can take no combination of it any more (``None``: none).

    A contradiction, as a cell without candidate is: the cage's total
    (or target) cannot be reached with what its cells have left.
    ``None`` too for a board without cages.

    >>> from sudoku.cages import read_cages
    >>> from sudoku.regions import regions_of
    >>> cages = read_cages([(3, [(0, 0), (0, 1)])], 4)
    >>> broken_cage(CageBoard(regions_of(4, (2, 2)), [4] + [0] * 15, cages)).describe()
    '3 on r1c1, r1c2'
    >>> broken_cage(CageBoard(regions_of(4, (2, 2)), [1] + [0] * 15, cages)) is None
    True
    """
    if not isinstance(board, CageBoard):
        return None
    for read in board.cages:
        if _allowed(board, read) is None:
            return read.cage
    return None
