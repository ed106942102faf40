"""Nothing lost: damaged saves, statistics and settings are set aside, a full or
missing store keeps the game playing, two tabs never overwrite each other
silently, and a reload at any moment counts every game exactly once."""

import json
import sys
from pathlib import Path

import pytest

from castling import GAMES, Game
from castling.errors import ImportFileError, StorageError
from castling.app.storage.records import SETTINGS_KEY, STATS_KEY, save_key
from castling.app.session import Session
from castling.app.storage.storage_port import MemoryStorage
from castling.app.storage.transfer import read_file
from castling.app.transfers import Transfers

WINS = json.loads((Path(__file__).parents[1] / "fixtures" / "wins.json").read_text())
OTHER_SAVE = json.dumps({"format": 1, "game": "morphy", "deal": 12, "moves": ["t1-t2"] * 0})
STATS = json.dumps({"morphy": {"played": 4, "won": 2, "streak": 1, "best_streak": 2,
                               "best_seconds": 300, "fewest_moves": 120}})


def session_over(data) -> Session:
    session = Session(MemoryStorage(data))
    session.load()
    return session


def first_move_text(game_id, number=1):
    return Game(GAMES[game_id], number).position.legal_move_texts()[0]


def chessboard_save(**fields):
    data = {"format": 1, "game": "chessboard", "deal": 1, "moves": [first_move_text("chessboard")]}
    data.update(fields)
    return json.dumps(data)


DAMAGED_SAVES = {
    "not JSON": "{oops",
    "not an object": "[1, 2]",
    "future format": chessboard_save(format=2),
    "no format": json.dumps({"game": "chessboard", "deal": 1, "moves": []}),
    "unknown game": chessboard_save(game="backgammon"),
    "another game": json.dumps({"format": 1, "game": "martha", "deal": 1, "moves": []}),
    "deal 0": chessboard_save(deal=0),
    "deal too large": chessboard_save(deal=10**20),
    "deal as text": chessboard_save(deal="7"),
    "moves not a list": chessboard_save(moves="t1-t2"),
    "moves not text": chessboard_save(moves=[1, 2]),
    "markup": chessboard_save(game="<img src=x onerror=alert(1)>"),
}


@pytest.mark.parametrize("damage", list(DAMAGED_SAVES))
def test_a_damaged_save_is_set_aside_and_everything_else_kept(damage):
    text = DAMAGED_SAVES[damage]
    data = {save_key("chessboard"): text, save_key("morphy"): OTHER_SAVE, STATS_KEY: STATS}
    session = session_over(data)
    session.open(GAMES["chessboard"])
    assert session.game.rules.id == "chessboard" and session.game.legal_moves()
    assert data["castling:recovery:save:chessboard"] == text
    assert any("castling:recovery:save:chessboard" in notice for notice in session.store.notices)
    session.play([session.game.legal_moves()[0]])
    assert data[save_key("morphy")] == OTHER_SAVE
    kept = json.loads(data[STATS_KEY])["morphy"]
    assert {k: kept[k] for k in json.loads(STATS)["morphy"]} == json.loads(STATS)["morphy"]
    assert data["castling:recovery:save:chessboard"] == text


def test_a_save_with_an_illegal_move_resumes_before_it_and_keeps_the_original():
    first = first_move_text("chessboard")
    text = chessboard_save(moves=[first, "t1-t9", "t2-t3"])
    data = {save_key("chessboard"): text}
    session = session_over(data)
    session.open(GAMES["chessboard"])
    assert session.game.move_texts() == [first]
    assert data["castling:recovery:save:chessboard"] == text
    assert "move 2" in session.store.notices[0]


def test_fields_of_the_wrong_type_are_reported_and_the_game_resumes():
    text = chessboard_save(seconds="lots", counted="yes")
    data = {save_key("chessboard"): text}
    session = session_over(data)
    session.open(GAMES["chessboard"])
    assert len(session.game.moves) == 1 and session.hand.seconds == 0
    assert "seconds" in session.store.notices[0] and data["castling:recovery:save:chessboard"] == text


