"""Every word the player reads comes from a message catalogue: one JSON file per
language in ``castling/messages/`` (``en.json`` is complete by definition; a test
fails if another language lacks a key or changes a placeholder).

    t("hint.none")                          -> "There is no move to suggest."
    t("status.won", moves=12)               -> "Won in 12 moves — well played!"
    plural("counter.moves", 3)              -> "3 moves" (counter.moves.other)

A message that counts something has one key per plural form of its language,
as Unicode CLDR's rules name them (castling.plurals): English and German
``.one`` and ``.other``; French, Spanish, Italian and Portuguese ``.many`` too
(for whole millions: "1 000 000 de coups"); Polish would add ``.few``.

The language is chosen once for the page (:func:`set_language`); the command
line and the tests stay in English.

The catalogues are the one list of languages: a language is there when its
file is, named by its own ``language.name``. Everything else that lists
languages (the settings' choices, the Language menu, the help folders) reads
:data:`LANGUAGES`.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import numbers, plurals
from .language import DEFAULT, speak, spoken

_FOLDER = Path(__file__).with_name("messages")
_catalogues: dict[str, dict[str, str]] = {}


class MissingMessage(KeyError):
    """A key that no catalogue has: a slip in the code or a catalogue, never the player's."""

    def __str__(self) -> str:       # KeyError's own would print only the quoted key
        return (f"no message {self.args[0]!r} in {_FOLDER.name}/{DEFAULT}.json "
                "(every key needs its English text there, and one in each other catalogue)")


def catalogue(language: str) -> dict[str, str]:
    """The messages of one language (read once)."""
    if language not in _catalogues:
        with open(_FOLDER / f"{language}.json", encoding="utf-8") as handle:
            _catalogues[language] = json.load(handle)
    return _catalogues[language]


def _languages() -> dict[str, str]:
    """Code -> the language's own name, English first, then by code."""
    codes = sorted((path.stem for path in _FOLDER.glob("*.json")),
                   key=lambda code: (code != DEFAULT, code))
    return {code: catalogue(code)["language.name"] for code in codes}


#: Every language the player can choose: code -> its name in that language.
LANGUAGES: dict[str, str] = _languages()


def help_folder(language: str) -> str:
    """Where a language's help pages live under help/: English at the top, each
    other language in a folder named by its code ("it/")."""
    return "" if language == DEFAULT else f"{language}/"


def set_language(language: str) -> str:
    """Use ``language`` from now on (an unknown one means English); returns the one used."""
    speak(language if language in LANGUAGES else DEFAULT)
    return spoken()


def language() -> str:
    return spoken()


def t(key: str, /, **values: object) -> str:
    """The message ``key`` in the current language, with ``{name}`` filled in."""
    text = catalogue(spoken()).get(key)
    if text is None:
        try:
            text = catalogue(DEFAULT)[key]
        except KeyError:
            raise MissingMessage(key) from None
    return text.format(**values) if values else text


def sentences(*texts: str) -> str:
    """Sentences one after the other as the language writes them: with a space
    between them, or none (Japanese, Chinese); empty ones left out."""
    said = [text for text in texts if text]
    joined = said[0] if said else ""
    for text in said[1:]:
        joined = t("text.sentences", first=joined, second=text)
    return joined


def listed(items: list[str]) -> str:
    """Items one after the other, with the language's list comma ("a, b", "a、b")."""
    return t("text.list_separator").join(items)


#: The languages whose nouns keep their capital inside a sentence ("von Stapel 5
#: auf Zielstapel Herz"); elsewhere a pile's name is lowered there.
NOUNS_CAPITALISED = frozenset({"de"})


def mid_sentence(name: str) -> str:
    """A name ("Tableau 3", "Stapel 3") as it stands inside a sentence of the
    current language: lower case, but where nouns keep their capital."""
    return name if spoken() in NOUNS_CAPITALISED else name.lower()


def plural(key: str, count: int, /, **values: object) -> str:
    """The counted message ``key`` for ``count`` in the current language: the
    key of the form the language's plural rules give the count (``key.one``,
    ``key.other``, …), with ``{count}`` filled in (as the language writes
    numbers: castling.numbers) unless ``values`` says it."""
    values.setdefault("count", numbers.number(count))
    return t(f"{key}.{plurals.form(spoken(), count)}", **values)


def preferred(languages: list[str]) -> str:
    """The first of the browser's languages ('it-IT', 'en-GB', 'pt-PT', …) that
    we have: the same language and region, else the language in any region we
    have it in ('de-AT' -> 'de', 'pt-PT' -> 'pt-BR')."""
    for tag in languages:
        wanted = str(tag).lower()
        for code in LANGUAGES:
            if code.lower() == wanted:
                return code
        for code in LANGUAGES:
            if code.split("-")[0].lower() == wanted.split("-")[0]:
                return code
    return DEFAULT
