"""The solver: wins that replay, losses that are real, a budget that holds."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from castling import GAMES, Game, Position, format_move
from castling.search.solver import solve

from helpers import position
from search_helpers import small_game, small_position

ROOT = Path(__file__).resolve().parents[2]
WINS = json.loads((ROOT / "tests" / "fixtures" / "wins.json").read_text())


def replays_to_a_win(rules, number, moves) -> bool:
    game, problem = Game.replay(rules, number, [format_move(rules, m) for m in moves])
    return problem is None and game.is_won()


# Deals the solver wins within the budget (found by running it; docs/winnability.md).
SOLVED = {"chessboard": [1, 2, 3, 5, 6], "morphy": [1, 2, 3, 4, 5], "chequers": [1, 2, 3],
          "martha": [1, 3, 4, 5], "fortress": [2, 3, 5], "lasker": [1, 2, 3],
          "selective-castle": [1, 2, 4], "castles-end": [1, 2, 3],
          "streets-and-alleys": [7], "beleaguered-castle": [2], "citadel": [1],
          "exiled-kings": [1], "penelopes-web": [4], "stronghold": [1], "private-lane": [1],
          "siegecraft": [1], "bastion": [1], "ten-by-one": [1], "somerset": [2], "morehead": [1],
          "canister": [3], "american-canister": [54], "lightweight": [7], "palace": [14],
          "castle-of-indolence": [1], "rittenhouse": [1], "zerline": [66]}


@pytest.mark.parametrize("game_id, number",
                         [(g, n) for g, numbers in SOLVED.items() for n in numbers])
def test_winning_lines_replay_to_a_win(game_id, number):
    rules = GAMES[game_id]
    result = solve(Position.deal(rules, number), max_nodes=60_000)
    assert result.result == "won"
    assert replays_to_a_win(rules, number, result.moves)


def test_it_solves_from_the_middle_of_a_game():
    win = WINS["martha"]
    rules = GAMES["martha"]
    game, _ = Game.replay(rules, win["deal"], win["moves"][:100])
    result = solve(game.position, max_nodes=60_000)
    assert result.result == "won"
    for move in result.moves:
        game.play(move)
    assert game.is_won()


@pytest.mark.parametrize("game_id, text", [
    ("chessboard", "t1: 7H 7C\nt2: 2C\nt3: 9S\nt4: 4D\nt5: QH\nt6: 5C\nt7: KS\nt8: TD\nt9: 3H\nt10: 2H"),
    ("martha", "f1: AC\nt1: 3C 2C\nt2: 5H\nt3: 5D\nt4: 9S\nt5: 9C\nt6: JH\nt7: JD\nt8: KS\n"
               "t9: KC\nt10: 7H\nt11: 7D\nt12: QS"),
    ("selective-castle", "f1: 5C\nt1: 7C 6C\nt2: 9H\nt3: 9D\nt4: JH\nt5: JD\nt6: KH\nt7: KD\nt8: 3S"),
])
def test_hand_built_dead_ends_are_proved_lost(game_id, text):
    # Each position has a move or two, but the card each foundation needs is
    # buried under a card with nowhere to go.
    result = solve(position(game_id, text), max_nodes=100_000)
    assert result.result == "lost"


def test_the_node_budget_is_honoured():
    result = solve(Position.deal(GAMES["morphy"], 2), max_nodes=500)
    assert result.result == "unknown" and result.nodes <= 501


def test_a_won_position_needs_no_moves():
    assert solve(position("chessboard", "")).result == "won"


def run_cli(*args):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "castling", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_solve_command_prints_a_replayable_line():
    done = run_cli("solve", "chessboard", "3", "--max-nodes", "50000")
    assert done.returncode == 0 and done.stderr == ""
    result = json.loads(done.stdout)
    assert result["result"] == "won" and result["nodes"] > 0
    replay = run_cli("moves", "chessboard", "3", *result["moves"])
    assert json.loads(replay.stdout)["won"] is True


@pytest.mark.parametrize("args", [["solve", "chessboard", "3", "--max-nodes", "0"],
                                  ["solve", "chessboard", "3", "--max-nodes", "many"],
                                  ["solve", "nope", "3"], ["solve", "chessboard", "0"]])
def test_solve_command_refuses_bad_input(args):
    done = run_cli(*args)
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.strip().splitlines()) == 1


def test_only_the_given_first_moves_are_tried():
    rules = GAMES["chessboard"]
    start = Position.deal(rules, 1)
    founding = [m for m in start.legal_moves() if start.tables.is_foundation(m[1])]
    tableau = [m for m in start.legal_moves() if m not in founding]
    result = solve(start, max_nodes=60_000, first_moves=tableau)
    assert result.result == "won" and result.moves[0] in tableau
    assert replays_to_a_win(rules, 1, result.moves)
    assert solve(start, first_moves=[]).result == "lost"


def exhaustively_winnable(position: Position) -> bool:
    """Plain search of every reachable position, no shortcuts but the order of piles
    (where it does not matter: Rittenhouse's piles each feed their own foundation).
    Depth first on one position, each move played and taken back by the engine
    (a stack of the moves left to try at each depth, and of what each move did)."""
    n = position.tables.n_tableau if not position.rules.founding.feeds else 0
    current = position.copy()
    seen = set()
    untried = []        # per depth, the moves not yet tried there
    played = []         # per depth below the first, the record of the move that led there
    while True:
        if current.is_won():
            return True
        piles = current.piles
        key = (tuple(sorted(map(tuple, piles[:n]))), tuple(map(tuple, piles[n:])))
        new = key not in seen           # (a position met before: nothing to try, go back)
        seen.add(key)
        untried.append(iter(current.legal_moves() if new else ()))
        while True:
            move = next(untried[-1], None)
            if move is not None:
                played.append(current.play(move))
                break
            untried.pop()
            if not played:
                return False
            current.undo(played.pop())


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_verdicts_agree_with_a_plain_exhaustive_search(game_id, seed):
    rng = random.Random(seed)
    start = small_position(small_game(GAMES[game_id], rng), rng)
    result = solve(start, max_nodes=10**6)
    assert result.result == ("won" if exhaustively_winnable(start) else "lost")
    if result.result == "won":
        game = start.copy()
        for move in result.moves:
            game.play(move)
        assert game.is_won()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_solvers_quick_moves_do_what_the_engine_does(game_id):
    """The solver plays plain moves on its packed positions itself; along random
    games, every legal move it plays so lands where the engine's apply does."""
    from castling.search.python_search import _Search
    rng = random.Random(game_id)
    checked = 0
    for number in range(1, 7):
        position = Position.deal(GAMES[game_id], number)
        search = _Search(position)
        for _ in range(60):
            moves = position.legal_moves()
            if not moves:
                break
            packed = list(map(bytes, position.piles))
            for move in moves:
                quick = search.child(packed, move)
                if quick is not None:
                    after = position.copy()
                    after.play(move)
                    assert quick == list(map(bytes, after.piles)), move
                    checked += 1
            position.play(rng.choice(moves))
    # Compulsory founding (Rittenhouse) follows every move: apply plays them all.
    assert checked == 0 if GAMES[game_id].founding.forced else checked > 20


def test_python_solve_keeps_to_a_memory_cap_by_its_own_estimate():
    from castling.search.solver import python_budget_within, python_solve
    hard = Position.deal(GAMES["beleaguered-castle"], 8)    # not decided in 100,000 positions
    cap = 32 << 20
    fits = python_budget_within(hard, cap)
    assert 10_000 < fits < 20_000       # (32 MiB less the memos' 24, at 584 bytes a position)
    found = python_solve(hard, 10**8, memory=cap)
    assert (found.result, found.nodes) == ("unknown", fits)
    # The same answer as the budget it was cut to.
    assert found == python_solve(hard, fits)


@pytest.mark.parametrize("budgets", [dict(seconds=0), dict(seconds=-1.0), dict(memory=0)])
def test_a_budget_of_no_time_or_no_memory_is_an_error(budgets):
    from castling.search.solver import python_solve
    with pytest.raises(ValueError):
        python_solve(Position.deal(GAMES["chessboard"], 3), 20_000, **budgets)
