"""The app imported in short steps, so that a tap on the early table is
answered while Python imports (issue 59).

``import castling_web.app`` in one go is one task of 0.2 s at desktop speed
(some 120 modules, four times as long on a phone's CPU), and a tap that falls
in it waits for it to end. The build writes the order the modules come in,
dependencies first (``scripts/import_order.py``), beside this module; here they
are imported in that order, and the page gets the main thread back whenever a
step has taken ``STEP_MS``. A return visit restores an interpreter that has
imported them all already (``preload.py``): every step is then a look-up.

This module imports nothing of the app's, so that importing it is no step.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
import sys
import time
from pathlib import Path
from collections.abc import Iterator
from importlib.abc import Loader
from types import ModuleType

#: the order, written by the build beside this module
ORDER_FILE = Path(__file__).with_name("import_order.json")
#: the packages whose bodies run in steps of their own
OURS = ("castling", "castling_web")
#: the longest a step may run before the page gets the thread back (a long
#: task is 50 ms; a tap waits at most about this long behind a step)
STEP_MS = 15.0


def order(path: Path = ORDER_FILE) -> list[str]:
    """The modules to import, in order; none if the build wrote no order (the
    app is then imported in one go, as before)."""
    try:
        names = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [name for name in names if isinstance(name, str)]


async def import_app(names: list[str] | None = None, step_ms: float = STEP_MS) -> int:
    """Import ``names`` (the build's order), giving the page the thread back
    between steps of about ``step_ms``; how many times it was given back."""
    given_back = 0
    began = time.perf_counter()
    for _ in steps(order() if names is None else names):
        if (time.perf_counter() - began) * 1000 >= step_ms:
            await asyncio.sleep(0)       # a task of its own: the page's events run first
            given_back += 1
            began = time.perf_counter()
    return given_back


def steps(names: list[str]) -> Iterator[str]:
    """Import ``names`` one at a time, each name given once imported (a
    package's body run); then the bodies of any packages the list left out."""
    waiting: dict[str, tuple[ModuleType, Loader]] = {}
    for name in names:
        if name in waiting:
            _run_body(name, *waiting.pop(name))
        else:
            _set_up_packages(name, waiting)
            importlib.import_module(name)
        yield name
    for name, (package, loader) in waiting.items():
        _run_body(name, package, loader)


def _set_up_packages(name: str, waiting: dict[str, tuple[ModuleType, Loader]]) -> None:
    """Put the packages of ours above ``name`` that are not imported yet in
    ``sys.modules`` as they are before their bodies run (what an import does
    first), so that ``name`` imports without running them: ``castling``'s body
    imports the engine's whole face, a long step. Their bodies wait for the
    order to reach them."""
    parts = name.split(".")
    if parts[0] not in OURS:
        return
    for length in range(1, len(parts)):
        package = ".".join(parts[:length])
        if package not in sys.modules:
            spec = importlib.util.find_spec(package)
            if spec is None or spec.loader is None:
                return                   # (not found: the import itself will say so)
            module = importlib.util.module_from_spec(spec)
            sys.modules[package] = module
            waiting[package] = (module, spec.loader)


def _run_body(name: str, package: ModuleType, loader: Loader) -> None:
    """Run a package's body, set up before (the rest of its import)."""
    try:
        loader.exec_module(package)
    except BaseException:
        sys.modules.pop(name, None)
        raise
