"""Frozen move counts, in the manner of chess perft: for a few deals of every
game, how many move sequences of length 1, 2, ... k the rules allow from the
deal. tests/fixtures/perft.json keeps the counts; any change to move generation
shows up as a changed number there.

Regenerate (only when a rule is meant to change, and say why in the commit):
    PYTHONPATH=py python3 tests/engine/perft.py > tests/fixtures/perft.json
"""

from __future__ import annotations

import json

from castling import GAMES, Position

DEALS = (1, 31999, 32000)      # both numbering ranges and the boundary
DEPTH = 4


def perft(position: Position, depth: int) -> int:
    """Move sequences of exactly ``depth`` moves from ``position``."""
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        record = position.play(move)
        total += perft(position, depth - 1)
        position.undo(record)
    return total


def counts() -> dict[str, dict[str, list[int]]]:
    """{game: {deal: [perft(1), ..., perft(DEPTH)]}} for every game and DEALS."""
    return {game_id: {str(number): [perft(Position.deal(rules, number), depth)
                                    for depth in range(1, DEPTH + 1)]
                      for number in DEALS}
            for game_id, rules in GAMES.items()}


if __name__ == "__main__":
    frozen = counts()
    print("{\n" + ",\n".join(f'  "{game}": {json.dumps(deals)}' for game, deals in frozen.items())
          + "\n}")
