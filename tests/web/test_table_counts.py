"""The table's counts: the stock and every several-card reserve carry
data-count, the engine's number of cards in the pile, redrawn with the pile."""

from __future__ import annotations

from castling import GAMES, Position
from castling.app.table.board import turn_move
from castling_web.render import TableView

from .fake_page import Document, Element, Window


def table(game_id: str) -> TableView:
    window = Window()
    window.innerWidth, window.innerHeight = 1280, 800
    view = TableView(Document(), window, Element("main"))
    view.build(GAMES[game_id])
    return view


def counts(view: TableView) -> dict[str, str | None]:
    return {name: pile.getAttribute("data-count") for name, pile in view.pile_elements.items()}


def test_the_count_is_the_piles_length_after_a_draw_and_after_a_move():
    view = table("zerline")
    position = Position.deal(GAMES["zerline"], 1)
    piles = position.to_piles()
    view.draw(piles)
    shown = counts(view)
    assert shown["s1"] == str(len(piles["s1"])) and shown["r1"] == "0"
    assert {name for name, count in shown.items() if count is not None} == {"s1", "r1"}
    position.play(turn_move(position, position.tables.stock))
    after = position.to_piles()
    assert view.draw(after)
    assert counts(view)["s1"] == str(len(after["s1"])) == str(len(piles["s1"]) - 1)


def test_castle_of_indolence_counts_its_four_reserves_and_bastion_none():
    view = table("castle-of-indolence")
    piles = Position.deal(GAMES["castle-of-indolence"], 3).to_piles()
    view.draw(piles)
    assert {name: count for name, count in counts(view).items() if count is not None} == {
        name: str(len(piles[name])) for name in ("r1", "r2", "r3", "r4")}
    bastion = table("bastion")
    bastion.draw(Position.deal(GAMES["bastion"], 3).to_piles())
    assert all(count is None for count in counts(bastion).values())


def test_a_resize_while_cards_are_dragged_lays_the_table_out_when_they_land():
    view = table("chequers")
    view.draw(Position.deal(GAMES["chequers"], 1).to_piles())
    wide, cards = view.rows, view.pile_elements["t1"].children
    view.hold_layout()
    view.window.innerWidth, view.window.innerHeight = 390, 844     # turned to a phone's shape
    view.fit()
    assert view.rows == wide and view.pile_elements["t1"].children == cards
    view.release_layout()
    assert view.rows != wide            # laid out for the new shape, once the cards landed
    view.fit()
    assert view.rows != wide
