// The runtime compiled once, for the page and its workers.
//
// Pyodide fetches pyodide.asm.wasm (9.6 MB) and compiles it at every boot. The
// page boots first; its workers (the snapshot maker, the solver's) boot after
// it in the same tab, and would fetch and compile the same file again. In a
// private window that is a download each time: its in-memory HTTP cache does
// not keep a file that large. A compiled WebAssembly.Module can be posted to a
// worker of the same page, so the page passes on the one it compiled and the
// workers only instantiate it: no request, no compile.
//
// How Pyodide 314.0.7 loads the file (pyodide.mjs, "getInstantiateWasmFunc"):
// it calls fetch() for it, then WebAssembly.instantiateStreaming() on that
// response with the imports it made. bootCompiled() stands in for both while
// one boot runs, and puts them back after it; a worker that has no module, or
// whose module will not instantiate, fetches and compiles the file as before.

const RUNTIME_FILE = "pyodide.asm.wasm";

function isRuntimeFile(input) {
  const url = input instanceof Request ? input.url : String(input);
  return url.replace(/[?#].*$/, "").endsWith(`/${RUNTIME_FILE}`);
}

/** Run ``load`` (one Pyodide boot). Given ``module`` (the compiled runtime),
 * the boot instantiates it instead of fetching the file. Given ``gate`` (a
 * function returning a promise), the runtime fetched is compiled (off the
 * main thread, as it streams in) but instantiated, and Python started, only
 * once the gate opens: the page's table drawn before Python is up gets
 * painted first (interpreter.mjs), where Python's start would hold every frame
 * for a second or more on a slow phone. Resolves with {pyodide, module}: the
 * module the boot used, to be passed on (or null). */
export async function bootCompiled(load, module = null, gate = null) {
  const realFetch = globalThis.fetch;
  const realInstantiate = WebAssembly.instantiateStreaming;
  const standIn = new Response(null);     // what fetch() gives Pyodide for the file
  let used = null;
  if (module) {
    globalThis.fetch = function (input, init) {
      return isRuntimeFile(input) ? Promise.resolve(standIn) : realFetch.call(this, input, init);
    };
  }
  WebAssembly.instantiateStreaming = async (source, imports) => {
    let response = await source;
    if (response === standIn) {
      try {
        const instance = await WebAssembly.instantiate(module, imports);
        used = module;
        return { instance, module };
      } catch (error) {
        console.info("Castling: the page's runtime did not instantiate here; fetching it:",
                     String(error));
        response = await realFetch(new URL(`./vendor/pyodide/${RUNTIME_FILE}`, import.meta.url));
      }
    }
    if (gate) {
      const compiled = await WebAssembly.compileStreaming(response);
      await gate();
      used = compiled;
      return { instance: await WebAssembly.instantiate(compiled, imports), module: compiled };
    }
    const result = await realInstantiate.call(WebAssembly, response, imports);
    used = result.module;
    return result;
  };
  try {
    const pyodide = await load();
    return { pyodide, module: used };
  } finally {
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiate;
  }
}

// The solver's worker is PyScript's (a named worker the page's Python starts):
// the page gets hold of it through PyScript's onWorker hook, and the worker
// asks for the module on a channel of its own, so that neither side's PyScript
// sees the exchange.
const ASK = "castling:runtime-module";
// The page answers at once, with the module or with null; this long only when
// no one answers at all (then the worker fetches the file itself).
const ANSWER_TIMEOUT_MS = 3000;

/** In a worker: the page's compiled runtime, or null when it has none to give. */
export function moduleFromPage() {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    const done = (module) => {
      clearTimeout(timer);
      port1.close();
      resolve(module instanceof WebAssembly.Module ? module : null);
    };
    const timer = setTimeout(() => done(null), ANSWER_TIMEOUT_MS);
    port1.onmessage = ({ data }) => done(data);
    port1.onmessageerror = () => done(null);       // a module this worker cannot take
    try {
      self.postMessage({ [ASK]: true }, [port2]);
    } catch {
      done(null);
    }
  });
}

/** In the page: answer ``worker``'s moduleFromPage() with what ``module()``
 * gives then: the page's compiled runtime, or null. */
export function answerModuleAsks(worker, module) {
  worker.addEventListener("message", (event) => {
    const [port] = event.ports;
    if (!event.data?.[ASK] || !port) {
      return;
    }
    try {
      port.postMessage(module() ?? null);
    } catch {
      port.postMessage(null);         // this browser will not post a module
    }
  });
}
