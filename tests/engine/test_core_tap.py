"""The compiled core answers the player's side of a move as the app does
(tap.c): along random play of all 31 games, and along a won line of each game
the solver wins early, at every position, for every pile and count, its one-tap
choice is ``castling.app.table.tap.tap_choice``'s (with nothing held, with
places tried, with cards held), its drop places and their moves are
``board.targets``', its counts ``board.pickable_counts``', its foundation moves
``hint.homeward_moves`` and ``safe_foundation_moves``, and ``is_won`` the
position's — what the page's early table plays by before Python is up
(web/first-table/play.js), held equal here in CPython through wasmtime, and
in a browser by tests/browser/test_early_play.py.

(The ``wasm`` fixture compiles the core once a session: conftest.py.)"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from castling import GAMES, GameRules, Position, safe_foundation_moves
from castling.app.table.board import pickable_counts, targets
from castling.app.table.choice import Held
from castling.app.table.tap import tap_choice, tap_places
from castling.hint import homeward_moves
from castling.search.core import core_for
from castling.search.core.wasm import Core

#: Deals walked at random per game, and steps per walk (undos among them).
DEALS, STEPS = (3, 31000), 50
#: The won line: the first deal from 1 up that the solver wins in this many
#: positions, among these deals (all but four games have one in their first 30).
WIN_BUDGET, WIN_DEALS = 20000, range(1, 31)
#: Along it, every how many positions are compared, and how many at its end all
#: are (where cards go home on their own, and the last ones win).
LINE_EVERY, NEAR_THE_END = 6, 25
#: Every how many positions cards are held from every pickable (source, count)
#: and every pile tapped (between them, three held ones at random).
ALL_HELD_EVERY = 3


def walk(rules: GameRules, deal: int) -> Iterator[Position]:
    """A seeded random walk from a deal, preferring foundation moves half the
    time (so that games get on), with undos: every position once."""
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


def won_line(core: Core, rules: GameRules, every: int = 1) -> Iterator[Position]:
    """The positions of the solver's line through the first deal it wins
    (none if it wins none of WIN_DEALS within WIN_BUDGET): every ``every``-th
    one, and each of the last NEAR_THE_END, to the won end."""
    for deal in WIN_DEALS:
        position = Position.deal(rules, deal)
        found = core.solve(position, WIN_BUDGET)
        if found.result == "won":
            for at, move in enumerate(found.moves):
                if at % every == 0 or at >= len(found.moves) - NEAR_THE_END:
                    yield position
                position.play(move)
            yield position
            return


def answer(choice) -> tuple:
    """A Choice (or the core's TapChoice) as a plain tuple of its fields."""
    return choice.kind, tuple(choice.moves), choice.source, choice.count, tuple(choice.places)


def same_tap(core: Core, position: Position, pile: int, held: Held | None,
             count: int | None, tried: tuple[int, ...], seen: Counter) -> None:
    expected = tap_choice(position, pile, held, count=count, tried=tried)
    got = core.tap_choice(pile, held, count=count, tried=tried)
    assert answer(got) == answer(expected), \
        f"{position.to_text()}\ntap on {pile}, count {count}, holding {held}, tried {tried}"
    seen["choices"] += 1
    seen[expected.kind] += 1
    if expected.kind == "play" and expected.moves[0][0] == position.tables.stock:
        seen["stock turned"] += 1
    if expected.kind == "play" and len(expected.moves) > 1:
        seen["supermove played"] += 1


def compare(core: Core, position: Position, rng: random.Random, seen: Counter) -> None:
    """Every pile and count of ``position`` asked of the core and of the Python."""
    core.set_position(position)
    where = position.to_text()
    seen["positions"] += 1
    assert core.homeward_moves() == homeward_moves(position), where
    assert core.safe_foundation_moves() == safe_foundation_moves(position), where
    assert core.is_won() == position.is_won(), where
    seen["won"] += position.is_won()
    n_piles = len(position.piles)
    pickable = {pile: pickable_counts(position, pile) for pile in range(n_piles)}
    for pile in range(n_piles):
        assert core.pickable_counts(pile) == pickable[pile], f"{where}\npile {pile}"
        size = len(position.piles[pile])
        for count in [None, *range(1, size + 1)]:
            # the first tap; a second one (its first place tried, and the pile
            # it came from); piles tried at random
            same_tap(core, position, pile, None, count, (), seen)
            if count not in pickable[pile]:
                continue        # (nothing to send anywhere: the piles tried never matter)
            places = tap_places(position, pile, count)
            tries = [(pile, *places[:1]), tuple(places[:1]), tuple(places),
                     tuple(rng.sample(range(n_piles), rng.randint(1, min(5, n_piles))))]
            for tried in tries:
                same_tap(core, position, pile, None, count, tried, seen)
        for count in range(size + 2):
            found = targets(position, pile, count)
            assert core.targets(pile, count) == found, f"{where}\npile {pile}, count {count}"
            seen["targets"] += 1
            seen["supermove planned"] += any(len(moves) > 1 for moves in found.values())
    # Cards held (picked up by a tap that could not choose a base, or by the
    # keyboard): a tap on every pile, on its top card, on none, and on the
    # held cards themselves (put back); from every pickable (source, count)
    # at every ALL_HELD_EVERY-th position, from three at random between.
    held_ones = [Held(source, count) for source, counts in pickable.items()
                 for count in sorted(counts)]
    if seen["positions"] % ALL_HELD_EVERY:
        held_ones = rng.sample(held_ones, min(3, len(held_ones)))
    for held in held_ones:
        for pile in range(n_piles):
            size = len(position.piles[pile])
            tapped = {None, 1 if size else None, held.count if pile == held.source else None}
            for count in tapped:
                same_tap(core, position, pile, held, count, (), seen)
    # (a supermove's trial play taken back: the core's position is as it was set)
    assert core.piles() == position.piles and core.depth == 0, where


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_core_chooses_as_the_app_does(wasm, game_id):
    rules = GAMES[game_id]
    core = core_for(rules, wasm)
    assert core is not None
    rng = random.Random(game_id)
    seen: Counter = Counter()
    for deal in DEALS:
        for position in walk(rules, deal):
            compare(core, position, rng, seen)
    for position in won_line(core, rules, LINE_EVERY):
        compare(core, position, rng, seen)
    print(f"{game_id}: {dict(seen)}")
    assert seen["play"] and seen["nothing"] and seen["put_back"]
    if rules.chosen_base:
        assert seen["hold"]          # a card whose only place would choose the base
    if rules.stock is not None:
        assert seen["stock turned"]
    if rules.tableau.supermove:
        assert seen["supermove planned"]


@pytest.mark.parametrize("game_id", ["chessboard", "zerline", "lasker", "castle-of-indolence"])
def test_a_won_line_ends_won_in_the_core_too(wasm, game_id):
    """The end the random walks never reach: every card home, in a
    chosen-base game with a supermove, a stock game, another chosen-base
    game and an eight-foundation one."""
    rules = GAMES[game_id]
    core = core_for(rules, wasm)
    line = list(won_line(core, rules))
    assert line, f"the solver won none of {game_id}'s deals {WIN_DEALS}"
    end = line[-1]
    core.set_position(end)
    assert end.is_won() and core.is_won()
    assert core.homeward_moves() == [] and core.tap_choice(0, count=None).kind == "nothing"


#: Chessboard, nearly won: a run of three spades (9 8 7, on t1) that only a
#: supermove carries onto the ten (t4), with seven empty piles to carry it by,
#: or two, or one (then no plan carries three cards).
FOUNDED = """f1: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
f3: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
f4: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"""
RUNS = {
    "seven spare piles": "t1: 9S 8S 7S\nt2:\nt3:\nt4: TS\nt5: JS QS KS\nt6:\nt7:\nt8:\n"
                         "t9:\nt10:\nf2: AS 2S 3S 4S 5S 6S",
    "two spare piles": "t1: 9S 8S 7S\nt2:\nt3:\nt4: TS\nt5: JS\nt6: QS\nt7: KS\nt8: 4S\n"
                       "t9: 5S\nt10: 6S\nf2: AS 2S 3S",
    "one spare pile": "t1: 9S 8S 7S\nt2:\nt3: 3S\nt4: TS\nt5: JS\nt6: QS\nt7: KS\nt8: 4S\n"
                      "t9: 5S\nt10: 6S\nf2: AS 2S",
}


@pytest.mark.parametrize("spread", sorted(RUNS))
def test_a_supermove_is_planned_played_and_taken_back_as_the_app_does(wasm, spread):
    """A run that only a supermove carries (its plan checked by trial play in
    the core, and taken back), or that none can: every question asked of the
    core as of the Python, and the core's position as it was set."""
    rules = GAMES["chessboard"]
    core = core_for(rules, wasm)
    position = Position.from_text(rules, RUNS[spread] + "\n" + FOUNDED)
    seen: Counter = Counter()
    compare(core, position, random.Random(1), seen)
    choice = tap_choice(position, 0, count=3)
    if spread == "one spare pile":
        assert choice.kind == "nothing" and not seen["supermove played"]
    else:
        assert seen["supermove planned"] and seen["supermove played"]
        assert choice.kind == "play" and choice.moves[-1][1] == 3 and len(choice.moves) > 1
    assert core.piles() == position.piles and core.depth == 0


def test_the_core_refuses_what_it_cannot_answer(wasm):
    """No rules: E_NO_RULES from every export; a pile beyond the game's: an error."""
    rules = GAMES["zerline"]
    core = core_for(rules, wasm)
    core.set_position(Position.deal(rules, 1))
    n_piles = len(rules.pile_names)
    with pytest.raises(RuntimeError, match="does not fit"):
        core.tap_choice(n_piles, count=1)
    with pytest.raises(RuntimeError, match="does not fit"):
        core.tap_choice(0, Held(n_piles, 1), count=1)
    with pytest.raises(RuntimeError, match="does not fit"):
        core.targets(n_piles, 1)
    with pytest.raises(RuntimeError, match="does not fit"):
        core.pickable_counts(-1)
    instance = wasm_instance(wasm)
    for name, args in [("core_tap", (0, 1, -1, 0)), ("core_targets", (0, 1)),
                       ("core_pickable", (0,)), ("core_safe_home", ()),
                       ("core_homeward", ()), ("core_is_won", ())]:
        assert instance.call(name, *args) == -5, name          # E_NO_RULES


def wasm_instance(path):
    """A fresh instance of the module, no rules loaded."""
    from castling.search.core import wasmtime_module
    return wasmtime_module.WasmtimeModule(path).instantiate()
