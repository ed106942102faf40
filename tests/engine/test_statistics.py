"""Statistics bookkeeping: each game counts once as played and once as won, a
game given up unwon breaks the streak, and two tabs never undo each other's
counts because every update re-reads what is stored."""

import json

from castling.app.storage.records import STATS_KEY
from castling.app.storage.recovery import CarefulStore
from castling.app.storage.statistics import StatsBook
from castling.app.storage.storage_port import MemoryStorage


def book_over(data) -> StatsBook:
    book = StatsBook(CarefulStore(MemoryStorage(data)))
    book.reload()
    return book


def stored(data, game_id):
    return json.loads(data[STATS_KEY])[game_id]


def test_a_game_counts_as_played_once_and_a_new_game_once_more():
    data = {}
    book = book_over(data)
    book.count_played("morphy", "game-a")
    book.count_played("morphy", "game-a")
    assert book.played_counted("morphy", "game-a") and not book.played_counted("morphy", "game-b")
    book.count_played("morphy", "game-b")
    assert stored(data, "morphy")["played"] == 2
    assert stored(data, "morphy")["current"] == {"token": "game-b", "counted": True, "won": False}


def test_a_win_counts_once_and_keeps_the_bests():
    data = {}
    book = book_over(data)
    for token, seconds, moves in (("a", 300, 90), ("a", 10, 10), ("b", 200, 120)):
        book.count_played("martha", token)
        book.count_won("martha", token, seconds, moves)
    stats = book.of("martha")
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (2, 2, 2, 2)
    assert (stats.best_seconds, stats.fewest_moves) == (200, 90)
    assert book.win_counted("martha", "b") and stored(data, "martha")["won"] == 2


def test_giving_up_a_counted_unwon_game_breaks_the_streak_and_a_won_one_does_not():
    data = {STATS_KEY: json.dumps({"fortress": {"played": 3, "won": 3, "streak": 3,
                                                "best_streak": 3}})}
    book = book_over(data)
    book.count_played("fortress", "won-game")
    book.count_won("fortress", "won-game", 60, 50)
    book.leave("fortress")
    assert stored(data, "fortress")["streak"] == 4
    book.count_played("fortress", "lost-game")
    book.leave("fortress")
    assert stored(data, "fortress")["streak"] == 0 and stored(data, "fortress")["best_streak"] == 4


def test_two_tabs_counting_at_once_both_count():
    data = {}
    first, second = book_over(data), book_over(data)       # both read an empty store
    first.count_played("chessboard", "deal-1")
    second.count_played("chessboard", "deal-2")
    second.count_played("morphy", "deal-3")
    first.count_won("chessboard", "deal-1", 100, 100)
    assert stored(data, "chessboard")["played"] == 2 and stored(data, "chessboard")["won"] == 1
    assert stored(data, "morphy")["played"] == 1


def test_the_same_win_seen_by_two_tabs_counts_once():
    data = {}
    first, second = book_over(data), book_over(data)
    for book in (first, second):
        book.count_played("martha", "same-game")
        book.count_won("martha", "same-game", 100, 80)
    assert (stored(data, "martha")["played"], stored(data, "martha")["won"]) == (1, 1)


def test_a_resumed_game_takes_its_saves_flags_until_the_statistics_follow_it():
    data = {}
    book = book_over(data)
    book.take_up("morphy", "old-save", counted=True, won=False)
    assert book.played_counted("morphy", "old-save") and data == {}     # nothing written
    book.count_played("morphy", "old-save")                            # the save said: counted
    assert stored(data, "morphy")["played"] == 0
    book.take_up("morphy", "old-save", counted=False, won=False)        # already followed
    assert book.played_counted("morphy", "old-save")


def test_the_history_keeps_each_days_games_for_the_charts():
    from datetime import date, timedelta
    data = {}
    today = [date(2026, 12, 1)]
    book = StatsBook(CarefulStore(MemoryStorage(data)), lambda: today[0])
    book.reload()
    book.count_played("morphy", "a")
    book.count_won("morphy", "a", 300, 120)
    book.count_played("morphy", "b")
    book.leave("morphy")                                # given up unwon: lost
    book.leave("morphy")                                # (once)
    book.count_played("morphy", "c")
    book.count_won("morphy", "c", 200, 130)
    book.count_won("morphy", "c", 100, 100)             # told twice: once
    today[0] += timedelta(days=2)
    book.count_played("morphy", "d")
    book.count_won("morphy", "d", 50, 90, helped=True)
    assert stored(data, "morphy")["history"] == [
        {"day": "2026-12-01", "played": 3, "won": 2, "helped": 0, "best_seconds": 200,
         "fewest_moves": 120},
        {"day": "2026-12-03", "played": 1, "won": 0, "helped": 1, "best_seconds": None,
         "fewest_moves": None}]
    for _ in range(70):                                  # only the last 60 days are kept
        today[0] += timedelta(days=1)
        book.count_played("morphy", str(today[0]))
        book.leave("morphy")
    history = stored(data, "morphy")["history"]
    assert len(history) == 60 and history[-1]["day"] == today[0].isoformat()


def test_a_damaged_history_is_set_aside_like_any_damaged_statistics():
    from castling.app.storage.records import read_stats
    day = {"day": "2026-12-01", "played": 2, "won": 1, "helped": 0, "best_seconds": 9,
           "fewest_moves": 80}
    stats, problems = read_stats(json.dumps({"morphy": {"played": 2, "history": [day]}}))
    assert problems == [] and stats["morphy"].history == [day]
    for bad in ([{**day, "won": 3}], [day, day], [{**day, "day": "1 Dec"}], [{**day, "x": 1}],
                [{**day, "best_seconds": "<b>"}], "x"):
        stats, problems = read_stats(json.dumps({"morphy": {"played": 2, "history": bad}}))
        assert "morphy" not in stats and len(problems) == 1
