"""The solver's worker's figures (benchmarks/browser.py's parts worker and
verdicts): from data-ready to its first verdict on a return visit, with the
snapshot and without; from a move to its verdict on the new position, with the
compiled core and without it; and the worker's memory.
"""

from __future__ import annotations

import json
import random
import time

from browser_taps import TAPPING, two_tap_moves
import browser_visits
from browser_visits import (APP, VERDICT, NoCoreHandler, median, profile, settle,
                            time_to_ready)
from support import serve


def worker_figures(playwright, base: str, rounds: int) -> dict[str, list[float]]:
    """Seconds from data-ready to the solver's first verdict on a return visit."""
    figures: dict[str, list[float]] = {}
    with profile(playwright) as page:
        time_to_ready(page, base + APP)
        settle(page)
        for _ in range(rounds):
            for name in ("from the snapshot", "snapshot deleted"):
                if name == "snapshot deleted":
                    page.evaluate("caches.delete('castling-snapshot')")
                time_to_ready(page, base + APP)
                start = time.perf_counter()
                page.wait_for_function(VERDICT, timeout=300_000)
                figures.setdefault(name, []).append(time.perf_counter() - start)
                page.wait_for_function("document.documentElement.dataset.snapshot || "
                                       "document.documentElement.dataset.boot === 'snapshot'",
                                       timeout=300_000)
    return figures


# The tap that makes a move, then the wait for the worker's verdict on the new
# position: the move empties #verdict's data-result at once; the answer sets it.
TAP_TO_VERDICT = """async ([source, target]) => {""" + TAPPING + """
  const box = document.getElementById('verdict');
  tap(top(source));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  // Watched only from here: a verdict still coming for an earlier position
  // (cards the last move sent home on their own) must not end this move's
  // clock. After the tap, #verdict shows only the new position's answer (the
  // app looks it up by position), so any answer set from now on is this one's.
  const answered = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (box.dataset.result) { watch.disconnect(); resolve(performance.now()); }
    });
    watch.observe(box, {attributes: true, attributeFilter: ['data-result']});
    setTimeout(() => { watch.disconnect(); resolve(null); }, 120000);
  });
  const start = performance.now();
  tap(top(target));
  const end = await answered;
  return end === null ? null : [end - start, box.dataset.result];
}"""


def verdict_latencies(page, base: str, game_id: str,
                      moves_wanted: int) -> list[tuple[float, str]]:
    """Seconds from a move to the worker's verdict on the position it made, and
    the verdict, the two-tap way (the second tap makes the move: its verdict is
    timed from there)."""
    latencies: list[tuple[float, str]] = []
    # (On each deal, the worker's first verdict shows it is up.)
    for source, target in two_tap_moves(page, base, game_id, random.Random(2), per_deal=30,
                                        opened=lambda: page.wait_for_function(VERDICT, timeout=300_000)):
        answered = page.evaluate(TAP_TO_VERDICT, [source, target])
        if answered is not None:
            latencies.append((answered[0] / 1000, answered[1]))
        if len(latencies) >= moves_wanted:
            break
    return latencies


def worker_memory(page) -> dict[str, int]:
    """The solver's worker's memory now (bytes): its Python's and its cores'."""
    for worker in page.workers:
        try:
            found = worker.evaluate("globalThis.castlingWorkerMemory ? "
                                    "String(globalThis.castlingWorkerMemory()) : ''")
        except Exception:       # a worker that has finished (the snapshot maker's)
            continue
        if found:
            return json.loads(found)
    return {}


def verdict_figures(playwright, base: str, moves_wanted: int) -> None:
    """Move-to-verdict latency with the compiled core and without it (the same
    site, its core file refused), and the worker's memory."""
    print("From a move to the worker's verdict on the new position (seconds; each question "
          "searched for a second at most), and the share of moves it decided, with the "
          "compiled core and without it (the Python search in Pyodide):")
    with serve(browser_visits.SITE, NoCoreHandler) as without, profile(playwright) as page:
        for game_id in ("chessboard", "morphy", "chequers", "martha", "palace", "zerline"):
            line, medians = f"  {game_id:10s}", []
            for kind, site in (("core", base), ("no core", without)):
                answers = verdict_latencies(page, site, game_id, moves_wanted)
                values = sorted(seconds for seconds, _ in answers)
                decided = sum(result != "unknown" for _, result in answers) / len(answers)
                p95 = values[int(0.95 * (len(values) - 1))]
                medians.append(median(values))
                memory = worker_memory(page)
                line += (f"  {kind}: median {medians[-1]:6.3f} p95 {p95:6.3f}, {decided:4.0%} decided"
                         f" (worker memory: Python {memory.get('python', 0) / 2**20:.0f} MB,"
                         f" cores {memory.get('core', 0) / 2**20:.0f} MB)")
            print(f"{line}  -> {medians[1] / max(medians[0], 1e-9):.1f}x quicker with the core"
                  f" over {moves_wanted} moves", flush=True)
