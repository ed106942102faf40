"""The message catalogues: every language has every key with the same
placeholders, every key the code and the page use exists, and the page holds
no words of its own."""

import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest

from castling import GAMES
from castling.games import GROUPS
from castling.cards import RANKS, SUITS
from castling.i18n import LANGUAGES, catalogue, plural, preferred, set_language, t
from castling.plurals import FORMS, forms
from castling.app.deals.grades import GRADES
from castling.app.storage.records import CHOICES, SWITCH_ROWS
from castling.app.words.rules_words import hand_written_keys, message_keys

from menu_markup import menu_markup  # (scripts/: tests/engine/conftest.py)

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "py" / "castling").rglob("*.py")) + sorted(
    (ROOT / "web" / "castling_web").glob("*.py")) + [ROOT / "build.py", ROOT / "scripts" / "study_report.py",
                                                       ROOT / "scripts" / "first_table.py",
                                                       ROOT / "scripts" / "settings_markup.py"]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def counted_families(messages: dict[str, str]) -> set[str]:
    """The messages that count something: those with an ``.other`` form."""
    return {key.removesuffix(".other") for key in messages if key.endswith(".other")}


def expected_keys(language: str) -> set[str]:
    """English's keys, each counted message in the plural forms of ``language``."""
    english = catalogue("en")
    families = counted_families(english)
    plain = {key for key in english if key.rpartition(".")[0] not in families
             or key.rpartition(".")[2] not in FORMS}
    return plain | {f"{family}.{form}" for family in families for form in forms(language)}


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_language_has_every_key_with_the_same_placeholders(language):
    english, other = catalogue("en"), catalogue(language)
    wanted = expected_keys(language)
    assert sorted(wanted - set(other)) == [], f"missing in {language}"
    assert sorted(set(other) - wanted) == [], f"unknown keys in {language}"
    assert other["language.code"] == language
    families = counted_families(english)
    for key, text in other.items():
        assert text.strip(), key
        family, _, form = key.rpartition(".")
        if family in families and form in FORMS:
            # Each form says what English's "other" does; a "one" may leave
            # the number out ("One deck") where its language's "one" is 1 alone,
            # and so may a "two" where it is 2 alone (Arabic's dual, "نقلتان",
            # says the number by its ending).
            said = placeholders(english[f"{family}.other"])
            if (form, forms_of(language, form)) in (("one", {1}), ("two", {2})):
                assert placeholders(text) <= said, key
            else:
                assert placeholders(text) == said, key
        else:
            assert placeholders(text) == placeholders(english[key]), key


def forms_of(language: str, name: str) -> set[int]:
    """The counts up to 100 that take the form ``name`` in ``language``."""
    from castling.plurals import form
    return {count for count in range(101) if form(language, count) == name}


def keys_used() -> set[str]:
    """Literal keys in t("…") calls and data-i18n attributes, and the key families
    that the code builds from parts (checked in full below)."""
    used = set()
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\bt\(\s*["\']([\w.-]+)["\']', text))
        used |= {f"{family}.{form}" for family in re.findall(r'\bplural\(\s*["\']([\w.-]+)["\']', text)
                 for form in forms("en")}
    page = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    page += menu_markup()["MENU"]                                  # (the menu the build writes)
    page += (ROOT / "scripts" / "chooser_markup.py").read_text(encoding="utf-8")  # (the Games dialog)
    used |= set(re.findall(r'data-i18n(?:-title|-aria-label|-label|-placeholder)?="([\w.-]+)"', page))
    used |= {f"card.rank.{rank}" for rank in RANKS} | {f"card.suit.{suit}" for suit in SUITS}
    used |= {f"pile.{kind}" for kind in "trfsw"}
    used |= {"pile.f.rank.up", "pile.f.rank.down"}
    used |= {f"games.level.{word}" for word in ("gentle", "fair", "hard", "very_hard", "unclear")}
    used |= {f"date.month.{n}" for n in range(1, 13)} | {f"date.month.short.{n}" for n in range(1, 13)}
    used |= {"pile.f.up", "pile.f.down", "study.agrees", "study.disagrees"}
    used |= {f"study.column.{c}" for c in ("game", "deals", "won", "lost", "unknown", "winnable",
                                          "seconds", "within", "solver")}
    used |= {"help.title_suffix", "help.back", "help.nav", "help.languages"}
    # the calendar's day states (castling.app.deals.daily.DAY_STATES and "none")
    used |= {f"calendar.state.{state}" for state in ("won", "helped", "played", "none")}
    # a transfer's words (castling.app.storage.transfer: the settings' three fates)
    used |= {f"transfer.settings.{fate}" for fate in ("taken", "kept", "none")}
    # a move said by its cards (spoken.said_by_cards): a hint's keys and a review's, passed to it
    used |= {"hint.turn", "hint.move", "hint.run", "review.move.turn", "review.move.one",
             "review.move.run"}
    # i18n.LANGUAGES: each catalogue names its language; Words.form reads its code
    used |= {"language.name", "language.code"}
    # the Settings dialog's switches (build.py writes a row for each declared one)
    used |= {f"settings.{name}" for names in SWITCH_ROWS.values() for name in names}
    # ... and each value of its settings with named values (but the language: its own names)
    used |= {f"settings.{name}.{value}" for name, values in CHOICES.items() if name != "language"
             for value in values}
    used |= {f"game.{game_id}.summary" for game_id in GAMES}
    # the rules' words (tests/engine/test_rules_text.py checks they ask for no others),
    # and each game's introduction and tips
    used |= message_keys()
    used |= {key for rules in GAMES.values() for key in hand_written_keys(rules, catalogue("en"))}
    used |= {f"games.group.{group}" for group in GROUPS} | {"games.group.recent"}
    used |= {f"stats.{key}" for key in ("game", "played", "won", "helped", "rate", "streak",
                                        "best_streak", "best_time", "fewest_moves",
                                        "daily_played", "daily_won", "daily_run")}
    # a grade's words (castling.app.deals.grades: the label, the toast, the win's button, the card)
    used |= {f"{family}.{grade}" for family in ("grade", "grades.opened", "grades.another",
                                                "stats.grade") for grade in GRADES}
    return used


