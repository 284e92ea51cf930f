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
compares two grids by their canonical forms.  Both take a ``timeout``
and a ``progress`` hook, as the solving functions do: the search behind
them is quick on puzzles and most grids, but grids with many
automorphisms (the most regular ones) make it long.
:func:`~sudoku.transformations` gives the moves as a :class:`dlx.symmetry.Group`
acting on :func:`~sudoku.grid_cover`, for counting grids up to symmetry
with :mod:`dlx`.

>>> canonical("4321" "2143" "3412" "1234")
'1234341221434321'
>>> equivalent("1..." "...." "...." "....", "...." "...." "...." "...2")
True
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from dlx.clock import stop_message
from dlx.errors import BudgetExceeded
from dlx.stats import Outcome, Progress, Stats, remaining_seconds
from sudoku.encoding import encode
from sudoku.errors import BudgetError
from sudoku.grid import ArrayLike, Grid, GridLike, box_shape
from sudoku.solver import check_budget

if TYPE_CHECKING:
    from dlx import ExactCover
    from dlx.symmetry import Group

__all__ = [
    "CanonicalInterrupted",
    "canonical",
    "equivalent",
    "grid_cover",
    "transformations",
]


class CanonicalInterrupted(KeyboardInterrupt):
    """:func:`sudoku.canonical` or :func:`sudoku.equivalent` was interrupted (Ctrl-C): the message says how far it got.

    A :class:`KeyboardInterrupt`, so that Ctrl-C still ends a program that
    does not catch it.  Like a :class:`dlx.SearchStopped`, it carries
    ``outcome`` (:attr:`dlx.Outcome.INTERRUPTED`) and ``stats``, the
    search's counts (``nodes``, ``updates``: rows read, ``solutions``:
    ways found of making the least grid so far).

    :param message: what was being done and how far it got.
    :param stats: the counts (``None``: none).

    >>> issubclass(CanonicalInterrupted, KeyboardInterrupt)
    True
    >>> CanonicalInterrupted("canonical form of a 9x9 grid: ...").outcome.value
    'interrupted'
    """

    def __init__(self, message: str, stats: Stats | None = None) -> None:
        super().__init__(message)
        self.outcome = Outcome.INTERRUPTED
        self.stats = Stats() if stats is None else stats


