// The table of a first visit, before Python is up (docs/internals.md, "Start-up").
//
// Python takes seconds to start on a first visit; the table should not. build.py
// draws one deal (castling.player.first_visit) into the page with the app's own
// renderer: its piles and cards, with the same data-pile / data-card hooks, in
// <template id="first-table">, and what castling.player.arrangement.arrange
// weighs for them in <script id="first-table-plan">. Here, on a first visit
// only (no link, nothing stored), the piles are put in the rows arrange() would
// choose for this board, at the size it would give them, and the welcome opens
// over them. When Python is up it deals the same deal and draws the same table
// over this one (the app marks html[data-first-table] to know it must): nothing
// moves. tests/browser/test_first_table.py holds the two layouts to one answer.
//
// Until data-ready a tap on the table is refused with a message, and a button
// pressed is remembered (html[data-asked]) and pressed again once the app is up;
// so is a game chosen in the list (html[data-asked-game]).
// This is a classic script at the end of the body so that it runs as soon as the
// page is parsed, before the deferred modules.
"use strict";

(() => {
  const html = document.documentElement;
  const planElement = document.getElementById("first-table-plan");
  const template = document.getElementById("first-table");
  const board = document.getElementById("board");
  if (!planElement || !template || !board) {
    return;
  }
  const plan = JSON.parse(planElement.textContent);

  // The layout of castling.player.arrangement.arrange, for a fresh profile's
  // settings (medium cards): the same candidates, the same measures, the same
  // choice, in the same order of operations (so the same floating-point answer).
  const widest = (terms, room, gap) => Math.min(...terms.map(([cards, gaps]) => (room - gaps * gap) / cards));

  // The key with which Python's min(..., key=...) picks: the first of the least.
  const least = (items, key) => {
    let best = items[0];
    let bestKey = key(best);
    for (const item of items.slice(1)) {
      const itemKey = key(item);
      for (let at = 0; at < itemKey.length; at++) {
        if (itemKey[at] !== bestKey[at]) {
          if (itemKey[at] < bestKey[at]) {
            best = item;
            bestKey = itemKey;
          }
          break;
        }
      }
    }
    return best;
  };

  function arrange(width, height, gap) {
    const measured = plan.candidates.map((candidate) => {
      const fitW = widest(candidate.across, width, gap);
      const fitH = widest(candidate.down, height, gap);
      return {candidate, size: Math.min(fitW, fitH), fitW, fitH};
    });
    const best = Math.max(...measured.map((m) => m.size));
    let target = best * plan.share;
    const worth = (m, size) => size / (m.candidate.side ? plan.side_gain : 1.0);
    let chosen;
    let cardW;
    if (target > best || target < plan.least) {
      target = Math.max(target, plan.least);
      const top = Math.max(...measured.map((m) => Math.min(m.fitW, target)));
      const near = measured.filter((m) => Math.min(m.fitW, target) >= top * 0.97);
      chosen = least(near, (m) => [-worth(m, Math.min(m.fitH, target)), m.candidate.rows.length]);
      cardW = Math.min(chosen.fitW, target);
    } else {
      const most = Math.max(...measured.map((m) => worth(m, m.size)));
      const near = measured.filter((m) => worth(m, m.size) >= most * 0.97);
      chosen = least(near, (m) => [m.candidate.side > 0 ? 1 : 0, m.candidate.rows.length, -m.size]);
      cardW = chosen.size * plan.share;
    }
    cardW = Math.max(1.0, Math.min(cardW, plan.largest));
    const {candidate} = chosen;
    const cardH = cardW * plan.aspect;
    let needed = 0;
    for (const rows of candidate.body) {
      needed += cardH * rows;
    }
    needed += (candidate.body.length - 1) * gap;
    const fanned = candidate.rows.filter((row) => row.fan === "down").length;
    let pileLen = cardH * (1 + (plan.longest - 1) * plan.index_h);
    if (fanned) {
      pileLen += Math.max(0.0, height - needed) / fanned;
    }
    const slotW = cardW * (1 + (plan.longest - 1) * plan.index_w);
    return {candidate, cardW, pileLen, slotW, scrolls: chosen.fitH < cardW - 0.01};
  }

  // The board's inner room, as castling_web/render.py's TableView._space reads it.
  function room() {
    let width = board.clientWidth || window.innerWidth;
    const rect = board.getBoundingClientRect();
    const bottom = rect.bottom || window.innerHeight;
    let height = Math.min(bottom, window.innerHeight) - rect.top;
    width -= plan.padding[0];
    height = Math.max(120.0, height - plan.padding[1]);
    return {width, height, gap: width > 500 ? 6.0 : 3.0};
  }

  // Rows of piles as TableView._build_rows makes them, and the sizes of _apply.
  function lay(piles) {
    const {width, height, gap} = room();
    const fit = arrange(width, height, gap);
    const rows = fit.candidate.rows.map((row) => {
      const element = document.createElement("div");
      element.className = `row fan-${row.fan}`;
      element.style.setProperty("--cols", String(row.columns));
      row.piles.forEach((name, at) => {
        const pile = piles[name];
        // (laid out again on a resize: what the last arrangement placed goes)
        pile.style.gridColumnStart = row.places ? String(row.places[at]) : "";
        const spread = Boolean(row.spans && row.spans[at] > 1);
        pile.classList.toggle("spread", spread);
        if (spread) {
          pile.style.setProperty("--span", String(row.spans[at]));
        } else {
          pile.style.removeProperty("--span");
        }
        element.appendChild(pile);
      });
      return element;
    });
    const side = fit.candidate.side;
    if (side) {
      const strip = document.createElement("div");
      const main = document.createElement("div");
      strip.className = "strip";
      main.className = "tableau";
      strip.append(...rows.slice(0, side));
      main.append(...rows.slice(side));
      board.replaceChildren(strip, main);
      board.classList.add("beside");
    } else {
      board.replaceChildren(...rows);
      board.classList.remove("beside");
    }
    board.setAttribute("data-game", plan.game);
    board.toggleAttribute("data-scrolls", fit.scrolls);
    const style = board.style;
    style.setProperty("--card-w", `${fit.cardW.toFixed(2)}px`);
    style.setProperty("--gap", `${gap.toFixed(0)}px`);
    style.setProperty("--pile-len", `${fit.pileLen.toFixed(1)}px`);
    style.setProperty("--slot-w", `${fit.slotW.toFixed(1)}px`);
    for (const [name, value] of Object.entries(plan.shares)) {
      style.setProperty(name, value);
    }
  }

  // A first visit: no link to open, and nothing stored (a player of before has a
  // game of their own to come back to, which only Python can read).
  function firstVisit() {
    if (location.hash.length > 1) {
      return false;
    }
    try {
      for (let at = 0; at < localStorage.length; at++) {
        if (String(localStorage.key(at)).startsWith("castling:")) {
          return false;
        }
      }
    } catch {
      return false;             // storage refused: Python says why, on its table
    }
    return true;
  }

  // The first of the browser's languages that the page has words in
  // (castling.i18n.preferred), else the default.
  function words() {
    for (const tag of navigator.languages || [navigator.language]) {
      const code = String(tag).split("-")[0].toLowerCase();
      if (code in plan.words) {
        return plan.words[code];
      }
    }
    return plan.words[plan.default_language];
  }

  function welcome(texts) {
    const dialog = document.getElementById("welcome-dialog");
    if (!dialog) {
      return;
    }
    for (const element of dialog.querySelectorAll("[data-i18n]")) {
      const key = element.getAttribute("data-i18n");
      if (key in texts.catalogue) {
        element.textContent = texts.catalogue[key];
      }
    }
    for (const [id, text] of Object.entries(texts.welcome)) {
      document.getElementById(id).textContent = text;
    }
    // Closed before Python is up: Python remembers it (castling_web/welcome.py).
    dialog.addEventListener("close", () => dialog.setAttribute("data-closed", ""), {once: true});
    dialog.showModal();
  }

  // Until the app is up: a tap on the table gets a word; a button is pressed
  // again once it is (the last one pressed), a game chosen is opened.
  function holdInput(texts) {
    const toast = document.getElementById("toast");
    const notice = document.getElementById("notice");
    const say = (text) => {
      if (toast && notice) {
        notice.textContent = text;
        toast.hidden = false;
      }
    };
    const ready = () => html.dataset.ready === "true";
    const onTable = (event) => {
      if (!ready() && event.target.closest && event.target.closest("[data-pile]")) {
        event.preventDefault();
        event.stopPropagation();
        say(texts.wait);
      }
    };
    const onButton = (event) => {
      const button = !ready() && event.target.closest && event.target.closest("[data-action]");
      if (button && !button.disabled) {
        html.setAttribute("data-asked", button.getAttribute("data-action"));
        say(texts.asked);
      }
    };
    const onGame = (event) => {
      if (!ready()) {
        html.setAttribute("data-asked-game", event.target.value);
        say(texts.asked);
      }
    };
    const onKey = (event) => {
      const quiet = ["Tab", "Shift", "Control", "Alt", "Meta", "Escape"];
      if (!ready() && !quiet.includes(event.key) && !document.querySelector("dialog[open]")) {
        say(texts.wait);
      }
    };
    document.addEventListener("pointerdown", onTable, true);
    document.addEventListener("click", onButton, true);
    document.addEventListener("keydown", onKey, true);
    const games = document.getElementById("game-select");
    games.addEventListener("change", onGame);
    // Once the app is up, it answers: the guards go, and a word of theirs still
    // shown goes too (the app's own messages stay).
    new MutationObserver((_, watch) => {
      if (ready()) {
        watch.disconnect();
        document.removeEventListener("pointerdown", onTable, true);
        document.removeEventListener("click", onButton, true);
        document.removeEventListener("keydown", onKey, true);
        games.removeEventListener("change", onGame);
        if (toast && notice && [texts.wait, texts.asked].includes(notice.textContent)) {
          toast.hidden = true;
        }
      }
    }).observe(html, {attributes: true, attributeFilter: ["data-ready"]});
  }

  // For the layout test: the same function over any room.
  window.castlingFirstTable = {arrange};

  if (!firstVisit()) {
    return;
  }
  const texts = words();
  html.setAttribute("data-first-table", plan.game);
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
  for (const [id, text] of Object.entries(texts.page)) {
    document.getElementById(id).textContent = text;
  }
  document.title = texts.title;
  document.getElementById("game-select").value = plan.game;
  lay(piles);
  performance.mark("castling:first-table");
  // A phone turned, a window resized: laid out again, until the app does it.
  const relay = () => {
    if (html.dataset.ready === "true") {
      window.removeEventListener("resize", relay);
    } else {
      lay(piles);
    }
  };
  window.addEventListener("resize", relay);
  holdInput(texts);
  welcome(texts);
})();
