"""The welcome of a first visit (issues 26 and 48): over the dealt table, it
says what the game is (by a link, what was shared), its goal, how to move and
where the other games are; once closed it is not shown again; a returning
player of before it never sees it."""

import re

from castling import GAMES

from browser_helpers import act, violations, wait_ready


def test_a_first_visit_is_welcomed_once(new_profile_page):
    page = new_profile_page("#/fortress/5", welcome=True, bypass_csp=True)   # (for the audit)
    welcome = page.locator("[data-welcome]")
    assert welcome.is_visible()
    assert page.locator("#welcome-game").text_content() == "Fortress, deal #5 — shared with you."
    assert page.locator("#welcome-summary").text_content()
    assert f"{len(GAMES) - 1} more games" in page.locator("#welcome-others").text_content()
    assert page.locator("[data-pile] [data-card]").count() == 52       # the table is dealt under it
    assert page.evaluate("document.activeElement.textContent") == "Play"
    assert violations(page) == []
    page.keyboard.press("Escape")                                       # closed, as any dialog
    assert welcome.is_hidden()
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", page.evaluate("localStorage.getItem('castling:welcomed')"))
    act(page, "hint")                                                   # the table is the player's
    page.reload()
    wait_ready(page)
    assert welcome.is_hidden()


def test_a_player_who_has_played_here_before_is_not_welcomed(new_profile_page):
    page = new_profile_page("#/fortress/5", welcome=True)
    page.locator("[data-welcome] [data-action=how-to-play]").click()      # closes it too
    page.wait_for_selector("[data-rules-panel][open]")
    assert page.locator("[data-welcome]").is_hidden()
    page.keyboard.press("Escape")
    page.evaluate("localStorage.removeItem('castling:welcomed')")       # as before the welcome
    page.reload()
    wait_ready(page)
    assert page.locator("[data-welcome]").is_hidden()
