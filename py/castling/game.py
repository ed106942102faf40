"""A game being played: (rules, deal number, moves), with unlimited undo and redo.

This triple is also the save file and the share link; replaying the moves from
the deal always gives back the same position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .deal import parse_deal_number
from .errors import CastlingError
from .games import rules_repr
from .movegen import Move, Record
from .notation import format_move, parse_move
from .position import Position
from .rules import GameRules


@dataclass(frozen=True)
class MoveProblem:
    """The first move of a list that could not be played, and why."""

    index: int      # counted from 0
    text: str
    reason: str

    def __str__(self) -> str:
        return f"move {self.index + 1} ({self.text[:24]!r}): {self.reason}"


class Game:
    """One deal in play; :attr:`position` is always the deal plus :attr:`moves`."""

    def __init__(self, rules: GameRules, number: int | str) -> None:
        self.rules = rules
        self.number = parse_deal_number(number)
        self.position = Position.deal(rules, self.number)
        self._played: list[Record] = []
        self._undone: list[Move] = []

    @classmethod
    def replay(cls, rules: GameRules, number: int | str,
               moves: list[str]) -> tuple["Game", MoveProblem | None]:
        """Play ``moves`` (in notation) from the deal; stop at the first bad one.

        Returns the game at the last legal position and, if a move failed, which
        one and why: a damaged move list loses only what follows the damage.
        """
        game = cls(rules, number)
        for index, text in enumerate(moves):
            try:
                game.play(text)
            except CastlingError as error:
                return game, MoveProblem(index, str(text), str(error))
        return game, None

    def copy(self) -> "Game":
        """The same game, apart: its moves and its redo list."""
        twin = Game(self.rules, self.number)
        for move in self.moves:
            twin.play(move)
        twin._undone = list(self._undone)
        return twin

    def __repr__(self) -> str:
        # Python that replays the game, its moves in notation (the redo list,
        # which the save does not keep either, is not in it).
        return f"Game.replay({rules_repr(self.rules)}, {self.number}, {self.move_texts()!r})[0]"

    @property
    def moves(self) -> list[Move]:
        """The moves played since the deal, oldest first."""
        return [record[0] for record in self._played]

    def move_texts(self) -> list[str]:
        """:attr:`moves` in notation."""
        return [format_move(self.rules, move) for move in self.moves]

    def play(self, move: Sequence[int] | str) -> Move:
        """Play a legal move (tuple, list or notation); clears the redo list
        unless it is the redo move.  Returns the move as a tuple."""
        record = self.position.play(parse_move(self.rules, move) if isinstance(move, str) else move)
        self._played.append(record)
        played = record[0]
        if self._undone and self._undone[-1] == played:
            self._undone.pop()
        else:
            self._undone.clear()
        return played

    def undo(self) -> Move | None:
        """Take back the last move; returns it, or None at the start."""
        if not self._played:
            return None
        record = self._played.pop()
        self.position.undo(record)
        self._undone.append(record[0])
        return record[0]

    def redo(self) -> Move | None:
        """Play again the last move taken back; returns it, or None."""
        if not self._undone:
            return None
        move = self._undone[-1]
        self.play(move)
        return move

    def restart(self) -> None:
        """Back to the deal; the moves taken back can be redone one by one."""
        while self.undo() is not None:
            pass

    @property
    def can_undo(self) -> bool:
        """Whether a move can be taken back."""
        return bool(self._played)

    @property
    def can_redo(self) -> bool:
        """Whether a taken-back move can be replayed."""
        return bool(self._undone)

    @property
    def next_redo(self) -> Move | None:
        """The move :meth:`redo` would play, or None."""
        return self._undone[-1] if self._undone else None

    def legal_moves(self) -> list[Move]:
        """The legal moves of the current position."""
        return self.position.legal_moves()

    def is_won(self) -> bool:
        """Every card is home."""
        return self.position.is_won()

    def is_lost(self) -> bool:
        """Not won and no legal move left (undo is still possible)."""
        return self.position.is_lost()
