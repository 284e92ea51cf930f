"""Development sessions: run ``nox`` for the default set, ``nox -l`` to list."""

import json
import shutil
from pathlib import Path

import nox

nox.needs_version = ">=2025.2.9"  # nox.project.dependency_groups
nox.options.default_venv_backend = "virtualenv"
nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.error_on_missing_interpreters = True
nox.options.download_python = "never"  # offline machines: use the installed ones

PYPROJECT = nox.project.load_toml("pyproject.toml")
PYTHONS = ["3.11", "3.12", "3.13"]
MAIN_PYTHON = "3.11"
#: PyPy 3.11, not in the default run (CI runs it after, .ci/run): ``sh .ci/setup-pypy``
#: installs it on Debian 12 (as root, into /opt/pypy311) and
#: ``PATH=/opt/pypy311/bin:$PATH`` lets nox find it.
PYPY = "pypy3.11"


def install_groups(session: nox.Session, *groups: str) -> None:
    for group in groups:
        session.install(*nox.project.dependency_groups(PYPROJECT, group))


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the tests, the doctests and the docs' console examples, without the slow ones.

    The tests are spread over every core (pytest-xdist's ``-n auto``).
    Arguments after ``--`` go to pytest; a later ``-m`` wins, so
    ``nox -s tests -- -m slow`` runs only the slow tests and
    ``nox -s tests -- -m ""`` runs everything.
    """
    install_groups(session, "test")
    # The SAT back end's tests (tests/test_sat.py) run where OR-Tools is
    # installed: on the main Python only, since installing it (a 30 MB
    # wheel, with pandas and protobuf) costs every session time; the other
    # versions skip them, saying why, and the "sat" session runs them alone.
    session.install("-e", ".[sat]" if session.python == MAIN_PYTHON else ".")
    # On every core (pytest-xdist): the suite takes minutes on one, and CI
    # runs it on three Pythons; ``-- -n 0`` runs it in one process.
    session.run("pytest", "-n", "auto", "-m", "not slow", *session.posargs)


@nox.session(python=PYPY)
def tests_pypy(session: nox.Session) -> None:
    """Run the default tests (as the tests session does) on PyPy 3.11.

    Not in the default run, which needs no PyPy; CI (``.ci/run``) runs
    these tests after it, but for three modules left out for time.  Install
    PyPy first (``sh .ci/setup-pypy``, as root, on Debian 12), then
    ``PATH=/opt/pypy311/bin:$PATH nox -s tests_pypy``.  Spread over every
    core, as in the tests session: PyPy starts the many commands the tests
    run more slowly than CPython, and its JIT warms up in each process.

    hypothesis is held below 6.156: later releases ship a compiled module
    for PyPy that PyPy 7.3.19 cannot load (a C-API symbol it lacks).
    distributed is left out: it cannot start a scheduler on PyPy (it needs
    ``gc.callbacks``, which only CPython has), so its tests skip there anyway,
    and its psutil dependency would have to be compiled.
    """
    test = nox.project.dependency_groups(PYPROJECT, "test")
    session.install(
        *(
            "hypothesis<6.156" if dep == "hypothesis" else dep
            for dep in test
            if not dep.startswith("distributed")
        )
    )
    session.install("-e", ".")
    session.run("pytest", "-n", "auto", "-m", "not slow", *session.posargs)


@nox.session(python=MAIN_PYTHON)
def sat(session: nox.Session) -> None:
    """The SAT back end (method="sat", the sat extra): its tests, the slow ones included."""
    install_groups(session, "test")
    session.install("-e", ".[sat]")
    session.run("pytest", "tests/test_sat.py", "-m", "", *session.posargs)


@nox.session(python=MAIN_PYTHON)
def slow(session: nox.Session) -> None:
    """Run only the slow tests, with the external oracles they compare against."""
    install_groups(session, "test", "external")
    session.install("-e", ".")
    session.run("pytest", "-m", "slow", *session.posargs)


@nox.session(python=MAIN_PYTHON)
def typecheck(session: nox.Session) -> None:
    """Type-check the packages and the tests with mypy --strict."""
    install_groups(session, "typecheck")
    session.install("-e", ".")
    session.run("mypy", "--strict", "dlx", "sudoku", "tests", *session.posargs)


@nox.session(python=MAIN_PYTHON)
def lint(session: nox.Session) -> None:
    """Lint and check formatting with ruff."""
    install_groups(session, "lint")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


#: The npm package ``pyodide`` that ``nox -s pyodide`` tests under and the docs
#: page "Try it in your browser" serves: pinned in tests/pyodide/package.json
#: (and its lock), installed by npm into .nox/npm-pyodide.
PYODIDE_PIN = Path("tests/pyodide")
#: The wheels of the test tools, for Pyodide's Python (pure Python, so any
#: platform's); hypothesis as on PyPy: later releases are not pure.
PYODIDE_TEST_WHEELS = ["pytest", "hypothesis<6.156"]
#: The share of the tests run under Pyodide by default, within 3 minutes:
#: every test module but these, whose code is the same on every interpreter
#: and which take two fifths of Pyodide's time (the generators, the grader,
#: the explainer, canonical forms, the variants, estimates, memoised search,
#: preprocessing, symmetry, Algorithm M beyond the conformance suite, the
#: oracle beside it, the split searches, whose workers Pyodide lacks, and
#: the try page's Python, which nox -s browser runs in Pyodide itself).  The tests that start processes or threads skip
#: there, each with its reason.  ``nox -s pyodide -- tests`` runs them all.
PYODIDE_LEFT_OUT = [
    "tests/test_generate.py",
    "tests/test_generate_variants.py",
    "tests/test_sudoku_grading.py",
    "tests/test_sudoku_explain.py",
    "tests/test_sudoku_transform.py",
    "tests/test_sudoku_variants.py",
    "tests/test_estimate.py",
    "tests/test_algorithm_m.py",
    "tests/test_hypothesis_oracle.py",
    "tests/test_parallel.py",
    "tests/test_parallel_local.py",
    "tests/test_memo.py",
    "tests/test_preprocess.py",
    "tests/test_symmetry.py",
    "tests/test_try_page.py",
]


def pyodide_runtime(session: nox.Session) -> Path:
    """Install the pinned Pyodide with npm (once) and return the package's folder."""
    # Not the pyodide session's own folder, which nox makes anew each run.
    folder = Path(".nox", "npm-pyodide")
    package = folder / "node_modules" / "pyodide"
    pin = json.loads((PYODIDE_PIN / "package.json").read_text())["dependencies"]
    installed = package / "package.json"
    if not (
        installed.exists()
        and json.loads(installed.read_text())["version"] == pin["pyodide"]
    ):
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(PYODIDE_PIN / name, folder / name)
        session.run(
            "npm",
            "ci",
            "--no-audit",
            "--no-fund",
            "--loglevel=error",
            f"--prefix={folder}",
            external=True,
        )
    return package.resolve()


def pydlx_wheel(session: nox.Session) -> Path:
    """Build pydlx's wheel from the checkout into a fresh folder; return its path."""
    folder = Path(session.create_tmp()) / "wheel"
    shutil.rmtree(folder, ignore_errors=True)
    session.run(
        "python", "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(folder), "."
    )
    (wheel,) = folder.glob("pydlx-*.whl")
    return wheel.resolve()


@nox.session(python=MAIN_PYTHON)
def pyodide(session: nox.Session) -> None:
    """Run a share of the tests under Pyodide (Python 3.14 in WebAssembly), in Node.js.

    Needs Node.js and npm: installs the pinned npm package ``pyodide``,
    builds pydlx's wheel and downloads pytest's and hypothesis's, and runs
    the tests (all but :data:`PYODIDE_LEFT_OUT`, not the slow ones) with
    pydlx from the wheel (see tests/pyodide/run.mjs).  Arguments after
    ``--`` replace that choice: ``nox -s pyodide -- tests/test_engine.py -x``.
    """
    if shutil.which("node") is None or shutil.which("npm") is None:
        session.error("nox -s pyodide needs Node.js and npm on the PATH")
    runtime = pyodide_runtime(session)
    wheels = pydlx_wheel(session).parent
    session.run(
        "python",
        "-m",
        "pip",
        "download",
        "-q",
        "--only-binary=:all:",
        "--python-version=3.14",
        "--implementation=py",
        "--abi=none",
        "--platform=any",
        f"--dest={wheels}",
        *PYODIDE_TEST_WHEELS,
    )
    tests = session.posargs or [
        "tests",
        "-m",
        "not slow",
        *(f"--ignore={path}" for path in PYODIDE_LEFT_OUT),
    ]
    session.run(
        "node",
        str(PYODIDE_PIN / "run.mjs"),
        str(runtime),
        str(wheels),
        ".",
        "-p",
        "no:cacheprovider",
        "--import-mode=importlib",  # the wheel's dlx, not the checkout's
        "-q",
        *tests,
        external=True,
    )


def build_docs(session: nox.Session, *args: str, with_python: bool = False) -> None:
    """Build the HTML docs with Pyodide and pydlx's wheel beside the page that uses them.

    Without npm the docs are built all the same, the page "Try it in your
    browser" without Python in it (it says so), unless ``with_python``.
    """
    install_groups(session, "docs")
    session.install("-e", ".")
    env: dict[str, str] = {}
    if shutil.which("npm") is not None:
        env = {
            "PYDLX_PYODIDE": str(pyodide_runtime(session)),
            "PYDLX_WHEEL": str(pydlx_wheel(session)),
        }
    elif with_python:
        session.error("Pyodide is installed with npm, which is not on the PATH")
    else:
        session.warn("npm not found: the page try.html is built without Python in it")
    session.run(
        "sphinx-build",
        "-W",
        "-n",
        "-b",
        "html",
        "docs",
        "docs/_build/html",
        *args,
        env=env,
    )


@nox.session(python=MAIN_PYTHON)
def docs(session: nox.Session) -> None:
    """Build the HTML docs (warnings and broken references fail) and check the pages.

    Only builds: the examples of the docs run in the tests session (pytest runs
    the ``>>>`` examples of the pages and docstrings, and tests/test_doc_console.py
    the console transcripts), so Sphinx's doctest builder, which found no
    test, is not run.  Offline by default; set PYDLX_INTERSPHINX=1 to link to
    the Python docs.
    """
    build_docs(session, *session.posargs)
    # Some problems show only in the pages, not in the log (furo, docutils).
    session.run("python", "docs/check_html.py", "docs/_build/html")


@nox.session(python=MAIN_PYTHON)
def browser(session: nox.Session) -> None:
    """Drive the page "Try it in your browser" in headless Chromium (tests/test_try_page.py).

    Builds the docs (as the docs session does), serves them on 127.0.0.1
    and solves, draws, counts and stops through the page, with Playwright
    driving the system's Chromium (Debian's ``chromium``; PYDLX_CHROMIUM
    names another).  Arguments after ``--`` go to pytest.
    """
    install_groups(session, "test")
    session.install("playwright")
    build_docs(session, with_python=True)
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        "tests/test_try_page.py",
        *session.posargs,
        env={"PYDLX_SITE": str(Path("docs/_build/html").resolve())},
    )


