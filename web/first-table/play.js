// Part of first-table.js (page.js says how): the early table played, until the app is up.
//
// A tap, a drag and Undo are answered at once, before Python is up, as the app
// answers them: the compiled core (core.js's CoreGame: the engine's tested
// mirror) says where a tap sends a card (castling.app.table.tap), where
// dragged cards may go (board.targets, a supermove's plan included) and which
// cards auto-play sends home (hint.safe_foundation_moves); this file only
// carries the answers out as castling_web/pointer.py and moves.py do — the
// same order of taps, the same drop rule, the same slides (motion.js), sounds
// (sound.js) and counter. Nothing here judges a move.
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

class EarlyTable {
  constructor(plan, texts, piles, game, settings, keep, moves) {
    this.plan = plan;
    this.texts = texts;
    this.elements = piles;           // pile name -> its element
    this.game = game;                // CoreGame
    this.settings = settings;
    this.keep = keep;                // writes the save
    this.moves = [...moves];         // the game's moves, as texts
    this.names = plan.piles.map((pile) => pile.name);
    this.counted = new Set(plan.piles.filter((pile) => pile.counted).map((pile) => pile.name));
    this.drawn = this.codes();       // what each pile shows (face-down cards' identities too)
    this.longest = 0;
    this.held = null;                // {source, count, places}: picked up, waiting for a place
    this.sent = null;                // the cards one tap just moved (pointer.py's Sent)
    this.press = null;
    this.lastTap = {pile: null, at: -Infinity};
  }

  codes() {
    const piles = this.game.piles();
    return Object.fromEntries(this.names.map((name) => [name, piles[name].map((card) => code(this.plan, card))]));
  }

  index(name) {
    return this.names.indexOf(name);
  }

  // The card ``count`` from the top of pile ``name``, if there is one.
  topCode(name, count) {
    const pile = this.drawn[name];
    return count > 0 && count <= pile.length ? pile[pile.length - count] : null;
  }

  cardsOf(name) {
    return [...this.elements[name].children];
  }

  sound(name) {
    if (this.settings.sound && globalThis.castlingSound) {
      globalThis.castlingSound.play(name, this.settings.volume);
    }
  }

  duration() {
    const duration = this.plan.play.slide_ms[this.settings.speed];
    return duration === undefined || matchMedia("(prefers-reduced-motion: reduce)").matches
      ? null : duration;
  }

  mark(className, names = [], cards = []) {
    for (const element of board.querySelectorAll(`.${className}`)) {
      element.classList.remove(className);
    }
    for (const element of [...names.map((name) => this.elements[name]), ...cards]) {
      element.classList.add(className);
    }
  }

  // -- the table changed: its piles drawn again, what moved slides (animation.py's Motion.draw)

  redraw() {
    const now = this.codes();
    const motion = globalThis.castlingMotion;
    const duration = this.duration();
    const leaving = {};
    const kept = {};
    const changed = this.names.filter((name) => now[name].join() !== this.drawn[name].join());
    for (const name of changed) {
      const [shown, codes] = [this.drawn[name], now[name]];
      let keep = 0;
      while (keep < Math.min(shown.length, codes.length) && shown[keep] === codes[keep]) {
        keep++;
      }
      kept[name] = keep;
      const places = motion && duration !== null ? motion.measure(this.elements[name], keep) : [];
      shown.slice(keep).forEach((text, at) => {
        (leaving[text.toUpperCase()] ??= []).push(
          {pile: name, at: [places[2 * at], places[2 * at + 1]], down: text !== text.toUpperCase()});
      });
    }
    for (const name of changed) {
      this.redrawPile(name, now[name]);
    }
    this.drawn = now;
    this.relay(changed);
    if (!motion || duration === null) {
      return;
    }
    const elements = [];
    const data = [];
    const moved = new Set();
    for (const name of changed) {
      const codes = now[name];
      const cards = this.elements[name].children;
      for (let index = kept[name]; index < codes.length; index++) {
        const gone = (leaving[codes[index].toUpperCase()] || []).shift();
        if (!gone) {
          continue;
        }
        const down = codes[index] !== codes[index].toUpperCase();
        const turned = gone.down === down ? 0 : down ? 2 : 1;
        elements.push(cards[index]);
        data.push(...gone.at, index, this.index(name), turned);
        moved.add(name).add(gone.pile);
      }
    }
    if (elements.length) {
      motion.queue(elements, data, moved.size > 2 ? "spread" : "together", duration, 3.0, 1);
    }
  }

