"""Small helpers so that rule tests read like the rules."""

from __future__ import annotations

from castling import GAMES, Position


def position(game: str, text: str) -> Position:
    """A position of ``game`` from its text form (piles not named are empty)."""
    return Position.from_text(GAMES[game], text)


def legal(game: str, text: str) -> set[str]:
    """The legal moves of a position, in notation."""
    return set(position(game, text).legal_move_texts())


def after(game: str, text: str, *moves: str) -> dict[str, str]:
    """The non-empty piles after playing ``moves``, as ``{"t1": "5D 9S"}``."""
    pos = position(game, text)
    for move in moves:
        pos.play(parse(pos, move))
    return {name: " ".join(cards) for name, cards in pos.to_piles().items() if cards}


def carried(moves: set[str], source: str, target: str) -> set[int]:
    """How many cards the legal moves from ``source`` to ``target`` carry."""
    return {int(m.partition(":")[2] or 1) for m in moves if m.partition(":")[0] == f"{source}-{target}"}


def parse(pos: Position, move: str):
    from castling import parse_move
    return parse_move(pos.rules, move)
