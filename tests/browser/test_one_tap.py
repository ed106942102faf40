"""One tap plays (docs/rules.md §5, "Playing"): a tap sends a card to the place
castling.app.table.tap prefers and a second tap on it to the next, in every core
game, never founding a chosen-base game's first card; the two-tap setting
brings back pick up and put down; a drop goes to the legal pile the card covers
most; a drag near the bottom of a scrolling board scrolls it."""

import pytest

from castling import GAMES, Game, format_move
from castling.app.table.board import pickable_counts, targets
from castling.app.table.tap import next_place, tap_choice

from browser_helpers import (act, choose, chosen, deal_for, settle, store, stored, top_card,
                             wait_ready)

CORE = ("chessboard", "morphy", "chequers", "martha", "fortress", "lasker",
        "selective-castle", "castles-end")


def one_tap_page(page, site_url, game_id, number, **settings):
    store(page, "castling:settings", {"autoplay": False, **settings})     # tap: the default
    page.goto(f"{site_url}index.html#/{game_id}/{number}")
    wait_ready(page)


def wait_moves(page, game_id, count):
    page.wait_for_function("([key, n]) => (JSON.parse(localStorage.getItem(key) || '{}').moves || []).length === n",
                           arg=[f"castling:save:{game_id}", count])


def saved_moves(page, game_id):
    return stored(page, f"castling:save:{game_id}")["moves"]


@pytest.mark.parametrize("game_id", CORE)
def test_one_tap_plays_the_documented_place_and_a_second_tap_the_next(page, site_url, game_id):
    rules = GAMES[game_id]
    number = deal_for(game_id)
    one_tap_page(page, site_url, game_id, number)
    game = Game(rules, number)
    names = rules.pile_names
    done = 0

    def playable():
        position = game.position
        return next(((s, tap_choice(position, s, count=1)) for s in range(rules.tableau.piles)
                     if 1 in pickable_counts(position, s)
                     and tap_choice(position, s, count=1).kind == "play"), None)
    if playable() is None:
        # Chessboard and Castle's End open on the base's choice: a tap picks the card
        # up (nothing founded), and the player's tap on a foundation chooses.
        source = next(s for s in range(rules.tableau.piles) if 1 in pickable_counts(game.position, s))
        top_card(page, names[source]).click()
        page.wait_for_selector(".card.selected")
        assert stored(page, f"castling:save:{game_id}") is None or saved_moves(page, game_id) == []
        found = min(targets(game.position, source, 1))
        page.locator(f'[data-pile="{names[found]}"]').click()
        wait_moves(page, game_id, 1)
        game.play((source, found, 1))
        done = 1
    source, choice = playable()
    for s_ in range(rules.tableau.piles):        # better: a card that has a next place too
        if 1 in pickable_counts(game.position, s_):
            c_ = tap_choice(game.position, s_, count=1)
            if c_.kind == "play":
                trial = game.position.copy()
                trial.play(c_.moves[0])
                if next_place(trial, c_.moves[0][1], 1, (s_, c_.moves[0][1])) is not None:
                    source, choice = s_, c_
                    break
    move = choice.moves[0]
    top_card(page, names[source]).click()
    wait_moves(page, game_id, done + 1)
    assert saved_moves(page, game_id)[done] == format_move(rules, move)
    assert page.locator(".card.selected").count() == 0
    game.play(move)
    # The second tap on the card just moved sends it on to its next place.
    then = next_place(game.position, move[1], 1, (source, move[1]))
    settle(page)
    top_card(page, names[move[1]]).click()
    if then is None:            # nowhere else: said so, quietly
        page.wait_for_function("document.getElementById('announce').textContent.length > 0")
        assert saved_moves(page, game_id)[done + 1:] == []
        return
    wait_moves(page, game_id, done + 2)
    assert saved_moves(page, game_id)[done + 1] == format_move(rules, (move[1], then, 1))


@pytest.mark.parametrize("game_id", [g for g in CORE if GAMES[g].chosen_base])
def test_one_tap_never_founds_a_chosen_base_games_first_card(page, site_url, game_id):
    """Every movable card of the deal tapped in turn, each move undone: none was
    founded; a card whose only places would choose the base is picked up instead."""
    rules = GAMES[game_id]
    number = deal_for(game_id)
    one_tap_page(page, site_url, game_id, number)
    position = Game(rules, number).position
    names = rules.pile_names
    tapped = 0
    for source in range(rules.tableau.piles):
        if 1 not in pickable_counts(position, source):
            continue
        settle(page)
        top_card(page, names[source]).click()
        tapped += 1
        choice = tap_choice(position, source, count=1)
        if choice.kind == "hold":
            page.wait_for_selector(".card.selected")
            page.locator(".card.selected").click()          # put back
            continue
        page.wait_for_function(f"JSON.parse(localStorage.getItem('castling:save:{game_id}')).moves.length === 1")
        (played,) = saved_moves(page, game_id)
        assert not played.split("-")[1].startswith("f"), played
        act(page, "undo")
        page.wait_for_function(f"JSON.parse(localStorage.getItem('castling:save:{game_id}')).moves.length === 0")
    assert tapped


