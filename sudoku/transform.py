"""Sudoku grids up to the transformations that keep a grid valid.

A sudoku stays a sudoku when its symbols are relabelled, its rows are
permuted within a band, its bands are permuted, its columns within a
stack, its stacks, and (for square boxes) when it is transposed.  Two
grids related by such moves are *equivalent*: they have the same number
of solutions, and the same solving path up to the moves.

:func:`~sudoku.canonical` writes one grid of each class, the **minlex** form:
read the grid row by row, with 0 for a blank and the symbols numbered in
the order they first appear, and take the transformation that makes
that sequence least (Sudoku Players' Forums' convention, so that the
canonical forms compare with other programs').  :func:`~sudoku.equivalent`
compares two grids by their canonical forms.  :func:`~sudoku.transformations`
gives the moves as a :class:`dlx.symmetry.Group` acting on
:func:`~sudoku.grid_cover`, for counting grids up to symmetry with :mod:`dlx`.

>>> canonical("4321" "2143" "3412" "1234")
'1234341221434321'
>>> equivalent("1..." "...." "...." "....", "...." "...." "...." "...2")
True
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from sudoku.encoding import encode
from sudoku.grid import ArrayLike, Grid, GridLike, box_shape

if TYPE_CHECKING:
    from dlx import ExactCover
    from dlx.symmetry import Group

__all__ = ["canonical", "equivalent", "grid_cover", "transformations"]


def canonical(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
) -> GridLike | ArrayLike:
    """The minlex form of ``grid``: the least of its equivalent grids.

    Among all grids that relabelling, row and column moves within bands
    and stacks, band and stack moves and (for square boxes) transposition
    make of ``grid``, the one whose cells, read row by row with 0 for a
    blank and the symbols numbered from 1 in the order they first appear,
    form the least sequence.  It is written in ``grid``'s representation
    with its alphabet's first symbols (``1``, ``2``... for digits; ``A``,
    ``B``... for letters).  Equivalent grids, and only they, have the same
    canonical form; solved grids and puzzles alike.

    The search tries each orientation and order of the stacks, then builds
    the answer row by row, keeping only the choices of rows and columns
    that tie for the least row so far; columns that no row has told apart
    yet are kept together rather than tried one by one.

    :param grid: a grid or puzzle, in any form :func:`sudoku.solve` takes.
    :param alphabet: as in :func:`sudoku.solve`.
    :param box: as in :func:`sudoku.solve`.
    :returns: the canonical grid, in the representation ``grid`` came in.
    :raises SudokuError: as :func:`sudoku.solve` does for a grid it cannot
        read, and :class:`sudoku.ConflictError` when two givens repeat a
        symbol in a unit (the moves are defined on valid grids).

    >>> canonical("4321" "2143" "3412" "1234")
    '1234341221434321'
    >>> canonical(["..3.", "....", "....", "2..."])
    ['....', '...1', '....', '.2..']
    """
    parsed = Grid.parse(grid, alphabet=alphabet, box=box)
    return parsed.render(_minlex(_checked(parsed)))


def equivalent(
    first: GridLike | ArrayLike,
    second: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
) -> bool:
    """Whether one of the moves of :func:`canonical` turns ``first`` into ``second``.

    Symbols are compared by their places, not their names: a grid written
    in ``ABCD`` can be equivalent to one in ``1234``.  Grids of different
    sizes or box shapes are not equivalent.

    :param first: a grid or puzzle, in any form :func:`sudoku.solve` takes.
    :param second: another.
    :param alphabet: as in :func:`sudoku.solve`, for both.
    :param box: as in :func:`sudoku.solve`, for both.
    :returns: ``True`` when they have the same canonical form.
    :raises SudokuError: as :func:`canonical` does, for either grid.

    >>> equivalent("12.." "...." "...." "....", "...." "...." "...." "..43")
    True
    >>> equivalent("12.." "...." "...." "....", "1..." "...2" "...." "....")
    False
    """
    a = Grid.parse(first, alphabet=alphabet, box=box)
    b = Grid.parse(second, alphabet=alphabet, box=box)
    if a.size != b.size or a.box != b.box:
        return False
    return _minlex(_checked(a)) == _minlex(_checked(b))


def _checked(grid: Grid) -> Grid:
    """``grid``, once no unit of it repeats a symbol (:class:`ConflictError` else)."""
    encode(grid, propagate=False)
    return grid


# -- the minlex search ---------------------------------------------------------------

#: The key of a symbol met for the first time: after every label.
_NEW = 1 << 30

#: Columns that move together: the m-th of each run of a cell goes to the
#: same offset in its run.
_Member = tuple[int, ...]

#: Each row's, column's and band's kind: the first of those with its contents.
_Kinds = tuple[list[int], list[int], list[int]]


class _State:
    """One way of building the answer so far: rows and columns placed, labels given.

    Columns that no row has told apart yet share a *cell*: runs of free
    places of the answer, all of one length, and members that fill them,
    each member a column per run that go to the same offset in their runs
    (one column per member, until a row ties columns of two cells).  A
    symbol first met in a cell is *pending*: its label is ``base + p``
    where ``p`` is the place its column ends up at.
    """

    __slots__ = (
        "band_rows",
        "bands",
        "cells",
        "col_at",
        "label",
        "next_id",
        "next_label",
        "pending",
        "where",
    )

    band_rows: tuple[int, ...]  # the rows left in the band being placed
    bands: frozenset[int]  # the bands not yet begun
    col_at: list[int]  # the source column at each place, -1 while free
    cells: dict[
        int, tuple[tuple[int, ...], int, tuple[_Member, ...]]
    ]  # runs, length, members
    where: list[tuple[int, _Member] | None]  # each free column's cell and member
    label: list[int]  # each symbol's label, 0 while none
    next_label: int
    next_id: int
    pending: dict[int, tuple[int, int]]  # symbol: its column, base

    def copy(self) -> _State:
        new = _State.__new__(_State)
        new.band_rows = self.band_rows
        new.bands = self.bands
        new.col_at = self.col_at[:]
        new.cells = dict(self.cells)
        new.where = self.where[:]
        new.label = self.label[:]
        new.next_label = self.next_label
        new.next_id = self.next_id
        new.pending = dict(self.pending)
        return new

    def key(self, kinds: _Kinds) -> Hashable:
        """What decides the rest of the answer (states with one key are one).

        Lines are named by their contents (``kinds``): two blank rows, or
        two blank columns, have the same future wherever they are.
        """
        row, col, band = kinds
        return (
            tuple(sorted([row[r] for r in self.band_rows])),
            tuple(sorted([band[b] for b in self.bands])),
            tuple([-1 if c < 0 else col[c] for c in self.col_at]),
            tuple(
                sorted(
                    (runs, tuple(sorted(tuple([col[c] for c in m]) for m in members)))
                    for runs, _, members in self.cells.values()
                )
            ),
            tuple(self.label),
            tuple(sorted((s, col[c], base) for s, (c, base) in self.pending.items())),
        )

    def run_at(self, place: int) -> tuple[int, int]:
        """The cell, and the run in it, whose free places begin at ``place``."""
        for cid, (runs, _, _) in self.cells.items():
            for r, lo in enumerate(runs):
                if lo == place:
                    return cid, r
        raise AssertionError(f"no run begins at place {place}")

    def pin(self, cid: int, member: _Member) -> None:
        """Put ``member``'s columns at the first free place of each run of its cell."""
        runs, length, members = self.cells[cid]
        label = self.label
        pending = self.pending
        for column, at in zip(member, runs, strict=True):
            self.col_at[at] = column
            self.where[column] = None
            for symbol, (col, base) in list(pending.items()):
                if col == column:
                    label[symbol] = base + at
                    del pending[symbol]
        if length == 1:
            del self.cells[cid]
        else:
            rest = tuple([m for m in members if m != member])
            self.cells[cid] = (tuple([lo + 1 for lo in runs]), length - 1, rest)

    def settle(self, symbol: int) -> int:
        """The label of a pending ``symbol``: its column goes to the first free place."""
        column, _ = self.pending[symbol]
        found = self.where[column]
        assert found is not None
        self.pin(*found)
        return self.label[symbol]

    def split(self, cid: int, chosen: Sequence[_Member]) -> None:
        """Make ``chosen`` a cell of its own, in the first places of each run."""
        runs, length, members = self.cells[cid]
        k = len(chosen)
        if k == length:
            return
        new = self.next_id
        self.next_id += 1
        self.cells[new] = (runs, k, tuple(chosen))
        for m in chosen:
            for c in m:
                self.where[c] = (new, m)
        rest = tuple([m for m in members if m not in chosen])
        self.cells[cid] = (tuple([lo + k for lo in runs]), length - k, rest)

    def couple(
        self, cid: int, chosen: Sequence[_Member], xid: int, partners: Sequence[_Member]
    ) -> None:
        """Tie ``chosen[i]`` to ``partners[i]`` (of cell ``xid``): one member, in the first places."""
        k = len(chosen)
        runs, length, members = self.cells[cid]
        x_runs, x_length, x_members = self.cells[xid]
        new = self.next_id
        self.next_id += 1
        merged = tuple([a + b for a, b in zip(chosen, partners, strict=True)])
        self.cells[new] = (runs + x_runs, k, merged)
        for m in merged:
            for c in m:
                self.where[c] = (new, m)
        for old, old_runs, old_length, old_members, taken in (
            (cid, runs, length, members, chosen),
            (xid, x_runs, x_length, x_members, partners),
        ):
            if old_length == k:
                del self.cells[old]
            else:
                rest = tuple([m for m in old_members if m not in taken])
                self.cells[old] = (
                    tuple([lo + k for lo in old_runs]),
                    old_length - k,
                    rest,
                )


