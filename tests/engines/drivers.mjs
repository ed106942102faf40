// One way to drive Firefox and WebKit, as a player uses them: open a page, read
// it, tap, drag, resize. Each engine has the driver that works with Debian's
// builds (docs/decisions.md, "Every browser"): Firefox ESR over WebDriver BiDi
// with Puppeteer, WebKitGTK through WebKitWebDriver with Selenium's W3C client
// (under Xvfb).
// Both drive one browser with one profile for the whole lane, as a player's
// browser is shared by every game they play.
//
// A driver: open(url), run(fn, ...args) (fn's source run in the page, its
// promise awaited, its result as JSON), waitFor(fn, ...args), tap(selector),
// drag(from, to) (selectors), size(width, height), reload(), png() (a
// screenshot of the window), close(); and
// inFrame(true) to work in /lane-frame.html's iframe (a phone's width).
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

import { isCrash } from "./crashes.mjs";

export const READY_MS = 180_000;

const POLL_MS = 100;

// Read until what is read is truthy; a read that fails (a page between two
// documents) is read again, unless the page crashed (crashes.mjs).
async function poll(read, what, timeout) {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await read().catch((error) => {
      if (isCrash(error)) {
        throw error;
      }
      return null;
    });
    if (value) {
      return value;
    }
    if (Date.now() > until) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    }
    await sleep(POLL_MS);
  }
}

// The centre of the element ``selector`` picks (the last one it matches: a
// pile's top card), in the viewport's coordinates, once it is on screen and
// nothing covers it there (a tap would reach something else); else null.
const CENTRE = (selector) => {
  const all = document.querySelectorAll(selector);
  const element = all[all.length - 1];
  if (!element) {
    return null;
  }
  element.scrollIntoView({ block: "nearest", inline: "nearest" });
  const box = element.getBoundingClientRect();
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const hit = box.width && box.height ? document.elementFromPoint(at.x, at.y) : null;
  return hit && (hit === element || element.contains(hit)) ? at : null;
};

// What is at the place a tap on ``selector`` would land, for the message when it cannot.
const COVERED = (selector) => {
  const all = document.querySelectorAll(selector);
  const element = all[all.length - 1];
  if (!element) {
    return "no such element";
  }
  const box = element.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return `${Math.round(box.width)}x${Math.round(box.height)} at ${Math.round(box.x)},${Math.round(box.y)}; ` +
    `there: ${hit ? hit.outerHTML.slice(0, 120) : "nothing"}`;
};

/** Where ``selector`` can be tapped, waited for, through ``run``. */
async function tapPoint(run, selector) {
  try {
    return await poll(() => run(CENTRE, selector), selector, 10_000);
  } catch {
    throw new Error(`${selector} cannot be tapped: ${await run(COVERED, selector).catch(String)}`);
  }
}

// A reload: the old document is marked, so that the new one is known.
const LEAVE = () => {
  window.laneLeaving = true;
  setTimeout(() => location.reload(), 0);
  return true;
};
const ARRIVED = () => document.readyState === "complete" && !window.laneLeaving;

/** Reload ``driver``'s page (the phone's frame, ``inFrame``) and wait for the new document. */
async function reloaded(driver, inFrame) {
  await driver.run(LEAVE);
  // (A frame reloaded is a new frame: found again before it is read.)
  await poll(async () => {
    if (inFrame) {
      await driver.inFrame(true);
    }
    return driver.run(ARRIVED);
  }, "the reloaded page", READY_MS);
}

