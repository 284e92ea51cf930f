"""Sphinx extension: draw the documentation's figures during the build.

On ``builder-inited`` (before any page is read) it runs the drawing code of
the example scripts in ``docs/examples/`` and writes SVG files into
``docs/_generated/``, which the pages show with
``.. image:: /_generated/NAME.svg``:

* ``links-before.svg``, ``links-cover-a.svg``, ``links-node1.svg``: the
  dancing links of Knuth's example problem, drawn from the engine's arrays
  (``draw_links.py``);
* ``pentomino-3x20.svg``: the first tiling of the 3×20 rectangle that the
  search finds (``pentominoes.py``), drawn by :func:`dlx.polyomino.to_svg`;
* ``sudoku-solved.svg``: the first puzzle of ``sudoku9.in``, solved
  (``sudoku_file.py``);
* ``sudoku-hint.svg``: the hardest step of the explanation of
  ``sudoku_hint.py``'s puzzle, drawn by :meth:`sudoku.Step.to_svg`;
* ``sudoku-jigsaw.svg``, ``sudoku-x-windoku.svg``: variants drawn by
  :func:`sudoku.to_svg` (for the variants how-to);
* ``symmetry-3x20-1.svg``, ``symmetry-3x20-2.svg``: the two essentially
  different tilings of the 3×20 rectangle (for the symmetry how-to);
* ``cages-killer.svg``, ``cages-killer-solved.svg``, ``cages-kenken.svg``,
  ``cages-kenken-solved.svg``: the first puzzles of ``killer.txt`` and
  ``kenken.txt``, drawn with their cages by :func:`sudoku.to_svg`, and
  ``cages-killer-step.svg``: the killer's first rule-of-45 step, drawn by
  :meth:`sudoku.Step.to_svg` (for the cages how-to);
* ``NAME.out``: what ``python docs/examples/NAME.py`` prints, for the
  gallery page (each script's ``main`` run in-process, without arguments).

A file is rewritten only when its text changes, so incremental builds stay
incremental.  The directory is generated: keep it out of version control.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx

OUTPUT = "_generated"


def _example(srcdir: Path, name: str) -> ModuleType:
    """Import ``docs/examples/NAME.py`` without putting the directory on sys.path."""
    path = srcdir / "examples" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"pydlx_examples_{name}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def figures(srcdir: Path) -> dict[str, str]:
    """The text of every figure, by file name."""
    result: dict[str, str] = {}
    draw_links = _example(srcdir, "draw_links")
    result.update(draw_links.pictures())
    pentominoes = _example(srcdir, "pentominoes")
    shown = pentominoes.first_tiling(3, 20)
    assert shown is not None
    title = "The first tiling of the 3×20 rectangle by the twelve pentominoes"
    result["pentomino-3x20.svg"] = shown.to_svg(title=title)
    sudoku_file = _example(srcdir, "sudoku_file")
    text = (srcdir / "examples" / "sudoku9.in").read_text(encoding="utf-8")
    solved = sudoku_file.solve_file(text)
    result["sudoku-solved.svg"] = sudoku_file.svg(*solved[0])
    hint = _example(srcdir, "sudoku_hint")
    result["sudoku-hint.svg"] = hint.hardest_step(hint.PUZZLE).to_svg()
    result.update(variant_figures())
    result.update(symmetry_figures())
    result.update(cage_figures(srcdir))
    queens = _example(srcdir, "queens")
    leaders = list(queens.queens(8).solutions(symmetry=queens.symmetries(8)))
    result["symmetry-queens8.svg"] = queens.boards_svg(
        8, leaders, title="The 12 essentially different solutions of 8 queens"
    )
    return result


def symmetry_figures() -> dict[str, str]:
    """The symmetry how-to's pictures: the two essentially different 3×20 tilings."""
    from dlx.polyomino import PENTOMINOES, Tiling, board_symmetries, rectangle, tiling

    board = rectangle(3, 20)
    problem = tiling(PENTOMINOES, board)
    found = problem.solutions(symmetry=board_symmetries(board))
    pictures = {}
    for number, solution in enumerate(found, 1):
        title = f"The 3×20 rectangle: essentially different tiling {number} of 2"
        picture = Tiling(problem.labels_of(solution), board).to_svg(title=title)
        pictures[f"symmetry-3x20-{number}.svg"] = picture
    return pictures


