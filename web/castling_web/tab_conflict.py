"""Another tab of the site playing the same game: noticed, and the player chooses.

Whether a write in another tab touches this tab's game is the session's
question (``changed_elsewhere``); here the choice is offered and carried out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dom import present

if TYPE_CHECKING:
    from .app import App


class OtherTabs:
    def __init__(self, app: App) -> None:
        self.app = app

    def on_storage(self, event) -> None:
        """Another tab of this site wrote to storage."""
        key = event.key
        if self.app.session.changed_elsewhere(str(key) if present(key) else None):
            self.app.document.getElementById("conflict").hidden = False

    def take_theirs(self) -> None:
        self.app.session.take_other_tab()
        self.app.show_game()

    def keep_mine(self) -> None:
        self.app.session.keep_this_tab()
        self.app.refresh()
