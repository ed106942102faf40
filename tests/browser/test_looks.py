"""Seeing the cards: four colours, high contrast, dark, card sizes, and phones."""

import pytest

from castling import GAMES

from browser_helpers import act, stored, wait_ready


SHOTS = __import__("pathlib").Path(__file__).resolve().parents[2] / "test-artifacts"


def card_width(page) -> float:
    return page.locator('[data-pile="t1"] [data-card]').last.bounding_box()["width"]


def test_settings_change_the_deck_the_contrast_and_the_card_size(page, site_url):
    page.goto(f"{site_url}index.html#/morphy/8")
    wait_ready(page)
    medium = card_width(page)
    clubs = page.locator('.card[data-card$="C"]').first
    black = clubs.evaluate("card => getComputedStyle(card).color")
    act(page, "settings")
    page.locator('[data-setting="four_colour"]').check()
    page.locator('[data-setting="high_contrast"]').check()
    page.select_option("#card-size", "small")
    page.locator("#settings-dialog button[value=close]").click()
    assert clubs.evaluate("card => getComputedStyle(card).color") != black
    looks = page.evaluate("document.documentElement.className").split()
    assert sorted(looks) == ["back-blue", "contrast-high", "deck-four", "table-green"]
    assert card_width(page) < medium
    assert stored(page, "castling:settings")["card_size"] == "small"
    page.reload()
    wait_ready(page)
    assert "contrast-high" in page.evaluate("document.documentElement.className")
    assert card_width(page) < medium


def test_three_card_backs_and_three_tables_are_chosen_and_kept(page, site_url):
    page.goto(f"{site_url}index.html#/martha/3")           # Martha deals face-down cards
    wait_ready(page)
    back = page.locator('.card[data-card="down"]').first
    backs, tables = set(), set()
    act(page, "settings")
    for name in ("blue", "red", "night"):
        page.select_option("#card-back", name)
        backs.add(back.evaluate("card => getComputedStyle(card).backgroundImage"))
    for name in ("green", "blue", "burgundy"):
        page.select_option("#table-colour", name)
        tables.add(page.evaluate("getComputedStyle(document.body).backgroundImage"))
    assert len(backs) == 3 and len(tables) == 3              # each one looks different
    assert stored(page, "castling:settings")["card_back"] == "night"
    assert stored(page, "castling:settings")["table"] == "burgundy"
    # High contrast keeps its black table, whatever the colour chosen.
    burgundy = page.evaluate("getComputedStyle(document.body).backgroundImage")
    page.locator('[data-setting="high_contrast"]').check()
    assert page.evaluate("getComputedStyle(document.body).backgroundImage") != burgundy
    page.locator('[data-setting="high_contrast"]').uncheck()
    page.locator("#settings-dialog button[value=close]").click()
    page.reload()
    wait_ready(page)
    looks = page.evaluate("document.documentElement.className").split()
    assert {"back-night", "table-burgundy"} <= set(looks) and "back-blue" not in looks
    act(page, "settings")
    assert page.locator("#card-back").input_value() == "night"
    assert page.locator("#table-colour").input_value() == "burgundy"


SIZES = {"phone-portrait": (360, 740), "phone-landscape": (740, 360), "tablet": (820, 1180),
         "desktop": (1440, 900)}


@pytest.mark.parametrize("size", list(SIZES))
def test_every_game_fits_every_screen_and_controls_do_not_overlap(browser, site_url, size):
    """Every game, from a 360 px phone to a desktop: each pile on screen, big
    enough to hit, clear of the others, its top card in view; a screenshot of
    each in test-artifacts/. One page per size: a link opens the next game."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 800)
    page = context.new_page()
    page.goto(f"{site_url}index.html#/chessboard/3")
    wait_ready(page)
    SHOTS.mkdir(exist_ok=True)
    buttons = page.locator(".toolbar > .tool, #game-select").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
    for i, a in enumerate(buttons):
        assert a[3] - a[1] >= 24, "a control is too small to hit"
        for b in buttons[i + 1:]:
            overlap = min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1
            assert not overlap, f"controls overlap at {size}"
    for game_id, rules in GAMES.items():
        page.evaluate("link => { location.hash = link; }", f"#/{game_id}/3")
        page.wait_for_selector(f'#board[data-game="{game_id}"]')
        page.screenshot(path=str(SHOTS / f"{game_id}-{size}.png"))
        piles = page.locator("[data-pile]").evaluate_all(
            """piles => piles.map(p => { const r = p.getBoundingClientRect();
                const top = p.lastElementChild ? p.lastElementChild.getBoundingClientRect() : r;
                return [p.dataset.pile, r.left, r.right, r.top, r.bottom, top.bottom]; })""")
        assert sorted(name for name, *_ in piles) == sorted(rules.pile_names)
        scrolled = page.evaluate("window.scrollY")
        for name, left, right, top, bottom, top_card in piles:
            where = f"{game_id} {name} at {size}"
            assert left >= -1 and right <= width + 1, f"{where} is off screen"
            assert right - left >= 20, f"{where} is too small to hit"
            assert top_card + scrolled <= page.evaluate("document.documentElement.scrollHeight") + 1
            assert top_card <= height + 1, f"{where}: its top card is below the screen"
        for i, (name, *a) in enumerate(piles):
            for other, *b in piles[i + 1:]:
                overlap = (min(a[1], b[1]) - max(a[0], b[0]) > 1
                           and min(a[3], b[3]) - max(a[2], b[2]) > 1)
                assert not overlap, f"{game_id}: {name} and {other} overlap at {size}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width, \
            f"{game_id}: the page scrolls sideways at {size}"
    # The links the app shows are long unbroken words; they wrap within the screen.
    page.evaluate("link => { location.hash = link; }", "#/soother/3")
    page.locator('[data-pile="s1"]').click()            # a move: a replay to share
    page.wait_for_selector('.controls [data-action="share-replay"]:not([disabled])', state="attached")
    for action in ("share", "share-replay"):
        act(page, action)
        page.wait_for_selector("#notice:not([hidden])")
        assert "#/" in page.locator("#notice").text_content()
        assert page.evaluate("document.documentElement.scrollWidth") <= width, \
            f"the {action} link widens the page at {size}"
    context.close()
