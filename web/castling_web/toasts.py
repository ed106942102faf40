"""Messages as toasts: they float over the table (never shifting it), leave by
themselves after a few seconds (a shared link stays longer, to be copied), can
be closed, and are read out by screen readers (``#notice`` is an alert). A
message about the game that was on the table goes when another game is shown.

One toast at a time: a new message takes the place of the one shown.
Everything is set as text, never as HTML.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyodide.ffi import create_proxy

from .dom import JsObject

MESSAGE_MS = 6_000      # long enough to read two lines
#: The buttons a toast may offer, in order.
ACTION_BUTTONS = ("toast-action", "toast-action-2")
LASTING_MS = 20_000     # a link: time to select and copy it by hand


class Toasts:
    """The toast of the page (``data-toasts`` holds it)."""

    def __init__(self, document: JsObject, window: JsObject) -> None:
        self.document = document
        self.window = window
        self._timer: JsObject | None = None
        # Whether the toast was shown by the handler now running: a message
        # about a switch of game (a bad link, today's deal) is shown in the same
        # turn as the switch and must stay; one from before goes. The turn ends
        # with a microtask, which runs as soon as the handler returns, before
        # the browser takes any other task: a timer, even of 0 ms, may come
        # after the player's next input (browsers run input first), and the old
        # toast would then be taken for the new game's.
        self._fresh = False
        #: how many times another game came to the table: a reply that arrives
        #: after one (a link copied from the game before) is not shown
        self.games_shown = 0
        self._hide = create_proxy(lambda *_: self.close())
        self._settle = create_proxy(self._end_of_turn)
        document.getElementById("toast-close").addEventListener("click", self._hide)

    def show(self, text: str, *, lasting: bool = False,
             actions: Sequence[tuple[str, str]] = (), reply: bool = False) -> None:
        """Show ``text`` (``lasting``: a link to copy); ``actions``: the buttons
        the toast offers, each its ``data-action`` and its words (at most two),
        such as bringing a game back. A ``reply`` arrives later than what it
        answers (a promise's callback): it is never a switch's own message,
        whatever turn it lands in."""
        if len(actions) > len(ACTION_BUTTONS):
            raise ValueError(f"a toast offers at most {len(ACTION_BUTTONS)} buttons")
        self.document.getElementById("notice").textContent = text
        for index, name in enumerate(ACTION_BUTTONS):
            button = self.document.getElementById(name)
            action, label = actions[index] if index < len(actions) else ("", "")
            button.hidden = not action
            if action:
                button.setAttribute("data-action", action)
            else:
                button.removeAttribute("data-action")
            button.textContent = label
        self.document.getElementById("toast").hidden = False
        if self._timer is not None:
            self.window.clearTimeout(self._timer)
        self._timer = self.window.setTimeout(self._hide, LASTING_MS if lasting else MESSAGE_MS)
        if not self._fresh and not reply:
            self._fresh = True
            self.window.queueMicrotask(self._settle)

    def close(self) -> None:
        """The toast goes (its text stays in the DOM, hidden, until the next one)."""
        self.document.getElementById("toast").hidden = True
        if self._timer is not None:
            self.window.clearTimeout(self._timer)
            self._timer = None

    def clear_stale(self) -> None:
        """Another game is on the table: a message shown before it goes."""
        self.games_shown += 1
        if not self._fresh:
            self.close()

    def _end_of_turn(self, *_: JsObject) -> None:
        self._fresh = False
