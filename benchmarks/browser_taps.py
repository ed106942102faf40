"""A player's taps, as benchmarks/browser.py's figures make them: the tap on a
pile's top card (a script the solver's and the motion's figures build on too),
random legal moves to tap, and the tap-to-move figure (part taps).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from itertools import islice

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


def two_tap_moves(page, base: str, game_id: str, rng: random.Random, per_deal: int,
                  opened: Callable[[], object] = lambda: None) -> Iterator[tuple[str, str]]:
    """Random legal single-card moves (random_moves) of deal 1, 2, … of ``game_id``,
    at most ``per_deal`` a deal, to tap the two-tap way (set first); ``opened``
    runs once each deal is on the table. Endless: the caller stops."""
    page.goto(f"{base}help/index.html")
    page.evaluate("localStorage.setItem('castling:settings', JSON.stringify({tap: 'two'}))")
    number = 1
    while True:
        time_to_ready(page, f"{base}index.html#/{game_id}/{number}")
        opened()
        yield from islice(random_moves(page, game_id, number, rng), per_deal)
        number += 1


def tap_latencies(page, base: str, game_id: str, moves_wanted: int) -> list[float]:
    """Milliseconds per tap-to-move, over random legal single-card moves, the
    two-tap way (pick up, then put down: the tap measured is the one that moves)."""
    latencies: list[float] = []
    for source, target in two_tap_moves(page, base, game_id, random.Random(1), per_deal=60):
        latencies.append(page.evaluate(TAP, [source, target]))
        if len(latencies) >= moves_wanted:
            break
    return latencies
