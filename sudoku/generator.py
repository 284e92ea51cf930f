"""Generating sudoku puzzles that have exactly one solution.

:func:`sudoku.generate` returns a puzzle as a string; :func:`sudoku.generate_puzzle`
returns a :class:`sudoku.Generated`, which also carries the solution, the number
of givens and the seed that makes it again.

How a puzzle is made:

1. A random complete grid is filled in: the boxes on the diagonal get
   random permutations (they share no row or column; for a variant or a
   jigsaw map only the first box or region does), then a search with
   random value order completes the grid.
2. The cells are grouped into *orbits* of the symmetry (a cell and its
   mirror images), and the orbits are visited once each in random order.
   An orbit is emptied when the puzzle without it still has only the one
   solution: knowing that solution S, this asks whether any grid that
   keeps the other givens and differs from S somewhere in the orbit is a
   solution -- a quick search for existence, not a count, by the
   generator's own bitmask solver (``bitmask_search``, a deliberate
   second solver beside :mod:`dlx`, faster for these many small
   questions).  When that search needs many branches (hard grids near
   the end, and every grid beyond 9x9), the exact-cover engine answers
   instead, by a count with limit 2 of the puzzle without the orbit.
3. The finished puzzle's uniqueness is proved by the engine,
   ``count(puzzle, limit=2) == 1`` -- once more, unless the last orbit
   emptied was already decided by that very count: a puzzle with two
   solutions is never returned, whatever the quick searches did.

Beyond 16x16, those counts go to the SAT back end when it is installed
(the sat extra, ``python3 -m pip install ".[sat]"`` in pydlx's folder;
:data:`sudoku.solver.SAT_SIZE`): a minimal 25x25 puzzle,
out of reach of backtracking, then takes minutes.

One pass is enough for minimality: emptying more orbits only adds
solutions, so an orbit that could not go when it was visited cannot go at
the end either.  The searches of step 2 work on *units* -- sets of N
cells that hold each symbol once (rows, columns, boxes or jigsaw
regions, and a variant's diagonals or windows) -- and fill in naked and
hidden singles before each branch; they are iterative (no recursion)
and undo assignments from a trail instead of copying grids.

Budgets: ``timeout=`` bounds the whole call, in seconds.  Every loop
checks the clock -- the fill and the searches of step 2 every 1,024
branches, the digging at every orbit, the tries between grids -- and the
engine's counts and the grader get the time that is left as their own
timeout; :class:`GenerationStopped` says what was reached when it runs
out.  ``progress=`` is called about once a second with a
:class:`GenerationProgress` (a :class:`dlx.Progress`, as every search
reports).  A :class:`KeyboardInterrupt` goes through at once: nothing the
generator shares is left half changed, and the next call makes the same
puzzle from the same seed.

A jigsaw map that no complete grid fits is found by the law of
leftovers (:func:`sudoku.regions.leftover_proof`), which the searches
cannot see and the map in the tests shows in a few milliseconds; failing
that, by the SAT back end when it is installed, once quick random fills
have failed; otherwise only an exhaustive search can tell, for as long as
the budget lets it.

Cage puzzles (``cages="killer"`` or ``"arithmetic"``) have no givens:
the complete grid of step 1 is cut into random connected cages, which
are changed where a second solution differs from the grid until the
engine's search with limit 2 finds the grid alone (see
:func:`sudoku.generate_puzzle`); that search is the proof.

Reproducibility: every random choice comes from a private
:class:`random.Random` seeded with ``seed`` and uses only its
``getrandbits``-based methods (``shuffle``, ``randrange``), whose results
for an int seed are the same on every platform and on Python 3.11-3.13;
nothing depends on hash or set order.
"""

from __future__ import annotations

import random
import sys
import time
import warnings
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from math import isqrt, prod
from typing import Literal

from dlx import BudgetExceeded, ExactCover, Outcome, Progress, Stats, ways
from dlx.algorithms import sat_available
from dlx.errors import install_hint
from dlx.records import Record
from sudoku.cages import Cage, read_cages
from sudoku.encoding import encode
from sudoku.errors import BudgetError, RegionError, SudokuError
from sudoku.grading import LEVEL_NAMES, Grade, level_band, level_of
from sudoku.grading import grade as grade_of
from sudoku.grid import (
    NO_BOXES,
    ArrayLike,
    Grid,
    GridLike,
    box_for,
    box_shape,
    check_alphabet,
)
from sudoku.regions import (
    Regions,
    has_boxes,
    leftover_proof,
    read_region_map,
    regions_of,
)
from sudoku.singles import Contradiction, Singles
from sudoku.solver import SAT_SIZE, check_budget
from sudoku.wording import counted

__all__ = [
    "HIGHEST_RATING",
    "SYMMETRIES",
    "Generated",
    "GenerationProgress",
    "GenerationStopped",
    "GivensWarning",
    "band_text",
    "default_grade_tries",
    "generate",
    "generate_puzzle",
    "grade_out_of_reach",
]

#: The symmetries of the pattern of givens, by name.
SYMMETRIES = ("none", "rotational", "mirror", "diagonal")

_DIGITS = "123456789"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The largest grid the built-in alphabets write (letters beyond 9x9).
_MAX_SIZE = len(_LETTERS)
#: Tries of a ``givens=`` target, when ``tries`` is not given.
DEFAULT_TRIES = 20
#: Tries of a ``grade=`` wish up to 12x12, when ``tries`` is not given: of
#: 200 minimal 9x9 puzzles (seeds 0-199, rated in 4 s of CPU in all), 132
#: were easy, 7 medium, 3 hard, 45 expert, 13 extreme and none diabolical
#: (SE 9.0 and up, or logic running out); of 20 minimal 12x12 ones (seeds
#: 0-19), 1 was easy, 1 medium, 8 expert, 9 extreme and 1 diabolical.
DEFAULT_GRADE_TRIES = 200
#: Tries of a ``grade=`` wish beyond 12x12, when ``tries`` is not given: a
#: minimal 16x16 puzzle takes seconds, and of 8 (seeds 7-14) none was
#: rated under 6.0 (all extreme or diabolical), so that 200 tries would
#: take many minutes to say that none was found.
DEFAULT_BIG_GRADE_TRIES = 10
#: Grids beyond this size get :data:`DEFAULT_BIG_GRADE_TRIES`.
_BIG_GRADE_SIZE = 12
#: Tries of a ``rating=`` wish, when ``tries`` is not given: of 300
#: minimal 9x9 puzzles (seeds 0-299, rated in 16 s of CPU in all), 198
#: were rated 1.2-2.0, 18 2.3-3.4, 42 4.0-4.5, 18 5.4-5.7, 4 6.2-6.9, 18
#: 7.1-7.3 and 1 8.3, so that 1,000 tries find most bands up to 8.0
#: almost surely, and take a minute or two to say that none was found.
DEFAULT_RATING_TRIES = 1000
#: The largest grid ``rating=`` rates: Sudoku Explainer's scale is 9x9's,
#: and beyond, one rating takes minutes.
RATING_SIZE = 9
#: The top of the scale ``rating=`` takes: Sudoku Explainer rates the
#: hardest known puzzles 11.9, and the nested forcing chains here rate
#: steps above 10.0 too (9.5 and a bonus for their length).
HIGHEST_RATING = 12.0


class GivensWarning(UserWarning):
    """Warned by :func:`sudoku.generate` when no try reached the ``givens=`` target.

    The puzzle returned is the try with the fewest givens; the message says
    how many it has.  :func:`sudoku.generate_puzzle` does not warn: its result
    says it (:attr:`sudoku.Generated.reached`).

    >>> issubclass(GivensWarning, UserWarning)
    True
    """


class Generated(Record, frozen=True):
    """A generated puzzle and how it was made (see :func:`sudoku.generate_puzzle`).

    :ivar puzzle: the puzzle, N² characters, ``.`` for a blank.
    :ivar solution: its one solution, in the same alphabet.
    :ivar givens: the number of givens in ``puzzle``.
    :ivar box: the box shape ``(rows, columns)``.
    :ivar seed: the seed that makes this puzzle again (drawn at random
        when none was given).
    :ivar symmetry: the symmetry of the givens (one of
        :data:`~sudoku.generator.SYMMETRIES`; ``"none"`` for a cage puzzle,
        which has no givens).
    :ivar minimal: whether every orbit of givens was tried for removal (see
        :func:`sudoku.generate_puzzle`; true for a cage puzzle: it has no
        givens left to empty).
    :ivar target: the ``givens=`` asked for, or ``None``.
    :ivar tries: how many complete grids were tried.
    :ivar grade: the puzzle's :class:`sudoku.Grade` when ``grade=`` asked
        for one, else ``None``.
    :ivar rating: the puzzle's rating (``rating`` of :class:`sudoku.Explanation`)
        when ``rating=`` asked for one, else ``None``.
    :ivar variant: the variant's canonical name (``"x"``, ``"windoku"``,
        ``"x+windoku"``), or ``None``.
    :ivar regions: for a jigsaw puzzle, the region map as N rows of
        labels (a tuple of tuples, which ``regions=`` of
        :func:`sudoku.count` and the others accepts), else ``None``.  The
        ``box`` of a jigsaw puzzle is ``None``, and so is that of a
        ``"latin"`` grid (it has no boxes).
    :ivar cages: for a cage puzzle (``cages=``), its cages in the form
        ``cages=`` of :func:`sudoku.solve` takes: ``(total, cells)`` for a
        killer cage, ``(target, op, cells)`` for an arithmetic one, each
        cell a ``(row, column)`` pair from 0; ordered by their first cell.
        ``()`` for a classic puzzle.

    >>> made = generate_puzzle((2, 2), seed=1)
    >>> made.givens == 16 - made.puzzle.count(".")
    True
    >>> made.reached
    True
    """

    puzzle: str
    solution: str
    givens: int
    box: tuple[int, int] | None
    seed: int
    symmetry: str
    minimal: bool
    target: int | None
    tries: int
    grade: Grade | None = None
    variant: str | None = None
    regions: tuple[tuple[Hashable, ...], ...] | None = None
    cages: tuple[tuple[object, ...], ...] = ()
    rating: float | None = None

    @property
    def reached(self) -> bool:
        """Whether the puzzle has at most the ``givens=`` asked for (true without one).

        >>> generate_puzzle((2, 2), seed=3, givens=16).reached
        True
        """
        return self.target is None or self.givens <= self.target


