"""repr of a position or a game is Python that makes it again: paste it back."""

from dataclasses import replace

import pytest

import castling
import castling.rules
from castling import GAMES, Game, Position

#: What a shell has after ``from castling import *`` (and, for a game not
#: among GAMES, the vocabulary's classes its declaration is written in).
NAMES = {name: getattr(castling, name) for name in castling.__all__}
NAMES.update(vars(castling.rules))

#: One-deck and several-deck games, face-down cards (Martha, Zerline's stock),
#: a reserve (Chequers), free cells (Stronghold) and a chosen base (Morphy).
SOME_GAMES = ["fortress", "morphy", "martha", "chequers", "stronghold", "zerline", "soother"]


def played(game_id, number=7, moves=6):
    """A game of ``game_id`` a few moves in (the first legal move each time)."""
    game = Game(GAMES[game_id], number)
    for _ in range(moves):
        if not game.legal_moves():
            break
        game.play(game.legal_moves()[0])
    return game


@pytest.mark.parametrize("game_id", SOME_GAMES)
def test_a_position_repr_makes_the_same_position(game_id):
    game = played(game_id)
    for position in (Position.deal(game.rules, game.number), game.position):
        text = repr(position)
        assert text.startswith(f"Position.from_text(get_game({game_id!r}), ")
        again = eval(text, dict(NAMES))
        assert again == position and again.to_text() == position.to_text()


def test_a_position_of_rules_not_among_the_games_repr_is_their_declaration():
    rules = replace(GAMES["fortress"], id="fortress-variant", take_back=False)
    position = Position.deal(rules, 3)
    text = repr(position)
    assert text.startswith("Position.from_text(GameRules(id='fortress-variant', ")
    assert eval(text, dict(NAMES)) == position


@pytest.mark.parametrize("game_id", SOME_GAMES)
def test_a_game_repr_replays_the_same_moves(game_id):
    game = played(game_id)
    text = repr(game)
    # The moves in notation, as a save has them.
    assert text == (f"Game.replay(get_game({game_id!r}), 7, {game.move_texts()!r})[0]")
    again = eval(text, dict(NAMES))
    assert (again.rules, again.number, again.moves) == (game.rules, game.number, game.moves)
    assert again.position == game.position
