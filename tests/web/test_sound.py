"""The card sounds: nothing is made or played before the player's first gesture,
a muted player schedules nothing, and the mute command is kept (CPython, with a
fake AudioContext that records what was scheduled)."""

from __future__ import annotations

import types

from castling_web.sound import SOUNDS, Sound, loudness


class Param:
    def __init__(self) -> None:
        self.value = 0.0

    def setValueAtTime(self, *_): pass
    def exponentialRampToValueAtTime(self, *_): pass


class Node:
    def __init__(self, log: list, kind: str) -> None:
        self.log, self.kind = log, kind
        self.gain, self.frequency, self.Q = Param(), Param(), Param()

    def connect(self, _): pass
    def start(self, *_): self.log.append(self.kind)
    def stop(self, *_): pass


class FakeContext:
    made = 0

    def __init__(self) -> None:
        FakeContext.made += 1
        self.state = "running"
        self.currentTime = 0.0
        self.sampleRate = 8000
        self.destination = object()
        self.started: list[str] = []

    def createGain(self): return Node(self.started, "gain")
    def createBiquadFilter(self): return Node(self.started, "filter")
    def createBufferSource(self): return Node(self.started, "noise")
    def createOscillator(self): return Node(self.started, "tone")

    def createBuffer(self, *_):
        channel = types.SimpleNamespace(set=lambda values: None)
        return types.SimpleNamespace(getChannelData=lambda _: channel)


def a_sound(app) -> Sound:
    FakeContext.made = 0
    app.window.AudioContext = types.SimpleNamespace(new=FakeContext)
    return Sound(app)


GESTURE = types.SimpleNamespace(isTrusted=True)


def test_nothing_is_made_or_played_before_the_first_gesture(app):
    sound = a_sound(app)
    sound.play("deal")
    assert FakeContext.made == 0 and sound.played == 0
    assert app.document.documentElement.getAttribute("data-sounds-played") is None
    sound.on_gesture(types.SimpleNamespace(isTrusted=False))     # a script's event is no gesture
    sound.play("deal")
    assert FakeContext.made == 0
    sound.on_gesture(GESTURE)
    assert FakeContext.made == 0            # made at the first sound, not at the gesture
    sound.play("put-down")
    sound.play("win")
    assert FakeContext.made == 1 and sound.played == 2
    root = app.document.documentElement
    assert (root.getAttribute("data-sounds-played"), root.getAttribute("data-sound"),
            root.getAttribute("data-audio")) == ("2", "win", "running")
    assert sound.context.started.count("tone") == 1 + 4 and sound.context.started.count("noise") == 1


def test_muted_schedules_nothing_and_the_mute_is_kept(app):
    sound = a_sound(app)
    sound.on_gesture(GESTURE)
    app.commands["mute"]()
    assert app.session.preferences.settings.sound is False
    assert app.session.storage.data["castling:settings"].count('"sound":false') == 1
    for name in SOUNDS:
        sound.play(name)
    assert sound.played == 0 and FakeContext.made == 0
    app.commands["mute"]()                  # on again: one sound, to hear how loud
    assert app.session.preferences.settings.sound is True and sound.played == 1


def test_a_volume_of_nothing_plays_nothing_and_louder_is_louder(app):
    sound = a_sound(app)
    sound.on_gesture(GESTURE)
    app.session.preferences.set_number("volume", 0)
    sound.play("deal")
    assert sound.played == 0
    assert loudness(0) == 0 < loudness(30) < loudness(60) < loudness(100) == 1
