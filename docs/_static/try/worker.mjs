// The Web Worker of the page "Try it in your browser": pydlx under Pyodide,
// off the page's thread, so that a long count never freezes the tab.
//
// Messages in:  {id, call, args}  (call: a function of pydlx_try.py)
// Messages out: {kind: "ready", version} once Python is loaded,
//               {kind: "failed", message} if it cannot be,
//               {kind: "progress", id, progress} while a count runs,
//               {kind: "done", id, result} at the end of a call.
// The page stops a call by terminating this worker and starting another.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url);
const REPORTING = new Set(["tiling_count", "text_solve"]);

async function fetched(name, kind) {
  const response = await fetch(new URL(name, here));
  if (!response.ok) {
    throw new Error(`${name}: ${response.status} ${response.statusText}`);
  }
  return kind === "json" ? response.json() : kind === "text" ? response.text()
    : new Uint8Array(await response.arrayBuffer());
}

const ready = (async () => {
  const manifest = await fetched("manifest.json", "json");
  if (!manifest.wheel) {
    throw new Error(manifest.missing);
  }
  const py = await loadPyodide({ indexURL: new URL("../pyodide/", here).href });
  py.FS.writeFile("/tmp/pydlx.whl", await fetched(manifest.wheel, "bytes"));
  py.FS.writeFile("/home/pyodide/pydlx_try.py", await fetched("pydlx_try.py", "text"));
  py.runPython(
    "import site, zipfile\n" +
    "zipfile.ZipFile('/tmp/pydlx.whl').extractall(site.getsitepackages()[0])",
  );
  const glue = py.pyimport("pydlx_try");
  const version = py.runPython("import sys; sys.version.split()[0]");
  return { glue, version };
})();

ready.then(
  ({ version }) => postMessage({ kind: "ready", version }),
  (error) => postMessage({ kind: "failed", message: String(error.message || error) }),
);

const plain = (value) => value.toJs({ dict_converter: Object.fromEntries });

onmessage = async (event) => {
  const { id, call, args } = event.data;
  const { glue } = await ready;
  const report = (progress) => {
    postMessage({ kind: "progress", id, progress: plain(progress) });
    progress.destroy();
  };
  let result;
  try {
    const answer = glue[call](...args, ...(REPORTING.has(call) ? [report] : []));
    result = plain(answer);
    answer.destroy();
  } catch (error) {
    // A bug, not bad input (that comes back as {error}): say it in one line.
    const lines = String(error.message || error).trim().split("\n");
    result = { error: `pydlx failed: ${lines[lines.length - 1]}` };
  }
  postMessage({ kind: "done", id, result });
};
