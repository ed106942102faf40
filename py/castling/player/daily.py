"""The deal of the day: one deal number per game and calendar date, the same
for every player, known offline, and proved winnable.

The rule (the README states it for anyone to check):

* the candidates for game G on date D (``YYYY-MM-DD``) are, for k = 0, 1, 2, …,
  1 + (the first 8 bytes of SHA-256 of ``castling daily G D k``, as a
  big-endian number, modulo 999,999,999);
* the deal of the day is the first candidate that the solver proves winnable
  within :data:`BUDGET` positions.

``scripts/daily.py`` runs the solver over the candidates ahead of time and
writes, per game and day from :data:`DailyTable.first`, which k won, to
``data/daily.json`` (a few kilobytes, shipped with the site): the app computes
the number from k with one hash, and needs no solver to know today's deal.
The date is the player's own calendar date (their clock and time zone): "today"
is what their calendar says.

A game none of whose deals the study proved winnable has no deal of the day.

Also here: the daily record kept in the statistics (days played, days won, the
current run of days won), as plain functions of dates.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import date, timedelta

BUDGET = 20_000          # positions the solver may search to prove a candidate
MODULUS = 999_999_999    # deal numbers 1 … 999,999,999
FORMAT = 1


def candidate(game_id: str, day: date, k: int) -> int:
    """The k-th candidate deal number of ``game_id`` on ``day``."""
    digest = hashlib.sha256(f"castling daily {game_id} {day.isoformat()} {k}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % MODULUS


@dataclass
class DailyTable:
    """Which candidate is the deal of the day, per game, for the days from ``first``."""

    first: date
    picks: dict[str, list[int]] = field(default_factory=dict)   # game id -> k per day

    def number(self, game_id: str, day: date) -> int | None:
        """The deal of the day, or None (no deal of the day for that game or date)."""
        picks = self.picks.get(game_id, [])
        index = (day - self.first).days
        if not 0 <= index < len(picks):
            return None
        return candidate(game_id, day, picks[index])

    def last_day(self, game_id: str) -> date | None:
        """The last day with a deal of the day for ``game_id``."""
        picks = self.picks.get(game_id)
        return self.first + timedelta(days=len(picks) - 1) if picks else None

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "first": self.first.isoformat(), "budget": BUDGET,
                           "picks": self.picks}, separators=(",", ":"))


def read_table(text: str) -> DailyTable:
    """The table from ``data/daily.json``'s text; ValueError if it is not one."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a table of daily deals")
    first = date.fromisoformat(data["first"])
    picks = data["picks"]
    if not isinstance(picks, dict) or not all(
            isinstance(ks, list) and all(type(k) is int and k >= 0 for k in ks)
            for ks in picks.values()):
        raise ValueError("damaged table of daily deals")
    return DailyTable(first, {str(game_id): ks for game_id, ks in picks.items()})


# -- the daily record -------------------------------------------------------------

@dataclass
class DailyRecord:
    """One game's deals of the day as the player played them."""

    played: int = 0               # days on which its deal of the day was played
    won: int = 0                  # days on which it was won (without help)
    run: int = 0                  # consecutive days won, up to ``last_won``
    last_played: str = ""         # ISO dates
    last_won: str = ""

    def count_played(self, day: date) -> None:
        if self.last_played != day.isoformat():
            self.played += 1
            self.last_played = day.isoformat()

    def count_won(self, day: date) -> None:
        if self.last_won == day.isoformat():
            return
        yesterday = (day - timedelta(days=1)).isoformat()
        self.run = self.run + 1 if self.last_won == yesterday else 1
        self.won += 1
        self.last_won = day.isoformat()

    def current_run(self, today: date) -> int:
        """The run of days won as it stands today: broken once a day passed without a win."""
        if self.last_won in (today.isoformat(), (today - timedelta(days=1)).isoformat()):
            return self.run
        return 0