  // Pile ``name`` drawn as ``codes`` (drawPile keeps the cards it shows already).
  redrawPile(name, codes) {
    drawPile(this.texts, this.elements[name], name, codes, this.counted.has(name));
  }

  // A tableau pile grown past what the table was laid out for: laid out anew (render.py's fit).
  relay(changed) {
    const longest = Math.max(0, ...changed.filter((name) => name.startsWith("t"))
      .map((name) => this.drawn[name].length));
    if (longest > Math.max(this.longest, this.plan.longest)) {
      this.longest = longest;
      lay(this.plan, this.elements);
    }
  }

  // -- moves (moves.py's Moves.play) -------------------------------------------------

  // Play ``moves`` (one, or a supermove's several), then auto-play sends safe
  // cards home, each after the other, as the app's do.
  play(moves, byPlayer = true) {
    for (const move of moves) {
      if (!this.game.play(move)) {
        return;             // (never: the core chose them) — the app will judge
      }
      this.moves.push(moveText(this.plan, move));
    }
    this.held = null;
    this.mark("selected");
    this.mark("target");
    this.sound(moves[0][0] === this.index("s1") ? "turn-over" : "put-down");
    this.redraw();
    if (byPlayer && this.settings.autoplay) {
      for (let sent = 0; sent < 200; sent++) {
        const [safe] = this.game.safeHome();
        if (!safe || !this.game.play(safe)) {
          break;
        }
        this.moves.push(moveText(this.plan, safe));
        this.redraw();
      }
    }
    this.changed();
  }

  undo() {
    if (!this.game.undo()) {
      return;
    }
    this.moves.pop();
    this.held = this.sent = null;
    this.mark("selected");
    this.mark("target");
    this.redraw();
    this.changed();
  }

  // The counter, the status line, Undo, the save and the app's record, after a change.
  changed() {
    const count = this.moves.length;
    document.getElementById("move-counter").textContent =
      inPluralForm(this.texts, this.texts.counter, count).replaceAll("{count}", String(count));
    const status = document.getElementById("status");
    if (this.game.won()) {
      status.textContent = this.texts.won.replaceAll("{moves}", String(count));
    } else if (this.game.stuck()) {
      status.textContent = this.texts.lost;
    } else if (this.texts.page.status) {       // a chosen-base game: the base, once chosen
      const founded = this.names.filter((name) => name.startsWith("f")).map((name) => this.drawn[name])
        .find((pile) => pile.length);
      status.textContent = founded
        ? this.texts.bases[this.plan.cards.ranks.indexOf(founded[0][0])] : this.texts.page.status;
    } else {
      status.textContent = "";
    }
    document.querySelector('[data-action="undo"]').disabled = count === 0;
    html.setAttribute("data-early-moves", JSON.stringify(this.moves));
    this.keep(this.moves);
    if (this.game.won()) {
      this.sound("win");            // (the app, once up, celebrates: app.py's take_over_early)
    }
  }

  // -- a tap (pointer.py's tap, one_tap and carry_out) --------------------------------

  tap(name, count, now) {
    const index = this.index(name);
    if (this.settings.tap === "two") {
      const double = this.lastTap.pile === name && now - this.lastTap.at < 350;
      this.lastTap = {pile: name, at: now};
      this.carryOut(this.choose(index, count, double));
      return;
    }
    const sent = this.sent;
    this.sent = null;
    let tried = [];
    if (sent && sent.pile === name && sent.count === count && sent.moves === this.moves.length
        && this.topCode(name, sent.count) === sent.card) {
      tried = sent.tried;
    }
    const choice = this.game.tap(index, count, this.held, tried);
    const moved = choice.source === index ? this.topCode(name, choice.count) : null;
    if (choice.kind === "nothing" && count !== null) {
      this.putBack();
      this.nudge(this.cardsOf(name).slice(-count));
      return;
    }
    this.carryOut(choice);
    if (choice.kind === "play" && moved !== null) {
      const target = choice.moves[choice.moves.length - 1][1];
      const where = this.names[target];
      if (this.topCode(where, choice.count) === moved) {     // not gone home by auto-play
        const path = tried.includes(target) ? [index, target]
          : [...(tried.length ? tried : [index]), target];
        this.sent = {pile: where, card: moved, count: choice.count, moves: this.moves.length, tried: path};
      }
    }
  }

