"""Show me: the solver plays a winning line on the player's own game.

The line comes from the solver's worker (castling.app.advice, "line") and
is played move by move, animated and said like the player's own moves, at the
speed the player picks; they may pause, play one move, or stop and take over
where it stopped (Undo walks back through the moves shown). Anything else that
changes the game (an undo, a tap, another deal) stops it too. A game the solver
played any move of counts as "won with help" (the session's ``helped``). Where
the solver has not proved the position winnable, it says why and plays nothing;
when it ran out of time (a second, as for every question), the message offers to
search longer (:data:`LONGER_SECONDS`), once.
"""

from __future__ import annotations

import asyncio

from castling import parse_move
from castling.i18n import t
from castling.movegen import Move

from .advice_view import AdviceView, PositionKey
from .dom import JsObject
from .host import Host
from .pacing import Pacer

#: Show me's search when the player asks for a longer one.
LONGER_SECONDS = 10.0


class ShowMe:
    """The winning line being shown, and its controls."""

    def __init__(self, host: Host, advice: AdviceView) -> None:
        self.host = host
        self.advice = advice            # the solver's answers
        self.line: list[Move] = []      # the moves still to show
        #: the position (advice key) the next move is for
        self.expected: PositionKey | None = None
        self.asking = False
        self._moving = False            # a move of the line is being played
        speed = host.document.getElementById("show-me-speed")
        self.pacer = Pacer(host.window, speed, self._next)
        for action, do in (("show-me", self.start), ("show-me-pause", self.toggle_pause),
                           ("show-me-step", self.step), ("show-me-stop", self.stop),
                           ("show-me-longer", self.search_longer)):
            host.command(action, do)
        host.listen(speed, "change", self.on_speed)
        host.subscribe(self.on_change)

    @property
    def active(self) -> bool:
        return bool(self.line)

    # -- asking the solver ---------------------------------------------------------------

    def start(self) -> None:
        """Show a winning line from here, or say why there is none to show."""
        host = self.host
        if self.active or self.asking:
            return
        if host.session.game.is_won():
            host.notify(t("showme.won_already"))
            return
        key = self.advice.position_key()
        known = self.advice.known(key)
        if known is not None and known["result"] != "won":
            self._say_why(known["result"])      # the worker judged this position already
            return
        asyncio.ensure_future(self._ask(key))

    def search_longer(self) -> None:
        """The player asked again, after a search that ran out of time."""
        if self.active or self.asking or self.host.session.game.is_won():
            return
        self.host.chrome.toasts.close()
        asyncio.ensure_future(self._ask(self.advice.position_key(), LONGER_SECONDS))

    async def _ask(self, key: PositionKey, seconds: float | None = None) -> None:
        host = self.host
        advice = self.advice
        self.asking = True
        host.chrome.button("show-me").disabled = True
        try:
            if not advice.ready:
                # Pressed while the worker still boots (its own Python, some
                # seconds after the board): wait for it rather than have the
                # player guess when to press again.
                host.status(t("showme.starting"))
                await advice.boot()
                if key != advice.position_key():
                    return                  # the player moved meanwhile: that ends it
            host.status(t("showme.thinking_longer") if seconds else t("showme.thinking"))
            answer = await advice.line(key, seconds)
        finally:
            self.asking = False
            host.chrome.button("show-me").disabled = False
        if key != advice.position_key():
            return                          # the player did something else meanwhile
        if answer is None:
            host.notify(t("showme.no_answer"))
        elif answer["result"] != "won" or not answer["moves"]:
            self._say_why(answer["result"], longer=seconds is not None)
        else:
            rules = host.session.game.rules
            self.line = [parse_move(rules, text) for text in answer["moves"]]
            self.expected = key
            self._show_bar(True)
            self._run()

    def _say_why(self, result: str, longer: bool = False) -> None:
        if result == "lost":
            self.host.notify(t("showme.lost"))
        elif longer:
            self.host.notify(t("showme.unknown_longer"))
        else:
            self.host.chrome.toasts.show(t("showme.unknown"),
                                         actions=[("show-me-longer", t("showme.longer"))])

    # -- playing the line ---------------------------------------------------------------

    def _run(self) -> None:
        self.pacer.start()
        self._show_controls()

    def _next(self) -> None:
        """Play the line's next move (unless the game changed under it: then stop)."""
        host = self.host
        if not self.line or host.view_only or self.advice.position_key() != self.expected:
            self.end()
            return
        move = self.line.pop(0)
        self._moving = True
        try:
            host.play([move], move[2], by_player=False, helped=True)
        finally:
            self._moving = False
        self.expected = self.advice.position_key()
        if not self.line:
            self.end()              # won: the win dialog says so

    def toggle_pause(self) -> None:
        if self.pacer.running:
            self.pacer.stop()
            self._show_controls()
        elif self.active:
            self._run()

    def step(self) -> None:
        """One move of the line, then wait."""
        self.pacer.stop()
        self._next()
        if self.active:
            self._show_controls()

    def stop(self) -> None:
        """The player takes over from here."""
        if self.active:
            self.end()
            self.host.notify(t("showme.stopped"))

    def end(self) -> None:
        """No more moves to show (done, stopped, or the game changed)."""
        self.pacer.stop()
        self.line = []
        self._show_bar(False)

    def on_change(self) -> None:
        """The game changed (a refresh): if not by the line, the line is over."""
        if self.active and not self._moving and self.advice.position_key() != self.expected:
            self.end()

    def on_speed(self, event: JsObject) -> None:
        """A new speed applies at once when running."""
        if self.pacer.running:
            self.pacer.start()

    # -- the bar ----------------------------------------------------------------------

    def _show_bar(self, shown: bool) -> None:
        self.host.document.getElementById("show-me").hidden = not shown
        self.host.chrome.button("show-me").disabled = shown
        if shown:
            self._show_controls()

    def _show_controls(self) -> None:
        pause = self.host.document.querySelector('[data-action="show-me-pause"]')
        running = self.pacer.running
        pause.textContent = t("showme.pause") if running else t("showme.resume")
        pause.setAttribute("aria-pressed", "false" if running else "true")
