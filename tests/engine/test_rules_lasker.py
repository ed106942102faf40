"""Lasker (docs/rules.md §3.6): Chessboard, but one-way suit runs move as a unit."""

from helpers import after, legal

GAME = "lasker"


def test_run_going_down_moves_as_a_unit_onto_the_card_it_continues():
    moves = legal(GAME, "t1: 2D 7H 6H 5H\nt2: 8H")
    assert {"t1-t2:3"} <= moves
    assert after(GAME, "t1: 2D 7H 6H 5H\nt2: 8H", "t1-t2:3") == {"t1": "2D", "t2": "8H 7H 6H 5H"}


def test_run_going_up_with_wrap_moves_as_a_unit():
    assert "t1-t2:3" in legal(GAME, "t1: KS AS 2S\nt2: QS")


def test_every_part_of_a_run_may_move_but_no_more():
    moves = legal(GAME, "t1: 2D 7H 6H 5H\nt2:")
    assert {"t1-t2", "t1-t2:2", "t1-t2:3"} <= moves
    assert "t1-t2:4" not in moves     # 2D is not part of the run


def test_runs_of_mixed_suits_do_not_move_together():
    moves = legal(GAME, "t1: 7H 6C\nt2: 8H\nt3: 7C")
    assert "t1-t2:2" not in moves and "t1-t3" in moves


def test_empty_pile_takes_a_run():
    # Our reading: an empty pile has no direction to continue (docs/decisions.md).
    assert {"t1-t2", "t1-t2:2", "t1-t2:3"} <= legal(GAME, "t1: 9C 8C 7C\nt2:")
