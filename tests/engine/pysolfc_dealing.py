"""PySolFC's shuffle and dealing, modelled apart from the engine, for the deal
tests (docs/rules.md §2).

The card order comes from the ``pysol-cards`` package, an independent
implementation of PySolFC's shuffle; the layout from a small model of each
game's ``startGame`` in PySolFC (its talon deals from the end, one card per
pile per round), written here apart from the engine's. Every game names its
model in :data:`MODELS`: a new game needs a line there (most deal round after
round over the tableau, :func:`rounds`), and the completeness test says so.
"""

from __future__ import annotations

from typing import Callable

from pysol_cards.cards import createCards, ms_rearrange
from pysol_cards.random import LCRandom31, MTRandom

from castling import GAMES

RANKS = "A23456789TJQK"


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
    return [RANKS[c.rank - 1] + "CSHD"[c.suit] for c in cards]


class Table:
    """The talon and the piles while a model deals."""

    def __init__(self, game: str, number: int) -> None:
        self.rules = GAMES[game]
        self.talon = oracle_cards(number, self.rules.decks)
        self.piles: dict[str, list[str]] = {name: [] for name in self.rules.pile_names}
        self.rows = [f"t{i}" for i in range(1, self.rules.tableau.piles + 1)]

    def deal_row(self, names, face_up: bool = True) -> None:
        for name in names:
            if self.talon:
                card = self.talon.pop()
                self.piles[name].append(card if face_up else card.lower())

    def aces_out(self) -> None:
        # _shuffleHookMoveToTop/ToBottom: the Aces leave the talon, the rest keep
        # their order. One deck: f1..f4 are clubs, spades, hearts, diamonds;
        # Lightweight and its kin create them suit by suit, `decks` per suit.
        decks = self.rules.decks
        for ace in sorted((c for c in self.talon if c[0] == "A"), key=lambda c: "CSHD".index(c[1])):
            self.talon.remove(ace)
            first = "CSHD".index(ace[1]) * decks
            home = next(f"f{first + k + 1}" for k in range(decks)
                        if not self.piles[f"f{first + k + 1}"])
            self.piles[home].append(ace)


def rounds(table: Table) -> None:
    """Round after round over the tableau until the talon is empty."""
    while table.talon:
        table.deal_row(table.rows)


def martha(table: Table) -> None:
    table.aces_out()
    for face_up in (False, True, False, True):
        table.deal_row(table.rows, face_up)


def somerset(table: Table) -> None:
    # Somerset.startGame: dealRow(rows[i:]) for i in 0..5, then rows[6:], rows[7:].
    for first in range(8):
        table.deal_row(table.rows[first:])


def canister(table: Table) -> None:
    # AmericanCanister.startGame: six rounds, then one more to rows[2:6].
    for _ in range(6):
        table.deal_row(table.rows)
    table.deal_row(table.rows[2:6])


def five_rounds_then_two_reserves(table: Table) -> None:
    # Bastion and Castle's End: five rounds, then one card to each reserve.
    for _ in range(5):
        table.deal_row(table.rows)
    table.deal_row(["r1", "r2"])


def aces_out_then_six_rounds(table: Table) -> None:
    table.aces_out()
    for _ in range(6):
        table.deal_row(table.rows)


def aces_out_then_rounds(table: Table) -> None:
    # Lightweight.startGame: the Aces to the foundations, then full rounds
    # and a last short one (Palace: twelve piles of 11, six of 10).
    table.aces_out()
    rounds(table)


def citadel(table: Table) -> None:
    # Citadel.startGame: round after round, a card a foundation takes goes
    # there and its pile waits for the next round.
    table.aces_out()
    while table.talon:
        for row in table.rows:
            card = table.talon.pop()
            home = table.piles["f" + str("CSHD".index(card[1]) + 1)]
            if RANKS.index(card[0]) == RANKS.index(home[-1][0]) + 1:
                home.append(card)
            else:
                table.piles[row].append(card)
            if not table.talon:
                break


def chequers(table: Table) -> None:
    for _ in range(4):
        table.deal_row(table.rows)
    table.piles["r1"] = [c.lower() for c in table.talon[:-1]] + table.talon[-1:]


def stock_after_five_rounds(table: Table) -> None:
    # _startDealNumRowsAndDealRowAndCards(4): four rounds, one more, then
    # the talon (face down, next card on top) turns one card to the waste.
    for _ in range(5):
        table.deal_row(table.rows)
    table.piles["s1"] = [c.lower() for c in table.talon]
    table.piles["w1"] = [table.piles["s1"].pop().upper()]


def castle_of_indolence(table: Table) -> None:
    # 13 rounds over the four reserves, then four rounds, two more, and a
    # last short one over the rows.
    for _ in range(13):
        table.deal_row(["r1", "r2", "r3", "r4"])
    rounds(table)


def rittenhouse(table: Table) -> None:
    # dealRowAvail then fillAll, until the talon is empty; _fillOne takes the
    # first row (t1 on) whose top card the first foundation (f1 on) accepts.
    piles = table.piles

    def accepts(row: str, foundation: str) -> bool:
        card, pile = piles[row][-1], piles[foundation]
        f, r = int(foundation[1:]), int(row[1:])
        if (r < 5 and f != r) or (r > 5 and f != r - 1):
            return False
        up = f <= 4
        if not pile:
            return card[0] == ("A" if up else "K")
        return len(pile) < 13 and RANKS.index(card[0]) == RANKS.index(pile[-1][0]) + (1 if up else -1)

    while table.talon:
        table.deal_row(table.rows)
        moved = True
        while moved:
            moved = False
            for row in table.rows:
                home = next((f"f{k}" for k in range(1, 9)
                             if piles[row] and accepts(row, f"f{k}")), None)
                if home:
                    piles[home].append(piles[row].pop())
                    moved = True
                    break


#: How PySolFC deals each game: one line a game.
MODELS: dict[str, Callable[[Table], None]] = {
    "chessboard": rounds, "morphy": rounds, "chequers": chequers, "martha": martha,
    "fortress": rounds, "lasker": rounds, "selective-castle": rounds,
    "castles-end": five_rounds_then_two_reserves,
    "bastion": five_rounds_then_two_reserves, "ten-by-one": rounds,
    "streets-and-alleys": rounds, "beleaguered-castle": aces_out_then_six_rounds,
    "citadel": citadel, "exiled-kings": citadel, "penelopes-web": rounds,
    "stronghold": rounds, "private-lane": rounds, "siegecraft": aces_out_then_six_rounds,
    "somerset": somerset, "morehead": somerset, "canister": canister,
    "american-canister": canister, "british-canister": canister,
    "lightweight": aces_out_then_rounds, "castle-mount": aces_out_then_rounds,
    "palace": aces_out_then_rounds, "castle-of-indolence": castle_of_indolence,
    "rittenhouse": rittenhouse, "zerline": stock_after_five_rounds,
    "zerline-3-decks": stock_after_five_rounds, "soother": stock_after_five_rounds,
}


def oracle_layout(game: str, number: int) -> dict[str, list[str]]:
    """The starting piles as PySolFC's startGame for ``game`` deals them."""
    table = Table(game, number)
    MODELS[game](table)
    return table.piles
