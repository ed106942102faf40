"""The player's side of the app without a DOM: the game in hand, autosave,
statistics and settings, over a key-value store (``localStorage`` in the browser,
a dict in the tests).

Storage layout (every key starts with ``castling:``):

* ``castling:save:GAME`` — the game in progress for that game id: the save
  format of :mod:`castling.save` plus ``seconds`` (timer), ``counted`` (it
  counts as played) and ``won`` (its win is already counted);
* ``castling:stats`` — statistics per game id;
* ``castling:settings`` — the player's settings;
* ``castling:last`` — the game id last played.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Protocol

from .deal import random_deal_number
from .errors import CastlingError
from .game import Game
from .games import GAMES
from .rules import GameRules
from .save import load_save, save_data

PREFIX = "castling:"
STATS_KEY = PREFIX + "stats"
SETTINGS_KEY = PREFIX + "settings"
LAST_KEY = PREFIX + "last"


def save_key(game_id: str) -> str:
    """Where the game in progress of ``game_id`` is kept."""
    return f"{PREFIX}save:{game_id}"


class Storage(Protocol):
    """The little of ``localStorage`` that the session uses."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...  # raises StorageError when full


class StorageError(CastlingError):
    """The store refused to keep something (full, or disabled)."""


class MemoryStorage:
    """A dict-backed store (tests, and the fallback when storage is unavailable)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = {} if data is None else data

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value


@dataclass
class Stats:
    """One game's statistics."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_seconds: int | None = None
    fewest_moves: int | None = None

    @property
    def win_rate(self) -> float | None:
        """Won / played, or None before the first game."""
        return self.won / self.played if self.played else None


@dataclass
class Settings:
    """What the player can switch; every setting persists."""

    autoplay: bool = True        # send safe cards home on their own
    animations: bool = True      # short move animations (off under reduced motion anyway)
    one_tap: bool = False        # one tap moves a card with exactly one destination
    #: games whose new deals must be proved winnable by the solver first
    winnable_only: list[str] = field(default_factory=list)


def _read_json(storage: Storage, key: str):
    text = storage.get(key)
    if text is None:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


