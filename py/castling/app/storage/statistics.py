"""Statistics bookkeeping: games played and won, streaks and bests, the
deals of the day played and won, and the deals dealt by grade played and won,
per game; and how a time reads (:func:`clock`).

They are kept under ``castling:stats`` (format: :mod:`.records`).  Each game's
entry has ``current``: the token of the game in progress (:mod:`.tabs`) and
whether it already counts as played and as won.  Counting a game and marking it
counted is one write, so a reload at any moment can neither count a game twice
nor lose a win.  Every update re-reads what is stored first and changes only
its own game's entry, so two tabs never undo each other's counts.
"""

from __future__ import annotations

import copy
from datetime import date
from typing import Callable

from ..deals.daily import DailyRecord
from ..deals.grades import GRADES
from .recovery import CarefulStore
from .records import HISTORY_DAYS, STATS_KEY, JSONObject, Stats, new_day, read_stats, stats_text


class StatsBook:
    """The statistics of every game, as last read from the store."""

    def __init__(self, store: CarefulStore, today: Callable[[], date] = date.today) -> None:
        self.store = store
        self.today = today          # the player's date now: the day a game ends on
        self.stats: dict[str, Stats] = {}

    def reload(self) -> None:
        """Read the statistics again; damaged ones are reported and set aside."""
        self.stats = self.store.read(STATS_KEY, read_stats)

    def of(self, game_id: str) -> Stats:
        """The statistics of one game (zeros before the first)."""
        return self.stats.get(game_id, Stats())

    def played_counted(self, game_id: str, token: str) -> bool:
        """Game ``token`` already counts as played."""
        current = self.of(game_id).current
        return current.get("token") == token and current.get("counted") is True

    def win_counted(self, game_id: str, token: str) -> bool:
        """Game ``token``'s win is already counted."""
        current = self.of(game_id).current
        return current.get("token") == token and current.get("won") is True

    def take_up(self, game_id: str, token: str, counted: bool, won: bool) -> None:
        """Game ``token`` is resumed from its save: unless the statistics already
        follow it, its save's copies of the flags say what was counted (kept in
        memory; the next count writes them)."""
        stats = self.stats.setdefault(game_id, Stats())
        if stats.current.get("token") != token:
            stats.current = {"token": token, "counted": counted, "won": won}

    def leave(self, game_id: str) -> None:
        """The game in progress of ``game_id`` is given up for a new deal: if it
        counted as played and was not won, the winning streak is broken."""
        current = self.of(game_id).current
        if current.get("token") is not None and current.get("counted") and not current.get("won"):
            def count(stats: Stats) -> None:
                if stats.current.get("token") != current.get("token"):
                    return      # another tab counted this game's end already
                stats.streak = 0
                self._finished(stats)
                stats.current = {}      # over: leaving it again counts nothing more
            self._update(game_id, count)

    def count_played(self, game_id: str, token: str, grade: str = "") -> None:
        """Game ``token`` had its first move: one more game played (and one more
        of its grade, if it was dealt as one)."""
        def count(stats: Stats) -> None:
            if stats.current.get("token") != token or not stats.current.get("counted"):
                stats.played += 1
                if grade:
                    _of_grade(stats, grade)["played"] += 1
                stats.current = {"token": token, "counted": True, "won": False}
        self._update(game_id, count)

    def count_won(self, game_id: str, token: str, seconds: int, moves: int,
                  helped: bool = False, grade: str = "") -> Stats | None:
        """Game ``token`` was won in ``seconds`` and ``moves``: the win (of its
        grade too, if it was dealt as one), the streak and the bests; a win with
        help counts apart and leaves the streak, the bests and the grade's wins
        as they were (neither extended nor broken).

        Returns the game's statistics as stored just before the win was counted
        (what the win dialog compares with, :mod:`..words.win_news`), or None when it was
        counted already (by another tab)."""
        before: Stats | None = None

        def count(stats: Stats) -> None:
            nonlocal before
            if stats.current.get("token") == token and stats.current.get("won"):
                return      # another tab counted this very win already
            before = copy.deepcopy(stats)
            self._finished(stats, seconds, moves, helped=helped, won=True)
            if helped:
                stats.helped += 1
            else:
                stats.won += 1
                stats.streak += 1
                stats.best_streak = max(stats.best_streak, stats.streak)
                stats.best_seconds = _least(stats.best_seconds, seconds)
                stats.fewest_moves = _least(stats.fewest_moves, moves)
                if grade:
                    _of_grade(stats, grade)["won"] += 1
            stats.current = {"token": token, "counted": True, "won": True}
        self._update(game_id, count)
        return before

    def _finished(self, stats: Stats, seconds: int = 0, moves: int = 0, *,
                  won: bool = False, helped: bool = False) -> None:
        """A game ended today (won, or given up unwon): the day's line of the history."""
        day = self.today().isoformat()
        if not stats.history or stats.history[-1]["day"] != day:
            stats.history = [*stats.history, new_day(day)][-HISTORY_DAYS:]
        line = stats.history[-1]
        line["played"] += 1
        if won and helped:
            line["helped"] += 1
        elif won:
            line["won"] += 1
            line["best_seconds"] = _least(line["best_seconds"], seconds)
            line["fewest_moves"] = _least(line["fewest_moves"], moves)

    def count_daily(self, game_id: str, day: date, *, won: bool = False, helped: bool = False,
                    late: bool = False) -> None:
        """``day``'s deal of the day of ``game_id`` was played (or won, or won with
        help): its daily record (which counts each day once, however often told).
        A ``late`` one — a past day's deal, opened from the calendar — and a win
        with help are marked on the calendar only, not counted in the days won
        or the run."""
        def count(stats: Stats) -> None:
            stats.daily.mark(day, ("helped" if helped else "won") if won else "played")
            if late or helped:
                return
            if won:
                stats.daily.count_won(day)
            else:
                stats.daily.count_played(day)
        self._update(game_id, count)

    def _update(self, game_id: str, change: Callable[[Stats], None]) -> None:
        """Apply ``change`` to one game's statistics as stored now (another tab may
        have changed them), and write them back in one go."""
        stored = self.store.read(STATS_KEY, read_stats)
        if game_id not in stored:
            stored[game_id] = self.stats.get(game_id, Stats())
        change(stored[game_id])
        self.stats = {**self.stats, **stored}
        self.store.write(STATS_KEY, stats_text(self.stats))


