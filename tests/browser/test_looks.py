"""Seeing the cards: four colours, high contrast, dark, card sizes, and phones."""

import pytest

from castling import GAMES

from conftest import stored, wait_ready

SHOTS = __import__("pathlib").Path(__file__).resolve().parents[2] / "test-artifacts"


def card_width(page) -> float:
    return page.locator('[data-pile="t1"] [data-card]').last.bounding_box()["width"]


def test_settings_change_the_deck_the_contrast_and_the_card_size(page, site_url):
    page.goto(f"{site_url}index.html#/morphy/8")
    wait_ready(page)
    medium = card_width(page)
    clubs = page.locator('.card[data-card$="C"]').first
    black = clubs.evaluate("card => getComputedStyle(card).color")
    page.click('[data-action="settings"]')
    page.locator('[data-setting="four_colour"]').check()
    page.locator('[data-setting="high_contrast"]').check()
    page.select_option("#card-size", "small")
    page.locator("#settings-dialog button[value=close]").click()
    assert clubs.evaluate("card => getComputedStyle(card).color") != black
    assert page.evaluate("document.documentElement.className").split() == ["deck-four", "contrast-high"]
    assert card_width(page) < medium
    assert stored(page, "castling:settings")["card_size"] == "small"
    page.reload()
    wait_ready(page)
    assert "contrast-high" in page.evaluate("document.documentElement.className")
    assert card_width(page) < medium


SIZES = {"phone-portrait": (360, 740), "phone-landscape": (740, 360), "tablet": (820, 1180),
         "desktop": (1440, 900)}


@pytest.mark.parametrize("game_id, size", [(game, size) for game in ("chessboard", "chequers")
                                           for size in SIZES]
                         + [(game, "phone-portrait") for game in ("martha", "castles-end")])
def test_every_pile_is_on_screen_and_controls_do_not_overlap(browser, site_url, size, game_id):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 800)
    page = context.new_page()
    page.goto(f"{site_url}index.html#/{game_id}/3")
    wait_ready(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game_id}-{size}.png"))
    piles = page.locator("[data-pile]").evaluate_all(
        "piles => piles.map(p => { const r = p.getBoundingClientRect();"
        " return [p.dataset.pile, r.left, r.right, r.top, r.width]; })")
    assert len(piles) == len(GAMES[game_id].pile_names)
    for name, left, right, top, pile_width in piles:
        assert left >= -1 and right <= width + 1, f"{name} is off screen at {size}"
        assert pile_width >= 20, f"{name} is too small to hit at {size}"
    buttons = page.locator(".controls button, .controls .button, #game-select").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
    for i, a in enumerate(buttons):
        assert a[3] - a[1] >= 24, "a control is too small to hit"
        for b in buttons[i + 1:]:
            overlap = min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1
            assert not overlap, f"controls overlap at {size}"
    context.close()
