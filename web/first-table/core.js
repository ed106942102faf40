// Part of first-table.js (page.js says how): the deal dealt, and played, by the compiled core.

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

// The text of the core's move (castling.notation.format_move).
function moveText(plan, [source, target, count]) {
  const names = plan.piles.map((pile) => pile.name);
  return `${names[source]}-${names[target]}${count > 1 ? `:${count}` : ""}`;
}

// A game in the compiled core: the engine's tested mirror, which deals, plays,
// takes back, and answers the player's side of a move as the app does
// (castling.app.table.tap and board, castling.hint: the core's tap.c). The
// page never judges a move itself. Piles are by pile name, bottom first, as
// the engine's positions list them (a card is suit * 13 + rank, FACE_DOWN
// added when it lies face down).
class CoreGame {
  constructor(plan, exports) {
    this.plan = plan;
    this.exports = exports;
    this.io = exports.core_io();
  }

  // The deal with ``moves`` (texts) played; null if anything fails: a move the
  // core finds illegal (Python then says what it makes of the save) draws nothing.
  static async dealt(plan, rules, core, deal, moves) {
    const {instance} = await WebAssembly.instantiate(core, {});
    const game = new CoreGame(plan, instance.exports);
    const exports = game.exports;
    game.bytes(rules.byteLength).set(new Uint8Array(rules));
    if (exports.core_load_rules(rules.byteLength) < 0) {
      return null;
    }
    const digits = new TextEncoder().encode(deal);
    game.bytes(digits.length).set(digits);
    if (exports.core_deal(digits.length) < 0) {
      return null;
    }
    for (const text of moves) {
      const move = parseMove(plan, text);
      if (!move || exports.core_play(...move) < 0) {
        return null;
      }
    }
    return game.piles()[plan.piles[0].name] ? game : null;
  }

  bytes(size) {
    return new Uint8Array(this.exports.memory.buffer, this.io, size);
  }

  piles() {
    const position = this.bytes(this.exports.core_get_position());
    if (position[0] !== this.plan.piles.length) {
      return {};
    }
    const piles = {};
    let at = 1;
    for (const {name} of this.plan.piles) {
      const size = position[at];
      piles[name] = Array.from(position.subarray(at + 1, at + 1 + size));
      at += 1 + size;
    }
    return piles;
  }

  // ``count`` moves of three bytes from io[at].
  moves(at, count) {
    const io = this.bytes(at + 3 * count);
    return Array.from({length: count}, (_, k) => [io[at + 3 * k], io[at + 3 * k + 1], io[at + 3 * k + 2]]);
  }

  // castling.app.table.tap.tap_choice: {kind: "nothing" | "play" | "hold" |
  // "put_back", source, count, moves, places}. ``count`` null: a face-down
  // card or none; ``held``: {source, count} or null; ``tried``: pile numbers.
  tap(pile, count, held, tried) {
    const input = this.bytes(1 + tried.length);
    input[0] = tried.length;
    input.set(tried, 1);
    const size = this.exports.core_tap(pile, count || 0, held ? held.source : -1, held ? held.count : 0);
    if (size < 4) {
      return {kind: "nothing", source: pile, count: count || 0, moves: [], places: []};
    }
    const [kind, source, carried, n] = this.bytes(4);
    const name = this.plan.play.tap_kinds[kind];     // the build writes them from codes.py
    return {kind: name, source: source === 255 ? null : source, count: carried,
            moves: name === "play" ? this.moves(4, n) : [],
            places: name === "hold" ? Array.from(this.bytes(4 + n).subarray(4)) : []};
  }

  // castling.app.table.board.targets: a Map of target -> the moves that put the cards there.
  targets(source, count) {
    const found = new Map();
    const size = this.exports.core_targets(source, count);
    if (size < 1) {
      return found;
    }
    const io = this.bytes(size);
    let at = 1;
    for (let k = 0; k < io[0]; k++) {
      const [target, n] = [io[at], io[at + 1]];
      found.set(target, this.moves(at + 2, n));
      at += 2 + 3 * n;
    }
    return found;
  }

  // castling.app.table.board.pickable_counts, ascending.
  pickable(source) {
    const size = this.exports.core_pickable(source);
    return size < 1 ? [] : Array.from(this.bytes(size).subarray(1));
  }

  // castling.hint.safe_foundation_moves and homeward_moves.
  safeHome() {
    return this.moves(0, Math.max(0, this.exports.core_safe_home()));
  }

  homeward() {
    return this.moves(0, Math.max(0, this.exports.core_homeward()));
  }

  play([source, target, count]) {
    return this.exports.core_play(source, target, count) >= 0;
  }

  undo() {
    return this.exports.core_undo() >= 0;
  }

  won() {
    return this.exports.core_is_won() === 1;
  }

  // No legal move left (Position.is_lost, once not won).
  stuck() {
    return this.exports.core_moves() === 0;
  }
}