def _kinds(rows: Sequence[Sequence[int]], rows_in_band: int, n_bands: int) -> _Kinds:
    """Name each row, column and band by the first one with the same contents."""
    size = len(rows)

    def first(contents: list[Hashable]) -> list[int]:
        seen: dict[Hashable, int] = {}
        return [seen.setdefault(line, k) for k, line in enumerate(contents)]

    row = first([tuple(line) for line in rows])
    col = first([tuple(line[c] for line in rows) for c in range(size)])
    band = first(
        [
            tuple(
                sorted(row[r] for r in range(b * rows_in_band, (b + 1) * rows_in_band))
            )
            for b in range(n_bands)
        ]
    )
    return row, col, band


def _minlex(grid: Grid) -> list[int]:
    """The canonical values of a conflict-free ``grid`` (see :func:`canonical`)."""
    size = grid.size
    rows_in_band, cols_in_stack = grid.box
    values = grid.values
    orientations = [[values[r * size : (r + 1) * size] for r in range(size)]]
    if rows_in_band == cols_in_stack:
        orientations.append([values[c::size] for c in range(size)])
    n_bands = size // rows_in_band
    n_stacks = size // cols_in_stack
    best: list[int] = []
    for rows in orientations:
        # Lines with the same contents (blank ones) are one line to the search.
        kinds = _kinds(rows, rows_in_band, n_bands)
        row_kind, col_kind, band_kind = kinds
        stack_kind = [
            tuple(
                sorted(
                    col_kind[c]
                    for c in range(s * cols_in_stack, (s + 1) * cols_in_stack)
                )
            )
            for s in range(n_stacks)
        ]
        # Each orientation and order of the stacks is a search of its own:
        # the stacks' order is the one choice a cell cannot defer.
        orders: dict[tuple[tuple[int, ...], ...], tuple[int, ...]] = {}
        for order in itertools.permutations(range(n_stacks)):
            orders.setdefault(tuple([stack_kind[s] for s in order]), order)
        states: list[_State] = []
        for order in orders.values():
            state = _State()
            state.band_rows = ()
            state.bands = frozenset(range(n_bands))
            state.col_at = [-1] * size
            state.cells = {}
            state.where = [None] * size
            for s, source in enumerate(order):
                members = tuple(
                    (c,)
                    for c in range(source * cols_in_stack, (source + 1) * cols_in_stack)
                )
                state.cells[s] = ((s * cols_in_stack,), cols_in_stack, members)
                for m in members:
                    state.where[m[0]] = (s, m)
            state.next_id = n_stacks
            state.label = [0] * (size + 1)
            state.next_label = 1
            state.pending = {}
            states.append(state)
        answer: list[int] = []
        for _ in range(size):
            row_best: list[int] | None = None
            kept: dict[Hashable, _State] = {}
            for state in states:
                choices: dict[
                    tuple[int, int], tuple[int, tuple[int, ...], frozenset[int]]
                ] = {}
                if state.band_rows:
                    for r in state.band_rows:
                        choices.setdefault(
                            (-1, row_kind[r]), (r, state.band_rows, state.bands)
                        )
                else:
                    for band in sorted(state.bands):
                        in_band = tuple(
                            range(band * rows_in_band, (band + 1) * rows_in_band)
                        )
                        rest = state.bands - {band}
                        for r in in_band:
                            choices.setdefault(
                                (band_kind[band], row_kind[r]), (r, in_band, rest)
                            )
                for r, band_rows, bands in choices.values():
                    for row, after in _place_row(state, rows[r], row_best):
                        if row_best is None or row < row_best:
                            row_best = row
                            kept = {}
                        elif row > row_best:
                            continue
                        after.band_rows = tuple([m for m in band_rows if m != r])
                        after.bands = bands
                        kept.setdefault(after.key(kinds), after)
            assert row_best is not None
            answer.extend(row_best)
            states = list(kept.values())
            if best and answer > best[: len(answer)]:
                break  # this orientation cannot win
        if not best or answer < best:
            best = answer
    return best


