// Part of first-table.js (page.js says how): the deal dealt and played by the compiled core.

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
