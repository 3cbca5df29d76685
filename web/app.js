// The page: the board and the text box, the buttons, the shareable link, and the one
// worker every search runs in (worker.js). Plain JS module, no framework, no bundler.

const $ = (id) => document.getElementById(id);
const SIDE = 9;
const CELLS = SIDE * SIDE;

// ---------------------------------------------------------------- the worker

let worker = null;
// A second worker, loaded and idle, that Stop switches to: the next search need not wait
// for a module to load and compile.
let spare = null;
let job = null; // {id, resolve, reject, onProgress} of the search under way
let nextId = 1;

function newWorker() {
  const fresh = new Worker("worker.js", { type: "module" });
  fresh.onmessage = (event) => {
    const { id, progress, reply } = event.data;
    if (!job || job.id !== id) return;
    if (progress) {
      job.onProgress(progress);
      return;
    }
    const done = job;
    job = null;
    // End to end: the message out, the search, the reply back.
    reply.roundTripMs = performance.now() - done.posted;
    $("stop").disabled = true;
    $("progress").textContent = "";
    done.resolve(reply);
  };
  return fresh;
}

/** Runs `cmd` in the worker; `onProgress` sees {nodes, ms} between node slices. */
function run(cmd, args, onProgress = () => {}) {
  if (job) stop();
  return new Promise((resolve, reject) => {
    job = { id: nextId++, resolve, reject, onProgress, posted: performance.now() };
    $("stop").disabled = false;
    $("progress").textContent = "working…";
    worker.postMessage({ id: job.id, cmd, args });
  });
}

/** The worker, and a spare one loading beside it. */
function startWorker() {
  worker = spare ?? newWorker();
  spare = newWorker();
}

/** Ends the search under way at once: the worker is terminated, the spare takes over. */
function stop() {
  if (!job) return;
  worker.terminate();
  startWorker();
  const stopped = job;
  job = null;
  $("stop").disabled = true;
  $("progress").textContent = "stopped";
  stopped.reject(new Error("stopped"));
}

function showProgress({ nodes, ms }) {
  $("progress").textContent =
    `searching… ${nodes.toLocaleString("en")} nodes, ${(ms / 1000).toFixed(1)} s`;
  $("progress").dataset.nodes = String(nodes);
}

// ---------------------------------------------------------------- boards

/** 81 cells from text, when it holds exactly one 9×9 puzzle (a line or a grid). */
function cellsOf(text) {
  const kept = text.replace(/[\s|+\-]/g, "").replace(/[0_*]/g, ".");
  return /^[1-9.]{81}$/.test(kept) ? kept : null;
}

function makeBoard(element, editable) {
  element.innerHTML = "";
  for (let i = 0; i < CELLS; i++) {
    const cell = document.createElement(editable ? "input" : "div");
    cell.className = "cell";
    if ((i % SIDE) % 3 === 2 && i % SIDE !== SIDE - 1) cell.classList.add("right");
    if (Math.floor(i / SIDE) % 3 === 2 && i < CELLS - SIDE) cell.classList.add("bottom");
    if (editable) {
      cell.maxLength = 1;
      cell.inputMode = "numeric";
      cell.setAttribute("aria-label", `r${Math.floor(i / SIDE) + 1}c${(i % SIDE) + 1}`);
      cell.addEventListener("input", () => {
        cell.value = /^[1-9]$/.test(cell.value.slice(-1)) ? cell.value.slice(-1) : "";
        if (cell.value && i + 1 < CELLS) element.children[i + 1].focus();
        $("puzzle-text").value = boardLine();
        puzzleChanged();
      });
      cell.addEventListener("paste", (event) => {
        const text = event.clipboardData.getData("text");
        if (text.length > 1) {
          event.preventDefault();
          $("puzzle-text").value = text;
          textChanged();
        }
      });
    }
    element.appendChild(cell);
  }
}

function boardLine() {
  return [...$("board").children].map((c) => c.value || ".").join("");
}

/** Shows `line` (81 characters) on the puzzle board; blanks where null. */
function showPuzzle(line) {
  [...$("board").children].forEach((cell, i) => {
    cell.value = line && line[i] !== "." ? line[i] : "";
  });
}

/** Shows `line` on the answer board, the givens of `puzzle` in plain, the rest in blue. */
function showAnswer(line, puzzle, caption) {
  const board = $("answer");
  [...board.children].forEach((cell, i) => {
    cell.textContent = line && line[i] !== "." ? line[i] : "";
    cell.classList.toggle("given", Boolean(puzzle && puzzle[i] !== "."));
    cell.classList.remove("unit", "hl", "place", "elim");
  });
  if (line) board.dataset.answer = line;
  else delete board.dataset.answer;
  $("answer-caption").textContent = caption || "";
}

function clearMarks() {
  for (const cell of $("board").children) cell.classList.remove("unit", "hl", "place", "elim");
}

