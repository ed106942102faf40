"""The card sounds, Python's side: a muted player or a volume of 0 asks
web/sound.js for nothing, the mute command is kept, and a page without sound.js
plays nothing (CPython, with a fake ``castlingSound`` that records what it was
asked and plays only after a gesture, as sound.js does; the synthesis itself is
tested in Chromium, tests/browser/test_sound_and_speed.py)."""

from __future__ import annotations

from castling_web.sound import Sound

NAMES = ("pick-up", "put-down", "turn-over", "deal", "refused", "win")


class FakeSound:
    """window.castlingSound: what it was asked for, and the attributes on <html>
    sound.js would set; it plays nothing before ``wake`` (the player's gesture)."""

    def __init__(self, document) -> None:
        self.root = document.documentElement
        self.asked: list[tuple[str, int]] = []
        self.woken = False

    def wake(self, event=None) -> None:
        self.woken = True

    def play(self, name: str, volume: int) -> bool:
        self.asked.append((name, volume))
        if not self.woken or volume <= 0:
            return False
        played = int(self.root.getAttribute("data-sounds-played") or 0) + 1
        self.root.setAttribute("data-sounds-played", str(played))
        self.root.setAttribute("data-sound", name)
        self.root.setAttribute("data-audio", "running")
        return True


def a_sound(app) -> tuple[Sound, FakeSound]:
    player = FakeSound(app.document)
    app.window.castlingSound = player
    return Sound(app), player


def test_sound_js_is_asked_at_the_volume_set_and_plays_after_a_gesture(app):
    sound, player = a_sound(app)
    assert sound.play("deal") is False      # sound.js: nothing before the first gesture
    assert app.document.documentElement.getAttribute("data-sounds-played") is None
    player.wake()
    assert sound.play("put-down") is True and sound.play("win") is True
    assert player.asked == [("deal", 60), ("put-down", 60), ("win", 60)]    # 60: the default
    root = app.document.documentElement
    assert (root.getAttribute("data-sounds-played"), root.getAttribute("data-sound"),
            root.getAttribute("data-audio")) == ("2", "win", "running")
    app.session.preferences.set_number("volume", 25)
    sound.play("pick-up")
    assert player.asked[-1] == ("pick-up", 25)


def test_muted_asks_for_nothing_and_the_mute_is_kept(app):
    sound, player = a_sound(app)
    player.wake()
    app.commands["mute"]()
    assert app.session.preferences.settings.sound is False
    assert app.session.store.storage.data["castling:settings"].count('"sound":false') == 1
    for name in NAMES:
        assert sound.play(name) is False
    assert player.asked == []
    app.commands["mute"]()                  # on again: one sound, to hear how loud
    assert app.session.preferences.settings.sound is True
    assert player.asked == [("put-down", 60)]
    assert app.document.documentElement.getAttribute("data-sounds-played") == "1"


def test_a_volume_of_nothing_asks_for_nothing(app):
    sound, player = a_sound(app)
    player.wake()
    app.session.preferences.set_number("volume", 0)
    assert sound.play("deal") is False
    assert player.asked == []


def test_a_page_without_sound_js_plays_nothing(app):
    sound = Sound(app)                      # (the fake window has no castlingSound)
    assert sound.play("deal") is False
    app.commands["mute"]()
    app.commands["mute"]()                  # unmuting asks for a sound: none, and no error
    assert app.document.documentElement.getAttribute("data-sounds-played") is None
