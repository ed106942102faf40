// The table before Python is up, for every way in (docs/internals.md, "Start-up").
//
// Python takes seconds to start on a first visit and about a second on a
// return; the table should not. Whatever the router and the session will open
// (castling_web/routing.py), where it can be known without Python, is drawn
// here, laid out as castling.app.table.arrangement.arrange would lay it out for
// this board, with the hooks the app's renderer gives it (data-pile,
// data-card, the same classes and names), so that when Python is up it draws
// the same table over this one and nothing moves:
//
// * the front door (no link, nothing stored; a transfer link on a new device
//   too): build.py drew one deal (castling.app.first_visit) into the page,
//   <template id="first-table">, with what arrange() weighs for it in
//   <script id="first-table-plan">;
// * a deal link (#/GAME/NUMBER), a replay link (its deal, the viewer's panel
//   open), a return visit (the last game's save) and the deal in hand: the
//   page fetches that game's plan (tables/GAME.json: the arrangements, its
//   piles, its words) and rules table (tables/GAME.bin) and the compiled
//   search core (castling-core.wasm), the engine's tested mirror, which deals
//   the number and plays the save's moves. Nothing of a link or a save is
//   ever inserted as markup. What cannot be read draws nothing: the app says why.
//
// A first visit's welcome opens over the table (a link's says what was
// shared). Until data-ready a tap or a drag on the table is kept and its cards
// marked (played by the app once up), a key gets a word, a button pressed is
// remembered (html[data-asked]) and pressed again once the app is up, and so
// is a game chosen in the list (html[data-asked-game]). Python's start waits
// for the table to be painted (window.castlingEarlyTable, interpreter.mjs).
// This is a classic script at the end of the body so that it runs as soon as
// the page is parsed, before the deferred modules.
"use strict";

