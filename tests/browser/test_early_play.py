"""The early table plays (issue 59): before Python is up, a tap, a drag and
Undo are answered at once by the page (web/first-table/play.js, asking the
compiled core), as the app answers them — the same places in the same order,
auto-play after the player's move — and saved as they are played; once the
app is up the cards stay where they went and the engine has the same game.

The runtime's WebAssembly is held back (``held_site``) while the test plays:
every move before the release is the page's alone."""

from __future__ import annotations

import json
import random

import pytest

from castling import GAMES, Game, safe_foundation_moves
from castling.app.first_visit import FIRST_DEAL, FIRST_GAME
from castling.app.storage.storage_port import MemoryStorage
from castling.app.storage.transfer import transfer_link
from castling.app.table.board import pickable_counts, targets
from castling.app.table.tap import tap_choice, tap_places
from castling.i18n import catalogue

from browser_helpers import (dom_piles, open_held, played, save_of, shown_as_dom, stored, wait_ready)
from support import HoldingHandler


def as_the_app_plays(game: Game, moves) -> None:
    """A player's move as moves.py plays it: the moves, then auto-play's (its default)."""
    for move in moves:
        game.play(move)
    while safe := safe_foundation_moves(game.position):
        game.play(safe[0])


def a_tap(game: Game) -> tuple[str, list]:
    """The first pile whose top card one tap plays (castling.app.table.tap), and its moves."""
    names = game.rules.pile_names
    for index, name in enumerate(names):
        if name.startswith("f"):
            continue
        choice = tap_choice(game.position, index, count=1 if game.position.piles[index] else None)
        if choice.kind == "play":
            return name, list(choice.moves)
    raise AssertionError("no card to tap")


def a_drag(game: Game) -> tuple[str, str, list]:
    """A tableau card that may be dragged to another tableau pile holding cards."""
    names = game.rules.pile_names
    for source, name in enumerate(names):
        if name.startswith("t") and 1 in pickable_counts(game.position, source):
            for target, moves in targets(game.position, source, 1).items():
                if names[target].startswith("t") and game.position.piles[target]:
                    return name, names[target], moves
    raise AssertionError("no card to drag")


def drag(page, source: str, target: str) -> None:
    card = page.locator(f'[data-pile="{source}"] [data-card]').last
    start = card.bounding_box()
    cards = page.locator(f'[data-pile="{target}"] [data-card]')
    end = (cards.last if cards.count() else page.locator(f'[data-pile="{target}"]')).bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + 10)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + 10, steps=8)
    page.mouse.up()


def tap(page, game: Game) -> None:
    """Tap the card a_tap names, and play the same on ``game``; the page has it at once."""
    name, moves = a_tap(game)
    page.locator(f'[data-pile="{name}"] [data-card]').last.click()
    as_the_app_plays(game, moves)
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())


def still_early(page) -> None:
    assert page.evaluate("document.documentElement.dataset.ready") == "false"


def taken_over(page, game: Game) -> None:
    """Python let start: the app's table is the game the page played, card for
    card, and so is the engine's (its save); the game counts as played."""
    HoldingHandler.released.set()
    wait_ready(page)
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    save = stored(page, f"castling:save:{game.rules.id}")
    assert save["moves"] == game.move_texts() and save["deal"] == game.number
    counter = page.locator("#move-counter").text_content()
    assert str(len(game.moves)) in counter


def test_a_deal_link_plays_taps_drags_and_undo_at_once(browser, held_site):
    game = Game(GAMES["beleaguered-castle"], 34000)
    context, page, check = open_held(browser, held_site, "#/beleaguered-castle/34000", {
        "castling:welcomed": "2026-12-01"})
    page.wait_for_selector("html[data-early-play]")
    tap(page, game)
    words = catalogue("en")
    assert page.locator("#move-counter").text_content() == \
        words["counter.moves.one" if len(game.moves) == 1 else "counter.moves.other"].format(count=len(game.moves))
    assert stored(page, "castling:save:beleaguered-castle")["moves"] == game.move_texts()  # saved as played
    source, target, moves = a_drag(game)
    drag(page, source, target)                      # dropped where it may go: played
    as_the_app_plays(game, moves)
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    names = game.rules.pile_names
    refused = next(name for name in names if name.startswith("t") and name != source
                   and game.position.piles[names.index(name)]
                   and names.index(name) not in targets(game.position, names.index(target), 1))
    drag(page, target, refused)                     # where it may not: back, nothing played
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    undo = page.locator('[data-action="undo"]')
    assert undo.is_enabled()
    undo.click()                                    # the last move taken back
    game.undo()
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    assert stored(page, "castling:save:beleaguered-castle")["moves"] == game.move_texts()
    still_early(page)
    taken_over(page, game)
    played_stats = stored(page, "castling:stats")["beleaguered-castle"]["played"]
    assert played_stats == 1                        # the player's moves count the game as played
    context.close()
    check()


