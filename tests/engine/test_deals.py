"""Deal numbers are PySolFC's (docs/rules.md §2).

The card order is checked against the ``pysol-cards`` package, an independent
implementation of PySolFC's shuffle; the layout against a small model of
PySolFC's own dealing (its talon deals from the end, one card per pile per
round), written here apart from the engine's.
"""

import pytest
from pysol_cards.cards import createCards, ms_rearrange
from pysol_cards.random import LCRandom31, MTRandom

from castling import GAMES, DealNumberError, Position
from castling.deal import parse_deal_number, shuffled_cards

# Both generators: FreeCell's LCG below 32000, the Mersenne Twister from 32000 on.
NUMBERS = [1, 2, 617, 11982, 31999, 32000, 32001, 123456, 2**31 + 5, 10**12 + 7,
           99999999999999999999]


def oracle_cards(number: int, decks: int) -> list[str]:
    """PySolFC's shuffled card list, as codes, from pysol-cards."""
    cards = createCards(decks)
    # docs/rules.md §2 draws the line below 32000 (pysol-cards' own helper puts
    # 32000 itself on the LCG side), so pick the generator here.
    if number < 32000:
        rng = LCRandom31()
        rng.setSeed(number)
        cards = ms_rearrange(cards) if decks == 1 else cards
    else:
        rng = MTRandom()
        rng.setSeed(number)
    rng.shuffle(cards)
    return ["A23456789TJQK"[c.rank - 1] + "CSHD"[c.suit] for c in cards]


def oracle_layout(game: str, number: int) -> dict[str, list[str]]:
    """The starting piles as PySolFC's startGame for each game deals them."""
    rules = GAMES[game]
    talon = oracle_cards(number, rules.decks)
    piles = {name: [] for name in rules.pile_names}
    rows = [f"t{i}" for i in range(1, rules.tableau.piles + 1)]

    def deal_row(names, face_up=True):
        for name in names:
            if talon:
                card = talon.pop()
                piles[name].append(card if face_up else card.lower())

    def aces_out():
        # _shuffleHookMoveToTop/ToBottom: the Aces leave the talon, the rest keep
        # their order. One deck: f1..f4 are clubs, spades, hearts, diamonds;
        # Lightweight and its kin create them suit by suit, `decks` per suit.
        for ace in sorted((c for c in talon if c[0] == "A"), key=lambda c: "CSHD".index(c[1])):
            talon.remove(ace)
            first = "CSHD".index(ace[1]) * rules.decks
            home = next(f"f{first + k + 1}" for k in range(rules.decks) if not piles[f"f{first + k + 1}"])
            piles[home].append(ace)

    if game == "martha":
        aces_out()
        for face_up in (False, True, False, True):
            deal_row(rows, face_up)
    elif game in ("somerset", "morehead"):
        # Somerset.startGame: dealRow(rows[i:]) for i in 0..5, then rows[6:], rows[7:].
        for first in range(8):
            deal_row(rows[first:])
    elif game in ("canister", "american-canister", "british-canister"):
        # AmericanCanister.startGame: six rounds, then one more to rows[2:6].
        for _ in range(6):
            deal_row(rows)
        deal_row(rows[2:6])
    elif game == "bastion":
        for _ in range(5):
            deal_row(rows)
        deal_row(["r1", "r2"])
    elif game in ("beleaguered-castle", "siegecraft"):
        aces_out()
        for _ in range(6):
            deal_row(rows)
    elif game in ("lightweight", "castle-mount", "palace"):
        # Lightweight.startGame: the Aces to the foundations, then full rounds
        # and a last short one (Palace: twelve piles of 11, six of 10).
        aces_out()
        while talon:
            deal_row(rows)
    elif game in ("citadel", "exiled-kings"):
        # Citadel.startGame: round after round, a card a foundation takes goes
        # there and its pile waits for the next round.
        aces_out()
        while talon:
            for row in rows:
                card = talon.pop()
                home = piles["f" + str("CSHD".index(card[1]) + 1)]
                if "A23456789TJQK".index(card[0]) == "A23456789TJQK".index(home[-1][0]) + 1:
                    home.append(card)
                else:
                    piles[row].append(card)
                if not talon:
                    break
    elif game == "chequers":
        for _ in range(4):
            deal_row(rows)
        piles["r1"] = [c.lower() for c in talon[:-1]] + talon[-1:]
    elif game == "castles-end":
        for _ in range(5):
            deal_row(rows)
        deal_row(["r1", "r2"])
    elif game in ("zerline", "zerline-3-decks", "soother"):
        # _startDealNumRowsAndDealRowAndCards(4): four rounds, one more, then
        # the talon (face down, next card on top) turns one card to the waste.
        for _ in range(5):
            deal_row(rows)
        piles["s1"] = [c.lower() for c in talon]
        piles["w1"] = [piles["s1"].pop().upper()]
    elif game == "castle-of-indolence":
        # 13 rounds over the four reserves, then four rounds, two more, and a
        # last short one over the rows.
        for _ in range(13):
            deal_row(["r1", "r2", "r3", "r4"])
        while talon:
            deal_row(rows)
    elif game == "rittenhouse":
        # dealRowAvail then fillAll, until the talon is empty; _fillOne takes the
        # first row (t1 on) whose top card the first foundation (f1 on) accepts.
        ranks = "A23456789TJQK"

        def accepts(row, foundation):
            card, pile = piles[row][-1], piles[foundation]
            f, r = int(foundation[1:]), int(row[1:])
            if (r < 5 and f != r) or (r > 5 and f != r - 1):
                return False
            up = f <= 4
            if not pile:
                return card[0] == ("A" if up else "K")
            return len(pile) < 13 and ranks.index(card[0]) == ranks.index(pile[-1][0]) + (1 if up else -1)

        while talon:
            deal_row(rows)
            moved = True
            while moved:
                moved = False
                for row in rows:
                    home = next((f"f{k}" for k in range(1, 9)
                                 if piles[row] and accepts(row, f"f{k}")), None)
                    if home:
                        piles[home].append(piles[row].pop())
                        moved = True
                        break
    else:
        while talon:
            deal_row(rows)
    return piles


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
