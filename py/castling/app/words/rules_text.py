"""A game's rules in words, made from its declaration (castling.rules): the
sections of its help page, and later of the app's How to play panel.

    rules_sections(get_game("fortress"), catalogue("it"))
    -> (Section("goal", "Scopo", lines=("Portare tutte le 52 carte …",)),
        Section("layout", "Disposizione", facts=(("Carte", "Un solo mazzo …"), …)), …)

Every sentence is a catalogue message (``rules.*``) with its numbers and
choices filled in from the declaration, so a game's rules read the same
wherever they are shown and change when its declaration changes. What a
declaration cannot say, why a game is worth playing and how to play it well,
is written by hand: :func:`intro` and :func:`tips` (``game.ID.intro``,
``game.ID.tip.N``).

The words themselves, and the keys they may use, are rules_words.py's.

A combination of words the vocabulary allows but no sentence here covers
(a foundation that starts with a King and goes up without wrapping, holding
one card for ever) raises ValueError naming it, so a new game that needs new
words is told so when the site is built.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import groupby

from ...cards import rank_label
from ...i18n import MissingMessage
from ...movegen import run_limits
from ...rules import FoundationRow, GameRules
from .rules_words import Dealt, Section, Words, dealt, hand_written_keys, ranges, word
from .spoken import capitalised

def intro(rules: GameRules, messages: Mapping[str, str]) -> str:
    """The paragraph that opens a game's rules: what makes it itself (by hand)."""
    return Words(messages)(f"game.{rules.id}.intro")


def tips(rules: GameRules, messages: Mapping[str, str]) -> Section:
    """How to play the game well, tip by tip (by hand): the section that ends its rules."""
    say = Words(messages)
    return Section("tips", say("rules.heading.tips"),
                   lines=tuple(say(key) for key in hand_written_keys(rules, messages)[1:]))



# -- goal and layout ---------------------------------------------------------------------------

def _goal(rules: GameRules, say: Words) -> Section:
    return Section("goal", say("rules.heading.goal"), lines=(
        say("rules.goal", cards=rules.card_count, foundations=say.number(rules.pile_count("f"))),))


def _tableau_fact(rules: GameRules, start: Dealt, say: Words) -> str:
    counts = [len(pile) for pile in start.tableau]
    all_up = all(all(pile) for pile in start.tableau)
    piles = say("rules.layout.piles.up" if all_up else "rules.layout.piles.mixed",
                count=say.number(len(counts)))
    piles = capitalised(piles)
    if start.uneven:
        how = ("rules.layout.tableau.found_while_dealing" if rules.deal.found_while_dealing
               else "rules.layout.tableau.forced")
        return say.sentences(say("rules.layout.tableau.plain", piles=piles),
                             say(how, cards=say.number(max(counts))))
    runs = [(cards, len(list(run))) for cards, run in groupby(counts)]
    if not all_up and len(runs) == 1:
        faces = [say("rules.layout.face.up" if up else "rules.layout.face.down")
                 for up in start.tableau[0]]
        if all(pile == start.tableau[0] for pile in start.tableau):
            return say("rules.layout.tableau.faces", piles=piles, cards=say.number(counts[0]),
                       faces=say.listed(faces))
    shape = _shape(runs, counts, piles, say)
    if all_up:
        return shape
    rounds = [say("rules.layout.face.up" if up else "rules.layout.face.down")
              for up in rules.deal.tableau_faces]
    return say.sentences(shape, say("rules.layout.tableau.faces_rounds", faces=say.listed(rounds)))


