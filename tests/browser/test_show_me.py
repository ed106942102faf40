"""Show me (issue 15): the solver plays a winning line on the player's game, the
win counts as won with help, pause, one move and take over, and a position the
solver has not proved winnable says why."""

import time

from castling import GAMES, Game

from browser_helpers import WINS, act, dom_piles, shown_as_dom, store, stored, wait_ready


CORE = ["chessboard", "morphy", "chequers", "martha", "fortress", "lasker", "selective-castle",
        "castles-end"]
WORKER_MS = 60_000      # the worker boots its own Python after the board is ready
LEFT = 3                # moves of the winning line left to the solver (each 250 ms at "fast")


def saved_moves(page, game_id: str) -> list[str]:
    return stored(page, f"castling:save:{game_id}")["moves"]


def test_show_me_finishes_a_winnable_game_of_every_core_game_as_won_with_help(
        page, site_url):
    page.goto(f"{site_url}index.html#/chessboard/1")
    wait_ready(page)
    for game_id in CORE:
        rules, win = GAMES[game_id], WINS[game_id]
        moves = win["moves"][:-LEFT]
        store(page, f"castling:save:{game_id}", {"format": 1, "game": game_id, "deal": win["deal"],
                                               "moves": moves, "seconds": 61, "counted": True,
                                               "won": False, "token": f"t-{game_id}"})
        store(page, "castling:stats", {game_id: {"played": 1, "won": 0, "streak": 0,
                                               "best_streak": 0, "best_seconds": None,
                                               "fewest_moves": None,
                                               "current": {"token": f"t-{game_id}",
                                                           "counted": True, "won": False}}})
        page.evaluate("link => { location.hash = link }", f"#/{game_id}/{win['deal']}")
        page.wait_for_selector(f'#board[data-game="{game_id}"]')
        page.wait_for_selector('#verdict[data-result="won"]', state="attached", timeout=WORKER_MS)
        act(page, "show-me")
        page.select_option("#show-me-speed", "fast")             # as the line starts
        dialog = page.locator("#win-dialog")
        dialog.wait_for(state="visible", timeout=WORKER_MS)
        assert "Won with help" in dialog.text_content(), game_id
        dialog.locator("button[value=close]").click()
        assert page.locator("#show-me").is_hidden()
        # The saved game is the player's moves and then the solver's, and it is won.
        played = saved_moves(page, game_id)
        assert played[:len(moves)] == moves
        game, problem = Game.replay(rules, win["deal"], played)
        assert problem is None and game.is_won(), game_id
        assert dom_piles(page) == shown_as_dom(game.position.to_piles())
        stats = stored(page, "castling:stats")[game_id]
        assert (stats["played"], stats["won"], stats["helped"], stats["streak"]) == (1, 0, 1, 0)
        assert stats["fewest_moves"] is None
        act(page, "stats")
        row = page.locator(f'#stats-table tr[data-game="{game_id}"] td')
        assert row.all_text_contents()[1:5] == ["1", "0", "1", "0%"], game_id
        page.keyboard.press("Escape")
        page.locator("#stats-dialog").wait_for(state="hidden")


