"""The solver's advice on the table, with a stand-in for the worker: each
position is asked about once, a hint never waits, and the verdict shows only
what the solver proved."""

from __future__ import annotations

import asyncio

from castling import format_move
from castling.cards import FACE_DOWN
from castling.app.words.spoken import card_name, hint_words
from castling.i18n import t
from castling_web.advice_view import AdviceView

from .advice_stand_ins import StandInAdvisor, Window
from .stand_in import StandInApp
from .event_loop import run_to_end


def with_loop(body):
    """Run ``body`` in an event loop, then let the questions it sent be answered.

    In a thread of its own: the browser tests' Playwright keeps an event loop
    running in the main thread when the whole suite runs in one process."""
    async def run():
        body()
        for _ in range(5):
            await asyncio.sleep(0)
    run_to_end(run())


def test_a_worker_with_no_answer_is_asked_once_per_position():
    app = StandInApp("chessboard", 1)
    app.window = Window()
    advisor = StandInAdvisor(answer=None)
    advice = AdviceView(app, advisor)
    with_loop(advice.analyse)
    # Hint asks again only for a position not asked about; this one was.
    with_loop(lambda: (advice.show_hint(), advice.analyse(), advice.show_hint()))
    assert len(advisor.asked) == 1
    assert app.document.getElementById("status").getAttribute("data-hint") == "baseline"


def test_without_the_worker_hint_says_its_hint_is_the_simple_one():
    app = StandInApp("chessboard", 1)
    app.window = Window()
    advisor = StandInAdvisor()
    advisor.ready = False                    # starting: a simple hint, said to be one
    advice = AdviceView(app, advisor)
    status = app.document.getElementById("status")
    advice.show_hint()
    assert status.getAttribute("data-hint") == "baseline"
    assert status.textContent.startswith("Hint: move the ")
    assert status.textContent.endswith(" " + t("hint.simple.starting"))
    advisor.available = False                # every start failed: no solver on this page
    advice.show_hint()
    assert status.textContent.endswith(" " + t("hint.simple.unavailable"))


def test_the_solvers_move_is_the_hint_when_it_has_one():
    app = StandInApp("chessboard", 1)
    app.window = Window()
    position = app.session.game.position
    move = position.legal_moves()[0]
    text = format_move(position.rules, move)
    advice = AdviceView(app, StandInAdvisor(answer={"result": "won", "move": text}))
    with_loop(advice.analyse)
    advice.show_hint()
    status = app.document.getElementById("status")
    assert status.getAttribute("data-hint") == "solver"
    assert status.textContent == hint_words(position, *move) + " " + t("hint.winnable")
    assert text not in status.textContent           # words, not the notation
    assert status.getAttribute("data-move") == text
    assert app.window.timeouts and app.window.timeouts[-1][1] > 0     # the highlight goes away


def test_lost_is_shown_only_after_a_move_and_only_when_proved():
    app = StandInApp("chessboard", 1)
    app.window = Window()
    advice = AdviceView(app, StandInAdvisor(answer={"result": "lost", "move": None}))
    with_loop(advice.analyse)
    verdict = app.document.getElementById("verdict")
    assert verdict.hidden is True            # the deal as dealt: no verdict before a move
    app.session.play([app.session.game.position.legal_moves()[0]])
    with_loop(advice.analyse)
    assert verdict.hidden is False and verdict.getAttribute("data-result") == "lost"


def test_a_closed_verdict_stays_closed_while_lost_and_comes_back_after_a_winnable_position():
    app = StandInApp("chequers", 1)        # (its first legal moves go on for long enough)
    app.window = Window()
    said = {"result": "lost"}
    advice = AdviceView(app, StandInAdvisor(answer=lambda request: dict(said, move=None)))
    verdict = app.document.getElementById("verdict")
    session = app.session

    def play_and_ask():
        session.play([session.game.position.legal_moves()[0]])
        with_loop(advice.on_change)

    play_and_ask()
    assert verdict.hidden is False
    app.run("close-verdict")
    assert verdict.hidden is True
    play_and_ask()                          # lost still: the player plays on undisturbed
    assert verdict.hidden is True
    said["result"] = "unknown"              # not proved either way: not winnable again
    play_and_ask()
    said["result"] = "lost"
    play_and_ask()
    assert verdict.hidden is True
    said["result"] = "won"                  # winnable again (a stand-in's word)...
    play_and_ask()
    said["result"] = "lost"                 # ...then lost: said again
    play_and_ask()
    assert verdict.hidden is False


def test_an_answer_for_an_old_position_asks_about_the_new_one():
    app = StandInApp("chessboard", 1)
    app.window = Window()
    advisor = StandInAdvisor(answer={"result": "unknown", "move": None})
    advice = AdviceView(app, advisor)

    def ask_then_move():
        advice.analyse()
        app.session.play([app.session.game.position.legal_moves()[0]])
    with_loop(ask_then_move)
    assert [len(q["moves"]) for q in advisor.asked] == [0, 1]


def test_a_hint_to_turn_the_stock_over_never_names_the_card():
    app = StandInApp("zerline", 1)
    app.window = Window()
    position = app.session.game.position
    hidden = position.piles[position.tables.stock][-1] - FACE_DOWN   # what it would turn over
    advice = AdviceView(app, StandInAdvisor(answer={"result": "won", "move": "s1-w1"}))
    with_loop(advice.analyse)
    advice.show_hint()
    status = app.document.getElementById("status").textContent
    assert status == t("hint.turn") + " " + t("hint.winnable")
    assert card_name(hidden) not in status


def test_the_hints_marks_go_with_the_next_move_undo_or_redo():
    app = StandInApp("chessboard", 1)
    app.window = Window()
    advisor = StandInAdvisor()
    advisor.ready = False                    # the baseline hint, at once
    advice = AdviceView(app, advisor)
    shown = ((), ())

    def hint_shown() -> bool:
        advice.show_hint()
        return app.view.marks["hint-from"] != shown and app.view.marks["hint-to"] != shown

    assert hint_shown()
    app.play([app.position.legal_moves()[0]], 1)
    app.refresh()                            # as Moves.play does after every move
    assert app.view.marks["hint-from"] == shown and app.view.marks["hint-to"] == shown
    assert hint_shown()
    app.session.undo()
    app.refresh()
    assert app.view.marks["hint-from"] == shown and app.view.marks["hint-to"] == shown
    assert hint_shown()
    app.session.redo()
    app.refresh()
    assert app.view.marks["hint-from"] == shown and app.view.marks["hint-to"] == shown


def test_a_position_met_while_the_worker_was_busy_is_asked_about_once_it_is_free():
    # The worker answering another question (Show me, a review, a rewind):
    # the table's position waits, and is asked about when the worker is
    # free, with no move of the player's needed to ask again.
    app = StandInApp("chessboard", 1)
    app.window = Window()
    advisor = StandInAdvisor(answer={"result": "won", "move": None})
    advice = AdviceView(app, advisor)
    advisor.held = True
    with_loop(advice.analyse)
    assert advisor.asked == []
    with_loop(advisor.free)
    assert [request["kind"] for request in advisor.asked] == ["hint"]
    assert advice.known(advice.position_key()) is not None
    with_loop(advisor.free)                  # free again: nothing new to ask
    assert len(advisor.asked) == 1
