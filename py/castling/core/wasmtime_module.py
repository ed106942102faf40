"""The core's module in CPython, run by ``wasmtime`` (pinned, optional: in
requirements-test.txt; the engine itself needs the standard library only).

An instance is reached through three calls only (call an export, write and
read its memory), the same three :mod:`.js_module` gives inside Pyodide, so
:class:`castling.core.wasm.Core` is written once for both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def available() -> bool:
    """Whether wasmtime is installed."""
    try:
        import wasmtime  # noqa: F401
    except ImportError:
        return False
    return True


class WasmtimeModule:
    """A compiled module file; each :meth:`instantiate` is a fresh instance."""

    def __init__(self, path: Path) -> None:
        import wasmtime   # optional: see the module's docstring
        self._engine = wasmtime.Engine()
        self._module = wasmtime.Module.from_file(self._engine, str(path))

    def instantiate(self) -> WasmtimeInstance:
        return WasmtimeInstance(self._engine, self._module)


class WasmtimeInstance:
    """One instance: its exported functions and its memory."""

    def __init__(self, engine: Any, module: Any) -> None:
        import wasmtime
        self._store = wasmtime.Store(engine)
        instance = wasmtime.Instance(self._store, module, [])
        # Any: wasmtime's exports are a union of every kind of extern.
        self._exports: Any = instance.exports(self._store)
        self._memory: Any = self._exports["memory"]
        self._functions: dict[str, Any] = {}

    def call(self, name: str, *args: int) -> int:
        function = self._functions.get(name)
        if function is None:
            function = self._functions[name] = self._exports[name]
        result: int = function(self._store, *args)
        return result

    def write(self, at: int, data: bytes) -> None:
        self._memory.write(self._store, data, at)

    def read(self, at: int, size: int) -> bytes:
        return bytes(self._memory.read(self._store, at, at + size))
