// A lane of tests for one browser engine (firefox.test.mjs, webkit.test.mjs):
// the built site played as a player plays it, each table compared with the
// engine's position card for card (oracle.mjs), every page watched for errors
// of its own (site.mjs). One browser and one profile for the whole lane; the
// tests run in order and build on each other, as a player's visits do.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { after, before, test } from "node:test";

import { onceMoreAfterACrash } from "./crashes.mjs";
import { ENGINES } from "./drivers.mjs";
import { WINS, afterMoves, asShown, dailyNumber, puzzleOf } from "./oracle.mjs";
import { serveSite } from "./site.mjs";

// Every language the game speaks: its catalogues (castling.i18n.LANGUAGES), English first.
const LANGUAGES = readdirSync(new URL("../../py/castling/messages/", import.meta.url))
  .filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5))
  .sort((a, b) => (a !== "en") - (b !== "en") || a.localeCompare(b));

// Each language's catalogue, by code.
const MESSAGES = Object.fromEntries(LANGUAGES.map((code) => [code, JSON.parse(readFileSync(
  new URL(`../../py/castling/messages/${code}.json`, import.meta.url), "utf-8"))]));

// Every pile on the table: name -> its cards' data-card, bottom first.
const PILES = () => Object.fromEntries([...document.querySelectorAll("[data-pile]")].map(
  (pile) => [pile.dataset.pile, [...pile.querySelectorAll("[data-card]")].map((card) => card.dataset.card)]));
const READY = () => document.documentElement.dataset.ready === "true";
const SAVED = (game) => JSON.parse(localStorage.getItem(`castling:save:${game}`) ?? "null");
// The cards at rest: a move's slide starts in the frame after it.
const AT_REST = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(
  () => done(document.getAnimations().length === 0))));
const ERRORS = () => window.castlingLaneErrors ?? ["the page's error watcher is missing"];

// Each dialog a player can open, and the controls that open it: in the bar or its
// menu (a data-action), or in another dialog (its selector).
const DIALOGS = { "settings-dialog": ["settings"], "stats-dialog": ["stats"], "keys-dialog": ["keys"],
                  "games-dialog": ["games"], "deal-dialog": ["choose-deal"],
                  "rules-dialog": ["how-to-play"], "review-dialog": ["review"],
                  "calendar-dialog": ["daily-calendar"],
                  "transfer-dialog": ["settings", '#settings-dialog [data-action="transfer"]'] };

const OFFERED = (selector) => {
  const control = document.querySelector(selector);
  return !!control && getComputedStyle(control).display !== "none";
};

// Where anything is wider than its room: the page itself, and every open
// dialog and each control in it. [] when nothing is.
const OVERFLOWS = () => {
  const wide = [];
  const root = document.documentElement;
  if (root.scrollWidth > innerWidth + 1) {
    wide.push(`the page: ${root.scrollWidth} px in ${innerWidth}`);
  }
  for (const dialog of document.querySelectorAll("dialog[open]")) {
    if (dialog.scrollWidth > dialog.clientWidth + 1) {
      wide.push(`#${dialog.id}: ${dialog.scrollWidth} px in ${dialog.clientWidth}`);
    }
    const room = dialog.getBoundingClientRect();
    for (const control of dialog.querySelectorAll("select, input, button, textarea, label")) {
      const box = control.getBoundingClientRect();
      if (box.width && (box.left < room.left - 1 || box.right > room.right + 1)) {
        wide.push(`#${dialog.id} ${control.tagName.toLowerCase()}#${control.id}: ` +
                  `${Math.round(box.left)}-${Math.round(box.right)} outside ${Math.round(room.left)}-${Math.round(room.right)}`);
      }
    }
  }
  return wide;
};

