"""Martha (docs/rules.md §3.5): Aces start home; runs down in alternating colours."""

from castling import GAMES, Position

from helpers import after, legal

GAME = "martha"


def test_deal_puts_the_aces_home_and_alternates_down_up_down_up():
    piles = Position.deal(GAMES[GAME], 3).to_piles()
    assert [piles[f"f{i}"] for i in range(1, 5)] == [["AC"], ["AS"], ["AH"], ["AD"]]
    for i in range(1, 13):
        pile = piles[f"t{i}"]
        assert [card.isupper() for card in pile] == [False, True, False, True]


def test_foundations_build_up_in_suit():
    moves = legal(GAME, "f1: AC\nt1: 2C\nt2: 3C\nt3: 2S")
    assert "t1-f1" in moves and "t2-f1" not in moves and "t3-f1" not in moves


def test_no_card_comes_back_from_a_foundation():
    assert not any(m.startswith("f") for m in legal(GAME, "f1: AC 2C 3C\nt1: 4H\nt2:"))


def test_tableau_builds_down_in_alternating_colours_without_wrap():
    moves = legal(GAME, "t1: 8S\nt2: 7H\nt3: 9D\nt4: 9H 7C\nt5: KD\nt6: AC")
    assert {"t2-t1", "t1-t3"} <= moves
    assert "t4-t1" not in moves       # same colour
    assert "t5-t6" not in moves       # no wrap: a King does not go on an Ace


def test_any_part_of_a_built_run_moves_as_a_unit():
    moves = legal(GAME, "t1: 4D 9S 8H 7C\nt2: TH\nt3: 9C")
    assert {"t1-t2:3", "t1-t3:2"} <= moves
    assert "t1-t2:4" not in moves


def test_empty_pile_takes_one_card_only():
    moves = legal(GAME, "t1: 9S 8H\nt2:")
    assert "t1-t2" in moves and "t1-t2:2" not in moves


def test_exposed_face_down_card_turns_up_as_part_of_the_move():
    assert after(GAME, "t1: 5d 9S\nt2: TH", "t1-t2") == {"t1": "5D", "t2": "TH 9S"}


def test_face_down_cards_never_move():
    assert legal(GAME, "t1: 5d\nt2:") == set()
