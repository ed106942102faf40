"""A small picture of a game's table, drawn from its declaration: SVG text.

    table_sketch(get_game("fortress"), catalogue("en"))
    -> '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 137 58" … role="img" …>'

The piles stand as the app arranges them (table/arrangement.py): the stock,
the waste and the reserves at the top left, the foundations at the top right
(centred when alone; Rittenhouse's each above the pile that feeds it), the
tableau below, each pile fanned by the cards the deal gives it (Chequers' in
rows of five fanned sideways). Cards are outlines, face up or down, never
faces; an empty place is a dashed outline, and an empty foundation shows the
rank it starts from ("?" where the player chooses it). Each pile is one
``<g data-pile="t1">``; the ``<title>`` (the catalogue's
``rules.sketch.title``) names the picture for screen readers.

Everything in the picture comes from the declaration and the catalogue, and
the title is escaped: the text can go into a page as it is. Colours are
attributes, not a style sheet, so that the help pages' Content-Security-Policy
(no inline styles) lets it show as it is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

from ...rules import GameRules
from ..words.rules_words import Words, dealt

# The picture's units: a card is 10 wide and 14 high.
CARD_W, CARD_H = 10.0, 14.0
GAP = 3.0
MARGIN = 4.0
STEP_DOWN = 2.6         # a downward fan's step between cards
STEP_RIGHT = 3.4        # a sideways fan's (Chequers' rows, a reserve holding several)
DEPTH = 0.9             # the offset that shows a stack is more than one card
RADIUS = 1.2

FELT = "#1f6b3a"
FACE = "#fffdf7"
FACE_EDGE = "#52606d"
BACK = "#2c4f9e"
BACK_EDGE = "#f0ede4"
PLACE_EDGE = "#cde3d4"
MARK = "#e3efe6"


@dataclass(frozen=True)
class _Pile:
    name: str
    x: float
    y: float
    #: face-up flags, bottom first
    cards: tuple[bool, ...]
    fan: str            # "down", "right" or "stack"
    #: the width of the place (wider for a reserve that holds several cards)
    width: float = CARD_W
    #: the rank an empty foundation starts from, shown on its place
    mark: str = ""

    def extent(self) -> tuple[float, float]:
        """The right and bottom edges the pile reaches."""
        n = max(len(self.cards), 1)
        right = self.x + max(self.width, CARD_W + (STEP_RIGHT * (n - 1) if self.fan == "right" else 0))
        bottom = self.y + CARD_H + (STEP_DOWN * (n - 1) if self.fan == "down" else 0)
        if self.fan == "stack" and n > 1:
            right, bottom = right + DEPTH * (min(n, 3) - 1), bottom + DEPTH * (min(n, 3) - 1)
        return right, bottom


def _slot(column: float) -> float:
    return MARGIN + column * (CARD_W + GAP)


def _base_mark(rules: GameRules, index: int) -> str:
    row = rules.foundation(index)[1]
    return {"A": "A", "K": "K"}.get(row.base, "?")


def _head(rules: GameRules, columns: int, starts: dict[str, tuple[bool, ...]]) -> list[_Pile]:
    """The piles above the tableau, on a grid of ``columns`` places a row: the
    others (stock, waste, reserves) from the left, the foundations in fours,
    at the right end of a row they share and in the middle of a row of their
    own; Rittenhouse's over the piles that feed them."""
    others = list(rules.pile_names_of("s") + rules.pile_names_of("w") + rules.pile_names_of("r"))
    foundations = list(rules.pile_names_of("f"))
    spans = dict.fromkeys(others + foundations, 1)
    cells = rules.reserves.cells
    if cells is not None and cells.holds > 1:
        wanted = CARD_W + STEP_RIGHT * (cells.holds - 1)
        for name in rules.pile_names_of("r"):
            spans[name] = min(columns, math.ceil((wanted + GAP) / (CARD_W + GAP)))
    feeders = _feeders(rules)
    #: each row's piles with their grid column (None: wherever the row puts it)
    rows: list[list[tuple[str, float | None]]] = []
    if feeders:
        if others:
            rows.append([(name, None) for name in others])
        rows.append([(name, feeders[name]) for name in foundations])
    else:
        group = 4 if len(foundations) % 4 == 0 else 1
        blocks = ([others] if others else []) + [foundations[i:i + group]
                                                 for i in range(0, len(foundations), group)]
        rows.append([])
        for block in blocks:
            used = sum(spans[name] for name, _ in rows[-1])
            if rows[-1] and used + sum(spans[name] for name in block) > columns:
                rows.append([])
            rows[-1] += [(name, None) for name in block]
    piles = []
    y = MARGIN
    at_right = False          # whether an earlier row put its foundations at its right end
    for row in rows:
        width = sum(spans[name] for name, _ in row)
        held = sum(spans[name] for name, _ in row if name[0] == "f")
        # Foundations alone in a row stand in its middle, or under the ones above
        # them when those stood at the right end of a shared row (Zerline, Soother).
        column: float = ((columns - width if at_right else (columns - width) / 2)
                         if held == width else 0)
        at_right = at_right or 0 < held < width
        for name, place in row:
            if place is not None:
                column = place
            elif name[0] == "f" and held < width and column < columns - held:
                column = columns - held            # the foundations at the right end
            span = spans[name]
            kind_index = rules.pile_names.index(name) - rules.pile_count("t")
            piles.append(_Pile(name, _slot(column), y, starts[name],
                               "right" if span > 1 else "stack", span * CARD_W + (span - 1) * GAP,
                               _base_mark(rules, kind_index) if name[0] == "f" else ""))
            column += span
        y += CARD_H + GAP + 2 * DEPTH
    return piles