  // Two taps (castling.app.table.choice.choose, for a pointer's count).
  choose(pile, count, double) {
    const held = this.held;
    if (this.names[pile].startsWith("s")) {
      return this.game.tap(pile, null, null, []);      // the stock turns
    }
    if (double) {
      const home = this.game.homeward().find((move) => move[0] === pile);
      if (home) {
        return {kind: "play", moves: [home], source: pile, count: 1};
      }
    }
    if (held && held.source !== pile) {
      const moves = this.game.targets(held.source, held.count).get(pile);
      if (moves) {
        return {kind: "play", moves, source: held.source, count: held.count};
      }
    }
    if (held && held.source === pile && held.count === (count || 0)) {
      return {kind: "put_back"};
    }
    if (count === null || !this.game.pickable(pile).includes(count)) {
      return {kind: "put_back"};
    }
    return {kind: "hold", source: pile, count, places: [...this.game.targets(pile, count).keys()]};
  }

  carryOut(choice) {
    if (choice.kind === "play") {
      this.play(choice.moves);
    } else if (choice.kind === "hold") {
      this.held = {source: choice.source, count: choice.count};
      const name = this.names[choice.source];
      this.mark("selected", [], this.cardsOf(name).slice(-choice.count));
      this.mark("target", choice.places.map((place) => this.names[place]));
      this.sound("pick-up");
    } else {
      this.putBack();
    }
  }

  putBack() {
    this.held = null;
    this.mark("selected");
    this.mark("target");
  }

  // Tapped cards with nowhere to go: a small shake, or a glow where nothing moves (Motion.nudge).
  nudge(elements) {
    const [frames, timing] = this.duration() === null
      ? [[{boxShadow: "0 0 0 3px rgba(255, 214, 102, 0.95)"}, {boxShadow: "0 0 0 3px rgba(255, 214, 102, 0)"}],
         {duration: 600, easing: "ease-out"}]
      : [[0, -5, 5, -3, 3, 0].map((x) => ({transform: `translateX(${x}px)`})),
         {duration: 300, easing: "ease-in-out"}];
    for (const element of elements) {
      element.animate(frames, timing);
    }
  }

  // -- the pointer (pointer.py's on_down, on_move, on_up) ----------------------------

  down(event) {
    const pile = event.target.closest("#board [data-pile]");
    if (!pile) {
      this.putBack();
      return;
    }
    const name = pile.getAttribute("data-pile");
    const card = event.target.closest(".card");
    const count = card && card.getAttribute("data-card") !== "down"
      ? this.drawn[name].length - Number(card.getAttribute("data-index")) : null;
    this.press = {x: event.clientX, y: event.clientY, name, count, dragging: false, lifted: [],
                  targets: new Map(), offset: [0, 0]};
  }

  move(event) {
    const press = this.press;
    if (!press) {
      return;
    }
    const [dx, dy] = [event.clientX - press.x, event.clientY - press.y];
    if (!press.dragging && Math.abs(dx) + Math.abs(dy) < this.plan.play.drag_threshold) {
      return;
    }
    if (!press.dragging) {
      const source = this.index(press.name);
      if (press.count === null || !this.game.pickable(source).includes(press.count)) {
        this.press = null;
        return;
      }
      press.dragging = true;
      press.targets = this.game.targets(source, press.count);
      press.lifted = this.cardsOf(press.name).slice(-press.count);
      for (const card of press.lifted) {
        card.classList.add("dragging");
      }
      this.mark("target", [...press.targets.keys()].map((target) => this.names[target]));
      this.sound("pick-up");
    }
    press.offset = [dx, dy];
    for (const card of press.lifted) {
      card.style.transform = `translate(${dx}px, ${dy}px)`;
    }
  }

