"""Rules of the code's architecture, checked on the source of dlx and sudoku.

Every ``*.py`` file of the two packages (found on disk next to the
imported packages, subpackages included) is parsed with :mod:`ast`, never
imported, and every import in it counts: at the top, inside functions,
under ``if TYPE_CHECKING:``, in ``try`` blocks.  Imports are resolved to
modules of the two packages:

* ``import a.b`` and ``from a.b import name`` import the module ``a.b``;
* ``from a import b`` imports the submodule ``a.b`` when there is one,
  and otherwise the package ``a`` itself (its ``__init__``), which
  re-exports ``b``;
* relative imports are resolved against the importing module's package.

The rules:

* no import cycle among the modules (each reported as a chain);
* no ``_private`` name taken from another module, by ``from m import _x``
  or by ``m._x`` where ``m`` names a module bound by an import (dunder
  names such as ``__version__`` are public; a ``_private`` module is
  private to its package);
* the search algorithms (``dlx/algorithm_*.py`` and ``dlx/memo.py``) are
  imported only by their dispatcher, ``dlx/algorithms.py``.

One rule for the tests: no module under ``tests/`` imports a test module
(a ``test_*.py``); what the tests share lives in the helper modules
(``dlx_helpers``, ``dlx_oracles``, ``sudoku_helpers``, ``doc_blocks``),
so that a test module can be renamed, split or dropped on its own.

Each checker is also run on small synthetic packages that break its rule,
so that a checker that finds nothing cannot pass unnoticed.
"""

from __future__ import annotations

import ast
import fnmatch
import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

import dlx
import sudoku

#: The packages scanned, by name: the directories they were imported from.
PACKAGES = {
    "dlx": Path(dlx.__file__).parent,
    "sudoku": Path(sudoku.__file__).parent,
}
#: The one module that may import the algorithm modules.
DISPATCHER = "dlx.algorithms"
#: The algorithm modules, as patterns of module names.
ALGORITHMS = ("dlx.algorithm_*", "dlx.memo", "dlx.sat")
#: The directory of the tests (and of their helper modules).
TESTS = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Module:
    """One parsed module of a scanned package."""

    name: str
    #: The file, relative to the directory that holds the top package.
    path: str
    is_package: bool
    tree: ast.Module

    @property
    def package(self) -> str:
        """The package that the module's relative imports start from."""
        return self.name if self.is_package else self.name.rpartition(".")[0]


@dataclass(frozen=True)
class Import:
    """One module importing another (both of the scanned packages)."""

    source: str
    target: str
    line: int
    #: The name taken from ``target`` by ``from target import name``, or
    #: ``None`` when the import is of the module itself.
    name: str | None = None


def scan(roots: Mapping[str, Path]) -> dict[str, Module]:
    """Parse every module of the packages ``{name: directory}``."""
    modules: dict[str, Module] = {}
    for top, directory in roots.items():
        for path in sorted(directory.rglob("*.py")):
            parts = path.relative_to(directory).with_suffix("").parts
            folders = [directory.joinpath(*parts[:k]) for k in range(1, len(parts))]
            if not all((folder / "__init__.py").is_file() for folder in folders):
                continue  # not inside a subpackage
            is_package = parts[-1] == "__init__"
            name = ".".join((top, *(parts[:-1] if is_package else parts)))
            source = path.read_text(encoding="utf-8")
            tree = ast.parse(source, filename=str(path))
            shown = path.relative_to(directory.parent).as_posix()
            modules[name] = Module(name, shown, is_package, tree)
    return modules


