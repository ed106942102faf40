// A browser's renderer that crashes under the lanes' load on two cores is not
// a failure of the site: the test it cut is run once more in a new browser, as
// the Chromium lanes rerun a test whose page crashed (Makefile, CRASHED). Once
// only, and counted in the lane's report.

// What each driver says when the page's process is gone (measured by killing
// it): WebKitWebDriver ends the session ("session deleted because of page crash
// or hang", then NoSuchSessionError without a word); Firefox shows its
// crashed-tab page, a context of the parent process that scripts cannot run
// in; Puppeteer's connection may be gone too.
const CRASHED = [
  /page crash/i,
  /^NoSuchSessionError:/,
  /parent process browsing contexts/i,
  /Target closed|Session closed|Connection closed/i,
];

/** Whether ``error`` says that the browser's page, or the browser, is gone. */
export function isCrash(error) {
  const said = `${error?.name ?? ""}: ${error?.message ?? error}`;
  return CRASHED.some((pattern) => pattern.test(said));
}

/** Run ``body``; when it fails with a crash, ``restart()`` (a new browser with
 * the lane's state) and run it once more. ``crashes`` gets one line for each. */
export async function onceMoreAfterACrash(name, body, restart, crashes) {
  try {
    await body();
  } catch (error) {
    if (!isCrash(error)) {
      throw error;
    }
    crashes.push(`${name}: ${String(error.message ?? error).split("\n")[0]}`);
    await restart();
    await body();
  }
}
