"""The win, celebrated: the foundation cards leap off their piles and bounce
away across the table, and then the summary (the win dialog, dialogs.py) opens.

Why: the end of a game is the moment a card game rewards the player, and a
dialog alone says "you won" the way a form says "saved" (issue #25). The
bouncing cascade of the first computer solitaires is the picture players know
as "I won", so it is that: the top cards of the foundations leave one after
another, round the foundations from the top cards down, each thrown up and
sideways, bouncing on the bottom of the window and fading, while its pile
shows the card beneath, as if the piles emptied onto the table.

How, and what it promises:

* The cards that fly are copies of the foundation cards' elements (``div.card``
  with the same ``data-card``, so the stylesheet puts the same face on), in an
  overlay made with ``createElement`` (never HTML text) whose root carries
  ``data-celebration`` while it shows; it is taken out of the page after. The
  originals fade out as their copy leaves and are back at the end.
* Each flight is keyframes of ``transform`` and ``opacity`` only, handed to the
  Web Animations API at once: the compositor runs them, Python does nothing
  while they play, and the page never lays out again. About 2.5 s in all at
  the normal speed, shorter at fast, longer at slow (:data:`PACE`).
* None at the speed setting "off", under ``prefers-reduced-motion: reduce``,
  or while the page is not seen: the summary opens at once.
* Any key or any press skips it: the summary opens at once. The key is caught
  at the window before any other listener sees it (capture), and the press by
  the overlay, which covers the page: neither reaches the table, the toolbar or
  a button. The summary opens when the key or the pointer is let go, so that
  letting go cannot press the dialog's first button (Space presses on release).
* The overlay is only a picture (``aria-hidden``): a screen reader hears the
  win from the move's own announcement (moves.py) and then the summary, which
  takes the focus as it always did.
"""

from __future__ import annotations

import math
import random
from typing import Callable, TypeVar

from castling.game import Game
from castling.i18n import t
from castling.rules import parse_pile_name
from pyodide.ffi import create_proxy

from .dom import JsObject, js_object, present
from .host import Host

#: how long the celebration takes at each speed setting, as a share of the normal
#: ("off": none at all)
PACE = {"fast": 0.7, "normal": 1.0, "slow": 1.4}
#: at most this many cards fly (a three-deck game has 156 at home)
MOST_CARDS = 52
#: at the normal pace: a beat for the last move's cards to land, the time from
#: the first card's leaving to the last's, and one card's flight
BEAT_MS = 380
#: while cards still slide home (auto-play's, one after another: animation.py),
#: look again this often, at most LANDING_MS in all
LOOK_AGAIN_MS = 100
LANDING_MS = 8000
LEAVING_MS = 1250
FLIGHT_MS = 1300
#: the summary's rising into place after it, and its curve
ENTRANCE_MS = 260
EASE_OUT = "cubic-bezier(0.2, 0.8, 0.2, 1)"
#: keyframes of a flight (the browser draws the frames between them)
STEPS = 40
#: a flight's last share fades the card out
FADE_FROM = 0.7

Card = TypeVar("Card")      # a card element (the tests' are card codes)


def flight(rng: random.Random, left: float, top: float, card_w: float, card_h: float,
           room_w: float, room_h: float) -> list[dict[str, float | str]]:
    """One card's keyframes (offsets 0 to 1, a transform and an opacity each): from
    its place at ``left``, ``top`` it is thrown up and sideways (mostly toward the
    middle of the room), falls, bounces on the bottom of the room (``room_h``),
    turning a little, and fades. The shape is the same at any speed: only the
    animation's duration changes."""
    seconds = FLIGHT_MS / 1000
    gravity = 3.0 * room_h                              # px/s²: a fall from the top in ~0.8 s
    toward = 1.0 if left + card_w / 2 < room_w / 2 else -1.0
    across = toward if rng.random() < 0.75 else -toward
    speed_x = across * rng.uniform(0.25, 0.65) * room_w  # px/s
    speed_y = -rng.uniform(0.12, 0.7) * room_h
    floor = max(room_h - card_h, top)
    bounce = rng.uniform(0.5, 0.68)
    turn = rng.uniform(-1.0, 1.0) * 200                 # degrees over the flight
    # The fall as pieces between bounces: (start time, height, upward speed).
    pieces = [(0.0, top, speed_y)]
    while len(pieces) < 8:
        start, y, vy = pieces[-1]
        if vy == 0 and y >= floor:
            break
        to_floor = (-vy + math.sqrt(vy * vy + 2 * gravity * (floor - y))) / gravity
        if start + to_floor >= seconds:
            break
        landing = vy + gravity * to_floor
        rebound = -bounce * landing
        pieces.append((start + to_floor, floor, rebound if abs(rebound) > 60 else 0.0))
    times = sorted({i * seconds / STEPS for i in range(STEPS + 1)}
                   | {start for start, _, _ in pieces[1:]})
    frames: list[dict[str, float | str]] = []
    for now in times:
        start, y, vy = next(piece for piece in reversed(pieces) if piece[0] <= now)
        gone = now - start
        height = floor if vy == 0 and y >= floor else y + vy * gone + gravity * gone * gone / 2
        share = now / seconds
        frames.append({
            "offset": round(share, 4),
            "transform": (f"translate({speed_x * now:.1f}px, {min(height, floor) - top:.1f}px) "
                          f"rotate({turn * share:.1f}deg)"),
            "opacity": 1 if share <= FADE_FROM else round((1 - share) / (1 - FADE_FROM), 3),
        })
    return frames


