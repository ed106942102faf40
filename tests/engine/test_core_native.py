"""The core's C built for this machine (scripts/build_core.py --native) plays as
the WebAssembly module does: the same units, linked as a shared library and
run through ctypes, deal and list, play and take back the engine's moves.
(Searching needs the module's memory, an arena below 2 GiB: not tried here.)"""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path

import pytest

from castling import GAMES, Position
from castling.search.core.wasm import Core

from search_helpers import plays_as_the_engine

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from build_core import MissingToolchain, compile_core  # noqa: E402


class NativeInstance:
    """The library as castling.search.core.wasm.Instance: its functions called,
    and its I/O buffer read and written (addresses relative to the buffer)."""

    def __init__(self, library: ctypes.CDLL) -> None:
        self._library = library
        library.core_io.restype = ctypes.c_void_p
        self._io = library.core_io()

    def call(self, name: str, *args: int) -> int:
        if name == "core_io":
            return 0
        return int(getattr(self._library, name)(*args))

    def write(self, at: int, data: bytes) -> None:
        ctypes.memmove(self._io + at, data, len(data))

    def read(self, at: int, size: int) -> bytes:
        return ctypes.string_at(self._io + at, size)

    def memory_size(self) -> int:
        return 0


class NativeModule:
    def __init__(self, path: Path) -> None:
        self._library = ctypes.CDLL(str(path))

    def instantiate(self) -> NativeInstance:
        return NativeInstance(self._library)     # (one library: one state, as loaded)


@pytest.fixture(scope="module")
def native(tmp_path_factory):
    try:
        path = compile_core(tmp_path_factory.mktemp("native") / "castling-core.so", native=True)
    except MissingToolchain as missing:
        pytest.skip(str(missing))
    return NativeModule(path)


@pytest.mark.parametrize("game", ["beleaguered-castle", "rittenhouse", "castles-end", "zerline",
                                  "chequers", "lasker"])
def test_the_native_build_deals_and_plays_as_the_engine(native, game):
    rules = GAMES[game]
    core = Core(rules, native)
    for deal in (1, 40_000):
        assert core.deal(deal) == Position.deal(rules, deal).piles
        plays_as_the_engine(core, rules, deal)
