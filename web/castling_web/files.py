"""Export and import: everything the player has stored, as a file they keep.

What goes in the file and how an import is checked is the session's
(``castling.player``); here the file is downloaded and read.
"""

from __future__ import annotations

import asyncio

import js
from castling.errors import ImportFileError
from castling.i18n import t
from pyodide.ffi import create_proxy, to_js

from .dom import close_dialog, js_object, present
from .host import Host


class Files:
    def __init__(self, host: Host) -> None:
        self.host = host
        host.command("export", self.export)
        host.listen(host.document.getElementById("import-file"), "change", self.on_import)

    def export(self) -> None:
        """Download everything stored as a file."""
        document, window = self.host.document, self.host.window
        blob = js.Blob.new(to_js([self.host.session.export_text()]),
                           js_object({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"castling-{str(js.Date.new().toISOString())[:10]}.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10_000)

    def on_import(self, event) -> None:
        chooser = event.target
        chosen = chooser.files
        if present(chosen) and chosen.length:
            asyncio.ensure_future(self._import(chosen.item(0)))
        chooser.value = ""              # the same file may be chosen again

    async def _import(self, file) -> None:
        host = self.host
        text = str(await file.text())
        try:
            count = host.session.import_text(text)
        except ImportFileError as error:
            host.notify(str(error))
            return
        close_dialog(host.document, "settings")
        host.show_game()
        host.notify(t("notice.imported", count=count))
