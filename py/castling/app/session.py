"""The game in hand, played and kept between visits.

A session opens a game (its save resumed, or a new deal), plays, undoes,
redoes and restarts it, runs its timer, and saves it after every change under
``castling:save:GAME``.  It is built from parts that each do one job:

* :mod:`.hand` — the game in hand as one value, what a save and a keep point hold;
* :mod:`.preferences` — the player's settings, the welcome, the games last shown;
* :mod:`.keeping` — a game given up by a change, brought back (``keeping``);
* :mod:`.storage.tabs` — another tab's changes followed, a conflict resolved (``tabs``);
* :mod:`.storage.transfer` — export files and transfer links, read and merged (``transfers``);
* :mod:`.storage.storage_port` — the key-value store (``localStorage`` in the browser,
  a dict in the tests);
* :mod:`.storage.records` — what is stored under which key, and how each is read back;
* :mod:`.storage.recovery` — nothing stored is trusted and nothing is thrown away: a
  damaged save, statistics or settings are reported and set aside under a
  ``castling:recovery:`` key before anything replaces them, and a full store
  is reported while the game plays on;
* :mod:`.storage.statistics` — games played and won, streaks and bests, re-read before
  each update so that two tabs never undo each other's counts;
* :mod:`.words.win_news` — what was special about a win, for the win dialog;
"""

from __future__ import annotations

import json
import time
from datetime import date
from collections.abc import Callable, Sequence

from ..deal import random_deal_number
from ..errors import CastlingError
from ..game import Game
from ..i18n import t
from ..rules import GameRules
from ..save import save_data
from .hand import Hand
from .keeping import Keeping
from .preferences import Preferences
from .storage.records import SaveRecord, Stats, read_save, save_key
from .storage.recovery import CarefulStore
from .storage.statistics import StatsBook
from .storage.storage_port import Storage
from .storage.tabs import Header, SaveGuard, TabWatch, header, new_token
from .storage.transfer import Transfers
from .words.win_news import WinNews, win_news

__all__ = ["Session"]


