"""English and Italian: the language follows the browser, the settings switch it
and keep it, and every string on the page comes from the chosen catalogue."""

import re

from castling.i18n import LANGUAGES, catalogue
from castling.plurals import form

from browser_helpers import act, stored, wait_ready


TEXTS = """() => [...document.querySelectorAll('[data-i18n]')].map(e => [e.dataset.i18n, e.textContent])"""
TITLES = """() => [...document.querySelectorAll('[data-i18n-title]')].map(e => [e.dataset.i18nTitle, e.title])"""


def assert_page_in(page, language: str) -> None:
    messages = catalogue(language)
    assert page.evaluate("document.documentElement.lang") == language
    for key, text in page.evaluate(TEXTS):
        if key in ("page.title", "page.heading"):    # these name the deal once it is shown
            continue
        assert text == messages[key], key
    game = page.locator("#game-select").input_value()
    assert page.title() == messages["page.document_title"].format(
        game=page.locator("#game-select option:checked").text_content(),
        deal=page.evaluate("location.hash").split("/")[-1]), game
    for key, text in page.evaluate(TITLES):
        assert text == messages[key], key
    counter = page.locator("#move-counter").text_content()
    count = int(re.search(r"[0-9]+", counter).group())
    assert counter == messages[f"counter.moves.{form(language, count)}"].format(count=count)
    deal = page.evaluate("location.hash").split("/")[-1]
    assert page.locator("#deal-label").text_content() == messages["deal.label"].format(deal=deal)


def test_the_language_follows_the_browser(browser, site_url):
    context = browser.new_context(locale="it-IT")
    page = context.new_page()
    page.goto(f"{site_url}index.html#/chessboard/2")
    wait_ready(page)
    assert_page_in(page, "it")
    italian = catalogue("it")
    assert page.locator('[data-action="undo"]').text_content() == italian["action.undo"]
    assert page.locator('[data-pile="t1"]').get_attribute("aria-label").startswith(
        italian["pile.t"].format(number=1) + ", ")
    assert page.locator("#status").text_content() == italian["status.base_unchosen"]
    context.close()


def test_the_settings_switch_every_string_and_keep_the_choice(page, site_url):
    page.goto(f"{site_url}index.html#/martha/6")
    wait_ready(page)
    assert_page_in(page, "en")
    english = dict(page.evaluate(TEXTS))
    act(page, "settings")
    page.select_option("#language", "it")
    assert stored(page, "castling:settings")["language"] == "it"
    assert_page_in(page, "it")
    italian = dict(page.evaluate(TEXTS))
    same = [key for key in english if english[key] == italian[key]]
    assert same == [] or all(catalogue("en")[k] == catalogue("it")[k] for k in same)
    assert page.locator("#winnable-label").text_content().startswith("Nuove smazzate di Martha")
    page.locator("#settings-dialog button[value=close]").click()
    act(page, "stats")
    assert page.locator("#stats-table th").first.text_content() == "Gioco"
    page.keyboard.press("Escape")
    page.reload()
    wait_ready(page)
    assert_page_in(page, "it")
    act(page, "settings")
    page.select_option("#language", "")          # back to the browser's language
    assert_page_in(page, "en")


def test_the_help_pages_follow_the_language(page, site_url):
    page.goto(f"{site_url}help/index.html")
    page.evaluate("localStorage.setItem('castling:settings', JSON.stringify({language: 'it'}))")
    page.goto(f"{site_url}index.html#/morphy/4")
    wait_ready(page)
    act(page, "rules")
    page.wait_for_selector("h1")
    assert page.url.endswith("/help/it/morphy.html")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.locator("h2").first.text_content() == "Scopo"
    # The page in every other language, each named in its own.
    links = page.locator(".languages a")
    assert {links.nth(n).get_attribute("hreflang"): links.nth(n).text_content()
            for n in range(links.count())} == {code: name for code, name in LANGUAGES.items() if code != "it"}
    page.click('.languages a[hreflang="en"]')
    assert page.url.endswith("/help/morphy.html") and page.locator("h2").first.text_content() == "Goal"
    page.click("a.back")
    wait_ready(page)
    act(page, "games")
    assert page.locator("#how-to-play-link").get_attribute("href") == "./help/it/how-to-play.html"
    assert page.locator('.game-list a[data-help="martha.html"]').get_attribute("href") == \
        "./help/it/martha.html"
