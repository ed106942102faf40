"""Stand-ins for the advice's tests (test_advice_view.py, test_review_view.py): a
worker that answers from a script, and a window whose timers wait to be run."""

from __future__ import annotations

import asyncio
import time


class StandInAdvisor:
    """Answers from a script; records the questions."""

    def __init__(self, answer=None) -> None:
        self.answer = answer
        self.asked: list[dict] = []
        self.ready = True
        self.available = True
        self.busy = False

    async def start(self) -> bool:
        return True

    async def ask(self, request: dict):
        self.asked.append(request)
        await asyncio.sleep(0)
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
