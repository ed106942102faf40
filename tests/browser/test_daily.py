"""Today's deal (issue 15): the same deal on the same calendar date in two time
zones 41 hours apart, another the next day, the player's own date in two time zones, the
daily record in the statistics, and a finished daily shared as a replay link."""

import re
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from castling import GAMES, Position
from castling.app.deals.daily import BUDGET, read_table
from castling.search.solver import solve

from browser_helpers import act, dom_piles, shown_as_dom, store, stored, tap_move, wait_ready, watched


TABLE = read_table((Path(__file__).parents[2] / "data" / "daily.json").read_text())
# Kiritimati is UTC+14 and Pago Pago UTC-11: at any instant their dates differ.
EAST, WEST = "Pacific/Kiritimati", "Pacific/Pago_Pago"
NOON_UTC = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)   # Kiritimati: 2 Dec; Pago Pago: 1 Dec


def open_daily(page, game_id: str) -> int:
    """Press Today's deal with ``game_id`` on the table; the deal number shown."""
    page.evaluate("() => { document.getElementById('notice').textContent = '' }")
    act(page, "daily")
    page.wait_for_function("document.getElementById('notice').textContent.includes('deal #')")
    assert page.locator("#board").get_attribute("data-game") == game_id
    number = int(page.evaluate("location.hash").split("/")[2])
    assert page.locator("#deal-label").text_content() == f"Deal #{number} · deal of the day"
    assert dom_piles(page) == shown_as_dom(Position.deal(GAMES[game_id], number).to_piles())
    return number


