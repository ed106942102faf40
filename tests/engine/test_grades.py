"""Winnable deals by grade: the shipped table (data/grades.json) and its reader,
picking a deal of a grade, a sample of its deals proved won by the solver and
graded by the measure, and a grade's games in the save and the statistics
(old statistics still read, a merge adds the counts up)."""

import csv
import gzip
import json
import random
from pathlib import Path

import pytest

from castling import GAMES, Position, parse_move
from castling.app.deals.grades import (GRADES, LEAST_IN_A_GRADE, MEASURE, DamagedTable, decode,
                                    encode, grade_of, limits, read_table)
from castling.app.storage.records import STATS_KEY, Stats, read_save, read_stats, save_key, stats_text
from castling.app.session import Session
from castling.app.storage.statistics import added_up
from castling.app.storage.storage_port import MemoryStorage
from castling.app.storage.transfer import read_transfer_link, transfer_link
from castling.search.solver import VERSION, solve, stages_for
from castling.app.transfers import Transfers
from castling.app.keeping import Keeping

ROOT = Path(__file__).resolve().parents[2]
TEXT = (ROOT / "data" / "grades.json").read_text()
TABLE = read_table(TEXT)
WINS = json.loads((ROOT / "tests" / "fixtures" / "wins.json").read_text())


def proved_won() -> dict[str, set[int]]:
    won: dict[str, set[int]] = {}
    with (ROOT / "data" / "winnability.csv").open(newline="") as file:
        for row in csv.DictReader(file):
            if row["result"] == "won":
                won.setdefault(row["game"], set()).add(int(row["deal"]))
    return won


# -- the table ---------------------------------------------------------------------

def test_the_table_is_a_solver_the_current_one_searches_as_and_small():
    # (scripts/grades.py measures as one solver version: its SOLVER.)
    assert TABLE.solver <= VERSION and TABLE.measure == MEASURE
    stages_for(GAMES["fortress"], TABLE.solver)     # (raises for a solver it cannot imitate)
    assert len(gzip.compress(TEXT.encode())) < 60_000


def test_every_game_with_a_proved_win_is_graded_and_the_others_offer_nothing():
    won = proved_won()
    assert set(TABLE.games) == set(won)
    for game_id in ("british-canister", "zerline-3-decks", "soother"):
        assert game_id in GAMES and TABLE.offered(game_id) == ()
        assert TABLE.pick(game_id, "easy") is None
    for game_id, graded in TABLE.games.items():
        assert graded.proved == len(won[game_id]) == sum(graded.counts), game_id
        listed = [set(graded.deals.get(grade, [])) for grade in GRADES]
        assert all(deals <= won[game_id] for deals in listed), game_id      # proved won, all
        assert sum(map(len, listed)) == len(set().union(*listed)), game_id  # one grade a deal
        for grade, count in zip(GRADES, graded.counts):
            offered = grade in TABLE.offered(game_id)
            assert offered == (len(graded.deals.get(grade, [])) >= LEAST_IN_A_GRADE), game_id
            assert not offered or count >= LEAST_IN_A_GRADE


def test_the_grades_are_thirds_of_the_proved_deals():
    for game_id in ("chessboard", "fortress", "selective-castle", "american-canister"):
        counts = TABLE.games[game_id].counts
        assert TABLE.offered(game_id) == GRADES
        third = sum(counts) / 3
        assert all(abs(count - third) <= 0.05 * sum(counts) + 2 for count in counts), counts


SAMPLE = [(game_id, grade) for game_id in ("chessboard", "fortress", "lasker", "beleaguered-castle",
                                           "american-canister", "castle-mount") for grade in GRADES]


def check_listed(game_id: str, grade: str, number: int) -> None:
    rules = GAMES[game_id]
    found = solve(Position.deal(rules, number), TABLE.budget, solver=TABLE.solver)
    assert found.result == "won", (game_id, grade, number)
    assert grade_of(found.nodes, TABLE.games[game_id].limits) == grade, (game_id, number, found.nodes)


