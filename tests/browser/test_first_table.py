"""A first visit has cards on the table before Python is up (issue 26).

The page is served here by a server that holds back the runtime's WebAssembly
until the test lets it go: what a first visit shows before ``data-ready`` is
looked at for as long as the test needs, then the app takes over."""

from __future__ import annotations

import threading

import pytest

from castling import GAMES, Game
from castling.i18n import catalogue
from castling.player.arrangement import FAN_HEIGHT, FAN_WIDTH, INDEX_HEIGHT, INDEX_WIDTH, Space, arrange
from castling.player.first_visit import FIRST_DEAL, FIRST_GAME

from browser_helpers import DIST, READY_TIMEOUT_MS, violations, wait_ready, watched
from support import QuietHandler, serve

HELD = "pyodide.asm.wasm"


class HoldingHandler(QuietHandler):
    """Static files; the runtime's WebAssembly only once ``released`` is set."""

    released = threading.Event()

    def do_GET(self) -> None:
        if self.path.split("?")[0].endswith(HELD):
            self.released.wait(timeout=300)
        super().do_GET()


@pytest.fixture
def held_site():
    HoldingHandler.released.clear()
    with serve(DIST, HoldingHandler) as url:
        yield url
        HoldingHandler.released.set()       # nothing stays waiting when the test ends


# The board as drawn: every row, pile and card with what places it (classes,
# inline properties, hooks), in order; and where each card is on the screen.
TABLE = """(() => {
  const board = document.getElementById("board");
  const style = (element) => element.style.cssText.split(";").map((part) => part.trim())
    .filter(Boolean).sort().join("; ");
  const shape = [...board.querySelectorAll(".row, [data-pile], [data-card]")].map((element) =>
    [element.className, element.getAttribute("data-pile"), element.getAttribute("data-card"),
     element.getAttribute("tabindex"), element.getAttribute("aria-label"),
     style(element)]);
  const boxes = [...board.querySelectorAll("[data-card]")].map((card) => {
    const box = card.getBoundingClientRect();
    return [box.x, box.y, box.width, box.height];
  });
  return {shape, boxes, style: style(board), ready: document.documentElement.dataset.ready};
})()"""

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
    HoldingHandler.released.set()
    wait_ready(page)
    page.wait_for_function("document.fonts.status === 'loaded'")
    after = page.evaluate(TABLE)
    assert after["shape"] == before["shape"]            # the same table, element for element,
    assert after["style"] == before["style"]            # at the same size,
    for was, now in zip(before["boxes"], after["boxes"]):
        assert now == pytest.approx(was, abs=0.5)       # every card where it was
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
    page.locator('[data-pile="t1"] [data-card]').last.click()      # a tap on the table: refused,
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
    assert page.locator("#move-counter").text_content() == "0 moves"   # and no card was moved
    assert notice.text_content() != words["first.wait"]            # the waiting word is gone
    assert page.locator("[data-welcome]").is_hidden()               # closed for good:
    assert page.evaluate("localStorage.getItem('castling:welcomed')")
    page.reload()
    wait_ready(page)
    assert page.locator("[data-welcome]").is_hidden()
    assert not page.evaluate("document.documentElement.hasAttribute('data-first-table')")
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


def test_no_first_table_for_a_link_or_a_player_of_before(browser, held_site):
    HoldingHandler.released.set()
    for link, script in (("#/fortress/5", None), ("", "localStorage.setItem('castling:last', 'morphy')")):
        context = browser.new_context(welcome=True, viewport={"width": 1280, "height": 800})
        if script:
            context.add_init_script(script)
        page, check = watched(context, held_site)
        page.goto(f"{held_site}index.html{link}")
        wait_ready(page)
        assert not page.evaluate("document.documentElement.hasAttribute('data-first-table')")
        assert page.locator("#board").get_attribute("data-game") == ("fortress" if link else "morphy")
        context.close()
        check()


def test_the_page_lays_the_first_table_out_as_the_app_does(browser, held_site):
    """web/first-table.js's copy of arrange() gives Python's answer over many boards."""
    HoldingHandler.released.set()
    context = browser.new_context(viewport={"width": 800, "height": 600})
    page, check = watched(context, held_site)
    page.goto(f"{held_site}index.html")
    page.wait_for_function("window.castlingFirstTable !== undefined")
    rooms = [(float(w), float(h)) for w in range(180, 2600, 37) for h in range(100, 1500, 41)]
    got = page.evaluate("""(rooms) => rooms.map(([w, h]) => {
        const fit = castlingFirstTable.arrange(w, h, w > 500 ? 6 : 3);
        return [fit.candidate.rows.map((row) => row.piles.join(",")).join("|"), fit.candidate.side,
                fit.cardW, fit.pileLen, fit.slotW, fit.scrolls];
    })""", rooms)
    rules = GAMES[FIRST_GAME]
    for (width, height), answer in zip(rooms, got):
        fit = arrange(rules, Space(width=width, height=height, gap=6.0 if width > 500 else 3.0,
                                   index_h=INDEX_HEIGHT, index_w=INDEX_WIDTH, fan_h=FAN_HEIGHT,
                                   fan_w=FAN_WIDTH, share=1.0, largest=240.0))
        rows = "|".join(",".join(row.piles) for row in fit.rows)
        assert answer == [rows, fit.side, fit.card_w, fit.pile_len, fit.slot_w, fit.scrolls], (width, height)
    context.close()
    check()
