"""The saved-game format: game id, deal number, move list, format version.

A save is replayed and checked when loaded.  Damage that leaves nothing to play
(not JSON, wrong version, unknown game, bad deal number, wrong field types)
raises :class:`SaveError`; an illegal or malformed move resumes the game at the
last legal position and reports which move failed, so little is lost.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .deal import parse_deal_number
from .errors import DealNumberError, SaveError, UnknownGameError
from .game import Game, MoveProblem
from .games import get_game
from .i18n import t

FORMAT_VERSION = 1
MAX_MOVES = 100_000     # far beyond any real game; bounds the work a save can ask for


def save_data(game: Game) -> dict[str, object]:
    """The save of a game as a JSON-ready dict (callers may add fields of their own)."""
    return {"format": FORMAT_VERSION, "game": game.rules.id, "deal": game.number,
            "moves": game.move_texts()}


def dump_save(game: Game) -> str:
    """The save of a game as compact JSON text."""
    return json.dumps(save_data(game), separators=(",", ":"))


@dataclass
class LoadedSave:
    """A loaded game and, if its move list was damaged, the first bad move."""

    game: Game
    problem: MoveProblem | None = None


def load_save(text: str) -> LoadedSave:
    """Read and replay a save made by :func:`dump_save`."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise SaveError(t("save.not_json")) from None
    if not isinstance(data, dict):
        raise SaveError(t("save.not_object"))
    version = data.get("format")
    if type(version) is not int:
        raise SaveError(t("save.no_version"))
    if version != FORMAT_VERSION:
        raise SaveError(t("save.other_version", version=version, expected=FORMAT_VERSION))
    game_id = data.get("game")
    try:
        # (No game's id is anything but a string.)
        rules = get_game(game_id if isinstance(game_id, str) else "")
    except UnknownGameError:
        raise SaveError(t("save.unknown_game")) from None
    number = data.get("deal")
    if type(number) is not int:
        raise SaveError(t("save.deal_not_number"))
    try:
        parse_deal_number(number)
    except DealNumberError:
        raise SaveError(t("save.deal_range")) from None
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
        raise SaveError(t("save.moves_not_list"))
    if len(moves) > MAX_MOVES:
        raise SaveError(t("save.too_many_moves", count=len(moves), limit=MAX_MOVES))
    game, problem = Game.replay(rules, number, moves)
    return LoadedSave(game, problem)
