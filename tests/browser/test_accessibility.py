"""An automated accessibility audit (axe-core, pinned in package.json) of every
screen: the table (its card faces, the toolbar, its open menu and a message),
the game chooser, the statistics, the settings, the keys, and the help pages, in
every look. Any violation fails the test and is listed."""

import json

import pytest

from browser_helpers import STATS, act, violations, wait_ready


@pytest.fixture(scope="module")
def audit_profile(browser):
    """One profile for every audit, so that each page after the first starts from
    the snapshot. axe is injected as an inline script, which the site's CSP
    rightly refuses: this profile bypasses it."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    yield context
    context.close()


@pytest.fixture
def audit_page(audit_profile, site_url):
    """A page of the audit profile, with nothing stored."""
    page = audit_profile.new_page()
    page.goto(f"{site_url}help/index.html")
    page.evaluate("localStorage.clear()")
    yield page
    page.close()


#: the dialog each action opens, where its id is not the action's
OPENS = {"how-to-play": "rules", "choose-deal": "deal"}


#: the dialogs the game screen opens, audited one after another on one page
DIALOGS = ("games", "stats", "settings", "keys", "how-to-play", "choose-deal")


def test_the_game_screen_and_its_dialogs(audit_page, site_url):
    """The table, then each dialog opened from it and closed again (Escape), as
    a player goes from one to the next: one start of the app for all of them."""
    page = audit_page
    page.goto(f"{site_url}index.html#/martha/4")
    wait_ready(page)
    found = {"the table": violations(page)}
    for dialog in DIALOGS:
        act(page, dialog)
        opened = f"#{OPENS.get(dialog, dialog)}-dialog"
        page.wait_for_selector(f"{opened}[open]")
        found[dialog] = violations(page)
        if dialog == "stats":       # the all-games table behind its tab, too
            page.click("#stats-tab-all")
            found["stats, all games"] = violations(page)
        page.keyboard.press("Escape")
        page.wait_for_selector(f"{opened}:not([open])", state="attached")
    assert {where: listed for where, listed in found.items() if listed} == {}


@pytest.mark.parametrize("help_page", ["index", "how-to-play", "chessboard", "chequers", "winnability",
                                       "it/index", "it/martha"])
def test_the_help_pages(audit_page, site_url, help_page):
    page = audit_page
    page.goto(f"{site_url}help/{help_page}.html")
    assert violations(page) == []


@pytest.mark.parametrize("look", [{"high_contrast": True}, {"four_colour": True, "card_size": "large"},
                                  {"card_back": "night", "table": "burgundy"}])
def test_the_other_looks(audit_page, site_url, look):
    page = audit_page
    page.goto(f"{site_url}help/index.html")
    page.evaluate("look => localStorage.setItem('castling:settings', JSON.stringify(look))", look)
    page.goto(f"{site_url}index.html#/chessboard/4")
    wait_ready(page)
    assert violations(page) == []


@pytest.mark.parametrize("dialog", [None, "settings"])
def test_the_dark_theme(audit_page, site_url, dialog):
    page = audit_page
    page.emulate_media(color_scheme="dark")
    page.goto(f"{site_url}index.html#/fortress/9")
    wait_ready(page)
    if dialog:
        act(page, dialog)
    assert violations(page) == []


def test_the_replay_viewer(audit_page, site_url):
    page = audit_page
    page.goto(f"{site_url}index.html#/martha/4/replay/1")
    wait_ready(page)
    page.wait_for_selector("[data-replay]")
    assert violations(page) == []


@pytest.mark.parametrize("look, scheme", [({}, "dark"), ({"high_contrast": True}, "light")])
def test_the_statistics_charts(audit_page, site_url, look, scheme):
    page = audit_page
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{site_url}help/index.html")
    page.evaluate("([stats, look]) => { localStorage.setItem('castling:stats', stats);"
                  " localStorage.setItem('castling:settings', look) }",
                  [json.dumps(STATS), json.dumps(look)])
    page.goto(f"{site_url}index.html#/fortress/3")
    wait_ready(page)
    act(page, "stats")
    page.click("#charts details summary")
    assert page.locator("#charts svg").count() == 3
    assert violations(page) == []


#: Every look a player can choose, and the browser's dark scheme.
LOOKS = {"plain": ({}, "light"), "dark": ({}, "dark"), "high contrast": ({"high_contrast": True}, "light"),
         "four colours, large": ({"four_colour": True, "card_size": "large"}, "light"),
         "night on burgundy": ({"card_back": "night", "table": "burgundy"}, "dark")}


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
@pytest.mark.parametrize("look", list(LOOKS))
def test_the_toolbar_its_open_menu_and_a_toast_in_every_look(audit_page, site_url, look, size):
    """The table with its faces (face-down cards too: Martha), the bar (at the
    bottom of a phone), a toast with a link in it, and the menu open over it."""
    page = audit_page
    settings, scheme = LOOKS[look]
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.emulate_media(color_scheme=scheme)
    page.evaluate("look => localStorage.setItem('castling:settings', JSON.stringify(look))", settings)
    page.goto(f"{site_url}index.html#/martha/4")
    wait_ready(page)
    act(page, "share")
    page.wait_for_selector("#toast:not([hidden])")
    page.click("#menu-button")
    page.wait_for_selector("#menu:not([hidden])")
    assert violations(page) == []


@pytest.mark.parametrize("look", list(LOOKS))
def test_the_review_and_the_calendar_in_every_look(audit_page, site_url, look):
    """A game's review, its turning point found (Beleaguered Castle #2, lost at its
    third move), and then the calendar of deals of the day."""
    page = audit_page
    settings, scheme = LOOKS[look]
    page.emulate_media(color_scheme=scheme)
    page.evaluate("([look, save]) => { localStorage.setItem('castling:settings', JSON.stringify(look));"
                  " localStorage.setItem('castling:save:beleaguered-castle', JSON.stringify(save)) }",
                  [settings, {"format": 1, "game": "beleaguered-castle", "deal": 2,
                              "moves": ["t5-t3", "t5-t7", "t2-t5", "t2-f2"], "token": "a11y"}])
    page.goto(f"{site_url}index.html#/beleaguered-castle/2")
    wait_ready(page)
    act(page, "review")
    page.wait_for_selector('#review-dialog[data-state="done"] [data-turning-point]', timeout=60_000)
    found = {"review": violations(page)}
    page.keyboard.press("Escape")
    act(page, "daily-calendar")
    page.wait_for_selector("[data-calendar][open] [data-day]")
    found["calendar"] = violations(page)
    assert {where: listed for where, listed in found.items() if listed} == {}
