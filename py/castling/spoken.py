"""Words for piles, cards and moves: what screen readers announce and the
keyboard player hears ("Tableau 3, 5 cards, top card 7 of hearts").

A face-down card is only ever "a face-down card": its identity never appears.
"""

from __future__ import annotations

from .cards import card_name, parse_card
from .position import Position
from .rules import GameRules

SUIT_WORDS = ("clubs", "spades", "hearts", "diamonds")


def pile_title(rules: GameRules, name: str) -> str:
    """'Tableau 3', 'Foundation hearts' ('… going down' for Chequers' second row), 'Reserve 1'."""
    kind, number = name[0], int(name[1:])
    if kind == "t":
        return f"Tableau {number}"
    if kind == "r":
        return f"Reserve {number}"
    row = rules.foundations[(number - 1) // 4]
    title = f"Foundation {SUIT_WORDS[(number - 1) % 4]}"
    if len(rules.foundations) > 1:
        title += ", going up" if row.direction == "up" else ", going down"
    return title


def card_label(code: str) -> str:
    """'7 of hearts', or 'a face-down card' (code as in positions: lower case is face down)."""
    return "a face-down card" if code.islower() else card_name(parse_card(code))


def pile_label(rules: GameRules, name: str, cards: list[str]) -> str:
    """The accessible name of a pile from its cards (bottom first)."""
    title = pile_title(rules, name)
    if not cards:
        return f"{title}, empty"
    count = "1 card" if len(cards) == 1 else f"{len(cards)} cards"
    return f"{title}, {count}, top card {card_label(cards[-1])}"


def move_words(position: Position, source: int, target: int, count: int) -> str:
    """What moving ``count`` cards from pile ``source`` to ``target`` does, said before
    the move is played ('7 of hearts from tableau 3 to foundation hearts')."""
    rules = position.rules
    names = rules.pile_names
    first = card_label(position.to_piles()[names[source]][-count])
    what = first if count == 1 else f"{count} cards from {first} up"
    return (f"{what[:1].upper()}{what[1:]} from {pile_title(rules, names[source]).lower()} "
            f"to {pile_title(rules, names[target]).lower()}")