def test_each_damage_gets_its_own_recovery_key():
    data = {save_key("chessboard"): "{first"}
    session_over(data).open(GAMES["chessboard"])
    data[save_key("chessboard")] = "{second"
    session_over(data).open(GAMES["chessboard"])
    assert data["castling:recovery:save:chessboard"] == "{first"
    assert data["castling:recovery:save:chessboard:2"] == "{second"


@pytest.mark.parametrize("stats", ["{oops", "[]", json.dumps({"morphy": {"won": "many"}}),
                                   json.dumps({"morphy": {"played": 1, "won": 5}}),
                                   json.dumps({"morphy": {"played": -1}})])
def test_damaged_statistics_are_set_aside(stats):
    data = {STATS_KEY: stats}
    session = session_over(data)
    assert data["castling:recovery:stats"] == stats and session.store.notices
    session.open(GAMES["martha"], 1)
    session.play([session.game.legal_moves()[0]])
    assert data["castling:recovery:stats"] == stats
    assert json.loads(data[STATS_KEY])["martha"]["played"] == 1


def test_one_damaged_game_entry_leaves_the_others():
    stats = json.loads(STATS)
    stats["martha"] = {"played": "x"}
    session = session_over({STATS_KEY: json.dumps(stats)})
    assert session.stats_for("morphy").won == 2 and session.stats_for("martha").played == 0


def test_damaged_settings_fall_back_and_are_set_aside():
    data = {SETTINGS_KEY: '{"autoplay": "no", "animations": false}'}
    session = session_over(data)
    assert session.preferences.settings.autoplay is True and session.preferences.settings.speed == "off"
    assert data["castling:recovery:settings"] == '{"autoplay": "no", "animations": false}'


class RefusingStorage(MemoryStorage):
    """A store that keeps what it has but refuses every write (full, or private mode)."""

    def set(self, key, value):
        raise StorageError("QuotaExceededError")


def test_a_full_store_keeps_the_game_playing_and_destroys_nothing():
    data = {save_key("morphy"): OTHER_SAVE, STATS_KEY: STATS}
    before = dict(data)
    session = Session(RefusingStorage(data))
    session.load()
    session.open(GAMES["martha"], 1)
    for _ in range(3):
        session.play([session.game.legal_moves()[0]])
    assert len(session.game.moves) >= 3 and not session.conflict
    assert any("not being saved" in notice for notice in session.store.notices)
    assert data == before


def two_tabs(game_id="chessboard", number=1):
    data = {}
    first, second = session_over(data), session_over(data)
    first.open(GAMES[game_id], number)
    second.open(GAMES[game_id])
    return data, first, second


def test_a_second_tab_does_not_overwrite_a_newer_save():
    data, first, second = two_tabs()
    first.play([first.game.legal_moves()[0]])
    saved_by_first = data[save_key("chessboard")]
    assert second.changed_elsewhere(save_key("chessboard")) is True
    second.play([second.game.legal_moves()[-1]])
    assert second.conflict and data[save_key("chessboard")] == saved_by_first
    second.resolve(keep_mine=False)
    assert second.game.moves == first.game.moves and not second.conflict
    second.play([second.game.legal_moves()[0]])
    assert len(json.loads(data[save_key("chessboard")])["moves"]) == 2


def test_a_tab_may_keep_its_own_game_and_the_other_notices():
    data, first, second = two_tabs()
    first.play([first.game.legal_moves()[0]])
    second.play([second.game.legal_moves()[-1]])
    assert second.conflict
    second.resolve(keep_mine=True)
    assert json.loads(data[save_key("chessboard")])["moves"] == second.game.move_texts()
    assert first.changed_elsewhere(save_key("chessboard")) is True
    first.play([first.game.legal_moves()[0]])
    assert json.loads(data[save_key("chessboard")])["moves"] == second.game.move_texts()


