"""It feels like a card game (issue 25): card sounds that wait for the player's
first gesture and stay silent when muted, a mute and a volume that are kept, and
the speed of moves ("off" and reduced motion: no slides), kept too. The sounds
are web/sound.js's (``window.castlingSound``), which the early table and the
app's Python both play through: its voices and volume are tested here too."""

import pytest

from castling import GAMES, Game

from browser_helpers import (act, choose, chosen, drag_to, settle, store, stored, tap_move,
                             wait_ready)

RULES = GAMES["beleaguered-castle"]
FIRST = (1, 3, 1)           # Beleaguered Castle #34000: t2-t4, and more one-card moves after it
LINK = "#/beleaguered-castle/34000"
SAVE = "castling:save:beleaguered-castle"

#: Counts the AudioContexts made and the slides started (Element.animate), from
#: before the page's own scripts run.
WATCH_AUDIO = """
window.contexts = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.contexts += 1; window.lastContext = this; }
};
window.slides = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.slides += 1; return animate.apply(this, args); };
"""


#: Records, besides, the voices sound.js starts (by their node's kind) and the
#: gain nodes made (the first of a context is its master gain, the volume).
WATCH_VOICES = WATCH_AUDIO + """
window.started = [];
for (const Node of [OscillatorNode, AudioBufferSourceNode]) {
  const start = Node.prototype.start;
  Node.prototype.start = function (...args) { window.started.push(Node.name); return start.apply(this, args); };
}
window.gains = [];
const createGain = BaseAudioContext.prototype.createGain;
BaseAudioContext.prototype.createGain = function () {
  const gain = createGain.call(this);
  window.gains.push(gain);
  return gain;
};
"""


@pytest.fixture
def fresh(returning_visit):
    """A page with nothing stored (every setting at its default) that counts
    AudioContexts and slides; ``reduced_motion`` as the browser asks."""
    def open_page(reduced_motion: str = "no-preference"):
        return returning_visit(LINK, WATCH_AUDIO, reduced_motion=reduced_motion)
    return open_page


