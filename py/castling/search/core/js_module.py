"""The core's module inside Pyodide (the browser's solver worker, or Pyodide
in Node), run by the JavaScript engine's own ``WebAssembly`` through ``js``.

The same four calls as :mod:`.wasmtime_module` (call an export, write and
read its memory, and its size). Importing this module outside Pyodide fails (there is no
``js``), so nothing in the engine imports it: the worker (web/solver_worker.py)
does, and hands the module to :func:`castling.search.core.wasm.use_module`.
"""

from __future__ import annotations

from typing import Any

import js  # Pyodide's bridge to JavaScript (typed by tests/stubs, as Any)
from pyodide.ffi import to_js


class JsModule:
    """A compiled ``WebAssembly.Module``; each :meth:`instantiate` is a fresh instance."""

    def __init__(self, compiled: Any) -> None:
        self._compiled = compiled

    @classmethod
    def from_bytes(cls, data: bytes) -> JsModule:
        """Compile ``data`` (a worker may compile synchronously, whatever the size)."""
        return cls(js.WebAssembly.Module.new(to_js(data)))

    @classmethod
    async def fetch(cls, url: str) -> JsModule:
        """Fetch and compile the module at ``url`` (the service worker serves it
        offline like every file of the site); an error if either fails."""
        response = await js.fetch(url)
        if not response.ok:
            raise OSError(f"{url}: HTTP {response.status}")
        # Compiled from the bytes, not compileStreaming: that insists on the
        # server's content type, which a static host may not set for .wasm.
        return cls(await js.WebAssembly.compile(await response.arrayBuffer()))

    def instantiate(self) -> JsInstance:
        return JsInstance(js.WebAssembly.Instance.new(self._compiled, js.Object.new()))


class JsInstance:
    """One instance: its exported functions and its memory."""

    def __init__(self, instance: Any) -> None:
        self._exports = instance.exports
        self._memory = self._exports.memory
        self._functions: dict[str, Any] = {}

    def call(self, name: str, *args: int) -> int:
        function = self._functions.get(name)
        if function is None:
            function = self._functions[name] = getattr(self._exports, name)
        return int(function(*args))

    # The buffer is asked for at each access: growing the memory (the search's
    # table does) detaches the one seen before.
    def write(self, at: int, data: bytes) -> None:
        js.Uint8Array.new(self._memory.buffer, at, len(data)).assign(data)

    def read(self, at: int, size: int) -> bytes:
        return bytes(js.Uint8Array.new(self._memory.buffer, at, size).to_bytes())

    def memory_size(self) -> int:
        """The instance's memory, in bytes (it only ever grows)."""
        return int(self._memory.buffer.byteLength)
