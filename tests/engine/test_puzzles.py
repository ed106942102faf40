"""Puzzles (castling.puzzles; cut by castling.app.puzzle_cut): cut puzzles are
what they claim, the shipped tables are whole and prove again, tables only
grow, and the ratings follow Glicko-2's published example."""

import json
import math
import random
from dataclasses import replace
from pathlib import Path

import pytest

from puzzles import figures     # scripts/puzzles.py (tests/engine/conftest.py puts scripts/ on the path)
from castling import GAMES
from castling.cli import main
from castling.app.puzzle_cut import as_puzzle, cut_deal, grade_facts
from castling.puzzles.proofs import as_proved, budgeted, reprove
from castling.puzzles.glicko import Rating, attempt, expected_score, new_puzzle, update
from castling.puzzles.table import (DamagedTable, PuzzleTable, Proof, check_appended,
                                    rating_of, read_table, runs_into)
from castling.search.python_search import python_solve

ROOT = Path(__file__).resolve().parents[2]
TABLES = sorted((ROOT / "data" / "puzzles").glob("*.json"))
#: Shipped puzzles of each game whose small losses the standard-library search proves again.
SAMPLE = 2
#: A wrong move whose proof counted at most this many positions is proved
#: lost again by the standard-library search, whatever search the core is.
SMALL = 3_000


@pytest.fixture(scope="module")
def cut():
    """Puzzles cut from Chessboard's deal 2 (a few, in well under a second with the core)."""
    return list(cut_deal(GAMES["chessboard"], 2))


def table_of(cuts):
    table = PuzzleTable(GAMES["chessboard"], {1: Proof(7, 200_000)}, {"deals": 2})
    table.puzzles = [as_puzzle(c, number, 1) for number, c in enumerate(cuts, 1)]
    return table


# -- what a cut puzzle claims -------------------------------------------------------------


def test_a_deal_gives_puzzles_that_prove_again(cut):
    assert cut, "Chessboard's deal 2 gives puzzles"
    for number, puzzle in enumerate(table_of(cut).puzzles, 1):
        assert reprove(puzzle, budgeted()) is None, puzzle.id
        assert puzzle.id == f"chessboard/{number}"


def test_the_only_move_and_its_line_win_and_every_other_move_loses(cut):
    for each in cut:
        position = each.position()
        legal = set(position.legal_moves())
        first = each.steps[0]
        assert first.move == each.line[0] and {m for m, _ in first.wrong} == legal - {first.move}
        for move in each.line:
            position.play(move)
        assert position.is_won()


def test_small_losses_are_proved_again_by_the_standard_library_search(cut):
    assert sum(assert_small_losses_proved_in_python(each.position(),
                                                    [(step.move, step.wrong) for step in each.steps])
               for each in cut)


def test_the_grade_measures_the_first_step(cut):
    each = cut[0]
    facts = grade_facts(each)
    assert facts["legal"] == len(each.position().legal_moves()) >= 2
    assert facts["steps"] == len(each.steps) and facts["hint"] in (0, 1) and facts["tap"] in (0, 1)


def test_the_rating_grows_with_what_makes_a_puzzle_hard():
    easy = {"legal": 2, "hint": 0, "tap": 0, "depth": 8, "steps": 1}
    assert rating_of(easy) == 1500
    for key, value in (("legal", 8), ("hint", 1), ("tap", 1), ("depth", 16), ("steps", 3)):
        assert rating_of({**easy, key: value}) > 1500, key


def test_a_wrong_move_runs_into_its_loss_or_says_it_lies_deeper(cut):
    each = table_of(cut).puzzles[0]
    position = each.position()
    move = each.wrong[0][0][0]
    line, shown = runs_into(position, move)
    assert line[0] == move and len(line) <= 60
    trial = position.copy()
    for step in line:
        trial.play(step)
    assert not shown or not trial.legal_moves()


def test_a_damaged_puzzle_would_be_caught(cut):
    puzzle = table_of(cut).puzzles[0]
    wrong_move = puzzle.wrong[0][0][0]
    assert "not proved lost" in reprove(replace(puzzle, line=(wrong_move,) + puzzle.line[1:],
                                                wrong=((((puzzle.line[0], 1),) + puzzle.wrong[0][1:]),)
                                                + puzzle.wrong[1:]), budgeted())
    assert "other legal moves" in reprove(replace(puzzle, wrong=((puzzle.wrong[0][1:] or ((puzzle.line[0], 0),)),)
                                                  + puzzle.wrong[1:]), budgeted())
    assert "does not end in a win" in reprove(replace(puzzle, line=puzzle.line[:-1]), budgeted())


# -- the tables ---------------------------------------------------------------------------


def test_a_table_reads_back_as_written(cut):
    table = table_of(cut)
    again = read_table(table.to_json(), "chessboard")
    assert again.puzzles == table.puzzles and again.proofs == table.proofs
    assert again.to_json() == table.to_json()


