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

Cages (killer sudoku, KenKen: :mod:`sudoku.cages`) add items and
options of their own, which :mod:`sudoku.cages` describes; before the
encoding, the cells' digits are narrowed by the cages' combinations as
well as by the singles, until neither narrows anything.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import islice

from dlx import Colored, ExactCover
from sudoku.errors import ConflictError, GridSizeError, SudokuError
from sudoku.grid import Grid, check_flags
from sudoku.regions import Regions, leftover_proof, regions_of
from sudoku.singles import Contradiction, Singles, cell_name
from sudoku.wording import a

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    # Annotations only: a grid without cages never imports sudoku.cages.
    from sudoku.cages import Cage, CageConstraints

__all__ = [
    "CAGE_ENCODINGS",
    "MAP_PROOFS_KEPT",
    "MOST_PLACEMENTS",
    "Encoding",
    "encode",
    "map_proof",
]

#: The ways :func:`sudoku.encode` can put cages into exact cover (see :mod:`sudoku.cages`).
CAGE_ENCODINGS = {
    "mixed": "placements for the cages with few fillings, sets for the others",
    "sets": "a combination option per set of digits, joined to the cells by items",
    "colours": "a combination option per set of digits, joined by colours",
    "placements": "an option per way of filling a whole cage",
}
#: With ``"mixed"``, a cage with at most this many ways to fill it gets
#: an option per way; one with more, its combinations.
MOST_PLACEMENTS = 60


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
        forced cells ran into a cell or a symbol with no possibility left
        (or a cage with no combination left); otherwise ``None``.  (A
        ``problem`` that has no solution for a deeper reason says so only
        by finding none.)
    :ivar cages: the grid's cages (:class:`sudoku.cages.Cage`), ``()``
        for none.

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
        "_extra",
        "_values",
        "cages",
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
        cages: tuple[Cage, ...] = (),
        extra: Sequence[tuple[tuple[int, int], ...]] = (),
    ) -> None:
        self.grid = grid
        self.problem = problem
        self.filled = filled
        # Option k < len(cells) puts values[k] in cells[k]; option
        # len(cells) + i fills the (cell, value) pairs of extra[i] (none,
        # for a cage's combination).
        self._cells = cells
        self._values = values
        self._extra = extra
        self.contradiction = contradiction
        self.units = units if units is not None else regions_of(grid.size, grid.box)
        self.cages = cages

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
        single = len(cells)
        for k in solution:
            if k < single:
                values[cells[k]] = chosen[k]
            else:
                for cell, value in self._extra[k - single]:
                    values[cell] = value
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
    grid: Grid,
    *,
    propagate: bool = True,
    units: Regions | None = None,
    cages: Sequence[Cage] = (),
    cage_encoding: str = "mixed",
    implied: bool = True,
) -> Encoding:
    """Turn a grid into an exact-cover problem (see :mod:`sudoku.encoding`).

    :param grid: the parsed grid.
    :param propagate: fill in the cells forced by naked and hidden singles
        first (the default), and prune the cages' combinations; ``False``
        encodes the givens only.
    :param units: the grid's units, from :func:`sudoku.regions_of`
        (for a variant or jigsaw regions); ``None`` for rows, columns and
        the grid's boxes.
    :param cages: killer or arithmetic cages, read by
        :func:`sudoku.cages.read_cages` (``()``: none).
    :param cage_encoding: how cages become exact cover: ``"mixed"`` (the
        default, and the fastest: fillings for cages with few of them,
        combinations for the others), ``"sets"``, ``"colours"`` or
        ``"placements"`` (see :mod:`sudoku.cages` and
        :data:`sudoku.encoding.CAGE_ENCODINGS`).
    :param implied: add the cages that the rules imply (the law of 45:
        :func:`sudoku.cages.implied_cages`).
    :returns: the problem, with what is needed to decode its solutions.
    :raises ConflictError: when two givens repeat a symbol in a row,
        column, box or other unit.
    :raises GridSizeError: when ``units`` is for another size of grid.
    :raises sudoku.cages.CageError: for a cage that no digits can fill.
    :raises SudokuError: for an unknown ``cage_encoding`` (with cages or
        without); when ``grid`` is not a :class:`sudoku.Grid` (a string, a
        list: read it with :meth:`sudoku.Grid.parse` first), ``units`` not
        a :class:`sudoku.Regions`, or a cage not a
        :class:`sudoku.cages.Cage` (read them with
        :func:`sudoku.cages.read_cages`); when ``propagate`` or
        ``implied`` is not ``True`` or ``False`` (NumPy's booleans are).

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
    >>> from sudoku.cages import read_cages
    >>> killer = read_cages([(3, [(0, 0), (0, 1)]), (3, [(2, 2), (2, 3)])], 4)
    >>> encode(Grid.parse("." * 16), cages=killer).problem.count()
    16
    >>> encode("." * 16)
    Traceback (most recent call last):
      ...
    sudoku.errors.SudokuError: grid= is a str, not a sudoku.Grid: read it with sudoku.Grid.parse() first (sudoku.solve() and the others take any form)
    >>> encode(grid, propagate="no")
    Traceback (most recent call last):
      ...
    sudoku.errors.SudokuError: propagate='no' is not True or False
    """
    _check_encode_arguments(grid, units, cages)
    check_flags(propagate=propagate, implied=implied)
    if not isinstance(cage_encoding, str) or cage_encoding not in CAGE_ENCODINGS:
        known = ", ".join(repr(name) for name in CAGE_ENCODINGS)
        raise SudokuError(f"cage_encoding={cage_encoding!r} is none of {known}")
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
    if cages:
        from sudoku.cages import (  # lazily: only a grid with cages needs it
            CageConstraints,
            CageContradiction,
        )

        constraints = CageConstraints(cages, units, implied=implied)
        allow = [full] * (size * size)
        if contradiction is None:
            try:
                todo = _narrow(
                    grid, units, values, free, todo, allow, constraints, propagate
                )
            except CageContradiction as why:
                contradiction = why.describe()
            except Contradiction as why:
                contradiction = why.describe(size, grid.symbol, units.names)
        if contradiction is None:
            return _encode_cages(
                grid, units, values, free, todo, allow, constraints, cage_encoding
            )
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
            tuple(cages),
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


