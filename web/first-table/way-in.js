// Part of first-table.js (page.js says how), the last: what to draw for each way in, and
// the start, which runs the rest.

// -- the front door: the deal build.py drew ---------------------------------

// (``welcomed``: the welcome opens over it; a transfer link's waits for Python.)
// Drawn at once from the build's template; playable once its game's files and
// the core are in (fetched meanwhile), as any other way in's table.
function frontDoor(welcomed, kept) {
  const planElement = document.getElementById("first-table-plan");
  const template = document.getElementById("first-table");
  if (!planElement || !template) {
    return;
  }
  const plan = JSON.parse(planElement.textContent);
  const texts = words(plan, "");
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
  gameFiles(plan.game).then(async ([plain, rules, core]) => {
    const game = await CoreGame.dealt(plain, rules, core, plan.deal, []);
    if (game && html.dataset.ready !== "true") {
      playEarly(wear(kept, plain), words(plain, ""), piles, game, kept, plan.deal, [], false);
    }
  }).catch(() => undefined);        // (not playable early: a tap is answered once the app is up)
}

// A game's plan (tables/GAME.json), its rules table (tables/GAME.bin) and the compiled core.
function gameFiles(gameId) {
  const fetched = (name) => fetch(name).then((response) => {
    if (!response.ok) {
      throw new Error(`${name}: ${response.status}`);
    }
    return response;
  });
  return Promise.all([
    fetched(`./tables/${gameId}.json`).then((response) => response.json()),
    fetched(`./tables/${gameId}.bin`).then((response) => response.arrayBuffer()),
    fetched("./castling-core.wasm").then((response) => response.arrayBuffer()),
  ]);
}

// -- any other way in: dealt, and played on, by the compiled core -----------

// What to draw: ``way`` is "deal" (a deal link: the player's save of that
// deal if there is one), "replay" (the replay's deal, before its first move)
// or "return" (the last game's save).
async function early(way, found, kept) {
  const [plain, rules, core] = await gameFiles(found.game);
  const plan = wear(kept, plain);
  const saved = way === "replay" ? null : savedGame(kept, found.game, found.deal);
  const deal = saved ? saved.deal : found.deal;
  const moves = saved ? saved.moves : [];
  const game = await CoreGame.dealt(plan, rules, core, deal, moves);
  // The app may be up already (a quick return): its table is the one.
  if (!game || html.dataset.ready === "true") {
    return;
  }
  const texts = words(plan, setting(kept, plan, "language"));
  writePage(texts, plan.game, deal, moves.length, saved && saved.daily);
  if (way === "replay") {
    replayPanel(texts, deal);
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

// What Python will open (castling_web/routing.py), drawn now where it can be
// known: a link's deal, a replay's, the front door's, the last game's save.
// Anything else (a link that cannot be read, a new deal of a random number)
// draws nothing, and the app, once up, shows it or says why.
function drawWhatOpens() {
  const kept = stored();
  const fragment = location.hash;
  const link = ["", "#", "#/"].includes(fragment) || fragment.startsWith("#transfer=") ? null
    : {replay: replayLink(fragment), deal: fragment.includes("/replay/") ? null : dealLink(fragment)};
  let drawing = null;
  if (link) {
    if (link.replay || link.deal) {
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
if (!board) {
  painted();
} else {
  // For the tests: the same layout over any plan and room, and the core's
  // answers as the early table reads them, for any game and position.
  window.castlingFirstTable = {arrange, CoreGame, gameFiles};
  drawWhatOpens();
}
