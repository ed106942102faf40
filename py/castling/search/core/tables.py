"""A game's compiled rules, a position, its moves and play records as bytes:
what the compiled search core (the ``*.c`` beside this file) reads and writes.

The core knows no game: everything it needs to list the moves of a position in
exactly :meth:`castling.movegen.MoveTables.generate`'s order, and to play and
take them back as :meth:`~castling.movegen.MoveTables.apply` and
:meth:`~castling.movegen.MoveTables.revert` do, is in the game's table,
written here from its :class:`~castling.movegen.MoveTables`; and, to deal a
game by number as :func:`castling.deal.deal_piles` does, its
:class:`~castling.rules.Deal` (the ``deal`` section). Standard library only,
like the rest of the engine.

Every number is little-endian. A **rules table** (format :data:`FORMAT`)::

    offset  size  field
       0     4    magic b"CSTL"
       4     2    format number (FORMAT)
       6     2    header size (HEADER_SIZE, 32; the sections follow it)
       8     4    size of the whole table in bytes
      12     1    piles (all kinds)
      13     1    tableau piles (indices 0 ...)
      14     1    first foundation
      15     1    foundations
      16     1    first reserve
      17     1    reserves
      18     1    stock (a pile index; 255: none)
      19     1    waste (a pile index; 255: none)
      20     1    first free cell
      21     1    free cells (the reserves, in a game whose reserves are cells; else 0)
      22     1    cards a free cell holds
      23     1    sources (piles whose top card may move, in generation order)
      24     1    cards a foundation holds when full (13)
      25     1    decks
      26     2    flags (FLAG_* below)
      28     1    deal rounds over given piles (``len(Deal.rounds)``)
      29     1    deal rounds with their faces given (``len(Deal.tableau_faces)``)
      30     2    reserved, 0

then, in this order, every section always present:

* ``kinds``: a byte per pile, ``KINDS.index(kind)`` (t f r s w);
* ``sources``: a byte per source pile;
* ``step`` and ``run_step``: 52 x 52 signed bytes each, ``[lower * 52 + upper]``,
  +1 or -1 if ``upper`` may go on ``lower`` (builds up or down), else 0; the
  second for cards following each other in a run that moves as a unit. The
  core makes its host lists from ``step``, lower cards in increasing order, as
  MoveTables does, so its moves come in the same order;
* ``fills_space``: 52 bytes, 1 if the card (or a run from it) may go on an empty pile;
* ``own_foundation``: 52 bytes, the pile a card goes to when it chooses the base;
* ``found_suit``: a byte per foundation (a chosen base starts it at suit * 13 + base);
* ``found_start``: 8 bytes per foundation, the set of cards (bit c for card c)
  that may start it; 0 when the game's first founding chooses the base;
* ``found_next``: 52 x 8 bytes per foundation: the cards that may follow each card;
* ``feeds``: 4 bytes per tableau pile, the foundations (bit k: the k-th) it may
  found on; all bits when the game has no feeds;
* ``found_alike``: a byte per foundation, the first foundation (0: the first)
  alike it while both are empty (the solver's ``foundation_kinds``): the
  search tries a card into one of alike empty foundations only;
* ``run_limits``: for each number of empty tableau piles 0..tableau (rows) and
  empty free cells 0..cells (columns), two u16: the longest run a move may
  carry onto a pile and onto an empty pile (65535: no limit);
* ``deal``: how the shuffled cards are laid out (:class:`castling.rules.Deal`;
  the deck count, the piles and ``found_suit`` say the rest, and the flag
  FLAG_FORCED_FOUNDING the founding between rounds), 4 + faces + 2 x rounds
  bytes (the counts at 28 and 29 of the header):

  * a byte of DEAL_* bits: DEAL_ACES_TO_FOUNDATIONS, DEAL_FOUND_WHILE_DEALING;
  * a byte, the reserve's share: ``RESERVE_PLANS.index(Deal.reserve)``
    (0 none, 1 rest, 2 one-each);
  * a byte, ``Deal.reserve_rounds``; a byte, ``Stock.to_waste`` (0 without a stock);
  * a byte per round of ``Deal.tableau_faces``: 1 face up, 0 face down;
  * two bytes per pair of ``Deal.rounds``: first and last tableau pile,
    numbered from 1 (the last may pass the tableau's end: the round stops there).

A **position**: its pile count, then for each pile in ``rules.pile_names``
order its length and its cards bottom first, one byte each (a face-down card
carries :data:`castling.cards.FACE_DOWN`). A **move** is three bytes, source,
target, count. A **record** (what a play did, for undo) is the flag byte
(movegen's FLIPPED_SOURCE ... TURNED_OVER), the number of forced foundings,
then each as two bytes (tableau pile, foundation).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence
from typing import get_args

from ...cards import CARDS_PER_DECK
from ...movegen import Move, MoveTables, Piles, Record, run_limits
from ...rules import PILE_KINDS, Deal, Reserve
from ..common import foundation_kinds

#: The layout's number: raised whenever any byte of it changes meaning.
FORMAT = 3     # 2: FLAG_TAKE_BACK and found_alike, for the search; 3: the deal section
MAGIC = b"CSTL"
HEADER = struct.Struct("<4sHHI" + "B" * 14 + "HBB2x")
HEADER_SIZE = HEADER.size
NONE = 255
NO_LIMIT = 0xFFFF
KINDS = PILE_KINDS

FLAG_CHOSEN_BASE = 1 << 0
FLAG_FOUND_FIRST = 1 << 1
FLAG_REFILLS = 1 << 2
FLAG_RUN_MOVES = 1 << 3
FLAG_ONE_WAY_RUNS = 1 << 4
FLAG_EMPTY_TAKES_RUNS = 1 << 5
FLAG_COUNTED_RUNS = 1 << 6
FLAG_CELLS_TAKE_TABLEAU_ONLY = 1 << 7
FLAG_FEEDS = 1 << 8
FLAG_FORCED_FOUNDING = 1 << 9
FLAG_TAKE_BACK = 1 << 10
FLAG_SUPERMOVE = 1 << 11    # a built run may be dragged as single moves (board.supermove)

DEAL_ACES_TO_FOUNDATIONS = 1 << 0
DEAL_FOUND_WHILE_DEALING = 1 << 1
#: The deal section's reserve byte: ``Deal.reserve``'s index here.
RESERVE_PLANS: tuple[Reserve, ...] = get_args(Reserve)

#: The limits the core is built with (the C's MAX_*): a table past them is refused.
MAX_PILES, MAX_FOUNDATIONS, MAX_CELLS, MAX_DECKS, PILE_CAPACITY = 64, 16, 8, 8, 255

_N = CARDS_PER_DECK


def _card_set(cards: Sequence[int]) -> int:
    return sum(1 << card for card in set(cards))


def rules_table(tables: MoveTables) -> bytes:
    """The game's rules table (the layout above)."""
    rules = tables.rules
    foundations = len(tables.foundations)
    if tables.chosen_base and tables.by_rank:
        # As MoveTables.wants: no game founds by rank on a chosen base.
        raise NotImplementedError("by-rank foundations on a chosen base")
    if (tables.n_piles > MAX_PILES or foundations > MAX_FOUNDATIONS
            or len(tables.cells) > MAX_CELLS or rules.decks > MAX_DECKS):
        raise ValueError(f"{rules.name} is larger than the core is built for")
    flags = sum(flag for flag, on in (
        (FLAG_CHOSEN_BASE, tables.chosen_base), (FLAG_FOUND_FIRST, tables.found_first),
        (FLAG_REFILLS, tables.refills), (FLAG_RUN_MOVES, tables.run_moves),
        (FLAG_ONE_WAY_RUNS, tables.one_way_runs),
        (FLAG_EMPTY_TAKES_RUNS, tables.empty_takes_runs),
        (FLAG_COUNTED_RUNS, tables.counted_runs),
        (FLAG_CELLS_TAKE_TABLEAU_ONLY, tables.cells_take_tableau_only),
        (FLAG_FEEDS, tables.feeds is not None),
        (FLAG_FORCED_FOUNDING, tables.forced_founding),
        (FLAG_TAKE_BACK, rules.take_back),
        (FLAG_SUPERMOVE, rules.tableau.supermove)) if on)
    # MoveTables' rows cover face-down values too; the core looks up face-up cards only.
    width = math.isqrt(len(tables.step))
    step = bytes(tables.step[lower * width + upper] & 0xFF
                 for lower in range(_N) for upper in range(_N))
    run_step = bytes(tables.run_step[lower * width + upper] & 0xFF
                     for lower in range(_N) for upper in range(_N))
    start = b"".join(struct.pack("<Q", 0 if cards is None else _card_set(cards))
                     for cards in tables.found_start)
    follow = b"".join(struct.pack("<Q", _card_set(cards))
                      for follows in tables.found_next for cards in follows[:_N])
    all_foundations = (1 << foundations) - 1
    feeds = b"".join(struct.pack("<I", all_foundations if tables.feeds is None else
                                 sum(1 << (index - tables.first_foundation)
                                     for index in tables.feeds[pile]))
                     for pile in tables.tableau)
    kinds = foundation_kinds(tables)
    alike = bytes(kinds.index(kind) for kind in kinds)
    cells = len(tables.cells)
    limits = b"".join(
        struct.pack("<HH", *(min(limit, NO_LIMIT - 1) for limit in run_limits(spaces, free))
                    if tables.counted_runs else (NO_LIMIT, NO_LIMIT))
        for spaces in range(tables.n_tableau + 1) for free in range(cells + 1))
    deal = deal_section(rules.deal, rules.stock.to_waste if rules.stock is not None else 0)
    body = b"".join((
        bytes(KINDS.index(kind) for kind in tables.kinds),
        bytes(tables.sources), step, run_step,
        bytes(map(int, tables.fills_space[:_N])),
        bytes(tables.own_foundation),
        bytes(tables.found_suit), start, follow, feeds, alike, limits, deal))
    header = HEADER.pack(
        MAGIC, FORMAT, HEADER_SIZE, HEADER_SIZE + len(body),
        tables.n_piles, tables.n_tableau, tables.first_foundation, foundations,
        tables.first_reserve, len(tables.reserves),
        NONE if tables.stock is None else tables.stock,
        NONE if tables.waste is None else tables.waste,
        tables.cells.start if cells else 0, cells, tables.cell_holds,
        len(tables.sources), 13, rules.decks, flags,
        len(rules.deal.rounds), len(rules.deal.tableau_faces))
    return header + body


