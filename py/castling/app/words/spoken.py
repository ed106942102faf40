"""Words for piles, cards and moves: what screen readers announce and the
keyboard player hears ("Tableau 3, 5 cards, top card 7 of hearts"), in the
current language (castling.i18n).

A face-down card is only ever "a face-down card": its identity never appears.
"""

from __future__ import annotations

from ...cards import RANKS, SUITS, parse_card, rank_of, suit_of
from ...i18n import mid_sentence, plural, t
from ...language import isolated
from ...position import Position
from ...rules import GameRules, parse_pile_name


def pile_title(rules: GameRules, name: str) -> str:
    """'Tableau 3', 'Foundation hearts' ('… going down' for Chequers' second row;
    'Foundation 5, going down' where foundations take any suit), 'Reserve 1',
    'Free cell 1' where the reserves are one-card free cells, 'Stock', 'Waste'."""
    kind, number = parse_pile_name(name)
    if kind == "r" and rules.reserves.free_cells:
        return t("pile.cell", number=number)
    if kind != "f":
        return t(f"pile.{kind}", number=number)
    suit_index, row = rules.foundation(number - 1)
    if row.builds == "by-rank":
        return t(f"pile.f.rank.{row.direction}", number=number)
    suit = t(f"card.suit.{SUITS[suit_index]}")
    if all(other == row for other in rules.foundations):
        return t("pile.f", suit=suit)
    return t("pile.f.up" if row.direction == "up" else "pile.f.down", suit=suit)


def card_name(card: int) -> str:
    """Words for a face-up card, e.g. 'Queen of hearts'."""
    return t("card.name", rank=t(f"card.rank.{RANKS[rank_of(card)]}"),
             suit=t(f"card.suit.{SUITS[suit_of(card)]}"))


def card_label(code: str) -> str:
    """'7 of hearts', or 'a face-down card' (code as in positions: lower case is face down)."""
    return t("card.face_down") if code.islower() else card_name(parse_card(code))


def pile_label(rules: GameRules, name: str, cards: list[str]) -> str:
    """The accessible name of a pile from its cards (bottom first)."""
    title = pile_title(rules, name)
    if not cards:
        return t("pile.empty", pile=title)
    return plural("pile", len(cards), pile=title, card=card_label(cards[-1]))


def capitalised(text: str) -> str:
    """The text with its first letter a capital (the rest as it is)."""
    return text[:1].upper() + text[1:]


def move_words(position: Position, source: int, target: int, count: int) -> str:
    """What moving ``count`` cards from pile ``source`` to ``target`` does, said before
    the move is played ('7 of hearts from tableau 3 to foundation hearts')."""
    rules = position.rules
    names = rules.pile_names
    card = card_label(position.to_piles()[names[source]][-count])
    places = {"source": mid_sentence(pile_title(rules, names[source])),
              "target": mid_sentence(pile_title(rules, names[target]))}
    if count == 1:
        return capitalised(t("move.one", card=card, **places))
    return capitalised(t("move.run", count=count, card=card, **places))


def turn_words(position: Position) -> str:
    """What turning the stock over showed, said once the card is face up
    ('From the stock: 7 of hearts'); before the move it is not known."""
    waste = position.tables.waste
    assert waste is not None    # only a game with a stock turns cards over
    return t("move.turn", card=card_name(position.piles[waste][-1]))


#: the suits' signs, as printed in a card's corner
SUIT_SIGNS = {"C": "\u2663", "S": "\u2660", "H": "\u2665", "D": "\u2666"}


def card_sign(code: str) -> str:
    """A face-up card as its corner reads: '5\u2660', '10\u2665', 'K\u2663'."""
    card = parse_card(code)
    rank = RANKS[rank_of(card)]
    return ("10" if rank == "T" else rank) + SUIT_SIGNS[SUITS[suit_of(card)]]


def hint_words(position: Position, source: int, target: int, count: int) -> str:
    """A hint in a player's words, no pile notation: 'Move the 5\u2660 onto the
    6\u2660', '… to an empty pile', '… to its foundation', '… to a free cell';
    several cards: 'Move the 3 cards from the 5\u2660 …'; from the stock, whose
    card is face down and must not be named: 'Turn over the next card of the stock'."""
    return said_by_cards(position, source, target, count, "hint.turn", "hint.move", "hint.run")


def said_by_cards(position: Position, source: int, target: int, count: int,
                  turn: str, one: str, run: str) -> str:
    """A move said by its cards and where they go, in the messages ``turn``
    (from the stock: its card is face down, never named), ``one`` (a card) or
    ``run`` (several): a hint's sentence, a review's short line."""
    if source == position.tables.stock:
        return t(turn)
    where = where_said(position, target)
    card = isolated(card_sign(position.to_piles()[position.rules.pile_names[source]][-count]))
    if count == 1:
        return t(one, card=card, target=where)
    return t(run, count=count, card=card, target=where)


def where_said(position: Position, target: int) -> str:
    """Where a move from ``position`` puts its cards, by what is there: 'onto the
    6♠', 'to an empty pile', 'to its foundation', 'to a free cell'."""
    rules = position.rules
    name = rules.pile_names[target]
    kind = parse_pile_name(name)[0]
    onto = position.to_piles()[name]
    if kind == "f":
        return t("hint.to.foundation") if onto else t("hint.to.foundation.empty")
    if kind == "r":
        return t("hint.to.cell") if rules.reserves.free_cells else t("hint.to.reserve")
    if onto and not onto[-1].islower():
        return t("hint.to.card", card=isolated(card_sign(onto[-1])))
    return t("hint.to.empty")
