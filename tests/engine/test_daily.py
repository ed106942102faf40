"""The deal of the day: the rule, the shipped table that follows it, and the
daily record in the statistics."""

import csv
import json
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

import pytest

from castling import GAMES, Position
from castling.app.deals.daily import (LATEST, RULES, DailyRecord, DailyTable, Stretch,
                                   candidate, has_days, read_table)
from castling.app.session import Session
from castling.app.storage.storage_port import MemoryStorage
from castling.search.solver import VERSION, solve

import daily as daily_script    # scripts/daily.py (conftest puts scripts/ on the path)

ROOT = Path(__file__).resolve().parents[2]
TABLE = read_table((ROOT / "data" / "daily.json").read_text())
WINS = json.loads((ROOT / "tests" / "fixtures" / "wins.json").read_text())
# How far the table reaches (README): every game with days to the end of 2031,
# but Zerline (3 decks), whose days (rule 5) take minutes of search each.
EVERY_GAME_TO = date(2031, 12, 31)
DEEP_GAME_TO = date(2027, 9, 8)
# Above this budget a candidate takes seconds to search: such a rule's days are sampled sparingly.
SLOW_BUDGET = 1_000_000


def test_candidates_follow_the_written_rule():
    import hashlib
    digest = hashlib.sha256(b"castling daily fortress 2026-12-01 0").digest()
    assert candidate("fortress", date(2026, 12, 1), 0) == 1 + int.from_bytes(digest[:8], "big") % 999_999_999
    numbers = {candidate(g, date(2026, 12, 1) + timedelta(days=d), k)
               for g in ("fortress", "morphy") for d in range(30) for k in range(3)}
    assert len(numbers) == 180 and all(1 <= n <= 999_999_999 for n in numbers)


def test_the_table_covers_every_game_with_enough_proved_wins_for_years():
    tried, won = Counter(), Counter()
    with (ROOT / "data" / "winnability.csv").open(newline="") as file:
        for row in csv.DictReader(file):
            tried[row["game"]] += 1
            won[row["game"]] += row["result"] == "won"
    by_study = {game for game in tried if has_days(won[game], tried[game])}
    assert TABLE.games == daily_script.games_with_days() == by_study | {"zerline-3-decks"}
    # Zerline (3 decks): too few of its deals proved won within the study's
    # 20,000 positions, enough of its first deals within rule 5's budget.
    deep = json.loads((ROOT / "data" / "deep" / "zerline-3-decks.json").read_text())
    assert "zerline-3-decks" not in by_study and deep["budget"] == RULES[5].budget
    assert has_days(len(deep["won"]), deep["searched_to"])
    first = min(runs[0].first for runs in TABLE.stretches.values())
    assert first <= date(2026, 11, 30)
    for game_id in TABLE.games:
        runs = TABLE.stretches[game_id]
        if game_id == "zerline-3-decks":
            assert runs[0].first == RULES[5].start and TABLE.last_day(game_id) >= DEEP_GAME_TO
        else:
            assert runs[0].first == first and TABLE.last_day(game_id) >= EVERY_GAME_TO, game_id
        # every day from the first to the last has its deal, by one rule or the next
        assert all(after.first == before.last + timedelta(days=1)
                   for before, after in zip(runs, runs[1:]))
    assert TABLE.number("fortress", first - timedelta(days=1)) is None
    assert TABLE.number("soother", date(2026, 12, 1)) is None


def sample_days(game_id):
    """A few days of each stretch of the game's table, its last one too (of a
    stretch picked with millions of positions a candidate, its first and last)."""
    for stretch in TABLE.stretches[game_id]:
        deep = RULES[stretch.rule].budget > SLOW_BUDGET
        for offset in sorted({0, len(stretch.picks) - 1} if deep else
                             {0, 2, 60, 120, len(stretch.picks) - 1}):
            if offset < len(stretch.picks):
                yield stretch, stretch.first + timedelta(days=offset), stretch.picks[offset]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(TABLE.games))
def test_each_days_deal_is_the_first_candidate_its_rule_proves_winnable(game_id):
    """Checked on a few days of every stretch of every game (the whole table is
    scripts/daily.py's work), each by its rule's own solver, as the current
    solver searches as it did (solve(..., solver=N): every rule's solver is
    one it can imitate, node for node)."""
    rules = GAMES[game_id]
    for stretch, day, k in sample_days(game_id):
        rule = RULES[stretch.rule]
        assert TABLE.number(game_id, day) == candidate(game_id, day, k)
        assert TABLE.pick(game_id, day) == (rule, k)
        found = solve(Position.deal(rules, candidate(game_id, day, k)), rule.budget,
                      solver=rule.solver)
        assert found.result == "won", (game_id, day, k)
        # the nearest ones (a hard game may skip many); one where each takes seconds
        for earlier in range(min(k, 1 if rule.budget > SLOW_BUDGET else 3)):
            found = solve(Position.deal(rules, candidate(game_id, day, k - 1 - earlier)),
                          rule.budget, solver=rule.solver)
            assert found.result != "won", (game_id, day, k)


def test_the_newest_rule_is_the_current_solvers():
    # (scripts/daily.py picks new days by it, and refuses another solver's.)
    assert RULES[LATEST].solver == VERSION


