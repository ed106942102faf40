"""Selective Castle (docs/rules.md §3.6): eight piles built down regardless of suit."""

from castling import GAMES, Position

from helpers import after, legal

GAME = "selective-castle"


def test_deal_is_eight_piles_four_of_seven_then_four_of_six():
    piles = Position.deal(GAMES[GAME], 12).to_piles()
    assert [len(piles[f"t{i}"]) for i in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]


def test_tableau_builds_down_regardless_of_suit():
    moves = legal(GAME, "t1: 5S\nt2: 4H\nt3: 4S\nt4: 6D")
    assert {"t2-t1", "t3-t1", "t1-t4"} <= moves
    assert "t4-t1" not in moves       # never up


def test_tableau_wraps_king_onto_ace():
    assert "t2-t1" in legal(GAME, "t1: AS\nt2: KH")


def test_any_built_run_moves_as_a_unit():
    text = "t1: 3C 9D 8S 7S\nt2: TH"
    moves = legal(GAME, text)
    assert "t1-t2:3" in moves and "t1-t2:4" not in moves
    assert after(GAME, text, "t1-t2:3") == {"t1": "3C", "t2": "TH 9D 8S 7S"}


def test_empty_pile_takes_any_card_or_run():
    assert {"t1-t2", "t1-t2:2"} <= legal(GAME, "t1: 9D 8S\nt2:")


def test_a_run_that_wraps_all_the_way_round_never_moves_onto_itself():
    run = "KC QD JS TH 9C 8D 7S 6H 5C 4D 3S 2H AC"
    assert not any(move.startswith("t1-t1") for move in legal(GAME, f"t1: {run}\nt2: 5S"))
    assert "t1-t3:13" in legal(GAME, f"t1: {run}\nt3:")