def _known(name: str, modules: Mapping[str, Module]) -> str | None:
    """The longest prefix of a dotted ``name`` that is a scanned module."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        prefix = ".".join(parts[:end])
        if prefix in modules:
            return prefix
    return None


def _base(module: Module, node: ast.ImportFrom) -> str:
    """The absolute name of the module that ``from ... import`` reads from."""
    if not node.level:
        return node.module or ""
    parts = module.package.split(".")
    parts = parts[: len(parts) - (node.level - 1)]
    if node.module:
        parts.append(node.module)
    return ".".join(parts)


def imports(module: Module, modules: Mapping[str, Module]) -> Iterator[Import]:
    """Every import in ``module`` of a scanned module, wherever it is written."""
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _known(alias.name, modules)
                if target is not None:
                    yield Import(module.name, target, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, node)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                if submodule in modules:
                    yield Import(module.name, submodule, node.lineno)
                    continue
                target = _known(base, modules)
                if target is not None:
                    name = alias.name if target == base else None
                    yield Import(module.name, target, node.lineno, name)


def all_imports(modules: Mapping[str, Module]) -> list[Import]:
    return [found for module in modules.values() for found in imports(module, modules)]


# -- cycles -------------------------------------------------------------------


def _components(graph: Mapping[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of ``graph`` (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = []
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work.append((root, iter(sorted(graph[root]))))
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component: set[str] = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    found.append(component)
    return found


def cycles(edges: list[Import]) -> list[list[str]]:
    """Every elementary import cycle, each as ``[a, b, ..., a]``.

    Each cycle is listed once, starting from its smallest module name.
    """
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.source, set())
        graph.setdefault(edge.target, set())
        if edge.source != edge.target:
            graph[edge.source].add(edge.target)
    found: list[list[str]] = []
    for component in _components(graph):
        if len(component) < 2:
            continue
        for start in sorted(component):
            # Paths from start through larger names of the component only.
            path = [start]
            work = [iter(sorted(graph[start] & component))]
            while work:
                step = next(work[-1], None)
                if step is None:
                    work.pop()
                    path.pop()
                elif step == start:
                    found.append([*path, start])
                elif step > start and step not in path:
                    path.append(step)
                    work.append(iter(sorted(graph[step] & component)))
    return found


def describe_cycle(
    cycle: list[str], edges: list[Import], modules: Mapping[str, Module]
) -> str:
    """``a -> b -> a`` with where each link is written (``a.py:12``)."""
    where = []
    for source, target in itertools.pairwise(cycle):
        lines = sorted(
            {e.line for e in edges if e.source == source and e.target == target}
        )
        where.append(f"{modules[source].path}:{','.join(map(str, lines))}")
    return " -> ".join(cycle) + "   (" + "; ".join(where) + ")"


def cycle_report(modules: Mapping[str, Module]) -> list[str]:
    edges = all_imports(modules)
    return [describe_cycle(cycle, edges, modules) for cycle in cycles(edges)]


# -- private names ------------------------------------------------------------


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _private_module(target: str, source: str) -> str | None:
    """The private part of module ``target`` that ``source`` may not reach."""
    parts = target.split(".")
    for k, part in enumerate(parts):
        if _is_private(part):
            package = ".".join(parts[:k])
            if source != package and not source.startswith(package + "."):
                return ".".join(parts[: k + 1])
    return None


def _bindings(module: Module, modules: Mapping[str, Module]) -> dict[str, str]:
    """The local names that the module's imports bind to scanned modules."""
    bound: dict[str, str] = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is None:
                    top = alias.name.partition(".")[0]
                    if top in modules:
                        bound[top] = top
                elif alias.name in modules:
                    bound[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, node)
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    bound[alias.asname or alias.name] = f"{base}.{alias.name}"
    return bound


def _chain(node: ast.Attribute) -> tuple[str, list[str]] | None:
    """``(name, [attr, ...])`` for ``name.attr...``, else ``None``."""
    attrs: list[str] = []
    value: ast.expr = node
    while isinstance(value, ast.Attribute):
        attrs.append(value.attr)
        value = value.value
    if not isinstance(value, ast.Name):
        return None
    return value.id, attrs[::-1]


def _listed(found: set[tuple[str, int, str]]) -> list[str]:
    return [f"{path}:{line}: {what}" for path, line, what in sorted(found)]


def private_report(modules: Mapping[str, Module]) -> list[str]:
    """``file:line: what`` for each private name taken from another module."""
    found: set[tuple[str, int, str]] = set()
    bindings = {name: _bindings(module, modules) for name, module in modules.items()}
    for module in modules.values():
        for edge in imports(module, modules):
            if edge.target == module.name:
                continue
            if edge.name is not None and _is_private(edge.name):
                found.add((module.path, edge.line, f"{edge.name} from {edge.target}"))
            elif (private := _private_module(edge.target, module.name)) is not None:
                found.add((module.path, edge.line, f"module {private}"))
        bound = bindings[module.name]
        inner = {
            id(node.value)
            for node in ast.walk(module.tree)
            if isinstance(node, ast.Attribute)
        }
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.Attribute) or id(node) in inner:
                continue
            chain = _chain(node)
            if chain is None or chain[0] not in bound:
                continue
            target = bound[chain[0]]
            for attr in chain[1]:
                reached = f"{target}.{attr}"
                if reached in modules:  # a submodule
                    private = _private_module(reached, module.name)
                    if private is not None:
                        found.add((module.path, node.lineno, f"module {private}"))
                        break
                    target = reached
                    continue
                if _is_private(attr):
                    if target != module.name:
                        found.add((module.path, node.lineno, f"{target}.{attr}"))
                    break
                # A module that the target's own imports bind, or a plain name.
                if attr not in bindings[target]:
                    break
                target = bindings[target][attr]
    return _listed(found)


