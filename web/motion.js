// The cards' flights, for castling_web/animation.py: Python decides what moves
// from where (it alone knows a face-down card's identity, which the page never
// shows); this runs the frames. It is JavaScript because a deal moves up to 208
// cards in one frame, and each card's measure and Web Animations call costs a
// dozen crossings of the Python-JavaScript bridge from Python: a deal of 104
// cards took a 77 ms task that way (make bench), here a few milliseconds.
//
// Only transform and opacity are animated: the browser composites them without
// laying out or painting the page again.

const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";    // fast away, gently down

// Waves asked for since the last frame: {elements, data, kind, duration}.
let waves = [];
// Card elements waiting for the next frame to set off, and from where (auto-play
// may take home a card just played: it leaves from where the player saw it).
// Once flying, a card's box is where it is seen (the animation's transform).
const onItsWay = new WeakMap();

// Where the card elements pile.children[keep...] are now: [x0, y0, x1, y1, ...].
function measure(pile, keep) {
  const places = [];
  for (let index = keep; index < pile.children.length; index++) {
    const element = pile.children[index];
    const from = onItsWay.get(element);
    if (from) {
      places.push(from[0], from[1]);
    } else {
      const box = element.getBoundingClientRect();
      places.push(box.left, box.top);
    }
  }
  return places;
}

// Cards arrived: elements[i] came from (data[5i], data[5i+1]); data[5i+2] is
// its depth in its pile, data[5i+3] its pile's place in the table, data[5i+4]
// 1 if it turned face up, 2 face down. kind: "together" (one move's cards),
// "spread" (one after another), "deal" (one after another from the deck).
// spread and flight are in slide times.
function queue(elements, data, kind, duration, spread, flight) {
  if (waves.length === 0) {
    requestAnimationFrame(fly);
  }
  const cards = [];
  for (let at = 0; at < elements.length; at++) {
    const card = {element: elements[at], x: data[5 * at], y: data[5 * at + 1],
                  depth: data[5 * at + 2], pile: data[5 * at + 3], turned: data[5 * at + 4]};
    cards.push(card);
    onItsWay.set(card.element, [card.x, card.y]);
  }
  waves.push({cards, kind, duration, spread, flight});
}

// Every card of these piles (in table order) comes from the deck at (x, y).
function deal(piles, x, y, duration, spread, flight) {
  const elements = [];
  const data = [];
  piles.forEach((pile, at) => {
    for (let depth = 0; depth < pile.children.length; depth++) {
      elements.push(pile.children[depth]);
      data.push(x, y, depth, at, 0);
    }
  });
  if (elements.length) {
    queue(elements, data, "deal", duration, spread, flight);
  }
}

function fly() {
  const now = waves;
  waves = [];
  let start = 0;
  for (const wave of now) {
    const duration = wave.duration;
    const cards = wave.cards.filter((card) => card.element.isConnected);
    let gap = 0;
    if (wave.kind !== "together") {     // by depth, then pile: as cards are dealt
      cards.sort((a, b) => a.depth - b.depth || a.pile - b.pile);
      gap = Math.min(duration * 0.5, duration * wave.spread / Math.max(1, cards.length));
    }
    cards.forEach((card, at) => slide(card, duration * wave.flight, start + at * gap));
    if (cards.length) {
      // the next wave (auto-play's card) starts after this one's last card
      start += (cards.length - 1) * gap + duration * 0.8;
    }
  }
}

function slide(card, flight, delay) {
  const element = card.element;
  const box = element.getBoundingClientRect();
  const dx = card.x - box.left;
  const dy = card.y - box.top;
  const timing = {duration: flight, delay, easing: EASE, fill: "backwards"};
  onItsWay.delete(element);
  if (card.turned) {      // it turns over on its way, edge-on half-way
    element.animate([
      {transform: `translate(${dx}px, ${dy}px) scaleX(1)`, zIndex: 50},
      {transform: `translate(${dx / 2}px, ${dy / 2}px) scaleX(0)`, zIndex: 50, offset: 0.5},
      {transform: "none", zIndex: 50}], timing);
  }
  if (card.turned === 1) {    // its back shows until then (style.css .turning)
    element.classList.add("turning");
    element.animate([{opacity: 1}, {opacity: 1, offset: 0.5}, {opacity: 0, offset: 0.5},
                     {opacity: 0}], {...timing, easing: "linear", pseudoElement: "::before"});
  } else if (!card.turned && Math.abs(dx) + Math.abs(dy) >= 1) {
    element.animate([{transform: `translate(${dx}px, ${dy}px)`, zIndex: 50},
                     {transform: "none", zIndex: 50}], timing);
  }
}

globalThis.castlingMotion = {measure, queue, deal};
