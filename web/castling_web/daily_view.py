"""Today's deal: the deal of the day of the game on the table.

"Today" is the player's own calendar date (the browser's clock and time zone).
The numbers come from the table shipped with the site (``daily.json``, made by
scripts/daily.py; see castling.app.deals.daily), read once, when first asked for:
the service worker keeps it, so it works offline.
"""

from __future__ import annotations

import asyncio
from datetime import date

from castling.i18n import t
from castling.app.deals.daily import DailyTable, read_table
from castling.app.words.dates import long_day

from .dom import JsObject
from .host import Host
from .keep_game import KeepGame
from .shipped import fetch_table

TABLE_URL = "./daily.json"


def local_today(window: JsObject) -> date:
    """The player's calendar date now."""
    now = window.Date.new()
    return date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


class DailyDeal:
    """Opens today's deal of the game on the table."""

    def __init__(self, host: Host, keep: KeepGame) -> None:
        self.host = host
        self.keep = keep            # offers back the game today's deal replaced (keep_game.py)
        self.table: DailyTable | None = None
        host.command("daily", self.open)

    def open(self) -> None:
        asyncio.ensure_future(self.open_day(local_today(self.host.window)))

    async def open_day(self, day: date) -> None:
        """Open ``day``'s deal of the game on the table (today's, or a past day's
        from the calendar: counted there only), offering back the game it replaced."""
        host = self.host
        rules = host.session.game.rules
        table = await self.read_table()
        if table is None:
            host.notify(t("daily.unavailable"))
            return
        number = table.number(rules.id, day)
        written = long_day(day.isoformat())     # as the charts and the result line write it
        if number is None:
            host.notify(t("daily.none_date", game=rules.name, day=written) if rules.id in table.games
                       else t("daily.none_game", game=rules.name))
            return
        self.keep.around(lambda: host.session.open(rules, number, day=day),
                         t("daily.opened", game=rules.name, day=written, deal=number))

    async def read_table(self) -> DailyTable | None:
        """The daily table shipped with the site, fetched once; None where it cannot be read."""
        if self.table is None:
            self.table = await fetch_table(self.host.window, TABLE_URL, read_table)
        return self.table
