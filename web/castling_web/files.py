"""Export and import: everything the player has stored, as a file they keep.

What goes in the file and how an import is checked is the session's
(``castling.player``); here the file is downloaded and read.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import js
from castling.errors import ImportFileError
from castling.i18n import t
from pyodide.ffi import create_proxy, to_js

from .dom import js_object, present

if TYPE_CHECKING:
    from .app import App


class Files:
    def __init__(self, app: App) -> None:
        self.app = app

    def export(self) -> None:
        """Download everything stored as a file."""
        document, window = self.app.document, self.app.window
        blob = js.Blob.new(to_js([self.app.session.export_text()]),
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
        app = self.app
        text = str(await file.text())
        try:
            count = app.session.import_text(text)
        except ImportFileError as error:
            app.notify(str(error))
            return
        app.dialogs.close("settings")
        app.show_game()
        app.notify(t("notice.imported", count=count))
