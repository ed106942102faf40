"""How each version of the solver shares its budget among its stages.

A search is a plan of stages over one budget of positions (and of time): the
greedy first stage with a quarter of it, the second weighing the moves made
with the rest, and, in the compiled core only, a third stage, a beam that
only finds wins (search_beam.c has its description). Which stages a version ran,
how it shared the budget between them and whether its second stage carried
on from the first's positions is written here, per version, so that
``castling.search.solver.solve(..., solver=N)`` searches as solver N did, node for
node (the deal of the day and the grades depend on that: a shipped day never
changes). Both searches (castling.search.python_search, the reference, and the
core: castling.search.core.wasm) take their shares from here.
"""

from __future__ import annotations

import time

from ..rules import GameRules

DEFAULT_MAX_NODES = 200_000  # positions, where a caller names no budget
#: The most positions a search counts (the core's counts are 32-bit signed): the
#: budget of positions of a search that a time or a memory budget ends.
MOST_NODES = 2**31 - 1
# Raised whenever a change could turn an unknown verdict into a proof (a new
# pruning rule, a better search order): the winnability study records it with
# each deal and tries its unknown deals again under a newer solver.
VERSION = 8     # 2: the search in two stages (see solve); 3: a card home worth 300;
                # 4: the core's third stage, a beam for the games of several decks;
                # 5: the beam for every game (stages_for); 6: the core's second
                # stage carries on from the first's positions, one deck (carries_on);
                # 7: the core's depth-first scan after them (scan_share);
                # 8: a second scan, shuffled, after the first, one deck (scans_shuffled)
#: The version the standard-library search searches as, node for node (the
#: core's third stage and its carrying on are the core's alone): what a
#: verdict of the Python search is recorded as.
PYTHON_VERSION = 3

FIRST_STAGE = 4     # the first stage's share of the budget: a quarter
# The scan (the core's depth-first stage, search_solve.c): a position's
# priority falls by SCAN_DEEPER a move made, more than any two scores differ
# by, so the deepest comes first; it expands no position SCAN_DEPTH moves deep.
# (A one-deck position scores from about -400 to 16,000, one of three decks up
# to about 47,000: 2**16 is more than any two differ by, and 2**16 * SCAN_DEPTH
# stays within a priority's i32. A line SCAN_DEPTH moves long fits the core's io.)
SCAN_DEEPER = 1 << 16
SCAN_DEPTH = 16_000
# The shuffled scan orders the positions one move makes by this many bits of
# their hashes instead of their scores (search_stage.c's priority_of): fewer
# than SCAN_DEEPER's, so that the deepest still comes first.
SHUFFLED_BITS = 15
_BEAM_LEAST = 200_000   # the least budget a one-deck game's beam runs in (beam_share)
_SCAN_LEAST = 200_000   # the least budget the scan runs in (scan_share)
_SCAN_SHARE = 16        # the scan's share of a budget, as what it is divided by

# The score both searches order positions by (python_search._Search.score, the
# core's search_score.c, which has them from here at each build): how much each
# feature of a position is worth.
HOME = 300          # per card on a foundation (100 until version 3)
SPACE = 20          # per empty tableau pile
BURIED = 5          # per card lying on top of a card some foundation takes next
DISORDER = 2        # per tableau card not built on the card below it
# In the second stage, what each move made so far costs a position: the search
# then spreads over shorter lines instead of diving down one. Six, with a card
# home worth 300, is where the fewest deals were left undecided: on deals
# 101-130 of twelve games, and on deals 1-20 of five several-deck games, where
# a card home worth 100 left 71 of 100 undecided and 300 left 58.
MOVE_COST = 6


def stage_deadlines(seconds: float | None, beam: int = 0,
                    scan: int = 0, shuffled: bool = False) -> tuple[float, ...] | None:
    """When each stage's time is up (``time.monotonic()``), in the order they
    run, given the whole time from now: the first stage's at a quarter of it,
    as its share of the positions (FIRST_STAGE), the second's at the end;
    with the core's third stage (``beam``: its share as :func:`beam_share`
    gives it, 0 for none), the second's where the beam's share begins (half
    the time in the games of several decks, three quarters in the others)
    and the third's at the end; with the core's scan (``scan``: its share as
    :func:`scan_share` gives it), the second's that share sooner and the
    scan's where the second's was; with the shuffled scan too (``shuffled``),
    the second's twice that share sooner, the scan's one share sooner and
    the shuffled scan's where the second's was. A stage that ends sooner
    leaves the next the rest. (The core's host shares it alike.)"""
    if seconds is None:
        return None
    now = time.monotonic()
    second = seconds * (beam - 1) / beam if beam else seconds
    share = seconds / scan if scan else 0
    scans = (1 + shuffled) if scan else 0
    ends = [now + seconds / FIRST_STAGE]
    ends += [now + second - k * share for k in range(scans, -1, -1)]  # the second's, each scan's
    if beam:
        ends.append(now + seconds)
    return tuple(ends)

