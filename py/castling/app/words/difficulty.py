"""A game's difficulty in words, from what the winnability study found of its
deals: the share the solver proved winnable and the share it left undecided
(docs/winnability.md). The proved share is a floor on what can be won, so the
words are about how many deals are won, never a promise.

The shares are rounded so that they never contradict the counts: "100%" only
when every deal was won, "0%" only when none was, and "<1%" or ">99%" between;
a share the solver left undecided is never shown as "0%".
"""

from __future__ import annotations

from ...i18n import t
from ...numbers import number, percent_sign

#: the least proved-winnable share for each word, best first; an undecided
#: share of UNCLEAR or more says that rather than a level
LEVELS = ((0.9, "gentle"), (0.6, "fair"), (0.3, "hard"), (0.0, "very_hard"))
UNCLEAR = 0.2


def share(count: int, total: int) -> str:
    """``count`` of ``total`` as a percentage that never rounds to a lie, in
    the language's own form ("97%", "97 %")."""
    if count <= 0:
        return percent_sign("0")
    if count >= total:
        return percent_sign("100")
    rounded = round(100 * count / total)
    if rounded < 1:
        return percent_sign("<1")
    if rounded > 99:
        return percent_sign(">99")
    return percent_sign(str(rounded))


def level(won: int, tried: int, unknown: int) -> str:
    """The word's key: ``gentle``, ``fair``, ``hard``, ``very_hard``, or
    ``unclear`` when too many deals are undecided to say."""
    if unknown / tried >= UNCLEAR:
        return "unclear"
    return next(word for least, word in LEVELS if won / tried >= least)


def difficulty_words(won: int, tried: int, unknown: int) -> str:
    """'Gentle: the solver won 97% of 10,000 deals.' (and how many it left
    undecided, when it left any)."""
    words = t(f"games.level.{level(won, tried, unknown)}")
    count = number(tried)
    if unknown:
        return t("games.study_undecided", level=words, rate=share(won, tried), tried=count,
                 undecided=share(unknown, tried))
    return t("games.study", level=words, rate=share(won, tried), tried=count)
