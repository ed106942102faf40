"""The compiled core's scan (solver 7): a depth-first stage that runs after
the best-first stages, with a share of the budget (castling.search.plan.scan_share;
search_solve.c describes it). The Python search has no twin of it, so its oracles are its
own: its wins replay in the engine; its "lost" is a whole search, the very
count of positions the Python search's exhaustive first stage makes on the
same small board; run in slices it is the scan run in one go; and what it
leaves undecided the stages after it search as they would a whole budget.

The ``wasm`` and ``core_in_use`` fixtures are conftest.py's.
"""

from __future__ import annotations

import time
from dataclasses import astuple

import pytest

from castling import GAMES, Position
from castling.search.core import core_for
from castling.search.core import tables as layout
from castling.search.core.wasm import MAX_BUDGET
from castling.search.solver import (VERSION, beam_share, carries_on, python_solve, scan_share,
                                    solve)

from search_helpers import assert_mirrors, assert_slices_are_one_go, replays_to_a_win, small_boards


def test_solver_7_scans_first_in_every_game_given_a_large_budget(core_in_use):
    assert VERSION == 7
    for game in GAMES:
        rules = GAMES[game]
        assert scan_share(rules, 200_000) == 16
        assert scan_share(rules, 199_999) == 0      # (the study's 20,000: no scan)
        assert scan_share(rules, 10**9, 6) == 0     # an older solver searched without it
    # Solver 6 asked for searches as it did, without the scan.
    rules = GAMES["streets-and-alleys"]
    position = Position.deal(rules, 3)
    core = core_for(rules)
    six = core.solve(position, 200_000, beam=beam_share(rules, 200_000), carry=True)
    assert astuple(solve(position, 200_000, solver=6))[:3] == astuple(six)[:3]


@pytest.mark.parametrize("deal", [69, 90])
def test_the_scan_wins_at_once_deals_the_best_first_stages_leave_unknown(deal, core_in_use):
    # Streets and Alleys 69 and 90: solver 6 leaves them unknown within
    # 400,000 positions (more than a second's worth; and within a million).
    # Solver 7's second stage ends a sixteenth sooner, at 275,000, and the
    # scan then wins each in some 2,000 positions, by a line the engine
    # plays to a win.
    position = Position.deal(GAMES["streets-and-alleys"], deal)
    assert solve(position, 400_000, solver=6).result == "unknown"
    found = solve(position, 400_000)
    assert (found.search, found.result) == ("core", "won")
    assert 275_000 < found.nodes < 275_000 + 400_000 // 16
    assert replays_to_a_win(position, found.moves)


def scan_alone(core, position, budget, carry):
    """The core's search with the scan's share half of ``budget``, its
    best-first stages ended before they count a position (as the clock ends
    them: core_solve_stop), so the scan searches alone: its verdict, count
    and line."""
    data = layout.position_bytes(position.piles)
    core._instance.write(core._io, data)
    assert core._run("core_solve_start", len(data), budget, -1, 0, 0, int(carry), 2) == budget
    assert core._run("core_solve_stop") == 5                # the second stage
    assert core._run("core_solve_stop") == 7                # the scan
    found = core.answer(core._run("core_solve_step", MAX_BUDGET))
    return found.result, found.nodes, found.moves


@pytest.mark.parametrize("game", GAMES)
def test_the_scan_proves_a_loss_in_every_reachable_position_and_wins_by_lines_that_replay(
        game, wasm):
    # Small boards of every game, each searched to its end by the Python
    # search. The scan alone, given room for every position: "lost" where
    # the Python search proved it, in exactly as many positions as its whole
    # first stage counted (every position reachable, counted once), and
    # "won" where it proved that, by a line the engine plays to a win; given
    # fewer, never "lost". And solve's whole search, the scan in its place
    # among the stages at the game's shares: "lost" only where the Python
    # search proved it.
    rules = GAMES[game]
    beam, carry = beam_share(rules, MAX_BUDGET), carries_on(rules)
    for start in small_boards(game, f"scan {game}"):
        core = core_for(start.rules, wasm)
        whole = python_solve(start, 400_000)
        assert whole.result in ("won", "lost") and whole.nodes <= 100_000   # (the first stage)
        # (A won board's every position: fewer than 200,000 on these boards.)
        room = 2 * whole.nodes + 2 if whole.result == "lost" else 400_000
        verdict, nodes, moves = scan_alone(core, start, room, carry)
        assert verdict == whole.result, start.piles
        if verdict == "lost":
            assert nodes == whole.nodes, start.piles
        else:
            assert replays_to_a_win(start, moves)
        if whole.result == "lost" and whole.nodes > 1:
            assert scan_alone(core, start, 2 * whole.nodes - 2, carry)[0] == "unknown"
        for budget in (whole.nodes, 200_000):
            found = core.solve(start, budget, beam=beam, carry=carry, scan=16)
            if found.result == "lost":
                assert whole.result == "lost", start.piles
            if found.result == "won":
                assert whole.result == "won" and replays_to_a_win(start, found.moves)


@pytest.mark.parametrize("slice_size", [1, 37, 4096])
def test_the_scan_in_slices_is_the_scan_in_one_go(slice_size, wasm):
    # Streets and Alleys 69 (won by the scan), 2 and 1, at 40,000 positions
    # with the scan's and the beam's shares, carrying on.
    rules = GAMES["streets-and-alleys"]
    core = core_for(rules, wasm)
    for deal in (69, 2, 1):
        assert_slices_are_one_go(core, Position.deal(rules, deal), 40_000, slice_size,
                                 beam=4, carry=1, scan=16)
    # And the scan leaves its table empty: the two stages answer as before.
    assert_mirrors(core, Position.deal(rules, 3), 2_000, "after the scan")


def test_a_share_of_one_is_refused_and_a_search_by_time_ends_within_it(wasm):
    # A share of 1 would leave the other stages nothing. A search by time
    # through solve(): the scan's share of the time, then the beam's, and
    # the answer within it.
    rules = GAMES["streets-and-alleys"]
    core = core_for(rules, wasm)
    data = layout.position_bytes(Position.deal(rules, 1).piles)
    core._instance.write(core._io, data)
    assert core._run("core_solve_start", len(data), 40_000, -1, 0, 0, 1, 1) == -11
    position = Position.deal(rules, 44)
    began = time.monotonic()
    found = core.solve(position, 2**31 - 1, seconds=0.4, beam=4, carry=True, scan=16)
    assert found.result == "unknown" and time.monotonic() - began < 0.4 + 2.0