def leaving_order(piles: list[list[Card]]) -> list[Card]:
    """The foundation cards in the order they leave: the top card of each
    foundation in turn, then the ones beneath, at most :data:`MOST_CARDS`."""
    order: list[Card] = []
    for depth in range(max((len(pile) for pile in piles), default=0)):
        order.extend(pile[-1 - depth] for pile in piles if depth < len(pile))
    return order[:MOST_CARDS]


class Celebration:
    """Shows the celebration of a win, then the summary (``show_summary``)."""

    def __init__(self, host: Host, show_summary: Callable[[], None]) -> None:
        self.host = host
        self.show_summary = show_summary
        self.showing = False
        self.game: Game | None = None   # the game whose win it celebrates
        self.pressed = False            # a key or the pointer went down during it
        self.animations: list[JsObject] = []    # the flights and the originals' fades
        self._timer: JsObject | None = None
        self._waited = 0.0              # how long it has waited for the cards to land
        document = host.document
        self.overlay = overlay = document.createElement("div")
        overlay.className = "celebration"
        overlay.setAttribute("aria-hidden", "true")
        self.shade = document.createElement("div")       # the table dims toward the summary
        self.shade.className = "celebration-shade"
        self.flights = document.createElement("div")
        self.flights.className = "celebration-cards"
        self.hint = document.createElement("p")
        self.hint.className = "celebration-hint"
        overlay.append(self.shade, self.flights, self.hint)
        for event in ("pointerdown", "pointerup", "pointercancel", "click"):
            host.listen(overlay, event, self.on_pointer)
        self._key = create_proxy(self.on_key)
        self._launch = create_proxy(lambda *_: self.launch())
        self._end = create_proxy(lambda *_: self.finish())
        host.subscribe(self.on_change)

    # -- starting ------------------------------------------------------------------

    def pace(self) -> float | None:
        """The share of the normal length it takes now, or None: no celebration."""
        window = self.host.window
        matches = getattr(window, "matchMedia", None)
        if matches is not None and matches("(prefers-reduced-motion: reduce)").matches:
            return None
        if self.host.document.hidden:
            return None
        return PACE.get(self.host.session.preferences.settings.speed)

    def begin(self) -> None:
        """The game was just won: celebrate, then show the summary (at once when
        there is to be no celebration)."""
        if self.showing:
            return
        pace = self.pace()
        if pace is None:
            self.show_summary()
            return
        self.showing, self.pressed = True, False
        self.game = self.host.session.game
        self.hint.textContent = t("win.skip")
        self.flights.replaceChildren()
        self.overlay.setAttribute("data-celebration", "")
        self.host.document.body.appendChild(self.overlay)
        window = self.host.window
        for event in ("keydown", "keyup"):
            window.addEventListener(event, self._key, True)
        # The cards are measured once the last move's slides have landed them.
        self._waited = 0.0
        self._timer = window.setTimeout(self._launch, BEAT_MS * pace)

    def launch(self) -> None:
        """Throw the foundation cards, one after another; end when the last lands."""
        self._timer = None
        pace = self.pace()
        if not self.showing or pace is None:
            self.finish()
            return
        host = self.host
        window = host.window
        board: JsObject = getattr(host.view, "board", None)
        if self._waited < LANDING_MS and present(board) and \
                len(board.getAnimations(js_object({"subtree": True}))):
            self._waited += LOOK_AGAIN_MS       # cards still on their way home
            self._timer = window.setTimeout(self._launch, LOOK_AGAIN_MS)
            return
        names = [name for name in host.session.game.rules.pile_names
                 if parse_pile_name(name)[0] == "f"]
        cards = leaving_order([host.view.cards_of(name) for name in names])
        room_w = float(getattr(window, "innerWidth", 0) or 0) or 1.0
        room_h = float(getattr(window, "innerHeight", 0) or 0) or 1.0
        rng = random.Random()
        gap = LEAVING_MS / max(1, len(cards) - 1)
        copies = []
        for order, card in enumerate(cards):
            box = card.getBoundingClientRect()
            left, top = float(box.left), float(box.top)
            width, height = float(box.width), float(box.height)
            copy = host.document.createElement("div")
            copy.className = "card"
            copy.setAttribute("data-card", str(card.getAttribute("data-card")))
            style = copy.style
            style.opacity = "0"             # unseen until it leaves (its original shows)
            style.setProperty("--card-w", f"{width:.1f}px")
            style.left, style.top = f"{left:.1f}px", f"{top:.1f}px"
            style.width, style.height = f"{width:.1f}px", f"{height:.1f}px"
            copies.append(copy)
            timing = {"duration": FLIGHT_MS * pace, "delay": order * gap * pace,
                      "easing": "linear", "fill": "forwards"}
            self.animations.append(copy.animate(
                js_object(flight(rng, left, top, width, height, room_w, room_h)),
                js_object(timing)))
            # The original leaves with its copy: the card beneath shows.
            self.animations.append(card.animate(
                js_object([{"opacity": 0}, {"opacity": 0}]),
                js_object({"duration": 1, "delay": order * gap * pace, "fill": "forwards"})))
        # A card that leaves later flies over the ones before it, as a card thrown
        # onto a table lands on top.
        self.flights.replaceChildren(*copies)
        total = (LEAVING_MS + FLIGHT_MS) * pace
        self.animations.append(self.shade.animate(
            js_object([{"opacity": 0}, {"opacity": 1}]),
            js_object({"duration": total, "easing": "ease-in", "fill": "both"})))
        self._timer = window.setTimeout(self._end, total)

    # -- ending --------------------------------------------------------------------------

    def stop_flights(self) -> None:
        """The cards stop where they are and go; the foundations show theirs again."""
        animations, self.animations = self.animations, []
        for animation in animations:
            animation.cancel()
        self.flights.replaceChildren()

    def finish(self, *, summary: bool = True) -> None:
        """The celebration is over (or skipped): the summary, at once."""
        if not self.showing:
            return
        self.showing, self.game = False, None
        window = self.host.window
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None
        for event in ("keydown", "keyup"):
            window.removeEventListener(event, self._key, True)
        self.stop_flights()
        self.overlay.removeAttribute("data-celebration")
        self.overlay.remove()
        if summary:
            self.show_summary()
            self.bring_in(self.host.document.querySelector("dialog[open]"))

    def bring_in(self, dialog: JsObject) -> None:
        """The summary rises into place after the cards, its lines one after another."""
        pace = self.pace()
        if not present(dialog) or pace is None:
            return
        dialog.animate(js_object([{"opacity": 0, "transform": "translateY(18px) scale(0.97)"},
                                  {"opacity": 1, "transform": "none"}]),
                       js_object({"duration": ENTRANCE_MS * pace, "easing": EASE_OUT}))
        for order, line in enumerate(dialog.querySelectorAll("[data-news]")):
            line.animate(js_object([{"opacity": 0, "transform": "translateY(8px)"},
                                    {"opacity": 1, "transform": "none"}]),
                         js_object({"duration": ENTRANCE_MS * pace, "easing": EASE_OUT,
                                    "delay": (ENTRANCE_MS / 2 + order * 90) * pace,
                                    "fill": "backwards"}))

    # -- the player --------------------------------------------------------------------

    def on_key(self, event: JsObject) -> None:
        """Any key skips it, and no other listener of the page hears it: the summary
        opens when it is let go (a key held from before it began is not a skip)."""
        if not self.showing:
            return
        event.stopImmediatePropagation()
        event.preventDefault()
        if str(event.type) == "keydown":
            self.skip()
        elif self.pressed:
            self.finish()

    def on_pointer(self, event: JsObject) -> None:
        """A press anywhere skips it (the overlay covers the page); the summary
        opens when the pointer is let go."""
        if not self.showing:
            return
        event.stopPropagation()
        event.preventDefault()
        if str(event.type) == "pointerdown":
            self.skip()
        elif self.pressed or str(event.type) == "click":
            self.finish()

    def skip(self) -> None:
        """A key or the pointer went down: the cards go at once, and nothing
        ends the celebration by itself now but its letting go."""
        self.pressed = True
        if self._timer is not None:
            self.host.window.clearTimeout(self._timer)
            self._timer = None
        self.stop_flights()

    def on_change(self) -> None:
        """The table changed under it (another tab, a link): no longer this win to show."""
        game = self.host.session.game
        if self.showing and (game is not self.game or not game.is_won()):
            self.finish(summary=False)
