"""Replay links (#/GAME/NUMBER/replay/CODE): what a game writes, a later reader
replays to the same table; a damaged link replays as far as it is legal."""

import json
import random
from pathlib import Path

import pytest

from castling import GAMES, Position
from castling.notation import ALPHABET, parse_move
from castling.app.deals.links import LinkError
from castling.app.deals import replay_links
from castling.app.deals.replay_links import (MAX_REPLAY_LINK, is_replay_link, parse_replay_link,
                                          replay_link)

WINS = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "wins.json").read_text())


def random_game(game_id: str, number: int, length: int) -> list:
    """Up to ``length`` random legal moves from a deal (runs included)."""
    rng = random.Random(f"{game_id}/{number}")
    position, moves = Position.deal(GAMES[game_id], number), []
    while len(moves) < length and not position.is_won():
        legal = position.legal_moves()
        if not legal:
            break
        runs = [move for move in legal if move[2] > 1]
        move = rng.choice(runs if runs and rng.random() < 0.5 else legal)
        position.play(move)
        moves.append(move)
    return moves


def replayed(rules, number, moves) -> Position:
    position = Position.deal(rules, number)
    for move in moves:
        position.play(move)
    return position


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_comes_back_from_its_link_move_for_move(game_id):
    rules = GAMES[game_id]
    moves = random_game(game_id, 4321, 120)
    link = replay_link(rules, 4321, moves)
    assert is_replay_link(link) and link.startswith(f"#/{game_id}/4321/replay/1")
    replay = parse_replay_link(link)
    assert (replay.rules, replay.number, replay.moves, replay.problem) == (rules, 4321, moves, None)


@pytest.mark.parametrize("game_id", sorted(WINS))
def test_a_winning_line_replays_to_a_won_table(game_id):
    rules = GAMES[game_id]
    win = WINS[game_id]
    moves = [parse_move(rules, text) for text in win["moves"]]
    replay = parse_replay_link(replay_link(rules, win["deal"], moves))
    assert replay.problem is None
    assert replayed(rules, win["deal"], replay.moves).is_won()


def test_every_pile_and_every_run_has_a_character():
    """One character a pile and a count: every game has fewer than 64 piles, and
    no run is longer than a deck (several-deck games build without wrapping)."""
    for rules in GAMES.values():
        assert len(rules.pile_names) < len(ALPHABET)
        assert rules.decks == 1 or rules.tableau.moves == "single" or not rules.tableau.build.wrap


def test_the_readmes_example_says_what_it_says():
    rules = GAMES["fortress"]
    replay = parse_replay_link("#/fortress/5/replay/1JN")
    assert (replay.moves, replay.problem) == ([parse_move(rules, "t10-f4")], None)
    assert "`#/fortress/5/replay/1JN`\nis deal 5 of Fortress with `t10` played to `f4`" in (
        Path(__file__).resolve().parents[2] / "README.md").read_text()


def test_three_hundred_moves_fit_comfortably_in_a_link():
    moves = random_game("chequers", 9, 300)
    assert len(moves) == 300
    link = replay_link(GAMES["chequers"], 9, moves)
    assert len(link) < 700
    assert set(link.split("/replay/")[1]) <= set(ALPHABET) | {"."}


def test_every_character_of_a_link_is_one_a_url_carries_as_it_is():
    for game_id in ("martha", "palace", "soother"):
        link = replay_link(GAMES[game_id], 1, random_game(game_id, 1, 80))
        assert all(char.isalnum() or char in "#/-_." for char in link), link


# -- damaged links: the moves before the damage, and a message that echoes nothing

@pytest.fixture(scope="module")
def good():
    moves = random_game("martha", 77, 40)
    assert any(count > 1 for _, _, count in moves)     # runs are written too
    return moves, replay_link(GAMES["martha"], 77, moves)


def test_a_link_cut_short_replays_its_whole_moves(good):
    moves, link = good
    cut = parse_replay_link(link[:-1])
    assert cut.moves == moves[:-1] and "move %d" % len(moves) in cut.problem


def test_a_damaged_character_ends_the_replay_before_it(good):
    moves, link = good
    prefix = replay_link(GAMES["martha"], 77, moves[:5])
    damaged = prefix + "<script>" + link[len(prefix):]
    replay = parse_replay_link(damaged)
    assert replay.moves == moves[:5]
    assert replay.problem == "This replay link is damaged at move 6; it replays the moves before it."


def test_an_illegal_move_ends_the_replay_before_it(good):
    moves, _ = good
    position = replayed(GAMES["martha"], 77, moves[:3])
    illegal = next((s, t, 1) for s in range(12) for t in range(12)
                   if s != t and (s, t, 1) not in position.legal_moves())
    replay = parse_replay_link(replay_link(GAMES["martha"], 77, moves[:3] + [illegal] + moves[3:]))
    assert replay.moves == moves[:3]
    assert "Move 4 " in replay.problem


@pytest.mark.parametrize("code", [".", ".B", ".BAB", "A", "!!", "AB.", "%3Cb%3E"])
def test_codes_that_spell_no_move_are_damage_not_crashes(code):
    replay = parse_replay_link("#/fortress/3/replay/1" + code)
    assert replay.problem is not None and "<" not in replay.problem
    assert replayed(replay.rules, 3, replay.moves) is not None


def test_a_pile_the_game_does_not_have_is_an_illegal_move():
    replay = parse_replay_link("#/fortress/3/replay/1__")
    assert replay.moves == [] and replay.problem.startswith("Move 1 ")


def test_a_link_of_another_version_opens_the_deal_at_its_start():
    replay = parse_replay_link("#/fortress/3/replay/9ABCD")
    assert replay.moves == [] and "form we cannot read" in replay.problem


def test_a_link_too_long_is_read_no_further_than_its_limit():
    moves = random_game("chequers", 9, 300)
    link = replay_link(GAMES["chequers"], 9, moves)
    assert len(link) < MAX_REPLAY_LINK
    # A megabyte of moves past the limit: read up to it only (an illegal move
    # right after the real ones ends it here anyway).
    replay = parse_replay_link(link + "AB" * 500_000)
    assert replay.moves == moves and replay.problem.startswith("Move 301 ")


@pytest.mark.parametrize("over", range(1, 6))
def test_a_link_legal_up_to_the_limit_replays_what_fits(good, monkeypatch, over):
    moves, link = good
    monkeypatch.setattr(replay_links, "MAX_REPLAY_LINK", len(link) - over)
    replay = parse_replay_link(link)
    assert replay.moves == moves[:len(replay.moves)] and len(moves) - 3 <= len(replay.moves) < len(moves)
    assert replay.problem == f"This replay link is too long; it replays its first {len(replay.moves)} moves."


@pytest.mark.parametrize("fragment", [
    "#/nosuchgame/3/replay/1AB", "#/fortress/0/replay/1AB", "#/fortress/x/replay/1",
    "#/fortress/3", "#//replay/1", "#/replay/1AB", "#/<img src=x>/3/replay/1"])
def test_a_link_without_a_good_game_and_deal_is_refused_in_words(fragment):
    with pytest.raises(LinkError):
        parse_replay_link(fragment)
