"""The language the page speaks now: one value that the catalogues
(``castling.i18n``) and the number formats (``castling.numbers``) both read,
in a module of its own so that neither has to import the other for it.

``castling.i18n.set_language`` is the one place that changes it (it knows the
languages there are); everything else only reads :func:`spoken`.
"""

from __future__ import annotations

#: the language of the command line, the tests and a page that asked for none
DEFAULT = "en"

#: The languages written right to left, of those a catalogue may be in (Unicode
#: CLDR's characterOrder "right-to-left"): the page is mirrored for them.
RIGHT_TO_LEFT = frozenset({"ar", "fa", "he", "ur"})

_spoken = DEFAULT


def spoken() -> str:
    """The language in use now."""
    return _spoken


def direction(language: str | None = None) -> str:
    """``"rtl"`` for a language written right to left, else ``"ltr"`` (the
    page's ``dir``); by default the language in use."""
    code = language or _spoken
    return "rtl" if code.split("-")[0] in RIGHT_TO_LEFT else "ltr"


def isolated(text: str, language: str | None = None) -> str:
    """``text`` set apart as left-to-right inside a sentence of a language
    written right to left (a card's corner "5♠", a row of ranks "9, 10, J"),
    which the bidirectional algorithm would otherwise turn round ("♠5");
    elsewhere ``text`` itself. (U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP
    DIRECTIONAL ISOLATE: screen readers do not say them.)"""
    return f"\u2066{text}\u2069" if direction(language) == "rtl" else text


def speak(language: str) -> None:
    """Use ``language`` from now on; the caller has checked that there is one."""
    global _spoken
    _spoken = language
