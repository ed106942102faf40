"""The words a game's rules are told in (rules_text.py tells them): the
catalogue keys the rules' sentences may ask for, :class:`Words` to say them
from a catalogue in any language, a :class:`Section` of a page, the start of a
deal as the layout describes it (:func:`dealt`), and the hand-written words of
each game (the keys of its introduction and tips)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import groupby
from typing import Literal, get_args

from ...cards import FACE_DOWN
from ...deal import deal_piles
from ...i18n import MissingMessage
from ...language import isolated
from ...plurals import form
from ...rules import Direction, EmptyRank, GameRules, SuitRule
from .spoken import capitalised

#: The sections, in the order a page shows them.
SectionKind = Literal["goal", "layout", "foundations", "tableau", "cells", "reserves", "stock",
                      "tips"]


@dataclass(frozen=True)
class Section:
    """One part of a game's rules: its heading and either sentences (``lines``,
    a list; the goal's one line is a paragraph) or, for the layout, terms
    with their descriptions (``facts``, a page's ``<dl>``)."""

    kind: SectionKind
    heading: str
    lines: tuple[str, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Dealt:
    """What the deal lays out, pile by pile: for the tableau and the reserves
    each pile's cards as face-up flags from the bottom, then how many cards
    each foundation, the stock and the waste hold.

    Where the deal also sends cards to the foundations (Citadel, Rittenhouse)
    these are the cards each pile is dealt before any goes home: the most it
    can hold at the start (``uneven``)."""

    tableau: tuple[tuple[bool, ...], ...]
    foundations: tuple[int, ...]
    reserves: tuple[tuple[bool, ...], ...]
    stock: int
    waste: int
    uneven: bool


@lru_cache(maxsize=None)
def dealt(rules: GameRules) -> Dealt:
    """The start of every deal of ``rules``, counted by the engine's own dealing
    (deal 1: every deal lays out the same counts once founding while dealing,
    which depends on the cards, is left out)."""
    plain = replace(rules, deal=replace(rules.deal, found_while_dealing=False),
                    founding=replace(rules.founding, forced=False, feeds=()))
    piles = dict(zip(plain.pile_names, deal_piles(plain, 1)))

    def faces(kind: Literal["t", "r"]) -> tuple[tuple[bool, ...], ...]:
        return tuple(tuple(card < FACE_DOWN for card in piles[name])
                     for name in plain.pile_names_of(kind))

    return Dealt(
        tableau=faces("t"), reserves=faces("r"),
        foundations=tuple(len(piles[name]) for name in plain.pile_names_of("f")),
        stock=sum(len(piles[name]) for name in plain.pile_names_of("s")),
        waste=sum(len(piles[name]) for name in plain.pile_names_of("w")),
        uneven=rules.deal.found_while_dealing or rules.founding.forced)


def word(choice: str) -> str:
    """A vocabulary word as it appears in a message key: "alt-colour" -> "alt_colour"."""
    return choice.replace("-", "_")


#: The keys each family of sentences is made from (message_keys lists them all).
_BUILDS = tuple(f"rules.tableau.builds.{word(d)}_{word(s)}"
                for d in get_args(Direction) for s in get_args(SuitRule))
_EMPTY_MODES: dict[EmptyRank, tuple[str, ...]] = {
    "any": ("card", "card_only", "run", "one_way", "run_of", "counted"),
    "K": ("card", "card_only", "run", "counted"),
    "Q": ("card", "card_only", "run", "counted"),
}
_FIXED_BASES = (("A", "up"), ("K", "down"), ("K", "up"), ("A", "down"))
#: The few numbers a sentence may need in words; larger ones are written in digits.
NUMBER_WORDS = range(1, 26)
#: The counts of decks a game is played with, which have words of their own
#: (``rules.number.decks.N``): the noun for a deck may take another gender than
#: the piles and cards every other count goes with (Portuguese: *um baralho*,
#: *dois baralhos*, beside *uma carta*, *duas pilhas*).
DECK_WORDS = range(1, 5)

_KEYS = frozenset({
    *(f"rules.heading.{name}" for name in ("goal", "layout", "foundations", "tableau", "stock",
                                          "tips", "cells.one", "cells.other",
                                          "reserves.one", "reserves.other")),
    "rules.term.cards", "rules.term.stock", "rules.term.waste",
    *(f"rules.number.{n}" for n in NUMBER_WORDS),
    *(f"rules.number.decks.{n}" for n in DECK_WORDS),
    "rules.list.and", "rules.list.or", "rules.sentence",
    "text.list_separator", "text.list_separator.or", "text.sentences",
    "rules.goal",
    "rules.layout.decks.one", "rules.layout.decks.other",
    "rules.layout.piles.up", "rules.layout.piles.mixed",
    *(f"rules.layout.tableau.{shape}" for shape in ("even", "two", "middle", "steps", "listed",
                                                   "plain", "faces", "faces_rounds",
                                                   "found_while_dealing", "forced")),
    "rules.layout.face.up", "rules.layout.face.down",
    "rules.layout.foundations.per_suit.one", "rules.layout.foundations.per_suit.other",
    "rules.layout.foundations.any_suit",
    "rules.layout.foundations.empty", "rules.layout.foundations.aces",
    *(f"rules.layout.{what}.{n}" for what in ("cells.empty", "cells.dealt", "reserve.holds",
                                              "reserves.dealt", "reserves.first")
      for n in ("one", "other")),
    "rules.layout.reserves.rest",
    "rules.layout.stock", "rules.layout.waste.empty", "rules.layout.waste.one",
    "rules.layout.waste.other",
    "rules.foundations.found_first",
    *(f"rules.foundations.each{which}" for which in ("", ".first", ".rest", ".next", ".last")),
    *(f"rules.foundations.build.{base}.{direction}.{builds}"
      for base, direction in _FIXED_BASES for builds in ("in_suit", "by_rank")),
    "rules.foundations.chosen.first", "rules.foundations.chosen.rest",
    *(f"rules.foundations.chosen.{d}.{w}" for d in ("up", "down") for w in ("wrap", "nowrap")),
    "rules.foundations.copies",
    "rules.foundations.feeds.own", "rules.foundations.feeds.all.one",
    "rules.foundations.feeds.all.other", "rules.foundations.feeds.some",
    "rules.foundations.feeds.tableau_only",
    "rules.foundations.forced",
    "rules.foundations.stay", "rules.foundations.back", "rules.foundations.back.not_base",
    "rules.dest.foundation", "rules.dest.tableau", "rules.dest.cell.one", "rules.dest.cell.other",
    "rules.dest.reserve.one", "rules.dest.reserve.other",
    "rules.dest.other_foundation", "rules.dest.other_foundation.any",
    "rules.from.tableau", "rules.from.waste", "rules.from.foundation", "rules.from.cell",
    "rules.from.reserve",
    *_BUILDS,
    "rules.tableau.either_way",
    *(f"rules.tableau.wrap.{word(d)}" for d in get_args(Direction)),
    "rules.tableau.nowrap.up_or_down", "rules.tableau.nowrap.down",
    "rules.tableau.nowrap.down.no_king", "rules.tableau.nowrap.up",
    "rules.tableau.nowrap.up.no_ace",
    "rules.tableau.moves.single", "rules.tableau.moves.run", "rules.tableau.moves.one_way",
    *(f"rules.tableau.moves.run_of.{word(s)}" for s in get_args(SuitRule)),
    *(f"rules.tableau.moves.mixed.{word(s)}" for s in get_args(SuitRule) if s != "any-suit"),
    "rules.tableau.moves.counted", "rules.tableau.moves.counted.cells.one",
    "rules.tableau.moves.counted.cells.other", "rules.tableau.moves.counted.to_space",
    "rules.tableau.supermove",
    *(f"rules.tableau.empty.{rank}.{mode}" for rank, modes in _EMPTY_MODES.items()
      for mode in modes),
    "rules.tableau.refill", "rules.tableau.refill.after", "rules.tableau.turn_up",
    *(f"rules.cells.{what}.{n}" for what in ("takes", "out", "runs") for n in ("one", "other")),
    *(f"rules.reserve.{what}.{n}" for what in ("takes", "out") for n in ("one", "other")),
    *(f"rules.reserves.{what}.{n}" for what in ("play", "play.single", "closed")
      for n in ("one", "other")),
    "rules.reserves.turn_up",
    "rules.stock.turn", "rules.stock.once", "rules.stock.waste",
    *(f"rules.stock.waste.{what}.{n}" for what in ("not_cells", "not_reserve")
      for n in ("one", "other")),
    "rules.sketch.title", "rules.sketch.tableau", "rules.sketch.foundations",
    "rules.sketch.cells.one", "rules.sketch.cells.other", "rules.sketch.reserves.one",
    "rules.sketch.reserves.other", "rules.sketch.stock",
})


def message_keys() -> frozenset[str]:
    """Every catalogue key the rules' words (and the layout sketch's title) can
    ask for, whatever the declaration: the catalogues must have them all."""
    return _KEYS


def hand_written_keys(rules: GameRules, messages: Mapping[str, str]) -> tuple[str, ...]:
    """The keys of a game's hand-written words in a catalogue: its introduction,
    then its tips in order (``game.ID.tip.1``, ``.2`` … as far as they go)."""
    tips: list[str] = []
    while f"game.{rules.id}.tip.{len(tips) + 1}" in messages:
        tips.append(f"game.{rules.id}.tip.{len(tips) + 1}")
    return (f"game.{rules.id}.intro", *tips)


class Words:
    """A catalogue to say things from: ``say("rules.goal", cards=52)``, and the
    number, list and sentence forms every language spells its own way."""

    def __init__(self, messages: Mapping[str, str]) -> None:
        self.messages = messages

    def __call__(self, key: str, /, **values: object) -> str:
        try:
            text = self.messages[key]
        except KeyError:
            raise MissingMessage(key) from None
        return text.format(**values) if values else text

    def form(self, count: int) -> str:
        """The plural form (a key's last part) ``count`` things take in this
        catalogue's language: "one", "other", … (castling.plurals)."""
        return form(self.messages["language.code"], count)

    def number(self, count: int) -> str:
        """A count in words ("ten", "dieci") where the catalogue has the word.
        (Every noun a count goes with is feminine in Italian, pila, carta,
        cella, fondazione, riserva, so "una" serves for one.)"""
        return self(f"rules.number.{count}") if count in NUMBER_WORDS else str(count)

    def decks(self, count: int) -> str:
        """A count of decks in words, as the language's word for a deck takes it
        (:data:`DECK_WORDS`)."""
        return self(f"rules.number.decks.{count}") if count in DECK_WORDS else str(count)

    def listing(self, items: list[str], joiner: Literal["and", "or"]) -> str:
        """"a, b and c" (or "a, b or c"); one item is itself."""
        if len(items) == 1:
            return items[0]
        return self(f"rules.list.{joiner}", items=self.listed(items[:-1], joiner), last=items[-1])

    def listed(self, items: list[str], joiner: Literal["and", "or"] = "and") -> str:
        """Items with the language's list comma between them ("a, b", "a、b"); in
        a list of choices, its own (Arabic repeats "or": "أ أو ب أو ج")."""
        separator = self("text.list_separator.or") if joiner == "or" else self("text.list_separator")
        return separator.join(items)

    def isolated(self, text: str) -> str:
        """Left-to-right ``text`` (a row of corner letters) set apart in a
        language written right to left (castling.language.isolated)."""
        return isolated(text, self.messages["language.code"])

    def sentences(self, first: str, second: str) -> str:
        """Two sentences one after the other, as the language writes them (a
        space between them, or none)."""
        return self("text.sentences", first=first, second=second)

    def sentence(self, clause: str) -> str:
        """A clause made a sentence: a capital, and the language's full stop."""
        return self("rules.sentence", clause=capitalised(clause))


def ranges(numbers: list[int]) -> list[str]:
    """[1, 2, 3, 4, 6, 7, 8, 9] -> ["1–4", "6–9"]."""
    spans: list[str] = []
    for _, run in groupby(enumerate(numbers), key=lambda pair: pair[1] - pair[0]):
        values = [value for _, value in run]
        spans.append(str(values[0]) if len(values) == 1 else f"{values[0]}–{values[-1]}")
    return spans
