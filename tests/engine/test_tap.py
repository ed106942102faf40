"""Where one tap sends a card (castling.app.table.tap; docs/rules.md §5, "Playing"):
the order of preference, the next place of a second tap, and never a base chosen
by a tap, in every core game."""

import random

import pytest

from castling import GAMES, Position, safe_foundation_moves
from castling.hint import homeward_moves
from castling.app.table.board import pickable_counts, targets
from castling.app.table.choice import Choice, Held
from castling.app.table.tap import next_place, tap_choice, tap_places

from helpers import position

CORE = ("chessboard", "morphy", "chequers", "martha", "fortress", "lasker",
        "selective-castle", "castles-end")
CHOSEN_BASE = ("chessboard", "morphy", "lasker", "selective-castle", "castles-end")


def kind(pos: Position, source: int, target: int) -> int:
    """The documented order, restated: 0 a safe foundation, 1 a tableau pile with
    cards, 2 another foundation, 3 an empty tableau pile, 4 anything else."""
    tables = pos.tables
    if tables.is_foundation(target):
        return 0 if (source, target, 1) in safe_foundation_moves(pos) else 2
    if target < tables.n_tableau:
        return 1 if pos.piles[target] else 3
    return 4


@pytest.mark.parametrize("game_id", CORE)
def test_a_tap_goes_to_the_engines_places_in_the_documented_order(game_id):
    rules = GAMES[game_id]
    rng = random.Random(game_id)
    seen: set[int] = set()
    for number in (1, 2, 3):
        pos = Position.deal(rules, number)
        for _ in range(40):
            for source in range(len(pos.piles)):
                for count in pickable_counts(pos, source):
                    found = targets(pos, source, count)
                    places = tap_places(pos, source, count)
                    home = {m[1] for m in homeward_moves(pos) if m[0] == source}
                    assert set(places) == {t for t in found if not pos.tables.is_foundation(t)
                                           or (count == 1 and t in home)}
                    kinds = [(kind(pos, source, t), t) for t in places]
                    assert kinds == sorted(kinds)
                    seen.update(k for k, _ in kinds)
                    choice = tap_choice(pos, source, count=count)
                    if places:
                        assert choice == Choice("play", tuple(found[places[0]]), source, count)
                    else:
                        assert choice.kind == "hold" and set(choice.places) == set(found)
            moves = pos.legal_moves()
            if not moves:
                break
            pos.play(rng.choice(moves))
    assert 1 in seen             # each game met cards to build on


@pytest.mark.parametrize("game_id", CHOSEN_BASE)
def test_a_tap_never_chooses_the_base(game_id):
    rules = GAMES[game_id]
    for number in range(1, 6):
        pos = Position.deal(rules, number)
        assert pos.base_rank() is None
        for source in range(len(pos.piles)):
            for count in pickable_counts(pos, source):
                choice = tap_choice(pos, source, count=count)
                if choice.kind == "play":
                    assert not any(pos.tables.is_foundation(m[1]) for m in choice.moves)
                else:       # its only places found the base: picked up, the player chooses
                    assert choice.kind == "hold"
                    assert all(pos.tables.is_foundation(t) for t in choice.places)


def test_a_card_whose_only_place_chooses_the_base_is_picked_up_for_the_player():
    pos = position("castles-end", "t1: 9C 4D\nt2: 9H")
    foundations = {t for t in targets(pos, 0, 1) if pos.tables.is_foundation(t)}
    assert foundations and not tap_places(pos, 0, 1)
    assert tap_choice(pos, 0, count=1) == Choice("hold", source=0, count=1,
                                                 places=tuple(targets(pos, 0, 1)))
    # ... and the tap on a foundation that follows puts it down: the player's choice.
    chosen = min(foundations)
    assert tap_choice(pos, chosen, Held(0, 1), count=None).moves == ((0, chosen, 1),)


def test_a_safe_card_goes_home_first():
    pos = position("fortress", "t1: 5H AS\nt2: 3C\nt3: 2S")
    assert pos.tables.is_foundation(tap_places(pos, 0, 1)[0])
    assert tap_places(pos, 0, 1)[1:] == (2,) + tuple(
        t for t in range(pos.tables.n_tableau) if not pos.piles[t])


def test_a_built_place_comes_before_a_space_and_spaces_go_left_to_right():
    pos = position("martha", "t1: 4D 9S 8H 7C\nt2: TH\nt3: 9C\nt5: 8D")
    places = tap_places(pos, 0, 1)
    assert places[0] == 4                                   # 7C on 8D, then the spaces
    spaces = [t for t in range(pos.tables.n_tableau) if not pos.piles[t]]
    assert list(places[-len(spaces):]) == spaces


def test_a_second_tap_sends_the_card_on_to_its_next_place_then_round_again():
    pos = position("fortress", "t1: 5H AS\nt2: 3C\nt3: 2S")
    first = next_place(pos, 0, 1)
    places = tap_places(pos, 0, 1)
    assert first == places[0]
    pos.play((0, first, 1))
    # From the foundation the ace may go back to t3 or to a space: not where it
    # came from nor where it is, while other places are left.
    tried = (0, first)
    second = next_place(pos, first, 1, tried)
    assert second not in tried and second == [t for t in tap_places(pos, first, 1)
                                               if t not in tried][0]
    everything = tuple(range(len(pos.piles)))
    assert next_place(pos, first, 1, everything) == tap_places(pos, first, 1)[0]


def test_a_tap_on_what_cannot_move_does_nothing_and_held_cards_go_down_or_back():
    pos = position("martha", "t1: 4D 9S 8H 7C\nt2: TH\nt3: 9C")
    assert tap_choice(pos, 0, count=4) == Choice("nothing", source=0, count=4)
    assert tap_choice(pos, 5, count=None) == Choice("nothing", source=5)
    assert tap_choice(pos, 0, Held(0, 2), count=2) == Choice("put_back", source=0, count=2)
    # Held cards that cannot go to the tapped pile: the tapped card plays instead (9C on TH).
    assert tap_choice(pos, 2, Held(0, 3), count=1) == Choice("play", ((2, 1, 1),), 2, 1)
    assert tap_choice(pos, 1, Held(0, 3), count=1) == Choice(
        "play", tuple(targets(pos, 0, 3)[1]), 0, 3)


def test_a_tap_on_the_stock_turns_it():
    zerline = Position.deal(GAMES["zerline"], 1)
    stock = zerline.tables.stock
    assert tap_choice(zerline, stock, count=None).moves == ((stock, zerline.tables.waste, 1),)