class GenerationProgress(Progress, frozen=True):
    """How far a generation has come: what :func:`sudoku.generate`'s ``progress=`` receives.

    A :class:`dlx.Progress`, whose fields say, for the generation as a
    whole:

    * ``nodes``: the branches of all its searches so far (the
      generator's own and the exact-cover engine's), ``updates`` the
      engine's updates;
    * ``solutions``: the puzzles finished so far (tries whose digging is
      done, kept or not);
    * ``elapsed``: seconds since the call began;
    * ``depth``: the givens of the puzzle being dug (N² while its grid is
      filled);
    * ``fraction``: of the most work the call may do: the tries finished
      and the share of the orbits visited in the current one, out of the
      tries it may make (it may end sooner, when a try gets what was
      asked for).  Rough: the last orbits of a dig cost far more than
      the first;
    * ``remaining``: the seconds the tries left would take at the rate of
      those finished (``None`` before one is): the most, since a try may
      get what was asked for;

    and besides:

    * ``tries``: the grid being worked on, from 1;
    * ``attempts``: the most grids the call tries (see ``tries=`` of
      :func:`sudoku.generate_puzzle`).  For a cage puzzle with
      ``grade=``, the tries are the cage puzzles made and graded, as
      ``tries=`` counts them (each of up to
      :data:`~sudoku.generator.CAGE_TRIES` grids, which ``fraction``
      counts within it); without, the complete grids of the one puzzle;
    * ``stage``: ``"filling"`` (a complete grid is drawn), ``"digging"``
      (givens are emptied), ``"grading"``, ``"rating"`` or ``"proving"`` (the last count
      that proves the puzzle unique); for a cage puzzle, ``"filling"``
      and ``"caging"`` (its cages are counted and changed), in which
      ``depth`` is the number of cages and ``fraction`` counts the
      changes of the cages out of the most a grid gets.

    >>> reports = []
    >>> _ = generate_puzzle((2, 2), seed=1, progress=reports.append)
    >>> reports  # a 4x4 takes well under the second before the first report
    []
    >>> GenerationProgress(0, 0, 0, 1.0, 81, 0.5, 1.0, 1, 1, "digging").stage
    'digging'
    """

    tries: int
    attempts: int
    stage: str


class GenerationStopped(BudgetError):
    """:func:`sudoku.generate` ran out of its ``timeout=`` before it had the puzzle asked for.

    A :class:`sudoku.BudgetError` (so a :class:`sudoku.SudokuError` and a
    :class:`dlx.BudgetExceeded`, ``outcome`` :attr:`dlx.Outcome.OUT_OF_TIME`),
    never an answer that there is no such puzzle.  The message says what
    was reached: how many tries were finished, and for a ``grade=`` or
    ``givens=`` wish what they gave.  An unfinished puzzle is never
    returned: its uniqueness is not proved yet.

    :ivar tries: the grids tried, the one under way included (for cage
        puzzles with ``grade=``, the grids of every puzzle made).
    :ivar what: what was not reached, without the time: the message's
        part after the colon.

    >>> try:
    ...     generate_puzzle((4, 4), seed=1, timeout=0)
    ... except GenerationStopped as stop:
    ...     print(stop.tries, stop.outcome.value)
    ...     print(stop)
    1 out of time
    generation stopped after ... s (time budget of 0 s used up): the puzzle was not finished
    """

    def __init__(
        self,
        elapsed: float,
        timeout: float,
        what: str,
        tries: int,
        stats: Stats,
    ) -> None:
        seconds = f"{elapsed:.3g}" if elapsed >= 0.001 else "0"
        message = (
            f"generation stopped after {seconds} s "
            f"(time budget of {timeout:g} s used up): {what}"
        )
        super().__init__(BudgetExceeded(Outcome.OUT_OF_TIME, stats, message))
        self.tries = tries
        self.what = what


# -- the clock: budget and progress --------------------------------------------

#: Branches of the generator's own searches between two looks at the clock.
CHECK_EVERY = 1024
#: Seconds between two progress reports.
_INTERVAL = 1.0
#: Seconds between two reports of the engine's counts to the clock.
_ENGINE_INTERVAL = 0.25
_NEVER = sys.maxsize


class _OutOfTime(Exception):
    """The clock's budget ran out (raised inside, reported as GenerationStopped)."""


class _Clock:
    """The budget, the progress reports and the counts of one generation."""

    def __init__(
        self,
        timeout: float | None,
        progress: Callable[[Progress], object] | None,
        attempts: int,
        cells: int,
    ) -> None:
        now = time.perf_counter()
        self.started = now
        self.timeout = timeout
        self.deadline = None if timeout is None else now + timeout
        self.progress = progress
        self.last_report = now
        #: Whether anything needs the clock (else ``tick`` returns at once).
        self.watched = timeout is not None or progress is not None
        self.nodes = 0
        self.updates = 0
        #: The counts of the engine's search under way.
        self.running = (0, 0)
        self.tries = 0
        self.done = 0
        self.attempts = attempts
        #: The complete grid of a cage puzzle being worked on, from 1.
        self.grid = 0
        #: The most grids of one cage puzzle when the tries count cage
        #: puzzles (graded ones), each made of up to this many grids; 0
        #: when the tries are the grids themselves.
        self.grids = 0
        self.orbits = 1
        self.visited = 0
        self.givens = cells
        self.stage = "filling"
        self.minimal = True

    def tick(self) -> None:
        """Look at the clock: raise when out of time, report when due."""
        if not self.watched:
            return
        now = time.perf_counter()
        if self.deadline is not None and now >= self.deadline:
            raise _OutOfTime
        if self.progress is not None and now - self.last_report >= _INTERVAL:
            self.last_report = now
            self.progress(self.report(now))

    def report(self, now: float) -> GenerationProgress:
        elapsed = now - self.started
        share = self.visited / self.orbits if self.stage != "filling" else 0.0
        if self.grids:
            # A try is a cage puzzle: the grids given up and the changes of
            # the current one's cages, out of the most it may take (its
            # grading comes after the try is counted done).
            done_grids = self.grid - 1 + (share if self.stage == "caging" else 0.0)
            share = 0.0 if self.stage == "grading" else done_grids / self.grids
        fraction = min(1.0, (self.done + share) / self.attempts)
        running_nodes, running_updates = self.running
        # The orbits near the end of a dig cost far more than the first
        # ones: only finished tries give a rate.
        remaining = None
        if self.done:
            remaining = elapsed / self.done * (self.attempts - self.done)
        return GenerationProgress(
            nodes=self.nodes + running_nodes,
            updates=self.updates + running_updates,
            solutions=self.done,
            elapsed=elapsed,
            depth=self.givens,
            fraction=fraction,
            remaining=remaining,
            tries=self.tries,
            attempts=self.attempts,
            stage=self.stage,
        )

    def left(self) -> float | None:
        """The seconds left for a solver call (``None``: no budget)."""
        if self.deadline is None:
            return None
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise _OutOfTime
        return left

    def engine(self, report: Progress) -> None:
        """The progress hook of the engine's searches."""
        self.running = (report.nodes, report.updates)
        self.tick()

    def count(self, problem: ExactCover, method: Literal["dlx", "sat"]) -> int:
        """``problem.count(limit=2)`` with the time left and the clock's reports."""
        try:
            if method == "sat":
                return problem.count(limit=2, method="sat", timeout=self.left())
            if not self.watched:
                return problem.count(limit=2)
            return problem.count(
                limit=2,
                timeout=self.left(),
                progress=self.engine,
                progress_interval=_ENGINE_INTERVAL,
            )
        finally:
            self.settle()

    def settle(self) -> None:
        """Add the counts of the engine's search that ended to the totals."""
        nodes, updates = self.running
        self.nodes += nodes
        self.updates += updates
        self.running = (0, 0)

    def stats(self) -> Stats:
        return Stats(nodes=self.nodes, updates=self.updates, solutions=self.done)


# -- the geometry: units and orbits ------------------------------------------


class _Geometry(Record, frozen=True):
    """The units of one grid shape, and which units each cell is in.

    Every unit has N cells and holds each symbol once.  A variant's
    diagonals and windows are more units, and jigsaw regions replace the
    boxes; the searches below handle any number of units per cell.
    """

    size: int
    box: tuple[int, int]
    units: tuple[tuple[int, ...], ...]
    #: Per cell, the units it is in (rows first, then columns, boxes...).
    cell_units: tuple[tuple[int, ...], ...]
    #: Whether every cell is in exactly three units (the fast path).
    three: bool
    #: The units of a variant or jigsaw grid (``None`` for a plain grid):
    #: the engine's count uses them too.
    regions: Regions | None = None


@lru_cache(maxsize=32)
def _variant_geometry(regions: Regions) -> _Geometry:
    # Regions of one shape are one object (regions_of caches them), so the
    # cache is keyed on the regions themselves.
    box = regions.box if regions.box is not None else box_for(regions.size, NO_BOXES)
    return _build_geometry(regions.size, box, regions.units, regions)


@lru_cache(maxsize=32)
def _geometry(size: int, box: tuple[int, int]) -> _Geometry:
    units = regions_of(size, box).units
    return _build_geometry(size, box, units)


def _build_geometry(
    size: int,
    box: tuple[int, int],
    units: tuple[tuple[int, ...], ...],
    regions: Regions | None = None,
) -> _Geometry:
    of: list[list[int]] = [[] for _ in range(size * size)]
    for index, unit in enumerate(units):
        for cell in unit:
            of[cell].append(index)
    cell_units = tuple(tuple(u) for u in of)
    three = all(len(u) == 3 for u in cell_units)
    return _Geometry(size, box, units, cell_units, three, regions)


