"""A position: the cards of every pile of one game, with play and undo.

Its text form is one line per pile, bottom card first, face-down cards in
lower case (docs/rules.md §1)::

    t1: JD 9S JS 4D 6D 2H
    ...
    f1:

The same piles as a name -> list-of-codes mapping are what the command line
prints.  Both round-trip through :meth:`Position.from_text` and
:meth:`Position.from_piles`, and ``repr`` is the call to ``from_text`` that
makes the position again (``from castling import *`` gives its names).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import FACE_DOWN, card_text, parse_card
from .deal import deal_piles
from .errors import IllegalMoveError, NotationError
from .games import rules_repr
from .movegen import Move, Record, tables_for
from .notation import format_move
from .rules import GameRules


class Position:
    """The piles of one game; :meth:`legal_moves` is the only judge of legality."""

    __slots__ = ("rules", "piles", "tables", "_legal", "_legal_before")

    def __init__(self, rules: GameRules, piles: list[list[int]]) -> None:
        self.rules = rules
        self.tables = tables_for(rules)
        if len(piles) != self.tables.n_piles:
            raise NotationError(f"{rules.name} has {self.tables.n_piles} piles, not {len(piles)}")
        self.piles = piles
        self._legal: list[Move] | None = None
        # The legal moves of the positions before each move played, so that
        # undo (which restores the exact position) need not generate them again.
        self._legal_before: list[list[Move] | None] = []

    # -- making positions ---------------------------------------------------

    @classmethod
    def deal(cls, rules: GameRules, number: int) -> "Position":
        """The starting position of deal ``number`` (PySolFC-compatible)."""
        return cls(rules, deal_piles(rules, number))

    @classmethod
    def from_piles(cls, rules: GameRules, piles: dict[str, list[str]]) -> "Position":
        """A position from a ``{"t1": ["JD", ...], ...}`` mapping; missing piles are empty."""
        if not isinstance(piles, dict):
            raise NotationError("a position is a mapping from pile names to lists of cards")
        names = rules.pile_names
        unknown = [name for name in piles if name not in names]
        if unknown:
            raise NotationError(f"{rules.name} has no pile {str(unknown[0])[:12]!r}")
        lists = []
        for name in names:
            cards = piles.get(name, [])
            if not isinstance(cards, list):
                raise NotationError(f"pile {name} must be a list of cards")
            lists.append([parse_card(code) for code in cards])
        position = cls(rules, lists)
        position._check_card_counts()
        return position

    @classmethod
    def from_text(cls, rules: GameRules, text: str) -> "Position":
        """Inverse of :meth:`to_text`; piles not mentioned are empty."""
        if not isinstance(text, str):
            raise NotationError("a position text must be a string")
        piles: dict[str, list[str]] = {}
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            name, colon, cards = line.partition(":")
            name = name.strip()
            if not colon:
                raise NotationError(f"line {number}: expected 'PILE: CARDS', got {line[:30]!r}")
            if name in piles:
                raise NotationError(f"line {number}: pile {name[:12]!r} appears twice")
            piles[name] = cards.split()
        return cls.from_piles(rules, piles)

    def _check_card_counts(self) -> None:
        counts = Counter(card & ~FACE_DOWN for pile in self.piles for card in pile)
        for card, count in counts.items():
            if count > self.rules.decks:
                raise NotationError(
                    f"{card_text(card)} appears {count} times; {self.rules.name} has "
                    f"{self.rules.decks} of each card")

    def copy(self) -> "Position":
        """An independent copy."""
        return Position(self.rules, [list(pile) for pile in self.piles])

    # -- text forms ------------------------------------------------------------

    def to_piles(self) -> dict[str, list[str]]:
        """``{"t1": ["JD", ...], ..., "f1": [], ...}`` with every pile, bottom to top."""
        return {name: [card_text(card) for card in pile]
                for name, pile in zip(self.rules.pile_names, self.piles)}

    def to_text(self) -> str:
        """One line per pile, ``t1: JD 9S``; see the module docstring."""
        return "".join(f"{name}: {' '.join(cards)}".rstrip() + "\n"
                       for name, cards in self.to_piles().items())

    def key(self) -> tuple[tuple[int, ...], ...]:
        """A hashable snapshot of the piles (equal positions, equal keys)."""
        return tuple(map(tuple, self.piles))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Position) and other.rules == self.rules
                and other.piles == self.piles)

    # Mutable, so unhashable: Python makes a class that defines __eq__ and no
    # __hash__ unhashable itself (its __hash__ is None; hash() raises TypeError).

    def __repr__(self) -> str:
        # Python that makes the position again, to paste into a test or a shell:
        # Position.from_text(get_game('morphy'), 't1: ...\n...').
        return f"Position.from_text({rules_repr(self.rules)}, {self.to_text()!r})"

    # -- rules -------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move here (computed once per position, then reused)."""
        if self._legal is None:
            self._legal = self.tables.generate(self.piles)
        return self._legal

    def legal_move_texts(self) -> list[str]:
        """The legal moves in notation, sorted (the command line's ``legal`` list)."""
        return sorted(format_move(self.rules, move) for move in self.legal_moves())

    def is_legal(self, move: Sequence[int]) -> bool:
        """Whether ``move`` (a tuple, or a list as JSON gives it) may be played here."""
        return tuple(move) in self.legal_moves()

    def play(self, move: Sequence[int]) -> Record:
        """Play a legal move (a tuple, or a list as JSON gives it) with its
        automatic consequences; return its undo record, which starts with the
        move as a tuple."""
        played = tuple(move)
        if played not in self.legal_moves():
            raise IllegalMoveError(f"{format_move(self.rules, played)} is not legal in this position")
        self._legal_before.append(self._legal)
        self._legal = None
        # (Being one of the legal moves, it is a (source, target, count) triple.)
        return self.tables.apply(self.piles, played)

    def undo(self, record: Record) -> None:
        """Take back the move that returned ``record`` (it must be the last one played)."""
        self.tables.revert(self.piles, record)
        self._legal = self._legal_before.pop() if self._legal_before else None

    def base_rank(self) -> int | None:
        """In the chosen-base games, the foundations' base rank once chosen."""
        return self.tables.base_rank(self.piles) if self.rules.chosen_base else None

    def is_won(self) -> bool:
        """Every card is on a foundation."""
        return self.tables.is_won(self.piles)

    def is_lost(self) -> bool:
        """Not won, and no legal move is left."""
        return not self.is_won() and not self.legal_moves()
