"""What an empty pile shows: its foundation's suit (and first rank), or R for a reserve."""

from __future__ import annotations

import pytest

from castling import GAMES
from castling_web.render import TableView


@pytest.mark.parametrize("game, pile, label", [
    ("fortress", "f2", "A\u2660"),
    ("chequers", "f5", "K\u2663"),          # the second row goes down from the Kings
    ("lightweight", "f2", "A\u2663"),       # suit by suit: f1 and f2 are both clubs
    ("palace", "f16", "A\u2666"),
    ("chessboard", "f1", "\u2663"),         # the base rank is the player's choice
    ("bastion", "r1", "R"),
    ("fortress", "t1", ""),
])
def test_an_empty_pile_is_labelled_by_what_it_takes(game, pile, label):
    view = TableView(None, None, None)
    view.rules = GAMES[game]
    assert view._label(pile) == label
