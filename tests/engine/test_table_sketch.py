"""The picture of a game's table (castling.app.table.table_sketch): SVG that
parses, one shape a pile, each tableau pile fanned by the cards it is dealt,
named for screen readers, and safe to put in a page as it is."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from castling.games import GAMES
from castling.i18n import LANGUAGES, catalogue
from castling.app.words.rules_words import dealt
from castling.app.table.table_sketch import sketch_title, table_sketch

SVG = "{http://www.w3.org/2000/svg}"
CASES = [(game, language) for game in GAMES for language in LANGUAGES]


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


@pytest.mark.parametrize("game, language", CASES)
def test_the_sketch_parses_and_has_a_shape_for_every_pile(game, language):
    rules, messages = GAMES[game], catalogue(language)
    root = parse(table_sketch(rules, messages))
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == sketch_title(rules, messages)
    assert root.get("aria-labelledby") == title.get("id") == f"sketch-{game}"
    piles = [g.get("data-pile") for g in root.iter(f"{SVG}g")]
    assert len(piles) == len(rules.pile_names) and set(piles) == set(rules.pile_names)


@pytest.mark.parametrize("game", GAMES)
def test_each_tableau_pile_shows_the_cards_it_is_dealt(game):
    rules = GAMES[game]
    root = parse(table_sketch(rules, catalogue("en")))
    groups = {g.get("data-pile"): g for g in root.iter(f"{SVG}g")}
    for name, cards in zip(rules.pile_names_of("t"), dealt(rules).tableau):
        rects = groups[name].findall(f"{SVG}rect")
        assert len(rects) == len(cards), name
        backs = [r for r in rects if r.get("fill") != rects[-1].get("fill")]
        assert len(backs) == cards.count(False), name       # face-down cards look different
    for name in rules.pile_names_of("f"):
        mark = groups[name].find(f"{SVG}text")
        row = rules.foundation(int(name[1:]) - 1)[1]
        assert mark is not None and mark.text == {"A": "A", "K": "K"}.get(row.base, "?")


@pytest.mark.parametrize("game", GAMES)
def test_the_sketch_fits_its_box_and_keeps_its_proportions(game):
    root = parse(table_sketch(GAMES[game], catalogue("en"), width=160, height=100))
    width, height = float(root.get("width")), float(root.get("height"))
    assert width <= 160.5 and height <= 100.5 and max(width / 160, height / 100) > 0.99
    _, _, box_w, box_h = map(float, root.get("viewBox").split())
    assert abs(width / height - box_w / box_h) < 0.05


def test_piles_stand_where_the_app_puts_them():
    """Foundations above the tableau, on the right beside the other piles, and
    Rittenhouse's each above the pile that feeds it."""
    def places(game):
        root = parse(table_sketch(GAMES[game], catalogue("en")))
        return {g.get("data-pile"): (float(g.find(f"{SVG}rect").get("x")),
                                     float(g.find(f"{SVG}rect").get("y")))
                for g in root.iter(f"{SVG}g")}

    fortress = places("fortress")
    assert all(fortress[f"f{i}"][1] < fortress["t1"][1] for i in range(1, 5))
    bastion = places("bastion")
    assert bastion["r2"][0] < bastion["f1"][0] and bastion["f4"][0] > bastion["t8"][0]
    ritten = places("rittenhouse")
    assert [ritten[f"f{i}"][0] for i in range(1, 9)] == \
        [ritten[f"t{i}"][0] for i in (1, 2, 3, 4, 6, 7, 8, 9)]
    zerline = places("zerline")
    assert zerline["s1"][0] < zerline["w1"][0] < zerline["r1"][0] < zerline["f1"][0]


def test_the_words_in_the_picture_are_escaped_and_ids_can_be_chosen():
    odd = replace(GAMES["fortress"], name='Fort <b>"&"</b>')
    text = table_sketch(odd, catalogue("en"), id='a"b')
    root = parse(text)
    assert root.find(f"{SVG}title").text.startswith('How Fort <b>"&"</b> is laid out')
    assert "<b>" not in text and root.get("aria-labelledby") == 'a"b'
