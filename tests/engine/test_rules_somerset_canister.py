"""Klondike's cousins in the castle family (docs/rules.md §3.7.3, PySolFC's klondike.py):
Somerset and Morehead on ten piles dealt in a triangle, the three Canisters on
eight piles. Every card is dealt face up; foundations from the Ace, in suit,
and their top card may come back."""

import pytest

from castling import GAMES, Position

from helpers import carried, legal


@pytest.mark.parametrize("game", ["somerset", "morehead"])
def test_somerset_deals_a_triangle_one_to_seven_then_three_piles_of_eight(game):
    piles = Position.deal(GAMES[game], 215).to_piles()
    assert [len(piles[f"t{i}"]) for i in range(1, 11)] == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]


@pytest.mark.parametrize("game", ["canister", "american-canister", "british-canister"])
def test_canister_deals_six_rounds_and_one_more_card_to_the_middle_four(game):
    piles = Position.deal(GAMES[game], 231).to_piles()
    assert [len(piles[f"t{i}"]) for i in range(1, 9)] == [6, 6, 7, 7, 7, 7, 6, 6]


def test_somerset_packs_down_in_alternate_colours_runs_limited_by_free_space():
    moves = legal("somerset", "t1: 9D 8S 7H\nt2: TC\nt3: 6S\nt4: 8H\nt5: KC\nt6: KH\nt7: KS\n"
                              "t8: KD\nt9: QC\nt10: QH")
    assert {"t3-t1"} <= moves and "t4-t1" not in moves      # black 6 on red 7, not red 8 on red 7
    assert carried(moves, "t1", "t2") == set()              # three cards, no space: one at a time
    spaced = legal("somerset", "t1: 9D 8S 7H\nt2: TC\nt3: 6S\nt4: 8H\nt5: KC\nt6: KH")
    assert carried(spaced, "t1", "t2") == {3}               # four spaces: up to 16 cards


def test_morehead_packs_down_in_any_suit_but_its_own_one_card_at_a_time():
    moves = legal("morehead", "t1: 7H\nt2: 6H\nt3: 6D\nt4: 6S\nt5: 8C 7C")
    assert {"t3-t1", "t4-t1"} <= moves and "t2-t1" not in moves
    assert "t5-t1" not in moves                            # no runs: 7C alone has no 8 to go on
    assert "t1-t5" not in moves                            # 7H on 7C? no: down by one only


def test_canister_moves_whole_runs_any_suit_and_any_card_fills_a_space():
    moves = legal("canister", "t1: 9D 8D 7S 6S\nt2: TD\nt3:")
    assert carried(moves, "t1", "t2") == {4}               # suit does not matter
    assert carried(moves, "t1", "t3") == {1, 2, 3, 4}


def test_american_canister_needs_alternate_colours():
    moves = legal("american-canister", "t1: 9D 8S 7H\nt2: TC\nt3: TH")
    assert carried(moves, "t1", "t2") == {3} and carried(moves, "t1", "t3") == set()


def test_british_canister_moves_single_cards_and_only_a_king_fills_a_space():
    moves = legal("british-canister", "t1: 9D 8S\nt2: TC\nt3:\nt4: KC\nt5: 9H")
    assert carried(moves, "t1", "t2") == set()             # the run 9D 8S may not move
    assert carried(moves, "t1", "t5") == {1}               # its top card may
    assert carried(moves, "t1", "t3") == set() and "t4-t3" in moves


# -- several decks (Lightweight, Castle Mount, Palace) --------------------------------

@pytest.mark.parametrize("game, decks, piles", [("lightweight", 2, 12), ("castle-mount", 3, 12),
                                                ("palace", 4, 18)])
def test_the_aces_start_home_suit_by_suit_one_per_foundation(game, decks, piles):
    dealt = Position.deal(GAMES[game], 507).to_piles()
    homes = [dealt[f"f{i}"] for i in range(1, 4 * decks + 1)]
    assert homes == [[f"A{suit}"] for suit in "CSHD" for _ in range(decks)]
    sizes = [len(dealt[f"t{i}"]) for i in range(1, piles + 1)]
    assert sum(sizes) == 48 * decks and max(sizes) - min(sizes) <= 1


def test_each_copy_of_a_card_may_go_to_either_foundation_of_its_suit():
    moves = legal("lightweight", "t1: 2C\nt2: 2C\nf1: AC\nf2: AC\nf3: AS\nf4: AS")
    assert {"t1-f1", "t1-f2", "t2-f1", "t2-f2"} <= moves
    assert not any(move.endswith(("f3", "f4")) for move in moves)


@pytest.mark.parametrize("game", ["castle-mount", "palace"])
def test_any_suit_builds_but_only_a_one_suit_run_moves(game):
    moves = legal(game, "t1: 9D 8S 7S\nt2: 9H 8H 7H\nt3: TC\nt4: 9C\nt5:")
    assert "t4-t3" in moves                                # a club nine on the club ten, or any ten
    assert carried(moves, "t1", "t4") == {2}               # 8S 7S, one suit, onto any 9
    assert carried(moves, "t2", "t3") == {3}               # 9H 8H 7H onto the ten of clubs
    assert carried(moves, "t1", "t3") == set()             # 9D 8S 7S: mixed, stuck together
    assert carried(moves, "t1", "t5") == {1, 2}            # a space takes any card or one-suit run
