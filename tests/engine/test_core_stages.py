"""The compiled core's later stages, which the Python search does not have
(docs/solver.md, "What is the reference"): the beam that only finds wins, and
carrying on from the first stage. Their oracles: the beam never says "lost" and
its wins replay in the engine; carrying on proves a loss over every reachable
position counted once (a whole search's count); both run in slices as in one
go; and an older solver, asked for, searches as it did.

The helpers and the ``core_in_use`` fixture are test_core_solver.py's.
"""

from __future__ import annotations

from dataclasses import astuple

import pytest

from castling import GAMES, Position
from castling.search.core import core_for
from castling.search.core import tables as layout
from castling.search.core.wasm import MAX_BUDGET
from castling.search.solver import VERSION, beam_share, carries_on, python_solve, solve, stages_for

from search_helpers import assert_mirrors, assert_slices_are_one_go, replays_to_a_win, small_boards


# -- the third stage: a beam that only finds wins (solver.stages_for) ----------

SEVERAL_DECKS = [game for game in GAMES if GAMES[game].decks > 1]


def test_every_game_is_searched_in_three_stages_and_an_older_solver_as_it_was(core_in_use):
    # Solver 5: the beam for every game; solver 4 had it for the games of
    # several decks only, solver 3 for none; older ones scored otherwise.
    # Solver 6: in the one-deck games the second stage carries on from the
    # first's positions (and solvers 7 and 8 too: their scans are
    # test_core_scan.py's).
    fortress = GAMES["fortress"]
    assert [carries_on(fortress, version) for version in (3, 4, 5, 6, 7, 8)] == \
        [False] * 3 + [True] * 3
    assert {game for game in GAMES if carries_on(GAMES[game])} == set(GAMES) - set(SEVERAL_DECKS)
    assert VERSION == 8
    assert {stages_for(GAMES[game]) for game in GAMES} == {3}
    assert set(SEVERAL_DECKS) == {game for game in GAMES if stages_for(GAMES[game], 4) == 3}
    assert len(SEVERAL_DECKS) == 9     # (Chequers too: two decks)
    assert {stages_for(GAMES[game], 3) for game in GAMES} == {2}
    with pytest.raises(ValueError):
        stages_for(GAMES["fortress"], 2)
    for game, budget, share in (("zerline", 20_000, 2), ("beleaguered-castle", 20_000, 0),
                                ("beleaguered-castle", 200_000, 4)):
        rules = GAMES[game]
        position = Position.deal(rules, 8)
        core = core_for(rules)
        assert beam_share(rules, budget) == share
        three = core.solve(position, budget, beam=share)
        two = core.solve(position, budget)
        assert astuple(solve(position, budget, solver=5))[:3] == astuple(three)[:3]
        assert astuple(solve(position, budget, solver=3))[:3] == astuple(two)[:3]
        carried = core.solve(position, budget, beam=share, carry=carries_on(rules))
        assert astuple(solve(position, budget, solver=6))[:3] == astuple(carried)[:3]


def test_the_beam_has_the_last_quarter_in_a_game_of_one_deck_and_half_in_several(wasm):
    assert {beam_share(GAMES[game], 1) for game in SEVERAL_DECKS} == {2}
    one_deck = [game for game in GAMES if game not in SEVERAL_DECKS]
    assert {beam_share(GAMES[game], 200_000) for game in one_deck} == {4}
    assert {beam_share(GAMES[game], 199_999) for game in one_deck} == {0}
    # At 200,000 positions the two stages alone win Beleaguered Castle 17 past
    # half the budget, within three quarters of it: with the beam the second
    # stage ends at three quarters, so it wins it all the same (at half it
    # would not).
    rules = GAMES["beleaguered-castle"]
    core = core_for(rules, wasm)
    position = Position.deal(rules, 17)
    budget = 200_000
    two = core.solve(position, budget)
    assert two.result == "won" and budget // 2 < two.nodes <= budget * 3 // 4
    assert astuple(core.solve(position, budget, beam=4)) == astuple(two)
    assert astuple(solve(position, budget, solver=5))[:3] == astuple(two)[:3]
    assert core.solve(position, budget, beam=2).nodes != two.nodes
    # The share is 0 (no beam) or 2 and up: 1 would leave the stages nothing.
    data = layout.position_bytes(position.piles)
    core._instance.write(core._io, data)
    assert core._run("core_solve_start", len(data), budget, -1, 0, 1, 0, 0, 0) == -11


