"""A sudoku grid as an exact-cover problem for :mod:`dlx`.

A grid of size N has 4·N² constraints, each an item of the problem:

* cell (r, c) holds a symbol;
* row r holds symbol v;
* column c holds symbol v;
* box b holds symbol v;

and up to N³ candidates "(r, c) holds v", each an option covering one
item of each kind.  Items come in that order (cells first, each kind row
by row), which is also the order in which the engine breaks ties.

The units come from a :class:`sudoku.regions.Regions`: with jigsaw
regions the box items become region items, and a variant adds N items
per extra unit ("diagonal d holds v", "window w holds v"), which the
candidates of that unit's cells cover too.

What the givens decide is left out of the problem, not put in and then
covered: a constraint the givens satisfy gets no item, and a candidate
the givens exclude (a symbol already in the cell's row, column or box)
gets no option.  Before encoding, the cells that the givens force are
filled in as well, by the two simplest deductions (:mod:`sudoku.singles`):
a cell with one possible symbol left (a *naked single*), and a symbol
with one possible cell left in a row, column or box, or any other unit
of the grid (a *hidden single*).  Every solution
of the puzzle satisfies those deductions, so this changes neither the
solutions nor their number; on easy puzzles it leaves the engine little
or nothing to do.  Everything that depends only on the grid's size and
box shape is computed once and cached.
"""

from __future__ import annotations

from collections.abc import Sequence

from dlx import ExactCover
from sudoku.errors import ConflictError, GridSizeError
from sudoku.grid import Grid
from sudoku.regions import Regions, leftover_proof, regions_of
from sudoku.singles import Contradiction, Singles, cell_name

__all__ = ["MAP_PROOFS_KEPT", "Encoding", "encode", "map_proof"]


