"""The compiled core deals as the engine does: ``core_deal`` against
castling.deal.deal_piles for every game, over deal numbers of every size (both
generators, each 32-bit word of the Mersenne Twister's key), the numbers it
refuses, and random play from the positions it deals.

The core runs through wasmtime, compiled once a session by the pinned ziglang
(the ``wasm`` fixture, conftest.py): without either, these tests skip on a
developer's machine but fail under CI.
"""

from __future__ import annotations

import random

import pytest

from castling import GAMES, DealNumberError, Position
from castling.search.core import core_for
from castling.search.core import tables as layout
from castling.deal import LCG_LIMIT, MAX_DEAL, deal_piles, parse_deal_number
from castling.movegen import tables_for

from search_helpers import plays_as_the_engine

#: The edges: the first deal, FreeCell's generator's last and the Twister's
#: first, and where the Twister's key grows a word (2^32, 2^64) or ends.
EDGES = (1, 2, 3, LCG_LIMIT - 1, LCG_LIMIT, LCG_LIMIT + 1, 2**31 - 1, 2**31,
         2**32 - 1, 2**32, 2**32 + 1, 2**64 - 1, 2**64, 2**64 + 1, MAX_DEAL - 1)
#: A seeded sample from each range: FreeCell's, and the Twister's keys of one,
#: two and three words.
RANGES = ((1, LCG_LIMIT - 1), (LCG_LIMIT, 2**32 - 1), (2**32, 2**64 - 1), (2**64, MAX_DEAL - 1))
PER_RANGE = 6


def numbers_for(game):
    """The edges, a sample of each range and one number of each length in digits."""
    rng = random.Random(f"core deals/{game}")
    sample = [rng.randint(low, high) for low, high in RANGES for _ in range(PER_RANGE)]
    lengths = [rng.randint(10 ** (digits - 1), 10**digits - 1) for digits in range(1, 21)]
    return [*EDGES, *sample, *lengths]


def core_deal(core, digits: bytes) -> int:
    """core_deal on raw bytes: its result (0 or an error code)."""
    return core._run("core_deal", *core._put(digits))


@pytest.mark.parametrize("game", GAMES)
def test_the_core_deals_every_game_as_the_engine(game, wasm):
    rules = GAMES[game]
    core = core_for(rules, wasm)
    for number in numbers_for(game):
        assert core.deal(number) == deal_piles(rules, number), f"deal {number}"
        assert core.depth == 0
        # Its position is the core's own: the moves it lists are the engine's.
        assert core.legal_moves() == Position.deal(rules, number).legal_moves(), f"deal {number}"


def test_the_core_reads_the_digits_as_parse_deal_number(wasm):
    rules = GAMES["castle-of-indolence"]      # (two decks: no FreeCell order to hide a slip)
    core = core_for(rules, wasm)
    texts = ["42", "0042", "0" * 300 + "123456789012", "0" + "9" * 20, "31999", "032000",
             "4294967296", "18446744073709551617"]
    for text in texts:
        assert core_deal(core, text.encode()) == 0, text
        assert core.piles() == deal_piles(rules, parse_deal_number(text)), text


def test_the_core_refuses_what_parse_deal_number_refuses(wasm):
    rules = GAMES["fortress"]
    core = core_for(rules, wasm)
    # A position with moves played on it: a refused number must leave both.
    core.deal(5)
    before = core.piles()
    core.play(core.legal_moves()[0])
    played = core.piles()
    bad = [b"", b"0", b"000", str(MAX_DEAL).encode(), b"1" * 21, b"0" + b"1" * 21,
           b"-5", b"+5", b" 5", b"5 ", b"1e5", b"12a4", b"5\x00", "\u0663".encode()]
    for text in bad:
        with pytest.raises(DealNumberError):
            parse_deal_number(text.decode("utf-8", "replace"))
        assert core_deal(core, text) == -12, text
        assert (core.piles(), core.depth) == (played, 1), text
    for size in (-1, core._run("core_io_size") + 1):
        assert core._run("core_deal", size) == -12
    for number in (0, -1, MAX_DEAL, 10**400, True):
        with pytest.raises(DealNumberError):
            core.deal(number)
    assert (core.piles(), core.depth) == (played, 1)
    core.undo()
    assert core.piles() == before


