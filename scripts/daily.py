"""Find the deals of the day ahead of time: data/daily.json (castling.app.deals.daily).

    PYTHONPATH=py .venv/bin/python scripts/daily.py --until 2031-12-31 [--jobs N] [games ...]

For each game, from the first day no rule has picked up to --until, tries the
day's candidates in order with the solver and keeps the index of the first one
proved winnable, by the newest rule (castling.app.deals.daily.RULES: its solver
version, which must be this checkout's, and its budget). Days already in the
table are never searched again, whatever rule picked them: running again
extends the table, so it can be stopped and resumed at any time. A game of
whose deals the winnability study (data/winnability.csv) proved too few won
(castling.app.deals.daily.has_days) is left out, unless a deeper search of its
first deals within the newest rule's budget did (data/deep, written by
scripts/deep_search.py): its candidates would not end.

The newest rule's budgets are meant for the compiled core (``make`` builds it
and installs wasmtime in .venv): build it first. Since solver 4 the core's
third stage (castling.search.plan.stages_for), and since solver 6 its second stage
carrying on from the first's positions (castling.search.plan.carries_on), which the
Python search lacks, win candidates the Python search leaves unknown, so
without the core the picks would not be the rule's.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import json
import os
import sys
import time
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

from castling import GAMES, Position
from castling.app.deals.daily import LATEST, RULES, DailyTable, candidate, has_days, read_table
from castling.search.solver import VERSION, solve

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "data" / "daily.json"
STUDY = ROOT / "data" / "winnability.csv"
DEEP = ROOT / "data" / "deep"
MAX_TRIES = 2_000                   # a game whose day needs more is stopped and reported
SAVE_SECONDS = 60                   # the table is written at least this often while days are found


def pick(game_id: str, day: date, budget: int) -> int | None:
    """The index of the day's first candidate proved winnable, or None."""
    rules = GAMES[game_id]
    for k in range(MAX_TRIES):
        if solve(Position.deal(rules, candidate(game_id, day, k)), budget).result == "won":
            return k
    return None


def games_with_days() -> set[str]:
    """The games of which a search within the newest rule's budget proved
    enough deals won (has_days): the winnability study, or a deeper search of
    a game's first deals (scripts/deep_search.py, data/deep: Zerline (3 decks)
    within rule 5's budget)."""
    tried: Counter[str] = Counter()
    won: Counter[str] = Counter()
    with STUDY.open(newline="") as file:
        for row in csv.DictReader(file):
            tried[row["game"]] += 1
            won[row["game"]] += row["result"] == "won"
    games = {game_id for game_id in tried if has_days(won[game_id], tried[game_id])}
    for path in sorted(DEEP.glob("*.json")):
        record = json.loads(path.read_text())
        if record["budget"] <= RULES[LATEST].budget and has_days(
                len(record["won"]), record["searched_to"]):
            games.add(record["game"])
    return games


def reach(table: DailyTable) -> str:
    """Each game's days in ``table``, as the docs would say them: its first and last
    day and the rules that picked them, one line a game (the docs point here rather
    than copy dates that change each time the table is extended)."""
    lines = []
    for game_id in GAMES:
        runs = [stretch for stretch in table.stretches.get(game_id, []) if stretch.picks]
        if not runs:
            lines.append(f"{game_id}: no deals of the day")
            continue
        rules = ", ".join(str(rule) for rule in sorted({stretch.rule for stretch in runs}))
        lines.append(f"{game_id}: {runs[0].first} to {runs[-1].last} (rules {rules})")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--until", type=date.fromisoformat, help="YYYY-MM-DD")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--reach", action="store_true",
                        help="print each game's days in the table, and stop")
    args = parser.parse_args(argv)
    if args.reach:
        print(reach(read_table(TABLE.read_text())), end="")
        return 0
    if args.until is None:
        parser.error("--until is needed (or --reach)")
    rule = RULES[LATEST]
    if rule.solver != VERSION:
        sys.exit(f"daily.py: rule {rule.version} picks with solver version {rule.solver}, "
                 f"this checkout's is {VERSION}: add a rule (castling.app.deals.daily.RULES)")
    table = read_table(TABLE.read_text()) if TABLE.exists() else DailyTable()
    winnable = games_with_days()
    games = [game_id for game_id in (args.games or GAMES) if game_id in winnable]
    for left_out in sorted(set(args.games or GAMES) - winnable):
        print(f"{left_out}: too few deals proved winnable in the study; no deal of the day")
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        for game_id in games:
            start = table.next_day(game_id, rule)
            days = [start + timedelta(days=i) for i in range((args.until - start).days + 1)]
            # One day to a task, in order: a day of Zerline (3 decks) can take minutes, so
            # batching days would leave a core idle, and writing by the clock rather than by
            # the count of days keeps what a stopped run found.
            saved = time.monotonic()
            for done, k in enumerate(pool.map(pick, [game_id] * len(days), days,
                                              [rule.budget] * len(days))):
                if k is None:
                    print(f"{game_id}: no candidate proved winnable on {days[done]}; stopped")
                    break
                table.add(game_id, rule, days[done], k)
                if time.monotonic() - saved >= SAVE_SECONDS:
                    TABLE.write_text(table.to_json() + "\n")
                    saved = time.monotonic()
                if (done + 1) % 365 == 0:
                    print(f"{game_id}: up to {days[done]}", flush=True)
            TABLE.write_text(table.to_json() + "\n")
            print(f"{game_id}: days to {table.last_day(game_id)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