def canonical(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], object] | None = None,
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

    The search builds the answer a row at a time, depth first, and drops
    a way of reading the grid as soon as it falls behind the least answer
    found so far; columns that no row has told apart yet are kept
    together rather than tried one by one.  Two ways of reading the grid
    that make the same answer are an automorphism of the grid (a move
    that gives the grid back): as nauty does for graphs, the search keeps
    the automorphisms it meets and skips what they make of the parts it
    has searched.  Its memory is a few times N² values whatever the grid;
    its time is milliseconds for puzzles, and seconds for the most
    regular 25x25 and 36x36 grids, whose automorphisms are many.

    :param grid: a grid or puzzle, in any form :func:`sudoku.solve` takes.
    :param alphabet: as in :func:`sudoku.solve`.
    :param box: as in :func:`sudoku.solve`.
    :param timeout: give up after about this many seconds (``None``:
        never); the clock is read every 64 steps of the search (a step
        tries a choice, reads a row ahead, or moves a choice by an
        automorphism: well under a millisecond each).
    :param progress: called about once a second with a
        :class:`dlx.Progress`: ``nodes`` the choices tried, ``updates``
        the rows read, ``solutions`` the ways found of making the least
        grid so far (more than one: the grid has automorphisms),
        ``depth`` the rows of the answer on the current path,
        ``fraction`` Knuth's estimate of the part of the search done and
        ``remaining`` the seconds left at the rate so far.
    :returns: the canonical grid, in the representation ``grid`` came in.
    :raises SudokuError: as :func:`sudoku.solve` does for a grid it cannot
        read or a ``timeout`` that is not a number of seconds >= 0, and
        :class:`sudoku.ConflictError` when two givens repeat a symbol in
        a unit (the moves are defined on valid grids).
    :raises BudgetError: (a :class:`dlx.BudgetExceeded` too) when
        ``timeout`` runs out: the message says how long it ran and how
        far it got, ``stats`` holds the counts.
    :raises CanonicalInterrupted: (a :class:`KeyboardInterrupt`) on
        Ctrl-C, saying as much.

    >>> canonical("4321" "2143" "3412" "1234")
    '1234341221434321'
    >>> canonical(["..3.", "....", "....", "2..."])
    ['....', '...1', '....', '.2..']
    >>> canonical("1" + "." * 80, timeout=0)
    Traceback (most recent call last):
      ...
    sudoku.errors.BudgetError: canonical form of a 9x9 grid: search stopped after ... s (time budget of 0 s used up), 0 of 9 rows on its current path, 0 nodes, about ... % done
    """
    check_budget(None, None, timeout, progress)
    parsed = Grid.parse(grid, alphabet=alphabet, box=box)
    _checked(parsed)
    size = parsed.size
    clock = _Clock(timeout, progress, size)
    clock.what = f"canonical form of a {size}x{size} grid"
    form = _form(parsed, clock)
    assert form is not None
    return parsed.render(form)


def equivalent(
    first: GridLike | ArrayLike,
    second: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], object] | None = None,
) -> bool:
    """Whether one of the moves of :func:`canonical` turns ``first`` into ``second``.

    Symbols are compared by their places, not their names: a grid written
    in ``ABCD`` can be equivalent to one in ``1234``.  Grids of different
    sizes or box shapes are not equivalent.

    The canonical form of ``first`` is searched, then ``second`` is
    searched for that form only: the search stops at the first way of
    reading ``second`` that makes it, or at the first that makes a grid
    less than it.

    :param first: a grid or puzzle, in any form :func:`sudoku.solve` takes.
    :param second: another.
    :param alphabet: as in :func:`sudoku.solve`, for both.
    :param box: as in :func:`sudoku.solve`, for both.
    :param timeout: as in :func:`canonical`, for the two searches together.
    :param progress: as in :func:`canonical`, for the two searches (the
        first is the first half of ``fraction``, the second the second).
    :returns: ``True`` when they have the same canonical form.
    :raises SudokuError: as :func:`canonical` does, for either grid.
    :raises BudgetError: when ``timeout`` runs out (the message says which
        grid was being searched).
    :raises CanonicalInterrupted: on Ctrl-C, as in :func:`canonical`.

    >>> equivalent("12.." "...." "...." "....", "...." "...." "...." "..43")
    True
    >>> equivalent("12.." "...." "...." "....", "1..." "...2" "...." "....")
    False
    """
    check_budget(None, None, timeout, progress)
    a = Grid.parse(first, alphabet=alphabet, box=box)
    b = Grid.parse(second, alphabet=alphabet, box=box)
    if a.size != b.size or a.box != b.box:
        return False
    _checked(a)
    _checked(b)
    size = a.size
    clock = _Clock(timeout, progress, size)
    clock.what = f"equivalent grids: canonical form of the first {size}x{size} grid"
    clock.share = (0.0, 0.5)
    form = _form(a, clock)
    clock.what = (
        f"equivalent grids: the second {size}x{size} grid, against the "
        "first's canonical form"
    )
    clock.share = (0.5, 0.5)
    return _form(b, clock, form) is not None


def _form(
    grid: Grid, clock: _Clock, target: list[int] | None = None
) -> list[int] | None:
    """The canonical values of a conflict-free ``grid``, on ``clock`` (``target``: see :class:`_Search`).

    A :class:`KeyboardInterrupt` becomes :class:`CanonicalInterrupted`.
    """
    try:
        return _Search(grid, clock, target).run()
    except KeyboardInterrupt:
        raise clock.interrupted() from None


def _checked(grid: Grid) -> Grid:
    """``grid``, once no unit of it repeats a symbol (:class:`ConflictError` else)."""
    encode(grid, propagate=False)
    return grid


# -- the minlex search ---------------------------------------------------------------

#: The key of a symbol met for the first time: after every label.
_NEW = 1 << 30

#: Steps of the search (rows read, moves applied to a choice) between two
#: looks at the clock.
_CLOCK_EVERY = 64

#: Seconds between two progress reports.
_REPORT_EVERY = 1.0

#: The most automorphisms of the grid the search keeps, per row of the grid.
_MOVES_PER_ROW = 2

#: Columns that move together: the m-th of each run of a cell goes to the
#: same offset in its run.
_Member = tuple[int, ...]

#: Each row's, column's and band's kind: the first of those with its contents.
_Kinds = tuple[list[int], list[int], list[int]]

#: A move of one orientation of the grid: the row, column and symbol each
#: goes to (symbol 0, the blank, stays), then the band and the stack.
_Move = tuple[list[int], list[int], list[int], list[int], list[int]]

#: How a leaf of the search made the answer: the source row of each row,
#: the source column of each column, each symbol's label (0: never met).
_Made = tuple[list[int], list[int], list[int]]


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

    def key(self, kinds: _Kinds, move: _Move) -> Hashable:
        """What decides the rest of the answer, once ``move`` has moved the grid.

        States with one key are one (the identity move); a state and its
        image under an automorphism of the grid with one key have the same
        future.  Lines are named by their contents (``kinds``): two blank
        rows, or two blank columns, have the same future wherever they are.
        """
        row, col, band = kinds
        rows, cols, symbols, bands, _ = move
        label = [0] * len(self.label)
        for symbol, value in enumerate(self.label):
            label[symbols[symbol]] = value
        return (
            tuple(sorted([row[rows[r]] for r in self.band_rows])),
            tuple(sorted([band[bands[b]] for b in self.bands])),
            tuple([-1 if c < 0 else col[cols[c]] for c in self.col_at]),
            tuple(
                sorted(
                    (
                        runs,
                        tuple(
                            sorted(tuple([col[cols[c]] for c in m]) for m in members)
                        ),
                    )
                    for runs, _, members in self.cells.values()
                )
            ),
            tuple(label),
            tuple(
                sorted(
                    (symbols[s], col[cols[c]], base)
                    for s, (c, base) in self.pending.items()
                )
            ),
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

    def made(self) -> tuple[list[int], list[int]]:
        """The source column at each place and each symbol's label, once every column is placed.

        Columns that no row told apart (blank ones) go in any order: the
        answer is the same.
        """
        state = self.copy() if self.cells else self
        while state.cells:
            cid, (_, _, members) = next(iter(state.cells.items()))
            state.pin(cid, members[0])
        return state.col_at, state.label


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


class _Clock:
    """The budget of a canonical-form search, its progress reports and its counts.

    The search calls :meth:`tick` at every step (a choice tried, a row
    read ahead, a choice moved by an automorphism); every
    :data:`_CLOCK_EVERY` steps, and at the first, :meth:`check` reads the
    clock, raises :class:`BudgetError` when the time is up and calls the
    progress hook when a report is due (about once a second).
    """

    __slots__ = (
        "found",
        "left",
        "nodes",
        "progress",
        "reported",
        "rows",
        "share",
        "size",
        "started",
        "timeout",
        "what",
        "where",
    )

    def __init__(
        self,
        timeout: float | None,
        progress: Callable[[Progress], object] | None,
        size: int,
    ) -> None:
        self.timeout = timeout
        self.progress = progress
        self.size = size
        self.started = self.reported = time.perf_counter()
        self.left = 1  # the first tick reads the clock
        #: Choices tried, rows read, leaves that make the least grid so far.
        self.nodes = 0
        self.rows = 0
        self.found = 0
        #: What is being done, for the messages.
        self.what = "canonical form"
        #: This search's part of the whole job: (done before it, its share).
        self.share = (0.0, 1.0)
        #: The current search's rows on its path and the fraction of it done.
        self.where: Callable[[], tuple[int, float]] = lambda: (0, 0.0)

    def tick(self) -> None:
        """Count a step; read the clock every :data:`_CLOCK_EVERY` steps."""
        self.left -= 1
        if not self.left:
            self.check()

    def check(self) -> None:
        """Raise :class:`BudgetError` when the time is up; report progress when due."""
        self.left = _CLOCK_EVERY
        if self.timeout is None and self.progress is None:
            return
        now = time.perf_counter()
        elapsed = now - self.started
        if self.timeout is not None and elapsed >= self.timeout:
            why = stop_message(Outcome.OUT_OF_TIME, elapsed, self.timeout)
            raise BudgetError(
                BudgetExceeded(Outcome.OUT_OF_TIME, self.stats(), self.message(why))
            )
        if self.progress is not None and now - self.reported >= _REPORT_EVERY:
            self.reported = now
            depth, fraction = self.done()
            self.progress(
                Progress(
                    nodes=self.nodes,
                    updates=self.rows,
                    solutions=self.found,
                    elapsed=elapsed,
                    depth=depth,
                    fraction=fraction,
                    remaining=remaining_seconds(elapsed, fraction, False),
                )
            )

    def done(self) -> tuple[int, float]:
        """The rows on the current path, and the fraction of the whole job done."""
        depth, fraction = self.where()
        before, share = self.share
        return depth, before + share * fraction

    def stats(self) -> Stats:
        """The counts so far, as a stopped search's ``stats``."""
        return Stats(nodes=self.nodes, updates=self.rows, solutions=self.found)

    def message(self, why: str) -> str:
        """``why`` the search stopped, with what it was doing and how far it got."""
        depth, fraction = self.done()
        return (
            f"{self.what}: {why}, {depth} of {self.size} rows on its current "
            f"path, {self.nodes:,} nodes, about {100 * fraction:.0f} % done"
        )

    def interrupted(self) -> CanonicalInterrupted:
        """The error of a search that a :class:`KeyboardInterrupt` stopped."""
        elapsed = time.perf_counter() - self.started
        why = f"search interrupted after {elapsed:.3g} s"
        return CanonicalInterrupted(self.message(why), self.stats())


