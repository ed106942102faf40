"""A game given up by New deal, Restart, Today's deal or a link, brought back
exactly (issue #25): the save, the statistics and the streak as they were."""

from datetime import date

from castling import GAMES
from castling.app.storage.records import LAST_KEY, STATS_KEY, read_stats, save_key, stats_text
from castling.app.session import Session
from castling.app.storage.storage_port import MemoryStorage
from castling.app.keeping import Keeping

DAY = date(2026, 12, 1)


def playing(streak: int = 3) -> Session:
    """Fortress deal 5 with two moves played, after a run of wins."""
    stats, _ = read_stats('{"fortress": {"played": 4, "won": 3, "streak": %d, "best_streak": 3}}'
                          % streak)
    session = Session(MemoryStorage({STATS_KEY: stats_text(stats)}), lambda: DAY)
    session.load()
    session.open(GAMES["fortress"], 5)
    for _ in range(2):
        session.play([session.game.legal_moves()[0]])
    return session


def kept_keys(session):
    return {key: session.store.storage.data.get(key) for key in (save_key("fortress"), STATS_KEY, LAST_KEY)}


CHANGES = {
    "new deal": lambda session: session.new_deal(GAMES["fortress"]),
    "restart": lambda session: session.restart(),
    "daily": lambda session: session.open(GAMES["fortress"], 77, day=DAY),
    "link": lambda session: session.open(GAMES["fortress"], 6),
}


def test_a_game_with_moves_is_at_stake_and_a_fresh_or_won_one_is_not():
    session = playing()
    assert Keeping(session).at_stake()
    session.new_deal(GAMES["fortress"])
    assert not Keeping(session).at_stake()


def test_each_change_brought_back_leaves_the_store_byte_for_byte_as_it_was():
    for name, change in CHANGES.items():
        session = playing()
        before, moves, seconds = kept_keys(session), session.game.moves, session.hand.seconds
        point = Keeping(session).point()
        change(session)
        assert Keeping(session).changed_since(point), name
        assert kept_keys(session) != before, name
        assert Keeping(session).bring_back(point), name
        assert kept_keys(session) == before, name
        assert session.game.moves == moves and session.hand.seconds == seconds, name
        assert session.stats_for("fortress").streak == 3, name
        # and the game plays on as the same game: the next move counts nothing twice
        session.play([session.game.legal_moves()[0]])
        assert session.stats_for("fortress").played == 5, name


def test_a_new_deal_not_brought_back_counts_the_game_as_lost_once():
    session = playing()
    point = Keeping(session).point()
    session.new_deal(GAMES["fortress"])
    Keeping(session).changed_since(point)
    stats = session.stats_for("fortress")
    assert (stats.played, stats.streak, stats.history[-1]["played"]) == (5, 0, 1)
    session.new_deal(GAMES["fortress"])     # leaving the fresh deal counts nothing more
    stats = session.stats_for("fortress")
    assert (stats.played, stats.streak, stats.history[-1]["played"]) == (5, 0, 1)


def test_a_move_on_the_new_deal_ends_the_offer():
    session = playing()
    point = Keeping(session).point()
    session.new_deal(GAMES["fortress"], 9)
    Keeping(session).changed_since(point)
    session.play([session.game.legal_moves()[0]])
    assert not Keeping(session).can_bring_back(point) and not Keeping(session).bring_back(point)
    assert session.game.number == 9


def test_another_tabs_counts_meanwhile_are_kept():
    session = playing()
    point = Keeping(session).point()
    session.new_deal(GAMES["fortress"])
    Keeping(session).changed_since(point)
    stats, _ = read_stats(session.store.storage.data[STATS_KEY])
    stats["martha"] = read_stats('{"martha": {"played": 1}}')[0]["martha"]
    session.store.storage.data[STATS_KEY] = stats_text(stats)
    assert Keeping(session).bring_back(point)
    back, _ = read_stats(session.store.storage.data[STATS_KEY])
    assert back["martha"].played == 1 and back["fortress"].streak == 3


def test_another_tabs_save_meanwhile_is_not_written_over():
    session = playing()
    point = Keeping(session).point()
    session.new_deal(GAMES["fortress"])
    Keeping(session).changed_since(point)
    session.store.storage.data[save_key("fortress")] = session.store.storage.data[save_key("fortress")].replace(
        '"rev":', '"rev":1')
    assert not Keeping(session).bring_back(point)


def test_a_restart_without_moves_changes_nothing_to_bring_back():
    session = playing()
    session.restart()
    point = Keeping(session).point()
    session.restart()
    assert not Keeping(session).changed_since(point)


def test_calm_is_a_setting_kept_like_the_others():
    session = playing()
    session.preferences.set_setting("calm", True)
    again = Session(MemoryStorage(session.store.storage.data))
    again.load()
    assert again.preferences.settings.calm
