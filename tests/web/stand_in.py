"""A stand-in for the App that the game screen's parts talk to: a real session
over memory storage, a fake page and table, and a record of what was played
and said."""

from __future__ import annotations

from castling import GAMES
from castling.player.session import Session
from castling.player.storage_port import MemoryStorage
from castling_web.held import HeldCards

from .fake_page import Document, View


class StandInApp:
    def __init__(self, game_id: str = "chessboard", deal: int = 1) -> None:
        self.document = Document()
        self.window = None
        self.view = View()
        self.session = Session(MemoryStorage())
        self.session.load()
        self.session.open(GAMES[game_id], deal)
        self.held = HeldCards(self.view)
        self.last_move = None
        self.played: list[tuple[list, int]] = []
        self.said: list[str] = []
        self.notices: list[str] = []
        self.refreshed = 0

    @property
    def position(self):
        return self.session.game.position

    @property
    def names(self) -> tuple[str, ...]:
        return self.session.game.rules.pile_names

    def piles_where(self, wanted) -> list[int]:
        """The pile numbers ``i`` for which ``wanted(position, i)`` holds."""
        return [i for i in range(len(self.position.piles)) if wanted(self.position, i)]

    def play(self, moves, count, *, by_player=True):
        self.played.append((list(moves), count))
        self.session.play(moves)
        self.held.forget()

    def announce(self, text):
        self.said.append(text)

    def notify(self, text):
        self.notices.append(text)

    def refresh(self, moved=None):
        self.refreshed += 1

    def show_game(self):
        self.refreshed += 1

    def index(self, name):
        return self.session.game.rules.pile_names.index(name)
