"""How quickly the solver decides deals, per game, on one core, next to an anchor.

Run from the repository root:

    PYTHONPATH=py python3 benchmarks/solver.py [--deals 50] [--against REV] [GAME ...]
    .venv/bin/python benchmarks/solver.py --core [--deals 50] [GAME ...]
    .venv/bin/python benchmarks/solver.py --mirror [--deals 20] [--max-nodes 20000] [GAME ...]
    .venv/bin/python benchmarks/solver.py --decided [--deals 200] [--python] [GAME ...]

For deals 1..N of each game, both this checkout's solver and the anchor's (the
solver as it was at git revision REV: by default ANCHOR, before issue 14's
work) solve every deal with the same node budget, one after the other in the
same run, each in a fresh process, and again for each further round (--rounds;
each side keeps its quickest round, as timeit does: what slows a round down is
the machine's other load, not the solver). Printed per game: deals won, lost
and left unknown, the share decided within one second, and positions searched
a second, for both, and the ratio of the node rates (this machine's speed
varies by a third from run to run; the ratio is the figure).

``--core``: the compiled search core (through wasmtime, the module that
build.py wrote to dist/ or $CASTLING_CORE_WASM) against this checkout's own
Python search (CASTLING_SOLVER=python), the anchor, on the same deals in the
same run: the ratio of node rates is the speed-up (each worker solves once
before it starts the clock, untimed: that loads the core, once a process).
The verdicts differ only where the core's own stages (its third; its second
carrying on) decide what the Python search does not. A second ratio, the
search column, leaves out the time solve() spends replaying the core's won
lines in the engine (the Python search's need no replay): on deals won in a
few thousand positions that replay takes as long as the core's search. ``--mirror``: no timing; for each deal, the core's verdict, node
count and line against the Python search's (what tests/engine/test_core_solver.py
checks for 20 deals, and leaves to this for the slowest games at 20,000);
exits 1 on any difference. ``--decided``: the issue's goals, in time rather
than positions: for deals 1..N (200 by default) of each game, the share the
core decides within 1 s (``solve(..., seconds=1)``, at most 1 GiB), and within
10 s (the deals 1 s left undecided, searched again for 10 s), and the share
proved won within 10 s; with ``--python``, the same for the Python search
beside it (slow: up to 11 s a deal it cannot decide).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANCHOR = "4f7df91"     # the solver before issue 14's work (9-22 thousand positions a second)
BUDGET = 20_000        # the study's budget per deal

# Runs in a fresh interpreter with one engine's folder first on its path.
WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from castling.games import GAMES
from castling.position import Position
from castling.search import solver
rules, rows, replaying = GAMES[sys.argv[2]], [], [0.0]
replayed = getattr(solver, "_replayed", None)
if replayed is not None:        # (the time the engine spends replaying the core's lines)
    def timed(*args):
        start = time.perf_counter()
        try:
            return replayed(*args)
        finally:
            replaying[0] += time.perf_counter() - start
    solver._replayed = timed
solver.solve(Position.deal(rules, 1), 1)   # untimed: loads the core where there is one
for number in range(1, int(sys.argv[3]) + 1):
    position = Position.deal(rules, number)
    replaying[0] = 0.0
    start = time.perf_counter()
    result = solver.solve(position, int(sys.argv[4]))
    rows.append((result.result, result.nodes, time.perf_counter() - start,
                 getattr(result, "search", "python"), replaying[0]))
print(json.dumps(rows))
"""


