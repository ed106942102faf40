"""The page around the table: titles and labels, the toolbar's buttons, the
messages (as toasts, toasts.py) and the screen reader's live region, the page's language and its
help links, the status line, and sharing links (the deal's, a replay's).

Everything the player reads is set as text (``textContent``), never as HTML.
"""

from __future__ import annotations

from castling.game import Game
from castling.i18n import help_folder, language, preferred, set_language, t
from castling.language import direction
from pyodide.ffi import create_proxy

from .dom import JsObject, js_object, present
from .toasts import Toasts


class Chrome:
    """The parts of the page that are not the table."""

    def __init__(self, document: JsObject, window: JsObject) -> None:
        self.document = document
        self.window = window
        self.toasts = Toasts(document, window)
        self._copied = ""       # what to say once the link last shared is copied
        # (A later reply, from the clipboard's promise: not part of what the page
        # is doing when it arrives, so a game switch then still takes it away.)
        self._copied_during = 0     # the toasts' games_shown when the link was asked for
        self._said_copied = create_proxy(lambda *_: self._say_copied())
        self._ignore = create_proxy(lambda *_: None)
        self._shared = ""       # the link last offered to the device's share sheet
        self._not_shared = create_proxy(self._share_failed)

    def button(self, action: str) -> JsObject:
        """The toolbar's button for an action (undo, hint, …): in the bar or in
        its menu (menu.py), which is inside the bar's ``.controls``."""
        return self.document.querySelector(f'.controls [data-action="{action}"]')

    def notify(self, text: str, *, lasting: bool = False) -> None:
        """Show a message to the player, as a toast (always as text); ``lasting``
        for one with a link to copy."""
        self.toasts.show(text, lasting=lasting)

    def status(self, text: str, *, hint: str | None = None, move: str = "") -> None:
        """The status line's text. Only this writes it, so what it says last is
        clear (``hint``: where the hint it shows came from, for the tests;
        ``move``: the hinted move in notation, for tests and tools — the player
        reads it in words)."""
        line = self.document.getElementById("status")
        if hint is not None:
            line.setAttribute("data-hint", hint)
        if move:
            line.setAttribute("data-move", move)
        else:
            line.removeAttribute("data-move")
        line.textContent = text

    def announce(self, text: str) -> None:
        """Say something to screen readers (a polite live region, as text)."""
        region = self.document.getElementById("announce")
        region.textContent = ""
        region.textContent = text

    def name_the_game(self, game: Game, daily: str = "", grade: str = "") -> None:
        """Titles, labels and the rules link of the game on the table (``daily``:
        the date whose deal of the day it is, if it is one; ``grade``: the grade
        it was dealt as, if it was: shown beside the deal's number, as its pips and
        its name, and kept as ``data-grade``)."""
        rules = game.rules
        self.document.getElementById("game-select").value = rules.id
        self.document.getElementById("deal-label").textContent = (
            t("deal.label.daily", deal=game.number) if daily else t("deal.label", deal=game.number))
        shown = self.document.getElementById("deal-grade")
        shown.hidden = not grade or bool(daily)
        if shown.hidden:
            shown.removeAttribute("data-grade")
        else:
            shown.setAttribute("data-grade", grade)
            self.document.getElementById("deal-grade-name").textContent = t(f"grade.{grade}")
        self.document.getElementById("winnable-label").textContent = t(
            "settings.winnable_only", game=rules.name)
        self.document.getElementById("rules-link").setAttribute("data-help", f"{rules.id}.html")
        self.link_help()
        self.document.title = t("page.document_title", game=rules.name, deal=game.number)
        self.document.getElementById("page-title").textContent = t(
            "page.heading.game", game=rules.name, deal=game.number)

    def apply_language(self, chosen: str) -> None:
        """Every text of the page in the chosen language (or, for "", the browser's)."""
        navigator = self.window.navigator
        chosen = chosen or preferred(
            [str(tag) for tag in (navigator.languages or [navigator.language])])
        root = self.document.documentElement
        root.lang = set_language(chosen)
        root.dir = direction()              # (a language written right to left mirrors the page)
        for element in self.document.querySelectorAll("[data-i18n]"):
            element.textContent = t(element.getAttribute("data-i18n"))
        for attribute in ("title", "aria-label", "label", "placeholder"):
            for element in self.document.querySelectorAll(f"[data-i18n-{attribute}]"):
                element.setAttribute(attribute, t(element.getAttribute(f"data-i18n-{attribute}")))
        self.link_help()

    def link_help(self) -> None:
        """Help links lead to the help pages in the page's language."""
        folder = help_folder(language())
        for link in self.document.querySelectorAll("[data-help]"):
            link.setAttribute("href", f"./help/{folder}{link.getAttribute('data-help')}")

    def share(self, link: str = "", shown: str = "", copied: str = "", text: str = "") -> None:
        """Show a link and hand it to the device's share sheet where there is one
        (phones: ``navigator.share``), else copy it when the browser lets us: by
        default the deal's (the page's address); ``shown`` and ``copied`` are what
        the player reads; ``text``, a line shared with the link (before it, when copied)."""
        if not link:
            link = str(self.window.location.href)
            shown, copied = t("notice.link", link=link), t("notice.link_copied", link=link)
        self._copied = copied
        self._copied_during = self.toasts.games_shown
        self.notify(shown, lasting=True)
        navigator = self.window.navigator
        if present(getattr(navigator, "share", None)):
            self._shared = f"{text} {link}" if text else link
            data = {"title": str(self.document.title), "url": link}
            if text:
                data["text"] = text
            try:
                navigator.share(js_object(data)).then(self._ignore, self._not_shared)
                return
            except Exception:       # refused at once (no gesture): the clipboard instead
                pass
        self._copy(f"{text} {link}" if text else link)

    def copy(self, text: str, copied: str) -> None:
        """Copy ``text`` when the browser lets us, and say ``copied`` once it is
        (the player may copy it by hand where it does not)."""
        self._copied = copied
        self._copied_during = self.toasts.games_shown
        self._copy(text)

    def _share_failed(self, error: JsObject) -> None:
        """The share sheet did not share: closed by the player (nothing more to
        do: the link is on screen), or unable to (then the clipboard)."""
        if str(getattr(error, "name", "")) != "AbortError":
            self._copy(self._shared)

    def _say_copied(self) -> None:
        """The clipboard took the link: say so, unless another game came to the
        table meanwhile (the message would be about the game before)."""
        if self.toasts.games_shown == self._copied_during:
            self.toasts.show(self._copied, lasting=True, reply=True)

    def _copy(self, link: str) -> None:
        try:
            # Copying may be refused (no permission, no focus): the link stays on screen.
            copied = self.window.navigator.clipboard.writeText(link)
            copied.then(self._said_copied, self._ignore)
        except Exception:
            pass
