"""pydlx's exact-cover engine: Knuth's Algorithm X with dancing links.

Declare items, add options, ask for solutions:

>>> from dlx import ExactCover
>>> problem = ExactCover(["a", "b", "c"])
>>> problem.add_options([["a", "b"], ["c"], ["a"], ["b", "c"]])
range(0, 4)
>>> [problem.options_of(s) for s in problem.solutions()]
[[('a', 'b'), ('c',)], [('a',), ('b', 'c')]]
"""

from dlx.algorithms import MemoSearch, SatSearch, Zdd
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
from dlx.estimate import Estimate, format_estimate
from dlx.position import Position
from dlx.problem import Colored, ExactCover
from dlx.stats import Outcome, Progress, SatStats, Stats
from dlx.textformat import format_dlx, format_option, parse_dlx, read_dlx

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
