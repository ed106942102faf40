"""The calendar of deals of the day: month by month, from a game's first day
in the daily table to today (never a day after it), each day with what became
of its deal for this player (the daily record's ``state``: won, won with help,
played, or none). Weeks start on Monday (ISO 8601), in every language.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date

from .daily import DailyRecord, DailyTable


@dataclass(frozen=True)
class Day:
    """A day of a month shown: its date, whether its deal can be opened (in the
    table, and not after today), and the player's state of it."""

    when: date
    open: bool
    state: str


@dataclass(frozen=True)
class Month:
    """One month of the calendar: its weeks, Monday first, a day where the month
    has one and None where the week runs into the month before or after."""

    year: int
    month: int
    weeks: tuple[tuple[Day | None, ...], ...]


def months(first: date, today: date) -> list[tuple[int, int]]:
    """The months from ``first``'s to ``today``'s, as (year, month), oldest first."""
    shown, month = [], (first.year, first.month)
    while month <= (today.year, today.month):
        shown.append(month)
        month = (month[0] + month[1] // 12, month[1] % 12 + 1)
    return shown


def month(table: DailyTable, game_id: str, record: DailyRecord, year: int, number: int,
          today: date) -> Month:
    """A month of ``game_id``'s calendar for the player whose daily record is ``record``."""
    weeks = []
    for week in calendar.Calendar(firstweekday=calendar.MONDAY).monthdatescalendar(year, number):
        weeks.append(tuple(
            Day(day, day <= today and table.number(game_id, day) is not None, record.state(day))
            if day.month == number else None
            for day in week))
    return Month(year, number, tuple(weeks))
