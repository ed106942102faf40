// Start-up in Firefox and WebKit (a benchmark: it prints figures), beside
// benchmarks/browser.py's Chromium figures, each against the same anchor in the
// same engine and run: a bare page that only imports pyodide.mjs, calls
// loadPyodide() and marks itself ready. Cold: a new browser profile; warm: the
// same profile, next visit.
//
// * First visit by a deal link (#/martha/31337) in a new profile: the table
//   drawn before Python (first-table.js's mark "castling:first-table", when
//   the cards are laid out: these drivers cannot watch for the next frames)
//   and playable (the app's mark "castling:ready", set with data-ready),
//   against the bare page's cold boot; and where its time goes (every mark of
//   the start-up on the page's timeline, as benchmarks/browser.py's "where").
// * Return visit (the same profile, once the service worker controls the page,
//   the start-up snapshot is stored and the solver has judged): the same two
//   marks against the bare page's warm boot.
//
// Run: make build, then node benchmarks/engines.mjs [--rounds N] [--engines firefox,webkit]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

import { ENGINES } from "../tests/engines/drivers.mjs";
import { serveSite } from "../tests/engines/site.mjs";

const BARE = new URL("./bare-page.html", import.meta.url);

// The bare page boots Pyodide as it comes, which fetches its lock file; the site
// ships none (it loads no package), so the server adds it from the npm package.
const LOCK = new URL("../node_modules/pyodide/pyodide-lock.json", import.meta.url);

const MARK = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
const READY = () => document.documentElement.dataset.ready === "true"
  && performance.getEntriesByName("castling:ready").length > 0;
const SETTLED = () => navigator.serviceWorker.controller !== null
  && document.documentElement.dataset.snapshot === "stored"
  && ["won", "lost", "unknown"].includes(document.getElementById("verdict")?.dataset.result);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// Every mark of the start-up on the page's timeline (first-table.js's, the
// interpreter's, the entry script's, the app's): name -> milliseconds.
const MARKS = () => Object.fromEntries(performance.getEntriesByType("mark")
  .filter((mark) => mark.name.startsWith("castling:")).map((mark) => [mark.name, mark.startTime]));

async function visit(page, url) {
  await page.open(url);
  await page.waitFor(READY);
  const marks = await page.run(MARKS);
  return { shown: marks["castling:first-table"] ?? null, ready: marks["castling:ready"] ?? null, marks };
}

async function rounds(engine, site, count) {
  const seen = {};
  where = {};
  const add = (name, value) => {
    if (value === null) {
      throw new Error(`${engine}: ${name}: no mark`);
    }
    (seen[name] ??= []).push(value / 1000);
  };
  for (let round = 0; round < count; round++) {
    let page = await ENGINES[engine]();
    try {
      add("bare cold", (await visit(page, `${site.url}bare/index.html`)).ready);
      add("bare warm", (await visit(page, `${site.url}bare/index.html`)).ready);
    } finally {
      await page.close();
    }
    page = await ENGINES[engine]();
    try {
      const first = await visit(page, `${site.url}index.html#/martha/31337`);
      add("first visit shown", first.shown);
      add("first visit ready", first.ready);
      await page.waitFor(SETTLED);
      // (Read once the solver has answered and the snapshot is stored: their marks too.)
      for (const [name, at] of Object.entries(await page.run(MARKS))) {
        (where[name] ??= []).push(at / 1000);
      }
      const again = await visit(page, `${site.url}index.html#/martha/31337`);
      add("return shown", again.shown);
      add("return ready", again.ready);
      const booted = await page.run(() => document.documentElement.dataset.boot);
      if (booted !== "snapshot") {
        throw new Error(`${engine}: a return visit booted ${booted}`);
      }
    } finally {
      await page.close();
    }
  }
  return seen;
}

// Where a first visit's time goes in the engine measured last: mark -> seconds, each round.
let where = {};

const { values } = parseArgs({ options: {
  rounds: { type: "string", default: "3" },
  engines: { type: "string", default: "firefox,webkit" },
} });
const site = await serveSite({
  "bare/index.html": { body: readFileSync(BARE), type: "text/html; charset=utf-8" },
  "vendor/pyodide/pyodide-lock.json": { body: readFileSync(LOCK), type: "application/json" },
});
try {
  for (const engine of values.engines.split(",")) {
    const seen = await rounds(engine, site, Number(values.rounds));
    console.log(`${engine}: start-up, median of ${values.rounds} (seconds):`);
    for (const [name, list] of Object.entries(seen)) {
      console.log(`  ${name.padEnd(20)} ${median(list).toFixed(2)} s   (min ${Math.min(...list).toFixed(2)}, max ${Math.max(...list).toFixed(2)})`);
    }
    const ratio = (name, anchor, target) => console.log(
      `  ${name}: ${(median(seen[name]) / median(seen[anchor])).toFixed(2)}x ${anchor}   (target <= ${target}x)`);
    ratio("first visit shown", "bare cold", 0.25);
    ratio("first visit ready", "bare cold", 1.0);
    ratio("return shown", "bare warm", 0.25);
    ratio("return ready", "bare warm", 0.35);
    console.log(`  where a first visit's time goes (median seconds from navigation):`);
    for (const [name, list] of Object.entries(where).sort((a, b) => median(a[1]) - median(b[1]))) {
      console.log(`    ${median(list).toFixed(2)}  ${name}`);
    }
  }
} finally {
  await site.stop();
}