def engine_at(revision: str, into: Path) -> Path:
    """The engine's folder (py/) as it was at a git revision."""
    archive = subprocess.run(["git", "archive", revision, "py/castling"], cwd=ROOT,
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "py"


def measure(engine: Path, game_id: str, deals: int, budget: int,
            search: str | None = None) -> dict:
    """One side's figures; ``search``, if given, the search every answer must name."""
    env = {name: value for name, value in os.environ.items() if name != "CASTLING_SOLVER"}
    if search == "python":
        env["CASTLING_SOLVER"] = "python"
    output = subprocess.run([sys.executable, "-c", WORKER, str(engine), game_id, str(deals),
                             str(budget)], check=True, capture_output=True, text=True,
                            env=env).stdout
    rows = json.loads(output)
    if search is not None and any(row[3] != search for row in rows):
        sys.exit(f"solver.py: {game_id}: not every deal was searched by the {search} search "
                 "(is the core built? .venv/bin/python build.py)")
    seconds = sum(row[2] for row in rows)
    searching = seconds - sum(row[4] for row in rows)
    return {"won": sum(row[0] == "won" for row in rows),
            "lost": sum(row[0] == "lost" for row in rows),
            "unknown": sum(row[0] == "unknown" for row in rows),
            "within_1s": sum(row[0] != "unknown" and row[2] <= 1.0 for row in rows) / len(rows),
            "rate": sum(row[1] for row in rows) / max(seconds, 1e-9),
            "search_rate": sum(row[1] for row in rows) / max(searching, 1e-9)}


def quickest(best: dict | None, this: dict) -> dict:
    """Of two rounds on the same deals (the same verdicts), the quicker."""
    return this if best is None or this["rate"] > best["rate"] else best


def main() -> None:
    sys.path.insert(0, str(ROOT / "py"))
    from castling.games import GAMES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--max-nodes", type=int, default=BUDGET)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--against", default=ANCHOR, metavar="REV",
                        help=f"the anchor's git revision (default {ANCHOR})")
    parser.add_argument("--core", action="store_true",
                        help="the core against this checkout's Python search")
    parser.add_argument("--mirror", action="store_true",
                        help="compare the core's answers with the Python search's, deal by deal")
    parser.add_argument("--decided", action="store_true",
                        help="the shares decided within 1 s and 10 s (deals 1-200 by default)")
    parser.add_argument("--python", action="store_true",
                        help="with --decided: the Python search beside the core")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    unknown = [game_id for game_id in args.games if game_id not in GAMES]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)} (the games: {', '.join(GAMES)})")
    if args.decided:
        deals = args.deals if "--deals" in sys.argv else 200
        sys.exit(decided(args.games, deals, args.python))
    if args.mirror:
        sys.exit(mirror(args.games, args.deals, args.max_nodes))
    sides = (("core", "python") if args.core else (None, None))
    anchor_name = "the Python search (CASTLING_SOLVER=python)" if args.core else \
        f"the solver at {args.against}"
    print(f"deals 1-{args.deals}, budget {args.max_nodes} positions, one core; "
          f"anchor: {anchor_name}")
    print(f"{'game':18} {'won':>9} {'lost':>9} {'unknown':>9} {'≤1 s':>11} "
          f"{'positions/s':>15} {'ratio':>6} {'search':>7}")
    ratios, search_ratios = [], []
    with tempfile.TemporaryDirectory() as scratch:
        anchor = ROOT / "py" if args.core else engine_at(args.against, Path(scratch))
        for game_id in args.games:
            now = then = None
            for _ in range(args.rounds):
                now = quickest(now, measure(ROOT / "py", game_id, args.deals, args.max_nodes,
                                            sides[0]))
                then = quickest(then, measure(anchor, game_id, args.deals, args.max_nodes,
                                              sides[1]))
            ratio = now["rate"] / then["rate"]
            ratios.append(ratio)
            search_ratios.append(now["search_rate"] / then["search_rate"])
            print(f"{game_id:18} {now['won']:4}/{then['won']:<4} {now['lost']:4}/{then['lost']:<4} "
                  f"{now['unknown']:4}/{then['unknown']:<4} "
                  f"{now['within_1s']:5.0%}/{then['within_1s']:<5.0%} "
                  f"{now['rate']:7.0f}/{then['rate']:<7.0f} {ratio:5.2f}x "
                  f"{search_ratios[-1]:6.2f}x", flush=True)
    print(f"(now/anchor in each column) median node-rate ratio {statistics.median(ratios):.2f}x; "
          f"of the searches alone, without the engine's replay of the core's won lines "
          f"(the search column), {statistics.median(search_ratios):.2f}x")


def decided(games: list[str], deals: int, python: bool) -> int:
    """The shares of deals 1..deals decided within 1 s and 10 s, and won within
    10 s, by the core (and the Python search): a line per game."""
    from castling.games import GAMES
    from castling.position import Position
    from castling.search.solver import solve
    sides = ["core", "python"] if python else ["core"]
    print(f"deals 1-{deals}; decided within 1 s / within 10 s / won within 10 s "
          f"({' | '.join(sides)}), at most 1 GiB")
    for game_id in games:
        line = f"{game_id:20}"
        for side in sides:
            if side == "python":
                os.environ["CASTLING_SOLVER"] = "python"
            else:
                os.environ.pop("CASTLING_SOLVER", None)
            quick = slow = won = 0
            for number in range(1, deals + 1):
                position = Position.deal(GAMES[game_id], number)
                found = solve(position, 2**31 - 1, seconds=1, memory=2**30)
                if found.search != side:
                    sys.exit(f"solver.py: the {side} search did not answer (build the core)")
                if found.result == "unknown":
                    found = solve(position, 2**31 - 1, seconds=10, memory=2**30)
                else:
                    quick += 1
                slow += found.result != "unknown"
                won += found.result == "won"
            line += (f"  {side}: {quick / deals:6.1%} {slow / deals:6.1%} {won / deals:6.1%}")
        print(line, flush=True)
    os.environ.pop("CASTLING_SOLVER", None)
    return 0


def mirror(games: list[str], deals: int, budget: int) -> int:
    """Deals 1..deals of each game through the core and the Python search:
    the number of deals whose answers differ (0: the same everywhere)."""
    from castling.games import GAMES
    from castling.position import Position
    from castling.search.solver import python_solve, solve
    os.environ.pop("CASTLING_SOLVER", None)
    differ = 0
    for game_id in games:
        won = same = 0
        for number in range(1, deals + 1):
            position = Position.deal(GAMES[game_id], number)
            # (As solver 3: the core's third stage and its second carrying on
            # from the first have no Python twin.)
            core = solve(position, budget, solver=3)
            if core.search != "core":
                sys.exit("solver.py: the core does not load (.venv/bin/python build.py)")
            python = python_solve(position, budget)
            if (core.result, core.nodes, core.moves) != (python.result, python.nodes, python.moves):
                differ += 1
                print(f"{game_id} {number}: core {core.result} {core.nodes}, "
                      f"python {python.result} {python.nodes}", flush=True)
            else:
                same += 1
            won += core.result == "won"
        print(f"{game_id:18} deals 1-{deals} at {budget}: {won} won by the core, "
              f"{same} of {deals} answers the same", flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    main()
