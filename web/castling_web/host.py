"""What a feature of the game screen may ask of the page it runs in.

Every feature (pointer.py, keyboard.py, advice_view.py, …) is given a
:class:`Host` and nothing else of the app: it binds its own events through
``listen``, adds its own ``data-action`` commands through ``command``, and
hears of every change of the table through ``subscribe``. The App is the one
Host of the page; tests/web's stand-in is another, so a feature is tested in
CPython without the rest. A feature that needs another one (Show me needs the
advice) is handed that one by the App, and asks it questions through its
methods, never its insides.

Of the session, a feature sees a :class:`SessionView`: the game in hand and
what it may ask of it, typed, so that ``mypy --strict`` holds the page to it
(tests/engine/test_types.py). The session's helpers (keep points, transfers)
are built beside it by the App and handed to the features that need them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any, Callable, Protocol, runtime_checkable

from castling.game import Game
from castling.movegen import Move
from castling.rules import GameRules
from castling.app.hand import Hand
from castling.app.preferences import Preferences
from castling.app.storage.records import Stats
from castling.app.words.win_news import WinNews

from .animation import Motion
from .chrome import Chrome
from .held import HeldCards
from .render import TableView


class StoreReport(Protocol):
    """What the store could not keep or read, for the player."""

    @property
    def notices(self) -> list[str]:
        """Messages not yet told (the one who tells them clears them)."""

    @property
    def saving_works(self) -> bool:
        """Whether the store kept the last write."""


class SessionView(Protocol):
    """The session (castling.app.session) as the features see it: the game in
    hand, played, opened and kept. Its members are the session's own; what a
    feature does not use is not here."""

    @property
    def holding(self) -> bool:
        """Whether a game is in hand (none before the page's first is opened)."""

    @property
    def hand(self) -> Hand:
        """The game in hand (its clock, its grade, its day)."""

    @property
    def game(self) -> Game:
        """The game in hand's deal and moves."""

    @property
    def preferences(self) -> Preferences:
        """The settings, the welcome and the games last shown."""

    @property
    def store(self) -> StoreReport:
        """What the store could not keep or read."""

    @property
    def today(self) -> Callable[[], date]:
        """The player's calendar date now."""

    @property
    def win_news(self) -> WinNews | None:
        """What was special about the win the last move made, if it made one."""

    @property
    def won_counted(self) -> bool:
        """The game in hand's win is counted already."""

    @property
    def conflict(self) -> bool:
        """Another tab changed this game's save: nothing is written until resolved."""

    def stats_for(self, game_id: str) -> Stats:
        """One game's statistics."""

    def open(self, rules: GameRules, number: int | None = None, *, day: date | None = None) -> None:
        """A game's save, or a new deal of it (``day``: a deal of the day)."""

    def new_deal(self, rules: GameRules, number: int | None = None, grade: str = "") -> None:
        """A new deal of a game, replacing its save."""

    def take_up(self, game: Game, grade: str = "") -> None:
        """A replay's game at the move shown, taken up as the game in hand."""

    def play(self, moves: Sequence[Sequence[int]], *, helped: bool = False) -> None:
        """Play a move or a supermove's group; counted and saved."""

    def undo(self) -> bool:
        """Take back a move; whether there was one."""

    def redo(self) -> bool:
        """Replay a move taken back; whether there was one."""

    def restart(self) -> None:
        """Back to the deal."""

    def tick(self) -> None:
        """One second passed with the page visible."""

    def save(self) -> None:
        """Write the game's save (unless another tab wrote it since)."""

    def changed_elsewhere(self, key: str | None) -> bool:
        """Another tab wrote ``key``: whether this game's save is now in conflict."""

    def resolve(self, keep_mine: bool) -> None:
        """End a conflict: this tab's game kept, or the other's taken up."""


class TableOwner(Protocol):
    """A feature that plays a game of its own on the table (a puzzle:
    puzzle_view.py): the player's taps, drags and keys play on its game and go
    to it, while the player's own game waits, untouched."""

    @property
    def game(self) -> Game:
        """The game on the table."""

    def play(self, moves: list[Move], count: int) -> None:
        """The player's move (the engine's: legal), carrying ``count`` cards."""


@runtime_checkable
class Host(Protocol):
    """The page, as the features see it."""

    document: Any
    window: Any
    view: TableView
    #: draws on the table, moving what moves (a feature that shows its own game, the
    #: replay, draws through it; the player's cards glide back or shake through it)
    motion: Motion
    chrome: Chrome
    held: HeldCards
    #: the last move played on the player's game (the baseline hint avoids undoing it)
    last_move: Move | None
    #: a replay is shown: the table is there to be looked at, the player's game
    #: takes no input, its clock stops and the page does not redraw it
    view_only: bool
    #: a feature playing its own game on the table (a puzzle), or None: while
    #: there is one, the table's input plays on its game, the page does not
    #: redraw the player's game, and the game's keys and clock rest
    table_owner: TableOwner | None

    @property
    def session(self) -> SessionView:
        """The game in hand, as the features see it."""

    def table_game(self) -> Game:
        """The game the table plays: the table owner's, else the game in hand."""

    # -- the page's events --------------------------------------------------------

    def listen(self, target: Any, event: str, handler: Callable[..., Any]) -> None:
        """Call ``handler`` with each ``event`` of the DOM ``target``."""

    def command(self, action: str, do: Callable[[], Any]) -> None:
        """What the ``data-action`` ``action`` (a button, or its key) does."""

    def run(self, action: str) -> None:
        """Do ``action``, as its button would, unless the button is disabled."""

    def subscribe(self, callback: Callable[[], Any]) -> None:
        """Call ``callback`` after every refresh of the player's game (a move,
        an undo, another game shown), not while the table is view-only."""

    # -- the player's game -------------------------------------------------------

    def play(self, moves: list[Move], count: int, *, by_player: bool = True,
             helped: bool = False) -> None:
        """Play moves the engine produced, carrying ``count`` cards; see moves.py."""

    def watch(self, game: Game, source: int, target: int, count: int,
              play: Callable[[], Any]) -> str:
        """Have ``play`` make a move on ``game``; how to say it."""

    def refresh(self) -> None:
        """Bring the page up to date with the player's game (what moved slides)."""

    def show_game(self) -> None:
        """Draw the whole table for the player's game (not while view-only)."""

    def open_game(self, game_id: str) -> None:
        """Switch to a game: its saved deal, or a new one."""

    def leave_view_only(self) -> None:
        """Whatever is shown view-only (a replay) goes; the caller shows what comes next."""

    # -- telling the player --------------------------------------------------------

    def status(self, text: str, *, hint: str | None = None, move: str = "") -> None:
        """The status line's text (``hint``: where the hint shown came from;
        ``move``: the hinted move's notation, kept in ``data-move``)."""

    def notify(self, text: str) -> None:
        """A message the player reads."""

    def announce(self, text: str) -> None:
        """Something screen readers say."""

    def show_notices(self) -> None:
        """What the session could not keep or read, told once."""

    def sound(self, name: str) -> None:
        """Play a card sound (web/sound.js's ``SOUNDS``: "pick-up", "put-down",
        "deal", "turn-over", "refused", "win"), unless muted or before any gesture."""
