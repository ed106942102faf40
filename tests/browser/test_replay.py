"""Replay links in the app (issue 15): "Share how I played" after a real game,
the viewer in a fresh browser (step, slide, play and pause, keys), "Play from
here", the player's own save left alone, and damaged replay links."""


from castling import GAMES, Game, Position, format_move
from castling.app.deals.replay_links import replay_link

from browser_helpers import (WINS, act, dom_piles, foreign_elements, shown_as_dom, stored,
                             tap_move, wait_ready)


STEP = "[data-replay] [data-replay-step]"


def shown_step(page) -> int:
    return int(page.get_attribute(STEP, "data-replay-step"))


def everything_stored(page) -> dict:
    return page.evaluate("() => ({...localStorage})")


def engine_table(game_id: str, number: int, moves) -> dict:
    game = Game(GAMES[game_id], number)
    for move in moves:
        game.play(move)
    return shown_as_dom(game.position.to_piles())


def test_a_real_games_replay_link_opens_in_a_fresh_browser_and_plays_on_from_a_move(
        page, first_visit_page, site_url):
    # A player plays the start of a Fortress deal by tapping (auto-play sends
    # what it may home, so a move of the line it already played is skipped).
    player, rules, win = page, GAMES["fortress"], WINS["fortress"]
    page = first_visit_page            # the friend the link is sent to
    player.goto(f"{site_url}index.html#/fortress/{win['deal']}")
    wait_ready(player)
    assert player.is_disabled('.controls [data-action="share-replay"]')   # no moves yet
    for text in win["moves"][:16]:
        save = stored(player, "castling:save:fortress")
        game, _ = Game.replay(rules, win["deal"], save["moves"])
        move = next((m for m in game.legal_moves() if format_move(rules, m) == text), None)
        if move is not None:
            tap_move(player, rules, move)
            player.wait_for_timeout(350)             # two quick taps would be a double tap
    moves = stored(player, "castling:save:fortress")["moves"]
    assert len(moves) >= 8
    act(player, "share-replay")
    link = player.get_attribute('[data-action="share-replay"]', "data-link")
    assert link.startswith(f"{site_url}index.html#/fortress/{win['deal']}/replay/1")
    assert link in player.locator("#notice").text_content()
    assert player.evaluate("location.hash") == f"#/fortress/{win['deal']}"   # still the game

    # In a fresh browser the link opens the viewer at the deal, and its last
    # move shows the table the engine gets from the saved moves.
    page.goto(link)
    wait_ready(page)
    page.wait_for_selector(STEP)
    assert shown_step(page) == 0
    assert page.locator("#replay-counter").text_content() == f"Move 0 of {len(moves)}"
    assert dom_piles(page) == engine_table("fortress", win["deal"], [])
    page.keyboard.press("End")
    assert shown_step(page) == len(moves)
    assert dom_piles(page) == engine_table("fortress", win["deal"], moves)
    assert page.is_disabled('[data-action="replay-forward"]')
    assert stored(page, "castling:save:fortress") is None         # nothing saved of it

    # Back to move 5 (the slider, then a button), then play on from there.
    page.eval_on_selector("#replay-slider", """slider => { slider.value = '6';
        slider.dispatchEvent(new Event('input', {bubbles: true})) }""")
    assert shown_step(page) == 6
    page.click('[data-action="replay-back"]')
    assert shown_step(page) == 5
    assert dom_piles(page) == engine_table("fortress", win["deal"], moves[:5])
    page.click('[data-action="replay-take"]')
    assert page.locator("[data-replay]").count() == 0
    assert stored(page, "castling:save:fortress")["moves"] == moves[:5]
    assert page.evaluate("location.hash") == f"#/fortress/{win['deal']}"
    assert page.locator(".controls").evaluate("bar => bar.inert") is False
    act(page, "redo")                  # the replay's next move waits there
    assert stored(page, "castling:save:fortress")["moves"] == moves[:6]


