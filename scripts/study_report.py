"""What the winnability study's data says: its rows, its table, its pages.

data/winnability.csv holds one row per deal tried (see FIELDS). From it come the
table per game (deals tried, won, lost, unknown, the winnable share with a 95%
Wilson interval counting unknowns as lost at its low end and as won at its high
end, time per deal), docs/winnability.md and the site's help page in each
language. build.py reads the table too (the chooser shows each game's figure).
"""

from __future__ import annotations

import csv
import html
import math
from pathlib import Path

from castling import GAMES, numbers
from castling.i18n import LANGUAGES, help_folder, sentences, set_language, t

ROOT = Path(__file__).resolve().parents[1]

DATA = ROOT / "data" / "winnability.csv"
# solver: castling.search.solver.VERSION when the row was made, so a stronger solver
# knows which unknown deals are worth trying again.
FIELDS = ["game", "deal", "result", "nodes", "seconds", "max_nodes", "solver"]
PUBLISHED = {"fortress": 0.202, "chessboard": 0.30, "beleaguered-castle": 0.68}
SITE_PAGES = {language: ROOT / "web" / "help" / help_folder(language) / "winnability.part.html"
              for language in LANGUAGES}
MARKDOWN = ROOT / "docs" / "winnability.md"


def percent(share: float) -> str:
    return numbers.percent(share, 1)


def agreement(row: dict, published: float) -> str:
    """Whether a published rate lies inside our interval, in the current language;
    and, when unknown deals make the interval wide (so it agrees cheaply), that too."""
    said = t("study.agrees" if row["low"] <= published <= row["high"] else "study.disagrees")
    if row["unknown"] > 0.05 * row["tried"]:
        said = sentences(said, t("study.undecided", unknown=numbers.number(row["unknown"])))
    return said


def comparison(table: list[dict]) -> list[str]:
    """What the published figures say next to ours, in the current language
    (a sentence carried on by the verdict: the same gap as between sentences)."""
    by_id = {row["id"]: row for row in table}
    said = []
    fortress = by_id.get("fortress")
    if fortress:
        said.append(sentences(t("study.fortress", published=percent(PUBLISHED["fortress"]),
                                **_ours(fortress)), agreement(fortress, PUBLISHED["fortress"])))
    castle = by_id.get("beleaguered-castle")
    if castle:
        said.append(sentences(t("study.beleaguered",
                                published=numbers.percent(PUBLISHED["beleaguered-castle"]),
                                **_ours(castle)), agreement(castle, PUBLISHED["beleaguered-castle"])))
    chessboard = by_id.get("chessboard")
    if chessboard:
        said.append(t("study.chessboard", published=numbers.percent(PUBLISHED["chessboard"]),
                      rate=percent(chessboard["rate"]), low=percent(chessboard["low"])))
    return said


def _ours(row: dict) -> dict[str, str]:
    """A game's figures as the study's sentences put them."""
    return {"rate": percent(row["rate"]), "low": percent(row["low"]), "high": percent(row["high"]),
            "tried": numbers.number(row["tried"])}


class StudyDataError(Exception):
    """data/winnability.csv is not in the form this script reads and writes."""


def read_all() -> list[dict]:
    """Every row of the study's data, as written."""
    if not DATA.exists():
        return []
    with DATA.open(newline="") as handle:
        reader = csv.DictReader(handle)
        if reader.fieldnames != FIELDS:
            raise StudyDataError(f"{DATA} has the columns {reader.fieldnames}; "
                                 f"this script reads and writes {FIELDS}")
        return list(reader)