class _Side:
    """One orientation of the grid (the grid, or its transpose), as the search reads it."""

    __slots__ = (
        "box",
        "choice_of",
        "choices",
        "identity",
        "kinds",
        "moves",
        "order_of",
        "orders",
        "rows",
        "stack_kind",
    )

    def __init__(self, rows: list[Sequence[int]], box: tuple[int, int]) -> None:
        size = len(rows)
        rows_in_band, cols_in_stack = box
        n_bands = size // rows_in_band
        self.rows = rows
        self.box = box
        # Lines with the same contents (blank ones) are one line to the search.
        self.kinds = row_kind, col_kind, band_kind = _kinds(rows, rows_in_band, n_bands)
        self.stack_kind = [
            tuple(
                sorted(
                    col_kind[c]
                    for c in range(s * cols_in_stack, (s + 1) * cols_in_stack)
                )
            )
            for s in range(size // cols_in_stack)
        ]
        # The stacks' order is the one choice a cell cannot defer: the
        # search begins with each order of them (orders of stacks with the
        # same contents are one).
        orders: dict[tuple[tuple[int, ...], ...], tuple[int, ...]] = {}
        for order in itertools.permutations(range(size // cols_in_stack)):
            orders.setdefault(tuple([self.stack_kind[s] for s in order]), order)
        self.orders = list(orders.values())
        self.order_of = {kinds: k for k, kinds in enumerate(orders)}
        # The first row: any row of any band (rows alike are one).
        choices: dict[tuple[int, int], tuple[int, tuple[int, ...], frozenset[int]]] = {}
        for band in range(n_bands):
            in_band = tuple(range(band * rows_in_band, (band + 1) * rows_in_band))
            rest = frozenset(range(n_bands)) - {band}
            for r in in_band:
                choices.setdefault((band_kind[band], row_kind[r]), (r, in_band, rest))
        self.choices = list(choices.values())
        self.choice_of = {kinds: k for k, kinds in enumerate(choices)}
        lines = list(range(size))
        self.identity: _Move = (lines, lines, list(range(size + 1)), lines, lines)
        #: The automorphisms of this orientation found so far.
        self.moves: list[_Move] = []

    def first_rows(self) -> tuple[tuple[int, ...], Iterator[int]]:
        """The best first row (as blanks per stack) and the choices that make it.

        A first row reads, stack by stack, the stack's blanks (0) and then
        new symbols (1, 2...): the more blanks first, the less the row.
        The choices are numbered ``order * len(choices) + choice`` and come
        in increasing order, one at a time (there are N · n! of them).
        """
        cols_in_stack = self.box[1]
        n_stacks = len(self.stack_kind)
        blanks = [
            [
                sum(
                    1
                    for v in self.rows[r][s * cols_in_stack : (s + 1) * cols_in_stack]
                    if not v
                )
                for s in range(n_stacks)
            ]
            for r, _, _ in self.choices
        ]
        best = max(tuple(sorted(counts, reverse=True)) for counts in blanks)
        wanted = [
            k
            for k, counts in enumerate(blanks)
            if sorted(counts, reverse=True) == list(best)
        ]
        width = len(self.choices)
        found = (
            o * width + k
            for o, order in enumerate(self.orders)
            for k in wanted
            if tuple([blanks[k][s] for s in order]) == best
        )
        return best, found

    def start(self, order_number: int) -> _State:
        """The state before any row, with the stacks in the given order."""
        size = len(self.rows)
        cols_in_stack = self.box[1]
        state = _State()
        state.band_rows = ()
        state.bands = frozenset()
        state.col_at = [-1] * size
        state.cells = {}
        state.where = [None] * size
        for s, source in enumerate(self.orders[order_number]):
            members = tuple(
                (c,)
                for c in range(source * cols_in_stack, (source + 1) * cols_in_stack)
            )
            state.cells[s] = ((s * cols_in_stack,), cols_in_stack, members)
            for m in members:
                state.where[m[0]] = (s, m)
        state.next_id = len(self.stack_kind)
        state.label = [0] * (size + 1)
        state.next_label = 1
        state.pending = {}
        return state

    def move_choice(self, move: _Move, number: int) -> int:
        """The first-row choice that ``move`` makes of choice ``number``."""
        rows, _, _, _, stacks = move
        width = len(self.choices)
        order_number, k = divmod(number, width)
        order = self.orders[order_number]
        moved = tuple([self.stack_kind[stacks[s]] for s in order])
        r = rows[self.choices[k][0]]
        row_kind, _, band_kind = self.kinds
        band = band_kind[r // self.box[0]]
        return self.order_of[moved] * width + self.choice_of[band, row_kind[r]]


#: The kinds of node of the search: a side's root (its first rows), a row
#: boundary (the next row to read), a fork (the column to put first).
_ROOT, _ROWS, _FORK = 0, 1, 2

#: How the probe of a way of reading a row went (:meth:`_Search.probe`).
_READ, _FORKED, _MAYBE, _BEHIND = range(4)

#: A row reading that cannot go on without a choice: the cell and its run
#: at the place reached, its members that tie, and the value they give.
_Fork = tuple[int, int, list[_Member], int]

#: A way of reading the next row: the source row, its band's rows, the
#: bands not begun after it.
_Choice = tuple[int, tuple[int, ...], frozenset[int]]


class _Frame:
    """A node of the search on the path, with its children: those not tried yet, and those done.

    A child is *done* once its subtree has been searched, or when an
    automorphism of the grid that keeps the node takes a done child to it
    (its subtree is the image of one searched).  A side's root lists its
    first rows by number (:meth:`_Side.first_rows`); a row boundary holds
    the partial answer and the ways of reading the next row, best first;
    a fork holds the row read so far and the members of a cell that tie.
    """

    __slots__ = (
        "band_rows",
        "bands",
        "children",
        "current",
        "depth",
        "done",
        "fork",
        "index",
        "kind",
        "moves",
        "node_key",
        "numbers",
        "pos",
        "prefix",
        "ready",
        "row",
        "seen",
        "serial",
        "start",
        "started",
        "state",
        "total",
    )

    def __init__(self, kind: int, serial: int, depth: int) -> None:
        self.kind = kind
        self.serial = serial
        self.depth = depth  # rows of the answer made before this node's
        self.children: list[Any] = []
        self.total = 0  # how many children (a root: how many numbers)
        self.numbers: Iterator[int] = iter(())  # a root's children, one at a time
        self.index: dict[Hashable, int] = {}  # a child's name: its number
        self.pos = 0
        self.current = -1
        self.row = -1  # the source row of the row being read
        self.done: set[int] = set()
        self.moves: list[_Move] = []  # the automorphisms that keep the node
        self.seen = 0  # how many of the side's automorphisms were looked at
        self.node_key: Hashable = None
        self.state: _State | None = None
        self.ready: _State | None = None  # the first child's row, read already
        # A fork's row: its bands, the values so far, the choice to make.
        self.band_rows: tuple[int, ...] = ()
        self.bands: frozenset[int] = frozenset()
        self.prefix: list[int] = []
        self.fork: _Fork | None = None
        # A root's start state, for the order of stacks it was made for.
        self.started = -1
        self.start: _State | None = None


class _Leaf:
    """The first leaf found that makes the least grid so far."""

    __slots__ = ("made", "serials", "side")

    def __init__(self, side: int, serials: list[int], made: _Made) -> None:
        self.side = side
        self.serials = serials
        self.made = made


class _Search:
    """The minlex form of one grid, by a depth-first search pruned by the grid's automorphisms.

    The answer is built a value at a time, row by row.  A node of the
    search is a partial answer (:class:`_State`) at a row boundary, whose
    children are the ways of reading the next row (a row of the band
    begun, or the first of a band), or a row half read, at a *fork*:
    members of a cell that tie for the next place and cannot wait, whose
    children are the member put first.  The search keeps the least
    answer known as a prefix of values (``bound``) and drops a path at
    its first value above it; it reads the ways of a row in the order of
    the rows they make when every fork takes its first member, so that
    the least comes first.

    Two leaves that make the same grid tell an automorphism of the grid
    (the one leaf's moves, then the other's undone).  As in nauty's
    canonical labelling, the search then goes back to where the two
    leaves' paths part: what lies beyond is the image of what was
    searched.  It also keeps the automorphisms, and skips a child that
    one of them, keeping the node, makes of a child already searched.
    A path holds at most N row boundaries and N forks (each fork places a
    column), each with a state of O(N) values, so the search's memory is
    a few times N² values, and the automorphisms kept as many again.

    With ``target`` (the values of a minlex form), the search answers
    whether the grid's form is ``target``: it stops at the first leaf
    that makes it, or at the first value less than ``target``'s.
    """

    def __init__(
        self, grid: Grid, clock: _Clock, target: list[int] | None = None
    ) -> None:
        size = grid.size
        values = grid.values
        self.size = size
        self.sides = [
            _Side([values[r * size : (r + 1) * size] for r in range(size)], grid.box)
        ]
        if grid.box[0] == grid.box[1]:
            self.sides.append(_Side([values[c::size] for c in range(size)], grid.box))
        self.clock = clock
        self.target = target is not None
        #: The least answer known, or a prefix of it.
        self.bound: list[int] = [] if target is None else list(target)
        self.over = False  # nothing more to search
        self.decided = False  # with a target: the form is the target
        self.first: _Leaf | None = None
        self.known: set[tuple[tuple[int, ...], ...]] = set()
        self.stack: list[_Frame] = []
        self.side = 0
        self.serial = 0
        self.reached = 0.0  # the fraction done reported so far
        clock.where = self.where
        clock.left = 1  # each search reads the clock at its first step

    # -- the search -----------------------------------------------------------------

    def run(self) -> list[int] | None:
        """The minlex values (with ``target``: ``target`` if it is the form, else ``None``)."""
        cols_in_stack = self.sides[0].box[1]
        firsts = [side.first_rows() for side in self.sides]
        best = max(blanks for blanks, _ in firsts)
        row: list[int] = []
        label = 1
        for blanks in best:
            row.extend([0] * blanks)
            row.extend(range(label, label + cols_in_stack - blanks))
            label += cols_in_stack - blanks
        if self.target:
            if row != self.bound[: self.size]:
                return None
        else:
            self.bound = row
        for k, side in enumerate(self.sides):
            if firsts[k][0] == best:
                self.side = k
                self.search(side, firsts[k][1])
                if self.over:
                    break
        if self.target:
            return self.bound if self.decided else None
        assert len(self.bound) == self.size * self.size
        return self.bound

    def search(self, side: _Side, firsts: Iterator[int]) -> None:
        """Search one orientation, from the numbers of its first rows."""
        self.serial += 1
        root = _Frame(_ROOT, self.serial, 0)
        root.numbers = firsts
        root.total = len(side.orders) * len(side.choices)
        stack = self.stack = [root]
        while stack and not self.over:
            if not self.take(side, stack[-1]):
                stack.pop()

    def take(self, side: _Side, frame: _Frame) -> bool:
        """Search the next child of ``frame`` (push its node); ``False`` when none is left."""
        if frame.current >= 0:
            self.mark(side, frame, [frame.current])
        if frame.kind == _ROOT or frame.total - frame.pos > 1:
            self.catch_up(side, frame)
        done = frame.done
        clock = self.clock
        while True:
            if frame.kind == _ROOT:
                # The first rows' numbers, in increasing order.
                k = next(frame.numbers, -1)
                if k < 0:
                    break
                frame.pos = k + 1
            elif frame.pos < frame.total:
                k = frame.pos
                frame.pos += 1
            else:
                break
            clock.tick()
            if k in done:
                continue
            frame.current = k
            clock.nodes += 1
            if frame.kind == _ROWS:
                r, band_rows, bands = frame.children[k]
                frame.row = r
                assert frame.state is not None
                if k == 0 and frame.ready is not None:
                    state, frame.ready = frame.ready, None
                    if self.hold(frame.prefix, 0, frame.depth * self.size):
                        self.finished(side, state, r, band_rows, bands, frame.depth)
                else:
                    self.go_on(
                        side,
                        frame.state.copy(),
                        r,
                        band_rows,
                        bands,
                        0,
                        [],
                        frame.depth,
                    )
            elif frame.kind == _FORK:
                assert frame.state is not None and frame.fork is not None
                cid, ra, tied, least = frame.fork
                member = tied[k]
                state = frame.state.copy()
                source = side.rows[frame.row]
                _choose(state, cid, member, source[member[ra]])
                j = len(frame.prefix)
                self.go_on(
                    side,
                    state,
                    frame.row,
                    frame.band_rows,
                    frame.bands,
                    j + 1,
                    [*frame.prefix, least],
                    frame.depth,
                )
            else:
                self.first_row(side, frame, k)
            return True
        frame.current = -1
        return False

    def first_row(self, side: _Side, frame: _Frame, number: int) -> None:
        """Read first row ``number`` of the root ``frame`` (the row that every one makes)."""
        order, k = divmod(number, len(side.choices))
        if order != frame.started or frame.start is None:
            frame.started = order
            frame.start = side.start(order)
        r, in_band, rest = side.choices[k]
        frame.row = r
        self.clock.rows += 1
        state = frame.start.copy()
        source = side.rows[r]
        j = 0
        row: list[int] = []
        while j < self.size:
            got = _step(state, source, j, row)
            assert isinstance(got, int), "a first row has no fork"
            j = got
        self.finished(side, state, r, in_band, rest, 0)

    def go_on(
        self,
        side: _Side,
        state: _State,
        r: int,
        band_rows: tuple[int, ...],
        bands: frozenset[int],
        j: int,
        row: list[int],
        depth: int,
    ) -> None:
        """Read on source row ``r`` from place ``j``: to its end, a fork, or a value too great."""
        source = side.rows[r]
        base = depth * self.size
        hold = self.hold
        while j < self.size:
            start = len(row)
            got = _step(state, source, j, row)
            if isinstance(got, int):
                j = got
                if not hold(row, start, base):
                    return
                continue
            row.append(got[3])
            if not hold(row, start, base):
                return
            row.pop()
            self.serial += 1
            fork = _Frame(_FORK, self.serial, depth)
            fork.state = state
            fork.row = r
            fork.band_rows = band_rows
            fork.bands = bands
            fork.prefix = row
            fork.fork = got
            fork.children = got[2]
            fork.total = len(got[2])
            fork.index = {member: k for k, member in enumerate(got[2])}
            self.stack.append(fork)
            return
        self.finished(side, state, r, band_rows, bands, depth)

    def finished(
        self,
        side: _Side,
        state: _State,
        r: int,
        band_rows: tuple[int, ...],
        bands: frozenset[int],
        depth: int,
    ) -> None:
        """A row read whole (the ``depth``-th, from 0): a leaf, or a row boundary to search."""
        state.band_rows = tuple([m for m in band_rows if m != r])
        state.bands = bands
        depth += 1
        if depth == self.size:
            self.leaf(side, state)
            return
        # The ways of reading the next row, by the rows they make when
        # every fork takes its first member (those that fall behind the
        # bound before any fork are dropped).
        row_kind, _, band_kind = side.kinds
        rows_in_band = side.box[0]
        choices: dict[tuple[int, int], _Choice] = {}
        if state.band_rows:
            for m in state.band_rows:
                choices.setdefault((-1, row_kind[m]), (m, state.band_rows, state.bands))
        else:
            for band in sorted(state.bands):
                in_band = tuple(range(band * rows_in_band, (band + 1) * rows_in_band))
                rest = state.bands - {band}
                for m in in_band:
                    choices.setdefault(
                        (band_kind[band], row_kind[m]), (m, in_band, rest)
                    )
        base = depth * self.size
        scored: list[tuple[bool, list[int], int, Hashable, _Choice, _State | None]] = []
        clock = self.clock
        for name, choice in choices.items():
            clock.rows += 1
            clock.tick()
            after = state.copy()
            verdict, row = self.probe(after, side.rows[choice[0]], base)
            if verdict == _BEHIND:
                continue
            scored.append(
                (
                    verdict == _MAYBE,
                    row,
                    len(scored),
                    name,
                    choice,
                    after if verdict == _READ else None,
                )
            )
        if not scored:
            return
        scored.sort(key=lambda entry: entry[:3])
        self.serial += 1
        frame = _Frame(_ROWS, self.serial, depth)
        frame.state = state
        frame.children = [entry[4] for entry in scored]
        frame.total = len(scored)
        frame.index = {entry[3]: k for k, entry in enumerate(scored)}
        if scored[0][5] is not None:
            # The best way, read without a fork: its state is the child's.
            frame.ready = scored[0][5]
            frame.prefix = scored[0][1]
        self.stack.append(frame)

    def probe(
        self, state: _State, source: Sequence[int], base: int
    ) -> tuple[int, list[int]]:
        """Read ``source`` taking the first member at every fork, held to the bound.

        Returns how it went (:data:`_READ`: read whole without a fork,
        ``state`` then the state after it; :data:`_FORKED`: read whole
        through forks; :data:`_MAYBE`: fell behind the bound after a fork,
        where another member may do better; :data:`_BEHIND`: fell behind
        before any, as every way of reading it does) and the values read.
        """
        bound = self.bound
        row: list[int] = []
        j = 0
        tight = True
        forked = False
        size = self.size
        while j < size:
            start = len(row)
            got = _step(state, source, j, row)
            fork = not isinstance(got, int)
            if isinstance(got, int):
                j = got
            else:
                cid, ra, tied, least = got
                _choose(state, cid, tied[0], source[tied[0][ra]])
                row.append(least)
                j += 1
            if tight:
                lo = base + start
                seg = bound[lo : base + len(row)]
                new = row[start : start + len(seg)]
                if new != seg:
                    if new > seg:
                        return (_MAYBE if forked else _BEHIND), row
                    tight = False
            forked = forked or fork
        return (_FORKED if forked else _READ), row

    def hold(self, row: list[int], start: int, base: int) -> bool:
        """Hold the values ``row[start:]`` (from answer place ``base + start``) to the bound.

        ``False`` when they fall behind it; when they beat it, the bound
        becomes this path's values (and the leaves found so far are
        beaten).  Either way the bound's values agree with the path's.
        """
        bound = self.bound
        lo = base + start
        n = len(row) - start
        if lo >= len(bound):
            bound.extend(row[start:])
            return True
        seg = bound[lo : lo + n]
        new = row[start : start + len(seg)]
        if new == seg:
            if len(seg) < n:
                bound.extend(row[start + len(seg) :])
            return True
        if new > seg:
            return False
        if self.target:
            self.over = True  # less than the target: not its form
            return False
        k = 0
        while new[k] == seg[k]:
            k += 1
        del bound[lo + k :]
        bound.extend(row[start + k :])
        self.first = None
        return True

    # -- automorphisms ---------------------------------------------------------------

    def image(self, side: _Side, frame: _Frame, move: _Move, k: int) -> int | None:
        """The child that ``move`` (keeping the node) makes of child ``k`` of ``frame``."""
        self.clock.tick()
        if frame.kind == _ROOT:
            return side.move_choice(move, k)
        if frame.kind == _FORK:
            cols = move[1]
            return frame.index.get(tuple([cols[c] for c in frame.children[k]]))
        rows = move[0]
        r = rows[frame.children[k][0]]
        row_kind, _, band_kind = side.kinds
        assert frame.state is not None
        band = -1 if frame.state.band_rows else band_kind[r // side.box[0]]
        return frame.index.get((band, row_kind[r]))

    def keeps(self, side: _Side, frame: _Frame, move: _Move) -> bool:
        """Whether ``move`` takes ``frame``'s node to itself."""
        if frame.kind == _ROOT:
            return True
        self.clock.tick()
        state = frame.state
        assert state is not None
        if frame.node_key is None:
            frame.node_key = state.key(side.kinds, side.identity)
        if frame.kind == _FORK:
            row_kind = side.kinds[0]
            if row_kind[move[0][frame.row]] != row_kind[frame.row]:
                return False
        return state.key(side.kinds, move) == frame.node_key

    def mark(self, side: _Side, frame: _Frame, ks: list[int]) -> None:
        """Mark children done, with every child the frame's moves make of them."""
        done = frame.done
        todo = [k for k in ks if k not in done]
        done.update(todo)
        while todo:
            k = todo.pop()
            for move in frame.moves:
                image = self.image(side, frame, move, k)
                if image is not None and image not in done:
                    done.add(image)
                    todo.append(image)

    def catch_up(self, side: _Side, frame: _Frame) -> None:
        """Take in the automorphisms found since the frame last looked: those that keep its node."""
        moves = side.moves
        if frame.seen == len(moves):
            return
        new = [m for m in moves[frame.seen :] if self.keeps(side, frame, m)]
        frame.seen = len(moves)
        if not new:
            return
        frame.moves.extend(new)
        done = frame.done
        todo = []
        for k in list(done):
            for move in new:
                image = self.image(side, frame, move, k)
                if image is not None and image not in done:
                    todo.append(image)
        self.mark(side, frame, todo)

    def leaf(self, side: _Side, state: _State) -> None:
        """A whole answer, equal to the bound: learn from it."""
        clock = self.clock
        clock.found += 1
        if self.target:
            self.decided = self.over = True
            return
        stack = self.stack
        cols, labels = state.made()
        made = ([frame.row for frame in stack if frame.kind != _FORK], cols, labels)
        first = self.first
        if first is None:
            self.first = _Leaf(self.side, [frame.serial for frame in stack], made)
            return
        if first.side != self.side:
            # A transposing automorphism: this orientation is the image of
            # the one searched before.
            self.over = True
            return
        self.learn(side, first.made, made)
        # Back to where the two paths part: beyond it lies the image, under
        # the automorphism, of what was searched.
        serials = first.serials
        common = min(len(stack), len(serials))
        k = 0
        while k + 1 < common and stack[k + 1].serial == serials[k + 1]:
            k += 1
        del stack[k + 1 :]

    def learn(self, side: _Side, a: _Made, b: _Made) -> None:
        """Keep the automorphism that two leaves making one grid tell, if it is new."""
        size = self.size
        if len(self.known) >= _MOVES_PER_ROW * size:
            return
        rows_a, cols_a, labels_a = a
        rows_b, cols_b, labels_b = b
        rows = [0] * size
        cols = [0] * size
        for k in range(size):
            rows[rows_a[k]] = rows_b[k]
            cols[cols_a[k]] = cols_b[k]
        symbol_of = {value: s for s, value in enumerate(labels_b) if value}
        unlabelled = iter([s for s in range(1, size + 1) if not labels_b[s]])
        symbols = [0] * (size + 1)
        for s in range(1, size + 1):
            value = labels_a[s]
            symbols[s] = symbol_of[value] if value else next(unlabelled)
        grid = side.rows
        for r in range(size):
            source, image = grid[r], grid[rows[r]]
            for c in range(size):
                if image[cols[c]] != symbols[source[c]]:
                    return  # not an automorphism (cannot happen): not kept
        rows_in_band, cols_in_stack = side.box
        bands = [
            rows[b * rows_in_band] // rows_in_band for b in range(size // rows_in_band)
        ]
        stacks = [
            cols[s * cols_in_stack] // cols_in_stack
            for s in range(size // cols_in_stack)
        ]
        if rows == side.identity[0] and cols == side.identity[1]:
            return
        name = (tuple(rows), tuple(cols), tuple(symbols))
        if self.side:
            name = (name[1], name[0], name[2])
        if name in self.known:
            return
        self.known.add(name)
        # The move in each orientation: rows and columns trade places.
        moves: list[_Move] = [
            (rows, cols, symbols, bands, stacks),
            (cols, rows, symbols, stacks, bands),
        ]
        if self.side:
            moves.reverse()
        # (A grid whose boxes are not square has one orientation.)
        for other, move in zip(self.sides, moves, strict=False):
            other.moves.append(move)

    def where(self) -> tuple[int, float]:
        """The rows on the search's path, and the fraction of it done (Knuth's estimate)."""
        share = 1 / len(self.sides)
        fraction = self.side * share
        for frame in self.stack:
            n = frame.total
            if n:
                fraction += share * max(frame.pos - 1, 0) / n
                share /= n
        rows = self.stack[-1].depth if self.stack else 0
        # Between a backjump and the next child the path is short: the
        # estimate never goes back.
        self.reached = max(self.reached, min(fraction, 1.0))
        return rows, self.reached


def _step(st: _State, source: Sequence[int], j: int, row: list[int]) -> int | _Fork:
    """Read ``source`` at place ``j`` of the answer: append the values made, return the next place.

    A fork (members of a cell that tie and cannot wait) is returned
    instead, with ``st`` and ``row`` as they were: the caller puts one of
    the members first (:func:`_choose`) and appends the value.
    """
    label = st.label
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
        return j + 1
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
        return j + k
    if least == _NEW:
        # New symbols, all the rest: labelled by the places they get.
        for m in tied:
            st.pending[source[m[ra]]] = (m[ra], st.next_label - j)
        row.extend(range(st.next_label, st.next_label + k))
        st.next_label += k
        if k == 1:
            st.pin(cid, tied[0])
        return j + k
    if k == 1:
        _choose(st, cid, tied[0], source[tied[0][ra]])
        row.append(least)
        return j + 1
    found_ = [f for f, key in zip(partner, keys, strict=True) if key == least]
    xids = {f[0] for f in found_ if f is not None}
    if len(found_) == k and None not in found_ and xids != {cid}:
        # Symbols pending on one run of another cell: the i-th of these
        # columns goes where the i-th of theirs does.
        xid = xids.pop()
        st.couple(cid, tied, xid, [f[1] for f in found_ if f is not None])
        row.extend(range(least, least + k))
        return j + k
    if all(f is not None and f == (cid, m) for f, m in zip(found_, tied, strict=True)):
        # Each member's symbol here waits on the member's own column in
        # another run: if they wait on one run, on one base, the t-th
        # member put here makes least + t whatever their order, which the
        # symbols keep waiting for, as blanks do.
        waits = {
            (m.index(st.pending[source[m[ra]]][0]), st.pending[source[m[ra]]][1])
            for m in tied
        }
        if len(waits) == 1:
            st.split(cid, tied)
            row.extend(range(least, least + k))
            return j + k
    return cid, ra, tied, least


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
