"""Nothing lost by a stray tap (issue #25), in Chromium against the built site:
New deal, Restart, Today's deal and a link to another deal, with a game in
progress, offer it back in one tap (data-action="keep-game"); taking the offer
leaves every stored key byte for byte as it was and the table as it was;
letting it pass counts the game as lost exactly once. Switching game loses
nothing. Calm mode hides the clock and the move count, and they still count."""


import pytest

from castling import GAMES, Game

from browser_helpers import (WINS, a_single_card_move, act, dom_piles, store, stored, tap_move,
                             wait_ready)

KEEP = '#toast:not([hidden]) [data-action="keep-game"]'
#: a record with a run of three wins, so that a loss shows in the streak
STATS = {"fortress": {"played": 4, "won": 3, "streak": 3, "best_streak": 3}}


def everything(page) -> dict:
    """Every castling: key as stored, as text."""
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(key => key.startsWith('castling:')).map(key => [key, localStorage.getItem(key)]))""")


def still_clock(page) -> None:
    """The page counts as not seen, so the game's clock (which writes the save
    every 5 s) stands still and the stored texts can be compared byte for byte."""
    page.evaluate("() => Object.defineProperty(document, 'hidden', {get: () => true, configurable: true})")


def playing(page, site_url, deal: int = 5) -> None:
    """Fortress ``deal`` with two moves played by taps, after a run of wins."""
    store(page, "castling:settings", {"tap": "two", "one_tap": False, "autoplay": False})
    store(page, "castling:stats", STATS)
    page.goto(f"{site_url}index.html#/fortress/{deal}")
    wait_ready(page)
    rules = GAMES["fortress"]
    for count in (1, 2):
        game, _ = Game.replay(rules, deal, stored(page, "castling:save:fortress")["moves"])
        tap_move(page, rules, a_single_card_move(game.position))
        page.wait_for_function(
            "n => JSON.parse(localStorage.getItem('castling:save:fortress')).moves.length === n", arg=count)
    still_clock(page)


def to_another_deal(page) -> None:
    page.evaluate("location.hash = '#/fortress/6'")


WAYS = {"new": lambda page: act(page, "new"), "restart": lambda page: act(page, "restart"),
        "daily": lambda page: act(page, "daily"), "link": to_another_deal}


@pytest.mark.parametrize("way", WAYS)
def test_the_offer_taken_leaves_everything_as_it_was(page, site_url, way):
    playing(page, site_url)
    before, table = everything(page), dom_piles(page)
    WAYS[way](page)
    page.wait_for_selector(KEEP)
    assert dom_piles(page) != table
    if way != "restart":
        assert "counts as lost" in page.locator("#notice").text_content()
    page.click(KEEP)
    page.wait_for_function("() => location.hash === '#/fortress/5'")
    assert everything(page) == before
    assert dom_piles(page) == table
    assert page.locator("#toast").is_hidden()
    # and the game goes on as the same game: a reload finds it, counted once
    page.reload()
    wait_ready(page)
    assert dom_piles(page) == table and everything(page) == before


def test_a_link_to_another_game_with_a_game_in_progress_offers_that_one_back(page, site_url):
    playing(page, site_url)
    page.evaluate("location.hash = '#/chessboard/1'")
    page.wait_for_function("document.getElementById('board').dataset.game === 'chessboard'")
    still_clock(page)
    before = everything(page)
    page.evaluate("location.hash = '#/fortress/6'")
    page.wait_for_selector(KEEP)
    page.click(KEEP)
    page.wait_for_function("() => location.hash === '#/fortress/5'")
    after = everything(page)
    assert after["castling:save:fortress"] == before["castling:save:fortress"]
    assert after["castling:stats"] == before["castling:stats"]


def test_the_offer_let_pass_counts_the_game_as_lost_once(page, site_url):
    playing(page, site_url)
    act(page, "new")
    page.wait_for_selector(KEEP)
    page.wait_for_selector("#toast[hidden]", state="attached", timeout=9_000)     # after 6 s
    stats = stored(page, "castling:stats")["fortress"]
    assert (stats["played"], stats["won"], stats["streak"], stats["best_streak"]) == (5, 3, 0, 3)
    assert [day["played"] for day in stats["history"]] == [1] and stats["current"] == {}
    page.reload()
    wait_ready(page)
    act(page, "new")            # leaving the fresh deal counts nothing more, offers nothing
    page.wait_for_function("() => location.hash !== ''")
    assert stored(page, "castling:stats")["fortress"] == stats
    assert page.locator(KEEP).count() == 0


def test_a_move_on_the_new_deal_ends_the_offer(page, site_url):
    rules = GAMES["fortress"]
    for _ in range(5):          # a new deal is random: once in a while one with no move at all
        page.goto(f"{site_url}help/index.html")
        page.evaluate("localStorage.clear()")
        playing(page, site_url)
        act(page, "new")
        page.wait_for_selector(KEEP)
        number = stored(page, "castling:save:fortress")["deal"]
        if Game(rules, number).position.legal_moves():
            break
    tap_move(page, rules, a_single_card_move(Game(rules, number).position))
    page.wait_for_selector("#toast[hidden]", state="attached")
    assert stored(page, "castling:save:fortress")["deal"] == number


def test_switching_game_loses_nothing_and_offers_nothing(page, site_url):
    playing(page, site_url)
    before = everything(page)
    page.select_option("#game-select", "chessboard")
    page.wait_for_function("document.getElementById('board').dataset.game === 'chessboard'")
    assert page.locator(KEEP).count() == 0
    assert everything(page)["castling:save:fortress"] == before["castling:save:fortress"]
    page.select_option("#game-select", "fortress")
    page.wait_for_function("document.getElementById('board').dataset.game === 'fortress'")
    assert everything(page)["castling:save:fortress"] == before["castling:save:fortress"]


def test_calm_hides_the_clock_and_the_count_and_they_still_count(page, site_url):
    win = WINS["fortress"]
    save = {"format": 1, "game": "fortress", "deal": win["deal"], "moves": win["moves"][:-1],
            "seconds": 42}
    store(page, "castling:save:fortress", save)
    store(page, "castling:settings", {"autoplay": False})
    page.goto(f"{site_url}index.html#/fortress/{win['deal']}")
    wait_ready(page)
    assert page.locator("#timer").is_visible() and page.locator("#move-counter").is_visible()
    act(page, "settings")
    page.check('[data-setting="calm"]')
    page.keyboard.press("Escape")
    for hidden in ("#timer", "#move-counter", ".counters"):
        assert page.locator(hidden).is_hidden(), hidden
    assert stored(page, "castling:settings")["calm"] is True
    page.reload()
    wait_ready(page)
    assert page.locator("#timer").is_hidden() and page.locator("#move-counter").is_hidden()
    game, _ = Game.replay(GAMES["fortress"], win["deal"], win["moves"][:-1])
    from castling import parse_move
    tap_move(page, GAMES["fortress"], parse_move(GAMES["fortress"], win["moves"][-1]))
    page.wait_for_selector("#win-dialog[open]")
    stats = stored(page, "castling:stats")["fortress"]
    assert stats["won"] == 1 and stats["fewest_moves"] == len(win["moves"])
    assert stats["best_seconds"] is not None and stats["best_seconds"] >= 42
