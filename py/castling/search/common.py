"""What both searches share (python_search.py's and the compiled core's): the
result a search gives, and which foundations are alike while empty."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..movegen import Move, MoveTables

#: What a search concludes (see SolveResult).
Verdict = Literal["won", "lost", "unknown"]
#: Which search answered: the compiled core's, or this module's.
Search = Literal["core", "python"]


@dataclass
class SolveResult:
    """The verdict: "won" (with ``moves``), "lost", or "unknown" (budget spent),
    the positions searched, and which search answered."""

    result: Verdict
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    search: Search = "python"


def foundation_kinds(tables: MoveTables) -> list[object]:
    """What makes each foundation differ from the others while it is empty:
    two empty foundations are alike when they start with the same cards and
    build alike (Lightweight's two clubs, Castle of Indolence's eight), unless
    different piles feed them (Rittenhouse). (The compiled core reads these as
    classes: core/tables.py.)"""
    return [(tables.found_start[k] or tables.found_suit[k], tables.rules.foundation(k)[1],
             k if tables.feeds else None)
            for k in range(len(tables.foundations))]