/** Firefox ESR, headless, over WebDriver BiDi (Puppeteer). */
export async function firefox() {
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.launch({
    browser: "firefox", executablePath: process.env.FIREFOX ?? "/usr/bin/firefox-esr",
    headless: true,
    // Sound without an audio device; no first-run pages.
    extraPrefsFirefox: { "media.autoplay.default": 0, "browser.shell.checkDefaultBrowser": false },
  });
  const page = (await browser.pages())[0] ?? await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  let frame = null;
  const target = () => frame ?? page;
  const run = (fn, ...args) => target().evaluate(`(${fn})(...${JSON.stringify(args)})`);
  const driver = {
    engine: "firefox",
    async open(url) {
      frame = null;
      await page.goto("about:blank");       // (a new document even where only the fragment differs)
      await page.goto(url, { waitUntil: "load", timeout: READY_MS });
    },
    run,
    waitFor: (fn, ...args) => poll(() => run(fn, ...args), String(fn), READY_MS),
    async inFrame(inside) {
      frame = inside ? await (await page.waitForSelector("#lane-frame")).contentFrame() : null;
    },
    async tap(selector) {
      const at = await tapPoint(run, selector);
      const offset = await frameOffset();
      await page.mouse.click(at.x + offset.x, at.y + offset.y);
    },
    async drag(from, to) {
      const start = await tapPoint(run, from);
      const end = await tapPoint(run, to);
      const offset = await frameOffset();
      await page.mouse.move(start.x + offset.x, start.y + offset.y);
      await page.mouse.down();
      await page.mouse.move(end.x + offset.x, end.y + offset.y, { steps: 8 });
      await page.mouse.up();
    },
    async size(width, height) {
      await page.setViewport({ width, height });
    },
    reload: () => reloaded(driver, frame !== null),
    png: () => page.screenshot({ type: "png" }),
    close: () => browser.close(),
  };
  async function frameOffset() {
    if (!frame) {
      return { x: 0, y: 0 };
    }
    return page.evaluate(() => {
      const box = document.getElementById("lane-frame").getBoundingClientRect();
      return { x: box.x, y: box.y };
    });
  }
  return driver;
}

/** WebKitGTK's MiniBrowser through WebKitWebDriver (Selenium), in a virtual display. */
export async function webkit() {
  const { Builder, By } = await import("selenium-webdriver");
  const port = 4400 + Math.floor(Math.random() * 500);
  // xvfb-run gives the driver's browser a display of its own; -a picks a free one.
  const server = spawn("xvfb-run", ["-a", "-s", "-screen 0 1600x1000x24",
                                    process.env.WEBKIT_DRIVER ?? "/usr/bin/WebKitWebDriver",
                                    `--port=${port}`], { stdio: "ignore", detached: true });
  const address = `http://127.0.0.1:${port}`;
  await poll(() => fetch(`${address}/status`).then((r) => r.ok, () => false), "WebKitWebDriver", 30_000);
  const driver = await new Builder().usingServer(address).withCapabilities({
    browserName: "MiniBrowser",
    pageLoadStrategy: "normal",           // ("eager" never returns here)
    "webkitgtk:browserOptions": { args: ["--automation"] },
  }).build();
  await driver.manage().window().setRect({ width: 1280, height: 800 });
  await driver.manage().setTimeouts({ script: READY_MS, pageLoad: READY_MS });
  const run = (fn, ...args) => driver.executeScript(
    `return (${fn})(...arguments)`, ...args);
  // The last element ``selector`` picks, once it is on screen (scrolled into view).
  const shown = async (selector) => {
    await tapPoint(run, selector);
    const all = await driver.findElements(By.css(selector));
    return all[all.length - 1];
  };
  let framed = false;
  const lane = {
    engine: "webkit",
    async open(url) {
      await driver.switchTo().defaultContent();
      framed = false;
      await driver.get("about:blank");      // (a new document even where only the fragment differs)
      await driver.get(url);
    },
    run,
    waitFor: (fn, ...args) => poll(() => run(fn, ...args), String(fn), READY_MS),
    async inFrame(inside) {
      await driver.switchTo().defaultContent();
      if (inside) {
        await driver.switchTo().frame(await driver.findElement(By.id("lane-frame")));
      }
      framed = inside;
    },
    async tap(selector) {
      const card = await shown(selector);
      await driver.actions({ async: true }).move({ origin: card }).press().release().perform();
    },
    async drag(from, to) {
      const [start, end] = [await shown(from), await shown(to)];
      // (A drag in steps: the app starts dragging once the pointer has moved a little.)
      let actions = driver.actions({ async: true }).move({ origin: start }).press()
        .move({ origin: start, x: 6, y: 6, duration: 30 });
      for (const step of [2, 4, 6, 8]) {
        actions = actions.move({ origin: end, x: Math.round(12 * (8 - step) / 8),
                                 y: Math.round(12 * (8 - step) / 8), duration: 30 });
      }
      await actions.release().perform();
    },
    async size(width, height) {
      await driver.manage().window().setRect({ width, height });
    },
    reload: () => reloaded(lane, framed),
    png: async () => Buffer.from(await driver.takeScreenshot(), "base64"),
    async close() {
      try {
        await driver.quit();
      } finally {
        try {
          process.kill(-server.pid);
        } catch {
          // (already gone)
        }
      }
    },
  };
  return lane;
}

export const ENGINES = { firefox, webkit };