def deal_section(plan: Deal, to_waste: int) -> bytes:
    """The ``deal`` section (the layout above) of a game dealt by ``plan``
    that turns ``to_waste`` cards of its stock over onto the waste."""
    numbers = (plan.reserve_rounds, to_waste, len(plan.rounds), len(plan.tableau_faces),
               *(number for pair in plan.rounds for number in pair))
    if any(number > 255 for number in numbers):
        raise ValueError("a deal plan larger than the core is built for")
    flags = sum(flag for flag, on in (
        (DEAL_ACES_TO_FOUNDATIONS, plan.aces_to_foundations),
        (DEAL_FOUND_WHILE_DEALING, plan.found_while_dealing)) if on)
    return bytes([flags, RESERVE_PLANS.index(plan.reserve), plan.reserve_rounds,
                  to_waste, *map(int, plan.tableau_faces),
                  *(number for pair in plan.rounds for number in pair)])


def read_header(table: bytes) -> dict[str, int]:
    """The header's fields by name (the tests read tables back with it)."""
    (magic, fmt, size, total, piles, tableau, first_foundation, foundations,
     first_reserve, reserves, stock, waste, first_cell, cells, cell_holds,
     sources, foundation_size, decks, flags, deal_rounds, deal_faces) = HEADER.unpack_from(table)
    if magic != MAGIC:
        raise ValueError("not a rules table")
    return dict(format=fmt, header_size=size, size=total, piles=piles, tableau=tableau,
                first_foundation=first_foundation, foundations=foundations,
                first_reserve=first_reserve, reserves=reserves, stock=stock, waste=waste,
                first_cell=first_cell, cells=cells, cell_holds=cell_holds, sources=sources,
                foundation_size=foundation_size, decks=decks, flags=flags,
                deal_rounds=deal_rounds, deal_faces=deal_faces)