class Session:
    """The game being played and everything remembered about the player."""

    def __init__(self, storage: Storage, today: Callable[[], date] = date.today,
                 now: Callable[[], float] = time.time) -> None:
        self.store = CarefulStore(storage)
        self.today = today           # the player's calendar date now
        self.now = now               # seconds since 1970: when a save is written
        self.book = StatsBook(self.store, today)
        self.guard = SaveGuard(self.store)
        #: keep points: a game given up by a change, brought back
        self.keeping = Keeping(self)
        #: what another tab changed, and a conflict over the game in hand resolved
        self.tabs = TabWatch(self)
        #: export files and transfer links, out and merged back in
        self.transfers = Transfers(self)
        #: the game in hand (None only before the first is opened)
        self.hand: Hand = None  # type: ignore[assignment]
        #: the settings, the welcome and the games last shown
        self.preferences = Preferences(self.store, today)
        #: what was special about the win the last move made (None: no win was
        #: counted by it — no win, or one counted already, as by another tab)
        self.win_news: WinNews | None = None

    # -- what the parts keep, readable here (each part changes its own) ---------------

    @property
    def holding(self) -> bool:
        """Whether a game is in hand (none before the first is opened)."""
        return self.hand is not None

    @property
    def game(self) -> Game:
        """The game in hand's deal and moves (its hand's game)."""
        return self.hand.game if self.hand is not None else None

    @property
    def storage(self) -> Storage:
        """The key-value store everything is kept in."""
        return self.store.storage

    @property
    def notices(self) -> list[str]:
        """Messages for the player about what could not be kept or read."""
        return self.store.notices

    @property
    def saving_works(self) -> bool:
        """Whether the store kept the last write."""
        return self.store.saving_works

    @property
    def stats(self) -> dict[str, Stats]:
        """The statistics of every game played, by game id."""
        return self.book.stats

    @property
    def seen(self) -> Header:
        """(token, rev) of this game's save as this tab last read or wrote it."""
        return self.guard.seen

    @property
    def conflict(self) -> bool:
        """Another tab changed this game's save: nothing is written until resolved."""
        return self.guard.conflict

    # -- loading -------------------------------------------------------------

    def load(self) -> None:
        """Read statistics and preferences; damaged ones are reported and set aside."""
        self.book.reload()
        self.preferences.load()

    def open(self, rules: GameRules, number: int | None = None) -> None:
        """Show a game: its saved deal when it matches (or no number is asked), else a new deal."""
        key = save_key(rules.id)
        text = self.store.get(key)
        if text is not None:
            try:
                record = read_save(text, rules)
            except CastlingError as error:
                self.store.set_aside(key, text, t("store.save_unreadable", game=rules.name, reason=error))
            else:
                if number is None or record.hand.game.number == number:
                    self._resume(record, text)
                    return
        self.new_deal(rules, number)

    def _resume(self, record: SaveRecord, text: str) -> None:
        hand = record.hand
        rules = hand.game.rules
        if record.damaged:
            self.store.set_aside(save_key(rules.id), text, t("store.save_partly", game=rules.name,
                                                             parts=", ".join(record.damaged)))
        seen = header(record.data)
        # A save from before tokens: named by its deal; its flags say what was counted.
        hand.token = seen[0] or f"{rules.id}:{hand.game.number}"
        self.hold(hand, seen, record.counted, record.won)
        if record.damaged:
            self.save()         # the repaired game replaces the damaged one (kept aside)
        else:
            self._remember_last()

    def hold(self, hand: Hand, seen: Header, counted: bool, won: bool) -> None:
        """Take up ``hand`` as its save (or a keep point) had it: ``seen``, the
        save's (token, rev) as this tab read it; whether it counted as played and won."""
        self.hand = hand
        self.win_news = None
        self.guard.resumed(seen)
        self.book.take_up(hand.game_id, hand.token, counted, won)

    def new_deal(self, rules: GameRules, number: int | None = None, grade: str = "") -> None:
        """Start deal ``number`` (or a random one) of a game, replacing its save;
        ``grade``: the grade it is dealt as (a deal of :mod:`.deals.grades`' table)."""
        self.take_up(Game(rules, number if number is not None else random_deal_number()), grade)

    def take_up(self, game: Game, grade: str = "") -> None:
        """Make ``game`` (a new deal, or a replay stopped at some move, its later moves
        left to redo) the game in hand: a new game, replacing its game's save. It
        counts as played from the player's first move, as any new game does, and
        as won with help if moves it came with were not the player's own."""
        self.book.leave(game.rules.id)
        self.hand = Hand(game, new_token(), helped=bool(game.moves), grade=grade)
        self.win_news = None
        # Replacing the save is what the player asked for, whoever wrote it last.
        self.guard.take_over(game.rules.id)
        self.save()

    def open_daily(self, rules: GameRules, number: int, day: date) -> None:
        """Open ``day``'s deal of the day (``number``) of a game: its save when it
        is that deal, else the deal, new; it counts in the daily record from now —
        a past day's (before today) on the calendar only."""
        self.open(rules, number)
        if self.hand.daily != day.isoformat():
            self.hand.daily = day.isoformat()
            self.hand.late = day < self.today()
            self._count_daily()
            self.save()

    def _count_daily(self) -> None:
        """The daily record follows the game in hand, if it is a deal of the day."""
        if self.hand.daily:
            day = date.fromisoformat(self.hand.daily)
            late = self.hand.late
            if self.counted:
                self.book.count_daily(self.game.rules.id, day, late=late)
            if self.won_counted:
                self.book.count_daily(self.game.rules.id, day, won=True, helped=self.hand.helped,
                                      late=late)

    # -- playing ---------------------------------------------------------------

    @property
    def counted(self) -> bool:
        """The game in hand already counts as played."""
        return self.book.played_counted(self.game.rules.id, self.hand.token)

    @property
    def won_counted(self) -> bool:
        """The game in hand's win is already counted."""
        return self.book.win_counted(self.game.rules.id, self.hand.token)

    def play(self, moves: Sequence[Sequence[int]], *, helped: bool = False) -> None:
        """Play one move or a group (a supermove), then count, check the win and save.
        ``helped``: the solver chose it ("Show me"), so a win is one with help.
        A win counted here leaves what was special about it in ``win_news``."""
        hand = self.hand
        for move in moves:
            hand.game.play(move)
        hand.helped = hand.helped or helped
        self.win_news = None
        game_id = hand.game_id
        news = False
        before = None
        if not self.counted:
            self.book.count_played(game_id, hand.token, hand.grade)
            news = True
        if hand.game.is_won() and not self.won_counted:
            before = self.book.count_won(game_id, hand.token, hand.seconds, len(hand.game.moves),
                                         helped=hand.helped, grade=hand.grade)
            news = True
        if news:
            self._count_daily()
        if before is not None:          # (after the daily record: its run is news too)
            self.win_news = win_news(before, self.book.of(game_id), game=hand.game.rules.name,
                                     seconds=hand.seconds, moves=len(hand.game.moves),
                                     helped=hand.helped,
                                     day=date.fromisoformat(hand.daily) if hand.daily else None)
        self.save()

    def undo(self) -> bool:
        """Take back a move; whether there was one."""
        done = self.game.undo() is not None
        self.win_news = None
        if done:
            self.save()
        return done

    def redo(self) -> bool:
        """Replay a move taken back; whether there was one."""
        done = self.game.redo() is not None
        self.win_news = None        # a win redone was counted when first made
        if done:
            self.save()
        return done

    def restart(self) -> None:
        """Back to the deal (the timer keeps running: it is the same game)."""
        self.game.restart()
        self.win_news = None
        self.save()

    def tick(self) -> None:
        """One second passed with the page visible; the timer runs from the first move to the end."""
        if self.counted and not self.game.is_won() and not self.game.is_lost():
            self.hand.seconds += 1
            if self.hand.seconds % 5 == 0:
                self.save()

    def stats_for(self, game_id: str) -> Stats:
        """The statistics of one game (zeros before the first)."""
        return self.book.of(game_id)

    # -- saving ----------------------------------------------------------------------

    def save_text(self) -> str:
        """The save of the game in hand, with the app's extra fields."""
        data = save_data(self.game)
        data.update(self.hand.stored(), rev=self.seen[1], counted=self.counted,
                    won=self.won_counted, saved=int(self.now() * 1000))
        return json.dumps(data, separators=(",", ":"))

    def save(self) -> None:
        """Write the game's save, unless another tab wrote it since this one last did."""
        if self.guard.write(self.game.rules.id, self.hand.token, self.save_text):
            self._remember_last()

    def _remember_last(self) -> None:
        self.preferences.shown(self.game.rules.id)
