"""The help pages the build writes: a page per game in every language, made from
its declaration and its catalogue words, the hand-written pages wrapped in the
help template, and a sketch of each game's table for the Games dialog."""

from __future__ import annotations

import html
import shutil
import sys
from pathlib import Path

from castling.app.table.table_sketch import table_sketch
from castling.app.words.rules_text import intro, rules_sections, tips
from castling.games import GAMES, GROUPS
from castling.i18n import DEFAULT, LANGUAGES, catalogue, help_folder
from castling.language import direction
from castling.rules import GameRules
from scripts.page_text import fill

HELP_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'self'"


def games_index(messages: dict[str, str]) -> str:
    """The help index's list of games, made from the declarations: each group
    (games.GROUPS) under its heading, each game linked with its summary."""
    parts = []
    for group, members in GROUPS.items():
        items = "".join(
            f'\n  <li><a href="./{html.escape(r.id)}.html">{html.escape(r.name)}</a> \u2014 '
            f'{html.escape(messages[f"game.{r.id}.summary"])}</li>' for r in members)
        parts.append(f"<h2>{html.escape(messages[f'games.group.{group}'])}</h2>\n<ul>{items}\n</ul>")
    return "\n".join(parts)


def game_help(rules: GameRules, messages: dict[str, str]) -> str:
    """A game's help page, all but the site's frame: its name, its introduction
    (by hand, from the catalogue), a sketch of its table, its rules in sections
    made from its declaration (castling.app.words.rules_text), then its tips (by
    hand). Every word is escaped; the sketch escapes its own."""
    esc = html.escape
    parts = [f"<h1>{esc(rules.name)}</h1>", f"<p>{esc(intro(rules, messages))}</p>",
             f'<figure class="sketch">{table_sketch(rules, messages, width=320, height=200)}'
             "</figure>"]
    for section in (*rules_sections(rules, messages), tips(rules, messages)):
        parts.append(f"<h2>{esc(section.heading)}</h2>")
        if section.facts:
            parts.append('<dl class="facts">' + "".join(
                f"\n  <dt>{esc(term)}</dt><dd>{esc(text)}</dd>" for term, text in section.facts)
                + "\n</dl>")
        elif section.kind == "goal":
            parts += [f"<p>{esc(line)}</p>" for line in section.lines]
        else:
            parts.append("<ul>" + "".join(f"\n  <li>{esc(line)}</li>" for line in section.lines)
                         + "\n</ul>")
    return "\n".join(parts) + "\n"


def write_sketches(out: Path) -> None:
    """A sketch of each game's table (castling.app.table.table_sketch) as a file,
    sketches/GAME.svg: the Games dialog's pictures and the How to play panel's,
    fetched when first shown (an inline copy of 31 would weigh on every first
    visit's page). Its title is in English: the page shows it with alt="" beside
    the game's name, which is in the player's language."""
    folder = out / "sketches"
    folder.mkdir()
    messages = catalogue(DEFAULT)
    for rules in GAMES.values():
        (folder / f"{rules.id}.svg").write_text(
            table_sketch(rules, messages, width=160, height=100) + "\n", encoding="utf-8")


def _href(language: str, other: str, slug: str) -> str:
    """The address of page ``slug`` in ``other`` from the same page in ``language``."""
    return ("../" if help_folder(language) else "./") + f"{help_folder(other)}{slug}.html"


def language_links(language: str, slug: str) -> str:
    """The same page in every other language, each named in its own language."""
    return "".join(
        f'<li><a href="{_href(language, other, slug)}" hreflang="{other}" lang="{other}">'
        f'{html.escape(name)}</a></li>' for other, name in LANGUAGES.items() if other != language)


def alternates(language: str, slug: str) -> str:
    """The page's <link rel="alternate"> for each language it is written in."""
    return "\n  ".join(f'<link rel="alternate" hreflang="{other}" href="{_href(language, other, slug)}">'
                       for other in LANGUAGES)


def write_help(out: Path, web: Path) -> None:
    """Every help page in every language, wrapped in the page template: a page per
    game made from its declaration and its catalogue words (game_help), and the
    hand-written pages of web/help (and web/help/LANG): the index, whose list of
    games is filled in from the declarations, how to play, and the study's."""
    template = (web / "help" / "template.html").read_text(encoding="utf-8")
    nav = "".join(f'<li><a href="./{html.escape(r.id)}.html">{html.escape(r.name)}</a></li>'
                  for r in GAMES.values())
    (out / "help").mkdir()
    shutil.copy2(web / "help" / "help.css", out / "help" / "help.css")
    for language in LANGUAGES:
        folder, messages = help_folder(language), catalogue(language)
        (out / "help" / folder).mkdir(exist_ok=True)
        up = "../" if folder else ""
        bodies = {}
        for fragment in sorted((web / "help" / folder).glob("*.part.html")):
            slug = fragment.name.removesuffix(".part.html")
            source = f"web/{fragment.relative_to(web).as_posix()}"
            if slug in GAMES:
                sys.exit(f"build.py: {source}: a game's help page is made from its declaration "
                         "now; its introduction and tips go in the catalogues "
                         f"(game.{slug}.intro, game.{slug}.tip.N)")
            bodies[slug] = fill(fragment.read_text(encoding="utf-8"),
                                {"COUNT": str(len(GAMES)), "GAMES": games_index(messages)}, source)
        bodies |= {rules.id: game_help(rules, messages) for rules in GAMES.values()}
        for slug, body in sorted(bodies.items()):
            title = body.split("<h1>", 1)[1].split("</h1>", 1)[0] if "<h1>" in body else slug
            page = fill(template, {
                "LANG": language, "DIR": direction(language), "UP": up, "TITLE": title, "NAV": nav, "BODY": body,
                "CSP": HELP_CSP, "LANGUAGES": language_links(language, slug),
                "ALTERNATES": alternates(language, slug),
                "TITLE_SUFFIX": html.escape(messages["help.title_suffix"]),
                "BACK": html.escape(messages["help.back"]),
                "NAV_LABEL": html.escape(messages["help.nav"]),
                "HOW_TO_PLAY": html.escape(messages["games.how_to_play"]),
                "LANGUAGES_LABEL": html.escape(messages["help.languages"]),
            }, "web/help/template.html")
            (out / "help" / folder / f"{slug}.html").write_text(page, encoding="utf-8")
        english = {p.name for p in (web / "help").glob("*.part.html")}
        here = {p.name for p in (web / "help" / folder).glob("*.part.html")}
        if here != english:
            sys.exit(f"build.py: help pages in {language} differ from English: "
                     f"{sorted(here ^ english)}")
