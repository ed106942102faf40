"""Stand-ins for the browser, so the parts of the game screen that decide
things can be tested in CPython, without Chromium (as PyScript's LTK tests its
widgets): ``js`` and ``pyodide.ffi`` are small modules made here, and the page
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
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    for name, module in (("js", js), ("pyodide", pyodide), ("pyodide.ffi", ffi)):
        sys.modules.setdefault(name, module)


_stand_in_modules()
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))


class ClassList:
    def __init__(self) -> None:
        self.names: set[str] = set()

    def add(self, name): self.names.add(name)
    def remove(self, name): self.names.discard(name)

    def toggle(self, name, on=None):
        on = name not in self.names if on is None else on
        (self.add if on else self.remove)(name)


class Element:
    """A DOM element that keeps what is set on it."""

    def __init__(self, tag: str = "div", **attributes) -> None:
        self.tag = tag
        self.attributes = {k.replace("_", "-"): v for k, v in attributes.items()}
        self.textContent = ""
        self.hidden = False
        self.disabled = False
        self.open = False
        self.classList = ClassList()
        self.style = types.SimpleNamespace(transform="")
        self.children: list = []

    def getAttribute(self, name):
        return self.attributes.get(name)

    def setAttribute(self, name, value):
        self.attributes[name] = value

    def showModal(self): self.open = True
    def close(self): self.open = False
    def appendChild(self, child): self.children.append(child)
    def replaceChildren(self, *children): self.children = list(children)


class Document:
    """Elements by id, made when first asked for."""

    def __init__(self) -> None:
        self.elements: dict[str, Element] = {}
        self.documentElement = Element("html")
        self.hidden = False

    def getElementById(self, name):
        return self.elements.setdefault(name, Element(id=name))

    def createElement(self, tag):
        return Element(tag)

    def querySelector(self, selector):
        return None

    def querySelectorAll(self, selector):
        return []


class View:
    """The table view: card elements per pile, and the highlights asked for."""

    def __init__(self) -> None:
        self.marks: dict[str, tuple] = {}
        self.cards: dict[str, list[Element]] = {}

    def cards_of(self, name):
        return self.cards.setdefault(name, [Element("div") for _ in range(60)])

    def mark(self, class_name, piles=(), cards=()):
        self.marks[class_name] = (tuple(piles), tuple(cards))


@pytest.fixture
def document():
    return Document()


@pytest.fixture
def view():
    return View()


@pytest.fixture
def app():
    """A stand-in App on Chessboard deal 1."""
    from stand_in import StandInApp
    return StandInApp("chessboard", 1)
