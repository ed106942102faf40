"""A win worth seeing (issue 25), in Chromium against the built site: the
foundation cards' celebration (data-celebration), skipped by a key or a tap
that reaches nothing under it; none under reduced motion or at speed "off";
and the summary's lines for what was special — a new best time and fewest
moves, the wins in a row, a first win — shown when true and not otherwise."""

from castling import GAMES, parse_move

from browser_helpers import WINS, act, choose, store, stored, tap_move, wait_ready

#: Records whether a celebration ever showed (from before the winning move).
WATCH = """() => { window.celebrated = false;
    new MutationObserver(() => { if (document.querySelector('[data-celebration]')) window.celebrated = true; })
        .observe(document.body, {childList: true, subtree: true, attributes: true}); }"""


def one_move_from_winning(page, game_id: str, stats: dict) -> list[str]:
    """Open ``game_id``'s winning line with all but its last move played (62 s on
    the clock) over the statistics ``stats``; its moves."""
    win = WINS[game_id]
    token = f"win-{game_id}"
    store(page, f"castling:save:{game_id}", {"format": 1, "game": game_id, "deal": win["deal"],
                                             "moves": win["moves"][:-1], "seconds": 62,
                                             "counted": True, "won": False, "token": token})
    store(page, "castling:stats", {game_id: {**stats, "current": {"token": token, "counted": True,
                                                                   "won": False}}})
    page.evaluate("link => { location.hash = link }", f"#/{game_id}/{win['deal']}")
    page.wait_for_selector(f'#board[data-game="{game_id}"]')
    page.evaluate(WATCH)
    return win["moves"]


def win(page, game_id: str) -> None:
    rules = GAMES[game_id]
    tap_move(page, rules, parse_move(rules, WINS[game_id]["moves"][-1]))


def news(page) -> list[str]:
    return page.locator("#win-news li").all_text_contents()


def summary_has_focus(page) -> bool:
    return page.evaluate("!!document.activeElement.closest('#win-dialog[open]')")


def test_a_win_is_celebrated_and_a_key_or_a_tap_skips_to_the_summary(page, site_url):
    page.emulate_media(reduced_motion="no-preference")
    page.goto(f"{site_url}index.html#/chessboard/1")
    wait_ready(page)
    # Three wins before, the best 1:40 and 12 moves more than this line, two in a row.
    moves = one_move_from_winning(page, "fortress", {
        "played": 5, "won": 3, "streak": 2, "best_streak": 3, "best_seconds": 100,
        "fewest_moves": len(WINS["fortress"]["moves"]) + 12})
    win(page, "fortress")
    page.wait_for_selector("[data-celebration] .card[data-card]")     # the cards fly
    assert page.locator("#win-dialog[open]").count() == 0
    assert "You won!" in page.locator("#announce").text_content()
    page.keyboard.press("n")            # N is New deal: the skip must be all it does
    page.wait_for_selector("#win-dialog[open]")
    assert page.locator("[data-celebration]").count() == 0
    assert summary_has_focus(page)
    assert stored(page, "castling:save:fortress")["moves"] == moves      # no new deal
    lines = news(page)
    assert len(lines) == 3, lines
    assert lines[0].startswith("New best time: 1:0") and lines[0].endswith("(was 1:40)")
    assert lines[1:] == [f"New fewest moves: {len(moves)} (was {len(moves) + 12})",
                         "3 wins in a row"]
    page.locator("#win-dialog button[value=close]").click()

    # A first win, skipped by a tap right on the toolbar's New deal button.
    moves = one_move_from_winning(page, "morphy", {"played": 1})
    new_deal = page.locator('.controls [data-action="new"]').bounding_box()
    win(page, "morphy")
    page.wait_for_selector("[data-celebration]")
    page.mouse.click(new_deal["x"] + new_deal["width"] / 2, new_deal["y"] + new_deal["height"] / 2)
    page.wait_for_selector("#win-dialog[open]")
    assert page.locator("[data-celebration]").count() == 0 and summary_has_focus(page)
    assert stored(page, "castling:save:morphy")["moves"] == moves
    assert news(page) == ["Your first win at Morphy"]       # no "new best", no run of one


def test_no_celebration_under_reduced_motion_or_at_speed_off(page, site_url):
    page.goto(f"{site_url}index.html#/chessboard/1")        # (reduced motion: the fixture's)
    wait_ready(page)
    # A win that beats nothing, after a run broken: nothing special to say.
    one_move_from_winning(page, "fortress", {"played": 5, "won": 3, "streak": 0, "best_streak": 3,
                                             "best_seconds": 10, "fewest_moves": 10})
    win(page, "fortress")
    page.wait_for_selector("#win-dialog[open]")
    assert not page.evaluate("window.celebrated")
    assert news(page) == [] and page.locator("#win-news").is_hidden()
    assert "moves in 1:0" in page.locator("#win-summary").text_content()
    page.locator("#win-dialog button[value=close]").click()

    page.emulate_media(reduced_motion="no-preference")
    act(page, "settings")
    choose(page, "#speed", "off")
    page.locator("#settings-dialog button[value=close]").click()
    one_move_from_winning(page, "morphy", {"played": 1})
    win(page, "morphy")
    page.wait_for_selector("#win-dialog[open]")
    assert not page.evaluate("window.celebrated")
    assert summary_has_focus(page)
