"""Cut puzzles from deals and prove them: data/puzzles/GAME.json (castling.puzzles).

    PYTHONPATH=py nice -n 19 .venv/bin/python scripts/puzzles.py [--per-game 200]
        [--most-deals 3000] [--seconds S] [--jobs 1] [games ...]
    PYTHONPATH=py .venv/bin/python scripts/puzzles.py --figures

For each game, tries deals 1, 2, 3, … in order, from the one after the last the
table has tried (``cut.deals``), cutting puzzles from plausible play on each
(castling.app.puzzle_cut.cut_deal), until the table holds --per-game puzzles or
has tried --most-deals deals. Tables only grow: the puzzles already in one are
never changed or reordered (castling.puzzles.table.check_appended), so running
again extends them, and a run can be stopped and resumed at any time (the
table is written after every deal that gave a puzzle, and at least once a
minute). Each proof is castling.puzzles.proofs.BUDGET positions of this
checkout's solver, recorded in the table as a numbered proof, as
data/daily.json records its rules.

The budgets are meant for the compiled core (``make`` builds it and installs
wasmtime in .venv); without it the Python search proves the same puzzles,
more slowly, whose positions counted differ (the core carries its second
stage on from its first: castling.search.plan).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import gzip
import sys
import time
from collections import Counter
from pathlib import Path

from castling import GAMES
from castling.app.puzzle_cut import TALLIES, Cut, as_puzzle, cut_deal
from castling.puzzles.proofs import BUDGET
from castling.puzzles.table import PuzzleTable, Proof, check_appended, read_table
from castling.search.solver import VERSION

ROOT = Path(__file__).resolve().parents[1]
TABLES = ROOT / "data" / "puzzles"
SAVE_SECONDS = 60


def table_path(game_id: str) -> Path:
    return TABLES / f"{game_id}.json"


def load(game_id: str) -> PuzzleTable:
    path = table_path(game_id)
    return read_table(path.read_text(), game_id) if path.exists() else PuzzleTable(GAMES[game_id])


def proof_number(table: PuzzleTable) -> int:
    """The table's number for this checkout's proofs, added if it is new."""
    proof = Proof(VERSION, BUDGET)
    for number, known in table.proofs.items():
        if known == proof:
            return number
    number = max(table.proofs, default=0) + 1
    table.proofs[number] = proof
    return number


def cut_one(game_id: str, deal: int) -> tuple[list[Cut], Counter[str]]:
    """The puzzles of one deal, and what was tried (a worker's task)."""
    tally: Counter[str] = Counter()
    return list(cut_deal(GAMES[game_id], deal, tally=tally)), tally


def save(old: PuzzleTable, table: PuzzleTable) -> None:
    check_appended(old, table)
    TABLES.mkdir(parents=True, exist_ok=True)
    text = table.to_json()
    check_appended(old, read_table(text, table.rules.id))   # (it reads back as written)
    table_path(table.rules.id).write_text(text)


def extend(game_id: str, per_game: int, most_deals: int,
           pool: concurrent.futures.Executor, jobs: int, seconds: float) -> PuzzleTable:
    """Extend one game's table (see the module's docstring), for ``seconds`` at most
    (what is cut does not depend on it, only how far a run gets)."""
    stop = time.monotonic() + seconds
    old = load(game_id)
    table = load(game_id)
    proof = proof_number(table)
    known = {puzzle.position().key() for puzzle in table.puzzles}
    for name in TALLIES:
        table.cut.setdefault(name, 0)
    saved = time.monotonic()
    while (len(table.puzzles) < per_game and table.cut["deals"] < most_deals
           and time.monotonic() < stop):
        first = table.cut["deals"] + 1
        deals = list(range(first, min(first + jobs, most_deals + 1)))
        grew = False
        for cuts, tally in pool.map(cut_one, [game_id] * len(deals), deals):
            for cut in cuts:
                key = cut.position().key()
                if key not in known:    # (each deal knows only its own)
                    known.add(key)
                    table.puzzles.append(as_puzzle(cut, len(table.puzzles) + 1, proof))
                    grew = True
            for name in TALLIES:
                table.cut[name] += tally[name]
        if grew or time.monotonic() - saved >= SAVE_SECONDS:
            save(old, table)
            saved = time.monotonic()
    save(old, table)
    return table


def figures() -> str:
    """Each table's figures as a Markdown table (docs/decisions/puzzles.md): puzzles,
    the share whose baseline hint's move loses, bytes gzipped, and what was tried."""
    lines = ["| game | puzzles | hint's move loses | gzip bytes | deals tried (winnable) "
             "| turning points | one move kept |", "|---|---:|---:|---:|---:|---:|---:|"]
    for game_id in GAMES:
        if not table_path(game_id).exists():
            lines.append(f"| {game_id} | not tried | | | | | |")
            continue
        table = load(game_id)
        count = len(table.puzzles)
        hard = sum(puzzle.grade["hint"] for puzzle in table.puzzles)
        size = len(gzip.compress(table_path(game_id).read_bytes(), 9))
        cut = table.cut
        lines.append(f"| {game_id} | {count} | {f'{hard / count:.0%}' if count else '–'} | {size:,} "
                     f"| {cut['deals']:,} ({cut['winnable']:,}) | {cut['turns']:,} "
                     f"| {cut['one_keeps']:,} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--per-game", type=int, default=200, help="puzzles a table should hold")
    parser.add_argument("--most-deals", type=int, default=3000,
                        help="deals a table may have tried, at most")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=float("inf"),
                        help="stop each game's run after about this long (resume later)")
    parser.add_argument("--figures", action="store_true",
                        help="print each table's figures as Markdown, and stop")
    args = parser.parse_args(argv)
    if args.figures:
        print(figures(), end="")
        return 0
    unknown = [game_id for game_id in args.games if game_id not in GAMES]
    if unknown:
        parser.error(f"no game {unknown[0]!r}")
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        for game_id in args.games or GAMES:
            started = time.monotonic()
            table = extend(game_id, args.per_game, args.most_deals, pool, args.jobs,
                           args.seconds)
            hard = sum(puzzle.grade["hint"] for puzzle in table.puzzles)
            print(f"{game_id}: {len(table.puzzles)} puzzles ({hard} where the hint's move loses), "
                  f"{dict(table.cut)}, {time.monotonic() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
