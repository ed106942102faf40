"""Every word the player reads comes from a message catalogue: one JSON file per
language in ``castling/messages/`` (``en.json`` is complete by definition; a test
fails if another language lacks a key or changes a placeholder).

    t("hint.none")                          -> "There is no move to suggest."
    t("status.won", moves=12)               -> "Won in 12 moves — well played!"

The language is chosen once for the page (:func:`set_language`); the command
line and the tests stay in English.
"""

from __future__ import annotations

import json
from pathlib import Path

LANGUAGES = {"en": "English", "it": "Italiano"}
DEFAULT = "en"
_FOLDER = Path(__file__).with_name("messages")
_catalogues: dict[str, dict[str, str]] = {}
_current = DEFAULT


def catalogue(language: str) -> dict[str, str]:
    """The messages of one language (read once)."""
    if language not in _catalogues:
        with open(_FOLDER / f"{language}.json", encoding="utf-8") as handle:
            _catalogues[language] = json.load(handle)
    return _catalogues[language]


def set_language(language: str) -> str:
    """Use ``language`` from now on (an unknown one means English); returns the one used."""
    global _current
    _current = language if language in LANGUAGES else DEFAULT
    return _current


def language() -> str:
    return _current


def t(key: str, /, **values: object) -> str:
    """The message ``key`` in the current language, with ``{name}`` filled in."""
    text = catalogue(_current).get(key)
    if text is None:
        text = catalogue(DEFAULT)[key]
    return text.format(**values) if values else text


def preferred(languages: list[str]) -> str:
    """The first of the browser's languages ('it-IT', 'en-GB', …) that we have."""
    for tag in languages:
        code = str(tag).split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT
