"""A game's rules in words, made from its declaration (castling.app.words.rules_text).

Every game's rules read in every language with nothing left unfilled, and say
the facts of the declaration (how many piles and cards, where foundations
start, how cards pack, what fills a space), each looked up here from the
declaration and the catalogue, not written out. The words cover the whole
vocabulary: a set of variations on the games asks for every key the module
lists, and for none it does not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import pytest

from castling.cards import rank_label
from castling.deal import deal_piles
from castling.games import GAMES
from castling.i18n import LANGUAGES, MissingMessage, catalogue
from castling.plurals import FORMS, forms
from castling.app.words.rules_text import intro, rules_sections, tips
from castling.app.words.rules_words import (NUMBER_WORDS, Section, Words, dealt, hand_written_keys,
                                            message_keys)
from castling.app.table.table_sketch import sketch_title
from castling.rules import Build, Cells, Deal, FoundationRow, GameRules, Reserves, Stock, Tableau

CASES = [(game, language) for game in GAMES for language in LANGUAGES]


def text_of(sections: tuple[Section, ...], kind: str | None = None) -> str:
    return " ".join(" ".join(s.lines) + " " + " ".join(f"{t} {d}" for t, d in s.facts)
                    for s in sections if kind is None or s.kind == kind)


def section(sections: tuple[Section, ...], kind: str) -> Section:
    return next(s for s in sections if s.kind == kind)


@pytest.mark.parametrize("game, language", CASES)
def test_every_game_reads_in_every_language_with_nothing_left_to_fill(game, language):
    rules, messages = GAMES[game], catalogue(language)
    sections = rules_sections(rules, messages)
    assert [s.kind for s in sections][:4] == ["goal", "layout", "foundations", "tableau"]
    assert all(s.heading and (s.lines or s.facts) for s in sections)
    words = [intro(rules, messages), *tips(rules, messages).lines,
             *(text for s in sections for text in (s.heading, *s.lines, *sum(s.facts, ())))]
    for text in words:
        assert text.strip() and not re.search(r"[{}]|__", text), text
        assert "  " not in text and not text.endswith(" "), text
    full_stop = messages["rules.sentence"].format(clause="")
    for s in sections:
        for line in [*s.lines, *(d for _, d in s.facts)]:
            assert starts_a_sentence(line), line                       # a sentence each
            assert line.endswith(full_stop), line


def starts_a_sentence(line: str) -> bool:
    """A capital or a digit first, or a letter of a script without capitals (Chinese)."""
    first = line[0]
    return first.isupper() or first.isdigit() or first.isalpha() and first.lower() == first.upper()


@pytest.mark.parametrize("game, language", CASES)
def test_the_layout_says_the_deal(game, language):
    """Pile counts and cards dealt, from the declaration and the engine's own deal."""
    rules, messages = GAMES[game], catalogue(language)
    say = Words(messages)
    sections = rules_sections(rules, messages)
    facts = dict(section(sections, "layout").facts)
    tableau = facts[messages["rules.heading.tableau"]].lower()
    assert say.number(rules.tableau.piles) in tableau
    counts = {len(pile) for pile in dealt(rules).tableau}
    shown = {max(counts)} if dealt(rules).uneven else {min(counts), max(counts)}
    for count in shown:
        assert say.number(count) in tableau or str(count) in tableau, count
    assert str(rules.card_count) in facts[messages["rules.term.cards"]]
    foundations = facts[messages["rules.heading.foundations"]].lower()
    assert say.number(rules.pile_count("f")) in foundations
    if rules.deal.aces_to_foundations:
        assert messages["card.rank.A"] in facts[messages["rules.heading.foundations"]]
    if rules.reserves.count:
        assert say.number(rules.reserves.count) in text_of(sections, "layout").lower()
    if rules.stock:
        left = rules.card_count - sum(map(len, dealt(rules).tableau)) - dealt(rules).waste
        assert str(left) in facts[messages["rules.term.stock"]]
    assert str(rules.card_count) in section(sections, "goal").lines[0]


