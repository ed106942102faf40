"""The player's side without a DOM: autosave, resume, statistics, settings, storage trouble."""

import json
from pathlib import Path

import pytest

from castling import GAMES, Game, parse_move
from castling.errors import StorageError
from castling.app.storage.records import STATS_KEY, save_key
from castling.app.session import Session
from castling.app.storage.storage_port import MemoryStorage

WINS = json.loads((Path(__file__).parents[1] / "fixtures" / "wins.json").read_text())


def new_session(data=None) -> Session:
    session = Session(MemoryStorage(data if data is not None else {}))
    session.load()
    return session


def test_a_new_deal_is_saved_at_once_and_resumed_by_the_next_visit():
    session = new_session()
    session.open(GAMES["morphy"], 77)
    session.play([session.game.legal_moves()[0]])
    again = new_session(session.store.storage.data)
    again.open(GAMES["morphy"])
    assert again.game.number == 77 and again.game.moves == session.game.moves
    assert again.game.position == session.game.position
    assert again.game.undo() is not None          # the history came back too


def test_each_game_keeps_its_own_save():
    session = new_session()
    session.open(GAMES["morphy"], 77)
    session.play([session.game.legal_moves()[0]])
    session.open(GAMES["martha"], 3)
    session.open(GAMES["morphy"])
    assert session.game.number == 77 and len(session.game.moves) == 1


def test_a_link_to_another_deal_replaces_that_games_save():
    session = new_session()
    session.open(GAMES["fortress"], 5)
    session.open(GAMES["fortress"], 6)
    assert json.loads(session.store.storage.data[save_key("fortress")])["deal"] == 6


def test_a_replay_taken_up_replaces_the_save_at_its_move_and_counts_from_the_next():
    """"Play from here": the replay's game at the move shown becomes the game in
    hand with the usual save; the replay's later moves wait to be redone; it
    counts as played only when the player moves."""
    session = new_session()
    session.open(GAMES["fortress"], 33)
    session.play([session.game.legal_moves()[0]])          # the player's own game
    win = WINS["fortress"]
    replay, _ = Game.replay(GAMES["fortress"], win["deal"], win["moves"][:10])
    for _ in range(4):
        replay.undo()
    assert replay.next_redo == parse_move(GAMES["fortress"], win["moves"][6])
    played = session.stats_for("fortress").played
    session.take_up(replay)
    assert session.game is replay and len(session.game.moves) == 6
    assert session.stats_for("fortress").played == played
    again = new_session(session.store.storage.data)
    again.open(GAMES["fortress"])
    assert (again.game.number, again.game.move_texts()) == (win["deal"], win["moves"][:6])
    assert session.redo() and session.game.move_texts() == win["moves"][:7]
    assert session.stats_for("fortress").played == played
    session.play([session.game.legal_moves()[0]])
    assert session.stats_for("fortress").played == played + 1
    assert session.hand.helped          # a win would count as won with help: not all its moves were the player's


def test_a_win_with_help_counts_apart_and_leaves_the_streak_and_bests_alone():
    win = WINS["fortress"]
    rules = GAMES["fortress"]
    session = new_session()
    session.open(rules, win["deal"])
    for text in win["moves"]:                       # a plain win first: streak 1
        session.play([parse_move(rules, text)])
    session.new_deal(rules, win["deal"])
    for index, text in enumerate(win["moves"]):
        session.play([parse_move(rules, text)], helped=index == 5)
        if index == 10:                             # a reload mid-game keeps the help
            session = new_session(session.store.storage.data)
            session.open(rules)
            assert session.hand.helped
    stats = session.stats_for("fortress")
    assert (stats.played, stats.won, stats.helped, stats.streak) == (2, 1, 1, 1)
    assert stats.fewest_moves == len(win["moves"])
    session.new_deal(rules)                         # leaving a won game breaks nothing
    assert session.stats_for("fortress").streak == 1 and not session.hand.helped
    assert new_session(session.store.storage.data).stats_for("fortress").helped == 1


def test_a_game_counts_as_played_at_its_first_move_and_only_once():
    session = new_session()
    session.open(GAMES["chequers"], 1)
    assert session.stats_for("chequers").played == 0
    for move in sorted(session.game.legal_moves())[:1]:
        session.play([move])
    session.play([session.game.legal_moves()[0]])
    assert session.stats_for("chequers").played == 1