def _of_grade(stats: Stats, grade: str) -> dict[str, int]:
    """A game's counts of one grade (made, at zero, for a grade's first game)."""
    return stats.grades.setdefault(grade, {"played": 0, "won": 0})


# -- two devices' statistics of one game, added up (a transfer, docs/decisions.md) --------
#
# Each field says something different, so each adds up its own way. Counts of
# games are sums: a game played (won, won with help) on either device was played,
# and the two devices never played the same game (a save taken from the other
# device carries its own flags, so it is not counted twice). Bests are the better
# of the two: the least time and the fewest moves. A run of wins is a run on one
# device: which device's games came first is not known, so two runs never join:
# the best run is the longer of the two, and the run now is the longer of the two
# runs now (neither device's last game broke the other's run). ``current`` follows
# the save kept (the caller says whose). The deals of the day: days played and won
# are sums (a day's deal played on both devices counts on each, as it did there);
# the run of days won is the one that ends on the later day won, the longer of the
# two when both end that day, since runs on two devices cannot be told apart from
# one on each. The history adds up day by day: its counts summed, its bests the
# better, its last days kept. The games dealt by grade, played and won, are sums.

#: a sum is kept below the readers' bound (records._count), so it reads back
_MOST = 10**12 - 1


def added_up(here: Stats, there: Stats, *, current_from_there: bool = False) -> Stats:
    """The statistics of one game kept on two devices, as one (see above)."""
    return Stats(
        played=_sum(here.played, there.played), won=_sum(here.won, there.won),
        helped=_sum(here.helped, there.helped),
        streak=max(here.streak, there.streak),
        best_streak=max(here.best_streak, there.best_streak),
        best_seconds=_better(here.best_seconds, there.best_seconds),
        fewest_moves=_better(here.fewest_moves, there.fewest_moves),
        current=dict(there.current if current_from_there else here.current),
        daily=_daily_added_up(here.daily, there.daily),
        history=_history_added_up(here.history, there.history),
        grades=_grades_added_up(here.grades, there.grades))


def _sum(one: int, other: int) -> int:
    return min(one + other, _MOST)


def _better(one: int | None, other: int | None) -> int | None:
    """The smaller of two bests, either of which may be missing (None)."""
    return other if one is None else one if other is None else min(one, other)


def _daily_added_up(here: DailyRecord, there: DailyRecord) -> DailyRecord:
    if here.last_won == there.last_won:
        run = max(here.run, there.run)
    else:
        run = (here if here.last_won > there.last_won else there).run
    merged = DailyRecord(played=_sum(here.played, there.played), won=_sum(here.won, there.won),
                         run=run, last_played=max(here.last_played, there.last_played),
                         last_won=max(here.last_won, there.last_won), days=dict(here.days))
    for day, state in sorted(there.days.items()):
        merged.mark(date.fromisoformat(day), state)
    return merged


def _grades_added_up(here: dict[str, dict[str, int]],
                     there: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {grade: {name: _sum(here.get(grade, {}).get(name, 0), there.get(grade, {}).get(name, 0))
                    for name in ("played", "won")}
            for grade in GRADES if grade in here or grade in there}


def _history_added_up(here: list[JSONObject], there: list[JSONObject]) -> list[JSONObject]:
    days: dict[str, JSONObject] = {}
    for line in (*here, *there):
        day = days.setdefault(line["day"], new_day(line["day"]))
        for name in ("played", "won", "helped"):
            day[name] = _sum(day[name], line[name])
        for name in ("best_seconds", "fewest_moves"):
            day[name] = _better(day[name], line[name])
    return [days[day] for day in sorted(days)][-HISTORY_DAYS:]


def clock(seconds: int) -> str:
    """A time as the player reads it: '4:05', or '1:02:03' past an hour."""
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def _least(best: int | None, value: int) -> int:
    """A best so far (None: none yet) after a new value: the smaller."""
    return value if best is None else min(best, value)
