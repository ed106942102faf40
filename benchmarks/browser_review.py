"""The review's figures (benchmarks/browser.py's part "review", issue 51).

* Time to the turning point: from Review pressed to the turning point on the
  page (or, where the review can not tell, to its end), on lost games of
  Chessboard, Morphy, Martha, Beleaguered Castle and Palace — each a winnable
  deal played along a winning line for a while, then at random to its end, as
  a player plays on who has not seen the win slip away: until no move is left
  or LONGEST moves (where a player gives up a game that can be shuffled
  forever) — against the same
  review done the naive way, every position searched in order (the page's
  ``castlingNaiveReview``: castling.search.review's ``naive``), in the same run
  and the same worker. Target: the turning point at least 5x sooner (medians).
* The solver's worker's memory (its Python's and its cores') after the review
  of a 300-move game, against the 256 MB a phone gives a page's worker.
"""

from __future__ import annotations

import json
import random

from castling import GAMES, Game, format_move
from castling.search.solver import solve

from browser_solver import worker_memory
from browser_visits import median, profile, time_to_ready

REVIEWED = ("chessboard", "morphy", "martha", "beleaguered-castle", "palace")
#: A lost game is played to at most this many moves: Morphy, Martha, Beleaguered
#: Castle and Palace never run out of moves (cards shuffle between piles), so
#: this is where their player gives up; Chessboard runs out well before.
LONGEST = 150
BUDGET = 50_000             # positions for proving a game's ends in CPython
MEMORY_CAP = 256 * 2**20    # what a phone gives a page's worker (castling.app.advice.MEMORY)
PRESS_REVIEW = "document.querySelector('.controls [data-action=\"review\"]').click()"
DONE = "document.getElementById('review-dialog').dataset.state === 'done'"
TURNED = f"!!document.querySelector('#review-moves [data-turning-point]') || {DONE}"


def lost_games(game_id: str, count: int, seed: int = 1) -> list[tuple[int, list[str]]]:
    """``count`` games of ``game_id`` played as a player who nearly wins plays
    them: a winnable deal's winning line followed for a third to two thirds of
    its length, then random moves to the game's end — no move left, or LONGEST
    moves — kept if the solver proved it lost on the way (a game that wins, or
    that no search proved lost, is dropped): (deal, moves)."""
    rules, rng, found = GAMES[game_id], random.Random(seed), []
    number = 0
    while len(found) < count:
        number += 1
        game = Game(rules, number)
        line = solve(game.position, BUDGET).moves
        if not line:
            continue
        for move in line[:rng.randint(len(line) // 3, 2 * len(line) // 3)]:
            game.play(move)
        lost = False
        while game.legal_moves() and len(game.moves) < LONGEST and not game.is_won():
            game.play(rng.choice(game.legal_moves()))
            lost = lost or solve(game.position, BUDGET).result == "lost"
        if lost:
            found.append((number, [format_move(rules, move) for move in game.moves]))
    return found


def reviewed(page, base: str, game_id: str, number: int, moves: list[str], naive: bool) -> float:
    """Seconds from Review pressed to the turning point (naive: to the review's end)."""
    page.goto(f"{base}help/index.html")
    page.evaluate("([key, save]) => localStorage.setItem(key, JSON.stringify(save))",
                  [f"castling:save:{game_id}", {"format": 1, "game": game_id, "deal": number,
                                                "moves": moves, "token": f"bench-{number}"}])
    time_to_ready(page, f"{base}index.html#/{game_id}/{number}")
    page.wait_for_function("document.documentElement.dataset.solver === 'ready'", timeout=120_000)
    # The worker free: its answer on the position on the table has come.
    page.wait_for_function("!!document.getElementById('verdict').dataset.result", timeout=120_000)
    page.evaluate("naive => { window.castlingNaiveReview = naive; performance.clearMarks() }", naive)
    page.evaluate(PRESS_REVIEW)
    page.wait_for_function(DONE if naive else TURNED, timeout=900_000)
    # The page's own clock: from the review opened to its turning point drawn
    # (or, where it finds none, and for the naive way, to its end).
    return page.evaluate("""naive => {
        const at = (name) => performance.getEntriesByName(`castling:review-${name}`).at(-1)?.startTime;
        const end = naive ? at('done') : (at('turning-point') ?? at('done'));
        return (end - at('opened')) / 1000;
    }""", naive)


def review_figures(playwright, base: str, count: int) -> None:
    print(f"The review: Review pressed to the turning point, against every position searched in "
          f"order (seconds, {count} lost games each, at most {LONGEST} moves):")
    with profile(playwright) as page:
        for game_id in REVIEWED:
            times: dict[str, list[float]] = {"halving": [], "naive": []}
            games = lost_games(game_id, count)
            for number, moves in games:
                for way in ("halving", "naive"):
                    times[way].append(reviewed(page, base, game_id, number, moves, way == "naive"))
            quick, slow = times["halving"], times["naive"]
            print(f"  {game_id:19s} turning point: median {median(quick):6.2f} worst {max(quick):6.2f}"
                  f"   naive: median {median(slow):6.2f} worst {max(slow):6.2f}   -> "
                  f"{median(slow) / median(quick):5.1f}x sooner (target >= 5x; "
                  f"{median([len(m) for _, m in games]):.0f} moves a game)", flush=True)
        # A long game: Fortress takes cards back from its foundations, so random
        # play runs on (the first deal whose random game reaches 300 moves).
        rules, rng = GAMES["fortress"], random.Random(3)
        number = 0
        game = Game(rules, 1)
        while len(game.moves) < 300:
            number += 1
            game = Game(rules, number)
            while len(game.moves) < 300 and game.legal_moves():
                game.play(rng.choice(game.legal_moves()))
        moves = [format_move(rules, move) for move in game.moves]
        seconds = reviewed(page, base, "fortress", number, moves, False)
        page.wait_for_function(DONE, timeout=900_000)
        used = worker_memory(page)
        total = sum(used.values())
        print(f"  a {len(moves)}-move Fortress game reviewed in {seconds:.1f} s: the worker's memory "
              f"{json.dumps({k: round(v / 2**20) for k, v in used.items()})} MB, "
              f"{total / MEMORY_CAP:.2f}x the cap of {MEMORY_CAP // 2**20} MB (target < 1)")
