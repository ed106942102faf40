"""Speed of the built site in headless Chromium (a benchmark: it prints figures).

Every figure is a ratio against an anchor measured by the same server in the
same run, since this machine's absolute times vary by a third:

* The anchor is a bare page that only imports ``pyodide.mjs``, calls
  ``loadPyodide()`` and writes one node (not a bare PyScript page).
  Cold: a new browser profile. Warm: the same profile, next visit.
* The card faces' anchor is the same build without them (``build.build(...,
  faces=False)``: blank cards), served beside it: its first and return visits,
  bytes and taps, measured in the same rounds, say what the faces cost.
* First visit: a new profile opens the game, to ``data-ready``. Target: at most
  1.1x the bare page's cold boot.
* Every way in (issue 48): a first visit with nothing stored by the front door, a deal
  link and a replay link (``WAYS_IN``): the table on screen (the second frame after
  first-table.js's performance mark) and ``data-ready``, against the bare page's cold
  boot; a return visit's table and ``data-ready`` against its warm boot; at normal speed, with
  the CPU slowed 4x, and (part "phone") on a phone's network (about 9 Mbit/s, 150 ms round
  trips) with the CPU slowed 4x, the bare page under the same profile. Targets: cards shown
  at most 0.25x; playable at most 1.0x (first visits), 0.35x (return; 0.3x slowed).
* Where a first visit's time goes (part "where"): the medians of the start's performance
  marks (first-table.js's table, Python booted, the app's files installed, PyScript running
  the entry script, the app imported, data-ready), and each file fetched before data-ready
  with its size as built and gzipped (level 6, as a static host serves it).
* Return visit: the same profile opens it again (the service worker and the
  start-up snapshot in place), to data-ready (see the targets above).
* Bytes: everything a first visit makes the server send (the page, the
  solver's worker, the snapshot maker, the service worker's precache), counted
  at the server, over the bytes of the distinct files sent, in a new profile on
  disk and in a private window (``browser.new_context()``: an in-memory HTTP
  cache, too small to keep the 9.6 MB WebAssembly file), both in the same run.
  Target: <= 1.02 for both.
* The solver's worker: from data-ready to its first verdict, on a return visit
  with the snapshot and on one whose snapshot was deleted.
* Verdicts: from a move's tap to the worker's verdict on the position it made
  (``#verdict``'s data-result set again), median and 95th percentile over
  random legal moves in the core four games, Palace and Zerline, under Pyodide
  in the worker, searching with the compiled core; the anchor is the same site
  served without the core (its file answers 404, so the worker's Python search
  answers), in the same run. And the worker's memory at the end of each game's
  moves (its Python's WebAssembly memory and the cores', which never shrink:
  the peak), read in the worker (``castlingWorkerMemory()``, solver_worker.py).
* The first tap (part "first", issue 59): a deal link opened in a new profile and
  a movable card tapped 300 ms after the first card shows, then taps every second
  for 30 s (the card and Undo in turn) while Python starts, at desktop speed and
  on a phone's network and CPU: the first move against the bare page's cold boot
  (target <= 0.12x on the phone), a tap's wait (target <= 150 ms, median; p95 over
  the 30 s), the longest main-thread task from the first card to 5 s after
  data-ready (target: none over 100 ms), a return visit's first move against the
  warm boot (target <= 0.25x), and the bytes before the first move
  (browser_first_move.py).
* Tap-to-move: from the tap that drops a selected card on its destination (a
  frame after the tap that picked it up) to the finished DOM update (the
  handler runs synchronously inside the event dispatch), median and 95th
  percentile. Target: p95 under 16 ms.
* Motion (the cards' slides, animation.py): during a slide of one card (a
  two-tap move in Chessboard) and during the deal of 104 cards (New deal in
  Chequers), from the tap to the end of every animation, the longest task
  the browser's long-task records saw (PerformanceObserver "longtask": tasks
  over 50 ms; 0 when none), and for a look the longest gap between two
  frames (headless Chromium draws frames irregularly when idle); and the
  tap's cost: the tap's handler plus the slides' work in the next frame
  (where they start), median and p95 over random one-card
  moves. The anchor is the same build with the speed setting "off" (nothing
  moves, the same redraws), measured in the same run. Targets: no frame over
  50 ms, tap p95 under 16 ms.

* A puzzle judged (part "puzzles", issue 62): from the tap that plays a move on a
  puzzle to its verdict set on the panel, median and p95 over ``--judged`` moves
  (the only move and a losing one in turn, Fortress's puzzles one after another),
  and to the frame after for a look. Target: p95 under 100 ms (browser_puzzles.py).

* The review (part "review"): from Review pressed to a lost game's turning point
  on the page, median and worst of ``--reviews`` games each of Chessboard,
  Morphy, Martha, Beleaguered Castle and Palace; the anchor is the same review
  done the naive way (every position searched in order) in the same run. Target:
  at least 5x sooner. And the worker's memory after a 300-move game's review,
  against 256 MB. (browser_review.py.)

Profiles are real ones on disk (``launch_persistent_context``), as a player's
browser has: an incognito context's memory cache cannot keep the 9.6 MB
WebAssembly file, which would make every "warm" boot a download. (The one
exception is the private window of the bytes part, which is there to count
exactly that.)

The parts live beside this script, one job a module: browser_visits.py (the
server, the profiles, the page's clocks: what every figure is taken with),
browser_start_up.py (boot, slow, phone, where, bytes), browser_solver.py
(worker, verdicts), browser_taps.py (a player's taps; taps),
browser_first_move.py (first), browser_motion.py (motion), browser_review.py (review: the time to a game's
turning point against the naive review, and the worker's memory through a
300-move game's) and browser_puzzles.py (puzzles: a move judged). This script is the command line: it picks the
parts, serves the sites and prints each part's figures against its targets.

Run: make bench (or .venv/bin/python benchmarks/browser.py after python3 build.py)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from browser_visits import ROOT, WAYS_IN, CountingHandler, median, profile  # (first: the path)
import browser_visits  # (SITE: the site measured)
from browser_first_move import first_move_figures
from browser_motion import motion_figures
from browser_puzzles import puzzle_figures
from browser_review import review_figures
from browser_solver import verdict_figures, worker_figures
from browser_start_up import boot_figures, first_visit_bytes, phone_figures, print_boots, where_figures
from browser_taps import tap_latencies
from playwright.sync_api import sync_playwright
from support import serve

sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (the anchor site without card faces)


def main() -> None:
    parser = argparse.ArgumentParser(description="Start-up, bytes and tap latency of the built site.")
    parser.add_argument("--rounds", type=int, default=7, help="boots per kind (medians reported)")
    parser.add_argument("--slow-rounds", type=int, default=3, help="boots per kind with the CPU slowed 4x")
    parser.add_argument("--moves", type=int, default=150, help="taps measured per game")
    parser.add_argument("--verdicts", type=int, default=40, help="verdicts timed per game")
    parser.add_argument("--reviews", type=int, default=20, help="lost games reviewed per game")
    parser.add_argument("--judged", type=int, default=40, help="puzzle moves judged (part puzzles)")
    parser.add_argument("--first-rounds", type=int, default=1,
                        help="rounds of the first tap's deal links per profile (part first)")
    parser.add_argument("--parts", default="first,boot,slow,phone,where,bytes,worker,verdicts,taps,"
                                           "motion,review,puzzles",
                        help="which figures to measure (comma-separated)")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built site to measure")
    parser.add_argument("--before", type=Path, default=None,
                        help="another built site (an older commit's, benchmarks/before_after.py) "
                             "measured first, in the same run and against the same anchors")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    for site in (args.site, args.before):
        if site is not None and not (site / "index.html").exists():
            sys.exit(f"benchmarks/browser.py: no built site in {site} (python3 build.py)")
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        build.build(Path(folder) / "site", faces=False)
        with serve(Path(folder) / "site", CountingHandler) as plain:
            for name, site in (("before", args.before), ("after", args.site)):
                if site is None:
                    continue
                if args.before is not None:
                    print(f"\n== {name}: {site} ==", flush=True)
                browser_visits.SITE = site
                with serve(site, CountingHandler) as base:
                    measure(playwright, parts, args, base, plain)


def measure(playwright, parts: set[str], args, base: str, plain: str) -> None:
    """The figures asked for, of the site at ``base`` (and, where the faces are
    weighed, of the same site without them at ``plain``)."""
    if "first" in parts:
        first_move_figures(playwright, base, args.first_rounds)
    if "boot" in parts:
        boots = boot_figures(playwright, base, args.rounds, 1, plain)
        print_boots(f"Start-up to data-ready, median of {args.rounds} (seconds):", boots, {
            "first visit": ("app first visit", "bare cold", 1.1),
            **{f"first visit by the {way}: cards shown": (f"{way} shown", "bare cold", 0.25)
               for way in WAYS_IN},
            **{f"first visit by the {way}: playable": (f"{way} ready", "bare cold", 1.0)
               for way in WAYS_IN},
            "return visit: cards shown": ("app return shown", "bare warm", 0.25),
            "return visit: playable": ("app return visit", "bare warm", 0.35),
            "first visit with faces": ("app first visit", "no faces first visit", None),
            "return visit with faces": ("app return visit", "no faces return visit", None)})
    if "slow" in parts:
        slow = boot_figures(playwright, base, args.slow_rounds, 4, plain)
        print_boots(f"The same with the CPU slowed 4x, median of {args.slow_rounds}:", slow, {
            **{f"{way}: cards shown, CPU slowed 4x": (f"{way} shown", "bare cold", 0.25)
               for way in WAYS_IN},
            **{f"{way}: playable, CPU slowed 4x": (f"{way} ready", "bare cold", 1.0)
               for way in WAYS_IN},
            "return visit: cards shown, CPU slowed 4x": ("app return shown", "bare warm", 0.25),
            "return visit: playable, CPU slowed 4x": ("app return visit", "bare warm", 0.3),
            "return visit with faces, slowed": ("app return visit", "no faces return visit", None)})
    if "phone" in parts:
        phone = phone_figures(playwright, base, args.slow_rounds)
        print_boots(f"A first visit on a phone's network and CPU (9 Mbit/s, 150 ms, CPU slowed "
                    f"4x), median of {args.slow_rounds}:", phone, {
                        **{f"{way}: cards shown, phone": (f"{way} shown", "bare cold", 0.25)
                           for way in WAYS_IN},
                        **{f"{way}: playable, phone": (f"{way} ready", "bare cold", 1.0)
                           for way in WAYS_IN}})
    if "where" in parts:
        where_figures(playwright, base, max(1, args.rounds // 2))
        where_figures(playwright, base, max(1, args.slow_rounds), throttle=4)
    if "bytes" in parts:
        print("First visit, counted at the server:")
        figures = {}
        for kind, site, private in (("app", base, False), ("app, private window", base, True),
                                    ("no faces", plain, False)):
            sent, distinct, repeated = first_visit_bytes(playwright, site, private)
            figures[kind] = sent
            again = ", ".join(f"{path} x{n}" for path, n in repeated.items()) or "none"
            print(f"  {kind:20s} {sent / 1e6:.2f} MB sent for {distinct / 1e6:.2f} MB of distinct "
                  f"files: {sent / distinct:.3f} (target <= 1.02); sent more than once: {again}",
                  flush=True)
        print(f"  with faces: {figures['app'] / figures['no faces']:.3f}x the bytes without "
              f"(+{(figures['app'] - figures['no faces']) / 1e3:.0f} kB)")
    if "worker" in parts:
        workers = worker_figures(playwright, base, max(1, args.rounds // 2))
        print("The solver's worker on a return visit: data-ready to first verdict (seconds):")
        for name, values in workers.items():
            print(f"  {name:18s} {median(values):6.2f}   (min {min(values):.2f}, max {max(values):.2f})")
    if "verdicts" in parts:
        verdict_figures(playwright, base, args.verdicts)
    if "motion" in parts:
        motion_figures(playwright, base, args.moves)
    if "review" in parts:
        review_figures(playwright, base, args.reviews)
    if "puzzles" in parts:
        puzzle_figures(playwright, base, args.judged)
    if "taps" not in parts:
        return
    print("Tap-to-move latency (milliseconds):")
    with profile(playwright) as page:
        for game_id in ("chessboard", "chequers"):
            p95s = []
            for kind, site in (("app", base), ("no faces", plain)):
                values = sorted(tap_latencies(page, site, game_id, args.moves))
                p95s.append(values[int(0.95 * (len(values) - 1))])
                print(f"  {game_id:10s} {kind:8s} median {median(values):6.1f}   "
                      f"p95 {p95s[-1]:6.1f}   over {len(values)} moves (target: p95 < 16)")
            print(f"  {game_id:10s} p95 with faces: {p95s[0] / p95s[1]:.2f}x without")


if __name__ == "__main__":
    main()
