"""Cards slide from where they were to where a move put them, as fast as the
player's speed setting says (``off``, or prefers-reduced-motion: no slide).

The cards are already drawn in their new place when a slide is asked for;
where that is on screen is read in the next animation frame, when the browser
lays the page out anyway, rather than at once, which would make it lay the
page out twice.
"""

from __future__ import annotations

from pyodide.ffi import create_proxy

from .dom import js_object

#: how long a slide takes at each speed setting ("off": none, the cards are there at once)
SLIDE_MS = {"fast": 90, "normal": 160, "slow": 320}


class Slides:
    """The slides waiting for the next frame."""

    def __init__(self, window, view, settings) -> None:
        self.window = window
        self.view = view
        self.settings = settings        # a function: the player's settings now
        self._waiting: list = []        # (card element, its old place)
        self._frame = create_proxy(self._slide)

    def slide_in(self, pile: str, before) -> None:
        """The top ``len(before)`` cards of ``pile`` came from the places ``before``."""
        if not before or self.settings().speed not in SLIDE_MS or \
                self.window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        arrived = self.view.cards_of(pile)[-len(before):]
        if not self._waiting:
            self.window.requestAnimationFrame(self._frame)
        self._waiting.extend(zip(arrived, before))

    def _slide(self, *_) -> None:
        slides, self._waiting = self._waiting, []
        duration = SLIDE_MS.get(self.settings().speed)
        if duration is None:                # switched off meanwhile
            return
        for element, old in slides:
            if not element.isConnected:      # gone again meanwhile (auto-play took it home)
                continue
            new = element.getBoundingClientRect()
            dx, dy = old.left - new.left, old.top - new.top
            if abs(dx) + abs(dy) < 1:
                continue
            element.animate(js_object([{"transform": f"translate({dx}px, {dy}px)"},
                                       {"transform": "none"}]),
                            js_object({"duration": duration, "easing": "ease-out"}))
