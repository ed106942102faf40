"""Card sounds: the mute button and the settings; web/sound.js makes them.

The sounds are synthesised with Web Audio by ``web/sound.js``, a small
JavaScript module the page loads beside motion.js: its ``SOUNDS`` (a burst of
filtered noise for a card's snap or slide, a soft tone for a refusal, a gentle
arpeggio for a win), the AudioContext, made only at the first sound asked for
after the player's first gesture (a pointer pressed or a key struck on the
page; it listens for them itself), the noise, the envelopes and the volume's
curve. It is JavaScript so that the early table, before Python is up, plays the
very same sounds through the same code (``window.castlingSound``).

What is Python's is here: the mute command and button, and the settings. A
muted player (the setting ``sound`` off) or a volume of 0 asks sound.js for
nothing at all; a page without sound.js plays nothing.

What was scheduled shows on ``<html>`` (sound.js sets it, whoever asked):
``data-sounds-played`` (how many sounds so far), ``data-sound`` (the last one's
name) and ``data-audio`` (the AudioContext's state, absent while there is none);
the mute button ``data-action="mute"`` says ``aria-pressed="true"`` while the
sound is off.
"""

from __future__ import annotations

from castling.app.storage.records import Settings
from castling.i18n import t

from .dom import JsObject, present
from .host import Host


def show_mute(document: JsObject, settings: Settings) -> None:
    """The mute button as the setting is: pressed while the sound is off."""
    button = document.querySelector('[data-action="mute"]')
    if present(button):
        muted = not settings.sound
        button.setAttribute("aria-pressed", "true" if muted else "false")
        button.setAttribute("title", t("sound.unmute.title") if muted else t("sound.mute.title"))


class Sound:
    """Asks sound.js for the sounds, unless muted; mutes and unmutes them."""

    def __init__(self, host: Host) -> None:
        self.host = host
        host.command("mute", self.toggle_mute)
        show_mute(host.document, host.session.preferences.settings)

    def toggle_mute(self) -> None:
        session = self.host.session
        session.preferences.set_setting("sound", not session.preferences.settings.sound)
        show_mute(self.host.document, session.preferences.settings)
        self.host.show_notices()
        self.play("put-down")           # unmuted: the player hears how loud it is

    def play(self, name: str) -> bool:
        """Play the sound ``name`` now, unless muted or silent; whether it played
        (sound.js plays nothing before the player's first gesture either)."""
        settings = self.host.session.preferences.settings
        if not settings.sound or settings.volume <= 0:
            return False
        player: JsObject = getattr(self.host.window, "castlingSound", None)
        if not present(player):
            return False                # (a page without sound.js)
        return bool(player.play(name, settings.volume))
