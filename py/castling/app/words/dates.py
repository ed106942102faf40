"""Dates as the player reads them, in the current language ("1 Dec", "1 dic";
"1 December 2026"), the calendar days a chart spans (the statistics keep ISO
days, ``2026-12-01``, which are for machines), and the line a finished deal of
the day is shared with."""

from __future__ import annotations

from datetime import date, timedelta

from ...i18n import t
from ..storage.statistics import clock

#: the most days a chart spans: beyond that, the latest
MOST_DAYS = 90


def short_day(day: str) -> str:
    """'1 Dec' for '2026-12-01' (the catalogue's order and month names)."""
    when = date.fromisoformat(day)
    return t("date.short", day=day_of_month(when), month=t(f"date.month.short.{when.month}"))


def long_day(day: str) -> str:
    """'1 December 2026' for '2026-12-01'."""
    when = date.fromisoformat(day)
    return t("date.long", day=day_of_month(when), month=t(f"date.month.{when.month}"), year=when.year)


def day_of_month(when: date) -> str:
    """The day of the month in a date: the first as the language writes it
    ("1er mars", "1º de dezembro"), the others as numbers."""
    return t("date.day.first") if when.day == 1 else str(when.day)


def calendar(days: list[str]) -> list[str]:
    """Every calendar day from the first of ``days`` to the last (ISO, in order;
    a chart leaves a gap for a day not played), at most the last MOST_DAYS."""
    if not days:
        return []
    first, last = date.fromisoformat(min(days)), date.fromisoformat(max(days))
    first = max(first, last - timedelta(days=MOST_DAYS - 1))
    return [(first + timedelta(days=n)).isoformat() for n in range((last - first).days + 1)]


def daily_result(game: str, day: str, moves: int, seconds: int) -> str:
    """The line a won deal of the day is shared with: 'Castling · Chessboard ·
    1 December 2026 · won in 111 moves, 4:05'."""
    return t("daily.result", game=game, day=long_day(day), moves=moves, time=clock(seconds))
