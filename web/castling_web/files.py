"""Export and import: everything the player has stored, as a file they keep.

What goes in the file and how an import is checked and merged is the app
model's (``castling.app.storage.transfer``); here the file is downloaded, and a file
chosen is read and handed to the preview (transfer_view.py), which merges it
only if the player says so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js
from castling.errors import ImportFileError
from castling.app.storage.transfer import Holding, read_file
from castling.app.transfers import Transfers
from pyodide.ffi import create_proxy, to_js

from .dom import JsObject, js_object, present
from .host import Host


class Files:
    def __init__(self, host: Host, transfers: Transfers,
                 offer: Callable[[Holding, str], Any]) -> None:
        self.host = host
        self.transfers = transfers  # the session's files and links, out and in
        self.offer = offer          # shows what a file holds, to merge (transfer_view.py)
        host.command("export", self.export)
        host.listen(host.document.getElementById("import-file"), "change", self.on_import)

    def export(self) -> None:
        """Download everything stored as a file."""
        document, window = self.host.document, self.host.window
        blob = js.Blob.new(to_js([self.transfers.export_text()]),
                           js_object({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"castling-{str(js.Date.new().toISOString())[:10]}.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10_000)

    def on_import(self, event: JsObject) -> None:
        chooser = event.target
        chosen = chooser.files
        if present(chosen) and chosen.length:
            asyncio.ensure_future(self._import(chosen.item(0)))
        chooser.value = ""              # the same file may be chosen again

    async def _import(self, file: JsObject) -> None:
        text = str(await file.text())
        try:
            held = read_file(text)
        except ImportFileError as error:
            self.host.notify(str(error))
            return
        self.offer(held, "file")
