"""The table a first visit shows before Python is up, drawn at build time.

build.py puts two things into index.html: the piles of the first visit's deal
(castling.player.first_visit) with their cards, drawn by the app's own
renderer (castling_web.render.TableView, run here on a page of markup instead
of a DOM), in ``<template id="first-table">``; and, in ``<script
type="application/json" id="first-table-plan">``, what
castling.player.arrangement.arrange weighs for them and the words of the first
screen in every language. web/first-table.js lays them out on the page.
"""

from __future__ import annotations

import html
import json

from castling import GAMES, Game
from castling.i18n import DEFAULT, LANGUAGES, set_language, t
from castling.player.arrangement import FAN_HEIGHT, FAN_WIDTH, INDEX_HEIGHT, INDEX_WIDTH, Space, page_plan
from castling.player.board import status_line
from castling.player.first_visit import FIRST_DEAL, FIRST_GAME
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
            # those in markup; web/first-table.js sets them as properties.
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
                 "move-counter": t("counter.moves.many", count=0),
                 "status": status_line(game.position),
                 "page-title": t("page.heading.game", game=rules.name, deal=game.number)},
        # a fresh profile taps once (castling.player.records.Settings.tap)
        "welcome": {"welcome-game": t("welcome.game", game=rules.name),
                    "welcome-summary": t(f"game.{rules.id}.summary"),
                    "welcome-move": t("welcome.move.one"),
                    "welcome-others": t("welcome.others", count=len(GAMES) - 1)},
        "catalogue": {key: t(key) for key in ("welcome.title", "welcome.goal", "welcome.keys",
                                              "welcome.rules", "welcome.play")},
        "title": t("page.document_title", game=rules.name, deal=game.number),
        "wait": t("first.wait"),
        "asked": t("first.asked"),
    }


def first_table() -> tuple[str, str]:
    """The template of the first visit's piles and the plan's JSON, for index.html."""
    rules = GAMES[FIRST_GAME]
    game = Game(rules, FIRST_DEAL)
    view = TableView(_Document(), None, None)
    piles = view.unplaced(rules, game.position.to_piles())
    template = "".join(pile.markup() for pile in piles)
    plan = page_plan(rules, _space())
    plan["padding"] = list(BOARD_PADDING)
    plan["shares"] = {name: str(value) for name, value in SHARES.items()}
    plan["default_language"] = DEFAULT
    plan["words"] = {}
    for code in LANGUAGES:
        set_language(code)
        plan["words"][code] = _words(game)
    set_language(DEFAULT)
    # In a <script> element only "</" could end it early: JSON may escape the slash.
    return template, json.dumps(plan, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