  up(event) {
    const press = this.press;
    this.press = null;
    if (!press) {
      return;
    }
    if (!press.dragging) {
      this.tap(press.name, press.count, event.timeStamp);
      return;
    }
    const covered = this.covered(press);
    const moves = covered === null ? null : press.targets.get(covered);
    for (const card of press.lifted) {
      card.classList.remove("dragging");
      card.style.transform = "";
    }
    this.mark("target");
    if (moves) {
      this.play(moves);
      return;
    }
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const pile = under && under.closest("#board [data-pile]");
    if (pile && pile.getAttribute("data-pile") !== press.name) {
      this.sound("refused");            // dropped on a pile it may not go to
    }
    this.glideBack(press.lifted, ...press.offset);
  }

  cancel() {
    const press = this.press;
    this.press = null;
    if (press && press.dragging) {
      for (const card of press.lifted) {
        card.classList.remove("dragging");
        card.style.transform = "";
      }
      this.mark("target");
      this.glideBack(press.lifted, ...press.offset);
    }
  }

  // The legal pile the dragged cards cover most, with at least a share of
  // them over it (pointer.py's most_covered): the pile's place and its cards' together.
  covered(press) {
    const box = (elements) => {
      const rects = elements.map((element) => element.getBoundingClientRect());
      return [Math.min(...rects.map((r) => r.left)), Math.min(...rects.map((r) => r.top)),
              Math.max(...rects.map((r) => r.right)), Math.max(...rects.map((r) => r.bottom))];
    };
    const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]))
      * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
    const cards = box(press.lifted);
    const area = (cards[2] - cards[0]) * (cards[3] - cards[1]);
    let best = null;
    let most = -1;
    for (const target of [...press.targets.keys()].sort((a, b) => a - b)) {
      const name = this.names[target];
      const shared = overlap(cards, box([this.elements[name], ...this.cardsOf(name)]));
      if (shared > most) {
        [best, most] = [target, shared];
      }
    }
    return area > 0 && best !== null && most >= this.plan.play.drop_share * area ? best : null;
  }

  glideBack(elements, dx, dy) {
    const duration = this.duration();
    if (duration === null) {
      return;
    }
    for (const element of elements) {
      element.animate([{transform: `translate(${dx}px, ${dy}px)`, zIndex: 100},
                       {transform: "none", zIndex: 100}],
                      {duration: duration * 1.5, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)"});
    }
  }

  // Whether a button pressed is the early table's to answer (Undo).
  answers(button) {
    if (button.getAttribute("data-action") !== "undo") {
      return false;
    }
    this.undo();
    return true;
  }

  // Listen until the app is up (hold-input.js's untilReady).
  listen() {
    const ready = () => html.dataset.ready === "true";
    const mine = (event) => !ready() && event.target.closest
      && (event.type !== "pointerdown" || event.target.closest("#board"));
    const guard = (handler) => (event) => {
      if (mine(event) && (event.isPrimary !== false)) {
        if (event.type === "pointerdown") {
          if (event.button !== 0) {
            return;
          }
          event.preventDefault();
        }
        handler(event);
      }
    };
    untilReady([[document, "pointerdown", guard((event) => this.down(event))],
                [document, "pointermove", guard((event) => this.move(event))],
                [document, "pointerup", guard((event) => this.up(event))],
                [document, "pointercancel", guard(() => this.cancel())]], this.texts);
  }
}

// The early table drawn (``piles``: its elements) made playable by ``game``
// (a CoreGame at the position drawn, ``moves`` played from the deal).
function playEarly(plan, texts, piles, game, kept, deal, moves, saved) {
  const table = new EarlyTable(plan, texts, piles, game, playSettings(kept, plan),
                               saveKeeper(kept, plan.game, deal, saved), moves);
  table.listen();
  earlyPlay = table;
  html.setAttribute("data-early-play", "");
  html.setAttribute("data-early-deal", deal);
  if (moves.length) {
    document.querySelector('[data-action="undo"]').disabled = false;
  }
}
