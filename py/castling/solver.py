"""A solver for every game: is a position winnable, and by which moves?

Best-first search over the graph of positions: the most promising position
found so far (most cards home, most empty piles, the cards the foundations
need next least buried, the tableau most in order) is expanded next, and a
transposition table of canonical keys (tableau piles are interchangeable, so
they are sorted) makes every position count once.  The answer is "won" with a
full winning line, "lost" only when every reachable position was searched, or
"unknown" when the node budget ran out: it never claims what it has not proved.

Only provably harmless shortcuts cut the search, so exhausting it is a proof:

* a whole pile moved into an empty pile, and the same cards into a second empty
  pile, give positions already counted (piles are interchangeable, except in
  Rittenhouse, where each feeds its own foundations);
* so do the same card into a second empty free cell holding one card, and into
  a second empty foundation that starts and builds the same way and is fed by
  the same piles;
* in games without take-back, a card whose every possible tableau partner is
  already home has no use left in the tableau, so when it can go home that is
  the only move tried.

The heuristic only orders the search, so it may be crude without harm; it was
tuned on the first deals of each game (docs/winnability.md has the figures).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from .cards import FACE_DOWN
from .movegen import Move
from .position import Position

DEFAULT_MAX_NODES = 200_000
# Raised whenever a change could turn an unknown verdict into a proof (a new
# pruning rule, a better search order): the winnability study records it with
# each deal and tries its unknown deals again under a newer solver.
VERSION = 1

# How much each feature of a position is worth to the search order.
_HOME = 100         # per card on a foundation
_SPACE = 20         # per empty tableau pile
_BURIED = 5         # per card lying on top of a card some foundation takes next
_DISORDER = 2       # per tableau card not built on the card below it

_SEPARATOR = b"\xff"    # between piles in a packed position (cards are < 128)
_TABLEAU_END = b"\xfe"  # in a key, after the (sorted) tableau piles


@dataclass
class SolveResult:
    """The verdict: "won" (with ``moves``), "lost", or "unknown" (budget spent)."""

    result: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0


class _Search:
    """One best-first search from a position; positions are packed into bytes."""

    def __init__(self, position: Position) -> None:
        self.tables = tables = position.tables
        self.rules = position.rules
        self.n_tableau = tables.n_tableau
        # Two empty foundations are alike when they start with the same cards
        # and build alike (Lightweight's two clubs, Castle of Indolence's eight),
        # unless different piles feed them (Rittenhouse).
        self.foundation_kind = [
            (tables.found_start[k] or tables.found_suit[k], position.rules.foundation(k)[1],
             k if tables.feeds else None)
            for k in range(len(tables.foundations))]
        # (Only games with alike foundations pay for looking: most have none.)
        self.alike_foundations = len(set(self.foundation_kind)) < len(self.foundation_kind)
        # Piles that feed different foundations (Rittenhouse) are not alike.
        self.sorted_piles = 0 if tables.feeds else tables.n_tableau

    # -- packing -----------------------------------------------------------
    def pack(self, piles: list[list[int]]) -> bytes:
        return _SEPARATOR.join(map(bytes, piles))

    @staticmethod
    def unpack(state: bytes) -> list[list[int]]:
        return [list(pile) for pile in state.split(_SEPARATOR)]

    def key(self, piles: list[list[int]]) -> bytes:
        """The position with its tableau piles (and free cells) in sorted order:
        which pile holds what does not change what can be done."""
        n = self.sorted_piles
        cells = self.tables.cells
        if cells:
            rest = (piles[n:cells.start] + sorted(piles[cells.start:cells.stop])
                    + piles[cells.stop:])
        else:
            rest = piles[n:]
        return (_SEPARATOR.join(sorted(map(bytes, piles[:n]))) + _TABLEAU_END
                + _SEPARATOR.join(map(bytes, rest)))

    # -- evaluation --------------------------------------------------------
    def score(self, piles: list[list[int]]) -> int | None:
        """How promising a position looks (higher is better); None when it is won."""
        tables = self.tables
        home = sum(len(piles[index]) for index in tables.foundations)
        if tables.is_won(piles):
            return None     # won (test positions may hold fewer than all the cards)
        step = tables.step
        width = 2 * FACE_DOWN
        spaces = disorder = 0
        for pile in piles[:self.n_tableau]:
            if not pile:
                spaces += 1
                continue
            below = pile[0]
            for card in pile[1:]:
                if below >= FACE_DOWN or card >= FACE_DOWN or not step[below * width + card]:
                    disorder += 1
                below = card
        buried = 0
        # The cards the foundations take next (none until a chosen base is chosen).
        wanted = tables.wants(piles, tables.base_rank(piles) if tables.chosen_base else None)
        if wanted:
            kinds = tables.kinds
            for index in range(len(piles)):
                if kinds[index] == "f":
                    continue
                pile = piles[index]
                height = len(pile)
                for depth, card in enumerate(pile, 1):
                    if card & ~FACE_DOWN in wanted:
                        buried += height - depth
        return _HOME * home + _SPACE * spaces - _BURIED * buried - _DISORDER * disorder

    # -- moves -------------------------------------------------------------
    def moves(self, piles: list[list[int]]) -> list[Move]:
        """The moves worth trying: all legal ones, less those proved redundant."""
        tables = self.tables
        n_tableau = self.n_tableau
        legal = tables.generate(piles)
        forced = self.forced(piles, legal)
        if forced is not None:
            return [forced]
        worth = []
        into_space = set()
        alike_piles = self.sorted_piles > 0
        into_cell = set()
        cells = self.tables.cells
        one_card_cells = tables.cell_holds == 1
        # The empty foundations, each with what makes it differ from the others.
        empty_foundations = {index: self.foundation_kind[index - tables.first_foundation]
                             for index in tables.foundations
                             if not piles[index]} if self.alike_foundations else {}
        into_foundation = set()
        for move in legal:
            source, target, count = move
            if target < n_tableau and not piles[target] and alike_piles:
                if source < n_tableau and len(piles[source]) == count:
                    continue        # a whole pile into a space: the same position
                if (source, count) in into_space:
                    continue        # every space is alike: try one of them
                into_space.add((source, count))
            elif target in cells and not piles[target]:
                if source in cells and one_card_cells:
                    continue        # from one free cell to another: the same position
                if source in into_cell:
                    continue        # every empty cell is alike too
                into_cell.add(source)
            elif target in empty_foundations:
                if (source, empty_foundations[target]) in into_foundation:
                    continue        # alike empty foundations (by rank, or of one suit)
                into_foundation.add((source, empty_foundations[target]))
            worth.append(move)
        return worth

    def forced(self, piles: list[list[int]], legal: list[Move]) -> Move | None:
        """A foundation move that cannot be wrong (games without take-back only)."""
        tables = self.tables
        if self.rules.take_back or (tables.chosen_base and tables.base_rank(piles) is None):
            return None
        kinds = tables.kinds
        home = tables.cards_home(piles)
        decks = self.rules.decks
        for source, target, count in legal:
            if kinds[target] == "f" and kinds[source] != "f":
                card = piles[source][-1]
                if all(home[child] >= decks for child in tables.children[card]):
                    return source, target, count
        return None

    # -- the search --------------------------------------------------------
    def run(self, position: Position, max_nodes: int,
            first_moves: list[Move] | None) -> SolveResult:
        tables = self.tables
        piles = [list(pile) for pile in position.piles]
        if self.score(piles) is None:
            return SolveResult("won", [], 0)
        # nodes[i] = (packed position, index of its parent, the move that made it)
        nodes: list[tuple[bytes, int, Move | None]] = [(self.pack(piles), -1, None)]
        seen = {self.key(piles)}
        frontier = [(0, 0, 0)]      # (-score, depth, node index)
        count = 0
        while frontier:
            _, depth, parent = heapq.heappop(frontier)
            piles = self.unpack(nodes[parent][0])
            moves = first_moves if parent == 0 and first_moves is not None else self.moves(piles)
            for move in moves:
                record = tables.apply(piles, move)
                key = self.key(piles)
                if key not in seen:
                    seen.add(key)
                    count += 1
                    score = self.score(piles)
                    nodes.append((self.pack(piles), parent, move))
                    if score is None:
                        return SolveResult("won", self.line(nodes), count)
                    if count >= max_nodes:
                        return SolveResult("unknown", [], count)
                    heapq.heappush(frontier, (-score, depth + 1, len(nodes) - 1))
                tables.revert(piles, record)
        return SolveResult("lost", [], count)

    @staticmethod
    def line(nodes) -> list[Move]:
        """The moves from the start to the last node."""
        moves = []
        index = len(nodes) - 1
        while index > 0:
            _, index, move = nodes[index]
            moves.append(move)
        moves.reverse()
        return moves


def solve(position: Position, max_nodes: int = DEFAULT_MAX_NODES,
          first_moves: list[Move] | None = None) -> SolveResult:
    """Decide whether ``position`` can be won, searching at most ``max_nodes`` positions.

    ``first_moves``, if given, are the only moves tried from ``position`` itself
    (each must be legal there); "lost" then means none of them leads to a win.
    """
    if first_moves is not None:
        legal = position.legal_moves()
        first_moves = [move for move in first_moves if move in legal]
    return _Search(position).run(position, max_nodes, first_moves)
