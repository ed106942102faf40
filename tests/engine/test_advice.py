"""What the solver's worker answers: hints that keep the game winnable, verdicts,
the last winnable position, winnable deals, and clear errors for bad requests."""

import pytest

from castling import GAMES, Game, Position, parse_move
from castling.app.advice import Budget, answer, hint, positions_met
from castling.notation import format_move
from castling.search.solver import solve


def ask(**request):
    """The answer, less the name of the search that gave it (checked once, below)."""
    reply = answer(request)
    assert reply.pop("search", "python") in ("core", "python")
    return reply


def test_an_answer_about_a_position_names_the_search_that_gave_it(monkeypatch):
    monkeypatch.setenv("CASTLING_SOLVER", "python")
    for kind in ("hint", "verdict", "line"):
        assert answer({"kind": kind, "game": "chessboard", "deal": 1})["search"] == "python"


def still_winnable(game_id, number, moves) -> bool:
    game, problem = Game.replay(GAMES[game_id], number, moves)
    assert problem is None
    return solve(game.position, 60_000).result == "won"


def test_the_hint_keeps_the_game_winnable_and_leaves_the_base_to_the_player():
    reply = ask(kind="hint", game="chessboard", deal=1, moves=[])
    assert reply["result"] == "won"
    rules = GAMES["chessboard"]
    move = parse_move(rules, reply["move"])
    assert move[1] < rules.tableau.piles        # founding would choose the base rank
    assert still_winnable("chessboard", 1, [reply["move"]])


@pytest.mark.parametrize("game_id, number", [("martha", 1), ("morphy", 3), ("chequers", 2)])
def test_following_the_hints_wins(game_id, number):
    moves = []
    for _ in range(400):
        game, _ = Game.replay(GAMES[game_id], number, moves)
        if game.is_won():
            break
        reply = ask(kind="hint", game=game_id, deal=number, moves=moves)
        assert reply["result"] == "won"
        moves.append(reply["move"])
    assert Game.replay(GAMES[game_id], number, moves)[0].is_won()


def test_a_hint_leads_back_to_a_position_met_only_when_nothing_else_wins():
    # Chessboard 1 after the hinted move: the hint without the earlier
    # positions, then with the position that hint leads to among them:
    # another move, which wins too; with every position one move away among
    # them, the hint of the whole search again.
    rules = GAMES["chessboard"]
    played = format_move(rules, hint(Position.deal(rules, 1), Budget(200_000, None))[1])
    game, problem = Game.replay(rules, 1, [played])
    assert problem is None
    budget = Budget(200_000, None)
    verdict, first, _ = hint(game.position, budget)
    assert verdict == "won" and first is not None
    after = game.position.copy()
    after.play(first)
    verdict, other, _ = hint(game.position, budget, {tuple(map(tuple, after.piles))})
    assert verdict == "won" and other not in (None, first)
    assert still_winnable("chessboard", 1, [played, format_move(rules, other)])
    assert positions_met(game) == {tuple(map(tuple, Position.deal(rules, 1).piles))}
    every = set()
    for move in game.position.legal_moves():
        after = game.position.copy()
        after.play(move)
        every.add(tuple(map(tuple, after.piles)))
    assert hint(game.position, budget, every)[:2] == ("won", first)


def test_a_lost_position_is_reported_and_the_last_winnable_one_found():
    # Deal 1 of Chessboard can be won, but not after t3-f4 (founding with that card's rank).
    moves = ["t3-f4"]
    assert ask(kind="verdict", game="chessboard", deal=1, moves=[]) == {"result": "won"}
    assert ask(kind="verdict", game="chessboard", deal=1, moves=moves) == {"result": "lost"}
    assert ask(kind="hint", game="chessboard", deal=1, moves=moves) == {"result": "lost",
                                                                       "move": None}
    assert ask(kind="last_winnable", game="chessboard", deal=1, moves=moves) == {"keep": 0}


@pytest.mark.parametrize("game_id, number", [("fortress", 33), ("martha", 1), ("lasker", 1)])
def test_the_line_played_from_a_position_wins_it(game_id, number):
    """Show me's request: the whole line, which played from there wins."""
    start = [ask(kind="hint", game=game_id, deal=number, moves=[])["move"]]
    reply = ask(kind="line", game=game_id, deal=number, moves=start)
    assert reply["result"] == "won"
    game, problem = Game.replay(GAMES[game_id], number, start + reply["moves"])
    assert problem is None and game.is_won()


