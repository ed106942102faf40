"""The deal of the day: the rule, the shipped table that follows it, and the
daily record in the statistics."""

import csv
import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from castling import GAMES, Position
from castling.player.daily import BUDGET, DailyRecord, candidate, read_table
from castling.player.session import Session
from castling.player.storage_port import MemoryStorage
from castling.solver import solve

ROOT = Path(__file__).resolve().parents[2]
TABLE = read_table((ROOT / "data" / "daily.json").read_text())
WINS = json.loads((ROOT / "tests" / "fixtures" / "wins.json").read_text())
CORE = ("chessboard", "morphy", "chequers", "martha", "fortress", "lasker", "selective-castle",
        "castles-end")
# How far the table reaches (README): the core games to the end of 2031, every game at
# least to the end of 2028.
CORE_TO, EVERY_GAME_TO = date(2031, 12, 31), date(2028, 12, 31)


def test_candidates_follow_the_written_rule():
    import hashlib
    digest = hashlib.sha256(b"castling daily fortress 2026-12-01 0").digest()
    assert candidate("fortress", date(2026, 12, 1), 0) == 1 + int.from_bytes(digest[:8], "big") % 999_999_999
    numbers = {candidate(g, date(2026, 12, 1) + timedelta(days=d), k)
               for g in ("fortress", "morphy") for d in range(30) for k in range(3)}
    assert len(numbers) == 180 and all(1 <= n <= 999_999_999 for n in numbers)


def test_the_table_covers_every_game_with_a_proved_win_for_years():
    with (ROOT / "data" / "winnability.csv").open(newline="") as file:
        winnable = {row["game"] for row in csv.DictReader(file) if row["result"] == "won"}
    assert set(TABLE.picks) == winnable
    assert TABLE.first <= date(2026, 11, 30)
    for game_id in TABLE.picks:
        assert TABLE.last_day(game_id) >= (CORE_TO if game_id in CORE else EVERY_GAME_TO), game_id
    assert TABLE.number("fortress", TABLE.first - timedelta(days=1)) is None
    assert TABLE.number("soother", date(2026, 12, 1)) is None


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(TABLE.picks))
def test_each_days_deal_is_the_first_candidate_the_solver_proves_winnable(game_id):
    """Checked on a few days of every game, its last one too (the whole table is
    scripts/daily.py's work)."""
    rules = GAMES[game_id]
    for offset in (2, 60, 120, len(TABLE.picks[game_id]) - 1):
        day = TABLE.first + timedelta(days=offset)
        k = TABLE.picks[game_id][offset]
        assert TABLE.number(game_id, day) == candidate(game_id, day, k)
        assert solve(Position.deal(rules, candidate(game_id, day, k)), BUDGET).result == "won"
        for earlier in range(min(k, 3)):        # (the nearest ones; a hard game may skip many)
            found = solve(Position.deal(rules, candidate(game_id, day, k - 1 - earlier)), BUDGET)
            assert found.result != "won", (game_id, day, k)


def test_the_run_of_days_won():
    record = DailyRecord()
    day = date(2026, 12, 1)
    for offset in (0, 1, 2):
        record.count_played(day + timedelta(days=offset))
        record.count_won(day + timedelta(days=offset))
    record.count_won(day + timedelta(days=2))                  # told twice: counted once
    assert (record.played, record.won, record.run) == (3, 3, 3)
    assert record.current_run(day + timedelta(days=3)) == 3    # today not won yet: still running
    assert record.current_run(day + timedelta(days=4)) == 0    # a day went by without a win
    record.count_played(day + timedelta(days=5))
    record.count_won(day + timedelta(days=5))
    assert (record.played, record.won, record.run) == (4, 4, 1)


def test_a_deal_of_the_day_counts_in_the_daily_record_and_resumes_as_one():
    rules, win = GAMES["fortress"], WINS["fortress"]
    day = date(2026, 12, 1)
    session = Session(MemoryStorage({}), lambda: day)     # the run counts to "today": this day
    session.load()
    session.open_daily(rules, win["deal"], day)
    assert session.stats_for("fortress").daily.played == 0      # opened is not played
    session.play([session.game.legal_moves()[0]])
    session.undo()
    again = Session(MemoryStorage(session.storage.data), lambda: day)
    again.load()
    again.open(rules)
    assert again.daily == "2026-12-01"
    for text in win["moves"]:
        again.play([text])
    daily = again.stats_for("fortress").daily
    assert (daily.played, daily.won, daily.run, daily.last_won) == (1, 1, 1, "2026-12-01")
    again.new_deal(rules)
    assert again.daily == ""
    while not again.game.legal_moves():     # a random deal, rarely one with no move at all
        again.new_deal(rules)
    again.play([again.game.legal_moves()[0]])
    assert again.stats_for("fortress").daily.played == 1       # not a deal of the day


def test_a_daily_won_with_help_is_played_but_not_won():
    rules, win = GAMES["fortress"], WINS["fortress"]
    session = Session(MemoryStorage({}))
    session.load()
    session.open_daily(rules, win["deal"], date(2026, 12, 1))
    for index, text in enumerate(win["moves"]):
        session.play([text], helped=index == 0)
    daily = session.stats_for("fortress").daily
    assert (daily.played, daily.won) == (1, 0)


def test_a_damaged_daily_record_is_set_aside_like_any_damaged_statistics():
    from castling.player.records import read_stats
    good = {"played": 2, "won": 1, "run": 1, "last_played": "2026-12-02", "last_won": "2026-12-01"}
    stats, problems = read_stats(json.dumps({"fortress": {"played": 3, "daily": good}}))
    assert problems == [] and stats["fortress"].daily.won == 1
    for bad in ({**good, "won": 5}, {**good, "last_won": "<b>"}, {**good, "run": -1}, "x"):
        stats, problems = read_stats(json.dumps({"fortress": {"played": 3, "daily": bad}}))
        assert "fortress" not in stats and len(problems) == 1
