"""A solver for every game: is a position winnable, and by which moves?

Depth-first search over the graph of positions with a transposition table of
canonical keys (tableau piles are interchangeable, so they are sorted), moves
ordered so that progress comes first, and moves that can only lead back to a
known position left out.  The answer is "won" with a full winning line, "lost"
only when every reachable position was searched, or "unknown" when the node
budget ran out: it never claims what it has not proved.

Two passes keep it both fast and honest.  The first also plays "safe" foundation
moves without trying the alternatives (hint.safe_foundation_moves), which finds
most wins quickly but could in principle miss one; so when it finds nothing,
the second pass searches again with only provably harmless forcing (in games
without take-back, a card whose every possible tableau partner is already
home).  Only the second pass may answer "lost".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import FACE_DOWN
from .hint import cards_home, homeward_moves, safe_foundation_moves
from .movegen import Move
from .position import Position

DEFAULT_MAX_NODES = 200_000


@dataclass
class SolveResult:
    """The verdict: "won" (with ``moves``), "lost", or "unknown" (budget spent)."""

    result: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0


class _BudgetSpent(Exception):
    pass


class _Search:
    """One depth-first search over a copy of the position."""

    def __init__(self, position: Position, max_nodes: int, eager: bool) -> None:
        self.position = position.copy()
        self.tables = position.tables
        self.max_nodes = max_nodes
        self.eager = eager
        self.nodes = 0
        self.seen: set = set()

    def key(self):
        piles = self.position.piles
        n = self.tables.n_tableau
        return tuple(sorted(map(tuple, piles[:n]))), tuple(map(tuple, piles[n:]))

    def forced(self) -> Move | None:
        """A foundation move to play without trying alternatives, if any."""
        position = self.position
        if self.eager:
            safe = safe_foundation_moves(position)
            return safe[0] if safe else None
        if position.rules.take_back:
            return None
        children = self.tables.children
        home = cards_home(position)
        decks = position.rules.decks
        for move in homeward_moves(position):
            card = position.piles[move[0]][-1]
            if all(home[child] >= decks for child in children[card]):
                return move
        return None

    def candidates(self) -> list[Move]:
        """The moves worth trying here, most promising first."""
        move = self.forced()
        if move is not None:
            return [move]
        position = self.position
        piles = position.piles
        tables = self.tables
        first_foundation, first_reserve, n_tableau = (
            tables.first_foundation, tables.first_reserve, tables.n_tableau)
        scored = []
        empty_target_used = set()
        base_depth = self.base_depths() if (tables.chosen_base
                                            and tables.base_rank(piles) is None) else None
        for move in position.legal_moves():
            source, target, count = move
            pile = piles[source]
            to_empty = target < n_tableau and not piles[target]
            if to_empty:
                if source < n_tableau and len(pile) == count:
                    continue            # a whole pile into a space: the same position
                if (source, count) in empty_target_used:
                    continue            # every space is alike: try one of them
                empty_target_used.add((source, count))
            if first_foundation <= source < first_reserve:
                rank = 5                # taking a card back comes last
            elif first_foundation <= target < first_reserve:
                # Choosing the base: try first the ranks whose cards lie shallowest.
                rank = 0 if base_depth is None else base_depth[pile[-1] % 13]
            elif len(pile) > count and pile[-count - 1] >= FACE_DOWN:
                rank = 1                # turns up a hidden card
            elif source < n_tableau and len(pile) == count:
                rank = 2                # empties a pile
            else:
                rank = 4 if to_empty else 3
            scored.append((rank, move))
        scored.sort()
        return [move for _, move in scored]

    def base_depths(self) -> list[float]:
        """Per rank, how deep its cards lie (cards above them), scaled into 0..1."""
        depth = [0] * 13
        for pile in self.position.piles:
            for height, card in enumerate(reversed(pile)):
                depth[(card & ~FACE_DOWN) % 13] += height
        worst = max(depth) or 1
        return [value / (worst + 1) for value in depth]

    def run(self) -> list[Move] | None:
        """A winning line, or None when none is reachable; raises _BudgetSpent."""
        position = self.position
        self.seen.add(self.key())
        path: list[Move] = []
        stack = [(iter(self.candidates()), None)]
        while stack:
            if position.is_won():
                return path
            moves, record = stack[-1]
            move = next(moves, None)
            if move is None:
                stack.pop()
                if record is not None:
                    position.undo(record)
                    path.pop()
                continue
            record = position.play(move)
            key = self.key()
            if key in self.seen:
                position.undo(record)
                continue
            self.seen.add(key)
            self.nodes += 1
            if self.nodes > self.max_nodes:
                raise _BudgetSpent
            path.append(move)
            stack.append((iter(self.candidates()), record))
        return None


def solve(position: Position, max_nodes: int = DEFAULT_MAX_NODES) -> SolveResult:
    """Decide whether ``position`` can be won, within ``max_nodes`` positions searched."""
    if position.is_won():
        return SolveResult("won", [], 0)
    spent = 0
    eager_finished = False
    for eager in (True, False):
        search = _Search(position, max_nodes - spent, eager)
        try:
            line = search.run()
        except _BudgetSpent:
            return SolveResult("unknown", [], spent + search.nodes)
        spent += search.nodes
        if line is not None:
            return SolveResult("won", line, spent)
        eager_finished = True
    assert eager_finished
    return SolveResult("lost", [], spent)
