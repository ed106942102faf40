"""The player's side of the app, without a DOM: the board as the player sees it
(``board``), words for screen readers (``spoken``), deal links (``links``), the
game in hand and what is remembered between visits (``session`` and the modules
it is built from), and the solver's advice (``advice``).

It builds on the rules engine (the rest of ``castling``); the engine never
imports it (tests/engine/test_layers.py).
"""
