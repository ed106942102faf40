"""The deal every first visit is dealt (castling.app.first_visit) is one a
newcomer can win, and the page can lay it out before Python is up."""

from castling import GAMES, Game
from castling.app.table.arrangement import (FAN_HEIGHT, FAN_WIDTH, INDEX_HEIGHT, INDEX_WIDTH, Space, design_length,
                                         page_plan)
from castling.app.first_visit import FIRST_DEAL, FIRST_GAME
from castling.search.solver import solve


def test_the_first_deal_is_winnable():
    result = solve(Game(GAMES[FIRST_GAME], FIRST_DEAL).position, max_nodes=20_000)
    assert result.result == "won"


def test_the_page_is_given_every_arrangement_the_app_weighs():
    space = Space(width=0, height=0, gap=0, index_h=INDEX_HEIGHT, index_w=INDEX_WIDTH,
                  fan_h=FAN_HEIGHT, fan_w=FAN_WIDTH)
    plan = page_plan(GAMES[FIRST_GAME], space)
    rows = {tuple(tuple(row["piles"]) for row in candidate["rows"]) for candidate in plan["candidates"]}
    assert (("f1", "f2", "f3", "f4"), tuple(f"t{n}" for n in range(1, 11))) in rows
    assert all(candidate["rows"] for candidate in plan["candidates"])
    assert plan["longest"] == design_length(GAMES[FIRST_GAME])
