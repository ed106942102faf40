"""Where the piles go and how big the cards are (castling.app.table.arrangement),
for every game at phone, turned-phone, tablet and desktop sizes."""

import pytest

from castling import GAMES
from castling.app.table.arrangement import (
    FAN_HEIGHT, FAN_WIDTH, INDEX_HEIGHT, INDEX_WIDTH, LEAST_CARD, Space, arrange, design_length,
    neighbour)

#: The index strips and comfortable steps the page uses (render.py passes these).
STRIPS = dict(index_h=INDEX_HEIGHT, index_w=INDEX_WIDTH, fan_h=FAN_HEIGHT, fan_w=FAN_WIDTH)
SCREENS = {"phone": (374, 640), "phone turned": (828, 234), "tablet": (804, 1020),
           "desktop": (1424, 780)}


def space(width, height, share=1.0):
    return Space(width=width, height=height, gap=3.0 if width < 500 else 6.0, share=share, **STRIPS)


def height_taken(fit, space):
    """The board's height as the page lays it out: rows of stacks a card high,
    downward fans of ``fit.longest`` cards at the index step, with gaps; a strip
    beside the tableau as tall as its own rows."""
    card_h = fit.card_w * 1.4
    def tall(rows):
        return sum(card_h * (1 + (fit.longest - 1) * space.index_h if row.fan == "down" else 1)
                   for row in rows) + (len(rows) - 1) * space.gap
    return max(tall(fit.rows[:fit.side]), tall(fit.rows[fit.side:])) if fit.side else tall(fit.rows)


def width_taken(fit, space):
    def wide(row):
        unit = fit.slot_w if row.fan == "right" else fit.card_w
        return row.columns * unit + (row.columns - 1) * space.gap
    if fit.side:
        return (max(wide(row) for row in fit.rows[:fit.side]) + space.gap
                + max(wide(row) for row in fit.rows[fit.side:]))
    return max(wide(row) for row in fit.rows)


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("screen", list(SCREENS))
def test_arrange_fits_the_width_always_and_the_height_unless_it_says_it_scrolls(game_id, screen):
    rules = GAMES[game_id]
    room = space(*SCREENS[screen])
    fit = arrange(rules, room)
    shown = sorted(name for row in fit.rows for name in row.piles)
    assert shown == sorted(rules.pile_names)
    assert all(len(row.piles) <= row.columns for row in fit.rows)
    assert fit.longest == design_length(rules) > 1
    assert width_taken(fit, room) <= room.width + 0.5
    assert fit.card_w >= LEAST_CARD - 0.01
    if not fit.scrolls:
        assert height_taken(fit, room) <= room.height + 0.5
    # a sideways fan's place holds its cards at least an index apart
    assert fit.slot_w >= fit.card_w * (1 + (fit.longest - 1) * room.index_w) - 0.01
    # the arrows reach every pile of the arrangement (the keyboard walks view.rows)
    seen, frontier = {shown[0]}, [shown[0]]
    while frontier:
        for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            there = neighbour(fit.rows, frontier[-1], key)
            if there not in seen:
                seen.add(there)
                frontier.insert(0, there)
        frontier.pop()
    assert seen == set(shown)


def test_a_desktop_uses_its_height_and_no_card_is_capped_at_110_px():
    room = space(1424, 780)
    fit = arrange(GAMES["chessboard"], room)
    assert fit.card_w > 110 and not fit.scrolls
    assert height_taken(fit, room) > 0.9 * room.height or width_taken(fit, room) > 0.9 * room.width


def test_a_portrait_phone_lays_chequers_out_in_more_rows_than_five():
    fit = arrange(GAMES["chequers"], space(374, 640))
    tableau = [row for row in fit.rows if row.piles[0][0] == "t"]
    assert len(tableau) > 5 and all(len(row.piles) < 5 for row in tableau)
    # bigger than the five rows of five the game is dealt in: their cards are width-bound
    five = (374 - 4 * 3) / (5 * (1 + 5 * STRIPS["index_w"]))
    assert fit.card_w > five * 1.2


def test_large_cards_are_larger_and_scroll_down_never_sideways():
    for game_id in ("chequers", "chessboard", "palace"):
        medium = arrange(GAMES[game_id], space(374, 640))
        large = arrange(GAMES[game_id], space(374, 640, share=1.25))
        small = arrange(GAMES[game_id], space(374, 640, share=0.8))
        assert small.card_w <= medium.card_w <= large.card_w
        assert width_taken(large, space(374, 640, share=1.25)) <= 374 + 0.5
    assert arrange(GAMES["chequers"], space(374, 640, share=1.25)).card_w > \
        arrange(GAMES["chequers"], space(374, 640)).card_w


def test_foundations_alone_in_a_row_sit_in_its_middle_and_soothers_fold():
    fit = arrange(GAMES["martha"], space(1424, 780))
    assert not fit.side and fit.rows[0].places == (5, 6, 7, 8)   # over the twelve columns' middle
    soother = arrange(GAMES["soother"], space(1424, 780))
    heads = [row for row in soother.rows if row.fan == "stack"]
    assert sum(len(row.piles) for row in heads) == 19
    assert all(sum(row.spans or (1,) * len(row.piles)) <= row.columns for row in heads)


def test_a_turned_phone_puts_the_foundations_beside_the_tableau():
    fit = arrange(GAMES["chessboard"], space(828, 234))
    assert fit.side and all(row.fan == "stack" for row in fit.rows[:fit.side])
    # bigger than the foundations above the tableau could be: a card high, and a fan
    above = (234 - 3) / (1.4 * (2 + (design_length(GAMES["chessboard"]) - 1) * 0.43))
    assert fit.card_w > 1.08 * above


def test_a_pile_grown_in_play_keeps_the_arrangement_and_shrinks_the_cards():
    rules = GAMES["chessboard"]
    room = space(828, 234)
    first = arrange(rules, room)
    longer = arrange(rules, room, design_length(rules) + 4, keep=(first.rows, first.side))
    assert (longer.rows, longer.side) == (first.rows, first.side)
    assert longer.card_w < first.card_w or longer.scrolls


def test_rittenhouse_foundations_stand_above_the_piles_that_feed_them():
    fit = arrange(GAMES["rittenhouse"], space(*SCREENS["desktop"]))
    foundations, tableau = fit.rows
    assert foundations.places == (1, 2, 3, 4, 6, 7, 8, 9)     # nothing above t5, which feeds all
    assert tableau.places is None and tableau.piles[4] == "t5"