def test_pressed_early_then_pause_one_move_and_take_over_then_undo_walks_back(
        first_visit_page, site_url):
    # A first visit: its solver's worker boots Python from scratch (a return
    # visit's restores a snapshot).
    page, rules = first_visit_page, GAMES["fortress"]
    # The worker is not up until it has the compiled core: its request is held
    # until Show me has been pressed, so that the worker is surely still
    # starting then, however fast this machine boots it. (The first request for
    # the core is the early table's, made before Python is up: it goes through.)
    held, seen = [], []

    def hold_the_workers(route):
        seen.append(route.request.url)
        if len(seen) == 1:
            route.continue_()
        else:
            held.append(route)
    page.route("**/castling-core.wasm", hold_the_workers)
    page.goto(f"{site_url}index.html#/fortress/33")
    wait_ready(page)
    # Pressed at once: the worker only starts booting once the board is ready,
    # so Show me waits for it, says so, and then starts by itself.
    act(page, "show-me")
    # (Show me asks in a task of its own, which may run a moment after the click.)
    page.wait_for_function("document.getElementById('status').textContent.includes('starting')",
                           timeout=10_000)
    deadline = time.monotonic() + WORKER_MS / 1000
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert held, "the worker never asked for the core"
    for request in held:
        request.continue_()
    page.unroute("**/castling-core.wasm")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('castling:save:fortress'))"
                           ".moves.length >= 2", timeout=WORKER_MS)
    assert page.is_disabled('[data-action="show-me"]')
    page.click('[data-action="show-me-pause"]')
    shown = len(saved_moves(page, "fortress"))
    assert page.get_attribute('[data-action="show-me-pause"]', "aria-pressed") == "true"
    page.wait_for_timeout(1500)
    assert len(saved_moves(page, "fortress")) == shown            # paused
    page.click('[data-action="show-me-step"]')
    assert len(saved_moves(page, "fortress")) == shown + 1        # one move, then waits
    assert page.locator("#announce").text_content().startswith("Solver: ")
    page.wait_for_timeout(1000)
    assert len(saved_moves(page, "fortress")) == shown + 1
    page.click('[data-action="show-me-stop"]')
    assert page.locator("#show-me").is_hidden()
    assert "Your turn" in page.locator("#notice").text_content()
    assert stored(page, "castling:save:fortress")["helped"] is True

    # The player has the game: Undo walks back through the moves shown.
    moves = saved_moves(page, "fortress")
    page.wait_for_timeout(800)
    assert saved_moves(page, "fortress") == moves                 # nothing plays on
    for kept in (len(moves) - 1, len(moves) - 2):
        act(page, "undo")
        game, _ = Game.replay(rules, 33, moves[:kept])
        assert dom_piles(page) == shown_as_dom(game.position.to_piles())
        assert saved_moves(page, "fortress") == moves[:kept]


def test_show_me_says_why_when_the_position_is_not_proved_winnable(page, site_url):
    # Chessboard deal 1 is lost once t3-f4 founds with that card's rank.
    page.goto(f"{site_url}help/index.html")
    store(page, "castling:save:chessboard", {"format": 1, "game": "chessboard", "deal": 1,
                                           "moves": ["t3-f4"]})
    page.goto(f"{site_url}index.html#/chessboard/1")
    wait_ready(page)
    page.wait_for_selector('#verdict[data-result="lost"]', state="attached", timeout=WORKER_MS)
    act(page, "show-me")
    assert "cannot be won" in page.locator("#notice").text_content()
    assert page.locator("#show-me").is_hidden()
    assert saved_moves(page, "chessboard") == ["t3-f4"]


def test_show_me_out_of_time_offers_a_longer_search_once(page, site_url):
    # No deal of Soother is decided in a second, nor in ten (docs/winnability.md).
    page.goto(f"{site_url}index.html#/soother/1")
    wait_ready(page)
    page.wait_for_selector('#verdict[data-result="unknown"]', state="attached", timeout=WORKER_MS)
    act(page, "show-me")
    offer = page.locator('#toast-action[data-action="show-me-longer"]')
    offer.wait_for(state="visible", timeout=WORKER_MS)
    assert "in a second's search" in page.locator("#notice").text_content()
    assert offer.text_content() == "Search longer"
    offer.click()
    page.wait_for_function("document.getElementById('status').textContent.includes('ten seconds')")
    page.wait_for_function(
        "document.getElementById('notice').textContent.includes(\"in ten seconds' search\")",
        timeout=WORKER_MS)
    # said once: no second offer, nothing played
    assert page.locator("#toast-action").is_hidden()
    assert (stored(page, "castling:save:soother") or {"moves": []})["moves"] == []
    assert page.locator("#show-me").is_hidden()