def conflict_error(grid: Grid, units: Regions, cell: int) -> ConflictError:
    """The error for the given at ``cell``, which repeats an earlier given.

    It names the first unit (in the order of ``units``) in which an
    earlier given holds the same symbol, and both cells: the encoding and
    the grader report a conflict in the same words.
    """
    values = grid.values
    value = values[cell]
    size = grid.size
    for u in units.cell_units[cell]:
        for other in units.units[u]:
            if other >= cell:
                break
            if values[other] == value:
                symbol = grid.symbol(value)
                first = (other // size + 1, other % size + 1)
                second = (cell // size + 1, cell % size + 1)
                return ConflictError(
                    f"symbol {symbol!r} twice in {units.names[u]}: "
                    f"at {cell_name(size, other)} and {cell_name(size, cell)}",
                    symbol,
                    units.kinds[u],
                    first,
                    second,
                )
    raise AssertionError(f"no earlier given conflicts with cell {cell}")


class Encoding:
    """The exact-cover problem of one grid, and the way back to the grid.

    Made by :func:`encode`.  ``problem`` is a :class:`dlx.ExactCover`
    whose solutions are the grid's solutions; :meth:`decode` turns one
    into the values of the solved grid.

    :ivar grid: the grid that was encoded.
    :ivar units: the grid's units (rows, columns, boxes or jigsaw
        regions, and a variant's extra units).
    :ivar problem: the exact-cover problem.
    :ivar filled: the values of the grid after the forced cells were
        filled in (0 for the cells left to the search).
    :ivar contradiction: why the grid has no solution, when filling in
        forced cells ran into a cell or a symbol with no possibility left;
        otherwise ``None``.  (A ``problem`` that has no solution for a
        deeper reason says so only by finding none.)

    >>> enc = encode(Grid.parse("12.." "34.." "...." "...."))
    >>> enc.problem
    <ExactCover: 48 primary items, 0 secondary items, 32 options>
    >>> enc.filled[:8]
    [1, 2, 0, 0, 3, 4, 0, 0]
    >>> enc.decode(enc.problem.first() or ())[:8]
    [1, 2, 3, 4, 3, 4, 1, 2]
    """

    __slots__ = (
        "_cells",
        "_values",
        "contradiction",
        "filled",
        "grid",
        "problem",
        "units",
    )

    def __init__(
        self,
        grid: Grid,
        problem: ExactCover,
        filled: list[int],
        cells: list[int],
        values: list[int],
        contradiction: str | None,
        units: Regions | None = None,
    ) -> None:
        self.grid = grid
        self.problem = problem
        self.filled = filled
        self._cells = cells
        self._values = values
        self.contradiction = contradiction
        self.units = units if units is not None else regions_of(grid.size, grid.box)

    def decode(self, solution: Sequence[int]) -> list[int]:
        """The values of the solved grid, for one solution of ``problem``.

        :param solution: option indices, as :mod:`dlx` yields them.
        :returns: the N² values, row by row.

        >>> enc = encode(Grid.parse("." * 16))
        >>> enc.decode(enc.problem.first() or ())
        [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
        """
        values = list(self.filled)
        cells = self._cells
        chosen = self._values
        for k in solution:
            values[cells[k]] = chosen[k]
        return values

    def __repr__(self) -> str:
        return f"<Encoding of {self.grid!r}: {self.problem!r}>"


#: How many region maps :func:`map_proof` remembers its answer for.
MAP_PROOFS_KEPT = 64
_MAP_PROOFS: dict[tuple[tuple[int, ...], ...], str | None] = {}


def map_proof(units: Regions) -> str | None:
    """:func:`sudoku.regions.leftover_proof` of ``units``, remembered for the last maps asked.

    A batch of puzzles shares one map, and the proof takes milliseconds.

    >>> map_proof(regions_of(4, None, None, "AABB" "ACBB" "CCDD" "CADD"))[:40]
    'rows 1-2 hold each symbol twice, as regi'
    """
    key = tuple(tuple(unit) for unit in units.units)
    if key in _MAP_PROOFS:
        return _MAP_PROOFS[key]
    if len(_MAP_PROOFS) >= MAP_PROOFS_KEPT:
        _MAP_PROOFS.clear()
    found = _MAP_PROOFS[key] = leftover_proof(units)
    return found


def encode(
    grid: Grid, *, propagate: bool = True, units: Regions | None = None
) -> Encoding:
    """Turn a grid into an exact-cover problem (see :mod:`sudoku.encoding`).

    :param grid: the parsed grid.
    :param propagate: fill in the cells forced by naked and hidden singles
        first (the default); ``False`` encodes the givens only.
    :param units: the grid's units, from :func:`sudoku.regions_of`
        (for a variant or jigsaw regions); ``None`` for rows, columns and
        the grid's boxes.
    :returns: the problem, with what is needed to decode its solutions.
    :raises ConflictError: when two givens repeat a symbol in a row,
        column, box or other unit.
    :raises GridSizeError: when ``units`` is for another size of grid.

    >>> grid = Grid.parse("1..." "...2" "..4." ".3..")
    >>> encode(grid, propagate=False).problem
    <ExactCover: 48 primary items, 0 secondary items, 20 options>
    >>> encode(grid).problem  # singles fill in every cell
    <ExactCover: 0 primary items, 0 secondary items, 0 options>
    >>> encode(Grid.parse("1..." "..2." "...." "....")).problem.count()
    12
    >>> x = regions_of(4, (2, 2), "x")
    >>> encode(Grid.parse("1..." "..2." "...." "...."), units=x).problem.count()
    2
    """
    size = grid.size
    if units is None:
        units = regions_of(size, grid.box)
    elif units.size != size:
        raise GridSizeError(
            f"the units are for a {units.size}x{units.size} grid, "
            f"not for this {size}x{size} one",
            size,
            units.size,
        )
    cell_units = units.cell_units
    values = list(grid.values)
    full = (1 << size) - 1
    # free[u]: the bits of the values that unit u still lacks.
    free = [full] * len(units.units)
    todo: list[int] = []
    plain = units.plain
    for cell, value in enumerate(values):
        if value:
            bit = 1 << (value - 1)
            if plain:
                r, c, b = cell_units[cell]
                if not free[r] & free[c] & free[b] & bit:
                    raise conflict_error(grid, units, cell)
                free[r] ^= bit
                free[c] ^= bit
                free[b] ^= bit
                continue
            us = cell_units[cell]
            for u in us:
                if not free[u] & bit:
                    raise conflict_error(grid, units, cell)
            for u in us:
                free[u] ^= bit
        else:
            todo.append(cell)
    contradiction = None
    if propagate and todo and units.region_of is not None:
        # A jigsaw map that no complete grid fits (the law of leftovers):
        # the search could take hours to find out.
        why_not = map_proof(units)
        if why_not is not None:
            contradiction = f"no complete grid fits the region map: {why_not}"
    if contradiction is None and propagate and todo:
        singles = Singles(size, values, free, None, units.units, cell_units, plain)
        try:
            todo = singles.fill(todo)
        except Contradiction as why:
            contradiction = why.describe(size, grid.symbol, units.names)
    if contradiction is not None:
        # One item that no option covers: a problem without solutions.
        return Encoding(
            grid,
            ExactCover.from_rows([], 1, check=False),
            values,
            [],
            [],
            contradiction,
            units,
        )
    # Item numbers: cells 0 .. E-1 (E = len(todo)), then in `number` the
    # unit-symbol items that the givens leave open, unit by unit.
    number = [0] * (len(free) * size)
    item = len(todo)
    for u, bits in enumerate(free):
        offset = u * size - 1
        while bits:
            low = bits & -bits
            bits ^= low
            number[offset + low.bit_length()] = item
            item += 1
    rows: list[list[int]] = []
    add_row = rows.append
    cells: list[int] = []
    add_cell = cells.append
    chosen: list[int] = []
    add_value = chosen.append
    if plain:
        offsets = units.offsets
        for index, cell in enumerate(todo):
            r, c, b = cell_units[cell]
            ro, co, bo = offsets[cell]
            bits = free[r] & free[c] & free[b]
            while bits:
                low = bits & -bits
                bits ^= low
                v = low.bit_length()
                add_row([index, number[ro + v], number[co + v], number[bo + v]])
                add_cell(cell)
                add_value(v)
    else:
        for index, cell in enumerate(todo):
            us = cell_units[cell]
            bits = full
            for u in us:
                bits &= free[u]
            while bits:
                low = bits & -bits
                bits ^= low
                v = low.bit_length() - 1
                add_row([index, *[number[u * size + v] for u in us]])
                add_cell(cell)
                add_value(v + 1)
    problem = ExactCover.from_rows(rows, item, check=False)
    return Encoding(grid, problem, values, cells, chosen, None, units)
