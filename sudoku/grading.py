"""Grading sudoku puzzles: the Sudoku Explainer rating of their solve by hand, and a level of six.

:func:`sudoku.grade` is a view of :func:`sudoku.explain`: the one engine
of techniques (:func:`sudoku.steps.solve_steps`, over
:data:`sudoku.steps.TECHNIQUES` in Sudoku Explainer's order) solves the
puzzle step by step, and the grade keeps what a summary needs: the
puzzle's rating on Sudoku Explainer's (SE's) scale, the same number as
``sudoku.explain(puzzle).rating``, the hardest step's technique, how many
steps each technique took, and a level of six named ranges of ratings.
The steps themselves, with their texts and pictures, are not written out.
Where logic runs out, a search step (rated
:data:`sudoku.steps.SEARCH_RATING`, 10.0) takes the next cell from the
puzzle's one solution, as in an explanation: the grade's ``by_logic`` is
then false and its rating is written ``10.0+``.

The levels (:data:`sudoku.LEVEL_NAMES`,
:data:`sudoku.grading.LEVEL_RATINGS`) are ranges of SE ratings:

====== ========== ============ ==============================================
level  name       ratings      the hardest step, for instance
====== ========== ============ ==============================================
1      easy       1.0 to 2.5   singles, SE's direct techniques, cage
                               combinations, the rule of 45
2      medium     2.6 to 2.9   pointing and claiming, cage pointing
3      hard       3.0 to 3.9   naked and hidden pairs, naked triples, X-wing,
                               swordfish
4      expert     4.0 to 5.9   hidden triples, strong links, wings, unique
                               rectangles and loops, quads, jellyfish, BUG
5      extreme    6.0 to 8.9   aligned exclusions, forcing chains, Nishio,
                               cell and region, dynamic forcing chains
6      diabolical 9.0 and up   dynamic forcing chains (+), and where logic
                               runs out (``10.0+``)
====== ========== ============ ==============================================

(level 0, ``"solved"``, is a grid without a blank, rated 0.0).  A
rating's level is :func:`level_of`; every rating from 1.0 up has one, with
no gap between the ranges (SE's ratings go by tenths).  The ranges were
checked on the SE-rated bank of the tests, Norvig's top95 and the forum's
hardest lists: see the grading how-to for how the puzzles fall.  Grades
compare by rating, and a grade whose logic ran out above one of the same
rating whose did not.

``timeout=`` bounds the whole grade, the search for the puzzle's one
solution and every technique (the techniques read the clock as they go,
a :class:`sudoku.techniques.Clock`).  A budget that runs out raises
:class:`GradeBudgetError` and Ctrl-C :class:`GradeInterrupted`, each with
the grade of the steps so far (not ``complete``: the puzzle's level is at
least its level).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dlx import BudgetExceeded, Outcome, Stats
from dlx.records import Record
from sudoku.errors import BudgetError, SudokuError
from sudoku.explainer import prepare
from sudoku.grid import ArrayLike, GridLike
from sudoku.solver import check_budget
from sudoku.steps import LAST_RESORT, TECHNIQUES, board_of, solve_steps
from sudoku.techniques import Clock, StepProgress
from sudoku.wording import counted, seconds

__all__ = [
    "LEVEL_NAMES",
    "LEVEL_RATINGS",
    "Grade",
    "GradeBudgetError",
    "GradeInterrupted",
    "grade",
    "level_band",
    "level_of",
]

#: The names of the levels of ``Grade.level``, from 0.
LEVEL_NAMES = ("solved", "easy", "medium", "hard", "expert", "extreme", "diabolical")

#: The least SE rating of each level of :data:`sudoku.LEVEL_NAMES`, from 0: a
#: level runs from its rating up to the next level's, less a tenth
#: (level 6 has no top).
LEVEL_RATINGS = (0.0, 1.0, 2.6, 3.0, 4.0, 6.0, 9.0)

#: Where each technique stands in :data:`sudoku.steps.TECHNIQUES`, the
#: search step last: the order of ``Grade.techniques``.
_ORDER = {t.name: k for k, t in enumerate(TECHNIQUES)} | {LAST_RESORT: len(TECHNIQUES)}


def level_of(rating: float) -> int:
    """The level (0 to 6) of an SE rating: the last of :data:`LEVEL_RATINGS` it reaches.

    :param rating: a rating, as ``Explanation.rating`` or ``Grade.rating``.
    :returns: the level; 0 for a rating under 1.0 (a grid without a blank).

    >>> level_of(1.2), level_of(2.6), level_of(5.9), level_of(6.0), level_of(10.0)
    (1, 2, 4, 5, 6)
    >>> [LEVEL_NAMES[level_of(r)] for r in (0.0, 3.2)]
    ['solved', 'hard']
    """
    level = 0
    # A rating is a sum of tenths: compared to a twentieth, so that 2.5999
    # is 2.6.
    for k, least in enumerate(LEVEL_RATINGS):
        if rating >= least - 0.05:
            level = k
    return level


def level_band(level: int) -> tuple[float, float | None]:
    """The ratings of a level: its least and its greatest (``None`` for level 6: no top).

    :param level: 1 to 6.
    :raises SudokuError: for another level.

    >>> level_band(1), level_band(4), level_band(6)
    ((1.0, 2.5), (4.0, 5.9), (9.0, None))
    """
    if type(level) is not int or not 1 <= level < len(LEVEL_NAMES):
        raise SudokuError(f"level {level!r} is not 1 to {len(LEVEL_NAMES) - 1}")
    top = None
    if level + 1 < len(LEVEL_RATINGS):
        top = round(LEVEL_RATINGS[level + 1] - 0.1, 1)
    return LEVEL_RATINGS[level], top


class Grade(Record, frozen=True):
    """The grade of a puzzle, with its reasons (made by :func:`grade`).

    :ivar level: 0 to 6 on the scale of :mod:`sudoku.grading`, the level
        of ``rating`` (:attr:`name` says it in words).
    :ivar rating: the puzzle's SE rating, its hardest step's: the same
        as ``sudoku.explain(puzzle).rating``; 0.0 for a grid without a
        blank, :data:`sudoku.steps.SEARCH_RATING` (10.0) or more when
        logic ran out.
    :ivar by_logic: whether the techniques took every step (no search
        step).
    :ivar hardest: the name of the hardest step's technique, as
        :data:`sudoku.steps.TECHNIQUES` names it (``"search"`` for a search
        step; the first step of the puzzle's rating, when several have
        it); ``None`` for a grid without a blank.
    :ivar techniques: each technique used, in the order of
        :data:`sudoku.steps.TECHNIQUES` (the search last), with how many
        steps it took.
    :ivar blanks: the blank cells of the puzzle.
    :ivar stopped: why the grade is not complete (carried by
        :class:`~sudoku.grading.GradeBudgetError` or
        :class:`~sudoku.grading.GradeInterrupted`):
        :attr:`dlx.Outcome.OUT_OF_TIME` or :attr:`dlx.Outcome.INTERRUPTED`;
        ``None`` for a complete grade.  A grade cut short is of the steps
        taken so far: the whole grade would be at least as high.

    Grades compare by rating, then a grade whose logic ran out above one
    whose did not.

    >>> g = grade("1..." "...2" "..4." ".3..")
    >>> g.level, g.name, g.rating, g.hardest, g.by_logic
    (1, 'easy', 1.2, 'hidden single', True)
    >>> print(g)
    1 easy (rating 1.2, hidden single): hidden single 12
    >>> g < grade("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..")
    True
    """

    level: int
    rating: float
    by_logic: bool
    hardest: str | None
    techniques: tuple[tuple[str, int], ...]
    blanks: int
    stopped: Outcome | None = None

    @property
    def complete(self) -> bool:
        """Whether the grade is whole (not cut short: ``stopped`` is ``None``)."""
        return self.stopped is None

    @property
    def name(self) -> str:
        """The level in words: one of :data:`LEVEL_NAMES`."""
        return LEVEL_NAMES[self.level]

    @property
    def rating_text(self) -> str:
        """The rating as a player reads it: ``"7.2"``, or ``"10.0+"`` when logic ran out.

        As :attr:`sudoku.Explanation.rating_text`.

        >>> grade("1..." "...2" "..4." ".3..").rating_text
        '1.2'
        """
        return f"{self.rating:.1f}" + ("" if self.by_logic else "+")

    def _key(self) -> tuple[float, bool]:
        return (self.rating, not self.by_logic)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Grade):
            return NotImplemented
        return self._key() >= other._key()

    def __str__(self) -> str:
        if self.hardest is None:
            if self.stopped is not None:
                return f"unfinished ({self.stopped.value}): no step taken yet"
            return f"{self.level} {self.name}: no blank cell"
        used = ", ".join(f"{name} {times}" for name, times in self.techniques)
        text = (
            f"{self.level} {self.name} (rating {self.rating_text}, {self.hardest}): "
            f"{used}"
        )
        if self.stopped is not None:
            text = f"unfinished ({self.stopped.value}): at least {text}"
        return text


class GradeBudgetError(BudgetError):
    """:func:`sudoku.grade` ran out of its ``timeout``: the grade so far is ``grade``.

    A :class:`sudoku.BudgetError` (a :class:`sudoku.SudokuError` and a
    :class:`dlx.BudgetExceeded`, whose ``outcome`` is
    :attr:`dlx.Outcome.OUT_OF_TIME`, and whose ``stats`` are the search's
    for the puzzle's one solution when it ran out there).

    :ivar grade: the grade of the steps so far (not ``complete``).

    >>> try:
    ...     grade("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ...           timeout=0)
    ... except GradeBudgetError as stop:
    ...     print(stop.grade)
    unfinished (out of time): no step taken yet
    """

    def __init__(self, stop: BudgetExceeded, partial: Grade) -> None:
        super().__init__(stop)
        self.grade = partial


class GradeInterrupted(KeyboardInterrupt):
    """:func:`sudoku.grade` was interrupted (Ctrl-C): the grade so far is ``grade``.

    A :class:`KeyboardInterrupt`, so that Ctrl-C still ends a program that
    does not catch it.  Like a :class:`dlx.SearchStopped`, it carries
    ``outcome`` (:attr:`dlx.Outcome.INTERRUPTED`) and ``stats`` (empty: the
    steps count no nodes), and its message says how far it got.

    :param message: how long it ran and how far it got.
    :param partial: the grade so far.
    :param stats: the search's counts (``None``: none).
    :ivar grade: the grade so far (not ``complete``).

    >>> issubclass(GradeInterrupted, KeyboardInterrupt)
    True
    """

    def __init__(
        self, message: str, partial: Grade, stats: Stats | None = None
    ) -> None:
        super().__init__(message)
        self.outcome = Outcome.INTERRUPTED
        self.stats = Stats() if stats is None else stats
        self.grade = partial


class _Tally:
    """The steps of a grade as they are taken: per technique, and the hardest."""

    __slots__ = ("blanks", "by_logic", "hardest", "rating", "used")

    def __init__(self, blanks: int) -> None:
        self.blanks = blanks
        self.used: dict[str, int] = {}
        self.rating = 0.0
        self.hardest: str | None = None
        self.by_logic = True

    def add(self, name: str, rating: float) -> None:
        self.used[name] = self.used.get(name, 0) + 1
        if self.hardest is None or rating > self.rating:
            self.rating, self.hardest = rating, name
        if name == LAST_RESORT:
            self.by_logic = False

    def grade(self, stopped: Outcome | None) -> Grade:
        techniques = tuple(sorted(self.used.items(), key=lambda kv: _ORDER[kv[0]]))
        return Grade(
            level_of(self.rating),
            self.rating,
            self.by_logic,
            self.hardest,
            techniques,
            self.blanks,
            stopped,
        )


def grade(
    grid: GridLike | ArrayLike,
    *,
    alphabet: str | None = None,
    box: tuple[int, int] | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    cages: Sequence[Sequence[object]] | None = None,
    disjoint_cages: bool = False,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Callable[[StepProgress], object] | None = None,
) -> Grade:
    """Grade a puzzle: its SE rating and level, from the steps :func:`sudoku.explain` takes (see :mod:`sudoku.grading`).

    The puzzle must have exactly one solution: a solve by hand, and so a
    grade, is about finding *the* answer.  The steps are those of
    :func:`sudoku.explain`, taken by the same engine
    (:func:`sudoku.steps.solve_steps`) without writing them out, so that
    ``grade(p).rating == explain(p).rating`` for every puzzle.

    :param grid: the puzzle, in any form :func:`sudoku.solve` reads.
    :param alphabet: as in :func:`sudoku.solve`.
    :param box: as in :func:`sudoku.solve`.
    :param variant: ``"x"``, ``"windoku"``, ``"x+windoku"`` or
        ``"latin"`` (no boxes, as KenKen's grid), as in
        :func:`sudoku.solve`: the techniques use the variant's units too.
    :param regions: a jigsaw region map, as in :func:`sudoku.solve`: the
        regions replace the boxes.
    :param cages: killer or arithmetic cages, as in :func:`sudoku.solve`
        (a puzzle with cages may have no givens): the cage techniques
        of :mod:`sudoku.cage_steps` join the others, as in
        :func:`sudoku.explain`.
    :param disjoint_cages: as in :func:`sudoku.solve`.
    :param max_nodes: refused (:class:`sudoku.SudokuError`) unless
        ``None``: a grade is taken by techniques, step by step, not
        counted in search nodes; give it a ``timeout``.
    :param timeout: give up after about this many seconds, the search for
        the one solution and the techniques together (the techniques read
        the clock as they go).
    :param progress: called about once a second, from the first second
        on, with a :class:`sudoku.techniques.StepProgress`, as
        :func:`sudoku.explain`'s.
    :returns: the grade.
    :raises GridSizeError: when the grid is not N rows of N cells.
    :raises SymbolError: when a cell holds an unknown symbol.
    :raises ConflictError: when two givens repeat a symbol in a unit (a
        diagonal, window or region too, named so).
    :raises RegionError: for an unknown or unfitting variant or a bad map.
    :raises sudoku.cages.CageError: for a bad cage, as :func:`sudoku.solve`
        raises it (naming the cage: ``cages[3] (at r2c5)``).
    :raises NoSolutionError: when the puzzle has no solution.
    :raises MultipleSolutionsError: when it has more than one.
    :raises SudokuError: for a ``max_nodes``, for a ``timeout`` that is not
        a number of at least 0, for a ``progress`` that is not callable (and
        as :func:`sudoku.solve` for ``alphabet``, ``box`` and
        ``disjoint_cages``).
    :raises ~sudoku.grading.GradeBudgetError: (a :class:`sudoku.BudgetError`)
        when ``timeout`` runs out: the grade so far is its ``grade``.
    :raises ~sudoku.grading.GradeInterrupted: (a :class:`KeyboardInterrupt`)
        on Ctrl-C: the grade so far is its ``grade``.

    >>> grade("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").name
    'easy'
    >>> g = grade("6.2.5.........4.3..........43...8....1....2........7..5..27...........81...6.....")
    >>> g.name, g.rating_text, g.by_logic, g.hardest
    ('diabolical', '9.0', True, 'dynamic forcing chains')
    >>> grade("." * 16)
    Traceback (most recent call last):
      ...
    sudoku.errors.MultipleSolutionsError: more than one solution: a grade needs a unique one
    >>> grade("..24" "...." "...." "13..", variant="x").name
    'easy'
    >>> grade("1" * 16, max_nodes=10)
    Traceback (most recent call last):
      ...
    sudoku.errors.SudokuError: max_nodes=10 does not go with a grade: the techniques count no search nodes (give it timeout=)

    A killer without givens, and a KenKen (``variant="latin"``):

    >>> killer = [(8, [(0, 0), (1, 0), (1, 1)]), (6, [(0, 1), (0, 2)]),
    ...           (4, [(0, 3), (1, 3)]), (9, [(1, 2), (2, 2), (2, 3)]),
    ...           (5, [(2, 0), (3, 0)]), (5, [(2, 1), (3, 1)]), (3, [(3, 2), (3, 3)])]
    >>> print(grade("." * 16, cages=killer))
    1 easy (rating 1.2, cage combinations): ...
    >>> kenken = [(8, "+", [(0, 0), (1, 0), (1, 1)]), (2, "/", [(0, 1), (0, 2)]),
    ...           (5, "+", [(0, 3), (1, 3)]), (7, "+", [(1, 2), (2, 2), (2, 3)]),
    ...           (1, "-", [(2, 0), (3, 0)]), (3, "-", [(2, 1), (3, 1)]),
    ...           (2, "-", [(3, 2), (3, 3)])]
    >>> grade("." * 16, cages=kenken, variant="latin").hardest
    '...'
    """
    if max_nodes is not None:
        raise SudokuError(
            f"max_nodes={max_nodes!r} does not go with a grade: the techniques "
            "count no search nodes (give it timeout=)"
        )
    check_budget(timeout=timeout, progress=progress)
    clock = Clock(timeout, progress)
    tally: _Tally | None = None
    try:
        prepared = prepare(
            grid,
            alphabet,
            box,
            variant,
            regions,
            clock,
            cages,
            disjoint_cages,
            need="a grade",
        )
        parsed = prepared.parsed
        tally = _Tally(parsed.values.count(0))
        board = board_of(prepared.units, parsed.values, prepared.cages, clock)
        for name, hint in solve_steps(board, prepared.solution):
            placed = sum(1 for cell, _ in hint.placements if not board.values[cell])
            tally.add(name, hint.rating)
            clock.steps += 1
            clock.filled += placed
    except BudgetExceeded as stop:  # a BudgetError of the search too
        partial = _partial(tally, clock, Outcome.OUT_OF_TIME)
        where = (
            "in the search for the puzzle's one solution"
            if tally is None
            else f"{counted(clock.steps, 'step')} taken"
        )
        message = (
            f"grade stopped after {seconds(clock.elapsed())} s "
            f"(time budget of {timeout:g} s used up), {where}"
        )
        raise GradeBudgetError(
            BudgetExceeded(Outcome.OUT_OF_TIME, stop.stats, message), partial
        ) from None
    except KeyboardInterrupt:
        partial = _partial(tally, clock, Outcome.INTERRUPTED)
        where = (
            "in the search for the puzzle's one solution"
            if tally is None
            else f"{counted(clock.steps, 'step')} taken"
        )
        message = f"grade interrupted after {seconds(clock.elapsed())} s, {where}"
        raise GradeInterrupted(message, partial) from None
    return tally.grade(None)


def _partial(tally: _Tally | None, clock: Clock, stopped: Outcome) -> Grade:
    """The grade of the steps so far (none before the search for the solution ended)."""
    if tally is None:
        return Grade(0, 0.0, True, None, (), clock.blanks, stopped)
    return tally.grade(stopped)