@pytest.mark.parametrize("game_id", sorted(WINS))
def test_a_win_updates_the_statistics_once(game_id):
    win = WINS[game_id]
    almost = {"format": 1, "game": game_id, "deal": win["deal"], "moves": win["moves"][:-1],
              "seconds": 94, "counted": True, "won": False}
    session = new_session({save_key(game_id): json.dumps(almost),
                           STATS_KEY: json.dumps({game_id: {"played": 1}})})
    session.open(GAMES[game_id])
    assert not session.game.is_won() and session.hand.seconds == 94
    session.tick()
    session.play([win["moves"][-1]])
    assert session.game.is_won()
    stats = session.stats_for(game_id)
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (1, 1, 1, 1)
    assert stats.best_seconds == 95 and stats.fewest_moves == len(win["moves"])
    session.tick()
    assert session.hand.seconds == 95                        # the clock stops at the win
    session.undo()
    session.redo()
    assert session.stats_for(game_id).won == 1            # not counted twice
    reloaded = new_session(session.store.storage.data)
    assert reloaded.stats_for(game_id).won == 1 and reloaded.stats_for(game_id).win_rate == 1.0


def test_leaving_an_unwon_game_breaks_the_streak():
    session = new_session({STATS_KEY: json.dumps({"chessboard": {"played": 3, "won": 3, "streak": 3}})})
    session.open(GAMES["chessboard"], 1)
    session.play([session.game.legal_moves()[0]])
    session.new_deal(GAMES["chessboard"])
    assert session.stats_for("chessboard").streak == 0
    assert session.stats_for("chessboard").best_streak == 0


def test_the_timer_runs_from_the_first_move_only():
    session = new_session()
    session.open(GAMES["chessboard"], 1)
    session.tick()
    assert session.hand.seconds == 0
    session.play([session.game.legal_moves()[0]])
    session.tick()
    session.tick()
    assert session.hand.seconds == 2


def test_settings_persist_and_damaged_settings_fall_back_to_defaults():
    session = new_session()
    session.preferences.set_setting("autoplay", False)
    assert new_session(session.store.storage.data).preferences.settings.autoplay is False
    broken = new_session({"castling:settings": '{"autoplay": "yes", "animations": false}'})
    assert broken.preferences.settings.autoplay is True and broken.preferences.settings.speed == "off"
    assert new_session({"castling:settings": "{oops"}).preferences.settings.autoplay is True


def test_the_card_back_and_the_table_are_kept_and_a_damaged_one_falls_back():
    session = new_session()
    session.preferences.set_choice("card_back", "night")
    session.preferences.set_choice("table", "burgundy")
    kept = new_session(session.store.storage.data).preferences.settings
    assert (kept.card_back, kept.table) == ("night", "burgundy")
    with pytest.raises(KeyError):
        session.preferences.set_choice("table", "<b>plaid</b>")
    odd = new_session({"castling:settings": '{"card_back": "<img>", "table": 3, "autoplay": false}'})
    assert (odd.preferences.settings.card_back, odd.preferences.settings.table, odd.preferences.settings.autoplay) == ("blue", "green", False)


def test_speed_sound_and_volume_are_kept_and_the_old_animations_switch_becomes_a_speed():
    session = new_session()
    assert (session.preferences.settings.speed, session.preferences.settings.sound, session.preferences.settings.volume) == \
        ("normal", True, 60)
    session.preferences.set_choice("speed", "slow")
    session.preferences.set_setting("sound", False)
    session.preferences.set_number("volume", 140)               # brought into 0-100
    kept = new_session(session.store.storage.data).preferences.settings
    assert (kept.speed, kept.sound, kept.volume) == ("slow", False, 100)
    assert "animations" not in json.loads(session.store.storage.data["castling:settings"])
    # kept before the speed setting: no animations is speed "off", animations is the default
    assert new_session({"castling:settings": '{"animations": false}'}).preferences.settings.speed == "off"
    assert new_session({"castling:settings": '{"animations": true}'}).preferences.settings.speed == "normal"
    # a speed stored next to it wins; damaged values fall back to the defaults
    both = new_session({"castling:settings": '{"animations": false, "speed": "fast"}'})
    assert both.preferences.settings.speed == "fast"
    odd = new_session({"castling:settings":
                       '{"speed": "warp", "volume": "loud", "sound": 1, "autoplay": false}'})
    assert (odd.preferences.settings.speed, odd.preferences.settings.volume, odd.preferences.settings.sound,
            odd.preferences.settings.autoplay) == ("normal", 60, True, False)
    assert new_session({"castling:settings": '{"volume": true}'}).preferences.settings.volume == 60
    assert new_session({"castling:settings": '{"volume": -1}'}).preferences.settings.volume == 60
    with pytest.raises(KeyError):
        session.preferences.set_number("speed", 3)


