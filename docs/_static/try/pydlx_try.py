"""What the page *Try it in your browser* runs: pydlx, called from a Web Worker.

The page's worker (``worker.mjs``) loads Pyodide, installs pydlx's wheel,
imports this module and calls one of its functions per button.  Each takes
strings and numbers and returns a dict of strings, numbers and lists that
the worker hands to the page.  Bad input comes back as ``{"error": ...}``
with pydlx's own message (which names the line or the cell), or this
module's (which names the argument: a side of ``2.5``, a text of ``None``),
never as a traceback.  A board with no tiling answers ``{"count": 0,
"error": why}``: the count, and why, which the page shows in its place; a
board whose cells the pieces cannot cover by their number (81 cells for
dominoes) answers at once, without a search.  A count calls ``report``
with the solutions so far about four times a second; the worker posts
each report to the page, which keeps the last one when Stop ends the
worker.  A puzzle with no solution comes back with its error and why:
the givens of :func:`sudoku.conflicts` (a minimal set that has no
solution), said as ``sudoku --why`` says them and marked on a picture of
the puzzle; the search for them stops after :data:`WHY_TIMEOUT` seconds,
and then says so, with the givens it had (not shown minimal) if any.
A cage puzzle (the killer box: a killer sudoku or a KenKen, in the form
``sudoku --cages FILE`` reads) is solved, hinted and explained with its
cages, drawn outlined; a bad cage is named by its label and its line of
the box, as ``sudoku --cages`` names it.

The same functions run under CPython in the tests (``tests/test_try_page.py``):

>>> sudoku_solve("1...\\n..2.\\n.3..\\n...4")["answer"]
'1243342143122134'
>>> tiling_count(2, 5, "dominoes", False)["count"]
8
>>> text_solve("A B\\nA\\nB\\nA B\\n", "count", 0)["count"]
2
>>> killer_solve("AAB\\nCDB\\nCDD\\nA=3 B=5 C=4 D=6+", "latin")["answer"]
'213132321'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sudoku
from dlx import DLXError, parse_dlx, polyomino
from dlx.textformat import format_option
from sudoku.cages import CageError, CageText, CageTextError, read_cage_text
from sudoku.display import Layout, draw_grid

#: How often a count reports, in seconds.
REPORT_EVERY = 0.25

#: The longest side of a board, and the most solutions listed (as on the page).
MAX_SIDE = 30
MAX_LIMIT = 1000

#: How long the search for the givens of a puzzle without solution may take, in seconds.
WHY_TIMEOUT = 10.0

#: The colour of the givens marked on a puzzle without solution (the page's red).
MARKED = "#b00020"

#: The grids of the killer box: a name the page sends, and the ``variant=`` it means.
KILLER_VARIANTS: dict[str, str | None] = {"sudoku": None, "latin": "latin"}

#: What :func:`text_solve` does.
ACTIONS = ("count", "solutions")

#: The pieces the tiling box offers: the pieces and how each may be used.
PIECES: dict[str, tuple[dict[str, str], str]] = {
    "pentominoes": (polyomino.PENTOMINOES, "once"),
    "dominoes": ({"domino": "##"}, "any"),
    "L-trominoes": ({"L": "#.\n##"}, "any"),
    "straight trominoes": ({"I": "###"}, "any"),
}

Report = Callable[[dict[str, Any]], object] | None


def _shown(value: object) -> str:
    """``value`` as a message shows it: its ``repr``, cut short if long.

    >>> _shown(2.5), _shown("3"), _shown(None), _shown(10**400)
    ('2.5', "'3'", 'None', 'a whole number of 1329 bits')
    """
    if isinstance(value, int) and value.bit_length() > 64:
        # repr() of an int of more than 4300 digits raises ValueError.
        return f"a whole number of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # an object whose repr fails: name its type
        return f"a {type(value).__name__}"
    return text if len(text) <= 40 else f"{text[:37]}..."


def _not_text(name: str, value: object) -> str | None:
    """The message when ``value`` (the argument ``name``) is not a ``str``."""
    if isinstance(value, str):
        return None
    return f"{name} must be a string, not {_shown(value)}"


def _not_whole(name: str, value: object, low: int, high: int) -> str | None:
    """The message when ``value`` is not an ``int`` (a ``bool`` is not) from ``low`` to ``high``.

    >>> _not_whole("the limit", 2.5, 1, 9)
    'the limit must be a whole number from 1 to 9, not 2.5'
    """
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return None
    return f"{name} must be a whole number from {low} to {high}, not {_shown(value)}"


def _not_report(report: object) -> str | None:
    """The message when ``report`` is neither ``None`` nor a function."""
    if report is None or callable(report):
        return None
    return f"report must be a function or None, not {_shown(report)}"


def _reporter(report: Report) -> Any:
    """A ``progress`` hook for ``count`` that hands ``report`` the solutions so far."""
    if report is None:
        return None

    def hook(progress: Any) -> None:
        report({"solutions": progress.solutions, "nodes": progress.nodes})

    return hook


def sudoku_solve(text: str) -> dict[str, Any]:
    """Solve the first puzzle of ``text``: its answer, whether it is unique, a picture.

    A puzzle with no solution answers :func:`sudoku.solve`'s ``error``
    and, from :func:`_why_not`, ``why``, ``why_text``, ``why_complete``
    and ``svg``.

    >>> sorted(sudoku_solve("11.." + "." * 12))
    ['error', 'svg', 'why', 'why_complete', 'why_text']
    >>> sudoku_solve("11.." + "." * 12)["why_text"]
    'r1c1 = 1, r1c2 = 1: no solution with these givens'
    >>> sudoku_solve(None)
    {'error': 'the puzzle text must be a string, not None'}
    """
    if (wrong := _not_text("the puzzle text", text)) is not None:
        return {"error": wrong}
    try:
        puzzles = sudoku.read_puzzles(text)
        if not puzzles:
            return {"error": "no puzzle: paste one, a line of 81 cells or 9 lines"}
        puzzle = puzzles[0]
        if puzzle.error is not None:
            return {"error": f"{puzzle.lines}: {puzzle.error}"}
        solution = sudoku.solve(puzzle.text)
        unique = sudoku.is_unique(puzzle.text)
        picture = sudoku.to_svg(puzzle.text, solution)
    except (sudoku.ConflictError, sudoku.NoSolutionError) as error:
        return {"error": str(error), **_why_not(puzzle.text)}
    except sudoku.SudokuError as error:
        return {"error": str(error)}
    return {
        "answer": "".join(str(solution).split()),
        "grid": sudoku.format_grid(solution),
        "unique": unique,
        "svg": picture,
        "puzzles": len(puzzles),
    }


def _givens_text(givens: list[tuple[int, int, Any]]) -> str:
    """Givens as ``sudoku --why`` prints them: ``r1c9 = 8, r2c4 = 1``.

    >>> _givens_text([(0, 8, "8"), (1, 3, "1")])
    'r1c9 = 8, r2c4 = 1'
    """
    return ", ".join(f"r{r + 1}c{c + 1} = {symbol}" for r, c, symbol in givens)


class _Marks:
    """The givens to blame, outlined in :data:`MARKED` over a picture of the puzzle.

    An overlay of :func:`sudoku.display.draw_grid`: a rectangle per given,
    of class ``conflict``, with its row and column (from 0) in ``data-row``
    and ``data-column`` for the page's tests.
    """

    def __init__(self, givens: list[tuple[int, int, Any]]) -> None:
        self.givens = givens

    def svg(self, layout: Layout) -> str:
        side = layout.cell
        return "\n".join(
            f'<rect class="conflict" data-row="{r}" data-column="{c}" '
            f'x="{c * side + 2}" y="{r * side + 2}" width="{side - 4}" '
            f'height="{side - 4}" fill="{MARKED}" fill-opacity="0.15" '
            f'stroke="{MARKED}" stroke-width="3"/>'
            for r, c, _ in self.givens
        )


def _why_not(puzzle: str) -> dict[str, Any]:
    """Why ``puzzle`` (which has no solution) has none: :func:`sudoku.conflicts`'s givens.

    ``why`` is the givens as ``[row, column, symbol]`` lists, rows and
    columns from 0; ``why_text`` says them as ``sudoku --why`` does;
    ``svg`` draws the puzzle with them marked.  When the search runs out
    of :data:`WHY_TIMEOUT`, ``why_complete`` is false and ``why`` holds
    the givens found so far (a set with no solution, not shown minimal),
    or none.

    >>> _why_not("12.." "..3." "...." "....")["why"]
    [[0, 0, '1'], [0, 1, '2'], [1, 2, '3']]
    """
    complete = True
    try:
        found: list[tuple[int, int, Any]] | None = sudoku.conflicts(
            puzzle, timeout=WHY_TIMEOUT
        )
    except sudoku.ConflictsBudgetError as stop:
        complete, found = False, stop.givens
    except sudoku.SudokuError:
        return {}  # no given to blame (not on this page's plain grids)
    givens = found or []
    if complete:
        text = f"{_givens_text(givens)}: no solution with these givens"
    elif givens:
        text = (
            f"gave up after {WHY_TIMEOUT:g} s: {_givens_text(givens)} have no "
            "solution together, but some of them may not be needed for that "
            "(not shown minimal)"
        )
    else:
        text = (
            f"gave up after {WHY_TIMEOUT:g} s, before it found which givens "
            "have no solution together"
        )
    grid = sudoku.Grid.parse(puzzle)
    size = grid.size
    picture = draw_grid(
        grid,
        title=text,
        givens=[divmod(k, size) for k, value in enumerate(grid.values) if value],
        overlays=[_Marks(givens)],
    )
    return {
        "why": [[r, c, symbol] for r, c, symbol in givens],
        "why_text": text,
        "why_complete": complete,
        "svg": picture,
    }


def sudoku_grade(text: str) -> dict[str, Any]:
    """Grade the first puzzle of ``text``: its SE rating and level, by the steps Explain takes.

    >>> found = sudoku_grade("1...\\n..2.\\n.3..\\n...4")
    >>> found["name"], found["rating_text"], found["hardest"]
    ('easy', '1.2', 'hidden single')
    """
    if (wrong := _not_text("the puzzle text", text)) is not None:
        return {"error": wrong}
    try:
        puzzles = sudoku.read_puzzles(text)
        if not puzzles:
            return {"error": "no puzzle: paste one, a line of 81 cells or 9 lines"}
        grade = sudoku.grade(puzzles[0].text)
    except sudoku.SudokuError as error:
        return {"error": str(error)}
    return {
        "grade": str(grade),
        "level": grade.level,
        "name": grade.name,
        "rating": grade.rating,
        "rating_text": grade.rating_text,
        "by_logic": grade.by_logic,
        "hardest": grade.hardest,
        "techniques": [[name, n] for name, n in grade.techniques],
    }


def _first_puzzle(text: str) -> Any:
    """The first puzzle of ``text``, or ``{"error": ...}``."""
    puzzles = sudoku.read_puzzles(text)
    if not puzzles:
        return {"error": "no puzzle: paste one, a line of 81 cells or 9 lines"}
    puzzle = puzzles[0]
    if puzzle.error is not None:
        return {"error": f"{puzzle.lines}: {puzzle.error}"}
    return puzzle


def sudoku_hint(text: str) -> dict[str, Any]:
    """The next step of the first puzzle of ``text``, with its Sudoku Explainer rating and picture.

    >>> sudoku_hint("1...\\n..2.\\n.3..\\n...4")["text"]
    'r1c2 = 2: hidden single in box 1'
    """
    if (wrong := _not_text("the puzzle text", text)) is not None:
        return {"error": wrong}
    try:
        puzzle = _first_puzzle(text)
        if isinstance(puzzle, dict):
            return puzzle
        step = sudoku.hint(puzzle.text)
    except sudoku.SudokuError as error:
        return {"error": str(error)}
    if step is None:
        return {"error": "no blank cell: the grid is full"}
    return {
        "text": step.text,
        "technique": step.technique,
        "rating": step.rating,
        "svg": step.to_svg(),
    }


def sudoku_explain(text: str) -> dict[str, Any]:
    """Every step of the first puzzle of ``text``, rated, and the puzzle's rating.

    >>> sudoku_explain("1...\\n..2.\\n.3..\\n...4")["rating"]
    1.2
    """
    if (wrong := _not_text("the puzzle text", text)) is not None:
        return {"error": wrong}
    try:
        puzzle = _first_puzzle(text)
        if isinstance(puzzle, dict):
            return puzzle
        explanation = sudoku.explain(puzzle.text)
    except sudoku.SudokuError as error:
        return {"error": str(error)}
    hardest = next(
        (s for s in explanation.steps if s.rating == explanation.rating), None
    )
    return {
        "rating": explanation.rating,
        "pearl": explanation.pearl,
        "diamond": explanation.diamond,
        "steps": [[s.rating, s.text] for s in explanation.steps],
        "svg": "" if hardest is None else hardest.to_svg(),
    }


class _Killer:
    """The cages of the killer box, read, and the grid they go on.

    :ivar text: the cages and where each was read
        (:class:`sudoku.cages.CageText`).
    :ivar cages: the cages, as ``cages=`` takes them.
    :ivar variant: ``variant=`` (``None`` or ``"latin"``).
    """

    def __init__(self, text: CageText, variant: str | None) -> None:
        self.text, self.cages, self.variant = text, text.cages, variant

    @property
    def puzzle(self) -> str:
        """The grid: no givens, only cages."""
        return "." * self.text.size * self.text.size

    def said(self, error: sudoku.SudokuError) -> str:
        """The library's message with each cage named by its label and line.

        A :class:`sudoku.cages.CageError` about one cage (no digits reach
        its target, an operation that does not fit its cells) starts with
        its clue's line; a later message (no solution) names the cage and
        its line where the library says ``cages[3] (at r2c5)``.
        """
        message = (
            str(error)
            .replace("; pass disjoint_cages=True to allow it", "")
            .replace("; pass box=(rows, columns)", ": choose a latin square (KenKen)")
        )
        index = getattr(error, "index", -1)
        text = self.text
        if isinstance(error, CageError) and 0 <= index < len(text.labels):
            return f"line {text.line_of(index)}: " + message.replace(
                f"cages[{index}]", f"cage {text.labels[index]!r}"
            )
        return text.said(message)


def _read_killer(text: str, variant: str) -> _Killer | dict[str, Any]:
    """The cages of the killer box, or ``{"error": ...}`` naming the line and the cage.

    ``text`` is what ``sudoku --cages FILE`` reads
    (:func:`sudoku.cages.read_cage_text`): N lines of N cage labels (``.``
    for a cell in no cage), then lines of ``label=clue`` words; blank lines
    and lines starting with ``#`` are skipped.  Lines are counted from 1 as
    the box shows them.  ``variant`` is a name of :data:`KILLER_VARIANTS`.

    >>> _read_killer("AB\\nAC\\nA=3 B=2", "latin")
    {'error': "line 2: cage 'C' of the map (at r2c2) has no clue"}
    >>> _read_killer("AB\\nBA\\nA=3 B=3", "latin")
    {'error': "line 1: cage 'A' (at r1c1): its cells are not connected (r1c1 is apart from r2c2)"}
    """
    wrong = _not_text("the cage text", text) or (
        None
        if isinstance(variant, str) and variant in KILLER_VARIANTS
        else "the variant must be one of "
        + ", ".join(repr(name) for name in KILLER_VARIANTS)
        + f", not {_shown(variant)}"
    )
    if wrong is not None:
        return {"error": wrong}
    try:
        read = read_cage_text(text)
    except CageTextError as error:
        return {"error": str(error)}
    return _Killer(read, KILLER_VARIANTS[variant])


def killer_solve(text: str, variant: str) -> dict[str, Any]:
    """Solve the cage puzzle of ``text``: its answer, whether it is unique, a picture with its cages.

    ``variant`` is ``"sudoku"`` (a killer: rows, columns and boxes) or
    ``"latin"`` (KenKen: rows and columns).

    >>> kenken = "ABBC\\nAADC\\nEFDD\\nEFGG\\nA=8+ B=2/ C=5+ D=7+ E=1- F=3- G=2-"
    >>> killer_solve(kenken, "latin")["answer"]
    '1243431231242431'
    >>> killer_solve("AB\\nAB\\nA=3 B=4", "latin")["error"]
    "line 3: cage 'B' (at r1c2): no 2 different digits from 1 to 2 add up to 4"
    """
    killer = _read_killer(text, variant)
    if isinstance(killer, dict):
        return killer
    puzzle, cages, grid = killer.puzzle, killer.cages, killer.variant
    try:
        solution = sudoku.solve(puzzle, cages=cages, variant=grid)
        unique = sudoku.is_unique(puzzle, cages=cages, variant=grid)
        picture = sudoku.to_svg(puzzle, solution, cages=cages, variant=grid)
        answer = "".join(str(solution).split())
        n = killer.text.size
        # A latin square has no boxes to draw (and may have no box shape).
        shown = (
            "\n".join(" ".join(answer[k : k + n]) for k in range(0, n * n, n))
            if killer.variant
            else sudoku.format_grid(solution)
        )
    except sudoku.SudokuError as error:
        return {"error": killer.said(error)}
    return {
        "answer": answer,
        "grid": shown,
        "unique": unique,
        "svg": picture,
    }


def killer_hint(text: str, variant: str) -> dict[str, Any]:
    """The first step of the cage puzzle of ``text``, with its rating and picture (the cages outlined).

    >>> kenken = "ABBC\\nAADC\\nEFDD\\nEFGG\\nA=8+ B=2/ C=5+ D=7+ E=1- F=3- G=2-"
    >>> killer_hint(kenken, "latin")["technique"]
    'cage combinations'
    """
    killer = _read_killer(text, variant)
    if isinstance(killer, dict):
        return killer
    try:
        step = sudoku.hint(killer.puzzle, cages=killer.cages, variant=killer.variant)
    except sudoku.SudokuError as error:
        return {"error": killer.said(error)}
    if step is None:  # not with a grid of blanks, but hint() may answer it
        return {"error": "no blank cell: the grid is full"}
    return {
        "text": step.text,
        "technique": step.technique,
        "rating": step.rating,
        "svg": step.to_svg(),
    }


def killer_explain(text: str, variant: str) -> dict[str, Any]:
    """Every step of the cage puzzle of ``text``, rated, and the puzzle's rating.

    >>> kenken = "ABBC\\nAADC\\nEFDD\\nEFGG\\nA=8+ B=2/ C=5+ D=7+ E=1- F=3- G=2-"
    >>> killer_explain(kenken, "latin")["rating"]
    2.0
    """
    killer = _read_killer(text, variant)
    if isinstance(killer, dict):
        return killer
    try:
        explanation = sudoku.explain(
            killer.puzzle, cages=killer.cages, variant=killer.variant
        )
    except sudoku.SudokuError as error:
        return {"error": killer.said(error)}
    hardest = next(
        (s for s in explanation.steps if s.rating == explanation.rating), None
    )
    return {
        "rating": explanation.rating,
        "pearl": explanation.pearl,
        "diamond": explanation.diamond,
        "steps": [[s.rating, s.text] for s in explanation.steps],
        "svg": "" if hardest is None else hardest.to_svg(),
    }


def tiling_count(
    height: int, width: int, pieces: str, symmetry: bool, report: Report = None
) -> dict[str, Any]:
    """Count the tilings of a ``height`` × ``width`` rectangle, with a picture of one.

    ``height`` and ``width`` are whole numbers from 1 to :data:`MAX_SIDE`,
    ``pieces`` a name of :data:`PIECES`; ``symmetry`` (``True`` or
    ``False``) counts the tilings up to the rectangle's rotations and
    reflections.  A board with no tiling answers ``{"count": 0, "error":
    why}``, at once when counting its cells shows it.

    >>> tiling_count(3, 20, "pentominoes", True)["count"]
    2
    >>> tiling_count(9, 9, "dominoes", False)
    {'count': 0, 'error': 'no tiling: each piece covers 2 cells and the board has 81'}
    >>> tiling_count(2.5, 4, "dominoes", False)["error"]
    'the height (rows) must be a whole number from 1 to 30, not 2.5'
    """
    wrong = (
        _not_whole("the height (rows)", height, 1, MAX_SIDE)
        or _not_whole("the width (columns)", width, 1, MAX_SIDE)
        or _not_piece_set(pieces)
        or (
            None
            if isinstance(symmetry, bool)
            else f"symmetry must be True or False, not {_shown(symmetry)}"
        )
        or _not_report(report)
    )
    if wrong is not None:
        return {"error": wrong}
    shapes, use = PIECES[pieces]
    board = polyomino.rectangle(height, width)
    why = polyomino.obstruction(shapes, board, use=use)  # type: ignore[arg-type]
    if why is not None:
        return {"count": 0, "error": f"no tiling: {why}"}
    try:
        problem = polyomino.tiling(shapes, board, use=use)  # type: ignore[arg-type]
    except DLXError as error:
        # The pieces of PIECES on a rectangle: refused only when pieces used
        # once do not cover the board's number of cells, so no tiling.
        return {"count": 0, "error": f"no tiling: {error}"}
    first = problem.first()
    if first is None:
        return {
            "count": 0,
            "error": f"no tiling: a search of the {height}×{width} board finds none",
        }
    picture = polyomino.to_svg(problem.labels_of(first), board, distinct=use == "any")
    group = polyomino.board_symmetries(board) if symmetry else None
    count = problem.count(
        symmetry=group, progress=_reporter(report), progress_interval=REPORT_EVERY
    )
    return {"count": count, "svg": picture}


def _not_piece_set(pieces: object) -> str | None:
    """The message when ``pieces`` is not a name of :data:`PIECES`."""
    if isinstance(pieces, str) and pieces in PIECES:
        return None
    names = ", ".join(repr(name) for name in PIECES)
    return f"the pieces must be one of {names}, not {_shown(pieces)}"


def text_solve(
    text: str, action: str, limit: int, report: Report = None
) -> dict[str, Any]:
    """Count (``action="count"``) or list up to ``limit`` solutions of a problem in Knuth's format.

    Each solution is a list of option lines, as ``dlx`` prints them.
    ``limit`` is a whole number from 1 to :data:`MAX_LIMIT`; a count
    ignores it.

    >>> text_solve("A B\\nA\\nB\\nA B\\n", "solutions", 1)
    {'solutions': [['A', 'B']], 'more': True}
    >>> text_solve("A B\\nA C\\n", "count", 0)["error"]
    "<page>:2: unknown item 'C'"
    >>> text_solve(None, "count", 0)["error"]
    'the problem text must be a string, not None'
    """
    wrong = (
        _not_text("the problem text", text)
        or (
            None
            if isinstance(action, str) and action in ACTIONS
            else f"the action must be 'count' or 'solutions', not {_shown(action)}"
        )
        or (
            _not_whole("the limit", limit, 1, MAX_LIMIT)
            if action == "solutions"
            else None
        )
        or _not_report(report)
    )
    if wrong is not None:
        return {"error": wrong}
    try:
        problem = parse_dlx(text, source="<page>")
        if action == "count":
            count = problem.count(
                progress=_reporter(report), progress_interval=REPORT_EVERY
            )
            return {"count": count}
        found: list[list[str]] = []
        for solution in problem.solutions():
            if len(found) == limit:
                return {"solutions": found, "more": True}
            found.append([format_option(problem.option(k)) for k in solution])
    except DLXError as error:
        return {"error": str(error)}
    return {"solutions": found, "more": False}
