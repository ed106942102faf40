"""The core in CPython, through ``wasmtime`` where it is installed.

``wasmtime`` is optional (pinned in requirements-test.txt; the engine itself
needs the standard library only), so it is
imported only when a core is asked for, and :func:`core_for` returns None when
it is absent or the module has not been built: callers then use the Python
engine, which is the reference anyway. The browser will load the same module
through ``js.WebAssembly`` instead (not yet written).

The module is found at ``$CASTLING_CORE_WASM``, else where ``build.py`` writes
it (``dist/castling-core.wasm`` beside this checkout's ``py/``).
"""

from __future__ import annotations

import atexit
import os
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import IllegalMoveError
from ..movegen import Move, MoveTables, Piles, Record, tables_for
from ..notation import format_move
from ..position import Position
from ..rules import GameRules
from ..solver import VERSION, SolveResult, Verdict
from . import tables as layout

#: The file build.py writes the module to, inside dist/.
WASM_NAME = "castling-core.wasm"
#: core.c's error codes, for the messages.
_ERRORS = {-1: "not a rules table", -2: "another format of rules table",
           -3: "a rules table of the wrong size", -4: "a game larger than the core is built for",
           -5: "no rules loaded", -6: "a position that does not fit the rules",
           -7: "an illegal move", -8: "the core's memory is full", -9: "nothing to undo",
           -10: "a budget larger than the core's memory can hold"}
#: core_solve's verdicts.
_VERDICTS: dict[int, Verdict] = {1: "won", 2: "lost", 3: "unknown"}
#: The largest budget core_solve takes (an i32); its arena may refuse less.
MAX_BUDGET = 2**31 - 1


def default_wasm() -> Path:
    """Where the module is looked for when no path is given."""
    named = os.environ.get("CASTLING_CORE_WASM")
    if named:
        return Path(named)
    return _built()


@lru_cache(maxsize=1)
def _built() -> Path:
    # (Once: resolving the path takes longer than a small search in the core.)
    return Path(__file__).resolve().parents[3] / "dist" / WASM_NAME


class BudgetRefused(RuntimeError):
    """A budget larger than the core's memory can hold (the Python search has no such bound)."""


@lru_cache(maxsize=4)
def _compiled(path: Path, stamp: float) -> Any:
    """The module compiled once per file (and version of it: ``stamp``)."""
    import wasmtime   # optional: see the module's docstring
    engine = wasmtime.Engine()
    return engine, wasmtime.Module.from_file(engine, str(path))


# Let go of the modules before the interpreter's last moments, when wasmtime's
# own finalizers can no longer run (they print a traceback at exit).
atexit.register(_compiled.cache_clear)


def core_for(rules: GameRules, wasm: Path | None = None) -> Core | None:
    """A core with ``rules`` loaded, or None where the module or wasmtime is missing."""
    path = default_wasm() if wasm is None else Path(wasm)
    try:
        import wasmtime  # noqa: F401  (only to know whether it is there)
    except ImportError:
        return None
    if not path.is_file():
        return None
    engine, module = _compiled(path.resolve(), path.stat().st_mtime)
    return Core(rules, engine, module)


@lru_cache(maxsize=4)
def _shared(rules: GameRules, path: Path, stamp: float) -> Core | None:
    return core_for(rules, path)


def shared_core(rules: GameRules) -> Core | None:
    """One core per game (the last few asked for), kept for castling.solver,
    which asks for one every search: an instance's memory, grown to the
    largest budget it has searched, is kept with it."""
    path = default_wasm()
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return None
    return _shared(rules, path, stamp)     # (core_for resolves it, once)


atexit.register(_shared.cache_clear)


