"""The Games dialog: every game by kind, found by typing part of its name, each
with a sketch of its table, its one-line summary, its decks, its difficulty in
words with what the solver found of it behind them
(castling.app.words.difficulty), and the player's record.

The list itself is written by build.py from the declarations (castling.games
.GROUPS); here it is filled with what changes, in the player's language, and
filtered as the player types.
"""

from __future__ import annotations

import unicodedata

from castling import GAMES
from castling.i18n import plural, t
from castling.numbers import number
from castling.app.words.difficulty import difficulty_words

from .dom import JsObject, close_dialog, present
from .host import Host


def _folded(text: str) -> str:
    """Lower case, no accents, letters and digits only: "Castle's End" -> "castles end"."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    kept = "".join(c for c in plain if c.isalnum() or c.isspace())
    return " ".join(kept.split())


def matches(query: str, name: str) -> bool:
    """Whether a game's name holds what the player typed (case, accents and
    punctuation aside; nothing typed matches every game)."""
    return _folded(query) in _folded(name)


class Chooser:
    def __init__(self, host: Host) -> None:
        self.host = host
        document = host.document
        host.command("games", self.open)
        host.listen(document.getElementById("games-dialog"), "click", self.on_click)
        host.listen(document.getElementById("game-search"), "input", self.on_input)
        host.listen(document.getElementById("game-search"), "keydown", self.on_key)

    def open(self) -> None:
        """Show every game again, with today's figures, and put the cursor in the search."""
        document = self.host.document
        search = document.getElementById("game-search")
        search.value = ""
        self._recent_first()
        for entry in document.querySelectorAll("#games-dialog [data-game]"):
            self._fill(entry)
        self.filter("")
        document.getElementById("games-dialog").showModal()
        search.focus()

    def _recent_first(self) -> None:
        """The games last played in the first group, "Played lately" (each game is
        in the list once: moved there from its own group, and back when it is no
        longer among the last)."""
        document = self.host.document
        recent = document.querySelector("#games-recent .game-list")
        for entry in list(recent.children):          # home again, in its place
            home = document.querySelector(
                f'.game-group[data-group="{entry.getAttribute("data-home")}"] .game-list')
            order = int(entry.getAttribute("data-order"))
            after = next((other for other in home.children
                          if int(other.getAttribute("data-order")) > order), None)
            home.insertBefore(entry, after)
        for game_id in self.host.session.preferences.recent_games():
            entry = document.querySelector(f'#games-dialog li[data-game="{game_id}"]')
            if present(entry):
                recent.appendChild(entry)

    def _fill(self, entry: JsObject) -> None:
        """The player's record and the study's figure for one game, as text."""
        game_id = str(entry.getAttribute("data-game"))
        stats = self.host.session.stats_for(game_id)
        figures = entry.querySelector("[data-figures]")
        decks = GAMES[game_id].decks
        words = [plural("games.decks", decks)]
        tried = figures.getAttribute("data-tried")
        if present(tried):
            # Deals the solver could not decide are not lost: the words say how
            # many, or "0% won" would read as "never winnable".
            words.append(difficulty_words(int(figures.getAttribute("data-won")), int(tried),
                                          int(figures.getAttribute("data-unknown") or 0)))
        if stats.played:
            words.append(t("games.record", played=number(stats.played), won=number(stats.won)))
        figures.textContent = " · ".join(words)

    def filter(self, query: str) -> None:
        """Show only the games whose names hold ``query``, and only groups with one."""
        document = self.host.document
        found = 0
        for group in document.querySelectorAll("#games-dialog .game-group"):
            shown = 0
            for entry in group.querySelectorAll("[data-game]"):
                entry.hidden = not matches(query, str(entry.getAttribute("data-name")))
                shown += not entry.hidden
            group.hidden = shown == 0
            found += shown
        document.getElementById("game-search-none").hidden = found > 0

    def on_click(self, event: JsObject) -> None:
        """A game's name in the list plays it."""
        chosen = event.target.closest("[data-play]")
        if present(chosen):
            self._play(str(chosen.getAttribute("data-play")))

    def _play(self, game_id: str) -> None:
        close_dialog(self.host.document, "games")
        self.host.open_game(game_id)

    def on_input(self, event: JsObject) -> None:
        self.filter(str(event.target.value))

    def on_key(self, event: JsObject) -> None:
        """Enter in the search plays the first game shown."""
        if str(event.key) != "Enter":
            return
        event.preventDefault()
        first = self.host.document.querySelector("#games-dialog li[data-game]:not([hidden])")
        if present(first):
            self._play(str(first.getAttribute("data-game")))
