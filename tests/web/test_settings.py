"""A setting switched in the dialog is kept by the session and shows on the page."""

from __future__ import annotations

import types

from castling_web.settings import SettingsDialog

from .fake_page import Element


def test_a_switch_is_kept_and_the_look_follows_it(app):
    settings = SettingsDialog(app)
    box = Element("input", data_setting="four_colour")
    box.checked = True
    settings.on_switch(types.SimpleNamespace(target=box))
    assert app.session.settings.four_colour
    assert "deck-four" in app.document.documentElement.classList.names
    size = types.SimpleNamespace(target=types.SimpleNamespace(value="large"))
    settings.on_card_size(size)
    assert app.view.card_size == "large"


def test_the_dialog_binds_its_own_controls_and_command(app):
    SettingsDialog(app)
    assert "settings" in app.commands
    bound = {(target.getAttribute("id"), event) for target, event, _ in app.listening}
    assert {("winnable-only", "change"), ("card-size", "change"),
            ("language", "change")} <= bound
