"""The table a page shows before Python is up, prepared at build time.

build.py puts two things into index.html: the piles of the first visit's deal
(castling.app.first_visit) with their cards, drawn by the app's own
renderer (castling_web.render.TableView, run here on a page of markup instead
of a DOM), in ``<template id="first-table">``; and, in ``<script
type="application/json" id="first-table-plan">``, what
castling.app.table.arrangement.arrange weighs for them and the words of the first
screen in every language. The script first-table.js lays them out on the
page; build.py writes it from its parts in web/first-table/ (:func:`script`).

Any other way in (a deal link, a replay link, a saved game) names a game that
only the page knows once it reads the address: for each game build.py writes
``tables/GAME.json`` (:func:`game_plan`: the same plan, the piles as the
renderer makes them, every word the table and the welcome show) and
``tables/GAME.bin`` (the game's rules table for the compiled core, which deals
and replays moves before Python is up: castling.search.core.tables). The page fetches
the two of the game it is asked for, and nothing else.
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

from castling import GAMES, Game
from castling.cards import FACE_DOWN, RANKS, SUITS, card_text, rank_label
from castling.search.core.tables import rules_table
from castling.i18n import DEFAULT, LANGUAGES, language, plural, set_language, t
from castling.language import direction
from castling.numbers import grouping
from castling.puzzles.glicko import NEW_PLAYER
from castling.plurals import forms
from castling.movegen import tables_for
from castling.app.table.arrangement import FAN_HEIGHT, FAN_WIDTH, INDEX_HEIGHT, INDEX_WIDTH, Space, page_plan
from castling.app.table.board import DRAG_THRESHOLD, DROP_SHARE, status_line
from castling.search.core.codes import TAP_KINDS
from castling.app.first_visit import FIRST_DEAL, FIRST_GAME
from castling.app.storage.records import CHOICES, Settings
from castling.app.words.spoken import card_label, pile_title
from castling.rules import GameRules
from castling_web.looks import LOOK_CLASSES, LOOK_SWITCHES, SLIDE_MS
from castling_web.render import BOARD_PADDING, CARD_SIZES, SHARES, TableView


class _Style:
    """An element's inline style: the properties set on it, in order."""

    def __init__(self) -> None:
        self.properties: dict[str, str] = {}

    def setProperty(self, name: str, value: str) -> None:
        self.properties[name] = value

    def __setattr__(self, name: str, value) -> None:
        if name == "gridColumnStart":
            self.properties["grid-column-start"] = value
        else:
            object.__setattr__(self, name, value)


class _ClassList:
    def __init__(self, element: "Element") -> None:
        self.element = element

    def add(self, name: str) -> None:
        names = self.element.className.split()
        if name not in names:
            self.element.className = " ".join(names + [name])


class Element:
    """Just what TableView does to an element, written out as HTML."""

    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.className = ""
        self.attributes: dict[str, str] = {}
        self.style = _Style()
        self.classList = _ClassList(self)
        self.children: list[Element] = []

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = value

    def replaceChildren(self, *children: "Element") -> None:
        self.children = list(children)

    def append(self, *children: "Element") -> None:
        self.children.extend(children)

    def markup(self) -> str:
        attributes = {}
        if self.className:
            attributes["class"] = self.className
        if self.style.properties:
            # Not a style attribute: the page's CSP (style-src 'self') ignores
            # those in markup; web/first-table/way-in.js sets them as properties.
            attributes["data-style"] = ";".join(f"{name}:{value}" for name, value in self.style.properties.items())
        attributes.update(self.attributes)
        opening = "".join(f' {name}="{html.escape(value)}"' for name, value in attributes.items())
        inner = "".join(child.markup() for child in self.children)
        return f"<{self.tag}{opening}>{inner}</{self.tag}>"


class _Document:
    def createElement(self, tag: str) -> Element:
        return Element(tag)


def _space() -> Space:
    """A fresh profile's shares (medium cards); the size is the page's."""
    share, largest = CARD_SIZES["medium"]
    return Space(width=0.0, height=0.0, gap=0.0, index_h=INDEX_HEIGHT, index_w=INDEX_WIDTH,
                 fan_h=FAN_HEIGHT, fan_w=FAN_WIDTH, share=share, largest=largest)


