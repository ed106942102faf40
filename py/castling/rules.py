"""The rule vocabulary: a game is a small declaration in these terms.

The words are PySolFC's (base rank, direction, wrap, what moves, what fills a
space), kept as plain data so that each game in :mod:`castling.games` reads
like its rules page.  A game (:class:`GameRules`) is made of parts, as
solitaire.gg declares its games: the :class:`Tableau`, the foundations
(:class:`FoundationRow`) and how cards reach them (:class:`Founding`), the
:class:`Reserves` (and whether they are free cells, :class:`Cells`), the
:class:`Stock`, and the :class:`Deal`.  The rules the vocabulary cannot say as
a setting are named switches of those parts with one piece of engine code each:
``Reserves.fill_spaces`` (Chequers), ``Founding.first`` (Castle's End),
``Founding.feeds`` and ``Founding.forced`` (Rittenhouse).

The piles' names (``t3``, ``f1``, ``r2``, ``s1``, ``w1``) are made and read here too:
:attr:`GameRules.pile_names` and :func:`parse_pile_name`.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, field
from functools import cached_property
from typing import Literal, get_args

from .cards import ACE, KING, is_red, rank_of, suit_of
from .errors import NotationError

# Every choice of the vocabulary is closed: a declaration naming anything else
# is refused at once with a ValueError (not an assert, which python -O drops).
SuitRule = Literal["same-suit", "alt-colour", "any-suit", "any-but-own"]
Direction = Literal["up", "down", "up-or-down"]
FoundationDirection = Literal["up", "down"]
TableauMove = Literal["single", "run", "one-way-run", "free-space-run"]
EmptyTakes = Literal["card", "card-or-run"]
EmptyRank = Literal["any", "K", "Q"]
FoundationBuild = Literal["in-suit", "by-rank"]
CellSources = Literal["any", "tableau"]
Base = Literal["A", "K", "chosen"]
Reserve = Literal["none", "rest", "one-each"]
TableauLayout = Literal["row", "rows-of-five"]
#: The kinds of pile, by the letter their names start with, in pile order:
#: tableau, foundations, reserves, stock, waste.
PileKind = Literal["t", "f", "r", "s", "w"]
PILE_KINDS: tuple[PileKind, ...] = get_args(PileKind)


def _one_of(kind: object, value: object, what: str) -> None:
    """Refuse ``value`` unless it is one of the Literal ``kind``'s words."""
    choices = get_args(kind)
    if value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(map(repr, choices))}, not {value!r}")


@dataclass(frozen=True)
class Build:
    """Which card may be laid on which: suit relation, direction, and wrap K<->A."""

    suits: SuitRule = "same-suit"
    direction: Direction = "up-or-down"
    wrap: bool = False

    def __post_init__(self) -> None:
        _one_of(SuitRule, self.suits, "Build.suits")
        _one_of(Direction, self.direction, "Build.direction")

    def step(self, lower: int, upper: int) -> int:
        """+1 if ``upper`` may go on ``lower`` going up, -1 going down, 0 if it may not."""
        if self.suits == "same-suit" and suit_of(lower) != suit_of(upper):
            return 0
        if self.suits == "alt-colour" and is_red(lower) == is_red(upper):
            return 0
        if self.suits == "any-but-own" and suit_of(lower) == suit_of(upper):
            return 0
        diff = rank_of(upper) - rank_of(lower)
        if self.wrap:
            diff = {12: -1, -12: 1}.get(diff, diff)
        # (Written as "not the other way", not "in (...)": mypy checks each word
        # of an == against the Literal, but a misspelt one in a tuple passes.)
        if diff == 1 and self.direction != "down":
            return 1
        if diff == -1 and self.direction != "up":
            return -1
        return 0


