"""Find the deals of the day ahead of time: data/daily.json (castling.player.daily).

    PYTHONPATH=py python3 scripts/daily.py --until 2031-12-31 [--jobs N] [games ...]

For each game and day from the table's first day up to --until, tries the
day's candidates in order with the solver and keeps the index of the first one
proved winnable. Running again extends the table (a day already found is never
searched again), so it can be stopped and resumed at any time. A game none of
whose deals the winnability study proved winnable (data/winnability.csv) is
left out: its candidates would never end.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import os
import sys
from datetime import date, timedelta
from pathlib import Path

from castling import GAMES, Position
from castling.player.daily import BUDGET, DailyTable, candidate, read_table
from castling.solver import solve

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "data" / "daily.json"
STUDY = ROOT / "data" / "winnability.csv"
FIRST_DAY = date(2026, 11, 29)      # a day before the first one anywhere on Earth
MAX_TRIES = 2_000                   # a game whose day needs more is stopped and reported
SAVE_EVERY = 25                     # days found between writes of the table


def pick(game_id: str, day: date) -> int | None:
    """The index of the day's first candidate proved winnable, or None."""
    rules = GAMES[game_id]
    for k in range(MAX_TRIES):
        if solve(Position.deal(rules, candidate(game_id, day, k)), BUDGET).result == "won":
            return k
    return None


def games_with_a_won_deal() -> set[str]:
    with STUDY.open(newline="") as file:
        return {row["game"] for row in csv.DictReader(file) if row["result"] == "won"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--until", type=date.fromisoformat, required=True, help="YYYY-MM-DD")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    table = read_table(TABLE.read_text()) if TABLE.exists() else DailyTable(FIRST_DAY)
    winnable = games_with_a_won_deal()
    games = [game_id for game_id in (args.games or GAMES) if game_id in winnable]
    for left_out in sorted(set(args.games or GAMES) - winnable):
        print(f"{left_out}: no deal proved winnable in the study; no deal of the day")
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        for game_id in games:
            picks = table.picks.setdefault(game_id, [])
            start = table.first + timedelta(days=len(picks))
            days = [start + timedelta(days=i) for i in range((args.until - start).days + 1)]
            for done, k in enumerate(pool.map(pick, [game_id] * len(days), days, chunksize=4)):
                if k is None:
                    print(f"{game_id}: no candidate proved winnable on {days[done]}; stopped")
                    break
                picks.append(k)
                if (done + 1) % SAVE_EVERY == 0:
                    TABLE.write_text(table.to_json() + "\n")
                if (done + 1) % 365 == 0:
                    print(f"{game_id}: up to {days[done]}", flush=True)
            TABLE.write_text(table.to_json() + "\n")
            print(f"{game_id}: {len(picks)} days, to {table.last_day(game_id)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
