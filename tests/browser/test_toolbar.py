"""The quiet toolbar (issue 24): Undo, Hint, New deal and a Menu in one row, at
the bottom of a phone's screen and above the table; every other action in the
menu, which opens by click and by key, walks with the arrows, closes with
Escape, a tap outside or a choice; every control big enough for a finger."""

import re

import pytest

from castling import GAMES, Game
from castling.i18n import LANGUAGES

from browser_helpers import ROOT, act, control, stored, tap_move, wait_ready

BAR = ".toolbar > .tool"
MENU = "#menu"

RECT = "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def toolbar_actions() -> list[str]:
    """The actions docs/rules.md §5 lists for the toolbar and its menu."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    item = re.search(r"^  \* the toolbar\b(.*?)(?=^  \* )", text, re.S | re.M)
    assert item, "docs/rules.md §5 has no list of the toolbar's actions"
    words = re.findall(r"`([a-z-]+)`", item.group(1))
    return [word for word in words if not word.startswith("data-")]      # (attributes named there)


@pytest.fixture
def phone(phone_profile, returning_visit):
    """A page of the phone's profile (touch), 390 × 844 unless said, nothing
    stored but the ``language`` chosen in the settings, if one is."""
    def open_phone(width=390, height=844, language="", link="#/chessboard/3"):
        return returning_visit(link, profile=phone_profile, size=(width, height),
                               settings={"language": language} if language else None)
    return open_phone


def bar_rects(page) -> list[list[float]]:
    return page.locator(BAR).evaluate_all(f"els => els.map({RECT})")


def assert_one_row(page) -> float:
    """The bar's four buttons share one top, its words are not cut; its height."""
    rects = bar_rects(page)
    assert len(rects) == 4
    assert max(r[1] for r in rects) - min(r[1] for r in rects) < 1, f"not one row: {rects}"
    for left, _, right, _ in rects:
        assert right <= page.viewport_size["width"] + 0.5
    cut = page.locator(f"{BAR} .label").evaluate_all(
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
    assert cut == [], f"labels cut short: {cut}"
    bar = page.locator(".toolbar").evaluate(RECT)
    return bar[3] - bar[1]


def test_on_a_phone_the_bar_is_one_row_at_the_bottom_and_the_table_ends_above_it(phone):
    page = phone()
    height = assert_one_row(page)
    assert 44 <= height <= 64, f"the bar is {height} px high"
    left, top, right, bottom = page.locator(".toolbar").evaluate(RECT)
    assert bottom == pytest.approx(844, abs=1) and left == 0 and right == 390   # at the bottom
    board = page.locator("#board").evaluate(RECT)
    assert board[3] <= top + 0.5, "the table goes under the bar"
    # The last pile's top card of Chessboard's second row is all above the bar.
    last = GAMES["chessboard"].pile_names[GAMES["chessboard"].tableau.piles - 1]
    card = page.locator(f'[data-pile="{last}"] [data-card]').last.evaluate(RECT)
    assert card[3] <= top, f"{last}'s top card ends at {card[3]}, the bar begins at {top}"
    # The header keeps the game, the deal and the counters, in one row.
    header = [page.locator(s).evaluate(RECT) for s in ("#game-select", "#deal-label", ".counters")]
    assert all(r[3] <= top for r in header)
    assert max(r[1] for r in header) < min(r[3] for r in header), "the header wraps"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_one_row_on_a_360_px_phone_in_every_language(phone, language):
    page = phone(360, 740, language if language != "en" else "")     # English: the browser's
    assert page.evaluate("document.documentElement.lang") == language
    assert assert_one_row(page) <= 64


def test_every_control_of_the_bar_and_the_menu_is_a_fingertip_at_least(phone):
    page = phone(360, 740)
    page.locator("#menu-button").tap()
    page.wait_for_selector(f"{MENU}:not([hidden])")
    sizes = page.locator(f"{BAR}, {MENU} [role=menuitem], #game-select").evaluate_all(
        """els => els.filter(e => e.getClientRects().length).map(e => {
             const r = e.getBoundingClientRect();
             return [e.dataset.action || e.id, r.width, r.height]; })""")
    assert len(sizes) >= 4 + 11 + 1            # Keys is not offered without a keyboard
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert small == [], f"smaller than 44 × 44 px: {small}"
    # The menu is within the screen, above the bar.
    menu = page.locator(MENU).evaluate(RECT)
    bar_top = page.locator(".toolbar").evaluate(RECT)[1]
    assert menu[1] >= 0 and menu[3] <= bar_top and menu[2] <= 360
    assert page.locator('[data-action="keys"]').is_hidden()


def test_a_tap_outside_closes_the_menu_and_does_not_play(phone):
    page = phone()
    page.locator("#menu-button").tap()
    page.wait_for_selector(f"{MENU}:not([hidden])")
    assert page.get_attribute("#menu-button", "aria-expanded") == "true"
    card = page.locator('[data-pile="t1"] [data-card]').last.bounding_box()
    page.touchscreen.tap(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    page.wait_for_selector(MENU, state="hidden")
    assert page.get_attribute("#menu-button", "aria-expanded") == "false"
    assert page.locator(".selected, .target").count() == 0      # that tap picked nothing up
    page.locator('[data-pile="t1"] [data-card]').last.tap()       # the next one plays (one tap)
    page.wait_for_function("(JSON.parse(localStorage.getItem('castling:save:chessboard') || '{}')"
                           ".moves || []).length === 1")


def test_the_menu_opened_on_a_phone_is_above_a_toast(phone):
    page = phone(360, 740)
    # A message in a toast, low on the screen where the menu opens too.
    page.evaluate("document.getElementById('toast').hidden = false; "
                  "document.getElementById('notice').textContent = 'A message'")
    page.locator("#menu-button").tap()
    page.wait_for_selector(f"{MENU}:not([hidden])")
    covered = page.locator(f"{MENU} .menu-item").evaluate_all("""items => items.filter(item => {
        const r = item.getBoundingClientRect();      // (the list of keys is not offered on touch)
        return r.width > 0 && !item.contains(document.elementFromPoint(r.left + r.width / 2,
                                                                       r.top + r.height / 2));
    }).map(item => item.dataset.action)""")
    assert covered == []


def test_the_menu_by_click_key_and_choice(page, site_url):
    page.goto(f"{site_url}index.html#/chessboard/3")
    wait_ready(page)
    button = page.locator("#menu-button")
    assert button.get_attribute("aria-haspopup") == "menu"
    assert page.locator(MENU).get_attribute("role") == "menu"
    # By click: open, the first item it can take has the focus; again: closed.
    button.click()
    assert page.get_attribute("#menu-button", "aria-expanded") == "true"
    first = page.evaluate("document.activeElement.dataset.action")
    assert first == "restart"                   # Redo is disabled: it is skipped
    button.click()
    assert page.locator(MENU).is_hidden()
    # By key: Enter on the button opens it on the first item; ↓ ↑ End Home move.
    button.focus()
    page.keyboard.press("Enter")
    active = "document.activeElement.dataset.action || document.activeElement.id"
    assert page.evaluate(active) == "restart"
    page.keyboard.press("ArrowDown")
    assert page.evaluate(active) == "show-me"   # Finish is disabled
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate(active) == "keys"      # round to the last
    page.keyboard.press("Home")
    assert page.evaluate(active) == "restart"
    page.keyboard.press("End")
    assert page.evaluate(active) == "keys"
    page.keyboard.press("s")                    # a letter: the next item beginning with it
    assert page.evaluate(active) == "show-me"
    # Escape closes it and the focus is back on the button.
    page.keyboard.press("Escape")
    assert page.locator(MENU).is_hidden()
    assert page.evaluate("document.activeElement.id") == "menu-button"
    assert button.get_attribute("aria-expanded") == "false"
    # ↓ and Space open it too; choosing an item closes it and runs it.
    page.keyboard.press("ArrowDown")
    assert page.evaluate(active) == "restart"
    page.keyboard.press("Escape")
    page.keyboard.press(" ")
    assert page.locator(MENU).is_visible()
    page.locator(f'{MENU} [data-action="stats"]').click()
    assert page.locator(MENU).is_hidden()
    page.wait_for_selector("#stats-dialog[open]")
    page.keyboard.press("Escape")               # the dialog gives the focus back to the button
    page.wait_for_selector("#stats-dialog", state="hidden")
    assert page.evaluate("document.activeElement.id") == "menu-button"


def test_the_games_keys_do_not_fire_in_the_menu_and_m_opens_it(page, site_url):
    rules = GAMES["chessboard"]
    page.goto(f"{site_url}index.html#/chessboard/3")
    wait_ready(page)
    move = next(m for m in sorted(Game(rules, 3).position.legal_moves()) if m[2] == 1)
    tap_move(page, rules, move)
    page.wait_for_function("localStorage.getItem('castling:save:chessboard').includes('-')")
    page.locator('[data-pile="t1"]').focus()
    page.keyboard.press("m")
    assert page.locator(MENU).is_visible()
    assert page.evaluate("document.activeElement.getAttribute('role')") == "menuitem"
    page.keyboard.press("u")                    # in the menu a letter is the menu's: no undo
    page.keyboard.press("n")                    # nor a new deal
    assert len(stored(page, "castling:save:chessboard")["moves"]) == 1
    assert page.locator("#board").get_attribute("data-game") == "chessboard"
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")                  # the focus leaves: the menu closes
    page.keyboard.press("Shift+Tab")
    assert page.locator(MENU).is_hidden()
    page.locator('[data-pile="t1"]').focus()
    page.keyboard.press("u")                    # outside the menu the shortcut works
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('castling:save:chessboard')).moves.length === 0")


def test_every_action_of_the_toolbar_is_a_named_focusable_control(page, site_url):
    actions = toolbar_actions()
    assert {"undo", "hint", "new", "menu", "redo", "finish", "keys", "share-replay"} <= set(actions)
    page.goto(f"{site_url}index.html#/chessboard/3")
    wait_ready(page)
    for action in actions:
        found = control(page, action)
        assert found.count() == 1, action
        if found.evaluate("e => !!e.closest('[role=menu]')") and page.locator(MENU).is_hidden():
            page.click("#menu-button")          # (the focus on a bar button closed it)
        role = found.get_attribute("role") or "button"
        name = found.evaluate("e => e.getAttribute('aria-label') || e.textContent.trim()")
        assert name, f"{action} has no name"
        # Playwright's own reading of the accessible name and role finds it.
        named = page.get_by_role(role, name=name, exact=True)
        assert named.evaluate_all("(els, wanted) => els.includes(wanted)", found.element_handle()), \
            action
        if found.is_enabled():
            found.focus()
            assert found.evaluate("e => document.activeElement === e"), f"{action} takes no focus"
        else:
            assert found.evaluate("e => e.tagName") == "BUTTON"      # focusable once enabled
    # The disabled ones are still found, enabled, in the menu.
    assert page.is_disabled('.controls [data-action="finish"]')
    assert page.is_disabled('.controls [data-action="share-replay"]')


def test_on_a_desktop_the_bar_is_in_the_header_and_the_menu_below_it(returning_visit):
    page = returning_visit("#/chessboard/3", size=(1440, 900))
    height = assert_one_row(page)
    assert height <= 48
    bar = page.locator(".toolbar").evaluate(RECT)
    select = page.locator("#game-select").evaluate(RECT)
    assert bar[1] < 20 and bar[1] < select[3] and select[1] < bar[3]    # one header row
    act(page, "settings")                       # a menu item, by the helper as a player
    page.wait_for_selector("#settings-dialog[open]")
    page.keyboard.press("Escape")
    page.click("#menu-button")
    menu = page.locator(MENU).evaluate(RECT)
    assert menu[1] >= bar[3] and menu[2] <= 1440
    assert page.locator('[data-action="keys"]').is_visible()    # a keyboard: Keys is offered
