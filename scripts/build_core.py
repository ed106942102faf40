#!/usr/bin/env python3
"""Compile the search core (py/castling/search/core/core.c) to one WebAssembly module:
python3 scripts/build_core.py [OUT]  (default: where build.py puts it in dist/).

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
SOURCE = ROOT / "py" / "castling" / "search" / "core" / "core.c"
#: The exports are named in core.c (export_name), so no list of them here.
FLAGS = ("-target", "wasm32-freestanding", "-nostdlib", "-ffreestanding", "-mbulk-memory",
         "-O2", "-std=c11", "-Wall", "-Wextra", "-Werror",
         "-Wl,--no-entry", "-Wl,--strip-all")


class MissingToolchain(Exception):
    """ziglang is not installed in the Python running the build."""


def toolchain_present(python: str = sys.executable) -> bool:
    """Whether ``python -m ziglang`` can run (the pinned compiler is installed)."""
    if python == sys.executable:
        return importlib.util.find_spec("ziglang") is not None
    return subprocess.run([python, "-c", "import ziglang"], capture_output=True).returncode == 0


def compile_core(out: Path, python: str = sys.executable) -> Path:
    """Write the module to ``out``; MissingToolchain if ziglang is absent."""
    if not toolchain_present(python):
        raise MissingToolchain(
            f"{python} has no ziglang; `make build` installs it into .venv "
            "(or: pip install -r requirements-build.txt)")
    out.parent.mkdir(parents=True, exist_ok=True)
    # Zig's caches in a directory of the build's own: nothing of another
    # build (or another version of zig) can leak into this one.
    with tempfile.TemporaryDirectory(prefix="castling-zig-") as cache:
        env = dict(os.environ, ZIG_GLOBAL_CACHE_DIR=cache, ZIG_LOCAL_CACHE_DIR=cache)
        done = subprocess.run([python, "-m", "ziglang", "cc", *FLAGS, "-o", str(out.resolve()),
                               SOURCE.name], cwd=SOURCE.parent, env=env,
                              capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"compiling the core failed:\n{done.stderr}")
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "py"))
    from castling.search.core.wasm import WASM_NAME
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist" / WASM_NAME
    try:
        compile_core(target)
    except MissingToolchain as missing:
        sys.exit(f"build_core.py: {missing}")
    print(f"build_core.py: wrote {target} ({target.stat().st_size} bytes)")
