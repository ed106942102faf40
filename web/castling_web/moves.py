"""Playing moves on the table: each one said, and the player's followed by
auto-play sending safe cards home (their cards slide: animation.py).

The moves are the engine's (pointer, keyboard, Show me); the replay viewer
steps its own game through ``watch`` too, so a move is said one way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from castling import safe_foundation_moves
from castling.errors import CastlingError
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

    def take_over(self, text: str) -> bool:
        """Take over the game the early table played before the app was up
        (web/first-table/play.js; ``text``: html[data-early-moves], the game's
        whole move list as it stands). The save the session opened holds the
        moves written before it was read; the rest are played now (or taken
        back, if the early table's Undo could not be saved), each checked by the
        engine, and counted as the player's. A move the engine refuses is a bug:
        it is said on the console, where the page's error watcher hears it, and
        the engine's position is kept. Whether the early moves won the game
        (the page celebrates it then)."""
        session = self.host.session
        game = session.game
        try:
            early = json.loads(text)
        except ValueError:
            early = None
        if not isinstance(early, list) or not all(isinstance(move, str) for move in early):
            self.host.window.console.error(f"castling: the early table's moves are unreadable: {text[:200]}")
            return False
        have = game.move_texts()
        same = 0
        while same < min(len(have), len(early)) and have[same] == early[same]:
            same += 1
        while len(game.moves) > same:
            game.undo()
        won_before = session.won_counted
        for text_move in early[same:]:
            try:
                game.play(text_move)
            except CastlingError as error:
                self.host.window.console.error(
                    f"castling: the early table played {text_move!r} on "
                    f"{game.rules.id} #{game.number}, which the engine refuses ({error})")
                break
        # (Nothing moves on the table: the early table showed these moves already.)
        self.host.view.draw(game.position.to_piles())
        if game.moves:
            session.play(())        # counted as played (and won) as the player's moves are; saved
        elif have:
            session.save()          # every move taken back early
        return game.is_won() and not won_before

    def autoplay(self) -> int:
        """Send home, one by one, the cards no tableau card could still need; how many."""
        for sent in range(AUTOPLAY_LIMIT):
            safe = safe_foundation_moves(self.host.session.game.position)
            if not safe:
                return sent
            self.play([safe[0]], 1, by_player=False)
        return AUTOPLAY_LIMIT
