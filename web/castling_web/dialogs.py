"""The dialogs that only show things: the win, the statistics (a game's card
and charts, charts.py, first; every game's table behind a tab) and the keys.
(Settings and the Games dialog have their own modules: settings.py, chooser.py.)"""

from __future__ import annotations

from collections.abc import Iterable

from castling import GAMES
from castling.i18n import t
from castling.numbers import percent
from castling.app.deals.grades import GRADES

from .charts import Charts
from .dom import JsObject
from .host import Host
from .timer import clock

STATS_COLUMNS = ("game", "played", "won", "helped", "rate", "streak", "best_streak",
                 "best_time", "fewest_moves", "daily_played", "daily_won", "daily_run")
#: a game's card: what a player looks for first
CARD = ("played", "won", "rate", "streak", "best_streak", "best_time", "fewest_moves",
        "daily_run")
TABS = ("game", "all")


class Dialogs:
    def __init__(self, host: Host) -> None:
        self.document = document = host.document
        self.session = host.session
        self.charts = Charts(document, host.session)
        host.command("stats", self.show_stats)
        host.command("keys", self.show_keys)
        host.listen(document.getElementById("chart-game"), "change",
                    lambda event: self.show_game_stats(str(event.target.value)))
        for tab in TABS:
            host.listen(document.getElementById(f"stats-tab-{tab}"), "click",
                        lambda event, tab=tab: self.show_tab(tab))
        host.listen(document.getElementById("stats-tabs"), "keydown",
                    self.on_tab_key)

    def _open(self, name: str) -> None:
        self.document.getElementById(f"{name}-dialog").showModal()

    def show_win(self) -> None:
        """The win's summary, and a line for each thing that was special about it
        (``session.win_news``; when there is none, as for a win another tab
        counted first, only whether it was won with help)."""
        session = self.session
        game = session.game
        summary = t("win.summary", game=game.rules.name, deal=game.number,
                    moves=len(game.moves), time=clock(session.hand.seconds))
        self.document.getElementById("win-summary").textContent = summary
        news = session.win_news
        if news is not None:
            lines = news.lines()
        else:
            lines = [("helped", t("win.helped"))] if session.hand.helped else []
        items = []
        for kind, text in lines:
            item = self.document.createElement("li")
            item.setAttribute("data-news", kind)
            item.textContent = text
            items.append(item)
        listed = self.document.getElementById("win-news")
        listed.replaceChildren(*items)
        listed.hidden = not items
        # New deal deals another of the game's grade (game_commands.py): it says so.
        self.document.querySelector('#win-dialog [data-action="new"]').textContent = (
            t(f"grades.another.{session.hand.grade}") if session.hand.grade else t("action.new"))
        dialog = self.document.getElementById("win-dialog")
        if not dialog.open:
            dialog.showModal()

    def show_keys(self) -> None:
        self._open("keys")

    def show_stats(self) -> None:
        """The statistics, opened on the card and charts of the game on the table."""
        self.show_game_stats(self.session.game.rules.id)
        self._show_table()
        self.show_tab("game")
        self._open("stats")

    def _figures(self, game_id: str) -> dict[str, object]:
        """One game's figures as shown (a dash where there is none yet)."""
        stats = self.session.stats_for(game_id)
        none = t("stats.none")
        return {"played": stats.played, "won": stats.won, "helped": stats.helped,
                "rate": none if stats.win_rate is None else percent(stats.win_rate),
                "streak": stats.streak, "best_streak": stats.best_streak,
                "best_time": none if stats.best_seconds is None else clock(stats.best_seconds),
                "fewest_moves": none if stats.fewest_moves is None else stats.fewest_moves,
                "daily_played": stats.daily.played, "daily_won": stats.daily.won,
                "daily_run": stats.daily.current_run(self.session.today())}

    def show_game_stats(self, game_id: str) -> None:
        """One game's card (the figures a player looks for first, then the wins of
        each grade it was dealt by, where there are any) and its charts."""
        figures = self._figures(game_id)
        card = self.document.getElementById("stats-card")
        card.setAttribute("data-game", game_id)
        card.setAttribute("aria-label", t("stats.card", game=GAMES[game_id].name))
        tiles = [self._tile(t(f"stats.{key}"), str(figures[key]), key) for key in CARD]
        graded = self.session.stats_for(game_id).grades
        tiles += [self._tile(t(f"stats.grade.{grade}"),
                             t("stats.grade.value", won=graded[grade]["won"],
                               played=graded[grade]["played"]), f"grade-{grade}")
                  for grade in GRADES if graded.get(grade, {}).get("played")]
        card.replaceChildren(*tiles)
        self.charts.show(game_id)

    def _tile(self, name: str, shown: str, key: str) -> JsObject:
        tile = self.document.createElement("div")
        tile.className = "tile"
        term, value = self.document.createElement("dt"), self.document.createElement("dd")
        term.textContent = name
        value.textContent = shown
        value.setAttribute("data-stat", key)
        tile.append(term, value)
        return tile

    def _show_table(self) -> None:
        """Every game's figures, the games played first, the game on the table marked."""
        table = self.document.getElementById("stats-table")
        rows = [self._row("th", tuple(t(f"stats.{key}") for key in STATS_COLUMNS))]
        played = sorted(GAMES.values(), key=lambda rules: self.session.stats_for(rules.id).played == 0)
        for rules in played:
            figures = self._figures(rules.id)
            row = self._row("td", (rules.name, *(figures[key] for key in STATS_COLUMNS[1:])))
            row.setAttribute("data-game", rules.id)
            if rules == self.session.game.rules:
                row.className = "current"
            rows.append(row)
        table.replaceChildren(*rows)

    def show_tab(self, name: str) -> None:
        """Show one tab's panel (the others hidden), as the WAI-ARIA tabs pattern has it."""
        for tab in TABS:
            button = self.document.getElementById(f"stats-tab-{tab}")
            chosen = tab == name
            button.setAttribute("aria-selected", "true" if chosen else "false")
            button.setAttribute("tabindex", "0" if chosen else "-1")
            self.document.getElementById(f"stats-{tab}").hidden = not chosen

    def on_tab_key(self, event: JsObject) -> None:
        """Left and right (Home, End) move between the tabs, and choose the one reached."""
        key = str(event.key)
        now = next(tab for tab in TABS if self.document.getElementById(
            f"stats-tab-{tab}").getAttribute("aria-selected") == "true")
        if key in ("Home", "End"):
            index = 0 if key == "Home" else len(TABS) - 1
        elif key in ("ArrowLeft", "ArrowRight"):
            index = (TABS.index(now) + (1 if key == "ArrowRight" else -1)) % len(TABS)
        else:
            return
        event.preventDefault()
        self.show_tab(TABS[index])
        self.document.getElementById(f"stats-tab-{TABS[index]}").focus()

    def _row(self, cell_tag: str, values: Iterable[object]) -> JsObject:
        row = self.document.createElement("tr")
        for value in values:
            cell = self.document.createElement(cell_tag)
            cell.textContent = str(value)
            row.appendChild(cell)
        return row
