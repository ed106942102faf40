"""Puzzles (issue 62) played as a player plays them: Menu → Puzzles puts one on
the table, the only move is judged right at once, a wrong move "loses" and the
winning line can be shown, the rating is kept and shown after a reload, and a
puzzle link opens its puzzle."""

from datetime import date
from pathlib import Path

from castling import GAMES, Game
from castling.app.puzzle_session import puzzle_of_the_day
from castling.i18n import catalogue
from castling.puzzles.table import read_table

from browser_helpers import act, dom_piles, settle, shown_as_dom, stored, tap_move, wait_ready

FORTRESS = read_table((Path(__file__).parents[2] / "data" / "puzzles" / "fortress.json").read_text())
RULES = GAMES["fortress"]
#: The judging time a move may take, from the tap to the verdict (the issue's 100 ms, p95).
JUDGED_MS = 100

TIMING = """() => {
  window.judged = [];
  let tapped = 0;
  document.addEventListener('pointerup', () => { tapped = performance.now(); }, true);
  new MutationObserver(() => window.judged.push(performance.now() - tapped))
    .observe(document.getElementById('puzzle-verdict'), {attributes: true, attributeFilter: ['data-puzzle-verdict']});
}"""


def shown_puzzle(page):
    page.wait_for_selector("html[data-puzzle]")
    return FORTRESS.puzzle(int(page.get_attribute("html", "data-puzzle").split("/")[1]))


def verdict(page) -> str | None:
    return page.get_attribute("#puzzle-verdict", "data-puzzle-verdict")


def test_a_puzzle_from_the_menu_solved_then_one_failed_and_the_rating_kept(page, site_url):
    page.goto(f"{site_url}index.html#/fortress/1")
    wait_ready(page)
    act(page, "puzzles")
    puzzle = shown_puzzle(page)
    settle(page)
    # The puzzle's position on the game's own table, and the question asked.
    assert dom_piles(page) == shown_as_dom(puzzle.position().to_piles())
    assert page.locator("#puzzle-verdict").text_content().startswith("Your turn")
    assert page.evaluate("location.hash") == f"#/puzzle/{puzzle.id}"
    page.evaluate(TIMING)
    for step, move in enumerate(puzzle.solution, 1):
        tap_move(page, RULES, move)
        want = "solved" if step == len(puzzle.solution) else "right"
        page.wait_for_function(f"document.getElementById('puzzle-verdict').dataset.puzzleVerdict === '{want}'")
    assert page.locator("#puzzle-change").text_content().startswith("+")
    record = stored(page, "castling:puzzles")
    assert record["played"] == {puzzle.id: "solved"} and record["streak"] == 1
    assert record["rating"][0] > 1500

    # The next one, failed: "this move loses", and the line that keeps the win is shown.
    page.click('[data-action="puzzle-next"]')
    page.wait_for_function(f"document.documentElement.dataset.puzzle !== '{puzzle.id}'")
    failed = shown_puzzle(page)
    settle(page)
    assert verdict(page) is None
    tap_move(page, RULES, failed.wrong[0][0][0])
    page.wait_for_function("document.getElementById('puzzle-verdict').dataset.puzzleVerdict === 'wrong'")
    assert page.locator("#puzzle-verdict").text_content() == "This move loses."
    assert page.locator("#puzzle-change").text_content().startswith("\u2212")
    page.click('[data-action="puzzle-line"]')
    page.wait_for_function("document.getElementById('puzzle-why').textContent.includes('keeps the win')")
    judged = page.evaluate("window.judged")
    assert judged and max(judged) < JUDGED_MS * 3, judged    # (loose here; make bench measures)
    rating = round(stored(page, "castling:puzzles")["rating"][0])

    # Kept: after a reload, the puzzle link opens its puzzle with the rating shown.
    page.goto("about:blank")
    page.goto(f"{site_url}index.html#/puzzle/{failed.id}")
    wait_ready(page)
    assert shown_puzzle(page).id == failed.id
    page.wait_for_function("document.getElementById('puzzle-rating').dataset.puzzleRating !== ''")
    assert page.get_attribute("#puzzle-rating", "data-puzzle-rating") == str(rating)
    assert page.locator("#puzzle-unrated").is_visible()       # (played before: not rated again)
    # Back to the player's own game, as it was.
    page.click('[data-action="puzzle-close"]')
    page.wait_for_function("!document.documentElement.hasAttribute('data-puzzle')")
    assert page.evaluate("location.hash") == "#/fortress/1"


