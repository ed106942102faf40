"""What was special about a win, for the win dialog to say (issue #25).

A win is more than "117 moves in 0:23": it may be the first win of that game,
beat the best time or the fewest moves the player had, extend a run of wins,
or win the deal of the day again. The dialog says each of these when it is
true, and only then, so that a line there is always news.

It is worked out here, on the player's side without a DOM and with the
standard library only, so that every case is tested under CPython: a pure
comparison of the game's statistics (:class:`~.records.Stats`) from just before
the win was counted with those just after (``Session.play`` keeps the result
as ``session.win_news``). The words are the catalogue's (``win.news.*``).

What counts:

* **the first win** of a game (no win without help before): said as such, not
  as a new best time and fewest moves, which a first win trivially is;
* **a new best time, a new fewest moves**: strictly better than the best kept
  before (a tie is not news), said with the best it replaces;
* **wins in a row**: the streak, from two (one win is not a run);
* **the deal of the day**: won, and the run of days won when it is two or more;
* **won with help** (Show me played some of it): said honestly, and nothing
  else is, since such a win leaves the streak and the bests as they were
  (``statistics.count_won``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ...i18n import plural, t
from ..storage.records import Stats
from ..storage.statistics import clock

__all__ = ["STREAK_FROM", "WinNews", "win_news"]

#: the least streak worth a line ("2 wins in a row")
STREAK_FROM = 2


@dataclass(frozen=True)
class WinNews:
    """What is worth saying about one win (each field empty when it is not)."""

    game: str                       # the game's name
    first: bool = False             # the first win of this game without help
    best_time: int | None = None    # this win's seconds, when they beat the best kept
    time_was: int | None = None     # the best time it beat
    fewest_moves: int | None = None     # this win's moves, when they beat the fewest kept
    moves_was: int | None = None    # the fewest it beat
    streak: int = 0                 # wins in a row, when STREAK_FROM or more
    daily_run: int = 0              # a deal of the day won: the days won in a row (1 or more)
    helped: bool = False            # won with help: nothing else is said

    def lines(self) -> list[tuple[str, str]]:
        """What the dialog says, one line each: (what kind of news, its words).
        The kinds are ``first``, ``best-time``, ``fewest-moves``, ``streak``,
        ``daily`` and ``helped`` (the page marks each line with its kind)."""
        if self.helped:
            return [("helped", t("win.helped"))]
        lines = []
        if self.first:
            lines.append(("first", t("win.news.first", game=self.game)))
        if self.best_time is not None and self.time_was is not None:
            lines.append(("best-time", t("win.news.best_time", time=clock(self.best_time),
                                         was=clock(self.time_was))))
        if self.fewest_moves is not None and self.moves_was is not None:
            lines.append(("fewest-moves", t("win.news.fewest_moves", moves=self.fewest_moves,
                                            was=self.moves_was)))
        if self.streak >= STREAK_FROM:
            lines.append(("streak", t("win.news.streak", count=self.streak)))
        if self.daily_run:
            lines.append(("daily", plural("win.news.daily", self.daily_run)))
        return lines


def win_news(before: Stats, after: Stats, *, game: str, seconds: int, moves: int,
             helped: bool = False, day: date | None = None) -> WinNews:
    """What was special about a win of ``game`` in ``seconds`` and ``moves``:
    ``before`` and ``after`` are the game's statistics just before the win was
    counted and just after (its deal-of-the-day record too); ``day`` is the date
    whose deal of the day it was, if it was one."""
    if helped:
        return WinNews(game, helped=True)
    first = before.won == 0
    faster = (not first and before.best_seconds is not None and seconds < before.best_seconds)
    fewer = (not first and before.fewest_moves is not None and moves < before.fewest_moves)
    daily_run = 0
    if day is not None and after.daily.last_won == day.isoformat():     # counted as won
        daily_run = after.daily.current_run(day)
    return WinNews(game, first=first,
                   best_time=seconds if faster else None,
                   time_was=before.best_seconds if faster else None,
                   fewest_moves=moves if fewer else None,
                   moves_was=before.fewest_moves if fewer else None,
                   streak=after.streak if after.streak >= STREAK_FROM else 0,
                   daily_run=daily_run)
