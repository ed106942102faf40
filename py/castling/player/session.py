"""The player's side of the app without a DOM: the game in hand, autosave,
statistics and settings, over a key-value store (``localStorage`` in the browser,
a dict in the tests).  What is stored where: :mod:`castling.stored`.

Nothing stored is trusted and nothing is thrown away: a damaged save, statistics
or settings are reported and set aside under a ``castling:recovery:`` key before
anything replaces them.  A second tab writing the same game is noticed before
this one writes over it (``conflict``), and statistics are re-read before each
update so that two tabs never undo each other's counts.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Protocol

from ..deal import random_deal_number
from ..errors import CastlingError, StorageError
from ..game import Game
from ..games import GAMES
from ..i18n import t
from ..rules import GameRules
from ..save import load_save, save_data
from .stored import (CHOICES, LAST_KEY, PREFIX, RECOVERY_PREFIX, SETTINGS_KEY, STATS_KEY, SWITCHES,
                     ImportFileError, Settings, Stats, export_text, read_export, read_settings,
                     read_stats, save_key, settings_text, stats_text)

__all__ = ["Session", "Storage", "StorageError", "MemoryStorage", "Settings", "Stats",
           "STATS_KEY", "SETTINGS_KEY", "LAST_KEY", "save_key", "ImportFileError"]


class Storage(Protocol):
    """The little of ``localStorage`` that the session uses."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...  # raises StorageError when full
    def keys(self) -> list[str]: ...


class MemoryStorage:
    """A dict-backed store (tests, and the fallback when storage is unavailable)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = {} if data is None else data

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def keys(self) -> list[str]:
        return list(self.data)


def _new_token() -> str:
    return f"{random.getrandbits(48):012x}"


def _header(saved: dict) -> tuple[str | None, int]:
    """(token, rev) of a save's data; (None, 0) for fields missing or of the wrong type."""
    token, rev = saved.get("token"), saved.get("rev")
    return (token if isinstance(token, str) else None), (rev if type(rev) is int else 0)


def _save_header(text: str | None) -> tuple[str | None, int] | None:
    """(token, rev) of a stored save text: (None, 0) when there is none, None when
    it is not a readable JSON object."""
    if text is None:
        return None, 0
    try:
        saved = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
    return _header(saved) if isinstance(saved, dict) else None


