// Part of first-table.js (page.js says how): the page's words, the welcome, the table shown.

// The page's own words for the game on the table (chrome.py and app.py write the same).
function writePage(texts, game, deal, moves, daily) {
  const fill = (text) => text.replaceAll("{deal}", deal);
  for (const [id, text] of Object.entries(texts.page)) {
    document.getElementById(id).textContent = fill(text);
  }
  if (daily) {
    document.getElementById("deal-label").textContent = fill(texts.daily_label);
  }
  if (moves) {
    document.getElementById("move-counter").textContent = inPluralForm(texts, texts.counter, moves)
      .replaceAll("{count}", String(moves));
    document.getElementById("status").textContent = "";    // (the app's to say, in play)
  }
  document.title = fill(texts.title);
  document.getElementById("game-select").value = game;
}

// The replay viewer's panel above the table, as castling_web/replay_view.py
// opens it (its controls answer once the app is up): the table is laid out
// in the room the panel leaves it.
function replayPanel(texts, deal) {
  const panel = document.getElementById("replay");
  document.getElementById("replay-title").textContent = texts.replay_title.replaceAll("{deal}", deal);
  panel.hidden = false;
  panel.setAttribute("data-replay", "");
}

function welcome(texts, gameLine) {
  const dialog = document.getElementById("welcome-dialog");
  if (!dialog) {
    return;
  }
  for (const element of dialog.querySelectorAll("[data-i18n]")) {
    const key = element.getAttribute("data-i18n");
    if (Object.hasOwn(texts.catalogue, key)) {
      element.textContent = texts.catalogue[key];
    }
  }
  for (const [id, text] of Object.entries(texts.welcome)) {
    document.getElementById(id).textContent = text;
  }
  if (gameLine) {
    document.getElementById("welcome-game").textContent = gameLine;
  }
  // Closed before Python is up: Python remembers it (castling_web/welcome.py).
  dialog.addEventListener("close", () => dialog.setAttribute("data-closed", ""), {once: true});
  dialog.showModal();
}

// A table laid out on the board, kept laid out for the board's size until
// the app is up (a phone turned, a window resized). html[data-first-table]
// names its game, html[data-early] the way in ("front-door", "deal",
// "replay", "return"): castling_web/routing.py opens the front door's deal.
function show(way, plan, piles, texts) {
  html.setAttribute("data-first-table", plan.game);
  html.setAttribute("data-early", way);
  lay(plan, piles);
  performance.mark("castling:first-table");
  if (document.visibilityState === "hidden") {
    painted();            // (a tab in the background paints nothing: no frame to wait for)
  } else {
    requestAnimationFrame(() => requestAnimationFrame(painted));
  }
  const relay = () => {
    if (html.dataset.ready === "true") {
      window.removeEventListener("resize", relay);
    } else {
      lay(plan, piles);
    }
  };
  window.addEventListener("resize", relay);
  holdInput(texts, way === "replay");
}
