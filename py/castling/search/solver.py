"""A solver for every game: is a position winnable, and by which moves?

Best-first search over the graph of positions: the most promising position
found so far (most cards home, most empty piles, the cards the foundations
need next least buried, the tableau most in order) is expanded next, and a
transposition table of canonical keys (tableau piles are interchangeable, so
they are sorted) makes every position count once.  The answer is "won" with a
full winning line, "lost" only when every reachable position was searched, or
"unknown" when the node budget ran out: it never claims what it has not proved.
This module answers (:func:`solve`); the searches are castling.search.core's (the
compiled core, where it loads) and castling.search.python_search's (the reference),
and castling.search.plan says how each version of the solver shares a budget
among its stages.

It searches twice at most: first greedily, by that measure alone, with a quarter
of the budget (most deals are won that way, in few positions); then, if that
did not decide, with the rest of the budget and a cost per move made, so that
the search spreads over shorter lines instead of following one down.  On deals
101-130 of twelve games that left 50 deals undecided at 20,000 positions where
the greedy search alone with the whole budget left 70.  Each stage is a whole
search, so either one exhausted is a proof.  A third stage with a far higher
cost per move (80) decides many deals these two leave undecided, but as a share
of the same budget it leaves more undecided than it gains: at 20,000 and at
100,000 positions on deals 101-130 of twelve games (60 against 40, 24 against
21), so it is not used.

The compiled core searches a third stage (:func:`castling.search.plan.stages_for`): the second
stage then ends early, and a beam, which must go a move deeper every level,
has the rest of the budget: half of it in the games of several decks, a
quarter in the others, given 200,000 positions or more (:func:`castling.search.plan.beam_share`).
It only ever finds wins (a line, replayed here like every line of the
core's) and never proves a loss, so a "lost" is still only ever a whole
first or second stage. Solver 4 had it for the games of several
decks alone; solver 5 for every game, since on the one-deck games too it wins
deals the best-first stages leave unknown (docs/decisions.md has the figures).
From solver 6 the core's second stage, in the one-deck games, carries on from
the first's positions instead of searching them again (:func:`castling.search.plan.carries_on`): a
"lost" is then the two stages together run to their end, every position they
found expanded once. From solver 7 a depth-first scan has a sixteenth of a
large budget between the second stage and the beam
(:func:`castling.search.plan.scan_share`): it wins at once deals whose wins
are long, and proves a loss only by searching every position reachable.
From solver 8, in the one-deck games, a second scan with as large a share
follows it, trying the positions one move makes in the order of their
hashes (:func:`castling.search.plan.scans_shuffled`): where the wins are few, the line
a scan commits to first decides whether it finds one. The Python search has none of these: :func:`castling.search.python_search.python_solve` is the reference for the
two stages searched afresh, as the core searches them as solver 3 did
(``solver=3``: no beam, no carrying on), and the tests compare them so.

Only provably harmless shortcuts cut the search, so exhausting it is a proof:

* a whole pile moved into an empty pile, and the same cards into a second empty
  pile, give positions already counted (piles are interchangeable, except in
  Rittenhouse, where each feeds its own foundations);
* so do the same card into a second empty free cell holding one card, and into
  a second empty foundation that starts and builds the same way and is fed by
  the same piles;
* in games without take-back, a card whose every possible tableau partner is
  already home has no use left in the tableau, so when it can go home that is
  the only move tried.

Where the compiled search core loads (castling.search.core: in CPython through the
optional wasmtime, in the browser's worker through its WebAssembly), :func:`solve`
lets it search: the very same search, node for node, some fifteen times
quicker. Its winning lines are replayed here, in the engine, before they are
returned (one that does not replay raises :class:`UnreplayableLine`).
``CASTLING_SOLVER=python`` in the environment makes :func:`solve` search in
Python even so; where the core does not load (no wasmtime; no module built)
it always does. Both say which answered (``SolveResult.search``).

Budgets: ``solve(position, max_nodes, first_moves, *, seconds=None, memory=None)``.

* ``max_nodes``: the positions counted at most, the first stage's a quarter
  of them; the core and the Python search then give the same answer.
* ``seconds`` (a float above 0): the first stage ends, "unknown", once a
  quarter of the time is spent (if its positions are not spent sooner), the
  second once all of it is (:func:`castling.search.plan.stage_deadlines`): the answer is then
  "unknown", never "lost" (that takes a search to its end), and a "won" line
  is replayed all the same (a few milliseconds more). The clock is looked at
  between slices of positions (4,096 in the core, some 3 ms; 1,024 here,
  some 10 ms), so the answer comes that much after the time at most.
  Where the time decides, the two searches need not agree: the core gets
  further in it.
* ``memory`` (bytes, above 0): the core's memory (WebAssembly's, static data
  included) never grows past it: the budget is cut to the most positions its
  arena holds there for this position's key size (a fresh instance is made if
  the shared one had grown past it), so a 256 MiB cap holds some 2.4 million
  positions of Beleaguered Castle. The Python search cuts its budget to what
  :func:`castling.search.python_search.python_budget_within` estimates it keeps in as much (some 400,000
  there). A budget cut so answers "unknown" when the cut budget is spent.
  (The core's third stage, which keeps only its levels, is not cut so: it
  counts up to the positions asked, within the same arena.)

Without ``memory``, a budget larger than the core's memory holds (2 GiB,
some 20 million positions) is refused by it (castling.search.core.wasm.BudgetRefused)
and searched here instead; with ``seconds`` and no ``memory``, the core's own
limit is taken as the cap instead, since in the same time the Python search
counts far fewer positions than that.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..errors import CastlingError
from ..movegen import Move
from ..notation import format_move
from ..position import Position
# What the solver is made of, named here too: its callers import them from it.
from ..rules import GameRules
from .common import SolveResult as SolveResult, Verdict as Verdict
from .plan import (DEFAULT_MAX_NODES as DEFAULT_MAX_NODES, PYTHON_VERSION as PYTHON_VERSION,
                   VERSION as VERSION, beam_share, carries_on, check_budgets, scan_share,
                   scans_shuffled, stages_for)
from .python_search import (python_budget_within as python_budget_within,
                            python_solve as python_solve)

if TYPE_CHECKING:   # (imported where a search asks for the core: see _core)
    from .core.wasm import Core


class UnreplayableLine(CastlingError):
    """The core called a position won by a line the engine cannot play to a win:
    a fault in the core, never shown as an answer."""


def solve(position: Position, max_nodes: int = DEFAULT_MAX_NODES,
          first_moves: list[Move] | None = None, *,
          seconds: float | None = None, memory: int | None = None,
          solver: int | None = None) -> SolveResult:
    """Decide whether ``position`` can be won, searching at most ``max_nodes`` positions,
    and, if given, for about ``seconds`` at most, in at most ``memory`` bytes.

    ``first_moves``, if given, are the only moves tried from ``position`` itself
    (each must be legal there); "lost" then means none of them leads to a win.
    The compiled core searches where it loads (see the module's docstring).
    Out of time, or out of the positions ``memory`` holds, the answer is
    "unknown" (see the module's docstring for how the budgets are shared).
    ``solver``: the core searches as that version of the solver did, node
    for node (3 or later; by default VERSION): in the stages
    :func:`castling.search.plan.stages_for` gives it, its second stage carrying on from the
    first's positions or not (:func:`castling.search.plan.carries_on`); solver 3 searches as the
    Python search does (the tests compare them so).
    """
    check_budgets(max_nodes, seconds, memory)
    if first_moves is not None:
        legal = position.legal_moves()
        first_moves = [move for move in first_moves if move in legal]
    core = _core(position.rules)
    if core is not None:
        from .core.wasm import BudgetRefused
        try:
            version = VERSION if solver is None else solver
            third = stages_for(position.rules, version) == 3
            found = core.solve(position, max_nodes, first_moves, seconds=seconds, memory=memory,
                               beam=beam_share(position.rules, max_nodes) if third else 0,
                               carry=carries_on(position.rules, version),
                               scan=scan_share(position.rules, max_nodes, version),
                               shuffled=scans_shuffled(position.rules, max_nodes, version))
        except BudgetRefused:
            pass        # more than its memory holds: the Python search takes it
        else:
            return _replayed(position, found)
    return python_solve(position, max_nodes, first_moves, seconds=seconds, memory=memory)



def _core(rules: GameRules) -> Core | None:
    """The compiled core with these rules loaded, or None where it does not load
    or CASTLING_SOLVER=python asks for the Python search."""
    if os.environ.get("CASTLING_SOLVER") == "python":
        return None
    # Imported here, not with this module: the page imports the solver (its
    # memory snapshot too) and needs no core; only a search does.
    from .core.wasm import shared_core
    return shared_core(rules)


def _replayed(position: Position, found: SolveResult) -> SolveResult:
    """The core's answer, once the engine has played its winning line to a win:
    each move must be among the engine's legal moves from its source pile
    (:meth:`MoveTables.generate` over that one pile: the same moves as the
    whole list holds from there, at a fraction of the cost), then played."""
    if found.result == "won":
        tables = position.tables
        piles = [list(pile) for pile in position.piles]
        for move in found.moves:
            if move not in tables.generate(piles, source=move[0]):
                try:
                    text = format_move(position.rules, move)
                except (IndexError, ValueError):
                    text = str(move)    # (not even piles of this game)
                raise UnreplayableLine(f"the core's winning line does not replay: {text} is not legal")
            tables.apply(piles, move)
        if not tables.is_won(piles):
            raise UnreplayableLine("the core's winning line does not end in a won position")
    return found

