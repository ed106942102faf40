"""A game's review (castling.search.review): the verdicts it gives are the ones
the solver gives each position on its own, its turning point is where those
turn from won to lost, and it finds it with a few searches, not one a position."""

from __future__ import annotations

import random

import pytest

from castling import GAMES, Position
from castling.errors import IllegalMoveError
from castling.game import Game
from castling.search.common import SolveResult
from castling.search.review import Question, Review, review_game
from castling.search.solver import solve

BUDGET = 50_000


def lost_game(game_id: str, seed: int, longest: int = 120) -> tuple[int, list]:
    """A winnable deal played at random until it can no longer be won (the
    solver proves both ends), with the moves played."""
    rules = GAMES[game_id]
    rng = random.Random(seed)
    for number in range(1, 200):
        game = Game(rules, number)
        if solve(game.position, BUDGET).result != "won":
            continue
        while game.legal_moves() and len(game.moves) < longest:
            game.play(rng.choice(game.legal_moves()))
        if not game.is_won() and solve(game.position, BUDGET).result == "lost":
            return number, list(game.moves)
    raise AssertionError(f"no lost game of {game_id} found")


class Counted:
    """The solver at BUDGET, counting its searches."""

    def __init__(self) -> None:
        self.searches = 0

    def __call__(self, position: Position, first_moves: list | None) -> SolveResult:
        self.searches += 1
        return solve(position, BUDGET, first_moves)


def turn_of(verdicts: list) -> int | None:
    """Where solved positions, each on its own, show the win lost: a winnable
    position right before a lost one (the number of the move between them)."""
    won = max((i for i, verdict in enumerate(verdicts) if verdict == "won"), default=-1)
    lost = min((i for i, verdict in enumerate(verdicts) if verdict == "lost"), default=len(verdicts))
    return lost if won >= 0 and lost == won + 1 else None


# Palace's seed 4 turns inside a stretch of positions no search of 50,000 decides.
@pytest.mark.parametrize("game_id, seed, turns", [
    ("beleaguered-castle", 1, True), ("chessboard", 2, True), ("martha", 3, True),
    ("palace", 8, True), ("morphy", 5, True), ("palace", 4, False)])
def test_the_turning_point_is_where_the_engines_own_verdicts_turn(game_id, seed, turns):
    number, moves = lost_game(game_id, seed)
    search = Counted()
    review = review_game(GAMES[game_id], number, moves, search)
    # The naive way: every position solved on its own, in order.
    naive = [solve(position.copy(), BUDGET).result for position in review.positions]
    assert naive[0] == "won" and naive[-1] == "lost"
    for ours, theirs in zip(review.verdicts, naive):
        assert ours == theirs or theirs == "unknown"
    turn = turn_of(naive)
    assert (turn is not None) == turns
    point = review.turning_point
    if turn is None:
        assert point is None and "unknown" in review.verdicts
        return
    assert point is not None and point.move == turn
    assert point.played == moves[turn - 1] and point.keeping != point.played
    # The keeping move starts a line that wins from the position before.
    before = review.positions[turn - 1].copy()
    for move in point.line:
        before.play(move)
    assert before.is_won()
    # A handful of searches: halving (one more where an end is not decided by
    # another); looking back from the end, the step doubling, when the game ran
    # out of moves (twice as many at worst).
    most = 2 * len(moves).bit_length() if review.stuck else 1 + len(moves).bit_length()
    assert search.searches <= most, (search.searches, len(moves), review.stuck)


def test_a_won_game_is_won_throughout_and_counts_its_only_winning_moves():
    rules = GAMES["beleaguered-castle"]
    found = solve(Position.deal(rules, 2), BUDGET)
    assert found.result == "won"
    search = Counted()
    review = review_game(rules, 2, found.moves, search)
    assert review.won and review.verdicts == ["won"] * (len(found.moves) + 1)
    assert review.turning_point is None and not review.never_winnable
    # Each move with another choice was asked about once; a forced one never.
    choices = [index for index, position in enumerate(review.positions[:-1])
               if len(position.legal_moves()) > 1]
    assert search.searches == len(choices)
    assert set(review.only_moves) == set(range(len(found.moves)))
    assert 0 < review.only_winning_moves <= len(choices)
    # An only winning move: every other move from there is lost, each on its own.
    index = next(index for index, only in review.only_moves.items() if only)
    position = review.positions[index]
    for move in position.legal_moves():
        if move != found.moves[index]:
            assert solve(position, BUDGET, [move]).result == "lost"


