"""The ways in besides the front door and a plain deal link (test_first_table.py)
show their table before Python is up too (issues 48 and 62): a replay link, a
puzzle link, a transfer link on a new device, a return visit's saved game, a
link to the deal the player has in hand. web/first-table/ draws each (the
compiled core deals it and plays the save's or the puzzle's moves); the app
takes it over without a card moving.

The runtime's WebAssembly is held back (``held_site``) while the test looks."""

from __future__ import annotations

import json
import random
import re

import pytest

from castling import GAMES, Game
from castling.i18n import catalogue
from castling.app.first_visit import FIRST_DEAL, FIRST_GAME
from castling.app.deals.replay_links import replay_link
from castling.app.storage.storage_port import MemoryStorage
from castling.app.storage.transfer import transfer_link
from castling.numbers import number
from castling.puzzles.table import read_table

from browser_helpers import (DIST, READY_TIMEOUT_MS, TABLE, dom_piles, open_held, played, save_of, shown_as_dom,
                             taken_over_unmoved, wait_ready, watched)
from support import HoldingHandler

#: The classes the looks put on the page (castling_web/looks.py).
LOOKS = """[...document.documentElement.classList].filter((name) =>
  /^(back|table)-|^(deck-four|contrast-high|calm)$/.test(name)).sort()"""


@pytest.mark.parametrize("size", [(390, 844), (1440, 900)])
def test_a_replay_link_shows_the_deal_and_the_viewers_room_at_once(browser, held_site, size):
    game = played("fortress", 40000, 12, seed=1)
    link = replay_link(game.rules, game.number, list(game.moves))
    context, page, check = open_held(browser, held_site, link, size=size)
    before = page.evaluate(TABLE)
    assert dom_piles(page) == shown_as_dom(Game(game.rules, game.number).position.to_piles())
    assert page.locator("#replay").is_visible()                    # the viewer's panel, already
    assert page.locator("#welcome-game").text_content() == \
        catalogue("en")["welcome.watch"].format(game="Fortress", deal=40000)
    taken_over_unmoved(page, before)
    assert page.locator("#replay[data-replay]").is_visible()      # the viewer, at its first move
    assert page.locator("#replay-counter").get_attribute("data-replay-step") == "0"
    context.close()
    check()


def shipped_puzzle(game_id: str, *, several: bool):
    """A puzzle of the site's table: one with several moves to find, or one."""
    table = read_table((DIST / "puzzles" / f"{game_id}.json").read_text(encoding="utf-8"), game_id)
    return next(puzzle for puzzle in table.puzzles if (puzzle.only > 1) == several and puzzle.moves)


PUZZLE_PANEL = """() => ({
  title: document.getElementById("puzzle-title").textContent,
  verdict: document.getElementById("puzzle-verdict").textContent,
  before: document.getElementById("puzzle-before-counter").textContent,
  rating: document.getElementById("puzzle-rating").textContent,
  streak: document.getElementById("puzzle-streak").textContent,
  hint: document.querySelector('[data-action="puzzle-hint"]').textContent,
  back: document.querySelector('[data-action="puzzle-before-back"]').disabled,
  forward: document.querySelector('[data-action="puzzle-before-forward"]').disabled,
})"""


