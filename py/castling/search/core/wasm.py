"""The core as the solver uses it: one game's rules loaded into an instance of
the compiled module, a position set in it, moves listed, played and undone,
and searches run, all by the compiled code; and the player's side of a move
(where a tap sends a card, where dragged cards may go, what auto-play sends
home: core/tap.c, which the page's early table asks before Python is up)
answered by it as castling.app.table and castling.hint answer it.

Where the module comes from: inside Pyodide (the browser's solver worker) the
worker fetches and compiles it with the browser's ``WebAssembly``
(:mod:`.js_module`) and hands it over with :func:`use_module`; in CPython it is
the file at ``$CASTLING_CORE_WASM``, else where ``build.py`` writes it
(``dist/castling-core.wasm`` beside this checkout's ``py/``), run by
``wasmtime`` where that is installed (:mod:`.wasmtime_module`). Where there is
neither, :func:`core_for` and :func:`shared_core` return None and callers use
the Python engine, which is the reference anyway.
"""

from __future__ import annotations

import atexit
import os
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Hashable, Protocol

from ...errors import DealNumberError, IllegalMoveError
from ...movegen import Move, MoveTables, Piles, Record, tables_for
from ...notation import format_move
from ...position import Position
from ..common import SolveResult
from ...rules import GameRules
from ..plan import MOST_NODES, VERSION, stage_deadlines
from . import codes
from . import tables as layout
from .codes import TapKind
from . import wasmtime_module

#: The file build.py writes the module to, inside dist/.
WASM_NAME = "castling-core.wasm"
#: The largest budget core_solve takes (an i32); its arena may refuse less
#: (BudgetRefused): it never holds more than 2 GiB. Under a memory cap it
#: refuses nothing, but searches as many positions as fit below the cap.
MAX_BUDGET = MOST_NODES
#: The memory grows by pages of 64 KiB (WebAssembly's).
PAGE = 1 << 16
#: The most memory the core ever takes (the C's ARENA_LIMIT, static data included).
ARENA_LIMIT = 1 << 31
#: Positions a time-budgeted search counts between two looks at the clock
#: (some 3 ms of the core's search).
SLICE = 4096


class HeldCards(Protocol):
    """Cards in hand as :meth:`Core.tap_choice` takes them: ``count`` from the
    top of pile ``source`` (castling.app.table.choice.Held is one; the engine
    does not import the app model)."""

    @property
    def source(self) -> int: ...
    @property
    def count(self) -> int: ...


@dataclass(frozen=True)
class TapChoice:
    """What core_tap answers: castling.app.table.choice.Choice's fields, in its
    order (kind, moves, source, count, places), as the engine may hold them
    without the app model's class."""
    kind: TapKind
    moves: tuple[Move, ...]
    source: int | None
    count: int
    places: tuple[int, ...]


class Instance(Protocol):
    """What the Core needs of an instance of the module, whoever runs it."""

    def call(self, name: str, *args: int) -> int: ...
    def write(self, at: int, data: bytes) -> None: ...
    def read(self, at: int, size: int) -> bytes: ...
    def memory_size(self) -> int: ...


class Module(Protocol):
    """A compiled module (hashable: cores are kept per module and game)."""

    def instantiate(self) -> Instance: ...
    def __hash__(self) -> int: ...


def default_wasm() -> Path:
    """Where the module file is looked for when no path is given."""
    named = os.environ.get("CASTLING_CORE_WASM")
    if named:
        return Path(named)
    return _built()


@lru_cache(maxsize=1)
def _built() -> Path:
    # (Once: resolving the path takes longer than a small search in the core.)
    return Path(__file__).resolve().parents[4] / "dist" / WASM_NAME


class BudgetRefused(RuntimeError):
    """A budget larger than the core's memory can hold (the Python search has no such bound)."""


#: A module handed over by use_module (the browser's worker), if any.
_given: list[Module] = []


def use_module(module: Module | None) -> None:
    """Search with ``module`` from now on, wherever a core is asked for without
    a path (the browser's worker compiles its own); None: back to the file."""
    _given[:] = [] if module is None else [module]
    _shared.cache_clear()
    _shared_given.cache_clear()


