"""Put what the page "Try it in your browser" needs into the built site.

The page (``docs/try.rst``) runs pydlx in the reader's browser through
Pyodide, served by the site itself: no CDN, so it works offline and in the
tests.  After an HTML build this extension copies

* ``docs/_static/try/`` (the page's script, its worker and the Python they
  call) to ``_static/try/``;
* Pyodide's runtime from the folder named by ``PYDLX_PYODIDE`` (the npm
  package ``pyodide``, pinned in ``tests/pyodide/package.json``) to
  ``_static/pyodide/``;
* pydlx's wheel, named by ``PYDLX_WHEEL``, to ``_static/try/``,

and writes ``_static/try/manifest.json``, which tells the worker the
wheel's name.  ``nox -s docs`` (and ``nox -s try``, ``nox -s browser``)
set both variables.  A build without them (``sphinx-build`` by hand) still
has the page, whose status line then says how to get a build with Python in it.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

#: The files of the npm package ``pyodide`` that a page loading it needs.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
    "README.md",
)
HERE = Path(__file__).resolve().parent.parent
MISSING = (
    "this build of the docs has no Python in it: build them with nox -s docs "
    "(or serve them with nox -s try), which puts Pyodide and pydlx's wheel beside the page"
)


def copy_try(app: Any, exception: BaseException | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    target = static / "try"
    shutil.copytree(HERE / "_static" / "try", target, dirs_exist_ok=True)
    shutil.rmtree(target / "__pycache__", ignore_errors=True)
    pyodide = os.environ.get("PYDLX_PYODIDE")
    wheel = os.environ.get("PYDLX_WHEEL")
    manifest: dict[str, str] = {"missing": MISSING}
    if pyodide and wheel:
        (static / "pyodide").mkdir(exist_ok=True)
        for name in PYODIDE_FILES:
            source = Path(pyodide) / name
            if source.exists():
                shutil.copy2(source, static / "pyodide" / name)
        shutil.copy2(wheel, target / Path(wheel).name)
        version = json.loads((Path(pyodide) / "package.json").read_text())["version"]
        manifest = {"wheel": Path(wheel).name, "pyodide": version}
    (target / "manifest.json").write_text(json.dumps(manifest) + "\n")


def setup(app: Any) -> dict[str, Any]:
    app.connect("build-finished", copy_try)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
