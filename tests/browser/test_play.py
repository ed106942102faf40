"""A player's session in every game: open a deal link, move by tap and by drag,
undo and redo; reload and find the game resumed, in one game of each kind."""

import pytest

from castling import GAMES, Game, Position, format_move
from castling.app.table.board import targets

from browser_helpers import (a_single_card_move, act, deal_for, dom_piles, drag_to, empty_page,
                             open_deal, shown_as_dom, stored, tap_move, tap_pile, top_card,
                             wait_ready)


def saved_position(page, game_id: str, number: int) -> tuple[Game, list[str]]:
    """The game as the page saved it, replayed by the engine."""
    save = stored(page, f"castling:save:{game_id}")
    assert save["game"] == game_id and save["deal"] == number
    game, problem = Game.replay(GAMES[game_id], number, save["moves"])
    assert problem is None
    return game, save["moves"]


def lit_piles(page) -> list[str]:
    """The piles lit as places the held cards may go."""
    return page.evaluate("[...document.querySelectorAll('.pile.target')].map(p => p.dataset.pile)")


def kinds_of_table() -> set[str]:
    """The first game of each kind of table: face-down cards or not, a chosen
    base, free cells, reserves. A reload resumes a game by replaying its saved
    moves, the same code for every game (and the engine's tests replay every
    game's saves); what may differ on screen is a kind of pile. (A reload is
    a second start of Python, the dearest step of a session: once a kind, not
    31 times.)"""
    first: dict[tuple, str] = {}
    for game_id, rules in GAMES.items():
        piles = Position.deal(rules, deal_for(game_id)).to_piles().values()
        kind = (any(code.islower() for cards in piles for code in cards), bool(rules.chosen_base),
                rules.reserves.cells is not None, rules.reserves.count > 0)
        first.setdefault(kind, game_id)
    return set(first.values())


RELOADED = kinds_of_table()


@pytest.fixture(scope="module")
def table(returning_profile, site_url):
    """One page for every game's session, each opened by its deal link as a
    link followed from the page opens it: a page each would start Python 31
    times over, the dearest step of a session (the reloads still do, once a
    kind). Nothing stored at first but the ``page`` fixture's two taps; each
    game is saved under its own key."""
    page, check = empty_page(returning_profile, site_url)
    page.goto(f"{site_url}index.html")
    wait_ready(page)
    yield page
    page.close()
    check()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_player_session(table, game_id):
    page, rules = table, GAMES[game_id]
    number = deal_for(game_id)
    open_deal(page, game_id, number)

    # The deal link shows exactly the engine's deal.
    deal = Position.deal(rules, number)
    assert dom_piles(page) == shown_as_dom(deal.to_piles())

    # Tap to move: select a card (its legal destinations light up), then tap one.
    # (A second tap on the card instead puts it down: the test after this one.)
    move = a_single_card_move(deal)
    top_card(page, rules.pile_names[move[0]]).click()
    assert sorted(lit_piles(page)) == sorted(rules.pile_names[t] for t in targets(deal, move[0], 1))
    tap_pile(page, rules.pile_names[move[1]])
    assert lit_piles(page) == []
    game, moves = saved_position(page, game_id, number)
    assert moves[0] == format_move(rules, move)
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    played_by_tap = len(moves)

    # Drag and drop a second move.
    second = a_single_card_move(game.position)
    drag_to(page, rules.pile_names[second[0]], rules.pile_names[second[1]])
    game, moves = saved_position(page, game_id, number)
    assert moves[played_by_tap] == format_move(rules, second)
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())

    # An illegal drop snaps back and changes nothing.
    before = dom_piles(page)
    illegal = next((s, t) for s in range(rules.tableau.piles) for t in range(rules.tableau.piles)
                   if s != t and game.position.piles[s] and not any(
                       m[0] == s and m[1] == t for m in game.position.legal_moves()))
    drag_to(page, rules.pile_names[illegal[0]], rules.pile_names[illegal[1]])
    assert dom_piles(page) == before
    assert stored(page, f"castling:save:{game_id}")["moves"] == moves

    # Undo all the way back to the deal, then redo everything.
    for _ in moves:
        act(page, "undo")
    assert dom_piles(page) == shown_as_dom(deal.to_piles())
    assert page.is_disabled('[data-action="undo"]')
    for _ in moves:
        act(page, "redo")
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())

    # Reload: the same deal, the same position, and the undo history is intact.
    if game_id not in RELOADED:
        return
    page.reload()
    wait_ready(page)
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    act(page, "undo")
    game.undo()
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())


