"""Start-up as players meet it: a first visit downloads each file once and shows
the runtime arriving; a return visit starts from the memory snapshot the first
one left; a snapshot that is missing, damaged, of another build or refused by
storage means a normal start, silently, and a new snapshot later.

These tests run in real browser profiles on disk (as a player's browser has):
an incognito context's memory cache cannot hold the 9.6 MB WebAssembly file.
"""

from __future__ import annotations

import json
import re
import tempfile

import pytest

from castling import GAMES, Position

from support import CHROMIUM_ARGS, CountingHandler, chromium_path, serve
from browser_helpers import (DIST, READY_TIMEOUT_MS, WELCOMED, a_single_card_move, act,
                             dom_piles, shown_as_dom, stored, tap_move, wait_ready)

SNAPSHOT_CACHE = "castling-snapshot"
VERDICT = ("['won', 'lost', 'unknown'].includes("
           "document.getElementById('verdict').dataset.result)")


def launch_profile(browser, folder: str):
    """A browser with a profile on disk, as a player's; with its first page."""
    context = browser.browser_type.launch_persistent_context(
        folder, executable_path=chromium_path(), args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 800})
    context.add_init_script(WELCOMED)
    return context, (context.pages[0] if context.pages else context.new_page())


class Watch:
    """Uncaught errors and console errors of a page: a fallback must be silent."""

    def __init__(self, page) -> None:
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        page.on("console", lambda message: message.type == "error"
                and self.errors.append(f"console: {message.text}"))


def snapshot_keys(page) -> list[str]:
    return page.evaluate(f"""async () => {{
        const cache = await caches.open('{SNAPSHOT_CACHE}');
        return (await cache.keys()).map(request => request.url);
    }}""")


def visit(page, url: str) -> str:
    """Open the game afresh; how its Python started ('snapshot' or 'fresh')."""
    page.goto("about:blank")
    page.goto(url)
    wait_ready(page)
    return page.evaluate("document.documentElement.dataset.boot")


def wait_for_snapshot(page) -> str:
    """What became of making a snapshot after a fresh start: 'stored' or 'failed'."""
    page.wait_for_function("document.documentElement.dataset.snapshot !== undefined",
                           timeout=READY_TIMEOUT_MS)
    return page.evaluate("document.documentElement.dataset.snapshot")


def plays(page, game_id: str, number: int) -> None:
    """The table shows the engine's deal, and a tap moves a card."""
    rules = GAMES[game_id]
    deal = Position.deal(rules, number)
    assert dom_piles(page) == shown_as_dom(deal.to_piles())
    tap_move(page, rules, a_single_card_move(deal))
    assert len(stored(page, f"castling:save:{game_id}")["moves"]) >= 1


# -- a returning player ---------------------------------------------------------------

@pytest.fixture(scope="module")
def returning(browser, site_url):
    """One player's browser that has visited once: the service worker controls the
    page and a snapshot is stored. Each test leaves a good snapshot behind."""
    with tempfile.TemporaryDirectory() as folder:
        context, page = launch_profile(browser, folder)
        assert visit(page, site_url + "index.html#/martha/3") == "fresh"
        page.wait_for_function("navigator.serviceWorker.controller !== null",
                               timeout=READY_TIMEOUT_MS)
        assert wait_for_snapshot(page) == "stored"
        yield context, site_url
        context.close()


def on_the_site(page, site_url: str) -> None:
    """A page of the site where Python does not run (to reach its storage)."""
    page.goto(site_url + "help/index.html")


@pytest.fixture
def player(returning):
    """A new tab in the returning player's browser, watched for errors, with a
    snapshot stored."""
    context, site_url = returning
    page = context.new_page()
    on_the_site(page, site_url)
    if not snapshot_keys(page):
        assert visit(page, site_url + "index.html") == "fresh"
        assert wait_for_snapshot(page) == "stored"
        on_the_site(page, site_url)
    page.evaluate("localStorage.clear()")       # no game of an earlier test to resume
    watch = Watch(page)
    yield page, site_url
    page.close()
    assert watch.errors == []


def test_a_return_visit_starts_from_the_snapshot_and_plays(player):
    page, site_url = player
    assert visit(page, site_url + "index.html#/morphy/5") == "snapshot"
    plays(page, "morphy", 5)
    # the solver's worker starts from the same snapshot and judges the position
    page.wait_for_function(VERDICT, timeout=READY_TIMEOUT_MS)


def test_two_return_visits_offer_different_new_deals(player):
    page, site_url = player
    numbers = []
    for _ in range(2):
        assert visit(page, site_url + "index.html#/fortress/8") == "snapshot"
        act(page, "new")
        page.wait_for_function("!location.hash.endsWith('/8')")
        numbers.append(int(re.search(r"/(\d+)$", page.evaluate("location.hash")).group(1)))
    assert numbers[0] != numbers[1]


def test_an_offline_return_visit_starts_from_the_snapshot(player, returning):
    page, site_url = player
    context, _ = returning
    context.set_offline(True)
    try:
        assert visit(page, site_url + "index.html#/chequers/31999") == "snapshot"
        plays(page, "chequers", 31999)
    finally:
        context.set_offline(False)


