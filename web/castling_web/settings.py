"""The settings dialog, and how the settings look on the page: the deck's
colours, contrast, card size, language and "winnable deals only".

The settings themselves are the session's (``castling.player``): read and
written there, shown here.
"""

from __future__ import annotations

from .host import Host


class SettingsDialog:
    def __init__(self, host: Host) -> None:
        self.host = host
        document = host.document
        host.command("settings", self.open)
        for box in document.querySelectorAll("[data-setting]"):
            host.listen(box, "change", self.on_switch)
        host.listen(document.getElementById("winnable-only"), "change", self.on_winnable_only)
        host.listen(document.getElementById("card-size"), "change", self.on_card_size)
        host.listen(document.getElementById("language"), "change", self.on_language)

    def open(self) -> None:
        """Show the dialog with every control set as the settings are."""
        document, settings = self.host.document, self.host.session.settings
        for box in document.querySelectorAll("[data-setting]"):
            box.checked = getattr(settings, box.getAttribute("data-setting"))
        rules = self.host.session.game.rules
        document.getElementById("card-size").value = settings.card_size
        document.getElementById("language").value = settings.language
        document.getElementById("winnable-only").checked = rules.id in settings.winnable_only
        document.getElementById("settings-dialog").showModal()

    def on_switch(self, event) -> None:
        """An on/off setting (auto-play, animations, one tap, four colours, contrast)."""
        box = event.target
        self.host.session.set_setting(box.getAttribute("data-setting"), bool(box.checked))
        self.apply_look()
        self.host.show_notices()

    def on_card_size(self, event) -> None:
        self.host.session.set_choice("card_size", str(event.target.value))
        self.apply_look()
        self.host.show_notices()

    def on_language(self, event) -> None:
        host = self.host
        host.session.set_choice("language", str(event.target.value))
        host.chrome.apply_language(host.session.settings.language)
        host.view.build(host.session.game.rules)        # the piles' spoken names
        host.show_game()

    def on_winnable_only(self, event) -> None:
        host = self.host
        host.session.set_winnable_only(host.session.game.rules.id, bool(event.target.checked))
        host.show_notices()

    def apply_look(self) -> None:
        """The deck, contrast and card size settings, as classes on the page."""
        settings = self.host.session.settings
        classes = self.host.document.documentElement.classList
        classes.toggle("deck-four", settings.four_colour)
        classes.toggle("contrast-high", settings.high_contrast)
        self.host.view.card_size = settings.card_size
        self.host.view.fit()
