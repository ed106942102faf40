"""The puzzles' tables: one per game, ``data/puzzles/GAME.json``, read by the
page (Pyodide) and the command line alike, and choosing the next puzzle.

A table (format :data:`FORMAT`) is compact JSON::

    {"format": 1, "game": "fortress",
     "proofs": {"1": {"solver": 7, "budget": 200000}},
     "cut": {"deals": 300, "winnable": 61, "turns": 240, "one_keeps": 70},
     "puzzles": [{"deal": 2, "proof": 1, "moves": "AJBC", "line": "IJ…", "only": 1,
                  "wrong": [[["IA", 12], ["DC", 4]]], "grade": {…}, "rating": 1480}, …]}

* ``proofs``: each way puzzles were proved, numbered (the solver's version
  and its budget of positions per search), as data/daily.json keeps its rules;
  each puzzle names the one that proved it (``proof``).
* ``cut``: what scripts/puzzles.py has looked at so far: deals 1 to ``deals``
  tried, how many were proved winnable, the turning points found (positions
  tried) and those where exactly one move kept the win (castling.app.puzzle_cut).
* A puzzle: ``deal``, the deal number; ``moves``, the moves from the deal to
  its position, and ``line``, a whole winning line from there, both in the
  replay link's characters (castling.notation.move_code: two a move);
  ``only``, how many of the line's first moves are each the only one keeping
  the win (the moves the player must find); ``wrong``, for each of
  those, every other legal move there with the positions the whole search
  that proved it lost counted; ``grade``, what makes it hard
  (castling.app.puzzle_cut.grade_facts); ``rating``, its rating before anyone
  played it (:func:`rating_of`).

A puzzle is known by its game and its number in the table, from 1
(``fortress/17``, :attr:`Puzzle.id`). Tables only grow: a shipped puzzle is
never changed or moved (:func:`check_appended`), so an id means the same
puzzle for good.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from ..game import Game
from ..games import GAMES, get_game
from ..hint import hint
from ..movegen import Move
from ..notation import format_move, move_code, moves_from_code
from ..position import Position
from ..rules import GameRules

FORMAT = 1
#: The grade's parts, in the table's order (castling.app.puzzle_cut.grade_facts).
GRADE_KEYS = ("legal", "hint", "tap", "depth", "steps")
#: How far from the player's rating the next puzzle is looked for first; the
#: window doubles until it holds a puzzle not played yet.
NEAR = 100


@dataclass(frozen=True)
class Proof:
    """How puzzles were proved: castling.search.solver of version ``solver``,
    each search within ``budget`` positions."""

    solver: int
    budget: int


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: see the module's docstring for each field; moves are tuples."""

    rules: GameRules
    number: int
    deal: int
    proof: int
    moves: tuple[Move, ...]
    line: tuple[Move, ...]
    only: int
    wrong: tuple[tuple[tuple[Move, int], ...], ...]
    grade: dict[str, int]
    rating: int

    @property
    def id(self) -> str:
        """``GAME/NUMBER``: the puzzle's name for good (a link's, a rating's)."""
        return f"{self.rules.id}/{self.number}"

    @property
    def solution(self) -> tuple[Move, ...]:
        """The moves to find, each the only one keeping the win where it is played."""
        return self.line[:self.only]

    def game(self, moves: int | None = None) -> Game:
        """The puzzle's deal in play with the first ``moves`` of :attr:`moves`
        played (each checked): all of them by default, the puzzle's position;
        fewer, a position before it."""
        game = Game(self.rules, self.deal)
        for move in self.moves[:moves]:
            game.play(move)
        return game

    def position(self) -> Position:
        """The puzzle's position: the deal with :attr:`moves` played (each checked)."""
        return self.game().position

    def to_json(self) -> dict[str, object]:
        """Everything about the puzzle in the notation of docs/rules.md §1, as
        ``castling puzzle`` prints it and a page shows it."""
        rules = self.rules
        position = self.position()

        def text(moves: tuple[Move, ...]) -> list[str]:
            return [format_move(rules, move) for move in moves]
        return {"id": self.id, "game": rules.id, "number": self.number, "deal": self.deal,
                "moves": text(self.moves), "position": position.to_piles(),
                "legal": position.legal_move_texts(), "only": text(self.solution),
                "line": text(self.line),
                "wrong": [[{"move": format_move(rules, move), "nodes": nodes}
                           for move, nodes in step] for step in self.wrong],
                "grade": self.grade, "rating": self.rating}


