"""A finished game looked back over: the solver's verdict on the position after
each move, and the turning point — the first move after which a position that
could be won was lost — with a move that would have kept the win.

Verdicts follow from one another along a game: a position that can be won was
winnable at every earlier position (each of them reaches it), and a lost one
stays lost at every later position (nothing it reaches can be won). So the
turning point is found by halving, with a handful of searches, and every other
verdict follows from those, but for positions no search decided within its
budget. A won game proves every position of it winnable; its review asks
instead, move by move, whether the move played was the only one that kept the
win (the other moves, searched together, are lost).

The review only asks (:meth:`Review.next_question`) and takes answers
(:meth:`Review.answer`); whoever searches answers — the command line here
(:func:`review_game`), the solver's worker in the page — so that the page never
waits on a search, and the same questions come in the same order everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..movegen import Move
from ..position import Position
from ..rules import GameRules
from .common import SolveResult, Verdict


@dataclass(frozen=True)
class Question:
    """Search the position after ``index`` moves; with ``first_moves``, only
    those moves from it (the moves not played, to learn whether the one played
    was the only way to win)."""

    index: int
    first_moves: tuple[Move, ...] | None = None


@dataclass(frozen=True)
class TurningPoint:
    """Move ``move`` (numbered from 1) lost the win: the position before it,
    after ``move - 1`` moves, could be won — by ``line``, which starts with
    ``keeping`` — and the one after it, where ``played`` went, could not."""

    move: int
    played: Move
    keeping: Move
    line: tuple[Move, ...]


class Review:
    """The verdicts on a game's positions (after 0, 1, … moves), as they are
    learnt: "won" (can still be won), "lost", "unknown" (not decided within
    the budget) or None (not known yet)."""

    def __init__(self, rules: GameRules, number: int, moves: Sequence[Move], *,
                 naive: bool = False) -> None:
        self.rules, self.number = rules, number
        position = Position.deal(rules, number)
        self.positions = [position.copy()]
        for move in moves:
            position.play(move)          # an illegal move raises, naming it
            self.positions.append(position.copy())
        self.moves = list(moves)
        self.verdicts: list[Verdict | None] = [None] * len(self.positions)
        #: the winning lines searches found, by the position they start from
        self.lines: dict[int, list[Move]] = {}
        #: for a won game: whether each move played was the only one that kept
        #: the win (True), not (False), or not decided (None); absent: not asked
        self.only_moves: dict[int, bool | None] = {}
        self._asked: set[int] = set()
        #: every position searched in order, none decided by another: the way a
        #: review goes without the halving (benchmarks/browser_review.py's anchor)
        self.naive = naive
        self.won = position.is_won()
        #: the game ended with no move left: its end is lost by the rules alone
        self.stuck = not self.won and not position.legal_moves()
        if self.stuck:
            self.verdicts[-1] = "lost"
        if self.won:
            # The game itself wins from every one of its positions.
            self.verdicts = ["won"] * len(self.positions)
            for index in range(len(self.positions)):
                self.lines[index] = self.moves[index:]
            for index in range(len(self.moves)):
                if not self._others(index):
                    self.only_moves[index] = None     # a forced move: no choice to judge

    # -- what is known ----------------------------------------------------------------------

    def _last_won(self) -> int:
        return max((index for index, verdict in enumerate(self.verdicts) if verdict == "won"),
                   default=-1)

    def _first_lost(self) -> int:
        return min((index for index, verdict in enumerate(self.verdicts) if verdict == "lost"),
                   default=len(self.verdicts))

    @property
    def never_winnable(self) -> bool:
        """The deal itself could not be won."""
        return self.verdicts[0] == "lost"

    @property
    def turning_point(self) -> TurningPoint | None:
        """The move that lost the win, once a winnable position is known right
        before a lost one; None until then, and for a won game or a deal never
        winnable."""
        won, lost = self._last_won(), self._first_lost()
        if won < 0 or lost != won + 1 or lost == len(self.verdicts):
            return None
        line = self.lines[won]
        return TurningPoint(move=lost, played=self.moves[won], keeping=line[0], line=tuple(line))

    @property
    def finished(self) -> bool:
        """Nothing is left to ask."""
        return self.next_question() is None

    # -- what to ask next ---------------------------------------------------------------------

    def next_question(self) -> Question | None:
        """The next search wanted. For a game not won: halving between the last
        known winnable position and the first known lost one (at first, before
        the deal and after the end), until they are neighbours (the turning
        point) or every position between them has been asked; undecided
        positions are passed by outwards from the middle. A game whose end is
        winnable thus asks its way to its end, and a deal never winnable to
        its start. A game that ran out of moves looks back from its end first,
        the step doubling, until a winnable position is found. For a won game: each move in turn, whether another move
        would have won too."""
        if self.won:
            return self._next_only_move()
        if self.naive:
            return next((Question(index) for index in range(len(self.verdicts))
                         if index not in self._asked), None)
        won, lost = self._last_won(), self._first_lost()
        if lost == won + 1:
            return None
        if self.stuck and won < 0:
            # Looking back from the end, the step doubling (1, 3, 7, … moves
            # back): a game that ran out of moves has mostly lost its win
            # shortly before, and this finds a turn d moves back in about
            # 2·log2(d) searches rather than log2(n).
            back = max(0, lost - (len(self.verdicts) - lost))
            if back not in self._asked:
                return Question(back)
        middle = (won + lost) / 2
        open_ = [index for index in range(won + 1, lost) if index not in self._asked]
        if not open_:
            return None
        return Question(min(open_, key=lambda index: (abs(index - middle), index)))

    def _others(self, index: int) -> tuple[Move, ...]:
        """The legal moves after ``index`` moves, but the one played then."""
        return tuple(move for move in self.positions[index].legal_moves() if move != self.moves[index])

    def _next_only_move(self) -> Question | None:
        for index in range(len(self.moves)):
            if index not in self.only_moves:
                return Question(index, self._others(index))
        return None

    @property
    def only_winning_moves(self) -> int:
        """In a won game, how many of the moves played were the only ones that won."""
        return sum(1 for only in self.only_moves.values() if only)

    # -- answers -------------------------------------------------------------------------------

    def answer(self, question: Question, found: SolveResult) -> None:
        """Take a search's answer to ``question``; a verdict spreads to the
        positions it decides (earlier ones for a win, later ones for a loss)."""
        index = question.index
        if question.first_moves is not None:
            self.only_moves[index] = {"lost": True, "won": False}.get(found.result)
            return
        self._asked.add(index)
        if self.naive:
            self.verdicts[index] = found.result
            if found.result == "won":
                self.lines[index] = list(found.moves)
            return
        if found.result == "won":
            self.lines[index] = list(found.moves)
            for earlier in range(index + 1):
                self.verdicts[earlier] = "won"
        elif found.result == "lost":
            for later in range(index, len(self.verdicts)):
                self.verdicts[later] = "lost"
        elif self.verdicts[index] is None:
            self.verdicts[index] = "unknown"


def review_game(rules: GameRules, number: int, moves: Sequence[Move],
                search: Callable[[Position, list[Move] | None], SolveResult]) -> Review:
    """A whole review, every question answered by ``search(position, first_moves)``."""
    review = Review(rules, number, moves)
    while (question := review.next_question()) is not None:
        first = None if question.first_moves is None else list(question.first_moves)
        review.answer(question, search(review.positions[question.index].copy(), first))
    return review
