"""The player's puzzles without a page: each move judged by a lookup, each
puzzle rated once, the streak, the puzzles played kept in castling:puzzles,
and a damaged record set aside without losing anything."""

import json
import random
from datetime import date
from pathlib import Path

import pytest

from castling.i18n import t
from castling.app.puzzle_session import (PuzzleSession, parse_puzzle_link, puzzle_link,
                                         puzzle_of_the_day)
from castling.errors import LinkError
from castling.app.storage.puzzle_record import PUZZLES_KEY, read_puzzle_record
from castling.app.storage.recovery import CarefulStore
from castling.app.storage.storage_port import MemoryStorage
from castling.puzzles.table import read_table

ROOT = Path(__file__).resolve().parents[2]
FORTRESS = read_table((ROOT / "data" / "puzzles" / "fortress.json").read_text())
ONE_MOVE = next(p for p in FORTRESS.puzzles if p.only == 1)
THREE_MOVES = FORTRESS.puzzle(1)        # (its first three moves are each the only one)


def session() -> PuzzleSession:
    puzzles = PuzzleSession(CarefulStore(MemoryStorage()), random.Random(7))
    puzzles.load()
    return puzzles


def stored(puzzles: PuzzleSession) -> dict:
    return json.loads(puzzles.store.get(PUZZLES_KEY))


def a_wrong_move(puzzle):
    return puzzle.wrong[0][0][0]


def test_the_only_move_solves_a_one_move_puzzle_and_the_rating_rises():
    puzzles = session()
    attempt = puzzles.begin(ONE_MOVE)
    assert attempt.game.position.key() == ONE_MOVE.position().key()
    assert puzzles.judge([ONE_MOVE.solution[0]]).kind == "solved"
    assert puzzles.change.solved and puzzles.change.after > puzzles.change.before
    record = stored(puzzles)
    assert record["played"] == {ONE_MOVE.id: "solved"} and record["streak"] == 1
    assert record["rating"][0] == round(puzzles.change.after, 2)


def test_each_right_move_says_how_many_are_left_then_solved():
    puzzles = session()
    puzzles.begin(THREE_MOVES)
    kinds = [puzzles.judge([move]) for move in THREE_MOVES.solution]
    assert [(v.kind, v.left) for v in kinds] == [("right", 2), ("right", 1), ("solved", 0)]
    assert puzzles.attempt.outcome == "solved"


def test_a_wrong_move_loses_at_once_and_is_rated_once():
    puzzles = session()
    puzzles.begin(ONE_MOVE)
    wrong = a_wrong_move(ONE_MOVE)
    assert puzzles.judge([wrong]).kind == "wrong"
    assert not puzzles.change.solved and puzzles.change.change < 0
    after = stored(puzzles)
    assert after["played"] == {ONE_MOVE.id: "failed"} and after["streak"] == 0
    # The line that keeps the win starts from the question, the wrong move taken back.
    assert puzzles.attempt.line() == list(ONE_MOVE.line)
    assert puzzles.attempt.game.position.key() == ONE_MOVE.position().key()
    # Nothing more is judged, and nothing is rated again.
    with pytest.raises(ValueError):
        puzzles.judge([ONE_MOVE.solution[0]])
    assert stored(puzzles) == after


def test_what_the_wrong_move_runs_into_starts_with_it_from_the_question():
    puzzles = session()
    puzzles.begin(ONE_MOVE)
    wrong = a_wrong_move(ONE_MOVE)
    puzzles.judge([wrong])
    followed, _ = puzzles.attempt.runs_into()
    assert followed[0] == wrong and len(followed) >= 1
    assert puzzles.attempt.game.position.key() == ONE_MOVE.position().key()


def test_a_hint_costs_the_rating_as_a_failure_and_the_solve_is_not_rated_again():
    puzzles = session()
    puzzles.begin(ONE_MOVE)
    assert puzzles.hint() == ONE_MOVE.solution[0]
    assert not puzzles.change.solved
    before = stored(puzzles)
    assert puzzles.judge([ONE_MOVE.solution[0]]).kind == "solved"
    assert stored(puzzles) == before and before["played"] == {ONE_MOVE.id: "failed"}


def test_a_retry_and_a_puzzle_played_before_are_not_rated():
    puzzles = session()
    puzzles.begin(ONE_MOVE)
    puzzles.judge([a_wrong_move(ONE_MOVE)])
    first = stored(puzzles)
    puzzles.retry()
    assert puzzles.judge([ONE_MOVE.solution[0]]).kind == "solved"
    puzzles.begin(ONE_MOVE)
    assert not puzzles.attempt.rated
    assert stored(puzzles) == first


def test_the_streak_counts_puzzles_solved_in_a_row_and_the_best_is_kept():
    puzzles = session()
    solved = [p for p in FORTRESS.puzzles if p.only == 1][:3]
    for puzzle in solved[:2]:
        puzzles.begin(puzzle)
        puzzles.judge([puzzle.solution[0]])
    puzzles.begin(solved[2])
    puzzles.judge([a_wrong_move(solved[2])])
    assert (puzzles.record.streak, puzzles.record.best_streak) == (0, 2)


def test_the_next_puzzle_is_near_the_rating_and_not_played_yet():
    puzzles = session()
    first = puzzles.choose(FORTRESS)
    assert abs(first.rating - 1500) <= 100
    puzzles.begin(first)
    puzzles.judge([first.solution[0]])
    for _ in range(20):
        assert puzzles.choose(FORTRESS).id != first.id


def test_a_damaged_record_is_set_aside_the_readable_parts_kept():
    storage = MemoryStorage()
    storage.set(PUZZLES_KEY, json.dumps({"format": 1, "rating": [1600, 80, 0.06], "streak": "x",
                                         "best_streak": 3, "played": {"fortress/1": "solved"}}))
    puzzles = PuzzleSession(CarefulStore(storage))
    puzzles.load()
    assert puzzles.rating.rating == 1600 and puzzles.record.played == {"fortress/1": "solved"}
    assert storage.get("castling:recovery:puzzles") is not None
    why = t("store.puzzles_damaged", parts="streak")
    assert puzzles.store.notices == [t("store.kept", why=why, key="castling:recovery:puzzles")]


@pytest.mark.parametrize("text", ["{oops", "[]", '{"format": 2}'])
def test_an_unreadable_record_reads_as_a_new_player(text):
    record, problems = read_puzzle_record(text)
    assert record.rating.rating == 1500 and record.played == {}
    assert problems == [t("store.puzzles_unreadable")]


def test_the_puzzle_of_the_day_is_the_same_for_everyone_on_a_date():
    day = date(2027, 3, 1)
    assert puzzle_of_the_day(FORTRESS, day) == puzzle_of_the_day(FORTRESS, day)
    days = {puzzle_of_the_day(FORTRESS, date(2027, 3, n)).number for n in range(1, 29)}
    assert len(days) > 20


def test_a_puzzle_link_names_a_game_and_a_number():
    assert parse_puzzle_link(puzzle_link("fortress/17")) == ("fortress", 17)
    for bad in ("#/puzzle/nothing/1", "#/puzzle/fortress/", "#/puzzle/fortress/x", "#/puzzle/fortress/0"):
        with pytest.raises(LinkError):
            parse_puzzle_link(bad)
