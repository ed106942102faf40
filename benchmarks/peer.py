"""Freecell Solver beside our solver, deal by deal, on the six games it plays.

Run from the repository root:

    .venv/bin/python benchmarks/peer.py [--deals 50] [--games GAME ...]

For deals 1..N of each game that Freecell Solver (``fc-solve``) plays --
Beleaguered Castle, Streets and Alleys, Citadel, Stronghold, Private Lane,
Siegecraft; ``--games`` picks some -- one deal at a time, our solver
(``solve(position, MOST_NODES, seconds=S, memory=2**30)``, the compiled core)
and fc-solve in two setups (their command lines are in benchmarks/peer_board.py):
its depth-first scan over single-card moves (``-to 01ABCDE``, the game's rules
as options), whose "could not solve" is a proof, and the setup PySolFC's solver
runs (pysollib/hint.py with the game's ``FreeCellSolverWrapper`` options), whose
is not. Each at 1 s a deal, and at 10 s: only the deals the 1 s run left
undecided are searched again, for 10 s (a deal decided within 1 s is decided
within 10 s), but the 10 s figures are totals. 50 deals by default, so that
``make bench`` stays short (at worst 3 x 11 s a deal); ``--deals 200`` is the
full report.

fc-solve has no clock of its own: its process is stopped at S seconds, its
start included, and the deal counted undecided; its ``--max-iters`` is
2^31 - 1, beyond what 10 s reaches, so the clock is what ends a search. Nor
does it have a memory limit (ours has 1 GiB): the largest of its processes is
printed (3.4 GB in the run of deals 1-50; 1-1.6 GB after 10 s on one deal).

Printed per game and budget: the deals decided, won and lost by Castling, by
each setup, and by the two setups together (lost there only as the
depth-first scan proves it); on the deals both decide, the median time of
each -- fc-solve's the wall time of its process, its start included (the start
alone is printed at the top), ours the solve() call in this process, without
a process start (the core is loaded once before any clock) -- and the ratio of
the medians, ours / the depth-first scan's. Every line fc-solve calls won is
replayed in the engine and must end won. A disagreement -- a deal one calls
won and another proves lost, or a line that does not replay -- is printed when
found and at the end, and the script exits 1; PySolFC's setup calling lost a
deal another won is no disagreement (it proves nothing), only counted. Without
fc-solve the script says so (Debian's freecell-solver-bin has it) and exits 0.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import peer_board  # noqa: E402
from peer_board import FC_SOLVE, PACKAGE, PROOF, SETUPS, board, command, parse, replay  # noqa: E402

from castling.games import GAMES  # noqa: E402
from castling.position import Position  # noqa: E402
from castling.search.plan import MOST_NODES  # noqa: E402
from castling.search.solver import solve  # noqa: E402

BUDGETS = (1, 10)
MEMORY = 2**30
SIDES = ("castling", *SETUPS)
NAMES = {"castling": "Castling", "dfs": "fc-solve's depth-first scan",
         "pysolfc": "fc-solve as PySolFC runs it"}
# (fc-solve writes a note on its standard error when it reads the board from
# its standard input, unless told to keep quiet.)
QUIET = {**os.environ, "FREECELL_SOLVER_QUIET": "1"}


def version() -> tuple[int, ...]:
    """fc-solve's version, as PySolFC reads it (to know whether it has -hoi)."""
    shown = subprocess.run([FC_SOLVE, "--version"], capture_output=True, text=True).stdout
    found = re.search(r"version ([0-9]+)\.([0-9]+)\.([0-9]+)", shown)
    return tuple(map(int, found.groups())) if found else (0, 0, 0)


