"""Proving puzzles: what a position's moves come to by whole searches.

A puzzle is a position reached by plausible play on a numbered deal where the
deal can still be won and exactly one legal move keeps it so: every other move
is proved lost by a whole search (castling.search.solver: "lost" is only ever
given for a search that ran to its end; "unknown", a budget spent, never
counts as lost). A puzzle may go on for several moves while each next move is
again the only one.

Here is what proves one (:func:`only_move`, a step at a time), a position's
verdict (:func:`verdict_of`), and the proof of a shipped puzzle again from its
deal (:func:`reprove`, ``castling puzzle --check``). Finding them by playing as
a player plays, and grading them, is the app model's
(castling.app.puzzle_cut): it needs one-tap play's choice of a place.

Each proof is budgeted in positions (:data:`BUDGET`), never in seconds, so the
same puzzles come out on any machine under any load.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import CastlingError
from ..hint import safe_foundation_moves
from ..movegen import Move
from ..notation import format_move
from ..position import Position
from ..search.common import SolveResult
from ..search.solver import solve
from .table import Proof, Puzzle

#: Positions each proof may search: a verdict on a position, the other moves
#: of a puzzle searched together, each wrong move alone.
BUDGET = 200_000

Search = Callable[[Position, "list[Move] | None"], SolveResult]


def budgeted(budget: int = BUDGET, solver: int | None = None) -> Search:
    """A search of at most ``budget`` positions (no clock: the same answer
    anywhere), as solver ``solver`` searched (by default, this checkout's)."""
    def search(position: Position, first_moves: list[Move] | None = None) -> SolveResult:
        return solve(position, budget, first_moves, solver=solver)
    return search


def as_proved(proof: Proof) -> Search:
    """The search a table's proof names: its budget, searched as its solver
    did, position for position. (A newer solver shares a budget otherwise,
    and may leave unknown within it a loss the older one proved.)"""
    return budgeted(proof.budget, proof.solver)


@dataclass(frozen=True)
class Step:
    """One move of a puzzle: ``move`` is the only one keeping the win; each of
    ``wrong`` — every other legal move, in the engine's order — was proved lost
    by a whole search that counted ``nodes`` positions (the size of what the
    move leads to: the larger, the further ahead its loss shows)."""

    move: Move
    wrong: tuple[tuple[Move, int], ...]


def only_move(position: Position, keeping: Move, search: Search) -> Step | None:
    """The step, if ``keeping`` (a move known to keep the win) is the only move
    that does: every other legal move proved lost by a whole search, together
    and then each alone (for its count of positions). None if some other move
    wins, is not decided within the budget, or there is no other move, or
    ``keeping`` is one auto-play would make (no puzzle to find)."""
    legal = position.legal_moves()
    others = [move for move in legal if move != keeping]
    if not others or keeping not in legal or keeping in safe_foundation_moves(position):
        return None
    if search(position.copy(), others).result != "lost":
        return None
    wrong = []
    for move in others:
        after = position.copy()
        after.play(move)
        found = search(after, None)
        if found.result != "lost":      # (the search together said lost: a budget spent alone)
            return None
        wrong.append((move, found.nodes))
    return Step(keeping, tuple(wrong))


def verdict_of(position: Position, search: Search) -> tuple[str, list[Move]]:
    """What ``position`` comes to ("won", "lost" or "unknown", as the search
    says; a won position, or one without a move, by the rules alone) and the
    search's winning line when won."""
    if position.is_won():
        return "won", []
    if not position.legal_moves():
        return "lost", []       # (no move left: lost by the rules alone)
    found = search(position.copy(), None)
    return found.result, list(found.moves)


def median_nodes(step: Step) -> int:
    """The median count of positions that proved the step's wrong moves lost."""
    counts = sorted(nodes for _, nodes in step.wrong)
    return counts[len(counts) // 2]


def reprove(puzzle: Puzzle, search: Search) -> str | None:
    """Prove ``puzzle`` again, from its deal: None when it is what it claims,
    else what is wrong. Its moves replay from the deal; at each move to find,
    the wrong moves recorded are exactly the other legal moves, and each is
    proved lost by a whole search (``search``: its "unknown" is a failure
    here, never a loss); its line replays to a win."""
    try:
        position = puzzle.position()
    except CastlingError as error:
        return f"its moves do not replay: {error}"
    if position.is_won():
        return "its position is already won"
    for index, move in enumerate(puzzle.line):
        legal = position.legal_moves()
        if move not in legal:
            return f"move {index + 1} of its line is not legal"
        if index < puzzle.only:
            recorded = {wrong for wrong, _ in puzzle.wrong[index]}
            if recorded != set(legal) - {move}:
                return f"the wrong moves of move {index + 1} are not the other legal moves"
            for wrong in sorted(recorded):
                after = position.copy()
                after.play(wrong)
                found = search(after, None)
                if found.result != "lost":
                    return (f"move {index + 1}: {format_move(puzzle.rules, wrong)} is not proved "
                            f"lost ({found.result})")
        position.play(move)
    return None if position.is_won() else "its line does not end in a win"
