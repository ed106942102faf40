"""Auto-play, auto-finish and the baseline hint (docs/rules.md §3.3)."""

import pytest

from castling import GAMES, Position, auto_finish, format_move, hint, safe_foundation_moves

from helpers import position

CHOSEN_BASE_GAMES = ["chessboard", "morphy", "lasker", "selective-castle", "castles-end"]


def text_of(pos, move):
    return format_move(pos.rules, move) if move else None


@pytest.mark.parametrize("game", CHOSEN_BASE_GAMES)
def test_nothing_automatic_founds_the_first_card(game):
    for number in range(1, 41):
        pos = Position.deal(GAMES[game], number)
        assert safe_foundation_moves(pos) == []
        assert auto_finish(pos) is None
        suggestion = text_of(pos, hint(pos))
        tableau_moves = [m for m in pos.legal_move_texts() if "-f" not in m]
        if tableau_moves:
            assert suggestion in tableau_moves
        else:
            assert suggestion in pos.legal_move_texts()


def test_hint_offers_founding_when_nothing_else_remains():
    cards = "7H 2C 9S 4D QH 5C KS TD 3H 7C".split()    # no two of them build
    pos = position("chessboard", "\n".join(f"t{i}: {c}" for i, c in enumerate(cards, 1)))
    assert all("-f" in move for move in pos.legal_move_texts())
    assert text_of(pos, hint(pos)) in pos.legal_move_texts()
    castle = Position.deal(GAMES["castles-end"], 9)
    assert "-f" in text_of(castle, hint(castle))


def test_hint_sends_a_card_home_first():
    pos = position("chessboard", "f1: 7C\nt1: 8C\nt2: 5H\nt3: 4H")
    assert text_of(pos, hint(pos)) == "t1-f1"


def test_hint_prefers_turning_up_a_hidden_card():
    pos = position("martha", "f1: AC\nt1: 5d 9S\nt2: TH\nt3: TD\nt4: 8H 3S\nt5: 4D")
    assert text_of(pos, hint(pos)) in {"t1-t2", "t1-t3"}


def test_hint_does_not_undo_the_last_move():
    pos = position("chessboard", "t1: 9S 8S\nt2: 7S")
    assert text_of(pos, hint(pos)) == "t2-t1"
    # ... but not just after 7S came from t1 (as t1-t2 would say)
    assert text_of(pos, hint(pos, last_move=(0, 1, 1))) != "t2-t1"


def test_no_hint_without_a_legal_move():
    assert hint(position("martha", "t1: 5d")) is None


def test_safe_moves_need_no_card_still_to_build_on_them():
    # Chessboard: 8C's only tableau partners are 7C (home) and 9C (follows it home).
    pos = position("chessboard", "f1: 7C\nt1: 8C\nt2: 9C")
    assert [format_move(pos.rules, m) for m in safe_foundation_moves(pos)] == ["t1-f1"]
    # Morphy: the red sevens and nines could still want the black eight.
    assert safe_foundation_moves(position("morphy", "f1: 7C\nt1: 8C\nt2: 9D")) == []
    # Martha: a black three is safe once both red twos are home.
    assert safe_foundation_moves(position("martha", "f1: AC 2C\nf3: AH 2H\nf4: AD 2D\nt1: 3C"))
    assert not safe_foundation_moves(position("martha", "f1: AC 2C\nf3: AH\nt1: 3C\nt2: 2H"))


def test_auto_finish_plays_every_card_home_or_nothing():
    pos = position("chessboard", "f1: 7C\nt1: 9C 8C\nt2: TC")
    moves = auto_finish(pos)
    assert [format_move(pos.rules, m) for m in moves] == ["t1-f1", "t1-f1", "t2-f1"]
    assert pos.to_piles()["t1"] == ["9C", "8C"]          # played on a copy
    assert auto_finish(position("chessboard", "f1: 7C\nt1: 8C 9C")) is None
    assert auto_finish(position("chessboard", "t1: 7C")) is None