def _shape(runs: list[tuple[int, int]], counts: list[int], piles: str, say: Words) -> str:
    """How many cards the piles hold, in the plainest words that fit."""
    n = say.number
    if min(counts) >= 2 and all(size >= 2 for _, size in runs) or len(runs) == 1 and counts[0] >= 2:
        if len(runs) == 1:
            return say("rules.layout.tableau.even", piles=piles, cards=n(counts[0]))
        if len(runs) == 2:
            (cards, first), (others, rest) = runs
            return say("rules.layout.tableau.two", piles=piles, first=n(first), cards=n(cards),
                       rest=n(rest), others=n(others))
        if len(runs) == 3 and runs[0] == runs[2]:
            (others, ends), (cards, middle), _ = runs
            return say("rules.layout.tableau.middle", piles=piles, middle=n(middle),
                       cards=n(cards), ends=n(ends), others=n(others))
    # A staircase: 1, 2, 3 … k, then two or more piles of k + 1 (Somerset).
    flat_cards, flat = runs[-1]
    top = len(counts) - flat
    if top >= 3 and flat >= 2 and counts[:top] == list(range(1, top + 1)) and flat_cards == top + 1:
        return say("rules.layout.tableau.steps", piles=piles, top=n(top), flat=n(flat),
                   flat_cards=n(flat_cards))
    return say("rules.layout.tableau.listed", piles=piles,
               counts=say.listing([str(count) for count in counts], "and"))


