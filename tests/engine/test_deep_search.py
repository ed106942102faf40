"""scripts/deep_search.py: one game's deals searched far beyond the study,
resumable, keeping counts and the deals not lost; and what it found of British
Canister (README): deal 956,016 the one won of the first million; and of Zerline
(3 decks): deals 8 and 13 of the first hundred within 4,000,000 positions."""

import json
import sys
from pathlib import Path

import pytest

from castling import GAMES, Game, Position
from castling.search.solver import VERSION, solve

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import deep_search  # noqa: E402


def test_a_search_resumes_where_it_stopped_and_keeps_only_what_was_not_lost(tmp_path, monkeypatch):
    monkeypatch.setattr(deep_search, "FOLDER", tmp_path)
    assert deep_search.main(["fortress", "--to", "12", "--jobs", "1", "--max-nodes", "2000"]) == 0
    record = json.loads((tmp_path / "fortress.json").read_text())
    assert (record["searched_to"], record["solver"], record["budget"]) == (12, VERSION, 2000)
    won = {int(n) for n in record["won"]}
    expected = {n for n in range(1, 13)
                if solve(Position.deal(GAMES["fortress"], n), 2000).result == "won"}
    assert won == expected
    assert record["lost"] + len(won) + len(record["unknown"]) == 12
    deep_search.main(["fortress", "--to", "20", "--jobs", "1", "--max-nodes", "2000"])
    again = json.loads((tmp_path / "fortress.json").read_text())
    assert again["searched_to"] == 20
    assert again["lost"] + len(again["won"]) + len(again["unknown"]) == 20
    with pytest.raises(SystemExit):       # another budget: --retry is for that
        deep_search.main(["fortress", "--to", "30", "--jobs", "1", "--max-nodes", "5000"])


def test_the_one_british_canister_deal_won_of_the_first_million_is_won():
    record = json.loads((ROOT / "data" / "deep" / "british-canister.json").read_text())
    assert record["searched_to"] == 1_000_000 and record["unknown"] == {}
    assert record["lost"] + len(record["won"]) == 1_000_000
    for number in record["won"]:
        found = solve(Position.deal(GAMES["british-canister"], int(number)), 20_000)
        assert found.result == "won"
        game = Game(GAMES["british-canister"], int(number))
        for move in found.moves:
            game.play(move)
        assert game.is_won()


@pytest.mark.slow
def test_the_zerline_3_decks_deals_won_of_its_first_hundred_are_won_in_its_budget():
    # (README: deals 8 and 13, the second 3.3 million positions in; its search
    # takes seconds and about a gigabyte.)
    record = json.loads((ROOT / "data" / "deep" / "zerline-3-decks.json").read_text())
    assert (record["searched_to"], record["budget"]) == (100, 4_000_000)
    assert record["lost"] + len(record["won"]) + len(record["unknown"]) == 100
    assert sorted(map(int, record["won"])) == [8, 13]
    for number, length in record["won"].items():
        found = solve(Position.deal(GAMES["zerline-3-decks"], int(number)), record["budget"],
                      solver=record["solver"])
        assert found.result == "won" and len(found.moves) == length
