"""Deals by number, card for card the same as PySolFC's (docs/rules.md §2).

Deal numbers below 32000 use Microsoft's FreeCell generator; larger ones the
Mersenne Twister seeded like CPython's ``random.Random(N)``.  Only
``Random.random()`` is stable across Python versions, so the shuffle loop and
``randint`` are written out here rather than taken from :mod:`random`.
"""

from __future__ import annotations

import random
import re

from .cards import ACE, FACE_DOWN, full_deck, rank_of, suit_of
from .errors import DealNumberError
from .movegen import tables_for
from .rules import GameRules

MAX_DEAL = 10**20          # exclusive
LCG_LIMIT = 32000          # numbers below this use the FreeCell generator
_DIGITS = re.compile(r"[0-9]+")


def parse_deal_number(text: object) -> int:
    """A deal number from text or int, or :class:`DealNumberError` saying why not."""
    if isinstance(text, bool):
        raise DealNumberError("a deal number must be a whole number, not true/false")
    if isinstance(text, int):
        number = text
    elif isinstance(text, str) and _DIGITS.fullmatch(text):
        # Compare lengths first: int() of a huge digit string is slow or refused.
        if len(text.lstrip("0")) > 20:
            raise DealNumberError(f"deal number {text[:24]}... is too large (limit 10^20 - 1)")
        number = int(text)
    else:
        shown = str(text)[:24] + ("..." if len(str(text)) > 24 else "")
        raise DealNumberError(f"deal number {shown!r} is not a whole number from 1 to 10^20 - 1")
    if number < 1:
        raise DealNumberError(f"deal number {number} is too small (deals start at 1)")
    if number >= MAX_DEAL:
        raise DealNumberError(f"deal number {number} is too large (limit 10^20 - 1)")
    return number


def random_deal_number(rng: random.Random | None = None) -> int:
    """A deal number for "new game": random, and short enough to read out (<= 9 digits)."""
    return (rng or random).randint(1, 999_999_999)


class _FreeCellRandom:
    """Microsoft's FreeCell linear congruential generator, as PySolFC uses it."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def randint(self, low: int, high: int) -> int:
        self.state = (self.state * 214013 + 2531011) & 0x7FFFFFFF
        return low + ((self.state >> 16) & 0x7FFF) % (high + 1 - low)


class _TwisterRandom:
    """MT19937 seeded like ``random.Random(N)``, with PySolFC's randint."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def randint(self, low: int, high: int) -> int:
        return low + int(self._random() * (high + 1 - low))


def shuffled_cards(number: int, decks: int = 1) -> list[int]:
    """The card list after PySolFC's shuffle; the last item is dealt first."""
    cards = full_deck(decks)
    rng: _FreeCellRandom | _TwisterRandom
    if number < LCG_LIMIT:
        rng = _FreeCellRandom(number)
        if len(cards) == 52:
            # FreeCell's own card order, so that deal N matches Microsoft's.
            cards = [cards[i + k] for i in range(13) for k in (0, 39, 26, 13)]
    else:
        rng = _TwisterRandom(number)
    for n in range(len(cards) - 1, 0, -1):
        j = rng.randint(0, n)
        cards[n], cards[j] = cards[j], cards[n]
    return cards


def _deal_founding(cards: list[int], tableau: list[list[int]],
                   by_suit: list[list[list[int]]]) -> None:
    """Face-up rounds over the tableau in which each card that a foundation
    takes goes there instead, its pile getting nothing that turn (PySolFC's
    Citadel). The foundations build up in suit from the Ace, already there."""
    while cards:
        for pile in tableau:
            card = cards.pop()
            home = next((foundation for foundation in by_suit[suit_of(card)]
                         if foundation and rank_of(foundation[-1]) + 1 == rank_of(card)), pile)
            home.append(card)
            if not cards:
                break


def deal_piles(rules: GameRules, number: int) -> list[list[int]]:
    """The starting piles of deal ``number``, in ``rules.pile_names`` order."""
    number = parse_deal_number(number)
    cards = shuffled_cards(number, rules.decks)
    n_tableau = rules.tableau.piles
    tableau: list[list[int]] = [[] for _ in range(n_tableau)]
    foundations: list[list[int]] = [[] for _ in range(rules.pile_count("f"))]
    reserves: list[list[int]] = [[] for _ in range(rules.reserves.count)]
    stock_and_waste: list[list[int]] = [[] for _ in range(rules.pile_count("s")
                                                           + rules.pile_count("w"))]
    plan = rules.deal
    #: the foundation piles of each suit (two or more in several-deck games)
    by_suit = [[pile for k, pile in enumerate(foundations) if rules.foundation(k)[0] == suit]
               for suit in range(4)]

    if plan.aces_to_foundations:
        # PySolFC moves the Aces to the top of the talon and deals them first,
        # to the foundations (one each, in its suit); the other cards keep their order.
        for card in cards:
            if rank_of(card) == ACE:
                next(pile for pile in by_suit[suit_of(card)] if not pile).append(card)
        cards = [card for card in cards if rank_of(card) != ACE]

    if plan.found_while_dealing:
        _deal_founding(cards, tableau, by_suit)
        return tableau + foundations + reserves
    # Castle of Indolence: the reserves first, a round at a time.
    for _ in range(plan.reserve_rounds):
        for pile in reserves:
            pile.append(cards.pop())

    # Rounds over given piles (Somerset's triangle, Canister's short last round).
    for first, last in plan.rounds:
        for pile in tableau[first - 1:last]:
            pile.append(cards.pop())

    # Otherwise, rounds over every pile take every card the reserves do not,
    # and the last round stops short when those run out.
    for_tableau = len(cards) - (rules.reserves.count if plan.reserve == "one-each" else 0)
    faces = plan.tableau_faces or (True,) * -(-for_tableau // n_tableau)
    for face_up in faces:
        for pile in tableau:
            if for_tableau:
                pile.append(cards.pop() if face_up else cards.pop() | FACE_DOWN)
                for_tableau -= 1
        if rules.founding.forced:
            # Rittenhouse: between rounds every card that must go home does.
            tables_for(rules).found_forced(tableau + foundations)

    if plan.reserve == "one-each":
        for pile in reserves:
            pile.append(cards.pop())
    elif plan.reserve == "rest":
        # The list's order is bottom to top; only the top card shows.
        reserves[0] = [card | FACE_DOWN for card in cards[:-1]] + cards[-1:]
        cards = []
    if rules.stock is not None:
        # The stock is face down, the next card to deal on top; some are turned over.
        stock, waste = stock_and_waste
        stock.extend(card | FACE_DOWN for card in cards)
        cards = []
        for _ in range(rules.stock.to_waste):
            waste.append(stock.pop() - FACE_DOWN)
    assert not cards, f"{rules.id}: {len(cards)} cards left undealt"
    return tableau + foundations + reserves + stock_and_waste
