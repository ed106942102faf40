"""Export files and transfer links: what goes in, how they are checked, and how
what they hold is merged with what a browser keeps (statistics added up by game,
the newer of two saves kept, this browser's settings kept); a corpus of damaged
links and files is refused, each with a message, and nothing is written."""

import base64
import json
import zlib

import pytest

from castling import GAMES, Game
from castling.errors import ImportFileError, TransferLinkError
from castling.i18n import t
from castling.app.deals.daily import DailyRecord
from castling.app.storage.records import (LAST_KEY, MERGED_KEY, SETTINGS_KEY, STATS_KEY, Stats, read_stats,
                                     save_key)
from castling.app.storage.puzzle_record import PUZZLES_KEY, read_puzzle_record
from castling.app.storage.recovery import CarefulStore
from castling.app.session import Session
from castling.app.storage.statistics import added_up
from castling.app.storage.storage_port import MemoryStorage, StorageError
from castling.app.storage.transfer import (MAX_EXPORT, MAX_TRANSFER_LINK, Holding, Merged,
                                      described, export_file, merge, read_export, read_file,
                                      read_transfer_link, transfer_link)
from castling.app.transfers import Transfers

KEPT = {"castling:stats": "{}", "castling:last": "morphy", "castling:recovery:stats": "{oops"}


def test_the_export_holds_every_castling_key_sorted_and_nothing_else():
    text = export_file(MemoryStorage({**KEPT, "another-site": "x"}))
    data = json.loads(text)
    assert data == {"castling-export": 1, "items": KEPT}
    assert list(data["items"]) == sorted(KEPT)


@pytest.mark.parametrize("text", [None, "x" * (MAX_EXPORT + 1), "{", '{"castling-export": 2}',
                                  '{"castling-export": 1, "items": ["castling:last"]}'])
def test_what_is_not_an_export_is_refused(text):
    with pytest.raises(ImportFileError):
        read_export(text)


# -- two browsers: A makes the link, B merges it ---------------------------------------

#: the time now of each session a_session makes (a test moves it on)
CLOCKS: dict[int, float] = {}


def a_session(data: dict, now: float = 1_000.0) -> Session:
    session = Session(MemoryStorage(data), now=lambda: CLOCKS[id(session)])
    CLOCKS[id(session)] = now
    session.load()
    return session


def played(session: Session, game_id: str, deal: int, moves: int = 1) -> None:
    session.open(GAMES[game_id], deal)
    for _ in range(moves):
        session.play([session.game.legal_moves()[0]])


MORPHY = {"played": 5, "won": 2, "helped": 1, "streak": 1, "best_streak": 2,
          "best_seconds": 300, "fewest_moves": 120,
          "daily": {"played": 3, "won": 2, "run": 1, "last_played": "2026-11-30",
                    "last_won": "2026-11-30"},
          "history": [{"day": "2026-11-29", "played": 2, "won": 1, "helped": 0,
                       "best_seconds": 300, "fewest_moves": 130},
                      {"day": "2026-11-30", "played": 3, "won": 1, "helped": 1,
                       "best_seconds": 400, "fewest_moves": 120}]}


def browser_a() -> dict:
    data = {STATS_KEY: json.dumps({"morphy": MORPHY}),
            SETTINGS_KEY: json.dumps({"four_colour": True, "card_size": "large"})}
    session = a_session(data, now=2_000.0)
    played(session, "chessboard", 3, moves=2)        # newer than B's chessboard
    played(session, "martha", 4, moves=1)            # older than B's martha (below)
    return data


def test_a_link_carries_the_statistics_settings_saves_and_last_game():
    data = browser_a()
    held = read_transfer_link(transfer_link(MemoryStorage(data)))
    assert set(held.saves) == {"chessboard", "martha"}
    assert json.loads(held.saves["chessboard"]) == json.loads(data[save_key("chessboard")])
    assert held.stats["morphy"].won == 2 and held.stats["chessboard"].played == 1
    assert json.loads(held.settings)["four_colour"] is True
    assert held.others == {LAST_KEY: "martha"}
    assert described(held) == [
        "Statistics of 3 games: Chessboard, Morphy, Martha",
        "2 games in progress: Chessboard, deal #3, 2 moves; Martha, deal #4, 1 move",
        "Settings"]


