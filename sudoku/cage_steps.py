"""The techniques of a solve by hand that read cages: cage combinations and the rule of 45.

A killer or arithmetic puzzle (``cages=`` of :func:`sudoku.solve`) is
solved by hand with the techniques of any sudoku, which rest on the
units alone and stay sound with cages, and with two more that read the
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
  combinations work as a cage's do.

A cell's digits in a cage are those of a combination that its cells can
take together: each group of cells that must differ
(:func:`sudoku.cages.cage_groups`) takes the digits of its set once
each, which a matching of cells to digits decides.  Two cells of
different groups of an arithmetic cage that share a unit must differ
too; that is left out (a relaxation, so what goes is always sound, but a
step may miss an elimination that a longer look would make).

Ratings: Sudoku Explainer has no cage techniques.  Here a cage's
combinations rate :data:`CAGE_RATING` (1.2, between a hidden single and
pointing: reading a cage is what every killer solve starts with) and
the rule of 45 :data:`RULE_OF_45_RATING` (2.0, one sum more), so that
on a killer they are tried before the naked single.  The techniques that
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
from math import prod

from sudoku.cages import Cage, cage_groups, combinations, implied_cages
from sudoku.regions import Regions
from sudoku.techniques import Board, Clock, Hint, hint_of

__all__ = [
    "CAGE_RATING",
    "RULE_OF_45_RATING",
    "TECHNIQUE_NAMES",
    "CageBoard",
    "broken_cage",
    "cage_combinations",
    "cage_reason",
    "rule_of_45",
]

#: The rating of a step by one cage's combinations.
CAGE_RATING = 1.2
#: The rating of a step by the rule of 45 (innies and outies).
RULE_OF_45_RATING = 2.0
#: The names of the techniques of this module, as their hints carry them.
TECHNIQUE_NAMES = ("cage combinations", "rule of 45")


class _Read:
    """One cage ready for the techniques: its groups, and the combinations of a ``-``, ``/`` or ``=`` cage."""

    __slots__ = ("cage", "combos", "groups")

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

    __slots__ = ("cages", "implied")

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
