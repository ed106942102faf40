"""Castling's rules engine: the Fortress family of solitaire games, standard library only.

The vocabulary, after python-chess: :class:`GameRules` describes a game,
:class:`Position` holds its piles and is the only judge of legal moves,
:class:`Game` is a deal in play with undo and redo, and every card, pile, move
and position has one text form that round-trips.
"""

from .deal import parse_deal_number, random_deal_number
from .errors import (CastlingError, DealNumberError, IllegalMoveError, NotationError,
                     SaveError, UnknownGameError)
from .game import Game, MoveProblem
from .games import GAMES, get_game
from .hint import auto_finish, hint, safe_foundation_moves
from .notation import format_move, parse_move
from .position import Position
from .rules import GameRules
from .save import dump_save, load_save

__all__ = [
    "CastlingError", "DealNumberError", "GAMES", "Game", "GameRules", "IllegalMoveError",
    "MoveProblem", "NotationError", "Position", "SaveError", "UnknownGameError",
    "auto_finish", "dump_save", "format_move", "get_game", "hint", "load_save",
    "parse_deal_number", "parse_move", "random_deal_number", "safe_foundation_moves",
]
