"""The formats of what the app keeps, and how each is read back without trusting it.

Every key starts with ``castling:``:

* ``castling:save:GAME`` — the game in progress of that game: the save format of
  :mod:`castling.save` plus ``token`` (which game this is: a new deal gets a new
  one), ``rev`` (how many times it was written: a second tab writing the same
  game is noticed, :mod:`.tabs`), ``seconds`` (the timer), and copies of the
  statistics flags ``counted`` and ``won`` (written by :mod:`..session`), and
  ``helped``: the solver played some of its moves ("Show me"), or it was taken
  up from a replay, so a win counts as "won with help"; ``daily``: the date
  (``YYYY-MM-DD``) whose deal of the day it is, if it is one; ``grade``: the
  grade it was dealt as (``easy``, ``medium``, ``hard``: :mod:`..deals.grades`), or ""
  (none, and a save of before grades); ``saved``: when it
  was written, in milliseconds since 1970 (UTC), so that of two saves of a game
  the newer is kept when devices are merged (:mod:`.transfer`); a save of before
  it has none and counts as older than any that has one;
* ``castling:stats`` — statistics per game id, each with ``current``: the token
  of the game in progress and whether it was already counted as played and as
  won.  Counting a game and marking it counted is therefore one write, so a
  reload at any moment can neither count a game twice nor lose a win
  (:mod:`.statistics`); and ``grades``, the games dealt by grade played and won,
  by grade (none in statistics of before grades);
* ``castling:settings`` — the player's settings;
* ``castling:last`` — the game id last played;
* ``castling:merged`` — the fingerprints of the statistics merged here from links
  and files (:mod:`.transfer`: the same ones are not added up twice);
* ``castling:recovery:…`` — anything found damaged, set aside instead of deleted
  (:mod:`.recovery`).

An export file holds all of them, and a transfer link the statistics, the
settings, the saves and the last game (:mod:`.transfer`).  The readers here are pure:
text in; values and a list of problems out.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from ...errors import CastlingError
from ...games import GAMES
from ...i18n import LANGUAGES, t
from ...rules import GameRules
from ...save import load_save
from ..deals.daily import DAY_STATES, DAYS_KEPT, DailyRecord, iso_day
from ..deals.grades import GRADES
from ..hand import Hand

PREFIX = "castling:"
STATS_KEY = PREFIX + "stats"
SETTINGS_KEY = PREFIX + "settings"
LAST_KEY = PREFIX + "last"
#: the first visit's welcome was closed (the date it was): it is not shown again
WELCOME_KEY = PREFIX + "welcomed"
#: the games last shown, most recent first (a JSON list of ids; the chooser's first group)
RECENT_KEY = PREFIX + "recent"
RECENT_GAMES = 3
RECOVERY_PREFIX = PREFIX + "recovery:"
#: the statistics merged here from links and files (a JSON list of their
#: fingerprints, the latest last): the same statistics are not added up twice
MERGED_KEY = PREFIX + "merged"
MERGED_KEPT = 50

#: A JSON object as stored: its values are whatever the JSON held (Any, as
#: json.loads gives them), each checked by the reader before it is trusted.
JSONObject = dict[str, Any]


def save_key(game_id: str) -> str:
    """Where the game in progress of ``game_id`` is kept."""
    return f"{PREFIX}save:{game_id}"


#: the fields a save holds beside the game's own and the hand's (hand.Hand.STORED): the
#: statistics flags' copies and the tabs' count of writes, and when it was written
SAVE_FIELDS = (("counted", bool), ("won", bool), ("rev", int), ("saved", int))


@dataclass
class SaveRecord:
    """A game's save as read back from its stored text."""

    hand: Hand              # the game in hand it holds
    data: JSONObject        # the stored object, the app's fields and all
    counted: bool           # the copies of the statistics flags
    won: bool
    #: what was found damaged (the game resumes before a bad move, without a bad field)
    damaged: list[str]


def read_save(text: str, rules: GameRules) -> SaveRecord:
    """A save of ``rules``'s game from its stored text; :class:`CastlingError` when
    it cannot be read at all or is another game's."""
    loaded = load_save(text)
    data = json.loads(text)
    if loaded.game.rules != rules:
        raise CastlingError(t("store.other_game", game=loaded.game.rules.name))
    damaged = []
    if loaded.problem:
        damaged.append(t("store.save_moves_from", number=loaded.problem.index + 1,
                         move=loaded.problem.text[:20]))
    hand, fields_damaged = Hand.read(loaded.game, data)
    fields_damaged += [name for name, kind in SAVE_FIELDS
                       if name in data and type(data[name]) is not kind]
    damaged += [t("store.save_field", field=name) for name in fields_damaged]
    return SaveRecord(hand, data, data.get("counted") is True, data.get("won") is True, damaged)


