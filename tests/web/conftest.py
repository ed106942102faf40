"""Stand-ins for the browser, so the parts of the game screen that decide
things can be tested in CPython, without Chromium (as PyScript's LTK tests its
widgets): ``js``, ``pyodide.ffi`` and ``pyodide.code`` are small modules made here, and the page
is a few fake elements that remember what was done to them.

What these tests cannot see — layout, real events, the worker — the browser
suite (tests/browser) covers by playing the built site.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _stand_in_modules() -> None:
    js = types.ModuleType("js")
    js.Object = types.SimpleNamespace(fromEntries=dict)
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda function: function
    ffi.jsnull = types.SimpleNamespace()          # JavaScript's null: not None
    ffi.to_js = lambda value, **_: value
    code = types.ModuleType("pyodide.code")
    code.run_js = lambda source: None               # (no JavaScript here to run)
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi, pyodide.code = ffi, code
    for name, module in (("js", js), ("pyodide", pyodide), ("pyodide.ffi", ffi),
                         ("pyodide.code", code)):
        sys.modules.setdefault(name, module)


_stand_in_modules()
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))


from .fake_page import Document, View  # noqa: E402  (after the stand-ins)


@pytest.fixture
def document():
    return Document()


@pytest.fixture
def view():
    return View()


@pytest.fixture
def app():
    """A stand-in App on Chessboard deal 1."""
    from .stand_in import StandInApp
    return StandInApp("chessboard", 1)
