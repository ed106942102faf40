"""The address bar: what a link opens, and the address kept to the deal shown.

A deal link (#/GAME/NUMBER) opens that deal; a replay link opens the replay
viewer over the player's game; a transfer link (#transfer=…) shows what it
holds over the player's game, and stays in the address until the player
answers (transfer_view.py); a puzzle link (#/puzzle/GAME/N) puts that puzzle
on the table over the player's game (puzzle_view.py), once its game's puzzles
are fetched; a bad link gets a message and a playable game.
The formats are the app model's (castling.app.deals.links, replay_links, transfer), and
so is which game an address opens (castling.app.opening).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from castling import GAMES
from castling.errors import LinkError
from castling.i18n import t
from castling.app.deals.links import deal_link, parse_link
from castling.app.opening import Opening
from castling.app.puzzle_session import is_puzzle_link, parse_puzzle_link
from castling.app.deals.replay_links import Replay, is_replay_link, parse_replay_link
from castling.app.storage.transfer import is_transfer_link
from castling.rules import GameRules

from .host import Host
from .keep_game import KeepGame


class Router:
    """Opens what the address names, and keeps the address naming the deal on the table."""

    def __init__(self, host: Host, opening: Opening, open_replay: Callable[[Replay], Any],
                 keep: KeepGame, open_transfer: Callable[[str], Any],
                 open_puzzle: Callable[[str, int, bool], Any]) -> None:
        self.host = host
        self.opening = opening              # which game an address opens (the app model's)
        self.open_replay = open_replay      # shows a Replay over the player's game
        self.keep = keep                    # offers back a game the link replaced (keep_game.py)
        self.open_transfer = open_transfer  # shows what a transfer link holds
        #: puts a puzzle (game, number) on the table (drawn: the page drew it already)
        self.open_puzzle = open_puzzle
        #: a transfer link is in the address, waiting for the player's answer
        self.holding = False
        #: what the page was opened by, if a link: ("deal", "replay" or "puzzle",
        #: rules, number) (the welcome says what was shared, or waits: welcome.py)
        self.opened_by: tuple[str, GameRules, int] | None = None
        host.listen(host.window, "hashchange", lambda event: self.route())
        host.subscribe(self.show_link)

    def route(self) -> None:
        """Open what the address names; a bad link gets a message and a playable game.
        A replay link opens the replay viewer over the player's game."""
        host, session = self.host, self.host.session
        fragment = str(host.window.location.hash)
        problem = None
        first = not session.holding        # (the page's first route: no game opened yet)
        if is_transfer_link(fragment):
            self.holding = True
            host.leave_view_only()
            # (a new device: the page may have shown the first visit's deal under it)
            self.opening.first(self._first_table())
            host.show_game()
            self.open_transfer(fragment)
            return
        try:
            if is_puzzle_link(fragment):
                game_id, number = parse_puzzle_link(fragment)
                if first:
                    self.opened_by = ("puzzle", GAMES[game_id], number)
                # The player's game first (the page's first route opens one), under the puzzle.
                self.opening.first(self._first_table())
                # The page drew the puzzle before Python was up (web/first-table/way-in.js):
                # it stays on the table, the player's game not drawn over it meanwhile.
                drawn = first and self._early_way() == "puzzle"
                if not drawn:
                    host.show_game()
                self.open_puzzle(game_id, number, drawn)
                return
            if is_replay_link(fragment):
                replay = parse_replay_link(fragment)
                self.opening.first(self._first_table())
                if first:
                    self.opened_by = ("replay", replay.rules, replay.number)
                self.open_replay(replay)
                return
            target = parse_link(fragment)
        except LinkError as error:
            target, problem = None, error
        host.leave_view_only()
        point = None
        if target is not None:
            rules, number = target
            if first:
                self.opened_by = ("deal", rules, number)
            # (a game in progress the link replaced is offered back: keep_game.py)
            point = self.opening.deal(rules, number)
        else:
            self.opening.first(self._first_table())
        if problem:
            game = session.game
            host.notify(t("notice.bad_link", problem=problem, game=game.rules.name,
                          deal=game.number))
        host.show_game()
        self.keep.offer(point)

    def _first_table(self) -> bool:
        """Whether the page showed the first visit's deal before Python was up
        (a link's deal or a player's save are what the app opens anyway)."""
        return self._early_way() == "front-door"

    def _early_way(self) -> str:
        """Which way in the page drew before Python was up (web/first-table/show.js
        marks it: "front-door", "deal", "replay", "puzzle", "return"), or ""."""
        way = self.host.document.documentElement.getAttribute("data-early")
        return str(way) if way else ""

    def release(self) -> None:
        """The transfer link was answered (or refused): the address names the deal again,
        so that a reload does not ask again."""
        self.holding = False
        self.show_link()

    def show_link(self) -> None:
        if self.holding or self.host.table_owner is not None:
            return
        game = self.host.session.game
        link = deal_link(game.rules, game.number)
        if str(self.host.window.location.hash) != link:
            # replaceState: no hashchange event, no extra history entry per deal
            self.host.window.history.replaceState(None, "", link)
