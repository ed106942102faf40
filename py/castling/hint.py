"""What the interface may do on its own, and the baseline hint.

Founding the first card in a chosen-base game picks the base rank for the
whole game, so it is always the player's decision (docs/rules.md §3.3): auto-play
and auto-finish never do it, and the hint offers it only when no other move
exists.  This hint is the one given while the solver's worker has no answer
(castling.app.advice gives the solver's; both leave the base open the same way,
through :func:`moves_leaving_the_base_open`).
"""

from __future__ import annotations

from .cards import FACE_DOWN
from .movegen import Move
from .position import Position


def _is_founding_choice(position: Position, move: Move) -> bool:
    """A move that would found the first card of a chosen-base game."""
    tables = position.tables
    return (tables.chosen_base and tables.is_foundation(move[1])
            and tables.base_rank(position.piles) is None)


def moves_leaving_the_base_open(position: Position) -> list[Move]:
    """The legal moves except those that would found the first card of a
    chosen-base game: what the hints may suggest while other moves exist."""
    return [move for move in position.legal_moves() if not _is_founding_choice(position, move)]


def _to_foundation(position: Position, move: Move) -> bool:
    tables = position.tables
    source, target, _ = move
    return tables.is_foundation(target) and not tables.is_foundation(source)


def homeward_moves(position: Position) -> list[Move]:
    """Legal moves of a card from the tableau or a reserve to a foundation, sorted,
    without the founding choice of a chosen-base game: what the interface may
    ever play on its own."""
    tables = position.tables
    if tables.chosen_base and tables.base_rank(position.piles) is None:
        return []      # every foundation move now would choose the base
    return sorted(move for move in position.legal_moves() if _to_foundation(position, move))


def safe_foundation_moves(position: Position) -> list[Move]:
    """Moves to a foundation that auto-play may make without asking.

    A card goes home on its own only when no tableau card could still need it
    as a place to build: every card that could be laid on it is already home,
    or is the very card its foundation takes next (so it can follow it home).
    Never the first card of a chosen-base game.
    """
    tables = position.tables
    piles = position.piles
    home = tables.cards_home(piles)
    decks = position.rules.decks
    safe = []
    for move in homeward_moves(position):
        card = piles[move[0]][-1]
        successors = tables.found_next[move[1] - tables.first_foundation][card]
        if all(home[child] + (child in successors) >= decks for child in tables.children[card]):
            safe.append(move)
    return safe


def auto_finish(position: Position) -> list[Move] | None:
    """The moves that take every remaining card home, if foundation moves alone can.

    Used for "auto-finish": None when some card still needs a tableau move (or
    when the base rank is not chosen yet).  Plays on a copy.
    """
    trial = position.copy()
    moves: list[Move] = []
    while not trial.is_won():
        homeward = homeward_moves(trial)
        if not homeward:
            return None
        trial.play(homeward[0])
        moves.append(homeward[0])
    return moves


def hint(position: Position, last_move: Move | None = None) -> Move | None:
    """A reasonable next move, or None when there is none.

    Prefers moves that send cards home, turn up hidden cards, empty piles or
    free a card that can then go home; avoids shuffling a card between two
    equally good places, taking cards back from the foundations and undoing
    ``last_move``.  While a chosen base is unchosen it suggests founding only
    when nothing else is possible.
    """
    moves = position.legal_moves()
    choices = moves_leaving_the_base_open(position)
    if not choices:
        return min(moves) if moves else None
    return max(sorted(choices), key=lambda move: _score(position, move, last_move))


def _score(position: Position, move: Move, last_move: Move | None) -> int:
    tables = position.tables
    piles = position.piles
    source, target, count = move
    if source == tables.stock:
        # Turning the stock over is neither good nor bad as far as the table
        # shows, and what it brings must not be peeked at.
        return 0
    pile = piles[source]
    from_foundation = tables.is_foundation(source)
    score = 0
    if _to_foundation(position, move):
        score += 100
    if from_foundation:
        score -= 60
    if last_move is not None and (source, target, count) == (last_move[1], last_move[0], last_move[2]):
        score -= 200
    rest = pile[:-count]
    if rest:
        exposed = rest[-1]
        if exposed >= FACE_DOWN:
            score += 60
        elif not from_foundation and tables.builds_on(exposed, pile[-count]):
            # The card already sits where it could have been built: moving it
            # exposes nothing new unless the exposed card can then do something.
            score -= 30
    elif source < tables.n_tableau:
        score += 25 if piles[target] else -40      # emptying a pile, not just shifting it
    if target < tables.n_tableau and not piles[target]:
        score -= 15
    # What the move opens up: cards that could go home afterwards.
    record = tables.apply(piles, move)
    try:
        after = tables.generate(piles)
    finally:
        tables.revert(piles, record)
    score += 10 * sum(1 for m in after if _to_foundation(position, m) and m[0] != target)
    return score
