"""The ways in besides the front door and a plain deal link (test_first_table.py)
show their table before Python is up too (issue 48): a replay link, a transfer
link on a new device, a return visit's saved game, a link to the deal the
player has in hand. web/first-table/ draws each (the compiled core deals it
and plays the save's moves); the app takes it over without a card moving.

The runtime's WebAssembly is held back (``held_site``) while the test looks."""

from __future__ import annotations

import json
import random

import pytest

from castling import GAMES, Game
from castling.i18n import catalogue
from castling.app.first_visit import FIRST_DEAL, FIRST_GAME
from castling.app.deals.replay_links import replay_link
from castling.app.storage.storage_port import MemoryStorage
from castling.app.storage.transfer import transfer_link

from browser_helpers import (READY_TIMEOUT_MS, TABLE, dom_piles, open_held, played, save_of, shown_as_dom,
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
