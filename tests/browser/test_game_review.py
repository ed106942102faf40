"""The review (issue 51), played as a player would: a winnable deal played into a
loss, the review names the move where the engine's own verdicts turn (checked here
in CPython), and Try from here plays on from the position before it; its entries
are words, its turning point said, the replay's slider marked, and a game given up
for a new deal is reviewed from the toast (the accessibility audit of the review
is test_accessibility.py's)."""

from castling import GAMES, Game, parse_move
from castling.search.solver import solve

from browser_helpers import act, dom_piles, settle, shown_as_dom, stored, tap_move, wait_ready

WORKER_MS = 60_000      # the worker boots its own Python after the board is ready
#: Beleaguered Castle #2: its third move, t2-t5, loses the win (tests/engine/test_cli.py).
GAME, DEAL = "beleaguered-castle", 2
#: (Tapped as a player would; the game can no longer be won after the third.)
LOST = ["t5-t3", "t5-t7", "t2-t5"]


def engine_verdicts(moves: list[str]) -> list[str]:
    """The engine's own verdict on each position of the game, solved one by one."""
    game = Game(GAMES[GAME], DEAL)
    verdicts = [solve(game.position.copy(), 200_000).result]
    for move in moves:
        game.play(move)
        verdicts.append(solve(game.position.copy(), 200_000).result)
    return verdicts


def play_into_a_loss(page, site_url) -> list[str]:
    """The deal played by taps until the solver says it is lost; the moves the
    game holds (the safe ones auto-played among them)."""
    rules = GAMES[GAME]
    page.goto(f"{site_url}index.html#/{GAME}/{DEAL}")
    wait_ready(page)
    for move in LOST:
        tap_move(page, rules, parse_move(rules, move))
    page.wait_for_selector('#verdict[data-result="lost"]', timeout=WORKER_MS)
    played = stored(page, f"castling:save:{GAME}")["moves"]
    assert played[:len(LOST)] == LOST
    return played


def test_a_game_played_into_a_loss_is_reviewed_to_the_move_that_lost_it(page, site_url):
    rules = GAMES[GAME]
    played = play_into_a_loss(page, site_url)
    page.locator('#verdict [data-action="review"]').click()
    review = page.locator("[data-review]")
    review.wait_for(state="visible")
    page.wait_for_selector('#review-dialog[data-state="done"]', timeout=WORKER_MS)
    verdicts = engine_verdicts(played)
    turn = verdicts.index("lost")
    assert verdicts[:turn] == ["won"] * turn and set(verdicts[turn:]) == {"lost"}
    entries = page.locator("#review-moves [data-move]")
    assert entries.count() == len(played) + 1
    assert [entries.nth(n).get_attribute("data-verdict") for n in range(len(played) + 1)] == verdicts
    turning = page.locator("#review-moves [data-turning-point]")
    assert turning.count() == 1 and turning.get_attribute("data-move") == str(turn)
    assert turning.text_content().startswith(f"Move {turn}: ")
    assert f"move {turn}" in page.locator("#review-summary").text_content()
    assert page.locator("#announce").text_content() == page.locator("#review-summary").text_content()
    words = page.locator("#review-turn-words").text_content()
    assert words.startswith(f"Move {turn}, ") and "would have kept the game winnable" in words
    assert page.locator('#review-board .played-from[data-mini-pile="t2"]').count() == 1
    # Try from here: the deal again, the moves before the turning point played.
    page.locator('[data-action="review-try"]').click()
    review.wait_for(state="hidden")
    game, problem = Game.replay(rules, DEAL, played[:turn - 1])
    assert problem is None
    page.wait_for_function("n => document.getElementById('move-counter').textContent.includes(n)",
                           arg=str(turn - 1))
    settle(page)
    assert dom_piles(page) == shown_as_dom(game.position.to_piles())
    saved = stored(page, f"castling:save:{GAME}")
    assert saved["moves"] == played[:turn - 1] and saved.get("helped") is True


def test_an_entry_shows_its_position_in_the_replay_with_the_verdicts_on_its_slider(page, site_url):
    played = play_into_a_loss(page, site_url)
    act(page, "review")
    page.wait_for_selector('#review-dialog[data-state="done"]', timeout=WORKER_MS)
    # A keyboard player reaches the entries and opens one.
    entry = page.locator('#review-moves [data-move="2"] button')
    entry.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-replay]")
    assert page.locator("#replay-counter").get_attribute("data-replay-step") == "2"
    marks = page.locator("#replay-marks i")
    assert marks.count() == len(played) + 1
    assert [marks.nth(n).get_attribute("data-verdict") for n in (0, len(played))] == ["won", "lost"]
    # The replay's own Review button reviews the same game: no question asked again.
    page.locator('#replay [data-action="review"]').click()
    page.wait_for_selector('#review-dialog[data-state="done"]')
    page.keyboard.press("Escape")
    page.locator('[data-action="replay-close"]').click()


def test_a_game_given_up_for_a_new_deal_is_reviewed_from_the_toast(page, site_url):
    played = play_into_a_loss(page, site_url)
    act(page, "new")
    offer = page.locator('#toast-action-2[data-action="review-given-up"]')
    offer.wait_for(state="visible")
    assert page.locator('#toast-action[data-action="keep-game"]').is_visible()
    offer.click()
    page.wait_for_selector('#review-dialog[data-state="done"]', timeout=WORKER_MS)
    # The game given up, not the new deal on the table.
    entries = page.locator("#review-moves [data-move]")
    assert entries.count() == len(played) + 1
    turn = engine_verdicts(played).index("lost")
    assert page.locator("#review-moves [data-turning-point]").get_attribute("data-move") == str(turn)
