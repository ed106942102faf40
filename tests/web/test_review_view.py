"""The review dialog with the real engine answering as the worker would (castling.app.advice,
at a budget of positions): the entries take their verdicts as the answers come, the
turning point is marked and said, and Try from here plays on from the position before it."""

from __future__ import annotations

import asyncio

from castling import parse_move
from castling.app.advice import answer
from castling.i18n import t
from castling_web.advice_view import AdviceView
from castling_web.review_view import ReviewView

from .stand_in import StandInApp
from .advice_stand_ins import StandInAdvisor, Window
from .event_loop import run_to_end

#: Beleaguered Castle #2 played into a loss: its third move, t2-t5, loses the win.
LOST = ["t5-t3", "t5-t7", "t2-t5", "t2-t1", "t1-f2"]


def engine(request: dict) -> dict:
    """The worker's answer, at a budget of positions (the same on every machine)."""
    request = {key: value for key, value in request.items() if key != "seconds"}
    return answer({**request, "budget": 50_000})


def reviewed(moves: list[str], replay=None):
    app = StandInApp("beleaguered-castle", 2)
    app.window = Window()
    for move in moves:
        app.session.play([parse_move(app.session.game.rules, move)])
    advisor = StandInAdvisor(answer=engine)
    view = ReviewView(app, AdviceView(app, advisor), lambda: replay, lambda replay, step: None)

    async def run():
        view.open()
        await asyncio.sleep(0)          # (the questions start)
        while view._asking:
            await asyncio.sleep(0)
        for _ in range(3):
            await asyncio.sleep(0)      # (the worker free: the table's position asked about)
    run_to_end(run())
    return app, view, advisor


def entries(app):
    return app.document.getElementById("review-moves").children


def test_the_review_marks_every_move_and_the_one_that_lost_the_win():
    app, view, advisor = reviewed(LOST)
    items = entries(app)
    assert [item.getAttribute("data-move") for item in items] == [str(n) for n in range(6)]
    assert [item.getAttribute("data-verdict") for item in items] == ["won"] * 3 + ["lost"] * 3
    turning = [item for item in items if item.getAttribute("data-turning-point") is not None]
    assert [item.getAttribute("data-move") for item in turning] == ["3"]
    # Found with a few questions, each a position of the game (no other moves asked);
    # then the position on the table is asked about as the hints ask.
    questions = [request for request in advisor.asked if request["kind"] == "review"]
    assert 2 <= len(questions) <= 5 and not any("first" in request for request in questions)
    assert advisor.asked[-1]["kind"] == "hint"
    summary = app.document.getElementById("review-summary").textContent
    assert summary == t("review.summary.turn", number=3) and summary in app.said
    assert app.document.getElementById("review-turn").hidden is False
    words = app.document.getElementById("review-turn-words").textContent
    assert words.startswith(t("review.turn.words", number=3, played="@", keeping="@").split("@")[0])
    assert app.document.getElementById("review-dialog").getAttribute("data-state") == "done"
    # On the page's timeline, for the benchmark: opened, the turning point, done.
    assert [name for name in app.window.marks if name.startswith("castling:review-")][:2] == [
        "castling:review-opened", "castling:review-turning-point"]
    assert "castling:review-done" in app.window.marks
    # The small table marks the piles of the move played and of the one that keeps the win.
    rows = app.document.getElementById("review-board").children
    marked = {pile.getAttribute("data-mini-pile"): pile.className.split()[-1]
              for row in rows for pile in row.children if pile.className.split()[-1] != "mini-pile"}
    assert marked["t2"] == "played-from" and marked["t5"] in ("played-to", "keep-to", "keep-from")


def test_try_from_here_plays_on_from_the_position_before_the_turning_point():
    app, view, _ = reviewed(LOST)

    async def press():          # (the table's change asks the worker about the new position)
        view.try_from_here()
    run_to_end(press())
    game = app.session.game
    assert [str(move) for move in game.moves] == [str(parse_move(game.rules, m)) for m in LOST[:2]]
    assert not game.can_redo and app.session.hand.helped
    assert app.document.getElementById("review-dialog").open is False


def test_a_won_game_counts_its_only_winning_moves():
    rules = StandInApp("beleaguered-castle", 2).session.game.rules
    line = engine({"kind": "line", "game": "beleaguered-castle", "deal": 2})["moves"]
    app, view, advisor = reviewed(line)
    review = view.review
    assert review.won and review.finished
    assert {item.getAttribute("data-verdict") for item in entries(app)} == {"won"}
    assert all("first" in request for request in advisor.asked if request["kind"] == "review")
    only = [item for item in entries(app) if item.getAttribute("data-only") is not None]
    assert len(only) == review.only_winning_moves > 0
    summary = app.document.getElementById("review-summary").textContent
    assert str(review.only_winning_moves) in summary
    assert rules.id == "beleaguered-castle"


def test_the_replay_slider_gets_the_marks_of_the_game_reviewed_only():
    from castling.app.deals.replay_links import Replay
    app, view, _ = reviewed(LOST)
    rules = app.session.game.rules
    moves = [parse_move(rules, move) for move in LOST]
    assert view.marks(Replay(rules, 2, moves)) == ["won"] * 3 + ["lost"] * 3
    assert view.marks(Replay(rules, 2, moves[:3])) is None
    assert view.marks(Replay(rules, 3, moves)) is None


def test_a_worker_that_does_not_start_is_said():
    app = StandInApp("beleaguered-castle", 2)
    app.window = Window()
    advisor = StandInAdvisor(answer=engine)

    async def no_start():
        return False
    advisor.start = no_start
    advisor.ready = False
    view = ReviewView(app, AdviceView(app, advisor), lambda: None, lambda replay, step: None)

    async def run():
        view.open()
        for _ in range(5):
            await asyncio.sleep(0)
    run_to_end(run())
    assert app.document.getElementById("review-summary").textContent == t("review.unavailable")
