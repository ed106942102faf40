"""Playing moves on the table: each one said, and the player's followed by
auto-play sending safe cards home (their cards slide: animation.py).

The moves are the engine's (pointer, keyboard, Show me); the replay viewer
steps its own game through ``watch`` too, so a move is said one way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from castling import safe_foundation_moves
from castling.game import Game
from castling.movegen import Move
from castling.i18n import plural, t
from castling.app.words.spoken import move_words, turn_words

from .host import Host

AUTOPLAY_LIMIT = 200        # more cards than any game has: auto-play always ends


class Moves:
    """Plays moves on the host's game and tells the player what happened."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def play(self, moves: list[Move], count: int, *, by_player: bool = True,
             helped: bool = False) -> None:
        """Play moves the engine produced (one, or a supermove's several) carrying
        ``count`` cards; the player's are followed by auto-play sending safe cards
        home. ``helped``: the solver's move ("Show me"), said as such."""
        host = self.host
        session = host.session
        words = self.watch(session.game, moves[0][0], moves[-1][1], count,
                           lambda: session.play(moves, helped=helped))
        host.last_move = moves[-1]
        host.held.forget()
        if by_player or helped:
            turned = moves[0][0] == session.game.position.tables.stock
            host.sound("turn-over" if turned else "put-down")
        host.refresh()
        if by_player:
            home = self.autoplay() if session.preferences.settings.autoplay else 0
            if home:
                words = plural("say.went_home", home, move=words)
        if by_player or helped:
            if session.game.is_won():
                host.announce(t("say.won", move=words))
            else:
                host.announce(t("say.showme", move=words) if helped
                              else t("say.sentence", text=words))

    def watch(self, game: Game, source: int, target: int, count: int,
              play: Callable[[], Any]) -> str:
        """Have ``play`` make a move of ``count`` cards on ``game`` (the player's, or a
        replay's), and return how to say it. The words are made before the move,
        while the cards are where they say; a card turned from the stock is only
        known after."""
        words = move_words(game.position, source, target, count)
        play()
        if source == game.position.tables.stock:
            words = turn_words(game.position)
        return words

    def autoplay(self) -> int:
        """Send home, one by one, the cards no tableau card could still need; how many."""
        for sent in range(AUTOPLAY_LIMIT):
            safe = safe_foundation_moves(self.host.session.game.position)
            if not safe:
                return sent
            self.play([safe[0]], 1, by_player=False)
        return AUTOPLAY_LIMIT