@lru_cache(maxsize=4)
def _compiled(path: Path, stamp: float) -> Module:
    """The file compiled once per path (and version of it: ``stamp``)."""
    return wasmtime_module.WasmtimeModule(path)


# Let go of the modules before the interpreter's last moments, when wasmtime's
# own finalizers can no longer run (they print a traceback at exit).
atexit.register(_compiled.cache_clear)


def core_for(rules: GameRules, wasm: Path | None = None) -> Core | None:
    """A core with ``rules`` loaded, or None where there is no module (none
    handed over, no file, or no wasmtime to run the file)."""
    if wasm is None and _given:
        return Core(rules, _given[0])
    path = default_wasm() if wasm is None else Path(wasm)
    if not wasmtime_module.available() or not path.is_file():
        return None
    return Core(rules, _compiled(path.resolve(), path.stat().st_mtime))


@lru_cache(maxsize=4)
def _shared(rules: GameRules, source: Hashable) -> Core | None:
    return core_for(rules, source[0] if isinstance(source, tuple) else None)


# The browser's worker keeps one instance, of the game on the table: each may
# have grown to the searches' memory cap, and a phone has room for one.
@lru_cache(maxsize=1)
def _shared_given(rules: GameRules, module: Module) -> Core:
    return Core(rules, module)


def shared_core(rules: GameRules) -> Core | None:
    """One core per game (the last few asked for), kept for castling.search.solver,
    which asks for one every search: an instance's memory, grown to the
    largest budget it has searched, is kept with it. (The browser's worker
    keeps one: of the game last asked for.)"""
    if _given:
        return _shared_given(rules, _given[0])
    path = default_wasm()
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return None
    return _shared(rules, (path, stamp))     # (core_for resolves it, once)


atexit.register(_shared.cache_clear)
atexit.register(_shared_given.cache_clear)

#: Every Core alive (for memory_in_use).
_alive: weakref.WeakSet[Core] = weakref.WeakSet()


def memory_in_use() -> int:
    """Bytes of memory the live cores' instances hold, for the benchmarks: an
    instance's memory grows to its largest search and stays."""
    return sum(core.memory_size for core in list(_alive))


