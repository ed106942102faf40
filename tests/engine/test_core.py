"""The compiled core mirrors the engine: the byte tables it reads, and its
legal moves, play and undo along random play of every game.

The core runs here through wasmtime, compiled once for the session by the
pinned ziglang (the ``wasm`` fixture, conftest.py): without either, these
tests skip on a developer's machine but fail under CI.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from castling import GAMES, Position, parse_move
from castling.search.core import core_for
from castling.search.core import tables as layout
from castling.errors import IllegalMoveError
from castling.movegen import tables_for

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from build_core import compile_core  # noqa: E402

from search_helpers import plays_as_the_engine  # noqa: E402

#: Deals per game along the playouts (search_helpers.playout).
DEALS = (1, 2, 3, 4, 5, 6)


# -- the tables -------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_game_exports_a_table_of_this_format(game):
    tables = tables_for(GAMES[game])
    table = layout.rules_table(tables)
    header = layout.read_header(table)
    assert header["format"] == layout.FORMAT and header["header_size"] == layout.HEADER_SIZE
    assert header["size"] == len(table) == layout.HEADER_SIZE + sum(
        size for _, size in layout.section_sizes(header))
    assert (header["piles"], header["tableau"], header["foundations"]) == (
        tables.n_piles, tables.n_tableau, len(tables.foundations))
    # The same rules, the same bytes.
    assert layout.rules_table(tables_for(GAMES[game])) == table


def test_the_flags_say_each_rule_switch():
    flags = {game: layout.read_header(layout.rules_table(tables_for(rules)))["flags"]
             for game, rules in GAMES.items()}
    assert flags["rittenhouse"] & layout.FLAG_FORCED_FOUNDING and flags["rittenhouse"] & layout.FLAG_FEEDS
    assert flags["chequers"] & layout.FLAG_REFILLS
    assert flags["castles-end"] & layout.FLAG_FOUND_FIRST and flags["castles-end"] & layout.FLAG_CHOSEN_BASE
    assert flags["lasker"] & layout.FLAG_ONE_WAY_RUNS
    assert flags["zerline"] & layout.FLAG_CELLS_TAKE_TABLEAU_ONLY
    assert flags["fortress"] == layout.FLAG_TAKE_BACK
    assert not flags["beleaguered-castle"] & layout.FLAG_TAKE_BACK


@pytest.mark.parametrize("game", ["fortress", "soother", "chequers"])
def test_positions_moves_and_records_round_trip(game):
    position = Position.deal(GAMES[game], 7)
    assert layout.read_position(layout.position_bytes(position.piles)) == position.piles
    moves = position.legal_moves()
    assert layout.read_moves(b"".join(map(layout.move_bytes, moves))) == moves
    record = position.play(moves[0])
    assert layout.read_record(moves[0], layout.record_bytes(record)) == record
    record = (moves[0], 1 | 4, ((0, 12), (3, 13)))
    assert layout.read_record(moves[0], layout.record_bytes(record)) == record


# -- the core ---------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_core_moves_plays_and_undoes_as_the_engine(game, wasm):
    rules = GAMES[game]
    core = core_for(rules, wasm)
    for deal in DEALS:
        core.set_position(Position.deal(rules, deal))
        plays_as_the_engine(core, rules, deal)


WINS = json.loads((ROOT / "tests" / "fixtures" / "wins.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", sorted(WINS))
def test_the_core_plays_a_won_game_to_the_end_and_back(game, wasm):
    # Random play seldom fills a foundation; a winning line fills them all.
    rules, win = GAMES[game], WINS[game]
    position = Position.deal(rules, win["deal"])
    core = core_for(rules, wasm)
    core.set_position(position)
    seen = []
    for text in win["moves"]:
        assert core.legal_moves() == position.legal_moves(), text
        move = parse_move(rules, text)
        seen.append(position.copy())
        assert core.play(move) == position.play(move), text
    assert position.is_won() and core.piles() == position.piles
    assert core.legal_moves() == position.legal_moves()
    while seen:
        core.undo()
        assert core.piles() == seen.pop().piles


def test_the_core_refuses_what_the_engine_refuses(wasm):
    rules = GAMES["fortress"]
    core = core_for(rules, wasm)
    core.set_position(Position.deal(rules, 1))
    with pytest.raises(IllegalMoveError):
        core.play((0, 0, 1))
    with pytest.raises(RuntimeError, match="nothing to undo"):
        core.undo()
    with pytest.raises(RuntimeError, match="position that does not fit"):
        core.set_position(Position.deal(GAMES["martha"], 1))


def test_the_core_refuses_another_format(wasm):
    core = core_for(GAMES["fortress"], wasm)
    table = layout.rules_table(core.tables)
    newer = bytearray(table)
    newer[4] += 1
    load = lambda data: core._run("core_load_rules", *core._put(bytes(data)))  # noqa: E731
    assert (load(newer), load(table[:40]), load(b"XSTL" + table[4:])) == (-2, -3, -1)
    assert load(table) == 0


def test_the_module_imports_nothing_and_exports_the_core(wasm):
    import wasmtime
    module = wasmtime.Module.from_file(wasmtime.Engine(), str(wasm))
    assert list(module.imports) == []      # no C library, no compiler runtime, no host calls
    assert {"memory", "core_load_rules", "core_moves", "core_play", "core_undo",
            # the player's side of a move (tap.c), for the page's early table
            "core_tap", "core_targets", "core_pickable", "core_safe_home", "core_homeward",
            "core_is_won"} <= {export.name for export in module.exports}


def test_the_build_is_byte_identical(wasm, tmp_path):
    assert compile_core(tmp_path / "again.wasm").read_bytes() == wasm.read_bytes()


def test_the_engine_imports_the_core_without_wasmtime():
    # wasmtime made unimportable: the package still imports, and says "no core".
    script = ("import sys; sys.modules['wasmtime'] = None\n"
              "from castling import GAMES\nfrom castling.search.core import core_for\n"
              "print(core_for(GAMES['fortress']))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT / "py")))
    assert done.stdout.strip() == "None", done.stderr


def test_the_core_copies_no_shared_constant_by_hand():
    # The constants the core shares with Python come from their Python definitions,
    # written at each build into the header core.h includes (scripts/build_core.py):
    # no C file defines any of them, so none can drift from Python's.
    import re

    import build_core
    header = build_core.shared_header()
    shared = re.findall(r"^#define (\w+) ", header, re.MULTILINE)
    source = "".join(path.read_text(encoding="utf-8")
                     for path in sorted(build_core.SOURCE.parent.glob("*.[ch]")))
    assert f'#include "{build_core.SHARED_HEADER}"' in source
    assert not [name for name in shared if re.search(rf"^#define {name}\b", source, re.MULTILINE)]
    # and they are the Python side's values, the search's weights and version among them
    from castling.search import plan
    from castling.search.core import codes
    assert f"#define SOLVER_VERSION {plan.VERSION}\n" in header
    assert f"#define HOME {plan.HOME}\n" in header
    assert f"#define FORMAT {layout.FORMAT}\n" in header
    # the codes the exports return, every one (19 or more), both ways from codes.py
    assert len(codes.defines()) >= 19
    assert all(f"#define {name} {value}\n" in header for name, value in codes.defines().items())
    assert set(codes.ERRORS) == {value for name, value in codes.defines().items()
                                 if name.startswith("E_")}


def test_the_host_reads_the_codes_by_name():
    # wasm.py compares what an export returns with codes.py's names, never a number
    import re
    host = (ROOT / "py" / "castling" / "search" / "core" / "wasm.py").read_text(encoding="utf-8")
    assert not re.findall(r"(?:==|!=) *-\d|\bin \(\d|\{-\d+:|\b_ERRORS\b", host)
