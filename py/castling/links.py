"""Deal links: ``#/GAME/NUMBER`` (RULES.md §5)."""

from __future__ import annotations

from .deal import parse_deal_number
from .errors import CastlingError
from .games import get_game
from .rules import GameRules

MAX_LINK = 200      # longer fragments are refused before any parsing


class LinkError(CastlingError):
    """A deal link that does not name a game and a deal."""


def deal_link(rules: GameRules, number: int) -> str:
    """The fragment that opens this deal: ``#/morphy/123456``."""
    return f"#/{rules.id}/{number}"


def parse_link(fragment: str) -> tuple[GameRules, int] | None:
    """The (rules, number) a ``location.hash`` names; None for an empty fragment.

    Anything else that is not exactly ``#/GAME/NUMBER`` raises
    :class:`LinkError` with a message fit to show the player (as text).
    """
    if fragment in ("", "#", "#/"):
        return None
    if len(fragment) > MAX_LINK:
        raise LinkError("This link is too long to be a deal link.")
    text = fragment
    if "%" in text:
        # Imported only when needed: urllib.parse adds ~0.1 s to the page's start-up.
        from urllib.parse import unquote
        text = unquote(text)
    parts = text.split("/")
    if len(parts) != 3 or parts[0] != "#":
        raise LinkError("This link does not name a game and a deal (expected #/game/number).")
    _, game_id, number = parts
    try:
        rules = get_game(game_id)
    except CastlingError:
        raise LinkError(f"This link names a game we do not have: {game_id[:30]!r}.") from None
    try:
        return rules, parse_deal_number(number)
    except CastlingError as error:
        raise LinkError(f"This link's deal number is not valid: {error}.") from None
