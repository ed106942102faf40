"""Grade the deals the study proved winnable: data/grades.json (castling.app.deals.grades).

    PYTHONPATH=py python3 scripts/grades.py [--jobs N] [--per-grade N] [--table-only] [games ...]

The winnability study (data/winnability.csv, read and never written here) holds
verdicts from several solver versions, whose position counts do not compare. A
"won" is a proof whichever version gave it, so this takes every deal the study
proved won and solves it again as solver SOLVER searches (castling.search.solver.solve,
which runs the compiled core where it loads: build the site first) within
BUDGET positions, appending each count to data/grades-measured.csv as it comes
back. Running again measures only what is not measured yet by that solver
version, so it can be stopped and resumed; raising SOLVER measures everything
again. Then it grades each game's deals into thirds by the positions needed and
writes the table the site ships, listing up to --per-grade deals of each grade.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from castling import GAMES, Position  # noqa: E402
from castling.app.deals.grades import (GRADES, LEAST_IN_A_GRADE, GameGrades, GradeTable,  # noqa: E402
                                    grade_of, limits)
from castling.search.solver import solve  # noqa: E402

STUDY = ROOT / "data" / "winnability.csv"
MEASURED = ROOT / "data" / "grades-measured.csv"
TABLE = ROOT / "data" / "grades.json"
FIELDS = ["game", "deal", "result", "nodes", "moves", "solver", "budget"]
#: the positions a deal is measured within: a deal the study proved with a larger
#: budget (some of the several-deck games' were searched with 200,000) that the
#: solver SOLVER does not prove within this is recorded as needing more (hard,
#: never listed). Changing it measures every deal again (the rows keep their budget).
BUDGET = 100_000
#: the solver version the deals are measured as (solve(..., solver=SOLVER): the
#: current solver searches as it did, node for node). Within BUDGET solver 5
#: searches every deal as solver 4 did (a one-deck game's beam needs 200,000
#: positions: castling.search.plan.beam_share), so its 215,000 measures stand;
#: raising this measures every deal again.
SOLVER = 4
PER_GRADE = 300         # deals listed of each grade: the table stays a few kilobytes a game
BATCH = 16


def measure(game_id: str, number: int) -> dict:
    """The positions solver SOLVER needs to prove one deal won (and its line's length)."""
    rules = GAMES[game_id]
    found = solve(Position.deal(rules, number), BUDGET, solver=SOLVER)
    return {"game": game_id, "deal": number, "result": found.result, "nodes": found.nodes,
            "moves": len(found.moves), "solver": SOLVER, "budget": BUDGET}


def measure_batch(jobs: list[tuple[str, int]]) -> list[dict]:
    return [measure(*job) for job in jobs]


def proved_won(games: list[str]) -> dict[str, list[int]]:
    """The deals of each game the study proved won, by any solver version."""
    won = defaultdict(set)
    with STUDY.open(newline="") as file:
        for row in csv.DictReader(file):
            if row["result"] == "won" and row["game"] in games:
                won[row["game"]].add(int(row["deal"]))
    return {game_id: sorted(won[game_id]) for game_id in games if won[game_id]}


def measured() -> dict[tuple[str, int], dict]:
    """What solver SOLVER measured already, by (game, deal)."""
    if not MEASURED.exists():
        return {}
    with MEASURED.open(newline="") as file:
        return {(row["game"], int(row["deal"])): row for row in csv.DictReader(file)
                if int(row["solver"]) == SOLVER and int(row["budget"]) == BUDGET}


def run(todo: list[tuple[str, int]], jobs: int) -> None:
    batches = [todo[i:i + BATCH] for i in range(0, len(todo), BATCH)]
    new_file = not MEASURED.exists()
    start, done, shown = time.monotonic(), 0, 0
    with MEASURED.open("a", newline="") as handle, \
            concurrent.futures.ProcessPoolExecutor(jobs) as pool:
        writer = csv.DictWriter(handle, FIELDS)
        if new_file:
            writer.writeheader()
        for future in concurrent.futures.as_completed(
                [pool.submit(measure_batch, batch) for batch in batches]):
            rows = future.result()
            writer.writerows(rows)
            handle.flush()
            done += len(rows)
            if done * 20 // len(todo) > shown or done == len(todo):
                shown = done * 20 // len(todo)
                rate = done / max(time.monotonic() - start, 1e-9)
                print(f"{done}/{len(todo)} deals measured, {rate:.0f}/s, "
                      f"{(len(todo) - done) / rate:.0f} s left", flush=True)


def grade(proved: dict[str, list[int]], rows: dict[tuple[str, int], dict],
          per_grade: int) -> GradeTable:
    """Each game's proved deals graded by the positions they need (a deal solver SOLVER
    did not prove within the budget needs more than any it did: hard, unlisted)."""
    table = GradeTable(SOLVER, BUDGET)
    for game_id, numbers in proved.items():
        needs = {}
        for number in numbers:
            row = rows[game_id, number]
            needs[number] = int(row["nodes"]) if row["result"] == "won" else BUDGET + 1
        bounds = limits(list(needs.values()))
        if bounds[1] > BUDGET:
            # More than a third need more than the budget (Castle Mount, proved
            # with 200,000 positions): thirds of those measured within it, so that
            # hard has deals to list; the rest are hard too, unlisted.
            bounds = limits([need for need in needs.values() if need <= BUDGET])
        by_grade: dict[str, list[int]] = {grade: [] for grade in GRADES}
        for number in numbers:
            by_grade[grade_of(needs[number], bounds)].append(number)
        listed = {grade: [n for n in deals if needs[n] <= BUDGET][:per_grade]
                  for grade, deals in by_grade.items()}
        table.games[game_id] = GameGrades(
            len(numbers), bounds, tuple(len(by_grade[grade]) for grade in GRADES),  # type: ignore[arg-type]
            {grade: deals for grade, deals in listed.items() if len(deals) >= LEAST_IN_A_GRADE})
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--per-grade", type=int, default=PER_GRADE)
    parser.add_argument("--table-only", action="store_true", help="measure nothing; write the table")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)}")
    proved = proved_won(list(GAMES))        # the table always covers every game
    rows = measured()
    todo = [(game_id, number) for game_id in (args.games or GAMES)
            for number in proved.get(game_id, []) if (game_id, number) not in rows]
    if todo and not args.table_only:
        run(todo, args.jobs)
        rows = measured()
    missing = [game_id for game_id, numbers in proved.items()
               if any((game_id, n) not in rows for n in numbers)]
    if missing:
        print("not measured yet, so not written: " + ", ".join(missing))
        return 1
    table = grade(proved, rows, args.per_grade)
    TABLE.write_text(table.to_json() + "\n")
    for game_id in GAMES:
        graded = table.games.get(game_id)
        if graded is None:
            print(f"{game_id:20s} no deal proved winnable: no grades")
            continue
        unproved = sum(rows[game_id, n]["result"] != "won" for n in proved[game_id])
        print(f"{game_id:20s} {graded.proved:5d} proved ({unproved} past the budget now); "
              f"easy <= {graded.limits[0]}, medium <= {graded.limits[1]} positions; "
              f"{'/'.join(map(str, graded.counts))}; offers {', '.join(table.offered(game_id))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
