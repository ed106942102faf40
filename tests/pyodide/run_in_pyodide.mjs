// Runs a Python script under Pyodide (CPython 3.14 compiled to WebAssembly)
// in Node, with the engine package copied into its file system, and prints
// what the script prints.  Used by tests/engine/test_pyodide.py to show the
// engine gives identical results in the browser's Python.
//
// usage: node tests/pyodide/run_in_pyodide.mjs PACKAGE_DIR SCRIPT_FILE [SOURCE=TARGET ...]
// (each SOURCE file is also written to TARGET in Pyodide's file system)
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const [packageDir, scriptFile, ...extra] = process.argv.slice(2);
const pyodide = await loadPyodide();
// The package with its subpackages and message catalogues, as it is on disk.
for (const name of readdirSync(packageDir, { recursive: true })) {
  if (name.endsWith(".py") || name.endsWith(".json")) {
    const target = `/engine/castling/${name}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, readFileSync(join(packageDir, name)));
  }
}
for (const pair of extra) {
  const [source, target] = pair.split("=");
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, readFileSync(source));
}
pyodide.setStdout({ batched: (line) => console.log(line) });
await pyodide.runPythonAsync(`import sys\nsys.path.insert(0, "/engine")\n` +
                             readFileSync(scriptFile, "utf8"));
