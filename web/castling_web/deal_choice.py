"""Choose a deal: any deal, or an easy, medium or hard one that the solver
proved winnable (castling.app.deals.grades), dealt at once from the table shipped
with the site (``grades.json``, made by scripts/grades.py), read once, when
first needed; the service worker keeps it, so it works offline.

Menu → Choose a deal… opens a dialog (``#deal-dialog``) of four choices, each a
button (``data-action="deal-any"``, ``deal-easy``, ``deal-medium``,
``deal-hard``; GameCommands does "any"); a grade the game does not offer is
disabled, and the dialog says why. The deal chosen is an ordinary deal number:
its link, its save and its replay are any deal's. New deal (its button, N, the
win's New deal) deals another of the grade the game in hand was dealt as
(:meth:`deal`), so a player who chose Easy goes on getting easy deals until they
choose another kind.
"""

from __future__ import annotations

import asyncio
from functools import partial

from castling.i18n import t
from castling.app.deals.grades import GRADES, GradeTable, read_table

from .host import Host
from .keep_game import KeepGame
from .shipped import fetch_table

TABLE_URL = "./grades.json"


class DealChoice:
    def __init__(self, host: Host, keep: KeepGame) -> None:
        self.host = host
        self.keep = keep            # offers back the game a deal replaced (keep_game.py)
        self.table: GradeTable | None = None
        self.dialog = host.document.getElementById("deal-dialog")
        host.command("choose-deal", self.open)
        for grade in GRADES:
            host.command(f"deal-{grade}", partial(self.deal, grade))

    def open(self) -> None:
        asyncio.ensure_future(self._open())

    async def _open(self) -> None:
        """The dialog, each choice enabled where the game on the table offers it,
        the focus on the kind of deal the game in hand is."""
        session, document = self.host.session, self.host.document
        rules = session.game.rules
        table = await self._read_table()
        offered = table.offered(rules.id) if table is not None else ()
        # What the grades mean, or why there are none (no deal proved winnable, or no table).
        document.getElementById("deal-about").textContent = (
            t("grades.about", game=rules.name) if offered
            else t("grades.unavailable") if table is None else t("grades.none", game=rules.name))
        document.getElementById("deal-any-about").textContent = (
            t("grades.any.winnable") if rules.id in session.preferences.settings.winnable_only
            else t("grades.any.about"))
        now = session.hand.grade or "any"
        for kind in ("any", *GRADES):
            button = self.dialog.querySelector(f'[data-action="deal-{kind}"]')
            button.disabled = kind != "any" and kind not in offered
            if kind == now:
                button.setAttribute("aria-current", "true")
            else:
                button.removeAttribute("aria-current")
        note = document.getElementById("deal-note")
        note.textContent = (t("grades.some", game=rules.name)
                            if 0 < len(offered) < len(GRADES) else "")
        note.hidden = not note.textContent
        if not self.dialog.open:
            self.dialog.showModal()
        chosen = self.dialog.querySelector(f'[data-action="deal-{now}"]')
        (chosen if not chosen.disabled else
         self.dialog.querySelector('[data-action="deal-any"]')).focus()

    def deal(self, grade: str) -> None:
        """Deal a deal of ``grade`` of the game on the table (the dialog closes itself:
        its choices are a form's buttons)."""
        asyncio.ensure_future(self._deal(grade))

    async def _deal(self, grade: str) -> None:
        host = self.host
        table = await self._read_table()
        game = host.session.game
        rules = game.rules
        if table is None:
            host.notify(t("grades.unavailable"))
            return
        number = table.pick(rules.id, grade, avoid=game.number)
        if number is None:          # (its button is disabled: a key or a stale save)
            host.notify(t("grades.none", game=rules.name))
            return
        self.keep.around(lambda: host.session.new_deal(rules, number, grade),
                         t(f"grades.opened.{grade}", game=rules.name, deal=number))

    async def _read_table(self) -> GradeTable | None:
        if self.table is None:
            self.table = await fetch_table(self.host.window, TABLE_URL, read_table)
        return self.table