@nox.session(name="try", python=MAIN_PYTHON)
def try_(session: nox.Session) -> None:
    """Build the docs and serve them at http://127.0.0.1:8000 (try.html runs pydlx there).

    Ctrl-C stops the server.  Arguments after ``--`` replace the port.
    """
    build_docs(session, with_python=True)
    port = session.posargs[0] if session.posargs else "8000"
    session.log(f"Try it: http://127.0.0.1:{port}/try.html (Ctrl-C stops)")
    session.run(
        "python", "-m", "http.server", "-b", "127.0.0.1", "-d", "docs/_build/html", port
    )


@nox.session(python=MAIN_PYTHON)
def bench(session: nox.Session) -> None:
    """Run the benchmarks against the other exact-cover solvers (not in the default run).

    Installs the peers next to pydlx: each solver runs in its own process, so
    the PyPI package ``dlx`` (which is also a top-level module ``dlx``) does not
    clash with ours.  Arguments after ``--`` go to ``tests/benchmarks/run.py``
    (e.g. ``nox -s bench -- --quick --json /tmp/bench.json``).
    """
    session.install("-e", ".")
    session.install(
        "dlx==1.0.4",
        "algorithm-x==0.1.0",
        "exact-cover==1.5.0",
        "xcover==0.2.6",
        "matplotlib>=3.10",
    )
    session.run("python", "tests/benchmarks/run.py", *session.posargs)