@pytest.mark.parametrize("game, language", CASES)
def test_the_foundations_say_where_they_start_and_whether_cards_come_back(game, language):
    rules, messages = GAMES[game], catalogue(language)
    foundations = section(rules_sections(rules, messages), "foundations").lines
    text = " ".join(foundations)
    for row in rules.foundations:
        if row.base == "chosen":
            assert messages["rules.foundations.chosen.rest"] in foundations
            # (the ranks from a base of 9, with the language's list comma)
            assert messages["text.list_separator"].join(rank_label((8 + i) % 13) for i in range(7)) in text
        else:
            assert messages[f"card.rank.{row.base}"] in text
    if rules.take_back:
        assert "{where}" in messages["rules.foundations.back"]
        assert messages["rules.dest.tableau"] in text
    else:
        assert messages["rules.foundations.stay"] in foundations
    assert (messages["rules.foundations.found_first"] in foundations) == rules.founding.first
    assert (messages["rules.foundations.forced"] in foundations) == rules.founding.forced
    if rules.founding.feeds:          # every pile is named in a sentence about what it feeds
        starts = tuple(messages[key].split("{")[0]
                       for key in (f"rules.foundations.feeds.{kind}"
                                   for kind in ("own", "all.one", "all.other", "some"))
                       if key in messages)
        named: set[int] = set()
        for line in foundations:
            if line.startswith(starts):
                spans = re.findall(r"(\d+)(?:–(\d+))?", line.split(":")[0])
                named |= {n for a, b in spans for n in range(int(a), int(b or a) + 1)}
        assert named >= set(range(1, rules.tableau.piles + 1))


@pytest.mark.parametrize("game, language", CASES)
def test_the_tableau_says_how_cards_pack_and_what_fills_a_space(game, language):
    rules, messages = GAMES[game], catalogue(language)
    lines = section(rules_sections(rules, messages), "tableau").lines
    build = rules.tableau.build
    key = f"rules.tableau.builds.{build.direction}_{build.suits}".replace("-", "_")
    assert lines[0] == messages[key]
    wrap = "wrap" if build.wrap else "nowrap"
    said = re.split("[:：]", messages[f"rules.tableau.{wrap}.{build.direction.replace('-', '_')}"])[0]
    assert any(line.startswith(said) for line in lines)
    single = messages["rules.tableau.moves.single"] in lines
    assert single == (rules.tableau.moves == "single")
    empty = lines[-2] if messages["rules.tableau.turn_up"] in lines else lines[-1]
    rank = {"K": "card.rank.K", "Q": "card.rank.Q"}.get(rules.tableau.empty_rank)
    if rank:
        assert messages[rank] in empty
    if rules.reserves.fill_spaces:
        assert messages["rules.tableau.refill"] in lines
    if rules.tableau.supermove:
        assert messages["rules.tableau.supermove"] in lines


@pytest.mark.parametrize("game, language", CASES)
def test_cells_reserves_and_stock_have_their_sections(game, language):
    rules, messages = GAMES[game], catalogue(language)
    say = Words(messages)
    sections = rules_sections(rules, messages)
    kinds = [s.kind for s in sections]
    free_cells = rules.reserves.cells is not None and rules.reserves.cells.holds == 1
    assert ("cells" in kinds) == (rules.reserves.count > 0 and free_cells)
    assert ("reserves" in kinds) == (rules.reserves.count > 0 and not free_cells)
    assert ("stock" in kinds) == (rules.stock is not None)
    cells = rules.reserves.cells
    if cells is not None and cells.holds > 1:
        assert say.number(cells.holds) in text_of(sections, "reserves")
    if rules.stock and cells is not None and cells.take_from == "tableau":
        not_reserve = f"rules.stock.waste.not_reserve.{say.form(rules.reserves.count)}"
        assert messages[not_reserve].split("{where}")[1] in text_of(sections, "stock")


@pytest.mark.parametrize("game", GAMES)
def test_the_counts_are_the_engines_deal(game):
    """What the words count is what the engine deals (at most that, where the deal
    sends cards home)."""
    rules = GAMES[game]
    start = dealt(rules)
    for number in (1, 2, 31999, 123456789):
        piles = dict(zip(rules.pile_names, deal_piles(rules, number)))
        lengths = [len(piles[name]) for name in rules.pile_names_of("t")]
        expected = [len(pile) for pile in start.tableau]
        if start.uneven:
            assert all(got <= most for got, most in zip(lengths, expected))
        else:
            assert lengths == expected
        assert [len(piles[name]) for name in rules.pile_names_of("r")] == \
            [len(pile) for pile in start.reserves]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_game_has_an_introduction_and_tips_by_hand(language):
    messages = catalogue(language)
    for rules in GAMES.values():
        keys = hand_written_keys(rules, messages)
        assert len(keys) >= 2, f"{rules.id}: no tips in {language}"
        assert keys == hand_written_keys(rules, catalogue("en")), rules.id


def test_a_missing_key_is_named():
    messages = dict(catalogue("en"))
    del messages["rules.goal"]
    with pytest.raises(MissingMessage, match="rules.goal"):
        rules_sections(GAMES["fortress"], messages)


def test_a_foundation_that_can_hold_one_card_has_no_words():
    odd = replace(GAMES["fortress"], foundations=(FoundationRow(base="K", direction="up"),))
    with pytest.raises(ValueError, match="holds one card"):
        rules_sections(odd, catalogue("en"))


