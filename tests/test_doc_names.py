"""Every Python name and every repository file the documentation names still exists.

A cheap guard against prose that outlives a move or a rename.  The pages
are README.rst and docs/**/*.rst (not the build's output); in each:

* **Python names**: the targets of the roles ``:class:``, ``:func:``,
  ``:meth:``, ``:mod:``, ``:data:``, ``:attr:``, ``:exc:`` (and ``:obj:``,
  ``:const:``; with or without ``py:``), and the arguments of the
  ``auto*`` directives (``.. autoclass:: dlx.Search``).  A role's target is
  what stands in angle brackets when there are any (``:meth:`best(k)
  <dlx.ExactCover.best>```), without a leading ``~`` or ``!``.
  A target that starts with ``dlx.`` or ``sudoku.`` (or is one of the two
  packages) is imported and looked up attribute by attribute: the longest
  prefix that imports as a module, then ``getattr`` for the rest.  An
  attribute that a class sets on its instances only (in ``__init__``, a
  dataclass field, an annotation) counts when the class's source assigns
  or annotates it.
* Other targets are relative: inside a ``.. module::``,
  ``.. currentmodule::`` or ``.. automodule::`` they are looked up in that
  module, and inside the content of an ``.. autoclass::`` or
  ``.. class::`` in that class too; a target found in neither passes only
  if it is a builtin (``ValueError``) or names an importable module or an
  attribute of one (``concurrent.futures.Executor``).  Outside such a
  context only the fully qualified targets are checked (a bare name there
  is left to Sphinx's ``-n``, which fails the docs build on it).
* **Files**: every path the pages write under ``tests/``,
  ``docs/examples/``, ``dlx/`` or ``sudoku/`` (in prose, code and console
  blocks alike) exists in the checkout; a ``*`` is a glob that must match
  something, and a path with a placeholder (``dlx/algorithm_<name>.py``)
  is not checked.  Paths that commands of a page write themselves are
  not under these folders.
* **Links**: a hyperlink target that is a relative path
  (``.. _best: docs/howto/best.rst`` in README.rst, ``.. _best:
  howto/best.html`` in docs/index.rst) names a file that exists, relative
  to the page, up to any ``#anchor``; a built page ``x.html`` is there
  when its source ``x.rst`` is.

The test imports ``dlx`` and ``sudoku`` and nothing of the optional extras,
and reads the pages as text (no Sphinx): it takes well under a second.
``test_a_bad_name_is_found`` makes sure the checker fails on a name that
does not exist.
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from doc_blocks import ROOT, pages

ROLE = re.compile(
    r":(?:py:)?(?P<role>class|func|meth|mod|data|attr|exc|obj|const):"
    r"`(?P<text>[^`]+)`"
)
DIRECTIVE = re.compile(
    r"^(?P<indent>\s*)\.\. (?:py:)?(?P<name>[\w-]+)::\s*(?P<argument>\S*)"
)
#: Directives whose argument is a Python name, looked up like a role's target.
AUTO = {
    "automodule",
    "autoclass",
    "autofunction",
    "automethod",
    "autodata",
    "autoattribute",
    "autoexception",
}
#: Directives that set the module relative targets are looked up in.
MODULE_DIRECTIVES = {"module", "currentmodule", "automodule"}
#: Directives whose content is about one class.
CLASS_DIRECTIVES = {"autoclass", "class", "autoexception", "exception"}
PACKAGES = ("dlx", "sudoku")
PATH = re.compile(
    r"(?<![\w./~-])(?P<path>(?:tests|docs/examples|dlx|sudoku)/[\w./*-]*[\w*])"
)


@dataclass(frozen=True)
class Name:
    """A Python name a page refers to, with where it stands."""

    page: Path
    line: int
    target: str
    module: str | None  # the module of a .. module:: (or automodule) above it
    cls: str | None  # the class whose directive's content it is in

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def target_of(text: str) -> str:
    """The target of a role's text: in angle brackets if any, without ``~``/``!``."""
    match = re.search(r"<([^<>]+)>\s*$", text)
    target = match[1] if match else text
    target = target.strip().lstrip("~!")
    return target.removesuffix("()")


def names(page: Path) -> list[Name]:
    """Every Python name ``page`` marks up, in its order."""
    found: list[Name] = []
    module: str | None = None
    cls: str | None = None
    cls_indent = -1
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        indent = len(line) - len(line.lstrip())
        if cls is not None and line.strip() and indent <= cls_indent:
            cls = None
        directive = DIRECTIVE.match(line)
        if directive:
            name, argument = directive["name"], directive["argument"]
            if name in AUTO and argument:
                found.append(Name(page, number, argument, module, cls))
            if name in MODULE_DIRECTIVES and argument:
                module = argument
            if name in CLASS_DIRECTIVES and argument:
                cls = (
                    argument
                    if "." in argument or not module
                    else f"{module}.{argument}"
                )
                cls_indent = len(directive["indent"])
        for role in ROLE.finditer(line):
            found.append(Name(page, number, target_of(role["text"]), module, cls))
    return found


def is_qualified(target: str) -> bool:
    return target in PACKAGES or target.startswith(tuple(f"{p}." for p in PACKAGES))


