// Boots Pyodide in Node with a given standard library zip in place of its
// own (the page's trimmed one: build.py's castling-stdlib.zip), installs the
// app's Python files (python-files.json, as the page does), imports each
// module named, and prints, as JSON, those that failed and why.
// Used by tests/site/test_stdlib.py: with the trimmed library alone, nothing
// the app can import may fail.
//
// usage: node tests/pyodide/imports_with_stdlib.mjs STDLIB_ZIP PYTHON_FILES_JSON NAMES_JSON
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [stdlib, filesJson, namesJson] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdLibURL: stdlib });
for (const [path, data] of Object.entries(JSON.parse(readFileSync(filesJson, "utf8")))) {
  const target = `/home/pyodide/${path}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, Buffer.from(data, "base64"));
}
pyodide.globals.set("names_json", readFileSync(namesJson, "utf8"));
process.stdout.write(pyodide.runPython(`
import importlib, json, sys
sys.path.insert(0, "/home/pyodide")
failed = {}
for name in json.loads(names_json):
    try:
        importlib.import_module(name)
    except Exception as error:
        failed[name] = f"{type(error).__name__}: {error}"
json.dumps(failed)
`));
