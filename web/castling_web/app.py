"""The game screen: builds the parts of the page and shows the game; the one
:class:`~castling_web.host.Host` of the page.

Every feature has a module of its own (docs/internals.md's layout lists them) and is
built here in one line, given the App as its Host: it binds its own events,
adds its own commands and subscribes to the changes it follows. pointer.py and
keyboard.py turn input into moves (the choice is castling.app.table.choice's),
sharing held.py's picked-up cards; moves.py plays them; advice_view.py shows
the solver's advice and show_me.py its winning line; replay_view.py shows a
replay link's moves, the table view-only meanwhile; puzzle_view.py plays a
puzzle on the table (its owner meanwhile); routing.py opens what the
address names; menu.py opens the toolbar's menu; celebration.py celebrates a
win before its summary opens; the rest are the toolbar's commands and the
dialogs. Every decision about legality is the engine's: the parts ask
``castling.app.table.board`` where cards may go and play the moves they get.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from castling import GAMES
from castling.game import Game
from castling.i18n import plural, sentences, t
from castling.movegen import Move
from castling.app.table.board import status_line
from castling.app.keeping import Keeping
from castling.app.opening import Opening
from castling.app.puzzle_session import PuzzleSession
from castling.app.session import Session
from castling.app.transfers import Transfers
from pyodide.ffi import create_proxy

from .advice_view import AdviceView
from .animation import Motion
from .calendar_view import CalendarView
from .celebration import Celebration
from .chooser import Chooser
from .chrome import Chrome
from .commands import Commands
from .daily_view import DailyDeal, local_today
from .deal_choice import DealChoice
from .dom import JsObject, present
from .host import TableOwner
from .dialogs import Dialogs
from .files import Files
from .game_commands import GameCommands
from .held import HeldCards
from .keep_game import KeepGame
from .keyboard import KeyboardInput
from .local_storage import BrowserStorage
from .menu import Menu
from .moves import Moves
from .pointer import PointerInput
from .puzzle_view import PuzzleView
from .render import TableView
from .replay_view import ReplayView
from .review_view import ReviewView
from .routing import Router
from .rules_panel import RulesPanel
from .settings import SettingsDialog
from .sharing import Sharing
from .show_me import ShowMe
from .sound import Sound
from .tab_conflict import OtherTabs
from .timer import Timer
from .transfer_view import Transfer
from .welcome import Welcome


class App:
    """One page, one game at a time.

    The page's ``document`` and ``window`` are handed in rather than imported:
    this module is imported into a memory snapshot made where there is no page
    (see castling_web.preload).
    """

    def __init__(self, document: JsObject, window: JsObject) -> None:
        self.document = document
        self.window = window
        self.session = Session(BrowserStorage(window), lambda: local_today(window))
        # The session's helpers stand above it, built here beside it (never by it).
        self.keeping = Keeping(self.session)
        transfers = Transfers(self.session)
        self.view = TableView(document, window, document.getElementById("board"))
        self.chrome = Chrome(document, window)
        self.held = HeldCards(self.view, lambda: self.sound("pick-up"))
        self.motion = Motion(window, self.view, lambda: self.session.preferences.settings)
        self.last_move: Move | None = None
        self.view_only = False
        self.table_owner: TableOwner | None = None
        self.was_won = False
        self._proxies: list[JsObject] = []
        self._subscribers: list[Callable[[], Any]] = []
        self.commands = Commands(self.chrome.button)
        self.moves = Moves(self)
        self.listen(document, "click", self.commands.on_click)
        # (The first key or press wakes the sound: web/sound.js listens for it itself.)
        self.sounds = Sound(self)
        self._shown: Game | None = None     # the game last dealt on the table (its "deal" sound)
        self._dealing = False           # the next refresh deals the game shown (its cards fly)
        self.listen(document.getElementById("game-select"), "change",
                    lambda event: self.open_game(str(event.target.value)))
        self.listen(window, "resize", lambda event: self.view.fit())
        # The board's own size changes without the window's too (the bars above it
        # fill in, wrap, show a notice): the cards are fitted to it again.
        observer = getattr(window, "ResizeObserver", None)
        if observer is not None:
            proxy = create_proxy(lambda entries, _observer: self.view.fit())
            self._proxies.append(proxy)
            self._board_size = observer.new(proxy)
            self._board_size.observe(self.view.board)
        # The features, each binding its own events (adding one is one line here).
        self.pointer = PointerInput(self)
        self.keyboard = KeyboardInput(self)
        self.menu = Menu(self)
        self.advice = AdviceView(self)
        self.show_me = ShowMe(self, self.advice)
        self.keep = KeepGame(self, self.keeping)
        self.deal_choice = DealChoice(self, self.keep)
        self.game_commands = GameCommands(self, self.advice, self.keep, self.deal_choice)
        self.sharing = Sharing(self)
        self.settings = SettingsDialog(self)
        self.dialogs = Dialogs(self)
        self.celebration = Celebration(self, self.dialogs.show_win)
        self.chooser = Chooser(self)
        self.transfer = Transfer(self, transfers, self._transfer_answered)
        self.files = Files(self, transfers, self.transfer.offer)
        self.tabs = OtherTabs(self)
        self.timer = Timer(self)
        self.replay = ReplayView(self)
        self.review = ReviewView(self, self.advice, self.replay.shown, self.replay.open_at)
        self.replay.verdicts = self.review.marks
        self.puzzles = PuzzleView(self, PuzzleSession(self.session.store))
        self.keep.review = self.review.open_game
        self.router = Router(self, Opening(self.session, self.keeping), self.replay.open, self.keep,
                             self.transfer.offer_link, self.puzzles.follow_link)
        self.daily = DailyDeal(self, self.keep)
        self.calendar = CalendarView(self, self.daily)
        self.welcome = Welcome(self, self.router)
        self.rules_panel = RulesPanel(self)

    # -- start-up --------------------------------------------------------------

    def start(self) -> None:
        """Read what is stored, open the linked or last game, and say we are ready."""
        root = self.document.documentElement
        self.session.load()
        self.chrome.apply_language(self.session.preferences.settings.language)
        self.settings.apply_look()
        self.router.route()
        # The game the table played before Python was up (web/first-table/play.js):
        # taken over as it stands, before the page says it is ready.
        early, game = root.getAttribute("data-early-moves"), self.session.game
        if present(early) and not self.view_only \
                and root.getAttribute("data-first-table") == game.rules.id \
                and root.getAttribute("data-early-deal") == str(game.number):
            if self.moves.take_over(str(early)):
                self.was_won = False        # won before the app was up: celebrated now
            self.refresh()
        self.show_notices()
        if not self.transfer.asking:
            self.welcome.offer()      # a first visit: over the table just dealt
        root.setAttribute("data-ready", "true")
        # (On the page's timeline too, where a benchmark reads it in every engine.)
        self.window.performance.mark("castling:ready")
        # A game chosen, a button pressed, before Python was up (web/first-table/hold-input.js
        # kept them): opened and pressed now.
        game_id = root.getAttribute("data-asked-game")
        if game_id:
            root.removeAttribute("data-asked-game")
            self.open_game(str(game_id))
        asked = root.getAttribute("data-asked")
        if asked:
            root.removeAttribute("data-asked")
            if str(asked) in self.commands.actions:
                self.run(str(asked))
        # The worker boots its own Python: only once the board is playable.
        asyncio.ensure_future(self.advice.start())

    def _transfer_answered(self) -> None:
        """A transfer link or file was merged, cancelled or refused: the address
        names the deal again, and a first visit's welcome, which waited, is offered."""
        self.router.release()
        self.welcome.offer()

    # -- what the features bind to ---------------------------------------------------

    def listen(self, target: JsObject, event: str, handler: Callable[..., Any]) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def command(self, action: str, do: Callable[[], Any]) -> None:
        self.commands.add(action, do)

    def run(self, action: str) -> None:
        self.commands.run(action)

    def subscribe(self, callback: Callable[[], Any]) -> None:
        self._subscribers.append(callback)

    # -- showing the game ----------------------------------------------------------

    def show_game(self) -> None:
        """Draw the whole table for the session's current game (not while a
        replay or a puzzle is shown: closing it shows the game)."""
        if self.view_only or self.table_owner is not None:
            return
        game = self.session.game
        self.chrome.toasts.clear_stale()        # a message about the game shown before
        self.view.show_rules(game.rules)
        self.chrome.name_the_game(game, self.session.hand.daily, self.session.hand.grade)
        self.held.forget()
        self.last_move = None
        self.was_won = game.is_won()
        # A deal not seen before is dealt (the first one of a visit is simply
        # there: the page has just shown the table).
        dealt = game is not self._shown and not game.moves
        if dealt:
            self.sound("deal")
        self._dealing = dealt and self._shown is not None
        self._shown = game
        self.refresh()

    def refresh(self) -> None:
        """Bring the page up to date with the position (only changed piles are
        redrawn, and the cards that moved slide), then whatever subscribed to changes."""
        if self.view_only:
            return
        if self.table_owner is not None:
            return
        game = self.session.game
        dealing, self._dealing = self._dealing, False
        self.motion.draw(game.position.to_piles(), deal=dealing)
        self.view.mark("selected")
        self.view.mark("target")
        count = len(game.moves)
        self.document.getElementById("move-counter").textContent = plural("counter.moves", count)
        won = game.is_won()
        if won:
            self.status(t("status.won", moves=count))
        elif game.is_lost():
            self.status(t("status.lost"))
        else:
            self.status(status_line(game.position))
        if won and not self.was_won:
            self.sound("win")
            self.celebration.begin()
        self.was_won = won
        self.show_notices()
        for callback in self._subscribers:
            callback()

    def open_game(self, game_id: str) -> None:
        """Switch to a game: its saved deal, or a new one (leaving a replay shown)."""
        if game_id in GAMES:
            self.leave_view_only()
            self.session.open(GAMES[game_id])
            self.show_game()

    def leave_view_only(self) -> None:
        self.replay.leave()
        self.puzzles.leave()

    def table_game(self) -> Game:
        return self.session.game if self.table_owner is None else self.table_owner.game

    # -- moves -----------------------------------------------------------------------

    def play(self, moves: list[Move], count: int, *, by_player: bool = True, helped: bool = False) -> None:
        if self.table_owner is not None:
            self.table_owner.play(moves, count)     # (a puzzle judges the move)
            return
        self.moves.play(moves, count, by_player=by_player, helped=helped)

    def watch(self, game: Game, source: int, target: int, count: int,
              play: Callable[[], Any]) -> str:
        return self.moves.watch(game, source, target, count, play)

    # -- telling the player ------------------------------------------------------------

    def status(self, text: str, *, hint: str | None = None, move: str = "") -> None:
        self.chrome.status(text, hint=hint, move=move)

    def notify(self, text: str) -> None:
        self.chrome.notify(text)

    def announce(self, text: str) -> None:
        self.chrome.announce(text)

    def sound(self, name: str) -> None:
        self.sounds.play(name)

    def show_notices(self) -> None:
        """What the session could not keep or read, told once."""
        notices = self.session.store.notices
        if notices:
            self.notify(sentences(*notices))
            notices.clear()
