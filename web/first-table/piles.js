// Part of first-table.js (page.js says how): the piles' elements, as the renderer draws them.

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
    const said = codes.length === 0 ? texts.pile_label.empty
      : inPluralForm(texts, texts.pile_label, codes.length);
    pile.setAttribute("aria-label", said
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