def _feeders(rules: GameRules) -> dict[str, int]:
    """Each foundation's column above the one pile that alone feeds it, when every
    foundation has one (Rittenhouse); otherwise nothing."""
    if not rules.founding.feeds:
        return {}
    places = {}
    for column, numbers in enumerate(rules.founding.feeds):
        if len(numbers) == 1:
            places[f"f{numbers[0]}"] = column
    return places if len(places) == rules.pile_count("f") else {}


def _layout(rules: GameRules) -> list[_Pile]:
    start = dealt(rules)
    starts: dict[str, tuple[bool, ...]] = {}
    for name, cards in zip(rules.pile_names_of("t"), start.tableau):
        starts[name] = cards
    for name, cards in zip(rules.pile_names_of("r"), start.reserves):
        starts[name] = cards
    for name, count in zip(rules.pile_names_of("f"), start.foundations):
        starts[name] = (True,) * count
    for name in rules.pile_names_of("s"):
        starts[name] = (False,) * start.stock
    for name in rules.pile_names_of("w"):
        starts[name] = (True,) * start.waste
    tableau = rules.pile_names_of("t")
    sideways = rules.tableau.layout == "rows-of-five"
    per_row = 5 if sideways else len(tableau)
    longest = max(len(cards) for cards in start.tableau)
    # A sideways fan is wider than a card: its rows' places are that wide.
    place_w = CARD_W + (STEP_RIGHT * (longest - 1) if sideways else 0)
    body_w = per_row * (place_w + GAP) - GAP
    columns = (max(4, math.ceil((body_w + GAP) / (CARD_W + GAP))) if sideways
               else max(per_row, 4))
    head = _head(rules, columns, starts)
    top = max(pile.extent()[1] for pile in head) + GAP + 1
    # The head's places are laid on a grid at least as wide as the tableau:
    # a narrower tableau is centred under it.
    head_w = columns * (CARD_W + GAP) - GAP
    left = MARGIN + max(0.0, (head_w - body_w) / 2)
    body = []
    for i, name in enumerate(tableau):
        row, column = divmod(i, per_row)
        body.append(_Pile(name, left + column * (place_w + GAP), top + row * (CARD_H + GAP),
                          starts[name], "right" if sideways else "down"))
    return head + body


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str, width: float,
          dashed: bool = False) -> str:
    dash = ' stroke-dasharray="1.6 1.2"' if dashed else ""
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{RADIUS}"'
            f' fill="{fill}" stroke="{stroke}" stroke-width="{width}"{dash}/>')


