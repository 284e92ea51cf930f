"""pydlx's exact-cover engine: Knuth's Algorithm X with dancing links.

Declare items, add options, ask for solutions:

>>> from dlx import ExactCover
>>> problem = ExactCover(["a", "b", "c"])
>>> problem.add_options([["a", "b"], ["c"], ["a"], ["b", "c"]])
range(0, 4)
>>> [problem.options_of(s) for s in problem.solutions()]
[[('a', 'b'), ('c',)], [('a',), ('b', 'c')]]

Names of the ways a run may not use (:class:`SatSearch`,
:class:`Estimate`, :func:`format_estimate`) are imported on first use, so
that ``import dlx`` stays quick (issue 31's start-up).
"""

from typing import TYPE_CHECKING, Any

from dlx.algorithms import MemoSearch, Zdd
from dlx.engine import CostSearch, MultiplicitySearch, Search
from dlx.errors import (
    BudgetExceeded,
    DLXError,
    FormatError,
    Interrupted,
    PositionError,
    ProblemError,
    ProblemTooLarge,
    SatUnavailable,
    SearchStopped,
)
from dlx.position import Position
from dlx.problem import Colored, ExactCover
from dlx.stats import Outcome, Progress, SatStats, Stats
from dlx.textformat import format_dlx, format_option, parse_dlx, read_dlx

if TYPE_CHECKING:
    from dlx.algorithms import SatSearch
    from dlx.estimate import Estimate, format_estimate

#: The names imported on first use (PEP 562).
_LAZY = ("Estimate", "SatSearch", "format_estimate")


def __getattr__(name: str) -> Any:
    """The names of :data:`_LAZY`, imported from their modules on first use."""
    if name == "SatSearch":
        from dlx import algorithms

        value = algorithms.SatSearch
    elif name in _LAZY:
        from dlx import estimate

        value = getattr(estimate, name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # the next look-up finds it at once
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


__all__ = [
    "BudgetExceeded",
    "Colored",
    "CostSearch",
    "DLXError",
    "Estimate",
    "ExactCover",
    "FormatError",
    "Interrupted",
    "MemoSearch",
    "MultiplicitySearch",
    "Outcome",
    "Position",
    "PositionError",
    "ProblemError",
    "ProblemTooLarge",
    "Progress",
    "SatSearch",
    "SatStats",
    "SatUnavailable",
    "Search",
    "SearchStopped",
    "Stats",
    "Zdd",
    "format_dlx",
    "format_estimate",
    "format_option",
    "parse_dlx",
    "read_dlx",
]

__version__ = "0.1.0"