def test_two_tabs_winning_two_games_both_count():
    data = {}
    tabs = []
    for game_id in ("martha", "chessboard"):
        win = WINS[game_id]
        data[save_key(game_id)] = json.dumps({"format": 1, "game": game_id, "deal": win["deal"],
                                              "moves": win["moves"][:-1]})
    for game_id in ("martha", "chessboard"):
        tab = session_over(data)
        tab.open(GAMES[game_id])
        tabs.append(tab)
    for tab, game_id in zip(tabs, ("martha", "chessboard")):
        tab.play([WINS[game_id]["moves"][-1]])
    stats = json.loads(data[STATS_KEY])
    assert stats["martha"]["won"] == 1 and stats["chessboard"]["won"] == 1


class Snapshots(MemoryStorage):
    """Remembers the whole store after every write: each is a moment to reload at."""

    def __init__(self, data):
        super().__init__(data)
        self.moments = [dict(data)]

    def set(self, key, value):
        super().set(key, value)
        self.moments.append(dict(self.data))


@pytest.mark.parametrize("game_id", ["martha", "chequers"])
def test_reloading_at_any_moment_counts_the_game_and_the_win_exactly_once(game_id):
    win = WINS[game_id]
    store = Snapshots({})
    session = Session(store)
    session.load()
    session.open(GAMES[game_id], win["deal"])
    for move in win["moves"]:
        session.play([move])
    assert session.game.is_won()
    # Every moment around the first move and the win (where counting happens),
    # and a sample of the others.
    moments = store.moments
    chosen = [m for i, m in enumerate(moments) if i < 12 or i > len(moments) - 12 or i % 40 == 0]
    for moment in chosen:
        again = session_over(dict(moment))
        again.open(GAMES[game_id], win["deal"])
        done = len(again.game.moves)
        for move in win["moves"][done:]:
            again.play([move])
        stats = again.stats_for(game_id)
        assert (stats.played, stats.won) == (1, 1), f"after {done} moves were saved"


def test_export_and_import_carry_every_save_and_the_statistics():
    data = {save_key("morphy"): OTHER_SAVE, STATS_KEY: STATS, "unrelated": "kept"}
    session = session_over(data)
    session.open(GAMES["chessboard"], 1)
    session.play([session.game.legal_moves()[0]])
    exported = Transfers(session).export_text()
    assert "unrelated" not in json.loads(exported)["items"]
    elsewhere = {save_key("martha"): json.dumps({"format": 1, "game": "martha", "deal": 3,
                                                 "moves": []})}
    other = session_over(elsewhere)
    other.open(GAMES["martha"])
    done = Transfers(other).merge(read_file(exported))
    assert (done.saves, done.taken) == (2, 2)
    assert elsewhere[save_key("morphy")] == OTHER_SAVE
    assert save_key("martha") in elsewhere                   # what the file lacks is kept
    assert other.stats_for("morphy").won == 2 and other.stats_for("chessboard").played == 1
    # this browser's last game (martha) is kept: it is the one on the table
    assert other.game.rules.id == "martha"


@pytest.mark.parametrize("text", ["", "{", "[]", '{"items": {}}', '{"castling-export": 2, "items": {}}',
                                  '{"castling-export": 1, "items": {"other": "x"}}',
                                  '{"castling-export": 1, "items": {"castling:stats": 3}}'])
def test_a_file_that_is_not_an_export_is_refused_and_changes_nothing(text):
    data = {STATS_KEY: STATS}
    session = session_over(data)
    with pytest.raises(ImportFileError):
        Transfers(session).merge(read_file(text))
    assert data == {STATS_KEY: STATS}



def test_the_on_off_settings_are_found_however_annotations_are_evaluated(monkeypatch):
    """records.SWITCHES once compared a field's type with the string "bool", which
    held only while the module's annotations were strings."""
    import types

    from castling.app.storage import records
    source = Path(records.__file__).read_text(encoding="utf-8")
    eager = types.ModuleType(records.__name__ + "_eager")
    eager.__package__ = records.__package__
    monkeypatch.setitem(sys.modules, eager.__name__, eager)
    exec(compile(source.replace("from __future__ import annotations\n", ""),
                 records.__file__, "exec"), eager.__dict__)
    assert eager.SWITCHES == records.SWITCHES == (
        "autoplay", "sound", "four_colour", "high_contrast", "calm")
