"""Moving to another device without a file (issue 26).

Settings' "Move to another device" shows a transfer link
(castling.app.storage.transfer): as text to select and copy, and as a QR code drawn
here as SVG elements from the module matrix of the pinned QR encoder
(``vendor/qr/index.js``, imported only when a code is first asked for). A link
too long for a code a phone reads off a screen gets a note instead of the code;
the link itself still works.

A transfer link opened (routing.py) or an export file chosen (files.py) is
shown first, in the preview dialog marked ``data-transfer-preview``: what it
holds, in words, and Merge or Cancel. Nothing is written before Merge; Cancel
(or Esc) changes nothing. Once answered, ``done`` is called (the App takes the
link out of the address and offers the first visit's welcome, which waits for
the preview). A link that is refused gets a message and changes nothing.
Every word is set as text.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from castling.errors import ImportFileError
from castling.i18n import sentences, t
from castling.app.storage.transfer import Holding, described, read_transfer_link
from castling.app.transfers import Transfers
from pyodide.code import run_js

from .dom import JsObject, close_dialog, js_object
from .host import Host

#: links longer than this (characters) get no code: the code would need modules
#: too small for a phone's camera to read off a screen (a link this long is a
#: version 32 code at the low error correction, 145 modules a side)
QR_MOST = 2_200
QUIET = 4           # the quiet zone around the code, in modules (the standard's)
SVG = "http://www.w3.org/2000/svg"


class Transfer:
    def __init__(self, host: Host, transfers: Transfers, done: Callable[[], Any]) -> None:
        self.host = host
        self.transfers = transfers          # the session's files and links, out and in
        self.done = done                    # called once a preview is answered
        #: what the preview shows, until it is answered (None: no preview)
        self.held: Holding | None = None
        self._encoder: JsObject | None = None  # the QR encoder's module, once imported
        document = host.document
        self.preview = document.getElementById("transfer-preview-dialog")
        host.command("transfer", lambda: asyncio.ensure_future(self.show_link()))
        host.command("transfer-copy", self.copy)
        host.command("transfer-merge", self.merge)
        host.command("transfer-cancel", lambda: self.preview.close())
        host.listen(self.preview, "close", self.on_close)

    @property
    def asking(self) -> bool:
        """A preview waits for the player's answer."""
        return self.held is not None

    # -- this browser's link --------------------------------------------------------------

    def link(self) -> str:
        address = str(self.host.window.location.href).split("#")[0]
        return address + self.transfers.link()

    async def show_link(self) -> None:
        """The link and its code, over the settings."""
        document = self.host.document
        link = self.link()
        field = document.getElementById("transfer-link")
        field.value = link
        field.scrollTop = 0                 # its start, the site's address, in view
        dialog = document.getElementById("transfer-dialog")
        if not dialog.open:
            dialog.showModal()
        await self.draw_code(link)

    async def draw_code(self, link: str) -> None:
        document = self.host.document
        box, note = document.getElementById("transfer-code"), document.getElementById(
            "transfer-code-note")
        box.replaceChildren()
        note.hidden = True
        problem = t("transfer.code.too_long", count=len(link)) if len(link) > QR_MOST else ""
        if not problem:
            try:
                rows = (await self.encoder()).encodeQR(
                    link, "raw", js_object({"ecc": "low", "border": QUIET})).to_py()
            except Exception:       # (the module did not load, or refused the text)
                problem = t("transfer.code.failed")
            else:
                box.appendChild(self.code(rows))
        box.hidden = bool(problem)
        note.textContent = problem
        note.hidden = not problem

    async def encoder(self) -> JsObject:
        if self._encoder is None:
            # An absolute address: an import() run here resolves against the
            # runtime's own folder, not the page's.
            url = str(self.host.window.URL.new("./vendor/qr/index.js",
                                               self.host.document.baseURI).href)
            self._encoder = await run_js(f"import({json.dumps(url)})")
        return self._encoder

    def code(self, rows: list[list[bool]]) -> JsObject:
        """The code as an SVG element: a white square (the quiet zone included)
        and one path of the dark modules, a rectangle per run along each row."""
        document, size = self.host.document, len(rows)
        svg = document.createElementNS(SVG, "svg")
        for name, value in (("viewBox", f"0 0 {size} {size}"), ("role", "img"),
                            ("aria-label", t("transfer.code")), ("shape-rendering", "crispEdges"),
                            ("data-modules", str(size - 2 * QUIET))):
            svg.setAttribute(name, value)
        back = document.createElementNS(SVG, "rect")
        for name, measure in (("width", size), ("height", size), ("fill", "#fff")):
            back.setAttribute(name, str(measure))
        runs = []
        for y, row in enumerate(rows):
            x = 0
            while x < size:
                if row[x]:
                    start = x
                    while x < size and row[x]:
                        x += 1
                    runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
                else:
                    x += 1
        dark = document.createElementNS(SVG, "path")
        dark.setAttribute("d", "".join(runs))
        dark.setAttribute("fill", "#000")
        svg.append(back, dark)
        return svg

    def copy(self) -> None:
        """Copy the link (selected too, for copying by hand where the browser refuses)."""
        field = self.host.document.getElementById("transfer-link")
        field.select()
        self.host.chrome.copy(str(field.value), t("transfer.copied"))

    # -- a link or a file brought here ----------------------------------------------------

    def offer_link(self, fragment: str) -> None:
        """A transfer link was opened: its preview, or why it is refused."""
        try:
            held = read_transfer_link(fragment)
        except ImportFileError as error:
            self.host.notify(t("transfer.refused", problem=error))
            self.done()
            return
        self.offer(held, "link")

    def offer(self, held: Holding, source: str) -> None:
        """Show what ``held`` holds (``source``: "link" or "file"), to merge or not."""
        document = self.host.document
        for name in ("settings", "transfer"):     # (a file chosen there, a link pasted meanwhile)
            close_dialog(document, name)
        self.held = held
        document.getElementById("transfer-preview-title").textContent = (
            t("transfer.preview.link") if source == "link" else t("transfer.preview.file"))
        items = []
        for line in described(held):
            item = document.createElement("li")
            item.textContent = line
            items.append(item)
        document.getElementById("transfer-holds").replaceChildren(*items)
        if not self.preview.open:
            self.preview.showModal()

    def merge(self) -> None:
        host, held = self.host, self.held
        if held is None:
            return
        self.held = None
        done = self.transfers.merge(held)
        told = [done.summary(), *host.session.store.notices]     # (a full store says so)
        host.session.store.notices.clear()
        self.preview.close()
        host.leave_view_only()
        host.show_game()
        host.notify(sentences(*told))

    def on_close(self, event: JsObject) -> None:
        """The preview closed: merged, or cancelled (Cancel, Esc): nothing written."""
        self.held = None
        self.done()