def test_random_texts_are_taken_or_refused_as_the_engine_takes_them(wasm):
    rules = GAMES["chessboard"]
    core = core_for(rules, wasm)
    rng = random.Random("core deals/texts")
    taken = refused = 0
    for _ in range(2000):
        text = "".join(rng.choice("0000123456789 x-") for _ in range(rng.randint(0, 24)))
        try:
            number = parse_deal_number(text)
        except DealNumberError:
            assert core_deal(core, text.encode()) == -12, repr(text)
            refused += 1
        else:
            assert core_deal(core, text.encode()) == 0, repr(text)
            assert core.piles() == deal_piles(rules, number), repr(text)
            taken += 1
    assert taken > 200 and refused > 200     # both kinds, many of each


def test_the_core_deals_nothing_without_rules(wasm):
    core = core_for(GAMES["fortress"], wasm)
    table = layout.rules_table(core.tables)
    load = lambda data: core._run("core_load_rules", *core._put(bytes(data)))  # noqa: E731
    assert load(b"XSTL" + table[4:]) == -1
    assert core_deal(core, b"7") == -5
    assert load(table) == 0 and core_deal(core, b"7") == 0


# -- the deal section -------------------------------------------------------


def deal_section(table: bytes) -> bytes:
    header = layout.read_header(table)
    at = layout.HEADER_SIZE + sum(size for name, size in layout.section_sizes(header)
                                  if name != "deal")
    return table[at:]


@pytest.mark.parametrize("game", GAMES)
def test_the_deal_section_spells_the_games_deal(game):
    rules = GAMES[game]
    plan = rules.deal
    table = layout.rules_table(tables_for(rules))
    header = layout.read_header(table)
    section = deal_section(table)
    assert (header["deal_rounds"], header["deal_faces"]) == (len(plan.rounds),
                                                            len(plan.tableau_faces))
    assert len(section) == dict(layout.section_sizes(header))["deal"]
    flags, reserve, reserve_rounds, to_waste = section[:4]
    assert bool(flags & layout.DEAL_ACES_TO_FOUNDATIONS) == plan.aces_to_foundations
    assert bool(flags & layout.DEAL_FOUND_WHILE_DEALING) == plan.found_while_dealing
    assert (layout.RESERVE_PLANS[reserve], reserve_rounds, to_waste) == (
        plan.reserve, plan.reserve_rounds, rules.stock.to_waste if rules.stock else 0)
    faces = section[4:4 + len(plan.tableau_faces)]
    assert tuple(map(bool, faces)) == plan.tableau_faces
    rounds = section[4 + len(faces):]
    assert tuple(zip(rounds[::2], rounds[1::2])) == plan.rounds


def test_the_core_refuses_a_deal_section_it_cannot_read(wasm):
    core = core_for(GAMES["somerset"], wasm)
    table = layout.rules_table(core.tables)
    at = len(table) - len(deal_section(table))
    load = lambda data: core._run("core_load_rules", *core._put(bytes(data)))  # noqa: E731
    no_plan = bytearray(table)
    no_plan[at + 1] = len(layout.RESERVE_PLANS)        # a reserve plan past the last
    backwards = bytearray(table)
    backwards[at + 4:at + 6] = bytes([5, 4])            # a round from pile 5 to pile 4
    assert (load(no_plan), load(backwards), load(table[:-1])) == (-4, -4, -3)
    assert load(table) == 0


# -- play from a dealt position ---------------------------------------------

#: Deals per game to play from: each generator, and keys of two and three words.
PLAYED = (9, LCG_LIMIT + 9, 2**32 + 9, 2**64 + 9)


@pytest.mark.parametrize("game", GAMES)
def test_the_core_plays_from_its_deals_as_the_engine(game, wasm):
    rules = GAMES[game]
    core = core_for(rules, wasm)
    for deal in PLAYED:
        assert core.deal(deal) == deal_piles(rules, deal)
        plays_as_the_engine(core, rules, deal)
    # A deal over moves played: its own position, with none to take back.
    deal = next(deal for deal in range(1, 100) if core.deal(deal) and core.legal_moves())
    core.play(core.legal_moves()[0])
    assert core.deal(deal + 1) == deal_piles(rules, deal + 1) and core.depth == 0
    with pytest.raises(RuntimeError, match="nothing to undo"):
        core.undo()
