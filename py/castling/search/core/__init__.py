"""The compiled search core: the engine's move generation, play and undo in C
(``*.c``), compiled to one WebAssembly module, reading each game's rules as
data (:mod:`castling.search.core.tables`).

Python stays the authority: the core only mirrors :mod:`castling.movegen`,
and the tests compare the two along random play of every game. Importing this
package needs the standard library only; :func:`core_for` returns None where
the module or a WebAssembly runtime is missing (:mod:`castling.search.core.wasm`);
the browser's worker hands over the module it compiled with :func:`use_module`.
"""

from __future__ import annotations

from .wasm import Core, core_for, use_module

__all__ = ["Core", "core_for", "use_module"]
