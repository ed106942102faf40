"""What the solver tells the player, as plain requests and answers.

The web app runs these in a worker so that the board never waits for a search;
a request names the game, the deal and the moves played (in notation), so it is
a pure function of JSON-like values and can be tested without a browser.

* ``hint``: the first move of a winning line from the current position, and
  the verdict.  While a chosen base is unchosen the hint must not choose it
  when any other move exists (docs/rules.md §3.3), so the search then starts only
  with the other moves; if none of them wins, no move is offered and the app
  falls back to the baseline hint.
* ``verdict``: whether the current position can still be won.
* ``line``: a whole winning line from the current position ("Show me"), or
  the verdict alone when there is none.
* Answers about one position (``hint``, ``verdict``, ``line``) name the search
  that answered: ``"search"`` is ``"core"`` (the compiled core) or ``"python"``.
* ``last_winnable``: how many of the moves played can be kept so that the game
  can still be won (the app undoes the rest).
* ``winnable_deal``: the first of some deal numbers that is proved winnable.
"""

from __future__ import annotations

from typing import Any

from ..deal import parse_deal_number
from ..game import Game
from ..games import get_game
from ..notation import format_move
from ..position import Position
from ..hint import moves_leaving_the_base_open
from ..save import MAX_MOVES
from ..movegen import Move
from ..solver import Verdict, solve

#: About two seconds of searching in the browser per question.
DEFAULT_BUDGET = 20_000
#: Limits on what one request may ask for, whoever sends it.
MAX_BUDGET = 200_000
MAX_DEALS = 50


def _replay(request: dict[str, Any]) -> Game:
    rules = get_game(request["game"])
    moves = request.get("moves", [])
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise ValueError(f"the moves must be a list of at most {MAX_MOVES} moves")
    game, problem = Game.replay(rules, request["deal"], moves)
    if problem is not None:
        raise ValueError(str(problem))
    return game


def hint(position: Position, budget: int = DEFAULT_BUDGET) -> tuple[Verdict, Move | None, str]:
    """(verdict, first move of a winning line or None, the search that answered:
    "core" or "python") for ``position``."""
    others = moves_leaving_the_base_open(position)
    if others and len(others) < len(position.legal_moves()):
        restricted = solve(position, budget, first_moves=others)
        if restricted.result == "won":
            return "won", restricted.moves[0], restricted.search
        if restricted.result == "unknown":
            return "unknown", None, restricted.search
        # Every other move loses: the position may still be won by founding,
        # but choosing the base is left to the player.
        whole = solve(position, budget)
        return whole.result, None, whole.search
    result = solve(position, budget)
    return result.result, (result.moves[0] if result.moves else None), result.search


def last_winnable(game: Game, budget: int = DEFAULT_BUDGET) -> int | None:
    """How many of the moves played keep the game winnable (the most such), or
    None when no earlier position is proved winnable within the budget each."""
    moves = game.moves
    trial = Game(game.rules, game.number)
    positions = []
    for move in moves:
        positions.append(trial.position.copy())
        trial.play(move)
    for kept in range(len(moves) - 1, -1, -1):
        if solve(positions[kept], budget).result == "won":
            return kept
    return None


def answer(request: dict[str, Any]) -> dict[str, object]:
    """Answer one request (see the module's docstring); errors come back as text.

    (The request is JSON from a page: Any, each value checked as it is used.)"""
    try:
        kind = request["kind"]
        budget = min(max(int(request.get("budget", DEFAULT_BUDGET)), 1), MAX_BUDGET)
        if kind == "winnable_deal":
            rules = get_game(request["game"])
            deals = request["deals"]
            if not isinstance(deals, list):
                raise TypeError("deals must be a list of deal numbers")
            for number in map(parse_deal_number, deals[:MAX_DEALS]):
                if solve(Position.deal(rules, number), budget).result == "won":
                    return {"deal": number}
            return {"deal": None}
        game = _replay(request)
        position = game.position
        if kind == "hint":
            verdict, move, search = hint(position, budget)
            return {"result": verdict, "search": search,
                    "move": None if move is None else format_move(game.rules, move)}
        if kind == "verdict":
            found = solve(position, budget)
            return {"result": found.result, "search": found.search}
        if kind == "line":
            found = solve(position, budget)
            return {"result": found.result, "search": found.search,
                    "moves": [format_move(game.rules, move) for move in found.moves]}
        if kind == "last_winnable":
            return {"keep": last_winnable(game, budget)}
        raise ValueError(f"unknown request {str(kind)[:20]!r}")
    except (KeyError, TypeError, ValueError, OverflowError) as error:
        return {"error": f"{type(error).__name__}: {error}"[:200]}

