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
  web/first-table.js's performance mark) and ``data-ready``, against the bare page's cold
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

Profiles are real ones on disk (``launch_persistent_context``), as a player's
browser has: an incognito context's memory cache cannot keep the 9.6 MB
WebAssembly file, which would make every "warm" boot a download. (The one
exception is the private window of the bytes part, which is there to count
exactly that.)

Run: make bench (or .venv/bin/python benchmarks/browser.py after python3 build.py)
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402

from castling import GAMES, Game  # noqa: E402
from browser_helpers import WELCOMED  # noqa: E402
import support  # noqa: E402
from support import CHROMIUM_ARGS, chromium_path, serve  # noqa: E402

sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (the anchor site without card faces)

BARE_PAGE = (ROOT / "benchmarks" / "bare-page.html").read_bytes()

VERDICT = ("['won', 'lost', 'unknown'].includes("
           "document.getElementById('verdict').dataset.result)")
APP = "index.html#/chessboard/1"


# The bare page boots Pyodide as it comes, which fetches its lock file; the site
# ships none (it loads no package), so the server adds it from the npm package.
LOCK_FILE = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"


class CountingHandler(support.CountingHandler):
    """dist/ plus the bare page under /bare/, counting the body bytes it sends."""

    def do_GET(self) -> None:
        extra = {"/bare/index.html": (BARE_PAGE, "text/html"),
                 "/vendor/pyodide/pyodide-lock.json": (LOCK_FILE.read_bytes(), "application/json")}
        if self.path in extra:
            body, kind = extra[self.path]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            super().do_GET()


class NoCoreHandler(CountingHandler):
    """The same site without its compiled core: the anchor of the verdicts' figures."""

    def do_GET(self) -> None:
        if self.path.split("?")[0].endswith("/castling-core.wasm"):
            self.send_error(404)
        else:
            super().do_GET()


#: A phone on a mobile network, as Chrome's tools would emulate one: about
#: 9 Mbit/s down, 150 ms round trips (and the CPU slowed 4x besides).
PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 9_000_000 / 8,
                 "uploadThroughput": 3_000_000 / 8}


@contextlib.contextmanager
def profile(playwright, throttle: float = 1, welcomed: bool = True, network: dict | None = None):
    """A new browser profile on disk, with its one page (CPU slowed if asked,
    the network too); marked as having seen the welcome unless not
    ``welcomed``: then the page is a true first visit, which shows its dealt
    table before Python is up."""
    with tempfile.TemporaryDirectory() as folder:
        context = playwright.chromium.launch_persistent_context(
            folder, executable_path=chromium_path(), args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 800})
        context.add_init_script(NOTE_READY)
        context.add_init_script(NOTE_SHOWN)
        if welcomed:
            context.add_init_script(WELCOMED)
        page = context.pages[0] if context.pages else context.new_page()
        if throttle != 1 or network:
            cdp = context.new_cdp_session(page)
            if throttle != 1:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
            if network:
                cdp.send("Network.enable")
                cdp.send("Network.emulateNetworkConditions", network)
        try:
            yield page
        finally:
            context.close()


# Notes the moment <html data-ready="true"> appears, in milliseconds since the
# navigation started (the page's own clock): the same for the app and the bare
# page, and free of the test driver's polling and of when the load event fires.
NOTE_READY = """new MutationObserver((_, watch) => {
  if (document.documentElement?.dataset.ready === "true") {
    window.readyAt = performance.now();
    watch.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});"""


# Notes when a first visit's dealt table is on the screen: the frame after the
# one web/first-table.js drew it in (its performance mark), by the same clock.
NOTE_SHOWN = """const mark = performance.mark.bind(performance);
performance.mark = (name, ...rest) => {
  const made = mark(name, ...rest);
  if (name === "castling:first-table") {
    requestAnimationFrame(() => requestAnimationFrame(() => { window.shownAt = performance.now(); }));
  }
  return made;
};"""


def time_to_first_table(page, url: str) -> tuple[float, float]:
    """Seconds from navigation to the dealt table on screen, and to data-ready."""
    ready = time_to_ready(page, url)
    if page.evaluate("window.shownAt === undefined"):
        sys.exit("benchmarks/browser.py: a first visit showed no table before Python was up")
    return page.evaluate("window.shownAt") / 1000, ready


