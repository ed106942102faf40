"""Pointer play decided without a browser: what a tap (one-tap and two-tap), a
double tap and a drag do."""

from __future__ import annotations

import types

import pytest

from castling.i18n import t
from castling.app.table.board import home_move, pickable_counts, targets
from castling_web.held import Held
from castling.app.table.tap import next_place, tap_places
from castling_web.pointer import (DOUBLE_TAP_MS, DRAG_THRESHOLD, EDGE, PointerInput, Press, Tap,
                                  edge_scroll, most_covered)

from .fake_page import Element
from .stand_in import StandInApp


def a_movable_card(app: StandInApp, *, home: bool = False):
    """(source, target, moves) of a single card that can move (to a foundation if ``home``)."""
    position = app.position
    for source in range(len(position.piles)):
        if 1 not in pickable_counts(position, source):
            continue
        found = targets(position, source, 1)
        homeward = home_move(position, source)
        if home and homeward:
            return source, homeward[1], [homeward]
        if not home and found and not homeward:
            target, moves = next(iter(found.items()))
            return source, target, moves
    pytest.skip("this deal has no such card")      # never, for the deals used here


@pytest.fixture
def pointer(app):
    """Pointer play the two-tap way: pick up, then put down."""
    app.session.preferences.set_choice("tap", "two")
    return PointerInput(app)


def test_a_press_becomes_a_drag_past_the_threshold():
    press = Press(10, 10, "t1", 1)
    assert not press.is_drag(DRAG_THRESHOLD - 1, 0)
    assert press.is_drag(DRAG_THRESHOLD, 0)
    assert press.is_drag(-3, -3)
    press.dragging = True
    assert press.is_drag(0, 0)          # once dragging, always dragging


def test_two_taps_on_one_pile_in_time_are_a_double_tap():
    tap = Tap("t3", 1000.0)
    assert tap.is_double("t3", 1000.0 + DOUBLE_TAP_MS - 1)
    assert not tap.is_double("t3", 1000.0 + DOUBLE_TAP_MS)
    assert not tap.is_double("t4", 1001.0)
    assert not Tap().is_double("t3", 0.0)


def test_tap_picks_up_then_tap_on_a_target_plays_the_engines_move(app, pointer):
    source, target, moves = a_movable_card(app)
    pointer.tap(app.names[source], 1, now=0.0)
    assert app.held.now == Held(source, 1)
    assert app.names[target] in app.view.marks["target"][0]
    pointer.tap(app.names[target], None, now=5000.0)
    assert app.played == [(moves, 1)]
    assert app.held.now is None


def test_tapping_the_held_card_again_puts_it_back(app, pointer):
    source, _, _ = a_movable_card(app)
    pointer.tap(app.names[source], 1, now=0.0)
    pointer.tap(app.names[source], 1, now=5000.0)       # not a double tap: too late
    assert app.held.now is None and app.played == []
    assert app.view.marks["selected"] == ((), ())


def test_a_double_tap_sends_the_card_home():
    app = StandInApp("fortress", 3)
    app.session.preferences.set_choice("tap", "two")
    pointer = PointerInput(app)
    source, target, moves = a_movable_card(app, home=True)
    pointer.tap(app.names[source], 1, now=100.0)
    pointer.tap(app.names[source], 1, now=100.0 + DOUBLE_TAP_MS / 2)
    assert app.played[-1] == (moves, 1)
    assert target >= app.session.game.position.tables.first_foundation


def test_one_tap_sends_a_card_to_its_best_place_and_a_second_tap_on_to_the_next():
    app = StandInApp("fortress", 3)
    assert app.session.preferences.settings.tap == "one"            # the default
    pointer = PointerInput(app)
    source = app.piles_where(lambda position, s: len(tap_places(position, s, 1)) >= 2)[0]
    first = next_place(app.position, source, 1)
    pointer.tap(app.names[source], 1, now=0.0)
    assert app.played[-1] == (targets(app.position.copy(), source, 1).get(first)
                              or app.played[-1][0], 1)
    assert app.played[-1][0][-1][1] == first and app.held.now is None
    then = next_place(app.position, first, 1, (source, first))
    pointer.tap(app.names[first], 1, now=50.0)          # soon after: no double tap here
    assert app.played[-1][0] == [(first, then, 1)]


def test_one_tap_on_a_card_with_nowhere_to_go_says_so_quietly():
    app = StandInApp("martha", 1)
    pointer = PointerInput(app)
    stuck = app.piles_where(lambda position, s: position.piles[s] and s < position.tables.n_tableau
                            and 1 not in pickable_counts(position, s))[0]
    pointer.tap(app.names[stuck], 1, now=0.0)
    assert app.played == [] and app.said == [t("say.nowhere")] and app.notices == []
    top = app.view.cards_of(app.names[stuck])[-1]
    assert app.motion.asked == [("nudge", [top])] and app.sounds == []     # a shake, no sound
    pointer.tap(app.names[stuck], None, now=1000.0)     # a face-down card, or no card: not a word
    assert app.said == [t("say.nowhere")] and len(app.motion.asked) == 1


def test_a_drop_goes_to_the_legal_pile_covered_most():
    card = (100.0, 100.0, 200.0, 240.0)
    assert most_covered(card, {3: (0, 0, 130, 400), 4: (130, 0, 260, 400)}) == 4
    assert most_covered(card, {3: (0, 0, 130, 400)}) == 3           # 30% of it: enough
    assert most_covered(card, {3: (0, 0, 110, 400)}) is None        # a sliver is not a drop
    assert most_covered(card, {}) is None


def test_the_table_keeps_its_layout_from_the_lift_of_a_drag_to_its_drop(app, pointer):
    source, _, _ = a_movable_card(app)
    press = Press(0, 0, app.names[source], 1)
    assert pointer._start_drag(press)
    assert app.view.layout_held
    pointer._drop(press)
    assert not app.view.layout_held


def test_a_drag_near_an_edge_scrolls_the_board_faster_the_nearer():
    assert edge_scroll(300, 0, 600) == 0
    assert 0 < edge_scroll(600 - EDGE + 1, 0, 600) < edge_scroll(599, 0, 600)
    assert edge_scroll(1, 0, 600) < 0


def test_a_face_down_or_stuck_card_is_not_picked_up():
    app = StandInApp("chessboard", 1)
    pointer = PointerInput(app)
    pointer.tap("t1", None, now=0.0)          # None: the pointer was on a face-down card
    assert app.held.now is None and app.played == []


def test_nothing_is_picked_up_or_put_back_while_the_table_is_view_only(app, pointer):
    source, _, _ = a_movable_card(app)
    pointer.tap(app.names[source], 1, now=0.0)
    press = types.SimpleNamespace(button=0, isPrimary=True, target=Element())
    app.view_only = True                    # a replay is shown
    pointer.on_down(press)
    assert app.held.now == Held(source, 1)
    app.view_only = False
    pointer.on_down(press)                  # off the piles: the card goes back
    assert app.held.now is None