@dataclass
class Stats:
    """One game's statistics."""

    played: int = 0
    won: int = 0                 # won by the player alone
    helped: int = 0              # won with help (Show me, a replay taken up): apart from won
    streak: int = 0
    best_streak: int = 0
    best_seconds: int | None = None
    fewest_moves: int | None = None
    #: the game in progress: {"token": ..., "counted": bool, "won": bool}
    current: JSONObject = field(default_factory=dict)
    #: its deals of the day: days played, days won, the run of days won
    daily: DailyRecord = field(default_factory=DailyRecord)
    #: the games finished on each of the last days played (oldest first, at most
    #: HISTORY_DAYS): {"day", "played", "won", "helped", "best_seconds", "fewest_moves"}
    history: list[JSONObject] = field(default_factory=list)
    #: the games dealt by grade (grades.GRADES), by grade: {"played": n, "won": n}
    #: (won by the player alone, as ``won``); a grade never played is left out
    grades: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def win_rate(self) -> float | None:
        """Won / played, or None before the first game."""
        return self.won / self.played if self.played else None


_COUNTS = ("played", "won", "helped", "streak", "best_streak")
HISTORY_DAYS = 60       # days kept for the charts
_BESTS = ("best_seconds", "fewest_moves")


def _count(value: object) -> bool:
    return type(value) is int and 0 <= value < 10**12


def read_stats(text: str | None) -> tuple[dict[str, Stats], list[str]]:
    """Statistics from their stored text, and what was wrong with it (if anything).

    A damaged entry is left out and named; the rest are kept."""
    if text is None:
        return {}, []
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return {}, [t("store.stats_unreadable")]
    if not isinstance(data, dict):
        return {}, [t("store.stats_unreadable")]
    stats: dict[str, Stats] = {}
    problems = []
    for game_id, values in data.items():
        if game_id not in GAMES:
            problems.append(t("store.stats_unknown_game"))
            continue
        name = GAMES[game_id].name
        if not isinstance(values, dict):
            problems.append(t("store.stats_damaged", game=name))
            continue
        entry = Stats()
        damaged = False
        for key in _COUNTS:
            if key in values:
                damaged |= not _count(values[key])
                if _count(values[key]):
                    setattr(entry, key, values[key])
        for key in _BESTS:
            if values.get(key) is not None:
                damaged |= not _count(values[key])
                if _count(values[key]):
                    setattr(entry, key, values[key])
        current = values.get("current", {})
        if current == {}:
            pass
        elif (isinstance(current, dict) and isinstance(current.get("token", ""), str)
                and all(type(current.get(flag, False)) is bool for flag in ("counted", "won"))):
            entry.current = {"token": current.get("token", ""),
                             "counted": current.get("counted", False),
                             "won": current.get("won", False)}
        else:
            damaged = True
        daily = values.get("daily", {})
        if daily != {}:
            record = _daily_record(daily)
            if record is None:
                damaged = True
            else:
                entry.daily = record
        history = values.get("history", [])
        if history != []:
            days = _history(history)
            if days is None:
                damaged = True
            else:
                entry.history = days
        graded = values.get("grades", {})
        if graded != {}:
            by_grade = _grades(graded)
            if by_grade is None:
                damaged = True
            else:
                entry.grades = by_grade
        if entry.won + entry.helped > entry.played or entry.best_streak < entry.streak:
            damaged = True
        if damaged:
            problems.append(t("store.stats_damaged", game=name))
            continue
        stats[game_id] = entry
    return stats, problems


def _daily_record(values: object) -> DailyRecord | None:
    """A daily record as stored, or None when it is damaged."""
    if not isinstance(values, dict):
        return None
    record = DailyRecord()
    for name in ("played", "won", "run"):
        if not _count(values.get(name, 0)):
            return None
        setattr(record, name, values.get(name, 0))
    for name in ("last_played", "last_won"):
        if values.get(name, "") != iso_day(values.get(name)):
            return None
        setattr(record, name, values.get(name, ""))
    if record.won > record.played or record.run > record.won:
        return None
    days = values.get("days", {})       # (a record from before the calendar has none)
    if not isinstance(days, dict) or len(days) > DAYS_KEPT or any(
            iso_day(day) != day or state not in DAY_STATES for day, state in days.items()):
        return None
    record.days = dict(days)
    return record


def _grades(values: object) -> dict[str, dict[str, int]] | None:
    """The counts by grade as stored, or None when they are damaged."""
    if not isinstance(values, dict) or not set(values) <= set(GRADES):
        return None
    counts = {}
    for grade in GRADES:
        if grade not in values:
            continue
        value = values[grade]
        if not isinstance(value, dict) or set(value) != {"played", "won"} or not all(
                _count(value[name]) for name in ("played", "won")) or value["won"] > value["played"]:
            return None
        counts[grade] = {"played": value["played"], "won": value["won"]}
    return counts


def new_day(day: str) -> JSONObject:
    """A day of the history with nothing finished yet."""
    return {"day": day, "played": 0, "won": 0, "helped": 0, "best_seconds": None,
            "fewest_moves": None}


def _history(values: object) -> list[JSONObject] | None:
    """The history as stored, or None when it is damaged."""
    if not isinstance(values, list) or len(values) > HISTORY_DAYS:
        return None
    days = []
    for value in values:
        if not isinstance(value, dict) or set(value) != set(new_day("")):
            return None
        if iso_day(value["day"]) != value["day"] or not all(
                _count(value[name]) for name in ("played", "won", "helped")) or \
                value["won"] + value["helped"] > value["played"] or not all(
                value[name] is None or _count(value[name]) for name in _BESTS):
            return None
        days.append(dict(value))
    if [day["day"] for day in days] != sorted({day["day"] for day in days}):
        return None         # out of order, or a day twice
    return days


