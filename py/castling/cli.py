"""The command line of docs/rules.md §4: ``games``, ``deal``, ``moves``, ``solve``.

All output is JSON on stdout.  Any bad input exits with status 2, prints one
line on stderr naming the problem, and prints nothing on stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import NoReturn

from .errors import CastlingError
from .game import Game
from .games import GAMES, get_game
from .i18n import t
from .notation import format_move
from .search.solver import DEFAULT_MAX_NODES, solve

USAGE_ERROR = 2
#: What --memory counts in: a mebibyte.
MEGABYTE = 1 << 20


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise CastlingError(message)


def _games() -> list[dict[str, object]]:
    return [{"id": rules.id, "name": rules.name, "pysol_id": rules.pysol_id,
             "decks": rules.decks, "piles": list(rules.pile_names),
             "summary": t(f"game.{rules.id}.summary")}
            for rules in GAMES.values()]


def _deal(game_id: str, number: str) -> dict[str, object]:
    game = Game(get_game(game_id), number)
    return {"game": game.rules.id, "deal": game.number, "piles": game.position.to_piles()}


def _moves(game_id: str, number: str, moves: list[str]) -> dict[str, object]:
    game, problem = Game.replay(get_game(game_id), number, moves)
    if problem:
        raise CastlingError(str(problem))
    position = game.position
    return {"position": position.to_piles(), "legal": position.legal_move_texts(),
            "won": position.is_won()}


def _solve(game_id: str, number: str, max_nodes: int, seconds: float | None,
           megabytes: int | None) -> dict[str, object]:
    game = Game(get_game(game_id), number)
    result = solve(game.position, max_nodes, seconds=seconds,
                   memory=None if megabytes is None else megabytes * MEGABYTE)
    return {"result": result.result, "moves": [format_move(game.rules, m) for m in result.moves],
            "nodes": result.nodes, "search": result.search}


def _positive(text: str) -> int:
    # ArgumentTypeError, not our CastlingError: argparse shows only its own
    # exception's message ("invalid _positive value" for any ValueError).
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(
            f"must be a whole number of at least 1, not {text[:20]!r}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text[:20]!r}")
    return seconds


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (also documents the commands in ``--help``)."""
    parser = _Parser(prog="python -m castling",
                     description="Castling's rules engine: deals and legal moves as JSON.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    commands.add_parser("games", help="list the games")
    deal = commands.add_parser("deal", help="the starting position of a deal")
    deal.add_argument("game")
    deal.add_argument("number")
    moves = commands.add_parser("moves", help="play moves from a deal; show the position and legal moves")
    moves.add_argument("game")
    moves.add_argument("number")
    moves.add_argument("moves", nargs="*", metavar="move")
    solver = commands.add_parser("solve", help="decide whether a deal can be won, with a winning line")
    solver.add_argument("game")
    solver.add_argument("number")
    solver.add_argument("--max-nodes", type=_positive, default=DEFAULT_MAX_NODES,
                        help=f"positions to search at most (default {DEFAULT_MAX_NODES})")
    solver.add_argument("--seconds", type=_seconds, metavar="S",
                        help="stop searching after about S seconds (no limit by default)")
    solver.add_argument("--memory", type=_positive, metavar="MB",
                        help="let the search take at most MB mebibytes, fewer positions if "
                             "need be (no limit by default)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        result: object
        if args.command == "games":
            result = _games()
        elif args.command == "deal":
            result = _deal(args.game, args.number)
        elif args.command == "solve":
            result = _solve(args.game, args.number, args.max_nodes, args.seconds, args.memory)
        else:
            result = _moves(args.game, args.number, args.moves)
    except CastlingError as error:
        print(f"castling: {error}", file=sys.stderr)
        return USAGE_ERROR
    print(json.dumps(result))
    return 0