def stages_for(rules: GameRules, version: int = VERSION) -> int:
    """How many stages solver ``version`` (3 or later) searched ``rules`` in, so
    that ``solve(..., solver=version)`` searches as it did,
    node for node: 2, the best-first stages alone, as solver 3 and the Python
    search; 3 with the core's third stage, the beam (search_beam.c has
    its description), solver 4 for the games of several decks and solver 5 for
    every game (where :func:`beam_share` gives it a share of the budget). The
    best-first stages spend many positions on shuffling alike cards at one
    score, and in a game with a stock on the same tableau around every card
    dealt, and often fail to get deep enough to win a deal that has long
    wins; the beam must go a move deeper every level. It only ever answers
    "won" (a line, which :func:`solve` replays) or "unknown", never "lost",
    so the second stage, which then ends early, and the first are the only
    proofs of a loss. (Before version 3 the scores differ:
    no later solver searches as those did.)"""
    if version < 3:
        raise ValueError(f"solver {version} searched with other scores: no later one searches so")
    if version == 3 or (version == 4 and rules.decks == 1):
        return 2
    return 3


def carries_on(rules: GameRules, version: int = VERSION) -> bool:
    """Whether solver ``version``'s second stage carries on from the first's
    positions in ``rules`` (in the core: search_solve.c's carry_on) rather than
    search them all again: from solver 6, in the one-deck games. The first
    stage's table, with the positions it had yet to expand given the
    second's cost for the moves that led to them, is where the second
    begins: a deal the first left undecided has its first positions searched
    once, not twice, and a loss is proved within the positions reachable,
    counted once, rather than within the second stage's share alone. On the
    one-deck games: within a second, on deals 1-200 of the seven that fell
    short of the goal, 6 more decided of 1,400; at 20,000 positions, on
    deals 1-100 of ten, 9 more of 1,000. Not in the games of several decks:
    there the second stage carries on into the first's dead ends, where a
    fresh start, ordered by the moves made, finds wins; within a second
    Zerline won 5 fewer of deals 1-100 (docs/decisions.md has the figures). The Python search has no such stage (it is the reference for
    the core's without it)."""
    return version >= 6 and rules.decks == 1


def beam_share(rules: GameRules, max_nodes: int) -> int:
    """The core's third stage's share of a budget of ``max_nodes`` positions
    and of the time, as what they are divided by, or 0 for none: the second
    half (2) in the games of several decks, as solver 4 gave it; in the
    one-deck games the last quarter (4), and only from _BEAM_LEAST positions
    up. There the best-first stages decide most of what is decided, the
    losses among it, and a beam given few positions dies out before it wins:
    on deals 1-100 of six one-deck games the quarter left 16 more deals
    undecided at 20,000 positions, 8 more at 50,000, as many at 100,000 and
    4 fewer at 200,000; within a second (some 300,000 positions on this
    machine) 34 fewer of 2,000 (docs/decisions.md has the figures)."""
    if rules.decks > 1:
        return 2
    return 4 if max_nodes >= _BEAM_LEAST else 0


def scan_share(rules: GameRules, max_nodes: int, version: int = VERSION) -> int:
    """The core's depth-first scan's share of a budget of ``max_nodes``
    positions and of the time, as what they are divided by, or 0 for none:
    from solver 7, a sixteenth given _SCAN_LEAST positions or more (every
    search by time), taken from the end of the second stage's; the scan runs
    afresh after the best-first stages and before the beam. It (search_solve.c
    has its description) goes down one line, its best-scored move first,
    and backs up only when that line is spent: it wins at once deals whose
    wins are long, where the best-first stages spread over many short lines
    and never get deep enough, or it does not win them at all; so a short
    share costs the other stages little. Within a second, on deals 1-200 of
    Streets and Alleys: 14 left undecided without it, 11 with it (an eighth
    11, a thirty-second 12); docs/decisions/solver.md has the other games'
    figures and why it comes after the best-first stages, not first."""
    if version < 7 or max_nodes < _SCAN_LEAST:
        return 0
    return _SCAN_SHARE


def scans_shuffled(rules: GameRules, max_nodes: int, version: int = VERSION) -> bool:
    """Whether the core's shuffled scan follows the scan, with as large a
    share (the second stage ending that much sooner again): from solver 8,
    in the games of one deck, wherever the scan runs. It tries the positions
    one move makes in an order their hashes give, not their scores: a scan
    that commits to another line first wins other deals. Within 1,000,000
    positions, of Penelope's Web and Streets and Alleys together: deals
    1-200, 22 left undecided with the scan alone, 15 with both; deals
    201-400 (not used to choose the order), 28 and 25 (docs/decisions/solver.md
    has the five orders tried). In the games of several decks it won
    nothing and cost a deal (Palace and Zerline, deals 1-40 within 400,000
    positions: 34 and 13 won without it, 33 and 13 with it)."""
    return version >= 8 and rules.decks == 1 and scan_share(rules, max_nodes, version) > 0


def check_budgets(max_nodes: int, seconds: float | None, memory: int | None) -> None:
    """A ValueError for a budget no search takes (both searches check alike)."""
    if max_nodes < 0:
        raise ValueError(f"a budget of {max_nodes} positions")
    if seconds is not None and not seconds > 0:
        raise ValueError(f"a time budget of {seconds} seconds")
    if memory is not None and memory <= 0:
        raise ValueError(f"a memory cap of {memory} bytes")
