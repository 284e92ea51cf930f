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
  dynamic forcing chains with the simple techniques inside, and 9.5 and
  more with static forcing chains nested in them too (the
  techniques of :mod:`sudoku.techniques` and :mod:`sudoku.chains`, in the
  order of :data:`sudoku.steps.TECHNIQUES`), measured against Sukaku
  Explainer's ratings on the docs' grading page;
* where no technique here applies, the step is a *search* step
  (technique ``"search"``, rating :data:`sudoku.steps.SEARCH_RATING`): the cell with
  the fewest candidates gets its value from the puzzle's one solution.  It
  stands for what SE would go on with (its deeper nested forcing chains,
  10.0 and up), which is not here.  Such an explanation says so where a player
  reads it: ``Explanation.by_logic`` is false, its rating is written
  ``10.0+`` (:attr:`sudoku.Explanation.rating_text`, as ``sudoku --rate``
  prints it), and its first line counts the search steps;
* on other grids (4×4, 16×16, jigsaw, X, windoku) the same techniques
  over the grid's units, with the same numbers; SE itself rates 9×9 only,
  so there a rating compares puzzles of one kind with each other.

A puzzle without a solution is explained too, as far as it can be: the
:class:`ContradictionError` raised (a :class:`sudoku.NoSolutionError`)
carries a minimal set of its givens that has none
(:func:`sudoku.conflicts`) and, as a :class:`Contradiction`, the steps
from those givens alone to a cell without candidate, a unit without place
for a symbol, or a symbol twice in a unit.

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
from contextlib import contextmanager
from itertools import pairwise

from dlx.algorithms import sat_available
from dlx.errors import BudgetExceeded
from dlx.records import Record
from dlx.stats import Outcome, Progress, Stats
from sudoku.cage_steps import CageBoard, broken_cage, cage_reason
from sudoku.cages import Cage
from sudoku.display import ASIDE, BRANCHES, CageOutlines, Link, draw_grid
from sudoku.errors import (
    BudgetError,
    MultipleSolutionsError,
    NoSolutionError,
    SudokuError,
)
from sudoku.grid import ArrayLike, Grid, GridLike
from sudoku.regions import Regions, has_boxes, regions_of
from sudoku.solver import (
    SAT_SIZE,
    cages_of,
    check_budget,
    parse_grid,
    solve,
    units_of,
)
from sudoku.steps import (
    LAST_RESORT,
    SEARCH_RATING,
    TECHNIQUES,
    UNIQUENESS,
    board_of,
    solve_steps,
)
from sudoku.techniques import Board, Clock, Hint, StepProgress
from sudoku.whynot import ConflictsBudgetError, ConflictsInterrupted, conflicts
from sudoku.wording import counted, seconds

