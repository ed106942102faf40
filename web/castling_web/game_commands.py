"""The toolbar's commands on the game in hand: undo, redo, restart, a new deal
and finish; their buttons are enabled only when they would do something.

New deal deals another deal of the kind the game in hand is: of its grade if
it was dealt as one (deal_choice.py), else any deal ("deal-any", which the
Choose a deal dialog offers too)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from castling import auto_finish

from .dom import close_dialog
from .host import Host
from .keep_game import KeepGame

if TYPE_CHECKING:
    from .advice_view import AdviceView
    from .deal_choice import DealChoice


class GameCommands:
    def __init__(self, host: Host, advice: AdviceView, keep: KeepGame,
                 choice: DealChoice | None = None) -> None:
        self.host = host
        self.advice = advice            # deals a winnable deal, for "winnable deals only"
        self.keep = keep                # offers back a game given up (keep_game.py)
        self.choice = choice            # deals a deal of a grade (deal_choice.py)
        for action, do in (("undo", self.undo), ("redo", self.redo), ("restart", self.restart),
                           ("new", self.new_deal), ("deal-any", self.any_deal),
                           ("finish", self.finish)):
            host.command(action, do)
        host.subscribe(self.show_buttons)

    def show_buttons(self) -> None:
        game, button = self.host.session.game, self.host.chrome.button
        button("undo").disabled = not game.can_undo
        button("redo").disabled = not game.can_redo
        button("finish").disabled = game.is_won() or auto_finish(game.position) is None

    def undo(self) -> None:
        if self.host.session.undo():
            self.host.last_move = None
            self.host.refresh()

    def redo(self) -> None:
        if self.host.session.redo():
            self.host.refresh()

    def restart(self) -> None:
        self.keep.around(self.host.session.restart, redraw=self.host.refresh)

    def new_deal(self) -> None:
        """Another deal of the kind the game in hand is."""
        if self.host.session.hand.grade and self.choice is not None:
            close_dialog(self.host.document, "win")
            self.choice.deal(self.host.session.hand.grade)
        else:
            self.any_deal()

    def any_deal(self) -> None:
        """A deal at random (proved winnable first where the settings ask it)."""
        host = self.host
        close_dialog(host.document, "win")
        rules = host.session.game.rules
        if rules.id in host.session.preferences.settings.winnable_only:
            # (the deal is searched for first: the advice deals it, then says which)
            point = self.keep.before()
            self.advice.deal_winnable(rules, said=lambda text: self.keep.offer(point, text))
            return
        self.keep.around(lambda: host.session.new_deal(rules))

    def finish(self) -> None:
        moves = auto_finish(self.host.session.game.position)
        if moves:
            self.host.session.play(moves)
            self.host.refresh()
