"""Playing without a pointer: a whole game won with the keyboard alone, the
shortcuts, and what a screen reader is given (accessible names, announcements)."""

import json

from castling import GAMES, Game, parse_move
from castling.app.table.arrangement import Row, neighbour
from castling.app.table.board import pickable_counts, targets

from browser_helpers import WINS, stored, wait_ready




def focused(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset.pile || null")


def rows_on(page) -> tuple[Row, ...]:
    """The rows as the page laid them out for its screen (board.arrange): the
    arrows walk those."""
    return tuple(Row(tuple(piles), "stack", len(piles)) for piles in page.evaluate(
        "[...document.querySelectorAll('#board .row')].map(row => "
        "[...row.querySelectorAll('[data-pile]')].map(pile => pile.dataset.pile))"))


def arrows_to(rows, start: str, goal: str) -> list[str]:
    """The arrow keys that lead from one pile to another (shortest, by search)."""
    paths = {start: []}
    frontier = [start]
    while goal not in paths:
        step = []
        for pile in frontier:
            for key in ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"):
                there = neighbour(rows, pile, key)
                if there not in paths:
                    paths[there] = paths[pile] + [key]
                    step.append(there)
        frontier = step
    return paths[goal]


def test_a_whole_game_is_won_with_the_keyboard_alone(page, site_url):
    game_id = "selective-castle"            # runs move here: Enter picks up more of a run
    win = WINS[game_id]
    rules = GAMES[game_id]
    page.goto(f"{site_url}help/index.html")
    page.evaluate("localStorage.setItem('castling:settings', JSON.stringify({autoplay: false}))")
    page.goto(f"{site_url}index.html#/{game_id}/{win['deal']}")
    wait_ready(page)
    for _ in range(40):                     # Tab from the top of the page onto the table
        page.keyboard.press("Tab")
        if focused(page):
            break
    assert focused(page) == "t1"
    game = Game(rules, win["deal"])
    names = rules.pile_names
    for text in win["moves"]:
        source, target, count = parse_move(rules, text)
        rows = rows_on(page)
        for key in arrows_to(rows, focused(page), names[source]):
            page.keyboard.press(key)
        assert focused(page) == names[source]
        for _ in range(sorted(pickable_counts(game.position, source)).index(count) + 1):
            page.keyboard.press("Enter")
        held = len(targets(game.position, source, count)) + 1
        for _ in range(held):
            if focused(page) == names[target]:
                break
            page.keyboard.press("ArrowRight")
        assert focused(page) == names[target], text
        page.keyboard.press("Enter")
        game.play(text)
    page.wait_for_selector("#win-dialog[open]")
    assert stored(page, f"castling:save:{game_id}")["moves"] == win["moves"]
    assert json.loads(page.evaluate("localStorage.getItem('castling:stats')"))[game_id]["won"] == 1


def test_shortcuts_and_announcements(page, site_url):
    page.goto(f"{site_url}index.html#/martha/4")
    wait_ready(page)
    rules = GAMES["martha"]
    page.locator('[data-pile="t1"]').focus()
    game = Game(rules, 4)
    move = next(m for m in game.legal_moves() if m[2] == 1)
    names = rules.pile_names
    page.locator(f'[data-pile="{names[move[0]]}"]').focus()
    page.keyboard.press("Enter")
    assert page.locator("#announce").text_content().startswith("Picked up")
    page.keyboard.press("Escape")
    assert page.locator("#announce").text_content() == "Put back."
    page.keyboard.press("Enter")
    page.locator(f'[data-pile="{names[move[1]]}"]').focus()   # as a screen reader's cursor would
    page.keyboard.press("Enter")
    moves = stored(page, "castling:save:martha")["moves"]
    assert len(moves) >= 1 and " to tableau " in page.locator("#announce").text_content()
    page.keyboard.press("u")
    assert len(stored(page, "castling:save:martha")["moves"]) == len(moves) - 1
    page.keyboard.press("Control+y")
    assert len(stored(page, "castling:save:martha")["moves"]) == len(moves)
    page.keyboard.press("?")
    assert page.locator("#keys-dialog").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator("#keys-dialog").is_visible()
    page.keyboard.press("h")
    assert page.locator("#status").text_content().startswith("Hint")


def test_piles_and_cards_have_names_that_hide_face_down_cards(page, site_url):
    page.goto(f"{site_url}index.html#/martha/4")
    wait_ready(page)
    game = Game(GAMES["martha"], 4)
    t1 = page.locator('[data-pile="t1"]')
    assert t1.get_attribute("role") == "group" and t1.get_attribute("tabindex") == "0"
    label = t1.get_attribute("aria-label")
    top = game.position.to_piles()["t1"][-1]
    from castling.app.words.spoken import card_label
    assert label == f"Tableau 1, 4 cards, top card {card_label(top)}"
    labels = page.locator('[data-pile="t1"] [data-card]').evaluate_all(
        "cards => cards.map(card => card.getAttribute('aria-label'))")
    assert labels[0] == labels[2] == "a face-down card"
    assert labels[3] == card_label(top)
    assert page.locator('[data-pile="f1"]').get_attribute("aria-label").startswith("Foundation clubs, 1 card")