def time_to_ready(page, url: str) -> float:
    """Seconds from navigation to data-ready."""
    page.goto("about:blank")
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.readyAt !== undefined", timeout=300_000, polling=50)
    return page.evaluate("window.readyAt") / 1000


def settle(page) -> None:
    """Wait until a first visit has done all it does: the service worker controls
    the page, the snapshot is stored and the solver has judged the deal."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000)
    page.wait_for_function("document.documentElement.dataset.snapshot", timeout=300_000)
    page.wait_for_function(VERDICT, timeout=300_000)


#: A first visit's ways in (issue 48): each shows its table before Python is up.
WAYS_IN = {"front door": "", "deal link": "#/martha/31337",
           "replay link": "#/fortress/5/replay/1JN"}


def shown_at(page) -> float | None:
    """Seconds from navigation to the early table on screen, if one was drawn."""
    shown = page.evaluate("window.shownAt === undefined ? null : window.shownAt")
    return None if shown is None else shown / 1000


def boot_figures(playwright, base: str, rounds: int, throttle: float,
                 plain: str) -> dict[str, list[float]]:
    """Boot times of the bare page, the app, and the app without faces (``plain``)."""
    figures: dict[str, list[float]] = {}

    def add(name: str, value: float | None) -> None:
        if value is None:
            sys.exit(f"benchmarks/browser.py: {name}: no table shown before Python was up")
        figures.setdefault(name, []).append(value)

    for _ in range(rounds):
        with profile(playwright, throttle) as page:
            add("bare cold", time_to_ready(page, base + "bare/index.html"))
            add("bare warm", time_to_ready(page, base + "bare/index.html"))
        for kind, site in (("app", base), ("no faces", plain)):
            with profile(playwright, throttle) as page:
                add(f"{kind} first visit", time_to_ready(page, site + APP))
                settle(page)
                if page.evaluate("document.documentElement.dataset.snapshot") != "stored":
                    sys.exit("benchmarks/browser.py: the first visit stored no snapshot")
                add(f"{kind} return visit", time_to_ready(page, site + APP))
                if kind == "app":       # (the deal in hand, drawn by the page before Python)
                    add("app return shown", shown_at(page))
                booted = page.evaluate("document.documentElement.dataset.boot")
                if booted != "snapshot":
                    sys.exit(f"benchmarks/browser.py: a return visit booted {booted}")
        for way, link in WAYS_IN.items():
            with profile(playwright, throttle, welcomed=False) as page:
                ready = time_to_ready(page, base + "index.html" + link)
                add(f"{way} shown", shown_at(page))
                add(f"{way} ready", ready)
    return figures


def phone_figures(playwright, base: str, rounds: int) -> dict[str, list[float]]:
    """First visits by each way in, and the bare page's cold boot, on a phone's
    network with the CPU slowed 4x (the bare page under the same profile)."""
    figures: dict[str, list[float]] = {}
    for _ in range(rounds):
        with profile(playwright, 4, network=PHONE_NETWORK) as page:
            figures.setdefault("bare cold", []).append(time_to_ready(page, base + "bare/index.html"))
        for way, link in WAYS_IN.items():
            with profile(playwright, 4, welcomed=False, network=PHONE_NETWORK) as page:
                ready = time_to_ready(page, base + "index.html" + link)
                figures.setdefault(f"{way} shown", []).append(shown_at(page) or float("nan"))
                figures.setdefault(f"{way} ready", []).append(ready)
    return figures


#: The points of a first visit's start, in order (performance marks: the page's
#: web/first-table.js and interpreter.mjs, and the app's entry script).
MARKS = {"castling:first-table": "table drawn (first-table.js)",
         "castling:python-booted": "Python booted (interpreter.mjs)",
         "castling:python-files": "app's files installed",
         "castling:app-script": "PyScript runs the entry script",
         "castling:app-imported": "app imported"}

TIMELINE = """() => ({
  marks: Object.fromEntries(performance.getEntriesByType("mark").map((m) => [m.name, m.startTime])),
  files: performance.getEntriesByType("resource").filter((r) => r.startTime < window.readyAt)
    .map((r) => [new URL(r.name).pathname, r.startTime, r.responseEnd]),
  ready: window.readyAt,
})"""


def where_figures(playwright, base: str, rounds: int, throttle: float = 1) -> None:
    """Where a first visit's time goes, and the bytes it fetches before it is
    playable: medians of the start's marks over ``rounds`` fresh profiles per
    way in, then each file fetched before data-ready with its size compressed
    as a static host serves it (gzip, level 6)."""
    for way, link in WAYS_IN.items():
        times: dict[str, list[float]] = {}
        files: dict[str, tuple[float, float]] = {}
        for _ in range(rounds):
            with profile(playwright, throttle, welcomed=False) as page:
                time_to_ready(page, base + "index.html" + link)
                seen = page.evaluate(TIMELINE)
            for name, label in MARKS.items():
                if name in seen["marks"]:
                    times.setdefault(label, []).append(seen["marks"][name] / 1000)
            times.setdefault("playable (data-ready)", []).append(seen["ready"] / 1000)
            for path, start, end in seen["files"]:
                files[path] = (start / 1000, end / 1000)
        slowed = f", CPU slowed {throttle:g}x" if throttle != 1 else ""
        print(f"Where a first visit's time goes: {way}{slowed} (median of {rounds}, seconds from "
              "navigation):")
        for label, values in sorted(times.items(), key=lambda item: median(item[1])):
            print(f"  {median(values):6.2f}  {label}")
        if way == "deal link":
            print_bytes(files)


def print_bytes(files: dict[str, tuple[float, float]]) -> None:
    """The files a first visit fetched before data-ready, largest first, with
    their bytes as built and gzipped."""
    print("  Fetched before data-ready (start-end in seconds; bytes as built; gzipped):")
    total = packed = 0
    rows = []
    for path, (start, end) in files.items():
        local = ROOT / "dist" / path.lstrip("/")
        if not local.is_file():
            continue
        data = local.read_bytes()
        size = len(gzip.compress(data, 6, mtime=0))
        total, packed = total + len(data), packed + size
        rows.append((size, path, len(data), start, end))
    for size, path, raw, start, end in sorted(rows, reverse=True):
        print(f"    {path:42s} {start:5.2f}-{end:5.2f}  {raw / 1e3:9.1f} kB  {size / 1e3:8.1f} kB")
    print(f"    {'all ' + str(len(rows)) + ' files':42s} {'':11s}  {total / 1e3:9.1f} kB  "
          f"{packed / 1e3:8.1f} kB")


@contextlib.contextmanager
def private_window(playwright):
    """A private window's page: a new context of a browser without a profile on
    disk, whose HTTP cache is in memory (as Playwright's ``browser.new_context()``)."""
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(NOTE_READY)
        yield context.new_page()
    finally:
        browser.close()


def first_visit_bytes(playwright, base: str, private: bool = False) -> tuple[int, int, dict]:
    """(bytes sent, bytes of the distinct files sent, {path: times} of the files
    sent twice or more), in a new profile on disk or in a private window."""
    CountingHandler.sent.clear()
    with (private_window(playwright) if private else profile(playwright)) as page:
        time_to_ready(page, base + APP)
        settle(page)
        time.sleep(1)
    sent = list(CountingHandler.sent)
    sizes = dict(sent)
    counts: dict[str, int] = {}
    for path, _ in sent:
        counts[path] = counts.get(path, 0) + 1
    repeated = {path: n for path, n in sorted(counts.items()) if n > 1}
    return sum(size for _, size in sent), sum(sizes.values()), repeated


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


def verdict_latencies(page, base: str, game_id: str,
                      moves_wanted: int) -> list[tuple[float, str]]:
    """Seconds from a move to the worker's verdict on the position it made, and
    the verdict, the two-tap way (the second tap makes the move: its verdict is
    timed from there)."""
    rng = random.Random(2)
    latencies: list[float] = []
    number = 1
    page.goto(f"{base}help/index.html")
    page.evaluate("localStorage.setItem('castling:settings', JSON.stringify({tap: 'two'}))")
    while len(latencies) < moves_wanted:
        time_to_ready(page, f"{base}index.html#/{game_id}/{number}")
        page.wait_for_function(VERDICT, timeout=300_000)     # the worker is up
        for _, (source, target) in zip(range(30), random_moves(page, game_id, number, rng)):
            answered = page.evaluate(TAP_TO_VERDICT, [source, target])
            if answered is not None:
                latencies.append((answered[0] / 1000, answered[1]))
            if len(latencies) >= moves_wanted:
                break
        number += 1
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


# The frames and long tasks from an action to the end of every animation it
# started: the action runs as a task of its own (as a player's tap does), a frame
# after the watch began; "tap" is a pointer tap on a pile's top card, "click" a
# click on the element the selector names.
WATCH_MOTION = "async ([kind, target]) => {" + TAPPING + """
  const longest = {task: 0, tasks: 0};
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longest.task = Math.max(longest.task, entry.duration); longest.tasks += 1;
    }
  });
  observer.observe({type: 'longtask'});
  let last = await new Promise((done) => requestAnimationFrame(done));
  let gap = 0, watching = true;
  const frame = (now) => {
    gap = Math.max(gap, now - last); last = now;
    if (watching) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  await new Promise((done) => setTimeout(() => {
    if (kind === 'click') {
      document.querySelector(target).click();
    } else {
      tap(top(target));
    }
    done();
  }));
  const moving = () => document.getAnimations().length > 0;
  const started = performance.now();
  // Slides start in the frame after the tap; then wait for them to end.
  for (let frames = 0; frames < 3 || (moving() && performance.now() - started < 10000); frames++) {
    await new Promise((done) => requestAnimationFrame(done));
  }
  await new Promise((done) => requestAnimationFrame(done));
  watching = false;
  await new Promise((done) => setTimeout(done, 0));     // the last long task reported
  observer.disconnect();
  return {task: longest.task, tasks: longest.tasks, gap,
          slid: performance.now() - started};
}"""

# A tap's cost to the frame that shows it: the handler, then the slides' work in
# the next frame (animation.py asks for them in the tap; measured between a frame
# callback asked for before the tap and one asked for after it, so that other
# tasks run meanwhile, such as the solver's verdict arriving, do not count).
TAP_COST = "async ([source, target]) => {" + TAPPING + """
  tap(top(source));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  // Callbacks of a frame run in the order they were asked for: this one runs
  // before the slides' (asked for in the tap), the one after the tap after them.
  let slidesFrom = 0;
  requestAnimationFrame(() => { slidesFrom = performance.now(); });
  const start = performance.now();
  tap(top(target));
  const handled = performance.now() - start;
  const work = await new Promise((done) => requestAnimationFrame(
    () => done(performance.now() - slidesFrom)));
  await new Promise((done) => setTimeout(done, 200));       // the slide ends before the next
  return handled + work;
}"""


# The first of the two taps of a move: pick up the top card of a pile, and let
# the browser draw it.
PICK_UP = "async (source) => {" + TAPPING + """
  tap(top(source));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def store_settings(page, base: str, settings: dict) -> None:
    page.goto(f"{base}help/index.html")
    page.evaluate("(text) => localStorage.setItem('castling:settings', text)", json.dumps(settings))


def motion_figures(playwright, base: str, moves_wanted: int) -> None:
    """Long tasks and frame gaps of a slide and of a deal, and the tap's cost,
    with the slides at the normal speed and, as the anchor, off."""
    print("Motion: the longest task (long-task records) and frame gap, milliseconds; "
          "anchor: the same build, speed off:")
    figures: dict[tuple[str, str], list[dict]] = {}
    costs: dict[str, list[float]] = {}
    with profile(playwright) as page:
        for speed in ("normal", "off"):
            store_settings(page, base, {"tap": "two", "speed": speed})
            rng = random.Random(3)
            slides = figures.setdefault(("slide", speed), [])
            number = 1
            while len(slides) < 20:
                time_to_ready(page, f"{base}index.html#/chessboard/{number}")
                page.wait_for_function(VERDICT, timeout=300_000)    # start-up's work done
                for _, (source, target) in zip(range(10), random_moves(page, "chessboard",
                                                                       number, rng)):
                    page.evaluate(PICK_UP, source)
                    slides.append(page.evaluate(WATCH_MOTION, ["tap", target]))
                number += 1
            time_to_ready(page, f"{base}index.html#/chequers/1")
            page.wait_for_function(VERDICT, timeout=300_000)
            for _ in range(8):
                figures.setdefault(("deal", speed), []).append(
                    page.evaluate(WATCH_MOTION, ["click", '.controls [data-action="new"]']))
            values: list[float] = []
            number = 1
            while len(values) < moves_wanted:
                time_to_ready(page, f"{base}index.html#/chessboard/{number}")
                for _, (source, target) in zip(range(60), random_moves(page, "chessboard",
                                                                       number, rng)):
                    values.append(page.evaluate(TAP_COST, [source, target]))
                    if len(values) >= moves_wanted:
                        break
                number += 1
            costs[speed] = sorted(values)
    for what, title in (("slide", "slide of one card (Chessboard)"),
                        ("deal", "deal of 104 cards (Chequers)")):
        worst = {}
        for speed in ("normal", "off"):
            runs = figures[(what, speed)]
            tasks = sorted(run["task"] for run in runs)
            worst[speed] = tasks[-1]
            over = sum(1 for task in tasks if task > 0)
            print(f"  {title:31s} speed {speed:6s} longest task: median {median(tasks):5.1f}, "
                  f"worst {tasks[-1]:5.1f}; runs with a task over 50 ms: {over} of {len(runs)} "
                  f"(longest frame gap {max(run['gap'] for run in runs):5.1f}; moving "
                  f"{median([run['slid'] for run in runs]):.0f} ms)")
        print(f"  {title:31s} worst task with motion - speed off: "
              f"{worst['normal'] - worst['off']:+.1f} ms (target: no task over 50 ms)")
    p95 = {speed: values[int(0.95 * (len(values) - 1))] for speed, values in costs.items()}
    for speed, values in costs.items():
        print(f"  tap to the frame shown, speed {speed:6s} median {median(values):5.1f}   "
              f"p95 {p95[speed]:5.1f}   over {len(values)} moves (target: p95 < 16)")
    print(f"  tap p95 with motion: {p95['normal'] / p95['off']:.2f}x speed off")


def median(values: list[float]) -> float:
    return statistics.median(values)


def print_boots(title: str, figures: dict[str, list[float]], targets: dict[str, tuple]) -> None:
    print(title)
    for name, values in figures.items():
        print(f"  {name:22s} {median(values):6.2f} s   (min {min(values):.2f}, max {max(values):.2f})")
    for label, (name, anchor, target) in targets.items():
        ratio = median(figures[name]) / median(figures[anchor])
        aim = f"   (target <= {target}x)" if target else ""
        print(f"  {label}: {ratio:.2f}x {anchor}{aim}")


def verdict_figures(playwright, base: str, moves_wanted: int) -> None:
    """Move-to-verdict latency with the compiled core and without it (the same
    site, its core file refused), and the worker's memory."""
    print("From a move to the worker's verdict on the new position (seconds; each question "
          "searched for a second at most), and the share of moves it decided, with the "
          "compiled core and without it (the Python search in Pyodide):")
    with serve(ROOT / "dist", NoCoreHandler) as without, profile(playwright) as page:
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


def main() -> None:
    parser = argparse.ArgumentParser(description="Start-up, bytes and tap latency of the built site.")
    parser.add_argument("--rounds", type=int, default=7, help="boots per kind (medians reported)")
    parser.add_argument("--slow-rounds", type=int, default=3, help="boots per kind with the CPU slowed 4x")
    parser.add_argument("--moves", type=int, default=150, help="taps measured per game")
    parser.add_argument("--verdicts", type=int, default=40, help="verdicts timed per game")
    parser.add_argument("--parts", default="boot,slow,phone,where,bytes,worker,verdicts,taps,motion",
                        help="which figures to measure (comma-separated)")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    if not (ROOT / "dist" / "index.html").exists():
        sys.exit("benchmarks/browser.py: build the site first (python3 build.py)")
    with tempfile.TemporaryDirectory() as folder, \
            serve(ROOT / "dist", CountingHandler) as base, sync_playwright() as playwright:
        build.build(Path(folder) / "site", faces=False)
        with serve(Path(folder) / "site", CountingHandler) as plain:
            measure(playwright, parts, args, base, plain)


def measure(playwright, parts: set[str], args, base: str, plain: str) -> None:
    """The figures asked for, of the site at ``base`` (and, where the faces are
    weighed, of the same site without them at ``plain``)."""
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
