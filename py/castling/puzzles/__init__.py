"""Puzzles: "only one move keeps this deal winnable — find it", cut from real
deals and proved by the solver (docs/rules.md §6, docs/decisions/puzzles.md).

* :mod:`.proofs`: what proves a puzzle (an only move, by whole searches
  budgeted in positions), and proving a shipped one again;
* :mod:`.table`: the per-game tables (``data/puzzles/GAME.json``), a puzzle as
  the page and the command line see it, and choosing the next one;
* :mod:`.glicko`: Glicko-2 ratings for players and puzzles, as lichess rates
  its puzzles.

Finding them by plausible play and grading them is the app model's
(castling.app.puzzle_cut): it plays as a player plays, one-tap's choices
included, and the engine never imports the app model.
"""
