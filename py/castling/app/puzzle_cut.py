"""Cutting puzzles from real deals: playing them as a player plays, and
grading them (scripts/puzzles.py writes what this cuts into the tables).

What a puzzle is and what proves one is the engine's
(castling.puzzles.proofs); finding them needs the player's side, one-tap
play's choice of a place for a card (castling.app.table.tap), so it lives
here, in the app model. Where they come from (docs/decisions/puzzles.md has
the reasons):

* **Plausible play** (:func:`plausible_game`): the moves a player makes, in a
  mix drawn from a generator seeded by the game, the deal and the try, so that
  the same command cuts the same puzzles: mostly the baseline hint's move
  (castling.hint.hint) or one-tap's choice for a card (castling.app.table.tap),
  now and then any legal move (a mistake); after each, auto-play sends home
  the cards no one needs (its setting is on by default), as the page does.
* **The turning point**: a game of such moves that runs into a loss lost its
  win at one move; halving between the last position known winnable and the
  first known lost finds it, as castling.search.review does. The position
  before that move is where a puzzle is likeliest: one move at least lost
  there. If every other move but the solver's keeping move is lost too, it is
  a puzzle; earlier positions whose move played was the only one make it
  start sooner, and later ones on the winning line make it go on.
* **On from there**: the game is then rewound to the turning point, the
  keeping move played, and plausible play goes on, so one deal gives puzzles
  deeper in the game too (fewer cards, smaller searches, more proofs).

Each proof is budgeted in positions (castling.puzzles.proofs.BUDGET), never in
seconds, so the same puzzles come out on any machine under any load.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from ..hint import hint, safe_foundation_moves
from ..movegen import Move
from ..position import Position
from ..puzzles.proofs import Search, Step, budgeted, median_nodes, only_move, verdict_of
from ..puzzles.table import Puzzle, rating_of
from ..rules import GameRules
from .table.board import pickable_counts, targets
from .table.tap import next_place

#: Plausible play's mix: the baseline hint's move, else one-tap's choice for a
#: card picked at random, and this share of the moves any legal move.
HINT_SHARE = 0.5
MISTAKE_SHARE = 0.1
#: A game of plausible play stops after this many moves (auto-play's included).
LONGEST_GAME = 400
#: A puzzle goes at most this many moves back (and as many on) from its turning point.
MOST_STEPS = 4
#: Turning points looked for in one deal, and puzzles kept from it.
MOST_TURNS = 8
MOST_PER_DEAL = 3
#: Auto-play's limit per move, as the page's.
AUTOPLAY_LIMIT = 200

#: What :func:`cut_deal` counts: deals tried, those proved winnable, turning
#: points found (positions tried), those where one move alone kept the win.
TALLIES = ("deals", "winnable", "turns", "one_keeps")


@dataclass(frozen=True)
class Cut:
    """A puzzle as cut: deal ``deal`` of ``rules``, ``moves`` from the deal to
    its position, ``line`` a whole winning line from there whose first
    ``len(steps)`` moves are each the only one keeping the win, and what it
    was graded by (:func:`grade_facts`)."""

    rules: GameRules
    deal: int
    moves: tuple[Move, ...]
    line: tuple[Move, ...]
    steps: tuple[Step, ...]
    hint_loses: bool
    tap_loses: bool

    def position(self) -> Position:
        """The puzzle's position: the deal with :attr:`moves` played (each checked)."""
        position = Position.deal(self.rules, self.deal)
        for move in self.moves:
            position.play(move)
        return position


# -- plausible play -----------------------------------------------------------------------


def _tap_moves(position: Position, rng: random.Random) -> list[Move] | None:
    """What one tap on a card picked at random plays (one-tap's choice for it),
    or None when no card can move by a tap."""
    taps = []
    for pile in range(len(position.piles)):
        if position.tables.is_foundation(pile):
            continue        # (a player taps a foundation card rarely: no take-back by tap)
        for count in sorted(pickable_counts(position, pile)):
            taps.append((pile, count))
    rng.shuffle(taps)
    for pile, count in taps:
        target = next_place(position, pile, count)
        if target is not None:
            return list(targets(position, pile, count)[target])
    return None


def autoplay(position: Position) -> list[Move]:
    """Play the safe foundation moves one by one, as the page's auto-play does; they are returned."""
    played = []
    for _ in range(AUTOPLAY_LIMIT):
        safe = safe_foundation_moves(position)
        if not safe:
            break
        position.play(safe[0])
        played.append(safe[0])
    return played


def plausible_game(position: Position, rng: random.Random, last: Move | None = None,
                   longest: int = LONGEST_GAME) -> list[Move]:
    """Moves a player might make from ``position`` (played on it), until the
    game is won, no move is left, or ``longest`` moves; a position met three
    times ends it too (the hint can go round)."""
    moves: list[Move] = []
    seen: dict[tuple[tuple[int, ...], ...], int] = {}
    while len(moves) < longest and not position.is_won():
        legal = position.legal_moves()
        if not legal:
            break
        key = position.key()
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3:
            break
        draw = rng.random()
        chosen: list[Move] | None = None
        if draw < MISTAKE_SHARE:
            chosen = [rng.choice(sorted(legal))]
        elif draw < MISTAKE_SHARE + HINT_SHARE:
            move = hint(position, last)
            chosen = None if move is None else [move]
        if chosen is None:
            chosen = _tap_moves(position, rng) or [rng.choice(sorted(legal))]
        for move in chosen:
            position.play(move)
            moves.append(move)
        last = moves[-1]
        moves += autoplay(position)
    return moves


# -- turning points ----------------------------------------------------------------------


