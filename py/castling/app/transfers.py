"""One session's export files and transfer links (:mod:`.storage.transfer` has
their format, reading and merging): what is kept here, out, and what another
device kept, merged in, then the last game opened as it now is. Built beside
the session, by whoever builds it."""

from __future__ import annotations

from ..games import GAMES
from .session import Session
from .storage.transfer import Holding, Merged, export_file, merge, transfer_link


class Transfers:
    """One session's export files and transfer links."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def export_text(self) -> str:
        """Every saved game, the statistics and the settings, as an export file's text."""
        return export_file(self.session.store.storage)

    def link(self) -> str:
        """The fragment of a link that carries the statistics, settings and saves."""
        return transfer_link(self.session.store.storage)

    def merge(self, held: Holding) -> Merged:
        """Merge what a file or a transfer link holds (read with
        :func:`.storage.transfer.read_file` or :func:`.storage.transfer.read_transfer_link`)
        into what is kept here, then open the last game as it now is (if a game
        is in hand: before the first, the page opens one itself); what was done."""
        session = self.session
        done = merge(session.store, held)
        session.load()
        if session.holding:
            session.open(GAMES[session.preferences.last_game_id()])
        return done