def test_a_second_tap_sends_the_card_on_as_the_app_would(browser, held_site):
    """Tap a card that has two places, then tap it again: its next place
    (castling.app.table.tap's run of taps), checked against the engine's."""
    rules, number, source = next((rules, number, source)
                                 for rules in (GAMES["streets-and-alleys"], GAMES["fortress"])
                                 for number in range(1, 300)
                                 for source in range(rules.pile_count("t"))
                                 if len(tap_places(Game(rules, number).position, source, 1)) >= 2)
    game = Game(rules, number)
    names = rules.pile_names
    context, page, check = open_held(browser, held_site, f"#/{rules.id}/{number}",
                                     {"castling:welcomed": "x"})
    page.wait_for_selector("html[data-early-play]")
    first = tap_choice(game.position, source, count=1)
    page.locator(f'[data-pile="{names[source]}"] [data-card]').last.click()
    as_the_app_plays(game, first.moves)
    target = first.moves[-1][1]
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    second = tap_choice(game.position, target, count=1, tried=(source, target))
    page.locator(f'[data-pile="{names[target]}"] [data-card]').last.click()
    as_the_app_plays(game, second.moves)
    assert second.kind == "play" and second.moves[-1][1] != target
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    taken_over(page, game)
    context.close()
    check()


def daily_save(game: Game) -> str:
    return save_of(game, daily="2026-12-06", token="0123456789ab", rev=3)


WAYS = {
    # the front door: a first visit with nothing stored (its welcome closed first)
    "front-door": lambda: (Game(GAMES[FIRST_GAME], FIRST_DEAL), "", None),
    # a return visit: the last game's save as it stands
    "return": lambda: (played("martha", 31337, 12, seed=2), "", "save"),
    # today's deal in hand, come back to
    "today": lambda: (played("citadel", 20261206, 4, seed=7), "", "daily"),
    # a transfer link on a new device: the front door's deal under its question
    "transfer": lambda: (Game(GAMES[FIRST_GAME], FIRST_DEAL), "transfer", None),
    # a deal link to another deal of a game in progress (that game is offered back)
    "replacing": lambda: (Game(GAMES["martha"], 4), "#/martha/4", "other"),
}


@pytest.mark.parametrize("way", list(WAYS))
def test_every_way_in_plays_before_python_and_the_app_plays_on(browser, held_site, way):
    game, link, kept = WAYS[way]()
    stored_items = None
    if kept == "save":
        stored_items = {"castling:last": game.rules.id, "castling:welcomed": "x",
                        f"castling:save:{game.rules.id}": save_of(game)}
    elif kept == "daily":
        stored_items = {"castling:last": game.rules.id, "castling:welcomed": "x",
                        f"castling:save:{game.rules.id}": daily_save(game)}
    elif kept == "other":
        other = played("martha", 5, 8, seed=3)
        stored_items = {"castling:last": "martha", "castling:welcomed": "x",
                        "castling:save:martha": save_of(other)}
    if link == "transfer":
        link = transfer_link(MemoryStorage({"castling:save:morphy": save_of(played("morphy", 5, 3, seed=1)),
                                            "castling:last": "morphy"}))
    context, page, check = open_held(browser, held_site, link, stored_items)
    if page.locator("[data-welcome]").is_visible():
        page.locator("[data-welcome] button.primary").click()      # Play
    page.wait_for_selector("html[data-early-play]")
    tap(page, game)
    tap(page, game)
    still_early(page)
    if kept == "other":         # the game in progress is not written over before the app is up
        assert stored(page, "castling:save:martha")["deal"] == 5
    if kept == "daily":
        assert stored(page, "castling:save:citadel")["daily"] == "2026-12-06"
    HoldingHandler.released.set()
    wait_ready(page)
    if way == "transfer":
        page.wait_for_selector("#transfer-preview-dialog[open]")
        assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    else:
        taken_over(page, game)
    context.close()
    check()


