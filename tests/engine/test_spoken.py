"""Words for screen readers and keyboard navigation over the laid-out table."""

from castling import GAMES, Position
from castling.app.table.board import next_choice
from castling.app.words.spoken import (card_label, card_sign, hint_words, move_words, pile_label,
                                    pile_title, turn_words)


def test_piles_are_named_by_kind_number_and_suit():
    chequers = GAMES["chequers"]
    assert pile_title(chequers, "t25") == "Tableau 25"
    assert pile_title(chequers, "f3") == "Foundation hearts, going up"
    assert pile_title(chequers, "f8") == "Foundation diamonds, going down"
    assert pile_title(GAMES["castles-end"], "r2") == "Reserve 2"
    assert pile_title(GAMES["chessboard"], "f2") == "Foundation spades"


def test_labels_never_reveal_a_face_down_card():
    martha = GAMES["martha"]
    assert card_label("qh") == "a face-down card" and card_label("QH") == "Queen of hearts"
    assert pile_label(martha, "t1", ["qh", "5C", "9d"]) == \
        "Tableau 1, 3 cards, top card a face-down card"
    assert pile_label(martha, "t2", []) == "Tableau 2, empty"
    assert pile_label(martha, "f1", ["AC"]) == "Foundation clubs, 1 card, top card Ace of clubs"


def test_the_stock_and_its_cards_are_named_without_giving_away_a_hidden_card():
    zerline = GAMES["zerline"]
    assert pile_title(zerline, "s1") == "Stock" and pile_title(zerline, "w1") == "Waste"
    assert pile_title(zerline, "r1") == "Reserve 1"              # holds four: not a free cell
    assert pile_label(zerline, "s1", ["qs", "2d"]) == "Stock, 2 cards, top card a face-down card"
    pos = Position.from_text(zerline, "s1: qs 2d\nw1: 9C")
    assert move_words(pos, pos.tables.stock, pos.tables.waste, 1) == (
        "A face-down card from stock to waste")
    pos.play((pos.tables.stock, pos.tables.waste, 1))
    assert turn_words(pos) == "From the stock: 2 of diamonds"
    rittenhouse = GAMES["rittenhouse"]
    assert pile_title(rittenhouse, "f2") == "Foundation 2, going up in any suit"
    assert pile_title(rittenhouse, "f6") == "Foundation 6, going down in any suit"


def test_a_move_is_said_before_it_is_played():
    position = Position.from_text(GAMES["martha"], "t1: 9S 8H 7C\nt2: TD")
    assert move_words(position, 0, 1, 3) == "3 cards from 9 of spades up from tableau 1 to tableau 2"
    assert move_words(position, 0, 1, 1) == "7 of clubs from tableau 1 to tableau 2"


def test_while_holding_cards_arrows_step_among_the_choices():
    choices = ["t2", "t5", "f1"]
    assert next_choice(choices, "t5", "ArrowRight") == "f1"
    assert next_choice(choices, "f1", "ArrowDown") == "t2"
    assert next_choice(choices, "t2", "ArrowLeft") == "f1"
    assert next_choice(choices, "t9", "ArrowLeft") == "t2"


def test_free_cells_are_called_free_cells_and_other_reserves_reserves():
    assert pile_title(GAMES["stronghold"], "r1") == "Free cell 1"
    assert pile_title(GAMES["castles-end"], "r2") == "Reserve 2"


def test_hints_are_said_in_a_players_words_without_pile_notation():
    """What a card goes onto, by its corner (rank and suit sign); where it goes
    when that is no card; never a pile's number or the notation."""
    assert [card_sign(code) for code in ("5S", "TH", "KC", "AD")] == ["5♠", "10♥", "K♣", "A♦"]
    bastion = Position.from_text(GAMES["bastion"], "t1: 9S 8S\nt2: 7S\nt3:\nf1: AC\nr1:")
    names = bastion.rules.pile_names
    at = names.index
    assert hint_words(bastion, at("t2"), at("t1"), 1) == "Hint: move the 7♠ onto the 8♠."
    assert hint_words(bastion, at("t1"), at("t3"), 2) == \
        "Hint: move the 2 cards from the 9♠ to an empty pile."
    assert hint_words(bastion, at("t2"), at("r1"), 1) == "Hint: move the 7♠ to a free cell."
    assert hint_words(bastion, at("t2"), at("f2"), 1) == "Hint: move the 7♠ to an empty foundation."
    assert hint_words(bastion, at("t2"), at("f1"), 1) == "Hint: move the 7♠ to its foundation."
    ends = Position.from_text(GAMES["castles-end"], "t1: 9S\nr1:")
    assert hint_words(ends, 0, ends.rules.pile_names.index("r1"), 1) == \
        "Hint: move the 9♠ to the reserve."
    zerline = Position.from_text(GAMES["zerline"], "s1: qs 2d\nw1: 9C")
    turned = hint_words(zerline, zerline.tables.stock, zerline.tables.waste, 1)
    assert turned == "Hint: turn over the next card of the stock." and "2" not in turned
    for text in (hint_words(bastion, at("t2"), at("t1"), 1), turned):
        assert not any(f"{kind}{n}" in text for kind in "tfrsw" for n in range(1, 30))
