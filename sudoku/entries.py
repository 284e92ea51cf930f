"""A player's mistakes: the entries that are not the solution's, and why each is wrong.

:func:`sudoku.mistakes` takes a puzzle with one solution and what a
player has entered in it (a grid of the same shape, or a list of
``(row, column, symbol)``), and gives, in the grid's order, one
:class:`Mistake` per entry that is not the solution's.  Each says why:
the puzzle's givens with that entry have no solution, and the mistake
carries a minimal set of them (:func:`sudoku.conflicts`, the entry among
them) and the steps from those givens alone to a contradiction (a
:class:`sudoku.explainer.Contradiction`), so a player sees which givens
rule the entry out and how.  The entries are taken one at a time, each
with the puzzle's givens alone: a wrong entry does not make the others
look wrong.

Like :func:`sudoku.explain`, it takes ``timeout=`` and ``progress=``, and
neither a budget that runs out nor Ctrl-C loses the mistakes found so
far (:class:`MistakesBudgetError`, :class:`MistakesInterrupted`).

>>> puzzle = (
...     "53..7...." "6..195..." ".98....6." "8...6...3" "4..8.3..1"
...     "7...2...6" ".6....28." "...419..5" "....8..79"
... )
>>> found = mistakes(puzzle, [(0, 2, "4"), (0, 3, "2")])  # r1c3 = 4 is right
>>> [str(m) for m in found]
['r1c4 = 2: box 2 has no place for 8 after 1 step']
>>> print(found[0].why)
r1c6 = 6: hidden single in box 2
box 2 has no place for 8
>>> found[0].givens
((0, 3, '2'), (0, 4, '7'), (1, 3, '1'), (1, 4, '9'), (1, 5, '5'), (2, 2, '8'), (2, 7, '6'))

With a 2 in r1c4, box 2 has one blank left outside row 3, r1c6, and row
3 holds a 6 and an 8 already: both need r1c6.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dlx.errors import BudgetExceeded
from dlx.records import Record
from dlx.stats import Outcome, Stats
from sudoku.errors import BudgetError, SudokuError
from sudoku.explainer import Contradiction, explain_contradiction, one_solution
from sudoku.grid import ArrayLike, Grid, GridLike
from sudoku.regions import regions_of
from sudoku.solver import cages_of, check_budget, parse_grid, units_of
from sudoku.techniques import Clock, StepProgress
from sudoku.whynot import conflicts
from sudoku.wording import counted, grid, seconds

__all__ = [
    "Mistake",
    "MistakesBudgetError",
    "MistakesInterrupted",
    "MistakesProgress",
    "mistakes",
]


class Mistake(Record, frozen=True):
    """An entry of a player that is not the solution's (made by :func:`mistakes`).

    :ivar row: the entry's row, from 0.
    :ivar column: its column, from 0.
    :ivar symbol: the symbol entered, as the grid writes it.
    :ivar givens: a minimal set of the puzzle's givens and the entry that
        has no solution (:func:`sudoku.conflicts`): ``(row, column,
        symbol)``, the entry among them, in the grid's order.
    :ivar why: the steps from these givens alone to a contradiction (a
        :class:`sudoku.explainer.Contradiction`); ``None`` when the
        techniques here do not reach one.

    >>> m = mistakes("1..." "...2" "..4." ".3..", [(0, 1, "3")])[0]
    >>> m.row, m.column, m.symbol, m.givens
    (0, 1, '3', ((0, 1, '3'), (3, 1, '3')))
    >>> print(m)
    r1c2 = 3: column 2 has 3 twice: r1c2, r4c2
    """

    row: int
    column: int
    symbol: str | int
    givens: tuple[tuple[int, int, str | int], ...]
    why: Contradiction | None

    @property
    def text(self) -> str:
        """The mistake in a line: the entry, then why it is wrong (rows and columns from 1)."""
        entry = f"r{self.row + 1}c{self.column + 1} = {self.symbol}"
        why = self.why
        if why is None:
            return (
                f"{entry}: no solution with it, but the techniques here do not show why"
            )
        if why.steps:
            return f"{entry}: {why.text} after {counted(len(why.steps), 'step')}"
        return f"{entry}: {why.text}"

    def __str__(self) -> str:
        return self.text


class MistakesProgress(Record, frozen=True):
    """A report on :func:`mistakes`, as its ``progress`` hook receives it.

    * ``checked``: the wrong entries explained so far;
    * ``wrong``: the entries that are not the solution's (0 while the
      puzzle's one solution is searched for);
    * ``steps``: the steps taken, for all of them;
    * ``elapsed``: seconds since the call began;
    * ``technique``: the technique being tried (``""`` in a search).

    >>> MistakesProgress(checked=1, wrong=3, steps=40, elapsed=2.2,
    ...                  technique="X-wing").describe()
    '1 of 3 wrong entries explained, 40 steps, 2 s, trying X-wing'
    """

    checked: int
    wrong: int
    steps: int
    elapsed: float
    technique: str

    def describe(self) -> str:
        """The report in one line, without a line end."""
        doing = f"trying {self.technique}" if self.technique else "searching"
        return (
            f"{self.checked} of {counted(self.wrong, 'wrong entry', 'wrong entries')} "
            f"explained, {counted(self.steps, 'step')}, {self.elapsed:.0f} s, {doing}"
        )


class MistakesBudgetError(BudgetError):
    """:func:`mistakes` ran out of its ``timeout``: the mistakes found so far are ``mistakes``.

    A :class:`sudoku.BudgetError` (so a :class:`sudoku.SudokuError` and a
    :class:`dlx.BudgetExceeded`, with ``outcome``
    :attr:`dlx.Outcome.OUT_OF_TIME`).  The message says how far it came.

    :ivar mistakes: the mistakes explained so far, in the grid's order
        (the first ones of the answer).

    >>> try:
    ...     mistakes("1..." "...2" "..4." ".3..", [(0, 1, "3")], timeout=0)
    ... except MistakesBudgetError as stop:
    ...     print(stop.mistakes)
    []
    """

    def __init__(self, stop: BudgetExceeded, found: list[Mistake]) -> None:
        super().__init__(stop)
        self.mistakes = found


class MistakesInterrupted(KeyboardInterrupt):
    """:func:`mistakes` was interrupted (Ctrl-C): the mistakes found so far are ``mistakes``.

    A :class:`KeyboardInterrupt`, so that Ctrl-C still ends a program
    that does not catch it; it carries ``outcome``
    (:attr:`dlx.Outcome.INTERRUPTED`) and ``stats`` (empty).

    :param message: how long it ran and how far it got.
    :param found: the mistakes explained so far.
    :ivar mistakes: ``found``.

    >>> MistakesInterrupted("interrupted", []).outcome.value
    'interrupted'
    """

    def __init__(self, message: str, found: list[Mistake]) -> None:
        super().__init__(message)
        self.outcome = Outcome.INTERRUPTED
        self.stats = Stats()
        self.mistakes = found


def _name(size: int, cell: int) -> str:
    return f"r{cell // size + 1}c{cell % size + 1}"


def _value(grid: Grid, symbol: object) -> int | None:
    """The value of a symbol as ``grid`` writes them, or ``None`` for one it does not."""
    if grid.alphabet is None:
        if type(symbol) is int and 1 <= symbol <= grid.size:
            return symbol
        return None
    if isinstance(symbol, str) and len(symbol) == 1 and symbol in grid.alphabet:
        return grid.alphabet.index(symbol) + 1
    return None


def _entries(
    parsed: Grid,
    entries: GridLike | ArrayLike | Sequence[tuple[int, int, str | int]],
    alphabet: str | None,
    box: tuple[int, int] | None,
    variant: str | None,
    regions: GridLike | ArrayLike | None,
) -> dict[int, int]:
    """The entries, cell by cell: their values; refused when bad, or different from a given.

    :raises SudokuError: naming the entry (or the grid's fault).
    """
    size = parsed.size
    found: dict[int, int] = {}
    if isinstance(entries, (list, tuple)) and all(
        isinstance(item, tuple) for item in entries
    ):
        for item in entries:
            if len(item) != 3:
                raise SudokuError(f"entry {item!r} is not (row, column, symbol)")
            row, column, symbol = item
            for index in (row, column):
                if type(index) is not int or not 0 <= index < size:
                    raise SudokuError(
                        f"entry {item!r}: {index!r} is not a row or column of "
                        f"{grid(size)} (they count from 0 to {size - 1})"
                    )
            value = _value(parsed, symbol)
            if value is None:
                known = (
                    f"1 to {size}" if parsed.alphabet is None else repr(parsed.alphabet)
                )
                raise SudokuError(
                    f"entry {item!r}: {symbol!r} is not a symbol of the grid ({known})"
                )
            cell = row * size + column
            if found.get(cell, value) != value:
                raise SudokuError(
                    f"entries {_name(size, cell)} = {parsed.symbol(found[cell])} and "
                    f"{_name(size, cell)} = {symbol} are for one cell"
                )
            found[cell] = value
    else:
        try:
            player = parse_grid(
                entries,  # type: ignore[arg-type]
                alphabet or parsed.alphabet,
                box,
                variant,
                regions,
            )
        except SudokuError as error:
            try:  # a grid of another size says so first
                other = parse_grid(
                    entries,  # type: ignore[arg-type]
                    None,
                    None,
                    variant,
                    regions,
                ).size
            except SudokuError:
                other = size
            if other != size:
                raise SudokuError(
                    f"entries: {grid(other)}, the puzzle is {grid(size)}"
                ) from None
            raise SudokuError(f"entries: {error}") from None
        if player.size != size:
            raise SudokuError(
                f"entries: {grid(player.size)}, the puzzle is {grid(size)}"
            )
        found = {cell: value for cell, value in enumerate(player.values) if value}
    givens = parsed.values
    for cell, value in sorted(found.items()):
        given = givens[cell]
        if given and given != value:
            raise SudokuError(
                f"entry {_name(size, cell)} = {parsed.symbol(value)}: "
                f"{_name(size, cell)} is a given ({parsed.symbol(given)})"
            )
    return found


def mistakes(
    puzzle: GridLike | ArrayLike,
    entries: GridLike | ArrayLike | Sequence[tuple[int, int, str | int]],
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
    timeout: float | None = None,
    progress: Callable[[MistakesProgress], object] | None = None,
) -> list[Mistake]:
    """The entries of a player that are not the solution's, in the grid's order, each with why (see :mod:`sudoku.entries`).

    An entry that is the solution's, or that repeats a given on its own
    cell, is not reported.  Each wrong entry is taken with the puzzle's
    givens alone (not with the other entries).

    :param puzzle: the puzzle, in any form :func:`sudoku.solve` reads; it
        must have exactly one solution.
    :param entries: what the player entered: a grid of the puzzle's
        shape and alphabet (blanks where nothing was entered), or a list
        of tuples ``(row, column, symbol)``, rows and columns from 0, the
        symbol as the puzzle's grid writes it (a character of its
        alphabet, or an int for a grid of ints).
    :param alphabet: as in :func:`sudoku.solve`.
    :param box: as in :func:`sudoku.solve`.
    :param variant: as in :func:`sudoku.solve`.
    :param regions: as in :func:`sudoku.solve`.
    :param cages: killer or arithmetic cages, as in :func:`sudoku.solve`:
        the cages are kept whole, so a mistake's ``givens`` are the givens
        and the entry that the cages rule out together (a killer's entry
        often contradicts its cages alone: ``givens`` is then the entry),
        and ``why`` uses the cage techniques too.
    :param disjoint_cages: as in :func:`sudoku.solve`.
    :param timeout: stop after about this many seconds (the search for
        the puzzle's one solution and every explanation included).
    :param progress: called about once a second with a
        :class:`MistakesProgress`.
    :returns: one :class:`Mistake` per wrong entry.
    :raises sudoku.cages.CageError: for a bad cage, naming it.
    :raises SudokuError: for an entry outside the grid, of an unknown
        symbol, on a given's cell with another symbol, or two entries for
        one cell (each named); for an entries grid of another shape; as
        :func:`sudoku.solve` does for the puzzle (a
        :class:`sudoku.NoSolutionError`, a
        :class:`sudoku.MultipleSolutionsError`...); for a ``timeout`` that
        is not a number of seconds of at least 0, or a ``progress`` that
        is not callable.
    :raises MistakesBudgetError: (a :class:`sudoku.BudgetError`) when
        ``timeout`` runs out: the mistakes so far are its ``mistakes``.
    :raises MistakesInterrupted: (a :class:`KeyboardInterrupt`) on
        Ctrl-C: the mistakes so far are its ``mistakes``.

    >>> puzzle = "1..." "...2" "..4." ".3.."
    >>> for m in mistakes(puzzle, "1243" "3412" "2.4." ".3.."):
    ...     print(m)
    r1c3 = 4: column 3 has 4 twice: r1c3, r3c3
    r1c4 = 3: column 4 has no place for 4
    >>> mistakes(puzzle, "12.." "...2" "..4." ".3..")
    []
    >>> mistakes(puzzle, [(0, 0, "2")])
    Traceback (most recent call last):
      ...
    sudoku.errors.SudokuError: entry r1c1 = 2: r1c1 is a given (1)
    """
    check_budget(timeout=timeout, progress=progress)
    parsed = parse_grid(puzzle, alphabet, box, variant, regions)
    units = units_of(parsed, variant, regions) or regions_of(parsed.size, parsed.box)
    read = cages_of(parsed, cages, disjoint_cages)
    entered = _entries(parsed, entries, alphabet, box, variant, regions)
    size = parsed.size
    checked = [0, 0]  # explained, wrong

    hook: Callable[[StepProgress], object] | None = None
    if progress is not None:
        report_to = progress

        def hook(report: StepProgress) -> None:
            report_to(
                MistakesProgress(
                    checked[0],
                    checked[1],
                    report.steps,
                    report.elapsed,
                    report.technique,
                )
            )

    clock = Clock(timeout, hook)
    found: list[Mistake] = []
    where = "in the search for the puzzle's one solution"
    try:
        answer = one_solution(
            puzzle,
            size,
            clock,
            alphabet=alphabet,
            box=box,
            variant=variant,
            regions=regions,
            cages=cages,
            disjoint_cages=disjoint_cages,
        )
        solution = parse_grid(answer, parsed.alphabet, box, variant, regions).values
        wrong = [
            (cell, value)
            for cell, value in sorted(entered.items())
            if value != solution[cell]
        ]
        checked[1] = len(wrong)
        where = "no wrong entry explained yet"
        symbol = parsed.symbol

        def again(_: object) -> None:
            if hook is not None:
                hook(clock.report())

        for cell, value in wrong:
            values = list(parsed.values)
            values[cell] = value
            clock.technique = ""
            givens = conflicts(
                parsed.render(values),
                alphabet=parsed.alphabet,
                box=box,
                variant=variant,
                regions=regions,
                cages=cages,
                disjoint_cages=disjoint_cages,
                timeout=clock.remaining(),
                progress=again if hook is not None else None,
            )
            why = explain_contradiction(parsed, units, givens, clock, read)
            found.append(
                Mistake(cell // size, cell % size, symbol(value), tuple(givens), why)
            )
            checked[0] += 1
            where = f"{counted(len(found), 'wrong entry', 'wrong entries')} explained"
    except BudgetExceeded as stop:
        message = (
            f"mistakes stopped after {seconds(clock.elapsed())} s (time budget of "
            f"{timeout:g} s used up), {where}"
        )
        budget = BudgetExceeded(Outcome.OUT_OF_TIME, stop.stats, message)
        raise MistakesBudgetError(budget, found) from None
    except KeyboardInterrupt:
        message = f"mistakes interrupted after {seconds(clock.elapsed())} s, {where}"
        raise MistakesInterrupted(message, found) from None
    return found
