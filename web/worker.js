// The page's worker: every search runs here, so the page never freezes. Messages in:
// {id, cmd, args}; out: {id, progress} while a long search runs, then {id, reply}.
//
// Searches that can run long (solve, count, cover) go in node slices: each call has a node
// budget (no deadline: Instant::now() panics on wasm32), and one that ends at the budget
// is searched again from the start with twice the budget, after posting the budget reached
// so far. The nodes answered are those of the last call: one whole search, the count the
// CLI gives (the restarted slices' work is in `searched`). Stop is the page terminating
// this worker, which ends any search at once.
import init, * as dlx from "./dlx_web.js";

const ready = init();

/** The first slice's node budget: a few milliseconds of search. */
const FIRST_SLICE = 1 << 18;

/** The calls that take a node budget as their last argument. */
const SLICED = new Set(["solve", "count", "cover"]);

/** Milliseconds spent inside the module's calls of the current run (not in messages). */
let wasmMs = 0;

function call(cmd, args) {
  if (!Object.hasOwn(dlx, cmd) || cmd === "default" || cmd.startsWith("init")) {
    throw new Error(`unknown command ${cmd}`);
  }
  const started = performance.now();
  const text = dlx[cmd](...args);
  wasmMs += performance.now() - started;
  return JSON.parse(text);
}

/** The reply to one message; `ms` is its time in the worker, `wasmMs` that in the module. */
async function run(id, cmd, args) {
  const started = performance.now();
  wasmMs = 0;
  if (!SLICED.has(cmd)) {
    const reply = call(cmd, args);
    reply.ms = performance.now() - started;
    reply.wasmMs = wasmMs;
    return reply;
  }
  let searched = 0;
  for (let budget = FIRST_SLICE; ; budget *= 2) {
    const reply = call(cmd, [...args, budget]);
    searched += reply.nodes ?? 0;
    if (reply.status !== "node limit" || !Number.isFinite(budget * 2)) {
      reply.searched = searched;
      reply.ms = performance.now() - started;
      reply.wasmMs = wasmMs;
      return reply;
    }
    // The search has passed `budget` nodes and goes on from the start with twice that.
    postMessage({ id, progress: { nodes: budget, ms: performance.now() - started } });
  }
}

onmessage = async (event) => {
  const { id, cmd, args } = event.data;
  await ready;
  try {
    postMessage({ id, reply: await run(id, cmd, args) });
  } catch (e) {
    postMessage({ id, reply: { status: "error", message: String(e) } });
  }
};
