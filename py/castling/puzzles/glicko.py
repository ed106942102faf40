"""Glicko-2 ratings for players and puzzles, as lichess rates its puzzles.

The update is Glickman's, step for step as his paper "Example of the Glicko-2
system" writes it (steps 1 to 8, the volatility found by the Illinois
algorithm of its step 5.1); the tests check it against the paper's example.
Lichess's use of it for puzzles: an attempt is one game between the player
and the puzzle, a solve a win for the player, a failure a win for the puzzle,
and both ratings are updated at once, each from the other's rating before
the attempt. A new puzzle starts from its grade's rating
(castling.puzzles.table: ``rating``, set when it was cut) with a wide
deviation, so that its first players move it quickly to where it belongs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Glicko-2's scale: a rating of 1500 is 0, and 173.7178 rating points are 1.
SCALE = 173.7178
#: How much the volatility may change: lichess's puzzles use 0.75 (the paper
#: suggests 0.3 to 1.2); the paper's example uses 0.5 (:func:`update` takes it).
TAU = 0.75
EPSILON = 0.000001
#: A new player: lichess's defaults.
NEW_PLAYER = (1500.0, 500.0, 0.09)
#: A new puzzle's deviation and volatility (its rating comes from its grade).
NEW_PUZZLE_DEVIATION = 500.0
NEW_PUZZLE_VOLATILITY = 0.09
#: The narrowest a deviation gets (lichess keeps ratings movable so), and the widest.
LEAST_DEVIATION = 45.0
MOST_DEVIATION = 500.0


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: rating, deviation (RD), volatility."""

    rating: float = NEW_PLAYER[0]
    deviation: float = NEW_PLAYER[1]
    volatility: float = NEW_PLAYER[2]

    def to_json(self) -> list[float]:
        """``[rating, deviation, volatility]``, rounded as stored (localStorage, transfer links)."""
        return [round(self.rating, 2), round(self.deviation, 2), round(self.volatility, 6)]

    @classmethod
    def from_json(cls, value: object) -> "Rating":
        """The inverse of :meth:`to_json`; ValueError for anything else."""
        if (not isinstance(value, list) or len(value) != 3
                or not all(isinstance(x, (int, float)) and math.isfinite(x) for x in value)
                or value[1] <= 0 or value[2] <= 0):
            raise ValueError("a rating is [rating, deviation, volatility], the last two above 0")
        return cls(float(value[0]), float(value[1]), float(value[2]))


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``games`` (each the
    opponent's rating before it, and the score: 1 a win, 0.5 a draw, 0 a
    loss), by Glickman's steps 1-8. No game: only the deviation widens (step 6)."""
    mu = (player.rating - 1500) / SCALE                       # step 2
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    v_inverse = 0.0
    delta_sum = 0.0
    for opponent, score in games:                             # steps 3 and 4
        mu_j = (opponent.rating - 1500) / SCALE
        phi_j = opponent.deviation / SCALE
        expected = _e(mu, mu_j, phi_j)
        v_inverse += _g(phi_j) ** 2 * expected * (1 - expected)
        delta_sum += _g(phi_j) * (score - expected)
    v = 1 / v_inverse
    delta = v * delta_sum
    # Step 5: the new volatility, by the Illinois algorithm.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))
    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    sigma_new = math.exp(big_a / 2)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)   # step 6
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)  # step 7
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(SCALE * mu_new + 1500, SCALE * phi_new, sigma_new)   # step 8


def _bounded(rating: Rating) -> Rating:
    deviation = min(max(rating.deviation, LEAST_DEVIATION), MOST_DEVIATION)
    return Rating(rating.rating, deviation, rating.volatility)


def attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one attempt, as lichess
    rates puzzles: one game between them, each updated from the other's
    rating before it, the deviations kept between :data:`LEAST_DEVIATION` and
    :data:`MOST_DEVIATION`."""
    score = 1.0 if solved else 0.0
    return (_bounded(update(player, [(puzzle, score)])),
            _bounded(update(puzzle, [(player, 1.0 - score)])))


def new_puzzle(rating: float) -> Rating:
    """A puzzle nobody has played yet, at the rating its grade gave it."""
    return Rating(float(rating), NEW_PUZZLE_DEVIATION, NEW_PUZZLE_VOLATILITY)


def expected_score(player: Rating, puzzle: Rating) -> float:
    """The chance Glicko-2 gives the player of solving the puzzle."""
    mu = (player.rating - 1500) / SCALE
    return _e(mu, (puzzle.rating - 1500) / SCALE, puzzle.deviation / SCALE)