def _orbits(size: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells grouped by the symmetry, each orbit in increasing order."""
    last = size - 1
    seen = [False] * (size * size)
    orbits = []
    for r in range(size):
        for c in range(size):
            if symmetry == "rotational":
                images = ((r, c), (last - r, last - c))
            elif symmetry == "mirror":
                images = ((r, c), (r, last - c))
            elif symmetry == "diagonal":
                images = ((r, c), (c, r))
            else:
                images = ((r, c), (r, c))
            cells = sorted({i * size + j for i, j in images})
            if not seen[cells[0]]:
                for cell in cells:
                    seen[cell] = True
                orbits.append(tuple(cells))
    return orbits


# -- the second solver: a bitmask search beside dlx ---------------------------
#
# The generator has a solver of its own, on purpose: bitmask_search fills the
# random complete grids and answers the many small questions of the digging
# ("has the puzzle without this orbit another solution?"); the exact-cover
# engine answers those that need many branches (beyond 9x9: any branch) and
# proves the finished puzzle unique.  Why: see bitmask_search's docstring.


class OutOfNodes(Exception):
    """Raised by :func:`bitmask_search` past ``max_nodes``: start again, or ask dlx."""


def bitmask_search(
    geo: _Geometry,
    values: list[int],
    ban_cell: int = -1,
    ban_value: int = 0,
    rng: random.Random | None = None,
    max_nodes: int | None = None,
    prefer: list[int] | None = None,
    clock: _Clock | None = None,
) -> list[int] | None:
    """The first solution of ``values`` (0 for a blank), or ``None``.

    ``ban_cell`` may not hold ``ban_value``.  With ``rng``, each branch
    tries its values in random order.  The givens must not repeat a
    symbol in a unit.  Raises :class:`OutOfNodes` past ``max_nodes``.
    With ``prefer`` (a complete grid), each branch tries first what that
    grid holds: a solution that differs from it in a few cells only is
    found with little backtracking.  With ``clock`` (the generation's),
    the search looks at it every :data:`CHECK_EVERY` branches, which may
    end it (out of time, or a progress hook that raises), and adds its
    branches to its count.

    This is the generator's own solver, a deliberate second one beside
    :mod:`dlx`: the symbols still free in each unit are bit masks (a
    cell's candidates, the AND of its units'), naked and hidden singles
    are filled in before each branch, and assignments are undone from a
    trail.  It exists because the digging asks many small
    questions (about 70 searches per minimal 9x9 puzzle; on 30 puzzles
    none needed more than 200 branches), and answering them here is
    faster than building an exact-cover problem for each: a minimal 9x9
    puzzle takes half the time it takes when this search stops at its
    first branch and the engine answers instead (medians of 30 puzzles,
    13 ms against 28 ms; see :data:`_QUICK_NODES`).
    It shares no code with :mod:`dlx`, only the units (from
    :func:`sudoku.regions_of`) and the naked and hidden singles
    (:mod:`sudoku.singles`, which the encoding fills in before the engine
    searches), so the two searches check each other: the engine's
    count proves every finished puzzle unique (an :class:`AssertionError`
    if it disagreed with the digging), and ``tests/test_generate.py``
    checks this search against brute force (which has no singles).
    """
    size = geo.size
    full = (1 << size) - 1
    units = geo.units
    cell_units = geo.cell_units
    three = geo.three
    free = [full] * len(units)
    vals = list(values)
    blanks = []
    for cell, value in enumerate(vals):
        if value:
            bit = 1 << (value - 1)
            for u in cell_units[cell]:
                free[u] ^= bit
        else:
            blanks.append(cell)
    allow = [full] * len(vals)
    if ban_cell >= 0:
        allow[ban_cell] = full & ~(1 << (ban_value - 1))
    trail: list[int] = []
    push = trail.append
    # Each frame: the alternatives of a branch (cell, bit), the next one to
    # try, and the length of the trail when the branch began.
    stack: list[tuple[list[tuple[int, int]], int, int]] = []
    nodes = 0
    singles = Singles(
        size, vals, free, allow, units, cell_units, three, trail, choose=True
    )
    # One comparison a branch: the next node at which to look at the node
    # budget or the clock, whichever comes first.
    stop_at = _NEVER if max_nodes is None else max_nodes
    next_at = stop_at if clock is None else min(stop_at, CHECK_EVERY)
    counted = 0  # the nodes already added to the clock's count
    try:
        while True:
            # Propagate naked and hidden singles; find what to branch on: the
            # cell with the fewest candidates, or a symbol with two places left
            # in a unit when every cell has more than two.
            try:
                singles.fill(blanks)
            except Contradiction:
                pass  # a dead end: back up
            else:
                best = singles.best
                if best < 0:
                    return vals
                if singles.fewest > 2 and singles.pair_unit >= 0:
                    pair_bit = singles.pair_bit
                    choices = [
                        (cell, pair_bit)
                        for cell in units[singles.pair_unit]
                        if not vals[cell] and singles.candidates(cell) & pair_bit
                    ]
                else:
                    bits = singles.candidates(best)
                    choices = [(best, 1 << v) for v in range(size) if bits >> v & 1]
                if rng is not None:
                    rng.shuffle(choices)
                elif prefer is not None:
                    for k, (cell, bit) in enumerate(choices):
                        if k and prefer[cell] == bit.bit_length():
                            choices[0], choices[k] = choices[k], choices[0]
                            break
                stack.append((choices, 0, len(trail)))
            # Take the next alternative of the deepest branch that has one left.
            while True:
                if not stack:
                    return None
                choices, at, mark = stack.pop()
                while len(trail) > mark:
                    undo = trail.pop()
                    bit = 1 << (vals[undo] - 1)
                    vals[undo] = 0
                    for u in cell_units[undo]:
                        free[u] ^= bit
                if at < len(choices):
                    break
            cell, bit = choices[at]
            stack.append((choices, at + 1, mark))
            vals[cell] = bit.bit_length()
            for u in cell_units[cell]:
                free[u] ^= bit
            push(cell)
            nodes += 1
            if nodes > next_at:
                if nodes > stop_at:
                    raise OutOfNodes
                assert clock is not None
                clock.nodes += nodes - counted
                counted = nodes
                clock.tick()
                next_at = min(stop_at, nodes + CHECK_EVERY)
    finally:
        if clock is not None:
            clock.nodes += nodes - counted


def _random_grid(geo: _Geometry, rng: random.Random, clock: _Clock) -> list[int]:
    """A complete grid, drawn with ``rng`` (restarted when a fill gets stuck)."""
    if geo.regions is not None:
        return _random_variant_grid(geo, rng, clock)
    size = geo.size
    rows, cols = geo.box
    bands, stacks = size // rows, size // cols
    while True:
        values = [0] * (size * size)
        # Boxes (k, k) share no row or column: fill them freely first.
        for k in range(min(bands, stacks)):
            symbols = list(range(1, size + 1))
            rng.shuffle(symbols)
            cells = [
                (k * rows + i) * size + k * cols + j
                for i in range(rows)
                for j in range(cols)
            ]
            for cell, value in zip(cells, symbols, strict=True):
                values[cell] = value
        try:
            solved = bitmask_search(
                geo, values, rng=rng, max_nodes=8 * size * size, clock=clock
            )
        except OutOfNodes:
            clock.tick()
            continue
        if solved is not None:
            return solved


#: Restarts of a variant's random fill before one search without a limit
#: decides whether the grid can be filled at all.
_VARIANT_RESTARTS = 50
#: Branches (times N²) of that search before the SAT back end, when it is
#: installed, is asked whether there is any grid: a small map without one
#: is done with sooner (x+windoku on 6x6: a few dozen branches).
_DECIDE = 64


def _random_variant_grid(
    geo: _Geometry, rng: random.Random, clock: _Clock
) -> list[int]:
    """A complete grid of a variant or jigsaw geometry, drawn with ``rng``.

    Only the first box (or jigsaw region) is filled freely first: the
    diagonals of X pass through every box (k, k) and windows overlap
    boxes, so the plain grid's diagonal boxes could clash.  Any one unit
    can take any permutation, so this loses no grid.  A region map with no
    complete grid at all is a :class:`RegionError`: proved by the law of
    leftovers at once when it can be (:func:`_no_grid`), else by the SAT
    back end (when installed) once the restarts have failed, else by the
    search without a limit that follows them, as far as the budget goes.
    """
    size = geo.size
    reason = _no_grid(geo)
    if reason is not None:
        raise RegionError(f"{_no_grid_fits(geo)}: {reason}")
    # A latin grid has no third unit: its first row goes free instead.
    first = geo.units[2 * size] if len(geo.units) > 2 * size else geo.units[0]
    restarts = 0
    while True:
        values = [0] * (size * size)
        symbols = list(range(1, size + 1))
        rng.shuffle(symbols)
        for cell, value in zip(first, symbols, strict=True):
            values[cell] = value
        limit = None if restarts >= _VARIANT_RESTARTS else 8 * size * size
        if limit is None:
            # The search without a limit decides; when it is long, the SAT
            # back end first says whether it can end in a grid at all.  It
            # starts again from here, so that the grid is the one the
            # search alone would draw: the same seed, the same puzzle.
            state = rng.getstate()
            try:
                solved = bitmask_search(
                    geo,
                    list(values),
                    rng=rng,
                    max_nodes=_DECIDE * size * size,
                    clock=clock,
                )
            except OutOfNodes:
                if sat_available() and not _has_grid(geo, clock):
                    raise RegionError(
                        f"{_no_grid_fits(geo)}: the SAT back end found none "
                        "(a search over every grid)"
                    ) from None
                rng.setstate(state)
            else:
                if solved is None:
                    raise RegionError(_no_grid_fits(geo))
                return solved
        try:
            solved = bitmask_search(geo, values, rng=rng, max_nodes=limit, clock=clock)
        except OutOfNodes:
            restarts += 1
            clock.tick()
            continue
        if solved is not None:
            return solved
        raise RegionError(_no_grid_fits(geo))


def _no_grid_fits(geo: _Geometry) -> str:
    """The first words of the error for a geometry without a complete grid."""
    units = geo.regions
    what = [] if units is None or units.box is None else [f"{units.variant} "]
    if units is not None and units.box is None:
        what.append("jigsaw map")
        if units.variant:
            what.append(f" with variant {units.variant!r}")
    else:
        what.append("sudoku")
    return (
        f"no complete {geo.size}x{geo.size} grid fits: the "
        + "".join(what)
        + " has no solution at all, so no puzzle either"
    )


@lru_cache(maxsize=32)
def _no_grid(geo: _Geometry) -> str | None:
    """Why no complete grid fits a jigsaw geometry, by the law of leftovers (or ``None``)."""
    if geo.regions is None:
        return None
    return leftover_proof(geo.regions)


def _has_grid(geo: _Geometry, clock: _Clock) -> bool:
    """Whether any complete grid fits, as the SAT back end decides it (in the time left)."""
    blank = Grid(geo.size, geo.box, [0] * (geo.size * geo.size), None)
    encoding = encode(blank, units=geo.regions)
    if encoding.contradiction is not None:
        return False
    return encoding.problem.count(limit=1, method="sat", timeout=clock.left()) > 0


def _dig(
    geo: _Geometry,
    solution: list[int],
    orbits: list[tuple[int, ...]],
    rng: random.Random,
    stop_at: int | None,
    clock: _Clock,
) -> tuple[list[int], bool]:
    """Empty orbits of ``solution`` in random order while the puzzle stays unique.

    With ``stop_at`` N >= 0, stops once the puzzle has at most N givens
    (orbits that cannot go are passed over); with -1, at the first orbit
    that cannot go.  Returns the puzzle, and whether its uniqueness was
    proved by the engine's count with limit 2 (of this very puzzle: the
    last orbit emptied).
    """
    order = list(orbits)
    rng.shuffle(order)
    puzzle = list(solution)
    givens = len(puzzle)
    counted = False
    clock.stage, clock.orbits, clock.visited = "digging", len(order), 0
    for orbit in order:
        if stop_at is not None and givens <= stop_at:
            break
        clock.visited += 1
        clock.givens = givens
        clock.tick()
        for cell in orbit:
            puzzle[cell] = 0
        verdict = _unique_without(geo, puzzle, solution, orbit, clock)
        if verdict:
            givens -= len(orbit)
            counted = verdict == _COUNTED
        else:
            for cell in orbit:
                puzzle[cell] = solution[cell]
            if stop_at == -1:
                break
    return puzzle, counted


def _unique_without(
    geo: _Geometry,
    puzzle: list[int],
    solution: list[int],
    orbit: tuple[int, ...],
    clock: _Clock,
) -> int:
    """Whether ``puzzle`` (with ``orbit`` blank) has no solution but ``solution``.

    Returns 0 (it has another), :data:`_SEARCHED` (none, by the searches
    here) or :data:`_COUNTED` (none, by the engine's count).

    Any other solution differs from ``solution`` in the orbit: at its
    first such cell k, the cells before k agree.  So one search per cell
    of the orbit, with the earlier cells given and cell k barred from its
    value in ``solution``, covers every other solution exactly once.
    These searches are cut short after :data:`_QUICK_NODES` branches (up to
    9x9; beyond, they only propagate singles); the question then goes to
    the exact-cover engine (a count with limit 2), which measured faster
    on the hard grids near the end of the digging.
    """
    trial = puzzle
    quick = _QUICK_NODES if geo.size <= 9 else 0
    try:
        for k, cell in enumerate(orbit):
            if k:
                before = orbit[k - 1]
                trial[before] = solution[before]
            found = bitmask_search(
                geo,
                trial,
                cell,
                solution[cell],
                max_nodes=quick,
                prefer=solution,
                clock=clock,
            )
            if found is not None:
                return 0
        return _SEARCHED
    except OutOfNodes:
        for cell in orbit:
            trial[cell] = 0
        encoding = encode(Grid(geo.size, geo.box, trial, None), units=geo.regions)
        if encoding.contradiction is not None:  # pragma: no cover - S solves it
            return 0
        unique = clock.count(encoding.problem, _method(geo.size)) == 1
        return _COUNTED if unique else 0
    finally:
        for cell in orbit:
            trial[cell] = 0


def _method(size: int) -> Literal["dlx", "sat"]:
    """The method of the uniqueness counts of a grid of this size."""
    return "sat" if size >= SAT_SIZE and sat_available() else "dlx"


#: What :func:`_unique_without` says of a unique puzzle.
_SEARCHED, _COUNTED = 1, 2

#: Branches of the quick search before :func:`_unique_without` asks the
#: engine, up to 9x9 (medians of 30 9x9 puzzles: 13 ms with 200, 28 ms with 0;
#: re-measured on a faster machine, 5.4 ms against 10.5 ms).
_QUICK_NODES = 200


# -- cage puzzles: killer and arithmetic -----------------------------------------
#
# A cage puzzle has no givens: a complete grid is drawn as for a classic
# puzzle, cut into random connected cages, and the cages are changed where
# the grid's one solution is not yet the only one (see _cage_puzzle).

#: The kinds of cage puzzle :func:`sudoku.generate_puzzle` makes (``cages=``).
CAGE_KINDS = ("killer", "arithmetic")
#: The fewest and the most cells of a generated cage: a cage of one cell
#: would be a given in disguise.
CAGE_CELLS = (2, 5)
#: The sizes a new cage is drawn from, as many times as they are wanted.
_CAGE_DRAW = (2, 2, 2, 3, 3, 3, 4, 4, 5)
#: The smallest and largest grids of cage puzzles: beyond 9x9, the counts
#: that prove them unique take minutes.
CAGE_GRID_SIZES = (4, 9)
#: Complete grids tried before a cage puzzle is given up.
CAGE_TRIES = 20
#: Cage puzzles made and graded for a ``grade=`` wish when ``tries`` is
#: not given: a 9x9 killer is made and graded in about a second, and most
#: grade medium (19 of the 24 of the docs' examples), so a grade that 20
#: do not reach is rare there.
CAGE_GRADE_TRIES = 20
#: Changes of the cages of one grid before it is given up (each a count):
#: of 30 4x4 killers, 9 gave up a grid, while those that came right needed
#: at most 64 (6x6 and 9x9, killers and KenKen: 64 at most, of 51).
_CAGE_CHANGES = 100
#: Branches of one count with limit 2 of a cage puzzle before its grid is
#: given up (a count in nodes, not seconds: the same seed gives the same
#: puzzle on a slow machine).  Measured on 9x9 (CPython 3.11): the 31
#: counts of 6 killers took at most 630 nodes (median 92), the 58 of 3
#: KenKens at most 35,693 (median 1,351).
CAGE_NODES = 200_000
#: Carvings of one grid into cages before it is given up (a carving fails
#: when a cell is left alone with no neighbouring cage to join).
_CARVINGS = 100
#: The operations of an arithmetic cage are drawn from these (those that
#: fit its cells), by weight.
_ARITHMETIC_OPS = ("+", "*", "-", "-", "/", "/")

_CageClue = tuple[object, ...]


def _neighbours(size: int, cell: int) -> list[int]:
    """The cells side by side with ``cell``."""
    row, column = divmod(cell, size)
    found = []
    if row:
        found.append(cell - size)
    if row < size - 1:
        found.append(cell + size)
    if column:
        found.append(cell - 1)
    if column < size - 1:
        found.append(cell + 1)
    return found


def _connected(size: int, cells: Sequence[int]) -> bool:
    """Whether ``cells`` (at least one) are joined side by side."""
    inside = set(cells)
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        for other in _neighbours(size, stack.pop()):
            if other in inside and other not in seen:
                seen.add(other)
                stack.append(other)
    return len(seen) == len(inside)


def _distinct(cells: Sequence[int], solution: Sequence[int]) -> bool:
    return len({solution[c] for c in cells}) == len(cells)


def _grow(
    rng: random.Random,
    size: int,
    start: int,
    want: int,
    allowed: set[int],
    solution: Sequence[int] | None,
) -> list[int]:
    """A connected group from ``start`` of up to ``want`` cells of ``allowed``.

    With ``solution`` (a killer), no digit twice.  Cells are visited in
    increasing order wherever a set is read, so the group depends on the
    seed alone.
    """
    group = [start]
    digits = set() if solution is None else {solution[start]}
    while len(group) < want:
        front = sorted(
            {
                other
                for cell in group
                for other in _neighbours(size, cell)
                if other in allowed
                and other not in group
                and (solution is None or solution[other] not in digits)
            }
        )
        if not front:
            break
        pick = front[rng.randrange(len(front))]
        group.append(pick)
        if solution is not None:
            digits.add(solution[pick])
    return group


def _carve(
    rng: random.Random, size: int, solution: Sequence[int], killer: bool
) -> list[list[int]] | None:
    """Random connected groups of 2 to 5 cells covering the grid, or ``None``.

    Killer groups hold no digit twice.  A cell left alone joins a
    neighbouring group that can take it; ``None`` when none can.
    """
    low, high = CAGE_CELLS
    free = set(range(size * size))
    owner: dict[int, list[int]] = {}
    groups: list[list[int]] = []
    for start in range(size * size):
        if start not in free:
            continue
        want = _CAGE_DRAW[rng.randrange(len(_CAGE_DRAW))]
        group = _grow(rng, size, start, want, free, solution if killer else None)
        free.difference_update(group)
        if len(group) < low:
            near = [
                owner[n]
                for n in _neighbours(size, start)
                if n in owner
                and len(owner[n]) < high
                and not (killer and not _distinct([*owner[n], start], solution))
            ]
            if not near:
                return None
            group = near[rng.randrange(len(near))]
            group.append(start)
            owner[start] = group
            continue
        groups.append(group)
        for cell in group:
            owner[cell] = group
    return groups


def _clue(
    rng: random.Random,
    group: Sequence[int],
    solution: Sequence[int],
    killer: bool,
    other_than: str = "",
) -> _CageClue:
    """The cage of a group: its total, or an operation drawn among those that fit."""
    size = isqrt(len(solution))
    digits = [solution[c] for c in group]
    cells = tuple(divmod(c, size) for c in sorted(group))
    if killer:
        return (sum(digits), cells)
    fits = [
        op
        for op in _ARITHMETIC_OPS
        if op != other_than
        and (op in "+*" or len(digits) == 2)
        and (op != "/" or max(digits) % min(digits) == 0)
    ]
    op = fits[rng.randrange(len(fits))]
    if op == "+":
        return (sum(digits), "+", cells)
    if op == "*":
        return (prod(digits), "*", cells)
    if op == "-":
        return (max(digits) - min(digits), "-", cells)
    return (max(digits) // min(digits), "/", cells)


def _cut(
    rng: random.Random,
    size: int,
    union: Sequence[int],
    solution: Sequence[int],
    killer: bool,
    before: set[frozenset[int]],
) -> tuple[list[int], list[int]] | None:
    """``union`` cut in two connected groups of 2 to 5 cells, not ``before``'s; or ``None``."""
    low, high = CAGE_CELLS
    inside = set(union)
    ordered = sorted(union)
    for _ in range(30):
        start = ordered[rng.randrange(len(ordered))]
        least = max(low, len(ordered) - high)
        most = min(high, len(ordered) - low)
        if least > most:
            return None
        want = least + rng.randrange(most - least + 1)
        part = _grow(rng, size, start, want, inside, solution if killer else None)
        rest = [c for c in ordered if c not in part]
        if len(part) != want or not _connected(size, rest):
            continue
        if killer and not _distinct(rest, solution):
            continue
        if {frozenset(part), frozenset(rest)} == before:
            continue
        return sorted(part), rest
    return None


def _change(
    rng: random.Random,
    size: int,
    groups: list[list[int]],
    clues: list[_CageClue],
    cell: int,
    solution: Sequence[int],
    killer: bool,
) -> bool:
    """Change the cages at ``cell``, where two solutions differ; whether it could.

    An arithmetic cage may take another operation (three times in ten); a
    cage of 4 or 5 cells is cut in two; else, or when that fails, it is
    joined to a neighbouring cage and the two are cut anew.
    """
    k = next(i for i, group in enumerate(groups) if cell in group)
    group = groups[k]
    if not killer and rng.randrange(10) < 3:
        clues[k] = _clue(rng, group, solution, killer, other_than=str(clues[k][1]))
        return True
    if len(group) >= 2 * CAGE_CELLS[0]:
        halves = _cut(rng, size, group, solution, killer, {frozenset(group)})
        if halves is not None:
            part, rest = halves
            groups[k : k + 1] = [part, rest]
            clues[k : k + 1] = [
                _clue(rng, part, solution, killer),
                _clue(rng, rest, solution, killer),
            ]
            return True
    near = sorted({n for c in group for n in _neighbours(size, c) if n not in group})
    rng.shuffle(near)
    for n in near:
        j = next(i for i, other in enumerate(groups) if n in other)
        before = {frozenset(group), frozenset(groups[j])}
        halves = _cut(rng, size, [*group, *groups[j]], solution, killer, before)
        if halves is None:
            continue
        part, rest = halves
        groups[k], groups[j] = part, rest
        clues[k] = _clue(rng, part, solution, killer)
        clues[j] = _clue(rng, rest, solution, killer)
        return True
    return False


def _cage_solutions(
    geo: _Geometry, clues: Sequence[_CageClue], clock: _Clock
) -> list[list[int]] | None:
    """The first two solutions of the blank grid with these cages.

    ``None`` when the search needs more than :data:`CAGE_NODES` branches.
    """
    size = geo.size
    blank = Grid(size, geo.box, [0] * (size * size), None)
    encoding = encode(blank, units=geo.regions, cages=read_cages(clues, size))
    if encoding.contradiction is not None:  # pragma: no cover - the grid solves it
        raise AssertionError(f"cages without a solution: {clues}")
    found: list[list[int]] = []
    search = encoding.problem.solutions(
        limit=2,
        max_nodes=CAGE_NODES,
        timeout=clock.left(),
        progress=clock.engine if clock.watched else None,
        progress_interval=_ENGINE_INTERVAL,
    )
    try:
        for answer in search:
            found.append(encoding.decode(answer))
    except BudgetExceeded as stop:
        if stop.outcome is Outcome.OUT_OF_NODES:
            return None
        raise
    finally:
        # The search's own counts, whole (the reports only come now and then).
        clock.running = (0, 0)
        stats = getattr(search, "stats", None)
        if isinstance(stats, Stats):
            clock.nodes += stats.nodes
            clock.updates += stats.updates
    return found


def _cage_puzzle(
    geo: _Geometry, rng: random.Random, killer: bool, clock: _Clock
) -> tuple[list[int], tuple[_CageClue, ...]]:
    """A complete grid and cages that have it as their one solution.

    Try after try (up to :data:`CAGE_TRIES` grids): a random complete
    grid is cut into random connected cages (:func:`_carve`); then, while
    the engine's search with limit 2 finds a second solution, the cages
    at a cell where the two differ are changed (:func:`_change`).  A grid
    is given up after :data:`_CAGE_CHANGES` changes, or when a search
    needs more than :data:`CAGE_NODES` branches.

    The clock's ``grid`` is the grid being worked on; they are its tries
    too unless it counts cage puzzles (``clock.grids``, with a grade).
    """
    size = geo.size
    tries = not clock.grids  # whether the grids are the clock's tries
    for made in range(1, CAGE_TRIES + 1):
        clock.grid, clock.stage, clock.givens = made, "filling", 0
        if tries:
            clock.tries = made
        clock.visited, clock.orbits = 0, _CAGE_CHANGES
        clock.tick()
        solution = _random_grid(geo, rng, clock)
        for _ in range(_CARVINGS):
            clock.tick()
            groups = _carve(rng, size, solution, killer)
            if groups is not None:
                break
        else:  # pragma: no cover - a cell left alone is rare
            if tries:
                clock.done = made
            continue
        clues = [_clue(rng, group, solution, killer) for group in groups]
        clock.stage = "caging"
        for _ in range(_CAGE_CHANGES):
            clock.visited += 1
            clock.givens = len(clues)
            clock.tick()
            found = _cage_solutions(geo, clues, clock)
            if found is None:
                break
            if found == [solution]:
                if tries:
                    clock.done = made
                order = sorted(range(len(clues)), key=lambda i: min(groups[i]))
                return solution, tuple(clues[i] for i in order)
            other = next(answer for answer in found if answer != solution)
            differ = [c for c in range(size * size) if other[c] != solution[c]]
            while differ:
                cell = differ.pop(rng.randrange(len(differ)))
                if _change(rng, size, groups, clues, cell, solution, killer):
                    break
            else:
                break  # no cage there can change: another grid
        if tries:
            clock.done = made
    raise SudokuError(
        f"no {'killer' if killer else 'arithmetic'} puzzle in {CAGE_TRIES} "
        "complete grids: another seed may make one"
    )


# -- the public functions -------------------------------------------------------


def _alphabet_for(size: int, alphabet: str | None) -> str:
    if alphabet is None:
        if size > _MAX_SIZE:
            raise SudokuError(
                f"a {size}x{size} grid needs an explicit alphabet= "
                f"(the built-in alphabets have at most {_MAX_SIZE} symbols)"
            )
        return _DIGITS[:size] if size <= 9 else _LETTERS[:size]
    check_alphabet(alphabet, size)  # a blank character too
    return alphabet


def _check_options(
    box: object,
    seed: object,
    symmetry: object,
    givens: object,
    tries: object,
) -> tuple[int, int]:
    """``box`` checked; :class:`SudokuError` naming any bad argument."""
    if not isinstance(box, Sequence) or isinstance(box, str) or len(box) != 2:
        raise SudokuError(f"box={box!r} is not a pair (rows, columns)")
    rows, cols = box
    if not (type(rows) is int and type(cols) is int and rows > 0 and cols > 0):
        raise SudokuError(f"box={box!r} is not a pair of positive ints")
    size = rows * cols
    box_shape(size, (rows, cols))
    if seed is not None and (type(seed) is not int or seed < 0):
        # random.Random seeds with abs(seed): -5 would repeat 5's puzzles.
        raise SudokuError(f"seed={seed!r} is not an int of at least 0 (or None)")
    if symmetry not in SYMMETRIES:
        raise SudokuError(
            f"symmetry={symmetry!r} is not one of " + ", ".join(map(repr, SYMMETRIES))
        )
    if givens is not None and (type(givens) is not int or givens < 0):
        raise SudokuError(f"givens={givens!r} is not an int of at least 0")
    if tries is not None and (type(tries) is not int or tries < 1):
        raise SudokuError(f"tries={tries!r} is not an int of at least 1")
    return rows, cols


def generate_puzzle(
    box: tuple[int, int] | None = None,
    *,
    seed: int | None = None,
    symmetry: str | None = None,
    minimal: bool = True,
    givens: int | None = None,
    grade: int | str | None = None,
    tries: int | None = None,
    alphabet: str | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], object] | None = None,
    size: int | None = None,
    cages: str | None = None,
    rating: float | tuple[float, float] | None = None,
) -> Generated:
    """Generate a puzzle with exactly one solution; return it with how it was made.

    A complete grid is drawn at random and givens are emptied, an orbit of
    the symmetry at a time, while the puzzle keeps one solution (see
    :mod:`sudoku.generator`).  Uniqueness of the result is proved at the end
    by the exact-cover engine (a count with limit 2).

    ``minimal=True`` (the default): every orbit is tried once, so that
    emptying any orbit of givens that is left gives a puzzle with several
    solutions.  With ``symmetry="none"`` orbits are single cells: removing
    any one given makes the puzzle ambiguous.  With a symmetry the pattern
    keeps it, and minimality is *of orbits*: a lone cell of a pair may
    still be removable on its own, at the price of the symmetry.

    ``minimal=False`` stops earlier: at ``givens`` when one is asked for,
    otherwise at the first orbit that cannot be emptied (an easier puzzle
    with more givens).

    ``givens=N`` asks for at most N givens, best effort: up to ``tries``
    grids are tried (20 by default) and the first that reaches N is
    returned, otherwise the one with the fewest givens; :attr:`sudoku.Generated.reached`
    tells which.  Below about 22 givens for 9x9 (17 is the least possible)
    targets are rarely reached.

    Time: a minimal 9x9 takes milliseconds, a minimal 16x16 about a second
    (median; a few take over ten), while a minimal 25x25 is not practical
    (one had not finished after 17 minutes): give 25x25 ``minimal=False``
    and ``givens=`` of about 320 or more (a fraction of a second).

    Variants: ``variant="x"``, ``"windoku"`` or ``"x+windoku"`` adds
    the variant's units, and ``regions=`` (a jigsaw map, as
    :func:`sudoku.solve` takes it) replaces the boxes by its regions, the
    size coming from the map; the puzzle has one solution *as that
    variant* (proved by ``count(..., variant=, regions=, limit=2)``) and
    is minimal for it.  The symmetry is of the pattern of givens only, so
    any symmetry goes with any region map.  ``variant="latin"`` makes a
    latin square (no boxes: give the size with ``size=``).

    Cage puzzles: ``cages="killer"`` or ``"arithmetic"`` makes a puzzle
    with no givens at all, only cages, which ``Generated.cages``
    holds in the form ``cages=`` of :func:`sudoku.solve` takes.  A complete
    grid is cut into random connected cages of 2 to 5 cells
    (:data:`~sudoku.generator.CAGE_CELLS`; never one: that would be a given
    in disguise); then, while the engine's search with limit 2 (as
    :func:`sudoku.count` with ``limit=2`` does it) finds a second
    solution, the cages at a cell where the two differ are cut in two,
    or joined to a neighbour and cut anew (an arithmetic cage may take
    another operation), until the grid is the only solution; a grid whose
    cages will not come right is given up for another (up to
    :data:`~sudoku.generator.CAGE_TRIES`).  A killer cage holds no digit
    twice and its clue is its total; an arithmetic cage's clue is a
    target and an operation drawn among those that fit (``"+"``,
    ``"*"``, and for two cells ``"-"`` and ``"/"``).  KenKen is
    ``cages="arithmetic"`` with ``variant="latin"``; cages go with boxes,
    ``"x"``, ``"windoku"``, ``"latin"`` and jigsaw ``regions=`` alike.
    Grids from 4x4 to 9x9 (:data:`~sudoku.generator.CAGE_GRID_SIZES`): a
    9x9 killer takes about a second, a 9x9 KenKen several.  Not with
    ``givens=``, ``symmetry=`` or ``minimal=False`` (there are no
    givens).  With ``grade=``, puzzles are made and graded with their
    cages (:func:`sudoku.grade`'s steps, stopped as soon as the level is
    known) until one has the grade, up to ``tries`` of them
    (:data:`~sudoku.generator.CAGE_GRADE_TRIES`, 20, by default: most 9x9
    killers grade easy, the cage techniques taking them far).  ``alphabet=`` writes the solution, the cages' digits being
    1 to N as always.

    :param box: the box shape ``(rows, columns)``; the grid is
        ``rows*columns`` square: ``(2, 2)`` 4x4, ``(2, 3)`` 6x6, ``(3, 3)``
        9x9 (the default), ``(3, 4)`` 12x12, ``(4, 4)`` 16x16, ``(5, 5)``
        25x25...  Not with ``regions=``, unless of the map's size.
    :param seed: an int of at least 0 that makes the puzzle reproducible:
        the same seed gives the same puzzle everywhere (``None``: a seed is
        drawn, and kept in the result).
    :param symmetry: of the pattern of givens: ``"none"``, ``"rotational"``
        (180 degrees, the default: ``None`` stands for it), ``"mirror"``
        (left-right) or ``"diagonal"`` (the main diagonal).  Not with
        ``cages=``.
    :param minimal: see above; ``False`` not with ``cages=``.
    :param givens: at most this many givens, best effort (``None``: as
        few as one pass gives).
    :param grade: the grade wanted, a level of :func:`sudoku.grade`: its name
        (``"easy"``, ``"medium"``, ``"hard"``, ``"expert"``, ``"extreme"``,
        ``"diabolical"``) or its number (1 to 6): a range of SE ratings
        (:data:`sudoku.grading.LEVEL_RATINGS`).  Grids are tried until
        one's rating is in the range (up to ``tries``: 200 by default up
        to 12x12, 10 beyond), each rated only as far as it takes to know
        (:func:`sudoku.steps.rating_up_to`), and the found puzzle's whole
        grade is kept in the result.  Minimal 9x9 puzzles are mostly easy
        or expert; medium and hard ones come a few times in 200 tries,
        diabolical ones (9.0 and up) almost never.  Minimal puzzles beyond
        12x12 are rated 6.0 and up (extreme or diabolical:
        :func:`sudoku.generator.grade_out_of_reach`); with
        ``minimal=False`` and ``givens=`` (more givens) the lower grades
        come: most 16x16 puzzles with ``givens=115`` are easy.
    :param tries: grids to try for ``givens`` (default 20), ``grade``
        (:func:`sudoku.generator.default_grade_tries`: 200 up to 12x12, 10 beyond)
        or ``rating`` (1,000); without a target one grid is enough.
    :param alphabet: the N symbols (default: ``1``-``9`` up to 9x9, then
        letters ``A``... as in the 16x16 judge format).
    :param variant: ``None``, ``"x"``, ``"windoku"`` (or ``"hyper"``) or
        ``"x+windoku"``, as in :func:`sudoku.solve`.
    :param regions: a jigsaw region map (any form :func:`sudoku.solve`
        takes), or ``None`` for boxes.
    :param timeout: give up after about this many seconds, for the whole
        call (``None``: no limit).  The generator looks at its clock
        inside every loop, and gives the engine's counts and the grader
        the time left.
    :param progress: called about once a second (the first time after a
        second) with a :class:`sudoku.generator.GenerationProgress`, a :class:`dlx.Progress`
        for the generation as a whole; it may raise to stop it (a
        :class:`KeyboardInterrupt` goes through).
    :param size: N, the grid's size: the only way to give it for
        ``variant="latin"`` (default 9), which has no boxes and takes no
        ``box=``; otherwise the default box shape of N (as
        :func:`sudoku.box_shape` gives it), or a check of ``box=`` or of
        the ``regions=`` map.
    :param cages: ``"killer"`` or ``"arithmetic"`` for a cage puzzle (see
        above; ``None``: a classic one).
    :param rating: the rating wanted, on Sudoku Explainer's scale as
        :func:`sudoku.explain` rates: one value (``7.2``) or a band
        ``(low, high)``, both ends in.  Grids are tried until one is rated
        in the band (up to ``tries``:
        :data:`~sudoku.generator.DEFAULT_RATING_TRIES`, 1,000, by
        default), each rated by :func:`sudoku.steps.rating_up_to`, which
        never tries the techniques rated only above the band; a puzzle
        that needs a search step has no rating and is never taken.  The
        rating is kept in the result.  Of minimal 9x9 puzzles two in
        three are rated 2.0 or less, one in 20 from 7.0 to 8.0, few above
        8.5.  Grids up to 9x9 (:data:`~sudoku.generator.RATING_SIZE`); not
        with ``grade=`` or ``cages=``.
    :returns: the :class:`sudoku.Generated` puzzle.
    :raises SudokuError: for a bad argument, naming it (a box that is not a
        pair of positive ints or does not fit ``size``, an unknown symmetry, a seed that is not an
        int of at least 0, ``givens`` or ``tries`` out of range, ``tries`` without
        ``givens``, ``grade`` or ``rating``, an unknown grade, a rating that is
        not a number from 0 to 10 or a band of two, ``rating`` beyond 9x9, an unusable alphabet, a
        ``timeout`` that is not a number of seconds of at least 0, a
        ``progress`` that cannot be called, an unknown kind of ``cages``
        and what does not go with it), and when no grid of ``tries``
        had the ``grade`` (the message says why beyond 9x9) or the
        ``rating`` asked for; its
        :class:`sudoku.RegionError` for an unknown or unfitting variant or a
        bad region map, and when no complete grid fits the map (with the
        reason, when the law of leftovers gives one).
    :raises GenerationStopped: (a :class:`sudoku.BudgetError`) when
        ``timeout`` runs out first.

    >>> made = generate_puzzle((2, 3), seed=7, symmetry="none")
    >>> import sudoku
    >>> sudoku.count(made.puzzle, box=(2, 3), limit=2)
    1
    >>> sudoku.solve(made.puzzle, box=(2, 3)) == made.solution
    True
    >>> made == generate_puzzle((2, 3), seed=7, symmetry="none")
    True
    >>> generate_puzzle(seed=1, grade="hard").grade.name
    'hard'
    >>> made = generate_puzzle(seed=1, rating=(6.0, 7.0))
    >>> made.rating, sudoku.explain(made.puzzle).rating
    (6.6, 6.6)
    >>> x = generate_puzzle((2, 2), seed=3, variant="x")
    >>> sudoku.count(x.puzzle, variant="x", limit=2), x.variant
    (1, 'x')
    >>> jig = generate_puzzle(seed=2, regions=["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"])
    >>> sudoku.count(jig.puzzle, regions=jig.regions, limit=2), jig.box
    (1, None)
    >>> killer = generate_puzzle((2, 2), seed=1, cages="killer")
    >>> killer.puzzle, killer.givens, killer.cages[0]
    ('................', 0, (3, ((0, 0), (0, 1))))
    >>> sudoku.solve(killer.puzzle, box=(2, 2), cages=killer.cages, unique=True) == killer.solution
    True
    >>> kenken = generate_puzzle(seed=4, cages="arithmetic", variant="latin", size=5)
    >>> sudoku.count(kenken.puzzle, cages=kenken.cages, variant="latin", limit=2)
    1
    >>> generate_puzzle(seed=1, cages="killer", givens=20)
    Traceback (most recent call last):
      ...
    sudoku.errors.SudokuError: givens= does not go with cages=: a cage puzzle has no givens
    >>> generate_puzzle(regions=["AABB", "ACBB", "CCDD", "CADD"])
    Traceback (most recent call last):
      ...
    sudoku.errors.RegionError: no complete 4x4 grid fits: the jigsaw map has no solution at all, so no puzzle either: rows 1-2 hold each symbol twice, as regions 'A' and 'B' do, so row 2, column 2 holds the same symbol as row 4, column 2; but row 2, column 2 and row 4, column 2 are both in column 2
    """
    if cages is not None and cages not in CAGE_KINDS:
        raise SudokuError(
            f"cages={cages!r} is not one of " + ", ".join(map(repr, CAGE_KINDS))
        )
    if size is not None and (type(size) is not int or size < 1):
        raise SudokuError(f"size={size!r} is not an int of at least 1 (or None)")
    latin = not has_boxes(variant)
    labels: tuple[Hashable, ...] | None = None
    if regions is not None:
        labels = read_region_map(regions)
        side = isqrt(len(labels))
        if side * side != len(labels):
            raise RegionError(
                f"the region map has {len(labels)} cells, not the N² of an N x N grid"
            )
        labels = read_region_map(regions, side)
        if size is not None and size != side:
            raise SudokuError(
                f"size={size} does not fit the {side}x{side} region map "
                "(the map gives the size: leave size= out)"
            )
        if box is not None:
            # As everywhere (sudoku.solver.parse_grid): a box that fits was
            # taken and did nothing.
            raise SudokuError(
                f"box={box!r} does not go with regions=: the {side}x{side} "
                "region map replaces the boxes (leave box= out)"
            )
        box = (1, side)
    elif latin:
        if box is not None:
            raise SudokuError(
                f"box={box!r} does not go with variant {variant!r}: a latin "
                "square has no boxes (give its size with size=)"
            )
        box = box_for(9 if size is None else size, NO_BOXES)
    elif box is None:
        box = (3, 3) if size is None else box_shape(size)
    elif (
        size is not None
        and isinstance(box, Sequence)
        and len(box) == 2
        and box[0] * box[1] != size
    ):
        raise SudokuError(f"box={box!r} does not make a {size}x{size} grid (size=)")
    if cages is not None:
        _refuse_with_cages(symmetry, minimal, givens)
    if symmetry is None:
        symmetry = "rotational"
    rows, cols = _check_options(box, seed, symmetry, givens, tries)
    if type(minimal) is not bool:
        raise SudokuError(f"minimal={minimal!r} is not True or False")
    check_budget(None, None, timeout, progress)
    size = rows * cols
    symbols = _alphabet_for(size, alphabet)
    level = _level(grade)
    band = _band(rating)
    if band is not None and size > RATING_SIZE:
        raise SudokuError(
            f"rating= does not go with a {size}x{size} grid: Sudoku Explainer's "
            f"ratings are for grids up to {RATING_SIZE}x{RATING_SIZE}, and "
            "beyond, one rating takes minutes (ask for a grade= instead)"
        )
    if cages is not None:
        low, high = CAGE_GRID_SIZES
        if not low <= size <= high:
            raise SudokuError(
                f"cage puzzles are made from {low}x{low} to {high}x{high}, not "
                f"{size}x{size}"
                + (
                    ": beyond, the counts that prove them unique take too long"
                    if size > high
                    else ""
                )
            )
    # Decided by the one table of what goes with what (dlx.ways), in the
    # library's words; the plan's settings are what runs.
    asked = (
        ("tries", tries is not None),
        ("givens", givens is not None),
        ("target_grade", level is not None),
        ("target_rating", band is not None),
        ("regions", labels is not None),
        ("cages", cages is not None),
    )
    try:
        planned = ways.plan(
            "generate",
            ways.Settings(timeout=timeout, progress=progress),
            also={key for key, given in asked if given},
        )
    except ways.Refused as refused:
        raise SudokuError(str(refused)) from None
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 63)
    rng = random.Random(seed)
    units: Regions | None = None
    if variant is not None or labels is not None:
        units = regions_of(size, (rows, cols), variant, labels)
        if units.plain and labels is None:
            units = None
    geo = _geometry(size, (rows, cols)) if units is None else _variant_geometry(units)
    box_or_none = None if labels is not None or latin else (rows, cols)
    if cages is not None:
        return _generated_cages(
            geo,
            rng,
            seed,
            cages,
            symbols,
            planned.settings,
            timeout,
            box_or_none,
            None if units is None else units.variant,
            None if labels is None else _map_rows(labels, size),
            level,
            tries or CAGE_GRADE_TRIES,
            regions,
        )
    orbits = _orbits(size, symmetry)
    stop_at = None if minimal else -1 if givens is None else givens
    if level is not None:
        attempts = tries or default_grade_tries(size)
    elif band is not None:
        attempts = tries or DEFAULT_RATING_TRIES
    else:
        attempts = 1 if givens is None else tries or DEFAULT_TRIES
    clock = _Clock(
        planned.settings.timeout, planned.settings.progress, attempts, size * size
    )
    best: tuple[list[int], list[int], bool, Grade | None] | None = None
    rated: float | None = None
    try:
        for made in range(1, attempts + 1):
            clock.tries, clock.stage, clock.givens = made, "filling", size * size
            clock.minimal = minimal
            clock.tick()
            solution = _random_grid(geo, rng, clock)
            puzzle, proved = _dig(geo, solution, orbits, rng, stop_at, clock)
            clock.done = made
            n = sum(1 for v in puzzle if v)
            graded = None
            if level is not None:
                clock.stage = "grading"
                if not _level_in(geo, puzzle, (), level, clock):
                    continue
            rating_now = None
            if band is not None:
                clock.stage = "rating"
                rating_now = _rating_in(geo, puzzle, band, clock)
                if rating_now is None:
                    continue
            if best is None or n < sum(1 for v in best[0] if v):
                best = (puzzle, solution, proved, graded)
                rated = rating_now
            if givens is None or n <= givens:
                break
        if best is None and band is not None:
            raise SudokuError(
                f"no puzzle rated {band_text(band)} in {counted(made, 'try', 'tries')} "
                f"({_rating_advice(band)})"
            )
        if best is None:
            raise SudokuError(
                f"no puzzle of grade {LEVEL_NAMES[level or 0]!r} in "
                f"{counted(made, 'try', 'tries')} "
                f"({_grade_advice(size, level or 0, minimal)})"
            )
        puzzle, solution, proved, graded = best
        text = _text(puzzle, symbols)
        if level is not None:
            # The whole grade of the puzzle kept, once: the tries stopped
            # as soon as their level was known.
            clock.stage = "grading"
            graded = grade_of(
                text,
                alphabet=symbols,
                box=box_or_none,
                variant=variant,
                regions=regions,
                timeout=clock.left(),
                progress=_relay(clock),
            )
        # The proof by the engine's count with limit 2, unless the digging's
        # last step was that very count (on big grids it costs seconds).
        clock.stage = "proving"
        if not proved:
            encoding = encode(Grid(size, geo.box, puzzle, None), units=geo.regions)
            if (
                encoding.contradiction is not None
                or clock.count(encoding.problem, _method(size)) != 1
            ):
                raise AssertionError(f"generated a puzzle without one solution: {text}")
    except (_OutOfTime, BudgetExceeded) as stop:
        if isinstance(stop, BudgetExceeded) and stop.outcome is not Outcome.OUT_OF_TIME:
            raise  # pragma: no cover - no other budget is given
        assert timeout is not None
        raise GenerationStopped(
            time.perf_counter() - clock.started,
            timeout,
            _unfinished(clock, geo, level, givens, best, band),
            clock.tries,
            clock.stats(),
        ) from None
    return Generated(
        puzzle=text,
        solution=_text(solution, symbols),
        givens=sum(1 for v in puzzle if v),
        box=box_or_none,
        seed=seed,
        symmetry=symmetry,
        minimal=minimal,
        target=givens,
        tries=clock.tries,
        grade=graded,
        variant=None if units is None else units.variant,
        regions=None if labels is None else _map_rows(labels, size),
        rating=rated,
    )


