// A Sudoku board of any size the library takes (4×4 to 25×25), drawn as an ARIA grid:
// `[data-board][data-size=N]` holding N rows of N `[data-cell]` cells, each cell's text its
// symbol (pencil marks, eliminations and cage sums are drawn by CSS from attributes of
// empty child spans, so that a cell's text is only its symbol). One tab stop per board
// (roving focus); keys as in a Sudoku app; play mode with pencil marks and undo/redo.

/** Box rows × columns for each side the library takes (`Shape::for_side`). */
export const SHAPES = {
  4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 10: [2, 5],
  12: [3, 4], 16: [4, 4], 20: [4, 5], 25: [5, 5],
};

/** The symbol of value `v` (1..=25): digits, then A for 10, B for 11, … */
export const symbol = (v) => (v <= 9 ? String(v) : String.fromCharCode(55 + v));

/** The value of symbol `ch` on a board of side `n`; 0 for a blank; null if none. */
export function valueOf(ch, n) {
  if (ch === "." || ch === "0" || ch === "_" || ch === "*") return 0;
  const up = ch.toUpperCase();
  let v = null;
  if (/^[1-9]$/.test(up)) v = Number(up);
  else if (/^[A-P]$/.test(up)) v = up.charCodeAt(0) - 55;
  return v !== null && v <= n ? v : null;
}

/** The first puzzle of `text` as a line of N² symbols ('.' for blanks), or null. */
export function puzzleLine(text) {
  const tidy = (t) => t.replace(/[\s|+\-]/g, "").replace(/[0_*]/g, ".").toUpperCase();
  const fits = (line) => {
    const n = Math.round(Math.sqrt(line.length));
    return SHAPES[n] && n * n === line.length &&
      [...line].every((ch) => valueOf(ch, n) !== null) ? line : null;
  };
  const whole = fits(tidy(text));
  if (whole) return whole;
  for (const line of text.split("\n")) {
    const one = fits(tidy(line));
    if (one) return one;
  }
  return null;
}

/** The positional text of a set of values for CSS: `cols` a row, a space where absent. */
function markText(values, n) {
  const cols = Math.ceil(Math.sqrt(n));
  let text = "";
  for (let v = 1; v <= n; v++) {
    text += values.has(v) ? symbol(v) : " ";
    if (v % cols === 0 && v < n) text += "\n";
  }
  return text;
}

export class Board {
  /**
   * `element`: the board's container; `kind`: "puzzle" or "answer"; `label`: its
   * accessible name. `onChange(line)` hears every change of the givens; `onPaste(text)`
   * gets text pasted into a cell when it is more than one symbol.
   */
  constructor(element, kind, label, { onChange = () => {}, onPaste = () => {} } = {}) {
    this.el = element;
    this.kind = kind;
    this.label = label;
    this.onChange = onChange;
    this.onPaste = onPaste;
    this.mode = "edit"; // "edit": typing sets givens; "play": the player's digits
    this.pencil = false;
    this.focusAt = 0;
    element.dataset.board = kind;
    element.setAttribute("role", "grid");
    element.setAttribute("aria-label", label);
    element.addEventListener("keydown", (e) => this.key(e));
    element.addEventListener("paste", (e) => this.paste(e));
    element.addEventListener("click", (e) => {
      const cell = e.target.closest("[data-cell]");
      if (cell) this.focus(Number(cell.dataset.cell));
    });
    this.resize(9);
  }

