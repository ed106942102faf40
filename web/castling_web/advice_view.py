"""The solver's advice on the table: the hint, "this can no longer be won",
rewinding to the last winnable position, and dealing only winnable deals.

The solver runs in a worker (``advisor.Advisor``); its answers are kept per
position, so each position is asked about once, and the board never waits: a
hint asked for while the worker thinks shows the baseline hint now and the
solver's move when it comes.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from castling import format_move, hint, parse_move
from castling.cards import parse_card
from castling.deal import random_deal_number
from castling.i18n import t
from castling.player.spoken import card_name, destination
from pyodide.ffi import create_proxy

from .advisor import Advisor

if TYPE_CHECKING:
    from .app import App

HINT_MS = 2500
WINNABLE_TRIES = 25         # random deals the solver may try for "winnable deals only"


class AdviceView:
    """Asks the worker about the position on the table and shows what it says."""

    def __init__(self, app: App, advisor: Advisor | None = None) -> None:
        self.app = app
        self.advisor = advisor or Advisor()
        #: the worker's answer per position (position_key()); None: it had none
        self.answers: dict = {}
        self.hint_wanted = None      # a hint asked for while the worker was thinking
        self.dealing = False
        self._hint_timeout = None
        self._clear_hint = create_proxy(
            lambda: (app.view.mark("hint-from"), app.view.mark("hint-to")))

    async def start(self) -> None:
        """Boot the worker (after the board is playable), then judge the position."""
        if await self.advisor.start():
            self.analyse()

    def position_key(self) -> tuple:
        game = self.app.session.game
        return game.rules.id, game.number, tuple(game.moves)     # moves as ints: cheap

    def analyse(self) -> None:
        """Have the worker judge the position on the table (one question at a time:
        while it thinks, newer positions wait, and only the latest is asked)."""
        if not self.advisor.ready or self.advisor.busy or self.app.session.game.is_won():
            return
        key = self.position_key()
        if key not in self.answers:
            asyncio.ensure_future(self._ask_about(key))

    async def _ask_about(self, key: tuple) -> None:
        game_id, number, moves = key
        answer = await self.advisor.ask({"kind": "hint", "game": game_id, "deal": number,
                                         "moves": list(moves)})
        # Kept even when the worker had no answer (None): a position is asked
        # about once, or a worker that never answers would be asked forever.
        self.answers[key] = answer
        if key == self.position_key():
            self.show_verdict()
            if self.hint_wanted == key:
                self.hint_wanted = None
                self.show_hint()
        else:
            self.analyse()          # the player moved on meanwhile

    def show_verdict(self) -> None:
        """Tell the player when the solver proved the position lost (after a move)."""
        key = self.position_key()
        answer = self.answers.get(key)
        box = self.app.document.getElementById("verdict")
        lost = answer is not None and answer["result"] == "lost" and len(key[2]) > 0
        box.hidden = not lost
        box.setAttribute("data-result", answer["result"] if answer else "")

    def show_hint(self) -> None:
        """The solver's move when it has one for this position, else the baseline hint."""
        app = self.app
        position = app.session.game.position
        key = self.position_key()
        answer = self.answers.get(key)
        if answer is not None and answer.get("move"):
            move, source = parse_move(position.rules, answer["move"]), "solver"
        else:
            if key not in self.answers and self.advisor.ready:
                self.hint_wanted = key      # show the solver's move when it comes
                self.analyse()
            move, source = hint(position, app.last_move), "baseline"
        status = app.document.getElementById("status")
        status.setAttribute("data-hint", source)
        if move is None:
            status.textContent = t("hint.none")
            return
        names = position.rules.pile_names
        from_pile, to_pile, count = move
        top = position.to_piles()[names[from_pile]][-count]
        verdict = ""
        if answer is not None and answer["result"] == "lost":
            verdict = " " + t("hint.lost")
        elif source == "solver":
            verdict = " " + t("hint.winnable")
        if from_pile == position.tables.stock:
            # The stock's card is face down: the hint must not name it.
            words = t("hint.turn", move=format_move(position.rules, move))
        else:
            words = t("hint.move", card=card_name(parse_card(top)),
                      target=destination(position.rules, names[to_pile]),
                      move=format_move(position.rules, move))
        status.textContent = words + verdict
        app.view.mark("hint-from", cards=app.view.cards_of(names[from_pile])[-count:])
        app.view.mark("hint-to", piles=[names[to_pile]])
        if self._hint_timeout is not None:
            app.window.clearTimeout(self._hint_timeout)
        self._hint_timeout = app.window.setTimeout(self._clear_hint, HINT_MS)

    def rewind(self) -> None:
        """Undo back to the last position the solver proves winnable."""
        if self.advisor.ready:
            self.app.document.getElementById("status").textContent = t("status.rewinding")
            asyncio.ensure_future(self._rewind(self.position_key()))

    async def _rewind(self, key: tuple) -> None:
        app = self.app
        game_id, number, moves = key
        answer = await self.advisor.ask({"kind": "last_winnable", "game": game_id,
                                         "deal": number, "moves": list(moves)})
        if key != self.position_key():
            return                  # the player did something else meanwhile
        keep = None if answer is None else answer["keep"]
        if keep is None:
            app.notify(t("notice.rewind_none"))
            app.refresh()
            return
        for _ in range(len(moves) - keep):
            app.session.undo()
        app.last_move = None
        app.refresh()
        app.document.getElementById("status").textContent = t("status.rewound", moves=keep)

    def deal_winnable(self, rules) -> None:
        """Start a random deal of ``rules`` that the solver proves winnable (a few tries)."""
        if not self.dealing:
            asyncio.ensure_future(self._deal_winnable(rules))

    async def _deal_winnable(self, rules) -> None:
        app = self.app
        self.dealing = True
        app.document.getElementById("status").textContent = t("status.dealing_winnable")
        try:
            await self.advisor.start()
            numbers = [random_deal_number() for _ in range(WINNABLE_TRIES)]
            answer = await self.advisor.ask({"kind": "winnable_deal", "game": rules.id,
                                             "deals": numbers})
        finally:
            self.dealing = False
        number = None if answer is None else answer["deal"]
        app.session.new_deal(rules, number)
        app.show_game()
        if number is None:
            app.notify(t("notice.winnable_none"))
        else:
            app.notify(t("notice.winnable_found", deal=number))