@pytest.mark.parametrize("game_id", ["fortress", "zerline"])
def test_a_second_tap_on_the_held_card_puts_it_down(page, site_url, game_id):
    rules = GAMES[game_id]
    number = deal_for(game_id)
    page.goto(f"{site_url}index.html#/{game_id}/{number}")
    wait_ready(page)
    move = a_single_card_move(Position.deal(rules, number))
    source = rules.pile_names[move[0]]
    top_card(page, source).click()
    assert lit_piles(page)
    page.wait_for_timeout(400)                  # two quick taps would be a double tap
    top_card(page, source).click()              # a second tap puts it down again
    assert lit_piles(page) == []
    assert (stored(page, f"castling:save:{game_id}") or {"moves": []})["moves"] == []
    page.wait_for_timeout(400)                  # not a double tap
    tap_move(page, rules, move)
    game, moves = saved_position(page, game_id, number)
    assert moves == [format_move(rules, move)]
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())


def test_face_down_cards_keep_their_secret(page, site_url):
    page.goto(f"{site_url}index.html#/martha/4")
    wait_ready(page)
    hidden = page.evaluate("""() => [...document.querySelectorAll('[data-card="down"]')].map(card =>
        [card.textContent, card.children.length,
         Object.fromEntries([...card.attributes].map(a => [a.name, a.value]))])""")
    assert len(hidden) == 24
    for text, children, attributes in hidden:
        assert text == "" and children == 0
        assert set(attributes) == {"style", "data-index", "data-card", "class", "role", "aria-label"}
        assert attributes["class"] == "card down" and attributes["data-card"] == "down"
        assert attributes["role"] == "img" and attributes["aria-label"] == "a face-down card"
        assert attributes["style"].replace(" ", "") == f"--i:{attributes['data-index']};"


@pytest.mark.parametrize("game_id", ["zerline", "soother"])
def test_the_stock_turns_over_by_tap_and_by_key_and_keeps_its_secret(page, site_url,
                                                                      game_id):
    page.goto(f"{site_url}index.html#/{game_id}/7")
    wait_ready(page)

    def shows_the_saved_game_with_the_stock_hidden() -> list[str]:
        game, moves = saved_position(page, game_id, 7) if stored(
            page, f"castling:save:{game_id}") else (Game(GAMES[game_id], 7), [])
        assert dom_piles(page) == shown_as_dom(game.position.to_piles())
        stock = page.evaluate("""() => [...document.querySelectorAll('[data-pile="s1"] .card')]
            .map(card => [card.dataset.card, card.textContent, card.getAttribute('aria-label')])""")
        assert len(stock) == len(game.position.piles[game.position.tables.stock]) > 0
        assert all(card == ["down", "", "a face-down card"] for card in stock)
        label = page.get_attribute('[data-pile="s1"]', "aria-label")
        assert label == f"Stock, {len(stock)} cards, top card a face-down card"
        return moves

    shows_the_saved_game_with_the_stock_hidden()
    # A tap on the stock turns its top card over onto the waste (auto-play may
    # then send it home).
    page.locator('[data-pile="s1"] .card').last.click()
    assert shows_the_saved_game_with_the_stock_hidden()[0] == "s1-w1"
    # So does Enter on it, from the keyboard.
    page.locator('[data-pile="s1"]').focus()
    page.keyboard.press("Enter")
    assert shows_the_saved_game_with_the_stock_hidden().count("s1-w1") == 2
    # The screen reader hears the card once it is face up.
    assert page.locator("#announce").text_content().startswith("From the stock: ")
    # Undo puts a card back face down.
    act(page, "undo")
    shows_the_saved_game_with_the_stock_hidden()


def test_rittenhouse_foundations_stand_above_the_piles_that_feed_them(page, site_url):
    page.goto(f"{site_url}index.html#/rittenhouse/400")
    wait_ready(page)
    left = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-pile]')]
        .map(p => [p.dataset.pile, Math.round(p.getBoundingClientRect().left)]))""")
    assert [left[f"f{k}"] for k in range(1, 5)] == [left[f"t{k}"] for k in range(1, 5)]
    assert [left[f"f{k}"] for k in range(5, 9)] == [left[f"t{k}"] for k in range(6, 10)]


def test_a_run_moves_by_drag(page, site_url):
    # Find a deal where a run of two can move, and drag it by its lower card.
    rules = GAMES["selective-castle"]
    number, move = next((n, m) for n in range(1, 200) for m in Position.deal(rules, n).legal_moves()
                        if m[2] >= 2)
    page.goto(f"{site_url}index.html#/selective-castle/{number}")
    wait_ready(page)
    names = rules.pile_names
    card = page.locator(f'[data-pile="{names[move[0]]}"] [data-card]').nth(-move[2])
    box = card.bounding_box()
    target = page.locator(f'[data-pile="{names[move[1]]}"] [data-card]').last.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 8)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 20, steps=8)
    page.mouse.up()
    game, moves = saved_position(page, "selective-castle", number)
    assert moves[0] == format_move(rules, move)
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