@pytest.mark.parametrize("game_id,grade", SAMPLE)
def test_a_listed_deal_is_proved_won_and_needs_what_its_grade_says(game_id, grade):
    """The measure made again: the first and the last deal listed of the grade."""
    deals = TABLE.deals(game_id, grade)
    for number in (deals[0], deals[-1]):
        check_listed(game_id, grade, number)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(TABLE.games))
def test_a_sample_of_every_games_deals_is_proved_won_and_graded_by_the_measure(game_id):
    rng = random.Random(game_id)
    for grade in TABLE.offered(game_id):
        deals = TABLE.deals(game_id, grade)
        for number in rng.sample(deals, min(20, len(deals))):
            check_listed(game_id, grade, number)


# -- the reader, the encoding, the thresholds ----------------------------------------------

def test_numbers_go_as_steps_and_back():
    assert encode([7, 3, 12, 3]) == [3, 4, 5] and decode([3, 4, 5]) == [3, 7, 12]
    assert decode(encode(list(range(1, 10_001, 7)))) == list(range(1, 10_001, 7))


def test_thirds_by_the_measure():
    bounds = limits([50, 10, 40, 20, 30, 60, 90, 80, 70])
    assert bounds == (30, 60)
    assert [grade_of(m, bounds) for m in (10, 30, 31, 60, 61, 10**6)] == [
        "easy", "easy", "medium", "medium", "hard", "hard"]
    assert limits([5]) == (5, 5)
    with pytest.raises(ValueError):
        limits([])


def damaged(change) -> str:
    data = json.loads(TEXT)
    change(data)
    with pytest.raises(DamagedTable) as error:
        read_table(json.dumps(data))
    return str(error.value)


def test_a_damaged_table_is_refused_saying_what_is_wrong():
    with pytest.raises(DamagedTable, match="not JSON"):
        read_table('{"format": 1, "games": {')
    assert "format 1" in damaged(lambda d: d.update(format=2))
    assert "measures 'moves'" in damaged(lambda d: d.update(measure="moves"))
    assert "no solver" in damaged(lambda d: d.pop("solver"))
    assert "at fortress: its limits" in damaged(lambda d: d["games"]["fortress"].update(limits=[9, 3]))
    assert "at fortress: its counts" in damaged(lambda d: d["games"]["fortress"].update(counts=[1]))
    assert "its easy deals" in damaged(lambda d: d["games"]["fortress"]["deals"].update(easy=[5, 0]))
    assert "its deals" in damaged(lambda d: d["games"]["fortress"]["deals"].update(tough=[5]))
    assert isinstance(DamagedTable("x"), ValueError)        # (the page catches what it cannot read)


def test_a_pick_is_one_of_the_grades_deals_and_not_the_one_just_played():
    deals = TABLE.deals("chessboard", "easy")
    rng = random.Random(1)
    picked = {TABLE.pick("chessboard", "easy", rng=rng) for _ in range(2_000)}
    assert picked <= set(deals) and len(picked) > len(deals) // 2
    just = deals[0]
    assert all(TABLE.pick("chessboard", "easy", avoid=just, rng=rng) != just for _ in range(500))
    assert TABLE.grade_listed("chessboard", just) == "easy"
    assert TABLE.grade_listed("chessboard", 10**12) is None
    lone = read_table(json.dumps({**json.loads(TEXT), "games": {"fortress": {
        "proved": 1, "limits": [5, 5], "counts": [1, 0, 0], "deals": {"easy": [42]}}}}))
    assert lone.pick("fortress", "easy", avoid=42) == 42        # the only one: again
    assert lone.pick("fortress", "hard") is None and lone.offered("fortress") == ("easy",)


# -- a grade's games in the save and the statistics ------------------------------------------

def new_session(data) -> Session:
    session = Session(MemoryStorage(data))
    session.load()
    return session


def play_to_the_end(session: Session, moves: list[str], **kwargs) -> None:
    for text in moves:
        session.play([parse_move(session.game.rules, text)], **kwargs)


