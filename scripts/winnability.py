"""The winnability study: run the solver over deal numbers of every game.

    PYTHONPATH=py python3 scripts/winnability.py --deals 2000 [--max-nodes N] [--jobs 2]

Uses every core given (--jobs), appends one CSV row per deal to
data/winnability.csv as soon as it is decided, and skips deals already there,
so an interrupted run resumes where it stopped. Then it rewrites the summary:
docs/winnability.md and the site's help page (web/help/winnability.part.html),
with per game the deals tried, won, lost, unknown, the winnable rate with a 95%
Wilson interval (unknowns counted as lost for the low end and as won for the
high end) and the time per deal, and a chart.
"""

from __future__ import annotations

import argparse
import csv
import html
import math
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from castling import GAMES, Position  # noqa: E402
from castling.i18n import set_language, t  # noqa: E402
from castling.solver import solve  # noqa: E402

DATA = ROOT / "data" / "winnability.csv"
FIELDS = ["game", "deal", "result", "nodes", "seconds", "max_nodes"]
PUBLISHED = {"fortress": 0.202, "chessboard": 0.30}
SITE_PAGES = {"en": ROOT / "web" / "help" / "winnability.part.html",
              "it": ROOT / "web" / "help" / "it" / "winnability.part.html"}


def percent(share: float) -> str:
    return f"{share:.1%}"


def comparison(table: list[dict]) -> list[str]:
    """What the published figures say next to ours, in the current language."""
    by_id = {row["id"]: row for row in table}
    said = []
    fortress = by_id.get("fortress")
    if fortress:
        inside = fortress["low"] <= PUBLISHED["fortress"] <= fortress["high"]
        said.append(t("study.fortress", rate=percent(fortress["rate"]), low=percent(fortress["low"]),
                      high=percent(fortress["high"]), tried=fortress["tried"])
                    + " " + t("study.agrees" if inside else "study.disagrees"))
    chessboard = by_id.get("chessboard")
    if chessboard:
        said.append(t("study.chessboard", rate=percent(chessboard["rate"]),
                      low=percent(chessboard["low"])))
    return said


def decide(job: tuple[str, int, int]) -> dict:
    """Solve one deal (runs in a worker process)."""
    game_id, number, max_nodes = job
    start = time.perf_counter()
    result = solve(Position.deal(GAMES[game_id], number), max_nodes)
    return {"game": game_id, "deal": number, "result": result.result, "nodes": result.nodes,
            "seconds": f"{time.perf_counter() - start:.3f}", "max_nodes": max_nodes}


def read_rows() -> list[dict]:
    """The study's rows, each deal of each game once: a deal written twice (two
    runs at once, say) counts once, as first written."""
    if not DATA.exists():
        return []
    with DATA.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    seen: set[tuple[str, str]] = set()
    first = []
    for row in rows:
        if (row["game"], row["deal"]) not in seen:
            seen.add((row["game"], row["deal"]))
            first.append(row)
    return first


def run(games: list[str], deals: int, max_nodes: int, jobs: int) -> None:
    done = {(row["game"], int(row["deal"])) for row in read_rows()}
    todo = [(game, number, max_nodes) for game in games for number in range(1, deals + 1)
            if (game, number) not in done]
    new_file = not DATA.exists()
    DATA.parent.mkdir(exist_ok=True)
    with DATA.open("a", newline="") as handle, multiprocessing.Pool(jobs) as pool:
        writer = csv.DictWriter(handle, FIELDS)
        if new_file:
            writer.writeheader()
        for count, row in enumerate(pool.imap_unordered(decide, todo, chunksize=4), 1):
            writer.writerow(row)
            handle.flush()
            if count % 50 == 0:
                print(f"{count}/{len(todo)} deals decided", flush=True)


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if total == 0:
        return 0.0, 1.0
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


def summary() -> list[dict]:
    rows = read_rows()
    table = []
    for game_id, rules in GAMES.items():
        mine = [row for row in rows if row["game"] == game_id]
        if not mine:
            continue
        won = sum(row["result"] == "won" for row in mine)
        lost = sum(row["result"] == "lost" for row in mine)
        unknown = len(mine) - won - lost
        low, _ = wilson(won, len(mine))                 # unknowns counted as lost
        _, high = wilson(won + unknown, len(mine))      # unknowns counted as won
        table.append({"game": rules.name, "id": game_id, "tried": len(mine), "won": won,
                      "lost": lost, "unknown": unknown, "low": low, "high": high,
                      "rate": won / len(mine),
                      "seconds": sum(float(row["seconds"]) for row in mine) / len(mine),
                      "within_2s": sum(row["result"] != "unknown" and float(row["seconds"]) <= 2.0
                                       for row in mine) / len(mine),
                      "node_rate": sum(int(row["nodes"]) for row in mine)
                      / max(sum(float(row["seconds"]) for row in mine), 1e-9),
                      "budget": max(int(row["max_nodes"]) for row in mine)})
    return table


