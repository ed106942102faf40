"""A visit of the built site, as benchmarks/browser.py's figures take one: the
server (dist/ with the bare page beside it, counting the bytes it sends; the
same site without its compiled core), a new browser profile on disk (the CPU
and the network slowed if asked) or a private window, and the page's own
clocks (data-ready, the dealt table on screen). Every part of the benchmark
visits through these, so that a figure and its anchor are taken the same way.

Importing it puts py/ and tests/browser/ on the path (the engine; the tests'
server and Chromium), for the benchmark's other parts too.
"""

from __future__ import annotations

import contextlib
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests" / "browser")]

from browser_helpers import WELCOMED  # noqa: E402
import support  # noqa: E402
from support import CHROMIUM_ARGS, chromium_path  # noqa: E402

BARE_PAGE = (ROOT / "benchmarks" / "bare-page.html").read_bytes()

VERDICT = ("['won', 'lost', 'unknown'].includes("
           "document.getElementById('verdict').dataset.result)")
APP = "index.html#/chessboard/1"


# The bare page boots Pyodide as it comes, which fetches its lock file; the site
# ships none (it loads no package), so the server adds it from the npm package.
LOCK_FILE = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"
#: the built site being measured (browser.py sets it: --site, then --before's)
SITE = ROOT / "dist"


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
# one first-table.js drew it in (its performance mark), by the same clock.
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


def median(values: list[float]) -> float:
    return statistics.median(values)