@dataclass(frozen=True)
class Tableau:
    """The tableau piles: how many, how they build, what moves, what fills a space.

    ``moves``: "single" (one card at a time), "run" (any built run from some card
    to the top moves as a unit), "one-way-run" (Lasker: a run all going up or all
    going down moves if it continues that way on the target), "free-space-run"
    (Streets and Alleys, PySolFC's "supermove" piles: a built run moves as a unit
    when it is no longer than single-card moves through the empty piles could
    carry: 2 ** (empty piles) cards, half that onto an empty pile).
    ``empty_takes``: "card" (one card only) or "card-or-run".
    ``run_suits``: (Castle Mount, Palace) how the cards of a run must follow
    each other to move as a unit, when that differs from how cards build; None:
    as they build.
    ``empty_rank``: what an empty pile takes: "any" card, or only a "K" (a run
    must then start with a King), or only a "Q" (Zerline).
    ``layout``: how a screen shows the piles: "row" (side by side, each fanned
    downwards) or "rows-of-five" (rows of five piles fanned sideways: Chequers' 25).
    ``supermove``: (Chessboard) an interface convenience: a built run may be
    dragged when the empty piles allow the same result one card at a time
    (recorded as those moves).
    """

    piles: int
    build: Build
    moves: TableauMove = "single"
    empty_takes: EmptyTakes = "card"
    run_suits: SuitRule | None = None
    empty_rank: EmptyRank = "any"
    layout: TableauLayout = "row"
    supermove: bool = False

    def __post_init__(self) -> None:
        _one_of(TableauMove, self.moves, "Tableau.moves")
        _one_of(EmptyTakes, self.empty_takes, "Tableau.empty_takes")
        _one_of(EmptyRank, self.empty_rank, "Tableau.empty_rank")
        if self.run_suits is not None:
            _one_of(SuitRule, self.run_suits, "Tableau.run_suits")
        _one_of(TableauLayout, self.layout, "Tableau.layout")


@dataclass(frozen=True)
class FoundationRow:
    """Four foundations, one per suit in the order C S H D (f1..f4, then f5..f8).

    ``base``: the first card's rank, "A", "K", or "chosen" (the first card founded
    in the game, any rank, sets the base rank of every foundation; it never moves).
    ``builds``: "in-suit", or "by-rank" (Castle of Indolence, Rittenhouse: any
    card of the next rank, whatever its suit; the four piles are then alike,
    and the suit they are listed under means nothing).
    """

    base: Base = "A"
    direction: FoundationDirection = "up"
    wrap: bool = False
    builds: FoundationBuild = "in-suit"

    def __post_init__(self) -> None:
        _one_of(Base, self.base, "FoundationRow.base")
        _one_of(FoundationDirection, self.direction, "FoundationRow.direction")
        _one_of(FoundationBuild, self.builds, "FoundationRow.builds")

    def base_rank(self) -> int | None:
        """The fixed first rank, or None when the player chooses it."""
        # (Typed, so that a misspelt key is an error as a misspelt == is.)
        fixed: dict[Base, int] = {"A": ACE, "K": KING}
        return fixed.get(self.base)


@dataclass(frozen=True)
class Deal:
    """How the shuffled cards are laid out (the last card of the list goes first).

    ``tableau_faces``: face-up flag per dealing round over the tableau piles;
    empty means "face-up rounds until the cards run out" (a short last round).
    ``aces_to_foundations``: the four Aces start on the foundations (Martha).
    ``rounds``: (Somerset, Canister) which piles each round deals to, as
    (first, last) tableau numbers from 1, every card face up; empty means every
    pile each round.
    ``found_while_dealing``: (Citadel) after the Aces, a dealt card that a
    foundation takes goes there, and the pile it was meant for gets none that
    round (so piles end uneven).
    ``reserve``: "none", "rest" (the undealt cards form r1, the next card to deal
    on top) or "one-each" (after the tableau, one card to each reserve).
    ``reserve_rounds``: (Castle of Indolence) before the tableau, this many
    face-up rounds of one card to each reserve.
    (In a game with a :class:`Stock`, the cards the deal leaves form it.)
    """

    tableau_faces: tuple[bool, ...] = ()
    aces_to_foundations: bool = False
    found_while_dealing: bool = False
    rounds: tuple[tuple[int, int], ...] = ()
    reserve: Reserve = "none"
    reserve_rounds: int = 0

    def __post_init__(self) -> None:
        _one_of(Reserve, self.reserve, "Deal.reserve")
        for first, last in self.rounds:
            if not 1 <= first <= last:
                raise ValueError(f"Deal.rounds must be (first, last) piles from 1, not {(first, last)!r}")