def _place_row(
    state: _State, source: Sequence[int], bound: list[int] | None
) -> Iterator[tuple[list[int], _State]]:
    """The least rows ``source`` can make from ``state``, each with the state after.

    Rows worse than ``bound`` are abandoned as soon as they fall behind;
    ties between columns that cannot wait yield one answer each.
    """
    work: list[tuple[_State, int, list[int]]] = [(state.copy(), 0, [])]
    size = len(source)
    while work:
        st, j, row = work.pop()
        tight = bound is not None and row == bound[: len(row)]
        label = st.label
        while j < size:
            column = st.col_at[j]
            if column >= 0:
                symbol = source[column]
                if not symbol:
                    value = 0
                elif label[symbol]:
                    value = label[symbol]
                elif symbol in st.pending:
                    value = st.settle(symbol)
                else:
                    value = label[symbol] = st.next_label
                    st.next_label += 1
                row.append(value)
                j += 1
            else:
                cid, ra = st.run_at(j)
                _, _, members = st.cells[cid]
                keys = []
                partner: list[tuple[int, _Member] | None] = []
                for m in members:
                    symbol = source[m[ra]]
                    found = None
                    if not symbol:
                        key = 0
                    elif label[symbol]:
                        key = label[symbol]
                    elif symbol in st.pending:
                        col, base = st.pending[symbol]
                        found = st.where[col]
                        assert found is not None
                        xid, xm = found
                        lo = st.cells[xid][0][xm.index(col)]
                        # The member chosen here takes the first place of every run.
                        key = base + lo + (1 if xid == cid and xm != m else 0)
                    else:
                        key = _NEW
                    keys.append(key)
                    partner.append(found)
                least = min(keys)
                tied = [m for m, key in zip(members, keys, strict=True) if key == least]
                k = len(tied)
                if least == 0:
                    # The blanks of this cell: their order does not show here.
                    if k == 1:
                        st.pin(cid, tied[0])
                    else:
                        st.split(cid, tied)
                    row.extend([0] * k)
                    j += k
                elif least == _NEW:
                    # New symbols, all the rest: labelled by the places they get.
                    for m in tied:
                        st.pending[source[m[ra]]] = (m[ra], st.next_label - j)
                    row.extend(range(st.next_label, st.next_label + k))
                    st.next_label += k
                    if k == 1:
                        st.pin(cid, tied[0])
                    j += k
                elif k == 1:
                    _choose(st, cid, tied[0], source[tied[0][ra]])
                    row.append(least)
                    j += 1
                else:
                    found_ = [
                        f for f, key in zip(partner, keys, strict=True) if key == least
                    ]
                    xids = {f[0] for f in found_ if f is not None}
                    if len(found_) == k and None not in found_ and xids != {cid}:
                        # Symbols pending on one run of another cell: the i-th
                        # of these columns goes where the i-th of theirs does.
                        xid = xids.pop()
                        st.couple(
                            cid, tied, xid, [f[1] for f in found_ if f is not None]
                        )
                        row.extend(range(least, least + k))
                        j += k
                    else:
                        for m in tied[1:]:
                            fork = st.copy()
                            _choose(fork, cid, m, source[m[ra]])
                            work.append((fork, j + 1, [*row, least]))
                        _choose(st, cid, tied[0], source[tied[0][ra]])
                        row.append(least)
                        j += 1
            if tight:
                assert bound is not None
                n = len(row)
                if row > bound[:n]:
                    break
                tight = row == bound[:n]
        else:
            yield row, st