# -- the algorithm modules ----------------------------------------------------


def algorithm_report(
    modules: Mapping[str, Module],
    dispatcher: str = DISPATCHER,
    patterns: tuple[str, ...] = ALGORITHMS,
) -> list[str]:
    """``file:line: a imports b`` for each import of an algorithm module
    by any module but the dispatcher."""
    found: set[tuple[str, int, str]] = set()
    for edge in all_imports(modules):
        algorithm = any(fnmatch.fnmatchcase(edge.target, p) for p in patterns)
        if algorithm and edge.source not in (dispatcher, edge.target):
            path = modules[edge.source].path
            found.add((path, edge.line, f"{edge.source} imports {edge.target}"))
    return _listed(found)


# -- the test modules ---------------------------------------------------------


def imports_of_test_modules(directory: Path) -> list[str]:
    """``file:line: a imports b`` for each import of a test module under ``directory``.

    Test modules are the ``test_*.py`` files anywhere under ``directory``,
    imported by their names (``import test_a``, ``from test_a import x``,
    at the top or inside a function); every ``*.py`` file there is
    checked, helper modules included.
    """
    paths = sorted(directory.rglob("*.py"))
    tests = {path.stem for path in paths if path.name.startswith("test_")}
    found: set[tuple[str, int, str]] = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        shown = path.relative_to(directory.parent).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.partition(".")[0]
                if top in tests and top != path.stem:
                    found.add((shown, node.lineno, f"{path.stem} imports {top}"))
    return _listed(found)


# -- the rules, on dlx and sudoku ---------------------------------------------


@cache
def _scanned() -> dict[str, Module]:
    return scan(PACKAGES)


def test_the_scan_finds_both_packages() -> None:
    modules = _scanned()
    assert len(modules) > 20, sorted(modules)
    for name in ("dlx", "dlx.problem", "dlx.memo", "sudoku", "sudoku.grid"):
        assert name in modules
    assert len(all_imports(modules)) > 50


def test_no_import_cycles() -> None:
    found = cycle_report(_scanned())
    if found:
        pytest.fail(f"{len(found)} import cycles:\n" + "\n".join(found), pytrace=False)


def test_no_private_names_from_other_modules() -> None:
    found = private_report(_scanned())
    if found:
        pytest.fail(
            "private names of other modules:\n" + "\n".join(found), pytrace=False
        )


def test_algorithm_modules_are_imported_only_by_the_dispatcher() -> None:
    modules = _scanned()
    found = algorithm_report(modules)
    missing = "" if DISPATCHER in modules else f" ({DISPATCHER} does not exist yet)"
    if found:
        pytest.fail(
            f"algorithm modules imported by others than {DISPATCHER}{missing}:\n"
            + "\n".join(found),
            pytrace=False,
        )


def test_no_test_module_imports_another() -> None:
    found = imports_of_test_modules(TESTS)
    if found:
        pytest.fail(
            "test modules imported by other modules (share helpers through "
            "dlx_helpers, dlx_oracles, sudoku_helpers or doc_blocks):\n"
            + "\n".join(found),
            pytrace=False,
        )


# -- the checkers, on synthetic packages that break the rules -----------------


def _package(root: Path, files: Mapping[str, str]) -> dict[str, Module]:
    """Write ``{"pkg/mod.py": source}`` under ``root`` and scan its packages."""
    for relative, source in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    tops = {Path(relative).parts[0] for relative in files}
    return scan({top: root / top for top in sorted(tops)})


def test_cycles_are_found_in_every_kind_of_import(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.a import A\n",
            # a submodule by from-import, then by a relative one
            "pkg/a.py": "from pkg import b\nA = 1\n",
            "pkg/b.py": "def f():\n    from . import c\n",
            # under TYPE_CHECKING, back to a
            "pkg/c.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    import pkg.a as a\n"
            ),
            # a name re-exported by the package: an import of pkg/__init__
            "pkg/d.py": "from pkg import A\n",
            "pkg/e.py": "import pkg.d\n",
            "other/__init__.py": "",
            "other/x.py": "from other import y\n",
            "other/y.py": "import other.x\nimport pkg.e\n",
        },
    )
    assert sorted(cycles(all_imports(modules))) == [
        ["other.x", "other.y", "other.x"],
        ["pkg.a", "pkg.b", "pkg.c", "pkg.a"],
    ]
    report = cycle_report(modules)
    assert (
        "pkg.a -> pkg.b -> pkg.c -> pkg.a   (pkg/a.py:1; pkg/b.py:2; pkg/c.py:3)"
        in report
    )
    # pkg.d imports pkg (the package), which does not import pkg.d: no cycle.
    assert not any("pkg.d" in line for line in report)


