"""Start-up: importing the packages or starting a command imports only what the run uses.

Issue 31 asks that ``import dlx``, ``import sudoku`` and both commands
start quickly.  The modules of the ways a run may not use (split
searches, the SAT back end, estimates, preprocessing, the generator and
the grader) and the standard library's slow imports (process pools,
package metadata, pickle, JSON, OpenSSL's hashes, XML, typing, random) are
imported when a run uses them.  Each check runs in a fresh interpreter
and reads its ``sys.modules``; how long a start takes is measured by
``tests/benchmarks/bench_imports.py``, not here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from dlx_helpers import ROOT

#: Modules that no plain start imports (a run that asks for their way does).
LAZY = [
    "dlx.parallel",
    "dlx.sat",
    "dlx.estimate",
    "dlx.preprocess",
    "dlx.symmetry",
    "sudoku.generator",
    "sudoku.grading",
    "sudoku.generate_cli",
    "concurrent.futures",
    "multiprocessing",
    "importlib.metadata",
    "json",
    "pickle",
    "hashlib",
    "pathlib",
    "shutil",
    "tempfile",
    "xml.sax.saxutils",
    "urllib.request",
    # dlx.records stands in for dataclasses, which imports inspect, ast
    # and dis; the packed loops import ast to write themselves out, only
    # once a process has run UNROLL_AFTER nodes at one width.
    "dataclasses",
    "inspect",
    "ast",
    # Issue 46: annotations name typing's protocols and aliases, imported
    # under TYPE_CHECKING only (the walkers' protocol, in dlx.frame, is
    # dlx.position.Walker on first use); random comes with a seed.
    "typing",
    "dlx.frame",
    "random",
    # The signal handlers are set without asking threading which thread
    # runs (17 ms on PyPy); a worker of --jobs imports it to watch.
    "threading",
]

#: What a plain run may import besides (nothing: on PyPy the jit form
#: writes its loop out for a one-width problem from the first search, a
#: 4x4 sudoku is one, from the source as text, without ast).
RUN_ONLY: set[str] = set()


#: The prefixes of pydlx's modules.
OURS = ("dlx.", "sudoku.")


def run_fresh(code: str) -> str:
    """What ``code`` prints, run in a fresh interpreter on this checkout."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
        check=True,
    )
    return done.stdout


def loaded_after(code: str) -> set[str]:
    """The modules of :data:`LAZY` in ``sys.modules`` after running ``code`` afresh."""
    probe = f"{code}\nimport sys\nprint(repr(sorted(set(sys.modules) & {set(LAZY)!r})))"
    found: list[str] = eval(run_fresh(probe).strip().splitlines()[-1])
    return set(found)


@pytest.mark.processes
@pytest.mark.parametrize(
    "code",
    [
        "import dlx",
        "import sudoku",
        "import dlx.cli",
        "import sudoku.cli",
    ],
)
def test_imports_load_no_way_they_were_not_asked_for(code: str) -> None:
    assert loaded_after(code) == set()


@pytest.mark.processes
def test_plain_runs_of_the_commands_load_no_other_way() -> None:
    knuth = ROOT / "docs" / "examples" / "knuth.dlx"
    sudoku9 = ROOT / "docs" / "examples" / "sudoku9.in"
    runs = [
        f"from dlx.cli import main; main([{str(knuth)!r}])",
        f"from dlx.cli import main; main([{str(knuth)!r}, '--count', '--stats'])",
        f"from sudoku.cli import main; main([{str(sudoku9)!r}])",
        f"from sudoku.cli import main; main(['--count', {str(sudoku9)!r}])",
        "import sudoku; sudoku.solve('.' * 16)",
        "import dlx; dlx.ExactCover('ab', options=[['a'], ['b']]).count()",
    ]
    for code in runs:
        assert loaded_after(code) - RUN_ONLY == set(), code


@pytest.mark.processes
@pytest.mark.parametrize(
    ("code", "loads"),
    [
        ("from dlx import SatSearch", {"dlx.sat"}),
        ("import dlx; dlx.SatSearch", {"dlx.sat"}),
        ("from dlx import Estimate", {"dlx.estimate"}),
        ("from dlx import format_estimate", {"dlx.estimate"}),
        ("from dlx.algorithms import SatModel", {"dlx.sat"}),
        ("from dlx.algorithms import sat_available; sat_available()", {"dlx.sat"}),
        ("from sudoku import grade", {"sudoku.grading"}),
        ("from sudoku import Grade", {"sudoku.grading"}),
        ("from sudoku import generate", {"sudoku.generator", "sudoku.grading"}),
        ("import sudoku; sudoku.LEVEL_NAMES", {"sudoku.grading"}),
        (
            "import dlx; dlx.ExactCover('ab', options=[['a'], ['b']]).estimate(seed=1)",
            {"dlx.estimate"},
        ),
        (
            "import dlx; dlx.ExactCover('ab', options=[['a'], ['b']]).preprocessed()",
            {"dlx.preprocess"},
        ),
        (
            "import dlx; s = dlx.ExactCover('a', options=[['a']]).search();"
            " s.position().to_json()",
            {"json", "hashlib"},
        ),
        ("import sudoku; sudoku.to_svg('.' * 16)", set()),
        ("from dlx.commands import version; version()", {"importlib.metadata"}),
        ("from dlx.position import Walker", {"dlx.frame", "typing"}),
        (
            "import dlx; dlx.ExactCover('ab', options=[['a'], ['b']]).count(seed=1)",
            {"random"},
        ),
        # A long search of one width writes its loop out (dominoes 5x8:
        # 14,824 tilings): the packed form through ast, CPython's; PyPy's
        # jit form from the source as text.
        (
            "import dlx; cells = [(r, c) for r in range(5) for c in range(8)];"
            " options = [[(r, c), (r, c + 1)] for r in range(5) for c in range(7)];"
            " options += [[(r, c), (r + 1, c)] for r in range(4) for c in range(8)];"
            " assert dlx.ExactCover(cells, options=options).count() == 14824",
            set() if sys.implementation.name == "pypy" else {"ast"},
        ),
    ],
)
def test_using_a_way_imports_it(code: str, loads: set[str]) -> None:
    found = loaded_after(code)
    assert loads <= found
    # Of pydlx's own modules, only those of the way used (what the standard
    # library's modules import in turn differs between Python versions).
    assert {name for name in found if name.startswith(OURS)} == {
        name for name in loads if name.startswith(OURS)
    }


