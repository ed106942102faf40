"""What the solver tells the player, as plain requests and answers.

The web app runs these in a worker so that the board never waits for a search;
a request names the game, the deal and the moves played (in notation), so it is
a pure function of JSON-like values and can be tested without a browser.

* ``hint``: the first move of a winning line from the current position, and
  the verdict.  While a chosen base is unchosen the hint must not choose it
  when any other move exists (docs/rules.md §3.3), so the search then starts only
  with the other moves; if none of them wins, no move is offered and the app
  falls back to the baseline hint.  Nor does a hint lead back to a position
  met earlier in the game while another move wins: each hint is a fresh
  search, whose line from the new position may begin by going back (the
  lines of solver 7's scan did so), and a player who follows hint after hint
  would then go round in circles; such moves are tried only when no other
  wins.
* ``verdict``: whether the current position can still be won.
* ``line``: a whole winning line from the current position ("Show me"), or
  the verdict alone when there is none.
* Answers about one position (``hint``, ``verdict``, ``line``) name the search
  that answered: ``"search"`` is ``"core"`` (the compiled core) or ``"python"``.
* ``last_winnable``: how many of the moves played can be kept so that the game
  can still be won (the app undoes the rest).
* ``review``: one question of a game's review (castling.search.review): the
  verdict on the position and a winning line, as ``line`` gives them; with
  ``"first"`` (moves in notation, each legal there), only those moves are
  tried from it, so "lost" means none of them wins.
* ``winnable_deal``: the first of some deal numbers that is proved winnable.

Each question is searched within a budget of time and memory (:class:`Budget`):
a second for what the player waits on (a hint, a verdict, Show me), more when
Show me is asked again to search longer (``"seconds"``, at most
:data:`MAX_SECONDS`), and never more memory than :data:`MEMORY`, so that the
worker stays under 256 MB on a phone. A request may instead name a budget of
positions (``"budget"``): its answers are then the same on every machine (the
tests ask so).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from ..deal import parse_deal_number
from ..game import Game
from ..games import get_game
from ..notation import format_move, parse_move
from ..position import Position
from ..hint import moves_leaving_the_base_open
from ..save import MAX_MOVES
from ..movegen import Move
from ..search.solver import SolveResult, Verdict, solve

#: A question about one position: a second of searching.
SECONDS = 1.0
#: Each of the positions or deals a question about many tries (last_winnable,
#: winnable_deal): a quarter of a second.
EACH_SECONDS = 0.25
#: The most memory a search may take: with the worker's own Python (some 40 MB)
#: the worker stays under 256 MB, which a phone gives a page's worker.
MEMORY = 192 * 2**20
#: Positions a second's search is given room for: about what the core searches
#: in a second in a browser. Its arena is laid out for the budget before it
#: starts, so a budget far past what the time allows would only take memory.
POSITIONS_A_SECOND = 1_000_000
#: Limits on what one request may ask for, whoever sends it.
MAX_SECONDS = 30.0
MAX_BUDGET = 20_000_000
MAX_DEALS = 50


@dataclass(frozen=True)
class Budget:
    """How much one search may take: positions, seconds (None: no clock), bytes."""

    positions: int = int(POSITIONS_A_SECOND * SECONDS)
    seconds: float | None = SECONDS
    memory: int = MEMORY

    def solve(self, position: Position, first_moves: list[Move] | None = None) -> SolveResult:
        return solve(position, self.positions, first_moves,
                     seconds=self.seconds, memory=self.memory)


def budget_of(request: dict[str, Any], seconds: float = SECONDS) -> Budget:
    """The budget a request asks for: ``"budget"`` positions (no clock), or
    ``"seconds"`` (``seconds`` if it names neither), within the limits."""
    if "budget" in request:
        return Budget(min(max(int(request["budget"]), 1), MAX_BUDGET), None)
    asked = float(request.get("seconds", seconds))
    if not 0 < asked <= MAX_SECONDS:      # (NaN too)
        raise ValueError(f"seconds must be more than 0 and at most {MAX_SECONDS:g}")
    return Budget(max(1, int(POSITIONS_A_SECOND * asked)), asked)


def _replay(request: dict[str, Any]) -> Game:
    rules = get_game(request["game"])
    moves = request.get("moves", [])
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise ValueError(f"the moves must be a list of at most {MAX_MOVES} moves")
    game, problem = Game.replay(rules, request["deal"], moves)
    if problem is not None:
        raise ValueError(str(problem))
    return game


def _first_moves(position: Position, first: object) -> list[Move]:
    """A review's ``first`` (moves in notation), each a legal move of ``position``."""
    legal = position.legal_moves()
    if not isinstance(first, list) or len(first) > len(legal):
        raise TypeError("first must be a list of legal moves")
    moves = [parse_move(position.rules, text) for text in first]
    if any(move not in legal for move in moves):
        raise ValueError("first names a move that is not legal there")
    return moves


