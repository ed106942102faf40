"""Finding a game by typing part of its name."""

from __future__ import annotations

import pytest

from castling import GAMES
from castling_web.chooser import matches


@pytest.mark.parametrize("query, name", [
    ("castle", "Beleaguered Castle"), ("CASTLE", "Castle Mount"), ("castles end", "Castle's End"),
    ("penelope's", "Penelope's Web"), ("  streets  and ", "Streets and Alleys"), ("", "Palace"),
    ("canister", "British Canister"),
])
def test_a_name_holding_what_was_typed_matches(query, name):
    assert matches(query, name)


@pytest.mark.parametrize("query, name", [("castle", "Chessboard"), ("forts", "Fortress"),
                                         ("web p", "Penelope's Web")])
def test_a_name_without_it_does_not(query, name):
    assert not matches(query, name)


def test_typing_castle_finds_exactly_the_castles():
    found = {rules.id for rules in GAMES.values() if matches("castle", rules.name)}
    # Exactly the games named so: today these five, and a castle added later too.
    assert found == {rules.id for rules in GAMES.values() if "castle" in rules.name.lower()}
    assert found >= {"selective-castle", "castles-end", "beleaguered-castle", "castle-mount",
                     "castle-of-indolence"}
