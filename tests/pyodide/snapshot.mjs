// Makes a start-up snapshot in Node the way web/snapshot-maker.mjs does in the
// browser (a clean Pyodide, the app's Python files, castling_web.preload),
// stores and reads it back with the site's own snapshot-store.mjs, restores it,
// and prints what tests/site/test_snapshot.py checks, as JSON.
//
// usage: node tests/pyodide/snapshot.mjs BUILT_SITE_DIR
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadPyodide } from "pyodide";

const site = process.argv[2];
const { encodeSnapshot, decodeSnapshot } = await import(pathToFileURL(join(site, "snapshot-store.mjs")));
const { LOCK_FILE, installPythonFiles } = await import(pathToFileURL(join(site, "python-files.mjs")));
const files = JSON.parse(readFileSync(join(site, "python-files.json"), "utf8"));

const maker = await loadPyodide({ lockFileContents: LOCK_FILE, _makeSnapshot: true });
installPythonFiles(maker, files);
maker.runPython("import castling_web.preload");
const snapshot = maker.makeMemorySnapshot();
const encoded = await encodeSnapshot(snapshot);

const read = (bytes) => decodeSnapshot(new Response(bytes));
const refused = async (bytes) => read(bytes).then(() => false, () => true);
const decoded = await read(encoded);
const corrupted = encoded.slice();
corrupted[encoded.length >> 1] ^= 1;

async function restore() {
  const pyodide = await loadPyodide({ lockFileContents: LOCK_FILE, _loadSnapshot: await read(encoded) });
  installPythonFiles(pyodide, files);
  return pyodide;
}
const first = await restore();
const second = await restore();
const probe = `
import json, random, sys
from castling import GAMES, Game
game = Game(GAMES["chessboard"], 1)
game.play(game.position.legal_move_texts()[0])
json.dumps({"imported": sorted(m for m in ("castling.search.solver", "castling_web.app") if m in sys.modules),
            "moves": len(game.moves), "draw": random.random()})`;
const unseeded = [first, second].map((pyodide) => JSON.parse(pyodide.runPython(probe)));
for (const pyodide of [first, second]) {
  pyodide.runPython("import random; random.seed()");      // as web/interpreter.mjs does
}
const reseeded = [first, second].map((pyodide) => JSON.parse(pyodide.runPython(probe)));

console.log(JSON.stringify({
  size: snapshot.length,
  heap: first._module.HEAP8.length,
  stored: encoded.length,
  roundTrip: decoded.length === snapshot.length && decoded.every((byte, i) => byte === snapshot[i]),
  truncatedRefused: await refused(encoded.slice(0, encoded.length - 4096)),
  corruptedRefused: await refused(corrupted),
  emptyRefused: await refused(new Uint8Array(0)),
  unseeded,
  reseeded,
}));