def section_sizes(header: dict[str, int]) -> list[tuple[str, int]]:
    """The sections after the header, in order, with their sizes in bytes."""
    foundations, tableau = header["foundations"], header["tableau"]
    return [("kinds", header["piles"]), ("sources", header["sources"]),
            ("step", _N * _N), ("run_step", _N * _N), ("fills_space", _N),
            ("own_foundation", _N), ("found_suit", foundations),
            ("found_start", 8 * foundations), ("found_next", 8 * _N * foundations),
            ("feeds", 4 * tableau), ("found_alike", foundations),
            ("run_limits", 4 * (tableau + 1) * (header["cells"] + 1)),
            ("deal", 4 + header["deal_faces"] + 2 * header["deal_rounds"])]


def position_bytes(piles: Piles) -> bytes:
    """A position (its piles, in pile order) as the core reads it."""
    if len(piles) > MAX_PILES or any(len(pile) > PILE_CAPACITY for pile in piles):
        raise ValueError("a position larger than the core is built for")
    return bytes([len(piles)]) + b"".join(bytes([len(pile), *pile]) for pile in piles)


def read_position(data: bytes) -> list[list[int]]:
    """Inverse of :func:`position_bytes`."""
    piles, at = [], 1
    for _ in range(data[0]):
        size = data[at]
        piles.append(list(data[at + 1:at + 1 + size]))
        at += 1 + size
    return piles


def move_bytes(move: Move) -> bytes:
    """A move as three bytes."""
    return bytes(move)


def read_moves(data: bytes) -> list[Move]:
    """Moves written one after another, three bytes each."""
    return [(data[at], data[at + 1], data[at + 2]) for at in range(0, len(data), 3)]


def record_bytes(record: Record) -> bytes:
    """What a play did, without the move (the core keeps it on its own stack)."""
    _, flags, founded = record
    return bytes([flags, len(founded), *(index for pair in founded for index in pair)])


def read_record(move: Move, data: bytes) -> Record:
    """Inverse of :func:`record_bytes`, given the move played."""
    founded = tuple((data[2 + 2 * n], data[3 + 2 * n]) for n in range(data[1]))
    return move, data[0], founded