def test_the_puzzle_of_the_day_is_the_days_of_the_game_on_the_table(page, site_url):
    page.goto(f"{site_url}index.html#/fortress/1")
    wait_ready(page)
    act(page, "puzzles")
    shown_puzzle(page)
    page.click('#puzzle [data-action="puzzle-daily"]')
    page.wait_for_selector("#puzzle[data-puzzle-day]")
    puzzle = shown_puzzle(page)
    # Today is the player's calendar date, as the deal of the day's.
    day = page.evaluate("(() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1,"
                        " d.getDate()].map((n) => String(n).padStart(2, '0')).join('-'); })()")
    assert page.get_attribute("#puzzle", "data-puzzle-day") == day
    assert puzzle.id == puzzle_of_the_day(FORTRESS, date.fromisoformat(day)).id
    assert "puzzle of the day" in page.locator("#puzzle-title").text_content()
    # Played (a wrong move: rated, failed), the next puzzle is another; the panel's
    # button brings the day's back.
    settle(page)
    tap_move(page, RULES, puzzle.wrong[0][0][0])
    page.wait_for_function("document.getElementById('puzzle-verdict').dataset.puzzleVerdict === 'wrong'")
    assert stored(page, "castling:puzzles")["played"] == {puzzle.id: "failed"}
    page.click('[data-action="puzzle-next"]')
    page.wait_for_function(f"document.documentElement.dataset.puzzle !== '{puzzle.id}'")
    assert page.get_attribute("#puzzle", "data-puzzle-day") is None
    page.click('#puzzle [data-action="puzzle-daily"]')
    page.wait_for_function(f"document.documentElement.dataset.puzzle === '{puzzle.id}'")
    assert page.get_attribute("#puzzle", "data-puzzle-day") == day


def test_the_moves_before_the_puzzle_are_stepped_through_then_it_is_played(page, site_url):
    page.goto(f"{site_url}index.html#/puzzle/fortress/3")
    wait_ready(page)
    puzzle = shown_puzzle(page)
    settle(page)
    start = len(puzzle.moves)
    counter = "#puzzle-before-counter"
    assert page.get_attribute(counter, "data-puzzle-step") == str(start)
    assert page.is_disabled('[data-action="puzzle-before-forward"]')
    # Back by the keyboard (the panel's buttons are in the tab order): the position
    # one move before, only looked at.
    page.focus('[data-action="puzzle-before-back"]')
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{counter}').dataset.puzzleStep === '{start - 1}'")
    settle(page)
    before = Game(RULES, puzzle.deal)
    for move in puzzle.moves[:-1]:
        before.play(move)
    assert dom_piles(page) == shown_as_dom(before.position.to_piles())
    assert page.locator(counter).text_content() == f"Move {start - 1} of {start}"
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{counter}').dataset.puzzleStep === '{start - 2}'")
    # Forward to the puzzle, and it plays.
    for _ in range(2):
        page.click('[data-action="puzzle-before-forward"]')
    page.wait_for_function(f"document.querySelector('{counter}').dataset.puzzleStep === '{start}'")
    settle(page)
    assert dom_piles(page) == shown_as_dom(puzzle.position().to_piles())
    tap_move(page, RULES, puzzle.solution[0])
    page.wait_for_function("document.getElementById('puzzle-verdict').dataset.puzzleVerdict")
    assert verdict(page) in ("right", "solved")


def test_a_first_visit_by_a_puzzle_link_is_welcomed_and_finds_the_puzzle_under_it(browser, site_url):
    context = browser.new_context(welcome=True, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{site_url}index.html#/puzzle/fortress/3")
        wait_ready(page)
        assert shown_puzzle(page).id == "fortress/3"
        # The welcome says a puzzle was shared (the game's goal and its moves below it).
        assert page.locator("#welcome-dialog").evaluate("dialog => dialog.open")
        assert page.locator("#welcome-game").text_content() == \
            catalogue("en")["welcome.puzzle"].format(game="Fortress", number=3)
        page.locator("#welcome-dialog button.primary").click()        # Play
        page.wait_for_function("!document.getElementById('welcome-dialog').open")
        assert page.locator("#puzzle").is_visible()
        assert page.evaluate("localStorage.getItem('castling:welcomed')") is not None
    finally:
        context.close()
