"""Why a sudoku's answer is what it is: the steps of a solve by hand, rated on Sudoku Explainer's scale.

:func:`sudoku.explain` solves a puzzle the way Sudoku Explainer (SE, the
program the sudoku community rates puzzles with) does: at every step it
takes the first hint of the first technique, in SE's order of techniques
(the order of their ratings, :data:`sudoku.steps.TECHNIQUES`), that makes
progress, applies it, and starts again.  Each step is a
:class:`sudoku.Step` with the technique's name and SE rating, what it
places and eliminates, the cells and units it rests on, a line of text and
a picture.  The puzzle's rating is its hardest step, as SE's;
:func:`sudoku.hint` gives the first step alone.

What a rating means:

* on 9×9 grids, SE's number: 1.0 for a full house, up through subsets,
  fish, wings, uniqueness, chains and forcing chains, to 9.0 and more for
  dynamic forcing chains with the simple techniques inside (the
  techniques of :mod:`sudoku.techniques` and :mod:`sudoku.chains`, in the
  order of :data:`sudoku.steps.TECHNIQUES`), measured against Sukaku
  Explainer's ratings on the docs' grading page;
* where no technique here applies, the step is a *search* step
  (technique ``"search"``, rating :data:`SEARCH_RATING`): the cell with
  the fewest candidates gets its value from the puzzle's one solution.  It
  stands for what SE would go on with (its nested forcing chains, 9.5 and
  up), which is not here;
* on other grids (4×4, 16×16, jigsaw, X, windoku) the same techniques
  over the grid's units, with the same numbers; SE itself rates 9×9 only,
  so there a rating compares puzzles of one kind with each other.

A big grid can take long: minutes for a hard 16×16 puzzle, hours for a
25×25 one.  ``timeout=`` bounds the whole call, ``progress=`` reports on
it about once a second (a :class:`sudoku.techniques.StepProgress`), and
neither a budget that runs out nor Ctrl-C loses what was found: the
exception raised, :class:`ExplanationBudgetError` or
:class:`ExplanationInterrupted`, carries the explanation so far (its
``complete`` is false), with its steps and the grid they reach.  The time budget is read inside the techniques too, a few
times a millisecond, so it stops even the longest of them at once.

>>> import sudoku
>>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> explanation = sudoku.explain(puzzle)
>>> explanation.rating, len(explanation.steps)
(1.2, 51)
>>> print(explanation.steps[0].text)
r1c6 = 8: hidden single in box 2
>>> sudoku.hint(puzzle).text == explanation.steps[0].text
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from dlx.algorithms import sat_available
from dlx.errors import BudgetExceeded
from dlx.records import Record
from dlx.stats import Outcome, Progress, Stats
from sudoku.display import draw_grid
from sudoku.errors import BudgetError, MultipleSolutionsError, SudokuError
from sudoku.generator import SAT_SIZE
from sudoku.grid import ArrayLike, Grid, GridLike
from sudoku.regions import Regions, regions_of
from sudoku.solver import check_budget, solve, units_of
from sudoku.steps import LAST_RESORT, next_hint
from sudoku.techniques import Board, Clock, Hint, StepProgress
from sudoku.wording import counted, seconds

__all__ = [
    "SEARCH_RATING",
    "Explanation",
    "ExplanationBudgetError",
    "ExplanationInterrupted",
    "Step",
    "explain",
    "hint",
]

#: The rating of a search step (technique ``"search"``): SE's nested
#: forcing chains of level 3, above the techniques here.
SEARCH_RATING = 10.0

Cell = tuple[int, int]
Candidate = tuple[int, int, "str | int"]


class Step(Record, frozen=True):
    """One step of a solve by hand (made by :func:`explain` and :func:`hint`).

    Rows and columns count from 0; symbols are written as the grid writes
    them (its alphabet's characters, or ints for a grid of ints).

    :ivar technique: the technique's name, e.g. ``"hidden single in a box"``.
    :ivar rating: its Sudoku Explainer rating (see :mod:`sudoku.explainer`).
    :ivar placements: the cells the step fills: ``(row, column, symbol)``.
    :ivar eliminations: the candidates it removes: ``(row, column, symbol)``.
    :ivar cells: the cells the deduction rests on: ``(row, column)``.
    :ivar units: the units it rests on, named (``"row 4"``, ``"box 5"``).
    :ivar text: the step in a line, e.g. ``"r4c6 = 7: hidden single in box 5"``.
    :ivar grid: the grid before the step (a :class:`sudoku.Grid`).
    :ivar candidates: each cell's candidates before the step, as symbols
        (``()`` for a filled cell), row by row.
    :ivar regions: the grid's units (for the picture: jigsaw regions'
        borders, a variant's shaded cells).
    """

    technique: str
    rating: float
    placements: tuple[Candidate, ...]
    eliminations: tuple[Candidate, ...]
    cells: tuple[Cell, ...]
    units: tuple[str, ...]
    text: str
    grid: Grid
    candidates: tuple[tuple[str | int, ...], ...]
    regions: Regions

    def __str__(self) -> str:
        return self.text

    def to_svg(self, cell: int = 48) -> str:
        """The grid before the step, with its candidates, as an SVG picture.

        The cells the step rests on are shaded yellow, its placements
        green, the candidates it removes red and struck through (drawn by
        ``sudoku.display.draw_grid``, as :func:`sudoku.to_svg`'s pictures).

        :param cell: the side of a cell, in pixels (at least 24).
        :raises SudokuError: when ``cell`` is too small.

        >>> step = hint("1..." "...2" "..4." ".3..")
        >>> svg = step.to_svg()
        >>> svg.startswith("<svg") and svg.count("#c8f0c8")
        1
        """
        return _picture(self, cell)

    def _repr_svg_(self) -> str:
        """The picture of :meth:`to_svg`, for Jupyter."""
        return _picture(self, 48)


class Explanation(Record, frozen=True):
    """The steps of a puzzle's solve by hand and its ratings (made by :func:`explain`).

    An explanation cut short by a time budget or Ctrl-C (carried by
    :class:`~sudoku.explainer.ExplanationBudgetError` and
    :class:`~sudoku.explainer.ExplanationInterrupted`)
    is ``complete`` no more: its steps are the first ones, each sound,
    and its ratings those of these steps (the puzzle's rating is at least
    that; the pearl too until a step places a symbol).

    :ivar steps: the steps, in order (none for a grid without a blank).
    :ivar rating: the puzzle's rating (SE's ER): its hardest step's; 0.0
        for a grid without a blank.
    :ivar pearl: SE's EP: the hardest step up to the first that places a symbol.
    :ivar diamond: SE's ED: the first step's rating.
    :ivar solution: the solved grid, in the puzzle's representation.
    :ivar reached: the grid the steps reach (a :class:`sudoku.Grid`): the
        solution's, for a complete explanation.
    :ivar candidates: each cell's candidates there, as symbols (``()``
        for a filled cell), row by row.
    :ivar stopped: why the explanation is not complete:
        :attr:`dlx.Outcome.OUT_OF_TIME` or :attr:`dlx.Outcome.INTERRUPTED`
        (``None`` when it is).

    >>> e = explain("1..." "...2" "..4." ".3..")
    >>> e.complete, e.stopped, e.reached.values == Grid.parse(e.solution).values
    (True, None, True)
    """

    steps: tuple[Step, ...]
    rating: float
    pearl: float
    diamond: float
    solution: GridLike | ArrayLike
    reached: Grid
    candidates: tuple[tuple[str | int, ...], ...]
    stopped: Outcome | None = None

    @property
    def complete(self) -> bool:
        """Whether the steps solve the puzzle (not cut short: ``stopped`` is ``None``)."""
        return self.stopped is None

    def __str__(self) -> str:
        ratings = f"(pearl {self.pearl:.1f}, diamond {self.diamond:.1f})"
        if self.stopped is None:
            head = f"rating {self.rating:.1f} {ratings}"
        else:
            head = (
                f"unfinished ({self.stopped.value}): rating at least "
                f"{self.rating:.1f} {ratings}"
            )
        lines = [head]
        lines += [
            f"{k}. [{s.rating:.1f}] {s.text}" for k, s in enumerate(self.steps, 1)
        ]
        return "\n".join(lines)


class ExplanationBudgetError(BudgetError):
    """:func:`sudoku.explain` or :func:`sudoku.hint` ran out of its ``timeout``: what it had found is ``explanation``.

    A :class:`sudoku.BudgetError`, as a budget of :func:`sudoku.solve` that
    runs out raises (so a :class:`sudoku.SudokuError` and a
    :class:`dlx.BudgetExceeded`, with ``outcome``
    :attr:`dlx.Outcome.OUT_OF_TIME`; ``stats`` are those of the search for
    the puzzle's one solution when the time ran out there, else empty).
    The message says how long it ran and how far it came.

    :ivar explanation: the explanation so far (not ``complete``,
        ``stopped`` :attr:`dlx.Outcome.OUT_OF_TIME`): its steps, ratings and
        the grid they reach; ``None`` when the time ran out before the
        first step could be looked for (while the puzzle's one solution was
        searched for).

    >>> try:
    ...     explain("1..." "...2" "..4." ".3..", timeout=0)
    ... except ExplanationBudgetError as stop:
    ...     print(stop.explanation)
    None
    """

    def __init__(self, stop: BudgetExceeded, explanation: Explanation | None) -> None:
        super().__init__(stop)
        self.explanation = explanation


class ExplanationInterrupted(KeyboardInterrupt):
    """:func:`sudoku.explain` or :func:`sudoku.hint` was interrupted (Ctrl-C): what it had found is ``explanation``.

    A :class:`KeyboardInterrupt`, so that Ctrl-C still ends a program
    that does not catch it; one that does finds there the steps taken.
    Like a :class:`dlx.SearchStopped` (and
    :class:`sudoku.transform.CanonicalInterrupted`), it carries ``outcome``
    (:attr:`dlx.Outcome.INTERRUPTED`) and ``stats`` (empty: the techniques
    count no nodes), and its message says how far it got.

    :param message: how long it ran and how far it got.
    :param explanation: the explanation so far.
    :ivar explanation: the explanation so far (not ``complete``,
        ``stopped`` :attr:`dlx.Outcome.INTERRUPTED`); ``None`` when the
        interruption came before the first step could be looked for.

    >>> issubclass(ExplanationInterrupted, KeyboardInterrupt)
    True
    >>> ExplanationInterrupted("explanation interrupted after 3 s", None).outcome.value
    'interrupted'
    """

    def __init__(self, message: str, explanation: Explanation | None) -> None:
        super().__init__(message)
        self.outcome = Outcome.INTERRUPTED
        self.stats = Stats()
        self.explanation = explanation


def _unit_names(regions: Regions) -> tuple[str, ...]:
    """Short names of the units: ``"row 4"``, ``"column 6"``, ``"box 5"``, ``"region 'B'"``."""
    names = []
    seen: dict[str, int] = {}
    for kind in regions.kinds:
        seen[kind] = seen.get(kind, 0) + 1
        if kind == "region" and regions.labels:
            names.append(f"region {regions.labels[seen[kind] - 1]!r}")
        else:
            names.append(f"{kind} {seen[kind]}")
    return tuple(names)


def _cell(size: int, cell: int) -> str:
    return f"r{cell // size + 1}c{cell % size + 1}"


def _describe(hint: Hint, grid: Grid, names: Sequence[str]) -> str:
    """The line of text of a hint: what it does, then why."""
    size = grid.size
    symbol = grid.symbol
    done: list[str] = []
    for cell, value in hint.placements:
        done.append(f"{_cell(size, cell)} = {symbol(value)}")
    by_cell: dict[int, list[int]] = {}
    for cell, value in hint.eliminations:
        by_cell.setdefault(cell, []).append(value)
    for cell, values in by_cell.items():
        done.append(
            f"{_cell(size, cell)} <> {','.join(str(symbol(v)) for v in values)}"
        )
    why = hint.technique
    if why.startswith("hidden single"):
        why = "hidden single"  # its unit follows
    if hint.values and not hint.technique.startswith(
        ("hidden single", "naked single", "full house")
    ):
        why += " on " + ",".join(str(symbol(v)) for v in hint.values)
    if hint.units:
        why += " in " + ", ".join(names[u] for u in hint.units)
    elif hint.cells and hint.technique not in ("naked single", LAST_RESORT):
        why += " at " + ", ".join(_cell(size, c) for c in hint.cells)
    return f"{'; '.join(done)}: {why}"


def _candidates(board: Board, grid: Grid) -> tuple[tuple[str | int, ...], ...]:
    """Each cell's candidates on ``board``, as ``grid``'s symbols, row by row."""
    size = grid.size
    symbol = grid.symbol
    return tuple(
        tuple(symbol(v) for v in range(1, size + 1) if bits >> (v - 1) & 1)
        for bits in board.cand
    )


def _step(hint: Hint, board: Board, grid: Grid, names: Sequence[str]) -> Step:
    size = grid.size
    symbol = grid.symbol
    before = _grid_like(grid, board.values)
    candidates = _candidates(board, grid)
    return Step(
        hint.technique,
        hint.rating,
        tuple((c // size, c % size, symbol(v)) for c, v in hint.placements),
        tuple((c // size, c % size, symbol(v)) for c, v in hint.eliminations),
        tuple((c // size, c % size) for c in hint.cells),
        tuple(names[u] for u in hint.units),
        _describe(hint, grid, names),
        before,
        candidates,
        board.regions,
    )


def _grid_like(grid: Grid, values: Sequence[int]) -> Grid:
    """A :class:`sudoku.Grid` of ``grid``'s shape and alphabet holding ``values``."""
    return Grid(grid.size, grid.box, values, grid.alphabet)


def _search_step(board: Board, solution: Sequence[int]) -> Hint:
    """The search step: the first cell of fewest candidates gets the solution's value."""
    cell = min(
        (c for c, bits in enumerate(board.cand) if bits),
        key=lambda c: board.cand[c].bit_count(),
    )
    return Hint(
        LAST_RESORT, SEARCH_RATING, ((cell, solution[cell]),), (), (cell,), (), ()
    )


class _Prepared(Record, frozen=True):
    """A puzzle ready to explain: parsed, its units, its one solution."""

    parsed: Grid
    units: Regions
    #: The solution's values, cell by cell.
    solution: list[int]
    #: The solution as :func:`sudoku.solve` gives it (the puzzle's representation).
    answer: GridLike | ArrayLike


def _prepared(
    grid: GridLike | ArrayLike,
    alphabet: str | None,
    box: tuple[int, int] | None,
    variant: str | None,
    regions: GridLike | ArrayLike | None,
    clock: Clock,
) -> _Prepared:
    """The parsed grid, its units, its one solution's values and that solution as given.

    The solution is searched for with what is left of ``clock``'s budget,
    reporting to its hook; beyond 16×16 by the SAT solver when it is
    installed, as the generator proves its puzzles unique
    (:data:`sudoku.generator.SAT_SIZE`): backtracking may take hours there.

    :raises MultipleSolutionsError: naming the explanation's need.
    :raises BudgetError: when the time runs out.
    """
    parsed = Grid.parse(grid, alphabet=alphabet, box=box, boxes=regions is None)
    units = units_of(parsed, variant, regions) or regions_of(parsed.size, parsed.box)
    clock.blanks = parsed.values.count(0)
    clock.check()
    method = "sat" if parsed.size >= SAT_SIZE and sat_available() else "dlx"
    relay: Callable[[Progress], object] | None = None
    if clock.reports and method == "dlx":

        def relay(_: Progress) -> None:
            clock.check()  # a report when one is due

    try:
        answer = solve(
            grid,
            alphabet=alphabet,
            box=box,
            variant=variant,
            regions=regions,
            unique=True,
            timeout=clock.remaining(),
            progress=relay,
            method=method,
        )
    except MultipleSolutionsError:
        raise MultipleSolutionsError(
            "more than one solution: an explanation needs a unique one"
        ) from None
    values = list(
        Grid.parse(
            answer,
            alphabet=alphabet or parsed.alphabet,
            box=parsed.box,
            boxes=regions is None,
        ).values
    )
    return _Prepared(parsed, units, values, answer)


def _steps(prepared: _Prepared, clock: Clock) -> Iterator[tuple[Step, Hint]]:
    """The steps of the solve by hand, each with its hint, as they are found."""
    parsed = prepared.parsed
    units = prepared.units
    solution = prepared.solution
    board = Board(units, parsed.values, clock)
    names = _unit_names(units)
    while not board.solved():
        found = next_hint(board) or _search_step(board, solution)
        size = parsed.size
        for cell, value in found.placements:
            if solution[cell] != value:  # pragma: no cover - a technique's bug
                raise SudokuError(
                    f"internal error, please report it: {found.technique} put "
                    f"{parsed.symbol(value)!r} in {_cell(size, cell)}, which is not "
                    "the solution's"
                )
        for cell, value in found.eliminations:
            if solution[cell] == value:  # pragma: no cover - a technique's bug
                raise SudokuError(
                    f"internal error, please report it: {found.technique} removed "
                    f"{parsed.symbol(value)!r} from {_cell(size, cell)}, the solution's"
                )
        yield _step(found, board, parsed, names), found
        placed = sum(1 for cell, _ in found.placements if not board.values[cell])
        board.apply(found)
        clock.steps += 1
        clock.filled += placed


def _explanation(
    prepared: _Prepared, found: Sequence[tuple[Step, Hint]], stopped: Outcome | None
) -> Explanation:
    """The explanation of the steps ``found`` (all of them, unless ``stopped``)."""
    steps = tuple(step for step, _ in found)
    rating = max((s.rating for s in steps), default=0.0)
    pearl = 0.0
    for s in steps:
        pearl = max(pearl, s.rating)
        if s.placements:
            break
    diamond = steps[0].rating if steps else 0.0
    # The grid the steps reach, replayed from the puzzle: the board of the
    # solve may be half way through a step when Ctrl-C comes.
    parsed = prepared.parsed
    board = Board(prepared.units, parsed.values)
    for _, found_hint in found:
        board.apply(found_hint)
    return Explanation(
        steps,
        rating,
        pearl,
        diamond,
        prepared.answer,
        _grid_like(parsed, board.values),
        _candidates(board, parsed),
        stopped,
    )


def _explain(
    grid: GridLike | ArrayLike,
    alphabet: str | None,
    box: tuple[int, int] | None,
    variant: str | None,
    regions: GridLike | ArrayLike | None,
    timeout: float | None,
    progress: Callable[[StepProgress], object] | None,
    most: int | None,
) -> Explanation:
    """The explanation, of its first ``most`` steps at most (``None``: all).

    :raises ExplanationBudgetError: when ``timeout`` runs out.
    :raises ExplanationInterrupted: for a :class:`KeyboardInterrupt`.
    """
    check_budget(timeout=timeout)
    if progress is not None and not callable(progress):
        raise SudokuError(f"progress={progress!r} is not callable")
    clock = Clock(timeout, progress)
    prepared: _Prepared | None = None
    found: list[tuple[Step, Hint]] = []
    try:
        prepared = _prepared(grid, alphabet, box, variant, regions, clock)
        for pair in _steps(prepared, clock):
            found.append(pair)
            if len(found) == most:
                break
    except BudgetExceeded as stop:  # a BudgetError of the search too
        partial = None
        where = "in the search for the puzzle's one solution"
        if prepared is not None:
            partial = _explanation(prepared, found, Outcome.OUT_OF_TIME)
            where = f"{counted(len(found), 'step')} taken"
        message = (
            f"explanation stopped after {seconds(clock.elapsed())} s (time budget of "
            f"{timeout:g} s used up), {where}"
        )
        budget = BudgetExceeded(Outcome.OUT_OF_TIME, stop.stats, message)
        raise ExplanationBudgetError(budget, partial) from None
    except KeyboardInterrupt:
        partial = None
        where = "in the search for the puzzle's one solution"
        if prepared is not None:
            partial = _explanation(prepared, found, Outcome.INTERRUPTED)
            where = f"{counted(len(found), 'step')} taken"
        message = f"explanation interrupted after {seconds(clock.elapsed())} s, {where}"
        raise ExplanationInterrupted(message, partial) from None
    assert prepared is not None
    return _explanation(prepared, found, None)


def explain(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    timeout: float | None = None,
    progress: Callable[[StepProgress], object] | None = None,
) -> Explanation:
    """The steps of a puzzle's solve by hand, each rated, and the puzzle's rating (see :mod:`sudoku.explainer`).

    :param grid: the puzzle, in any form :func:`sudoku.solve` reads.
    :param alphabet: as in :func:`sudoku.solve`.
    :param box: as in :func:`sudoku.solve`.
    :param variant: as in :func:`sudoku.solve`: the techniques use the
        variant's units too.
    :param regions: a jigsaw map, as in :func:`sudoku.solve`.
    :param timeout: stop after about this many seconds (the search for the
        puzzle's one solution, and every technique, included; read inside
        the techniques, so the call ends within milliseconds of it).
    :param progress: called about once a second, from the first second on,
        with a :class:`sudoku.techniques.StepProgress`: the steps so far,
        the cells filled, the time, the technique being tried.
    :returns: the explanation.
    :raises GridSizeError: when the grid is not N rows of N cells.
    :raises SymbolError: when a cell holds an unknown symbol.
    :raises ConflictError: when two givens repeat a symbol in a unit.
    :raises NoSolutionError: when the puzzle has no solution.
    :raises MultipleSolutionsError: when it has more than one.
    :raises RegionError: for an unknown or unfitting variant or a bad map.
    :raises SudokuError: as :func:`sudoku.solve` does for ``alphabet`` and
        ``box``, and for a ``timeout`` that is not a number of seconds of
        at least 0, or a ``progress`` that is not callable.
    :raises ~sudoku.explainer.ExplanationBudgetError: (a
        :class:`sudoku.BudgetError`) when ``timeout`` runs out: the steps
        so far are its ``explanation``.
    :raises ~sudoku.explainer.ExplanationInterrupted: (a
        :class:`KeyboardInterrupt`) on Ctrl-C: the steps so far are its
        ``explanation``.

    >>> e = explain("1..." "...2" "..4." ".3..")
    >>> e.rating, [s.technique for s in e.steps][:3]
    (1.2, ['hidden single in a box', 'hidden single in a box', 'full house'])
    >>> e.steps[0].placements
    ((0, 1, '2'),)
    >>> explain("." * 16)
    Traceback (most recent call last):
      ...
    sudoku.errors.MultipleSolutionsError: more than one solution: an explanation needs a unique one
    >>> explain("1..." "...2" "..4." ".3..", timeout=0)
    Traceback (most recent call last):
      ...
    sudoku.explainer.ExplanationBudgetError: explanation stopped after 0 s (time budget of 0 s used up), in the search for the puzzle's one solution
    """
    return _explain(grid, alphabet, box, variant, regions, timeout, progress, None)


def hint(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    timeout: float | None = None,
    progress: Callable[[StepProgress], object] | None = None,
) -> Step | None:
    """The next step of a solve by hand: the first step :func:`explain` would take.

    Takes and raises what :func:`explain` does (a stopped hint's
    ``explanation`` has no step); ``None`` for a grid without a blank.

    >>> print(hint("1..." "...2" "..4." ".3.."))
    r1c2 = 2: hidden single in box 1
    """
    found = _explain(grid, alphabet, box, variant, regions, timeout, progress, 1)
    return found.steps[0] if found.steps else None


# ---------------------------------------------------------------- picture


def _picture(step: Step, cell: int) -> str:
    """The picture of :meth:`Step.to_svg`: the step's grid and marks, drawn by display."""
    if type(cell) is not int or cell < 24:
        raise SudokuError(f"cell={cell!r} is not a whole number of pixels >= 24")
    grid = step.grid

    def values(marks: Sequence[Candidate]) -> list[tuple[int, int, int]]:
        return [(r, c, _value_of(grid, symbol)) for r, c, symbol in marks]

    return draw_grid(
        grid,
        title=step.text,
        units=step.regions,
        cell=cell,
        candidates=[
            [_value_of(grid, symbol) for symbol in symbols]
            for symbols in step.candidates
        ],
        highlighted=step.cells,
        placements=values(step.placements),
        eliminations=values(step.eliminations),
    )


def _value_of(grid: Grid, symbol: str | int) -> int:
    if isinstance(symbol, int):
        return symbol
    assert grid.alphabet is not None
    return grid.alphabet.index(symbol) + 1
