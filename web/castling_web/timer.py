"""The game's clock: it runs once a second while the page is visible."""

from __future__ import annotations

from castling.app.storage.statistics import clock
from pyodide.ffi import create_proxy

from .host import Host

__all__ = ["Timer", "clock"]     # clock: how a time reads (the engine's, for the win's news too)


class Timer:
    """Counts the seconds of the game in hand (the session decides when they count)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.document = host.document
        self.session = host.session
        self._tick = create_proxy(self.on_tick)
        host.window.setInterval(self._tick, 1000)
        host.subscribe(self.show)

    def show(self) -> None:
        self.document.getElementById("timer").textContent = clock(self.session.hand.seconds)

    def on_tick(self, *_: object) -> None:
        # A hidden page (another tab, a locked phone) is not being played, and
        # the player's clock stops while they watch a replay.
        if self.document.hidden or self.host.view_only or self.host.table_owner is not None \
                or not self.session.holding:
            return
        self.session.tick()
        self.show()
