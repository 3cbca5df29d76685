// The page: the two boards (board.js), the text box, the variant's rules, the buttons, the
// shareable link (link.js), and the one worker every search runs in (worker.js). Plain JS
// modules, no framework, no bundler.

import { Board, puzzleLine, symbol } from "./board.js";
import { makeHash, readHash } from "./link.js";

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the worker

let worker = null;
// A second worker, loaded and idle, that Stop switches to: the next search need not wait
// for a module to load and compile.
let spare = null;
let job = null; // {id, resolve, reject, onProgress, posted} of the search under way
let nextId = 1;
let ticker = null;

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
    idle("");
    done.resolve(reply);
  };
  return fresh;
}

/** The bar between searches: Stop off, the clock stopped, `text` shown. */
function idle(text) {
  clearInterval(ticker);
  ticker = null;
  $("stop").disabled = true;
  $("progress").textContent = text;
}

/** Runs `cmd` in the worker; `onProgress` sees {nodes, ms} between node slices. */
function run(cmd, args, onProgress = showProgress) {
  if (job) stop();
  return new Promise((resolve, reject) => {
    job = { id: nextId++, resolve, reject, onProgress, posted: performance.now(), nodes: 0 };
    $("stop").disabled = false;
    $("progress").textContent = "working…";
    // The clock runs on between slices, whose reports come further apart as they double.
    ticker = setInterval(() => job && tick(job), 100);
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
  idle("stopped");
  stopped.reject(new Error("stopped"));
}

function tick(running) {
  const seconds = ((performance.now() - running.posted) / 1000).toFixed(1);
  const past = running.nodes ? `, past ${running.nodes.toLocaleString("en")} nodes` : "";
  $("progress").textContent = `searching… ${seconds} s${past}`;
}

function showProgress({ nodes }) {
  job.nodes = nodes;
  $("progress").dataset.nodes = String(nodes);
  tick(job);
}

// ---------------------------------------------------------------- words

/** "1 fill", "2 fills". */
const plural = (n, word) =>
  `${typeof n === "bigint" || typeof n === "number" ? n.toLocaleString("en") : n} ${word}` +
  (String(n) === "1" ? "" : "s");
const nodes = (n) => plural(n, "node");
const time = (ms) => {
  if (ms < 0.1) return "under 0.1 ms";
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 10000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
};
const sized = (n) => `${n}×${n}`;

// ---------------------------------------------------------------- the boards

const board = new Board($("board"), "puzzle", "puzzle", {
  onChange: (line) => {
    $("puzzle-text").value = line;
    puzzleChanged();
  },
  onPaste: (text) => {
    $("puzzle-text").value = text;
    textChanged();
  },
});
const answer = new Board($("answer"), "answer", "answer");

/** The variant's rules as the module takes them (JSON), "" for classic Sudoku. */
function rules() {
  const r = {};
  if ($("rule-x").checked) r.x = true;
  if ($("rule-windoku").checked) r.windoku = true;
  if ($("rule-jigsaw").checked) r.regions = $("regions-text").value;
  if ($("rule-killer").checked) r.cages = $("cages-text").value;
  return Object.keys(r).length ? JSON.stringify(r) : "";
}

function setRules(text) {
  let r = {};
  try {
    r = text ? JSON.parse(text) : {};
  } catch {
    r = {};
  }
  $("rule-x").checked = Boolean(r.x);
  $("rule-windoku").checked = Boolean(r.windoku);
  $("rule-jigsaw").checked = typeof r.regions === "string";
  $("regions-text").value = r.regions ?? "";
  $("rule-killer").checked = typeof r.cages === "string";
  $("cages-text").value = r.cages ?? "";
}

// The module on the page's own thread, for the quick layout calls (the worker may be busy).
let pageModule = null;
function module() {
  pageModule ??= import("./dlx_web.js").then(async (m) => {
    await m.default();
    return m;
  });
  return pageModule;
}

/** Draws the variant's regions, diagonals, windows and cages on both boards. */
async function drawRules() {
  $("regions-box").hidden = !$("rule-jigsaw").checked;
  $("cages-box").hidden = !$("rule-killer").checked;
  $("rules-error").textContent = "";
  const text = rules();
  const n = board.n;
  let l = null;
  if (text) {
    l = JSON.parse((await module()).layout(text, n));
    if (l.status === "error") {
      $("rules-error").textContent = l.message;
      l = null;
    }
  }
  if (board.n !== n) return;
  const plain = { region: board.cells.map((_, i) => boxOf(i, n)) };
  board.layout(l ?? plain);
  if (answer.n !== n) answer.resize(n);
  answer.layout(l ?? plain);
  $("board").dataset.variant = l ? text : "";
}

function boxOf(i, n) {
  const [br, bc] = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 10: [2, 5], 12: [3, 4],
    16: [4, 4], 20: [4, 5], 25: [5, 5] }[n];
  return Math.floor(Math.floor(i / n) / br) * (n / bc) + Math.floor((i % n) / bc);
}

/** The keypad under the board (phones have no keyboard for a grid): one button a symbol,
 * and Erase; each acts on the cell last focused. */
function makeKeypad() {
  const pad = $("keypad");
  pad.innerHTML = "";
  for (let v = 0; v <= board.n; v++) {
    const key = document.createElement("button");
    key.type = "button";
    key.textContent = v ? symbol(v) : "Erase";
    key.setAttribute("aria-label", v ? `enter ${symbol(v)}` : "erase the cell");
    key.addEventListener("click", () => {
      const at = board.focusAt;
      board.set(at, v);
      board.focus(board.mode === "edit" ? at + 1 : at);
    });
    pad.append(key);
  }
}

function sizeChanged(n) {
  if (board.n !== n) {
    board.resize(n);
    answer.resize(n);
    makeKeypad();
  }
  $("size").value = String(n);
  drawRules();
}

// ---------------------------------------------------------------- the puzzle

let lastAction = "";

function puzzleText() {
  return $("puzzle-text").value;
}

/** Puts a puzzle line on the board, resizing both boards when its size differs. */
function loadLine(line) {
  const n = Math.round(Math.sqrt(line.length));
  if (n !== board.n) sizeChanged(n);
  board.load(line);
}

/** The text box changed: its first puzzle goes on the board (any size). */
function textChanged() {
  loadLine(puzzleLine(puzzleText()) ?? ".".repeat(board.n * board.n));
  puzzleChanged();
}

/** Everything shown about the last puzzle goes; the link follows the new one. */
function puzzleChanged() {
  lastAction = "";
  board.clearMarks();
  showAnswer(null);
  showPanel(null);
  $("status").textContent = "";
  $("error").textContent = "";
  updateLink();
}

function updateLink() {
  const link = makeHash({ puzzle: puzzleText(), rules: rules(), action: lastAction });
  $("share").href = link;
  $("share").textContent = `index.html${link}`;
}

/** The answer board: `line` with the givens of `puzzle` plain; `final` when it is the
 * smallest fill (then in `data-answer`, which nothing else sets). */
function showAnswer(line, puzzle = null, caption = "", final = false) {
  const el = $("answer");
  if (line) answer.show(line, puzzle);
  else answer.show(".".repeat(board.n * board.n));
  if (line && final) el.dataset.answer = line;
  else delete el.dataset.answer;
  $("answer-caption").textContent = caption;
}

/** One panel at a time: hint, steps, verdict or lines (or none). */
function showPanel(id) {
  for (const p of ["hint", "steps", "verdict", "lines"]) $(p).hidden = p !== id;
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

/** The classic-only actions refuse a variant rather than answer for the wrong rules. */
function classicOnly(name) {
  if (!rules()) return false;
  $("error").textContent =
    `${name} follows the classic rules: untick the variant to use it ` +
    "(Solve and Count take the variant)";
  return true;
}

/** Runs a command on the puzzle and hands a good reply to `show`. In play mode a hint is
 * for the grid as played. */
async function act(name, cmd, args, show) {
  board.clearMarks();
  $("error").textContent = "";
  $("status").textContent = `${cmd.replace("_", " ")}…`;
  lastAction = name;
  updateLink();
  const text = board.mode === "play" && cmd === "hint" ? board.playedLine() : puzzleText();
  try {
    const reply = await run(cmd, [text, ...args]);
    // The puzzle as the library read it (a grid with a title, say) goes on the board.
    if (typeof reply.puzzle === "string" && board.mode === "edit" &&
        reply.puzzle !== board.line()) {
      loadLine(reply.puzzle);
    }
    if (!failed(reply)) show(reply);
  } catch (e) {
    $("status").textContent = e.message === "stopped" ? "stopped" : String(e);
  }
}

/** "the 9×9 puzzle", "the 4×4 X-Sudoku puzzle": what was read. */
function what(reply) {
  const n = reply.side ?? Math.round(Math.sqrt(reply.puzzle?.length ?? 81));
  const kind = rules() ? " variant" : "";
  return `the ${sized(n)}${kind} puzzle (${n * n} cells)`;
}

const actions = {
  solve: () =>
    act("solve", "solve", [rules()], (r) => {
      if (r.status !== "solved") {
        $("status").textContent = r.status;
        return;
      }
      showAnswer(r.answer, r.puzzle, "the smallest fill (the first in reading order)", true);
      $("status").textContent =
        `solved ${what(r)}: ${nodes(r.nodes)} in ${time(r.ms)}`;
      $("status").dataset.nodes = String(r.nodes);
    }),
  count: () =>
    act("count", "count", [rules(), Number($("count-limit").value) || 1], (r) => {
      const more = r.complete ? "" : " (stopped at the limit)";
      $("status").textContent =
        `${plural(r.solutions, "fill")}${more} of ${what(r)}: ${nodes(r.nodes)} in ${time(r.ms)}`;
      $("status").dataset.solutions = String(r.solutions);
    }),
  check: () => classicOnly("Check") ||
    act("check", "check", [], (r) => {
      const redundant = r.redundant.length ? `: ${r.redundant.join(" ")} can go` : "";
      $("verdict").textContent =
        `${r.status}${redundant} (no clash: ${r.valid ? "yes" : "no"}, unique: ` +
        `${r.unique ? "yes" : "no"}, minimal: ${r.minimal ? "yes" : "no"}, ` +
        `${plural(r.givens, "given")})`;
      showPanel("verdict");
      $("status").textContent = `checked in ${time(r.ms)}`;
    }),
  hint: () => classicOnly("Hint") ||
    act("hint", "hint", [], (r) => {
      const panel = $("hint");
      showPanel("hint");
      if (r.status === "solved") {
        panel.textContent = "The puzzle is solved.";
        delete panel.dataset.technique;
        return;
      }
      panel.dataset.technique = r.technique;
      panel.innerHTML = "";
      const name = document.createElement("strong");
      name.textContent = r.technique;
      const removes = r.eliminate.length
        ? ` It removes ${plural(r.eliminate.length, "candidate")} (struck out on the board).`
        : "";
      panel.append(name, ` (rating ${r.weight}, ${r.level}): ${r.reason}.${removes}`);
      board.markStep(r);
      $("status").textContent = `hint in ${time(r.ms)}`;
    }),
  explain: () => classicOnly("Explain") || act("explain", "explain", [], (r) => showSteps(r)),
  rate: () => classicOnly("Rate") ||
    act("rate", "rate", [], (r) => {
      const se = r.se
        ? `; Sudoku Explainer ER ${r.se.er}, EP ${r.se.ep}, ED ${r.se.ed}` +
          (r.se.hardest ? ` (${r.se.hardest})` : "")
        : "";
      $("verdict").textContent =
        `level ${r.level}, score ${r.score}, hardest technique ${r.hardest}, ` +
        `${plural(r.steps, "step")}, effort ${r.effort}${se}`;
      $("verdict").dataset.level = r.level;
      $("verdict").dataset.se = r.se ? r.se.er : "";
      showPanel("verdict");
      $("status").textContent = `rated in ${time(r.ms)}`;
    }),
  "solve-lines": () => classicOnly("Solve every line") ||
    act("", "solve_all", [], (r) => {
      $("status").textContent =
        `${r.solved.toLocaleString("en")} of ${plural(r.puzzles, "puzzle")} solved in ` +
        `${time(r.roundTripMs)} (${time(r.roundTripMs / Math.max(r.puzzles, 1))} each)`;
      // The test's timings: end to end, and the module's calls alone (in the worker).
      $("status").dataset.ms = String(r.roundTripMs);
      $("status").dataset.wasmMs = String(r.wasmMs);
      showLines(r.answers);
    }),
};

let download = null;

/** The answers of "Solve every line" in a box to copy, and as a file to download. */
function showLines(answers) {
  $("lines-answers").value = answers;
  if (download) URL.revokeObjectURL(download);
  download = URL.createObjectURL(new Blob([answers], { type: "text/plain" }));
  $("lines-download").href = download;
  showPanel("lines");
}

// ---------------------------------------------------------------- play

/** Shows the player's mistakes: entries that differ from the smallest fill. */
async function showMistakes() {
  $("error").textContent = "";
  try {
    const r = await run("solve", [board.line(), rules()]);
    if (failed(r)) return;
    if (r.status !== "solved") {
      $("status").textContent = r.status;
      return;
    }
    const wrong = board.showMistakes(r.answer);
    const filled = board.entries.filter(Boolean).length;
    $("status").textContent = wrong
      ? `${plural(wrong, "mistake")} (marked), against the smallest fill`
      : `no mistakes in ${plural(filled, "entry").replace("entrys", "entries")}`;
    $("status").dataset.mistakes = String(wrong);
  } catch (e) {
    $("status").textContent = e.message === "stopped" ? "stopped" : String(e);
  }
}

function setMode(mode) {
  board.mode = mode;
  board.clearMarks();
  document.body.dataset.mode = mode;
}

// ---------------------------------------------------------------- explain

let explained = null;
let shownStep = 0;

function showSteps(reply) {
  explained = reply;
  shownStep = 0;
  showPanel("steps");
  showStep();
  $("status").textContent = `${plural(reply.steps.length, "step")} in ${time(reply.ms)}`;
}

function showStep() {
  const steps = explained.steps;
  const step = steps[shownStep];
  $("step-count").textContent = `step ${shownStep + 1} of ${steps.length}`;
  $("step-text").textContent = step ? `${step.technique}: ${step.reason}` : "";
  showAnswer(step ? step.after : explained.puzzle, explained.puzzle,
    `the grid after step ${shownStep + 1} of ${steps.length}`);
  board.clearMarks();
  if (step) board.markStep(step);
  $("step-back").disabled = shownStep === 0;
  $("step-next").disabled = shownStep + 1 >= steps.length;
}

// ---------------------------------------------------------------- generate

async function generate() {
  $("status").textContent = "generating…";
  $("error").textContent = "";
  const args = [$("difficulty").value, $("symmetry").value, $("seed").value,
    $("se-range").value];
  try {
    const r = await run("generate", args);
    if (failed(r)) return;
    $("puzzle-text").value = r.puzzle;
    textChanged();
    const se = r.se ? `, SE ${r.se}` : "";
    $("status").textContent =
      `generated (${r.level}${se}, symmetry ${r.symmetry}, seed ${r.seed}) in ${time(r.ms)}`;
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
  delete $("cover-status").dataset.solutions;
  try {
    const r = await run("cover", args);
    if (r.status === "error") {
      $("cover-status").textContent = r.message;
      $("cover-status").dataset.error = "true";
      return;
    }
    delete $("cover-status").dataset.error;
    const more = r.complete ? "" : " (stopped at the limit)";
    $("cover-status").textContent =
      `${plural(r.solutions, "solution")}${more}; ${plural(r.items, "item")}, ` +
      `${plural(r.options, "option")}; ${nodes(r.nodes)} in ${time(r.ms)}`;
    $("cover-status").dataset.solutions = String(r.solutions);
    $("cover-solutions").textContent = r.first
      .map((options, k) => `solution ${k + 1}:\n${options.join("\n")}`)
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
      $("cover-status").dataset.error = "true";
      return;
    }
    delete $("cover-status").dataset.error;
    $("cover-status").textContent =
      `${plural(BigInt(r.solutions), "solution")}; ${plural(r.items, "item")}, ` +
      `${plural(r.options, "option")}; ${nodes(r.nodes)}, ` +
      `${plural(r.zdd_nodes, "ZDD node")}, ${plural(r.hits, "memo hit")} in ${time(r.ms)}`;
    $("cover-status").dataset.solutions = r.solutions;
  } catch (e) {
    $("cover-status").textContent = e.message === "stopped" ? "stopped" : String(e);
  }
}

// ---------------------------------------------------------------- start

/** `#p=<puzzle>&v=<rules>&do=<action>`: loads the puzzle and rules, then does the action. */
function readLink() {
  const { puzzle, rules: linked, action } = readHash(location.hash);
  if (!puzzle) return;
  setRules(linked);
  $("puzzle-text").value = puzzle;
  textChanged();
  drawRules();
  if (Object.hasOwn(actions, action)) actions[action]();
}

function wire() {
  for (const [name, action] of Object.entries(actions)) {
    $(name === "hint" ? "hint-button" : name).addEventListener("click", action);
  }
  $("puzzle-text").addEventListener("input", textChanged);
  $("clear").addEventListener("click", () => {
    $("puzzle-text").value = "";
    textChanged();
  });
  $("size").addEventListener("change", () => {
    $("puzzle-text").value = "";
    sizeChanged(Number($("size").value));
    textChanged();
  });
  for (const id of ["rule-x", "rule-windoku", "rule-jigsaw", "rule-killer"]) {
    $(id).addEventListener("change", () => {
      drawRules();
      puzzleChanged();
    });
  }
  for (const id of ["regions-text", "cages-text"]) {
    $(id).addEventListener("input", () => {
      drawRules();
      puzzleChanged();
    });
  }
  for (const input of document.querySelectorAll("input[name=mode]")) {
    input.addEventListener("change", () => setMode(input.value));
  }
  $("pencil").addEventListener("click", () => {
    board.pencil = !board.pencil;
    $("pencil").setAttribute("aria-pressed", String(board.pencil));
  });
  $("undo").addEventListener("click", () => board.undo());
  $("redo").addEventListener("click", () => board.redo());
  $("mistakes").addEventListener("click", showMistakes);
  $("lines-copy").addEventListener("click", () => {
    $("lines-answers").select();
    navigator.clipboard?.writeText($("lines-answers").value).catch(() => {});
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
}

function main() {
  startWorker();
  makeKeypad();
  wire();
  setMode("edit");
  updateLink();
  readLink();
  document.body.dataset.ready = "true";
  // Offline after one visit: the service worker keeps the page and the module.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").then(() => navigator.serviceWorker.ready)
      .then(() => { document.body.dataset.offline = "ready"; })
      .catch(() => { document.body.dataset.offline = "unavailable"; });
  }
}

main();
