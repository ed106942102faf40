// The engine's word on a position, from its command line (docs/rules.md §4):
// what the table must show after a deal and some moves, and the legal moves there.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PYTHON = process.env.PYTHON ?? `${ROOT}.venv/bin/python`;

/** `python -m castling moves GAME DEAL MOVE…`: {position: {game, deal, piles}, legal, won}. */
export function afterMoves(game, deal, moves = []) {
  const out = execFileSync(PYTHON, ["-m", "castling", "moves", game, String(deal), ...moves], {
    cwd: ROOT, env: { ...process.env, PYTHONPATH: `${ROOT}py` }, encoding: "utf-8",
  });
  return JSON.parse(out);
}

/** The deal of the day of ``game`` on ``day`` (YYYY-MM-DD), from the table shipped
 * with the site as the engine reads it (castling.app.deals.daily); null when none. */
export function dailyNumber(game, day) {
  const out = execFileSync(PYTHON, ["-c", [
    "import sys, datetime, pathlib",
    "from castling.app.deals.daily import read_table",
    "table = read_table(pathlib.Path('data/daily.json').read_text())",
    "print(table.number(sys.argv[1], datetime.date.fromisoformat(sys.argv[2])))",
  ].join("\n"), game, day], { cwd: ROOT, env: { ...process.env, PYTHONPATH: `${ROOT}py` }, encoding: "utf-8" });
  return out.trim() === "None" ? null : Number(out.trim());
}

/** The engine's piles as the table shows them: a face-down card is "down". */
export function asShown(piles) {
  return Object.fromEntries(Object.entries(piles).map(([name, cards]) =>
    [name, cards.map((card) => (card === card.toLowerCase() ? "down" : card))]));
}

/** The winning lines the browser tests play (tests/fixtures/wins.json). */
export { default as WINS } from "../fixtures/wins.json" with { type: "json" };

/** Puzzle ``id`` ("fortress/3") as `python -m castling puzzle` gives it: its position,
 * `only` (the moves to find) and `wrong` (for each, the other legal moves: all lose). */
export function puzzleOf(id) {
  const [game, number] = id.split("/");
  const out = execFileSync(PYTHON, ["-m", "castling", "puzzle", game, number], {
    cwd: ROOT, env: { ...process.env, PYTHONPATH: `${ROOT}py` }, encoding: "utf-8",
  });
  return JSON.parse(out);
}
