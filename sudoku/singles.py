"""Naked and hidden singles: the two simplest deductions, written once.

A *naked single* is a cell with one possible symbol left; a *hidden
single* is a symbol with one possible cell left in a unit (a row, column
or box, or any other unit of the grid).  Three parts of :mod:`sudoku`
make these deductions, and all of them make them here:

* :func:`sudoku.encode` fills in the cells they force before
  encoding, filling each in as it finds it (:meth:`Singles.fill`);
* the generator's own search (``sudoku.generator.bitmask_search``) does
  the same before each branch, with a symbol banned from a cell, a trail
  to undo, and what to branch on next (``choose``);
* :meth:`Singles.naked` and :meth:`Singles.hidden` with ``found`` find
  every single of the grid as it stands and fill none in (the older
  grader counted them so; :func:`sudoku.grade` now takes the explainer's
  steps, :mod:`sudoku.steps`).

Symbols are bits (symbol ``v`` is ``1 << (v - 1)``).  A cell's
candidates are the symbols that every unit of the cell still lacks (the
``free`` masks of its units, ANDed), within the cell's ``allow`` mask
when there is one.  A cell or a symbol with no possibility left raises
:class:`Contradiction`.

>>> from sudoku.regions import regions_of
>>> units = regions_of(4, (2, 2))
>>> values = [1, 0, 0, 0,  0, 0, 2, 0,  0, 0, 0, 0,  0, 3, 0, 4]
>>> free = [15] * len(units.units)
>>> for cell, value in enumerate(values):
...     for u in units.cell_units[cell] if value else ():
...         free[u] ^= 1 << (value - 1)
>>> singles = Singles(4, values, free, None, units.units, units.cell_units, True)
>>> singles.fill(range(16))  # the cells left blank
[]
>>> values
[1, 2, 4, 3, 3, 4, 2, 1, 4, 1, 3, 2, 2, 3, 1, 4]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

__all__ = ["Contradiction", "Singles", "cell_name"]


def cell_name(size: int, cell: int) -> str:
    """``"row r, column c"`` for a cell of an N x N grid (N = ``size``), from 1.

    The wording of the messages of the encoding and of the grader.

    >>> cell_name(9, 10)
    'row 2, column 2'
    """
    return f"row {cell // size + 1}, column {cell % size + 1}"


class Contradiction(Exception):
    """A cell or a symbol with no possibility left: the grid has no solution.

    :ivar kind: ``"cell"`` (no symbol fits ``cell``), ``"symbol"`` (the
        symbols ``bits`` have no place left in ``unit``) or ``"two"``
        (``cell`` is the only place left for two symbols of ``unit``).
    """

    def __init__(self, kind: str, cell: int = -1, unit: int = -1, bits: int = 0):
        super().__init__(kind, cell, unit, bits)
        self.kind = kind
        self.cell = cell
        self.unit = unit
        self.bits = bits

    def describe(
        self, size: int, symbol: Callable[[int], object], names: Sequence[str]
    ) -> str:
        """The contradiction in the words of the encoding and of the grader.

        Cells as :func:`cell_name` names them, a symbol as ``symbol(value)``
        writes it (the highest, when several have no place), units as
        ``names`` name them.

        >>> Contradiction("symbol", unit=0, bits=0b101).describe(9, str, ["row 1"])
        "symbol '3' has no place in row 1"
        """
        if self.kind == "cell":
            return f"no symbol fits {cell_name(size, self.cell)}"
        if self.kind == "symbol":
            missing = symbol(self.bits.bit_length())
            return f"symbol {missing!r} has no place in {names[self.unit]}"
        return (
            f"{cell_name(size, self.cell)} is the only place for two "
            f"symbols in {names[self.unit]}"
        )


class Singles:
    """Naked and hidden singles over the bit masks of a grid (see :mod:`sudoku.singles`).

    The lists are the caller's, shared, never copied: filling in a cell
    writes its value into ``values``, takes its symbol out of the
    ``free`` masks of its units and appends the cell to ``trail``.

    :param size: N, for an N x N grid.
    :param values: per cell, its symbol (1 to N), or 0 for a blank.
    :param free: per unit, the bits of the symbols it still lacks.
    :param allow: per cell, the bits of the symbols not ruled out in
        another way (by a ban, by an elimination), or ``None``: none is.
    :param units: the cells of each unit.
    :param cell_units: the units of each cell.
    :param three: whether every cell is in exactly three units (the
        fast path: a cell's three masks unpacked, not looped over).
    :param trail: where filled cells are appended (a list of its own when
        ``None``).
    :param choose: whether to find what a search should branch on
        (``best``, ``fewest``, ``pair_unit``, ``pair_bit``).

    With ``choose``, after :meth:`naked` (and so after :meth:`fill`),
    ``best`` is the first blank cell of fewest candidates and ``fewest``
    their number (-1 and N + 1 when no cell is blank, or when the sweep
    found a single); after :meth:`hidden`, ``pair_unit`` is the first unit
    without a single in which a symbol has exactly two places left, looked
    for until the pass finds a single (-1 for none), and ``pair_bit`` the
    lowest such symbol.
    """

    __slots__ = (
        "allow",
        "best",
        "cell_units",
        "choose",
        "fewest",
        "free",
        "pair_bit",
        "pair_unit",
        "size",
        "three",
        "trail",
        "units",
        "values",
    )

    def __init__(
        self,
        size: int,
        values: list[int],
        free: list[int],
        allow: list[int] | None,
        units: Sequence[Sequence[int]],
        cell_units: Sequence[Sequence[int]],
        three: bool,
        trail: list[int] | None = None,
        choose: bool = False,
    ) -> None:
        self.size = size
        self.values = values
        self.free = free
        self.allow = allow
        self.units = units
        self.cell_units = cell_units
        self.three = three
        self.trail: list[int] = [] if trail is None else trail
        self.choose = choose
        self.best = -1
        self.fewest = size + 1
        self.pair_unit = -1
        self.pair_bit = 0

    def candidates(self, cell: int) -> int:
        """The bits of the symbols that may still go in the blank ``cell``."""
        allow = self.allow
        bits = -1 if allow is None else allow[cell]
        free = self.free
        for u in self.cell_units[cell]:
            bits &= free[u]
        return bits

    def two_places(self, unit: Iterable[int]) -> int:
        """The bits of the symbols with exactly two places left among the cells of ``unit``."""
        values = self.values
        once = twice = thrice = 0
        for cell in unit:
            if not values[cell]:
                bits = self.candidates(cell)
                thrice |= twice & bits
                twice |= once & bits
                once |= bits
        return twice & ~thrice

    def fill(self, cells: Iterable[int]) -> list[int]:
        """Fill in naked and hidden singles until none is left; return the cells still blank.

        Naked singles first, sweeping the blank ones of ``cells`` in order
        and filling each in as it is found, sweep after sweep while one
        finds any; then one pass of hidden singles over the units in
        order, filling each in as it is found; then naked singles again,
        until a pass of hidden singles finds none.

        :raises Contradiction: when a cell or a symbol has no possibility
            left (``values`` is filled in as far as it got).
        """
        while True:
            cells, placed = self.naked(cells)
            if placed:
                continue
            if not cells or not self.hidden():
                return cells

    def naked(
        self, cells: Iterable[int], found: list[tuple[int, int]] | None = None
    ) -> tuple[list[int], int]:
        """One sweep of naked singles over the blank ones of ``cells``, in order.

        Fills each single in as it is found, or, with ``found``, appends
        ``(cell, value)`` to it and changes nothing.  Returns the blank
        cells with several candidates, in order, and how many singles were
        found.

        :raises Contradiction: ``"cell"``, for a cell with no candidate.
        """
        values = self.values
        free = self.free
        allow = self.allow
        cell_units = self.cell_units
        three = self.three
        choose = self.choose
        push = self.trail.append
        rest: list[int] = []
        keep = rest.append
        best = -1
        fewest = self.size + 1
        placed = 0
        for cell in cells:
            if values[cell]:
                continue
            if three:
                a, b, c = cell_units[cell]
                bits = free[a] & free[b] & free[c]
            else:
                bits = -1
                for u in cell_units[cell]:
                    bits &= free[u]
            if allow is not None:
                bits &= allow[cell]
            if bits & (bits - 1):
                keep(cell)
                if choose and not placed:
                    n = bits.bit_count()
                    if n < fewest:
                        fewest = n
                        best = cell
            elif bits:
                placed += 1
                if found is not None:
                    found.append((cell, bits.bit_length()))
                    continue
                values[cell] = bits.bit_length()
                if three:
                    free[a] ^= bits
                    free[b] ^= bits
                    free[c] ^= bits
                else:
                    for u in cell_units[cell]:
                        free[u] ^= bits
                push(cell)
            else:
                raise Contradiction("cell", cell)
        self.best = best
        self.fewest = fewest
        return rest, placed

    def hidden(self, found: list[tuple[int, int]] | None = None) -> int:
        """One pass of hidden singles over the units, in order.

        Fills each single in as it is found (the units after it see it),
        or, with ``found``, appends ``(cell, value)`` to it and changes
        nothing (a cell may then be found in two units).  Returns how many
        singles were found.

        :raises Contradiction: ``"symbol"``, for a symbol that a unit lacks
            and that has no place left in it, and ``"two"``, for a cell
            that is the only place left for two symbols of a unit.
        """
        values = self.values
        free = self.free
        allow = self.allow
        cell_units = self.cell_units
        three = self.three
        choose = self.choose
        push = self.trail.append
        pair_unit = -1
        pair_bit = 0
        placed = 0
        for index, unit in enumerate(self.units):
            lacking = free[index]
            if not lacking:
                continue
            once = twice = 0
            for cell in unit:
                if not values[cell]:
                    if three:
                        a, b, c = cell_units[cell]
                        bits = free[a] & free[b] & free[c]
                    else:
                        bits = -1
                        for u in cell_units[cell]:
                            bits &= free[u]
                    if allow is not None:
                        bits &= allow[cell]
                    twice |= once & bits
                    once |= bits
            if once != lacking:
                raise Contradiction("symbol", unit=index, bits=lacking & ~once)
            single = once & ~twice
            if not single:
                if choose and pair_unit < 0 and not placed:
                    two = self.two_places(unit)
                    if two:
                        pair_unit = index
                        pair_bit = two & -two
                continue
            for cell in unit:
                if not values[cell]:
                    if three:
                        a, b, c = cell_units[cell]
                        bits = free[a] & free[b] & free[c] & single
                    else:
                        bits = single
                        for u in cell_units[cell]:
                            bits &= free[u]
                    if allow is not None:
                        bits &= allow[cell]
                    if not bits:
                        continue
                    if bits & (bits - 1):
                        raise Contradiction("two", cell, index)
                    placed += 1
                    if found is not None:
                        found.append((cell, bits.bit_length()))
                        continue
                    values[cell] = bits.bit_length()
                    if three:
                        free[a] ^= bits
                        free[b] ^= bits
                        free[c] ^= bits
                    else:
                        for u in cell_units[cell]:
                            free[u] ^= bits
                    push(cell)
        self.pair_unit = pair_unit
        self.pair_bit = pair_bit
        return placed