@pytest.mark.processes
def test_the_commands_import_a_way_when_a_run_uses_it() -> None:
    knuth = str(ROOT / "docs" / "examples" / "knuth.dlx")
    sudoku9 = str(ROOT / "docs" / "examples" / "sudoku9.in")
    cases = [
        (f"main([{knuth!r}, '--estimate'])", "dlx", {"dlx.estimate"}),
        (f"main([{knuth!r}, '--preprocess'])", "dlx", {"dlx.preprocess"}),
        (f"main([{knuth!r}, '--json'])", "dlx", {"json"}),
        (f"main(['--grade', {sudoku9!r}])", "sudoku", {"sudoku.grading"}),
        (f"main(['--json', {sudoku9!r}])", "sudoku", {"json"}),
    ]
    for call, command, loads in cases:
        found = loaded_after(f"from {command}.cli import main; {call}")
        assert loads <= found, call


@pytest.mark.processes
@pytest.mark.threads
def test_signal_handlers_are_left_alone_off_the_main_thread() -> None:
    # Both ways of knowing the thread: threading's, once imported, and the
    # refusal of signal.signal in a thread started without it.
    code = (
        "import _thread, signal, sys\n"
        "from dlx.commands import StopSignals\n"
        "seen = []\n"
        "done = _thread.allocate_lock()\n"
        "done.acquire()\n"
        "def inside():\n"
        "    try:\n"
        "        with StopSignals().installed():\n"
        "            seen.append(signal.getsignal(signal.SIGTERM) is signal.SIG_DFL)\n"
        "        seen.append('threading' in sys.modules)\n"
        "    finally:\n"
        "        done.release()\n"
        "_thread.start_new_thread(inside, ())\n"
        "done.acquire()\n"
        "import threading\n"
        "thread = threading.Thread(target=inside)\n"
        "thread.start()\n"
        "thread.join()\n"
        "with StopSignals().installed():\n"
        "    seen.append(signal.getsignal(signal.SIGTERM) is signal.SIG_DFL)\n"
        "seen.append(signal.getsignal(signal.SIGTERM) is signal.SIG_DFL)\n"
        "print(seen)"
    )
    assert run_fresh(code).strip() == "[True, False, True, True, False, True]"


@pytest.mark.processes
def test_a_split_run_imports_the_parallel_module() -> None:
    code = (
        "import dlx, concurrent.futures as cf\n"
        "with cf.ThreadPoolExecutor(2) as pool:\n"
        "    dlx.ExactCover('ab', options=[['a'], ['b']]).count(executor=pool)"
    )
    assert {"dlx.parallel", "concurrent.futures"} <= loaded_after(code)


@pytest.mark.processes
def test_lazy_names_are_the_documented_objects() -> None:
    code = (
        "import dlx, sudoku, json\n"
        "from dlx import algorithms, estimate, sat\n"
        "from sudoku import generator, grading\n"
        "pairs = [(dlx.SatSearch, sat.SatSearch), (dlx.Estimate, estimate.Estimate),"
        " (dlx.format_estimate, estimate.format_estimate),"
        " (algorithms.SatSearch, sat.SatSearch), (algorithms.sat, sat),"
        " (sudoku.generate, generator.generate), (sudoku.Grade, grading.Grade)]\n"
        "missing = [n for n in dlx.__all__ if n not in dir(dlx)]"
        " + [n for n in sudoku.__all__ if n not in dir(sudoku)]\n"
        "print(json.dumps([all(a is b for a, b in pairs), missing]))"
    )
    assert json.loads(run_fresh(code)) == [True, []]


def test_unknown_names_still_raise_attribute_error() -> None:
    import dlx
    import dlx.algorithms
    import sudoku

    for module in (dlx, sudoku, dlx.algorithms):
        with pytest.raises(AttributeError, match="no_such_name"):
            _ = module.no_such_name
