"""Fortress (docs/rules.md §3.6): foundations from the Ace, nothing wraps."""

from castling import GAMES, Position

from helpers import legal

GAME = "fortress"


def test_deal_is_chessboards_deal():
    assert Position.deal(GAMES[GAME], 40000).to_piles() == Position.deal(GAMES["chessboard"], 40000).to_piles()


def test_foundations_start_with_the_ace_of_their_suit():
    moves = legal(GAME, "t1: AC\nt2: 2S\nt3: AH")
    assert {"t1-f1", "t3-f3"} <= moves
    assert not any(move.startswith("t2-f") for move in moves)


def test_foundations_build_up_in_suit_without_wrap():
    moves = legal(GAME, "f1: AC 2C\nt1: 3C\nt2: 3S")
    assert "t1-f1" in moves and "t2-f1" not in moves


def test_tableau_up_or_down_in_suit_without_wrap():
    moves = legal(GAME, "t1: KS\nt2: AS\nt3: QS")
    assert "t3-t1" in moves and "t1-t3" in moves
    assert "t2-t1" not in moves and "t1-t2" not in moves


def test_top_foundation_card_may_be_taken_back_even_the_ace():
    moves = legal(GAME, "f1: AC\nf2: AS 2S\nt1: 2C\nt2: 3S")
    assert {"f1-t1", "f2-t2"} <= moves


def test_single_cards_only():
    assert not any(":" in move for move in legal(GAME, "t1: 6S 5S\nt2: 7S\nt3:"))