class Core:
    """One instance of the module with one game's rules loaded: a position set
    in it (or dealt by number), its legal moves listed, moves played and taken
    back, all done by the compiled code (a move stack of its own, as the search
    will use it)."""

    def __init__(self, rules: GameRules, module: Module) -> None:
        self.rules = rules
        self.tables: MoveTables = tables_for(rules)
        self._module = module
        self._moves: list[Move] = []
        self._instantiate()

    def _instantiate(self) -> None:
        """A fresh instance of the module (its memory as small as it starts),
        with the rules loaded."""
        self._instance = self._module.instantiate()
        if self._run("core_format") != layout.FORMAT:
            raise RuntimeError("the core module reads another format of rules table")
        self._io = self._run("core_io")
        self._searches_as = self._run("core_solver_version")
        self._moves.clear()
        self._check(self._run("core_load_rules", *self._put(layout.rules_table(self.tables))))
        _alive.add(self)

    @property
    def memory_size(self) -> int:
        """The instance's memory in bytes (static data and the search's arena):
        it grows to what the largest budget searched needed, and never shrinks."""
        return self._instance.memory_size()

    def _run(self, name: str, *args: int) -> int:
        return self._instance.call(name, *args)

    def _put(self, data: bytes) -> tuple[int]:
        self._instance.write(self._io, data)
        return (len(data),)

    def _get(self, size: int) -> bytes:
        return self._instance.read(self._io, size)

    @staticmethod
    def _check(result: int) -> int:
        if result < 0:
            raise RuntimeError(f"castling core: {codes.ERRORS.get(result, result)}")
        return result

    def set_position(self, position: Position | Piles) -> None:
        """Put a position in the core (its move stack starts empty)."""
        piles = position.piles if isinstance(position, Position) else position
        self._check(self._run("core_set_position", *self._put(layout.position_bytes(piles))))
        self._moves.clear()

    def deal(self, number: int) -> list[list[int]]:
        """Deal game ``number`` in the core, as :func:`castling.deal.deal_piles`
        does (the tests compare them), and return its piles: the dealt
        position is then the core's, its move stack empty. A number that is
        not one from 1 to 10^20 - 1 is refused, :class:`DealNumberError` as
        deal_piles raises it, and the core's position is left as it was."""
        text = str(number).encode("ascii")
        # (Anything longer is no deal number, and must not run past the core's io.)
        result = self._run("core_deal", *self._put(text)) if len(text) <= 32 else codes.E_NUMBER
        if result == codes.E_NUMBER:
            raise DealNumberError(f"deal number {text[:24].decode()!r} is not a whole number "
                                  "from 1 to 10^20 - 1")
        self._check(result)
        self._moves.clear()
        return self.piles()

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

    # -- the player's side of a move (tap.c), of the core's position: what the
    # page's early table asks before Python is up, held equal to the Python it
    # mirrors by tests/engine/test_core_tap.py

    def tap_choice(self, pile: int, held: HeldCards | None = None, *, count: int | None,
                   tried: Sequence[int] = ()) -> TapChoice:
        """castling.app.table.tap.tap_choice, by the core (core_tap): a tap on
        pile ``pile``, on the card ``count`` from its top (None: a face-down
        card, or none), with ``held`` in hand, ``tried`` the piles of this run
        of taps. Equal, field by field, to the Choice tap_choice returns."""
        # (A pile no place can be changes nothing, nor does a second mention.)
        piles = [n for n in dict.fromkeys(tried) if 0 <= n < layout.MAX_PILES]
        self._instance.write(self._io, bytes([len(piles), *piles]))
        size = self._check(self._run("core_tap", pile, count or 0,
                                     held.source if held else -1, held.count if held else 0))
        data = self._get(size)
        kind = codes.TAP_KINDS[data[0]]
        source = None if data[1] == 255 else data[1]
        if kind == "play":
            return TapChoice(kind, tuple(layout.read_moves(data[4:])), source, data[2], ())
        return TapChoice(kind, (), source, data[2], tuple(data[4:]))

    def targets(self, source: int, count: int) -> dict[int, list[Move]]:
        """castling.app.table.board.targets, by the core."""
        data = self._get(self._check(self._run("core_targets", source, count)))
        found: dict[int, list[Move]] = {}
        at = 1
        for _ in range(data[0]):
            target, moves = data[at], data[at + 1]
            found[target] = layout.read_moves(data[at + 2:at + 2 + 3 * moves])
            at += 2 + 3 * moves
        return found

    def pickable_counts(self, source: int) -> set[int]:
        """castling.app.table.board.pickable_counts, by the core."""
        data = self._get(self._check(self._run("core_pickable", source)))
        return set(data[1:1 + data[0]])

    def safe_foundation_moves(self) -> list[Move]:
        """castling.hint.safe_foundation_moves, by the core."""
        return layout.read_moves(self._get(3 * self._check(self._run("core_safe_home"))))

    def homeward_moves(self) -> list[Move]:
        """castling.hint.homeward_moves, by the core."""
        return layout.read_moves(self._get(3 * self._check(self._run("core_homeward"))))

    def is_won(self) -> bool:
        """MoveTables.is_won, by the core."""
        return self._check(self._run("core_is_won")) == 1

    def play(self, move: Sequence[int]) -> Record:
        """Play a legal move in the core's position; the record is movegen's."""
        played = (move[0], move[1], move[2])
        result = self._run("core_play", *played)
        if result == codes.E_ILLEGAL:
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
              first_moves: Sequence[Move] | None = None, *,
              seconds: float | None = None, memory: int | None = None,
              beam: int = 0, carry: bool = False, scan: int = 0,
              shuffled: bool = False) -> SolveResult:
        """castling.search.solver's search, run by the core: with ``beam`` 0 and
        ``carry`` False, the same verdict, node count and line as the Python
        search at the same budget (the tests compare them); with ``beam`` n
        (2 or more), the second stage ends at (n - 1)/n of the budget and
        time and the core's third stage, a beam that only ever finds wins,
        has the last 1/n of them (castling.search.plan.stages_for and beam_share
        say when and how much); with ``carry``, the second stage carries on
        from the first's positions (castling.search.plan.carries_on: search_solve.c's
        carry_on says how a loss is still a whole search); with ``scan`` n (2
        or more), a depth-first scan has 1/n of the budget and time after the
        second stage, which ends that much sooner, and before the beam
        (castling.search.plan.scan_share; search_solve.c describes it); with
        ``shuffled`` too, the shuffled scan follows it with as much, the
        second stage ending that much sooner again (castling.search.plan.scans_shuffled).
        ``first_moves``, if given, are the only moves tried from the position
        (each must be legal there). ``seconds``: the first stage ends a
        quarter of the way through them, the second at the end, or where the
        third's share begins (as :func:`castling.search.plan.stage_deadlines` shares
        them). ``memory``: the instance's memory stays within that many bytes
        (a fresh instance if this one's has grown past them), and the first
        two stages' budget is cut to the positions its arena holds there (the
        beam, which keeps only its levels, counts up to ``max_nodes``). The
        line is the core's: :func:`castling.search.solver.solve` replays it in the
        engine before returning it. The core's position is then
        ``position``, its move stack empty."""
        if self._searches_as != VERSION:
            raise RuntimeError("the core module searches as another version of the solver")
        if not 0 <= max_nodes <= MAX_BUDGET:
            raise BudgetRefused(f"a budget of {max_nodes} positions is not one the core takes")
        pages = 0
        if memory is None and seconds is not None:
            # A time budget with no memory cap: the core's own (ARENA_LIMIT),
            # so that a budget of positions larger than it holds is cut to what
            # it holds rather than refused, as the Python search, a tenth as
            # quick, searches fewer positions in the same time.
            pages = ARENA_LIMIT // PAGE
        elif memory is not None:
            pages = memory // PAGE
            if not pages:
                raise BudgetRefused(f"a memory cap of {memory} bytes is less than a page")
            if self.memory_size > memory:
                self._instantiate()     # (its memory cannot shrink: another one's can start small)
        piles = position.piles if isinstance(position, Position) else position
        data = layout.position_bytes(piles)
        first = -1
        if first_moves is not None:
            first = len(first_moves)
            data += b"".join(layout.move_bytes(move) for move in first_moves)
        self._instance.write(self._io, data)
        self._moves.clear()
        size = len(data) - 3 * max(first, 0)
        shuffled = shuffled and bool(scan)
        deadlines = stage_deadlines(seconds, beam, scan, shuffled)
        # (Each stage's, by what core_solve_step returns while it runs.)
        ends = None if deadlines is None else dict(zip(
            [codes.RUNNING_FIRST, codes.RUNNING_SECOND] + [codes.RUNNING_SCAN] * bool(scan)
            + [codes.RUNNING_SHUFFLED] * shuffled + [codes.RUNNING_THIRD] * bool(beam),
            deadlines))
        if ends is None and not pages:
            verdict = self._run("core_solve", size, max_nodes, first, beam, int(carry), scan,
                                int(shuffled))
        else:
            verdict = self._run("core_solve_start", size, max_nodes, first, pages, beam,
                                int(carry), scan, int(shuffled))
            if verdict >= 0:
                verdict = self._run("core_solve_step", SLICE if ends else MAX_BUDGET)
            while verdict in codes.RUNNING:
                if ends is not None and time.monotonic() >= ends[verdict]:
                    verdict = self._run("core_solve_stop")
                else:
                    verdict = self._run("core_solve_step", SLICE if ends else MAX_BUDGET)
        if verdict == codes.E_BUDGET:
            raise BudgetRefused(f"castling core: {codes.ERRORS[verdict]} ({max_nodes} positions)")
        return self.answer(verdict)

    def answer(self, verdict: int) -> SolveResult:
        """A decided search's answer, as core_solve_step left it in io: the
        verdict it returned, the positions counted and the winning line."""
        self._check(verdict)
        head = self._get(8)
        nodes, length = int.from_bytes(head[:4], "little"), int.from_bytes(head[4:], "little")
        moves = layout.read_moves(self._get(8 + 3 * length)[8:]) if length else []
        return SolveResult(codes.VERDICTS[verdict], moves, nodes, "core")