def read_rows() -> list[dict]:
    """The study's rows, each deal of each game once.

    A deal written twice (two runs at once, or a stronger solver trying an
    unknown deal again) counts once: its first proved verdict, won or lost,
    since a proof stays a proof whichever solver found it; else its last try."""
    best: dict[tuple[str, str], dict] = {}
    for row in read_all():
        key = row["game"], row["deal"]
        kept = best.get(key)
        if kept is None or kept["result"] == "unknown":
            best[key] = row
    return list(best.values())


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
                      # What issue 14 asks of the solver: decided within a second.
                      "within_1s": sum(row["result"] != "unknown" and float(row["seconds"]) <= 1.0
                                       for row in mine) / len(mine),
                      # The solver versions whose rows these are (see FIELDS).
                      "solver": ", ".join(sorted({row["solver"] for row in mine}, key=int)),
                      "node_rate": sum(int(row["nodes"]) for row in mine)
                      / max(sum(float(row["seconds"]) for row in mine), 1e-9),
                      "budget": max(int(row["max_nodes"]) for row in mine)})
    return table


def chart(table: list[dict]) -> str:
    """A horizontal bar chart as inline SVG: won share, with the interval as a line."""
    width, bar, left = 560, 22, 140
    height = 20 + len(table) * (bar + 10)
    # (drawn left to right in every language: its coordinates, and its text's
    # anchors, would turn round in a page written right to left)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" direction="ltr" '
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


def render_reports(table: list[dict]) -> dict[Path, str]:
    """Each page the study publishes (docs/winnability.md and the site's page in
    each language), by path, as the table makes it."""
    header = ("| game | deals | won | lost | unknown | winnable (95% interval) | s/deal "
              "| decided ≤ 1 s | positions/s | solver |\n"
              "|---|---:|---:|---:|---:|---|---:|---:|---:|---|\n")
    lines = "".join(
        f"| {r['game']} | {r['tried']} | {r['won']} | {r['lost']} | {r['unknown']} | "
        f"{r['rate']:.1%} ({r['low']:.1%}–{r['high']:.1%}) | {r['seconds']:.2f} | "
        f"{r['within_1s']:.1%} | {r['node_rate']:,.0f} | {r['solver']} |\n" for r in table)
    notes = "".join(f"* {text}\n" for text in comparison(table))
    pages = {MARKDOWN: (
        "# How many deals can be won?\n\nMade by `scripts/winnability.py` from "
        "`data/winnability.csv` (do not edit by hand). Deals 1…N of each game, solved by "
        "`castling.search.solver` with the node budget shown in the data; the interval counts unknown "
        "deals as lost at its low end and as won at its high end. The last column gives the "
        "versions of the solver (`castling.search.solver.VERSION`) whose verdicts are counted: a newer "
        "one tries the deals an older one left unknown again.\n\n" + header + lines +
        "\nNext to published figures:\n\n" + notes)}
    for language, page in SITE_PAGES.items():
        set_language(language)
        pages[page] = site_page(table)
    set_language("en")
    return pages


def write_reports(table: list[dict]) -> None:
    for path, text in render_reports(table).items():
        path.write_text(text, encoding="utf-8")


def site_page(table: list[dict]) -> str:
    """The site's page on winnability, in the current language."""
    columns = ("game", "deals", "won", "lost", "unknown", "winnable", "seconds", "within",
               "solver")
    header = "".join(f"<th>{html.escape(t(f'study.column.{c}'))}</th>" for c in columns)
    rows = "".join(
        f"<tr><td>{html.escape(r['game'])}</td><td>{numbers.number(r['tried'])}</td>"
        f"<td>{numbers.number(r['won'])}</td><td>{numbers.number(r['lost'])}</td>"
        f"<td>{numbers.number(r['unknown'])}</td><td>{percent(r['rate'])} "
        f"({percent(r['low'])}–{percent(r['high'])})</td><td>{numbers.decimal(r['seconds'], 2)}</td>"
        f"<td>{numbers.percent(r['within_1s'])}</td><td>{r['solver']}</td></tr>" for r in table)
    return (f"<h1>{html.escape(t('study.title'))}</h1>\n<p>{html.escape(t('study.intro'))}</p>\n"
            + chart(table) + f'\n<table class="facts-table"><tr>{header}</tr>{rows}</table>\n'
            + "".join(f"<p>{html.escape(text)}</p>\n" for text in comparison(table)))


