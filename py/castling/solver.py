"""A solver for every game: is a position winnable, and by which moves?

Best-first search over the graph of positions: the most promising position
found so far (most cards home, most empty piles, the cards the foundations
need next least buried, the tableau most in order) is expanded next, and a
transposition table of canonical keys (tableau piles are interchangeable, so
they are sorted) makes every position count once.  The answer is "won" with a
full winning line, "lost" only when every reachable position was searched, or
"unknown" when the node budget ran out: it never claims what it has not proved.

It searches twice at most: first greedily, by that measure alone, with a quarter
of the budget (most deals are won that way, in few positions); then, if that
did not decide, with the rest of the budget and a cost per move made, so that
the search spreads over shorter lines instead of following one down.  On deals
101-130 of twelve games that left 50 deals undecided at 20,000 positions where
the greedy search alone with the whole budget left 70.  Each stage is a whole
search, so either one exhausted is a proof.

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

What makes it quick: a position is kept as its piles' bytes (which the move
generator reads as it reads lists), and a plain move makes new bytes only for
the two piles it changes.  The score is a sum of what each pile is worth,
remembered per pile (and per what the foundations want next), so a move that
leaves the foundations alone is scored from its parent's score and the two
piles it changed.  None of this changes which positions are searched, or in
what order: only how quickly.
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
VERSION = 3     # 2: the search in two stages (see solve); 3: a card home worth 300

# How much each feature of a position is worth to the search order.
_HOME = 300         # per card on a foundation (100 until version 3)
_SPACE = 20         # per empty tableau pile
_BURIED = 5         # per card lying on top of a card some foundation takes next
_DISORDER = 2       # per tableau card not built on the card below it
# In the second stage, what each move made so far costs a position: the search
# then spreads over shorter lines instead of diving down one. Six, with a card
# home worth 300, is where the fewest deals were left undecided: on deals
# 101-130 of twelve games, and on deals 1-20 of five several-deck games, where
# a card home worth 100 left 71 of 100 undecided and 300 left 58.
_MOVE_COST = 6
_FIRST_STAGE = 4    # the first stage's share of the budget: a quarter

_SEPARATOR = b"\xff"    # between piles in a packed position (cards are < 128)
_TABLEAU_END = b"\xfe"  # in a key, after the (sorted) tableau piles
_WORTH_KEPT = 400_000   # piles whose worth the score remembers, at most
_BYTE = [bytes([value]) for value in range(256)]


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
        self.stock = tables.stock
        self.forced_founding = tables.forced_founding
        self.refill_from = tables.first_reserve if tables.refills else None
        # The piles the score looks at: tableau, then the rest but foundations.
        self.other_piles = [index for index in range(tables.n_tableau, len(tables.kinds))
                            if tables.kinds[index] != "f"]
        # What each pile adds to the score, by what the foundations want next
        # and the pile's cards: a search meets the same piles again and again.
        self.tableau_worth: dict[bytes, int] = {}
        self.other_worth: dict[bytes, int] = {}
        # By the foundations' cards: the score they add, and the cards they want next.
        self.foundation_facts: dict[bytes, tuple[int, dict, bytes]] = {}

    # -- packing -----------------------------------------------------------
    # A position is handled as its piles' bytes (one bytes object a pile, made
    # once a position): joined, they are its stored form; sorted, its key; and
    # the score looks each one up.
    def key(self, packed: list[bytes]) -> bytes:
        """The position with its tableau piles (and free cells) in sorted order:
        which pile holds what does not change what can be done."""
        n = self.sorted_piles
        cells = self.tables.cells
        if cells:
            rest = (packed[n:cells.start] + sorted(packed[cells.start:cells.stop])
                    + packed[cells.stop:])
        else:
            rest = packed[n:]
        return _SEPARATOR.join(sorted(packed[:n])) + _TABLEAU_END + _SEPARATOR.join(rest)

    def child(self, packed: list[bytes], move: Move) -> list[bytes] | None:
        """The position a plain move makes: the cards go from one pile to the
        other, and the card they uncover is turned face up (as
        :meth:`MoveTables.apply` does; a test checks the two agree). None for a
        move with more to it (the stock turned, a space refilled from the
        reserve, compulsory founding): :meth:`MoveTables.apply` plays those."""
        source, target, count = move
        if source == self.stock or self.forced_founding:
            return None
        from_pile = packed[source]
        rest = from_pile[:-count]
        if rest:
            if rest[-1] >= FACE_DOWN:
                rest = rest[:-1] + _BYTE[rest[-1] - FACE_DOWN]
        elif self.refill_from is not None and source < self.n_tableau and packed[self.refill_from]:
            return None
        child = packed.copy()
        child[source] = rest
        child[target] = packed[target] + from_pile[-count:]
        return child

    # -- evaluation --------------------------------------------------------
    def score(self, packed: list[bytes]) -> int | None:
        """How promising a position looks (higher is better); None when it is won.

        The sum over the piles of what each is worth: an empty tableau pile
        _SPACE, and every card lying on a card some foundation takes next
        -_BURIED, and every tableau card not built on the card below it
        -_DISORDER; plus _HOME a card on the foundations."""
        tables = self.tables
        if tables.is_won(packed):
            return None     # won (test positions may hold fewer than all the cards)
        total, wanted, tag = self.foundation_facts_of(packed)
        for indices, worth, tableau in ((range(self.n_tableau), self.tableau_worth, True),
                                        (self.other_piles, self.other_worth, False)):
            for index in indices:
                looked_up = tag + packed[index]
                value = worth.get(looked_up)
                if value is None:
                    value = worth[looked_up] = self.pile_worth(packed[index], wanted, tableau)
                total += value
        return total

    def rescore(self, parent_score: int, facts: tuple[int, dict, bytes],
                parent_packed: list[bytes], packed: list[bytes], changed: tuple[int, ...]) -> int:
        """The score of a position made from its parent by a move that left the
        foundations alone (so it is not won, and every pile is worth what it was
        but the changed ones): the parent's, with those piles' worth replaced."""
        _, wanted, tag = facts
        n_tableau = self.n_tableau
        score = parent_score
        for index in changed:
            tableau = index < n_tableau
            worth = self.tableau_worth if tableau else self.other_worth
            for pile, sign in ((parent_packed[index], -1), (packed[index], 1)):
                looked_up = tag + pile
                value = worth.get(looked_up)
                if value is None:
                    value = worth[looked_up] = self.pile_worth(pile, wanted, tableau)
                score += sign * value
        return score

    def foundation_facts_of(self, packed: list[bytes]) -> tuple[int, dict, bytes]:
        """What the foundations add to the score, the cards they want next, and
        those cards as bytes (to tag the piles' worth with)."""
        tables = self.tables
        foundations = _SEPARATOR.join(packed[tables.first_foundation:tables.first_reserve])
        facts = self.foundation_facts.get(foundations)
        if facts is None:
            home = 0
            for index in tables.foundations:
                home += len(packed[index])
            # The cards the foundations take next (none until a chosen base is chosen).
            wanted = tables.wants(packed, tables.base_rank(packed) if tables.chosen_base else None)
            facts = self.foundation_facts[foundations] = (
                _HOME * home, wanted, bytes(sorted(wanted)) + _SEPARATOR)
        return facts

    def forget_if_full(self) -> None:
        """Bound the memory the score's memos take: past a limit, start again."""
        if len(self.tableau_worth) + len(self.other_worth) > _WORTH_KEPT:
            self.tableau_worth.clear()
            self.other_worth.clear()
            self.foundation_facts.clear()

    def pile_worth(self, pile: bytes, wanted, tableau: bool) -> int:
        """What one pile adds to the score (see :meth:`score`), given the cards
        the foundations want next."""
        if not pile:
            return _SPACE if tableau else 0
        value = 0
        if tableau:
            step = self.tables.step
            width = 2 * FACE_DOWN
            below = pile[0]
            for card in pile[1:]:
                if below >= FACE_DOWN or card >= FACE_DOWN or not step[below * width + card]:
                    value -= _DISORDER
                below = card
        if wanted:
            height = len(pile)
            for depth, card in enumerate(pile, 1):
                if card & ~FACE_DOWN in wanted:
                    value -= _BURIED * (height - depth)
        return value

    # -- moves -------------------------------------------------------------
    def moves(self, piles: list[bytes]) -> list[Move]:
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

    def forced(self, piles: list[bytes], legal: list[Move]) -> Move | None:
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
            first_moves: list[Move] | None, move_cost: int = 0) -> SolveResult:
        tables = self.tables
        packed = list(map(bytes, position.piles))
        score = self.score(packed)
        if score is None:
            return SolveResult("won", [], 0)
        # nodes[i] = (packed position, index of its parent, the move that made it)
        nodes: list[tuple[bytes, int, Move | None]] = [(_SEPARATOR.join(packed), -1, None)]
        seen = {self.key(packed)}
        # (what a move costs times depth, less the score; depth; node index)
        frontier = [(-score, 0, 0)]
        count = 0
        kinds = tables.kinds
        while frontier:
            priority, depth, parent = heapq.heappop(frontier)
            parent_score = move_cost * depth - priority
            # The move generator reads piles of bytes as it reads lists of ints.
            parent_packed = nodes[parent][0].split(_SEPARATOR)
            self.forget_if_full()
            facts = self.foundation_facts_of(parent_packed)
            moves = (first_moves if parent == 0 and first_moves is not None
                     else self.moves(parent_packed))
            for move in moves:
                packed = self.child(parent_packed, move)
                plain = packed is not None
                if not plain:
                    piles = [list(pile) for pile in parent_packed]
                    tables.apply(piles, move)
                    packed = list(map(bytes, piles))
                key = self.key(packed)
                if key not in seen:
                    seen.add(key)
                    count += 1
                    source, target, _ = move
                    if plain and kinds[source] != "f" and kinds[target] != "f":
                        score = self.rescore(parent_score, facts, parent_packed, packed,
                                             (source, target))
                    else:
                        score = self.score(packed)
                    nodes.append((_SEPARATOR.join(packed), parent, move))
                    if score is None:
                        return SolveResult("won", self.line(nodes), count)
                    if count >= max_nodes:
                        return SolveResult("unknown", [], count)
                    heapq.heappush(frontier,
                                   (move_cost * (depth + 1) - score, depth + 1, len(nodes) - 1))
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
    # Two stages, each a whole search (so either one run to its end is a proof):
    # a greedy one with a quarter of the budget, which wins the easy deals
    # quickest; then, if that did not decide, one that weighs the moves made.
    first = _Search(position).run(position, max_nodes // _FIRST_STAGE, first_moves)
    if first.result != "unknown":
        return first
    second = _Search(position).run(position, max_nodes - first.nodes, first_moves, _MOVE_COST)
    second.nodes += first.nodes
    return second
