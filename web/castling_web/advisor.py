"""The solver's worker, seen from the game screen.

The worker (web/solver_worker.py, a PyScript named worker) boots its own
Python after the board is playable, then answers castling.player.advice requests one
at a time.  Everything here is asynchronous: the board never waits for it.
"""

from __future__ import annotations

import asyncio
import json
import logging

WORKER_NAME = "solver"
#: The compiled search core, beside index.html (build.py: castling.core.wasm.WASM_NAME).
CORE_FILE = "castling-core.wasm"


class Advisor:
    """Starts the worker and sends it questions; knows whether it is free."""

    def __init__(self) -> None:
        self.worker = None
        self.pending = 0          # questions sent and not yet answered
        self._booting = None
        #: "core" once the worker searches with the compiled core, else why not
        self.search = "python"

    @property
    def ready(self) -> bool:
        return self.worker is not None

    @property
    def busy(self) -> bool:
        return self.pending > 0

    async def start(self) -> bool:
        """Boot the worker (once, however often asked); whether it came up."""
        if self._booting is None:
            self._booting = asyncio.ensure_future(self._boot())
        await self._booting
        return self.ready

    async def _boot(self) -> None:
        # Imported here, not at the top: PyScript's module exists only in the page,
        # and this module is also imported into a memory snapshot made elsewhere.
        from pyscript import create_named_worker
        try:
            worker = await create_named_worker(
                src="./solver_worker.py", name=WORKER_NAME, config="./pyscript.json")
        except Exception:       # no worker: hints stay the baseline ones
            logging.getLogger(__name__).warning("the solver's worker did not start", exc_info=True)
            return
        await self._load_core(worker)
        self.worker = worker      # ready: its first answer is the core's where it loaded

    async def _load_core(self, worker) -> None:
        """Have the worker search with the compiled core (build.py ships it beside
        the page); where it will not load, the worker's Python search answers."""
        import js
        url = js.URL.new(CORE_FILE, js.document.baseURI).href
        try:
            self.search = str(await worker.load_core(url))
        except Exception as error:     # a worker without the call: an old cached one
            self.search = f"the search core did not load: {error}"
        if self.search != "core":
            # (A warning: a damaged or refused file a developer should see;
            # the player only waits longer for the same answers.)
            logging.getLogger(__name__).warning("Castling: %s; the solver searches in Python",
                                                self.search)

    async def ask(self, request: dict) -> dict | None:
        """The worker's answer to one request, or None when it could not answer."""
        if not self.ready:
            return None
        self.pending += 1
        try:
            answer = json.loads(str(await self.worker.ask(json.dumps(request))))
        except Exception:     # the hint falls back to the baseline one; say why somewhere
            logging.getLogger(__name__).warning("the solver's worker failed to answer",
                                                exc_info=True)
            return None
        finally:
            self.pending -= 1
        return None if "error" in answer else answer
