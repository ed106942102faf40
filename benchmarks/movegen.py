"""How many positions per second the engine takes through "generate the legal
moves, play one of them" on random playouts, per game, on one core.

Run from the repository root:  PYTHONPATH=py python3 benchmarks/movegen.py
The solver lives on this loop; the target is 30,000 a second on Chessboard.
"""

from __future__ import annotations

import argparse
import random
import time

from castling.games import GAMES
from castling.position import Position

PLAYOUT_LENGTH = 300   # random play never ends in games with take-backs


def positions_per_second(rules, seconds: float, seed: int = 1) -> float:
    """Random playouts from successive deals for about ``seconds``; the rate achieved."""
    rng = random.Random(seed)
    steps = 0
    deal = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        deal += 1
        position = Position.deal(rules, deal)
        for _ in range(PLAYOUT_LENGTH):
            moves = position.legal_moves()
            if not moves:
                break
            position.play(moves[rng.randrange(len(moves))])
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    parser.add_argument("games", nargs="*", default=list(GAMES), help="game ids")
    args = parser.parse_args()
    for game_id in args.games:
        rate = positions_per_second(GAMES[game_id], args.seconds)
        print(f"{game_id:18s} {rate:10,.0f} positions/s")


if __name__ == "__main__":
    main()
