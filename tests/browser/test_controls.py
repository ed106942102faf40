"""Double-click home, settings that persist, the game chooser and the help pages."""

import re
import urllib.request

import pytest

from castling import GAMES, Position

from browser_helpers import act, chosen, settle, stored, tap_move, wait_ready



def test_double_click_sends_home_but_never_founds_the_base(page, site_url):
    rules = GAMES["chessboard"]
    # A deal with two cards of one rank on top of the tableau.
    number, first, second = next(
        (n, a, b) for n in range(1, 500) for pos in [Position.deal(rules, n)]
        for a in range(10) for b in range(a + 1, 10)
        if pos.piles[a][-1] % 13 == pos.piles[b][-1] % 13)
    page.goto(f"{site_url}index.html#/chessboard/{number}")
    wait_ready(page)
    top = page.locator(f'[data-pile="t{first + 1}"] [data-card]').last
    top.dblclick()
    assert stored(page, "castling:save:chessboard")["moves"] == []
    card = Position.deal(rules, number).piles[first][-1]
    tap_move(page, rules, (first, rules.tableau.piles + card // 13, 1))
    page.locator(f'[data-pile="t{second + 1}"] [data-card]').last.dblclick()
    moves = stored(page, "castling:save:chessboard")["moves"]
    other = Position.deal(rules, number).piles[second][-1]
    assert moves[:2] == [f"t{first + 1}-f{card // 13 + 1}", f"t{second + 1}-f{other // 13 + 1}"]


def test_settings_persist_across_visits(page, site_url):
    page.goto(f"{site_url}index.html#/martha/2")
    wait_ready(page)
    act(page, "settings")
    box = page.locator('[data-setting="autoplay"]')
    assert box.is_checked()
    box.uncheck()
    page.locator("#settings-dialog button[value=close]").click()
    page.reload()
    wait_ready(page)
    act(page, "settings")
    assert not page.locator('[data-setting="autoplay"]').is_checked()
    assert chosen(page, "#speed") == "normal"
    assert stored(page, "castling:settings")["autoplay"] is False


def test_the_game_chooser_opens_games_and_their_rules(page, site_url):
    page.goto(f"{site_url}index.html#/chessboard/3")
    wait_ready(page)
    act(page, "games")
    page.click('[data-play="lasker"]')
    page.wait_for_function("document.getElementById('board').dataset.game === 'lasker'")
    assert page.evaluate("location.hash").startswith("#/lasker/")
    act(page, "rules")
    page.wait_for_selector("h1")
    assert page.locator("h1").text_content() == "Lasker"


def test_how_to_play_opens_the_games_rules_over_the_table_without_leaving_the_page(page,
                                                                                   site_url):
    page.goto(f"{site_url}index.html#/fortress/5")
    wait_ready(page)
    page.evaluate("window.stillHere = true")
    act(page, "how-to-play")
    panel = page.locator("[data-rules-panel]")
    assert panel.is_visible()
    assert page.locator("#rules-title").text_content() == "Fortress"
    assert page.locator("#rules-sections h3").all_text_contents()[:4] == \
        ["Goal", "Layout", "Foundations", "Tableau"]
    assert "Ace" in page.locator("#rules-sections").text_content()
    page.wait_for_function("document.getElementById('rules-sketch').naturalWidth > 0")
    # No navigation and no second start of Python: the same page, one runtime.
    assert page.evaluate("window.stillHere") is True
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1
    assert page.evaluate("performance.getEntriesByType('resource')"
                         ".filter(e => e.name.endsWith('pyodide.asm.wasm')).length") <= 1
    page.keyboard.press("Escape")
    assert panel.is_hidden() and page.locator("[data-pile] [data-card]").count() == 52


def test_every_help_page_is_served_and_links_only_within_the_site(site_url):
    for slug in [f"{folder}{name}" for folder in ("", "it/")
                 for name in list(GAMES) + ["index", "how-to-play", "winnability"]]:
        with urllib.request.urlopen(f"{site_url}help/{slug}.html") as response:
            text = response.read().decode()
        assert response.status == 200 and "<h1>" in text
        links = re.findall(r'(?:href|src)="([^"]*)"', text)
        assert links and not any(link.startswith(("http:", "https:", "//", "/")) for link in links)


def test_no_legal_moves_is_said_and_undo_still_works(page, site_url):
    page.goto(f"{site_url}index.html#/chessboard/1")
    wait_ready(page)
    rules = GAMES["chessboard"]
    from castling import parse_move
    for move in ("t1-f3", "t7-t10"):        # Chessboard #1 is stuck after these two
        tap_move(page, rules, parse_move(rules, move))
    assert "No legal moves left" in page.locator("#status").text_content()
    assert page.is_enabled('[data-action="undo"]')
    act(page, "undo")
    assert "No legal moves" not in page.locator("#status").text_content()


def test_hint_shows_a_legal_move_on_the_table(page, site_url):
    page.goto(f"{site_url}index.html#/morphy/5")
    wait_ready(page)
    act(page, "hint")
    # The baseline hint answers at once while the solver's worker still boots,
    # the solver's once it is up (which comes first is the machine's timing; the
    # baseline alone: test_solver_in_app's worker that never answers).
    assert page.locator("#status").get_attribute("data-hint") in ("baseline", "solver")
    assert page.locator(".card.hint-from").count() >= 1
    assert page.locator(".pile.hint-to").count() == 1
    text = page.locator("#status").text_content()
    move = page.locator("#status").get_attribute("data-move")
    assert text.startswith("Hint: move the ") and move not in text
    assert move in Position.deal(GAMES["morphy"], 5).legal_move_texts()
    assert "-f" not in move        # the base is never chosen for the player


def test_share_puts_the_deal_link_on_screen(page, site_url):
    page.goto(f"{site_url}index.html#/castles-end/8")
    wait_ready(page)
    act(page, "share")
    assert page.locator("#notice").text_content().endswith("index.html#/castles-end/8")


#: Records what the page hands to the share sheet and the clipboard; ``SHEET``
#: says whether the browser has a share sheet (a phone's) and what it answers.
SHARE_STUBS = """
window.handed = [];
Object.defineProperty(navigator, 'clipboard', {value: {
  writeText: (text) => { window.handed.push(['clipboard', text]); return Promise.resolve(); }}});
if (window.SHEET) {
  navigator.share = (data) => { window.handed.push(['sheet', data.url]);
    return window.SHEET === 'cancel' ? Promise.reject(new DOMException('no', 'AbortError'))
                                     : Promise.resolve(); };
}
"""


@pytest.mark.parametrize("sheet", ["", "share", "cancel"])
def test_share_uses_the_share_sheet_where_there_is_one_else_the_clipboard(returning_visit,
                                                                        sheet):
    page = returning_visit("#/castles-end/8", f"window.SHEET = {sheet!r};" + SHARE_STUBS)
    act(page, "share")
    link = page.evaluate("location.href")
    page.wait_for_function("window.handed.length > 0")
    page.wait_for_timeout(100)          # nothing more follows (a cancelled sheet: no copy)
    handed = page.evaluate("window.handed")
    assert handed == ([["sheet", link]] if sheet else [["clipboard", link]])
    assert page.locator("#notice").text_content().endswith("index.html#/castles-end/8")


def test_moves_animate_unless_reduced_motion_is_asked_for(page, site_url):
    rules = GAMES["chessboard"]
    move = (6, 9, 1)            # Chessboard #1: t7-t10, the 8 of clubs onto the 9
    for reduced, expected in (("no-preference", True), ("reduce", False)):
        page.goto(f"{site_url}help/index.html")
        page.evaluate("localStorage.clear()")
        page.emulate_media(reduced_motion=reduced)
        page.goto(f"{site_url}index.html#/chessboard/1")
        wait_ready(page)
        # Count the slides started (on a busy machine one may end before a
        # check after the move could see it running).
        page.evaluate("""() => { window.slides = 0; const animate = Element.prototype.animate;
            Element.prototype.animate = function (...args) {
                window.slides += 1; return animate.apply(this, args); }; }""")
        tap_move(page, rules, move)
        settle(page)                # a slide begins in the frame after the move
        assert (page.evaluate("window.slides") > 0) == expected
