// The interpreter PyScript runs Castling on: pyscript.json names this module
// as "interpreter", and PyScript calls its loadPyodide() (and reads version).
//
// It is Pyodide, started the fastest way it can be:
// * A return visit restores a memory snapshot of an interpreter that has
//   already imported the engine and the browser layer (snapshot-store.mjs,
//   castling_web/preload.py): a fraction of Python's own boot. Any snapshot
//   that is missing, of another build, damaged or refused by storage means a
//   normal boot, silently, and a fresh snapshot once the table is up.
// * The page imports this module before PyScript's own (index.html), so Pyodide
//   starts booting at once, alongside PyScript, instead of after it; PyScript's
//   call then receives the boot already under way.
// * It comes with the app's Python files installed (python-files.mjs),
//   fetched while Pyodide boots.
// * On a first visit the loading screen counts the runtime's bytes as they
//   arrive, and the two large files are kept for the service worker's
//   install (sw.js), which would otherwise download them again wherever the
//   HTTP cache cannot hold them (a private window's, in memory).
// The solver's worker (a PyScript worker with the same config) loads this
// module too and restores the same snapshot; only the page makes one. The
// page's compiled runtime goes to both its workers (runtime-module.mjs), so
// that neither fetches nor compiles pyodide.asm.wasm again.
//
// <html data-boot="snapshot|fresh"> says how the page's interpreter started,
// and data-snapshot="stored|failed" what became of making one (tests read them).

import { loadPyodide as bootPyodide, version } from "./vendor/pyodide/pyodide.mjs";
import { LOCK_FILE, STDLIB, fetchPythonFiles, installPythonFiles } from "./python-files.mjs";
import { decodeSnapshot, dropSnapshot, findSnapshot, writeSnapshot } from "./snapshot-store.mjs";
import { answerModuleAsks, bootCompiled, moduleFromPage } from "./runtime-module.mjs";

export { version };

const RUNTIME = new URL("./vendor/pyodide/", import.meta.url).href;
const IN_PAGE = typeof document !== "undefined";
// A page no service worker serves is a first visit (or a reload that bypassed
// the cache): there is no snapshot to look for, and the runtime comes from the
// network, so its bytes are worth counting on the loading screen, and keeping
// for the service worker about to be installed.
const FIRST_VISIT = IN_PAGE && !navigator.serviceWorker?.controller;

// What PyScript asks for when it calls loadPyodide (its output streams); the
// boot may have started before that call, so output goes through these.
const streams = { stdout: console.log, stderr: console.error };
let booting = null;
// The compiled runtime (a WebAssembly.Module) the page's interpreter runs on,
// once it has booted: what the page gives its workers.
let pageModule = null;

/** The interpreter, booted once however often asked (PyScript's entry point). */
export function loadPyodide(options = {}) {
  streams.stdout = options.stdout ?? streams.stdout;
  streams.stderr = options.stderr ?? streams.stderr;
  if (IN_PAGE) {
    answerPyScriptWorkers();   // PyScript is calling: its hooks are there
  }
  return startBoot();
}

function startBoot() {
  booting ??= withPythonFiles(fetchPythonFiles(), boot());
  return booting;
}

let answering = false;

/** Every worker PyScript starts (the solver's) may ask for the page's module. */
function answerPyScriptWorkers() {
  if (answering) {
    return;
  }
  answering = true;
  import("./vendor/pyscript/core.js").then(({ hooks }) => {
    hooks.main.onWorker.add((_, worker) => answerModuleAsks(worker, () => pageModule));
  }).catch((error) => console.info("Castling: workers will compile their own runtime:", String(error)));
}

/** Boot Pyodide with ``options`` on ``given`` (the page's compiled runtime,
 * in a worker) or on its own fetch and compile; the page keeps its module.
 * ``waits``: the page's Python starts once the table before it is painted. */
async function start(options, given, waits = true) {
  // (The gate opens once the runtime is compiled: a mark of the start-up's.)
  const gate = IN_PAGE && waits ? () => {
    mark("castling:runtime-compiled");
    return earlyTablePainted();
  } : null;
  const { pyodide, module } = await bootCompiled(() => bootPyodide(options), given, gate);
  if (IN_PAGE) {
    pageModule = module;
  }
  return pyodide;
}

// The longest Python's start waits for the table before it to be painted.
const EARLY_TABLE_WAIT_MS = 1500;

