"""The app imported step by step (castling_web/import_steps.py, issue 59): the
build's order puts every module after what it imports, so that each step runs
one module's body and the page gets the thread back between steps.

Run in a fresh interpreter: this process has imported the app long since.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from scripts.import_order import import_order

ROOT = Path(__file__).resolve().parents[2]

#: a fresh interpreter with the browser's modules stood in (as conftest.py does)
FRESH = """
import asyncio, json, sys, types
sys.path[:0] = [{py!r}, {web!r}]
js = types.ModuleType("js"); js.Object = types.SimpleNamespace(fromEntries=dict)
ffi = types.ModuleType("pyodide.ffi"); ffi.create_proxy = lambda f: f; ffi.to_js = lambda v, **_: v
ffi.jsnull = object()
code = types.ModuleType("pyodide.code"); code.run_js = lambda source: None
pyodide = types.ModuleType("pyodide"); pyodide.ffi, pyodide.code = ffi, code
sys.modules.update({{"js": js, "pyodide": pyodide, "pyodide.ffi": ffi, "pyodide.code": code}})
from castling_web.import_steps import import_app, steps
ours = lambda: {{name for name in sys.modules if name.split(".")[0] in ("castling", "castling_web")}}
order, step_ms, stepwise = json.loads(sys.argv[1]), float(sys.argv[2]), sys.argv[3] == "steps"
seen = []
if stepwise:
    had = ours()
    for name in steps(order):
        seen.append(sorted(ours() - had))
        had = ours()
    given_back = None
else:
    given_back = asyncio.run(import_app(order, step_ms))
print(json.dumps({{"steps": seen, "app": "castling_web.app" in sys.modules, "given_back": given_back,
                   "engine": hasattr(sys.modules.get("castling"), "GAMES")}}))
"""


def fresh(order: list[str], step_ms: float = 0, stepwise: bool = False) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", FRESH.format(py=str(ROOT / "py"), web=str(ROOT / "web")),
         json.dumps(order), str(step_ms), "steps" if stepwise else "app"],
        capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(done.stdout)


def test_every_step_imports_one_module_of_the_app():
    order = import_order()
    ours = [name for name in order if name.split(".")[0] in ("castling", "castling_web")]
    seen = fresh(order, stepwise=True)
    assert seen["app"] and seen["engine"]       # castling's own body ran too
    packages = {name for name in ours if any(other.startswith(name + ".") for other in ours)}
    for name, step in zip(order, seen["steps"], strict=True):
        # A step runs its own module's body, having set up the packages above
        # it (empty: their bodies run in steps of their own, which add no module).
        above = {name.rsplit(".", k)[0] for k in range(1, name.count(".") + 1)}
        assert [module for module in step if module not in above] == (
            [name] if name in ours and name not in packages else []), f"{name}: {step}"
    assert len(ours) > 80            # the engine and the browser layer, nearly all of it


def test_the_thread_is_given_back_between_steps():
    order = ["json", "castling.cards", "castling.rules"]
    assert fresh(order, step_ms=0)["given_back"] == len(order)
    assert fresh(order, step_ms=1e9)["given_back"] == 0


def test_an_order_that_missed_a_module_still_imports_it():
    """A module placed before what it needs imports it there and then; a
    package the order never names still has its body run."""
    assert fresh(["castling_web.app"])["app"]
    seen = fresh(["castling.cards", "castling.rules"])
    assert seen["engine"] and not seen["app"]
