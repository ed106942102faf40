"""How many positions per second the engine takes through "generate the legal
moves, play one of them" on random playouts, per game, on one core.

Run from the repository root:  PYTHONPATH=py python3 benchmarks/movegen.py
The solver lives on this loop; the target is 30,000 a second on Chessboard.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from castling.games import GAMES
from castling.position import Position

PLAYOUT_LENGTH = 300   # random play never ends in games with take-backs
ROUNDS = 5             # the machine may be shared: report the median of several rounds


def positions_per_second(rules, seconds: float, seed: int = 1) -> float:
    """Random playouts from successive deals for about ``seconds`` of playing time.

    Only the "generate, play" steps are timed: dealing is not part of the loop
    the solver runs, and in Chessboard a random playout is often stuck after a
    handful of moves, so counting the deals would measure dealing instead.
    """
    rng = random.Random(seed)
    steps = 0
    spent = 0.0
    deal = 0
    clock = time.perf_counter
    while spent < seconds:
        deal += 1
        position = Position.deal(rules, deal)
        start = clock()
        for _ in range(PLAYOUT_LENGTH):
            moves = position.legal_moves()
            if not moves:
                break
            position.play(moves[rng.randrange(len(moves))])
            steps += 1
        spent += clock() - start
    return steps / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    parser.add_argument("games", nargs="*", default=list(GAMES), help="game ids")
    args = parser.parse_args()
    print(f"{'game':18s} {'median':>10s}   {'range over ' + str(ROUNDS) + ' rounds':>24s}")
    for game_id in args.games:
        rates = sorted(positions_per_second(GAMES[game_id], args.seconds / ROUNDS, seed)
                       for seed in range(ROUNDS))
        print(f"{game_id:18s} {statistics.median(rates):10,.0f}   "
              f"{rates[0]:11,.0f} - {rates[-1]:,.0f}  positions/s")


if __name__ == "__main__":
    main()
