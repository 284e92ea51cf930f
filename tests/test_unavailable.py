"""What an interpreter lacks is refused through the table of ways, in every entry point.

Under Pyodide (CPython in WebAssembly, ``sys.platform == "emscripten"``)
there are no worker processes or threads and no SAT solver:
:data:`dlx.ways.UNAVAILABLE` names them, and :func:`dlx.ways.check` refuses
them as it refuses a combination — the API with :class:`dlx.ways.Refused`,
each command with one line and exit status 2, never a traceback.  Here the
table is set as Pyodide sets it, so every interpreter tests the refusals;
``nox -s pyodide`` runs them under Pyodide itself, where the table is its own.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import sudoku
from dlx import cli as dlx_cli
from dlx import parse_dlx, ways
from sudoku import cli as sudoku_cli

PYODIDE = sys.platform == "emscripten"

TINY = "A B\nA\nB\nA B\n"


@pytest.fixture
def as_pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table of ways as Pyodide's (a no-op under Pyodide itself)."""
    monkeypatch.setattr(ways, "UNAVAILABLE", ways.lacking("emscripten"))


def test_the_table_is_this_interpreters() -> None:
    assert ways.lacking(sys.platform) == ways.UNAVAILABLE
    assert (ways.UNAVAILABLE != {}) == PYODIDE
    assert set(ways.lacking("emscripten")) <= set(ways.FEATURES)


@pytest.mark.usefixtures("as_pyodide")
def test_check_refuses_what_is_lacking_in_each_vocabulary() -> None:
    with pytest.raises(
        ways.Refused, match=r"^executor= is not available here: Pyodide"
    ):
        ways.check({"count", "split"})
    with pytest.raises(ways.Refused, match=r"^--method sat is not available here") as e:
        ways.check({"sat", "limit", "count"}, words="dlx")
    assert e.value.features == ("sat",)
    with pytest.raises(ways.Refused, match=r"^--jobs is not available here"):
        ways.check({"list", "split"}, words="sudoku")
    ways.check({"count", "limit", "timeout"})  # the rest goes on


@pytest.mark.usefixtures("as_pyodide")
def test_the_api_refuses_an_executor_and_the_sat_solver() -> None:
    problem = parse_dlx(TINY)

    class Never:
        """Stands for an executor: the refusal comes before any use of it."""

        def submit(self, *args: object) -> None:
            raise AssertionError("an executor was used where none can run")

    with pytest.raises(ways.Refused, match="no workers to split the search over"):
        problem.count(executor=Never())  # type: ignore[arg-type]
    with pytest.raises(ways.Refused, match="has no build for Pyodide"):
        problem.count(method="sat", limit=2)
    with pytest.raises(ways.Refused, match="has no build for Pyodide"):
        sudoku.solve("1..." * 4, method="sat")
    assert problem.count() == 2


@pytest.mark.usefixtures("as_pyodide")
@pytest.mark.parametrize(
    ("options", "word"),
    [
        (["--jobs", "2", "--count"], "--jobs"),
        (["--method", "sat", "--limit", "2"], "--method sat"),
    ],
)
def test_the_dlx_command_refuses_in_its_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], word: str
) -> None:
    path = tmp_path / "tiny.dlx"
    path.write_text(TINY)
    with pytest.raises(SystemExit) as stop:
        dlx_cli.main([str(path), *options])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"dlx: error: {word} is not available here: ")
    assert "Traceback" not in captured.err
    assert len(captured.err.splitlines()) == 1
    assert dlx_cli.main([str(path), "--count"]) == 0
    assert capsys.readouterr().out == "2\n"


@pytest.mark.usefixtures("as_pyodide")
def test_the_sudoku_command_refuses_jobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "four.txt"
    path.write_text("1......2..4..3..\n")
    with pytest.raises(SystemExit) as stop:
        sudoku_cli.main(["--jobs", "2", str(path)])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.err == (
        "sudoku: error: --jobs is not available here: "
        f"{ways.lacking('emscripten')['split']}\n"
    )
    assert sudoku_cli.main(["--count", str(path)]) == 0
    assert capsys.readouterr().out == "1\n"