def test_a_deal_never_winnable_says_so():
    rules = GAMES["british-canister"]
    number = next(number for number in range(1, 50)
                  if Position.deal(rules, number).legal_moves()
                  and solve(Position.deal(rules, number), BUDGET).result == "lost")
    game = Game(rules, number)
    game.play(game.legal_moves()[0])
    search = Counted()
    review = review_game(rules, number, game.moves, search)
    assert review.never_winnable and review.turning_point is None
    # One search: the deal (the middle, the nearer start), lost, decides the rest.
    assert review.verdicts == ["lost", "lost"] and search.searches == 1


def twelve_moves() -> tuple[int, list]:
    """Twelve legal moves of a Fortress deal (what they lead to is scripted)."""
    rules, rng = GAMES["fortress"], random.Random(0)
    for number in range(1, 100):
        game = Game(rules, number)
        while game.legal_moves() and len(game.moves) < 12:
            game.play(rng.choice(game.legal_moves()))
        if len(game.moves) == 12:
            return number, list(game.moves)
    raise AssertionError("no deal of Fortress with twelve moves")


def test_undecided_positions_are_honest_and_asked_outwards_from_the_middle():
    number, moves = twelve_moves()
    review = Review(GAMES["fortress"], number, moves)
    truth = ["won"] * 3 + ["unknown"] * 6 + ["lost"] * 4       # after 0 … 12 moves
    asked = []
    while (question := review.next_question()) is not None:
        asked.append(question.index)
        review.answer(question, SolveResult(truth[question.index], [(0, 1, 1)]))
    # The middle, then outwards from it through the undecided stretch until a
    # loss and a win bound it; never a position already decided.
    assert asked == [6, 5, 7, 4, 8, 3, 9, 2]
    assert review.verdicts == ["won"] * 3 + ["unknown"] * 6 + ["lost"] * 4
    assert review.turning_point is None and review.finished


def test_a_win_found_later_decides_the_positions_before_it():
    number, moves = twelve_moves()
    review = Review(GAMES["fortress"], number, moves)
    review.answer(Question(4), SolveResult("unknown"))
    review.answer(Question(6), SolveResult("won", [(0, 1, 1)]))
    review.answer(Question(7), SolveResult("lost"))
    assert review.verdicts[:7] == ["won"] * 7 and review.verdicts[7:] == ["lost"] * 6
    assert review.turning_point is not None and review.turning_point.move == 7
    assert review.next_question() is None


def test_an_illegal_move_is_refused():
    rules = GAMES["fortress"]
    with pytest.raises(IllegalMoveError):
        Review(rules, 1, [(0, 0, 1)])


def test_the_naive_review_searches_every_position_in_order_and_agrees():
    number, moves = lost_game("beleaguered-castle", 1)
    rules = GAMES["beleaguered-castle"]
    search = Counted()
    naive = Review(rules, number, moves, naive=True)
    order = []
    while (question := naive.next_question()) is not None:
        order.append(question.index)
        naive.answer(question, search(naive.positions[question.index].copy(), None))
    assert order == list(range(len(moves) + 1)) and search.searches == len(moves) + 1
    halving = review_game(rules, number, moves, Counted())
    assert naive.turning_point is not None
    assert naive.turning_point.move == halving.turning_point.move


def test_a_game_with_no_move_left_is_lost_at_its_end_without_a_search():
    rules, rng = GAMES["chessboard"], random.Random(7)
    for number in range(1, 100):
        game = Game(rules, number)
        while game.legal_moves() and len(game.moves) < 200:
            game.play(rng.choice(game.legal_moves()))
        if not game.legal_moves() and not game.is_won():
            break
    else:
        raise AssertionError("no Chessboard game ran out of moves")
    review = Review(rules, number, game.moves)
    assert review.verdicts[-1] == "lost" and review.verdicts[:-1] == [None] * len(game.moves)
    asked = []
    while (question := review.next_question()) is not None:
        asked.append(question.index)
        review.answer(question, solve(review.positions[question.index].copy(), BUDGET))
    assert len(game.moves) not in asked
    # Looking back from the end first, the step doubling, until a win is found.
    first_won = next(i for i, index in enumerate(asked) if review.verdicts[index] == "won")
    assert asked[:first_won + 1] == [max(0, len(game.moves) - 2 ** k + 1)
                                     for k in range(1, first_won + 2)]