def start_up() -> float:
    """The median wall time of ``fc-solve --version``: its process start alone."""
    times = []
    for _ in range(9):
        start = time.perf_counter()
        subprocess.run([FC_SOLVE, "--version"], capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def ours(position: Position, seconds: float) -> tuple[str, float]:
    start = time.perf_counter()
    found = solve(position, MOST_NODES, seconds=seconds, memory=MEMORY)
    took = time.perf_counter() - start
    if found.search != "core":
        sys.exit("peer.py: the compiled core did not answer: build it "
                 "(.venv/bin/python build.py) and run this with .venv/bin/python")
    return found.result, took


def peer(position: Position, setup: str, seconds: float, hoi: bool,
         problems: list[str], failures: list[str], where: str) -> tuple[str, float]:
    """One setup's verdict on a deal and its process's wall time; a won line is
    replayed in the engine, and one that does not end won is a problem."""
    start = time.perf_counter()
    try:
        done = subprocess.run(command(position.rules, setup, hoi), input=board(position),
                              capture_output=True, text=True, timeout=seconds, env=QUIET)
    except subprocess.TimeoutExpired:
        return "unknown", time.perf_counter() - start
    took = time.perf_counter() - start
    if done.returncode != 0:
        # (Counted undecided, and said: a crash, say out of memory, is no
        # verdict, and the run goes on.)
        failures.append(f"{where}: {NAMES[setup]} failed ({done.returncode}): "
                        f"{done.stderr.strip()[-200:]}")
        print(f"peer.py: {failures[-1]}", flush=True)
        return "unknown", took
    verdict, moves = parse(done.stdout)
    if verdict == "won":
        wrong = replay(position, moves)
        if wrong is not None:
            problem(problems, f"{where}: {NAMES[setup]}'s winning line does not replay: {wrong}")
            return "unknown", took
    return verdict, took


def problem(problems: list[str], text: str) -> None:
    problems.append(text)
    print(f"!!! DISAGREEMENT: {text}", flush=True)


def disagreements(verdicts: dict[str, str], problems: list[str], where: str) -> None:
    """A deal one side calls won (with a line the engine replayed) that another proves lost."""
    for winner in SIDES:
        for loser in SIDES:
            proves = loser == "castling" or PROOF[loser]
            if verdicts[winner] == "won" and verdicts[loser] == "lost" and proves:
                problem(problems, f"{where}: {NAMES[winner]} won, {NAMES[loser]} proves it lost")


def union(dfs: str, pysolfc: str) -> str:
    """The two setups together: won if either won, lost only as the scan proves."""
    if "won" in (dfs, pysolfc):
        return "won"
    return "lost" if dfs == "lost" else "unknown"


def counts(verdicts: list[str]) -> str:
    won, lost = verdicts.count("won"), verdicts.count("lost")
    return f"{won + lost:3}/{won:3}/{lost:3}"


def median_ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:8.1f}" if times else f"{'-':>8}"


