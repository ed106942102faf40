"""Castle's End (docs/rules.md §3.6): the first move founds a card and sets the base."""

from castling import GAMES, Position

from helpers import after, legal

GAME = "castles-end"


def test_deal_is_ten_piles_of_five_and_two_single_card_reserves():
    piles = Position.deal(GAMES[GAME], 1).to_piles()
    assert [len(piles[f"t{i}"]) for i in range(1, 11)] == [5] * 10
    assert len(piles["r1"]) == len(piles["r2"]) == 1 and piles["r1"][0].isupper()


def test_first_move_must_found_a_card():
    moves = legal(GAME, "t1: 5S\nt2: 4H\nr1: 9C")
    assert moves == {"t1-f2", "t2-f3", "r1-f1"}


def test_after_the_base_the_tableau_opens():
    moves = legal(GAME, "f1: 9C\nt1: 5S\nt2: 4H\nt3:")
    assert {"t2-t1", "t1-t2", "t1-t3"} <= moves


def test_tableau_up_or_down_in_alternating_colours_with_wrap():
    moves = legal(GAME, "f1: 9C\nt1: AS\nt2: KH\nt3: 2D\nt4: KC")
    assert {"t2-t1", "t3-t1", "t1-t2"} <= moves
    assert "t4-t1" not in moves


def test_reserve_cards_play_but_never_take_cards():
    moves = legal(GAME, "f1: 9C\nt1: 5S\nr1: 4H\nr2: 6S")
    assert "r1-t1" in moves
    assert not any(move.endswith(("-r1", "-r2")) for move in moves)
    assert after(GAME, "f1: 9C\nt1: 5S\nr1: 4H", "r1-t1") == {"f1": "9C", "t1": "5S 4H"}


def test_foundations_wrap_and_top_card_but_not_base_comes_back():
    moves = legal(GAME, "f1: QC KC\nf2: QS\nt1: AC\nt2: AD\nt3: KD")
    assert {"t1-f1", "f1-t2"} <= moves
    assert not any(move.startswith("f2-") for move in moves)
