"""What a tap or an Enter on a pile does (castling.app.table.choice), on real
positions: every answer the pointer and the keyboard carry out."""

from castling import GAMES, Position
from castling.app.table.board import home_move, targets, turn_move
from castling.app.table.choice import NEXT, Choice, Held, choose

from helpers import position

#: 7C goes to any space, 8H 7C on 9C, 9S 8H 7C on TH; 4D under them cannot move
MARTHA = "t1: 4D 9S 8H 7C\nt2: TH\nt3: 9C"


def martha() -> Position:
    return position("martha", MARTHA)


def test_the_stock_turns_over_whatever_is_held_and_however_it_is_chosen():
    zerline = Position.deal(GAMES["zerline"], 1)
    stock = zerline.tables.stock
    turn = Choice("play", (turn_move(zerline, stock),), stock, 1)
    assert choose(zerline, stock) == turn
    assert choose(zerline, stock, Held(0, 1), count=1, double=True) == turn


def test_a_double_tap_sends_the_top_card_home_and_a_single_one_picks_it_up():
    fortress = position("fortress", "t1: 5H AS\nt2: 3C")
    home = home_move(fortress, 0)
    assert choose(fortress, 0, count=1, double=True) == Choice("play", (home,), 0, 1)
    picked = choose(fortress, 0, count=1)
    assert picked.kind == "hold" and home[1] in picked.places


def test_a_double_tap_with_nothing_to_send_home_is_a_tap():
    pos = martha()
    assert choose(pos, 0, count=2, double=True) == choose(pos, 0, count=2)


def test_held_cards_go_where_the_engine_lets_them_by_tap_or_by_enter():
    pos = martha()
    moves = tuple(targets(pos, 0, 2)[2])
    for count in (None, NEXT):
        assert choose(pos, 2, Held(0, 2), count=count) == Choice("play", moves, 0, 2)


def test_a_tap_on_a_pile_the_held_cards_cannot_go_to_picks_that_pile_up_instead():
    pos = martha()
    assert choose(pos, 1, Held(0, 2), count=1) == Choice("hold", source=1, count=1,
                                                         places=tuple(targets(pos, 1, 1)))


def test_enter_on_a_pile_the_held_cards_cannot_go_to_says_so():
    assert choose(martha(), 1, Held(0, 2)) == Choice("cannot_go", source=1)


def test_tapping_the_held_cards_again_puts_them_back():
    assert choose(martha(), 0, Held(0, 2), count=2) == Choice("put_back", source=0, count=2)


def test_a_tap_on_another_run_of_the_held_pile_picks_that_run_up():
    pos = martha()
    assert choose(pos, 0, Held(0, 2), count=3) == Choice("hold", source=0, count=3, places=(1,))


def test_a_tap_on_a_face_down_card_or_a_run_with_nowhere_to_go_puts_back():
    pos = martha()
    assert choose(pos, 0, Held(1, 1), count=None) == Choice("put_back", source=0)
    assert choose(pos, 0, count=4) == Choice("put_back", source=0)      # 4D is under the rest


def test_a_tap_picks_up_the_cards_it_is_on_and_lights_their_places():
    pos = martha()
    assert choose(pos, 0, count=1) == Choice("hold", source=0, count=1,
                                             places=tuple(targets(pos, 0, 1)))
    assert choose(pos, 0, count=2) == Choice("hold", source=0, count=2, places=(2,))


def test_enter_steps_through_the_runs_that_can_move_then_puts_back():
    pos = martha()
    first = choose(pos, 0)
    assert (first.kind, first.count) == ("hold", 1)
    assert choose(pos, 0, Held(0, 1)) == Choice("hold", source=0, count=2, places=(2,))
    assert choose(pos, 0, Held(0, 2)) == Choice("hold", source=0, count=3, places=(1,))
    assert choose(pos, 0, Held(0, 3)) == Choice("put_back", source=0)


def test_enter_on_a_pile_where_nothing_moves_says_nothing_moves():
    chessboard = Position.deal(GAMES["chessboard"], 1)
    foundation = chessboard.tables.first_foundation
    assert choose(chessboard, foundation) == Choice("nothing", source=foundation)