def _refuse_with_cages(
    symmetry: str | None,
    minimal: bool,
    givens: int | None,
) -> None:
    """Refuse what does not go with ``cages=``, all about givens (a :class:`SudokuError`).

    ``tries=`` without ``grade=`` is refused by :mod:`dlx.ways`, as for
    classic puzzles.
    """
    why = ""
    if givens is not None:
        why = "givens= does not go with cages=: a cage puzzle has no givens"
    elif symmetry is not None:
        why = (
            "symmetry= does not go with cages=: it is the symmetry of the "
            "givens, and a cage puzzle has none"
        )
    elif minimal is not True:
        why = (
            f"minimal={minimal!r} does not go with cages=: it is about "
            "emptying givens, and a cage puzzle has none"
        )
    if why:
        raise SudokuError(why)


def _generated_cages(
    geo: _Geometry,
    rng: random.Random,
    seed: int,
    kind: str,
    symbols: str,
    settings: ways.Settings,
    timeout: float | None,
    box: tuple[int, int] | None,
    variant: str | None,
    regions: tuple[tuple[Hashable, ...], ...] | None,
    level: int | None,
    attempts: int,
    region_map: GridLike | ArrayLike | None,
) -> Generated:
    """A cage puzzle of :func:`sudoku.generate_puzzle` (see :func:`_cage_puzzle`).

    With a ``level``, puzzles are made and graded (:func:`sudoku.grade`
    with their cages, and the user's ``region_map``) until one has it, up
    to ``attempts`` of them: those are the tries the progress reports
    count (``tries=``), each of up to :data:`CAGE_TRIES` grids.  Without,
    the one puzzle's grids are.
    """
    size = geo.size
    graded_tries = level is not None
    clock = _Clock(
        settings.timeout,
        settings.progress,
        attempts if graded_tries else CAGE_TRIES,
        0,
    )
    if graded_tries:
        clock.grids = CAGE_TRIES
    graded: Grade | None = None
    blank = "." * (size * size)
    tried = 0  # the grids tried, for every puzzle made
    attempt = 0
    try:
        for _ in range(attempts if graded_tries else 1):
            attempt += 1  # which one a budget stops, for its message
            if graded_tries:
                clock.tries = attempt
            solution, cages = _cage_puzzle(geo, rng, kind == "killer", clock)
            tried += clock.grid
            if level is None:
                break
            clock.done = attempt  # made: its grading is what is left
            clock.stage = "grading"
            read = read_cages(cages, size)
            if _level_in(geo, [0] * (size * size), read, level, clock):
                graded = grade_of(
                    blank,
                    alphabet=symbols,
                    box=box,
                    variant=variant,
                    regions=region_map,
                    cages=cages,
                    timeout=clock.left(),
                    progress=_relay(clock),
                )
                break
        else:
            raise SudokuError(
                f"no cage puzzle of grade {LEVEL_NAMES[level or 0]!r} in "
                f"{counted(attempts, 'try', 'tries')} (another seed or a larger "
                "tries= may find one)"
            )
    except (_OutOfTime, BudgetExceeded) as stop:
        if isinstance(stop, BudgetExceeded) and stop.outcome is not Outcome.OUT_OF_TIME:
            raise  # pragma: no cover - no other budget is given
        assert timeout is not None
        if clock.stage in ("filling", "caging"):
            tried += clock.grid  # the grid under way
        if clock.stage == "caging":
            what = (
                f"the cages of try {clock.grid} did not have one solution yet "
                f"(after {clock.visited - 1} changes)"
            )
            if graded_tries:
                what = (
                    f"in try {attempt} of {attempts}, the cages of its grid "
                    f"{clock.grid} did not have one solution yet (after "
                    f"{clock.visited - 1} changes)"
                )
        elif level is None:
            what = _reached(clock)
        else:
            what = _reached(clock, f"try {attempt} of {attempts}")
            if attempt > 1:
                what += f" ({counted(attempt - 1, 'try', 'tries')} before it had another grade)"
        raise GenerationStopped(
            time.perf_counter() - clock.started,
            timeout,
            what,
            tried,
            clock.stats(),
        ) from None
    return Generated(
        puzzle="." * (size * size),
        solution=_text(solution, symbols),
        givens=0,
        box=box,
        seed=seed,
        symmetry="none",
        minimal=True,
        target=None,
        tries=tried,
        grade=graded,
        variant=variant,
        regions=regions,
        cages=cages,
    )


