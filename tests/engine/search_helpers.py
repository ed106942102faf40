"""What the tests of the search and the compiled core share: random play from
a deal, small boards searched to the end, and the mirror between the core's
search and the Python one. (A module of helpers, not of tests: no test module
imports another, test_repository.py holds that.)"""

from __future__ import annotations

import random
from dataclasses import astuple, replace

from castling import GAMES, Position
from castling.cards import FACE_DOWN
from castling.movegen import tables_for
from castling.search.core import tables as layout
from castling.search.core.codes import RUNNING
from castling.search.solver import python_solve

#: Moves per deal along the playouts (with undo steps among them).
STEPS = 100


def playout(rules, deal):
    """A seeded random walk from a deal: (position, action) pairs, where action
    is a move to play or None to undo the last one played."""
    rng = random.Random(f"{rules.id}/{deal}")
    position = Position.deal(rules, deal)
    records = []
    for _ in range(STEPS):
        moves = position.legal_moves()
        if records and (not moves or rng.random() < 0.2):
            yield position, None
            position.undo(records.pop())
        elif moves:
            move = rng.choice(moves)
            yield position, move
            records.append(position.play(move))
        else:
            return


def plays_as_the_engine(core, rules, deal) -> None:
    """Along ``playout(rules, deal)`` from the core's position (the deal's): the
    core lists the engine's moves, and plays and takes them back as it does."""
    tables = tables_for(rules)
    for position, move in playout(rules, deal):
        where = f"deal {deal}, after {core.depth} moves"
        assert core.legal_moves() == position.legal_moves(), where
        if move is None:
            core.undo()
            continue
        before = position.copy()
        record = core.play(move)
        assert record == tables.apply(before.piles, move), where
        assert core.piles() == before.piles, where


def small_game(rules, rng):
    """The same game on two to four tableau piles: rules are data, so the solver
    can be checked on boards small enough to list every reachable position.
    (Rittenhouse keeps piles that feed one foundation each and the middle one
    that feeds them all.)"""
    piles = rng.randint(2, 4)
    feeds = rules.founding.feeds
    feeds = tuple(feeds[i] for i in rng.sample(range(len(feeds)), piles)) if feeds else ()
    return replace(rules, tableau=replace(rules.tableau, piles=piles),
                   founding=replace(rules.founding, feeds=feeds))


def small_position(rules, rng) -> Position:
    """A few low cards of two or three suits, every tableau pile holding some."""
    tables = Position(rules, [[] for _ in rules.pile_names]).tables
    piles = [[] for _ in rules.pile_names]
    cards = []
    # Free cells that take cards back from the foundations (Bastion), and single
    # cards going up or down on any suit (Rittenhouse), multiply the reachable
    # positions: two suits keep those boards listable in a second.
    suits = (2 if (rules.reserves.cells and rules.take_back) or rules.founding.forced
             else rng.randint(2, 3))
    # The ranks a foundation takes first (Zerline's start at the King).
    order = [12, 0, 1, 2, 3] if rules.foundations[0].base == "K" else [0, 1, 2, 3, 4]
    for suit in rng.sample(range(4), suits):
        first = 0
        if rules.id == "martha":        # the Aces start home
            piles[tables.first_foundation + suit].append(suit * 13)
            first = 1
        cards += [suit * 13 + rank for rank in order[first:first + rng.randint(1, 4)]]
    rng.shuffle(cards)
    if rules.reserves.count and rng.random() < 0.5:
        for index in tables.reserves:
            if cards:
                piles[index].append(cards.pop())
    if rules.stock:
        # A face-down card or two in the stock, perhaps one on the waste.
        for _ in range(rng.randint(1, 2)):
            if cards:
                piles[tables.stock].append(cards.pop() + FACE_DOWN)
        if cards and rng.random() < 0.5:
            piles[tables.waste].append(cards.pop())
    for number, card in enumerate(cards):
        index = number if number < tables.n_tableau else rng.randrange(tables.n_tableau)
        pile = piles[index]
        if rules.id == "martha" and pile and rng.random() < 0.3:
            pile[-1] += FACE_DOWN       # Martha hides cards under others
        pile.append(card)
    return Position(rules, piles)


def replays_to_a_win(position, moves):
    game = position.copy()
    for move in moves:
        game.play(move)        # an illegal move raises
    return game.is_won()


def assert_mirrors(core, position, budget, where, first_moves=None):
    python = python_solve(position, budget, first_moves)
    compiled = core.solve(position, budget, first_moves)
    assert (compiled.result, compiled.nodes) == (python.result, python.nodes), where
    assert compiled.moves == python.moves, where
    if compiled.result == "won":
        assert replays_to_a_win(position, compiled.moves), where
    return compiled


def small_boards(game, seed, count=8):
    """``count`` boards of ``game`` small enough to search to the end (the
    same ones for the same ``seed``)."""
    rng = random.Random(seed)
    for _ in range(count):
        yield small_position(small_game(GAMES[game], rng), rng)


def assert_slices_are_one_go(core, position, budget, slice_size, beam=0, carry=0, scan=0,
                             shuffled=0):
    """The core's search (the stages ``beam``, ``carry``, ``scan`` and
    ``shuffled`` ask for) answers alike twice, and driven ``slice_size``
    positions at a time it reaches the same verdict in the same count as in
    one go."""
    asked = dict(beam=beam, carry=bool(carry), scan=scan, shuffled=bool(shuffled))
    whole = core.solve(position, budget, **asked)
    assert astuple(core.solve(position, budget, **asked)) == astuple(whole)
    verdict, nodes, steps = run_in_slices(core, position, budget, slice_size, beam, carry, scan,
                                          shuffled)
    assert (verdict, nodes) == (whole.result, whole.nodes), position.piles
    assert steps > 1 if slice_size < nodes else steps == 1


def run_in_slices(core, position, budget, slice_size, beam=0, carry=0, scan=0, shuffled=0):
    """The core's search driven through its resumable exports, ``slice_size``
    positions at a time (``beam``: the third stage's share, as
    solver.beam_share gives it; 0, none; ``carry``: 1 for the second stage
    carrying on from the first; ``scan``: the scan's share, as
    solver.scan_share gives it; 0, none; ``shuffled``: 1 for the shuffled
    scan after it); its verdict and node count."""
    data = layout.position_bytes(position.piles)
    core._instance.write(core._io, data)
    assert core._run("core_solve_start", len(data), budget, -1, 0, beam, carry, scan,
                     shuffled) == budget
    state = core._run("core_solve_step", slice_size)
    steps = 1
    while state in RUNNING:
        state = core._run("core_solve_step", slice_size)
        steps += 1
    head = core._get(8)
    return {1: "won", 2: "lost", 3: "unknown"}[state], int.from_bytes(head[:4], "little"), steps
