"""Real-browser tests: build the site, serve dist/ on localhost, drive Chromium."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from support import launch_chromium, serve

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
READY_TIMEOUT_MS = 90_000     # cold boot is ~3-7 s here; far more under load


@pytest.fixture(scope="session")
def site_url():
    """Build dist/ once and serve it on a free localhost port. (`make test` builds
    it before starting its two lanes of browser tests and sets CASTLING_SITE_BUILT,
    so that neither rebuilds dist/ while the other serves it.)"""
    if not os.environ.get("CASTLING_SITE_BUILT"):
        subprocess.run([sys.executable, str(ROOT / "build.py")], check=True, cwd=ROOT)
    with serve(DIST) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


def watched(context, site_url):
    """A new page of ``context``, and a check to run when the test is done: it
    fails on any uncaught page error and on any request that leaves the site."""
    requests: list[str] = []

    def seen(request) -> None:
        requests.append(request.url)
    context.on("request", seen)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def check() -> None:
        context.remove_listener("request", seen)
        assert not errors, f"uncaught errors in the page: {errors}"
        foreign = [url for url in requests
                   if not url.startswith((site_url, "about:", "data:", "blob:"))]
        assert not foreign, f"requests to other origins: {foreign[:5]}"
    return page, check


@pytest.fixture
def page(browser, site_url):
    """A fresh page in a fresh profile: a player's first visit, storage empty."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page, check = watched(context, site_url)
    yield page
    context.close()
    check()


@pytest.fixture(scope="session")
def returning_profile(browser):
    """One browser profile that the per-game tests share, as one player's browser
    is shared by every game they play: after its first start, each page restores
    the interpreter's snapshot instead of booting Python from scratch (a fresh
    profile per game would pay a first visit's boot 26 times over)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context
    context.close()


@pytest.fixture
def returning_page(returning_profile, site_url):
    """A new page in the shared profile, with the site's storage emptied first
    (what the service worker and the snapshot keep in Cache Storage stays)."""
    page, check = watched(returning_profile, site_url)
    page.goto(f"{site_url}help/index.html")
    page.evaluate("localStorage.clear()")
    yield page
    page.close()
    check()


def wait_ready(page) -> None:
    page.wait_for_selector('html[data-ready="true"]', timeout=READY_TIMEOUT_MS)


def dom_piles(page) -> dict[str, list[str]]:
    """Every pile in the DOM: name -> data-card values, bottom first."""
    return page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('[data-pile]')].map(pile => [pile.dataset.pile,
            [...pile.querySelectorAll('[data-card]')].map(card => card.dataset.card)]))""")


def shown_as_dom(piles: dict[str, list[str]]) -> dict[str, list[str]]:
    """The engine's piles as the DOM must show them (face-down cards hidden)."""
    return {name: ["down" if code.islower() else code for code in cards]
            for name, cards in piles.items()}


def stored(page, key: str):
    text = page.evaluate("key => localStorage.getItem(key)", key)
    return None if text is None else json.loads(text)


def store(page, key: str, value) -> None:
    """Put ``value`` in the page's storage under ``key``, as JSON (as the app stores)."""
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, json.dumps(value)])
