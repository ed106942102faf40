#!/usr/bin/env python3
"""Compile the search core (py/castling/search/core/*.c) to one WebAssembly module:
python3 scripts/build_core.py [OUT]  (default: where build.py puts it in dist/);
or, with --native OUT, to a shared library for this machine (the same units and
warnings; the tests load it with ctypes: the C holds without WebAssembly too).

The compiler is the pinned ``ziglang`` (requirements-build.txt), run as
``python -m ziglang cc`` by this Python, so a machine needs nothing beyond
what ``make`` puts in .venv. The flags are fixed and the output carries no
path or time (no debug information, names stripped), so the same source gives
the same bytes on every machine: tests/engine/test_core.py rebuilds and compares.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The core's directory: every .c file in it is one translation unit of the module.
SOURCES = ROOT / "py" / "castling" / "search" / "core"
#: The unit that holds the module's description and the host's I/O buffer.
SOURCE = SOURCES / "core.c"
#: The exports are named in the sources (export_name), so no list of them here.
#: -flto: the units are optimised together at the link, so functions still
#: inline across them as when the core was one unit (without it the search ran
#: 6-12% slower). The warnings hold each unit to its headers: a function or
#: variable shared without a declaration in a header stops the build.
FLAGS = ("-target", "wasm32-freestanding", "-nostdlib", "-ffreestanding", "-mbulk-memory",
         "-O2", "-flto", "-std=c11", "-Wall", "-Wextra", "-Werror",
         "-Wmissing-prototypes", "-Wmissing-variable-declarations", "-Wstrict-prototypes",
         "-Wl,--no-entry", "-Wl,--strip-all")
#: The native build's: the same units, optimisation and warnings, for this machine.
NATIVE_FLAGS = ("-shared", "-fPIC", "-O2", "-flto", "-std=c11", "-Wall", "-Wextra", "-Werror",
                "-Wmissing-prototypes", "-Wmissing-variable-declarations", "-Wstrict-prototypes")


#: The header core.h includes for every constant the core shares with the Python side,
#: written from the Python definitions at each build: nothing is copied by hand.
SHARED_HEADER = "core_shared.h"


def shared_header() -> str:
    """The #defines the core shares with Python, each from its Python definition:
    the rules tables' format and bits (core/tables.py), the cards, the pile kinds,
    movegen's record bits, the search's version, budget shares and score weights
    (plan.py), the memory the core may use (core/wasm.py), and the codes the
    exports return (core/codes.py)."""
    from castling import cards, deal, movegen, rules
    from castling.search import plan
    from castling.search.core import codes, tables, wasm

    values: dict[str, int | str] = {
        "FORMAT": tables.FORMAT, "HEADER_SIZE": tables.HEADER_SIZE, "NONE": tables.NONE,
        "MAX_PILES": tables.MAX_PILES, "MAX_FOUND": tables.MAX_FOUNDATIONS,
        "MAX_CELLS": tables.MAX_CELLS, "MAX_DECKS": tables.MAX_DECKS,
        "PILE_CAP": tables.PILE_CAPACITY,
        "NCARDS": cards.CARDS_PER_DECK, "FACE_DOWN": cards.FACE_DOWN,
        "KIND_T": rules.PILE_KINDS.index("t"), "KIND_F": rules.PILE_KINDS.index("f"),
        **{name: getattr(tables, name) for name in dir(tables)
           if name.startswith(("FLAG_", "DEAL_")) and isinstance(getattr(tables, name), int)},
        **{"RESERVE_" + plan_name.upper().replace("-", "_"): index
           for index, plan_name in enumerate(tables.RESERVE_PLANS)},
        **{name: getattr(movegen, name) for name in
           ("FLIPPED_SOURCE", "REFILLED_SOURCE", "FLIPPED_RESERVE", "TURNED_OVER")},
        "SOLVER_VERSION": plan.VERSION, "FIRST_STAGE": plan.FIRST_STAGE,
        "SCAN_DEEPER": plan.SCAN_DEEPER, "SCAN_DEPTH": plan.SCAN_DEPTH,
        "SHUFFLED_BITS": plan.SHUFFLED_BITS,
        **{name: getattr(plan, name) for name in ("HOME", "SPACE", "BURIED", "DISORDER", "MOVE_COST")},
        "ARENA_LIMIT": f"((u64){wasm.ARENA_LIMIT})",
        "LCG_LIMIT": deal.LCG_LIMIT, "MAX_DIGITS": len(str(deal.MAX_DEAL - 1)),
        **codes.defines(),
    }
    lines = ["/* The constants the core shares with the Python side, written by",
             "   scripts/build_core.py from their Python definitions at each build. */"]
    lines += [f"#define {name} {value}" for name, value in sorted(values.items())]
    return "\n".join(lines) + "\n"


def units() -> list[str]:
    """The core's translation units, in a fixed order (the bytes depend on it)."""
    return sorted(path.name for path in SOURCES.glob("*.c"))


class MissingToolchain(Exception):
    """ziglang is not installed in the Python running the build."""


def toolchain_present(python: str = sys.executable) -> bool:
    """Whether ``python -m ziglang`` can run (the pinned compiler is installed)."""
    if python == sys.executable:
        return importlib.util.find_spec("ziglang") is not None
    return subprocess.run([python, "-c", "import ziglang"], capture_output=True).returncode == 0


def compile_core(out: Path, python: str = sys.executable, native: bool = False) -> Path:
    """Write the module to ``out`` (``native``: a shared library for this machine
    instead); MissingToolchain if ziglang is absent."""
    if not toolchain_present(python):
        raise MissingToolchain(
            f"{python} has no ziglang; `make build` installs it into .venv "
            "(or: pip install -r requirements-build.txt)")
    out.parent.mkdir(parents=True, exist_ok=True)
    # Zig's caches in a directory of the build's own: nothing of another
    # build (or another version of zig) can leak into this one.
    with tempfile.TemporaryDirectory(prefix="castling-zig-") as cache:
        env = dict(os.environ, ZIG_GLOBAL_CACHE_DIR=cache, ZIG_LOCAL_CACHE_DIR=cache)
        shared = Path(cache) / "shared"
        shared.mkdir()
        (shared / SHARED_HEADER).write_text(shared_header(), encoding="utf-8")
        flags = NATIVE_FLAGS if native else FLAGS
        done = subprocess.run([python, "-m", "ziglang", "cc", *flags, "-I", str(shared),
                               "-o", str(out.resolve()), *units()], cwd=SOURCES, env=env,
                              capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"compiling the core failed:\n{done.stderr}")
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "py"))
    from castling.search.core.wasm import WASM_NAME  # noqa: E402
    arguments = sys.argv[1:]
    native = arguments[:1] == ["--native"]
    if native and len(arguments) != 2:
        sys.exit("usage: build_core.py [OUT] | --native OUT")
    target = Path(arguments[-1]) if arguments else ROOT / "dist" / WASM_NAME
    try:
        compile_core(target, native=native)
    except MissingToolchain as missing:
        sys.exit(f"build_core.py: {missing}")
    print(f"build_core.py: wrote {target} ({target.stat().st_size} bytes)")