def test_every_key_in_use_exists_and_every_key_is_used():
    english = catalogue("en")
    used = keys_used()
    assert sorted(used - set(english)) == []
    # keys only built from parts (f-strings) are listed in keys_used
    assert sorted(set(english) - used) == []


class _Words(HTMLParser):
    """Collects the page's own text outside elements whose text comes from a catalogue."""

    def __init__(self):
        super().__init__()
        self.words, self.skip = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.skip.append(tag in ("script", "kbd", "style", "title", "mpy-config") or "data-i18n" in attrs
                         or "lang" in attrs and tag == "option")

    def handle_endtag(self, tag):
        if self.skip:
            self.skip.pop()

    def handle_data(self, data):
        data = re.sub(r"__[A-Z][A-Z0-9_]*__", "", data)      # what build.py fills in
        if not any(self.skip) and re.search(r"[A-Za-z]{2}", data):
            self.words.append(data.strip())


def test_the_page_has_no_words_of_its_own():
    parser = _Words()
    parser.feed((ROOT / "web" / "index.html").read_text(encoding="utf-8"))
    assert parser.words == []


def test_language_choice_and_fallback():
    assert preferred(["it-IT", "en-US"]) == "it" and preferred(["xx-XX", "yy"]) == "en"
    try:
        assert set_language("it") == "it"
        assert plural("counter.moves", 3) == "3 mosse" and plural("counter.moves", 1) == "1 mossa"
        assert plural("counter.moves", 2_000_000) == "2.000.000 di mosse"
        assert t("game.martha.summary").startswith("Gli Assi")
        assert set_language("xx") == "en"
    finally:
        set_language("en")


#: Words a language writes exactly as English does (checked by a speaker of it:
#: docs/glossary/LANG.md); any other value equal to English's is a key left
#: untranslated. Values of symbols, digits and placeholders alone are never reported.
SAME_AS_ENGLISH = {
    "it": {"bar.menu", "status.base", "settings.volume"},
    "es": {"status.base", "settings.speed.normal", "replay.speed.normal"},
    "fr": {"bar.menu", "settings.volume", "settings.table", "replay.region", "replay.pause",
           "showme.pause", "rules.heading.tableau", "rules.number.6"},
    "de": {"date.month.4", "date.month.8", "date.month.9", "date.month.11", "settings.speed.normal",
           "replay.speed.normal", "pile.r", "rules.heading.tableau", "rules.heading.reserves.one"},
    "pt-BR": {"bar.menu", "status.base", "settings.speed.normal", "settings.volume",
              "replay.speed.normal"},
    "ja": set(),
    "ru": set(),
    "nl": {"bar.menu", "settings.volume"},
    "zh-Hans": set(),
    "pl": {"bar.menu"},
    "ar": set(),
}


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_no_value_is_left_in_english(language):
    english, other = catalogue("en"), catalogue(language)
    words = re.compile(r"[^\W\d_]{2}")          # two letters, outside the placeholders
    left = {key for key, text in other.items()
            if text == english.get(key) and words.search(re.sub(r"\{[^}]*\}", "", text))}
    assert left == SAME_AS_ENGLISH.get(language, set())
