"""Small helpers for talking to the page through Pyodide's bridge."""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import jsnull, to_js

#: A JavaScript object through Pyodide's bridge (an element, an event, the
#: window): untyped, as the page gives it.
JsObject = Any


def present(value: JsObject) -> bool:
    """Whether a DOM lookup found something (JS null arrives as ``jsnull``, not None)."""
    return value is not None and value is not jsnull


def js_object(value: dict[str, Any] | list[Any]) -> JsObject:
    """A Python dict or list as a plain JavaScript object or array (for DOM options)."""
    return to_js(value, dict_converter=js.Object.fromEntries)


def close_dialog(document: JsObject, name: str) -> None:
    """Close the ``<dialog id="NAME-dialog">`` (closing a closed one does nothing)."""
    document.getElementById(f"{name}-dialog").close()
