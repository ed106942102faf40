"""Export and import: everything the app keeps, as one file the player can move.

An export file is JSON: ``{"castling-export": 1, "items": {key: text}}`` with
every ``castling:…`` key of the store (saves, statistics, settings, the last
game, anything set aside) and its text as stored.  Importing one writes its
items over the same keys and leaves every other key as it is; a file that is
not an export is refused (:class:`ImportFileError`) before anything is written.
"""

from __future__ import annotations

import json

from ..errors import ImportFileError
from ..i18n import t
from .recovery import CarefulStore
from .records import PREFIX
from .storage_port import Storage

EXPORT_FORMAT = 1
MAX_EXPORT = 5_000_000      # characters: about what a browser lets a site store


def export_file(storage: Storage) -> str:
    """Every ``castling:…`` item of the store, as the text of an export file."""
    items = {}
    for key in storage.keys():
        if key.startswith(PREFIX):
            value = storage.get(key)
            if value is not None:
                items[key] = value
    return json.dumps({"castling-export": EXPORT_FORMAT,
                       "items": {key: items[key] for key in sorted(items)}}, indent=1)


def read_export(text: str) -> dict[str, str]:
    """The stored items an export file holds, or :class:`ImportFileError`."""
    if not isinstance(text, str) or len(text) > MAX_EXPORT:
        raise ImportFileError(t("import.too_large"))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ImportFileError(t("import.not_json")) from None
    if not isinstance(data, dict) or "castling-export" not in data:
        raise ImportFileError(t("import.not_export"))
    if data["castling-export"] != EXPORT_FORMAT:
        raise ImportFileError(t("import.other_version"))
    items = data.get("items")
    if not isinstance(items, dict) or not all(
            isinstance(key, str) and key.startswith(PREFIX) and isinstance(value, str)
            for key, value in items.items()):
        raise ImportFileError(t("import.damaged"))
    return dict(items)


def import_file(store: CarefulStore, text: str) -> int:
    """Store what an export file holds, replacing the same keys; how many items.
    Raises :class:`ImportFileError` for a file that is not an export."""
    items = read_export(text)
    for key, value in items.items():
        store.write(key, value)
    return len(items)