def test_no_line_where_the_position_is_lost_or_undecided():
    assert ask(kind="line", game="chessboard", deal=1, moves=["t3-f4"]) == {"result": "lost",
                                                                           "moves": []}
    assert ask(kind="line", game="soother", deal=1, moves=[], budget=200) == {
        "result": "unknown", "moves": []}


def test_a_deal_lost_from_the_start_has_no_winnable_position():
    assert ask(kind="verdict", game="chessboard", deal=4, moves=[]) == {"result": "lost"}
    first = Position.deal(GAMES["chessboard"], 4).legal_move_texts()[0]
    assert ask(kind="last_winnable", game="chessboard", deal=4, moves=[first]) == {"keep": None}


def test_a_winnable_deal_is_picked_from_the_candidates():
    # Chessboard deals 4 and 7 are lost, deal 1 is won.
    assert ask(kind="winnable_deal", game="chessboard", deals=[4, 7, 1, 2]) == {"deal": 1}
    assert ask(kind="winnable_deal", game="chessboard", deals=[4, 7]) == {"deal": None}


@pytest.mark.parametrize("request_", [
    {}, {"kind": "hint"}, {"kind": "hint", "game": "nope", "deal": 1},
    {"kind": "hint", "game": "chessboard", "deal": 0},
    {"kind": "hint", "game": "chessboard", "deal": 1, "moves": ["t1-z9"]},
    {"kind": "hint", "game": "chessboard", "deal": 1, "moves": "t1-t2"},
    {"kind": "dance", "game": "chessboard", "deal": 1},
    {"kind": "verdict", "game": "chessboard", "deal": 1, "budget": "lots"},
    {"kind": "winnable_deal", "game": "chessboard", "deals": [0]},
    {"kind": "review", "game": "beleaguered-castle", "deal": 2, "first": "t1-t2"},
    {"kind": "review", "game": "beleaguered-castle", "deal": 2, "first": ["t1-q2"]},
    {"kind": "review", "game": "beleaguered-castle", "deal": 2, "first": ["t1-t1"]},
    {"kind": "review", "game": "beleaguered-castle", "deal": 2, "first": ["t1-f1"]},
])
def test_bad_requests_get_an_error_not_an_exception(request_):
    reply = answer(request_)
    assert set(reply) == {"error"} and reply["error"]


def test_a_question_is_searched_within_its_seconds():
    import time
    start = time.perf_counter()
    reply = answer({"kind": "verdict", "game": "soother", "deal": 1, "seconds": 0.2})
    assert reply["result"] == "unknown"          # no deal of Soother is decided that quickly
    assert time.perf_counter() - start < 2.0      # (generous: a shared machine)
    # with no budget named, a second: enough for an easy deal
    assert answer({"kind": "verdict", "game": "chessboard", "deal": 1})["result"] == "won"


@pytest.mark.parametrize("seconds", [0, -1, 31, "lots", float("nan")])
def test_a_time_budget_out_of_bounds_is_refused(seconds):
    reply = answer({"kind": "verdict", "game": "chessboard", "deal": 1, "seconds": seconds})
    assert "error" in reply, reply
    assert "seconds" in reply["error"] or "could not convert" in reply["error"]


def test_a_review_question_is_a_verdict_with_its_line_or_the_other_moves_only():
    # Beleaguered Castle #2: its third move, t2-t5, loses the win (test_cli.py).
    before = ["t5-t3", "t5-t7"]
    whole = ask(kind="review", game="beleaguered-castle", deal=2, moves=before, budget=50_000)
    assert whole["result"] == "won" and whole["moves"]
    game, _ = Game.replay(GAMES["beleaguered-castle"], 2, before + whole["moves"])
    assert game.is_won()
    # The move played alone is lost; the others, without it, still win.
    rules = GAMES["beleaguered-castle"]
    legal = [m for m in Game.replay(rules, 2, before)[0].legal_moves()]
    played = parse_move(rules, "t2-t5")
    from castling import format_move
    others = [format_move(rules, m) for m in legal if m != played]
    assert ask(kind="review", game="beleaguered-castle", deal=2, moves=before,
               first=["t2-t5"], budget=50_000)["result"] == "lost"
    assert ask(kind="review", game="beleaguered-castle", deal=2, moves=before,
               first=others, budget=50_000)["result"] == "won"
