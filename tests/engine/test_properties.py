"""Invariants over random playouts of every game (hypothesis).

At every step of a random game: the generated moves are exactly the moves a
plain second reading of the rules allows (tests/engine/reference.py), every one
of them plays, nothing else does, cards are conserved, undo gives back the
identical position, and every text form round-trips.
"""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference
from castling import (GAMES, IllegalMoveError, Position, format_move, parse_move)
from castling.cards import card_text, parse_card

settings.register_profile("castling", max_examples=40, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("castling")

deal_numbers = st.one_of(st.integers(1, 31999), st.integers(32000, 10**20 - 1))
choices = st.lists(st.integers(0, 10**6), min_size=1, max_size=80)


def card_multiset(position: Position) -> Counter:
    return Counter(card.upper() for pile in position.to_piles().values() for card in pile)


def all_candidate_moves(position: Position):
    """Every (source, target, count) that names cards that are there."""
    n = position.tables.n_piles
    return [(s, d, c) for s in range(n) for d in range(n) if s != d
            for c in range(1, len(position.piles[s]) + 1)]


@pytest.mark.parametrize("game", list(GAMES))
@given(number=deal_numbers, picks=choices)
def test_random_playout_invariants(game, number, picks):
    rules = GAMES[game]
    position = Position.deal(rules, number)
    cards = card_multiset(position)
    assert sum(cards.values()) == rules.card_count
    for pick in picks:
        piles = position.to_piles()
        texts = position.legal_move_texts()
        assert set(texts) == reference.legal_moves(rules, piles)
        assert len(texts) == len(set(texts))
        # text forms round-trip
        assert Position.from_text(rules, position.to_text()) == position
        assert Position.from_piles(rules, piles) == position
        assert all(format_move(rules, parse_move(rules, t)) == t for t in texts)
        if not texts:
            assert position.is_won() or position.is_lost()
            break
        assert not position.is_lost()
        move = parse_move(rules, texts[pick % len(texts)])
        before = position.copy()
        record = position.play(move)
        assert position.to_piles() == reference.play(rules, piles, texts[pick % len(texts)])
        assert card_multiset(position) == cards
        position.undo(record)
        assert position == before and position.to_piles() == piles
        position.play(move)
    if position.is_won():
        assert all(not cards for name, cards in position.to_piles().items() if name[0] != "f")


@pytest.mark.parametrize("game", list(GAMES))
@given(number=deal_numbers, picks=st.lists(st.integers(0, 10**6), max_size=30))
def test_nothing_but_a_legal_move_plays(game, number, picks):
    rules = GAMES[game]
    position = Position.deal(rules, number)
    for pick in picks:
        moves = position.legal_moves()
        if not moves:
            break
        position.play(moves[pick % len(moves)])
    legal = set(position.legal_moves())
    before = position.to_piles()
    illegal = [move for move in all_candidate_moves(position) if move not in legal]
    assert not any(position.is_legal(move) for move in illegal)
    for move in illegal[::max(1, len(illegal) // 150)]:
        with pytest.raises(IllegalMoveError):
            position.play(move)
    assert position.to_piles() == before


@pytest.mark.parametrize("game", list(GAMES))
@given(number=deal_numbers, picks=st.lists(st.integers(0, 10**6), max_size=60))
def test_the_moves_from_one_pile_are_the_legal_moves_from_it(game, number, picks):
    # generate(source=...) is what replaying the core's winning lines checks
    # each move against: it must list exactly the legal moves from that pile,
    # in their order, whatever the pile (the stock, a foundation, no source).
    rules = GAMES[game]
    position = Position.deal(rules, number)
    tables = position.tables
    for pick in [0, *picks]:
        moves = position.legal_moves()
        for source in range(tables.n_piles):
            assert tables.generate(position.piles, source=source) == [
                move for move in moves if move[0] == source]
        if not moves:
            break
        position.play(moves[pick % len(moves)])


@given(st.integers(0, 51), st.booleans())
def test_card_text_round_trips(card, face_down):
    value = card + (64 if face_down else 0)
    assert parse_card(card_text(value)) == value


def test_won_is_every_card_on_a_foundation():
    for game, rules in GAMES.items():
        empty = Position.from_text(rules, "")
        assert empty.is_won()
        assert not Position.from_text(rules, "t1: 5C").is_won()
        if rules.reserves.count:
            assert not Position.from_text(rules, "r1: 5C").is_won()