def _map_rows(
    labels: tuple[Hashable, ...], size: int
) -> tuple[tuple[Hashable, ...], ...]:
    return tuple(labels[r * size : (r + 1) * size] for r in range(size))


def default_grade_tries(size: int) -> int:
    """The grids a ``grade=`` wish tries on an N x N grid when ``tries`` is not given.

    :data:`DEFAULT_GRADE_TRIES` up to 12x12, :data:`DEFAULT_BIG_GRADE_TRIES`
    beyond, where each try takes seconds.

    :param size: N.
    :returns: the number of tries.

    >>> default_grade_tries(9), default_grade_tries(16)
    (200, 10)
    """
    return DEFAULT_BIG_GRADE_TRIES if size > _BIG_GRADE_SIZE else DEFAULT_GRADE_TRIES


def grade_out_of_reach(size: int, level: int, minimal: bool) -> bool:
    """Whether minimal puzzles of this size almost never have this grade.

    Beyond 12x12, minimal puzzles are too sparse for the techniques rated
    under 6.0: nearly all are rated 6.0 and up, and grade extreme or
    diabolical (level 5 or 6).  Puzzles with more givens
    (``minimal=False`` and ``givens=``) come in the lower grades.

    :param size: N of the N x N grid.
    :param level: the grade's level, 1 to 6.
    :param minimal: whether the puzzles are minimal.
    :returns: the answer.

    >>> grade_out_of_reach(16, 2, True), grade_out_of_reach(16, 2, False)
    (True, False)
    >>> grade_out_of_reach(9, 2, True), grade_out_of_reach(16, 6, True)
    (False, False)
    """
    return size > _BIG_GRADE_SIZE and minimal and level < LEVEL_NAMES.index("extreme")


