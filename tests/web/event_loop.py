"""Coroutines run to their end from a plain test, in whatever process the test runs.

``asyncio.run`` refuses to start while an event loop is already running in the
thread: and when the browser tests (Playwright) run in the same process first,
one is. So each coroutine runs in a fresh thread, in a fresh loop of its own, and
the test waits for its result (or its exception)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_to_end(coroutine: Coroutine[Any, Any, T]) -> T:
    """What ``coroutine`` returns, run to its end in a new loop on a new thread."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