class Core:
    """One instance of the module with one game's rules loaded: a position set
    in it, its legal moves listed, moves played and taken back, all done by the
    compiled code (a move stack of its own, as the search will use it)."""

    def __init__(self, rules: GameRules, engine: Any, module: Any) -> None:
        import wasmtime
        self.rules = rules
        self.tables: MoveTables = tables_for(rules)
        self._store = wasmtime.Store(engine)
        instance = wasmtime.Instance(self._store, module, [])
        # Any: wasmtime's exports are a union of every kind of extern.
        exports: Any = instance.exports(self._store)
        self._memory: Any = exports["memory"]
        self._call: dict[str, Any] = {name: exports[name] for name in (
            "core_io", "core_format", "core_load_rules", "core_set_position",
            "core_get_position", "core_moves", "core_play", "core_undo", "core_depth",
            "core_solve", "core_solver_version")}
        if self._run("core_format") != layout.FORMAT:
            raise RuntimeError("the core module reads another format of rules table")
        self._io = self._run("core_io")
        self._searches_as = self._run("core_solver_version")
        self._moves: list[Move] = []
        self._check(self._run("core_load_rules", *self._put(layout.rules_table(self.tables))))

    def _run(self, name: str, *args: int) -> int:
        result: int = self._call[name](self._store, *args)
        return result

    def _put(self, data: bytes) -> tuple[int]:
        self._memory.write(self._store, data, self._io)
        return (len(data),)

    def _get(self, size: int) -> bytes:
        return bytes(self._memory.read(self._store, self._io, self._io + size))

    @staticmethod
    def _check(result: int) -> int:
        if result < 0:
            raise RuntimeError(f"castling core: {_ERRORS.get(result, result)}")
        return result

    def set_position(self, position: Position | Piles) -> None:
        """Put a position in the core (its move stack starts empty)."""
        piles = position.piles if isinstance(position, Position) else position
        self._check(self._run("core_set_position", *self._put(layout.position_bytes(piles))))
        self._moves.clear()

    def piles(self) -> list[list[int]]:
        """The core's position, as a Position's piles."""
        return layout.read_position(self._get(self._check(self._run("core_get_position"))))

    def legal_moves(self, position: Position | Piles | None = None) -> list[Move]:
        """The legal moves, in the engine's order, of ``position`` if given (it
        is then set) or of the core's own position."""
        if position is not None:
            self.set_position(position)
        count = self._check(self._run("core_moves"))
        return layout.read_moves(self._get(3 * count))

    def play(self, move: Sequence[int]) -> Record:
        """Play a legal move in the core's position; the record is movegen's."""
        played = (move[0], move[1], move[2])
        result = self._run("core_play", *played)
        if result == -7:
            raise IllegalMoveError(f"{format_move(self.rules, played)} is not legal in this position")
        record = layout.read_record(played, self._get(self._check(result)))
        self._moves.append(played)
        return record

    def undo(self) -> Move:
        """Take back the last move played in the core; returns it."""
        self._check(self._run("core_undo"))
        return self._moves.pop()

    @property
    def depth(self) -> int:
        """How many moves the core has played since its position was set."""
        return self._run("core_depth")

    def solve(self, position: Position | Piles, max_nodes: int,
              first_moves: Sequence[Move] | None = None) -> SolveResult:
        """castling.solver's search, run by the core: the same verdict, node
        count and line as the Python search at the same budget (the tests
        compare them). ``first_moves``, if given, are the only moves tried
        from the position (each must be legal there). The line is the core's:
        :func:`castling.solver.solve` replays it in the engine before
        returning it. The core's move stack is emptied."""
        if self._searches_as != VERSION:
            raise RuntimeError("the core module searches as another version of the solver")
        if not 0 <= max_nodes <= MAX_BUDGET:
            raise BudgetRefused(f"a budget of {max_nodes} positions is not one the core takes")
        self.set_position(position)
        first = -1
        if first_moves is not None:
            first = len(first_moves)
            self._put(b"".join(layout.move_bytes(move) for move in first_moves))
        verdict = self._run("core_solve", max_nodes, first)
        if verdict == -10:
            raise BudgetRefused(f"castling core: {_ERRORS[verdict]} ({max_nodes} positions)")
        self._check(verdict)
        head = self._get(8)
        nodes, length = int.from_bytes(head[:4], "little"), int.from_bytes(head[4:], "little")
        moves = layout.read_moves(self._get(8 + 3 * length)[8:]) if length else []
        return SolveResult(_VERDICTS[verdict], moves, nodes, "core")