def test_watching_a_replay_leaves_the_players_game_alone(page, site_url):
    win = WINS["chessboard"]
    page.goto(f"{site_url}index.html#/chessboard/1")
    wait_ready(page)
    rules = GAMES["chessboard"]
    own = Position.deal(rules, 1)
    tap_move(page, rules, next(m for m in sorted(own.legal_moves())
                               if m[2] == 1 and m[1] < rules.tableau.piles))
    kept = everything_stored(page)
    table = dom_piles(page)

    code = replay_link(rules, win["deal"], Game.replay(rules, win["deal"], win["moves"][:20])[0].moves)
    page.evaluate("link => { location.hash = link }", code)
    page.wait_for_selector(STEP)
    assert page.locator("#replay-title").text_content() == f"Replay of Chessboard deal #{win['deal']}"
    # The header's moves and clock are the player's game's: out of sight meanwhile.
    assert page.locator(".counters").is_hidden()

    # Play at the fastest speed, pause, and it stays paused.
    page.select_option("#replay-speed", "fast")
    page.click('[data-action="replay-play"]')
    assert page.get_attribute('[data-action="replay-play"]', "aria-pressed") == "true"
    page.wait_for_function(f"Number(document.querySelector('{STEP}').dataset.replayStep) >= 3")
    page.click('[data-action="replay-play"]')
    paused = shown_step(page)
    page.wait_for_timeout(800)
    assert shown_step(page) == paused and 3 <= paused < 20
    assert dom_piles(page) == engine_table("chessboard", win["deal"], win["moves"][:paused])

    # Keys step through the moves, and each move is said.
    page.focus('[data-action="replay-play"]')
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == paused + 1
    assert page.locator("#announce").text_content().startswith(f"Move {paused + 1} of 20: ")
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == paused
    # The game's own keys and the table do nothing to the player's game meanwhile.
    for key in ("u", "n", "f", "Control+z"):
        page.keyboard.press(key)
    names = rules.pile_names
    for name in (names[0], names[1], names[0]):         # tap, tap: a move, were it the game
        page.locator(f'[data-pile="{name}"]').click()
        page.wait_for_timeout(350)
    assert page.locator(".selected, .target").count() == 0
    assert everything_stored(page) == kept

    # Played to the end, then back to the player's game as they left it.
    page.keyboard.press("End")
    assert shown_step(page) == 20
    assert page.locator("#announce").text_content() == "Move 20 of 20."
    page.click('[data-action="replay-close"]')
    assert page.locator("[data-replay]").count() == 0
    assert page.locator("#move-counter").text_content() == "1 move"
    assert page.locator(".counters").is_visible()
    assert page.evaluate("location.hash") == "#/chessboard/1"
    assert dom_piles(page) == table
    assert everything_stored(page) == kept


def test_damaged_replay_links_replay_what_is_legal_and_lose_nothing(page, site_url):
    page.goto(f"{site_url}index.html#/morphy/5")
    wait_ready(page)
    kept = everything_stored(page)
    rules, win = GAMES["chessboard"], WINS["chessboard"]
    moves = Game.replay(rules, win["deal"], win["moves"][:20])[0].moves
    good = replay_link(rules, win["deal"], moves)
    illegal = replay_link(rules, win["deal"], moves[:5]) + "AA"      # t1 onto itself
    deal = f"#/chessboard/{win['deal']}/replay/"
    corpus = [  # (fragment, words of the message, moves the viewer holds; None: no viewer)
        (good[:-1], "damaged at move 20", 19),
        (good[:len(deal) + 7] + "!" + good[len(deal) + 8:], "damaged at move 4", 3),
        (illegal, "Move 6 of this replay link cannot be played", 5),
        (deal + "9" + good[len(deal) + 1:], "made in a form we cannot read", 0),
        (deal, "made in a form we cannot read", 0),
        (good + "AA" * 5000, "Move 21 of this replay link cannot be played", 20),
        (deal + "1<img src=x onerror=alert(1)>", "damaged at move 1", 0),
        ("#/nosuchgame/5/replay/1AB", "game we do not have", None),
        ("#/chessboard/0/replay/1AB", "deal number is not valid", None),
    ]
    for fragment, words, held in corpus:
        page.evaluate("() => { document.getElementById('notice').textContent = '' }")
        page.evaluate("fragment => { location.hash = fragment }", fragment)
        page.wait_for_function("text => document.getElementById('notice').textContent.includes(text)",
                               arg=words)
        if held is None:
            assert page.locator("[data-replay]").count() == 0
            assert dom_piles(page) == shown_as_dom(Position.deal(GAMES["morphy"], 5).to_piles())
        else:
            page.wait_for_selector(STEP)
            assert page.get_attribute("#replay-slider", "max") == str(held)
            page.keyboard.press("End")
            assert dom_piles(page) == engine_table("chessboard", win["deal"], moves[:held])
        assert foreign_elements(page) == 0
        assert everything_stored(page) == kept