@dataclass
class Session:
    """The game being played and everything remembered about the player."""

    storage: Storage
    game: Game = None  # type: ignore[assignment]
    seconds: int = 0
    token: str = ""              # which game this is (a new deal gets a new token)
    #: (token, rev) of this game's save as this tab last read or wrote it
    seen: tuple = (None, 0)
    stats: dict[str, Stats] = field(default_factory=dict)
    settings: Settings = field(default_factory=Settings)
    #: messages for the player about what could not be kept or read
    notices: list[str] = field(default_factory=list)
    saving_works: bool = True
    #: another tab changed this game's save: nothing is written until resolved
    conflict: bool = False

    # -- loading -------------------------------------------------------------

    def load(self) -> None:
        """Read statistics and settings; damaged ones are reported and set aside."""
        self.stats = self._read_stats()
        text = self.storage.get(SETTINGS_KEY)
        self.settings, problems = read_settings(text)
        if problems:
            self._set_aside(SETTINGS_KEY, text, "; ".join(problems))

    def _read_stats(self) -> dict[str, Stats]:
        text = self.storage.get(STATS_KEY)
        stats, problems = read_stats(text)
        if problems:
            self._set_aside(STATS_KEY, text, "; ".join(problems))
        return stats

    def last_game_id(self) -> str:
        """The game the player last played, or Chessboard."""
        game_id = self.storage.get(LAST_KEY)
        return game_id if game_id in GAMES else "chessboard"

    def open(self, rules: GameRules, number: int | None = None) -> None:
        """Show a game: its saved deal when it matches (or no number is asked), else a new deal."""
        key = save_key(rules.id)
        text = self.storage.get(key)
        if text is not None:
            try:
                loaded = load_save(text)
                saved = json.loads(text)
                if loaded.game.rules != rules:
                    raise CastlingError(t("store.other_game", game=loaded.game.rules.name))
            except CastlingError as error:
                self._set_aside(key, text, t("store.save_unreadable", game=rules.name, reason=error))
            else:
                if number is None or loaded.game.number == number:
                    self._resume(loaded, saved, text)
                    return
        self.new_deal(rules, number)

    def _resume(self, loaded, saved: dict, text: str) -> None:
        rules = loaded.game.rules
        damaged = []
        if loaded.problem:
            damaged.append(t("store.save_moves_from", number=loaded.problem.index + 1,
                             move=loaded.problem.text[:20]))
        for name, kind in (("seconds", int), ("counted", bool), ("won", bool), ("token", str),
                           ("rev", int)):
            if name in saved and type(saved[name]) is not kind:
                damaged.append(t("store.save_field", field=name))
        if damaged:
            self._set_aside(save_key(rules.id), text,
                            t("store.save_partly", game=rules.name, parts=", ".join(damaged)))
        self.game = loaded.game
        self.conflict = False
        seconds = saved.get("seconds")
        self.seconds = seconds if type(seconds) is int and seconds >= 0 else 0
        self.seen = _header(saved)
        # A save from before tokens: named by its deal; its flags say what was counted.
        self.token = self.seen[0] or f"{rules.id}:{loaded.game.number}"
        stats = self._stats(rules.id)
        if stats.current.get("token") != self.token:
            stats.current = {"token": self.token, "counted": saved.get("counted") is True,
                             "won": saved.get("won") is True}
        if damaged:
            self._persist()         # the repaired game replaces the damaged one (kept aside)
        else:
            self._remember_last()

    def new_deal(self, rules: GameRules, number: int | None = None) -> None:
        """Start deal ``number`` (or a random one) of a game, replacing its save."""
        # Leaving a counted, unwon game of this kind breaks the winning streak.
        if self._flag(rules.id, "counted") and not self._flag(rules.id, "won"):
            self._update_stats(rules.id, lambda stats: setattr(stats, "streak", 0))
        self.game = Game(rules, number if number is not None else random_deal_number())
        self.seconds = 0
        self.token = _new_token()
        self.conflict = False
        # Replacing the save is what the player asked for, whoever wrote it last.
        self.seen = self._stored_header(rules.id)
        self._persist()

    # -- statistics flags of the game in hand ---------------------------------------

    def _flag(self, game_id: str, name: str) -> bool:
        current = self.stats_for(game_id).current
        return bool(current.get(name)) and current.get("token") is not None

    def _counted_as(self, name: str) -> bool:
        current = self.stats_for(self.game.rules.id).current
        return current.get("token") == self.token and current.get(name) is True

    @property
    def counted(self) -> bool:
        """The game in hand already counts as played."""
        return self._counted_as("counted")

    @property
    def won_counted(self) -> bool:
        """The game in hand's win is already counted."""
        return self._counted_as("won")

    # -- playing ---------------------------------------------------------------

    def play(self, moves: list) -> None:
        """Play one move or a group (a supermove), then count, check the win and save."""
        for move in moves:
            self.game.play(move)
        game_id, token = self.game.rules.id, self.token
        if not self.counted:
            def count_played(stats: Stats) -> None:
                if stats.current.get("token") != token or not stats.current.get("counted"):
                    stats.played += 1
                    stats.current = {"token": token, "counted": True, "won": False}
            self._update_stats(game_id, count_played)
        if self.game.is_won() and not self.won_counted:
            seconds, moves_made = self.seconds, len(self.game.moves)

            def count_won(stats: Stats) -> None:
                if stats.current.get("token") == token and stats.current.get("won"):
                    return      # another tab counted this very win already
                stats.won += 1
                stats.streak += 1
                stats.best_streak = max(stats.best_streak, stats.streak)
                stats.best_seconds = seconds if stats.best_seconds is None else min(stats.best_seconds, seconds)
                stats.fewest_moves = moves_made if stats.fewest_moves is None else min(stats.fewest_moves, moves_made)
                stats.current = {"token": token, "counted": True, "won": True}
            self._update_stats(game_id, count_won)
        self._persist()

    def undo(self) -> bool:
        """Take back a move; whether there was one."""
        done = self.game.undo() is not None
        if done:
            self._persist()
        return done

    def redo(self) -> bool:
        """Replay a move taken back; whether there was one."""
        done = self.game.redo() is not None
        if done:
            self._persist()
        return done

    def restart(self) -> None:
        """Back to the deal (the timer keeps running: it is the same game)."""
        self.game.restart()
        self._persist()

    def tick(self) -> None:
        """One second passed with the page visible; the timer runs from the first move to the end."""
        if self.counted and not self.game.is_won() and not self.game.is_lost():
            self.seconds += 1
            if self.seconds % 5 == 0:
                self._persist()

    def set_setting(self, name: str, value: bool) -> None:
        """Change one on/off setting and keep it."""
        if name not in SWITCHES:
            raise KeyError(name)
        setattr(self.settings, name, bool(value))
        self._write(SETTINGS_KEY, settings_text(self.settings))

    def set_choice(self, name: str, value: str) -> None:
        """Change a setting with named values (the card size) and keep it."""
        if value not in CHOICES.get(name, ()):
            raise KeyError(name)
        setattr(self.settings, name, value)
        self._write(SETTINGS_KEY, settings_text(self.settings))

    def set_winnable_only(self, game_id: str, value: bool) -> None:
        """Whether new deals of one game must be proved winnable first; kept."""
        chosen = set(self.settings.winnable_only) - {game_id}
        if value and game_id in GAMES:
            chosen.add(game_id)
        self.settings.winnable_only = [g for g in GAMES if g in chosen]
        self._write(SETTINGS_KEY, settings_text(self.settings))

    def stats_for(self, game_id: str) -> Stats:
        """The statistics of one game (zeros before the first)."""
        return self.stats.get(game_id, Stats())

    # -- another tab ----------------------------------------------------------------

    def changed_elsewhere(self, key: str | None) -> bool:
        """Another tab wrote ``key`` (a ``storage`` event; None: it cleared everything).
        Statistics and settings are simply re-read; whether this game's save changed
        under us (the player should choose which to keep) is returned."""
        if key is None or key == STATS_KEY:
            self.stats = self._read_stats()
        if key is None or key == SETTINGS_KEY:
            self.settings = read_settings(self.storage.get(SETTINGS_KEY))[0]
        if self.game is not None and key in (None, save_key(self.game.rules.id)):
            if self._stored_header(self.game.rules.id) != self.seen:
                self.conflict = True
        return self.conflict

    def keep_this_tab(self) -> None:
        """Resolve a conflict by writing this tab's game over the other one."""
        self.seen = self._stored_header(self.game.rules.id)
        self.conflict = False
        self._persist()

    def take_other_tab(self) -> None:
        """Resolve a conflict by loading what the other tab saved."""
        self.conflict = False
        self.stats = self._read_stats()
        self.open(self.game.rules)

    # -- export and import ----------------------------------------------------------

    def export_text(self) -> str:
        """Every saved game, the statistics and the settings, as an export file's text."""
        items = {}
        for key in self.storage.keys():
            if key.startswith(PREFIX):
                value = self.storage.get(key)
                if value is not None:
                    items[key] = value
        return export_text(items)

    def import_text(self, text: str) -> int:
        """Store what an export file holds (replacing the same keys); how many items.
        Raises :class:`ImportFileError` for a file that is not an export."""
        items = read_export(text)
        for key, value in items.items():
            self._write(key, value)
        self.load()
        if self.game is not None:
            self.game = None
            self.open(GAMES[self.last_game_id()])
        return len(items)

    # -- storage -----------------------------------------------------------------

    def _stats(self, game_id: str) -> Stats:
        return self.stats.setdefault(game_id, Stats())

    def _update_stats(self, game_id: str, change) -> None:
        """Apply ``change`` to one game's statistics as stored now (another tab may
        have changed them), and write them back in one go."""
        stored = self._read_stats()
        if game_id not in stored:
            stored[game_id] = self.stats.get(game_id, Stats())
        change(stored[game_id])
        self.stats = {**self.stats, **stored}
        self._write(STATS_KEY, stats_text(self.stats))

    def _stored_header(self, game_id: str) -> tuple[str | None, int]:
        """(token, rev) of a game's save as stored now ((None, 0) if absent or unreadable)."""
        return _save_header(self.storage.get(save_key(game_id))) or (None, 0)

    def _remember_last(self) -> None:
        self._write(LAST_KEY, self.game.rules.id)

    def save_text(self) -> str:
        """The save of the game in hand, with the app's extra fields."""
        data = save_data(self.game)
        data.update(token=self.token, rev=self.seen[1], seconds=self.seconds,
                    counted=self.counted, won=self.won_counted)
        return json.dumps(data, separators=(",", ":"))

    def _persist(self) -> None:
        """Write the game's save, unless another tab wrote it since we last did."""
        if self.conflict:
            return
        key = save_key(self.game.rules.id)
        stored = self.storage.get(key)
        header = _save_header(stored)
        if header is None:
            self._set_aside(key, stored, t("store.save_found_damaged"))
        elif stored is not None and header != self.seen:
            self.conflict = True            # another tab wrote it: the player chooses
            return
        written = self.seen
        self.seen = (self.token, self.seen[1] + 1)
        if not self._write(key, self.save_text()):
            self.seen = written         # nothing changed in storage
        self._remember_last()

    def _set_aside(self, key: str, text: str | None, why: str) -> None:
        """Keep a damaged value under a recovery key and tell the player."""
        if text is None:
            return
        base = RECOVERY_PREFIX + key[len(PREFIX):]
        spare = base
        number = 1
        while self.storage.get(spare) is not None and self.storage.get(spare) != text:
            number += 1
            spare = f"{base}:{number}"
        try:
            self.storage.set(spare, text)
        except StorageError:
            self.notices.append(t("store.not_kept", why=why))
            return
        self.notices.append(t("store.kept", why=why, key=spare))

    def _write(self, key: str, value: str) -> bool:
        """Store one value; whether the store kept it (if not, the player is told once)."""
        try:
            self.storage.set(key, value)
        except StorageError:
            if self.saving_works:
                self.saving_works = False
                self.notices.append(t("store.not_saving"))
            return False
        if not self.saving_works:
            self.saving_works = True
            self.notices.append(t("store.saving_again"))
        return True

