"""What the screen needs from the rules, computed without a DOM: where held
cards may go and the moves a tap or a drag plays, which piles show a count, the
status line. (Where the piles stand is arrangement.py's.)

The browser layer turns pointer gestures into the moves these functions return;
it never judges legality itself. Everything here is plain data, so it is tested
under CPython.
"""

from __future__ import annotations

from ...cards import rank_label
from ...hint import homeward_moves
from ...i18n import t
from ...movegen import Move
from ...position import Position
from ...rules import GameRules, parse_pile_name

#: pixels a press must travel to become a drag, and the least share of the
#: dragged cards a pile must cover to take them: the app's pointer
#: (castling_web/pointer.py) and the early table's (web/first-table/play.js,
#: given them by scripts/first_table.py) play by the same measures
DRAG_THRESHOLD = 6
DROP_SHARE = 0.2


def shows_count(rules: GameRules, name: str) -> bool:
    """Whether pile ``name`` shows how many cards it holds (``data-count`` and a
    badge on the table): the stock, and a reserve that can hold more than one
    card, whose cards below the top one cannot be seen.  A one-card free cell
    or reserve (Bastion, Ten by One, Castle's End) shows its card, and no count."""
    kind, _ = parse_pile_name(name)
    return kind == "s" or (kind == "r" and rules.reserve_holds > 1)


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
    if count == 1 or not position.rules.tableau.supermove:
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
    if count > 1 and position.rules.tableau.supermove:
        for target in range(position.tables.n_tableau):
            if target != source and target not in found:
                plan = supermove(position, source, target, count)
                if plan:
                    found[target] = plan
    return found


def pickable_counts(position: Position, source: int) -> set[int]:
    """How many cards from the top of ``source`` can be picked up (have somewhere to go)."""
    counts = {move[2] for move in position.legal_moves() if move[0] == source}
    if position.rules.tableau.supermove and source < position.tables.n_tableau:
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


def next_choice(choices: list[str], current: str, key: str) -> str:
    """While cards are held, arrows step only among ``choices`` (the source and
    its legal destinations, in table order)."""
    if current not in choices:
        return choices[0]
    step = 1 if key in ("ArrowRight", "ArrowDown") else -1
    return choices[(choices.index(current) + step) % len(choices)]