def test_the_tap_setting_is_kept_and_the_old_one_tap_switch_does_no_harm():
    session = new_session()
    assert session.preferences.settings.tap == "one"                  # one tap plays, by default
    session.preferences.set_choice("tap", "two")
    assert new_session(session.store.storage.data).preferences.settings.tap == "two"
    assert '"one_tap"' not in session.store.storage.data["castling:settings"]
    # A settings text from before: its one_tap switch is left behind without a word
    # (true meant one tap already; false was the old default, not a choice).
    for old in ('{"one_tap": true, "autoplay": false}', '{"one_tap": false, "autoplay": false}'):
        before = new_session({"castling:settings": old})
        assert (before.preferences.settings.tap, before.preferences.settings.autoplay) == ("one", False)
        assert not before.store.notices
    damaged = new_session({"castling:settings": '{"tap": "<b>three</b>"}'})
    assert damaged.preferences.settings.tap == "one" and damaged.store.notices


def test_winnable_only_is_kept_per_game():
    session = new_session()
    session.preferences.set_winnable_only("morphy", True)
    session.preferences.set_winnable_only("fortress", True)
    session.preferences.set_winnable_only("morphy", False)
    session.preferences.set_winnable_only("no-such-game", True)
    assert new_session(session.store.storage.data).preferences.settings.winnable_only == ["fortress"]
    with pytest.raises(KeyError):
        session.preferences.set_setting("winnable_only", True)
    odd = new_session({"castling:settings": '{"winnable_only": ["martha", "<b>x</b>", 3]}'})
    assert odd.preferences.settings.winnable_only == ["martha"]
    assert new_session({"castling:settings": '{"winnable_only": "martha"}'}).preferences.settings.winnable_only == []


def test_a_corrupt_save_is_reported_and_a_fresh_deal_opens():
    session = new_session({save_key("martha"): "{not json"})
    session.open(GAMES["martha"])
    assert session.store.notices and session.game.rules.id == "martha" and session.game.moves == []


def test_a_save_with_a_bad_move_resumes_before_it():
    game = Game(GAMES["chessboard"], 1)
    first = game.legal_moves()[0]
    game.play(first)
    data = {"format": 1, "game": "chessboard", "deal": 1, "moves": game.move_texts() + ["t1-t9"]}
    session = new_session({save_key("chessboard"): json.dumps(data)})
    session.open(GAMES["chessboard"])
    assert session.game.moves == [first] and "move 2" in session.store.notices[0]


class FullStorage(MemoryStorage):
    def set(self, key, value):
        raise StorageError("quota exceeded")


def test_full_storage_keeps_the_game_playing_and_says_so():
    session = Session(FullStorage({}))
    session.load()
    session.open(GAMES["chessboard"], 1)
    session.play([session.game.legal_moves()[0]])
    assert len(session.game.moves) == 1
    assert any("not being saved" in notice for notice in session.store.notices)
    assert STATS_KEY not in session.store.storage.data


def test_the_welcome_is_due_on_a_first_visit_only_and_not_after_it_is_closed():
    storage = MemoryStorage()
    first = Session(storage)
    first.load()
    assert first.preferences.welcome_due
    first.open(GAMES["fortress"], 5)
    first.preferences.close_welcome()
    assert not first.preferences.welcome_due and storage.get("castling:welcomed")
    again = Session(storage)
    again.load()
    assert not again.preferences.welcome_due
    # A player of before the welcome (a game shown here, no welcome closed) is not welcomed.
    del storage.data["castling:welcomed"]
    before = Session(storage)
    before.load()
    assert not before.preferences.welcome_due


def test_the_games_last_shown_are_kept_most_recent_first_and_a_damaged_list_is_no_list():
    storage = MemoryStorage()
    session = Session(storage)
    session.load()
    for game_id in ("fortress", "morphy", "fortress", "martha", "lasker"):
        session.open(GAMES[game_id])
    assert session.preferences.recent_games() == ["lasker", "martha", "fortress"]
    storage.data["castling:recent"] = '["no such game", 7, "morphy"]'
    assert session.preferences.recent_games() == ["morphy"]
    storage.data["castling:recent"] = "{not json"
    assert session.preferences.recent_games() == []


def public_members(cls: type, instance: object) -> set[str]:
    """What a class offers: its methods and properties and the attributes its
    instances are given, less the private ones (``_name``)."""
    return {name for name in (*vars(cls), *vars(instance)) if not name.startswith("_")}


def test_the_session_offers_at_most_25_members():
    """The session is the game in hand, played and kept; its helpers (keep points,
    transfers) stand above it and its parts (the statistics book, the save guard)
    keep their own state behind it."""
    members = public_members(Session, new_session())
    assert len(members) <= 25, sorted(members)
    assert {"hand", "holding", "game", "play", "resolve", "changed_elsewhere"} <= members
    assert not members & {"keeping", "tabs", "transfers", "book", "guard"}


def test_no_game_in_hand_is_said_not_hidden():
    from castling.app.hand import NothingInHand
    session = new_session()
    assert not session.holding
    with pytest.raises(NothingInHand):
        session.hand
    with pytest.raises(NothingInHand):
        session.game
    session.open(GAMES["morphy"], 7)
    assert session.holding and session.game.number == 7
