"""The settings dialog, and how the settings look on the page: the deck's
colours, contrast, card size, language and "winnable deals only".

The settings themselves are the session's (``castling.player``): read and
written there, shown here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .app import App


class SettingsDialog:
    def __init__(self, app: App) -> None:
        self.app = app

    def open(self) -> None:
        """Show the dialog with every control set as the settings are."""
        document, settings = self.app.document, self.app.session.settings
        for box in document.querySelectorAll("[data-setting]"):
            box.checked = getattr(settings, box.getAttribute("data-setting"))
        rules = self.app.session.game.rules
        document.getElementById("card-size").value = settings.card_size
        document.getElementById("language").value = settings.language
        document.getElementById("winnable-only").checked = rules.id in settings.winnable_only
        document.getElementById("settings-dialog").showModal()

    def on_switch(self, event) -> None:
        """An on/off setting (auto-play, animations, one tap, four colours, contrast)."""
        box = event.target
        self.app.session.set_setting(box.getAttribute("data-setting"), bool(box.checked))
        self.apply_look()
        self.app.show_notices()

    def on_card_size(self, event) -> None:
        self.app.session.set_choice("card_size", str(event.target.value))
        self.apply_look()
        self.app.show_notices()

    def on_language(self, event) -> None:
        app = self.app
        app.session.set_choice("language", str(event.target.value))
        app.chrome.apply_language(app.session.settings.language)
        app.view.build(app.session.game.rules)        # the piles' spoken names
        app.show_game()

    def on_winnable_only(self, event) -> None:
        app = self.app
        app.session.set_winnable_only(app.session.game.rules.id, bool(event.target.checked))
        app.show_notices()

    def apply_look(self) -> None:
        """The deck, contrast and card size settings, as classes on the page."""
        settings = self.app.session.settings
        classes = self.app.document.documentElement.classList
        classes.toggle("deck-four", settings.four_colour)
        classes.toggle("contrast-high", settings.high_contrast)
        self.app.view.card_size = settings.card_size
        self.app.view.fit()
