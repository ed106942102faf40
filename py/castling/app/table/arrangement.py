"""Where a game's piles go on the screen and how big its cards are, computed
without a DOM from the rules and the board's size (web/castling_web/render.py
draws what :func:`arrange` returns; the arrow keys follow its rows, :func:`neighbour`).

Every covered card shows at least its corner index: :data:`INDEX_HEIGHT` of its
height in a downward fan, :data:`INDEX_WIDTH` of its width in a sideways one.
Those are facts of the face art (Adrian Kennard's large-index deck):
tests/browser/test_faces.py measures every shipped face against them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from ...position import Position
from ...rules import GameRules

#: How much of a covered card must show for its index (rank above suit, in the
#: top-left corner of the face) to be read: in a downward fan, a share of the
#: card's height; in a sideways fan, of its width (measured on every face:
#: 0.419 and 0.232). The page gets them as --index-h and --index-w, the least
#: steps of its fans, and the layout test reads them back there.
INDEX_HEIGHT = 0.43
INDEX_WIDTH = 0.25
#: The steps a short pile spreads to when there is room (--fan-h, --fan-w).
FAN_HEIGHT = 0.5
FAN_WIDTH = 0.6


#: How a row's piles spread their cards: "down", "right", or "stack" (only
#: the top card shows).  A Literal, so that the screen's comparisons are checked.
Fan = Literal["down", "right", "stack"]


@dataclass(frozen=True)
class Row:
    """A row of piles on the screen; ``fan`` is how a pile spreads its cards."""

    piles: tuple[str, ...]
    fan: Fan
    columns: int        # grid columns the row is laid out on
    #: the grid column (from 1) of each pile, where it is not simply the next one
    #: (Rittenhouse: each foundation above the pile that feeds it)
    places: tuple[int, ...] | None = None
    #: how many grid columns each pile spans, where some span more than one (a
    #: reserve holding several cards fans them out sideways: Zerline, Soother)
    spans: tuple[int, ...] | None = None


#: How many cards a tableau pile is laid out for beyond the longest the deal
#: makes: room for a pile to grow before its fan has to close up.
ROOM_TO_GROW = 2


@dataclass(frozen=True)
class Space:
    """The room the board has and how cards must show, for :func:`arrange`.

    ``width`` and ``height`` are the board's inner size in px; ``index_h`` and
    ``index_w`` the least strip of a covered card that shows its index (rank and
    suit) in a downward and a sideways fan, as shares of the card's height and
    width; ``fan_h`` and ``fan_w`` the comfortable steps, beyond which a short
    pile does not spread; ``share`` the card-size setting (1 = as large as fits)."""

    width: float
    height: float
    gap: float
    index_h: float
    index_w: float
    fan_h: float
    fan_w: float
    share: float = 1.0
    largest: float = 1e9     # a sanity cap on the card width, px


@dataclass(frozen=True)
class Fit:
    """Where the piles go and how big the cards are: what the screen draws."""

    rows: tuple[Row, ...]
    card_w: float
    #: the length a downward fan may take before its steps close up to the index
    pile_len: float
    #: the width of a sideways fan's place in its row (Chequers)
    slot_w: float
    #: the number of cards a tableau pile was laid out for
    longest: int
    #: how many of the rows, from the first, stand in a strip left of the tableau
    side: int = 0
    #: whether the cards are bigger than the height holds (the board scrolls down)
    scrolls: bool = False


ASPECT = 1.4          # card height / width


def design_length(rules: GameRules) -> int:
    """The number of cards a tableau pile is laid out for: the longest pile the
    deal makes (deal 1; every deal of a game deals the same counts, but for the
    games that deal to the foundations too) and :data:`ROOM_TO_GROW`."""
    if rules.id not in _DEALT:
        piles = Position.deal(rules, 1).to_piles()
        _DEALT[rules.id] = max(len(piles[name]) for name in rules.pile_names_of("t"))
    return _DEALT[rules.id] + ROOM_TO_GROW


_DEALT: dict[str, int] = {}


def _head(rules: GameRules, columns: int, space: Space, side: bool = False) -> list[Row] | None:
    """The stock, waste, reserves and foundations in rows of ``columns``: the
    others first, then the foundations in fours (a suit's or a row's), a row
    taken as far as it goes; foundations alone in a row sit in its middle, beside
    the others at its right end (in a ``side`` strip, every row starts at the
    left). None when a spread reserve cannot show its cards."""
    foundations = rules.pile_names_of("f")
    others = rules.pile_names_of("s") + rules.pile_names_of("w") + rules.pile_names_of("r")
    spans = [1] * len(others)
    cells = rules.reserves.cells
    if cells is not None and cells.holds > 1:
        least = math.ceil(1 + (cells.holds - 1) * space.index_w - 1e-9)
        wanted = math.ceil(1 + (cells.holds - 1) * space.fan_w - 1e-9)
        room = columns if side else columns - len(others) + 1
        if room < least:
            return None
        spans = [min(wanted, room) if name[0] == "r" else 1 for name in others]
    group = 4 if len(foundations) % 4 == 0 and not side else 1
    blocks: list[tuple[tuple[str, ...], tuple[int, ...]]] = []
    if side:                   # a strip: pile by pile, as they come
        blocks += [((name,), (span,)) for name, span in zip(others, spans)]
    elif others:
        blocks.append((others, tuple(spans)))
    blocks += [(foundations[i:i + group], (1,) * group)
               for i in range(0, len(foundations), group)]
    packed: list[list[tuple[str, int]]] = [[]]
    for piles, widths in blocks:
        used = sum(w for _, w in packed[-1])
        if packed[-1] and used + sum(widths) > columns:
            packed.append([])
        packed[-1] += list(zip(piles, widths))
    if any(sum(w for _, w in row) > columns for row in packed):
        return None
    rows = []
    for row in packed:
        names = tuple(name for name, _ in row)
        widths = tuple(w for _, w in row)
        held = sum(w for name, w in row if name[0] == "f")   # columns the foundations take
        if side:
            at = 1
        elif held == sum(widths):             # foundations alone: in the middle
            at = (columns - held) // 2 + 1
        else:                                 # the others at the left, foundations right
            at = 1
        places: list[int] = []
        for name, w in row:
            if (not side and name[0] == "f" and held < sum(widths) and places
                    and names[len(places) - 1][0] != "f"):
                at = columns - held + 1
            places.append(at)
            at += w
        natural = tuple(range(1, len(names) + 1))
        rows.append(Row(names, "stack", columns,
                        places=None if tuple(places) == natural else tuple(places),
                        spans=widths if any(w > 1 for w in widths) else None))
    return rows


def _candidates(rules: GameRules, space: Space) -> Iterator[tuple[tuple[Row, ...], int]]:
    """Every arrangement :func:`arrange` weighs, as (rows, side): the tableau
    in 1 to 4 rows of downward fans (Chequers also in rows of 2 to 9 sideways
    fans), the other piles either above it, folded to the tableau's width or
    narrower, or beside it (``side`` is then how many of the rows, from the
    first, stand in a strip at its left: what a landscape phone needs)."""
    tableau = rules.pile_names_of("t")
    n = len(tableau)
    n_head = len(rules.pile_names) - n
    options: list[tuple[Fan, int]] = []
    for count in range(1, 5):
        per_row = -(-n // count)
        if per_row >= 3 and (count == 1 or -(-n // (count - 1)) != per_row):
            options.append(("down", per_row))
    if rules.tableau.layout == "rows-of-five":
        options += [("right", per_row) for per_row in range(2, 10)]
    for fan, per_row in options:
        grid = max(per_row, 4) if fan == "down" else per_row
        body = tuple(Row(tableau[i:i + per_row], fan, grid) for i in range(0, n, per_row))
        above = {max(per_row, 4, n_head), max(per_row, 4), n_head, 8, 6, 5, 4} if fan == "down" \
            else {n_head, 8, 6, 5, 4}
        for columns in sorted(above):
            if columns < 4 or (fan == "down" and columns < max(per_row, 4)) or columns > max(n_head, grid):
                continue           # the piles above a fanned-down tableau: as wide or wider
            head = _head(rules, columns, space)
            if head is None:
                continue
            if rules.founding.feeds and fan == "down" and per_row == n and len(head) == 1:
                head = [Row(rules.pile_names_of("f"), "stack", columns,
                            places=_above_feeders(rules))]
            yield tuple(head) + body, 0
        if rules.founding.feeds:
            continue               # Rittenhouse's foundations stand above their piles
        for columns in (1, 2, 3, 4):
            head = _head(rules, columns, space, side=True)
            if head is not None:
                yield tuple(head) + body, len(head)


#: A length as (cards, gaps): that many card widths and that many gaps; the widest
#: card a room holds is (room - gaps * gap) / cards (:func:`_widest`).
Term = tuple[float, float]


def _tall(row: Row, longest: int, space: Space) -> float:
    """How many card heights a row takes: a downward fan of ``longest`` cards at
    the index step, or one card."""
    return 1 + (longest - 1) * space.index_h if row.fan == "down" else 1


def _terms(rows: tuple[Row, ...], side: int, longest: int, space: Space) -> tuple[list[Term], list[Term]]:
    """What must fit the board's width, and what its height, for ``rows`` (the
    first ``side`` of them in a strip at the left) whose tableau piles hold
    ``longest`` cards at the index step: the widest card is the least of them."""
    slot = 1 + (longest - 1) * space.index_w      # a sideways fan's width, in cards

    def across(row: Row) -> Term:                  # (cards, gaps) of a row's width
        return (row.columns * (slot if row.fan == "right" else 1.0), row.columns - 1)

    def down(row: Row) -> float:                   # its height, in cards
        return ASPECT * _tall(row, longest, space)

    if not side:
        return [across(row) for row in rows], [(sum(down(row) for row in rows), len(rows) - 1)]
    strip, body = rows[:side], rows[side:]
    wide = [across(row) for row in strip], [across(row) for row in body]
    cards = max(w for w, _ in wide[0]) + max(w for w, _ in wide[1])
    gaps = max(g for _, g in wide[0]) + max(g for _, g in wide[1]) + 2
    return [(cards, gaps)], [(sum(down(row) for row in part), len(part) - 1) for part in (strip, body)]


def _widest(terms: list[Term], room: float, gap: float) -> float:
    return min((room - gaps * gap) / cards for cards, gaps in terms)


def _measure(rows: tuple[Row, ...], side: int, longest: int, space: Space) -> tuple[float, float]:
    """The widest card that fits the width, and the widest that fits the height."""
    across, down = _terms(rows, side, longest, space)
    return _widest(across, space.width, space.gap), _widest(down, space.height, space.gap)


#: No card is made narrower than this (px) to fit the height: below it the board
#: scrolls down instead (a landscape phone's 200 px of board and a game of long piles).
LEAST_CARD = 34.0
#: How much bigger the cards must be for the other piles to go beside the
#: tableau rather than above it, where players of these games look for them.
SIDE_GAIN = 1.08


def arrange(rules: GameRules, space: Space, longest: int | None = None,
            keep: tuple[tuple[Row, ...], int] | None = None) -> Fit:
    """The arrangement of a game's piles that shows the biggest cards in
    ``space``, with every covered card's index showing and nothing off the sides.

    Every candidate (:func:`_candidates`) is measured: the card width is the
    largest that fits both the width (columns and gaps; a sideways fan as wide
    as its cards at the index step) and the height (rows of stacks one card
    high, downward fans of ``longest`` cards, :func:`design_length` by default,
    at the index step). The biggest wins; within 3 % of it, the one with the
    fewest rows, the piles above the tableau rather than beside it (the game's
    own look, where it is as good). The card-size setting scales the result:
    a smaller share shrinks the cards, a larger one picks the arrangement that
    fits that much bigger cards in the width, and the board scrolls down; so
    does a fit narrower than :data:`LEAST_CARD`. What height is left over
    spreads the fans, up to their comfortable steps. With ``keep`` (rows, side),
    only that arrangement is sized (a pile grew mid-game: the piles stay put)."""
    longest = longest or design_length(rules)
    measured = []
    for rows, side in _candidates(rules, space):
        fit_w, fit_h = _measure(rows, side, longest, space)
        measured.append((min(fit_w, fit_h), fit_w, fit_h, rows, side))
    if keep is not None and any((m[3], m[4]) == keep for m in measured):
        measured = [m for m in measured if (m[3], m[4]) == keep]
    best = max(size for size, *_ in measured)
    target = best * space.share

    def worth(m: tuple[float, float, float, tuple[Row, ...], int], size: float) -> float:
        return size / (SIDE_GAIN if m[4] else 1.0)   # a strip beside must gain 8 %

    if target > best or target < LEAST_CARD:
        target = max(target, LEAST_CARD)
        top = max(min(m[1], target) for m in measured)
        near = [m for m in measured if min(m[1], target) >= top * 0.97]
        chosen = min(near, key=lambda m: (-worth(m, min(m[2], target)), len(m[3])))
        card_w = min(chosen[1], target)
    else:
        most = max(worth(m, m[0]) for m in measured)
        near = [m for m in measured if worth(m, m[0]) >= most * 0.97]
        chosen = min(near, key=lambda m: (m[4] > 0, len(m[3]), -m[0]))
        card_w = chosen[0] * space.share
    card_w = max(1.0, min(card_w, space.largest))
    rows, side = chosen[3], chosen[4]
    card_h = card_w * ASPECT
    body = rows[side:]          # (all the rows when none stand beside)
    needed = sum(card_h * _tall(row, longest, space) for row in body) + (len(body) - 1) * space.gap
    fanned = sum(1 for row in rows if row.fan == "down")
    pile_len = card_h * (1 + (longest - 1) * space.index_h)
    if fanned:
        pile_len += max(0.0, space.height - needed) / fanned
    slot_w = card_w * (1 + (longest - 1) * space.index_w)
    right = [row for row in rows if row.fan == "right"]
    if right:
        strip = max((row.columns * (card_w + space.gap) for row in rows[:side]), default=0.0)
        room = (space.width - strip - (right[0].columns - 1) * space.gap) / right[0].columns
        slot_w = max(slot_w, min(room, card_w * (1 + (longest - 1) * space.fan_w)))
    return Fit(rows, card_w, pile_len, slot_w, longest, side,
               scrolls=chosen[2] < card_w - 0.01)


def _above_feeders(rules: GameRules) -> tuple[int, ...]:
    """The column of each foundation: above the one pile that feeds only it
    (Rittenhouse: f1-f4 above t1-t4, f5-f8 above t6-t9, none above t5)."""
    only = {feeds[0]: pile for pile, feeds in enumerate(rules.founding.feeds, 1) if len(feeds) == 1}
    return tuple(only[number] for number in range(1, rules.pile_count("f") + 1))


def neighbour(rows: tuple[Row, ...], name: str, key: str) -> str:
    """The pile the arrow ``key`` ('ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown')
    leads to from pile ``name`` on the table laid out as ``rows``: along a row
    (continuing into the next or previous row), or to the nearest pile of the row
    above or below (staying put at the edges)."""
    places = {pile: (r, c) for r, row in enumerate(rows) for c, pile in enumerate(row.piles)}
    r, c = places[name]
    if key in ("ArrowLeft", "ArrowRight"):
        order = [pile for row in rows for pile in row.piles]
        step = 1 if key == "ArrowRight" else -1
        return order[(order.index(name) + step) % len(order)]
    r2 = r + (1 if key == "ArrowDown" else -1)
    if not 0 <= r2 < len(rows):
        return name
    row = rows[r2].piles
    # the same share of the way along the row (rows may differ in length)
    share = c / max(len(rows[r].piles) - 1, 1)
    return row[round(share * (len(row) - 1))]


def page_plan(rules: GameRules, space: Space, longest: int | None = None) -> dict[str, object]:
    """What :func:`arrange` weighs for ``rules``, as JSON for the page: the table
    a first visit shows before Python is up (web/first-table/layout.js) is laid out from
    it the way :func:`arrange` would lay it out, so that the app takes it over
    without a jump (tests/browser/test_first_table.py holds the two to the same
    answer). Only ``space``'s shares are read; its width, height and gap are the
    page's (and a sideways fan's step, ``fan_w``, which the page is given apart)."""
    longest = longest or design_length(rules)
    # (What each must fit, _terms, the page works out for the longest pile it has.)
    candidates = [{"rows": [{"piles": list(row.piles), "fan": row.fan, "columns": row.columns,
                             "places": list(row.places) if row.places else None,
                             "spans": list(row.spans) if row.spans else None} for row in rows],
                   "side": side}
                  for rows, side in _candidates(rules, space)]
    return {"game": rules.id, "longest": longest, "aspect": ASPECT, "index_h": space.index_h,
            "index_w": space.index_w, "least": LEAST_CARD, "side_gain": SIDE_GAIN,
            "share": space.share, "largest": space.largest, "candidates": candidates}