def _narrow(
    grid: Grid,
    units: Regions,
    values: list[int],
    free: list[int],
    todo: list[int],
    allow: list[int],
    constraints: CageConstraints,
    propagate: bool,
) -> list[int]:
    """Narrow the cells' digits by the cages, and fill in singles, until nothing changes.

    Returns the cells still open.  Without ``propagate``, only what the
    encoding needs: each cell's digits within its cages' combinations.

    :raises CageContradiction: when a cage has no combination left.
    :raises Contradiction: when a cell or a symbol has no place left.
    """
    constraints.prune(values, free, allow, deep=propagate)
    if not propagate:
        return todo
    singles = Singles(
        grid.size, values, free, allow, units.units, units.cell_units, units.plain
    )
    while todo:
        before = len(todo)
        todo = singles.fill(todo)
        if not constraints.prune(values, free, allow) and len(todo) == before:
            break
    return todo


def _encode_cages(
    grid: Grid,
    units: Regions,
    values: list[int],
    free: list[int],
    todo: list[int],
    allow: list[int],
    constraints: CageConstraints,
    how: str,
) -> Encoding:
    """The exact cover of a grid with cages, by ``how`` (see :mod:`sudoku.cages`).

    ``"sets"`` and ``"colours"`` encode every cage by its combinations;
    ``"placements"`` encodes the cages given by their fillings, and the
    implied ones by their combinations, as ``"sets"`` does; ``"mixed"``
    gives a cage its fillings when it has at most
    :data:`MOST_PLACEMENTS` of them, else its combinations.
    """
    size = grid.size
    cell_units = units.cell_units
    colours = how == "colours"
    # Item numbers: cells, then the unit-symbol items left open, as for a
    # grid without cages; then the cages' items.
    number = [-1] * (len(free) * size)
    item = len(todo)
    for u, bits in enumerate(free):
        while bits:
            low = bits & -bits
            bits ^= low
            number[u * size + low.bit_length() - 1] = item
            item += 1
    # The digits each open cell may hold.
    opens = [0] * (size * size)
    for cell in todo:
        bits = allow[cell]
        for u in cell_units[cell]:
            bits &= free[u]
        opens[cell] = bits
    active = [
        k
        for k, positions in enumerate(constraints.positions)
        if any(not values[c] for c in positions)
    ]
    placed = []
    if how in ("placements", "mixed"):
        for k in active:
            if constraints.cages[k].index < 0:
                continue
            if how == "mixed":
                cage_opens = [opens[c] for c in constraints.positions[k]]
                fillings = constraints.placements(k, values, cage_opens)
                if next(islice(fillings, MOST_PLACEMENTS, None), None) is not None:
                    continue
            placed.append(k)
    combined = [k for k in active if k not in placed]
    # Per cage encoded by combinations: its item, and per group the item
    # of each digit that a combination may give it (-1 for the others).
    cage_item: dict[int, int] = {}
    digit_items: dict[tuple[int, int], list[int]] = {}
    reaches: dict[int, list[int]] = {}
    for k in combined:
        cage_item[k] = item
        item += 1
    first_secondary = item
    for k in combined:
        fixed = constraints.fixed(k, values)
        assert fixed is not None  # pruned
        reach = [0] * len(fixed)
        for combo in constraints.live[k]:
            for j, mask in enumerate(combo):
                reach[j] |= mask & ~fixed[j]
        reaches[k] = reach
        for j, bits in enumerate(reach):
            digit_items[k, j], item = _numbered(bits, item, size)
    once: dict[tuple[int, int], list[int]] = {}
    if colours:
        # Secondary items: the digit items above, coloured; and, for a
        # group whose cells share no unit, one per digit to keep them apart.
        for k in combined:
            for j, bits in enumerate(reaches[k]):
                if not constraints.in_unit[k][j]:
                    once[k, j], item = _numbered(bits, item, size)
    member = constraints.member

    def covers(cell: int, v: int) -> list[Hashable]:
        """The items of "cell holds v": its units', and its cages' digit items."""
        row: list[Hashable] = [number[u * size + v - 1] for u in cell_units[cell]]
        for k, j in member[cell]:
            if k in cage_item:
                if colours:
                    row.append(Colored(digit_items[k, j][v], 1))
                    if (k, j) in once:
                        row.append(once[k, j][v])
                else:
                    row.append(digit_items[k, j][v])
        return row

    rows: list[list[Hashable]] = []
    cells: list[int] = []
    chosen: list[int] = []
    caged = {c for k in placed for c in constraints.positions[k]}
    for index, cell in enumerate(todo):
        if cell in caged:
            continue
        bits = opens[cell]
        while bits:
            low = bits & -bits
            bits ^= low
            v = low.bit_length()
            rows.append([index, *covers(cell, v)])
            cells.append(cell)
            chosen.append(v)
    extra: list[tuple[tuple[int, int], ...]] = []
    index_of = {cell: index for index, cell in enumerate(todo)}
    for k in placed:
        cage_opens = [opens[c] for c in constraints.positions[k]]
        for filling in constraints.placements(k, values, cage_opens):
            row: list[Hashable] = []
            for cell, v in filling:
                row.append(index_of[cell])
                row.extend(covers(cell, v))
            if len(set(row)) == len(row):  # else two cells of a group agree
                rows.append(row)
                extra.append(filling)
    for k in combined:
        reach = reaches[k]
        for combo in constraints.live[k]:
            row = [cage_item[k]]
            for j, mask in enumerate(combo):
                table = digit_items[k, j]
                bits = reach[j]
                while bits:
                    low = bits & -bits
                    bits ^= low
                    if colours:
                        row.append(
                            Colored(table[low.bit_length()], 1 if mask & low else 0)
                        )
                    elif not mask & low:
                        row.append(table[low.bit_length()])
            rows.append(row)
            extra.append(())
    if colours:
        problem = ExactCover(range(first_secondary), range(first_secondary, item))
        for row in rows:
            problem.add_option(row)
    else:
        problem = ExactCover.from_rows(rows, item, check=False)  # type: ignore[arg-type]
    cages = tuple(constraints.given)
    return Encoding(grid, problem, values, cells, chosen, None, units, cages, extra)


