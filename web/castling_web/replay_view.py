"""The replay viewer: a replay link's moves shown on the table, one at a time.

It holds its own :class:`~castling.game.Game` of the replayed deal: the moves
up to the one shown are played, the rest wait to be redone, so stepping is the
engine's undo and redo. The player's own game and its save are not touched
while it is open (the toolbar is inert, and the host is view-only: the table
takes no moves, the clock stops, the game's keys rest); "Play from here"
makes the replay's game, at the move shown, the player's game of that deal,
with the usual save.
"""

from __future__ import annotations

from collections.abc import Callable

from castling import Game
from castling.i18n import sentences, t
from castling.app.deals.replay_links import Replay

from .dom import JsObject, present
from .host import Host
from .pacing import Pacer


class ReplayView:
    """Shows a replay; ``active`` while it is on screen, when the host is view-only."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.document = host.document
        self.game: Game | None = None     # the replay, at the move shown
        self.total = 0
        self.replay: Replay | None = None
        #: the verdicts known on the replay's positions (a review's,
        #: review_view.py), marked under the slider; the App sets it
        self.verdicts: Callable[[Replay], list[str | None] | None] = lambda replay: None
        self.pacer = Pacer(host.window, self._element("speed"), self._play_next)
        for action, do in (("replay-back", lambda: self.step(-1)),
                           ("replay-forward", lambda: self.step(1)),
                           ("replay-play", self.toggle_play), ("replay-take", self.take_up),
                           ("replay-close", self.close)):
            host.command(action, do)
        host.listen(self.document, "keydown", self.on_key)
        host.listen(self._element("slider"), "input", self.on_slider)
        host.listen(self._element("speed"), "change", self.on_speed)

    @property
    def active(self) -> bool:
        return self.game is not None

    @property
    def _game(self) -> Game:
        """The replay's game: there is one while the viewer is shown, the only
        time its controls, keys and pacer call on it."""
        assert self.game is not None, "no replay is shown"
        return self.game

    def _element(self, name: str) -> JsObject:
        return self.document.getElementById(f"replay-{name}") if name else \
            self.document.getElementById("replay")

    # -- opening and leaving ----------------------------------------------------------

    def open(self, replay: Replay) -> None:
        """Show a replay from its deal; a link that held more than could be
        replayed says so (as text)."""
        self.pause()
        game = Game(replay.rules, replay.number)
        for move in replay.moves:
            game.play(move)
        game.restart()                    # the deal, every move left to redo
        self.game, self.total, self.replay = game, len(replay.moves), replay
        host = self.host
        host.view_only = True
        host.view.show_rules(game.rules)
        host.held.forget()
        host.chrome.name_the_game(game)
        self._element("title").textContent = t("replay.title", game=game.rules.name,
                                                deal=game.number)
        slider = self._element("slider")
        slider.max = str(self.total)
        self._set_inert(True)
        root = self._element("")
        root.hidden = False
        root.setAttribute("data-replay", "")
        self.show()
        if replay.problem:
            host.notify(replay.problem)
        self.document.querySelector('[data-action="replay-play"]').focus()

    def open_at(self, replay: Replay, step: int) -> None:
        """Show a replay at the position after ``step`` of its moves."""
        self.open(replay)
        self.go(step)

    def shown(self) -> Replay | None:
        """The replay shown (its deal and every move of it), or None."""
        return self.replay

    def close(self) -> None:
        """Back to the player's own game, as they left it."""
        if self.active:
            self.leave()
            self.host.show_game()

    def take_up(self) -> None:
        """Play on from the move shown: the replay becomes the player's game of this deal."""
        game = self._game
        step = len(game.moves)
        self.leave()
        self.host.session.take_up(game)
        self.host.show_game()
        self.host.notify(t("notice.replay_taken", game=game.rules.name, deal=game.number,
                          step=step))

    def leave(self) -> None:
        """Hide the viewer (the caller shows what comes next)."""
        if not self.active:
            return
        self.pause()
        self.game = self.replay = None
        self.host.view_only = False
        root = self._element("")
        root.hidden = True
        root.removeAttribute("data-replay")
        self._set_inert(False)

    def _set_inert(self, inert: bool) -> None:
        """The toolbar, which works on the player's game, is out of reach while a
        replay is shown. (The table stays readable by screen readers; the app
        neither picks up its cards nor plays the game's keys meanwhile.)"""
        self.document.querySelector(".controls").inert = inert
        if inert:
            self.document.documentElement.setAttribute("data-replaying", "")
        else:
            self.document.documentElement.removeAttribute("data-replaying")

    # -- moving through the moves ---------------------------------------------------------

    def step(self, direction: int) -> None:
        """One move forward (1) or back (-1), as a button or key asks: it stops playing."""
        self.pause()
        self._step(direction)

    def _step(self, direction: int) -> bool:
        game = self._game
        if direction > 0:
            move = game.next_redo
            if move is None:                # (can_redo: none is left)
                return False
            words = self.host.watch(game, *move, game.redo)
            self.show()
            said = t("replay.say.step", step=len(game.moves), total=self.total, move=words)
            if not game.can_redo:
                said = sentences(said, t("replay.say.end"))
            self.host.announce(said)
            return True
        if game.undo() is None:
            return False
        self.show()
        self._say_where()
        return True

    def go(self, step: int) -> None:
        """Show the table after ``step`` moves (the slider, Home and End)."""
        self.pause()
        game = self._game
        step = max(0, min(step, self.total))
        while len(game.moves) < step:
            game.redo()
        while len(game.moves) > step:
            game.undo()
        self.show()
        self._say_where()

    def _say_where(self) -> None:
        step = len(self._game.moves)
        self.host.announce(t("replay.say.start") if step == 0 else
                          t("replay.say.at", step=step, total=self.total))

    def show(self) -> None:
        """Draw the table at the move shown (what moved slides), and the controls to match."""
        game, host = self._game, self.host
        host.motion.draw(game.position.to_piles())
        step = len(game.moves)
        counter = self._element("counter")
        counter.textContent = t("replay.counter", step=step, total=self.total)
        counter.setAttribute("data-replay-step", str(step))
        self._element("slider").value = str(step)
        self._mark_verdicts()
        button = self.document.querySelector
        button('[data-action="replay-back"]').disabled = step == 0
        button('[data-action="replay-forward"]').disabled = step == self.total
        play = button('[data-action="replay-play"]')
        play.textContent = t("replay.pause" if self.pacer.running else "replay.play")
        play.setAttribute("aria-pressed", "true" if self.pacer.running else "false")

    # -- playing ----------------------------------------------------------------------

    def toggle_play(self) -> None:
        if self.pacer.running:
            self.pause()
            return
        if not self._game.can_redo:         # at the end: play again from the deal
            self.go(0)
        self.pacer.start()
        self.show()

    def pause(self) -> None:
        if self.pacer.running:
            self.pacer.stop()
            if self.active:
                self.show()

    def _play_next(self) -> None:
        if self.active and not (self._step(1) and self._game.can_redo):
            self.pause()

    # -- input ---------------------------------------------------------------------------

    def on_slider(self, event: JsObject) -> None:
        self.go(int(str(event.target.value) or 0))

    def on_speed(self, event: JsObject) -> None:
        """A new speed applies at once when playing."""
        if self.pacer.running:
            self.pacer.start()

    def on_key(self, event: JsObject) -> None:
        """The viewer's keys (the game's keys do nothing while it is shown)."""
        target = event.target
        if not self.active or present(self.document.querySelector("dialog[open]")) or \
                event.altKey or event.ctrlKey or event.metaKey or \
                present(target.closest("input, select, textarea")):
            return
        key = str(event.key)
        actions = {"ArrowLeft": lambda: self.step(-1), "ArrowRight": lambda: self.step(1),
                   "Home": lambda: self.go(0), "End": lambda: self.go(self.total),
                   "p": self.toggle_play, "P": self.toggle_play}
        if key in actions:
            event.preventDefault()
            actions[key]()

    def _mark_verdicts(self) -> None:
        """Under the slider, a mark per position coloured by its verdict, when a
        review of this replay knows them (nothing otherwise)."""
        assert self.replay is not None
        known = self.verdicts(self.replay)
        marks = self._element("marks")
        marks.hidden = known is None
        if known is None:
            marks.replaceChildren()
            return
        cells = []
        for verdict in known:
            cell = self.document.createElement("i")
            if verdict is not None:
                cell.setAttribute("data-verdict", verdict)
            cells.append(cell)
        marks.replaceChildren(*cells)
