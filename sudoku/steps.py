"""The techniques of :func:`sudoku.explain` in Sudoku Explainer's order, and the next step.

Sudoku Explainer (SE) takes, at every step, the first hint of the first
technique of its list that has one (a technique whose hints vary in
rating gives its least rated).  The list is by rating, but for the 2
strong links (4.0 to 4.3), which come before the XY-wing (4.2), and the
few like them; :data:`TECHNIQUES` is that list, with each technique's
least rating, up to SE's nested forcing chains of level 2 (9.5).  Not
here: SE's deeper nesting (10.0 and up); where nothing here applies,
:mod:`sudoku.explainer` takes a search step.

Five techniques read a puzzle's cages (:mod:`sudoku.cage_steps`: cage
combinations, the rule of 45, cage splitting, hidden cages and cage
pointing): they find nothing on a board without cages.  On a board with cages (a
:class:`~sudoku.cage_steps.CageBoard`) :func:`next_hint` leaves out the
techniques of :data:`UNIQUENESS`, which assume that the units alone
allow one solution.

>>> [t.name for t in TECHNIQUES[:4]]
['hidden single', 'cage combinations', 'direct pointing or claiming', 'direct hidden pair']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from dlx.records import Record
from sudoku import cage_steps, chains, techniques
from sudoku.cage_steps import CageBoard
from sudoku.cages import Cage
from sudoku.regions import Regions
from sudoku.techniques import Board, Clock, Hint

__all__ = [
    "LAST_RESORT",
    "SEARCH_RATING",
    "TECHNIQUES",
    "UNIQUENESS",
    "Finder",
    "board_of",
    "next_found",
    "next_hint",
    "rating_up_to",
    "search_hint",
    "solve_steps",
]


class Finder(Record, frozen=True):
    """A technique of :data:`TECHNIQUES`: its name, its least SE rating and the function that finds its hints."""

    name: str
    rating: float
    find: Callable[[Board], list[Hint]]


#: Every technique in the order Sudoku Explainer tries them.
TECHNIQUES: tuple[Finder, ...] = (
    Finder("hidden single", 1.0, techniques.hidden_single),
    Finder("cage combinations", cage_steps.CAGE_RATING, cage_steps.cage_combinations),
    Finder("direct pointing or claiming", 1.7, techniques.direct_locking),
    Finder("direct hidden pair", 2.0, techniques.direct_hidden_pair),
    Finder("rule of 45", cage_steps.RULE_OF_45_RATING, cage_steps.rule_of_45),
    Finder("naked single", 2.3, techniques.naked_single),
    Finder(
        "cage splitting", cage_steps.CAGE_SPLITTING_RATING, cage_steps.cage_splitting
    ),
    Finder("direct hidden triple", 2.5, techniques.direct_hidden_triple),
    Finder("hidden cages", cage_steps.HIDDEN_CAGES_RATING, cage_steps.hidden_cages),
    Finder("pointing or claiming", 2.6, techniques.locking),
    Finder("cage pointing", cage_steps.CAGE_POINTING_RATING, cage_steps.cage_pointing),
    Finder("naked pair", 3.0, techniques.naked_pair),
    Finder("X-wing", 3.2, techniques.x_wing),
    Finder("hidden pair", 3.4, techniques.hidden_pair),
    Finder("naked triple", 3.6, techniques.naked_triple),
    Finder("swordfish", 3.8, techniques.swordfish),
    Finder("hidden triple", 4.0, techniques.hidden_triple),
    Finder("2 strong links", 4.0, techniques.two_strong_links),
    Finder("XY-wing", 4.2, techniques.xy_wing),
    Finder("XYZ-wing", 4.4, techniques.xyz_wing),
    Finder("unique rectangles and loops", 4.5, techniques.unique_loop),
    Finder("naked quad", 5.0, techniques.naked_quad),
    Finder("jellyfish", 5.2, techniques.jellyfish),
    Finder("hidden quad", 5.4, techniques.hidden_quad),
    Finder("3 strong links", 5.4, techniques.three_strong_links),
    Finder("WXYZ-wing", 5.5, techniques.wxyz_wing),
    Finder("bivalue universal grave", 5.6, techniques.bug),
    Finder("4 strong links", 5.8, techniques.four_strong_links),
    Finder("VWXYZ-wing", 6.2, techniques.vwxyz_wing),
    Finder("aligned pair exclusion", 6.2, techniques.aligned_pair_exclusion),
    Finder("UVWXYZ-wing", 6.6, techniques.uvwxyz_wing),
    Finder("forcing chains and cycles", 6.5, chains.forcing_chains),
    Finder("TUVWXYZ-wing", 7.5, techniques.tuvwxyz_wing),
    Finder("aligned triplet exclusion", 7.5, techniques.aligned_triplet_exclusion),
    Finder("Nishio forcing chains", 7.5, chains.nishio),
    Finder("cell and region forcing chains", 8.0, chains.cell_region_forcing),
    Finder("dynamic forcing chains", 8.5, chains.dynamic_forcing),
    Finder("dynamic forcing chains (+)", 9.0, chains.dynamic_forcing_plus),
    Finder("nested forcing chains", 9.5, chains.nested_forcing),
)

#: The techniques that rest on the puzzle having one solution in its
#: units alone: not for cages (a swap that keeps the units may break a
#: cage's total), nor for givens without a solution.
UNIQUENESS = frozenset({"unique rectangles and loops", "bivalue universal grave"})

#: The name of the step taken when no technique applies.
LAST_RESORT = "search"

#: The rating of a search step (technique ``"search"``): where the nested
#: forcing chains here (SE's level 2) run out, SE goes on with those of
#: level 3, rated 10.0 and more, so the puzzle's rating is at least this.
#: A lower bound: a step by logic may be rated above it.
SEARCH_RATING = 10.0


def board_of(
    units: Regions,
    values: Sequence[int],
    cages: Sequence[Cage] = (),
    clock: Clock | None = None,
) -> Board:
    """The board of a solve by hand: a :class:`~sudoku.cage_steps.CageBoard` when there are cages.

    :func:`sudoku.explain` and :func:`sudoku.grade` start from it.

    :param units: the grid's units.
    :param values: the grid's cells, 0 for a blank.
    :param cages: the puzzle's cages, read (:func:`sudoku.cages.read_cages`).
    :param clock: the time budget and progress hook (``None``: none).

    >>> from sudoku import regions_of
    >>> type(board_of(regions_of(4, (2, 2)), [0] * 16)).__name__
    'Board'
    """
    if cages:
        return CageBoard(units, values, cages, clock)
    return Board(units, values, clock)


def next_found(
    board: Board, ceiling: float | None = None
) -> tuple[Finder, Hint] | None:
    """The next step as Sudoku Explainer takes it, with the technique of :data:`TECHNIQUES` that found it.

    ``None`` when no technique of :data:`TECHNIQUES` applies.  The board's
    :class:`~sudoku.techniques.Clock` is told each technique as it is tried
    (for its progress reports) and read before each, as the techniques
    read it inside.

    :param board: the grid and its candidates.
    :param ceiling: give up (``None``) before trying a technique when
        every technique from it on rates its hints above ``ceiling``: the
        next step, whichever it is, is rated above.  Where any technique
        left could rate a hint at or below it, the techniques are tried
        in order as without a ceiling, so the hint returned is the same.
    :raises dlx.BudgetExceeded: when the clock's time budget runs out.

    >>> from sudoku import regions_of
    >>> board = Board(regions_of(4, (2, 2)), [1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 3, 0, 0])
    >>> finder, hint = next_found(board)
    >>> finder.name, hint.technique
    ('hidden single', 'hidden single in a box')
    """
    clock = board.clock
    caged = isinstance(board, CageBoard)
    # The least rating of the techniques from each on: past the ceiling,
    # every hint still to come is rated above it.
    least_from = [t.rating for t in TECHNIQUES]
    for k in range(len(least_from) - 2, -1, -1):
        least_from[k] = min(least_from[k], least_from[k + 1])
    for technique, least in zip(TECHNIQUES, least_from, strict=True):
        if ceiling is not None and least > ceiling:
            return None
        if caged and technique.name in UNIQUENESS:
            continue
        clock.technique = technique.name
        clock.check()
        found = technique.find(board)
        if found:
            return technique, found[0]
    return None


def next_hint(board: Board, ceiling: float | None = None) -> Hint | None:
    """The next step as Sudoku Explainer takes it: the first hint of the first technique that has one.

    The hint of :func:`next_found` (which see for ``ceiling`` and the
    clock), or ``None`` when no technique of :data:`TECHNIQUES` applies.

    :raises dlx.BudgetExceeded: when the clock's time budget runs out.

    >>> from sudoku import regions_of
    >>> board = Board(regions_of(4, (2, 2)), [1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 3, 0, 0])
    >>> next_hint(board).technique
    'hidden single in a box'
    """
    found = next_found(board, ceiling)
    return None if found is None else found[1]


def search_hint(board: Board, solution: Sequence[int]) -> Hint:
    """The search step, taken where no technique applies: the first cell of fewest candidates gets the solution's value.

    Rated :data:`SEARCH_RATING`, named :data:`LAST_RESORT`.

    :param board: the grid and its candidates (not solved).
    :param solution: the puzzle's one solution, cell by cell.

    >>> from sudoku import regions_of
    >>> board = Board(regions_of(4, (2, 2)), [1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 3, 0, 0])
    >>> search_hint(board, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).placements
    ((2, 3),)
    """
    cell = min(
        (c for c, bits in enumerate(board.cand) if bits),
        key=lambda c: board.cand[c].bit_count(),
    )
    return Hint(
        LAST_RESORT, SEARCH_RATING, ((cell, solution[cell]),), (), (cell,), (), ()
    )


def solve_steps(board: Board, solution: Sequence[int]) -> Iterator[tuple[str, Hint]]:
    """The steps of the solve by hand from ``board`` on, as Sudoku Explainer takes them: the one engine.

    Yields, for each step, the name of its technique as :data:`TECHNIQUES`
    names it (or :data:`LAST_RESORT` for a search step,
    :func:`search_hint`) and its hint, then applies the hint to ``board``
    before it looks for the next, until the grid is solved.
    :func:`sudoku.explain` writes each step out; :func:`sudoku.grade`
    counts them.

    :param board: the puzzle's grid and candidates; the steps change it.
    :param solution: the puzzle's one solution, cell by cell (for the
        search steps).
    :raises dlx.BudgetExceeded: when the board's clock's budget runs out.

    >>> from sudoku import regions_of
    >>> board = Board(regions_of(4, (2, 2)), [1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 3, 0, 0])
    >>> solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    >>> [name for name, hint in solve_steps(board, solution)][:3]
    ['hidden single', 'hidden single', 'hidden single']
    >>> board.values == solution
    True
    """
    while not board.solved():
        found = next_found(board)
        name, hint = (
            (LAST_RESORT, search_hint(board, solution))
            if found is None
            else (found[0].name, found[1])
        )
        yield name, hint
        board.apply(hint)


def rating_up_to(
    board: Board, ceiling: float | None = None, enough: float | None = None
) -> float | None:
    """The rating of the solve by hand from ``board`` on, unless it is above ``ceiling``.

    Takes the steps :func:`next_hint` finds, applying each to ``board``,
    until the grid is solved, and returns the hardest step's rating: the
    rating :func:`sudoku.explain` gives the puzzle (the board must be one
    whose grid has one solution).  Returns ``None`` when logic runs out
    (:func:`sudoku.explain` would take a search step) or as soon as a
    step is known to be rated above ``ceiling``: the techniques rated
    only above it are never tried, which is where the time goes on hard
    grids.  :func:`sudoku.generate` rates its tries with it.

    :param board: the puzzle's grid and candidates; the steps change it.
    :param ceiling: the highest rating of interest (``None``: any).
    :param enough: stop as soon as a step is rated at least this, and
        return its rating: then the puzzle's rating is known to be at
        least that, not what it is (``None``: go on to the end).
    :raises dlx.BudgetExceeded: when the board's clock's budget runs out.

    >>> from sudoku import regions_of
    >>> puzzle = [0] * 16
    >>> for cell, value in ((0, 1), (7, 2), (10, 4), (13, 3)):
    ...     puzzle[cell] = value
    >>> rating_up_to(Board(regions_of(4, (2, 2)), puzzle))
    1.2
    >>> rating_up_to(Board(regions_of(4, (2, 2)), puzzle), ceiling=1.0) is None
    True
    >>> rating_up_to(Board(regions_of(4, (2, 2)), puzzle), enough=1.0)  # the first step's
    1.2
    """
    rating = 0.0
    while not board.solved():
        found = next_hint(board, ceiling)
        if found is None or (ceiling is not None and found.rating > ceiling):
            return None
        rating = max(rating, found.rating)
        if enough is not None and rating >= enough:
            return rating
        board.apply(found)
    return rating
