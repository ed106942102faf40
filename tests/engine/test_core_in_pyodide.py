"""The compiled core in the browser's Python: Pyodide 314 in Node, running the
module through the JavaScript engine's ``WebAssembly`` (castling.search.core.js_module,
as the browser's solver worker does), gives the very answers CPython gets
through wasmtime: the same verdicts, node counts and lines, every game; and
deals every game as the engine does (the browser deals with the core before
Python has started). Needs ``npm ci`` (``make test`` runs it)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from castling import GAMES

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"
IN_PYODIDE = "/engine/castling-core.wasm"

#: Deals the core makes in both: each generator, either side of their boundary,
#: and keys of the Mersenne Twister of one, two and three 32-bit words.
DEALS = (1, 31999, 32000, 2**32 + 1, 2**64 + 1, 10**20 - 1)

# Prints one line per solve: the search that answered, verdict, nodes, line;
# then one per deal: "deal", the game, the number, whether the core's deal is
# the engine's, and the deal's cards.
SCRIPT = r'''
import os, sys
from castling import GAMES, Position
from castling.cards import card_text
from castling.search.core import core_for, use_module
from castling.deal import deal_piles
from castling.search.solver import solve
if sys.platform == "emscripten":
    from castling.search.core.js_module import JsModule
    with open("/engine/castling-core.wasm", "rb") as file:
        use_module(JsModule.from_bytes(file.read()))
for game_id, rules in GAMES.items():
    for number, budget in ((1, 2000), (2, 2000), (3, 20000)):
        found = solve(Position.deal(rules, number), budget)
        print(game_id, number, found.search, found.result, found.nodes,
              " ".join(map(str, found.moves)))
for game_id, rules in GAMES.items():
    core = core_for(rules)
    for number in DEALS:
        dealt = core.deal(number)
        print("deal", game_id, number, dealt == deal_piles(rules, number),
              "/".join(" ".join(map(card_text, pile)) for pile in dealt))
'''.replace("DEALS", repr(DEALS))


def test_the_core_answers_alike_in_pyodide_and_in_cpython(tmp_path, wasm):
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide (see README)"
    assert (ROOT / "node_modules" / "pyodide").is_dir(), "run `npm ci` first (make test does)"
    script = tmp_path / "script.py"
    script.write_text(SCRIPT)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "CASTLING_CORE_WASM": str(wasm)}
    env.pop("CASTLING_SOLVER", None)
    cpython = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                             text=True, check=True, timeout=120).stdout.splitlines()
    pyodide = subprocess.run([node, str(RUNNER), str(ROOT / "py" / "castling"), str(script),
                              f"{wasm}={IN_PYODIDE}"],
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert pyodide.returncode == 0, pyodide.stderr
    browser = pyodide.stdout.splitlines()
    assert len(cpython) == (3 + len(DEALS)) * len(GAMES)
    solves = [line for line in browser if not line.startswith("deal ")]
    deals = [line.split() for line in browser if line.startswith("deal ")]
    assert len(solves) == 3 * len(GAMES)
    assert all(line.split()[2] == "core" for line in solves + cpython[:len(solves)])
    assert browser == cpython
    # not a search that gave up at once everywhere: wins with lines among them
    assert sum(line.split()[3] == "won" for line in solves) >= len(GAMES)
    # the core's deals, made by the browser's WebAssembly, are the engine's
    assert len(deals) == len(DEALS) * len(GAMES) and all(deal[3] == "True" for deal in deals)


def test_a_handed_over_module_keeps_one_core_at_a_time(wasm):
    # (The browser's worker: each core may hold the searches' whole memory cap.)
    import gc
    import weakref
    from castling.search.core import use_module
    from castling.search.core.wasm import shared_core
    from castling.search.core.wasmtime_module import WasmtimeModule
    module = WasmtimeModule(wasm)
    use_module(module)
    try:
        first = shared_core(GAMES["chessboard"])
        assert first is not None and shared_core(GAMES["chessboard"]) is first
        second = shared_core(GAMES["fortress"])
        assert second is not first and second.rules is GAMES["fortress"]
        gone = weakref.ref(first)
        del first
        gc.collect()
        assert gone() is None       # let go of when the second game's was made
    finally:
        use_module(None)