Met = AbstractSet[tuple[tuple[int, ...], ...]]


def hint(position: Position, budget: Budget = Budget(),
         met: Met = frozenset()) -> tuple[Verdict, Move | None, str]:
    """(verdict, first move of a winning line or None, the search that answered:
    "core" or "python") for ``position``; ``met``: the positions met earlier
    in the game (:func:`positions_met`), which the hint leads back to only if
    nothing else wins."""
    legal = position.legal_moves()
    others = moves_leaving_the_base_open(position)
    base_open = bool(others) and len(others) < len(legal)
    allowed = others if base_open else legal
    onward = [move for move in allowed if _piles_after(position, move) not in met]
    if onward and len(onward) < len(allowed):
        found = budget.solve(position, first_moves=onward)
        if found.result != "lost":
            return found.result, found.moves[0] if found.moves else None, found.search
    if base_open:
        restricted = budget.solve(position, first_moves=others)
        if restricted.result == "won":
            return "won", restricted.moves[0], restricted.search
        if restricted.result == "unknown":
            return "unknown", None, restricted.search
        # Every other move loses: the position may still be won by founding,
        # but choosing the base is left to the player.
        whole = budget.solve(position)
        return whole.result, None, whole.search
    result = budget.solve(position)
    return result.result, (result.moves[0] if result.moves else None), result.search


def _piles_after(position: Position, move: Move) -> tuple[tuple[int, ...], ...]:
    after = position.copy()
    after.play(move)
    return tuple(map(tuple, after.piles))


def positions_met(game: Game) -> Met:
    """The positions of ``game`` before its last move, as :func:`hint` takes them."""
    trial = Game(game.rules, game.number)
    met: set[tuple[tuple[int, ...], ...]] = set()
    for move in game.moves:
        met.add(tuple(map(tuple, trial.position.piles)))
        trial.play(move)
    return met


def last_winnable(game: Game, budget: Budget = Budget(seconds=EACH_SECONDS)) -> int | None:
    """How many of the moves played keep the game winnable (the most such), or
    None when no earlier position is proved winnable within the budget each."""
    moves = game.moves
    trial = Game(game.rules, game.number)
    positions = []
    for move in moves:
        positions.append(trial.position.copy())
        trial.play(move)
    for kept in range(len(moves) - 1, -1, -1):
        if budget.solve(positions[kept]).result == "won":
            return kept
    return None


def answer(request: dict[str, Any]) -> dict[str, object]:
    """Answer one request (see the module's docstring); errors come back as text.

    (The request is JSON from a page: Any, each value checked as it is used.)"""
    try:
        kind = request["kind"]
        many = kind in ("winnable_deal", "last_winnable")
        budget = budget_of(request, EACH_SECONDS if many else SECONDS)
        if kind == "winnable_deal":
            rules = get_game(request["game"])
            deals = request["deals"]
            if not isinstance(deals, list):
                raise TypeError("deals must be a list of deal numbers")
            for number in map(parse_deal_number, deals[:MAX_DEALS]):
                if budget.solve(Position.deal(rules, number)).result == "won":
                    return {"deal": number}
            return {"deal": None}
        game = _replay(request)
        position = game.position
        if kind == "hint":
            verdict, move, search = hint(position, budget, positions_met(game))
            return {"result": verdict, "search": search,
                    "move": None if move is None else format_move(game.rules, move)}
        if kind == "verdict":
            found = budget.solve(position)
            return {"result": found.result, "search": found.search}
        if kind in ("line", "review"):
            # (A review's question is a line's, but for the moves it may be limited to.)
            first = request.get("first") if kind == "review" else None
            found = budget.solve(position, None if first is None else _first_moves(position, first))
            return {"result": found.result, "search": found.search,
                    "moves": [format_move(game.rules, move) for move in found.moves]}
        if kind == "last_winnable":
            return {"keep": last_winnable(game, budget)}
        raise ValueError(f"unknown request {str(kind)[:20]!r}")
    except (KeyError, TypeError, ValueError, OverflowError) as error:
        return {"error": f"{type(error).__name__}: {error}"[:200]}