def variant_figures() -> dict[str, str]:
    """The how-to's pictures of variants, drawn by :func:`sudoku.to_svg`."""
    import sudoku

    jigsaw = ["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"]
    puzzle = "..3.5..........2..1......"
    solved = sudoku.solve(puzzle, regions=jigsaw)
    full = sudoku.solve("." * 81, variant="x+windoku")
    # Every third cell given: enough to show givens and found symbols apart.
    given = "".join(ch if k % 3 == 0 else "." for k, ch in enumerate(full))
    title = "A solved X-windoku"
    return {
        "sudoku-jigsaw.svg": sudoku.to_svg(
            puzzle, solved, regions=jigsaw, title="A solved jigsaw sudoku"
        ),
        "sudoku-x-windoku.svg": sudoku.to_svg(
            given, full, variant="x+windoku", title=title, cell=30
        ),
    }


def first_cages(path: Path) -> list[tuple[object, ...]]:
    """The cages of the first puzzle of a cage file such as ``killer.txt``.

    The file's form (a map of labels, then a line of ``label=clue`` words;
    ``#`` starts a comment) is read here, its cages by
    :func:`sudoku.cages.read_cage_map`.
    """
    from sudoku.cages import read_cage_map

    rows: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if "=" in line:
            return read_cage_map(rows, line)
        rows.append(line)
    raise ValueError(f"{path}: no line of clues after the map")


def cage_figures(srcdir: Path) -> dict[str, str]:
    """The cages how-to's pictures: a killer and a KenKen, and a step on the killer."""
    import sudoku

    examples = srcdir / "examples"
    killer = first_cages(examples / "killer.txt")
    kenken = first_cages(examples / "kenken.txt")
    blank = "." * 81
    killer_solved = sudoku.solve(blank, cages=killer)
    kenken_solved = sudoku.solve(blank, cages=kenken, variant="latin")
    steps = sudoku.explain(blank, cages=killer).steps
    step = next(step for step in steps if step.technique == "rule of 45")
    return {
        "cages-killer.svg": sudoku.to_svg(
            blank, cages=killer, cell=48, title="A killer sudoku: cages, no givens"
        ),
        "cages-killer-solved.svg": sudoku.to_svg(
            blank, killer_solved, cages=killer, cell=48, title="The killer, solved"
        ),
        "cages-kenken.svg": sudoku.to_svg(
            blank,
            cages=kenken,
            variant="latin",
            cell=48,
            title="A KenKen: arithmetic cages on a 9x9 grid without boxes",
        ),
        "cages-kenken-solved.svg": sudoku.to_svg(
            blank,
            kenken_solved,
            cages=kenken,
            variant="latin",
            cell=48,
            title="The KenKen, solved",
        ),
        "cages-killer-step.svg": step.to_svg(),
    }


# The scripts whose output the gallery shows (draw_links.py writes files instead).
SHOWN = (
    "queens",
    "langford",
    "pentominoes",
    "dominoes",
    "scott",
    "word_squares",
    "sudoku_file",
    "sudoku_hint",
)


def outputs(srcdir: Path) -> dict[str, str]:
    """What each script of :data:`SHOWN` prints when run without arguments."""
    result: dict[str, str] = {}
    for name in SHOWN:
        script = _example(srcdir, name)
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            script.main([])
        result[f"{name}.out"] = printed.getvalue()
    return result


def write_figures(srcdir: Path) -> list[Path]:
    """Write the figures into ``srcdir/_generated``; return the files changed."""
    out = srcdir / OUTPUT
    out.mkdir(exist_ok=True)
    changed = []
    for name, text in {**figures(srcdir), **outputs(srcdir)}.items():
        path = out / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


def _on_builder_inited(app: Sphinx) -> None:
    write_figures(Path(app.srcdir))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension with Sphinx."""
    app.connect("builder-inited", _on_builder_inited)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
