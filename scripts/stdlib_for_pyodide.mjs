// The standard library the page's Python loads: only the modules the app can
// import, as bytecode for Pyodide's own CPython (docs/decisions.md, "Playable
// sooner"). Pyodide ships its standard library as sources, 2.5 MB zipped, and
// compiles each module it imports on every fresh start: about a second of a
// first visit before the app's first line. build.py runs this in Node and
// writes what it prints as vendor/pyodide/castling-stdlib.zip.
//
// usage: node scripts/stdlib_for_pyodide.mjs < {"path": "source", ...}
//   (the app's Python files, the solver's worker and PyScript's package)
// prints {"zip": base64, "kept": [...], "left_out": [...]}
//
// What is kept: every module Pyodide itself has imported once started, and
// every standard module the given sources name in an import statement,
// anywhere (inside functions too), with all that importing it imports. The
// rest is left out; its names go in the zip (LEFT_OUT), so that the page's
// safety net (castling_web/stdlib_fallback.py) can load one from Pyodide's
// full library should a path the tests never took ask for it.
//
// Each kept module is compiled once here, by the same CPython the page runs,
// to an "unchecked hash" .pyc with no source beside it (the zip's entries are
// read as they are); the zip's dates are fixed, so the build is reproducible.
import { loadPyodide } from "pyodide";

let input = "";
for await (const chunk of process.stdin) {
  input += chunk;
}
const pyodide = await loadPyodide();
pyodide.globals.set("sources_json", input);
const output = pyodide.runPython(`
import ast, base64, importlib, importlib.util, io, json, marshal, sys, zipfile

LIBRARY = "/lib/python314.zip"
LEFT_OUT = "castling-left-out.txt"
library = zipfile.ZipFile(LIBRARY)

def module_name(path):
    name = path[:-3].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name

modules = {module_name(name): name for name in library.namelist() if name.endswith(".py")}
started_with = {name for name in sys.modules if name in modules}

def named(source):
    """Every absolute module name an import statement of the source names
    (from x import y: x, and x.y in case y is a module)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)

wanted = set()
for source in json.loads(sources_json).values():
    wanted |= {name for name in named(source) if name in modules}
for name in sorted(wanted):
    try:
        importlib.import_module(name)
    except Exception:
        pass        # (a module for another platform: left to the safety net)
kept = sorted(started_with | {name for name in sys.modules if name in modules})
left_out = sorted(set(modules) - set(kept))

out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as packed:
    def put(name, data):
        packed.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    for name in kept:
        path = modules[name]
        code = compile(library.read(path), f"{LIBRARY}/{path}", "exec", dont_inherit=True)
        # flags 0b01: a hash-based .pyc whose source is never checked (PEP 552)
        put(path + "c", importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + bytes(8)
            + marshal.dumps(code))
    put(LEFT_OUT, "\\n".join(left_out).encode())
json.dumps({"zip": base64.b64encode(out.getvalue()).decode(), "kept": kept, "left_out": left_out})
`);
process.stdout.write(output);
