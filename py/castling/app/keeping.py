"""A game in progress given back: what New deal, Restart, Today's deal or a
deal link replaced, put back exactly as it was (issue #25).

Before such a change the session takes a :class:`KeepPoint`: the stored texts
of the keys the change may write (the game's save, the statistics, the game
played last) and the game in hand as it is in memory (a copy of its :class:`~.hand.Hand`).  Right after it, the
texts as the change left them.  Bringing the game back writes the old texts
back verbatim, so the save, the statistics and the streak are byte for byte
what they were; if another tab changed the statistics in between, only this
game's entry is put back.  Nothing is deferred: the change is recorded at once
(a loss counted, the new save written), so closing the page while the offer
stands loses nothing and counts nothing twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .hand import Hand
from .session import Session
from .storage.records import LAST_KEY, STATS_KEY, read_stats, save_key, stats_text
from .storage.recovery import CarefulStore
from .storage.tabs import Header, stored_header

Texts = dict[str, "str | None"]


def kept_keys(game_id: str) -> tuple[str, ...]:
    """The keys a change of the game in hand may write."""
    return save_key(game_id), STATS_KEY, LAST_KEY


@dataclass
class KeepPoint:
    """The game in hand and what was stored, just before a change gave it up."""

    before: Texts               # the stored texts before the change
    hand: Hand                  # a copy of the game in hand (its redo list too)
    seen: Header                # the save's (token, rev) as this tab knew it
    counted: bool               # it counted as played (and as won) then
    won: bool
    after: Texts = field(default_factory=dict)     # the stored texts right after
    after_token: str = ""       # the game the change put on the table …
    after_moves: int = 0        # … and its number of moves then

    @property
    def game_id(self) -> str:
        return self.hand.game_id


def read_texts(store: CarefulStore, game_id: str) -> Texts:
    return {key: store.get(key) for key in kept_keys(game_id)}


def put_back(store: CarefulStore, point: KeepPoint) -> None:
    """Write back what was stored before the change (the caller made sure no
    other tab wrote this game's save since)."""
    for key, old in point.before.items():
        now = store.get(key)
        if now == old or old is None:       # unchanged; or nothing to put back (no key removal)
            continue
        if key == STATS_KEY and now != point.after[key]:
            # another tab counted something since: only this game's entry goes back
            stored, _ = read_stats(now)
            earlier, _ = read_stats(old)
            if point.game_id in earlier:
                stored[point.game_id] = earlier[point.game_id]
            else:
                stored.pop(point.game_id, None)
            store.write(key, stats_text(stored))
        else:
            store.write(key, old)


class Keeping:
    """The keep points of one session: taken before a change that may give up the
    game in hand, and the game brought back while nothing happened since. Built
    beside the session, by whoever builds it; it changes the session only
    through the session's methods."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def at_stake(self) -> bool:
        """The game in hand is unfinished and has been played: a new deal would
        count it as lost, a restart would take its moves back."""
        session = self.session
        if not session.holding:
            return False
        game = session.game
        return not game.is_won() and not session.won_counted and (bool(game.moves) or session.counted)

    def point(self) -> KeepPoint:
        """What to put back if the change about to be made is undone."""
        session = self.session
        return KeepPoint(read_texts(session.store, session.hand.game_id), session.hand.copy(),
                         session.seen, session.counted, session.won_counted)

    def changed_since(self, point: KeepPoint) -> bool:
        """Note what the change left (after making it): whether it gave up the
        game ``point`` kept (another deal, or its moves taken back)."""
        hand = self.session.hand
        point.after = read_texts(self.session.store, point.game_id)
        point.after_token, point.after_moves = hand.token, len(hand.game.moves)
        return (hand.game_id != point.game_id or hand.token != point.hand.token
                or hand.game.moves != point.hand.game.moves)

    def can_bring_back(self, point: KeepPoint) -> bool:
        """Nothing happened on the table since the change (no move, no other deal)."""
        if not self.session.holding:
            return False
        hand = self.session.hand
        return (hand.game_id == point.game_id
                and hand.token == point.after_token and len(hand.game.moves) == point.after_moves
                and not self.session.conflict)

    def bring_back(self, point: KeepPoint) -> bool:
        """Undo the change: the game ``point`` kept is in hand again, and its save,
        the statistics and the game played last are stored as they were before."""
        session = self.session
        if (not self.can_bring_back(point)
                or stored_header(session.store, point.game_id) != session.seen):
            return False        # played on, or another tab wrote this game's save since
        put_back(session.store, point)
        # (A restart is the same game: its clock ran on, and is not set back.)
        now = session.hand
        seconds = now.seconds if now.token == point.hand.token else point.hand.seconds
        session.changed_elsewhere(STATS_KEY)        # (the statistics put back are read again)
        session.hold(replace(point.hand, seconds=seconds), point.seen, point.counted, point.won)
        return True

