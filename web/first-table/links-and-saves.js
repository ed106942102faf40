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