def _words(game: Game) -> dict:
    """The first screen's words in the current language: what the app writes
    on the page for this deal (chrome.py, app.py) and in the welcome (welcome.py)."""
    rules = game.rules
    return {
        "page": {"deal-label": t("deal.label", deal=game.number),
                 "move-counter": plural("counter.moves", 0),
                 "status": status_line(game.position),
                 "page-title": t("page.heading.game", game=rules.name, deal=game.number)},
        # a fresh profile taps once (castling.app.storage.records.Settings.tap)
        "welcome": {"welcome-game": t("welcome.game", game=rules.name),
                    "welcome-summary": t(f"game.{rules.id}.summary"),
                    "welcome-move": t("welcome.move.one"),
                    "welcome-others": t("welcome.others", count=len(GAMES) - 1)},
        "catalogue": {key: t(key) for key in ("welcome.title", "welcome.goal", "welcome.keys",
                                              "welcome.rules", "welcome.play")},
        "title": t("page.document_title", game=rules.name, deal=game.number),
        "wait": t("first.wait"),
        "asked": t("first.asked"),
        "language": language(), "direction": direction(),
    }


def _layout(rules: GameRules) -> dict:
    """What arrange() weighs for the game, and the board's measures."""
    plan = page_plan(rules, _space())
    plan["fan_w"] = FAN_WIDTH
    plan["padding"] = list(BOARD_PADDING)
    plan["shares"] = {name: str(value) for name, value in SHARES.items()}
    plan["default_language"] = DEFAULT
    return plan


def _in_every_language(words) -> dict:
    made = {}
    for code in LANGUAGES:
        set_language(code)
        made[code] = words()
    set_language(DEFAULT)
    return made


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def first_table() -> tuple[str, str]:
    """The template of the first visit's piles and the plan's JSON, for index.html."""
    rules = GAMES[FIRST_GAME]
    game = Game(rules, FIRST_DEAL)
    view = TableView(_Document(), None, None)
    piles = view.unplaced(rules, game.position.to_piles())
    template = "".join(pile.markup() for pile in piles)
    plan = _layout(rules)
    plan["words"] = _in_every_language(lambda: _words(game))
    # (the languages a link's words are fetched in: tables/CODE/GAME.json)
    plan["languages"] = list(LANGUAGES)
    plan["deal"] = str(FIRST_DEAL)      # (played early by the core, from its game's files)
    # In a <script> element only "</" could end it early: JSON may escape the slash.
    return template, _json(plan).replace("</", "<\\/")


#: What stands for the deal number in a game's words: the page puts the number
#: of the link there (as text: never as markup).
DEAL = "{deal}"


def _game_words(rules: GameRules) -> dict:
    """Every word a game's table and welcome show before Python is up, in the
    current language, with :data:`DEAL` where the deal number goes and the
    pile labels' parts (castling.app.words.spoken.pile_label puts them together)."""
    game = Game(rules, 1)
    words = {
        "page": {"deal-label": t("deal.label", deal=DEAL),
                 "move-counter": plural("counter.moves", 0),
                 # (the same for every deal: a chosen base is chosen in play;
                 # tests/site/test_table_plans.py holds it so)
                 "status": status_line(game.position),
                 "page-title": t("page.heading.game", game=rules.name, deal=DEAL)},
        "welcome": {"welcome-game": t("welcome.game", game=rules.name),
                    "welcome-summary": t(f"game.{rules.id}.summary"),
                    "welcome-move": t("welcome.move.one"),
                    "welcome-others": t("welcome.others", count=len(GAMES) - 1)},
        "daily_label": t("deal.label.daily", deal=DEAL),
        # counted words by plural form, the page picking with Intl.PluralRules
        # (the same CLDR rules castling.plurals reads)
        "language": language(), "direction": direction(),
        "counter": {form: t(f"counter.moves.{form}", count="{count}") for form in forms(language())},
        "replay_title": t("replay.title", game=rules.name, deal=DEAL),
        "shared": t("welcome.shared", game=rules.name, deal=DEAL),
        "watch": t("welcome.watch", game=rules.name, deal=DEAL),
        "catalogue": {key: t(key) for key in ("welcome.title", "welcome.goal", "welcome.keys",
                                              "welcome.rules", "welcome.play")},
        "title": t("page.document_title", game=rules.name, deal=DEAL),
        "wait": t("first.wait"),
        "asked": t("first.asked"),
        "pile_titles": {name: pile_title(rules, name) for name in rules.pile_names},
        "pile_label": {count: t(f"pile.{count}", pile="{pile}", count="{count}", card="{card}")
                       for count in ("empty", *forms(language()))},
        "cards": {card_text(card): card_label(card_text(card)) for card in range(52)},
        "face_down": card_label(card_text(FACE_DOWN)),
        # the status line of a game won (the app then celebrates it) or lost, and once a
        # chosen-base game's base is chosen, by rank
        "won": t("status.won", moves="{moves}"),
        "lost": t("status.lost"),
        "bases": [t("status.base", rank=rank_label(rank)) for rank in range(13)],
        # a puzzle link's title and the welcome over it (the rest of its
        # panel's words, the same in every game, are in panels.json)
        "puzzle": {"title": t("puzzle.title", game=rules.name, number="{number}"),
                   "shared": t("welcome.puzzle", game=rules.name, number="{number}")},
    }
    return words


