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
// What it plays by and where it keeps the moves: settings-and-save.js; the
// pointer that drags: drag.js.

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
    document.getElementById("status").textContent = statusLine(this.plan, this.texts, this.game, count);
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

  // Whether a button pressed is the early table's to answer (Undo).
  answers(button) {
    if (button.getAttribute("data-action") !== "undo") {
      return false;
    }
    this.undo();
    return true;
  }
}

// The status line of ``game``, ``count`` moves played (castling.app.table.board.status_line).
function statusLine(plan, texts, game, count) {
  if (game.won()) {
    return texts.won.replaceAll("{moves}", String(count));
  }
  if (game.stuck()) {
    return texts.lost;
  }
  if (!texts.page.status) {
    return "";
  }
  // a chosen-base game: the base, once chosen (the rank of the first card on a foundation)
  const piles = game.piles();
  const founded = plan.piles.filter(({name}) => name.startsWith("f")).map(({name}) => piles[name])
    .find((pile) => pile.length);
  return founded ? texts.bases[(founded[0] & ~plan.cards.face_down) % 13] : texts.page.status;
}

// The early table drawn (``piles``: its elements) made playable by ``game``
// (a CoreGame at the position drawn, ``moves`` played from the deal).
function playEarly(plan, texts, piles, game, kept, deal, moves, saved) {
  const table = new EarlyTable(plan, texts, piles, game, playSettings(kept, plan),
                               saveKeeper(kept, plan.game, deal, saved), moves);
  new EarlyPointer(table).listen();
  earlyPlay = table;
  html.setAttribute("data-early-play", "");
  html.setAttribute("data-early-deal", deal);
  if (moves.length) {
    document.querySelector('[data-action="undo"]').disabled = false;
  }
}
