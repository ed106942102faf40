"""Pile kinds and names have one home: the rules name the piles and read a name
back, the move tables say which indices are tableau, foundations and reserves,
and what the foundations hold and want next."""

import pytest

from castling import GAMES
from castling.cards import RANKS, card_text, parse_card, rank_label
from castling.errors import NotationError
from castling.movegen import tables_for
from castling.rules import PILE_KINDS, parse_pile_name

from helpers import position


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_pile_name_reads_back_as_its_kind_and_number(game_id):
    rules = GAMES[game_id]
    for kind in PILE_KINDS:
        names = rules.pile_names_of(kind)
        assert len(names) == rules.pile_count(kind)
        assert [parse_pile_name(name) for name in names] == [
            (kind, number) for number in range(1, len(names) + 1)]
    assert rules.pile_names == sum((rules.pile_names_of(kind) for kind in PILE_KINDS), ())


def test_chequers_has_25_tableau_piles_8_foundations_and_a_reserve():
    rules = GAMES["chequers"]
    assert [rules.pile_count(kind) for kind in "tfr"] == [25, 8, 1]
    assert rules.pile_names_of("f") == tuple(f"f{i}" for i in range(1, 9))
    assert rules.pile_names_of("r") == ("r1",)
    assert parse_pile_name("t25") == ("t", 25)


def test_a_pile_kind_the_rules_lack_is_refused():
    with pytest.raises(ValueError, match="pile kind"):
        GAMES["fortress"].pile_count("x")


@pytest.mark.parametrize("text", ["", "t", "3", "x3", "T3", "t0", "t03", "t-1", "t 3", "t3 ",
                                  "t\u00b2", "tt", 3, None, ["t", 3]])
def test_a_malformed_pile_name_is_a_notation_error(text):
    with pytest.raises(NotationError, match="not a pile name"):
        parse_pile_name(text)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_tables_split_the_indices_by_kind_in_name_order(game_id):
    rules = GAMES[game_id]
    tables = tables_for(rules)
    stock = [] if tables.stock is None else [tables.stock, tables.waste]
    assert list(tables.tableau) + list(tables.foundations) + list(tables.reserves) + stock == list(
        range(len(rules.pile_names)))
    for index, name in enumerate(rules.pile_names):
        kind, _ = parse_pile_name(name)
        assert tables.kinds[index] == kind
        assert tables.is_foundation(index) == (kind == "f")
        assert (index in tables.tableau) == (kind == "t")
        assert (index in tables.reserves) == (kind == "r")
        assert (index == tables.stock) == (kind == "s")
        assert (index == tables.waste) == (kind == "w")


def test_castles_end_reserves_come_after_its_four_foundations():
    tables = tables_for(GAMES["castles-end"])
    assert list(tables.foundations) == [10, 11, 12, 13]
    assert list(tables.reserves) == [14, 15]
    assert not tables.is_foundation(9) and not tables.is_foundation(14)


def wants(game_id: str, text: str) -> dict[str, tuple[str, ...]]:
    """What the foundations want next, as ``{"2C": ("f1",)}``."""
    pos = position(game_id, text)
    names = pos.rules.pile_names
    return {card_text(card): tuple(names[i] for i in piles)
            for card, piles in pos.tables.wants(pos.piles, pos.base_rank()).items()}


def test_empty_ace_foundations_want_the_aces():
    assert wants("fortress", "t1: 5D") == {"AC": ("f1",), "AS": ("f2",), "AH": ("f3",),
                                            "AD": ("f4",)}


def test_a_foundation_wants_the_next_rank_and_a_full_one_nothing():
    full = " ".join(f"{rank}S" for rank in RANKS)
    assert wants("fortress", f"f1: AC 2C\nf2: {full}") == {"3C": ("f1",), "AH": ("f3",),
                                                          "AD": ("f4",)}


def test_nothing_is_wanted_until_a_chosen_base_is_chosen():
    assert wants("chessboard", "t1: 5D") == {}


def test_a_chosen_base_sets_what_every_empty_foundation_wants_and_wraps():
    assert wants("chessboard", "f1: JC QC KC") == {"AC": ("f1",), "JS": ("f2",), "JH": ("f3",),
                                                   "JD": ("f4",)}


def test_chequers_two_rows_want_from_both_ends_and_may_want_the_same_card():
    got = wants("chequers", "f1: AC 2C 3C 4C 5C 6C\nf5: KC QC JC TC 9C 8C")
    assert got["7C"] == ("f1", "f5")
    assert got["AS"] == ("f2",) and got["KS"] == ("f6",)
    assert len(got) == 7


def test_cards_home_counts_each_copy_on_the_foundations_only():
    pos = position("chequers", "f1: AC 2C\nf5: KC QC\nt1: AC\nr1: 3C")
    home = pos.tables.cards_home(pos.piles)
    assert len(home) == 52 and sum(home) == 4
    assert [home[parse_card(code)] for code in ("AC", "2C", "QC", "KC", "3C")] == [1, 1, 1, 1, 0]


def test_cards_home_counts_both_copies_of_a_two_deck_card():
    pos = position("chequers", "f1: AC 2C\nf5: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")
    assert pos.tables.cards_home(pos.piles)[parse_card("2C")] == 2


def test_won_means_nothing_left_outside_the_foundations():
    won = position("castles-end", "f1: AC")
    assert won.tables.is_won(won.piles) and won.is_won()
    for text in ("f1: AC\nt10: 2C", "f1: AC\nr2: 2C", "t1: 2C"):
        pos = position("castles-end", text)
        assert not pos.tables.is_won(pos.piles) and not pos.is_won()


def test_ranks_are_shown_as_players_read_them():
    assert [rank_label(rank) for rank in range(13)] == [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_only_chequers_lays_its_tableau_out_in_rows_of_five():
    assert {game_id for game_id, rules in GAMES.items()
            if rules.tableau.layout == "rows-of-five"} == {"chequers"}
