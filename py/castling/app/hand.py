"""The game in hand as one value: the deal and its moves, and what travels with
them — which game this is, its clock, whether a win of it is one with help, the
day whose deal of the day it is, the grade it was dealt as. The session plays
it, a save stores it (:mod:`.storage.records`), a keep point copies it (:mod:`.keeping`),
the page shows it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..game import Game
from .deals.daily import iso_day
from .deals.grades import GRADES


class NothingInHand(LookupError):
    """The game in hand was asked for before any was taken up (a fault of the
    caller: ``Session.holding`` says whether there is one)."""


@dataclass
class Hand:
    """One game in hand. A new field is declared here, with its type as stored in
    ``STORED``, read in :meth:`read` and written by :meth:`stored`: a save, a
    keep point and a transfer carry it from then on."""

    game: Game
    token: str = ""          # which game this is: a new deal gets a new one (tabs.new_token)
    seconds: int = 0         # the clock, run from the first move to the end
    helped: bool = False     # a win of it counts as "won with help"
    daily: str = ""          # the date (YYYY-MM-DD) whose deal of the day it is, or ""
    grade: str = ""          # the grade it was dealt as (grades.GRADES), or ""
    late: bool = False       # a past day's deal, opened from the calendar (counted there only)

    #: the fields of a save that hold the hand beside the game's own, and their types
    STORED = (("token", str), ("seconds", int), ("helped", bool), ("daily", str), ("grade", str),
              ("late", bool))

    @property
    def game_id(self) -> str:
        return self.game.rules.id

    def copy(self) -> Hand:
        """A copy whose game (its redo list too) plays on apart."""
        return replace(self, game=self.game.copy())

    def stored(self) -> dict[str, object]:
        """The hand's fields as a save stores them, beside :func:`castling.save.save_data`."""
        return {name: getattr(self, name) for name, _ in self.STORED}

    @classmethod
    def read(cls, game: Game, data: dict[str, Any]) -> tuple[Hand, list[str]]:
        """The hand a save's fields describe, and the names of the fields found
        damaged (each read as nothing: no clock, no day, no grade). A field a save
        of before it lacks is no damage."""
        damaged = [name for name, kind in cls.STORED if name in data and type(data[name]) is not kind]
        grade = data.get("grade", "")
        if grade not in ("", *GRADES) and "grade" not in damaged:
            damaged.append("grade")
        token, seconds = data.get("token"), data.get("seconds")
        return cls(game, token if type(token) is str else "",
                   seconds if type(seconds) is int and seconds >= 0 else 0,
                   data.get("helped") is True, iso_day(data.get("daily")),
                   grade if grade in GRADES else "", data.get("late") is True), damaged
