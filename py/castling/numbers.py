"""Numbers as each language writes them: "10,000" and "20.2%" in English,
"10.000" and "20,2 %" in German, "10 000" in French (a narrow no-break space).

The signs and the percent pattern are Unicode CLDR's, in ``cldr.json`` beside
this module (``scripts/cldr_data.py`` writes it from the pinned
``cldr-numbers-full``). Only what the game shows is covered: whole numbers and
percentages with a fixed number of decimals.
"""

from __future__ import annotations

from typing import Any

from .cldr import data
from .language import spoken


def _form(language: str | None) -> dict[str, Any]:
    found: dict[str, Any] = data()["numbers"][language or spoken()]
    return found


def grouping(language: str | None = None) -> dict[str, Any]:
    """How :func:`number` groups digits in ``language``: its ``group`` sign and
    ``grouping_from`` (1: from four digits, 2: from five), for the page to
    write numbers the same way before Python is up (web/first-table/stored.js)."""
    form = _form(language)
    return {"group": form["group"], "grouping_from": form["grouping_from"]}


def number(value: int, language: str | None = None) -> str:
    """A whole number with the language's grouping ("12,345", "12.345"); a
    language that groups only from five digits writes "1234" (CLDR's
    minimumGroupingDigits)."""
    form = _form(language)
    digits = str(abs(value))
    if len(digits) >= 4 + form["grouping_from"] - 1:
        groups = []
        while len(digits) > 3:
            digits, tail = digits[:-3], digits[-3:]
            groups.append(tail)
        digits = form["group"].join([digits, *reversed(groups)])
    return ("-" if value < 0 else "") + digits


def decimal(value: float, places: int, language: str | None = None) -> str:
    """``value`` with ``places`` decimals, in the language's signs."""
    form = _form(language)
    whole, _, fraction = f"{abs(value):.{places}f}".partition(".")
    text = number(int(whole), language) + (form["decimal"] + fraction if places else "")
    return ("-" if value < 0 else "") + text


def percent(share: float, places: int = 0, language: str | None = None) -> str:
    """``share`` (0.202) as a percentage ("20.2%", "20,2 %"), by the language's
    pattern: where the sign goes and with what space."""
    return percent_sign(decimal(100 * share, places, language), language)


def percent_sign(count: str, language: str | None = None) -> str:
    """A percentage already worked out as text ("97", "<1"), with the sign
    placed as the language places it."""
    form = _form(language)
    pattern = str(form["percent"]).split(";")[0]
    return pattern.replace("%", str(form["percent_sign"]), 1).replace("#,##0", count, 1)
