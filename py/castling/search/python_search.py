"""The standard-library search: the reference the compiled core mirrors.

castling.search.solver.solve() answers with it where the core does not load (or
``CASTLING_SOLVER=python`` asks for it); the core searches as this does, node
for node, when asked to search as solver 3 did (its tests compare the two).
Two stages, each a whole search (castling.search.plan shares the budget):
best-first over positions by the score below, a transposition table of
canonical keys, and only provably harmless shortcuts (castling.search.solver's
docstring lists them).

The heuristic only orders the search, so it may be crude without harm; it was
tuned on the first deals of each game (docs/winnability.md has the figures).

What makes it quick: a position is kept as a list of its piles' bytes (which
the move generator reads as it reads lists), and a move makes new bytes only
for the piles it changes, sharing the others with its parent; the key is those
bytes in a tuple, whose hash reuses each pile's.  The score is a sum of what
each pile is worth, remembered per pile (and per what the foundations want
next), so a move that leaves the foundations alone is scored from its parent's
score and the piles it changed; what the foundations want, and how many of each
card are home, are remembered per state of the foundations.  None of this
changes which positions are searched, or in what order: only how quickly.
"""

from __future__ import annotations

import heapq
import time

from ..cards import FACE_DOWN
from ..movegen import Move, MoveTables
from ..position import Position
from .common import SolveResult, foundation_kinds
from .plan import (BURIED, DEFAULT_MAX_NODES, DISORDER, FIRST_STAGE, HOME, MOVE_COST, SPACE,
                   check_budgets, stage_deadlines)


_SEPARATOR = b"\xff"    # between the foundations' piles, to look them up as one
_WORTH_KEPT = 400_000   # piles whose worth the score remembers, at most
_BYTE = [bytes([value]) for value in range(256)]


# What the foundations' cards give the score: the points for the cards home,
# the cards the foundations want next (-> which foundations), and what a
# tableau pile and any other pile is worth given those, by the pile's bytes,
# and those cards marked for bytes.translate (None if there are none); and how
# many of each card are home (for the forced move).
_Worth = dict[bytes, int]
_Facts = tuple[int, dict[int, tuple[int, ...]], _Worth, _Worth, bytes | None, list[int]]



