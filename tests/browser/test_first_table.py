"""Every way in has cards on the table before Python is up (issues 26 and 48):
the front door's deal, drawn by the build, and a deal link's, dealt in the page
by the compiled core.

The page is served here by a server that holds back the runtime's WebAssembly
until the test lets it go: what a first visit shows before ``data-ready`` is
looked at for as long as the test needs, then the app takes over."""

from __future__ import annotations

import re

import pytest

from castling import GAMES, Game
from castling.i18n import catalogue
from castling.app.table.arrangement import (FAN_HEIGHT, FAN_WIDTH, INDEX_HEIGHT, INDEX_WIDTH, Space, arrange,
                                         design_length)
from castling.app.first_visit import FIRST_DEAL, FIRST_GAME

from browser_helpers import (READY_TIMEOUT_MS, TABLE, dom_piles, foreign_elements, shown_as_dom,
                             taken_over_unmoved, violations, wait_ready, watched)
from support import HoldingHandler

VISIBLE_CARDS = """[...document.querySelectorAll("#board [data-card]")].filter((card) => {
  const box = card.getBoundingClientRect();
  return card.checkVisibility() && box.width > 20 && box.bottom > 0 && box.top < innerHeight;
}).length"""


def first_visit(browser, url: str, **options):
    context = browser.new_context(welcome=True, **options)     # nothing stored: a first visit
    page, check = watched(context, url)
    page.goto(f"{url}index.html")
    page.wait_for_selector("html[data-first-table] #board [data-card]", timeout=READY_TIMEOUT_MS)
    return context, page, check


@pytest.mark.parametrize("size", [(390, 844), (1440, 900)])
def test_a_first_visit_shows_its_deal_at_once_and_the_app_takes_it_over_unmoved(
        browser, held_site, size):
    width, height = size
    context, page, check = first_visit(browser, held_site, viewport={"width": width, "height": height},
                                       bypass_csp=True)       # (for the audit)
    assert violations(page) == []                      # the table and the welcome, before Python
    before = page.evaluate(TABLE)
    assert before["ready"] == "false"                  # the runtime is still held back
    assert page.evaluate(VISIBLE_CARDS) == 52          # a whole dealt table, on screen
    game = Game(GAMES[FIRST_GAME], FIRST_DEAL)
    dealt = game.position.to_piles()
    assert [code for _, _, code, *_ in before["shape"] if code] == \
        [code for name in GAMES[FIRST_GAME].pile_names for code in dealt[name]]
    assert page.locator("#deal-label").text_content() == f"Deal #{FIRST_DEAL}"
    assert page.title() == f"Chessboard #{FIRST_DEAL} — Castling"
    assert page.locator("[data-welcome]").is_visible()  # the welcome over it, already
    assert page.locator("#welcome-game").text_content() == "On the table: Chessboard."
    assert page.locator(".loading").is_visible()       # a word that the game is starting
    taken_over_unmoved(page, before)                   # nothing moves
    assert page.locator("[data-welcome]").is_visible()  # still over it: opened once
    assert page.locator(".loading").is_hidden()
    context.close()
    check()


def test_a_board_resized_before_the_app_is_up_is_laid_out_again(browser, held_site):
    context, page, check = first_visit(browser, held_site, viewport={"width": 1440, "height": 900})
    wide = page.evaluate(TABLE)
    page.set_viewport_size({"width": 390, "height": 844})         # a phone's shape: two rows of five
    page.wait_for_function("document.querySelectorAll('#board .row').length > 2")
    narrow = page.evaluate(TABLE)
    assert narrow["style"] != wide["style"]
    HoldingHandler.released.set()
    wait_ready(page)
    after = page.evaluate(TABLE)
    assert after["shape"] == narrow["shape"] and after["style"] == narrow["style"]
    context.close()
    check()


