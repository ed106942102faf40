"""Puzzles: "only one move keeps this deal winnable — find it", cut from real
deals and proved by the solver (docs/rules.md §6, docs/decisions/puzzles.md).

* :mod:`.cut`: finding them by plausible play, proving them, grading them,
  proving them again;
* :mod:`.table`: the per-game tables (``data/puzzles/GAME.json``), a puzzle as
  the page and the command line see it, and choosing the next one;
* :mod:`.glicko`: Glicko-2 ratings for players and puzzles, as lichess rates
  its puzzles.
"""
