"""pydlx's sudoku solver: any grid in, the solved grid out, built on :mod:`dlx`.

Solve a puzzle in the representation you have, and get the answer in the
same one (string, lines, list of rows, list of lists of characters or ints,
flat list of cells, array):

>>> import sudoku
>>> sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
'534678912672195348198342567859761423426853791713924856961537284287419635345286179'
>>> sudoku.count("." * 16), sudoku.is_unique("." * 16)
(288, False)

Variants take ``variant="x"`` (diagonals), ``"windoku"`` or
``regions=`` (a jigsaw map); :func:`format_grid` and :func:`to_svg` show
grids to people:

>>> sudoku.count("." * 16, variant="x")
48

16x16 grids may use ``A``-``P`` (the judge format), ``1``-``9A``-``G`` or
hexadecimal; rectangular boxes are chosen with ``box=(rows, columns)``.
``python -m sudoku`` solves files of puzzles (see :mod:`sudoku.cli`);
:func:`generate` makes new puzzles with exactly one solution.

:func:`canonical` and :func:`equivalent` compare grids up to the moves
that keep a sudoku valid (:mod:`sudoku.transform`).

A long call takes ``timeout=`` and ``progress=``; the exceptions a budget
or Ctrl-C stops it with are here too, each saying how far it got
(:class:`ExplanationBudgetError` and :class:`GradeInterrupted` carry the
explanation or grade so far, :class:`GenerationStopped` the tries made...),
as are the progress reports (:class:`StepProgress`,
:class:`GenerationProgress`):

>>> try:
...     sudoku.explain("1..." "...2" "..4." ".3..", timeout=0)
... except sudoku.ExplanationBudgetError as stop:
...     print(stop.explanation)
None

The display's, the file formats', the generator's, the grader's, the
explainer's, the transformations' and "why not?"'s names
(:func:`format_grid`, :func:`to_svg`, :func:`read_puzzles`,
:func:`generate`, :func:`grade`, :func:`explain`, :func:`canonical`,
:func:`conflicts`, :func:`mistakes` and theirs, exceptions included) are
imported on first use, so that ``import sudoku`` stays quick for a run
that only solves (issues 31 and 46, start-up).
"""

from __future__ import annotations

try:
    from dlx import SearchStopped as _SearchStopped  # noqa: F401 (pydlx's engine?)
except ImportError as _error:  # pragma: no cover - depends on the install
    import dlx as _dlx

    raise ImportError(
        "the module 'dlx' found at "
        f"{getattr(_dlx, '__file__', None) or 'an unknown place'} is not pydlx's "
        "exact-cover engine: another package named 'dlx' (PyPI's dlx) was "
        "installed over it. Uninstall that one and reinstall pydlx: "
        "python3 -m pip uninstall dlx, then python3 -m pip install --force-reinstall . "
        "from pydlx's checkout"
    ) from _error

from sudoku.encoding import Encoding, encode
from sudoku.errors import (
    AlphabetError,
    BoxShapeError,
    BudgetError,
    CombinationError,
    ConflictError,
    GridSizeError,
    InputFormatError,
    MultipleSolutionsError,
    NoSolutionError,
    RegionError,
    SolutionError,
    SudokuError,
    SymbolError,
)
from sudoku.grid import Grid, GridLike, box_shape, detect_alphabet
from sudoku.regions import Regions, read_region_map, regions_of
from sudoku.solver import check, count, is_unique, solutions, solve, units_of

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from sudoku.display import Picture, format_grid, to_svg
    from sudoku.entries import (
        Mistake,
        MistakesBudgetError,
        MistakesInterrupted,
        MistakesProgress,
        mistakes,
    )
    from sudoku.explainer import (
        Contradiction,
        ContradictionError,
        Explanation,
        ExplanationBudgetError,
        ExplanationInterrupted,
        Step,
        explain,
        hint,
    )
    from sudoku.formats import (
        Layout,
        Puzzle,
        format_solution,
        iter_puzzles,
        read_puzzles,
    )
    from sudoku.generator import (
        Generated,
        GenerationProgress,
        GenerationStopped,
        GivensWarning,
        generate,
        generate_puzzle,
    )
    from sudoku.grading import (
        LEVEL_NAMES,
        Grade,
        GradeBudgetError,
        GradeInterrupted,
        grade,
    )
    from sudoku.grid import ArrayLike
    from sudoku.techniques import StepProgress
    from sudoku.transform import (
        CanonicalInterrupted,
        canonical,
        equivalent,
        grid_cover,
        transformations,
    )
    from sudoku.whynot import ConflictsBudgetError, ConflictsInterrupted, conflicts

