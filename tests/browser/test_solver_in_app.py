"""The solver in its worker: hints that come from it and play, the "can no longer
be won" message with undo to the last winnable position, winnable deals only."""

from castling import GAMES, Game, Position, parse_move
from castling.search.solver import solve

from browser_helpers import DIST, act, stored, tap_move, wait_ready, watched
from support import QuietHandler, serve


WORKER_MS = 60_000      # the worker boots its own Python after the board is ready


def wait_for_verdict(page, result: str) -> None:
    page.wait_for_selector(f'#verdict[data-result="{result}"]', state="attached",
                           timeout=WORKER_MS)


def hinted_move(page) -> str:
    """The hinted move, in notation (the player reads it in words)."""
    return page.locator("#status").get_attribute("data-move")


def test_hints_come_from_the_worker_and_keep_the_game_winnable(page, site_url):
    rules = GAMES["morphy"]
    page.goto(f"{site_url}index.html#/morphy/3")
    wait_ready(page)
    wait_for_verdict(page, "won")
    # the worker searches with the compiled core build.py ships
    assert page.locator("#verdict").get_attribute("data-search") == "core"
    for _ in range(6):
        act(page, "hint")
        page.wait_for_selector('#status[data-hint="solver"]', timeout=WORKER_MS)
        assert "keeps the game winnable" in page.locator("#status").text_content()
        assert page.locator(".card.hint-from").count() >= 1
        move = hinted_move(page)
        before = len(stored(page, "castling:save:morphy")["moves"])
        tap_move(page, rules, parse_move(rules, move))
        # the hinted move, perhaps followed by cards auto-played home
        assert stored(page, "castling:save:morphy")["moves"][before] == move
        page.evaluate("document.getElementById('status').removeAttribute('data-hint')")
        # the worker judges the new position before the next hint
        wait_for_verdict(page, "won")
    moves = stored(page, "castling:save:morphy")["moves"]
    assert len(moves) >= 6
    game, problem = Game.replay(rules, 3, moves)
    assert problem is None and solve(game.position, 60_000).result == "won"


def test_a_lost_position_is_announced_and_undone_to_the_last_winnable_one(page, site_url):
    rules = GAMES["chessboard"]
    page.goto(f"{site_url}index.html#/chessboard/1")
    wait_ready(page)
    wait_for_verdict(page, "won")
    assert page.locator("#verdict").is_hidden()
    tap_move(page, rules, parse_move(rules, "t3-f4"))   # this base rank loses deal 1
    page.wait_for_selector("#verdict:not([hidden])", timeout=WORKER_MS)
    assert "can no longer be won" in page.locator("#verdict").text_content()
    page.click('[data-action="rewind"]')
    page.wait_for_function("document.getElementById('move-counter').textContent === '0 moves'",
                           timeout=WORKER_MS)
    assert stored(page, "castling:save:chessboard")["moves"] == []
    assert page.locator('[data-action="redo"]').is_enabled()
    wait_for_verdict(page, "won")
    assert page.locator("#verdict").is_hidden()


def board_place(page) -> dict:
    return page.evaluate("""() => { const box = document.getElementById('board').getBoundingClientRect();
                                    return {top: box.top, height: box.height}; }""")


def test_the_verdict_floats_over_the_table_and_closes_to_play_on(page, site_url):
    rules = GAMES["chessboard"]
    page.goto(f"{site_url}index.html#/chessboard/1")
    wait_ready(page)
    tap_move(page, rules, parse_move(rules, "t3-f4"))   # this base rank loses deal 1
    before = board_place(page)                          # (the base named above the table)
    page.wait_for_selector("#verdict:not([hidden])", timeout=WORKER_MS)
    # It came without moving the table (a card held or dragged stays where it is).
    assert board_place(page) == before
    box = page.locator("#verdict").bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"]
    close = page.locator('#verdict [data-action="close-verdict"]')
    assert close.get_attribute("aria-label") == "Close the message"
    close.click()
    assert page.locator("#verdict").is_hidden()
    # The player plays on: the next position is lost too, and nothing is said again.
    game, _ = Game.replay(rules, 1, stored(page, "castling:save:chessboard")["moves"])
    tap_move(page, rules, game.position.legal_moves()[0])
    assert len(stored(page, "castling:save:chessboard")["moves"]) >= 2
    wait_for_verdict(page, "lost")          # (the verdict on the new position: "" until it came)
    assert page.locator("#verdict").is_hidden()