(() => {
  const html = document.documentElement;
  const board = document.getElementById("board");
  // Python's start waits for this (interpreter.mjs): it holds the main thread
  // for a second or more on a slow phone, and no frame is drawn meanwhile, so
  // the table drawn here is painted first. Settled once it is, or once there
  // is nothing to draw (and by interpreter.mjs's own timeout at the latest).
  let painted;
  window.castlingEarlyTable = new Promise((resolve) => {
    painted = resolve;
  });
  if (!board) {
    painted();
    return;
  }

  // The layout of castling.app.table.arrangement.arrange, for a fresh profile's
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

  // What must fit the board's width, and what its height (as (cards, gaps):
  // that many card widths and gaps), for a candidate's rows whose tableau piles
  // hold ``longest`` cards at the index step; and the heights of the tableau's
  // rows in card heights: arrangement._terms and _tall.
  function terms(plan, candidate, longest) {
    const slot = 1 + (longest - 1) * plan.index_w;
    const tall = (row) => (row.fan === "down" ? 1 + (longest - 1) * plan.index_h : 1);
    const across = (row) => [row.columns * (row.fan === "right" ? slot : 1.0), row.columns - 1];
    const down = (rows) => rows.reduce((total, row) => total + plan.aspect * tall(row), 0);
    const {rows, side} = candidate;
    const body = rows.slice(side).map(tall);
    if (!side) {
      return {across: rows.map(across), down: [[down(rows), rows.length - 1]], body};
    }
    const [strip, main] = [rows.slice(0, side), rows.slice(side)];
    const wide = [strip.map(across), main.map(across)];
    const cards = Math.max(...wide[0].map(([w]) => w)) + Math.max(...wide[1].map(([w]) => w));
    const gaps = Math.max(...wide[0].map(([, g]) => g)) + Math.max(...wide[1].map(([, g]) => g)) + 2;
    return {across: [[cards, gaps]], down: [strip, main].map((part) => [down(part), part.length - 1]),
            body};
  }

  // ``longest``: the most cards a tableau pile is laid out for (the game's
  // design length, or more where a pile in play holds more: render.py's longest).
  function arrange(plan, width, height, gap, longest = plan.longest) {
    const measured = plan.candidates.map((candidate) => {
      const measures = terms(plan, candidate, longest);
      const fitW = widest(measures.across, width, gap);
      const fitH = widest(measures.down, height, gap);
      return {candidate, measures, size: Math.min(fitW, fitH), fitW, fitH};
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
    const {body} = chosen.measures;
    const cardH = cardW * plan.aspect;
    let needed = 0;
    for (const rows of body) {
      needed += cardH * rows;
    }
    needed += (body.length - 1) * gap;
    const fanned = candidate.rows.filter((row) => row.fan === "down").length;
    let pileLen = cardH * (1 + (longest - 1) * plan.index_h);
    if (fanned) {
      pileLen += Math.max(0.0, height - needed) / fanned;
    }
    let slotW = cardW * (1 + (longest - 1) * plan.index_w);
    const right = candidate.rows.filter((row) => row.fan === "right");
    if (right.length) {         // (Chequers' sideways fans: as wide as the row leaves them)
      const strip = Math.max(0.0, ...candidate.rows.slice(0, candidate.side)
        .map((row) => row.columns * (cardW + gap)));
      const roomW = (width - strip - (right[0].columns - 1) * gap) / right[0].columns;
      slotW = Math.max(slotW, Math.min(roomW, cardW * (1 + (longest - 1) * plan.fan_w)));
    }
    return {candidate, cardW, pileLen, slotW, scrolls: chosen.fitH < cardW - 0.01};
  }

  // The board's inner room, as castling_web/render.py's TableView._space reads it.
  function room(plan) {
    let width = board.clientWidth || window.innerWidth;
    const rect = board.getBoundingClientRect();
    const bottom = rect.bottom || window.innerHeight;
    let height = Math.min(bottom, window.innerHeight) - rect.top;
    width -= plan.padding[0];
    height = Math.max(120.0, height - plan.padding[1]);
    return {width, height, gap: width > 500 ? 6.0 : 3.0};
  }

  // Rows of piles as TableView._build_rows makes them, and the sizes of _apply.
  function lay(plan, piles) {
    const {width, height, gap} = room(plan);
    const longest = Math.max(plan.longest, ...Object.entries(piles)
      .filter(([name]) => name.startsWith("t")).map(([, pile]) => pile.children.length));
    const fit = arrange(plan, width, height, gap, longest);
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

  // What the browser keeps of Castling (castling.app.storage.records' keys): whether
  // anything, whether the welcome is still due (castling.app.session:
  // neither closed nor a last game), the settings, the last game, the saves.
  // Storage refused: as if a player of before; Python says why, on its table.
  function stored() {
    try {
      let any = false;
      for (let at = 0; at < localStorage.length; at++) {
        any = any || String(localStorage.key(at)).startsWith("castling:");
      }
      const last = localStorage.getItem("castling:last");
      let settings = {};
      try {
        const text = JSON.parse(localStorage.getItem("castling:settings"));
        settings = text && typeof text === "object" ? text : {};
      } catch {
        // damaged: Python falls back to the defaults too (records.read_settings)
      }
      return {
        any, settings, last,
        welcome: localStorage.getItem("castling:welcomed") === null && last === null,
        save: (game) => localStorage.getItem(`castling:save:${game}`),
      };
    } catch {
      return {any: true, welcome: false, settings: {}, last: null, save: () => null};
    }
  }

  // A setting as Python reads it: one of its choices, else its default.
  function setting(kept, plan, name) {
    const value = kept.settings[name];
    return plan.looks.choices[name].includes(value) ? value : plan.looks.defaults[name];
  }

  // The player's looks, as classes on the page (castling_web/settings.py's
  // apply_look), and the card size, as a plan sized for it.
  function wear(kept, plan) {
    for (const [name, className] of Object.entries(plan.looks.switches)) {
      html.classList.toggle(className, kept.settings[name] === true);
    }
    for (const [name, prefix] of Object.entries(plan.looks.classes)) {
      const chosen = setting(kept, plan, name);
      for (const value of plan.looks.choices[name]) {
        html.classList.toggle(`${prefix}-${value}`, value === chosen);
      }
    }
    const [share, largest] = plan.looks.card_sizes[setting(kept, plan, "card_size")];
    return {...plan, share, largest};
  }

  // The first of the browser's languages that the page has words in
  // (castling.i18n.preferred), else the default.
  function words(plan, chosen) {
    if (chosen && Object.hasOwn(plan.words, chosen)) {
      return plan.words[chosen];         // the player's choice (Settings → Language)
    }
    for (const tag of navigator.languages || [navigator.language]) {
      const code = String(tag).split("-")[0].toLowerCase();
      if (Object.hasOwn(plan.words, code)) {
        return plan.words[code];
      }
    }
    return plan.words[plan.default_language];
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

  // Until the app is up: a tap or a drag on the table is kept, its cards
  // marked at once (.asked), and played once the app is up, which judges it
  // (castling_web/pointer.py's play_asked: html[data-asked-moves]); a key gets
  // a word; a button is pressed once the app is up (the last one pressed), a
  // game chosen is opened. On a replay's table (``watching``) nothing is kept.
  function holdInput(texts, watching) {
    const toast = document.getElementById("toast");
    const notice = document.getElementById("notice");
    const say = (text) => {
      if (toast && notice) {
        notice.textContent = text;
        toast.hidden = false;
      }
    };
    const ready = () => html.dataset.ready === "true";
    const asked = [];
    let press = null;
    // (pointer.py's _pressed: the pile, and how many cards from its top the
    // pointer touches; null on a face-down card or an empty pile)
    const onDown = (event) => {
      const pile = !ready() && event.target.closest && event.target.closest("#board [data-pile]");
      if (!pile) {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      if (watching || event.button !== 0 || !event.isPrimary) {
        return;
      }
      const cards = [...pile.querySelectorAll(":scope > .card")];
      const card = event.target.closest(".card");
      const at = cards.indexOf(card);
      const count = at >= 0 && card.getAttribute("data-card") !== "down" ? cards.length - at : null;
      press = {x: event.clientX, y: event.clientY, pile, count, dragging: false,
               lifted: count ? cards.slice(-count) : []};
    };
    // A press that travels 6 px is a drag (pointer.py's DRAG_THRESHOLD): the cards follow.
    const onMove = (event) => {
      if (!press || !press.count) {
        return;
      }
      const [dx, dy] = [event.clientX - press.x, event.clientY - press.y];
      if (press.dragging || Math.abs(dx) + Math.abs(dy) >= 6) {
        press.dragging = true;
        for (const card of press.lifted) {
          card.style.transform = `translate(${dx}px, ${dy}px)`;
          card.classList.add("dragging");
        }
      }
    };
    const onUp = (event) => {
      const done = press;
      press = null;
      if (!done || ready()) {
        return;
      }
      const name = done.pile.getAttribute("data-pile");
      let entry = {kind: "tap", pile: name, count: done.count, time: event.timeStamp};
      if (done.dragging) {
        for (const card of done.lifted) {
          card.style.removeProperty("transform");
          card.classList.remove("dragging");
        }
        const under = document.elementsFromPoint(event.clientX, event.clientY)
          .map((element) => element.closest("#board [data-pile]"))
          .find((pile) => pile && pile !== done.pile);
        entry = {kind: "drag", pile: name, count: done.count,
                 to: under ? under.getAttribute("data-pile") : null};
      }
      asked.push(entry);
      html.setAttribute("data-asked-moves", JSON.stringify(asked));
      for (const card of done.lifted) {
        card.classList.add("asked");
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
    const listened = [["pointerdown", onDown], ["pointermove", onMove], ["pointerup", onUp],
                      ["click", onButton], ["keydown", onKey]];
    for (const [name, listener] of listened) {
      document.addEventListener(name, listener, true);
    }
    const games = document.getElementById("game-select");
    games.addEventListener("change", onGame);
    // Once the app is up, it answers: the guards go, and a word of theirs still
    // shown goes too (the app's own messages stay).
    new MutationObserver((_, watch) => {
      if (ready()) {
        watch.disconnect();
        for (const [name, listener] of listened) {
          document.removeEventListener(name, listener, true);
        }
        games.removeEventListener("change", onGame);
        if (toast && notice && [texts.wait, texts.asked].includes(notice.textContent)) {
          toast.hidden = true;
        }
      }
    }).observe(html, {attributes: true, attributeFilter: ["data-ready"]});
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

  // -- the front door: the deal build.py drew ---------------------------------

  // (``welcomed``: the welcome opens over it; a transfer link's waits for Python.)
  function frontDoor(welcomed) {
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
  }

  // -- any other way in: dealt, and played on, by the compiled core -----------

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

  // A move's text ("t3-f2", "t4-t9:3": castling.notation) as the core's three numbers.
  function parseMove(plan, text) {
    const match = /^([tfrsw][1-9][0-9]?)-([tfrsw][1-9][0-9]?)(?::([1-9][0-9]?))?$/.exec(text);
    const names = plan.piles.map((pile) => pile.name);
    if (!match || match[3] === "1") {
      return null;
    }
    const [source, target] = [names.indexOf(match[1]), names.indexOf(match[2])];
    return source < 0 || target < 0 || source === target ? null
      : [source, target, match[3] ? Number(match[3]) : 1];
  }

  // The piles, by pile name, of the deal with ``moves`` played, as the engine's
  // positions list them (bottom first; a card is suit * 13 + rank, FACE_DOWN
  // added when it lies face down): dealt and played by the core from the
  // game's rules table. Null if anything fails: a move the core finds illegal
  // (Python then says what it makes of the save) draws nothing.
  async function played(plan, rules, core, deal, moves) {
    const {instance} = await WebAssembly.instantiate(core, {});
    const exports = instance.exports;
    const io = exports.core_io();
    const bytes = (size) => new Uint8Array(exports.memory.buffer, io, size);
    bytes(rules.byteLength).set(new Uint8Array(rules));
    if (exports.core_load_rules(rules.byteLength) < 0) {
      return null;
    }
    const digits = new TextEncoder().encode(deal);
    bytes(digits.length).set(digits);
    if (exports.core_deal(digits.length) < 0) {
      return null;
    }
    for (const text of moves) {
      const move = parseMove(plan, text);
      if (!move || exports.core_play(...move) < 0) {
        return null;
      }
    }
    const position = bytes(exports.core_get_position());
    if (position[0] !== plan.piles.length) {
      return null;
    }
    const piles = {};
    let at = 1;
    for (const {name} of plan.piles) {
      const size = position[at];
      piles[name] = Array.from(position.subarray(at + 1, at + 1 + size));
      at += 1 + size;
    }
    return piles;
  }

  // A card's code ("TD"; lower case face down: castling.cards.card_text).
  function code(plan, card) {
    const {ranks, suits, face_down: down} = plan.cards;
    const face = card & ~down;
    const text = ranks[face % 13] + suits[Math.floor(face / 13)];
    return card & down ? text.toLowerCase() : text;
  }

  // The piles' and cards' elements as castling_web/render.py's TableView draws them.
  function drawPiles(plan, texts, cards) {
    const label = (text) => (text === text.toLowerCase() ? texts.face_down : texts.cards[text]);
    const piles = {};
    for (const {name, class: className, label: mark, counted} of plan.piles) {
      const codes = cards[name].map((card) => code(plan, card));
      const pile = document.createElement("div");
      pile.className = className;
      pile.setAttribute("data-pile", name);
      pile.setAttribute("role", "group");
      pile.setAttribute("tabindex", name === plan.focused ? "0" : "-1");
      const count = codes.length === 0 ? "empty" : codes.length === 1 ? "one" : "many";
      pile.setAttribute("aria-label", texts.pile_label[count]
        .replaceAll("{pile}", texts.pile_titles[name])
        .replaceAll("{count}", String(codes.length))
        .replaceAll("{card}", codes.length ? label(codes[codes.length - 1]) : ""));
      if (mark) {
        pile.setAttribute("data-label", mark);
      }
      pile.style.setProperty("--n", String(codes.length));
      if (counted) {
        pile.setAttribute("data-count", String(codes.length));
      }
      codes.forEach((text, index) => {
        const card = document.createElement("div");
        card.style.setProperty("--i", String(index));
        card.setAttribute("data-index", String(index));
        card.setAttribute("role", "img");
        card.setAttribute("aria-label", label(text));
        const down = text === text.toLowerCase();
        card.className = down ? "card down" : "card";
        card.setAttribute("data-card", down ? "down" : text);
        pile.appendChild(card);
      });
      piles[name] = pile;
    }
    return piles;
  }

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
      document.getElementById("move-counter").textContent = moves === 1 ? texts.counter_one
        : texts.counter_many.replaceAll("{count}", String(moves));
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

  // What to draw: ``way`` is "deal" (a deal link: the player's save of that
  // deal if there is one), "replay" (the replay's deal, before its first move)
  // or "return" (the last game's save).
  async function early(way, found, kept) {
    const fetched = (name) => fetch(name).then((response) => {
      if (!response.ok) {
        throw new Error(`${name}: ${response.status}`);
      }
      return response;
    });
    const [plain, rules, core] = await Promise.all([
      fetched(`./tables/${found.game}.json`).then((response) => response.json()),
      fetched(`./tables/${found.game}.bin`).then((response) => response.arrayBuffer()),
      fetched("./castling-core.wasm").then((response) => response.arrayBuffer()),
    ]);
    const plan = wear(kept, plain);
    const saved = way === "replay" ? null : savedGame(kept, found.game, found.deal);
    const deal = saved ? saved.deal : found.deal;
    const moves = saved ? saved.moves : [];
    const cards = await played(plan, rules, core, deal, moves);
    // The app may be up already (a quick return): its table is the one.
    if (!cards || html.dataset.ready === "true") {
      return;
    }
    const texts = words(plan, setting(kept, plan, "language"));
    writePage(texts, plan.game, deal, moves.length, saved && saved.daily);
    if (way === "replay") {
      replayPanel(texts, deal);
    }
    show(way, plan, drawPiles(plan, texts, cards), texts);
    if (kept.welcome && way !== "return") {
      welcome(texts, texts[way === "replay" ? "watch" : "shared"].replaceAll("{deal}", deal));
    }
  }

  // For the tests: the same layout over any plan and room.
  window.castlingFirstTable = {arrange};

  // What Python will open (castling_web/routing.py), drawn now where it can be
  // known: a link's deal, a replay's, the front door's, the last game's save.
  // Anything else (a link that cannot be read, a new deal of a random number)
  // draws nothing, and the app, once up, shows it or says why.
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
    frontDoor(!fragment.startsWith("#transfer="));
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
})();
