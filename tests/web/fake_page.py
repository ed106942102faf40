"""A fake page: elements that remember what was done to them (their animations
too), a document that makes them on demand, a window with timers that never
fire, and the table view's two calls (cards and highlights)."""

from __future__ import annotations

import types


class ClassList:
    def __init__(self) -> None:
        self.names: set[str] = set()

    def add(self, name): self.names.add(name)
    def remove(self, name): self.names.discard(name)

    def toggle(self, name, on=None):
        on = name not in self.names if on is None else on
        (self.add if on else self.remove)(name)


class Listened:
    """Keeps the listeners added to it, by event (capture or not alike)."""

    def addEventListener(self, event, handler, *options):
        self.__dict__.setdefault("listeners", {}).setdefault(event, []).append(handler)

    def removeEventListener(self, event, handler, *options):
        handlers = self.__dict__.get("listeners", {}).get(event, [])
        if handler in handlers:
            handlers.remove(handler)


class Animation:
    """What ``element.animate`` returned: its keyframes and timing, until cancelled."""

    def __init__(self, keyframes, timing) -> None:
        self.keyframes, self.timing = keyframes, timing
        self.cancelled = False

    def cancel(self):
        self.cancelled = True


class Style(types.SimpleNamespace):
    """An element's style: attributes, and the custom properties set on it."""

    def setProperty(self, name, value):
        self.__dict__.setdefault("properties", {})[name] = value

    def getPropertyValue(self, name):
        return self.__dict__.get("properties", {}).get(name, "")


class Element(Listened):
    """A DOM element that keeps what is set on it."""

    def __init__(self, tag: str = "div", **attributes) -> None:
        self.tag = tag
        self.attributes = {k.replace("_", "-"): v for k, v in attributes.items()}
        self.textContent = ""
        self.hidden = False
        self.disabled = False
        self.open = False
        self.classList = ClassList()
        self.style = Style(transform="")
        self.children: list = []
        self.parent: Element | None = None
        self.animations: list[Animation] = []

    @property
    def tagName(self) -> str:
        return self.tag.upper()

    def getAttribute(self, name):
        return self.attributes.get(name)

    def setAttribute(self, name, value):
        self.attributes[name] = value

    def removeAttribute(self, name):
        self.attributes.pop(name, None)

    def animate(self, keyframes, timing):
        self.animations.append(Animation(keyframes, timing))
        return self.animations[-1]

    def querySelectorAll(self, selector):
        return []

    def closest(self, selector): return None
    def showModal(self): self.open = True
    def close(self): self.open = False
    def appendChild(self, child): self.append(child)

    def append(self, *children):
        for child in children:
            child.parent = self
        self.children.extend(children)

    def replaceChildren(self, *children):
        self.children = []
        self.append(*children)

    def remove(self):
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    @property
    def lastElementChild(self):
        return self.children[-1] if self.children else None

    @property
    def firstElementChild(self):
        return self.children[0] if self.children else None

    def getBoundingClientRect(self):
        return types.SimpleNamespace(top=0, left=0, width=0, height=0)


class Document(Listened):
    """Elements by id, made when first asked for."""

    def __init__(self) -> None:
        self.elements: dict[str, Element] = {}
        self.documentElement = Element("html")
        self.body = Element("body")
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
        self.drawn: list[dict] = []         # the piles drawn without motion, in order

    def draw(self, piles):
        self.drawn.append(piles)
        return list(piles)

    def cards_of(self, name):
        return self.cards.setdefault(name, [Element("div") for _ in range(60)])

    def fit(self):
        pass

    layout_held = False

    def hold_layout(self):
        self.layout_held = True

    def release_layout(self):
        self.layout_held = False

    def mark(self, class_name, piles=(), cards=()):
        self.marks[class_name] = (tuple(piles), tuple(cards))


class Motion:
    """The table's movements: what was asked for, in order (nothing moves)."""

    def __init__(self) -> None:
        self.asked: list[tuple] = []        # ("draw" | "glide_back" | "nudge", what)

    def draw(self, piles, *, deal=False):
        self.asked.append(("draw", piles))

    def glide_back(self, elements, dx, dy):
        self.asked.append(("glide_back", list(elements)))

    def nudge(self, elements):
        self.asked.append(("nudge", list(elements)))


class Console:
    """What was said on the console as an error (the page's error watcher hears it)."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def error(self, text):
        self.errors.append(str(text))


class Window(Listened):
    """The window's timers and microtasks: kept, never run (a test calls what it
    wants to happen)."""

    def __init__(self) -> None:
        self.timers: list = []          # (function, milliseconds)
        self.microtasks: list = []      # what runs when the handler now running returns
        self.console = Console()

    def queueMicrotask(self, function):
        self.microtasks.append(function)

    def setInterval(self, function, ms):
        self.timers.append((function, ms))
        return len(self.timers)

    setTimeout = setInterval

    def clearInterval(self, handle):
        pass

    clearTimeout = clearInterval
