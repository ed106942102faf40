"""benchmarks/peer.py's board and line: a position written for Freecell Solver
says card for card what the engine's does, and fc-solve's line, read back, is
played by the engine (the only judge of legality) to a win, or its fault named.

The parse and replay are held on fc-solve's output written out here, so they
are tested where fc-solve is not installed (CI); with it, deal 1 of Citadel
and of Private Lane is solved by both setups and the lines replayed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from castling.cards import card_text
from castling.games import GAMES
from castling.position import Position

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
import peer_board  # noqa: E402
from peer_board import board, command, engine_move, parse, replay  # noqa: E402

SUITS = {"C": 0, "S": 1, "H": 2, "D": 3}


def read_board(text: str) -> tuple[dict[str, str], list[str], list[list[str]]]:
    """fc-solve's board text as it reads it: foundation rank by suit, free cells, columns."""
    founded: dict[str, str] = {}
    cells: list[str] = []
    columns = []
    for line in text.splitlines():
        if line.startswith("Foundations:"):
            founded = dict(item.split("-") for item in line.split()[1:])
        elif line.startswith("Freecells:"):
            cells = line.split()[1:]
        else:
            assert line.startswith(":"), line
            columns.append(line[1:].split())
    return founded, cells, columns


def assert_same(position: Position) -> None:
    founded, cells, columns = read_board(board(position))
    piles = position.to_piles()
    rules = position.rules
    assert columns == [piles[name] for name in rules.pile_names_of("t")]
    assert cells == [(piles[name] or ["-"])[-1] for name in rules.pile_names_of("r")]
    assert len(cells) == peer_board.freecells(rules)
    for index, name in enumerate(rules.pile_names_of("f")):
        suit = rules.foundation(index)[0]
        letter = "CSHD"[suit]
        # A foundation holds its suit from the Ace up: its top rank is its count.
        assert [SUITS[code[1]] for code in piles[name]] == [suit] * len(piles[name])
        assert founded[letter] == "0A23456789TJQK"[len(piles[name])]


@pytest.mark.parametrize("game_id", peer_board.GAMES)
def test_a_deal_is_written_card_for_card(game_id):
    for number in (1, 2, 7):
        assert_same(Position.deal(GAMES[game_id], number))


def test_citadels_cards_home_from_the_deal_are_on_the_foundation_line():
    position = Position.deal(GAMES["citadel"], 1)
    founded, _, columns = read_board(board(position))
    assert founded == {"C": "2", "S": "4", "H": "2", "D": "3"}
    assert columns[1] == ["KC", "9D", "4H"]     # a pile the deal left short


def test_cards_in_free_cells_are_written_and_an_empty_one_is_a_dash():
    position = Position.from_text(GAMES["private-lane"], TINY)
    founded, cells, columns = read_board(board(position))
    assert cells == ["-", "JS"]
    assert founded == {"C": "K", "S": "T", "H": "K", "D": "Q"}
    assert columns[:3] == [["KD"], ["QS", "KS"], []]
    assert_same(position)


def test_a_game_fc_solve_does_not_play_is_refused():
    with pytest.raises(ValueError, match="fc-solve does not play penelopes-web"):
        board(Position.deal(GAMES["penelopes-web"], 1))
    with pytest.raises(ValueError, match="fc-solve does not play"):
        command(GAMES["fortress"], "dfs")


def test_the_setups_command_lines():
    dfs = command(GAMES["siegecraft"], "dfs")
    assert dfs[dfs.index("-to") + 1] == "01ABCDE"
    assert dfs[dfs.index("--freecells-num") + 1] == "1"
    assert dfs[dfs.index("--empty-stacks-filled-by") + 1] == "all"
    pysolfc = command(GAMES["citadel"], "pysolfc")
    assert pysolfc[:6] == ["fc-solve", "-m", "-p", "-opt", "-sel", "-hoi"]
    assert pysolfc[-3:] == ["--preset", "streets_and_alleys", "-"]
    assert "-hoi" not in command(GAMES["citadel"], "pysolfc", hint_on_intractable=False)


def founded(**counts: int) -> str:
    """Foundation lines holding the first ``counts[suit]`` cards of each suit (C S H D)."""
    return "".join(f"f{suit + 1}: " + " ".join(card_text(13 * suit + rank)
                                              for rank in range(counts[letter])) + "\n"
                   for suit, letter in enumerate("CSHD"))


