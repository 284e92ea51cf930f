"""The protocols of :mod:`dlx.ways`: what a problem, a run and a search for the cheapest have.

Re-exported by :mod:`dlx.ways` (their documented home), which imports
this module when one of them is first asked for: they are
:class:`typing.Protocol` classes, and importing :mod:`typing` costs a
start milliseconds (issue 46).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from dlx.links import Links
    from dlx.preprocess import Preprocessing
    from dlx.stats import Outcome, Stats

__all__ = ["Cheapest", "Problem", "Run"]


class Problem(Protocol):
    """What the ways need of a problem (:class:`dlx.ExactCover` has it)."""

    @property
    def preprocessing(self) -> Preprocessing | None: ...

    def links(self) -> Links: ...

    def preprocessed(self) -> Problem: ...

    def costs_of(self, solution: Iterable[int]) -> int: ...


# -- the runs: one protocol ----------------------------------------------------------


@runtime_checkable
class Run(Protocol):
    """What every run the ways start has, whatever the way: the one protocol callers drive.

    :func:`search` (and :func:`symmetric_search`, :func:`links_search`)
    return one: a :class:`dlx.Search`, a :class:`dlx.MultiplicitySearch`,
    a :class:`dlx.parallel.ParallelSearch`, a :class:`dlx.SatSearch` or a
    :class:`dlx.symmetry.SymmetricSearch`; for a memoised count a
    :class:`dlx.MemoSearch`, or up to symmetry a
    :class:`dlx.symmetry.BurnsideCount` (:func:`memo_search`,
    :func:`burnside`), which count every solution in one call.  Iterate
    it for the solutions (sorted tuples of option numbers; counting only,
    nothing, or ``()`` for each where the SAT solver finds them one
    solve at a time), or call :meth:`count`, which runs it to its end
    and returns the count whatever the way; ``stats`` and ``outcome``
    say how it stands at any time; :meth:`request_stop` asks it to stop
    (from a signal handler too: it then raises
    :class:`dlx.Interrupted`); :meth:`close` ends it (its tasks, a
    paused solve), and is always safe to call.  ``isinstance(run, Run)``
    tells one.

    >>> from dlx import ExactCover, ways
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> for method in ("dlx", "memo"):
    ...     run = ways.search(problem, ways.Settings(method=method), count_only=True)
    ...     print(isinstance(run, Run), run.count(), run.outcome.name)
    True 2 EXHAUSTED
    True 2 EXHAUSTED
    """

    @property
    def stats(self) -> Stats:
        """The run's statistics so far (Knuth's definitions, or the solver's)."""
        ...

    @property
    def outcome(self) -> Outcome:
        """How the run stands: running, or how it ended."""
        ...

    def request_stop(self) -> None:
        """Ask the run to stop; it then raises :class:`dlx.Interrupted` with its statistics."""
        ...

    def close(self) -> None:
        """End the run (its tasks, a paused solve); safe to call at any time."""
        ...

    def __iter__(self) -> Iterator[tuple[int, ...]]: ...

    def __next__(self) -> tuple[int, ...]: ...

    def count(self) -> int:
        """Run to the end (a budget or a stop raises) and return how many solutions (orbits) there are."""
        ...


class Cheapest(Protocol):
    """What every search for the cheapest solutions has: what :func:`cheapest` returns.

    A :class:`dlx.CostSearch` (Knuth's DLX5), a
    :class:`dlx.parallel.BestSearch`, the SAT solver's
    (:class:`CheapestFirst`) or one up to symmetry
    (:class:`dlx.symmetry.SymmetricBest` over one of them).  :meth:`run`
    searches to the end (a budget or a stop raises, as a search does);
    :meth:`best` gives the cheapest found so far as ``(cost, options)``,
    cheapest first, at any time; ``proven`` tells whether those come
    proved one by one, each the cheapest of those left (the SAT solver:
    stopped early, they are the cheapest that many), or only at the end.
    """

    @property
    def stats(self) -> Stats:
        """The search's statistics so far."""
        ...

    @property
    def outcome(self) -> Outcome:
        """How the search stands: running, or how it ended."""
        ...

    @property
    def proven(self) -> bool:
        """Whether :meth:`best` comes proved one by one (see above)."""
        ...

    def request_stop(self) -> None:
        """Ask the search to stop; :meth:`run` then raises :class:`dlx.Interrupted`."""
        ...

    def close(self) -> None:
        """End the search (its tasks, a solve); safe to call at any time."""
        ...

    def run(self) -> None:
        """Search to the end; a budget or a stop raises, as a search does."""
        ...

    def best(self) -> list[tuple[int, tuple[int, ...]]]:
        """The cheapest found so far, ``(cost, options)``, cheapest first."""
        ...