  /** A fresh empty board of side `n`. */
  resize(n) {
    this.n = n;
    this.givens = Array(n * n).fill(0);
    this.entries = Array(n * n).fill(0);
    this.marks = Array.from({ length: n * n }, () => new Set());
    this.history = [];
    this.future = [];
    this.el.dataset.size = String(n);
    this.el.style.setProperty("--n", String(n));
    this.el.innerHTML = "";
    this.cells = [];
    const [br, bc] = SHAPES[n];
    for (let r = 0; r < n; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "row";
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.dataset.cell = String(i);
        cell.className = "cell";
        cell.tabIndex = i === 0 ? 0 : -1;
        cell.append(document.createTextNode(""));
        const marks = document.createElement("span");
        marks.className = "marks";
        marks.setAttribute("aria-hidden", "true");
        cell.append(marks);
        row.append(cell);
        this.cells.push(cell);
      }
      this.el.append(row);
    }
    this.focusAt = 0;
    this.layout({ region: Array.from({ length: n * n }, (_, i) =>
      Math.floor(Math.floor(i / n) / br) * (n / bc) + Math.floor((i % n) / bc)) });
    for (let i = 0; i < n * n; i++) this.draw(i);
  }

  /** Draws regions (thick lines between cells of different regions), the X diagonals,
   * windoku's windows and killer cages, from `variant.layout`'s answer. */
  layout({ region, diagonals = false, windows = null, cages = [] }) {
    const n = this.n;
    this.region = region;
    const cage = Array(n * n).fill(-1);
    cages.forEach((k, at) => k.cells.forEach((c) => { cage[c] = at; }));
    this.cells.forEach((cell, i) => {
      const [r, c] = [Math.floor(i / n), i % n];
      cell.classList.toggle("right", c < n - 1 && region[i] !== region[i + 1]);
      cell.classList.toggle("bottom", r < n - 1 && region[i] !== region[i + n]);
      cell.classList.toggle("diag", diagonals && (r === c || r + c === n - 1));
      cell.classList.toggle("window", Boolean(windows && windows[i] >= 0));
      cell.querySelector(".cage")?.remove();
      if (cage[i] >= 0) {
        const k = cage[i];
        const span = document.createElement("span");
        span.className = "cage";
        span.setAttribute("aria-hidden", "true");
        const same = (j) => j >= 0 && j < n * n && cage[j] === k;
        if (!same(i - n)) span.classList.add("t");
        if (c === n - 1 || !same(i + 1)) span.classList.add("r");
        if (!same(i + n)) span.classList.add("b");
        if (c === 0 || !same(i - 1)) span.classList.add("l");
        if (Math.min(...cages[k].cells) === i) span.dataset.sum = String(cages[k].sum);
        cell.append(span);
      }
    });
  }

  /** Loads a puzzle line (N² symbols, '.' for blanks): its givens; play starts afresh. */
  load(line) {
    const n = Math.round(Math.sqrt(line.length));
    if (n !== this.n) this.resize(n);
    this.givens = [...line].map((ch) => valueOf(ch, n) ?? 0);
    this.entries.fill(0);
    this.marks.forEach((m) => m.clear());
    this.history = [];
    this.future = [];
    this.clearMarks();
    for (let i = 0; i < n * n; i++) this.draw(i);
  }

  /** The givens as a line. */
  line() {
    return this.givens.map((v) => (v ? symbol(v) : ".")).join("");
  }

  /** The grid as the player sees it (givens and entries) as a line. */
  playedLine() {
    return this.givens.map((v, i) => symbol(v || this.entries[i] || 0)).join("")
      .replace(/0/g, ".");
  }

  /** Shows a line (the answer board): its symbols, `givens` (a line) in plain. */
  show(line, givens = null) {
    const n = Math.round(Math.sqrt(line.length));
    if (n !== this.n) this.resize(n);
    this.givens = [...line].map((ch) => valueOf(ch, n) ?? 0);
    this.clearMarks();
    for (let i = 0; i < n * n; i++) {
      this.draw(i);
      this.cells[i].classList.toggle("given", Boolean(givens && givens[i] !== "."));
    }
  }

  /** Redraws cell `i`: its symbol, given or entered, its pencil marks, its name. */
  draw(i) {
    const cell = this.cells[i];
    const v = this.givens[i] || this.entries[i];
    cell.firstChild.nodeValue = v ? symbol(v) : "";
    if (this.kind === "puzzle") {
      cell.classList.toggle("given", this.mode === "play" && Boolean(this.givens[i]));
      cell.classList.toggle("entry", Boolean(!this.givens[i] && this.entries[i]));
    }
    const marks = cell.querySelector(".marks");
    marks.dataset.marks = v ? "" : markText(this.marks[i], this.n);
    const n = this.n;
    const name = `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
    cell.setAttribute("aria-label", v ? `${name} ${symbol(v)}` : `${name} empty`);
  }

  /** Moves the one tab stop to cell `i` and focuses it. */
  focus(i) {
    const to = Math.max(0, Math.min(this.n * this.n - 1, i));
    this.cells[this.focusAt].tabIndex = -1;
    this.focusAt = to;
    this.cells[to].tabIndex = 0;
    this.cells[to].focus();
  }

  /** Sets cell `i` to value `v` (0 clears) as the mode says; true if anything changed. */
  set(i, v) {
    if (this.kind !== "puzzle") return false;
    if (this.mode === "edit") {
      if (this.givens[i] === v) return false;
      this.givens[i] = v;
      this.draw(i);
      this.onChange(this.line());
      return true;
    }
    if (this.givens[i]) return false;
    const before = { value: this.entries[i], marks: [...this.marks[i]] };
    if (this.pencil && v) {
      if (this.entries[i]) return false;
      if (this.marks[i].has(v)) this.marks[i].delete(v);
      else this.marks[i].add(v);
    } else if (v === 0 && !this.entries[i] && this.marks[i].size) {
      this.marks[i].clear();
    } else {
      if (this.entries[i] === v) return false;
      this.entries[i] = v;
    }
    const after = { value: this.entries[i], marks: [...this.marks[i]] };
    this.history.push({ i, before, after });
    this.future = [];
    this.cells[i].classList.remove("wrong");
    this.draw(i);
    this.el.dispatchEvent(new CustomEvent("played"));
    return true;
  }

  restore(i, state) {
    this.entries[i] = state.value;
    this.marks[i] = new Set(state.marks);
    this.cells[i].classList.remove("wrong");
    this.draw(i);
    this.focus(i);
  }

  undo() {
    const move = this.history.pop();
    if (!move) return false;
    this.future.push(move);
    this.restore(move.i, move.before);
    return true;
  }

  redo() {
    const move = this.future.pop();
    if (!move) return false;
    this.history.push(move);
    this.restore(move.i, move.after);
    return true;
  }

  /** Keys: a symbol sets the cell and moves on; `.`, `0` or space clears and moves on;
   * arrows move; Backspace clears and moves back; Delete clears; Ctrl+Z/Ctrl+Y undo/redo. */
  key(e) {
    const i = this.focusAt;
    const n = this.n;
    if (e.ctrlKey || e.metaKey) {
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) this.undo();
      else if (k === "y" || (k === "z" && e.shiftKey)) this.redo();
      else return;
      e.preventDefault();
      return;
    }
    if (e.altKey) return;
    const moves = {
      ArrowLeft: i - 1, ArrowRight: i + 1, ArrowUp: i - n, ArrowDown: i + n,
      Home: i - (i % n), End: i - (i % n) + n - 1,
    };
    if (e.key in moves) {
      const to = moves[e.key];
      if (to >= 0 && to < n * n) this.focus(to);
      e.preventDefault();
      return;
    }
    if (e.key === "Backspace") {
      this.set(i, 0);
      this.focus(i - 1);
      e.preventDefault();
      return;
    }
    if (e.key === "Delete") {
      this.set(i, 0);
      e.preventDefault();
      return;
    }
    if (e.key.length !== 1) return;
    const v = e.key === " " ? 0 : valueOf(e.key, n);
    if (v === null) return;
    e.preventDefault();
    this.set(i, v);
    // Pencil marks stay on their cell: several go in one.
    if (!(this.mode === "play" && this.pencil && v)) this.focus(i + 1);
  }

  /** A puzzle pasted into a cell fills the board (through `onPaste`); one symbol is typed. */
  paste(e) {
    const text = e.clipboardData?.getData("text") ?? "";
    e.preventDefault();
    if (text.trim().length > 1) this.onPaste(text);
    else if (text.trim()) {
      const v = valueOf(text.trim(), this.n);
      if (v !== null) this.set(this.focusAt, v);
    }
  }

  /** Removes the hint's marks and the mistakes shown. */
  clearMarks() {
    for (const cell of this.cells) {
      cell.classList.remove("unit", "hl", "place", "elim", "wrong");
      delete cell.querySelector(".marks").dataset.elim;
    }
    for (let i = 0; i < this.n * this.n; i++) this.draw(i);
  }

  /** Draws a step on the board: its units, its pattern's cells, each empty cell's
   * candidates (from `step.candidates`, bit v-1) with the ones it removes struck out, and
   * the placements. */
  markStep(step) {
    this.clearMarks();
    const n = this.n;
    const cells = this.cells;
    for (const c of step.units) cells[c]?.classList.add("unit");
    for (const c of step.cells) cells[c]?.classList.add("hl");
    const gone = new Map();
    for (const [c, v] of step.eliminate) {
      cells[c]?.classList.add("elim");
      if (!gone.has(c)) gone.set(c, new Set());
      gone.get(c).add(v);
    }
    for (const [c] of step.place) cells[c]?.classList.add("place");
    if (!step.candidates) return;
    step.candidates.forEach((mask, c) => {
      if (!mask || this.givens[c] || this.entries[c]) return;
      const all = new Set();
      for (let v = 1; v <= n; v++) if (mask & (1 << (v - 1))) all.add(v);
      const removed = gone.get(c) ?? new Set();
      const kept = new Set([...all].filter((v) => !removed.has(v)));
      const span = cells[c].querySelector(".marks");
      span.dataset.marks = markText(kept, n);
      if (removed.size) span.dataset.elim = markText(removed, n);
    });
  }

  /** Marks the player's entries that differ from `answer` (a line); their number. */
  showMistakes(answer) {
    let wrong = 0;
    this.entries.forEach((v, i) => {
      const bad = Boolean(v) && symbol(v) !== answer[i];
      this.cells[i].classList.toggle("wrong", bad);
      if (bad) wrong++;
    });
    return wrong;
  }
}
