// Part of first-table.js (page.js says how), the last: what to draw for each way in, and
// the start, which runs the rest.

// -- the front door: the deal build.py drew ---------------------------------

// (``welcomed``: the welcome opens over it; a transfer link's waits for Python.)
// Drawn at once from the build's template; playable once its game's files and
// the core are in (fetched meanwhile), as any other way in's table.
function frontDoor(welcomed, kept) {
  const template = document.getElementById("first-table");
  if (!template) {
    return;
  }
  const plan = pagePlan;
  const code = spokenLanguage("");           // (nothing is stored: no choice made)
  const texts = plan.words[code];
  const table = template.content.cloneNode(true);
  // The renderer's inline properties (--n, --i), which markup may not carry under the CSP.
  for (const element of table.querySelectorAll("[data-style]")) {
    for (const property of element.getAttribute("data-style").split(";")) {
      const [name, value] = property.split(":");
      element.style.setProperty(name, value);
    }
    element.removeAttribute("data-style");
  }
  const piles = {};
  for (const pile of table.children) {
    piles[pile.getAttribute("data-pile")] = pile;
  }
  writePage(texts, plan.game, "", 0, false);     // (its words hold their deal number already)
  show("front-door", plan, piles, texts);
  if (welcomed) {
    welcome(texts, null);
  }
  gameFiles(plan.game, code).then(async ([plain, rules, core, gameTexts]) => {
    const game = await CoreGame.dealt(plain, rules, core, plan.deal, []);
    if (game && html.dataset.ready !== "true") {
      playEarly(wear(kept, plain), gameTexts, piles, game, kept, plan.deal, [], false);
    }
  }).catch(() => undefined);        // (not playable early: a tap is answered once the app is up)
}

// A file of the site; an error if it is not there.
function fetched(name) {
  return fetch(name).then((response) => {
    if (!response.ok) {
      throw new Error(`${name}: ${response.status}`);
    }
    return response;
  });
}

function fetchedJson(name) {
  return fetched(name).then((response) => response.json());
}

// A game's plan (tables/GAME.json), its rules table (tables/GAME.bin), the
// compiled core and, given a language's ``code``, the game's words in it
// (tables/CODE/GAME.json: one language's, so that a link's bytes do not grow
// with the languages the page speaks).
function gameFiles(gameId, code) {
  return Promise.all([
    fetchedJson(`./tables/${gameId}.json`),
    fetched(`./tables/${gameId}.bin`).then((response) => response.arrayBuffer()),
    fetched("./castling-core.wasm").then((response) => response.arrayBuffer()),
    code ? fetchedJson(`./tables/${code}/${gameId}.json`) : null,
  ]);
}

// The words of the panels a link opens (a replay's, a puzzle's) in a language.
function panelFile(code) {
  return fetchedJson(`./tables/${code}/panels.json`);
}

// -- any other way in: dealt, and played on, by the compiled core -----------

// What to draw: ``way`` is "deal" (a deal link: the player's save of that
// deal if there is one), "replay" (the replay's deal, before its first move)
// or "return" (the last game's save).
async function early(way, found, kept) {
  const code = spokenLanguage(kept.settings.language);
  const [[plain, rules, core, texts], panels] = await Promise.all([
    gameFiles(found.game, code), way === "replay" ? panelFile(code) : null]);
  const plan = wear(kept, plain);
  const saved = way === "replay" ? null : savedGame(kept, found.game, found.deal);
  const deal = saved ? saved.deal : found.deal;
  const moves = saved ? saved.moves : [];
  const game = await CoreGame.dealt(plan, rules, core, deal, moves);
  // The app may be up already (a quick return): its table is the one.
  if (!game || html.dataset.ready === "true") {
    return;
  }
  writePage(texts, plan.game, deal, moves.length, saved && saved.daily);
  if (way === "replay") {
    replayPanel(texts, panels, deal);
  }
  const piles = drawPiles(plan, texts, game.piles());
  show(way, plan, piles, texts);
  if (way !== "replay") {           // (a replay's table is there to be watched)
    playEarly(plan, texts, piles, game, kept, deal, moves, Boolean(saved));
  }
  if (kept.welcome && way !== "return") {
    welcome(texts, texts[way === "replay" ? "watch" : "shared"].replaceAll("{deal}", deal));
  }
}

