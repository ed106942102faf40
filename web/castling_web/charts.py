"""The statistics as pictures: for one game, the games finished on each day
played (won, won with help, lost), the day's best time and its fewest moves,
drawn as SVG bar charts from the statistics' history (castling.app.storage.records)
over the calendar (a gap for a day not played; dates in the player's language),
and the same figures as a table for screen readers and for anyone who prefers
numbers. Every text is set as text; the colours are the stylesheet's, so the
dark and high-contrast looks apply.
"""

from __future__ import annotations

from collections.abc import Callable

from castling.games import GAMES
from castling.i18n import t
from castling.numbers import number
from castling.app.storage.records import JSONObject
from castling.app.words.dates import calendar, long_day, short_day

from .dom import JsObject
from .host import SessionView
from .timer import clock

SVG = "http://www.w3.org/2000/svg"
WIDTH, HEIGHT = 540, 150
LEFT, RIGHT, TOP, BOTTOM = 34, 6, 8, 20     # room for the axis labels
MOST_BAR = 28                               # the widest a day's bar is drawn

#: a chart's figures: one per day of the calendar, None where there is none
Figures = list[int | None]
#: how a figure reads (a time as a clock, moves as a number)
Shown = Callable[[int], str]


class Charts:
    """Draws the charts of one game into ``#charts``."""

    def __init__(self, document: JsObject, session: SessionView) -> None:
        self.document = document
        self.session = session

    def show(self, game_id: str) -> None:
        rules = GAMES[game_id]
        history = self.session.stats_for(game_id).history
        self.document.getElementById("chart-game").value = game_id
        box = self.document.getElementById("charts")
        if not history:
            box.replaceChildren(self._element("p", t("charts.none", game=rules.name)))
            return
        lost_of = {line["day"]: line["played"] - line["won"] - line["helped"] for line in history}
        by_day = {line["day"]: line for line in history}
        days = calendar(list(by_day))       # every day, played or not: a gap where not
        lines = [by_day.get(day) for day in days]

        def each(key: str) -> Figures:
            return [line[key] if line else None for line in lines]
        won, helped = each("won"), each("helped")
        lost = [lost_of.get(day) for day in days]
        played = sum(line["played"] for line in history)
        games = self._bars(
            t("charts.games", game=rules.name),
            t("charts.games.summary", days=number(len(history)), played=number(played),
              won=number(sum(line["won"] for line in history)),
              helped=number(sum(line["helped"] for line in history)),
              lost=number(sum(lost_of.values()))),
            days, [("won", t("stats.won"), won), ("helped", t("stats.helped"), helped),
                   ("lost", t("charts.lost"), lost)], str)
        times, moves = each("best_seconds"), each("fewest_moves")
        lost_played = [lost_of[line["day"]] for line in history]     # (the days played only)
        best_time = self._best(t("charts.best_time"), days, t("stats.best_time"), times, clock)
        fewest = self._best(t("charts.fewest_moves"), days, t("stats.fewest_moves"), moves, str)
        box.replaceChildren(games, best_time, fewest, self._table(rules.name, history, lost_played))

    # -- the pieces ----------------------------------------------------------------------

    def _element(self, tag: str, text: str = "", cls: str = "") -> JsObject:
        element = self.document.createElement(tag)
        if text:
            element.textContent = text
        if cls:
            element.className = cls
        return element

    def _svg(self, tag: str, **attributes: object) -> JsObject:
        element = self.document.createElementNS(SVG, tag)
        for name, value in attributes.items():
            element.setAttribute(name.replace("_", "-"), str(value))
        return element

    def _best(self, title: str, days: list[str], name: str, values: Figures, shown: Shown) -> JsObject:
        """A day's best (time or moves) as bars; with no game won without help on
        any of those days, no empty axes: the caption and a sentence saying so."""
        present = [(value, day) for value, day in zip(values, days) if value is not None]
        if not present:
            figure = self._element("figure", cls="chart")
            figure.appendChild(self._element("figcaption", title))
            figure.appendChild(self._element("p", t("charts.no_wins")))
            return figure
        value, day = min(present)
        summary = t("charts.best.summary", value=shown(value), day=long_day(day))
        return self._bars(title, summary, days, [("value", name, values)], shown)

    def _bars(self, title: str, summary: str, days: list[str], series: list[tuple[str, str, Figures]],
              shown: Shown) -> JsObject:
        """A figure: a bar per day, the series stacked (each (class, name, values);
        None is no bar), its title, a legend, and ``summary`` as its accessible name."""
        figure = self._element("figure", cls="chart")
        figure.appendChild(self._element("figcaption", title))
        totals = [sum(values[i] or 0 for _, _, values in series) for i in range(len(days))]
        top = max(totals) or 1
        svg = self._svg("svg", viewBox=f"0 0 {WIDTH} {HEIGHT}", role="img", aria_label=summary,
                        direction="ltr")      # (its text anchored as drawn, in any language)
        svg.appendChild(self._svg("title")).textContent = summary
        inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
        slot = inner_w / len(days)
        bar = min(slot * 0.7, MOST_BAR)       # a day or two: bars, not slabs
        for i in range(len(days)):
            base: float = HEIGHT - BOTTOM
            for kind, _, values in series:
                value = values[i]
                if not value:
                    continue
                height = inner_h * value / top
                base -= height
                svg.appendChild(self._svg("rect", x=f"{LEFT + i * slot + (slot - bar) / 2:.1f}",
                                          y=f"{base:.1f}", width=f"{bar:.1f}",
                                          height=f"{height:.1f}", **{"class": f"bar-{kind}"}))
        svg.appendChild(self._svg("line", x1=LEFT, y1=HEIGHT - BOTTOM, x2=WIDTH - RIGHT,
                                  y2=HEIGHT - BOTTOM, **{"class": "axis"}))
        labels: list[tuple[str, float, float, str]] = [(shown(top), LEFT - 4, TOP + 10, "end"),
                                                       ("0", LEFT - 4, HEIGHT - BOTTOM, "end")]
        if len(days) == 1:          # one day: its date once, under its bar
            labels.append((short_day(days[0]), LEFT + inner_w / 2, HEIGHT - 4, "middle"))
        else:
            labels += [(short_day(days[0]), LEFT, HEIGHT - 4, "start"),
                       (short_day(days[-1]), WIDTH - RIGHT, HEIGHT - 4, "end")]
        for text, x, y, anchor in labels:
            svg.appendChild(self._svg("text", x=x, y=y, text_anchor=anchor)).textContent = text
        figure.appendChild(svg)
        if len(series) > 1:
            legend = self._element("ul", cls="legend")
            for kind, name, _ in series:
                item = self._element("li")
                item.appendChild(self._element("span", cls=f"swatch bar-{kind}"))
                item.appendChild(self.document.createTextNode(name))
                legend.appendChild(item)
            figure.appendChild(legend)
        return figure

    def _table(self, name: str, history: list[JSONObject], lost: list[int]) -> JsObject:
        """The charts' figures as a table (in a disclosure, open for whoever wants it)."""
        details = self._element("details")
        details.appendChild(self._element("summary", t("charts.as_table")))
        table = self._element("table", cls="stats-table")
        table.appendChild(self._element("caption", t("charts.table", game=name)))
        none = t("stats.none")
        rows: list[tuple[str, list[object]]] = [
            ("th", [t("charts.day"), t("stats.played"), t("stats.won"), t("stats.helped"),
                    t("charts.lost"), t("stats.best_time"), t("stats.fewest_moves")])]
        for line, lost_that_day in zip(history, lost):
            rows.append(("td", [long_day(line["day"]), line["played"], line["won"], line["helped"],
                                lost_that_day,
                                none if line["best_seconds"] is None else clock(line["best_seconds"]),
                                none if line["fewest_moves"] is None else line["fewest_moves"]]))
        for tag, cells in rows:
            row = self._element("tr")
            for cell in cells:
                row.appendChild(self._element(tag, str(cell)))
            table.appendChild(row)
        details.appendChild(table)
        return details