/** Settles once first-table.js (web/first-table/) has painted the table it draws before
 * Python is up, or has nothing to draw (window.castlingEarlyTable), and at
 * the latest after EARLY_TABLE_WAIT_MS: Python's start holds the main
 * thread, and no frame is drawn meanwhile. */
async function earlyTablePainted() {
  if (document.readyState === "loading") {
    await new Promise((parsed) => document.addEventListener("DOMContentLoaded", parsed, { once: true }));
  }
  const timer = new Promise((late) => setTimeout(late, EARLY_TABLE_WAIT_MS));
  await Promise.race([window.castlingEarlyTable ?? null, timer]);
}

async function withPythonFiles(files, booted) {
  const [pyodide, installed] = await Promise.all([booted, files]);
  installPythonFiles(pyodide, installed);
  mark("castling:python-files");
  return pyodide;
}

/** A point of the start-up on the page's timeline (benchmarks/browser.py's
 * "where" part reads them: where a visit's time goes). */
function mark(name) {
  if (IN_PAGE) {
    performance.mark(name);
  }
}

async function boot() {
  const options = {
    indexURL: RUNTIME,
    stdLibURL: STDLIB,
    lockFileContents: LOCK_FILE,
    stdout: (text) => streams.stdout(text),
    stderr: (text) => streams.stderr(text),
  };
  // A worker asks the page for its compiled runtime while it looks for the snapshot.
  const given = IN_PAGE ? null : moduleFromPage();
  // (No time spent opening Cache Storage before Python starts on a first visit.)
  const stored = FIRST_VISIT ? null : await findSnapshot();
  if (stored) {
    // Pyodide takes the snapshot as a promise: it fetches and compiles the
    // runtime while the snapshot is read and checked. A damaged one rejects,
    // maybe before Pyodide awaits it: handled here, so that it is not reported
    // as an error while Pyodide's own await still sees it.
    const snapshot = decodeSnapshot(stored);
    snapshot.catch(() => {});
    try {
      // (Restoring does not wait for the table before Python to be painted:
      // measured, the wait cost a return visit a tenth of the bare page's warm
      // boot at normal speed and gained nothing slowed 4x, the table being
      // drawn long before the runtime is compiled. docs/decisions.md)
      const pyodide = await start({ ...options, _loadSnapshot: snapshot }, await given, false);
      // A snapshot freezes random's state: every visit would deal the same
      // "new deal". Everything else that changes between visits (language,
      // settings, saves, the clock) is read by the app after this point.
      pyodide.runPython("import random; random.seed()");
      mark("castling:python-booted");
      said("boot", "snapshot");
      return pyodide;
    } catch {
      await dropSnapshot();        // damaged, or it did not restore: never try it again
    }
  }
  const module = await given;
  const pyodide = await firstVisitFetching(() => start(options, module));
  mark("castling:python-booted");
  said("boot", "fresh");
  if (IN_PAGE) {
    whenTableShown(() => whenSolverSettled(makeSnapshot));
  }
  return pyodide;
}

function said(name, value) {
  if (IN_PAGE) {
    document.documentElement.dataset[name] = value;
  }
}

/** Call ``then`` once, when <html data-NAME> holds a value ``holds`` accepts
 * (now, or as soon as it changes to one); given ``latest`` (ms), at the latest
 * then. What the page's start-up waits for: the table shown, the solver settled. */
function whenRootSays(name, holds, then, latest = null) {
  const root = document.documentElement;
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      watch.disconnect();
      then();
    }
  };
  const watch = new MutationObserver(() => holds(root.dataset[name]) && once());
  if (holds(root.dataset[name])) {
    once();
    return;
  }
  watch.observe(root, { attributes: true, attributeFilter: [`data-${name}`] });
  if (latest !== null) {
    setTimeout(once, latest);
  }
}

/** Call ``then`` once the table is on screen (<html data-ready="true">). */
export function whenTableShown(then) {
  whenRootSays("ready", (value) => value === "true", then);
}

// The longest the snapshot waits for the solver's worker (castling_web/advisor.py
// retries a failed start for longer than this).
const SOLVER_WAIT_MS = 20_000;

/** Call ``then`` once the solver's worker is up or will not be (<html
 * data-solver>), or after SOLVER_WAIT_MS. Both the worker and the snapshot's
 * boot Python: booted together on two cores, the first verdict came 0.4-0.5 s
 * later in Firefox and WebKit, the snapshot only 0.1-0.5 s sooner, and the
 * verdict is what the player waits for now (docs/decisions.md). */