@pytest.mark.parametrize("damage, said", [
    (lambda d: d.update(format=9), "format 1"),
    (lambda d: d.update(game="fortress"), "not of chessboard"),
    (lambda d: d["puzzles"][0].update(line="A"), "puzzle 1 is damaged (no move at character 1"),
    (lambda d: d["puzzles"][0].update(only=0), "puzzle 1 is damaged"),
    (lambda d: d["puzzles"][0].pop("deal"), "puzzle 1 is damaged (no 'deal')"),
    (lambda d: d["puzzles"][0].update(proof=2), "proof 2 is not in the table's proofs"),
    (lambda d: d["puzzles"][0]["wrong"].append([]), "puzzle 1 is damaged ('wrong' must"),
    (lambda d: d["puzzles"][0]["grade"].pop("tap"), "'grade' must have"),
    (lambda d: d.pop("proofs"), "the table's head is damaged (no 'proofs')"),
])
def test_a_damaged_table_is_refused_saying_where(cut, damage, said):
    data = json.loads(table_of(cut).to_json())
    damage(data)
    with pytest.raises(DamagedTable, match=None) as raised:
        read_table(json.dumps(data), "chessboard")
    assert said in str(raised.value)


def test_a_table_that_is_not_json_is_refused():
    with pytest.raises(DamagedTable, match="JSON"):
        read_table('{"format": 1, "puzzles": [', "chessboard")


def test_tables_only_grow(cut):
    old = table_of(cut[:1])
    new = table_of(cut)
    check_appended(old, new)                       # puzzles added at the end
    with pytest.raises(ValueError, match="puzzle 1 changed"):
        check_appended(old, table_of(cut[1:]))     # one put in place of another
    with pytest.raises(ValueError, match="are gone"):
        check_appended(new, old)
    moved = table_of(cut)
    moved.proofs = {1: Proof(7, 100)}
    with pytest.raises(ValueError, match="proof 1 changed"):
        check_appended(new, moved)


def test_the_next_puzzle_is_near_the_players_rating(cut):
    table = table_of(cut)
    ratings = [1000, 1500, 1550, 2400]
    table.puzzles = [replace(p, rating=ratings[i % 4]) for i, p in enumerate(table.puzzles * 4)]
    table.puzzles = [replace(p, number=n) for n, p in enumerate(table.puzzles, 1)]
    rng = random.Random(1)
    assert {table.choose(1520, rng=rng).rating for _ in range(20)} == {1500, 1550}
    near = [p.number for p in table.puzzles if p.rating in (1500, 1550)]
    assert table.choose(1520, done=near, rng=rng).rating in (1000, 2400)   # the window widens
    assert table.choose(1520, done=range(1, len(table.puzzles) + 1)) is None


# -- the shipped tables -------------------------------------------------------------------


#: Games with at least one puzzle shipped: 25, as the issue asks (the games without any,
#: and why, are in docs/decisions/puzzles.md). Only ever raised.
GAMES_WITH_PUZZLES = 25


def test_the_games_with_puzzles_stay_as_many():
    # (A game that gave none keeps its table too: its "cut" says what was tried.)
    count = sum(bool(read_table(path.read_text(), path.stem).puzzles) for path in TABLES)
    assert count >= GAMES_WITH_PUZZLES


@pytest.mark.parametrize("path", TABLES, ids=lambda path: path.stem)
def test_every_shipped_puzzle_proves_again(path):
    # (All of them: some five seconds for the 2,216 of the first tables, with the core.)
    table = read_table(path.read_text(), path.stem)
    assert table.cut["deals"] >= max((p.deal for p in table.puzzles), default=0)
    for puzzle in table.puzzles:
        assert reprove(puzzle, as_proved(table.proofs[puzzle.proof])) is None, puzzle.id
    rng = random.Random(f"castling puzzles {path.stem}")      # the same sample every run
    for puzzle in rng.sample(table.puzzles, min(SAMPLE, len(table.puzzles))):
        assert_small_losses_proved_in_python(puzzle.position(), zip(puzzle.solution, puzzle.wrong))


def assert_small_losses_proved_in_python(position, steps):
    """Each wrong move whose proof counted at most SMALL positions, proved lost
    again by the standard-library search (a whole search of its own); how many."""
    proved = 0
    for move, wrong in steps:
        for other, nodes in wrong:
            if nodes <= SMALL:
                after = position.copy()
                after.play(other)
                assert python_solve(after, 4 * SMALL).result == "lost"
                proved += 1
        position.play(move)
    return proved


