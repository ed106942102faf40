"""Plural forms: CLDR's rules as castling.plurals reads them agree with every
sample CLDR gives (in every language CLDR has, not only ours: a new language
brings only data), and cldr.json is what scripts/cldr_data.py writes from the
pinned cldr-core and cldr-numbers-full packages; numbers are written each
language's way (castling.numbers)."""

import json
import sys
from pathlib import Path

import pytest

from castling.i18n import LANGUAGES
from castling.numbers import number, percent
from castling.plurals import FORMS, condition, form, forms, rules, samples

ROOT = Path(__file__).resolve().parents[2]
CLDR = ROOT / "node_modules" / "cldr-core" / "supplemental" / "plurals.json"
sys.path.insert(0, str(ROOT / "scripts"))

import cldr_data as script  # noqa: E402  (scripts/cldr_data.py)


def cldr() -> dict[str, dict[str, str]]:
    cardinal = json.loads(CLDR.read_text(encoding="utf-8"))["supplemental"]["plurals-type-cardinal"]
    return {code: {name.removeprefix("pluralRule-count-"): rule for name, rule in found.items()}
            for code, found in cardinal.items()}


def test_the_rules_file_is_what_the_script_writes():
    assert (ROOT / "py" / "castling" / "cldr.json").read_text(encoding="utf-8") == script.text()
    assert set(rules()) == set(LANGUAGES)


def test_every_cldr_sample_takes_its_form_in_every_cldr_language():
    checked = 0
    for code, named in cldr().items():
        tests = {name: condition(rule) for name, rule in named.items() if name != "other"}
        for name, rule in named.items():
            for count in samples(rule):
                first = next((other for other, test in tests.items() if test(count)), "other")
                assert first == name, (code, count, rule)
                checked += 1
    assert checked > 5_000          # (about 200 languages)


@pytest.mark.parametrize(("language", "counts"), [
    ("en", {0: "other", 1: "one", 2: "other", 21: "other"}),
    ("it", {0: "other", 1: "one", 2: "other", 1_000_000: "many"}),
])
def test_forms_of_our_languages(language, counts):
    assert {count: form(language, count) for count in counts} == counts
    assert forms(language)[-1] == "other" and set(forms(language)) <= set(FORMS)


def test_a_language_with_four_forms_reads_too():
    polish = {name: condition(rule) for name, rule in cldr()["pl"].items() if name != "other"}
    said = {count: next((name for name, test in polish.items() if test(count)), "other")
            for count in (1, 2, 4, 5, 12, 22, 25, 101, 112)}
    assert said == {1: "one", 2: "few", 4: "few", 5: "many", 12: "many", 22: "few", 25: "many",
                    101: "many", 112: "many"}


@pytest.mark.parametrize("rule", ["i = ", "x = 1", "i = 1 and", "i == 1", "i = 1 or or v = 0"])
def test_a_rule_not_read_says_so(rule):
    with pytest.raises(ValueError, match="plural rule"):
        condition(rule)


@pytest.mark.parametrize(("language", "written"), [
    ("en", ("1,234", "12,345", "20.2%")), ("de", ("1.234", "12.345", "20,2\u00a0%")),
    ("fr", ("1\u202f234", "12\u202f345", "20,2\u00a0%")), ("es", ("1234", "12.345", "20,2\u00a0%")),
    ("it", ("1234", "12.345", "20,2%")), ("pt-BR", ("1.234", "12.345", "20,2%"))])
def test_numbers_are_written_each_languages_way(language, written):
    # (Spanish and Italian group only from five digits: CLDR's minimumGroupingDigits.)
    assert (number(1234, language), number(12345, language), percent(0.202, 1, language)) == written
