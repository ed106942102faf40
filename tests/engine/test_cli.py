"""The command line of docs/rules.md §4, run as a player's tools would run it."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from castling import GAMES, cli
from castling.search.common import SolveResult

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    """``PYTHONPATH=py python3 -m castling ARGS`` from the repository root, no install."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "castling", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def ok(*args: str):
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


def test_games_lists_the_core_ids_first_then_the_family():
    games = ok("games")
    ids = [g["id"] for g in games]
    # docs/rules.md §4's eight, in its order; the family games of its §3.7 after them.
    assert ids[:8] == ["chessboard", "morphy", "chequers", "martha", "fortress",
                       "lasker", "selective-castle", "castles-end"]
    assert "streets-and-alleys" in ids[8:] and len(ids) == len(set(ids))
    assert games[0]["name"] == "Chessboard"


def test_deal_prints_every_pile_bottom_to_top():
    result = ok("deal", "chessboard", "1")
    assert result["game"] == "chessboard" and result["deal"] == 1
    assert list(result["piles"]) == list(GAMES["chessboard"].pile_names)
    assert result["piles"]["t1"] == ["JD", "9S", "JS", "4D", "6D", "2H"]
    assert result["piles"]["f1"] == []


def test_deal_shows_face_down_cards_in_lower_case():
    piles = ok("deal", "martha", "31999")["piles"]
    assert piles["t1"][0].islower() and piles["t1"][1].isupper()


def test_moves_plays_and_lists_sorted_legal_moves():
    result = ok("moves", "chessboard", "1", "t1-f3")
    assert result["position"]["f3"] == ["2H"] and result["position"]["t1"][-1] == "6D"
    assert result["legal"] == sorted(result["legal"]) and result["legal"]
    assert result["won"] is False


def test_moves_lists_each_run_length_separately():
    # Selective Castle #5 after these moves: t2 ends in a seven-card run
    # (QH JH TC 9S 8D 7D 6H) and t8 is empty.
    moves = ("t6-t3 t8-t6 t2-f4 t2-t6 t8-f1 t1-t6 t8-t6:2 t6-t2:5 t2-t6:5 t6-t2:5 t2-t6:5 "
             "t6-t4:3 t3-t4 t4-t3 t6-t7:2 t5-t4 t6-t5 t7-t5:2 t6-t7 t5-t7 t8-t6 t4-t7:4 "
             "t4-t5 t7-t2:6 t5-t7:2 t8-t6").split()
    result = ok("moves", "selective-castle", "5", *moves)
    assert result["position"]["t2"][-7:] == "QH JH TC 9S 8D 7D 6H".split()
    assert result["position"]["t8"] == []
    to_t8 = [m for m in result["legal"] if m.startswith("t2-t8")]
    assert to_t8 == ["t2-t8"] + [f"t2-t8:{n}" for n in range(2, 8)]


@pytest.mark.parametrize("args, words", [
    (["deal", "chess", "1"], "unknown game"),
    (["deal", "chessboard", "0"], "too small"),
    (["deal", "chessboard", "-5"], "deal number"),
    (["deal", "chessboard", "100000000000000000000"], "too large"),
    (["deal", "chessboard", "twelve"], "not a whole number"),
    (["moves", "chessboard", "1", "t1-f3", "t9-q1"], "move 2"),
    (["moves", "chessboard", "1", "t1-t2"], "move 1"),
    (["moves", "chessboard", "1", "t1-f3", "t2-t2"], "move 2"),
    (["moves", "martha"], "number"),
    ([], "command"),
    (["solve-it"], "invalid choice"),
    (["solve", "chessboard", "1", "t1-t2"], "move 1"),
    (["review", "chess", "1"], "unknown game"),
    (["review", "chessboard", "0"], "too small"),
    (["review", "chessboard", "1", "t1-f3", "t9-q1"], "move 2"),
    (["review", "chessboard", "1", "--seconds", "never"], "--seconds"),
    (["review", "chessboard"], "number"),
])
def test_bad_input_exits_2_with_one_line_on_stderr_and_nothing_on_stdout(args, words):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0]


def test_illegal_move_names_the_move_and_its_index():
    result = run("moves", "chessboard", "1", "t1-f3", "t2-t9")
    assert "move 2" in result.stderr and "t2-t9" in result.stderr


