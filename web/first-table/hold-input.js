// Part of first-table.js (page.js says how): input before the app is up, kept for it.

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
