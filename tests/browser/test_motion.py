"""Cards that move (issue 25): a new deal flies from the deck one card after
another, undo and restart slide, a face-down card turns over, auto-play's cards
go one after another, a refused drop glides back, a tap with nowhere to go
shakes; under reduced motion or with the speed "off" nothing moves.

Every Element.animate call is logged from before the page's scripts run: the
card, whether on its ::before (the back a turning card shows), its delay, and
its first transform."""

import pytest

from castling import GAMES, Game
from castling.app.table.tap import tap_choice

from browser_helpers import act, drag_to, settle, stored, tap_move, top_card

LOG_ANIMATIONS = """
window.animated = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, timing) {
  window.animated.push({card: this.dataset.card || null, pile: this.closest('[data-pile]')?.dataset.pile,
                        pseudo: timing?.pseudoElement || null, delay: timing?.delay || 0,
                        from: frames?.[0]?.transform || null, shadow: !!frames?.[0]?.boxShadow});
  return animate.call(this, frames, timing);
};
"""
BELEAGUERED = GAMES["beleaguered-castle"]
MARTHA = GAMES["martha"]


@pytest.fixture
def open_game(returning_visit):
    """A page of ``link`` with nothing stored (the default settings: one tap,
    speed normal), logging its animations; ``reduced_motion`` as the browser asks."""
    def open_page(link: str, reduced_motion: str = "no-preference"):
        return returning_visit(link, LOG_ANIMATIONS, reduced_motion=reduced_motion)
    return open_page


def animated(page) -> list[dict]:
    """The animations started since the last call (after the frame they start in)."""
    settle(page)
    return page.evaluate("window.animated.splice(0)")


def nowhere(rules, number: int) -> str:
    """A tableau pile of the deal whose top card one tap can send nowhere."""
    position = Game(rules, number).position
    return next(name for index, name in enumerate(rules.pile_names) if name.startswith("t")
                and tap_choice(position, index, None, count=1, tried=()).kind == "nothing")


def test_cards_move_when_the_table_changes(open_game):
    page = open_game("#/beleaguered-castle/34000")
    assert animated(page) == []                 # the first table of a visit is simply there
    # A tap with nowhere to go: the card shakes.
    stuck = nowhere(BELEAGUERED, 34000)
    top_card(page, stuck).click()
    shakes = animated(page)
    assert [(one["pile"], one["from"]) for one in shakes] == [(stuck, "translateX(0px)")]
    assert stored(page, "castling:save:beleaguered-castle")["moves"] == []     # nothing played
    # A move slides its card; its undo slides it back.
    tap_move(page, BELEAGUERED, (1, 3, 1))
    assert [one["pile"] for one in animated(page)] == ["t4"]
    act(page, "undo")
    assert [one["pile"] for one in animated(page)] == ["t2"]
    # Two moves from two piles, then Restart: the cards go back one after another.
    tap_move(page, BELEAGUERED, (1, 3, 1))
    tap_move(page, BELEAGUERED, (4, 7, 1))
    animated(page)
    act(page, "restart")
    back = animated(page)
    assert sorted(one["pile"] for one in back) == ["t2", "t5"]
    assert len({one["delay"] for one in back}) == 2
    page.locator("#toast-close").click()
    # A new deal: every card flies from the deck (the foot of the board), one after another.
    act(page, "new")
    dealt = animated(page)
    assert len(dealt) == 52
    delays = [one["delay"] for one in dealt]
    assert delays == sorted(delays) and delays[0] == 0 and delays[-1] > 0
    assert len(set(one["from"] for one in dealt)) > 1
    settle(page)


def test_a_card_turns_over_and_auto_play_follows_one_card_after_another(open_game):
    """Martha #3: t3's 2♣ goes home, which turns the 6♦ under it face up; auto-play
    then sends the 2♥ home, which turns the 6♣ in t6: each turn shows the back first."""
    page = open_game("#/martha/3")
    animated(page)
    top_card(page, "t3").click()
    moved = animated(page)
    turned = sorted(one["card"] for one in moved if one["pseudo"] == "::before")
    assert turned == ["6C", "6D"]
    player = next(one for one in moved if one["card"] == "2C")
    auto = next(one for one in moved if one["card"] == "2H")
    assert player["delay"] == 0 and auto["delay"] > 0


def test_a_refused_drop_glides_back(open_game):
    page = open_game("#/beleaguered-castle/34000")
    animated(page)
    # t2's 7♦ may not go on t1's 10♣
    assert (1, 0) not in {(m[0], m[1]) for m in Game(BELEAGUERED, 34000).position.legal_moves()}
    drag_to(page, "t2", "t1")
    back = animated(page)
    assert [one["pile"] for one in back] == ["t2"] and back[0]["from"].startswith("translate(")
    assert back[0]["from"] != "translate(0px, 0px)"


@pytest.mark.parametrize("how", ["reduced motion", "speed off"])
def test_nothing_moves_under_reduced_motion_or_speed_off(open_game, how):
    if how == "reduced motion":
        page = open_game("#/beleaguered-castle/34000", reduced_motion="reduce")
    else:
        page = open_game("#/beleaguered-castle/34000")
        page.evaluate("localStorage.setItem('castling:settings', '{\"speed\": \"off\"}')")
        page.reload()
        page.wait_for_selector("html[data-ready=true]")
    # A tap with nowhere to go glows instead (nothing moves).
    top_card(page, nowhere(BELEAGUERED, 34000)).click()
    assert [(one["from"], one["shadow"]) for one in animated(page)] == [(None, True)]
    tap_move(page, BELEAGUERED, (1, 3, 1))
    act(page, "undo")
    act(page, "new")
    assert animated(page) == []