def test_every_cycle_is_reported(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "import pkg.b\nimport pkg.c\n",
            "pkg/b.py": "import pkg.a\nimport pkg.c\n",
            "pkg/c.py": "import pkg.a\n",
        },
    )
    assert sorted(cycles(all_imports(modules))) == [
        ["pkg.a", "pkg.b", "pkg.a"],
        ["pkg.a", "pkg.b", "pkg.c", "pkg.a"],
        ["pkg.a", "pkg.c", "pkg.a"],
    ]


def test_private_names_are_found(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "pkg/__init__.py": "__version__ = '1'\n",
            "pkg/m.py": "_x = 1\n_y = 2\n_z = _x\n",
            "pkg/_hidden.py": "",
            "pkg/sub/__init__.py": "",
            "pkg/sub/n.py": "from pkg import _hidden\nfrom .. import m\n",
            "pkg/ok.py": (
                "from pkg import __version__\n"
                "import pkg.m\n"
                "from pkg.m import f as _f\n"  # a public name, privately bound
                "print(pkg.m.__name__, pkg.m.public)\n"
            ),
            "pkg/bad.py": (
                "from pkg.m import _x\n"
                "import pkg.m as p\n"
                "def f():\n    return p._y + pkg.m._z\n"
                "import pkg\n"
            ),
            "app/__init__.py": "",
            "app/c.py": "from pkg.sub import n\nn.m._x\nimport pkg._hidden\n",
        },
    )
    assert private_report(modules) == [
        "app/c.py:2: pkg.m._x",
        "app/c.py:3: module pkg._hidden",
        "pkg/bad.py:1: _x from pkg.m",
        "pkg/bad.py:4: pkg.m._y",
        "pkg/bad.py:4: pkg.m._z",
    ]


def test_algorithm_imports_are_found(tmp_path: Path) -> None:
    files = {
        "dlx/__init__.py": "from dlx.algorithms import run\n",
        "dlx/memo.py": "",
        "dlx/algorithm_x.py": "def f():\n    from dlx import memo\n",
        "dlx/algorithm_c.py": "",
        "dlx/problem.py": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from dlx.algorithm_c import C\n"
        ),
        "sudoku/__init__.py": "import dlx.memo as m\n",
    }
    without = _package(tmp_path / "before", files)
    expected = [
        "dlx/algorithm_x.py:2: dlx.algorithm_x imports dlx.memo",
        "dlx/problem.py:3: dlx.problem imports dlx.algorithm_c",
        "sudoku/__init__.py:1: sudoku imports dlx.memo",
    ]
    assert algorithm_report(without) == expected
    dispatcher = "from dlx import algorithm_c, algorithm_x, memo\nrun = memo\n"
    with_it = _package(tmp_path / "after", {**files, "dlx/algorithms.py": dispatcher})
    assert algorithm_report(with_it) == expected


@pytest.mark.parametrize("level, expected", [(1, "pkg.sub.z"), (2, "pkg.z")])
def test_relative_imports_resolve_against_the_package(
    tmp_path: Path, level: int, expected: str
) -> None:
    dots = "." * level
    modules = _package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/z.py": "",
            "pkg/sub/__init__.py": f"from {dots}z import q\n",
            "pkg/sub/z.py": "",
            "pkg/sub/y.py": f"from {dots}z import q\n",
        },
    )
    assert {(e.source, e.target) for e in all_imports(modules)} == {
        ("pkg.sub", expected),
        ("pkg.sub.y", expected),
    }


def test_imports_of_test_modules_are_found(tmp_path: Path) -> None:
    files = {
        "tests/helpers.py": "import os\n",
        "tests/test_a.py": "from helpers import x\nfrom test_b import y\n",
        "tests/test_b.py": "def f():\n    import test_a.sub\n",
        "tests/sub/test_c.py": "import test_b as b\nfrom . import test_a\n",
        "tests/more_helpers.py": "import json, test_c\n",
        "tests/test_d.py": "import test_d\nimport testing, test\n",
    }
    for relative, source in files.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    assert imports_of_test_modules(tmp_path / "tests") == [
        "tests/more_helpers.py:1: more_helpers imports test_c",
        "tests/sub/test_c.py:1: test_c imports test_b",
        "tests/test_a.py:2: test_a imports test_b",
        "tests/test_b.py:2: test_b imports test_a",
    ]
