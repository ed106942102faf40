"""The chosen base rank, shared by Chessboard, Morphy, Lasker, Selective Castle
and Castle's End (docs/rules.md §3.1, §3.3, §3.6), checked in each of them."""

import pytest

from helpers import legal

CHOSEN_BASE_GAMES = ["chessboard", "morphy", "lasker", "selective-castle", "castles-end"]


@pytest.mark.parametrize("game", CHOSEN_BASE_GAMES)
def test_first_card_of_any_rank_founds_its_own_suit(game):
    moves = legal(game, "t1: 7H\nt2: QC")
    assert {"t1-f3", "t2-f1"} <= moves
    assert not {"t1-f1", "t1-f2", "t1-f4", "t2-f3"} & moves


@pytest.mark.parametrize("game", CHOSEN_BASE_GAMES)
def test_base_rank_binds_every_empty_foundation(game):
    moves = legal(game, "f3: 7H\nt1: 7C\nt2: 8C\nt3: 8H")
    assert "t1-f1" in moves          # same rank as the base
    assert "t2-f1" not in moves      # any other rank waits
    assert "t3-f3" in moves          # and f3 builds on


@pytest.mark.parametrize("game", CHOSEN_BASE_GAMES)
def test_foundation_builds_up_in_suit_wrapping_king_to_ace(game):
    moves = legal(game, "f1: QC KC\nt1: AC\nt2: AS\nt3: JC")
    assert "t1-f1" in moves
    assert "t2-f1" not in moves and "t3-f1" not in moves


@pytest.mark.parametrize("game", ["chessboard", "morphy", "lasker", "castles-end"])
def test_base_card_never_leaves_its_foundation(game):
    assert not any(m.startswith("f1-") for m in legal(game, "f1: 7C\nt1: 8C\nt2: 6D"))


@pytest.mark.parametrize("game", ["chessboard", "lasker"])
def test_top_foundation_card_may_be_taken_back(game):
    assert "f1-t1" in legal(game, "f1: 7C 8C\nt1: 9C")


def test_selective_castle_takes_nothing_back():
    assert not any(m.startswith("f1-") for m in legal("selective-castle", "f1: 7C 8C\nt1: 9D\nt2:"))
