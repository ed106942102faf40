"""What a tap or an Enter on a pile does, decided without a DOM.

Pointer play (a tap or click) and keyboard play (Enter) ask the same question:
with these cards held, or none, the player chose this pile; what now? Turn the
stock, put the held cards down where they may go, put them back, or pick up
cards that have somewhere to go. The answer is :func:`choose`'s; the inputs
only carry it out (and the keyboard says it). Where cards may go is
``castling.app.table.board``'s answer, so the engine stays the only judge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ...movegen import Move
from ...position import Position
from .board import home_move, pickable_counts, targets, turn_move

#: Enter's count: one more card than is held, as many as can go somewhere
#: (a pointer instead says which cards it is on)
NEXT: Final = "next"


@dataclass(frozen=True)
class Held:
    """``count`` cards from the top of pile number ``source``."""
    source: int
    count: int


@dataclass(frozen=True)
class Choice:
    """What to do. ``kind`` is one of:

    * "play": play ``moves`` (one, or a supermove's several), carrying ``count``
      cards from pile ``source``;
    * "hold": pick up ``count`` cards of pile ``source``; they may go to the
      piles ``places`` (none: picked up, but stuck);
    * "put_back": nothing is held any more;
    * "nothing": nothing held, and nothing on pile ``source`` can move;
    * "cannot_go": the held cards may not go to pile ``source``.
    """
    kind: Literal["play", "hold", "put_back", "nothing", "cannot_go"]
    moves: tuple[Move, ...] = ()
    source: int | None = None
    count: int = 0
    places: tuple[int, ...] = ()


def choose(position: Position, pile: int, held: Held | None = None, *,
           count: int | None | Literal["next"] = NEXT, double: bool = False) -> Choice:
    """The player chose pile number ``pile`` with ``held`` in hand.

    ``count``: how many cards from the top the pointer is on (None: a face-down
    card, or no card), or :data:`NEXT` for Enter, which steps through the counts
    that can move and says when the held cards cannot go to another pile
    (where a tap there picks up that pile's cards instead). ``double``: a double
    tap, which sends the top card home. (This is the two-tap way, and the
    keyboard's; one-tap play is ``castling.app.table.tap``'s.)
    """
    turn = turn_move(position, pile)
    if turn:
        return Choice("play", (turn,), pile, 1)
    if double:
        home = home_move(position, pile)
        if home:
            return Choice("play", (home,), pile, 1)
    stepping = count == NEXT
    if held and held.source != pile:
        moves = targets(position, held.source, held.count).get(pile)
        if moves:
            return Choice("play", tuple(moves), held.source, held.count)
        if stepping:
            return Choice("cannot_go", source=pile)
    if isinstance(count, str):              # NEXT
        lifted = held.count if held else 0
        bigger = [n for n in sorted(pickable_counts(position, pile)) if n > lifted]
        if not bigger:
            return Choice("put_back" if held else "nothing", source=pile)
        lift = bigger[0]
    elif held and held == Held(pile, count or 0):
        return Choice("put_back", source=pile, count=held.count)
    elif count is None or count not in pickable_counts(position, pile):
        return Choice("put_back", source=pile)
    else:
        lift = count
    found = targets(position, pile, lift)
    return Choice("hold", source=pile, count=lift, places=tuple(found))
