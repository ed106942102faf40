"""The winnability study: run the solver over deal numbers of every game.

    PYTHONPATH=py python3 scripts/winnability.py --deals 2000 [--max-nodes N] [--jobs N]
    PYTHONPATH=py python3 scripts/winnability.py --deals 2000 --scheduler tcp://HOST:8786

Solves deals 1..N of each game named (all by default) on every core of this
machine, or, given --scheduler, on a Dask distributed cluster. Deals go out in
batches; each verdict is appended to data/winnability.csv as its batch comes
back, so an interrupted run loses at most the batches in flight, and running
again resumes: a deal already proved won or lost is never tried again, and an
unknown one only with a larger budget or a newer solver. Then it rewrites the
summaries (scripts/study_report.py): docs/winnability.md and the site's page.

Dask is needed by this script alone, and only with --scheduler.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import os
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

# A tool run on its own (and by the study's workers): the report beside it, and
# the engine of this checkout.
sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1] / "py")]

from study_report import DATA, FIELDS, ROOT, read_all, summary, write_reports  # noqa: E402

from castling import GAMES, Position  # noqa: E402
from castling.search.solver import PYTHON_VERSION, solve  # noqa: E402
from castling.search.solver import VERSION as SOLVER_VERSION  # noqa: E402

BATCH = 8   # deals a task: a few seconds of work, so scheduling costs next to nothing


def decide(game_id: str, number: int, max_nodes: int) -> dict:
    """Solve one deal; the row the study keeps of it. Its solver is the version
    that searched: the Python search's where the core did not load (a worker
    without the built module), so that a later run with the core tries the
    deal again if it was left unknown."""
    start = time.perf_counter()
    result = solve(Position.deal(GAMES[game_id], number), max_nodes)
    return {"game": game_id, "deal": number, "result": result.result, "nodes": result.nodes,
            "seconds": f"{time.perf_counter() - start:.3f}", "max_nodes": max_nodes,
            "solver": SOLVER_VERSION if result.search == "core" else PYTHON_VERSION}


def decide_batch(jobs: list[tuple[str, int, int]]) -> list[dict]:
    """Solve a batch of deals (runs in a worker process, here or on a cluster)."""
    return [decide(*job) for job in jobs]


def still_to_do(games: Iterable[str], deals: int, max_nodes: int) -> list[tuple[str, int, int]]:
    """The deals of these games not yet settled: never tried, or tried and left
    unknown with a smaller budget or by an older solver."""
    settled = set()
    for row in read_all():
        if (row["result"] != "unknown"
                or (int(row["max_nodes"]) >= max_nodes and int(row["solver"]) >= SOLVER_VERSION)):
            settled.add((row["game"], int(row["deal"])))
    return [(game, number, max_nodes) for game in games for number in range(1, deals + 1)
            if (game, number) not in settled]


class Progress:
    """A progress line: deals done of all, rate, time left. Redrawn in place on
    a terminal; into a log, a line at each tenth of the way."""

    def __init__(self, total: int, stream: TextIO = sys.stderr) -> None:
        self.total, self.done, self.stream = total, 0, stream
        self.start = time.monotonic()
        self.live = stream.isatty()
        self.tenths_shown = 0

    def line(self) -> str:
        elapsed = max(time.monotonic() - self.start, 1e-9)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate else None
        filled = 20 * self.done // max(self.total, 1)
        return (f"[{'#' * filled}{'.' * (20 - filled)}] {self.done}/{self.total} deals"
                f" · {rate:.2f} deals/s · {clock(left)} left")

    def advance(self, count: int) -> None:
        self.done += count
        tenths = 10 * self.done // max(self.total, 1)
        if self.live:
            print("\r" + self.line(), end="", file=self.stream, flush=True)
        elif tenths > self.tenths_shown:
            self.tenths_shown = tenths
            print(self.line(), file=self.stream, flush=True)

    def close(self) -> None:
        if self.live:
            print(file=self.stream)


def clock(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    minutes, second = divmod(round(seconds), 60)
    hour, minute = divmod(minutes, 60)
    return f"{hour}:{minute:02d}:{second:02d}"


class LocalPool:
    """Worker processes on this machine. Stopping (Ctrl-C) drops the batches not
    yet begun instead of waiting for them."""

    def __init__(self, jobs: int) -> None:
        self.executor = concurrent.futures.ProcessPoolExecutor(max_workers=jobs)

    def __enter__(self) -> concurrent.futures.Executor:
        return self.executor

    def __exit__(self, *exc: object) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)


class DaskPool:
    """A Dask distributed cluster, seen as a concurrent.futures executor.

    The workers need not have Castling installed: the engine goes to them as a
    zip on their import path (Dask's upload_file, which also reaches workers
    that join later, as a lost worker's replacement), and this module's
    functions go by value rather than by name."""

    def __init__(self, address: str) -> None:
        import cloudpickle                   # Dask's own pickler; comes with it
        from distributed import Client       # only the cluster run needs Dask

        cloudpickle.register_pickle_by_value(sys.modules[__name__])
        self.client = Client(address)
        with tempfile.TemporaryDirectory() as scratch:
            engine = Path(scratch) / "castling.zip"
            with zipfile.ZipFile(engine, "w") as archive:
                package = ROOT / "py" / "castling"
                for path in sorted(package.rglob("*")):
                    if path.is_file() and "__pycache__" not in path.parts:
                        archive.write(path, path.relative_to(package.parent))
            self.client.upload_file(str(engine))
        # A batch whose worker is lost is given to another worker (Dask's
        # scheduler does that by itself), up to distributed.scheduler.allowed-failures.
        self.executor = self.client.get_executor(pure=False)

    def __enter__(self) -> concurrent.futures.Executor:
        return self.executor

    def __exit__(self, *exc: object) -> None:
        self.executor.shutdown(wait=False)
        self.client.close()


def run(games: Iterable[str], deals: int, max_nodes: int, jobs: int | None = None,
        scheduler: str | None = None, batch: int = BATCH, on_batch=None,
        stream: TextIO = sys.stderr) -> int:
    """Solve what is still to do; return how many deals were left undone
    (batches that failed for good: running again redoes them)."""
    todo = still_to_do(games, deals, max_nodes)
    if not todo:
        return 0
    batches = [todo[i:i + batch] for i in range(0, len(todo), batch)]
    new_file = not DATA.exists()
    DATA.parent.mkdir(exist_ok=True)
    progress = Progress(len(todo), stream)
    undone = 0
    pool = DaskPool(scheduler) if scheduler else LocalPool(jobs or os.cpu_count() or 1)
    with DATA.open("a", newline="") as handle, pool as executor:
        writer = csv.DictWriter(handle, FIELDS)
        if new_file:
            writer.writeheader()
        sizes = {executor.submit(decide_batch, part): len(part) for part in batches}
        for future in concurrent.futures.as_completed(sizes):
            try:
                rows = future.result()
            except Exception as error:   # a batch that failed for good: report, go on
                undone += sizes[future]
                print(f"\na batch failed ({type(error).__name__}: {error}); "
                      "running again redoes it", file=stream)
                continue
            writer.writerows(rows)
            handle.flush()
            progress.advance(len(rows))
            if on_batch:
                on_batch(rows)
    progress.close()
    return undone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals 1..N of each game")
    parser.add_argument("--max-nodes", type=int, default=20_000, help="solver budget per deal")
    parser.add_argument("--jobs", type=int, default=os.cpu_count(),
                        help="worker processes on this machine (default: every core)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run on this Dask distributed scheduler (tcp://host:8786) instead")
    parser.add_argument("--batch", type=int, default=BATCH, help="deals a task")
    parser.add_argument("--report-only", action="store_true", help="only rewrite the summaries")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)} (the games: {', '.join(GAMES)})")
    undone = 0
    if not args.report_only:
        undone = run(args.games, args.deals, args.max_nodes, args.jobs, args.scheduler, args.batch)
    table = summary()
    write_reports(table)
    for row in table:
        print(f"{row['game']:18s} {row['won']:5d}/{row['tried']:<5d} won, {row['lost']} lost, "
              f"{row['unknown']} unknown: {row['rate']:.1%} ({row['low']:.1%}-{row['high']:.1%})")
    if undone:
        sys.exit(f"{undone} deals were left undone; run again to finish them")


if __name__ == "__main__":
    main()
