"""The win's celebration (castling_web/celebration.py) in CPython, on the fake
page: none at speed "off" or under reduced motion, the foundation cards' copies
flown by transform and opacity only, any key or press skipping it without
reaching the page, and the summary once, at the end or at the skip. (Chromium
plays it for real in tests/browser/test_win.py.)"""

from __future__ import annotations

import random
import re
import types

import pytest

from castling_web.celebration import (BEAT_MS, FLIGHT_MS, LEAVING_MS, MOST_CARDS, Celebration,
                                      flight, leaving_order)

from .stand_in import StandInApp


class Event:
    """A DOM event that records what its listener did to it."""

    def __init__(self, kind: str) -> None:
        self.type = kind
        self.done: list[str] = []

    def preventDefault(self): self.done.append("preventDefault")
    def stopPropagation(self): self.done.append("stopPropagation")
    def stopImmediatePropagation(self): self.done.append("stopImmediatePropagation")


@pytest.fixture
def won():
    """A stand-in page whose Fortress game is on the table, and the celebration
    with a count of the summaries it opened."""
    app = StandInApp("fortress", 5)
    summaries = []
    celebration = Celebration(app, lambda: summaries.append(1))
    return app, celebration, summaries


def showing(app, celebration) -> bool:
    overlay = celebration.overlay
    return overlay in app.document.body.children and "data-celebration" in overlay.attributes


def key_listener(app):
    return app.window.listeners["keydown"][0]


def test_speed_off_or_reduced_motion_shows_the_summary_at_once(won):
    app, celebration, summaries = won
    app.session.preferences.settings.speed = "off"
    celebration.begin()
    assert summaries == [1] and not showing(app, celebration) and app.window.timers == []
    app.session.preferences.settings.speed = "normal"
    app.window.matchMedia = lambda query: types.SimpleNamespace(
        matches=query == "(prefers-reduced-motion: reduce)")
    celebration.begin()
    assert summaries == [1, 1] and not showing(app, celebration)


def test_the_cards_fly_and_the_summary_opens_when_they_have(won):
    app, celebration, summaries = won
    celebration.begin()
    assert showing(app, celebration) and summaries == []
    (launch, beat), = app.window.timers
    assert beat == BEAT_MS
    launch()
    copies = celebration.flights.children
    assert len(copies) == MOST_CARDS
    assert all(copy.className == "card" for copy in copies)
    flights = [a for copy in copies for a in copy.animations]
    assert len(flights) == MOST_CARDS
    for animation in flights:       # composited: nothing but transform and opacity moves
        assert {key for frame in animation.keyframes for key in frame} <= {
            "offset", "transform", "opacity"}
    originals = [card for name in ("f1", "f2", "f3", "f4") for card in app.view.cards_of(name)]
    assert sum(len(card.animations) for card in originals) == MOST_CARDS
    end, total = app.window.timers[-1]
    assert total == LEAVING_MS + FLIGHT_MS
    end()
    assert summaries == [1] and not showing(app, celebration)
    assert "data-celebration" not in celebration.overlay.attributes
    assert all(a.cancelled for card in originals for a in card.animations)   # the piles are back
    assert app.window.listeners["keydown"] == []


def test_slow_takes_longer_and_fast_less(won):
    app, celebration, _ = won
    app.session.preferences.settings.speed = "slow"
    celebration.begin()
    assert app.window.timers[-1][1] > BEAT_MS
    celebration.finish()
    app.session.preferences.settings.speed = "fast"
    celebration.begin()
    assert app.window.timers[-1][1] < BEAT_MS


def test_a_key_skips_it_unheard_and_the_summary_opens_when_it_is_let_go(won):
    app, celebration, summaries = won
    celebration.begin()
    app.window.timers[0][0]()           # the cards are flying
    listener = key_listener(app)
    up = Event("keyup")                 # the key that made the winning move, let go
    listener(up)
    assert showing(app, celebration) and summaries == []
    down = Event("keydown")
    listener(down)
    assert {"preventDefault", "stopImmediatePropagation"} <= set(down.done)
    assert celebration.flights.children == [] and summaries == []   # gone, the summary waits
    listener(Event("keyup"))
    assert summaries == [1] and not showing(app, celebration)
    listener(Event("keydown"))          # over: keys are the page's again
    assert summaries == [1]


def test_a_press_skips_it_without_reaching_what_is_under_it(won):
    app, celebration, summaries = won
    celebration.begin()
    listeners = {event: [handler] for target, event, handler in app.listening
                 if target is celebration.overlay}
    down = Event("pointerdown")
    listeners["pointerdown"][0](down)
    assert {"preventDefault", "stopPropagation"} <= set(down.done) and summaries == []
    listeners["pointerup"][0](Event("pointerup"))
    assert summaries == [1] and not showing(app, celebration)
    listeners["click"][0](Event("click"))       # the press's click: nothing more
    assert summaries == [1]


def test_a_table_no_longer_won_ends_it_without_a_summary(won):
    app, celebration, summaries = won
    celebration.begin()
    celebration.on_change()             # (the stand-in's game is not won)
    assert not showing(app, celebration) and summaries == []


def test_a_flight_arcs_bounces_on_the_bottom_and_fades():
    room_w, room_h, card_h = 390.0, 844.0, 77.0
    for seed in range(20):
        frames = flight(random.Random(seed), 60.0, 70.0, 55.0, card_h, room_w, room_h)
        offsets = [frame["offset"] for frame in frames]
        assert offsets[0] == 0 and offsets[-1] == 1 and offsets == sorted(set(offsets))
        drops = [float(re.match(r"translate\([-\d.]+px, ([-\d.]+)px\)", frame["transform"]).group(1))
                 for frame in frames]
        assert drops[0] == 0 and min(drops) <= 0                # thrown up (or level) first
        assert max(drops) <= room_h - card_h - 70.0 + 0.1       # never through the bottom
        assert frames[0]["opacity"] == 1 and frames[-1]["opacity"] == 0


def test_the_top_cards_leave_first_round_the_foundations():
    piles = [["AC", "2C", "3C"], ["AS"], ["AH", "2H"]]
    assert leaving_order(piles) == ["3C", "AS", "2H", "2C", "AH", "AC"]
    assert len(leaving_order([[str(n) for n in range(60)]] * 3)) == MOST_CARDS