def _grade_advice(size: int, level: int, minimal: bool) -> str:
    """What to do when no try had the grade: more of them, or why not."""
    if grade_out_of_reach(size, level, minimal):
        return (
            f"minimal {size}x{size} puzzles almost always grade extreme or "
            "diabolical: they are rated 6.0 and up; minimal=False with more "
            "givens makes easier ones"
        )
    return "more tries, another seed or minimal=False may find one"


def _unfinished(
    clock: _Clock,
    geo: _Geometry,
    level: int | None,
    givens: int | None,
    best: tuple[list[int], list[int], bool, Grade | None] | None,
    band: tuple[float, float] | None = None,
) -> str:
    """What a generation stopped by its budget had not reached, in words."""
    done = clock.done
    if clock.stage in ("grading", "rating"):
        done -= 1  # its grade or rating is not known yet
    if band is not None and best is None:
        return f"no puzzle rated {band_text(band)} in {counted(done, 'finished try', 'finished tries')}"
    if level is not None and best is None:
        name = LEVEL_NAMES[level]
        text = f"no puzzle of grade {name!r} in {counted(done, 'finished try', 'finished tries')}"
        if grade_out_of_reach(geo.size, level, clock.minimal):
            text += (
                f" (minimal {geo.size}x{geo.size} puzzles almost always grade "
                "extreme or diabolical)"
            )
        return text
    if clock.stage == "proving":
        return "the last proof that the puzzle has one solution was not finished"
    if givens is not None and best is not None:
        least = sum(1 for v in best[0] if v)
        return (
            f"no try had at most {givens} givens in {counted(done, 'finished try', 'finished tries')} "
            f"(the best had {least})"
        )
    if clock.stage == "filling" and geo.regions is not None and not done:
        what = _no_grid_fits(geo).split(": the ")[1].split(" has ")[0]
        hint = (
            ""
            if sat_available()
            else f"; the SAT back end ({install_hint('sat')}) would tell"
        )
        return f"no complete grid that fits the {what} was found yet: it may have none{hint}"
    return _reached(clock)


