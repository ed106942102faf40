// The lanes' retry after a crash (crashes.mjs): a crash is retried once and
// counted; a second crash, or any other failure, fails the test.
import assert from "node:assert/strict";
import { test } from "node:test";

import { isCrash, onceMoreAfterACrash } from "./crashes.mjs";

// What the drivers said when the page's process was killed under them.
const WEBKIT = Object.assign(new Error("session deleted because of page crash or hang."),
                             { name: "NoSuchSessionError" });
const FIREFOX = Object.assign(new Error("Protocol error (script.evaluate): unsupported operation " +
  "script.evaluate and script.callFunction are not supported for parent process browsing contexts: 12"),
                              { name: "ProtocolError" });

// (and what WebKitWebDriver says to every command after)
const GONE = Object.assign(new Error(""), { name: "NoSuchSessionError" });

test("the drivers' words for a crash are a crash; a failed assertion or a timeout is not", () => {
  assert.ok(isCrash(WEBKIT) && isCrash(FIREFOX) && isCrash(GONE));
  assert.ok(!isCrash(new assert.AssertionError({ actual: 1, expected: 2, operator: "deepEqual" })));
  assert.ok(!isCrash(new Error("timed out after 180000 ms waiting for READY")));
});

test("a crash restarts the browser and runs the test once more, counted", async () => {
  const crashes = [];
  const ran = [];
  let restarts = 0;
  await onceMoreAfterACrash("a test", async () => {
    ran.push(ran.length);
    if (ran.length === 1) {
      throw WEBKIT;
    }
  }, async () => { restarts += 1; }, crashes);
  assert.deepEqual(ran, [0, 1]);
  assert.equal(restarts, 1);
  assert.deepEqual(crashes, ["a test: session deleted because of page crash or hang."]);
});

test("a second crash, or any other failure, fails the test", async () => {
  const crashes = [];
  await assert.rejects(onceMoreAfterACrash("twice", async () => { throw FIREFOX; },
                                           async () => {}, crashes), /parent process/);
  assert.equal(crashes.length, 1);
  let runs = 0;
  await assert.rejects(onceMoreAfterACrash("wrong", async () => {
    runs += 1;
    throw new Error("the table differs");
  }, async () => { throw new Error("no restart for this"); }, crashes), /the table differs/);
  assert.equal(runs, 1);
  assert.equal(crashes.length, 1);
});
