"""Cards move the way cards do: every change of the table (a move, an undo or
redo, a restart, Finish, Show me, a replay's step) slides the cards that moved
from where they were to where they are now, and turns over a card that was
face down; a new deal flies its cards from the deck one after another; the
cards auto-play sends home go one after another, after the move that freed
them; a refused drop glides back; a tap with nowhere to go gives the card a
small shake. All at the player's speed setting; "off", or the system's
prefers-reduced-motion, shows every change at once (a tap with nowhere to go
then glows instead of shaking: a cue that does not move).

Only what changes is measured and moved: before a redraw, the card elements
the table view is about to replace (render.py keeps the part of a pile that
stays) are measured; after it, each new element is matched by its card to one
that left, and slides from there. This module decides what moves from where
(only Python knows a face-down card, which the page never names); the page's
``motion.js`` measures and runs the frames, in the next animation frame, when
the browser lays the page out anyway: from Python, a deal's 104 cards cost a
77 ms task in bridge crossings (``make bench`` measures the deal and a slide
with the browser's long-task records).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from castling.app.storage.records import Settings
from pyodide.ffi import to_js

from .dom import JsObject, js_object, present
from .looks import SLIDE_MS
from .render import TableView, cards_kept

#: a deal's cards leave the deck within this many slide times, one after another,
#: each flying for DEAL_FLIGHT slide times
DEAL_SPREAD = 4.0
DEAL_FLIGHT = 2.0
#: cards that move at once from and to several piles (a restart, Finish, an undo
#: of either) leave one after another within this many slide times
SPREAD = 3.0
EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)"      # fast away, gently down
#: motion.js's code for a card that turned over on its way: face up, face down
TURNED_UP, TURNED_DOWN = 1, 2


@dataclass
class Leaving:
    """A card element about to be replaced: from which pile, where, face down or up."""
    pile: str
    at: tuple[float, float]
    down: bool


class Motion:
    """The table's movements (the frames are motion.js's)."""

    def __init__(self, window: JsObject, view: TableView, settings: Callable[[], Settings]) -> None:
        self.window = window
        self.view = view
        self.settings = settings        # a function: the player's settings now

    def duration(self) -> int | None:
        """How long a slide takes now, in milliseconds; None: nothing moves."""
        duration = SLIDE_MS.get(self.settings().speed)
        if duration is None or \
                self.window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return None
        return duration

    # -- the table changed ----------------------------------------------------------

    def draw(self, piles: dict[str, list[str]], *, deal: bool = False) -> None:
        """Draw ``piles`` on the table (render.TableView.draw), moving what moved;
        ``deal``: a new deal, its cards fly from the deck."""
        duration = self.duration()
        flights: JsObject = getattr(self.window, "castlingMotion", None)
        if duration is None or not present(flights):     # (a page without motion.js: no motion)
            self.view.draw(piles)
            return
        if deal:
            self.view.draw(piles)
            self._deal(flights, piles, duration)
            return
        leaving, kept = self._leaving(flights, piles)
        changed = self.view.draw(piles)
        order = {name: at for at, name in enumerate(piles)}
        elements: list[JsObject] = []
        data: list[float] = []      # per card: where it was (x, y), its index, its pile's, how it turned
        moved: set[str] = set()
        for name in changed:
            codes = piles[name]
            pile = self.view.pile_elements[name].children
            for index in range(kept.get(name, 0), len(codes)):
                gone = leaving.get(codes[index].upper())
                if not gone:
                    continue
                was = gone.pop(0)
                down = codes[index].islower()
                turned = 0 if was.down == down else TURNED_DOWN if down else TURNED_UP
                elements.append(pile.item(index))
                data.extend((*was.at, index, order[name], turned))
                moved |= {name, was.pile}
        if elements:
            # One move's cards go together (a supermove, its undo); from and to
            # several piles (a restart, Finish, their undo) they go one by one.
            kind = "spread" if len(moved) > 2 else "together"
            flights.queue(to_js(elements), to_js(data), kind, duration, SPREAD, 1)

    def _leaving(self, flights: JsObject,
                 piles: dict[str, list[str]]) -> tuple[dict[str, list[Leaving]], dict[str, int]]:
        """The card elements the redraw of ``piles`` will replace, by card (upper
        case: a face-down card's code is lower case), and how many cards each
        changed pile keeps."""
        leaving: dict[str, list[Leaving]] = {}
        kept: dict[str, int] = {}
        for name, codes in piles.items():
            shown = self.view.drawn.get(name)
            if shown is None or shown == tuple(codes):
                continue
            keep = kept[name] = cards_kept(shown, codes)     # (as the redraw will)
            places = flights.measure(self.view.pile_elements[name], keep).to_py()
            for at, code in enumerate(shown[keep:]):
                leaving.setdefault(code.upper(), []).append(
                    Leaving(name, (places[2 * at], places[2 * at + 1]), code.islower()))
        return leaving, kept

    def _deal(self, flights: JsObject, piles: dict[str, list[str]], duration: int) -> None:
        """Every card not in the stock flies from the deck: the stock if the game
        has one, else the foot of the board, as if held in the dealer's hand."""
        view = self.view
        stock = next((name for name in piles if name.startswith("s")), None)
        if stock is not None:
            box = view.pile_elements[stock].getBoundingClientRect()
            deck = (float(box.left), float(box.top))
        else:
            box = view.board.getBoundingClientRect()
            bottom = min(float(box.bottom), float(self.window.innerHeight))
            width = float(view.fitted.card_w) if view.fitted else 60.0
            deck = (float(box.left) + (float(box.width) - width) / 2, bottom - width * 0.7)
        dealt = [name for name in piles if name != stock and piles[name]]
        flights.deal(to_js([view.pile_elements[name] for name in dealt]), *deck, duration,
                     DEAL_SPREAD, DEAL_FLIGHT)

    # -- the player's cards -------------------------------------------------------------

    def glide_back(self, elements: Iterable[JsObject], dx: float, dy: float) -> None:
        """Dragged cards let go where they may not go: back from ``dx, dy`` to their pile."""
        duration = self.duration()
        if duration is None:
            return
        for element in elements:
            element.animate(js_object([{"transform": f"translate({dx}px, {dy}px)", "zIndex": 100},
                                       {"transform": "none", "zIndex": 100}]),
                            js_object({"duration": duration * 1.5, "easing": EASE}))

    def nudge(self, elements: Iterable[JsObject]) -> None:
        """Tapped cards with nowhere to go: a small shake, or a glow where nothing moves."""
        if self.duration() is None:
            frames = [{"boxShadow": "0 0 0 3px rgba(255, 214, 102, 0.95)"},
                      {"boxShadow": "0 0 0 3px rgba(255, 214, 102, 0)"}]
            timing = {"duration": 600, "easing": "ease-out"}
        else:
            frames = [{"transform": f"translateX({x}px)"} for x in (0, -5, 5, -3, 3, 0)]
            timing = {"duration": 300, "easing": "ease-in-out"}
        for element in elements:
            element.animate(js_object(frames), js_object(timing))