@dataclass(frozen=True)
class Founding:
    """How cards reach the foundations, beyond how each row builds.

    ``feeds``: (Rittenhouse) which foundations (numbers from 1) each tableau
    pile may send cards to, pile by pile; and then only tableau piles found.
    Empty: any pile founds on any foundation.
    ``forced``: (Rittenhouse) founding is compulsory.  During the deal after
    each round, and after every move, the first tableau pile (from t1) whose
    top card a foundation it feeds takes sends it to the first such foundation
    (from f1), over and over until none can (PySolFC's ``fillAll``).
    ``first``: (Castle's End) until a card is founded, no tableau pile accepts
    anything.
    ``by_suit``: PySolFC lists a several-deck game's foundations suit by suit
    (Lightweight: f1 f2 clubs, f3 f4 spades, …) where Chequers' go row by row
    (f1..f4 up, then f5..f8 down): see :meth:`GameRules.foundation`.
    """

    feeds: tuple[tuple[int, ...], ...] = ()
    forced: bool = False
    first: bool = False
    by_suit: bool = False


@dataclass(frozen=True)
class Cells:
    """Reserves that are free cells: each takes a card from another pile while
    it has room, and its top card plays like any other.

    ``holds``: how many cards one holds, one at a time (Stronghold, Bastion: 1;
    Zerline 4, Soother 8).  Each empty one-card cell lets a "free-space-run"
    carry one more card per power of two.  (The tableaux of the games whose
    cells hold several move single cards, so such a cell never counts towards
    a run.)
    ``take_from``: where a cell takes cards from: "any" pile, or (Zerline) only
    the "tableau" (not the waste).
    """

    holds: int = 1
    take_from: CellSources = "any"

    def __post_init__(self) -> None:
        _one_of(CellSources, self.take_from, "Cells.take_from")
        if self.holds < 1:
            raise ValueError(f"Cells.holds must be at least 1, not {self.holds!r}")


@dataclass(frozen=True)
class Reserves:
    """The reserve piles r1..rN beside the tableau (what the deal puts there is
    :class:`Deal`'s ``reserve`` and ``reserve_rounds``).

    ``count``: how many (0: none).
    ``cells``: the reserves are free cells, and how (:class:`Cells`); None:
    they are only played from.
    ``fill_spaces``: (Chequers) a tableau pile that becomes empty is refilled
    from the reserve.
    """

    count: int = 0
    cells: Cells | None = None
    fill_spaces: bool = False

    @property
    def free_cells(self) -> bool:
        """Whether they are free cells of one card each, which a player calls
        free cells (Zerline's and Soother's, which hold several, are called
        reserves)."""
        return self.cells is not None and self.cells.holds == 1


@dataclass(frozen=True)
class Stock:
    """(Zerline, Soother) The cards the deal leaves form a face-down stock s1,
    and s1-w1 turns its top card over onto the waste w1, once through (no
    redeal).  The waste's top card plays like any other.

    ``to_waste``: how many cards the deal then turns over onto the waste.
    """

    to_waste: int = 0


