"""Development sessions: run ``nox`` for the default set, ``nox -l`` to list."""

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


@nox.session(python=MAIN_PYTHON)
def docs(session: nox.Session) -> None:
    """Build the HTML docs (warnings and broken references fail) and check the pages.

    Only builds: the examples of the docs run in the tests session (pytest runs
    the ``>>>`` examples of the pages and docstrings, and tests/test_doc_console.py
    the console transcripts), so Sphinx's doctest builder, which found no
    test, is not run.  Offline by default; set PYDLX_INTERSPHINX=1 to link to
    the Python docs.
    """
    install_groups(session, "docs")
    session.install("-e", ".")
    session.run(
        "sphinx-build",
        "-W",
        "-n",
        "-b",
        "html",
        "docs",
        "docs/_build/html",
        *session.posargs,
    )
    # Some problems show only in the pages, not in the log (furo, docutils).
    session.run("python", "docs/check_html.py", "docs/_build/html")


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
