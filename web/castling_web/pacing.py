"""Moves played one after another at the speed the player picks: the replay
viewer's play and Show me's line share this clock."""

from __future__ import annotations

from typing import Any, Callable

from pyodide.ffi import create_proxy

from .dom import JsObject

#: milliseconds between moves, per speed a ``<select>`` may name
SPEEDS = {"slow": 1400, "normal": 700, "fast": 250}


def pace_for(speed: str) -> str:
    """The pace Show me and the replay start at for the player's speed setting
    (moves shown at once, "off", still come one by one: at the fast pace)."""
    return speed if speed in SPEEDS else "fast"


class Pacer:
    """Calls ``step`` at the speed chosen in the ``<select>`` ``speed`` until stopped."""

    def __init__(self, window: JsObject, speed: JsObject, step: Callable[[], Any]) -> None:
        self.window = window
        self.speed = speed
        self._timer: JsObject | None = None
        self._step = create_proxy(lambda *_: step())

    @property
    def running(self) -> bool:
        return self._timer is not None

    def start(self) -> None:
        self.stop()
        pause = SPEEDS.get(str(self.speed.value), SPEEDS["normal"])
        self._timer = self.window.setInterval(self._step, pause)

    def stop(self) -> None:
        if self._timer is not None:
            self.window.clearInterval(self._timer)
            self._timer = None
