"""A sudoku grid as an exact-cover problem for :mod:`dlx`.

A grid of size N has 4·N² constraints, each an item of the problem:

* cell (r, c) holds a symbol;
* row r holds symbol v;
* column c holds symbol v;
* box b holds symbol v;

and up to N³ candidates "(r, c) holds v", each an option covering one
item of each kind.  Items come in that order (cells first, each kind row
by row), which is also the order in which the engine breaks ties.

What the givens decide is left out of the problem, not put in and then
covered: a constraint the givens satisfy gets no item, and a candidate
the givens exclude (a symbol already in the cell's row, column or box)
gets no option.  Before encoding, the cells that the givens force are
filled in as well, by the two simplest deductions: a cell with one
possible symbol left (a *naked single*), and a symbol with one possible
cell left in a row, column or box (a *hidden single*).  Every solution
of the puzzle satisfies those deductions, so this changes neither the
solutions nor their number; on easy puzzles it leaves the engine little
or nothing to do.  Everything that depends only on the grid's size and
box shape is computed once and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dlx import ExactCover
from sudoku.errors import ConflictError
from sudoku.grid import Grid

__all__ = ["Encoding", "encode"]

_UNIT_NAMES = ("row", "column", "box")


@dataclass(frozen=True, slots=True)
class _Shape:
    """The tables of one (size, box shape), shared by every grid of that shape."""

    size: int
    box: tuple[int, int]
    #: Per cell: (row, column, box).
    place: tuple[tuple[int, int, int], ...]
    #: Per cell: where its row-, column- and box-symbol items start in the
    #: table of item numbers (see :func:`encode`), minus 1 for value 1.
    offsets: tuple[tuple[int, int, int], ...]
    #: The 3N units: rows, then columns, then boxes, as lists of cells.
    units: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=32)
def _shape(size: int, box: tuple[int, int]) -> _Shape:
    box_rows, box_cols = box
    per_band = size // box_cols
    place = tuple(
        (r, c, (r // box_rows) * per_band + c // box_cols)
        for r in range(size)
        for c in range(size)
    )
    area = size * size
    offsets = tuple(
        (r * size - 1, area + c * size - 1, 2 * area + b * size - 1)
        for r, c, b in place
    )
    units = tuple(
        tuple(i for i, where in enumerate(place) if where[kind] == u)
        for kind in range(3)
        for u in range(size)
    )
    return _Shape(size, box, place, offsets, units)


def _where(size: int, cell: int) -> str:
    return f"row {cell // size + 1}, column {cell % size + 1}"


def _unit_name(shape: _Shape, kind: int, unit: int) -> str:
    if kind < 2:
        return f"{_UNIT_NAMES[kind]} {unit + 1}"
    box_rows, box_cols = shape.box
    per_band = shape.size // box_cols
    top = unit // per_band * box_rows + 1
    left = unit % per_band * box_cols + 1
    return (
        f"box {unit + 1} (rows {top}-{top + box_rows - 1}, "
        f"columns {left}-{left + box_cols - 1})"
    )


def _conflict(grid: Grid, shape: _Shape, cell: int) -> ConflictError:
    """The error for the given at ``cell``, which repeats an earlier given."""
    values = grid.values
    value = values[cell]
    where = shape.place[cell]
    size = grid.size
    for kind in range(3):
        for other in range(cell):
            if values[other] == value and shape.place[other][kind] == where[kind]:
                symbol = grid.symbol(value)
                first = (other // size + 1, other % size + 1)
                second = (cell // size + 1, cell % size + 1)
                return ConflictError(
                    f"symbol {symbol!r} twice in {_unit_name(shape, kind, where[kind])}: "
                    f"at {_where(size, other)} and {_where(size, cell)}",
                    symbol,
                    _UNIT_NAMES[kind],
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

    __slots__ = ("_cells", "_values", "contradiction", "filled", "grid", "problem")

    def __init__(
        self,
        grid: Grid,
        problem: ExactCover,
        filled: list[int],
        cells: list[int],
        values: list[int],
        contradiction: str | None,
    ) -> None:
        self.grid = grid
        self.problem = problem
        self.filled = filled
        self._cells = cells
        self._values = values
        self.contradiction = contradiction

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


def encode(grid: Grid, *, propagate: bool = True) -> Encoding:
    """Turn a grid into an exact-cover problem (see :mod:`sudoku.encoding`).

    :param grid: the parsed grid.
    :param propagate: fill in the cells forced by naked and hidden singles
        first (the default); ``False`` encodes the givens only.
    :returns: the problem, with what is needed to decode its solutions.
    :raises ConflictError: when two givens repeat a symbol in a row,
        column or box.

    >>> grid = Grid.parse("1..." "...2" "..4." ".3..")
    >>> encode(grid, propagate=False).problem
    <ExactCover: 48 primary items, 0 secondary items, 20 options>
    >>> encode(grid).problem  # singles fill in every cell
    <ExactCover: 0 primary items, 0 secondary items, 0 options>
    >>> encode(Grid.parse("1..." "..2." "...." "....")).problem.count()
    12
    """
    size = grid.size
    shape = _shape(size, grid.box)
    place = shape.place
    values = list(grid.values)
    full = (1 << size) - 1
    # free[kind][u]: the bits of the values that unit u of that kind still lacks.
    row_free = [full] * size
    col_free = [full] * size
    box_free = [full] * size
    todo: list[int] = []
    for cell, value in enumerate(values):
        if value:
            bit = 1 << (value - 1)
            r, c, b = place[cell]
            if not row_free[r] & col_free[c] & box_free[b] & bit:
                raise _conflict(grid, shape, cell)
            row_free[r] ^= bit
            col_free[c] ^= bit
            box_free[b] ^= bit
        else:
            todo.append(cell)
    contradiction = None
    if propagate and todo:
        todo, contradiction = _fill_forced(
            values, todo, shape, (row_free, col_free, box_free), grid.symbol
        )
    if contradiction is not None:
        # One item that no option covers: a problem without solutions.
        return Encoding(
            grid,
            ExactCover.from_rows([], 1, check=False),
            values,
            [],
            [],
            contradiction,
        )
    # Item numbers: cells 0 .. E-1 (E = len(todo)), then in `number` the
    # row-, column- and box-symbol items that the givens leave open.
    area = size * size
    number = [0] * (3 * area)
    item = len(todo)
    for base, free in ((0, row_free), (area, col_free), (2 * area, box_free)):
        for u in range(size):
            bits = free[u]
            offset = base + u * size - 1
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
    offsets = shape.offsets
    for index, cell in enumerate(todo):
        r, c, b = place[cell]
        ro, co, bo = offsets[cell]
        bits = row_free[r] & col_free[c] & box_free[b]
        while bits:
            low = bits & -bits
            bits ^= low
            v = low.bit_length()
            add_row([index, number[ro + v], number[co + v], number[bo + v]])
            add_cell(cell)
            add_value(v)
    problem = ExactCover.from_rows(rows, item, check=False)
    return Encoding(grid, problem, values, cells, chosen, None)


def _fill_forced(
    values: list[int],
    todo: list[int],
    shape: _Shape,
    free: tuple[list[int], list[int], list[int]],
    symbol: Callable[[int], object],
) -> tuple[list[int], str | None]:
    """Fill in naked and hidden singles, in place; return the cells left open.

    ``free`` holds the masks of the values each row, column and box still
    lacks; they are kept up to date.  Returns ``(cells still blank,
    None)``, or ``(_, why)`` when some cell or symbol has no possibility
    left, so that the grid has no solution.
    """
    row_free, col_free, box_free = free
    place = shape.place
    size = shape.size
    while todo:
        # Naked singles, sweeping the open cells and filling as we go.
        rest: list[int] = []
        keep = rest.append
        for cell in todo:
            r, c, b = place[cell]
            bits = row_free[r] & col_free[c] & box_free[b]
            if bits & (bits - 1):
                keep(cell)
            elif bits:
                values[cell] = bits.bit_length()
                row_free[r] ^= bits
                col_free[c] ^= bits
                box_free[b] ^= bits
            else:
                return rest, f"no symbol fits {_where(size, cell)}"
        if len(rest) < len(todo):
            todo = rest
            continue
        # Hidden singles: a symbol with one place left in a unit.
        progress = False
        for index, unit in enumerate(shape.units):
            kind, u = divmod(index, size)
            lacking = free[kind][u]
            if not lacking:
                continue
            once = twice = 0
            for cell in unit:
                if not values[cell]:
                    r, c, b = place[cell]
                    bits = row_free[r] & col_free[c] & box_free[b]
                    twice |= once & bits
                    once |= bits
            if once != lacking:
                missing = (lacking & ~once).bit_length()
                return todo, (
                    f"symbol {symbol(missing)!r} has no place in "
                    f"{_unit_name(shape, kind, u)}"
                )
            single = once & ~twice
            if not single:
                continue
            for cell in unit:
                if not values[cell]:
                    r, c, b = place[cell]
                    bits = row_free[r] & col_free[c] & box_free[b] & single
                    if bits & (bits - 1):
                        return todo, (
                            f"{_where(size, cell)} is the only place for two "
                            f"symbols in {_unit_name(shape, kind, u)}"
                        )
                    if bits:
                        values[cell] = bits.bit_length()
                        row_free[r] ^= bits
                        col_free[c] ^= bits
                        box_free[b] ^= bits
                        progress = True
        if not progress:
            break
        todo = [cell for cell in todo if not values[cell]]
    return todo, None
