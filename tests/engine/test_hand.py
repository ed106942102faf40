"""The game in hand as one value (castling.app.hand): what a save stores of
it reads back the same, a damaged field is named and read as nothing, and a
copy plays on apart."""

from __future__ import annotations

from castling import GAMES, Game
from castling.app.hand import Hand


def a_hand() -> Hand:
    game = Game(GAMES["fortress"], 5)
    game.play(game.legal_moves()[0])
    return Hand(game, "t0k3n", seconds=42, helped=True, daily="2026-12-05", grade="medium")


def test_what_a_save_stores_of_a_hand_reads_back_the_same():
    hand = a_hand()
    stored = hand.stored()
    assert set(stored) == {name for name, _ in Hand.STORED}
    assert all(type(stored[name]) is kind for name, kind in Hand.STORED)
    assert Hand.read(hand.game, stored) == (hand, [])


def test_a_save_of_before_a_field_lacks_it_without_damage():
    hand, damaged = Hand.read(a_hand().game, {})
    assert damaged == [] and (hand.token, hand.seconds, hand.helped, hand.daily, hand.grade) == \
        ("", 0, False, "", "")


def test_a_damaged_field_is_named_and_read_as_nothing():
    game = a_hand().game
    hand, damaged = Hand.read(game, {"token": 7, "seconds": "9", "helped": "yes",
                                     "daily": 20261205, "grade": "extreme"})
    assert damaged == ["token", "seconds", "helped", "daily", "grade"]
    assert hand == Hand(game)
    # a field of the right type but no meaning: read as nothing, and only the grade is named
    hand, damaged = Hand.read(game, {"seconds": -3, "daily": "2026-13-40", "grade": "medium"})
    assert damaged == [] and (hand.seconds, hand.daily, hand.grade) == (0, "", "medium")


def test_a_copy_plays_on_apart():
    hand = a_hand()
    copy = hand.copy()
    copy.game.play(copy.game.legal_moves()[0])
    copy.seconds += 1
    assert len(hand.game.moves) == 1 and hand.seconds == 42
    assert copy.game_id == hand.game_id == "fortress"
