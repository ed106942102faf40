"""Cards as small integers, and their one text form.

A card is ``suit * 13 + rank`` with rank 0..12 for A..K and suit 0..3 for
clubs, spades, hearts, diamonds (docs/rules.md §1).  Two-deck games use the same
52 values twice: the two copies of a card are interchangeable, so the engine
never tells them apart.  A face-down card carries the extra bit ``FACE_DOWN``;
its text form is the lower-case code (``td``).
"""

from __future__ import annotations

from .errors import NotationError

RANKS = "A23456789TJQK"
SUITS = "CSHD"
FACE_DOWN = 64
CARDS_PER_DECK = 52

ACE, QUEEN, KING = 0, 11, 12


def make_card(rank: int, suit: int) -> int:
    """The face-up card of this rank (0=A .. 12=K) and suit (0=C .. 3=D)."""
    return suit * 13 + rank


def rank_of(card: int) -> int:
    """Rank 0..12 of a card, face up or down."""
    return (card & ~FACE_DOWN) % 13


def suit_of(card: int) -> int:
    """Suit 0..3 (C, S, H, D) of a card, face up or down."""
    return (card & ~FACE_DOWN) // 13


def is_red(card: int) -> bool:
    """Hearts and diamonds are red; clubs and spades black."""
    return suit_of(card) >= 2


def rank_label(rank: int) -> str:
    """How a rank (0=A .. 12=K) is shown to players: its letter, but "10" for the ten."""
    # "T" keeps every card code two characters long; on a card face players read 10.
    return RANKS[rank].replace("T", "10")


def card_text(card: int) -> str:
    """``TD`` for a face-up ten of diamonds, ``td`` when it lies face down."""
    face = card & ~FACE_DOWN
    text = RANKS[face % 13] + SUITS[face // 13]
    return text.lower() if card >= FACE_DOWN else text


def parse_card(text: str) -> int:
    """Inverse of :func:`card_text`; lower case means face down."""
    if not isinstance(text, str) or len(text) != 2:
        raise NotationError(f"not a card: {text!r} (expected rank then suit, like 'TD')")
    upper = text.upper()
    if text not in (upper, text.lower()) or upper[0] not in RANKS or upper[1] not in SUITS:
        raise NotationError(f"not a card: {text!r} (ranks {RANKS}, suits {SUITS})")
    card = make_card(RANKS.index(upper[0]), SUITS.index(upper[1]))
    return card if text == upper else card | FACE_DOWN


def full_deck(decks: int = 1) -> list[int]:
    """Every card in PySolFC's creation order: per deck, suits C S H D, ranks A..K."""
    return [card for _ in range(decks) for card in range(CARDS_PER_DECK)]
