// Part of first-table.js (page.js says how): the layout, a port of Python's held to
// it by tests/browser/test_first_table.py (arrange), and the rows laid on the board (lay).

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
