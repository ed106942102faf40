"""A game's difficulty in words, and shares that never round to a lie."""

from castling.app.words.difficulty import difficulty_words, level, share


def test_shares_never_contradict_the_counts():
    assert [share(n, 10_000) for n in (0, 1, 49, 51, 9_949, 9_951, 9_999, 10_000)] == \
        ["0%", "<1%", "<1%", "1%", "99%", ">99%", ">99%", "100%"]


def test_the_words_follow_the_share_won_unless_too_much_is_undecided():
    assert level(9_700, 10_000, 0) == "gentle"
    assert level(7_700, 10_000, 0) == "fair"
    assert level(2_000, 10_000, 0) == "very_hard"
    assert level(3_000, 10_000, 100) == "hard"
    assert level(200, 2_000, 1_700) == "unclear"


def test_a_game_whose_deals_were_all_won_but_one_undecided_says_so():
    assert difficulty_words(9_999, 10_000, 1) == \
        "Gentle: the solver won >99% of 10,000 deals and could not decide <1%."
    assert difficulty_words(2_000, 10_000, 0) == "Very hard: the solver won 20% of 10,000 deals."
