"""Search one game's deals far beyond the winnability study, for the games whose
deals the study almost never proves won (British Canister: none of its first
10,000): data/deep/GAME.json. A game whose record, within the newest daily
rule's budget, proves one deal in a hundred won gets deals of the day
(scripts/daily.py: Zerline (3 decks), deals 1-100 within 4,000,000 positions).

    PYTHONPATH=py .venv/bin/python scripts/deep_search.py GAME --to N [--max-nodes B] [--jobs J]
    PYTHONPATH=py .venv/bin/python scripts/deep_search.py GAME --retry --max-nodes B

The first form solves deals from the first one not yet searched up to N within
B positions each (the compiled core makes a million deals of British Canister,
mostly lost within a few dozen positions, a matter of minutes), keeping only
counts and the deals not lost: the ones proved won, and the ones left
undecided with the largest budget tried. The second tries every undecided deal
again within B positions. Both write the file as they go (every few thousand
deals) and resume where they stopped. The file names the solver's version;
a newer solver starts a new file (rename the old one to keep it).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import sys
from pathlib import Path

from castling import GAMES, Position
from castling.search.solver import VERSION, solve

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "data" / "deep"
CHUNK = 2_000       # deals between writes of the file


def decide(game_id: str, number: int, max_nodes: int) -> tuple[int, str, int]:
    found = solve(Position.deal(GAMES[game_id], number), max_nodes)
    return number, found.result, len(found.moves)


def load(path: Path, game_id: str) -> dict:
    if path.exists():
        record = json.loads(path.read_text())
        if record.get("solver") != VERSION:
            sys.exit(f"deep_search.py: {path} was searched by solver {record.get('solver')}, "
                     f"this is {VERSION}: rename it to start again")
        return record
    return {"game": game_id, "solver": VERSION, "searched_to": 0, "budget": None,
            "lost": 0, "won": {}, "unknown": {}}


def save(path: Path, record: dict) -> None:
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--to", type=int, help="search deals up to this number")
    parser.add_argument("--retry", action="store_true", help="retry the undecided deals")
    parser.add_argument("--max-nodes", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    path = FOLDER / f"{args.game}.json"
    record = load(path, args.game)
    if args.retry:
        numbers = [int(n) for n, budget in record["unknown"].items() if budget < args.max_nodes]
    else:
        if args.to is None:
            parser.error("--to or --retry")
        if record["budget"] not in (None, args.max_nodes):
            parser.error(f"deals were searched within {record['budget']} positions: "
                         "go on with the same budget (--retry for larger ones)")
        record["budget"] = args.max_nodes
        numbers = list(range(record["searched_to"] + 1, args.to + 1))
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        for start in range(0, len(numbers), CHUNK):
            chunk = numbers[start:start + CHUNK]
            for number, result, length in pool.map(decide, [args.game] * len(chunk), chunk,
                                                   [args.max_nodes] * len(chunk), chunksize=50):
                key = str(number)
                if result == "won":
                    record["won"][key] = length        # the winning line's length
                    record["unknown"].pop(key, None)
                elif result == "lost":
                    record["lost"] += 1
                    record["unknown"].pop(key, None)
                else:
                    record["unknown"][key] = args.max_nodes
            if not args.retry:
                record["searched_to"] = chunk[-1]
            save(path, record)
            print(f"{args.game}: to {chunk[-1]}: {len(record['won'])} won, {record['lost']} lost, "
                  f"{len(record['unknown'])} undecided", flush=True)
    save(path, record)
    return 0


if __name__ == "__main__":
    sys.exit(main())
