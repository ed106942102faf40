// Part of first-table.js (page.js says how): the piles' and cards' elements, as the renderer draws them.

// A card's code ("TD"; lower case face down: castling.cards.card_text).
function code(plan, card) {
  const {ranks, suits, face_down: down} = plan.cards;
  const face = card & ~down;
  const text = ranks[face % 13] + suits[Math.floor(face / 13)];
  return card & down ? text.toLowerCase() : text;
}

// A card's words for screen readers (castling.app.words.spoken.card_label).
function cardLabel(texts, text) {
  return text === text.toLowerCase() ? texts.face_down : texts.cards[text];
}

// A card element, as castling_web/render.py's TableView._card makes it.
function cardElement(texts, text, index) {
  const card = document.createElement("div");
  card.style.setProperty("--i", String(index));
  card.setAttribute("data-index", String(index));
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", cardLabel(texts, text));
  const down = text === text.toLowerCase();
  card.className = down ? "card down" : "card";
  card.setAttribute("data-card", down ? "down" : text);
  return card;
}

// A pile's count, words and cards (``codes``, bottom first) as TableView.draw
// sets them: only the cards above the part it keeps (the cards it showed that
// are still there, face for face: render.cards_kept) are replaced. Returns
// how many it kept.
function drawPile(texts, pile, name, codes, counted) {
  const shown = [...pile.children].filter((child) => child.classList.contains("card"))
    .map((card) => card.getAttribute("data-card"));
  const now = codes.map((text) => (text === text.toLowerCase() ? "down" : text));
  let keep = 0;
  while (keep < Math.min(shown.length, now.length) && shown[keep] === now[keep]) {
    keep++;
  }
  const said = codes.length === 0 ? texts.pile_label.empty
    : inPluralForm(texts, texts.pile_label, codes.length);
  pile.setAttribute("aria-label", said
    .replaceAll("{pile}", texts.pile_titles[name])
    .replaceAll("{count}", String(codes.length))
    .replaceAll("{card}", codes.length ? cardLabel(texts, codes[codes.length - 1]) : ""));
  pile.style.setProperty("--n", String(codes.length));
  if (counted) {
    pile.setAttribute("data-count", String(codes.length));
  }
  for (let gone = shown.length - keep; gone > 0; gone--) {
    pile.lastElementChild.remove();
  }
  pile.append(...codes.slice(keep).map((text, at) => cardElement(texts, text, keep + at)));
  return keep;
}

// The piles' and cards' elements as castling_web/render.py's TableView draws them.
function drawPiles(plan, texts, cards) {
  const piles = {};
  for (const {name, class: className, label: mark, counted} of plan.piles) {
    const pile = document.createElement("div");
    pile.className = className;
    pile.setAttribute("data-pile", name);
    pile.setAttribute("role", "group");
    pile.setAttribute("tabindex", name === plan.focused ? "0" : "-1");
    if (mark) {
      pile.setAttribute("data-label", mark);
    }
    drawPile(texts, pile, name, cards[name].map((card) => code(plan, card)), counted);
    piles[name] = pile;
  }
  return piles;
}
