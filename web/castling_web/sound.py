"""Card sounds, made in the browser with Web Audio: no sound files, so nothing
to fetch, cache or license.

Each sound is a few voices (:data:`SOUNDS`): a burst of filtered noise for a
card's snap or slide, a soft tone for a refusal, a gentle arpeggio for a win.
The AudioContext is made only when a sound is first asked for after the
player's first gesture (a pointer pressed or a key struck on the page), never
before: nothing plays, and nothing is made, while the page only loads. A
muted player (the setting ``sound`` off) schedules nothing at all.

What was scheduled shows on ``<html>`` for tests and tools: ``data-sounds-played``
(how many sounds so far), ``data-sound`` (the last one's name) and ``data-audio``
(the AudioContext's state, absent while there is none); the mute button
``data-action="mute"`` says ``aria-pressed="true"`` while the sound is off.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from castling.app.storage.records import Settings
from castling.i18n import t
from pyodide.ffi import to_js

from .dom import JsObject, present
from .host import Host


class Noise(NamedTuple):
    """A burst of noise through a filter: a card's snap, slide or riffle."""

    at: float           # seconds after the sound starts
    length: float       # seconds
    kind: str           # the BiquadFilter's type
    frequency: float    # Hz
    q: float
    level: float        # 0-1, before the volume


class Tone(NamedTuple):
    """One note, gliding from ``start`` Hz to ``end`` Hz."""

    at: float
    length: float
    wave: str           # the oscillator's type
    start: float
    end: float
    level: float


#: the sounds the game makes, by name: each a few voices
SOUNDS: dict[str, tuple[Noise | Tone, ...]] = {
    "pick-up": (Noise(0, 0.045, "bandpass", 3200, 0.9, 0.30),),
    "put-down": (Noise(0, 0.07, "lowpass", 2400, 0.7, 0.55),
                 Tone(0, 0.06, "sine", 170, 90, 0.12)),
    "turn-over": (Noise(0, 0.035, "highpass", 2600, 0.7, 0.25),
                  Noise(0.045, 0.05, "bandpass", 1900, 1.0, 0.40)),
    "deal": tuple(Noise(0.055 * i, 0.045, "bandpass", 2300 + 120 * i, 0.9, 0.30)
                  for i in range(5)),
    "refused": (Tone(0, 0.13, "triangle", 233, 196, 0.20),
                Tone(0.12, 0.17, "triangle", 185, 165, 0.16)),
    "win": tuple(Tone(0.09 * i, 0.9, "sine", note, note, 0.14)
                 for i, note in enumerate((523.25, 659.25, 783.99, 1046.5))),
}
NOISE_SECONDS = 0.25        # one buffer of noise, shared by every burst


def show_mute(document: JsObject, settings: Settings) -> None:
    """The mute button as the setting is: pressed while the sound is off."""
    button = document.querySelector('[data-action="mute"]')
    if present(button):
        muted = not settings.sound
        button.setAttribute("aria-pressed", "true" if muted else "false")
        button.setAttribute("title", t("sound.unmute.title") if muted else t("sound.mute.title"))


def loudness(volume: int) -> float:
    """The master gain for a volume setting of 0-100 (a gentle curve: half is not
    half as loud to the ear, a square is closer)."""
    return (max(0, min(100, volume)) / 100) ** 2


class Sound:
    """Plays the sounds, mutes them, and waits for the player's first gesture."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.woken = False              # the player has pressed or struck something
        #: the AudioContext, once a sound was asked for after that
        self.context: JsObject | None = None
        self.master: JsObject | None = None     # its gain node (the volume)
        self.noise: JsObject | None = None      # its buffer of noise
        self.played = 0
        document = host.document
        for event in ("pointerdown", "keydown"):
            host.listen(document, event, self.on_gesture)
        host.command("mute", self.toggle_mute)
        show_mute(document, host.session.preferences.settings)

    # -- the player ----------------------------------------------------------------------

    def on_gesture(self, event: JsObject) -> None:
        if not event.isTrusted:
            return
        self.woken = True
        if self.context is not None and str(self.context.state) == "suspended":
            self.context.resume()

    def toggle_mute(self) -> None:
        session = self.host.session
        session.preferences.set_setting("sound", not session.preferences.settings.sound)
        show_mute(self.host.document, session.preferences.settings)
        self.host.show_notices()
        self.play("put-down")           # unmuted: the player hears how loud it is

    # -- playing ---------------------------------------------------------------------------

    def play(self, name: str) -> None:
        """Schedule the sound ``name`` now, unless muted, silent, or before any gesture."""
        settings = self.host.session.preferences.settings
        if not settings.sound or settings.volume <= 0 or not self.woken:
            return
        context = self._context()
        if context is None:
            return
        if str(context.state) == "suspended":
            context.resume()
        assert self.master is not None      # (made with the context)
        self.master.gain.value = loudness(settings.volume)
        start = float(context.currentTime) + 0.005
        for voice in SOUNDS[name]:
            if isinstance(voice, Noise):
                self._noise(context, start, voice)
            else:
                self._tone(context, start, voice)
        self.played += 1
        root = self.host.document.documentElement
        root.setAttribute("data-sounds-played", str(self.played))
        root.setAttribute("data-sound", name)
        root.setAttribute("data-audio", str(context.state))

    def _context(self) -> JsObject | None:
        """The AudioContext, made at the first sound (after a gesture); None where
        the browser has none."""
        if self.context is None:
            window = self.host.window
            maker = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
            if maker is None:
                return None
            try:
                context = maker.new()
            except Exception:           # refused (too many contexts, a locked-down browser)
                return None
            self.master = context.createGain()
            self.master.connect(context.destination)
            self.noise = self._noise_buffer(context)
            self.context = context
        return self.context

    def _noise_buffer(self, context: JsObject) -> JsObject:
        length = int(float(context.sampleRate) * NOISE_SECONDS)
        samples = random.Random(25)
        data = [samples.uniform(-1, 1) for _ in range(length)]
        buffer = context.createBuffer(1, length, context.sampleRate)
        buffer.getChannelData(0).set(to_js(data))
        return buffer

    @staticmethod
    def _envelope(context: JsObject, at: float, length: float, level: float) -> JsObject:
        gain = context.createGain()
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(max(level, 0.0002), at + min(0.006, length / 4))
        gain.gain.exponentialRampToValueAtTime(0.0001, at + length)
        return gain

    def _noise(self, context: JsObject, start: float, voice: Noise) -> None:
        at = start + voice.at
        source = context.createBufferSource()
        source.buffer = self.noise
        sieve = context.createBiquadFilter()
        sieve.type = voice.kind
        sieve.frequency.value = voice.frequency
        sieve.Q.value = voice.q
        gain = self._envelope(context, at, voice.length, voice.level)
        source.connect(sieve)
        sieve.connect(gain)
        gain.connect(self.master)
        offset = random.uniform(0, NOISE_SECONDS - voice.length - 0.01)
        source.start(at, offset, voice.length + 0.01)

    def _tone(self, context: JsObject, start: float, voice: Tone) -> None:
        at = start + voice.at
        oscillator = context.createOscillator()
        oscillator.type = voice.wave
        oscillator.frequency.setValueAtTime(voice.start, at)
        if voice.end != voice.start:
            oscillator.frequency.exponentialRampToValueAtTime(voice.end, at + voice.length)
        gain = self._envelope(context, at, voice.length, voice.level)
        oscillator.connect(gain)
        gain.connect(self.master)
        oscillator.start(at)
        oscillator.stop(at + voice.length + 0.02)