def test_winnable_deals_only_deals_a_proved_winnable_deal(page, site_url):
    rules = GAMES["fortress"]          # about four deals in five cannot be won
    page.goto(f"{site_url}index.html#/fortress/1")
    wait_ready(page)
    act(page, "settings")
    assert page.locator("#winnable-label").text_content().startswith("New deals of Fortress only")
    page.locator("#winnable-only").check()
    page.locator("#settings-dialog button[value=close]").click()
    assert stored(page, "castling:settings")["winnable_only"] == ["fortress"]
    for _ in range(2):
        act(page, "new")
        page.wait_for_function(
            "document.getElementById('notice').textContent.includes('proved it can be won')",
            timeout=WORKER_MS)
        number = int(page.evaluate("location.hash").split("/")[-1])
        assert solve(Position.deal(rules, number), 200_000).result == "won"
        page.evaluate("document.getElementById('notice').textContent = ''")
    page.reload()
    wait_ready(page)
    act(page, "settings")
    assert page.locator("#winnable-only").is_checked()


SILENT_WORKER = b'''import json

def load_core(url):
    return "this worker has no core"

def ask(request_json):
    print("the worker was asked")
    return json.dumps({"error": "this worker never answers"})

__export__ = ["load_core", "ask"]
'''


def test_a_worker_that_never_answers_is_asked_once_per_position(browser, site_url):
    """Hint falls back to the baseline hint, and does not ask again and again."""
    context = browser.new_context(service_workers="block")   # so the route serves the worker
    context.route("**/solver_worker.py", lambda route: route.fulfill(
        body=SILENT_WORKER, content_type="text/x-python"))
    page = context.new_page()
    asked = []
    page.on("console", lambda message: "the worker was asked" in message.text
            and asked.append(message.text))
    page.goto(f"{site_url}index.html#/morphy/3")
    wait_ready(page)
    deadline = WORKER_MS
    while not asked and deadline > 0:          # the worker boots, then judges the deal
        page.wait_for_timeout(250)
        deadline -= 250
    assert asked, "the stand-in worker was never asked"
    act(page, "hint")
    assert page.locator("#status").get_attribute("data-hint") == "baseline"
    page.wait_for_timeout(3000)
    context.close()
    assert len(asked) <= 2, f"asked {len(asked)} times about one position"


def test_a_failed_start_of_the_worker_is_tried_again_and_the_verdict_comes(browser, site_url):
    """The worker's first start fails (its script dies as it loads, as a load cut
    short leaves it): meanwhile Hint says its hint is the simple one; after a
    pause the worker is started again, comes up, and judges with the core."""
    context = browser.new_context(service_workers="block")   # so the route serves the worker
    starts = []

    def serve_worker(route):
        starts.append(route.request.url)
        if len(starts) == 1:
            route.fulfill(body=b'raise RuntimeError("the first start is killed")\n',
                          content_type="text/x-python")
        else:
            route.continue_()

    context.route("**/solver_worker.py", serve_worker)
    page = context.new_page()
    page.goto(f"{site_url}index.html#/morphy/3")
    wait_ready(page)
    act(page, "hint")
    assert page.locator("#status").get_attribute("data-hint") == "baseline"
    assert page.locator("#status").text_content().endswith(
        "(A simple hint: the solver is still starting.)")
    page.wait_for_function("['won', 'lost', 'unknown'].includes("
                           "document.getElementById('verdict').dataset.result)", timeout=WORKER_MS)
    assert len(starts) == 2
    assert page.locator("#verdict").get_attribute("data-search") == "core"
    act(page, "hint")
    page.wait_for_function("document.getElementById('status').dataset.hint === 'solver'")
    assert "simple hint" not in page.locator("#status").text_content()
    context.close()


class DamagedCoreHandler(QuietHandler):
    """The site, but its compiled core cut short, as a broken download leaves it."""

    def do_GET(self) -> None:
        if self.path.split("?")[0].endswith("/castling-core.wasm"):
            body = (DIST / "castling-core.wasm").read_bytes()[:100]
            self.send_response(200)
            self.send_header("Content-Type", "application/wasm")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def test_a_core_that_will_not_load_leaves_the_python_search_answering(browser):
    with serve(DIST, DamagedCoreHandler) as url:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page, check = watched(context, url)
        logged = []
        page.on("console", lambda message: logged.append(message.text))
        page.goto(f"{url}index.html#/chessboard/1")
        wait_ready(page)
        wait_for_verdict(page, "won")
        assert page.locator("#verdict").get_attribute("data-search") == "python"
        # said where a developer looks, and the game plays on
        assert any("search core did not load" in text for text in logged), logged
        act(page, "hint")
        page.wait_for_selector('#status[data-hint="solver"]', timeout=WORKER_MS)
        check()
        context.close()
