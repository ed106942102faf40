"""The welcome of a first visit: what the game on the table is, its goal, how
to move a card, and where the other games are; shown over the dealt table
once, and never again once closed (``Preferences.welcome_due``, kept under
``castling:welcomed``). Its root carries ``data-welcome``. A first visit by a
link says what was shared: a deal ("Martha, deal #31337 — shared with you."),
someone's game to watch (a replay link) or a puzzle. On a first visit the
page opens it before Python is up (web/first-table/show.js), in the same words."""

from __future__ import annotations

from castling import GAMES
from castling.i18n import t

from .host import Host
from .routing import Router


class Welcome:
    def __init__(self, host: Host, router: Router) -> None:
        self.host = host
        self.router = router        # (what the page was opened by: routing.Router.opened_by)
        self.dialog = host.document.getElementById("welcome-dialog")
        host.listen(self.dialog, "close", lambda event: host.session.preferences.close_welcome())

    def offer(self) -> None:
        """Show the welcome if this is a first visit (called once the table is dealt)."""
        session = self.host.session
        if session.preferences.welcome_due and self.dialog.hasAttribute("data-closed"):
            # web/first-table/show.js showed it before Python was up, and it was closed.
            session.preferences.close_welcome()
            return
        # Where the browser keeps nothing (storage off, or full), no welcome: it
        # could not be remembered as closed, and would greet every visit.
        if not session.preferences.welcome_due or not session.store.saving_works or self.dialog.open:
            return
        # (a replay link's game, which is not the player's own on the table yet)
        rules = self.router.opened_by[1] if self.router.opened_by else session.game.rules
        text = self.host.document.getElementById
        text("welcome-game").textContent = self.game_line()
        text("welcome-summary").textContent = t(f"game.{rules.id}.summary")
        text("welcome-move").textContent = (t("welcome.move.two") if session.preferences.settings.tap == "two"
                                            else t("welcome.move.one"))
        text("welcome-others").textContent = t("welcome.others", count=len(GAMES) - 1)
        self.dialog.showModal()

    def game_line(self) -> str:
        """What the welcome says of the game on the table: what was shared, if a
        link opened the page, else the game's name."""
        if self.router.opened_by is not None:
            way, rules, number = self.router.opened_by
            if way == "puzzle":
                return t("welcome.puzzle", game=rules.name, number=number)
            return t("welcome.shared" if way == "deal" else "welcome.watch",
                     game=rules.name, deal=number)
        return t("welcome.game", game=self.host.session.game.rules.name)
