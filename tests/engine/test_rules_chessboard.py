"""Chessboard (docs/rules.md §3.1): one small position per rule."""

from castling import GAMES, Position

from helpers import after, legal

GAME = "chessboard"


def test_deal_is_ten_open_piles_two_of_six_then_fives():
    piles = Position.deal(GAMES[GAME], 1).to_piles()
    assert [len(piles[f"t{i}"]) for i in range(1, 11)] == [6, 6] + [5] * 8
    assert all(card.isupper() for i in range(1, 11) for card in piles[f"t{i}"])
    assert all(piles[f"f{i}"] == [] for i in range(1, 5))


def test_tableau_builds_up_or_down_in_suit():
    moves = legal(GAME, "t1: 7S\nt2: 6S\nt3: 8S\nt4: 6H")
    assert {"t2-t1", "t3-t1", "t1-t2", "t1-t3"} <= moves
    assert "t4-t1" not in moves


def test_tableau_wraps_king_and_ace_both_ways():
    moves = legal(GAME, "t1: KS\nt2: AS\nt3: AH")
    assert {"t2-t1", "t1-t2"} <= moves
    assert "t3-t1" not in moves


def test_only_one_card_moves_at_a_time():
    moves = legal(GAME, "t1: 6S 5S\nt2: 7S 4H")
    assert not any(":" in move for move in moves)


def test_empty_pile_takes_any_single_card():
    assert {"t1-t3", "t2-t3"} <= legal(GAME, "t1: 9C 5H\nt2: KD\nt3:")


def test_take_back_goes_only_where_a_tableau_pile_accepts():
    moves = legal(GAME, "f1: 7C 8C\nt1: 9C\nt2: 5H")
    assert "f1-t1" in moves and "f1-t2" not in moves


def test_winning_move_sends_the_last_card_home():
    text = ("f1: 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC\n"
            "f2: 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS\n"
            "f3: 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH\n"
            "f4: 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\nt1: AD")
    assert after(GAME, text, "t1-f4")["f4"].endswith("KD AD")