def _card(x: float, y: float, up: bool) -> str:
    return (_rect(x, y, CARD_W, CARD_H, FACE, FACE_EDGE, 0.5) if up
            else _rect(x, y, CARD_W, CARD_H, BACK, BACK_EDGE, 0.7))


def _draw(pile: _Pile) -> str:
    parts = [f'<g data-pile="{pile.name}">']
    cards = pile.cards
    if not cards or pile.width > CARD_W:
        # An empty place, or the room a reserve holding several cards has.
        parts.append(_rect(pile.x, pile.y, pile.width, CARD_H, "none", PLACE_EDGE, 0.6, True))
    if pile.fan == "stack":
        # A stack shows its depth (up to three edges) and its top card.
        shown = cards[-3:]
        for i, up in enumerate(shown):
            parts.append(_card(pile.x + DEPTH * i, pile.y + DEPTH * i, up))
    else:
        for i, up in enumerate(cards):
            dx, dy = (STEP_RIGHT * i, 0.0) if pile.fan == "right" else (0.0, STEP_DOWN * i)
            parts.append(_card(pile.x + dx, pile.y + dy, up))
    if pile.mark:
        # The rank the foundation starts from: on its empty place, or on the card
        # the deal put there (the Aces of Martha, Beleaguered Castle …).
        last = DEPTH * (min(len(cards), 3) - 1) if cards else 0.0
        parts.append(f'<text x="{pile.x + last + CARD_W / 2:.1f}"'
                     f' y="{pile.y + last + CARD_H / 2 + 2.5:.1f}"'
                     f' font-family="system-ui, sans-serif" font-size="7" font-weight="700"'
                     f' text-anchor="middle" fill="{FACE_EDGE if cards else MARK}">{pile.mark}</text>')
    parts.append("</g>")
    return "".join(parts)


def sketch_title(rules: GameRules, messages: Mapping[str, str]) -> str:
    """What the picture shows, in words: its ``<title>``."""
    say = Words(messages)
    parts = [say("rules.sketch.foundations", count=say.number(rules.pile_count("f")))]
    if rules.reserves.count:
        kind = "cells" if rules.reserves.free_cells else "reserves"
        parts.append(say(f"rules.sketch.{kind}.{say.form(rules.reserves.count)}",
                         count=say.number(rules.reserves.count)))
    if rules.stock:
        parts.append(say("rules.sketch.stock"))
    parts.append(say("rules.sketch.tableau", count=say.number(rules.pile_count("t"))))
    return say("rules.sketch.title", game=rules.name, parts=say.listing(parts, "and"))


def table_sketch(rules: GameRules, messages: Mapping[str, str], *, width: float = 160,
                 height: float = 100, id: str | None = None) -> str:
    """The picture of ``rules``' table as SVG text, scaled to fit ``width`` x
    ``height`` px; ``id`` (default ``sketch-GAME``) names its title, and must
    be unique on the page."""
    piles = _layout(rules)
    right = max(pile.extent()[0] for pile in piles) + MARGIN
    bottom = max(pile.extent()[1] for pile in piles) + MARGIN
    scale = min(width / right, height / bottom)
    title_id = escape(id or f"sketch-{rules.id}")
    title = escape(sketch_title(rules, messages))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {right:.1f} {bottom:.1f}"'
            f' width="{right * scale:.0f}" height="{bottom * scale:.0f}" role="img"'
            f' aria-labelledby="{title_id}" class="table-sketch">'
            f'<title id="{title_id}">{title}</title>'
            f'<rect width="{right:.1f}" height="{bottom:.1f}" rx="3" fill="{FELT}"/>'
            + "".join(_draw(pile) for pile in piles) + "</svg>")