def stats_text(stats: dict[str, Stats]) -> str:
    """The stored text of the statistics (what :func:`read_stats` reads)."""
    return json.dumps({game_id: asdict(entry) for game_id, entry in stats.items()},
                      separators=(",", ":"))


def switch(group: str, default: bool) -> Any:
    """An on/off setting shown as a switch in ``group`` of the Settings dialog."""
    return field(default=default, metadata={"switch": group})


@dataclass
class Settings:
    """What the player can switch; every setting persists.

    An on/off setting is a ``bool`` field; ``switch("GROUP")`` makes it a switch
    in that group of the Settings dialog (``play``, ``look``, ``sound``: build.py
    writes the row, named by the catalogue's ``settings.NAME``), and that is all a
    new one needs besides its words and what it does."""

    autoplay: bool = switch("play", True)       # send safe cards home on their own
    sound: bool = switch("sound", True)         # card sounds (the mute control switches them off)
    four_colour: bool = False    # clubs green, diamonds blue (shown as two pictures of cards)
    high_contrast: bool = switch("look", False)     # black table, white cards, thick edges
    calm: bool = switch("play", False)          # no clock or move count on screen (still kept)
    card_size: str = "medium"    # "small", "medium" or "large"
    card_back: str = "blue"      # the face-down cards' design: "blue", "red" or "night"
    table: str = "green"         # the table's colour: "green", "blue" or "burgundy"
    language: str = ""           # "" follows the browser; else a code of i18n.LANGUAGES
    #: how fast moves are shown: "off" (at once; so under reduced motion anyway),
    #: "fast", "normal" or "slow" (it replaces the on/off ``animations``)
    speed: str = "normal"
    volume: int = 60             # the sounds' loudness, 0-100
    #: "one": a tap moves a card to its best place (castling.app.table.tap);
    #: "two": a tap picks it up, another puts it down (the keyboard's way)
    tap: str = "one"
    #: games whose new deals must be proved winnable by the solver first
    winnable_only: list[str] = field(default_factory=list)


# The on/off settings, known by their default (a field's type may be a string
# or a class, depending on how annotations are evaluated).
SWITCHES = tuple(f.name for f in fields(Settings) if isinstance(f.default, bool))
#: the Settings dialog's switches, by group, in their order (build.py writes them)
SWITCH_ROWS = {group: tuple(f.name for f in fields(Settings) if f.metadata.get("switch") == group)
               for group in ("play", "look", "sound")}
#: settings with a few named values, in the order the Settings dialog shows them (build.py
#: writes each value's option from here; the default is the Settings field's)
CHOICES = {"card_size": ("small", "medium", "large"), "card_back": ("blue", "red", "night"),
           "table": ("green", "blue", "burgundy"), "language": ("", *LANGUAGES),
           "speed": ("off", "fast", "normal", "slow"), "tap": ("one", "two")}
#: settings that are a whole number, with their least and greatest values
NUMBERS = {"volume": (0, 100)}


def read_settings(text: str | None) -> tuple[Settings, list[str]]:
    """Settings from their stored text; damaged values fall back to the defaults."""
    if text is None:
        return Settings(), []
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        return Settings(), [t("store.settings_unreadable")]
    settings = Settings()
    problems = []
    for name in SWITCHES:
        if name in data:
            if isinstance(data[name], bool):
                setattr(settings, name, data[name])
            else:
                problems.append(t("store.setting_damaged", name=name))
    for name, values in CHOICES.items():
        if name in data:
            if data[name] in values:
                setattr(settings, name, data[name])
            else:
                problems.append(t("store.setting_damaged", name=name))
    for name, (least, most) in NUMBERS.items():
        if name in data:
            value = data[name]
            if type(value) is int and least <= value <= most:
                setattr(settings, name, value)
            else:
                problems.append(t("store.setting_damaged", name=name))
    if "speed" not in data and data.get("animations") is False:
        settings.speed = "off"          # kept before there was a speed: no animations
    chosen = data.get("winnable_only", [])
    if isinstance(chosen, list):
        settings.winnable_only = [g for g in GAMES if g in chosen]
    else:
        problems.append(t("store.setting_damaged", name="winnable_only"))
    return settings, problems


def settings_text(settings: Settings) -> str:
    """The stored text of the settings (what :func:`read_settings` reads)."""
    return json.dumps(asdict(settings), separators=(",", ":"))


def read_merged(text: str | None) -> tuple[list[str], list[str]]:
    """The fingerprints of ``castling:merged``, and what was wrong with its text."""
    if text is None:
        return [], []
    try:
        marks = json.loads(text)
    except (ValueError, RecursionError):
        return [], [MERGED_KEY]
    if not isinstance(marks, list) or not all(isinstance(mark, str) for mark in marks):
        return [], [MERGED_KEY]
    return marks, []
