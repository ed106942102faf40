// Part of first-table.js (page.js says how): links and saves, read as Python reads them.

// The game and deal number a deal link names, checked as castling.app.deals.links
// checks them (the game is checked by its plan being there); else null.
function dealLink(fragment) {
  if (fragment.length > 200) {
    return null;
  }
  let text = fragment;
  try {
    text = decodeURIComponent(fragment);
  } catch {
    return null;
  }
  const match = /^#\/([a-z0-9-]{1,40})\/([0-9]{1,40})$/.exec(text);
  return match ? dealNumber(match[1], match[2]) : null;
}

// 1 to 10^20 - 1, written without leading zeros: at most twenty digits, not
// all of them zeros (as castling.deal.parse_deal_number reads it).
function dealNumber(game, digits) {
  const deal = String(digits).replace(/^0+/, "");
  return /^[0-9]{1,20}$/.test(deal) ? {game, deal} : null;
}

// A replay link (castling.app.deals.replay_links): the deal part as a deal link.
function replayLink(fragment) {
  const at = fragment.indexOf("/replay/");
  return at < 0 ? null : dealLink(fragment.slice(0, at));
}

// The moves of the player's save of ``game`` (castling.save's format, checked
// as far as a table needs), if it is of deal ``deal`` (any deal: null); else
// null. Its deal number is read from the text: JSON's numbers in JavaScript
// lose digits past 2^53, and deal numbers go to 10^20.
function savedGame(kept, game, deal) {
  const text = kept.save(game);
  if (text === null) {
    return null;
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const digits = /"deal"\s*:\s*([0-9]{1,21})[,}\s]/.exec(text);
  if (!data || data.format !== 1 || data.game !== game || typeof data.deal !== "number" ||
      !digits || !Array.isArray(data.moves) || data.moves.length > 8000 ||
      !data.moves.every((move) => typeof move === "string")) {
    return null;
  }
  const found = dealNumber(game, digits[1]);
  if (!found || (deal !== null && found.deal !== deal)) {
    return null;
  }
  return {deal: found.deal, moves: data.moves, daily: typeof data.daily === "string" && data.daily !== ""};
}

// A puzzle link, #/puzzle/GAME/N (castling.app.puzzle_session.parse_puzzle_link):
// the game and the puzzle's number, 1 to 10^6; else null. Whether the game has
// puzzle N is its table's to say.
function puzzleLink(fragment) {
  const match = /^#\/puzzle\/([a-z0-9-]{1,40})\/([0-9]{1,7})$/.exec(fragment);
  const number = match ? Number(match[2]) : 0;
  return number >= 1 && number <= 1e6 ? {game: match[1], number} : null;
}

// The replay link's characters (castling.notation.ALPHABET: the move code), in
// which the puzzles' tables write their moves too.
const MOVE_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Moves as the core's three numbers (source, target, count) from their
// characters (notation.moves_from_code: two a move, piles by their place in
// the game's order; "." and a count before a move of several cards); null
// where they do not spell moves (whether they are legal is the core's to say).
function movesFromCode(code) {
  const value = (at) => (at < code.length ? MOVE_CHARACTERS.indexOf(code[at]) : -1);
  const moves = [];
  let at = 0;
  while (at < code.length) {
    let count = 1;
    if (code[at] === ".") {
      count = value(at + 1);
      if (count < 2) {
        return null;        // (one card is written as a plain move)
      }
      at += 2;
    }
    const [source, target] = [value(at), value(at + 1)];
    if (source < 0 || target < 0) {
      return null;
    }
    moves.push([source, target, count]);
    at += 2;
  }
  return moves;
}

// Puzzle ``number`` (from 1) of a game's table (puzzles/GAME.json, as
// castling.puzzles.table.read_table reads it, as far as the page needs): its deal,
// the moves that led to it, and how many moves in a row are to be found; null
// where the table has no such puzzle or it cannot be read.
function puzzleIn(table, game, number) {
  if (!table || table.format !== 1 || table.game !== game || !Array.isArray(table.puzzles)) {
    return null;
  }
  const row = table.puzzles[number - 1];
  const moves = row && typeof row.moves === "string" ? movesFromCode(row.moves) : null;
  if (!moves || !Number.isSafeInteger(row.deal) || row.deal < 1 ||
      !Number.isSafeInteger(row.only) || row.only < 1) {
    return null;
  }
  return {deal: String(row.deal), moves, only: row.only};
}

// The player's puzzle rating (rounded as Python rounds: half to even) and
// streak, as castling.app.storage.puzzle_record reads them: a new player's
// (``newRating``, no streak) where they cannot be read.
function puzzleScore(text, newRating) {
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    // unreadable: a new player's (Python says so once up)
  }
  const record = data && typeof data === "object" && data.format === 1 ? data : {};
  const rating = record.rating;
  const good = Array.isArray(rating) && rating.length === 3 && rating.every(Number.isFinite) &&
    rating[1] > 0 && rating[2] > 0;
  const count = (value) => Number.isInteger(value) && value >= 0 && value < 1e9;
  const even = (value) => {
    const near = Math.round(value);
    return Math.abs(value % 1) === 0.5 && near % 2 !== 0 ? near - 1 : near;
  };
  return {rating: even(good ? rating[0] : newRating),
          streak: count(record.streak) && count(record.best_streak) ? record.streak : 0};
}
