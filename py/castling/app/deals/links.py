"""Deal links: ``#/GAME/NUMBER`` (docs/rules.md §5)."""

from __future__ import annotations

from ...deal import parse_deal_number
from ...errors import CastlingError, LinkError
from ...games import get_game
from ...i18n import t
from ...rules import GameRules

MAX_LINK = 200      # longer fragments are refused before any parsing


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
        raise LinkError(t("link.too_long"))
    text = fragment
    if "%" in text:
        # Imported only when needed: urllib.parse adds ~0.1 s to the page's start-up.
        from urllib.parse import unquote
        text = unquote(text)
    parts = text.split("/")
    if len(parts) != 3 or parts[0] != "#":
        raise LinkError(t("link.shape"))
    _, game_id, number = parts
    try:
        rules = get_game(game_id)
    except CastlingError:
        raise LinkError(t("link.unknown_game", game=repr(game_id[:30]))) from None
    try:
        return rules, parse_deal_number(number)
    except CastlingError:
        raise LinkError(t("link.bad_number")) from None