def _choose(state: _State, cid: int, member: _Member, symbol: int) -> None:
    """Put ``member`` first in its cell and give ``symbol`` (at its column here) its label."""
    state.pin(cid, member)
    if symbol in state.pending:
        state.settle(symbol)


# -- the moves as a group on the exact cover of the grids ---------------------------


def grid_cover(size: int = 9, *, box: tuple[int, int] | None = None) -> ExactCover:
    """The exact cover of the filled ``size`` x ``size`` grids, with named items.

    Items ``("cell", r, c)``, ``("row", r, v)``, ``("column", c, v)`` and
    ``("box", b, v)`` (all from 0; boxes row by row); one option a cell
    and value.  :func:`transformations` acts on it.

    :param size: N.
    :param box: the box shape (``None``: the default for N).
    :returns: a :class:`dlx.ExactCover` with N³ options.
    :raises BoxShapeError: when ``box`` does not fit N.

    >>> grid_cover(4).count()
    288
    """
    from dlx import ExactCover  # as the solver does, when it is used

    rows_in_band, cols_in_stack = box_shape(size, box)
    items = [
        (kind, a, b)
        for kind in ("cell", "row", "column", "box")
        for a in range(size)
        for b in range(size)
    ]
    problem = ExactCover(items)
    for r, c, v in itertools.product(range(size), repeat=3):
        b = (r // rows_in_band) * (size // cols_in_stack) + c // cols_in_stack
        problem.add_option(
            [("cell", r, c), ("row", r, v), ("column", c, v), ("box", b, v)]
        )
    return problem


def transformations(size: int = 9, *, box: tuple[int, int] | None = None) -> Group:
    """The moves that keep a ``size`` x ``size`` grid valid, as a group on :func:`grid_cover`.

    Generators: a cycle and a swap of the values, a swap and (for three
    or more) a cycle of the first band's rows, the same for the bands, for
    the first stack's columns and for the stacks, and the transposition
    when the boxes are square.  ``grid_cover(size).count(symmetry=...)``
    counts the essentially different grids, for groups small enough to
    list (:data:`dlx.symmetry.MAX_ELEMENTS`: the 4x4 grids' 3,072 moves;
    9x9 has 1.2 · 10¹², for which :func:`canonical` is the tool).

    :param size: N.
    :param box: the box shape (``None``: the default for N).
    :returns: a :class:`dlx.symmetry.Group`.
    :raises BoxShapeError: when ``box`` does not fit N.

    >>> grid_cover(4).count(symmetry=transformations(4))
    2
    """
    from dlx.symmetry import Group  # only counting up to symmetry needs it

    rows_in_band, cols_in_stack = box_shape(size, box)
    n_bands, n_stacks = size // rows_in_band, size // cols_in_stack

    def moves(span: int, step: int, count: int) -> Iterator[dict[int, int]]:
        # A swap and a cycle of `count` blocks of `span` lines from `step` on.
        if count < 2:
            return
        swap = {step + k: step + span + k for k in range(span)}
        swap.update({v: k for k, v in swap.items()})
        yield swap
        if count > 2:
            yield {
                step + k: step + (k + span) % (count * span)
                for k in range(count * span)
            }

    def generator(
        rows: dict[int, int] | None = None,
        cols: dict[int, int] | None = None,
        values: dict[int, int] | None = None,
        transpose: bool = False,
    ) -> dict[Any, Any]:
        mapping: dict[Any, Any] = {}
        for r, c, v in itertools.product(range(size), repeat=3):
            r2 = (rows or {}).get(r, r)
            c2 = (cols or {}).get(c, c)
            v2 = (values or {}).get(v, v)
            if transpose:
                r2, c2 = c, r
            b = (r // rows_in_band) * n_stacks + c // cols_in_stack
            b2 = (r2 // rows_in_band) * n_stacks + c2 // cols_in_stack
            mapping["cell", r, c] = ("cell", r2, c2)
            mapping["box", b, v] = ("box", b2, v2)
            if transpose:
                mapping["row", r, v] = ("column", r, v2)
                mapping["column", c, v] = ("row", c, v2)
            else:
                mapping["row", r, v] = ("row", r2, v2)
                mapping["column", c, v] = ("column", c2, v2)
        return mapping

    generators: list[dict[Any, Any]] = []
    generators.extend(generator(values=m) for m in moves(1, 0, size))
    generators.extend(generator(rows=m) for m in moves(1, 0, rows_in_band))
    generators.extend(generator(rows=m) for m in moves(rows_in_band, 0, n_bands))
    generators.extend(generator(cols=m) for m in moves(1, 0, cols_in_stack))
    generators.extend(generator(cols=m) for m in moves(cols_in_stack, 0, n_stacks))
    if rows_in_band == cols_in_stack:
        generators.append(generator(transpose=True))
    return Group(generators)
