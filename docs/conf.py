"""Sphinx configuration for pydlx.

Built by ``nox -s docs`` with ``-W -n``: every warning, and every cross-reference
that does not resolve, fails the build.  The machine may be offline, so links to
the Python documentation (intersphinx) are made only when PYDLX_INTERSPHINX=1.
"""

import os
import sys
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _dist_version

project = "pydlx"
author = "The pydlx developers"
copyright = "2026, The pydlx developers"
try:
    release = _dist_version("pydlx")
except PackageNotFoundError:  # building from a checkout without installing
    release = "0.1.0"
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
]

# Figures drawn during the build (docs/_ext/pydlx_figures.py writes docs/_generated/).
sys.path.insert(0, os.path.abspath("_ext"))
extensions += ["pydlx_figures", "pydlx_try_page"]

exclude_patterns = ["_build", "examples", "_static/bench/results.rst"]

html_theme = "furo"
html_title = f"pydlx {release}"

autodoc_typehints = "description"

# The examples run under pytest, not Sphinx's doctest builder: docstring
# examples with --doctest-modules (in their module's namespace, which Sphinx
# would not give them), every ``>>>`` example of docs/**/*.rst and README.rst
# with --doctest-glob, and the console transcripts in tests/test_doc_console.py.
autodoc_member_order = "bysource"

nitpicky = True
# Targets that have no page to link to.  Add private typing helpers here
# (e.g. ("py:class", "dlx._types.T")) rather than silencing whole modules.
nitpick_ignore: list[tuple[str, str]] = [
    ("py:class", "T"),
    ("py:class", "_T"),
    ("py:class", "dlx.records._R"),
    ("py:class", "multiprocessing.context.BaseContext"),  # offline: no intersphinx
    ("py:class", "_Form"),  # sudoku.grid's private union of grid forms
    ("py:class", "Runner"),  # the packed form's alias for a loop's signature
    ("py:class", "Cell"),  # dlx.polyomino's aliases, documented as data
    ("py:class", "Shape"),
    ("py:class", "Use"),
    ("py:class", "dlx.estimate._Run"),  # the protocol of a counting search
    # dlx.Position's docstring (written in dlx.position) names its neighbour
    # fingerprint, documented as dlx.position.fingerprint.
    ("py:func", "fingerprint"),
]
nitpick_ignore_regex: list[tuple[str, str]] = []

INTERSPHINX = os.environ.get("PYDLX_INTERSPHINX") == "1"
if INTERSPHINX:
    intersphinx_mapping = {"python": ("https://docs.python.org/3", None)}
else:
    intersphinx_mapping = {}
    # Without intersphinx, references to the standard library cannot resolve
    # (builtins and plain ``typing`` names are exempt in Sphinx itself).
    _STDLIB = (
        "abc|argparse|ast|collections|collections\\.abc|concurrent|concurrent\\.futures|"
        "contextlib|dataclasses|dis|enum|importlib|importlib\\.util|"
        "functools|gc|hashlib|inspect|io|itertools|json|multiprocessing|os|pathlib|random|re|"
        "sys|tokenize|types|typing|uuid"
    )
    nitpick_ignore_regex += [
        (r"py:.*", rf"(?:{_STDLIB})\..*"),
        (r"py:mod", rf"(?:{_STDLIB})"),
        # Short names that appear when annotations are rendered unqualified.
        (
            r"py:.*",
            r"Callable|Collection|Hashable|Iterable|Iterator|Generator|Mapping|"
            r"MutableMapping|Sequence|Set|TextIO|IO|Path|Random|Self|Executor|Future",
        ),
    ]


def _type_checking_names() -> None:
    """Give each module of pydlx the names it imports under ``if TYPE_CHECKING:``.

    To start quickly, the packages import the modules of the ways a run may
    not use (process pools, the SAT back end, estimates, ...) only when the
    run uses them, and name their classes in annotations only, imported
    under ``TYPE_CHECKING`` for mypy.  autodoc evaluates annotations in the
    module's namespace: without those names it would show every annotation
    of a signature unresolved (``Executor``, ``Method``).  Every module is
    imported first, so that these imports make no cycle.
    """
    import ast
    import importlib
    import pkgutil

    modules = []
    for package in ("dlx", "sudoku"):
        top = importlib.import_module(package)
        modules.append(top)
        for info in pkgutil.iter_modules(top.__path__):
            if info.name != "__main__":
                modules.append(importlib.import_module(f"{package}.{info.name}"))
    for module in modules:
        with open(module.__file__, encoding="utf-8") as source:
            tree = ast.parse(source.read())
        for node in tree.body:
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
                code = compile(ast.Module(node.body, []), module.__file__, "exec")
                exec(code, vars(module))


_type_checking_names()
