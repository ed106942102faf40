"""The compiled core's scans: a depth-first stage that runs after the
best-first stages, with a share of the budget (solver 7:
castling.search.plan.scan_share; search_solve.c describes it), and from solver 8 the
shuffled scan after it, as much again, its positions of one score in another
order (castling.search.plan.scans_shuffled). The Python search has no twin of them, so
their oracles are their own: its wins replay in the engine; its "lost" is a whole search, the very
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
from castling.search.core import codes
from castling.search.core.wasm import MAX_BUDGET
from castling.search.solver import (VERSION, beam_share, carries_on, python_solve, scan_share,
                                    scans_shuffled, solve)

from search_helpers import assert_mirrors, assert_slices_are_one_go, replays_to_a_win, small_boards


def test_solver_8_scans_twice_in_the_one_deck_games_given_a_large_budget(core_in_use):
    assert VERSION == 8
    for game in GAMES:
        rules = GAMES[game]
        assert scan_share(rules, 200_000) == 16
        assert scans_shuffled(rules, 200_000) == (rules.decks == 1)     # (one deck: see plan)
        assert scan_share(rules, 199_999) == 0      # (the study's 20,000: no scan)
        assert not scans_shuffled(rules, 199_999)
        assert scan_share(rules, 10**9, 6) == 0     # older solvers searched without them
        assert scan_share(rules, 10**9, 7) == 16 and not scans_shuffled(rules, 10**9, 7)
    # Solvers 6 and 7 asked for searches as they did: without the scans, and
    # with the first alone. (Deal 44 is undecided at this budget: every
    # stage runs to its end.)
    rules = GAMES["streets-and-alleys"]
    position = Position.deal(rules, 44)
    core = core_for(rules)
    beam = beam_share(rules, 200_000)
    six = core.solve(position, 200_000, beam=beam, carry=True)
    assert astuple(solve(position, 200_000, solver=6))[:3] == astuple(six)[:3]
    seven = core.solve(position, 200_000, beam=beam, carry=True, scan=16)
    assert astuple(solve(position, 200_000, solver=7))[:3] == astuple(seven)[:3]
    eight = core.solve(position, 200_000, beam=beam, carry=True, scan=16, shuffled=True)
    assert astuple(solve(position, 200_000))[:3] == astuple(eight)[:3]


@pytest.mark.parametrize("deal", [69, 90])
def test_the_scan_wins_at_once_deals_the_best_first_stages_leave_unknown(deal, core_in_use):
    # Streets and Alleys 69 and 90: solver 6 leaves them unknown within
    # 400,000 positions (more than a second's worth; and within a million).
    # Solver 7's second stage ends a sixteenth sooner, at 275,000, and the
    # scan then wins each in some 2,000 positions, by a line the engine
    # plays to a win; solver 8's ends two sixteenths sooner, and its scan
    # wins them alike from 250,000.
    position = Position.deal(GAMES["streets-and-alleys"], deal)
    assert solve(position, 400_000, solver=6).result == "unknown"
    for solver, second_end in ((7, 275_000), (8, 250_000)):
        found = solve(position, 400_000, solver=solver)
        assert (found.search, found.result) == ("core", "won")
        assert second_end < found.nodes < second_end + 400_000 // 16
        assert replays_to_a_win(position, found.moves)


def test_the_shuffled_scan_wins_a_deal_the_scan_leaves_unknown(core_in_use):
    # Penelope's Web 69 within 400,000 positions: solver 7 leaves it
    # unknown, scan and all; solver 8's shuffled scan, from 275,000 to
    # 300,000, wins it by a line the engine plays to a win.
    position = Position.deal(GAMES["penelopes-web"], 69)
    assert solve(position, 400_000, solver=7).result == "unknown"
    found = solve(position, 400_000)
    assert (found.search, found.result) == ("core", "won")
    assert 275_000 < found.nodes < 300_000
    assert replays_to_a_win(position, found.moves)


def scan_alone(core, position, budget, carry, shuffled=False):
    """The core's search with ``budget`` positions for the scan (half the
    whole; or for each scan, a third), its other stages ended before they
    count a position (as the clock ends them: core_solve_stop), so the scan,
    or the shuffled scan, searches alone: its verdict, count and line."""
    data = layout.position_bytes(position.piles)
    core._instance.write(core._io, data)
    share = 3 if shuffled else 2
    assert core._run("core_solve_start", len(data), share * budget, -1, 0, 0, int(carry), share,
                     int(shuffled)) == share * budget
    assert core._run("core_solve_stop") == codes.RUNNING_SECOND
    assert core._run("core_solve_stop") == codes.RUNNING_SCAN
    if shuffled:
        assert core._run("core_solve_stop") == codes.RUNNING_SHUFFLED
    found = core.answer(core._run("core_solve_step", MAX_BUDGET))
    return found.result, found.nodes, found.moves


@pytest.mark.parametrize("shuffled", [False, True], ids=["scan", "shuffled"])
@pytest.mark.parametrize("game", GAMES)
def test_the_scan_proves_a_loss_in_every_reachable_position_and_wins_by_lines_that_replay(
        game, shuffled, wasm):
    # Small boards of every game, each searched to its end by the Python
    # search. The scan (or the shuffled scan) alone, given room for every
    # position: "lost" where
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
        room = whole.nodes + 1 if whole.result == "lost" else 200_000
        verdict, nodes, moves = scan_alone(core, start, room, carry, shuffled)
        assert verdict == whole.result, start.piles
        if verdict == "lost":
            assert nodes == whole.nodes, start.piles
        else:
            assert replays_to_a_win(start, moves)
        if whole.result == "lost" and whole.nodes > 1:
            assert scan_alone(core, start, whole.nodes - 1, carry, shuffled)[0] == "unknown"
        for budget in (whole.nodes, 200_000):
            found = core.solve(start, budget, beam=beam, carry=carry, scan=16, shuffled=shuffled)
            if found.result == "lost":
                assert whole.result == "lost", start.piles
            if found.result == "won":
                assert whole.result == "won" and replays_to_a_win(start, found.moves)


@pytest.mark.parametrize("slice_size", [1, 37, 4096])
def test_the_scan_in_slices_is_the_scan_in_one_go(slice_size, wasm):
    # Streets and Alleys 69 (won by the scan), 2 and 1, at 40,000 positions
    # with the scans' and the beam's shares, carrying on; and Penelope's Web
    # 69 (won by the shuffled scan) at 400,000, in slices of 4,096.
    rules = GAMES["streets-and-alleys"]
    core = core_for(rules, wasm)
    for deal in (69, 2, 1):
        assert_slices_are_one_go(core, Position.deal(rules, deal), 40_000, slice_size,
                                 beam=4, carry=1, scan=16, shuffled=1)
    if slice_size == 4096:
        web = GAMES["penelopes-web"]
        assert_slices_are_one_go(core_for(web, wasm), Position.deal(web, 69), 400_000,
                                 slice_size, beam=4, carry=1, scan=16, shuffled=1)
    # And the scans leave their tables empty: the two stages answer as before.
    assert_mirrors(core, Position.deal(rules, 3), 2_000, "after the scan")


def test_a_share_of_one_is_refused_and_a_search_by_time_ends_within_it(wasm):
    # A share of 1 would leave the other stages nothing, and two scans of a
    # half each too; the shuffled scan is asked for by 1 or 0. A search by
    # time through solve(): the scans' shares of the time, then the beam's,
    # and the answer within it.
    rules = GAMES["streets-and-alleys"]
    core = core_for(rules, wasm)
    data = layout.position_bytes(Position.deal(rules, 1).piles)
    core._instance.write(core._io, data)
    for scan, shuffled in ((1, 0), (2, 1), (16, 2), (0, 1)):
        assert core._run("core_solve_start", len(data), 40_000, -1, 0, 0, 1, scan,
                         shuffled) == codes.E_SHARE
    assert core._run("core_solve_start", len(data), 40_000, -1, 0, 0, 1, 3, 1) == 40_000
    position = Position.deal(rules, 44)
    began = time.monotonic()
    found = core.solve(position, 2**31 - 1, seconds=0.4, beam=4, carry=True, scan=16,
                       shuffled=True)
    assert found.result == "unknown" and time.monotonic() - began < 0.4 + 2.0