def test_what_a_player_does_before_the_app_is_up_is_answered(browser, held_site):
    context, page, check = first_visit(browser, held_site, viewport={"width": 1280, "height": 800})
    words = catalogue("en")
    page.locator("[data-welcome] button.primary").click()          # Play: the welcome closes
    assert page.locator("[data-welcome]").is_hidden()
    page.keyboard.press("u")                                       # a key: not yet,
    notice = page.locator("#notice")
    assert notice.text_content() == words["first.wait"]             # and said so
    assert page.locator("#toast").is_visible()
    page.locator('[data-action="hint"]').click()                   # a button: pressed once ready
    assert notice.text_content() == words["first.asked"]
    page.select_option("#game-select", "morphy")                   # a game: opened once ready
    assert page.evaluate("document.documentElement.dataset.ready") == "false"
    HoldingHandler.released.set()
    wait_ready(page)
    page.wait_for_selector("#status[data-hint]")                   # the hint came, on Morphy
    assert page.locator("#board").get_attribute("data-game") == "morphy"
    assert page.locator("#move-counter").text_content() == "0 moves"
    assert notice.text_content() != words["first.wait"]            # the waiting word is gone
    assert page.locator("[data-welcome]").is_hidden()               # closed for good:
    assert page.evaluate("localStorage.getItem('castling:welcomed')")
    page.reload()                       # (the address is the deal's link now)
    wait_ready(page)
    assert page.locator("[data-welcome]").is_hidden()
    assert page.evaluate("document.documentElement.dataset.firstTable") == "morphy"
    context.close()
    check()


def test_the_first_table_speaks_the_browsers_language(browser, held_site):
    context, page, check = first_visit(browser, held_site, locale="it-IT",
                                       viewport={"width": 390, "height": 844})
    words = catalogue("it")
    assert page.locator("#welcome-title").text_content() == words["welcome.title"]
    assert page.locator("#welcome-game").text_content() == words["welcome.game"].format(game="Chessboard")
    context.close()
    check()


def test_no_first_table_for_a_player_of_before(browser, held_site):
    HoldingHandler.released.set()
    context = browser.new_context(welcome=True, viewport={"width": 1280, "height": 800})
    context.add_init_script("localStorage.setItem('castling:last', 'morphy')")
    page, check = watched(context, held_site)
    page.goto(f"{held_site}index.html")
    wait_ready(page)
    assert not page.evaluate("document.documentElement.hasAttribute('data-first-table')")
    assert page.locator("#board").get_attribute("data-game") == "morphy"
    context.close()
    check()


# -- a deal link ---------------------------------------------------------------

#: Links and screens: both numbering ranges and the largest number, one deck
#: and two, Aces dealt to the foundations (Martha), a reserve of the rest and
#: face-down cards (Castle of Indolence's reserves), Chequers' sideways fans.
LINKS = [("martha", "31337", (390, 844)), ("chessboard", "4242", (1440, 900)),
         ("palace", "99999999999999999999", (1280, 800)),
         ("castle-of-indolence", "32000", (390, 844)), ("chequers", "0031999", (1440, 900))]


@pytest.mark.parametrize("game_id, number, size", LINKS)
def test_a_deal_link_shows_its_deal_at_once_and_the_app_takes_it_over_unmoved(
        browser, held_site, game_id, number, size):
    width, height = size
    context = browser.new_context(welcome=True, viewport={"width": width, "height": height})
    page, check = watched(context, held_site)
    page.goto(f"{held_site}index.html#/{game_id}/{number}")
    page.wait_for_selector(f"html[data-first-table='{game_id}'] #board [data-card]",
                           timeout=READY_TIMEOUT_MS)
    before = page.evaluate(TABLE)
    assert before["ready"] == "false"                  # the runtime is still held back
    rules = GAMES[game_id]
    game = Game(rules, int(number))
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())   # the engine's deal, card for card
    deal = str(game.number)
    assert page.locator("#deal-label").text_content() == f"Deal #{deal}"
    assert page.title() == f"{rules.name} #{deal} — Castling"
    assert page.locator("[data-welcome]").is_visible()  # what was shared, said at once
    assert page.locator("#welcome-game").text_content() == \
        catalogue("en")["welcome.shared"].format(game=rules.name, deal=deal)
    taken_over_unmoved(page, before)                   # nothing moves
    assert page.locator("#welcome-game").text_content() == \
        catalogue("en")["welcome.shared"].format(game=rules.name, deal=deal)
    context.close()
    check()


