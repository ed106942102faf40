"""Stand-ins for the advice's tests (test_advice_view.py, test_review_view.py): a
worker that answers from a script, and a window whose timers wait to be run."""

from __future__ import annotations

import asyncio
import time


class StandInAdvisor:
    """Answers from a script; records the questions; calls back who waits for
    it to be free (castling_web.advisor.Advisor.when_free) as the worker does."""

    def __init__(self, answer=None) -> None:
        self.answer = answer
        self.asked: list[dict] = []
        self.ready = True
        self.available = True
        self.pending = 0
        self.held = False           # busy with a question of the test's own
        self.when_free_callbacks: list = []

    @property
    def busy(self) -> bool:
        return self.held or self.pending > 0

    async def start(self) -> bool:
        return True

    def when_free(self, callback) -> None:
        self.when_free_callbacks.append(callback)

    def free(self) -> None:
        """The test's own question answered: the worker is free again."""
        self.held = False
        for callback in self.when_free_callbacks:
            callback()

    async def ask(self, request: dict):
        self.asked.append(request)
        self.pending += 1
        await asyncio.sleep(0)
        self.pending -= 1
        if not self.busy:
            for callback in self.when_free_callbacks:
                asyncio.get_running_loop().call_soon(callback)
        return self.answer(request) if callable(self.answer) else self.answer


class Window:
    def __init__(self) -> None:
        self.timeouts: list = []
        self.marks: list[str] = []          # performance.mark's names (review_view.py)
        self.performance = type("Performance", (), {"mark": lambda _, name: self.marks.append(name),
                                                    "now": lambda _: time.perf_counter() * 1000})()

    def setTimeout(self, function, ms):
        self.timeouts.append((function, ms))
        return len(self.timeouts)

    def clearTimeout(self, handle):
        pass
