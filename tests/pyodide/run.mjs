// Run pytest under Pyodide (CPython in WebAssembly) in Node.js: nox -s pyodide.
//
//   node tests/pyodide/run.mjs PYODIDE_DIR WHEEL_DIR CHECKOUT [pytest arguments]
//
// PYODIDE_DIR is the npm package pyodide (pinned in package.json here),
// WHEEL_DIR holds pydlx's wheel built from the checkout and the pure-Python
// wheels of pytest and hypothesis, all installed into Pyodide's
// site-packages: nothing is fetched at run time.  The checkout's folder (and
// ../shared beside it) is mounted at its own path, so the tests find their
// data; the checkout itself is kept off sys.path, so that the tests import
// pydlx from the wheel, which this script checks.  The exit status is pytest's.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelDir, checkout, ...pytestArgs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const started = Date.now();
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
const root = path.resolve(checkout);
for (const dir of [path.resolve(wheelDir), path.dirname(root)]) {
  py.FS.mkdirTree(dir);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, dir);
}
py.globals.set("WHEELS", path.resolve(wheelDir));
py.globals.set("ROOT", root);
py.globals.set("ARGS", py.toPy(pytestArgs));
console.log(`Pyodide ${py.version} loaded in ${(Date.now() - started) / 1000} s`);
const status = py.runPython(`
import os, site, sys, zipfile

for name in sorted(os.listdir(WHEELS)):
    if name.endswith(".whl"):
        with zipfile.ZipFile(os.path.join(WHEELS, name)) as wheel:
            wheel.extractall(site.getsitepackages()[0])
while "" in sys.path:  # the current folder: the checkout, whose dlx is not the wheel's
    sys.path.remove("")
sys.path.insert(0, os.path.join(ROOT, "tests"))  # the tests' helpers
os.chdir(ROOT)
print("Python", sys.version.split()[0], "on", sys.platform)

import pytest

status = int(pytest.main(list(ARGS)))
import dlx, sudoku

for package in (dlx, sudoku):
    if not package.__file__.startswith(site.getsitepackages()[0]):
        print(f"{package.__name__} was imported from {package.__file__}, not from the wheel")
        status = status or 1
status
`);
process.exit(status);
