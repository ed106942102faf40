"""Which game an address opens (castling.app.opening): the first visit's deal
or the game last played when nothing is in hand, and a deal link's deal, its
game's save taken up first so that a game in progress it replaces can be
brought back."""

from __future__ import annotations

from datetime import date

from castling import GAMES
from castling.app.first_visit import FIRST_DEAL, FIRST_GAME
from castling.app.opening import open_deal, open_first
from castling.app.storage.records import save_key
from castling.app.session import Session
from castling.app.storage.storage_port import MemoryStorage
from castling.app.keeping import Keeping

DAY = date(2026, 12, 5)


def a_session(data: dict | None = None) -> Session:
    session = Session(MemoryStorage({} if data is None else data), lambda: DAY)
    session.load()
    return session


def played(session: Session, game_id: str, number: int) -> dict:
    """A game in progress: one move of deal ``number`` played and saved; the store."""
    session.new_deal(GAMES[game_id], number)
    session.play([session.game.legal_moves()[0]])
    return session.store.storage.data


def in_hand(session: Session) -> tuple[str, int, int]:
    return session.game.rules.id, session.game.number, len(session.game.moves)


def test_nothing_in_hand_opens_the_first_visits_deal_where_the_page_drew_it():
    session = a_session()
    open_first(session, first_table=True)
    assert in_hand(session) == (FIRST_GAME, FIRST_DEAL, 0)


def test_nothing_in_hand_opens_the_game_last_played_as_it_was_left():
    data = played(a_session(), "fortress", 5)
    session = a_session(dict(data))
    open_first(session, first_table=False)
    assert in_hand(session) == ("fortress", 5, 1)
    # a game in hand stays in hand
    open_first(session, first_table=True)
    assert in_hand(session) == ("fortress", 5, 1)


def test_a_first_visit_with_nothing_kept_and_no_table_drawn_opens_chessboard():
    session = a_session()
    open_first(session, first_table=False)
    assert session.game.rules.id == "chessboard"


def test_a_link_to_the_deal_in_hand_changes_nothing():
    session = a_session()
    played(session, "fortress", 5)
    assert open_deal(session, Keeping(session), GAMES["fortress"], 5) is None
    assert in_hand(session) == ("fortress", 5, 1)


def test_a_link_to_a_saved_deal_resumes_it_from_another_game():
    data = played(a_session(), "fortress", 5)
    session = a_session(dict(data))
    session.new_deal(GAMES["martha"], 3)
    assert open_deal(session, Keeping(session), GAMES["fortress"], 5) is None
    assert in_hand(session) == ("fortress", 5, 1)       # the save, not a new deal


def test_a_link_to_another_deal_of_a_game_in_progress_replaces_it_and_can_bring_it_back():
    data = played(a_session(), "fortress", 5)
    session = a_session(dict(data))
    session.new_deal(GAMES["martha"], 3)                 # another game on the table
    before = session.store.storage.data[save_key("fortress")]
    point = open_deal(session, Keeping(session), GAMES["fortress"], 6)
    assert point is not None and in_hand(session) == ("fortress", 6, 0)
    assert Keeping(session).changed_since(point) and Keeping(session).bring_back(point)
    assert in_hand(session) == ("fortress", 5, 1)
    assert session.store.storage.data[save_key("fortress")] == before


def test_a_link_to_a_game_never_played_deals_it_with_nothing_at_stake():
    session = a_session()
    played(session, "fortress", 5)
    assert open_deal(session, Keeping(session), GAMES["morphy"], 9) is None
    assert in_hand(session) == ("morphy", 9, 0)
    assert save_key("fortress") in session.store.storage.data   # the other game's save untouched
