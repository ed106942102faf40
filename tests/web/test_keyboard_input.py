"""Keyboard play decided without a browser: which key is which command, and
what Enter on a pile picks up, puts down and says."""

from __future__ import annotations

import types

import pytest

from castling.i18n import t
from castling.app.table.board import pickable_counts, targets
from castling.app.words.spoken import pile_title
from castling_web.held import Held
from castling_web.keyboard import KeyboardInput, command_for

from .fake_page import Element
from .stand_in import StandInApp


@pytest.mark.parametrize("key, command, shift, action", [
    ("u", False, False, "undo"), ("U", False, True, "undo"), ("h", False, False, "hint"),
    ("?", False, True, "keys"), ("z", True, False, "undo"), ("Z", True, True, "redo"),
    ("y", True, False, "redo"), ("n", False, False, "new"), ("m", False, False, "menu"),
    ("u", True, False, None), ("x", False, False, None), ("Enter", False, False, None),
])
def test_keys_name_commands(key, command, shift, action):
    assert command_for(key, command=command, shift=shift) == action


@pytest.fixture
def keyboard(app):
    return KeyboardInput(app)


def test_enter_picks_up_says_where_it_may_go_and_enter_on_a_target_plays(app, keyboard):
    names = app.names
    source = app.piles_where(lambda position, s: targets(position, s, 1))[0]
    target, moves = next(iter(targets(app.position, source, 1).items()))
    keyboard.select(names[source])
    assert app.held.now == Held(source, 1)
    assert pile_title(app.session.game.rules, names[target]).lower() in app.said[-1]
    keyboard.select(names[target])
    assert app.played == [(moves, 1)]


def test_enter_again_on_a_pile_with_nothing_more_to_lift_puts_back(app, keyboard):
    source = app.names[app.piles_where(lambda position, s: pickable_counts(position, s) == {1})[0]]
    keyboard.select(source)
    keyboard.select(source)
    assert app.held.now is None
    assert app.said[-1] == t("say.put_back")


def test_enter_on_a_pile_that_cannot_move_says_so(app, keyboard):
    stuck = app.names[app.piles_where(lambda position, s: not pickable_counts(position, s))[0]]
    keyboard.select(stuck)
    assert app.held.now is None and app.played == []
    assert app.said[-1] != "" and app.said[-1] != t("say.put_back")


def test_shift_enter_where_no_card_goes_home_says_so(app, keyboard):
    rules = app.session.game.rules
    foundation = rules.pile_names[app.session.game.position.tables.first_foundation]
    keyboard.send_home(foundation)
    assert app.said == [t("say.not_home")] and app.played == []


def test_the_games_keys_rest_while_the_table_is_view_only(app, keyboard):
    ran = []
    app.command("undo", lambda: ran.append("undo"))
    key = types.SimpleNamespace(key="u", altKey=False, ctrlKey=False, metaKey=False,
                                shiftKey=False, target=Element(), preventDefault=lambda: None)
    app.view_only = True                    # a replay is shown: its own keys work instead
    keyboard.on_key(key)
    assert ran == []
    app.view_only = False
    keyboard.on_key(key)
    assert ran == ["undo"]