class _Search:
    """One best-first search from a position; positions are packed into bytes."""

    def __init__(self, position: Position) -> None:
        self.tables = tables = position.tables
        self.rules = position.rules
        self.n_tableau = tables.n_tableau
        self.foundation_kind = foundation_kinds(tables)
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
        # By the foundations' cards: the score they add, the cards they want
        # next, and what each tableau pile and each other pile is worth given
        # those (by the pile's bytes, whose hash Python keeps): a search meets
        # the same piles again and again.
        self.foundation_facts: dict[bytes, _Facts] = {}
        self.worth_by_wanted: dict[tuple[int, ...], tuple[_Worth, _Worth, bytes | None]] = {}
        # How out of order each tableau pile is (see pile_worth).
        self.disorder: dict[bytes, int] = {}
        self.worth_kept = 0     # how many piles' worth those remember

    # -- packing -----------------------------------------------------------
    # A position is handled as a list of its piles' bytes (one bytes object a
    # pile, shared with every position that has the same pile there): stored
    # so, sorted into a tuple as its key, and each pile looked up by the score.
    def key(self, packed: list[bytes]) -> tuple[bytes, ...]:
        """The position with its tableau piles (and free cells) in sorted order:
        which pile holds what does not change what can be done.  (Every
        position has as many piles of each kind, so a tuple of them needs no
        separators, and hashing it reuses each pile's hash.)"""
        n = self.sorted_piles
        cells = self.tables.cells
        key = sorted(packed[:n])
        if cells:
            key += packed[n:cells.start]
            key += sorted(packed[cells.start:cells.stop])
            key += packed[cells.stop:]
        else:
            key += packed[n:]
        return tuple(key)

    def child(self, packed: list[bytes], move: Move) -> list[bytes] | None:
        """The position a move makes, as :meth:`MoveTables.apply` would (a test
        checks the two agree): the cards go from one pile to the other, the
        card they uncover is turned face up, an emptied tableau pile takes the
        reserve's top card where the game says so, and the stock's top card is
        turned face up onto the waste. None in a game of compulsory founding,
        whose moves have more to them: :meth:`MoveTables.apply` plays those."""
        if self.forced_founding:
            return None
        source, target, count = move
        child = packed.copy()
        from_pile = packed[source]
        if source == self.stock:
            child[source] = from_pile[:-1]
            child[target] = packed[target] + _BYTE[from_pile[-1] - FACE_DOWN]
            return child
        rest = from_pile[:-count]
        if rest:
            if rest[-1] >= FACE_DOWN:
                rest = rest[:-1] + _BYTE[rest[-1] - FACE_DOWN]
        elif self.refill_from is not None and source < self.n_tableau:
            reserve = packed[self.refill_from]
            if reserve:
                rest = reserve[-1:]
                reserve = reserve[:-1]
                if reserve and reserve[-1] >= FACE_DOWN:
                    reserve = reserve[:-1] + _BYTE[reserve[-1] - FACE_DOWN]
                child[self.refill_from] = reserve
        child[source] = rest
        child[target] = packed[target] + from_pile[-count:]
        return child

    # -- evaluation --------------------------------------------------------
    def score(self, packed: list[bytes]) -> int | None:
        """How promising a position looks (higher is better); None when it is won.

        The sum over the piles of what each is worth: an empty tableau pile
        SPACE, and every card lying on a card some foundation takes next
        -BURIED, and every tableau card not built on the card below it
        -DISORDER; plus HOME a card on the foundations."""
        tables = self.tables
        if tables.is_won(packed):
            return None     # won (test positions may hold fewer than all the cards)
        total, _, tableau_worth, other_worth, marks, _ = self.foundation_facts_of(packed)
        for indices, worth, tableau in ((range(self.n_tableau), tableau_worth, True),
                                        (self.other_piles, other_worth, False)):
            for index in indices:
                pile = packed[index]
                value = worth.get(pile)
                if value is None:
                    value = worth[pile] = self.pile_worth(pile, marks, tableau)
                    self.worth_kept += 1
                total += value
        return total

    def rescore(self, parent_score: int, facts: _Facts,
                parent_packed: list[bytes], packed: list[bytes], changed: tuple[int, ...]) -> int:
        """The score of a position made from its parent by a move that left the
        foundations alone (so it is not won, and every pile is worth what it was
        but the changed ones): the parent's, with those piles' worth replaced."""
        _, _, tableau_worth, other_worth, marks, _ = facts
        n_tableau = self.n_tableau
        score = parent_score
        for index in changed:
            tableau = index < n_tableau
            worth = tableau_worth if tableau else other_worth
            for pile, sign in ((parent_packed[index], -1), (packed[index], 1)):
                value = worth.get(pile)
                if value is None:
                    value = worth[pile] = self.pile_worth(pile, marks, tableau)
                    self.worth_kept += 1
                score += sign * value
        return score

    def foundation_facts_of(self, packed: list[bytes]) -> _Facts:
        """What the foundations add to the score, the cards they want next, and
        what each tableau pile and each other pile is worth given those."""
        tables = self.tables
        foundations = _SEPARATOR.join(packed[tables.first_foundation:tables.first_reserve])
        facts = self.foundation_facts.get(foundations)
        if facts is None:
            home = tables.cards_home(packed)
            # The cards the foundations take next (none until a chosen base is chosen).
            wanted = tables.wants(packed, tables.base_rank(packed) if tables.chosen_base else None)
            # Foundations that want the same cards share the piles' worth.
            cards = tuple(sorted(wanted))
            worth = self.worth_by_wanted.get(cards)
            if worth is None:
                # Those cards, face up or down, marked 1 in a table for bytes.translate.
                marks = bytearray(256)
                for card in cards:
                    marks[card] = marks[card + FACE_DOWN] = 1
                worth = self.worth_by_wanted[cards] = ({}, {}, bytes(marks) if cards else None)
            facts = self.foundation_facts[foundations] = (
                HOME * sum(home), wanted, *worth, home)
        return facts

    def forget_if_full(self) -> None:
        """Bound the memory the score's memos take: past a limit, start again."""
        if self.worth_kept + len(self.disorder) > _WORTH_KEPT:
            self.worth_by_wanted.clear()
            self.foundation_facts.clear()
            self.disorder.clear()
            self.worth_kept = 0

    def pile_worth(self, pile: bytes, marks: bytes | None, tableau: bool) -> int:
        """What one pile adds to the score (see :meth:`score`), given the cards
        the foundations want next, marked in ``marks`` (None if there are none)."""
        if not pile:
            return SPACE if tableau else 0
        value = 0
        if tableau:
            # (Whatever the foundations want, so remembered apart.)
            disorder = self.disorder.get(pile)
            if disorder is None:
                disorder = 0
                step = self.tables.step
                width = 2 * FACE_DOWN
                below = pile[0]
                for card in pile[1:]:
                    if below >= FACE_DOWN or card >= FACE_DOWN or not step[below * width + card]:
                        disorder -= DISORDER
                    below = card
                self.disorder[pile] = disorder
            value = disorder
        if marks is not None:
            # Each wanted card, and how many cards lie on it.
            wanted_at = pile.translate(marks)
            height = len(pile)
            at = wanted_at.find(1)
            while at >= 0:
                value -= BURIED * (height - 1 - at)
                at = wanted_at.find(1, at + 1)
        return value

    # -- moves -------------------------------------------------------------
    def moves(self, piles: list[bytes], facts: _Facts) -> list[Move]:
        """The moves worth trying: all legal ones, less those proved redundant."""
        tables = self.tables
        n_tableau = self.n_tableau
        legal = tables.generate(piles, facts[1])
        forced = self.forced(piles, legal, facts[5])
        if forced is not None:
            return [forced]
        alike_piles = self.sorted_piles > 0
        cells = self.tables.cells
        # The empty foundations, each with what makes it differ from the others.
        empty_foundations = {index: self.foundation_kind[index - tables.first_foundation]
                             for index in tables.foundations
                             if not piles[index]} if self.alike_foundations else {}
        # With no empty pile, cell or foundation among the alike, nothing below
        # applies (the usual case: this is the search's hot path).
        if (not (alike_piles and not all(piles[:n_tableau]))
                and not (cells and not all(piles[cells.start:cells.stop]))
                and not empty_foundations):
            return legal
        worth = []
        into_space = set()
        into_cell = set()
        one_card_cells = tables.cell_holds == 1
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

    def forced(self, piles: list[bytes], legal: list[Move], home: list[int]) -> Move | None:
        """A foundation move that cannot be wrong (games without take-back only),
        given how many of each card are home."""
        tables = self.tables
        if self.rules.take_back or (tables.chosen_base and tables.base_rank(piles) is None):
            return None
        kinds = tables.kinds
        decks = self.rules.decks
        for source, target, count in legal:
            if kinds[target] == "f" and kinds[source] != "f":
                card = piles[source][-1]
                if all(home[child] >= decks for child in tables.children[card]):
                    return source, target, count
        return None

    # -- the search --------------------------------------------------------
    def run(self, position: Position, max_nodes: int,
            first_moves: list[Move] | None, move_cost: int = 0,
            deadline: float | None = None) -> SolveResult:
        """One stage: "unknown" once ``max_nodes`` positions are counted, or
        once ``time.monotonic()`` passes ``deadline`` (looked at between
        expansions, every _CLOCK_EVERY positions)."""
        tables = self.tables
        packed = list(map(bytes, position.piles))
        score = self.score(packed)
        if score is None:
            return SolveResult("won", [], 0)
        # nodes[i] = (packed position, index of its parent, the move that made it)
        nodes: list[tuple[list[bytes], int, Move | None]] = [(packed, -1, None)]
        seen = {self.key(packed)}
        # (what a move costs times depth, less the score; depth; node index)
        frontier = [(-score, 0, 0)]
        count = 0
        kinds = tables.kinds
        refill = self.refill_from
        # (One comparison an expansion when there is no deadline: a count
        # never reached, as the stage ends on counting max_nodes, or 1.)
        look_at_clock = _CLOCK_EVERY if deadline is not None else max(max_nodes, 1) + 1
        while frontier:
            if count >= look_at_clock:
                assert deadline is not None
                if time.monotonic() >= deadline:
                    return SolveResult("unknown", [], count)
                look_at_clock = count + _CLOCK_EVERY
            priority, depth, parent = heapq.heappop(frontier)
            parent_score = move_cost * depth - priority
            # The move generator reads piles of bytes as it reads lists of ints.
            parent_packed = nodes[parent][0]
            self.forget_if_full()
            facts = self.foundation_facts_of(parent_packed)
            moves = (first_moves if parent == 0 and first_moves is not None
                     else self.moves(parent_packed, facts))
            for move in moves:
                child = self.child(parent_packed, move)
                plain = child is not None
                if child is None:
                    piles = [list(pile) for pile in parent_packed]
                    tables.apply(piles, move)
                    child = list(map(bytes, piles))
                packed = child
                # (Adding and counting hashes the key once, where "in" then add would twice.)
                known = len(seen)
                seen.add(self.key(packed))
                if len(seen) > known:
                    count += 1
                    source, target, _ = move
                    if plain and kinds[source] != "f" and kinds[target] != "f":
                        # (A space refilled from the reserve changes it too.)
                        changed = ((source, target) if refill is None or source == refill
                                   or packed[refill] is parent_packed[refill]
                                   else (source, target, refill))
                        score = self.rescore(parent_score, facts, parent_packed, packed, changed)
                    else:
                        score = self.score(packed)
                    nodes.append((packed, parent, move))
                    if score is None:
                        return SolveResult("won", self.line(nodes), count)
                    if count >= max_nodes:
                        return SolveResult("unknown", [], count)
                    heapq.heappush(frontier,
                                   (move_cost * (depth + 1) - score, depth + 1, len(nodes) - 1))
        return SolveResult("lost", [], count)

    @staticmethod
    def line(nodes: list[tuple[list[bytes], int, Move | None]]) -> list[Move]:
        """The moves from the start to the last node."""
        moves = []
        index = len(nodes) - 1
        while index > 0:
            _, index, move = nodes[index]
            assert move is not None     # only the start, node 0, has none
            moves.append(move)
        moves.reverse()
        return moves