def _check_encode_arguments(grid: object, units: object, cages: object) -> None:
    """Raise :class:`SudokuError` unless :func:`encode` was given a Grid, Regions and Cages.

    Its arguments are the parsed forms; a string or a list of pairs would
    otherwise fail deep inside with a bare AttributeError.
    """
    if not isinstance(grid, Grid):
        raise SudokuError(
            f"grid= is {_kind(grid)}, not a sudoku.Grid: read it with "
            "sudoku.Grid.parse() first (sudoku.solve() and the others take "
            "any form)"
        )
    if units is not None and not isinstance(units, Regions):
        raise SudokuError(
            f"units= is {_kind(units)}, not a sudoku.Regions: make it with "
            "sudoku.regions_of() (or pass None for rows, columns and boxes)"
        )
    if isinstance(cages, str) or not isinstance(cages, Sequence):
        raise SudokuError(
            f"cages= is {_kind(cages)}, not a list of sudoku.cages.Cage: read "
            "the cages with sudoku.cages.read_cages() first"
        )
    if cages:
        from sudoku.cages import Cage  # lazily: only a grid with cages needs it

        for k, cage in enumerate(cages):
            if not isinstance(cage, Cage):
                raise SudokuError(
                    f"cages[{k}] is {_kind(cage)}, not a sudoku.cages.Cage: read "
                    "the cages with sudoku.cages.read_cages() first "
                    "(sudoku.solve() and the others take them as given)"
                )


def _kind(value: object) -> str:
    """``a str``, ``a tuple``, ``None``: what a value is, for a message."""
    return "None" if value is None else a(type(value).__name__)


def _numbered(bits: int, item: int, size: int) -> tuple[list[int], int]:
    """Number an item for each digit of ``bits`` from ``item`` on: the table digit -> item, and the next number."""
    table = [-1] * (size + 1)
    while bits:
        low = bits & -bits
        bits ^= low
        table[low.bit_length()] = item
        item += 1
    return table, item
