"""Legal moves, and playing and taking back a move, over compiled rule tables.

This is the engine's single authority on legality and its hot path: the solver
and the benchmark run through it hundreds of thousands of times a second, so a
game's rules are compiled once into lookup tables (which cards a card may go
on, what each foundation wants next) and positions are plain lists of ints.
A move is a tuple ``(source, destination, count)`` of pile indices in
``rules.pile_names`` order; which indices are tableau, foundations,
reserves, stock and waste is said here once (:attr:`MoveTables.foundations`
and its siblings).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from .cards import FACE_DOWN, KING, QUEEN
from .rules import Build, EmptyRank, GameRules, PileKind, parse_pile_name

Move = tuple[int, int, int]

#: Piles as the methods that only read them take them: lists of card ints
#: (a Position's), or the solver's packed positions, one bytes object a pile.
Piles = Sequence[Sequence[int]]

# Bits of the record that play() returns, so that undo() can put back
# exactly what the move's automatic consequences changed.
FLIPPED_SOURCE = 1      # the card exposed on the source pile was turned face up
REFILLED_SOURCE = 2     # the emptied pile took the reserve's top card (Chequers)
FLIPPED_RESERVE = 4     # ... and the reserve's next card was turned face up
TURNED_OVER = 8         # the stock's top card was turned face up onto the waste

#: What play() returns for undo(): the move, the FLIPPED_/REFILLED_/TURNED_
#: bits, and the (source, foundation) pairs that forced founding made after it.
Record = tuple[Move, int, tuple[tuple[int, int], ...]]

_WIDTH = 2 * FACE_DOWN  # table rows cover face-down values too (never accepted)


class MoveTables:
    """One game's rules compiled for fast move generation."""

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        tableau = rules.tableau
        build = tableau.build
        # The pile indices of each kind, in rules.pile_names order.
        self.n_tableau = rules.pile_count("t")
        self.first_foundation = self.n_tableau
        self.first_reserve = self.first_foundation + rules.pile_count("f")
        first_stock = self.first_reserve + rules.pile_count("r")
        self.n_piles = first_stock + rules.pile_count("s") + rules.pile_count("w")
        #: the tableau piles' indices
        self.tableau = range(self.n_tableau)
        #: the foundations' indices
        self.foundations = range(self.first_foundation, self.first_reserve)
        #: the reserves' indices
        self.reserves = range(self.first_reserve, first_stock)
        #: the stock's and the waste's indices, or None in a game without them
        self.stock = first_stock if rules.stock is not None else None
        self.waste = first_stock + 1 if rules.stock is not None else None
        #: kinds[i]: "t", "f", "r", "s" or "w", the kind of pile i.  Hot loops ask
        #: ``kinds[i] == "f"``: as quick as comparing with both ends of the
        #: foundations, where ``i in range`` is slower.
        self.kinds: tuple[PileKind, ...] = tuple(parse_pile_name(name)[0]
                                                 for name in rules.pile_names)

        # step[lower * _WIDTH + upper]: +1/-1 if upper builds up/down on lower.
        self.step = [0] * (_WIDTH * _WIDTH)
        # run_step: the same for cards following each other in a run that moves
        # as a unit (Castle Mount: only same-suit runs move, though any suit builds).
        run_build = (build if tableau.run_suits is None
                     else Build(tableau.run_suits, build.direction, build.wrap))
        self.run_step = [0] * (_WIDTH * _WIDTH)
        hosts: list[list[int]] = [[] for _ in range(_WIDTH)]
        hosts_by_step: dict[int, list[list[int]]] = {1: [[] for _ in range(_WIDTH)],
                                                      -1: [[] for _ in range(_WIDTH)]}
        for lower in range(52):
            for upper in range(52):
                self.run_step[lower * _WIDTH + upper] = run_build.step(lower, upper)
                step = build.step(lower, upper)
                if step:
                    self.step[lower * _WIDTH + upper] = step
                    hosts[upper].append(lower)
                    hosts_by_step[step][upper].append(lower)
        #: hosts[c]: the tableau cards that c may be laid on.
        self.hosts = [tuple(h) for h in hosts]
        #: children[c]: the tableau cards that may be laid on c.
        self.children = [tuple(child for child in range(52) if card in hosts[child])
                         for card in range(52)]
        #: hosts_by_step[d][c]: those on which c goes in direction d (Lasker's runs).
        self.hosts_by_step = {d: [tuple(h) for h in table] for d, table in hosts_by_step.items()}

        # Foundations: the cards that may follow each card, and those that may
        # start each pile (one card a suit; all four of a rank "by-rank").
        self.found_next: list[list[tuple[int, ...]]] = []
        self.found_start: list[tuple[int, ...] | None] = []
        self.found_suit: list[int] = []
        for k in range(len(self.foundations)):
            suit, row = rules.foundation(k)
            suits = range(4) if row.builds == "by-rank" else (suit,)
            delta = 1 if row.direction == "up" else -1
            follows: list[tuple[int, ...]] = [()] * _WIDTH
            for rank in range(13):
                nxt = rank + delta
                if row.wrap:
                    nxt %= 13
                if 0 <= nxt < 13:
                    for own in suits:
                        follows[own * 13 + rank] = tuple(other * 13 + nxt for other in suits)
            self.found_next.append(follows)
            base = row.base_rank()
            self.found_start.append(None if base is None else tuple(own * 13 + base for own in suits))
            self.found_suit.append(suit)
        #: Whether some foundation takes any suit; if not, the same tables as
        #: plain ints (-1 or None for nothing), for wants()' hot loop.
        self.by_rank = any(row.builds == "by-rank" for row in rules.foundations)
        self.found_next_card = [[cards[0] if cards else -1 for cards in follows]
                                for follows in self.found_next]
        self.found_start_card = [cards[0] if cards else None for cards in self.found_start]
        #: own_foundation[c]: the first foundation of c's suit (for founding the base).
        self.own_foundation = [self.first_foundation + self.found_suit.index(c // 13)
                               for c in range(52)]

        self.chosen_base = rules.chosen_base
        self.found_first = rules.founding.first
        self.refills = rules.reserves.fill_spaces
        self.run_moves = tableau.moves != "single"
        self.one_way_runs = tableau.moves == "one-way-run"
        self.empty_takes_runs = tableau.empty_takes == "card-or-run"
        self.counted_runs = tableau.moves == "free-space-run"
        #: the free cells' indices (empty when the game has none), how many
        #: cards each holds (1 when none), and whether they take cards from the
        #: tableau only
        cells = rules.reserves.cells
        self.cells = self.reserves if cells is not None else range(0)
        self.cell_holds = cells.holds if cells is not None else 1
        self.cells_take_tableau_only = cells is not None and cells.take_from == "tableau"
        #: feeds[i]: the foundation indices tableau pile i may found on (Rittenhouse),
        #: or None when every pile founds anywhere
        self.feeds = ([tuple(self.first_foundation + number - 1 for number in numbers)
                       for numbers in rules.founding.feeds] if rules.founding.feeds else None)
        self.forced_founding = rules.founding.forced
        #: fills_space[c]: whether card c (or a run from it) may go on an empty pile.
        space_ranks: dict[EmptyRank, int] = {"K": KING, "Q": QUEEN}
        space_rank = space_ranks.get(tableau.empty_rank)
        self.fills_space = [space_rank is None or c % 13 == space_rank for c in range(_WIDTH)]
        sources = list(self.tableau) + list(self.reserves)
        if rules.take_back:
            sources += list(self.foundations)
        if self.waste is not None:
            sources.append(self.waste)
        self.sources = tuple(sources)

    def is_foundation(self, index: int) -> bool:
        """Whether pile ``index`` is a foundation."""
        return self.kinds[index] == "f"

    def builds_on(self, lower: int, upper: int) -> bool:
        """Whether ``upper`` may be laid on ``lower`` in the tableau (both face up)."""
        return self.step[lower * _WIDTH + upper] != 0

    def base_rank(self, piles: Piles) -> int | None:
        """The chosen base rank (the bottom card of any foundation), or None."""
        for index in self.foundations:
            pile = piles[index]
            if pile:
                return pile[0] % 13
        return None

    def wants(self, piles: Piles, base: int | None) -> dict[int, tuple[int, ...]]:
        """The card each foundation takes next -> the foundations that take it
        (in Chequers two piles may want the same card).

        ``base`` is :meth:`base_rank` in a chosen-base game (nothing is wanted
        while it is None: the first card founded chooses it); other games
        ignore it.
        """
        wants: dict[int, tuple[int, ...]] = {}
        if base is None and self.chosen_base:
            return wants
        if self.by_rank:
            for k, index in enumerate(self.foundations):
                pile = piles[index]
                if pile:
                    if len(pile) == 13:
                        continue
                    cards = self.found_next[k][pile[-1]]
                else:
                    starts = self.found_start[k]
                    if starts is None:
                        # No game founds by rank on a chosen base: these tables
                        # would have to be made from the base once chosen.
                        raise NotImplementedError("by-rank foundations on a chosen base")
                    cards = starts
                for card in cards:
                    wants[card] = wants.get(card, ()) + (index,)
            return wants
        # One card a foundation: this loop runs for every position the solver
        # makes, so it reads plain ints rather than the tuples above.
        for k, index in enumerate(self.foundations):
            pile = piles[index]
            if pile:
                if len(pile) == 13:
                    continue
                card = self.found_next_card[k][pile[-1]]
                if card < 0:
                    continue
            else:
                start = self.found_start_card[k]
                if start is None:
                    # A chosen base: known here, as nothing is wanted until then.
                    assert base is not None
                    start = self.found_suit[k] * 13 + base
                card = start
            wants[card] = wants.get(card, ()) + (index,)
        return wants

    def cards_home(self, piles: Piles) -> list[int]:
        """How many copies of each card (0..51) are on the foundations."""
        home = [0] * 52
        for index in self.foundations:
            for card in piles[index]:
                home[card] += 1
        return home

    def is_won(self, piles: Piles) -> bool:
        """Every card is on a foundation: no other pile holds any."""
        return not any(piles[:self.first_foundation]) and not any(piles[self.first_reserve:])

    def generate(self, piles: Piles,
                 wants: dict[int, tuple[int, ...]] | None = None,
                 source: int | None = None) -> list[Move]:
        """Every legal move in the position ``piles``, in no particular order.

        ``wants``, if given, is what :meth:`wants` says of ``piles`` (the solver
        keeps it for each state of the foundations, and passes it in).
        ``source``, if given: only the moves from that pile, in the same
        order (the same loops, over that one pile: what replaying a line
        needs to check a move, at a fraction of the cost).
        """
        moves: list[Move] = []
        add = moves.append
        kinds = self.kinds
        only = source

        base = unchosen = None
        if self.chosen_base:
            base = self.base_rank(piles)
            unchosen = base is None
        if wants is None:
            wants = self.wants(piles, base)

        # Tableau piles by their top card (a list by card value, quicker to
        # read than a dict), and the empty ones.
        tops: list[tuple[int, ...]] = [()] * _WIDTH
        empties = []
        for index in self.tableau:
            pile = piles[index]
            if pile:
                tops[pile[-1]] += (index,)
            else:
                empties.append(index)
        tableau_open = not (unchosen and self.found_first)

        hosts = self.hosts
        fills_space = self.fills_space
        # The free cells with room. (Games without free cells skip this:
        # generation is the solver's hot path.)
        empty_cells = ([index for index in self.cells if len(piles[index]) < self.cell_holds]
                       if self.cells else ())
        cells_take_any = not self.cells_take_tableau_only
        feeds = self.feeds
        chosen_base = self.chosen_base
        no_wants = ()
        if (self.stock is not None and self.waste is not None and piles[self.stock]
                and (only is None or only == self.stock)):
            add((self.stock, self.waste, 1))
        for source in (self.sources if only is None else
                       (only,) if only in self.sources else ()):
            pile = piles[source]
            if not pile:
                continue
            card = pile[-1]
            if card >= FACE_DOWN:
                continue
            kind = kinds[source]
            if kind == "f":
                # A chosen base card never leaves its foundation.
                if chosen_base and len(pile) == 1:
                    continue
            elif unchosen:
                add((source, self.own_foundation[card], 1))
            if not unchosen:
                if feeds is None:
                    for index in wants.get(card, no_wants):
                        add((source, index, 1))
                elif kind == "t":
                    for index in wants.get(card, no_wants):
                        if index in feeds[source]:
                            add((source, index, 1))
            if tableau_open:
                for host in hosts[card]:
                    for index in tops[host]:
                        add((source, index, 1))
                if empties and fills_space[card]:
                    for index in empties:
                        add((source, index, 1))
            if empty_cells and (kind == "t" or cells_take_any):
                for index in empty_cells:
                    if index != source:
                        add((source, index, 1))

        if self.run_moves and tableau_open:
            self._add_runs(piles, tops, empties, len(empty_cells), add,
                           self.tableau if only is None else
                           (only,) if only in self.tableau else ())
        return moves

    def _add_runs(self, piles: Piles, tops: list[tuple[int, ...]], empties: list[int],
                  free_cells: int, add: Callable[[Move], None], sources: Sequence[int]) -> None:
        """Moves of two or more cards as a unit (Martha, Lasker, Selective Castle),
        from the tableau piles ``sources``."""
        step = self.run_step
        one_way = self.one_way_runs
        # The longest run a move may carry onto a pile, and onto an empty one.
        longest = longest_to_empty = _WIDTH
        if self.counted_runs:
            longest, longest_to_empty = run_limits(len(empties), free_cells)
        to_empties = self.empty_takes_runs and empties
        for source in sources:
            pile = piles[source]
            size = len(pile)
            direction = 0
            count = 1
            while count < size:
                this_step = step[pile[-count - 1] * _WIDTH + pile[-count]]
                if not this_step:
                    break
                if one_way:
                    if direction and this_step != direction:
                        break
                    direction = this_step
                count += 1
                if count > longest:
                    break
                bottom = pile[-count]
                hosts = self.hosts_by_step[direction][bottom] if one_way else self.hosts[bottom]
                for host in hosts:
                    for index in tops[host]:
                        # A run that wraps all the way round may fit on its own top.
                        if index != source:
                            add((source, index, count))
                if to_empties and count <= longest_to_empty and self.fills_space[bottom]:
                    for index in empties:
                        if index != source:
                            add((source, index, count))

    def apply(self, piles: list[list[int]], move: Move) -> Record:
        """Play a move known to be legal, with its consequences; return the undo record."""
        source, target, count = move
        src = piles[source]
        if source == self.stock:
            # The stock's cards are face down: the one turned over shows, and
            # the next one stays hidden.
            piles[target].append(src.pop() - FACE_DOWN)
            return move, TURNED_OVER, self.found_forced(piles) if self.forced_founding else ()
        if count == 1:
            piles[target].append(src.pop())
        else:
            piles[target].extend(src[-count:])
            del src[-count:]
        flags = 0
        if src:
            if src[-1] >= FACE_DOWN:
                src[-1] -= FACE_DOWN
                flags = FLIPPED_SOURCE
        elif self.refills and source < self.n_tableau:
            reserve = piles[self.first_reserve]
            if reserve:
                src.append(reserve.pop())
                flags = REFILLED_SOURCE
                if reserve and reserve[-1] >= FACE_DOWN:
                    reserve[-1] -= FACE_DOWN
                    flags |= FLIPPED_RESERVE
        return move, flags, self.found_forced(piles) if self.forced_founding else ()

    def found_forced(self, piles: list[list[int]]) -> tuple[tuple[int, int], ...]:
        """Compulsory founding (Rittenhouse): while some tableau pile's top card
        may go to a foundation it feeds, send the first such card (piles from
        t1, foundations from f1) there.  Returns the (pile, foundation) pairs
        in the order they were made; the deal uses this between its rounds."""
        founded = []
        feeds = self.feeds
        while True:
            wants = self.wants(piles, None)
            for source in self.tableau:
                pile = piles[source]
                if pile and pile[-1] in wants:
                    allowed = wants[pile[-1]] if feeds is None else [
                        index for index in wants[pile[-1]] if index in feeds[source]]
                    if allowed:
                        target = min(allowed)
                        piles[target].append(pile.pop())
                        founded.append((source, target))
                        break
            else:
                return tuple(founded)

    def revert(self, piles: list[list[int]], record: Record) -> None:
        """Undo :meth:`apply` exactly, given the record it returned."""
        (source, target, count), flags, founded = record
        if founded:
            for pile, foundation in reversed(founded):
                piles[pile].append(piles[foundation].pop())
        src = piles[source]
        if flags & TURNED_OVER:
            src.append(piles[target].pop() + FACE_DOWN)
            return
        if flags & REFILLED_SOURCE:
            reserve = piles[self.first_reserve]
            if flags & FLIPPED_RESERVE:
                reserve[-1] += FACE_DOWN
            reserve.append(src.pop())
        if flags & FLIPPED_SOURCE:
            src[-1] += FACE_DOWN
        dst = piles[target]
        if count == 1:
            src.append(dst.pop())
        else:
            src.extend(dst[-count:])
            del dst[-count:]


def run_limits(spaces: int, free_cells: int = 0) -> tuple[int, int]:
    """How many cards a "free-space-run" move may carry: onto a pile, and onto
    an empty pile (which is then not there to help).

    As many as single-card moves could carry through the free cells and the
    other empty piles: (cells + 1) doubled once per empty pile (PySolFC's
    SuperMove piles, ``_getMaxMove``).
    """
    return (free_cells + 1) << spaces, (free_cells + 1) << max(spaces - 1, 0)


@lru_cache(maxsize=None)
def tables_for(rules: GameRules) -> MoveTables:
    """The compiled tables of a game (built once per game)."""
    return MoveTables(rules)
