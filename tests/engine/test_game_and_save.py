"""A game in play (undo, redo, restart) and its save file."""

import json

import pytest

from castling import GAMES, Game, IllegalMoveError, NotationError, SaveError, dump_save, load_save


def test_undo_restores_the_exact_position_including_turned_cards():
    game = Game(GAMES["martha"], 1)
    start = game.position.to_text()
    game.play("t11-f3")          # uncovers a face-down card, which turns up
    assert game.position.to_piles()["t11"][-1].isupper()
    assert game.undo() == (game.rules.pile_names.index("t11"), game.rules.pile_names.index("f3"), 1)
    assert game.position.to_text() == start


def test_undo_redo_restart_walk_the_history():
    game = Game(GAMES["chequers"], 1)
    positions = [game.position.to_text()]
    for _ in range(6):
        game.play(game.legal_moves()[0])
        positions.append(game.position.to_text())
    for expected in reversed(positions[:-1]):
        game.undo()
        assert game.position.to_text() == expected
    assert game.undo() is None and not game.can_undo
    for expected in positions[1:]:
        game.redo()
        assert game.position.to_text() == expected
    assert game.redo() is None
    game.restart()
    assert game.position.to_text() == positions[0] and game.can_redo


def test_a_new_move_clears_redo():
    game = Game(GAMES["chessboard"], 1)
    game.play(game.legal_moves()[0])
    game.undo()
    other = sorted(game.legal_moves())[-1]
    game.play(other)
    assert not game.can_redo


def test_illegal_and_malformed_moves_are_different_errors_and_change_nothing():
    game = Game(GAMES["chessboard"], 1)
    before = game.position.to_text()
    with pytest.raises(IllegalMoveError):
        game.play("t1-t2")
    with pytest.raises(NotationError):
        game.play("t1 to t2")
    with pytest.raises(NotationError):
        game.play("t1-t11")
    assert game.position.to_text() == before and game.moves == []


def test_save_round_trips_to_the_same_position():
    game = Game(GAMES["chequers"], 31999)
    for _ in range(10):
        game.play(sorted(game.legal_moves())[0])
    text = dump_save(game)
    assert json.loads(text) == {"format": 1, "game": "chequers", "deal": 31999,
                                "moves": game.move_texts()}
    loaded = load_save(text)
    assert loaded.problem is None
    assert loaded.game.position == game.position and loaded.game.moves == game.moves


def test_save_with_an_illegal_move_resumes_at_the_last_legal_position():
    game = Game(GAMES["chessboard"], 7)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    data = json.loads(dump_save(game))
    data["moves"] += ["t1-t1", "t2-f1"]
    loaded = load_save(json.dumps(data))
    assert loaded.game.position == game.position
    assert loaded.problem.index == 3 and loaded.problem.text == "t1-t1"
    assert "move 4" in str(loaded.problem)


@pytest.mark.parametrize("text, words", [
    ("{not json", "not readable JSON"),
    ("[1, 2]", "not a JSON object"),
    ('{"game": "chessboard", "deal": 1, "moves": []}', "no format version"),
    ('{"format": 2, "game": "chessboard", "deal": 1, "moves": []}', "version 2"),
    ('{"format": "1", "game": "chessboard", "deal": 1, "moves": []}', "no format version"),
    ('{"format": 1, "game": "poker", "deal": 1, "moves": []}', "game we do not have"),
    ('{"format": 1, "game": ["chessboard"], "deal": 1, "moves": []}', "game we do not have"),
    ('{"format": 1, "game": "chessboard", "deal": 0, "moves": []}', "outside 1 to"),
    ('{"format": 1, "game": "chessboard", "deal": "5", "moves": []}', "not a whole number"),
    ('{"format": 1, "game": "chessboard", "deal": true, "moves": []}', "not a whole number"),
    ('{"format": 1, "game": "chessboard", "deal": 1e3, "moves": []}', "not a whole number"),
    ('{"format": 1, "game": "chessboard", "deal": 1, "moves": "t1-f1"}', "move list"),
    ('{"format": 1, "game": "chessboard", "deal": 1, "moves": [3]}', "move list"),
])
def test_unreadable_saves_raise_a_clear_save_error(text, words):
    with pytest.raises(SaveError, match=words):
        load_save(text)
