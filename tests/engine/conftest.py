"""What the engine's tests share: the compiled core, built once a session."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from build_core import MissingToolchain, compile_core  # noqa: E402


@pytest.fixture(scope="session")
def wasm(tmp_path_factory):
    """The core compiled for this session, or a skip: without wasmtime or the
    pinned ziglang the core's tests skip on a developer's machine (saying
    why) but fail under CI (CI=true), where both are installed: a skipped
    mirror must not pass for a green one."""
    def missing(reason):
        if os.environ.get("CI") == "true":
            pytest.fail(f"the core must load under CI: {reason}")
        pytest.skip(f"no compiled core here: {reason} (make installs it into .venv)")
    try:
        import wasmtime  # noqa: F401
    except ImportError:
        missing("wasmtime is not installed")
    try:
        return compile_core(tmp_path_factory.mktemp("core") / "castling-core.wasm")
    except MissingToolchain as error:
        missing(str(error))


@pytest.fixture
def core_in_use(wasm, monkeypatch):
    """castling.search.solver.solve finds this session's core (and not CASTLING_SOLVER)."""
    monkeypatch.setenv("CASTLING_CORE_WASM", str(wasm))
    monkeypatch.delenv("CASTLING_SOLVER", raising=False)