# Each way a stored snapshot can go wrong, done to it in the page.
DAMAGE = {
    "deleted": f"caches.delete('{SNAPSHOT_CACHE}')",
    "truncated": """async () => {
        const cache = await caches.open('castling-snapshot');
        const [key] = await cache.keys();
        const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
        await cache.put(key, new Response(bytes.slice(0, bytes.length >> 1)));
    }""",
    "corrupted": """async () => {
        const cache = await caches.open('castling-snapshot');
        const [key] = await cache.keys();
        const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
        for (let i = 64; i < bytes.length; i += 100003) { bytes[i] ^= 0x5a; }
        await cache.put(key, new Response(bytes));
    }""",
    # What an older build left: a snapshot under its own build's key, and none
    # under this one's.
    "of another build": """async () => {
        const cache = await caches.open('castling-snapshot');
        const [key] = await cache.keys();
        const stored = await cache.match(key);
        await cache.put(key.url.replace(/[0-9a-f]{16}$/, '0123456789abcdef'), stored);
        await cache.delete(key);
    }""",
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_bad_snapshot_means_a_normal_start_and_a_new_snapshot(player, damage):
    page, site_url = player
    on_the_site(page, site_url)
    page.evaluate(DAMAGE[damage])
    assert visit(page, site_url + "index.html#/lasker/12") == "fresh"
    plays(page, "lasker", 12)
    assert wait_for_snapshot(page) == "stored"
    [key] = snapshot_keys(page)                        # the new one, and only it
    assert not key.endswith("0123456789abcdef")
    assert visit(page, site_url + "index.html#/lasker/12") == "snapshot"


def test_storage_refusing_the_snapshot_means_normal_starts(player):
    page, site_url = player
    on_the_site(page, site_url)
    page.evaluate(DAMAGE["deleted"])
    page.add_init_script("""if (self.Cache) {      // (about:blank has none)
        Cache.prototype.put = function () {
            return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
        };
    }""")
    for number in (9, 10):
        assert visit(page, site_url + f"index.html#/castles-end/{number}") == "fresh"
        plays(page, "castles-end", number)
        assert wait_for_snapshot(page) == "failed"
    assert snapshot_keys(page) == []


# -- a first visit --------------------------------------------------------------------

@pytest.fixture(scope="module")
def first_visit(browser, site_url):
    """A new player's first visit, counted at the server, with the loading screen's
    progress noted: (page, bytes sent per path)."""
    CountingHandler.sent.clear()
    with serve(DIST, CountingHandler) as url, tempfile.TemporaryDirectory() as folder:
        context, page = launch_profile(browser, folder)
        page.add_init_script("""window.progressSeen = [];
            new MutationObserver(() => {
              const bar = document.getElementById('loading-progress');
              if (bar && !bar.hidden) { window.progressSeen.push([bar.value, bar.max]); }
            }).observe(document, {subtree: true, attributes: true, childList: true});""")
        watch = Watch(page)
        page.goto(url + "index.html#/chessboard/1")
        wait_ready(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null",
                               timeout=READY_TIMEOUT_MS)
        assert wait_for_snapshot(page) == "stored"
        page.wait_for_function(VERDICT, timeout=READY_TIMEOUT_MS)
        yield page, list(CountingHandler.sent)
        context.close()
        assert watch.errors == []


def test_a_first_visit_downloads_each_file_once(first_visit):
    _, sent = first_visit
    paths = [path for path, _ in sent]
    assert sorted({path for path in paths if paths.count(path) > 1}) == []
    # ... and everything the app needs offline was downloaded
    listed = json.loads(re.search(r"const FILES = (\{.*?\});", (DIST / "sw.js").read_text(),
                                  re.S).group(1))
    assert {url.removeprefix(".") for url in listed} <= set(paths)


def test_a_first_visit_shows_the_runtime_arriving(first_visit):
    page, _ = first_visit
    seen = page.evaluate("window.progressSeen")
    sizes = json.loads(re.search(r"const RUNTIME_BYTES = (\{.*?\});",
                                 (DIST / "interpreter.mjs").read_text()).group(1))
    total = sum(sizes.values())
    assert {maximum for _, maximum in seen} == {total}
    values = [value for value, _ in seen]
    assert values == sorted(values) and values[-1] == total
    assert len({value for value in values if 0 < value < total}) >= 3     # arriving, not jumping
    # once the loading screen is gone, the table is there
    assert page.locator("#loading").is_hidden()
    assert dom_piles(page) == shown_as_dom(Position.deal(GAMES["chessboard"], 1).to_piles())


def test_a_first_visit_makes_its_snapshot_once_the_solver_is_up(first_visit):
    # Both boot Python; the player waits for the verdict now, the snapshot only
    # at the next visit (web/interpreter.mjs, whenSolverSettled).
    page, _ = first_visit
    assert page.evaluate("document.documentElement.dataset.solver") == "ready"
    at = page.evaluate("""Object.fromEntries(["castling:ready", "castling:solver-ready",
        "castling:snapshot-started", "castling:snapshot-stored"].map(
            (name) => [name.slice(9), performance.getEntriesByName(name)[0]?.startTime]))""")
    assert at["ready"] < at["solver-ready"] <= at["snapshot-started"] < at["snapshot-stored"], at
