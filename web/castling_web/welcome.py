"""The welcome of a first visit: what the game on the table is, its goal, how
to move a card, and where the other games are; shown over the dealt table
once, and never again once closed (``Session.welcome_due``, kept under
``castling:welcomed``). Its root carries ``data-welcome``. On a first visit the
page opens it before Python is up (web/first-table.js), in the same words."""

from __future__ import annotations

from castling import GAMES
from castling.i18n import t

from .host import Host


class Welcome:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.dialog = host.document.getElementById("welcome-dialog")
        host.listen(self.dialog, "close", lambda event: host.session.close_welcome())

    def offer(self) -> None:
        """Show the welcome if this is a first visit (called once the table is dealt)."""
        session = self.host.session
        if session.welcome_due and self.dialog.hasAttribute("data-closed"):
            # web/first-table.js showed it before Python was up, and it was closed.
            session.close_welcome()
            return
        # Where the browser keeps nothing (storage off, or full), no welcome: it
        # could not be remembered as closed, and would greet every visit.
        if not session.welcome_due or not session.saving_works or self.dialog.open:
            return
        rules = session.game.rules
        text = self.host.document.getElementById
        text("welcome-game").textContent = t("welcome.game", game=rules.name)
        text("welcome-summary").textContent = t(f"game.{rules.id}.summary")
        text("welcome-move").textContent = (t("welcome.move.two") if session.settings.tap == "two"
                                            else t("welcome.move.one"))
        text("welcome-others").textContent = t("welcome.others", count=len(GAMES) - 1)
        self.dialog.showModal()
