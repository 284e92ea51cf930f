// The page "Try it in your browser": buttons, a Web Worker running pydlx
// under Pyodide, and a Stop button that ends a running call.
const status = document.getElementById("try-status");
const stop = document.getElementById("try-stop");
const buttons = [...document.querySelectorAll("#pydlx-try button[data-call]")];

let worker = null;
let running = null; // {id, out, last}: the call in progress
let nextId = 1;

function say(out, text, kind = "") {
  out.textContent = text;
  out.className = `try-output ${kind}`.trim();
}

function setBusy(busy) {
  for (const button of buttons) button.disabled = busy || worker === null;
  stop.disabled = !busy;
}

function start() {
  status.textContent = "Loading Python (Pyodide) and pydlx…";
  const fresh = new Worker(new URL("worker.mjs", import.meta.url), { type: "module" });
  fresh.onmessage = (event) => {
    const message = event.data;
    if (message.kind === "ready") {
      worker = fresh;
      status.textContent = `Ready: Python ${message.version} in your browser, with pydlx.`;
      status.dataset.state = "ready";
      setBusy(false);
    } else if (message.kind === "failed") {
      status.textContent = `Python could not be loaded: ${message.message}`;
      status.dataset.state = "failed";
    } else if (running && message.id === running.id) {
      if (message.kind === "progress") {
        running.last = message.progress;
        say(running.out, `Counting… ${message.progress.solutions.toLocaleString("en")} so far`
          + ` (${message.progress.nodes.toLocaleString("en")} nodes)`, "running");
      } else if (message.kind === "done") {
        const { show } = running;
        running = null;
        setBusy(false);
        show(message.result);
      }
    }
  };
  fresh.onerror = (event) => {
    status.textContent = `The worker failed: ${event.message}`;
    status.dataset.state = "failed";
  };
}

function call(name, args, out, show) {
  if (worker === null || running) return;
  running = { id: nextId++, out, show, last: null };
  say(out, "Working…", "running");
  setBusy(true);
  worker.postMessage({ id: running.id, call: name, args });
}

stop.addEventListener("click", () => {
  if (!running) return;
  const { out, last } = running;
  running = null;
  worker.terminate();
  worker = null;
  status.dataset.state = "loading";
  say(out, last
    ? `Stopped: ${last.solutions.toLocaleString("en")} found before Stop`
      + ` (${last.nodes.toLocaleString("en")} nodes); the count was not finished.`
    : "Stopped before the first report.", "stopped");
  setBusy(false);
  start();
});

function picture(element, svg) {
  element.innerHTML = svg || "";
}

function failed(out, result) {
  if (result.error === undefined) return false;
  say(out, result.error, "error");
  return true;
}

// Sudoku.
const sudokuIn = document.getElementById("sudoku-input");
const sudokuOut = document.getElementById("sudoku-output");
const sudokuPicture = document.getElementById("sudoku-picture");
const sudokuWhy = document.getElementById("sudoku-why");

// A puzzle with no solution: its givens to blame, marked on the picture and
// said under it.  Marks and words go as soon as the puzzle is edited.
function unmark() {
  for (const mark of sudokuPicture.querySelectorAll(".conflict")) mark.remove();
  say(sudokuWhy, "", "try-why");
}
sudokuIn.addEventListener("input", unmark);

document.getElementById("sudoku-solve").addEventListener("click", () => {
  picture(sudokuPicture, "");
  unmark();
  call("sudoku_solve", [sudokuIn.value], sudokuOut, (result) => {
    if (result.why_text !== undefined) {
      picture(sudokuPicture, result.svg);
      say(sudokuWhy, result.why_text, result.why_complete ? "try-why error"
        : "try-why stopped");
    }
    if (failed(sudokuOut, result)) return;
    say(sudokuOut, `${result.grid}\n${result.unique ? "The only solution."
      : "One of several solutions."}`);
    sudokuOut.dataset.answer = result.answer;
    picture(sudokuPicture, result.svg);
  });
});
document.getElementById("sudoku-grade").addEventListener("click", () => {
  unmark();
  call("sudoku_grade", [sudokuIn.value], sudokuOut, (result) => {
    if (failed(sudokuOut, result)) return;
    if (result.hardest === null) {
      say(sudokuOut, `Grade ${result.level}, ${result.name}: no blank cell.`);
      return;
    }
    const used = result.techniques.map(([name, n]) => `  ${name}: ${n}`).join("\n");
    const ran = result.by_logic ? "" : " (logic ran out: a step was taken by search)";
    say(sudokuOut, `Grade ${result.level}, ${result.name}: rating ${result.rating_text}`
      + `, the hardest step ${result.hardest}${ran}.\nSteps per technique:\n${used}`);
  });
});

