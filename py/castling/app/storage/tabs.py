"""Noticing that another tab wrote this game's save, before writing over it.

Every save carries a ``token`` (which game it is: each new deal gets a new
one) and a ``rev`` (how many times it has been written).  A tab remembers the
(token, rev) of the save as it last read or wrote it.  If the stored one
differs when the tab comes to write, or when the browser says another tab
wrote the key, the two tabs are in ``conflict``: nothing is written until the
player chooses which game to keep (``Session.resolve``).
"""

from __future__ import annotations

import json
import random
from typing import Callable

from ...i18n import t
from .recovery import CarefulStore
from .records import save_key

#: (token, rev) of a save
Header = tuple[str | None, int]


def new_token() -> str:
    """A fresh token for a new game."""
    return f"{random.getrandbits(48):012x}"


def header(saved: dict[str, object]) -> Header:
    """(token, rev) of a save's data; (None, 0) for fields missing or of the wrong type."""
    token, rev = saved.get("token"), saved.get("rev")
    return (token if isinstance(token, str) else None), (rev if type(rev) is int else 0)


def save_header(text: str | None) -> Header | None:
    """(token, rev) of a stored save text: (None, 0) when there is none, None when
    it is not a readable JSON object."""
    if text is None:
        return None, 0
    try:
        saved = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
    return header(saved) if isinstance(saved, dict) else None


def stored_header(store: CarefulStore, game_id: str) -> Header:
    """(token, rev) of a game's save as stored now ((None, 0) if absent or unreadable)."""
    return save_header(store.get(save_key(game_id))) or (None, 0)


class SaveGuard:
    """This tab's hold on the save of the game in hand."""

    def __init__(self, store: CarefulStore) -> None:
        self.store = store
        #: (token, rev) of the game's save as this tab last read or wrote it
        self.seen: Header = (None, 0)
        #: another tab changed the game's save: nothing is written until resolved
        self.conflict = False

    def stored_header(self, game_id: str) -> Header:
        """(token, rev) of a game's save as stored now ((None, 0) if absent or unreadable)."""
        return stored_header(self.store, game_id)

    def resumed(self, seen: Header) -> None:
        """This tab has just taken up a save whose (token, rev) is ``seen`` (read
        from the store, or put back by a keep point): no conflict now."""
        self.seen = seen
        self.conflict = False

    def take_over(self, game_id: str) -> None:
        """The next write replaces the save whoever wrote it last (a new deal, or
        the player chose this tab's game)."""
        self.seen = self.stored_header(game_id)
        self.conflict = False

    def notice(self, game_id: str) -> bool:
        """Another tab may have written the save: whether the two are now in conflict."""
        if self.stored_header(game_id) != self.seen:
            self.conflict = True
        return self.conflict

    def write(self, game_id: str, token: str, text: Callable[[], str]) -> bool:
        """Write the save of game ``token`` (``text()``, made once the new rev is
        in ``seen``), unless another tab wrote it since this one last did: then
        nothing is written and False is returned.  A damaged save is set aside
        first; a refused write leaves ``seen`` as it was."""
        if self.conflict:
            return False
        key = save_key(game_id)
        stored = self.store.get(key)
        found = save_header(stored)
        if found is None:
            self.store.set_aside(key, stored, t("store.save_found_damaged"))
        elif stored is not None and found != self.seen:
            self.conflict = True            # another tab wrote it: the player chooses
            return False
        written = self.seen
        self.seen = (token, self.seen[1] + 1)
        if not self.store.write(key, text()):
            self.seen = written         # nothing changed in storage
        return True