/** Marks a step's cells on `board`: the pattern, the placements, the eliminations. */
function markStep(board, step) {
  const cells = board.children;
  for (const c of step.units) cells[c]?.classList.add("unit");
  for (const c of step.cells) cells[c]?.classList.add("hl");
  for (const [c] of step.eliminate) cells[c]?.classList.add("elim");
  for (const [c] of step.place) cells[c]?.classList.add("place");
}

// ---------------------------------------------------------------- the puzzle

function puzzleText() {
  return $("puzzle-text").value.trim();
}

function textChanged() {
  const line = cellsOf($("puzzle-text").value);
  showPuzzle(line);
  puzzleChanged();
}

/** Everything shown about the last puzzle goes; the link follows the new one. */
function puzzleChanged() {
  clearMarks();
  showAnswer(null);
  for (const id of ["hint", "steps", "verdict"]) $(id).hidden = true;
  $("status").textContent = "";
  $("error").textContent = "";
  const line = cellsOf(puzzleText()) ?? puzzleText().replace(/\s+/g, "");
  const link = line ? `#p=${line}` : "#";
  $("share").href = link;
  $("share").textContent = `index.html${link}`;
}

/** Shows a failed reply's message (the library's own) and says whether it failed. */
function failed(reply) {
  if (reply.status === "error" || reply.status === "no solution") {
    $("error").textContent = reply.message;
    $("status").textContent = "";
    return true;
  }
  return false;
}

const nodes = (n) => `${n.toLocaleString("en")} nodes`;
const time = (ms) => (ms < 10 ? `${ms.toFixed(2)} ms` : `${Math.round(ms)} ms`);

/** Runs a command on the puzzle and hands a good reply to `show`. */
async function act(cmd, args, show) {
  clearMarks();
  $("error").textContent = "";
  $("status").textContent = `${cmd}…`;
  try {
    const reply = await run(cmd, [puzzleText(), ...args], showProgress);
    if (!failed(reply)) show(reply);
  } catch (e) {
    $("status").textContent = e.message === "stopped" ? "stopped" : String(e);
  }
}

const actions = {
  solve: () =>
    act("solve", [], (r) => {
      if (r.status !== "solved") {
        $("status").textContent = r.status;
        return;
      }
      showAnswer(r.answer, r.puzzle, "the smallest fill");
      $("status").textContent = `solved: ${nodes(r.nodes)} in ${time(r.ms)}`;
    }),
  count: () =>
    act("count", [Number($("count-limit").value) || 1], (r) => {
      const more = r.complete ? "" : " (stopped at the limit)";
      $("status").textContent =
        `${r.solutions.toLocaleString("en")} fills${more}: ${nodes(r.nodes)} in ${time(r.ms)}`;
    }),
  check: () =>
    act("check", [], (r) => {
      const redundant = r.redundant.length ? `: ${r.redundant.join(" ")} can go` : "";
      $("verdict").textContent =
        `${r.status}${redundant} (no clash: ${r.valid ? "yes" : "no"}, unique: ` +
        `${r.unique ? "yes" : "no"}, minimal: ${r.minimal ? "yes" : "no"}, ${r.givens} givens)`;
      $("verdict").hidden = false;
      $("status").textContent = `checked in ${time(r.ms)}`;
    }),
  hint: () =>
    act("hint", [], (r) => {
      const panel = $("hint");
      panel.hidden = false;
      if (r.status === "solved") {
        panel.textContent = "The puzzle is solved.";
        delete panel.dataset.technique;
        return;
      }
      panel.dataset.technique = r.technique;
      panel.innerHTML = "";
      const name = document.createElement("strong");
      name.textContent = r.technique;
      panel.append(name, `: ${r.reason}`);
      markStep($("board"), r);
      $("status").textContent = `hint in ${time(r.ms)}`;
    }),
  explain: () => act("explain", [], (r) => showSteps(r)),
  rate: () =>
    act("rate", [], (r) => {
      $("verdict").textContent =
        `level ${r.level}, score ${r.score}, hardest technique ${r.hardest}, ` +
        `${r.steps} steps, effort ${r.effort}`;
      $("verdict").dataset.level = r.level;
      $("verdict").hidden = false;
      $("status").textContent = `rated in ${time(r.ms)}`;
    }),
  "solve-lines": () =>
    act("solve_all", [], (r) => {
      $("status").textContent =
        `${r.solved} of ${r.puzzles} puzzles solved in ${time(r.roundTripMs)}` +
        ` (${time(r.roundTripMs / Math.max(r.puzzles, 1))} each)`;
      // The test's timings: end to end, and the module's calls alone (in the worker).
      $("status").dataset.ms = String(r.roundTripMs);
      $("status").dataset.wasmMs = String(r.wasmMs);
      $("status").dataset.answers = r.answers;
    }),
};

// ---------------------------------------------------------------- explain

let explained = null;
let shownStep = 0;

function showSteps(reply) {
  explained = reply;
  shownStep = 0;
  $("steps").hidden = false;
  showStep();
  $("status").textContent = `${reply.steps.length} steps in ${time(reply.ms)}`;
}