def runs_into(position: Position, move: Move, longest: int = 60) -> tuple[list[Move], bool]:
    """What a wrong move runs into, to show: ``move`` then the baseline hint's
    moves (castling.hint.hint) from ``position``, until no move is left (True:
    the loss is there to see), a position comes back, or ``longest`` moves
    (False: the loss lies deeper than plain play shows; the proof is the
    search's). Plays on a copy."""
    trial = position.copy()
    trial.play(move)
    moves, seen = [move], {trial.key()}
    while len(moves) < longest:
        nxt = hint(trial, moves[-1])
        if nxt is None:
            return moves, not trial.is_won()
        trial.play(nxt)
        moves.append(nxt)
        if trial.key() in seen:
            break
        seen.add(trial.key())
    return moves, False


def rating_of(grade: dict[str, int]) -> int:
    """A puzzle's rating before anyone plays it, from its grade: 1500 for a
    two-move choice the baseline hint gets right, seen within a few hundred
    positions; more for more moves to choose from, for a hint or a tap that
    lose, for a loss that shows later, for a longer puzzle (docs/decisions/puzzles.md)."""
    rating = (1300 + 200 * math.log2(max(grade["legal"], 2)) + 250 * grade["hint"]
              + 120 * grade["tap"] + 20 * (grade["depth"] - 8) + 80 * (grade["steps"] - 1))
    return int(min(max(round(rating, -1), 600), 2800))


@dataclass
class PuzzleTable:
    """One game's puzzles, in order (puzzle N is ``puzzles[N - 1]``)."""

    rules: GameRules
    proofs: dict[int, Proof] = field(default_factory=dict)
    cut: dict[str, int] = field(default_factory=dict)
    puzzles: list[Puzzle] = field(default_factory=list)

    def puzzle(self, number: int) -> Puzzle:
        """Puzzle ``number`` (from 1); KeyError naming the game's count if there is none."""
        if not 1 <= number <= len(self.puzzles):
            raise KeyError(f"{self.rules.id} has puzzles 1 to {len(self.puzzles)}, not {number}")
        return self.puzzles[number - 1]

    def choose(self, rating: float, done: Collection[int] = (),
               rng: random.Random | None = None) -> Puzzle | None:
        """The next puzzle for a player of ``rating``: one not in ``done`` (numbers)
        within :data:`NEAR` of the rating, the window doubling until one is,
        picked at random among them; None once every puzzle is done."""
        rng = rng or random.Random()
        left = [puzzle for puzzle in self.puzzles if puzzle.number not in done]
        window = NEAR
        while left:
            near = [puzzle for puzzle in left if abs(puzzle.rating - rating) <= window]
            if near:
                return rng.choice(near)
            window *= 2
        return None

    def to_json(self) -> str:
        """The table's text, compact (one puzzle a line, to read a diff by)."""
        head = json.dumps({"format": FORMAT, "game": self.rules.id,
                           "proofs": {str(n): {"solver": p.solver, "budget": p.budget}
                                      for n, p in self.proofs.items()},
                           "cut": self.cut}, separators=(",", ":"))
        rows = ",\n".join(json.dumps(_row(puzzle), separators=(",", ":")) for puzzle in self.puzzles)
        return head[:-1] + ',"puzzles":[\n' + rows + "\n]}\n"


def _row(puzzle: Puzzle) -> dict[str, object]:
    return {"deal": puzzle.deal, "proof": puzzle.proof, "moves": move_code(puzzle.moves),
            "line": move_code(puzzle.line), "only": puzzle.only,
            "wrong": [[[move_code([move]), nodes] for move, nodes in step] for step in puzzle.wrong],
            "grade": puzzle.grade, "rating": puzzle.rating}


class DamagedTable(ValueError):
    """A puzzles' table that is not one, or not whole: the message says where."""


def _whole(value: object, least: int = 0) -> int:
    if type(value) is not int or value < least:
        raise ValueError(f"{value!r} is not a whole number of at least {least}")
    return value


def _moves(value: object) -> tuple[Move, ...]:
    if not isinstance(value, str):
        raise ValueError(f"moves must be text, not {type(value).__name__}")
    return tuple(moves_from_code(value))


