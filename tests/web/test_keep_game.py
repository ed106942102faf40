"""The offer of a game given up (issue #25): a toast with the keep-game button
after New deal or Restart of a game in progress, none for a fresh game, and
the offer gone once a move is made on the new deal."""

from __future__ import annotations

import itertools

from castling import GAMES, Position
from castling.app import session
from castling_web.game_commands import GameCommands
from castling_web.keep_game import KeepGame
from castling.app.keeping import Keeping

from .stand_in import StandInApp


def table(app):
    """The toolbar's buttons, as plain elements of the fake page."""
    app.chrome.button = lambda action: app.document.getElementById(f"button-{action}")
    return app


def playing():
    app = table(StandInApp("fortress", 5))
    keep = KeepGame(app, Keeping(app.session))
    GameCommands(app, advice=None, keep=keep)
    for _ in range(2):
        app.session.play([app.session.game.legal_moves()[0]])
    return app, keep


def offered(app) -> bool:
    button = app.document.getElementById("toast-action")
    return (not app.document.getElementById("toast").hidden and not button.hidden
            and button.getAttribute("data-action") == "keep-game")


def stored(app):
    return dict(app.session.store.storage.data)


def test_new_deal_offers_the_game_back_and_keep_game_brings_it_back_exactly():
    app, _ = playing()
    before, moves = stored(app), app.session.game.moves
    app.run("new")
    assert offered(app) and app.session.game.moves == []
    assert "counts as lost" in app.document.getElementById("notice").textContent
    app.run("keep-game")
    assert stored(app) == before and app.session.game.moves == moves
    assert app.document.getElementById("toast").hidden


def test_restart_offers_its_moves_back():
    app, _ = playing()
    before, moves = stored(app), app.session.game.moves
    app.run("restart")
    assert offered(app) and app.session.game.moves == []
    app.run("keep-game")
    assert stored(app) == before and app.session.game.moves == moves


def test_a_fresh_deal_is_replaced_without_an_offer():
    app = table(StandInApp("fortress", 5))
    GameCommands(app, advice=None, keep=KeepGame(app, Keeping(app.session)))
    app.run("new")
    assert not offered(app)


def test_a_move_on_the_new_deal_ends_the_offer(monkeypatch):
    app, keep = playing()
    # "New deal" deals at random, and about one Fortress deal in twenty has no
    # move at all: this new deal is the first after deal 5 that has one.
    number = next(n for n in itertools.count(6) if Position.deal(GAMES["fortress"], n).legal_moves())
    monkeypatch.setattr(session, "random_deal_number", lambda: number)
    app.run("new")
    assert app.session.game.number == number
    app.play([app.session.game.legal_moves()[0]], 1)
    app.refresh()
    assert keep.point is None and app.document.getElementById("toast").hidden
    app.run("keep-game")        # (a click that came too late)
    assert len(app.session.game.moves) == 1 and "no longer" in app.notices[-1]


def test_a_message_without_an_offer_has_no_button():
    app, _ = playing()
    app.run("new")
    app.chrome.toasts.show("something else")
    assert not offered(app)
