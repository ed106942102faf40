// The app's Python files (the engine, the browser layer and their bytecode),
// installed into Pyodide's file system by the interpreter module itself, and
// the list of Pyodide's packages it may load: none.
//
// build.py writes them all into one JSON file (path -> base64). Fetched while
// Pyodide boots and written with the file system's own calls, they cost a few
// milliseconds, where PyScript's "files" would fetch a zip only after the boot
// and unpack it with Python's zipfile (measured: about 30 ms more, at every start).

/** Pyodide's lock file for an app that loads no package (build.py keeps the
 * real one's info, which Pyodide checks): 119 KB not fetched nor parsed. */
export const LOCK_FILE = __LOCK_FILE__;

/** Where the files go: Pyodide's working directory, on sys.path. */
export const HOME = "/home/pyodide";

/** The files of this build, as {path: base64} (a promise: start it early). */
export async function fetchPythonFiles() {
  const response = await fetch(new URL("./python-files.json", import.meta.url));
  if (!response.ok) {
    throw new Error(`python-files.json: HTTP ${response.status}`);
  }
  return response.json();
}

function fromBase64(text) {
  if (Uint8Array.fromBase64) {
    return Uint8Array.fromBase64(text);
  }
  return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
}

/** The standard library the app can import, as bytecode (build.py's
 * castling-stdlib.zip: Pyodide's ``stdLibURL``), and Pyodide's full one, which
 * the safety net under it (castling_web/stdlib_fallback.py) fetches should a
 * module it lacks be asked for. */
const RUNTIME = new URL("./vendor/pyodide/", import.meta.url).href;
export const STDLIB = `${RUNTIME}castling-stdlib.zip`;
export const FULL_STDLIB = `${RUNTIME}python_stdlib.zip`;

/** Write the files into ``pyodide``'s file system under HOME, and put the
 * standard library's safety net in place (it is one of them). */
export function installPythonFiles(pyodide, files) {
  for (const [path, data] of Object.entries(files)) {
    const target = `${HOME}/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, fromBase64(data));
  }
  pyodide.runPython("import castling_web.stdlib_fallback as net; "
                    + `net.install(${JSON.stringify(FULL_STDLIB)})`);
}
