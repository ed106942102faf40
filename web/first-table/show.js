// Part of first-table.js (page.js says how): the page's words, the welcome, the table shown.

// The page's own words for the game on the table (chrome.py and app.py write the same).
function writePage(texts, game, deal, moves, daily) {
  const fill = (text) => text.replaceAll("{deal}", deal);
  html.lang = texts.language;
  html.dir = texts.direction;         // (a language written right to left mirrors the page)
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
function replayPanel(texts, panelTexts, deal) {
  const panel = document.getElementById("replay");
  translate(panel, panelTexts.replay);
  document.getElementById("replay-title").textContent = texts.replay_title.replaceAll("{deal}", deal);
  panel.hidden = false;
  panel.setAttribute("data-replay", "");
}

// A puzzle's panel above the table, as castling_web/puzzle_view.py opens it
// for a link (its buttons answer once the app is up): its title, what to find
// (``only``: how many moves in a row), the moves before it (``before``), the
// player's rating and streak (``score``: puzzleScore's). ``words``: the
// panels' words (tables/panels.json), ``texts`` the game's.
function puzzlePanel(texts, words, game, number, only, before, score) {
  const panel = document.getElementById("puzzle");
  const write = (id, text) => {
    document.getElementById(id).textContent = text;
  };
  const counted = (forms, count) => inPluralForm(texts, forms, count)
    .replaceAll("{count}", grouped(words.numbers, count));
  translate(panel, words.puzzle);
  write("puzzle-title", texts.puzzle.title.replaceAll("{number}", String(number)));
  write("puzzle-verdict", only === 1 ? words.find : counted(words.find_moves, only));
  write("puzzle-rating", words.rating.replaceAll("{rating}", grouped(words.numbers, score.rating)));
  document.getElementById("puzzle-rating").setAttribute("data-puzzle-rating", String(score.rating));
  write("puzzle-streak", counted(words.streak, score.streak));
  const counter = document.getElementById("puzzle-before-counter");
  counter.textContent = words.before.replaceAll("{step}", String(before)).replaceAll("{total}", String(before));
  counter.setAttribute("data-puzzle-step", String(before));
  document.querySelector('[data-action="puzzle-before-back"]').disabled = before === 0;
  document.querySelector('[data-action="puzzle-before-forward"]').disabled = true;
  panel.hidden = false;
  // As the app marks a puzzle on the table: the player's counters hidden, the
  // toolbar (which works on the player's game) out of reach.
  html.setAttribute("data-puzzle", `${game}/${number}`);
  document.querySelector(".controls").inert = true;
}

// A panel's words in the player's language (castling_web/chrome.py's
// apply_language, for the keys ``catalogue`` has: the build's, from the panel's markup).
function translate(panel, catalogue) {
  const known = (key) => key !== null && Object.hasOwn(catalogue, key);
  for (const element of [panel, ...panel.querySelectorAll("*")]) {
    const key = element.getAttribute("data-i18n");
    if (known(key)) {
      element.textContent = catalogue[key];
    }
    for (const attribute of ["title", "aria-label", "label", "placeholder"]) {
      const named = element.getAttribute(`data-i18n-${attribute}`);
      if (known(named)) {
        element.setAttribute(attribute, catalogue[named]);
      }
    }
  }
}

function welcome(texts, gameLine) {
  const dialog = document.getElementById("welcome-dialog");
  if (!dialog) {
    return;
  }
  translate(dialog, texts.catalogue);
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
// "replay", "puzzle", "return"): castling_web/routing.py opens the front door's
// deal, and leaves a puzzle's table as it is until the puzzle is read.
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
  holdInput(texts, way === "replay");    // (a puzzle's table: a tap gets a word)
}
