"""The solver's advice on the table: the hint, "this can no longer be won",
rewinding to the last winnable position, and dealing only winnable deals.

The solver runs in a worker (``advisor.Advisor``); its answers are kept per
position, so each position is asked about once, and the board never waits: a
hint asked for while the worker thinks shows the baseline hint now and the
solver's move when it comes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from castling import format_move, hint, parse_move
from castling.deal import random_deal_number
from castling.i18n import sentences, t
from castling.movegen import Move
from castling.rules import GameRules
from castling.app.words.spoken import hint_words
from pyodide.ffi import create_proxy

from .advisor import Advisor
from .dom import JsObject
from .host import Host

HINT_MS = 2500
WINNABLE_TRIES = 25         # random deals the solver may try for "winnable deals only"

#: A position as the worker is asked about it: the game's id, the deal's number
#: and the moves played from the deal.
PositionKey = tuple[str, int | str, tuple[Move, ...]]
#: The worker's answer about a position (JSON: "result", "move", "keep", ...).
Answer = dict[str, Any]


class AdviceView:
    """Asks the worker about the position on the table and shows what it says."""

    def __init__(self, host: Host, advisor: Advisor | None = None) -> None:
        self.host = host
        self.advisor = advisor or Advisor()
        #: the worker's answer per position (position_key()); None: it had none
        self.answers: dict[PositionKey, Answer | None] = {}
        #: positions whose question is out (sent, or about to be): asked once
        self.asking: set[PositionKey] = set()
        #: a hint asked for while the worker was thinking
        self.hint_wanted: PositionKey | None = None
        self.dealing = False
        self._hint_timeout: JsObject | None = None
        self._clear_hint = create_proxy(self.clear_hint)
        host.command("hint", self.show_hint)
        host.command("rewind", self.rewind)
        host.command("close-verdict", self.close_verdict)
        # The game (id, deal) whose "can no longer be won" the player closed to
        # play on: it stays closed while its positions are lost (every one after
        # a lost one is), and comes back once one has been winnable again.
        self.verdict_closed: tuple[str, int | str] | None = None
        host.subscribe(self.on_change)
        # A position asked about while the worker was busy with another
        # question (Show me, a review, a rewind) is asked about once it is free.
        self.advisor.when_free(self.analyse)

    async def start(self) -> None:
        """Boot the worker (after the board is playable), then judge the position."""
        if await self.advisor.start():
            self.analyse()

    @property
    def ready(self) -> bool:
        """Whether the worker is up (it boots some seconds after the board)."""
        return self.advisor.ready

    async def boot(self) -> bool:
        """Wait for the worker to be up (booting it if need be); whether it came up."""
        return await self.advisor.start()

    def on_change(self) -> None:
        # The hint was about the position before: any move, undo or redo takes it off.
        self.clear_hint()
        self.show_verdict()
        self.analyse()

    def known(self, key: PositionKey) -> Answer | None:
        """The worker's answer about the position ``key``, if it gave one."""
        return self.answers.get(key)

    async def line(self, key: PositionKey, seconds: float | None = None) -> Answer | None:
        """The solver's winning line from the position ``key`` (Show me), or None;
        searched for ``seconds`` if given (else the worker's second)."""
        game_id, number, moves = key
        request: dict[str, Any] = {"kind": "line", "game": game_id, "deal": number, "moves": list(moves)}
        if seconds is not None:
            request["seconds"] = seconds
        return await self.advisor.ask(request)

    def review_question(self, game_id: str, number: int | str, moves: list[str],
                        first: list[str] | None, seconds: float) -> Awaitable[Answer | None]:
        """One question of a game's review (review_view.py): the verdict on the
        position after ``moves`` and a winning line, trying only ``first`` from
        it if given; searched for ``seconds``. It leaves at once (the worker
        searches while the review goes on); await the answer."""
        request: dict[str, Any] = {"kind": "review", "game": game_id, "deal": number,
                                   "moves": moves, "seconds": seconds}
        if first is not None:
            request["first"] = first
        return self.advisor.ask(request)

    def position_key(self) -> PositionKey:
        game = self.host.session.game
        return game.rules.id, game.number, tuple(game.moves)     # moves as ints: cheap

    def analyse(self) -> None:
        """Have the worker judge the position on the table (one question at a time:
        while it thinks, newer positions wait, and only the latest is asked)."""
        if not self.advisor.ready or self.advisor.busy or self.host.session.game.is_won():
            return
        key = self.position_key()
        if key not in self.answers and key not in self.asking:
            self.asking.add(key)
            asyncio.ensure_future(self._ask_about(key))

    async def _ask_about(self, key: PositionKey) -> None:
        game_id, number, moves = key
        answer = await self.advisor.ask({"kind": "hint", "game": game_id, "deal": number,
                                         "moves": list(moves)})
        # Kept even when the worker had no answer (None): a position is asked
        # about once, or a worker that never answers would be asked forever.
        self.answers[key] = answer
        self.asking.discard(key)
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
        box = self.host.document.getElementById("verdict")
        lost = answer is not None and answer["result"] == "lost" and len(key[2]) > 0
        if answer is not None and answer["result"] == "won" and self.verdict_closed == key[:2]:
            self.verdict_closed = None
        box.hidden = not lost or self.verdict_closed == key[:2]
        box.setAttribute("data-result", answer["result"] if answer else "")
        box.setAttribute("data-search", answer.get("search", "") if answer else "")

    def close_verdict(self) -> None:
        """The player goes on with a lost game: the verdict leaves the table."""
        self.verdict_closed = self.position_key()[:2]
        self.show_verdict()

    def show_hint(self) -> None:
        """The solver's move when it has one for this position, else the baseline hint."""
        host = self.host
        position = host.session.game.position
        key = self.position_key()
        answer = self.answers.get(key)
        move: Move | None
        if answer is not None and answer.get("move"):
            move, source = parse_move(position.rules, answer["move"]), "solver"
        else:
            if key not in self.answers and self.advisor.ready:
                self.hint_wanted = key      # show the solver's move when it comes
                self.analyse()
            move, source = hint(position, host.last_move), "baseline"
        if move is None:
            host.status(t("hint.none"), hint=source)
            return
        names = position.rules.pile_names
        from_pile, to_pile, count = move
        verdict = ""
        if answer is not None and answer["result"] == "lost":
            verdict = t("hint.lost")
        elif source == "solver":
            verdict = t("hint.winnable")
        elif not self.advisor.ready:
            # Not passed off as the solver's: it is starting, or did not start here.
            verdict = (t("hint.simple.starting") if self.advisor.available
                       else t("hint.simple.unavailable"))
        # The stock's card is face down: the hint does not name it.
        words = hint_words(position, from_pile, to_pile, count)
        host.status(sentences(words, verdict), hint=source, move=format_move(position.rules, move))
        host.view.mark("hint-from", cards=host.view.cards_of(names[from_pile])[-count:])
        host.view.mark("hint-to", piles=[names[to_pile]])
        if self._hint_timeout is not None:
            host.window.clearTimeout(self._hint_timeout)
        self._hint_timeout = host.window.setTimeout(self._clear_hint, HINT_MS)

    def clear_hint(self) -> None:
        """Take the hint's marks off the table (its time is up, or the table changed)."""
        self.host.view.mark("hint-from")
        self.host.view.mark("hint-to")

    def rewind(self) -> None:
        """Undo back to the last position the solver proves winnable."""
        if self.advisor.ready:
            self.host.status(t("status.rewinding"))
            asyncio.ensure_future(self._rewind(self.position_key()))

    async def _rewind(self, key: PositionKey) -> None:
        host = self.host
        game_id, number, moves = key
        answer = await self.advisor.ask({"kind": "last_winnable", "game": game_id,
                                         "deal": number, "moves": list(moves)})
        if key != self.position_key():
            return                  # the player did something else meanwhile
        keep = None if answer is None else answer["keep"]
        if keep is None:
            host.notify(t("notice.rewind_none"))
            host.refresh()
            return
        for _ in range(len(moves) - keep):
            host.session.undo()
        host.last_move = None
        host.refresh()
        host.status(t("status.rewound", moves=keep))

    def deal_winnable(self, rules: GameRules, said: Callable[[str], None] | None = None) -> None:
        """Start a random deal of ``rules`` that the solver proves winnable (a few tries);
        ``said``: what tells the player which deal it is (by default a message)."""
        if not self.dealing:
            asyncio.ensure_future(self._deal_winnable(rules, said or self.host.notify))

    async def _deal_winnable(self, rules: GameRules, said: Callable[[str], None]) -> None:
        host = self.host
        self.dealing = True
        host.status(t("status.dealing_winnable"))
        try:
            await self.advisor.start()
            numbers = [random_deal_number() for _ in range(WINNABLE_TRIES)]
            answer = await self.advisor.ask({"kind": "winnable_deal", "game": rules.id,
                                             "deals": numbers})
        finally:
            self.dealing = False
        number = None if answer is None else answer["deal"]
        host.session.new_deal(rules, number)
        host.show_game()
        if number is None:
            said(t("notice.winnable_none"))
        else:
            said(t("notice.winnable_found", deal=number))
