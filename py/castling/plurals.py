"""Which plural form a count takes in a language: "1 move", "2 moves" in English,
"0 coup", "1 coup", "2 coups" in French, and Polish's four forms when it comes.

The rules are Unicode CLDR's cardinal plural rules, kept as CLDR writes them in
``cldr.json`` beside this module (written from the pinned ``cldr-core`` package
by ``scripts/cldr_data.py``; a test holds the file equal to it). A catalogue then
has one key per form its language has: ``counter.moves.one``,
``counter.moves.other`` (and ``.few``, ``.many``, ``.two``, ``.zero`` where the
language's rules name them).

The rules are read here rather than written as code per language so that a new
language brings its rules as data. Only whole counts are ever shown (moves,
cards, days), so the operands are those of an integer: n = i = the count, and
the fraction and exponent operands (v, w, f, t, c, e) are 0.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from .cldr import data

#: The forms CLDR may name, in its own order; "other" is always there.
FORMS = ("zero", "one", "two", "few", "many", "other")

Test = Callable[[int], bool]


def rules() -> dict[str, dict[str, str]]:
    """Language code -> form -> its CLDR rule (with CLDR's samples after "@")."""
    found: dict[str, dict[str, str]] = data()["plurals"]
    return found


def forms(language: str) -> tuple[str, ...]:
    """The forms a language's catalogue has for each counted message."""
    return tuple(form for form in FORMS if form in rules()[language])


def form(language: str, count: int) -> str:
    """The form ``count`` takes in ``language`` ("one", "few", "other", …)."""
    for name, test in _tests(language):
        if test(count):
            return name
    return "other"


@lru_cache(maxsize=None)
def _tests(language: str) -> tuple[tuple[str, Test], ...]:
    return tuple((name, condition(rule)) for name, rule in rules()[language].items()
                 if name != "other")


def samples(rule: str) -> list[int]:
    """The whole numbers CLDR lists after "@integer" as examples of a rule
    (ranges such as "2~16" spelled out; "…" and compact forms like "1c6"
    left out): what the tests check the rules against."""
    found = re.search(r"@integer([^@]*)", rule)
    numbers: list[int] = []
    for item in (found.group(1).split(",") if found else []):
        item = item.strip()
        if re.fullmatch(r"\d+~\d+", item):
            low, high = map(int, item.split("~"))
            numbers.extend(range(low, high + 1))
        elif item.isdigit():
            numbers.append(int(item))
    return numbers


# -- CLDR's rule syntax (UTS #35, "Language Plural Rules"), for whole numbers -------------------

_TOKEN = re.compile(r"\s*(\.\.|!=|=|%|,|\d+|[a-z]+)")


def condition(rule: str) -> Test:
    """A CLDR rule ("v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer …")
    as a test of a whole count. Unknown syntax raises ValueError."""
    text = rule.split("@")[0].strip()
    if not text:
        return lambda count: True
    tokens = _tokens(text)
    position = 0

    def take(expected: str | None = None) -> str:
        nonlocal position
        if position >= len(tokens) or (expected is not None and tokens[position] != expected):
            raise ValueError(f"plural rule {text!r}: expected {expected or 'more'} at token {position}")
        position += 1
        return tokens[position - 1]

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def number() -> int:
        token = take()
        if not token.isdigit():
            raise ValueError(f"plural rule {text!r}: expected a number, not {token!r}")
        return int(token)

    def relation() -> Test:
        operand = take()
        if operand not in "niwvftce" or len(operand) != 1:
            raise ValueError(f"plural rule {text!r}: unknown operand {operand!r}")
        modulus = None
        if peek() == "%":
            take("%")
            modulus = number()
        operator = take()
        if operator not in ("=", "!="):
            raise ValueError(f"plural rule {text!r}: expected = or !=, not {operator!r}")
        negated = operator == "!="
        spans: list[tuple[int, int]] = []
        while True:
            low = high = number()
            if peek() == "..":
                take("..")
                high = number()
            spans.append((low, high))
            if peek() != ",":
                break
            take(",")

        def test(count: int) -> bool:
            value = count if operand in "ni" else 0
            if modulus is not None:
                value %= modulus
            return any(low <= value <= high for low, high in spans) != negated
        return test

    def all_of() -> Test:
        tests = [relation()]
        while peek() == "and":
            take("and")
            tests.append(relation())
        return lambda count: all(test(count) for test in tests)

    alternatives = [all_of()]
    while peek() == "or":
        take("or")
        alternatives.append(all_of())
    if peek() is not None:
        raise ValueError(f"plural rule {text!r}: unexpected {peek()!r}")
    return lambda count: any(test(count) for test in alternatives)


def _tokens(text: str) -> list[str]:
    tokens, at = [], 0
    while at < len(text):
        found = _TOKEN.match(text, at)
        if not found:
            raise ValueError(f"plural rule {text!r}: cannot read {text[at:]!r}")
        tokens.append(found.group(1))
        at = found.end()
    return tokens