__all__ = [
    "SEARCH_RATING",
    "Contradiction",
    "ContradictionError",
    "Explanation",
    "ExplanationBudgetError",
    "ExplanationInterrupted",
    "Prepared",
    "Step",
    "explain",
    "explain_contradiction",
    "hint",
    "one_solution",
    "prepare",
]

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
    :ivar cages: the puzzle's cages (``cages=`` of :func:`explain`), read
        by :func:`sudoku.cages.read_cages`; ``()`` for none.  The picture
        outlines them.
    :ivar chains: for a chain, cycle or forcing chain, its links: chains of
        nodes ``(row, column, symbol, on)`` in order, ``on`` true where
        the node asserts the candidate and false where it denies it; two
        nodes in a row share a cell, or the symbol and a unit (or, in the
        dynamic forcing chains with simple techniques inside, a node
        follows from the pattern those make).  A cycle closes on its first
        node; a forcing chain has one chain per branch (to the
        contradiction's two sides, or to the common conclusion), then the
        chains that a node rests on besides its first (a single the chain
        made), each ending at that node, and last the nested forcing
        chains a node rests on (SE 9.5 and up: a cycle, or a chain from a
        candidate to its opposite, on the grid as the chain left it).
        The text writes the branches
        ``r1c2=3 -> r1c4<>3``; the picture draws every chain as arrows.
        ``()`` for the other techniques.
    :ivar branches: how many of the ``chains``, first, are branches.
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
    cages: tuple[Cage, ...] = ()
    chains: tuple[tuple[tuple[int, int, str | int, bool], ...], ...] = ()
    branches: int = 0

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

    @property
    def searches(self) -> int:
        """How many steps are search steps (technique ``"search"``): where the techniques here ran out."""
        return sum(step.technique == LAST_RESORT for step in self.steps)

    @property
    def by_logic(self) -> bool:
        """Whether the techniques alone took every step (no search step).

        >>> explain("1..." "...2" "..4." ".3..").by_logic
        True
        """
        return not self.searches

    @property
    def rating_text(self) -> str:
        """The rating as a player reads it: ``"7.2"``, or ``"10.0+"`` when a step had to search.

        The ``+`` says that logic ran out: the search step's rating
        (:data:`~sudoku.steps.SEARCH_RATING`) stands for techniques not
        here, whose SE rating is not known.
        """
        return f"{self.rating:.1f}" + ("" if self.by_logic else "+")

    def __str__(self) -> str:
        ratings = f"(pearl {self.pearl:.1f}, diamond {self.diamond:.1f})"
        if self.stopped is None:
            head = f"rating {self.rating_text} {ratings}"
        else:
            head = (
                f"unfinished ({self.stopped.value}): rating at least "
                f"{self.rating_text} {ratings}"
            )
        if not self.by_logic:
            head += (
                f": logic ran out, {counted(self.searches, 'step')} taken "
                "from the solution by search"
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
    :ivar givens: for a puzzle without a solution, givens that together
        have none (as :func:`sudoku.conflicts` writes them; not shown
        minimal when the time ran out in that search), else ``None``.
    :ivar contradiction: for a puzzle without a solution, the steps from
        those givens so far (a :class:`Contradiction` that is not
        ``complete``), else ``None``.

    >>> try:
    ...     explain("1..." "...2" "..4." ".3..", timeout=0)
    ... except ExplanationBudgetError as stop:
    ...     print(stop.explanation)
    None
    """

    def __init__(
        self,
        stop: BudgetExceeded,
        explanation: Explanation | None,
        *,
        givens: list[tuple[int, int, str | int]] | None = None,
        contradiction: Contradiction | None = None,
    ) -> None:
        super().__init__(stop)
        self.explanation = explanation
        self.givens = givens
        self.contradiction = contradiction


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
    :param givens: for a puzzle without a solution, givens that together
        have none (not shown minimal when the interruption came in that
        search); else ``None``.
    :param contradiction: for a puzzle without a solution, the steps from
        those givens so far (a :class:`Contradiction`); else ``None``.
    :ivar explanation: see above; ``givens`` and ``contradiction`` too.

    >>> issubclass(ExplanationInterrupted, KeyboardInterrupt)
    True
    >>> ExplanationInterrupted("explanation interrupted after 3 s", None).outcome.value
    'interrupted'
    """

    def __init__(
        self,
        message: str,
        explanation: Explanation | None,
        *,
        givens: list[tuple[int, int, str | int]] | None = None,
        contradiction: Contradiction | None = None,
    ) -> None:
        super().__init__(message)
        self.outcome = Outcome.INTERRUPTED
        self.stats = Stats()
        self.explanation = explanation
        self.givens = givens
        self.contradiction = contradiction


class Contradiction(Record, frozen=True):
    """Why some givens have no solution, shown by hand: the steps that lead to a contradiction.

    Made for a puzzle without a solution (carried by
    :class:`ContradictionError`) and for a player's wrong entry (the
    ``why`` of a :class:`sudoku.Mistake`).  The steps start from
    a grid that holds the ``givens`` alone (a minimal set of
    :func:`sudoku.conflicts`), so they rest on these givens and on nothing
    else; they use the techniques of :func:`explain` but those that
    assume a unique solution (:data:`sudoku.steps.UNIQUENESS`), and no search step.
    They stop at the first contradiction the grid shows, one of:

    * ``"cell"``: a blank cell with no candidate left
      (``"r3c4 has no candidate left"``);
    * ``"symbol"``: a unit that lacks a symbol and has no place left for
      it (``"row 2 has no place for 8"``);
    * ``"repeat"``: a unit that holds a symbol twice
      (``"row 1 has 1 twice: r1c1, r1c4"``), two givens to begin with;
    * ``"cage"``: with cages, a cage whose cells can take none of its
      combinations any more (``"the cage on r1c1, r1c2 has no
      combination left"``).

    Rows and columns count from 0, as in a :class:`Step`; the text counts
    them from 1.

    :ivar givens: the givens the steps start from: ``(row, column,
        symbol)``, in the grid's order.
    :ivar steps: the steps, in order (each a :class:`Step`).
    :ivar kind: ``"cell"``, ``"symbol"``, ``"repeat"`` or ``"cage"``;
        ``None`` when the steps were cut short (``stopped``) before one
        showed.
    :ivar cells: the cell with no candidate, the cells that repeat the
        symbol, or the cage's cells: ``(row, column)``; ``()`` for a
        symbol without a place.
    :ivar unit: the unit without a place for the symbol, or the one that
        repeats it, named (``"row 2"``); ``None`` for a cell.
    :ivar symbol: that symbol (``None`` for a cell).
    :ivar text: the contradiction in a line, e.g. ``"row 2 has no place for 8"``.
    :ivar reached: the grid the steps reach (a :class:`sudoku.Grid`).
    :ivar candidates: each cell's candidates there, as symbols (``()``
        for a filled cell), row by row.
    :ivar stopped: :attr:`dlx.Outcome.OUT_OF_TIME` or
        :attr:`dlx.Outcome.INTERRUPTED` when cut short, else ``None``.

    >>> try:
    ...     explain("...1" "143." "43.." "....")
    ... except ContradictionError as error:
    ...     why = error.contradiction
    >>> why.givens
    ((0, 3, '1'), (1, 1, '4'), (1, 2, '3'), (2, 0, '4'), (2, 1, '3'))
    >>> print(why)
    r2c1 = 1: hidden single in box 1
    r2c4 = 2: full house in row 2
    r3c4 has no candidate left
    >>> why.kind, why.cells, why.unit, why.symbol, why.candidates[11]
    ('cell', ((2, 3),), None, None, ())
    """

    givens: tuple[Candidate, ...]
    steps: tuple[Step, ...]
    kind: str | None
    cells: tuple[Cell, ...]
    unit: str | None
    symbol: str | int | None
    text: str
    reached: Grid
    candidates: tuple[tuple[str | int, ...], ...]
    stopped: Outcome | None = None

    @property
    def complete(self) -> bool:
        """Whether the steps reach the contradiction (not cut short: ``stopped`` is ``None``)."""
        return self.stopped is None

    def __str__(self) -> str:
        return "\n".join([*(s.text for s in self.steps), self.text])


class ContradictionError(NoSolutionError):
    """The puzzle has no solution, and why: a minimal set of its givens and the steps from them.

    A :class:`sudoku.NoSolutionError`, raised by :func:`explain` and
    :func:`hint` for a puzzle without a solution (but for two givens that
    repeat a symbol in a unit, a :class:`sudoku.ConflictError` as
    before).  The message names the givens and the contradiction.

    :param message: the message.
    :param givens: as the attribute.
    :param contradiction: as the attribute.
    :ivar givens: a minimal set of the puzzle's givens without a solution
        (:func:`sudoku.conflicts`'s answer): ``(row, column, symbol)``.
    :ivar contradiction: the steps from these givens alone to a
        contradiction (a :class:`Contradiction`); ``None`` when the
        techniques here do not reach one (the givens still have no
        solution: a search shows it).

    >>> try:
    ...     hint("12.." "..3." "...." "....")
    ... except ContradictionError as error:
    ...     print(error)
    no solution: r1c1 = 1, r1c2 = 2, r2c3 = 3 have none together; row 1 has no place for 3
    """

    def __init__(
        self,
        message: str,
        givens: list[tuple[int, int, str | int]],
        contradiction: Contradiction | None,
    ) -> None:
        super().__init__(message)
        self.givens = givens
        self.contradiction = contradiction


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


def _describe(
    hint: Hint, grid: Grid, names: Sequence[str], reason: str | None = None
) -> str:
    """The line of text of a hint: what it does, then why (``reason``, when given)."""
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
    if reason is not None:
        return f"{'; '.join(done)}: {reason}"
    why = hint.technique
    if why.startswith("hidden single"):
        why = "hidden single"  # its unit follows
    if hint.values and not hint.technique.startswith(
        ("hidden single", "naked single", "full house")
    ):
        why += " on " + ",".join(str(symbol(v)) for v in hint.values)
    if hint.chains:
        shown = hint.chains[: hint.branches]
        why += " (" + "; ".join(_chain_text(chain, grid) for chain in shown) + ")"
    elif hint.units:
        why += " in " + ", ".join(names[u] for u in hint.units)
    elif hint.cells and hint.technique not in ("naked single", LAST_RESORT):
        why += " at " + ", ".join(_cell(size, c) for c in hint.cells)
    return f"{'; '.join(done)}: {why}"


def _chain_text(chain: Sequence[tuple[int, int, bool]], grid: Grid) -> str:
    """A chain of nodes as players write it: ``r1c2=3 -> r1c4<>3 -> r3c4=3``."""
    size = grid.size
    symbol = grid.symbol
    return " -> ".join(
        f"{_cell(size, cell)}{'=' if on else '<>'}{symbol(value)}"
        for cell, value, on in chain
    )


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
    cages: tuple[Cage, ...] = ()
    if isinstance(board, CageBoard):
        cages = tuple(read.cage for read in board.cages)
    return Step(
        hint.technique,
        hint.rating,
        tuple((c // size, c % size, symbol(v)) for c, v in hint.placements),
        tuple((c // size, c % size, symbol(v)) for c, v in hint.eliminations),
        tuple((c // size, c % size) for c in hint.cells),
        tuple(names[u] for u in hint.units),
        _describe(hint, grid, names, cage_reason(board, hint)),
        before,
        candidates,
        board.regions,
        cages,
        tuple(
            tuple((c // size, c % size, symbol(v), on) for c, v, on in chain)
            for chain in hint.chains
        ),
        hint.branches,
    )


def _grid_like(grid: Grid, values: Sequence[int]) -> Grid:
    """A :class:`sudoku.Grid` of ``grid``'s shape and alphabet holding ``values``."""
    return Grid(grid.size, grid.box, values, grid.alphabet)


class Prepared(Record, frozen=True):
    """A puzzle ready to explain or grade: parsed, its units, its one solution (made by :func:`prepare`).

    :ivar parsed: the puzzle, parsed.
    :ivar units: its units (rows, columns, boxes or regions, a variant's).
    :ivar solution: the solution's values, cell by cell.
    :ivar answer: the solution as :func:`sudoku.solve` gives it.
    :ivar cages: the puzzle's cages, read.
    """

    parsed: Grid
    units: Regions
    #: The solution's values, cell by cell.
    solution: list[int]
    #: The solution as :func:`sudoku.solve` gives it (the puzzle's representation).
    answer: GridLike | ArrayLike
    #: The puzzle's cages, read.
    cages: tuple[Cage, ...] = ()


def one_solution(
    grid: GridLike | ArrayLike,
    size: int,
    clock: Clock,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
) -> GridLike | ArrayLike:
    """The puzzle's one solution (:func:`sudoku.solve` with ``unique=True``), on ``clock``'s budget.

    The search reports to ``clock``'s hook, and runs on what is left of
    its budget; beyond 16×16 by the SAT solver when it is installed, as
    the generator proves its puzzles unique
    (:data:`sudoku.solver.SAT_SIZE`): backtracking may take hours
    there.  :func:`sudoku.explain` and :func:`sudoku.mistakes` start with it.

    :param grid: the puzzle, as :func:`sudoku.solve` takes it.
    :param size: its size N (the solver is chosen by it).
    :param clock: the time budget and progress hook.
    :raises NoSolutionError: as :func:`sudoku.solve` does.
    :raises MultipleSolutionsError: as :func:`sudoku.solve` does.
    :raises dlx.BudgetExceeded: when the budget runs out.

    >>> one_solution("1..." "...2" "..4." ".3..", 4, Clock())
    '1234341221434321'
    """
    method = "sat" if size >= SAT_SIZE and sat_available() else "dlx"
    relay: Callable[[Progress], object] | None = None
    if clock.reports and method == "dlx":

        def relay(_: Progress) -> None:
            clock.check()  # a report when one is due

    with _reporting(clock if method == "sat" else None):
        return solve(
            grid,
            alphabet=alphabet,
            box=box,
            variant=variant,
            regions=regions,
            cages=cages,
            disjoint_cages=disjoint_cages,
            unique=True,
            timeout=clock.remaining(),
            progress=relay,
            method=method,
        )


#: Seconds between two looks at the clock of :func:`_reporting`'s thread.
_REPORT_POLL = 0.05


@contextmanager
def _reporting(clock: Clock | None) -> Iterator[None]:
    """Keep ``clock``'s progress reports coming while inside, from a thread of its own.

    The SAT solver reports nothing, and proving a hard 25x25 puzzle
    unique takes it 10-15 s, in which ``--progress`` said nothing.  So a
    thread calls the hook when a report is due while the solve runs.
    The hook is called from that thread, not the caller's; an exception
    it raises stops the reports and is raised when the solve is over
    (the solve's budget still bounds it).  ``None`` (or a clock without a
    hook): nothing is started.

    >>> import time
    >>> seen = []
    >>> clock = Clock(progress=seen.append, interval=0.01)
    >>> with _reporting(clock):
    ...     time.sleep(0.2)
    >>> len(seen) > 0, seen[0].technique
    (True, '')
    """
    if clock is None or not clock.reports:
        yield
        return
    import threading

    done = threading.Event()
    failed: list[BaseException] = []

    def report() -> None:
        while not done.wait(_REPORT_POLL):
            try:
                clock.report_if_due()
            except BaseException as error:  # raised by the caller, below
                failed.append(error)
                return

    thread = threading.Thread(target=report, name="pydlx-reports", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
    if failed:
        raise failed[0]


def prepare(
    grid: GridLike | ArrayLike,
    alphabet: str | None,
    box: tuple[int, int] | None,
    variant: str | None,
    regions: GridLike | ArrayLike | None,
    clock: Clock,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
    need: str = "an explanation",
) -> Prepared:
    """The parsed grid, its units, its one solution's values (:func:`one_solution`) and that solution as given.

    The arguments are :func:`sudoku.explain`'s; ``need`` is what the
    message of :class:`sudoku.MultipleSolutionsError` says needs one
    solution.

    :raises MultipleSolutionsError: naming the need.
    :raises NoSolutionError: as :func:`sudoku.solve` does.
    :raises BudgetError: when the time runs out.

    >>> prepare("1..." "...2" "..4." ".3..", None, None, None, None, Clock()).solution
    [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    """
    parsed = parse_grid(grid, alphabet, box, variant, regions)
    units = units_of(parsed, variant, regions) or regions_of(parsed.size, parsed.box)
    clock.blanks = parsed.values.count(0)
    clock.check()
    try:
        answer = one_solution(
            grid,
            parsed.size,
            clock,
            alphabet=alphabet,
            box=box,
            variant=variant,
            regions=regions,
            cages=cages,
            disjoint_cages=disjoint_cages,
        )
    except MultipleSolutionsError:
        raise MultipleSolutionsError(
            f"more than one solution: {need} needs a unique one"
        ) from None
    values = list(
        Grid.parse(
            answer,
            alphabet=alphabet or parsed.alphabet,
            box=parsed.box,
            boxes=regions is None and has_boxes(variant),
        ).values
    )
    read = cages_of(parsed, cages, disjoint_cages)
    return Prepared(parsed, units, values, answer, tuple(read))


def _steps(prepared: Prepared, clock: Clock) -> Iterator[tuple[Step, Hint]]:
    """The steps of the solve by hand (:func:`sudoku.steps.solve_steps`), each with its hint, as they are found."""
    parsed = prepared.parsed
    solution = prepared.solution
    board = board_of(prepared.units, parsed.values, prepared.cages, clock)
    names = _unit_names(prepared.units)
    size = parsed.size
    for _, found in solve_steps(board, solution):
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
        placed = sum(1 for cell, _ in found.placements if not board.values[cell])
        yield _step(found, board, parsed, names), found
        clock.steps += 1
        clock.filled += placed


def _explanation(
    prepared: Prepared, found: Sequence[tuple[Step, Hint]], stopped: Outcome | None
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
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
) -> Explanation:
    """The explanation, of its first ``most`` steps at most (``None``: all).

    :raises ExplanationBudgetError: when ``timeout`` runs out.
    :raises ExplanationInterrupted: for a :class:`KeyboardInterrupt`.
    """
    check_budget(timeout=timeout, progress=progress)
    clock = Clock(timeout, progress)
    prepared: Prepared | None = None
    found: list[tuple[Step, Hint]] = []
    state: _WhyNot | None = None
    try:
        try:
            prepared = prepare(
                grid, alphabet, box, variant, regions, clock, cages, disjoint_cages
            )
        except NoSolutionError:
            state = _WhyNot()
        if state is not None:
            raise _why_not(
                grid,
                alphabet,
                box,
                variant,
                regions,
                clock,
                progress,
                state,
                cages,
                disjoint_cages,
            )
        assert prepared is not None
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
        elif state is not None:
            where = state.where()
        message = (
            f"explanation stopped after {seconds(clock.elapsed())} s (time budget of "
            f"{timeout:g} s used up), {where}"
        )
        budget = BudgetExceeded(Outcome.OUT_OF_TIME, stop.stats, message)
        raise ExplanationBudgetError(
            budget,
            partial,
            givens=None if state is None else state.givens,
            contradiction=None if state is None else state.partial(Outcome.OUT_OF_TIME),
        ) from None
    except KeyboardInterrupt:
        partial = None
        where = "in the search for the puzzle's one solution"
        if prepared is not None:
            partial = _explanation(prepared, found, Outcome.INTERRUPTED)
            where = f"{counted(len(found), 'step')} taken"
        elif state is not None:
            where = state.where()
        message = f"explanation interrupted after {seconds(clock.elapsed())} s, {where}"
        raise ExplanationInterrupted(
            message,
            partial,
            givens=None if state is None else state.givens,
            contradiction=None if state is None else state.partial(Outcome.INTERRUPTED),
        ) from None
    assert prepared is not None
    return _explanation(prepared, found, None)


# ---------------------------------------------------------------- contradictions

# The steps to a contradiction leave out the techniques that assume the
# puzzle has one solution (unique rectangles and loops, the BUG): its
# givens have none.
_LOGIC = tuple(t for t in TECHNIQUES if t.name not in UNIQUENESS)

#: A contradiction as found on a board: its kind, its cells, its unit
#: (-1 for none) and its value (0 for none).
_Broken = tuple[str, tuple[int, ...], int, int]


def _logic_hint(board: Board) -> Hint | None:
    """The first hint of the first technique of :data:`_LOGIC` that has one, as :func:`sudoku.steps.next_hint` takes it."""
    clock = board.clock
    for technique in _LOGIC:
        clock.technique = technique.name
        clock.check()
        found = technique.find(board)
        if found:
            return found[0]
    return None


def _broken(board: Board) -> _Broken | None:
    """The first contradiction the board shows: a repeat, a cell without candidate, a symbol without place."""
    values = board.values
    cand = board.cand
    units = board.layout.units
    for u, unit in enumerate(units):
        seen = 0
        for c in unit:
            v = values[c]
            if v:
                bit = 1 << (v - 1)
                if seen & bit:
                    cells = tuple(o for o in unit if values[o] == v)
                    return "repeat", cells, u, v
                seen |= bit
    for c, v in enumerate(values):
        if not v and not cand[c]:
            return "cell", (c,), -1, 0
    for u, unit in enumerate(units):
        places = 0
        for c in unit:
            places |= cand[c]
        lacking = board.missing(u) & ~places
        if lacking:
            return "symbol", (), u, (lacking & -lacking).bit_length()
    cage = broken_cage(board)
    if cage is not None:
        # The cage's place in the list given (-1: implied by the rules).
        return "cage", cage.cells, cage.index, 0
    return None


def _given_values(grid: Grid, givens: Sequence[Candidate]) -> list[int]:
    """The values of a grid of ``grid``'s shape that holds ``givens`` alone."""
    size = grid.size
    values = [0] * (size * size)
    for row, column, symbol in givens:
        values[row * size + column] = _value_of(grid, symbol)
    return values


def _reach(
    grid: Grid,
    units: Regions,
    givens: Sequence[Candidate],
    clock: Clock,
    found: list[tuple[Step, Hint]],
    cages: Sequence[Cage] = (),
) -> _Broken | None:
    """Take steps from ``givens`` alone, appending them to ``found``, until the board shows a contradiction.

    The board is checked before each step, so the techniques never see
    a contradiction (a cell without candidate, a unit without place for a
    symbol it lacks, a symbol twice in a unit).  ``None`` when no
    technique applies, or when a step would change nothing (so the loop
    cannot turn for ever).
    """
    board = board_of(units, _given_values(grid, givens), cages, clock)
    names = _unit_names(units)
    while True:
        broken = _broken(board)
        if broken is not None:
            return broken
        hint = _logic_hint(board)
        if hint is None:
            return None
        values = board.values[:]
        cand = board.cand[:]
        step = _step(hint, board, grid, names)
        board.apply(hint)
        if board.values == values and board.cand == cand:
            return None  # pragma: no cover - every technique makes progress
        found.append((step, hint))
        clock.steps += 1
        clock.filled += sum(
            1 for a, b in zip(values, board.values, strict=True) if a != b
        )


def _contradiction(
    grid: Grid,
    units: Regions,
    givens: Sequence[Candidate],
    found: Sequence[tuple[Step, Hint]],
    broken: _Broken | None,
    stopped: Outcome | None,
) -> Contradiction:
    """The record of the steps ``found`` from ``givens`` and the contradiction they reach (``broken``)."""
    board = Board(units, _given_values(grid, givens))
    for _, found_hint in found:
        board.apply(found_hint)
    size = grid.size
    names = _unit_names(units)
    kind: str | None = None
    cells: tuple[Cell, ...] = ()
    unit: str | None = None
    symbol: str | int | None = None
    if broken is None:
        text = f"stopped ({stopped.value if stopped else 'no contradiction'})"
    else:
        kind, at, u, value = broken
        cells = tuple((c // size, c % size) for c in at)
        if u >= 0 and kind != "cage":
            unit = names[u]
        if value:
            symbol = grid.symbol(value)
        if kind == "cell":
            text = f"{_cell(size, at[0])} has no candidate left"
        elif kind == "cage" and u >= 0:
            # Named as every message names a given cage (the command puts
            # its label and line for it).
            text = f"cages[{u}] (at {_cell(size, at[0])}) has no combination left"
        elif kind == "cage":
            where = ", ".join(_cell(size, c) for c in at)
            text = f"the cage on {where} has no combination left"
        elif kind == "symbol":
            text = f"{unit} has no place for {symbol}"
        else:
            where = ", ".join(_cell(size, c) for c in at)
            text = f"{unit} has {symbol} twice: {where}"
    return Contradiction(
        tuple(sorted(givens)),
        tuple(step for step, _ in found),
        kind,
        cells,
        unit,
        symbol,
        text,
        _grid_like(grid, board.values),
        _candidates(board, grid),
        stopped,
    )


def explain_contradiction(
    grid: Grid,
    units: Regions,
    givens: Sequence[tuple[int, int, str | int]],
    clock: Clock | None = None,
    cages: Sequence[Cage] = (),
) -> Contradiction | None:
    """The steps from ``givens`` alone to a contradiction (see :class:`Contradiction`), or ``None``.

    The givens are not checked to have no solution: for givens with one
    (or with a contradiction that the techniques here do not show) the
    answer is ``None``.  :func:`sudoku.explain` and :func:`sudoku.mistakes`
    call it with a minimal set of :func:`sudoku.conflicts`.

    :param grid: the puzzle's grid (its shape and alphabet are used, not its values).
    :param units: the grid's units (:func:`sudoku.units_of` or :func:`sudoku.regions_of`).
    :param givens: ``(row, column, symbol)``, rows and columns from 0.
    :param clock: the time budget and progress hook to read (none by default).
    :param cages: the puzzle's cages, read by :func:`sudoku.cages.read_cages`
        (the cage techniques take part, and a cage left without a
        combination is a contradiction too).
    :returns: the contradiction, or ``None`` when no technique here reaches one.
    :raises dlx.BudgetExceeded: when ``clock``'s time budget runs out.

    >>> from sudoku import regions_of
    >>> grid = Grid.parse("." * 16)
    >>> why = explain_contradiction(grid, regions_of(4, (2, 2)), [(0, 0, "1"), (1, 1, "1")])
    >>> why.text, why.steps
    ('box 1 has 1 twice: r1c1, r2c2', ())
    >>> explain_contradiction(grid, regions_of(4, (2, 2)), [(0, 0, "1")]) is None
    True
    """
    found: list[tuple[Step, Hint]] = []
    clock = Clock() if clock is None else clock
    broken = _reach(grid, units, givens, clock, found, cages)
    if broken is None:
        return None
    return _contradiction(grid, units, givens, found, broken, None)


def _written(givens: Sequence[Candidate]) -> str:
    """``r1c9 = 8, r2c4 = 1``: givens in a line, rows and columns from 1."""
    return ", ".join(f"r{r + 1}c{c + 1} = {symbol}" for r, c, symbol in givens)


class _WhyNot:
    """How far the search for why a puzzle has no solution came (for a stop on the way)."""

    __slots__ = ("found", "givens", "grid", "minimal", "units")

    def __init__(self) -> None:
        self.grid: Grid | None = None
        self.units: Regions | None = None
        self.givens: list[Candidate] | None = None
        self.minimal = False
        self.found: list[tuple[Step, Hint]] = []

    def partial(self, stopped: Outcome) -> Contradiction | None:
        """The steps so far from the minimal givens, or ``None`` before those were known."""
        if self.grid is None or self.units is None or not self.minimal:
            return None
        assert self.givens is not None
        return _contradiction(
            self.grid, self.units, self.givens, self.found, None, stopped
        )

    def where(self) -> str:
        """How far it came, for a message."""
        if not self.minimal:
            return "in the search for givens without a solution"
        return (
            f"{counted(len(self.found), 'step')} taken from givens without a solution"
        )


def _why_not(
    grid: GridLike | ArrayLike,
    alphabet: str | None,
    box: tuple[int, int] | None,
    variant: str | None,
    regions: GridLike | ArrayLike | None,
    clock: Clock,
    progress: Callable[[StepProgress], object] | None,
    state: _WhyNot,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
) -> ContradictionError:
    """The error for a puzzle without a solution: its minimal givens and the steps from them.

    :raises NoSolutionError: when no grid at all fits the region map.
    :raises dlx.BudgetExceeded: when the time runs out (``state`` holds how far it came).
    """
    parsed = parse_grid(grid, alphabet, box, variant, regions)
    units = units_of(parsed, variant, regions) or regions_of(parsed.size, parsed.box)
    read = tuple(cages_of(parsed, cages, disjoint_cages))
    state.grid = parsed
    state.units = units
    relay: Callable[[object], None] | None = None
    if progress is not None:
        hook = progress

        def relay(_: object) -> None:
            hook(clock.report())

    clock.technique = ""
    try:
        givens = conflicts(
            grid,
            alphabet=alphabet,
            box=box,
            variant=variant,
            regions=regions,
            cages=cages,
            disjoint_cages=disjoint_cages,
            timeout=clock.remaining(),
            progress=relay,
        )
    except (ConflictsBudgetError, ConflictsInterrupted) as stop:
        state.givens = stop.givens
        raise
    state.givens = givens
    state.minimal = True
    broken = _reach(parsed, units, givens, clock, state.found, read)
    why = None
    said = "the techniques here do not reach a contradiction from them"
    if broken is not None:
        why = _contradiction(parsed, units, givens, state.found, broken, None)
        said = why.text
        if why.steps:
            said += f" after {counted(len(why.steps), 'step')}"
    none = "has none" if len(givens) == 1 else "have none together"
    message = f"no solution: {_written(givens)} {none}; {said}"
    return ContradictionError(message, givens, why)


def explain(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
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
    :param cages: killer or arithmetic cages, as in :func:`sudoku.solve`:
        the steps use the cage techniques of :mod:`sudoku.cage_steps`
        (cage combinations, the rule of 45, cage splitting, hidden cages,
        cage pointing) with the others, but those
        that assume the units alone allow one solution
        (:data:`sudoku.steps.UNIQUENESS`).
    :param disjoint_cages: as in :func:`sudoku.solve`.
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
    :raises ~sudoku.explainer.ContradictionError: (a
        :class:`sudoku.NoSolutionError`) when the puzzle has no solution:
        a minimal set of its givens without one (:func:`sudoku.conflicts`)
        and the steps from them alone to a contradiction (see
        :class:`~sudoku.explainer.Contradiction`); the time budget and
        Ctrl-C cover that search too.
    :raises NoSolutionError: when no grid at all fits the region map.
    :raises MultipleSolutionsError: when it has more than one.
    :raises RegionError: for an unknown or unfitting variant or a bad map.
    :raises sudoku.cages.CageError: for a bad cage, naming it.
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
    sudoku.explainer.ExplanationBudgetError: explanation stopped after ... s (time budget of 0 s used up), in the search for the puzzle's one solution
    """
    return _explain(
        grid,
        alphabet,
        box,
        variant,
        regions,
        timeout,
        progress,
        None,
        cages,
        disjoint_cages,
    )


def hint(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
    timeout: float | None = None,
    progress: Callable[[StepProgress], object] | None = None,
) -> Step | None:
    """The next step of a solve by hand: the first step :func:`explain` would take.

    Takes and raises what :func:`explain` does (a stopped hint's
    ``explanation`` has no step); ``None`` for a grid without a blank.

    >>> print(hint("1..." "...2" "..4." ".3.."))
    r1c2 = 2: hidden single in box 1
    """
    found = _explain(
        grid,
        alphabet,
        box,
        variant,
        regions,
        timeout,
        progress,
        1,
        cages,
        disjoint_cages,
    )
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
        overlays=[
            *([CageOutlines(step.cages)] if step.cages else ()),
            *_arrows(step),
        ],
    )


def _arrows(step: Step) -> list[Link]:
    """The links of a step's chains, as arrows: each branch in a colour of its own.

    A link from a node off to a node on is strong (one of the two holds),
    drawn solid; the others weak, dashed.  The chains a node rests on
    besides its branch are drawn grey, under the branches.
    """
    grid = step.grid
    arrows: list[Link] = []
    for k, chain in enumerate(step.chains):
        colour = BRANCHES[k % len(BRANCHES)] if k < step.branches else ASIDE
        for (r1, c1, s1, on1), (r2, c2, s2, on2) in pairwise(chain):
            start = (r1, c1, _value_of(grid, s1))
            end = (r2, c2, _value_of(grid, s2))
            if start != end:
                arrows.append(Link(start, end, not on1 and on2, colour))
    # The branches last, over the grey chains.
    return sorted(arrows, key=lambda arrow: arrow.colour != ASIDE)


def _value_of(grid: Grid, symbol: str | int) -> int:
    if isinstance(symbol, int):
        return symbol
    assert grid.alphabet is not None
    return grid.alphabet.index(symbol) + 1