def _panel_words() -> dict:
    """The words of the panels a link opens above its table (castling_web/replay_view.py's,
    puzzle_view.py's) in the current language: their markup's (in the default
    language in the page), and what a puzzle's panel says, with ``{…}`` where the
    page puts a number."""
    return {**{panel: {key: t(key) for key in keys} for panel, keys in PANEL_KEYS.items()},
            "find": t("puzzle.find"),
            "find_moves": {form: t(f"puzzle.find_moves.{form}", count="{count}")
                           for form in forms(language())},
            "before": t("replay.counter", step="{step}", total="{total}"),
            "rating": t("puzzle.rating", rating="{rating}"),
            "streak": {form: t(f"puzzle.streak.{form}", count="{count}") for form in forms(language())},
            "numbers": grouping()}


def _panel_keys(panel: str) -> tuple[str, ...]:
    """The message keys the markup of ``<section id=panel>`` in web/index.html
    names (data-i18n, data-i18n-title, …): what the page translates in it
    before Python is up."""
    page = (Path(__file__).resolve().parents[1] / "web" / "index.html").read_text(encoding="utf-8")
    found = re.search(rf'<section id="{panel}"(.*?)</section>', page, re.S)
    if found is None:
        sys.exit(f"build.py: web/index.html has no <section id={panel!r}>")
    return tuple(dict.fromkeys(re.findall(r'data-i18n(?:-[a-z-]+)?="([^"]+)"', found.group(0))))


#: The panels a link opens above its table before Python is up, and their keys.
PANEL_KEYS = {panel: _panel_keys(panel) for panel in ("replay", "puzzle")}


#: The settings the early table plays by (web/first-table/settings-and-save.js), read from
#: what is stored as Python reads them: a value not among a setting's choices
#: (or not of its type) is its default.
PLAY_SETTINGS = ("tap", "autoplay", "sound", "volume", "speed")


def _play() -> dict:
    """How the early table plays: the settings it follows and the measures it
    shares with the app's pointer and motion."""
    defaults = Settings()
    return {"defaults": {name: getattr(defaults, name) for name in PLAY_SETTINGS},
            "choices": {name: list(CHOICES[name]) for name in ("tap", "speed")},
            "slide_ms": SLIDE_MS, "drag_threshold": DRAG_THRESHOLD, "drop_share": DROP_SHARE,
            # core_tap's answers by their number, as the core writes them (codes.py)
            "tap_kinds": [TAP_KINDS[number] for number in sorted(TAP_KINDS)]}


