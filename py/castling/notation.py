"""Text forms of piles and moves (docs/rules.md §1): ``t3``, ``f2``, ``t4-t9:3``.

Each form has exactly one spelling, so ``format_move(parse_move(text)) == text``
for every accepted text.  Malformed text raises :class:`NotationError`; whether
a well-formed move is *legal* is for the position to say.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .errors import NotationError
from .movegen import Move
from .rules import GameRules

_MOVE = re.compile(r"([tfrsw][1-9][0-9]?)-([tfrsw][1-9][0-9]?)(?::([1-9][0-9]?))?")


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
