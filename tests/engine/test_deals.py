"""Deal numbers are PySolFC's (docs/rules.md §2): the card order and each game's
layout against the models of pysolfc_dealing.py, written apart from the engine.
"""

import pytest

from castling import GAMES, DealNumberError, Position
from castling.deal import parse_deal_number, shuffled_cards

from pysolfc_dealing import oracle_cards, oracle_layout

# Both generators: FreeCell's LCG below 32000, the Mersenne Twister from 32000 on.
NUMBERS = [1, 2, 617, 11982, 31999, 32000, 32001, 123456, 2**31 + 5, 10**12 + 7,
           99999999999999999999]


@pytest.mark.parametrize("decks", [1, 2, 3, 4])
@pytest.mark.parametrize("number", NUMBERS)
def test_card_order_matches_pysolfc_shuffle(number, decks):
    ours = [("A23456789TJQK"[c % 13] + "CSHD"[c // 13]) for c in shuffled_cards(number, decks)]
    assert ours == oracle_cards(number, decks)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("number", NUMBERS)
def test_layout_matches_pysolfc_dealing(game, number):
    assert Position.deal(GAMES[game], number).to_piles() == oracle_layout(game, number)


def test_chessboard_deal_1_is_the_reference_vector():
    piles = Position.deal(GAMES["chessboard"], 1).to_piles()
    assert piles["t1"] == "JD 9S JS 4D 6D 2H".split()
    assert piles["t2"] == "2D 5S AS 7S 8S 6H".split()
    assert piles["t10"] == "KC QD AC 7D 9C".split()


def test_different_numbers_give_different_deals():
    deals = {Position.deal(GAMES["chessboard"], n).key() for n in range(1, 200)}
    assert len(deals) == 199


@pytest.mark.parametrize("game", list(GAMES))
def test_every_card_is_dealt_once_per_deck(game):
    rules = GAMES[game]
    position = Position.deal(rules, 4242)
    cards = sorted(c.upper() for pile in position.to_piles().values() for c in pile)
    assert cards == sorted(c for c in oracle_cards(4242, rules.decks))


@pytest.mark.parametrize("text, number", [("1", 1), ("0042", 42), (" 7", None), ("7 ", None),
                                          ("+7", None), ("-3", None), ("0", None), ("", None),
                                          ("1e5", None), ("1_000", None), ("٣", None),
                                          ("99999999999999999999", 99999999999999999999),
                                          ("100000000000000000000", None), ("9" * 5000, None)])
def test_deal_numbers_are_plain_digits_from_1_below_10_to_the_20(text, number):
    if number is None:
        with pytest.raises(DealNumberError):
            parse_deal_number(text)
    else:
        assert parse_deal_number(text) == number


@pytest.mark.parametrize("value", [0, -1, 10**20, True, 2.0, None, [1]])
def test_non_numbers_and_out_of_range_values_are_refused(value):
    with pytest.raises(DealNumberError):
        parse_deal_number(value)


def test_new_game_numbers_are_valid_and_short():
    import random
    from castling.deal import random_deal_number
    rng = random.Random(5)
    numbers = [random_deal_number(rng) for _ in range(1000)]
    assert all(parse_deal_number(str(n)) == n and len(str(n)) <= 9 for n in numbers)
    assert len(set(numbers)) > 990
