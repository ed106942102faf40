"""The deal of the day: one deal number per game and calendar date, the same
for every player, known offline, and proved winnable.

The rule (the README states it for anyone to check):

* the candidates for game G on date D (``YYYY-MM-DD``) are, for k = 0, 1, 2, …,
  1 + (the first 8 bytes of SHA-256 of ``castling daily G D k``, as a
  big-endian number, modulo 999,999,999);
* the deal of the day is the first candidate that the solver proves winnable,
  the solver and its budget being those of the day's *rule*
  (:data:`RULES`).

A day's deal, once shipped, never changes, though the solver grows stronger
(a stronger solver may prove an earlier candidate): so each day is picked by
one numbered rule, kept in the table beside its picks. A new rule names its
solver's version, its budget and a first day; it picks only days that no
rule had picked before, for each game from the day after its last one (or
from the rule's first day, for a game that had none): a game the older
rules could give no day, Soother say, gets its days from then on.

``scripts/daily.py`` runs the solver over the candidates ahead of time and
writes, per game, stretches of days (each by one rule) and which k won each
day, to ``data/daily.json`` (a few kilobytes, shipped with the site): the app
computes the number from k with one hash, and needs no solver to know today's
deal. The date is the player's own calendar date (their clock and time zone):
"today" is what their calendar says.

A game gets deals of the day once a search with no more positions a deal than
the newest rule's has proved at least :data:`LEAST_WON_SHARE` of the deals it
tried won (:func:`has_days`): the winnability study (20,000 positions a deal),
or a deeper search of the game's first deals (``data/deep``). With fewer, a
day's candidates could run on for thousands before one is proved. Zerline
(3 decks) has its days from rule 5, within whose budget 2 of its first 100
deals are proved won (the study's proves 2 in 10,000): each day takes minutes
of search, so its table reaches less far than the others'. British Canister
and Soother have none.

Also here: the daily record kept in the statistics (days played, days won, the
current run of days won), as plain functions of dates.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import date, timedelta

MODULUS = 999_999_999    # deal numbers 1 … 999,999,999
FORMAT = 2               # 1: one rule for every day, picks per game (read still)


def iso_day(value: object) -> str:
    """An ISO date (YYYY-MM-DD) as stored, or "" for anything else."""
    if isinstance(value, str) and len(value) == 10:
        try:
            return date.fromisoformat(value).isoformat()
        except ValueError:
            pass
    return ""


@dataclass(frozen=True)
class DailyRule:
    """How one rule picks: the first candidate castling.search.solver of version
    ``solver`` proves won within ``budget`` positions; it picks no day before ``start``."""

    version: int
    solver: int
    budget: int
    start: date


#: Every rule there has been. None may change once a day it picked has
#: shipped; a new search makes a new rule.
RULES = {
    # The Python search, as scripts/daily.py first ran it.
    1: DailyRule(1, solver=3, budget=20_000, start=date(2026, 11, 29)),
    # The same search run by the compiled core (castling.search.core), which can
    # afford ten times the positions a candidate.
    2: DailyRule(2, solver=3, budget=200_000, start=date(2026, 12, 2)),
    # Solver 4: a third, win-finding stage for the games of several decks.
    3: DailyRule(3, solver=4, budget=200_000, start=date(2026, 12, 2)),
    # Solver 6: that stage for every game, and in the one-deck games the
    # second stage carrying on from the first's positions. (Solver 5 until
    # solver 6 came: it had picked no day, so nothing shipped changed.)
    4: DailyRule(4, solver=6, budget=200_000, start=date(2026, 12, 2)),
    # The same solver with twenty times the positions, for a game whose wins
    # lie deeper: Zerline (3 decks), of whose deals 1-100 it proves 2 won and
    # rule 4's budget none of 1-1,000 (data/deep). Rule 4 picked no day: every
    # game with days had them to the end of 2031 when it came.
    5: DailyRule(5, solver=6, budget=4_000_000, start=date(2026, 12, 3)),
    # Solver 8: two depth-first scans after the best-first stages, at rule 5's
    # budget (the days rule 5 picked stay its own). (Solver 7, with one scan,
    # until solver 8 came: it had picked no day, so nothing shipped changed.)
    6: DailyRule(6, solver=8, budget=4_000_000, start=date(2026, 12, 6)),
}
#: The least share of the deals it tried that a search (the study, or a deeper
#: one within the newest rule's budget) must have proved won for a game to have
#: deals of the day.
LEAST_WON_SHARE = 0.01
#: The rule scripts/daily.py picks new days by.
LATEST = max(RULES)
#: The first rule's budget (days before the second rule's start are all its own).
BUDGET = RULES[1].budget


def has_days(won: int, tried: int) -> bool:
    """Whether a game of whose ``tried`` deals a search (the study, or a deeper
    one within the newest rule's budget: scripts/daily.py) proved ``won`` won
    has deals of the day."""
    return tried > 0 and won >= LEAST_WON_SHARE * tried


def candidate(game_id: str, day: date, k: int) -> int:
    """The k-th candidate deal number of ``game_id`` on ``day``."""
    digest = hashlib.sha256(f"castling daily {game_id} {day.isoformat()} {k}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % MODULUS


@dataclass
class Stretch:
    """Days in a row of one game picked by one rule: ``picks[i]`` is the k of
    day ``first + i``."""

    rule: int
    first: date
    picks: list[int] = field(default_factory=list)

    @property
    def last(self) -> date:
        return self.first + timedelta(days=len(self.picks) - 1)


@dataclass
class DailyTable:
    """Which candidate is the deal of the day, per game and day, and by which rule."""

    stretches: dict[str, list[Stretch]] = field(default_factory=dict)   # oldest first

    @property
    def games(self) -> set[str]:
        """The games with at least one deal of the day."""
        return {game_id for game_id, runs in self.stretches.items() if any(s.picks for s in runs)}

    def pick(self, game_id: str, day: date) -> tuple[DailyRule, int] | None:
        """The rule that picked ``day``'s deal and its k, or None."""
        for stretch in self.stretches.get(game_id, []):
            index = (day - stretch.first).days
            if 0 <= index < len(stretch.picks):
                return RULES[stretch.rule], stretch.picks[index]
        return None

    def number(self, game_id: str, day: date) -> int | None:
        """The deal of the day, or None (no deal of the day for that game or date)."""
        picked = self.pick(game_id, day)
        return None if picked is None else candidate(game_id, day, picked[1])

    def first_day(self, game_id: str) -> date | None:
        """The first day with a deal of the day for ``game_id``, or None if none."""
        runs = self.stretches.get(game_id)
        return runs[0].first if runs else None

    def last_day(self, game_id: str) -> date | None:
        """The last day with a deal of the day for ``game_id``."""
        runs = [s for s in self.stretches.get(game_id, []) if s.picks]
        return runs[-1].last if runs else None

    def next_day(self, game_id: str, rule: DailyRule) -> date:
        """The first day ``rule`` would pick next for ``game_id``: none picked before."""
        last = self.last_day(game_id)
        return rule.start if last is None else max(rule.start, last + timedelta(days=1))

    def add(self, game_id: str, rule: DailyRule, day: date, k: int) -> None:
        """Record ``day``'s pick by ``rule``; ``day`` must be :meth:`next_day`."""
        if day != self.next_day(game_id, rule):
            raise ValueError(f"{game_id}: {day} is not the next day to pick")
        runs = self.stretches.setdefault(game_id, [])
        if not runs or runs[-1].rule != rule.version or runs[-1].last + timedelta(days=1) != day:
            runs.append(Stretch(rule.version, day))
        runs[-1].picks.append(k)

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "rules": {
            str(n): {"solver": r.solver, "budget": r.budget, "start": r.start.isoformat()}
            for n, r in RULES.items()},
            "games": {game_id: [{"rule": s.rule, "first": s.first.isoformat(), "picks": s.picks}
                                for s in runs] for game_id, runs in self.stretches.items()}},
            separators=(",", ":"))


