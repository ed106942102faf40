"""The settings dialog, and how the settings look on the page: the deck's
colours, contrast, card size, card back, table colour, language, "winnable
deals only", the speed of moves (the slides, and the pace Show me and a replay
start at) and the sound (the mute button shows it).

The settings themselves are the session's (``castling.app.preferences``): read and
written there, shown here.
"""

from __future__ import annotations

from castling.app.storage.records import CHOICES, NUMBERS, SWITCHES

from .dom import JsObject
from .host import Host
from .looks import LOOK_CLASSES, LOOK_SWITCHES
from .pacing import pace_for
from .sound import show_mute

#: the selects that pace moves one by one (Show me's, the replay's): they start
#: at the player's speed
PACED = ("show-me-speed", "replay-speed")


class SettingsDialog:
    def __init__(self, host: Host) -> None:
        self.host = host
        document = host.document
        host.command("settings", self.open)
        for box in document.querySelectorAll("[data-setting]"):
            host.listen(box, "change", self.on_switch)
        host.listen(document.getElementById("winnable-only"), "change", self.on_winnable_only)
        host.listen(document.getElementById("card-size"), "change", self.on_card_size)
        for group in document.querySelectorAll("[data-choice]"):
            host.listen(group, "change", self.on_choice)
        host.listen(document.getElementById("language"), "change", self.on_language)

    def open(self) -> None:
        """Show the dialog with every control set as the settings are."""
        document, settings = self.host.document, self.host.session.preferences.settings
        for box in document.querySelectorAll("[data-setting]"):
            name = box.getAttribute("data-setting")
            value = getattr(settings, name)
            if box.type == "radio":         # one of a group: a choice, or the deck's on/off
                box.checked = box.value == _as_value(value)
            elif name in SWITCHES:
                box.checked = value
            else:
                box.value = str(value)
        rules = self.host.session.game.rules
        _check(document.getElementById("card-size"), settings.card_size)
        for group in document.querySelectorAll("[data-choice]"):
            _check(group, getattr(settings, group.getAttribute("data-choice")))
        document.getElementById("language").value = settings.language
        document.getElementById("winnable-only").checked = rules.id in settings.winnable_only
        self.show_card_size()
        document.getElementById("settings-dialog").showModal()

    def on_switch(self, event: JsObject) -> None:
        """A setting of the dialog's ``data-setting`` controls: on/off (auto-play,
        sound, contrast, calm; the deck's two pictures, "false" and "true"), a
        named choice (the speed, one tap or two), or the volume."""
        box = event.target
        name, session = str(box.getAttribute("data-setting")), self.host.session
        if name in SWITCHES:
            on = box.value == "true" if box.type == "radio" else bool(box.checked)
            session.preferences.set_setting(name, on)
        elif name in NUMBERS:
            session.preferences.set_number(name, int(float(box.value)))
        elif name in CHOICES:
            session.preferences.set_choice(name, str(box.value))
        self.apply_look()
        self.host.show_notices()
        if name in ("volume", "sound"):
            self.host.sound("put-down")         # how loud it is now

    def on_card_size(self, event: JsObject) -> None:
        self.host.session.preferences.set_choice("card_size", str(event.target.value))
        self.apply_look()
        self.show_card_size()
        self.host.show_notices()

    def on_choice(self, event: JsObject) -> None:
        """A look chosen from its picture (the card back, the table's colour): the
        group names the setting, the radio chosen its value."""
        group = event.currentTarget
        self.host.session.preferences.set_choice(group.getAttribute("data-choice"), str(event.target.value))
        self.apply_look()
        self.host.show_notices()

    def on_language(self, event: JsObject) -> None:
        host = self.host
        host.session.preferences.set_choice("language", str(event.target.value))
        host.chrome.apply_language(host.session.preferences.settings.language)
        show_mute(host.document, host.session.preferences.settings)
        host.view.build(host.session.game.rules)        # the piles' spoken names
        host.show_game()

    def on_winnable_only(self, event: JsObject) -> None:
        host = self.host
        host.session.preferences.set_winnable_only(host.session.game.rules.id, bool(event.target.checked))
        host.show_notices()

    def apply_look(self) -> None:
        """The deck, contrast, card back, table and card size settings, as classes
        on the page (and the card size as the table's measure)."""
        settings = self.host.session.preferences.settings
        classes = self.host.document.documentElement.classList
        for name, class_name in LOOK_SWITCHES.items():
            classes.toggle(class_name, getattr(settings, name))
        for name, prefix in LOOK_CLASSES.items():
            for value in CHOICES[name]:
                classes.toggle(f"{prefix}-{value}", value == getattr(settings, name))
        document = self.host.document
        for name in PACED:
            document.getElementById(name).value = pace_for(settings.speed)
        show_mute(document, settings)
        self.host.view.card_size = settings.card_size
        self.host.view.fit()

    def show_card_size(self) -> None:
        """The dialog's preview cards at the width the table now gives a card."""
        document = self.host.document
        width = document.getElementById("board").style.getPropertyValue("--card-w")
        if width:
            document.getElementById("card-size-preview").style.setProperty("--card-w", width)


def _as_value(value: object) -> str:
    """A setting as a radio's value: "true"/"false" for on/off, else its name."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _check(group: JsObject, value: str) -> None:
    """Check the radio of ``group`` whose value is ``value``."""
    for radio in group.querySelectorAll("input[type=radio]"):
        radio.checked = radio.value == value
