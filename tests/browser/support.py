"""Serving a folder on localhost and launching Chromium (tests and benchmarks).

Chromium is found the way a developer's machine has it: $CASTLING_CHROMIUM,
else Debian's /usr/bin/chromium, else the browser Playwright installed itself.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from pathlib import Path

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 # Chromium 156 readies the address bar's drop-down (a WebUI page
                 # in a renderer of its own) for every window, headless too: about
                 # 1 s of CPU a page the tests open, a fifth of a return visit's
                 # (measured over 8 return visits: 3.8 s a page against 4.7 s).
                 "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"]


def chromium_path() -> str | None:
    """The Chromium to drive, or None for Playwright's own."""
    path = os.environ.get("CASTLING_CHROMIUM")
    if path:
        return path
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def launch_chromium(playwright):
    """Headless Chromium with the flags this machine's closed network needs.
    CASTLING_CHROMIUM_LOG=file has it log there too (every process: how a
    renderer that died ended is written there)."""
    log = os.environ.get("CASTLING_CHROMIUM_LOG")
    extra = ["--enable-logging", f"--log-file={log}", "--v=0"] if log else []
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS + extra)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, without a log line per request."""

    def log_message(self, *args) -> None:
        pass


class CountingHandler(QuietHandler):
    """Static files, noting each body sent (its path, its bytes): what a first
    visit downloads, counted at the server. Clear ``sent`` before a visit."""

    sent: list[tuple[str, int]] = []
    lock = threading.Lock()

    def copyfile(self, source, destination) -> None:
        data = source.read()
        try:
            destination.write(data)
        except ConnectionError:      # a profile closed while a worker was still fetching
            return
        with self.lock:
            self.sent.append((self.path.split("?")[0], len(data)))


class HoldingHandler(QuietHandler):
    """Static files; the runtime's WebAssembly only once ``released`` is set:
    what a page shows before Python is up is looked at for as long as a test
    needs (the ``held_site`` fixture serves with it)."""

    held = "pyodide.asm.wasm"
    released = threading.Event()

    def do_GET(self) -> None:
        if self.path.split("?")[0].endswith(self.held):
            self.released.wait(timeout=300)
        super().do_GET()


@contextlib.contextmanager
def serve(directory: Path, handler=QuietHandler):
    """Serve ``directory`` on a free localhost port; yields the base URL."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
