"""The last five castle games (docs/rules.md §3.7.4–5, PySolFC's beleagueredcastle.py): a stock
turned over once onto a waste and a reserve that holds several cards (Zerline,
Zerline (3 decks), Soother), foundations by rank in any suit (Castle of
Indolence, Rittenhouse), and Rittenhouse's fed-from, compulsory founding."""

import pytest

from castling import GAMES, Position

from helpers import legal, parse, position


# -- Stock and waste ---------------------------------------------------------

@pytest.mark.parametrize("game, piles, stock", [("zerline", 8, 63), ("zerline-3-decks", 8, 115),
                                                ("soother", 9, 162)])
def test_five_cards_a_pile_then_a_face_down_stock_and_one_card_turned_over(game, piles, stock):
    dealt = Position.deal(GAMES[game], 306).to_piles()
    assert [len(dealt[f"t{i}"]) for i in range(1, piles + 1)] == [5] * piles
    assert len(dealt["s1"]) == stock and all(code.islower() for code in dealt["s1"])
    assert len(dealt["w1"]) == 1 and dealt["w1"][0].isupper()


def test_the_stock_turns_its_top_card_over_once_and_undo_turns_it_back():
    pos = position("zerline", "t1: 5H\ns1: 9c 4d\nw1: KS")
    assert "s1-w1" in pos.legal_move_texts()
    record = pos.play(parse(pos, "s1-w1"))
    assert pos.to_piles()["s1"] == ["9c"] and pos.to_piles()["w1"] == ["KS", "4D"]
    assert "w1-t1" in pos.legal_move_texts()                  # the 4 goes on the 5
    pos.undo(record)
    assert pos.to_piles()["s1"] == ["9c", "4d"] and pos.to_piles()["w1"] == ["KS"]
    empty = position("zerline", "t1: 5H\nw1: KS 4D")
    assert "s1-w1" not in empty.legal_move_texts()            # one pass: no redeal
    assert not any(move.endswith(("-s1", "-w1")) for move in empty.legal_move_texts())


def test_zerline_founds_king_then_ace_to_queen_and_only_a_queen_fills_a_space():
    moves = legal("zerline", "t1: 9S KH\nt2: QD\nt3:\nf1: KC AC\nw1: 2C")
    assert {"t1-f3", "w1-f1", "t2-t3"} <= moves               # K opens f3 (hearts), 2C follows AC
    assert "t1-t3" not in moves                               # a King may not fill a space
    full = position("zerline", "f1: KC AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC\nt1: KC")
    assert "t1-f1" not in full.legal_move_texts()             # thirteen cards: K, A ... Q


def test_zerline_reserve_holds_four_cards_from_the_tableau_not_the_waste():
    moves = legal("zerline", "t1: 9S 8H\nr1: 2D 3D 4D\nw1: 6C")
    assert "t1-r1" in moves and "w1-r1" not in moves
    assert "r1-t1" not in moves and "r1-f4" not in moves       # 4D is the top; it fits nowhere
    full = legal("zerline", "t1: 9S 8H\nr1: 2D 3D 4D 5D\nw1: 6C")
    assert "t1-r1" not in full                                # four cards: full
    assert "r1-t1" not in full and "w1-r1" not in full


def test_soother_reserve_takes_eight_from_anywhere_and_foundations_give_back():
    moves = legal("soother", "t1: 9S\nf1: AC 2C\nr1: 5D\nw1: 8H")
    assert {"w1-r1", "t1-r1", "f1-r1", "w1-t1", "r1-f4"} - moves == {"r1-f4"}
    assert "f1-t1" not in moves                               # 2C does not go on the 9
    assert "t1-r1" not in legal("soother", "t1: 9S\nr1: " + " ".join(["5D"] * 4 + ["6H"] * 4))


def test_soother_fills_a_space_with_a_king_only():
    moves = legal("soother", "t1:\nt2: 7D KS\nw1: QH")
    assert "t2-t1" in moves and "w1-t1" not in moves and "w1-t2" in moves


# -- Foundations by rank ------------------------------------------------------

def test_castle_of_indolence_deals_four_reserves_of_thirteen_first():
    dealt = Position.deal(GAMES["castle-of-indolence"], 393).to_piles()
    assert [len(dealt[f"r{i}"]) for i in range(1, 5)] == [13] * 4
    assert [len(dealt[f"t{i}"]) for i in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert all(code.isupper() for name in dealt for code in dealt[name])


def test_castle_of_indolence_founds_by_rank_in_any_suit_and_reserves_only_give():
    moves = legal("castle-of-indolence", "t1: 9S 2H\nt2: AD\nf1: AC\nr1: 4S 3H\nt3: 4C")
    assert {"t1-f1", "t2-f2", "r1-t3"} <= moves                # 2H on the club Ace; any Ace starts
    assert not any(move.endswith(("-r1", "-r2")) for move in moves)
    assert "t1-r1" not in moves


def test_rittenhouse_foundations_go_up_and_down_by_rank_fed_by_the_piles_below():
    # t1..t4 feed f1..f4 (up from Aces), t6..t9 feed f5..f8 (down from Kings),
    # t5 feeds every one; only tableau cards are founded.
    rules = GAMES["rittenhouse"]
    start = position("rittenhouse", "t2: 9S\nt3: 5D\nt5: 8C\nt7: 9H\nf1: AS 2S 3S 4S\nf6: KD QD JD TD")
    assert rules.founding.forced
    moves = set(start.legal_move_texts())
    assert "t3-f1" not in moves                              # t3 feeds f3 only
    assert "t5-f1" not in moves and "t7-f6" in moves         # t7 (the 7th) feeds f6
    assert {"t5-t7", "t2-t5"} <= moves                        # up or down by one, any suit
    assert "t3-t5" not in moves


def test_rittenhouse_founding_is_compulsory_after_every_move_and_undone_with_it():
    pos = position("rittenhouse", "t1: 7C 2H\nt2: 3S\nf1: AS")
    pos.play(parse(pos, "t2-t1"))                            # 3S onto 2H: the 2H is covered
    assert pos.to_piles()["t1"] == ["7C", "2H", "3S"] and pos.to_piles()["f1"] == ["AS"]
    text = "t1: 2D 9C\nt2: 8C\nf1: AS\nf5: KH"
    moved = position("rittenhouse", text)
    record = moved.play(parse(moved, "t1-t2"))               # 9C onto 8C uncovers 2D: founded
    assert moved.to_piles()["f1"] == ["AS", "2D"] and moved.to_piles()["t1"] == []
    moved.undo(record)                                       # and undo takes both back
    assert moved.to_piles() == position("rittenhouse", text).to_piles()


def test_rittenhouse_deal_founds_between_rounds():
    dealt = Position.deal(GAMES["rittenhouse"], 1)
    pos = dealt.copy()
    # Nothing is left that the compulsory founding would still take.
    assert not any(pos.tables.is_foundation(move[1]) for move in pos.legal_moves())
    assert sum(len(pile) for pile in dealt.piles) == 104