def test_a_puzzles_game_is_its_deal_with_the_moves_before_played():
    table = read_table((ROOT / "data" / "puzzles" / "fortress.json").read_text(), "fortress")
    puzzle = max(table.puzzles, key=lambda p: len(p.moves))
    game = puzzle.game()
    assert game.number == puzzle.deal and game.moves == list(puzzle.moves)
    assert game.position.key() == puzzle.position().key() and not game.can_redo
    for count in (0, 1, len(puzzle.moves) // 2):
        assert puzzle.game(count).moves == list(puzzle.moves[:count])


def test_the_shipped_puzzles_are_distinct_and_numbered_in_order():
    for path in TABLES:
        table = read_table(path.read_text(), path.stem)
        assert [p.number for p in table.puzzles] == list(range(1, len(table.puzzles) + 1))
        keys = {(p.deal, len(p.moves), p.line[0]) for p in table.puzzles}
        assert len(keys) == len(table.puzzles), path.stem


def test_the_figures_in_the_decisions_are_what_the_tables_say():
    # docs/decisions/puzzles.md shows a table pasted from scripts/puzzles.py --figures.
    lines = (ROOT / "docs" / "decisions" / "puzzles.md").read_text(encoding="utf-8").splitlines()
    start = next(at for at, line in enumerate(lines) if line.startswith("| game | puzzles |"))
    end = next((at for at in range(start, len(lines)) if not lines[at].startswith("|")), len(lines))
    shown = "\n".join(lines[start:end]) + "\n"
    # (the gzip column within 2%: another build of zlib may pack a few bytes differently)
    def cells(table: str) -> list[list[str]]:
        return [line.split("|") for line in table.splitlines()]

    def close(was: str, now: str) -> bool:
        if was == now:
            return True
        try:
            a, b = int(was.strip().replace(",", "")), int(now.strip().replace(",", ""))
        except ValueError:
            return False
        return abs(a - b) <= 0.02 * b

    doc, made = cells(shown), cells(figures())
    same = len(doc) == len(made) and all(
        len(x) == len(y) and all(close(a, b) if column == 4 else a == b
                                 for column, (a, b) in enumerate(zip(x, y)))
        for x, y in zip(doc, made))
    assert same, (
        "docs/decisions/puzzles.md's table of figures is not what data/puzzles/ holds now: put "
        "the output of `PYTHONPATH=py .venv/bin/python scripts/puzzles.py --figures` in its "
        "place (and the prose under it, where its figures changed)")


# -- the command line ---------------------------------------------------------------------


def test_the_command_line_prints_a_puzzle(capsys):
    game = TABLES[0].stem
    assert main(["puzzle", game, "1"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["id"] == f"{game}/1" and shown["only"] == shown["line"][:len(shown["only"])]
    assert set(shown["legal"]) == {w["move"] for w in shown["wrong"][0]} | {shown["only"][0]}


@pytest.mark.parametrize("args, said", [
    (["puzzle", "chessboard", "0"], "puzzles 1 to"),
    (["puzzle", "chessboard", "x"], "whole number"),
    (["puzzle"], "puzzle GAME [N]"),
    (["puzzle", "nope"], "unknown game"),
])
def test_the_command_line_refuses_bad_input(capsys, args, said):
    assert main(args) == 2
    captured = capsys.readouterr()
    assert not captured.out and said in captured.err


def test_the_command_line_checks_a_table(capsys, tmp_path, monkeypatch, cut):
    monkeypatch.setenv("CASTLING_PUZZLES", str(tmp_path))
    table = table_of(cut)
    (tmp_path / "chessboard.json").write_text(table.to_json())
    assert main(["puzzle", "--check", "chessboard"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report == {"games": {"chessboard": {"puzzles": len(cut), "failed": {}}}, "failed": 0}
    table.puzzles[0] = replace(table.puzzles[0], line=table.puzzles[0].line[:-1])
    (tmp_path / "chessboard.json").write_text(table.to_json())
    assert main(["puzzle", "--check"]) == 1
    assert json.loads(capsys.readouterr().out)["failed"] == 1


# -- Glicko-2 -----------------------------------------------------------------------------


def test_glicko2_gives_the_papers_example():
    # Glickman, "Example of the Glicko-2 system": 1500/200/0.06, tau 0.5, three games.
    after = update(Rating(1500, 200, 0.06),
                   [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)], tau=0.5)
    # (The paper rounds as it goes: 1464.06 there, 1464.0507 unrounded.)
    assert math.isclose(after.rating, 1464.06, abs_tol=0.01)
    assert math.isclose(after.deviation, 151.52, abs_tol=0.01)
    assert math.isclose(after.volatility, 0.05999, abs_tol=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    after = update(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500 and math.isclose(after.deviation, 200.27, abs_tol=0.01)


def test_an_attempt_moves_the_player_and_the_puzzle_apart():
    player, puzzle = Rating(), new_puzzle(1600)
    won, beaten = attempt(player, puzzle, True)
    assert won.rating > 1500 and beaten.rating < 1600
    lost, held = attempt(player, puzzle, False)
    assert lost.rating < 1500 and held.rating > 1600
    assert 0 < expected_score(player, puzzle) < 0.5
    for rating in (won, beaten, lost, held):
        assert 45 <= rating.deviation <= 500


def test_a_rating_is_stored_as_three_numbers():
    rating = Rating(1612.345678, 88.1234, 0.0612345)
    assert Rating.from_json(json.loads(json.dumps(rating.to_json()))).to_json() == rating.to_json()
    for bad in ([1500, 0, 0.06], "1500", [1500, 200], [1500, float("nan"), 0.06]):
        with pytest.raises(ValueError):
            Rating.from_json(bad)
