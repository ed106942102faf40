"""Choosing a deal by grade (deal_choice.py, game_commands.py) on the stand-in
page: a grade's deal comes from the table and carries its grade, New deal deals
another of the same grade, "any" deals none, and a game in progress given up
for a graded deal is offered back as for any new deal (issue #25)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from castling.app.deals.grades import read_table
from castling_web.deal_choice import DealChoice
from castling_web.game_commands import GameCommands
from castling_web.keep_game import KeepGame
from castling.app.keeping import Keeping

from .stand_in import StandInApp
from .event_loop import run_to_end

TABLE = read_table((Path(__file__).parents[2] / "data" / "grades.json").read_text())


def page(moves: int = 0):
    app = StandInApp("fortress", 5)
    app.chrome.button = lambda action: app.document.getElementById(f"button-{action}")
    keep = KeepGame(app, Keeping(app.session))
    choice = DealChoice(app, keep)
    choice.table = TABLE            # (the page fetches it; here it is read from data/)
    GameCommands(app, advice=None, keep=keep, choice=choice)
    for _ in range(moves):
        app.session.play([app.session.game.legal_moves()[0]])
    return app


def run(app, action: str) -> None:
    """A command, and what it set going (a graded deal awaits the table)."""
    async def pressed() -> None:
        app.run(action)
        for _ in range(3):
            await asyncio.sleep(0)
    run_to_end(pressed())


def test_a_grades_deal_is_the_tables_and_new_deal_deals_another_of_that_grade():
    app = page()
    run(app, "deal-hard")
    first = app.session.game.number
    assert app.session.hand.grade == "hard" and first in TABLE.deals("fortress", "hard")
    run(app, "new")
    assert app.session.hand.grade == "hard" and app.session.game.number != first
    assert app.session.game.number in TABLE.deals("fortress", "hard")
    assert '"grade":"hard"' in app.session.store.storage.data["castling:save:fortress"]
    run(app, "deal-any")
    assert app.session.hand.grade == "" and '"grade":""' in app.session.store.storage.data["castling:save:fortress"]


def test_a_game_in_progress_given_up_for_a_graded_deal_is_offered_back_exactly():
    app = page(moves=2)
    before, moves = dict(app.session.store.storage.data), app.session.game.moves
    run(app, "deal-easy")
    notice = app.document.getElementById("notice").textContent
    assert notice.startswith("An easy deal of Fortress") and "counts as lost" in notice
    assert app.document.getElementById("toast-action").getAttribute("data-action") == "keep-game"
    app.run("keep-game")
    assert dict(app.session.store.storage.data) == before and app.session.game.moves == moves
    assert app.session.hand.grade == ""


def test_a_game_with_no_graded_deal_is_told_so_and_keeps_its_game():
    app = StandInApp("soother", 3)
    choice = DealChoice(app, KeepGame(app, Keeping(app.session)))
    choice.table = TABLE
    run(app, "deal-medium")
    assert app.session.game.number == 3 and app.notices[-1].startswith("Soother has no graded deals")