def _puzzle(rules: GameRules, number: int, row: Any, proofs: dict[int, Proof]) -> Puzzle:
    if not isinstance(row, dict):
        raise ValueError("not an object")
    proof = _whole(row["proof"], 1)
    if proof not in proofs:
        raise ValueError(f"proof {proof} is not in the table's proofs")
    line, only = _moves(row["line"]), _whole(row["only"], 1)
    if only > len(line):
        raise ValueError(f"'only' is {only}, but the line has {len(line)} moves")
    wrong = row["wrong"]
    if not isinstance(wrong, list) or len(wrong) != only:
        raise ValueError(f"'wrong' must list the wrong moves of each of the {only} moves to find")
    steps = []
    for step in wrong:
        if not isinstance(step, list) or not step:
            raise ValueError("each step of 'wrong' must list at least one wrong move")
        pairs = []
        for pair in step:
            if not isinstance(pair, list) or len(pair) != 2:
                raise ValueError("a wrong move is [move, positions searched]")
            moves = _moves(pair[0])
            if len(moves) != 1:
                raise ValueError(f"{pair[0]!r} is not one move")
            pairs.append((moves[0], _whole(pair[1])))
        steps.append(tuple(pairs))
    grade = row["grade"]
    if not isinstance(grade, dict) or sorted(grade) != sorted(GRADE_KEYS):
        raise ValueError(f"'grade' must have {', '.join(GRADE_KEYS)}")
    return Puzzle(rules, number, _whole(row["deal"], 1), proof, _moves(row["moves"]), line, only,
                  tuple(steps), {key: _whole(grade[key]) for key in GRADE_KEYS},
                  _whole(row["rating"]))


def read_table(text: str, game_id: str | None = None) -> PuzzleTable:
    """The table from its text; :class:`DamagedTable` saying what is wrong and
    where if it is not a whole table of this format (of ``game_id``, if given).
    Whether its moves are legal and its proofs hold is
    castling.puzzles.proofs.reprove's to say."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise DamagedTable(f"a puzzles' table is JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DamagedTable(f"not a puzzles' table of format {FORMAT}")
    game = data.get("game")
    if game not in GAMES or (game_id is not None and game != game_id):
        raise DamagedTable(f"a puzzles' table of {str(game)[:30]!r}, not of {game_id or 'a game'}")
    rules = get_game(game)
    where = f"the puzzles of {game}"
    try:
        proofs = {_whole(int(n), 1): Proof(_whole(p["solver"], 1), _whole(p["budget"], 1))
                  for n, p in data["proofs"].items()}
        cut = {str(key): _whole(value) for key, value in data["cut"].items()}
        rows = data["puzzles"]
        if not isinstance(rows, list):
            raise ValueError("'puzzles' must be a list")
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise DamagedTable(f"{where}: the table's head is damaged ({_said(error)})") from None
    table = PuzzleTable(rules, proofs, cut)
    for number, row in enumerate(rows, 1):
        try:
            table.puzzles.append(_puzzle(rules, number, row, proofs))
        except (KeyError, TypeError, AttributeError, ValueError) as error:
            raise DamagedTable(f"{where}: puzzle {number} is damaged ({_said(error)})") from None
    return table


def _said(error: Exception) -> str:
    return f"no {error}" if isinstance(error, KeyError) else str(error)[:120]


def check_appended(old: PuzzleTable, new: PuzzleTable) -> None:
    """ValueError unless ``new`` is ``old`` with puzzles added at the end (and
    perhaps new proofs): a shipped puzzle never changes, moves or goes."""
    if new.rules.id != old.rules.id:
        raise ValueError(f"a table of {new.rules.id} cannot follow one of {old.rules.id}")
    for number, proof in old.proofs.items():
        if new.proofs.get(number) != proof:
            raise ValueError(f"{old.rules.id}: proof {number} changed")
    if len(new.puzzles) < len(old.puzzles):
        raise ValueError(f"{old.rules.id}: puzzles {len(new.puzzles) + 1} to "
                         f"{len(old.puzzles)} are gone")
    for before, after in zip(old.puzzles, new.puzzles):
        if before != after:
            raise ValueError(f"{old.rules.id}: puzzle {before.number} changed")
