"""The page's commands: what each ``data-action`` does, by its button or its key.

Each feature adds its own (``Host.command``); a click on any element with a
``data-action`` runs it, and a key runs it as its button would: not while the
button is disabled.
"""

from __future__ import annotations

from typing import Any, Callable

from .dom import JsObject, present


class Commands:
    """Every ``data-action`` the features added, and what it does."""

    def __init__(self, button: Callable[[str], Any]) -> None:
        self.button = button            # the toolbar's button for an action, if it has one
        self.actions: dict[str, Callable[[], Any]] = {}

    def add(self, action: str, do: Callable[[], Any]) -> None:
        self.actions[action] = do

    def run(self, action: str) -> None:
        """A command asked for by a key: what its button does, unless that is disabled."""
        control = self.button(action)
        if not present(control) or not control.disabled:
            self.actions[action]()

    def on_click(self, event: JsObject) -> None:
        control = event.target.closest("[data-action]")
        if not present(control) or control.disabled:
            return
        do = self.actions.get(str(control.getAttribute("data-action")))
        if do:
            do()
