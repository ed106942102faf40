"""The core's module in CPython, run by ``wasmtime`` (pinned, optional: in
requirements-test.txt; the engine itself needs the standard library only).

An instance is reached through four calls only (call an export, write and
read its memory, and the memory's size), the same four :mod:`.js_module`
gives inside Pyodide, so :class:`castling.search.core.wasm.Core` is written once for
both.

Calls and memory go through wasmtime's own ctypes bindings (``wasmtime._ffi``,
of the pinned version) rather than ``Func.__call__`` and ``Memory.read``:
those ask the function for its type and convert every argument afresh, some
15 µs a call and 3 µs a read here, which a search of a few hundred positions
(a few hundred µs in the core) cannot afford. Every export the core calls
takes and returns i32s only, which is checked once, when the function is
first looked up; the calls are then made "unchecked", with raw values.
"""

from __future__ import annotations

import ctypes
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
        from wasmtime import _ffi
        self._ffi: Any = _ffi
        self._store = wasmtime.Store(engine)
        instance = wasmtime.Instance(self._store, module, [])
        # Any: wasmtime's exports are a union of every kind of extern.
        self._exports: Any = instance.exports(self._store)
        memory: Any = self._exports["memory"]
        self._context = self._store._context()
        self._memory = ctypes.byref(memory._memory)
        # name -> (the function, its raw argument-and-result array, its argument count)
        self._functions: dict[str, tuple[Any, Any, int]] = {}
        self._trap = ctypes.POINTER(_ffi.wasm_trap_t)()
        # The memory's address and size, as of the last call (only a call
        # can grow the memory, which may move it): None, to be asked for.
        self._span: tuple[int, int] | None = None

    def _function(self, name: str) -> tuple[Any, Any, int]:
        import wasmtime
        function: Any = self._exports[name]
        kind = function.type(self._store)
        i32 = wasmtime.ValType.i32()
        if any(param != i32 for param in kind.params) or [*kind.results] != [i32]:
            raise TypeError(f"the core's {name} is not a function of i32s to one i32")
        raw = (self._ffi.wasmtime_val_raw_t * max(len(kind.params), 1))()
        found = self._functions[name] = (ctypes.byref(function._func), raw, len(kind.params))
        return found

    def call(self, name: str, *args: int) -> int:
        found = self._functions.get(name)
        if found is None:
            found = self._function(name)
        function, raw, arity = found
        if len(args) != arity:
            raise TypeError(f"the core's {name} takes {arity} arguments, not {len(args)}")
        for at, value in enumerate(args):
            raw[at].i32 = value
        self._span = None
        trap = self._trap
        error = self._ffi.wasmtime_func_call_unchecked(self._context, function, raw, len(raw),
                                                       ctypes.byref(trap))
        if error or trap:
            self._raise(error, trap)
        result: int = raw[0].i32
        return result

    def _raise(self, error: Any, trap: Any) -> None:
        import wasmtime
        from wasmtime._trap import Trap
        if error:
            raise wasmtime.WasmtimeError._from_ptr(error)
        caught = Trap._from_ptr(trap)
        self._trap = ctypes.POINTER(self._ffi.wasm_trap_t)()
        raise caught

    def _base(self, at: int, size: int) -> int:
        span = self._span
        if span is None:
            span = self._span = (
                ctypes.addressof(self._ffi.wasmtime_memory_data(self._context,
                                                                self._memory).contents),
                self.memory_size())
        if at < 0 or size < 0 or at + size > span[1]:
            raise IndexError("outside the core's memory")
        return span[0] + at

    def write(self, at: int, data: bytes) -> None:
        ctypes.memmove(self._base(at, len(data)), data, len(data))

    def read(self, at: int, size: int) -> bytes:
        return ctypes.string_at(self._base(at, size), size)

    def memory_size(self) -> int:
        """The instance's memory, in bytes (it only ever grows)."""
        size: int = self._ffi.wasmtime_memory_data_size(self._context, self._memory)
        return size