@cache
def _import(module: str) -> object | None:
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def _instance_attribute(owner: type, attribute: str) -> bool:
    """Whether ``owner`` (or a base) sets or annotates ``attribute`` on its instances."""
    pattern = re.compile(
        rf"(?:self\.{re.escape(attribute)}\s*(?::[^=\n]*)?=|"
        rf"^\s*{re.escape(attribute)}\s*:)",
        re.MULTILINE,
    )
    for base in inspect.getmro(owner):
        if attribute in getattr(base, "__annotations__", {}):
            return True
        try:
            source = inspect.getsource(base)
        except (OSError, TypeError):
            continue
        if pattern.search(source):
            return True
    return False


def resolve(target: str) -> bool:
    """Whether the dotted name ``target`` exists: a module, then attributes."""
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        obj = _import(".".join(parts[:cut]))
        if obj is None:
            continue
        for attribute in parts[cut:]:
            try:
                obj = getattr(obj, attribute)
            except AttributeError:
                if isinstance(obj, type) and attribute == parts[-1]:
                    return _instance_attribute(obj, attribute)
                return False
        return True
    return False


def exists(name: Name) -> bool:
    """Whether ``name`` exists, by the rules of the module's docstring."""
    target = name.target
    if is_qualified(target):
        return resolve(target)
    for context in (name.cls, name.module):
        if context and resolve(f"{context}.{target}"):
            return True
    if name.module is None and name.cls is None:
        return True  # unqualified outside a module: Sphinx's -n checks it
    head = target.split(".")[0]
    return hasattr(builtins, head) or resolve(target)


def paths(page: Path) -> list[tuple[int, str]]:
    """Every repository path ``page`` names under the folders checked."""
    found = []
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        for match in PATH.finditer(line):
            if line[match.end() : match.end() + 1] == "<":
                continue  # a placeholder: dlx/algorithm_<name>.py
            found.append((number, match["path"].rstrip(".")))
    return found


LINK_TARGET = re.compile(r"^\s*\.\. _[^:]+:\s+(?P<target>\S+)\s*$")


def link_targets(page: Path) -> list[tuple[int, str]]:
    """Every hyperlink target of ``page`` that is a relative path."""
    found = []
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        match = LINK_TARGET.match(line)
        if match and "://" not in match["target"] and "@" not in match["target"]:
            found.append((number, match["target"]))
    return found


def link_exists(page: Path, target: str) -> bool:
    path = page.parent / target.partition("#")[0]
    if path.suffix == ".html":
        path = path.with_suffix(".rst")
    return path.exists()


def path_exists(path: str) -> bool:
    if "*" in path:
        return any(ROOT.glob(path))
    return (ROOT / path).exists()


PAGES = pages()
IDS = [str(page.relative_to(ROOT)) for page in PAGES]


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_every_python_name_exists(page: Path) -> None:
    missing = [
        f"{name.where}: {name.target}" for name in names(page) if not exists(name)
    ]
    assert not missing, "names that do not exist:\n" + "\n".join(missing)


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_every_file_named_exists(page: Path) -> None:
    missing = [
        f"{page.relative_to(ROOT)}:{number}: {path}"
        for number, path in paths(page)
        if not path_exists(path)
    ]
    assert not missing, "files that do not exist:\n" + "\n".join(missing)


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_every_link_target_exists(page: Path) -> None:
    missing = [
        f"{page.relative_to(ROOT)}:{number}: {target}"
        for number, target in link_targets(page)
        if not link_exists(page, target)
    ]
    assert not missing, "link targets that do not exist:\n" + "\n".join(missing)


def test_the_pages_name_things() -> None:
    every = [name for page in PAGES for name in names(page)]
    assert len(every) > 500
    assert any(name.module == "dlx" and name.cls for name in every)
    assert sum(len(paths(page)) for page in PAGES) > 50
    readme, index = ROOT / "README.rst", ROOT / "docs" / "index.rst"
    assert len(link_targets(readme)) == len(link_targets(index)) > 5


def test_a_bad_name_is_found(tmp_path: Path) -> None:
    page = tmp_path / "page.rst"
    page.write_text(
        "See :class:`dlx.ExactCover`, :meth:`~dlx.ExactCover.best`,\n"
        ":attr:`Search.outcome <dlx.Search.outcome>`, :mod:`dlx.algorithm_x`,\n"
        "``tests/test_doc_names.py`` and ``dlx/algorithm_*.py``.\n"
        ".. _here: page.rst#top\n"
        ".. _there: gone.html\n"
        ".. _away: https://example.org/gone.rst\n"
        "Gone: :func:`dlx.no_such_function`, :mod:`dlx.no_such_module`,\n"
        ":attr:`dlx.Search.no_such_attribute`, ``tests/no_such_test.py``.\n"
        "\n"
        ".. module:: dlx\n"
        "\n"
        "Relative: :class:`ExactCover`, :exc:`ValueError`, :class:`NoSuchClass`.\n"
        "\n"
        ".. autoclass:: dlx.Search\n"
        "\n"
        "   Its :attr:`outcome` and :attr:`no_such_field`.\n"
    )
    found = names(page)
    bad = [name.target for name in found if not exists(name)]
    assert bad == [
        "dlx.no_such_function",
        "dlx.no_such_module",
        "dlx.Search.no_such_attribute",
        "NoSuchClass",
        "no_such_field",
    ]
    assert [path for _, path in paths(page) if not path_exists(path)] == [
        "tests/no_such_test.py"
    ]
    assert [t for _, t in link_targets(page) if not link_exists(page, t)] == [
        "gone.html"
    ]
