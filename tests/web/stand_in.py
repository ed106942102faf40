"""A stand-in for the App: a :class:`~castling_web.host.Host` that the game
screen's parts talk to, with a real session over memory storage, a fake page
and table, and a record of what was played, said and bound."""

from __future__ import annotations

from castling import GAMES
from castling.app.session import Session
from castling.app.storage.storage_port import MemoryStorage
from castling_web.chrome import Chrome
from castling_web.held import HeldCards

from .fake_page import Document, Motion, View, Window


class StandInApp:
    def __init__(self, game_id: str = "chessboard", deal: int = 1) -> None:
        self.document = Document()
        self.window = Window()
        self.view = View()
        self.motion = Motion()
        self.chrome = Chrome(self.document, self.window)
        self.session = Session(MemoryStorage())
        self.session.load()
        self.session.open(GAMES[game_id], deal)
        self.held = HeldCards(self.view)
        self.last_move = None
        self.view_only = False
        self.table_owner = None
        self.played: list[tuple[list, int]] = []
        self.said: list[str] = []
        self.notices: list[str] = []
        self.refreshed = 0
        self.listening: list[tuple] = []        # (target, event, handler)
        self.commands: dict = {}
        self.subscribers: list = []
        self.sounds: list[str] = []             # the sounds asked for

    def table_game(self):
        return self.session.game if self.table_owner is None else self.table_owner.game

    @property
    def position(self):
        return self.table_game().position

    @property
    def names(self) -> tuple[str, ...]:
        return self.session.game.rules.pile_names

    def piles_where(self, wanted) -> list[int]:
        """The pile numbers ``i`` for which ``wanted(position, i)`` holds."""
        return [i for i in range(len(self.position.piles)) if wanted(self.position, i)]

    def listen(self, target, event, handler):
        self.listening.append((target, event, handler))

    def command(self, action, do):
        self.commands[action] = do

    def run(self, action):
        self.commands[action]()

    def subscribe(self, callback):
        self.subscribers.append(callback)

    def play(self, moves, count, *, by_player=True, helped=False):
        self.played.append((list(moves), count))
        if self.table_owner is not None:
            self.table_owner.play(list(moves), count)
            return
        self.session.play(moves, helped=helped)
        self.held.forget()

    def watch(self, game, source, target, count, play):
        play()
        return ""

    def status(self, text, *, hint=None, move=""):
        self.chrome.status(text, hint=hint, move=move)

    def announce(self, text):
        self.said.append(text)

    def notify(self, text):
        self.notices.append(text)

    def sound(self, name):
        self.sounds.append(name)

    def show_notices(self):
        self.notices.extend(self.session.store.notices)
        self.session.store.notices.clear()

    def refresh(self):
        if not self.view_only:
            self.refreshed += 1
            for callback in self.subscribers:
                callback()

    def show_game(self):
        self.refresh()

    def open_game(self, game_id):
        self.leave_view_only()
        self.session.open(GAMES[game_id])
        self.show_game()

    def leave_view_only(self):
        self.view_only = False
        if self.table_owner is not None:
            self.table_owner.leave()