export function lane(engine) {
  let site;
  let page;
  const errorsSeen = [];
  // A crashed browser's successor starts where the test did: the page last
  // opened and the storage as it was (crashes.mjs).
  let lastOpened = null;
  let storage = "[]";
  const crashes = [];

  // Before leaving a page (and at each test's end): no error of its own.
  async function noErrors() {
    const errors = await page.run(ERRORS).catch(() => []);
    errorsSeen.push(...errors);
    assert.deepEqual(errors, [], `${engine}: the page logged errors`);
  }

  async function open(path) {
    lastOpened = path;
    await page.open(site.url + path);
    await page.waitFor(READY);
  }

  // A new browser in place of one that crashed, with the site's storage as the
  // test found it, on the page the test found open (a help page first: one
  // where Python does not run, to write the storage before the game reads it),
  // and the service worker in charge, as it was in the browser that crashed.
  async function restart() {
    site.release();             // (a runtime held back by the crashed test)
    await page.close().catch(() => {});
    page = await ENGINES[engine]();
    await page.open(`${site.url}help/index.html`);
    await page.run((entries) => {
      localStorage.clear();
      for (const [key, value] of JSON.parse(entries)) {
        localStorage.setItem(key, value);
      }
    }, storage);
    if (lastOpened !== null) {
      await open(lastOpened);
      await page.waitFor(() => navigator.serviceWorker.controller !== null);
    }
  }

  /** A test of the lane: run once more in a new browser if its browser crashed. */
  function step(name, body) {
    test(`${engine}: ${name}`, async () => {
      storage = await page.run(() => JSON.stringify(Object.entries(localStorage))).catch(() => storage);
      await onceMoreAfterACrash(name, body, restart, crashes);
    });
  }

  // The moves of ``game``'s save once it holds more than ``count``.
  function movesAfter(game, count) {
    return page.waitFor((name, n) => {
      const moves = JSON.parse(localStorage.getItem(`castling:save:${name}`) ?? "null")?.moves ?? [];
      return moves.length > n && moves;
    }, game, count);
  }

  async function table() {
    await page.waitFor(AT_REST);
    return page.run(PILES);
  }

  // A control of the toolbar, as a player uses it: the menu opened first if it is there.
  async function act(action) {
    const selector = `.controls [data-action="${action}"]`;
    const inMenu = await page.run((s) => !!document.querySelector(s)?.closest("[role=menu]"), selector);
    if (inMenu && await page.run(() => document.getElementById("menu").hidden)) {
      await page.tap("#menu-button");
      await page.waitFor(() => !document.getElementById("menu").hidden);
    }
    await page.tap(selector);
  }

  before(async () => {
    site = await serveSite();
    page = await ENGINES[engine]();
  });

  after(async () => {
    await page?.close();
    await site?.stop();
  });

  step(`a first visit by a deal link plays before Python is up, and the app plays on`, async () => {
    // The runtime held back: the table drawn before Python answers a tap alone.
    site.hold();
    lastOpened = "index.html#/martha/31337";
    await page.open(site.url + lastOpened);
    await page.waitFor(() => document.documentElement.hasAttribute("data-early-play"));
    assert.deepEqual(await table(), asShown(afterMoves("martha", 31337).position));
    if (await page.run(() => !!document.querySelector("#welcome-dialog[open]"))) {
      await page.tap("#welcome-dialog button.primary");
      await page.waitFor(() => !document.querySelector("#welcome-dialog[open]"));
    }
    const [tapped] = afterMoves("martha", 31337).legal
      .filter((move) => /^t\d+-/.test(move) && !move.includes(":"));
    await page.tap(`[data-pile="${tapped.split("-")[0]}"] [data-card]`);
    const early = await movesAfter("martha", 0);          // saved as it was played
    assert.equal(await page.run(READY), false);
    assert.deepEqual(await table(), asShown(afterMoves("martha", 31337, early).position));
    site.release();
    await page.waitFor(READY);
    assert.deepEqual((await page.run(SAVED, "martha")).moves, early);
    assert.deepEqual(await table(), asShown(afterMoves("martha", 31337, early).position));
    await noErrors();
  });

  step(`a tap plays a move (the engine's choice), a drag another, each as the engine says`, async () => {
    // The welcome a first visit by a link opens: Play.
    if (await page.run(() => !!document.querySelector("#welcome-dialog[open]"))) {
      await page.tap("#welcome-dialog button.primary");
      await page.waitFor(() => !document.querySelector("#welcome-dialog[open]"));
    }
    const early = (await page.run(SAVED, "martha")).moves;      // (the first step's)
    const start = afterMoves("martha", 31337, early);
    // A tap on a card that can move: the game plays it where the engine's rules send it
    // (and whatever the game then plays by itself: Martha founds what it can).
    const [tapped] = start.legal.filter((move) => /^t\d+-/.test(move) && !move.includes(":"));
    await page.tap(`[data-pile="${tapped.split("-")[0]}"] [data-card]`);
    let moves = await movesAfter("martha", early.length);
    let now = afterMoves("martha", 31337, moves);
    assert.deepEqual(await table(), asShown(now.position));
    // A drag: a card onto a pile (its top card) the engine allows.
    const dragged = now.legal.find((move) => /^t\d+-t\d+$/.test(move));
    assert.ok(dragged, `no tableau move after ${moves}`);
    const [source, target] = dragged.split("-");
    const onto = now.position[target].length ? `[data-pile="${target}"] [data-card]`
      : `[data-pile="${target}"]`;
    await page.drag(`[data-pile="${source}"] [data-card]`, onto);
    const before = moves;
    moves = await movesAfter("martha", before.length);
    assert.equal(moves[before.length], dragged);
    assert.deepEqual(await table(), asShown(afterMoves("martha", 31337, moves).position));
    // Undo takes back the last move (auto-play's, if the drag sent a card home).
    const dropped = moves;
    await act("undo");
    moves = await page.waitFor((n) => {
      const kept = JSON.parse(localStorage.getItem("castling:save:martha")).moves;
      return kept.length < n && kept;
    }, moves.length);
    assert.deepEqual(moves, dropped.slice(0, -1));
    assert.deepEqual(await table(), asShown(afterMoves("martha", 31337, moves).position));
    await noErrors();
  });

  step(`the front door (the site's address, as a bookmark has it) reopens the game in hand`, async () => {
    const moves = (await page.run(SAVED, "martha")).moves;
    await noErrors();
    await open("");
    assert.equal(await page.run(() => document.getElementById("board").dataset.game), "martha");
    assert.deepEqual(await table(), asShown(afterMoves("martha", 31337, moves).position));
    await noErrors();
  });

  step(`the solver judges with the compiled core, and Hint shows a move`, async () => {
    await page.waitFor(() => ["won", "lost", "unknown"].includes(document.getElementById("verdict").dataset.result));
    assert.equal(await page.run(() => document.getElementById("verdict").dataset.search), "core");
    await act("hint");
    await page.waitFor(() => !!document.querySelector(".hint-from") && !!document.querySelector(".hint-to"));
    await noErrors();
  });

  step(`a reload restores the game in hand`, async () => {
    const moves = (await page.run(SAVED, "martha")).moves;
    await noErrors();
    await page.reload();
    await page.waitFor(READY);
    assert.deepEqual((await page.run(SAVED, "martha")).moves, moves);
    assert.deepEqual(await table(), asShown(afterMoves("martha", 31337, moves).position));
    await noErrors();
  });

  step(`with the server stopped the game still opens and plays, from the service worker`, async () => {
    await page.waitFor(() => navigator.serviceWorker.controller !== null);
    await site.stop();
    try {
      await open("index.html#/morphy/5");
      assert.deepEqual(await table(), asShown(afterMoves("morphy", 5).position));
      const move = afterMoves("morphy", 5).legal.find((m) => /^t\d+-/.test(m) && !m.includes(":"));
      await page.tap(`[data-pile="${move.split("-")[0]}"] [data-card]`);
      const moves = await movesAfter("morphy", 0);
      assert.deepEqual(await table(), asShown(afterMoves("morphy", 5, moves).position));
      await page.waitFor(() => document.getElementById("verdict").dataset.search === "core");
      await noErrors();
    } finally {
      await site.start();
    }
  });

  step(`the last move of a won game opens the win dialog`, async () => {
    const win = WINS.fortress;
    const last = win.moves.at(-1);
    await page.run((save) => {
      localStorage.setItem("castling:save:fortress", JSON.stringify(save));
      const settings = JSON.parse(localStorage.getItem("castling:settings") ?? "{}");
      localStorage.setItem("castling:settings", JSON.stringify({ ...settings, speed: "off" }));
    }, { format: 1, game: "fortress", deal: win.deal, moves: win.moves.slice(0, -1), seconds: 62,
         counted: true, won: false, token: "lane-win" });
    await noErrors();
    await open(`index.html#/fortress/${win.deal}`);
    assert.deepEqual(await table(),
                     asShown(afterMoves("fortress", win.deal, win.moves.slice(0, -1)).position));
    const [source, target] = last.split(":")[0].split("-");
    await page.drag(`[data-pile="${source}"] [data-card]`, `[data-pile="${target}"]`);
    await page.waitFor(() => !!document.querySelector("#win-dialog[open]"));
    assert.equal((await page.run(SAVED, "fortress")).won, true);
    await noErrors();
  });

  step(`a past day of the calendar opens that day's deal, the one the engine's table gives it`,
       async () => {
    await noErrors();
    await open("index.html#/fortress/1");
    await act("daily-calendar");
    await page.waitFor(() => !!document.querySelector("[data-calendar][open] [data-day]"));
    // The latest day before today the calendar offers (the month before, on the 1st).
    let day = await page.run(() => [...document.querySelectorAll("[data-calendar] [data-day]:not(:disabled)")]
      .map((button) => button.dataset.day).filter((d) => !document.querySelector(
        `[data-day="${d}"][aria-current]`)).at(-1) ?? null);
    if (day === null) {
      await page.tap('[data-action="calendar-previous"]');
      day = await page.run(() => [...document.querySelectorAll("[data-calendar] [data-day]:not(:disabled)")]
        .map((button) => button.dataset.day).at(-1));
    }
    const number = dailyNumber("fortress", day);
    assert.notEqual(number, null);
    await page.tap(`[data-day="${day}"]`);
    await page.waitFor((n) => location.hash === `#/fortress/${n}`, number);
    assert.deepEqual(await table(), asShown(afterMoves("fortress", number).position));
    // (the deal of the day's label in the language the page speaks, whichever it is)
    const daily = LANGUAGES.map((code) => MESSAGES[code]["deal.label.daily"].replace("{deal}", String(number)));
    assert.ok(daily.includes(await page.run(() => document.getElementById("deal-label").textContent)));
    await noErrors();
  });

  step(`Menu → Puzzles: the only move judged right at once, a wrong move on the next one wrong`,
       async () => {
    // (Fortress is on the table after the calendar's step: opened again only when run alone.)
    if (!await page.run(() => document.getElementById("board")?.dataset.game === "fortress")) {
      await noErrors();
      await open("index.html#/fortress/1");
      if (await page.run(() => !!document.querySelector("#welcome-dialog[open]"))) {
        await page.tap("#welcome-dialog button.primary");
      }
    }
    const verdict = () => document.getElementById("puzzle-verdict").dataset.puzzleVerdict ?? null;
    // A move as a player drags it: its card onto the pile (or its top card).
    const drag = async (position, move) => {
      const [source, target] = move.split(":")[0].split("-");
      await page.drag(`[data-pile="${source}"] [data-card]`, position[target].length
        ? `[data-pile="${target}"] [data-card]` : `[data-pile="${target}"]`);
    };
    const shown = async (previous) => puzzleOf(await page.waitFor((id) =>
      (document.documentElement.dataset.puzzle ?? id) !== id && document.documentElement.dataset.puzzle,
      previous));
    await act("puzzles");
    const puzzle = await shown(null);
    assert.deepEqual(await table(), asShown(puzzle.position));
    assert.equal(await page.run(verdict), null);
    let position = puzzle.position;
    for (const [index, move] of puzzle.only.entries()) {
      await drag(position, move);
      const want = index === puzzle.only.length - 1 ? "solved" : "right";
      await page.waitFor((kind) => document.getElementById("puzzle-verdict").dataset.puzzleVerdict === kind,
                         want);
      position = afterMoves(puzzle.game, puzzle.deal, [...puzzle.moves, ...puzzle.only.slice(0, index + 1)])
        .position;
    }
    assert.equal(JSON.parse(await page.run(() => localStorage.getItem("castling:puzzles"))).played[puzzle.id],
                 "solved");
    // The next one: a move that loses it, "wrong".
    await page.tap('[data-action="puzzle-next"]');
    const next = await shown(puzzle.id);
    assert.deepEqual(await table(), asShown(next.position));
    await drag(next.position, next.wrong[0][0].move);
    await page.waitFor(() => document.getElementById("puzzle-verdict").dataset.puzzleVerdict === "wrong");
    await page.tap('[data-action="puzzle-close"]');
    await page.waitFor(() => !document.documentElement.hasAttribute("data-puzzle"));
    await noErrors();
  });

  step(`a puzzle link: its puzzle drawn before Python is up, then the app's, the same`, async () => {
    await open("index.html#/puzzle/chessboard/7");
    // (Python's start waits for the page's table: html[data-early] says which way in it drew.)
    assert.equal(await page.run(() => document.documentElement.dataset.early), "puzzle");
    await page.waitFor(() => document.documentElement.dataset.puzzle === "chessboard/7");
    assert.deepEqual(await table(), asShown(puzzleOf("chessboard/7").position));
    assert.equal(await page.run(() => document.getElementById("puzzle").hidden), false);
    if (await page.run(() => !!document.querySelector("#welcome-dialog[open]"))) {   // (run alone)
      await page.tap("#welcome-dialog button.primary");
    }
    await page.tap('[data-action="puzzle-close"]');
    await page.waitFor(() => !document.documentElement.hasAttribute("data-puzzle"));
    await noErrors();
  });

  // The narrowest phones, in each language (German's and French's words are the
  // longest), and a desktop.
  for (const [width, height, language] of [...LANGUAGES.map((code) => [360, 740, code]),
                                           [1280, 800, "en"]]) {
    step(`every dialog at ${width} px in ${language} fits, nothing scrolls sideways`, async () => {
      await noErrors();
      await page.run((code) => {
        const settings = JSON.parse(localStorage.getItem("castling:settings") ?? "{}");
        localStorage.setItem("castling:settings", JSON.stringify({ ...settings, language: code }));
      }, language);
      await page.size(Math.max(width, 1280), height + 200);
      await page.open(`${site.url}lane-frame.html?width=${width}&height=${height}#/chessboard/3`);
      await page.inFrame(true);
      await page.waitFor(READY);
      assert.equal(await page.run(() => document.documentElement.lang), language);
      const wide = {};
      for (const [id, path] of Object.entries(DIALOGS)) {
        // (Not every control is offered everywhere: the list of keys needs a keyboard.)
        if (!await page.run(OFFERED, `.controls [data-action="${path[0]}"]`)) {
          continue;
        }
        for (const step of path) {
          await (step.startsWith("#") ? page.tap(step) : act(step));
        }
        await page.waitFor((dialog) => !!document.querySelector(`#${dialog}[open]`), id)
          .catch((error) => { throw new Error(`#${id} did not open (${path})`, { cause: error }); });
        const found = await page.run(OVERFLOWS);
        if (found.length) {
          wide[id] = found;
        }
        await page.run(() => document.querySelectorAll("dialog[open]").forEach((open) => open.close()));
      }
      assert.deepEqual(wide, {}, `${engine} at ${width} px in ${language}: wider than their room`);
      assert.deepEqual(await page.run(OVERFLOWS), []);
      await noErrors();
      await page.inFrame(false);
    });
  }

  test(`${engine}: no page logged an error of its own`, (t) => {
    // (The count of crashes retried, in the lane's report, as pytest's reruns are.)
    t.diagnostic(`${engine}: browser crashes retried: ${crashes.length}` +
                 crashes.map((crash) => `\n  ${crash}`).join(""));
    assert.deepEqual(errorsSeen, []);
  });
}

