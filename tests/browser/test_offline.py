"""Offline after the first visit, served under a sub-path as GitHub Pages does,
with updates offered instead of mixed in, and no request to any other origin."""

import shutil
import sys
from pathlib import Path

import pytest

from castling import GAMES, Game, Position

from support import serve

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import build  # noqa: E402  (the test makes a second build with a change)

from browser_helpers import (DIST, READY_TIMEOUT_MS, a_single_card_move, act, dom_piles,
                             shown_as_dom, stored, tap_move, wait_ready)

SUB_PATH = "castling"


@pytest.fixture
def project_site(site_url, tmp_path):
    """dist/ served at /castling/ through a link the test can point at a new build."""
    first = tmp_path / "first"
    shutil.copytree(DIST, first)
    root = tmp_path / "www"
    root.mkdir()
    (root / SUB_PATH).symlink_to(first)
    with serve(root) as url:
        yield url, url + SUB_PATH + "/", root / SUB_PATH, first


def first_visit(browser, url):
    """Open ``url`` in a fresh context, recording every request, until the service
    worker controls the page (so every file is cached)."""
    context = browser.new_context()
    requests = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS)
    return context, page, requests


def same_origin_only(requests, origin):
    strays = [url for url in requests
              if not url.startswith(origin) and not url.startswith(("about:", "data:", "blob:"))]
    assert strays == []


def test_plays_offline_after_one_visit(browser, project_site):
    origin, base, _, _ = project_site
    context, page, requests = first_visit(browser, base + "index.html#/martha/3")

    context.set_offline(True)
    # How each file was answered (Chromium's own account): the build's files by
    # the service worker's static routes, straight from its cache, without its
    # fetch event (sw.js); the page itself by the fetch event.
    answered = {}
    cdp = context.new_cdp_session(page)
    cdp.on("Network.responseReceived", lambda event: answered.setdefault(
        event["response"]["url"], event["response"].get("serviceWorkerRouterInfo") or {}))
    cdp.send("Network.enable")
    page.goto("about:blank")
    page.goto(base + "index.html#/morphy/5")
    wait_ready(page)
    routed = {url[len(base):]: how.get("actualSourceType") for url, how in answered.items()}
    assert routed.pop("index.html") is None
    assert {path for path in routed if path.startswith("cards/")}, "no face was asked for"
    assert "vendor/pyodide/pyodide.asm.wasm" in routed
    assert {path: source for path, source in routed.items() if source != "cache"} == {}
    deal = Position.deal(GAMES["morphy"], 5)
    assert dom_piles(page) == shown_as_dom(deal.to_piles())
    move = a_single_card_move(deal)
    tap_move(page, GAMES["morphy"], move)
    assert len(stored(page, "castling:save:morphy")["moves"]) >= 1
    # the solver's worker boots from the cache too, and judges the position with
    # the compiled core, also from the cache
    page.wait_for_function(
        "['won', 'lost', 'unknown'].includes(document.getElementById('verdict').dataset.result)",
        timeout=READY_TIMEOUT_MS)
    assert page.locator("#verdict").get_attribute("data-search") == "core"
    page.goto(base + "help/morphy.html")
    assert page.locator("h1").text_content() == "Morphy"
    page.goto(base)                              # the folder itself, as a bookmark has it
    wait_ready(page)
    assert page.evaluate("document.getElementById('board').dataset.game") == "morphy"
    for game_id, rules in GAMES.items():           # every game, from the cached engine
        page.evaluate("link => { location.hash = link }", f"#/{game_id}/7")
        page.wait_for_function("id => document.getElementById('board').dataset.game === id", arg=game_id)
        assert dom_piles(page) == shown_as_dom(Position.deal(rules, 7).to_piles())
    # Today's deal: its table comes from the cache as well.
    page.evaluate("() => { location.hash = '#/fortress/7' }")
    page.wait_for_function("document.getElementById('board').dataset.game === 'fortress'")
    act(page, "daily")
    page.wait_for_function("document.getElementById('deal-label').textContent.includes('deal of the day')")
    context.close()
    same_origin_only(requests, origin)


def test_a_new_build_is_offered_not_mixed_in(browser, project_site):
    origin, base, link, first = project_site
    context, page, requests = first_visit(browser, base + "index.html#/chessboard/1")

    # Publish a second build with a change.
    second = first.parent / "second"
    shutil.copytree(first, second)
    help_page = second / "help" / "how-to-play.html"
    help_page.write_text(help_page.read_text().replace("<h1>How to play</h1>", "<h1>How to play (v2)</h1>"))
    build.write_service_worker(second)
    link.unlink()
    link.symlink_to(second)

    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    prompt = page.locator("#update-prompt")
    prompt.wait_for(state="visible", timeout=READY_TIMEOUT_MS)

    # The open tab keeps working on the version it started with.
    rules = GAMES["chessboard"]
    tap_move(page, rules, a_single_card_move(Position.deal(rules, 1)))
    moves = stored(page, "castling:save:chessboard")["moves"]
    assert len(moves) >= 1

    # (The reload is waited for as far as its start: its page then loads from the
    # new build's cache, which wait_ready gives the time a cold boot under load
    # may take; the default 30 s to the load event ran out once in CI.)
    with page.expect_navigation(wait_until="commit", timeout=READY_TIMEOUT_MS):
        prompt.locator("button").click()
    wait_ready(page)
    game, _ = Game.replay(rules, 1, moves)
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())   # the save survived
    # the old version's cache is gone (castling-snapshot is the start-up snapshot's)
    assert page.evaluate("caches.keys().then(k => k.filter(n => /^castling-[0-9a-f]{16}$/.test(n)).length)") == 1
    page.goto(base + "help/how-to-play.html")
    assert page.locator("h1").text_content() == "How to play (v2)"
    context.close()
    same_origin_only(requests, origin)
