// Makes the interpreter's memory snapshot, in a module worker of its own so the
// page stays playable meanwhile (web/interpreter.mjs starts it once the first
// table is on screen).
//
// The snapshot must come from a clean Pyodide that only imports: an instance
// that has touched the page holds JavaScript objects a snapshot cannot keep.
// So this worker boots one, installs the app's Python files where the page
// has them (the same paths, so the modules find their files again after a
// restore), imports castling_web.preload, and posts the snapshot, encoded for
// storage, back to the page, which stores it (or fails to, where storage is
// full or off).
//
// The page's message brings its compiled runtime (runtime-module.mjs), which
// this worker instantiates instead of fetching and compiling pyodide.asm.wasm
// again; without one (null) it fetches the file as before.

import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { LOCK_FILE, STDLIB, fetchPythonFiles, installPythonFiles } from "./python-files.mjs";
import { encodeSnapshot } from "./snapshot-store.mjs";
import { bootCompiled } from "./runtime-module.mjs";

// Pyodide 314.0.7 restores a snapshot into a heap of its initial size, 30 MiB,
// whatever the snapshot's size (pyodide issue 6254): one that grew past it
// would never restore, so it is not kept.
const RESTORABLE = 30 * 1024 * 1024 + 1024;

async function make(module) {
  try {
    const files = fetchPythonFiles();
    files.catch(() => {});        // a failure is met where it is awaited, below
    const { pyodide } = await bootCompiled(() => loadPyodide({
      indexURL: new URL("./vendor/pyodide/", import.meta.url).href,
      stdLibURL: STDLIB,
      lockFileContents: LOCK_FILE,
      _makeSnapshot: true,
    }), module);
    installPythonFiles(pyodide, await files);
    pyodide.runPython("import castling_web.preload");
    const snapshot = pyodide.makeMemorySnapshot();
    if (snapshot.length > RESTORABLE) {
      throw new Error(`a snapshot of ${snapshot.length} bytes would not restore`);
    }
    const encoded = await encodeSnapshot(snapshot);
    self.postMessage({ encoded }, [encoded.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
}

// The page's one message; a module this worker cannot take (messageerror)
// means fetching the runtime here.
const started = new AbortController();
const once = { once: true, signal: started.signal };
self.addEventListener("message", ({ data }) => {
  started.abort();
  make(data?.module ?? null);
}, once);
self.addEventListener("messageerror", () => {
  started.abort();
  make(null);
}, once);