// -- a puzzle link: the puzzle's position, its panel open --------------------

// Puzzle ``found.number`` of its game's table (puzzles/GAME.json), as
// castling_web/puzzle_view.py opens it: the deal and the moves that led to it
// played by the core, the panel saying what to find. Its table is not played
// early: the app judges the move (castling.app.puzzle_session), and a tap
// meanwhile gets a word. A first visit's welcome says a puzzle was shared.
async function earlyPuzzle(found, kept) {
  const code = spokenLanguage(kept.settings.language);
  const [[plain, rules, core, texts], table, panels] = await Promise.all([
    gameFiles(found.game, code), fetchedJson(`./puzzles/${found.game}.json`), panelFile(code)]);
  const puzzle = puzzleIn(table, found.game, found.number);
  if (!puzzle) {
    return;                 // (the app says there is no such puzzle)
  }
  const plan = wear(kept, plain);
  const moves = puzzle.moves.map((move) => moveText(plan, move));
  const game = await CoreGame.dealt(plan, rules, core, puzzle.deal, moves);
  if (!game || html.dataset.ready === "true") {
    return;
  }
  writePage(texts, plan.game, puzzle.deal, 0, false);
  document.getElementById("status").textContent = statusLine(plan, texts, game, moves.length);
  puzzlePanel(texts, panels, found.game, found.number, puzzle.only, moves.length,
              puzzleScore(kept.puzzles(), plan.puzzles.new_rating));
  show("puzzle", plan, drawPiles(plan, texts, game.piles()), texts);
  if (kept.welcome) {
    welcome(texts, texts.puzzle.shared.replaceAll("{number}", String(found.number)));
  }
}

// What Python will open (castling_web/routing.py), drawn now where it can be
// known: a link's deal, a replay's, a puzzle's, the front door's, the last game's save.
// Anything else (a link that cannot be read, a new deal of a random number)
// draws nothing, and the app, once up, shows it or says why.
function drawWhatOpens() {
  const kept = stored();
  const fragment = location.hash;
  const link = ["", "#", "#/"].includes(fragment) || fragment.startsWith("#transfer=") ? null
    : {replay: replayLink(fragment), puzzle: puzzleLink(fragment),
       deal: fragment.includes("/replay/") ? null : dealLink(fragment)};
  let drawing = null;
  if (link) {
    if (link.puzzle) {
      drawing = earlyPuzzle(link.puzzle, kept);
    } else if (link.replay || link.deal) {
      drawing = early(link.replay ? "replay" : "deal", link.replay || link.deal, kept);
    }
  } else if (!kept.any) {
    frontDoor(!fragment.startsWith("#transfer="), kept);
  } else {
    const game = kept.last || "chessboard";
    const saved = /^[a-z0-9-]{1,40}$/.test(game) ? savedGame(kept, game, null) : null;
    if (saved) {
      drawing = early("return", {game, deal: saved.deal}, kept);
    }
  }
  // (A failure draws nothing: the app, once up, opens the game or says why.)
  if (drawing) {
    drawing.catch(() => undefined).finally(() => {
      if (!html.hasAttribute("data-early")) {
        painted();            // nothing was drawn: Python need not wait
      }
    });
  } else if (!html.hasAttribute("data-early")) {
    painted();
  }
}

// (A function, and this test of the board, where one file returned early: a
// part is a script of its own for the checks, and a script cannot return.)
if (!board || !pagePlan) {
  painted();
} else {
  // For the tests: the same layout over any plan and room, and the core's
  // answers as the early table reads them, for any game and position.
  window.castlingFirstTable = {arrange, CoreGame, gameFiles};
  drawWhatOpens();
}
