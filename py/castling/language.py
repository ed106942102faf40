"""The language the page speaks now: one value that the catalogues
(``castling.i18n``) and the number formats (``castling.numbers``) both read,
in a module of its own so that neither has to import the other for it.

``castling.i18n.set_language`` is the one place that changes it (it knows the
languages there are); everything else only reads :func:`spoken`.
"""

from __future__ import annotations

#: the language of the command line, the tests and a page that asked for none
DEFAULT = "en"

_spoken = DEFAULT


def spoken() -> str:
    """The language in use now."""
    return _spoken


def speak(language: str) -> None:
    """Use ``language`` from now on; the caller has checked that there is one."""
    global _spoken
    _spoken = language
