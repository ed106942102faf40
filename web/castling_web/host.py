"""What a feature of the game screen may ask of the page it runs in.

Every feature (pointer.py, keyboard.py, advice_view.py, …) is given a
:class:`Host` and nothing else of the app: it binds its own events through
``listen``, adds its own ``data-action`` commands through ``command``, and
hears of every change of the table through ``subscribe``. The App is the one
Host of the page; tests/web's stand-in is another, so a feature is tested in
CPython without the rest. A feature that needs another one (Show me needs the
advice) is handed that one by the App, and asks it questions through its
methods, never its insides.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, runtime_checkable

from castling.game import Game
from castling.movegen import Move
from castling.app.session import Session

from .animation import Motion
from .chrome import Chrome
from .held import HeldCards
from .render import TableView


@runtime_checkable
class Host(Protocol):
    """The page, as the features see it."""

    document: Any
    window: Any
    session: Session
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
