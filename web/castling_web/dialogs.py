"""The dialogs that only show things: the win, the statistics (and their
charts, charts.py) and the keys.
(Settings and the Games dialog have their own modules: settings.py, chooser.py.)"""

from __future__ import annotations

from castling import GAMES
from castling.i18n import t

from .charts import Charts
from .host import Host
from .timer import clock

STATS_COLUMNS = ("game", "played", "won", "helped", "rate", "streak", "best_streak",
                 "best_time", "fewest_moves", "daily_played", "daily_won", "daily_run")


class Dialogs:
    def __init__(self, host: Host) -> None:
        self.document = document = host.document
        self.session = host.session
        self.charts = Charts(document, host.session)
        host.command("stats", self.show_stats)
        host.command("keys", self.show_keys)
        host.listen(document.getElementById("chart-game"), "change",
                    lambda event: self.charts.show(str(event.target.value)))

    def _open(self, name: str) -> None:
        self.document.getElementById(f"{name}-dialog").showModal()

    def show_win(self) -> None:
        """The win's summary, and a line for each thing that was special about it
        (``session.win_news``; when there is none, as for a win another tab
        counted first, only whether it was won with help)."""
        session = self.session
        game = session.game
        summary = t("win.summary", game=game.rules.name, deal=game.number,
                    moves=len(game.moves), time=clock(session.seconds))
        self.document.getElementById("win-summary").textContent = summary
        news = session.win_news
        if news is not None:
            lines = news.lines()
        else:
            lines = [("helped", t("win.helped"))] if session.helped else []
        items = []
        for kind, text in lines:
            item = self.document.createElement("li")
            item.setAttribute("data-news", kind)
            item.textContent = text
            items.append(item)
        listed = self.document.getElementById("win-news")
        listed.replaceChildren(*items)
        listed.hidden = not items
        dialog = self.document.getElementById("win-dialog")
        if not dialog.open:
            dialog.showModal()

    def show_keys(self) -> None:
        self._open("keys")

    def show_stats(self) -> None:
        """Every game's statistics, the game on the table marked."""
        table = self.document.getElementById("stats-table")
        rows = [self._row("th", tuple(t(f"stats.{key}") for key in STATS_COLUMNS))]
        none = t("stats.none")
        for rules in GAMES.values():
            stats = self.session.stats_for(rules.id)
            rate = none if stats.win_rate is None else f"{stats.win_rate:.0%}"
            row = self._row("td", (rules.name, stats.played, stats.won, stats.helped, rate,
                                   stats.streak, stats.best_streak,
                                   none if stats.best_seconds is None else clock(stats.best_seconds),
                                   none if stats.fewest_moves is None else stats.fewest_moves,
                                   stats.daily.played, stats.daily.won,
                                   stats.daily.current_run(self.session.today())))
            row.setAttribute("data-game", rules.id)
            if rules == self.session.game.rules:
                row.className = "current"
            rows.append(row)
        table.replaceChildren(*rows)
        self.charts.show(self.session.game.rules.id)
        self._open("stats")

    def _row(self, cell_tag: str, values):
        row = self.document.createElement("tr")
        for value in values:
            cell = self.document.createElement(cell_tag)
            cell.textContent = str(value)
            row.appendChild(cell)
        return row