def test_a_merge_adds_up_statistics_by_game_and_keeps_the_newer_save():
    link = transfer_link(MemoryStorage(browser_a()))
    mine = {STATS_KEY: json.dumps({"morphy": {"played": 4, "won": 3, "streak": 3,
                                              "best_streak": 3, "best_seconds": 350,
                                              "fewest_moves": 110}}),
            SETTINGS_KEY: json.dumps({"tap": "two"})}
    b = a_session(mine, now=1_000.0)
    played(b, "chessboard", 9)                      # older: A's is taken
    CLOCKS[id(b)] = 3_000.0
    played(b, "martha", 6, moves=2)                 # newer: kept
    martha = mine[save_key("martha")]
    done = Transfers(b).merge(read_transfer_link(link))
    assert (done.games, done.saves, done.taken, done.settings) == (3, 2, 1, "kept")
    assert done.summary() == ("Merged: statistics of 3 games added up; games in progress "
                              "taken: 1 of 2 (this browser's newer saves kept); settings: "
                              "this browser's kept.")
    assert json.loads(mine[save_key("chessboard")])["deal"] == 3
    assert mine[save_key("martha")] == martha
    assert json.loads(mine[SETTINGS_KEY]) == {"tap": "two"}
    stats, problems = read_stats(mine[STATS_KEY])
    assert problems == []
    morphy = stats["morphy"]
    assert (morphy.played, morphy.won, morphy.helped) == (9, 5, 1)
    assert (morphy.streak, morphy.best_streak) == (3, 3)
    assert (morphy.best_seconds, morphy.fewest_moves) == (300, 110)
    assert (stats["chessboard"].played, stats["martha"].played) == (2, 2)
    # the chessboard game taken from A counts as played once: its own flags came with it
    assert stats["chessboard"].current["token"] == json.loads(mine[save_key("chessboard")])["token"]
    b.open(GAMES["chessboard"])
    b.play([b.game.legal_moves()[0]])
    assert read_stats(mine[STATS_KEY])[0]["chessboard"].played == 2


def test_a_fresh_browser_takes_the_settings_and_the_last_game():
    mine: dict[str, str] = {}
    b = a_session(mine)
    done = Transfers(b).merge(read_transfer_link(transfer_link(MemoryStorage(browser_a()))))
    assert done.settings == "taken" and json.loads(mine[SETTINGS_KEY])["card_size"] == "large"
    assert mine[LAST_KEY] == "martha"


def test_of_the_same_game_the_save_written_more_often_is_kept():
    game = Game(GAMES["morphy"], 5)
    text = {"format": 1, "game": "morphy", "deal": 5, "moves": [], "token": "t1"}
    here = json.dumps({**text, "rev": 4, "saved": 9_000})
    there = json.dumps({**text, "rev": 5, "saved": 1_000, "moves": [game.position.legal_move_texts()[0]]})
    store = CarefulStore(MemoryStorage({save_key("morphy"): here}))
    assert merge(store, Holding(saves={"morphy": there})).taken == 1
    assert merge(store, Holding(saves={"morphy": here})).taken == 0


def test_a_deal_not_played_yet_gives_way_to_a_game_played_whenever_written():
    dealt = json.dumps({"format": 1, "game": "morphy", "deal": 6, "moves": [], "saved": 9_000})
    game = Game(GAMES["morphy"], 5)
    played = json.dumps({"format": 1, "game": "morphy", "deal": 5, "saved": 1,
                         "moves": [game.position.legal_move_texts()[0]]})
    store = CarefulStore(MemoryStorage({save_key("morphy"): dealt}))
    assert merge(store, Holding(saves={"morphy": played})).taken == 1
    assert merge(store, Holding(saves={"morphy": dealt})).taken == 0


def test_a_save_without_a_time_counts_as_older():
    old = json.dumps({"format": 1, "game": "morphy", "deal": 5, "moves": []})
    new = json.dumps({"format": 1, "game": "morphy", "deal": 6, "moves": [], "saved": 1})
    store = CarefulStore(MemoryStorage({save_key("morphy"): old}))
    assert merge(store, Holding(saves={"morphy": new})).taken == 1
    assert merge(store, Holding(saves={"morphy": old})).taken == 0


