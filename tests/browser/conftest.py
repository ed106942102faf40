"""Real-browser tests: build the site, serve dist/ on localhost, drive Chromium.

Only fixtures live here; what the tests share besides is browser_helpers.py."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from playwright.sync_api import sync_playwright

from browser_helpers import DIST, ROOT, WELCOMED, empty_page, returned, wait_ready, watched
from support import HoldingHandler, launch_chromium, serve


@pytest.fixture(scope="session")
def site_url():
    """Build dist/ once and serve it on a free localhost port. (`make test` builds
    it before starting its two lanes of browser tests and sets CASTLING_SITE_BUILT,
    so that neither rebuilds dist/ while the other serves it.)"""
    if not os.environ.get("CASTLING_SITE_BUILT"):
        subprocess.run([sys.executable, str(ROOT / "build.py")], check=True, cwd=ROOT)
    with serve(DIST) as url:
        yield url


@pytest.fixture
def held_site():
    """dist/ served by a server of its own that holds back the runtime's
    WebAssembly until the test sets ``HoldingHandler.released``."""
    HoldingHandler.released.clear()
    with serve(DIST, HoldingHandler) as url:
        yield url
        HoldingHandler.released.set()       # nothing stays waiting when the test ends


class Browser:
    """Playwright's browser, whose new profiles have seen the welcome unless a test
    asks for a first visit's (``new_context(welcome=True)``)."""

    def __init__(self, browser) -> None:
        self._browser = browser

    def new_context(self, *, welcome: bool = False, **options):
        context = self._browser.new_context(**options)
        if not welcome:
            context.add_init_script(WELCOMED)
        return context

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield Browser(browser)
        browser.close()


@pytest.fixture(scope="session")
def returning_profile(browser, site_url):
    """One browser profile that the tests share, as one player's browser is
    shared by every game they play: every page a return visit (``returned``)."""
    context = returned(browser.new_context(viewport={"width": 1280, "height": 800}), site_url)
    yield context
    context.close()


@pytest.fixture(scope="session")
def phone_profile(browser, site_url):
    """A phone's profile (a touch screen, a phone's viewport), shared as
    ``returning_profile`` is: the tests of phones and touch open their pages
    here, as return visits, each setting the size it wants."""
    context = returned(browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                           is_mobile=True), site_url)
    yield context
    context.close()


@pytest.fixture
def page(returning_profile, site_url):
    """A new page in the shared profile (``empty_page``): a returning player with
    nothing saved but the choice of two taps, asking for reduced motion. Every
    test uses it but those about a first visit, which take ``first_visit_page``;
    the tests of one-tap play clear the settings first, and the tests of motion
    ask for ``no-preference`` (``page.emulate_media``)."""
    page, check = empty_page(returning_profile, site_url)
    yield page
    page.close()
    check()


@pytest.fixture
def returning_visit(returning_profile, site_url):
    """Opens pages in a shared profile with nothing stored, not even the tests'
    two taps (every setting at its default): ``open(link, init_script=None,
    reduced_motion="no-preference", profile=None, size=None, settings=None)``
    goes to ``index.html{link}`` and waits until it is ready, as quickly as a
    return visit starts (from the snapshot), where a new profile would pay a
    first visit's boot. ``profile`` is the returning one unless given (the
    phone's); ``size`` (width, height) the page's viewport; ``settings`` what
    is stored before (``empty_page``). Each page is closed, and checked
    (watched), when the test is done."""
    opened = []

    def open_page(link: str, init_script: str | None = None, reduced_motion: str = "no-preference",
                  *, profile=None, size: tuple[int, int] | None = None,
                  settings: dict | None = None):
        page, check = empty_page(profile or returning_profile, site_url, settings,
                                 init_script=init_script, reduced_motion=reduced_motion)
        opened.append((page, check))
        if size:
            page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(f"{site_url}index.html{link}")
        wait_ready(page)
        return page
    yield open_page
    for page, check in opened:
        page.close()
        check()


@pytest.fixture
def first_visit_page(browser, site_url):
    """A fresh page in a fresh profile: a first visit, nothing stored or cached."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page, check = watched(context, site_url)
    yield page
    context.close()
    check()


@pytest.fixture
def new_profile_page(browser, site_url):
    """Opens pages in new profiles: ``open(link, init_script=None, **context_options)``
    goes to ``index.html{link}`` and waits until it is ready; each profile is
    closed, and its page checked (watched), when the test is done."""
    opened = []

    def open_page(link: str, init_script: str | None = None, **options):
        context = browser.new_context(**options)
        if init_script:
            context.add_init_script(init_script)
        page, check = watched(context, site_url)
        opened.append((context, check))
        page.goto(f"{site_url}index.html{link}")
        wait_ready(page)
        return page
    yield open_page
    for context, check in opened:
        context.close()
        check()
