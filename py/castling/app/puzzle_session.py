"""The player's puzzles, without a DOM: the puzzle being played, each move
judged, the rating, the streak and the puzzles played, kept in ``castling:puzzles``.

A puzzle (castling.puzzles.table) is a position where one move alone keeps
the win, perhaps for a few moves running (its ``solution``). Judging a move is
a lookup: the move the player made is right when it leaves the position the
puzzle's move leaves (a supermove the table plays as several moves included);
nothing is searched, so the verdict is there at once. The table plays nothing
for an opponent: after a right move the position itself is the next question.

Each puzzle is rated once, as lichess rates its puzzles (castling.puzzles.glicko):
the first wrong move or the first hint ends the rated attempt as failed, the
last move found without either as solved. Playing it again (Retry) is not
rated. The streak counts puzzles solved in a row.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Literal

from ..i18n import t
from ..movegen import Move
from ..puzzles.glicko import Rating, attempt, new_puzzle
from ..errors import LinkError
from ..games import GAMES
from ..puzzles.table import Puzzle, PuzzleTable, runs_into
from .storage.puzzle_record import (PUZZLES_KEY, PuzzleRecord, puzzle_record_text,
                                    read_puzzle_record)
from .storage.recovery import CarefulStore

Kind = Literal["right", "solved", "wrong"]


@dataclass(frozen=True)
class Verdict:
    """What a move came to: ``right`` (more moves to find: ``left`` of them),
    ``solved`` (the last one found), or ``wrong`` (it loses the win)."""

    kind: Kind
    left: int = 0


@dataclass(frozen=True)
class RatingChange:
    """The player's rating before and after a rated attempt ended."""

    before: float
    after: float
    solved: bool

    @property
    def change(self) -> int:
        """The change, in whole points, as it is shown (+12, -8)."""
        return round(self.after) - round(self.before)


class Attempt:
    """One puzzle on the table: its game at the position reached, and how far
    the player has got. The game holds the moves from the deal to the puzzle
    (``start`` of them) and the player's since."""

    def __init__(self, puzzle: Puzzle, rated: bool) -> None:
        self.puzzle = puzzle
        self.rated = rated
        self.game = puzzle.game()
        self.start = len(self.game.moves)
        #: how many moves of the solution the player has found
        self.found = 0
        self.hinted = False
        #: the wrong move played, still on the table (None: none, or taken back)
        self.wrong: list[Move] | None = None
        self.outcome: Literal["solved", "failed"] | None = None
        #: the rating's change once this attempt was rated (a rated one, once)
        self.change: RatingChange | None = None

    @property
    def expected(self) -> Move | None:
        """The move to find now, or None once the puzzle is over (solved, or a
        wrong move played: then Retry plays it again from its start)."""
        if self.outcome is not None:
            return None
        return self.puzzle.solution[self.found]

    @property
    def left(self) -> int:
        """Moves still to find."""
        return len(self.puzzle.solution) - self.found

    def judge(self, moves: Sequence[Move]) -> Verdict:
        """Play the player's move (one, or a supermove's several: legal, the
        engine's) and say what it came to."""
        expected = self.expected
        if expected is None:
            raise ValueError("the puzzle is over: nothing is judged")
        after_expected = self.game.position.copy()
        after_expected.play(expected)
        for move in moves:
            self.game.play(move)
        if self.game.position.key() != after_expected.key():
            self.wrong = list(moves)
            self.outcome = "failed"
            return Verdict("wrong")
        self.found += 1
        if self.found == len(self.puzzle.solution):
            self.outcome = self.outcome or "solved"
            return Verdict("solved")
        return Verdict("right", self.left)

    def take_back_wrong(self) -> None:
        """The wrong move goes: the table is at the question again."""
        if self.wrong is not None:
            for _ in self.wrong:
                self.game.undo()
            self.wrong = None

    def line(self) -> list[Move]:
        """The winning line from the position the player is asked about (the
        wrong move taken back first): the puzzle's line from there on."""
        self.take_back_wrong()
        return list(self.puzzle.line[self.found:])

    def runs_into(self) -> tuple[list[Move], bool]:
        """What the wrong move runs into, from the question's position: the
        move, then plain play's (castling.puzzles.table.runs_into), and whether
        the loss shows there (no move left) rather than deeper."""
        assert self.wrong is not None, "no wrong move to follow"
        moves = list(self.wrong)
        self.take_back_wrong()
        position = self.game.position.copy()
        for move in moves[:-1]:
            position.play(move)
        followed, dead_end = runs_into(position, moves[-1])
        return moves[:-1] + followed, dead_end


