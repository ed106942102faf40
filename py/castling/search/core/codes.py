"""The codes the compiled core's exports return, written once, here: the errors
(all negative), the verdicts, what a search returns while a stage runs, and
core_tap's kinds of answer. scripts/build_core.py writes each into the C (the
header core_shared.h, at each build) under the name it has here, and
:mod:`.wasm` reads them from here: nothing is copied by hand either way.
"""

from __future__ import annotations

from typing import Literal

from ..common import Verdict

E_MAGIC = -1        # not a rules table
E_FORMAT = -2       # another format of rules table
E_SIZE = -3         # a rules table of the wrong size
E_LIMITS = -4       # a game larger than the core is built for
E_NO_RULES = -5     # no rules loaded
E_POSITION = -6     # a position that does not fit the rules
E_ILLEGAL = -7      # an illegal move
E_FULL = -8         # the core's memory is full
E_EMPTY = -9        # nothing to undo
E_BUDGET = -10      # a budget larger than the core's memory can hold
E_SHARE = -11       # a share of the budget for the third stage or the scan that is not one
E_NUMBER = -12      # not a deal number from 1 to 10^20 - 1
E_DEAL = -13        # a deal plan the game's cards do not fit (deal_piles would raise)

#: Each error's message, for the exceptions the host raises.
ERRORS: dict[int, str] = {
    E_MAGIC: "not a rules table", E_FORMAT: "another format of rules table",
    E_SIZE: "a rules table of the wrong size", E_LIMITS: "a game larger than the core is built for",
    E_NO_RULES: "no rules loaded", E_POSITION: "a position that does not fit the rules",
    E_ILLEGAL: "an illegal move", E_FULL: "the core's memory is full",
    E_EMPTY: "nothing to undo", E_BUDGET: "a budget larger than the core's memory can hold",
    E_SHARE: "a share of the budget for the third stage or the scan that is not one (0, or 2 and up)",
    E_NUMBER: "not a deal number from 1 to 10^20 - 1",
    E_DEAL: "a deal plan the game's cards do not fit"}

# A search's verdicts (core_solve, core_solve_step once decided).
WON = 1
LOST = 2
UNKNOWN = 3
VERDICTS: dict[int, Verdict] = {WON: "won", LOST: "lost", UNKNOWN: "unknown"}

# What core_solve_step returns while the first, second or third stage (the
# beam) runs, or the scan or the shuffled scan between the second and the
# third (search_solve.c).
RUNNING_FIRST = 4
RUNNING_SECOND = 5
RUNNING_THIRD = 6
RUNNING_SCAN = 7
RUNNING_SHUFFLED = 8
RUNNING = (RUNNING_FIRST, RUNNING_SECOND, RUNNING_THIRD, RUNNING_SCAN, RUNNING_SHUFFLED)

# core_tap's kinds of answer (io[0]), and their names.
TAP_NOTHING = 0
TAP_PLAY = 1
TAP_HOLD = 2
TAP_PUT_BACK = 3
TapKind = Literal["nothing", "play", "hold", "put_back"]
TAP_KINDS: dict[int, TapKind] = {TAP_NOTHING: "nothing", TAP_PLAY: "play", TAP_HOLD: "hold",
                                 TAP_PUT_BACK: "put_back"}


def defines() -> dict[str, int]:
    """Every code above by its name, as the C has it (the build writes them)."""
    return {name: value for name, value in globals().items()
            if name.startswith(("E_", "RUNNING_", "TAP_", "WON", "LOST", "UNKNOWN"))
            and isinstance(value, int)}
