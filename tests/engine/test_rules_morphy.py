"""Morphy (docs/rules.md §3.2): Chessboard packed in alternating colours."""

from castling import GAMES, Position

from helpers import legal

GAME = "morphy"


def test_deal_is_chessboards_deal():
    assert Position.deal(GAMES[GAME], 77).to_piles() == Position.deal(GAMES["chessboard"], 77).to_piles()


def test_tableau_builds_up_or_down_in_alternating_colours():
    moves = legal(GAME, "t1: 8S\nt2: 7H\nt3: 9D\nt4: 7C\nt5: 9S")
    assert {"t2-t1", "t3-t1"} <= moves
    assert "t4-t1" not in moves and "t5-t1" not in moves


def test_tableau_wraps_red_king_or_two_on_black_ace():
    moves = legal(GAME, "t1: AC\nt2: KH\nt3: 2D\nt4: KS")
    assert {"t2-t1", "t3-t1"} <= moves
    assert "t4-t1" not in moves


def test_direction_may_change_from_card_to_card():
    # 8S went down on 9H; the other red nine may go up on 8S.
    assert "t2-t1" in legal(GAME, "t1: 9H 8S\nt2: 9D")


def test_single_cards_only_no_runs():
    moves = legal(GAME, "t1: 9H 8S 7D\nt2: 9C\nt3:")
    assert not any(":" in move for move in moves)
    assert "t1-t3" in moves