def test_every_field_adds_up_its_own_way():
    here = Stats(played=3, won=1, streak=0, best_streak=1, best_seconds=None, fewest_moves=90,
                 current={"token": "h"},
                 daily=DailyRecord(played=2, won=2, run=2, last_played="2026-11-30",
                                   last_won="2026-11-30"))
    there = Stats(played=2, won=2, helped=0, streak=2, best_streak=2, best_seconds=200,
                  fewest_moves=100, current={"token": "t"},
                  daily=DailyRecord(played=1, won=1, run=1, last_played="2026-12-01",
                                    last_won="2026-11-20"))
    both = added_up(here, there)
    assert (both.played, both.won, both.streak, both.best_streak) == (5, 3, 2, 2)
    assert (both.best_seconds, both.fewest_moves, both.current) == (200, 90, {"token": "h"})
    assert both.daily == DailyRecord(played=3, won=3, run=2, last_played="2026-12-01",
                                     last_won="2026-11-30")
    assert added_up(here, there, current_from_there=True).current == {"token": "t"}


def test_the_histories_add_up_day_by_day_and_keep_the_last_days():
    here = read_stats(json.dumps({"morphy": MORPHY}))[0]["morphy"]
    both = added_up(here, here)
    assert [(day["day"], day["played"], day["best_seconds"]) for day in both.history] == [
        ("2026-11-29", 4, 300), ("2026-11-30", 6, 400)]


def test_a_full_store_is_told_and_the_statistics_are_not_added_twice():
    class Full(MemoryStorage):
        def set(self, key, value):
            raise StorageError("full")
    link = transfer_link(MemoryStorage(browser_a()))
    data = {STATS_KEY: json.dumps({"morphy": MORPHY})}
    store = CarefulStore(Full(data))
    merge(store, read_transfer_link(link))
    assert data == {STATS_KEY: json.dumps({"morphy": MORPHY})}
    assert store.notices == [t("store.not_saving")]


def test_the_same_statistics_are_added_up_once_however_often_they_are_merged():
    a = browser_a()
    link = transfer_link(MemoryStorage(a))
    mine: dict[str, str] = {}
    b = a_session(mine)
    Transfers(b).merge(read_transfer_link(link))
    once = read_stats(mine[STATS_KEY])[0]["morphy"].played
    again = Transfers(b).merge(read_transfer_link(link))                # the link opened a second time
    assert again.again and again.games == 0
    assert "not added again" in again.summary()
    assert read_stats(mine[STATS_KEY])[0]["morphy"].played == once == 5
    Transfers(b).merge(read_file(export_file(MemoryStorage(a))))       # the same statistics, as a file
    assert read_stats(mine[STATS_KEY])[0]["morphy"].played == 5


def test_what_another_browser_merged_does_not_travel_and_a_damaged_note_is_set_aside():
    a = browser_a()
    a[MERGED_KEY] = json.dumps(["0" * 32])
    held = read_file(export_file(MemoryStorage(a)))
    assert MERGED_KEY not in held.others
    mine = {MERGED_KEY: "{oops"}
    b = a_session(mine)
    done = Transfers(b).merge(held)
    assert not done.again and read_stats(mine[STATS_KEY])[0]["morphy"].played == 5
    assert json.loads(mine[MERGED_KEY]) == [held.fingerprint]
    assert mine["castling:recovery:merged"] == "{oops"


# -- a file merges the same way ------------------------------------------------------

def test_a_file_merges_as_a_link_does_and_keeps_what_it_lacks():
    a = browser_a()
    a["castling:recovery:stats"] = "{oops"
    mine = {save_key("castles-end"): json.dumps({"format": 1, "game": "castles-end",
                                                 "deal": 12, "moves": []}),
            LAST_KEY: "castles-end"}
    b = a_session(mine)
    done = Transfers(b).merge(read_file(export_file(MemoryStorage(a))))
    assert done.taken == 2 and save_key("castles-end") in mine
    assert mine[LAST_KEY] == "castles-end"              # this browser's is kept
    assert mine["castling:recovery:stats"] == "{oops"   # where it had nothing: taken
    assert read_stats(mine[STATS_KEY])[0]["morphy"].played == 5


@pytest.mark.parametrize("items", [{STATS_KEY: '{"morphy": {"played": -1}}'},
                                   {STATS_KEY: '{"nosuchgame": {}}'},
                                   {SETTINGS_KEY: '{"card_size": "huge"}'},
                                   {save_key("morphy"): '{"format": 1, "game": "martha", "deal": 1, "moves": []}'},
                                   {save_key("nosuchgame"): "{}"},
                                   {save_key("morphy"): "[1"},
                                   {LAST_KEY: "nosuchgame"},
                                   {PUZZLES_KEY: '{"format": 1, "streak": -1}'},
                                   {PUZZLES_KEY: "[1"}])