def _reached(clock: _Clock, where: str | None = None) -> str:
    """What the unfinished puzzle had reached, as the progress line said it.

    ``where``: which try it was (by default the clock's own, when it has
    more than one).  The givens left while digging, or the stage of the
    try (its grid drawn, graded, rated); nothing more for a lone puzzle
    whose grid was not drawn yet.
    """
    if where is None:
        where = f"try {clock.tries} of {clock.attempts}" if clock.attempts > 1 else ""
    stage = clock.stage
    if stage == "filling" and not where:
        return "the puzzle was not finished"  # nothing reached yet
    if stage == "digging":
        what = f"digging had reached {counted(clock.givens, 'given')}"
        said = f"in {where}, {what}" if where else what
    else:
        doing = {
            "filling": "drawing its complete grid",
            "grading": "being graded",
            "rating": "being rated",
        }.get(stage, stage)
        said = f"{where or 'it'} was {doing}"
    return f"the puzzle was not finished ({said})"


def _band(rating: object) -> tuple[float, float] | None:
    """The band ``(low, high)`` of a ``rating=`` wish (one rating or a pair), or ``None``."""
    if rating is None:
        return None
    pair = (
        (rating, rating)
        if not isinstance(rating, tuple | list)
        else tuple(rating)
        if len(rating) == 2
        else ()
    )
    top = HIGHEST_RATING
    if len(pair) == 2 and all(
        isinstance(x, int | float) and not isinstance(x, bool) and 0 <= x <= top
        for x in pair
    ):
        low, high = float(pair[0]), float(pair[1])
        if low <= high < 1:
            raise SudokuError(
                f"rating={rating!r} lies below Sudoku Explainer's scale (1.0 to "
                f"{top:.1f}): no puzzle is rated under 1.0"
            )
        if low <= high:
            return low, high
    raise SudokuError(
        f"rating={rating!r} is not a rating or a band of them: give one rating, "
        f"as 7.2, or (low, high) with 0 <= low <= high <= {top:g}, as (4.0, 5.0) "
        f"(Sudoku Explainer's scale, 1.0 to {top:.1f})"
    )


