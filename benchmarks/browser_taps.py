"""A player's taps, as benchmarks/browser.py's figures make them: the tap on a
pile's top card (a script the solver's and the motion's figures build on too),
random legal moves to tap, and the tap-to-move figure (part taps).
"""

from __future__ import annotations

import json
import random

from browser_visits import time_to_ready     # first: it puts py/ on the path
from castling import GAMES, Game


# What the scripts below share: a player's tap on an element (a pointer pressed
# and let go where it is), and a pile's top card (or the pile, when empty).
TAPPING = """
  const tap = (element) => {
    const box = element.getBoundingClientRect();
    const init = {bubbles: true, clientX: box.left + 5, clientY: box.top + 5, button: 0,
                  isPrimary: true, pointerId: 1};
    element.dispatchEvent(new PointerEvent('pointerdown', init));
    element.dispatchEvent(new PointerEvent('pointerup', init));
  };
  const top = (name) => {
    const pile = document.querySelector(`[data-pile="${name}"]`);
    return pile.querySelector('[data-card]:last-child') || pile;
  };
"""


# A player's two taps are frames apart: the second is measured after the
# browser has drawn what the first one did.
TAP = "async ([source, target]) => {" + TAPPING + """
  tap(top(source));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const start = performance.now();
  tap(top(target));
  return performance.now() - start;
}"""


def random_moves(page, game_id: str, number: int, rng: random.Random):
    """Random legal single-card moves (not from a foundation) of the game on
    the page, one at a time, as (source, target) pile names."""
    rules = GAMES[game_id]
    while True:
        save = json.loads(page.evaluate(f"localStorage.getItem('castling:save:{game_id}')"))
        game, _ = Game.replay(rules, number, save["moves"])
        tables = game.position.tables
        moves = [m for m in game.legal_moves() if m[2] == 1 and not tables.is_foundation(m[0])]
        if not moves or game.is_won():
            return
        source, target, _ = rng.choice(moves)
        yield rules.pile_names[source], rules.pile_names[target]


def tap_latencies(page, base: str, game_id: str, moves_wanted: int) -> list[float]:
    """Milliseconds per tap-to-move, over random legal single-card moves, the
    two-tap way (pick up, then put down: the tap measured is the one that moves)."""
    rng = random.Random(1)
    latencies: list[float] = []
    number = 1
    page.goto(f"{base}help/index.html")
    page.evaluate("localStorage.setItem('castling:settings', JSON.stringify({tap: 'two'}))")
    while len(latencies) < moves_wanted:
        time_to_ready(page, f"{base}index.html#/{game_id}/{number}")
        for _, (source, target) in zip(range(60), random_moves(page, game_id, number, rng)):
            latencies.append(page.evaluate(TAP, [source, target]))
            if len(latencies) >= moves_wanted:
                break
        number += 1
    return latencies
