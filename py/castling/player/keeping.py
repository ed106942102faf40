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

from dataclasses import dataclass, field

from .hand import Hand
from .records import LAST_KEY, STATS_KEY, read_stats, save_key, stats_text
from .recovery import CarefulStore
from .tabs import Header

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