document.getElementById("sudoku-hint").addEventListener("click", () => {
  unmark();
  picture(sudokuPicture, "");
  call("sudoku_hint", [sudokuIn.value], sudokuOut, (result) => {
    if (failed(sudokuOut, result)) return;
    say(sudokuOut, `Hint: ${result.text} (Sudoku Explainer ${result.rating.toFixed(1)})`);
    sudokuOut.dataset.hint = result.text;
    picture(sudokuPicture, result.svg);
  });
});
document.getElementById("sudoku-explain").addEventListener("click", () => {
  unmark();
  picture(sudokuPicture, "");
  call("sudoku_explain", [sudokuIn.value], sudokuOut, (result) => {
    if (failed(sudokuOut, result)) return;
    const steps = result.steps.map(([rating, text], k) =>
      `${String(k + 1).padStart(3)}. [${rating.toFixed(1)}] ${text}`).join("\n");
    say(sudokuOut, `Sudoku Explainer rating ${result.rating.toFixed(1)}`
      + ` (pearl ${result.pearl.toFixed(1)}, diamond ${result.diamond.toFixed(1)});`
      + ` ${result.steps.length} steps, the hardest drawn below:\n${steps}`);
    sudokuOut.dataset.rating = result.rating.toFixed(1);
    picture(sudokuPicture, result.svg);
  });
});

// A killer sudoku (or KenKen): cages, no givens.  Each answer clears what
// the one before left on the box's output.
const killerIn = document.getElementById("killer-input");
const killerVariant = document.getElementById("killer-variant");
const killerOut = document.getElementById("killer-output");
const killerPicture = document.getElementById("killer-picture");

function killerCall(name, show) {
  picture(killerPicture, "");
  for (const key of ["answer", "hint", "rating"]) delete killerOut.dataset[key];
  call(name, [killerIn.value, killerVariant.value], killerOut, (result) => {
    if (failed(killerOut, result)) return;
    show(result);
    picture(killerPicture, result.svg);
  });
}

document.getElementById("killer-solve").addEventListener("click", () => {
  killerCall("killer_solve", (result) => {
    say(killerOut, `${result.grid}\n${result.unique ? "The only solution."
      : "One of several solutions."}`);
    killerOut.dataset.answer = result.answer;
  });
});
document.getElementById("killer-hint").addEventListener("click", () => {
  killerCall("killer_hint", (result) => {
    say(killerOut, `Hint: ${result.text} (Sudoku Explainer ${result.rating.toFixed(1)})`);
    killerOut.dataset.hint = result.text;
  });
});
document.getElementById("killer-explain").addEventListener("click", () => {
  killerCall("killer_explain", (result) => {
    const steps = result.steps.map(([rating, text], k) =>
      `${String(k + 1).padStart(3)}. [${rating.toFixed(1)}] ${text}`).join("\n");
    say(killerOut, `Sudoku Explainer rating ${result.rating.toFixed(1)}`
      + ` (pearl ${result.pearl.toFixed(1)}, diamond ${result.diamond.toFixed(1)});`
      + ` ${result.steps.length} steps, the hardest drawn below:\n${steps}`);
    killerOut.dataset.rating = result.rating.toFixed(1);
  });
});

// Tilings.
const tilingOut = document.getElementById("tiling-output");
const tilingPicture = document.getElementById("tiling-picture");
document.getElementById("tiling-count").addEventListener("click", () => {
  picture(tilingPicture, "");
  const height = Number(document.getElementById("tiling-height").value);
  const width = Number(document.getElementById("tiling-width").value);
  const pieces = document.getElementById("tiling-pieces").value;
  const symmetry = document.getElementById("tiling-symmetry").checked;
  call("tiling_count", [height, width, pieces, symmetry], tilingOut, (result) => {
    if (failed(tilingOut, result)) return;
    say(tilingOut, `${result.count.toLocaleString("en")} tilings`
      + `${symmetry ? " up to symmetry" : ""}; one of them:`);
    tilingOut.dataset.count = String(result.count);
    picture(tilingPicture, result.svg);
  });
});

// Any problem in Knuth's text format.
const textIn = document.getElementById("text-input");
const textOut = document.getElementById("text-output");
document.getElementById("text-run").addEventListener("click", () => {
  const action = document.getElementById("text-action").value;
  const limit = Number(document.getElementById("text-limit").value);
  call("text_solve", [textIn.value, action, limit], textOut, (result) => {
    if (failed(textOut, result)) return;
    if (result.count !== undefined) {
      say(textOut, `${result.count.toLocaleString("en")} solutions`);
      textOut.dataset.count = String(result.count);
      return;
    }
    const shown = result.solutions.map((options) => options.join("\n")).join("\n\n");
    say(textOut, (shown || "No solution.")
      + (result.more ? `\n\n(the first ${result.solutions.length}; there are more)` : ""));
  });
});

setBusy(false);
start();
