"""Every declared game has every piece a game needs, named all at once.

A game is more than its declaration in games.py: words in every catalogue (its
summary, and the introduction and tips its help page adds to the rules made
from the declaration), frozen move counts, a model of PySolFC's dealing,
the study's deals and, where the study or a deeper search proved enough won
(one in a hundred), deals of the day.
docs/adding-a-game.md walks through them in order; this test names, for each
game, every piece it still lacks with the step that makes it, in one message,
so that adding a game is a list to work through rather than failures to
decode one test file at a time.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

from castling.games import GAMES, GROUPS
from castling.i18n import LANGUAGES, catalogue
from castling.app.deals.daily import read_table
from castling.rules import GameRules

import daily as daily_script    # scripts/daily.py (conftest puts scripts/ on the path)
from perft import DEALS
from pysolfc_dealing import MODELS

ROOT = Path(__file__).resolve().parents[2]
GUIDE = "docs/adding-a-game.md"
#: The study tries this many deals of every game (docs/internals.md, "Winnability study").
STUDY_DEALS = 2000


def study_deals() -> Counter:
    """Deals in the study per game."""
    with (ROOT / "data" / "winnability.csv").open(newline="") as file:
        return Counter(row["game"] for row in csv.DictReader(file))


def missing_pieces(rules: GameRules, group: str, facts: dict) -> list[str]:
    """What ``rules`` still lacks, each with the step of the guide that makes it."""
    game = rules.id
    missing = []
    for language in LANGUAGES:
        messages = catalogue(language)
        for key in (f"game.{game}.summary", f"games.group.{group}"):
            if not messages.get(key, "").strip():
                missing.append(f"step 2: {key!r} in py/castling/messages/{language}.json")
        for key in (f"game.{game}.intro", f"game.{game}.tip.1"):
            if not messages.get(key, "").strip():
                missing.append(f"step 3: {key!r} in py/castling/messages/{language}.json")
    if rules.name not in facts["reference"]:
        missing.append(f"step 4: its rules in docs/rules.md (no section names {rules.name!r})")
    if game not in MODELS:
        missing.append("step 5: its dealing model in tests/engine/pysolfc_dealing.py (MODELS)")
    if set(facts["perft"].get(game, {})) != {str(number) for number in DEALS}:
        missing.append("step 6: its frozen move counts: "
                       "PYTHONPATH=py python3 tests/engine/perft.py > tests/fixtures/perft.json")
    if facts["tried"][game] < STUDY_DEALS:
        missing.append(f"step 7: the study's deals ({facts['tried'][game]} of {STUDY_DEALS}): "
                       f"PYTHONPATH=py python3 scripts/winnability.py --deals {STUDY_DEALS} {game}")
    if game in facts["with_days"] and game not in facts["daily"].games:
        missing.append("step 8: its deals of the day: "
                       f"PYTHONPATH=py .venv/bin/python scripts/daily.py --until 2031-12-31 {game}")
    return sorted(missing, key=lambda piece: int(piece.split()[1].rstrip(":")))


def every_missing_piece() -> dict[str, list[str]]:
    facts = {
        "tried": study_deals(),
        # the study's or a deeper search's proved wins (scripts/daily.py decides which games)
        "with_days": daily_script.games_with_days(),
        "perft": json.loads((ROOT / "tests" / "fixtures" / "perft.json").read_text()),
        "daily": read_table((ROOT / "data" / "daily.json").read_text()),
        "reference": (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
        if (ROOT / "docs" / "rules.md").exists() else "",
    }
    found = {}
    for group, members in GROUPS.items():
        for rules in members:
            missing = missing_pieces(rules, group, facts)
            if missing:
                found[f"{rules.name} ({rules.id})"] = missing
    return found


def test_every_game_has_every_piece():
    found = every_missing_piece()
    report = "\n".join(f"{game} lacks, in the order of {GUIDE}:\n" +
                       "\n".join(f"  - {piece}" for piece in pieces)
                       for game, pieces in found.items())
    assert not found, "\n" + report


def test_a_game_declared_and_nothing_more_is_told_every_piece(monkeypatch):
    """The check itself: a bare declaration lacks each piece, and is told so."""
    from dataclasses import replace
    trial = replace(GAMES["fortress"], id="trial-castle", name="Trial Castle", pysol_id=99999)
    monkeypatch.setitem(GROUPS, "trial", (trial,))
    found = every_missing_piece()
    assert list(found) == ["Trial Castle (trial-castle)"]
    steps = [piece.split(":")[0] for piece in found["Trial Castle (trial-castle)"]]
    assert steps == (["step 2"] * 2 * len(LANGUAGES) + ["step 3"] * 2 * len(LANGUAGES)
                     + ["step 4", "step 5", "step 6", "step 7"])
