"""Beleaguered Castle's branch of the family (docs/rules.md §3.7.2, PySolFC's code):
Streets and Alleys, Beleaguered Castle, Citadel, Exiled Kings, Penelope's Web.

Eight piles packed down regardless of suit; foundations from the Ace, in suit,
that never give a card back. They differ in how runs move, what fills a space
and how the deal is laid out.
"""

import pytest

from castling import GAMES, Position
from castling.movegen import run_limits

from helpers import after, carried, legal

BRANCH = ["streets-and-alleys", "beleaguered-castle", "citadel", "exiled-kings", "penelopes-web"]
RUN = "9D 8S 7H 6C 5D"          # a run of five packed down regardless of suit


@pytest.mark.parametrize("game", BRANCH)
def test_packs_down_regardless_of_suit_never_up_and_never_back_from_home(game):
    moves = legal(game, "t1: 5S\nt2: 4H\nt3: 4S\nt4: 6D\nt5: QC\nt6: KD\nt7: JH\nt8: 9C\nf1: AC 2C")
    assert {"t2-t1", "t3-t1", "t1-t4"} <= moves
    assert "t4-t1" not in moves                        # never up
    assert not any(move.startswith("f") for move in moves)   # no take-back


@pytest.mark.parametrize("spaces, onto_a_pile, onto_a_space", [(0, 1, 1), (1, 2, 1), (2, 4, 2),
                                                               (3, 8, 4)])
def test_free_space_runs_carry_what_single_moves_through_the_spaces_could(
        spaces, onto_a_pile, onto_a_space):
    assert run_limits(spaces) == (onto_a_pile, onto_a_space)
    # Streets and Alleys: a run of five that fits on t2's ten, and some piles empty.
    others = ["t3: KH", "t4: KS", "t5: KC", "t6: KD", "t7: QH", "t8: QS"]
    kept = others[:len(others) - spaces]
    moves = legal("streets-and-alleys", "\n".join([f"t1: {RUN}", "t2: TC", *kept]))
    assert carried(moves, "t1", "t2") == ({5} if onto_a_pile >= 5 else set())
    for empty in [f"t{i}" for i in range(9 - spaces, 9)]:
        assert carried(moves, "t1", empty) == set(range(1, min(onto_a_space, 5) + 1))


@pytest.mark.parametrize("game", ["exiled-kings", "penelopes-web"])
def test_only_a_king_or_a_run_from_one_fills_a_space(game):
    moves = legal(game, "t1: 9D KS QH\nt2: 5C 4D\nt3:")
    assert carried(moves, "t1", "t3") == {2}           # the King with its Queen; not the Queen
    assert carried(moves, "t2", "t3") == set()


@pytest.mark.parametrize("game", ["exiled-kings", "penelopes-web"])
def test_whole_runs_move_whatever_the_spaces(game):
    text = f"t1: {RUN}\nt2: TC\nt3: KH\nt4: KS\nt5: KC\nt6: KD\nt7: QH\nt8: QS"
    assert "t1-t2:5" in legal(game, text)
    assert after(game, text, "t1-t2:5")["t2"] == f"TC {RUN}"


