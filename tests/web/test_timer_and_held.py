"""The clock's text, the clock stopping on a hidden page and during a replay,
and held cards' highlights."""

from __future__ import annotations

from castling_web.held import Held, HeldCards
from castling_web.timer import Timer, clock

from .stand_in import StandInApp


def test_clock_text():
    assert clock(0) == "0:00"
    assert clock(65) == "1:05"
    assert clock(3723) == "1:02:03"


def test_the_clock_runs_only_while_the_page_is_seen():
    app = StandInApp("chessboard", 1)
    app.session.play([app.session.game.position.legal_moves()[0]])    # the clock starts at the first move
    timer = Timer(app)
    assert app.window.timers[-1][1] == 1000             # it asked to tick every second
    timer.on_tick()
    assert app.session.hand.seconds == 1
    assert app.document.getElementById("timer").textContent == "0:01"
    app.view_only = True                                # a replay is watched
    timer.on_tick()
    assert app.session.hand.seconds == 1
    app.view_only = False
    app.document.hidden = True
    timer.on_tick()
    assert app.session.hand.seconds == 1


def test_held_cards_light_up_and_go_dark(view):
    held = HeldCards(view)
    names = ("t1", "t2", "f1")
    held.hold(names, 0, 2, {1: [], 2: []})
    assert held.now == Held(0, 2)
    assert view.marks["target"][0] == ("t2", "f1")
    assert len(view.marks["selected"][1]) == 2
    held.put_back()
    assert held.now is None
    assert view.marks["selected"] == ((), ()) and view.marks["target"] == ((), ())
