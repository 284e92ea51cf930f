"""The page "Try it in your browser" (docs/try.rst): its Python, and the page in Chromium.

The first tests run the page's Python (``docs/_static/try/pydlx_try.py``)
under this interpreter and compare it with pydlx called directly.  The
others need the built site and a browser: ``nox -s browser`` builds the
docs with Pyodide in them, sets ``PYDLX_SITE`` to the built pages and runs
them, driving headless Chromium (``/usr/bin/chromium``, or
``PYDLX_CHROMIUM``) with Playwright through the page as a reader would:
solve the sample puzzle, draw a tiling, start a long count and stop it.
``PYDLX_SCREENSHOTS`` names a folder for screenshots of the page.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dlx_helpers import ROOT

import sudoku
from dlx import parse_dlx, polyomino

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
    assert glue.sudoku_solve(conflict) == {"error": _message(sudoku.solve, conflict)}
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
        "error": "the sides must be from 1 to 30 cells"
    }
    assert "no pieces named" in glue.tiling_count(2, 2, "hexominoes", False)["error"]
    assert "16" in glue.tiling_count(4, 4, "pentominoes", False)["error"]


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
