"""A table worth looking at (issue 24): the counts on the stock and on
several-card reserves, the pile outline's size, light form controls in light
dialogs, and three highlights that do not look alike."""

from __future__ import annotations

import pytest

from castling import GAMES, Game
from castling.app.words.spoken import pile_label

from browser_helpers import a_single_card_move, act, deal_for, settle, stored, tap_move, wait_ready

COUNTED = {"zerline": ("r1", "s1"), "soother": ("r1", "s1"), "chequers": ("r1",),
           "castle-of-indolence": ("r1", "r2", "r3", "r4")}


def on_table(page, game_id: str) -> Game:
    """The game the page shows, replayed by the engine from its save."""
    save = stored(page, f"castling:save:{game_id}")
    game, problem = Game.replay(GAMES[game_id], save["deal"], save["moves"])
    assert problem is None
    return game


def shown_counts(page) -> dict[str, dict]:
    return page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('#board [data-count]')].map(pile => [pile.dataset.pile,
            {count: pile.dataset.count, label: pile.getAttribute('aria-label'),
             badge: getComputedStyle(pile, '::after').content}]))""")


def assert_counts_are_the_engines(page, game_id: str) -> None:
    rules = GAMES[game_id]
    piles = on_table(page, game_id).position.to_piles()
    shown = shown_counts(page)
    assert sorted(shown) == sorted(COUNTED[game_id])
    for name, seen in shown.items():
        assert seen["count"] == str(len(piles[name])), name
        assert seen["badge"] == f'"{len(piles[name])}"'      # drawn on the table
        assert seen["label"] == pile_label(rules, name, piles[name])
        if piles[name]:
            assert str(len(piles[name])) in seen["label"]


@pytest.mark.parametrize("game_id", list(COUNTED))
def test_the_stock_and_several_card_reserves_show_the_engines_count(page, site_url, game_id):
    page.goto(f"{site_url}index.html#/{game_id}/{deal_for(game_id)}")
    wait_ready(page)
    assert_counts_are_the_engines(page, game_id)
    if "s1" in COUNTED[game_id]:
        before = len(on_table(page, game_id).position.to_piles()["s1"])
        page.locator('[data-pile="s1"]').click()       # a tap on the stock turns a card over
        page.wait_for_function(
            f"document.querySelector('[data-pile=\"s1\"]').dataset.count === '{before - 1}'")
        settle(page)
        assert_counts_are_the_engines(page, game_id)


def test_one_card_free_cells_have_no_count(page, site_url):
    page.goto(f"{site_url}index.html#/bastion/{deal_for('bastion')}")
    wait_ready(page)
    assert page.locator("#board [data-pile^='r']").count() == 2
    assert page.locator("#board [data-count]").count() == 0


def test_the_pile_outline_is_no_larger_than_a_card(page, site_url):
    page.goto(f"{site_url}index.html#/fortress/{deal_for('fortress')}")
    wait_ready(page)
    sizes = page.evaluate("""() => {
        const pile = document.querySelector('[data-pile="t1"]');
        const card = pile.querySelector('[data-card]').getBoundingClientRect();
        const before = getComputedStyle(pile, '::before');
        const extra = side => before.boxSizing === 'content-box'
            ? parseFloat(before['border' + side + 'Width']) * 2 : 0;
        return {card: [card.width, card.height],
                outline: [parseFloat(before.width) + extra('Left'),
                          parseFloat(before.height) + extra('Top')]};
    }""")
    assert sizes["outline"][0] <= sizes["card"][0] + 0.5
    assert sizes["outline"][1] <= sizes["card"][1] + 0.5


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_settings_form_controls_follow_the_dialogs_look(page, site_url, scheme):
    page.emulate_media(color_scheme=scheme)
    try:
        page.goto(f"{site_url}index.html#/fortress/{deal_for('fortress')}")
        wait_ready(page)
        act(page, "settings")
        for control in ('[data-setting="autoplay"]', "#card-size"):
            assert page.locator(control).evaluate(
                "element => getComputedStyle(element).colorScheme") == scheme
        page.locator("#settings-dialog button[value=close]").click()
    finally:
        page.emulate_media(color_scheme="light")


def test_a_hint_goes_with_the_next_move(page, site_url):
    page.goto(f"{site_url}index.html#/morphy/5")
    wait_ready(page)
    game = on_table(page, "morphy")
    act(page, "hint")
    assert page.locator(".hint-from").count() >= 1 and page.locator(".hint-to").count() == 1
    tap_move(page, game.rules, a_single_card_move(game.position))
    page.wait_for_function("document.querySelectorAll('.hint-from, .hint-to').length === 0",
                           timeout=1500)    # before the hint's own 2.5 s are up


def test_held_cards_and_their_targets_differ_in_more_than_colour(page, site_url):
    page.goto(f"{site_url}index.html#/fortress/{deal_for('fortress')}")
    wait_ready(page)
    game = on_table(page, "fortress")
    move = a_single_card_move(game.position)
    page.locator(f'[data-pile="{game.rules.pile_names[move[0]]}"] [data-card]').last.click()
    page.wait_for_selector(".card.selected")
    looks = page.evaluate("""() => {
        const held = getComputedStyle(document.querySelector('.card.selected'));
        return {held: [held.outlineStyle, held.translate],
                targets: [...document.querySelectorAll('.pile.target')].map(pile => {
                    const top = pile.querySelector('[data-card]:last-child');
                    return top ? getComputedStyle(top).outlineStyle
                               : getComputedStyle(pile, '::before').borderTopStyle;
                })};
    }""")
    assert looks["held"][0] == "solid" and looks["held"][1] not in ("none", "")
    assert looks["targets"] and set(looks["targets"]) == {"dashed"}
    page.keyboard.press("Escape")
