"""What the screen needs from the rules, computed without a DOM.

The browser layer draws what these functions say and turns pointer gestures
into the moves they return; it never judges legality itself.  Everything here
is plain data, so it is tested under CPython.
"""

from __future__ import annotations

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
    """The rows of piles for a game, top of the screen first.

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