# -- the whole vocabulary --------------------------------------------------------------------

def variations() -> Iterator[GameRules]:
    """Every game, and the declarations that ask for the words no game needs yet."""
    yield from GAMES.values()
    fortress, rittenhouse = GAMES["fortress"], GAMES["rittenhouse"]
    for direction in ("up", "down", "up-or-down"):
        for suits in ("same-suit", "alt-colour", "any-suit", "any-but-own"):
            for wrap in (False, True):
                for empty_rank in ("any", "K", "Q"):
                    yield replace(fortress, tableau=Tableau(10, Build(suits, direction, wrap),
                                                            empty_rank=empty_rank))
    for moves in ("single", "run", "one-way-run", "free-space-run"):
        for takes in ("card", "card-or-run"):
            for empty_rank in ("any", "K", "Q"):
                yield replace(fortress, tableau=Tableau(10, Build("any-suit", "down"), moves=moves,
                                                        empty_takes=takes, empty_rank=empty_rank))
    for suits in ("same-suit", "alt-colour", "any-suit", "any-but-own"):
        yield replace(fortress, tableau=Tableau(10, Build("any-suit", "down"), moves="run",
                                                empty_takes="card-or-run", run_suits=suits))
    for base, direction in (("A", "up"), ("K", "down"), ("K", "up"), ("A", "down")):
        for builds in ("in-suit", "by-rank"):
            yield replace(fortress, foundations=(FoundationRow(base, direction, True, builds),))
    for direction in ("up", "down"):
        for wrap in (False, True):
            yield replace(GAMES["chessboard"], foundations=(FoundationRow("chosen", direction, wrap),))
    yield replace(fortress, decks=3, foundations=(FoundationRow(), FoundationRow("K", "down"),
                                                  FoundationRow()))
    yield replace(GAMES["castle-of-indolence"], take_back=True)
    yield replace(GAMES["castle-of-indolence"], reserves=Reserves(1), deal=Deal(reserve_rounds=13))
    yield replace(GAMES["castles-end"], reserves=Reserves(1))
    yield replace(GAMES["bastion"], reserves=Reserves(1, Cells()))
    yield replace(GAMES["martha"], tableau=replace(GAMES["martha"].tableau, piles=13))
    yield replace(GAMES["canister"], deal=Deal(rounds=((1, 8),) * 6 + ((2, 4),)))
    soother = GAMES["soother"]
    yield replace(soother, reserves=replace(soother.reserves, count=2), stock=Stock(to_waste=3))
    yield replace(soother, reserves=Reserves(1, Cells()), stock=Stock())
    yield replace(soother, reserves=Reserves(2, Cells(take_from="tableau")))
    yield replace(soother, reserves=Reserves(1, Cells(take_from="tableau")))
    yield replace(GAMES["zerline"], reserves=replace(GAMES["zerline"].reserves, count=2))
    yield replace(rittenhouse, founding=replace(
        rittenhouse.founding, feeds=((1,), (2,), (3,), (4,), (4, 5), (5,), (6,), (7,), (8,))))
    yield replace(rittenhouse, reserves=Reserves(1, Cells()), founding=replace(
        rittenhouse.founding, feeds=(tuple(range(1, 9)),) * 2 + ((1,), (2,), (3,), (4,), (5,), (6,), (7,))))


class Recording(dict):
    """A catalogue that notes every key asked of it."""

    def __init__(self, messages, asked):
        super().__init__(messages)
        self.asked = asked

    def __getitem__(self, key):
        self.asked.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        self.asked.add(key)
        return super().__contains__(key)


def test_the_words_cover_the_vocabulary_and_list_every_key_they_ask_for():
    asked: set[str] = set()
    messages = Recording(catalogue("en"), asked)
    for rules in variations():
        try:
            rules_sections(rules, messages)
        except ValueError as refused:          # the few combinations no sentence covers
            assert "no words" in str(refused) or "holds one card" in str(refused), refused
        sketch_title(rules, messages)
    tips(GAMES["fortress"], messages)
    for count in NUMBER_WORDS:
        Words(messages).number(count)
    rules_keys = {key for key in asked if key.startswith(("rules.", "text."))}
    assert sorted(rules_keys - message_keys()) == [], "asked for but not listed"
    assert sorted(message_keys() - rules_keys) == [], "listed but never asked for"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_has_every_key(language):
    """Every key, a counted one (``.one`` and ``.other``) in the forms the language has."""
    wanted = set()
    for key in message_keys():
        family, _, form = key.rpartition(".")
        counted = form in FORMS and f"{family}.other" in message_keys()
        wanted |= {f"{family}.{name}" for name in forms(language)} if counted else {key}
    assert sorted(wanted - set(catalogue(language))) == []
