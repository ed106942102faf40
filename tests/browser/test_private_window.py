"""A first visit in a private window (a new context: its HTTP cache is in memory,
too small to keep the 9.6 MB pyodide.asm.wasm) downloads the runtime once: the
page's workers, the solver's and the snapshot maker, run on the module the page
compiled, and the service worker's install takes the file from what the page
kept for it. Counted at the server."""

from __future__ import annotations

from support import CountingHandler, serve
from browser_helpers import DIST, READY_TIMEOUT_MS, wait_ready, watched

RUNTIME = "/vendor/pyodide/pyodide.asm.wasm"
VERDICT = ("['won', 'lost', 'unknown'].includes("
           "document.getElementById('verdict').dataset.result)")


def first_visit(browser, init_script: str | None = None) -> list[str]:
    """A first visit in a new context, until the service worker controls the
    page, the snapshot is stored and the solver has judged the deal; the paths
    the server sent meanwhile."""
    CountingHandler.sent.clear()
    with serve(DIST, CountingHandler) as url:
        context = browser.new_context()
        if init_script:
            context.add_init_script(init_script)
        page, check = watched(context, url)
        try:
            page.goto(url + "index.html#/chessboard/1")
            wait_ready(page)
            page.wait_for_function("navigator.serviceWorker.controller !== null",
                                   timeout=READY_TIMEOUT_MS)
            page.wait_for_function(VERDICT, timeout=READY_TIMEOUT_MS)
            page.wait_for_function("document.documentElement.dataset.snapshot !== undefined",
                                   timeout=READY_TIMEOUT_MS)
            assert page.evaluate("document.documentElement.dataset.snapshot") == "stored"
            # what the page kept for the service worker's install is gone with it
            assert page.evaluate("caches.has('castling-handover')") is False
        finally:
            context.close()
        check()
        return [path for path, _ in CountingHandler.sent]


def test_a_private_window_downloads_the_runtime_once(browser):
    sent = first_visit(browser)
    assert sent.count(RUNTIME) == 1
    assert sorted({path for path in sent if sent.count(path) > 1}) == []


# A browser that will not post a compiled module to a worker.
NO_MODULE_POSTS = """for (const Target of [MessagePort, Worker]) {
  const post = Target.prototype.postMessage;
  Target.prototype.postMessage = function (message, ...rest) {
    if (message instanceof WebAssembly.Module || message?.module instanceof WebAssembly.Module) {
      throw new DOMException('no module posted', 'DataCloneError');
    }
    return post.call(this, message, ...rest);
  };
}"""


def test_the_workers_fetch_the_runtime_when_the_page_cannot_give_it(browser):
    sent = first_visit(browser, NO_MODULE_POSTS)
    # the page's, and at least the snapshot maker's (the solver's worker may
    # already be served by the service worker)
    assert sent.count(RUNTIME) >= 2
