"""The solver: wins that replay, losses that are real, a budget that holds."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from castling import GAMES, Game, Position, format_move
from castling.solver import solve

from helpers import position

ROOT = Path(__file__).resolve().parents[2]
WINS = json.loads((ROOT / "tests" / "fixtures" / "wins.json").read_text())


def replays_to_a_win(rules, number, moves) -> bool:
    game, problem = Game.replay(rules, number, [format_move(rules, m) for m in moves])
    return problem is None and game.is_won()


# Deals each game's solver settles within the budget (found by running it).
SOLVED = {"chessboard": [1, 3, 11, 12], "martha": [1, 4, 5, 8], "fortress": [5, 33],
          "lasker": [1], "selective-castle": [15], "chequers": [2], "castles-end": [7, 10, 11],
          "morphy": [6, 10, 15]}


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
