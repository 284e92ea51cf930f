"""What the page *Try it in your browser* runs: pydlx, called from a Web Worker.

The page's worker (``worker.mjs``) loads Pyodide, installs pydlx's wheel,
imports this module and calls one of its functions per button.  Each takes
strings and numbers and returns a dict of strings, numbers and lists that
the worker hands to the page.  Bad input comes back as ``{"error": ...}``
with pydlx's own message (which names the line or the cell), never as a
traceback.  A count calls ``report`` with the solutions so far about four
times a second; the worker posts each report to the page, which keeps the
last one when Stop ends the worker.

The same functions run under CPython in the tests (``tests/test_try_page.py``):

>>> sudoku_solve("1...\\n..2.\\n.3..\\n...4")["answer"]
'1243342143122134'
>>> tiling_count(2, 5, "dominoes", False)["count"]
8
>>> text_solve("A B\\nA\\nB\\nA B\\n", "count", 0)["count"]
2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sudoku
from dlx import DLXError, parse_dlx, polyomino
from dlx.textformat import format_option

#: How often a count reports, in seconds.
REPORT_EVERY = 0.25

#: The pieces the tiling box offers: the pieces and how each may be used.
PIECES: dict[str, tuple[dict[str, str], str]] = {
    "pentominoes": (polyomino.PENTOMINOES, "once"),
    "dominoes": ({"domino": "##"}, "any"),
    "L-trominoes": ({"L": "#.\n##"}, "any"),
    "straight trominoes": ({"I": "###"}, "any"),
}

Report = Callable[[dict[str, Any]], object] | None


def _reporter(report: Report) -> Any:
    """A ``progress`` hook for ``count`` that hands ``report`` the solutions so far."""
    if report is None:
        return None

    def hook(progress: Any) -> None:
        report({"solutions": progress.solutions, "nodes": progress.nodes})

    return hook


def sudoku_solve(text: str) -> dict[str, Any]:
    """Solve the first puzzle of ``text``: its answer, whether it is unique, a picture.

    >>> sorted(sudoku_solve("11.." + "." * 12))
    ['error']
    """
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
    except sudoku.SudokuError as error:
        return {"error": str(error)}
    return {
        "answer": "".join(str(solution).split()),
        "grid": sudoku.format_grid(solution),
        "unique": unique,
        "svg": picture,
        "puzzles": len(puzzles),
    }


def sudoku_grade(text: str) -> dict[str, Any]:
    """Grade the first puzzle of ``text`` by the techniques its solve needs.

    >>> sudoku_grade("1...\\n..2.\\n.3..\\n...4")["name"]
    'easy'
    """
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
        "techniques": [[technique.label, n] for technique, n in grade.techniques],
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


def tiling_count(
    height: int, width: int, pieces: str, symmetry: bool, report: Report = None
) -> dict[str, Any]:
    """Count the tilings of a ``height`` × ``width`` rectangle, with a picture of one.

    ``symmetry`` counts them up to the rectangle's rotations and reflections.

    >>> tiling_count(3, 20, "pentominoes", True)["count"]
    2
    >>> tiling_count(3, 3, "dominoes", False)["error"]
    'no tiling: the board has 9 cells'
    """
    if pieces not in PIECES:
        return {"error": f"no pieces named {pieces!r}: one of {', '.join(PIECES)}"}
    if not (1 <= height <= 30 and 1 <= width <= 30):
        return {"error": "the sides must be from 1 to 30 cells"}
    shapes, use = PIECES[pieces]
    board = polyomino.rectangle(height, width)
    try:
        problem = polyomino.tiling(shapes, board, use=use)  # type: ignore[arg-type]
    except DLXError as error:
        return {"error": str(error)}
    first = problem.first()
    if first is None:
        return {"error": f"no tiling: the board has {height * width} cells"}
    picture = polyomino.to_svg(problem.labels_of(first), board, distinct=use == "any")
    group = polyomino.board_symmetries(board) if symmetry else None
    count = problem.count(
        symmetry=group, progress=_reporter(report), progress_interval=REPORT_EVERY
    )
    return {"count": count, "svg": picture}


def text_solve(
    text: str, action: str, limit: int, report: Report = None
) -> dict[str, Any]:
    """Count (``action="count"``) or list up to ``limit`` solutions of a problem in Knuth's format.

    Each solution is a list of option lines, as ``dlx`` prints them.

    >>> text_solve("A B\\nA\\nB\\nA B\\n", "solutions", 1)
    {'solutions': [['A', 'B']], 'more': True}
    >>> text_solve("A B\\nA C\\n", "count", 0)["error"]
    "<page>:2: unknown item 'C'"
    """
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