def test_a_graded_deal_carries_its_grade_and_counts_per_grade():
    data: dict[str, str] = {}
    session = new_session(data)
    rules, win = GAMES["fortress"], WINS["fortress"]
    session.new_deal(rules, win["deal"], "easy")
    assert json.loads(data[save_key("fortress")])["grade"] == "easy"
    play_to_the_end(session, win["moves"][:3])
    assert session.stats_for("fortress").grades == {"easy": {"played": 1, "won": 0}}
    session = new_session(data)                         # a reload resumes its grade
    session.open(rules)
    assert session.hand.grade == "easy"
    play_to_the_end(session, win["moves"][3:])
    stats = session.stats_for("fortress")
    assert (stats.played, stats.won) == (1, 1) and stats.grades == {"easy": {"played": 1, "won": 1}}
    session.new_deal(rules, win["deal"], "hard")        # won with help: played, not won
    play_to_the_end(session, win["moves"], helped=True)
    session.new_deal(rules)                             # any deal: no grade, counted apart
    while not session.game.legal_moves():               # (a random Fortress deal may have no move)
        session.new_deal(rules)
    assert session.hand.grade == "" and json.loads(data[save_key("fortress")])["grade"] == ""
    session.play([session.game.legal_moves()[0]])
    stats = read_stats(data[STATS_KEY])[0]["fortress"]
    assert (stats.played, stats.won, stats.helped) == (3, 1, 1)
    assert stats.grades == {"easy": {"played": 1, "won": 1}, "hard": {"played": 1, "won": 0}}


def test_a_game_given_back_gets_its_grade_back():
    data: dict[str, str] = {}
    session = new_session(data)
    session.new_deal(GAMES["fortress"], 5, "medium")
    session.play([session.game.legal_moves()[0]])
    point = Keeping(session).point()
    session.new_deal(GAMES["fortress"], 6)
    assert Keeping(session).changed_since(point) and session.hand.grade == ""
    assert Keeping(session).bring_back(point)
    assert session.hand.grade == "medium" and json.loads(data[save_key("fortress")])["grade"] == "medium"


def test_old_saves_and_statistics_read_and_damaged_grades_are_noticed():
    rules = GAMES["fortress"]
    old_save = json.dumps({"format": 1, "game": "fortress", "deal": 5, "moves": [], "seconds": 3})
    assert read_save(old_save, rules).hand.grade == "" and read_save(old_save, rules).damaged == []
    for bad in ("extreme", 3):
        record = read_save(json.dumps({**json.loads(old_save), "grade": bad}), rules)
        assert record.hand.grade == "" and record.damaged == ["its grade"]
    old_stats = json.dumps({"fortress": {"played": 4, "won": 2, "streak": 1, "best_streak": 2}})
    stats, problems = read_stats(old_stats)
    assert problems == [] and stats["fortress"].grades == {} and stats["fortress"].won == 2
    kept = Stats(played=3, won=1, grades={"hard": {"played": 2, "won": 1}})
    assert read_stats(stats_text({"fortress": kept}))[0]["fortress"] == kept
    for bad in ({"tough": {"played": 1, "won": 0}}, {"easy": {"played": 1, "won": 2}},
                {"easy": {"played": -1, "won": 0}}, {"easy": {"played": 1}}, ["easy"]):
        stats, problems = read_stats(json.dumps({"fortress": {"played": 4, "grades": bad}}))
        assert "fortress" not in stats and problems, bad


def test_a_merge_adds_up_the_games_of_each_grade():
    here = Stats(played=5, won=2, grades={"easy": {"played": 3, "won": 2}})
    there = Stats(played=4, won=1, grades={"easy": {"played": 1, "won": 1},
                                           "hard": {"played": 2, "won": 0}})
    both = added_up(here, there)
    assert both.grades == {"easy": {"played": 4, "won": 3}, "hard": {"played": 2, "won": 0}}
    assert added_up(Stats(), Stats()).grades == {}
    # the same through a transfer link, into a browser that kept old statistics
    brought = MemoryStorage({STATS_KEY: stats_text({"fortress": there})})
    mine = {STATS_KEY: json.dumps({"fortress": {"played": 5, "won": 2}})}
    session = new_session(mine)
    Transfers(session).merge(read_transfer_link(transfer_link(brought)))
    merged = read_stats(mine[STATS_KEY])[0]["fortress"]
    assert (merged.played, merged.won) == (9, 3)
    assert merged.grades == {"easy": {"played": 1, "won": 1}, "hard": {"played": 2, "won": 0}}
