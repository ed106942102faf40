"""Text forms of piles and moves (docs/rules.md §1): ``t3``, ``f2``, ``t4-t9:3``.

Each form has exactly one spelling, so ``format_move(parse_move(text)) == text``
for every accepted text.  Malformed text raises :class:`NotationError`; whether
a well-formed move is *legal* is for the position to say.

Moves are also written compactly, in the move code (:func:`move_code`) that
replay links (castling.app.deals.replay_links) and the puzzles' tables
(castling.puzzles.table) carry: one group of characters a move, each character
one of the 64 of :data:`ALPHABET` (letters, digits, ``-`` and ``_``, which a
URL carries as they are):

* a move of one card is two characters: its source pile and its destination,
  each by its index in the game's pile order (``rules.pile_names``: tableau,
  foundations, reserves, stock, waste; ``A`` is ``t1``);
* a move of several cards starts with ``.`` and the count in the same alphabet,
  then the two piles.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .errors import NotationError
from .movegen import Move
from .rules import GameRules

_MOVE = re.compile(r"([tfrsw][1-9][0-9]?)-([tfrsw][1-9][0-9]?)(?::([1-9][0-9]?))?")

#: The move code's characters: a pile's index, or a count of cards, is the character at it.
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {char: value for value, char in enumerate(ALPHABET)}
_SEVERAL = "."          # before the count of a move of several cards


def pile_index(rules: GameRules, name: str) -> int:
    """Index of a pile name like ``t3`` in ``rules.pile_names``."""
    try:
        return rules.pile_names.index(name)
    except ValueError:
        raise NotationError(f"{rules.name} has no pile {str(name)[:12]!r}") from None


def format_move(rules: GameRules, move: Sequence[int]) -> str:
    """``t3-f2`` or, for several cards, ``t4-t9:3`` (``move`` a tuple, or a list as JSON gives it)."""
    source, target, count = move
    names = rules.pile_names
    text = f"{names[source]}-{names[target]}"
    return f"{text}:{count}" if count > 1 else text


def parse_move(rules: GameRules, text: str) -> Move:
    """The move a text names, or :class:`NotationError` saying what is wrong with it."""
    if not isinstance(text, str):
        raise NotationError(f"a move must be text like 't3-f2', not {type(text).__name__}")
    match = _MOVE.fullmatch(text)
    if not match:
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise NotationError(f"malformed move {shown!r} (write SOURCE-TARGET, like 't3-f2' or 't4-t9:3')")
    source_name, target_name, count_text = match.groups()
    if count_text == "1":
        raise NotationError(f"malformed move {text!r}: a single card is written without ':1'")
    source, target = pile_index(rules, source_name), pile_index(rules, target_name)
    if source == target:
        raise NotationError(f"malformed move {text!r}: a pile cannot move onto itself")
    return source, target, int(count_text or 1)


def move_code(moves: Sequence[Move]) -> str:
    """Moves in the move code (the replay link's characters, without its version;
    the puzzles' tables keep them so): two characters a move, four for several cards."""
    code = []
    for source, target, count in moves:
        if count > 1:
            code.append(_SEVERAL + ALPHABET[count])
        code.append(ALPHABET[source] + ALPHABET[target])
    return "".join(code)


def moves_from_code(code: str) -> list[Move]:
    """The inverse of :func:`move_code`; ValueError, naming the place, where it
    does not spell moves (whether they are legal is for a position to say)."""
    moves, at = [], 0
    while at < len(code):
        move, at = read_coded_move(code, at)
        if move is None:
            raise ValueError(f"no move at character {at + 1} of {code[:24]!r}")
        moves.append(move)
    return moves


def read_coded_move(code: str, at: int) -> tuple[Move | None, int]:
    """The move written at ``code[at:]`` in the move code and where the next one
    starts; None for characters that do not spell a move (or a move cut short)."""
    count = 1
    if code[at] == _SEVERAL:
        count = _VALUE.get(code[at + 1:at + 2], 0)
        if count < 2:
            return None, at     # (one card is written as a plain move)
        at += 2
    source, target = _VALUE.get(code[at:at + 1]), _VALUE.get(code[at + 1:at + 2])
    if source is None or target is None:
        return None, at
    return (source, target, count), at + 2
