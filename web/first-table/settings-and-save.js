// Part of first-table.js (page.js says how): what the early table plays by and
// where it keeps what is played (play.js plays; drag.js carries drags).
//
// The moves are the game's: each is written to the game's save as it is
// played (castling:save:GAME, castling.save's format with the app's fields),
// where that loses nothing (below), and listed in <html data-early-moves>, the
// game's whole move list, which the app, once up, plays on from the save it
// read and checks (castling_web/app.py: take_over_early).

// The settings the early table plays by, read as Python reads them (a value
// not among a setting's choices, or not of its type, is its default).
function playSettings(kept, plan) {
  const {defaults, choices} = plan.play;
  const pick = (name) => {
    const value = kept.settings[name];
    const fits = choices[name] ? choices[name].includes(value)
      : typeof value === typeof defaults[name] && (typeof value !== "number" || Number.isInteger(value));
    return fits ? value : defaults[name];
  };
  return Object.fromEntries(Object.keys(defaults).map((name) => [name, pick(name)]));
}

// Where the early game is kept as it is played: the game's save, written as
// the app writes it, when the save there is this very game (a return visit,
// a link to the deal in hand) or there is none (a new deal: a new save, and
// the game played last). A save of another deal stays as it is: the app,
// once up, offers it back after the link replaced it (keep_game.py), and
// plays the early moves from <html data-early-moves>.
function saveKeeper(kept, gameId, deal, saved) {
  const key = `castling:save:${gameId}`;
  let data;
  if (saved) {
    try {
      data = JSON.parse(kept.save(gameId));
    } catch {
      return () => undefined;
    }
  } else if (kept.save(gameId) === null) {
    const token = [...crypto.getRandomValues(new Uint8Array(6))]
      .map((byte) => byte.toString(16).padStart(2, "0")).join("");
    data = {format: 1, game: gameId, deal: 0, moves: [], token, seconds: 0, helped: false,
            daily: "", grade: "", late: false, rev: 0, counted: false, won: false, saved: 0};
  } else {
    return () => undefined;
  }
  let fresh = !saved;
  return (moves) => {
    data.moves = moves;
    data.rev = (Number.isInteger(data.rev) ? data.rev : 0) + 1;
    data.saved = Date.now();
    // (The deal number as the link wrote it: JSON's numbers in JavaScript lose digits past 2^53.)
    const text = JSON.stringify({...data, deal: -1}).replace('"deal":-1', `"deal":${deal}`);
    try {
      localStorage.setItem(key, text);
      if (fresh) {
        localStorage.setItem("castling:last", gameId);
        fresh = false;
      }
    } catch {
      // Storage full or refused: the app, once up, plays the moves from
      // data-early-moves and says that the game is not being saved.
    }
  };
}