def python_solve(position: Position, max_nodes: int = DEFAULT_MAX_NODES,
                 first_moves: list[Move] | None = None, *,
                 seconds: float | None = None, memory: int | None = None) -> SolveResult:
    """:func:`solve` by the standard-library search, whatever loads (the
    reference: the core's tests compare the two). ``first_moves`` must all be legal."""
    check_budgets(max_nodes, seconds, memory)
    if memory is not None:
        max_nodes = min(max_nodes, python_budget_within(position, memory))
    ends = stage_deadlines(seconds)
    # Two stages, each a whole search (so either one run to its end is a proof):
    # a greedy one with a quarter of the budget, which wins the easy deals
    # quickest; then, if that did not decide, one that weighs the moves made.
    first = _Search(position).run(position, max_nodes // FIRST_STAGE, first_moves,
                                  deadline=ends[0] if ends else None)
    if first.result != "unknown":
        return first
    second = _Search(position).run(position, max_nodes - first.nodes, first_moves, MOVE_COST,
                                   deadline=ends[1] if ends else None)
    second.nodes += first.nodes
    return second



def python_budget_within(position: Position, memory: int) -> int:
    """The most positions the Python search keeps in ``memory`` bytes: an
    estimate from tracemalloc's peaks at 100,000 positions (deals of
    Beleaguered Castle, Lightweight, Castle Mount, Zerline with 3 decks and
    Rittenhouse: 564-1277 bytes a position), which this overstates by 3-20%.
    A position costs its list of piles and its key (a pointer a pile each),
    its node and heap entries and a set slot, and the piles a move made anew:
    two, or every pile in a game of compulsory founding, whose children are
    made whole (Rittenhouse). Less the score's memos at their largest."""
    tables = position.tables
    piles = len(position.piles)
    per_position = _PER_POSITION + _PER_PILE * piles
    if tables.forced_founding:
        per_position += _PER_CARD_MADE_ANEW * sum(map(len, position.piles))
    return max(0, (memory - _MEMOS) // per_position)


# What python_budget_within counts (bytes; see there).
_PER_POSITION = 200
_PER_PILE = 32
_PER_CARD_MADE_ANEW = 6
_MEMOS = 24 << 20      # _WORTH_KEPT piles' worth, some 60 bytes an entry
_CLOCK_EVERY = 1024     # positions between two looks at the clock (about 10 ms)