@pytest.mark.parametrize("game", GAMES)
def test_with_the_third_stage_a_loss_is_still_only_a_whole_search(game, wasm):
    # Small boards of every game (the beam switched on for all, with the
    # share the game gives it in large searches), each searched to its end by
    # the Python search: a "lost" from the core only where the Python search
    # proved it; the first stage, alike in both, decides alike; the beam,
    # where it runs, answers "won" or "unknown".
    share = beam_share(GAMES[game], MAX_BUDGET)
    for start in small_boards(game, f"third {game}"):
        core = core_for(start.rules, wasm)
        whole = python_solve(start, 100_000)
        assert whole.result in ("won", "lost")
        for budget in (whole.nodes, max(whole.nodes // 2, 1), 100_000):
            found = core.solve(start, budget, beam=share)
            if found.result == "lost":
                assert whole.result == "lost", start.piles
            if found.result == "won":
                assert whole.result == "won" and replays_to_a_win(start, found.moves)
            first = python_solve(start, budget // 4 or 1)
            if first.result != "unknown" and first.nodes <= budget // 4:
                assert (found.result, found.nodes) == (first.result, first.nodes)


def lost_boards(game, least):
    """Small boards of ``game`` proved lost, in more than ``least`` positions."""
    for start in small_boards(game, f"lost {game}", 400):
        whole = python_solve(start, 100_000)
        if whole.result == "lost" and whole.nodes > least:
            yield start, whole.nodes


@pytest.mark.parametrize("game", ["zerline", "lightweight", "soother", "chessboard"])
def test_the_beam_never_says_lost(game, wasm):
    # A lost board with too few positions for a whole search: the first two
    # stages cannot prove it, and the beam, given the rest, finds no win.
    found_any = False
    share = beam_share(GAMES[game], MAX_BUDGET)
    for start, needed in lost_boards(game, 40):
        core = core_for(start.rules, wasm)
        for budget in (needed, needed + needed // 2):
            found = core.solve(start, budget, beam=share)
            assert found.result == "unknown" and found.nodes <= budget, start.piles
        found_any = True
        break
    assert found_any


def test_the_beam_wins_deals_the_two_stages_leave_unknown(wasm):
    # Palace: at 200,000 positions the two best-first stages leave deals 1-4
    # but one unknown; with the beam given the second half, deal 4 is won
    # too, by a line the engine plays to a win.
    rules = GAMES["palace"]
    core = core_for(rules, wasm)
    won = 0
    for deal in range(1, 5):
        position = Position.deal(rules, deal)
        three = core.solve(position, 200_000, beam=2)
        two = core.solve(position, 200_000)
        assert three.result != "lost"
        if three.result == "won":
            assert replays_to_a_win(position, three.moves)
            won += two.result != "won"
    assert won >= 1


def test_the_beam_wins_a_one_deck_deal_the_two_stages_leave_unknown(wasm):
    # Beleaguered Castle 79 at 200,000 positions: the two stages alone leave it
    # unknown; with the beam given the last quarter, solve wins it, by a line
    # it has replayed in the engine (as every won line of the core's).
    position = Position.deal(GAMES["beleaguered-castle"], 79)
    assert core_for(position.rules, wasm).solve(position, 200_000).result == "unknown"
    found = solve(position, 200_000, solver=5)
    assert (found.search, found.result) == ("core", "won")
    assert replays_to_a_win(position, found.moves)


@pytest.mark.parametrize("slice_size", [1, 37, 4096])
def test_the_beam_run_in_slices_is_the_beam_run_in_one_go(slice_size, wasm):
    # And the same answer twice: the beam is deterministic.
    rules = GAMES["zerline"]
    core = core_for(rules, wasm)
    for deal in (1, 2):
        assert_slices_are_one_go(core, Position.deal(rules, deal), 30_000, slice_size, beam=2)
    # And the beam leaves its table empty: the two stages answer as before.
    assert_mirrors(core, Position.deal(rules, 3), 2_000, "after the beam")


# -- the second stage carrying on from the first (solver 6: solver.carries_on) --

def test_carrying_on_proves_a_loss_in_the_reachable_positions_counted_once(wasm):
    # Beleaguered Castle 1 and 35 are lost: the Python search's first stage,
    # given room, counts every position reachable (553 and 28,701). Carrying
    # on, the two stages together count each of them once: given one more
    # than that, "lost" in exactly that many, where two stages searching
    # afresh (the first stage's positions again) say "unknown". The first
    # stage, a quarter of the budget, runs out in the middle of an expansion,
    # which the second must finish; and ended by the clock instead (between
    # two expansions: core_solve_stop), the same.
    rules = GAMES["beleaguered-castle"]
    core = core_for(rules, wasm)
    for deal, reachable in ((1, 553), (35, 28_701)):
        position = Position.deal(rules, deal)
        whole = python_solve(position, 4 * (reachable + 1))
        assert (whole.result, whole.nodes) == ("lost", reachable)
        carried = core.solve(position, reachable + 1, carry=True)
        assert (carried.result, carried.nodes) == ("lost", reachable), deal
        assert core.solve(position, reachable + 1).result == "unknown"
        assert core.solve(position, reachable, carry=True).result == "unknown"
        data = layout.position_bytes(position.piles)
        core._instance.write(core._io, data)
        assert core._run("core_solve_start", len(data), reachable + 1, -1, 0, 0, 1, 0, 0) > 0
        assert core._run("core_solve_step", 100) == 4          # the first stage, stopped
        assert core._run("core_solve_stop") == 5               # the second carries on
        assert core._run("core_solve_step", MAX_BUDGET) == 2   # lost
        assert int.from_bytes(core._get(4), "little") == reachable


@pytest.mark.parametrize("game", GAMES)
def test_carrying_on_a_loss_is_still_every_reachable_position(game, wasm):
    # Small boards of every game, each searched to its end by the Python
    # search; the core carrying on, with the beam at the game's share (as
    # solve searches large budgets): "lost" only where the Python search
    # proved it, and in as many positions as its whole first stage counted;
    # given room enough for those, "lost" it is; "won" by a line the engine
    # plays to a win.
    share = beam_share(GAMES[game], MAX_BUDGET)
    for start in small_boards(game, f"carry {game}"):
        core = core_for(start.rules, wasm)
        whole = python_solve(start, 400_000)
        assert whole.result in ("won", "lost") and whole.nodes <= 100_000   # (the first stage)
        enough = -(-(whole.nodes + 1) * share // (share - 1))
        for budget in (whole.nodes, max(whole.nodes // 2, 1), enough, 100_000):
            found = core.solve(start, budget, beam=share, carry=True)
            if found.result == "lost":
                assert (whole.result, found.nodes) == ("lost", whole.nodes), start.piles
            if found.result == "won":
                assert whole.result == "won" and replays_to_a_win(start, found.moves)
            if budget >= enough and whole.result == "lost":
                assert found.result == "lost", start.piles


@pytest.mark.parametrize("slice_size", [1, 37, 4096])
def test_carrying_on_in_slices_is_carrying_on_in_one_go(slice_size, wasm):
    # Beleaguered Castle 1 (lost), 2 and 8 at 2,000 positions, carrying on.
    rules = GAMES["beleaguered-castle"]
    core = core_for(rules, wasm)
    for deal in (1, 2, 8):
        assert_slices_are_one_go(core, Position.deal(rules, deal), 2_000, slice_size, carry=1)
    # And it leaves its table empty: the two stages afresh answer as before.
    assert_mirrors(core, Position.deal(rules, 3), 2_000, "after carrying on")


def test_carrying_on_wins_a_deal_two_stages_afresh_leave_unknown(core_in_use):
    # Beleaguered Castle 20 at 20,000 positions: solver 5 (two stages, each
    # searched afresh) leaves it unknown; solver 6 wins it in some 7,000, by a
    # line replayed in the engine.
    position = Position.deal(GAMES["beleaguered-castle"], 20)
    assert solve(position, 20_000, solver=5).result == "unknown"
    found = solve(position, 20_000)
    assert (found.search, found.result) == ("core", "won")
    assert replays_to_a_win(position, found.moves)
