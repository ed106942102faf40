"""The compiled core answers the player's side of a move as the app does
(tap.c): along random play of all 31 games, at every position, for every
pile and count, its one-tap choice is ``castling.app.table.tap.tap_choice``'s
(with nothing held, with cards held, with places tried), its drop places and
their moves are ``board.targets``', its counts ``board.pickable_counts``', and
its foundation moves ``hint.homeward_moves`` and ``safe_foundation_moves``
— what the page's early table plays by before Python is up
(web/first-table/play.js), held equal here in CPython through wasmtime, and
in a browser by tests/browser/test_early_play.py.

(The ``wasm`` fixture compiles the core once a session: conftest.py.)"""

from __future__ import annotations

import random

import pytest

from castling import GAMES, Position, safe_foundation_moves
from castling.app.table.board import pickable_counts, targets
from castling.app.table.choice import Held
from castling.app.table.tap import tap_choice
from castling.hint import homeward_moves
from castling.search.core import core_for

#: Deals per game, and moves per playout (undos among them).
DEALS, STEPS = (3, 31000), 60


def positions(rules, deal: int):
    """A seeded random walk from a deal, preferring foundation moves now and
    then (so that games get near their end), with undos: every position once."""
    rng = random.Random(f"tap/{rules.id}/{deal}")
    position = Position.deal(rules, deal)
    records = []
    for _ in range(STEPS):
        yield position
        moves = position.legal_moves()
        home = [move for move in moves if position.tables.is_foundation(move[1])]
        if records and (not moves or rng.random() < 0.15):
            position.undo(records.pop())
        elif moves:
            records.append(position.play(rng.choice(home) if home and rng.random() < 0.5
                                         else rng.choice(moves)))
        else:
            return


def answer(choice) -> tuple:
    return choice.kind, tuple(choice.moves), choice.source, choice.count, tuple(choice.places)


def compare(core, position: Position, rng: random.Random) -> int:
    """Every pile and count of ``position`` asked of the core and of the Python; how many."""
    core.set_position(position)
    where = position.to_text()
    compared = 0
    assert core.homeward_moves() == homeward_moves(position), where
    assert core.safe_foundation_moves() == safe_foundation_moves(position), where
    assert core.is_won() == position.is_won(), where
    n_piles = len(position.piles)
    pickable = {pile: pickable_counts(position, pile) for pile in range(n_piles)}
    for pile in range(n_piles):
        assert core.pickable_counts(pile) == pickable[pile], f"{where}: pile {pile}"
        for count in [None, *range(1, len(position.piles[pile]) + 1)]:
            expected = tap_choice(position, pile, count=count)
            assert core.tap(pile, count=count) == answer(expected), f"{where}: {pile}, {count}"
            if expected.kind == "play":        # a second tap from where it went: the first tried
                tried = (pile, expected.moves[-1][1])
                assert core.tap(pile, count=count, tried=tried) == \
                    answer(tap_choice(position, pile, count=count, tried=tried)), where
                subset = tuple(rng.sample(range(n_piles), rng.randint(0, min(4, n_piles))))
                assert core.tap(pile, count=count, tried=subset) == \
                    answer(tap_choice(position, pile, count=count, tried=subset)), where
            if count is not None:
                found = targets(position, pile, count)
                assert core.targets(pile, count) == found, f"{where}: {pile}, {count}"
            compared += 1
    # Cards held (picked up by a tap that could not choose a base, or by the
    # keyboard): a tap on every pile, and on the held cards themselves.
    held_ones = [(source, count) for source, counts in pickable.items() for count in counts]
    for source, count in rng.sample(held_ones, min(3, len(held_ones))):
        held = Held(source, count)
        for pile in range(n_piles):
            size = len(position.piles[pile])
            for tapped in {None, 1, size, count if pile == source else None} - {0}:
                if tapped is not None and tapped > size:
                    continue
                assert core.tap(pile, (source, count), count=tapped) == \
                    answer(tap_choice(position, pile, held, count=tapped)), \
                    f"{where}: {pile}, {tapped}, holding {count} of {source}"
                compared += 1
    return compared


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_core_chooses_as_the_app_does(wasm, game_id):
    rules = GAMES[game_id]
    core = core_for(rules, wasm)
    assert core is not None
    rng = random.Random(game_id)
    kinds = set()
    compared = 0
    for deal in DEALS:
        for position in positions(rules, deal):
            compared += compare(core, position, rng)
            kinds |= {tap_choice(position, pile, count=1 if position.piles[pile] else None).kind
                      for pile in range(len(position.piles))}
    assert compared > 500
    assert "play" in kinds
    if rules.chosen_base:
        assert "hold" in kinds          # a card whose only place would choose the base


def test_a_won_position_is_won_and_a_supermove_is_planned(wasm):
    """The ends the walks above may miss: every card home (won), and a run of
    Chessboard carried by a supermove's single moves."""
    rules = GAMES["chessboard"]
    core = core_for(rules, wasm)
    won = Position.from_text(rules, "\n".join(
        [f"t{n}:" for n in range(1, 11)]
        + [f"f{k + 1}: " + " ".join(r + s for r in "A23456789TJQK") for k, s in enumerate("CSHD")]))
    core.set_position(won)
    assert won.is_won() and core.is_won()
    # A Chessboard run that only a supermove carries: found along random play.
    planned = 0
    for deal in range(1, 40):
        for position in positions(rules, deal):
            for source in range(rules.pile_count("t")):
                for count in range(2, len(position.piles[source]) + 1):
                    found = targets(position, source, count)
                    if any(len(moves) > 1 for moves in found.values()):
                        core.set_position(position)
                        assert core.targets(source, count) == found
                        assert core.pickable_counts(source) == pickable_counts(position, source)
                        planned += 1
        if planned >= 2:
            break
    assert planned >= 2          # (deals 1-39 hold two such runs)
