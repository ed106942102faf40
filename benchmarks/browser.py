"""Speed of the built site in headless Chromium (a benchmark: it prints figures).

1. Boot: navigation to ``data-ready`` for the app, against a bare PyScript page
   that prints one line, served by the same server in the same run, with a cold
   cache (new browser context) and a warm one (the same context again).
   Target: the app within 1.15x of the bare page, warm.
2. Tap-to-move latency: from the tap that drops a selected card on its
   destination to the finished DOM update (the handler runs synchronously inside
   the event dispatch), median and 95th percentile, Chessboard and Chequers.
   Target: median under 16 ms.

Run: make bench (or .venv/bin/python benchmarks/browser.py after python3 build.py)
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402

from castling import GAMES, Game  # noqa: E402
from support import QuietHandler, launch_chromium, serve  # noqa: E402

BARE_PAGE = b"""<!doctype html><html><head><meta charset="utf-8">
<script type="module" src="../vendor/pyscript/core.js"></script></head><body>
<script type="py" config="./bare.json">
from pyscript import document
print("hello from Python")
document.documentElement.setAttribute("data-ready", "true")
</script></body></html>"""
BARE_CONFIG = b'{"interpreter": "../vendor/pyodide/pyodide.mjs"}'


class BenchHandler(QuietHandler):
    """dist/ plus the bare comparison page under /bare/."""

    def do_GET(self) -> None:
        pages = {"/bare/index.html": (BARE_PAGE, "text/html"),
                 "/bare/bare.json": (BARE_CONFIG, "application/json")}
        if self.path in pages:
            body, kind = pages[self.path]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            super().do_GET()


def time_to_ready(page, url: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector('html[data-ready="true"]', timeout=120_000)
    return time.perf_counter() - start


def boot_figures(browser, base: str, rounds: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {}
    for _ in range(rounds):
        for name, url in (("bare", base + "bare/index.html"),
                          ("app", base + "index.html#/chessboard/1")):
            context = browser.new_context()
            page = context.new_page()
            figures.setdefault(f"{name} cold", []).append(time_to_ready(page, url))
            page.goto("about:blank")
            figures.setdefault(f"{name} warm", []).append(time_to_ready(page, url))
            context.close()
    return figures


TAP = """([source, target]) => {
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
  tap(top(source));
  const start = performance.now();
  tap(top(target));
  return performance.now() - start;
}"""


def tap_latencies(browser, base: str, game_id: str, moves_wanted: int) -> list[float]:
    """Milliseconds per tap-to-move, over random legal single-card moves."""
    rng = random.Random(1)
    rules = GAMES[game_id]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    latencies: list[float] = []
    number = 1
    while len(latencies) < moves_wanted:
        page.goto(f"{base}index.html#/{game_id}/{number}")
        page.wait_for_selector('html[data-ready="true"]', timeout=120_000)
        for _ in range(60):
            save = json.loads(page.evaluate(f"localStorage.getItem('castling:save:{game_id}')"))
            game, _ = Game.replay(rules, number, save["moves"])
            tables = game.position.tables
            moves = [m for m in game.legal_moves() if m[2] == 1
                     and not tables.first_foundation <= m[0] < tables.first_reserve]
            if not moves or len(latencies) >= moves_wanted:
                break
            source, target, _ = rng.choice(moves)
            names = rules.pile_names
            latencies.append(page.evaluate(TAP, [names[source], names[target]]))
        number += 1
    context.close()
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description="Boot time and tap latency of the built site.")
    parser.add_argument("--rounds", type=int, default=7, help="boots per kind (median reported)")
    parser.add_argument("--moves", type=int, default=150, help="taps measured per game")
    args = parser.parse_args()
    if not (ROOT / "dist" / "index.html").exists():
        sys.exit("benchmarks/browser.py: build the site first (python3 build.py)")
    with serve(ROOT / "dist", BenchHandler) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        boots = boot_figures(browser, base, args.rounds)
        print(f"Boot to data-ready, median of {args.rounds} (seconds):")
        for name, values in boots.items():
            print(f"  {name:10s} {statistics.median(values):6.2f}   (min {min(values):.2f}, max {max(values):.2f})")
        ratio = statistics.median(boots["app warm"]) / statistics.median(boots["bare warm"])
        print(f"  app / bare, warm: {ratio:.2f}x (target <= 1.15x)")
        print("Tap-to-move latency (milliseconds):")
        for game_id in ("chessboard", "chequers"):
            values = sorted(tap_latencies(browser, base, game_id, args.moves))
            p95 = values[int(0.95 * (len(values) - 1))]
            print(f"  {game_id:10s} median {statistics.median(values):6.1f}   p95 {p95:6.1f}   "
                  f"over {len(values)} moves (target: median < 16)")
        browser.close()


if __name__ == "__main__":
    main()
