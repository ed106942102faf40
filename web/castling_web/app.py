"""The game screen: builds the parts of the page, routes links, shows the game
and plays the moves the engine gives.

Every feature has a module of its own (the README's layout lists them):
pointer.py and keyboard.py turn input into moves, sharing held.py's picked-up
cards; advice_view.py shows the solver's advice and show_me.py its winning
line; replay_view.py shows a replay link's moves; daily_view.py opens
today's deal; chooser.py is the Games dialog; settings.py, dialogs.py,
files.py and tab_conflict.py are the dialogs and the stored data; chrome.py is the page
around the table, render.py the table itself. Every decision about legality is
the engine's: the parts ask ``castling.player.board`` where cards may go and
play the moves they get.
"""

from __future__ import annotations

import asyncio

from castling import GAMES, auto_finish, safe_foundation_moves
from castling.i18n import t
from castling.player.board import status_line
from castling.player.links import LinkError, deal_link, parse_link
from castling.player.replay_links import is_replay_link, parse_replay_link, replay_link
from castling.player.session import Session
from castling.player.spoken import move_words, turn_words
from pyodide.ffi import create_proxy

from .advice_view import AdviceView
from .animation import Slides
from .chooser import Chooser
from .chrome import Chrome
from .daily_view import DailyDeal, local_today
from .dialogs import Dialogs
from .dom import present
from .files import Files
from .held import HeldCards
from .keyboard import KeyboardInput
from .pointer import PointerInput
from .render import TableView
from .replay_view import ReplayView
from .settings import SettingsDialog
from .show_me import ShowMe
from .local_storage import BrowserStorage
from .tab_conflict import OtherTabs
from .timer import Timer

AUTOPLAY_LIMIT = 200        # more cards than any game has: auto-play always ends


