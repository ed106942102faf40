"""Chequers (docs/rules.md §3.4): two decks, 25 piles, foundations from both ends, a reserve."""

from castling import GAMES, Position

from helpers import after, legal

GAME = "chequers"


def test_deal_is_25_piles_of_four_and_a_reserve_of_four_with_only_its_top_showing():
    piles = Position.deal(GAMES[GAME], 5).to_piles()
    assert all(len(piles[f"t{i}"]) == 4 for i in range(1, 26))
    assert all(card.isupper() for i in range(1, 26) for card in piles[f"t{i}"])
    reserve = piles["r1"]
    assert len(reserve) == 4 and reserve[-1].isupper() and all(c.islower() for c in reserve[:-1])


def test_first_four_foundations_build_up_from_the_ace():
    moves = legal(GAME, "f1: AC 2C\nt1: AC\nt2: 3C\nt3: AH\nt4: 2H")
    assert {"t2-f1", "t3-f3"} <= moves
    assert "t4-f3" not in moves


def test_last_four_foundations_build_down_from_the_king():
    moves = legal(GAME, "f6: KS QS\nt1: JS\nt2: KD\nt3: QD")
    assert {"t1-f6", "t2-f8"} <= moves
    assert "t3-f8" not in moves


def test_either_copy_of_a_card_may_be_used():
    moves = legal(GAME, "t1: AC\nt2: AC")
    assert {"t1-f1", "t2-f1"} <= moves


def test_foundations_do_not_wrap():
    up_full = " ".join(f"{r}C" for r in "A23456789TJQK")
    assert "t1-f1" not in legal(GAME, f"f1: {up_full}\nt1: AC")


def test_top_foundation_card_may_go_to_any_pile_that_takes_it():
    moves = legal(GAME, "f1: AC 2C\nf5: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C\nt1: 3C")
    assert {"f1-t1", "f1-f5"} <= moves


def test_tableau_builds_up_or_down_in_suit_with_wrap():
    moves = legal(GAME, "t1: KS\nt2: AS\nt3: QS\nt4: KH")
    assert {"t2-t1", "t1-t2", "t3-t1"} <= moves
    assert "t4-t1" not in moves


def test_single_cards_only():
    assert not any(":" in m for m in legal(GAME, "t1: 7S 6S\nt2: 8S"))


def test_reserve_top_card_plays_and_the_next_one_turns_up():
    text = "t1: 5C\nr1: 9d AH"
    assert {"r1-f3"} <= legal(GAME, text)
    assert after(GAME, text, "r1-f3") == {"t1": "5C", "f3": "AH", "r1": "9D"}


def test_nothing_is_placed_on_the_reserve():
    assert not any(move.endswith("-r1") for move in legal(GAME, "t1: 5C\nr1: 4C"))


def test_emptied_pile_is_refilled_from_the_reserve_at_once():
    text = "t1: 5C\nt2: 6C\nr1: 2d 9H"
    assert after(GAME, text, "t1-t2") == {"t1": "9H", "t2": "6C 5C", "r1": "2D"}


def test_once_the_reserve_is_empty_an_empty_pile_takes_any_card():
    assert {"t1-t3", "t2-t3"} <= legal(GAME, "t1: 5C\nt2: 9H\nt3:")