def game_plan(rules: GameRules) -> dict:
    """``tables/GAME.json``: the game's layout plan, its piles' elements as the
    renderer makes them (empty: the page puts the cards in), and its words."""
    view = TableView(_Document(), None, None)
    empty = view.unplaced(rules, {name: [] for name in rules.pile_names})
    plan = _layout(rules)
    plan["piles"] = [{"name": element.attributes["data-pile"], "class": element.className,
                      "label": element.attributes.get("data-label"),
                      "counted": name in view.counted}
                     for name, element in zip(rules.pile_names, empty)]
    plan["focused"] = view.focused
    # What the player's settings change before Python is up (a return visit):
    # their looks, as classes on the page, and the card size.
    plan["looks"] = {"switches": LOOK_SWITCHES, "classes": LOOK_CLASSES,
                     "choices": {name: list(CHOICES[name]) for name in (*LOOK_CLASSES, "card_size")},
                     "defaults": {name: getattr(Settings(), name) for name in (*LOOK_CLASSES, "card_size")},
                     "card_sizes": CARD_SIZES}
    plan["cards"] = {"ranks": RANKS, "suits": SUITS, "face_down": FACE_DOWN}
    plan["play"] = _play()
    plan["puzzles"] = {"new_rating": NEW_PLAYER[0]}     # (a player who has not played one)
    return plan


def game_files() -> dict[str, bytes]:
    """The files of tables/, by name: each game's ``GAME.json`` (its plan) and
    ``GAME.bin`` (its rules table), and for each language ``CODE/GAME.json``
    (the game's words) and ``CODE/panels.json`` (the words of the panels a link
    opens, a replay's and a puzzle's: the same for every game, so fetched beside
    a game's files by the links that open one, and by no other). A link fetches
    its words in the player's language only: its bytes do not grow with the
    languages."""
    files = {}
    for game_id, rules in GAMES.items():
        files[f"{game_id}.json"] = _json(game_plan(rules)).encode("utf-8")
        files[f"{game_id}.bin"] = rules_table(tables_for(rules))
    words = _in_every_language(lambda: {**{f"{game_id}.json": _game_words(rules)
                                           for game_id, rules in GAMES.items()},
                                        PANELS: _panel_words()})
    for code, named in words.items():
        files |= {f"{code}/{name}": _json(value).encode("utf-8") for name, value in named.items()}
    return files


#: The panels' words' file in each language's folder of tables/.
PANELS = "panels.json"


#: The parts of first-table.js in web/first-table/, a file for each job, in the
#: order :func:`script` joins them: page.js first, for the names every part
#: shares; way-in.js last, for its end starts the rest.
SCRIPT_PARTS = (
    "page.js",              # the page's handles, and the promise Python's start waits on
    "layout.js",            # arrangement.arrange ported, and the rows laid on the board
    "stored.js",            # what the player keeps: the settings, the looks, the language
    "hold-input.js",        # keys, buttons and games chosen before the app is up
    "show.js",              # the page's words, the replay's panel, the welcome, the table shown
    "links-and-saves.js",   # deal links, replay links and saves, read as Python reads them
    "core.js",              # the deal dealt and its moves played by the compiled core
    "piles.js",             # the piles' and cards' elements, as the renderer draws them
    "settings-and-save.js", # what the early table plays by, and its moves kept in the save
    "play.js",              # the early table played: taps, drops, Undo, by the core
    "drag.js",              # its pointer: a press, a drag and a drop
    "way-in.js",            # what to draw for each way in, and the start
)


def script(folder: Path) -> str:
    """first-table.js, the classic script the page runs at the end of its body:
    the parts in ``folder`` joined in SCRIPT_PARTS' order inside one function.
    One file, so one request and nothing more to parse than before the split;
    one function, so the parts share one scope, as when they were one file, and
    declare nothing on the page. A part not listed, or listed and missing,
    stops the build."""
    found = sorted(path.name for path in folder.glob("*.js"))
    if found != sorted(SCRIPT_PARTS):
        sys.exit(f"build.py: {folder.name}/ holds {found}; scripts/first_table.py joins"
                 f" {sorted(SCRIPT_PARTS)}")
    parts = [f"// -- web/first-table/{name} --\n" + (folder / name).read_text(encoding="utf-8")
             for name in SCRIPT_PARTS]
    return ("// Written by build.py: web/first-table/'s parts, joined (scripts/first_table.py).\n"
            '"use strict";\n\n(() => {\n' + "\n".join(parts) + "})();\n")
