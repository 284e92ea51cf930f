"""The page "Try it in your browser" (docs/try.rst): its Python, and the page in Chromium.

The first tests run the page's Python (``docs/_static/try/pydlx_try.py``)
under this interpreter and compare it with pydlx called directly.  The
others need the built site and a browser: ``nox -s browser`` builds the
docs with Pyodide in them, sets ``PYDLX_SITE`` to the built pages and runs
them, driving headless Chromium (``/usr/bin/chromium``, or
``PYDLX_CHROMIUM``) with Playwright through the page as a reader would:
solve the sample puzzle, draw a tiling, start a long count and stop it,
mark the givens of a puzzle without solution and clear them on an edit.
``PYDLX_SCREENSHOTS`` names a folder for screenshots of the page.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dlx_helpers import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

import sudoku
from dlx import ProblemError, parse_dlx, polyomino
from sudoku.cages import read_cage_map
from sudoku.cli import main as sudoku_main

SITE = os.environ.get("PYDLX_SITE")
CHROMIUM = os.environ.get("PYDLX_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = os.environ.get("PYDLX_SCREENSHOTS")
#: Chromium's flags on a machine with no network beyond loopback.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Milliseconds to wait for Python to load, or for a step of the page.
LOADING = 120_000
STEP = 60_000


def _glue() -> Any:
    path = ROOT / "docs" / "_static" / "try" / "pydlx_try.py"
    spec = importlib.util.spec_from_file_location("pydlx_try", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


glue = _glue()

SAMPLE = (ROOT / "docs" / "examples" / "sudoku9.in").read_text().splitlines()[0]
#: The puzzle of the page's box, whose given changed in sudoku.whynot's example
#: (an 8 in row 1, column 9) leaves it without solution and repeats nothing.
PAGE_PUZZLE = (
    "53..7...." "6..195..." ".98....6." "8...6...3" "4..8.3..1"
    "7...2...6" ".6....28." "...419..5" "....8..79"
)  # fmt: skip
BROKEN = PAGE_PUZZLE[:8] + "8" + PAGE_PUZZLE[9:]


def _page_killer() -> str:
    """The cage puzzle of the page's killer box, as the box holds it."""
    page = (ROOT / "docs" / "try.rst").read_text()
    found = re.search(
        r'<textarea id="killer-input"[^>]*>\n(.*?)</textarea>', page, re.S
    )
    assert found is not None, "no killer box on the page"
    return "\n".join(line.strip() for line in found.group(1).splitlines())


#: The page's killer (6x6, with boxes), the KenKen of docs/howto/cages.rst (a
#: 4x4 latin square) and the first killer of docs/examples/killer.txt (9x9).
PAGE_KILLER = _page_killer()
KENKEN = "ABBC\nAADC\nEFDD\nEFGG\nA=8+ B=2/ C=5+ D=7+ E=1- F=3- G=2-"
NINE_BY_NINE = "\n".join(
    line
    for line in (ROOT / "docs" / "examples" / "killer.txt")
    .read_text()
    .split("\n\n")[1]
    .splitlines()
    if not line.startswith("#")
)
KILLERS = [(PAGE_KILLER, "sudoku"), (KENKEN, "latin"), (NINE_BY_NINE, "sudoku")]


def _cages(text: str, variant: str) -> dict[str, Any]:
    """The keywords of the solving functions for a box's cage puzzle: ``cages`` and ``variant``."""
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    return {
        "cages": read_cage_map(lines[:-1], lines[-1]),
        "variant": None if variant == "sudoku" else variant,
    }


# -- the page's Python, under this interpreter ----------------------------------------


def test_sudoku_solve_is_sudoku_solve() -> None:
    result = glue.sudoku_solve(SAMPLE)
    assert result["answer"] == sudoku.solve(SAMPLE)
    assert result["unique"] is sudoku.is_unique(SAMPLE)
    assert result["svg"] == sudoku.to_svg(SAMPLE, sudoku.solve(SAMPLE))
    blocks = "\n".join(SAMPLE[k : k + 9] for k in range(0, 81, 9))
    assert glue.sudoku_solve(blocks)["answer"] == result["answer"]


def test_sudoku_errors_name_the_cell() -> None:
    conflict = "11" + SAMPLE[2:]
    result = glue.sudoku_solve(conflict)
    assert result["error"] == _message(sudoku.solve, conflict)
    assert result["why"] == [[0, 0, "1"], [0, 1, "1"]]
    assert "error" in glue.sudoku_solve("")
    assert glue.sudoku_grade(SAMPLE)["grade"] == str(sudoku.grade(SAMPLE))