def test_the_two_tap_setting_picks_up_then_puts_down(page, site_url):
    one_tap_page(page, site_url, "fortress", 3)
    act(page, "settings")
    choose(page, "#tap-mode", "two")
    page.locator("#settings-dialog button[value=close]").click()
    assert stored(page, "castling:settings")["tap"] == "two"
    rules = GAMES["fortress"]
    position = Game(rules, 3).position
    source = next(s for s in range(rules.tableau.piles) if 1 in pickable_counts(position, s))
    top_card(page, rules.pile_names[source]).click()
    assert page.locator(".card.selected").count() == 1
    assert stored(page, "castling:save:fortress") is None or saved_moves(page, "fortress") == []
    page.reload()
    wait_ready(page)
    act(page, "settings")
    assert chosen(page, "#tap-mode") == "two"


def test_a_drop_over_two_piles_goes_to_the_legal_one(page, site_url):
    """The card is let go mostly over an illegal pile, partly over a legal one
    next to it (and the pointer over the illegal one): it goes to the legal one."""
    rules = GAMES["fortress"]
    one_tap_page(page, site_url, "fortress", 3, tap="two")
    position = Game(rules, 3).position
    names = rules.pile_names
    boxes = {name: (top_card(page, name) if position.piles[i] else page.locator(f'[data-pile="{name}"]')).bounding_box()
             for i, name in enumerate(names)}
    for source in range(rules.tableau.piles):
        found = targets(position, source, 1) if 1 in pickable_counts(position, source) else {}
        for target in found:
            for neighbour in range(rules.tableau.piles):
                a, b = boxes[names[target]], boxes[names[neighbour]]
                if neighbour in found or neighbour == source or abs(a["y"] - b["y"]) > 2 \
                        or abs(a["x"] - b["x"]) > 1.5 * a["width"]:
                    continue
                start = top_card(page, names[source]).bounding_box()
                grab_x, grab_y = start["x"] + start["width"] / 2, start["y"] + 10
                # The card's left edge 35% of a width from the neighbour's towards the target.
                left = b["x"] + 0.35 * (a["x"] - b["x"])
                page.mouse.move(grab_x, grab_y)
                page.mouse.down()
                page.mouse.move(left + start["width"] / 2, b["y"] + 10, steps=8)
                page.mouse.up()
                page.wait_for_function("JSON.parse(localStorage.getItem('castling:save:fortress') || '{\"moves\":[]}').moves.length === 1")
                assert saved_moves(page, "fortress") == [format_move(rules, (source, target, 1))]
                return
    pytest.fail("no card beside an illegal pile in this deal")


def test_a_drag_near_the_bottom_scrolls_the_board_to_a_pile_below_the_fold(phone_profile,
                                                                           returning_visit):
    page = returning_visit("#/chequers/3", reduced_motion="reduce", profile=phone_profile,
                           size=(390, 844), settings={"card_size": "large", "autoplay": False})
    page.wait_for_selector("#board[data-scrolls]")
    rules = GAMES["chequers"]
    position = Game(rules, 3).position
    names = rules.pile_names
    board = page.locator("#board").bounding_box()
    bottom = board["y"] + board["height"]

    def box(name):
        return top_card(page, name).bounding_box()
    move = next(m for m in position.legal_moves() if m[2] == 1
                and m[0] < rules.tableau.piles and m[1] < rules.tableau.piles
                and box(names[m[0]])["y"] + box(names[m[0]])["height"] < bottom - 60
                and box(names[m[1]])["y"] > bottom)
    start = box(names[move[0]])
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + 10)
    page.mouse.down()
    page.mouse.move(start["x"] + start["width"] / 2, bottom - 8, steps=6)
    for step in range(400):                         # the player keeps the card at the edge
        if box(names[move[1]])["y"] + 40 < bottom - 60:
            break
        page.mouse.move(start["x"] + start["width"] / 2 + (step % 2), bottom - 8)
    assert page.evaluate("document.getElementById('board').scrollTop") > 0
    end = box(names[move[1]])
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + 10, steps=6)
    page.mouse.up()
    page.wait_for_function("(localStorage.getItem('castling:save:chequers') || '').includes('\"moves\":[\"')")
    assert stored(page, "castling:save:chequers")["moves"] == [format_move(rules, move)]
