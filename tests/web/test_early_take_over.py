"""The app takes over the game the early table played before Python was up
(web/first-table/play.js writes html[data-early-moves], the game's whole move
list, and the save as it goes; castling_web/moves.py's take_over plays on from
the save the session read)."""

from __future__ import annotations

import json
import random

from castling import GAMES, Game
from castling.app.storage.records import save_key
from castling.search.python_search import python_solve
from castling_web.moves import Moves

from .stand_in import StandInApp


def a_line(game_id: str, deal: int, length: int, seed: int = 5) -> list[str]:
    """``length`` moves of a seeded random walk from the deal, as texts."""
    game = Game(GAMES[game_id], deal)
    rng = random.Random(seed)
    for _ in range(length):
        moves = game.position.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game.move_texts()


def saved(app: StandInApp) -> dict:
    return json.loads(app.session.store.get(save_key(app.session.game.rules.id)))


def test_the_moves_the_save_missed_are_played_checked_counted_and_saved():
    app = StandInApp("beleaguered-castle", 7)
    line = a_line("beleaguered-castle", 7, 6)
    for text in line[:2]:               # what the save held when the app read it
        app.session.game.play(text)
    won = Moves(app).take_over(json.dumps(line))
    assert not won
    assert app.session.game.move_texts() == line
    assert app.session.counted          # the player's moves: the game counts as played
    assert saved(app)["moves"] == line
    assert app.view.drawn[-1] == app.session.game.position.to_piles()     # drawn, nothing slides
    assert app.window.console.errors == []


def test_moves_taken_back_early_are_taken_back():
    app = StandInApp("beleaguered-castle", 7)
    line = a_line("beleaguered-castle", 7, 5)
    for text in line:
        app.session.game.play(text)
    Moves(app).take_over(json.dumps(line[:2]))
    assert app.session.game.move_texts() == line[:2]
    assert saved(app)["moves"] == line[:2]


def test_everything_taken_back_early_is_saved_without_counting_the_game():
    app = StandInApp("beleaguered-castle", 7)
    for text in a_line("beleaguered-castle", 7, 3):
        app.session.game.play(text)
    Moves(app).take_over("[]")
    assert not app.session.game.moves
    assert saved(app)["moves"] == []
    assert not app.session.counted


def test_a_move_the_engine_refuses_is_a_bug_said_on_the_console_and_the_engine_kept():
    app = StandInApp("beleaguered-castle", 7)
    line = a_line("beleaguered-castle", 7, 3)
    Moves(app).take_over(json.dumps(line[:1] + ["t1-t1", *line[1:]]))
    assert app.session.game.move_texts() == line[:1]
    assert len(app.window.console.errors) == 1 and "t1-t1" in app.window.console.errors[0]
    for garbage in ("{", '{"moves": 1}', "[1, 2]"):
        Moves(app).take_over(garbage)
    assert len(app.window.console.errors) == 4
    assert app.session.game.move_texts() == line[:1]


def test_a_game_won_early_is_counted_and_celebrated():
    rules = GAMES["chessboard"]
    app = StandInApp("chessboard", 3)
    result = python_solve(Game(rules, 3).position, max_nodes=200_000)
    assert result.result == "won"
    game = Game(rules, 3)
    for move in result.moves:
        game.play(move)
    assert game.is_won()
    assert Moves(app).take_over(json.dumps(game.move_texts()))
    assert app.session.won_counted
    assert app.session.stats_for("chessboard").won == 1
