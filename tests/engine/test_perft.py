"""Move generation against its frozen counts (tests/engine/perft.py says how to
regenerate them, and when): a change to the rules' code that changes what is
legal anywhere within four moves of these deals changes a number here."""

import json
from pathlib import Path

import pytest

from castling import GAMES

from perft import DEALS, DEPTH, counts

FROZEN = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "perft.json")
                    .read_text(encoding="utf-8"))


def test_the_frozen_counts_cover_every_game_and_deal():
    assert set(FROZEN) == set(GAMES)
    assert all(set(deals) == {str(n) for n in DEALS} and
               all(len(row) == DEPTH for row in deals.values()) for deals in FROZEN.values())


@pytest.fixture(scope="module")
def counted():
    return counts()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_move_counts_match_the_frozen_ones(counted, game_id):
    assert counted[game_id] == FROZEN[game_id]
