"""How quickly the solver decides deals, per game, on one core.

Run from the repository root:  PYTHONPATH=py python3 benchmarks/solver.py [--deals 100]

For deals 1..N of each game: how many were won, lost or left unknown within the
node budget, how many were decided within 2 seconds (the target for Chessboard,
Morphy and Martha is 95%), the median and slowest time, and the node rate.
"""

from __future__ import annotations

import argparse
import statistics
import time

from castling.games import GAMES
from castling.position import Position
from castling.solver import solve

TWO_SECONDS_OF_NODES = 20_000   # the budget the study uses; about 2 s here


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--max-nodes", type=int, default=TWO_SECONDS_OF_NODES)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    print(f"deals 1-{args.deals}, budget {args.max_nodes} nodes, one core")
    print(f"{'game':18} {'won':>4} {'lost':>4} {'unk':>4} {'<=2s':>5} "
          f"{'median s':>9} {'max s':>6} {'nodes/s':>8}")
    for game_id in args.games:
        rules = GAMES[game_id]
        counts = {"won": 0, "lost": 0, "unknown": 0}
        times = []
        nodes = 0
        within = 0
        for number in range(1, args.deals + 1):
            position = Position.deal(rules, number)
            start = time.perf_counter()
            result = solve(position, args.max_nodes)
            seconds = time.perf_counter() - start
            counts[result.result] += 1
            times.append(seconds)
            nodes += result.nodes
            within += result.result != "unknown" and seconds <= 2.0
        print(f"{game_id:18} {counts['won']:4} {counts['lost']:4} {counts['unknown']:4} "
              f"{within:5} {statistics.median(times):9.3f} {max(times):6.2f} "
              f"{nodes / sum(times):8.0f}", flush=True)


if __name__ == "__main__":
    main()