def test_sudoku_hint_and_explain_are_sudokus() -> None:
    hint = sudoku.hint(SAMPLE)
    explanation = sudoku.explain(SAMPLE)
    assert hint is not None
    shown = glue.sudoku_hint(SAMPLE)
    assert shown == {
        "text": hint.text,
        "technique": hint.technique,
        "rating": hint.rating,
        "svg": hint.to_svg(),
    }
    told = glue.sudoku_explain(SAMPLE)
    assert told["rating"] == explanation.rating
    assert told["steps"] == [[s.rating, s.text] for s in explanation.steps]
    assert told["svg"].startswith("<svg")
    several = "." * 81
    message = _message(sudoku.explain, several)
    assert glue.sudoku_hint(several) == {"error": message}
    assert glue.sudoku_explain(several) == {"error": message}
    solved = sudoku.solve(SAMPLE)
    assert glue.sudoku_hint(solved) == {"error": "no blank cell: the grid is full"}
    assert glue.sudoku_explain(solved)["steps"] == []


@pytest.mark.parametrize(
    ("text", "variant"), KILLERS, ids=["page", "kenken", "killer-9x9"]
)
def test_killer_solve_is_sudoku_solve(text: str, variant: str) -> None:
    grid = _cages(text, variant)
    n = len(text.splitlines()) - 1
    puzzle = "." * n * n
    solution = sudoku.solve(puzzle, **grid)
    result = glue.killer_solve(text, variant)
    assert result["answer"] == solution
    assert result["unique"] is sudoku.is_unique(puzzle, **grid) is True
    assert result["svg"] == sudoku.to_svg(puzzle, solution, **grid)
    assert result["svg"].count('<g class="cage">') == len(grid["cages"])
    rows = [solution[k : k + n] for k in range(0, n * n, n)]
    if variant == "latin":
        assert result["grid"] == "\n".join(" ".join(row) for row in rows)
    else:
        assert result["grid"] == sudoku.format_grid(solution)
    # Comments and blank lines, as in the examples' files, are skipped.
    assert glue.killer_solve(f"# a comment\n\n{text}\n\n", variant) == result


@pytest.mark.parametrize(("text", "variant"), KILLERS[:2], ids=["page", "kenken"])
def test_killer_hint_and_explain_are_sudokus(text: str, variant: str) -> None:
    grid = _cages(text, variant)
    puzzle = "." * (len(text.splitlines()) - 1) ** 2
    hint = sudoku.hint(puzzle, **grid)
    explanation = sudoku.explain(puzzle, **grid)
    assert hint is not None
    assert glue.killer_hint(text, variant) == {
        "text": hint.text,
        "technique": hint.technique,
        "rating": hint.rating,
        "svg": hint.to_svg(),
    }
    assert '<g class="cage">' in hint.to_svg()  # the cages outlined
    told = glue.killer_explain(text, variant)
    assert told["rating"] == explanation.rating
    assert told["pearl"] == explanation.pearl
    assert told["steps"] == [[s.rating, s.text] for s in explanation.steps]
    hardest = next(s for s in explanation.steps if s.rating == explanation.rating)
    assert told["svg"] == hardest.to_svg()
    # The page's killer needs the cages' techniques, not only a sudoku's.
    techniques = {s.technique for s in explanation.steps}
    assert "cage combinations" in techniques


def test_the_page_killer_needs_the_rule_of_45() -> None:
    steps = sudoku.explain("." * 36, **_cages(PAGE_KILLER, "sudoku")).steps
    assert "rule of 45" in {s.technique for s in steps}


