"""What a link's table before Python is made of (scripts/first_table.py):
each game's plan and rules table, in the site, small, and true to the engine."""

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from scripts import first_table

from castling import GAMES, Game
from castling.search.core.tables import read_header, rules_table
from castling.i18n import LANGUAGES, catalogue
from castling.movegen import tables_for
from castling.app.table.board import status_line
from castling.rules import parse_pile_name

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_has_its_plan_rules_table_and_words_and_nothing_else_is_there(site):
    names = {path.relative_to(site / "tables").as_posix() for path in (site / "tables").rglob("*")
             if path.is_file()}
    assert names == ({f"{game_id}.{kind}" for game_id in GAMES for kind in ("json", "bin")}
                     | {f"{code}/{game_id}.json" for code in LANGUAGES for game_id in GAMES}
                     | {f"{code}/panels.json" for code in LANGUAGES})


def words_of(site, code: str, name: str) -> dict:
    return json.loads((site / "tables" / code / f"{name}.json").read_text(encoding="utf-8"))


def test_the_panels_words_are_every_key_of_their_markup_in_every_language(site):
    """tables/CODE/panels.json: what a replay's and a puzzle's panel say before
    Python is up, each key of their markup in web/index.html."""
    page = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    for code in LANGUAGES:
        words = words_of(site, code, "panels")
        for panel in ("replay", "puzzle"):
            markup = page[page.index(f'<section id="{panel}"'):]
            markup = markup[:markup.index("</section>")]
            keys = set(re.findall(r'data-i18n(?:-[a-z-]+)?="([^"]+)"', markup))
            assert len(keys) > 5
            assert words[panel] == {key: catalogue(code)[key] for key in keys}
        assert words["find"] == catalogue(code)["puzzle.find"]
        assert "{rating}" in words["rating"] and words["numbers"]["group"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_games_plan_names_its_piles_in_order_and_its_words_in_every_language(site, game_id):
    rules = GAMES[game_id]
    plan = json.loads((site / "tables" / f"{game_id}.json").read_text(encoding="utf-8"))
    assert plan["game"] == game_id
    assert [pile["name"] for pile in plan["piles"]] == list(rules.pile_names)
    for pile in plan["piles"]:
        assert pile["class"] == f"pile kind-{parse_pile_name(pile['name'])[0]}"
    assert "words" not in plan              # (a link fetches them in one language)
    for code in LANGUAGES:
        words = words_of(site, code, game_id)
        assert words["language"] == code
        assert words["catalogue"]["welcome.play"] == catalogue(code)["welcome.play"]
        assert "{deal}" in words["page"]["deal-label"] and "{deal}" in words["shared"]
        assert set(words["pile_titles"]) == set(rules.pile_names)
        assert len(words["cards"]) == 52
    # The table is the core's: the rules table of this very engine.
    table = (site / "tables" / f"{game_id}.bin").read_bytes()
    assert table == rules_table(tables_for(rules))
    assert read_header(table)["piles"] == len(rules.pile_names)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_status_line_a_plan_gives_is_every_deals(game_id):
    """The plan says one status line for all deals (a base is chosen in play, never dealt)."""
    rules = GAMES[game_id]
    lines = {status_line(Game(rules, number).position) for number in (1, 2, 3, 31999, 32000, 10**19)}
    assert len(lines) == 1


#: The languages the page spoke when a game's plan held its words in all of
#: them (issue 63 then gave each language a file of its own).
SIX_LANGUAGES = ("en", "de", "es", "fr", "it", "pt-BR")


def gzipped(data: bytes) -> int:
    return len(gzip.compress(data))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_links_bytes_do_not_grow_with_the_languages(site, game_id):
    """What a link fetches before its first card, the game's plan and its words
    in the player's language (the rules table and the core are the same for
    every language), is, in every language, no more than the one file of plan and
    words of the six languages it was before (built here as it was: a static
    host sends both gzipped)."""
    plan_text = (site / "tables" / f"{game_id}.json").read_text(encoding="utf-8")
    plan = json.loads(plan_text)
    plan["words"] = {code: words_of(site, code, game_id) for code in SIX_LANGUAGES}
    before = gzipped(first_table._json(plan).encode("utf-8"))
    for code in LANGUAGES:
        now = gzipped(plan_text.encode("utf-8")) + gzipped((site / "tables" / code / f"{game_id}.json").read_bytes())
        assert now <= before, (code, now, before)


def test_a_games_files_are_small(site):
    """A link fetches its game's files: a few kilobytes each as a static host
    sends them (gzip; Chequers' plan, of many arrangements, the largest: some
    2.4 kB; a game's words in one language about 1.5 kB; a panel's 0.9 kB)."""
    for path in (site / "tables").rglob("*.json"):
        assert gzipped(path.read_bytes()) < 4_000, path.name


def test_the_first_table_script_is_its_parts_in_order_in_one_function(site):
    # The page loads one script, first-table.js (one request): web/first-table/'s
    # parts, each whole, in the order scripts/first_table.py states, inside one
    # function (one scope, nothing declared on the page); and it parses.
    shipped = (site / "first-table.js").read_text(encoding="utf-8")
    folder = ROOT / "web" / "first-table"
    at = [shipped.index((folder / name).read_text(encoding="utf-8")) for name in first_table.SCRIPT_PARTS]
    assert at == sorted(at)
    assert '\n"use strict";\n\n(() => {\n' in shipped[:200] and shipped.endswith("})();\n")
    node = shutil.which("node")
    assert node, "Node.js is needed (the README's set-up installs it)"
    subprocess.run([node, "--check", str(site / "first-table.js")], check=True)


def test_a_part_of_the_first_table_script_not_listed_stops_the_build(tmp_path):
    for name in (*first_table.SCRIPT_PARTS, "stray.js"):
        (tmp_path / name).write_text("", encoding="utf-8")
    with pytest.raises(SystemExit, match="stray.js"):
        first_table.script(tmp_path)