def test_a_file_with_a_part_that_cannot_be_read_is_refused(items):
    with pytest.raises(ImportFileError, match="damaged"):
        read_file(json.dumps({"castling-export": 1, "items": items}))


# -- the player's puzzles travel too ----------------------------------------------------

PUZZLES_A = {"format": 1, "rating": [1620.0, 120.0, 0.09], "streak": 2, "best_streak": 3,
             "played": {"fortress/1": "solved", "fortress/2": "failed", "morphy/3": "solved"}}


def test_a_link_carries_the_puzzle_record_and_a_fresh_browser_takes_it():
    held = read_transfer_link(transfer_link(MemoryStorage({PUZZLES_KEY: json.dumps(PUZZLES_A)})))
    assert described(held) == ["Puzzles: 3 played, rating 1,620"]
    mine: dict[str, str] = {}
    done = Transfers(a_session(mine)).merge(held)
    assert json.loads(mine[PUZZLES_KEY]) == PUZZLES_A
    assert done.summary().endswith(" Puzzles: 3 played in all, rating 1,620.")


def test_two_puzzle_records_merge_every_puzzle_played_and_the_busier_rating():
    here = {"format": 1, "rating": [1400.0, 200.0, 0.09], "streak": 0, "best_streak": 5,
            "played": {"fortress/2": "solved", "lasker/9": "failed"}}
    mine = {PUZZLES_KEY: json.dumps(here)}
    link = transfer_link(MemoryStorage({PUZZLES_KEY: json.dumps(PUZZLES_A)}))
    for _ in range(2):                  # the same link twice: nothing more the second time
        Transfers(a_session(mine)).merge(read_transfer_link(link))
        record, problems = read_puzzle_record(mine[PUZZLES_KEY])
        assert problems == []
        assert record.played == {"fortress/1": "solved", "fortress/2": "solved",
                                 "morphy/3": "solved", "lasker/9": "failed"}
        assert record.rating.to_json() == [1620.0, 120.0, 0.09]     # A played more
        assert (record.streak, record.best_streak) == (2, 5)


def test_a_file_merges_the_puzzle_record_and_sets_a_damaged_one_here_aside():
    mine = {PUZZLES_KEY: "{oops"}
    Transfers(a_session(mine)).merge(read_file(export_file(MemoryStorage(
        {PUZZLES_KEY: json.dumps(PUZZLES_A)}))))
    assert json.loads(mine[PUZZLES_KEY]) == PUZZLES_A
    assert mine["castling:recovery:puzzles"] == "{oops"          # nothing lost


def test_a_damaged_puzzle_record_here_is_left_out_of_the_link():
    held = read_transfer_link(transfer_link(MemoryStorage({PUZZLES_KEY: '{"format": 1}'})))
    assert held.puzzles is None


# -- the corpus of damaged links --------------------------------------------------------

def packed(data: object, version: str = "1", raw: bytes | None = None) -> str:
    """A link with a right checksum over whatever it is given."""
    body = base64.urlsafe_b64encode(
        raw if raw is not None else zlib.compress(json.dumps(data).encode())).decode().rstrip("=")
    return f"#transfer={version}.{body}.{zlib.crc32(body.encode()) & 0xFFFFFFFF:08x}"


