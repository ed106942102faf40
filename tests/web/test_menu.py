"""The toolbar's menu decided without a browser: where the arrows, Home, End and
a letter move the focus, and what opening and closing leave on the page. (The
browser suite, tests/browser/test_toolbar.py, opens it by click, key and tap.)"""

from __future__ import annotations

import types

import pytest

from castling_web.menu import OPEN, Menu, item_for_letter, next_item

from .stand_in import StandInApp


@pytest.mark.parametrize("at, key, expected", [
    (0, "ArrowDown", 1), (4, "ArrowDown", 0), (0, "ArrowUp", 4), (-1, "ArrowUp", 4),
    (-1, "ArrowDown", 0), (3, "Home", 0), (1, "End", 4), (2, "Enter", None), (2, "a", None),
])
def test_the_arrows_home_and_end_go_round_the_items(at, key, expected):
    assert next_item(5, at, key) == expected


def test_no_items_no_move():
    assert next_item(0, -1, "ArrowDown") is None


def test_a_letter_goes_to_the_next_item_that_begins_with_it():
    labels = ["Redo", "Restart", "Finish", "Show me", "Share", "Stats"]
    assert item_for_letter(labels, 0, "r") == 1
    assert item_for_letter(labels, 1, "R") == 0          # round again
    assert item_for_letter(labels, 3, "s") == 4
    assert item_for_letter(labels, 5, "s") == 3
    assert item_for_letter(labels, 0, "x") is None


class Item:
    """A menu item of the fake page: focusable, shown, maybe disabled."""

    def __init__(self, disabled: bool = False, shown: bool = True) -> None:
        self.disabled = disabled
        self.shown = shown
        self.focused = False

    def matches(self, selector):
        return selector == ":disabled" and self.disabled

    def getClientRects(self):
        return types.SimpleNamespace(length=1 if self.shown else 0)

    def focus(self):
        self.focused = True


@pytest.fixture
def menu():
    app = StandInApp()
    menu = Menu(app)
    menu.menu.hidden = True
    menu.button.focus = lambda: setattr(menu.button, "focused", True)
    menu.items_shown = [Item(disabled=True), Item(), Item(shown=False), Item()]
    menu.menu.querySelectorAll = lambda selector: menu.items_shown
    return app, menu


def test_the_menu_is_a_command_and_opening_focuses_the_first_item_it_can(menu):
    app, menu = menu
    app.run("menu")
    assert not menu.menu.hidden and menu.is_open
    assert menu.button.getAttribute("aria-expanded") == "true"
    assert app.document.documentElement.getAttribute(OPEN) == ""
    first, second, hidden, last = menu.items_shown
    assert second.focused and not first.focused      # the disabled one is skipped
    app.run("menu")                                  # the button again: closed
    assert menu.menu.hidden and menu.button.getAttribute("aria-expanded") == "false"
    assert OPEN not in app.document.documentElement.attributes
    assert menu.button.focused


def test_up_on_the_button_opens_it_on_the_last_item(menu):
    app, menu = menu
    event = types.SimpleNamespace(key="ArrowUp", preventDefault=lambda: None)
    menu.on_button_key(event)
    assert menu.items_shown[-1].focused and not menu.items_shown[2].focused
