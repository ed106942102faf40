// Part of first-table.js (page.js says how): input before the app is up that
// the early table does not play itself.

// Until the app is up: cards on the table are played by the early table
// (play.js) once its core is there — until then a tap gets a word; a key gets
// a word; a button is pressed once the app is up (the last one pressed), a
// game chosen is opened. Undo is the early table's own while it plays. On a
// replay's table (``watching``) nothing on the table is picked up.
function holdInput(texts, watching) {
  const say = (text) => {
    const [toast, notice] = [document.getElementById("toast"), document.getElementById("notice")];
    if (toast && notice) {
      notice.textContent = text;
      toast.hidden = false;
    }
  };
  const ready = () => html.dataset.ready === "true";
  const onDown = (event) => {
    const pile = !ready() && !earlyPlay && event.target.closest && event.target.closest("#board [data-pile]");
    if (pile) {
      event.preventDefault();
      if (!watching && event.button === 0 && event.isPrimary) {
        say(texts.wait);
      }
    }
  };
  const onButton = (event) => {
    const button = !ready() && event.target.closest && event.target.closest("[data-action]");
    if (button && !button.disabled && !(earlyPlay && earlyPlay.answers(button))) {
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
  untilReady([[document, "pointerdown", onDown], [document, "click", onButton],
              [document, "keydown", onKey], [document.getElementById("game-select"), "change", onGame]],
             texts);
}

// Listen (in the capture phase) until the app is up; then the listeners go,
// and a word of the early table's still shown goes too (the app's own messages stay).
function untilReady(listened, texts) {
  for (const [target, name, listener] of listened) {
    target.addEventListener(name, listener, true);
  }
  new MutationObserver((_, watch) => {
    if (html.dataset.ready !== "true") {
      return;
    }
    watch.disconnect();
    for (const [target, name, listener] of listened) {
      target.removeEventListener(name, listener, true);
    }
    const [toast, notice] = [document.getElementById("toast"), document.getElementById("notice")];
    if (toast && notice && [texts.wait, texts.asked].includes(notice.textContent)) {
      toast.hidden = true;
    }
  }).observe(html, {attributes: true, attributeFilter: ["data-ready"]});
}
