// The card sounds, made with Web Audio: no sound files, so nothing to fetch,
// cache or license. This is the page's one copy of them: the early table
// (first-table.js, before Python is up) and castling_web/sound.py (once it is)
// both play through it, so a card played early sounds as one played later.
//
// globalThis.castlingSound:
//   play(name, volume) -> boolean
//     Schedules the sound `name` ("pick-up", "put-down", "turn-over", "deal",
//     "refused", "win") now, at `volume` (the setting, 0-100), and says whether
//     it did: nothing plays (false) before the player's first gesture, for a
//     volume of 0 or less, for a name not in SOUNDS, or where the browser has no
//     AudioContext (or refuses one). Muting is the caller's: a muted player's
//     page asks for nothing (the setting `sound`).
//   wake(event)
//     A trusted pointerdown or keydown wakes the sound (and resumes a suspended
//     AudioContext). This module listens for both itself, from the moment it
//     loads, on the window in the capture phase, so before any other listener of
//     the page hears the gesture: no caller needs it, but one that sees a gesture
//     the window does not may hand it on. An untrusted event (a script's) wakes
//     nothing.
//
// Each sound is a few voices (SOUNDS): a burst of filtered noise for a card's
// snap or slide, a soft tone for a refusal, a gentle arpeggio for a win. The
// AudioContext is made only when a sound is first asked for after the player's
// first gesture, never before: nothing plays, and nothing is made, while the page
// only loads. What was scheduled shows on <html> for tests and tools:
// data-sounds-played (how many sounds so far, counted in the attribute, so the
// early table's and Python's add up), data-sound (the last one's name) and
// data-audio (the AudioContext's state, absent while there is none).

// A burst of noise through a filter: a card's snap, slide or riffle. `at` is
// seconds after the sound starts, `length` seconds, `kind` the BiquadFilter's
// type, `frequency` Hz, `level` 0-1 before the volume.
const noise = (at, length, kind, frequency, q, level) =>
  Object.freeze({ noise: true, at, length, kind, frequency, q, level });
// One note, gliding from `start` Hz to `end` Hz; `wave` the oscillator's type.
const tone = (at, length, wave, start, end, level) =>
  Object.freeze({ noise: false, at, length, wave, start, end, level });

// The sounds the game makes, by name: each a few voices.
const SOUNDS = Object.freeze({
  "pick-up": [noise(0, 0.045, "bandpass", 3200, 0.9, 0.30)],
  "put-down": [noise(0, 0.07, "lowpass", 2400, 0.7, 0.55),
               tone(0, 0.06, "sine", 170, 90, 0.12)],
  "turn-over": [noise(0, 0.035, "highpass", 2600, 0.7, 0.25),
                noise(0.045, 0.05, "bandpass", 1900, 1.0, 0.40)],
  "deal": [0, 1, 2, 3, 4].map((i) => noise(0.055 * i, 0.045, "bandpass", 2300 + 120 * i, 0.9, 0.30)),
  "refused": [tone(0, 0.13, "triangle", 233, 196, 0.20),
              tone(0.12, 0.17, "triangle", 185, 165, 0.16)],
  "win": [523.25, 659.25, 783.99, 1046.5].map((note, i) => tone(0.09 * i, 0.9, "sine", note, note, 0.14)),
});
const NOISE_SECONDS = 0.25;     // one buffer of noise, shared by every burst
const NOISE_SEED = 25;          // the same noise on every page

let woken = false;              // the player has pressed or struck something
let context = null;             // the AudioContext, once a sound was asked for after that
let master = null;              // its gain node (the volume)
let noiseBuffer = null;         // its buffer of noise

// The master gain for a volume setting of 0-100 (a gentle curve: half is not
// half as loud to the ear, a square is closer).
function loudness(volume) {
  return (Math.max(0, Math.min(100, volume)) / 100) ** 2;
}

function resume(audio) {
  const resumed = audio.resume();
  if (resumed && resumed.catch) {
    resumed.catch(() => {});    // (a closed context: the next sound makes do without)
  }
}

function wake(event) {
  if (!event || !event.isTrusted) {
    return;
  }
  woken = true;
  if (context !== null && context.state === "suspended") {
    resume(context);
  }
}

// The AudioContext, made at the first sound (after a gesture); null where the
// browser has none or refuses one (too many contexts, a locked-down browser).
function audioContext() {
  if (context === null) {
    const Maker = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Maker) {
      return null;
    }
    let made;
    try {
      made = new Maker();
    } catch {
      return null;
    }
    master = made.createGain();
    master.connect(made.destination);
    noiseBuffer = makeNoise(made);
    context = made;
  }
  return context;
}

// White noise from a small seeded generator (mulberry32): the same on every page.
function makeNoise(audio) {
  const length = Math.floor(audio.sampleRate * NOISE_SECONDS);
  const buffer = audio.createBuffer(1, length, audio.sampleRate);
  const data = buffer.getChannelData(0);
  let state = NOISE_SEED;
  for (let index = 0; index < length; index++) {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    data[index] = (((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  }
  return buffer;
}

function envelope(audio, at, length, level) {
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(Math.max(level, 0.0002), at + Math.min(0.006, length / 4));
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  return gain;
}

function playNoise(audio, start, voice) {
  const at = start + voice.at;
  const source = audio.createBufferSource();
  source.buffer = noiseBuffer;
  const sieve = audio.createBiquadFilter();
  sieve.type = voice.kind;
  sieve.frequency.value = voice.frequency;
  sieve.Q.value = voice.q;
  const gain = envelope(audio, at, voice.length, voice.level);
  source.connect(sieve);
  sieve.connect(gain);
  gain.connect(master);
  const offset = Math.random() * (NOISE_SECONDS - voice.length - 0.01);
  source.start(at, offset, voice.length + 0.01);
}

function playTone(audio, start, voice) {
  const at = start + voice.at;
  const oscillator = audio.createOscillator();
  oscillator.type = voice.wave;
  oscillator.frequency.setValueAtTime(voice.start, at);
  if (voice.end !== voice.start) {
    oscillator.frequency.exponentialRampToValueAtTime(voice.end, at + voice.length);
  }
  const gain = envelope(audio, at, voice.length, voice.level);
  oscillator.connect(gain);
  gain.connect(master);
  oscillator.start(at);
  oscillator.stop(at + voice.length + 0.02);
}

function play(name, volume) {
  const voices = Object.hasOwn(SOUNDS, name) ? SOUNDS[name] : null;
  if (voices === null || !woken || !(volume > 0)) {
    return false;
  }
  const audio = audioContext();
  if (audio === null) {
    return false;
  }
  if (audio.state === "suspended") {
    resume(audio);
  }
  master.gain.value = loudness(volume);
  const start = audio.currentTime + 0.005;
  for (const voice of voices) {
    (voice.noise ? playNoise : playTone)(audio, start, voice);
  }
  const root = document.documentElement;
  const played = (parseInt(root.getAttribute("data-sounds-played"), 10) || 0) + 1;
  root.setAttribute("data-sounds-played", String(played));
  root.setAttribute("data-sound", name);
  root.setAttribute("data-audio", String(audio.state));
  return true;
}

for (const type of ["pointerdown", "keydown"]) {
  globalThis.addEventListener(type, wake, { capture: true, passive: true });
}
globalThis.castlingSound = Object.freeze({ play, wake });
