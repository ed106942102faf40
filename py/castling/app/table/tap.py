"""Where one tap sends a card, decided without a DOM (docs/rules.md §5, "Playing").

With the setting ``tap`` at "one" (the default), a tap on a card that can move
plays it at once, to the first of its places in this order of preference:

1. a foundation, when the move is safe (auto-play's rule: no card left out could
   still need this one to build on);
2. a tableau pile that holds cards, in table order;
3. a foundation, when the move is not safe;
4. an empty tableau pile, in table order;
5. any other pile it may go to (a free cell or reserve), in table order.

A move that would choose a chosen-base game's base (its first foundation card)
is never among them: such a tap picks the card up instead, its places lit, and
the player founds it with a second tap or a drag. A second tap on the card just
moved sends it on to its next place in the same order, one not tried in this run
of taps, starting over when all have been. Where cards may go is
``castling.app.table.board``'s answer; this only puts its answer in order.
"""

from __future__ import annotations

from ...hint import homeward_moves, safe_foundation_moves
from ...position import Position
from .board import pickable_counts, targets, turn_move
from .choice import Choice, Held


def tap_places(position: Position, source: int, count: int) -> tuple[int, ...]:
    """The piles ``count`` cards from the top of pile ``source`` may go to by one
    tap, best first (the module's order); never a base-choosing foundation."""
    tables = position.tables
    found = targets(position, source, count)
    home = {move[1] for move in homeward_moves(position) if move[0] == source}
    safe = {move[1] for move in safe_foundation_moves(position) if move[0] == source}

    def rank(target: int) -> int:
        if tables.is_foundation(target):
            return 0 if target in safe else 2
        if target < tables.n_tableau:
            return 1 if position.piles[target] else 3
        return 4

    allowed = [target for target in found
               if not tables.is_foundation(target) or (count == 1 and target in home)]
    return tuple(sorted(allowed, key=lambda target: (rank(target), target)))


def next_place(position: Position, source: int, count: int,
               tried: tuple[int, ...] = ()) -> int | None:
    """The pile a tap sends these cards to: the best place not in ``tried`` (the
    piles they have been on in this run of taps), else the best place of all;
    None when no tap may move them."""
    places = tap_places(position, source, count)
    fresh = [target for target in places if target not in tried]
    return fresh[0] if fresh else (places[0] if places else None)


def tap_choice(position: Position, pile: int, held: Held | None = None, *,
               count: int | None, tried: tuple[int, ...] = ()) -> Choice:
    """A tap on pile number ``pile``, on the card ``count`` from its top (None: a
    face-down card, or none), with ``held`` in hand (picked up by the keyboard,
    or by a tap that could not choose a base): what one-tap play does.

    "play" the moves (a turn of the stock, the held cards put down here, or the
    tapped cards sent to :func:`next_place`); "hold" the tapped card when its
    only places would choose the base; "put_back" when the held cards were
    tapped again; "nothing" when the tapped cards cannot move (``count`` as
    tapped, so the page can say so for a card, and stay quiet on an empty pile)."""
    turn = turn_move(position, pile)
    if turn:
        return Choice("play", (turn,), pile, 1)
    if held and held.source != pile:
        moves = targets(position, held.source, held.count).get(pile)
        if moves:
            return Choice("play", tuple(moves), held.source, held.count)
    if held and held == Held(pile, count or 0):
        return Choice("put_back", source=pile, count=held.count)
    if count is None or count not in pickable_counts(position, pile):
        return Choice("nothing", source=pile, count=count or 0)
    target = next_place(position, pile, count, tried)
    found = targets(position, pile, count)
    if target is None:
        return Choice("hold", source=pile, count=count, places=tuple(found))
    return Choice("play", tuple(found[target]), pile, count)