def _said_by_cages(
    text: str,
    variant: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> str:
    """What ``sudoku --cages FILE`` says of the box's ``text``, without its file's name."""
    cages = tmp_path / "cages.txt"
    cages.write_text(text + "\n")
    n = len([line for line in text.splitlines() if "=" not in line])
    blanks = tmp_path / "blanks.txt"
    blanks.write_text("." * n * n + "\n")
    more = [] if variant == "sudoku" else ["--variant", variant]
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit:
        sudoku_main(["--cages", str(cages), *more, "--no-progress", str(blanks)])
    assert exit.value.code == 2
    (line,) = [x for x in capsys.readouterr().err.splitlines() if "error:" in x]
    return line.removeprefix(f"sudoku: error: --cages {cages}").removeprefix(", ")


#: Bad boxes (the page's KenKen, changed) and what the page says of each: the
#: line and the cage, in the words of ``sudoku --cages`` (``cli``: the very
#: message the command gives).
BAD_KILLERS: list[tuple[str, str, str, bool]] = [
    (
        KENKEN.replace("E=1-", "E=1"),
        "latin",
        "line 5: cage 'E' (at r3c1): no 2 different digits from 1 to 4 add up to 1",
        True,
    ),
    (
        KENKEN.replace("G=2-", "G=2- H=3"),
        "latin",
        "line 5: clue H=3 names no cage of the map",
        True,
    ),
    (
        KENKEN.replace("A=8+", "A=x"),
        "latin",
        "line 5: clue A=x is not a number and at most one operation",
        True,
    ),
    (
        KENKEN.replace(" G=2-", ""),
        "latin",
        "line 4: cage 'G' of the map (at r4c3) has no clue",
        True,
    ),
    (
        KENKEN.replace("G=2-", "G=2- G=3-"),
        "latin",
        "line 5: cage 'G' has two clues (G=2- and G=3-): give one",
        True,
    ),
    # The command adds "; give --disjoint-cages to allow it" (the page has
    # no such switch): tests/test_sudoku_cli_variants.py says so.
    (
        KENKEN.replace("EFGG", "EFGA"),
        "latin",
        "line 1: cage 'A' (at r1c1): its cells are not connected (r1c1 is apart "
        "from r4c4)",
        False,
    ),
    (
        KENKEN + "\nABCD",
        "latin",
        "line 6: a line of the map after the clues (give the map's N lines "
        "first, then the clues)",
        True,
    ),
    (
        KENKEN.replace("EFGG", "EFG"),
        "latin",
        "line 4: 3 labels, not 4 (the map is N lines of N labels)",
        True,
    ),
    # The clue's line: the clue does not fit the cage (the command says the same).
    (
        KENKEN.replace("A=8+", "A=8-"),
        "latin",
        "line 5: cage 'A' (at r1c1): '-' takes two cells, not 3",
        True,
    ),
    (
        "ABC\nABC\nABC\nA=6 B=6 C=6",
        "sudoku",
        "a 3x3 grid has no box shape: choose a latin square (KenKen)",
        False,
    ),
    ("", "sudoku", "no map of cages (N lines of N labels, then the clues)", False),
]


@pytest.mark.parametrize(
    ("text", "variant", "message", "cli"),
    BAD_KILLERS,
    ids=[f"bad-{k}" for k in range(len(BAD_KILLERS))],
)
def test_a_bad_killer_box_names_the_line_and_the_cage(
    text: str,
    variant: str,
    message: str,
    cli: bool,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for call in (glue.killer_solve, glue.killer_hint, glue.killer_explain):
        assert call(text, variant) == {"error": message}
    if cli:
        assert _said_by_cages(text, variant, tmp_path, capsys) == message


def test_a_killer_without_solution_says_the_librarys_message() -> None:
    for text, variant in [
        (KENKEN.replace("F=3-", "F=3+"), "latin"),
        (PAGE_KILLER.replace("M=7", "M=8"), "sudoku"),
    ]:
        grid = _cages(text, variant)
        n = len(text.splitlines()) - 1
        with pytest.raises(sudoku.NoSolutionError) as error:
            sudoku.solve("." * n * n, **grid)
        assert glue.killer_solve(text, variant) == {"error": str(error.value)}


def test_a_cage_the_library_names_is_named_by_its_label_and_line() -> None:
    # No cage puzzle without givens found gives such a message (the
    # solver's contradictions name cells and units): the page's reading
    # of one, as the encoding of a puzzle with givens words it.
    killer = glue._read_killer("\n\n" + KENKEN, "latin")
    error = sudoku.NoSolutionError(
        "no solution: no digits fit cages[2] (at r1c4) (2 cells, 5+)"
    )
    assert killer.said(error) == (
        "no solution: no digits fit cage 'C' (at r1c4, line 7) (2 cells, 5+)"
    )


def _said_by_why(
    puzzle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> str:
    """The line that ``sudoku --why`` prints for ``puzzle``."""
    path = tmp_path / "puzzle.txt"
    path.write_text(puzzle + "\n")
    capsys.readouterr()
    status = sudoku_main(["--why", "--no-progress", str(path)])
    out = capsys.readouterr().out
    assert status == (1 if sudoku.conflicts(puzzle) else 0)
    (line,) = out.splitlines()
    return line


def _marked(svg: str) -> list[tuple[int, int]]:
    """The cells the picture marks, (row, column) from 0, in its order."""
    return [
        (int(row), int(column))
        for row, column in re.findall(
            r'<rect class="conflict" data-row="(\d+)" data-column="(\d+)"', svg
        )
    ]


@pytest.mark.parametrize(
    "puzzle",
    [BROKEN, "11" + SAMPLE[2:], "12....3........."],
    ids=["hidden", "repeated", "4x4"],
)
def test_a_puzzle_without_solution_marks_the_givens_of_sudoku_conflicts(
    puzzle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    givens = sudoku.conflicts(puzzle)
    assert givens, "the puzzle has a solution"
    result = glue.sudoku_solve(puzzle)
    assert result["error"] == _message(sudoku.solve, puzzle)  # as before
    assert result["why"] == [list(given) for given in givens]
    assert result["why_complete"] is True
    assert result["why_text"] == _said_by_why(puzzle, tmp_path, capsys)
    assert _marked(result["svg"]) == [(r, c) for r, c, _ in givens]
    assert f"<title>{result['why_text']}</title>" in result["svg"]
    # The picture is the puzzle's: its givens, and only those, written.
    assert result["svg"].count("<text") == sum(ch != "." for ch in puzzle)


def test_the_hidden_conflict_is_hidden() -> None:
    # More givens than the two that repeat a symbol: deductions find them.
    assert len(sudoku.conflicts(BROKEN)) > 2
    with pytest.raises(sudoku.NoSolutionError):
        sudoku.solve(BROKEN)


def test_a_search_for_the_givens_out_of_time_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(glue, "WHY_TIMEOUT", 0)
    result = glue.sudoku_solve(BROKEN)
    assert result["error"] == _message(sudoku.solve, BROKEN)
    assert result["why"] == []
    assert result["why_complete"] is False
    assert result["why_text"] == (
        "gave up after 0 s, before it found which givens have no solution together"
    )
    assert _marked(result["svg"]) == []


def test_a_search_out_of_time_keeps_the_givens_it_had(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Time running out half way cannot be timed in a test: the real error of
    # a timeout of 0 carries instead every given of the puzzle, a set that
    # has no solution, as a partial reason would.
    everything: list[tuple[int, int, str | int]] = [
        (k // 9, k % 9, ch) for k, ch in enumerate(BROKEN) if ch != "."
    ]
    conflicts = sudoku.conflicts

    def out_of_time(puzzle: str, **kwargs: Any) -> Any:
        try:
            conflicts(puzzle, timeout=0)
        except sudoku.ConflictsBudgetError as stop:
            stop.givens = everything
            raise
        raise AssertionError("a timeout of 0 did not run out")

    monkeypatch.setattr(sudoku, "conflicts", out_of_time)
    result = glue.sudoku_solve(BROKEN)
    assert result["why_complete"] is False
    assert result["why"] == [list(given) for given in everything]
    listed = ", ".join(f"r{r + 1}c{c + 1} = {s}" for r, c, s in everything)
    assert result["why_text"] == (
        f"gave up after {glue.WHY_TIMEOUT:g} s: {listed} have no solution "
        "together, but some of them may not be needed for that (not shown minimal)"
    )
    assert _marked(result["svg"]) == [(r, c) for r, c, _ in everything]


def test_other_sudokus_are_not_marked() -> None:
    for answer in (glue.sudoku_solve(SAMPLE), glue.sudoku_solve("." * 81)):
        assert "why" not in answer and "error" not in answer
        assert _marked(answer["svg"]) == []
    assert glue.sudoku_solve("." * 81)["unique"] is False
    bad = "x" + SAMPLE[1:]
    assert glue.sudoku_solve(bad) == {"error": _message(sudoku.solve, bad)}


def test_the_page_says_how_long_it_looks_for_the_givens() -> None:
    page = (ROOT / "docs" / "try.rst").read_text()
    assert f"for {glue.WHY_TIMEOUT:g} seconds at most" in " ".join(page.split())


def _message(function: Any, *args: Any) -> str:
    with pytest.raises(sudoku.SudokuError) as error:
        function(*args)
    return str(error.value)


@pytest.mark.parametrize(
    ("height", "width", "pieces", "symmetry"),
    [
        (3, 20, "pentominoes", False),
        (3, 20, "pentominoes", True),
        (4, 5, "dominoes", False),
    ],
)
def test_tiling_count_is_the_count(
    height: int, width: int, pieces: str, symmetry: bool
) -> None:
    reports: list[dict[str, Any]] = []
    result = glue.tiling_count(height, width, pieces, symmetry, reports.append)
    shapes, use = glue.PIECES[pieces]
    board = polyomino.rectangle(height, width)
    problem = polyomino.tiling(shapes, board, use=use)
    group = polyomino.board_symmetries(board) if symmetry else None
    assert result["count"] == problem.count(symmetry=group)
    first = problem.first()
    assert first is not None
    expected = polyomino.to_svg(problem.labels_of(first), board, distinct=use == "any")
    assert result["svg"] == expected


def test_tiling_reports_while_it_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    reports: list[dict[str, Any]] = []
    monkeypatch.setattr(glue, "REPORT_EVERY", 0.001)
    result = glue.tiling_count(3, 20, "pentominoes", False, reports.append)
    assert reports, "no progress reported"
    assert all(r["solutions"] <= result["count"] for r in reports)
    assert [r["nodes"] for r in reports] == sorted(r["nodes"] for r in reports)


def test_tiling_refuses_what_it_cannot_draw() -> None:
    assert glue.tiling_count(0, 5, "dominoes", False) == {
        "error": "the height (rows) must be a whole number from 1 to 30, not 0"
    }
    assert glue.tiling_count(2, 2, "hexominoes", False) == {
        "error": "the pieces must be one of 'pentominoes', 'dominoes', "
        "'L-trominoes', 'straight trominoes', not 'hexominoes'"
    }


@pytest.mark.parametrize("pieces", ["dominoes", "L-trominoes", "straight trominoes"])
def test_tiling_counts_are_dlxs_on_every_small_board(pieces: str) -> None:
    # Boards with no tiling (odd areas for dominoes, 3 × 5 for L-trominoes)
    # among them: the page's 0, seen without a search or by one, is dlx's.
    shapes, use = glue.PIECES[pieces]
    for height in range(1, 6):
        for width in range(1, 6):
            board = polyomino.rectangle(height, width)
            expected = polyomino.tiling(shapes, board, use=use).count()
            result = glue.tiling_count(height, width, pieces, False)
            assert result["count"] == expected, (height, width)
            assert ("error" in result) is (expected == 0), (height, width, result)
            if expected == 0:
                assert result["error"].startswith("no tiling: ")


def _no_search(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the page built a tiling problem to search")


@pytest.mark.parametrize(
    ("height", "width", "pieces", "size"),
    [
        (9, 9, "dominoes", 2),
        (29, 27, "dominoes", 2),
        (29, 29, "L-trominoes", 3),
        (25, 1, "straight trominoes", 3),
    ],
)
def test_a_board_the_pieces_cannot_cover_by_its_area_answers_0_without_a_search(
    monkeypatch: pytest.MonkeyPatch, height: int, width: int, pieces: str, size: int
) -> None:
    # dlx agrees on small boards (the test above); here no problem is even
    # built, so no search can run for minutes, as 9 × 9 dominoes once did.
    monkeypatch.setattr(polyomino, "tiling", _no_search)
    for symmetry in (False, True):
        assert glue.tiling_count(height, width, pieces, symmetry) == {
            "count": 0,
            "error": f"no tiling: each piece covers {size} cells and the board "
            f"has {height * width}",
        }


@pytest.mark.parametrize(("height", "width"), [(7, 9), (4, 4), (1, 1), (30, 30)])
def test_pentominoes_on_another_area_answer_0_with_dlxs_own_message(
    height: int, width: int
) -> None:
    with pytest.raises(ProblemError) as refused:
        polyomino.tiling(polyomino.PENTOMINOES, polyomino.rectangle(height, width))
    assert glue.tiling_count(height, width, "pentominoes", False) == {
        "count": 0,
        "error": f"no tiling: {refused.value}",
    }


#: Small boards with holes: the cells of a 4 × 4 square that a mask keeps.
HOLED_BOARDS = st.integers(1, 2**16 - 1).map(
    lambda mask: "\n".join(
        "".join("." if mask >> (4 * r + c) & 1 else "#" for c in range(4))
        for r in range(4)
    )
)


@settings(deadline=None)  # a loaded machine's pauses are not this test's concern
@given(HOLED_BOARDS, st.sampled_from(["dominoes", "L-trominoes", "straight trominoes"]))
def test_a_board_refused_without_a_search_has_no_tiling(
    board: str, pieces: str
) -> None:
    shapes, use = glue.PIECES[pieces]
    why = polyomino.obstruction(shapes, board, use=use)
    if why is not None:
        assert polyomino.tiling(shapes, board, use=use).count() == 0


def test_the_colouring_refuses_a_mutilated_board_of_even_area() -> None:
    # 4 × 4 less two opposite corners: 14 cells, an even number, but 8 of
    # one colour and 6 of the other; dlx's search finds no tiling either.
    board = "#...\n....\n....\n...#"
    shapes, use = glue.PIECES["dominoes"]
    assert polyomino.tiling(shapes, board, use=use).count() == 0
    assert polyomino.obstruction(shapes, board, use=use) == (
        "each piece covers as many dark cells as light ones, and the board has "
        "6 dark and 8 light"
    )
    # Less two corners of one side instead: balanced, tiled, not refused.
    board = "#..#\n....\n....\n...."
    assert polyomino.tiling(shapes, board, use=use).count() > 0
    assert polyomino.obstruction(shapes, board, use=use) is None


def test_text_solve_lists_and_counts() -> None:
    text = (ROOT / "docs" / "examples" / "knuth.dlx").read_text()
    problem = parse_dlx(text)
    expected = [
        [" ".join(map(str, problem.option(k))) for k in solution]
        for solution in problem.solutions()
    ]
    assert glue.text_solve(text, "solutions", 10) == {
        "solutions": expected,
        "more": False,
    }
    assert glue.text_solve(text, "count", 0) == {"count": problem.count()}
    queens = (ROOT / "docs" / "examples" / "dlx3.dlx").read_text()
    listed = glue.text_solve(queens, "solutions", 1)
    assert len(listed["solutions"]) == 1
    assert listed["more"] is (parse_dlx(queens).count(limit=2) == 2)
    assert glue.text_solve("A\nB\n", "count", 0)["error"].startswith("<page>:2: ")
    # A count needs no limit: the page sends the field's value, whatever it is.
    assert glue.text_solve(text, "count", None) == {"count": problem.count()}


# -- bad arguments: a message naming the argument, never a traceback ----------------

#: Values of every kind that the page's number fields, or a caller, could send.
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.integers().map(lambda n: n * 10**40),
    st.integers(4400, 4500).map(lambda k: -(10**k)),  # too long to print
    st.floats(),
    st.text(max_size=8),
    st.binary(max_size=4),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)


def _whole(low: int, high: int) -> Any:
    """Anything but an int (not a bool) from ``low`` to ``high``."""
    return ANYTHING.filter(
        lambda v: isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high
    )


def _other_than(*names: str) -> Any:
    """Anything but one of these strings."""
    return ANYTHING.filter(lambda v: not (isinstance(v, str) and v in names))


NOT_TEXT = ANYTHING.filter(lambda v: not isinstance(v, str))
PUZZLE = "1...\n..2.\n.3..\n...4"
#: Each entry function, good arguments for it, and bad values of each argument
#: with the words its message must name.
ENTRIES: list[tuple[str, dict[str, Any], str, Any, str]] = [
    *(
        (name, {"text": PUZZLE}, "text", NOT_TEXT, "puzzle text")
        for name in ("sudoku_solve", "sudoku_grade", "sudoku_hint", "sudoku_explain")
    ),
    *(
        (name, {"text": KENKEN, "variant": "latin"}, argument, bad, named)
        for name in ("killer_solve", "killer_hint", "killer_explain")
        for argument, bad, named in [
            ("text", NOT_TEXT, "cage text"),
            ("variant", _other_than(*glue.KILLER_VARIANTS), "variant"),
        ]
    ),
    *(
        (
            "tiling_count",
            {"height": 2, "width": 3, "pieces": "dominoes", "symmetry": False},
            argument,
            bad,
            named,
        )
        for argument, bad, named in [
            ("height", _whole(1, 30), "height (rows)"),
            ("width", _whole(1, 30), "width (columns)"),
            ("pieces", _other_than(*glue.PIECES), "pieces"),
            (
                "symmetry",
                ANYTHING.filter(lambda v: not isinstance(v, bool)),
                "symmetry",
            ),
            ("report", ANYTHING.filter(lambda v: v is not None), "report"),
        ]
    ),
    *(
        (
            "text_solve",
            {"text": "A B\nA\nB\n", "action": "solutions", "limit": 3},
            argument,
            bad,
            named,
        )
        for argument, bad, named in [
            ("text", NOT_TEXT, "problem text"),
            ("action", _other_than(*glue.ACTIONS), "action"),
            ("limit", _whole(1, 1000), "limit"),
            ("report", ANYTHING.filter(lambda v: v is not None), "report"),
        ]
    ),
]


@pytest.mark.parametrize(
    ("function", "good", "argument", "bad", "named"),
    ENTRIES,
    ids=[f"{entry[0]}-{entry[2]}" for entry in ENTRIES],
)
# No deadline: the first call of an entry imports what it uses (the explainer
# for a hint), which takes more than Hypothesis's 200 ms on a loaded machine.
@settings(deadline=None)
@given(data=st.data())
def test_a_bad_argument_gets_a_message_naming_it(
    function: str,
    good: dict[str, Any],
    argument: str,
    bad: Any,
    named: str,
    data: st.DataObject,
) -> None:
    call = getattr(glue, function)
    assert "error" not in call(**good)  # the message below is the bad value's
    value = data.draw(bad, label=argument)
    result = call(**{**good, argument: value})
    assert list(result) == ["error"]
    message = result["error"]
    assert isinstance(message, str)
    assert f"{named} must be " in message
    assert "Traceback" not in message and "\n" not in message


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: glue.tiling_count(2.5, 4, "dominoes", False),
            "the height (rows) must be a whole number from 1 to 30, not 2.5",
        ),
        (
            lambda: glue.tiling_count(4, "3", "dominoes", False),
            "the width (columns) must be a whole number from 1 to 30, not '3'",
        ),
        (
            lambda: glue.tiling_count(None, 4, "dominoes", False),
            "the height (rows) must be a whole number from 1 to 30, not None",
        ),
        (
            lambda: glue.tiling_count(True, 4, "dominoes", False),
            "the height (rows) must be a whole number from 1 to 30, not True",
        ),
        (
            lambda: glue.tiling_count(4, -(10**5000), "dominoes", False),
            "the width (columns) must be a whole number from 1 to 30, "
            "not a whole number of 16610 bits",
        ),
        (
            lambda: glue.tiling_count(2, 2, ["dominoes"], False),
            "the pieces must be one of 'pentominoes', 'dominoes', 'L-trominoes', "
            "'straight trominoes', not ['dominoes']",
        ),
        (
            lambda: glue.tiling_count(2, 2, "dominoes", "yes"),
            "symmetry must be True or False, not 'yes'",
        ),
        (
            lambda: glue.text_solve(None, "count", 0),
            "the problem text must be a string, not None",
        ),
        (
            lambda: glue.text_solve("A\nA\n", "list", 3),
            "the action must be 'count' or 'solutions', not 'list'",
        ),
        (
            lambda: glue.text_solve("A\nA\n", "solutions", 0),
            "the limit must be a whole number from 1 to 1000, not 0",
        ),
        (
            lambda: glue.text_solve("A\nA\n", "count", 0, report="x" * 50),
            f"report must be a function or None, not '{'x' * 36}...",
        ),
        (
            lambda: glue.sudoku_hint(b"1..."),
            "the puzzle text must be a string, not b'1...'",
        ),
    ],
)
def test_the_bad_arguments_of_the_issue(call: Any, message: str) -> None:
    assert call() == {"error": message}


# -- the page in a browser ------------------------------------------------------------

needs_site = pytest.mark.skipif(
    SITE is None, reason="needs the built site with Pyodide: nox -s browser runs it"
)


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built docs, served on 127.0.0.1 (a free port) for the module's tests."""
    assert SITE is not None
    assert Path(SITE, "_static", "pyodide", "pyodide.asm.wasm").exists(), (
        f"{SITE} was built without Pyodide: build it with nox -s docs"
    )
    handler = functools.partial(_Quiet, directory=SITE)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def page(site: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The page try.html in headless Chromium, with Python loaded."""
    sync_api = pytest.importorskip("playwright.sync_api")
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=FLAGS
        )
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{site}/try.html")
        page.wait_for_selector('#try-status[data-state="ready"]', timeout=LOADING)
        yield page
        context.close()
        assert errors == [], errors


def _shot(page: Any, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS, f"{name}.png")), full_page=True)


@needs_site
def test_the_page_solves_the_sample_puzzle(page: Any) -> None:
    assert "Python 3.14" in page.text_content("#try-status")
    puzzle = page.input_value("#sudoku-input")
    page.click("#sudoku-solve")
    page.wait_for_selector("#sudoku-output[data-answer]", timeout=STEP)
    assert page.get_attribute("#sudoku-output", "data-answer") == sudoku.solve(
        "".join(puzzle.split())
    )
    assert "The only solution." in page.text_content("#sudoku-output")
    digits = page.locator("#sudoku-picture svg text")
    assert digits.count() == 81
    _shot(page, "sudoku")
    page.click("#sudoku-hint")
    page.wait_for_selector("#sudoku-output[data-hint]", timeout=STEP)
    hint = sudoku.hint("".join(puzzle.split()))
    assert hint is not None
    assert page.get_attribute("#sudoku-output", "data-hint") == hint.text
    assert page.locator("#sudoku-picture svg title").text_content() == hint.text
    page.click("#sudoku-explain")
    page.wait_for_selector("#sudoku-output[data-rating]", timeout=STEP)
    rating = sudoku.explain("".join(puzzle.split())).rating
    assert page.get_attribute("#sudoku-output", "data-rating") == f"{rating:.1f}"
    _shot(page, "sudoku-explained")
    page.fill("#sudoku-input", "11" + "." * 79)
    page.click("#sudoku-solve")
    page.wait_for_selector("#sudoku-output.error", timeout=STEP)
    assert page.text_content("#sudoku-output") == _message(
        sudoku.solve, "11" + "." * 79
    )


@needs_site
def test_the_page_counts_and_draws_a_tiling(page: Any) -> None:
    page.fill("#tiling-height", "3")
    page.fill("#tiling-width", "20")
    page.select_option("#tiling-pieces", "pentominoes")
    page.check("#tiling-symmetry")
    page.click("#tiling-count")
    page.wait_for_selector("#tiling-output[data-count]", timeout=STEP)
    assert page.get_attribute("#tiling-output", "data-count") == "2"
    assert page.locator("#tiling-picture svg rect").count() >= 60
    _shot(page, "tiling")


@needs_site
def test_stop_ends_a_long_count_and_keeps_its_progress(page: Any) -> None:
    page.fill("#tiling-height", "8")
    page.fill("#tiling-width", "8")
    page.select_option("#tiling-pieces", "dominoes")
    page.uncheck("#tiling-symmetry")
    page.click("#tiling-count")  # 12,988,816 tilings: minutes in a browser
    page.wait_for_function(
        "document.querySelector('#tiling-output').textContent.includes('so far')",
        timeout=STEP,
    )
    # The page answers while the worker counts.
    assert page.evaluate("1 + 1") == 2
    assert page.is_enabled("#try-stop")
    _shot(page, "counting")
    page.click("#try-stop")
    page.wait_for_selector("#tiling-output.stopped", timeout=STEP)
    text = page.text_content("#tiling-output")
    assert text.startswith("Stopped: ") and "found before Stop" in text
    found = int(text.split()[1].replace(",", ""))
    assert 0 <= found < 12_988_816
    _shot(page, "stopped")
    # A fresh worker takes over: the page works again.
    page.wait_for_selector('#try-status[data-state="ready"]', timeout=LOADING)
    page.fill("#tiling-height", "2")
    page.fill("#tiling-width", "4")
    page.click("#tiling-count")
    page.wait_for_selector("#tiling-output[data-count]:not(.running)", timeout=STEP)
    assert page.get_attribute("#tiling-output", "data-count") == "5"


@needs_site
def test_the_page_lists_solutions_of_a_problem_in_the_text_format(page: Any) -> None:
    page.select_option("#text-action", "solutions")
    page.click("#text-run")
    page.wait_for_selector("#text-output:not(.running):not(:empty)", timeout=STEP)
    text = (ROOT / "docs" / "examples" / "knuth.dlx").read_text()
    problem = parse_dlx(text)
    (solution,) = problem.solutions()
    shown = page.text_content("#text-output")
    assert shown == "\n".join(" ".join(map(str, problem.option(k))) for k in solution)
    page.fill("#text-input", "A B\nA\nC\n")
    page.click("#text-run")
    page.wait_for_selector("#text-output.error", timeout=STEP)
    assert page.text_content("#text-output") == "<page>:3: unknown item 'C'"
    _shot(page, "text")


@needs_site
def test_the_page_marks_the_givens_of_a_puzzle_without_solution(
    page: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marks = page.locator("#sudoku-picture svg rect.conflict")
    for name, puzzle in [("hidden", BROKEN), ("repeated", "11" + SAMPLE[2:])]:
        givens = sudoku.conflicts(puzzle)
        page.fill(
            "#sudoku-input", "\n".join(puzzle[k : k + 9] for k in range(0, 81, 9))
        )
        page.click("#sudoku-solve")
        page.wait_for_selector("#sudoku-output.error", timeout=STEP)
        page.wait_for_selector("#sudoku-why:not(:empty)", timeout=STEP)
        assert page.text_content("#sudoku-output") == _message(sudoku.solve, puzzle)
        marked = [
            (int(m.get_attribute("data-row")), int(m.get_attribute("data-column")))
            for m in marks.all()
        ]
        assert marked == [(r, c) for r, c, _ in givens]
        said = _said_by_why(puzzle, tmp_path, capsys)
        assert page.text_content("#sudoku-why") == said
        assert page.locator("#sudoku-picture svg title").text_content() == said
        assert page.get_attribute("#sudoku-why", "role") == "status"
        _shot(page, f"sudoku-why-{name}")
        # An edit of the puzzle clears the marks and the line.
        page.focus("#sudoku-input")
        page.keyboard.press("End")
        page.keyboard.press("Backspace")
        page.wait_for_selector(
            "#sudoku-picture svg rect.conflict", state="detached", timeout=STEP
        )
        assert marks.count() == 0
        assert page.text_content("#sudoku-why") == ""
        assert page.locator("#sudoku-why").is_hidden()
    # A puzzle with a solution, and one with several, are not marked.
    for puzzle in (PAGE_PUZZLE, "." * 81):
        page.fill("#sudoku-input", puzzle)
        page.click("#sudoku-solve")
        page.wait_for_selector(
            "#sudoku-output[data-answer]:not(.running)", timeout=STEP
        )
        assert page.get_attribute("#sudoku-output", "data-answer") == sudoku.solve(
            puzzle
        )
        assert page.locator("#sudoku-picture svg").count() == 1
        assert marks.count() == 0
        assert page.text_content("#sudoku-why") == ""


@needs_site
def test_the_page_solves_hints_and_explains_a_killer(page: Any) -> None:
    text = page.input_value("#killer-input")
    assert text == PAGE_KILLER
    grid = _cages(text, "sudoku")
    page.select_option("#killer-variant", "sudoku")
    page.click("#killer-solve")
    page.wait_for_selector("#killer-output[data-answer]:not(.running)", timeout=STEP)
    assert page.get_attribute("#killer-output", "data-answer") == sudoku.solve(
        "." * 36, **grid
    )
    assert "The only solution." in page.text_content("#killer-output")
    assert page.locator("#killer-picture svg text").count() >= 36
    assert page.locator("#killer-picture svg g.cage").count() == len(grid["cages"])
    _shot(page, "killer")
    page.click("#killer-hint")
    page.wait_for_selector("#killer-output[data-hint]:not(.running)", timeout=STEP)
    hint = sudoku.hint("." * 36, **grid)
    assert hint is not None
    assert page.get_attribute("#killer-output", "data-hint") == hint.text
    assert page.get_attribute("#killer-output", "data-answer") is None
    assert page.locator("#killer-picture svg g.cage").count() == len(grid["cages"])
    page.click("#killer-explain")
    page.wait_for_selector("#killer-output[data-rating]:not(.running)", timeout=STEP)
    rating = sudoku.explain("." * 36, **grid).rating
    assert page.get_attribute("#killer-output", "data-rating") == f"{rating:.1f}"
    _shot(page, "killer-explained")
    # A KenKen: the latin square, its operations.
    page.fill("#killer-input", KENKEN)
    page.select_option("#killer-variant", "latin")
    page.click("#killer-solve")
    page.wait_for_selector("#killer-output[data-answer]:not(.running)", timeout=STEP)
    assert page.get_attribute("#killer-output", "data-answer") == sudoku.solve(
        "." * 16, **_cages(KENKEN, "latin")
    )
    # A bad box: the line and the cage, no traceback.
    bad, _, message, _ = BAD_KILLERS[0]
    page.fill("#killer-input", bad)
    page.click("#killer-solve")
    page.wait_for_selector("#killer-output.error", timeout=STEP)
    assert page.text_content("#killer-output") == message
    assert page.locator("#killer-picture svg").count() == 0
    _shot(page, "killer-bad")
