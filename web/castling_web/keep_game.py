"""Nothing lost by a stray tap (issue #25): New deal, Restart, Today's deal and
a link to another deal, while a game is in progress, happen at once, and a
toast offers the game back in one tap ("Undo: back to your game",
``data-action="keep-game"``) until it leaves, or a move is made, or another
game comes to the table — and, beside it, the given-up game's review
(``data-action="review-given-up"``: where its win slipped away).  The app model puts back exactly what was stored
(castling.app.keeping); here only when to offer it and what it says.
"""

from __future__ import annotations

from collections.abc import Callable

from castling.i18n import t
from castling.app.deals.replay_links import Replay
from castling.app.keeping import Keeping, KeepPoint

from .host import Host


class KeepGame:
    def __init__(self, host: Host, keeping: Keeping) -> None:
        self.host = host
        self.keeping = keeping                  # the session's keep points
        self.point: KeepPoint | None = None     # the game offered back, while it is
        #: opens a game's review (ReviewView.open_game, set once it is made)
        self.review: Callable[[Replay], None] | None = None
        host.command("keep-game", self.keep)
        host.command("review-given-up", self.review_given_up)
        host.subscribe(self.follow)

    def around(self, change: Callable[[], object], said: str = "", *,
               redraw: Callable[[], None] | None = None) -> None:
        """A change of the game in hand that may give it up (a new deal, a graded
        deal, the day's deal, a restart), in its steps: whatever is shown view-only
        goes, a keep point is taken, ``change`` is made, the table shows it
        (``redraw``: by default the whole game, as another game is shown), and the
        game given up is offered back, saying ``said``."""
        host = self.host
        host.leave_view_only()
        point = self.before()
        change()
        (redraw or host.show_game)()
        self.offer(point, said)

    def before(self) -> KeepPoint | None:
        """Before a change of the game in hand: what to give back, if it is at stake."""
        session = self.host.session
        if not session.holding or not self.keeping.at_stake():
            return None
        return self.keeping.point()

    def offer(self, point: KeepPoint | None, said: str = "") -> None:
        """After the change: say ``said`` (if anything), and if the change gave up
        the game ``point`` kept, that it did, with the button bringing it back."""
        host, session = self.host, self.host.session
        if point is None or not self.keeping.changed_since(point):
            if said:
                host.notify(said)
            return
        self.point = point
        game = point.hand.game
        left = (t("keep.restarted") if session.hand.token == point.hand.token
                else t("keep.left", game=game.rules.name, deal=game.number))
        actions = [("keep-game", t("keep.undo"))]
        if self.review is not None and game.moves:
            actions.append(("review-given-up", t("action.review")))
        host.chrome.toasts.show(f"{said} {left}" if said else left, actions=actions)

    def follow(self) -> None:
        """After any change of the table: a move, or another game, ends the offer."""
        if self.point is not None and not self.keeping.can_bring_back(self.point):
            self.point = None
            self.host.chrome.toasts.close()

    def review_given_up(self) -> None:
        """The review of the game given up (the offer to bring it back stays
        good until a move is made here)."""
        point = self.point
        if point is not None and self.review is not None:
            game = point.hand.game
            self.review(Replay(game.rules, game.number, list(game.moves)))

    def keep(self) -> None:
        host, point, self.point = self.host, self.point, None
        host.chrome.toasts.close()
        if point is None or not self.keeping.bring_back(point):
            host.notify(t("keep.too_late"))
            return
        host.leave_view_only()
        host.show_game()
        host.announce(t("keep.back", game=point.hand.game.rules.name, deal=point.hand.game.number))