def sounds(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.soundsPlayed || 0"))


def next_move(page):
    """A one-card move not from or to a foundation, from the position saved now."""
    save = stored(page, SAVE)
    game, _ = Game.replay(RULES, save["deal"], save["moves"])
    tables = game.position.tables
    return next(move for move in sorted(game.position.legal_moves())
                if move[2] == 1 and not tables.is_foundation(move[0])
                and not tables.is_foundation(move[1]))


def reload(page) -> None:
    page.reload()
    wait_ready(page)


def choose_in_settings(page, group: str, value: str) -> None:
    act(page, "settings")
    choose(page, group, value)
    page.locator("#settings-dialog button[value=close]").click()


def test_nothing_sounds_before_the_first_gesture_and_a_move_does_after(fresh):
    page = fresh()
    assert page.evaluate("window.contexts") == 0
    assert sounds(page) == 0 and page.evaluate("document.documentElement.dataset.audio") is None
    assert page.locator("#mute").get_attribute("aria-pressed") == "false"
    tap_move(page, RULES, FIRST)            # a pick-up and a put-down
    page.wait_for_function("+(document.documentElement.dataset.soundsPlayed || 0) >= 2")
    assert page.evaluate("window.contexts") == 1
    assert page.evaluate("document.documentElement.dataset.sound") == "put-down"
    page.wait_for_function("window.lastContext.state === 'running'")
    before = sounds(page)
    tap_move(page, RULES, next_move(page))
    page.wait_for_function(f"+document.documentElement.dataset.soundsPlayed > {before}")
    assert page.evaluate("window.contexts") == 1         # one context, made once


def test_muted_nothing_is_scheduled_and_the_mute_is_kept(fresh):
    page = fresh()
    page.click("#mute")
    assert page.locator("#mute").get_attribute("aria-pressed") == "true"
    tap_move(page, RULES, FIRST)
    page.wait_for_function("JSON.parse(localStorage.getItem('castling:save:beleaguered-castle')).moves.length >= 1")
    assert sounds(page) == 0 and page.evaluate("window.contexts") == 0
    assert stored(page, "castling:settings")["sound"] is False
    reload(page)
    assert page.locator("#mute").get_attribute("aria-pressed") == "true"
    act(page, "settings")
    assert not page.locator('[data-setting="sound"]').is_checked()
    page.locator("#settings-dialog button[value=close]").click()
    tap_move(page, RULES, next_move(page))
    assert sounds(page) == 0 and page.evaluate("window.contexts") == 0
    page.click("#mute")                     # sound again: one sound, to hear how loud
    assert page.locator("#mute").get_attribute("aria-pressed") == "false"
    page.wait_for_function("+(document.documentElement.dataset.soundsPlayed || 0) === 1")


def test_sound_js_plays_each_sound_of_its_voices_at_the_volume_asked(returning_visit):
    """castlingSound.play(name, volume): nothing before a trusted gesture, for a
    volume of 0 or a name it does not know, and no AudioContext until a sound is
    played after the gesture; then the sound's voices (the win's four tones, the
    deal's five noises) at the volume's curve, counted on <html> with the sounds
    the app's Python asks for."""
    page = returning_visit(LINK, WATCH_VOICES)
    play = "([name, volume]) => window.castlingSound.play(name, volume)"
    assert page.evaluate(play, ["win", 60]) is False
    page.evaluate("document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'Shift', bubbles: true}))")
    assert page.evaluate(play, ["win", 60]) is False        # a script's event is no gesture
    page.keyboard.press("Shift")                            # the player's
    assert page.evaluate("window.contexts") == 0            # made at the first sound, not the gesture
    assert page.evaluate(play, ["win", 0]) is False
    assert page.evaluate(play, ["shuffle", 60]) is False
    assert page.evaluate("window.contexts") == 0 and sounds(page) == 0
    assert page.evaluate(play, ["win", 60]) is True
    assert page.evaluate("window.contexts") == 1
    assert page.evaluate("window.started") == ["OscillatorNode"] * 4
    master = "window.gains[0].gain.value"
    assert page.evaluate(master) == pytest.approx(0.36)     # loudness(60): (60/100)²
    page.evaluate("window.started = []")
    assert page.evaluate(play, ["deal", 30]) is True
    assert page.evaluate("window.started") == ["AudioBufferSourceNode"] * 5
    assert page.evaluate(master) == pytest.approx(0.09)
    assert page.evaluate(play, ["put-down", 100]) is True
    assert page.evaluate(master) == pytest.approx(1)
    assert (sounds(page), page.evaluate("document.documentElement.dataset.sound")) == (3, "put-down")
    page.click("#mute")
    page.click("#mute")                     # the app's Python: sound again, one put-down
    page.wait_for_function("+document.documentElement.dataset.soundsPlayed === 4")
    assert page.evaluate("window.contexts") == 1            # the same context for both
    assert page.evaluate("document.documentElement.dataset.audio") in ("running", "suspended")


def test_the_volume_is_kept(fresh):
    page = fresh()
    act(page, "settings")
    volume = page.locator('[data-setting="volume"]')
    assert volume.input_value() == "60"
    volume.evaluate("e => { e.value = '25'; e.dispatchEvent(new Event('change', {bubbles: true})); }")
    assert stored(page, "castling:settings")["volume"] == 25
    reload(page)
    act(page, "settings")
    assert page.locator("#volume").input_value() == "25"


def slid(page, move) -> int:
    """How many slides a move started."""
    page.evaluate("window.slides = 0")
    tap_move(page, RULES, move)
    settle(page)                            # a slide begins in the frame after the move
    return page.evaluate("window.slides")


def test_speed_off_shows_moves_at_once_and_is_kept(fresh):
    page = fresh()
    assert slid(page, FIRST) > 0            # "normal", the default
    choose_in_settings(page, "#speed", "off")
    assert stored(page, "castling:settings")["speed"] == "off"
    assert slid(page, next_move(page)) == 0
    assert page.evaluate("document.getAnimations().length") == 0
    reload(page)
    act(page, "settings")
    assert chosen(page, "#speed") == "off"
    choose(page, "#speed", "slow")
    page.locator("#settings-dialog button[value=close]").click()
    assert page.locator("#show-me-speed").input_value() == "slow"      # Show me's pace follows
    assert slid(page, next_move(page)) > 0


def test_reduced_motion_shows_moves_at_once(fresh):
    page = fresh(reduced_motion="reduce")
    assert slid(page, FIRST) == 0
    assert page.evaluate("document.getAnimations().length") == 0


def test_a_stored_animations_off_loads_as_speed_off(fresh):
    page = fresh()
    store(page, "castling:settings", {"animations": False, "autoplay": True})
    reload(page)
    act(page, "settings")
    assert chosen(page, "#speed") == "off"
    page.locator("#settings-dialog button[value=close]").click()
    assert slid(page, FIRST) == 0


def test_a_drop_where_the_card_may_not_go_is_refused_aloud(fresh):
    """Dragged onto a pile that cannot take it, the card goes back and the
    "refused" sound plays (the pointer's pile is what the drop was over)."""
    page = fresh()
    game, _ = Game.replay(RULES, 34000, [])
    position = game.position
    names = RULES.pile_names
    legal = {(move[0], move[1]) for move in position.legal_moves()}
    tableau = range(position.tables.n_tableau)
    movable = {s for s, _ in legal}                 # a card that can be lifted at all
    source, target = next((s, t) for s in tableau for t in tableau
                          if s != t and s in movable and position.piles[t]
                          and (s, t) not in legal)
    drag_to(page, names[source], names[target])
    page.wait_for_function("document.documentElement.dataset.sound === 'refused'")
    assert stored(page, SAVE) is None or stored(page, SAVE)["moves"] == []