#: The names imported on first use (PEP 562), and the modules they are
#: imported from: the functions and what a caller of theirs catches or
#: receives (their budgets' and Ctrl-C's exceptions, their progress
#: reports).
_LAZY = {
    "ArrayLike": "grid",
    "Picture": "display",
    "format_grid": "display",
    "to_svg": "display",
    "Mistake": "entries",
    "MistakesBudgetError": "entries",
    "MistakesInterrupted": "entries",
    "MistakesProgress": "entries",
    "mistakes": "entries",
    "Contradiction": "explainer",
    "ContradictionError": "explainer",
    "Explanation": "explainer",
    "ExplanationBudgetError": "explainer",
    "ExplanationInterrupted": "explainer",
    "Step": "explainer",
    "explain": "explainer",
    "hint": "explainer",
    "Layout": "formats",
    "Puzzle": "formats",
    "format_solution": "formats",
    "iter_puzzles": "formats",
    "read_puzzles": "formats",
    "Generated": "generator",
    "GenerationProgress": "generator",
    "GenerationStopped": "generator",
    "GivensWarning": "generator",
    "generate": "generator",
    "generate_puzzle": "generator",
    "LEVEL_NAMES": "grading",
    "Grade": "grading",
    "GradeBudgetError": "grading",
    "GradeInterrupted": "grading",
    "grade": "grading",
    "StepProgress": "techniques",
    "CanonicalInterrupted": "transform",
    "canonical": "transform",
    "equivalent": "transform",
    "grid_cover": "transform",
    "transformations": "transform",
    "ConflictsBudgetError": "whynot",
    "ConflictsInterrupted": "whynot",
    "conflicts": "whynot",
}


def __getattr__(name: str) -> Any:
    """The names of :data:`_LAZY`, imported from their modules on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"sudoku.{_LAZY[name]}"), name)
    globals()[name] = value  # the next look-up finds it at once
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


__all__ = [
    "LEVEL_NAMES",
    "AlphabetError",
    "ArrayLike",
    "BoxShapeError",
    "BudgetError",
    "CanonicalInterrupted",
    "CombinationError",
    "ConflictError",
    "ConflictsBudgetError",
    "ConflictsInterrupted",
    "Contradiction",
    "ContradictionError",
    "Encoding",
    "Explanation",
    "ExplanationBudgetError",
    "ExplanationInterrupted",
    "Generated",
    "GenerationProgress",
    "GenerationStopped",
    "GivensWarning",
    "Grade",
    "GradeBudgetError",
    "GradeInterrupted",
    "Grid",
    "GridLike",
    "GridSizeError",
    "InputFormatError",
    "Layout",
    "Mistake",
    "MistakesBudgetError",
    "MistakesInterrupted",
    "MistakesProgress",
    "MultipleSolutionsError",
    "NoSolutionError",
    "Picture",
    "Puzzle",
    "RegionError",
    "Regions",
    "SolutionError",
    "Step",
    "StepProgress",
    "SudokuError",
    "SymbolError",
    "box_shape",
    "canonical",
    "check",
    "conflicts",
    "count",
    "detect_alphabet",
    "encode",
    "equivalent",
    "explain",
    "format_grid",
    "format_solution",
    "generate",
    "generate_puzzle",
    "grade",
    "grid_cover",
    "hint",
    "is_unique",
    "iter_puzzles",
    "mistakes",
    "read_puzzles",
    "read_region_map",
    "regions_of",
    "solutions",
    "solve",
    "to_svg",
    "transformations",
    "units_of",
]
