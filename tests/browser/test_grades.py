"""Winnable deals by grade, in Chromium against the built site, as a player:
Choose a deal → Easy (by the keyboard) deals a deal of the Easy table, the
header says so and the save keeps it; won, the statistics count it per grade and
the win's New deal deals another easy one; a game with no deal proved winnable
offers only any deal, and says why."""

from pathlib import Path

from castling import GAMES, Position, format_move, parse_move
from castling.app.deals.grades import read_table
from castling.search.solver import solve

from browser_helpers import act, store, stored, tap_move, wait_ready

TABLE = read_table((Path(__file__).parents[2] / "data" / "grades.json").read_text())


def choose_by_keyboard(page, grade: str) -> None:
    """Menu → Choose a deal…, then Tab to the grade's choice and Enter, as a keyboard player does."""
    act(page, "choose-deal")
    page.wait_for_selector("#deal-dialog[open]")
    for _ in range(8):
        if page.evaluate("document.activeElement.dataset.action") == f"deal-{grade}":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.locator("#deal-dialog").wait_for(state="hidden")


def test_an_easy_deal_is_one_of_the_tables_said_kept_and_counted_per_grade(page, site_url):
    rules = GAMES["fortress"]
    page.goto(f"{site_url}index.html#/fortress/5")
    wait_ready(page)
    act(page, "choose-deal")
    page.wait_for_selector("#deal-dialog[open]")
    dialog = page.locator("#deal-dialog")
    # Every choice offered; the focus on the kind of the deal in hand (any), named by its words.
    assert dialog.locator("button[data-action^=deal-]:disabled").count() == 0
    assert page.evaluate("document.activeElement.getAttribute('aria-current')") == "true"
    assert page.evaluate("document.activeElement.dataset.action") == "deal-any"
    # Each choice is named by its words, its grade first (the pips are not said).
    assert page.get_by_role("button", name="Easy Winnable: the natural moves mostly lead the way.",
                            exact=True).get_attribute("data-action") == "deal-easy"
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")

    choose_by_keyboard(page, "easy")
    label = page.locator('#deal-grade[data-grade="easy"]')
    label.wait_for()
    save = stored(page, "castling:save:fortress")
    number = save["deal"]
    assert number in TABLE.deals("fortress", "easy") and save["grade"] == "easy"
    assert page.locator("#deal-label").text_content() == f"Deal #{number}"
    assert label.text_content() == "Easy"
    assert page.locator("#notice").text_content().startswith(
        f"An easy deal of Fortress: deal #{number}.")
    assert page.evaluate("location.hash") == f"#/fortress/{number}"     # an ordinary deal link

    # Won: the solver's line played but for its last move (as saved), the last one tapped.
    line = [format_move(rules, move) for move in
            solve(Position.deal(rules, number), TABLE.budget).moves]
    token = save["token"]
    store(page, "castling:save:fortress", {**save, "moves": line[:-1], "seconds": 75,
                                           "counted": True, "won": False})
    store(page, "castling:stats", {"fortress": {
        "played": 1, "grades": {"easy": {"played": 1, "won": 0}},
        "current": {"token": token, "counted": True, "won": False}}})
    page.evaluate("location.hash = '#/morphy/5'")
    page.wait_for_selector('#board[data-game="morphy"]')
    page.evaluate("link => { location.hash = link }", f"#/fortress/{number}")
    label.wait_for()                                   # the save brings its grade back
    tap_move(page, rules, parse_move(rules, line[-1]))
    win = page.locator("#win-dialog")
    win.wait_for(state="visible")
    another = win.locator('[data-action="new"]')
    assert another.text_content() == "Another easy deal"
    stats = stored(page, "castling:stats")["fortress"]
    assert (stats["played"], stats["won"]) == (1, 1)
    assert stats["grades"] == {"easy": {"played": 1, "won": 1}}

    another.click()                                    # another easy deal, not the same
    page.wait_for_function(f"location.hash !== '#/fortress/{number}'")
    label.wait_for()
    second = stored(page, "castling:save:fortress")
    assert second["grade"] == "easy" and second["deal"] != number
    assert second["deal"] in TABLE.deals("fortress", "easy")

    act(page, "stats")
    tile = page.locator('#stats-card [data-stat="grade-easy"]')
    assert tile.text_content() == "1 of 1"
    assert tile.locator("xpath=../dt").text_content() == "Easy deals won"
    assert page.locator('#stats-card [data-stat="grade-hard"]').count() == 0    # none played
    page.keyboard.press("Escape")

    # Any deal again: no grade on the label, the save or the next New deal.
    choose_by_keyboard(page, "any")
    page.locator("#deal-grade").wait_for(state="hidden")
    assert stored(page, "castling:save:fortress")["grade"] == ""


def test_a_game_with_no_deal_proved_winnable_offers_only_any_deal_and_says_why(page, site_url):
    page.goto(f"{site_url}index.html#/soother/3")
    wait_ready(page)
    act(page, "choose-deal")
    page.wait_for_selector("#deal-dialog[open]")
    dialog = page.locator("#deal-dialog")
    for grade in ("easy", "medium", "hard"):
        assert dialog.locator(f'[data-action="deal-{grade}"]').is_disabled()
    assert dialog.locator('[data-action="deal-any"]').is_enabled()
    assert dialog.locator("#deal-about").text_content() == (
        "Soother has no graded deals yet: the solver has not proved any of its deals winnable.")
    assert dialog.locator("#deal-note").is_hidden()
    page.keyboard.press("Enter")                       # the focus is on Any deal
    dialog.wait_for(state="hidden")
    page.wait_for_function("location.hash !== '#/soother/3'")
    assert stored(page, "castling:save:soother")["grade"] == ""