class PuzzleSession:
    """The player's puzzles: the record kept in the store, and the attempt on the table."""

    def __init__(self, store: CarefulStore, rng: random.Random | None = None) -> None:
        self.store = store
        self.rng = rng or random.Random()
        self.record = PuzzleRecord()
        self.attempt: Attempt | None = None
        #: the last rated attempt's change of rating (None: none ended yet in this visit)
        self.change: RatingChange | None = None

    def load(self) -> None:
        """Read the record; a damaged one is reported and set aside (nothing lost)."""
        self.record = self.store.read(PUZZLES_KEY, read_puzzle_record)

    @property
    def rating(self) -> Rating:
        return self.record.rating

    def choose(self, table: PuzzleTable) -> Puzzle | None:
        """The next puzzle of ``table``'s game near the player's rating, one
        not played yet; when all are, any (played again, not rated)."""
        self.load()         # (another tab may have played some)
        done = self.record.played_in(table.rules.id)
        chosen = table.choose(self.rating.rating, done, self.rng)
        if chosen is None and table.puzzles:
            chosen = self.rng.choice(table.puzzles)
        return chosen

    def begin(self, puzzle: Puzzle) -> Attempt:
        """Put ``puzzle`` on the table: rated unless it was played here before."""
        self.load()
        self.attempt = Attempt(puzzle, rated=puzzle.id not in self.record.played)
        return self.attempt

    def retry(self) -> Attempt:
        """The same puzzle again from its start, not rated."""
        assert self.attempt is not None, "no puzzle to retry"
        self.attempt = Attempt(self.attempt.puzzle, rated=False)
        return self.attempt

    def judge(self, moves: Sequence[Move]) -> Verdict:
        """Judge the player's move on the puzzle on the table; a rated attempt
        that ends with it (solved, or failed by a wrong move) is rated."""
        attempt = self._attempt
        verdict = attempt.judge(moves)
        if verdict.kind == "wrong":
            self._rate(False)
        elif verdict.kind == "solved":
            self._rate(not attempt.hinted)
        return verdict

    def hint(self) -> Move | None:
        """The move to find (a hint ends a rated attempt as failed), or None."""
        attempt = self._attempt
        move = attempt.expected
        if move is not None and not attempt.hinted:
            attempt.hinted = True
            self._rate(False)
        return move

    @property
    def _attempt(self) -> Attempt:
        assert self.attempt is not None, "no puzzle on the table"
        return self.attempt

    def _rate(self, solved: bool) -> None:
        """The attempt's one rating: the player's rating, streak and the puzzle
        played, re-read and written at once (another tab may have played)."""
        attempt = self._attempt
        if not attempt.rated or attempt.change is not None:
            return
        self.load()
        record = self.record
        before = record.rating
        record.rating, _ = attempt_rating(before, attempt.puzzle, solved)
        record.streak = record.streak + 1 if solved else 0
        record.best_streak = max(record.best_streak, record.streak)
        record.played[attempt.puzzle.id] = "solved" if solved else "failed"
        self.store.write(PUZZLES_KEY, puzzle_record_text(record))
        self.change = attempt.change = RatingChange(before.rating, record.rating.rating, solved)


def attempt_rating(player: Rating, puzzle: Puzzle, solved: bool) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one attempt (the puzzle's
    from its shipped rating: this browser keeps only the player's)."""
    return attempt(player, new_puzzle(puzzle.rating), solved)


def puzzle_of_the_day(table: PuzzleTable, day: date) -> Puzzle | None:
    """The game's puzzle of ``day``: the same for everyone on that date (a
    generator seeded by the game and the date), None for a game without puzzles."""
    if not table.puzzles:
        return None
    seeded = random.Random(f"{table.rules.id}:{day.isoformat()}")
    return table.puzzles[seeded.randrange(len(table.puzzles))]


#: A puzzle link's fragment: ``#/puzzle/GAME/N`` (docs/puzzles.md).
PUZZLE_LINK = "#/puzzle/"


def puzzle_link(puzzle_id: str) -> str:
    """The fragment of the link to puzzle ``GAME/N``."""
    return PUZZLE_LINK + puzzle_id


def is_puzzle_link(fragment: str) -> bool:
    return fragment.startswith(PUZZLE_LINK)


def parse_puzzle_link(fragment: str) -> tuple[str, int]:
    """The game id and puzzle number a puzzle link names; LinkError (its words
    for the player) when it names no game or no number. Whether the game has
    that puzzle is its table's to say."""
    game, _, number = fragment[len(PUZZLE_LINK):].partition("/")
    if game not in GAMES or not number.isdigit() or not 1 <= int(number) <= 10**6:
        raise LinkError(t("puzzle.bad_link", link=fragment[:60]))
    return game, int(number)