def test_a_new_rule_picks_only_days_no_rule_picked_before():
    rule, newest = RULES[1], RULES[LATEST]
    table = read_table(json.dumps({"format": 1, "first": "2026-11-29", "budget": 20000,
                                   "picks": {"fortress": [0, 3, 1], "morphy": []}}))
    shipped = {day: table.number("fortress", day) for day in (date(2026, 11, 29) + timedelta(days=d)
                                                              for d in range(3))}
    assert table.pick("fortress", date(2026, 11, 30)) == (rule, 3)
    assert table.games == {"fortress"}
    # the next day of a game is the day after its last; a game with none starts
    # on the rule's first day
    assert table.next_day("fortress", newest) == max(newest.start, date(2026, 12, 2))
    assert table.next_day("soother", newest) == newest.start
    with pytest.raises(ValueError):
        table.add("soother", newest, newest.start + timedelta(days=1), 0)   # a day skipped
    table.add("soother", newest, newest.start, 4)
    table.add("fortress", newest, table.next_day("fortress", newest), 2)
    again = read_table(table.to_json())
    assert again == table
    assert {day: again.number("fortress", day) for day in shipped} == shipped
    assert again.pick("soother", newest.start) == (newest, 4)
    assert [s.rule for s in again.stretches["fortress"]] == [1, LATEST]


def test_the_reach_the_docs_point_to_is_the_tables_own():
    # docs/playing.md names no dates of the table: scripts/daily.py --reach says them.
    lines = dict(line.split(": ", 1) for line in daily_script.reach(TABLE).splitlines())
    assert set(lines) == set(GAMES)
    for game_id in GAMES:
        if game_id in TABLE.games:
            first = TABLE.stretches[game_id][0].first
            assert lines[game_id].startswith(f"{first} to {TABLE.last_day(game_id)} (rules ")
        else:
            assert lines[game_id] == "no deals of the day"


@pytest.mark.parametrize("change, problem", [
    (lambda d: d["rules"]["1"].update(budget=30000), "not this app's"),
    (lambda d: d["games"]["fortress"].append({"rule": 1, "first": "2026-11-29", "picks": [1]}),
     "overlap"),
    (lambda d: d["games"]["fortress"][0].update(rule=99), "does not know"),
    (lambda d: d["games"]["fortress"][0].update(picks=[-1]), "damaged"),
    (lambda d: d["games"]["fortress"][0].pop("first"), "damaged"),
    (lambda d: d.update(format=7), "not a table"),
])
def test_a_damaged_table_is_refused_with_a_reason(change, problem):
    table = DailyTable({"fortress": [Stretch(1, date(2026, 11, 29), [0, 2])]})
    data = json.loads(table.to_json())
    change(data)
    with pytest.raises(ValueError, match=problem):
        read_table(json.dumps(data))


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
    session.open(rules, win["deal"], day=day)
    assert session.stats_for("fortress").daily.played == 0      # opened is not played
    session.play([session.game.legal_moves()[0]])
    session.undo()
    again = Session(MemoryStorage(session.store.storage.data), lambda: day)
    again.load()
    again.open(rules)
    assert again.hand.daily == "2026-12-01"
    for text in win["moves"]:
        again.play([text])
    daily = again.stats_for("fortress").daily
    assert (daily.played, daily.won, daily.run, daily.last_won) == (1, 1, 1, "2026-12-01")
    again.new_deal(rules)
    assert again.hand.daily == ""
    while not again.game.legal_moves():     # a random deal, rarely one with no move at all
        again.new_deal(rules)
    again.play([again.game.legal_moves()[0]])
    assert again.stats_for("fortress").daily.played == 1       # not a deal of the day


def test_a_daily_won_with_help_is_played_but_not_won():
    rules, win = GAMES["fortress"], WINS["fortress"]
    day = date(2026, 12, 1)
    session = Session(MemoryStorage({}), lambda: day)      # played on its own date
    session.load()
    session.open(rules, win["deal"], day=day)
    for index, text in enumerate(win["moves"]):
        session.play([text], helped=index == 0)
    daily = session.stats_for("fortress").daily
    assert (daily.played, daily.won) == (1, 0)
    assert daily.state(day) == "helped"                     # the calendar says how


def test_a_damaged_daily_record_is_set_aside_like_any_damaged_statistics():
    from castling.app.storage.records import read_stats
    good = {"played": 2, "won": 1, "run": 1, "last_played": "2026-12-02", "last_won": "2026-12-01"}
    stats, problems = read_stats(json.dumps({"fortress": {"played": 3, "daily": good}}))
    assert problems == [] and stats["fortress"].daily.won == 1
    for bad in ({**good, "won": 5}, {**good, "last_won": "<b>"}, {**good, "run": -1}, "x"):
        stats, problems = read_stats(json.dumps({"fortress": {"played": 3, "daily": bad}}))
        assert "fortress" not in stats and len(problems) == 1


@pytest.mark.parametrize("budget, won, tried, has", [
    (RULES[LATEST].budget, 2, 100, True),
    (RULES[LATEST].budget, 1, 200, False),          # fewer than one in a hundred
    (RULES[LATEST].budget * 2, 50, 100, False),     # more positions than the days are searched with
])
def test_a_deeper_search_of_a_games_first_deals_can_give_it_days(tmp_path, monkeypatch, budget,
                                                                  won, tried, has):
    monkeypatch.setattr(daily_script, "DEEP", tmp_path)
    record = {"game": "soother", "solver": VERSION, "budget": budget, "searched_to": tried,
              "lost": 0, "won": {str(n): 90 for n in range(1, won + 1)}, "unknown": {}}
    (tmp_path / "soother.json").write_text(json.dumps(record))
    assert ("soother" in daily_script.games_with_days()) is has


def test_a_game_has_days_from_one_proved_win_in_a_hundred():
    assert has_days(100, 10_000) and has_days(1, 100)
    assert not has_days(2, 10_000) and not has_days(0, 0) and not has_days(0, 50)
