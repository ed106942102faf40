"""Deal links (good, bad, changed in place) and a win reaching the statistics."""

import json

from castling import GAMES, Game, Position

from browser_helpers import (WINS, act, assert_playable, dom_piles, foreign_elements, settle,
                             shown_as_dom, stored, tap_move, wait_ready)



BAD = ["#/nosuchgame/5", "#/chessboard/0", "#/morphy/100000000000000000000",
       "#/martha/12abc", "#/chessboard/1/2", "#/<img src=x onerror=alert(1)>/3",
       "#/chessboard/%3Cscript%3Ealert(1)%3C%2Fscript%3E"]


def test_a_bad_link_on_arrival_shows_a_message_and_a_playable_game(page, site_url):
    page.goto(f"{site_url}index.html#/nosuchgame/5")
    wait_ready(page)
    notice = page.locator("#notice")
    assert notice.is_visible() and "game we do not have" in notice.text_content()
    assert_playable(page)
    assert page.evaluate("location.hash").startswith("#/chessboard/")


def test_bad_links_while_playing_keep_the_game_and_inject_nothing(page, site_url):
    page.goto(f"{site_url}index.html#/fortress/40000")
    wait_ready(page)
    elements = page.evaluate("document.querySelectorAll('*').length")
    for fragment in BAD:
        page.evaluate("fragment => { location.hash = fragment }", fragment)
        page.wait_for_function("text => document.getElementById('notice').textContent.includes(text)",
                               arg="Here is Fortress deal #40000 instead")
        page.evaluate("() => { document.getElementById('notice').textContent = '' }")
        assert dom_piles(page) == shown_as_dom(Position.deal(GAMES["fortress"], 40000).to_piles())
        assert foreign_elements(page) == 0
    assert page.evaluate("document.querySelectorAll('*').length") == elements


def test_changing_the_link_switches_deal_without_reloading(page, site_url):
    page.goto(f"{site_url}index.html#/chessboard/1")
    wait_ready(page)
    page.evaluate("window.stillTheSamePage = true")
    page.evaluate("location.hash = '#/morphy/5'")
    page.wait_for_function("document.getElementById('board').dataset.game === 'morphy'")
    assert page.evaluate("window.stillTheSamePage") is True
    assert dom_piles(page) == shown_as_dom(Position.deal(GAMES["morphy"], 5).to_piles())
    assert page.locator("#deal-label").text_content() == "Deal #5"


def test_winning_the_last_move_updates_the_statistics(page, site_url):
    """In every game with a winning line: a save one move short of the win,
    opened by its deal link (in one page, one game after another), and the last
    move played by tap; the win is counted."""
    from castling import parse_move
    page.goto(f"{site_url}index.html#/chessboard/1")
    wait_ready(page)
    for game_id, win in sorted(WINS.items()):
        rules = GAMES[game_id]
        save = {"format": 1, "game": game_id, "deal": win["deal"], "moves": win["moves"][:-1],
                "seconds": 61, "counted": True, "won": False}
        stats = {game_id: {"played": 1, "won": 0, "streak": 0, "best_streak": 0,
                           "best_seconds": None, "fewest_moves": None}}
        page.evaluate("([key, save, stats]) => { localStorage.setItem(key, save);"
                      " localStorage.setItem('castling:stats', stats) }",
                      [f"castling:save:{game_id}", json.dumps(save), json.dumps(stats)])
        page.evaluate("link => { location.hash = link; }", f"#/{game_id}/{win['deal']}")
        page.wait_for_selector(f'#board[data-game="{game_id}"]')
        game, _ = Game.replay(rules, win["deal"], win["moves"][:-1])
        assert dom_piles(page) == shown_as_dom(game.position.to_piles()), game_id
        settle(page)
        tap_move(page, rules, parse_move(rules, win["moves"][-1]))
        dialog = page.locator("#win-dialog")
        dialog.wait_for(state="visible")
        assert f"{len(win['moves'])} moves" in dialog.text_content(), game_id
        dialog.locator("button[value=close]").click()
        act(page, "stats")
        row = page.locator(f'#stats-table tr[data-game="{game_id}"] td')
        assert row.all_text_contents()[:5] == [rules.name, "1", "1", "0", "100%"], game_id
        assert stored(page, "castling:stats")[game_id]["won"] == 1
        page.keyboard.press("Escape")
        page.locator("#stats-dialog").wait_for(state="hidden")


def test_finish_sends_every_remaining_card_home(page, site_url):
    win = WINS["chequers"]
    rules = GAMES["chequers"]
    from castling import auto_finish
    # Back up from the win to the first position from which foundation moves alone finish.
    keep = len(win["moves"])
    while keep > 0:
        game, _ = Game.replay(rules, win["deal"], win["moves"][:keep - 1])
        if auto_finish(game.position) is None:
            break
        keep -= 1
    save = {"format": 1, "game": "chequers", "deal": win["deal"], "moves": win["moves"][:keep]}
    page.goto(f"{site_url}help/index.html")
    page.evaluate("save => localStorage.setItem('castling:save:chequers', save)", json.dumps(save))
    page.goto(f"{site_url}index.html#/chequers/{win['deal']}")
    wait_ready(page)
    assert page.is_enabled('[data-action="finish"]')
    act(page, "finish")
    page.locator("#win-dialog").wait_for(state="visible")
    assert all(not cards for name, cards in dom_piles(page).items() if name[0] != "f")
