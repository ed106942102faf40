"""What Unicode CLDR says of the catalogues' languages, as ``cldr.json`` beside
this module holds it (``scripts/cldr_data.py`` writes it from pinned packages):
the plural rules castling.plurals reads and the number forms castling.numbers
reads. Read once."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

_FILE = Path(__file__).with_name("cldr.json")


@lru_cache(maxsize=None)
def data() -> dict[str, dict[str, Any]]:
    """``{"plurals": {code: {form: rule}}, "numbers": {code: {...}}}``."""
    with open(_FILE, encoding="utf-8") as handle:
        found: dict[str, dict[str, Any]] = json.load(handle)
    return found
