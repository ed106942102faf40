"""What the screen asks of the engine: layout, pick-ups, targets, supermoves, double-clicks."""

import pytest

from castling import GAMES, Position, format_move
from castling.player.board import home_move, layout, pickable_counts, status_line, supermove, targets

from helpers import position


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("narrow", [False, True])
def test_layout_shows_every_pile_exactly_once(game_id, narrow):
    rules = GAMES[game_id]
    rows = layout(rules, narrow)
    shown = [name for row in rows for name in row.piles]
    assert sorted(shown) == sorted(rules.pile_names)
    assert all(len(row.piles) <= row.columns for row in rows)


def test_narrow_screens_split_a_wide_tableau_in_two_rows():
    assert len(layout(GAMES["martha"], narrow=True)) == 3
    assert len(layout(GAMES["martha"], narrow=False)) == 2
    assert len(layout(GAMES["chequers"], narrow=True)) == 6


def test_phones_get_at_most_six_piles_a_row_and_the_stock_a_row_of_its_own():
    for rules in GAMES.values():
        rows = layout(rules, narrow=True)
        assert all(len(row.piles) <= 6 for row in rows if row.fan == "down"), rules.id
    zerline = [row.piles for row in layout(GAMES["zerline"])]
    assert zerline[0] == ("s1", "w1", "r1")
    # Zerline's reserve (four cards) spreads over three columns, two on a phone.
    assert layout(GAMES["zerline"])[0].spans == (1, 1, 3)
    assert layout(GAMES["zerline"], narrow=True)[0].spans == (1, 1, 2)
    assert zerline[1] == tuple(f"f{i}" for i in range(1, 9))
    assert [len(row.piles) for row in layout(GAMES["palace"], narrow=True)] == [4] * 4 + [6] * 3
    # Games whose extra piles fit beside their foundations keep one row above the tableau.
    assert [len(row.piles) for row in layout(GAMES["bastion"])] == [6, 10]


def test_rittenhouse_foundations_stand_above_the_piles_that_feed_them():
    foundations, tableau = layout(GAMES["rittenhouse"])
    assert foundations.places == (1, 2, 3, 4, 6, 7, 8, 9)     # nothing above t5, which feeds all
    assert tableau.places is None and tableau.piles[4] == "t5"


def names(pos, moves):
    return [format_move(pos.rules, m) for m in moves]


def test_chessboard_supermove_carries_a_run_through_empty_piles():
    pos = position("chessboard", "t1: 3H 9C 8C 7C\nt2: TC\nt3: 5D\nt4: 2S\nt5: 4H\nt6: KH\nt7: 6H\n"
                   "t8: QS\nt9:\nt10:")
    plan = supermove(pos, 0, 1, 3)
    assert plan is not None and all(m[2] == 1 for m in plan)
    trial = pos.copy()
    for move in plan:
        trial.play(move)
    assert trial.to_piles()["t2"] == ["TC", "9C", "8C", "7C"] and trial.to_piles()["t1"] == ["3H"]
    assert 3 in pickable_counts(pos, 0)
    assert targets(pos, 0, 3)[1] == plan


def test_no_supermove_without_enough_empty_piles_or_outside_chessboard():
    full = "t1: 3H 9C 8C 7C\nt2: TC\nt3: 5D\nt4: 2S\nt5: 4H\nt6: KH\nt7: 6H\nt8: QS\nt9: 2D\nt10:"
    pos = position("chessboard", full)
    assert supermove(pos, 0, 1, 3) is None            # one empty pile carries only two cards
    assert supermove(pos, 0, 1, 2) is None            # 8C 7C does not go on TC
    assert supermove(position("morphy", "t1: 9C 8D\nt2: 9H\nt3:\nt4:"), 0, 1, 2) is None


def test_a_double_click_never_founds_the_first_card():
    pos = position("chessboard", "t1: 7H\nt2: 8H")
    assert home_move(pos, 0) is None
    based = position("chessboard", "f3: 7H\nt1: 8H")
    assert names(based, [home_move(based, 0)]) == ["t1-f3"]


def test_pickable_counts_are_the_runs_that_can_go_somewhere():
    pos = position("martha", "t1: 4D 9S 8H 7C\nt2: TH\nt3: 9C")
    assert pickable_counts(pos, 0) == {1, 2, 3}   # 7C to a space, 8H 7C on 9C, 9S.. on TH
    full = position("martha", "t1: 4D 9S 8H 7C\nt2: TH\nt3: 9C\n" +
                    "\n".join(f"t{i}: {c}" for i, c in zip(range(4, 13), "2D 2H 3D 3H 5D 5H JD JH QD".split())))
    assert pickable_counts(full, 0) == {2, 3}


def test_status_line_names_the_base():
    assert status_line(Position.deal(GAMES["chessboard"], 1)) == "Base: not chosen yet"
    assert status_line(position("chessboard", "f1: TC")) == "Base: 10"
    assert status_line(Position.deal(GAMES["martha"], 1)) == ""


# -- which piles show how many cards they hold (data-count) ----------------------------

def test_the_stock_and_several_card_reserves_show_their_count():
    from castling.player.board import shows_count
    counted = {game_id: [name for name in rules.pile_names if shows_count(rules, name)]
               for game_id, rules in GAMES.items()}
    assert counted["zerline"] == ["r1", "s1"]
    assert counted["zerline-3-decks"] == ["r1", "s1"]
    assert counted["soother"] == ["r1", "s1"]
    assert counted["chequers"] == ["r1"]
    assert counted["castle-of-indolence"] == ["r1", "r2", "r3", "r4"]
    for one_card in ("bastion", "ten-by-one", "castles-end", "stronghold", "fortress"):
        assert counted[one_card] == []


def test_a_reserve_without_a_count_never_holds_more_than_one_card():
    """The deal is the only way into a reserve that is not a free cell, and a
    one-card free cell takes one card: so a reserve without a badge shows all it holds."""
    from castling.player.board import reserve_holds, shows_count
    for rules in GAMES.values():
        for number in (1, 2, 3):
            piles = Position.deal(rules, number).to_piles()
            for name in rules.pile_names_of("r"):
                assert len(piles[name]) <= reserve_holds(rules)
                if not shows_count(rules, name):
                    assert len(piles[name]) <= 1


# -- fitting the cards to the screen (board.arrange) ---------------------------

from castling.player.board import LEAST_CARD, Space, arrange, design_length, neighbour  # noqa: E402

#: The index strips and comfortable steps the page uses (web/castling_web/render.py).
STRIPS = dict(index_h=0.43, index_w=0.25, fan_h=0.5, fan_w=0.6)
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