function whenSolverSettled(then) {
  whenRootSays("solver", Boolean, then, SOLVER_WAIT_MS);
}

/** A worker makes the snapshot, on the page's compiled runtime; the page
 * stores it (see snapshot-maker.mjs). */
function makeSnapshot() {
  mark("castling:snapshot-started");
  const maker = new Worker(new URL("./snapshot-maker.mjs", import.meta.url), { type: "module" });
  maker.addEventListener("message", async ({ data }) => {
    maker.terminate();
    try {
      if (data.error) {
        throw new Error(data.error);
      }
      await writeSnapshot(data.encoded);
      mark("castling:snapshot-stored");
      said("snapshot", "stored");
    } catch (error) {
      // No snapshot this time (storage full, private window…): the player
      // loses nothing but speed, and the next visit tries again.
      console.info("Castling: no start-up snapshot:", String(error));
      said("snapshot", "failed");
    }
  });
  maker.addEventListener("error", () => said("snapshot", "failed"));
  try {
    maker.postMessage({ module: pageModule });
  } catch {
    maker.postMessage({ module: null });        // a browser that will not post a module
  }
}

// The files Pyodide fetches; build.py writes their sizes, since a compressed response's
// Content-Length does not count the bytes its body stream yields.
const RUNTIME_BYTES = __RUNTIME_BYTES__;

// Where a first visit keeps those files for the service worker's install,
// which takes them from there (sw.js) instead of from the network.
const HANDOVER = "castling-handover";
const handingOver = [];

/** Settles once the runtime's files a first visit downloaded are kept for the
 * service worker (or could not be): register-sw.js waits for it. */
export function runtimeHandedOver() {
  return Promise.allSettled(handingOver);
}

/** The cache to keep the runtime's files in for a service worker about to be
 * installed, or null: there is one already (a reload that bypassed it), or
 * none can be, or storage is off. */
async function handoverCache() {
  try {
    if (!navigator.serviceWorker || await navigator.serviceWorker.getRegistration()) {
      return null;
    }
    return await caches.open(HANDOVER);
  } catch {
    return null;
  }
}

async function handOver(cache, url, response) {
  const keep = await cache;
  if (!keep) {
    await response.body.cancel();
    return;
  }
  try {
    await keep.put(url, response);
  } catch (error) {
    // Storage full or refused: the service worker downloads them instead.
    console.info("Castling: the runtime is not kept for the service worker:", String(error));
  }
}

/** Run ``load`` (a boot). On a first visit, the loading screen meanwhile
 * counts the runtime's bytes as they arrive, and the runtime's files are kept
 * for the service worker: each response's body is split in two as it
 * arrives, one for Pyodide, one for the cache. (From the cache the bytes
 * arrive at once; and a response made here, as these are, is not one the
 * browser keeps compiled WebAssembly for: so only on a first visit.) */
async function firstVisitFetching(load) {
  if (!FIRST_VISIT) {
    return load();
  }
  const bar = document.getElementById("loading-progress");
  const cache = handoverCache();
  const total = Object.values(RUNTIME_BYTES).reduce((sum, size) => sum + size, 0);
  let received = 0;
  const show = () => {
    bar.max = total;
    bar.value = Math.min(received, total);
    bar.hidden = false;
    const megabytes = (bytes) => (bytes / 1e6).toFixed(1);
    bar.setAttribute("aria-valuetext", `${megabytes(received)} / ${megabytes(total)} MB`);
    bar.textContent = `${megabytes(received)} / ${megabytes(total)} MB`;
  };
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = String(input instanceof Request ? input.url : input);
    if (!(url.split("/").pop() in RUNTIME_BYTES) || !response.ok || !response.body) {
      return response;
    }
    let body = response.body;
    if (bar) {
      body = body.pipeThrough(new TransformStream({
        transform(chunk, controller) {
          received += chunk.byteLength;
          show();
          controller.enqueue(chunk);
        },
      }));
    }
    const [forPyodide, forServiceWorker] = body.tee();
    const type = response.headers.get("Content-Type") ?? "application/octet-stream";
    handingOver.push(handOver(cache, url, new Response(forServiceWorker, {
      headers: { "Content-Type": type },
    })));
    return new Response(forPyodide, {
      status: response.status, statusText: response.statusText, headers: response.headers,
    });
  };
  if (bar) {
    show();
  }
  try {
    return await load();
  } finally {
    globalThis.fetch = realFetch;
  }
}

if (IN_PAGE) {
  startBoot();        // start now; PyScript's own call comes later and joins this boot
}
