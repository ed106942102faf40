// Compiles Python sources to bytecode for the browser's Python (Pyodide's
// CPython, not the one running the build), so that the page imports the app
// without compiling it first. build.py runs this and puts the results in
// app.zip beside the sources.
//
// usage: node scripts/compile_for_pyodide.mjs < {"path in the page": "source", ...}
// prints {"path in the page of the .pyc": "base64 bytes", ...}
//
// The .pyc files are "unchecked hash" ones: they carry no timestamp (the build
// stays reproducible) and are used without looking at the source, which is
// right for files shipped together in one archive.
import { loadPyodide } from "pyodide";

let input = "";
for await (const chunk of process.stdin) {
  input += chunk;
}
const pyodide = await loadPyodide();
pyodide.globals.set("sources_json", input);
const output = pyodide.runPython(`
import base64, importlib.util, json, marshal, os, py_compile

compiled = {}
for path, source in json.loads(sources_json).items():
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(source)
    target = importlib.util.cache_from_source(path)
    py_compile.compile(path, cfile=target, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(target, "rb") as handle:
        compiled[target] = base64.b64encode(handle.read()).decode()
json.dumps(compiled)
`);
process.stdout.write(output);