class App:
    """One page, one game at a time.

    The page's ``document`` and ``window`` are handed in rather than imported:
    this module is imported into a memory snapshot made where there is no page
    (see castling_web.preload).
    """

    def __init__(self, document, window) -> None:
        self.document = document
        self.window = window
        self.session = Session(BrowserStorage(window), lambda: local_today(window))
        self.view = TableView(document, window, document.getElementById("board"))
        self.chrome = Chrome(document, window)
        self.held = HeldCards(self.view)
        self.pointer = PointerInput(self)
        self.keyboard = KeyboardInput(self)
        self.advice = AdviceView(self)
        self.settings = SettingsDialog(self)
        self.dialogs = Dialogs(document, self.session)
        self.chooser = Chooser(self)
        self.files = Files(self)
        self.tabs = OtherTabs(self)
        self.timer = Timer(document, self.session)
        self.slides = Slides(window, self.view, lambda: self.session.settings)
        self.last_move = None
        self.shown_rules = None
        self.was_won = False
        self._proxies = []
        #: what each ``data-action`` of the page (and its key) does
        self.commands = {
            "undo": self.undo, "redo": self.redo, "restart": self.restart,
            "new": self.new_deal, "finish": self.finish,
            "hint": self.advice.show_hint, "rewind": self.advice.rewind,
            "share": self.chrome.share, "share-replay": self.share_replay,
            "export": self.files.export,
            "settings": self.settings.open, "stats": self.dialogs.show_stats,
            "keys": self.dialogs.show_keys, "games": self.chooser.open,
            "take-other": self.tabs.take_theirs, "keep-mine": self.tabs.keep_mine,
        }
        self.replay = ReplayView(self)      # (these three add their own commands)
        self.show_me = ShowMe(self)
        self.daily = DailyDeal(self)

    # -- start-up --------------------------------------------------------------

    def start(self) -> None:
        """Read what is stored, open the linked or last game, and say we are ready."""
        self.session.load()
        self.chrome.apply_language(self.session.settings.language)
        self.settings.apply_look()
        self._bind()
        self._route()
        self.show_notices()
        self.document.documentElement.setAttribute("data-ready", "true")
        # The worker boots its own Python: only once the board is playable.
        asyncio.ensure_future(self.advice.start())

    def _listen(self, target, event: str, handler) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def _bind(self) -> None:
        document, window = self.document, self.window
        board = document.getElementById("board")
        # A replay's table is there to be looked at (and read): nothing on it is picked up.
        self._listen(board, "pointerdown",
                     lambda event: None if self.replay.active else self.pointer.on_down(event))
        self._listen(board, "pointermove", self.pointer.on_move)
        self._listen(board, "pointerup", self.pointer.on_up)
        self._listen(board, "pointercancel", self.pointer.on_cancel)
        self._listen(document, "click", self.on_click)
        self._listen(document, "keydown", self.keyboard.on_key)
        self._listen(document.getElementById("game-select"), "change",
                     lambda event: self.open_game(str(event.target.value)))
        for box in document.querySelectorAll("[data-setting]"):
            self._listen(box, "change", self.settings.on_switch)
        self._listen(document.getElementById("winnable-only"), "change",
                     self.settings.on_winnable_only)
        self._listen(document.getElementById("card-size"), "change", self.settings.on_card_size)
        self._listen(document.getElementById("language"), "change", self.settings.on_language)
        self._listen(document.getElementById("import-file"), "change", self.files.on_import)
        self._listen(document.getElementById("game-search"), "input", self.chooser.on_input)
        self._listen(document.getElementById("game-search"), "keydown", self.chooser.on_key)
        self._listen(document.getElementById("replay-slider"), "input", self.replay.on_slider)
        self._listen(document.getElementById("replay-speed"), "change", self.replay.on_speed)
        self._listen(document.getElementById("show-me-speed"), "change", self.show_me.on_speed)
        self._listen(document.getElementById("chart-game"), "change",
                     lambda event: self.dialogs.charts.show(str(event.target.value)))
        self._listen(window, "storage", self.tabs.on_storage)
        self._listen(window, "hashchange", lambda event: self._route())
        self._listen(window, "resize", lambda event: self.view.fit())
        # The player's clock stops while they watch a replay.
        tick = create_proxy(lambda *_: None if self.replay.active else self.timer.on_tick())
        self._proxies.append(tick)
        window.setInterval(tick, 1000)

    # -- links -------------------------------------------------------------------

    def _route(self) -> None:
        """Open what the address names; a bad link gets a message and a playable game.
        A replay link opens the replay viewer over the player's game."""
        fragment = str(self.window.location.hash)
        problem = None
        try:
            if is_replay_link(fragment):
                replay = parse_replay_link(fragment)
                if self.session.game is None:
                    self.session.open(GAMES[self.session.last_game_id()])
                self.replay.open(replay)
                return
            target = parse_link(fragment)
        except LinkError as error:
            target, problem = None, error
        self.replay.leave()
        game = self.session.game
        if target is not None:
            rules, number = target
            if game is None or game.rules != rules or game.number != number:
                self.session.open(rules, number)
        elif game is None:
            self.session.open(GAMES[self.session.last_game_id()])
        if problem:
            game = self.session.game
            self.notify(t("notice.bad_link", problem=problem, game=game.rules.name, deal=game.number))
        self.show_game()

    def _set_link(self) -> None:
        game = self.session.game
        link = deal_link(game.rules, game.number)
        if str(self.window.location.hash) != link:
            # replaceState: no hashchange event, no extra history entry per deal
            self.window.history.replaceState(None, "", link)

    # -- showing the game ----------------------------------------------------------

    def show_game(self) -> None:
        """Draw the whole table for the session's current game (not while a
        replay is shown: closing the viewer shows the game)."""
        if self.replay.active:
            return
        game = self.session.game
        if self.shown_rules != game.rules:
            self.view.build(game.rules)
            self.shown_rules = game.rules
        self.chrome.name_the_game(game, self.session.daily)
        self._set_link()
        self.held.forget()
        self.last_move = None
        self.was_won = game.is_won()
        self.refresh()

    def refresh(self, moved=None) -> None:
        """Bring the page up to date with the position (only changed piles are redrawn).

        ``moved``: (pile, the old places of the cards that just arrived there), to slide them."""
        if self.replay.active:
            return
        game = self.session.game
        position = game.position
        self.view.draw(position.to_piles())
        self.view.mark("selected")
        self.view.mark("target")
        if moved:
            self.slides.slide_in(*moved)
        count = len(game.moves)
        self.document.getElementById("move-counter").textContent = (
            t("counter.moves.one") if count == 1 else t("counter.moves.many", count=count))
        self.timer.show()
        button = self.chrome.button
        button("undo").disabled = not game.can_undo
        button("redo").disabled = not game.can_redo
        button("share-replay").disabled = count == 0     # no moves: Share gives the deal
        won = game.is_won()
        button("finish").disabled = won or auto_finish(position) is None
        if won:
            status = t("status.won", moves=count)
        elif game.is_lost():
            status = t("status.lost")
        else:
            status = status_line(position)
        self.document.getElementById("status").textContent = status
        if won and not self.was_won:
            self.dialogs.show_win()
        self.was_won = won
        self.show_notices()
        self.document.getElementById("conflict").hidden = not self.session.conflict
        self.show_me.on_change()
        self.advice.show_verdict()
        self.advice.analyse()

    def notify(self, text: str) -> None:
        self.chrome.notify(text)

    def announce(self, text: str) -> None:
        self.chrome.announce(text)

    def show_notices(self) -> None:
        """What the session could not keep or read, told once."""
        if self.session.notices:
            self.notify(" ".join(self.session.notices))
            self.session.notices.clear()

    def index(self, name: str) -> int:
        """Pile number of a pile name ("t3") in the game on the table."""
        return self.session.game.rules.pile_names.index(name)

    # -- moves -----------------------------------------------------------------------

    def play(self, moves, count: int, *, by_player: bool = True, helped: bool = False) -> None:
        """Play moves the engine produced (one, or a supermove's several) carrying
        ``count`` cards; the player's are followed by auto-play sending safe cards
        home. ``helped``: the solver's move ("Show me"), said as such."""
        words, moved = self.watch(self.session.game, moves[0][0], moves[-1][1], count,
                                  lambda: self.session.play(moves, helped=helped))
        self.last_move = moves[-1]
        self.held.forget()
        self.refresh(moved=moved)
        if by_player:
            home = self.autoplay() if self.session.settings.autoplay else 0
            if home:
                words = t("say.went_home.one" if home == 1 else "say.went_home.many",
                          move=words, count=home)
        if by_player or helped:
            if self.session.game.is_won():
                self.announce(t("say.won", move=words))
            else:
                self.announce(t("say.showme", move=words) if helped
                              else t("say.sentence", text=words))

    def watch(self, game, source: int, target: int, count: int, play) -> tuple[str, tuple]:
        """Have ``play`` make a move of ``count`` cards on ``game`` (the player's, or a
        replay's), and return how to say it and where its cards were (the target
        pile's name and their old places, for refresh/show to slide them in). The
        words are made before the move, while the cards are where they say; a card
        turned from the stock is only known after."""
        names = game.rules.pile_names
        words = move_words(game.position, source, target, count)
        before = [card.getBoundingClientRect() for card in self.view.cards_of(names[source])[-count:]]
        play()
        if source == game.position.tables.stock:
            words = turn_words(game.position)
        return words, (names[target], before)

    def autoplay(self) -> int:
        """Send home, one by one, the cards no tableau card could still need; how many."""
        for sent in range(AUTOPLAY_LIMIT):
            safe = safe_foundation_moves(self.session.game.position)
            if not safe:
                return sent
            self.play([safe[0]], 1, by_player=False)
        return AUTOPLAY_LIMIT

    # -- commands ----------------------------------------------------------------------

    def run(self, action: str) -> None:
        """A command asked for by a key: what its button does, unless that is disabled."""
        control = self.chrome.button(action)
        if not present(control) or not control.disabled:
            self.commands[action]()

    def on_click(self, event) -> None:
        chosen = event.target.closest("[data-play]")
        if present(chosen):
            self.dialogs.close("games")
            self.open_game(str(chosen.getAttribute("data-play")))
            return
        control = event.target.closest("[data-action]")
        if not present(control) or control.disabled:
            return
        command = self.commands.get(str(control.getAttribute("data-action")))
        if command:
            command()

    def open_game(self, game_id: str) -> None:
        """Switch to a game: its saved deal, or a new one (leaving a replay shown)."""
        if game_id in GAMES:
            self.replay.leave()
            self.session.open(GAMES[game_id])
            self.show_game()

    def undo(self) -> None:
        if self.session.undo():
            self.last_move = None
            self.refresh()

    def redo(self) -> None:
        if self.session.redo():
            self.refresh()

    def restart(self) -> None:
        self.session.restart()
        self.refresh()

    def new_deal(self) -> None:
        self.dialogs.close("win")
        rules = self.session.game.rules
        if rules.id in self.session.settings.winnable_only:
            self.advice.deal_winnable(rules)
            return
        self.session.new_deal(rules)
        self.show_game()

    def share_replay(self) -> None:
        """Show a link that replays the moves of the game on the table, and copy it;
        the button keeps it in ``data-link`` (docs/rules.md §5)."""
        game = self.session.game
        address = str(self.window.location.href).split("#")[0]
        link = address + replay_link(game.rules, game.number, game.moves)
        for button in self.document.querySelectorAll('[data-action="share-replay"]'):
            button.setAttribute("data-link", link)      # the toolbar's and the win dialog's
        self.chrome.share(link, t("notice.replay_link", link=link),
                          t("notice.replay_link_copied", link=link))

    def finish(self) -> None:
        moves = auto_finish(self.session.game.position)
        if moves:
            self.session.play(moves)
            self.refresh()
