"""The calendar of deals of the day (castling.app.deals.daily_calendar) and how a
past day counts: on the calendar only, so that a run of days won is neither made
longer nor broken by it (docs/decisions/daily.md)."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

from castling import GAMES, Position
from castling.app.deals.daily import BUDGET, DailyRecord, read_table
from castling.app.deals.daily_calendar import month, months
from castling.app.session import Session
from castling.app.storage.records import read_stats, stats_text
from castling.app.storage.storage_port import MemoryStorage
from castling.search.solver import solve

ROOT = Path(__file__).resolve().parents[2]
TABLE = read_table((ROOT / "data" / "daily.json").read_text())
WINS = json.loads((ROOT / "tests" / "fixtures" / "wins.json").read_text())


def test_the_months_run_from_the_first_day_to_today_and_never_past_it():
    assert months(date(2026, 12, 1), date(2027, 2, 14)) == [(2026, 12), (2027, 1), (2027, 2)]
    assert months(date(2026, 12, 1), date(2026, 12, 1)) == [(2026, 12)]
    first = TABLE.first_day("fortress")
    assert first is not None
    today = first + timedelta(days=40)
    shown = month(TABLE, "fortress", DailyRecord(), today.year, today.month, today)
    days = [day for week in shown.weeks for day in week if day is not None]
    assert [day.when.day for day in days] == list(range(1, len(days) + 1))
    assert all(len(week) == 7 for week in shown.weeks)
    # Monday first: the first week's blanks are the days before the 1st's weekday.
    assert shown.weeks[0].index(days[0]) == days[0].when.weekday()
    for day in days:
        assert day.open == (first <= day.when <= today), day
        assert day.state == "none"


def test_a_day_is_marked_by_the_best_that_became_of_its_deal():
    record = DailyRecord()
    day = date(2026, 12, 3)
    record.mark(day, "won")
    record.mark(day, "played")           # never lowered
    record.mark(day + timedelta(days=1), "helped")
    assert [record.state(day + timedelta(days=n)) for n in range(3)] == ["won", "helped", "none"]
    # A record from before the calendar: its last days played and won still show.
    old = DailyRecord(played=2, won=1, run=1, last_played="2026-12-05", last_won="2026-12-04")
    assert old.state(date(2026, 12, 4)) == "won" and old.state(date(2026, 12, 5)) == "played"


def test_the_days_are_stored_read_back_and_damage_is_caught():
    record = DailyRecord(played=1, won=1, run=1, last_played="2026-12-01", last_won="2026-12-01")
    record.mark(date(2026, 12, 1), "won")
    record.mark(date(2026, 11, 30), "played")
    stats, problems = read_stats(json.dumps({"fortress": {"played": 1, "won": 1, "daily": {
        "played": 1, "won": 1, "run": 1, "last_played": "2026-12-01", "last_won": "2026-12-01",
        "days": record.days}}}))
    assert problems == [] and stats["fortress"].daily.days == record.days
    assert json.loads(stats_text(stats))["fortress"]["daily"]["days"] == record.days
    for bad in ({"2026-12-01": "great"}, {"yesterday": "won"}, ["2026-12-01"]):
        stats, problems = read_stats(json.dumps({"fortress": {"played": 1, "daily": {
            "played": 1, "won": 0, "run": 0, "last_played": "2026-12-01", "days": bad}}}))
        assert "fortress" not in stats and len(problems) == 1


def test_a_past_days_deal_is_marked_on_the_calendar_and_leaves_the_run_alone():
    rules, win = GAMES["fortress"], WINS["fortress"]
    today = date(2026, 12, 10)
    session = Session(MemoryStorage({}), lambda: today)
    session.load()
    # Today's deal won: a run of one.
    session.open(rules, win["deal"], day=today)
    for text in win["moves"]:
        session.play([text])
    daily = session.stats_for("fortress").daily
    assert (daily.played, daily.won, daily.run, daily.state(today)) == (1, 1, 1, "won")
    # A week ago's deal (the table's), opened from the calendar, played and won.
    past = today - timedelta(days=7)
    number = TABLE.number("fortress", past)
    line = solve(Position.deal(rules, number), BUDGET).moves
    session.open(rules, number, day=past)
    assert session.hand.late
    for move in line:
        session.play([move])
    assert session.game.is_won()
    daily = session.stats_for("fortress").daily
    assert (daily.played, daily.won, daily.run, daily.last_won) == (1, 1, 1, today.isoformat())
    assert daily.state(past) == "won" and daily.current_run(today) == 1
    # It resumes as a past day's deal after a reload.
    again = Session(MemoryStorage(session.store.storage.data), lambda: today)
    again.load()
    again.open(rules)
    assert again.hand.daily == past.isoformat() and again.hand.late