def damaged_links() -> list[tuple[str, str]]:
    """(link, the message it must get)."""
    good = transfer_link(MemoryStorage(browser_a()))
    cases = []
    for end in range(len("#transfer="), len(good), max(1, len(good) // 97)):
        cases.append((good[:end], ""))                  # cut anywhere: refused, some message
    for place in range(len("#transfer=1."), len(good), max(1, len(good) // 53)):
        flipped = "A" if good[place] != "A" else "B"
        cases.append((good[:place] + flipped + good[place + 1:], ""))
    cases += [
        (good.replace("#transfer=1.", "#transfer=2.", 1), t("transfer.other_version")),
        (good.replace("#transfer=1.", "#transfer=x.", 1), t("transfer.damaged")),
        ("#transfer=", t("transfer.cut")),
        ("#transfer=1.", t("transfer.cut")),
        (good + "0", t("transfer.cut")),
        (good[:-1] + ("0" if good[-1] != "0" else "1"), t("transfer.damaged")),
        (good[:40] + "%20" + good[43:], t("transfer.damaged")),
        (good[:40] + "<b>" + good[43:], t("transfer.damaged")),
        ("#transfer=1." + "A" * (MAX_TRANSFER_LINK + 1), t("transfer.too_long")),
        (packed(None, raw=b"not zlib at all"), t("transfer.damaged")),
        (packed(None, raw=zlib.compress(b"\xff\xfe junk")), t("transfer.foreign")),
        (packed(None, raw=zlib.compress(b"x" * 3_000_000)), t("transfer.damaged")),
        (packed(None, raw=zlib.compress(b"{}")[:-3]), t("transfer.damaged")),
        (packed(None, raw=zlib.compress(b"{}") + b"tail"), t("transfer.damaged")),
        (packed({"hello": "world"}), t("transfer.foreign")),
        (packed([1, 2, 3]), t("transfer.foreign")),
        (packed({"castling-export": 1, "items": {}}), t("transfer.foreign")),
        (packed({"castling-transfer": 2}), t("transfer.other_version")),
        (packed({"castling-transfer": True}), t("transfer.other_version")),
        (packed({"castling-transfer": 1, "items": {"castling:stats": "{}"}}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "stats": []}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "stats": {"morphy": {"played": "5"}}}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "stats": {"<img src=x>": {}}}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "settings": {"volume": 1000}}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "saves": {"morphy": "text"}}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "saves": {"../x": {"format": 1}}}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "saves": {"morphy": {"format": 1, "game": "morphy",
                                                              "deal": 5, "moves": ["zz"]}}}),
         t("transfer.damaged")),
        (packed({"castling-transfer": 1, "last": "nosuchgame"}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "last": 3}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "castling:welcomed": "x"}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "puzzles": "x"}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "puzzles": {"format": 2}}), t("transfer.damaged")),
        (packed({"castling-transfer": 1, "puzzles": dict(PUZZLES_A, rating=[1500, -3, 0.09])}),
         t("transfer.damaged")),
        (packed({"castling-transfer": 1, "puzzles": dict(PUZZLES_A, played={"<b>": "solved"})}),
         t("transfer.damaged")),
        (packed({"castling-transfer": 1, "stats": {"morphy": {"played": 1}}}, version="01"),
         t("transfer.other_version")),
        (packed({"castling-transfer": 1}, version="١"), t("transfer.damaged")),
    ]
    return cases


DAMAGED = damaged_links()


def test_the_corpus_is_large_and_varied():
    assert len(DAMAGED) > 150
    assert {message for _, message in DAMAGED} >= {
        t(f"transfer.{kind}") for kind in ("cut", "damaged", "foreign", "other_version", "too_long")}


@pytest.mark.parametrize("link, message", DAMAGED, ids=range(len(DAMAGED)))
def test_a_damaged_link_is_refused_with_a_message_and_nothing_written(link, message):
    data = {STATS_KEY: json.dumps({"morphy": MORPHY}), SETTINGS_KEY: "{}"}
    before = dict(data)
    session = a_session(data)
    with pytest.raises(TransferLinkError) as refused:
        Transfers(session).merge(read_transfer_link(link))
    assert str(refused.value) in {t(f"transfer.{kind}") for kind in (
        "cut", "damaged", "foreign", "other_version", "too_long")}
    if message:
        assert str(refused.value) == message
    assert data == before


def test_a_link_with_nothing_in_it_says_so():
    held = read_transfer_link(transfer_link(MemoryStorage({})))
    assert held == Holding()
    assert described(held) == [t("transfer.holds.nothing")]


def test_damaged_parts_of_this_browser_are_left_out_of_its_link():
    data = {STATS_KEY: '{"morphy": {"played": 2}, "martha": {"played": "x"}}',
            save_key("morphy"): "{oops", save_key("martha"): json.dumps(
                {"format": 1, "game": "martha", "deal": 2, "moves": []})}
    held = read_transfer_link(transfer_link(MemoryStorage(data)))
    assert set(held.stats) == {"morphy"} and set(held.saves) == {"martha"}


def test_the_notice_says_what_was_merged():
    assert Merged(games=1).summary() == ("Merged: statistics of 1 game added up; no games in "
                                         "progress; settings: none brought.")
    assert Merged(games=2, saves=2, taken=2, settings="taken").summary() == (
        "Merged: statistics of 2 games added up; games in progress taken: 2 of 2; "
        "settings: taken.")
