"""Dates as the player reads them, and the calendar a chart spans."""

from castling.i18n import set_language
from castling.app.words.dates import MOST_DAYS, calendar, daily_result, long_day, short_day


def test_days_read_in_the_players_language():
    set_language("en")
    assert (short_day("2026-12-01"), long_day("2026-12-01")) == ("1 Dec", "1 December 2026")
    set_language("it")
    try:
        assert (short_day("2026-03-09"), long_day("2026-03-09")) == ("9 mar", "9 marzo 2026")
    finally:
        set_language("en")


def test_the_calendar_has_every_day_from_the_first_to_the_last_and_no_more_than_its_limit():
    assert calendar([]) == []
    assert calendar(["2026-12-01"]) == ["2026-12-01"]
    assert calendar(["2026-11-28", "2026-12-01"]) == [
        "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"]
    long_ago = calendar(["2025-01-01", "2026-12-01"])
    assert len(long_ago) == MOST_DAYS and long_ago[-1] == "2026-12-01"


def test_a_won_deal_of_the_day_is_shared_as_one_line():
    assert daily_result("Chessboard", "2026-12-01", 111, 245) == \
        "Castling · Chessboard · 1 December 2026 · won in 111 moves, 4:05"