@dataclass(frozen=True)
class GameRules:
    """Everything that makes one game: a declaration over the shared vocabulary."""

    id: str
    name: str
    pysol_id: int
    tableau: Tableau
    decks: int = 1
    foundations: tuple[FoundationRow, ...] = (FoundationRow(),)
    founding: Founding = field(default_factory=Founding)
    take_back: bool = True
    reserves: Reserves = field(default_factory=Reserves)
    stock: Stock | None = None
    deal: Deal = field(default_factory=Deal)

    def __post_init__(self) -> None:
        feeds = self.founding.feeds
        if feeds and len(feeds) != self.tableau.piles:
            raise ValueError(f"Founding.feeds must name the foundations of each of the "
                             f"{self.tableau.piles} tableau piles")
        if self.reserves.fill_spaces and not self.reserves.count:
            raise ValueError("Reserves.fill_spaces needs a reserve")

    @property
    def reserve_holds(self) -> int:
        """How many cards one of the reserves can ever hold: a free cell its
        ``Cells.holds`` (Zerline 4, Soother 8, Bastion 1); Chequers' reserve,
        which the deal leaves all the undealt cards in, more than any game deals
        (counted as every deck); otherwise the cards the deal puts there (Castle
        of Indolence 13 rounds, Castle's End one each)."""
        if self.reserves.cells is not None:
            return self.reserves.cells.holds
        if self.deal.reserve == "rest":
            return 52 * self.decks
        return self.deal.reserve_rounds + (1 if self.deal.reserve == "one-each" else 0)

    @property
    def chosen_base(self) -> bool:
        """Whether the first card founded sets the base rank (never auto-played)."""
        return any(row.base == "chosen" for row in self.foundations)

    @property
    def card_count(self) -> int:
        """52 per deck."""
        return 52 * self.decks

    # Rules are dictionary keys on hot paths (movegen.tables_for, once per
    # position made): hashing the whole nested declaration anew each time cost
    # about a millisecond a move in the browser, so it is computed once.
    @cached_property
    def _hash(self) -> int:
        return hash(astuple(self))

    def __hash__(self) -> int:
        return self._hash

    def __getstate__(self) -> dict[str, object]:
        # Not the cached values: a string's hash differs from process to process,
        # and rules travel to other processes (the study's workers).
        return {name: value for name, value in self.__dict__.items()
                if name not in ("_hash", "pile_names")}

    def foundation(self, index: int) -> tuple[int, FoundationRow]:
        """The suit (0..3, C S H D) and the row of the foundation ``index`` (0 is f1)."""
        rows = len(self.foundations)
        if self.founding.by_suit:
            return index // rows, self.foundations[index % rows]
        return index % 4, self.foundations[index // 4]

    def pile_count(self, kind: PileKind) -> int:
        """How many piles of a kind: "t" tableau, "f" foundations (four a row), "r"
        reserves, "s" stock and "w" waste (one each in a game with a stock)."""
        _one_of(PileKind, kind, "a pile kind")
        counts: dict[PileKind, int] = {
            "t": self.tableau.piles, "f": 4 * len(self.foundations), "r": self.reserves.count,
            "s": int(self.stock is not None), "w": int(self.stock is not None)}
        return counts[kind]

    def pile_names_of(self, kind: PileKind) -> tuple[str, ...]:
        """The names of the piles of a kind, in order: ``("f1", ..., "f4")``."""
        return tuple(f"{kind}{number}" for number in range(1, self.pile_count(kind) + 1))

    @cached_property
    def pile_names(self) -> tuple[str, ...]:
        """t1..tN, f1..fK, r1..rM, s1, w1: the order of piles everywhere in the engine."""
        return tuple(name for kind in PILE_KINDS for name in self.pile_names_of(kind))


def parse_pile_name(name: str) -> tuple[PileKind, int]:
    """``("t", 3)`` for ``"t3"``: a pile's kind and its number (from 1) among its kind.

    Only the spelling is checked (:class:`NotationError` if wrong); whether a
    game has that pile is for ``rules.pile_names`` to say.
    """
    if isinstance(name, str):
        kind, number = name[:1], name[1:]
        # isascii: str.isdigit also takes digits like "²", which int() refuses.
        if kind in PILE_KINDS and number.isascii() and number.isdigit() and number[0] != "0":
            return kind, int(number)
    raise NotationError(f"not a pile name: {str(name)[:12]!r} (t, f, r, s or w, then a number from 1)")
