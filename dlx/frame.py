"""What a search loop, and a walker of its tree, may touch of a search.

Every backtracking algorithm of pydlx (:mod:`dlx.algorithms` lists them)
runs inside one :class:`dlx.Search`: the search owns the mutable arrays,
the statistics, the budgets and the stacks of chosen nodes, and hands
them to the algorithm's loop and walker as a :class:`Frame`.  A loop may
read and write exactly the attributes named here, and call
:meth:`Frame.tick` and :meth:`Frame.choose_at_random`; nothing else of
the search.  An algorithm that needs state of its own per search (the
bounds of Algorithm M, say) makes it in its ``prepare`` step and keeps it
as the frame's ``state``.

The walkers' protocol, :class:`dlx.position.Walker`, is defined here too
(as ``Walker``); only annotations name these protocols, so a plain run
does not import this module (nor typing).

Keeping this a protocol, in a module that imports nothing of the engine,
lets the algorithms' modules stand below :mod:`dlx.engine` with no import
circle: the engine asks :mod:`dlx.algorithms` for a loop, and the loop
knows the search only as a frame.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from dlx.links import Links
from dlx.stats import Outcome, Stats

__all__ = ["Frame", "LevelState", "Walker"]


class Frame(Protocol):
    """One search's state, as its loop and its walker see it.

    :ivar links: the compiled problem (read only).
    :ivar up: the search's own copy of the up links.
    :ivar down: the search's own copy of the down links.
    :ivar size: the search's own copy of the list lengths (in the
        problem's form; Algorithm M makes it plain lengths).
    :ivar color: the search's own copy of the colour codes, or ``None``.
    :ivar stats: the statistics, brought up to date by the loop at each
        clock check, at each solution and at the end.
    :ivar outcome: how the search stands; the loop sets
        :attr:`~dlx.Outcome.EXHAUSTED` or :attr:`~dlx.Outcome.LIMIT_REACHED`.
    :ivar limit: stop after this many solutions in all (``None``: no limit).
    :ivar rng: the tie-breaking generator (searches with a ``seed``), or
        ``None`` for Knuth's rule.
    :ivar base: the chosen nodes of the fixed levels (a prefix), which
        the loop never backs up through.
    :ivar stack: the chosen node of each level the loop backs up through;
        filled by :func:`dlx.position.start` when the search does not
        start at its root, then pushed and popped by the loop.
    :ivar saves: what the loop keeps per level of ``stack`` besides the
        node (snapshots of the sizes, for Algorithm X).
    :ivar state: the algorithm's own state for this search (``None`` for
        Algorithm X), made by its ``prepare``.
    """

    links: Links
    up: list[int]
    down: list[int]
    size: bytearray | list[int]
    color: list[int] | None
    stats: Stats
    outcome: Outcome
    limit: int | None
    rng: random.Random | None
    base: list[int]
    stack: list[int]
    saves: list[Any]
    state: Any

    def tick(self, nodes: int, started: float) -> int:
        """The clock check on entering node ``nodes``; return the node of the next one.

        The loop calls it first with ``stats.nodes + 1`` (before its first
        node) and then whenever its node count reaches the value returned,
        with ``stats`` brought up to date (``stats.nodes`` is ``nodes - 1``).
        It raises :class:`~dlx.BudgetExceeded` or :class:`~dlx.Interrupted`
        and calls the progress hook when a report is due.
        """
        ...

    def choose_at_random(self, value: int, size: Sequence[int]) -> int:
        """One of the items whose entry in ``size`` is ``value``, drawn with ``rng``."""
        ...


class LevelState(Protocol):
    """The state of a loop that keeps its levels itself, not in the frame's links.

    Algorithm X's marks form (:class:`dlx.algorithm_x_packed.Marks`) hides
    options by a mark and leaves the links as they were, so Algorithm X's
    estimate, split test and sanity check ask its state instead.
    """

    def fraction(self) -> float:
        """Knuth's estimate of the part of the tree behind the search (0 to 1)."""
        ...

    def splittable(self) -> bool:
        """Whether a level has an option left to try."""
        ...

    def check(self, links: Links) -> None:
        """Verify the state (raise :class:`AssertionError` at a difference)."""
        ...


class Walker(Protocol):
    """Knuth's steps of one search algorithm, for walking its tree off the loop.

    Every walk of a search tree outside the search loops goes through
    one: replaying a path (:func:`dlx.position.start`: resume, prefixes),
    the frontier and the splitting of :mod:`dlx.parallel`, and the probes
    of :mod:`dlx.estimate`.  Each algorithm's module has one (see
    :mod:`dlx.algorithms`); :func:`dlx.algorithms.walker` gives one over
    a fresh copy of a problem, and a search's is ``search.walker()``.
    Defined here with the frame's protocols and named
    ``dlx.position.Walker`` too: a run that walks no tree off its loop
    imports neither this module nor typing (issue 46).

    The walk goes level by level: :meth:`choose`
    (or :meth:`degree` of a given item), :meth:`enter` the item, then for
    each branch in the search's order :meth:`take` it and :meth:`untake`
    it (which gives the next branch), or :meth:`skip` it; :meth:`leave`
    the item when no branch is left.  A branch is a node: an option's
    node in the item's list, or (Algorithm M's null move) the item
    itself.  ``updates`` and ``cleansings`` count the work as the search
    loop counts it (:meth:`skip` counts nothing); the inverses count
    nothing, as the loops do not.
    """

    updates: int
    cleansings: int

    def choose(self) -> tuple[int, int]:
        """The item the search branches on (without ``seed``) and its branches.

        ``(-1, 0)`` when no primary item is left (a solution); ``(item, 0)``
        at a dead end.
        """
        ...

    def degree(self, item: int) -> int:
        """How many branches the search would have on ``item`` here; -1 if it cannot branch on it."""
        ...

    def dead_end(self, item: int) -> None:
        """Count what the search pays at a dead end on ``item``."""
        ...

    def enter(self, item: int, record: bool) -> int:
        """Start a level on ``item``; return its first branch (-1: none).

        With ``record``, keep in the search what its loop keeps per level.
        """
        ...

    def take(self, node: int) -> None:
        """Go down the branch ``node`` of the current level."""
        ...

    def untake(self, node: int) -> int:
        """Come back from ``node``; return the level's next branch (-1: none)."""
        ...

    def skip(self, node: int) -> int:
        """Pass over the branch ``node`` without going down it; return the next (-1: none)."""
        ...

    def leave(self, item: int) -> None:
        """Undo :meth:`enter` (after the level's last branch)."""
        ...

    def option(self, node: int) -> int:
        """The option a branch adds (-1 for a null move)."""
        ...

    def settle(self, nodes: Sequence[int], floor: int) -> None:
        """Give the search the stacks of a walked path: fixed levels, then the others."""
        ...