def test_streets_and_alleys_deals_seven_and_six_and_nothing_home():
    piles = Position.deal(GAMES["streets-and-alleys"], 146).to_piles()
    assert [len(piles[f"t{i}"]) for i in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert not any(piles[f"f{i}"] for i in range(1, 5))


def test_beleaguered_castle_starts_with_the_aces_home_and_six_cards_a_pile():
    piles = Position.deal(GAMES["beleaguered-castle"], 34).to_piles()
    assert [piles[f"f{i}"] for i in range(1, 5)] == [["AC"], ["AS"], ["AH"], ["AD"]]
    assert [len(piles[f"t{i}"]) for i in range(1, 9)] == [6] * 8


@pytest.mark.parametrize("game", ["citadel", "exiled-kings"])
def test_citadel_founds_while_dealing_so_piles_come_out_uneven(game):
    for number in (1, 2, 3, 145, 32000):
        piles = Position.deal(GAMES[game], number).to_piles()
        home = sum(len(piles[f"f{i}"]) for i in range(1, 5))
        sizes = [len(piles[f"t{i}"]) for i in range(1, 9)]
        assert home + sum(sizes) == 52
        assert all(piles[f"f{i}"][0][0] == "A" for i in range(1, 5))
    # Deal 1 sends seven cards home as it is dealt, so the piles come out uneven.
    piles = Position.deal(GAMES[game], 1).to_piles()
    assert [len(piles[f"f{i}"]) for i in range(1, 5)] == [2, 4, 2, 3]
    assert [len(piles[f"t{i}"]) for i in range(1, 9)] == [6, 3, 6, 6, 5, 6, 4, 5]


# -- free cells (Stronghold, Private Lane, Siegecraft, Bastion, Ten by One) ----------

def test_an_empty_free_cell_takes_any_one_card_from_anywhere():
    moves = legal("stronghold", "t1: 9D 8S\nt2: KC\nt3: 5H\nt4: 4C\nt5: QH\nt6: JH\nt7: TS\nt8: 3D\nr1:")
    assert {f"t{i}-r1" for i in range(1, 9)} <= moves
    assert "t1-r1:2" not in moves                       # one card, never a run
    full = legal("stronghold", "t1: 9D 8S\nt2: KC\nr1: 5H")
    assert not any(move.endswith("-r1") for move in full)
    assert "r1-t1" not in full and "r1-t3" in full      # out again to an empty pile


def test_a_card_may_go_from_one_free_cell_to_another_as_in_pysolfc():
    assert "r1-r2" in legal("private-lane", "t1: 9D\nr1: 5H\nr2:")


@pytest.mark.parametrize("game, cells", [("streets-and-alleys", 0), ("stronghold", 1),
                                         ("private-lane", 2), ("siegecraft", 1)])
def test_each_empty_free_cell_adds_one_to_a_free_space_run(game, cells):
    full = ["t3: KH", "t4: KS", "t5: KC", "t6: KD", "t7: QH", "t8: QS"]
    # No empty pile: (cells + 1) cards.
    moves = legal(game, "\n".join(["t1: 7H 6C 5D", "t2: 8S", *full]))
    assert carried(moves, "t1", "t2") == ({3} if cells + 1 >= 3 else set())
    moves = legal(game, "\n".join(["t1: 6C 5D", "t2: 7H", *full]))
    assert carried(moves, "t1", "t2") == ({2} if cells + 1 >= 2 else set())
    # One empty pile doubles it: (cells + 1) * 2.
    moves = legal(game, "\n".join(["t1: 9D 8S 7H 6C 5D", "t2: TC", *full[:-1]]))
    assert carried(moves, "t1", "t2") == ({5} if (cells + 1) * 2 >= 5 else set())


def test_bastion_deals_five_rounds_of_ten_and_one_card_to_each_cell():
    piles = Position.deal(GAMES["bastion"], 324).to_piles()
    assert [len(piles[f"t{i}"]) for i in range(1, 11)] == [5] * 10
    assert [len(piles["r1"]), len(piles["r2"])] == [1, 1]
    empty_cell = Position.deal(GAMES["ten-by-one"], 325).to_piles()
    assert empty_cell["r1"] == [] and sum(len(empty_cell[f"t{i}"]) for i in range(1, 11)) == 52


def test_bastion_builds_up_or_down_in_suit_and_takes_back_from_home():
    moves = legal("bastion", "t1: 5S\nt2: 4S\nt3: 6S\nt4: 6H\nf1: AC 2C\nr1: KD\nr2:")
    assert {"t2-t1", "t3-t1", "f1-r2", "r1-r2"} <= moves and "t4-t1" not in moves
