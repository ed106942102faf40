"""One text form per card, move and position, and clear errors for anything else."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from castling import GAMES, CastlingError, NotationError, Position, format_move, parse_move
from castling.cards import parse_card

CHESSBOARD = GAMES["chessboard"]


@pytest.mark.parametrize("text", ["t3-f2", "t10-t1", "t4-t9:3", "f2-t7", "t1-f4", "t5-t6:12"])
def test_moves_round_trip(text):
    assert format_move(CHESSBOARD, parse_move(CHESSBOARD, text)) == text


def test_reserve_moves_round_trip():
    chequers = GAMES["chequers"]
    assert format_move(chequers, parse_move(chequers, "r1-t25")) == "r1-t25"
    assert parse_move(chequers, "t25-f8") == (24, 32, 1)


@pytest.mark.parametrize("text", ["t0-t1", "t01-t2", "t1-t2:1", "t1-t2:0", "t1-t1", "T1-t2",
                                  "t1 - t2", " t1-t2", "t1-x2", "t11-t1", "r1-t1", "f5-t1",
                                  "t1-t2:", "t1-t2:03", "", "t1t2", "t1-t2-t3", "t1-t2:3:4",
                                  "t1-t２", "t1-t2\n"])
def test_malformed_moves_are_notation_errors(text):
    with pytest.raises(NotationError):
        parse_move(CHESSBOARD, text)


@pytest.mark.parametrize("value", [None, 12, ("t1", "t2"), b"t1-t2"])
def test_non_text_moves_are_notation_errors(value):
    with pytest.raises(NotationError):
        parse_move(CHESSBOARD, value)


@given(st.text(max_size=30))
def test_any_text_is_a_move_or_a_notation_error(text):
    try:
        move = parse_move(CHESSBOARD, text)
    except NotationError:
        return
    assert format_move(CHESSBOARD, move) == text


@given(st.text(max_size=200))
def test_any_text_is_a_position_or_a_notation_error(text):
    try:
        pos = Position.from_text(CHESSBOARD, text)
    except NotationError:
        return
    assert Position.from_text(CHESSBOARD, pos.to_text()) == pos


@pytest.mark.parametrize("text", ["AS", "TD", "KC", "9h", "qd"])
def test_cards_round_trip(text):
    from castling.cards import card_text
    assert card_text(parse_card(text)) == text


@pytest.mark.parametrize("text", ["1S", "10D", "A", "ASS", "Ks", "aS", "XX", ""])
def test_malformed_cards_are_notation_errors(text):
    with pytest.raises(NotationError):
        parse_card(text)


def test_position_text_is_a_line_per_pile_bottom_card_first():
    text = Position.deal(GAMES["martha"], 2).to_text()
    lines = text.splitlines()
    assert lines[0].startswith("t1: ") and lines[-1] == "f4: AD"
    assert len(lines) == 16


@pytest.mark.parametrize("text, words", [
    ("t1 JD", "expected 'PILE: CARDS'"),
    ("t1: XX", "not a card"),
    ("t1: JD\nt1: 5C", "appears twice"),
    ("t11: JD", "no pile"),
    ("t1: JD\nt2: JD", "appears 2 times"),
])
def test_malformed_positions_say_what_is_wrong(text, words):
    with pytest.raises(NotationError, match=words):
        Position.from_text(CHESSBOARD, text)


def test_two_deck_positions_allow_two_copies_but_not_three():
    chequers = GAMES["chequers"]
    Position.from_text(chequers, "t1: JD\nt2: JD")
    with pytest.raises(NotationError):
        Position.from_text(chequers, "t1: JD\nt2: JD\nt3: jd")


def test_every_engine_error_is_a_castling_error():
    assert issubclass(NotationError, CastlingError) and issubclass(CastlingError, ValueError)
