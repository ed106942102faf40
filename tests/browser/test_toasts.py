"""Messages as toasts: over the table without moving it, gone by themselves
(a link later), closed by a tap, cleared when another game comes to the table."""

from browser_helpers import act, wait_ready

TOAST = "[data-toasts] #toast"


def board_top(page) -> float:
    return page.evaluate("document.getElementById('board').getBoundingClientRect().top")


def test_a_message_floats_over_the_table_and_leaves_by_itself(page, site_url):
    page.goto(f"{site_url}index.html#/fortress/3")
    wait_ready(page)
    top = board_top(page)
    page.evaluate("location.hash = '#/nosuchgame/5'")          # a bad link: a message, same game
    page.wait_for_selector(f"{TOAST}:not([hidden])")
    assert "game we do not have" in page.locator("#notice").text_content()
    assert board_top(page) == top                              # the table did not move
    box = page.locator(TOAST).bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"]
    page.wait_for_selector(f"{TOAST}[hidden]", state="attached", timeout=9_000)   # after 6 s


def test_a_link_stays_longer_and_the_close_button_closes_it(page, site_url):
    page.goto(f"{site_url}index.html#/fortress/3")
    wait_ready(page)
    act(page, "share")
    page.wait_for_timeout(7_000)                               # longer than a message stays
    assert page.locator(TOAST).is_visible()
    assert "#/fortress/3" in page.locator("#notice").text_content()
    close = page.locator("#toast-close")
    assert close.get_attribute("aria-label") == "Close the message"
    size = close.bounding_box()
    assert size["width"] >= 44 and size["height"] >= 44        # a thumb's size
    close.click()
    assert page.locator(TOAST).is_hidden()


def test_another_game_takes_the_old_message_away_but_its_own_stays(page, site_url):
    page.goto(f"{site_url}index.html#/chessboard/3")
    wait_ready(page)
    act(page, "share")
    assert page.locator(TOAST).is_visible()
    page.select_option("#game-select", "chequers")             # another game on the table
    page.wait_for_function("document.getElementById('board').dataset.game === 'chequers'")
    assert page.locator(TOAST).is_hidden()
    page.evaluate("location.hash = '#/nosuchgame/5'")          # a message about the new state
    page.wait_for_selector(f"{TOAST}:not([hidden])")
    act(page, "daily")              # today's deal: its own message
    page.wait_for_function("document.getElementById('notice').textContent.includes('deal of the day')"
                           " || document.getElementById('notice').textContent.includes('deal #')")
    assert page.locator(TOAST).is_visible()
