"""The game in hand, played and kept between visits.

A session opens a game (its save resumed, or a new deal), plays, undoes,
redoes and restarts it, runs its timer, and saves it after every change under
``castling:save:GAME``.  It is built from parts that each do one job:

* :mod:`.hand` — the game in hand as one value, what a save and a keep point hold;
* :mod:`.preferences` — the player's settings, the welcome, the games last shown;
* :mod:`.storage.tabs` — this tab's hold on the save: another tab's write noticed
  (``changed_elsewhere``), a conflict resolved (``resolve``);
* :mod:`.storage.storage_port` — the key-value store (``localStorage`` in the browser,
  a dict in the tests);
* :mod:`.storage.records` — what is stored under which key, and how each is read back;
* :mod:`.storage.recovery` — nothing stored is trusted and nothing is thrown away: a
  damaged save, statistics or settings are reported and set aside under a
  ``castling:recovery:`` key before anything replaces them, and a full store
  is reported while the game plays on;
* :mod:`.storage.statistics` — games played and won, streaks and bests, re-read before
  each update so that two tabs never undo each other's counts;
* :mod:`.words.win_news` — what was special about a win, for the win dialog.

The helpers that work on a session stand above it and are built beside it, by
whoever builds the session (the page's App, or a test), never by the session:
:mod:`.keeping` (a game given up by a change, brought back), :mod:`.opening`
(which game an address opens) and :mod:`.transfers` (export files and transfer
links). They read the session and change it only through its methods; nothing
under :mod:`.storage` knows the session.
"""

from __future__ import annotations

import json
import time
from datetime import date
from collections.abc import Callable, Sequence

from ..deal import random_deal_number
from ..errors import CastlingError
from ..game import Game
from ..i18n import listed, t
from ..rules import GameRules
from ..save import save_data
from .hand import Hand, NothingInHand
from .preferences import Preferences
from .storage.records import SETTINGS_KEY, STATS_KEY, SaveRecord, Stats, read_save, save_key
from .storage.recovery import CarefulStore
from .storage.statistics import StatsBook
from .storage.storage_port import Storage
from .storage.tabs import Header, SaveGuard, header, new_token
from .words.win_news import WinNews, win_news

__all__ = ["NothingInHand", "Session"]


