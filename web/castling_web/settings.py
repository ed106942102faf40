"""The settings dialog, and how the settings look on the page: the deck's
colours, contrast, card size, card back, table colour, language, "winnable
deals only", the speed of moves (the slides, and the pace Show me and a replay
start at) and the sound (the mute button shows it).

The settings themselves are the session's (``castling.player``): read and
written there, shown here.
"""

from __future__ import annotations

from castling.player.records import CHOICES, NUMBERS, SWITCHES

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
        for select in document.querySelectorAll("[data-choice]"):
            host.listen(select, "change", self.on_choice)
        host.listen(document.getElementById("language"), "change", self.on_language)

    def open(self) -> None:
        """Show the dialog with every control set as the settings are."""
        document, settings = self.host.document, self.host.session.settings
        for box in document.querySelectorAll("[data-setting]"):
            name = box.getAttribute("data-setting")
            if name in SWITCHES:
                box.checked = getattr(settings, name)
            else:
                box.value = str(getattr(settings, name))
        rules = self.host.session.game.rules
        document.getElementById("card-size").value = settings.card_size
        for select in document.querySelectorAll("[data-choice]"):
            select.value = getattr(settings, select.getAttribute("data-choice"))
        document.getElementById("language").value = settings.language
        document.getElementById("winnable-only").checked = rules.id in settings.winnable_only
        document.getElementById("settings-dialog").showModal()

    def on_switch(self, event) -> None:
        """A setting of the dialog's ``data-setting`` controls: on/off (auto-play,
        sound, four colours, contrast, calm), a named choice (the speed, one tap or
        two), or the volume."""
        box = event.target
        name, session = str(box.getAttribute("data-setting")), self.host.session
        if name in SWITCHES:
            session.set_setting(name, bool(box.checked))
        elif name in NUMBERS:
            session.set_number(name, int(float(box.value)))
        elif name in CHOICES:
            session.set_choice(name, str(box.value))
        self.apply_look()
        self.host.show_notices()
        if name in ("volume", "sound"):
            self.host.sound("put-down")         # how loud it is now

    def on_card_size(self, event) -> None:
        self.host.session.set_choice("card_size", str(event.target.value))
        self.apply_look()
        self.host.show_notices()

    def on_choice(self, event) -> None:
        """A look chosen by name (the card back, the table's colour)."""
        select = event.target
        self.host.session.set_choice(select.getAttribute("data-choice"), str(select.value))
        self.apply_look()
        self.host.show_notices()

    def on_language(self, event) -> None:
        host = self.host
        host.session.set_choice("language", str(event.target.value))
        host.chrome.apply_language(host.session.settings.language)
        show_mute(host.document, host.session.settings)
        host.view.build(host.session.game.rules)        # the piles' spoken names
        host.show_game()

    def on_winnable_only(self, event) -> None:
        host = self.host
        host.session.set_winnable_only(host.session.game.rules.id, bool(event.target.checked))
        host.show_notices()

    def apply_look(self) -> None:
        """The deck, contrast, card back, table and card size settings, as classes
        on the page (and the card size as the table's measure)."""
        settings = self.host.session.settings
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
