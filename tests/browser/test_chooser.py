"""The Games dialog: every game by kind, found by name, with the player's record."""

import re

from castling.games import GAMES, GROUPS

from browser_helpers import act, wait_ready



def open_chooser(page, site_url, link="#/chessboard/1"):
    page.goto(f"{site_url}index.html{link}")
    wait_ready(page)
    act(page, "games")
    page.locator("#games-dialog").wait_for(state="visible")


def shown_games(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('#games-dialog li[data-game]')]
        .filter(li => li.offsetParent !== null).map(li => li.dataset.game)""")


def test_every_game_is_listed_by_kind_and_found_by_typing(page, site_url):
    open_chooser(page, site_url)
    groups = page.evaluate("""() => [...document.querySelectorAll('#games-dialog .game-group')]
        .map(g => [g.querySelector('h3').textContent, [...g.querySelectorAll('li')].map(li => li.dataset.game)])""")
    # The game just shown first, in "Played lately"; the others by kind.
    assert groups[0] == ["Played lately", ["chessboard"]]
    assert [games for _, games in groups[1:]] == [
        [r.id for r in games if r.id != "chessboard"] for games in GROUPS.values()]
    assert groups[1][0] == "The four classics" and all(title for title, _ in groups)
    # The drop-down is grouped the same way.
    assert page.evaluate("document.querySelectorAll('#game-select optgroup').length") == len(GROUPS)

    assert page.evaluate("document.activeElement.id") == "game-search"
    page.keyboard.type("castle")
    # The castles, today these five (a castle added later is found too):
    castles = [r.id for r in GAMES.values() if "castle" in r.name.lower()]
    assert {"selective-castle", "castles-end", "beleaguered-castle", "castle-mount",
            "castle-of-indolence"} <= set(castles)
    assert shown_games(page) == castles
    hidden_groups = page.evaluate("""() => [...document.querySelectorAll('#games-dialog .game-group')]
        .filter(g => g.hidden).map(g => g.dataset.group)""")
    assert hidden_groups == ["recent"] + [group for group, games in GROUPS.items()
                                          if not any(r.id in castles for r in games)]
    page.keyboard.type("zzz")
    assert shown_games(page) == [] and page.locator("#game-search-none").is_visible()

    # Enter plays the first game found.
    page.fill("#game-search", "mount")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('board').dataset.game === 'castle-mount'")
    assert not page.locator("#games-dialog").is_visible()
    # Played lately, most recent first; Chessboard back among the classics when it leaves.
    act(page, "games")
    recent = "[...document.querySelectorAll('#games-recent li')].map(li => li.dataset.game)"
    assert page.evaluate(recent) == ["castle-mount", "chessboard"]
    assert page.locator('#games-dialog li[data-game="castle-mount"]').count() == 1


def test_the_players_record_and_the_solvers_figure_are_shown(page, site_url):
    open_chooser(page, site_url)
    figures = page.locator('#games-dialog li[data-game="fortress"] [data-figures]')
    # The study decided all but 19 of its 100,000 Fortress deals; it left every Soother deal
    # undecided.
    assert re.fullmatch(r"One deck · (Gentle|Fair|Hard|Very hard): the solver won \d+% of "
                        r"100,000 deals and could not decide <1%\.", figures.text_content())
    soother = page.locator('#games-dialog li[data-game="soother"] [data-figures]').text_content()
    assert re.fullmatch(r"4 decks · [A-Z][a-z ]+: the solver won (<1|\d+)% of 10,000 deals and "
                        r"could not decide (<1|>99|\d+)%\.", soother)
    assert "You:" not in figures.text_content()
    page.keyboard.press("Escape")
    # Play a move: the game counts as played.
    page.locator('[data-pile="t10"] [data-card]').last.click()
    page.locator('[data-pile="f1"]').click()
    act(page, "games")
    chessboard = page.locator('#games-dialog li[data-game="chessboard"] [data-figures]')
    assert "You: played 1, won 0." in chessboard.text_content()
