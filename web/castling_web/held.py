"""The cards the player has picked up: by a tap or click, or by Enter on a pile.

Pointer and keyboard play share them, so a card picked up one way can be put
down the other. Where held cards may go is the engine's answer
(``castling.app.table.board.targets``); this only remembers and lights them up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from castling.app.table.choice import Held

if TYPE_CHECKING:
    from .render import TableView


class HeldCards:
    """What is held now, and its highlights on the table."""

    def __init__(self, view: TableView, picked: Callable[[], Any] | None = None) -> None:
        self.view = view
        self.picked = picked            # called when cards are picked up (their sound)
        self.now: Held | None = None

    def hold(self, names: tuple[str, ...], source: int, count: int,
             places: Iterable[int]) -> None:
        """Pick up ``count`` cards of a pile: they and the piles they may go to
        (numbers, ``places``) light up."""
        self.now = Held(source, count)
        self.view.mark("selected", cards=self.view.cards_of(names[source])[-count:])
        self.view.mark("target", piles=[names[target] for target in places])
        if self.picked:
            self.picked()

    def put_back(self) -> None:
        """Nothing is held any more, and nothing is lit."""
        self.now = None
        self.view.mark("selected")
        self.view.mark("target")

    def forget(self) -> None:
        """Nothing is held (the table is about to be redrawn, highlights and all)."""
        self.now = None
