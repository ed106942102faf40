"""The solver's worker started again when a start fails: one that never comes up
(a load cut short leaves PyScript waiting for ever) and one that comes up
without its calls (its script died) are each ended and followed by another,
until the retries run out and the page says it has no solver."""

from __future__ import annotations

import asyncio
import json
import sys
import types

import pytest

from castling_web import advisor as advisor_module
from castling_web.advisor import Advisor

from .event_loop import run_to_end


class Worker:
    """A worker that came up: its calls, as solver_worker.py exports them."""

    async def load_core(self, url):
        return "core"


class Broken:
    """A worker whose script failed: PyScript hands it over without its calls."""

    async def load_core(self, url):
        raise TypeError("Cannot read properties of undefined (reading 'apply')")


@pytest.fixture
def starts(monkeypatch):
    """Each start of the worker asked for (its name); what each start does is
    taken in turn from ``starts.plan`` ("hang", "broken", "up")."""
    asked: list[str] = []
    plan: list[str] = []
    dropped: list[str] = []
    marks: list[str] = []

    async def create_named_worker(src, name, config=None):
        asked.append(name)
        what = plan.pop(0)
        if what == "hang":
            await asyncio.Event().wait()        # never comes up
        return Worker() if what == "up" else Broken()

    monkeypatch.setitem(sys.modules, "pyscript", types.SimpleNamespace(
        create_named_worker=create_named_worker))
    monkeypatch.setattr(sys.modules["js"], "URL", types.SimpleNamespace(
        new=lambda file, base: types.SimpleNamespace(href=f"{base}{file}")), raising=False)
    said: dict[str, str] = {}
    monkeypatch.setattr(sys.modules["js"], "document", types.SimpleNamespace(
        baseURI="http://castling.test/",
        documentElement=types.SimpleNamespace(setAttribute=said.__setitem__)), raising=False)
    monkeypatch.setattr(sys.modules["js"], "performance", types.SimpleNamespace(
        mark=marks.append), raising=False)
    monkeypatch.setattr(advisor_module, "_drop", dropped.append)
    monkeypatch.setattr(advisor_module, "START_SECONDS", 0.05)
    monkeypatch.setattr(advisor_module, "RETRY_PAUSES", (0.01, 0.01))
    return types.SimpleNamespace(asked=asked, plan=plan, dropped=dropped, marks=marks, said=said)


def test_a_start_that_hangs_or_breaks_is_ended_and_tried_again(starts):
    starts.plan[:] = ["hang", "broken", "up"]
    advisor = Advisor()
    assert run_to_end(advisor.start())
    assert starts.asked == ["solver", "solver-2", "solver-3"]       # a new name each time
    assert starts.dropped == ["solver", "solver-2"]
    assert advisor.ready and advisor.available and advisor.search == "core"
    assert starts.marks == ["castling:solver-ready"]        # on the timeline, once it is up
    assert starts.said == {"data-solver": "ready"}          # what the snapshot's maker waits for


def test_when_every_start_fails_the_page_has_no_solver(starts):
    starts.plan[:] = ["broken", "hang", "broken"]
    advisor = Advisor()
    assert not run_to_end(advisor.start())
    assert len(starts.asked) == 3 and starts.dropped == starts.asked
    assert not advisor.ready and not advisor.available and starts.marks == []
    assert starts.said == {"data-solver": "none"}
    assert run_to_end(advisor.ask({"kind": "hint"})) is None


def test_who_waits_for_the_worker_to_be_free_is_called_after_the_last_answer(monkeypatch):
    # Two questions out: the callback waits for both answers, and runs after
    # the asker's own code that follows the last answer.
    monkeypatch.setattr(advisor_module, "_mark", lambda name: None)
    advisor = Advisor()
    answers: dict[str, asyncio.Future] = {}
    happened: list[str] = []

    class Answering:
        def ask(self, text):
            answers[json.loads(text)["kind"]] = future = asyncio.get_running_loop().create_future()
            return future

    advisor.worker = Answering()
    advisor.when_free(lambda: happened.append("free"))

    async def asker(kind):
        await advisor.ask({"kind": kind})
        happened.append(kind)

    async def run():
        first = asyncio.ensure_future(asker("hint"))
        second = asyncio.ensure_future(asker("line"))
        await asyncio.sleep(0)
        assert advisor.busy
        answers["hint"].set_result('{"result": "won"}')
        await first
        await asyncio.sleep(0)
        assert happened == ["hint"]          # one question still out
        answers["line"].set_result('{"result": "won"}')
        await second
        await asyncio.sleep(0)
        assert not advisor.busy

    run_to_end(run())
    assert happened == ["hint", "line", "free"]