def test_a_puzzle_link_shows_the_puzzle_and_its_panel_at_once(browser, held_site):
    """On a phone, a first visit: the puzzle's position, its panel and the
    welcome saying a puzzle was shared, before Python; the app then opens the
    same puzzle over it, nothing moved, the panel's words the same, and a
    button pressed meanwhile is pressed once the puzzle is up."""
    puzzle = shipped_puzzle("fortress", several=True)
    context, page, check = open_held(browser, held_site, f"#/puzzle/{puzzle.id}", size=(390, 844))
    before = page.evaluate(TABLE)
    assert dom_piles(page) == shown_as_dom(puzzle.position().to_piles())
    assert page.get_attribute("html", "data-early") == "puzzle"
    panel = page.evaluate(PUZZLE_PANEL)
    words = catalogue("en")
    start = len(puzzle.moves)
    assert panel == {"title": words["puzzle.title"].format(game="Fortress", number=puzzle.number),
                     "verdict": words["puzzle.find_moves.other"].format(count=puzzle.only),
                     "before": words["replay.counter"].format(step=start, total=start),
                     "rating": words["puzzle.rating"].format(rating="1,500"),
                     "streak": words["puzzle.streak.other"].format(count=0),
                     "hint": words["puzzle.hint"], "back": False, "forward": True}
    assert page.locator("#welcome-game").text_content() == \
        words["welcome.puzzle"].format(game="Fortress", number=puzzle.number)
    page.locator("#welcome-dialog").evaluate("dialog => dialog.close()")
    assert not page.locator("[data-welcome]").is_visible()
    # A tap on the table gets a word; the hint pressed now is lit once the puzzle is up.
    page.locator("#board [data-pile='t1']").click()
    assert page.locator("#notice").text_content() == words["first.wait"]
    page.click('[data-action="puzzle-hint"]')
    HoldingHandler.released.set()
    page.wait_for_selector(f"html[data-puzzle='{puzzle.id}'] #board .hint-from", timeout=READY_TIMEOUT_MS)
    page.wait_for_function("document.fonts.status === 'loaded'")
    after = page.evaluate(TABLE)
    # The app's puzzle is the same table, nothing moved; the hint lit on it.
    unlit = [[re.sub(r" hint-(from|to)\b", "", shape[0]), *shape[1:]] for shape in after["shape"]]
    assert unlit == before["shape"] and unlit != after["shape"]
    flat = lambda boxes: [x for box in boxes for x in box]     # noqa: E731 (approx takes flat lists)
    assert flat(after["boxes"]) == pytest.approx(flat(before["boxes"]), abs=0.5)
    source, target = (puzzle.rules.pile_names[pile] for pile in puzzle.solution[0][:2])
    assert page.locator("#board .hint-from").get_attribute("data-pile") == source
    assert page.locator("#board .hint-to").get_attribute("data-pile") == target
    hinted = page.evaluate(PUZZLE_PANEL)
    # The same words, now the app's own; the rating as the hint left it (a hint costs it).
    assert {**hinted, "rating": panel["rating"]} == panel
    assert int(page.get_attribute("#puzzle-rating", "data-puzzle-rating")) < 1500
    assert page.locator("#puzzle-unrated").is_hidden()
    context.close()
    check()


def test_a_puzzle_link_speaks_the_players_language_and_knows_their_rating(browser, held_site):
    """A return visit in German with a rating and a streak: the panel, its
    buttons and the rating as German writes them, before Python."""
    puzzle = shipped_puzzle("castle-of-indolence", several=False)
    record = json.dumps({"format": 1, "rating": [1612.5, 80.0, 0.06], "streak": 3, "best_streak": 4,
                         "played": {}})
    stored = {"castling:settings": json.dumps({"language": "de"}), "castling:puzzles": record,
              "castling:welcomed": "2026-12-01"}
    context, page, check = open_held(browser, held_site, f"#/puzzle/{puzzle.id}", stored)
    assert dom_piles(page) == shown_as_dom(puzzle.position().to_piles())
    words = catalogue("de")
    assert page.evaluate(PUZZLE_PANEL) == {
        "title": words["puzzle.title"].format(game=puzzle.rules.name, number=puzzle.number),
        "verdict": words["puzzle.find"],
        "before": words["replay.counter"].format(step=len(puzzle.moves), total=len(puzzle.moves)),
        "rating": words["puzzle.rating"].format(rating=number(1612, "de")),     # (half to even)
        "streak": words["puzzle.streak.other"].format(count=3),
        "hint": words["puzzle.hint"], "back": False, "forward": True}
    assert page.locator('[data-action="puzzle-close"]').text_content() == words["puzzle.close"]
    assert not page.locator("[data-welcome]").is_visible()
    context.close()
    check()


def test_a_link_to_a_puzzle_there_is_not_draws_nothing_and_the_app_says_so(browser, held_site):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    # (every way in the page marks, recorded as it is marked)
    context.add_init_script("""window.earlyWays = [];
      if (self.document && document.documentElement) {      // (not in a worker)
        new MutationObserver(() => window.earlyWays.push(document.documentElement.dataset.early))
          .observe(document.documentElement, {attributes: true, attributeFilter: ["data-early"]});
      }""")
    page, check = watched(context, held_site)
    page.goto(f"{held_site}index.html#/puzzle/fortress/100000")
    HoldingHandler.released.set()
    wait_ready(page)
    page.wait_for_function("document.getElementById('notice').textContent !== ''")
    assert page.locator("#notice").text_content() == \
        catalogue("en")["puzzle.no_such"].format(game="Fortress", number=100000)
    assert page.evaluate("window.earlyWays").count("puzzle") == 0
    assert page.locator("#puzzle").is_hidden()
    assert page.locator("#board [data-card]").count() > 0          # the player's game instead
    context.close()
    check()