def report(game_id: str, budget: int, rows: list[dict[str, tuple[str, float]]]) -> str:
    """One line: decided/won/lost of each side, and the times on deals both decide."""
    line = f"{game_id:19}{budget:3} s "
    for side in SIDES:
        line += f"  {counts([row[side][0] for row in rows])}"
    line += f"  {counts([union(row['dfs'][0], row['pysolfc'][0]) for row in rows])}"
    for setup in SETUPS:
        both = [row for row in rows if row["castling"][0] != "unknown" and row[setup][0] != "unknown"]
        mine = [row["castling"][1] for row in both]
        theirs = [row[setup][1] for row in both]
        line += f"  {len(both):3} {median_ms(mine)} {median_ms(theirs)}"
        if setup == "dfs":
            ratio = statistics.median(mine) / statistics.median(theirs) if both else None
            line += f" {ratio:6.2f}" if ratio is not None else f" {'-':>6}"
    return line


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="deals 1..N of each game (default 50)")
    parser.add_argument("--games", nargs="+", default=list(peer_board.GAMES), metavar="GAME",
                        help=f"some of: {' '.join(peer_board.GAMES)}")
    args = parser.parse_args()
    unknown = [game_id for game_id in args.games if game_id not in peer_board.GAMES]
    if unknown:
        parser.error(f"no such game for fc-solve: {', '.join(unknown)} "
                     f"(the games: {', '.join(peer_board.GAMES)})")
    if shutil.which(FC_SOLVE) is None:
        print(f"peer.py: the peer, Freecell Solver ({FC_SOLVE}), is missing: nothing to compare. "
              f"Debian's package {PACKAGE} has it (apt-get install {PACKAGE}).")
        return 0
    shown = version()
    hoi = shown >= (4, 20, 0)
    # Untimed: loads the core, once a process, as benchmarks/solver.py does.
    ours(Position.deal(GAMES[args.games[0]], 1), 1)
    print(f"deals 1-{args.deals} of each game, one at a time, at most 1 s a deal, then 10 s for "
          "those 1 s left undecided (the 10 s figures are totals)")
    print(f"fc-solve {'.'.join(map(str, shown))}: the time of its process, start included "
          f"(its start alone, fc-solve --version: {start_up() * 1000:.1f} ms); Castling's: "
          f"the solve() call alone, no process start, at most {MEMORY >> 20} MiB")
    print("decided/won/lost of: Castling; DFS = fc-solve's depth-first scan over single cards "
          "(-to 01ABCDE: its losses are proofs); PySolFC = fc-solve as PySolFC runs it (its "
          "losses are NOT proofs); union = of the two setups (won by either, lost as DFS proves)")
    print("then, on the deals both decide: how many, the median ms of Castling and of DFS, and "
          "the ratio of the two medians (Castling / DFS); the same for PySolFC")
    print(f"{'game':19}{'budget':6}  {'Castling':>11}  {'DFS':>11}  {'PySolFC':>11}  "
          f"{'union':>11}  {'both':>3} {'ours ms':>8} {'DFS ms':>8} {'ratio':>6}  "
          f"{'both':>3} {'ours ms':>8} {'PySolFC':>8}", flush=True)
    problems: list[str] = []
    failures: list[str] = []
    gave_up = 0
    for game_id in args.games:
        rows: dict[int, list[dict[str, tuple[str, float]]]] = {budget: [] for budget in BUDGETS}
        for number in range(1, args.deals + 1):
            position = Position.deal(GAMES[game_id], number)
            before: dict[str, tuple[str, float]] = {}
            for budget in BUDGETS:
                where = f"{game_id} deal {number} at {budget} s"
                row = {}
                for side in SIDES:
                    if side in before and before[side][0] != "unknown":
                        row[side] = before[side]    # decided within the shorter budget
                    elif side == "castling":
                        row[side] = ours(position, budget)
                    else:
                        row[side] = peer(position, side, budget, hoi, problems, failures, where)
                disagreements({side: row[side][0] for side in SIDES}, problems, where)
                rows[budget].append(row)
                before = row
            gave_up += before["pysolfc"][0] == "lost" and "won" in (before["castling"][0],
                                                                     before["dfs"][0])
        for budget in BUDGETS:
            print(report(game_id, budget, rows[budget]), flush=True)
    # (Every child of this process is an fc-solve; ru_maxrss is in KiB on Linux.)
    largest = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss >> 10
    print(f"fc-solve's largest process: {largest} MiB (it has no memory limit; Castling "
          f"{MEMORY >> 20} MiB)")
    if failures:
        print(f"fc-solve failed on {len(failures)} run(s), counted undecided (said above)")
    if gave_up:
        print(f"(PySolFC's setup called {gave_up} deal(s) lost that another side won: "
              "its losses are no proof, as said; not a disagreement)")
    if problems:
        print(f"\n!!! {len(problems)} DISAGREEMENT(S):")
        print("\n".join(f"!!! {text}" for text in problems))
        return 1
    print("No disagreement: no deal one calls won and another proves lost; every winning line "
          "fc-solve gave replays to a win in the engine.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