# Private Lane, almost done: a King of diamonds and two spades to go, the
# Jack of spades in the second free cell.
TINY = "t1: KD\nt2: QS KS\n" + founded(C=13, S=10, H=13, D=12) + "r2: JS\n"

# What fc-solve 5.0.0 printed for it (-m -p -sel ... -to 01ABCDE).
WON = """-=-=-=-=-=-=-=-=-=-=-=-

Move a card from stack 0 to the foundations

====================

Move a card from freecell 1 to the foundations

====================

Move 1 cards from stack 1 to stack 2

====================

Move a card from stack 1 to the foundations

====================

Move a card from stack 2 to the foundations

====================

This game is solveable.
Total number of states checked is 6.
This scan generated 6 states.
"""


def test_a_won_line_is_read_and_replayed_to_a_win():
    verdict, moves = parse(WON)
    assert verdict == "won"
    assert moves == ["a card from stack 0 to the foundations",
                     "a card from freecell 1 to the foundations",
                     "1 cards from stack 1 to stack 2",
                     "a card from stack 1 to the foundations",
                     "a card from stack 2 to the foundations"]
    position = Position.from_text(GAMES["private-lane"], TINY)
    names = position.rules.pile_names
    # Each move as the engine has it: a card home goes to its suit's foundation.
    assert engine_move(position, moves[0]) == (names.index("t1"), names.index("f4"), 1)
    assert engine_move(position, moves[1]) == (names.index("r2"), names.index("f2"), 1)
    assert engine_move(position, moves[2]) == (names.index("t2"), names.index("t3"), 1)
    assert replay(position, moves) is None
    assert not position.is_won()      # (played in a copy)


def test_a_line_the_engine_refuses_or_that_ends_short_is_named():
    position = Position.from_text(GAMES["private-lane"], TINY)
    _, moves = parse(WON)
    # The King of spades home before its Queen.
    assert "move 1 ('a card from stack 1 to the foundations') is t2-f2, not legal here" in \
        replay(position, moves[3:4])
    assert replay(position, moves[:2]) == "its 2 moves do not end won"
    assert "move 1 ('the sequence on top of Stack 0 to the foundations'): not a move" in \
        replay(position, ["the sequence on top of Stack 0 to the foundations"])
    assert "has no pile r3" in replay(position, ["a card from stack 0 to freecell 2"])


def test_the_other_verdicts_are_read():
    assert parse("I could not solve this game.\nTotal number of states checked is 1196.\n") == \
        ("lost", [])
    assert parse("Iterations count exceeded.\nTotal number of states checked is 10.\n")[0] == \
        "unknown"
    assert parse("") == ("unknown", [])        # stopped before it said anything


needs_fc_solve = pytest.mark.skipif(
    shutil.which(peer_board.FC_SOLVE) is None,
    reason=f"fc-solve is not installed (Debian's {peer_board.PACKAGE}): "
           "only its written-out output is checked")


@needs_fc_solve
@pytest.mark.parametrize("setup", peer_board.SETUPS)
@pytest.mark.parametrize("game_id", ["citadel", "private-lane"])
def test_fc_solve_wins_deal_1_with_a_line_the_engine_replays(game_id, setup):
    position = Position.deal(GAMES[game_id], 1)
    done = subprocess.run(command(position.rules, setup), input=board(position),
                          capture_output=True, text=True, timeout=60, check=True,
                          env={**os.environ, "FREECELL_SOLVER_QUIET": "1"})
    verdict, moves = parse(done.stdout)
    assert verdict == "won", done.stdout[-300:]
    assert replay(position, moves) is None


def test_a_run_moved_at_once_is_one_move_of_the_engine():
    # Streets and Alleys, six spaces: three cards may move onto one at once.
    position = Position.from_text(GAMES["streets-and-alleys"],
                                  "t1: KD QS JD\nt2: KS QD JS\n" + founded(C=13, S=10, H=13, D=10))
    moves = ["3 cards from stack 0 to stack 2"] + [
        f"a card from stack {stack} to the foundations" for stack in (2, 1, 2, 1, 1, 2)]
    names = position.rules.pile_names
    assert engine_move(position, moves[0]) == (names.index("t1"), names.index("t3"), 3)
    assert replay(position, moves) is None
    # Without the run's move, the third pile has nothing to send home.
    assert replay(position, moves[1:]) == \
        "move 1 ('a card from stack 2 to the foundations'): founds a card from an empty pile"
