"""Share, "Share how I played" and a won deal of the day's "Share the result":
a link to the deal on the table, one that replays its moves (docs/rules.md §5),
or the day's result line with the deal's link; shown, and handed to the share
sheet or copied (chrome.py)."""

from __future__ import annotations

from castling.i18n import t
from castling.app.words.dates import daily_result
from castling.app.deals.links import deal_link
from castling.app.deals.replay_links import replay_link

from .host import Host


class Sharing:
    def __init__(self, host: Host) -> None:
        self.host = host
        host.command("share", host.chrome.share)
        host.command("share-replay", self.share_replay)
        host.command("share-result", self.share_result)
        host.subscribe(self.show_button)

    def show_button(self) -> None:
        # No moves: a replay would only be the deal, which Share gives.
        session = self.host.session
        self.host.chrome.button("share-replay").disabled = not session.game.moves
        # The result line: for a deal of the day, once won.
        result = self.host.document.getElementById("share-result")
        result.hidden = not (session.hand.daily and session.game.is_won())

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

    def share_result(self) -> None:
        """Share a won deal of the day as one line and its deal's link."""
        host, session = self.host, self.host.session
        game = session.game
        if not (session.hand.daily and game.is_won()):
            return
        address = str(host.window.location.href).split("#")[0]
        link = address + deal_link(game.rules, game.number)
        line = daily_result(game.rules.name, session.hand.daily, len(game.moves), session.hand.seconds)
        host.chrome.share(link, t("notice.result", line=line, link=link),
                          t("notice.result_copied", line=line, link=link), text=line)
