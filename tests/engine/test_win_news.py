"""What the win dialog says was special about a win (castling.app.words.win_news):
a line for each thing that is true, and only then; and the session keeps the
news of the win its last move counted, and none for a win counted already."""

import json
from dataclasses import replace
from datetime import date
from pathlib import Path

from castling import GAMES
from castling.i18n import catalogue, set_language
from castling.app.deals.daily import DailyRecord
from castling.app.storage.records import STATS_KEY, Stats
from castling.app.session import Session
from castling.app.storage.storage_port import MemoryStorage
from castling.app.words.win_news import WinNews, win_news

WINS = json.loads((Path(__file__).parents[1] / "fixtures" / "wins.json").read_text())
DAY = date(2026, 12, 1)

#: three wins before, the best 1:40 in 145 moves, two wins in a row
BEFORE = Stats(played=5, won=3, streak=2, best_streak=3, best_seconds=100, fewest_moves=145)


def counted(before: Stats, seconds: int, moves: int, *, daily_run: int = 0) -> Stats:
    """``before`` after a win without help, as statistics.count_won leaves it."""
    after = replace(before, played=before.played, won=before.won + 1, streak=before.streak + 1,
                    best_streak=max(before.best_streak, before.streak + 1),
                    best_seconds=min(before.best_seconds or seconds, seconds),
                    fewest_moves=min(before.fewest_moves or moves, moves))
    if daily_run:
        after.daily = DailyRecord(played=daily_run, won=daily_run, run=daily_run,
                                  last_played=DAY.isoformat(), last_won=DAY.isoformat())
    return after


def lines(news: WinNews) -> list[str]:
    return [text for _, text in news.lines()]


def test_a_new_best_time_and_fewest_moves_say_the_best_they_beat():
    news = win_news(BEFORE, counted(BEFORE, 62, 133), game="Fortress", seconds=62, moves=133)
    assert (news.best_time, news.time_was, news.fewest_moves, news.moves_was) == (62, 100, 133, 145)
    assert lines(news) == ["New best time: 1:02 (was 1:40)", "New fewest moves: 133 (was 145)",
                           "3 wins in a row"]
    assert [kind for kind, _ in news.lines()] == ["best-time", "fewest-moves", "streak"]


def test_a_win_no_better_than_the_bests_says_nothing_of_them():
    for seconds, moves in ((100, 145), (130, 170)):         # a tie is not news either
        news = win_news(BEFORE, counted(BEFORE, seconds, moves), game="Fortress",
                        seconds=seconds, moves=moves)
        assert news.best_time is None and news.fewest_moves is None
        assert lines(news) == ["3 wins in a row"]
    faster = win_news(BEFORE, counted(BEFORE, 90, 150), game="Fortress", seconds=90, moves=150)
    assert lines(faster) == ["New best time: 1:30 (was 1:40)", "3 wins in a row"]


def test_the_first_win_is_said_as_such_not_as_new_bests():
    before = Stats(played=2)
    news = win_news(before, counted(before, 300, 200), game="Morphy", seconds=300, moves=200)
    assert news.first and news.best_time is None and news.fewest_moves is None
    assert lines(news) == ["Your first win at Morphy"]
    # wins with help before it do not make it any less the first
    helped_before = Stats(played=3, helped=2)
    assert win_news(helped_before, counted(helped_before, 300, 200), game="Morphy",
                    seconds=300, moves=200).first


def test_the_streak_is_said_from_two_wins_in_a_row():
    for streak, said in ((0, []), (1, ["2 wins in a row"]), (6, ["7 wins in a row"])):
        before = replace(BEFORE, streak=streak, best_streak=max(streak, 3))
        assert lines(win_news(before, counted(before, 200, 200), game="Fortress",
                              seconds=200, moves=200)) == said
    broken = replace(BEFORE, streak=0)       # the first of a new run: one win is no run
    assert win_news(broken, counted(broken, 200, 200), game="Fortress", seconds=200,
                    moves=200).streak == 0


def test_a_win_with_help_says_so_and_nothing_else():
    before = replace(BEFORE, played=6)
    after = replace(before, helped=1)       # count_won leaves the streak and the bests
    news = win_news(before, after, game="Fortress", seconds=10, moves=100, helped=True, day=DAY)
    assert news == WinNews("Fortress", helped=True)
    assert news.lines() == [("helped", catalogue("en")["win.helped"])]
    first = win_news(Stats(played=1), Stats(played=1, helped=1), game="Fortress", seconds=10,
                     moves=100, helped=True)
    assert not first.first and lines(first) == [catalogue("en")["win.helped"]]