@pytest.fixture(scope="module")
def player(browser):
    """The browser both tests use (one first visit, not one a time zone): each
    page is given its own time zone (``open_at``) and the clock its instant."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context
    context.close()


def open_at(context, site_url, instant: datetime, zone: str):
    """A page of ``context`` in time zone ``zone``, the clock at ``instant``,
    nothing stored. (The clock is the profile's, the time zone the page's:
    DevTools' override, which lasts through the page's reloads.)"""
    context.clock.set_fixed_time(instant)
    page, check = watched(context, site_url)
    devtools = context.new_cdp_session(page)
    devtools.send("Emulation.setTimezoneOverride", {"timezoneId": zone})
    page.goto(f"{site_url}help/index.html")
    page.evaluate("localStorage.clear()")
    page.goto(f"{site_url}index.html#/fortress/1")
    wait_ready(page)
    return page, check


def test_the_same_date_gives_the_same_deal_and_the_next_day_another(player, site_url):
    east_page, east_check = open_at(player, site_url, NOON_UTC, EAST)
    try:
        # 2 December 2026 in Kiritimati (1 December in UTC), and 41 hours later
        # still 2 December in Pago Pago (3 December in UTC).
        first = open_daily(east_page, "fortress")
        assert first == TABLE.number("fortress", date(2026, 12, 2))
        west_page, west_check = open_at(player, site_url, NOON_UTC + timedelta(hours=41), WEST)
        try:
            assert open_daily(west_page, "fortress") == first
            assert "2 December 2026" in west_page.locator("#notice").text_content()
            # The same instant in the two time zones: each player's own date.
            player.clock.set_fixed_time(NOON_UTC)
            west_page.reload()
            wait_ready(west_page)
            assert open_daily(west_page, "fortress") == TABLE.number("fortress", date(2026, 12, 1)) != first
        finally:
            west_page.close()
        # The next day, another deal.
        player.clock.set_fixed_time(NOON_UTC + timedelta(days=1))
        east_page.reload()
        wait_ready(east_page)
        assert open_daily(east_page, "fortress") == TABLE.number("fortress", date(2026, 12, 3)) != first
        # Another game, its own deal of the day.
        east_page.select_option("#game-select", "morphy")
        east_page.wait_for_selector('#board[data-game="morphy"]')
        assert open_daily(east_page, "morphy") == TABLE.number("morphy", date(2026, 12, 3))
    finally:
        east_page.close()
    east_check()
    west_check()


def test_a_daily_counts_in_the_daily_record_and_a_finished_one_is_shared_as_a_replay(
        player, site_url):
    day = date(2026, 12, 1)
    page, check = open_at(player, site_url, NOON_UTC, WEST)
    try:
        number = TABLE.number("fortress", day)
        rules = GAMES["fortress"]
        line = solve(Position.deal(rules, number), BUDGET).moves
        assert open_daily(page, "fortress") == number
        # The player has played all but the last move of a winning line.
        from castling import format_move
        save = {"format": 1, "game": "fortress", "deal": number, "daily": day.isoformat(),
                "moves": [format_move(rules, move) for move in line[:-1]], "counted": True,
                "won": False, "token": "daily-1"}
        store(page, "castling:save:fortress", save)
        page.evaluate("number => { location.hash = '#/morphy/5'; }", number)
        page.wait_for_selector('#board[data-game="morphy"]')
        page.select_option("#game-select", "fortress")
        page.wait_for_selector('#board[data-game="fortress"]')
        tap_move(page, rules, line[-1])
        dialog = page.locator("#win-dialog")
        dialog.wait_for(state="visible")        # (after the celebration: this page moves)
        assert page.locator("#win-news li").all_text_contents() == [
            "Your first win at Fortress", "Deal of the day won"]
        # The day's result as one line, with the deal's link.
        dialog.locator('[data-action="share-result"]').click()
        notice = page.locator("#notice").text_content()
        assert re.search(r"Castling · Fortress · 1 December 2026 · won in \d+ moves, \d+:\d\d "
                         + re.escape(f"{site_url}index.html#/fortress/{number}") + "$", notice)
        act(page, "share-replay")
        link = page.get_attribute('.controls [data-action="share-replay"]', "data-link")
        assert link.startswith(f"{site_url}index.html#/fortress/{number}/replay/1")
        assert len(link.split("/replay/1")[1]) >= 2 * len(line)        # every move is in it
        assert link in page.locator("#notice").text_content()
        act(page, "stats")
        row = page.locator('#stats-table tr[data-game="fortress"] td').all_text_contents()
        assert row[-3:] == ["1", "1", "1"]                  # days played, won, won in a row
        daily = stored(page, "castling:stats")["fortress"]["daily"]
        assert (daily["played"], daily["won"], daily["last_won"]) == (1, 1, "2026-12-01")
    finally:
        page.close()
    check()


def test_the_calendar_opens_a_past_days_deal_and_marks_the_days(player, site_url):
    # 4 December 2026 in Pago Pago: the calendar shows December, days 1-4 open, the rest not.
    today = date(2026, 12, 4)
    page, check = open_at(player, site_url, NOON_UTC + timedelta(days=3), WEST)
    try:
        act(page, "daily-calendar")
        calendar = page.locator("[data-calendar]")
        calendar.wait_for(state="visible")
        assert page.locator("#calendar-month").text_content() == "December 2026"
        days = page.locator("[data-calendar] [data-day]")
        assert days.count() == 31
        first = TABLE.first_day("fortress")
        for n in range(1, 32):
            day = date(2026, 12, n)
            button = page.locator(f'[data-day="{day.isoformat()}"]')
            assert button.is_disabled() == (not first <= day <= today), day
            assert button.get_attribute("data-state") == "none"
        assert page.locator('[data-day="2026-12-04"]').get_attribute("aria-current") == "date"
        # Never a month after today's; the one before the table's first day is not offered.
        assert page.locator('[data-action="calendar-next"]').is_disabled()
        # A past day's deal: the same number as the table gives that date.
        page.locator('[data-day="2026-12-02"]').click()
        calendar.wait_for(state="hidden")
        number = TABLE.number("fortress", date(2026, 12, 2))
        page.wait_for_function("n => location.hash === `#/fortress/${n}`", arg=number)
        assert dom_piles(page) == shown_as_dom(Position.deal(GAMES["fortress"], number).to_piles())
        rules = GAMES["fortress"]
        tap_move(page, rules, Position.deal(rules, number).legal_moves()[0])
        page.wait_for_function("() => JSON.parse(localStorage.getItem('castling:save:fortress')"
                               " || '{}').moves?.length === 1")
        assert stored(page, "castling:save:fortress")["late"] is True
        daily = stored(page, "castling:stats")["fortress"]["daily"]
        # On the calendar, not in the days played on their own date (nor the run).
        assert daily["days"] == {"2026-12-02": "played"} and daily["played"] == 0
        act(page, "daily-calendar")
        calendar.wait_for(state="visible")
        assert page.locator('[data-day="2026-12-02"]').get_attribute("data-state") == "played"
        label = page.locator('[data-day="2026-12-02"]').get_attribute("aria-label")
        assert label == "2 December 2026: played"
        page.keyboard.press("Escape")
    finally:
        page.close()
    check()