def chart(table: list[dict]) -> str:
    """A horizontal bar chart as inline SVG: won share, with the interval as a line."""
    width, bar, left = 560, 22, 140
    height = 20 + len(table) * (bar + 10)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'role="img" aria-label="{html.escape(t("study.chart"))}">']
    scale = width - left - 20
    for i, row in enumerate(table):
        y = 10 + i * (bar + 10)
        parts.append(f'<text x="{left - 8}" y="{y + 16}" text-anchor="end" font-size="13">'
                     f'{html.escape(row["game"])}</text>')
        parts.append(f'<rect x="{left}" y="{y}" width="{scale * row["rate"]:.1f}" height="{bar}" fill="#1f6b3a"/>')
        parts.append(f'<rect x="{left + scale * row["rate"]:.1f}" y="{y}" '
                     f'width="{scale * row["unknown"] / row["tried"]:.1f}" height="{bar}" fill="#c9c2ad"/>')
        parts.append(f'<line x1="{left + scale * row["low"]:.1f}" x2="{left + scale * row["high"]:.1f}" '
                     f'y1="{y + bar / 2}" y2="{y + bar / 2}" stroke="#c0182b" stroke-width="2"/>')
    parts.append("</svg>")
    return "".join(parts)


def write_reports(table: list[dict]) -> None:
    header = ("| game | deals | won | lost | unknown | winnable (95% interval) | s/deal "
              "| decided ≤ 2 s | positions/s |\n|---|---:|---:|---:|---:|---|---:|---:|---:|\n")
    lines = "".join(
        f"| {r['game']} | {r['tried']} | {r['won']} | {r['lost']} | {r['unknown']} | "
        f"{r['rate']:.1%} ({r['low']:.1%}–{r['high']:.1%}) | {r['seconds']:.2f} | "
        f"{r['within_2s']:.1%} | {r['node_rate']:,.0f} |\n" for r in table)
    notes = "".join(f"* {text}\n" for text in comparison(table))
    (ROOT / "docs" / "winnability.md").write_text(
        "# How many deals can be won?\n\nMade by `scripts/winnability.py` from "
        "`data/winnability.csv` (do not edit by hand). Deals 1…N of each game, solved by "
        "`castling.solver` with the node budget shown in the data; the interval counts unknown "
        "deals as lost at its low end and as won at its high end.\n\n" + header + lines +
        "\nNext to published figures:\n\n" + notes, encoding="utf-8")
    for language, page in SITE_PAGES.items():
        set_language(language)
        page.write_text(site_page(table), encoding="utf-8")
    set_language("en")


def site_page(table: list[dict]) -> str:
    """The site's page on winnability, in the current language."""
    columns = ("game", "deals", "won", "lost", "unknown", "winnable", "seconds", "within")
    header = "".join(f"<th>{html.escape(t(f'study.column.{c}'))}</th>" for c in columns)
    rows = "".join(
        f"<tr><td>{html.escape(r['game'])}</td><td>{r['tried']}</td><td>{r['won']}</td>"
        f"<td>{r['lost']}</td><td>{r['unknown']}</td><td>{percent(r['rate'])} "
        f"({percent(r['low'])}–{percent(r['high'])})</td><td>{r['seconds']:.2f}</td>"
        f"<td>{r['within_2s']:.0%}</td></tr>" for r in table)
    return (f"<h1>{html.escape(t('study.title'))}</h1>\n<p>{html.escape(t('study.intro'))}</p>\n"
            + chart(table) + f'\n<table class="facts-table"><tr>{header}</tr>{rows}</table>\n'
            + "".join(f"<p>{html.escape(text)}</p>\n" for text in comparison(table)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals 1..N of each game")
    parser.add_argument("--max-nodes", type=int, default=20_000, help="solver budget per deal")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--report-only", action="store_true", help="only rewrite the summaries")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    if not args.report_only:
        run(args.games, args.deals, args.max_nodes, args.jobs)
    write_reports(summary())
    for row in summary():
        print(f"{row['game']:18s} {row['won']:5d}/{row['tried']:<5d} won, {row['lost']} lost, "
              f"{row['unknown']} unknown: {row['rate']:.1%} ({row['low']:.1%}-{row['high']:.1%})")


if __name__ == "__main__":
    main()
