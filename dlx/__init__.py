"""pydlx's exact-cover engine: Knuth's Algorithm X with dancing links.

Declare items, add options, ask for solutions:

>>> from dlx import ExactCover
>>> problem = ExactCover(["a", "b", "c"])
>>> problem.add_options([["a", "b"], ["c"], ["a"], ["b", "c"]])
range(0, 4)
>>> [problem.options_of(s) for s in problem.solutions()]
[[('a', 'b'), ('c',)], [('a',), ('b', 'c')]]

Names of the ways a run may not use (:class:`SatSearch`,
:class:`Estimate`, :func:`format_estimate`), the searches' classes, which
import the loops of the algorithms (:class:`Search` and the others,
:class:`Position`) and the text format's functions are imported on first
use, so that ``import dlx`` stays quick (issues 31 and 46, start-up).
"""

from __future__ import annotations

from dlx.algorithms import MemoSearch, Zdd
from dlx.errors import (
    BestBudgetExceeded,
    BestInterrupted,
    BudgetExceeded,
    CountInterrupted,
    DLXError,
    FormatError,
    Interrupted,
    PositionError,
    ProblemError,
    ProblemTooLarge,
    SatUnavailable,
    SearchStopped,
    SolutionsBudgetExceeded,
    SolutionsInterrupted,
    ZddInterrupted,
)
from dlx.problem import Colored, ExactCover
from dlx.stats import Outcome, Progress, SatStats, Stats

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from dlx.algorithms import SatSearch
    from dlx.engine import CostSearch, MultiplicitySearch, Search
    from dlx.estimate import Estimate, format_estimate
    from dlx.position import Position
    from dlx.textformat import format_dlx, format_option, parse_dlx, read_dlx

#: The names imported on first use (PEP 562), and the modules they are
#: imported from.
_LAZY = {
    "CostSearch": "engine",
    "Estimate": "estimate",
    "MultiplicitySearch": "engine",
    "Position": "position",
    "SatSearch": "algorithms",
    "Search": "engine",
    "format_dlx": "textformat",
    "format_estimate": "estimate",
    "format_option": "textformat",
    "parse_dlx": "textformat",
    "read_dlx": "textformat",
}


def __getattr__(name: str) -> Any:
    """The names of :data:`_LAZY`, imported from their modules on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"dlx.{_LAZY[name]}"), name)
    globals()[name] = value  # the next look-up finds it at once
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


__all__ = [
    "BestBudgetExceeded",
    "BestInterrupted",
    "BudgetExceeded",
    "Colored",
    "CostSearch",
    "CountInterrupted",
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
    "SolutionsBudgetExceeded",
    "SolutionsInterrupted",
    "Stats",
    "Zdd",
    "ZddInterrupted",
    "format_dlx",
    "format_estimate",
    "format_option",
    "parse_dlx",
    "read_dlx",
]

__version__ = "0.1.0"