def _foundations_fact(rules: GameRules, start: Dealt, say: Words) -> str:
    count = rules.pile_count("f")
    if all(row.builds == "by-rank" for row in rules.foundations):
        which = say("rules.layout.foundations.any_suit")
    else:
        which = say(f"rules.layout.foundations.per_suit.{say.form(count // 4)}",
                    count=say.number(count // 4))
    aces = start.foundations and all(cards == 1 for cards in start.foundations)
    return say("rules.layout.foundations.aces" if aces else "rules.layout.foundations.empty",
               count=capitalised(say.number(count)), which=which)


def _reserves_fact(rules: GameRules, start: Dealt, say: Words) -> tuple[str, str]:
    count = rules.reserves.count
    held = {len(pile) for pile in start.reserves}
    many = say.form(count)
    number = capitalised(say.number(count))
    if rules.reserves.free_cells:
        term = say(f"rules.heading.cells.{many}")
        if held == {0}:
            return term, say(f"rules.layout.cells.empty.{many}", count=number)
        if held == {1}:
            return term, say(f"rules.layout.cells.dealt.{many}", count=number)
    else:
        term = say(f"rules.heading.reserves.{many}")
        if rules.reserves.cells and held == {0}:
            return term, say(f"rules.layout.reserve.holds.{many}", count=number,
                             holds=say.number(rules.reserve_holds))
        if not rules.reserves.cells and rules.deal.reserve == "rest":
            return term, say("rules.layout.reserves.rest", cards=say.number(len(start.reserves[0])))
        if not rules.reserves.cells and rules.deal.reserve_rounds and len(held) == 1:
            return term, say(f"rules.layout.reserves.first.{many}", count=number,
                             cards=say.number(held.pop()))
        if not rules.reserves.cells and held == {1}:
            return term, say(f"rules.layout.reserves.dealt.{many}", count=number)
    raise ValueError(f"{rules.id}: no words yet for reserves dealt {sorted(held)} cards "
                     f"({rules.reserves})")


def _layout(rules: GameRules, say: Words) -> Section:
    start = dealt(rules)
    decks = f"rules.layout.decks.{say.form(rules.decks)}"
    facts = [(say("rules.term.cards"),
              say(decks, decks=capitalised(say.decks(rules.decks)), cards=rules.card_count)),
             (say("rules.heading.tableau"), _tableau_fact(rules, start, say)),
             (say("rules.heading.foundations"), _foundations_fact(rules, start, say))]
    if rules.reserves.count:
        facts.append(_reserves_fact(rules, start, say))
    if rules.stock:
        facts.append((say("rules.term.stock"), say("rules.layout.stock", cards=start.stock)))
        waste = (f"rules.layout.waste.{say.form(start.waste)}" if start.waste
                 else "rules.layout.waste.empty")
        facts.append((say("rules.term.waste"), say(waste, cards=say.number(start.waste))))
    return Section("layout", say("rules.heading.layout"), facts=tuple(facts))


# -- where cards go ----------------------------------------------------------------------------

def _to_cells(rules: GameRules, say: Words) -> str | None:
    """The dest key for the free cells or holding reserves, if cards may go there."""
    if not rules.reserves.cells:
        return None
    kind = "cell" if rules.reserves.free_cells else "reserve"
    return f"rules.dest.{kind}.{say.form(rules.reserves.count)}"


def _cells_take_any(rules: GameRules) -> bool:
    """Whether the game's free cells take cards from any pile (not only the tableau)."""
    cells = rules.reserves.cells
    return cells is not None and cells.take_from == "any"


def _several_per_suit(rules: GameRules) -> bool:
    return rules.pile_count("f") > 4


def _from_foundation(rules: GameRules, say: Words) -> list[str]:
    """Where a foundation's top card may go back to (a take-back game's)."""
    places = ["rules.dest.tableau"]
    cells = _to_cells(rules, say)
    if cells and _cells_take_any(rules):
        places.append(cells)
    if _several_per_suit(rules):
        by_rank = any(row.builds == "by-rank" for row in rules.foundations)
        places.append("rules.dest.other_foundation.any" if by_rank else "rules.dest.other_foundation")
    return places


def _into_cells(rules: GameRules) -> list[str]:
    """Where the free cells (or holding reserves) take cards from."""
    sources = ["rules.from.tableau"]
    if _cells_take_any(rules):
        if rules.stock:
            sources.append("rules.from.waste")
        if rules.take_back:
            sources.append("rules.from.foundation")
        if rules.reserves.count > 1:
            sources.append("rules.from.cell" if rules.reserves.free_cells else "rules.from.reserve")
    return sources


def _out_of_reserves() -> list[str]:
    return ["rules.dest.foundation", "rules.dest.tableau"]


# -- foundations -------------------------------------------------------------------------------

def _row_groups(rules: GameRules) -> list[tuple[FoundationRow, int]]:
    """The foundations' rows as they stand in pile order, alike ones together,
    each with how many foundations it has."""
    if rules.founding.by_suit and len(set(rules.foundations)) > 1:
        raise ValueError(f"{rules.id}: no words yet for unlike foundations listed suit by suit")
    return [(row, 4 * len(list(run))) for row, run in groupby(rules.foundations)]


def _subjects(groups: list[tuple[FoundationRow, int]], say: Words) -> list[str]:
    """Who each group's sentence is about: "Each", or "Each of the first four" …"""
    if len(groups) == 1:
        return [say("rules.foundations.each")]
    which = (["first"] + ["next"] * (len(groups) - 2) + ["last"] if len(groups) > 2
             else ["first", "rest"])
    return [say(f"rules.foundations.each.{name}", count=say.number(count))
            for name, (_, count) in zip(which, groups)]


def _row_sentence(rules: GameRules, row: FoundationRow, each: str, say: Words) -> list[str]:
    builds = word(row.builds)
    if row.base == "chosen":
        if row.builds == "by-rank":
            raise ValueError(f"{rules.id}: no words for by-rank foundations on a chosen base "
                             "(the engine has none either)")
        key = f"rules.foundations.chosen.{row.direction}.{'wrap' if row.wrap else 'nowrap'}"
        if not row.wrap:
            return [say(key, each=each)]
        step = 1 if row.direction == "up" else -1
        base = 8                                   # the example: a base of 9
        ranks = [rank_label((base + step * i) % 13) for i in range(13)]
        example = say.isolated(say.listed(ranks[:7]) + " … " + ranks[-1])
        return [say(key, each=each, base=say.isolated(rank_label(base)), example=example)]
    # A King going up (or an Ace going down) goes on only by wrapping round.
    if (row.base, row.direction) in (("K", "up"), ("A", "down")) and not row.wrap:
        raise ValueError(f"{rules.id}: a foundation from {row.base} going {row.direction} "
                         "without wrap holds one card")
    return [say(f"rules.foundations.build.{row.base}.{row.direction}.{builds}", each=each)]


def _feeds(rules: GameRules, say: Words) -> list[str]:
    """Which tableau piles feed which foundations (Rittenhouse)."""
    count = rules.pile_count("f")
    own, every, lines = [], [], []
    for pile, foundations in enumerate(rules.founding.feeds, 1):
        if len(foundations) == 1:
            own.append(pile)
        elif sorted(foundations) == list(range(1, count + 1)):
            every.append(pile)
        else:
            lines.append(say("rules.foundations.feeds.some", pile=pile,
                             foundations=say.listing(ranges(sorted(foundations)), "and")))
    if own:
        lines.insert(0, say("rules.foundations.feeds.own", piles=say.listing(ranges(own), "and")))
    if every:
        lines.insert(1 if own else 0, say(f"rules.foundations.feeds.all.{say.form(len(every))}",
                                          piles=say.listing(ranges(every), "and"),
                                          count=say.number(count)))
    if rules.reserves.count or rules.stock:
        lines.append(say("rules.foundations.feeds.tableau_only"))
    return lines


def _foundations(rules: GameRules, say: Words) -> Section:
    lines = []
    if rules.founding.first:
        lines.append(say("rules.foundations.found_first"))
    if rules.chosen_base:
        lines += [say("rules.foundations.chosen.first", count=say.number(rules.pile_count("f"))),
                  say("rules.foundations.chosen.rest")]
    groups = _row_groups(rules)
    for (row, _), each in zip(groups, _subjects(groups, say)):
        lines += _row_sentence(rules, row, each, say)
    if _several_per_suit(rules) and all(row.builds == "in-suit" for row in rules.foundations):
        lines.append(say("rules.foundations.copies", count=say.number(rules.pile_count("f") // 4)))
    if rules.founding.feeds:
        lines += _feeds(rules, say)
    if rules.founding.forced:
        lines.append(say("rules.foundations.forced"))
    if not rules.take_back:
        lines.append(say("rules.foundations.stay"))
    else:
        where = say.listing([say(key) for key in _from_foundation(rules, say)], "or")
        lines.append(say("rules.foundations.back.not_base" if rules.chosen_base
                         else "rules.foundations.back", where=where))
    return Section("foundations", say("rules.heading.foundations"), lines=tuple(lines))


# -- tableau -----------------------------------------------------------------------------------

def _empty_mode(rules: GameRules) -> str:
    tableau = rules.tableau
    if tableau.moves == "single":
        return "card"
    if tableau.empty_takes == "card":
        return "card_only"
    if tableau.moves == "free-space-run":
        return "counted"
    if tableau.empty_rank != "any":
        return "run"
    if tableau.moves == "one-way-run":
        return "one_way"
    return "run_of" if tableau.run_suits is not None else "run"


def _wrap(rules: GameRules, say: Words) -> str:
    tableau = rules.tableau
    direction = tableau.build.direction
    if tableau.build.wrap:
        return say(f"rules.tableau.wrap.{word(direction)}")
    if direction == "up-or-down":
        return say("rules.tableau.nowrap.up_or_down")
    # The rank that goes on nothing may still go into a space, if spaces take it.
    if direction == "down":
        return say("rules.tableau.nowrap.down" if tableau.empty_rank in ("any", "K")
                   else "rules.tableau.nowrap.down.no_king")
    return say("rules.tableau.nowrap.up" if tableau.empty_rank == "any"
               else "rules.tableau.nowrap.up.no_ace")


def _moves(rules: GameRules, say: Words) -> list[str]:
    tableau = rules.tableau
    if tableau.moves == "single":
        lines = [say("rules.tableau.moves.single")]
        if rules.tableau.supermove:
            lines.append(say("rules.tableau.supermove"))
        return lines
    if tableau.moves == "one-way-run":
        return [say("rules.tableau.moves.one_way")]
    if tableau.moves == "free-space-run":
        cells = rules.reserves.count if rules.reserves.free_cells else 0
        if not cells:
            line = say("rules.tableau.moves.counted")
        else:
            limits = [run_limits(spaces, cells)[0] for spaces in range(3)]
            line = say(f"rules.tableau.moves.counted.cells.{say.form(cells)}",
                       none=limits[0], one=limits[1], two=limits[2])
        return [line, say("rules.tableau.moves.counted.to_space")]
    if tableau.run_suits is not None:
        lines = [say(f"rules.tableau.moves.run_of.{word(tableau.run_suits)}")]
        if tableau.run_suits != "any-suit":
            lines.append(say(f"rules.tableau.moves.mixed.{word(tableau.run_suits)}"))
        return lines
    return [say("rules.tableau.moves.run")]


def _tableau(rules: GameRules, say: Words) -> Section:
    build = rules.tableau.build
    lines = [say(f"rules.tableau.builds.{word(build.direction)}_{word(build.suits)}")]
    if build.direction == "up-or-down":
        lines.append(say("rules.tableau.either_way"))
    lines.append(_wrap(rules, say))
    lines += _moves(rules, say)
    empty = say(f"rules.tableau.empty.{rules.tableau.empty_rank}.{_empty_mode(rules)}")
    if rules.reserves.fill_spaces:
        lines += [say("rules.tableau.refill"), say("rules.tableau.refill.after", rule=empty)]
    else:
        lines.append(say.sentence(empty))
    if not all(all(pile) for pile in dealt(rules).tableau):
        lines.append(say("rules.tableau.turn_up"))
    return Section("tableau", say("rules.heading.tableau"), lines=tuple(lines))


# -- cells, reserves, stock --------------------------------------------------------------------

def _cells(rules: GameRules, say: Words) -> Section:
    many = say.form(rules.reserves.count)
    sources = say.listing([say(key) for key in _into_cells(rules)], "or")
    where = say.listing([say(key) for key in _out_of_reserves()], "or")
    if rules.reserves.free_cells:
        lines = [say(f"rules.cells.takes.{many}", sources=sources),
                 say(f"rules.cells.out.{many}", where=where)]
        if rules.tableau.moves == "free-space-run":
            lines.append(say(f"rules.cells.runs.{many}"))
        return Section("cells", say(f"rules.heading.cells.{many}"), lines=tuple(lines))
    return Section("reserves", say(f"rules.heading.reserves.{many}"), lines=(
        say(f"rules.reserve.takes.{many}", holds=say.number(rules.reserve_holds), sources=sources),
        say(f"rules.reserve.out.{many}", where=where)))


def _reserves(rules: GameRules, say: Words) -> Section:
    many = say.form(rules.reserves.count)
    start = dealt(rules)
    where = say.listing([say(key) for key in _out_of_reserves()], "or")
    single = all(len(pile) <= 1 for pile in start.reserves)
    lines = [say(f"rules.reserves.play.single.{many}" if single else f"rules.reserves.play.{many}",
                 where=where)]
    if any(not all(pile) for pile in start.reserves):     # (only one, dealt the cards left: Chequers)
        lines.append(say("rules.reserves.turn_up"))
    lines.append(say(f"rules.reserves.closed.{many}"))
    return Section("reserves", say(f"rules.heading.reserves.{many}"), lines=tuple(lines))


def _stock(rules: GameRules, say: Words) -> Section:
    places = ["rules.dest.foundation", "rules.dest.tableau"]
    cells = _to_cells(rules, say)
    if cells and _cells_take_any(rules):
        places.append(cells)
    where = say.listing([say(key) for key in places], "or")
    if cells and not _cells_take_any(rules):
        kind = "not_cells" if rules.reserves.free_cells else "not_reserve"
        waste = say(f"rules.stock.waste.{kind}.{say.form(rules.reserves.count)}", where=where)
    else:
        waste = say("rules.stock.waste", where=where)
    return Section("stock", say("rules.heading.stock"), lines=(
        say("rules.stock.turn"), say("rules.stock.once"), waste))


def _sections(rules: GameRules, say: Words) -> Iterator[Section]:
    yield _goal(rules, say)
    yield _layout(rules, say)
    yield _foundations(rules, say)
    yield _tableau(rules, say)
    if rules.reserves.count:
        yield _cells(rules, say) if rules.reserves.cells else _reserves(rules, say)
    if rules.stock:
        yield _stock(rules, say)


def rules_sections(rules: GameRules, messages: Mapping[str, str]) -> tuple[Section, ...]:
    """The rules of ``rules`` as sections, in the words of ``messages`` (a
    catalogue: ``castling.i18n.catalogue(code)``). A key the catalogue lacks
    raises :class:`castling.i18n.MissingMessage`."""
    return tuple(_sections(rules, Words(messages)))
