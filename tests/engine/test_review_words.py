"""A review in the player's words (castling.app.words.review_words), in every language:
each entry names its move by the cards' corners and its verdict, a turned stock card is
never named, and the summary says what was found."""

from __future__ import annotations

import pytest

from castling import GAMES, parse_move
from castling.i18n import LANGUAGES, set_language, t
from castling.language import isolated
from castling.search.common import SolveResult
from castling.search.review import Question, Review
from castling.app.words.spoken import card_sign
from castling.app.words.review_words import entry_said, move_said, summary_said, turning_said

LOST = ["t5-t3", "t5-t7", "t2-t5", "t2-t1", "t1-f2"]


@pytest.fixture(params=LANGUAGES)
def language(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def lost_review() -> Review:
    rules = GAMES["beleaguered-castle"]
    review = Review(rules, 2, [parse_move(rules, move) for move in LOST])
    review.answer(Question(2), SolveResult("won", [parse_move(rules, "t6-t5")]))
    review.answer(Question(3), SolveResult("lost"))
    return review


def test_each_entry_says_its_move_and_its_verdict(language):
    review = lost_review()
    assert entry_said(review, 0) == t("review.entry.deal", verdict=t("review.verdict.won"))
    third = entry_said(review, 3)
    assert third == t("review.entry", number=3, move=move_said(review.positions[2], review.moves[2]),
                      verdict=t("review.verdict.lost"))
    # Beleaguered Castle #2, move 3: t2's top card onto t5's, by their corners.
    # (set apart as left to right in a language written right to left: castling.language.isolated)
    assert move_said(review.positions[2], review.moves[2]) == t(
        "review.move.one", card=isolated("5\u2665"), target=t("hint.to.card", card=isolated("6\u2660")))


def test_the_turning_point_and_the_summary(language):
    review = lost_review()
    assert summary_said(review) == t("review.summary.turn", number=3)
    said = turning_said(review)
    assert said is not None and t("review.turn.words", number=3, played="@", keeping="@").split(
        "@")[0] in said
    pending = Review(GAMES["beleaguered-castle"], 2, review.moves)
    assert summary_said(pending) == t("review.summary.pending")
    assert entry_said(pending, 1).endswith(t("review.verdict.pending"))


def test_a_card_turned_over_from_the_stock_is_never_named():
    rules = GAMES["zerline"]
    review = Review(rules, 1, [parse_move(rules, "s1-w1")])
    said = entry_said(review, 1)
    assert t("review.move.turn") in said
    turned = card_sign(review.positions[1].to_piles()["w1"][-1])
    assert turned not in said
