"""The command line of docs/rules.md §4: ``games``, ``deal``, ``moves``, ``solve``, ``review``,
``puzzle``.

All output is JSON on stdout.  Any bad input exits with status 2, prints one
line on stderr naming the problem, and prints nothing on stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .errors import CastlingError
from .game import Game
from .games import GAMES, get_game
from .i18n import t
from .notation import format_move
from .movegen import Move
from .position import Position
from .search.common import SolveResult
from .search.review import review_game
from .search.plan import MOST_NODES
from .search.solver import DEFAULT_MAX_NODES, solve

if TYPE_CHECKING:
    from .puzzles.table import PuzzleTable

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


def _played(game_id: str, number: str, moves: list[str]) -> Game:
    """The deal with ``moves`` played; a move that is not legal where it comes is an error."""
    game, problem = Game.replay(get_game(game_id), number, moves)
    if problem:
        raise CastlingError(str(problem))
    return game


def _moves(game_id: str, number: str, moves: list[str]) -> dict[str, object]:
    position = _played(game_id, number, moves).position
    return {"position": position.to_piles(), "legal": position.legal_move_texts(),
            "won": position.is_won()}


def _search(args: argparse.Namespace) -> Callable[[Position, list[Move] | None], SolveResult]:
    """One search with the command's budgets. The default count of positions
    holds only when no budget is given: ``--seconds 10`` alone searches for
    ten seconds, as a user reads it, not until the default count runs out."""
    max_nodes = args.max_nodes
    if max_nodes is None:
        max_nodes = DEFAULT_MAX_NODES if args.seconds is None and args.memory is None else MOST_NODES
    memory = None if args.memory is None else args.memory * MEGABYTE

    def search(position: Position, first_moves: list[Move] | None = None) -> SolveResult:
        return solve(position, max_nodes, first_moves, seconds=args.seconds, memory=memory)
    return search


def _solve(args: argparse.Namespace) -> dict[str, object]:
    game = _played(args.game, args.number, args.moves)
    result = _search(args)(game.position, None)
    return {"result": result.result, "moves": [format_move(game.rules, m) for m in result.moves],
            "nodes": result.nodes, "search": result.search}


def _review(args: argparse.Namespace) -> dict[str, object]:
    game = _played(args.game, args.number, args.moves)
    rules = game.rules
    review = review_game(rules, game.number, game.moves, _search(args))
    turn = review.turning_point
    return {
        "verdicts": review.verdicts,
        "won": review.won,
        "never_winnable": review.never_winnable,
        "turning_point": None if turn is None else {
            "move": turn.move, "played": format_move(rules, turn.played),
            "keeping": format_move(rules, turn.keeping),
            "line": [format_move(rules, move) for move in turn.line]},
        "only_winning_moves": review.only_winning_moves if review.won else None}


def _puzzle(args: argparse.Namespace) -> tuple[dict[str, object], int]:
    """A puzzle as JSON (``GAME [N]``: the first by default), or, with
    ``--check``, every shipped puzzle of the games named (all by default)
    proved again: the status is 1 when one fails."""
    # (Imported here, as _table imports the tables: the other commands need
    # not load the puzzles.)
    from .puzzles.proofs import as_proved, reprove
    if args.check:
        games = args.args or [path.stem for path in sorted(_tables().glob("*.json"))]
        report: dict[str, object] = {}
        failed = 0
        for game_id in games:
            table = _table(game_id)
            problems = {}
            for puzzle in table.puzzles:
                problem = reprove(puzzle, as_proved(table.proofs[puzzle.proof]))
                if problem:
                    problems[puzzle.id] = problem
            failed += len(problems)
            report[game_id] = {"puzzles": len(table.puzzles), "failed": problems}
        return {"games": report, "failed": failed}, 1 if failed else 0
    if not 1 <= len(args.args) <= 2:
        raise CastlingError("puzzle takes a game and perhaps a number: puzzle GAME [N]")
    table = _table(args.args[0])
    number = args.args[1] if len(args.args) == 2 else "1"
    if not number.isdigit():
        raise CastlingError(f"a puzzle's number is a whole number from 1, not {number[:20]!r}")
    try:
        return table.puzzle(int(number)).to_json(), 0
    except KeyError as error:
        raise CastlingError(str(error.args[0])) from None


def _tables() -> Path:
    """Where the puzzles' tables are: ``$CASTLING_PUZZLES``, else the checkout's data/puzzles."""
    return Path(os.environ.get("CASTLING_PUZZLES") or Path(__file__).resolve().parents[2]
                / "data" / "puzzles")


def _table(game_id: str) -> PuzzleTable:
    """The game's table of puzzles, read and checked (castling.puzzles.table)."""
    from .puzzles.table import read_table
    rules = get_game(game_id)
    path = _tables() / f"{rules.id}.json"
    if not path.exists():
        raise CastlingError(f"{rules.name} has no puzzles ({path} is missing)")
    try:
        return read_table(path.read_text(encoding="utf-8"), rules.id)
    except ValueError as error:
        raise CastlingError(str(error)) from None


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
    solver = commands.add_parser("solve", help="decide whether a deal (after the moves given) "
                                               "can be won, with a winning line")
    review = commands.add_parser("review", help="the verdict on every position of a game and "
                                                "the move that lost the win")
    for command, each in ((solver, ""), (review, " for each position")):
        command.add_argument("game")
        command.add_argument("number")
        command.add_argument("moves", nargs="*", metavar="move")
        command.add_argument("--max-nodes", type=_positive, metavar="N",
                             help=f"positions to search at most{each} (default {DEFAULT_MAX_NODES} "
                                  f"when no other budget is given)")
        command.add_argument("--seconds", type=_seconds, metavar="S",
                             help=f"search for about S seconds at most{each} (no limit by default)")
        command.add_argument("--memory", type=_positive, metavar="MB",
                             help=f"let the search take at most MB mebibytes{each}, fewer "
                                  f"positions if need be (no limit by default)")
    puzzle = commands.add_parser("puzzle", help="a puzzle (only one move keeps the deal "
                                                "winnable) as JSON, or --check them all")
    puzzle.add_argument("args", nargs="*", metavar="GAME [N] | GAME ...",
                        help="a game and a puzzle's number (1 by default); with --check, games")
    puzzle.add_argument("--check", action="store_true",
                        help="prove every shipped puzzle again (of the games named, or all)")
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
            result = _solve(args)
        elif args.command == "review":
            result = _review(args)
        elif args.command == "puzzle":
            result, status = _puzzle(args)
            print(json.dumps(result))
            return status
        else:
            result = _moves(args.game, args.number, args.moves)
    except CastlingError as error:
        print(f"castling: {error}", file=sys.stderr)
        return USAGE_ERROR
    print(json.dumps(result))
    return 0