def band_text(band: tuple[float, float]) -> str:
    """A band of ratings as the messages and ``sudoku generate --rating`` write it.

    >>> band_text((4.0, 5.0)), band_text((7.2, 7.2))
    ('4.0-5.0', '7.2')
    """
    low, high = band
    return f"{low:.1f}" if low == high else f"{low:.1f}-{high:.1f}"


def _rating_advice(band: tuple[float, float]) -> str:
    """What to do when no try had a rating in the band."""
    if band[0] > 8.5:
        return (
            "minimal puzzles rated above 8.5 are rare, and those that need a "
            "search step have no rating: a larger tries= may find one"
        )
    return "more tries or another seed may find one"


def _rating_in(
    geo: _Geometry, puzzle: list[int], band: tuple[float, float], clock: _Clock
) -> float | None:
    """The puzzle's rating (:attr:`sudoku.Explanation.rating`) when it is in ``band``, else ``None``.

    The steps are :func:`sudoku.explain`'s, and the techniques rated only
    above the band are never tried (:func:`sudoku.steps.rating_up_to`).
    The rating runs on the time left, and reports through ``clock``.
    """
    # Imported here: only a rating= wish needs the techniques.
    from sudoku.steps import rating_up_to
    from sudoku.techniques import Board, Clock

    def relay(_: object) -> None:
        clock.tick()  # a report when one is due

    units = geo.regions or regions_of(geo.size, geo.box)
    # A rating takes milliseconds to seconds: the generator's clock is
    # asked often, and reports when its second is up.
    steps = Clock(clock.left(), relay if clock.watched else None, interval=0.05)
    found = rating_up_to(Board(units, puzzle, steps), band[1])
    if found is None or found < band[0]:
        return None
    return found


def _relay(clock: _Clock) -> Callable[[object], None] | None:
    """A progress hook for a solve by hand that lets the generator's clock report (``None``: not watched)."""
    if not clock.watched:
        return None

    def relay(_: object) -> None:
        clock.tick()  # a report when one is due

    return relay


def _level_in(
    geo: _Geometry,
    puzzle: list[int],
    cages: Sequence[Cage],
    level: int,
    clock: _Clock,
) -> bool:
    """Whether the puzzle's SE rating is in the ratings of ``level`` (:func:`sudoku.grading.level_band`).

    The steps are :func:`sudoku.grade`'s, and stop as soon as the level is
    known: the techniques rated only above the level's ratings are never
    tried (:func:`sudoku.steps.rating_up_to`), and for the top level, the
    first step rated in it ends the rating (as does logic running out).
    The rating runs on the time left, and reports through ``clock``.
    """
    # Imported here: only a grade= wish needs the techniques.
    from sudoku.steps import board_of, rating_up_to
    from sudoku.techniques import Clock

    low, high = level_band(level)
    units = geo.regions or regions_of(geo.size, geo.box)
    steps = Clock(clock.left(), _relay(clock), interval=0.05)
    found = rating_up_to(
        board_of(units, puzzle, cages, steps),
        high,
        enough=low if high is None else None,
    )
    if found is None:  # above the level's ratings, or logic ran out
        return high is None
    return level_of(found) == level


def _level(grade: object) -> int | None:
    """The level number of a ``grade=`` wish (a name or a number), or ``None``."""
    if grade is None:
        return None
    if isinstance(grade, str) and grade in LEVEL_NAMES[1:]:
        return LEVEL_NAMES.index(grade)
    if type(grade) is int and 1 <= grade < len(LEVEL_NAMES):
        return grade
    raise SudokuError(
        f"grade={grade!r} is not a grade: give one of "
        + ", ".join(map(repr, LEVEL_NAMES[1:]))
        + f" or its number, 1 to {len(LEVEL_NAMES) - 1}"
    )


def _text(values: list[int], symbols: str) -> str:
    return "".join(symbols[v - 1] if v else "." for v in values)


#: The labels of the cages a cage puzzle is printed with, in order.
CAGE_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def cage_text(size: int, cages: Sequence[tuple[object, ...]]) -> str:
    """A cage puzzle as ``sudoku --cages FILE`` reads it: the map of labels, then the clues.

    Cages are labelled ``A``, ``B``... in the order given (then ``a``,
    ``b``...: :data:`CAGE_LABELS`); a killer clue is the total
    (``A=21``), an arithmetic one the target and the operation
    (``B=2/``).  :func:`sudoku.cages.read_cage_map` reads it back.

    :param size: N.
    :param cages: the cages, as ``Generated.cages`` holds them
        (every cell in one, at most 52 cages).
    :returns: N lines of N labels and one line of clues, without a final
        line end.

    >>> print(cage_text(2, [(3, ((0, 0), (0, 1))), (1, "-", ((1, 0), (1, 1)))]))
    AA
    BB
    A=3 B=1-
    """
    labels = ["."] * (size * size)
    clues = []
    for label, cage in zip(CAGE_LABELS, cages, strict=False):
        cells = cage[-1]
        assert isinstance(cells, tuple)
        for row, column in cells:
            labels[row * size + column] = label
        op = "" if len(cage) == 2 else str(cage[1])
        clues.append(f"{label}={cage[0]}{op}")
    if len(cages) > len(CAGE_LABELS):
        raise SudokuError(f"{len(cages)} cages: at most {len(CAGE_LABELS)} have labels")
    rows = ["".join(labels[r * size : (r + 1) * size]) for r in range(size)]
    return "\n".join([*rows, " ".join(clues)])


def generate(
    box: tuple[int, int] | None = None,
    *,
    seed: int | None = None,
    symmetry: str | None = None,
    minimal: bool = True,
    givens: int | None = None,
    grade: int | str | None = None,
    tries: int | None = None,
    alphabet: str | None = None,
    variant: str | None = None,
    regions: GridLike | ArrayLike | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], object] | None = None,
    size: int | None = None,
    cages: str | None = None,
    rating: float | tuple[float, float] | None = None,
) -> str:
    """Generate a sudoku puzzle with exactly one solution, as a string.

    The same as ``generate_puzzle(...).puzzle`` (see
    :func:`sudoku.generate_puzzle` for every parameter): N² characters, ``.`` for
    a blank, ``1``-``9`` up to 9x9 and letters ``A``... beyond.  When a
    ``givens=`` target is not reached in ``tries`` grids, the puzzle with
    the fewest givens is returned and a :class:`sudoku.GivensWarning` says how
    many it has.

    :param box: the box shape ``(rows, columns)``.
    :param seed: the same seed gives the same puzzle, on every platform.
    :param symmetry: ``"none"``, ``"rotational"`` (the default, ``None``),
        ``"mirror"`` or ``"diagonal"``.
    :param minimal: no orbit of givens can be emptied (the default).
    :param givens: at most this many givens, best effort.
    :param grade: the grade wanted, a level name or number of
        :func:`sudoku.grade` (``"easy"`` ... ``"diabolical"``, 1 to 6).
    :param tries: grids to try for ``givens``, ``grade`` or ``rating``.
    :param alphabet: the N symbols.
    :param variant: ``"x"``, ``"windoku"`` or ``"x+windoku"`` (``None``: plain).
    :param regions: a jigsaw region map; the size comes from it.
    :param timeout: give up after about this many seconds.
    :param progress: called about once a second with a
        :class:`sudoku.generator.GenerationProgress`.
    :param size: N (the only way to give it for ``variant="latin"``).
    :param cages: ``"killer"`` or ``"arithmetic"``: a cage puzzle (see
        :func:`sudoku.generate_puzzle`), returned in the form ``sudoku
        --cages FILE`` reads (:func:`sudoku.generator.cage_text`: N lines
        of cage labels, then a line of clues), since it has no givens;
        :func:`sudoku.cages.read_cage_map` gives its cages back.
    :param rating: the rating wanted, one value or a band ``(low, high)``
        (see :func:`sudoku.generate_puzzle`).
    :returns: the puzzle.
    :raises SudokuError: for a bad argument, naming it;
        when no grid of ``tries`` had the ``grade`` or the ``rating``; its
        :class:`sudoku.RegionError` when no complete grid fits a
        ``regions`` map.
    :raises GenerationStopped: (a :class:`sudoku.BudgetError`) when
        ``timeout`` runs out first.

    >>> puzzle = generate(seed=2024)
    >>> len(puzzle), puzzle == generate(seed=2024)
    (81, True)
    >>> import sudoku
    >>> sudoku.is_unique(puzzle)
    True
    >>> generate((2, 2), seed=5, symmetry="none", minimal=False, givens=10).count(".") >= 6
    True
    >>> sudoku.is_unique(generate(seed=4, variant="windoku"), variant="windoku")
    True
    >>> print(generate((2, 2), seed=3, cages="killer"))
    AAAB
    CDEB
    CDEF
    GGGF
    A=9 B=3 C=6 D=4 E=4 F=7 G=7
    """
    made = generate_puzzle(
        box,
        seed=seed,
        symmetry=symmetry,
        minimal=minimal,
        givens=givens,
        grade=grade,
        tries=tries,
        alphabet=alphabet,
        variant=variant,
        regions=regions,
        timeout=timeout,
        progress=progress,
        size=size,
        cages=cages,
        rating=rating,
    )
    if cages is not None:
        return cage_text(round(len(made.puzzle) ** 0.5), made.cages)
    if not made.reached:
        warnings.warn(
            f"asked for at most {made.target} givens; the best of "
            f"{made.tries} tries has {made.givens}",
            GivensWarning,
            stacklevel=2,
        )
    return made.puzzle
