"""The solver's worker, seen from the game screen.

The worker (web/solver_worker.py, a PyScript named worker) boots its own
Python after the board is playable, then answers castling.app.advice requests one
at a time.  Everything here is asynchronous: the board never waits for it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

WORKER_NAME = "solver"
#: The compiled search core, beside index.html (build.py: castling.search.core.wasm.WASM_NAME).
CORE_FILE = "castling-core.wasm"
#: A start of the worker that has not come up in this long (seconds) has failed:
#: a load cut short leaves PyScript waiting for it for ever. (A slow phone
#: boots the worker in some ten seconds.)
START_SECONDS = 60.0
#: The pauses (seconds) before each new start after a failed one; then none.
RETRY_PAUSES = (2.0, 5.0, 15.0)


class Advisor:
    """Starts the worker and sends it questions; knows whether it is free."""

    def __init__(self) -> None:
        self.worker: Any = None     # the worker (a JavaScript object), once up
        self.pending = 0          # questions sent and not yet answered
        self._booting: asyncio.Future[None] | None = None
        #: False once every start has failed: the page has no solver
        self.available = True
        #: "core" once the worker searches with the compiled core, else why not
        self.search = "python"
        self.answered = False     # whether any answer came yet (for the start-up's marks)
        self._when_free: list[Callable[[], None]] = []

    @property
    def ready(self) -> bool:
        return self.worker is not None

    @property
    def busy(self) -> bool:
        return self.pending > 0

    def when_free(self, callback: Callable[[], None]) -> None:
        """Have ``callback`` called each time the last question out is answered
        (soon after: the asker's own code after its answer runs first). A view
        that found the worker busy asks then, or its question would wait for
        a move of the player's that may never come."""
        self._when_free.append(callback)

    async def start(self) -> bool:
        """Boot the worker (once, however often asked); whether it came up."""
        if self._booting is None:
            self._booting = asyncio.ensure_future(self._boot())
        await self._booting
        return self.ready

    async def _boot(self) -> None:
        """Start the worker; a start that fails is tried again after a pause (a
        load cut short by a navigation, a file that did not arrive whole), until
        RETRY_PAUSES run out: then the page has no solver (``available``)."""
        for attempt, pause in enumerate((0.0, *RETRY_PAUSES)):
            if pause:
                await asyncio.sleep(pause)
            # Each start its own name: PyScript keeps a name's worker, failed or not.
            name = WORKER_NAME if attempt == 0 else f"{WORKER_NAME}-{attempt + 1}"
            worker = await self._start_one(name)
            if worker is not None:
                self.worker = worker      # ready: its first answer is the core's where it loaded
                _mark("castling:solver-ready")
                _say("ready")
                return
        self.available = False
        _say("none")
        logging.getLogger(__name__).warning("Castling: the solver's worker did not start; "
                                            "hints are the simple ones")

    async def _start_one(self, name: str) -> Any:
        """One start of the worker, searching with the compiled core where it
        loads: the worker, or None if the start failed (and is ended)."""
        # Imported here, not at the top: PyScript's module exists only in the page,
        # and this module is also imported into a memory snapshot made elsewhere.
        import js
        from pyscript import create_named_worker
        try:
            worker = await asyncio.wait_for(create_named_worker(
                src="./solver_worker.py", name=name, config="./pyscript.json"), START_SECONDS)
            # Its first call: a worker whose script failed comes up without it.
            search = await worker.load_core(js.URL.new(CORE_FILE, js.document.baseURI).href)
        except Exception:
            logging.getLogger(__name__).warning("the solver's worker did not start (%s)", name,
                                                exc_info=True)
            _drop(name)
            return None
        self.search = str(search)
        if self.search != "core":
            # (A warning: a damaged or refused file a developer should see; the
            # worker's load_core says why. The player only waits longer for the
            # same answers.)
            logging.getLogger(__name__).warning("Castling: %s; the solver searches in Python",
                                                self.search)
        return worker

    def ask(self, request: dict[str, Any]) -> Awaitable[dict[str, Any] | None]:
        """The worker's answer to one request, or None when it could not answer.
        The request leaves at once, so that the worker searches while the caller
        goes on; the answer is the awaitable's (await it: it counts as pending
        until then)."""
        if not self.ready:
            return _no_answer()
        self.pending += 1
        try:
            sent = self.worker.ask(json.dumps(request))
        except Exception:
            self.pending -= 1
            _failed()
            return _no_answer()
        return self._answer(sent)

    async def _answer(self, sent: Any) -> dict[str, Any] | None:
        try:
            answer = json.loads(str(await sent))
        except Exception:
            _failed()
            return None
        finally:
            self.pending -= 1
            if not self.pending:
                loop = asyncio.get_running_loop()
                for callback in self._when_free:
                    loop.call_soon(callback)
        if not self.answered:
            self.answered = True
            _mark("castling:solver-answered")
        return None if "error" in answer else answer


async def _no_answer() -> None:
    return None


def _failed() -> None:
    """A question the worker did not answer: the hint falls back to the
    baseline one; say why somewhere."""
    logging.getLogger(__name__).warning("the solver's worker failed to answer", exc_info=True)


def _drop(name: str) -> None:
    """End a failed start: its worker stopped, its script element gone."""
    import js
    for script in js.document.querySelectorAll("script[worker][name]"):
        if script.getAttribute("name") == name:
            xworker = getattr(script, "xworker", None)
            if xworker is not None:
                xworker.terminate()
            script.remove()


def _say(state: str) -> None:
    """<html data-solver="ready|none">: the worker is up, or will not be. The
    page's snapshot maker waits for it (web/interpreter.mjs): both boot Python."""
    import js
    js.document.documentElement.setAttribute("data-solver", state)


def _mark(name: str) -> None:
    """A point of the start-up on the page's timeline (benchmarks read them:
    when the solver came up, when its first answer came)."""
    import js
    js.performance.mark(name)
