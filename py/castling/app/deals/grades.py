"""Winnable deals by grade: easy, medium and hard deals of each game, every one
proved winnable, answered at once from a table the site ships.

The measure (docs/decisions.md says why this one) is **the positions the solver
needs to prove the deal won**: ``castling.search.solver.solve`` searching as version
:data:`table.solver` did (``solve(..., solver=table.solver)``: solver 4 so far, the
measure of every deal the study proved won), from the deal, within
:data:`table.budget` positions. The
solver is a best-first search that expands first what looks best to it (cards
home, empty piles, wanted cards uncovered), so a deal it proves in few positions
is one where the obvious moves win; a deal that needs many is one where they
lead into dead ends and the winning line goes against appearances, which is
what makes a deal hard for a player too.

The grades are per game: among the deals of the winnability study that the
solver proved won, measured again by one solver version so that the counts
compare, the easiest third (at most the first limit) is easy, the next third
(up to the second limit) medium, and the rest hard (:func:`grade_of`). A deal
proved won by an older version that the current one cannot prove within the
budget is harder than any it can, so it counts as hard, but is not listed (a
listed deal is one anyone can check with the current solver). A grade holding
fewer than :data:`LEAST_IN_A_GRADE` deals is not offered, and a game none of
whose deals is proved winnable offers none.

``scripts/grades.py`` measures the deals and writes the table,
``data/grades.json``; for each game it lists up to a few hundred deals of each
grade, the lowest numbers of the grade, delta-encoded (the first number, then
each one's distance from the one before). The format::

    {"format": 1, "solver": 3, "measure": "positions", "budget": 100000,
     "games": {GAME: {"proved": N, "limits": [EASY_MOST, MEDIUM_MOST],
                      "counts": [EASY, MEDIUM, HARD],
                      "deals": {"easy": [first, step, ...], "medium": [...], ...}}}}

``counts`` are the game's proved deals in each grade (the lists are samples of
them); a grade missing from ``deals`` is not offered.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

FORMAT = 1
GRADES = ("easy", "medium", "hard")
MEASURE = "positions"
#: fewer deals than this in a grade and the grade is not offered for that game
LEAST_IN_A_GRADE = 10


def limits(measures: Sequence[int]) -> tuple[int, int]:
    """The most positions an easy deal and a medium deal may need: the measures
    at the first and second third of a game's proved deals, in order."""
    ordered = sorted(measures)
    count = len(ordered)
    if not count:
        raise ValueError("no measures to grade")
    return ordered[max(count // 3 - 1, 0)], ordered[max(2 * count // 3 - 1, 0)]


def grade_of(measure: int, bounds: Sequence[int]) -> str:
    """The grade of a deal that needs ``measure`` positions, given its game's limits."""
    easy_most, medium_most = bounds
    return "easy" if measure <= easy_most else "medium" if measure <= medium_most else "hard"


def encode(numbers: Sequence[int]) -> list[int]:
    """Increasing deal numbers as the first and then each one's step from the last."""
    ordered = sorted(set(numbers))
    return [number - before for before, number in zip([0, *ordered], ordered)]


def decode(steps: Sequence[int]) -> list[int]:
    numbers, total = [], 0
    for step in steps:
        total += step
        numbers.append(total)
    return numbers


@dataclass
class GameGrades:
    """One game's grading: its limits, how many proved deals fall in each grade,
    and the deals listed of each grade offered."""

    proved: int
    limits: tuple[int, int]
    counts: tuple[int, int, int]
    deals: dict[str, list[int]] = field(default_factory=dict)   # grade -> deal numbers


@dataclass
class GradeTable:
    """The shipped table: which solver measured, by what, and each game's grades."""

    solver: int
    budget: int
    games: dict[str, GameGrades] = field(default_factory=dict)
    measure: str = MEASURE

    def offered(self, game_id: str) -> tuple[str, ...]:
        """The grades a game offers, easiest first (none: no deal of it proved winnable)."""
        graded = self.games.get(game_id)
        return tuple(grade for grade in GRADES if graded and graded.deals.get(grade))

    def deals(self, game_id: str, grade: str) -> list[int]:
        graded = self.games.get(game_id)
        return list(graded.deals.get(grade, [])) if graded else []

    def grade_listed(self, game_id: str, number: int) -> str | None:
        """The grade a listed deal is listed under, or None (not listed)."""
        return next((grade for grade in GRADES if number in self.deals(game_id, grade)), None)

    def pick(self, game_id: str, grade: str, avoid: int | None = None,
             rng: random.Random | None = None) -> int | None:
        """A deal of that grade, at random among those listed, not ``avoid`` (the
        deal just played) when there is another; None when the grade is not offered."""
        numbers = self.deals(game_id, grade)
        if len(numbers) > 1 and avoid in numbers:
            numbers.remove(avoid)       # (a copy: deals() gives a new list)
        return (rng or random).choice(numbers) if numbers else None

    def to_json(self) -> str:
        games = {game_id: {"proved": graded.proved, "limits": list(graded.limits),
                           "counts": list(graded.counts),
                           "deals": {grade: encode(graded.deals[grade])
                                     for grade in GRADES if graded.deals.get(grade)}}
                 for game_id, graded in self.games.items()}
        return json.dumps({"format": FORMAT, "solver": self.solver, "measure": self.measure,
                           "budget": self.budget, "games": games}, separators=(",", ":"))


class DamagedTable(ValueError):
    """The table's text is not a table of graded deals (the reason says what is wrong)."""


def read_table(text: str) -> GradeTable:
    """The table from ``data/grades.json``'s text; :class:`DamagedTable` naming
    the first thing wrong when it is not one."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise DamagedTable(f"the table of graded deals is not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DamagedTable(f"not a table of graded deals of format {FORMAT}")
    for name in ("solver", "budget"):
        if not _whole(data.get(name)):
            raise DamagedTable(f"the table of graded deals has no {name}")
    if data.get("measure") != MEASURE:
        raise DamagedTable(f"the table of graded deals measures {data.get('measure')!r}, "
                           f"not {MEASURE!r}")
    games = data.get("games")
    if not isinstance(games, dict):
        raise DamagedTable("the table of graded deals has no games")
    table = GradeTable(data["solver"], data["budget"], measure=MEASURE)
    for game_id, entry in games.items():
        table.games[str(game_id)] = _game(str(game_id), entry)
    return table


def _whole(value: Any) -> bool:
    return type(value) is int and value >= 0


def _game(game_id: str, entry: Any) -> GameGrades:
    def wrong(what: str) -> DamagedTable:
        return DamagedTable(f"the table of graded deals is damaged at {game_id}: {what}")

    if not isinstance(entry, dict):
        raise wrong("not an object")
    bounds, counts, deals = entry.get("limits"), entry.get("counts"), entry.get("deals")
    if not (isinstance(bounds, list) and len(bounds) == 2 and all(map(_whole, bounds))
            and bounds[0] <= bounds[1]):
        raise wrong("its limits")
    if not (isinstance(counts, list) and len(counts) == 3 and all(map(_whole, counts))):
        raise wrong("its counts")
    if not _whole(entry.get("proved")):
        raise wrong("its count of proved deals")
    if not isinstance(deals, dict) or not set(deals) <= set(GRADES):
        raise wrong("its deals")
    listed = {}
    for grade, steps in deals.items():
        if not (isinstance(steps, list) and steps and all(type(s) is int and s > 0 for s in steps)):
            raise wrong(f"its {grade} deals")
        listed[grade] = decode(steps)
    return GameGrades(entry["proved"], (bounds[0], bounds[1]),
                      (counts[0], counts[1], counts[2]), listed)
