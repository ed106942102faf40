"""The engine under abuse: whatever text or data reaches its parsers — from a
link, a save, the command line or the worker — it answers with its documented
errors (CastlingError and its kinds), never with any other exception."""

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from castling import GAMES, Game, Position
from castling.app.advice import answer
from castling.deal import parse_deal_number
from castling.errors import CastlingError, DealNumberError, NotationError, SaveError
from castling.app.deals.links import LinkError, parse_link
from castling.app.deals.replay_links import parse_replay_link
from castling.notation import ALPHABET, parse_move
from castling.save import load_save

RULES = st.sampled_from(list(GAMES.values()))
PILE_NAMES = sorted({name for rules in GAMES.values() for name in rules.pile_names} | {"t0", "x1", "f99"})
CARD_CODES = [rank + suit for rank in "A23456789TJQKX" for suit in "CSHDcshdX"]
# Text made of the engine's own tokens, to get past the first checks, plus anything at all.
TOKENS = st.sampled_from(PILE_NAMES + CARD_CODES + ["-", ":", ":2", ":1", ":0", " ", "\n", ": ",
                                                    "#", "/", "%", "%2F", "0", "1", "99", "\x00"])
TEXTY = st.one_of(st.text(max_size=60), st.lists(TOKENS, max_size=30).map("".join))
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-10**25, 10**25) | st.floats(allow_nan=True) | TEXTY,
    lambda children: st.lists(children, max_size=6) | st.dictionaries(TEXTY, children, max_size=6),
    max_leaves=30)
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(RULES, TEXTY)
def test_move_text(rules, text):
    try:
        source, target, count = parse_move(rules, text)
    except NotationError:
        return
    assert 0 <= source < len(rules.pile_names) and 0 <= target < len(rules.pile_names)
    assert count >= 1


@FAST
@given(RULES, st.lists(st.tuples(st.sampled_from(PILE_NAMES), st.lists(st.sampled_from(CARD_CODES),
                                                                       max_size=8)), max_size=8))
def test_position_text_made_of_tokens(rules, piles):
    text = "\n".join(f"{name}: {' '.join(cards)}" for name, cards in piles)
    try:
        position = Position.from_text(rules, text)
    except NotationError:
        return
    assert Position.from_text(rules, position.to_text()) == position
    position.legal_moves()


@FAST
@given(RULES, TEXTY)
def test_position_text_of_any_kind(rules, text):
    try:
        Position.from_text(rules, text)
    except NotationError:
        pass


@FAST
@given(RULES, JSONISH)
def test_position_from_any_json(rules, data):
    try:
        Position.from_piles(rules, data)
    except NotationError:
        pass


@FAST
@given(st.one_of(TEXTY, JSONISH.map(json.dumps)))
def test_save_text(text):
    try:
        load_save(text)
    except SaveError:
        pass


@FAST
@given(st.fixed_dictionaries({}, optional={
    "format": st.one_of(st.just(1), JSONISH), "game": st.one_of(st.sampled_from(list(GAMES)), JSONISH),
    "deal": st.one_of(st.integers(-5, 10**21), JSONISH),
    "moves": st.one_of(st.lists(st.one_of(TEXTY, st.sampled_from(["t1-t2", "t3-f1", "r1-t1"])),
                                max_size=10), JSONISH)}))
def test_save_fields(data):
    try:
        loaded = load_save(json.dumps(data))
    except SaveError:
        return
    assert loaded.game.rules.id == data["game"] and loaded.game.number == data["deal"]


@FAST
@given(st.one_of(TEXTY, TEXTY.map(lambda text: "#/" + text),
                 st.tuples(st.sampled_from(list(GAMES)), TEXTY).map(lambda p: f"#/{p[0]}/{p[1]}")))
def test_link(fragment):
    try:
        parse_link(fragment)
    except LinkError:
        pass


@FAST
@given(st.sampled_from(list(GAMES)), st.integers(1, 40),
       st.one_of(st.text(max_size=40), st.text(alphabet=ALPHABET + ".%/!", max_size=40)))
def test_replay_link(game_id, number, code):
    try:
        replay = parse_replay_link(f"#/{game_id}/{number}/replay/1{code}")
    except LinkError:
        return
    position = Position.deal(GAMES[game_id], number)
    for move in replay.moves:       # what it replays is legal, move by move
        assert position.is_legal(move)
        position.play(move)
    assert replay.problem is None or isinstance(replay.problem, str)


@FAST
@given(JSONISH)
def test_deal_number(value):
    try:
        number = parse_deal_number(value)
    except DealNumberError:
        return
    assert 1 <= number < 10**20


@FAST
@given(RULES, st.integers(1, 40000), st.lists(st.one_of(TEXTY, st.sampled_from(
    ["t1-t2", "t2-t1", "t1-f1", "t3-f2", "r1-t1", "t4-t9:2", "f1-t1"])), max_size=12))
def test_replaying_any_moves(rules, number, moves):
    game, problem = Game.replay(rules, number, moves)
    assert (problem is None) == (len(game.moves) == len(moves))


@settings(max_examples=150, deadline=None)
@given(st.one_of(JSONISH, st.fixed_dictionaries({
    "kind": st.sampled_from(["hint", "verdict", "last_winnable", "winnable_deal", "x"]),
    "game": st.one_of(st.sampled_from(list(GAMES)), JSONISH), "deal": JSONISH,
    "moves": JSONISH, "deals": JSONISH, "budget": st.one_of(st.just(50), JSONISH)})))
def test_worker_requests(request):
    reply = answer(request) if isinstance(request, dict) else answer({"kind": request})
    assert isinstance(reply, dict)
    json.dumps(reply)


def test_documented_errors_are_castling_errors():
    for error in (NotationError, SaveError, DealNumberError, LinkError):
        assert issubclass(error, CastlingError)