@dataclass
class Session:
    """The game being played and everything remembered about the player."""

    storage: Storage
    game: Game = None  # type: ignore[assignment]
    seconds: int = 0
    counted: bool = False
    won_counted: bool = False
    stats: dict[str, Stats] = field(default_factory=dict)
    settings: Settings = field(default_factory=Settings)
    #: messages for the player about what could not be kept or read
    notices: list[str] = field(default_factory=list)
    saving_works: bool = True

    # -- loading -------------------------------------------------------------

    def load(self) -> None:
        """Read statistics and settings (damaged entries fall back to defaults)."""
        stats = _read_json(self.storage, STATS_KEY)
        if isinstance(stats, dict):
            for game_id, values in stats.items():
                if game_id in GAMES and isinstance(values, dict):
                    try:
                        self.stats[game_id] = Stats(**values)
                    except TypeError:
                        self.notices.append(f"Statistics for {game_id} could not be read.")
        settings = _read_json(self.storage, SETTINGS_KEY)
        if isinstance(settings, dict):
            known = {k: v for k, v in settings.items()
                     if k in Settings.__dataclass_fields__ and isinstance(v, bool)}
            chosen = settings.get("winnable_only")
            if isinstance(chosen, list):
                known["winnable_only"] = [g for g in GAMES if g in chosen]
            self.settings = Settings(**known)

    def last_game_id(self) -> str:
        """The game the player last played, or Chessboard."""
        game_id = self.storage.get(LAST_KEY)
        return game_id if game_id in GAMES else "chessboard"

    def open(self, rules: GameRules, number: int | None = None) -> None:
        """Show a game: its saved deal when it matches (or no number is asked), else a new deal."""
        text = self.storage.get(save_key(rules.id))
        if text is not None:
            try:
                loaded = load_save(text)
            except CastlingError as error:
                self.notices.append(f"A saved {rules.name} game could not be read ({error}).")
            else:
                if number is None or loaded.game.number == number:
                    self._resume(loaded, json.loads(text))
                    return
        self.new_deal(rules, number)

    def _resume(self, loaded, saved: dict) -> None:
        if loaded.problem:
            self.notices.append(f"Part of the saved game was damaged; resumed before {loaded.problem}.")
        self.game = loaded.game
        self.seconds = saved.get("seconds") if type(saved.get("seconds")) is int else 0
        self.counted = saved.get("counted") is True
        self.won_counted = saved.get("won") is True
        self._remember_last()

    def new_deal(self, rules: GameRules, number: int | None = None) -> None:
        """Start deal ``number`` (or a random one) of a game, replacing its save."""
        if self.game is not None and self.game.rules == rules:
            self._abandon()
        else:
            previous = _read_json(self.storage, save_key(rules.id))
            if isinstance(previous, dict) and previous.get("counted") is True \
                    and previous.get("won") is not True:
                self._stats(rules.id).streak = 0
        self.game = Game(rules, number if number is not None else random_deal_number())
        self.seconds = 0
        self.counted = self.won_counted = False
        self._persist()

    def _abandon(self) -> None:
        """Leaving a counted, unwon game breaks the winning streak."""
        if self.counted and not self.won_counted:
            self._stats(self.game.rules.id).streak = 0

    # -- playing ---------------------------------------------------------------

    def play(self, moves: list) -> None:
        """Play one move or a group (a supermove), then count, check the win and save."""
        for move in moves:
            self.game.play(move)
        if not self.counted:
            self.counted = True
            self._stats(self.game.rules.id).played += 1
        if self.game.is_won() and not self.won_counted:
            self.won_counted = True
            stats = self._stats(self.game.rules.id)
            stats.won += 1
            stats.streak += 1
            stats.best_streak = max(stats.best_streak, stats.streak)
            moves_made = len(self.game.moves)
            stats.best_seconds = self.seconds if stats.best_seconds is None else min(stats.best_seconds, self.seconds)
            stats.fewest_moves = moves_made if stats.fewest_moves is None else min(stats.fewest_moves, moves_made)
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
        if name not in Settings.__dataclass_fields__ or name == "winnable_only":
            raise KeyError(name)
        setattr(self.settings, name, bool(value))
        self._write(SETTINGS_KEY, json.dumps(asdict(self.settings)))

    def set_winnable_only(self, game_id: str, value: bool) -> None:
        """Whether new deals of one game must be proved winnable first; kept."""
        chosen = set(self.settings.winnable_only) - {game_id}
        if value and game_id in GAMES:
            chosen.add(game_id)
        self.settings.winnable_only = [g for g in GAMES if g in chosen]
        self._write(SETTINGS_KEY, json.dumps(asdict(self.settings)))

    def stats_for(self, game_id: str) -> Stats:
        """The statistics of one game (zeros before the first)."""
        return self.stats.get(game_id, Stats())

    # -- storage -----------------------------------------------------------------

    def _stats(self, game_id: str) -> Stats:
        return self.stats.setdefault(game_id, Stats())

    def _remember_last(self) -> None:
        self._write(LAST_KEY, self.game.rules.id)

    def save_text(self) -> str:
        """The save of the game in hand, with the app's extra fields."""
        data = save_data(self.game)
        data.update(seconds=self.seconds, counted=self.counted, won=self.won_counted)
        return json.dumps(data, separators=(",", ":"))

    def _persist(self) -> None:
        # The save and the statistics it changed are written one after the
        # other; issue #6 makes the pair atomic.
        self._write(save_key(self.game.rules.id), self.save_text())
        self._write(STATS_KEY, json.dumps({k: asdict(v) for k, v in self.stats.items()}))
        self._remember_last()

    def _write(self, key: str, value: str) -> None:
        try:
            self.storage.set(key, value)
        except StorageError:
            if self.saving_works:
                self.saving_works = False
                self.notices.append("Your browser is not keeping this game: progress is not being saved.")
        else:
            self.saving_works = True