def test_a_deal_of_the_day_says_it_was_won_and_the_run_of_days():
    before = replace(BEFORE, streak=0)
    one = win_news(before, counted(before, 200, 200, daily_run=1), game="Fortress",
                   seconds=200, moves=200, day=DAY)
    assert lines(one) == ["Deal of the day won"]
    four = win_news(before, counted(before, 200, 200, daily_run=4), game="Fortress",
                    seconds=200, moves=200, day=DAY)
    assert four.daily_run == 4 and lines(four) == ["Deal of the day won 4 days in a row"]
    # not a deal of the day, or one whose day was not counted won: no line
    assert win_news(before, counted(before, 200, 200, daily_run=4), game="Fortress",
                    seconds=200, moves=200).daily_run == 0
    assert win_news(before, counted(before, 200, 200), game="Fortress", seconds=200,
                    moves=200, day=DAY).daily_run == 0


def test_the_lines_are_in_the_players_language():
    news = win_news(BEFORE, counted(BEFORE, 62, 133, daily_run=2), game="Fortress",
                    seconds=62, moves=133, day=DAY)
    try:
        set_language("it")
        assert lines(news) == ["Nuovo tempo migliore: 1:02 (prima 1:40)",
                               "Mai così poche mosse: 133 (prima 145)", "3 vittorie di fila",
                               "Smazzata del giorno vinta 2 giorni di fila"]
    finally:
        set_language("en")


# -- the session ---------------------------------------------------------------------

def play_to_the_last_move(session: Session, game_id: str) -> list[str]:
    moves = WINS[game_id]["moves"]
    for text in moves[:-1]:
        session.play([text])
        assert session.win_news is None
    return moves


def test_the_session_keeps_the_news_of_the_win_its_move_counted():
    data = {STATS_KEY: json.dumps({"fortress": {"played": 2, "won": 1, "streak": 1,
                                                "best_streak": 1, "best_seconds": 5000,
                                                "fewest_moves": 999}})}
    session = Session(MemoryStorage(data))
    session.load()
    session.open(GAMES["fortress"], WINS["fortress"]["deal"])
    moves = play_to_the_last_move(session, "fortress")
    session.hand.seconds = 75
    session.play([moves[-1]])
    news = session.win_news
    assert news is not None and not news.first
    assert (news.best_time, news.time_was) == (75, 5000)
    assert (news.fewest_moves, news.moves_was, news.streak) == (len(moves), 999, 2)
    # an undo and the same move again (or a redo) is the win counted already: no news
    session.undo()
    assert session.win_news is None
    session.redo()
    assert session.win_news is None
    session.undo()
    session.play([moves[-1]])
    assert session.win_news is None


def test_a_win_another_tab_counted_first_has_no_news():
    session = Session(MemoryStorage({}))
    session.load()
    session.open(GAMES["fortress"], WINS["fortress"]["deal"])
    moves = play_to_the_last_move(session, "fortress")
    # The other tab, on the same game, won it first and counted it.
    stored = json.loads(session.store.storage.data[STATS_KEY])
    stored["fortress"].update(won=1, streak=1, best_streak=1, best_seconds=9, fewest_moves=9,
                              current={"token": session.hand.token, "counted": True, "won": True})
    session.store.storage.data[STATS_KEY] = json.dumps(stored)
    session.play([moves[-1]])
    assert session.win_news is None
    assert session.stats_for("fortress").won == 1


def test_the_session_tells_a_first_win_with_help_and_a_daily_run():
    rules, win = GAMES["fortress"], WINS["fortress"]
    session = Session(MemoryStorage({}), lambda: DAY)
    session.load()
    session.open(rules, win["deal"], day=DAY)
    for text in win["moves"]:
        session.play([text])
    assert session.win_news == WinNews("Fortress", first=True, daily_run=1)
    helped = Session(MemoryStorage({}))
    helped.load()
    helped.open(rules, win["deal"])
    for index, text in enumerate(win["moves"]):
        helped.play([text], helped=index == 3)
    assert helped.win_news == WinNews("Fortress", helped=True)