function showStep() {
  const steps = explained.steps;
  const step = steps[shownStep];
  $("step-count").textContent = `step ${shownStep + 1} of ${steps.length}`;
  $("step-text").textContent = step ? `${step.technique}: ${step.reason}` : "";
  showAnswer(step ? step.after : explained.puzzle, explained.puzzle, "after this step");
  clearMarks();
  if (step) {
    markStep($("board"), step);
    markStep($("answer"), step);
  }
  $("step-back").disabled = shownStep === 0;
  $("step-next").disabled = shownStep + 1 >= steps.length;
}

// ---------------------------------------------------------------- generate

async function generate() {
  $("status").textContent = "generating…";
  $("error").textContent = "";
  const args = [$("difficulty").value, $("symmetry").value, $("seed").value];
  try {
    const r = await run("generate", args);
    if (failed(r)) return;
    $("puzzle-text").value = r.puzzle;
    textChanged();
    $("status").textContent =
      `generated (${r.level}, symmetry ${r.symmetry}, seed ${r.seed}) in ${time(r.ms)}`;
    $("status").dataset.level = r.level;
  } catch (e) {
    $("status").textContent = e.message === "stopped" ? "stopped" : String(e);
  }
}

// ---------------------------------------------------------------- exact cover

async function emit() {
  const r = await run("emit", [$("emit-puzzle").value, $("emit-arg").value]);
  if (r.status === "error") {
    $("cover-status").textContent = r.message;
    return;
  }
  $("cover-text").value = r.text;
  $("cover-status").textContent = "";
  $("cover-solutions").textContent = "";
}

async function coverCount() {
  const args = [
    $("cover-text").value,
    Number($("cover-limit").value) || 1,
    Number($("cover-shown").value) || 0,
  ];
  $("cover-status").textContent = "counting…";
  $("cover-solutions").textContent = "";
  try {
    const r = await run("cover", args, showProgress);
    if (r.status === "error") {
      $("cover-status").textContent = r.message;
      return;
    }
    const more = r.complete ? "" : " (stopped at the limit)";
    $("cover-status").textContent =
      `${r.solutions.toLocaleString("en")} solutions${more}; ${r.items} items, ` +
      `${r.options} options; ${nodes(r.nodes)} in ${time(r.ms)}`;
    $("cover-status").dataset.solutions = String(r.solutions);
    $("cover-solutions").textContent = r.first
      .map((options, k) => `${k + 1}:\n${options.join("\n")}`)
      .join("\n\n");
  } catch (e) {
    $("cover-status").textContent = e.message === "stopped" ? "stopped" : String(e);
  }
}

/** Counts by memoized search (Knuth's dlx6): one call, the count exact at any size. */
async function coverMemo() {
  $("cover-status").textContent = "counting with memo…";
  $("cover-solutions").textContent = "";
  try {
    const r = await run("cover_memo", [$("cover-text").value, Infinity]);
    if (r.status === "error") {
      $("cover-status").textContent = r.message;
      return;
    }
    $("cover-status").textContent =
      `${BigInt(r.solutions).toLocaleString("en")} solutions; ${r.items} items, ` +
      `${r.options} options; ${nodes(r.nodes)}, ${r.zdd_nodes.toLocaleString("en")} ZDD ` +
      `nodes, ${r.hits.toLocaleString("en")} memo hits in ${time(r.ms)}`;
    $("cover-status").dataset.solutions = r.solutions;
  } catch (e) {
    $("cover-status").textContent = e.message === "stopped" ? "stopped" : String(e);
  }
}

// ---------------------------------------------------------------- start

/** `#p=<puzzle>&do=solve|hint|rate`: loads the puzzle, then does the action. */
function readLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const puzzle = params.get("p");
  if (!puzzle) return;
  $("puzzle-text").value = puzzle;
  textChanged();
  const action = params.get("do");
  if (["solve", "hint", "rate", "check", "explain"].includes(action)) actions[action]();
}

function main() {
  startWorker();
  makeBoard($("board"), true);
  makeBoard($("answer"), false);
  for (const [name, action] of Object.entries(actions)) {
    $(name === "hint" ? "hint-button" : name).addEventListener("click", action);
  }
  $("puzzle-text").addEventListener("input", textChanged);
  $("clear").addEventListener("click", () => {
    $("puzzle-text").value = "";
    textChanged();
  });
  $("stop").addEventListener("click", stop);
  $("generate").addEventListener("click", generate);
  $("step-back").addEventListener("click", () => {
    shownStep = Math.max(0, shownStep - 1);
    showStep();
  });
  $("step-next").addEventListener("click", () => {
    shownStep = Math.min(explained.steps.length - 1, shownStep + 1);
    showStep();
  });
  $("emit").addEventListener("click", emit);
  $("cover-count").addEventListener("click", coverCount);
  $("cover-memo").addEventListener("click", coverMemo);
  window.addEventListener("hashchange", readLink);
  readLink();
  document.body.dataset.ready = "true";
}

main();