class Session:
    """The game being played and everything remembered about the player."""

    def __init__(self, storage: Storage, today: Callable[[], date] = date.today,
                 now: Callable[[], float] = time.time) -> None:
        #: the key-value store everything is kept in, and what it could not keep or read
        #: (its ``notices`` for the player, whether ``saving_works``)
        self.store = CarefulStore(storage)
        self.today = today           # the player's calendar date now
        self._now = now              # seconds since 1970: when a save is written
        self._book = StatsBook(self.store, today)
        self._guard = SaveGuard(self.store)
        self._hand: Hand | None = None      # (None only before the first game is opened)
        #: the settings, the welcome and the games last shown
        self.preferences = Preferences(self.store, today)
        #: what was special about the win the last move made (None: no win was
        #: counted by it — no win, or one counted already, as by another tab)
        self.win_news: WinNews | None = None

    # -- what the parts keep, readable here (each part changes its own) ---------------

    @property
    def holding(self) -> bool:
        """Whether a game is in hand (none before the first is opened)."""
        return self._hand is not None

    @property
    def hand(self) -> Hand:
        """The game in hand (:class:`NothingInHand` before the first is opened: ask
        :attr:`holding` where that can be)."""
        if self._hand is None:
            raise NothingInHand("no game is in hand yet")
        return self._hand

    @property
    def game(self) -> Game:
        """The game in hand's deal and moves (its hand's game)."""
        return self.hand.game

    @property
    def seen(self) -> Header:
        """(token, rev) of this game's save as this tab last read or wrote it."""
        return self._guard.seen

    @property
    def conflict(self) -> bool:
        """Another tab changed this game's save: nothing is written until resolved."""
        return self._guard.conflict

    # -- loading -------------------------------------------------------------

    def load(self) -> None:
        """Read statistics and preferences; damaged ones are reported and set aside."""
        self._book.reload()
        self.preferences.load()

    # -- another tab, or a keep point put back, wrote the store --------------------------

    def changed_elsewhere(self, key: str | None) -> bool:
        """``key`` was written by another than this session (another tab: a ``storage``
        event, None when it cleared everything; or a keep point put back). Statistics
        and settings are simply re-read; whether this game's save changed under us
        (the player should choose which to keep) is returned."""
        if key is None or key == STATS_KEY:
            self._book.reload()
        if key is None or key == SETTINGS_KEY:
            self.preferences.reread()
        if self.holding and key in (None, save_key(self.game.rules.id)):
            self._guard.notice(self.game.rules.id)
        return self.conflict

    def resolve(self, keep_mine: bool) -> None:
        """End a conflict over this game's save: ``keep_mine``, by writing this tab's
        game over the other one; else by taking up what the other tab saved."""
        rules = self.game.rules
        if keep_mine:
            self._guard.take_over(rules.id)
            self.save()
        else:
            self._guard.resumed(self.seen)      # (no conflict now: the save is read next)
            self._book.reload()
            self.open(rules)

    def open(self, rules: GameRules, number: int | None = None, *, day: date | None = None) -> None:
        """Show a game: its saved deal when it matches (or no number is asked), else a
        new deal. With ``day``: ``number`` is that day's deal of the day, and it
        counts in the daily record from now (a past day's, before today, on the
        calendar only)."""
        self._open(rules, number)
        if day is not None and self.hand.daily != day.isoformat():
            self.hand.daily = day.isoformat()
            self.hand.late = day < self.today()
            self._count_daily()
            self.save()

    def _open(self, rules: GameRules, number: int | None) -> None:
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
                                                             parts=listed(record.damaged)))
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
        self._hand = hand
        self.win_news = None
        self._guard.resumed(seen)
        self._book.take_up(hand.game_id, hand.token, counted, won)

    def new_deal(self, rules: GameRules, number: int | None = None, grade: str = "") -> None:
        """Start deal ``number`` (or a random one) of a game, replacing its save;
        ``grade``: the grade it is dealt as (a deal of :mod:`.deals.grades`' table)."""
        self.take_up(Game(rules, number if number is not None else random_deal_number()), grade)

    def take_up(self, game: Game, grade: str = "") -> None:
        """Make ``game`` (a new deal, or a replay stopped at some move, its later moves
        left to redo) the game in hand: a new game, replacing its game's save. It
        counts as played from the player's first move, as any new game does, and
        as won with help if moves it came with were not the player's own."""
        self._book.leave(game.rules.id)
        self._hand = Hand(game, new_token(), helped=bool(game.moves), grade=grade)
        self.win_news = None
        # Replacing the save is what the player asked for, whoever wrote it last.
        self._guard.take_over(game.rules.id)
        self.save()

    def _count_daily(self) -> None:
        """The daily record follows the game in hand, if it is a deal of the day."""
        if self.hand.daily:
            day = date.fromisoformat(self.hand.daily)
            late = self.hand.late
            if self.counted:
                self._book.count_daily(self.game.rules.id, day, late=late)
            if self.won_counted:
                self._book.count_daily(self.game.rules.id, day, won=True, helped=self.hand.helped,
                                      late=late)

    # -- playing ---------------------------------------------------------------

    @property
    def counted(self) -> bool:
        """The game in hand already counts as played."""
        return self._book.played_counted(self.game.rules.id, self.hand.token)

    @property
    def won_counted(self) -> bool:
        """The game in hand's win is already counted."""
        return self._book.win_counted(self.game.rules.id, self.hand.token)

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
            self._book.count_played(game_id, hand.token, hand.grade)
            news = True
        if hand.game.is_won() and not self.won_counted:
            before = self._book.count_won(game_id, hand.token, hand.seconds, len(hand.game.moves),
                                         helped=hand.helped, grade=hand.grade)
            news = True
        if news:
            self._count_daily()
        if before is not None:          # (after the daily record: its run is news too)
            self.win_news = win_news(before, self._book.of(game_id), game=hand.game.rules.name,
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
        return self._book.of(game_id)

    # -- saving ----------------------------------------------------------------------

    def _save_text(self) -> str:
        """The save of the game in hand, with the app's extra fields."""
        data = save_data(self.game)
        data.update(self.hand.stored(), rev=self.seen[1], counted=self.counted,
                    won=self.won_counted, saved=int(self._now() * 1000))
        return json.dumps(data, separators=(",", ":"))

    def save(self) -> None:
        """Write the game's save, unless another tab wrote it since this one last did."""
        if self._guard.write(self.game.rules.id, self.hand.token, self._save_text):
            self._remember_last()

    def _remember_last(self) -> None:
        self.preferences.shown(self.game.rules.id)