@pytest.mark.parametrize("budget", ["0", "-5", "many"])
def test_a_bad_solver_budget_is_named_in_our_words(budget):
    result = run("solve", "chessboard", "3", "--max-nodes", budget)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == (f"castling: argument --max-nodes: must be a whole number "
                                     f"of at least 1, not {budget!r}")


@pytest.mark.parametrize("flag, value, expected", [
    ("--seconds", "0", "must be a number of seconds above 0, not '0'"),
    ("--seconds", "-1", "must be a number of seconds above 0, not '-1'"),
    ("--seconds", "inf", "must be a number of seconds above 0, not 'inf'"),
    ("--seconds", "soon", "must be a number of seconds above 0, not 'soon'"),
    ("--memory", "0", "must be a whole number of at least 1, not '0'"),
    ("--memory", "1.5", "must be a whole number of at least 1, not '1.5'")])
def test_bad_time_and_memory_budgets_are_named_in_our_words(flag, value, expected):
    result = run("solve", "chessboard", "3", flag, value)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == f"castling: argument {flag}: {expected}"


def test_time_and_memory_budgets_bound_a_search():
    # Deal 122 of Beleaguered Castle is not decided in ten seconds: with a
    # budget of a hundred million positions, the time and memory budgets end
    # it (32 MiB: the best-first stages keep some 300,000 positions, and the
    # beam, which keeps only its levels, runs out of room after some 1.8 million).
    unbounded = ["solve", "beleaguered-castle", "122", "--max-nodes", "100000000"]
    timed = ok(*unbounded, "--seconds", "0.2")
    assert timed["result"] == "unknown" and 0 < timed["nodes"] < 100_000_000
    small = ok(*unbounded, "--memory", "32")
    assert small["result"] == "unknown" and 0 < small["nodes"] < 10_000_000
    # An easy deal is still won, with the line it is won by without them.
    assert ok("solve", "chessboard", "3", "--seconds", "30", "--memory", "64",
              "--max-nodes", "200000") == ok("solve", "chessboard", "3")


def test_seconds_alone_is_a_budget_of_time():
    # Streets and Alleys #55 takes more than the default 200,000 positions; asked
    # for ten seconds, the search has them, and wins in about two.
    assert ok("solve", "streets-and-alleys", "55")["result"] == "unknown"
    timed = ok("solve", "streets-and-alleys", "55", "--seconds", "10")
    assert timed["result"] == "won" and timed["nodes"] > 200_000


@pytest.mark.parametrize("budgets, positions", [
    ([], 200_000), (["--seconds", "3"], cli.MOST_NODES), (["--memory", "64"], cli.MOST_NODES),
    (["--seconds", "3", "--max-nodes", "500"], 500), (["--max-nodes", "500"], 500)])
def test_the_default_count_of_positions_holds_only_when_no_budget_is_given(
        monkeypatch, capsys, budgets, positions):
    asked = []
    monkeypatch.setattr(cli, "solve", lambda position, max_nodes, first_moves, **budgets: (
        asked.append(max_nodes), SolveResult("unknown"))[1])
    for command in ("solve", "review"):
        assert cli.main([command, "fortress", "1", *budgets]) == 0
    assert asked and set(asked) == {positions}


#: Beleaguered Castle #2 played into a loss: its third move loses the win.
LOST = ("beleaguered-castle", "2", "t5-t3", "t5-t7", "t2-t5", "t2-t1", "t1-f2")


def test_solve_takes_moves_and_searches_the_position_after_them():
    after = ok("solve", *LOST[:4])
    assert after["result"] == "won"
    assert after["moves"][0] in ok("moves", *LOST[:4])["legal"]
    assert ok("solve", *LOST)["result"] == "lost"


def test_review_prints_a_verdict_a_position_and_the_move_that_lost_the_win():
    review = ok("review", *LOST)
    assert review["verdicts"] == ["won", "won", "won", "lost", "lost", "lost"]
    assert (review["won"], review["never_winnable"], review["only_winning_moves"]) == (
        False, False, None)
    point = review["turning_point"]
    assert (point["move"], point["played"]) == (3, "t2-t5")
    # The keeping move is the first of the line that wins from the position before.
    assert point["line"] == ok("solve", *LOST[:4])["moves"]
    assert point["keeping"] == point["line"][0] != point["played"]
    assert ok("moves", *LOST[:4], *point["line"])["won"]
