"""What the player prefers and where they were, apart from any one game: their
settings (``castling:settings``), whether a first visit's welcome is still due
(``castling:welcome``), and the games shown last (``castling:last``,
``castling:recent``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date

from ..games import GAMES
from .storage.records import (CHOICES, LAST_KEY, NUMBERS, RECENT_GAMES, RECENT_KEY, SETTINGS_KEY,
                      SWITCHES, WELCOME_KEY, Settings, read_settings, settings_text)
from .storage.recovery import CarefulStore


class Preferences:
    """The player's settings, the welcome, and the games last shown; each change kept at once."""

    def __init__(self, store: CarefulStore, today: Callable[[], date]) -> None:
        self.store = store
        self.today = today           # the player's calendar date now
        self.settings = Settings()
        self.welcome_due = False     # a first visit: the welcome is to be shown

    def load(self) -> None:
        """Read the settings (damaged ones are reported and set aside) and whether to welcome."""
        self.settings = self.store.read(SETTINGS_KEY, read_settings)
        # A first visit: no game was ever shown here, and no welcome closed.
        # (A player of before the welcome has a last game: they are not welcomed.)
        self.welcome_due = self.store.get(WELCOME_KEY) is None and self.store.get(LAST_KEY) is None

    def reread(self) -> None:
        """Another tab changed the settings: take them up (a damaged text reads as defaults)."""
        self.settings = read_settings(self.store.get(SETTINGS_KEY))[0]

    # -- the welcome ---------------------------------------------------------------

    def close_welcome(self) -> None:
        """The player closed the welcome: it is not shown again."""
        self.welcome_due = False
        self.store.write(WELCOME_KEY, self.today().isoformat())

    # -- the games last shown ------------------------------------------------------

    def last_game_id(self) -> str:
        """The game the player last played, or Chessboard."""
        game_id = self.store.get(LAST_KEY)
        return game_id if game_id in GAMES else "chessboard"

    def shown(self, game_id: str) -> None:
        """``game_id`` is on the table: the game last played, first of the recent ones."""
        self.store.write(LAST_KEY, game_id)
        recent = self.recent_games()
        if recent[:1] != [game_id]:
            kept = [game_id, *(other for other in recent if other != game_id)][:RECENT_GAMES]
            self.store.write(RECENT_KEY, json.dumps(kept))

    def recent_games(self) -> list[str]:
        """The games last shown, most recent first (what is not a game is left out)."""
        try:
            ids = json.loads(self.store.get(RECENT_KEY) or "[]")
        except (TypeError, ValueError, RecursionError):
            return []
        if not isinstance(ids, list):
            return []
        return [game_id for game_id in ids if isinstance(game_id, str) and game_id in GAMES]

    # -- settings ----------------------------------------------------------------

    def set_setting(self, name: str, value: bool) -> None:
        """Change one on/off setting and keep it."""
        if name not in SWITCHES:
            raise KeyError(name)
        setattr(self.settings, name, bool(value))
        self._keep()

    def set_choice(self, name: str, value: str) -> None:
        """Change a setting with named values (the card size) and keep it."""
        if value not in CHOICES.get(name, ()):
            raise KeyError(name)
        setattr(self.settings, name, value)
        self._keep()

    def set_number(self, name: str, value: int) -> None:
        """Change a setting that is a whole number (the volume) and keep it; a value
        out of its range is brought into it."""
        if name not in NUMBERS:
            raise KeyError(name)
        least, most = NUMBERS[name]
        setattr(self.settings, name, max(least, min(most, int(value))))
        self._keep()

    def set_winnable_only(self, game_id: str, value: bool) -> None:
        """Whether new deals of one game must be proved winnable first; kept."""
        chosen = set(self.settings.winnable_only) - {game_id}
        if value and game_id in GAMES:
            chosen.add(game_id)
        self.settings.winnable_only = [g for g in GAMES if g in chosen]
        self._keep()

    def _keep(self) -> None:
        self.store.write(SETTINGS_KEY, settings_text(self.settings))