def test_a_transfer_link_on_a_new_device_shows_the_first_deal_under_its_question(browser, held_site):
    link = transfer_link(MemoryStorage({"castling:save:martha": save_of(Game(GAMES["martha"], 4)),
                                        "castling:last": "martha"}))
    context, page, check = open_held(browser, held_site, link)
    before = page.evaluate(TABLE)
    assert dom_piles(page) == shown_as_dom(Game(GAMES[FIRST_GAME], FIRST_DEAL).position.to_piles())
    assert page.locator("[data-welcome]").is_hidden()              # the link's question comes first
    taken_over_unmoved(page, before)
    page.wait_for_selector("#transfer-preview-dialog[open]")
    context.close()
    check()


def test_a_return_visit_shows_the_game_in_hand_in_the_players_looks(browser, held_site):
    game = played("martha", 31337, 25, seed=2)
    assert len(game.moves) >= 10
    settings = {"card_size": "large", "card_back": "red", "table": "burgundy",
                "four_colour": True, "language": "it", "tap": "two"}
    stored = {"castling:last": "martha", "castling:save:martha": save_of(game, seconds=75),
              "castling:settings": json.dumps(settings), "castling:welcomed": "2026-12-01"}
    context, page, check = open_held(browser, held_site, "", stored, size=(390, 844))
    before = page.evaluate(TABLE)
    looks = page.evaluate(LOOKS)
    assert looks == ["back-red", "deck-four", "table-burgundy"]
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())   # as it stands, not as dealt
    words = catalogue("it")
    assert page.locator("#move-counter").text_content() == \
        words["counter.moves.other"].format(count=len(game.moves))
    assert page.locator("#deal-label").text_content() == words["deal.label"].format(deal=31337)
    taken_over_unmoved(page, before)                   # (the labels, Italian, compared too)
    assert page.evaluate(LOOKS) == looks
    context.close()
    check()


def test_a_link_to_the_deal_in_hand_shows_it_as_it_stands(browser, held_site):
    """(A deal of the day in hand, too: its label says so.)"""
    game = played("palace", 10**20 - 1, 30, seed=3)
    stored = {"castling:last": "chessboard", "castling:save:palace": save_of(game, daily="2026-12-04"),
              "castling:welcomed": "2026-12-01"}
    context, page, check = open_held(browser, held_site, f"#/palace/{10**20 - 1}", stored)
    before = page.evaluate(TABLE)
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    label = catalogue("en")["deal.label.daily"].format(deal=10**20 - 1)
    assert page.locator("#deal-label").text_content() == label
    taken_over_unmoved(page, before)
    assert page.locator("#deal-label").text_content() == label
    context.close()
    check()


def stored_before(context, stored: dict[str, str]) -> None:
    context.add_init_script(f"""for (const [key, value] of Object.entries({json.dumps(stored)}))
      localStorage.setItem(key, value);""")


def test_a_save_the_page_cannot_replay_draws_nothing_before_the_app(browser, held_site):
    """A save with a move the core refuses: the page draws nothing, and the app
    resumes the game before that move and says so (castling.save)."""
    game = played("fortress", 5, 6, seed=4)
    damaged = json.dumps({"format": 1, "game": "fortress", "deal": 5,
                          "moves": [*game.move_texts(), "t1-t1"]})
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    stored_before(context, {"castling:last": "fortress", "castling:save:fortress": damaged,
                            "castling:welcomed": "2026-12-01"})
    page, check = watched(context, held_site)
    page.goto(f"{held_site}index.html")
    # The control: a good save of another profile is drawn; the damaged one,
    # asked for first, would have been by then.
    control_context = browser.new_context(viewport={"width": 1280, "height": 800})
    stored_before(control_context, {"castling:last": "fortress", "castling:welcomed": "2026-12-01",
                                    "castling:save:fortress": save_of(played("fortress", 6, 3, seed=5))})
    control, control_check = watched(control_context, held_site)
    control.goto(f"{held_site}index.html")
    control.wait_for_selector("html[data-early] #board [data-card]", timeout=READY_TIMEOUT_MS)
    control_context.close()
    control_check()
    assert page.locator("#board [data-card]").count() == 0
    assert not page.evaluate("document.documentElement.hasAttribute('data-early')")
    HoldingHandler.released.set()
    wait_ready(page)
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())     # resumed before the bad move
    assert catalogue("en")["store.save_moves_from"].format(number=len(game.moves) + 1, move="t1-t1") \
        in page.locator("#notice").text_content()
    context.close()
    check()
