"""The engine in the browser's Python: Pyodide 314 (CPython 3.14 in WebAssembly).

Runs the same script under CPython here and under Pyodide in Node, and requires
identical output: deals of every game in both generator ranges, and a
deterministic playout with undo, and the solver's hint.  Needs ``npm ci`` (``make test`` runs it).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from castling import GAMES

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"

SCRIPT = r'''
import json, sys
from castling import GAMES, Game
print(tuple(sys.version_info[:2]))
for game_id, rules in GAMES.items():
    for number in (1, 31999, 32000, 987654321, 99999999999999999999):
        game = Game(rules, number)
        print(game_id, number, json.dumps(game.position.to_piles()))
    game = Game(rules, 4242)
    for step in range(60):
        moves = game.position.legal_move_texts()
        if not moves:
            break
        game.play(moves[(step * 7) % len(moves)])
        if step % 9 == 8:
            game.undo()
    print(game_id, "playout", game.move_texts(), game.position.to_text().replace("\n", "|"))
    # The solver (which the app runs in a worker) finds the same line with the same effort.
    from castling.app.advice import answer
    print(game_id, "hint", answer({"kind": "hint", "game": game_id, "deal": 5, "budget": 3000}))
'''


def test_engine_gives_identical_results_under_pyodide(tmp_path):
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide (see README)"
    assert (ROOT / "node_modules" / "pyodide").is_dir(), "run `npm ci` first (make test does)"
    script = tmp_path / "script.py"
    script.write_text(SCRIPT)
    # The Python search on both sides (the core's own comparison is test_core_in_pyodide).
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "CASTLING_SOLVER": "python"}
    cpython = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                             text=True, check=True, timeout=120).stdout
    pyodide = subprocess.run([node, str(RUNNER), str(ROOT / "py" / "castling"), str(script)],
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert pyodide.returncode == 0, pyodide.stderr
    (browser_version, *browser), (_, *here) = (pyodide.stdout.splitlines(),
                                                          cpython.splitlines())
    assert browser_version == "(3, 14)", browser_version
    assert browser == here
    assert len(here) == len(GAMES) * 7
