"""Tables the build ships beside the page (daily.json, grades.json), fetched
when first asked for."""

from __future__ import annotations

from typing import Callable, TypeVar

from .dom import JsObject

T = TypeVar("T")


async def fetch_table(window: JsObject, url: str, read: Callable[[str], T]) -> T | None:
    """The table at ``url`` read by ``read``, or None: offline before the first
    visit finished, or damaged (``read`` raised)."""
    try:
        response = await window.fetch(url)
        if response.ok:
            return read(str(await response.text()))
    except Exception:
        pass
    return None
