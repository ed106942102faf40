"""What the screen needs from the rules, computed without a DOM.

The browser layer draws what these functions say and turns pointer gestures
into the moves they return; it never judges legality itself.  Everything here
is plain data, so it is tested under CPython.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from ..cards import rank_label
from ..hint import homeward_moves
from ..i18n import t
from ..movegen import Move
from ..position import Position
from ..rules import GameRules, parse_pile_name


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


#: On a narrow screen no tableau row has more piles than this, so cards stay readable.
NARROW_ROW = 6


def layout(rules: GameRules, narrow: bool = False) -> tuple[Row, ...]:
    """The rows of piles for a game, top of the screen first: the plain look,
    without measuring the screen (the table itself is laid out by :func:`arrange`).

    The stock, waste, reserves and foundations sit above the tableau, as
    players know it from PySolFC, in one row when they fit in the tableau's
    width; otherwise the stock, waste and reserves get a row of their own and
    the foundations follow in rows of that width.  A "rows-of-five" tableau
    (Chequers' 25 piles) is rows of five fanned sideways.  On a narrow
    (portrait phone) screen the tableau is split into rows of at most
    :data:`NARROW_ROW` piles so the cards stay big enough to read.
    """
    foundations = rules.pile_names_of("f")
    others = rules.pile_names_of("s") + rules.pile_names_of("w") + rules.pile_names_of("r")
    tableau = rules.pile_names_of("t")
    if rules.tableau.layout == "rows-of-five":
        head = Row(others + foundations, "stack", len(others) + len(foundations))
        return (head,) + tuple(Row(tableau[i:i + 5], "right", 5)
                              for i in range(0, len(tableau), 5))
    rows_needed = -(-len(tableau) // NARROW_ROW) if narrow else 1
    per_row = -(-len(tableau) // rows_needed)
    columns = max(per_row, 4)
    if len(others) + len(foundations) <= columns:
        top = [others + foundations]
    else:
        # Foundations come four to a suit or a row: keep those fours together.
        chunk = max(4, columns - columns % 4)
        top = ([others] if others else []) + [foundations[i:i + chunk]
                                              for i in range(0, len(foundations), chunk)]
    columns = max([columns] + [len(piles) for piles in top])
    rows = [Row(piles, "stack", columns) for piles in top]
    if rules.feeds and len(rows) == 1 and per_row == len(tableau):
        rows[0] = Row(foundations, "stack", columns, places=_above_feeders(rules))
    elif rules.cell_holds > 1 and top[0] == others:
        rows[0] = Row(others, "stack", columns, spans=_reserve_spans(others, columns, rules))
    return tuple(rows) + tuple(Row(tableau[i:i + per_row], "down", columns)
                               for i in range(0, len(tableau), per_row))


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
    if rules.cell_holds > 1:
        least = math.ceil(1 + (rules.cell_holds - 1) * space.index_w - 1e-9)
        wanted = math.ceil(1 + (rules.cell_holds - 1) * space.fan_w - 1e-9)
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
            if rules.feeds and fan == "down" and per_row == n and len(head) == 1:
                head = [Row(rules.pile_names_of("f"), "stack", columns,
                            places=_above_feeders(rules))]
            yield tuple(head) + body, 0
        if rules.feeds:
            continue               # Rittenhouse's foundations stand above their piles
        for columns in (1, 2, 3, 4):
            head = _head(rules, columns, space, side=True)
            if head is not None:
                yield tuple(head) + body, len(head)


def _measure(rows: tuple[Row, ...], side: int, longest: int, space: Space) -> tuple[float, float]:
    """The widest card that fits the width, and the widest that fits the height,
    for ``rows`` (the first ``side`` of them in a strip at the left) whose
    tableau piles hold ``longest`` cards at the index step."""
    gap = space.gap
    slot = 1 + (longest - 1) * space.index_w      # a sideways fan's width, in cards

    def across(row: Row) -> tuple[float, float]:  # (cards, gaps) of a row's width
        return (row.columns * (slot if row.fan == "right" else 1.0), row.columns - 1)

    def down(row: Row) -> float:                   # its height, in cards
        return ASPECT * (1 + (longest - 1) * space.index_h if row.fan == "down" else 1)

    def fits(cards: float, gaps: float, room: float) -> float:
        return (room - gaps * gap) / cards

    if not side:
        fit_w = min(fits(*across(row), space.width) for row in rows)
        return fit_w, fits(sum(down(row) for row in rows), len(rows) - 1, space.height)
    strip, body = rows[:side], rows[side:]
    wide = [across(row) for row in strip], [across(row) for row in body]
    cards = max(w for w, _ in wide[0]) + max(w for w, _ in wide[1])
    gaps = max(g for _, g in wide[0]) + max(g for _, g in wide[1]) + 2
    fit_w = fits(cards, gaps, space.width)
    fit_h = min(fits(sum(down(row) for row in part), len(part) - 1, space.height)
                for part in (strip, body))
    return fit_w, fit_h


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
    body = rows[side:]
    needed = sum(card_h * (1 + (longest - 1) * space.index_h if row.fan == "down" else 1)
                 for row in (body if side else rows)) + (len(body if side else rows) - 1) * space.gap
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


def _reserve_spans(piles: tuple[str, ...], columns: int, rules: GameRules) -> tuple[int, ...]:
    """Grid columns for a row of stock, waste and reserves where a reserve holds
    several cards: enough for them side by side, each card's corner showing
    (0.6 of a card apart), as far as the row has room."""
    wanted = -(-(10 + 6 * (rules.cell_holds - 1)) // 10)
    room = columns - len(piles) + 1
    return tuple(max(1, min(wanted, room)) if name[0] == "r" else 1 for name in piles)


def _above_feeders(rules: GameRules) -> tuple[int, ...]:
    """The column of each foundation: above the one pile that feeds only it
    (Rittenhouse: f1-f4 above t1-t4, f5-f8 above t6-t9, none above t5)."""
    only = {feeds[0]: pile for pile, feeds in enumerate(rules.feeds, 1) if len(feeds) == 1}
    return tuple(only[number] for number in range(1, rules.pile_count("f") + 1))


def reserve_holds(rules: GameRules) -> int:
    """How many cards one of a game's reserves can ever hold: a free cell its
    ``cell_holds`` (Zerline 4, Soother 8, Bastion 1); Chequers' reserve, which
    the deal leaves all the undealt cards in, more than any game deals
    (counted as both decks); otherwise the cards the deal puts there (Castle of
    Indolence 13 rounds, Castle's End one each)."""
    if rules.free_cells:
        return rules.cell_holds
    if rules.deal.reserve == "rest":
        return 52 * rules.decks
    return rules.deal.reserve_rounds + (1 if rules.deal.reserve == "one-each" else 0)


def shows_count(rules: GameRules, name: str) -> bool:
    """Whether pile ``name`` shows how many cards it holds (``data-count`` and a
    badge on the table): the stock, and a reserve that can hold more than one
    card, whose cards below the top one cannot be seen.  A one-card free cell
    or reserve (Bastion, Ten by One, Castle's End) shows its card, and no count."""
    kind, _ = parse_pile_name(name)
    return kind == "s" or (kind == "r" and reserve_holds(rules) > 1)


def _run_is_built(position: Position, source: int, count: int) -> bool:
    pile = position.piles[source]
    tables = position.tables
    return count <= len(pile) and all(
        tables.builds_on(pile[-k - 1], pile[-k]) for k in range(1, count))


def supermove(position: Position, source: int, target: int, count: int) -> list[Move] | None:
    """Single-card moves that carry a built run of ``count`` cards onto ``target``.

    Chessboard's convenience (docs/rules.md §3.1): a run may be dragged when enough
    empty piles exist to make the same move one card at a time.  The plan is
    the classic one (half to a free pile, the rest across, the half back on
    top), checked by playing it on a copy; None when it cannot be done.
    """
    if count == 1 or not position.rules.supermove:
        return None
    if not _run_is_built(position, source, count):
        return None
    tables = position.tables
    free = [i for i in range(tables.n_tableau)
            if not position.piles[i] and i not in (source, target)]
    plan: list[Move] = []

    def carry(n: int, src: int, dst: int, spare: list[int]) -> bool:
        if n == 1:
            plan.append((src, dst, 1))
            return True
        if not spare:
            return False
        half = n // 2
        return (carry(half, src, spare[0], spare[1:])
                and carry(n - half, src, dst, spare[1:])
                and carry(half, spare[0], dst, spare[1:]))

    if not carry(count, source, target, free):
        return None
    trial = position.copy()
    for move in plan:
        if not trial.is_legal(move):
            return None
        trial.play(move)
    return plan


def targets(position: Position, source: int, count: int) -> dict[int, list[Move]]:
    """Where ``count`` cards from pile ``source`` may go: target -> the moves that do it.

    A single legal move for ordinary moves; several single-card moves for a
    Chessboard supermove.
    """
    found = {move[1]: [move] for move in position.legal_moves()
             if move[0] == source and move[2] == count}
    if count > 1 and position.rules.supermove:
        for target in range(position.tables.n_tableau):
            if target != source and target not in found:
                plan = supermove(position, source, target, count)
                if plan:
                    found[target] = plan
    return found


def pickable_counts(position: Position, source: int) -> set[int]:
    """How many cards from the top of ``source`` can be picked up (have somewhere to go)."""
    counts = {move[2] for move in position.legal_moves() if move[0] == source}
    if position.rules.supermove and source < position.tables.n_tableau:
        pile = position.piles[source]
        for count in range(2, len(pile) + 1):
            if not _run_is_built(position, source, count):
                break
            if targets(position, source, count):
                counts.add(count)
    return counts


def home_move(position: Position, source: int) -> Move | None:
    """The move a double-click makes: the top card to a foundation, if it may go.

    Never the first card of a chosen-base game: the base rank is the player's
    choice, made by dragging or tapping (docs/rules.md §3.3).
    """
    return next((move for move in homeward_moves(position) if move[0] == source), None)


def turn_move(position: Position, source: int) -> Move | None:
    """The move a tap (or Enter) on the stock makes: turn its top card over onto
    the waste; None on any other pile, or when the stock is empty."""
    tables = position.tables
    move = (source, tables.waste, 1)
    return move if source == tables.stock and move in position.legal_moves() else None


def status_line(position: Position) -> str:
    """A short line for the status bar: the base rank in chosen-base games."""
    if not position.rules.chosen_base:
        return ""
    base = position.base_rank()
    return t("status.base_unchosen") if base is None else t("status.base", rank=rank_label(base))


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


def next_choice(choices: list[str], current: str, key: str) -> str:
    """While cards are held, arrows step only among ``choices`` (the source and
    its legal destinations, in table order)."""
    if current not in choices:
        return choices[0]
    step = 1 if key in ("ArrowRight", "ArrowDown") else -1
    return choices[(choices.index(current) + step) % len(choices)]
