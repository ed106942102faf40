"""Which game the page holds when it opens an address: a deal link's deal (its
game's save taken up first, so that a game in progress the link replaces can be
given back), or, with no game in hand yet, the first visit's deal or the game
last played. The page reads the address and shows what is opened
(castling_web/routing.py); the choices are made here, where CPython tests
reach them."""

from __future__ import annotations

from ..games import GAMES
from ..rules import GameRules
from .first_visit import FIRST_DEAL, FIRST_GAME
from .keeping import Keeping, KeepPoint
from .session import Session
from .storage.records import save_key


def open_first(session: Session, first_table: bool) -> None:
    """With no game in hand yet, take one up: the first visit's deal where the
    page drew it before Python was up (``first_table``: the table stays as it
    is), else the game last played (its save, or a new deal of it)."""
    if session.holding:
        return
    if first_table:
        session.open(GAMES[FIRST_GAME], FIRST_DEAL)
    else:
        session.open(GAMES[session.preferences.last_game_id()])


def open_deal(session: Session, keeping: Keeping, rules: GameRules,
              number: int) -> KeepPoint | None:
    """A deal link: deal ``number`` of ``rules`` in hand. Where the game has a
    save in progress of another deal, that save is taken up first and replaced:
    the keep point returned (by ``keeping``, the session's) gives it back (None
    when nothing was at stake)."""
    def of_rules() -> bool:
        return session.holding and session.game.rules == rules

    def in_hand() -> bool:
        return of_rules() and session.game.number == number

    if in_hand():
        return None
    if not of_rules() and session.store.get(save_key(rules.id)) is not None:
        session.open(rules)
        if in_hand():
            return None
    point = None
    if of_rules() and keeping.at_stake():
        point = keeping.point()
    session.open(rules, number)
    return point


class Opening:
    """The two choices above, for one session and its keep points (built beside
    the session, by whoever builds it: the page's router asks it)."""

    def __init__(self, session: Session, keeping: Keeping) -> None:
        self.session = session
        self.keeping = keeping

    def first(self, first_table: bool) -> None:
        """:func:`open_first`."""
        open_first(self.session, first_table)

    def deal(self, rules: GameRules, number: int) -> KeepPoint | None:
        """:func:`open_deal`."""
        return open_deal(self.session, self.keeping, rules, number)
