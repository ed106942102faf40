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


class Advisor:
    """Starts the worker and sends it questions; knows whether it is free."""

    def __init__(self) -> None:
        self.worker = None
        self.pending = 0          # questions sent and not yet answered
        self._booting = None

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
            self.worker = await create_named_worker(
                src="./solver_worker.py", name=WORKER_NAME, config="./pyscript.json")
        except Exception:       # no worker: hints stay the baseline ones
            logging.getLogger(__name__).warning("the solver's worker did not start", exc_info=True)

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
