"""Small helpers for talking to the page through Pyodide's bridge."""

from __future__ import annotations

import js
from pyodide.ffi import jsnull, to_js


def present(value) -> bool:
    """Whether a DOM lookup found something (JS null arrives as ``jsnull``, not None)."""
    return value is not None and value is not jsnull


def js_object(value):
    """A Python dict or list as a plain JavaScript object or array (for DOM options)."""
    return to_js(value, dict_converter=js.Object.fromEntries)


def close_dialog(document, name: str) -> None:
    """Close the ``<dialog id="NAME-dialog">`` (closing a closed one does nothing)."""
    document.getElementById(f"{name}-dialog").close()
