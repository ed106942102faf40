"""What the app keeps of the player's puzzles, ``castling:puzzles``, and how it
is read back without trusting it.

One JSON object (format :data:`FORMAT`)::

    {"format": 1, "rating": [1500.0, 500.0, 0.09], "streak": 2, "best_streak": 5,
     "played": {"fortress/17": "solved", "morphy/3": "failed"}}

* ``rating``: the player's Glicko-2 rating, deviation and volatility
  (castling.puzzles.glicko.Rating.to_json);
* ``streak``: puzzles solved in a row (without a hint or a wrong move), and
  ``best_streak`` the longest such run;
* ``played``: each puzzle played, by its id (``GAME/N``), and how its rated
  attempt ended: each is rated once (a retry is not), and the next puzzle is
  one not played yet (castling.puzzles.table.PuzzleTable.choose).

The reader is pure, as the others of this wing: text in, a record and a list
of problems out. A damaged part is left out (the rest is kept) and named, and
the session sets the text aside before anything replaces it (.recovery).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TypeGuard

from ...i18n import listed, t
from ...puzzles.glicko import Rating
from .records import PREFIX

PUZZLES_KEY = PREFIX + "puzzles"
FORMAT = 1
#: How a rated attempt ended.
OUTCOMES = ("solved", "failed")
#: The most puzzles remembered (the oldest go first): some 2,000 are shipped.
PLAYED_KEPT = 5000


@dataclass
class PuzzleRecord:
    """The player's puzzles: rating, streaks, and what each puzzle played came to."""

    rating: Rating = field(default_factory=Rating)
    streak: int = 0
    best_streak: int = 0
    played: dict[str, str] = field(default_factory=dict)

    def played_in(self, game_id: str) -> set[int]:
        """The numbers of the puzzles of ``game_id`` played here."""
        numbers = set()
        for puzzle_id in self.played:
            game, _, number = puzzle_id.partition("/")
            if game == game_id and number.isdigit():
                numbers.add(int(number))
        return numbers


def puzzle_record_text(record: PuzzleRecord) -> str:
    """The stored text of ``record`` (what :func:`read_puzzle_record` reads)."""
    played = dict(list(record.played.items())[-PLAYED_KEPT:])
    return json.dumps({"format": FORMAT, "rating": record.rating.to_json(),
                       "streak": record.streak, "best_streak": record.best_streak,
                       "played": played}, separators=(",", ":"))


def _count(value: object) -> TypeGuard[int]:
    return type(value) is int and 0 <= value < 10**9


def read_puzzle_record(text: str | None) -> tuple[PuzzleRecord, list[str]]:
    """The record from its stored text, and what was wrong with it: an
    unreadable text reads as a new player's record; a damaged part is left out."""
    record = PuzzleRecord()
    if text is None:
        return record, []
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return record, [t("store.puzzles_unreadable")]
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return record, [t("store.puzzles_unreadable")]
    damaged = []
    try:
        record.rating = Rating.from_json(data.get("rating"))
    except ValueError:
        damaged.append("rating")
    streak, best = data.get("streak"), data.get("best_streak")
    if _count(streak) and _count(best):
        record.streak, record.best_streak = streak, max(streak, best)
    else:
        damaged.append("streak")
    played = data.get("played")
    if isinstance(played, dict):
        record.played = {key: value for key, value in played.items()
                         if isinstance(key, str) and "/" in key and value in OUTCOMES}
        if len(record.played) != len(played):
            damaged.append("played")
    else:
        damaged.append("played")
    if damaged:
        return record, [t("store.puzzles_damaged", parts=listed(damaged))]
    return record, []


def merged_records(here: PuzzleRecord, there: PuzzleRecord) -> PuzzleRecord:
    """Two browsers' records as one (a transfer link or an export file merged):
    every puzzle played in either (this browser's outcome where both played
    it: each is rated once); the rating and the streak of the one that played
    more puzzles, its rating the likelier to be the player's (a tie keeps this
    browser's); the longer best streak. Merging the same record twice changes
    nothing the second time."""
    played = dict(there.played) | here.played
    ahead = there if len(there.played) > len(here.played) else here
    return PuzzleRecord(rating=ahead.rating, streak=ahead.streak,
                        best_streak=max(here.best_streak, there.best_streak, ahead.streak),
                        played=played)

