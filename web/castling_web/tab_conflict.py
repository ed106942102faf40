"""Another tab of the site playing the same game: noticed, and the player chooses.

Whether a write in another tab touches this tab's game is the session's
question (``changed_elsewhere``); here the choice is offered and carried out.
"""

from __future__ import annotations

from .dom import JsObject, present
from .host import Host


class OtherTabs:
    def __init__(self, host: Host) -> None:
        self.host = host
        host.command("take-other", self.take_theirs)
        host.command("keep-mine", self.keep_mine)
        host.listen(host.window, "storage", self.on_storage)
        host.subscribe(self.show_conflict)

    def on_storage(self, event: JsObject) -> None:
        """Another tab of this site wrote to storage."""
        key = event.key
        if self.host.session.changed_elsewhere(str(key) if present(key) else None):
            self.host.document.getElementById("conflict").hidden = False

    def show_conflict(self) -> None:
        self.host.document.getElementById("conflict").hidden = not self.host.session.conflict

    def take_theirs(self) -> None:
        self.host.session.resolve(keep_mine=False)
        self.host.show_game()

    def keep_mine(self) -> None:
        self.host.session.resolve(keep_mine=True)
        self.host.refresh()