def _picks(value: object) -> list[int]:
    if not isinstance(value, list) or not all(type(k) is int and k >= 0 for k in value):
        raise ValueError("damaged table of daily deals")
    return value


def read_table(text: str) -> DailyTable:
    """The table from ``data/daily.json``'s text; ValueError if it is not one.
    A table of format 1 (one rule, before rules were numbered) is rule 1's."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") not in (1, FORMAT):
        raise ValueError("not a table of daily deals")
    table = DailyTable()
    try:
        if data["format"] == 1:
            first = date.fromisoformat(data["first"])
            for game_id, ks in data["picks"].items():
                table.stretches[str(game_id)] = [Stretch(1, first, _picks(ks))]
            return table
        for number, rule in data["rules"].items():
            if RULES.get(int(number)) != DailyRule(int(number), rule["solver"], rule["budget"],
                                                   date.fromisoformat(rule["start"])):
                raise ValueError(f"rule {number} of the daily deals is not this app's")
        for game_id, runs in data["games"].items():
            table.stretches[str(game_id)] = [
                Stretch(int(run["rule"]), date.fromisoformat(run["first"]), _picks(run["picks"]))
                for run in runs]
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"damaged table of daily deals ({type(error).__name__})") from error
    for game_id, runs in table.stretches.items():
        for before, after in zip(runs, runs[1:]):
            if after.first <= before.last or after.rule < before.rule:
                raise ValueError(f"the daily deals of {game_id} overlap")
        if any(stretch.rule not in RULES for stretch in runs):
            raise ValueError("a daily deal picked by a rule this app does not know")
    return table


# -- the daily record -------------------------------------------------------------

#: What became of a day's deal, from the least to the most: the calendar's
#: ``data-state`` ("none": never played).
DAY_STATES = ("played", "helped", "won")
#: The days a record keeps the state of (the oldest go first): some three years.
DAYS_KEPT = 1100


@dataclass
class DailyRecord:
    """One game's deals of the day as the player played them.

    The counts and the run are about deals played on their own date; ``days``
    says, for the calendar, what became of each day's deal, whenever it was
    played (a past day's deal opened from the calendar counts there only, so it
    can neither lengthen nor break the run: docs/decisions/daily.md)."""

    played: int = 0               # days on which its deal of the day was played
    won: int = 0                  # days on which it was won (without help)
    run: int = 0                  # consecutive days won, up to ``last_won``
    last_played: str = ""         # ISO dates
    last_won: str = ""
    #: ISO date -> "played", "helped" (won with help) or "won"
    days: dict[str, str] = field(default_factory=dict)

    def mark(self, day: date, state: str) -> None:
        """The calendar's state of ``day``: it only ever rises (played, then won)."""
        key = day.isoformat()
        known = self.days.get(key)
        if known is None or DAY_STATES.index(state) > DAY_STATES.index(known):
            self.days[key] = state
            if len(self.days) > DAYS_KEPT:
                del self.days[min(self.days)]

    def state(self, day: date) -> str:
        """``day``'s state for the calendar: "won", "helped", "played" or "none".
        (Days before the record kept them: its last played and won days.)"""
        key = day.isoformat()
        if key in self.days:
            return self.days[key]
        return "won" if key == self.last_won else "played" if key == self.last_played else "none"

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
