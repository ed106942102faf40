"""Share and "Share how I played": a link to the deal on the table, or one that
replays its moves (docs/rules.md §5), shown and copied."""

from __future__ import annotations

from castling.i18n import t
from castling.player.replay_links import replay_link

from .host import Host


class Sharing:
    def __init__(self, host: Host) -> None:
        self.host = host
        host.command("share", host.chrome.share)
        host.command("share-replay", self.share_replay)
        host.subscribe(self.show_button)

    def show_button(self) -> None:
        # No moves: a replay would only be the deal, which Share gives.
        self.host.chrome.button("share-replay").disabled = not self.host.session.game.moves

    def share_replay(self) -> None:
        """Show a link that replays the moves of the game on the table, and copy it;
        the button keeps it in ``data-link``."""
        host, game = self.host, self.host.session.game
        address = str(host.window.location.href).split("#")[0]
        link = address + replay_link(game.rules, game.number, game.moves)
        for button in host.document.querySelectorAll('[data-action="share-replay"]'):
            button.setAttribute("data-link", link)      # the toolbar's and the win dialog's
        host.chrome.share(link, t("notice.replay_link", link=link),
                          t("notice.replay_link_copied", link=link))
