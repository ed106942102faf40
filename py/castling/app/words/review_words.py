"""A game's review in the player's words (castling.search.review): each move
with the verdict on the position it made ("Move 23: 7♥ onto 8♠ — lost"), the
turning point, and what the review found in one sentence, in the current
language. Moves are said as a hint says them, by the cards' corners; a card of
the stock, face down, is never named.
"""

from __future__ import annotations

from ...i18n import plural, t
from ...movegen import Move
from ...position import Position
from ...search.review import Review
from .spoken import said_by_cards


def move_said(position: Position, move: Move) -> str:
    """``move`` from ``position``, short: '7♥ onto 8♠', '5♣ to its foundation',
    '3 cards from the 9♦ to an empty pile', 'the stock turned over'."""
    source, target, count = move
    return said_by_cards(position, source, target, count,
                         "review.move.turn", "review.move.one", "review.move.run")


def verdict_said(review: Review, index: int) -> str:
    """What is known of the position after ``index`` moves."""
    verdict = review.verdicts[index]
    if verdict == "won":
        return t("review.verdict.won")
    if verdict == "lost":
        return t("review.verdict.lost")
    if verdict == "unknown":
        return t("review.verdict.unknown")
    return t("review.verdict.pending")


def entry_said(review: Review, index: int) -> str:
    """One entry of the timeline: 'The deal — can still be won', 'Move 23: 7♥
    onto 8♠ — lost' (and in a won game, '— the only winning move')."""
    verdict = verdict_said(review, index)
    if index == 0:
        return t("review.entry.deal", verdict=verdict)
    said = t("review.entry", number=index,
             move=move_said(review.positions[index - 1], review.moves[index - 1]), verdict=verdict)
    if review.only_moves.get(index - 1):
        said = t("review.entry.only", entry=said)
    return said


def turning_said(review: Review) -> str | None:
    """The turning point in a sentence, once known: the move played and one
    that keeps the win."""
    point = review.turning_point
    if point is None:
        return None
    before = review.positions[point.move - 1]
    return t("review.turn.words", number=point.move, played=move_said(before, point.played),
             keeping=move_said(before, point.keeping))


def summary_said(review: Review) -> str:
    """What the review has found so far, in one sentence."""
    if review.won:
        if not review.finished:
            return t("review.summary.won.pending")
        only = review.only_winning_moves
        if only == 0:
            return t("review.summary.won.none")
        return plural("review.summary.won", only)
    if review.never_winnable:
        return t("review.summary.never")
    point = review.turning_point
    if point is not None:
        return t("review.summary.turn", number=point.move)
    if review.verdicts[-1] == "won":
        return t("review.summary.still")
    if not review.finished:
        return t("review.summary.pending")
    return t("review.summary.undecided")