#: Links the page cannot read: an unknown game, numbers out of range or not
#: numbers, markup, a wrong shape. Each draws nothing early; the app says why.
BAD_LINKS = ["#/no-such-game/5", "#/martha/0", "#/martha/100000000000000000000", "#/martha/12abc",
             "#/martha/%3Cimg%20src%3Dx%3E", "#/martha/5/6"]


def test_a_link_the_page_cannot_read_draws_nothing_and_the_app_says_why(browser, held_site):
    context = browser.new_context(welcome=True, viewport={"width": 1280, "height": 800})
    pages = []
    for link in BAD_LINKS:
        page, check = watched(context, held_site)
        pages.append((page, check))
        page.goto(f"{held_site}index.html{link}")
    # A good link, last: once its table is up, the bad ones (whose files are
    # fetched no later, or not at all) have done all they do before Python.
    control, control_check = watched(context, held_site)
    control.goto(f"{held_site}index.html#/martha/5")
    control.wait_for_selector("#board [data-card]", timeout=READY_TIMEOUT_MS)
    control.close()
    control_check()
    for page, _ in pages:
        assert page.locator("#board [data-card]").count() == 0
        assert not page.evaluate("document.documentElement.hasAttribute('data-first-table')")
        assert foreign_elements(page) == 0
    # The app then says what is wrong with the link (test_links_and_stats tries
    # every kind): here, the one with markup in it, in a page alone in its profile.
    for page, check in pages[:-1]:
        page.close()
        check()
    page, check = pages[-1]
    page.evaluate("link => { location.hash = link; }", "#/martha/%3Cimg%20src%3Dx%3E")
    HoldingHandler.released.set()
    wait_ready(page)
    problem = page.locator("#notice").text_content()
    assert re.fullmatch(r".+ Here is .+ deal #\d+ instead\.", problem), problem
    assert foreign_elements(page) == 0
    check()
    context.close()


def test_the_page_lays_every_game_out_as_the_app_does(browser, held_site):
    """web/first-table/layout.js's copy of arrange() gives Python's answer over many
    boards: for the front door's plan, inline in the page, and for each game's
    (tables/GAME.json), which a link to the game fetches."""
    HoldingHandler.released.set()
    context = browser.new_context(viewport={"width": 800, "height": 600})
    page, check = watched(context, held_site)
    page.goto(f"{held_site}index.html")
    page.wait_for_function("window.castlingFirstTable !== undefined")
    many = [(float(w), float(h)) for w in range(180, 2600, 37) for h in range(100, 1500, 41)]
    few = [(float(w), float(h)) for w in range(180, 2600, 113) for h in range(100, 1500, 97)]
    # (each game at its design length, and at piles grown longer in play)
    for game_id, rooms, more in [("", many, 0), *((game_id, few, more) for game_id in GAMES
                                                  for more in (0, 5))]:
        got = page.evaluate("""async ([game, rooms, more]) => {
            const plan = game ? await (await fetch(`./tables/${game}.json`)).json()
                : JSON.parse(document.getElementById("first-table-plan").textContent);
            return rooms.map(([w, h]) => {
                const fit = castlingFirstTable.arrange(plan, w, h, w > 500 ? 6 : 3, plan.longest + more);
                return [fit.candidate.rows.map((row) => row.piles.join(",")).join("|"),
                        fit.candidate.side, fit.cardW, fit.pileLen, fit.slotW, fit.scrolls];
            });
        }""", [game_id, rooms, more])
        rules = GAMES[game_id or FIRST_GAME]
        for (width, height), answer in zip(rooms, got):
            fit = arrange(rules, Space(width=width, height=height, gap=6.0 if width > 500 else 3.0,
                                       index_h=INDEX_HEIGHT, index_w=INDEX_WIDTH, fan_h=FAN_HEIGHT,
                                       fan_w=FAN_WIDTH, share=1.0, largest=240.0),
                          design_length(rules) + more)
            rows = "|".join(",".join(row.piles) for row in fit.rows)
            assert answer == [rows, fit.side, fit.card_w, fit.pile_len, fit.slot_w, fit.scrolls], \
                (rules.id, more, width, height)
    context.close()
    check()
