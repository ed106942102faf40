"""The calendar of deals of the day (castling.app.deals.daily_calendar): the
game on the table's days, month by month, from its first day in the daily
table to today, each marked won, won with help, played or not played; any day
shown opens its deal, the same for everyone (a past day's counts on the
calendar only: docs/decisions/daily.md).
"""

from __future__ import annotations

import asyncio
from datetime import date

from castling.i18n import t
from castling.app.deals.daily import DailyTable
from castling.app.deals.daily_calendar import Day, month, months
from castling.app.words.dates import day_of_month, long_day

from .daily_view import DailyDeal, local_today
from .dom import JsObject
from .host import Host


class CalendarView:
    """The dialog ``[data-calendar]``: one month at a time, the latest first."""

    def __init__(self, host: Host, daily: DailyDeal) -> None:
        self.host = host
        self.document = host.document
        self.daily = daily
        self.table: DailyTable | None = None
        self.shown: list[tuple[int, int]] = []      # the months there are, oldest first
        self.at = 0                                  # the one shown
        host.command("daily-calendar", self.open)
        host.command("calendar-previous", lambda: self.turn(-1))
        host.command("calendar-next", lambda: self.turn(1))
        host.listen(self._element("days"), "click", self.on_day)

    def _element(self, name: str) -> JsObject:
        return self.document.getElementById(f"calendar-{name}")

    def open(self) -> None:
        asyncio.ensure_future(self._open())

    async def _open(self) -> None:
        host = self.host
        rules = host.session.game.rules
        self.table = await self.daily.read_table()
        if self.table is None:
            host.notify(t("daily.unavailable"))
            return
        first = self.table.first_day(rules.id)
        if first is None:
            host.notify(t("daily.none_game", game=rules.name))
            return
        self.shown = months(first, local_today(host.window))
        self.at = len(self.shown) - 1
        self._element("title").textContent = t("calendar.title", game=rules.name)
        self.draw()
        dialog = self._element("dialog")
        if not dialog.open:
            dialog.showModal()

    def turn(self, step: int) -> None:
        """The month before (-1) or after (+1) the one shown, within those there are."""
        if self.shown:
            self.at = max(0, min(self.at + step, len(self.shown) - 1))
            self.draw()

    def draw(self) -> None:
        assert self.table is not None
        host = self.host
        game_id = host.session.game.rules.id
        today = local_today(host.window)
        year, number = self.shown[self.at]
        shown = month(self.table, game_id, host.session.stats_for(game_id).daily, year, number, today)
        self._element("month").textContent = t("calendar.month", month=t(f"date.month.{number}"),
                                               year=year)
        rows = []
        for week in shown.weeks:
            row = self.document.createElement("tr")
            for day in week:
                cell = self.document.createElement("td")
                if day is not None:
                    cell.append(self._day(day, today))
                row.append(cell)
            rows.append(row)
        self._element("days").replaceChildren(*rows)
        previous = self.document.querySelector('[data-action="calendar-previous"]')
        following = self.document.querySelector('[data-action="calendar-next"]')
        previous.disabled = self.at == 0
        following.disabled = self.at == len(self.shown) - 1

    def _day(self, day: Day, today: date) -> JsObject:
        button = self.document.createElement("button")
        button.type = "button"
        button.setAttribute("data-day", day.when.isoformat())
        button.setAttribute("data-state", day.state)
        button.textContent = day_of_month(day.when)     # (the first as its label says it: "1er")
        button.setAttribute("aria-label", t("calendar.day", day=long_day(day.when.isoformat()),
                                            state=t(f"calendar.state.{day.state}")))
        if day.when == today:
            button.setAttribute("aria-current", "date")
        button.disabled = not day.open
        return button

    def on_day(self, event: JsObject) -> None:
        """A day pressed: its deal on the table (the game it replaces offered back)."""
        button = event.target.closest("[data-day]")
        if not button or button.disabled:
            return
        self._element("dialog").close()
        asyncio.ensure_future(self.daily.open_day(date.fromisoformat(str(button.getAttribute("data-day")))))
