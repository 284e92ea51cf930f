"""What ``import dlx``, ``import dlx.cli`` and ``import sudoku`` import: the modules of a way only when a run takes it.

Issue 46 ("Import what a run uses"): the searches' classes, the loops of
the algorithms, the text format and the ways a run may not take are
imported on first use, and a search imports the module of its own
algorithm only; ``import sudoku`` imports what solves, and what shows
grids, reads files, explains, grades or generates on first use.  Each check runs in a fresh interpreter and reads its
``sys.modules`` (how long a start takes is measured by
``tests/benchmarks/bench_imports.py``, not here); ``tests/test_startup.py``
checks the standard library's slow modules and the commands' runs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from dlx_helpers import ROOT

#: The loops of the algorithms, one module each.
LOOPS = {
    "dlx.algorithm_c",
    "dlx.algorithm_m",
    "dlx.algorithm_x",
    "dlx.algorithm_x5",
    "dlx.algorithm_x_jit",
    "dlx.algorithm_x_packed",
}

#: What ``import dlx`` does not import: the searches (and their loops), the
#: text format, the ways a run may not take, and the standard library's
#: modules only those need.
NOT_ON_IMPORT = LOOPS | {
    "dlx.engine",
    "dlx.position",
    "dlx.frame",
    "dlx.textformat",
    "dlx.parallel",
    "dlx.sat",
    "dlx.estimate",
    "dlx.preprocess",
    "dlx.symmetry",
    "dlx.conflict",
    "dlx.polyomino",
    "dlx.commands",
    "dlx.watch",
    "random",
    "heapq",
    "argparse",
    "concurrent.futures",
    "multiprocessing",
    "threading",
    "dataclasses",
    # The ways' rules and their protocols (with typing, and typing's re).
    "dlx.ways",
    "dlx.runs",
    "typing",
    "re",
}

#: What ``import dlx.cli`` does not import: the loops and the searches
#: (a run imports those it uses), the ways it may not take.
NOT_ON_CLI_IMPORT = LOOPS | {
    "dlx.engine",
    "dlx.position",
    "dlx.frame",
    "dlx.parallel",
    "dlx.sat",
    "dlx.estimate",
    "dlx.preprocess",
    "dlx.symmetry",
    "dlx.conflict",
    "random",
    "heapq",
    "select",
    "concurrent.futures",
    "multiprocessing",
    "dataclasses",
    "dlx.runs",
    "typing",
    "threading",
}

#: What ``import sudoku`` does not import: what shows grids and reads
#: files, the explainer and its techniques, the grader, the generator, the
#: transformations, "why not?", the commands, and what only those need.
NOT_ON_SUDOKU_IMPORT = LOOPS | {
    "sudoku.display",
    "sudoku.formats",
    "sudoku.explainer",
    "sudoku.techniques",
    "sudoku.chains",
    "sudoku.steps",
    "sudoku.cages",
    "sudoku.cage_steps",
    "sudoku.grading",
    "sudoku.generator",
    "sudoku.transform",
    "sudoku.whynot",
    "sudoku.entries",
    "sudoku.batch",
    "sudoku.options",
    "sudoku.cli",
    "sudoku.generate_cli",
    "dlx.cli",
    "dlx.commands",
    "dlx.watch",
    "dlx.engine",
    "dlx.sat",
    "argparse",
    "random",
    "dataclasses",
    "html",
    # The protocols (typing's, with typing's re).
    "sudoku.arrays",
    "dlx.runs",
    "typing",
    "re",
}

#: What ``import sudoku.cli`` does not import: the loops and the searches
#: (a run imports those it uses), what shows grids (--pretty, --svg), the
#: explainer, the grader and the generator, and typing (the annotations'
#: names are the type checker's only).
NOT_ON_SUDOKU_CLI_IMPORT = LOOPS | {
    "dlx.engine",
    "dlx.position",
    "dlx.frame",
    "dlx.parallel",
    "dlx.sat",
    "dlx.conflict",
    "sudoku.display",
    "sudoku.arrays",
    "sudoku.explainer",
    "sudoku.techniques",
    "sudoku.chains",
    "sudoku.cages",
    "sudoku.grading",
    "sudoku.generator",
    "sudoku.generate_cli",
    "sudoku.transform",
    "sudoku.whynot",
    "sudoku.entries",
    "dlx.cli",
    "random",
    "heapq",
    "html",
    "json",
    "concurrent.futures",
    "multiprocessing",
    "dataclasses",
    "dlx.runs",
    "typing",
    "threading",
}

#: The loops a count of a problem without colours or bounds imports
#: (Algorithm X's forms: packed, wide and marks; buckets and plain; jit).
X_LOOPS = {"dlx.algorithm_x", "dlx.algorithm_x_jit", "dlx.algorithm_x_packed"}


def fresh(code: str) -> tuple[Any, set[str]]:
    """Run ``code`` in a fresh interpreter on this checkout; it sets ``out``.

    Returns ``out`` (a JSON value) and the modules in ``sys.modules`` at
    the end, as read back from the interpreter.
    """
    probe = (
        "import sys, json\nout = None\n"
        f"{code}\n"
        "print(json.dumps({'out': out, 'modules': sorted(sys.modules)}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
        check=True,
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return found["out"], set(found["modules"])


def imported_by(code: str) -> set[str]:
    """The modules ``code`` imports, run afresh (the interpreter's own left out)."""
    out, _ = fresh(
        f"before = set(sys.modules)\n{code}\nout = sorted(set(sys.modules) - before)"
    )
    return set(out)


@pytest.mark.processes
def test_import_dlx_imports_no_search_loop_or_way() -> None:
    assert imported_by("import dlx") & NOT_ON_IMPORT == set()


@pytest.mark.processes
def test_import_dlx_cli_imports_no_loop_or_search() -> None:
    assert imported_by("import dlx.cli") & NOT_ON_CLI_IMPORT == set()


@pytest.mark.processes
def test_import_sudoku_imports_no_display_format_explainer_or_generator() -> None:
    assert imported_by("import sudoku") & NOT_ON_SUDOKU_IMPORT == set()


@pytest.mark.processes
def test_import_sudoku_cli_imports_no_typing_display_or_search() -> None:
    assert imported_by("import sudoku.cli") & NOT_ON_SUDOKU_CLI_IMPORT == set()


@pytest.mark.processes
@pytest.mark.parametrize("option", ["--pretty", "--svg"], ids=["pretty", "svg"])
def test_sudoku_cli_imports_the_display_when_a_run_draws(
    option: str, tmp_path: Path
) -> None:
    sudoku9 = str(ROOT / "docs" / "examples" / "sudoku9.in")
    given = [option] if option == "--pretty" else [option, str(tmp_path / "s.svg")]
    code = (
        "from sudoku.cli import main\n"
        f"status = main({[sudoku9]!r})\n"
        "after_plain = set(sys.modules)\n"
        f"drawn = main({[*given, sudoku9]!r})\n"
        "out = [status, drawn, 'sudoku.display' in after_plain,"
        " 'sudoku.display' in sys.modules]"
    )
    assert fresh(code)[0] == [0, 0, False, True]


@pytest.mark.processes
@pytest.mark.parametrize(
    ("use", "module"),
    [
        ("sudoku.format_grid('1' * 16)", "sudoku.display"),
        ("sudoku.to_svg('.' * 16)", "sudoku.display"),
        ("sudoku.read_puzzles('1' * 16)", "sudoku.formats"),
        ("sudoku.Layout", "sudoku.formats"),
        ("sudoku.canonical('.' * 16)", "sudoku.transform"),
    ],
)
def test_a_lazy_sudoku_name_imports_its_module_and_not_the_others(
    use: str, module: str
) -> None:
    code = (
        "import sudoku\n"
        "before = set(sys.modules)\n"
        f"{use}\n"
        "out = sorted(set(sys.modules) - before)"
    )
    loaded = set(fresh(code)[0])
    # Of pydlx's modules, the name's own (the standard library's that it
    # imports in turn, such as html for the SVG, may come too, and the
    # protocol ArrayLike where a module imports it to run).
    ours = {m for m in loaded if m.startswith(("dlx.", "sudoku."))}
    assert ours - {"sudoku.arrays"} == {module}


@pytest.mark.processes
def test_every_sudoku_name_is_importable_and_lazy_ones_are_their_modules() -> None:
    code = (
        "import sudoku, importlib\n"
        "names = {n: getattr(sudoku, n) for n in sudoku.__all__}\n"
        "wrong = sorted(n for n, m in sudoku._LAZY.items()"
        " if names[n] is not getattr(importlib.import_module('sudoku.' + m), n))\n"
        "out = [wrong, sorted(set(sudoku.__all__) - set(dir(sudoku))),"
        " sorted(set(sudoku._LAZY) - set(sudoku.__all__))]\n"
        "exec('from sudoku import ' + ', '.join(sudoku.__all__))"
    )
    assert fresh(code)[0] == [[], [], []]


def test_not_set_is_one_object_under_both_names() -> None:
    from dlx import notset, ways

    assert ways.NotSet is notset.NotSet
    assert ways.NOT_SET is notset.NOT_SET
    explicit: set[str] = set()
    assert ways.given_value(notset.NOT_SET, 5, "limit", explicit) == 5
    assert explicit == set()
    assert ways.given_value(5, 5, "limit", explicit) == 5
    assert explicit == {"limit"}


@pytest.mark.processes
def test_a_count_after_import_imports_the_loops_of_its_algorithm_only() -> None:
    code = (
        "import dlx\n"
        "problem = dlx.ExactCover('abc', options=[['a', 'b'], ['c'], ['a'], ['b', 'c']])\n"
        "before = set(sys.modules)\n"
        "n = problem.count()\n"
        "out = [n, sorted(set(sys.modules) - before)]"
    )
    (count, loaded), _ = fresh(code)
    assert count == 2
    assert set(loaded) & LOOPS == X_LOOPS
    assert {"dlx.engine", "dlx.position"} <= set(loaded)


@pytest.mark.processes
@pytest.mark.parametrize(
    ("problem", "loop"),
    [
        (
            "dlx.ExactCover('a', secondary='x', options=[['a', dlx.Colored('x', 1)]])",
            "dlx.algorithm_c",
        ),
        (
            "dlx.ExactCover('a', options=[['a']], bounds={'a': (1, 2)})",
            "dlx.algorithm_m",
        ),
    ],
)
def test_a_search_of_another_algorithm_imports_its_loop(
    problem: str, loop: str
) -> None:
    code = f"import dlx\nout = {problem}.count()"
    out, loaded = fresh(code)
    assert out == 1
    assert loaded & LOOPS == {loop}


@pytest.mark.processes
def test_best_imports_algorithm_x5() -> None:
    code = (
        "import dlx\n"
        "problem = dlx.ExactCover('ab')\n"
        "problem.add_option(['a', 'b'], cost=3)\n"
        "problem.add_option(['a'], cost=1)\n"
        "problem.add_option(['b'], cost=1)\n"
        "out = [[cost, problem.options_of(s)] for cost, s in problem.best(1)]"
    )
    out, loaded = fresh(code)
    assert out == [[2, [["a"], ["b"]]]]
    assert "dlx.algorithm_x5" in loaded


@pytest.mark.processes
def test_every_public_name_is_importable_and_is_its_modules_object() -> None:
    code = (
        "import dlx, importlib\n"
        "names = {n: getattr(importlib.import_module('dlx'), n) for n in dlx.__all__}\n"
        "homes = {n: getattr(importlib.import_module(v.__module__), n)"
        " for n, v in names.items() if hasattr(v, '__module__')}\n"
        "out = [sorted(n for n in names if names[n] is not homes.get(n, names[n])),"
        " sorted(set(dlx.__all__) - set(dir(dlx)))]\n"
        "exec('from dlx import ' + ', '.join(dlx.__all__))"
    )
    assert fresh(code)[0] == [[], []]


def test_the_registry_holds_the_entries_searches_use() -> None:
    from dlx import ExactCover, algorithms

    registry = algorithms.REGISTRY
    assert list(registry) == ["X", "C", "M", "X5"]
    assert registry is algorithms.REGISTRY
    for name, entry in registry.items():
        assert algorithms.by_name(name) is entry
    links = ExactCover("ab", options=[["a"], ["b"]]).links()
    assert algorithms.choose(links)[0] is registry["X"]
    with pytest.raises(ValueError, match="there are 'X', 'C', 'M', 'X5'"):
        algorithms.by_name("Y")


def test_the_loops_modules_are_the_algorithms_names() -> None:
    import dlx.algorithm_c
    import dlx.algorithm_x5
    from dlx import algorithms

    assert algorithms.algorithm_c is dlx.algorithm_c
    assert algorithms.algorithm_x5 is dlx.algorithm_x5
    assert {"algorithm_c", "algorithm_x5", "REGISTRY"} <= set(dir(algorithms))