def test_early_moves_are_there_on_the_next_visit(browser, held_site):
    """Two moves before Python is up, the tab closed: the next visit (still
    before Python) shows them, and so does the app."""
    game = Game(GAMES["streets-and-alleys"], 146)
    context, page, check = open_held(browser, held_site, "#/streets-and-alleys/146",
                                     {"castling:welcomed": "x"})
    page.wait_for_selector("html[data-early-play]")
    tap(page, game)
    tap(page, game)
    page.close()
    page = context.new_page()
    page.goto(f"{held_site}index.html")
    page.wait_for_selector("html[data-early-play]")
    still_early(page)
    assert page.evaluate("document.documentElement.dataset.early") == "return"
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    taken_over(page, game)
    context.close()
    check()


def positions(game_id: str, count: int, seed: int) -> list[list[str]]:
    """Move lists of ``count`` positions along a random walk of a game's deal."""
    rng = random.Random(seed)
    rules = GAMES[game_id]
    game = Game(rules, 1000 + seed)
    lines = [[]]
    while len(lines) < count:
        moves = game.position.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
        if game.is_won():
            break
        if rng.random() < 0.3:
            lines.append(game.move_texts())
    return lines


#: What the page answers for every pile and count of a position (play.js reads
#: the core with CoreGame): one tap, with nothing held and nothing tried.
PAGE_CHOICES = """async ([gameId, deal, lines]) => {
  const {CoreGame, gameFiles} = window.castlingFirstTable;
  const [plan, rules, core] = await gameFiles(gameId);
  const answers = [];
  for (const moves of lines) {
    const game = await CoreGame.dealt(plan, rules, core, deal, moves);
    const piles = game.piles();
    const position = [];
    plan.piles.forEach(({name}, pile) => {
      for (let count = 0; count <= piles[name].length; count++) {
        const choice = game.tap(pile, count || null, null, []);
        const places = [...game.targets(pile, Math.max(count, 1))].map(([target, moves]) => [target, moves]);
        position.push([pile, count, choice.kind, choice.moves, choice.places, places]);
      }
    });
    answers.push({position, pickable: plan.piles.map((_, pile) => game.pickable(pile)),
                  safe: game.safeHome(), won: game.won()});
  }
  return answers;
}"""


def test_the_page_chooses_as_the_engine_in_every_game(browser, held_site):
    """The mirror, read as the page reads it: for every pile and count of random
    positions of all 31 games, the page's one-tap choice is tap_choice's, its
    drop places are board.targets', its safe moves auto-play's."""
    context, page, check = open_held(browser, held_site, "")       # (the front door)
    compared = 0
    for seed, (game_id, rules) in enumerate(GAMES.items()):
        deal = 1000 + seed
        lines = positions(game_id, 4, seed)
        answers = page.evaluate(PAGE_CHOICES, [game_id, str(deal), lines])
        for moves, answer in zip(lines, answers):
            game = Game(rules, deal)
            for move in moves:
                game.play(move)
            position = game.position
            where = f"{game_id} #{deal} after {moves}"
            for pile, count, kind, chosen, places, found in answer["position"]:
                choice = tap_choice(position, pile, count=count or None)
                assert (kind, [tuple(m) for m in chosen], places) == \
                    (choice.kind, list(choice.moves), list(choice.places)), f"{where}: {pile}, {count}"
                expected = targets(position, pile, max(count, 1))
                assert [(t, [tuple(m) for m in ms]) for t, ms in found] == \
                    [(t, list(ms)) for t, ms in expected.items()], f"{where}: {pile}, {count}"
                compared += 1
            assert answer["pickable"] == [sorted(pickable_counts(position, pile))
                                          for pile in range(len(position.piles))], where
            assert [tuple(m) for m in answer["safe"]] == safe_foundation_moves(position), where
            assert answer["won"] == position.is_won(), where
    assert compared > 3000
    context.close()
    check()