def turning_point(start: Position, moves: list[Move],
                  search: Search) -> tuple[int, list[Move]] | None:
    """``(index, line)``: after ``index`` of ``moves`` from ``start`` (which is
    winnable) the position can be won, by ``line``, and after one more it
    cannot; None when the game does not end lost, or a verdict between is
    unknown."""
    positions = [start.copy()]
    for move in moves:
        positions.append(positions[-1].copy())
        positions[-1].play(move)
    end, _ = verdict_of(positions[-1], search)
    if end != "lost":
        return None
    won, lost, lines = 0, len(moves), {}
    while lost - won > 1:
        middle = (won + lost) // 2
        verdict, line = verdict_of(positions[middle], search)
        if verdict == "won":
            won, lines[middle] = middle, line
        elif verdict == "lost":
            lost = middle
        else:
            return None
    if won not in lines:
        verdict, line = verdict_of(positions[won], search)
        if verdict != "won":
            return None
        lines[won] = line
    return won, lines[won]


def grow(rules: GameRules, deal: int, moves: list[Move], line: list[Move],
         search: Search) -> Cut | None:
    """The puzzle around the position after ``moves`` (winnable by ``line``),
    if ``line[0]`` is its only keeping move: started as many moves back as the
    moves played there were each the only one, and gone on along the line as
    long as each next move is (:data:`MOST_STEPS` each way at most)."""
    def position_after(count: int) -> Position:
        position = Position.deal(rules, deal)
        for move in moves[:count]:
            position.play(move)
        return position

    here = position_after(len(moves))
    step = only_move(here, line[0], search)
    if step is None:
        return None
    steps, start = [step], len(moves)
    while start > 0 and len(steps) < MOST_STEPS:
        earlier = only_move(position_after(start - 1), moves[start - 1], search)
        if earlier is None:
            break
        steps.insert(0, earlier)
        start -= 1
    whole_line = list(moves[start:]) + list(line)
    ahead = here.copy()
    ahead.play(line[0])
    at = 1
    while at < len(line) and len(steps) < 2 * MOST_STEPS and not ahead.is_won():
        further = only_move(ahead, line[at], search)
        if further is None:
            break
        steps.append(further)
        ahead.play(line[at])
        at += 1
    puzzle = position_after(start)
    last = moves[start - 1] if start else None
    first = steps[0].move
    wrong = {move for move, _ in steps[0].wrong}
    return Cut(rules, deal, tuple(moves[:start]), tuple(whole_line), tuple(steps),
               hint_loses=hint(puzzle, last) in wrong,
               tap_loses=_tap_sends_elsewhere(puzzle, first))


def _tap_sends_elsewhere(position: Position, move: Move) -> bool:
    """Whether one tap on the only move's cards sends them somewhere else (a losing move)."""
    source, target, count = move
    if count not in pickable_counts(position, source):
        return False
    place = next_place(position, source, count)
    return place is not None and place != target


def cut_deal(rules: GameRules, deal: int, search: Search = budgeted(),
             known: set[tuple[tuple[int, ...], ...]] | None = None,
             tally: Counter[str] | None = None) -> Iterator[Cut]:
    """Puzzles from plausible play on deal ``deal`` (none if it is not proved
    winnable), each at a turning point of the game, the game going on past it
    by the keeping move; ``known`` holds the positions of puzzles already
    cut (none is cut twice), and grows. ``tally`` counts what was tried
    (:data:`TALLIES`)."""
    known = set() if known is None else known
    tally = Counter() if tally is None else tally
    tally["deals"] += 1
    rng = random.Random(f"castling puzzle {rules.id} {deal}")
    position = Position.deal(rules, deal)
    played: list[Move] = autoplay(position)
    verdict, _ = verdict_of(position, search)
    if verdict != "won":
        return
    tally["winnable"] += 1
    found = 0
    for _ in range(MOST_TURNS):
        start = position.copy()
        moves = plausible_game(position, rng, played[-1] if played else None)
        turn = turning_point(start, moves, search)
        if turn is None:
            return
        tally["turns"] += 1
        index, line = turn
        before = played + moves[:index]
        cut = grow(rules, deal, before, line, search)
        tally["one_keeps"] += cut is not None
        if cut is not None and cut.position().key() not in known:
            known.add(cut.position().key())
            yield cut
            found += 1
            if found >= MOST_PER_DEAL:
                return
        # On from the turning point, by the move that keeps the win.
        position = start
        for move in moves[:index]:
            position.play(move)
        position.play(line[0])
        played = before + [line[0]] + autoplay(position)


# -- grading --------------------------------------------------------------------------------


def grade_facts(cut: Cut) -> dict[str, int]:
    """What makes a puzzle hard, measured before anyone plays it: how many
    legal moves its first step has (``legal``), whether the baseline hint's
    move (``hint``) or one tap on the only move's card (``tap``) loses, how
    far ahead the loss shows (``depth``: the base-2 log of the median count of
    positions a wrong move's proof searched), and how many moves it goes on
    (``steps``)."""
    first = cut.steps[0]
    return {"legal": len(first.wrong) + 1, "hint": int(cut.hint_loses), "tap": int(cut.tap_loses),
            "depth": round(math.log2(max(median_nodes(first), 1))), "steps": len(cut.steps)}


def as_puzzle(cut: Cut, number: int, proof: int) -> Puzzle:
    """The cut puzzle as the table keeps it: number ``number``, proved by proof ``proof``."""
    grade = grade_facts(cut)
    return Puzzle(cut.rules, number, cut.deal, proof, cut.moves, cut.line, len(cut.steps),
                  tuple(step.wrong for step in cut.steps), grade, rating_of(grade))
