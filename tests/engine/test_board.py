"""What the screen asks of the engine: pick-ups, targets, supermoves, double-clicks."""

from castling import GAMES, Position, format_move
from castling.app.table.board import home_move, pickable_counts, status_line, supermove, targets

from helpers import position


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
    assert status_line(Position.deal(GAMES["chessboard"], 1)) == (
        "Base: not chosen yet. The first card you put on a foundation sets the starting rank "
        "for all four.")
    assert status_line(position("chessboard", "f1: TC")) == "Base: 10"
    assert status_line(Position.deal(GAMES["martha"], 1)) == ""


# -- which piles show how many cards they hold (data-count) ----------------------------

def test_the_stock_and_several_card_reserves_show_their_count():
    from castling.app.table.board import shows_count
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
    from castling.app.table.board import shows_count
    for rules in GAMES.values():
        for number in (1, 2, 3):
            piles = Position.deal(rules, number).to_piles()
            for name in rules.pile_names_of("r"):
                assert len(piles[name]) <= rules.reserve_holds
                if not shows_count(rules, name):
                    assert len(piles[name]) <= 1
