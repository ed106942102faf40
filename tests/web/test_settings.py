"""A setting switched in the dialog is kept by the session and shows on the page."""

from __future__ import annotations

import types

from castling_web.settings import SettingsDialog

from .fake_page import Element


def test_a_switch_is_kept_and_the_look_follows_it(app):
    settings = SettingsDialog(app)
    box = Element("input", data_setting="high_contrast")
    box.type, box.checked = "checkbox", True
    settings.on_switch(types.SimpleNamespace(target=box))
    assert app.session.preferences.settings.high_contrast
    assert "contrast-high" in app.document.documentElement.classList.names
    # The deck is chosen from two pictures: radios of one setting, "false" and "true".
    for value, four in (("true", True), ("false", False), ("true", True)):
        picture = Element("input", data_setting="four_colour")
        picture.type, picture.value, picture.checked = "radio", value, True
        settings.on_switch(types.SimpleNamespace(target=picture))
        assert app.session.preferences.settings.four_colour is four
        assert ("deck-four" in app.document.documentElement.classList.names) is four
    size = types.SimpleNamespace(target=types.SimpleNamespace(value="large"))
    settings.on_card_size(size)
    assert app.view.card_size == "large"


def test_the_dialog_binds_its_own_controls_and_command(app):
    SettingsDialog(app)
    assert "settings" in app.commands
    bound = {(target.getAttribute("id"), event) for target, event, _ in app.listening}
    assert {("winnable-only", "change"), ("card-size", "change"),
            ("language", "change")} <= bound


def test_a_card_back_and_a_table_are_kept_and_shown_as_one_class_each(app):
    settings = SettingsDialog(app)
    for name, value in (("card_back", "red"), ("table", "blue"), ("card_back", "night")):
        group, picture = Element("fieldset", data_choice=name), Element("input")
        picture.type, picture.value = "radio", value
        settings.on_choice(types.SimpleNamespace(target=picture, currentTarget=group))
    assert (app.session.preferences.settings.card_back, app.session.preferences.settings.table) == ("night", "blue")
    looks = app.document.documentElement.classList.names
    assert {"back-night", "table-blue"} <= looks
    assert not looks & {"back-red", "back-blue", "table-green", "table-burgundy"}

